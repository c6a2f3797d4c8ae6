/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-move-number.c: the one numbering of the moves, in the move list and in every sentence
 * that names a move (plain C, tested without a display) */

#include "trio-move-number.h"

gboolean
trio_move_numbers_in_pairs (const BgGame *game)
{
  guint n = bg_game_get_n_played (game);

  if (bg_game_get_n_players (game) != 2)
    return FALSE;
  for (guint i = 1; i < n; i++)
    if (bg_game_get_played_player (game, i) == bg_game_get_played_player (game, i - 1))
      return FALSE;
  return TRUE;
}

guint
trio_move_number_in (guint    index,
                     gboolean in_pairs)
{
  return in_pairs ? index / 2 + 1 : index + 1;
}

guint
trio_move_number (const BgGame *game,
                  guint         index)
{
  return trio_move_number_in (index, trio_move_numbers_in_pairs (game));
}

guint
trio_move_number_last (const BgGame *game)
{
  guint n = bg_game_get_n_played (game);

  return n > 0 ? trio_move_number (game, n - 1) : 0;
}
