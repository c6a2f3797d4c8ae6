/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-triomino-ai.c: the Triomino computer players
 *
 * The look-ahead player deals the hidden tiles consistently with what it saw, plays the
 * same move for a seed whatever the number of threads, and the levels choose differently.
 */

#include <string.h>

#include "bg-search.h"
#include "triomino/bg-triomino-board.h"
#include "triomino/bg-triomino-mc.h"
#include "test-triomino-util.h"
#include "test-util.h"

#define BIT(t) (G_GUINT64_CONSTANT (1) << (t))

/* A seeded game played by level 2 players for n moves. */
static BgGame *
game_after (guint seed,
            int   players,
            guint n)
{
  g_autofree char *n_players = g_strdup_printf ("%d", players);
  g_autofree char *seed_text = g_strdup_printf ("%u", seed);
  g_autoptr (GHashTable) opts = tu_options ("players", n_players, "seed", seed_text, NULL);
  g_autoptr (BgSearch) search = bg_search_new_with_table (10);
  BgGame *game = bg_game_new ("triomino", opts, NULL);

  while (bg_game_get_n_played (game) < n && !bg_game_is_over (game))
    {
      BgSearchLimits limits = { .level = 2, .seed = 1 };
      BgSearchResult result;

      ck_assert (bg_search_run (search, game, &limits, &result));
      ck_assert (bg_game_play (game, result.move, NULL));
    }
  return game;
}

/* The first position of a seeded 2-player game with a real choice: five placements or
 * more, on a table that is not empty. */
static BgGame *
game_with_choice (guint seed)
{
  BgGame *game = NULL;

  for (guint n = 6; game == NULL || tu_n_legal (game) < 5; n++)
    {
      g_clear_pointer (&game, bg_game_free);
      game = game_after (seed, 2, n);
    }
  return game;
}

START_TEST (test_deterministic)
{
  g_autoptr (BgGame) game = game_after (5, 3, 14);
  TriMcParams params = { .rollouts = 300, .horizon = 2, .threads = 1, .seed = 9 };
  BgMove one = tri_mc_choose (game, &params, NULL, NULL), again, two;

  again = tri_mc_choose (game, &params, NULL, NULL);
  params.threads = 2;
  two = tri_mc_choose (game, &params, NULL, NULL);
  ck_assert_uint_eq (one, again);
  ck_assert_uint_eq (one, two);
  ck_assert (bg_game_is_legal (game, one));
}
END_TEST

/* With a time to fill, the player goes on past one pass of its budget; the search's
 * cancellation stops it at once with a legal move. */
START_TEST (test_fills_its_time)
{
  g_autoptr (BgGame) game = game_with_choice (7);
  TriMcParams params = { .rollouts = 24, .threads = 1, .seed = 3 };
  guint64 one_pass, filled;
  gint64 start = g_get_monotonic_time ();
  BgMove move;

  tri_mc_choose (game, &params, NULL, &one_pass);
  /* A time of many passes, as long as one pass took here: a slow or busy machine still
   * fits two of them in it. */
  params.time_ms = MAX (1500, 12 * (g_get_monotonic_time () - start) / 1000);
  move = tri_mc_choose (game, &params, NULL, &filled);
  ck_assert (bg_game_is_legal (game, move));
  ck_assert_uint_gt (one_pass, 0);
  ck_assert_uint_ge (filled, 2 * one_pass);
}
END_TEST

static gint search_done;

/* Cancels again and again, lest the first cancel come before the search has begun. */
static gpointer
cancel_thread (gpointer search)
{
  while (!g_atomic_int_get (&search_done))
    {
      g_usleep (50000);
      bg_search_cancel (search);
    }
  return NULL;
}

START_TEST (test_cancelled)
{
  g_autoptr (BgGame) game = game_with_choice (7);
  g_autoptr (BgSearch) search = bg_search_new_with_table (10);
  BgSearchLimits limits;
  BgSearchResult result;
  GThread *canceller;

  /* Level 6 with a day to think: only the cancellation can end this test in time. */
  bg_search_limits_for_level (6, &limits);
  limits.time_limit_ms = 24 * 3600 * 1000;
  limits.threads = 2;
  g_atomic_int_set (&search_done, 0);
  canceller = g_thread_new ("cancel", cancel_thread, search);
  ck_assert (bg_search_run (search, game, &limits, &result));
  g_atomic_int_set (&search_done, 1);
  g_thread_join (canceller);
  ck_assert (bg_game_is_legal (game, result.move));
  ck_assert_uint_gt (result.nodes, 0);
}
END_TEST

/* The tiles that fit somewhere on the table of pos. */
static guint64
fitting (const TriPosition *pos)
{
  g_autofree BgMove *moves = g_new (BgMove, TRI_MAX_MOVES);
  guint n = tri_placements (pos, BIT (TRI_N_TILES) - 1, moves);
  guint64 set = 0;

  for (guint i = 0; i < n; i++)
    set |= BIT (TRI_MOVE_TILE (moves[i]));
  return set;
}

/* Finds a position, in seeded 2-player games, where the opponent of the player to move
 * drew or passed in this round: the tiles that fitted the table then, and how many he drew
 * since (that draw included). */
static BgGame *
game_after_a_draw (guint64 *fit,
                   int     *drawer,
                   int     *drawn)
{
  for (guint seed = 1; seed < 100; seed++)
    for (guint n = 10; n < 80; n += 3)
      {
        BgGame *game = game_after (seed, 2, n);
        const TriPosition *pos = bg_game_get_position (game);

        *drawn = 0;
        for (guint i = bg_game_get_n_played (game); i-- > 0;)
          {
            const TriPosition *before = bg_game_get_position_at (game, i);
            BgMove move = bg_game_get_played_move (game, i);

            if (before->round != pos->round)
              break;
            if (bg_game_get_played_player (game, i) == pos->turn)
              continue;
            *drawn += move == TRI_MOVE_DRAW;
            if (move == TRI_MOVE_DRAW || move == TRI_MOVE_PASS)
              {
                *fit = fitting (before);
                *drawer = bg_game_get_played_player (game, i);
                return game;
              }
          }
        bg_game_free (game);
      }
  return NULL;
}

START_TEST (test_deals_keep_what_was_seen)
{
  guint64 fit = 0, hands[TRI_MAX_PLAYERS];
  guint8 pile[TRI_N_TILES];
  int drawer = -1, drawn = 0;
  g_autoptr (BgGame) game = game_after_a_draw (&fit, &drawer, &drawn);
  const TriPosition *pos;
  guint64 placed = 0;

  ck_assert_ptr_nonnull (game);
  pos = bg_game_get_position (game);
  for (int i = 0; i < pos->n_placed; i++)
    placed |= BIT (pos->placed[i].tile);
  for (guint number = 0; number < 300; number++)
    {
      guint n_pile = tri_mc_deal (game, 77, number, hands, pile);
      guint64 all = placed;

      ck_assert_uint_eq (n_pile, pos->pile_count);
      ck_assert_uint_eq (hands[pos->turn], pos->hands[pos->turn]);
      for (int p = 0; p < pos->n_players; p++)
        {
          ck_assert_int_eq (__builtin_popcountll (hands[p]), __builtin_popcountll (pos->hands[p]));
          ck_assert_uint_eq (all & hands[p], 0);
          all |= hands[p];
        }
      for (guint i = 0; i < n_pile; i++)
        {
          ck_assert_uint_eq (all & BIT (pile[i]), 0);
          all |= BIT (pile[i]);
        }
      /* Every tile once, and of the drawer's tiles only the one he drew may fit the table
       * he could not play on. */
      ck_assert_uint_eq (all, BIT (TRI_N_TILES) - 1);
      ck_assert_int_le (__builtin_popcountll (hands[drawer] & fit), drawn);
    }
}
END_TEST

/* The levels are different players: over a few positions, levels 2, 3 and 5 do not all
 * choose alike. */
START_TEST (test_levels_differ)
{
  g_autoptr (BgSearch) search = bg_search_new_with_table (10);
  guint differ_2_3 = 0, differ_3_5 = 0;

  for (guint seed = 1; seed <= 12; seed++)
    {
      g_autoptr (BgGame) game = game_with_choice (seed);
      BgMove chosen[6];

      for (int level = 2; level <= 5; level += (level == 3 ? 2 : 1))
        {
          BgSearchLimits limits;
          BgSearchResult result;

          bg_search_limits_for_level (level, &limits);
          limits.seed = seed;
          limits.time_limit_ms = 0;
          ck_assert (bg_search_run (search, game, &limits, &result));
          chosen[level] = result.move;
        }
      differ_2_3 += chosen[2] != chosen[3];
      differ_3_5 += chosen[3] != chosen[5];
    }
  ck_assert_uint_gt (differ_2_3, 0);
  ck_assert_uint_gt (differ_3_5, 0);
}
END_TEST

void
tt_add_ai_tests (Suite *suite)
{
  TCase *tc = tcase_create ("players");

  tcase_add_test (tc, test_deterministic);
  tcase_add_test (tc, test_fills_its_time);
  tcase_add_test (tc, test_cancelled);
  tcase_add_test (tc, test_deals_keep_what_was_seen);
  tcase_add_test (tc, test_levels_differ);
  tcase_set_timeout (tc, 300);
  suite_add_tcase (suite, tc);
}
