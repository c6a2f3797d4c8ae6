/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-room-view.c: what each connection of a room is told: the state, the seats,
 * the moves, the end, each with the position as its seat may see it */

#include "trio-server-room-private.h"

#include "bg-view.h"

char *
room_view (TrioRoom *self,
           int       seat)
{
  return bg_game_dup_view (self->game, seat);
}

char *
room_public_move (TrioRoom *self,
                  guint     index,
                  int       seat)
{
  return bg_game_dup_move_for_seat (self->game, index, seat);
}

void
room_seat_info (TrioRoom     *self,
                guint         seat,
                TrioSeatInfo *info)
{
  const RoomSeat *s = &self->seats[seat];

  info->kind = s->kind;
  info->level = s->kind == TRIO_SEAT_COMPUTER ? s->level : 0;
  info->name = s->name;
  info->connected = s->kind == TRIO_SEAT_COMPUTER || s->client != NULL;
}

void
room_send_seat_all (TrioRoom *self,
                    guint     seat,
                    gpointer  except)
{
  TrioSeatInfo info;
  g_autofree char *text = NULL;

  room_seat_info (self, seat, &info);
  text = trio_protocol_seat ((int) seat, &info);
  room_send_all (self, text, except);
}

void
room_get_end (TrioRoom    *self,
              TrioEndInfo *end)
{
  BgStatus status = bg_game_get_status (self->game);

  end->over = status.result != BG_RESULT_ONGOING;
  end->draw = status.result == BG_RESULT_DRAW;
  end->winner = status.winner;
  end->loser = status.loser;
  end->other = status.other;
  end->reason = trio_protocol_reason (status.reason);
}

static char *
state_text (TrioRoom *self,
            int       seat)
{
  guint n_moves = bg_game_get_n_played (self->game);
  g_autoptr (GPtrArray) moves = g_ptr_array_new_full (n_moves + 1, g_free);
  /* All but the drawn ones (Triomino's deal). */
  g_autoptr (GHashTable) options = bg_game_dup_public_options (self->game);
  g_autofree char *view = room_view (self, seat);
  TrioSeatInfo seats[TRIO_PROTOCOL_MAX_SEATS];
  TrioEndInfo end;
  TrioStateInfo state = { 0 };

  for (guint i = 0; i < n_moves; i++)
    g_ptr_array_add (moves, room_public_move (self, i, seat));
  g_ptr_array_add (moves, NULL);
  for (guint i = 0; i < self->n_seats; i++)
    room_seat_info (self, i, &seats[i]);
  room_get_end (self, &end);
  state.game = bg_game_get_rules (self->game)->id;
  state.options = options;
  state.seat = seat;
  state.seats = seats;
  state.n_seats = self->n_seats;
  state.view = view;
  state.moves = (const char *const *) moves->pdata;
  state.n_moves = n_moves;
  state.to_move = end.over ? -1 : bg_game_get_player_to_move (self->game);
  state.offer = &self->offer;
  state.end = &end;
  return trio_protocol_state (&state);
}

void
room_send_state (TrioRoom *self,
                 gpointer  client,
                 int       seat)
{
  g_autofree char *text = state_text (self, seat);

  room_send (self, client, text);
}

void
room_send_state_all (TrioRoom *self)
{
  for (guint i = 0; i < self->clients->len; i++)
    {
      RoomClient c = g_array_index (self->clients, RoomClient, i);

      room_send_state (self, c.client, c.seat);
    }
}

void
room_send_move_all (TrioRoom *self,
               guint     index,
               int       seat)
{
  g_autofree char *last_move = NULL;
  g_autofree char *last_view = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; i < self->clients->len; i++)
    {
      RoomClient c = g_array_index (self->clients, RoomClient, i);
      g_autofree char *move = room_public_move (self, index, c.seat);
      g_autofree char *view = room_view (self, c.seat);

      /* Where the seats see the same (no hidden information), one text serves them all. */
      if (text == NULL || g_strcmp0 (move, last_move) != 0 || g_strcmp0 (view, last_view) != 0)
        {
          g_free (text);
          text = trio_protocol_move (index + 1, seat, move, view);
          g_free (last_move);
          last_move = g_steal_pointer (&move);
          g_free (last_view);
          last_view = g_steal_pointer (&view);
        }
      room_send (self, c.client, text);
    }
}

