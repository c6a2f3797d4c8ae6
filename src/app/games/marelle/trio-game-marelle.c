/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-marelle.c: Marelle in the application: the board of points of each variant
 * (Marelle triple with its diagonals, or the standard nine men's morris), kept apart in the
 * statistics, the rules page, and the endgame tables readied for the computer's search */

#include "bg-search.h"
#include "marelle/bg-marelle-endgame.h"
#include "board/trio-board-view.h"
#include "board/trio-render-points.h"
#include "games/trio-game.h"

static const TrioPointsStyle triple_style = {
  .picture = "boards/marelle-triple.svg",
  .step = 100.0,   /* the 7 x 7 grid */
  .radius = 39.0,
  .morris = TRUE,
};

static const TrioPointsStyle standard_style = {
  .picture = "boards/morris.svg",
  .step = 100.0,
  .radius = 39.0,
  .morris = TRUE,
};

static gpointer
create_board (const BgGame *game,
              GError      **error)
{
  GHashTable *options = bg_game_get_options (game);
  const char *variant = options != NULL ? g_hash_table_lookup (options, "variant") : NULL;

  return trio_render_points_new (game, g_strcmp0 (variant, "standard") == 0 ? &standard_style
                                                                            : &triple_style,
                                 error);
}

/* The morris endgame tables: read, or computed on a thread of their own, once. */
static void
prepare_search (const BgGame *game)
{
  bg_marelle_endgame_prepare (game, FALSE);
}

const TrioGame trio_game_marelle = {
  .id = "marelle",
  .rules_page = "marelle",
  .max_level = BG_LEVEL_MAX,
  .create_view = trio_board_view_new,
  .renderer = &trio_points_renderer,
  .create_board = create_board,
  .seat_color = trio_render_points_seat_color,
  .prepare_search = prepare_search,
  /* Marelle triple and nine men's morris apart. */
  .statistics_option = "variant",
};
