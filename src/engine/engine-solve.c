/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-solve.c: "boardgames-engine solve triple-alliance [--threads N] [--out PATH]"
 *
 * Writes the table of La Triple Alliance, with its progress on stderr and its
 * statistics (positions won, drawn and lost by layer) on stdout.
 */

#include "engine-solve.h"

#include <stdio.h>

#include "triple-alliance/solver/bg-ta-solve.h"
#include "engine-protocol.h"
#include "triple-alliance/solver/bg-ta-table.h"

static void
print_progress (const char *stage,
                double      fraction,
                gpointer    data)
{
  static const char *last_stage;
  static int last_percent = -1;
  int percent = (int) (fraction * 100);

  if (stage == last_stage && percent == last_percent)
    return;
  last_stage = stage;
  last_percent = percent;
  fprintf (stderr, "\r%3d%% %s          ", percent, stage);
  fflush (stderr);
}

static void
print_stats (const BgTaSolveStats *stats)
{
  printf ("%-6s %-5s %12s %12s %12s %12s %14s %14s %14s %5s\n", "pieces", "move",
          "entries", "won", "drawn", "lost", "all won", "all drawn", "all lost", "max");
  for (guint k = 0; k < stats->n_layers; k++)
    {
      const BgTaLayerStats *l = &stats->layers[k];

      printf ("%u+%u    %-5s %12" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT " %12"
              G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT " %14"
              G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT " %5u\n",
              l->a, l->b, k + 1 == stats->n_layers ? "step" : "place", l->entries, l->won,
              l->drawn, l->lost, l->all_won, l->all_drawn, l->all_lost, l->max_distance);
    }
}

static int
usage (void)
{
  fprintf (stderr, "usage: boardgames-engine solve triple-alliance [--threads N] [--out PATH]"
           " [--pieces 3-6] [--checkpoint SECONDS]\n"
           "       boardgames-engine solve --count PATH\n"
           "       boardgames-engine solve marelle [variant=triple|standard] [--threads N]"
           " [--out PATH] [--three]\n");
  return 2;
}

static gboolean
parse_number (const char *text,
              guint       min,
              guint       max,
              guint      *value)
{
  guint64 v;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, min, max, &v, NULL))
    return FALSE;
  *value = (guint) v;
  return TRUE;
}

int
engine_solve_main (int    argc,
                   char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  BgTaSolveOptions options = { .progress = print_progress };
  BgTaSolveStats stats;

  if (argc == 3 && g_str_equal (argv[1], "--count"))
    {
      if (!bg_ta_solve_count (argv[2], &stats, &error))
        {
          fprintf (stderr, "error: %s\n", error->message);
          return 1;
        }
      print_stats (&stats);
      return 0;
    }
  if (argc >= 2 && g_str_equal (argv[1], "marelle"))
    return engine_solve_marelle_main (argc - 1, argv + 1);
  if (argc < 2 || !g_str_equal (argv[1], "triple-alliance"))
    return usage ();
  for (int i = 2; i < argc; i++)
    {
      const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;

      if (g_str_equal (arg, "--threads") && parse_number (value, 1, 64, &options.n_threads))
        i++;
      else if (g_str_equal (arg, "--pieces")
               && parse_number (value, BG_TA_SOLVE_MIN_PIECES, BG_TA_SOLVE_MAX_PIECES,
                                &options.n_pieces))
        i++;
      else if (g_str_equal (arg, "--checkpoint")
               && parse_number (value, 1, G_MAXUINT, &options.checkpoint_seconds))
        i++;
      else if (g_str_equal (arg, "--out") && value != NULL)
        path = g_strdup (argv[++i]);
      else
        return usage ();
    }
  if (path == NULL)
    path = bg_ta_table_default_path (options.n_pieces ? options.n_pieces : 6);
  options.path = path;
  fprintf (stderr, "solving La Triple Alliance into %s\n", path);
  if (!bg_ta_solve (&options, &stats, &error))
    {
      fprintf (stderr, "\nerror: %s\n", error->message);
      return 1;
    }
  fprintf (stderr, "\n");
  printf ("table %s\n", path);
  printf ("time %.1f s%s, %.0f positions/s\n", stats.seconds,
          stats.resumed ? " (resumed from a checkpoint)" : "",
          stats.positions_solved / MAX (stats.seconds, 1e-3));
  print_stats (&stats);
  return 0;
}

/* The table for "probe" and the perfect level */

gboolean
engine_table_load (const char  *path,
                   GError     **error)
{
  g_autofree char *default_path = bg_ta_table_default_path (6);
  g_autoptr (BgTaTable) table = NULL;

  path = path ? path : default_path;
  table = bg_ta_table_open_pieces (path, 6, error);
  if (table == NULL)
    return FALSE;
  bg_ta_table_set_default (table);
  engine_answer_okf ("table %s", path);
  return TRUE;
}

/* Installs the table at the default path if none is installed yet; otherwise an error that
 * says why: none there, or what is there refused (another game's table, a damaged file, a
 * FIFO...). */
static gboolean
table_ensure (GError **error)
{
  g_autoptr (BgTaTable) table = bg_ta_table_get_default ();
  g_autofree char *path = NULL;
  g_autoptr (GError) local = NULL;

  if (table != NULL)
    return TRUE;
  path = bg_ta_table_default_path (6);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return g_set_error (error, BG_ERROR, BG_ERROR_BAD_FILE,
                        "no table at %s: compute it with 'boardgames-engine solve "
                        "triple-alliance', or give one with 'table PATH'", path), FALSE;
  table = bg_ta_table_open_pieces (path, 6, &local);
  if (table == NULL)
    return g_set_error (error, BG_ERROR, BG_ERROR_BAD_FILE,
                        "%s: compute the right table with 'boardgames-engine solve "
                        "triple-alliance', or give one with 'table PATH'", local->message), FALSE;
  bg_ta_table_set_default (table);
  return TRUE;
}

gboolean
engine_table_ensure (void)
{
  g_autofree char *path = bg_ta_table_default_path (6);
  g_autoptr (GError) error = NULL;

  if (table_ensure (&error))
    return TRUE;
  /* A file there that is not the table is told of; none at all is the caller's to say. */
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    printf ("info the table cannot be used: %s\n", error->message);
  return FALSE;
}

void
engine_print_value (BgTaValue v)
{
  switch (v.outcome)
    {
    case BG_TA_OUTCOME_WIN:
      printf ("win %u", v.distance);
      break;
    case BG_TA_OUTCOME_LOSS:
      printf ("loss %u", v.distance);
      break;
    case BG_TA_OUTCOME_DRAW:
      printf ("draw");
      break;
    case BG_TA_OUTCOME_UNKNOWN:
    default:
      printf ("unknown");
      break;
    }
}

void
engine_print_table_value (const BgGame *game)
{
  g_autoptr (BgTaTable) table = bg_ta_table_get_default ();
  BgTaValue value;

  if (table == NULL || (value = bg_ta_table_probe (table, game)).outcome == BG_TA_OUTCOME_UNKNOWN)
    return;
  printf ("info table ");
  engine_print_value (value);
  printf ("\n");
}

gboolean
engine_probe (const BgGame  *game,
              const gint    *stop,
              GError       **error)
{
  g_autoptr (BgTaTable) table = NULL;
  g_autofree BgTaMoveValue *rated = NULL;
  BgTaValue value;
  guint n;

  if (g_str_equal (bg_game_get_rules (game)->id, "marelle"))
    return engine_probe_marelle (game, stop, error);
  if (!g_str_equal (bg_game_get_rules (game)->id, "triple-alliance"))
    return g_set_error (error, BG_ERROR, BG_ERROR_UNKNOWN_GAME,
                        "only La Triple Alliance and Marelle have tables"), FALSE;
  if (!table_ensure (error))
    return FALSE;
  table = bg_ta_table_get_default ();
  value = bg_ta_table_probe (table, game);
  if (value.outcome == BG_TA_OUTCOME_UNKNOWN)
    return g_set_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE,
                        "the position is not in the table (6 pieces each, counting those "
                        "in hand)"), FALSE;
  rated = g_new (BgTaMoveValue, bg_game_get_rules (game)->max_moves);
  n = bg_ta_table_rate_moves (table, game, rated);
  printf ("value ");
  engine_print_value (value);
  printf ("\nbest");
  for (guint i = 0; i < n && bg_ta_value_compare (rated[i].value, rated[0].value) == 0; i++)
    {
      g_autofree char *text = bg_game_format_move (game, rated[i].move);

      printf (" %s", text);
    }
  printf ("\n");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = bg_game_format_move (game, rated[i].move);

      printf ("move %s ", text);
      engine_print_value (rated[i].value);
      printf (" mistakes %u/%u\n", rated[i].mistakes, rated[i].replies);
    }
  return TRUE;
}
