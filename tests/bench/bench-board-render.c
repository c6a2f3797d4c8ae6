/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-board-render.c: what a frame of the board costs, with and without the cached picture
 *
 * Usage: bench-board-render [FRAMES [SIZE]]
 *
 * For each board, draws FRAMES frames (default 200) of SIZE x SIZE pixels (default 800) at
 * the start position with a piece being dragged, as TrioBoardView did before issue 13
 * (the SVG rendered at every frame) and as it does now (the picture rendered once, then
 * painted under the pieces), and prints the time per frame and how many pixels of the two
 * last frames differ by more than a rounding (none should). A benchmark, not a test: run
 * it by hand or with `meson test --benchmark`.
 */

#include <stdlib.h>

#include "board/trio-board-renderer.h"
#include "games/trio-game.h"

/* The time a frame takes; the last frame is left in target. */
/* How many pixels differ between two frames of the same size, by more than a rounding (one
 * level of a channel). */
static guint
count_differences (cairo_surface_t *a,
                   cairo_surface_t *b)
{
  int height = cairo_image_surface_get_height (a), stride = cairo_image_surface_get_stride (a);
  const guchar *pa, *pb;
  guint n = 0;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  pa = cairo_image_surface_get_data (a);
  pb = cairo_image_surface_get_data (b);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < cairo_image_surface_get_width (a); x++)
      for (int c = 0; c < 4; c++)
        if (abs (pa[y * stride + 4 * x + c] - pb[y * stride + 4 * x + c]) > 1)
          {
            n++;
            break;
          }
  return n;
}

static double
time_frames (const TrioBoardRenderer *renderer,
             gpointer                 data,
             const TrioBoardState    *state,
             int                      frames,
             int                      size,
             cairo_surface_t         *board,
             cairo_surface_t         *target)
{
  gint64 start = g_get_monotonic_time ();

  for (int i = 0; i < frames; i++)
    {
      cairo_t *cr = cairo_create (target);

      if (board != NULL)
        {
          cairo_set_source_surface (cr, board, 0, 0);
          cairo_paint (cr);
        }
      else
        renderer->draw_board (data, cr, size, size);
      renderer->draw (data, cr, size, size, state);
      cairo_destroy (cr);
    }
  return (g_get_monotonic_time () - start) / 1000.0 / frames;
}

int
main (int    argc,
      char **argv)
{
  static const char *const games[] = { "marelle", "triple-alliance", "trichess" };
  int frames = argc > 1 ? atoi (argv[1]) : 200;
  int size = argc > 2 ? atoi (argv[2]) : 800;

  if (frames <= 0 || size <= 0)
    {
      g_printerr ("usage: bench-board-render [FRAMES [SIZE]]\n");
      return 2;
    }
  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr (BgGame) game = bg_game_new (games[g], NULL, NULL);
      g_autoptr (GError) error = NULL;
      const TrioGame *tgame = trio_game_lookup (games[g]);
      const TrioBoardRenderer *renderer = tgame->renderer;
      gpointer data = trio_game_create_board (tgame, game, &error);
      TrioBoardState state = { 0 };
      cairo_surface_t *board, *direct, *composed;
      cairo_t *cr;
      double uncached, cached;
      guint differences;

      if (data == NULL)
        {
          g_printerr ("%s: %s\n", games[g], error->message);
          return 1;
        }
      state.game = game;
      state.position = bg_game_get_position (game);
      state.cursor = -1;
      state.last_move = BG_MOVE_NONE;
      state.hint = BG_MOVE_NONE;
      /* TRICHESS drags a pawn; the morris boards are empty at the start (no drag). */
      state.drag_location = g_str_equal (games[g], "trichess") ? 12 : -1;
      state.drag_x = size / 2.0;
      state.drag_y = size / 2.0;

      board = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
      cr = cairo_create (board);
      renderer->draw_board (data, cr, size, size);
      cairo_destroy (cr);

      direct = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
      composed = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
      uncached = time_frames (renderer, data, &state, frames, size, NULL, direct);
      cached = time_frames (renderer, data, &state, frames, size, board, composed);
      differences = count_differences (direct, composed);
      g_print ("%-16s %dx%d: %6.2f ms a frame with the SVG, %6.2f ms with the cached "
               "picture (%.1fx); %u pixels differ by more than 1/255\n", games[g], size, size,
               uncached, cached, uncached / cached, differences);
      cairo_surface_destroy (direct);
      cairo_surface_destroy (composed);
      cairo_surface_destroy (board);
      renderer->destroy (data);
    }
  return 0;
}
