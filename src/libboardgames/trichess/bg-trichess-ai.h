/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-ai.h: the TRICHESS computer player
 *
 * A paranoid search by default: the player to move maximises, both opponents together
 * minimise his score, so that alpha-beta applies as in a two-player game; or Best-Reply
 * Search (BgSearchLimits.algorithm, bg-trichess-search.h). Iterative deepening, a shared
 * transposition table, threads, capture-first move ordering and a capture search at the
 * leaves.
 */
#pragma once

#include "bg-search.h"
#include "bg-trichess-board.h"

G_BEGIN_DECLS

/* The evaluation of pos for player, in centipawns. */
int      bg_trichess_evaluate (const TcPosition     *pos,
                               int                   player);

/* BgRules.search of bg_trichess_rules. */
gboolean bg_trichess_search   (BgSearch             *search,
                               const BgGame         *game,
                               const BgSearchLimits *limits,
                               BgSearchResult       *result);

/* Prints perft leaf nodes per second from the start of each board and the search speed. */
void     bg_trichess_bench    (void);

/* For measuring (tests/bench/trichess-baseline.c): the search that plays
 * BgSearchLimits.algorithm BG_TRICHESS_BASELINE, the first version's paranoid search, kept
 * out of the library. It searches pos (not over) after bg_search_begin() to max_depth plies,
 * with a random spread of noise on its root scores, and fills result. Install it before any
 * search runs; without one, BG_TRICHESS_BASELINE plays the paranoid search (with a
 * warning). */
typedef gboolean (*BgTrichessBaseline) (BgSearch             *search,
                                        const TcPosition     *pos,
                                        int                   max_depth,
                                        int                   noise,
                                        const BgSearchLimits *limits,
                                        BgSearchResult       *result);

void     bg_trichess_set_baseline (BgTrichessBaseline search);
gboolean bg_trichess_has_baseline (void);

G_END_DECLS
