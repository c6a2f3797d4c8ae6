/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-render.c: drawing Triomino tiles and the triangular grid with Cairo, and the
 * legal placements as the rule set describes them, for the view */

#include "trio-triomino-render.h"

#include <math.h>
#include <string.h>

#define SQRT3_2 0.86602540378443864676

void
trio_tri_corner_values (int       tile,
                        int       rotation,
                        gboolean  up,
                        int       values[3])
{
  int v[3];
  int shift = up ? rotation : rotation + 1;

  bg_triomino_tile_values (tile, v);
  for (int i = 0; i < 3; i++)
    values[i] = v[(shift + i) % 3];
}

void
trio_tri_geometry_fit (TrioTriGeometry *geom,
                       double           width,
                       double           height,
                       int              min_row,
                       int              max_row,
                       int              min_x,
                       int              max_x,
                       double           max_side)
{
  double pad = 8;
  double half_sides = MAX (max_x - min_x, 1);
  double rows = MAX (max_row - min_row + 1, 1);
  double side = max_side;
  double h;

  side = MIN (side, MAX (width - 2 * pad, 1) / (half_sides / 2));
  side = MIN (side, MAX (height - 2 * pad, 1) / (rows * SQRT3_2));
  h = side * SQRT3_2;
  geom->side = side;
  geom->ox = width / 2 - (min_x + max_x) / 2.0 * side / 2;
  geom->oy = height / 2 - (min_row + max_row + 1) / 2.0 * h;
}

void
trio_tri_triangle_points (const TrioTriGeometry *geom,
                          int                    row,
                          int                    col,
                          double                 pts[3][2])
{
  double h = geom->side * SQRT3_2;

  for (int i = 0; i < 3; i++)
    {
      int y, x;

      bg_triomino_corner_vertex (row, col, i, &y, &x);
      pts[i][0] = geom->ox + x * geom->side / 2;
      pts[i][1] = geom->oy + y * h;
    }
}

gboolean
trio_tri_point_in (const double pts[3][2],
                   double       x,
                   double       y)
{
  double d[3];
  gboolean neg, pos;

  for (int i = 0; i < 3; i++)
    {
      const double *a = pts[i], *b = pts[(i + 1) % 3];

      d[i] = (x - b[0]) * (a[1] - b[1]) - (a[0] - b[0]) * (y - b[1]);
    }
  neg = d[0] < 0 || d[1] < 0 || d[2] < 0;
  pos = d[0] > 0 || d[1] > 0 || d[2] > 0;
  return !(neg && pos);
}

gboolean
trio_tri_triangle_at (const TrioTriGeometry *geom,
                      double                 x,
                      double                 y,
                      int                   *row,
                      int                   *col)
{
  double h = geom->side * SQRT3_2;
  int r, c;

  if (geom->side <= 0)
    return FALSE;
  r = (int) floor ((y - geom->oy) / h);
  c = (int) floor ((x - geom->ox) / (geom->side / 2));
  /* Triangle col spans half-side columns col .. col + 2: two of them cover any x. */
  for (int cc = c - 1; cc <= c; cc++)
    {
      double pts[3][2];

      trio_tri_triangle_points (geom, r, cc, pts);
      if (trio_tri_point_in (pts, x, y))
        {
          *row = r;
          *col = cc;
          return TRUE;
        }
    }
  return FALSE;
}

void
trio_tri_up_points (double x,
                    double y,
                    double side,
                    double pts[3][2])
{
  pts[0][0] = x + side / 2;
  pts[0][1] = y;
  pts[1][0] = x + side;
  pts[1][1] = y + side * SQRT3_2;
  pts[2][0] = x;
  pts[2][1] = y + side * SQRT3_2;
}

void
trio_tri_value_color (int      value,
                      GdkRGBA *color)
{
  /* 0 grey, 1 red, 2 orange, 3 green, 4 blue, 5 purple: distinct in hue and lightness. */
  static const guint32 colors[] = {
    0x7d7d7d, 0xd0342c, 0xe07b00, 0x2b9440, 0x2467c9, 0x8636be,
  };
  guint32 rgb = colors[CLAMP (value, 0, 5)];

  color->red = ((rgb >> 16) & 0xff) / 255.0;
  color->green = ((rgb >> 8) & 0xff) / 255.0;
  color->blue = (rgb & 0xff) / 255.0;
  color->alpha = 1;
}

void
trio_tri_seat_color (int      seat,
                     GdkRGBA *color)
{
  /* Gold, blue, coral, purple, orange, white: apart from each other and from the green felt
   * and the cream tiles. */
  static const guint32 colors[] = {
    0xf5c211, 0x62a0ea, 0xf66151, 0xc061cb, 0xffa348, 0xffffff,
  };
  guint32 rgb = colors[CLAMP (seat, 0, (int) G_N_ELEMENTS (colors) - 1)];

  color->red = ((rgb >> 16) & 0xff) / 255.0;
  color->green = ((rgb >> 8) & 0xff) / 255.0;
  color->blue = (rgb & 0xff) / 255.0;
  color->alpha = 1;
}

void
trio_tri_draw_lattice (cairo_t               *cr,
                       const TrioTriGeometry *geom,
                       double                 width,
                       double                 height)
{
  double s2 = geom->side / 2, h = geom->side * SQRT3_2;
  int y0, y1, x0, x1;

  if (geom->side < 4)
    return;
  y0 = (int) floor (-geom->oy / h) - 1;
  y1 = (int) ceil ((height - geom->oy) / h) + 1;
  x0 = (int) floor (-geom->ox / s2) - 1;
  x1 = (int) ceil ((width - geom->ox) / s2) + 1;

  cairo_save (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.07);
  cairo_set_line_width (cr, 1);
  for (int y = y0; y <= y1; y++)
    {
      cairo_move_to (cr, 0, geom->oy + y * h);
      cairo_line_to (cr, width, geom->oy + y * h);
    }
  /* The slanted sides join vertices with x + y odd, along x + y = k and x - y = k. */
  for (int k = MIN (x0 + y0, x0 - y1); k <= MAX (x1 + y1, x1 - y0); k++)
    {
      if ((k & 1) == 0)
        continue;
      cairo_move_to (cr, geom->ox + (k - y0) * s2, geom->oy + y0 * h);
      cairo_line_to (cr, geom->ox + (k - y1) * s2, geom->oy + y1 * h);
      cairo_move_to (cr, geom->ox + (k + y0) * s2, geom->oy + y0 * h);
      cairo_line_to (cr, geom->ox + (k + y1) * s2, geom->oy + y1 * h);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
centroid (const double pts[3][2],
          double      *cx,
          double      *cy)
{
  *cx = (pts[0][0] + pts[1][0] + pts[2][0]) / 3;
  *cy = (pts[0][1] + pts[1][1] + pts[2][1]) / 3;
}

static double
side_of (const double pts[3][2])
{
  return hypot (pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]);
}

/* pts moved towards the centre by inset pixels (measured at the corners). */
static void
shrink (const double pts[3][2],
        double       inset,
        double       out[3][2])
{
  double cx, cy, r;

  centroid (pts, &cx, &cy);
  r = hypot (pts[0][0] - cx, pts[0][1] - cy);
  for (int i = 0; i < 3; i++)
    {
      double f = r > inset ? (r - inset) / r : 0;

      out[i][0] = cx + (pts[i][0] - cx) * f;
      out[i][1] = cy + (pts[i][1] - cy) * f;
    }
}

static void
rounded_path (cairo_t      *cr,
              const double  pts[3][2],
              double        radius)
{
  cairo_new_path (cr);
  for (int i = 0; i < 3; i++)
    {
      const double *p = pts[i], *prev = pts[(i + 2) % 3], *next = pts[(i + 1) % 3];
      double lp = hypot (prev[0] - p[0], prev[1] - p[1]);
      double ln = hypot (next[0] - p[0], next[1] - p[1]);
      double ax = p[0] + (prev[0] - p[0]) * radius / lp, ay = p[1] + (prev[1] - p[1]) * radius / lp;
      double bx = p[0] + (next[0] - p[0]) * radius / ln, by = p[1] + (next[1] - p[1]) * radius / ln;

      if (i == 0)
        cairo_move_to (cr, ax, ay);
      else
        cairo_line_to (cr, ax, ay);
      /* A cubic through the corner's control points approximates a round corner. */
      cairo_curve_to (cr, ax + (p[0] - ax) * 2 / 3, ay + (p[1] - ay) * 2 / 3,
                      bx + (p[0] - bx) * 2 / 3, by + (p[1] - by) * 2 / 3, bx, by);
    }
  cairo_close_path (cr);
}

static void
draw_value (cairo_t      *cr,
            const double  corner[2],
            double        cx,
            double        cy,
            double        side,
            int           value)
{
  GdkRGBA color;
  cairo_text_extents_t ext;
  char digit[2] = { (char) ('0' + value), 0 };
  double dx = cx - corner[0], dy = cy - corner[1];
  double tx = corner[0] + dx * 0.36, ty = corner[1] + dy * 0.36;

  trio_tri_value_color (value, &color);
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, side * 0.2);
  cairo_text_extents (cr, digit, &ext);
  cairo_move_to (cr, tx - ext.width / 2 - ext.x_bearing, ty - ext.height / 2 - ext.y_bearing);
  cairo_show_text (cr, digit);

  /* As on the real tiles, n small dots repeat the value, across the line to the centre. */
  if (side >= 36 && value > 0)
    {
      double len = hypot (dx, dy);
      double px = -dy / len, py = dx / len;
      double bx = corner[0] + dx * 0.62, by = corner[1] + dy * 0.62;
      double gap = side * 0.058, radius = MAX (side * 0.019, 1.0);

      for (int k = 0; k < value; k++)
        {
          double off = (k - (value - 1) / 2.0) * gap;

          cairo_new_sub_path (cr);
          cairo_arc (cr, bx + px * off, by + py * off, radius, 0, 2 * G_PI);
        }
      cairo_fill (cr);
    }
}

void
trio_tri_draw_tile (cairo_t       *cr,
                    const double   pts[3][2],
                    const int      values[3],
                    TrioTileStyle  style)
{
  double side = side_of (pts);
  double face[3][2], cx, cy;
  cairo_pattern_t *gradient;

  shrink (pts, MAX (side * 0.035, 1.0), face);
  centroid (face, &cx, &cy);

  cairo_save (cr);
  if (style == TRIO_TILE_NORMAL)
    {
      /* A soft shadow below and to the right: the tiles lie on the cloth. */
      cairo_save (cr);
      cairo_translate (cr, side * 0.015, side * 0.03);
      rounded_path (cr, face, side * 0.08);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
      cairo_fill (cr);
      cairo_restore (cr);
    }
  else
    cairo_push_group (cr);

  rounded_path (cr, face, side * 0.08);
  gradient = cairo_pattern_create_linear (cx, cy - side * 0.5, cx, cy + side * 0.5);
  cairo_pattern_add_color_stop_rgb (gradient, 0, 0.995, 0.98, 0.93);
  cairo_pattern_add_color_stop_rgb (gradient, 1, 0.90, 0.86, 0.76);
  cairo_set_source (cr, gradient);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (gradient);
  cairo_set_source_rgba (cr, 0.35, 0.27, 0.16, 0.85);
  cairo_set_line_width (cr, MAX (side * 0.018, 1.0));
  cairo_stroke (cr);

  for (int i = 0; i < 3; i++)
    draw_value (cr, face[i], cx, cy, side, values[i]);

  if (style != TRIO_TILE_NORMAL)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, style == TRIO_TILE_HINT ? 0.85 : 0.7);
    }
  if (style == TRIO_TILE_HINT)
    {
      GdkRGBA glow = { 0.35, 0.85, 1.0, 1.0 };

      trio_tri_draw_outline (cr, pts, &glow, MAX (side * 0.05, 2.0));
    }
  cairo_restore (cr);
}

void
trio_tri_draw_back (cairo_t      *cr,
                    const double  pts[3][2])
{
  double side = side_of (pts);
  double face[3][2], inner[3][2], cx, cy;
  cairo_pattern_t *gradient;

  shrink (pts, MAX (side * 0.035, 1.0), face);
  shrink (pts, side * 0.16, inner);
  centroid (face, &cx, &cy);

  cairo_save (cr);
  rounded_path (cr, face, side * 0.08);
  gradient = cairo_pattern_create_linear (cx, cy - side * 0.5, cx, cy + side * 0.5);
  cairo_pattern_add_color_stop_rgb (gradient, 0, 0.45, 0.16, 0.14);
  cairo_pattern_add_color_stop_rgb (gradient, 1, 0.27, 0.08, 0.07);
  cairo_set_source (cr, gradient);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (gradient);
  cairo_set_source_rgba (cr, 0.1, 0.03, 0.02, 0.9);
  cairo_set_line_width (cr, MAX (side * 0.018, 1.0));
  cairo_stroke (cr);
  /* A gilt triangle on the back, like the maker's mark. */
  rounded_path (cr, inner, side * 0.04);
  cairo_set_source_rgba (cr, 0.86, 0.7, 0.35, 0.7);
  cairo_set_line_width (cr, MAX (side * 0.025, 1.0));
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
trio_tri_draw_target (cairo_t      *cr,
                      const double  pts[3][2],
                      gboolean      cursor)
{
  double side = side_of (pts);
  double face[3][2];
  static const double dash[] = { 4, 3 };

  shrink (pts, MAX (side * 0.05, 1.5), face);
  cairo_save (cr);
  rounded_path (cr, face, side * 0.06);
  if (cursor)
    {
      cairo_set_source_rgba (cr, 1, 1, 1, 0.3);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
      cairo_set_line_width (cr, 3);
    }
  else
    {
      cairo_set_source_rgba (cr, 1, 0.93, 0.55, 0.2);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1, 0.93, 0.55, 0.8);
      cairo_set_line_width (cr, 1.5);
      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
trio_tri_draw_outline (cairo_t       *cr,
                       const double   pts[3][2],
                       const GdkRGBA *color,
                       double         width)
{
  double side = side_of (pts);
  double face[3][2];

  shrink (pts, MAX (side * 0.035, 1.0) - width / 2, face);
  cairo_save (cr);
  rounded_path (cr, face, side * 0.1);
  gdk_cairo_set_source_rgba (cr, color);
  cairo_set_line_width (cr, width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The table's background */

void
trio_tri_geometry_fit_placed (TrioTriGeometry        *geom,
                              double                  width,
                              double                  height,
                              const BgTriominoPlaced *placed,
                              guint                   n_placed,
                              double                  max_side)
{
  int min_row = 0, max_row = 0, min_x = 0, max_x = 2;

  for (guint i = 0; i < n_placed; i++)
    {
      min_row = MIN (min_row, placed[i].row);
      max_row = MAX (max_row, placed[i].row);
      min_x = MIN (min_x, placed[i].col);
      max_x = MAX (max_x, placed[i].col + 2);
    }
  /* A margin of one row of tiles all round, where the next tiles may go. */
  trio_tri_geometry_fit (geom, width, height, min_row - 1, max_row + 1, min_x - 2, max_x + 2,
                         max_side);
}

void
trio_tri_turned_points (double cx,
                        double cy,
                        double side,
                        double angle,
                        double squash,
                        double pts[3][2])
{
  static const double corners[3] = { -90, 30, 150 };
  double r = side / (2 * SQRT3_2), a = angle * G_PI / 180;

  for (int i = 0; i < 3; i++)
    {
      double b = corners[i] * G_PI / 180;
      double x = r * cos (b) * squash, y = r * sin (b);

      pts[i][0] = cx + x * cos (a) - y * sin (a);
      pts[i][1] = cy + x * sin (a) + y * cos (a);
    }
}

void
trio_tri_shape_of (const double  pts[3][2],
                   double       *cx,
                   double       *cy,
                   double       *side)
{
  centroid (pts, cx, cy);
  *side = side_of (pts);
}

static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

void
trio_tri_draw_label (cairo_t       *cr,
                     PangoLayout   *layout,
                     double         x,
                     double         y,
                     const GdkRGBA *color)
{
  int tw, th;
  double w, h;

  pango_layout_get_pixel_size (layout, &tw, &th);
  w = tw + 20;
  h = th + 8;
  cairo_save (cr);
  rounded_rect (cr, x + 1, y + 2, w, h, h / 2);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_fill (cr);
  rounded_rect (cr, x, y, w, h, h / 2);
  gdk_cairo_set_source_rgba (cr, color);
  cairo_fill (cr);
  cairo_move_to (cr, x + 10, y + 4);
  cairo_set_source_rgb (cr, 0.1, 0.08, 0.12);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* Legal placements */

gboolean
trio_tri_decode_placement (const BgGame     *game,
                           BgMove            move,
                           TrioTriPlacement *out)
{
  BgMoveInfo info;

  if (!bg_game_describe_move (game, move, &info) || (info.flags & BG_MOVE_PLACES) == 0
      || info.tile < 0)
    return FALSE;
  out->move = move;
  out->tile = info.tile;
  out->row = info.row;
  out->col = info.col;
  for (int r = 0; r < 3; r++)
    {
      int c[3];

      trio_tri_corner_values (out->tile, r, bg_triomino_triangle_is_up (info.row, info.col), c);
      if (c[0] == info.values[0] && c[1] == info.values[1] && c[2] == info.values[2])
        {
          out->rotation = r;
          return TRUE;
        }
    }
  return FALSE;
}

void
trio_tri_read_legal_moves (const BgGame *game,
                           GArray       *placements,
                           BgMove       *draw_move,
                           BgMove       *pass_move)
{
  g_autoptr (GArray) moves = NULL;

  g_array_set_size (placements, 0);
  *draw_move = *pass_move = BG_MOVE_NONE;
  if (game == NULL)
    return;
  moves = bg_game_get_legal_moves (game);
  for (guint i = 0; i < moves->len; i++)
    {
      BgMove move = g_array_index (moves, BgMove, i);
      BgMoveInfo info;
      TrioTriPlacement p;

      if (!bg_game_describe_move (game, move, &info))
        continue;
      if ((info.flags & BG_MOVE_DRAWS) != 0)
        *draw_move = move;
      else if ((info.flags & BG_MOVE_PASSES) != 0)
        *pass_move = move;
      else if (trio_tri_decode_placement (game, move, &p))
        g_array_append_val (placements, p);
    }
}

const TrioTriPlacement *
trio_tri_find_placement (GArray *placements,
                         int     tile,
                         int     row,
                         int     col,
                         int     rotation)
{
  const TrioTriPlacement *first = NULL;

  for (guint i = 0; i < placements->len; i++)
    {
      const TrioTriPlacement *p = &g_array_index (placements, TrioTriPlacement, i);

      if (p->tile != tile || p->row != row || p->col != col)
        continue;
      if (p->rotation == rotation)
        return p;
      if (first == NULL)
        first = p;
    }
  return first;
}

GArray *
trio_tri_candidates (GArray *placements,
                     int     tile)
{
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (int) * 2);

  for (guint i = 0; tile >= 0 && i < placements->len; i++)
    {
      const TrioTriPlacement *p = &g_array_index (placements, TrioTriPlacement, i);
      int cell[2] = { p->row, p->col };
      gboolean seen = FALSE;

      if (p->tile != tile)
        continue;
      for (guint j = 0; j < cells->len && !seen; j++)
        seen = memcmp (&g_array_index (cells, int, 2 * j), cell, sizeof cell) == 0;
      if (!seen)
        g_array_append_vals (cells, cell, 1);
    }
  return cells;
}

void
trio_tri_cell_center (int     row,
                      int     col,
                      double *x,
                      double *y)
{
  *x = (col + 1) * 0.5;
  *y = (row + (bg_triomino_triangle_is_up (row, col) ? 2.0 : 1.0) / 3) * SQRT3_2;
}

int
trio_tri_step_cell (GArray *cells,
                    int     row,
                    int     col,
                    int     dx,
                    int     dy)
{
  double cx, cy, best_cost = G_MAXDOUBLE;
  int best = -1;

  trio_tri_cell_center (row, col, &cx, &cy);
  for (guint i = 0; i < cells->len; i++)
    {
      double x, y, along, across, cost;

      trio_tri_cell_center (g_array_index (cells, int, 2 * i),
                            g_array_index (cells, int, 2 * i + 1), &x, &y);
      along = (x - cx) * dx + (y - cy) * dy;
      across = fabs ((x - cx) * dy - (y - cy) * dx);
      if (along < 0.1)
        continue;
      /* Prefer the nearest triangle straight ahead over one off to the side. */
      cost = along + 2 * across;
      if (cost < best_cost)
        {
          best_cost = cost;
          best = (int) i;
        }
    }
  return best;
}
