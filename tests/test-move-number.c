/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-move-number.c: the one numbering of the moves (issue 47), which the move list and the
 * review's strips share: in pairs when two players take turns, else one number a move */

#include "test-app-util.h"
#include "review/trio-move-number.h"

/* Marelle: two players taking turns, a mill's removal within its move: pairs, as the list's
 * "1. b2 f2", "2. f4 a4"…: the fifth move (White's) and the sixth (Black's) are both "3.",
 * the thirteenth "7.", the last. */
static void
test_pairs (void)
{
  g_autoptr (BgGame) game = tau_game_new ("marelle", NULL, "b2 f2 f4 a4 e3 a7 a1 b4 c4 c5 e4 "
                                          "d5 e5xc5");

  g_assert_true (trio_move_numbers_in_pairs (game));
  g_assert_cmpuint (trio_move_number (game, 0), ==, 1);
  g_assert_cmpuint (trio_move_number (game, 1), ==, 1);
  g_assert_cmpuint (trio_move_number (game, 4), ==, 3);
  g_assert_cmpuint (trio_move_number (game, 5), ==, 3);
  g_assert_cmpuint (trio_move_number (game, 12), ==, 7);
  g_assert_cmpuint (trio_move_number_last (game), ==, 7);
  g_assert_cmpint (bg_game_get_played_player (game, 5), ==, 1);
}

/* TRICHESS: three players, one number a move (the list's "4. Red: …"). */
static void
test_three_players (void)
{
  g_autoptr (BgGame) game = tau_game_new ("trichess", NULL, NULL);

  for (guint i = 0; i < 7; i++)
    {
      g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

      g_assert_cmpuint (moves->len, >, 0);
      g_assert_true (bg_game_play (game, g_array_index (moves, BgMove, 0), NULL));
    }
  g_assert_false (trio_move_numbers_in_pairs (game));
  g_assert_cmpuint (trio_move_number (game, 0), ==, 1);
  g_assert_cmpuint (trio_move_number (game, 3), ==, 4);
  g_assert_cmpuint (trio_move_number_last (game), ==, 7);
}

/* Triomino for two: once a player draws and then plays, the turns no longer alternate and
 * every move has its number, in the whole game (the numbers do not change meaning midway). */
static void
test_two_players_not_alternating (void)
{
  g_autoptr (GHashTable) options = bg_options_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) game = NULL;
  guint twice = 0;

  g_hash_table_insert (options, g_strdup ("players"), g_strdup ("2"));
  g_hash_table_insert (options, g_strdup ("seed"), g_strdup ("7"));
  game = bg_game_new ("triomino", options, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 200 && twice == 0 && !bg_game_is_over (game); i++)
    {
      g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

      g_assert_true (bg_game_play (game, g_array_index (moves, BgMove, 0), NULL));
      if (i > 0 && bg_game_get_played_player (game, i) == bg_game_get_played_player (game, i - 1))
        twice = i;
    }
  g_assert_cmpuint (twice, >, 0);
  g_assert_false (trio_move_numbers_in_pairs (game));
  g_assert_cmpuint (trio_move_number (game, twice), ==, twice + 1);
  g_assert_cmpuint (trio_move_number (game, 1), ==, 2);
  g_assert_cmpuint (trio_move_number_last (game), ==, twice + 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/move-number/pairs", test_pairs);
  g_test_add_func ("/move-number/three-players", test_three_players);
  g_test_add_func ("/move-number/two-players-not-alternating",
                   test_two_players_not_alternating);
  return g_test_run ();
}
