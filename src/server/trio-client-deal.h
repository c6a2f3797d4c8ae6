/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-deal.h: a whole position from a seat's view, for the computer player
 *
 * The library's players do not search a view (bg_game_new_from_view(): "the game's own
 * search returns no move on it"). The bot gives them a whole position instead: the view
 * with the tiles it does not show (the other hands, the pile) dealt at random among the
 * tiles the seat has not seen. Nothing hidden is guessed from it: the Triomino players deal
 * the unseen tiles again themselves (bg-triomino-mc.h), so the deal only fills the places.
 */
#pragma once

#include "bg-game.h"

G_BEGIN_DECLS

/* Whether the seat to move opens a round (no tile on the board yet). Its legal moves then
 * all lay the opening tile, the best in any hand, which the rules check a position for: a
 * deal would have to keep the tiles that open before it out of the hands. The bot plays
 * the view's own first legal move there, and deals only after the opening. */
gboolean trio_client_deal_is_opening (const BgGame *view);

/* view: a game loaded from view_text (bg_game_new_from_view()), not at a round's opening;
 * seed: of the deal. NULL with error for a view whose hidden counts do not add up to the
 * tiles not shown. */
BgGame  *trio_client_deal_view       (const BgGame *view,
                                     const char   *view_text,
                                     guint32       seed,
                                     GError      **error);

G_END_DECLS
