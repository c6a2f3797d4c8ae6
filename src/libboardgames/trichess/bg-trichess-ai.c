/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-ai.c: the TRICHESS computer player: the choice of search by level, and the
 * first version's paranoid search kept as a baseline (the searches the levels play, paranoid
 * and Best-Reply, are in bg-trichess-search.c, the evaluation in bg-trichess-eval.c)
 *
 * Paranoid search: scores are always from the point of view of the player to move at the
 * root, who maximises; the two opponents are taken as one coalition that minimises. This
 * makes the game a two-sided one, so plain minimax alpha-beta applies (a max node, then
 * two min nodes, in turn). The non-aggression rule is part of the legal moves; the
 * evaluation counts its effect on each pair of players.
 */

#include "bg-trichess-ai.h"

#include "bg-random.h"
#include "bg-search-core.h"

#include "bg-trichess.h"
#include "bg-trichess-search.h"

#include <stdio.h>
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

int
bg_trichess_evaluate (const TcPosition *pos,
                      int               player)
{
  return bg_tc_evaluate (pos, player, FALSE);
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
  int stand = bg_tc_evaluate (pos, ai->root, TRUE);
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

/* The depth, noise, varied play and search of a level (or of limits set by hand). */
static void
level_settings (const BgSearchLimits *limits,
                int                  *depth,
                int                  *noise,
                int                  *vary,
                int                  *shallow,
                int                  *algorithm)
{
  /* Measured (boardgames-engine tournament trichess, a draw at 600 plies; README): at fixed
   * depths 2 plies beat 1 by +42 +- 28 Elo, 3 beat 2 by +102 +- 41, but 4 beat 3 by only
   * +33 +- 38; a search without a depth cap, 5 plies or so at the tournament's budget, did
   * no better against level 5 than 4 plies. Depth pays until each opponent has replied, so
   * the levels are made from 1 to 4 plies: noise at the first two, varied openings at levels
   * 3 to 5, and a level 5 that searches a ply less at half of its moves (drawn from the seed
   * and the move's number), between 2 and 3 plies. Noise in the evaluation instead hardly
   * weakened 3 plies (the plain search scored +27 +- 39 against a spread of 200). Level 6
   * searches as deep as its time allows, but never an iteration of 5 plies (see
   * bg-trichess-search.c's next_depth): after 4 plies it goes on to 6, which played as
   * well as 4 at the tournament's budget and uses the app's time (deeper there is not
   * measured). */
  static const int depths[] = { 1, 1, 1, 2, 3, 12 };
  static const int noises[] = { 300, 100, 0, 0, 0, 0 };
  static const int varies[] = { 0, 0, 30, 30, 20, 0 };
  static const int shallows[] = { 0, 0, 0, 0, 50, 0 };

  /* Against the baseline at level 6 (boardgames-engine tournament trichess --algorithms):
   * at 100 ms a move, 60 games, paranoid +41 +- 76 Elo, Best-Reply Search -47 +- 75; the
   * paranoid search as it is now, at equal time (nodes in proportion to each one's speed,
   * 102 games), +34 +- 48. Best-Reply Search against it at equal time: -38 +- 45. */
  *algorithm = limits->algorithm != BG_TRICHESS_DEFAULT ? limits->algorithm
                                                        : BG_TRICHESS_PARANOID;
  if (limits->level >= BG_LEVEL_MIN && limits->level <= BG_LEVEL_MAX)
    {
      *depth = depths[limits->level - BG_LEVEL_MIN];
      *noise = noises[limits->level - BG_LEVEL_MIN];
      *vary = varies[limits->level - BG_LEVEL_MIN];
      *shallow = shallows[limits->level - BG_LEVEL_MIN];
    }
  else
    {
      *depth = (int) CLAMP (limits->max_depth, 1, MAX_PLY - 8);
      *noise = limits->noise;
      *vary = limits->vary;
      *shallow = 0;
    }
}

/* The paranoid search of pos (not over) after bg_search_begin(); fills result and returns
 * TRUE. */
static gboolean
run_paranoid (BgSearch             *search,
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

static gboolean
run_search (BgSearch             *search,
            const TcPosition     *pos,
            const guint64        *history,
            guint                 n_history,
            const BgSearchLimits *limits,
            BgSearchResult       *result)
{
  BgSearchLimits level = *limits;
  int depth, noise, shallow, algorithm;

  level_settings (limits, &depth, &noise, &level.vary, &shallow, &algorithm);
  /* A level that sometimes looks a ply less deep: drawn from the game's seed and the move's
   * number, so that a saved game replays. */
  if (shallow > 0 && depth > 1
      && bg_random_hash ((guint64) limits->seed << 32 | n_history) % 100 < (guint64) shallow)
    depth--;
  if (algorithm == BG_TRICHESS_BASELINE)
    return run_paranoid (search, pos, depth, noise, &level, result);
  return bg_tc_search_run (search, pos, history, n_history, depth, noise,
                           algorithm == BG_TRICHESS_PARANOID, &level, result);
}

gboolean
bg_trichess_search (BgSearch             *search,
                    const BgGame         *game,
                    const BgSearchLimits *limits,
                    BgSearchResult       *result)
{
  guint n_keys;
  const guint64 *keys = bg_game_get_keys (game, &n_keys);

  /* The keys before the current position, for repetitions. */
  return run_search (search, bg_game_get_position (game), keys, n_keys - 1, limits, result);
}

/* Benchmark */

static guint64
perft (const TcPosition *pos,
       int               depth)
{
  guint32 moves[TC_MAX_MOVES];
  guint n = bg_tc_legal_moves (pos, moves);
  guint64 total = 0;

  if (depth <= 1)
    return n;
  for (guint i = 0; i < n; i++)
    {
      TcPosition child = *pos;

      bg_tc_play (&child, moves[i]);
      total += perft (&child, depth - 1);
    }
  return total;
}

static void
start_position (TcPosition *pos,
                int         level)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  static const char *const names[] = { "prolapsus", "hexagonal", "pax" };

  g_hash_table_insert (options, (char *) "board", (char *) names[level]);
  bg_trichess_rules.init (pos, options, NULL);
}

void
bg_trichess_bench (void)
{
  static const char *const names[] = { "prolapsus", "hexagonal", "pax" };
  g_autoptr (BgSearch) search = bg_search_new ();

  for (int level = 0; level < TC_N_LEVELS; level++)
    {
      TcPosition pos;
      gint64 t0;
      guint64 leaves;
      double secs;

      start_position (&pos, level);
      t0 = g_get_monotonic_time ();
      leaves = perft (&pos, 6);
      secs = (g_get_monotonic_time () - t0) / 1e6;
      printf ("trichess %-9s perft 6: %" G_GUINT64_FORMAT " leaves in %.2f s, %.1f M/s\n",
              names[level], leaves, secs, leaves / secs / 1e6);
    }
  /* The baseline, then Best-Reply Search and the paranoid search on one and two threads,
   * at a fixed time. */
  for (int config = 0; config < 5; config++)
    for (int level = 0; level < TC_N_LEVELS; level++)
      {
        static const int algorithms[] = {
          BG_TRICHESS_BASELINE, BG_TRICHESS_BRS, BG_TRICHESS_BRS, BG_TRICHESS_PARANOID,
          BG_TRICHESS_PARANOID,
        };
        static const char *const labels[] = { "baseline", "brs", "brs", "paranoid", "paranoid" };
        BgSearchLimits limits = { .max_depth = 40, .time_limit_ms = 2000, .seed = 1,
                                  .threads = config == 2 || config == 4 ? 2 : 1,
                                  .algorithm = algorithms[config] };
        BgSearchResult result = { 0 };
        TcPosition pos;
        char text[32];
        gint64 t0;
        double secs;

        start_position (&pos, level);
        t0 = g_get_monotonic_time ();
        bg_search_clear (search);
        bg_search_begin (search, &limits);
        run_search (search, &pos, NULL, 0, &limits, &result);
        secs = (g_get_monotonic_time () - t0) / 1e6;
        bg_trichess_rules.format_move (&pos, result.move, text, sizeof text);
        printf ("trichess %-9s %-8s %u thread(s): depth %2u, %9" G_GUINT64_FORMAT
                " nodes in %.2f s, %5.0f k nodes/s, move %s\n", names[level], labels[config],
                limits.threads, result.depth, result.nodes, secs, result.nodes / secs / 1e3,
                text);
      }
}
