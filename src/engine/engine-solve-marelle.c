/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-solve-marelle.c: "boardgames-engine solve marelle [variant=standard] [--threads N]
 * [--out PATH] [--three]": the morris endgame tables from the shell
 *
 * Solves the endgames with three or four pieces each of a Marelle rule set, writes the
 * table (by default where the application and the engine look for it) and prints its
 * sizes, the solve's time and the positions won, drawn and lost by layer.
 */

#include "engine-solve.h"

#include <stdio.h>

#include "marelle/bg-marelle-endgame.h"
#include "engine-protocol.h"

static int
usage (void)
{
  fprintf (stderr, "usage: boardgames-engine solve marelle [variant=triple|standard] "
           "[--threads N] [--out PATH] [--three]\n");
  return 2;
}

static void
print_stats (const BgMarelleEndgameStats *stats)
{
  guint64 entries = 0, positions = 0;

  printf ("symmetries %u\n", stats->n_symmetries);
  printf ("%-6s %10s %10s %10s %10s %12s %12s %12s %5s\n", "pieces", "entries", "won",
          "drawn", "lost", "all won", "all drawn", "all lost", "max");
  for (guint l = 0; l < BG_MARELLE_ENDGAME_N_LAYERS; l++)
    {
      const BgMarelleEndgameLayerStats *s = &stats->layers[l];

      entries += s->entries;
      positions += s->all_won + s->all_drawn + s->all_lost;
      printf ("%u+%u    %10" G_GUINT64_FORMAT " %10" G_GUINT64_FORMAT " %10" G_GUINT64_FORMAT
              " %10" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT " %12"
              G_GUINT64_FORMAT " %5u\n", s->a, s->b, s->entries, s->won, s->drawn, s->lost,
              s->all_won, s->all_drawn, s->all_lost, s->max_distance);
    }
  printf ("total  %10" G_GUINT64_FORMAT " entries (bytes), %" G_GUINT64_FORMAT
          " positions\n", entries, positions);
}

int
engine_solve_marelle_main (int    argc,
                           char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BgMarelleEndgame) table = NULL;
  g_autofree char *path = NULL;
  BgMarelleEndgameOptions options = { BG_MARELLE_VARIANT_TRIPLE, 0, NULL, 0 };
  BgMarelleEndgameStats stats;
  gint64 start;
  double seconds;

  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
      guint64 n;

      if (g_str_equal (arg, "variant=triple"))
        options.variant = BG_MARELLE_VARIANT_TRIPLE;
      else if (g_str_equal (arg, "variant=standard"))
        options.variant = BG_MARELLE_VARIANT_STANDARD;
      else if (g_str_equal (arg, "--three"))
        options.n_layers = 1;
      else if (g_str_equal (arg, "--threads") && value != NULL
               && g_ascii_string_to_unsigned (value, 10, 1, 64, &n, NULL))
        {
          options.n_threads = (guint) n;
          i++;
        }
      else if (g_str_equal (arg, "--out") && value != NULL)
        path = g_strdup (argv[++i]);
      else
        return usage ();
    }
  if (path == NULL)
    path = bg_marelle_endgame_default_path (options.variant);
  fprintf (stderr, "solving the %s endgames into %s\n",
           options.variant == BG_MARELLE_VARIANT_STANDARD ? "nine men's morris"
                                                          : "Marelle triple", path);
  start = g_get_monotonic_time ();
  table = bg_marelle_endgame_solve (&options, &error);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  if (table == NULL || !bg_marelle_endgame_save (table, path, &error))
    {
      fprintf (stderr, "error: %s\n", error->message);
      return 1;
    }
  printf ("table %s\n", path);
  printf ("time %.2f s\n", seconds);
  bg_marelle_endgame_count (table, &stats);
  print_stats (&stats);
  return 0;
}

gboolean
engine_probe_marelle (const BgGame  *game,
                      const gint    *stop,
                      GError       **error)
{
  g_autoptr (GArray) moves = NULL;
  BgTaValue value;

  if (!engine_wait_endgames (game, TRUE, stop))
    return g_set_error (error, BG_ERROR, BG_ERROR_CANCELLED,
                        "the endgame table is not ready"), FALSE;
  value = bg_marelle_endgame_probe (game);
  if (value.outcome == BG_TA_OUTCOME_UNKNOWN)
    return g_set_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE,
                        "the position is not in the endgame tables (hands empty, three or "
                        "four pieces each)"), FALSE;
  printf ("value ");
  engine_print_value (value);
  printf ("\n");
  moves = bg_game_get_legal_moves (game);
  for (guint i = 0; i < moves->len; i++)
    {
      BgMove move = g_array_index (moves, BgMove, i);
      g_autofree char *text = bg_game_format_move (game, move);
      g_autoptr (BgGame) child = bg_game_copy (game);
      BgTaValue after = { BG_TA_OUTCOME_WIN, 1 };

      bg_game_play (child, move, NULL);
      /* The move's value for its player: the child's, one ply up. */
      if (!bg_game_is_over (child))
        {
          after = bg_marelle_endgame_probe (child);
          if (after.outcome != BG_TA_OUTCOME_DRAW)
            after = (BgTaValue) { after.outcome == BG_TA_OUTCOME_WIN ? BG_TA_OUTCOME_LOSS
                                                                     : BG_TA_OUTCOME_WIN,
                                  after.distance + 1 };
        }
      printf ("move %s ", text);
      engine_print_value (after);
      printf ("\n");
    }
  return TRUE;
}
