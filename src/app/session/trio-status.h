/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-status.h: the sentences that tell the players where the game stands */
#pragma once

#include "bg-analysis.h"
#include "bg-solved-table.h"
#include "trio-session.h"

G_BEGIN_DECLS

/* Whose turn it is, who is thinking, or how the game ended; after a move that closed a
 * mill, which piece it took first ("White closed a mill and took the piece on d6 — Black to
 * move"). */
char       *trio_status_describe         (TrioSession *session);
/* What the player who is to move chooses after pointing at a move that closes a mill:
 * "White closes a mill: take one of Black’s pieces." */
char       *trio_status_describe_removal (TrioSession *session);
/* A player's line in the side panel: name, computer level, pieces in hand or score.
 * pending: a move pointed at and not played yet, or BG_MOVE_NONE; the pieces in hand are
 * those after it (a placement that closes a mill, while the piece to take is chosen: the
 * piece placed is no longer in hand). */
char       *trio_status_describe_player  (TrioSession *session,
                                          int          player,
                                          const char  *name,
                                          BgMove       pending);
/* The translated name of a computer level, BG_LEVEL_MIN to BG_LEVEL_PERFECT. */
const char *trio_status_level_name       (int          level);
/* How many moves of his own the winner makes before the end with perfect play. */
guint       trio_status_winner_moves     (BgTaValue    value);
/* The solved table's value of a move for its player, in words: "wins in 3 moves",
 * "draws", "loses in 2 moves". */
char       *trio_status_describe_value   (BgTaValue    value);
/* What the solved table of game's rule set (TrioGame.solved_table, installed) says of the
 * game's first position, when the player to move there wins it: "With perfect play Light,
 * who begins, always wins: Dark’s moves all show ✗ until Light errs."; NULL for a game
 * without a table installed, or whose start is not won by the player who begins. */
char       *trio_status_describe_solved_start (const BgGame *game);
/* The solved table's answer to a hint: who wins in how many moves, or a draw, and the
 * best moves (values rated best first, at least one). */
char       *trio_status_describe_hint    (TrioSession         *session,
                                          const BgTaMoveValue *values,
                                          guint                n_values);

/* trio-status-analysis.c: what the analysis says of a move of a game of the rule set
 * game_id, for its tooltip, in a player's words: its judgement and why, with the best move's
 * notation (best). The solved table's moves by who wins and how soon ("Blunder: loses in 5
 * moves, where d4 wins in 7 moves."), the searched ones by how much worse than the best in
 * the game's unit (TrioGame.eval_unit: "Mistake: about 2 pawns worse than c2-c1."), a good
 * move without weighing it ("Good move, nearly as good as d4."). */
char       *trio_status_describe_analysis (const char           *game_id,
                                           const BgMoveAnalysis *move,
                                           const char           *best);

G_END_DECLS
