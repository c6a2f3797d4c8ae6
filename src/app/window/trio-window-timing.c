/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-timing.c: the main window's first frames timed
 *
 * TRIO_BENCH_STARTUP=1: the time from the start of the process to the first frame drawn is
 * printed ("first-frame-ms"), and Trio quits. Whenever a game comes to the window (a new
 * game, the one restored, a file opened), the first frame that shows it is told in the
 * debug log with the time since it came and since the start (the GUI test bounds the
 * opening of a 100,000-move game with it); with TRIO_BENCH_GAME=1 that time since the start
 * is printed ("game-shown-ms") and Trio quits (build-aux/bench-app.sh reads both).
 */

#include "trio-window-private.h"

static void
first_frame_painted (GdkFrameClock *clock,
                     TrioWindow    *self)
{
  g_print ("first-frame-ms %.1f\n", (g_get_monotonic_time () - trio_start_time) / 1000.0);
  g_signal_handlers_disconnect_by_func (clock, first_frame_painted, self);
  g_application_quit (g_application_get_default ());
}

static void
game_painted (GdkFrameClock *clock,
              TrioWindow    *self)
{
  gint64 now = g_get_monotonic_time ();
  const BgGame *game = trio_session_get_game (self->session);
  double since_start = (now - trio_start_time) / 1000.0;

  g_signal_handlers_disconnect_by_func (clock, game_painted, self);
  g_debug ("game shown: %u moves, drawn %.0f ms after it came, %.0f ms after the start",
           game != NULL ? bg_game_get_n_played (game) : 0,
           (now - self->game_came_time) / 1000.0, since_start);
  self->game_came_time = 0;
  if (g_getenv ("TRIO_BENCH_GAME") != NULL)
    {
      g_print ("game-shown-ms %.1f\n", since_start);
      g_application_quit (g_application_get_default ());
    }
}

static void
watch_game_frame (TrioWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (clock == NULL)
    return;
  g_signal_handlers_disconnect_by_func (clock, game_painted, self);
  g_signal_connect (clock, "after-paint", G_CALLBACK (game_painted), self);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_PAINT);
}

static void
window_mapped (TrioWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (clock != NULL && g_getenv ("TRIO_BENCH_STARTUP") != NULL)
    g_signal_connect (clock, "after-paint", G_CALLBACK (first_frame_painted), self);
  /* A game that came before the window was shown. */
  if (self->game_came_time != 0)
    watch_game_frame (self);
}

static void
window_unrealized (TrioWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (clock != NULL)
    {
      g_signal_handlers_disconnect_by_func (clock, first_frame_painted, self);
      g_signal_handlers_disconnect_by_func (clock, game_painted, self);
    }
}

void
trio_window_timing_game_came (TrioWindow *self)
{
  self->game_came_time = g_get_monotonic_time ();
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    watch_game_frame (self);
}

void
trio_window_timing_init (TrioWindow *self)
{
  g_signal_connect (self, "map", G_CALLBACK (window_mapped), NULL);
  g_signal_connect (self, "unrealize", G_CALLBACK (window_unrealized), NULL);
}
