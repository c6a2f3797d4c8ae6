/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-mc.h: the Triomino player that looks ahead (internal)
 *
 * Triomino hides the other hands and the pile, so the player searches over what it could
 * know. It deals the tiles it has not seen at random, consistently with what it saw (a
 * player who drew or passed held no tile that fitted the table then, apart from those he
 * drew since), and in each such deal plays every candidate placement followed by quick
 * games of all the players to the end of the round. A candidate's value is the average,
 * over the deals, of the points it brings relative to the opponents, the round-end bonus
 * included; the same deals serve all the candidates, so that they are compared on equal
 * luck. The rollouts are shared out by successive halving: every candidate gets a few,
 * the better half gets more, and so on.
 *
 * Given a time to fill (level 6), it plays pass after pass of its budget on fresh deals,
 * the sums adding up, while the next pass fits in the time left.
 *
 * The player is deterministic for a given seed, budget and number of passes: the deals
 * and rollouts are numbered, split over the threads by number, and added up in a fixed
 * order. Only the time (how many passes fit, or a limit that cuts one short) makes it
 * depend on the machine.
 */
#pragma once

#include "bg-search.h"
#include "bg-triomino-board.h"

G_BEGIN_DECLS

typedef struct
{
  guint rollouts;      /* the budget: rollouts in all */
  guint candidates;    /* keep this many placements, best first by the heuristic; 0: all */
  guint horizon;       /* turns of every player a rollout looks ahead; 0: to the round's end */
  guint threads;       /* 0: one per core */
  guint64 seed;
  gboolean heavy;      /* the rollouts' players use the heuristic, not the greedy choice */
  gint64 time_ms;      /* 0: one pass of the budget; else passes while the next one fits */
} TriMcParams;

/* The move chosen for the player to move in game's current position (a Triomino game).
 * search may be NULL; when given, its time limit and cancellation stop the search early
 * (with the best move so far). n_rollouts, if not NULL, receives the rollouts played. */
BgMove  tri_mc_choose  (const BgGame      *game,
                        const TriMcParams *params,
                        BgSearch          *search,
                        guint64           *n_rollouts);

/* For the tests: deal number `number` of the hidden tiles as the player to move in game
 * makes it with seed: every player's hand into hands (his own as it is), the pile into
 * pile; returns the pile's count. */
guint   tri_mc_deal    (const BgGame      *game,
                        guint64            seed,
                        guint64            number,
                        guint64           *hands,
                        guint8            *pile);

/* The look-ahead parameters of levels 4 to 6 (bg-triomino-ai.c). */
void    bg_triomino_ai_params (int          level,
                               TriMcParams *params);

G_END_DECLS
