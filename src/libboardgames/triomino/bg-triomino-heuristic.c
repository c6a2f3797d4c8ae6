/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-heuristic.c: the Triomino players that do not look ahead: greedy, and the
 * heuristic of level 3 (see bg-triomino-heuristic.h) */

#include "bg-triomino-heuristic.h"

#include <string.h>

#include "bg-random.h"

#define ALL_TILES ((G_GUINT64_CONSTANT (1) << TRI_N_TILES) - 1)
#define BIT(t) (G_GUINT64_CONSTANT (1) << (t))
/* Weights of the strong player (tenths of a point), tuned on bg_triomino_bench(): keeping
 * a high tile for a bonus spot, shedding a 0 or a 1, and the bonus spots a placement
 * opens to the others or to oneself. */
#define W_KEEP 6
#define W_LOW 5
#define W_SPOT 10

/* Greedy */

BgMove
tri_ai_greedy (const TriPosition *pos,
               const BgMove      *moves,
               guint              n,
               int                noise,
               guint64           *rng)
{
  BgMove best = moves[0];
  int best_score = G_MININT;

  for (guint i = 0; i < n; i++)
    {
      BgTriominoScore score;
      int value;

      if (!TRI_MOVE_IS_PLACE (moves[i]))
        return moves[i];
      tri_score_placement (pos, moves[i], &score);
      value = score.total * 16;
      if (noise > 0)
        value += (int) (bg_random_next (rng) % (guint64) (noise * 16));
      if (value > best_score)
        best_score = value, best = moves[i];
    }
  return best;
}

/* Strong */

typedef struct
{
  const TriPosition *pos;
  int me;
  guint64 unknown;        /* tiles in other hands or the pile */
  int n_unknown;
  int opp_tiles;          /* tiles in the other hands */
  int min_opp_hand;
  int my_hand;
  int my_lead;            /* my score minus the best other score */
  gboolean pile_empty;
} StrongContext;

/* How many tiles of set fit the empty frontier triangle (row, col). */
static int
count_fitting (const TriPosition *pos,
               int                row,
               int                col,
               guint64            set,
               int               *best_sum)
{
  int tiles[6], perms[6];
  int n = tri_fitting_tiles (pos, row, col, set, tiles, perms);

  *best_sum = 0;
  for (int i = 0; i < n; i++)
    *best_sum = MAX (*best_sum, tri_tile_sum (tiles[i]));
  return n;
}

static gboolean
in_frontier (const TriPosition *pos,
             int                row,
             int                col)
{
  if (tri_occupied (pos, row, col))
    return FALSE;
  for (int side = 0; side < 3; side++)
    {
      int nr, nc;

      if (tri_side_neighbour (row, col, side, &nr, &nc) && tri_occupied (pos, nr, nc))
        return TRUE;
    }
  return FALSE;
}

/* What the bonus spots among the triangles around (row, col) are worth: to the other
 * players (the chance that one of them holds a fitting tile times the bonus) against
 * what they are worth to me (a fitting tile of mine, if nobody takes the spot first). */
static int
spots_value (const StrongContext *ctx,
             const TriPosition   *pos,
             guint64              my_hand,
             int                  row,
             int                  col)
{
  int total = 0;

  for (int r = row - 1; r <= row + 1; r++)
    for (int c = col - 2; c <= col + 2; c++)
      {
        int bonus, fit, best_sum, mine, my_sum;
        double f, p_them;

        if (!in_frontier (pos, r, c))
          continue;
        bonus = tri_spot_bonus (pos, r, c, NULL, NULL, NULL);
        if (bonus == 0)
          continue;
        fit = count_fitting (pos, r, c, ctx->unknown, &best_sum);
        f = ctx->n_unknown > 0 ? (double) fit / ctx->n_unknown : 0;
        /* The chance that at least one of the opponents' tiles fits. */
        p_them = 1.0;
        for (int k = 0; k < ctx->opp_tiles; k++)
          p_them *= 1.0 - f;
        p_them = 1.0 - p_them;
        total -= (int) (p_them * (bonus + best_sum));
        mine = count_fitting (pos, r, c, my_hand, &my_sum);
        if (mine > 0)
          total += (int) ((1.0 - p_them) * (bonus + my_sum) * 0.6);
      }
  return total;
}

/* The tiles of hand that fit somewhere on the board. */
static int
placeable_tiles (const TriPosition *pos,
                 guint64            hand,
                 BgMove            *buf)
{
  guint n = tri_placements (pos, hand, buf);
  guint64 seen = 0;

  for (guint i = 0; i < n; i++)
    seen |= BIT (TRI_MOVE_TILE (buf[i]));
  return __builtin_popcountll (seen);
}

static int
low_values (int tile)
{
  const guint8 *v = tri_tile_values (tile);
  int n = 0;

  for (int i = 0; i < 3; i++)
    n += v[i] <= 1;
  return n;
}

static int
strong_value (const StrongContext *ctx,
              TriPosition         *after,
              BgMove               move,
              BgMove              *buf)
{
  const TriPosition *pos = ctx->pos;
  BgTriominoScore score;
  int tile = TRI_MOVE_TILE (move), row = TRI_MOVE_ROW (move), col = TRI_MOVE_COL (move);
  guint64 hand = pos->hands[ctx->me] & ~BIT (tile);
  int left = ctx->my_hand - 1, value, fitting, endgame;

  tri_score_placement (pos, move, &score);
  value = score.total * 10;
  if (left == 0)
    return value + 100000;  /* going out: 25 + every tile left in the other hands */

  /* Keep high tiles for the bonus spots while the hand is full; shed 0s and 1s. */
  if (score.bonus == 0 && left >= 3)
    value -= tri_tile_sum (tile) * W_KEEP;
  value += low_values (tile) * W_LOW;

  /* What the placement leaves to the next players, against what was there already. */
  memcpy (after, pos, sizeof *after);
  value -= spots_value (ctx, pos, hand, row, col) * W_SPOT;
  tri_place_unchecked (after, tile, TRI_MOVE_PERM (move), row, col);
  value += spots_value (ctx, after, hand, row, col) * W_SPOT;

  /* A hand with nothing to place costs draws; the fewer tiles that fit, the riskier. */
  fitting = placeable_tiles (after, hand, buf);
  if (fitting == 0)
    value -= ctx->pile_empty ? 60 : 120;
  else if (fitting == 1)
    value -= 30;

  /* Near the end of the round the tiles left in hand go to whoever goes out: get rid of
   * the heavy ones, the more so when an opponent is close to going out. */
  endgame = ctx->min_opp_hand <= 2 || left <= 2;
  if (endgame)
    value -= tri_hand_total (hand) * (ctx->min_opp_hand <= 1 ? 12 : 6);
  return value;
}

static void
strong_context_init (StrongContext     *ctx,
                     const TriPosition *pos)
{
  guint64 known = pos->hands[pos->turn];
  int best_other = G_MININT;

  *ctx = (StrongContext) { pos, pos->turn, 0, 0, 0, TRI_N_TILES, 0, 0, pos->pile_count == 0 };
  for (int i = 0; i < pos->n_placed; i++)
    known |= BIT (pos->placed[i].tile);
  ctx->unknown = ALL_TILES & ~known;
  ctx->n_unknown = __builtin_popcountll (ctx->unknown);
  ctx->my_hand = __builtin_popcountll (pos->hands[pos->turn]);
  for (int p = 0; p < pos->n_players; p++)
    if (p != pos->turn)
      {
        int count = tri_hand_count (pos, p);

        ctx->opp_tiles += count;
        ctx->min_opp_hand = MIN (ctx->min_opp_hand, count);
        best_other = MAX (best_other, pos->scores[p]);
      }
  ctx->my_lead = pos->scores[pos->turn] - best_other;
}

void
tri_ai_rate (const TriPosition *pos,
             const BgMove      *moves,
             guint              n,
             int               *values)
{
  g_autofree TriPosition *after = g_new (TriPosition, 1);
  g_autofree BgMove *buf = g_new (BgMove, TRI_MAX_MOVES);
  StrongContext ctx;

  strong_context_init (&ctx, pos);
  for (guint i = 0; i < n; i++)
    values[i] = TRI_MOVE_IS_PLACE (moves[i]) ? strong_value (&ctx, after, moves[i], buf) : 0;
}

BgMove
tri_ai_heuristic (const TriPosition *pos,
                  const BgMove      *moves,
                  guint              n,
                  int                noise,
                  guint64           *rng,
                  TriPosition       *after,
                  BgMove            *buf)
{
  StrongContext ctx;
  BgMove best = moves[0];
  int best_value = G_MININT;

  if (n == 1 || !TRI_MOVE_IS_PLACE (moves[0]))
    return moves[0];
  strong_context_init (&ctx, pos);
  for (guint i = 0; i < n; i++)
    {
      int value = strong_value (&ctx, after, moves[i], buf);

      if (noise > 0)
        value += (int) bg_random_below (rng, (guint) noise);
      if (value > best_value)
        best_value = value, best = moves[i];
    }
  return best;
}
