/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-sound.c: the main window's sounds: each move played now sounds what the
 * engine says it did (trio_move_sound()), through the window's TrioSoundPlayer
 *
 * Only the moves the session plays now are heard ("move-played"): a game restored or
 * opened, undo and redo, and the review's navigation are silent. A move of the computer
 * or of a friend online sounds when its piece lands, three quarters into its animation
 * (trio-board-animation.c), at once when GTK's animations are off; a move of a player at
 * this screen sounds at once, as the player puts the piece down.
 */

#include "trio-window-private.h"

#include "board/trio-animation.h"
#include "games/trio-move-sound.h"

static void
on_move_played (TrioWindow  *self,
                guint        index,
                gboolean     by_other,
                TrioSession *session)
{
  const char *name = trio_move_sound (trio_session_get_game (session), index);
  guint delay_ms = by_other && trio_animation_enabled (GTK_WIDGET (self))
                   ? TRIO_ANIMATION_MS * 3 / 4 : 0;

  if (name != NULL)
    trio_sound_player_play (self->sounds, name, delay_ms);
}

void
trio_window_sound_init (TrioWindow *self)
{
  self->sounds = trio_sound_player_new ();
  g_signal_connect_swapped (self->session, "move-played", G_CALLBACK (on_move_played),
                            self);
  /* GStreamer started while the first game is looked at, rather than at its first move. */
  trio_sound_player_prepare (self->sounds, 1000);
}

void
trio_window_sound_dispose (TrioWindow *self)
{
  if (self->sounds != NULL)
    trio_sound_player_cancel (self->sounds);
  g_clear_object (&self->sounds);
}
