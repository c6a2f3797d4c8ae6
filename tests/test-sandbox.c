/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sandbox.c: which files saved inside the Flatpak sandbox the player finds again
 * (trio-sandbox.c), from sandbox info files written by the test */

#include <glib.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "session/trio-sandbox.h"

/* A folder of the test's own for its info files. */
static char *info_dir;

static char *
write_info (const char *filesystems)
{
  char *path = g_build_filename (info_dir, "flatpak-info", NULL);
  g_autofree char *text = g_strdup_printf ("[Application]\nname=io.github.triogames.Trio\n"
                                           "runtime=runtime/org.gnome.Platform/x86_64/47\n"
                                           "%s%s%s",
                                           filesystems ? "\n[Context]\nfilesystems=" : "",
                                           filesystems ? filesystems : "",
                                           filesystems ? "\n" : "");

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static gboolean
keeps (const char *info,
       const char *first,
       ...)
{
  g_autofree char *path = NULL;
  va_list args;

  va_start (args, first);
  path = g_build_filename_valist (first, &args);
  va_end (args);
  return trio_sandbox_keeps_path (info, path);
}

/* Outside a sandbox, every path is the host's. */
static void
test_no_sandbox (void)
{
  g_assert_true (trio_sandbox_keeps_path ("/nonexistent/flatpak-info", "/tmp/game.trio"));
}

/* The manifest's own permissions: none of the host's folders. */
static void
test_no_permission (void)
{
  g_autofree char *info = write_info (NULL);
  g_autofree char *uid_doc = g_strdup_printf ("/run/user/%u/doc", (guint) getuid ());
  const char *home = g_get_home_dir ();

  g_assert_false (keeps (info, home, "game.trio", NULL));
  g_assert_false (keeps (info, home, "Documents", "game.trio", NULL));
  g_assert_false (keeps (info, "/tmp", "game.trio", NULL));
  g_assert_true (keeps (info, g_get_user_data_dir (), "trio", "game.trio", NULL));
  g_assert_true (keeps (info, g_get_user_config_dir (), "game.trio", NULL));
  g_assert_true (keeps (info, home, ".var", "app", "io.github.triogames.Trio", "game.trio",
                        NULL));
  /* Another app's folder, and a way out of Trio's by "..". */
  g_assert_false (keeps (info, home, ".var", "app", "org.example.Other", "game.trio", NULL));
  g_assert_false (keeps (info, home, ".var", "app", "io.github.triogames.Trio", "..", "..",
                         "game.trio", NULL));
  g_assert_false (keeps (info, home, ".var", "app", "io.github.triogames.Trio2", "g.trio",
                         NULL));
  /* A file the portal handed over. */
  g_assert_true (keeps (info, uid_doc, "1a2b3c4d", "game.trio", NULL));
  g_assert_true (keeps (info, g_get_user_runtime_dir (), "doc", "1a2b3c4d", "game.trio",
                        NULL));
  g_assert_false (keeps (info, g_get_user_runtime_dir (), "docs", "game.trio", NULL));
}

static void
test_permissions (void)
{
  const char *home = g_get_home_dir ();
  g_autofree char *info = write_info ("~/Games;!home;/srv/games:create;~/Read:ro;");

  g_assert_true (keeps (info, home, "Games", "game.trio", NULL));
  g_assert_true (keeps (info, "/srv/games", "game.trio", NULL));
  g_assert_false (keeps (info, home, "Read", "game.trio", NULL));
  g_assert_false (keeps (info, home, "Other", "game.trio", NULL));
  g_clear_pointer (&info, g_free);

  info = write_info ("home;");
  g_assert_true (keeps (info, home, "Other", "game.trio", NULL));
  g_assert_false (keeps (info, "/srv", "game.trio", NULL));
  g_clear_pointer (&info, g_free);

  info = write_info ("host;");
  g_assert_true (keeps (info, "/srv", "game.trio", NULL));
}

int
main (int   argc,
      char *argv[])
{
  /* As in a sandbox: the runtime folder apart from the cache (GLib's fallback). */
  g_autofree char *runtime = g_strdup_printf ("/run/user/%u", (guint) getuid ());
  g_autofree char *info = NULL;
  int status;

  g_setenv ("XDG_RUNTIME_DIR", runtime, TRUE);
  /* Not G_TEST_OPTION_ISOLATE_DIRS: GLib keeps what it sets there, which the leak checker
   * reports. Only paths are compared; nothing is written outside the folder below. */
  g_test_init (&argc, &argv, NULL);
  info_dir = g_dir_make_tmp ("test-sandbox-XXXXXX", NULL);
  g_assert_nonnull (info_dir);
  g_test_add_func ("/sandbox/none", test_no_sandbox);
  g_test_add_func ("/sandbox/no-permission", test_no_permission);
  g_test_add_func ("/sandbox/permissions", test_permissions);
  status = g_test_run ();
  info = g_build_filename (info_dir, "flatpak-info", NULL);
  g_remove (info);
  g_rmdir (info_dir);
  g_free (info_dir);
  return status;
}
