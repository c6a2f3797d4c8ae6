/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-session.h: a game being played in the window: seats, computer moves, hints
 *
 * The session owns the BgGame and knows who sits at each seat (a human, or the computer
 * at a level). The computer thinks in a worker thread; anything that changes the game
 * (a new game, undo, closing) cancels it first, and a move that arrives for a game that
 * has changed since the search started is thrown away.
 */
#pragma once

#include <glib-object.h>

#include "bg-game.h"
#include "bg-save.h"
#include "bg-solved-table.h"

G_BEGIN_DECLS

#define TRIO_MAX_SEATS 6

/* A seat: a human, or the computer at a level; and a name (NULL for the default). The
 * engine's save format carries seats, so the app uses its type. */
typedef BgSeat TrioSeat;

#define TRIO_TYPE_SESSION (trio_session_get_type ())
G_DECLARE_FINAL_TYPE (TrioSession, trio_session, TRIO, SESSION, GObject)

TrioSession  *trio_session_new              (void);

/* Starts a new game, cancelling anything under way. Takes a copy of the seats. */
gboolean      trio_session_start            (TrioSession    *self,
                                             const char     *game_id,
                                             GHashTable     *options,
                                             const TrioSeat *seats,
                                             guint           n_seats,
                                             GError        **error);

/* Goes on with a game (a saved one): takes game, copies the seats; with no seats at all
 * (a file without seat lines) every player is a human. */
gboolean      trio_session_resume           (TrioSession    *self,
                                             BgGame         *game,
                                             const TrioSeat *seats,
                                             guint           n_seats,
                                             GError        **error);

const BgGame *trio_session_get_game         (TrioSession    *self);
const TrioSeat *trio_session_get_seat       (TrioSession    *self,
                                             int             player);
/* The display name of a player ("Light", "Dark", "White", "Player 3", or the name given). */
char         *trio_session_dup_player_name  (TrioSession    *self,
                                             int             player);
gboolean      trio_session_is_thinking      (TrioSession    *self);
/* The pace of the computer's moves: a computer's move is played animation_ms after the
 * move before it, and pause_ms later still when that move was a computer's too, so that
 * every move is seen (0 and 0: at once). Until then the computer counts as thinking. */
void          trio_session_set_pacing       (TrioSession    *self,
                                             guint           animation_ms,
                                             guint           pause_ms);
/* Whether a human is to move now (so the board takes input): not while the computer
 * thinks, nor while the human's hidden part is covered. */
gboolean      trio_session_human_to_move    (TrioSession    *self);

/* Pass-and-play privacy. In a game whose rules hide part of the position from the other
 * seats (bg_rules_has_hidden_information(): Triomino's hands) with two human seats or more,
 * the human to move finds that part covered, when it is not the human who saw theirs last,
 * until they ask to see it (trio_session_uncover()); the computers' turns in between change
 * nothing. A new game, one restored or opened, and an undo or redo while a cover is up,
 * cover it too. While it is covered no human is to move: no move, no hint. */
gboolean      trio_session_is_pass_and_play (TrioSession    *self);
gboolean      trio_session_is_covered       (TrioSession    *self);
/* The human to move asks to see their hidden part. */
void          trio_session_uncover          (TrioSession    *self);
/* Whether to cover at all (on by default). Turned on, it covers from the next pass. */
void          trio_session_set_hide_hands   (TrioSession    *self,
                                             gboolean        hide);
gboolean      trio_session_get_hide_hands   (TrioSession    *self);

gboolean      trio_session_play             (TrioSession    *self,
                                             BgMove          move,
                                             GError        **error);
/* Undo takes back the last human move and the computer replies after it. */
gboolean      trio_session_can_undo         (TrioSession    *self);
gboolean      trio_session_can_redo         (TrioSession    *self);
void          trio_session_undo             (TrioSession    *self);
void          trio_session_redo             (TrioSession    *self);
/* Takes the game back to the position after its first n_moves moves; the moves after it
 * stay to be redone until another move is played. */
void          trio_session_go_back_to       (TrioSession    *self,
                                             guint           n_moves);
/* Asks the computer (at the strong level, or the solved table in La Triple Alliance) for
 * a move for the human to move; the answer comes with the "hint" signal. */
void          trio_session_request_hint     (TrioSession    *self);
/* With the solved table (La Triple Alliance), the rating of every move behind the last
 * hint, best first; NULL otherwise, and after any change. Owned by the session. */
const BgTaMoveValue *trio_session_get_hint_values (TrioSession *self,
                                                   guint       *n_values);
void          trio_session_answer_draw      (TrioSession    *self,
                                             gboolean        accept);
/* Cancels any search (before the window closes, or while the game is left for the game
 * chooser); go_on lets the game go on again: the computer to move thinks. */
void          trio_session_stop             (TrioSession    *self);
void          trio_session_go_on            (TrioSession    *self);
/* The perfect level's table has just been installed: a perfect player searching without
 * it starts again. */
void          trio_session_perfect_table_ready (TrioSession *self);

/* Online play (trio-session-online.c; network/trio-room-link.c drives it): a game played in
 * a room of a server, whose moves come from the room. The session then searches for no seat
 * and answers no draw offer itself; only local_seat, the seat played at this screen, takes
 * input, and its move is not played but told ("move-requested") to be sent to the room, and
 * played once the room acknowledges it (trio_session_play_remote()). Undo, redo, going back
 * and hints are not the session's then (the room takes an undo back with everyone's
 * agreement). A game started or resumed otherwise is not online. */
gboolean      trio_session_start_online     (TrioSession    *self,
                                             BgGame         *game,
                                             const TrioSeat *seats,
                                             guint           n_seats,
                                             int             local_seat,
                                             GError        **error);
/* The seat played at this screen, -1 for a game that is not online. */
int           trio_session_get_local_seat   (TrioSession    *self);
gboolean      trio_session_is_online        (TrioSession    *self);
/* Whether the local seat's input waits (a move sent and not acknowledged yet, or the
 * connection lost): no human is to move meanwhile. */
void          trio_session_set_online_waiting (TrioSession  *self,
                                             gboolean        waiting);
/* A move the room played (its notation): the local seat's, acknowledged, is played at
 * once; another seat's at the computer's pace (the session thinking until it is played).
 * FALSE when the move is not legal here: the game is no longer the room's. */
gboolean      trio_session_play_remote      (TrioSession    *self,
                                             int             seat,
                                             const char     *notation,
                                             GError        **error);
/* A game that hides part of its positions comes from each seat's view (bg-view.h), which
 * cannot be played on: the room's next view replaces it (taken), the seats unchanged. */
void          trio_session_show_view        (TrioSession    *self,
                                             BgGame         *view);
/* The room's end where the rules alone do not end the game: a seat resigned, or every seat
 * agreed to the repetition draw. */
void          trio_session_resign           (TrioSession    *self,
                                             int             seat);
void          trio_session_agree_draw       (TrioSession    *self);
/* A seat taken, given to the computer or renamed in the room ("changed" follows). */
void          trio_session_set_seat         (TrioSession    *self,
                                             int             seat,
                                             const TrioSeat *value);

/* Signals:
 *   "changed"          the position changed (move, undo, redo, new game)
 *   "thinking-changed" the computer started or stopped thinking
 *   "hint" (guint move) the suggested move
 *   "draw-offered"     the repetition draw offer is for the humans to answer
 *   "game-over"        the game ended (read the status from the game)
 *   "cover-changed"    trio_session_is_covered() says otherwise, the position unchanged
 *   "move-requested" (guint move)  online: the local seat chose a move, to be sent
 *   "move-played" (guint index, gboolean by_other)  played move number index was played
 *                      now (before "changed"; never for a game loaded, undone, redone or
 *                      gone back in): by a seat of this screen, or by another (the
 *                      computer, a friend online), whose move the views animate
 */

G_END_DECLS
