/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-session.h: one run of trio-client, from the connection to the exit status */
#pragma once

#include "trio-client-options.h"

G_BEGIN_DECLS

/* The exit statuses (docs/server.md, "trio-client"). */
typedef enum
{
  TRIO_CLIENT_EXIT_OK = 0,          /* the game ended (or the raw input did) */
  TRIO_CLIENT_EXIT_OPTIONS = 1,     /* a bad command line */
  TRIO_CLIENT_EXIT_REFUSED = 2,     /* the server refused or ended the session */
  TRIO_CLIENT_EXIT_LOST = 3,        /* no connection, a connection lost, or quit before the end */
} TrioClientExit;

/* Connects, plays, and returns the exit status. */
TrioClientExit trio_client_session_run (const TrioClientOptions *options);

G_END_DECLS
