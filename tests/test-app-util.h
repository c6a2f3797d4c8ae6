/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-util.h: what the application's GLib tests (no display) share: a game from a
 * position and moves, and a location by its name */
#pragma once

#include "bg-game.h"

G_BEGIN_DECLS

/* A game of rules id from setup (a position, or NULL for the start) after the moves given
 * in notation, separated by spaces (NULL or "" for none); fails the test on any error. */
BgGame *tau_game_new     (const char   *id,
                          const char   *setup,
                          const char   *moves);
/* A location by its name ("d6", "2-c1"); fails the test when there is none. */
guint   tau_location     (const BgGame *game,
                          const char   *name);

G_END_DECLS
