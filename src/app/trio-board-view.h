/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-view.h: the board of Triple Alliance, Marelle and TRICHESS, played with the
 * mouse and the keyboard */
#pragma once

#include <gtk/gtk.h>

#include "bg-game.h"

G_BEGIN_DECLS

#define TRIO_TYPE_BOARD_VIEW (trio_board_view_get_type ())
G_DECLARE_FINAL_TYPE (TrioBoardView, trio_board_view, TRIO, BOARD_VIEW, GtkWidget)

GtkWidget *trio_board_view_new (void);

/* The game to show; the view keeps a pointer to it (owned by the caller) and reads it on
 * each update. NULL shows nothing. */
void     trio_board_view_set_game        (TrioBoardView *self,
                                          const BgGame  *game);
/* The game's position changed (a move, undo, redo): clears any selection and redraws. */
void     trio_board_view_update          (TrioBoardView *self);
/* Whether a human may move now (FALSE while the computer thinks or when the game is over). */
void     trio_board_view_set_interactive (TrioBoardView *self,
                                          gboolean       interactive);
/* Shows a suggested move until the next update; BG_MOVE_NONE hides it. */
void     trio_board_view_set_hint        (TrioBoardView *self,
                                          BgMove         hint);
/* Acts as a click (or Enter with the cursor) on a location; for tests and accessibility.
 * Returns FALSE if the location cannot be chosen now. */
gboolean trio_board_view_choose_location (TrioBoardView *self,
                                          guint          location);
/* The centre of a location in the widget's coordinates (for tests that synthesize clicks);
 * FALSE without a board. */
gboolean trio_board_view_get_location_center (TrioBoardView *self,
                                              guint          location,
                                              double        *x,
                                              double        *y);

/* Signal "move-chosen" (guint move): the player made a legal move. */

G_END_DECLS
