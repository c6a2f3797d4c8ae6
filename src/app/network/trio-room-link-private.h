/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-room-link-private.h: a TrioRoomLink's fields and what its two files share:
 * trio-room-link.c (the object, its connection, what the player does) and
 * trio-room-link-events.c (what the room says) */
#pragma once

#include "trio-client-connection.h"
#include "trio-client-game.h"
#include "trio-room-link.h"

G_BEGIN_DECLS

/* The seats of a room at most. */
#define TRIO_ROOM_LINK_MAX_SEATS TRIO_MAX_SEATS

struct _TrioRoomLink
{
  GObject parent_instance;

  TrioSession *session;
  TrioClientConnection *connection;
  GCancellable *cancellable;
  TrioClientGame *game;       /* the game as the room's messages rebuild it */

  /* How to open the connection: the room's URL and the first message; once seated, the
   * room's record (its token resumes the seat). */
  char *url;
  JsonObject *first;          /* create or join, until the room has seated this Trio */
  TrioOnlineRecord *record;   /* NULL until then */
  gboolean hosted;
  gboolean seated;            /* on this connection */
  gboolean left;
  gboolean failed;
  guint retry_source;
  guint retry_seconds;

  TrioOnlineSeat seats[TRIO_ROOM_LINK_MAX_SEATS];
  char *names[TRIO_ROOM_LINK_MAX_SEATS];
  guint n_seats;
  TrioOnlineOffer offer;
  gboolean exported;          /* the whole game asked for, once over */

  GQueue events;              /* messages (JsonObject) waiting for the session's pace */
  guint drain_source;
};

typedef enum
{
  TRIO_ROOM_LINK_WELCOMED,
  TRIO_ROOM_LINK_SEATS_CHANGED,
  TRIO_ROOM_LINK_OFFER_CHANGED,
  TRIO_ROOM_LINK_CONNECTION_CHANGED,
  TRIO_ROOM_LINK_FAILED,
  TRIO_ROOM_LINK_REFUSED,
  TRIO_ROOM_LINK_N_SIGNALS
} TrioRoomLinkSignal;

/* trio-room-link.c: emits a signal (text for "failed" and "refused", else NULL); keeps the
 * record in the rooms file; sends a message (taken) once seated; gives up with a sentence
 * for the player; opens the connection again (the state read again); forgets the seats. */
void trio_room_link_emit          (TrioRoomLink      *self,
                                   TrioRoomLinkSignal signal,
                                   const char        *text);
void trio_room_link_save_record   (TrioRoomLink      *self);
void trio_room_link_send          (TrioRoomLink      *self,
                                   JsonObject        *message);
void trio_room_link_fail          (TrioRoomLink      *self,
                                   const char        *text);
void trio_room_link_connect       (TrioRoomLink      *self);
void trio_room_link_clear_seats   (TrioRoomLink      *self);

/* trio-room-link-events.c: the connection's messages, each handled in turn from an idle
 * callback once the session has shown the move before (schedule_drain: when the session
 * stops thinking, or a message comes). */
void trio_room_link_on_message    (TrioRoomLink      *self,
                                   const char        *text,
                                   JsonObject        *object);
void trio_room_link_schedule_drain (TrioRoomLink     *self);

G_END_DECLS
