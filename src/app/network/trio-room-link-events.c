/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-room-link-events.c: what the room says to a TrioRoomLink: the seat taken, the state
 * that rebuilds the game, the moves played through the session at its pace, the seats, the
 * offers, the end and the whole game, the refusals */

#include "trio-room-link-private.h"

#include <glib/gi18n.h>

#include "bg-save.h"
#include "bg-search.h"
#include "trio-client-message.h"

#define MAX_SEATS TRIO_ROOM_LINK_MAX_SEATS

/* The room's refusal in the player's words, from its code. */
static char *
describe_error (const TrioOnlineEvent *event)
{
  const char *code = event->code;

  if (g_str_equal (code, "bad-key"))
    return g_strdup (_("The invite link is not right: the game refused its key."));
  if (g_str_equal (code, "no-room"))
    return g_strdup (_("The server has no such game: it may have ended long ago."));
  if (g_str_equal (code, "seat-taken"))
    return g_strdup (_("That seat is taken: every seat of this game has a player."));
  if (g_str_equal (code, "bad-token"))
    return g_strdup (_("This seat can no longer be taken back."));
  if (g_str_equal (code, "too-many-connections") || g_str_equal (code, "rate-limit"))
    return g_strdup (_("The server turned the connection away: it is too busy."));
  /* Translators: the server's own words (in English) */
  return g_strdup_printf (_("The server refused: %s"), event->text != NULL ? event->text
                                                                          : code);
}

/* The session's seats from the room's: names, the computer's levels. */
static void
session_seats (TrioRoomLink *self,
               TrioSeat     *seats)
{
  for (guint i = 0; i < self->n_seats; i++)
    {
      seats[i].name = self->names[i];
      seats[i].computer = self->seats[i].kind == TRIO_ONLINE_SEAT_COMPUTER;
      seats[i].level = MAX (self->seats[i].level, BG_LEVEL_MIN);
    }
}

static void
set_seat (TrioRoomLink         *self,
          int                   seat,
          const TrioOnlineSeat *value)
{
  self->seats[seat] = *value;
  g_free (self->names[seat]);
  self->names[seat] = g_strdup (value->name);
  self->seats[seat].name = self->names[seat];
}

/* Whether game has played the same moves as the room's game rebuilt. */
static gboolean
same_moves (const BgGame *game,
            const BgGame *rebuilt)
{
  guint n;

  if (game == NULL || rebuilt == NULL || bg_game_is_view (rebuilt)
      || bg_game_get_rules (game) != bg_game_get_rules (rebuilt))
    return FALSE;
  n = bg_game_get_n_played (game);
  if (n != bg_game_get_n_played (rebuilt) || bg_game_is_over (game) != bg_game_is_over (rebuilt))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (bg_game_get_played_text (game, i), bg_game_get_played_text (rebuilt, i)))
      return FALSE;
  return TRUE;
}

/* The end the room told, where the rules alone do not end the session's game. */
static void
apply_end (TrioRoomLink   *self,
           const BgStatus *status)
{
  const BgGame *game = trio_session_get_game (self->session);
  int resigned = trio_online_status_resigned (status);

  if (game == NULL || bg_game_is_over (game))
    ;
  else if (resigned >= 0)
    trio_session_resign (self->session, resigned);
  else if (status->reason == BG_REASON_DRAW_AGREED)
    trio_session_agree_draw (self->session);
  if (self->record != NULL && !self->record->done)
    {
      self->record->done = TRUE;
      trio_room_link_save_record (self);
    }
  /* The whole game, a normal one to review and analyse. */
  if (!self->exported)
    {
      self->exported = TRUE;
      trio_room_link_send (self, trio_online_message_export ());
    }
}

static void
read_state (TrioRoomLink *self,
            JsonObject   *state,
            int           seat)
{
  TrioOnlineSeat seats[MAX_SEATS];
  TrioSeat session_seats_[MAX_SEATS] = { { 0 } };
  g_autoptr (GError) error = NULL;
  const BgGame *rebuilt;
  int n = trio_online_read_seats (state, seats, MAX_SEATS);
  BgStatus status;

  if (n <= 0 || seat < 0 || seat >= n || !trio_client_game_load_state (self->game, state, &error))
    {
      g_message ("online: the room's state cannot be read: %s",
                 error != NULL ? error->message : "its seats");
      return;
    }
  rebuilt = trio_client_game_get (self->game);
  if (bg_game_get_n_players (rebuilt) != n)
    return;
  trio_room_link_clear_seats (self);
  for (int i = 0; i < n; i++)
    set_seat (self, i, &seats[i]);
  self->n_seats = (guint) n;
  session_seats (self, session_seats_);
  if (g_getenv ("G_MESSAGES_DEBUG") != NULL)
    {
      g_autoptr (GString) moves = g_string_new (NULL);

      for (guint i = 0; !bg_game_is_view (rebuilt) && i < bg_game_get_n_played (rebuilt); i++)
        g_string_append_printf (moves, " %s", bg_game_get_played_text (rebuilt, i));
      /* The GUI test compares the moves of a seat taken back. */
      g_debug ("online: state of %s at ply %u, %d seats, seat %d, moves:%s",
               bg_game_get_rules (rebuilt)->id, bg_game_get_n_played (rebuilt), n, seat + 1,
               moves->str);
    }
  if (same_moves (trio_session_get_game (self->session), rebuilt)
      && trio_session_get_local_seat (self->session) == seat)
    {
      for (int i = 0; i < n; i++)
        trio_session_set_seat (self->session, i, &session_seats_[i]);
      trio_session_set_online_waiting (self->session, FALSE);
    }
  else if (!trio_session_start_online (self->session, bg_game_copy (rebuilt), session_seats_,
                                       (guint) n, seat, &error))
    g_message ("online: the room's game cannot be shown: %s", error->message);
  self->offer = trio_online_read_offer (state);
  trio_room_link_emit (self, TRIO_ROOM_LINK_SEATS_CHANGED, NULL);
  trio_room_link_emit (self, TRIO_ROOM_LINK_OFFER_CHANGED, NULL);
  status = trio_online_read_status (trio_client_message_get_object (state, "status"));
  if (status.result != BG_RESULT_ONGOING)
    apply_end (self, &status);
}

/* The room is not in step with the game here (a move that does not follow): its state is
 * read again, on a new connection. */
static void
resync (TrioRoomLink *self,
        const char   *why)
{
  g_message ("online: %s; reading the room's state again", why);
  if (self->record != NULL)
    trio_room_link_connect (self);
}

static void
play_move (TrioRoomLink          *self,
           JsonObject            *message,
           const TrioOnlineEvent *event)
{
  g_autoptr (GError) error = NULL;
  const BgGame *game;

  if (!trio_client_game_apply_move (self->game, message, &error))
    {
      resync (self, error->message);
      return;
    }
  game = trio_client_game_get (self->game);
  g_debug ("online: move %" G_GINT64_FORMAT " by player %d: %s", event->ply, event->seat + 1,
           event->move);
  if (bg_game_is_view (game))
    trio_session_show_view (self->session, bg_game_copy (game));
  else if (!trio_session_play_remote (self->session, event->seat, event->move, &error))
    resync (self, error->message);
}

static void
read_record (TrioRoomLink *self,
             const char   *save)
{
  g_autoptr (GError) error = NULL;
  TrioSeat seats[MAX_SEATS] = { { 0 } };
  BgGame *game;

  if (self->record == NULL)
    return;
  game = bg_save_from_string (save, NULL, NULL, &error);
  if (game == NULL)
    {
      g_message ("online: the room's record cannot be read: %s", error->message);
      return;
    }
  if ((guint) bg_game_get_n_players (game) != self->n_seats || !bg_game_is_over (game))
    {
      bg_game_free (game);
      return;
    }
  session_seats (self, seats);
  g_debug ("online: the whole game received, %u moves", bg_game_get_n_played (game));
  if (!trio_session_start_online (self->session, game, seats, self->n_seats,
                                  self->record->seat, &error))
    g_message ("online: the room's record cannot be shown: %s", error->message);
}

static void
welcomed (TrioRoomLink          *self,
          const TrioOnlineEvent *event)
{
  g_clear_pointer (&self->record, trio_online_record_free);
  self->record = g_new0 (TrioOnlineRecord, 1);
  self->record->room = g_strdup (event->room);
  self->record->link = g_strdup (event->link);
  self->record->url = g_strdup (self->url);
  self->record->seat = event->seat;
  self->record->token = g_strdup (event->token);
  self->record->hosted = self->hosted;
  trio_room_link_save_record (self);
  g_debug ("online: seated at seat %d of room %s, invite link %s", event->seat + 1,
           event->room, event->link);
  trio_room_link_emit (self, TRIO_ROOM_LINK_WELCOMED, NULL);
}

static void
handle_error (TrioRoomLink          *self,
              const TrioOnlineEvent *event)
{
  g_autofree char *text = describe_error (event);

  g_debug ("online: error %s: %s", event->code, event->text != NULL ? event->text : "");
  /* The opening refused: a wrong key or token, no room, the seat taken. */
  if (!self->seated)
    {
      /* A seat that cannot be taken back (the game expired, the token refused) is not
       * tried again at the next start. */
      if (self->record != NULL
          && (g_str_equal (event->code, "bad-token") || g_str_equal (event->code, "no-room")))
        {
          self->record->done = TRUE;
          trio_room_link_save_record (self);
        }
      trio_room_link_fail (self, text);
      return;
    }
  /* A move refused: the board takes input again, the game unchanged. */
  trio_session_set_online_waiting (self->session, FALSE);
  trio_room_link_emit (self, TRIO_ROOM_LINK_REFUSED, text);
}

/* One message, in the order they came, once the session has shown the moves before. */
static void
handle (TrioRoomLink *self,
        JsonObject   *message)
{
  TrioOnlineEvent event;

  if (!trio_online_event_read (message, &event))
    return;
  switch (event.kind)
    {
    case TRIO_ONLINE_EVENT_STATE:
      read_state (self, message, event.seat);
      break;
    case TRIO_ONLINE_EVENT_MOVE:
      play_move (self, message, &event);
      break;
    case TRIO_ONLINE_EVENT_SEAT:
      if (event.seat < (int) self->n_seats)
        {
          TrioSeat seats[MAX_SEATS] = { { 0 } };

          set_seat (self, event.seat, &event.seat_info);
          session_seats (self, seats);
          g_debug ("online: seat %d %s%s", event.seat + 1,
                   event.seat_info.connected ? "connected" : "disconnected",
                   event.seat_info.name != NULL ? "" : " (no name)");
          trio_session_set_seat (self->session, event.seat, &seats[event.seat]);
          trio_room_link_emit (self, TRIO_ROOM_LINK_SEATS_CHANGED, NULL);
        }
      break;
    case TRIO_ONLINE_EVENT_OFFER:
      self->offer = event.offer;
      g_debug ("online: offer %s from %d", event.offer.kind == TRIO_ONLINE_OFFER_DRAW ? "draw"
               : event.offer.kind == TRIO_ONLINE_OFFER_UNDO ? "undo" : "none",
               event.offer.from);
      trio_room_link_emit (self, TRIO_ROOM_LINK_OFFER_CHANGED, NULL);
      break;
    case TRIO_ONLINE_EVENT_END:
      apply_end (self, &event.status);
      break;
    case TRIO_ONLINE_EVENT_RECORD:
      read_record (self, event.save);
      break;
    case TRIO_ONLINE_EVENT_ERROR:
      handle_error (self, &event);
      break;
    case TRIO_ONLINE_EVENT_WELCOME:
    case TRIO_ONLINE_EVENT_NONE:
    default:
      break;
    }
}

static gboolean
drain (gpointer user_data)
{
  /* The window may let go of the link meanwhile (a failure): its queue is emptied then. */
  g_autoptr (TrioRoomLink) self = g_object_ref (user_data);
  JsonObject *message;

  self->drain_source = 0;
  /* A move of another seat is shown before the next message is read. */
  while (self->session != NULL && !trio_session_is_thinking (self->session)
         && (message = g_queue_pop_head (&self->events)) != NULL)
    {
      handle (self, message);
      json_object_unref (message);
    }
  return G_SOURCE_REMOVE;
}

void
trio_room_link_schedule_drain (TrioRoomLink *self)
{
  if (self->drain_source == 0 && !g_queue_is_empty (&self->events))
    self->drain_source = g_idle_add (drain, self);
}

void
trio_room_link_on_message (TrioRoomLink *self,
                           const char   *text,
                           JsonObject   *object)
{
  TrioOnlineEvent event;

  if (!trio_online_event_read (object, &event))
    {
      g_debug ("online: a message not understood was left aside");
      return;
    }
  if (event.kind == TRIO_ONLINE_EVENT_WELCOME)
    {
      welcomed (self, &event);
      return;
    }
  /* Everything else in turn, from an idle callback: a move is shown before the next message
   * is read, and the connection may be dropped (an error) outside its own signal. The
   * first state seats this connection (a welcome comes before it for a new seat). */
  if (event.kind == TRIO_ONLINE_EVENT_STATE && !self->seated)
    {
      self->seated = TRUE;
      self->retry_seconds = 0;
      g_clear_pointer (&self->first, json_object_unref);
      trio_room_link_emit (self, TRIO_ROOM_LINK_CONNECTION_CHANGED, NULL);
    }
  g_queue_push_tail (&self->events, json_object_ref (object));
  trio_room_link_schedule_drain (self);
}

