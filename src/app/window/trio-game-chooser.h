/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-chooser.h: the first screen: the four games, each with a picture of its board */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TRIO_TYPE_GAME_CHOOSER (trio_game_chooser_get_type ())
G_DECLARE_FINAL_TYPE (TrioGameChooser, trio_game_chooser, TRIO, GAME_CHOOSER, GtkWidget)

GtkWidget *trio_game_chooser_new (void);
/* The keyboard's focus on the first game's card. */
void       trio_game_chooser_focus_first     (TrioGameChooser *self);
/* Shows or hides the button back to the game left (the action win.back-to-game). */
void       trio_game_chooser_set_can_go_back (TrioGameChooser *self,
                                              gboolean         can_go_back);

/* Signal "game-chosen" (const char *game_id). */

G_END_DECLS
