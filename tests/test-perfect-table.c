/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perfect-table.c: the application's perfect table (trio-perfect-table.c) when what is
 * at its path is not the table it wants, without a display (issue 43)
 *
 * The table of the game with three pieces each (solved when the test starts, under a
 * second), put where the real one belongs, was once called ready, and the Perfect level then
 * played as Expert without a word. It, and a FIFO, must end in the failed state, with a
 * message that says why and offers to compute the table, and nothing installed.
 */

#include <glib/gstdio.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "triple-alliance/solver/bg-ta-solve.h"
#include "triple-alliance/solver/bg-ta-table.h"
#include "newgame/trio-perfect-table.h"

static char *small_path;   /* the small game's table */
static char *cache_dir;    /* XDG_CACHE_HOME */

/* Loads the table from the default path and waits until the load has ended. */
static TrioPerfectTable *
load (void)
{
  TrioPerfectTable *table = trio_perfect_table_new (trio_game_lookup ("triple-alliance"), NULL);

  trio_perfect_table_load (table);
  while (trio_perfect_table_get_state (table) == TRIO_PERFECT_TABLE_LOADING)
    g_main_context_iteration (NULL, TRUE);
  return table;
}

static void
assert_failed (TrioPerfectTable *table,
               const char       *why)
{
  const char *message = trio_perfect_table_get_error_message (table);
  g_autoptr (BgTaTable) installed = bg_ta_table_get_default ();

  g_assert_cmpint (trio_perfect_table_get_state (table), ==, TRIO_PERFECT_TABLE_FAILED);
  g_assert_false (trio_perfect_table_is_ready (table));
  g_assert_null (installed);
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, why));
  g_assert_nonnull (strstr (message, trio_perfect_table_get_path (table)));
  g_assert_nonnull (strstr (message, "Compute"));
}

static void
test_other_game (void)
{
  g_autofree char *path = bg_ta_table_default_path (6);
  g_autofree char *data = NULL;
  g_autoptr (TrioPerfectTable) table = NULL;
  gsize size;

  g_assert_true (g_file_get_contents (small_path, &data, &size, NULL));
  g_assert_true (g_file_set_contents (path, data, (gssize) size, NULL));
  table = load ();
  assert_failed (table, "3 pieces each, not 6");
  g_unlink (path);
}

static void
test_fifo (void)
{
  g_autofree char *path = bg_ta_table_default_path (6);
  g_autoptr (TrioPerfectTable) table = NULL;

  g_assert_cmpint (mkfifo (path, 0644), ==, 0);
  table = load ();
  assert_failed (table, "is not a regular file");
  g_unlink (path);
}

/* Nothing at the path: missing, as before, with nothing to say. */
static void
test_missing (void)
{
  g_autoptr (TrioPerfectTable) table = load ();

  g_assert_cmpint (trio_perfect_table_get_state (table), ==, TRIO_PERFECT_TABLE_MISSING);
  g_assert_null (trio_perfect_table_get_error_message (table));
}

int
main (int    argc,
      char **argv)
{
  BgTaSolveOptions options = { .n_pieces = 3, .n_threads = 2, .skip_count = TRUE };
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *cmd = NULL;
  BgTaSolveStats stats;
  int status;

  setlocale (LC_ALL, "C");
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  /* Before anything asks GLib for the cache folder. */
  cache_dir = g_dir_make_tmp ("trio-test-perfect-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_CACHE_HOME", cache_dir, TRUE);
  folder = g_build_filename (cache_dir, "trio", NULL);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  small_path = g_build_filename (cache_dir, "small.table", NULL);
  options.path = small_path;
  g_assert_true (bg_ta_solve (&options, &stats, &error));
  g_assert_no_error (error);

  g_test_add_func ("/perfect-table/missing", test_missing);
  g_test_add_func ("/perfect-table/other-game", test_other_game);
  g_test_add_func ("/perfect-table/fifo", test_fifo);
  status = g_test_run ();
  cmd = g_strdup_printf ("rm -rf '%s'", cache_dir);
  if (system (cmd) != 0)
    status = 1;
  g_free (small_path);
  g_free (cache_dir);
  return status;
}
