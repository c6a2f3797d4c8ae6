/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-board-animation.c: what the boards animate and keep on show, without a display
 *
 * The animation of a move (trio-board-animation.c) and the seats' last moves and marks
 * (trio-board-recent.c) on positions of the engine: when a game is one move after what was
 * shown, a Marelle placement that closes a mill (a drop, the removed piece fading; settled
 * when the player put it there), a TRICHESS rook crossing the centre, a castling (the rook
 * glides too), a capture, and where the pieces stand at the start, middle and end. The
 * board geometry is a stand-in: location l is centred at (10 l, (l % 7) * 10).
 */

#include <locale.h>
#include <math.h>
#include <string.h>

#include "test-app-util.h"
#include "board/trio-board-animation.h"
#include "board/trio-board-recent.h"

static void
fake_center (gpointer data,
             double   width,
             double   height,
             guint    location,
             double  *x,
             double  *y)
{
  *x = 10.0 * location;
  *y = 10.0 * (location % 7);
}

static const TrioBoardRenderer fake_renderer = { .location_center = fake_center };

/* The frame at t; returns the sprite count. */
static guint
frame (TrioBoardAnimation *animation,
       double              t,
       TrioBoardState     *state)
{
  memset (state, 0, sizeof *state);
  trio_board_animation_frame (animation, &fake_renderer, NULL, 100, 100, t, state);
  return state->n_sprites;
}

static void
assert_at (const TrioBoardSprite *sprite,
           guint                  location)
{
  g_assert_cmpfloat_with_epsilon (sprite->x, 10.0 * location, 1e-9);
  g_assert_cmpfloat_with_epsilon (sprite->y, 10.0 * (location % 7), 1e-9);
}

static void
test_follows (void)
{
  g_autoptr (BgGame) game = tau_game_new ("marelle", NULL, "d6 d2");
  g_autoptr (BgGame) other = tau_game_new ("marelle", NULL, "a1 d2");
  guint n_keys;
  const guint64 *keys = bg_game_get_keys (game, &n_keys);

  g_assert_cmpuint (n_keys, ==, 3);
  g_assert_true (trio_board_animation_follows (game, 1, keys[1]));
  g_assert_false (trio_board_animation_follows (game, 0, keys[0]));   /* two moves on */
  g_assert_false (trio_board_animation_follows (game, 2, keys[2]));   /* the same */
  /* One move more, but after another position: a jump. */
  g_assert_false (trio_board_animation_follows (other, 1, keys[1]));
  /* After an undo, the game is one move behind. */
  bg_game_undo (game);
  g_assert_false (trio_board_animation_follows (game, 2, keys[2]));
  g_assert_true (trio_board_animation_follows (game, 0, keys[0]));
}

static void
test_placement_mill (void)
{
  g_autoptr (BgGame) game = tau_game_new ("marelle", "p1=a1,d1 p2=b2,d2 hand=7,7 turn=1", "g1xb2");
  g_autoptr (TrioBoardAnimation) animation = trio_board_animation_new (game, FALSE);
  g_autoptr (TrioBoardAnimation) settled = trio_board_animation_new (game, TRUE);
  guint g1 = tau_location (game, "g1"), b2 = tau_location (game, "b2");
  TrioBoardState state;

  g_assert_nonnull (animation);
  g_assert_cmpuint (trio_board_animation_get_move (animation), ==, 0);
  /* The piece removed first (below), then the one placed, which the position does not
   * draw on its point meanwhile. */
  g_assert_cmpuint (frame (animation, 0, &state), ==, 2);
  g_assert_cmpuint (state.n_hidden, ==, 1);
  g_assert_cmpuint (state.hidden[0], ==, g1);
  g_assert_cmpint (state.sprites[0].piece, ==, BG_PIECE (1, 0));
  assert_at (&state.sprites[0], b2);
  g_assert_cmpfloat (state.sprites[0].alpha, ==, 1);
  g_assert_cmpint (state.sprites[1].piece, ==, BG_PIECE (0, 0));
  g_assert_cmpfloat (state.sprites[1].alpha, ==, 0);            /* it drops in */
  g_assert_cmpfloat (state.sprites[1].scale, >, 1.2);
  g_assert_cmpfloat (state.sprites[1].y, <, 10.0 * (g1 % 7));   /* from above */
  frame (animation, 1, &state);
  g_assert_cmpfloat (state.sprites[0].alpha, ==, 0);
  assert_at (&state.sprites[1], g1);
  g_assert_cmpfloat (state.sprites[1].alpha, ==, 1);
  g_assert_cmpfloat (state.sprites[1].scale, ==, 1);
  /* Put in place by the player: no drop, it stands on g1 from the start. */
  frame (settled, 0, &state);
  assert_at (&state.sprites[1], g1);
  g_assert_cmpfloat (state.sprites[1].alpha, ==, 1);
}

static void
test_rook_glide (void)
{
  g_autoptr (BgGame) game = tau_game_new ("trichess",
                                          "7wK/4wR3/8/8 8/8/rK7/8 8/8/bK7/8 w", "1-e2-2-d2");
  g_autoptr (TrioBoardAnimation) animation = trio_board_animation_new (game, FALSE);
  const char *const path[] = { "1-e2", "1-e3", "1-e4", "2-d4", "2-d3", "2-d2" };
  TrioBoardState state;
  gboolean on_path = FALSE;

  g_assert_cmpuint (frame (animation, 0, &state), ==, 1);
  g_assert_cmpint (state.sprites[0].piece, ==, BG_PIECE (0, 4));
  assert_at (&state.sprites[0], tau_location (game, "1-e2"));
  g_assert_cmpuint (state.n_hidden, ==, 1);
  g_assert_cmpuint (state.hidden[0], ==, tau_location (game, "2-d2"));
  /* Half way in time is half way along the path (the easing is symmetric), between two
   * of its squares, with their sizes. */
  frame (animation, 0.5, &state);
  for (guint i = 0; i + 1 < G_N_ELEMENTS (path); i++)
    on_path |= state.sprites[0].size_from == tau_location (game, path[i])
               && state.sprites[0].size_to == tau_location (game, path[i + 1]);
  g_assert_true (on_path);
  g_assert_cmpuint (state.sprites[0].size_from, !=, tau_location (game, "1-e2"));
  frame (animation, 1, &state);
  assert_at (&state.sprites[0], tau_location (game, "2-d2"));
}

static void
test_castling (void)
{
  g_autoptr (BgGame) game = tau_game_new ("trichess", "wR3wK2wR/8/8/8 8/8/rK7/8 8/8/bK7/8 w KQ/-/-",
                                          "1-e1-1-g1");
  g_autoptr (TrioBoardAnimation) animation = trio_board_animation_new (game, FALSE);
  TrioBoardState state;

  /* The king along e1 f1 g1, the rook from h1 to f1. */
  g_assert_cmpuint (frame (animation, 0, &state), ==, 2);
  g_assert_cmpint (state.sprites[0].piece, ==, BG_PIECE (0, 6));
  assert_at (&state.sprites[0], tau_location (game, "1-e1"));
  g_assert_cmpint (state.sprites[1].piece, ==, BG_PIECE (0, 4));
  assert_at (&state.sprites[1], tau_location (game, "1-h1"));
  g_assert_cmpuint (state.n_hidden, ==, 2);
  frame (animation, 1, &state);
  assert_at (&state.sprites[0], tau_location (game, "1-g1"));
  assert_at (&state.sprites[1], tau_location (game, "1-f1"));
}

static void
test_capture (void)
{
  g_autoptr (BgGame) game = tau_game_new ("trichess",
                                          "8/7wK/2wR5/2rN5 8/8/rK7/8 8/8/bK7/8 w", "1-c3-1-c4");
  g_autoptr (TrioBoardAnimation) animation = trio_board_animation_new (game, FALSE);
  TrioBoardState state;

  /* The knight taken, below the rook that takes it, fades as the rook arrives. */
  g_assert_cmpuint (frame (animation, 0.2, &state), ==, 2);
  g_assert_cmpint (state.sprites[0].piece, ==, BG_PIECE (1, 2));
  g_assert_cmpfloat (state.sprites[0].alpha, ==, 1);
  g_assert_cmpint (state.sprites[1].piece, ==, BG_PIECE (0, 4));
  frame (animation, 0.7, &state);
  g_assert_cmpfloat (state.sprites[0].alpha, >, 0);
  g_assert_cmpfloat (state.sprites[0].alpha, <, 1);
}

static void
test_recent (void)
{
  g_autoptr (BgGame) trichess = tau_game_new ("trichess", NULL,
                                              "1-e2-1-e4 2-e2-2-e4 3-e2-3-e4 1-d2-1-d3");
  g_autoptr (BgGame) start = tau_game_new ("marelle", NULL, NULL);
  TrioBoardRecent recent = { 0 };

  trio_board_recent_read (&recent, trichess);
  g_assert_cmpuint (recent.n_moves, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpuint (recent.moves[i].age, ==, i);
      g_assert_cmpuint (recent.moves[i].move, ==, bg_game_get_played_move (trichess, 3 - i));
      g_assert_true (memcmp (recent.moves[i].position,
                             bg_game_get_position_at (trichess, 3 - i),
                             bg_game_get_rules (trichess)->position_size) == 0);
    }
  g_assert_cmpint (recent.moves[0].player, ==, 0);
  g_assert_cmpint (recent.moves[1].player, ==, 2);
  g_assert_cmpint (recent.moves[2].player, ==, 1);
  g_assert_cmpuint (recent.n_marks, ==, 0);
  trio_board_recent_read (&recent, start);
  g_assert_cmpuint (recent.n_moves, ==, 0);
  trio_board_recent_clear (&recent);
}

/* While the piece to take is chosen, the mill being closed is shown. */
static void
test_pending_mill (void)
{
  g_autoptr (BgGame) game = tau_game_new ("marelle", "p1=a1,d1 p2=b2,d2 hand=7,7 turn=1", NULL);
  g_autoptr (BgGame) trichess = tau_game_new ("trichess",
                                              "8/7wK/2wR5/2rN5 8/8/rK7/8 8/8/bK7/8 w", NULL);
  guint g1 = tau_location (game, "g1"), a4 = tau_location (game, "a4");
  guint c3 = tau_location (trichess, "1-c3");
  BgMark marks[BG_MAX_MARKS];

  g_assert_cmpuint (trio_board_pending_marks (game, &g1, 1, marks, BG_MAX_MARKS), ==, 1);
  g_assert_cmpint (marks[0].kind, ==, BG_MARK_MILL);
  g_assert_cmpint (marks[0].player, ==, 0);
  g_assert_cmpuint (marks[0].locations[0], ==, tau_location (game, "a1"));
  g_assert_cmpuint (marks[0].locations[2], ==, g1);
  g_assert_cmpuint (trio_board_pending_marks (game, &a4, 1, marks, BG_MAX_MARKS), ==, 0);
  g_assert_cmpuint (trio_board_pending_marks (game, NULL, 0, marks, BG_MAX_MARKS), ==, 0);
  /* A capture takes on its destination: nothing is chosen after it. */
  g_assert_cmpuint (trio_board_pending_marks (trichess, &c3, 1, marks, BG_MAX_MARKS), ==, 0);

  /* Choosing b2 completes g1xb2 by its removal; a capture's last choice is its square. */
  {
    BgMove mill, capture;

    g_assert_true (bg_game_parse_move (game, "g1xb2", &mill, NULL));
    g_assert_true (bg_game_parse_move (trichess, "1-c3-1-c4", &capture, NULL));
    g_assert_true (trio_board_is_removal (game, mill, tau_location (game, "b2")));
    g_assert_false (trio_board_is_removal (game, mill, g1));
    g_assert_false (trio_board_is_removal (trichess, capture, tau_location (trichess, "1-c4")));
  }
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/board-animation/follows", test_follows);
  g_test_add_func ("/board-animation/placement-mill", test_placement_mill);
  g_test_add_func ("/board-animation/rook-glide", test_rook_glide);
  g_test_add_func ("/board-animation/castling", test_castling);
  g_test_add_func ("/board-animation/capture", test_capture);
  g_test_add_func ("/board-animation/recent", test_recent);
  g_test_add_func ("/board-animation/pending-mill", test_pending_mill);
  return g_test_run ();
}
