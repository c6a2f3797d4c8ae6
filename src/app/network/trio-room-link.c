/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-room-link.c: the window's game played in a room of a server */

#include "trio-room-link.h"

#include <glib/gi18n.h>

#include "bg-save.h"
#include "bg-search.h"
#include "trio-client-connection.h"
#include "trio-client-game.h"
#include "trio-client-link.h"
#include "trio-client-message.h"
#include "trio-local-server.h"

/* A lost connection is tried again after 1, 2, 4… seconds, at most this many. */
#define RETRY_MAX_SECONDS 15
/* The seats' names are kept at most this long (the protocol's 40 characters). */
#define MAX_SEATS TRIO_MAX_SEATS

typedef enum
{
  OPENING_CREATE,
  OPENING_JOIN,
  OPENING_RESUME,
} Opening;

struct _TrioRoomLink
{
  GObject parent_instance;

  TrioSession *session;
  TrioClientConnection *connection;
  GCancellable *cancellable;
  TrioClientGame *game;       /* the game as the room's messages rebuild it */

  /* How to open the connection: the room's URL and the first message; once seated, the
   * room's record (its token resumes the seat). */
  char *url;
  Opening opening;
  JsonObject *first;          /* create or join, until the room has seated this Trio */
  TrioOnlineRecord *record;   /* NULL until then */
  gboolean hosted;
  gboolean seated;            /* on this connection */
  gboolean left;
  gboolean failed;
  guint retry_source;
  guint retry_seconds;

  TrioOnlineSeat seats[MAX_SEATS];
  char *names[MAX_SEATS];
  guint n_seats;
  TrioOnlineOffer offer;
  gboolean exported;          /* the whole game asked for, once over */

  GQueue events;              /* messages (JsonObject) waiting for the session's pace */
  guint drain_source;
};

G_DEFINE_FINAL_TYPE (TrioRoomLink, trio_room_link, G_TYPE_OBJECT)

enum
{
  WELCOMED,
  SEATS_CHANGED,
  OFFER_CHANGED,
  CONNECTION_CHANGED,
  FAILED,
  REFUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void connect_now (TrioRoomLink *self);

static void
drop_connection (TrioRoomLink *self)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->connection != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->connection, self);
      trio_client_connection_close (self->connection);
      g_clear_object (&self->connection);
    }
  self->seated = FALSE;
}

static void
clear_seats (TrioRoomLink *self)
{
  for (guint i = 0; i < MAX_SEATS; i++)
    g_clear_pointer (&self->names[i], g_free);
  self->n_seats = 0;
}

static void
trio_room_link_dispose (GObject *object)
{
  TrioRoomLink *self = TRIO_ROOM_LINK (object);

  drop_connection (self);
  g_clear_handle_id (&self->retry_source, g_source_remove);
  g_clear_handle_id (&self->drain_source, g_source_remove);
  g_queue_clear_full (&self->events, (GDestroyNotify) json_object_unref);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (trio_room_link_parent_class)->dispose (object);
}

static void
trio_room_link_finalize (GObject *object)
{
  TrioRoomLink *self = TRIO_ROOM_LINK (object);

  clear_seats (self);
  g_clear_pointer (&self->game, trio_client_game_free);
  g_clear_pointer (&self->first, json_object_unref);
  g_clear_pointer (&self->record, trio_online_record_free);
  g_free (self->url);
  G_OBJECT_CLASS (trio_room_link_parent_class)->finalize (object);
}

static void
trio_room_link_class_init (TrioRoomLinkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const char *plain[] = { "welcomed", "seats-changed", "offer-changed", "connection-changed" };

  object_class->dispose = trio_room_link_dispose;
  object_class->finalize = trio_room_link_finalize;
  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    signals[WELCOMED + i] = g_signal_new (plain[i], G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 0);
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[REFUSED] = g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
trio_room_link_init (TrioRoomLink *self)
{
  g_queue_init (&self->events);
  self->offer.from = -1;
}

static void on_move_requested (TrioRoomLink *self,
                               guint         move);
static void schedule_drain    (TrioRoomLink *self);

TrioRoomLink *
trio_room_link_new (TrioSession *session)
{
  TrioRoomLink *self = g_object_new (TRIO_TYPE_ROOM_LINK, NULL);

  self->session = g_object_ref (session);
  self->game = trio_client_game_new (0);
  g_signal_connect_swapped (session, "move-requested", G_CALLBACK (on_move_requested), self);
  g_signal_connect_swapped (session, "thinking-changed", G_CALLBACK (schedule_drain), self);
  return self;
}

/* The record */

static void
save_record (TrioRoomLink *self)
{
  g_autofree char *path = trio_online_store_path ();
  g_autoptr (GError) error = NULL;

  if (self->record == NULL)
    return;
  self->record->time = g_get_real_time () / G_USEC_PER_SEC;
  if (!trio_online_store_save (path, self->record, &error))
    g_message ("online: the seat's token could not be kept: %s", error->message);
}

/* Sending */

static void
send (TrioRoomLink *self,
      JsonObject   *message)
{
  g_autoptr (JsonObject) owned = message;

  if (self->connection != NULL && self->seated)
    trio_client_connection_send_object (self->connection, message);
}

static void
on_move_requested (TrioRoomLink *self,
                   guint         move)
{
  const BgGame *game = trio_session_get_game (self->session);
  g_autofree char *notation = bg_game_format_move (game, move);

  g_debug ("online: sending move %s", notation);
  if (!trio_room_link_is_connected (self))
    return;
  send (self, trio_online_message_move (notation, trio_client_game_get_ply (self->game)));
}

/* Failures */

static void
fail (TrioRoomLink *self,
      const char   *text)
{
  g_debug ("online: failed: %s", text);
  self->failed = TRUE;
  drop_connection (self);
  g_clear_handle_id (&self->retry_source, g_source_remove);
  g_signal_emit (self, signals[FAILED], 0, text);
}

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

/* Connecting */

static void
set_waiting (TrioRoomLink *self)
{
  if (trio_session_is_online (self->session))
    trio_session_set_online_waiting (self->session, !trio_room_link_is_connected (self));
}

static gboolean
retry_due (gpointer user_data)
{
  TrioRoomLink *self = user_data;

  self->retry_source = 0;
  connect_now (self);
  return G_SOURCE_REMOVE;
}

/* The connection is gone (or could not be made): tried again with the token once the room
 * has seated this Trio; before, the opening failed. */
static void
lost (TrioRoomLink *self,
      const char   *why)
{
  gboolean was_seated = self->seated;

  drop_connection (self);
  if (self->left || self->failed)
    return;
  if (self->record == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("The server could not be reached: %s"),
                                               why);
      fail (self, text);
      return;
    }
  self->retry_seconds = was_seated ? 1 : MIN (MAX (self->retry_seconds * 2, 1),
                                              RETRY_MAX_SECONDS);
  g_debug ("online: connection lost (%s), trying again in %u s", why, self->retry_seconds);
  self->retry_source = g_timeout_add_seconds (self->retry_seconds, retry_due, self);
  set_waiting (self);
  g_signal_emit (self, signals[CONNECTION_CHANGED], 0);
}

static void
on_closed (TrioRoomLink *self,
           int           code)
{
  g_autofree char *why = g_strdup_printf ("closed with code %d", code);

  /* Another window (or computer) took the seat back with the token. */
  if (code == 4000)
    {
      fail (self, _("This seat was taken back from elsewhere."));
      return;
    }
  lost (self, why);
}

static void on_message (TrioRoomLink *self,
                        const char   *text,
                        JsonObject   *object);

static void
connected (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (TrioRoomLink) self = user_data;
  g_autoptr (GError) error = NULL;
  TrioClientConnection *connection = TRIO_CLIENT_CONNECTION (source);

  if (!trio_client_connection_connect_finish (connection, result, &error))
    {
      if (connection == self->connection)
        lost (self, error->message);
      return;
    }
  if (connection != self->connection)
    return;
  g_signal_connect_swapped (connection, "message", G_CALLBACK (on_message), self);
  g_signal_connect_swapped (connection, "closed", G_CALLBACK (on_closed), self);
  g_debug ("online: connected to %s", self->url);
  /* Opening: the seat's token once there is one, else the first message (create, join). */
  if (self->record != NULL)
    {
      g_autoptr (JsonObject) resume = trio_online_message_resume (self->record->token);

      trio_client_connection_send_object (connection, resume);
    }
  else
    trio_client_connection_send_object (connection, self->first);
}

static void
connect_now (TrioRoomLink *self)
{
  drop_connection (self);
  self->connection = trio_client_connection_new (NULL);
  self->cancellable = g_cancellable_new ();
  trio_client_connection_set_pace (self->connection, TRIO_CLIENT_PACE);
  g_debug ("online: connecting to %s", self->url);
  trio_client_connection_connect_async (self->connection, self->url, self->cancellable,
                                        connected, g_object_ref (self));
}

/* What the room says */

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
      save_record (self);
    }
  /* The whole game, a normal one to review and analyse. */
  if (!self->exported)
    {
      self->exported = TRUE;
      send (self, trio_online_message_export ());
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
  clear_seats (self);
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
  g_signal_emit (self, signals[SEATS_CHANGED], 0);
  g_signal_emit (self, signals[OFFER_CHANGED], 0);
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
    connect_now (self);
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
  save_record (self);
  g_debug ("online: seated at seat %d of room %s, invite link %s", event->seat + 1,
           event->room, event->link);
  g_signal_emit (self, signals[WELCOMED], 0);
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
          save_record (self);
        }
      fail (self, text);
      return;
    }
  /* A move refused: the board takes input again, the game unchanged. */
  trio_session_set_online_waiting (self->session, FALSE);
  g_signal_emit (self, signals[REFUSED], 0, text);
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
          g_signal_emit (self, signals[SEATS_CHANGED], 0);
        }
      break;
    case TRIO_ONLINE_EVENT_OFFER:
      self->offer = event.offer;
      g_debug ("online: offer %s from %d", event.offer.kind == TRIO_ONLINE_OFFER_DRAW ? "draw"
               : event.offer.kind == TRIO_ONLINE_OFFER_UNDO ? "undo" : "none",
               event.offer.from);
      g_signal_emit (self, signals[OFFER_CHANGED], 0);
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

static void
schedule_drain (TrioRoomLink *self)
{
  if (self->drain_source == 0 && !g_queue_is_empty (&self->events))
    self->drain_source = g_idle_add (drain, self);
}

static void
on_message (TrioRoomLink *self,
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
      g_signal_emit (self, signals[CONNECTION_CHANGED], 0);
    }
  g_queue_push_tail (&self->events, json_object_ref (object));
  schedule_drain (self);
}

/* Opening */

static void
start (TrioRoomLink *self,
       char         *url,
       JsonObject   *first)
{
  g_free (self->url);
  self->url = url;
  g_clear_pointer (&self->first, json_object_unref);
  self->first = first;
  connect_now (self);
}

gboolean
trio_room_link_host (TrioRoomLink   *self,
                     const char     *server,
                     const char     *game_id,
                     GHashTable     *options,
                     const TrioSeat *seats,
                     guint           n_seats,
                     int             seat,
                     const char     *name,
                     GError        **error)
{
  g_autofree char *room = trio_client_room_id_new ();
  char *url;

  if (server == NULL || server[0] == '\0')
    {
      TrioLocalServer *local = trio_local_server_get (error);

      if (local == NULL)
        return FALSE;
      url = trio_local_server_dup_room_url (local, room);
      self->hosted = TRUE;
    }
  else if ((url = trio_client_room_url (server, room, error)) == NULL)
    return FALSE;
  g_debug ("online: hosting a game of %s in room %s", game_id, room);
  start (self, url, trio_online_message_create (game_id, options, seats, n_seats, seat, name));
  return TRUE;
}

gboolean
trio_room_link_join (TrioRoomLink *self,
                     const char   *link,
                     int           seat,
                     const char   *name,
                     GError      **error)
{
  g_autofree char *url = NULL;
  g_autofree char *room = NULL;
  g_autofree char *key = NULL;
  g_autofree char *path = trio_online_store_path ();
  g_autoptr (TrioOnlineRecord) record = NULL;

  if (!trio_client_link_parse (link, &url, &room, &key, error))
    return FALSE;
  /* A seat held there already is taken back. */
  record = trio_online_store_lookup (path, room);
  if (record != NULL)
    {
      g_debug ("online: room %s is held here already: its seat %d taken back", room,
               record->seat + 1);
      trio_room_link_resume (self, record);
      return TRUE;
    }
  g_debug ("online: joining room %s", room);
  start (self, g_steal_pointer (&url), trio_online_message_join (key, name, seat));
  return TRUE;
}

void
trio_room_link_resume (TrioRoomLink           *self,
                       const TrioOnlineRecord *record)
{
  g_autoptr (GError) error = NULL;
  char *url = g_strdup (record->url);

  g_clear_pointer (&self->record, trio_online_record_free);
  self->record = trio_online_record_copy (record);
  self->hosted = record->hosted;
  /* A game of this Trio's own server: the server first, maybe on another port now. */
  if (record->hosted)
    {
      TrioLocalServer *local = trio_local_server_get (&error);

      if (local == NULL)
        {
          g_free (url);
          fail (self, error->message);
          return;
        }
      g_free (url);
      url = trio_local_server_dup_room_url (local, record->room);
      g_free (self->record->url);
      self->record->url = g_strdup (url);
    }
  self->record->done = FALSE;
  save_record (self);
  g_debug ("online: resuming seat %d of room %s", record->seat + 1, record->room);
  start (self, url, NULL);
}

void
trio_room_link_leave (TrioRoomLink *self)
{
  if (self->left)
    return;
  self->left = TRUE;
  g_clear_handle_id (&self->retry_source, g_source_remove);
  drop_connection (self);
  if (self->record != NULL && !self->record->done)
    {
      self->record->done = TRUE;
      save_record (self);
    }
  g_debug ("online: left the room");
}

/* What the window reads */

const char *
trio_room_link_get_invite (TrioRoomLink *self)
{
  return self->record != NULL ? self->record->link : NULL;
}

const char *
trio_room_link_get_room (TrioRoomLink *self)
{
  return self->record != NULL ? self->record->room : NULL;
}

int
trio_room_link_get_seat (TrioRoomLink *self)
{
  return self->record != NULL ? self->record->seat : -1;
}

gboolean
trio_room_link_is_connected (TrioRoomLink *self)
{
  return self->seated && self->connection != NULL
         && trio_client_connection_is_open (self->connection);
}

gboolean
trio_room_link_is_hosted (TrioRoomLink *self)
{
  return self->hosted;
}

const TrioOnlineSeat *
trio_room_link_get_seats (TrioRoomLink *self,
                          guint        *n_seats)
{
  *n_seats = self->n_seats;
  return self->seats;
}

guint
trio_room_link_count_open (TrioRoomLink *self)
{
  guint n = 0;

  for (guint i = 0; i < self->n_seats; i++)
    n += self->seats[i].kind == TRIO_ONLINE_SEAT_OPEN;
  return n;
}

TrioOnlineOffer
trio_room_link_get_offer (TrioRoomLink *self)
{
  return self->offer;
}

/* What the player does */

void
trio_room_link_answer (TrioRoomLink       *self,
                       TrioOnlineOfferKind kind,
                       gboolean            accept)
{
  g_debug ("online: answering the %s offer: %s", kind == TRIO_ONLINE_OFFER_DRAW ? "draw"
           : "undo", accept ? "yes" : "no");
  send (self, trio_online_message_answer (kind, accept));
}

gboolean
trio_room_link_can_ask_undo (TrioRoomLink *self)
{
  const BgGame *game = trio_session_get_game (self->session);
  int seat = trio_room_link_get_seat (self);
  guint n;

  if (!trio_room_link_is_connected (self) || game == NULL || bg_game_is_over (game)
      || self->offer.kind != TRIO_ONLINE_OFFER_NONE || bg_game_is_view (game))
    return FALSE;
  n = bg_game_get_n_played (game);
  for (guint i = 0; i < n; i++)
    if (bg_game_get_played_player (game, i) == seat)
      return TRUE;
  return FALSE;
}

void
trio_room_link_ask_undo (TrioRoomLink *self)
{
  if (!trio_room_link_can_ask_undo (self))
    return;
  g_debug ("online: asking to take back a move");
  send (self, trio_online_message_undo (trio_client_game_get_ply (self->game)));
}

void
trio_room_link_resign (TrioRoomLink *self)
{
  g_debug ("online: resigning");
  send (self, trio_online_message_resign ());
}

void
trio_room_link_give_seat (TrioRoomLink *self,
                          int           seat,
                          int           level)
{
  g_debug ("online: seat %d given to the computer at level %d", seat + 1, level);
  send (self, trio_online_message_computer (seat, level));
}
