/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-message.h: a small modal question or message window */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Called with the index of the button chosen, or -1 if the window was closed. */
typedef void (*TrioMessageFunc) (int      response,
                                 gpointer user_data);

/* Shows heading and body with the buttons (NULL-terminated; the last one is the default).
 * Returns the window, which destroys itself once answered. */
GtkWindow *trio_message_show (GtkWindow         *parent,
                              const char        *heading,
                              const char        *body,
                              const char *const *buttons,
                              TrioMessageFunc    callback,
                              gpointer           user_data);

G_END_DECLS
