/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-render-points.h: the renderer of the boards of points, shared by the morris games and
 * La Triple Alliance */
#pragma once

#include "trio-board-renderer.h"

G_BEGIN_DECLS

/* The boards of points (the morris boards, La Triple Alliance): the picture and measures a
 * game's file gives, in the SVG's units (a viewBox of 0 0 800 800). */
typedef struct
{
  const char *picture;   /* the board's SVG, below /io/github/triogames/Trio/ */
  double      step;      /* the grid step between two files or ranks */
  double      radius;    /* a piece's radius */
  gboolean    morris;    /* white and black pieces rather than light and dark */
} TrioPointsStyle;

extern const TrioBoardRenderer trio_points_renderer;
gpointer trio_render_points_new   (const BgGame          *game,
                                   const TrioPointsStyle *style,
                                   GError               **error);
/* The body colour of a seat's pieces: light (or white) 0, dark (or black) 1. */
void     trio_render_points_seat_color   (int      seat,
                                          GdkRGBA *color);

G_END_DECLS
