/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-play.h: what the player of the Triomino view may do with a tile, read from
 * the rules: which tiles of the hand fit somewhere, the tile just drawn, where a tile
 * dropped on the table lands, and why a tile cannot go where it was put (the engine's
 * explanation, bg_triomino_explain_illegal()). Nothing is drawn: tested without a display.
 */
#pragma once

#include "bg-game.h"
#include "trio-triomino-hand.h"

G_BEGIN_DECLS

/* The tiles (TRIO_TRI_TILE_BIT) of the legal placements (trio_tri_read_legal_moves()). */
guint64  trio_tri_playable_tiles     (GArray                *placements);
/* The tile the player to move drew by the last move, or -1 (the last move was no draw, or
 * someone else's; the game is over). */
int      trio_tri_just_drawn         (const BgGame          *game);
/* The placement of tile on (row, col) turned by rotation, or else the nearest rotation that
 * fits there (a turn clockwise, as the Rotate button gives, before a turn back); NULL when
 * the tile fits there in none. */
const TrioTriPlacement *trio_tri_find_nearest (GArray *placements,
                                               int     tile,
                                               int     row,
                                               int     col,
                                               int     rotation);
/* Where tile, turned by rotation and dropped with its centre at (x, y) on a table drawn with
 * geom, lands: the triangle under (x, y) if it fits there (trio_tri_find_nearest()), else
 * the nearest triangle where it fits whose centre lies within half a side; NULL: nowhere. */
const TrioTriPlacement *trio_tri_drop_target  (GArray                *placements,
                                               const TrioTriGeometry *geom,
                                               int                    tile,
                                               int                    rotation,
                                               double                 x,
                                               double                 y);
/* Why tile turned by rotation cannot go on triangle (row, col), as a sentence (the engine's
 * explanation); NULL if it can. */
char    *trio_tri_explain_placement  (const BgGame          *game,
                                      int                    tile,
                                      int                    rotation,
                                      int                    row,
                                      int                    col);
/* Why tile cannot be played now, as a sentence (on the empty table of a round's first move,
 * the engine's rule of the opening tile); NULL if it fits somewhere (placements are the
 * legal ones). */
char    *trio_tri_explain_tile       (const BgGame          *game,
                                      GArray                *placements,
                                      int                    tile);

G_END_DECLS
