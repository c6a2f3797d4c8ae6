/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-marelle-ai.c: the morris evaluation and search (issue 35): blocks seen and forced */

#include "test-util.h"

#include "marelle/bg-marelle.h"

static BgGame *
game_at (const char *variant,
         const char *setup)
{
  g_autoptr (GHashTable) options = tu_options ("variant", variant, NULL);

  return tu_new_game ("marelle", options, setup);
}

static int
evaluate (const char *variant,
          const char *setup,
          int         player)
{
  g_autoptr (BgGame) game = game_at (variant, setup);

  return bg_marelle_rules.evaluate (bg_game_get_position (game), player);
}

static BgSearchResult
search (BgGame *game,
        guint   depth,
        guint   features_off)
{
  g_autoptr (BgSearch) s = bg_search_new ();
  BgSearchLimits limits = { .max_depth = depth, .threads = 1, .seed = 1,
                            .features_off = features_off };
  BgSearchResult result;

  ck_assert (bg_search_run (s, game, &limits, &result));
  return result;
}

static void
assert_move (BgGame     *game,
             BgMove      move,
             const char *expected)
{
  g_autofree char *text = bg_game_format_move (game, move);

  ck_assert_str_eq (text, expected);
}

/* A player who must move and cannot has lost: far below a piece down. A player left
 * without a step while the other moves is nearly lost. */
START_TEST (test_eval_blocked)
{
  /* Black (to move) has no step: a4, b4, c4 and a7 are hemmed in by White. */
  const char *blocked = "p1=a1,d1,b2,c3,d7,b6,c5,d5 p2=a4,b4,c4,a7 hand=0,0 turn=2";
  /* The same with White to move: he can keep Black blocked. */
  const char *waiting = "p1=a1,d1,b2,c3,d7,b6,c5,d5 p2=a4,b4,c4,a7 hand=0,0 turn=1";
  /* The same with d7 away: Black steps a7-d7. */
  const char *free = "p1=a1,d1,b2,c3,g7,b6,c5,d5 p2=a4,b4,c4,a7 hand=0,0 turn=1";

  ck_assert_int_lt (evaluate ("standard", blocked, 1), -1000);
  ck_assert_int_gt (evaluate ("standard", waiting, 0),
                    evaluate ("standard", free, 0) + 250);
  ck_assert_int_eq (evaluate ("standard", waiting, 0), -evaluate ("standard", waiting, 1));
}
END_TEST

/* A running mill (a piece that closes one mill by opening another) is worth more than the
 * same pieces without the shuttle. */
START_TEST (test_eval_running_mill)
{
  /* White: d1 steps to d2 and closes b2-d2-f2 while opening a1-d1-g1, then back. */
  const char *running = "p1=a1,d1,g1,b2,f2 p2=a7,d7,g7,c5,e5,d6 hand=0,0 turn=2";
  /* The same pieces with b2 moved to b4: no second mill to shuttle into. */
  const char *plain = "p1=a1,d1,g1,b4,f2 p2=a7,d7,g7,c5,e5,d6 hand=0,0 turn=2";

  ck_assert_int_gt (evaluate ("standard", running, 0),
                    evaluate ("standard", plain, 0) + 40);
}
END_TEST

/* The flying stage: a player who flies is never counted as short of steps. */
START_TEST (test_eval_flying)
{
  /* Triple: White has four pieces, all hemmed in, but flies. */
  const char *flies = "p1=a1,d1,g1,a4 p2=b2,d2,f2,b4,g4,a7,c3 hand=0,0 turn=1";

  ck_assert_int_gt (evaluate ("triple", flies, 0), -1000);
  /* Standard: the same four pieces step, and are blocked. */
  ck_assert_int_lt (evaluate ("standard", flies, 0), -1000);
}
END_TEST

/* Positions where White blocks Black in two moves whatever Black does (found by a brute
 * force over random positions): the only move that does it, found at 3 plies by the
 * evaluation and proved a win at 5. */
START_TEST (test_forced_block)
{
  static const char *const cases[][2] = {
    { "p1=d1,b2,c3,f4,d6,f6,d7,g7 p2=a1,a4,b4,c4,c5,d5,e5,a7 hand=0,0 turn=1", "f4-e4" },
    { "p1=b2,d2,a4,b4,e4,g4,d6 p2=c3,d3,c4,c5,d5,e5,b6,f6 hand=0,0 turn=1", "g4-f4" },
    { "p1=g1,d2,a4,b4,f4,g4,d5 p2=d1,b2,f2,a7,d7,g7 hand=0,0 turn=1", "d5-d6" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (BgGame) game = game_at ("standard", cases[i][0]);
      BgSearchResult r3 = search (game, 3, 0), r5 = search (game, 5, 0);

      assert_move (game, r3.move, cases[i][1]);
      ck_assert_int_gt (r3.score, 800);
      assert_move (game, r5.move, cases[i][1]);
      ck_assert_int_gt (r5.score, BG_SCORE_WIN_MIN);
    }
}
END_TEST

/* Black (behind) must not walk into a block: f4-f6 leads to the second position of
 * test_forced_block, where White blocks him in two moves whatever he does. */
START_TEST (test_avoid_block)
{
  g_autoptr (BgGame) game =
    game_at ("standard", "p1=b2,d2,a4,b4,e4,g4,d6 p2=c3,d3,c4,c5,d5,e5,b6,f4 hand=0,0 turn=2");
  g_autoptr (BgGame) after = NULL;
  BgMove walk;

  ck_assert (bg_game_parse_move (game, "f4-f6", &walk, NULL));
  ck_assert (bg_game_is_legal (game, walk));
  for (guint depth = 2; depth <= 8; depth += 2)
    {
      BgSearchResult r = search (game, depth, 0);

      ck_assert_uint_ne (r.move, walk);
      ck_assert_int_gt (r.score, -BG_SCORE_WIN_MIN);
    }
  /* And the move walked into is lost. */
  after = bg_game_copy (game);
  ck_assert (bg_game_play (after, walk, NULL));
  ck_assert_int_gt (search (after, 5, 0).score, BG_SCORE_WIN_MIN);
}
END_TEST

/* The reductions and ordering change how much is searched, not a forced result:
 * a forced block and a winning mill are found with every feature on and with all off. */
START_TEST (test_features_agree)
{
  guint all_off = BG_SEARCH_FEATURE_LMR | BG_SEARCH_FEATURE_CAPTURES
                  | BG_SEARCH_FEATURE_TT_BUCKETS | BG_SEARCH_FEATURE_QUIESCENCE;
  g_autoptr (BgGame) block =
    game_at ("standard", "p1=b2,d2,a4,b4,e4,g4,d6 p2=c3,d3,c4,c5,d5,e5,b6,f6 hand=0,0 turn=1");
  /* Marelle triple, White to move: g4-g1 closes a1-d1-g1 and leaves Black two pieces. */
  g_autoptr (BgGame) mill = game_at ("triple", "p1=a1,d1,g4,f6,b4 p2=c3,e5,d7 hand=0,0 turn=1");

  for (guint off = 0; off <= all_off; off += all_off)
    {
      BgSearchResult r = search (block, 7, off), m = search (mill, 6, off);
      g_autofree char *text = bg_game_format_move (mill, m.move);

      assert_move (block, r.move, "g4-f4");
      ck_assert_int_gt (r.score, BG_SCORE_WIN_MIN);
      ck_assert_msg (g_str_has_prefix (text, "g4-g1x"), "%s", text);
      ck_assert_int_eq (m.score, BG_SCORE_WIN - 1);
    }
}
END_TEST

static Suite *
marelle_ai_suite (void)
{
  Suite *s = suite_create ("marelle-ai");
  TCase *eval = tcase_create ("eval");
  TCase *play = tcase_create ("search");

  tcase_add_test (eval, test_eval_blocked);
  tcase_add_test (eval, test_eval_running_mill);
  tcase_add_test (eval, test_eval_flying);
  suite_add_tcase (s, eval);
  tcase_add_test (play, test_forced_block);
  tcase_add_test (play, test_avoid_block);
  tcase_add_test (play, test_features_agree);
  suite_add_tcase (s, play);
  return s;
}

int
main (void)
{
  return tu_run_suite (marelle_ai_suite ());
}
