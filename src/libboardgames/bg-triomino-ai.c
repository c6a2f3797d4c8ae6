/* bg-triomino-ai.c: the Triomino computer players and their benchmark */

#include "bg-triomino-ai.h"

#include <stdio.h>
#include <string.h>

#include "bg-triomino-board.h"

#define ALL_TILES ((G_GUINT64_CONSTANT (1) << TRI_N_TILES) - 1)
#define BIT(t) (G_GUINT64_CONSTANT (1) << (t))
/* Weights of the strong player (tenths of a point), tuned on bg_triomino_bench(): keeping
 * a high tile for a bonus spot, shedding a 0 or a 1, and the bonus spots a placement
 * opens to the others or to oneself. */
#define W_KEEP 6
#define W_LOW 5
#define W_SPOT 10

static guint64
rng_next (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* Greedy */

static BgMove
choose_greedy (const TriPosition *pos,
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
        value += (int) (rng_next (rng) % (guint64) (noise * 16));
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

static BgMove
choose_strong (const TriPosition *pos,
               const BgMove      *moves,
               guint              n,
               BgSearch          *search,
               int               *best_value)
{
  g_autofree TriPosition *after = g_new (TriPosition, 1);
  g_autofree BgMove *buf = g_new (BgMove, TRI_MAX_MOVES);
  StrongContext ctx = { pos, pos->turn, 0, 0, 0, TRI_N_TILES, 0, 0, pos->pile_count == 0 };
  guint64 known = pos->hands[pos->turn];
  BgMove best = moves[0];
  int best_other = G_MININT;

  *best_value = 0;
  if (n == 1 || !TRI_MOVE_IS_PLACE (moves[0]))
    return moves[0];
  for (int i = 0; i < pos->n_placed; i++)
    known |= BIT (pos->placed[i].tile);
  ctx.unknown = ALL_TILES & ~known;
  ctx.n_unknown = __builtin_popcountll (ctx.unknown);
  ctx.my_hand = __builtin_popcountll (pos->hands[pos->turn]);
  for (int p = 0; p < pos->n_players; p++)
    if (p != pos->turn)
      {
        int count = __builtin_popcountll (pos->hands[p]);

        ctx.opp_tiles += count;
        ctx.min_opp_hand = MIN (ctx.min_opp_hand, count);
        best_other = MAX (best_other, pos->scores[p]);
      }
  ctx.my_lead = pos->scores[pos->turn] - best_other;

  *best_value = G_MININT;
  for (guint i = 0; i < n; i++)
    {
      int value;

      if (search != NULL && i > 0 && bg_search_should_stop (search))
        break;
      value = strong_value (&ctx, after, moves[i], buf);
      if (value > *best_value)
        *best_value = value, best = moves[i];
    }
  return best;
}

BgMove
bg_triomino_ai_choose (const void *data,
                       int         level,
                       guint64    *rng,
                       BgSearch   *search)
{
  const TriPosition *pos = data;
  g_autofree BgMove *moves = g_new (BgMove, TRI_MAX_MOVES);
  guint n = tri_legal_moves (pos, moves);
  int value;

  if (n == 0)
    return BG_MOVE_NONE;
  if (level == 1 || level == 2)
    return choose_greedy (pos, moves, n, level == 1 ? 12 : 0, rng);
  return choose_strong (pos, moves, n, search, &value);
}

gboolean
bg_triomino_ai_search (BgSearch             *search,
                       const BgGame         *game,
                       const BgSearchLimits *limits,
                       BgSearchResult       *result)
{
  const TriPosition *pos = bg_game_get_position (game);
  guint64 rng = limits->seed != 0 ? limits->seed : (guint64) g_get_monotonic_time ();
  BgMove move;

  rng ^= bg_game_get_key (game);
  move = bg_triomino_ai_choose (pos, limits->level, &rng, search);
  if (move == BG_MOVE_NONE)
    return FALSE;
  result->move = move;
  result->depth = 1;
  result->nodes = 1;
  result->pv_len = 1;
  result->pv[0] = move;
  result->score = TRI_MOVE_IS_PLACE (move) ? tri_tile_sum (TRI_MOVE_TILE (move)) : 0;
  return TRUE;
}

/* Benchmark */

static int
play_game (TriPosition *pos,
           const int   *levels,
           guint32      seed,
           guint       *n_rounds)
{
  guint64 rng = seed;
  int start_round;

  tri_setup (pos, 4, seed, FALSE, 400);
  start_round = pos->round;
  while (!pos->game_over)
    {
      BgMove move = bg_triomino_ai_choose (pos, levels[pos->turn], &rng, NULL);

      tri_play (pos, move);
    }
  *n_rounds += pos->round - start_round + 1;
  return 0;
}

static void
bench_rounds (guint n_rounds)
{
  g_autofree TriPosition *pos = g_new (TriPosition, 1);
  g_autofree BgMove *moves = g_new (BgMove, TRI_MAX_MOVES);
  gint64 start = g_get_monotonic_time ();
  guint64 rng = 1, n_moves = 0;
  double seconds;

  for (guint i = 0; i < n_rounds; i++)
    {
      tri_setup (pos, 4, i + 1, FALSE, 400);
      while (pos->round == 0 && !pos->game_over)
        {
          guint n = tri_legal_moves (pos, moves);

          tri_play (pos, choose_greedy (pos, moves, n, 0, &rng));
          n_moves++;
        }
    }
  seconds = (g_get_monotonic_time () - start) / 1e6;
  printf ("triomino: %u greedy 4-player rounds in %.3f s: %.0f rounds/s (%.1f moves/round)\n",
          n_rounds, seconds, n_rounds / seconds, (double) n_moves / n_rounds);
}

void
bg_triomino_bench (guint n_games)
{
  g_autofree TriPosition *pos = g_new (TriPosition, 1);
  gint64 start;
  guint wins[2] = { 0, 0 }, seats[2] = { 0, 0 }, n_rounds = 0;
  gint64 sums[2] = { 0, 0 };
  double draws = 0;

  bench_rounds (20000);
  start = g_get_monotonic_time ();
  for (guint g = 0; g < n_games; g++)
    {
      int levels[4] = { 2, 2, 2, 2 }, strong = g % 4, best = 0, n_best = 0;

      levels[strong] = 5;
      play_game (pos, levels, g + 1, &n_rounds);
      for (int p = 0; p < 4; p++)
        {
          int type = p == strong ? 0 : 1;

          seats[type]++;
          sums[type] += pos->scores[p];
          if (n_best == 0 || pos->scores[p] > pos->scores[best])
            best = p, n_best = 1;
          else if (pos->scores[p] == pos->scores[best])
            n_best++;
        }
      if (n_best == 1)
        wins[best == strong ? 0 : 1]++;
      else
        draws++;
    }
  printf ("triomino: %u 4-player games (1 strong seat rotating, 3 greedy), %u rounds, "
          "%.1f s\n", n_games, n_rounds, (g_get_monotonic_time () - start) / 1e6);
  printf ("  strong: won %u (%.1f%%, fair share 25%%), average score %.1f\n", wins[0],
          100.0 * wins[0] / MAX (n_games, 1), (double) sums[0] / MAX (seats[0], 1));
  printf ("  greedy: won %u (%.1f%% of games, %.1f%% per seat), average score %.1f\n",
          wins[1], 100.0 * wins[1] / MAX (n_games, 1), 100.0 * wins[1] / MAX (n_games, 1) / 3,
          (double) sums[1] / MAX (seats[1], 1));
  if (draws > 0)
    printf ("  ties for first: %.0f\n", draws);
}
