/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-wrap-box.h: children in a row that wraps onto more lines when the width is short */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TRIO_TYPE_WRAP_BOX (trio_wrap_box_get_type ())
G_DECLARE_FINAL_TYPE (TrioWrapBox, trio_wrap_box, TRIO, WRAP_BOX, GtkWidget)

/* spacing: between the children and between the lines. Homogeneous: every child has the
 * width of the widest, and the lines are evened out (four children where three fit: two
 * lines of two). The lines lie at the start, centre or end of the box (line_align). */
GtkWidget *trio_wrap_box_new    (int          spacing,
                                 gboolean     homogeneous,
                                 GtkAlign     line_align);
void       trio_wrap_box_append (TrioWrapBox *self,
                                 GtkWidget   *child);

G_END_DECLS
