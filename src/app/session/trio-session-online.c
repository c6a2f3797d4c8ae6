/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-session-online.c: the session's game played in a room of a server: moves from the
 * room, the local seat's sent to it */

#include "trio-session-private.h"

#include <glib/gi18n.h>

gboolean
trio_session_start_online (TrioSession    *self,
                           BgGame         *game,
                           const TrioSeat *seats,
                           guint           n_seats,
                           int             local_seat,
                           GError        **error)
{
  g_return_val_if_fail (local_seat >= 0 && local_seat < bg_game_get_n_players (game), FALSE);
  return trio_session_load (self, game, seats, n_seats, local_seat, error);
}

int
trio_session_get_local_seat (TrioSession *self)
{
  return self->local_seat;
}

gboolean
trio_session_is_online (TrioSession *self)
{
  return self->local_seat >= 0;
}

void
trio_session_set_online_waiting (TrioSession *self,
                                 gboolean     waiting)
{
  if (self->online_waiting == !!waiting)
    return;
  self->online_waiting = !!waiting;
  trio_session_emit_thinking (self);
}

gboolean
trio_session_play_remote (TrioSession *self,
                          int          seat,
                          const char  *notation,
                          GError     **error)
{
  BgMove move;

  g_return_val_if_fail (self->local_seat >= 0 && self->game != NULL, FALSE);
  if (bg_game_get_player_to_move (self->game) != seat)
    {
      /* Translators: a move from the network, for the seat (from 1) that is not to move */
      g_set_error (error, BG_ERROR, BG_ERROR_ILLEGAL_MOVE, _("Player %d is not to move."),
                   seat + 1);
      return FALSE;
    }
  if (!bg_game_parse_move (self->game, notation, &move, error))
    return FALSE;
  if (seat != self->local_seat)
    {
      trio_session_hold_move (self, move);
      return TRUE;
    }
  /* The local seat's own move, which the board has shown chosen: at once. */
  trio_session_cancel_search (self);
  bg_game_play (self->game, move, NULL);
  self->online_waiting = FALSE;
  self->draw_asked = FALSE;
  trio_session_note_own_move (self);
  trio_session_changed (self);
  return TRUE;
}

void
trio_session_show_view (TrioSession *self,
                        BgGame      *view)
{
  g_return_if_fail (self->local_seat >= 0);
  trio_session_cancel_search (self);
  g_clear_pointer (&self->game, bg_game_free);
  self->game = view;
  self->online_waiting = FALSE;
  self->last_move_time = 0;
  trio_session_changed (self);
}

void
trio_session_resign (TrioSession *self,
                     int          seat)
{
  g_autoptr (GError) error = NULL;

  if (self->game == NULL || bg_game_is_over (self->game))
    return;
  trio_session_cancel_search (self);
  if (!bg_game_resign (self->game, seat, &error))
    {
      g_debug ("online: the resignation of seat %d is not the rules': %s", seat,
               error->message);
      return;
    }
  g_debug ("online: player %d resigned", seat + 1);
  trio_session_changed (self);
}

void
trio_session_agree_draw (TrioSession *self)
{
  if (self->game == NULL || !bg_game_has_draw_offer (self->game))
    return;
  trio_session_cancel_search (self);
  bg_game_accept_draw (self->game);
  g_debug ("online: the draw is agreed");
  trio_session_changed (self);
}

void
trio_session_set_seat (TrioSession    *self,
                       int             seat,
                       const TrioSeat *value)
{
  TrioSeat *s;

  g_return_if_fail (seat >= 0 && (guint) seat < self->n_seats);
  s = &self->seats[seat];
  if (s->computer == value->computer && s->level == value->level
      && g_strcmp0 (s->name, value->name) == 0)
    return;
  s->computer = value->computer;
  s->level = value->level;
  g_free (s->name);
  s->name = g_strdup (value->name);
  trio_session_changed (self);
}
