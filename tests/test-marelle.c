/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-marelle.c: the Marelle triple and nine men's morris rules
 *
 * Concrete positions for every rule, notation and setup round trips, and perft counts
 * checked against a naive reference generator written independently
 * (test-marelle-naive.c: a board of three rings of eight points, arrays and string moves,
 * no bitboards).
 */

#include <check.h>
#include <string.h>

#include "bg-game.h"
#include "marelle/bg-marelle.h"
#include "test-marelle-naive.h"
#include "test-util.h"

/* ---- helpers over the public API ---- */

static BgGame *
game_at (const char *variant,
         const char *setup)
{
  g_autoptr (GHashTable) options = tu_options ("variant", variant, NULL);
  g_autoptr (GError) error = NULL;
  BgGame *game;

  if (setup != NULL)
    game = bg_game_new_from_position ("marelle", options, setup, &error);
  else
    game = bg_game_new ("marelle", options, &error);
  ck_assert_msg (game != NULL, "cannot create game: %s", error ? error->message : "?");
  return game;
}

static gboolean
is_legal_text (const BgGame *game,
               const char   *text)
{
  BgMove move;

  if (!bg_game_parse_move (game, text, &move, NULL))
    return FALSE;
  return bg_game_is_legal (game, move);
}

static void
play (BgGame     *game,
      const char *text)
{
  g_autoptr (GError) error = NULL;

  ck_assert_msg (bg_game_play_text (game, text, &error), "playing %s: %s", text,
                 error ? error->message : "?");
}

static void
assert_setup (const BgGame *game,
              const char   *expected)
{
  g_autofree char *text = bg_game_format_position (game);

  ck_assert_str_eq (text, expected);
}

/* ---- the engine position, through bg_marelle_rules directly ---- */

static const BgRules *R = &bg_marelle_rules;

static void *
engine_setup (const char *text, gboolean standard)
{
  g_autoptr (GHashTable) options = tu_options ("variant", standard ? "standard" : "triple",
                                                "first", "1", NULL);
  void *pos = g_malloc0 (R->position_size);

  ck_assert (R->init (pos, options, NULL));
  ck_assert (R->parse_position (pos, options, text, NULL));
  return pos;
}

/* Checks move lists, positions and keys agree node by node down to depth. */
static void
compare_tree (const Naive *n, const void *pos, int depth, gboolean standard)
{
  g_autofree NaiveMove *nmoves = g_new (NaiveMove, 1024);
  g_autofree BgMove *emoves = g_new (BgMove, R->max_moves);
  g_autofree char *ntext = naive_format (n);
  g_autofree char *etext = R->format_position (pos);
  g_autofree void *fresh = engine_setup (etext, standard);
  int nlen = naive_moves (n, nmoves);
  guint elen = R->legal_moves (pos, emoves);
  g_autoptr (GPtrArray) na = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) ea = g_ptr_array_new_with_free_func (g_free);

  ck_assert_str_eq (etext, ntext);
  ck_assert_msg (R->key (pos) == R->key (fresh), "incremental key differs at %s", etext);
  ck_assert_msg ((guint) nlen == elen, "%u moves instead of %d at %s", elen, nlen, etext);
  for (int i = 0; i < nlen; i++)
    {
      char buf[32];

      naive_move_text (nmoves[i], buf);
      g_ptr_array_add (na, g_strdup (buf));
      R->format_move (pos, emoves[i], buf, sizeof buf);
      g_ptr_array_add (ea, g_strdup (buf));
    }
  g_ptr_array_sort (na, tu_compare_strings);
  g_ptr_array_sort (ea, tu_compare_strings);
  for (int i = 0; i < nlen; i++)
    ck_assert_str_eq (g_ptr_array_index (ea, i), g_ptr_array_index (na, i));
  if (depth <= 1)
    return;
  for (int i = 0; i < nlen; i++)
    {
      g_autofree void *child = g_memdup2 (pos, R->position_size);
      Naive nchild = *n;
      char buf[32];
      BgMove move;

      naive_move_text (nmoves[i], buf);
      ck_assert (R->parse_move (pos, buf, &move, NULL));
      R->play (child, move);
      naive_play (&nchild, nmoves[i]);
      compare_tree (&nchild, child, depth - 1, standard);
    }
}

/* ---- positions ---- */

static const char *const START = "p1= p2= hand=9,9 turn=1";
static const char *const MIDGAMES[] = {
  /* placement with mills ready for both */
  "p1=a1,d1,b2,f2,c4 p2=g1,a4,d5,e4,b6 hand=4,4 turn=1",
  /* movement, eight against eight */
  "p1=a1,g1,d2,b4,f4,c5,d6,e5 p2=d1,a4,g4,b6,f6,d7,c3,e3 hand=0,0 turn=1",
  /* four against seven: flies in triple only */
  "p1=a1,d1,g4,c5 p2=a7,d7,b4,f2,e3,d6,c3 hand=0,0 turn=1",
  /* three against six with a mill to protect */
  "p1=a1,d1,e4 p2=a7,d7,g7,b6,f4,c3 hand=0,0 turn=2",
};

/* ---- tests ---- */

START_TEST (test_start)
{
  g_autoptr (BgGame) game = game_at ("triple", NULL);
  g_autofree char *picture = bg_game_to_text (game);

  assert_setup (game, START);
  ck_assert_int_eq (bg_game_get_player_to_move (game), 0);
  ck_assert_int_eq (bg_game_get_n_players (game), 2);
  ck_assert_uint_eq (tu_n_legal (game), 24);
  ck_assert_int_eq (bg_game_get_status (game).result, BG_RESULT_ONGOING);
  ck_assert_ptr_nonnull (strstr (picture, "7  .-----------.-----------."));
  ck_assert_ptr_nonnull (strstr (picture, "   a   b   c   d   e   f   g"));
  ck_assert_ptr_nonnull (strstr (picture, "\\"));  /* the diagonals are drawn */
  ck_assert_str_eq (bg_marelle_rules.id, "marelle");
  ck_assert_str_eq (bg_marelle_rules.name, "Marelle Triple");
}
END_TEST

START_TEST (test_first_option)
{
  g_autoptr (GHashTable) options = tu_options ("variant", "standard", "first", "2", NULL);
  g_autoptr (BgGame) game = NULL;
  g_autofree char *picture = NULL;

  game = bg_game_new ("marelle", options, NULL);
  ck_assert_ptr_nonnull (game);
  ck_assert_int_eq (bg_game_get_player_to_move (game), 1);
  play (game, "d6");
  assert_setup (game, "p1= p2=d6 hand=9,8 turn=1");
  picture = bg_game_to_text (game);
  ck_assert_ptr_null (strstr (picture, "\\"));  /* no diagonals in standard */
  ck_assert_ptr_nonnull (strstr (picture, "6  |   .-------B-------.   |"));
}
END_TEST

START_TEST (test_placement_mill)
{
  g_autoptr (BgGame) game = game_at ("triple", "p1=a1,d1 p2=b2,d2 hand=7,7 turn=1");

  /* 20 empty points; g1 closes a mill and gives one move per removable piece */
  ck_assert_uint_eq (tu_n_legal (game), 19 + 2);
  ck_assert (is_legal_text (game, "g1xb2"));
  ck_assert (is_legal_text (game, "g1xd2"));
  ck_assert (!is_legal_text (game, "g1"));
  ck_assert (!is_legal_text (game, "a4xb2"));
  play (game, "g1xd2");
  assert_setup (game, "p1=a1,d1,g1 p2=b2 hand=6,7 turn=2");
}
END_TEST

START_TEST (test_movement_mill)
{
  g_autoptr (BgGame) game =
    game_at ("standard", "p1=a1,d1,g4,c4,c5,e3 p2=a7,d7,b6,f6,e4,d5 hand=0,0 turn=1");

  ck_assert_uint_eq (tu_count_prefix (game, "g4-g1x"), 6);
  ck_assert (!is_legal_text (game, "g4-g1"));
  ck_assert (is_legal_text (game, "g4-g7"));
  play (game, "g4-g1xd5");
  assert_setup (game, "p1=a1,d1,g1,e3,c4,c5 p2=e4,b6,f6,a7,d7 hand=0,0 turn=2");
  /* moving out of a mill and back in makes it again */
  play (game, "e4-f4");
  play (game, "g1-g4");
  play (game, "f4-e4");
  ck_assert_uint_eq (tu_count_prefix (game, "g4-g1x"), 5);
  ck_assert (!is_legal_text (game, "g4-g1"));
}
END_TEST

START_TEST (test_removal_triple_any)
{
  g_autoptr (BgGame) game = game_at ("triple", "p1=a1,d1 p2=a7,d7,g7,b6 hand=7,5 turn=1");

  ck_assert_uint_eq (tu_count_prefix (game, "g1x"), 4);
  ck_assert (is_legal_text (game, "g1xd7"));
}
END_TEST

START_TEST (test_removal_standard_protected)
{
  g_autoptr (BgGame) game = game_at ("standard", "p1=a1,d1 p2=a7,d7,g7,b6 hand=7,5 turn=1");
  g_autoptr (BgGame) all = game_at ("standard", "p1=a1,d1 p2=a7,d7,g7 hand=7,6 turn=1");

  ck_assert_uint_eq (tu_count_prefix (game, "g1x"), 1);
  ck_assert (is_legal_text (game, "g1xb6"));
  ck_assert (!is_legal_text (game, "g1xd7"));
  /* all the opponent's pieces are in mills: any may go */
  ck_assert_uint_eq (tu_count_prefix (all, "g1x"), 3);
  ck_assert (is_legal_text (all, "g1xd7"));
}
END_TEST

START_TEST (test_mill_nothing_to_remove)
{
  g_autoptr (BgGame) game = game_at ("triple", "p1=a1,d1 p2= hand=7,9 turn=1");

  ck_assert (is_legal_text (game, "g1"));
  ck_assert_uint_eq (tu_count_prefix (game, "g1"), 1);
  ck_assert_uint_eq (tu_n_legal (game), 22);
}
END_TEST

START_TEST (test_double_mill)
{
  g_autoptr (BgGame) game = game_at ("triple", "p1=a1,g1,d2,d3 p2=a7,d7,b6,f6 hand=5,5 turn=1");

  ck_assert_uint_eq (tu_count_prefix (game, "d1"), 4);
  ck_assert (!is_legal_text (game, "d1"));
  play (game, "d1xb6");
  assert_setup (game, "p1=a1,d1,g1,d2,d3 p2=f6,a7,d7 hand=4,5 turn=2");
}
END_TEST

/* The mill the last move closed is marked (both when it closed two), in either variant,
 * a mill that only stands is not; a move's path is its start and destination, even
 * flying. */
START_TEST (test_marks)
{
  g_autoptr (BgGame) placed = game_at ("triple", "p1=a1,d1 p2=b2,d2 hand=7,7 turn=1");
  g_autoptr (BgGame) twice = game_at ("triple", "p1=a1,g1,d2,d3 p2=a7,d7,b6,f6 hand=5,5 turn=1");
  g_autoptr (BgGame) moved =
    game_at ("standard", "p1=a1,d1,g4,c4,c5,e3 p2=a7,d7,b6,f6,e4,d5 hand=0,0 turn=1");
  g_autoptr (BgGame) diagonal =
    game_at ("triple", "p1=a1,c5,d5,f6,g4 p2=d1,a4,d7,e3,b4 hand=0,0 turn=1");
  g_autoptr (BgGame) flying = game_at ("triple", "p1=a1,d1,c5,f6 p2=a7,d7,b4,e3,f2,g4 "
                                                 "hand=0,0 turn=1");
  g_autofree char *none = tu_marks_text (placed);
  g_autofree char *one = NULL, *two = NULL, *move = NULL, *standing = NULL, *diag = NULL;
  g_autofree char *flight = NULL, *flight_path = NULL, *step_path = NULL;
  g_autofree char *placement_path = NULL;

  ck_assert_str_eq (none, "");
  placement_path = tu_path_text (placed, "g1xd2");
  ck_assert_str_eq (placement_path, "g1");
  play (placed, "g1xd2");
  one = tu_marks_text (placed);
  ck_assert_str_eq (one, "mill 1 a1 d1 g1");
  play (twice, "d1xb6");
  two = tu_marks_text (twice);
  ck_assert_str_eq (two, "mill 1 a1 d1 g1, mill 1 d1 d2 d3");
  step_path = tu_path_text (moved, "g4-g1xd5");
  ck_assert_str_eq (step_path, "g4 g1");
  play (moved, "g4-g1xd5");
  move = tu_marks_text (moved);
  ck_assert_str_eq (move, "mill 1 a1 d1 g1");
  play (moved, "e4-f4");
  standing = tu_marks_text (moved);
  ck_assert_str_eq (standing, "");
  play (diagonal, "f6-e5xd7");
  diag = tu_marks_text (diagonal);
  ck_assert_str_eq (diag, "mill 1 c5 d5 e5");
  flight_path = tu_path_text (flying, "c5-g1xa7");
  ck_assert_str_eq (flight_path, "c5 g1");
  play (flying, "c5-g1xa7");
  flight = tu_marks_text (flying);
  ck_assert_str_eq (flight, "mill 1 a1 d1 g1");
}
END_TEST

START_TEST (test_diagonals)
{
  const char *setup = "p1=a1,c5,d5,f6,g4 p2=d1,a4,d7,e3,b4 hand=0,0 turn=1";
  g_autoptr (BgGame) triple = game_at ("triple", setup);
  g_autoptr (BgGame) standard = game_at ("standard", setup);
  g_autofree char *t = tu_legal_texts (triple);
  g_autofree char *s = tu_legal_texts (standard);

  /* f6-e5 goes along a diagonal and closes c5 d5 e5 */
  ck_assert_str_eq (t, "a1-b2 c5-b6 c5-c4 d5-d6 d5-e5 f6-d6 f6-e5xa4 f6-e5xb4 f6-e5xd1 "
                    "f6-e5xd7 f6-e5xe3 f6-f4 f6-g7 g4-f4 g4-g1 g4-g7");
  ck_assert_str_eq (s, "c5-c4 d5-d6 d5-e5 f6-d6 f6-f4 g4-f4 g4-g1 g4-g7");
}
END_TEST

START_TEST (test_no_mill_on_diagonals)
{
  g_autoptr (BgGame) place = game_at ("triple", "p1=a1,b2 p2=d7,g7 hand=7,7 turn=1");
  g_autoptr (BgGame) move =
    game_at ("triple", "p1=a1,b2,b4,f4,d5 p2=d7,g7,a4,d1,g4 hand=0,0 turn=1");

  ck_assert_uint_eq (tu_count_prefix (place, "c3"), 1);
  ck_assert (is_legal_text (place, "c3"));
  ck_assert (is_legal_text (move, "b4-c4"));
  ck_assert (is_legal_text (move, "d5-c5"));
  ck_assert_uint_eq (tu_count_prefix (move, "b4-"), 1 + 1);   /* b4-c4 and b4-b6 */
  play (move, "b4-c4");
  play (move, "d7-d6");
  ck_assert (is_legal_text (move, "c4-c3"));   /* a1 b2 c3 is a diagonal: no mill */
  ck_assert_uint_eq (tu_count_prefix (move, "c4-c3"), 1);
}
END_TEST

START_TEST (test_flying_triple)
{
  const char *four = "p1=a1,d1,c5,f6 p2=a7,d7,b4,e3,f2,g4 hand=0,0 turn=1";
  const char *five = "p1=a1,d1,c5,f6,d5 p2=a7,d7,b4,e3,f2,g4 hand=0,0 turn=1";
  g_autoptr (BgGame) t4 = game_at ("triple", four);
  g_autoptr (BgGame) t5 = game_at ("triple", five);
  g_autoptr (BgGame) s4 = game_at ("standard", four);

  ck_assert (is_legal_text (t4, "a1-g7"));
  ck_assert (is_legal_text (t4, "c5-g1xa7"));   /* a flight closing a mill */
  ck_assert (!is_legal_text (t5, "a1-g7"));
  ck_assert (!is_legal_text (s4, "a1-g7"));
  ck_assert_uint_eq (tu_count_prefix (t4, "a1-"), 14);
}
END_TEST

START_TEST (test_flying_standard)
{
  g_autoptr (BgGame) s3 = game_at ("standard", "p1=a1,d1,c5 p2=a7,d7,b4,e3,f2,g4 hand=0,0 turn=1");
  g_autoptr (BgGame) hand =
    game_at ("standard", "p1=a1,d1,c5 p2=a7,d7,b4,e3,f2,g4 hand=1,0 turn=1");
  g_autoptr (BgGame) thand =
    game_at ("triple", "p1=a1,d1,c5,f6 p2=a7,d7,b4,e3,f2,g4 hand=1,0 turn=1");
  g_autoptr (GArray) moves = bg_game_get_legal_moves (hand);
  g_autofree char *texts = tu_legal_texts (thand);

  ck_assert (is_legal_text (s3, "a1-g7"));
  ck_assert (is_legal_text (s3, "c5-g1xb4"));
  ck_assert_uint_eq (tu_count_prefix (s3, "a1-"), 15);
  /* a piece in hand: placements only, no flight */
  ck_assert_uint_eq (moves->len, 14 + 6);   /* g1 closes a mill: six removals */
  ck_assert (!is_legal_text (hand, "a1-g7"));
  ck_assert_ptr_null (strchr (texts, '-'));
}
END_TEST

START_TEST (test_two_pieces)
{
  g_autoptr (BgGame) lost = game_at ("triple", "p1=a1,d1 p2=a7,d7,g7,b6 hand=0,0 turn=1");
  g_autoptr (BgGame) game = game_at ("triple", "p1=a1,d1,g4,c5,e5 p2=a7,d6,f6 hand=0,0 turn=1");
  g_autoptr (BgGame) hand = game_at ("standard", "p1=a1,d1 p2=a7 hand=7,2 turn=1");
  BgStatus status = bg_game_get_status (lost);

  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (status.winner, 1);
  ck_assert_int_eq (status.loser, 0);
  ck_assert_int_eq (status.reason, BG_REASON_TWO_PIECES);
  ck_assert_uint_eq (tu_n_legal (lost), 0);
  ck_assert_uint_eq (bg_marelle_rules.legal_moves (bg_game_get_position (lost),
                                                   (BgMove[512]) { 0 }), 0);

  ck_assert (!bg_game_is_over (game));
  play (game, "g4-g1xa7");
  status = bg_game_get_status (game);
  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (status.winner, 0);
  ck_assert_int_eq (status.loser, 1);
  ck_assert_int_eq (status.reason, BG_REASON_TWO_PIECES);
  ck_assert (bg_game_is_over (game));

  /* pieces in hand count: one on the board and two in hand is three */
  ck_assert (!bg_game_is_over (hand));
  play (hand, "g1xa7");
  status = bg_game_get_status (hand);
  ck_assert_int_eq (status.reason, BG_REASON_TWO_PIECES);
  ck_assert_int_eq (status.winner, 0);
}
END_TEST

START_TEST (test_blocked)
{
  const char *setup = "p1=a1,d1,g1,d7 p2=a4,d2,g4,a7,g7,d6 hand=0,0 turn=1";
  g_autoptr (BgGame) standard = game_at ("standard", setup);
  g_autoptr (BgGame) triple = game_at ("triple", setup);
  g_autoptr (BgGame) triple5 =
    game_at ("triple", "p1=a1,d1,g1,d7,a7 p2=a4,d2,g4,g7,d6,b2,f2,b6 hand=0,0 turn=1");
  BgStatus status = bg_game_get_status (standard);

  ck_assert_int_eq (status.result, BG_RESULT_WIN);
  ck_assert_int_eq (status.reason, BG_REASON_NO_MOVE);
  ck_assert_int_eq (status.winner, 1);
  ck_assert_int_eq (status.loser, 0);
  ck_assert (!bg_game_is_over (triple));   /* four pieces fly in triple */
  status = bg_game_get_status (triple5);
  ck_assert_int_eq (status.reason, BG_REASON_NO_MOVE);
  ck_assert_int_eq (status.loser, 0);
}
END_TEST

START_TEST (test_undo)
{
  g_autoptr (BgGame) game = game_at ("triple", NULL);
  const char *line[] = { "a1", "a7", "d1", "d7", "g1xd7", "d7", "d2", "g7xg1", "d3xa7", NULL };
  guint64 keys[16];
  char *texts[16];
  guint n = 0;

  for (; line[n] != NULL; n++)
    {
      keys[n] = bg_game_get_key (game);
      texts[n] = bg_game_format_position (game);
      play (game, line[n]);
    }
  assert_setup (game, "p1=a1,d1,d2,d3 p2=d7,g7 hand=4,5 turn=2");
  while (n-- > 0)
    {
      ck_assert (bg_game_undo (game));
      ck_assert (bg_game_get_key (game) == keys[n]);
      assert_setup (game, texts[n]);
      g_free (texts[n]);
    }
  ck_assert (!bg_game_can_undo (game));
}
END_TEST

START_TEST (test_keys)
{
  g_autoptr (BgGame) a = game_at ("triple", "p1=a1 p2=d7 hand=8,8 turn=1");
  g_autoptr (BgGame) b = game_at ("standard", "p1=a1 p2=d7 hand=8,8 turn=1");
  g_autoptr (BgGame) c = game_at ("triple", "p1=a1 p2=d7 hand=8,8 turn=2");
  g_autoptr (BgGame) d = game_at ("triple", "p1=a1 p2=d7 hand=7,8 turn=1");
  g_autoptr (BgGame) e = game_at ("triple", "p1=d7 p2=a1 hand=8,8 turn=1");
  g_autoptr (BgGame) f = game_at ("triple", NULL);

  ck_assert (bg_game_get_key (a) != bg_game_get_key (b));
  ck_assert (bg_game_get_key (a) != bg_game_get_key (c));
  ck_assert (bg_game_get_key (a) != bg_game_get_key (d));
  ck_assert (bg_game_get_key (a) != bg_game_get_key (e));
  play (f, "a1");
  play (f, "d7");
  ck_assert (bg_game_get_key (f) == bg_game_get_key (a));
}
END_TEST

static const char *const ROUND_TRIP[] = {
  "p1= p2= hand=9,9 turn=1",
  "p1=a1,d1,b2,f2,c4 p2=g1,a4,d5,e4,b6 hand=4,4 turn=1",
  "p1=a1,g1,d2,b4,f4,c5,d6,e5 p2=d1,a4,g4,b6,f6,d7,c3,e3 hand=0,0 turn=1",
  "p1=a1,d1,g4,c5 p2=a7,d7,b4,f2,e3,d6,c3 hand=0,0 turn=1",
  "p1=a1,d1,g4,c5,e5 p2=a7,d6,f6 hand=0,0 turn=1",
  "p1=a1,g1,d2,d3 p2=a7,d7,b6,f6 hand=5,5 turn=1",
};

START_TEST (test_notation_round_trip)
{
  for (guint v = 0; v < 2; v++)
    for (guint i = 0; i < G_N_ELEMENTS (ROUND_TRIP); i++)
      {
        g_autoptr (BgGame) game = game_at (v ? "standard" : "triple", ROUND_TRIP[i]);
        g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
        g_autofree char *setup = bg_game_format_position (game);
        g_autoptr (BgGame) again = game_at (v ? "standard" : "triple", setup);

        assert_setup (again, setup);
        ck_assert (bg_game_get_key (again) == bg_game_get_key (game));
        ck_assert_uint_gt (moves->len, 0);
        for (guint m = 0; m < moves->len; m++)
          {
            BgMove move = g_array_index (moves, BgMove, m), back = BG_MOVE_NONE;
            g_autofree char *text = bg_game_format_move (game, move);
            g_autofree char *upper = g_strdup_printf ("  %s\t", text);
            g_autoptr (GError) error = NULL;

            ck_assert (move != BG_MOVE_NONE);
            ck_assert_msg (bg_game_parse_move (game, text, &back, &error), "%s", text);
            ck_assert_uint_eq (back, move);
            for (char *c = upper; *c; c++)
              *c = g_ascii_toupper (*c);
            ck_assert (bg_game_parse_move (game, upper, &back, NULL));
            ck_assert_uint_eq (back, move);
          }
      }
}
END_TEST

START_TEST (test_malformed)
{
  const char *bad[] = { "", "z9", "d4", "a2", "a1-", "a1-b1", "a1xx", "a1 b2", "a1-d1-g1",
                        "a1xd4", "11", "a1x", "-a1", "a1d1", NULL };
  g_autoptr (BgGame) game = game_at ("triple", "p1=a1,d1 p2=b2 hand=7,8 turn=1");
  guint64 key = bg_game_get_key (game);

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr (GError) error = NULL;
      BgMove move;

      ck_assert_msg (!bg_game_parse_move (game, bad[i], &move, &error), "'%s'", bad[i]);
      ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE));
      g_clear_error (&error);
      ck_assert (!bg_game_play_text (game, bad[i], &error));
      ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE));
      if (*bad[i] != '\0')   /* the core words the empty move itself */
        ck_assert_msg (strstr (error->message, "malformed move") != NULL, "%s",
                       error->message);
      ck_assert (bg_game_get_key (game) == key);
      ck_assert_uint_eq (bg_game_get_n_played (game), 0);
    }
  {
    g_autoptr (GError) error = NULL;

    ck_assert (!bg_game_play_text (game, "b2", &error));   /* occupied: illegal */
    ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE));
    g_clear_error (&error);
    ck_assert (!bg_game_play_text (game, "a1-a4", &error));   /* a move while placing */
    ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE));
    ck_assert (bg_game_get_key (game) == key);
  }
}
END_TEST

START_TEST (test_setup_errors)
{
  const char *bad[] = {
    "p1=a1,z9 p2= hand=9,9 turn=1",
    "p1=a1,d4 p2= hand=9,9 turn=1",
    "p1=a1 p2=a1 hand=8,8 turn=1",
    "p1=a1,a1 p2= hand=8,9 turn=1",
    "p1=a1,d1,g1 p2= hand=7,9 turn=1",
    "p1=a1,d1,g1,b2,d2,f2,c3,d3,e3,a4 p2= hand=0,9 turn=1",
    "p1= p2= hand=10,9 turn=1",
    "p1= p2= hand=9,9 turn=3",
    "p1= p2= hand=9 turn=1",
    "p1= p2= hand=9,9",
    "p1= p2= hand=9,9 turn=1 p1=a1",
    "p1= p2= hand=9,9 turn=1 colour=red",
    "p1=a1, p2= hand=8,9 turn=1",
    NULL,
  };

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr (GHashTable) options = tu_options ("variant", "triple", NULL);
      g_autoptr (GError) error = NULL;
      BgGame *game = bg_game_new_from_position ("marelle", options, bad[i], &error);

      ck_assert_msg (game == NULL, "accepted '%s'", bad[i]);
      ck_assert (g_error_matches (error, BG_ERROR, BG_ERROR_BAD_OPTION));
      ck_assert_ptr_nonnull (strstr (error->message, "bad marelle position"));
    }
  {
    g_autoptr (BgGame) game = game_at ("triple", "  turn=2 hand=8,9  p2=  p1=A1 ");

    assert_setup (game, "p1=a1 p2= hand=8,9 turn=2");
  }
}
END_TEST

START_TEST (test_evaluate)
{
  const BgRules *rules = &bg_marelle_rules;
  g_autoptr (BgGame) ahead = game_at ("triple", "p1=a1,d1,g4,c5,e5 p2=a7,d6,f6 hand=0,0 turn=1");
  g_autoptr (BgGame) start = game_at ("standard", NULL);
  g_autoptr (BgGame) blocked =
    game_at ("standard", "p1=a1,d1,g1,d7 p2=a4,d2,g4,a7,g7,d6 hand=0,0 turn=2");
  const void *pos = bg_game_get_position (ahead);
  int e = rules->evaluate (pos, 0);

  ck_assert_int_gt (e, 150);
  ck_assert_int_lt (e, BG_SCORE_WIN_MIN / 10);
  ck_assert_int_eq (rules->evaluate (pos, 1), -e);
  ck_assert_int_eq (rules->evaluate (bg_game_get_position (start), 0), 0);
  ck_assert_int_gt (rules->evaluate (bg_game_get_position (blocked), 1), 200);
}
END_TEST

/* Standard variant: the known values, then our own deeper counts. */
START_TEST (test_perft_standard_start)
{
  g_autoptr (BgGame) game = game_at ("standard", NULL);
  const guint64 expected[] = { 1, 24, 552, 12144, 255024, 5140800, 99274176 };

  for (guint d = 0; d < G_N_ELEMENTS (expected); d++)
    ck_assert_uint_eq (bg_game_perft (game, d), expected[d]);
}
END_TEST

START_TEST (test_perft_triple_start)
{
  g_autoptr (BgGame) game = game_at ("triple", NULL);
  const guint64 expected[] = { 1, 24, 552, 12144, 255024, 5140800, 99274176 };

  for (guint d = 0; d < G_N_ELEMENTS (expected); d++)
    ck_assert_uint_eq (bg_game_perft (game, d), expected[d]);
}
END_TEST

/* Pinned counts for the midgame positions, [position][variant][depth - 1]. */
static const guint64 PERFT_MID[G_N_ELEMENTS (MIDGAMES)][2][5] = {
  { { 18, 239, 4270, 65694, 1159018 }, { 18, 239, 4270, 61128, 1012896 } },
  { { 21, 303, 5352, 87999, 1590151 }, { 19, 190, 2588, 27266, 330258 } },
  { { 64, 1046, 65696, 1046717, 63658980 }, { 14, 191, 1321, 16644, 164310 } },
  { { 13, 650, 9232, 383638, 5527485 }, { 10, 479, 5262, 216785, 2429981 } },
};

START_TEST (test_perft_midgames)
{
  for (guint i = 0; i < G_N_ELEMENTS (MIDGAMES); i++)
    for (guint v = 0; v < 2; v++)
      {
        g_autoptr (BgGame) game = game_at (v ? "standard" : "triple", MIDGAMES[i]);

        for (guint d = 1; d <= 5; d++)
          ck_assert_msg (bg_game_perft (game, d) == PERFT_MID[i][v][d - 1],
                         "position %u variant %u depth %u: %" G_GUINT64_FORMAT, i, v, d,
                         bg_game_perft (game, d));
      }
}
END_TEST

/* The reference generator agrees with the engine on counts... */
START_TEST (test_reference_perft)
{
  for (guint v = 0; v < 2; v++)
    {
      g_autoptr (BgGame) start = game_at (v ? "standard" : "triple", NULL);
      Naive n = naive_setup (START, v);

      for (int d = 1; d <= 5; d++)
        ck_assert_uint_eq (naive_perft (&n, d), bg_game_perft (start, d));
      for (guint i = 0; i < G_N_ELEMENTS (MIDGAMES); i++)
        {
          g_autoptr (BgGame) game = game_at (v ? "standard" : "triple", MIDGAMES[i]);

          n = naive_setup (MIDGAMES[i], v);
          for (int d = 1; d <= 5; d++)
            ck_assert_msg (naive_perft (&n, d) == bg_game_perft (game, d),
                           "position %u variant %u depth %d", i, v, d);
        }
    }
}
END_TEST

/* ... and on every move list, position text and key, node by node. */
START_TEST (test_reference_tree)
{
  for (guint v = 0; v < 2; v++)
    for (guint i = 0; i < G_N_ELEMENTS (MIDGAMES); i++)
      {
        g_autofree void *pos = engine_setup (MIDGAMES[i], v);
        Naive n = naive_setup (MIDGAMES[i], v);

        compare_tree (&n, pos, 3, v);
      }
}
END_TEST

/* ... and along random games played to the end. */
START_TEST (test_reference_random_games)
{
  GRand *rand = g_rand_new_with_seed (1840);

  for (guint game_no = 0; game_no < 300; game_no++)
    {
      gboolean standard = game_no % 2;
      g_autofree void *pos = engine_setup (START, standard);
      Naive n = naive_setup (START, standard);
      NaiveMove moves[1024];

      for (guint ply = 0; ply < 200; ply++)
        {
          int len;

          compare_tree (&n, pos, 1, standard);
          len = naive_moves (&n, moves);
          if (len == 0)
            break;
          {
            NaiveMove m = moves[g_rand_int_range (rand, 0, len)];
            char buf[32];
            BgMove move;

            naive_move_text (m, buf);
            ck_assert (R->parse_move (pos, buf, &move, NULL));
            R->play (pos, move);
            naive_play (&n, m);
          }
        }
    }
  g_rand_free (rand);
}
END_TEST

/* ---- descriptions for front ends ---- */

START_TEST (test_descriptors)
{
  const BgRules *rules = &bg_marelle_rules;
  g_autoptr (GHashTable) standard = tu_options ("variant", "standard", NULL);
  g_autoptr (GHashTable) triple = tu_options ("variant", "triple", NULL);

  tu_check_descriptors (rules);
  ck_assert_str_eq (rules->player_names[0], "White");
  ck_assert_str_eq (rules->player_names[1], "Black");
  ck_assert_str_eq (rules->options[0].value_labels[1], "Standard nine men’s morris");
  /* Who starts names the colours, as the seats are named. */
  ck_assert_str_eq (rules->options[1].name, "first");
  ck_assert_str_eq (rules->options[1].value_labels[0], rules->player_names[0]);
  ck_assert_str_eq (rules->options[1].value_labels[1], rules->player_names[1]);
  ck_assert_str_eq (rules->title (standard), "Nine Men’s Morris");
  ck_assert_ptr_null (rules->title (triple));
  ck_assert_ptr_null (rules->title (NULL));
}
END_TEST

START_TEST (test_describe_moves)
{
  const BgRules *rules = &bg_marelle_rules;
  g_autoptr (BgGame) placing = game_at ("triple", "p1=a1,d1 p2=b2,d2 hand=7,7 turn=1");
  g_autoptr (BgGame) moving =
    game_at ("standard", "p1=a1,d1,g4,c4,c5,e3 p2=a7,d7,b6,f6,e4,d5 hand=0,0 turn=1");
  g_autoptr (BgGame) black = game_at ("triple", "p1=a1,d1 p2=b2,d2 hand=7,7 turn=2");
  BgMoveInfo info;

  /* A placement that closes a mill, with its removal */
  info = tu_describe (placing, "g1xd2");
  tu_assert_move_info (rules, &info, BG_MOVE_PLACES | BG_MOVE_REMOVES, "", "g1", "d2",
                       BG_PIECE (0, 0), 0);
  info = tu_describe (placing, "a4");
  tu_assert_move_info (rules, &info, BG_MOVE_PLACES, "", "a4", "", BG_PIECE (0, 0), 0);
  info = tu_describe (black, "a4");
  tu_assert_move_info (rules, &info, BG_MOVE_PLACES, "", "a4", "", BG_PIECE (1, 0), 0);
  /* Moves, with and without a mill */
  info = tu_describe (moving, "g4-g1xd5");
  tu_assert_move_info (rules, &info, BG_MOVE_MOVES | BG_MOVE_REMOVES, "g4", "g1", "d5",
                       BG_PIECE (0, 0), 0);
  info = tu_describe (moving, "g4-g7");
  tu_assert_move_info (rules, &info, BG_MOVE_MOVES, "g4", "g7", "", BG_PIECE (0, 0), 0);
  /* Not legal there: a mill without its removal, an occupied point, a placement in the
   * movement phase, the other player's piece */
  tu_check_describe_illegal (placing, "g1");
  tu_check_describe_illegal (placing, "a1");
  tu_check_describe_illegal (moving, "g7");
  tu_check_describe_illegal (moving, "a7-a4");
}
END_TEST

/* Why a click or a move is refused: occupied points, pieces that are not the mover's or
 * cannot move, points out of reach, the removal of a mill (the mover's own piece, an empty
 * point, a piece protected in a mill of standard morris, no mill), the phase. */
START_TEST (test_explain)
{
  g_autoptr (BgGame) placing = game_at ("triple", "p1=a1,d1 p2=b2,d2 hand=7,7 turn=1");
  g_autoptr (BgGame) moving =
    game_at ("standard", "p1=a1,d1,a4,g4,c4,e3 p2=a7,d7,g7,b6,f6,e4 hand=0,0 turn=1");
  g_autoptr (BgGame) flying = game_at ("triple", "p1=a1,d1,g4,c4 p2=a7,d7,b6,f6,e4 "
                                       "hand=0,0 turn=1");

  /* Placing: g1 closes a1-d1-g1, and any of Black's pieces may go. */
  tu_assert_explain (placing, "g1", NULL);
  tu_assert_explain (placing, "g1 d2", NULL);
  tu_assert_explain (placing, "b2", "There is already a piece on b2.");
  tu_assert_explain (placing, "a1", "Place all your pieces before you move one.");
  tu_assert_explain (placing, "g1 a1", "Take one of your opponent’s pieces, not one of yours.");
  tu_assert_explain (placing, "g1 a4", "There is no piece on a4 to take.");
  tu_assert_explain (placing, "a4 b2", "This move closes no mill, so it takes no piece.");
  tu_assert_explain_move (placing, "g1", "This move closes a mill: it must name the piece "
                          "taken, as in d6xa1.");
  tu_assert_explain_move (placing, "a4xb2", "This move closes no mill, so it takes no piece.");
  tu_assert_explain_move (placing, "a1-a4", "Place all your pieces before you move one.");
  tu_assert_explain_move (placing, "g1xb2", NULL);

  /* Moving, in standard morris: a7-d7-g7 protects its pieces while Black has others. */
  tu_assert_explain (moving, "b6", "The piece on b6 is not yours.");
  tu_assert_explain (moving, "d6", "There is no piece on d6: choose one of yours to move.");
  tu_assert_explain (moving, "a1", "The piece on a1 cannot move: the points next to it are all "
                     "taken.");
  tu_assert_explain (moving, "e3 a7", "a7 is taken: a piece moves to an empty point.");
  tu_assert_explain (moving, "e3 b2", "b2 is not next to e3: a piece moves one step along a "
                     "line.");
  tu_assert_explain (moving, "e3 d3", NULL);
  tu_assert_explain (moving, "c4 a1", "The piece on a1 cannot move: the points next to it are "
                     "all taken.");
  tu_assert_explain (moving, "g4 g1", NULL);
  tu_assert_explain (moving, "g4 g1 b6", NULL);
  tu_assert_explain (moving, "g4 g1 a7", "The piece on a7 is in a mill: take one that is not "
                     "in a mill.");
  tu_assert_explain (moving, "g4 g1 d6", "There is no piece on d6 to take.");
  tu_assert_explain (moving, "g4 g1 d1", "Take one of your opponent’s pieces, not one of "
                     "yours.");
  tu_assert_explain_move (moving, "g4-g1xd7", "The piece on d7 is in a mill: take one that is "
                          "not in a mill.");
  tu_assert_explain_move (moving, "g4-g1", "This move closes a mill: it must name the piece "
                          "taken, as in d6xa1.");
  tu_assert_explain_move (moving, "c5", "All your pieces are placed: move one of them.");
  tu_assert_explain_move (moving, "e3-e4", "e4 is taken: a piece moves to an empty point.");

  /* Four pieces fly in Marelle triple: any empty point is in reach. */
  tu_assert_explain (flying, "a1 g7", NULL);
}
END_TEST

START_TEST (test_describe_played)
{
  g_autoptr (BgGame) game = game_at ("triple", NULL);
  BgMoveInfo info;

  tu_play (game, "d6 d2 f4");
  ck_assert (bg_game_describe_played (game, 1, &info));
  tu_assert_move_info (&bg_marelle_rules, &info, BG_MOVE_PLACES, "", "d2", "",
                       BG_PIECE (1, 0), 0);
  ck_assert (bg_game_describe_played (game, 2, &info));
  ck_assert_int_eq (info.piece, BG_PIECE (0, 0));
  ck_assert (!bg_game_describe_played (game, 3, &info));
  ck_assert (bg_game_undo (game));
  ck_assert (!bg_game_describe_played (game, 2, &info));
}
END_TEST

static Suite *
marelle_suite (void)
{
  Suite *s = suite_create ("marelle");
  TCase *rules = tcase_create ("rules");
  TCase *perft = tcase_create ("perft");

  tcase_add_test (rules, test_start);
  tcase_add_test (rules, test_first_option);
  tcase_add_test (rules, test_placement_mill);
  tcase_add_test (rules, test_movement_mill);
  tcase_add_test (rules, test_removal_triple_any);
  tcase_add_test (rules, test_removal_standard_protected);
  tcase_add_test (rules, test_mill_nothing_to_remove);
  tcase_add_test (rules, test_double_mill);
  tcase_add_test (rules, test_marks);
  tcase_add_test (rules, test_diagonals);
  tcase_add_test (rules, test_no_mill_on_diagonals);
  tcase_add_test (rules, test_flying_triple);
  tcase_add_test (rules, test_flying_standard);
  tcase_add_test (rules, test_two_pieces);
  tcase_add_test (rules, test_blocked);
  tcase_add_test (rules, test_undo);
  tcase_add_test (rules, test_keys);
  tcase_add_test (rules, test_notation_round_trip);
  tcase_add_test (rules, test_malformed);
  tcase_add_test (rules, test_setup_errors);
  tcase_add_test (rules, test_evaluate);
  tcase_add_test (rules, test_descriptors);
  tcase_add_test (rules, test_describe_moves);
  tcase_add_test (rules, test_explain);
  tcase_add_test (rules, test_describe_played);
  suite_add_tcase (s, rules);

  tcase_set_timeout (perft, 120);
  tcase_add_test (perft, test_perft_standard_start);
  tcase_add_test (perft, test_perft_triple_start);
  tcase_add_test (perft, test_perft_midgames);
  tcase_add_test (perft, test_reference_perft);
  tcase_add_test (perft, test_reference_tree);
  tcase_add_test (perft, test_reference_random_games);
  suite_add_tcase (s, perft);
  return s;
}

int
main (void)
{
  return tu_run_suite (marelle_suite ());
}
