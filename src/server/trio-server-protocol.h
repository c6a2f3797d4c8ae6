/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-protocol.h: the messages of docs/server.md, read and written
 *
 * A client's message is read into a TrioMessage after every check the protocol's tables
 * make (types, members, ranges, the rules of names, keys and tokens); a refusal is an error
 * of the TRIO_PROTOCOL_ERROR domain, whose codes are the doc's error codes. The server's
 * messages are built here as JSON text. Nothing here touches the network or a game in
 * progress, so that all of it is tested alone (tests/test-server-protocol.c).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The most seats a room has (Triomino's six players), and a name's length in characters. */
#define TRIO_PROTOCOL_MAX_SEATS 6
#define TRIO_PROTOCOL_MAX_NAME 40
/* A move's notation, in bytes: every game's notation is far shorter. */
#define TRIO_PROTOCOL_MAX_MOVE 64
/* The most options a create message gives, and an option's name or value in bytes. */
#define TRIO_PROTOCOL_MAX_OPTIONS 16
#define TRIO_PROTOCOL_MAX_OPTION_TEXT 32
/* The largest ply a message may name: the save format's bound on a game's moves. */
#define TRIO_PROTOCOL_MAX_PLY 100000
/* A room's id (16 of [a-z2-7]), a key's or a token's length (22 of [A-Za-z0-9_-]). */
#define TRIO_ROOM_ID_LENGTH 16
#define TRIO_SECRET_LENGTH 22
/* A text frame's largest payload; a larger one closes the connection (code 1009). */
#define TRIO_PROTOCOL_MAX_FRAME (64 * 1024)

#define TRIO_PROTOCOL_ERROR (trio_protocol_error_quark ())

/* The error codes of docs/server.md, in the order of its table. */
typedef enum
{
  TRIO_PROTOCOL_ERROR_BAD_JSON,
  TRIO_PROTOCOL_ERROR_BAD_MESSAGE,
  TRIO_PROTOCOL_ERROR_NO_ROOM,
  TRIO_PROTOCOL_ERROR_ROOM_EXISTS,
  TRIO_PROTOCOL_ERROR_BAD_GAME,
  TRIO_PROTOCOL_ERROR_BAD_KEY,
  TRIO_PROTOCOL_ERROR_BAD_TOKEN,
  TRIO_PROTOCOL_ERROR_SEAT_TAKEN,
  TRIO_PROTOCOL_ERROR_NOT_SEATED,
  TRIO_PROTOCOL_ERROR_NOT_YOUR_TURN,
  TRIO_PROTOCOL_ERROR_STALE,
  TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE,
  TRIO_PROTOCOL_ERROR_NO_OFFER,
  TRIO_PROTOCOL_ERROR_OFFER_PENDING,
  TRIO_PROTOCOL_ERROR_GAME_OVER,
  TRIO_PROTOCOL_ERROR_RATE_LIMIT,
  TRIO_PROTOCOL_ERROR_TOO_MANY_CONNECTIONS,
  TRIO_PROTOCOL_ERROR_SERVER_ERROR,
  TRIO_PROTOCOL_N_ERRORS
} TrioProtocolError;

GQuark      trio_protocol_error_quark (void);
/* The code as the protocol writes it ("bad-json"); NULL for a value out of range. */
const char *trio_protocol_error_code  (int code);

typedef enum
{
  TRIO_MESSAGE_CREATE,
  TRIO_MESSAGE_JOIN,
  TRIO_MESSAGE_RESUME,
  TRIO_MESSAGE_WATCH,
  TRIO_MESSAGE_MOVE,
  TRIO_MESSAGE_ANSWER,
  TRIO_MESSAGE_UNDO,
  TRIO_MESSAGE_RESIGN,
  TRIO_MESSAGE_COMPUTER,
  TRIO_MESSAGE_EXPORT,
  TRIO_N_MESSAGES
} TrioMessageType;

typedef enum
{
  TRIO_OFFER_NONE,
  TRIO_OFFER_DRAW,
  TRIO_OFFER_UNDO,
} TrioOfferKind;

/* What a seat of a create message asks for: a human, or the computer at a level. */
typedef struct
{
  gboolean computer;
  int level;
} TrioSeatRequest;

/* A client's message, checked. The members a type does not have are 0 or NULL. */
typedef struct
{
  TrioMessageType type;
  char *game;               /* create */
  GHashTable *options;      /* create: name to value, both strings */
  TrioSeatRequest seats[TRIO_PROTOCOL_MAX_SEATS];  /* create */
  guint n_seats;
  int seat;                 /* create, computer; join: -1 when not given */
  char *name;               /* create, join */
  char *key;                /* join, watch */
  char *token;              /* resume */
  char *move;               /* move */
  guint ply;                /* move, undo */
  TrioOfferKind offer;      /* answer */
  gboolean accept;          /* answer */
  int level;                /* computer */
} TrioMessage;

/* Reads one text frame. A frame that is not UTF-8 or not a JSON object is bad-json; the
 * rest of the checks give bad-message, or bad-key and bad-token for a key or a token that
 * cannot be one. */
TrioMessage *trio_message_parse        (const char  *data,
                                        gsize        length,
                                        GError     **error);
void         trio_message_free         (TrioMessage *message);
const char  *trio_message_type_name    (TrioMessageType type);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TrioMessage, trio_message_free)

/* Whether text is a room's id, a key or a token as docs/server.md writes them. */
gboolean     trio_protocol_is_room_id  (const char  *text);
gboolean     trio_protocol_is_secret   (const char  *text);
/* Whether text is a player's name: 1 to TRIO_PROTOCOL_MAX_NAME characters of valid UTF-8,
 * no control character nor line or paragraph separator. */
gboolean     trio_protocol_is_name     (const char  *text);

/* The server's messages. A seat as the state and seat messages show it. The values are
 * written in the store (trio-server-store.h): never renumber them. */
typedef enum
{
  TRIO_SEAT_OPEN,
  TRIO_SEAT_HUMAN,
  TRIO_SEAT_COMPUTER,
} TrioSeatKind;

typedef struct
{
  TrioSeatKind kind;
  int level;            /* a computer's, else 0 */
  const char *name;     /* NULL: none (an open seat, the computer's own) */
  gboolean connected;
} TrioSeatInfo;

/* An offer waiting for answers (kind TRIO_OFFER_NONE: none). */
typedef struct
{
  TrioOfferKind kind;
  int from;                                 /* the seat that asked, -1: the rules */
  gboolean waiting[TRIO_PROTOCOL_MAX_SEATS]; /* the seats whose answer is awaited */
  guint ply;
} TrioOfferInfo;

/* The end of a game, as BgStatus says it, or resigned. */
typedef struct
{
  gboolean over;
  gboolean draw;
  int winner, loser, other;
  const char *reason;   /* "line-of-three", ... "resigned" */
} TrioEndInfo;

/* The whole public state for one connection (the state message). */
typedef struct
{
  const char *game;
  GHashTable *options;          /* the public ones */
  int seat;                     /* -1: a spectator */
  const TrioSeatInfo *seats;
  guint n_seats;
  const char *view;             /* NULL: none */
  const char *const *moves;     /* n_moves public notations */
  guint n_moves;
  int to_move;                  /* -1 once the game is over */
  const TrioOfferInfo *offer;
  const TrioEndInfo *end;
} TrioStateInfo;

char *trio_protocol_error        (int                  code,
                                  const char          *message);
char *trio_protocol_welcome      (const char          *room,
                                  int                  seat,
                                  const char          *token,
                                  const char          *link);
char *trio_protocol_state        (const TrioStateInfo *state);
char *trio_protocol_move         (guint                ply,
                                  int                  seat,
                                  const char          *move,
                                  const char          *view);
char *trio_protocol_seat         (int                  seat,
                                  const TrioSeatInfo  *info);
/* An offer put to its waiting seats, or withdrawn (offer->kind TRIO_OFFER_NONE). */
char *trio_protocol_offer        (const TrioOfferInfo *offer,
                                  guint                n_seats);
char *trio_protocol_end          (const TrioEndInfo   *end);
char *trio_protocol_record       (const char          *save);

/* The name of a reason of BgReason (bg-rules.h) in the protocol: "line-of-three"; NULL for
 * BG_REASON_NONE and values out of range. */
const char *trio_protocol_reason (int reason);

G_END_DECLS
