/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-view.h: the Triomino table (the tiles played) and the hand of the player to move */
#pragma once

#include <gtk/gtk.h>

#include "bg-game.h"

G_BEGIN_DECLS

#define TRIO_TYPE_TRIOMINO_VIEW (trio_triomino_view_get_type ())
G_DECLARE_FINAL_TYPE (TrioTriominoView, trio_triomino_view, TRIO, TRIOMINO_VIEW, GtkWidget)

/* A TrioGameView: set_game, update, set_interactive, set_hint and "move-chosen" (guint
 * move: a placement, a draw or a pass). */
GtkWidget *trio_triomino_view_new (void);

G_END_DECLS
