/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-view.h: the Triomino table (the tiles played) and the hand of the player to move */
#pragma once

#include <gtk/gtk.h>

#include "bg-game.h"

G_BEGIN_DECLS

#define TRIO_TYPE_TRIOMINO_VIEW (trio_triomino_view_get_type ())
G_DECLARE_FINAL_TYPE (TrioTriominoView, trio_triomino_view, TRIO, TRIOMINO_VIEW, GtkWidget)

GtkWidget *trio_triomino_view_new (void);

void     trio_triomino_view_set_game        (TrioTriominoView *self,
                                             const BgGame     *game);
void     trio_triomino_view_update          (TrioTriominoView *self);
void     trio_triomino_view_set_interactive (TrioTriominoView *self,
                                             gboolean          interactive);
void     trio_triomino_view_set_hint        (TrioTriominoView *self,
                                             BgMove            hint);

/* Signal "move-chosen" (guint move): a placement, a draw or a pass. */

G_END_DECLS
