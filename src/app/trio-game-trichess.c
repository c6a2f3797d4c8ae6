/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-trichess.c: TRICHESS in the application: the board picture of each board
 * option, the points-lost sheet, the rules page, the names of the pieces a pawn may become,
 * and how the end of a game is told (the seigneur, the serf and the vassal) */

#include <glib/gi18n.h>

#include "bg-search.h"
#include "trio-board-view.h"
#include "trio-game.h"
#include "trio-trichess-sheet.h"

/* By kind of piece (bg-trichess-board.h): those a promotion may make. */
static const char *const kind_names[] = {
  NULL, NULL, N_("Knight"), N_("Bishop"), N_("Rook"), N_("Queen"), NULL, N_("Queen"),
};

static gpointer
create_board (const BgGame *game,
              GError      **error)
{
  GHashTable *options = bg_game_get_options (game);
  const char *board = options != NULL ? g_hash_table_lookup (options, "board") : NULL;
  g_autofree char *picture = NULL;

  if (board == NULL || (!g_str_equal (board, "hexagonal") && !g_str_equal (board, "pax")))
    board = "prolapsus";
  picture = g_strdup_printf ("boards/trichess-%s.svg", board);
  return trio_render_trichess_new (game, picture, error);
}

/* "Échec et mat" and its cousins name the three roles. */
static char *
describe_end (TrioSession *session,
              BgStatus     status)
{
  g_autofree char *seigneur = trio_session_dup_player_name (session, status.winner);
  g_autofree char *serf = status.loser >= 0 ? trio_session_dup_player_name (session,
                                                                            status.loser)
                                            : g_strdup ("");
  g_autofree char *vassal = status.other >= 0 ? trio_session_dup_player_name (session,
                                                                              status.other)
                                              : g_strdup ("");
  const char *what;

  switch (status.reason)
    {
    case BG_REASON_CHECKMATE: what = _("Checkmate (échec et mat)"); break;
    case BG_REASON_PAT: what = _("Échec et pat"); break;
    case BG_REASON_FAT: what = _("Échec et fat: a double check"); break;
    case BG_REASON_FAT_MATE: what = _("Échec fat et mat"); break;
    default: what = _("The game is over"); break;
    }
  /* Translators: the first %s is how the game ended, then the players' names */
  return g_strdup_printf (_("%s. %s is the seigneur, %s the serf and %s the vassal."),
                          what, seigneur, serf, vassal);
}

const TrioGame trio_game_trichess = {
  .id = "trichess",
  .rules_page = "trichess",
  .max_level = BG_LEVEL_MAX,
  .create_view = trio_board_view_new,
  .create_sheet = trio_trichess_sheet_new,
  .renderer = &trio_trichess_renderer,
  .create_board = create_board,
  .describe_end = describe_end,
  .kind_names = kind_names,
  .n_kinds = G_N_ELEMENTS (kind_names),
};
