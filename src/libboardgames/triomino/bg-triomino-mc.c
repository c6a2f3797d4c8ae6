/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-mc.c: determinized Monte Carlo search for Triomino (see the header) */

#include "bg-triomino-mc.h"

#include <stdlib.h>
#include <string.h>

#include "bg-random.h"
#include "bg-triomino-heuristic.h"

#define BIT(t) (G_GUINT64_CONSTANT (1) << (t))
#define ALL_TILES (BIT (TRI_N_TILES) - 1)
#define MAX_THREADS 8
/* The rollouts' players are greedy, with a spread of this many points so that the same
 * deal does not always replay the same game. */
#define ROLLOUT_NOISE 4
#define ROUND_STRIDE G_GUINT64_CONSTANT (1000003)
/* A rollout cut short is judged by the points scored, in quarters, less the cost of the
 * hands (their values, and this much for each tile). */
#define LEAF_SCALE 4
#define LEAF_TILE_COST 6

/* What the player to move knows, and what he can infer, of the hidden tiles. */
typedef struct
{
  const TriPosition *root;
  int me;
  guint8 pool[TRI_N_TILES];      /* the tiles he has not seen */
  int n_pool;
  guint64 no_fit[TRI_MAX_PLAYERS];  /* tiles a player could not hold when he last drew */
  int free_draws[TRI_MAX_PLAYERS];  /* tiles he drew since, which may be any */
  guint64 seed;
} World;

/* The tiles that fit somewhere on the table of pos. */
static guint64
fitting_tiles (const TriPosition *pos,
               BgMove            *buf)
{
  guint n = tri_placements (pos, ALL_TILES, buf);
  guint64 set = 0;

  for (guint i = 0; i < n; i++)
    set |= BIT (TRI_MOVE_TILE (buf[i]));
  return set;
}

/* Reads this round's history backwards: an opponent's last draw or pass tells that none
 * of the tiles he held then fitted the table; only the tiles he drew since may. */
static void
world_infer (World        *w,
             const BgGame *game,
             BgMove       *buf)
{
  gboolean done[TRI_MAX_PLAYERS] = { FALSE };
  int draws_since[TRI_MAX_PLAYERS] = { 0 };

  for (guint i = bg_game_get_n_played (game); i-- > 0;)
    {
      const TriPosition *before = bg_game_get_position_at (game, i);
      BgMove move = bg_game_get_played_move (game, i);
      int p = bg_game_get_played_player (game, i);

      if (before->round != w->root->round)
        break;
      if (p == w->me || done[p] || (move != TRI_MOVE_DRAW && move != TRI_MOVE_PASS))
        continue;
      draws_since[p] += move == TRI_MOVE_DRAW;
      w->no_fit[p] = fitting_tiles (before, buf);
      w->free_draws[p] = draws_since[p];
      done[p] = TRUE;
    }
}

static void
world_init (World        *w,
            const BgGame *game,
            guint64       seed,
            BgMove       *buf)
{
  const TriPosition *pos = bg_game_get_position (game);
  guint64 seen;

  memset (w, 0, sizeof *w);
  w->root = pos;
  w->me = pos->turn;
  w->seed = seed;
  seen = pos->hands[w->me];
  for (int i = 0; i < pos->n_placed; i++)
    seen |= BIT (pos->placed[i].tile);
  for (int t = 0; t < TRI_N_TILES; t++)
    if (!(seen & BIT (t)))
      w->pool[w->n_pool++] = (guint8) t;
  world_infer (w, game, buf);
}

/* Takes up to count tiles of order, in order, that are neither taken nor in banned. */
static void
take_tiles (const guint8 *order,
            int           n,
            guint64      *taken,
            guint64      *hand,
            int           count,
            guint64       banned)
{
  for (int i = 0; i < n && count > 0; i++)
    {
      guint64 bit = BIT (order[i]);

      if ((*taken | banned) & bit)
        continue;
      *taken |= bit;
      *hand |= bit;
      count--;
    }
}

/* One deal of the hidden tiles consistent with what the player knows. */
static void
deal (const World *w,
      guint64      number,
      TriPosition *det)
{
  const TriPosition *root = w->root;
  guint64 rng = bg_random_mix (w->seed ^ (number * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)));
  guint8 order[TRI_N_TILES];
  guint64 taken = 0;
  int k = 0;

  memcpy (order, w->pool, (gsize) w->n_pool);
  for (int i = w->n_pool - 1; i > 0; i--)
    {
      int j = (int) bg_random_below (&rng, (guint) i + 1);
      guint8 t = order[i];

      order[i] = order[j];
      order[j] = t;
    }
  memcpy (det, root, sizeof *det);
  for (int p = 0; p < root->n_players; p++)
    {
      int need = tri_hand_count (root, p);
      guint64 hand = 0;

      if (p == w->me)
        continue;
      /* The tiles held since the last draw first, then those drawn since, then (should
       * the inference leave too few) any. */
      take_tiles (order, w->n_pool, &taken, &hand, need - w->free_draws[p], w->no_fit[p]);
      take_tiles (order, w->n_pool, &taken, &hand, need - __builtin_popcountll (hand), 0);
      det->hands[p] = hand;
    }
  for (int i = 0; i < w->n_pool; i++)
    if (!(taken & BIT (order[i])))
      det->pile[k++] = order[i];
  g_assert (k == root->pile_count);
}

/* What a player's hand is likely to cost him when the round ends: whoever goes out scores
 * the tiles left in the other hands, 25 more, and the others have to draw meanwhile. */
static gint64
hand_burden (const TriPosition *pos,
             int                player)
{
  guint64 hand = pos->hands[player];

  return tri_hand_total (hand) + LEAF_TILE_COST * __builtin_popcountll (hand);
}

/* Plays pos on with greedy players, for horizon plies (0: to the end of the round);
 * returns what the player me gained relative to the others since start (times n - 1, to
 * stay whole), a round that has not ended being judged by the hands still held. */
static gint64
rollout (TriPosition  *pos,
         int           me,
         const gint32 *start,
         guint         horizon,
         gboolean      heavy,
         guint64      *rng,
         BgMove       *buf,
         TriPosition  *scratch)
{
  guint16 round = pos->round;
  gint64 value = 0;
  guint ply = 0;

  while (!pos->game_over && pos->round == round && (horizon == 0 || ply++ < horizon))
    {
      guint n = tri_legal_moves (pos, buf);
      BgMove move;

      if (n == 1)
        move = buf[0];
      else if (heavy)
        move = tri_ai_heuristic (pos, buf, n, ROLLOUT_NOISE * 10, rng, scratch,
                                 buf + TRI_MAX_MOVES);
      else
        move = tri_ai_greedy (pos, buf, n, ROLLOUT_NOISE, rng);
      tri_play (pos, move);
    }
  for (int p = 0; p < pos->n_players; p++)
    {
      gint64 gain = pos->scores[p] - start[p];

      if (!pos->game_over && pos->round == round)
        gain = gain * LEAF_SCALE - hand_burden (pos, p);
      else
        gain *= LEAF_SCALE;
      value += p == me ? gain * (pos->n_players - 1) : -gain;
    }
  return value;
}

guint
tri_mc_deal (const BgGame *game,
             guint64       seed,
             guint64       number,
             guint64      *hands,
             guint8       *pile)
{
  g_autofree World *w = g_new (World, 1);
  g_autofree TriPosition *det = g_new (TriPosition, 1);
  g_autofree BgMove *buf = g_new (BgMove, TRI_MAX_MOVES);

  world_init (w, game, seed, buf);
  deal (w, number, det);
  memcpy (hands, det->hands, sizeof det->hands);
  memcpy (pile, det->pile, det->pile_count);
  return det->pile_count;
}

typedef struct
{
  const World *world;
  const BgMove *candidates;
  const guint *active;
  guint n_active;
  guint per_candidate;
  guint horizon;
  gboolean heavy;
  guint64 base;
  guint thread, n_threads;
  BgSearch *search;
  gint *stop;
  gint64 sums[TRI_MAX_MOVES];
  guint counts[TRI_MAX_MOVES];
} Job;

static gpointer
run_job (gpointer data)
{
  Job *job = data;
  const World *w = job->world;
  g_autofree TriPosition *det = g_new (TriPosition, 1);
  g_autofree TriPosition *work = g_new (TriPosition, 1);
  g_autofree TriPosition *scratch = g_new (TriPosition, 1);
  g_autofree BgMove *buf = g_new (BgMove, 2 * TRI_MAX_MOVES);

  for (guint j = job->thread; j < job->per_candidate; j += job->n_threads)
    {
      guint64 number = job->base + j;

      if (job->thread == 0 && job->search != NULL && bg_search_should_stop (job->search))
        g_atomic_int_set (job->stop, 1);
      if (g_atomic_int_get (job->stop))
        break;
      deal (w, number, det);
      for (guint a = 0; a < job->n_active; a++)
        {
          guint c = job->active[a];
          /* The same rollout luck for every candidate of a deal. */
          guint64 rng = bg_random_mix (w->seed + number);

          memcpy (work, det, sizeof *work);
          tri_play (work, job->candidates[c]);
          job->sums[c] += rollout (work, w->me, w->root->scores, job->horizon, job->heavy, &rng,
                                  buf, scratch);
          job->counts[c]++;
        }
    }
  return NULL;
}

/* Rollouts of the active candidates on per_candidate deals, shared over the threads and
 * added up in a fixed order. Returns FALSE when stopped. */
static gboolean
run_round (Job     *jobs,
           guint    n_threads,
           gint64  *sums,
           guint   *counts,
           guint    n_candidates)
{
  GThread *threads[MAX_THREADS];

  for (guint t = 1; t < n_threads; t++)
    threads[t] = g_thread_new ("triomino-mc", run_job, &jobs[t]);
  run_job (&jobs[0]);
  for (guint t = 1; t < n_threads; t++)
    g_thread_join (threads[t]);
  for (guint t = 0; t < n_threads; t++)
    for (guint c = 0; c < n_candidates; c++)
      {
        sums[c] += jobs[t].sums[c];
        counts[c] += jobs[t].counts[c];
      }
  return !g_atomic_int_get (jobs[0].stop);
}

typedef struct
{
  const gint64 *sums;
  const guint *counts;
} Means;

static Means sort_means;

static int
compare_means (const void *pa,
               const void *pb)
{
  guint a = *(const guint *) pa, b = *(const guint *) pb;
  /* Cross products: whole numbers, so that the order never depends on rounding. */
  gint64 ma = sort_means.sums[a] * (gint64) MAX (sort_means.counts[b], 1);
  gint64 mb = sort_means.sums[b] * (gint64) MAX (sort_means.counts[a], 1);

  if (ma != mb)
    return ma > mb ? -1 : 1;
  return a < b ? -1 : a > b;  /* the heuristic's order */
}

/* The placements worth a look, best first by the heuristic. */
static guint
candidates_by_heuristic (const TriPosition *pos,
                         BgMove            *moves,
                         guint              n,
                         guint              keep)
{
  g_autofree int *values = g_new (int, n);

  tri_ai_rate (pos, moves, n, values);
  /* Insertion sort, stable: equal values keep the move generator's order. */
  for (guint i = 1; i < n; i++)
    {
      BgMove m = moves[i];
      int v = values[i];
      guint j = i;

      for (; j > 0 && values[j - 1] < v; j--)
        {
          moves[j] = moves[j - 1];
          values[j] = values[j - 1];
        }
      moves[j] = m;
      values[j] = v;
    }
  return keep > 0 ? MIN (n, keep) : n;
}

static GMutex sort_lock;

static void
sort_by_means (guint        *active,
               guint         n_active,
               const gint64 *sums,
               const guint  *counts)
{
  g_mutex_lock (&sort_lock);
  sort_means = (Means) { sums, counts };
  qsort (active, n_active, sizeof *active, compare_means);
  g_mutex_unlock (&sort_lock);
}

typedef struct
{
  const World *world;
  const TriMcParams *params;
  const BgMove *moves;
  guint n;
  guint n_players;
  guint n_threads;
  Job *jobs;
  BgSearch *search;
  gint stop;
  guint active[TRI_MAX_MOVES];
  guint counts[TRI_MAX_MOVES];
  gint64 sums[TRI_MAX_MOVES];
} Run;

/* One pass of successive halving over all the candidates, on deals of its own (numbered
 * from pass), the sums adding to those of the passes before. Leaves run->active best
 * first; returns FALSE when stopped. */
static gboolean
halving_pass (Run   *run,
              guint  pass)
{
  guint n_active = run->n, rounds = 0;

  while ((1u << rounds) < run->n)
    rounds++;
  for (guint i = 0; i < run->n; i++)
    run->active[i] = i;
  sort_by_means (run->active, n_active, run->sums, run->counts);
  for (guint r = 0; r < rounds && n_active > 1; r++)
    {
      guint per = MAX (1, run->params->rollouts / rounds / n_active);
      guint64 base = ((guint64) pass * rounds + r) * ROUND_STRIDE;
      gboolean going_on;

      for (guint t = 0; t < run->n_threads; t++)
        run->jobs[t] = (Job) { run->world, run->moves, run->active, n_active, per,
                               run->params->horizon * run->n_players, run->params->heavy,
                               base, t, run->n_threads, run->search, &run->stop };
      going_on = run_round (run->jobs, run->n_threads, run->sums, run->counts, run->n);
      sort_by_means (run->active, n_active, run->sums, run->counts);
      if (!going_on)
        return FALSE;
      n_active = (n_active + 1) / 2;
    }
  return TRUE;
}

BgMove
tri_mc_choose (const BgGame      *game,
               const TriMcParams *params,
               BgSearch          *search,
               guint64           *n_rollouts)
{
  const TriPosition *pos = bg_game_get_position (game);
  g_autofree BgMove *moves = g_new (BgMove, TRI_MAX_MOVES);
  g_autofree BgMove *buf = g_new (BgMove, TRI_MAX_MOVES);
  g_autofree World *w = g_new (World, 1);
  g_autofree Run *run = g_new0 (Run, 1);
  g_autofree Job *jobs = NULL;
  guint n = tri_legal_moves (pos, moves), n_threads;
  gint64 start = g_get_monotonic_time ();

  if (n_rollouts != NULL)
    *n_rollouts = 0;
  if (n <= 1 || !TRI_MOVE_IS_PLACE (moves[0]))
    return n > 0 ? moves[0] : BG_MOVE_NONE;
  n = candidates_by_heuristic (pos, moves, n, params->candidates);
  /* The opening tile has no hidden information to weigh yet. */
  if (pos->n_placed == 0 || n == 1)
    return moves[0];
  world_init (w, game, bg_random_mix (params->seed ^ bg_game_get_key (game)), buf);
  n_threads = CLAMP (params->threads ? params->threads : g_get_num_processors (), 1,
                      MAX_THREADS);
  jobs = g_new0 (Job, n_threads);
  *run = (Run) { w, params, moves, n, (guint) pos->n_players, n_threads, jobs, search };

  /* With a time to fill, passes follow one another while the next one fits in it. */
  for (guint pass = 0; halving_pass (run, pass); pass++)
    {
      gint64 elapsed = g_get_monotonic_time () - start;
      gint64 pass_time = elapsed / (pass + 1);

      if (params->time_ms <= 0 || elapsed + pass_time > params->time_ms * 1000)
        break;
    }
  for (guint i = 0; n_rollouts != NULL && i < n; i++)
    *n_rollouts += run->counts[i];
  return moves[run->active[0]];
}
