/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trichess-baseline.c: the first version's TRICHESS paranoid search, a measuring stick (see
 * trichess-baseline.h), as it was in the library's bg-trichess-ai.c
 *
 * Paranoid search: scores are always from the point of view of the player to move at the
 * root, who maximises; the two opponents are taken as one coalition that minimises. This
 * makes the game a two-sided one, so plain minimax alpha-beta applies (a max node, then
 * two min nodes, in turn). The non-aggression rule is part of the legal moves; the
 * evaluation counts its effect on each pair of players.
 */

#include "trichess-baseline.h"

#include "bg-search-core.h"
#include "trichess/bg-trichess.h"
#include "trichess/bg-trichess-search.h"

#include <stdlib.h>
#include <string.h>

#define TT_BITS 18
#define MAX_PLY 48
#define QUIESCE_DEPTH 6
#define INF (BG_SCORE_WIN + 1)

typedef enum
{
  TT_EXACT,
  TT_LOWER,
  TT_UPPER,
} TTFlag;

typedef struct
{
  guint64 key;
  guint32 move;
  gint32 score;
  gint8 depth;
  guint8 flag;
} TTEntry;

typedef struct
{
  BgSearch *search;
  int root;
  guint64 nodes;
  gboolean stopped;
  TTEntry *tt;
  guint32 killers[MAX_PLY][2];
  guint32 moves[MAX_PLY][TC_MAX_MOVES];
  gint32 order[MAX_PLY][TC_MAX_MOVES];
} Ai;

/* The table follows the Ai struct in the search's scratch memory. */
G_STATIC_ASSERT (sizeof (Ai) % 8 == 0);

static const int material[8] = { 0, 100, 310, 325, 500, 900, 0, 900 };

/* The first version's weights: no attacks on the kings' zones, and a bonus for being 3
 * points behind an opponent (bg-trichess-eval.c has the searches'). */
static const TcEvalWeights legacy_weights = {
  .material = { 0, 100, 310, 325, 500, 900, 0, 900 },
  .knight_step = 4, .bishop_ray = 4, .rook_ray = 3, .queen_ray = 1,
  .pawn_home = 8, .pawn_foreign = 40, .pawn_foreign_step = 20,
  .king_home = 15, .shelter = 12, .check = 60, .ahead = 25, .behind = 25, .danger = 0,
};

/* The first version's evaluation for player (paranoid: his total less the average of the
 * other two). */
static int
legacy_evaluate (const TcPosition *pos,
                 int               player)
{
  int side[TC_N_PLAYERS];

  bg_tc_evaluate_sides (pos, &legacy_weights, FALSE, side);
  return side[player] - (side[(player + 1) % 3] + side[(player + 2) % 3]) / 2;
}

/* Search */

static int
terminal_score (Ai               *ai,
                const TcPosition *pos,
                int               ply)
{
  BgStatus status = bg_trichess_rules.rule_status (pos);

  if (status.result != BG_RESULT_WIN)
    return 0;
  return status.winner == ai->root ? BG_SCORE_WIN - ply : -(BG_SCORE_WIN - ply);
}

static gboolean
poll_stop (Ai *ai)
{
  if ((++ai->nodes & 1023) == 0 && bg_search_poll (ai->search, 0, 1024))
    ai->stopped = TRUE;
  return ai->stopped;
}

static void
score_moves (Ai               *ai,
             const TcPosition *pos,
             int               ply,
             guint             n,
             guint32           tt_move)
{
  for (guint i = 0; i < n; i++)
    {
      guint32 m = ai->moves[ply][i];
      int victim = pos->board[TC_MOVE_TO (m)];
      int mover = pos->board[TC_MOVE_FROM (m)];

      if (m == tt_move)
        ai->order[ply][i] = 1 << 30;
      else if (victim != TC_EMPTY || TC_MOVE_PROMO (m) != 0)
        ai->order[ply][i] = (1 << 20) + material[TC_TYPE (victim)] * 16
                            + material[TC_MOVE_PROMO (m)] - material[TC_TYPE (mover)] / 16;
      else if (m == ai->killers[ply][0] || m == ai->killers[ply][1])
        ai->order[ply][i] = 1 << 19;
      else
        ai->order[ply][i] = 0;
    }
}

static guint32
pick (Ai   *ai,
      int   ply,
      guint i,
      guint n)
{
  return bg_search_pick_move (ai->moves[ply], ai->order[ply], i, n);
}

/* Captures and promotions only, with the static evaluation as the score of standing
 * still: a floor for the root player, a ceiling for the coalition. */
static int
quiesce (Ai               *ai,
         const TcPosition *pos,
         int               ply,
         int               qdepth,
         int               alpha,
         int               beta,
         guint             n)
{
  gboolean maxing = pos->turn == ai->root;
  int stand = legacy_evaluate (pos, ai->root);
  int best = stand;
  guint kept = 0;

  if (qdepth >= QUIESCE_DEPTH || ply >= MAX_PLY - 1)
    return stand;
  if (maxing ? stand >= beta : stand <= alpha)
    return stand;
  if (maxing)
    alpha = MAX (alpha, stand);
  else
    beta = MIN (beta, stand);
  for (guint i = 0; i < n; i++)
    {
      guint32 m = ai->moves[ply][i];

      if (pos->board[TC_MOVE_TO (m)] != TC_EMPTY || TC_MOVE_PROMO (m) != 0)
        ai->moves[ply][kept++] = m;
    }
  score_moves (ai, pos, ply, kept, 0);
  for (guint i = 0; i < kept; i++)
    {
      guint32 m = pick (ai, ply, i, kept);
      TcPosition child = *pos;
      guint cn;
      int score;

      if (poll_stop (ai))
        return 0;
      bg_tc_play (&child, m);
      cn = bg_tc_legal_moves (&child, ai->moves[ply + 1]);
      score = cn == 0 ? terminal_score (ai, &child, ply + 1)
                      : quiesce (ai, &child, ply + 1, qdepth + 1, alpha, beta, cn);
      if (maxing ? score > best : score < best)
        best = score;
      if (maxing)
        alpha = MAX (alpha, score);
      else
        beta = MIN (beta, score);
      if (alpha >= beta)
        break;
    }
  return best;
}

static inline int
to_tt (int score,
       int ply)
{
  return score > BG_SCORE_WIN_MIN ? score + ply : score < -BG_SCORE_WIN_MIN ? score - ply : score;
}

static inline int
from_tt (int score,
         int ply)
{
  return score > BG_SCORE_WIN_MIN ? score - ply : score < -BG_SCORE_WIN_MIN ? score + ply : score;
}

static int
paranoid (Ai               *ai,
          const TcPosition *pos,
          int               depth,
          int               ply,
          int               alpha,
          int               beta)
{
  gboolean maxing = pos->turn == ai->root;
  guint64 key = bg_trichess_rules.key (pos);
  TTEntry *e = &ai->tt[key & ((1u << TT_BITS) - 1)];
  int orig_alpha = alpha, orig_beta = beta, best = maxing ? -INF : INF;
  guint32 tt_move = 0, best_move = 0;
  guint n;

  if (poll_stop (ai))
    return 0;
  n = bg_tc_legal_moves (pos, ai->moves[ply]);
  if (n == 0)
    return terminal_score (ai, pos, ply);
  if (depth <= 0 || ply >= MAX_PLY - 1)
    return quiesce (ai, pos, ply, 0, alpha, beta, n);
  if (e->key == key)
    {
      int s = from_tt (e->score, ply);

      tt_move = e->move;
      if (e->depth >= depth
          && (e->flag == TT_EXACT || (e->flag == TT_LOWER && s >= beta)
              || (e->flag == TT_UPPER && s <= alpha)))
        return s;
    }
  score_moves (ai, pos, ply, n, tt_move);
  for (guint i = 0; i < n; i++)
    {
      guint32 m = pick (ai, ply, i, n);
      TcPosition child = *pos;
      int score;

      bg_tc_play (&child, m);
      score = paranoid (ai, &child, depth - 1, ply + 1, alpha, beta);
      if (ai->stopped)
        return 0;
      if (maxing ? score > best : score < best)
        {
          best = score;
          best_move = m;
        }
      if (maxing)
        alpha = MAX (alpha, score);
      else
        beta = MIN (beta, score);
      if (alpha >= beta)
        {
          if (pos->board[TC_MOVE_TO (m)] == TC_EMPTY && ai->killers[ply][0] != m)
            {
              ai->killers[ply][1] = ai->killers[ply][0];
              ai->killers[ply][0] = m;
            }
          break;
        }
    }
  e->key = key;
  e->move = best_move;
  e->score = to_tt (best, ply);
  e->depth = (gint8) depth;
  e->flag = best <= orig_alpha ? TT_UPPER : best >= orig_beta ? TT_LOWER : TT_EXACT;
  return best;
}

typedef struct
{
  guint32 move;
  int score;
  int noise;
} RootMove;

static int
compare_root (const void *a,
              const void *b)
{
  const RootMove *x = a, *y = b;
  int sx = x->score + x->noise, sy = y->score + y->noise;

  return (sy > sx) - (sy < sx);
}

/* One iteration over the root moves (a max node); with noise every move gets an exact
 * score so that a weak level can choose among them. Returns FALSE when stopped. */
static gboolean
search_root (Ai               *ai,
             const TcPosition *pos,
             RootMove         *root,
             guint             n,
             int               depth,
             gboolean          noisy)
{
  int alpha = -INF;

  for (guint i = 0; i < n; i++)
    {
      TcPosition child = *pos;
      int score;

      bg_tc_play (&child, root[i].move);
      score = paranoid (ai, &child, depth - 1, 1, noisy ? -INF : alpha, INF);
      if (ai->stopped)
        return FALSE;
      root[i].score = score;
      if (ABS (score) > BG_SCORE_WIN_MIN)
        root[i].noise = 0;
      alpha = MAX (alpha, score);
    }
  qsort (root, n, sizeof *root, compare_root);
  return TRUE;
}

gboolean
trichess_baseline_search (BgSearch             *search,
                          const TcPosition     *pos,
                          int                   max_depth,
                          int                   noise,
                          const BgSearchLimits *limits,
                          BgSearchResult       *result)
{
  gsize tt_size = sizeof (TTEntry) << TT_BITS;
  guint8 *scratch = bg_search_get_scratch (search, sizeof (Ai) + tt_size);
  Ai *ai = memset (scratch, 0, sizeof (Ai));
  TTEntry *tt = memset (scratch + sizeof (Ai), 0, tt_size);
  g_autofree RootMove *root = g_new (RootMove, TC_MAX_MOVES);
  g_autoptr (GRand) rand = limits->seed ? g_rand_new_with_seed (limits->seed) : g_rand_new ();
  gint64 start = g_get_monotonic_time ();
  guint n;

  ai->search = search;
  ai->root = pos->turn;
  ai->tt = tt;
  n = bg_tc_legal_moves (pos, ai->moves[0]);
  if (n == 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      root[i].move = ai->moves[0][i];
      root[i].score = 0;
      root[i].noise = noise > 0 ? g_rand_int_range (rand, 0, noise + 1) : 0;
    }
  result->move = root[0].move;
  for (int depth = 1; depth <= max_depth && n > 1; depth++)
    {
      if (!search_root (ai, pos, root, n, depth, noise > 0))
        break;
      result->move = root[0].move;
      result->score = root[0].score;
      result->depth = (guint) depth;
      if (ABS (root[0].score) > BG_SCORE_WIN_MIN && noise == 0)
        break;
      if (limits->time_limit_ms > 0
          && g_get_monotonic_time () - start > limits->time_limit_ms * 1000 / 2)
        break;
    }
  result->nodes = ai->nodes;
  result->pv[0] = result->move;
  result->pv_len = 1;
  return TRUE;
}
