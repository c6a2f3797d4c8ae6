/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-analyse.h: "analyse", the game analysis from the engine tool */
#pragma once

#include "bg-game.h"

G_BEGIN_DECLS

/* Rates the played moves of game (args: [nodes N] [threads N]): one "analysis" line per
 * move, an "info" line with the time taken, then "ok". */
gboolean engine_analyse (const BgGame  *game,
                         char         **args,
                         GError       **error);

G_END_DECLS
