/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client.c: a command-line client of the Trio server, for players, bots and tests */

#include <stdio.h>

#include "trio-client-session.h"

int
main (int   argc,
      char *argv[])
{
  TrioClientOptions options;
  g_autoptr (GError) error = NULL;
  TrioClientExit status;

  setvbuf (stdout, NULL, _IOLBF, 0);
  if (!trio_client_options_parse (&options, &argc, &argv, &error))
    {
      fprintf (stderr, "trio-client: %s\nTry 'trio-client --help'.\n", error->message);
      trio_client_options_clear (&options);
      return TRIO_CLIENT_EXIT_OPTIONS;
    }
  status = trio_client_session_run (&options);
  trio_client_options_clear (&options);
  return status;
}
