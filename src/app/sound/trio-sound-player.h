/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-sound-player.h: the sounds of the moves, played through GTK's media support
 *
 * Each sound is a file of the resources, sounds/NAME.oga (data/sounds/), opened once as a
 * GtkMediaFile and played again from its start. Nothing is played when the Sounds switch
 * of the main menu is off (the setting "sounds") or the system asks for no event sounds
 * (GtkSettings:gtk-enable-event-sounds). Without a media backend (GTK's gstreamer module)
 * or an audio device a stream fails: that is told once in a debug line, never warned of.
 * With G_MESSAGES_DEBUG=Trio every sound is logged, "sound: NAME" when played and "sound
 * off: NAME" when silent (the GUI test reads them).
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TRIO_TYPE_SOUND_PLAYER (trio_sound_player_get_type ())
G_DECLARE_FINAL_TYPE (TrioSoundPlayer, trio_sound_player, TRIO, SOUND_PLAYER, GObject)

TrioSoundPlayer *trio_sound_player_new     (void);

/* Plays the sound name (a name of trio_move_sound_names()) after delay_ms milliseconds (0:
 * at once), when sounds are on at that moment. */
void             trio_sound_player_play    (TrioSoundPlayer *self,
                                            const char      *name,
                                            guint            delay_ms);
/* Opens the media backend delay_ms milliseconds from now, when sounds are on then: the
 * first sound of a game then does not wait for GStreamer to start (a few milliseconds; up
 * to a second the first time on a machine, which builds its registry of plugins). */
void             trio_sound_player_prepare (TrioSoundPlayer *self,
                                            guint            delay_ms);
/* Drops the sounds still waiting for their moment (the game changed meanwhile). */
void             trio_sound_player_cancel  (TrioSoundPlayer *self);

/* Whether sounds are on: the setting (on when the settings' schema is not installed) and
 * GTK's gtk-enable-event-sounds. */
gboolean         trio_sound_player_enabled (TrioSoundPlayer *self);

G_END_DECLS
