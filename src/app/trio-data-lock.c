/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-data-lock.c: one Trio at a time on its data folder
 *
 * Through the session bus a second launch of Trio only activates the first (GApplication).
 * Without a bus, as on some minimal desktops, each launch runs on its own: two would both
 * restore the game in progress and then overwrite each other's moves in the same
 * current-game.trio, and the statistics too. The first Trio takes an exclusive lock (flock)
 * on the file "lock" in its data folder for its whole life; a second one finds it taken
 * and says so instead of playing the same game (issue 43). The system drops the lock when
 * its process ends, however it ends: a Trio that crashed does not hold up the next.
 *
 * flock() rather than fcntl() locks: they belong to the open file, not to the process, so
 * that nothing else the process opens or closes can drop them, and the tests can take the
 * same lock twice in one process.
 */

#include "trio-data-lock.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/file.h>
#include <unistd.h>

char *
trio_data_lock_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "trio", NULL);
}

static TrioDataLockState
unavailable (GError    **error,
             int         saved_errno,
             const char *path)
{
  /* Translators: a file's or folder's name, then why it cannot be used */
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno), _("%s: %s"), path,
               g_strerror (saved_errno));
  return TRIO_DATA_LOCK_UNAVAILABLE;
}

TrioDataLockState
trio_data_lock_take (const char *dir,
                     int        *fd,
                     GError    **error)
{
  g_autofree char *path = g_build_filename (dir, "lock", NULL);
  int saved;

  *fd = -1;
  if (g_mkdir_with_parents (dir, 0700) != 0)
    return unavailable (error, errno, dir);
  /* Read-only is enough for flock(), and opens a lock file left in a read-only folder. */
  *fd = g_open (path, O_RDONLY | O_CREAT | O_CLOEXEC, 0600);
  if (*fd < 0)
    return unavailable (error, errno, path);
  while (flock (*fd, LOCK_EX | LOCK_NB) != 0)
    {
      saved = errno;
      if (saved == EINTR)
        continue;
      close (*fd);
      *fd = -1;
      if (saved == EWOULDBLOCK)
        return TRIO_DATA_LOCK_IN_USE;
      return unavailable (error, saved, path);
    }
  return TRIO_DATA_LOCK_HELD;
}
