/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-setup.h: Triomino positions built by hand (tests)
 *
 * These functions change a position in ways the rules never do (a board without the moves
 * that led to it, a score, a pile), so a game played through BgGame never uses them; the
 * tests use them to build the positions they check. The notation is bg-triomino.h's.
 */
#pragma once

#include "bg-triomino.h"

G_BEGIN_DECLS

/* For tests and set-ups: replaces pos (already initialised by bg_triomino_rules.init for
 * its number of players) by a round in progress. board lists placements in notation
 * ("0-0-0@0,0 0-0-1@0,1"), played in order without checking nor scoring; hands[i] lists
 * player i's tiles ("1-2-3 4-4-5"; NULL or "" for none). The pile holds every other
 * tile, in an order shuffled from the seed. Scores are kept; turn is the player to move
 * (on an empty board, the holder of the opening tile moves whatever turn says). */
gboolean  bg_triomino_setup           (void *pos, const char *board,
                                       const char *const *hands, int turn,
                                       GError **error);
/* Sets a player's score (tests). A score at the target makes the round the last, as
 * reaching it in play does; the setup above also counts the scores it keeps that way. */
void      bg_triomino_set_score       (void *pos, int player, int score);
/* Replaces the pile by tiles ("1-2-3 0-0-5", drawn in that order; "" for an empty
 * pile). The tiles must be neither on the board nor in a hand. */
gboolean  bg_triomino_set_pile        (void *pos, const char *tiles, GError **error);

G_END_DECLS
