/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trichess-ai.c: tests of the TRICHESS computer player
 *
 * Positions are written in the setup text of bg-trichess.h (see test-trichess.c).
 */

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "bg-game.h"
#include "bg-search.h"
#include "trichess/bg-trichess.h"
#include "trichess/bg-trichess-board.h"
#include "trichess/bg-trichess-search.h"
#include "test-util.h"
#include "bench/trichess-baseline.h"

static const char *const boards[] = { "prolapsus", "hexagonal", "pax" };

#define BLACK_K "8/8/bK7/8"

/* The non-aggression example of test-trichess.c: White lost 2, Red 4, Black 5. */
#define NA_SETUP(turn) "4wK3/8/8/bN7 8/8/rK7/8 4bK3/wR7/bN1wR1bP3/bN7 " turn " -/-/- - 2/4/5"

static BgGame *
new_game (const char *board,
          const char *setup)
{
  g_autoptr (GHashTable) options = tu_options ("board", board, NULL);
  g_autoptr (GError) error = NULL;
  BgGame *game;

  if (setup != NULL)
    game = bg_game_new_from_position ("trichess", options, setup, &error);
  else
    game = bg_game_new ("trichess", options, &error);
  ck_assert_msg (game != NULL, "%s: %s", setup ? setup : "start", error ? error->message : "?");
  return game;
}

START_TEST (test_search_levels)
{
  g_autoptr (BgSearch) search = bg_search_new ();

  for (int level = BG_LEVEL_MIN; level <= BG_LEVEL_MAX; level++)
    {
      g_autoptr (BgGame) game = new_game (boards[level % 3], NULL);
      BgSearchLimits limits;
      BgSearchResult result;

      bg_search_limits_for_level (level, &limits);
      /* Nodes, not time: the same search on a busy machine as on an idle one. */
      limits.time_limit_ms = 0;
      limits.node_limit = 20000;
      ck_assert (bg_search_run (search, game, &limits, &result));
      ck_assert (bg_game_is_legal (game, result.move));
      ck_assert_uint_le (result.nodes, 20000 + 1024 * 2);
    }
}
END_TEST

START_TEST (test_search_finds_fat_mate)
{
  g_autoptr (BgSearch) search = bg_search_new ();
  g_autoptr (BgGame) game = new_game ("prolapsus",
                                      "1bR5wK/6wPwP/8/8 3rK4/8/8/8 " BLACK_K " b");
  BgSearchLimits limits = { .max_depth = 3 };
  BgSearchResult result;
  g_autofree char *text = NULL;

  ck_assert (bg_search_run (search, game, &limits, &result));
  /* 1-b1-1-e1 (fat and mate) or 1-b1-1-c1 (mate): both win at once. */
  text = bg_game_format_move (game, result.move);
  ck_assert_int_gt (result.score, BG_SCORE_WIN_MIN);
  tu_play (game, text);
  ck_assert_int_eq (bg_game_get_status (game).winner, 2);
}
END_TEST

START_TEST (test_search_respects_non_aggression)
{
  /* White's only capture of the Black knight on 3-a3 is forbidden. */
  g_autoptr (BgSearch) search = bg_search_new ();
  g_autoptr (BgGame) game = new_game ("prolapsus", NA_SETUP ("w"));
  BgSearchLimits limits = { .max_depth = 3 };
  BgSearchResult result;
  g_autofree char *text = NULL;

  ck_assert (bg_search_run (search, game, &limits, &result));
  text = bg_game_format_move (game, result.move);
  ck_assert_str_ne (text, "3-a2-3-a3");
  ck_assert (bg_game_is_legal (game, result.move));
}
END_TEST

/* Calls check on every position of random games on each board (seeds first_seed to
 * first_seed + n_seeds - 1, max_plies plies at most, draw offers declined) and returns
 * the sum of what it returned. */
typedef guint (*PositionCheck) (const TcPosition *pos);

static guint
walk_random_games (guint32       first_seed,
                   guint32       n_seeds,
                   guint         max_plies,
                   PositionCheck check)
{
  guint total = 0;

  for (int level = 0; level < 3; level++)
    for (guint32 seed = first_seed; seed < first_seed + n_seeds; seed++)
      {
        g_autoptr (BgGame) game = new_game (boards[level], NULL);
        g_autoptr (GRand) rand = g_rand_new_with_seed (seed);

        for (guint ply = 0; ply < max_plies && !bg_game_is_over (game); ply++)
          {
            g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
            guint i = (guint) g_rand_int_range (rand, 0, (gint32) moves->len);

            total += check (bg_game_get_position (game));
            if (bg_game_has_draw_offer (game))
              bg_game_decline_draw (game);
            ck_assert (bg_game_play (game, g_array_index (moves, BgMove, i), NULL));
          }
      }
  return total;
}

/* Fails with the position's setup text, so that a failure can be replayed. */
static void
assert_at (gboolean          ok,
           const TcPosition *pos,
           const char       *what)
{
  g_autofree char *setup = NULL;

  if (ok)
    return;
  setup = bg_trichess_rules.format_position (pos);
  ck_abort_msg ("%s: %s", what, setup);
}

/* The capture generator of the capture search gives the legal captures (without en
 * passant) and the queen promotions, those of the player to move and of the next. */
static int
compare_moves (const void *a,
               const void *b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return (x > y) - (x < y);
}

static guint
check_captures (const TcPosition *pos)
{
  static guint32 legal[TC_MAX_MOVES], caps[TC_MAX_MOVES], kept[TC_MAX_MOVES];
  TcPosition passed = *pos;

  /* Legal moves of the next player: the position with the turn passed (the key does not
   * matter to the generators). */
  for (int turn = 0; turn < 2; turn++)
    {
      guint n_legal = bg_tc_generate (&passed, passed.turn, 7u & ~(1u << passed.turn), legal);
      guint n = 0, n_caps;

      for (guint i = 0; i < n_legal; i++)
        {
          guint32 m = legal[i];
          int promo = TC_MOVE_PROMO (m);

          if ((passed.board[TC_MOVE_TO (m)] != TC_EMPTY && (promo == 0 || promo == TC_QUEEN))
              || promo == TC_QUEEN)
            kept[n++] = m;
        }
      n_caps = bg_tc_captures (pos, passed.turn, caps);
      qsort (kept, n, sizeof (guint32), compare_moves);
      qsort (caps, n_caps, sizeof (guint32), compare_moves);
      assert_at (n_caps == n && memcmp (kept, caps, n * sizeof (guint32)) == 0, &passed,
                 "captures");
      passed.turn = (guint8) ((passed.turn + 1) % 3);
    }
  return 1;
}

START_TEST (test_captures_generator)
{
  ck_assert_uint_gt (walk_random_games (1, 6, 150, check_captures), 1000);
}
END_TEST

/* Whether player p (to move in pos) has a fat, by playing each of his legal moves but
 * castling, en passant and under-promotions, which bg_tc_has_fat() leaves out. */
static gboolean
fat_by_playing (const TcPosition *pos)
{
  static guint32 legal[TC_MAX_MOVES];
  const TcBoard *b = bg_tc_board_get (pos->level);
  int p = pos->turn, x = (p + 1) % 3, y = (p + 2) % 3;
  guint n = bg_tc_generate (pos, p, 7u & ~(1u << p), legal);

  for (guint i = 0; i < n; i++)
    {
      int from = TC_MOVE_FROM (legal[i]), to = TC_MOVE_TO (legal[i]);
      int type = TC_TYPE (pos->board[from]), promo = TC_MOVE_PROMO (legal[i]);
      TcPosition child = *pos;

      if ((type == TC_KING && from == TC_SQ (p, 4, 0) && (to == from + 2 || to == from - 2))
          || (type == TC_PAWN && pos->board[to] == TC_EMPTY && TC_FILE (to) != TC_FILE (from)
              && TC_CAMP (to) == TC_CAMP (from))
          || (promo != 0 && promo != TC_QUEEN))
        continue;
      bg_tc_play (&child, legal[i]);
      if (bg_tc_attacked (b, child.board, child.king[x], 1u << p)
          && bg_tc_attacked (b, child.board, child.king[y], 1u << p))
        return TRUE;
    }
  return FALSE;
}

/* The capture search's test for a fat in one agrees with playing every move, for each
 * player of positions from random games. */
static guint
check_fat (const TcPosition *pos)
{
  TcPosition passed = *pos;
  guint found = 0;

  for (int turn = 0; turn < TC_N_PLAYERS; turn++)
    {
      gboolean fat = fat_by_playing (&passed);

      assert_at (bg_tc_has_fat (&passed, passed.turn) == fat, &passed, "fat");
      found += fat;
      passed.turn = (guint8) ((passed.turn + 1) % 3);
    }
  return found;
}

START_TEST (test_fat_finder)
{
  ck_assert_uint_gt (walk_random_games (201, 8, 300, check_fat), 300);
}
END_TEST

/* The evaluation finds the checks on its walk of the pieces; they must be the rules'. Random
 * games give checks by every kind of piece (a dame's ring steps on the pax board). */
static guint
check_eval_checks (const TcPosition *pos)
{
  const TcBoard *b = bg_tc_board_get (pos->level);
  guint expected = 0;

  for (int o = 0; o < TC_N_PLAYERS; o++)
    if (bg_tc_attacked (b, pos->board, pos->king[o], 7u & ~(1u << o)))
      expected |= 1u << o;
  assert_at (bg_tc_eval_checks (pos) == expected, pos, "checks");
  return expected != 0;
}

START_TEST (test_eval_checks)
{
  /* On pax White's dame on 1-d4 checks Black's king on 3-e4 by a ring step alone. */
  g_autoptr (BgGame) dame = new_game ("pax", "8/7wK/8/3wD4 8/8/rK7/8 8/8/8/4bK3 r");

  ck_assert_uint_eq (bg_tc_eval_checks (bg_game_get_position (dame)), 4);
  ck_assert_uint_gt (walk_random_games (101, 8, 300, check_eval_checks), 100);
}
END_TEST

/* The evaluation is linear in its weights, as tests/bench/tune-trichess.c, which fits them,
 * takes it to be: the totals with weights a + b are those with a plus those with b. Random
 * weights (the danger table's percentage in hundreds, which it divides exactly). */
START_TEST (test_eval_linear)
{
  guint n_weights = sizeof (TcEvalWeights) / sizeof (int), positions = 0;

  for (int level = 0; level < 3; level++)
    {
      g_autoptr (BgGame) game = new_game (boards[level], NULL);
      g_autoptr (GRand) rand = g_rand_new_with_seed (level + 40);

      for (guint ply = 0; ply < 200 && !bg_game_is_over (game); ply++)
        {
          g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
          const TcPosition *pos = bg_game_get_position (game);
          TcEvalWeights a, b, sum;
          int *wa = (int *) &a, *wb = (int *) &b, *ws = (int *) &sum;
          int sa[TC_N_PLAYERS], sb[TC_N_PLAYERS], ss[TC_N_PLAYERS];
          guint i;

          for (guint j = 0; j < n_weights; j++)
            {
              wa[j] = g_rand_int_range (rand, -50, 200);
              wb[j] = g_rand_int_range (rand, -50, 200);
            }
          a.danger = 100 * g_rand_int_range (rand, 0, 6);
          b.danger = 100 * g_rand_int_range (rand, 0, 6);
          for (guint j = 0; j < n_weights; j++)
            ws[j] = wa[j] + wb[j];
          bg_tc_evaluate_sides (pos, &a, TRUE, sa);
          bg_tc_evaluate_sides (pos, &b, TRUE, sb);
          bg_tc_evaluate_sides (pos, &sum, TRUE, ss);
          for (int o = 0; o < TC_N_PLAYERS; o++)
            ck_assert_int_eq (ss[o], sa[o] + sb[o]);
          /* And the searches' score is the paranoid one of those totals. */
          bg_tc_evaluate_sides (pos, &bg_tc_eval_weights, TRUE, ss);
          ck_assert_int_eq (bg_tc_evaluate (pos, pos->turn),
                            ss[pos->turn] - (ss[(pos->turn + 1) % 3]
                                             + ss[(pos->turn + 2) % 3]) / 2);
          positions++;
          if (bg_game_has_draw_offer (game))
            bg_game_decline_draw (game);
          i = (guint) g_rand_int_range (rand, 0, (gint32) moves->len);
          ck_assert (bg_game_play (game, g_array_index (moves, BgMove, i), NULL));
        }
    }
  ck_assert_uint_gt (positions, 300);
}
END_TEST

/* The capture search leaves out a piece taking a lesser one on a square another player
 * attacks (White's queen on 1-d1 takes a knight on 1-d3, a rook on 1-a3 guards it). */
START_TEST (test_bad_captures)
{
  static const struct
  {
    const char *camp1;
    gboolean bad;
  } cases[] = {
    { "3wQ3wK/8/bR2rN4/8", TRUE },    /* Black guards the knight */
    { "3wQ3wK/8/rR2rN4/8", TRUE },    /* Red guards it */
    { "3wQ3wK/8/wR2rN4/8", FALSE },   /* only White guards it */
    { "3wQ3wK/8/4rN3/8", FALSE },     /* nobody guards it */
    { "3wR3wK/8/bR2rQ4/8", FALSE },   /* a rook takes a queen */
    { "3wQ3wK/8/bR2rD4/8", FALSE },   /* a queen takes a dame, worth as much */
  };
  guint32 move = TC_MOVE (TC_SQ (0, 3, 0), TC_SQ (0, 3, 2), 0);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *setup = g_strdup_printf ("%s 8/8/rK7/8 " BLACK_K " w", cases[i].camp1);
      g_autoptr (BgGame) game = new_game ("prolapsus", setup);

      ck_assert_msg (bg_tc_bad_capture (bg_game_get_position (game), move) == cases[i].bad,
                     "%s", setup);
    }
}
END_TEST

/* A level's search on one thread within a node budget rather than a time: the same search
 * whatever the machine's load. */
static void
level_search (BgGame         *game,
              int             level,
              guint32         seed,
              guint64         nodes,
              BgSearchResult *result)
{
  g_autoptr (BgSearch) search = bg_search_new ();
  BgSearchLimits limits;

  bg_search_limits_for_level (level, &limits);
  limits.seed = seed;
  limits.threads = 1;
  limits.time_limit_ms = 0;
  limits.node_limit = nodes;
  ck_assert (bg_search_run (search, game, &limits, result));
  ck_assert (bg_game_is_legal (game, result->move));
}

static char *
level_move (BgGame  *game,
            int      level,
            guint32  seed)
{
  BgSearchResult result;

  level_search (game, level, seed, 30000, &result);
  return bg_game_format_move (game, result.move);
}

static guint
level_depth (BgGame  *game,
             int      level,
             guint32  seed)
{
  BgSearchResult result;

  level_search (game, level, seed, 1000000, &result);
  return result.depth;
}

START_TEST (test_levels_vary_openings)
{
  /* Levels 3 and 4, which play without noise, still vary their openings with the game's
   * seed, and a seed always gives the same move (a saved game replays); level 6 does not
   * vary. */
  g_autoptr (BgGame) game = new_game ("prolapsus", NULL);
  g_autofree char *strongest = level_move (game, 6, 1);

  for (int level = 3; level <= 4; level++)
    {
      g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                           NULL);

      for (guint32 seed = 1; seed <= 12; seed++)
        {
          g_autofree char *again = level_move (game, level, seed);

          g_hash_table_add (seen, level_move (game, level, seed));
          ck_assert (g_hash_table_contains (seen, again));
        }
      ck_assert_msg (g_hash_table_size (seen) >= 3, "level %d: %u first moves", level,
                     g_hash_table_size (seen));
    }
  for (guint32 seed = 2; seed <= 4; seed++)
    {
      g_autofree char *m = level_move (game, 6, seed);

      ck_assert_str_eq (m, strongest);
    }
}
END_TEST

START_TEST (test_level_looks_shallower)
{
  /* Level 5 searches 3 plies, but a ply less at about half of its moves, drawn from the
   * seed (a saved game replays); level 4 always searches 2. */
  g_autoptr (BgGame) game = new_game ("pax", NULL);
  guint shallow = 0;

  for (guint32 seed = 1; seed <= 16; seed++)
    {
      guint depth = level_depth (game, 5, seed);

      ck_assert_uint_eq (depth, level_depth (game, 5, seed));
      ck_assert (depth == 2 || depth == 3);
      shallow += depth == 2;
      ck_assert_uint_eq (level_depth (game, 4, seed), 2);
    }
  ck_assert_uint_ge (shallow, 3);
  ck_assert_uint_le (shallow, 13);
}
END_TEST

START_TEST (test_strongest_skips_five_plies)
{
  /* Level 6 deepens as far as its budget allows, from 4 plies straight to 6: an iteration
   * of 5 plies would end on the first opponent's reply. */
  for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
    {
      g_autoptr (BgGame) game = new_game (boards[b], NULL);
      guint deepest = 0;

      for (guint64 nodes = 20000; nodes <= 640000; nodes *= 2)
        {
          BgSearchResult result;

          level_search (game, 6, 1, nodes, &result);
          ck_assert_msg (result.depth == 4 || result.depth >= 6, "%s, %" G_GUINT64_FORMAT
                         " nodes: depth %u", boards[b], nodes, result.depth);
          deepest = MAX (deepest, result.depth);
        }
      ck_assert_uint_ge (deepest, 6);
    }
}
END_TEST

START_TEST (test_weak_levels_take_mate_in_one)
{
  /* Levels 1 and 2 play with noise, but neither past a win in one (fat and mate, or mate). */
  for (int level = 1; level <= 2; level++)
    for (guint32 seed = 1; seed <= 8; seed++)
      {
        g_autoptr (BgSearch) search = bg_search_new ();
        g_autoptr (BgGame) game = new_game ("prolapsus",
                                            "1bR5wK/6wPwP/8/8 3rK4/8/8/8 " BLACK_K " b");
        BgSearchLimits limits;
        BgSearchResult result;
        g_autofree char *text = NULL;

        bg_search_limits_for_level (level, &limits);
        limits.seed = seed;
        limits.time_limit_ms = 0;
        ck_assert (bg_search_run (search, game, &limits, &result));
        text = bg_game_format_move (game, result.move);
        tu_play (game, text);
        ck_assert_msg (bg_game_get_status (game).winner == 2, "level %d seed %u: %s", level,
                       seed, text);
      }
}
END_TEST

/* White, a queen behind, can bring back a position of the game (Red to move) with
 * 1-g1-1-f3, the knight's shuffle of all three players having come round: the search
 * takes the repetition (BG_TC_REPETITION_SCORE) rather than a lost position. After a
 * second round the position has stood twice, and the repetition costs twice as much. */
#define REP_SETUP "4wK1wN1/8/8/8 1rN2rK3/rQ7/8/8 1bN2bK3/8/8/8 w"

START_TEST (test_search_repetition)
{
  static const char *const shuffle[] = {
    "1-g1-1-f3", "2-b1-2-c3", "3-b1-3-c3", "1-f3-1-g1", "2-c3-2-b1", "3-c3-3-b1",
  };
  static const int algorithms[] = { BG_TRICHESS_BRS, BG_TRICHESS_PARANOID, BG_TRICHESS_DEFAULT };

  for (guint a = 0; a < G_N_ELEMENTS (algorithms); a++)
    {
      g_autoptr (BgSearch) search = bg_search_new ();
      g_autoptr (BgGame) fresh = new_game ("prolapsus", REP_SETUP);
      g_autoptr (BgGame) game = new_game ("prolapsus", REP_SETUP);
      BgSearchLimits limits = { .max_depth = 4, .algorithm = algorithms[a], .threads = 1 };
      BgSearchResult result;
      g_autofree char *text = NULL;

      ck_assert (bg_search_run (search, fresh, &limits, &result));
      ck_assert_int_lt (result.score, -300);
      for (guint i = 0; i < G_N_ELEMENTS (shuffle); i++)
        tu_play (game, shuffle[i]);
      bg_search_clear (search);
      ck_assert (bg_search_run (search, game, &limits, &result));
      text = bg_game_format_move (game, result.move);
      ck_assert_str_eq (text, "1-g1-1-f3");
      ck_assert_int_eq (result.score, BG_TC_REPETITION_SCORE);
      for (guint i = 0; i < G_N_ELEMENTS (shuffle); i++)
        tu_play (game, shuffle[i]);
      bg_search_clear (search);
      ck_assert (bg_search_run (search, game, &limits, &result));
      ck_assert_int_eq (result.score, 2 * BG_TC_REPETITION_SCORE);
    }
}
END_TEST

START_TEST (test_search_algorithms_and_threads)
{
  /* The paranoid baseline, Best-Reply Search and the new paranoid search, on one and two
   * threads, all find the fat and mate, and stop at their node limit. */
  static const struct
  {
    int algorithm;
    guint threads;
  } configs[] = {
    { BG_TRICHESS_BASELINE, 1 }, { BG_TRICHESS_BRS, 1 }, { BG_TRICHESS_BRS, 2 },
    { BG_TRICHESS_PARANOID, 1 }, { BG_TRICHESS_PARANOID, 2 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (configs); c++)
    {
      g_autoptr (BgSearch) search = bg_search_new ();
      g_autoptr (BgGame) game = new_game ("prolapsus",
                                          "1bR5wK/6wPwP/8/8 3rK4/8/8/8 " BLACK_K " b");
      g_autoptr (BgGame) start = new_game ("pax", NULL);
      BgSearchLimits limits = { .max_depth = 3, .algorithm = configs[c].algorithm,
                                .threads = configs[c].threads };
      BgSearchResult result;

      ck_assert (bg_search_run (search, game, &limits, &result));
      ck_assert_int_gt (result.score, BG_SCORE_WIN_MIN);
      limits.max_depth = 40;
      limits.node_limit = 30000;
      ck_assert (bg_search_run (search, start, &limits, &result));
      ck_assert (bg_game_is_legal (start, result.move));
      ck_assert_uint_le (result.nodes, 30000 + 2 * 1024 * configs[c].threads);
      ck_assert_uint_lt (result.depth, 40);
    }
}
END_TEST

/* From a game: 1-d1-1-f1 checks Red, who has two answers. In the capture search of the
 * paranoid search Black used to pass after Red's answer, which gave White a free capture
 * checking both kings, a fat: the search saw a win at depth 1 that was not there (and
 * stopped deepening). Now Black may stand or take after Red. */
#define PASS_SETUP "3wQ2wK1/4wB3/4wR1wR1/wP6wP 2rK3rR1/6bP1/8/4rN3 " \
                   "8/1bQ5bK/bP7/5bPbNbP w -/-/- - 15/31/23"

START_TEST (test_search_no_free_pass)
{
  for (guint depth = 1; depth <= 4; depth++)
    {
      g_autoptr (BgSearch) search = bg_search_new ();
      g_autoptr (BgGame) game = new_game ("prolapsus", PASS_SETUP);
      BgSearchLimits limits = { .max_depth = depth, .algorithm = BG_TRICHESS_PARANOID,
                                .threads = 1 };
      BgSearchResult result;

      ck_assert (bg_search_run (search, game, &limits, &result));
      ck_assert_msg (ABS (result.score) < BG_SCORE_WIN_MIN, "depth %u: %d", depth,
                     result.score);
      ck_assert_uint_eq (result.depth, depth);
    }
}
END_TEST

/* From a game: Red, with two rooks and a queen against the lone White and Black kings,
 * mates in two of his moves (score BG_SCORE_WIN - 4); the baseline sees it at depth 4, the
 * paranoid search, which extends checks, at depth 3. */
#define MATE2_SETUP "4wK3/8/8/5rP2 8/rK1rP5/5rR2/8 5rQ2/1rR6/1bP2bK3/8 r -/-/- - 39/18/46"

START_TEST (test_search_mate_in_two)
{
  static const struct
  {
    int algorithm;
    guint depth;
  } configs[] = { { BG_TRICHESS_BASELINE, 4 }, { BG_TRICHESS_PARANOID, 3 } };

  for (guint c = 0; c < G_N_ELEMENTS (configs); c++)
    {
      g_autoptr (BgSearch) search = bg_search_new ();
      g_autoptr (BgGame) game = new_game ("prolapsus", MATE2_SETUP);
      BgSearchLimits limits = { .max_depth = configs[c].depth,
                                .algorithm = configs[c].algorithm, .threads = 1 };
      BgSearchResult result;

      ck_assert (bg_search_run (search, game, &limits, &result));
      ck_assert_int_eq (result.score, BG_SCORE_WIN - 4);
      ck_assert (bg_game_is_legal (game, result.move));
    }
}
END_TEST

/* White to move can do nothing about Black's rook: 2-e3-2-e1 would mate Red's king, boxed
 * in by his pawns, were it Black's move. Red's own pawn moves on a2 and b2 give it air; his
 * h-pawn does not. The paranoid search used to have Red play the h-pawn and be mated (a loss
 * for White too, who saw every line lost); Red does not play into a line Black wins. */
#define NET_SETUP "4wK3/8/8/8 rK7/rPrP5rP/4bR3/8 4bK3/8/8/8 w"

START_TEST (test_search_opponents_not_suicidal)
{
  g_autoptr (BgSearch) search = bg_search_new ();
  g_autoptr (BgGame) game = new_game ("prolapsus", NET_SETUP);
  BgSearchLimits limits = { .max_depth = 4, .algorithm = BG_TRICHESS_PARANOID, .threads = 1 };
  BgSearchResult result;

  ck_assert (bg_search_run (search, game, &limits, &result));
  ck_assert_int_gt (result.score, -BG_SCORE_WIN_MIN);
  /* After the h-pawn, Red is indeed mated (on his next turn). */
  tu_play (game, "1-e1-1-d1");
  tu_play (game, "2-h2-2-h3");
  tu_play (game, "2-e3-2-e1");
  tu_play (game, "1-d1-1-e1");
  ck_assert_int_eq (bg_game_get_status (game).winner, 2);
}
END_TEST

START_TEST (test_search_cancel)
{
  /* Without a limit, the search runs until cancelled, then gives a legal move. */
  for (guint threads = 1; threads <= 2; threads++)
    {
      g_autoptr (BgGame) game = new_game ("prolapsus", PASS_SETUP);
      BgSearchLimits limits = { .max_depth = 40, .algorithm = BG_TRICHESS_PARANOID,
                                .threads = threads };

      tu_check_cancel (game, &limits, 200);
    }
}
END_TEST

static Suite *
trichess_ai_suite (void)
{
  Suite *s = suite_create ("trichess-ai");
  TCase *ai = tcase_create ("ai");

  tcase_add_test (ai, test_search_levels);
  tcase_add_test (ai, test_search_finds_fat_mate);
  tcase_add_test (ai, test_search_respects_non_aggression);
  tcase_add_test (ai, test_captures_generator);
  tcase_add_test (ai, test_eval_checks);
  tcase_add_test (ai, test_fat_finder);
  tcase_add_test (ai, test_eval_linear);
  tcase_add_test (ai, test_bad_captures);
  tcase_add_test (ai, test_weak_levels_take_mate_in_one);
  tcase_add_test (ai, test_levels_vary_openings);
  tcase_add_test (ai, test_level_looks_shallower);
  tcase_add_test (ai, test_search_repetition);
  tcase_add_test (ai, test_strongest_skips_five_plies);
  tcase_add_test (ai, test_search_algorithms_and_threads);
  tcase_add_test (ai, test_search_no_free_pass);
  tcase_add_test (ai, test_search_mate_in_two);
  tcase_add_test (ai, test_search_opponents_not_suicidal);
  tcase_add_test (ai, test_search_cancel);
  tcase_set_timeout (ai, 120);
  suite_add_tcase (s, ai);
  return s;
}

int
main (void)
{
  /* BG_TRICHESS_BASELINE plays the first version's search, outside the library. */
  bg_trichess_set_baseline (trichess_baseline_search);
  return tu_run_suite (trichess_ai_suite ());
}
