/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-search.c: iterative-deepening alpha-beta for the two-player games
 *
 * Each thread of a search is a Worker with its own positions, move lists, ordering tables
 * and path; they share only the transposition table (bg-search-core.c). Thread 0 gives the
 * result; the helpers (Lazy SMP) take the root moves in another order, and every thread
 * leaves a move into a node that another is searching for after its other moves, so that
 * they fill the table with what thread 0 is about to need.
 */

#include "bg-search.h"

#include "bg-search-core.h"

#include <stdlib.h>
#include <string.h>

#define HISTORY_SIZE 4096
#define REP_FILTER_SIZE 4096
#define SCORE_INF (BG_SCORE_WIN + 1)
#define CHECK_INTERVAL 1023
#define SORTED_MOVES 6

typedef struct
{
  BgSearch *search;
  guint thread;
  const BgRules *rules;
  guint8 *positions;           /* one position per ply */
  BgMove *moves;               /* max_moves per ply */
  gint32 *order;               /* ordering scores, max_moves per ply */
  BgMove killers[BG_SEARCH_MAX_PLY][2];
  guint32 history[HISTORY_SIZE];
  BgMove pv[BG_SEARCH_MAX_PLY][BG_SEARCH_MAX_PLY];
  guint pv_len[BG_SEARCH_MAX_PLY];

  /* The keys of the game so far and of the current search path, for repetitions. */
  GArray *path;
  guint16 rep_filter[REP_FILTER_SIZE];

  guint features_off;          /* BgSearchLimits.features_off */

  guint64 nodes;
  gboolean stopped;
  guint completed;             /* the deepest iteration completed, and its move and score */
  BgMove best_move;
  int best_score;
} Worker;

static Worker *
worker_new (BgSearch      *search,
            guint          thread,
            const BgRules *rules,
            guint          features_off)
{
  Worker *w = g_new0 (Worker, 1);

  w->features_off = features_off;
  w->search = search;
  w->thread = thread;
  w->rules = rules;
  w->positions = g_malloc0 ((gsize) (BG_SEARCH_MAX_PLY + 1) * rules->position_size);
  w->moves = g_new (BgMove, (gsize) BG_SEARCH_MAX_PLY * rules->max_moves);
  w->order = g_new (gint32, (gsize) BG_SEARCH_MAX_PLY * rules->max_moves);
  w->path = g_array_new (FALSE, FALSE, sizeof (guint64));
  memset (w->killers, 0xff, sizeof w->killers);
  return w;
}

static void
worker_free (Worker *w)
{
  if (w == NULL)
    return;
  g_free (w->positions);
  g_free (w->moves);
  g_free (w->order);
  g_array_unref (w->path);
  g_free (w);
}

static inline void *
pos_at (Worker *w,
        guint   ply)
{
  return w->positions + (gsize) ply * w->rules->position_size;
}

static inline guint
history_slot (BgMove move)
{
  return (move * 2654435761u) >> 20 & (HISTORY_SIZE - 1);
}

static inline void
path_push (Worker  *w,
           guint64  key)
{
  g_array_append_val (w->path, key);
  w->rep_filter[key & (REP_FILTER_SIZE - 1)]++;
}

static inline void
path_pop (Worker *w)
{
  guint64 key = g_array_index (w->path, guint64, w->path->len - 1);

  w->rep_filter[key & (REP_FILTER_SIZE - 1)]--;
  g_array_set_size (w->path, w->path->len - 1);
}

/* Whether key occurred earlier in the game or on the search path. The filter makes the
 * common case (no possible repetition) cost one memory read. */
static gboolean
path_repeats (Worker  *w,
              guint64  key)
{
  const guint64 *keys = (const guint64 *) w->path->data;

  if (w->rep_filter[key & (REP_FILTER_SIZE - 1)] == 0)
    return FALSE;
  for (guint i = w->path->len; i-- > 0;)
    if (keys[i] == key)
      return TRUE;
  return FALSE;
}

/* The score of a position with no legal move, for the player to move. */
static int
terminal_score (const BgRules *rules,
                const void    *pos,
                guint          ply)
{
  BgStatus status = rules->rule_status (pos);
  int me = rules->player_to_move (pos);

  if (status.result == BG_RESULT_DRAW)
    return 0;
  if (status.result == BG_RESULT_WIN)
    return status.winner == me ? BG_SCORE_WIN - (int) ply : -(BG_SCORE_WIN - (int) ply);
  return rules->no_move_loses ? -(BG_SCORE_WIN - (int) ply) : 0;
}

/* The order of moves: the table's move, captures (by history), the killers, the rest by
 * history. */
#define ORDER_CAPTURE 0x60000000
#define ORDER_KILLER 0x50000000
#define ORDER_HISTORY_MAX 0x3fffffff

static inline gboolean
is_capture (Worker     *w,
            const void *pos,
            BgMove      m)
{
  return w->rules->move_is_capture != NULL && w->rules->move_is_capture (pos, m);
}

static void
score_moves (Worker     *w,
             const void *pos,
             guint       ply,
             guint       n,
             BgMove      tt_move)
{
  BgMove *moves = w->moves + (gsize) ply * w->rules->max_moves;
  gint32 *order = w->order + (gsize) ply * w->rules->max_moves;
  gboolean captures = w->rules->move_is_capture != NULL
                      && !(w->features_off & BG_SEARCH_FEATURE_CAPTURES);

  for (guint i = 0; i < n; i++)
    {
      BgMove m = moves[i];
      guint32 h = w->history[history_slot (m)];

      if (m == tt_move)
        order[i] = G_MAXINT32;
      else if (!captures)
        order[i] = m == w->killers[ply][0] ? G_MAXINT32 - 1
                   : m == w->killers[ply][1] ? G_MAXINT32 - 2
                   : (gint32) MIN (h, G_MAXINT32 - 3);
      else if (w->rules->move_is_capture (pos, m))
        order[i] = ORDER_CAPTURE + (gint32) MIN (h, ORDER_HISTORY_MAX);
      else if (m == w->killers[ply][0] || m == w->killers[ply][1])
        order[i] = ORDER_KILLER + (m == w->killers[ply][0]);
      else
        order[i] = (gint32) MIN (h, ORDER_HISTORY_MAX);
    }
}

/* The best remaining move, brought to index i (bg_search_pick_move()). */
static BgMove
pick_move (Worker *w,
           guint   ply,
           guint   i,
           guint   n)
{
  BgMove *moves = w->moves + (gsize) ply * w->rules->max_moves;
  gint32 *order = w->order + (gsize) ply * w->rules->max_moves;

  /* Past the first few moves a cut-off is rare: take the rest in generation order. */
  if (i >= SORTED_MOVES)
    return moves[i];
  return bg_search_pick_move (moves, order, i, n);
}

static void
note_cutoff (Worker *w,
             guint   ply,
             BgMove  move,
             int     depth)
{
  guint32 *h = &w->history[history_slot (move)];

  if (w->killers[ply][0] != move)
    {
      w->killers[ply][1] = w->killers[ply][0];
      w->killers[ply][0] = move;
    }
  *h += (guint32) (depth * depth);
  if (*h > (1u << 30))
    for (guint i = 0; i < HISTORY_SIZE; i++)
      w->history[i] >>= 1;
}

static void
update_pv (Worker *w,
           guint   ply,
           BgMove  move)
{
  guint child = ply + 1 < BG_SEARCH_MAX_PLY ? w->pv_len[ply + 1] : 0;

  w->pv[ply][0] = move;
  if (child > BG_SEARCH_MAX_PLY - 1)
    child = BG_SEARCH_MAX_PLY - 1;
  memcpy (&w->pv[ply][1], w->pv[ply + 1], child * sizeof (BgMove));
  w->pv_len[ply] = child + 1;
}

/* Late move reductions: a quiet move late in the order is searched a ply less (two late in
 * a deep search) first, and again in full only when it beats alpha. Not where moves are
 * few: a player short of moves is where blocks are made. */
#define LMR_MIN_DEPTH 3
#define LMR_FIRST 3
#define LMR_MIN_MOVES 6

static int
reduction (Worker     *w,
           const void *pos,
           int         depth,
           guint       i,
           guint       n,
           BgMove      m)
{
  if ((w->features_off & BG_SEARCH_FEATURE_LMR) || depth < LMR_MIN_DEPTH || i < LMR_FIRST
      || n < LMR_MIN_MOVES || is_capture (w, pos, m))
    return 0;
  return depth >= 6 && i >= 2 * LMR_FIRST + 2 ? 2 : 1;
}

/* Quiescence, for rules that tell captures and ask for it: at the horizon the player to
 * move may stand on the evaluation or close a mill (take), and so on for a few plies, so
 * that a pending mill is not left to the evaluation's guess and a player found without a
 * move there has lost. */
#define QUIESCENCE_PLIES 4

static int
quiesce (Worker *w,
         guint   ply,
         int     alpha,
         int     beta,
         int     qply)
{
  const BgRules *rules = w->rules;
  void *pos = pos_at (w, ply);
  BgMove *moves = w->moves + (gsize) ply * rules->max_moves;
  int best = rules->evaluate (pos, rules->player_to_move (pos));
  guint n;

  if (best >= beta || qply >= QUIESCENCE_PLIES || ply >= BG_SEARCH_MAX_PLY - 1)
    return best;
  n = rules->legal_moves (pos, moves);
  if (n == 0)
    return terminal_score (rules, pos, ply);
  alpha = MAX (alpha, best);
  for (guint i = 0; i < n; i++)
    {
      void *child = pos_at (w, ply + 1);
      int score;

      if (!rules->move_is_capture (pos, moves[i]))
        continue;
      memcpy (child, pos, rules->position_size);
      rules->play (child, moves[i]);
      if ((++w->nodes & CHECK_INTERVAL) == 0
          && bg_search_poll (w->search, w->thread, CHECK_INTERVAL + 1))
        w->stopped = TRUE;
      if (w->stopped)
        return 0;
      if (rules->rule_status (child).result != BG_RESULT_ONGOING)
        score = -terminal_score (rules, child, ply + 1);
      else
        score = -quiesce (w, ply + 1, -beta, -alpha, qply + 1);
      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              if (alpha >= beta)
                break;
            }
        }
    }
  return best;
}

static int
negamax (Worker *w,
         guint   ply,
         int     depth,
         int     alpha,
         int     beta)
{
  const BgRules *rules = w->rules;
  void *pos = pos_at (w, ply);
  BgMove *moves = w->moves + (gsize) ply * rules->max_moves;
  guint64 key = rules->key (pos);
  int orig_alpha = alpha, best = -SCORE_INF;
  BgMove tt_move = BG_MOVE_NONE, best_move = BG_MOVE_NONE;
  BgTTHit hit;
  BgMove deferred[BG_SEARCH_MAX_DEFERRED];
  guint n, n_deferred = 0, searched = 0;
  gboolean sharing;

  w->pv_len[ply] = 0;
  if ((++w->nodes & CHECK_INTERVAL) == 0
      && bg_search_poll (w->search, w->thread, CHECK_INTERVAL + 1))
    w->stopped = TRUE;
  if (w->stopped)
    return 0;
  /* A perfect endgame table knows better than the rest (BgRules.probe_endgame). */
  if (rules->probe_endgame != NULL && rules->probe_endgame (pos, ply, &best))
    return best;
  if (path_repeats (w, key))
    return 0;

  /* At the horizon only a result by rule is looked for: generating every move to find
   * a blocked player costs more than it finds, and the evaluation counts mobility. */
  if (depth <= 0 || ply >= BG_SEARCH_MAX_PLY - 1)
    {
      if (rules->rule_status (pos).result != BG_RESULT_ONGOING)
        return terminal_score (rules, pos, ply);
      if (rules->quiesce != NULL && !(w->features_off & BG_SEARCH_FEATURE_QUIESCENCE)
          && rules->quiesce (pos))
        return quiesce (w, ply, alpha, beta, 0);
      return rules->evaluate (pos, rules->player_to_move (pos));
    }

  bg_tt_prefetch (w->search, key);
  n = rules->legal_moves (pos, moves);
  if (n == 0)
    return terminal_score (rules, pos, ply);

  if (bg_tt_probe (w->search, key, ply, &hit))
    {
      tt_move = hit.move;
      if (hit.depth >= depth
          && (hit.flag == BG_TT_EXACT || (hit.flag == BG_TT_LOWER && hit.score >= beta)
              || (hit.flag == BG_TT_UPPER && hit.score <= alpha)))
        return hit.score;
    }

  score_moves (w, pos, ply, n, tt_move);
  path_push (w, key);
  /* With other threads, a move into a node that one of them is searching waits until the
   * other moves are done (bg_search_busy()). */
  sharing = depth >= BG_SEARCH_SHARE_DEPTH && bg_search_shares_work (w->search);
  for (guint i = 0; i < n + n_deferred; i++)
    {
      BgMove m = i < n ? pick_move (w, ply, i, n) : deferred[i - n];
      void *child = pos_at (w, ply + 1);
      guint64 child_key = 0;
      int score;

      memcpy (child, pos, rules->position_size);
      rules->play (child, m);
      if (sharing)
        {
          child_key = rules->key (child);
          if (i < n && searched > 0 && n_deferred < BG_SEARCH_MAX_DEFERRED
              && bg_search_busy (w->search, child_key))
            {
              deferred[n_deferred++] = m;
              continue;
            }
          bg_search_busy_enter (w->search, child_key);
        }
      if (searched++ == 0)
        score = -negamax (w, ply + 1, depth - 1, -beta, -alpha);
      else
        {
          int r = reduction (w, pos, depth, i, n, m);

          score = -negamax (w, ply + 1, depth - 1 - r, -alpha - 1, -alpha);
          if (r > 0 && score > alpha)
            score = -negamax (w, ply + 1, depth - 1, -alpha - 1, -alpha);
          if (score > alpha && score < beta)
            score = -negamax (w, ply + 1, depth - 1, -beta, -alpha);
        }
      if (sharing)
        bg_search_busy_leave (w->search, child_key);
      if (w->stopped)
        break;
      if (score > best)
        {
          best = score;
          best_move = m;
          if (score > alpha)
            {
              alpha = score;
              update_pv (w, ply, m);
              if (alpha >= beta)
                {
                  note_cutoff (w, ply, m, depth);
                  break;
                }
            }
        }
    }
  path_pop (w);
  if (w->stopped)
    return 0;

  bg_tt_store (w->search, key, best_move, best, depth,
               best >= beta ? BG_TT_LOWER : best > orig_alpha ? BG_TT_EXACT : BG_TT_UPPER, ply);
  return best;
}

typedef struct
{
  BgMove move;
  int score;      /* the last completed search of this move */
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

/* One iteration at the root. With noise every move gets an exact score, so the weak
 * levels can pick among them; with a margin (varied play), every move within margin of
 * the best does. Otherwise it is a principal variation search. Returns the index of the
 * best move found, or -1 if stopped before the first one finished. */
static int
search_root (Worker   *w,
             RootMove *root,
             guint     n,
             int       depth,
             gboolean  noisy,
             int       margin)
{
  const BgRules *rules = w->rules;
  void *pos = pos_at (w, 0);
  int alpha = -SCORE_INF, best = -1, best_total = -SCORE_INF;

  path_push (w, rules->key (pos));
  for (guint i = 0; i < n; i++)
    {
      void *child = pos_at (w, 1);
      int score, bound = MAX (alpha - margin, -SCORE_INF);

      memcpy (child, pos, rules->position_size);
      rules->play (child, root[i].move);
      if (i == 0 || noisy)
        score = -negamax (w, 1, depth - 1, -SCORE_INF, noisy ? SCORE_INF : -bound);
      else
        {
          score = -negamax (w, 1, depth - 1, -bound - 1, -bound);
          if (score > bound && !w->stopped)
            score = -negamax (w, 1, depth - 1, -SCORE_INF, -bound);
        }
      if (w->stopped)
        break;
      root[i].score = score;
      /* Noise never makes a weak level prefer a slower win or a quicker loss. */
      if (ABS (score) > BG_SCORE_WIN_MIN)
        root[i].noise = 0;
      if (score + root[i].noise > best_total)
        {
          best_total = score + root[i].noise;
          best = (int) i;
          update_pv (w, 0, root[i].move);
        }
      alpha = MAX (alpha, score);
    }
  path_pop (w);
  return best;
}

static void
prepare_path (Worker       *w,
              const BgGame *game)
{
  guint n_keys;
  const guint64 *keys = bg_game_get_keys (game, &n_keys);

  /* The current position is pushed by the root itself. */
  for (guint i = 0; i + 1 < n_keys; i++)
    path_push (w, keys[i]);
}


typedef struct
{
  const BgGame *game;
  const BgSearchLimits *limits;
  BgSearchResult *result;
  gint64 start;
  gboolean noisy;
  int margin;                  /* varied play, or 0 */
  guint32 seed;
  Worker *workers[BG_SEARCH_MAX_THREADS];
} Run;

static guint
init_root (Run      *run,
           guint     thread,
           RootMove *root)
{
  g_autoptr (GArray) moves = bg_game_get_legal_moves (run->game);
  g_autoptr (GRand) rand = g_rand_new_with_seed (run->seed);

  g_array_set_size (moves, bg_search_filter_root (run->limits, (BgMove *) moves->data,
                                                  moves->len));

  for (guint i = 0; i < moves->len; i++)
    {
      /* A helper takes the moves in another order. */
      guint j = thread == 0 ? i : (i + thread) % moves->len;

      root[i].move = g_array_index (moves, BgMove, j);
      root[i].score = 0;
      root[i].noise = run->noisy && thread == 0 ? g_rand_int_range (rand, 0, run->limits->noise + 1)
                                                : 0;
    }
  return moves->len;
}

static void
fill_result (Worker         *w,
             BgSearchResult *result,
             const RootMove *best,
             guint           depth,
             gint64          start)
{
  result->move = best->move;
  result->score = best->score;
  result->depth = depth;
  result->nodes = w->nodes;
  result->time_us = g_get_monotonic_time () - start;
  result->pv_len = w->pv_len[0];
  memcpy (result->pv, w->pv[0], result->pv_len * sizeof (BgMove));
  if (result->pv_len == 0 || result->pv[0] != best->move)
    {
      result->pv[0] = best->move;
      result->pv_len = 1;
    }
}

/* Varied play: one of the moves within the margin of the best, after the last iteration. */
static void
choose_varied (Run      *run,
               RootMove *root,
               guint     n)
{
  g_autofree int *scores = g_new (int, n);
  int i;

  for (guint j = 0; j < n; j++)
    scores[j] = root[j].score;
  i = bg_search_pick_varied (scores, n, run->margin,
                             run->seed ^ (guint32) (bg_game_get_key (run->game) >> 32));
  run->result->move = root[i].move;
  run->result->score = root[i].score;
  run->result->pv[0] = root[i].move;
  run->result->pv_len = 1;
}

/* Tells the caller of an iteration completed (BgSearchLimits.on_iteration). */
static void
report_iteration (Run    *run,
                  Worker *w)
{
  BgSearchResult now;

  if (run->limits->on_iteration == NULL)
    return;
  now = *run->result;
  now.nodes = MAX (w->nodes, bg_search_nodes_polled (w->search));
  run->limits->on_iteration (&now, run->limits->on_iteration_data);
}

static void
worker_main (BgSearch *search,
             guint     thread,
             gpointer  data)
{
  Run *run = data;
  const BgRules *rules = bg_game_get_rules (run->game);
  Worker *w = run->workers[thread] = worker_new (search, thread, rules,
                                                  run->limits->features_off);
  g_autofree RootMove *root = g_new (RootMove, rules->max_moves);
  guint n, max_depth = CLAMP (run->limits->max_depth, 1, BG_SEARCH_MAX_PLY - 1);
  gint64 deadline = bg_search_deadline (search);
  guint completed = 0;

  memcpy (pos_at (w, 0), bg_game_get_position (run->game), rules->position_size);
  prepare_path (w, run->game);
  n = init_root (run, thread, root);
  /* A move is always ready, whatever happens to the search. */
  if (thread == 0)
    fill_result (w, run->result, &root[0], 0, run->start);

  /* Every thread deepens from 1; a helper differs by its order of the root moves, and the
   * threads share out the work in negamax(). Helpers that started a ply deeper gave the
   * main thread less (two threads against one at 40 ms a move in Marelle triple: -34 +- 31
   * Elo); with the work shared, 8-ply searches from 150 positions take 1.34 to 1.59 times
   * less time on two threads than on one, against 1.14 without (docs/computer-players.md). */
  /* A single move needs no search, unless the root was restricted to it for its score. */
  for (guint depth = 1; depth <= max_depth && (n > 1 || run->limits->n_root_moves > 0); depth++)
    {
      int best = search_root (w, root, n, (int) depth, run->noisy, run->margin);
      RootMove chosen;

      if (best < 0)
        break;
      chosen = root[best];
      /* Keep the best move first for the next iteration. */
      memmove (&root[1], &root[0], (gsize) best * sizeof (RootMove));
      root[0] = chosen;
      if (w->stopped)
        {
          if (thread == 0 && !run->limits->whole_iterations)
            fill_result (w, run->result, &chosen, depth - 1, run->start);
          break;
        }
      if (!run->noisy)
        qsort (&root[1], n - 1, sizeof (RootMove), compare_root);
      completed = depth;
      w->completed = depth;
      w->best_move = chosen.move;
      w->best_score = chosen.score;
      if (thread == 0)
        {
          fill_result (w, run->result, &chosen, depth, run->start);
          report_iteration (run, w);
        }
      if (ABS (chosen.score) > BG_SCORE_WIN_MIN && !run->noisy)
        break;
      /* An iteration costs several times the one before: do not start one that cannot end. */
      if (thread == 0 && deadline
          && g_get_monotonic_time () - run->start > (deadline - run->start) / 2)
        break;
    }
  if (thread == 0 && run->margin > 0 && completed > 0)
    choose_varied (run, root, n);
}

/* The shared alpha-beta player, once the search has begun. */
static gboolean
run_alphabeta (BgSearch             *search,
               const BgGame         *game,
               const BgSearchLimits *limits,
               BgSearchResult       *result,
               gint64                start)
{
  Run run = { game, limits, result, start, limits->noise > 0, 0, limits->seed, { NULL } };
  guint threads = bg_search_resolve_threads (limits);

  if (run.seed == 0)
    run.seed = (guint32) g_get_real_time () ^ (guint32) g_random_int ();
  if (limits->vary > 0 && bg_game_get_n_played (game) < BG_SEARCH_VARY_PLIES)
    run.margin = limits->vary;
  /* Weak levels look a few plies ahead: a second thread would add nothing. */
  if (run.noisy)
    threads = 1;
  bg_search_run_threads (search, threads, worker_main, &run);
  result->nodes = 0;
  for (guint i = 0; i < threads; i++)
    {
      Worker *w = run.workers[i];

      /* A helper that completed a deeper iteration than the main thread knows better. */
      if (i > 0 && run.margin == 0 && w->completed > result->depth)
        {
          result->move = w->best_move;
          result->score = w->best_score;
          result->depth = w->completed;
          result->pv[0] = w->best_move;
          result->pv_len = 1;
        }
      result->nodes += w->nodes;
      worker_free (w);
    }
  result->time_us = g_get_monotonic_time () - start;
  return TRUE;
}

gboolean
bg_search_run (BgSearch             *search,
               const BgGame         *game,
               const BgSearchLimits *limits,
               BgSearchResult       *result)
{
  const BgRules *rules = bg_game_get_rules (game);
  gint64 start = g_get_monotonic_time ();

  memset (result, 0, sizeof *result);
  if (bg_game_is_over (game))
    return FALSE;
  bg_search_begin (search, limits);
  bg_search_set_rules (search, rules);
  if (rules->search != NULL)
    {
      gboolean ok = rules->search (search, game, limits, result);

      result->time_us = g_get_monotonic_time () - start;
      g_return_val_if_fail (!ok || bg_game_is_legal (game, result->move), FALSE);
      return ok;
    }
  return run_alphabeta (search, game, limits, result, start);
}

gboolean
bg_search_run_alphabeta (BgSearch             *search,
                         const BgGame         *game,
                         const BgSearchLimits *limits,
                         BgSearchResult       *result)
{
  memset (result, 0, sizeof *result);
  if (bg_game_is_over (game))
    return FALSE;
  return run_alphabeta (search, game, limits, result, g_get_monotonic_time ());
}

gboolean
bg_search_accepts_draw (BgSearch     *search,
                        const BgGame *game,
                        int           player)
{
  BgSearchLimits limits = { .max_depth = 6, .time_limit_ms = 500, .threads = 1 };
  BgSearchResult result;
  int score;

  if (!bg_search_run (search, game, &limits, &result))
    return TRUE;
  score = bg_game_get_player_to_move (game) == player ? result.score : -result.score;
  return score <= 0;
}
