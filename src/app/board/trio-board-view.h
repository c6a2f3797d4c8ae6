/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-view.h: the board of Triple Alliance, Marelle and TRICHESS, played with the
 * mouse and the keyboard */
#pragma once

#include <gtk/gtk.h>

#include "bg-game.h"

G_BEGIN_DECLS

#define TRIO_TYPE_BOARD_VIEW (trio_board_view_get_type ())
G_DECLARE_FINAL_TYPE (TrioBoardView, trio_board_view, TRIO, BOARD_VIEW, GtkWidget)

/* A TrioGameView: set_game, update, set_interactive, set_hint and "move-chosen". */
GtkWidget *trio_board_view_new (void);

/* Acts as a click (or Enter with the cursor) on a location; for tests and accessibility.
 * Returns FALSE if the location cannot be chosen now. */
gboolean trio_board_view_choose_location (TrioBoardView *self,
                                          guint          location);

G_END_DECLS
