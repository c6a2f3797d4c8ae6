/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-online-store.c: the seats this Trio holds in rooms, kept to take them back */

#include "trio-online-store.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "trio-client-link.h"

void
trio_online_record_free (TrioOnlineRecord *record)
{
  if (record == NULL)
    return;
  g_free (record->room);
  g_free (record->link);
  g_free (record->url);
  g_free (record->token);
  g_free (record);
}

TrioOnlineRecord *
trio_online_record_copy (const TrioOnlineRecord *record)
{
  TrioOnlineRecord *copy = g_new0 (TrioOnlineRecord, 1);

  *copy = *record;
  copy->room = g_strdup (record->room);
  copy->link = g_strdup (record->link);
  copy->url = g_strdup (record->url);
  copy->token = g_strdup (record->token);
  return copy;
}

char *
trio_online_store_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "trio", "rooms", NULL);
}

static GKeyFile *
load (const char *path)
{
  GKeyFile *file = g_key_file_new ();
  g_autoptr (GError) error = NULL;

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &error)
      && !g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    g_debug ("online: the rooms file %s cannot be read: %s", path, error->message);
  return file;
}

/* The record of a group, or NULL when it is not one (a file edited by hand). */
static TrioOnlineRecord *
read_record (GKeyFile   *file,
             const char *room)
{
  g_autoptr (TrioOnlineRecord) record = g_new0 (TrioOnlineRecord, 1);
  g_autoptr (GError) error = NULL;

  if (!trio_client_is_room_id (room))
    return NULL;
  record->room = g_strdup (room);
  record->link = g_key_file_get_string (file, room, "link", NULL);
  record->url = g_key_file_get_string (file, room, "url", NULL);
  record->token = g_key_file_get_string (file, room, "token", NULL);
  record->seat = g_key_file_get_integer (file, room, "seat", &error);
  record->hosted = g_key_file_get_boolean (file, room, "hosted", NULL);
  record->done = g_key_file_get_boolean (file, room, "done", NULL);
  record->time = g_key_file_get_int64 (file, room, "time", NULL);
  if (error != NULL || record->seat < 0 || record->link == NULL || record->url == NULL
      || !trio_client_is_key (record->token)
      || !trio_client_link_parse (record->link, NULL, NULL, NULL, NULL))
    return NULL;
  return g_steal_pointer (&record);
}

TrioOnlineRecord *
trio_online_store_lookup (const char *path,
                          const char *room)
{
  g_autoptr (GKeyFile) file = load (path);

  if (room == NULL || !g_key_file_has_group (file, room))
    return NULL;
  return read_record (file, room);
}

TrioOnlineRecord *
trio_online_store_last (const char *path)
{
  g_autoptr (GKeyFile) file = load (path);
  g_auto (GStrv) rooms = g_key_file_get_groups (file, NULL);
  TrioOnlineRecord *last = NULL;

  for (guint i = 0; rooms[i] != NULL; i++)
    {
      TrioOnlineRecord *record = read_record (file, rooms[i]);

      if (record == NULL || record->done || (last != NULL && record->time < last->time))
        {
          trio_online_record_free (record);
          continue;
        }
      trio_online_record_free (last);
      last = record;
    }
  return last;
}

/* Forgets the oldest groups past the bound. */
static void
trim (GKeyFile *file)
{
  g_auto (GStrv) rooms = g_key_file_get_groups (file, NULL);
  guint n = g_strv_length (rooms);

  while (n > TRIO_ONLINE_STORE_MAX)
    {
      const char *oldest = NULL;
      gint64 oldest_time = G_MAXINT64;

      for (guint i = 0; rooms[i] != NULL; i++)
        {
          gint64 time;

          if (!g_key_file_has_group (file, rooms[i]))
            continue;
          time = g_key_file_get_int64 (file, rooms[i], "time", NULL);
          if (oldest == NULL || time < oldest_time)
            {
              oldest = rooms[i];
              oldest_time = time;
            }
        }
      g_key_file_remove_group (file, oldest, NULL);
      n--;
    }
}

gboolean
trio_online_store_save (const char             *path,
                        const TrioOnlineRecord *record,
                        GError                **error)
{
  g_autoptr (GKeyFile) file = load (path);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (trio_client_is_room_id (record->room), FALSE);
  g_key_file_remove_group (file, record->room, NULL);
  g_key_file_set_string (file, record->room, "link", record->link);
  g_key_file_set_string (file, record->room, "url", record->url);
  g_key_file_set_integer (file, record->room, "seat", record->seat);
  g_key_file_set_string (file, record->room, "token", record->token);
  g_key_file_set_boolean (file, record->room, "hosted", record->hosted);
  g_key_file_set_boolean (file, record->room, "done", record->done);
  g_key_file_set_int64 (file, record->room, "time", record->time);
  trim (file);
  data = g_key_file_to_data (file, &length, NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir,
                   g_strerror (saved));
      return FALSE;
    }
  return g_file_set_contents_full (path, data, (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}
