/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-rules-board.h: a game's empty board with the name of every point, for the rules */
#pragma once

#include <gtk/gtk.h>

#include "games/trio-game.h"

G_BEGIN_DECLS

/* The board of the game's default options drawn as the game draws it, each point labelled
 * with its name ("a1"), or NULL for a game without a board of named locations. */
GtkWidget *trio_rules_board_new (const TrioGame *tgame);

G_END_DECLS
