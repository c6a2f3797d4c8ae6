/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-view.h: helpers of the view test suite (test-view.c, test-view-hostile.c) */
#pragma once

#include <check.h>

#include "bg-game.h"

G_BEGIN_DECLS

/* The game a seat of game loads from view, with game's public options; fails the test when
 * the view does not load. */
BgGame   *tv_load_view          (const BgGame *game,
                                 const char   *view);
/* The legal moves of game in notation, in the order listed, separated by spaces. */
char     *tv_moves_text         (const BgGame *game);
/* The tests of test-view-hostile.c: malformed and hostile views, all refused. */
void      tv_add_hostile_tests  (TCase        *tcase);

G_END_DECLS
