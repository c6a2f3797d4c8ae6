/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: Trio's entry point */

#include <glib/gi18n.h>
#include <locale.h>

#include "trio-application.h"
#include "trio-window.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr (TrioApplication) app = NULL;

  trio_start_time = g_get_monotonic_time ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = trio_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
