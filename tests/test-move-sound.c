/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-move-sound.c: which sound concrete moves of each game make (games/trio-move-sound.c),
 * and every sound's file in the resources
 *
 * A Marelle placement sounds "place" and the move that closes a mill "mill"; La Triple
 * Alliance's line of three, which wins, "end"; a TRICHESS capture "capture", a rook
 * giving check "check" and one checking two kings at once (échec et fat, which ends the
 * game) "end"; a Triomino tile "tile", and a bridge or a hexagon "bonus" (a plain "tile"
 * in the children's game, where nothing counts); a tile drawn or a turn passed, nothing,
 * unless it ends the game (a blocked last round). Needs no display.
 */

#include <string.h>

#include <gio/gio.h>

#include "bg-game.h"
#include "bg-game-private.h"
#include "bg-rules.h"
#include "bg-save.h"
#include "games/trio-move-sound.h"
#include "triomino/bg-triomino-setup.h"

/* A game of game_id with options "name=value" (NULL-terminated), from the start or from a
 * position text, with moves played. */
static BgGame *
new_game (const char        *game_id,
          const char *const *options,
          const char        *setup,
          const char        *moves)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) table = bg_options_new ();
  g_auto (GStrv) words = g_strsplit (moves != NULL ? moves : "", " ", -1);
  BgGame *game;

  for (guint i = 0; options != NULL && options[i] != NULL; i++)
    {
      g_auto (GStrv) kv = g_strsplit (options[i], "=", 2);

      g_hash_table_insert (table, g_strdup (kv[0]), g_strdup (kv[1]));
    }
  game = setup != NULL ? bg_game_new_from_position (game_id, table, setup, &error)
                       : bg_game_new (game_id, table, &error);
  g_assert_no_error (error);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      {
        bg_game_play_text (game, words[i], &error);
        g_assert_no_error (error);
      }
  return game;
}

/* The sound of the last move played. */
static const char *
last_sound (const BgGame *game)
{
  g_assert_cmpuint (bg_game_get_n_played (game), >, 0);
  return trio_move_sound (game, bg_game_get_n_played (game) - 1);
}

static void
test_marelle (void)
{
  const char *options[] = { "variant=triple", "first=1", NULL };
  g_autoptr (BgGame) game = new_game ("marelle", options, NULL, "a1 b2 a4 b4");

  g_assert_cmpstr (last_sound (game), ==, TRIO_SOUND_PLACE);
  g_assert_cmpstr (trio_move_sound (game, 0), ==, TRIO_SOUND_PLACE);
  bg_game_play_text (game, "a7xb2", NULL);
  g_assert_cmpuint (bg_game_get_n_played (game), ==, 5);
  g_assert_cmpstr (last_sound (game), ==, TRIO_SOUND_MILL);
  /* Out of range. */
  g_assert_null (trio_move_sound (game, 5));
  g_assert_null (trio_move_sound (NULL, 0));
}

static void
test_triple_alliance (void)
{
  const char *moves = "b2 b4 d4 b3 d2 c1 b5 a2 e5 d1 e3 a1";
  g_autoptr (BgGame) game = new_game ("triple-alliance", NULL, NULL, moves);

  g_assert_cmpstr (last_sound (game), ==, TRIO_SOUND_PLACE);
  bg_game_play_text (game, "e3-d3", NULL);
  g_assert_true (bg_game_is_over (game));
  g_assert_cmpstr (last_sound (game), ==, TRIO_SOUND_END);
  /* Only the move that ended it: the ones before keep their own. */
  g_assert_cmpstr (trio_move_sound (game, 0), ==, TRIO_SOUND_PLACE);
}

static void
test_trichess (void)
{
  const char *options[] = { "board=prolapsus", NULL };
  /* Black's rook on 1-a3 checks White's king on 1-e1 from 1-a1; from 1-e3 it checks it and
   * Red's on 2-d1 at once, which ends the game (the GUI test's double-check.trio); from
   * 1-c3 it takes a white pawn and checks nobody. */
  const char *kings = "4wK3/8/bR7/8 3rK4/8/8/8 8/8/bK7/8 b";
  const char *capture = "4wK3/8/bR1wP5/8 3rK4/8/8/8 8/8/bK7/8 b";
  g_autoptr (BgGame) checked = new_game ("trichess", options, kings, "1-a3-1-a1");
  g_autoptr (BgGame) fat = new_game ("trichess", options, kings, "1-a3-1-e3");
  g_autoptr (BgGame) taken = new_game ("trichess", options, capture, "1-a3-1-c3");
  g_autoptr (BgGame) start = new_game ("trichess", options, NULL, "1-e2-1-e4");

  g_assert_cmpstr (last_sound (checked), ==, TRIO_SOUND_CHECK);
  g_assert_false (bg_game_is_over (checked));
  g_assert_cmpstr (last_sound (fat), ==, TRIO_SOUND_END);
  g_assert_cmpstr (last_sound (taken), ==, TRIO_SOUND_CAPTURE);
  g_assert_cmpstr (last_sound (start), ==, TRIO_SOUND_PLACE);
}

/* A Triomino game of two from a position set up by hand (board, hands, player 1 to move),
 * which no game played reaches (the engine's private bg_game_new_at(): its text would be
 * refused, the board not being built tile by tile), then moves played. */
static BgGame *
triomino_game (const char  *scoring,
               const char  *board,
               const char  *hand,
               const char  *moves)
{
  const BgRules *rules = bg_rules_lookup ("triomino");
  const char *hands[] = { hand, "5-5-5", NULL };
  g_autoptr (GHashTable) table = bg_options_new ();
  g_autofree void *pos = g_malloc0 (rules->position_size);
  g_auto (GStrv) words = g_strsplit (moves, " ", -1);
  g_autoptr (GError) error = NULL;
  GHashTable *options;
  BgGame *game;

  g_hash_table_insert (table, g_strdup ("players"), g_strdup ("2"));
  g_hash_table_insert (table, g_strdup ("scoring"), g_strdup (scoring));
  options = bg_options_complete (rules, table, &error);
  g_assert_no_error (error);
  g_assert_true (rules->init (pos, options, &error));
  g_assert_true (bg_triomino_setup (pos, board, hands, 0, &error));
  g_assert_no_error (error);
  game = bg_game_new_at (rules, options, pos, FALSE);
  for (guint i = 0; words[i] != NULL; i++)
    {
      bg_game_play_text (game, words[i], &error);
      g_assert_no_error (error);
    }
  return game;
}

static void
test_triomino (void)
{
  /* 3-3-2 under 1-2-3 shares its top side and touches 3-3-3 across the empty triangles
   * around it: a bridge (as test-triomino.c's test_bridge). */
  const char *bridge_board = "1-2-3@0,0 3-3-3@2,0";
  /* 2-1-2 closes a hexagon round 1,1 (test_one_hexagon). */
  const char *hexagon_board = "3-2-3@0,0 2-3-4@0,1 4-5-2@0,2 2-3-2@1,0 1-2-5@1,2";
  g_autoptr (BgGame) plain = triomino_game ("points", "1-2-3@0,0", "2-1-2 0-0-4",
                                            "2-1-2@0,1");
  g_autoptr (BgGame) bridge = triomino_game ("points", bridge_board, "2-3-3 0-0-4",
                                             "3-3-2@1,0");
  g_autoptr (BgGame) hexagon = triomino_game ("points", hexagon_board,
                                              "1-2-2 0-0-4", "2-1-2@1,1");
  g_autoptr (BgGame) children = triomino_game ("none", bridge_board, "2-3-3 0-0-4",
                                               "3-3-2@1,0");
  g_autoptr (BgGame) drawn = triomino_game ("points", "1-2-3@0,0", "0-0-4",
                                            "draw");

  g_assert_cmpstr (last_sound (plain), ==, TRIO_SOUND_TILE);
  g_assert_cmpstr (last_sound (bridge), ==, TRIO_SOUND_BONUS);
  g_assert_cmpstr (last_sound (hexagon), ==, TRIO_SOUND_BONUS);
  g_assert_cmpstr (last_sound (children), ==, TRIO_SOUND_TILE);
  g_assert_null (last_sound (drawn));
}

/* The end of tests/gui/triomino-end.trio, as its computers play it: the round blocked by
 * two passes, the last, ends the game; the first pass is silent, the last chimes. */
static void
test_triomino_blocked_end (void)
{
  g_autofree char *path = g_build_filename (GUI_DATA, "triomino-end.trio", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) game = bg_save_from_file (path, NULL, NULL, &error);
  const char *moves[] = { "0-5-5@0,-2", "draw", "draw", "5-4-4@1,-3", "pass", "pass", NULL };

  g_assert_no_error (error);
  for (guint i = 0; moves[i] != NULL; i++)
    {
      bg_game_play_text (game, moves[i], &error);
      g_assert_no_error (error);
    }
  g_assert_true (bg_game_is_over (game));
  g_assert_null (trio_move_sound (game, bg_game_get_n_played (game) - 2));
  g_assert_cmpstr (last_sound (game), ==, TRIO_SOUND_END);
}

/* Every sound is an Ogg file of the resources, short: under half a second's worth of bytes
 * at the encoder's rate, the end's chime a little longer. */
static void
test_resources (void)
{
  const char *const *names = trio_move_sound_names ();
  guint n = 0;

  for (; names[n] != NULL; n++)
    {
      g_autofree char *path = g_strconcat ("/io/github/triogames/Trio/sounds/", names[n],
                                           ".oga", NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) bytes = g_resources_lookup_data (path, 0, &error);
      gsize size = 0;
      const char *data;

      g_assert_no_error (error);
      data = g_bytes_get_data (bytes, &size);
      g_assert_cmpuint (size, >, 1000);
      g_assert_cmpuint (size, <, 16000);
      g_assert_cmpmem (data, 4, "OggS", 4);
    }
  g_assert_cmpuint (n, ==, 7);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/move-sound/marelle", test_marelle);
  g_test_add_func ("/move-sound/triple-alliance", test_triple_alliance);
  g_test_add_func ("/move-sound/trichess", test_trichess);
  g_test_add_func ("/move-sound/triomino", test_triomino);
  g_test_add_func ("/move-sound/triomino-blocked-end", test_triomino_blocked_end);
  g_test_add_func ("/move-sound/resources", test_resources);
  return g_test_run ();
}
