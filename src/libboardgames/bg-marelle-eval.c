/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-marelle-eval.c: the evaluation of a morris position (both rule sets), which sees blocks
 *
 * Most games between engines are lost by a player left without a move, so the evaluation
 * counts each side's steps and its pieces that have none, the mills each side can close at
 * its next move (and two at once, a double threat), the running mills (a piece that shuttles
 * between two mills, closing one at each move), and the stages where the rules change:
 * placing, stepping, flying (at three pieces in standard nine men's morris, four in Marelle
 * triple) and the loss at two pieces. Weights in hundredths of a piece, one table per rule
 * set (README: how they were chosen).
 */

#include "bg-marelle-private.h"

#define ALL_POINTS ((guint32) 0xffffffu)
#define LOWEST(x) __builtin_ctz (x)

typedef struct
{
  int piece;             /* a piece on the board or in hand */
  int mill;              /* a closed mill */
  int two;               /* two pieces and an empty point of a mill */
  int closable;          /* ... whose empty point the player can fill at the next move */
  int running;           /* a piece that opens one mill by closing another */
  int step;              /* a step a piece can make (stepping stage) */
  int stuck;             /* a piece that cannot step */
  int place_reach;       /* placing: an empty point next to a piece */
  int place_stuck;       /* placing: a piece with no empty point next to it */
  int few_steps;         /* stepping with one or two steps left: each missing step */
  int blocked;           /* the player not to move has no step: he is nearly lost */
  int threat_to_move;    /* the player to move can close a mill now */
  int double_threat;     /* the player not to move threatens two mills: one will close */
  int flying;            /* a player who flies (few pieces, but every empty point) */
  int last_piece;        /* three pieces left (two at the next mill) against a threat */
} Weights;

/* Standard nine men's morris and Marelle triple (indexed by Variant). */
static const Weights weights[2] = {
  [VARIANT_TRIPLE] = { 100, 20, 10, 8, 40, 5, 8, 2, 6, 40, 350, 30, 50, 0, 80 },
  [VARIANT_STANDARD] = { 100, 25, 10, 8, 50, 5, 8, 2, 6, 40, 350, 30, 50, 0, 80 },
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

/* One side's share, from its own point of view; to_move: whether it moves next. */
static int
side_score (const Weights *w,
            const Side    *me,
            const Side    *them,
            gboolean       to_move)
{
  int score = w->piece * me->pieces + w->mill * me->mills + w->two * me->twos
              + w->closable * bg_marelle_popcount32 (me->closable) + w->running * me->running;

  if (me->placing)
    score += w->place_reach * me->reach - w->place_stuck * me->stuck;
  else if (me->flying)
    score += w->flying;
  else
    {
      score += w->step * me->steps - w->stuck * me->stuck;
      if (me->steps <= 2)
        score -= w->few_steps * (3 - me->steps);
      /* Blocked: lost if he must move now, nearly so if the other side can wait. */
      if (me->steps == 0)
        score -= to_move ? 3 * w->blocked : w->blocked;
    }
  if (to_move && me->closable != 0)
    score += w->threat_to_move;
  if (!to_move && bg_marelle_popcount32 (me->closable) >= 2)
    score += w->double_threat;
  /* Three pieces left and the other side about to close a mill: the next mill ends it. */
  if (me->pieces == 3 && them->closable != 0)
    score -= w->last_piece;
  return score;
}

int
bg_marelle_evaluate (const void *p,
                     int         player)
{
  const MarellePos *pos = p;
  const Weights *w = &weights[pos->variant];
  guint32 empty = ALL_POINTS & ~(pos->board[0] | pos->board[1]);
  Side sides[2];

  side_scan (pos, 0, empty, &sides[0]);
  side_scan (pos, 1, empty, &sides[1]);
  return side_score (w, &sides[player], &sides[1 - player], pos->side == player)
         - side_score (w, &sides[1 - player], &sides[player], pos->side != player);
}
