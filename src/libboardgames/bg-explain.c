/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-explain.c: why a move, or the locations a player points at, is not legal: the part
 * the rule sets share (each explains its own rules in explain_locations) */

#include "bg-game.h"

#include <string.h>
#include <glib/gi18n-lib.h>

gboolean
bg_rules_has_move_with (const BgRules *rules,
                        const void    *pos,
                        const guint   *locations,
                        guint          n,
                        gboolean       complete)
{
  g_autofree BgMove *moves = g_new (BgMove, rules->max_moves);
  guint n_moves = rules->legal_moves (pos, moves);

  for (guint i = 0; i < n_moves; i++)
    {
      guint locs[BG_MAX_MOVE_LOCATIONS];
      guint n_locs = rules->move_locations (pos, moves[i], locs);

      if (n_locs >= n && (!complete || n_locs == n)
          && memcmp (locs, locations, n * sizeof *locs) == 0)
        return TRUE;
    }
  return FALSE;
}

gboolean
bg_rules_explain_move (const BgRules *rules,
                       const void    *pos,
                       BgMove         move,
                       GError       **error)
{
  guint locs[BG_MAX_MOVE_LOCATIONS];
  guint n = rules->move_locations (pos, move, locs);

  for (guint i = 0; i < n; i++)
    if (locs[i] >= rules->n_locations)
      return bg_fail (error, BG_ERROR_ILLEGAL_MOVE, _("That is not a point of the board."));
  return rules->explain_locations (pos, locs, n, TRUE, error);
}

gboolean
bg_game_explain_locations (const BgGame *game,
                           const guint  *locations,
                           guint         n,
                           GError      **error)
{
  const BgRules *rules = bg_game_get_rules (game);
  const void *pos = bg_game_get_position (game);

  g_return_val_if_fail (n > 0 && n <= BG_MAX_MOVE_LOCATIONS, FALSE);

  for (guint i = 0; i < n; i++)
    if (locations[i] >= rules->n_locations)
      return bg_fail (error, BG_ERROR_ILLEGAL_MOVE, _("That is not a point of the board."));
  if (bg_game_is_over (game))
    return bg_fail (error, BG_ERROR_GAME_OVER, _("The game is over."));
  if (bg_rules_has_move_with (rules, pos, locations, n, FALSE))
    return TRUE;
  /* A rule set that finds nothing wrong where no move begins gets the plain answer. */
  if (rules->explain_locations != NULL
      && !rules->explain_locations (pos, locations, n, FALSE, error))
    return FALSE;
  return bg_fail (error, BG_ERROR_ILLEGAL_MOVE, _("No move can be made there."));
}
