/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-online-event.h: what a room's messages mean to the window, and the messages it
 * sends (docs/server.md), without a network nor a display
 *
 * trio_online_event_read() reads a server's message into an event: its kind and the
 * members the session and the window act on, checked (a server is never trusted to send
 * what the protocol says: a malformed message is TRIO_ONLINE_EVENT_NONE, ignored). The
 * trio_online_message_*() functions write the client's messages. tests/test-online.c
 * checks both.
 */
#pragma once

#include <json-glib/json-glib.h>

#include "bg-rules.h"
#include "session/trio-session.h"

G_BEGIN_DECLS

typedef enum
{
  TRIO_ONLINE_EVENT_NONE,      /* nothing to do: an unknown or malformed message */
  TRIO_ONLINE_EVENT_WELCOME,   /* the seat taken: seat, token, link, room */
  TRIO_ONLINE_EVENT_STATE,     /* the whole state: rebuild the game from it (the message) */
  TRIO_ONLINE_EVENT_MOVE,      /* seat played move, the game now at ply */
  TRIO_ONLINE_EVENT_SEAT,      /* seat changed: seat_info */
  TRIO_ONLINE_EVENT_OFFER,     /* an offer put, answered in part, or withdrawn: offer */
  TRIO_ONLINE_EVENT_END,       /* the game is over: status */
  TRIO_ONLINE_EVENT_RECORD,    /* the finished game in the save format: save */
  TRIO_ONLINE_EVENT_ERROR,     /* a message refused: code, text */
} TrioOnlineEventKind;

typedef enum
{
  TRIO_ONLINE_SEAT_OPEN,       /* waiting for a friend invited */
  TRIO_ONLINE_SEAT_HUMAN,
  TRIO_ONLINE_SEAT_COMPUTER,   /* played by the server */
} TrioOnlineSeatKind;

/* A seat of the room; name NULL for an open seat and the computer's. */
typedef struct
{
  TrioOnlineSeatKind kind;
  const char *name;
  int level;
  gboolean connected;
} TrioOnlineSeat;

typedef enum
{
  TRIO_ONLINE_OFFER_NONE,
  TRIO_ONLINE_OFFER_DRAW,
  TRIO_ONLINE_OFFER_UNDO,
} TrioOnlineOfferKind;

/* An offer: who asked (-1 the rules' repetition), and the seats whose answer is awaited
 * (bit N for seat N). */
typedef struct
{
  TrioOnlineOfferKind kind;
  int from;
  guint waiting;
} TrioOnlineOffer;

#define TRIO_ONLINE_MAX_NOTATION 64

/* The strings point into the message read: valid while it is. */
typedef struct
{
  TrioOnlineEventKind kind;
  int seat;
  gint64 ply;
  char move[TRIO_ONLINE_MAX_NOTATION + 1];   /* the notation alone (its first word) */
  const char *token;
  const char *link;
  const char *room;
  TrioOnlineSeat seat_info;
  TrioOnlineOffer offer;
  BgStatus status;
  const char *save;
  const char *code;
  const char *text;
} TrioOnlineEvent;

/* Reads message (NULL: not JSON) into event; FALSE (event NONE) when there is nothing to
 * do with it. */
gboolean    trio_online_event_read       (JsonObject      *message,
                                          TrioOnlineEvent *event);
/* A state's seats ("seats": each as in a "seat" message), at most max: their number, or
 * -1 when the array is malformed. */
int         trio_online_read_seats       (JsonObject      *state,
                                          TrioOnlineSeat  *seats,
                                          int              max);
/* A state's pending offer ("offer": null or {"kind", "from", "waiting"}). */
TrioOnlineOffer trio_online_read_offer   (JsonObject      *state);
/* A state's or an end's status (BG_RESULT_ONGOING for null or a malformed one). */
BgStatus    trio_online_read_status      (JsonObject      *status);

/* What the session does at an end the rules alone do not reach: the seat that resigned
 * (status: "resigned"), or -1. */
int         trio_online_status_resigned  (const BgStatus  *status);

/* The client's messages (docs/server.md). seats: each a human (an open seat for a friend,
 * or the creator's), or a computer at its level (1 to 6, the server's levels). */
JsonObject *trio_online_message_create   (const char      *game_id,
                                          GHashTable      *options,
                                          const TrioSeat  *seats,
                                          guint            n_seats,
                                          int              seat,
                                          const char      *name);
/* seat -1: the first open one. */
JsonObject *trio_online_message_join     (const char      *key,
                                          const char      *name,
                                          int              seat);
JsonObject *trio_online_message_resume   (const char      *token);
JsonObject *trio_online_message_watch    (const char      *key);
JsonObject *trio_online_message_move     (const char      *notation,
                                          gint64           ply);
JsonObject *trio_online_message_answer   (TrioOnlineOfferKind kind,
                                          gboolean         accept);
JsonObject *trio_online_message_undo     (gint64           ply);
JsonObject *trio_online_message_resign   (void);
JsonObject *trio_online_message_computer (int              seat,
                                          int              level);
JsonObject *trio_online_message_export   (void);

/* A name fit for the protocol (1 to 40 characters, no control characters nor line
 * separators): name cleaned and cut, or fallback when nothing is left. */
char       *trio_online_clean_name       (const char      *name,
                                          const char      *fallback);

G_END_DECLS
