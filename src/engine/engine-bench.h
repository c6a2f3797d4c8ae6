/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-bench.h: the fixed benchmark of boardgames-engine */
#pragma once

#include "bg-search.h"

G_BEGIN_DECLS

void engine_bench_run (BgSearch *search,
                       guint     runs);

/* The Triomino levels' tournament (boardgames-engine --bench-triomino ...): the exit
 * status (engine-bench-triomino.c). */
int  engine_bench_triomino_main (int    argc,
                                 char **argv);

G_END_DECLS
