/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-view-private.h: TrioBoardView's parts, shared by trio-board-view.c (the game,
 * the drawing, the life cycle) and trio-board-view-input.c (the pointer and the keys) */
#pragma once

#include "trio-board-advice.h"
#include "trio-board-animation.h"
#include "trio-board-recent.h"
#include "trio-board-renderer.h"
#include "trio-board-selection.h"
#include "trio-board-view.h"
#include "games/trio-game.h"

G_BEGIN_DECLS

#define DRAG_THRESHOLD 8.0

struct _TrioBoardView
{
  GtkWidget parent_instance;

  const BgGame            *game;
  const BgRules           *rules;
  GHashTable              *options;   /* a reference to the options the renderer is for */
  const TrioGame          *tgame;
  const TrioBoardRenderer *renderer;
  gpointer                 renderer_data;

  TrioBoardSelection *selection;

  TrioBoardRecent recent;   /* each seat's last move, the marks */
  BgMove   hint;
  gboolean interactive;

  int      cursor;
  gboolean cursor_visible;
  int      hover;           /* the location under the pointer, or -1 */

  /* The pointer: the location pressed, and the piece dragged from it, if any. */
  int      press_location;
  int      drag_location;
  double   drag_x, drag_y;

  GtkWidget *popover;
  gboolean   choosing;    /* inside choose_location: the popover's closing is ours */

  TrioBoardPicture board;   /* the board picture, rendered once for this size and scale */
  guint       n_frames;

  TrioBoardMotion motion;    /* what was shown last, the move being animated */
  BgMove   settled_move;     /* the human put this move's piece in place (a drag) */
  gboolean dragging;         /* inside on_drag_end's choice */

  TrioBoardAdvice advice;    /* the solved table's values, when the advisor is on */
  gboolean advice_on;

  gboolean choosing_removal; /* what "choosing-removal-changed" last told */
};

/* trio-board-view.c */
guint trio_board_view_n_selected        (TrioBoardView *self);
/* The first location chosen; only when trio_board_view_n_selected () > 0. */
guint trio_board_view_first_selected    (TrioBoardView *self);
void  trio_board_view_update_accessible (TrioBoardView *self);
void  trio_board_view_cancel_selection  (TrioBoardView *self);
/* The game may have changed behind the view's back: never act on stale moves. */
void  trio_board_view_ensure_fresh      (TrioBoardView *self);
/* Tells that the rules refused location (a click, a drag), and why: "refused". */
void  trio_board_view_refuse            (TrioBoardView *self,
                                         guint          location,
                                         const char    *reason);

/* trio-board-view-input.c: the click, drag, key and focus controllers. */
void  trio_board_view_add_controllers   (TrioBoardView *self);

G_END_DECLS
