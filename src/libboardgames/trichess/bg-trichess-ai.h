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

G_END_DECLS
