/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-util.h: helpers shared by the engine test suites
 *
 * Each helper asserts with Check (ck_assert*), so a failure inside one fails the test
 * that called it.
 */
#pragma once

#include <check.h>

#include "bg-game.h"

G_BEGIN_DECLS

GHashTable *tu_options         (const char   *name,
                                ...) G_GNUC_NULL_TERMINATED;
BgGame     *tu_new_game        (const char   *id,
                                GHashTable   *options,
                                const char   *setup);
void        tu_play            (BgGame       *game,
                                const char   *moves);
int         tu_compare_strings (gconstpointer a,
                                gconstpointer b);
char       *tu_legal_texts     (const BgGame *game);
guint       tu_n_legal         (const BgGame *game);
guint       tu_count_prefix    (const BgGame *game,
                                const char   *prefix);
int         tu_run_suite       (Suite        *suite);

G_END_DECLS
