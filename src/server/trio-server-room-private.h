/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-room-private.h: what the room's files share: the seats and connections
 * (trio-server-room.c), the play (trio-server-room-play.c), what each connection is told
 * (trio-server-room-view.c) */
#pragma once

#include "trio-server-room.h"

G_BEGIN_DECLS

typedef struct
{
  TrioSeatKind kind;
  int level;          /* a computer's */
  char *name;         /* NULL: none yet */
  char *token_hash;   /* NULL: never taken by a human; kept when given to the computer */
  gpointer client;    /* the connection on a human seat, or NULL */
} RoomSeat;

typedef struct
{
  gpointer client;
  int seat;           /* -1: a spectator */
} RoomClient;

struct _TrioRoom
{
  GObject parent_instance;

  const TrioRoomHost *host;
  char *id;
  BgGame *game;
  char *key_hash;
  gint64 created;
  gint64 finished;             /* seconds since 1970, 0 while the game goes on */
  RoomSeat seats[TRIO_PROTOCOL_MAX_SEATS];
  guint n_seats;
  GArray *clients;             /* RoomClient */

  TrioOfferInfo offer;         /* kind TRIO_OFFER_NONE: none */
  guint undo_keep;             /* an undo offer: the moves kept */
  TrioWorkerJob *job;          /* the computer's search under way, or NULL */
};

/* trio-server-room.c */
gboolean  room_fail            (GError       **error,
                                int            code,
                                const char    *message);
gint64    room_now             (void);
void      room_send            (TrioRoom      *self,
                                gpointer       client,
                                const char    *text);
/* One text to every connection but except (may be NULL). */
void      room_send_all        (TrioRoom      *self,
                                const char    *text,
                                gpointer       except);
gboolean  room_store_failed    (TrioRoom      *self,
                                gboolean       ok,
                                GError        *store_error,
                                GError       **error);

/* trio-server-room-play.c */
gboolean  room_move            (TrioRoom          *self,
                                int                seat,
                                const TrioMessage *message,
                                GError           **error);
gboolean  room_answer          (TrioRoom          *self,
                                int                seat,
                                const TrioMessage *message,
                                GError           **error);
gboolean  room_undo            (TrioRoom          *self,
                                int                seat,
                                const TrioMessage *message,
                                GError           **error);
gboolean  room_resign          (TrioRoom          *self,
                                int                seat,
                                GError           **error);
/* A seat given to the computer: its answers to a pending offer, then its move. */
void      room_seat_to_computer (TrioRoom         *self,
                                guint              seat);
/* After the room is made or restored: a standing draw offer is put, the computer moves. */
void      room_start           (TrioRoom          *self);
void      room_schedule_computer (TrioRoom        *self);
void      room_cancel_computer (TrioRoom          *self);

/* trio-server-room-view.c */
void      room_send_state      (TrioRoom      *self,
                                gpointer       client,
                                int            seat);
void      room_send_state_all  (TrioRoom      *self);
void      room_seat_info       (TrioRoom      *self,
                                guint          seat,
                                TrioSeatInfo  *info);
void      room_send_seat_all   (TrioRoom      *self,
                                guint          seat,
                                gpointer       except);
/* Move number index + 1 (by seat) to every connection, each with its own view. */
void      room_send_move_all   (TrioRoom      *self,
                                guint          index,
                                int            seat);
/* The end of the game, over FALSE while it goes on. */
void      room_get_end         (TrioRoom      *self,
                                TrioEndInfo   *end);
/* The position as a seat may see it (-1: a spectator), and a played move as it may read it
 * (bg-view.h). */
char     *room_view            (TrioRoom      *self,
                                int            seat);
char     *room_public_move     (TrioRoom      *self,
                                guint          index,
                                int            seat);

G_END_DECLS
