/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-session-history.c: the session's moves taken back and played again (undo, redo, going
 * back to a move), a human's move with the computers' replies */

#include "trio-session-private.h"

static gboolean
played_by_human (TrioSession *self,
                 guint        index)
{
  int player = bg_game_get_played_player (self->game, index);

  return (guint) player < self->n_seats && !self->seats[player].computer;
}

gboolean
trio_session_can_undo (TrioSession *self)
{
  guint n;

  /* Online, an undo is asked of the others (trio-room-link.c). */
  if (self->game == NULL || self->local_seat >= 0)
    return FALSE;
  n = bg_game_get_n_played (self->game);
  for (guint i = n; i-- > 0;)
    if (played_by_human (self, i) || !trio_session_has_human (self))
      return TRUE;
  return FALSE;
}

gboolean
trio_session_can_redo (TrioSession *self)
{
  return self->game != NULL && self->local_seat < 0 && bg_game_can_redo (self->game);
}

void
trio_session_undo (TrioSession *self)
{
  if (!trio_session_can_undo (self))
    return;
  trio_session_cancel_search (self);
  /* Back to the last move a human made, taking the computers' replies with it. */
  while (bg_game_get_n_played (self->game) > 0)
    {
      guint last = bg_game_get_n_played (self->game) - 1;
      gboolean human = played_by_human (self, last);

      bg_game_undo (self->game);
      if (human || !trio_session_has_human (self))
        break;
    }
  self->over_announced = FALSE;
  self->draw_asked = FALSE;
  self->last_move_time = 0;
  trio_session_changed (self);
}

void
trio_session_go_back_to (TrioSession *self,
                         guint        n_moves)
{
  if (self->game == NULL || self->local_seat >= 0
      || n_moves >= bg_game_get_n_played (self->game))
    return;
  trio_session_cancel_search (self);
  while (bg_game_get_n_played (self->game) > n_moves && bg_game_undo (self->game))
    ;
  self->over_announced = FALSE;
  self->draw_asked = FALSE;
  self->last_move_time = 0;
  trio_session_changed (self);
}

void
trio_session_redo (TrioSession *self)
{
  if (!trio_session_can_redo (self))
    return;
  trio_session_cancel_search (self);
  /* Redo the human move and the computers' replies that followed it. */
  do
    bg_game_redo (self->game);
  while (bg_game_can_redo (self->game) && !bg_game_is_over (self->game)
         && self->seats[bg_game_get_player_to_move (self->game)].computer);
  self->draw_asked = FALSE;
  self->last_move_time = 0;
  trio_session_changed (self);
}
