/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-score.h: a Triomino placement's score and how a round ends, the types the
 * public API (bg-triomino.h) shares with the board (bg-triomino-board.h)
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The breakdown of a placement's score, for the score sheet. */
typedef struct
{
  gint8  player;         /* who placed, or -1 before the first placement */
  guint8 tile;           /* tile index 0..55 */
  guint8 hexagons;       /* hexagons closed, 0..3 */
  guint8 bridge;         /* TRUE for a bridge */
  guint8 two_sides;      /* TRUE when the tile matched on two sides or more */
  guint8 opening;        /* TRUE for the first tile of a round */
  gint16 base;           /* the sum of the tile's values */
  gint16 bonus;          /* opening, bridge, two-side or hexagon bonus */
  gint16 total;          /* base + bonus (without any round-end points) */
} BgTriominoScore;

typedef enum
{
  BG_TRIOMINO_ROUND_GOING,
  BG_TRIOMINO_ROUND_OUT,      /* a player emptied his hand */
  BG_TRIOMINO_ROUND_BLOCKED,  /* nobody could play and the pile was empty */
} BgTriominoRoundEnd;

G_END_DECLS
