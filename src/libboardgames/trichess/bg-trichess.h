/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess.h: TRICHESS, chess for three players (Yalta-style 96-square board)
 *
 * White (1), Red (2) and Black (3) play in turn counter-clockwise, each from a camp of
 * 8 files a–h by 4 ranks 1–4. Option board=prolapsus (default) | hexagonal | pax chooses
 * the obstacle at the centre (see docs/rules.md and bg-trichess-board.h).
 *
 * Notation: a square is camp-file-rank, "1-e2"; a move is from-to, "1-e2-1-e4", with
 * "=Q", "=R", "=B" or "=N" after a promotion. Castling is written as the king's move
 * ("1-e1-1-g1"), en passant as the pawn's move to the square it takes on.
 *
 * Setup text (format_position / parse_position), one line of space-separated fields:
 *
 *   CAMP1 CAMP2 CAMP3 TURN [CASTLING [EN-PASSANT [LOST]]]
 *
 * - CAMPn: the ranks of camp n from rank 1 to rank 4, separated by '/', each from file a
 *   to file h; a piece is its owner's letter (w White, r Red, b Black) and its type (K Q
 *   R B N P, and D for a pawn promoted to queen); a digit 1–8 is that many empty squares.
 * - TURN: w, r or b.
 * - CASTLING: the rights of White, Red and Black separated by '/', each "KQ", "K", "Q" or
 *   "-" (default "-/-/-").
 * - EN-PASSANT: the squares passed over by a double step that may still be taken en
 *   passant, separated by commas, or "-" (default).
 * - LOST: the points lost by White, Red and Black, "2/4/5" (default "0/0/0").
 *
 * The start position is
 *   wRwNwBwQwKwBwNwR/wPwPwPwPwPwPwPwP/8/8 rRrNrBrQrKrBrNrR/rPrPrPrPrPrPrPrP/8/8
 *   bRbNbBbQbKbBbNbR/bPbPbPbPbPbPbPbP/8/8 w KQ/KQ/KQ - 0/0/0
 */
#pragma once

#include "bg-rules.h"

G_BEGIN_DECLS

extern const BgRules bg_trichess_rules;

/* The points a player (0 White, 1 Red, 2 Black) has lost in a TRICHESS position (the
 * non-aggression sheet), or 0 for an invalid player. */
int bg_trichess_get_points_lost (const void *pos,
                                 int         player);

G_END_DECLS
