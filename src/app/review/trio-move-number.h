/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-move-number.h: the one numbering of the moves, in the move list and in every sentence
 * that names a move */

#pragma once

#include "bg-game.h"

G_BEGIN_DECLS

/* Whether the moves are numbered in pairs, as chess scores are: two players who took turns
 * one move each (then "5." is White's fifth move and Black's answer). Otherwise (three
 * players, or a Triomino draw followed by the same player's move) each move has a number of
 * its own. */
gboolean trio_move_numbers_in_pairs (const BgGame *game);

/* The number of the move of that index (from 0), numbered in pairs or not. */
guint    trio_move_number_in        (guint         index,
                                     gboolean      in_pairs);

/* The number of the move of that index (from 0) among the game's moves played: the number
 * of its line in the move list. */
guint    trio_move_number           (const BgGame *game,
                                     guint         index);

/* The number of the last move's line: the moves' count in those numbers. */
guint    trio_move_number_last      (const BgGame *game);

G_END_DECLS
