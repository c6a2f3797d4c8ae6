/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-room-link.c: the window's game played in a room of a server: the object, its
 * connection and what the player does (what the room says: trio-room-link-events.c) */

#include "trio-room-link-private.h"

#include <glib/gi18n.h>

#include "trio-client-link.h"
#include "trio-local-server.h"

/* A lost connection is tried again after 1, 2, 4… seconds, at most this many. */
#define RETRY_MAX_SECONDS 15
#define MAX_SEATS TRIO_ROOM_LINK_MAX_SEATS

G_DEFINE_FINAL_TYPE (TrioRoomLink, trio_room_link, G_TYPE_OBJECT)

static guint signals[TRIO_ROOM_LINK_N_SIGNALS];


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

void
trio_room_link_clear_seats (TrioRoomLink *self)
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

  trio_room_link_clear_seats (self);
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
    signals[TRIO_ROOM_LINK_WELCOMED + i] = g_signal_new (plain[i], G_TYPE_FROM_CLASS (klass),
                                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                                         NULL, G_TYPE_NONE, 0);
  signals[TRIO_ROOM_LINK_FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[TRIO_ROOM_LINK_REFUSED] = g_signal_new ("refused", G_TYPE_FROM_CLASS (klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
trio_room_link_init (TrioRoomLink *self)
{
  g_queue_init (&self->events);
  self->offer.from = -1;
}

static void on_move_requested (TrioRoomLink *self,
                               guint         move);

void
trio_room_link_emit (TrioRoomLink      *self,
                     TrioRoomLinkSignal signal,
                     const char        *text)
{
  if (signal == TRIO_ROOM_LINK_FAILED || signal == TRIO_ROOM_LINK_REFUSED)
    g_signal_emit (self, signals[signal], 0, text);
  else
    g_signal_emit (self, signals[signal], 0);
}

TrioRoomLink *
trio_room_link_new (TrioSession *session)
{
  TrioRoomLink *self = g_object_new (TRIO_TYPE_ROOM_LINK, NULL);

  self->session = g_object_ref (session);
  self->game = trio_client_game_new (0);
  g_signal_connect_swapped (session, "move-requested", G_CALLBACK (on_move_requested), self);
  g_signal_connect_swapped (session, "thinking-changed",
                            G_CALLBACK (trio_room_link_schedule_drain), self);
  return self;
}

/* The record */

void
trio_room_link_save_record (TrioRoomLink *self)
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

void
trio_room_link_send (TrioRoomLink *self,
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
  trio_room_link_send (self, trio_online_message_move (notation,
                                                       trio_client_game_get_ply (self->game)));
}

/* Failures */

void
trio_room_link_fail (TrioRoomLink *self,
                     const char   *text)
{
  g_debug ("online: failed: %s", text);
  self->failed = TRUE;
  drop_connection (self);
  g_clear_handle_id (&self->retry_source, g_source_remove);
  g_signal_emit (self, signals[TRIO_ROOM_LINK_FAILED], 0, text);
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
  trio_room_link_connect (self);
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
      trio_room_link_fail (self, text);
      return;
    }
  self->retry_seconds = was_seated ? 1 : MIN (MAX (self->retry_seconds * 2, 1),
                                              RETRY_MAX_SECONDS);
  g_debug ("online: connection lost (%s), trying again in %u s", why, self->retry_seconds);
  self->retry_source = g_timeout_add_seconds (self->retry_seconds, retry_due, self);
  set_waiting (self);
  g_signal_emit (self, signals[TRIO_ROOM_LINK_CONNECTION_CHANGED], 0);
}

static void
on_closed (TrioRoomLink *self,
           int           code)
{
  g_autofree char *why = g_strdup_printf ("closed with code %d", code);

  /* Another window (or computer) took the seat back with the token. */
  if (code == 4000)
    {
      trio_room_link_fail (self, _("This seat was taken back from elsewhere."));
      return;
    }
  lost (self, why);
}

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
  g_signal_connect_swapped (connection, "message", G_CALLBACK (trio_room_link_on_message), self);
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

void
trio_room_link_connect (TrioRoomLink *self)
{
  drop_connection (self);
  self->connection = trio_client_connection_new (NULL);
  self->cancellable = g_cancellable_new ();
  trio_client_connection_set_pace (self->connection, TRIO_CLIENT_PACE);
  g_debug ("online: connecting to %s", self->url);
  trio_client_connection_connect_async (self->connection, self->url, self->cancellable,
                                        connected, g_object_ref (self));
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
  trio_room_link_connect (self);
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
          trio_room_link_fail (self, error->message);
          return;
        }
      g_free (url);
      url = trio_local_server_dup_room_url (local, record->room);
      g_free (self->record->url);
      self->record->url = g_strdup (url);
    }
  self->record->done = FALSE;
  trio_room_link_save_record (self);
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
      trio_room_link_save_record (self);
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
  trio_room_link_send (self, trio_online_message_answer (kind, accept));
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
  trio_room_link_send (self, trio_online_message_undo (trio_client_game_get_ply (self->game)));
}

void
trio_room_link_resign (TrioRoomLink *self)
{
  g_debug ("online: resigning");
  trio_room_link_send (self, trio_online_message_resign ());
}

void
trio_room_link_give_seat (TrioRoomLink *self,
                          int           seat,
                          int           level)
{
  g_debug ("online: seat %d given to the computer at level %d", seat + 1, level);
  trio_room_link_send (self, trio_online_message_computer (seat, level));
}
