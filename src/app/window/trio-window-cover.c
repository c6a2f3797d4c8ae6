/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-cover.c: the main window's pass-and-play privacy: the hand of the human to move
 * covered between players (trio_session_is_covered()), and the hide-hands setting */

#include "trio-settings.h"
#include "trio-window-private.h"

/* The view covers the hidden part of the human to move in the live game. The review's views
 * are not interactive and show no hidden part (Triomino's hand face down): the cover steps
 * aside for the review and comes back with the game. */
void
trio_window_cover_update (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);
  gboolean covered = trio_review_get_game (self->review) == NULL
                     && trio_session_is_covered (self->session);

  if (self->view == NULL)
    return;
  /* Told once for each position covered (an undo under the cover covers another). */
  if (covered && (!self->covered || self->covered_key != bg_game_get_key (game)))
    {
      int player = bg_game_get_player_to_move (game);
      g_autofree char *name = trio_session_dup_player_name (self->session, player);

      g_debug ("cover: pass to %s, after %u moves", name, bg_game_get_n_played (game));
    }
  self->covered = covered;
  self->covered_key = covered ? bg_game_get_key (game) : 0;
  trio_game_view_set_covered (self->view, covered);
}

/* The player asked to see the hand, or the setting changed; the position has not. */
static void
on_cover_changed (TrioWindow *self)
{
  if (self->view == NULL || trio_session_get_game (self->session) != self->live_game)
    return;
  trio_window_refresh (self);
}

static void
on_uncover_asked (TrioWindow *self)
{
  trio_session_uncover (self->session);
}

void
trio_window_cover_watch_view (TrioWindow   *self,
                              TrioGameView *view)
{
  g_signal_connect_object (view, "uncover-asked", G_CALLBACK (on_uncover_asked), self,
                           G_CONNECT_SWAPPED);
}

/* On when the settings' schema is not installed: hands are never shown by default. */
static void
update_hide_hands (TrioWindow *self)
{
  GSettings *settings = trio_settings_get ();

  trio_session_set_hide_hands (self->session, settings == NULL
                                              || g_settings_get_boolean (settings,
                                                                         "hide-hands"));
}

void
trio_window_cover_init (TrioWindow *self)
{
  g_signal_connect_swapped (self->session, "cover-changed", G_CALLBACK (on_cover_changed),
                            self);
  update_hide_hands (self);
  if (trio_settings_get () != NULL)
    g_signal_connect_object (trio_settings_get (), "changed::hide-hands",
                             G_CALLBACK (update_hide_hands), self, G_CONNECT_SWAPPED);
}
