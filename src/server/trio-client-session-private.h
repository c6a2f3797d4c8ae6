/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-session-private.h: what the session's files share (the connection and the
 * room in trio-client-session.c, the input in trio-client-input.c, the bot's play in
 * trio-client-play.c) */
#pragma once

#include "trio-client-bot.h"
#include "trio-client-connection.h"
#include "trio-client-game.h"
#include "trio-client-session.h"

G_BEGIN_DECLS

typedef struct
{
  const TrioClientOptions *options;
  GMainLoop *loop;
  TrioClientConnection *connection;
  TrioClientExit status;
  gboolean finishing;       /* the status is set: the connection closes, then the loop ends */
  guint close_wait_id;      /* the most the client waits for the server to close */

  /* The room as the server told it. */
  gboolean seated;          /* the opening (create, join, resume, watch) was answered */
  gint64 seat;              /* ours; -1 for a spectator */
  gint64 ply;               /* the moves seen */
  gboolean over;
  gboolean exported;        /* --export was asked for */
  GQueue exports;           /* the paths waiting for a record, in order */

  /* The input. */
  GDataInputStream *input;
  GCancellable *cancellable;
  gboolean input_done;

  /* The bot (--bot). */
  TrioClientBot *bot;
  TrioClientGame *game;
  guint generation;         /* of the position: a search of an older one is dropped */
  guint think_generation;
  gboolean awaiting_ack;    /* its move sent, the server's acknowledgement not yet come */
  gboolean awaiting_offer;  /* it accepted an offer: it waits for the outcome */
} TrioClientSession;

/* Ends the session with status (the first status given wins): closes the connection, and
 * the loop ends once it is closed. */
void     trio_client_session_finish     (TrioClientSession *self,
                                         TrioClientExit     status);
/* Ends the session with status 0 once the game is over, the input closed and nothing
 * awaited (a record, the bot's search). */
void     trio_client_session_check_end  (TrioClientSession *self);
void     trio_client_session_send       (TrioClientSession *self,
                                         JsonObject        *message);
/* A line for stderr, "trio-client: …". */
void     trio_client_session_complain   (const char        *format,
                                         ...) G_GNUC_PRINTF (1, 2);

void     trio_client_input_start        (TrioClientSession *self);
void     trio_client_input_stop         (TrioClientSession *self);

void     trio_client_play_init          (TrioClientSession *self);
void     trio_client_play_clear         (TrioClientSession *self);
void     trio_client_play_state         (TrioClientSession *self,
                                         JsonObject        *state);
void     trio_client_play_move          (TrioClientSession *self,
                                         JsonObject        *move);
void     trio_client_play_offer         (TrioClientSession *self,
                                         JsonObject        *offer);
void     trio_client_play_end           (TrioClientSession *self);
/* Whether an error from the server ends the bot's session (its own move refused). */
gboolean trio_client_play_error_is_fatal (TrioClientSession *self,
                                          const char        *code);

G_END_DECLS
