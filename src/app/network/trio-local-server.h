/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-local-server.h: the server this Trio runs for the local network
 *
 * The same TrioServer as trio-server (docs/server.md), in the application's process: its
 * rooms in $XDG_DATA_HOME/trio/server, listening on every address so that friends on the
 * local network reach it, on the port it had last time when it is free (a friend's invite
 * link then still leads to it after Trio starts again). Its invite links name this
 * machine's address on the local network (its name when it has none). One per process,
 * started when the first game is hosted on it, stopped when the application quits.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define TRIO_TYPE_LOCAL_SERVER (trio_local_server_get_type ())
G_DECLARE_FINAL_TYPE (TrioLocalServer, trio_local_server, TRIO, LOCAL_SERVER, GObject)

/* The process's server, started at the first call (NULL with error when it cannot listen
 * nor open its folder; the next call tries again). */
TrioLocalServer *trio_local_server_get        (GError         **error);
/* Closes the connections and stops listening, if it was started (the application's
 * shutdown). */
void             trio_local_server_stop       (void);

guint            trio_local_server_get_port   (TrioLocalServer *self);
/* What the invite links begin with: trio://ADDRESS:PORT. */
const char      *trio_local_server_get_link_base (TrioLocalServer *self);
/* The WebSocket URL of one of its rooms, as this Trio reaches it (the loopback address). */
char            *trio_local_server_dup_room_url (TrioLocalServer *self,
                                                 const char      *room);
/* Whether url (a room's WebSocket URL) is one of this server's. */
gboolean         trio_local_server_owns_url   (TrioLocalServer *self,
                                               const char      *url);

/* This machine's address on the local network: the one its route to the internet leaves
 * from (no packet is sent), else its host name. */
char            *trio_local_server_dup_lan_host (void);

G_END_DECLS
