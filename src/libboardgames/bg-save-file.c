/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-save-file.c: saved games to and from files
 *
 * Reading takes at most BG_SAVE_MAX_FILE_SIZE + 8 bytes, whatever the path opens: the size
 * a file reports is not trusted (files in /proc report none), and a FIFO does not block.
 *
 * Writing replaces nothing but a regular file. A device, a FIFO, a socket or a folder at
 * the path is refused; a symbolic link is followed and the regular file it leads to is
 * replaced, the link staying as it is; a link that leads to no file (dangling or looping)
 * is refused. The text goes to an unnamed file in the target's folder (O_TMPFILE), is
 * synced, then linked under a temporary name and renamed over the target, so that a
 * process killed while writing leaves nothing behind, and a kill between the link and the
 * rename at most a hidden ".NAME.tmp-PID-XXXXXX". Where the file system has no O_TMPFILE,
 * the file is written under that temporary name from the start. Either way, a save to the
 * same path removes the temporary files of processes that are gone. Every write, the
 * fsync and the close are checked, and a failed save removes its temporary file.
 */

#define _GNU_SOURCE

#include "bg-save.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#define READ_CHUNK 65536
#define PROBE_BYTES 8
/* Bytes of the file's name kept in a temporary name, which must stay under NAME_MAX. */
#define TEMP_NAME_BYTES 128

#define bad(error, ...) bg_fail (error, BG_ERROR_BAD_FILE, __VA_ARGS__)

static gboolean
read_error (GError    **error,
            int         saved,
            const char *display)
{
  /* Translators: a file's name, then why it cannot be read */
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("%s: %s"), display,
               g_strerror (saved));
  return FALSE;
}

static gboolean
save_error (GError    **error,
            int         saved,
            const char *path)
{
  g_autofree char *display = g_filename_display_name (path);

  /* Translators: a file's name, then why it cannot be written */
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
               _("cannot save to %s: %s"), display, g_strerror (saved));
  return FALSE;
}

/* Reads up to BG_SAVE_MAX_FILE_SIZE bytes, then asks for PROBE_BYTES more: any of them tells a
 * file too large. (Not one byte: some files, /proc/self/pagemap, read only whole 8-byte
 * words.) */
static GByteArray *
read_capped (int         fd,
             const char *display,
             GError    **error)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();

  while (bytes->len <= BG_SAVE_MAX_FILE_SIZE)
    {
      guint want = bytes->len < BG_SAVE_MAX_FILE_SIZE
                     ? MIN (READ_CHUNK, BG_SAVE_MAX_FILE_SIZE - bytes->len) : PROBE_BYTES;
      guint old = bytes->len;
      gssize got;

      g_byte_array_set_size (bytes, old + want);
      got = read (fd, bytes->data + old, want);
      if (got < 0)
        {
          if (errno == EINTR)
            {
              g_byte_array_set_size (bytes, old);
              continue;
            }
          return read_error (error, errno, display), NULL;
        }
      g_byte_array_set_size (bytes, old + got);
      if (got == 0)
        break;
    }
  return g_steal_pointer (&bytes);
}

BgGame *
bg_save_from_file (const char *path,
                   BgSeat    **seats,
                   guint      *n_seats,
                   GError    **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr (GByteArray) bytes = NULL;
  struct stat st;
  int fd;

  if (seats != NULL)
    *seats = NULL;
  if (n_seats != NULL)
    *n_seats = 0;
  /* Non-blocking: opening a FIFO must not wait for a writer. */
  fd = g_open (path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    return read_error (error, errno, display), NULL;
  if (fstat (fd, &st) != 0)
    {
      int saved = errno;

      close (fd);
      return read_error (error, saved, display), NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      /* Translators: %s is a file's name */
      return bad (error, _("%s is not a regular file"), display), NULL;
    }
  bytes = read_capped (fd, display, error);
  close (fd);
  if (bytes == NULL)
    return NULL;
  if (bytes->len > BG_SAVE_MAX_FILE_SIZE)
    /* Translators: %d is the largest size of a saved game, in bytes */
    return bad (error, _("the file is too large (a saved game has at most %d bytes)"),
                BG_SAVE_MAX_FILE_SIZE), NULL;
  return bg_save_from_data ((const char *) bytes->data, bytes->len, seats, n_seats, error);
}

/* Writing */

/* The file a save replaces: path itself, or the regular file a symbolic link leads to. */
static char *
save_target (const char *path,
             GError    **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *target = NULL;
  struct stat st;

  if (lstat (path, &st) != 0)
    {
      if (errno == ENOENT)
        return g_strdup (path);
      return save_error (error, errno, path), NULL;
    }
  if (S_ISLNK (st.st_mode))
    {
      char *real = realpath (path, NULL);

      if (real == NULL)
        /* Translators: a file's name, then why its link leads nowhere ("No such file or
         * directory", "Too many levels of symbolic links") */
        return bad (error, _("cannot save to %s: it is a symbolic link that leads to no "
                             "file (%s)"), display, g_strerror (errno)), NULL;
      target = g_strdup (real);
      free (real);
      if (stat (target, &st) != 0)
        return save_error (error, errno, path), NULL;
    }
  else
    target = g_strdup (path);
  if (!S_ISREG (st.st_mode))
    /* Translators: %s is a file's name */
    return bad (error, _("cannot save to %s: it is not a regular file (a device, a pipe or "
                         "a folder), and only a regular file is replaced"), display), NULL;
  return g_steal_pointer (&target);
}

/* "DIR/.NAME.tmp-PID-" for the target DIR/NAME. */
static char *
temp_prefix (const char *target)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *name = g_strdup_printf (".%.*s.tmp-", TEMP_NAME_BYTES, base);

  return g_build_filename (dir, name, NULL);
}

/* Removes the temporary files that processes now gone left beside the target. */
static void
remove_stale_temporaries (const char *prefix)
{
  g_autofree char *dir = g_path_get_dirname (prefix);
  g_autofree char *start = g_path_get_basename (prefix);
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      const char *digits = name + strlen (start);
      char *end = NULL;
      guint64 pid;

      if (!g_str_has_prefix (name, start))
        continue;
      pid = g_ascii_strtoull (digits, &end, 10);
      if (end == digits || *end != '-' || pid == 0 || pid > G_MAXINT)
        continue;
      if (kill ((pid_t) pid, 0) != 0 && errno == ESRCH)
        {
          g_autofree char *stale = g_build_filename (dir, name, NULL);

          g_unlink (stale);
        }
    }
}

static void
random_suffix (char *x)
{
  static const char chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

  for (int i = 0; i < 6; i++)
    x[i] = chars[g_random_int_range (0, sizeof chars - 1)];
}

/* Gives the unnamed file fd the name temp (its last six characters are replaced). */
static gboolean
link_unnamed (int   fd,
              char *temp)
{
  g_autofree char *proc = g_strdup_printf ("/proc/self/fd/%d", fd);

  for (int tries = 0; tries < 100; tries++)
    {
      random_suffix (temp + strlen (temp) - 6);
      if (linkat (AT_FDCWD, proc, AT_FDCWD, temp, AT_SYMLINK_FOLLOW) == 0)
        return TRUE;
      if (errno != EEXIST)
        return FALSE;
    }
  return FALSE;
}

static gboolean
write_all (int         fd,
           const char *data,
           gsize       length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = ENOSPC;
          return FALSE;
        }
      data += n;
      length -= n;
    }
  return TRUE;
}

/* Writes text to target through a temporary file; unnamed says whether to try O_TMPFILE. */
static gboolean
replace_file (const char *target,
              const char *text,
              gboolean    unnamed,
              gboolean   *retry_named,
              GError    **error)
{
  g_autofree char *prefix = temp_prefix (target);
  g_autofree char *temp = g_strdup_printf ("%s%d-XXXXXX", prefix, (int) getpid ());
  g_autofree char *dir = g_path_get_dirname (target);
  gboolean named = FALSE, ok;
  int fd = -1, saved = 0;

  *retry_named = FALSE;
  remove_stale_temporaries (prefix);
  if (unnamed)
    {
      fd = g_open (dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
      /* Not every file system has O_TMPFILE. */
      if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL))
        unnamed = FALSE;
    }
  if (!unnamed)
    {
      fd = g_mkstemp_full (temp, O_WRONLY | O_CLOEXEC, 0644);
      named = fd >= 0;
    }
  if (fd < 0)
    return save_error (error, errno, target);

  ok = write_all (fd, text, strlen (text)) && fsync (fd) == 0;
  if (ok && unnamed)
    {
      ok = named = link_unnamed (fd, temp);
      /* Without /proc the unnamed file cannot be linked: write a named one instead. */
      *retry_named = !ok && errno == ENOENT;
    }
  if (!ok)
    saved = errno;
  if (close (fd) != 0 && ok)
    {
      ok = FALSE;
      saved = errno;
    }
  if (ok && g_rename (temp, target) != 0)
    {
      ok = FALSE;
      saved = errno;
    }
  if (!ok && named)
    g_unlink (temp);
  if (!ok && !*retry_named)
    return save_error (error, saved, target);
  return ok;
}

gboolean
bg_save_to_file (const char   *path,
                 const BgGame *game,
                 const BgSeat *seats,
                 guint         n_seats,
                 GError      **error)
{
  g_autofree char *text = NULL;
  g_autofree char *target = NULL;
  gboolean retry = FALSE;

  if (bg_game_is_view (game))
    {
      g_set_error (error, BG_ERROR, BG_ERROR_VIEW,
                   _("a view of a game, which hides part of it, cannot be saved"));
      return FALSE;
    }
  text = bg_save_to_string (game, seats, n_seats);
  if (text == NULL)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_FILE,
                   /* Translators: a seat is a player's place in the game (a human or
                    * the computer) */
                   _("cannot save: the seats do not match"));
      return FALSE;
    }
  target = save_target (path, error);
  if (target == NULL)
    return FALSE;
  if (replace_file (target, text, TRUE, &retry, error))
    return TRUE;
  return retry && replace_file (target, text, FALSE, &retry, error);
}

/* Setting aside */

/* Renames without ever replacing a file; falls back to link and unlink where the file
 * system has no RENAME_NOREPLACE. */
static int
rename_noreplace (const char *from,
                  const char *to)
{
  if (renameat2 (AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
    return 0;
  if (errno != EINVAL && errno != ENOSYS)
    return -1;
  if (link (from, to) != 0)
    return -1;
  return g_unlink (from);
}

char *
bg_save_set_aside (const char *path,
                   GError    **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  for (guint n = 1; n <= 1000; n++)
    {
      g_autofree char *aside = n == 1 ? g_strdup_printf ("%s.unreadable-%s", path, stamp)
                                      : g_strdup_printf ("%s.unreadable-%s-%u", path, stamp, n);

      if (rename_noreplace (path, aside) == 0)
        return g_steal_pointer (&aside);
      if (errno != EEXIST)
        break;
    }
  {
    int saved = errno;
    g_autofree char *display = g_filename_display_name (path);

    /* Translators: a file's name, then why it cannot be renamed */
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                 _("cannot rename %s: %s"), display, g_strerror (saved));
  }
  return NULL;
}
