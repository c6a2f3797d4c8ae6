/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-animation.h: the Triomino view's moves that move, and the marks they leave
 *
 * The view tells the animation every position it is given (trio_tri_animation_update())
 * and hands it every frame of its table, its hand and its whole area; the animation
 * compares the position with the one shown last and, when it is exactly one move later,
 * shows that move in TRIO_ANIMATION_MS through the frame clock: a placed tile travels from
 * the hand as it was drawn (or, for a hand not shown face up, from the side of the table
 * where that seat sits) to its triangle, turning to its place; a drawn tile slides from the
 * pile into the hand; a pass pops up a label at the seat's side. Anything else (undo, a
 * jump, a new game or round) is drawn at once, as is every move when GTK's animations are
 * off. Between moves it draws the pile, each seat's last placed tile outlined in the seat's
 * colour (trio_tri_seat_color(), the most recent the strongest) and a label for each seat
 * whose last move was a pass.
 *
 * Seats sit around the table: the one whose hand was last shown face up (or the first) at
 * the bottom, the others clockwise, as at a card table.
 */
#pragma once

#include <gtk/gtk.h>

#include "bg-game.h"
#include "triomino/bg-triomino.h"
#include "trio-triomino-hand.h"

G_BEGIN_DECLS

typedef struct _TrioTriAnimation TrioTriAnimation;
typedef void (*TrioTriAnimationDone) (gpointer data);

/* view: the widget the travelling tile is drawn over (in its snapshot), with table and
 * hand_area inside it; done (data) is called when an animation ends. */
TrioTriAnimation *trio_tri_animation_new      (GtkWidget            *view,
                                               GtkWidget            *table,
                                               GtkWidget            *hand_area,
                                               TrioTriAnimationDone  done,
                                               gpointer              data);
void              trio_tri_animation_free     (TrioTriAnimation *self);

/* Forgets the position shown (another game, or none): the next one is drawn at once. */
void              trio_tri_animation_reset    (TrioTriAnimation *self);
/* The game the view shows now: starts the animation of its last move when it is one move
 * after the position shown last, else stops any animation; reads the seats' marks. */
void              trio_tri_animation_update   (TrioTriAnimation *self,
                                               const BgGame     *game);
gboolean          trio_tri_animation_running  (TrioTriAnimation *self);
/* The next move is this placement, whose tile the player dropped where it lands: it is
 * shown at once. */
void              trio_tri_animation_settle   (TrioTriAnimation *self,
                                               BgMove            move);
/* Jumps to the end of the animation running, if any. */
void              trio_tri_animation_finish   (TrioTriAnimation *self);
/* TRUE while the hand area still shows the hand the tile left (the caption waits too). */
gboolean          trio_tri_animation_hand_held (TrioTriAnimation *self);

/* The table's frame: geom comes as the view fits the tiles and leaves as it is to be drawn
 * (the camera moving towards it during a placement); remembered as drawn. */
void              trio_tri_animation_camera   (TrioTriAnimation *self,
                                               int               width,
                                               int               height,
                                               TrioTriGeometry  *geom);
/* Whether a tile of the table is not to be drawn there yet (it is on its way). */
gboolean          trio_tri_animation_hides    (TrioTriAnimation       *self,
                                               const BgTriominoPlaced *placed);
/* The pile, under the tiles. */
void              trio_tri_animation_draw_pile (TrioTriAnimation *self,
                                                cairo_t          *cr,
                                                int               width,
                                                int               height);
/* The seats' last placements and passes, over the tiles; names: the players' (NULL, or
 * too few: "Player 2"). */
void              trio_tri_animation_draw_marks (TrioTriAnimation      *self,
                                                 cairo_t               *cr,
                                                 const TrioTriGeometry *geom,
                                                 const char *const     *names,
                                                 int                    width,
                                                 int                    height);
/* Draws the hand area: the live hand, or the hand as it was while a move leaves it. */
void              trio_tri_animation_draw_hand (TrioTriAnimation  *self,
                                                cairo_t           *cr,
                                                const TrioTriHand *live);
/* The travelling tile, over the whole view (from the view's snapshot). */
void              trio_tri_animation_snapshot (TrioTriAnimation *self,
                                               GtkSnapshot      *snapshot);

G_END_DECLS
