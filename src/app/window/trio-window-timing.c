/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-timing.c: the main window's first frames timed
 *
 * TRIO_BENCH_STARTUP=1: the time from the start of the process to the first frame drawn is
 * printed ("first-frame-ms"), and Trio quits. Whenever a game comes to the window (a new
 * game, the one restored, a file opened), the first frame that shows it is told in the
 * debug log with the time since it came and since the start (the GUI test bounds the
 * opening of a 100,000-move game with it); with TRIO_BENCH_GAME=1 that time since the start
 * is printed ("game-shown-ms") and Trio quits (build-aux/bench-app.sh reads both).
 *
 * A page switch (a game started, or back to the chooser) is timed from the click that asks
 * for it to the first frame drawn after it, and to the first frame that shows the new page
 * whole (the page switch's log line, which the GUI test prints). Until that frame the
 * window shows the busy pointer: a new game's first frame may take a second on a busy
 * machine. TRIO_BENCH_SWITCH=N: from
 * the chooser, each game in turn is started and left for the chooser again, N times each
 * way; every switch's times are printed ("switch-game-ms", "switch-chooser-ms": the first
 * frame, then the whole page) and Trio quits.
 */

#include "trio-window-private.h"

#include "games/trio-game.h"

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

/* The benchmark of page switches: how many are left, and the next game's place in the list. */
static guint bench_switches;
static guint bench_next_game;

static gboolean
bench_next (gpointer data)
{
  TrioWindow *self = data;
  const TrioGame *const *games = trio_game_list ();
  g_autoptr (GError) error = NULL;

  if (bench_switches == 0)
    {
      g_application_quit (g_application_get_default ());
      return G_SOURCE_REMOVE;
    }
  bench_switches--;
  if (trio_window_get_game_id (self) != NULL)
    {
      trio_window_timing_switch (self, "chooser");
      trio_window_show_chooser (self);
      return G_SOURCE_REMOVE;
    }
  if (games[bench_next_game] == NULL)
    bench_next_game = 0;
  trio_window_timing_switch (self, "game");
  if (!trio_window_start_game (self, games[bench_next_game++]->id, NULL, NULL, 0, &error))
    {
      g_printerr ("%s\n", error->message);
      g_application_quit (g_application_get_default ());
    }
  return G_SOURCE_REMOVE;
}

static void
switch_painted (GdkFrameClock *clock,
                TrioWindow    *self)
{
  gint64 now = g_get_monotonic_time ();
  const char *page = gtk_stack_get_visible_child_name (self->main_stack);

  /* Not the page asked for, in the first frame after the click: the switch failed (a game
   * that could not start). */
  if (g_strcmp0 (page, self->switch_page) != 0)
    {
      g_signal_handlers_disconnect_by_func (clock, switch_painted, self);
      gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
      g_debug ("page switch: %s asked, %s shown", self->switch_page, page);
      self->switch_time = 0;
      return;
    }
  if (self->switch_first == 0)
    self->switch_first = now;
  /* A transition still under way shows the page in part: its ticks draw the next frames. */
  if (gtk_stack_get_transition_running (self->main_stack))
    return;
  g_signal_handlers_disconnect_by_func (clock, switch_painted, self);
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
  g_debug ("page switch: %s drawn %.0f ms after the click, whole after %.0f ms", page,
           (self->switch_first - self->switch_time) / 1000.0,
           (now - self->switch_time) / 1000.0);
  if (bench_switches > 0 || g_getenv ("TRIO_BENCH_SWITCH") != NULL)
    {
      g_print ("switch-%s-ms %.1f %.1f\n", page, (self->switch_first - self->switch_time) / 1000.0,
               (now - self->switch_time) / 1000.0);
      /* The next click a moment later, as a player's would come. */
      g_timeout_add (100, bench_next, self);
    }
  self->switch_time = 0;
}

void
trio_window_timing_switch (TrioWindow *self,
                           const char *page)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  self->switch_time = g_get_monotonic_time ();
  self->switch_first = 0;
  self->switch_page = page;
  if (clock == NULL)
    return;
  /* Sent at once: the work before the next frame holds the main loop. */
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "progress");
  gdk_display_flush (gtk_widget_get_display (GTK_WIDGET (self)));
  g_signal_handlers_disconnect_by_func (clock, switch_painted, self);
  g_signal_connect (clock, "after-paint", G_CALLBACK (switch_painted), self);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_PAINT);
}

static void
bench_start (GdkFrameClock *clock,
             TrioWindow    *self)
{
  g_signal_handlers_disconnect_by_func (clock, bench_start, self);
  g_timeout_add (100, bench_next, self);
}

static void
window_mapped (TrioWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (clock != NULL && g_getenv ("TRIO_BENCH_STARTUP") != NULL)
    g_signal_connect (clock, "after-paint", G_CALLBACK (first_frame_painted), self);
  if (clock != NULL && g_getenv ("TRIO_BENCH_SWITCH") != NULL)
    {
      bench_switches = 2 * (guint) CLAMP (g_ascii_strtoull (g_getenv ("TRIO_BENCH_SWITCH"),
                                                              NULL, 10), 1, 1000);
      g_signal_connect (clock, "after-paint", G_CALLBACK (bench_start), self);
    }
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
      g_signal_handlers_disconnect_by_func (clock, switch_painted, self);
      g_signal_handlers_disconnect_by_func (clock, bench_start, self);
      gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
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
