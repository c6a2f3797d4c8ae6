/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triple-alliance-table.h: La Triple Alliance's solved table as the application uses it
 * (TrioGame.solved_table of games/trio-game-triple-alliance.c)
 *
 * The table of the game with six pieces each ($XDG_CACHE_HOME/trio/triple-alliance-6.table),
 * opened, solved and installed for the Perfect level with libboardgames' solver
 * (triple-alliance/solver/), which only this file of the application names.
 */
#pragma once

#include "games/trio-game.h"

G_BEGIN_DECLS

extern const TrioSolvedTable trio_triple_alliance_table;

G_END_DECLS
