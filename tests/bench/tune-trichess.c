/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tune-trichess.c: the weights of the TRICHESS evaluation, fitted to games of self-play
 *
 *   tune-trichess generate FILE [--games N] [--seed N] [--nodes N] [--random-plies N]
 *   tune-trichess fit FILE... [--iterations N]
 *   tune-trichess depth FILE [--depth N] [--positions N]
 *
 * generate: the kept search (level 6, --nodes nodes a move, one thread) plays itself from
 * openings of a few random plies, on both cores; the quiet positions of each game (no king
 * in check, no capture played from them) are written to FILE with the game's winner.
 *
 * fit: the evaluation is linear in its weights (bg_tc_evaluate_sides), so each position
 * gives each player a vector of features, one per weight. The probability that player i
 * wins is taken as the softmax of the three totals over a temperature T (a draw counts a
 * third to each), as Texel's tuning does for two players with a logistic curve. T is fitted
 * first to the searches' present weights and then held, so that the weights keep their
 * scale (centipawns); the weights then descend the cross-entropy (Adam, whole batch). One
 * position in five is held out to show that the fit is not to noise. Prints the weights
 * as an initialiser for bg-trichess-eval.c. Not a test: a useful sample takes half an hour
 * to generate (docs/computer-players.md: the weights fitted so far, and how they played).
 *
 * depth: the size of the kept search's tree, --positions positions spread over FILE each
 * searched to --depth plies on one thread with an empty table (the nodes do not depend on
 * the machine's load, the time does): a change to the move ordering or the reductions is
 * measured on the same positions before and after.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bg-search.h"
#include "trichess/bg-trichess-search.h"

#define MAGIC "TCTUNE01"
#define MAX_PLIES 600

typedef struct
{
  TcPosition pos;
  gint8 winner;                /* -1: a draw */
  guint8 pad[7];
} Record;

typedef struct
{
  GMutex lock;
  FILE *file;
  guint32 seed;
  guint64 nodes;
  guint random_plies;
  guint games_done;
  guint64 positions;
} Generator;

/* A record that this tool could have written: a file is read whole into positions that the
 * engine walks without checks, so a damaged or hand-made one must not reach it. */
static gboolean
record_ok (const Record *r)
{
  const TcPosition *pos = &r->pos;

  if (r->winner < -1 || r->winner >= TC_N_PLAYERS || pos->level >= TC_N_LEVELS
      || pos->turn >= TC_N_PLAYERS)
    return FALSE;
  for (int sq = 0; sq < TC_N_SQUARES; sq++)
    {
      int p = pos->board[sq];

      if (p != TC_EMPTY && (TC_OWNER (p) >= TC_N_PLAYERS || TC_TYPE (p) == TC_EMPTY))
        return FALSE;
    }
  for (int o = 0; o < TC_N_PLAYERS; o++)
    if (pos->king[o] >= TC_N_SQUARES || pos->board[pos->king[o]] != TC_PIECE (o, TC_KING)
        || (pos->ep[o] != TC_NO_SQUARE && pos->ep[o] >= TC_N_SQUARES))
      return FALSE;
  return TRUE;
}

/* A position from which a quiet move was played, with no king in check. */
static gboolean
is_quiet (const TcPosition *pos,
          const TcPosition *next)
{
  int before = 0, after = 0;

  if (bg_tc_eval_checks (pos) != 0)
    return FALSE;
  for (int sq = 0; sq < TC_N_SQUARES; sq++)
    {
      before += pos->board[sq] != TC_EMPTY;
      after += next->board[sq] != TC_EMPTY;
    }
  return before == after;
}

/* Plays one game of self-play from its opening; the winner, or -1 for a draw. */
static int
play_game (Generator *gen,
           BgGame    *game,
           guint32    seed)
{
  BgSearch *search = bg_search_new_with_table (18);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  BgStatus status;

  for (guint i = 0; i < gen->random_plies && !bg_game_is_over (game); i++)
    {
      g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

      bg_game_play (game, g_array_index (moves, BgMove,
                                         g_rand_int_range (rand, 0, (gint32) moves->len)),
                    NULL);
    }
  while (!bg_game_is_over (game) && bg_game_get_n_played (game) < MAX_PLIES)
    {
      BgSearchLimits limits;
      BgSearchResult result;

      /* The repetition draw offer, answered as in the app. */
      if (bg_game_settle_draw_offer (game))
        break;
      bg_search_limits_for_level (BG_LEVEL_MAX, &limits);
      limits.time_limit_ms = 0;
      limits.node_limit = gen->nodes;
      limits.threads = 1;
      limits.seed = seed ^ bg_game_get_n_played (game) * 2654435761u;
      if (!bg_search_run (search, game, &limits, &result)
          || !bg_game_play (game, result.move, NULL))
        break;
    }
  bg_search_free (search);
  status = bg_game_get_status (game);
  return status.result == BG_RESULT_WIN ? status.winner : -1;
}

static void
generate_game (gpointer data,
               gpointer user_data)
{
  Generator *gen = user_data;
  guint index = GPOINTER_TO_UINT (data) - 1;
  g_autoptr (BgGame) game = bg_game_new ("trichess", NULL, NULL);
  g_autoptr (GArray) records = g_array_new (FALSE, FALSE, sizeof (Record));
  int winner = play_game (gen, game, gen->seed * 7919u + index * 104729u + 1);
  guint n = bg_game_get_n_played (game);

  for (guint i = gen->random_plies; i < n; i++)
    {
      Record r = { .winner = (gint8) winner };
      const TcPosition *pos = bg_game_get_position_at (game, i);

      if (!is_quiet (pos, bg_game_get_position_at (game, i + 1)))
        continue;
      r.pos = *pos;
      g_array_append_val (records, r);
    }
  g_mutex_lock (&gen->lock);
  fwrite (records->data, sizeof (Record), records->len, gen->file);
  gen->games_done++;
  gen->positions += records->len;
  fprintf (stderr, "game %u: %u plies, winner %d; %" G_GUINT64_FORMAT " positions\n",
           gen->games_done, n, winner, gen->positions);
  g_mutex_unlock (&gen->lock);
}

static int
generate (const char *path,
          guint       games,
          guint32     seed,
          guint64     nodes,
          guint       random_plies)
{
  Generator gen = { .seed = seed, .nodes = nodes, .random_plies = random_plies };
  GThreadPool *pool;

  gen.file = fopen (path, "wb");
  if (gen.file == NULL || fwrite (MAGIC, 8, 1, gen.file) != 1)
    {
      fprintf (stderr, "tune-trichess: cannot write %s\n", path);
      return 1;
    }
  g_mutex_init (&gen.lock);
  pool = g_thread_pool_new (generate_game, &gen, (gint) g_get_num_processors (), TRUE, NULL);
  for (guint i = 0; i < games; i++)
    g_thread_pool_push (pool, GUINT_TO_POINTER (i + 1), NULL);
  g_thread_pool_free (pool, FALSE, TRUE);
  g_mutex_clear (&gen.lock);
  return fclose (gen.file) == 0 ? 0 : 1;
}

/* The fitted weights: where each is in TcEvalWeights, and the value that makes its feature
 * (the danger table is a percentage). The check is left out: no position kept has one. */
#define W(field) G_STRUCT_OFFSET (TcEvalWeights, field)
static const struct
{
  const char *name;
  glong offset;
  int unit;
} params[] = {
  { "pawn", W (material[TC_PAWN]), 1 }, { "knight", W (material[TC_KNIGHT]), 1 },
  { "bishop", W (material[TC_BISHOP]), 1 }, { "rook", W (material[TC_ROOK]), 1 },
  { "queen", W (material[TC_QUEEN]), 1 }, { "dame", W (material[TC_DAME]), 1 },
  { "knight_step", W (knight_step), 1 }, { "bishop_ray", W (bishop_ray), 1 },
  { "rook_ray", W (rook_ray), 1 }, { "queen_ray", W (queen_ray), 1 },
  { "pawn_home", W (pawn_home), 1 }, { "pawn_foreign", W (pawn_foreign), 1 },
  { "pawn_foreign_step", W (pawn_foreign_step), 1 }, { "king_home", W (king_home), 1 },
  { "shelter", W (shelter), 1 }, { "ahead", W (ahead), 1 }, { "danger", W (danger), 100 },
};
#define N_PARAMS G_N_ELEMENTS (params)

static int *
weight (TcEvalWeights *w,
        guint          j)
{
  return (int *) ((char *) w + params[j].offset);
}

typedef struct
{
  float f[TC_N_PLAYERS][N_PARAMS];
  gint8 winner;
} Sample;

static void
features (const TcPosition *pos,
          Sample           *s)
{
  for (guint j = 0; j < N_PARAMS; j++)
    {
      TcEvalWeights unit = { 0 };
      int side[TC_N_PLAYERS];

      *weight (&unit, j) = params[j].unit;
      bg_tc_evaluate_sides (pos, &unit, TRUE, side);
      for (int i = 0; i < TC_N_PLAYERS; i++)
        s->f[i][j] = (float) side[i] / (float) params[j].unit;
    }
}

/* Reads every file's positions into the training and held-out samples. */
static gboolean
load (char   **paths,
      GArray  *train,
      GArray  *test)
{
  for (guint a = 0; paths[a] != NULL; a++)
    {
      FILE *f = fopen (paths[a], "rb");
      char magic[8];
      Record r;

      if (f == NULL || fread (magic, 8, 1, f) != 1 || memcmp (magic, MAGIC, 8) != 0)
        {
          fprintf (stderr, "tune-trichess: %s is not a file of generate\n", paths[a]);
          if (f != NULL)
            fclose (f);
          return FALSE;
        }
      while (fread (&r, sizeof r, 1, f) == 1)
        {
          Sample s = { .winner = r.winner };

          if (!record_ok (&r))
            continue;
          features (&r.pos, &s);
          g_array_append_val ((train->len + test->len) % 5 == 4 ? test : train, s);
        }
      fclose (f);
    }
  if (train->len == 0 || test->len == 0)
    {
      fprintf (stderr, "tune-trichess: too few usable positions to fit and to check the fit\n");
      return FALSE;
    }
  return TRUE;
}

/* The mean cross-entropy of the samples at weights w and temperature t; its gradient in
 * grad if not NULL. */
static double
loss (const GArray *samples,
      const double *w,
      double        t,
      double       *grad)
{
  double sum = 0;

  if (grad != NULL)
    memset (grad, 0, sizeof (double) * N_PARAMS);
  for (guint k = 0; k < samples->len; k++)
    {
      const Sample *s = &g_array_index (samples, Sample, k);
      double z[TC_N_PLAYERS], p[TC_N_PLAYERS], top = -INFINITY, total = 0;

      for (int i = 0; i < TC_N_PLAYERS; i++)
        {
          z[i] = 0;
          for (guint j = 0; j < N_PARAMS; j++)
            z[i] += w[j] * s->f[i][j];
          z[i] /= t;
          top = MAX (top, z[i]);
        }
      for (int i = 0; i < TC_N_PLAYERS; i++)
        total += (p[i] = exp (z[i] - top));
      for (int i = 0; i < TC_N_PLAYERS; i++)
        {
          double y = s->winner < 0 ? 1.0 / TC_N_PLAYERS : s->winner == i;

          p[i] /= total;
          sum -= y * log (MAX (p[i], 1e-12));
          if (grad != NULL)
            for (guint j = 0; j < N_PARAMS; j++)
              grad[j] += (p[i] - y) * s->f[i][j] / t;
        }
    }
  if (grad != NULL)
    for (guint j = 0; j < N_PARAMS; j++)
      grad[j] /= samples->len;
  return sum / samples->len;
}

/* Adam on the whole batch, a step of about a centipawn. */
static void
descend (const GArray *train,
         const GArray *test,
         double       *w,
         double        t,
         guint         iterations)
{
  double m[N_PARAMS] = { 0 }, v[N_PARAMS] = { 0 }, g[N_PARAMS];

  for (guint it = 1; it <= iterations; it++)
    {
      double l = loss (train, w, t, g);

      for (guint j = 0; j < N_PARAMS; j++)
        {
          m[j] = 0.9 * m[j] + 0.1 * g[j];
          v[j] = 0.999 * v[j] + 0.001 * g[j] * g[j];
          w[j] -= 2.0 * (m[j] / (1 - pow (0.9, it)))
                  / (sqrt (v[j] / (1 - pow (0.999, it))) + 1e-9);
        }
      if (it % 100 == 0 || it == iterations)
        printf ("iteration %u: loss %.5f, held out %.5f\n", it, l, loss (test, w, t, NULL));
    }
}

static int
fit (char  **paths,
     guint   iterations)
{
  g_autoptr (GArray) train = g_array_new (FALSE, FALSE, sizeof (Sample));
  g_autoptr (GArray) test = g_array_new (FALSE, FALSE, sizeof (Sample));
  TcEvalWeights start = bg_tc_eval_weights;
  double w[N_PARAMS], w0[N_PARAMS], t = 50, best_t = 50, best = INFINITY;

  if (!load (paths, train, test))
    return 1;
  for (guint j = 0; j < N_PARAMS; j++)
    w0[j] = w[j] = *weight (&start, j);
  /* The temperature that fits the present weights best. */
  for (; t < 10000; t *= 1.05)
    {
      double l = loss (train, w, t, NULL);

      if (l < best)
        best = l, best_t = t;
    }
  t = best_t;
  printf ("%u positions (%u held out); T %.0f; loss of the present weights %.5f, held out "
          "%.5f (%.5f: no knowledge)\n", train->len + test->len, test->len, t, best,
          loss (test, w, t, NULL), log (TC_N_PLAYERS));
  descend (train, test, w, t, iterations);
  for (guint j = 0; j < N_PARAMS; j++)
    {
      *weight (&start, j) = (int) lround (w[j]);
      printf ("%-18s %6.0f -> %6.0f\n", params[j].name, w0[j], w[j]);
    }
  printf ("  .material = { 0, %d, %d, %d, %d, %d, 0, %d },\n", start.material[1],
          start.material[2], start.material[3], start.material[4], start.material[5],
          start.material[7]);
  printf ("  .knight_step = %d, .bishop_ray = %d, .rook_ray = %d, .queen_ray = %d,\n",
          start.knight_step, start.bishop_ray, start.rook_ray, start.queen_ray);
  printf ("  .pawn_home = %d, .pawn_foreign = %d, .pawn_foreign_step = %d,\n",
          start.pawn_home, start.pawn_foreign, start.pawn_foreign_step);
  printf ("  .king_home = %d, .shelter = %d, .check = %d, .ahead = %d, .behind = %d, "
          ".danger = %d,\n", start.king_home, start.shelter, start.check, start.ahead,
          start.behind, start.danger);
  return 0;
}

/* Searches positions spread over path to a fixed depth; prints their nodes and time. */
static int
depth_nodes (const char *path,
             guint       depth,
             guint       count)
{
  g_autofree char *data = NULL;
  gsize length;
  guint64 nodes = 0, moves = 0;
  double seconds = 0;
  guint n, skipped = 0;

  if (!g_file_get_contents (path, &data, &length, NULL) || length < 8
      || memcmp (data, MAGIC, 8) != 0)
    {
      fprintf (stderr, "tune-trichess: %s is not a file of generate\n", path);
      return 1;
    }
  n = (guint) ((length - 8) / sizeof (Record));
  count = MIN (count, n);
  for (guint i = 0; i < count; i++)
    {
      Record r;
      BgSearch *search;
      BgSearchLimits limits = { .max_depth = depth, .threads = 1, .seed = 1 };
      BgSearchResult result = { 0 };
      gint64 start = g_get_monotonic_time ();

      memcpy (&r, data + 8 + (gsize) (i * (guint64) n / count) * sizeof r, sizeof r);
      if (!record_ok (&r))
        {
          skipped++;
          continue;
        }
      search = bg_search_new ();
      bg_search_begin (search, &limits);
      bg_tc_search_run (search, &r.pos, NULL, 0, (int) depth, 0, TRUE, &limits, &result);
      seconds += (double) (g_get_monotonic_time () - start) / 1e6;
      nodes += result.nodes;
      moves = moves * 31 + result.move;   /* whether the moves chosen changed */
      bg_search_free (search);
    }
  printf ("%u positions, %u plies: %" G_GUINT64_FORMAT " nodes, %.2f s, moves %016"
          G_GINT64_MODIFIER "x\n", count - skipped, depth, nodes, seconds, moves);
  if (skipped > 0)
    fprintf (stderr, "tune-trichess: %u damaged record(s) of %s skipped\n", skipped, path);
  return 0;
}

static int
usage (void)
{
  fprintf (stderr, "usage: tune-trichess generate FILE [--games N] [--seed N] [--nodes N] "
           "[--random-plies N]\n       tune-trichess fit FILE... [--iterations N]\n"
           "       tune-trichess depth FILE [--depth N] [--positions N]\n");
  return 2;
}

int
main (int    argc,
      char **argv)
{
  guint games = 1300, random_plies = 4, iterations = 1500, depth = 6, positions = 120;
  guint64 nodes = 20000, seed = 1;
  g_autoptr (GPtrArray) files = g_ptr_array_new ();

  if (argc < 3)
    return usage ();
  for (int i = 2; i < argc; i++)
    {
      const char *arg = argv[i];
      guint64 value;

      if (!g_str_has_prefix (arg, "--"))
        {
          g_ptr_array_add (files, (gpointer) arg);
          continue;
        }
      if (i + 1 == argc
          || !g_ascii_string_to_unsigned (argv[++i], 10, 1, G_MAXUINT32, &value, NULL))
        return usage ();
      if (g_str_equal (arg, "--nodes"))
        nodes = value;
      else if (g_str_equal (arg, "--seed"))
        seed = value;
      else if (g_str_equal (arg, "--games"))
        games = (guint) value;
      else if (g_str_equal (arg, "--random-plies"))
        random_plies = (guint) value;
      else if (g_str_equal (arg, "--iterations"))
        iterations = (guint) value;
      else if (g_str_equal (arg, "--depth") && value <= 12)
        depth = (guint) value;
      else if (g_str_equal (arg, "--positions"))
        positions = (guint) value;
      else
        return usage ();
    }
  g_ptr_array_add (files, NULL);
  if (g_str_equal (argv[1], "generate") && files->len == 2)
    return generate (files->pdata[0], games, (guint32) seed, nodes, random_plies);
  if (g_str_equal (argv[1], "fit") && files->len > 1)
    return fit ((char **) files->pdata, iterations);
  if (g_str_equal (argv[1], "depth") && files->len == 2)
    return depth_nodes (files->pdata[0], depth, positions);
  return usage ();
}
