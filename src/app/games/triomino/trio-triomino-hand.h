/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-hand.h: the hand of the Triomino view: its layout and its tiles as drawn,
 * with the marks that tell the player about them (the tiles that fit nowhere dimmed, the
 * tile just drawn, the tile of the hint, a tile dragged out of it) */
#pragma once

#include "trio-triomino-render.h"

G_BEGIN_DECLS

/* The hand: tile index of n_tiles, pointing up, in up to three rows of width x height. */
#define TRIO_TRI_HAND_GAP 0.14   /* between tiles, in sides */
#define TRIO_TRI_HAND_LIFT 0.14  /* how far the selected tile rises, in sides */
void     trio_tri_hand_points     (guint   n_tiles,
                                   double  width,
                                   double  height,
                                   double  max_side,
                                   guint   index,
                                   double  pts[3][2]);

/* A tile's bit in the masks of tiles (TrioTriHand's marks, trio_tri_playable_tiles()). */
#define TRIO_TRI_TILE_BIT(tile) (G_GUINT64_CONSTANT (1) << (tile))

/* A hand as the view draws it (player -1: none). */
typedef struct
{
  int      player;
  gboolean face_up;
  int      selected;                            /* an index of tiles, or -1 */
  guint    n;
  int      tiles[BG_TRIOMINO_N_TILES];
  int      values[BG_TRIOMINO_N_TILES][3];      /* on the corners of pts */
  double   pts[BG_TRIOMINO_N_TILES][3][2];      /* the selected one lifted */
  /* The marks of a hand face up, as masks of tiles (TRIO_TRI_TILE_BIT); 0 for none. */
  guint64  dimmed;                              /* the tiles that fit nowhere now */
  guint64  fresh;                               /* the tile just drawn */
  guint64  hinted;                              /* the tile the hint plays */
  guint64  lifted;                              /* a tile dragged out: not drawn here */
} TrioTriHand;

/* Fills in the values (each tile turned by its rotation), the selected index (of
 * selected_tile, or -1) and the places of the hand's n tiles in width x height
 * (trio_tri_hand_points()); the marks are left as they are. */
void     trio_tri_hand_layout     (TrioTriHand  *hand,
                                   const guint8 *rotation,
                                   int           selected_tile,
                                   double        width,
                                   double        height,
                                   double        max_side);
/* The index in the hand of the tile drawn at (x, y), or -1. */
int      trio_tri_hand_tile_at    (const TrioTriHand *hand,
                                   double             x,
                                   double             y);
/* Tile i of the hand on pts: face up or down, with its marks (faded when dimmed, a glow for
 * the hint, a gold outline when selected, a badge when just drawn); nothing when lifted. */
void     trio_tri_draw_hand_tile  (cairo_t           *cr,
                                   const TrioTriHand *hand,
                                   guint              i,
                                   const double       pts[3][2]);

G_END_DECLS
