/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: Trio's entry point */

#include <glib/gi18n.h>
#include <locale.h>

#include "trio-application.h"
#include "window/trio-window.h"

/* The installed catalogues, or those of the build tree when the binary runs from there
 * (build-aux/dev.sh run), so that an uninstalled Trio speaks French too. */
static char *
locale_dir (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  if (exe != NULL && g_str_has_prefix (exe, BUILD_ROOT "/"))
    return g_build_filename (BUILD_ROOT, "po", NULL);
  return g_strdup (LOCALEDIR);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (TrioApplication) app = NULL;
  g_autofree char *locales = locale_dir ();

  trio_start_time = g_get_monotonic_time ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locales);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = trio_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
