/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-split-view.h: a main part with a side part beside it, or under it when the width
 * is short */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TRIO_TYPE_SPLIT_VIEW (trio_split_view_get_type ())
G_DECLARE_FINAL_TYPE (TrioSplitView, trio_split_view, TRIO, SPLIT_VIEW, GtkWidget)

GtkWidget *trio_split_view_new                 (void);
void       trio_split_view_set_main_child      (TrioSplitView *self,
                                                GtkWidget     *child);
void       trio_split_view_set_side_child      (TrioSplitView *self,
                                                GtkWidget     *child);
/* The pixels between the two parts (a separator, when shown, lies in their middle). */
void       trio_split_view_set_spacing         (TrioSplitView *self,
                                                int            spacing);
/* The width the main part keeps at least while the side part is beside it. */
void       trio_split_view_set_main_min_beside (TrioSplitView *self,
                                                int            width);
void       trio_split_view_set_separator       (TrioSplitView *self,
                                                gboolean       separator);
/* Whether the last layout put the side part under the main part. */
gboolean   trio_split_view_get_folded          (TrioSplitView *self);

G_END_DECLS
