/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-ws.h: a real server on 127.0.0.1 and libsoup WebSocket clients in the test
 *
 * What test-server-net.c and test-server-proxy.c share. Everything runs on the thread's
 * default main context: a helper that waits iterates it, so the server (one shard) is served
 * meanwhile. Each helper asserts with Check.
 */
#pragma once

#include <check.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "trio-server.h"

G_BEGIN_DECLS

/* A WebSocket client: what it received, and whether it is closed. */
typedef struct
{
  SoupWebsocketConnection *ws;
  GQueue messages;    /* JsonObject */
  gboolean closed;
  gushort close_code;
} Ws;

typedef struct
{
  char *dir;
  TrioServer *server;
  SoupSession *session;
} Net;

char       *net_temp_dir      (void);
void        net_drain         (void);
/* The configuration of a test's server: dir, 127.0.0.1 on a free port, one search thread of
 * 2000 nodes a move, one shard. */
void        net_config_init   (TrioServerConfig *config,
                               const char       *dir,
                               guint             max_per_address);
TrioServer *net_start_server  (const TrioServerConfig *config);
void        net_stop_server   (TrioServer       *server);
/* A temporary state folder, its server (as net_config_init()) and a session. */
void        net_init          (Net              *net,
                               guint             max_per_address);
/* The same with config's other fields (its state_dir made here). */
void        net_init_config   (Net              *net,
                               TrioServerConfig *config);
void        net_clear         (Net              *net);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Net, net_clear)

/* A connection to path of the server with an X-Forwarded-For header (NULL: none), or NULL
 * with error when the handshake fails. */
SoupWebsocketConnection *net_connect_path (Net        *net,
                                           const char *path,
                                           const char *forwarded,
                                           GError    **error);

/* A connection to room's WebSocket, which must open. */
Ws         *ws_open_room      (Net              *net,
                               const char       *room);
/* The same with an X-Forwarded-For header (NULL: none). */
Ws         *ws_open_forwarded (Net              *net,
                               const char       *room,
                               const char       *forwarded);
void        ws_free           (Ws               *ws);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Ws, ws_free)

void        ws_send           (Ws               *ws,
                               const char       *format,
                               ...) G_GNUC_PRINTF (2, 3);
/* The next message, which must be of type (waits for it); a new reference. */
JsonObject *ws_next           (Ws               *ws,
                               const char       *type);
void        ws_skip           (Ws               *ws,
                               const char       *type);
/* The next message is an error of that code. */
void        ws_error          (Ws               *ws,
                               const char       *code);
void        ws_wait_closed    (Ws               *ws);

G_END_DECLS
