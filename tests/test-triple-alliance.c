/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-triple-alliance.c: tests of the La Triple Alliance rule set
 *
 * The move generator is checked against a naive reference written separately
 * (test-triple-alliance-naive.c: a 5 x 5 array, lines found by scanning), by perft and by
 * random games.
 */

#include <check.h>
#include <string.h>

#include "bg-game.h"
#include "triple-alliance/bg-triple-alliance.h"
#include "test-triple-alliance-naive.h"
#include "test-util.h"

#define GAME_ID "triple-alliance"

#define assert_error(err, dom, c) \
  ck_assert_msg ((err) != NULL && (err)->domain == (dom) && (err)->code == (c), \
                 "expected error %d, got %s (%d)", (c), (err) ? (err)->message : "none", \
                 (err) ? (err)->code : -1)

/* Helpers */

static BgGame *
game_from (const char *setup)
{
  g_autoptr (GError) error = NULL;
  BgGame *game = bg_game_new_from_position (GAME_ID, NULL, setup, &error);

  ck_assert_msg (game != NULL, "setup '%s': %s", setup, error ? error->message : "");
  return game;
}

static BgGame *
game_new (void)
{
  g_autoptr (GError) error = NULL;
  BgGame *game = bg_game_new (GAME_ID, NULL, &error);

  ck_assert_ptr_nonnull (game);
  ck_assert_ptr_null (error);
  return game;
}

static void
play (BgGame     *game,
      const char *text)
{
  g_autoptr (GError) error = NULL;

  ck_assert_msg (bg_game_play_text (game, text, &error), "move %s: %s", text,
                 error ? error->message : "");
}

static gboolean
is_legal_text (const BgGame *game,
               const char   *text)
{
  g_autofree char *all = tu_legal_texts (game);
  g_auto (GStrv) moves = g_strsplit (all, " ", -1);

  return g_strv_contains ((const char *const *) moves, text);
}

/* Positions used by several tests */

/* Movement phase, player 1 to move; c2-c1 makes a1-b1-c1. */
#define POS_WIN_NEXT "p1=a1,b1,c2,e2,d4,a5 p2=b2,d2,b4,c4,e4,d5 hand=0,0 turn=1"
/* Movement phase, player 2 to move and every piece of his is walled in. */
#define POS_BLOCKED "p1=c1,b2,a3,e3,d4,c5 p2=a1,b1,a2,e4,d5,e5 hand=0,0 turn=2"
/* Movement phase, a quiet middle game. */
#define POS_MIDDLE "p1=a1,c1,b2,d3,b4,e5 p2=b1,d2,e2,a4,c4,d5 hand=0,0 turn=2"
/* Placement phase, a few pieces down. */
#define POS_PLACING "p1=a1,b1,b3 p2=d4,e4 hand=3,4 turn=2"

/* The board */

START_TEST (test_lines)
{
  int lines[64][3][2];
  guint n_wins = 0;

  ck_assert_int_eq (ref_lines (lines), 24);

  /* Every set of three points, given to player 1 who has just moved: the rules must
   * see a line of three exactly for the 24 lines of the reference. */
  for (int a = 0; a < 25; a++)
    for (int b = a + 1; b < 25; b++)
      for (int c = b + 1; c < 25; c++)
        {
          int pts[3] = { a, b, c };
          RefPos ref;
          g_autofree char *setup = NULL;
          g_autoptr (BgGame) game = NULL;
          BgStatus status;
          gboolean ref_line;

          if (a == 12 || b == 12 || c == 12)
            continue;
          ref_clear (&ref);
          for (int k = 0; k < 3; k++)
            ref.cell[pts[k] % 5][pts[k] / 5] = 1;
          ref_line = ref_has_line (&ref, 1);
          setup = g_strdup_printf ("p1=%c%c,%c%c,%c%c p2= hand=0,0 turn=2",
                                   'a' + a % 5, '1' + a / 5, 'a' + b % 5, '1' + b / 5,
                                   'a' + c % 5, '1' + c / 5);
          game = game_from (setup);
          status = bg_game_get_status (game);
          ck_assert_int_eq (status.reason == BG_REASON_LINE_OF_THREE, ref_line);
          if (ref_line)
            {
              ck_assert_int_eq (status.result, BG_RESULT_WIN);
              ck_assert_int_eq (status.winner, 0);
              n_wins++;
            }
        }
  ck_assert_uint_eq (n_wins, 24);
}
END_TEST

START_TEST (test_adjacency)
{
  guint degree_sum = 0;

  for (int f = 0; f < 5; f++)
    for (int r = 0; r < 5; r++)
      {
        g_autofree char *setup = NULL;
        g_autoptr (BgGame) game = NULL;
        g_autofree char *core = NULL, *ref_text = NULL;
        RefPos ref;

        if (!ref_exists (f, r))
          continue;
        setup = g_strdup_printf ("p1=%c%c p2= hand=0,0 turn=1", 'a' + f, '1' + r);
        game = game_from (setup);
        ref_from_setup (&ref, setup);
        core = tu_legal_texts (game);
        ref_text = ref_legal_text (&ref);
        ck_assert_str_eq (core, ref_text);
        degree_sum += tu_n_legal (game);
      }
  /* 40 edges of the 5 x 5 grid minus the 4 at the centre, counted from both ends. */
  ck_assert_uint_eq (degree_sum, 72);

  {
    g_autoptr (BgGame) b3 = game_from ("p1=b3 p2= hand=0,0 turn=1");
    g_autoptr (BgGame) c2 = game_from ("p1=c2 p2= hand=0,0 turn=1");
    g_autoptr (BgGame) d3 = game_from ("p1=d3 p2= hand=0,0 turn=1");
    g_autoptr (GError) error = NULL;
    g_autofree char *b3_moves = tu_legal_texts (b3);
    g_autofree char *c2_moves = tu_legal_texts (c2);
    g_autofree char *d3_moves = tu_legal_texts (d3);

    ck_assert_str_eq (b3_moves, "b3-a3 b3-b2 b3-b4");
    ck_assert_str_eq (c2_moves, "c2-b2 c2-c1 c2-d2");
    ck_assert_str_eq (d3_moves, "d3-d2 d3-d4 d3-e3");
    ck_assert (!bg_game_play_text (b3, "b3-d3", &error));
    assert_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE);
    g_clear_error (&error);
    ck_assert (!bg_game_play_text (c2, "c2-c4", &error));
    assert_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE);
    g_clear_error (&error);
    ck_assert (!bg_game_play_text (d3, "d3-b3", &error));
    assert_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE);
  }
}
END_TEST

/* Placement */

START_TEST (test_placement_restriction)
{
  g_autoptr (BgGame) game = game_from ("p1=a1,b1,a3 p2=d4,e4,d2 hand=3,3 turn=1");
  g_autoptr (GError) error = NULL;
  g_autofree char *before = bg_game_to_text (game);
  g_autofree char *after = NULL;
  guint64 key = bg_game_get_key (game);

  /* 18 empty points; c1 (a1-b1-c1) and a2 (a1-a2-a3) are forbidden to player 1. */
  ck_assert_uint_eq (tu_n_legal (game), 16);
  ck_assert (!is_legal_text (game, "c1"));
  ck_assert (!is_legal_text (game, "a2"));
  ck_assert (is_legal_text (game, "c4"));   /* forbidden to player 2 only */
  ck_assert (!bg_game_play_text (game, "c1", &error));
  assert_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  ck_assert (!bg_game_play_text (game, "a2", &error));
  assert_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  after = bg_game_to_text (game);
  ck_assert_str_eq (before, after);
  ck_assert_uint_eq (bg_game_get_key (game), key);

  /* Player 2 after c4: d3 (d2-d3-d4) is forbidden to him; the reference agrees on the
   * rest. */
  play (game, "c4");
  {
    RefPos ref;
    g_autofree char *setup = bg_game_format_position (game);
    g_autofree char *core = tu_legal_texts (game);
    g_autofree char *ref_text = NULL;

    ref_from_setup (&ref, setup);
    ref_text = ref_legal_text (&ref);
    ck_assert_str_eq (core, ref_text);
    ck_assert (!is_legal_text (game, "d3"));  /* d2-d3-d4 */
  }
}
END_TEST

START_TEST (test_placement_to_movement)
{
  g_autoptr (BgGame) game = game_new ();
  const char *placements[] = { "a1", "e5", "b1", "d5", "a2", "e4",
                               "c2", "c4", "d1", "b5", "e2", "a4" };

  for (guint i = 0; i < G_N_ELEMENTS (placements); i++)
    {
      ck_assert_int_eq (bg_game_get_player_to_move (game), i % 2);
      play (game, placements[i]);
    }
  {
    g_autofree char *setup = bg_game_format_position (game);

    ck_assert_str_eq (setup, "p1=a1,b1,d1,a2,c2,e2 p2=a4,c4,e4,b5,d5,e5 hand=0,0 turn=1");
  }
  ck_assert_int_eq (bg_game_get_status (game).result, BG_RESULT_ONGOING);
  /* Now only steps. */
  ck_assert (is_legal_text (game, "b1-c1"));
  ck_assert (!is_legal_text (game, "c1"));
  ck_assert_uint_eq (tu_n_legal (game), 13);
}
END_TEST

/* Movement and the end of the game */

START_TEST (test_movement_counts)
{
  static const struct
  {
    const char *setup;
    guint n;
  } cases[] = {
    { POS_WIN_NEXT, 8 },
    { POS_MIDDLE, 10 },
    { "p1=a1,c1,b2,d3,b4,e5 p2=b1,d2,e2,a4,c4,d5 hand=0,0 turn=1", 11 },
    { POS_BLOCKED, 0 },
    { "p1=c1,b2,a3,e3,d4,c5 p2=a1,b1,a2,e4,d5,e5 hand=0,0 turn=1", 12 },
    { POS_PLACING, 18 },  /* 19 empty points but c4 (c4-d4-e4) */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (BgGame) game = game_from (cases[i].setup);
      g_autofree char *core = tu_legal_texts (game);
      g_autofree char *ref_text = NULL;
      RefPos ref;

      ref_from_setup (&ref, cases[i].setup);
      ref_text = ref_legal_text (&ref);
      ck_assert_str_eq (core, ref_text);
      ck_assert_msg (tu_n_legal (game) == cases[i].n, "%s: %u legal moves, expected %u",
                     cases[i].setup, tu_n_legal (game), cases[i].n);
    }
}
END_TEST

START_TEST (test_win_line_of_three)
{
  g_autoptr (BgGame) game = game_from (POS_WIN_NEXT);
  g_autoptr (GError) error = NULL;
  BgStatus status;

  ck_assert_int_eq (bg_game_get_status (game).result, BG_RESULT_ONGOING);
  play (game, "c2-c1");
  status = bg_game_get_status (game);
  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (status.winner, 0);
  ck_assert_int_eq (status.reason, BG_REASON_LINE_OF_THREE);
  ck_assert (bg_game_is_over (game));
  ck_assert_uint_eq (tu_n_legal (game), 0);
  ck_assert_uint_eq (bg_game_perft (game, 1), 0);
  ck_assert (!bg_game_play_text (game, "d2-c2", &error));
  assert_error (error, BG_ERROR, BG_ERROR_GAME_OVER);

  /* Player 2 wins the same way with c5-c4 (a4-b4-c4). */
  {
    g_autoptr (BgGame) dark = game_from ("p1=a1,b1,d1,a2,c2,e2 p2=d3,a4,b4,e4,c5,e5 "
                                         "hand=0,0 turn=2");

    ck_assert_int_eq (bg_game_get_status (dark).result, BG_RESULT_ONGOING);
    play (dark, "c5-c4");
    status = bg_game_get_status (dark);
    ck_assert_int_eq (status.result, BG_RESULT_WIN);
    ck_assert_int_eq (status.winner, 1);
    ck_assert_int_eq (status.reason, BG_REASON_LINE_OF_THREE);
    ck_assert_uint_eq (tu_n_legal (dark), 0);
  }
}
END_TEST

/* The line that won is marked, nothing before; a step that makes four in a row marks both
 * lines of three. */
START_TEST (test_marks)
{
  g_autoptr (BgGame) game = game_from (POS_WIN_NEXT);
  g_autoptr (BgGame) dark = game_from ("p1=a1,b1,d1,a2,c2,e2 p2=d3,a4,b4,e4,c5,e5 "
                                       "hand=0,0 turn=2");
  g_autoptr (BgGame) four = game_from ("p1=a1,b1,d1,c2,e4,a5 p2=b2,d2,b4,c4,d5,e5 "
                                       "hand=0,0 turn=1");
  g_autoptr (BgGame) start = game_new ();
  g_autofree char *none = tu_marks_text (game);
  g_autofree char *won = NULL, *dark_won = NULL, *both = NULL, *placing = NULL;
  g_autofree char *path = NULL, *placement = NULL;

  ck_assert_str_eq (none, "");
  path = tu_path_text (game, "c2-c1");
  ck_assert_str_eq (path, "c2 c1");
  play (game, "c2-c1");
  won = tu_marks_text (game);
  ck_assert_str_eq (won, "line 1 a1 b1 c1");
  play (dark, "c5-c4");
  dark_won = tu_marks_text (dark);
  ck_assert_str_eq (dark_won, "line 2 a4 b4 c4");
  play (four, "c2-c1");
  both = tu_marks_text (four);
  ck_assert_str_eq (both, "line 1 a1 b1 c1, line 1 b1 c1 d1");
  /* Placements make no line; their path is their point. */
  placement = tu_path_text (start, "b2");
  ck_assert_str_eq (placement, "b2");
  play (start, "b2");
  placing = tu_marks_text (start);
  ck_assert_str_eq (placing, "");
}
END_TEST

START_TEST (test_blocked_loses)
{
  g_autoptr (BgGame) game = game_from (POS_BLOCKED);
  BgStatus status = bg_game_get_status (game);

  ck_assert_uint_eq (tu_n_legal (game), 0);
  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (status.winner, 0);
  ck_assert_int_eq (status.loser, 1);
  ck_assert_int_eq (status.reason, BG_REASON_NO_MOVE);
}
END_TEST

START_TEST (test_repetition)
{
  g_autoptr (BgGame) game = game_from (POS_MIDDLE);
  guint64 key = bg_game_get_key (game);

  for (int i = 0; i < 4; i++)
    {
      ck_assert (!bg_game_has_draw_offer (game));
      play (game, "a4-a5");
      play (game, "b4-b5");
      play (game, "a5-a4");
      play (game, "b5-b4");
      ck_assert_uint_eq (bg_game_get_key (game), key);
    }
  ck_assert_uint_eq (bg_game_get_repetitions (game), 5);
  ck_assert (bg_game_has_draw_offer (game));
}
END_TEST

/* Undo, keys and position text */

START_TEST (test_undo)
{
  g_autoptr (BgGame) game = game_new ();
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  const char *moves[] = { "a1", "e5", "b1", "d5", "a2", "e4", "c2", "c4", "d1", "b5",
                          "e2", "a4", "e2-e1", "a4-a3", "d1-d2", "b5-b4" };

  for (guint i = 0; i <= G_N_ELEMENTS (moves); i++)
    {
      guint64 key = bg_game_get_key (game);
      g_autofree char *setup = bg_game_format_position (game);
      g_autoptr (BgGame) copy = game_from (setup);
      g_autofree char *copy_setup = bg_game_format_position (copy);

      /* The key kept by play() equals the one computed from scratch. */
      ck_assert_uint_eq (bg_game_get_key (copy), key);
      ck_assert_str_eq (copy_setup, setup);
      g_array_append_val (keys, key);
      g_ptr_array_add (texts, bg_game_to_text (game));
      if (i < G_N_ELEMENTS (moves))
        play (game, moves[i]);
    }
  for (guint i = G_N_ELEMENTS (moves); i > 0; i--)
    {
      g_autofree char *text = NULL;

      ck_assert (bg_game_undo (game));
      text = bg_game_to_text (game);
      ck_assert_uint_eq (bg_game_get_key (game), g_array_index (keys, guint64, i - 1));
      ck_assert_str_eq (text, texts->pdata[i - 1]);
    }
  ck_assert (!bg_game_undo (game));

  /* Keys tell apart the side to move and the pieces in hand. */
  {
    g_autoptr (BgGame) a = game_from ("p1=a1 p2=e5 hand=5,5 turn=1");
    g_autoptr (BgGame) b = game_from ("p1=a1 p2=e5 hand=5,5 turn=2");
    g_autoptr (BgGame) c = game_from ("p1=a1 p2=e5 hand=4,4 turn=1");

    ck_assert_uint_ne (bg_game_get_key (a), bg_game_get_key (b));
    ck_assert_uint_ne (bg_game_get_key (a), bg_game_get_key (c));
  }
}
END_TEST

START_TEST (test_position_text)
{
  static const char *const bad[] = {
    "p1=a1,c3 p2= hand=5,6 turn=2",          /* no c3 */
    "p1=f1 p2= hand=5,6 turn=2",             /* no f1 */
    "p1=a1 p2=a1 hand=5,5 turn=1",           /* overlap */
    "p1=a1,b1,c1,d1,e1,a2,b2 p2= hand=0,0 turn=1",  /* 7 pieces */
    "p1=a1,b1 p2= hand=5,6 turn=2",          /* 8 pieces with the hand */
    "p1=a1 p2=e5 hand=5,5",                  /* no turn */
    "p1=a1 p2=e5 turn=1",                    /* no hand */
    "p1=a1 p2=e5 hand=5,5 turn=3",
    "p1=a1 p2=e5 hand=5,x turn=1",
    "p1=a1 p2=e5 hand=5,5 turn=1 colour=red",
    "p1=a1 p2= hand=5,6 turn=1",             /* player 2 must place now */
    "p1=a1,b1,c1 p2=e5 hand=3,4 turn=2",     /* a line while placing */
    "p1=a1,b1,c1 p2=e5 hand=0,0 turn=1",     /* the player to move has a line */
    "p1=a1,,b1 p2= hand=0,0 turn=1",
    "garbage",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (BgGame) game = bg_game_new_from_position (GAME_ID, NULL, bad[i], &error);

      ck_assert_msg (game == NULL, "'%s' was accepted", bad[i]);
      assert_error (error, BG_ERROR, BG_ERROR_BAD_OPTION);
      ck_assert (error->message[0] != '\0');
    }

  {
    g_autoptr (BgGame) game = game_from ("  P1=B2,a1  p2=d4 hand=4,5 turn=2 ");
    g_autofree char *setup = bg_game_format_position (game);
    g_autofree char *text = bg_game_to_text (game);

    ck_assert_str_eq (setup, "p1=a1,b2 p2=d4 hand=4,5 turn=2");
    ck_assert_str_eq (text,
                      "5  . . . . .\n"
                      "4  . . . 2 .\n"
                      "3  . .   . .\n"
                      "2  . 1 . . .\n"
                      "1  1 . . . .\n"
                      "   a b c d e\n"
                      "placement phase; in hand: 1=4 2=5; player 2 to move\n");
  }
  {
    g_autoptr (BgGame) game = game_new ();
    g_autofree char *setup = bg_game_format_position (game);

    ck_assert_str_eq (setup, "p1= p2= hand=6,6 turn=1");
  }
}
END_TEST

/* Notation */

START_TEST (test_notation_round_trip)
{
  const char *setups[] = { POS_PLACING, POS_WIN_NEXT, POS_MIDDLE,
                           "p1=c1,b2,a3,e3,d4,c5 p2=a1,b1,a2,e4,d5,e5 hand=0,0 turn=1" };
  guint total = 0;

  for (guint s = 0; s <= G_N_ELEMENTS (setups); s++)
    {
      g_autoptr (BgGame) game = s < G_N_ELEMENTS (setups) ? game_from (setups[s]) : game_new ();
      g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

      for (guint i = 0; i < moves->len; i++)
        {
          BgMove move = g_array_index (moves, BgMove, i), parsed = BG_MOVE_NONE;
          g_autofree char *text = bg_game_format_move (game, move);
          g_autofree char *upper = g_ascii_strup (text, -1);
          g_autofree char *spaced = g_strdup_printf ("  %s\t", upper);
          g_autoptr (GError) error = NULL;

          ck_assert_uint_ne (move, BG_MOVE_NONE);
          ck_assert (bg_game_parse_move (game, text, &parsed, &error));
          ck_assert_uint_eq (parsed, move);
          parsed = BG_MOVE_NONE;
          ck_assert (bg_game_parse_move (game, spaced, &parsed, &error));
          ck_assert_uint_eq (parsed, move);
          ck_assert (bg_triple_alliance_rules.parse_move (bg_game_get_position (game), upper,
                                                          &parsed, &error));
          ck_assert_uint_eq (parsed, move);
          total++;
        }
    }
  ck_assert_uint_eq (total, 18 + 8 + 10 + 12 + 24);
}
END_TEST

START_TEST (test_malformed)
{
  static const struct
  {
    const char *text;
    const char *in_message;
  } cases[] = {
    { "c3", "c3" },
    { "f1", "f1" },
    { "a1-", "a1-" },
    { "zz", "zz" },
    { "a6", "a6" },
    { "b2-c3", "c3" },
    { "b2+b3", "+b3" },
    { "b2-b3-b4", "-b4" },
    { "b22", "b22" },
    { "-", "-" },
  };
  g_autoptr (BgGame) game = game_from (POS_PLACING);
  g_autofree char *text_before = bg_game_to_text (game);
  guint64 key = bg_game_get_key (game);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text_after = NULL;
      BgMove move;

      ck_assert_msg (!bg_game_play_text (game, cases[i].text, &error), "%s", cases[i].text);
      assert_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE);
      ck_assert_msg (strstr (error->message, cases[i].in_message) != NULL,
                     "message for '%s': %s", cases[i].text, error->message);
      g_clear_error (&error);
      ck_assert (!bg_triple_alliance_rules.parse_move (bg_game_get_position (game),
                                                       cases[i].text, &move, &error));
      assert_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE);
      text_after = bg_game_to_text (game);
      ck_assert_str_eq (text_after, text_before);
      ck_assert_uint_eq (bg_game_get_key (game), key);
      ck_assert_uint_eq (bg_game_get_n_played (game), 0);
    }

  /* Well-formed but not legal here: a step during placement, an occupied point. */
  {
    g_autoptr (GError) error = NULL;

    ck_assert (!bg_game_play_text (game, "d4-d3", &error));
    assert_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE);
    g_clear_error (&error);
    ck_assert (!bg_game_play_text (game, "a1", &error));
    assert_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE);
  }
}
END_TEST

/* Options */

START_TEST (test_first_option)
{
  g_autoptr (GHashTable) options = bg_options_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) game = NULL;
  g_autoptr (BgGame) bad = NULL;
  g_autoptr (BgGame) light = game_new ();

  ck_assert_int_eq (bg_game_get_player_to_move (light), 0);
  g_hash_table_insert (options, g_strdup ("first"), g_strdup ("2"));
  game = bg_game_new (GAME_ID, options, &error);
  ck_assert_ptr_nonnull (game);
  ck_assert_int_eq (bg_game_get_player_to_move (game), 1);
  play (game, "c2");
  ck_assert_int_eq (bg_game_get_played_player (game, 0), 1);
  ck_assert_int_eq (bg_game_get_player_to_move (game), 0);
  {
    g_autofree char *setup = bg_game_format_position (game);

    ck_assert_str_eq (setup, "p1= p2=c2 hand=6,5 turn=1");
  }
  ck_assert_uint_eq (bg_game_perft (game, 2), 23 * 22);

  g_hash_table_insert (options, g_strdup ("first"), g_strdup ("3"));
  bad = bg_game_new (GAME_ID, options, &error);
  ck_assert_ptr_null (bad);
  assert_error (error, BG_ERROR, BG_ERROR_BAD_OPTION);
}
END_TEST

/* Evaluation */

START_TEST (test_evaluate)
{
  const char *setups[] = { POS_PLACING, POS_WIN_NEXT, POS_MIDDLE, POS_BLOCKED };

  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      g_autoptr (BgGame) game = game_from (setups[i]);
      const void *pos = bg_game_get_position (game);
      int e0 = bg_triple_alliance_rules.evaluate (pos, 0);
      int e1 = bg_triple_alliance_rules.evaluate (pos, 1);

      ck_assert_int_eq (e0, -e1);
      ck_assert_int_lt (ABS (e0), BG_SCORE_WIN_MIN / 10);
    }
  {
    /* Player 1 to move completes a line next: clearly better for him. */
    g_autoptr (BgGame) game = game_from (POS_WIN_NEXT);

    ck_assert_int_gt (bg_triple_alliance_rules.evaluate (bg_game_get_position (game), 0), 500);
  }
}
END_TEST

/* Perft and random games against the reference */

static void
check_perft (const char    *setup,
             const guint64 *expected,
             guint          max_depth,
             guint          ref_depth)
{
  g_autoptr (BgGame) game = setup ? game_from (setup) : game_new ();
  RefPos ref;

  if (setup)
    ref_from_setup (&ref, setup);
  else
    ref_from_setup (&ref, "p1= p2= hand=6,6 turn=1");
  for (guint depth = 1; depth <= max_depth; depth++)
    {
      guint64 n = bg_game_perft (game, depth);

      if (g_getenv ("TA_PRINT_PERFT"))
        g_printerr ("%s depth %u: %" G_GUINT64_FORMAT "\n", setup ? setup : "start", depth, n);
      if (depth <= ref_depth)
        ck_assert_uint_eq (ref_perft (&ref, depth), n);
      ck_assert_msg (n == expected[depth - 1], "%s: perft %u = %" G_GUINT64_FORMAT
                     ", expected %" G_GUINT64_FORMAT, setup ? setup : "start", depth, n,
                     expected[depth - 1]);
    }
}

START_TEST (test_perft_start)
{
  static const guint64 expected[] = { 24, 552, 12144, 255024, 5040000, 94626432,
                                      G_GUINT64_CONSTANT (1644651648) };
  /* Depth 7 takes seconds; 8 is 27001507968 (two minutes). */
  guint depth = g_getenv ("TA_DEEP_PERFT") ? 7 : 6;

  check_perft (NULL, expected, depth, 5);
}
END_TEST

START_TEST (test_perft_movement)
{
  static const guint64 win_next[] = { 8, 85, 758, 8132, 73849, 785901, 7252866 };
  static const guint64 middle[] = { 10, 112, 1172, 12292, 129185, 1325188, 13819581 };
  static const guint64 end_of_placement[] = { 12, 121, 1286, 12766, 127335, 1285584,
                                              12650224 };

  check_perft (POS_WIN_NEXT, win_next, G_N_ELEMENTS (win_next), 6);
  check_perft (POS_MIDDLE, middle, G_N_ELEMENTS (middle), 6);
  check_perft ("p1=a1,c1,b2,d3,b4 p2=b1,d2,e2,a4,c4,d5 hand=1,0 turn=1", end_of_placement,
               G_N_ELEMENTS (end_of_placement), 6);
}
END_TEST

START_TEST (test_random_games)
{
  GRand *rand = g_rand_new_with_seed (1890);
  guint n_lines = 0;

  for (int g = 0; g < 300; g++)
    {
      g_autoptr (BgGame) game = game_new ();
      RefPos ref;

      ref_from_setup (&ref, "p1= p2= hand=6,6 turn=1");
      for (int ply = 0; ply < 120; ply++)
        {
          g_autofree char *core = tu_legal_texts (game);
          g_autofree char *ref_text = ref_legal_text (&ref);
          g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
          RefMove ref_moves_buf[64];
          BgMove move;
          g_autofree char *move_text = NULL;
          BgStatus status = bg_game_get_status (game);

          ck_assert_str_eq (core, ref_text);
          if (moves->len == 0)
            {
              gboolean line = ref_has_line (&ref, 1) || ref_has_line (&ref, 2);

              ck_assert_int_eq (status.result, BG_RESULT_WIN);
              ck_assert_int_eq (status.reason,
                                line ? BG_REASON_LINE_OF_THREE : BG_REASON_NO_MOVE);
              /* Either way the player who just moved wins. */
              ck_assert_int_eq (status.winner, 2 - ref.turn);
              n_lines += line;
              break;
            }
          ck_assert_int_eq (status.result, BG_RESULT_ONGOING);
          move = g_array_index (moves, BgMove, g_rand_int_range (rand, 0, moves->len));
          move_text = bg_game_format_move (game, move);
          play (game, move_text);
          for (int i = 0, n = ref_moves (&ref, ref_moves_buf); i < n; i++)
            {
              g_autofree char *t = ref_move_text (&ref_moves_buf[i]);

              if (g_str_equal (t, move_text))
                {
                  ref_play (&ref, &ref_moves_buf[i]);
                  break;
                }
            }
        }
    }
  g_rand_free (rand);
  ck_assert_uint_gt (n_lines, 0);
}
END_TEST

/* Descriptions for front ends */

START_TEST (test_descriptors)
{
  const BgRules *rules = &bg_triple_alliance_rules;

  tu_check_descriptors (rules);
  ck_assert_str_eq (rules->name, "La Triple Alliance");
  ck_assert_str_eq (rules->player_names[0], "Light");
  ck_assert_str_eq (rules->player_names[1], "Dark");
  ck_assert_str_eq (rules->options[0].label, "_Who starts");
  /* Who starts names the colours, as the seats are named. */
  ck_assert_str_eq (rules->options[0].value_labels[0], rules->player_names[0]);
  ck_assert_str_eq (rules->options[0].value_labels[1], "Dark");
  ck_assert_ptr_null (rules->title);
}
END_TEST

START_TEST (test_describe_moves)
{
  const BgRules *rules = &bg_triple_alliance_rules;
  g_autoptr (BgGame) start = tu_new_game (GAME_ID, NULL, NULL);
  g_autoptr (BgGame) steps = tu_new_game (GAME_ID, NULL,
                                          "p1=a1,a5,e1 p2=b4,d2,e5 hand=0,0 turn=1");
  BgMoveInfo info;

  info = tu_describe (start, "b2");
  tu_assert_move_info (rules, &info, BG_MOVE_PLACES, "", "b2", "", BG_PIECE (0, 0), 0);
  info = tu_describe (steps, "a1-a2");
  tu_assert_move_info (rules, &info, BG_MOVE_MOVES, "a1", "a2", "", BG_PIECE (0, 0), 0);
  tu_play (steps, "a1-a2");
  info = tu_describe (steps, "b4-b5");
  tu_assert_move_info (rules, &info, BG_MOVE_MOVES, "b4", "b5", "", BG_PIECE (1, 0), 0);
  /* Not legal: not a neighbour, the other player's piece, a placement when moving */
  tu_check_describe_illegal (steps, "d2-d4");
  tu_check_describe_illegal (steps, "a2-a3");
  tu_check_describe_illegal (steps, "c1");
  ck_assert (bg_game_describe_played (steps, 0, &info));
  tu_assert_move_info (rules, &info, BG_MOVE_MOVES, "a1", "a2", "", BG_PIECE (0, 0), 0);
}
END_TEST

/* Why a click or a move is refused: the placement ban, occupied points, pieces that are
 * not the mover's or cannot move, points out of reach, the phase, the end of the game. */
START_TEST (test_explain)
{
  g_autoptr (BgGame) placing = tu_new_game (GAME_ID, NULL, NULL);
  g_autoptr (BgGame) steps = tu_new_game (GAME_ID, NULL,
                                          "p1=a1,b1,d1,a2,c2,e2 p2=a4,c4,e4,b5,d5,e5 "
                                          "hand=0,0 turn=1");
  g_autoptr (BgGame) won = tu_new_game (GAME_ID, NULL, NULL);

  tu_play (placing, "a1 e5 b1 e4");
  tu_assert_explain (placing, "c1", "While placing, no third piece may go on a line: c1 would "
                     "complete a1–\u2060b1–\u2060c1.");
  tu_assert_explain (placing, "a2", NULL);
  tu_assert_explain (placing, "e5", "There is already a piece on e5.");
  tu_assert_explain (placing, "b1", "Pieces are placed, not moved, until all twelve are on the "
                     "board.");
  tu_assert_explain_move (placing, "c1", "While placing, no third piece may go on a line: c1 "
                          "would complete a1–\u2060b1–\u2060c1.");
  tu_assert_explain_move (placing, "a1-a2", "Pieces are placed, not moved, until all twelve "
                          "are on the board.");
  tu_assert_explain_move (placing, "d1", NULL);
  /* Dark's turn: e3 would complete Dark's e3–e4–e5; c1, barred to Light, is open. */
  tu_play (placing, "d2");
  tu_assert_explain (placing, "e3", "While placing, no third piece may go on a line: e3 would "
                     "complete e3–\u2060e4–\u2060e5.");
  tu_assert_explain (placing, "c1", NULL);

  tu_assert_explain (steps, "a4", "The piece on a4 is not yours.");
  tu_assert_explain (steps, "b3", "There is no piece on b3: choose one of yours to move.");
  tu_assert_explain (steps, "a1", "The piece on a1 cannot move: the points next to it are all "
                     "taken.");
  tu_assert_explain (steps, "c2", NULL);
  tu_assert_explain (steps, "c2 b2", NULL);
  tu_assert_explain (steps, "c2 a3", "a3 is not next to c2: a piece moves one step along a "
                     "line.");
  tu_assert_explain (steps, "e2 e4", "e4 is taken: a piece moves to an empty point.");
  /* Another piece of one's own: when it cannot move, that is the reason given. */
  tu_assert_explain (steps, "c2 a1", "The piece on a1 cannot move: the points next to it are "
                     "all taken.");
  tu_assert_explain_move (steps, "c2-a1", "a1 is taken: a piece moves to an empty point.");
  tu_assert_explain_move (steps, "a4-a3", "The piece on a4 is not yours.");
  tu_assert_explain_move (steps, "b3", "All the pieces are placed: move one of yours one step "
                          "along a line.");
  tu_assert_explain_move (steps, "e2-e3", NULL);

  /* Over: nothing may be chosen. */
  tu_play (won, "b2 b4 d4 b3 d2 c1 b5 a2 e5 d1 e3 a1 e3-d3");
  ck_assert (bg_game_is_over (won));
  {
    g_autoptr (GError) error = NULL;
    guint location = (guint) tu_location (bg_game_get_rules (won), "e3");

    ck_assert (!bg_game_explain_locations (won, &location, 1, &error));
    ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_GAME_OVER));
    ck_assert_str_eq (error->message, "The game is over.");
  }
}
END_TEST

static Suite *
triple_alliance_suite (void)
{
  Suite *s = suite_create ("triple-alliance");
  TCase *rules = tcase_create ("rules");
  TCase *text = tcase_create ("text");
  TCase *perft = tcase_create ("perft");

  tcase_add_test (rules, test_lines);
  tcase_add_test (rules, test_adjacency);
  tcase_add_test (rules, test_placement_restriction);
  tcase_add_test (rules, test_placement_to_movement);
  tcase_add_test (rules, test_movement_counts);
  tcase_add_test (rules, test_win_line_of_three);
  tcase_add_test (rules, test_marks);
  tcase_add_test (rules, test_blocked_loses);
  tcase_add_test (rules, test_repetition);
  tcase_add_test (rules, test_first_option);
  tcase_add_test (rules, test_evaluate);
  tcase_add_test (rules, test_descriptors);
  tcase_add_test (rules, test_describe_moves);
  tcase_add_test (rules, test_explain);
  tcase_set_timeout (rules, 60);
  suite_add_tcase (s, rules);

  tcase_add_test (text, test_undo);
  tcase_add_test (text, test_position_text);
  tcase_add_test (text, test_notation_round_trip);
  tcase_add_test (text, test_malformed);
  suite_add_tcase (s, text);

  tcase_add_test (perft, test_perft_start);
  tcase_add_test (perft, test_perft_movement);
  tcase_add_test (perft, test_random_games);
  tcase_set_timeout (perft, 300);
  suite_add_tcase (s, perft);
  return s;
}

int
main (void)
{
  return tu_run_suite (triple_alliance_suite ());
}
