/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-render-points.c: the boards of points (Marelle triple, nine men's morris, Triple Alliance)
 *
 * The board art is an SVG of the gresource with a viewBox of 0 0 800 800; the points lie on
 * a grid whose origin and step match the SVG files (see the comment at the top of each):
 * the point of file f and rank r is at x = 100 + f * step, y = 700 - r * step, with a step
 * of 100 on the 7 x 7 morris grid and 150 on the 5 x 5 Triple Alliance grid. Everything is
 * drawn in those board units, scaled to the widget.
 */

#include <math.h>
#include <stdlib.h>
#include <glib/gi18n.h>

#include "trio-render-points.h"
#include "trio-render-advice.h"

#define BOARD_SIZE 800.0
#define GRID_ORIGIN 100.0

typedef struct
{
  RsvgHandle    *svg;
  const BgRules *rules;
  guint          n_points;
  double        *px, *py;     /* point centres in board units */
  double         step;        /* the grid step in board units */
  double         radius;      /* a piece's radius */
  gboolean       morris;      /* white/black pieces rather than light/dark */
} PointsBoard;

/* Highlight colours. */
static const double TARGET_RGB[3] = { 0.16, 0.52, 0.30 };
static const double REMOVE_RGB[3] = { 0.80, 0.14, 0.10 };
static const double SELECT_RGB[3] = { 0.96, 0.71, 0.10 };
static const double LAST_RGB[3] = { 0.93, 0.55, 0.12 };
static const double HINT_RGB[3] = { 0.42, 0.25, 0.85 };
static const double CURSOR_RGB[3] = { 0.21, 0.52, 0.89 };
static const double LINE_RGB[3] = { 0.99, 0.80, 0.16 };     /* a winning line, a mill */

static void
points_destroy (gpointer data)
{
  PointsBoard *self = data;

  if (self == NULL)
    return;
  g_clear_object (&self->svg);
  g_free (self->px);
  g_free (self->py);
  g_free (self);
}

gpointer
trio_render_points_new (const BgGame          *game,
                        const TrioPointsStyle *style,
                        GError               **error)
{
  const BgRules *rules = bg_game_get_rules (game);
  PointsBoard *self;

  self = g_new0 (PointsBoard, 1);
  self->rules = rules;
  self->n_points = rules->n_locations;
  self->step = style->step;
  self->radius = style->radius;
  self->morris = style->morris;

  self->svg = trio_board_load_svg (style->picture, error);
  if (self->svg == NULL)
    {
      points_destroy (self);
      return NULL;
    }

  /* The geometry comes from the location names ("a1"), so it needs no table of its own. */
  self->px = g_new (double, self->n_points);
  self->py = g_new (double, self->n_points);
  for (guint i = 0; i < self->n_points; i++)
    {
      char name[8];

      rules->location_name (i, name, sizeof name);
      self->px[i] = GRID_ORIGIN + (name[0] - 'a') * self->step;
      self->py[i] = BOARD_SIZE - GRID_ORIGIN - (atoi (name + 1) - 1) * self->step;
    }
  return self;
}

/* The board is a square centred in the widget: its offset and scale. */
static void
board_transform (double  width,
                 double  height,
                 double *ox,
                 double *oy,
                 double *k)
{
  double side = MIN (width, height);

  *k = side / BOARD_SIZE;
  *ox = (width - side) / 2.0;
  *oy = (height - side) / 2.0;
}

/* A stroke width in board units, never thinner than a logical pixel and a bit. */
static double
stroke (double units,
        double px)
{
  return MAX (units, 1.25 * px);
}

static void
set_rgba (cairo_t      *cr,
          const double *rgb,
          double        alpha)
{
  cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], alpha);
}

void
trio_render_points_seat_color (int      seat,
                               GdkRGBA *color)
{
  /* The middle of the pieces' gradients (draw_piece). */
  *color = seat == 0 ? (GdkRGBA) { 0.93, 0.89, 0.81, 1 } : (GdkRGBA) { 0.17, 0.17, 0.19, 1 };
}

static void
draw_piece (PointsBoard *self,
            cairo_t     *cr,
            double       x,
            double       y,
            int          owner,
            double       alpha,
            gboolean     lifted)
{
  double r = self->radius * (lifted ? 1.08 : 1.0);
  double shadow_dx = r * (lifted ? 0.22 : 0.07), shadow_dy = r * (lifted ? 0.32 : 0.12);
  gboolean light = owner == 0;
  cairo_pattern_t *pat;

  if (alpha < 1.0)
    cairo_push_group (cr);

  /* A soft shadow: a radial fade just below the disc. */
  pat = cairo_pattern_create_radial (x + shadow_dx, y + shadow_dy, r * 0.7,
                                     x + shadow_dx, y + shadow_dy, r * 1.12);
  cairo_pattern_add_color_stop_rgba (pat, 0, 0, 0, 0, lifted ? 0.35 : 0.5);
  cairo_pattern_add_color_stop_rgba (pat, 1, 0, 0, 0, 0);
  cairo_set_source (cr, pat);
  cairo_arc (cr, x + shadow_dx, y + shadow_dy, r * 1.12, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_pattern_destroy (pat);

  /* The body, lit from the top left. */
  pat = cairo_pattern_create_radial (x - 0.35 * r, y - 0.4 * r, 0.05 * r, x, y, 1.05 * r);
  if (light)
    {
      cairo_pattern_add_color_stop_rgb (pat, 0, 1.0, 0.99, 0.96);
      cairo_pattern_add_color_stop_rgb (pat, 0.55, 0.93, 0.89, 0.81);
      cairo_pattern_add_color_stop_rgb (pat, 1, 0.76, 0.70, 0.58);
    }
  else
    {
      cairo_pattern_add_color_stop_rgb (pat, 0, 0.43, 0.43, 0.46);
      cairo_pattern_add_color_stop_rgb (pat, 0.5, 0.17, 0.17, 0.19);
      cairo_pattern_add_color_stop_rgb (pat, 1, 0.05, 0.05, 0.06);
    }
  cairo_set_source (cr, pat);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_pattern_destroy (pat);

  /* The rim, and a turned groove that makes it read as a draughtsman. */
  cairo_set_line_width (cr, 0.06 * r);
  if (light)
    cairo_set_source_rgba (cr, 0.45, 0.36, 0.22, 0.85);
  else
    cairo_set_source_rgba (cr, 0, 0, 0, 0.9);
  cairo_arc (cr, x, y, r - 0.03 * r, 0, 2 * G_PI);
  cairo_stroke (cr);

  cairo_set_line_width (cr, 0.05 * r);
  if (light)
    cairo_set_source_rgba (cr, 0.55, 0.46, 0.32, 0.45);
  else
    cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
  cairo_arc (cr, x, y, 0.66 * r, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, light ? 0.6 : 0.12);
  cairo_arc (cr, x + 0.03 * r, y + 0.04 * r, 0.66 * r, 0.1 * G_PI, 0.9 * G_PI);
  cairo_stroke (cr);

  /* A small specular highlight. */
  pat = cairo_pattern_create_radial (x - 0.38 * r, y - 0.42 * r, 0,
                                     x - 0.38 * r, y - 0.42 * r, 0.45 * r);
  cairo_pattern_add_color_stop_rgba (pat, 0, 1, 1, 1, light ? 0.7 : 0.35);
  cairo_pattern_add_color_stop_rgba (pat, 1, 1, 1, 1, 0);
  cairo_set_source (cr, pat);
  cairo_arc (cr, x - 0.38 * r, y - 0.42 * r, 0.45 * r, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_pattern_destroy (pat);

  if (alpha < 1.0)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, alpha);
    }
}

/* A ring around a point, with a thin dark edge so that it shows on light and dark pieces. */
static void
draw_ring (cairo_t      *cr,
           double        x,
           double        y,
           double        radius,
           double        width,
           const double *rgb,
           double        alpha)
{
  cairo_set_line_width (cr, width + 2.0);
  cairo_set_source_rgba (cr, 0.1, 0.06, 0.02, 0.35 * alpha);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_set_line_width (cr, width);
  set_rgba (cr, rgb, alpha);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  cairo_stroke (cr);
}

static void
draw_dot (cairo_t      *cr,
          double        x,
          double        y,
          double        radius,
          const double *rgb,
          double        alpha)
{
  cairo_pattern_t *pat = cairo_pattern_create_radial (x, y, 0, x, y, radius);

  cairo_pattern_add_color_stop_rgba (pat, 0, rgb[0], rgb[1], rgb[2], alpha);
  cairo_pattern_add_color_stop_rgba (pat, 0.7, rgb[0], rgb[1], rgb[2], alpha * 0.85);
  cairo_pattern_add_color_stop_rgba (pat, 1, rgb[0], rgb[1], rgb[2], 0);
  cairo_set_source (cr, pat);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_pattern_destroy (pat);
}

static void
draw_cross (cairo_t      *cr,
            double        x,
            double        y,
            double        size,
            double        width,
            const double *rgb,
            double        alpha)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, width);
  set_rgba (cr, rgb, alpha);
  cairo_move_to (cr, x - size, y - size);
  cairo_line_to (cr, x + size, y + size);
  cairo_move_to (cr, x + size, y - size);
  cairo_line_to (cr, x - size, y + size);
  cairo_stroke (cr);
}

/* An arrow between the ring around a piece and the ring on its destination. */
static void
draw_arrow (PointsBoard  *self,
            cairo_t      *cr,
            guint         from,
            guint         to,
            double        width,
            const double *rgb,
            double        alpha)
{
  double x0 = self->px[from], y0 = self->py[from], x1 = self->px[to], y1 = self->py[to];
  double len = hypot (x1 - x0, y1 - y0), ux, uy, head = 22, half = 12;

  if (len < 1)
    return;
  ux = (x1 - x0) / len;
  uy = (y1 - y0) / len;
  x0 += ux * (self->radius + 6);
  y0 += uy * (self->radius + 6);
  x1 -= ux * (self->radius * 0.8 + 6);
  y1 -= uy * (self->radius * 0.8 + 6);
  if ((x1 - x0) * ux + (y1 - y0) * uy < head)
    return;

  set_rgba (cr, rgb, alpha);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_width (cr, width);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1 - ux * head * 0.8, y1 - uy * head * 0.8);
  cairo_stroke (cr);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x1 - ux * head - uy * half, y1 - uy * head + ux * half);
  cairo_line_to (cr, x1 - ux * head + uy * half, y1 - uy * head - ux * half);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static gboolean
contains (const guint *list,
          guint        n,
          guint        location)
{
  for (guint i = 0; i < n; i++)
    if (list[i] == location)
      return TRUE;
  return FALSE;
}

/* A seat's last move: the point left marked, the destination ringed, a removal crossed;
 * the game's last move (age 0) strong, the other player's before it fainter and smaller
 * (its removal, long done, is left out). */
static void
draw_seat_move (PointsBoard        *self,
                cairo_t            *cr,
                const TrioSeatMove *seat,
                double              px)
{
  guint locs[BG_MAX_MOVE_LOCATIONS];
  double strength = seat->age == 0 ? 1.0 : 0.7, size = seat->age == 0 ? 1.0 : 0.85;
  guint n = self->rules->move_locations (seat->position, seat->move, locs);

  for (guint i = 0; i < n; i++)
    {
      int before;
      double x, y;

      if (locs[i] >= self->n_points)
        continue;
      before = self->rules->piece_at (seat->position, locs[i]);
      x = self->px[locs[i]];
      y = self->py[locs[i]];
      if (before != BG_NO_PIECE && BG_PIECE_OWNER (before) != seat->player)
        {
          if (seat->age == 0)
            {
              draw_dot (cr, x, y, self->radius * 0.75, REMOVE_RGB, 0.3);
              draw_cross (cr, x, y, self->radius * 0.34, stroke (7, px), REMOVE_RGB, 0.85);
            }
        }
      else if (before != BG_NO_PIECE && i + 1 < n)
        {
          /* Where the piece came from: a hollow ring on the empty point. */
          cairo_set_line_width (cr, stroke (4.5 * size, px));
          set_rgba (cr, LAST_RGB, 0.85 * strength);
          cairo_arc (cr, x, y, self->radius * 0.55 * size, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
      else
        draw_dot (cr, x, y, self->radius * 1.45, LAST_RGB, 0.8 * strength);
    }
}

static void
draw_last_moves (PointsBoard          *self,
                 cairo_t              *cr,
                 const TrioBoardState *state,
                 double                px)
{
  /* The oldest first, so that the last move lies on top. */
  for (guint i = state->n_seat_moves; i > 0; i--)
    if (state->seat_moves[i - 1].position != NULL
        && state->seat_moves[i - 1].move != BG_MOVE_NONE)
      draw_seat_move (self, cr, &state->seat_moves[i - 1], px);
}

/* The lines of the engine's marks (a winning line of three, a mill): a gold band under the
 * pieces from end to end, with a dark edge that reads on the light and the dark wood. */
static void
draw_mark_bands (PointsBoard          *self,
                 cairo_t              *cr,
                 const TrioBoardState *state,
                 double                px)
{
  for (guint m = 0; m < state->n_marks; m++)
    {
      const BgMark *mark = &state->marks[m];
      guint first = mark->locations[0], last = mark->locations[mark->n_locations - 1];

      if (mark->kind == BG_MARK_CHECK || mark->n_locations < 2 || first >= self->n_points
          || last >= self->n_points)
        continue;
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_move_to (cr, self->px[first], self->py[first]);
      cairo_line_to (cr, self->px[last], self->py[last]);
      cairo_set_line_width (cr, self->radius * 0.62 + stroke (6, 2 * px));
      cairo_set_source_rgba (cr, 0.22, 0.12, 0.02, 0.75);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, self->radius * 0.62);
      set_rgba (cr, LINE_RGB, 1.0);
      cairo_stroke (cr);
    }
}

/* Above the pieces: a gold ring round every piece of a marked line. */
static void
draw_mark_rings (PointsBoard          *self,
                 cairo_t              *cr,
                 const TrioBoardState *state,
                 double                px)
{
  for (guint m = 0; m < state->n_marks; m++)
    for (guint i = 0; i < state->marks[m].n_locations; i++)
      {
        guint l = state->marks[m].locations[i];

        if (state->marks[m].kind != BG_MARK_CHECK && l < self->n_points)
          draw_ring (cr, self->px[l], self->py[l], self->radius + 5, stroke (8, px), LINE_RGB,
                     1.0);
      }
}

static gboolean
is_hidden (const TrioBoardState *state,
           guint                 location)
{
  for (guint i = 0; i < state->n_hidden; i++)
    if (state->hidden[i] == location)
      return TRUE;
  return FALSE;
}

/* The pieces of a move under way, where the animation puts them. */
static void
draw_sprites (PointsBoard          *self,
              cairo_t              *cr,
              const TrioBoardState *state,
              double                ox,
              double                oy,
              double                k)
{
  for (guint i = 0; i < state->n_sprites; i++)
    {
      const TrioBoardSprite *sprite = &state->sprites[i];
      double x = (sprite->x - ox) / k, y = (sprite->y - oy) / k;

      if (sprite->alpha <= 0 || sprite->piece == BG_NO_PIECE)
        continue;
      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_scale (cr, sprite->scale, sprite->scale);
      draw_piece (self, cr, 0, 0, BG_PIECE_OWNER (sprite->piece), MIN (sprite->alpha, 1.0),
                  FALSE);
      cairo_restore (cr);
    }
}

static void
draw_hint (PointsBoard          *self,
           cairo_t              *cr,
           const TrioBoardState *state,
           double                px)
{
  guint locs[BG_MAX_MOVE_LOCATIONS];
  const void *pos = state->position;
  double dashes[] = { 12, 7 };
  guint n, to_index = 0;
  int mover;

  if (state->hint == BG_MOVE_NONE)
    return;
  n = self->rules->move_locations (pos, state->hint, locs);
  if (n == 0)
    return;
  mover = self->rules->player_to_move (pos);
  /* A move starts on a piece of the mover; a placement does not. */
  if (n >= 2 && self->rules->piece_at (pos, locs[0]) != BG_NO_PIECE
      && BG_PIECE_OWNER (self->rules->piece_at (pos, locs[0])) == mover)
    {
      draw_ring (cr, self->px[locs[0]], self->py[locs[0]], self->radius + 5, stroke (6, px),
                 HINT_RGB, 0.95);
      draw_arrow (self, cr, locs[0], locs[1], stroke (7, px), HINT_RGB, 0.9);
      to_index = 1;
    }
  cairo_set_dash (cr, dashes, 2, 0);
  draw_ring (cr, self->px[locs[to_index]], self->py[locs[to_index]], self->radius * 0.8,
             stroke (6, px), HINT_RGB, 0.95);
  cairo_set_dash (cr, NULL, 0, 0);
  for (guint i = to_index + 1; i < n; i++)
    draw_cross (cr, self->px[locs[i]], self->py[locs[i]], self->radius * 0.45,
                stroke (8, px), HINT_RGB, 0.9);
}

/* The advisor's badges: centred on a free point, at the top right of a piece. */
static void
draw_advice (PointsBoard          *self,
             cairo_t              *cr,
             const TrioBoardState *state,
             double                px)
{
  for (guint i = 0; i < state->n_advice; i++)
    {
      guint l = state->advice[i].location;
      double x, y;
      gboolean piece;

      if (l >= self->n_points || (int) l == state->drag_location)
        continue;
      x = self->px[l];
      y = self->py[l];
      piece = self->rules->piece_at (state->position, l) != BG_NO_PIECE;
      if (piece)
        trio_render_advice_badge (cr, &state->advice[i], x + self->radius * 0.72,
                                  y - self->radius * 0.72, self->radius * 0.72, px);
      else
        trio_render_advice_badge (cr, &state->advice[i], x, y, self->radius * 0.82, px);
    }
}

static void
points_draw_board (gpointer  data,
                   cairo_t  *cr,
                   double    width,
                   double    height)
{
  PointsBoard *self = data;
  RsvgRectangle viewport = { 0, 0, BOARD_SIZE, BOARD_SIZE };
  double ox, oy, k;

  board_transform (width, height, &ox, &oy, &k);
  cairo_save (cr);
  cairo_translate (cr, ox, oy);
  cairo_scale (cr, k, k);
  rsvg_handle_render_document (self->svg, cr, &viewport, NULL);
  cairo_restore (cr);
}

static void
points_draw (gpointer              data,
             cairo_t              *cr,
             double                width,
             double                height,
             const TrioBoardState *state)
{
  PointsBoard *self = data;
  const BgRules *rules = self->rules;
  const void *pos = state->position;
  int mover, ghost_owner = -1;
  int ghost_at = -1, faded_at = -1;
  double ox, oy, k, px;

  board_transform (width, height, &ox, &oy, &k);
  cairo_save (cr);
  cairo_translate (cr, ox, oy);
  cairo_scale (cr, k, k);
  px = 1.0 / k;   /* one logical pixel, for hairlines that stay crisp at any size */

  if (pos == NULL)
    {
      cairo_restore (cr);
      return;
    }
  mover = rules->player_to_move (pos);

  /* While a move is being chosen, show the piece where it will stand: a placement puts a
   * ghost on the empty first point, a move shows the piece on its destination. */
  if (state->n_selected >= 1)
    {
      int first = rules->piece_at (pos, state->selected[0]);

      if (first == BG_NO_PIECE)
        {
          ghost_at = state->selected[0];
          ghost_owner = mover;
        }
      else if (state->n_selected >= 2 && BG_PIECE_OWNER (first) == mover)
        {
          faded_at = state->selected[0];
          ghost_at = state->selected[1];
          ghost_owner = BG_PIECE_OWNER (first);
        }
    }

  draw_last_moves (self, cr, state, px);
  draw_mark_bands (self, cr, state, px);

  for (guint i = 0; i < self->n_points; i++)
    {
      int piece = rules->piece_at (pos, i);

      if (piece == BG_NO_PIECE || (int) i == state->drag_location || is_hidden (state, i))
        continue;
      draw_piece (self, cr, self->px[i], self->py[i], BG_PIECE_OWNER (piece),
                  (int) i == faded_at ? 0.35 : 1.0, FALSE);
    }
  if (ghost_at >= 0 && ghost_at != state->drag_location)
    draw_piece (self, cr, self->px[ghost_at], self->py[ghost_at], ghost_owner, 0.95, FALSE);
  draw_sprites (self, cr, state, ox, oy, k);
  draw_mark_rings (self, cr, state, px);

  /* The selection, then the targets: stronger once a move is under way. */
  for (guint i = 0; i < state->n_selected; i++)
    {
      guint l = state->selected[i];

      if (l < self->n_points && (int) l != state->drag_location)
        draw_ring (cr, self->px[l], self->py[l], self->radius + 4, stroke (7, px), SELECT_RGB,
                   1.0);
    }
  for (guint i = 0; i < state->n_targets; i++)
    {
      guint l = state->targets[i];
      int piece = l < self->n_points ? rules->piece_at (pos, l) : BG_NO_PIECE;
      gboolean strong = state->n_selected > 0;

      if (l >= self->n_points || contains (state->selected, state->n_selected, l)
          || trio_render_advice_at (state, l) != NULL)
        continue;   /* the advisor's badge stands for the highlight */
      if (piece == BG_NO_PIECE && !strong)
        continue;   /* every empty point at each placement would only be noise */
      if (piece == BG_NO_PIECE)
        {
          draw_dot (cr, self->px[l], self->py[l], self->radius * 0.62, TARGET_RGB, 0.28);
          draw_dot (cr, self->px[l], self->py[l], self->radius * 0.3, TARGET_RGB, 0.9);
        }
      else if (BG_PIECE_OWNER (piece) == mover)
        {
          draw_ring (cr, self->px[l], self->py[l], self->radius + 3,
                     stroke (strong ? 5 : 3, px), TARGET_RGB, strong ? 0.9 : 0.55);
        }
      else
        {
          double dashes[] = { 11, 6 };

          cairo_set_dash (cr, dashes, 2, 0);
          draw_ring (cr, self->px[l], self->py[l], self->radius + 4, stroke (6, px),
                     REMOVE_RGB, 0.95);
          cairo_set_dash (cr, NULL, 0, 0);
        }
    }

  draw_hint (self, cr, state, px);
  draw_advice (self, cr, state, px);   /* over the hint's rings: the numbers stay readable */

  if (state->drag_location >= 0 && (guint) state->drag_location < self->n_points)
    {
      int piece = rules->piece_at (pos, state->drag_location);

      if (piece != BG_NO_PIECE)
        draw_piece (self, cr, (state->drag_x - ox) / k, (state->drag_y - oy) / k,
                    BG_PIECE_OWNER (piece), 1.0, TRUE);
    }

  if (state->cursor_visible && state->cursor >= 0 && (guint) state->cursor < self->n_points)
    {
      double half = self->radius + 10;
      double x = self->px[state->cursor] - half, y = self->py[state->cursor] - half;
      double rr = half * 0.3;

      cairo_new_sub_path (cr);
      cairo_arc (cr, x + 2 * half - rr, y + rr, rr, -G_PI / 2, 0);
      cairo_arc (cr, x + 2 * half - rr, y + 2 * half - rr, rr, 0, G_PI / 2);
      cairo_arc (cr, x + rr, y + 2 * half - rr, rr, G_PI / 2, G_PI);
      cairo_arc (cr, x + rr, y + rr, rr, G_PI, 3 * G_PI / 2);
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_set_line_width (cr, stroke (9, 2 * px));
      cairo_stroke_preserve (cr);
      set_rgba (cr, CURSOR_RGB, 1.0);
      cairo_set_line_width (cr, stroke (5, px));
      cairo_stroke (cr);
    }

  cairo_restore (cr);
}

static int
points_location_at (gpointer data,
                    double   width,
                    double   height,
                    double   x,
                    double   y)
{
  PointsBoard *self = data;
  double ox, oy, k, best = self->step * 0.48;
  int found = -1;

  board_transform (width, height, &ox, &oy, &k);
  x = (x - ox) / k;
  y = (y - oy) / k;
  for (guint i = 0; i < self->n_points; i++)
    {
      double d = hypot (x - self->px[i], y - self->py[i]);

      if (d < best)
        {
          best = d;
          found = i;
        }
    }
  return found;
}

static void
points_location_center (gpointer data,
                        double   width,
                        double   height,
                        guint    location,
                        double  *x,
                        double  *y)
{
  PointsBoard *self = data;
  double ox, oy, k;

  board_transform (width, height, &ox, &oy, &k);
  if (location >= self->n_points)
    location = 0;
  *x = ox + self->px[location] * k;
  *y = oy + self->py[location] * k;
}

static char *
points_describe_piece (gpointer data,
                       int      piece)
{
  PointsBoard *self = data;
  gboolean first = BG_PIECE_OWNER (piece) == 0;

  if (piece == BG_NO_PIECE)
    return g_strdup (_("empty"));
  if (self->morris)
    return g_strdup (first ? _("white piece") : _("black piece"));
  return g_strdup (first ? _("light piece") : _("dark piece"));
}

const TrioBoardRenderer trio_points_renderer = {
  .destroy = points_destroy,
  .draw_board = points_draw_board,
  .draw = points_draw,
  .location_at = points_location_at,
  .location_center = points_location_center,
  .describe_piece = points_describe_piece,
};
