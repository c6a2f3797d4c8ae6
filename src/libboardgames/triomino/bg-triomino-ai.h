/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-ai.h: the Triomino computer players
 *
 * Level 1: one of the three placements that score most now, at random.
 * Level 2: greedy (the best immediate score).
 * Level 3 (and custom limits without a node limit, level 0): the immediate score weighed
 * by the tips of the rule text: keep high tiles for bonuses, shed 0s and 1s, do not leave
 * a hexagon, bridge or two-side spot to the next players, keep a tile that fits for the
 * next turn, and empty the hand when the round nears its end.
 * Levels 4 to 6 (and custom limits with a node limit, as the number of rollouts): the
 * look-ahead player of bg-triomino-mc.c, over the best placements by level 3's measure,
 * with more rollouts at each level.
 *
 * A player only uses what it may know: its own hand, the board, the scores, and how many
 * tiles the other hands and the pile hold, never which. Its weighings and rollouts play
 * moves on copies of the position, though, which a view (bg-view.h) cannot be: on a view
 * the search returns FALSE and bg_triomino_ai_choose() BG_MOVE_NONE.
 */
#pragma once

#include "bg-search.h"

G_BEGIN_DECLS

/* BgRules.search for Triomino. */
gboolean  bg_triomino_ai_search   (BgSearch             *search,
                                   const BgGame         *game,
                                   const BgSearchLimits *limits,
                                   BgSearchResult       *result);

/* The move the player to move in pos would choose at level (1..6); rng is the state of
 * the noise of level 1. search may be NULL (no time limit). */
BgMove    bg_triomino_ai_choose   (const void           *pos,
                                   int                   level,
                                   guint64              *rng,
                                   BgSearch             *search);

/* Prints how many complete 4-player rounds greedy players play a second, and how many
 * rollouts the look-ahead player makes a second (bg-triomino-bench.c). */
void      bg_triomino_bench       (guint                 n_games);

/* A match between two levels: the tested level's share of the wins (ties for first
 * shared) with its 95% margin of error. */
typedef struct
{
  guint games;
  double points;
  double rate, margin;
  gint64 score_sum;
  double seconds;
} BgTriominoMatch;

/* n_deals seeded deals (seeds first_seed, first_seed + 1, ...), each played with level
 * in every seat in turn (two seats for two players) and other in the remaining seats. */
void      bg_triomino_tournament  (guint                 n_players,
                                   int                   level,
                                   int                   other,
                                   guint                 n_deals,
                                   guint                 first_seed,
                                   BgTriominoMatch      *match);

G_END_DECLS
