/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-sound-player.c: the sounds of the moves, played through GTK's media support */

#include "trio-sound-player.h"

#include "games/trio-move-sound.h"
#include "trio-settings.h"

#define RESOURCE_DIR "/io/github/triogames/Trio/sounds/"

/* A sound waiting for its moment (the landing of a piece on its way). */
typedef struct
{
  TrioSoundPlayer *player;
  const char      *name;      /* a static string */
  guint            source;
} Pending;

struct _TrioSoundPlayer
{
  GObject     parent_instance;
  GHashTable *streams;        /* name -> GtkMediaStream, opened at its first play */
  GList      *pending;        /* of Pending */
  guint       prepare_source;
  gboolean    failure_told;   /* a stream's failure is logged once */
};

G_DEFINE_FINAL_TYPE (TrioSoundPlayer, trio_sound_player, G_TYPE_OBJECT)

void
trio_sound_player_cancel (TrioSoundPlayer *self)
{
  g_return_if_fail (TRIO_IS_SOUND_PLAYER (self));

  for (GList *l = self->pending; l != NULL; l = l->next)
    {
      Pending *pending = l->data;

      g_source_remove (pending->source);
      g_free (pending);
    }
  g_clear_pointer (&self->pending, g_list_free);
}

static void
trio_sound_player_dispose (GObject *object)
{
  TrioSoundPlayer *self = TRIO_SOUND_PLAYER (object);

  trio_sound_player_cancel (self);
  g_clear_handle_id (&self->prepare_source, g_source_remove);
  if (self->streams != NULL)
    {
      GHashTableIter iter;
      gpointer stream;

      g_hash_table_iter_init (&iter, self->streams);
      while (g_hash_table_iter_next (&iter, NULL, &stream))
        gtk_media_stream_pause (stream);
    }
  g_clear_pointer (&self->streams, g_hash_table_unref);
  G_OBJECT_CLASS (trio_sound_player_parent_class)->dispose (object);
}

static void
trio_sound_player_class_init (TrioSoundPlayerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = trio_sound_player_dispose;
}

static void
trio_sound_player_init (TrioSoundPlayer *self)
{
  self->streams = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
}

TrioSoundPlayer *
trio_sound_player_new (void)
{
  return g_object_new (TRIO_TYPE_SOUND_PLAYER, NULL);
}

gboolean
trio_sound_player_enabled (TrioSoundPlayer *self)
{
  GSettings *settings = trio_settings_get ();
  GtkSettings *gtk_settings = gtk_settings_get_default ();
  gboolean event_sounds = TRUE;

  if (settings != NULL && !g_settings_get_boolean (settings, "sounds"))
    return FALSE;
  if (gtk_settings != NULL)
    g_object_get (gtk_settings, "gtk-enable-event-sounds", &event_sounds, NULL);
  return event_sounds;
}

/* A stream that fails (no media backend, no audio device, a file it cannot read): once, as
 * a debug line; the sounds simply stay silent. */
static void
stream_error (GtkMediaStream  *stream,
              GParamSpec      *pspec G_GNUC_UNUSED,
              TrioSoundPlayer *self)
{
  const GError *error = gtk_media_stream_get_error (stream);

  if (error == NULL || self->failure_told)
    return;
  self->failure_told = TRUE;
  g_debug ("sounds: cannot be played: %s", error->message);
}

static GtkMediaStream *
lookup_stream (TrioSoundPlayer *self,
               const char      *name)
{
  GtkMediaStream *stream = g_hash_table_lookup (self->streams, name);

  if (stream == NULL)
    {
      g_autofree char *path = g_strconcat (RESOURCE_DIR, name, ".oga", NULL);
      gint64 start = g_get_monotonic_time ();

      /* The first one loads GTK's media backend (GStreamer and its registry). */
      stream = gtk_media_file_new_for_resource (path);
      g_debug ("sounds: %s opened in %.1f ms", name, (g_get_monotonic_time () - start) / 1000.0);
      g_signal_connect_object (stream, "notify::error", G_CALLBACK (stream_error), self, 0);
      g_hash_table_insert (self->streams, g_strdup (name), stream);
      stream_error (stream, NULL, self);
    }
  return stream;
}

static void
play_now (TrioSoundPlayer *self,
          const char      *name)
{
  GtkMediaStream *stream;

  if (!trio_sound_player_enabled (self))
    {
      g_debug ("sound off: %s", name);
      return;
    }
  g_debug ("sound: %s", name);
  stream = lookup_stream (self, name);
  if (gtk_media_stream_get_error (stream) != NULL)
    return;
  /* Played again from its start, cut short if it still sounds. */
  if (gtk_media_stream_get_playing (stream))
    gtk_media_stream_seek (stream, 0);
  else
    gtk_media_stream_play (stream);
}

static gboolean
prepare_due (gpointer data)
{
  TrioSoundPlayer *self = data;

  self->prepare_source = 0;
  if (trio_sound_player_enabled (self))
    lookup_stream (self, TRIO_SOUND_PLACE);
  return G_SOURCE_REMOVE;
}

void
trio_sound_player_prepare (TrioSoundPlayer *self,
                           guint            delay_ms)
{
  g_return_if_fail (TRIO_IS_SOUND_PLAYER (self));

  if (self->prepare_source == 0)
    self->prepare_source = g_timeout_add (delay_ms, prepare_due, self);
}

static gboolean
pending_due (gpointer data)
{
  Pending *pending = data;
  TrioSoundPlayer *self = pending->player;

  self->pending = g_list_remove (self->pending, pending);
  play_now (self, pending->name);
  g_free (pending);
  return G_SOURCE_REMOVE;
}

void
trio_sound_player_play (TrioSoundPlayer *self,
                        const char      *name,
                        guint            delay_ms)
{
  Pending *pending;

  g_return_if_fail (TRIO_IS_SOUND_PLAYER (self));
  g_return_if_fail (name != NULL);

  if (delay_ms == 0)
    {
      play_now (self, name);
      return;
    }
  pending = g_new0 (Pending, 1);
  pending->player = self;
  pending->name = g_intern_string (name);
  pending->source = g_timeout_add (delay_ms, pending_due, pending);
  self->pending = g_list_prepend (self->pending, pending);
}
