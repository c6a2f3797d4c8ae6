/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-drop-down.h: a drop-down list of strings whose button may be narrower than its
 * longest string (the text there ellipsized; the list shows every string whole) */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* As gtk_drop_down_new_from_strings (): strings, NULL-terminated. A dialog over a phone's
 * narrow window keeps within it ("Américaine (bonus pour le premier triple)"). */
GtkWidget *trio_drop_down_new_from_strings (const char *const *strings);

G_END_DECLS
