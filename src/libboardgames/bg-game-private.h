/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-game-private.h: what the core's files beside bg-game.c need of it: the options
 * completed (bg-options.c) */
#pragma once

#include "bg-game.h"

G_BEGIN_DECLS

/* Checks options (NULL for none) against the rule set's specs and returns a full copy with
 * the default value of every option not given. */
GHashTable    *bg_options_complete       (const BgRules *rules,
                                          GHashTable    *options,
                                          GError       **error);

G_END_DECLS
