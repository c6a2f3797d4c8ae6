/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-bot.h: the engine's computer player, for a seat played over the network
 *
 * Searches a copy of the game in a worker thread (GTask) with the level's limits
 * (bg_search_limits_for_level()), bounded further by nodes or depth when given (and then
 * not by time, so that a test plays the same moves on any machine). One search at a time.
 */
#pragma once

#include <gio/gio.h>

#include "bg-game.h"

G_BEGIN_DECLS

typedef struct _TrioClientBot TrioClientBot;

/* nodes, depth, threads: 0 for the level's own. */
TrioClientBot *trio_client_bot_new            (int                  level,
                                               guint64              nodes,
                                               guint                depth,
                                               guint                threads);
void           trio_client_bot_free           (TrioClientBot       *self);

gboolean       trio_client_bot_is_thinking    (TrioClientBot       *self);
/* Searches the current position of game (taken: trio_client_game_dup_searchable()); the
 * answer is the move's notation. */
void           trio_client_bot_think_async    (TrioClientBot       *self,
                                               BgGame              *game,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
char          *trio_client_bot_think_finish   (TrioClientBot       *self,
                                               GAsyncResult        *result,
                                               GError             **error);
/* Stops the search under way: it answers at once with its best move so far. */
void           trio_client_bot_stop           (TrioClientBot       *self);

/* Whether the computer accepts the repetition draw offer in game for player. */
gboolean       trio_client_bot_accepts_draw   (TrioClientBot       *self,
                                               const BgGame        *game,
                                               int                  player);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TrioClientBot, trio_client_bot_free)

G_END_DECLS
