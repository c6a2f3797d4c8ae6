/* engine-solve.h: "boardgames-engine solve", the Triple Alliance solver from the shell */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* argv[0] is "solve"; returns the process's exit status. */
int engine_solve_main (int    argc,
                       char **argv);

G_END_DECLS
