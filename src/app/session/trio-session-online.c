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

/* The view after one more move: the board animates the move (its history is the old view's
 * and the move), and the log and the pace are those of a move played here. */
static void
play_view (TrioSession *self,
           BgGame      *view)
{
  guint n = bg_game_get_n_played (view);
  int player = bg_game_get_played_player (view, n - 1);

  g_clear_pointer (&self->game, bg_game_free);
  self->game = view;
  self->generation++;
  self->online_waiting = FALSE;
  self->draw_asked = FALSE;
  self->last_move_time = g_get_monotonic_time ();
  self->last_by_computer = player != self->local_seat;
  g_debug ("move %u by player %d: %s", n, player + 1, bg_game_get_played_text (view, n - 1));
  trio_session_changed (self);
}

static gboolean
held_view_due (gpointer user_data)
{
  TrioSession *self = user_data;

  self->held_source = 0;
  trio_session_emit_thinking (self);
  play_view (self, g_steal_pointer (&self->held_view));
  return G_SOURCE_REMOVE;
}

/* Whether view is the session's game and one more move. */
static gboolean
follows (TrioSession  *self,
         const BgGame *view)
{
  guint n = bg_game_get_n_played (view), n_keys;
  const guint64 *keys = bg_game_get_keys (view, &n_keys);

  return self->game != NULL && bg_game_is_view (self->game) && n > 0 && n < n_keys
         && n == bg_game_get_n_played (self->game) + 1
         && keys[n - 1] == bg_game_get_key (self->game);
}

void
trio_session_show_view (TrioSession *self,
                        BgGame      *view)
{
  gint64 left_ms;

  g_return_if_fail (self->local_seat >= 0);
  trio_session_cancel_search (self);
  if (follows (self, view))
    {
      /* Another seat's move waits as the computer's do; the seat's own, shown chosen, not. */
      left_ms = bg_game_get_played_player (view, bg_game_get_n_played (view) - 1)
                == self->local_seat ? 0 : trio_session_hold_ms (self);
      if (left_ms <= 0)
        {
          play_view (self, view);
          return;
        }
      self->held_view = view;
      self->held_source = g_timeout_add ((guint) left_ms, held_view_due, self);
      trio_session_emit_thinking (self);
      return;
    }
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
