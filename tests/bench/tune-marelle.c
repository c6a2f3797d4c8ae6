/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tune-marelle.c: the weights of the morris evaluation, fitted to games of self-play
 *
 *   tune-marelle generate FILE --variant V [--games N] [--nodes N] [--seed N]
 *   tune-marelle fit FILE --variant V [--iterations N] [--quiescence]
 *
 * generate: level 6 of the library (--nodes nodes a move, one thread) plays itself from
 * openings of 2 to 4 random placements, two games at once; every position from the fifth
 * ply on is written to FILE with the game's result (a draw at 400 plies or at the fifth
 * repetition).
 *
 * fit: the evaluation is linear in its weights (bg_marelle_eval_features()), so the chance
 * that the player to move wins is taken as the logistic of his evaluation over a scale K
 * (Texel's tuning; a draw counts half). With --quiescence (for a rule set whose search
 * looks at captures past its horizon: BgRules.quiesce) only the quiet positions count (no
 * mill for the player to move to close), and the weight of that threat stays 0. K is
 * fitted to the present weights first and then held, with the weight of a piece, so that
 * the weights keep their scale (hundredths of a piece); the other weights descend the
 * cross-entropy (Adam, whole batch). One position in five is held out to show that the
 * fit is not to noise. Prints the weights as an initialiser for bg-marelle-eval.c. Not a
 * test: docs/computer-players.md says what came of it.
 */

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "marelle/bg-marelle-private.h"
#include "bg-search.h"

#define MAX_PLIES 400

typedef struct
{
  MarellePos pos;
  gint8 result;                /* for the player to move: 1 win, 0 draw, -1 loss */
  guint8 pad[7];
} Record;

typedef struct
{
  GMutex lock;
  FILE *file;
  const char *variant;
  guint32 seed;
  guint64 nodes;
  guint done;
  guint64 positions;
} Generator;

static void
play_one (gpointer data,
          gpointer user_data)
{
  Generator *gen = user_data;
  guint g = GPOINTER_TO_UINT (data) - 1;
  g_autoptr (GHashTable) options = bg_options_new ();
  g_autoptr (BgGame) game = NULL;
  g_autoptr (BgSearch) search = bg_search_new_with_table (18);
  g_autoptr (GRand) rand = g_rand_new_with_seed (gen->seed * 7919u + g);
  g_autoptr (GArray) records = g_array_new (FALSE, FALSE, sizeof (Record));
  guint opening = (guint) g_rand_int_range (rand, 2, 5);
  BgStatus status;

  g_hash_table_insert (options, g_strdup ("variant"), g_strdup (gen->variant));
  game = bg_game_new ("marelle", options, NULL);
  while (!bg_game_is_over (game) && bg_game_get_n_played (game) < MAX_PLIES
         && !bg_game_has_draw_offer (game))
    {
      guint n = bg_game_get_n_played (game);
      BgMove move;

      if (n < opening)
        {
          g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

          move = g_array_index (moves, BgMove, g_rand_int_range (rand, 0, (gint) moves->len));
        }
      else
        {
          BgSearchLimits limits;
          BgSearchResult result;

          bg_search_limits_for_level (BG_LEVEL_MAX, &limits);
          limits.time_limit_ms = 0;
          limits.node_limit = gen->nodes;
          limits.threads = 1;
          limits.seed = gen->seed ^ g ^ n;
          bg_search_run (search, game, &limits, &result);
          move = result.move;
        }
      if (n >= 4)
        {
          Record r = { 0 };

          memcpy (&r.pos, bg_game_get_position (game), sizeof r.pos);
          g_array_append_val (records, r);
        }
      bg_game_play (game, move, NULL);
    }
  status = bg_game_get_status (game);
  for (guint i = 0; i < records->len; i++)
    {
      Record *r = &g_array_index (records, Record, i);

      r->result = status.result != BG_RESULT_WIN ? 0 : status.winner == r->pos.side ? 1 : -1;
    }
  g_mutex_lock (&gen->lock);
  fwrite (records->data, sizeof (Record), records->len, gen->file);
  gen->positions += records->len;
  if (++gen->done % 50 == 0)
    fprintf (stderr, "%u games, %" G_GUINT64_FORMAT " positions\n", gen->done, gen->positions);
  g_mutex_unlock (&gen->lock);
}

static int
generate (const char *path,
          const char *variant,
          guint       games,
          guint64     nodes,
          guint32     seed)
{
  Generator gen = { .variant = variant, .seed = seed, .nodes = nodes };
  GThreadPool *pool;

  gen.file = fopen (path, "wb");
  if (gen.file == NULL)
    {
      perror (path);
      return 1;
    }
  g_mutex_init (&gen.lock);
  pool = g_thread_pool_new (play_one, &gen, 2, TRUE, NULL);
  for (guint g = 0; g < games; g++)
    g_thread_pool_push (pool, GUINT_TO_POINTER (g + 1), NULL);
  g_thread_pool_free (pool, FALSE, TRUE);
  fclose (gen.file);
  fprintf (stderr, "%u games, %" G_GUINT64_FORMAT " positions written\n", games,
           gen.positions);
  return 0;
}

/* Fitting */

typedef struct
{
  float f[BG_MARELLE_N_FEATURES];
  float y;                     /* 1 win, 0.5 draw, 0 loss */
} Sample;

static double
sigmoid (double x)
{
  return 1.0 / (1.0 + exp (-x));
}

/* The mean cross-entropy of the fitted samples, or of the held-out ones (every fifth). */
static double
loss (const Sample *s,
      guint         n,
      const double *w,
      double        k,
      gboolean      held_out)
{
  double sum = 0;
  guint count = 0;

  for (guint i = 0; i < n; i++)
    {
      double e = 0, p;

      if ((i % 5 == 0) != held_out)
        continue;
      for (int j = 0; j < BG_MARELLE_N_FEATURES; j++)
        e += w[j] * s[i].f[j];
      p = CLAMP (sigmoid (e / k), 1e-9, 1 - 1e-9);
      sum -= s[i].y * log (p) + (1 - s[i].y) * log (1 - p);
      count++;
    }
  return sum / MAX (count, 1);
}

static int
fit (const char *path,
     int         variant,
     guint       iterations,
     gboolean    quiet)
{
  g_autofree char *data = NULL;
  gsize size;
  g_autoptr (GError) error = NULL;
  const Record *records;
  guint n, n_kept = 0;
  g_autofree Sample *samples = NULL;
  const int *start = bg_marelle_eval_weights (variant);
  double w[BG_MARELLE_N_FEATURES], m[BG_MARELLE_N_FEATURES] = { 0 };
  double v[BG_MARELLE_N_FEATURES] = { 0 }, k = 100, best_k = 100, best = G_MAXDOUBLE;

  if (!g_file_get_contents (path, &data, &size, &error))
    {
      fprintf (stderr, "tune-marelle: %s\n", error->message);
      return 1;
    }
  records = (const Record *) data;
  n = (guint) (size / sizeof (Record));
  samples = g_new (Sample, MAX (n, 1));
  bg_marelle_tables_init ();
  for (guint i = 0, kept = 0; i < n; i++)
    {
      int f[BG_MARELLE_N_FEATURES];

      /* Quiet positions only: a mill the player to move can close is the search's
       * (quiescence), not the evaluation's. */
      bg_marelle_eval_features (&records[i].pos, records[i].pos.side, f);
      if (quiet && f[BG_MARELLE_F_THREAT_TO_MOVE] > 0)
        continue;
      for (int j = 0; j < BG_MARELLE_N_FEATURES; j++)
        samples[kept].f[j] = (float) f[j];
      samples[kept].y = (records[i].result + 1) / 2.0f;
      n_kept = ++kept;
    }
  n = n_kept;
  for (int j = 0; j < BG_MARELLE_N_FEATURES; j++)
    w[j] = quiet && j == BG_MARELLE_F_THREAT_TO_MOVE ? 0 : start[j];
  for (k = 20; k <= 1000; k += 10)
    {
      double l = loss (samples, n, w, k, FALSE);

      if (l < best)
        {
          best = l;
          best_k = k;
        }
    }
  k = best_k;
  printf ("%u positions; K %.0f; loss %.5f, held out %.5f\n", n, k, best,
          loss (samples, n, w, k, TRUE));
  for (guint it = 1; it <= iterations; it++)
    {
      double grad[BG_MARELLE_N_FEATURES] = { 0 };
      guint count = 0;

      for (guint i = 0; i < n; i++)
        {
          double e = 0, p;

          if (i % 5 == 0)
            continue;
          for (int j = 0; j < BG_MARELLE_N_FEATURES; j++)
            e += w[j] * samples[i].f[j];
          p = sigmoid (e / k);
          for (int j = 0; j < BG_MARELLE_N_FEATURES; j++)
            grad[j] += (p - samples[i].y) * samples[i].f[j] / k;
          count++;
        }
      /* Adam, one step of 1 unit at most a weight; the piece's weight is held (and with
       * quiescence the threat of the player to move). */
      for (int j = 1; j < BG_MARELLE_N_FEATURES; j++)
        {
          double g = grad[j] / MAX (count, 1);

          if (quiet && j == BG_MARELLE_F_THREAT_TO_MOVE)
            continue;
          m[j] = 0.9 * m[j] + 0.1 * g;
          v[j] = 0.999 * v[j] + 0.001 * g * g;
          w[j] -= 1.0 * (m[j] / (1 - pow (0.9, it))) / (sqrt (v[j] / (1 - pow (0.999, it)))
                                                         + 1e-12);
        }
      if (it % 100 == 0 || it == iterations)
        printf ("iteration %u: loss %.5f, held out %.5f\n", it, loss (samples, n, w, k, FALSE),
                loss (samples, n, w, k, TRUE));
    }
  printf ("{");
  for (int j = 0; j < BG_MARELLE_N_FEATURES; j++)
    printf (" %.0f%s", w[j], j + 1 < BG_MARELLE_N_FEATURES ? "," : " }\n");
  return 0;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("generate|fit FILE");
  g_autoptr (GError) error = NULL;
  g_autofree char *variant = NULL;
  gint64 games = 200, nodes = 5000, seed = 1, iterations = 1000;
  gboolean quiet = FALSE;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, "standard or triple", "V" },
    { "games", 'g', 0, G_OPTION_ARG_INT64, &games, "games to generate (200)", "N" },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, "nodes a move (5000)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "the openings' seed (1)", "N" },
    { "iterations", 'i', 0, G_OPTION_ARG_INT64, &iterations, "descent steps (1000)", "N" },
    { "quiescence", 'q', 0, G_OPTION_ARG_NONE, &quiet, "quiet positions only, no threat weight",
      NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  int v;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "tune-marelle: %s\n", error->message);
      return 2;
    }
  if (variant == NULL || argc != 3 || games < 1 || nodes < 1 || iterations < 1
      || (!g_str_equal (variant, "standard") && !g_str_equal (variant, "triple")))
    {
      fprintf (stderr, "usage: tune-marelle generate|fit FILE --variant standard|triple\n");
      return 2;
    }
  v = g_str_equal (variant, "standard") ? VARIANT_STANDARD : VARIANT_TRIPLE;
  if (g_str_equal (argv[1], "generate"))
    return generate (argv[2], variant, (guint) games, (guint64) nodes, (guint32) seed);
  if (g_str_equal (argv[1], "fit"))
    return fit (argv[2], v, (guint) iterations, quiet);
  fprintf (stderr, "tune-marelle: generate or fit\n");
  return 2;
}
