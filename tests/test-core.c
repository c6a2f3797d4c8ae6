/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-core.c: the rules common to all board games, options, history and the search */

#include <check.h>
#include <string.h>

#include "bg-game.h"
#include "bg-save.h"
#include "bg-search-core.h"
#include "test-util.h"
#include "triomino/bg-triomino.h"

/* A Triple Alliance movement position where both sides can shuffle without a line. */
#define TA_SHUFFLE "p1=a1,a5,e1 p2=b4,d2,e5 hand=0,0 turn=1"

START_TEST (test_unknown_game)
{
  g_autoptr (GError) error = NULL;
  BgGame *game = bg_game_new ("chess960", NULL, &error);

  ck_assert_ptr_null (game);
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_UNKNOWN_GAME));
}
END_TEST

START_TEST (test_bad_options)
{
  const char *bad[][2] = {
    { "colour", "red" },      /* no such option */
    { "variant", "lasker" },  /* not an allowed value */
    { "first", "3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GHashTable) options = tu_options (bad[i][0], bad[i][1], NULL);
      g_autoptr (GError) error = NULL;

      ck_assert_ptr_null (bg_game_new ("marelle", options, &error));
      ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_BAD_OPTION));
      ck_assert_ptr_nonnull (strstr (error->message, bad[i][0]));
    }
}
END_TEST

START_TEST (test_options_parse)
{
  const char *good[] = { "variant=standard", "first=2", NULL };
  const char *bad[] = { "variant", NULL };
  g_autoptr (GHashTable) options = bg_options_parse (good, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) game = NULL;

  ck_assert_ptr_nonnull (options);
  game = bg_game_new ("marelle", options, NULL);
  ck_assert_int_eq (bg_game_get_player_to_move (game), 1);
  ck_assert_str_eq (g_hash_table_lookup (bg_game_get_options (game), "variant"), "standard");
  ck_assert_ptr_null (bg_options_parse (bad, &error));
  ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_BAD_OPTION));
}
END_TEST

START_TEST (test_defaults_filled)
{
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);

  ck_assert_str_eq (g_hash_table_lookup (bg_game_get_options (game), "variant"), "triple");
  ck_assert_str_eq (g_hash_table_lookup (bg_game_get_options (game), "first"), "1");
}
END_TEST

START_TEST (test_repetition_offer_on_fifth)
{
  g_autoptr (BgGame) game = tu_new_game ("triple-alliance", NULL, TA_SHUFFLE);
  const char *cycle = "a1-a2 b4-b5 a2-a1 b5-b4";

  ck_assert_uint_eq (bg_game_get_repetitions (game), 1);
  for (guint i = 2; i <= 4; i++)
    {
      tu_play (game, cycle);
      ck_assert_uint_eq (bg_game_get_repetitions (game), i);
      ck_assert (!bg_game_has_draw_offer (game));
    }
  /* The plies in between reached their positions only four times so far. */
  tu_play (game, "a1-a2 b4-b5 a2-a1");
  ck_assert (!bg_game_has_draw_offer (game));
  tu_play (game, "b5-b4");
  ck_assert_uint_eq (bg_game_get_repetitions (game), 5);
  ck_assert (bg_game_has_draw_offer (game));
  ck_assert (!bg_game_is_over (game));
}
END_TEST

START_TEST (test_repetition_decline_and_again)
{
  g_autoptr (BgGame) game = tu_new_game ("triple-alliance", NULL, TA_SHUFFLE);
  const char *cycle = "a1-a2 b4-b5 a2-a1 b5-b4";

  for (guint i = 0; i < 4; i++)
    tu_play (game, cycle);
  ck_assert (bg_game_has_draw_offer (game));
  bg_game_decline_draw (game);
  ck_assert (!bg_game_has_draw_offer (game));
  ck_assert (!bg_game_is_over (game));
  /* The next move reaches a position seen four times before: offered again. */
  tu_play (game, "a1-a2");
  ck_assert_uint_eq (bg_game_get_repetitions (game), 5);
  ck_assert (bg_game_has_draw_offer (game));
  bg_game_accept_draw (game);
  ck_assert (bg_game_is_over (game));
  ck_assert_int_eq (bg_game_get_status (game).result, BG_RESULT_DRAW);
  ck_assert_int_eq (bg_game_get_status (game).reason, BG_REASON_DRAW_AGREED);
  ck_assert_uint_eq (tu_n_legal (game), 0);
  /* Undo takes the agreement back too. */
  ck_assert (bg_game_undo (game));
  ck_assert (!bg_game_is_over (game));
}
END_TEST

/* Resigning ends the game: the other player wins a two-player game. */
START_TEST (test_resign_two_players)
{
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  g_autoptr (GError) error = NULL;
  BgStatus status;

  tu_play (game, "d6 d2");
  ck_assert_int_eq (bg_game_get_resigned (game), -1);
  ck_assert (bg_game_resign (game, 0, &error));
  status = bg_game_get_status (game);
  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (status.reason, BG_REASON_RESIGNED);
  ck_assert_int_eq (status.winner, 1);
  ck_assert_int_eq (status.loser, 0);
  ck_assert_int_eq (bg_game_get_resigned (game), 0);
  ck_assert_uint_eq (tu_n_legal (game), 0);
  /* A saved game keeps it ("resign 1"). */
  {
    g_autofree char *text = bg_save_to_string (game, NULL, 0);
    g_autoptr (BgGame) again = bg_save_from_string (text, NULL, NULL, NULL);

    ck_assert_msg (strstr (text, "\nresign 1\nend\n") != NULL, "%s", text);
    ck_assert (again != NULL);
    ck_assert_int_eq (bg_game_get_status (again).reason, BG_REASON_RESIGNED);
    ck_assert_int_eq (bg_game_get_status (again).winner, 1);
  }
  ck_assert (!bg_game_play_text (game, "f4", NULL));
  /* Not twice, and no player out of range. */
  ck_assert (!bg_game_resign (game, 1, &error));
  ck_assert_int_eq (error->code, BG_ERROR_GAME_OVER);
  g_clear_error (&error);
  /* Undo takes the resignation back with the last move. */
  ck_assert (bg_game_undo (game));
  ck_assert (!bg_game_is_over (game));
  ck_assert_int_eq (bg_game_get_resigned (game), -1);
  ck_assert (!bg_game_resign (game, 2, &error));
  ck_assert_int_eq (error->code, BG_ERROR_ILLEGAL_MOVE);
  ck_assert (!bg_game_resign (game, -1, NULL));
  ck_assert (!bg_game_is_over (game));
}
END_TEST

/* With three players, TRICHESS has no winner; Triomino's is the best score of the others. */
START_TEST (test_resign_three_players)
{
  g_autoptr (BgGame) trichess = tu_new_game ("trichess", NULL, NULL);
  g_autoptr (GHashTable) options = tu_options ("players", "3", "seed", "7", NULL);
  g_autoptr (BgGame) triomino = NULL;
  BgStatus status;
  int starter;

  ck_assert (bg_game_resign (trichess, 1, NULL));
  status = bg_game_get_status (trichess);
  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (status.winner, -1);
  ck_assert_int_eq (status.loser, 1);
  ck_assert_int_eq (status.reason, BG_REASON_RESIGNED);

  /* After the opening move only its player has points. */
  triomino = tu_new_game ("triomino", options, NULL);
  starter = bg_game_get_player_to_move (triomino);
  {
    g_autoptr (GArray) moves = bg_game_get_legal_moves (triomino);

    ck_assert (bg_game_play (triomino, g_array_index (moves, BgMove, 0), NULL));
  }
  ck_assert_int_gt (bg_triomino_get_score (bg_game_get_position (triomino), starter), 0);
  ck_assert (bg_game_resign (triomino, (starter + 1) % 3, NULL));
  status = bg_game_get_status (triomino);
  ck_assert_int_eq (status.winner, starter);
  ck_assert_int_eq (status.loser, (starter + 1) % 3);
  /* The starter resigning leaves the two others tied at 0: no winner. */
  ck_assert (bg_game_undo (triomino));
  ck_assert (bg_game_redo (triomino));
  ck_assert (bg_game_resign (triomino, starter, NULL));
  ck_assert_int_eq (bg_game_get_status (triomino).winner, -1);
  ck_assert_int_eq (bg_game_get_status (triomino).loser, starter);
}
END_TEST

START_TEST (test_undo_redo)
{
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  guint64 start = bg_game_get_key (game);
  g_autofree char *start_text = bg_game_to_text (game);
  guint64 after_two;

  ck_assert (!bg_game_can_undo (game));
  ck_assert (!bg_game_undo (game));
  tu_play (game, "d6 d2");
  after_two = bg_game_get_key (game);
  ck_assert_str_eq (bg_game_get_played_text (game, 1), "d2");
  ck_assert_int_eq (bg_game_get_played_player (game, 1), 1);
  ck_assert (bg_game_undo (game) && bg_game_undo (game));
  ck_assert_uint_eq (bg_game_get_key (game), start);
  {
    g_autofree char *text = bg_game_to_text (game);
    ck_assert_str_eq (text, start_text);
  }
  ck_assert (bg_game_can_redo (game));
  ck_assert (bg_game_redo (game) && bg_game_redo (game));
  ck_assert_uint_eq (bg_game_get_key (game), after_two);
  ck_assert (!bg_game_redo (game));
  /* A new move after undo drops the redo list. */
  ck_assert (bg_game_undo (game));
  tu_play (game, "a1");
  ck_assert (!bg_game_can_redo (game));
  ck_assert_uint_eq (bg_game_get_n_played (game), 2);
}
END_TEST

START_TEST (test_illegal_and_malformed)
{
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  g_autoptr (GError) e1 = NULL;
  g_autoptr (GError) e2 = NULL;
  g_autoptr (GError) e3 = NULL;

  tu_play (game, "d6");
  ck_assert (!bg_game_play_text (game, "d6", &e1));
  ck_assert (g_error_matches (e1, BG_ERROR, BG_ERROR_ILLEGAL_MOVE));
  ck_assert (!bg_game_play_text (game, "h9", &e2));
  ck_assert (g_error_matches (e2, BG_ERROR, BG_ERROR_MALFORMED_MOVE));
  ck_assert (!bg_game_play_text (game, "   ", &e3));
  ck_assert (g_error_matches (e3, BG_ERROR, BG_ERROR_MALFORMED_MOVE));
  ck_assert_uint_eq (bg_game_get_n_played (game), 1);
}
END_TEST

START_TEST (test_copy_independent)
{
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  g_autoptr (BgGame) copy = NULL;

  tu_play (game, "d6 d2");
  copy = bg_game_copy (game);
  tu_play (copy, "a1");
  ck_assert_uint_eq (bg_game_get_n_played (game), 2);
  ck_assert_uint_eq (bg_game_get_n_played (copy), 3);
  ck_assert (bg_game_undo (copy));
  ck_assert_uint_eq (bg_game_get_key (copy), bg_game_get_key (game));
}
END_TEST

/* The game's seed: drawn at creation, kept by copies; the search seed depends on the seed
 * and on the number of moves played, and is never 0 (which would mean "from the clock"). */
START_TEST (test_game_seed)
{
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  g_autoptr (BgGame) copy = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  guint32 first[4], at_start, after_one, other;

  for (guint i = 0; i < G_N_ELEMENTS (first); i++)
    {
      g_autoptr (BgGame) fresh = tu_new_game ("triple-alliance", NULL, NULL);

      first[i] = bg_game_get_seed (fresh);
    }
  ck_assert (first[0] != first[1] || first[1] != first[2] || first[2] != first[3]);

  bg_game_set_seed (game, 1234);
  ck_assert_uint_eq (bg_game_get_seed (game), 1234);
  at_start = bg_game_search_seed (game);
  ck_assert_uint_eq (bg_game_search_seed (game), at_start);   /* a function of the state */
  tu_play (game, "d6");
  after_one = bg_game_search_seed (game);
  ck_assert_uint_ne (after_one, at_start);
  copy = bg_game_copy (game);
  ck_assert_uint_eq (bg_game_get_seed (copy), 1234);
  ck_assert_uint_eq (bg_game_search_seed (copy), after_one);
  ck_assert (bg_game_undo (game));
  ck_assert_uint_eq (bg_game_search_seed (game), at_start);
  bg_game_set_seed (game, 1235);
  other = bg_game_search_seed (game);
  ck_assert_uint_ne (other, at_start);

  /* Never 0, and well spread: distinct over many seeds and two plies. */
  for (guint32 seed = 0; seed < 2000; seed++)
    {
      bg_game_set_seed (copy, seed);
      ck_assert_uint_ne (bg_game_search_seed (copy), 0);
      g_hash_table_add (seen, GUINT_TO_POINTER (bg_game_search_seed (copy)));
      bg_game_set_seed (game, seed);
      ck_assert_uint_ne (bg_game_search_seed (game), 0);
      g_hash_table_add (seen, GUINT_TO_POINTER (bg_game_search_seed (game)));
    }
  bg_game_set_seed (game, G_MAXUINT32);
  ck_assert_uint_ne (bg_game_search_seed (game), 0);
  ck_assert_uint_eq (g_hash_table_size (seen), 4000);
}
END_TEST

/* Every rule set describes itself; describing asks for a legal move or a played index. */
START_TEST (test_describe_common)
{
  const BgRules *const *all = bg_rules_list ();
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  BgMoveInfo info, untouched;

  for (guint i = 0; all[i] != NULL; i++)
    tu_check_descriptors (all[i]);
  memset (&info, 0x33, sizeof info);
  untouched = info;
  ck_assert (!bg_game_describe_move (game, BG_MOVE_NONE, &info));
  ck_assert (!bg_game_describe_played (game, 0, &info));
  ck_assert_int_eq (memcmp (&info, &untouched, sizeof info), 0);
  bg_move_info_init (&info);
  ck_assert_int_eq (info.flags, 0);
  ck_assert_int_eq (info.from, -1);
  ck_assert_int_eq (info.to, -1);
  ck_assert_int_eq (info.removed, -1);
  ck_assert_int_eq (info.piece, BG_NO_PIECE);
  ck_assert_int_eq (info.promotion, 0);
  ck_assert_int_eq (info.tile, -1);
}
END_TEST

static void
assert_search_legal (BgGame               *game,
                     const BgSearchLimits *limits)
{
  g_autoptr (BgSearch) search = bg_search_new ();
  BgSearchResult result;

  ck_assert (bg_search_run (search, game, limits, &result));
  ck_assert (bg_game_is_legal (game, result.move));
  ck_assert_uint_ge (result.pv_len, 1);
  ck_assert_uint_eq (result.pv[0], result.move);
}

START_TEST (test_search_levels_legal)
{
  const char *ids[] = { "marelle", "triple-alliance" };

  for (guint g = 0; g < G_N_ELEMENTS (ids); g++)
    for (int level = BG_LEVEL_MIN; level <= BG_LEVEL_MAX; level++)
      {
        g_autoptr (BgGame) game = tu_new_game (ids[g], NULL, NULL);
        BgSearchLimits limits;

        bg_search_limits_for_level (level, &limits);
        /* Nodes, not time: the same search on a busy machine as on an idle one. */
        limits.time_limit_ms = 0;
        limits.node_limit = 20000;
        assert_search_legal (game, &limits);
        ck_assert_ptr_nonnull (bg_search_level_name (level));
      }
}
END_TEST

START_TEST (test_search_plays_whole_games)
{
  /* Two computer players finish a game with only legal moves. */
  for (int level = BG_LEVEL_MIN; level <= 3; level++)
    {
      g_autoptr (BgGame) game = tu_new_game ("triple-alliance", NULL, NULL);
      g_autoptr (BgSearch) search = bg_search_new ();
      guint plies = 0;

      while (!bg_game_is_over (game) && plies < 200)
        {
          BgSearchLimits limits;
          BgSearchResult result;

          bg_search_limits_for_level (level, &limits);
          limits.seed = 1234 + plies;
          limits.time_limit_ms = 0;
          limits.node_limit = 20000;
          ck_assert (bg_search_run (search, game, &limits, &result));
          ck_assert (bg_game_play (game, result.move, NULL));
          if (bg_game_has_draw_offer (game))
            bg_game_accept_draw (game);
          plies++;
        }
      ck_assert_uint_gt (plies, 12);
    }
}
END_TEST

START_TEST (test_search_finds_win_in_one)
{
  /* Player 1 completes a1-a2-a3 with b3-a3, the only winning move. */
  g_autoptr (BgGame) game =
    tu_new_game ("triple-alliance", NULL,
                 "p1=a1,a2,b3,e5,d1,e3 p2=b1,b2,d4,d5,e1,c4 hand=0,0 turn=1");
  g_autoptr (BgSearch) search = bg_search_new ();
  BgSearchLimits limits = { .max_depth = 4 };
  BgSearchResult result;
  g_autofree char *text = NULL;

  ck_assert (bg_search_run (search, game, &limits, &result));
  text = bg_game_format_move (game, result.move);
  ck_assert_str_eq (text, "b3-a3");
  ck_assert_int_eq (result.score, BG_SCORE_WIN - 1);
}
END_TEST

START_TEST (test_search_node_limit)
{
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  g_autoptr (BgSearch) search = bg_search_new ();
  BgSearchLimits limits = { .max_depth = 40, .node_limit = 20000 };
  BgSearchResult result;

  ck_assert (bg_search_run (search, game, &limits, &result));
  ck_assert (bg_game_is_legal (game, result.move));
  /* The check runs every 1024 nodes. */
  ck_assert_uint_le (result.nodes, 20000 + 1024);
  ck_assert_uint_lt (result.depth, 40);
}
END_TEST

START_TEST (test_search_time_limit)
{
  /* Not a speed test: the search must stop itself, whatever the depth. The bound on its
   * time is generous, for a busy machine or the sanitizers: a search that ignored its
   * deadline would run until the depth limit, far beyond it. */
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  g_autoptr (BgSearch) search = bg_search_new ();
  BgSearchLimits limits = { .max_depth = BG_SEARCH_MAX_PLY - 1, .time_limit_ms = 200 };
  BgSearchResult result;

  ck_assert (bg_search_run (search, game, &limits, &result));
  ck_assert (bg_game_is_legal (game, result.move));
  ck_assert_int_lt (result.time_us, (200 + 10000) * 1000);
  ck_assert_uint_lt (result.depth, BG_SEARCH_MAX_PLY - 1);
}
END_TEST

/* A search without limits, cancelled from another thread, stops early with a legal move. */
static void
check_cancel (guint threads)
{
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  BgSearchLimits limits = { .max_depth = BG_SEARCH_MAX_PLY - 1, .threads = threads };

  tu_check_cancel (game, &limits, 150);
}

START_TEST (test_search_cancel)
{
  check_cancel (1);
}
END_TEST

START_TEST (test_search_over_returns_false)
{
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  g_autoptr (BgSearch) search = bg_search_new ();
  BgSearchLimits limits = { .max_depth = 2 };
  BgSearchResult result;

  bg_game_free (g_steal_pointer (&game));
  game = tu_new_game ("marelle", NULL, "p1=a1,d1 p2=a7,d7,g7 hand=0,0 turn=1");
  ck_assert (bg_game_is_over (game));
  ck_assert (!bg_search_run (search, game, &limits, &result));
}
END_TEST

#define WIN_IN_ONE "p1=a1,a2,b3,e5,d1,e3 p2=b1,b2,d4,d5,e1,c4 hand=0,0 turn=1"

START_TEST (test_search_threads_win_in_one)
{
  /* Lazy SMP: whatever the threads, the only winning move (b3-a3). */
  for (guint threads = 1; threads <= 3; threads++)
    {
      g_autoptr (BgGame) game = tu_new_game ("triple-alliance", NULL, WIN_IN_ONE);
      g_autoptr (BgSearch) search = bg_search_new ();
      BgSearchLimits limits = { .max_depth = 6, .threads = threads };
      BgSearchResult result;
      g_autofree char *text = NULL;

      ck_assert (bg_search_run (search, game, &limits, &result));
      text = bg_game_format_move (game, result.move);
      ck_assert_str_eq (text, "b3-a3");
      ck_assert_int_eq (result.score, BG_SCORE_WIN - 1);
    }
}
END_TEST

START_TEST (test_search_busy_nodes)
{
  /* Work sharing: a node is busy from its thread's enter to its leave, and a leave for
   * another key in the same slot does not free it. */
  g_autoptr (BgSearch) search = bg_search_new ();
  guint64 key = G_GUINT64_CONSTANT (0x123456789abcdef0);
  guint64 same_slot = key ^ G_GUINT64_CONSTANT (0x8000000000000000);

  ck_assert (!bg_search_shares_work (search));
  ck_assert (!bg_search_busy (search, key));
  bg_search_busy_enter (search, key);
  ck_assert (bg_search_busy (search, key));
  ck_assert (!bg_search_busy (search, same_slot));
  bg_search_busy_leave (search, same_slot);
  ck_assert (bg_search_busy (search, key));
  bg_search_busy_leave (search, key);
  ck_assert (!bg_search_busy (search, key));
}
END_TEST

START_TEST (test_weak_levels_win_in_one)
{
  /* Levels 1 and 2 play with noise but never miss a win in one. */
  for (int level = 1; level <= 2; level++)
    for (guint32 seed = 1; seed <= 10; seed++)
      {
        g_autoptr (BgGame) game = tu_new_game ("triple-alliance", NULL, WIN_IN_ONE);
        g_autoptr (BgSearch) search = bg_search_new ();
        BgSearchLimits limits;
        BgSearchResult result;
        g_autofree char *text = NULL;

        bg_search_limits_for_level (level, &limits);
        limits.seed = seed;
        limits.time_limit_ms = 0;
        ck_assert (bg_search_run (search, game, &limits, &result));
        text = bg_game_format_move (game, result.move);
        ck_assert_str_eq (text, "b3-a3");
      }
}
END_TEST

START_TEST (test_search_threads_node_limit)
{
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  g_autoptr (BgSearch) search = bg_search_new ();
  BgSearchLimits limits = { .max_depth = 40, .node_limit = 40000, .threads = 2 };
  BgSearchResult result;

  ck_assert (bg_search_run (search, game, &limits, &result));
  ck_assert (bg_game_is_legal (game, result.move));
  /* Each thread polls every 1024 nodes; the result counts both threads. */
  ck_assert_uint_le (result.nodes, 40000 + 2 * 2 * 1024);
  ck_assert_uint_gt (result.nodes, 20000);
  ck_assert_uint_lt (result.depth, 40);
}
END_TEST

START_TEST (test_search_threads_cancel)
{
  check_cancel (2);
}
END_TEST

static BgMove
varied_move (BgGame *game,
             int     level,
             guint32 seed,
             int    *score)
{
  g_autoptr (BgSearch) search = bg_search_new ();
  BgSearchLimits limits;
  BgSearchResult result;

  bg_search_limits_for_level (level, &limits);
  /* Fixed depth or nodes rather than time, so that the result depends only on the seed. */
  limits.time_limit_ms = 0;
  limits.max_depth = MIN (limits.max_depth, 4);
  limits.node_limit = 200000;
  limits.threads = 1;
  limits.seed = seed;
  ck_assert (bg_search_run (search, game, &limits, &result));
  if (score != NULL)
    *score = result.score;
  return result.move;
}

START_TEST (test_search_varied_opening)
{
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  BgSearchLimits level4;
  int best, score;
  BgMove first;

  bg_search_limits_for_level (4, &level4);
  ck_assert_int_gt (level4.vary, 0);
  /* The best score at the same depth, without variation. */
  varied_move (game, 6, 1, &best);
  for (guint32 seed = 1; seed <= 16; seed++)
    {
      BgMove m = varied_move (game, 4, seed, &score);

      ck_assert (bg_game_is_legal (game, m));
      ck_assert_int_ge (score, best - 20);
      g_hash_table_add (seen, GUINT_TO_POINTER (m));
      /* The same seed, the same move: a saved game replays. */
      ck_assert_uint_eq (varied_move (game, 4, seed, NULL), m);
    }
  ck_assert_uint_ge (g_hash_table_size (seen), 3);

  /* The strongest level does not vary. */
  first = varied_move (game, 6, 1, NULL);
  for (guint32 seed = 2; seed <= 6; seed++)
    ck_assert_uint_eq (varied_move (game, 6, seed, NULL), first);

  /* Past the opening, level 4 does not vary either. */
  tu_play (game, "d6");
  for (guint i = 1; i < BG_SEARCH_VARY_PLIES; i++)
    ck_assert (bg_game_play (game, varied_move (game, 6, 1, NULL), NULL));
  first = varied_move (game, 4, 1, NULL);
  for (guint32 seed = 2; seed <= 6; seed++)
    ck_assert_uint_eq (varied_move (game, 4, seed, NULL), first);
}
END_TEST

START_TEST (test_perft_depth_zero_and_over)
{
  g_autoptr (BgGame) game = tu_new_game ("marelle", NULL, NULL);
  g_autoptr (BgGame) over = tu_new_game ("marelle", NULL, "p1=a1,d1 p2=a7,d7,g7 hand=0,0 turn=2");

  ck_assert_uint_eq (bg_game_perft (game, 0), 1);
  ck_assert_uint_eq (bg_game_perft (over, 3), 0);
}
END_TEST

static Suite *
core_suite (void)
{
  Suite *s = suite_create ("core");
  TCase *tc = tcase_create ("game");
  TCase *ts = tcase_create ("search");

  tcase_add_test (tc, test_unknown_game);
  tcase_add_test (tc, test_bad_options);
  tcase_add_test (tc, test_options_parse);
  tcase_add_test (tc, test_defaults_filled);
  tcase_add_test (tc, test_repetition_offer_on_fifth);
  tcase_add_test (tc, test_repetition_decline_and_again);
  tcase_add_test (tc, test_resign_two_players);
  tcase_add_test (tc, test_resign_three_players);
  tcase_add_test (tc, test_undo_redo);
  tcase_add_test (tc, test_illegal_and_malformed);
  tcase_add_test (tc, test_copy_independent);
  tcase_add_test (tc, test_game_seed);
  tcase_add_test (tc, test_describe_common);
  tcase_add_test (tc, test_perft_depth_zero_and_over);
  suite_add_tcase (s, tc);

  tcase_set_timeout (ts, 300);
  tcase_add_test (ts, test_search_levels_legal);
  tcase_add_test (ts, test_search_plays_whole_games);
  tcase_add_test (ts, test_search_finds_win_in_one);
  tcase_add_test (ts, test_search_node_limit);
  tcase_add_test (ts, test_search_time_limit);
  tcase_add_test (ts, test_search_cancel);
  tcase_add_test (ts, test_search_over_returns_false);
  tcase_add_test (ts, test_search_threads_win_in_one);
  tcase_add_test (ts, test_search_busy_nodes);
  tcase_add_test (ts, test_weak_levels_win_in_one);
  tcase_add_test (ts, test_search_threads_node_limit);
  tcase_add_test (ts, test_search_threads_cancel);
  tcase_add_test (ts, test_search_varied_opening);
  suite_add_tcase (s, ts);
  return s;
}

int
main (void)
{
  return tu_run_suite (core_suite ());
}
