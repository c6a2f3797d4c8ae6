/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-history-view.h: the list of the moves played, in the game's notation */
#pragma once

#include <gtk/gtk.h>

#include "trio-session.h"

G_BEGIN_DECLS

#define TRIO_TYPE_HISTORY_VIEW (trio_history_view_get_type ())
G_DECLARE_FINAL_TYPE (TrioHistoryView, trio_history_view, TRIO, HISTORY_VIEW, GtkWidget)

GtkWidget *trio_history_view_new         (void);
void       trio_history_view_set_session (TrioHistoryView *self,
                                          TrioSession     *session);
void       trio_history_view_update      (TrioHistoryView *self);

G_END_DECLS
