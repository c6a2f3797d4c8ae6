/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-bench.c: perft and search speed on fixed positions of each game
 *
 * Each measurement is repeated and the median reported, so that one slow run (another
 * process taking the core) does not decide the figure.
 */

#include "engine-bench.h"

#include "trichess/bg-trichess-ai.h"
#include "triomino/bg-triomino-ai.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct
{
  const char *game;
  const char *options;   /* space-separated name=value, or "" */
  const char *moves;     /* played from the start to reach the position */
  const char *label;
  guint perft_depth;
  guint search_depth;
} BenchPosition;

static const BenchPosition positions[] = {
  { "marelle", "variant=standard", "", "standard start", 5, 9 },
  { "marelle", "variant=standard",
    "d6 e3 e4 g7 b6 a1 e5 a4 g4 d1 d2 f2 c4 f6 d3 c5 d5 b2",
    "standard movement", 7, 14 },
  { "marelle", "variant=triple", "", "triple start", 5, 9 },
  { "marelle", "variant=triple",
    "d6 e3 e4 g7 b6 a1 e5 a4 g4 d1 d2 f2 c4 f6 d3 c5 d5 b2",
    "triple movement", 7, 11 },
  { "triple-alliance", "", "", "triple alliance start", 5, 9 },
  { "triple-alliance", "", "b2 e1 d5 c2 c1 b4 d4 c5 d1 e3 a3 b1",
    "triple alliance movement", 8, 16 },
};

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values,
        guint   n)
{
  qsort (values, n, sizeof (double), (int (*) (const void *, const void *)) compare_double);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static BgGame *
bench_game (const BenchPosition *p)
{
  g_auto (GStrv) words = g_strsplit (p->options, " ", -1);
  g_auto (GStrv) moves = g_strsplit (p->moves, " ", -1);
  g_autoptr (GHashTable) options = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) game = NULL;

  if (p->options[0] == '\0')
    g_clear_pointer (&words[0], g_free);
  options = bg_options_parse ((const char *const *) words, &error);
  if (options != NULL)
    game = bg_game_new (p->game, options, &error);
  for (guint i = 0; game != NULL && moves[i] != NULL; i++)
    if (moves[i][0] != '\0' && !bg_game_play_text (game, moves[i], &error))
      break;
  if (error != NULL)
    {
      printf ("error: bench position '%s': %s\n", p->label, error->message);
      return NULL;
    }
  return g_steal_pointer (&game);
}

static void
bench_position (BgSearch            *search,
                const BenchPosition *p,
                guint                runs,
                guint64             *total_perft,
                double              *total_perft_s,
                guint64             *total_search,
                double              *total_search_s)
{
  g_autoptr (BgGame) game = bench_game (p);
  g_autofree double *perft_nps = g_new (double, runs);
  g_autofree double *search_nps = g_new (double, runs);
  guint64 leaves = 0;
  BgSearchResult result = { 0 };

  if (game == NULL)
    return;
  for (guint r = 0; r < runs; r++)
    {
      gint64 start = g_get_monotonic_time ();
      BgSearchLimits limits = { .max_depth = p->search_depth, .threads = 1 };
      double s;

      leaves = bg_game_perft (game, p->perft_depth);
      s = MAX ((g_get_monotonic_time () - start) / 1e6, 1e-6);
      perft_nps[r] = leaves / s;
      *total_perft += leaves;
      *total_perft_s += s;

      bg_search_clear (search);
      bg_search_run (search, game, &limits, &result);
      s = MAX (result.time_us / 1e6, 1e-6);
      search_nps[r] = result.nodes / s;
      *total_search += result.nodes;
      *total_search_s += s;
    }
  printf ("bench %-26s perft %u: %10" G_GUINT64_FORMAT " leaves %6.1f Mnps | "
          "search depth %2u: %9" G_GUINT64_FORMAT " nodes %5.2f Mnps\n",
          p->label, p->perft_depth, leaves, median (perft_nps, runs) / 1e6,
          result.depth, result.nodes, median (search_nps, runs) / 1e6);
}

/* Lazy SMP: nodes per second and depth reached in a fixed time, on one and two threads. */
static void
bench_threads (BgSearch *search,
               gint64    ms)
{
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      g_autoptr (BgGame) game = bench_game (&positions[i]);

      for (guint threads = 1; game != NULL && threads <= 2; threads++)
        {
          BgSearchLimits limits = { .max_depth = BG_SEARCH_MAX_PLY - 1, .time_limit_ms = ms,
                                    .threads = threads };
          BgSearchResult result = { 0 };

          bg_search_clear (search);
          bg_search_run (search, game, &limits, &result);
          printf ("bench %-26s %u thread(s) %" G_GINT64_FORMAT " ms: depth %2u, %10"
                  G_GUINT64_FORMAT " nodes %5.2f Mnps\n", positions[i].label, threads, ms,
                  result.depth, result.nodes,
                  result.nodes / MAX (result.time_us / 1e6, 1e-6) / 1e6);
        }
    }
}

void
engine_bench_run (BgSearch *search,
                  guint     runs)
{
  guint64 perft_nodes = 0, search_nodes = 0;
  double perft_s = 0, search_s = 0;

  runs = MAX (runs, 1);
  printf ("info bench: %u run(s) per position, medians of nodes per second\n", runs);
  for (guint i = 0; i < G_N_ELEMENTS (positions); i++)
    bench_position (search, &positions[i], runs, &perft_nodes, &perft_s,
                    &search_nodes, &search_s);
  printf ("bench total perft %" G_GUINT64_FORMAT " leaves %.1f Mnps, search %"
          G_GUINT64_FORMAT " nodes %.2f Mnps\n",
          perft_nodes, perft_nodes / MAX (perft_s, 1e-6) / 1e6,
          search_nodes, search_nodes / MAX (search_s, 1e-6) / 1e6);
  bench_threads (search, 2000);
  bg_trichess_bench ();
  bg_triomino_bench (1000);
}
