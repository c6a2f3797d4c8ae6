/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-store.h: the server's rooms on disk (SQLite)
 *
 * One database, DIR/trio-server.db, in WAL mode: a transaction committed is there after
 * the process is killed at any moment; with synchronous=NORMAL (the default) a power loss
 * may lose the last ones, with --sync full (synchronous=FULL) it does not. A room is a row
 * of rooms (its game, options, the seed of the computer's choices, the hash of its key, when
 * it was created and finished, its result), a row of seats for each seat and one of moves
 * for each move played; a game is rebuilt by replaying its moves. The schema's version is
 * PRAGMA user_version. Every statement is prepared once; a write is one transaction. The
 * server's shards share the store from their threads: a lock lets one call in at a time.
 * The WAL is copied into the database (checkpointed, with the disk flushes) by a thread and a
 * connection of the store's own, not in the commit of a move.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define TRIO_STORE_FILE "trio-server.db"
#define TRIO_STORE_SCHEMA_VERSION 1

typedef enum
{
  TRIO_STORE_SYNC_NORMAL,
  TRIO_STORE_SYNC_FULL,
} TrioStoreSync;

/* A seat on disk. kind is a TrioSeatKind (trio-server-protocol.h). */
typedef struct
{
  int kind;
  int level;
  char *name;          /* or NULL */
  char *token_hash;    /* or NULL: never taken */
} TrioStoredSeat;

/* A room on disk. options: the option words "name=value" separated by spaces. */
typedef struct
{
  char *id;
  char *game;
  char *options;
  guint32 seed;
  char *key_hash;
  gint64 created;      /* seconds since 1970 */
  gint64 finished;     /* 0: not finished */
  char *result;        /* how it ended when not by the rules alone, or NULL */
  int draw_declined;   /* the ply whose repetition draw offer was declined, or -1 */
  TrioStoredSeat *seats;
  guint n_seats;
  GPtrArray *moves;    /* the notation of every move, in order */
} TrioStoredRoom;

void trio_stored_room_free (TrioStoredRoom *room);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TrioStoredRoom, trio_stored_room_free)

#define TRIO_TYPE_STORE (trio_store_get_type ())
G_DECLARE_FINAL_TYPE (TrioStore, trio_store, TRIO, STORE, GObject)

/* Opens (and creates) DIR/trio-server.db; DIR is made when missing (mode 0700). A database
 * written by a newer server (a higher user_version) is refused. */
TrioStore  *trio_store_open          (const char           *dir,
                                      TrioStoreSync         sync,
                                      GError              **error);
const char *trio_store_get_path      (TrioStore            *self);

/* A new room with its seats (and no moves), or FALSE when its id is in use or the write
 * failed. */
gboolean    trio_store_add_room      (TrioStore            *self,
                                      const TrioStoredRoom *room,
                                      GError              **error);
gboolean    trio_store_set_seat      (TrioStore            *self,
                                      const char           *room,
                                      guint                 seat,
                                      const TrioStoredSeat *value,
                                      GError              **error);
/* Move number ply (from 1) of a room, played at time (seconds since 1970). */
gboolean    trio_store_add_move      (TrioStore            *self,
                                      const char           *room,
                                      guint                 ply,
                                      const char           *notation,
                                      gint64                time,
                                      GError              **error);
/* Keeps the first n_moves moves of a room (an undo). */
gboolean    trio_store_truncate      (TrioStore            *self,
                                      const char           *room,
                                      guint                 n_moves,
                                      GError              **error);
gboolean    trio_store_set_draw_declined (TrioStore        *self,
                                      const char           *room,
                                      int                   ply,
                                      GError              **error);
/* The game is over (at time, seconds since 1970), with result (or NULL). */
gboolean    trio_store_finish        (TrioStore            *self,
                                      const char           *room,
                                      gint64                time,
                                      const char           *result,
                                      GError              **error);

/* Every room, with its seats and moves (TrioStoredRoom). */
GPtrArray  *trio_store_load          (TrioStore            *self,
                                      GError              **error);
/* Deletes the rooms finished before time (seconds since 1970), and the games in progress
 * made before idle_before with no move since (left by everyone), with their seats and moves;
 * adds their ids to expired (when not NULL). Returns how many, or -1 with error. */
int         trio_store_expire        (TrioStore            *self,
                                      gint64                before,
                                      gint64                idle_before,
                                      GPtrArray            *expired,
                                      GError              **error);

G_END_DECLS
