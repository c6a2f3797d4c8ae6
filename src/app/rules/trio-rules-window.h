/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-rules-window.h: the rules of the four games, in the interface language */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Shows the rules, open at game_id's page (or the first game when NULL). */
void trio_rules_window_present (GtkWindow  *parent,
                                const char *game_id);

/* The language of the rules pages for the current locale: "fr" or "en". */
const char *trio_rules_language (void);

G_END_DECLS
