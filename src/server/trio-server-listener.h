/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-listener.h: the server's listening sockets, and each connection until its
 * WebSocket handshake is done
 *
 * The server accepts its connections itself and hands each to libsoup
 * (soup_server_accept_iostream()), TLS over it when the server has a certificate, so that it
 * sees every connection from its accept, before a byte is read. Until its handshake is done
 * (trio_listener_upgraded()) a connection is pending, and bounded twice:
 *
 * - in time: one that has not upgraded within the deadline is shut down (a client that sends
 *   nothing, half a request, or TLS to a server without it, holds a descriptor that long);
 * - in number: a peer address holds at most max_per_peer pending connections at once; the
 *   next one is closed at its accept. The peer is the TCP one: before the request is read
 *   nobody knows the client a proxy speaks for, so a trusted proxy's connections, which carry
 *   many clients, are bounded in time only (a proxy reads the request before it connects).
 *
 * A connection shut down (g_socket_shutdown()) is freed by libsoup, which reads its end.
 * libsoup 3.2's own listener stops accepting for good when accept() fails (the process out of
 * descriptors); this one pauses a moment and tries again. Everything runs on the context the
 * listener was made in.
 */
#pragma once

#include <libsoup/soup.h>

#include "trio-server-proxy.h"

G_BEGIN_DECLS

typedef struct
{
  SoupServer *soup;              /* what each connection is handed to */
  GTlsCertificate *certificate;  /* NULL: no TLS */
  const TrioProxies *proxies;    /* the trusted ones; they outlive the listener */
  guint timeout_ms;              /* the time a connection has to finish its handshake */
  guint max_per_peer;            /* pending connections from one peer address at once */
} TrioListenerSetup;

#define TRIO_TYPE_LISTENER (trio_listener_get_type ())
G_DECLARE_FINAL_TYPE (TrioListener, trio_listener, TRIO, LISTENER, GObject)

TrioListener *trio_listener_new           (const TrioListenerSetup *setup);
/* Listens on address, an address or a host name (NULL: every interface, IPv4 and IPv6),
 * and port (0: a free one, the same on every address). */
gboolean      trio_listener_listen        (TrioListener            *self,
                                           const char              *address,
                                           guint                    port,
                                           GError                 **error);
/* The port listened on (0 before). */
guint         trio_listener_get_port      (TrioListener            *self);
/* The handshake of the connection libsoup knows by remote (the address object it was given:
 * soup_server_message_get_remote_address()) is done: its deadline and count end. FALSE when
 * that connection is not pending (its deadline passed: it is being shut down). *plain: its
 * socket when no TLS is over it, else NULL (a new reference). */
gboolean      trio_listener_upgraded      (TrioListener            *self,
                                           GSocketAddress          *remote,
                                           GSocket                **plain);
/* The connections whose handshake is in progress. */
guint         trio_listener_get_n_pending (TrioListener            *self);
/* Stops listening and shuts down every pending connection. */
void          trio_listener_close         (TrioListener            *self);

G_END_DECLS
