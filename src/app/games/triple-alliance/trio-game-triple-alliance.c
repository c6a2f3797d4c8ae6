/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-triple-alliance.c: La Triple Alliance in the application: its board of points,
 * its rules page, and the perfect level that plays from the solved game
 * (trio-triple-alliance-table.c) */

#include "bg-search.h"
#include "board/trio-board-view.h"
#include "board/trio-render-points.h"
#include "games/trio-game.h"
#include "trio-triple-alliance-table.h"

static const TrioPointsStyle style = {
  .picture = "boards/triple-alliance.svg",
  .step = 150.0,   /* the 5 x 5 grid */
  .radius = 50.0,
  .morris = FALSE,
};

static gpointer
create_board (const BgGame *game,
              GError      **error)
{
  return trio_render_points_new (game, &style, error);
}

const TrioGame trio_game_triple_alliance = {
  .id = "triple-alliance",
  .rules_page = "triple-alliance",
  .max_level = BG_LEVEL_PERFECT,
  .create_view = trio_board_view_new,
  .renderer = &trio_points_renderer,
  .create_board = create_board,
  .seat_color = trio_render_points_seat_color,
  .solved_table = &trio_triple_alliance_table,
  /* Its pieces never leave the board: the search weighs steps, lines and threats. */
  .eval_unit = TRIO_EVAL_POSITION,
};
