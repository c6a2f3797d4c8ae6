/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-trichess.c: TRICHESS in the application: the board picture of each board
 * option, the points-lost sheet, the rules page, the names of the pieces a pawn may become,
 * the analysis counted in pawns, and how the end of a game is told (the seigneur, the serf
 * and the vassal) */

#include <glib/gi18n.h>

#include "bg-search.h"
#include "board/trio-board-view.h"
#include "trio-render-trichess.h"
#include "games/trio-game.h"
#include "session/trio-session.h"
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

/* The winner in plain words, then the rule's term ("échec et mat" and its cousins) and the
 * three roles. */
static char *
describe_end (TrioSession *session,
              BgStatus     status)
{
  g_autofree char *seigneur = NULL;
  g_autofree char *serf = NULL;
  g_autofree char *vassal = NULL;
  const char *what;

  if (status.result != BG_RESULT_WIN || status.winner < 0)
    return g_strdup (_("The game is over."));
  seigneur = trio_session_dup_player_name (session, status.winner);
  serf = status.loser >= 0 ? trio_session_dup_player_name (session, status.loser)
                           : g_strdup ("");
  vassal = status.other >= 0 ? trio_session_dup_player_name (session, status.other)
                             : g_strdup ("");
  switch (status.reason)
    {
    /* Translators: the rule's terms, after "Red wins: " */
    case BG_REASON_CHECKMATE: what = _("échec et mat (checkmate)"); break;
    case BG_REASON_PAT: what = _("échec et pat"); break;
    case BG_REASON_FAT: what = _("échec et fat (a double check)"); break;
    case BG_REASON_FAT_MATE: what = _("échec fat et mat"); break;
    default:
      /* Translators: the winner (the seigneur), then the other players' names */
      return g_strdup_printf (_("%1$s wins. %1$s is the seigneur, %2$s the serf and %3$s the "
                                "vassal."), seigneur, serf, vassal);
    }
  /* Translators: the winner (the seigneur), how the game ended (the rule's term), then the
   * other players' names: "Red wins: échec fat et mat. Red is the seigneur, …" */
  return g_strdup_printf (_("%1$s wins: %2$s. %1$s is the seigneur, %3$s the serf and %4$s the "
                            "vassal."), seigneur, what, serf, vassal);
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
  .seat_color = trio_render_trichess_seat_color,
  .eval_unit = TRIO_EVAL_PAWNS,
};
