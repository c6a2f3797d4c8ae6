/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-renderer.c: what the board renderers share: SVG loading, the board picture,
 * keyboard steps */

#include "trio-board-renderer.h"

#include <math.h>

RsvgHandle *
trio_board_load_svg (const char  *name,
                     GError     **error)
{
  g_autofree char *path = g_strconcat ("/io/github/triogames/Trio/", name, NULL);
  g_autoptr (GBytes) bytes = g_resources_lookup_data (path, 0, error);
  gsize size;
  const guint8 *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &size);
  return rsvg_handle_new_from_data (data, size, error);
}

gboolean
trio_board_same_board (const BgRules *rules,
                       GHashTable    *options,
                       const BgGame  *game)
{
  GHashTable *other;
  GHashTableIter iter;
  gpointer name, value;

  if (game == NULL || options == NULL || bg_game_get_rules (game) != rules)
    return FALSE;
  other = bg_game_get_options (game);
  if (g_hash_table_size (options) != g_hash_table_size (other))
    return FALSE;
  g_hash_table_iter_init (&iter, options);
  while (g_hash_table_iter_next (&iter, &name, &value))
    if (g_strcmp0 (value, g_hash_table_lookup (other, name)) != 0)
      return FALSE;
  return TRUE;
}

GdkTexture *
trio_board_renderer_picture (const TrioBoardRenderer *renderer,
                             gpointer                 data,
                             int                      width,
                             int                      height,
                             int                      scale)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr (GBytes) bytes = NULL;
  int stride;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  renderer->draw_board (data, cr, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  stride = cairo_image_surface_get_stride (surface);
  /* The bytes keep the surface, whose pixels they are, until the texture goes. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * height * scale,
                                      (GDestroyNotify) cairo_surface_destroy, surface);
  return gdk_memory_texture_new (width * scale, height * scale, GDK_MEMORY_DEFAULT, bytes,
                                 stride);
}

GdkTexture *
trio_board_picture_get (TrioBoardPicture        *picture,
                        const TrioBoardRenderer *renderer,
                        gpointer                 data,
                        int                      width,
                        int                      height,
                        int                      scale)
{
  if (picture->texture != NULL && picture->width == width && picture->height == height
      && picture->scale == scale)
    return picture->texture;

  g_clear_object (&picture->texture);
  picture->texture = trio_board_renderer_picture (renderer, data, width, height, scale);
  picture->width = width;
  picture->height = height;
  picture->scale = scale;
  picture->n_renders++;
  g_debug ("board picture rendered at %dx%d, scale %d (%u so far)", width, height, scale,
           picture->n_renders);
  return picture->texture;
}

int
trio_board_renderer_step (const TrioBoardRenderer *renderer,
                          gpointer                 data,
                          guint                    n_locations,
                          double                   width,
                          double                   height,
                          int                      from,
                          double                   dir_x,
                          double                   dir_y)
{
  double x0, y0, best_score = G_MAXDOUBLE;
  int best = -1;

  renderer->location_center (data, width, height, (guint) from, &x0, &y0);
  for (guint i = 0; i < n_locations; i++)
    {
      double x, y, along, across, dist, score;

      if ((int) i == from)
        continue;
      renderer->location_center (data, width, height, i, &x, &y);
      along = (x - x0) * dir_x + (y - y0) * dir_y;
      across = fabs ((x - x0) * dir_y - (y - y0) * dir_x);
      dist = hypot (x - x0, y - y0);
      /* Within 60 degrees of the direction; the nearest, preferring straight lines (plain
       * distance would send Right from a1 to b2 rather than d1 on a morris board). */
      if (dist < 1e-6 || along < dist * 0.5)
        continue;
      score = along + 2.5 * across;
      if (score < best_score)
        {
          best_score = score;
          best = (int) i;
        }
    }
  return best;
}

int
trio_board_renderer_central (const TrioBoardRenderer *renderer,
                             gpointer                 data,
                             guint                    n_locations,
                             double                   width,
                             double                   height)
{
  double best_dist = G_MAXDOUBLE;
  int best = 0;

  for (guint i = 0; i < n_locations; i++)
    {
      double x, y, d;

      renderer->location_center (data, width, height, i, &x, &y);
      d = hypot (x - width / 2.0, y - height / 2.0);
      if (d < best_dist - 1e-6)
        {
          best_dist = d;
          best = (int) i;
        }
    }
  return best;
}
