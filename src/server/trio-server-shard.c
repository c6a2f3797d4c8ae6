/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-shard.c: a share of the server's rooms and their connections, on one context */

#include "trio-server-shard.h"

#include "trio-server.h"
#include "trio-server-poller.h"
#include "trio-server-protocol.h"
#include "trio-server-stream.h"

/* libsoup's bound on a frame, twice the protocol's: a frame between is read, and answered
 * with the close code 1009 that docs/server.md promises; a larger one is dropped at once. */
#define FRAME_CAP (2 * TRIO_PROTOCOL_MAX_FRAME)
/* Connections that share a main context (trio-server-poller.h). */
#define CONNECTIONS_PER_CONTEXT 16
/* How many times a stopping shard's context is iterated for its connections' closes. */
#define DRAIN_ITERATIONS 100

/* One WebSocket connection. */
typedef struct
{
  TrioShard *shard;
  SoupWebsocketConnection *ws;
  TrioPolled *polled;        /* ws's context, where libsoup attaches its sources */
  TrioCappedStream *stream;  /* what ws reads through */
  char *room_id;         /* from the URL, checked */
  char *address;         /* the remote address */
  gboolean counted;      /* in the count of its address */
  TrioRoom *room;        /* once create, join, resume or watch succeeded */
  gint64 window;         /* the second the messages are counted in */
  guint n_in_window;
  gboolean warned;       /* told rate-limit in this second */
  gboolean closing;
} Client;

struct _TrioShard
{
  TrioShardSetup setup;
  TrioRoomHost host;
  char *link_base;
  GMainContext *context;
  GMainLoop *loop;
  TrioPoller *poller;          /* on context: the connections' contexts */
  GThread *thread;             /* NULL: unthreaded, on its creator's context */
  GMutex lock;                 /* of rooms, for the lookups of other threads */
  GHashTable *rooms;           /* id to TrioRoom */
  GHashTable *clients;         /* Client set */
  guint n_clients;             /* atomic: read from other threads */
  gboolean shut_down;
};

/* A function run on the shard's thread while its caller waits. */
typedef struct
{
  GSourceFunc func;
  gpointer data;
  GMutex lock;
  GCond cond;
  gboolean done;
} SyncCall;

static gboolean
sync_call_run (gpointer user_data)
{
  SyncCall *call = user_data;

  call->func (call->data);
  g_mutex_lock (&call->lock);
  call->done = TRUE;
  g_cond_signal (&call->cond);
  g_mutex_unlock (&call->lock);
  return G_SOURCE_REMOVE;
}

/* An idle source, never g_main_context_invoke(): that would run func on the calling thread
 * whenever it can acquire the context (the shard's loop not running yet). */
static void
shard_post (TrioShard     *shard,
            GSourceFunc    func,
            gpointer       data,
            GDestroyNotify destroy)
{
  GSource *source;

  if (shard->thread == NULL)
    {
      func (data);
      if (destroy != NULL)
        destroy (data);
      return;
    }
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, func, data, destroy);
  g_source_attach (source, shard->context);
  g_source_unref (source);
}

static void
shard_call (TrioShard  *shard,
            GSourceFunc func,
            gpointer    data)
{
  SyncCall call = { func, data };

  if (shard->thread == NULL)
    {
      func (data);
      return;
    }
  g_mutex_init (&call.lock);
  g_cond_init (&call.cond);
  shard_post (shard, sync_call_run, &call, NULL);
  g_mutex_lock (&call.lock);
  while (!call.done)
    g_cond_wait (&call.cond, &call.lock);
  g_mutex_unlock (&call.lock);
  g_mutex_clear (&call.lock);
  g_cond_clear (&call.cond);
}

/* libsoup attaches what a call on a connection needs (a write to finish, a close) to the
 * thread's default context: the connection's own, while the call runs. */
static void
client_enter (Client *client)
{
  trio_poller_push (client->shard->poller, client->polled);
}

static void
client_leave (Client *client)
{
  trio_poller_pop (client->shard->poller, client->polled);
}

static void
client_free (Client *client)
{
  g_signal_handlers_disconnect_by_data (client->ws, client);
  trio_capped_stream_set_waiting (client->stream, NULL, NULL);
  client_enter (client);
  g_object_unref (client->ws);
  g_object_unref (client->stream);
  client_leave (client);
  trio_poller_leave (client->shard->poller, client->polled);
  g_clear_object (&client->room);
  g_free (client->room_id);
  g_free (client->address);
  g_free (client);
}

static void
client_close (Client     *client,
              gushort     code,
              const char *reason)
{
  client->closing = TRUE;
  if (soup_websocket_connection_get_state (client->ws) != SOUP_WEBSOCKET_STATE_OPEN)
    return;
  client_enter (client);
  soup_websocket_connection_close (client->ws, code, reason);
  client_leave (client);
}

static void
host_send (gpointer    data,
           const char *text,
           gpointer    user_data)
{
  Client *client = data;

  if (soup_websocket_connection_get_state (client->ws) != SOUP_WEBSOCKET_STATE_OPEN)
    return;
  /* A write that must wait attaches a source: the poller hears of it (on_output_waiting()),
   * and needs no touch after every write. */
  client_enter (client);
  soup_websocket_connection_send_text (client->ws, text);
  g_main_context_pop_thread_default (trio_polled_get_context (client->polled));
}

static void
host_close (gpointer    data,
            gushort     code,
            const char *reason,
            gpointer    user_data)
{
  client_close (data, code, reason);
}

static void
send_error (Client     *client,
            int         code,
            const char *message)
{
  g_autofree char *text = trio_protocol_error (code, message);

  host_send (client, text, NULL);
}

/* At most TRIO_SERVER_RATE_LIMIT messages a second: the first one over is answered
 * rate-limit and dropped, the next one in the same second closes the connection. */
static gboolean
within_rate (Client *client)
{
  gint64 second = g_get_monotonic_time () / G_USEC_PER_SEC;

  if (second != client->window)
    {
      client->window = second;
      client->n_in_window = 0;
      client->warned = FALSE;
    }
  if (++client->n_in_window <= TRIO_SERVER_RATE_LIMIT)
    return TRUE;
  if (!client->warned)
    {
      client->warned = TRUE;
      send_error (client, TRIO_PROTOCOL_ERROR_RATE_LIMIT,
                  "Too many messages: at most 20 a second.");
      return FALSE;
    }
  g_message ("Connection from %s closed: too many messages", client->address);
  client_close (client, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "Too many messages.");
  return FALSE;
}

static void
add_room (TrioShard *shard,
          TrioRoom  *room)
{
  g_mutex_lock (&shard->lock);
  g_hash_table_insert (shard->rooms, g_strdup (trio_room_get_id (room)), room);
  g_mutex_unlock (&shard->lock);
}

static gboolean
create_room (TrioShard         *shard,
             Client            *client,
             const TrioMessage *message,
             GError           **error)
{
  TrioRoom *room;

  if (g_hash_table_contains (shard->rooms, client->room_id))
    {
      g_set_error_literal (error, TRIO_PROTOCOL_ERROR, TRIO_PROTOCOL_ERROR_ROOM_EXISTS,
                           "That room exists already.");
      return FALSE;
    }
  room = trio_room_create (&shard->host, client->room_id, client, message, error);
  if (room == NULL)
    return FALSE;
  add_room (shard, room);
  client->room = g_object_ref (room);
  return TRUE;
}

/* A message of a client not in a room yet: only create, join, resume and watch. */
static gboolean
enter_room (TrioShard         *shard,
            Client            *client,
            const TrioMessage *message,
            GError           **error)
{
  TrioRoom *room;

  if (message->type == TRIO_MESSAGE_CREATE)
    return create_room (shard, client, message, error);
  if (message->type != TRIO_MESSAGE_JOIN && message->type != TRIO_MESSAGE_RESUME
      && message->type != TRIO_MESSAGE_WATCH)
    {
      g_set_error_literal (error, TRIO_PROTOCOL_ERROR, TRIO_PROTOCOL_ERROR_NOT_SEATED,
                           "Join, resume or watch the room first.");
      return FALSE;
    }
  room = g_hash_table_lookup (shard->rooms, client->room_id);
  if (room == NULL)
    {
      g_set_error_literal (error, TRIO_PROTOCOL_ERROR, TRIO_PROTOCOL_ERROR_NO_ROOM,
                           "There is no such room (or its finished game has expired).");
      return FALSE;
    }
  if (!trio_room_receive (room, client, message, error))
    return FALSE;
  client->room = g_object_ref (room);
  return TRUE;
}

static gboolean
handle (TrioShard *shard,
        Client    *client,
        GBytes    *bytes,
        GError   **error)
{
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  g_autoptr (TrioMessage) message = trio_message_parse (data, length, error);

  if (message == NULL)
    return FALSE;
  /* g_debug() formats its message even when it is dropped: a move's worth of time here. */
  if (G_UNLIKELY (!g_log_writer_default_would_drop (G_LOG_LEVEL_DEBUG, G_LOG_DOMAIN)))
    g_debug ("Room %s: %s from %s", client->room_id, trio_message_type_name (message->type),
             client->address);
  if (client->room == NULL)
    return enter_room (shard, client, message, error);
  if (message->type == TRIO_MESSAGE_CREATE)
    {
      g_set_error_literal (error, TRIO_PROTOCOL_ERROR, TRIO_PROTOCOL_ERROR_BAD_MESSAGE,
                           "This connection is in the room already.");
      return FALSE;
    }
  return trio_room_receive (client->room, client, message, error);
}

static void
receive (Client *client,
         int     type,
         GBytes *bytes)
{
  g_autoptr (GError) error = NULL;

  trio_capped_stream_reset (client->stream);
  if (client->closing || !within_rate (client))
    return;
  if (g_bytes_get_size (bytes) > TRIO_PROTOCOL_MAX_FRAME)
    {
      client_close (client, SOUP_WEBSOCKET_CLOSE_TOO_BIG, "A message is at most 64 KiB.");
      return;
    }
  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      send_error (client, TRIO_PROTOCOL_ERROR_BAD_JSON, "A message is a text frame.");
      return;
    }
  if (!handle (client->shard, client, bytes, &error))
    {
      if (error->domain == TRIO_PROTOCOL_ERROR)
        send_error (client, error->code, error->message);
      else
        send_error (client, TRIO_PROTOCOL_ERROR_SERVER_ERROR, "The server failed.");
    }
}

/* libsoup emits from the connection's context; the rooms, and what they schedule, live on
 * the shard's. */
static void
on_message (SoupWebsocketConnection *ws,
            int                      type,
            GBytes                  *bytes,
            gpointer                 user_data)
{
  Client *client = user_data;
  GMainContext *context = client->shard->context;
  /* The room may close this very connection (a resign closes none, but be safe). */
  g_autoptr (SoupWebsocketConnection) keep = g_object_ref (ws);

  g_main_context_push_thread_default (context);
  receive (client, type, bytes);
  g_main_context_pop_thread_default (context);
}

static void
on_closed (SoupWebsocketConnection *ws,
           gpointer                 user_data)
{
  Client *client = user_data;
  TrioShard *shard = client->shard;
  GMainContext *context = shard->context;

  if (trio_capped_stream_is_over (client->stream))
    g_message ("Connection from %s dropped: too much input without a message", client->address);
  g_debug ("Room %s: connection from %s closed (%u)", client->room_id, client->address,
           soup_websocket_connection_get_close_code (ws));
  if (client->room != NULL)
    {
      g_main_context_push_thread_default (context);
      trio_room_detach (client->room, client);
      g_main_context_pop_thread_default (context);
    }
  if (client->counted)
    shard->setup.released (client->address, shard->setup.user_data);
  g_main_context_push_thread_default (context);
  g_hash_table_remove (shard->clients, client);
  g_main_context_pop_thread_default (context);
  g_atomic_int_set (&shard->n_clients, g_hash_table_size (shard->clients));
}

typedef struct
{
  TrioShard *shard;
  GIOStream *stream;
  GUri *uri;
  char *room_id;
  char *origin;
  char *address;
  gboolean refuse;
} Adoption;

static void
adoption_free (gpointer data)
{
  Adoption *adoption = data;

  g_object_unref (adoption->stream);
  g_uri_unref (adoption->uri);
  g_free (adoption->room_id);
  g_free (adoption->origin);
  g_free (adoption->address);
  g_free (adoption);
}

static void
on_output_waiting (gpointer source,
                   gpointer data)
{
  Client *client = data;

  trio_poller_touch (client->shard->poller, client->polled);
}

/* On the shard's thread: the connection made, on its context. */
static gboolean
adopt_here (gpointer data)
{
  Adoption *adoption = data;
  TrioShard *shard = adoption->shard;
  Client *client = g_new0 (Client, 1);

  client->shard = shard;
  client->polled = trio_poller_join (shard->poller);
  client_enter (client);
  client->ws = soup_websocket_connection_new (adoption->stream, adoption->uri,
                                              SOUP_WEBSOCKET_CONNECTION_SERVER,
                                              adoption->origin, NULL, NULL);
  client->stream = g_object_ref (TRIO_CAPPED_STREAM (adoption->stream));
  trio_capped_stream_set_waiting (client->stream, on_output_waiting, client);
  client->room_id = g_strdup (adoption->room_id);
  client->address = g_strdup (adoption->address);
  client->counted = !adoption->refuse;
  g_hash_table_add (shard->clients, client);
  g_atomic_int_set (&shard->n_clients, g_hash_table_size (shard->clients));
  soup_websocket_connection_set_max_incoming_payload_size (client->ws, FRAME_CAP);
  soup_websocket_connection_set_keepalive_interval (client->ws, TRIO_SERVER_KEEPALIVE);
  client_leave (client);
  g_signal_connect (client->ws, "message", G_CALLBACK (on_message), client);
  g_signal_connect (client->ws, "closed", G_CALLBACK (on_closed), client);
  if (adoption->refuse || shard->shut_down)
    {
      if (adoption->refuse)
        {
          g_message ("Connection from %s refused: too many from that address", client->address);
          send_error (client, TRIO_PROTOCOL_ERROR_TOO_MANY_CONNECTIONS,
                      "Too many connections from your address.");
          client_close (client, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "Too many connections.");
        }
      else
        client_close (client, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, "The server is shutting down.");
      return G_SOURCE_REMOVE;
    }
  g_debug ("Room %s: connection from %s", client->room_id, client->address);
  return G_SOURCE_REMOVE;
}

void
trio_shard_adopt (TrioShard  *shard,
                  GIOStream  *stream,
                  GUri       *uri,
                  const char *room_id,
                  const char *origin,
                  const char *address,
                  gboolean    refuse)
{
  Adoption *adoption = g_new0 (Adoption, 1);

  adoption->shard = shard;
  adoption->stream = g_object_ref (stream);
  adoption->uri = g_uri_ref (uri);
  adoption->room_id = g_strdup (room_id);
  adoption->origin = g_strdup (origin);
  adoption->address = g_strdup (address != NULL ? address : "?");
  adoption->refuse = refuse;
  shard_post (shard, adopt_here, adoption, adoption_free);
}

static gpointer
shard_thread (gpointer data)
{
  TrioShard *shard = data;

  g_main_context_push_thread_default (shard->context);
  g_main_loop_run (shard->loop);
  /* Its objects are freed here, where their sources are attached; their closes finish. */
  g_hash_table_remove_all (shard->clients);
  g_mutex_lock (&shard->lock);
  g_hash_table_remove_all (shard->rooms);
  g_mutex_unlock (&shard->lock);
  for (guint i = 0; i < DRAIN_ITERATIONS && g_main_context_pending (shard->context); i++)
    g_main_context_iteration (shard->context, FALSE);
  g_main_context_pop_thread_default (shard->context);
  return NULL;
}

TrioShard *
trio_shard_new (const TrioShardSetup *setup,
                gboolean              threaded)
{
  TrioShard *shard = g_new0 (TrioShard, 1);

  shard->setup = *setup;
  shard->link_base = g_strdup (setup->link_base);
  shard->setup.link_base = NULL;
  shard->host.send = host_send;
  shard->host.close = host_close;
  shard->host.user_data = shard;
  shard->host.store = setup->store;
  shard->host.worker = setup->worker;
  shard->host.computer_nodes = setup->computer_nodes;
  shard->host.link_base = shard->link_base;
  g_mutex_init (&shard->lock);
  shard->rooms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  shard->clients = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) client_free, NULL);
  if (!threaded)
    {
      shard->context = g_main_context_ref_thread_default ();
      shard->poller = trio_poller_new (shard->context, CONNECTIONS_PER_CONTEXT);
      return shard;
    }
  shard->context = g_main_context_new ();
  shard->poller = trio_poller_new (shard->context, CONNECTIONS_PER_CONTEXT);
  shard->loop = g_main_loop_new (shard->context, FALSE);
  shard->thread = g_thread_new ("trio-shard", shard_thread, shard);
  return shard;
}

static gboolean
quit_here (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

void
trio_shard_free (TrioShard *shard)
{
  if (shard == NULL)
    return;
  if (shard->thread != NULL)
    {
      shard_post (shard, quit_here, shard->loop, NULL);
      g_thread_join (shard->thread);
      g_main_loop_unref (shard->loop);
    }
  g_hash_table_unref (shard->clients);
  g_hash_table_unref (shard->rooms);
  trio_poller_free (shard->poller);
  g_main_context_unref (shard->context);
  g_mutex_clear (&shard->lock);
  g_free (shard->link_base);
  g_free (shard);
}

typedef struct
{
  TrioShard *shard;
  GPtrArray *stored;
  guint n_restored;
} Restore;

static gboolean
restore_here (gpointer data)
{
  Restore *restore = data;

  for (guint i = 0; i < restore->stored->len; i++)
    {
      const TrioStoredRoom *stored = restore->stored->pdata[i];
      g_autoptr (GError) error = NULL;
      TrioRoom *room = trio_room_restore (&restore->shard->host, stored, &error);

      if (room == NULL)
        {
          g_warning ("Left out: %s", error->message);
          continue;
        }
      add_room (restore->shard, room);
      restore->n_restored++;
    }
  return G_SOURCE_REMOVE;
}

guint
trio_shard_restore (TrioShard *shard,
                    GPtrArray *stored)
{
  Restore restore = { shard, stored, 0 };

  shard_call (shard, restore_here, &restore);
  return restore.n_restored;
}

typedef struct
{
  TrioShard *shard;
  char *text;
} ShardText;

static void
shard_text_free (gpointer data)
{
  ShardText *st = data;

  g_free (st->text);
  g_free (st);
}

static ShardText *
shard_text_new (TrioShard  *shard,
                const char *text)
{
  ShardText *st = g_new (ShardText, 1);

  st->shard = shard;
  st->text = g_strdup (text);
  return st;
}

static gboolean
set_link_base_here (gpointer data)
{
  ShardText *st = data;

  g_free (st->shard->link_base);
  st->shard->link_base = g_steal_pointer (&st->text);
  st->shard->host.link_base = st->shard->link_base;
  return G_SOURCE_REMOVE;
}

void
trio_shard_set_link_base (TrioShard  *shard,
                          const char *link_base)
{
  shard_post (shard, set_link_base_here, shard_text_new (shard, link_base), shard_text_free);
}

static gboolean
expire_here (gpointer data)
{
  ShardText *st = data;
  TrioShard *shard = st->shard;
  TrioRoom *found = g_hash_table_lookup (shard->rooms, st->text);
  g_autoptr (TrioRoom) room = found != NULL ? g_object_ref (found) : NULL;

  if (room == NULL)
    return G_SOURCE_REMOVE;
  g_mutex_lock (&shard->lock);
  g_hash_table_remove (shard->rooms, st->text);
  g_mutex_unlock (&shard->lock);
  trio_room_close_all (room, SOUP_WEBSOCKET_CLOSE_NORMAL, "The room has expired.");
  return G_SOURCE_REMOVE;
}

void
trio_shard_expire (TrioShard  *shard,
                   const char *room_id)
{
  shard_post (shard, expire_here, shard_text_new (shard, room_id), shard_text_free);
}

static gboolean
shutdown_here (gpointer data)
{
  TrioShard *shard = data;
  GHashTableIter iter;
  gpointer value;

  shard->shut_down = TRUE;
  g_hash_table_iter_init (&iter, shard->rooms);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    trio_room_close_all (value, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, "The server is shutting down.");
  g_hash_table_iter_init (&iter, shard->clients);
  while (g_hash_table_iter_next (&iter, &value, NULL))
    client_close (value, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, "The server is shutting down.");
  /* The server frees the worker next: no room may ask it anything any more. */
  shard->host.worker = NULL;
  return G_SOURCE_REMOVE;
}

void
trio_shard_shutdown (TrioShard *shard)
{
  shard_call (shard, shutdown_here, shard);
}

TrioRoom *
trio_shard_lookup_room (TrioShard  *shard,
                        const char *id)
{
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&shard->lock);

  return g_hash_table_lookup (shard->rooms, id);
}

guint
trio_shard_get_n_rooms (TrioShard *shard)
{
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&shard->lock);

  return g_hash_table_size (shard->rooms);
}

guint
trio_shard_get_n_connections (TrioShard *shard)
{
  return (guint) g_atomic_int_get (&shard->n_clients);
}

/* FNV-1a, not g_str_hash(): that one multiplies by 33, so modulo 3 or 11 shards it would
 * depend on the id's last letter alone. */
guint
trio_shard_index (const char *room_id,
                  guint       n_shards)
{
  guint32 hash = 2166136261u;

  if (n_shards <= 1)
    return 0;
  for (const char *p = room_id; *p != '\0'; p++)
    hash = (hash ^ (guchar) *p) * 16777619u;
  return hash % n_shards;
}
