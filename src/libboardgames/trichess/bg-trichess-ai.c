/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-ai.c: the TRICHESS computer player: the choice of search by level (the
 * searches the levels play, paranoid and Best-Reply, are in bg-trichess-search.c, the
 * evaluation in bg-trichess-eval.c; the first version's paranoid search, a baseline to
 * measure them by, is tests/bench/trichess-baseline.c), and its benchmark
 */

#include "bg-trichess-ai.h"

#include "bg-random.h"
#include "bg-search-core.h"

#include "bg-trichess-search.h"

#include <stdio.h>
#include <string.h>

#define MAX_PLY 48

/* The search of BG_TRICHESS_BASELINE, when a measuring tool installed one. */
static BgTrichessBaseline baseline_search;

void
bg_trichess_set_baseline (BgTrichessBaseline search)
{
  baseline_search = search;
}

gboolean
bg_trichess_has_baseline (void)
{
  return baseline_search != NULL;
}

int
bg_trichess_evaluate (const TcPosition *pos,
                      int               player)
{
  return bg_tc_evaluate (pos, player);
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
  /* Measured (boardgames-engine tournament trichess, a draw at 600 plies;
   * docs/computer-players.md): at fixed depths 2 plies beat 1 by +42 +- 28 Elo, 3 beat 2 by
   * +102 +- 41, but 4 beat 3 by only +33 +- 38; a search without a depth cap, 5 plies or so at the
   * tournament's budget, did no better against level 5 than 4 plies. Depth pays until each opponent
   * has replied, so the levels are made from 1 to 4 plies: noise at the first two, varied openings
   * at levels 3 to 5, and a level 5 that searches a ply less at half of its moves (drawn from the
   * seed and the move's number), between 2 and 3 plies. Noise in the evaluation instead hardly
   * weakened 3 plies (the plain search scored +27 +- 39 against a spread of 200). Level 6 searches
   * as deep as its time allows, but never an iteration of 5 plies (see bg-trichess-search.c's
   * next_depth): after 4 plies it goes on to 6, which played as well as 4 at the tournament's
   * budget and uses the app's time (deeper there is not measured). */
  static const int depths[] = { 1, 1, 1, 2, 3, 12 };
  static const int noises[] = { 300, 100, 0, 0, 0, 0 };
  static const int varies[] = { 0, 0, 30, 30, 20, 0 };
  static const int shallows[] = { 0, 0, 0, 0, 50, 0 };

  /* Against the baseline at level 6 (tests/bench's trichess-tournament, --algorithms):
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
    {
      if (baseline_search != NULL)
        return baseline_search (search, pos, depth, noise, &level, result);
      g_warning_once ("TRICHESS: the baseline search is not in the library "
                      "(tests/bench/trichess-baseline.c); the paranoid search plays");
      algorithm = BG_TRICHESS_PARANOID;
    }
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
  bg_rules_lookup ("trichess")->init (pos, options, NULL);
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
  /* The baseline (when a measuring tool installed it: tests/bench's trichess-tournament
   * --bench), then Best-Reply Search and the paranoid search on one and two threads, at a
   * fixed time. */
  if (baseline_search == NULL)
    printf ("trichess baseline: not in the library (trichess-tournament --bench, "
            "tests/bench)\n");
  for (int config = baseline_search == NULL ? 1 : 0; config < 5; config++)
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
        bg_rules_lookup ("trichess")->format_move (&pos, result.move, text, sizeof text);
        printf ("trichess %-9s %-8s %u thread(s): depth %2u, %9" G_GUINT64_FORMAT
                " nodes in %.2f s, %5.0f k nodes/s, move %s\n", names[level], labels[config],
                limits.threads, result.depth, result.nodes, secs, result.nodes / secs / 1e3,
                text);
      }
}
