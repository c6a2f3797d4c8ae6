/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-data-lock.c: one Trio at a time on its data folder (trio-data-lock.c, issue 43)
 *
 * The lock is taken once: a second taker, in this process or in another, finds it in use;
 * it is free again once closed, once its process exits, and once its process is killed (a
 * crash does not hold up the next Trio). A folder where no lock file can be made is told
 * apart from one in use.
 */

#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "trio-data-lock.h"

static char *tmp_dir;

static char *
folder (const char *name)
{
  return g_build_filename (tmp_dir, name, "trio", NULL);
}

/* Taken, in use for a second taker, free once closed; the folder is made. */
static void
test_once (void)
{
  g_autofree char *dir = folder ("once");
  g_autoptr (GError) error = NULL;
  int fd, second;

  g_assert_cmpint (trio_data_lock_take (dir, &fd, &error), ==, TRIO_DATA_LOCK_HELD);
  g_assert_no_error (error);
  g_assert_cmpint (fd, >=, 0);
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  g_assert_cmpint (trio_data_lock_take (dir, &second, &error), ==, TRIO_DATA_LOCK_IN_USE);
  g_assert_no_error (error);
  g_assert_cmpint (second, ==, -1);
  close (fd);
  g_assert_cmpint (trio_data_lock_take (dir, &second, &error), ==, TRIO_DATA_LOCK_HELD);
  close (second);
}

/* A child process takes the lock and tells the parent through a pipe, then holds it until
 * it is killed (crash: SIGKILL) or, through a second pipe, told to exit. */
static void
held_by_child (gboolean crash)
{
  g_autofree char *dir = folder (crash ? "crash" : "exit");
  g_autoptr (GError) error = NULL;
  int taken[2], go[2], fd, status;
  char byte = 0;
  pid_t child;

  g_assert_cmpint (pipe (taken), ==, 0);
  g_assert_cmpint (pipe (go), ==, 0);
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      int mine;

      close (taken[0]);
      close (go[1]);
      if (trio_data_lock_take (dir, &mine, NULL) != TRIO_DATA_LOCK_HELD)
        _exit (2);
      if (write (taken[1], "x", 1) != 1)
        _exit (3);
      /* The end of the pipe, or SIGKILL. */
      while (read (go[0], &byte, 1) > 0)
        ;
      _exit (0);
    }
  close (taken[1]);
  close (go[0]);
  g_assert_cmpint (read (taken[0], &byte, 1), ==, 1);
  g_assert_cmpint (trio_data_lock_take (dir, &fd, &error), ==, TRIO_DATA_LOCK_IN_USE);
  g_assert_no_error (error);
  if (crash)
    kill (child, SIGKILL);
  close (go[1]);
  close (taken[0]);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  if (crash)
    g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
  else
    g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_assert_cmpint (trio_data_lock_take (dir, &fd, &error), ==, TRIO_DATA_LOCK_HELD);
  g_assert_no_error (error);
  close (fd);
}

static void
test_other_process (void)
{
  held_by_child (FALSE);
}

static void
test_crash (void)
{
  held_by_child (TRUE);
}

/* A folder that cannot be made (a file stands in its way): no lock, and why. */
static void
test_unavailable (void)
{
  g_autofree char *file = g_build_filename (tmp_dir, "file", NULL);
  g_autofree char *dir = g_build_filename (file, "trio", NULL);
  g_autoptr (GError) error = NULL;
  int fd;

  g_assert_true (g_file_set_contents (file, "", 0, NULL));
  g_assert_cmpint (trio_data_lock_take (dir, &fd, &error), ==, TRIO_DATA_LOCK_UNAVAILABLE);
  g_assert_nonnull (error);
  g_assert_cmpint (fd, ==, -1);
}

int
main (int   argc,
      char *argv[])
{
  static const char *const names[] = { "once", "exit", "crash" };
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("test-data-lock-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  g_test_add_func ("/data-lock/once", test_once);
  g_test_add_func ("/data-lock/other-process", test_other_process);
  g_test_add_func ("/data-lock/crash", test_crash);
  g_test_add_func ("/data-lock/unavailable", test_unavailable);
  status = g_test_run ();
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *dir = folder (names[i]);
      g_autofree char *lock = g_build_filename (dir, "lock", NULL);
      g_autofree char *parent = g_path_get_dirname (dir);

      g_remove (lock);
      g_rmdir (dir);
      g_rmdir (parent);
    }
  {
    g_autofree char *file = g_build_filename (tmp_dir, "file", NULL);

    g_remove (file);
  }
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
