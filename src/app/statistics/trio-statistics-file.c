/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-statistics-file.c: the statistics as records, and their file read and written
 *
 * A GKeyFile (docs/save-format.md):
 *
 *   [Statistics]
 *   Version=1
 *
 *   [Results]
 *   1=GAME;computer:3;4;1;2;                 game key, side, won, drawn, lost
 *   2=GAME/VARIANT;player:Alice;1;0;0;
 *
 *   [GROUP]                                  the best scores, in the group their game's
 *                                            descriptor names (TrioBestScores)
 *   1=2025-03-01T19:15:00Z;412;0;player:Alice;computer:3;   date, score, seat, the seats
 *
 * The file is read whole, at most TRIO_STATISTICS_MAX_FILE_SIZE bytes whatever size it
 * claims, and checked whole before anything of it is used: one wrong entry makes it
 * damaged. Writing goes through g_file_set_contents_full(): a temporary file, synced,
 * renamed over the old one.
 */

#include "trio-statistics-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bg-save.h"
#include "bg-search.h"

#define GROUP_HEADER "Statistics"
#define GROUP_RESULTS "Results"
/* The best scores: the group has the name of the game that keeps them, fixed by the
 * format's first version. */
#define MAX_GAME_KEY 64

/* Sides */

static gboolean
parse_levels (const char *text,
              guint      *levels)
{
  g_auto (GStrv) words = g_strsplit (text, ",", -1);
  guint64 last = 0;

  *levels = 0;
  for (guint i = 0; words[i] != NULL; i++)
    {
      guint64 level;

      if (!g_ascii_string_to_unsigned (words[i], 10, BG_LEVEL_MIN, BG_LEVEL_PERFECT, &level,
                                       NULL) || level <= last)
        return FALSE;
      *levels |= 1u << level;
      last = level;
    }
  return *levels != 0;
}

gboolean
trio_side_parse (const char *text,
                 TrioSide   *side)
{
  memset (side, 0, sizeof *side);
  if (g_str_has_prefix (text, "computer:"))
    {
      side->kind = TRIO_SIDE_COMPUTER;
      return parse_levels (text + strlen ("computer:"), &side->levels);
    }
  if (g_str_has_prefix (text, "player:"))
    {
      side->kind = TRIO_SIDE_PLAYER;
      side->name = text + strlen ("player:");
      return trio_statistics_name_is_valid (side->name);
    }
  if (g_str_equal (text, "online"))
    {
      side->kind = TRIO_SIDE_ONLINE;
      return TRUE;
    }
  if (g_str_has_prefix (text, "player-seat:"))
    {
      guint64 seat;

      side->kind = TRIO_SIDE_PLAYER_SEAT;
      if (!g_ascii_string_to_unsigned (text + strlen ("player-seat:"), 10, 0,
                                       TRIO_MAX_SEATS - 1, &seat, NULL))
        return FALSE;
      side->seat = (int) seat;
      return TRUE;
    }
  return FALSE;
}

gboolean
trio_statistics_name_is_valid (const char *name)
{
  if (name[0] == '\0' || strlen (name) > BG_SAVE_MAX_NAME || !g_utf8_validate (name, -1, NULL))
    return FALSE;
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}

int
trio_side_compare (const char *a,
                   const char *b)
{
  TrioSide sa, sb;
  gboolean va = trio_side_parse (a, &sa), vb = trio_side_parse (b, &sb);

  if (!va || !vb)
    return va != vb ? (va ? -1 : 1) : strcmp (a, b);
  if (sa.kind != sb.kind)
    return sa.kind < sb.kind ? -1 : 1;
  switch (sa.kind)
    {
    case TRIO_SIDE_COMPUTER:
      /* By the lowest level, then a single level before mixes. */
      if ((sa.levels & -sa.levels) != (sb.levels & -sb.levels))
        return (sa.levels & -sa.levels) < (sb.levels & -sb.levels) ? -1 : 1;
      return sa.levels < sb.levels ? -1 : sa.levels > sb.levels;
    case TRIO_SIDE_PLAYER:
      return g_utf8_collate (sa.name, sb.name);
    default:
      return sa.seat - sb.seat;
    }
}

/* Records */

static void
row_clear (gpointer data)
{
  TrioStatisticsRow *row = data;

  g_free (row->game);
  g_free (row->side);
}

static void
score_clear (gpointer data)
{
  TrioStatisticsScore *score = data;

  g_strfreev (score->players);
}

GArray *
trio_statistics_rows_new (void)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (TrioStatisticsRow));

  g_array_set_clear_func (rows, row_clear);
  return rows;
}

GArray *
trio_statistics_scores_new (void)
{
  GArray *scores = g_array_new (FALSE, TRUE, sizeof (TrioStatisticsScore));

  g_array_set_clear_func (scores, score_clear);
  return scores;
}

TrioStatisticsRow *
trio_statistics_find_row (GArray     *rows,
                          const char *game,
                          const char *side)
{
  for (guint i = 0; i < rows->len; i++)
    {
      TrioStatisticsRow *row = &g_array_index (rows, TrioStatisticsRow, i);

      if (g_str_equal (row->game, game) && g_str_equal (row->side, side))
        return row;
    }
  return NULL;
}

TrioStatisticsRow *
trio_statistics_add_row (GArray     *rows,
                         const char *game,
                         const char *side)
{
  TrioStatisticsRow *row = trio_statistics_find_row (rows, game, side);
  TrioStatisticsRow fresh = { 0 };

  if (row != NULL)
    return row;
  if (rows->len >= TRIO_STATISTICS_MAX_ROWS)
    return NULL;
  fresh.game = g_strdup (game);
  fresh.side = g_strdup (side);
  g_array_append_val (rows, fresh);
  return &g_array_index (rows, TrioStatisticsRow, rows->len - 1);
}

/* Best first; a tie keeps the earlier score first. */
static int
compare_scores (gconstpointer a,
                gconstpointer b)
{
  const TrioStatisticsScore *sa = a, *sb = b;

  if (sa->score != sb->score)
    return sa->score > sb->score ? -1 : 1;
  return sa->date < sb->date ? -1 : sa->date > sb->date;
}

/* Takes score (its players) into scores, kept sorted, at most TRIO_STATISTICS_KEPT. */
void
trio_statistics_insert_score (GArray              *scores,
                              TrioStatisticsScore *score)
{
  guint at = 0;

  while (at < scores->len
         && compare_scores (&g_array_index (scores, TrioStatisticsScore, at), score) <= 0)
    at++;
  if (at >= TRIO_STATISTICS_KEPT)
    {
      score_clear (score);
      return;
    }
  g_array_insert_val (scores, at, *score);
  if (scores->len > TRIO_STATISTICS_KEPT)
    g_array_set_size (scores, TRIO_STATISTICS_KEPT);
}

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

/* "GAME" or "GAME/VARIANT": lower-case letters, digits and hyphens, and one slash. */
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
              const char *group,
              const char *key,
              GArray     *rows,
              GError    **error)
{
  gsize n = 0;
  g_auto (GStrv) fields = g_key_file_get_string_list (file, group, key, &n, NULL);
  guint counts[TRIO_N_OUTCOMES];
  TrioStatisticsRow *row;
  TrioSide side;

  if (fields == NULL || n != 2 + TRIO_N_OUTCOMES)
    return damaged_entry (error, group, key, _("it needs five fields"));
  if (!game_key_is_valid (fields[0]))
    return damaged_entry (error, group, key, _("not a game"));
  if (!trio_side_parse (fields[1], &side))
    return damaged_entry (error, group, key, _("not a player"));
  for (guint i = 0; i < TRIO_N_OUTCOMES; i++)
    {
      guint64 count;

      if (!g_ascii_string_to_unsigned (fields[2 + i], 10, 0, TRIO_STATISTICS_MAX_COUNT,
                                       &count, NULL))
        return damaged_entry (error, group, key,
                              _("a count is not a whole number from 0 to 1000000000"));
      counts[i] = (guint) count;
    }
  if (counts[0] + counts[1] + counts[2] == 0)
    return TRUE;
  row = trio_statistics_add_row (rows, fields[0], fields[1]);
  if (row == NULL)
    return damaged_entry (error, group, key, _("too many entries"));
  /* The same game and side twice: the counts add up. */
  for (guint i = 0; i < TRIO_N_OUTCOMES; i++)
    {
      if (counts[i] > TRIO_STATISTICS_MAX_COUNT - row->counts[i])
        return damaged_entry (error, group, key,
                              _("a count is not a whole number from 0 to 1000000000"));
      row->counts[i] += counts[i];
    }
  return TRUE;
}

static gboolean
parse_score (GKeyFile   *file,
             const char *group,
             const char *key,
             GArray     *scores,
             GError    **error)
{
  gsize n = 0;
  g_auto (GStrv) fields = g_key_file_get_string_list (file, group, key, &n, NULL);
  g_autoptr (GDateTime) date = NULL;
  TrioStatisticsScore score = { 0 };
  gint64 value;
  guint64 seat;
  TrioSide side;

  if (fields == NULL || n < 3 + 2 || n > 3 + TRIO_MAX_SEATS)
    return damaged_entry (error, group, key, _("it needs five to nine fields"));
  date = g_date_time_new_from_iso8601 (fields[0], NULL);
  if (date == NULL)
    return damaged_entry (error, group, key, _("not a date"));
  if (!g_ascii_string_to_signed (fields[1], 10, -TRIO_STATISTICS_MAX_SCORE,
                                 TRIO_STATISTICS_MAX_SCORE, &value, NULL))
    return damaged_entry (error, group, key, _("not a score"));
  if (!g_ascii_string_to_unsigned (fields[2], 10, 0, n - 4, &seat, NULL))
    return damaged_entry (error, group, key, _("not a seat of the game"));
  for (guint i = 3; i < n; i++)
    if (!trio_side_parse (fields[i], &side) || (i == 3 + seat && side.kind == TRIO_SIDE_COMPUTER))
      return damaged_entry (error, group, key, _("not a player"));
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
             gboolean  (*parse) (GKeyFile *, const char *, const char *, GArray *,
                                  GError **),
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
    if (!parse (file, group, keys[i], array, error))
      return FALSE;
  return TRUE;
}

static gboolean
parse_text (const char *data,
            gsize       length,
            const char *scores_group,
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
         && (scores_group == NULL
             || parse_group (file, scores_group, scores, parse_score, error));
}

gboolean
trio_statistics_file_read (const char  *path,
                           const char  *scores_group,
                           GArray      *rows,
                           GArray      *scores,
                           gboolean    *missing,
                           GError     **error)
{
  g_autoptr (GByteArray) bytes = NULL;

  g_return_val_if_fail (path != NULL && missing != NULL, FALSE);

  bytes = read_capped (path, missing, error);
  if (bytes == NULL)
    return *missing;
  return parse_text ((const char *) bytes->data, bytes->len, scores_group, rows, scores,
                     error);
}

/* Writing */

static char *
to_text (const char *scores_group,
         GArray     *rows,
         GArray     *scores)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  guint n_scores = scores_group != NULL ? MIN (scores->len, TRIO_STATISTICS_N_BEST) : 0;

  g_key_file_set_integer (file, GROUP_HEADER, "Version", TRIO_STATISTICS_FILE_VERSION);
  for (guint i = 0; i < rows->len; i++)
    {
      const TrioStatisticsRow *row = &g_array_index (rows, TrioStatisticsRow, i);
      char key[16], counts[TRIO_N_OUTCOMES][16];
      const char *fields[] = { row->game, row->side, counts[0], counts[1], counts[2] };

      g_snprintf (key, sizeof key, "%u", i + 1);
      for (guint j = 0; j < TRIO_N_OUTCOMES; j++)
        g_snprintf (counts[j], sizeof counts[j], "%u", row->counts[j]);
      g_key_file_set_string_list (file, GROUP_RESULTS, key, fields, G_N_ELEMENTS (fields));
    }
  for (guint i = 0; i < n_scores; i++)
    {
      const TrioStatisticsScore *best = &g_array_index (scores, TrioStatisticsScore, i);
      g_autoptr (GDateTime) date = g_date_time_new_from_unix_utc (best->date);
      g_autofree char *when = date ? g_date_time_format_iso8601 (date) : NULL;
      guint n_players = g_strv_length (best->players);
      g_autofree const char **fields = g_new0 (const char *, 3 + n_players + 1);
      char key[16], score[16], seat[16];

      g_snprintf (key, sizeof key, "%u", i + 1);
      g_snprintf (score, sizeof score, "%d", best->score);
      g_snprintf (seat, sizeof seat, "%u", best->seat);
      fields[0] = when ? when : "1970-01-01T00:00:00Z";
      fields[1] = score;
      fields[2] = seat;
      for (guint p = 0; p < n_players; p++)
        fields[3 + p] = best->players[p];
      g_key_file_set_string_list (file, scores_group, key, fields, 3 + n_players);
    }
  return g_key_file_to_data (file, NULL, NULL);
}

gboolean
trio_statistics_file_write (const char  *path,
                            const char  *scores_group,
                            GArray      *rows,
                            GArray      *scores,
                            GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      /* Translators: a folder's name, then why it cannot be created */
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("could not create the folder %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  text = to_text (scores_group, rows, scores);
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0644,
                                   error);
}
