/* bg-triomino-ai.h: the Triomino computer players
 *
 * Level 1: greedy with noise (among the placements, one scoring near the best).
 * Level 2: greedy (the best immediate score).
 * Level 3 and up (and custom limits, level 0): strong, the immediate score weighed by the
 * tips of the rule text: keep high tiles for bonuses, shed 0s and 1s, do not leave a
 * hexagon, bridge or two-side spot to the next players, keep a tile that fits for the next
 * turn, and empty the hand when the round nears its end.
 *
 * A player only uses what it may know: its own hand, the board, the scores, and how many
 * tiles the other hands and the pile hold, never which.
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

/* Prints (a) how many complete 4-player rounds greedy players play a second and (b) how
 * the strong player does against greedy ones over n_games seeded 4-player games, with
 * one strong seat rotating and three greedy seats. */
void      bg_triomino_bench       (guint                 n_games);

G_END_DECLS
