/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-heuristic.h: the Triomino players that do not look ahead (internal)
 *
 * The greedy choice (level 2, and the rollouts of the look-ahead player) and the heuristic
 * (level 3: the immediate score weighed by the tips of the rule text; it also orders the
 * look-ahead player's candidates). bg-triomino-ai.c chooses among the players by level,
 * bg-triomino-mc.c looks ahead with these.
 */
#pragma once

#include "bg-triomino-board.h"

G_BEGIN_DECLS

/* The greedy choice among moves: the placement that scores most now, give or take a
 * random spread of noise points. */
BgMove  tri_ai_greedy  (const TriPosition *pos,
                        const BgMove      *moves,
                        guint              n,
                        int                noise,
                        guint64           *rng);

/* The heuristic value of each placement (level 3's measure), for the look-ahead player's
 * candidates' order. */
void    tri_ai_rate    (const TriPosition *pos,
                        const BgMove      *moves,
                        guint              n,
                        int               *values);

/* The heuristic's choice, give or take a random spread of noise tenths of a point; after
 * and buf are scratch space (a position, TRI_MAX_MOVES moves). */
BgMove  tri_ai_heuristic (const TriPosition *pos,
                          const BgMove      *moves,
                          guint              n,
                          int                noise,
                          guint64           *rng,
                          TriPosition       *after,
                          BgMove            *buf);

G_END_DECLS
