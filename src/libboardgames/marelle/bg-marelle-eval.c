/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-marelle-eval.c: the evaluation of a morris position (both rule sets), which sees blocks
 *
 * Most games between engines are lost by a player left without a move, so the evaluation
 * counts each side's steps and its pieces that have none, the mills each side can close at
 * its next move (and two at once, a double threat), the running mills (a piece that shuttles
 * between two mills, closing one at each move), and the stages where the rules change:
 * placing, stepping, flying (at three pieces in standard nine men's morris, four in Marelle
 * triple) and the loss at two pieces. The evaluation is linear in its weights (hundredths
 * of a piece, one table per rule set), so that tests/bench/tune-marelle.c can fit them to
 * games of self-play (docs/computer-players.md).
 */

#include "bg-marelle-private.h"

#include <string.h>

#define ALL_POINTS ((guint32) 0xffffffu)
#define LOWEST(x) __builtin_ctz (x)

/* The weights of the features (BgMarelleFeature), by rule set (Variant). */
static const int weights[2][BG_MARELLE_N_FEATURES] = {
  [VARIANT_TRIPLE] = { 100, 62, 29, 1, 143, 9, -13, 32, -39, -189, -350, 112, 66, 116, -108 },
  [VARIANT_STANDARD] = { 100, 172, 33, 26, 379, 19, -66, 73, -116, -215, -2069, 0, 71, 479,
                         -210 },
};

typedef struct
{
  int pieces;            /* on the board and in hand */
  int steps;             /* steps of all pieces (stepping stage) */
  int stuck;             /* pieces with no step */
  int reach;             /* empty points next to a piece */
  int mills, twos, running;
  guint32 closable;      /* the empty points that close a mill at the next move */
  gboolean placing, flying;
} Side;

static void
side_scan (const MarellePos *pos,
           int               pl,
           guint32           empty,
           Side             *s)
{
  const guint32 *adjacent = bg_marelle_adjacent[pos->variant];
  guint32 own = pos->board[pl], reach = 0;

  s->pieces = pos->count[pl] + pos->hand[pl];
  s->placing = pos->hand[pl] > 0;
  s->flying = !s->placing && pos->count[pl] <= bg_marelle_fly_limit[pos->variant];
  s->steps = s->stuck = s->mills = s->twos = s->running = 0;
  s->closable = 0;
  for (guint32 f = own; f != 0; f &= f - 1)
    {
      guint32 next = adjacent[LOWEST (f)] & empty;

      reach |= next;
      s->steps += bg_marelle_popcount32 (next);
      s->stuck += next == 0;
    }
  s->reach = bg_marelle_popcount32 (reach);

  for (int m = 0; m < BG_MARELLE_N_MILLS; m++)
    {
      guint32 mask = bg_marelle_mill_masks[m], hole = empty & mask, movers;
      int in = bg_marelle_popcount32 (own & mask);

      if (in == 3)
        {
          s->mills++;
          continue;
        }
      if (in != 2 || hole == 0)
        continue;
      s->twos++;
      /* Who can fill the hole at the next move: any placement or flight; a step from a
       * piece next to it that is not of this mill. */
      movers = adjacent[LOWEST (hole)] & own & ~mask;
      if (s->placing || (s->flying && (own & ~mask) != 0) || movers != 0)
        s->closable |= hole;
      /* A running mill: the piece that steps in leaves a closed mill, to step back. */
      if (!s->placing && !s->flying)
        for (guint32 p = movers; p != 0; p &= p - 1)
          {
            int from = LOWEST (p);
            guint32 a = bg_marelle_point_mill_rest[from][0];
            guint32 b = bg_marelle_point_mill_rest[from][1];

            if ((own & a) == a || (own & b) == b)
              {
                s->running++;
                break;
              }
          }
    }
}

/* One side's features, added with sign (+1 or -1) to f; to_move: whether it moves next. */
static void
side_features (const Side *me,
               const Side *them,
               gboolean    to_move,
               int         sign,
               int        *f)
{
  f[BG_MARELLE_F_PIECE] += sign * me->pieces;
  f[BG_MARELLE_F_MILL] += sign * me->mills;
  f[BG_MARELLE_F_TWO] += sign * me->twos;
  f[BG_MARELLE_F_CLOSABLE] += sign * bg_marelle_popcount32 (me->closable);
  f[BG_MARELLE_F_RUNNING] += sign * me->running;
  if (me->placing)
    {
      f[BG_MARELLE_F_PLACE_REACH] += sign * me->reach;
      f[BG_MARELLE_F_PLACE_STUCK] += sign * me->stuck;
    }
  else if (me->flying)
    f[BG_MARELLE_F_FLYING] += sign;
  else
    {
      f[BG_MARELLE_F_STEP] += sign * me->steps;
      f[BG_MARELLE_F_STUCK] += sign * me->stuck;
      if (me->steps <= 2)
        f[BG_MARELLE_F_FEW_STEPS] += sign * (3 - me->steps);
      /* Blocked: lost if he must move now, nearly so if the other side can wait. */
      if (me->steps == 0)
        f[BG_MARELLE_F_BLOCKED] += sign * (to_move ? 3 : 1);
    }
  if (to_move && me->closable != 0)
    f[BG_MARELLE_F_THREAT_TO_MOVE] += sign;
  if (!to_move && bg_marelle_popcount32 (me->closable) >= 2)
    f[BG_MARELLE_F_DOUBLE_THREAT] += sign;
  /* Three pieces left and the other side about to close a mill: the next mill ends it. */
  if (me->pieces == 3 && them->closable != 0)
    f[BG_MARELLE_F_LAST_PIECE] += sign;
}

void
bg_marelle_eval_features (const void *p,
                          int         player,
                          int        *f)
{
  const MarellePos *pos = p;
  guint32 empty = ALL_POINTS & ~(pos->board[0] | pos->board[1]);
  Side sides[2];

  side_scan (pos, 0, empty, &sides[0]);
  side_scan (pos, 1, empty, &sides[1]);
  memset (f, 0, sizeof (int) * BG_MARELLE_N_FEATURES);
  side_features (&sides[player], &sides[1 - player], pos->side == player, 1, f);
  side_features (&sides[1 - player], &sides[player], pos->side != player, -1, f);
}

const int *
bg_marelle_eval_weights (int variant)
{
  return weights[variant == VARIANT_STANDARD ? VARIANT_STANDARD : VARIANT_TRIPLE];
}

int
bg_marelle_evaluate (const void *p,
                     int         player)
{
  const MarellePos *pos = p;
  const int *w = weights[pos->variant];
  int f[BG_MARELLE_N_FEATURES], score = 0;

  bg_marelle_eval_features (p, player, f);
  for (int i = 0; i < BG_MARELLE_N_FEATURES; i++)
    score += w[i] * f[i];
  return score;
}
