/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-solve.h: "boardgames-engine solve", the Triple Alliance solver from the shell */
#pragma once

#include "bg-game.h"
#include "triple-alliance/solver/bg-ta-table.h"

G_BEGIN_DECLS

/* argv[0] is "solve"; returns the process's exit status. */
int engine_solve_main (int    argc,
                       char **argv);

/* argv[0] is "marelle": the morris endgame tables (engine-solve-marelle.c). */
int engine_solve_marelle_main (int    argc,
                               char **argv);

/* Prints "win N", "loss N", "draw" or "unknown". */
void     engine_print_value   (BgTaValue       value);

/* "probe" in a Marelle game: the endgame table's value of the position and of each legal
 * move (the table is read or computed first, unless the atomic flag stop is set). */
gboolean engine_probe_marelle (const BgGame  *game,
                               const gint    *stop,
                               GError       **error);

/* Opens the table at path (NULL: the default path), refused unless it solves the game with
 * six pieces each, and installs it for the perfect level; prints "ok table PATH". */
gboolean engine_table_load (const char    *path,
                            GError       **error);

/* Installs the default table if there is none yet and it exists; quiet when there is none,
 * but a file there that is refused (another game's table, a damaged file, a FIFO...) gets a
 * line "info the table cannot be used: WHY". */
gboolean engine_table_ensure (void);

/* "info table win N" (or loss N, or draw) when a table holds the game's position. */
void     engine_print_table_value (const BgGame *game);

/* "probe": the table's value of the game's position and of each legal move (stop: as
 * for engine_probe_marelle()). */
gboolean engine_probe      (const BgGame  *game,
                            const gint    *stop,
                            GError       **error);

G_END_DECLS
