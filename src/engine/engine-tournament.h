/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-tournament.h: boardgames-engine tournament, matches between computer levels */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* argv[0] is "tournament". Returns the exit status. */
int engine_tournament_main (int    argc,
                            char **argv);

G_END_DECLS
