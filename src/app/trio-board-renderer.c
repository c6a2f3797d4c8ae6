/* trio-board-renderer.c: the renderer of each board game, and SVG loading */

#include "trio-board-renderer.h"

const TrioBoardRenderer *
trio_board_renderer_for_game (const char *game_id)
{
  if (g_str_equal (game_id, "marelle") || g_str_equal (game_id, "triple-alliance"))
    return &trio_points_renderer;
  if (g_str_equal (game_id, "trichess"))
    return &trio_trichess_renderer;
  return NULL;
}

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
