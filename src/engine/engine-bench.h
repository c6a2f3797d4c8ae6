/* engine-bench.h: the fixed benchmark of boardgames-engine */
#pragma once

#include "bg-search.h"

G_BEGIN_DECLS

void engine_bench_run (BgSearch *search,
                       guint     runs);

G_END_DECLS
