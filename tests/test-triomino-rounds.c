/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-triomino-rounds.c: the Triomino turn rules, round ends and end of the game
 *
 * Draws, passes, going out, blocked rounds and the target score on constructed hands and
 * piles; the children's game (scoring=none) on constructed positions and a seeded game.
 */

#include <string.h>

#include "bg-save.h"
#include "triomino/bg-triomino-setup.h"
#include "test-triomino-util.h"
#include "test-util.h"

/* Drawing and passing */

START_TEST (test_draws)
{
  const char *hands[] = { "0-0-0", "5-5-5", NULL };
  g_autofree void *pos = tt_setup (2, "1-2-3@0,0", hands, 0);
  g_autoptr (GError) error = NULL;
  g_autofree char *after = NULL;

  ck_assert (bg_triomino_set_pile (pos, "0-0-1 0-1-1 1-1-1 1-2-2 4-4-4", &error));
  for (int i = 1; i <= 3; i++)
    {
      g_autofree char *moves = tt_legal_text (pos);

      ck_assert_str_eq (moves, "draw");
      R->play (pos, tt_parse (pos, "draw"));
      ck_assert_int_eq (bg_triomino_get_score (pos, 0), -5 * i);
      ck_assert_int_eq (bg_triomino_get_draws (pos), i);
      ck_assert_int_eq (R->player_to_move (pos), 0);
    }
  after = tt_legal_text (pos);
  ck_assert_str_eq (after, "pass");
  tt_check_illegal (pos, "draw", "three tiles");
  R->play (pos, tt_parse (pos, "pass"));
  ck_assert_int_eq (bg_triomino_get_score (pos, 0), -25);
  ck_assert_int_eq (R->player_to_move (pos), 1);
  ck_assert_int_eq (bg_triomino_get_pile_count (pos), 2);
}
END_TEST

START_TEST (test_draw_then_play)
{
  const char *hands[] = { "0-0-0", "5-5-5", NULL };
  g_autofree void *pos = tt_setup (2, "1-2-3@0,0", hands, 0);
  g_autofree char *moves = NULL;

  ck_assert (bg_triomino_set_pile (pos, "0-0-1 1-2-2 4-4-4", NULL));
  R->play (pos, tt_parse (pos, "draw"));
  R->play (pos, tt_parse (pos, "draw"));
  /* The drawn 1-2-2 fits: it must be played, no more drawing. */
  moves = tt_legal_text (pos);
  ck_assert_str_eq (moves, "2-1-2@0,1");
  tt_check_illegal (pos, "draw", "you can place a tile");
  tt_check_placement (pos, "2-1-2@0,1", 5, 0, FALSE, FALSE);
  ck_assert_int_eq (bg_triomino_get_score (pos, 0), -10 + 5);
  ck_assert_int_eq (bg_triomino_get_draws (pos), 0);
}
END_TEST

START_TEST (test_empty_pile_pass)
{
  const char *hands[] = { "0-0-0 5-5-5", "1-2-2 4-4-4", NULL };
  g_autofree void *pos = tt_setup (2, "1-2-3@0,0", hands, 0);
  g_autofree char *moves = NULL;

  ck_assert (bg_triomino_set_pile (pos, "", NULL));
  moves = tt_legal_text (pos);
  ck_assert_str_eq (moves, "pass");
  tt_check_illegal (pos, "draw", "the pile is empty");
  R->play (pos, tt_parse (pos, "pass"));
  ck_assert_int_eq (bg_triomino_get_score (pos, 0), 0);
  ck_assert_int_eq (R->player_to_move (pos), 1);
}
END_TEST

/* Round ends */

START_TEST (test_round_end_out)
{
  const char *hands[] = { "1-2-2", "4-4-4 0-0-1", "5-5-5 0-1-1", NULL };
  g_autofree void *pos = tt_setup (3, "1-2-3@0,0", hands, 0);
  int player, gains[BG_TRIOMINO_MAX_PLAYERS];
  BgTriominoPlaced placed[BG_TRIOMINO_N_TILES];

  bg_triomino_set_score (pos, 1, 7);
  R->play (pos, tt_parse (pos, "2-1-2@0,1"));
  ck_assert_int_eq (bg_triomino_get_last_score (pos)->total, 5);
  /* 5 for the tile, 25 for going out, 13 + 17 left in the other hands. */
  ck_assert_int_eq (bg_triomino_get_score (pos, 0), 5 + 25 + 13 + 17);
  ck_assert_int_eq (bg_triomino_get_score (pos, 1), 7);
  ck_assert_int_eq (bg_triomino_get_score (pos, 2), 0);
  ck_assert_int_eq (bg_triomino_get_last_round_end (pos, &player, gains),
                    BG_TRIOMINO_ROUND_OUT);
  ck_assert_int_eq (player, 0);
  ck_assert_int_eq (gains[0], 55);
  /* A new round is dealt from the seed. */
  ck_assert_int_eq (bg_triomino_get_round (pos), 2);
  ck_assert_int_eq (bg_triomino_get_pile_count (pos), 56 - 21);
  ck_assert_int_eq (bg_triomino_get_placed (pos, placed), 0);
  ck_assert_int_eq (R->rule_status (pos).result, BG_RESULT_ONGOING);
}
END_TEST

START_TEST (test_round_end_blocked)
{
  const char *hands[] = { "0-0-0 0-0-1", "5-5-5", "4-4-4 0-1-1", NULL };
  g_autofree void *pos = tt_setup (3, "1-2-3@0,0", hands, 0);
  int player, gains[BG_TRIOMINO_MAX_PLAYERS];

  ck_assert (bg_triomino_set_pile (pos, "", NULL));
  for (int i = 0; i < 3; i++)
    {
      g_autofree char *moves = tt_legal_text (pos);

      ck_assert_str_eq (moves, "pass");
      ck_assert_int_eq (bg_triomino_get_round (pos), 1);
      R->play (pos, tt_parse (pos, "pass"));
    }
  /* Hands 1, 15 and 14: player 0 scores 15 + 14 - 1. */
  ck_assert_int_eq (bg_triomino_get_last_round_end (pos, &player, gains),
                    BG_TRIOMINO_ROUND_BLOCKED);
  ck_assert_int_eq (player, 0);
  ck_assert_int_eq (bg_triomino_get_score (pos, 0), 28);
  ck_assert_int_eq (bg_triomino_get_score (pos, 1), 0);
  ck_assert_int_eq (bg_triomino_get_score (pos, 2), 0);
  ck_assert_int_eq (bg_triomino_get_round (pos), 2);
}
END_TEST

START_TEST (test_target)
{
  const char *hands[] = { "1-2-2", "4-4-4 0-0-1", NULL };
  g_autofree void *pos = tt_setup (2, "1-2-3@0,0", hands, 0);
  BgStatus status;
  BgMove moves[8];

  bg_triomino_set_score (pos, 0, 300);
  bg_triomino_set_score (pos, 1, 390);
  R->play (pos, tt_parse (pos, "2-1-2@0,1"));
  /* 300 + 5 + 25 + 13 = 343: nobody at 400, the game goes on. */
  ck_assert_int_eq (bg_triomino_get_score (pos, 0), 343);
  ck_assert_int_eq (R->rule_status (pos).result, BG_RESULT_ONGOING);

  {
    const char *hands2[] = { "1-2-2", "4-4-4 0-0-1", NULL };

    ck_assert (bg_triomino_setup (pos, "1-2-3@0,0", hands2, 0, NULL));
    bg_triomino_set_score (pos, 0, 350);
    R->play (pos, tt_parse (pos, "2-1-2@0,1"));
  }
  /* 350 + 43 = 393 < 400 still; player 1 has 390. */
  ck_assert_int_eq (R->rule_status (pos).result, BG_RESULT_ONGOING);
  {
    const char *hands3[] = { "1-2-2", "4-4-4 0-0-1", NULL };

    ck_assert (bg_triomino_setup (pos, "1-2-3@0,0", hands3, 0, NULL));
    bg_triomino_set_score (pos, 0, 380);
    R->play (pos, tt_parse (pos, "2-1-2@0,1"));
  }
  status = R->rule_status (pos);
  ck_assert_int_eq (bg_triomino_get_score (pos, 0), 423);
  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (status.winner, 0);
  ck_assert_int_eq (status.loser, 1);
  ck_assert_int_eq (status.reason, BG_REASON_TARGET_SCORE);
  ck_assert_uint_eq (R->legal_moves (pos, moves), 0);
}
END_TEST

START_TEST (test_target_highest_wins)
{
  const char *hands[] = { "1-2-2", "4-4-4 0-0-1", NULL };
  g_autofree void *pos = tt_setup (2, "1-2-3@0,0", hands, 0);
  BgStatus status;

  /* Player 0 reaches 400 by going out, but player 1 has more. */
  bg_triomino_set_score (pos, 0, 360);
  bg_triomino_set_score (pos, 1, 450);
  R->play (pos, tt_parse (pos, "2-1-2@0,1"));
  status = R->rule_status (pos);
  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (status.winner, 1);
}
END_TEST

/* Player 0 has start points, reaches start + 5 during the round by a placement, is then
 * blocked (three draws and a pass, -25), and player 1 goes out. */
static void *
play_blocked_after_placement (int start)
{
  const char *hands[] = { "1-2-2 0-0-0 5-5-5", "2-2-4 1-1-3", NULL };
  void *pos = tt_setup (2, "1-2-3@0,0", hands, 0);

  ck_assert (bg_triomino_set_pile (pos, "0-0-5 0-5-5 4-4-4", NULL));
  bg_triomino_set_score (pos, 0, start);
  bg_triomino_set_score (pos, 1, 100);
  ck_assert (!bg_triomino_get_target_reached (pos));
  tt_check_placement (pos, "2-1-2@0,1", 5, 0, FALSE, FALSE);
  ck_assert_int_eq (bg_triomino_get_target_reached (pos), start + 5 >= 400);
  R->play (pos, tt_parse (pos, "2-4-2@0,2"));
  tt_play_forced (pos, "draw", 3);
  tt_play_forced (pos, "pass", 1);
  ck_assert_int_eq (bg_triomino_get_score (pos, 0), start + 5 - 25);
  ck_assert_int_eq (R->rule_status (pos).result, BG_RESULT_ONGOING);
  R->play (pos, tt_parse (pos, "3-1-1@0,-1"));
  /* 8 + 5 for the tiles, 25 for going out, 42 left in player 0's hand. */
  ck_assert_int_eq (bg_triomino_get_score (pos, 1), 100 + 8 + 5 + 25 + 42);
  return pos;
}

/* « Dès qu'un joueur atteint 400 points, on termine la manche » : reaching the target at
 * any moment makes the round the last, though draw penalties take the score back under
 * it; the highest score at the round's end wins. */
START_TEST (test_target_reached_during_round)
{
  g_autofree void *pos = play_blocked_after_placement (395);
  g_autofree void *below = play_blocked_after_placement (390);
  BgStatus status = R->rule_status (pos);
  BgMove moves[8];

  ck_assert_int_eq (bg_triomino_get_score (pos, 0), 375);
  ck_assert (bg_triomino_get_target_reached (pos));
  ck_assert_int_eq (bg_triomino_get_round (pos), 1);
  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (status.winner, 0);
  ck_assert_int_eq (status.loser, 1);
  ck_assert_int_eq (status.reason, BG_REASON_TARGET_SCORE);
  ck_assert_uint_eq (R->legal_moves (pos, moves), 0);
  /* Only 395 during the round: a new round is dealt. */
  ck_assert (!bg_triomino_get_target_reached (below));
  ck_assert_int_eq (bg_triomino_get_round (below), 2);
  ck_assert_int_eq (R->rule_status (below).result, BG_RESULT_ONGOING);
}
END_TEST

/* The children's game (scoring=none) */

START_TEST (test_children_option)
{
  g_autoptr (GHashTable) none = tu_options ("scoring", "none", NULL);
  g_autoptr (GHashTable) bad = tu_options ("scoring", "yes", NULL);
  g_autoptr (BgGame) game = bg_game_new ("triomino", none, NULL);
  g_autoptr (BgGame) scored = bg_game_new ("triomino", NULL, NULL);
  g_autoptr (GError) error = NULL;
  const BgOptionSpec *spec = R->options;

  while (spec->name != NULL && !g_str_equal (spec->name, "scoring"))
    spec++;
  ck_assert_ptr_nonnull (spec->name);
  ck_assert_str_eq (spec->default_value, "points");
  ck_assert (g_strv_length ((char **) spec->values) == 2);
  ck_assert_str_eq (spec->values[0], "points");
  ck_assert_str_eq (spec->values[1], "none");
  ck_assert_ptr_nonnull (game);
  ck_assert (!bg_triomino_is_scored (bg_game_get_position (game)));
  ck_assert_str_eq (g_hash_table_lookup (bg_game_get_options (scored), "scoring"), "points");
  ck_assert (bg_triomino_is_scored (bg_game_get_position (scored)));
  ck_assert_ptr_null (bg_game_new ("triomino", bad, &error));
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_BAD_OPTION));
}
END_TEST

/* Nobody pays for drawing or passing; a blocked round goes to the lowest hand total. */
START_TEST (test_children_blocked)
{
  const char *hands[] = { "0-0-0 0-0-1", "5-5-5", "4-4-4 0-1-1", NULL };
  g_autofree void *pos = tt_setup_scoring (3, "none", "1-2-3@0,0", hands, 0);
  int player, gains[BG_TRIOMINO_MAX_PLAYERS];
  BgStatus status;
  BgMove moves[8];

  ck_assert (bg_triomino_set_pile (pos, "0-4-4 4-4-5 0-5-5", NULL));
  tt_play_forced (pos, "draw", 3);
  tt_play_forced (pos, "pass", 3);
  for (int p = 0; p < 3; p++)
    ck_assert_int_eq (bg_triomino_get_score (pos, p), 0);
  /* Hands 1 + 8 + 13 + 10 = 32, 15 and 14: player 2 wins, at once. */
  ck_assert_int_eq (bg_triomino_get_last_round_end (pos, &player, gains),
                    BG_TRIOMINO_ROUND_BLOCKED);
  ck_assert_int_eq (player, 2);
  ck_assert_int_eq (gains[2], 0);
  status = R->rule_status (pos);
  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (status.winner, 2);
  ck_assert_int_eq (bg_triomino_get_round (pos), 1);
  ck_assert_uint_eq (R->legal_moves (pos, moves), 0);
}
END_TEST

START_TEST (test_children_blocked_tie)
{
  const char *hands[] = { "0-4-5", "0-0-4 0-0-5", NULL };
  g_autofree void *pos = tt_setup_scoring (2, "none", "1-2-3@0,0", hands, 0);

  ck_assert (bg_triomino_set_pile (pos, "", NULL));
  tt_play_forced (pos, "pass", 2);
  /* Both hands total 9: a draw. */
  ck_assert_int_eq (R->rule_status (pos).result, BG_RESULT_DRAW);
  ck_assert_int_eq (R->rule_status (pos).winner, -1);
}
END_TEST

/* A seeded children's game: it ends in its first round, as the last move empties the
 * mover's hand, and that player wins; nobody scored. Saved and loaded, it replays to the
 * same end with the option. */
START_TEST (test_children_game)
{
  static const int levels[] = { 3, 2, 1 };
  g_autoptr (BgGame) game = tt_play_ai_game_scoring (11, 3, levels, "none");
  const void *pos = bg_game_get_position (game);
  guint n = bg_game_get_n_played (game);
  BgStatus status = R->rule_status (pos);
  int tiles[BG_TRIOMINO_N_TILES], player;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr (BgGame) again = NULL;

  tt_print_game (game);
  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (bg_triomino_get_round (pos), 1);
  ck_assert_int_eq (bg_triomino_get_last_round_end (pos, &player, NULL), BG_TRIOMINO_ROUND_OUT);
  ck_assert_int_eq (player, status.winner);
  ck_assert_int_eq (bg_game_get_played_player (game, n - 1), status.winner);
  ck_assert_uint_eq (bg_triomino_get_hand (pos, status.winner, tiles), 0);
  ck_assert_int_eq (bg_game_get_n_played (game), 66);
  ck_assert_int_eq (status.winner, 2);
  for (int p = 0; p < 3; p++)
    ck_assert_int_eq (bg_triomino_get_score (pos, p), 0);
  /* Over at the move that emptied the hand, not before. */
  {
    g_autoptr (BgGame) before = bg_game_copy (game);

    ck_assert (bg_game_undo (before));
    ck_assert (!bg_game_is_over (before));
  }

  text = bg_save_to_string (game, NULL, 0);
  ck_assert_msg (strstr (text, "option scoring=none\n") != NULL, "%s", text);
  again = bg_save_from_string (text, NULL, NULL, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  ck_assert_str_eq (g_hash_table_lookup (bg_game_get_options (again), "scoring"), "none");
  ck_assert_uint_eq (bg_game_get_n_played (again), n);
  ck_assert (memcmp (bg_game_get_position (again), pos, R->position_size) == 0);
  ck_assert_int_eq (bg_game_get_status (again).winner, status.winner);
}
END_TEST

void
tt_add_round_tests (Suite *suite)
{
  TCase *rounds = tcase_create ("rounds");
  TCase *children = tcase_create ("children");

  tcase_add_test (rounds, test_draws);
  tcase_add_test (rounds, test_draw_then_play);
  tcase_add_test (rounds, test_empty_pile_pass);
  tcase_add_test (rounds, test_round_end_out);
  tcase_add_test (rounds, test_round_end_blocked);
  tcase_add_test (rounds, test_target);
  tcase_add_test (rounds, test_target_highest_wins);
  tcase_add_test (rounds, test_target_reached_during_round);
  suite_add_tcase (suite, rounds);

  tcase_add_test (children, test_children_option);
  tcase_add_test (children, test_children_blocked);
  tcase_add_test (children, test_children_blocked_tie);
  tcase_add_test (children, test_children_game);
  tcase_set_timeout (children, 300);
  suite_add_tcase (suite, children);
}
