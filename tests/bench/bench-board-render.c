/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-board-render.c: what a frame of the board costs, with and without the cached picture
 *
 * Usage: bench-board-render [FRAMES [SIZE]]
 *
 * For each board, draws FRAMES frames (default 200) of SIZE x SIZE pixels (default 800) at
 * the start position with a piece being dragged, as TrioBoardView did before issue 13
 * (the SVG rendered at every frame) and as it does now (the picture rendered once, then
 * painted under the pieces), and prints the time per frame. A benchmark, not a test: run
 * it by hand or with `meson test --benchmark`.
 */

#include <stdlib.h>

#include "trio-board-renderer.h"

static double
time_frames (const TrioBoardRenderer *renderer,
             gpointer                 data,
             const TrioBoardState    *state,
             int                      frames,
             int                      size,
             cairo_surface_t         *board)
{
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
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
  cairo_surface_destroy (target);
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
      const TrioBoardRenderer *renderer = trio_board_renderer_for_game (games[g]);
      gpointer data = renderer->create (game, &error);
      TrioBoardState state = { 0 };
      cairo_surface_t *board;
      cairo_t *cr;
      double uncached, cached;

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

      uncached = time_frames (renderer, data, &state, frames, size, NULL);
      cached = time_frames (renderer, data, &state, frames, size, board);
      g_print ("%-16s %dx%d: %6.2f ms a frame with the SVG, %6.2f ms with the cached "
               "picture (%.1fx)\n", games[g], size, size, uncached, cached,
               uncached / cached);
      cairo_surface_destroy (board);
      renderer->destroy (data);
    }
  return 0;
}
