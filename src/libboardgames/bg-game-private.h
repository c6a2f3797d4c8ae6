/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-game-private.h: what the core's files beside bg-game.c need to make a BgGame: the
 * options completed (bg-options.c) and a game from a position at hand (bg-view.c) */
#pragma once

#include "bg-game.h"

G_BEGIN_DECLS

/* Checks options (NULL for none) against the rule set's specs and returns a full copy with
 * the default value of every option not given. */
GHashTable    *bg_options_complete       (const BgRules *rules,
                                          GHashTable    *options,
                                          GError       **error);

/* The rule set named game_id, or NULL with BG_ERROR_UNKNOWN_GAME. */
const BgRules *bg_rules_find             (const char    *game_id,
                                          GError       **error);

/* A game that starts at pos (copied), with options (complete: taken); a view (see
 * bg_game_is_view()) is not played on. */
BgGame        *bg_game_new_at            (const BgRules *rules,
                                          GHashTable    *options,
                                          const void    *pos,
                                          gboolean       view);

/* Appends to a view move (its notation text) and pos, the position after it as the seat
 * sees it (copied): bg_game_append_view(). */
void           bg_game_push_seen         (BgGame        *game,
                                          BgMove         move,
                                          const char    *text,
                                          const void    *pos);

G_END_DECLS
