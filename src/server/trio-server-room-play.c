/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-room-play.c: a room's play: moves, the computer's moves, the offers (the
 * rules' repetition draw, undo), resigning and the end */

#include "trio-server-room-private.h"

#include <string.h>

static void
send_offer_all (TrioRoom *self)
{
  g_autofree char *text = trio_protocol_offer (&self->offer, self->n_seats);

  room_send_all (self, text, NULL);
}

/* Drops the pending offer; the connections hear of it (a null kind). */
static void
withdraw_offer (TrioRoom *self)
{
  if (self->offer.kind == TRIO_OFFER_NONE)
    return;
  memset (&self->offer, 0, sizeof self->offer);
  self->offer.from = -1;
  self->offer.ply = bg_game_get_n_played (self->game);
  send_offer_all (self);
}

static gboolean
any_waiting (TrioRoom *self)
{
  for (guint i = 0; i < self->n_seats; i++)
    if (self->offer.waiting[i])
      return TRUE;
  return FALSE;
}

static void
send_end_all (TrioRoom *self)
{
  TrioEndInfo end;
  g_autofree char *text = NULL;

  room_get_end (self, &end);
  text = trio_protocol_end (&end);
  room_send_all (self, text, NULL);
}

/* Writes the end (result: how, when the moves do not tell it); FALSE when the store fails. */
static gboolean
store_finish (TrioRoom   *self,
              const char *result,
              GError    **error)
{
  g_autoptr (GError) store_error = NULL;
  gint64 now = room_now ();

  if (self->host->store != NULL
      && room_store_failed (self, trio_store_finish (self->host->store, self->id, now, result,
                                                     &store_error),
                            store_error, error))
    return FALSE;
  self->finished = now;
  g_message ("Room %s: the game is over%s%s", self->id, result != NULL ? ": " : "",
             result != NULL ? result : "");
  return TRUE;
}

static void
decline_draw (TrioRoom *self)
{
  g_autoptr (GError) error = NULL;
  int ply = (int) bg_game_get_n_played (self->game);

  /* Only a restart would ask again: a failed write is not worth refusing the answer. */
  if (self->host->store != NULL
      && !trio_store_set_draw_declined (self->host->store, self->id, ply, &error))
    g_warning ("Room %s: the store failed: %s", self->id, error->message);
  bg_game_decline_draw (self->game);
}

static gboolean
accept_draw (TrioRoom *self,
             GError  **error)
{
  if (!store_finish (self, "draw-agreed", error))
    return FALSE;
  bg_game_accept_draw (self->game);
  withdraw_offer (self);
  send_end_all (self);
  return TRUE;
}

/* The rules offer a draw (a position for the fifth time): the computer's seats answer at
 * once; the humans are asked when every computer accepts. */
static void
offer_draw (TrioRoom *self)
{
  gboolean humans = FALSE;

  for (guint i = 0; i < self->n_seats; i++)
    if (self->seats[i].kind == TRIO_SEAT_COMPUTER
        && !bg_game_computer_accepts_draw (self->game, (int) i))
      {
        decline_draw (self);
        return;
      }
  memset (&self->offer, 0, sizeof self->offer);
  for (guint i = 0; i < self->n_seats; i++)
    if (self->seats[i].kind == TRIO_SEAT_HUMAN)
      self->offer.waiting[i] = humans = TRUE;
  if (!humans)
    {
      g_autoptr (GError) error = NULL;

      if (!accept_draw (self, &error))
        decline_draw (self);
      return;
    }
  self->offer.kind = TRIO_OFFER_DRAW;
  self->offer.from = -1;
  self->offer.ply = bg_game_get_n_played (self->game);
  send_offer_all (self);
}

/* Plays a legal move of seat: committed to the store, then told to every connection. */
static gboolean
play (TrioRoom *self,
      int       seat,
      BgMove    move,
      GError  **error)
{
  g_autofree char *notation = bg_game_format_move (self->game, move);
  guint index = bg_game_get_n_played (self->game);
  g_autoptr (GError) store_error = NULL;

  if (self->host->store != NULL
      && room_store_failed (self, trio_store_add_move (self->host->store, self->id, index + 1,
                                                       notation, room_now (), &store_error),
                            store_error, error))
    return FALSE;
  /* A move withdraws an undo offer, and plays on over the rules' draw offer. */
  withdraw_offer (self);
  if (!bg_game_play (self->game, move, NULL))
    g_error ("Room %s: a legal move was refused", self->id);
  room_send_move_all (self, index, seat);
  if (bg_game_is_over (self->game))
    {
      g_autoptr (GError) finish_error = NULL;

      /* The moves tell the end: a failure to write when is only a late expiry. */
      store_finish (self, NULL, &finish_error);
      send_end_all (self);
    }
  else if (bg_game_has_draw_offer (self->game))
    offer_draw (self);
  room_schedule_computer (self);
  return TRUE;
}

static gboolean
refuse_illegal (TrioRoom   *self,
                const char *text,
                GError    **error)
{
  const BgRules *rules = bg_game_get_rules (self->game);
  g_autoptr (GError) why = NULL;
  g_autofree char *message = NULL;
  BgMove move;

  if (!bg_game_parse_move (self->game, text, &move, &why))
    message = g_strdup_printf ("That is not a move of this game: %s.", why->message);
  else if (rules->explain_illegal != NULL
           && !rules->explain_illegal (bg_game_get_position (self->game), move, &why))
    message = g_strdup_printf ("That move is not legal: %s", why->message);
  else
    message = g_strdup ("That move is not legal.");
  return room_fail (error, TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE, message);
}

gboolean
room_move (TrioRoom          *self,
           int                seat,
           const TrioMessage *message,
           GError           **error)
{
  BgMove move;

  if (trio_room_is_over (self))
    return room_fail (error, TRIO_PROTOCOL_ERROR_GAME_OVER, "The game is over.");
  if (seat < 0 || seat != bg_game_get_player_to_move (self->game))
    return room_fail (error, TRIO_PROTOCOL_ERROR_NOT_YOUR_TURN, "It is not your turn.");
  if (message->ply != bg_game_get_n_played (self->game))
    return room_fail (error, TRIO_PROTOCOL_ERROR_STALE,
                      "The game has moved on since: ask for the state again.");
  if (!bg_game_parse_move (self->game, message->move, &move, NULL)
      || !bg_game_is_legal (self->game, move))
    return refuse_illegal (self, message->move, error);
  return play (self, seat, move, error);
}

/* Takes the game back to its first keep moves, for every connection. */
static gboolean
undo_to (TrioRoom *self,
         guint     keep,
         GError  **error)
{
  g_autoptr (GError) store_error = NULL;

  if (self->host->store != NULL
      && (room_store_failed (self, trio_store_truncate (self->host->store, self->id, keep,
                                                        &store_error),
                             store_error, error)
          || room_store_failed (self, trio_store_set_draw_declined (self->host->store,
                                                                    self->id, -1,
                                                                    &store_error),
                                store_error, error)))
    return FALSE;
  room_cancel_computer (self);
  while (bg_game_get_n_played (self->game) > keep)
    bg_game_undo (self->game);
  memset (&self->offer, 0, sizeof self->offer);
  g_debug ("Room %s: moves taken back to ply %u", self->id, keep);
  room_send_state_all (self);
  room_schedule_computer (self);
  return TRUE;
}

/* A seat's answer to the pending offer; the last acceptance settles it. */
static gboolean
answer (TrioRoom *self,
        int       seat,
        gboolean  accept,
        GError  **error)
{
  if (!accept)
    {
      if (self->offer.kind == TRIO_OFFER_DRAW)
        decline_draw (self);
      withdraw_offer (self);
      room_schedule_computer (self);
      return TRUE;
    }
  self->offer.waiting[seat] = FALSE;
  if (any_waiting (self))
    {
      send_offer_all (self);
      return TRUE;
    }
  if (self->offer.kind == TRIO_OFFER_DRAW)
    return accept_draw (self, error);
  return undo_to (self, self->undo_keep, error);
}

gboolean
room_answer (TrioRoom          *self,
             int                seat,
             const TrioMessage *message,
             GError           **error)
{
  if (trio_room_is_over (self))
    return room_fail (error, TRIO_PROTOCOL_ERROR_GAME_OVER, "The game is over.");
  if (self->offer.kind != message->offer || !self->offer.waiting[seat])
    return room_fail (error, TRIO_PROTOCOL_ERROR_NO_OFFER, "No such offer waits for you.");
  return answer (self, seat, message->accept, error);
}

gboolean
room_undo (TrioRoom          *self,
           int                seat,
           const TrioMessage *message,
           GError           **error)
{
  guint n_played = bg_game_get_n_played (self->game);
  guint last = n_played;
  gboolean humans = FALSE;

  if (trio_room_is_over (self))
    return room_fail (error, TRIO_PROTOCOL_ERROR_GAME_OVER, "The game is over.");
  if (message->ply != n_played)
    return room_fail (error, TRIO_PROTOCOL_ERROR_STALE,
                      "The game has moved on since: ask for the state again.");
  if (self->offer.kind != TRIO_OFFER_NONE)
    return room_fail (error, TRIO_PROTOCOL_ERROR_OFFER_PENDING,
                      "Another offer waits for answers.");
  for (guint i = n_played; i-- > 0;)
    if (bg_game_get_played_player (self->game, i) == seat)
      {
        last = i;
        break;
      }
  if (last == n_played)
    return room_fail (error, TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE, "You have no move to take back.");
  memset (&self->offer, 0, sizeof self->offer);
  for (guint i = 0; i < self->n_seats; i++)
    if ((int) i != seat && self->seats[i].kind == TRIO_SEAT_HUMAN)
      self->offer.waiting[i] = humans = TRUE;
  if (!humans)
    return undo_to (self, last, error);
  /* The computer waits while the humans answer. */
  room_cancel_computer (self);
  self->offer.kind = TRIO_OFFER_UNDO;
  self->offer.from = seat;
  self->offer.ply = n_played;
  self->undo_keep = last;
  send_offer_all (self);
  return TRUE;
}

gboolean
room_resign (TrioRoom *self,
             int       seat,
             GError  **error)
{
  g_autofree char *result = g_strdup_printf ("resigned %d", seat);

  if (trio_room_is_over (self))
    return room_fail (error, TRIO_PROTOCOL_ERROR_GAME_OVER, "The game is over.");
  if (!store_finish (self, result, error))
    return FALSE;
  room_cancel_computer (self);
  withdraw_offer (self);
  /* The library ranks the others (bg_game_resign()). */
  bg_game_resign (self->game, seat, NULL);
  send_end_all (self);
  return TRUE;
}

void
room_seat_to_computer (TrioRoom *self,
                       guint     seat)
{
  g_autoptr (GError) error = NULL;

  /* The computer answers in the human's place: a draw by its evaluation, an undo yes (the
   * computer's seats are never asked). */
  if (self->offer.kind != TRIO_OFFER_NONE && self->offer.waiting[seat])
    {
      gboolean accept = self->offer.kind == TRIO_OFFER_UNDO
                        || bg_game_computer_accepts_draw (self->game, (int) seat);

      if (!answer (self, (int) seat, accept, &error))
        g_warning ("Room %s: %s", self->id, error->message);
    }
  room_schedule_computer (self);
}

void
room_start (TrioRoom *self)
{
  g_autoptr (GError) error = NULL;

  /* A game that ended by its last move just before the server stopped. */
  if (trio_room_is_over (self) && self->finished == 0)
    store_finish (self, NULL, &error);
  else if (!trio_room_is_over (self) && bg_game_has_draw_offer (self->game))
    offer_draw (self);
  room_schedule_computer (self);
}

static void
computer_done (BgMove   move,
               gpointer user_data)
{
  TrioRoom *self = user_data;
  g_autoptr (GError) error = NULL;

  self->job = NULL;
  if (move == BG_MOVE_NONE || !bg_game_is_legal (self->game, move))
    {
      g_warning ("Room %s: the computer found no legal move", self->id);
      return;
    }
  if (!play (self, bg_game_get_player_to_move (self->game), move, &error))
    g_warning ("Room %s: the computer's move was not played: %s", self->id, error->message);
}

void
room_schedule_computer (TrioRoom *self)
{
  const RoomSeat *seat;
  BgSearchLimits limits;

  if (self->job != NULL || self->host->worker == NULL || trio_room_is_over (self)
      || self->offer.kind != TRIO_OFFER_NONE)
    return;
  seat = &self->seats[bg_game_get_player_to_move (self->game)];
  if (seat->kind != TRIO_SEAT_COMPUTER)
    return;
  bg_search_limits_for_level (seat->level, &limits);
  /* The game's own seed, as the application's: the same position plays the same. */
  limits.seed = bg_game_search_seed (self->game);
  /* One thread a search: the server's threads are shared by every room. */
  limits.threads = 1;
  if (self->host->computer_nodes > 0)
    {
      limits.node_limit = self->host->computer_nodes;
      limits.time_limit_ms = 0;
    }
  self->job = trio_worker_search (self->host->worker, bg_game_copy (self->game), &limits,
                                  computer_done, g_object_ref (self), g_object_unref);
}

void
room_cancel_computer (TrioRoom *self)
{
  /* The job's reference to the room goes: the caller holds one. */
  if (self->job != NULL)
    trio_worker_cancel (self->host->worker, g_steal_pointer (&self->job));
}
