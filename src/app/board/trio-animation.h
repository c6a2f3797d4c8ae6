/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-animation.h: what every animated view shares: the length of a move's animation,
 * whether animations are on, and the easing of a move
 *
 * A move is shown in TRIO_ANIMATION_MS; the session waits that long before it plays the
 * next computer move, so that each move is seen before the next one starts. With GTK's
 * gtk-enable-animations off, every view shows the end of a move at once.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TRIO_ANIMATION_MS 250

/* Whether the views animate (GTK's setting, as the user or the desktop set it). */
static inline gboolean
trio_animation_enabled (GtkWidget *widget)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (widget), "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

/* Ease in and out over t in [0, 1]: a piece starts and stops gently. */
static inline double
trio_animation_ease (double t)
{
  t = CLAMP (t, 0.0, 1.0);
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) * (-2 * t + 2) / 2;
}

G_END_DECLS
