/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-view.h: what each seat of a game may see of it, for network play and pass-and-play
 *
 * The holder of a game (a server, or the application passing the screen from seat to seat)
 * gives each seat a view: one line of text that says the position as that seat sees it, and
 * the moves played, each as that seat may read it. The seat loads the view into a game of
 * its own (bg_game_new_from_view()) to show it and to list its legal moves, and sends the
 * move it chooses back to the holder, which plays it and sends the new views.
 *
 * In a game without hidden information (Marelle, La Triple Alliance, TRICHESS) a view is
 * the whole position (the format_position text) and the game loaded from it is an ordinary
 * game. In Triomino a view shows the board, the scores, the counts, whose turn it is and
 * the viewer's own hand; the other hands and the pile are counts (bg-triomino.h, "Position
 * text"), and the seed that orders the pile is not there. Seat -1 is a spectator, who sees
 * no hand. docs/views.md tells the format and what a server does with it.
 */
#pragma once

#include "bg-game.h"

G_BEGIN_DECLS

/* Whether the rule set hides part of its positions from some seats (it has
 * BgRules.format_view). */
gboolean       bg_rules_has_hidden_information (const BgRules *rules);

/* The current position of game as seat (0 to n_players - 1, or -1 for a spectator) may see
 * it: one line of text for bg_game_new_from_view(), or NULL for a game without a position
 * text. A view of a game that is itself a view is a view for its own seat (another seat
 * gets a spectator's view). */
char          *bg_game_dup_view          (const BgGame *game,
                                          int           seat);

/* A game that starts at view, for the seat the view is for. options are the game's own,
 * without the ones drawn in secret (BG_OPTION_DRAWN: Triomino's seed, which orders the
 * pile), which are refused; bg_game_dup_public_options() gives them. The game shows what
 * the view shows, and when the viewer is to move lists exactly the legal moves the whole
 * game lists (a Triomino draw included, though the view does not know the tile it would
 * bring). With hidden information it is a view (bg_game_is_view()): it lists no move for
 * another seat, is not played on, and the game's own search returns no move on it. Any
 * text that is not a consistent view of the game (it comes from the network) fails with
 * BG_ERROR_BAD_OPTION, and options as bg_game_new() fails with them. The game's options
 * (bg_game_get_options()) hold the drawn ones at their lowest value (Triomino: seed=0). */
BgGame        *bg_game_new_from_view     (const char   *game_id,
                                          GHashTable   *options,
                                          const char   *view,
                                          GError      **error);

/* The options of game that every seat may know: all but the ones drawn in secret
 * (BG_OPTION_DRAWN), for bg_game_new_from_view(). */
GHashTable    *bg_game_dup_public_options (const BgGame *game);

/* Played move number index as seat (-1: a spectator) may read it: its notation (one word,
 * the same for every seat: bg_game_get_played_text()), then, when the move shows that seat
 * more than the notation says, a space and words "name=value" separated by spaces. In
 * Triomino a draw shows the drawer alone the tile drawn ("draw drawn=2-3-5", "draw" for
 * the others), and the move that ends a round shows everyone every hand as the round's
 * end counts them, in the view's words ("3-1-2@1,-1 hand1=- hand2=0-1-4/2-2-5 hand3=1-1-3").
 * A game without hidden information gives the notation alone. NULL for an index out of
 * range. */
char          *bg_game_dup_move_for_seat (const BgGame *game,
                                          guint         index,
                                          int           seat);

/* Goes on with a game set up from a view (bg_game_is_view()): move, as its seat read it
 * (bg_game_dup_move_for_seat(): only its first word, the notation, is read), and view, the
 * seat's view after it, become its next move and position, so that its history (the moves'
 * texts, the positions before and after each) grows as the seat saw the game. The rules are
 * not asked whether the move was legal: the whole game's were. A move that is not the
 * game's notation, or a view that is not one of the game, fails with the game unchanged. */
gboolean       bg_game_append_view       (BgGame       *game,
                                          const char   *move,
                                          const char   *view,
                                          GError      **error);

G_END_DECLS
