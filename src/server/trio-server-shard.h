/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-shard.h: a share of the server's rooms, with their connections, on one context
 *
 * The server spreads its rooms over shards by the hash of the room's id: a room and every
 * connection to it live on one shard, and only its thread touches them. A shard runs its
 * own GMainContext on a thread of its own, so that a main loop never scans more than its
 * share of the sockets (GLib looks at every source of a context at each iteration), and the
 * shards use the processors at once. A server of one shard keeps it unthreaded, on the
 * context it was made in (the application's server).
 *
 * The server accepts a connection and does the WebSocket handshake on its own context,
 * then hands the connection's stream to the room's shard (trio_shard_adopt()), which makes
 * the SoupWebsocketConnection there. The shards share the store (one transaction at a
 * time) and the worker of the computer's moves.
 */
#pragma once

#include <libsoup/soup.h>

#include "trio-server-room.h"
#include "trio-server-store.h"
#include "trio-server-worker.h"

G_BEGIN_DECLS

typedef struct _TrioShard TrioShard;

/* Called on the shard's thread when a connection counted against its address is gone. */
typedef void (*TrioShardReleased) (const char *address,
                                   gpointer    user_data);

typedef struct
{
  TrioStore *store;
  TrioWorker *worker;
  guint64 computer_nodes;
  const char *link_base;        /* copied */
  TrioShardReleased released;
  gpointer user_data;
} TrioShardSetup;

/* threaded: a thread and a context of its own; otherwise the caller's thread-default
 * context, and every call below runs at once. */
TrioShard *trio_shard_new             (const TrioShardSetup *setup,
                                       gboolean              threaded);
/* Stops the thread, frees the rooms and connections. After trio_shard_shutdown(). */
void       trio_shard_free            (TrioShard            *shard);

/* Restores the stored rooms (TrioStoredRoom) on the shard's thread and returns once done,
 * with how many. */
guint      trio_shard_restore         (TrioShard            *shard,
                                       GPtrArray            *stored);
/* A connection to room_id (/rooms/ROOM) whose handshake is done: stream (capped,
 * trio-server-stream.h) is the shard's from now. refuse: it is told it is one too many and
 * closed; otherwise it is counted against address, and released when it closes. */
void       trio_shard_adopt           (TrioShard            *shard,
                                       GIOStream            *stream,
                                       GUri                 *uri,
                                       const char           *room_id,
                                       const char           *origin,
                                       const char           *address,
                                       gboolean              refuse);
void       trio_shard_set_link_base   (TrioShard            *shard,
                                       const char           *link_base);
/* The room's game expired: it is forgotten and its connections closed. */
void       trio_shard_expire          (TrioShard            *shard,
                                       const char           *room_id);
/* Closes every connection (1001), refuses new ones, stops using the worker; returns once
 * done. */
void       trio_shard_shutdown        (TrioShard            *shard);

/* From any thread; the room is the shard's (see trio_server_lookup_room()). */
TrioRoom  *trio_shard_lookup_room     (TrioShard            *shard,
                                       const char           *id);
guint      trio_shard_get_n_rooms     (TrioShard            *shard);
guint      trio_shard_get_n_connections (TrioShard          *shard);

/* The shard of a room, of n_shards. */
guint      trio_shard_index           (const char           *room_id,
                                       guint                 n_shards);

G_END_DECLS
