/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-render-trichess.c: the TRICHESS board (96 squares, "Yalta"-style hexagon)
 *
 * The board picture is one of data/boards/trichess-{prolapsus,hexagonal,pax}.svg; this
 * file places the squares and the pieces on it. The geometry below MUST agree with
 * build-aux/gen-trichess-boards.py, which draws those pictures: same viewBox, centre,
 * radius, corner points and bilinear cells. Change both together.
 *
 * Geometry (viewBox 0 60 1000 920, y down; angles are mathematical, y up):
 * - a regular hexagon of circumradius R centred on (CX, CY), with a flat bottom edge;
 * - camp c (0 White, 1 Red, 2 Black) faces the outward normal 270 + 120 c degrees: its
 *   rank 1 is the whole hexagon edge on that normal (a1 at the corner at normal - 30,
 *   h1 at normal + 30), so the camps go counter-clockwise and Red sits on White's right;
 * - each camp is two quadrilaterals with a corner at the centre O: files a–d have the
 *   corners Qa (a1 corner), P (middle of rank 1), Sl (middle of the side edge at
 *   normal - 60) and O; files e–h have P, Qh (h1 corner), O and Sr (normal + 60);
 * - each half is cut into 4 x 4 cells by bilinear interpolation (u across the files,
 *   v from rank 1 at 0 to rank 4 at 1). The spokes O–S are the seams of the engine:
 *   camp c's e4..h4 meet camp c+1's d4..a4, and the six d4/e4 cells ring the centre.
 */

#include "trio-render-trichess.h"

#include <glib/gi18n.h>
#include <math.h>

#define VIEW_X 0.0                          /* the SVGs' viewBox */
#define VIEW_Y 60.0
#define VIEW_W 1000.0
#define VIEW_H 920.0
#define CX 500.0
#define CY 500.0
#define RADIUS 410.0                        /* the hexagon's circumradius */
#define N_SQUARES 96

enum { PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING, DAME };

typedef struct
{
  double x, y;
} Pt;

typedef struct
{
  const BgRules *rules;
  RsvgHandle    *svg;
  Pt             cell[N_SQUARES][4];      /* corners, in viewBox units */
  Pt             centre[N_SQUARES];       /* area centroid */
  double         piece_size[N_SQUARES];   /* font size of a piece glyph there */
} TrichessRenderer;

static Pt
polar (double angle_deg,
       double dist)
{
  double a = angle_deg * G_PI / 180.0;

  return (Pt) { CX + dist * cos (a), CY - dist * sin (a) };
}

/* The corners (u, v) = (0, 0), (1, 0), (0, 1), (1, 1) of half 0 (a–d) or 1 (e–h). */
static void
half_corners (int camp,
              int half,
              Pt  k[4])
{
  double n = 270.0 + 120.0 * camp, apothem = RADIUS * sqrt (3.0) / 2.0;
  Pt o = { CX, CY }, p = polar (n, apothem);

  if (half == 0)
    {
      k[0] = polar (n - 30, RADIUS);
      k[1] = p;
      k[2] = polar (n - 60, apothem);
      k[3] = o;
    }
  else
    {
      k[0] = p;
      k[1] = polar (n + 30, RADIUS);
      k[2] = o;
      k[3] = polar (n + 60, apothem);
    }
}

static Pt
bilinear (const Pt k[4],
          double   u,
          double   v)
{
  double w00 = (1 - u) * (1 - v), w10 = u * (1 - v), w01 = (1 - u) * v, w11 = u * v;

  return (Pt) { w00 * k[0].x + w10 * k[1].x + w01 * k[2].x + w11 * k[3].x,
                w00 * k[0].y + w10 * k[1].y + w01 * k[2].y + w11 * k[3].y };
}

/* Distance from p to the line through a and b. */
static double
line_distance (Pt p,
               Pt a,
               Pt b)
{
  double dx = b.x - a.x, dy = b.y - a.y;

  return fabs ((p.x - a.x) * dy - (p.y - a.y) * dx) / hypot (dx, dy);
}

static void
compute_geometry (TrichessRenderer *self)
{
  for (int sq = 0; sq < N_SQUARES; sq++)
    {
      int camp = sq / 32, rank = (sq / 8) % 4, file = sq % 8;
      double u0 = (file % 4) / 4.0, v0 = rank / 4.0, area = 0, cx = 0, cy = 0, inner;
      Pt k[4], *c = self->cell[sq];

      half_corners (camp, file / 4, k);
      c[0] = bilinear (k, u0, v0);
      c[1] = bilinear (k, u0 + 0.25, v0);
      c[2] = bilinear (k, u0 + 0.25, v0 + 0.25);
      c[3] = bilinear (k, u0, v0 + 0.25);

      for (int i = 0; i < 4; i++)
        {
          Pt a = c[i], b = c[(i + 1) % 4];
          double cross = a.x * b.y - b.x * a.y;

          area += cross;
          cx += (a.x + b.x) * cross;
          cy += (a.y + b.y) * cross;
        }
      self->centre[sq] = (Pt) { cx / (3 * area), cy / (3 * area) };

      /* The glyph must fit the cell wherever it is narrowest. */
      inner = G_MAXDOUBLE;
      for (int i = 0; i < 4; i++)
        inner = MIN (inner, line_distance (self->centre[sq], c[i], c[(i + 1) % 4]));
      self->piece_size[sq] = MIN (2.05 * inner, 64.0);
    }
}

gpointer
trio_render_trichess_new (const BgGame *game,
                          const char   *picture,
                          GError      **error)
{
  TrichessRenderer *self;
  RsvgHandle *svg;

  svg = trio_board_load_svg (picture, error);
  if (svg == NULL)
    return NULL;

  self = g_new0 (TrichessRenderer, 1);
  self->rules = bg_game_get_rules (game);
  self->svg = svg;
  compute_geometry (self);
  return self;
}

static void
trichess_destroy (gpointer data)
{
  TrichessRenderer *self = data;

  g_clear_object (&self->svg);
  g_free (self);
}

/* Fits the viewBox in the widget, centred; a widget point is (ox, oy) + scale * p. */
static void
get_transform (double  width,
               double  height,
               double *scale,
               double *ox,
               double *oy)
{
  *scale = MIN (width / VIEW_W, height / VIEW_H);
  *ox = (width - VIEW_W * *scale) / 2 - VIEW_X * *scale;
  *oy = (height - VIEW_H * *scale) / 2 - VIEW_Y * *scale;
}

static void
cell_path (cairo_t                *cr,
           const TrichessRenderer *self,
           int                     sq)
{
  cairo_new_path (cr);
  for (int i = 0; i < 4; i++)
    cairo_line_to (cr, self->cell[sq][i].x, self->cell[sq][i].y);
  cairo_close_path (cr);
}

static void
fill_cell (cairo_t                *cr,
           const TrichessRenderer *self,
           int                     sq,
           double                  r,
           double                  g,
           double                  b,
           double                  a)
{
  cell_path (cr, self, sq);
  cairo_set_source_rgba (cr, r, g, b, a);
  cairo_fill (cr);
}

/* An outline drawn inside the cell, so that neighbours' outlines do not overlap. */
static void
outline_cell (cairo_t                *cr,
              const TrichessRenderer *self,
              int                     sq,
              double                  width,
              double                  r,
              double                  g,
              double                  b,
              double                  a)
{
  cairo_save (cr);
  cell_path (cr, self, sq);
  cairo_clip_preserve (cr);
  cairo_set_line_width (cr, 2 * width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, r, g, b, a);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The colour of each seat's last-move marker: a gold for White, a rose for Red, a blue for
 * Black (a black fill would hide Black's pieces). */
static const double seat_rgb[3][3] = {
  { 0.96, 0.80, 0.12 },
  { 0.93, 0.36, 0.45 },
  { 0.25, 0.50, 0.92 },
};

/* One marker per seat on its last move's squares: the game's last move the strongest,
 * older ones fainter; the destination fuller than the start. A band of the seat's colour
 * along the inside of each cell, with a dark inner line, reads on every camp's colours
 * (Red's rose on Red's own pink cells too). */
static void
draw_seat_moves (cairo_t                *cr,
                 const TrichessRenderer *self,
                 const TrioBoardState   *state)
{
  for (guint i = state->n_seat_moves; i > 0; i--)
    {
      const TrioSeatMove *seat = &state->seat_moves[i - 1];
      const double *rgb = seat_rgb[CLAMP (seat->player, 0, 2)];
      double strength = seat->age == 0 ? 1.0 : seat->age == 1 ? 0.72 : 0.5;
      guint locs[BG_MAX_MOVE_LOCATIONS], n;

      if (seat->position == NULL || seat->move == BG_MOVE_NONE)
        continue;
      n = self->rules->move_locations (seat->position, seat->move, locs);
      for (guint j = 0; j < n; j++)
        {
          gboolean to = j + 1 == n;
          double band = (to ? 5.5 : 4.0) * (seat->age == 0 ? 1.0 : 0.8);

          if (locs[j] >= N_SQUARES)
            continue;
          fill_cell (cr, self, locs[j], rgb[0], rgb[1], rgb[2], (to ? 0.5 : 0.3) * strength);
          outline_cell (cr, self, locs[j], band + 1.5, rgb[0] * 0.35, rgb[1] * 0.35,
                        rgb[2] * 0.35, 0.9 * strength);
          outline_cell (cr, self, locs[j], band, rgb[0], rgb[1], rgb[2], strength);
        }
    }
}

/* A king in check: a red glow on its square, under the king. */
static void
draw_checks (cairo_t                *cr,
             const TrichessRenderer *self,
             const TrioBoardState   *state)
{
  for (guint m = 0; m < state->n_marks; m++)
    {
      guint sq = state->marks[m].locations[0];
      Pt c;
      double r;
      cairo_pattern_t *pat;

      if (state->marks[m].kind != BG_MARK_CHECK || state->marks[m].n_locations < 1
          || sq >= N_SQUARES)
        continue;
      c = self->centre[sq];
      r = self->piece_size[sq] * 0.75;
      pat = cairo_pattern_create_radial (c.x, c.y, 0, c.x, c.y, r);
      cairo_pattern_add_color_stop_rgba (pat, 0, 1.0, 0.12, 0.05, 0.95);
      cairo_pattern_add_color_stop_rgba (pat, 0.55, 0.95, 0.10, 0.05, 0.7);
      cairo_pattern_add_color_stop_rgba (pat, 1, 0.85, 0.05, 0.05, 0.15);
      cairo_save (cr);
      cell_path (cr, self, sq);
      cairo_clip (cr);
      cairo_set_source (cr, pat);
      cairo_paint (cr);
      cairo_restore (cr);
      cairo_pattern_destroy (pat);
      outline_cell (cr, self, sq, 5, 0.80, 0.02, 0.02, 1.0);
    }
}

static void
draw_highlights (cairo_t                *cr,
                 const TrichessRenderer *self,
                 const TrioBoardState   *state)
{
  guint locs[BG_MAX_MOVE_LOCATIONS], n;

  draw_seat_moves (cr, self, state);
  draw_checks (cr, self, state);

  if (state->hint != BG_MOVE_NONE && state->position != NULL)
    {
      n = self->rules->move_locations (state->position, state->hint, locs);
      for (guint i = 0; i < n; i++)
        if (locs[i] < N_SQUARES)
          {
            fill_cell (cr, self, locs[i], 0.57, 0.33, 0.86, 0.35);
            outline_cell (cr, self, locs[i], 4, 0.45, 0.20, 0.75, 0.9);
          }
    }

  for (guint i = 0; i < state->n_selected; i++)
    if (state->selected[i] < N_SQUARES)
      {
        fill_cell (cr, self, state->selected[i], 0.20, 0.70, 0.30, 0.45);
        outline_cell (cr, self, state->selected[i], 4, 0.10, 0.50, 0.20, 0.95);
      }

  /* Legal targets: a dot on an empty cell, a ring round a piece that may be taken. Before a
   * piece is chosen, the targets are every piece that can move: only the one under the
   * pointer is ringed (a ring round each would be noise). */
  for (guint i = 0; i < state->n_targets; i++)
    {
      int sq = state->targets[i];
      Pt c;

      if (sq < 0 || sq >= N_SQUARES)
        continue;
      c = self->centre[sq];
      if (state->position != NULL && self->rules->piece_at (state->position, sq) != BG_NO_PIECE)
        {
          if (state->n_selected > 0 || sq == state->hover)
            outline_cell (cr, self, sq, 5, 0.10, 0.55, 0.25, 0.85);
        }
      else
        {
          cairo_new_path (cr);
          cairo_arc (cr, c.x, c.y, self->piece_size[sq] * 0.16, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, 0.10, 0.45, 0.20, 0.70);
          cairo_fill (cr);
        }
    }

  /* The keyboard cursor last, in a blue that stands out from every other mark. */
  if (state->cursor_visible && state->cursor >= 0 && state->cursor < N_SQUARES)
    outline_cell (cr, self, state->cursor, 5, 0.11, 0.44, 0.85, 1.0);
}

/* Fill and outline colours of each owner's pieces. */
static const double piece_fill[3][3] = {
  { 0.99, 0.96, 0.87 },   /* White: ivory */
  { 0.78, 0.08, 0.19 },   /* Red: crimson */
  { 0.10, 0.10, 0.10 },   /* Black: near-black */
};
static const double piece_line[3][3] = {
  { 0.16, 0.12, 0.08 },
  { 0.99, 0.95, 0.86 },
  { 0.94, 0.91, 0.84 },
};

void
trio_render_trichess_seat_color (int      seat,
                                 GdkRGBA *color)
{
  const double *rgb = piece_fill[CLAMP (seat, 0, 2)];

  *color = (GdkRGBA) { rgb[0], rgb[1], rgb[2], 1 };
}

static void
draw_piece (cairo_t     *cr,
            PangoLayout *layout,
            int          piece,
            double       x,
            double       y,
            double       size,
            double       alpha)
{
  /* The filled glyphs ♟♞♝♜♛♚ from U+265F down to U+265A. */
  static const char *const glyphs[] = {
    "", "\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A", "\u265B",
  };
  int owner = BG_PIECE_OWNER (piece), kind = BG_PIECE_KIND (piece);
  PangoFontDescription *font;
  PangoRectangle ink;

  if (owner < 0 || owner > 2 || kind < PAWN || kind > DAME || alpha <= 0)
    return;

  font = pango_font_description_from_string ("DejaVu Sans");
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, glyphs[kind], -1);
  pango_layout_get_extents (layout, &ink, NULL);

  cairo_save (cr);
  if (alpha < 1)
    cairo_push_group (cr);
  cairo_new_path (cr);
  cairo_move_to (cr, x - (ink.x + ink.width / 2.0) / PANGO_SCALE,
                 y - (ink.y + ink.height / 2.0) / PANGO_SCALE);
  pango_cairo_layout_path (cr, layout);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, size * 0.09);
  cairo_set_source_rgb (cr, piece_line[owner][0], piece_line[owner][1], piece_line[owner][2]);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, piece_fill[owner][0], piece_fill[owner][1], piece_fill[owner][2]);
  cairo_fill (cr);

  /* The promoted pawn ("pion damé"): a queen with a small gold mark at her foot. */
  if (kind == DAME)
    {
      double r = size * 0.13;

      cairo_arc (cr, x + ink.width / 2.0 / PANGO_SCALE - r * 0.4,
                 y + ink.height / 2.0 / PANGO_SCALE - r * 0.4, r, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, 0.95, 0.74, 0.10);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, size * 0.04);
      cairo_set_source_rgb (cr, 0.25, 0.16, 0.04);
      cairo_stroke (cr);
    }
  if (alpha < 1)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, alpha);
    }
  cairo_restore (cr);
}

static gboolean
is_hidden (const TrioBoardState *state,
           int                   sq)
{
  for (guint i = 0; i < state->n_hidden; i++)
    if ((int) state->hidden[i] == sq)
      return TRUE;
  return FALSE;
}

/* The pieces of a move under way; a piece takes the size of the cells it passes. */
static void
draw_sprites (cairo_t                *cr,
              const TrichessRenderer *self,
              PangoLayout            *layout,
              const TrioBoardState   *state,
              double                  scale,
              double                  ox,
              double                  oy)
{
  for (guint i = 0; i < state->n_sprites; i++)
    {
      const TrioBoardSprite *sprite = &state->sprites[i];
      double size;

      if (sprite->size_from >= N_SQUARES || sprite->size_to >= N_SQUARES)
        continue;
      size = self->piece_size[sprite->size_from] * (1 - sprite->size_mix)
             + self->piece_size[sprite->size_to] * sprite->size_mix;
      draw_piece (cr, layout, sprite->piece, (sprite->x - ox) / scale, (sprite->y - oy) / scale,
                  size * sprite->scale, MIN (sprite->alpha, 1.0));
    }
}

static void
trichess_draw_board (gpointer  data,
                     cairo_t  *cr,
                     double    width,
                     double    height)
{
  TrichessRenderer *self = data;
  RsvgRectangle viewport;
  double scale, ox, oy;

  get_transform (width, height, &scale, &ox, &oy);
  if (scale <= 0)
    return;
  viewport = (RsvgRectangle) { ox + VIEW_X * scale, oy + VIEW_Y * scale,
                               VIEW_W * scale, VIEW_H * scale };
  rsvg_handle_render_document (self->svg, cr, &viewport, NULL);
}

static void
trichess_draw (gpointer              data,
               cairo_t              *cr,
               double                width,
               double                height,
               const TrioBoardState *state)
{
  TrichessRenderer *self = data;
  double scale, ox, oy;
  PangoLayout *layout;
  cairo_font_options_t *fo;

  get_transform (width, height, &scale, &ox, &oy);
  if (scale <= 0)
    return;

  cairo_save (cr);
  cairo_translate (cr, ox, oy);
  cairo_scale (cr, scale, scale);
  draw_highlights (cr, self, state);

  if (state->position == NULL)
    {
      cairo_restore (cr);
      return;
    }

  /* Glyphs are laid out in viewBox units, so metric hinting would shift them. */
  layout = pango_cairo_create_layout (cr);
  fo = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), fo);
  cairo_font_options_destroy (fo);
  pango_layout_context_changed (layout);

  for (int sq = 0; sq < N_SQUARES; sq++)
    {
      int piece = self->rules->piece_at (state->position, sq);

      if (piece == BG_NO_PIECE || sq == state->drag_location || is_hidden (state, sq))
        continue;
      draw_piece (cr, layout, piece, self->centre[sq].x, self->centre[sq].y,
                  self->piece_size[sq], 1.0);
    }
  draw_sprites (cr, self, layout, state, scale, ox, oy);

  if (state->drag_location >= 0 && state->drag_location < N_SQUARES)
    {
      int piece = self->rules->piece_at (state->position, state->drag_location);

      if (piece != BG_NO_PIECE)
        draw_piece (cr, layout, piece, (state->drag_x - ox) / scale,
                    (state->drag_y - oy) / scale,
                    self->piece_size[state->drag_location] * 1.1, 1.0);
    }

  g_object_unref (layout);
  cairo_restore (cr);
}

static gboolean
point_in_cell (const TrichessRenderer *self,
               int                     sq,
               Pt                      p)
{
  const Pt *c = self->cell[sq];
  gboolean inside = FALSE;

  for (int i = 0, j = 3; i < 4; j = i++)
    if ((c[i].y > p.y) != (c[j].y > p.y)
        && p.x < (c[j].x - c[i].x) * (p.y - c[i].y) / (c[j].y - c[i].y) + c[i].x)
      inside = !inside;
  return inside;
}

static int
trichess_location_at (gpointer data,
                      double   width,
                      double   height,
                      double   x,
                      double   y)
{
  TrichessRenderer *self = data;
  double scale, ox, oy;
  Pt p;

  get_transform (width, height, &scale, &ox, &oy);
  if (scale <= 0)
    return -1;
  p = (Pt) { (x - ox) / scale, (y - oy) / scale };
  for (int sq = 0; sq < N_SQUARES; sq++)
    if (point_in_cell (self, sq, p))
      return sq;
  return -1;
}

static void
trichess_location_center (gpointer  data,
                          double    width,
                          double    height,
                          guint     location,
                          double   *x,
                          double   *y)
{
  TrichessRenderer *self = data;
  double scale, ox, oy;

  get_transform (width, height, &scale, &ox, &oy);
  if (location >= N_SQUARES)
    {
      *x = width / 2;
      *y = height / 2;
      return;
    }
  *x = ox + self->centre[location].x * scale;
  *y = oy + self->centre[location].y * scale;
}

static char *
trichess_describe_piece (gpointer data G_GNUC_UNUSED,
                         int      piece)
{
  /* Whole phrases, so that translators can agree adjectives and nouns. */
  static const char *const names[3][8] = {
    { NULL, N_("white pawn"), N_("white knight"), N_("white bishop"), N_("white rook"),
      N_("white queen"), N_("white king"), N_("white queen (promoted pawn)") },
    { NULL, N_("red pawn"), N_("red knight"), N_("red bishop"), N_("red rook"),
      N_("red queen"), N_("red king"), N_("red queen (promoted pawn)") },
    { NULL, N_("black pawn"), N_("black knight"), N_("black bishop"), N_("black rook"),
      N_("black queen"), N_("black king"), N_("black queen (promoted pawn)") },
  };
  int owner, kind;

  if (piece == BG_NO_PIECE)
    return g_strdup (_("empty"));
  owner = BG_PIECE_OWNER (piece);
  kind = BG_PIECE_KIND (piece);
  if (owner < 0 || owner > 2 || kind < PAWN || kind > DAME)
    return g_strdup (_("piece"));
  return g_strdup (_(names[owner][kind]));
}

const TrioBoardRenderer trio_trichess_renderer = {
  .destroy = trichess_destroy,
  .draw_board = trichess_draw_board,
  .draw = trichess_draw,
  .location_at = trichess_location_at,
  .location_center = trichess_location_center,
  .describe_piece = trichess_describe_piece,
};
