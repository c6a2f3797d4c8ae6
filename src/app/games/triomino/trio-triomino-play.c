/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-play.c: what the player of the Triomino view may do with a tile (which tiles
 * fit, the tile just drawn, where a dropped tile lands, why a placement is refused) */

#include "trio-triomino-play.h"

#include <glib/gi18n.h>
#include <math.h>

#include "triomino/bg-triomino.h"

guint64
trio_tri_playable_tiles (GArray *placements)
{
  guint64 tiles = 0;

  for (guint i = 0; i < placements->len; i++)
    tiles |= TRIO_TRI_TILE_BIT (g_array_index (placements, TrioTriPlacement, i).tile);
  return tiles;
}

static guint64
hand_tiles (const void *pos,
            int         player)
{
  int tiles[BG_TRIOMINO_N_TILES];
  guint n = bg_triomino_get_hand (pos, player, tiles);
  guint64 mask = 0;

  for (guint i = 0; i < n; i++)
    mask |= TRIO_TRI_TILE_BIT (tiles[i]);
  return mask;
}

int
trio_tri_just_drawn (const BgGame *game)
{
  guint n = game != NULL ? bg_game_get_n_played (game) : 0;
  BgMoveInfo info;
  guint64 added;
  int player;

  if (n == 0 || bg_game_is_over (game) || !bg_game_describe_played (game, n - 1, &info)
      || (info.flags & BG_MOVE_DRAWS) == 0)
    return -1;
  player = bg_game_get_played_player (game, n - 1);
  if (player != bg_game_get_player_to_move (game))
    return -1;
  added = hand_tiles (bg_game_get_position (game), player)
          & ~hand_tiles (bg_game_get_position_at (game, n - 1), player);
  return added != 0 ? __builtin_ctzll (added) : -1;
}

static const TrioTriPlacement *
find_exact (GArray *placements,
            int     tile,
            int     row,
            int     col,
            int     rotation)
{
  for (guint i = 0; i < placements->len; i++)
    {
      const TrioTriPlacement *p = &g_array_index (placements, TrioTriPlacement, i);

      if (p->tile == tile && p->row == row && p->col == col && p->rotation == rotation)
        return p;
    }
  return NULL;
}

const TrioTriPlacement *
trio_tri_find_nearest (GArray *placements,
                       int     tile,
                       int     row,
                       int     col,
                       int     rotation)
{
  /* As shown, then a turn clockwise (rotation + 2, see rotate_selected), then back. */
  static const int turns[3] = { 0, 2, 1 };

  for (int k = 0; k < 3; k++)
    {
      const TrioTriPlacement *p = find_exact (placements, tile, row, col,
                                              (rotation + turns[k]) % 3);

      if (p != NULL)
        return p;
    }
  return NULL;
}

const TrioTriPlacement *
trio_tri_drop_target (GArray                *placements,
                      const TrioTriGeometry *geom,
                      int                    tile,
                      int                    rotation,
                      double                 x,
                      double                 y)
{
  g_autoptr (GArray) cells = NULL;
  double best = G_MAXDOUBLE;
  int row, col, best_cell = -1;

  if (trio_tri_triangle_at (geom, x, y, &row, &col))
    {
      const TrioTriPlacement *p = trio_tri_find_nearest (placements, tile, row, col, rotation);

      if (p != NULL)
        return p;
    }
  /* A drop beside a place that takes the tile still lands there. */
  cells = trio_tri_candidates (placements, tile);
  for (guint i = 0; i < cells->len; i++)
    {
      double pts[3][2], cx, cy, side, d;

      trio_tri_triangle_points (geom, g_array_index (cells, int, 2 * i),
                                g_array_index (cells, int, 2 * i + 1), pts);
      trio_tri_shape_of (pts, &cx, &cy, &side);
      d = hypot (x - cx, y - cy);
      if (d <= side / 2 && d < best)
        {
          best = d;
          best_cell = (int) i;
        }
    }
  if (best_cell < 0)
    return NULL;
  return trio_tri_find_nearest (placements, tile, g_array_index (cells, int, 2 * best_cell),
                                g_array_index (cells, int, 2 * best_cell + 1), rotation);
}

/* The engine's reasons are phrases ("the side values do not match…"): a sentence starts
 * with a capital. */
static char *
sentence (const char *phrase)
{
  g_autofree char *first = g_utf8_strup (phrase, g_utf8_next_char (phrase) - phrase);

  return g_strconcat (first, g_utf8_next_char (phrase), NULL);
}

/* Why tile turned by rotation cannot go on (row, col): a phrase, or NULL if it can. */
static char *
reason (const BgGame *game,
        int           tile,
        int           rotation,
        int           row,
        int           col)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  const void *pos = bg_game_get_position (game);
  BgMove move;
  int v[3];

  trio_tri_corner_values (tile, rotation, bg_triomino_triangle_is_up (row, col), v);
  text = g_strdup_printf ("%d-%d-%d@%d,%d", v[0], v[1], v[2], row, col);
  /* Only a triangle beyond the edge of the engine's board fails to parse. */
  if (!bg_game_get_rules (game)->parse_move (pos, text, &move, NULL))
    return g_strdup (_("this triangle is too far from the tiles on the table"));
  if (bg_triomino_explain_illegal (pos, move, &error))
    return NULL;
  return g_strdup (error->message);
}

char *
trio_tri_explain_placement (const BgGame *game,
                            int           tile,
                            int           rotation,
                            int           row,
                            int           col)
{
  g_autofree char *phrase = reason (game, tile, rotation, row, col);

  return phrase != NULL ? sentence (phrase) : NULL;
}

char *
trio_tri_explain_tile (const BgGame *game,
                       GArray       *placements,
                       int           tile)
{
  BgTriominoPlaced placed[BG_TRIOMINO_N_TILES];
  g_autofree char *why = NULL;
  int v[3];

  if ((trio_tri_playable_tiles (placements) & TRIO_TRI_TILE_BIT (tile)) != 0)
    return NULL;
  bg_triomino_tile_values (tile, v);
  /* The first tile of a round: the rule of the opening tile says which. */
  if (bg_triomino_get_placed (bg_game_get_position (game), placed) == 0
      && (why = reason (game, tile, 0, 0, 0)) != NULL)
    /* Translators: a tile (such as 1-2-3), then why: "Tile 1-2-3 cannot be played: the
     * round opens with 4-4-4, the highest triple" */
    return g_strdup_printf (_("Tile %d-%d-%d cannot be played: %s"), v[0], v[1], v[2], why);
  /* Translators: a tile, such as 1-2-3 */
  return g_strdup_printf (_("Tile %d-%d-%d fits nowhere on the table now"), v[0], v[1], v[2]);
}
