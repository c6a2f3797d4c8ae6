/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-notice.c: what the main window's status line says: whose turn it is (or how
 * the game ended), the piece a mill asks the player to take, and for a few seconds why a
 * click was refused (the views' "refused", in the engine's words) */

#include "session/trio-status.h"
#include "trio-window-private.h"

/* How long a refusal stays in the status line: long enough to read a sentence. */
#define NOTICE_SECONDS 4

/* A notice stands while the position it was given in does. */
static gboolean
notice_stands (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);

  return self->notice != NULL && game != NULL
         && bg_game_get_n_played (game) == self->notice_n_played
         && bg_game_get_key (game) == self->notice_key;
}

static char *
status_text (TrioWindow *self)
{
  if (notice_stands (self))
    return g_strdup (self->notice);
  if (self->view != NULL && trio_game_view_is_choosing_removal (self->view))
    return trio_status_describe_removal (self->session);
  return trio_status_describe (self->session);
}

void
trio_window_notice_show_status (TrioWindow *self)
{
  g_autofree char *text = status_text (self);

  if (self->notice != NULL && !notice_stands (self))
    trio_window_notice_clear (self);
  gtk_label_set_text (self->status_label, text);
  gtk_label_set_text (self->subtitle_label, text);
  if (self->notice != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "notice");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "notice");
  /* Each new sentence is logged once: the GUI test reads them. */
  if (g_strcmp0 (text, self->status_shown) != 0)
    {
      g_debug ("status: %s", text);
      g_free (self->status_shown);
      self->status_shown = g_steal_pointer (&text);
    }
}

static gboolean
notice_expired (gpointer user_data)
{
  TrioWindow *self = user_data;

  self->notice_source = 0;
  g_clear_pointer (&self->notice, g_free);
  trio_window_notice_show_status (self);
  return G_SOURCE_REMOVE;
}

void
trio_window_notice_clear (TrioWindow *self)
{
  g_clear_handle_id (&self->notice_source, g_source_remove);
  g_clear_pointer (&self->notice, g_free);
}

void
trio_window_notice_show (TrioWindow *self,
                         const char *text)
{
  const BgGame *game = trio_session_get_game (self->session);

  if (game == NULL)
    return;
  trio_window_notice_clear (self);
  self->notice = g_strdup (text);
  self->notice_n_played = bg_game_get_n_played (game);
  self->notice_key = bg_game_get_key (game);
  self->notice_source = g_timeout_add_seconds (NOTICE_SECONDS, notice_expired, self);
  trio_window_notice_show_status (self);
}

void
trio_window_notice_init (TrioWindow *self)
{
  /* A long sentence wraps rather than widen the side panel: the board must not move under
   * the pointer when a click is refused. */
  gtk_label_set_max_width_chars (self->status_label, 24);
}

void
trio_window_notice_watch_view (TrioWindow   *self,
                               TrioGameView *view)
{
  g_signal_connect_object (view, "refused", G_CALLBACK (trio_window_notice_show), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (view, "choosing-removal-changed",
                           G_CALLBACK (trio_window_notice_show_status), self,
                           G_CONNECT_SWAPPED);
}

void
trio_window_notice_dispose (TrioWindow *self)
{
  trio_window_notice_clear (self);
  g_clear_pointer (&self->status_shown, g_free);
}
