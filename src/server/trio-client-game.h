/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-game.h: the game as a seat rebuilds it from the server's messages
 *
 * From a "state" (the game, its public options, the moves played and the seat's view) and
 * every "move" after it. A game without hidden information is rebuilt whole: a new game
 * with the options, and every public move played on it (bg_game_play_text()), so that it
 * has its history (repetitions) and may be searched like any other. Triomino, whose hands
 * and pile the server keeps, is loaded from the seat's view that comes with every state and
 * move (bg_game_new_from_view(), docs/views.md).
 */
#pragma once

#include <json-glib/json-glib.h>

#include "bg-game.h"

G_BEGIN_DECLS

typedef struct _TrioClientGame TrioClientGame;

TrioClientGame *trio_client_game_new         (guint32         seed);
void            trio_client_game_free        (TrioClientGame *self);

/* Rebuilds the game from a "state" message; FALSE with error when it cannot (an unknown
 * game, a move the rules refuse, a game whose view cannot be loaded). */
gboolean        trio_client_game_load_state  (TrioClientGame *self,
                                              JsonObject     *state,
                                              GError        **error);
/* Plays a "move" message on it; FALSE with error when the move does not follow (its ply is
 * not the next) or cannot be played. */
gboolean        trio_client_game_apply_move  (TrioClientGame *self,
                                              JsonObject     *move,
                                              GError        **error);

/* The game, or NULL before a state was loaded: in Triomino a game loaded from the view
 * (bg_game_is_view()), which lists the seat's moves when it is to move. */
const BgGame   *trio_client_game_get         (TrioClientGame *self);
/* Whether the seat's move needs no search, the game being a view where the library's
 * players cannot be given a whole position: a round's opening, where every legal move of
 * the view lays the opening tile (trio-client-deal.h). */
gboolean        trio_client_game_is_forced   (TrioClientGame *self);
/* A game for the computer to search: a copy of the game, or, from a view, a whole position
 * with the tiles the view hides dealt at random (trio-client-deal.h). */
BgGame         *trio_client_game_dup_searchable (TrioClientGame *self,
                                                 GError        **error);
/* The number of moves played (the protocol's ply). */
gint64          trio_client_game_get_ply     (TrioClientGame *self);

/* Whether the rule set hides information from some seats (Triomino). */
gboolean        trio_client_game_is_hidden   (const char     *game_id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TrioClientGame, trio_client_game_free)

G_END_DECLS
