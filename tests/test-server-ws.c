/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-ws.c: a real server on 127.0.0.1 and libsoup WebSocket clients in the test */

#include "test-server-ws.h"

#include <string.h>

#include "test-server-util.h"

char *
net_temp_dir (void)
{
  char *dir = g_dir_make_tmp ("trio-net-XXXXXX", NULL);

  ck_assert_ptr_nonnull (dir);
  return dir;
}

void
net_drain (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

void
net_config_init (TrioServerConfig *config,
                 const char       *dir,
                 guint             max_per_address)
{
  trio_server_config_init (config);
  config->state_dir = dir;
  config->address = "127.0.0.1";
  config->port = 0;
  config->max_per_address = max_per_address;
  config->threads = 1;
  config->computer_nodes = 2000;
}

TrioServer *
net_start_server (const TrioServerConfig *config)
{
  g_autoptr (GError) error = NULL;
  TrioServer *server = trio_server_new (config, &error);

  ck_assert_msg (server != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_msg (trio_server_listen (server, &error), "%s", error->message);
  ck_assert_int_gt (trio_server_get_port (server), 0);
  ck_assert_uint_eq (trio_server_get_n_shards (server), config->shards);
  return server;
}

void
net_stop_server (TrioServer *server)
{
  trio_server_shutdown (server);
  net_drain ();
  g_object_unref (server);
  net_drain ();
}

void
net_init_config (Net              *net,
                 TrioServerConfig *config)
{
  net->dir = net_temp_dir ();
  config->state_dir = net->dir;
  net->server = net_start_server (config);
  net->session = soup_session_new ();
}

void
net_init (Net  *net,
          guint max_per_address)
{
  TrioServerConfig config;

  net_config_init (&config, NULL, max_per_address);
  net_init_config (net, &config);
}

void
net_clear (Net *net)
{
  if (net->server != NULL)
    net_stop_server (g_steal_pointer (&net->server));
  g_clear_object (&net->session);
  net_drain ();
  if (net->dir != NULL)
    su_remove_state_dir (net->dir);
  g_clear_pointer (&net->dir, g_free);
}

static void
on_message (SoupWebsocketConnection *conn,
            int                      type,
            GBytes                  *bytes,
            gpointer                 user_data)
{
  Ws *ws = user_data;
  g_autoptr (JsonParser) parser = json_parser_new ();
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  ck_assert_int_eq (type, SOUP_WEBSOCKET_DATA_TEXT);
  ck_assert (g_utf8_validate (data, (gssize) length, NULL));
  ck_assert (json_parser_load_from_data (parser, data, (gssize) length, NULL));
  g_queue_push_tail (&ws->messages,
                     json_object_ref (json_node_get_object (json_parser_get_root (parser))));
}

static void
on_closed (SoupWebsocketConnection *conn,
           gpointer                 user_data)
{
  Ws *ws = user_data;

  ws->closed = TRUE;
  ws->close_code = soup_websocket_connection_get_close_code (conn);
}

typedef struct
{
  gboolean done;
  SoupWebsocketConnection *ws;
  GError *error;
} Connecting;

static void
connected (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Connecting *c = user_data;

  c->ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &c->error);
  c->done = TRUE;
}

SoupWebsocketConnection *
net_connect_path (Net        *net,
                  const char *path,
                  const char *forwarded,
                  GError    **error)
{
  g_autofree char *uri = g_strdup_printf ("ws://127.0.0.1:%u%s",
                                          trio_server_get_port (net->server), path);
  g_autoptr (SoupMessage) msg = soup_message_new (SOUP_METHOD_GET, uri);
  Connecting c = { 0 };

  if (forwarded != NULL)
    soup_message_headers_append (soup_message_get_request_headers (msg), "X-Forwarded-For",
                                 forwarded);
  soup_session_websocket_connect_async (net->session, msg, NULL, NULL, G_PRIORITY_DEFAULT,
                                        NULL, connected, &c);
  while (!c.done)
    g_main_context_iteration (NULL, TRUE);
  if (c.error != NULL)
    g_propagate_error (error, c.error);
  return c.ws;
}

Ws *
ws_open_forwarded (Net        *net,
                   const char *room,
                   const char *forwarded)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_strconcat ("/rooms/", room, NULL);
  Ws *ws = g_new0 (Ws, 1);

  g_queue_init (&ws->messages);
  ws->ws = net_connect_path (net, path, forwarded, &error);
  ck_assert_msg (ws->ws != NULL, "%s", error != NULL ? error->message : "");
  g_signal_connect (ws->ws, "message", G_CALLBACK (on_message), ws);
  g_signal_connect (ws->ws, "closed", G_CALLBACK (on_closed), ws);
  return ws;
}

Ws *
ws_open_room (Net        *net,
              const char *room)
{
  return ws_open_forwarded (net, room, NULL);
}

void
ws_free (Ws *ws)
{
  g_signal_handlers_disconnect_by_data (ws->ws, ws);
  if (soup_websocket_connection_get_state (ws->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (ws->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  g_object_unref (ws->ws);
  g_queue_clear_full (&ws->messages, (GDestroyNotify) json_object_unref);
  g_free (ws);
}

void
ws_send (Ws         *ws,
         const char *format,
         ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  soup_websocket_connection_send_text (ws->ws, text);
}

JsonObject *
ws_next (Ws         *ws,
         const char *type)
{
  JsonObject *object;

  while (g_queue_is_empty (&ws->messages))
    {
      ck_assert_msg (!ws->closed, "closed (%u) while %s was expected", ws->close_code, type);
      g_main_context_iteration (NULL, TRUE);
    }
  object = g_queue_pop_head (&ws->messages);
  ck_assert_str_eq (json_object_get_string_member (object, "type"), type);
  return object;
}

void
ws_skip (Ws         *ws,
         const char *type)
{
  json_object_unref (ws_next (ws, type));
}

void
ws_error (Ws         *ws,
          const char *code)
{
  g_autoptr (JsonObject) error = ws_next (ws, "error");

  ck_assert_str_eq (json_object_get_string_member (error, "code"), code);
}

void
ws_wait_closed (Ws *ws)
{
  while (!ws->closed)
    g_main_context_iteration (NULL, TRUE);
}
