/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-game-registry.c: the application's registry of games (trio-game.c) against the rule
 * sets of libboardgames
 *
 * Every rule set has its entry and every entry a rule set; each game has a name, a blurb,
 * seats, a view, its rules pages in both languages, a board or a picture for the chooser,
 * and a computer level range. A fifth game registered on one side only fails here rather
 * than in the window. At most one game keeps best scores (the statistics have one table of
 * them), and a statistics option is an option of the game's rule set with a list of values.
 * A game has a Perfect level exactly when it has a solved table, and at most one has one
 * (the application keeps one TrioPerfectTable).
 * Needs no display: no widget is made.
 */

#include <locale.h>
#include <string.h>

#include "bg-search.h"
#include "board/trio-board-renderer.h"
#include "games/trio-game.h"

static void
test_every_rule_set (void)
{
  const BgRules *const *rules = bg_rules_list ();
  const TrioGame *const *games = trio_game_list ();
  guint n_rules = 0, n_games = 0;

  for (; rules[n_rules] != NULL; n_rules++)
    {
      const TrioGame *game = trio_game_lookup (rules[n_rules]->id);

      g_assert_nonnull (game);
      g_assert_cmpstr (game->id, ==, rules[n_rules]->id);
    }
  for (; games[n_games] != NULL; n_games++)
    g_assert_nonnull (bg_rules_lookup (games[n_games]->id));
  g_assert_cmpuint (n_rules, ==, n_games);
  g_assert_null (trio_game_lookup ("chess960"));
}

static void
test_descriptions (void)
{
  for (const TrioGame *const *games = trio_game_list (); *games != NULL; games++)
    {
      const TrioGame *game = *games;
      const BgRules *rules = bg_rules_lookup (game->id);

      g_test_message ("%s", game->id);
      g_assert_cmpstr (trio_game_get_name (game, NULL), !=, "");
      g_assert_cmpstr (trio_game_get_blurb (game), !=, "");
      for (int seat = 0; seat < (int) rules->max_players; seat++)
        {
          g_autofree char *name = trio_game_dup_seat_name (game, seat);

          g_assert_cmpstr (name, !=, "");
        }
      g_assert_nonnull (game->create_view);
      g_assert_true ((game->max_level == BG_LEVEL_PERFECT) == (game->solved_table != NULL));
      if (game->solved_table != NULL)
        {
          const TrioSolvedTable *solved = game->solved_table;

          g_assert_true (trio_game_find_solved_table () == game);
          g_assert_true (solved->default_path && solved->checkpoint_path && solved->open
                         && solved->solve && solved->install && solved->dup_installed
                         && solved->unref && solved->rate_moves);
        }
      if (game->best_scores != NULL)
        {
          g_assert_true (trio_game_find_best_scores () == game);
          g_assert_nonnull (game->best_scores->is_scored);
          g_assert_nonnull (game->best_scores->final_score);
        }
      if (game->statistics_option != NULL)
        {
          const BgOptionSpec *spec = rules->options;

          while (spec->name != NULL && !g_str_equal (spec->name, game->statistics_option))
            spec++;
          g_assert_cmpstr (spec->name, ==, game->statistics_option);
          g_assert_nonnull (spec->values);
        }
      g_assert_true (game->max_level == BG_LEVEL_MAX || game->max_level == BG_LEVEL_PERFECT);
      for (guint l = 0; l < 2; l++)
        {
          g_autofree char *path = g_strdup_printf ("/io/github/triogames/Trio/rules/%s/%s.txt",
                                                   l == 0 ? "en" : "fr", game->rules_page);

          g_assert_true (g_resources_get_info (path, 0, NULL, NULL, NULL));
        }
    }
}

/* Each game draws its board (at the start, with its default options) or its own picture. */
static void
test_boards (void)
{
  for (const TrioGame *const *games = trio_game_list (); *games != NULL; games++)
    {
      const TrioGame *game = *games;
      g_autoptr (BgGame) sample = game->sample_game != NULL ? game->sample_game ()
                                                            : bg_game_new (game->id, NULL,
                                                                           NULL);

      g_test_message ("%s", game->id);
      g_assert_nonnull (sample);
      g_assert_true (trio_game_for (sample) == game);
      if (game->renderer != NULL)
        {
          g_autoptr (GError) error = NULL;
          gpointer board = trio_game_create_board (game, sample, &error);

          g_assert_no_error (error);
          g_assert_nonnull (board);
          game->renderer->destroy (board);
        }
      else
        {
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64, 64);
          cairo_t *cr = cairo_create (surface);

          g_assert_nonnull (game->draw_picture);
          game->draw_picture (sample, cr, 64, 64);
          g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
        }
    }
}

/* Issue 34: the rules pages are Pango markup, in parts around the lines "[board]" where the
 * rules window draws the board with its points' names (trio-rules-board.c): each part parses,
 * a page with a board is a game of named points, and no ASCII diagram is left (a <tt> block
 * over several lines). The two pages of La Triple Alliance and of Marelle have their board. */
static void
test_rules_pages (void)
{
  for (const TrioGame *const *games = trio_game_list (); *games != NULL; games++)
    for (guint l = 0; l < 2; l++)
      {
        const TrioGame *game = *games;
        g_autofree char *path = g_strdup_printf ("/io/github/triogames/Trio/rules/%s/%s.txt",
                                                 l == 0 ? "en" : "fr", game->rules_page);
        g_autoptr (GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
        g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL),
                                           g_bytes_get_size (bytes));
        g_auto (GStrv) parts = g_strsplit (text, "\n[board]\n", -1);
        gboolean has_board = g_strv_length (parts) > 1;

        g_test_message ("%s", path);
        for (guint i = 0; parts[i] != NULL; i++)
          {
            g_autoptr (GError) error = NULL;
            const char *tt = parts[i];

            g_assert_true (pango_parse_markup (parts[i], -1, 0, NULL, NULL, NULL, &error));
            g_assert_no_error (error);
            while ((tt = strstr (tt, "<tt>")) != NULL)
              {
                const char *end = strstr (tt, "</tt>");

                g_assert_nonnull (end);
                g_assert_null (memchr (tt, '\n', (gsize) (end - tt)));
                tt = end;
              }
          }
        if (has_board)
          g_assert_true (game->renderer != NULL
                         && bg_rules_lookup (game->id)->location_name != NULL);
        if (g_str_equal (game->id, "triple-alliance") || g_str_equal (game->id, "marelle"))
          g_assert_true (has_board);
      }
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-registry/every-rule-set", test_every_rule_set);
  g_test_add_func ("/game-registry/descriptions", test_descriptions);
  g_test_add_func ("/game-registry/boards", test_boards);
  g_test_add_func ("/game-registry/rules-pages", test_rules_pages);
  return g_test_run ();
}
