/* SPDX-License-Identifier: GPL-3.0-or-later */
/* baseline-search.h: the frozen morris player of commit 77a6e41 (level 6), a measuring stick
 *
 * The two-player search of bg-search.c and the Marelle evaluation of bg-marelle.c as they
 * were at commit 77a6e41, kept here (not in the library) so that the library's player can
 * be measured against what it was: one thread, no noise, no varied play, a table of 2^20
 * entries kept from one move of a game to the next, as level 6 played on one thread. Only
 * the rules' play, key and status come from the library (they say what the game is).
 */
#pragma once

#include "bg-game.h"
#include "bg-search.h"

G_BEGIN_DECLS

typedef struct _BaselineSearch BaselineSearch;

BaselineSearch *baseline_search_new  (void);
void            baseline_search_free (BaselineSearch       *bs);

/* Searches the current position of a morris game (Marelle, either variant) with the
 * limits' max_depth, time_limit_ms and node_limit (the other fields are ignored: level 6
 * used none of them). Returns FALSE only when the game is over. */
gboolean        baseline_search_run  (BaselineSearch       *bs,
                                      const BgGame         *game,
                                      const BgSearchLimits *limits,
                                      BgSearchResult       *result);

/* The frozen evaluation, from player's point of view. */
int             baseline_evaluate    (const void           *pos,
                                      int                   player);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BaselineSearch, baseline_search_free)

G_END_DECLS
