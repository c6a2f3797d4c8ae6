/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-preferences-window.h: the preferences of play with friends: the game server, and the
 * name friends see */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TRIO_TYPE_PREFERENCES_WINDOW (trio_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (TrioPreferencesWindow, trio_preferences_window, TRIO,
                      PREFERENCES_WINDOW, GtkWindow)

/* Shows the window (one at a time) over parent. Its entries are the settings "game-server"
 * (empty: this Trio's own server, for the local network) and "player-name"; without the
 * settings' schema they are greyed out. */
void trio_preferences_window_present (GtkWindow *parent);

G_END_DECLS
