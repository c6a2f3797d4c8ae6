/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-room.h: a room: one game refereed by the library, its seats and connections
 *
 * A room holds the game (BgGame, the only truth), its seats (a human, the computer at a
 * level, or open), the hash of its key and of each seat's token, the offer waiting for
 * answers (the rules' repetition draw, an undo) and the connections attached to it, each on
 * a seat or watching. It answers a client's messages (trio_room_receive()) by the rules of
 * docs/server.md and sends each connection its own messages through the host's send
 * function: a move gives one message per connection, with the position as that seat may see
 * it. Every change is written to the store before anyone hears of it.
 *
 * The room knows nothing of the network: a connection is an opaque pointer, so that the
 * tests play rooms without one (tests/test-server-room.c). It lives on one context, its
 * shard's (trio-server-shard.h), and only that context's thread touches it; the computer's
 * moves are searched by the host's worker and played there.
 */
#pragma once

#include <glib-object.h>

#include "bg-game.h"
#include "trio-server-protocol.h"
#include "trio-server-store.h"
#include "trio-server-worker.h"

G_BEGIN_DECLS

/* What the rooms of a server share; it must outlive them. */
typedef struct
{
  /* A message for one connection, and a connection to close (an older one on a seat that
   * is resumed elsewhere). close may be NULL. */
  void (*send)  (gpointer    client,
                 const char *text,
                 gpointer    user_data);
  void (*close) (gpointer    client,
                 gushort     code,
                 const char *reason,
                 gpointer    user_data);
  gpointer user_data;
  TrioStore *store;       /* NULL: nothing is kept */
  TrioWorker *worker;     /* NULL: the computer's seats never move */
  /* The invite links' start: "trio://HOST:PORT" or "https://HOST/PREFIX". */
  const char *link_base;
  /* Tests: each computer move searches this many nodes with no time limit (0: the level's
   * own limits, which include time). */
  guint64 computer_nodes;
} TrioRoomHost;

/* The close code sent to a connection whose seat was resumed by another one. */
#define TRIO_ROOM_CLOSE_REPLACED 4000

#define TRIO_TYPE_ROOM (trio_room_get_type ())
G_DECLARE_FINAL_TYPE (TrioRoom, trio_room, TRIO, ROOM, GObject)

/* Makes the room of a create message (already checked by trio_message_parse()) and seats
 * its creator on client: welcome then state are sent to it. bad-game for a game, options or
 * seats the rules refuse; server-error when the store fails. */
TrioRoom     *trio_room_create      (const TrioRoomHost   *host,
                                     const char           *id,
                                     gpointer              client,
                                     const TrioMessage    *create,
                                     GError              **error);
/* A room read back from the store: its game replayed from its moves with the same options
 * and seed. Fails when a move no longer replays. No connection is attached. */
TrioRoom     *trio_room_restore     (const TrioRoomHost   *host,
                                     const TrioStoredRoom *stored,
                                     GError              **error);

/* Any message but create, from client (attached or not). Returns FALSE with error (a
 * TRIO_PROTOCOL_ERROR) when it is refused: nothing of the room changed then. */
gboolean      trio_room_receive     (TrioRoom             *self,
                                     gpointer              client,
                                     const TrioMessage    *message,
                                     GError              **error);
/* The client's connection is gone; its seat, if any, shows as disconnected. Does nothing
 * for a client that is not attached. */
void          trio_room_detach      (TrioRoom             *self,
                                     gpointer              client);
/* Closes every connection (host close) and detaches it; stops the computer's search. */
void          trio_room_close_all   (TrioRoom             *self,
                                     gushort               code,
                                     const char           *reason);

const char   *trio_room_get_id      (TrioRoom             *self);
const BgGame *trio_room_get_game    (TrioRoom             *self);
guint         trio_room_get_n_seats (TrioRoom             *self);
/* The seat of an attached client: -1 a spectator; -2 not attached. */
int           trio_room_get_client_seat (TrioRoom         *self,
                                     gpointer              client);
guint         trio_room_get_n_clients (TrioRoom           *self);
/* Whether the game is over (by the rules, a draw agreed or a resignation), and when it
 * ended (seconds since 1970; 0 while it goes on). */
gboolean      trio_room_is_over     (TrioRoom             *self);
gint64        trio_room_get_finished (TrioRoom            *self);
/* Whether the computer is searching a move for this room. */
gboolean      trio_room_is_thinking (TrioRoom             *self);

G_END_DECLS
