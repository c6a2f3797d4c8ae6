/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-view-private.h: TrioTriominoView's parts, shared by trio-triomino-view.c (the
 * game, the drawing, the life cycle) and trio-triomino-view-input.c (the pointer, the drag
 * of a tile, the keys and the notices that say why a tile cannot go) */
#pragma once

#include "triomino/bg-triomino.h"
#include "trio-triomino-animation.h"
#include "trio-triomino-felt.h"
#include "trio-triomino-hand.h"
#include "trio-triomino-render.h"
#include "trio-triomino-view.h"

G_BEGIN_DECLS

#define TRIO_TRI_DRAG_THRESHOLD 8.0

struct _TrioTriominoView
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkWidget *table;
  GtkWidget *caption;
  GtkWidget *hand_area;
  GtkWidget *rotate_button;
  GtkWidget *draw_button;
  GtkWidget *pass_button;
  GtkWidget *buttons;                     /* the three of them */
  /* Pass-and-play: over the hand and its buttons, which are not drawn meanwhile */
  GtkWidget *cover;
  GtkWidget *cover_label;
  GtkWidget *cover_button;
  gboolean   covered;

  const BgGame *game;
  gboolean      interactive;
  BgMove        hint;

  TrioTriFelt     *felt;

  GArray          *placements;            /* of TrioTriPlacement */
  BgMove           draw_move, pass_move;  /* or BG_MOVE_NONE when not legal */
  BgTriominoPlaced placed[BG_TRIOMINO_N_TILES];
  guint            n_placed;
  int              hand[BG_TRIOMINO_N_TILES];
  guint            n_hand;
  int              player;                /* whose hand is shown: to move (or the viewer),
                                           * -1 once the game is over */
  int              viewer;                /* online, the seat played here; else -1 */

  int      selected;                      /* a tile of the hand, or -1 */
  guint8   rotation[BG_TRIOMINO_N_TILES]; /* each tile's rotation, kept while in hand */
  gboolean has_cursor;
  gboolean pointer_cursor;                /* the cursor follows the pointer, not the keys */
  int      cursor_row, cursor_col;

  TrioTriGeometry geom;                   /* of the table as last drawn, for hit tests */
  TrioTriAnimation *animation;            /* the last move in motion, the seats' marks */
  guint64           start_key;            /* the game's first position */

  /* The hand's marks, the notice and the drag */
  guint64    playable;                    /* the tiles that fit somewhere (TRIO_TRI_TILE_BIT) */
  int        fresh;                       /* the tile just drawn, or -1 */
  GtkWidget *notice;                      /* over the table: why a tile cannot go */
  guint      notice_id;                   /* the timeout that hides it */
  int        press_tile;                  /* the tile of the hand pressed, or -1 */
  gboolean   press_selected;              /* it was the one selected before the press */
  int        drag_tile;                   /* the tile dragged from the hand, or -1 */
  double     drag_x, drag_y;              /* the pointer, in the view's coordinates */
  double     grab_x, grab_y;              /* from the pointer to the tile's centre, in sides */

  GStrv      names;                       /* the players' names, or NULL */
};

/* trio-triomino-view.c */
void  trio_triomino_view_redraw        (TrioTriominoView *self);
/* Selects tile (or -1); keyboard: the cursor goes to its first place. A tile that fits
 * nowhere says why. */
void  trio_triomino_view_select        (TrioTriominoView *self,
                                        int               tile,
                                        gboolean          keyboard);
void  trio_triomino_view_rotate        (TrioTriominoView *self);
/* Plays move (when the view is interactive and move is not BG_MOVE_NONE). */
void  trio_triomino_view_choose        (TrioTriominoView *self,
                                        BgMove            move);
/* The selected tile on the cursor's triangle, or NULL. */
const TrioTriPlacement *trio_triomino_view_cursor_placement (TrioTriominoView *self);
/* The hand as it is drawn and clicked. */
void  trio_triomino_view_read_hand     (TrioTriominoView *self,
                                        TrioTriHand      *hand);

/* trio-triomino-view-input.c */
void  trio_triomino_view_add_controllers (TrioTriominoView *self);
/* Shows text over the table for a few seconds (and in the debug log); NULL hides it. */
void  trio_triomino_view_say           (TrioTriominoView *self,
                                        const char       *text);
/* The tile dragged, over the whole view (from its snapshot). */
void  trio_triomino_view_snapshot_drag (TrioTriominoView *self,
                                        GtkSnapshot      *snapshot);

G_END_DECLS
