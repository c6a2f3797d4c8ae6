/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-connection.c: one WebSocket to a room of a Trio server (libsoup 3) */

#include "trio-client-connection.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>

struct _TrioClientConnection
{
  GObject parent_instance;

  SoupSession *session;
  SoupWebsocketConnection *socket;
  gboolean closed_told;
  GTlsCertificateFlags certificate_errors;  /* of the server's certificate, refused */

  /* The pace: the times (µs) of the last sends, and the frames waiting for their turn. */
  guint pace;
  gint64 sent[TRIO_CLIENT_MAX_PACE];
  guint next_sent;
  guint n_sent;
  GQueue waiting;
  guint pace_id;
};

G_DEFINE_FINAL_TYPE (TrioClientConnection, trio_client_connection, G_TYPE_OBJECT)

enum
{
  SIGNAL_MESSAGE,
  SIGNAL_CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
drop_socket (TrioClientConnection *self)
{
  g_clear_handle_id (&self->pace_id, g_source_remove);
  g_queue_clear_full (&self->waiting, g_free);
  if (self->socket == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->socket, self);
  if (soup_websocket_connection_get_state (self->socket) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (self->socket, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  g_clear_object (&self->socket);
}

static void
trio_client_connection_dispose (GObject *object)
{
  TrioClientConnection *self = TRIO_CLIENT_CONNECTION (object);

  drop_socket (self);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (trio_client_connection_parent_class)->dispose (object);
}

static void
trio_client_connection_class_init (TrioClientConnectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = trio_client_connection_dispose;
  /* (text, the JSON object it holds or NULL) */
  signals[SIGNAL_MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 2, G_TYPE_STRING, JSON_TYPE_OBJECT);
  /* (the close code: 1006 when none came) */
  signals[SIGNAL_CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
trio_client_connection_init (TrioClientConnection *self)
{
}

TrioClientConnection *
trio_client_connection_new (SoupSession *session)
{
  TrioClientConnection *self = g_object_new (TRIO_TYPE_CLIENT_CONNECTION, NULL);

  self->session = session != NULL ? g_object_ref (session) : soup_session_new ();
  return self;
}

static JsonObject *
parse_object (const char *text,
              gsize       length)
{
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  JsonNode *root;

  if (!g_utf8_validate (text, (gssize) length, NULL)
      || !json_parser_load_from_data (parser, text, (gssize) length, NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  return json_object_ref (json_node_get_object (root));
}

static void
on_socket_message (SoupWebsocketConnection *socket,
                   int                      type,
                   GBytes                  *message,
                   gpointer                 user_data)
{
  TrioClientConnection *self = user_data;
  gsize length;
  const char *data = g_bytes_get_data (message, &length);
  g_autofree char *text = g_strndup (data, length);
  g_autoptr (JsonObject) object = NULL;

  if (type == SOUP_WEBSOCKET_DATA_TEXT && strlen (text) == length)
    object = parse_object (text, length);
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, text, object);
}

static void
tell_closed (TrioClientConnection *self,
             int                   code)
{
  if (self->closed_told)
    return;
  self->closed_told = TRUE;
  g_signal_emit (self, signals[SIGNAL_CLOSED], 0, code);
}

static void
on_socket_closed (SoupWebsocketConnection *socket,
                  gpointer                 user_data)
{
  TrioClientConnection *self = user_data;
  int code = soup_websocket_connection_get_close_code (socket);

  g_object_ref (self);
  drop_socket (self);
  tell_closed (self, code != 0 ? code : SOUP_WEBSOCKET_CLOSE_ABNORMAL);
  g_object_unref (self);
}

/* The server's certificate is not trusted: the handshake fails (libsoup's error says only
 * "Unacceptable TLS certificate"), and the reasons are kept to be told. */
static gboolean
on_accept_certificate (SoupMessage          *message,
                       GTlsCertificate      *certificate,
                       GTlsCertificateFlags  errors,
                       gpointer              user_data)
{
  TrioClientConnection *self = user_data;

  self->certificate_errors = errors;
  return FALSE;
}

static void
on_connected (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  TrioClientConnection *self = g_task_get_source_object (task);
  GError *error = NULL;
  SoupWebsocketConnection *socket;

  socket = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  if (socket == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  self->socket = socket;
  soup_websocket_connection_set_max_incoming_payload_size (socket, TRIO_CLIENT_MAX_INCOMING);
  /* The server sends no pings: none are needed from here either. */
  soup_websocket_connection_set_keepalive_interval (socket, 0);
  g_signal_connect (socket, "message", G_CALLBACK (on_socket_message), self);
  g_signal_connect (socket, "closed", G_CALLBACK (on_socket_closed), self);
  g_task_return_boolean (task, TRUE);
}

/* Each message goes out when written, not held back by Nagle's algorithm until the server
 * acknowledges the last one (which it may delay by up to 40 ms). */
static void
on_network_event (SoupMessage       *message,
                  GSocketClientEvent event,
                  GIOStream         *connection,
                  gpointer           user_data)
{
  GSocket *socket;

  if (event != G_SOCKET_CLIENT_CONNECTED || !G_IS_SOCKET_CONNECTION (connection))
    return;
  socket = g_socket_connection_get_socket (G_SOCKET_CONNECTION (connection));
  if (g_socket_get_family (socket) != G_SOCKET_FAMILY_UNIX)
    g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, 1, NULL);
}

void
trio_client_connection_connect_async (TrioClientConnection *self,
                                      const char           *url,
                                      GCancellable         *cancellable,
                                      GAsyncReadyCallback   callback,
                                      gpointer              user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr (SoupMessage) message = NULL;

  g_return_if_fail (self->socket == NULL);
  self->certificate_errors = 0;
  message = soup_message_new (SOUP_METHOD_GET, url);
  if (message == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               "'%s' is not a WebSocket URL", url);
      g_object_unref (task);
      return;
    }
  g_signal_connect (message, "network-event", G_CALLBACK (on_network_event), NULL);
  g_signal_connect_object (message, "accept-certificate", G_CALLBACK (on_accept_certificate),
                           self, 0);
  soup_session_websocket_connect_async (self->session, message, NULL, NULL,
                                        G_PRIORITY_DEFAULT, cancellable, on_connected, task);
}

gboolean
trio_client_connection_connect_finish (TrioClientConnection *self,
                                       GAsyncResult         *result,
                                       GError              **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

GTlsCertificateFlags
trio_client_connection_get_certificate_errors (TrioClientConnection *self)
{
  return self->certificate_errors;
}

gboolean
trio_client_connection_is_open (TrioClientConnection *self)
{
  return self->socket != NULL
         && soup_websocket_connection_get_state (self->socket) == SOUP_WEBSOCKET_STATE_OPEN;
}

void
trio_client_connection_set_pace (TrioClientConnection *self,
                                 guint                 per_second)
{
  g_return_if_fail (per_second <= TRIO_CLIENT_MAX_PACE);
  self->pace = per_second;
}

/* How long (µs) the next frame must wait for the pace: 0 for at once. */
static gint64
pace_wait (TrioClientConnection *self,
           gint64                now)
{
  gint64 oldest;

  if (self->pace == 0 || self->n_sent < self->pace)
    return 0;
  oldest = self->sent[(self->next_sent + TRIO_CLIENT_MAX_PACE - self->pace)
                      % TRIO_CLIENT_MAX_PACE];
  return MAX (0, oldest + G_USEC_PER_SEC - now);
}

static void
send_now (TrioClientConnection *self,
          const char           *text,
          gint64                now)
{
  self->sent[self->next_sent] = now;
  self->next_sent = (self->next_sent + 1) % TRIO_CLIENT_MAX_PACE;
  self->n_sent++;
  soup_websocket_connection_send_text (self->socket, text);
}

static gboolean on_pace (gpointer user_data);

/* Sends the waiting frames the pace allows, and waits for the next one's turn. */
static void
send_waiting (TrioClientConnection *self)
{
  while (!g_queue_is_empty (&self->waiting) && trio_client_connection_is_open (self))
    {
      gint64 now = g_get_monotonic_time ();
      gint64 wait = pace_wait (self, now);
      g_autofree char *text = NULL;

      if (wait > 0)
        {
          self->pace_id = g_timeout_add ((guint) (wait / 1000 + 1), on_pace, self);
          return;
        }
      text = g_queue_pop_head (&self->waiting);
      send_now (self, text, now);
    }
}

static gboolean
on_pace (gpointer user_data)
{
  TrioClientConnection *self = user_data;

  self->pace_id = 0;
  send_waiting (self);
  return G_SOURCE_REMOVE;
}

void
trio_client_connection_send_text (TrioClientConnection *self,
                                  const char           *text)
{
  if (!trio_client_connection_is_open (self))
    return;
  g_queue_push_tail (&self->waiting, g_strdup (text));
  if (self->pace_id == 0)
    send_waiting (self);
}

void
trio_client_connection_send_binary (TrioClientConnection *self,
                                    const char           *data,
                                    gsize                 length)
{
  if (trio_client_connection_is_open (self))
    soup_websocket_connection_send_binary (self->socket, data, length);
}

void
trio_client_connection_send_object (TrioClientConnection *self,
                                    JsonObject           *object)
{
  g_autofree char *text = trio_client_object_to_text (object);

  trio_client_connection_send_text (self, text);
}

void
trio_client_connection_close (TrioClientConnection *self)
{
  if (trio_client_connection_is_open (self))
    soup_websocket_connection_close (self->socket, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  else if (self->socket == NULL)
    tell_closed (self, SOUP_WEBSOCKET_CLOSE_NORMAL);
}

JsonObject *
trio_client_message_new (const char *type)
{
  JsonObject *object = json_object_new ();

  json_object_set_string_member (object, "type", type);
  return object;
}

char *
trio_client_object_to_text (JsonObject *object)
{
  g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), object);

  return json_to_string (node, FALSE);
}
