/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-triomino-play.c: what the Triomino view lets the player do and tells him, without a
 * display (issue 34)
 *
 * On the deal of seed 7 for three players, where player 1 holds the highest triple 4-4-4:
 * which tiles of the hand fit somewhere (the others are dimmed), why a tile cannot be played
 * (the opening's rule, a side that does not match, a taken triangle), where a tile dropped
 * on the table lands (its rotation or the nearest one that fits, a drop beside its place),
 * the tile just drawn, and the score sheet's "Last:" line with the draws' and the pass's
 * penalties (and, on a saved game of two, the pass that blocks a round), without points in
 * the children's game.
 */

#include <locale.h>

#include "test-app-util.h"
#include "games/triomino/trio-triomino-play.h"
#include "games/triomino/trio-triomino-turn.h"

/* Player 1 opens with 4-4-4; players 2 and 3 draw three tiles each and pass; player 1 draws
 * two and places the second. */
#define OPENING "4-4-4@0,0 draw draw draw pass draw draw draw pass"
#define MIDDLE OPENING " draw draw 2-4-4@1,0 4-0-2@1,1 1-2-0@2,1 0-0-1@2,2 0-0-0@2,3 " \
               "2-1-1@2,0 3-0-0@1,3 0-2-0@2,4 5-1-1@3,0"

static BgGame *
game_new_players (const char *players,
                  const char *scoring,
                  const char *moves)
{
  g_autoptr (GHashTable) options = bg_options_new ();
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) words = g_strsplit (moves, " ", -1);
  BgGame *game;

  g_hash_table_insert (options, g_strdup ("players"), g_strdup (players));
  g_hash_table_insert (options, g_strdup ("seed"), g_strdup ("7"));
  g_hash_table_insert (options, g_strdup ("scoring"), g_strdup (scoring));
  game = bg_game_new ("triomino", options, &error);
  g_assert_no_error (error);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      {
        bg_game_play_text (game, words[i], &error);
        g_assert_no_error (error);
      }
  return game;
}

static BgGame *
game_new (const char *scoring,
          const char *moves)
{
  return game_new_players ("3", scoring, moves);
}

static GArray *
placements_of (const BgGame *game)
{
  GArray *placements = g_array_new (FALSE, FALSE, sizeof (TrioTriPlacement));
  BgMove draw, pass;

  trio_tri_read_legal_moves (game, placements, &draw, &pass);
  return placements;
}

static int
tile (int a,
      int b,
      int c)
{
  return bg_triomino_tile_from_values (a, b, c);
}

static void
test_opening (void)
{
  g_autoptr (BgGame) game = game_new ("points", "");
  g_autoptr (GArray) placements = placements_of (game);
  g_autofree char *wrong = NULL;
  g_autofree char *elsewhere = NULL;

  /* Of 0-0-3 0-3-5 1-3-3 2-2-3 2-2-5 4-4-4 4-5-5, only the highest triple may open. */
  g_assert_cmphex (trio_tri_playable_tiles (placements), ==, TRIO_TRI_TILE_BIT (tile (4, 4, 4)));
  g_assert_null (trio_tri_explain_tile (game, placements, tile (4, 4, 4)));
  wrong = trio_tri_explain_tile (game, placements, tile (0, 0, 3));
  g_assert_cmpstr (wrong, ==, "Tile 0-0-3 cannot be played: the round opens with 4-4-4, the "
                   "highest triple");
  /* Turned or not, the opening tile goes on 0,0 alone. */
  g_assert_null (trio_tri_explain_placement (game, tile (4, 4, 4), 1, 0, 0));
  elsewhere = trio_tri_explain_placement (game, tile (4, 4, 4), 0, 1, -1);
  g_assert_cmpstr (elsewhere, ==, "The first tile of a round goes on 0,0, not 1,-1");
  g_assert_cmpint (trio_tri_just_drawn (game), ==, -1);
}

static void
test_middle (void)
{
  g_autoptr (BgGame) game = game_new ("points", MIDDLE);
  g_autoptr (GArray) placements = placements_of (game);
  g_autofree char *side = NULL;
  g_autofree char *taken = NULL;
  g_autofree char *far = NULL;
  g_autofree char *nowhere = NULL;
  const TrioTriPlacement *p;

  /* Player 1 holds 0-3-5 1-3-3 2-2-3 2-2-5 4-5-5: 0-3-5 fits on 1,4 beside 3-0-0, read
   * 0-3-5 from its bottom corner, and nowhere else. */
  g_assert_cmphex (trio_tri_playable_tiles (placements), ==, TRIO_TRI_TILE_BIT (tile (0, 3, 5)));
  /* Unturned, the tile reads 3-5-0 there: the nearest rotation that fits is a turn
   * clockwise (rotation 2), whatever it showed. */
  for (int rotation = 0; rotation < 3; rotation++)
    {
      p = trio_tri_find_nearest (placements, tile (0, 3, 5), 1, 4, rotation);
      g_assert_nonnull (p);
      g_assert_cmpint (p->rotation, ==, 2);
    }
  g_assert_null (trio_tri_find_nearest (placements, tile (0, 3, 5), 1, 5, 0));
  g_assert_null (trio_tri_explain_placement (game, tile (0, 3, 5), 2, 1, 4));
  side = trio_tri_explain_placement (game, tile (0, 3, 5), 0, 1, 4);
  g_assert_cmpstr (side, ==, "The side values do not match: the neighbour's side reads 0-3, "
                   "the tile's 3-5");
  taken = trio_tri_explain_placement (game, tile (0, 3, 5), 0, 0, 0);
  g_assert_cmpstr (taken, ==, "Triangle 0,0 is already occupied");
  far = trio_tri_explain_placement (game, tile (0, 3, 5), 0, -3, 7);
  g_assert_cmpstr (far, ==, "Triangle -3,7 does not share a side with a placed tile");
  nowhere = trio_tri_explain_tile (game, placements, tile (4, 5, 5));
  g_assert_cmpstr (nowhere, ==, "Tile 4-5-5 fits nowhere on the table now");
  g_assert_cmpint (trio_tri_just_drawn (game), ==, -1);
}

static void
test_drop (void)
{
  g_autoptr (BgGame) game = game_new ("points", MIDDLE);
  g_autoptr (GArray) placements = placements_of (game);
  TrioTriGeometry geom = { 100, 50, 60 };
  g_autofree char *text = NULL;
  const TrioTriPlacement *p;
  double pts[3][2], cx, cy, side;

  trio_tri_triangle_points (&geom, 1, 4, pts);
  trio_tri_shape_of (pts, &cx, &cy, &side);
  g_assert_cmpfloat_with_epsilon (side, 60, 1e-9);
  /* On its place, turned as it must be. */
  p = trio_tri_drop_target (placements, &geom, tile (0, 3, 5), 0, cx, cy);
  g_assert_nonnull (p);
  g_assert_cmpint (p->row, ==, 1);
  g_assert_cmpint (p->col, ==, 4);
  g_assert_cmpint (p->rotation, ==, 2);
  text = bg_game_format_move (game, p->move);
  g_assert_cmpstr (text, ==, "0-3-5@1,4");
  /* Beside it, over the taken triangle 1,3 (up, left of it): within half a side of its
   * centre, it still lands there; a side away, nowhere. */
  p = trio_tri_drop_target (placements, &geom, tile (0, 3, 5), 0, cx - 0.4 * side, cy);
  g_assert_nonnull (p);
  g_assert_cmpint (p->col, ==, 4);
  g_assert_null (trio_tri_drop_target (placements, &geom, tile (0, 3, 5), 0, cx - side, cy));
  /* A side right of it and a side down, over empty triangles: nowhere. */
  g_assert_null (trio_tri_drop_target (placements, &geom, tile (0, 3, 5), 1, cx + side,
                                       cy + side));
  /* A tile that fits nowhere lands nowhere, even on 0-3-5's place. */
  g_assert_null (trio_tri_drop_target (placements, &geom, tile (4, 5, 5), 0, cx, cy));
}

static void
test_just_drawn (void)
{
  g_autoptr (BgGame) game = game_new ("points", OPENING " draw");

  /* Player 1's first draw brings 0-0-1 to 0-0-3 0-3-5 1-3-3 2-2-3 2-2-5 4-5-5, the second
   * 2-4-4 (which then fits): the newest one only is marked. */
  g_assert_cmpint (trio_tri_just_drawn (game), ==, tile (0, 0, 1));
  bg_game_play_text (game, "draw", NULL);
  g_assert_cmpint (trio_tri_just_drawn (game), ==, tile (2, 4, 4));
  /* Placed: nothing new in the hand of player 2, who is to move. */
  bg_game_play_text (game, "2-4-4@1,0", NULL);
  g_assert_cmpint (trio_tri_just_drawn (game), ==, -1);
}

static void
test_just_drawn_pass (void)
{
  g_autoptr (BgGame) game = game_new ("points", "4-4-4@0,0 draw draw draw");
  int before[BG_TRIOMINO_N_TILES], after[BG_TRIOMINO_N_TILES];
  guint n_before = bg_triomino_get_hand (bg_game_get_position_at (game, 3), 1, before);
  guint n_after = bg_triomino_get_hand (bg_game_get_position (game), 1, after);
  int drawn = trio_tri_just_drawn (game);
  gboolean had = FALSE, has = FALSE;

  /* Player 2's third draw is marked while he is to move: in his hand, not before it... */
  g_assert_cmpint (bg_game_get_player_to_move (game), ==, 1);
  g_assert_cmpuint (n_after, ==, n_before + 1);
  for (guint i = 0; i < n_before; i++)
    had |= before[i] == drawn;
  for (guint i = 0; i < n_after; i++)
    has |= after[i] == drawn;
  g_assert_false (had);
  g_assert_true (has);
  /* ...until his pass: then player 3 is to move, who drew nothing. */
  bg_game_play_text (game, "pass", NULL);
  g_assert_cmpint (trio_tri_just_drawn (game), ==, -1);
}

static void
assert_last (const BgGame *game,
             const char   *expected)
{
  g_autofree char *text = NULL;
  char name[32];
  TrioTriTurn turn;

  trio_tri_last_turn (game, &turn);
  g_snprintf (name, sizeof name, "Player %d", turn.player + 1);
  text = trio_tri_turn_text (&turn, name);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_last_turn (void)
{
  g_autoptr (BgGame) game = game_new ("points", "");
  g_autoptr (BgGame) children = game_new ("none", "4-4-4@0,0 draw draw");
  g_autoptr (BgGame) children_opening = game_new ("none", "4-4-4@0,0");
  static const char *const moves[] = {
    "4-4-4@0,0", "draw", "draw", "draw", "pass", "draw", "draw", "draw", "pass",
    "draw", "draw", "2-4-4@1,0",
  };
  static const char *const lines[] = {
    "Player 1, 4-4-4: 12 + opening 10 = 22",
    "Player 2 drew 1 tile (−5)",
    "Player 2 drew 2 tiles (−10)",
    "Player 2 drew 3 tiles (−15)",
    /* Three draws and no tile that fits: a pass costs 10 more. */
    "Player 2 drew 3 tiles (−15), then passed (−10)",
    "Player 3 drew 1 tile (−5)",
    "Player 3 drew 2 tiles (−10)",
    "Player 3 drew 3 tiles (−15)",
    "Player 3 drew 3 tiles (−15), then passed (−10)",
    "Player 1 drew 1 tile (−5)",
    "Player 1 drew 2 tiles (−10)",
    "Player 1 drew 2 tiles (−10), then played 2-4-4: 10",
  };
  TrioTriTurn turn;

  assert_last (game, "No tile placed yet");
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autoptr (GError) error = NULL;

      bg_game_play_text (game, moves[i], &error);
      g_assert_no_error (error);
      assert_last (game, lines[i]);
    }
  trio_tri_last_turn (game, &turn);
  g_assert_true (turn.placed);
  g_assert_cmpint (turn.draws, ==, 2);
  g_assert_cmpint (turn.draw_points, ==, -10);
  g_assert_cmpint (turn.score.total, ==, 10);
  /* The children's game scores nothing: the draws cost nothing. */
  assert_last (children, "Player 2 drew 2 tiles");
  /* Issue 47: nor the tiles placed: the tile alone, without its points. */
  assert_last (children_opening, "Player 1, 4-4-4");
}

/* A round blocked: its last pass costs nothing (the pile is empty, so nobody drew), and the
 * points the round's end gave are not counted as the pass's. The game of
 * tests/gui/triomino-end.trio (two players, seed 7) has such rounds. */
static void
test_blocked_round (void)
{
  g_autofree char *path = g_build_filename (GUI_DATA, "triomino-end.trio", NULL);
  g_autofree char *contents = NULL;
  g_autoptr (BgGame) game = game_new_players ("2", "points", "");
  g_auto (GStrv) lines = NULL;
  guint blocked = 0;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint l = 0; lines[l] != NULL; l++)
    {
      g_auto (GStrv) words = NULL;

      if (!g_str_has_prefix (lines[l], "moves "))
        continue;
      words = g_strsplit (lines[l] + 6, " ", -1);
      for (guint i = 0; words[i] != NULL; i++)
        {
          g_autoptr (GError) error = NULL;
          int round = bg_triomino_get_round (bg_game_get_position (game));
          int gains[BG_TRIOMINO_MAX_PLAYERS], before, player;
          g_autofree char *name = NULL;
          g_autofree char *text = NULL;
          g_autofree char *expected = NULL;
          TrioTriTurn turn;

          player = bg_game_get_player_to_move (game);
          before = bg_triomino_get_score (bg_game_get_position (game), player);
          bg_game_play_text (game, words[i], &error);
          g_assert_no_error (error);
          if (bg_triomino_get_round (bg_game_get_position (game)) == round
              || bg_triomino_get_last_round_end (bg_game_get_position (game), NULL, gains)
                 != BG_TRIOMINO_ROUND_BLOCKED)
            continue;
          trio_tri_last_turn (game, &turn);
          g_assert_true (turn.passed);
          g_assert_cmpint (turn.player, ==, player);
          g_assert_cmpint (turn.pass_points, ==, 0);
          g_assert_cmpint (bg_triomino_get_score (bg_game_get_position (game), player) - before,
                           ==, gains[player]);
          name = g_strdup_printf ("Player %d", player + 1);
          expected = g_strdup_printf ("%s passed", name);
          text = trio_tri_turn_text (&turn, name);
          g_assert_cmpstr (text, ==, expected);
          blocked += gains[player] != 0;
        }
    }
  /* At least one blocked round where the last to pass had the lowest hand. */
  g_assert_cmpuint (blocked, >, 0);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/triomino-play/opening", test_opening);
  g_test_add_func ("/triomino-play/middle", test_middle);
  g_test_add_func ("/triomino-play/drop", test_drop);
  g_test_add_func ("/triomino-play/just-drawn", test_just_drawn);
  g_test_add_func ("/triomino-play/just-drawn-pass", test_just_drawn_pass);
  g_test_add_func ("/triomino-play/last-turn", test_last_turn);
  g_test_add_func ("/triomino-play/blocked-round", test_blocked_round);
  return g_test_run ();
}
