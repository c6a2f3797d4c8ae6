/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-link.h: invite links, room ids and the WebSocket URL of a room (docs/server.md)
 *
 * An invite link is trio://HOST:PORT/ROOM#KEY (a server reached directly, WebSocket without
 * TLS) or https://HOST[:PORT][/PREFIX]/ROOM#KEY (behind a web server with TLS). The room's
 * WebSocket is ws://HOST:PORT/rooms/ROOM, or wss://HOST[:PORT][/PREFIX]/rooms/ROOM.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TRIO_CLIENT_ROOM_ID_LENGTH 16
#define TRIO_CLIENT_KEY_LENGTH 22

#define TRIO_CLIENT_LINK_ERROR (trio_client_link_error_quark ())

typedef enum
{
  TRIO_CLIENT_LINK_ERROR_INVALID,
} TrioClientLinkError;

GQuark    trio_client_link_error_quark    (void);

/* Whether text is a room id (16 characters of [a-z2-7]), a key or a token (22 characters of
 * [A-Za-z0-9_-]). */
gboolean  trio_client_is_room_id          (const char *text);
gboolean  trio_client_is_key              (const char *text);

/* A new room id: 80 bits read from /dev/urandom (GLib's g_random, which GLib seeds from
 * /dev/urandom, when that cannot be read), written in base32. */
char     *trio_client_room_id_new         (void);

/* Reads an invite link into the room's WebSocket URL, its room id and its key (each may be
 * NULL when not wanted). Fails with TRIO_CLIENT_LINK_ERROR_INVALID and a sentence that
 * says what is wrong. */
gboolean  trio_client_link_parse          (const char  *link,
                                           char       **ws_url,
                                           char       **room,
                                           char       **key,
                                           GError     **error);

/* The WebSocket URL of a room on a server given as ws://HOST:PORT[/PREFIX] or
 * wss://HOST[:PORT][/PREFIX] (a trailing slash is allowed), or NULL with error set. */
char     *trio_client_room_url            (const char  *server,
                                           const char  *room,
                                           GError     **error);

G_END_DECLS
