/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-squeezer.h: shows the first of its children that fits its width (the header bar's
 * buttons, fewer of them when the window is narrow) */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TRIO_TYPE_SQUEEZER (trio_squeezer_get_type ())
G_DECLARE_FINAL_TYPE (TrioSqueezer, trio_squeezer, TRIO, SQUEEZER, GtkWidget)

/* The children are the widget's own, in the order of preference (from a .ui file's
 * <child> elements, or trio_squeezer_append); the last may be an empty box. */
GtkWidget *trio_squeezer_new          (void);
void       trio_squeezer_append       (TrioSqueezer *self,
                                       GtkWidget    *child);
/* The child shown by the last layout, or NULL. */
GtkWidget *trio_squeezer_get_shown    (TrioSqueezer *self);

G_END_DECLS
