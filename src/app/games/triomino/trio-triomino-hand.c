/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-hand.c: the hand of the Triomino view laid out and drawn, with its marks */

#include "trio-triomino-hand.h"

#define SQRT3_2 0.86602540378443864676

void
trio_tri_hand_points (guint   n_tiles,
                      double  width,
                      double  height,
                      double  max_side,
                      guint   index,
                      double  pts[3][2])
{
  double side = 0, step, h, top, left;
  guint rows = 1, per_row = MAX (n_tiles, 1), row, col, in_row;

  /* Up to three rows, whichever lets the tiles be largest. */
  for (guint r = 1; r <= 3; r++)
    {
      guint per = (MAX (n_tiles, 1) + r - 1) / r;
      double s = MIN (max_side, (width - 12) / (per * (1 + TRIO_TRI_HAND_GAP)));

      s = MIN (s, (height - 8) / (r * SQRT3_2 + (r - 1) * TRIO_TRI_HAND_GAP
                                  + TRIO_TRI_HAND_LIFT));
      if (s > side + 0.5)
        {
          side = s;
          rows = r;
          per_row = per;
        }
    }
  step = side * (1 + TRIO_TRI_HAND_GAP);
  h = side * SQRT3_2;
  row = index / per_row;
  col = index % per_row;
  in_row = MIN (per_row, n_tiles - row * per_row);
  top = (height - (rows * h + (rows - 1) * side * TRIO_TRI_HAND_GAP)) / 2
        + side * TRIO_TRI_HAND_LIFT / 2;
  left = (width - (in_row * step - side * TRIO_TRI_HAND_GAP)) / 2;
  trio_tri_up_points (left + col * step, top + row * (h + side * TRIO_TRI_HAND_GAP), side, pts);
}

void
trio_tri_hand_layout (TrioTriHand  *hand,
                      const guint8 *rotation,
                      int           selected_tile,
                      double        width,
                      double        height,
                      double        max_side)
{
  hand->selected = -1;
  for (guint i = 0; i < hand->n; i++)
    {
      trio_tri_corner_values (hand->tiles[i], rotation[hand->tiles[i]], TRUE, hand->values[i]);
      trio_tri_hand_points (hand->n, width, height, max_side, i, hand->pts[i]);
      if (hand->tiles[i] == selected_tile)
        {
          double lift = (hand->pts[i][1][0] - hand->pts[i][2][0]) * TRIO_TRI_HAND_LIFT;

          hand->selected = (int) i;
          for (int k = 0; k < 3; k++)
            hand->pts[i][k][1] -= lift;
        }
    }
}

int
trio_tri_hand_tile_at (const TrioTriHand *hand,
                       double             x,
                       double             y)
{
  for (guint i = 0; i < hand->n; i++)
    if (trio_tri_point_in (hand->pts[i], x, y))
      return (int) i;
  return -1;
}

/* A blue badge with a white cross in the empty corner right of the apex: just drawn. */
static void
draw_fresh_badge (cairo_t      *cr,
                  const double  pts[3][2])
{
  double cx, cy, side, r, x, y;

  trio_tri_shape_of (pts, &cx, &cy, &side);
  r = MAX (side * 0.1, 5.0);
  x = pts[0][0] + side * 0.5 - r;
  y = pts[0][1] + r;
  cairo_save (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, MAX (r * 0.22, 1.0));
  cairo_stroke (cr);
  cairo_set_line_width (cr, MAX (r * 0.3, 1.5));
  cairo_move_to (cr, x - r * 0.5, y);
  cairo_line_to (cr, x + r * 0.5, y);
  cairo_move_to (cr, x, y - r * 0.5);
  cairo_line_to (cr, x, y + r * 0.5);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
trio_tri_draw_hand_tile (cairo_t           *cr,
                         const TrioTriHand *hand,
                         guint              i,
                         const double       pts[3][2])
{
  guint64 bit = TRIO_TRI_TILE_BIT (hand->tiles[i]);

  if (!hand->face_up)
    {
      trio_tri_draw_back (cr, pts);
      return;
    }
  if ((hand->lifted & bit) != 0)
    return;
  if ((hand->hinted & bit) != 0)
    {
      /* The glow of the hint's tile on the table (trio_tri_draw_tile()), a little wider. */
      GdkRGBA glow = { 0.35, 0.85, 1.0, 1.0 };
      double cx, cy, side;

      trio_tri_shape_of (pts, &cx, &cy, &side);
      trio_tri_draw_outline (cr, pts, &glow, MAX (side * 0.07, 3.0));
    }
  if ((hand->dimmed & bit) != 0)
    {
      /* Faded: it fits nowhere on the table now. */
      cairo_push_group (cr);
      trio_tri_draw_tile (cr, pts, hand->values[i], TRIO_TILE_NORMAL);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.4);
    }
  else
    trio_tri_draw_tile (cr, pts, hand->values[i], TRIO_TILE_NORMAL);
  if ((int) i == hand->selected)
    {
      GdkRGBA gold = { 1.0, 0.8, 0.2, 1.0 };

      trio_tri_draw_outline (cr, pts, &gold, 3);
    }
  if ((hand->fresh & bit) != 0)
    draw_fresh_badge (cr, pts);
}
