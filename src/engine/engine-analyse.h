/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-analyse.h: "analyse", the game analysis from the engine tool */
#pragma once

#include "bg-game.h"
#include "engine-protocol.h"

G_BEGIN_DECLS

/* Rates the played moves of game (args: [nodes N] [threads N]): one "analysis" line per
 * move, an "info" line with the time taken, then "ok"; a stop read after line (the
 * command's) ends it at once with an error. */
gboolean engine_analyse (const BgGame  *game,
                         EngineInput   *input,
                         EngineLine    *line,
                         char         **args,
                         GError       **error);

G_END_DECLS
