/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-render.h: the Triomino view's helpers: drawing tiles and the triangular grid
 * with Cairo, and the legal placements as the rule set describes them (the hand is
 * trio-triomino-hand.h's).
 *
 * The geometry follows bg-triomino.h: a grid vertex (y, x) lies at
 * (ox + x * side / 2, oy + y * height) where height = side * sqrt (3) / 2.
 */
#pragma once

#include <gtk/gtk.h>
#include <librsvg/rsvg.h>

#include "bg-game.h"

#include "triomino/bg-triomino.h"

G_BEGIN_DECLS

typedef struct
{
  double ox, oy;   /* where grid vertex (0, 0) is drawn */
  double side;     /* a triangle's side, in logical pixels */
} TrioTriGeometry;

typedef enum
{
  TRIO_TILE_NORMAL,
  TRIO_TILE_GHOST,     /* a preview of a placement */
  TRIO_TILE_HINT,      /* the computer's suggestion */
} TrioTileStyle;

/* The values on corners 0, 1, 2 of tile turned by rotation 0..2, on an up or a down
 * triangle. A down triangle gets the hand's picture turned a sixth clockwise, so the
 * tile keeps its look as closely as a triangle pointing the other way can. */
void     trio_tri_corner_values   (int       tile,
                                   int       rotation,
                                   gboolean  up,
                                   int       values[3]);

/* Fits rows min_row .. max_row and half-side columns min_x .. max_x into width x height,
 * centred, with triangles no larger than max_side. */
void     trio_tri_geometry_fit    (TrioTriGeometry *geom,
                                   double           width,
                                   double           height,
                                   int              min_row,
                                   int              max_row,
                                   int              min_x,
                                   int              max_x,
                                   double           max_side);

/* The pixel corners 0, 1, 2 of triangle (row, col). */
void     trio_tri_triangle_points (const TrioTriGeometry *geom,
                                   int                    row,
                                   int                    col,
                                   double                 pts[3][2]);
gboolean trio_tri_triangle_at     (const TrioTriGeometry *geom,
                                   double                 x,
                                   double                 y,
                                   int                   *row,
                                   int                   *col);
gboolean trio_tri_point_in        (const double pts[3][2],
                                   double       x,
                                   double       y);

/* The corners of an up triangle of the given side whose bounding box starts at (x, y). */
void     trio_tri_up_points       (double x,
                                   double y,
                                   double side,
                                   double pts[3][2]);

void     trio_tri_value_color     (int      value,
                                   GdkRGBA *color);
/* A seat's colour (0 to BG_TRIOMINO_MAX_PLAYERS - 1): its last tile's outline on the felt,
 * its mark in the score sheet. */
void     trio_tri_seat_color      (int      seat,
                                   GdkRGBA *color);

/* The faint lattice of the table. */
void     trio_tri_draw_lattice    (cairo_t               *cr,
                                   const TrioTriGeometry *geom,
                                   double                 width,
                                   double                 height);
/* A tile face up, with values on corners 0, 1, 2 of pts. */
void     trio_tri_draw_tile       (cairo_t      *cr,
                                   const double  pts[3][2],
                                   const int     values[3],
                                   TrioTileStyle style);
/* A tile face down. */
void     trio_tri_draw_back       (cairo_t      *cr,
                                   const double  pts[3][2]);
/* A highlight on an empty triangle: a legal place, or the cursor. */
void     trio_tri_draw_target     (cairo_t      *cr,
                                   const double  pts[3][2],
                                   gboolean      cursor);
/* An outline around a tile (the last placement, the selected hand tile). */
void     trio_tri_draw_outline    (cairo_t       *cr,
                                   const double   pts[3][2],
                                   const GdkRGBA *color,
                                   double         width);

/* Fits the placed tiles and a margin of one row of tiles around them. */
void     trio_tri_geometry_fit_placed (TrioTriGeometry        *geom,
                                       double                  width,
                                       double                  height,
                                       const BgTriominoPlaced *placed,
                                       guint                   n_placed,
                                       double                  max_side);

/* The corners of a triangle of the given side around (cx, cy): pointing up with corners
 * 0, 1, 2 at the top, bottom right and bottom left, narrowed to squash of its width (a tile
 * turning over), then turned angle degrees clockwise. */
void     trio_tri_turned_points   (double cx,
                                   double cy,
                                   double side,
                                   double angle,
                                   double squash,
                                   double pts[3][2]);
/* The centre and side of a triangle. */
void     trio_tri_shape_of        (const double  pts[3][2],
                                   double       *cx,
                                   double       *cy,
                                   double       *side);
/* A label on the table: layout's text in a rounded box of color whose top left is (x, y),
 * dark text on it (every seat colour is light enough). */
void     trio_tri_draw_label      (cairo_t       *cr,
                                   PangoLayout   *layout,
                                   double         x,
                                   double         y,
                                   const GdkRGBA *color);

/* A legal placement (bg_game_describe_move()). */
typedef struct
{
  BgMove move;
  int    tile;
  int    rotation;   /* the hand's rotation that gives it (see trio_tri_corner_values) */
  int    row, col;
} TrioTriPlacement;

gboolean trio_tri_decode_placement (const BgGame     *game,
                                    BgMove            move,
                                    TrioTriPlacement *out);
/* Fills placements (of TrioTriPlacement) from the legal moves, and finds "draw" and "pass"
 * (BG_MOVE_NONE when not legal). */
void     trio_tri_read_legal_moves (const BgGame *game,
                                    GArray       *placements,
                                    BgMove       *draw_move,
                                    BgMove       *pass_move);
/* The placement of tile on (row, col) with rotation if it fits, otherwise with the first
 * rotation that fits; NULL if none does. */
const TrioTriPlacement *trio_tri_find_placement (GArray *placements,
                                                 int     tile,
                                                 int     row,
                                                 int     col,
                                                 int     rotation);
/* The distinct triangles (pairs of ints row, col) where tile fits, in the moves' order. */
GArray  *trio_tri_candidates      (GArray *placements,
                                   int     tile);
/* A triangle's centre in units of the side (for moving a cursor by direction). */
void     trio_tri_cell_center     (int     row,
                                   int     col,
                                   double *x,
                                   double *y);
/* The index of the cell of cells (pairs of ints row, col) the keyboard cursor reaches from
 * (row, col) in the direction (dx, dy), or -1. */
int      trio_tri_step_cell       (GArray *cells,
                                   int     row,
                                   int     col,
                                   int     dx,
                                   int     dy);

G_END_DECLS
