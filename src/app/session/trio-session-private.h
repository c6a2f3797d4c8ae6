/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-session-private.h: the session's fields and what its files share: trio-session.c
 * (seats, the computer's moves and their pace, hints, the cover between players),
 * trio-session-history.c (undo, redo, going back) and trio-session-online.c (a game played in
 * a room of a server) */
#pragma once

#include <gio/gio.h>

#include "bg-search.h"
#include "trio-session.h"

G_BEGIN_DECLS

typedef struct _TrioSearchJob TrioSearchJob;

struct _TrioSession
{
  GObject parent_instance;

  BgGame *game;
  TrioSeat seats[TRIO_MAX_SEATS];
  guint n_seats;

  GTask *task;            /* the search under way, or NULL */
  TrioSearchJob *job;     /* its data, alive as long as task */
  BgSearch *idle_search;  /* a search (and its table) kept for the next turn */
  guint generation;       /* bumped by every change: older search results are stale */
  gboolean over_announced;
  gboolean draw_asked;
  BgTaMoveValue *hint_values;  /* the table's rating of the moves, for the last hint */
  guint n_hint_values;

  /* The pace of the computer's moves: each is shown (animation_ms) and, when the move
   * before it was a computer's too, stays pause_ms more, before the next one is played. */
  guint animation_ms;
  guint pause_ms;
  gint64 last_move_time;     /* monotonic time of the last move played, 0 after a jump */
  gboolean last_by_computer;
  BgMove held_move;          /* a computer's move waiting for its turn to be shown */
  BgGame *held_view;         /* online, a view after another seat's move, the same */
  guint held_source;

  /* Pass-and-play privacy: whether hidden parts are covered between humans, and the human
   * seat who has seen its own last (-1: none, as while a cover is up). */
  gboolean hide_hands;
  int revealed;

  /* Online play (trio-session-online.c): the seat played at this screen, -1 in a game of
   * this screen alone; and whether its input waits (a move sent and not yet acknowledged,
   * or no connection). */
  int local_seat;
  gboolean online_waiting;
};

/* trio-session.c: gives the session a game (taken) and its seats (copied); local_seat -1
 * for a game of this screen alone, else the seat played here in an online game. */
gboolean trio_session_load        (TrioSession    *self,
                                   BgGame         *game,
                                   const TrioSeat *seats,
                                   guint           n_seats,
                                   int             local_seat,
                                   GError        **error);
/* trio-session.c: after every change of the game (a move, a new position): tells the
 * window ("changed") and starts the next turn. */
void trio_session_changed         (TrioSession    *self);
/* Cancels the search under way, and a move waiting for its turn to be shown. */
void trio_session_cancel_search   (TrioSession *self);
/* Plays a move of another seat once the move before it has been seen (the computer's
 * pace); the session is thinking until then. */
void trio_session_hold_move       (TrioSession *self,
                                   BgMove       move);
/* How long a move of another seat waits before it is shown, in ms (0 or less: at once). */
gint64 trio_session_hold_ms       (TrioSession *self);
/* A move of the seat at this screen was played now: logged, its time noted. */
void trio_session_note_own_move   (TrioSession *self);
void trio_session_emit_thinking   (TrioSession *self);
/* Whether a seat of the game is played by a human (at this screen or elsewhere). */
gboolean trio_session_has_human   (TrioSession *self);

G_END_DECLS
