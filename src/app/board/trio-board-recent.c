/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-recent.c: the last move of every seat and the engine's marks, for the boards */

#include "trio-board-recent.h"

#include <string.h>

void
trio_board_recent_clear (TrioBoardRecent *self)
{
  g_clear_pointer (&self->positions, g_free);
  self->n_moves = 0;
  self->n_marks = 0;
  self->n_pending = 0;
}

void
trio_board_recent_choose (TrioBoardRecent *self,
                          const BgGame    *game,
                          const guint     *selected,
                          guint            n_selected)
{
  self->n_pending = game != NULL ? trio_board_pending_marks (game, selected, n_selected,
                                                             self->pending,
                                                             G_N_ELEMENTS (self->pending))
                                 : 0;
}

void
trio_board_recent_fill (const TrioBoardRecent *self,
                        gboolean               moving,
                        TrioBoardState        *state)
{
  state->last_move = self->n_moves > 0 ? self->moves[0].move : BG_MOVE_NONE;
  state->last_position = self->n_moves > 0 ? self->moves[0].position : NULL;
  state->seat_moves = self->moves;
  state->n_seat_moves = self->n_moves;
  state->marks = self->n_pending > 0 ? self->pending : moving ? NULL : self->marks;
  state->n_marks = self->n_pending > 0 ? self->n_pending : moving ? 0 : self->n_marks;
}

void
trio_board_recent_read (TrioBoardRecent *self,
                        const BgGame    *game)
{
  const BgRules *rules;
  guint n_played, n_players, oldest;
  gsize size;

  trio_board_recent_clear (self);
  if (game == NULL)
    return;
  rules = bg_game_get_rules (game);
  size = rules->position_size;
  n_played = bg_game_get_n_played (game);
  n_players = MIN ((guint) bg_game_get_n_players (game), TRIO_BOARD_RECENT_SEATS);
  oldest = n_played > 2 * n_players ? n_played - 2 * n_players : 0;
  self->positions = g_malloc (size * TRIO_BOARD_RECENT_SEATS);

  for (guint i = n_played; i > oldest && self->n_moves < n_players; i--)
    {
      int player = bg_game_get_played_player (game, i - 1);
      gboolean seen = FALSE;
      guint8 *copy = self->positions + size * self->n_moves;

      for (guint j = 0; j < self->n_moves; j++)
        seen |= self->moves[j].player == player;
      if (seen)
        continue;
      memcpy (copy, bg_game_get_position_at (game, i - 1), size);
      self->moves[self->n_moves++] = (TrioSeatMove) {
        player, bg_game_get_played_move (game, i - 1), copy, n_played - i };
    }
  self->n_marks = bg_game_get_marks (game, self->marks, G_N_ELEMENTS (self->marks));
}

guint
trio_board_pending_marks (const BgGame *game,
                          const guint  *selected,
                          guint         n_selected,
                          BgMark       *marks,
                          guint         max)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autoptr (GArray) moves = NULL;

  if (n_selected == 0 || n_selected >= BG_MAX_MOVE_LOCATIONS)
    return 0;
  moves = bg_game_get_legal_moves (game);
  for (guint i = 0; i < moves->len; i++)
    {
      BgMove move = g_array_index (moves, BgMove, i);
      guint locations[BG_MAX_MOVE_LOCATIONS];
      guint n = rules->move_locations (bg_game_get_position (game), move, locations);
      BgMoveInfo info;

      if (n != n_selected + 1 || memcmp (locations, selected, n_selected * sizeof *selected)
          || !bg_game_describe_move (game, move, &info) || info.removed < 0
          || info.removed == info.to || (guint) info.removed != locations[n_selected])
        continue;
      {
        g_autoptr (BgGame) after = bg_game_copy (game);

        if (!bg_game_play (after, move, NULL))
          return 0;
        return bg_game_get_marks (after, marks, max);
      }
    }
  return 0;
}

gboolean
trio_board_is_removal (const BgGame *game,
                       BgMove        move,
                       guint         location)
{
  BgMoveInfo info;

  return bg_game_describe_move (game, move, &info) && info.removed == (int) location
         && info.to != info.removed;
}
