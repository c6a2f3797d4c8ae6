/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trichess-baseline.h: the first version's TRICHESS paranoid search, a measuring stick
 *
 * The TRICHESS figures of docs/computer-players.md measure the library's searches against it
 * (BgSearchLimits.algorithm BG_TRICHESS_BASELINE, 1 in the tournament's --algorithms). It
 * is not a player of the app, so it lives here; trichess-tournament (trichess-tournament.c)
 * and the TRICHESS tests install it with bg_trichess_set_baseline().
 */
#pragma once

#include "bg-search.h"
#include "trichess/bg-trichess-ai.h"

G_BEGIN_DECLS

/* A BgTrichessBaseline: searches pos (not over) after bg_search_begin() to max_depth plies,
 * with a random spread of noise on its root scores; fills result and returns TRUE. */
gboolean trichess_baseline_search (BgSearch             *search,
                                   const TcPosition     *pos,
                                   int                   max_depth,
                                   int                   noise,
                                   const BgSearchLimits *limits,
                                   BgSearchResult       *result);

G_END_DECLS
