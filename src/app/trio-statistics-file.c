/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-statistics-file.c: the statistics file, read and written
 *
 * A GKeyFile (docs/save-format.md):
 *
 *   [Statistics]
 *   Version=1
 *
 *   [Results]
 *   1=triple-alliance;computer:3;4;1;2;      game, side, won, drawn, lost
 *   2=marelle/standard;player:Alice;1;0;0;
 *
 *   [Triomino]
 *   1=2025-03-01T19:15:00Z;412;0;player:Alice;computer:3;   date, score, seat, the seats
 *
 * The file is read whole, at most TRIO_STATISTICS_MAX_FILE_SIZE bytes whatever size it
 * claims, and checked whole before anything of it is used: one wrong entry makes it
 * damaged. Writing goes through g_file_set_contents_full(): a temporary file, synced,
 * renamed over the old one.
 */

#include "trio-statistics-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bg-save.h"

#define GROUP_HEADER "Statistics"
#define GROUP_RESULTS "Results"
#define GROUP_TRIOMINO "Triomino"
#define MAX_GAME_KEY 64

/* Reading */

static gboolean G_GNUC_PRINTF (2, 3)
damaged (GError    **error,
         const char *format,
         ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, BG_ERROR, BG_ERROR_BAD_FILE, message);
  return FALSE;
}

static gboolean
damaged_entry (GError    **error,
               const char *group,
               const char *key,
               const char *reason)
{
  /* Translators: a group of the file ("Results"), an entry's name in it ("3"), then what
   * is wrong with it */
  return damaged (error, _("The statistics file is damaged: entry %s of [%s] is wrong (%s)."),
                  key, group, reason);
}

/* The file's bytes; NULL with *missing set when there is no file, NULL with error set when
 * it cannot be read or is too large or no regular file. */
static GByteArray *
read_capped (const char *path,
             gboolean   *missing,
             GError    **error)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  struct stat st;
  int fd, saved;

  *missing = FALSE;
  /* Non-blocking: a FIFO must not wait for a writer. */
  fd = g_open (path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    {
      saved = errno;
      /* No file, or a file where its folder should be: there is no statistics file. */
      *missing = saved == ENOENT || saved == ENOTDIR;
      if (!*missing)
        /* Translators: why the file cannot be read ("Permission denied") */
        g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                     _("The statistics file cannot be read: %s."), g_strerror (saved));
      return NULL;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      return damaged (error, _("The statistics file is not a regular file.")), NULL;
    }
  while (bytes->len <= TRIO_STATISTICS_MAX_FILE_SIZE)
    {
      guint old = bytes->len;
      gssize got;

      g_byte_array_set_size (bytes, old + 65536);
      got = read (fd, bytes->data + old, 65536);
      saved = errno;
      g_byte_array_set_size (bytes, old + MAX (got, 0));
      if (got < 0 && saved == EINTR)
        continue;
      if (got < 0)
        {
          close (fd);
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("The statistics file cannot be read: %s."), g_strerror (saved));
          return NULL;
        }
      if (got == 0)
        break;
    }
  close (fd);
  if (bytes->len > TRIO_STATISTICS_MAX_FILE_SIZE)
    /* Translators: %d is the largest size of the file, in KiB */
    return damaged (error, _("The statistics file is too large (more than %d KiB)."),
                    TRIO_STATISTICS_MAX_FILE_SIZE / 1024), NULL;
  return g_steal_pointer (&bytes);
}

/* "triple-alliance", "marelle/standard": lower-case letters, digits and hyphens. */
static gboolean
game_key_is_valid (const char *key)
{
  gsize length = strlen (key);
  const char *slash = strchr (key, '/');

  if (length == 0 || length > MAX_GAME_KEY || key[0] == '/' || key[length - 1] == '/'
      || (slash != NULL && strchr (slash + 1, '/') != NULL))
    return FALSE;
  for (const char *p = key; *p != '\0'; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-' && *p != '/')
      return FALSE;
  return TRUE;
}

static gboolean
parse_result (GKeyFile   *file,
              const char *key,
              GArray     *rows,
              GError    **error)
{
  gsize n = 0;
  g_auto (GStrv) fields = g_key_file_get_string_list (file, GROUP_RESULTS, key, &n, NULL);
  guint counts[TRIO_N_OUTCOMES];
  TrioStatisticsRow *row;
  TrioSide side;

  if (fields == NULL || n != 2 + TRIO_N_OUTCOMES)
    return damaged_entry (error, GROUP_RESULTS, key, _("it needs five fields"));
  if (!game_key_is_valid (fields[0]))
    return damaged_entry (error, GROUP_RESULTS, key, _("not a game"));
  if (!trio_side_parse (fields[1], &side))
    return damaged_entry (error, GROUP_RESULTS, key, _("not a player"));
  for (guint i = 0; i < TRIO_N_OUTCOMES; i++)
    {
      guint64 count;

      if (!g_ascii_string_to_unsigned (fields[2 + i], 10, 0, TRIO_STATISTICS_MAX_COUNT,
                                       &count, NULL))
        return damaged_entry (error, GROUP_RESULTS, key,
                              _("a count is not a whole number from 0 to 1000000000"));
      counts[i] = (guint) count;
    }
  if (counts[0] + counts[1] + counts[2] == 0)
    return TRUE;
  row = trio_statistics_add_row (rows, fields[0], fields[1]);
  if (row == NULL)
    return damaged_entry (error, GROUP_RESULTS, key, _("too many entries"));
  /* The same game and side twice: the counts add up. */
  for (guint i = 0; i < TRIO_N_OUTCOMES; i++)
    {
      if (counts[i] > TRIO_STATISTICS_MAX_COUNT - row->counts[i])
        return damaged_entry (error, GROUP_RESULTS, key,
                              _("a count is not a whole number from 0 to 1000000000"));
      row->counts[i] += counts[i];
    }
  return TRUE;
}

static gboolean
parse_score (GKeyFile   *file,
             const char *key,
             GArray     *scores,
             GError    **error)
{
  gsize n = 0;
  g_auto (GStrv) fields = g_key_file_get_string_list (file, GROUP_TRIOMINO, key, &n, NULL);
  g_autoptr (GDateTime) date = NULL;
  TrioStatisticsScore score = { 0 };
  gint64 value;
  guint64 seat;
  TrioSide side;

  if (fields == NULL || n < 3 + 2 || n > 3 + TRIO_MAX_SEATS)
    return damaged_entry (error, GROUP_TRIOMINO, key, _("it needs five to nine fields"));
  date = g_date_time_new_from_iso8601 (fields[0], NULL);
  if (date == NULL)
    return damaged_entry (error, GROUP_TRIOMINO, key, _("not a date"));
  if (!g_ascii_string_to_signed (fields[1], 10, -TRIO_STATISTICS_MAX_SCORE,
                                 TRIO_STATISTICS_MAX_SCORE, &value, NULL))
    return damaged_entry (error, GROUP_TRIOMINO, key, _("not a score"));
  if (!g_ascii_string_to_unsigned (fields[2], 10, 0, n - 4, &seat, NULL))
    return damaged_entry (error, GROUP_TRIOMINO, key, _("not a seat of the game"));
  for (guint i = 3; i < n; i++)
    if (!trio_side_parse (fields[i], &side) || (i == 3 + seat && side.kind == TRIO_SIDE_COMPUTER))
      return damaged_entry (error, GROUP_TRIOMINO, key, _("not a player"));
  score.date = g_date_time_to_unix (date);
  score.score = (int) value;
  score.seat = (guint) seat;
  score.players = g_new0 (char *, n - 3 + 1);
  for (guint i = 3; i < n; i++)
    score.players[i - 3] = g_strdup (fields[i]);
  trio_statistics_insert_score (scores, &score);
  return TRUE;
}

static gboolean
parse_group (GKeyFile   *file,
             const char *group,
             GArray     *array,
             gboolean  (*parse) (GKeyFile *, const char *, GArray *, GError **),
             GError    **error)
{
  gsize n = 0;
  g_auto (GStrv) keys = g_key_file_get_keys (file, group, &n, NULL);

  if (keys == NULL)
    return TRUE;
  if (n > TRIO_STATISTICS_MAX_ROWS)
    /* Translators: a group of the file ("Results") */
    return damaged (error, _("The statistics file is damaged: [%s] has too many entries."),
                    group);
  for (gsize i = 0; i < n; i++)
    if (!parse (file, keys[i], array, error))
      return FALSE;
  return TRUE;
}

static gboolean
parse_text (const char *data,
            gsize       length,
            GArray     *rows,
            GArray     *scores,
            GError    **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) local = NULL;
  gint64 version;
  g_autofree char *text = NULL;

  if (memchr (data, '\0', length) != NULL || !g_utf8_validate_len (data, length, NULL))
    return damaged (error, _("The statistics file is not text: it is damaged."));
  if (!g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE, &local))
    /* Translators: %s says why the file cannot be read as a key file */
    return damaged (error, _("The statistics file is damaged (%s)."), local->message);
  text = g_key_file_get_value (file, GROUP_HEADER, "Version", NULL);
  if (text == NULL || !g_ascii_string_to_signed (text, 10, 0, G_MAXINT, &version, NULL))
    return damaged (error, _("The file is not a statistics file of Trio."));
  if (version != TRIO_STATISTICS_FILE_VERSION)
    /* Translators: %s is a number */
    return damaged (error, _("The statistics file has version %s, which this version of "
                             "Trio does not read."), text);
  return parse_group (file, GROUP_RESULTS, rows, parse_result, error)
         && parse_group (file, GROUP_TRIOMINO, scores, parse_score, error);
}

gboolean
trio_statistics_load (TrioStatistics *self,
                      char          **aside,
                      GError        **error)
{
  g_autoptr (GArray) rows = trio_statistics_rows_new ();
  g_autoptr (GArray) scores = trio_statistics_scores_new ();
  g_autoptr (GByteArray) bytes = NULL;
  g_autoptr (GError) local = NULL;
  g_autoptr (GError) aside_error = NULL;
  g_autofree char *new_name = NULL;
  gboolean missing = FALSE, ok;

  g_return_val_if_fail (TRIO_IS_STATISTICS (self), FALSE);

  if (aside != NULL)
    *aside = NULL;
  bytes = read_capped (self->path, &missing, &local);
  ok = missing || (bytes != NULL && parse_text ((const char *) bytes->data, bytes->len, rows,
                                                scores, &local));
  self->keep_file = FALSE;
  if (!ok)
    {
      g_array_set_size (rows, 0);
      g_array_set_size (scores, 0);
      new_name = bg_save_set_aside (self->path, &aside_error);
      if (new_name == NULL)
        {
          g_message ("statistics: the file cannot be set aside: %s", aside_error->message);
          self->keep_file = TRUE;
        }
      g_debug ("statistics: %s is damaged: %s; kept as %s", self->path, local->message,
               new_name ? new_name : "(not renamed)");
    }
  else if (missing)
    g_debug ("statistics: no file at %s yet", self->path);
  else
    g_debug ("statistics: %u rows and %u scores read from %s", rows->len, scores->len,
             self->path);
  g_array_unref (self->rows);
  g_array_unref (self->scores);
  self->rows = g_steal_pointer (&rows);
  self->scores = g_steal_pointer (&scores);
  trio_statistics_emit_changed (self);
  if (ok)
    return TRUE;
  if (aside != NULL)
    *aside = g_steal_pointer (&new_name);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

/* Writing */

static char *
to_text (TrioStatistics *self)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  guint n_scores;
  const TrioStatisticsScore *scores = trio_statistics_get_best_scores (self, &n_scores);

  g_key_file_set_integer (file, GROUP_HEADER, "Version", TRIO_STATISTICS_FILE_VERSION);
  for (guint i = 0; i < self->rows->len; i++)
    {
      const TrioStatisticsRow *row = &g_array_index (self->rows, TrioStatisticsRow, i);
      char key[16], counts[TRIO_N_OUTCOMES][16];
      const char *fields[] = { row->game, row->side, counts[0], counts[1], counts[2] };

      g_snprintf (key, sizeof key, "%u", i + 1);
      for (guint j = 0; j < TRIO_N_OUTCOMES; j++)
        g_snprintf (counts[j], sizeof counts[j], "%u", row->counts[j]);
      g_key_file_set_string_list (file, GROUP_RESULTS, key, fields, G_N_ELEMENTS (fields));
    }
  for (guint i = 0; i < n_scores; i++)
    {
      g_autoptr (GDateTime) date = g_date_time_new_from_unix_utc (scores[i].date);
      g_autofree char *when = date ? g_date_time_format_iso8601 (date) : NULL;
      guint n_players = g_strv_length (scores[i].players);
      g_autofree const char **fields = g_new0 (const char *, 3 + n_players + 1);
      char key[16], score[16], seat[16];

      g_snprintf (key, sizeof key, "%u", i + 1);
      g_snprintf (score, sizeof score, "%d", scores[i].score);
      g_snprintf (seat, sizeof seat, "%u", scores[i].seat);
      fields[0] = when ? when : "1970-01-01T00:00:00Z";
      fields[1] = score;
      fields[2] = seat;
      for (guint p = 0; p < n_players; p++)
        fields[3 + p] = scores[i].players[p];
      g_key_file_set_string_list (file, GROUP_TRIOMINO, key, fields, 3 + n_players);
    }
  return g_key_file_to_data (file, NULL, NULL);
}

static gboolean
write_file (TrioStatistics *self,
            GError        **error)
{
  g_autofree char *dir = g_path_get_dirname (self->path);
  g_autofree char *text = NULL;

  if (self->keep_file)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                   _("The damaged statistics file could not be set aside, so it is not "
                     "replaced."));
      return FALSE;
    }
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      /* Translators: a folder's name, then why it cannot be created */
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("could not create the folder %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  text = to_text (self);
  return g_file_set_contents_full (self->path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT,
                                   0644, error);
}

gboolean
trio_statistics_save (TrioStatistics *self,
                      GError        **error)
{
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (TRIO_IS_STATISTICS (self), FALSE);

  g_clear_error (&self->save_error);
  if (write_file (self, &local))
    {
      g_debug ("statistics: saved to %s", self->path);
      return TRUE;
    }
  self->save_error = g_error_copy (local);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}
