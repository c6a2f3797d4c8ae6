/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-info-bar.h: a strip above the board that says something and offers what to do
 *
 * The end of a game ("Light wins", Rematch, New Game) and the review ("Reviewing move 12
 * of 40", Play from Here, Back to the Game) are told here, over the board's top edge rather
 * than in a window over it. A revealer holding a title, a line of detail and buttons bound
 * to actions.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TRIO_TYPE_INFO_BAR (trio_info_bar_get_type ())
G_DECLARE_FINAL_TYPE (TrioInfoBar, trio_info_bar, TRIO, INFO_BAR, GtkWidget)

GtkWidget *trio_info_bar_new         (const char  *css_class);
/* A button (label with a mnemonic, or an icon name when icon is TRUE) that activates
 * action_name ("win.rematch"); buttons are laid out in the order they are added. */
GtkWidget *trio_info_bar_add_button  (TrioInfoBar *self,
                                      const char  *label,
                                      const char  *action_name,
                                      gboolean     icon);
/* The title (bold) and an optional line of detail (NULL or "" for none). */
void       trio_info_bar_set_text    (TrioInfoBar *self,
                                      const char  *title,
                                      const char  *detail);
void       trio_info_bar_set_shown   (TrioInfoBar *self,
                                      gboolean     shown);
gboolean   trio_info_bar_is_shown    (TrioInfoBar *self);
const char *trio_info_bar_get_title  (TrioInfoBar *self);

G_END_DECLS
