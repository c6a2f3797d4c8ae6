/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trichess.c: tests of the TRICHESS rule set (its computer player: test-trichess-ai.c)
 *
 * Positions are written in the setup text of bg-trichess.h: the three camps (ranks 1 to
 * 4, '/' between ranks), the player to move, castling, en passant and points lost.
 */

#include <check.h>
#include <string.h>

#include "bg-game.h"
#include "bg-search.h"
#include "trichess/bg-trichess.h"
#include "trichess/bg-trichess-board.h"
#include "test-util.h"

#define GAME_ID "trichess"

static const char *const boards[] = { "prolapsus", "hexagonal", "pax" };

/* Red's and Black's kings out of the way on a3 of their camps. */
#define RED_K "8/8/rK7/8"
#define BLACK_K "8/8/bK7/8"

static BgGame *
new_game (const char *board,
          const char *setup)
{
  g_autoptr (GHashTable) options = tu_options ("board", board, NULL);
  g_autoptr (GError) error = NULL;
  BgGame *game;

  if (setup != NULL)
    game = bg_game_new_from_position (GAME_ID, options, setup, &error);
  else
    game = bg_game_new (GAME_ID, options, &error);
  ck_assert_msg (game != NULL, "%s: %s", setup ? setup : "start", error ? error->message : "?");
  return game;
}

static gboolean
has_move (BgGame     *game,
          const char *text)
{
  g_autoptr (GError) error = NULL;
  BgMove move;

  return bg_game_parse_move (game, text, &move, &error);
}

static guint
count_piece (const char *board,
             const char *setup,
             const char *square)
{
  g_autoptr (BgGame) game = new_game (board, setup);

  return tu_count_prefix (game, square);
}

/* Geometry */

START_TEST (test_tables_symmetric)
{
  for (int level = 0; level < TC_N_LEVELS; level++)
    {
      const TcBoard *b = bg_tc_board_get (level);

      for (int a = 0; a < TC_N_SQUARES; a++)
        {
          for (guint i = b->ortho_start[a]; i < b->diag_end[a]; i++)
            ck_assert_msg (bg_tc_aligned (b, b->nodes[i].sq, a), "level %d ray %d-%d",
                           level, a, b->nodes[i].sq);
          for (int i = 0; i < b->knight[a].n; i++)
            ck_assert (memchr (b->knight[b->knight[a].sq[i]].sq, a,
                               b->knight[b->knight[a].sq[i]].n) != NULL);
          for (int i = 0; i < b->king[a].n; i++)
            ck_assert (memchr (b->king[b->king[a].sq[i]].sq, a,
                               b->king[b->king[a].sq[i]].n) != NULL);
        }
    }
}
END_TEST

/* A lone piece on 1-d4, next to the obstacle, White's king on 1-h2. On prolapsus the
 * rook goes north round the ring into 3-e4..3-e1 and east along rank 4 (14); the bishop
 * has 1-e3..1-g1, 1-c3..1-a1, 3-f4..3-h2 and the fork 3-d4..3-a1 + 2-d4..2-a1 (17). On
 * hexagonal there is no fork (9), on pax no ring step either (rook 6, queen 15). */
START_TEST (test_piece_counts_d4)
{
  static const struct
  {
    char piece;
    guint counts[3];
  } cases[] = {
    { 'Q', { 31, 23, 15 } },
    { 'D', { 31, 23, 17 } },   /* pax: the promoted pawn may take the two ring steps */
    { 'R', { 14, 14, 6 } },
    { 'B', { 17, 9, 9 } },
    { 'N', { 10, 10, 6 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (int level = 0; level < 3; level++)
      {
        g_autofree char *setup = g_strdup_printf ("8/7wK/8/3w%c4 " RED_K " " BLACK_K " w",
                                                  cases[i].piece);

        ck_assert_msg (count_piece (boards[level], setup, "1-d4") == cases[i].counts[level],
                       "%c on %s: %u", cases[i].piece, boards[level],
                       count_piece (boards[level], setup, "1-d4"));
      }
}
END_TEST

/* Away from the centre, across the seams. The rook on 1-e1 goes up file e and on into
 * 2-d4..2-d1 (pax: only to 1-e4); the bishop on 1-c3 forks at 1-d4 on prolapsus; the
 * knight on 1-c3 jumps into camp 3 (3-e4, 3-g4) on every board. */
START_TEST (test_piece_counts_seams)
{
  static const struct
  {
    const char *setup;
    const char *square;
    guint counts[3];
  } cases[] = {
    { "4wR3/7wK/8/8 " RED_K " " BLACK_K " w", "1-e1", { 14, 14, 10 } },
    { "8/7wK/2wB5/8 " RED_K " " BLACK_K " w", "1-c3", { 15, 7, 7 } },
    { "8/7wK/2wN5/8 " RED_K " " BLACK_K " w", "1-c3", { 8, 8, 8 } },
    { "8/7wK/2wR5/8 " RED_K " " BLACK_K " w", "1-c3", { 14, 14, 14 } },
    /* The king next to the obstacle: 9 steps with the fork, 7 without; on pax the king
     * keeps its ring steps 3-e4 and 1-e4. */
    { "8/8/8/3wK4 " RED_K " " BLACK_K " w", "1-d4", { 9, 7, 7 } },
    /* Pawns: 1-d4 pushes round the ring to 3-e4 and takes 3-f4 and, on prolapsus, both
     * ends of the fork 3-d4 and 2-d4; pax forbids the ring step. */
    { "8/7wK/8/3wP4 8/8/rK7/3rP4 8/8/bK7/3bP1bP2 w", "1-d4", { 4, 2, 1 } },
    { "8/7wK/8/4wP3 8/8/rK7/2rP1rP3 8/8/bK7/4bP3 w", "1-e4", { 4, 2, 1 } },
    { "8/3wP3wK/8/8 " RED_K " " BLACK_K " w", "1-d2", { 2, 2, 2 } },
    /* In Red's camp White's pawn goes south toward 2-c1 and promotes there. */
    { "8/7wK/8/8 8/8/rK1wP5/8 " BLACK_K " w", "2-c3", { 1, 1, 1 } },
    { "8/7wK/8/8 8/2wP5/rK7/8 " BLACK_K " w", "2-c2", { 4, 4, 4 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (int level = 0; level < 3; level++)
      {
        guint n = count_piece (boards[level], cases[i].setup, cases[i].square);

        ck_assert_msg (n == cases[i].counts[level], "case %u on %s: %u", i, boards[level], n);
      }
}
END_TEST

START_TEST (test_pax_exceptions)
{
  g_autoptr (BgGame) queen = new_game ("pax", "8/7wK/8/3wQ4 " RED_K " " BLACK_K " w");
  g_autoptr (BgGame) dame = new_game ("pax", "8/7wK/8/3wD4 " RED_K " " BLACK_K " w");
  g_autoptr (BgGame) promo = new_game ("pax", "8/7wK/8/8 8/2wP5/rK7/8 " BLACK_K " w");

  ck_assert (!has_move (queen, "1-d4-1-e4"));
  ck_assert (has_move (dame, "1-d4-1-e4"));
  ck_assert (has_move (dame, "1-d4-3-e4"));
  ck_assert (!has_move (dame, "1-d4-3-e3"));   /* one ring step, not a ray through it */
  /* A queen promoted in play is a pion damé. */
  tu_play (promo, "2-c2-2-c1=Q");
  {
    g_autofree char *setup = bg_game_format_position (promo);

    ck_assert_msg (strstr (setup, "wD") != NULL, "%s", setup);
  }
}
END_TEST

/* Castling, en passant, promotion, self-check */

#define CASTLE_SETUP(camp1, red) camp1 " " red " " BLACK_K " w KQ/-/-"

START_TEST (test_castling)
{
  g_autoptr (BgGame) game = new_game ("prolapsus", CASTLE_SETUP ("wR3wK2wR/8/8/8", RED_K));
  g_autoptr (BgGame) red = NULL, black = NULL;
  g_autofree char *after = NULL;

  ck_assert (has_move (game, "1-e1-1-g1"));
  ck_assert (has_move (game, "1-e1-1-c1"));
  tu_play (game, "1-e1-1-g1");
  after = bg_game_format_position (game);
  ck_assert_msg (g_str_has_prefix (after, "wR4wRwK1/"), "%s", after);
  ck_assert_msg (strstr (after, " r -/-/- ") != NULL, "%s", after);

  /* A Red rook on 1-f4 sees f1: no castling king side. */
  red = new_game ("prolapsus", CASTLE_SETUP ("wR3wK2wR/8/8/5rR2", RED_K));
  ck_assert (!has_move (red, "1-e1-1-g1"));
  ck_assert (has_move (red, "1-e1-1-c1"));
  /* A Black rook on 1-c4 sees c1: no castling queen side. */
  black = new_game ("prolapsus", CASTLE_SETUP ("wR3wK2wR/8/8/2bR5", RED_K));
  ck_assert (has_move (black, "1-e1-1-g1"));
  ck_assert (!has_move (black, "1-e1-1-c1"));
}
END_TEST

START_TEST (test_castling_in_check)
{
  /* A Black rook on 1-e4 checks the king: no castling at all. */
  g_autoptr (BgGame) game = new_game ("prolapsus", CASTLE_SETUP ("wR3wK2wR/8/8/4bR3", RED_K));

  ck_assert (!has_move (game, "1-e1-1-g1"));
  ck_assert (!has_move (game, "1-e1-1-c1"));
}
END_TEST

/* Red double-steps 2-e2-2-e4 past 2-e3; White's pawn on 2-d4 and Black's on 2-f4 (both
 * going south in Red's camp) may take it en passant until Red moves again. */
#define EP_SETUP "8/7wK/8/8 8/4rP3/rK7/3wP1bP2 8/8/bK7/8 r"

START_TEST (test_en_passant)
{
  g_autoptr (BgGame) game = new_game ("prolapsus", EP_SETUP);
  g_autoptr (BgGame) white = NULL;
  g_autofree char *setup = NULL;

  tu_play (game, "2-e2-2-e4");
  ck_assert (has_move (game, "2-f4-2-e3"));
  white = bg_game_copy (game);
  tu_play (game, "2-f4-2-e3");
  setup = bg_game_format_position (game);
  ck_assert_msg (g_str_has_suffix (setup, " w -/-/- - 0/1/0"), "%s", setup);
  ck_assert_msg (strstr (setup, "8/8/rK3bP3/3wP4 ") != NULL, "%s", setup);

  /* Black declines; White may still take, since Red has not moved again. */
  tu_play (white, "3-a3-3-a2");
  ck_assert (has_move (white, "2-d4-2-e3"));
  tu_play (white, "1-h2-1-h3 2-a3-2-a2");
  ck_assert (!has_move (white, "2-f4-2-e3"));   /* Red moved again: the right is gone */
}
END_TEST

START_TEST (test_promotion)
{
  g_autoptr (BgGame) game = new_game ("prolapsus", "8/7wK/8/8 8/2wP5/rK7/8 " BLACK_K " w");
  g_autofree char *setup = NULL;

  ck_assert_uint_eq (tu_count_prefix (game, "2-c2-2-c1="), 4);
  ck_assert (!has_move (game, "2-c2-2-c1"));
  tu_play (game, "2-c2-2-c1=N");
  setup = bg_game_format_position (game);
  ck_assert_msg (g_str_has_prefix (setup, "8/7wK/8/8 2wN5/8/"), "%s", setup);
}
END_TEST

START_TEST (test_self_check)
{
  /* The White rook on 1-e2 is pinned by the Red rook on 1-e4: it may only move on the
   * file. Then a Black knight on 1-f3 checks the king: only king moves remain. */
  g_autoptr (BgGame) pinned = new_game ("prolapsus", "4wK3/4wR3/8/4rR3 " RED_K " " BLACK_K " w");
  g_autoptr (BgGame) check = new_game ("prolapsus",
                                       "4wK3/8/2wR2bN2/8 " RED_K " " BLACK_K " w");

  ck_assert_uint_eq (tu_count_prefix (pinned, "1-e2"), 2);
  ck_assert (has_move (pinned, "1-e2-1-e4"));
  ck_assert_uint_eq (tu_count_prefix (check, "1-c3"), 1);   /* only 1-c3-1-f3 takes the knight */
  ck_assert (!has_move (check, "1-e1-1-d2"));               /* d2 is covered by the knight */
}
END_TEST

/* The squares a moving piece passes: a rook up file e into Red's camp (file d there), a
 * bishop on the diagonal that forks round the centre of the prolapsus board, the shorter
 * way when both lead to the square, a knight's jump, a pawn's double step, castling. */
START_TEST (test_move_path)
{
  g_autoptr (BgGame) rook = new_game ("prolapsus", "7wK/4wR3/8/8 " RED_K " " BLACK_K " w");
  g_autoptr (BgGame) bishop = new_game ("prolapsus", "7wK/1wB6/8/8 " RED_K " " BLACK_K " w");
  g_autoptr (BgGame) blocked = new_game ("prolapsus",
                                         "7wK/1wB6/8/8 " RED_K " 8/8/bK7/3bP4 w");
  g_autoptr (BgGame) start = new_game ("prolapsus", NULL);
  g_autoptr (BgGame) castle = new_game ("prolapsus", CASTLE_SETUP ("wR3wK2wR/8/8/8", RED_K));
  const char *const cases[][3] = {
    { "rook", "1-e2-2-d2", "1-e2 1-e3 1-e4 2-d4 2-d3 2-d2" },
    { "rook", "1-e2-1-a2", "1-e2 1-d2 1-c2 1-b2 1-a2" },
    { "bishop", "1-b2-2-b2", "1-b2 1-c3 1-d4 2-d4 2-c3 2-b2" },
    { "bishop", "1-b2-3-b2", "1-b2 1-c3 1-d4 3-d4 3-c3 3-b2" },
    { "bishop", "1-b2-1-d4", "1-b2 1-c3 1-d4" },
    { "start", "1-b1-1-c3", "1-b1 1-c3" },
    { "start", "1-e2-1-e4", "1-e2 1-e3 1-e4" },
    { "start", "1-e2-1-e3", "1-e2 1-e3" },
    { "castle", "1-e1-1-g1", "1-e1 1-f1 1-g1" },
    { "castle", "1-e1-1-c1", "1-e1 1-d1 1-c1" },
    { "castle", "1-e1-1-f2", "1-e1 1-f2" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      BgGame *game = g_str_equal (cases[i][0], "rook") ? rook
                     : g_str_equal (cases[i][0], "bishop") ? bishop
                     : g_str_equal (cases[i][0], "start") ? start : castle;
      g_autofree char *path = tu_path_text (game, cases[i][1]);

      ck_assert_msg (g_str_equal (path, cases[i][2]), "%s: %s, not %s", cases[i][1], path,
                     cases[i][2]);
    }
  /* A Black pawn on 3-d4 closes one branch of the fork: the bishop stops there. */
  {
    g_autofree char *path = tu_path_text (blocked, "1-b2-3-d4");

    ck_assert_str_eq (path, "1-b2 1-c3 1-d4 3-d4");
    ck_assert (!has_move (blocked, "1-b2-3-c3"));
  }
}
END_TEST

/* Every king in check is marked, with its owner; none at the start. */
START_TEST (test_marks)
{
  g_autoptr (BgGame) start = new_game ("prolapsus", NULL);
  g_autoptr (BgGame) mate = new_game ("prolapsus", "7wK/6wPwP/bR7/8 " RED_K " " BLACK_K " b");
  g_autoptr (BgGame) fat = new_game ("prolapsus", "4wK3/8/bR7/8 3rK4/8/8/8 " BLACK_K " b");
  g_autoptr (BgGame) red = new_game ("prolapsus", "7wK/8/8/8 8/8/rK7/wR7 " BLACK_K " r");
  g_autofree char *none = tu_marks_text (start);
  g_autofree char *mated = NULL, *two = NULL, *checked = NULL;

  ck_assert_str_eq (none, "");
  tu_play (mate, "1-a3-1-a1");
  mated = tu_marks_text (mate);
  ck_assert_str_eq (mated, "check 1 1-h1");
  tu_play (fat, "1-a3-1-e3");
  two = tu_marks_text (fat);
  ck_assert_str_eq (two, "check 1 1-e1, check 2 2-d1");
  /* The position alone counts: Red is in check as the game is set up. */
  checked = tu_marks_text (red);
  ck_assert_str_eq (checked, "check 2 2-a3");
}
END_TEST

/* Results */

static void
assert_status (BgGame  *game,
               BgReason reason,
               int      winner,
               int      loser,
               int      other)
{
  BgStatus status = bg_game_get_status (game);
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (status.reason, reason);
  ck_assert_int_eq (status.winner, winner);
  ck_assert_int_eq (status.loser, loser);
  ck_assert_int_eq (status.other, other);
  ck_assert_uint_eq (moves->len, 0);
}

START_TEST (test_checkmate)
{
  /* Black's rook mates White on the back rank: Black seigneur, White serf, Red vassal. */
  g_autoptr (BgGame) game = new_game ("prolapsus",
                                      "7wK/6wPwP/bR7/8 " RED_K " " BLACK_K " b");

  ck_assert (bg_game_get_status (game).result == BG_RESULT_ONGOING);
  tu_play (game, "1-a3-1-a1");
  assert_status (game, BG_REASON_CHECKMATE, 2, 0, 1);
}
END_TEST

START_TEST (test_pat_two_opponents)
{
  /* Red's rook checks the king on 1-h1, Black's knight covers the escape 1-h2: the mate
   * needs both opponents, so it is pat: White seigneur, Black (moved last) vassal, Red
   * serf. */
  g_autoptr (BgGame) game = new_game ("prolapsus",
                                      "rR6wK/6wP1/5bN2/8 " RED_K " " BLACK_K " w");

  assert_status (game, BG_REASON_PAT, 0, 1, 2);
}
END_TEST

START_TEST (test_pat_stalemate)
{
  /* White's lone king on 1-a1 cannot move and is not in check. */
  g_autoptr (BgGame) game = new_game ("hexagonal", "wK7/8/1rQ6/8 " RED_K " " BLACK_K " w");

  assert_status (game, BG_REASON_PAT, 0, 1, 2);
}
END_TEST

START_TEST (test_fat)
{
  /* Black's rook goes to 1-e3: it checks White's king on 1-e1 and, round the ring up
   * file e, Red's king on 2-d1. Black seigneur, White (next to move) serf, Red vassal. */
  g_autoptr (BgGame) game = new_game ("prolapsus",
                                      "4wK3/8/bR7/8 3rK4/8/8/8 " BLACK_K " b");

  tu_play (game, "1-a3-1-e3");
  assert_status (game, BG_REASON_FAT, 2, 0, 1);
}
END_TEST

START_TEST (test_fat_mate)
{
  /* The rook to 1-e1 mates White on the back rank and checks Red's king on 2-d1. */
  g_autoptr (BgGame) game = new_game ("prolapsus",
                                      "1bR5wK/6wPwP/8/8 3rK4/8/8/8 " BLACK_K " b");

  tu_play (game, "1-b1-1-e1");
  assert_status (game, BG_REASON_FAT_MATE, 2, 0, 1);
}
END_TEST

/* Non-aggression: the rule text's example, White lost 2, Red 4, Black 5. White may not
 * take a Black piece in Black's camp unless the capture checks Black's king; everyone
 * else attacks freely. */
#define NA_SETUP(turn) "4wK3/8/8/bN7 8/8/rK7/8 4bK3/wR7/bN1wR1bP3/bN7 " turn " -/-/- - 2/4/5"

START_TEST (test_non_aggression)
{
  g_autoptr (BgGame) white = new_game ("prolapsus", NA_SETUP ("w"));
  g_autoptr (BgGame) free_play = new_game ("prolapsus",
                                           "4wK3/8/8/bN7 8/8/rK7/8 4bK3/wR7/bN1wR1bP3/bN7 w "
                                           "-/-/- - 2/4/4");

  ck_assert (!has_move (white, "3-a2-3-a3"));   /* Black's knight in Black's camp */
  ck_assert (!has_move (white, "3-a2-3-a4"));
  ck_assert (has_move (white, "3-c3-3-e3"));    /* checks Black's king on 3-e1 */
  ck_assert (has_move (white, "1-e1-1-d1"));
  ck_assert (has_move (free_play, "3-a2-3-a3")); /* 2 points apart: free */
}
END_TEST

START_TEST (test_non_aggression_others)
{
  /* Black takes White in White's camp freely; Red takes Black in Black's camp freely. */
  g_autoptr (BgGame) black = new_game ("prolapsus",
                                       "4wK3/wN7/bR7/8 " RED_K " 4bK3/8/8/8 b -/-/- - 2/4/5");
  g_autoptr (BgGame) red = new_game ("prolapsus",
                                     "4wK3/8/8/8 " RED_K " 4bK3/8/rR7/bN7 r -/-/- - 2/4/5");

  ck_assert (has_move (black, "1-a3-1-a2"));
  ck_assert (has_move (red, "3-a3-3-a4"));
}
END_TEST

/* Notation */

static void
check_round_trip (BgGame *game)
{
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

  for (guint i = 0; i < moves->len; i++)
    {
      BgMove move = g_array_index (moves, BgMove, i), back;
      g_autofree char *text = bg_game_format_move (game, move);
      g_autoptr (GError) error = NULL;

      ck_assert_msg (bg_game_parse_move (game, text, &back, &error), "%s: %s", text,
                     error ? error->message : "?");
      ck_assert_uint_eq (back, move);
    }
}

START_TEST (test_notation_round_trip)
{
  const char *setups[] = {
    NULL,
    "8/7wK/8/3wD4 8/8/rK7/3rP4 8/8/bK7/3bP1bP2 w",
    "8/7wK/8/8 8/2wP5/rK7/8 " BLACK_K " w",
    CASTLE_SETUP ("wR3wK2wR/8/8/8", RED_K),
  };

  for (int level = 0; level < 3; level++)
    for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
      {
        g_autoptr (BgGame) game = new_game (boards[level], setups[i]);
        g_autofree char *text = bg_game_format_position (game);
        g_autoptr (BgGame) again = new_game (boards[level], text);
        g_autofree char *text2 = bg_game_format_position (again);

        check_round_trip (game);
        ck_assert_str_eq (text, text2);
        ck_assert_uint_eq (bg_game_get_key (game), bg_game_get_key (again));
      }
}
END_TEST

START_TEST (test_malformed)
{
  const char *bad[] = {
    "1-e2", "1-e2-", "1-e2-1-e9", "4-e2-1-e4", "1-i2-1-e4", "1-e2-1-e4=K", "1-e2-1-e4x",
    "1e2-1e4", "e2-e4", "1-e2-1-e2", "1-e2-1-e44", "1-e2 1-e4",
  };
  g_autoptr (BgGame) game = new_game ("prolapsus", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      BgMove move;

      ck_assert_msg (!bg_game_parse_move (game, bad[i], &move, &error), "%s", bad[i]);
      ck_assert_msg (g_error_matches (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE), "%s: %s",
                     bad[i], error->message);
      ck_assert (error->message[0] != '\0');
    }
}
END_TEST

START_TEST (test_bad_setup)
{
  const char *bad[] = {
    "8/8/8/8 " RED_K " " BLACK_K " w",                          /* no White king */
    "4wK3/8/8/8 " RED_K " " BLACK_K " x",
    "4wK3/8/8 " RED_K " " BLACK_K " w",
    "wP3wK3/8/8/8 " RED_K " " BLACK_K " w",                     /* a pawn on rank 1 */
    "4wK3/8/8/8 " RED_K " " BLACK_K " w KQ/-/-",                /* no rooks at home */
    "4wK3/8/8/4bR3 " RED_K " " BLACK_K " w",                    /* Black left White... */
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      BgGame *game = bg_game_new_from_position (GAME_ID, NULL, bad[i], &error);

      if (i == 5)
        {
          /* ...in check: legal, since White is to move and Black moved last. */
          ck_assert_msg (game != NULL, "%s", error ? error->message : "");
          bg_game_free (game);
          continue;
        }
      ck_assert_msg (game == NULL, "%s", bad[i]);
      ck_assert (error != NULL);
    }
}
END_TEST

START_TEST (test_undo_key)
{
  g_autoptr (BgGame) game = new_game ("prolapsus", NULL);
  guint64 start = bg_game_get_key (game);
  g_autofree char *text = bg_game_to_text (game);

  ck_assert (strstr (text, "To move: White") != NULL);
  ck_assert (strstr (text, "Points lost: White 0, Red 0, Black 0") != NULL);
  tu_play (game, "1-e2-1-e4 2-d2-2-d4 3-g1-3-f3 1-d2-1-d3");
  while (bg_game_can_undo (game))
    bg_game_undo (game);
  ck_assert_uint_eq (bg_game_get_key (game), start);
  /* Same board, different en passant right: different keys. */
  {
    g_autoptr (BgGame) a = new_game ("prolapsus", NULL);
    g_autoptr (BgGame) b = new_game ("prolapsus", NULL);

    tu_play (a, "1-e2-1-e4 2-b1-2-c3 3-b1-3-c3 1-b1-1-c3 2-c3-2-b1 3-c3-3-b1");
    tu_play (b, "1-e2-1-e4");
    ck_assert_uint_ne (bg_game_get_key (a), bg_game_get_key (b));
  }
}
END_TEST

START_TEST (test_repetition)
{
  g_autoptr (BgGame) game = new_game ("hexagonal", NULL);

  for (int i = 0; i < 4; i++)
    tu_play (game, "1-b1-1-c3 2-b1-2-c3 3-b1-3-c3 1-c3-1-b1 2-c3-2-b1 3-c3-3-b1");
  ck_assert (bg_game_has_draw_offer (game));
}
END_TEST

/* Random games: at every ply the incremental key and the setup text agree with a
 * position rebuilt from that text, and every game ends or goes on legally. */
START_TEST (test_random_games)
{
  GRand *rand = g_rand_new_with_seed (7);

  for (int g = 0; g < 12; g++)
    {
      g_autoptr (BgGame) game = new_game (boards[g % 3], NULL);

      for (int ply = 0; ply < 300 && !bg_game_is_over (game); ply++)
        {
          g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
          g_autofree char *setup = bg_game_format_position (game);
          g_autoptr (BgGame) again = new_game (boards[g % 3], setup);
          BgMove move;

          ck_assert_uint_eq (bg_game_get_key (game), bg_game_get_key (again));
          ck_assert_uint_gt (moves->len, 0);
          move = g_array_index (moves, BgMove, g_rand_int_range (rand, 0, moves->len));
          ck_assert (bg_game_play (game, move, NULL));
        }
    }
  g_rand_free (rand);
}
END_TEST

/* Perft from the start. Depth 1: White has 16 pawn moves (8 single, 8 double steps) and
 * 4 knight moves (b1-a3, b1-c3, g1-f3, g1-h3): 20 on every board, since nothing reaches
 * the centre. The camps are four ranks apart, so Red's and Black's first moves do not
 * depend on the moves before: 20 × 20 = 400 and 20³ = 8000. At depth 4 the boards
 * differ. Hexagonal − pax = 760: on pax a White pawn on 1-d4 or 1-e4 cannot take the
 * ring step forward, 2 × 400 moves, except when the square is taken anyway (Black's pawn
 * on 3-e4, Red's on 2-d4: 2 × 20). Prolapsus − hexagonal = 80: the fork lets 1-d4 take
 * on 2-d4 and 3-d4, and 1-e4 on 2-e4 and 3-e4, each when that pawn has double-stepped:
 * 4 × 20. */
START_TEST (test_perft)
{
  static const guint64 expected[3][6] = {
    { 1, 20, 400, 8000, 178080, 3957518 },
    { 1, 20, 400, 8000, 178000, 3952664 },
    { 1, 20, 400, 8000, 177240, 3919968 },
  };

  for (int level = 0; level < 3; level++)
    {
      g_autoptr (BgGame) game = new_game (boards[level], NULL);

      for (guint depth = 0; depth <= 5; depth++)
        ck_assert_msg (bg_game_perft (game, depth) == expected[level][depth],
                       "%s depth %u: %" G_GUINT64_FORMAT, boards[level], depth,
                       bg_game_perft (game, depth));
    }
}
END_TEST

/* Descriptions for front ends */

START_TEST (test_descriptors)
{
  const BgRules *rules = &bg_trichess_rules;

  tu_check_descriptors (rules);
  ck_assert_str_eq (rules->player_names[0], "White");
  ck_assert_str_eq (rules->player_names[1], "Red");
  ck_assert_str_eq (rules->player_names[2], "Black");
  ck_assert_str_eq (rules->options[0].label, "_Board");
  ck_assert_str_eq (rules->options[0].value_labels[2], "Pax (cross obstacle)");
}
END_TEST

START_TEST (test_describe_moves)
{
  const BgRules *rules = &bg_trichess_rules;
  g_autoptr (BgGame) capture = new_game ("prolapsus",
                                         "8/7wK/2wR5/2rN5 " RED_K " " BLACK_K " w");
  g_autoptr (BgGame) promo = new_game ("prolapsus", "8/7wK/8/8 8/2wP5/rK7/8 " BLACK_K " w");
  g_autoptr (BgGame) castle = new_game ("prolapsus", CASTLE_SETUP ("wR3wK2wR/8/8/8", RED_K));
  g_autoptr (BgGame) ep = new_game ("prolapsus", EP_SETUP);
  BgMoveInfo info;

  /* A capture removes the piece taken, on the square the rook lands on */
  info = tu_describe (capture, "1-c3-1-c4");
  tu_assert_move_info (rules, &info, BG_MOVE_MOVES | BG_MOVE_REMOVES, "1-c3", "1-c4", "1-c4",
                       BG_PIECE (0, TC_ROOK), 0);
  info = tu_describe (capture, "1-c3-1-b3");
  tu_assert_move_info (rules, &info, BG_MOVE_MOVES, "1-c3", "1-b3", "", BG_PIECE (0, TC_ROOK),
                       0);
  /* Promotions name the kind promoted to */
  info = tu_describe (promo, "2-c2-2-c1=N");
  tu_assert_move_info (rules, &info, BG_MOVE_MOVES | BG_MOVE_PROMOTES, "2-c2", "2-c1", "",
                       BG_PIECE (0, TC_PAWN), TC_KNIGHT);
  info = tu_describe (promo, "2-c2-2-c1=Q");
  ck_assert_int_eq (info.promotion, TC_QUEEN);
  /* Castling is the king's move */
  info = tu_describe (castle, "1-e1-1-c1");
  tu_assert_move_info (rules, &info, BG_MOVE_MOVES, "1-e1", "1-c1", "", BG_PIECE (0, TC_KING),
                       0);
  /* En passant removes the pawn that double-stepped, not what stands where it lands */
  tu_play (ep, "2-e2-2-e4");
  info = tu_describe (ep, "2-f4-2-e3");
  tu_assert_move_info (rules, &info, BG_MOVE_MOVES | BG_MOVE_REMOVES, "2-f4", "2-e3", "2-e4",
                       BG_PIECE (2, TC_PAWN), 0);
  /* Not legal: a promotion without its piece, a king two squares away, Red's piece */
  tu_check_describe_illegal (promo, "2-c2-2-c1");
  tu_check_describe_illegal (capture, "1-h2-1-h4");
  tu_check_describe_illegal (capture, "1-c4-1-b2");
}
END_TEST

/* Why a click or a move is refused: a piece that is not the mover's or has no move, a
 * square out of reach, castling without its rights, its room or through check, a pinned
 * piece, a king in check or walking into it, the non-aggression rule, a promotion. */
START_TEST (test_explain)
{
  g_autoptr (BgGame) start = new_game ("prolapsus", NULL);
  /* Red's rooks on 1-d4 and 1-e4: White's bishop is pinned, d1 and d2 are attacked. */
  g_autoptr (BgGame) pinned = new_game ("prolapsus", "4wK3/4wB3/8/3rRrR3 7rK/8/8/8 "
                                        "bK7/8/8/8 w");
  /* White in check on the e file; the knight cannot block it. */
  g_autoptr (BgGame) check = new_game ("pax", "4wK3/1wN6/8/4rR3 7rK/8/8/8 bK7/8/8/8 w");
  /* Red has lost 4 points more than White: its pawn on 2-a3 is protected. */
  g_autoptr (BgGame) sheet = new_game ("prolapsus", "4wK3/8/8/8 wR7/7rK/rP7/8 "
                                       "4bK3/8/8/8 w -/-/- - 0/4/0");
  /* Red's rook on 1-f4 attacks f1, which the king crosses to castle. */
  g_autoptr (BgGame) castle = new_game ("prolapsus", "4wK2wR/8/8/5rR2 4rK3/8/8/8 "
                                        "4bK3/8/8/8 w K/-/-");
  g_autoptr (BgGame) promo = new_game ("prolapsus", "8/7wK/8/8 8/2wP5/rK7/8 " BLACK_K " w");

  tu_assert_explain (start, "1-e2", NULL);
  tu_assert_explain (start, "2-e2", "The piece on 2-e2 is not yours.");
  tu_assert_explain (start, "1-e3", "There is no piece on 1-e3: choose one of yours to move.");
  tu_assert_explain (start, "1-a1", "The piece on 1-a1 has nowhere to go.");
  tu_assert_explain (start, "1-b1 1-b3", "The piece on 1-b1 cannot go to 1-b3.");
  tu_assert_explain (start, "1-b1 1-a1", "The piece on 1-a1 has nowhere to go.");
  tu_assert_explain_move (start, "1-e1-1-g1", "To castle, the squares between the king and "
                          "the rook must be empty.");
  tu_assert_explain_move (start, "1-e1-1-c1", "To castle, the squares between the king and "
                          "the rook must be empty.");
  tu_assert_explain_move (start, "1-b1-1-d2", "You cannot take one of your own pieces.");
  tu_assert_explain_move (start, "1-e2-1-e4", NULL);

  tu_assert_explain (pinned, "1-e2", "The piece on 1-e2 cannot move without leaving your "
                     "king in check.");
  tu_assert_explain (pinned, "1-e1 1-e2", "The piece on 1-e2 cannot move without leaving "
                     "your king in check.");
  tu_assert_explain (pinned, "1-e1 1-d1", "Your king would be in check on 1-d1.");
  tu_assert_explain (pinned, "1-e1 1-f1", NULL);
  tu_assert_explain_move (pinned, "1-e2-1-d3", "This move would leave your king in check.");
  tu_assert_explain_move (pinned, "1-e1-1-e3", "The piece on 1-e1 cannot go to 1-e3.");

  tu_assert_explain (check, "1-b2", "Your king is in check, and the piece on 1-b2 cannot "
                     "parry it.");
  tu_assert_explain_move (check, "1-b2-1-c4", "Your king is in check: this move does not "
                          "parry it.");
  tu_assert_explain_move (check, "1-e1-1-e2", "Your king would be in check on 1-e2.");

  tu_assert_explain (sheet, "2-a1 2-a3", "Non-aggression rule: Red has lost 4 points more "
                     "than you, so you may take in Red’s camp only by checking Red’s king.");
  tu_assert_explain (sheet, "2-a1 2-a2", NULL);

  tu_assert_explain (castle, "1-e1 1-f1", "Your king would be in check on 1-f1.");
  tu_assert_explain_move (castle, "1-e1-1-g1", "The king may not castle out of, through or "
                          "into check.");
  tu_assert_explain_move (castle, "1-e1-1-c1", "Your king or that rook has already moved: no "
                          "castling on that side.");

  tu_assert_explain (promo, "2-c2 2-c1", NULL);
  tu_assert_explain_move (promo, "2-c2-2-c1", "A pawn that reaches rank 1 of another camp is "
                          "promoted: add =Q, =R, =B or =N.");
  tu_assert_explain_move (promo, "1-h2-1-h3=Q", "Only a pawn that reaches rank 1 of another "
                          "camp is promoted.");
  tu_assert_explain_move (promo, "2-c2-2-c1=Q", NULL);
  tu_assert_explain (promo, "2-c1", "There is no piece on 2-c1: choose one of yours to move.");
}
END_TEST

static Suite *
trichess_suite (void)
{
  Suite *s = suite_create ("trichess");
  TCase *moves = tcase_create ("moves");
  TCase *results = tcase_create ("results");
  TCase *text = tcase_create ("text");
  TCase *perft = tcase_create ("perft");

  tcase_add_test (moves, test_tables_symmetric);
  tcase_add_test (moves, test_piece_counts_d4);
  tcase_add_test (moves, test_piece_counts_seams);
  tcase_add_test (moves, test_pax_exceptions);
  tcase_add_test (moves, test_castling);
  tcase_add_test (moves, test_castling_in_check);
  tcase_add_test (moves, test_en_passant);
  tcase_add_test (moves, test_promotion);
  tcase_add_test (moves, test_self_check);
  tcase_add_test (moves, test_descriptors);
  tcase_add_test (moves, test_describe_moves);
  tcase_add_test (moves, test_explain);
  tcase_add_test (moves, test_move_path);
  tcase_add_test (moves, test_marks);
  suite_add_tcase (s, moves);

  tcase_add_test (results, test_checkmate);
  tcase_add_test (results, test_pat_two_opponents);
  tcase_add_test (results, test_pat_stalemate);
  tcase_add_test (results, test_fat);
  tcase_add_test (results, test_fat_mate);
  tcase_add_test (results, test_non_aggression);
  tcase_add_test (results, test_non_aggression_others);
  tcase_add_test (results, test_repetition);
  suite_add_tcase (s, results);

  tcase_add_test (text, test_notation_round_trip);
  tcase_add_test (text, test_malformed);
  tcase_add_test (text, test_bad_setup);
  tcase_add_test (text, test_undo_key);
  suite_add_tcase (s, text);

  tcase_add_test (perft, test_perft);
  tcase_add_test (perft, test_random_games);
  tcase_set_timeout (perft, 300);
  suite_add_tcase (s, perft);

  return s;
}

int
main (void)
{
  return tu_run_suite (trichess_suite ());
}
