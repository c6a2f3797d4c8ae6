/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server.c: the server of network play: WebSocket connections, their rooms, the store */

#include "trio-server.h"

#include <libsoup/soup.h>
#include <string.h>

#include "trio-server-protocol.h"
#include "trio-server-stream.h"

#define ROOMS_PATH "/rooms"
/* libsoup's bound on a frame, twice the protocol's: a frame between is read, and answered
 * with the close code 1009 that docs/server.md promises; a larger one is dropped at once. */
#define FRAME_CAP (2 * TRIO_PROTOCOL_MAX_FRAME)
/* The bytes a connection may send without a message coming of them (a message in many
 * fragments, pings): libsoup 3.2 bounds no message, this does (trio-server-stream.h). */
#define INPUT_CAP (1024 * 1024)
#define EXPIRY_INTERVAL_S 3600
#define SECONDS_A_DAY (24 * 60 * 60)

/* One WebSocket connection. */
typedef struct
{
  TrioServer *server;
  SoupWebsocketConnection *ws;
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

struct _TrioServer
{
  GObject parent_instance;

  TrioServerConfig config;     /* its strings owned by the server */
  TrioStore *store;
  TrioWorker *worker;
  TrioRoomHost host;
  SoupServer *soup;
  GHashTable *rooms;           /* id to TrioRoom */
  GHashTable *clients;         /* Client set */
  GHashTable *per_address;     /* address to its number of connections */
  char *link_base;
  guint port;
  guint expiry_source;
  gboolean shut_down;
};

G_DEFINE_FINAL_TYPE (TrioServer, trio_server, G_TYPE_OBJECT)

void
trio_server_config_init (TrioServerConfig *config)
{
  memset (config, 0, sizeof *config);
  config->port = 8080;
  config->max_per_address = TRIO_SERVER_DEFAULT_MAX_PER_ADDRESS;
  config->keep_finished_days = TRIO_SERVER_DEFAULT_KEEP_FINISHED;
  config->sync = TRIO_STORE_SYNC_NORMAL;
}

static void
client_free (Client *client)
{
  g_signal_handlers_disconnect_by_data (client->ws, client);
  g_object_unref (client->ws);
  g_object_unref (client->stream);
  g_clear_object (&client->room);
  g_free (client->room_id);
  g_free (client->address);
  g_free (client);
}

static void
count_address (TrioServer *self,
               Client     *client,
               int         delta)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, client->address));

  n = (guint) ((int) n + delta);
  if (n == 0)
    g_hash_table_remove (self->per_address, client->address);
  else
    g_hash_table_replace (self->per_address, g_strdup (client->address), GUINT_TO_POINTER (n));
}

static void
client_close (Client     *client,
              gushort     code,
              const char *reason)
{
  client->closing = TRUE;
  if (soup_websocket_connection_get_state (client->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (client->ws, code, reason);
}

static void
host_send (gpointer    data,
           const char *text,
           gpointer    user_data)
{
  Client *client = data;

  if (soup_websocket_connection_get_state (client->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (client->ws, text);
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

static gboolean
create_room (TrioServer        *self,
             Client            *client,
             const TrioMessage *message,
             GError           **error)
{
  TrioRoom *room;

  if (g_hash_table_contains (self->rooms, client->room_id))
    {
      g_set_error_literal (error, TRIO_PROTOCOL_ERROR, TRIO_PROTOCOL_ERROR_ROOM_EXISTS,
                           "That room exists already.");
      return FALSE;
    }
  room = trio_room_create (&self->host, client->room_id, client, message, error);
  if (room == NULL)
    return FALSE;
  g_hash_table_insert (self->rooms, g_strdup (client->room_id), room);
  client->room = g_object_ref (room);
  return TRUE;
}

/* A message of a client not in a room yet: only create, join, resume and watch. */
static gboolean
enter_room (TrioServer        *self,
            Client            *client,
            const TrioMessage *message,
            GError           **error)
{
  TrioRoom *room;

  if (message->type == TRIO_MESSAGE_CREATE)
    return create_room (self, client, message, error);
  if (message->type != TRIO_MESSAGE_JOIN && message->type != TRIO_MESSAGE_RESUME
      && message->type != TRIO_MESSAGE_WATCH)
    {
      g_set_error_literal (error, TRIO_PROTOCOL_ERROR, TRIO_PROTOCOL_ERROR_NOT_SEATED,
                           "Join, resume or watch the room first.");
      return FALSE;
    }
  room = g_hash_table_lookup (self->rooms, client->room_id);
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
handle (TrioServer *self,
        Client     *client,
        GBytes     *bytes,
        GError    **error)
{
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  g_autoptr (TrioMessage) message = trio_message_parse (data, length, error);

  if (message == NULL)
    return FALSE;
  g_debug ("Room %s: %s from %s", client->room_id, trio_message_type_name (message->type),
           client->address);
  if (client->room == NULL)
    return enter_room (self, client, message, error);
  if (message->type == TRIO_MESSAGE_CREATE)
    {
      g_set_error_literal (error, TRIO_PROTOCOL_ERROR, TRIO_PROTOCOL_ERROR_BAD_MESSAGE,
                           "This connection is in the room already.");
      return FALSE;
    }
  return trio_room_receive (client->room, client, message, error);
}

static void
on_message (SoupWebsocketConnection *ws,
            int                      type,
            GBytes                  *bytes,
            gpointer                 user_data)
{
  Client *client = user_data;
  g_autoptr (GError) error = NULL;
  /* The room may close this very connection (a resign closes none, but be safe). */
  g_autoptr (TrioServer) self = g_object_ref (client->server);

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
  if (!handle (self, client, bytes, &error))
    {
      if (error->domain == TRIO_PROTOCOL_ERROR)
        send_error (client, error->code, error->message);
      else
        send_error (client, TRIO_PROTOCOL_ERROR_SERVER_ERROR, "The server failed.");
    }
}

static void
on_closed (SoupWebsocketConnection *ws,
           gpointer                 user_data)
{
  Client *client = user_data;
  TrioServer *self = client->server;

  if (trio_capped_stream_is_over (client->stream))
    g_message ("Connection from %s dropped: too much input without a message", client->address);
  g_debug ("Room %s: connection from %s closed (%u)", client->room_id, client->address,
           soup_websocket_connection_get_close_code (ws));
  if (client->room != NULL)
    trio_room_detach (client->room, client);
  if (client->counted)
    count_address (self, client, -1);
  g_hash_table_remove (self->clients, client);
}

static void
add_client (TrioServer              *self,
            SoupWebsocketConnection *ws,
            GIOStream               *stream,
            const char              *path,
            const char              *address)
{
  Client *client = g_new0 (Client, 1);

  client->server = self;
  client->ws = ws;
  client->stream = g_object_ref (TRIO_CAPPED_STREAM (stream));
  client->room_id = g_strdup (path + strlen (ROOMS_PATH "/"));
  client->address = g_strdup (address != NULL ? address : "?");
  g_hash_table_add (self->clients, client);
  soup_websocket_connection_set_max_incoming_payload_size (ws, FRAME_CAP);
  soup_websocket_connection_set_keepalive_interval (ws, TRIO_SERVER_KEEPALIVE);
  g_signal_connect (ws, "message", G_CALLBACK (on_message), client);
  g_signal_connect (ws, "closed", G_CALLBACK (on_closed), client);
  if (self->shut_down
      || GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, client->address))
         >= self->config.max_per_address)
    {
      g_message ("Connection from %s refused: too many from that address", client->address);
      send_error (client, TRIO_PROTOCOL_ERROR_TOO_MANY_CONNECTIONS,
                  "Too many connections from your address.");
      client_close (client, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION, "Too many connections.");
      return;
    }
  client->counted = TRUE;
  count_address (self, client, +1);
  g_debug ("Room %s: connection from %s", client->room_id, client->address);
}

/* The handshake's answer is written: the connection is the server's, read through the
 * cap. */
static void
on_upgraded (SoupServerMessage *msg,
             gpointer           user_data)
{
  TrioServer *self = user_data;
  GUri *uri = soup_server_message_get_uri (msg);
  g_autofree char *address = g_strdup (soup_server_message_get_remote_host (msg));
  const char *origin = soup_message_headers_get_one (
    soup_server_message_get_request_headers (msg), "Origin");
  g_autoptr (GIOStream) base = soup_server_message_steal_connection (msg);
  g_autoptr (GIOStream) capped = trio_capped_stream_new (base, INPUT_CAP);

  add_client (self, soup_websocket_connection_new (capped, uri,
                                                   SOUP_WEBSOCKET_CONNECTION_SERVER, origin,
                                                   NULL, NULL),
              capped, g_uri_get_path (uri), address);
}

/* A request for /rooms/ROOM (its id checked already): the WebSocket handshake, without
 * extensions (no compression, whose bombs no bound on frames would catch). */
static void
on_request (SoupServer        *soup,
            SoupServerMessage *msg,
            const char        *path,
            GHashTable        *query,
            gpointer           user_data)
{
  GList *extensions = NULL;

  if (!soup_websocket_server_process_handshake (msg, NULL, NULL, NULL, &extensions))
    return;
  g_list_free_full (extensions, g_object_unref);
  g_signal_connect_object (msg, "wrote-informational", G_CALLBACK (on_upgraded),
                           user_data, 0);
}

/* Before the handshake: the path must be /rooms/ROOM with a well-formed id. */
static void
on_early_request (SoupServer        *soup,
                  SoupServerMessage *msg,
                  const char        *path,
                  GHashTable        *query,
                  gpointer           user_data)
{
  if (!g_str_has_prefix (path, ROOMS_PATH "/")
      || !trio_protocol_is_room_id (path + strlen (ROOMS_PATH "/")))
    soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
}

static void
trio_server_dispose (GObject *object)
{
  TrioServer *self = TRIO_SERVER (object);

  trio_server_shutdown (self);
  g_clear_pointer (&self->clients, g_hash_table_unref);
  g_clear_pointer (&self->rooms, g_hash_table_unref);
  g_clear_object (&self->soup);
  G_OBJECT_CLASS (trio_server_parent_class)->dispose (object);
}

static void
trio_server_finalize (GObject *object)
{
  TrioServer *self = TRIO_SERVER (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->per_address, g_hash_table_unref);
  g_free ((char *) self->config.state_dir);
  g_free ((char *) self->config.address);
  g_free ((char *) self->config.tls_cert);
  g_free ((char *) self->config.tls_key);
  g_free ((char *) self->config.public_url);
  g_free (self->link_base);
  G_OBJECT_CLASS (trio_server_parent_class)->finalize (object);
}

static void
trio_server_class_init (TrioServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = trio_server_dispose;
  object_class->finalize = trio_server_finalize;
}

static void
trio_server_init (TrioServer *self)
{
  self->rooms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->clients = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) client_free, NULL);
  self->per_address = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->host.send = host_send;
  self->host.close = host_close;
  self->host.user_data = self;
}

static void
copy_config (TrioServer             *self,
             const TrioServerConfig *config)
{
  self->config = *config;
  self->config.state_dir = g_strdup (config->state_dir);
  self->config.address = g_strdup (config->address);
  self->config.tls_cert = g_strdup (config->tls_cert);
  self->config.tls_key = g_strdup (config->tls_key);
  self->config.public_url = g_strdup (config->public_url);
}

static void
restore_rooms (TrioServer *self,
               GPtrArray  *stored)
{
  for (guint i = 0; i < stored->len; i++)
    {
      const TrioStoredRoom *room = stored->pdata[i];
      g_autoptr (GError) error = NULL;
      TrioRoom *restored = trio_room_restore (&self->host, room, &error);

      if (restored == NULL)
        {
          g_warning ("Left out: %s", error->message);
          continue;
        }
      g_hash_table_insert (self->rooms, g_strdup (room->id), restored);
    }
  g_message ("%u rooms restored from %s", g_hash_table_size (self->rooms),
             trio_store_get_path (self->store));
}

static gboolean
expire_due (gpointer user_data)
{
  TrioServer *self = user_data;

  trio_server_expire (self, g_get_real_time () / G_USEC_PER_SEC);
  return G_SOURCE_CONTINUE;
}

TrioServer *
trio_server_new (const TrioServerConfig *config,
                 GError                **error)
{
  g_autoptr (TrioServer) self = g_object_new (TRIO_TYPE_SERVER, NULL);
  g_autoptr (GPtrArray) stored = NULL;

  g_return_val_if_fail (config->state_dir != NULL, NULL);
  copy_config (self, config);
  self->store = trio_store_open (config->state_dir, config->sync, error);
  if (self->store == NULL)
    return NULL;
  if (trio_store_expire (self->store, g_get_real_time () / G_USEC_PER_SEC
                                      - (gint64) config->keep_finished_days * SECONDS_A_DAY,
                         NULL, error) < 0)
    return NULL;
  stored = trio_store_load (self->store, error);
  if (stored == NULL)
    return NULL;
  self->worker = trio_worker_new (config->threads);
  self->host.store = self->store;
  self->host.worker = self->worker;
  self->host.computer_nodes = config->computer_nodes;
  /* Set for real once the port is known; no room sends a link before. */
  self->link_base = g_strdup (config->public_url != NULL ? config->public_url : "trio://");
  self->host.link_base = self->link_base;
  restore_rooms (self, stored);
  self->expiry_source = g_timeout_add_seconds (EXPIRY_INTERVAL_S, expire_due, self);
  return g_steal_pointer (&self);
}

static gboolean
listen_on_address (TrioServer             *self,
                   SoupServerListenOptions options,
                   GError                **error)
{
  g_autoptr (GResolver) resolver = NULL;
  GList *addresses;
  gboolean ok = TRUE;

  if (self->config.address == NULL)
    return soup_server_listen_all (self->soup, self->config.port, options, error);
  resolver = g_resolver_get_default ();
  addresses = g_resolver_lookup_by_name (resolver, self->config.address, NULL, error);
  if (addresses == NULL)
    return FALSE;
  for (GList *l = addresses; l != NULL && ok; l = l->next)
    {
      g_autoptr (GSocketAddress) address = g_inet_socket_address_new (l->data, self->port);

      ok = soup_server_listen (self->soup, address, options, error);
      /* Port 0: every address on the port the first one was given. */
      if (ok && self->port == 0)
        {
          g_autoptr (GSList) uris = soup_server_get_uris (self->soup);

          self->port = uris != NULL ? (guint) g_uri_get_port (uris->data) : 0;
          g_slist_free_full (g_steal_pointer (&uris), (GDestroyNotify) g_uri_unref);
        }
    }
  g_resolver_free_addresses (addresses);
  return ok;
}

static char *
default_link_base (TrioServer *self)
{
  const char *host = self->config.address;
  const char *scheme = self->config.tls_cert != NULL ? "https" : "trio";

  if (host == NULL || strcmp (host, "0.0.0.0") == 0 || strcmp (host, "::") == 0)
    host = g_get_host_name ();
  if (strchr (host, ':') != NULL)
    return g_strdup_printf ("%s://[%s]:%u", scheme, host, self->port);
  return g_strdup_printf ("%s://%s:%u", scheme, host, self->port);
}

static void
set_link_base (TrioServer *self)
{
  g_free (self->link_base);
  if (self->config.public_url != NULL)
    {
      self->link_base = g_strdup (self->config.public_url);
      /* "https://host/trio/" and "https://host/trio" make the same links. */
      while (g_str_has_suffix (self->link_base, "/"))
        self->link_base[strlen (self->link_base) - 1] = '\0';
    }
  else
    self->link_base = default_link_base (self);
  self->host.link_base = self->link_base;
}

static gboolean
read_port (TrioServer *self,
           GError    **error)
{
  g_autoptr (GSList) uris = soup_server_get_uris (self->soup);

  if (uris == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Not listening");
      return FALSE;
    }
  self->port = (guint) g_uri_get_port (uris->data);
  g_slist_free_full (g_steal_pointer (&uris), (GDestroyNotify) g_uri_unref);
  return TRUE;
}

gboolean
trio_server_listen (TrioServer *self,
                    GError    **error)
{
  SoupServerListenOptions options = 0;

  g_return_val_if_fail (TRIO_IS_SERVER (self) && self->soup == NULL, FALSE);
  self->soup = soup_server_new ("server-header", "trio-server ", NULL);
  if (self->config.tls_cert != NULL)
    {
      g_autoptr (GTlsCertificate) certificate =
        g_tls_certificate_new_from_files (self->config.tls_cert, self->config.tls_key, error);

      if (certificate == NULL)
        return FALSE;
      soup_server_set_tls_certificate (self->soup, certificate);
      options |= SOUP_SERVER_LISTEN_HTTPS;
    }
  soup_server_add_early_handler (self->soup, ROOMS_PATH, on_early_request, self, NULL);
  soup_server_add_handler (self->soup, ROOMS_PATH, on_request, self, NULL);
  self->port = self->config.port;
  if (!listen_on_address (self, options, error) || !read_port (self, error))
    return FALSE;
  set_link_base (self);
  g_message ("Listening on port %u; invite links begin %s", self->port, self->link_base);
  return TRUE;
}

guint
trio_server_get_port (TrioServer *self)
{
  g_return_val_if_fail (TRIO_IS_SERVER (self), 0);
  return self->port;
}

const char *
trio_server_get_link_base (TrioServer *self)
{
  g_return_val_if_fail (TRIO_IS_SERVER (self), NULL);
  return self->link_base;
}

void
trio_server_set_public_url (TrioServer *self,
                            const char *public_url)
{
  g_return_if_fail (TRIO_IS_SERVER (self));
  g_free ((char *) self->config.public_url);
  self->config.public_url = g_strdup (public_url);
  if (self->soup != NULL)
    set_link_base (self);
}

TrioRoom *
trio_server_lookup_room (TrioServer *self,
                         const char *id)
{
  g_return_val_if_fail (TRIO_IS_SERVER (self), NULL);
  return g_hash_table_lookup (self->rooms, id);
}

guint
trio_server_get_n_rooms (TrioServer *self)
{
  g_return_val_if_fail (TRIO_IS_SERVER (self), 0);
  return g_hash_table_size (self->rooms);
}

guint
trio_server_get_n_connections (TrioServer *self)
{
  g_return_val_if_fail (TRIO_IS_SERVER (self), 0);
  return g_hash_table_size (self->clients);
}

guint
trio_server_expire (TrioServer *self,
                    gint64      now)
{
  g_autoptr (GPtrArray) expired = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  gint64 before = now - (gint64) self->config.keep_finished_days * SECONDS_A_DAY;

  g_return_val_if_fail (TRIO_IS_SERVER (self), 0);
  if (trio_store_expire (self->store, before, expired, &error) < 0)
    {
      g_warning ("Expiry: %s", error->message);
      return 0;
    }
  for (guint i = 0; i < expired->len; i++)
    {
      TrioRoom *found = g_hash_table_lookup (self->rooms, expired->pdata[i]);
      g_autoptr (TrioRoom) room = found != NULL ? g_object_ref (found) : NULL;

      if (room == NULL)
        continue;
      g_hash_table_remove (self->rooms, expired->pdata[i]);
      trio_room_close_all (room, SOUP_WEBSOCKET_CLOSE_NORMAL, "The room has expired.");
    }
  if (expired->len > 0)
    g_message ("%u finished games expired", expired->len);
  return expired->len;
}

void
trio_server_shutdown (TrioServer *self)
{
  GHashTableIter iter;
  gpointer value;

  g_return_if_fail (TRIO_IS_SERVER (self));
  if (self->shut_down)
    return;
  self->shut_down = TRUE;
  g_clear_handle_id (&self->expiry_source, g_source_remove);
  if (self->rooms != NULL)
    {
      g_hash_table_iter_init (&iter, self->rooms);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        trio_room_close_all (value, SOUP_WEBSOCKET_CLOSE_GOING_AWAY,
                             "The server is shutting down.");
    }
  if (self->clients != NULL)
    {
      g_hash_table_iter_init (&iter, self->clients);
      while (g_hash_table_iter_next (&iter, &value, NULL))
        client_close (value, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, "The server is shutting down.");
    }
  if (self->soup != NULL)
    soup_server_disconnect (self->soup);
  g_clear_pointer (&self->worker, trio_worker_free);
  self->host.worker = NULL;
}
