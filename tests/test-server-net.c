/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-net.c: the server itself on 127.0.0.1 (a free port), with libsoup WebSocket
 * clients in the test: a Marelle room created, joined and played, a seat resumed with its
 * token after a reconnection and after a restart, the computer's moves, hostile clients
 * (bad paths, frames that are not JSON, binary or too large, too many messages, too many
 * connections), and rooms on several shards (threads) played at once and restarted */

#include <string.h>

#include "trio-server-shard.h"
#include "test-server-ws.h"
#include "test-util.h"

#define ROOM "mmmmmmmmmmmmmmmm"

static TrioServer *
start_server_shards (const char *dir,
                     guint       max_per_address,
                     guint       shards)
{
  TrioServerConfig config;

  net_config_init (&config, dir, max_per_address);
  config.shards = shards;
  return net_start_server (&config);
}

static TrioServer *
start_server (const char *dir,
              guint       max_per_address)
{
  return start_server_shards (dir, max_per_address, 1);
}

static Ws *
ws_open (Net *net)
{
  return ws_open_room (net, ROOM);
}

/* Creates a Marelle room on ws (seats: a human, then other), returns the key; token set. */
static char *
create_room (Ws         *ws,
             const char *other,
             char      **token)
{
  g_autoptr (JsonObject) welcome = NULL;
  const char *link;

  ws_send (ws, "{\"type\": \"create\", \"game\": \"marelle\", \"options\": {}, \"seats\":"
           " [{\"kind\": \"human\"}, %s], \"seat\": 0, \"name\": \"Ann\"}", other);
  welcome = ws_next (ws, "welcome");
  ws_skip (ws, "state");
  link = json_object_get_string_member (welcome, "link");
  ck_assert_msg (g_str_has_prefix (link, "trio://127.0.0.1:"), "%s", link);
  *token = g_strdup (json_object_get_string_member (welcome, "token"));
  return g_strdup (strchr (link, '#') + 1);
}

static char *
join_room (Ws         *ws,
           const char *key)
{
  g_autoptr (JsonObject) welcome = NULL;

  ws_send (ws, "{\"type\": \"join\", \"key\": \"%s\", \"name\": \"Bob\"}", key);
  welcome = ws_next (ws, "welcome");
  ck_assert_int_eq (json_object_get_int_member (welcome, "seat"), 1);
  ws_skip (ws, "state");
  return g_strdup (json_object_get_string_member (welcome, "token"));
}

static const char *const moves[] = { "d6", "d2", "f4", "b4" };

static void
send_move (Ws   *mover,
           guint ply)
{
  ws_send (mover, "{\"type\": \"move\", \"move\": \"%s\", \"ply\": %u}", moves[ply], ply);
}

/* The move of send_move() acknowledged to the mover and told to the other. */
static void
moved (Ws   *mover,
       Ws   *other,
       guint ply)
{
  g_autoptr (JsonObject) a = NULL;
  g_autoptr (JsonObject) b = NULL;

  a = ws_next (mover, "move");
  b = ws_next (other, "move");
  ck_assert_int_eq (json_object_get_int_member (a, "ply"), ply + 1);
  ck_assert_str_eq (json_object_get_string_member (b, "move"), moves[ply]);
}

static void
play (Ws   *mover,
      Ws   *other,
      guint ply)
{
  send_move (mover, ply);
  moved (mover, other, ply);
}

START_TEST (test_play_and_resume)
{
  g_auto (Net) net = { 0 };
  g_autoptr (Ws) a = NULL;
  g_autoptr (Ws) b = NULL;
  g_autoptr (Ws) b2 = NULL;
  g_autoptr (Ws) b3 = NULL;
  g_autoptr (JsonObject) seat = NULL;
  g_autoptr (JsonObject) state = NULL;
  g_autofree char *token_a = NULL;
  g_autofree char *key = NULL;
  g_autofree char *token_b = NULL;

  net_init (&net, 16);
  a = ws_open (&net);
  b = ws_open (&net);
  key = create_room (a, "{\"kind\": \"human\"}", &token_a);
  ck_assert_uint_eq (trio_server_get_n_rooms (net.server), 1);
  token_b = join_room (b, key);
  ws_skip (a, "seat");
  play (a, b, 0);
  play (b, a, 1);
  /* Out of turn, stale: errors, and nothing changed. */
  ws_send (b, "{\"type\": \"move\", \"move\": \"f4\", \"ply\": 2}");
  ws_error (b, "not-your-turn");
  ws_send (a, "{\"type\": \"move\", \"move\": \"f4\", \"ply\": 1}");
  ws_error (a, "stale");
  play (a, b, 2);
  /* B's connection drops: A sees the seat disconnected; B comes back with its token. */
  soup_websocket_connection_close (b->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  ws_wait_closed (b);
  seat = ws_next (a, "seat");
  ck_assert (!json_object_get_boolean_member (seat, "connected"));
  g_clear_pointer (&seat, json_object_unref);
  b2 = ws_open (&net);
  ws_send (b2, "{\"type\": \"resume\", \"token\": \"%s\"}", token_b);
  state = ws_next (b2, "state");
  ck_assert_int_eq (json_object_get_int_member (state, "seat"), 1);
  ck_assert_int_eq (json_object_get_int_member (state, "ply"), 3);
  ck_assert_int_eq (json_object_get_int_member (state, "to_move"), 1);
  seat = ws_next (a, "seat");
  ck_assert (json_object_get_boolean_member (seat, "connected"));
  play (b2, a, 3);
  /* The same token on a third connection closes the second. */
  b3 = ws_open (&net);
  ws_send (b3, "{\"type\": \"resume\", \"token\": \"%s\"}", token_b);
  ws_skip (b3, "state");
  ws_wait_closed (b2);
  ck_assert_int_eq (b2->close_code, TRIO_ROOM_CLOSE_REPLACED);
  /* A restart: the room and its moves come back from the store. */
  g_clear_pointer (&a, ws_free);
  g_clear_pointer (&b3, ws_free);
  net_stop_server (g_steal_pointer (&net.server));
  net.server = start_server (net.dir, 16);
  ck_assert_uint_eq (trio_server_get_n_rooms (net.server), 1);
  a = ws_open (&net);
  ws_send (a, "{\"type\": \"resume\", \"token\": \"%s\"}", token_a);
  g_clear_pointer (&state, json_object_unref);
  state = ws_next (a, "state");
  ck_assert_int_eq (json_object_get_int_member (state, "ply"), 4);
  ck_assert_str_eq (json_array_get_string_element (json_object_get_array_member (state, "moves"),
                                                   3), "b4");
}
END_TEST

START_TEST (test_computer)
{
  g_auto (Net) net = { 0 };
  g_autoptr (Ws) a = NULL;
  g_autoptr (JsonObject) reply = NULL;
  g_autofree char *token = NULL;
  g_autofree char *key = NULL;

  net_init (&net, 16);
  a = ws_open (&net);
  key = create_room (a, "{\"kind\": \"computer\", \"level\": 2}", &token);
  ws_send (a, "{\"type\": \"move\", \"move\": \"d6\", \"ply\": 0}");
  ws_skip (a, "move");
  reply = ws_next (a, "move");
  ck_assert_int_eq (json_object_get_int_member (reply, "seat"), 1);
  ck_assert_int_eq (json_object_get_int_member (reply, "ply"), 2);
}
END_TEST

START_TEST (test_hostile)
{
  g_auto (Net) net = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (Ws) a = NULL;
  g_autoptr (Ws) b = NULL;
  g_autoptr (GBytes) binary = g_bytes_new_static ("\x01\x02", 2);
  g_autofree char *large = g_strnfill (70 * 1024, ' ');

  net_init (&net, 16);
  /* A path that is not a room's is refused before the handshake. */
  ck_assert_ptr_null (net_connect_path (&net, "/rooms/SHOUTING", NULL, &error));
  g_clear_error (&error);
  ck_assert_ptr_null (net_connect_path (&net, "/rooms/abcdefghijklmnop/x", NULL, &error));
  g_clear_error (&error);
  ck_assert_ptr_null (net_connect_path (&net, "/other", NULL, &error));
  g_clear_error (&error);
  a = ws_open (&net);
  ws_send (a, "not json");
  ws_error (a, "bad-json");
  soup_websocket_connection_send_message (a->ws, SOUP_WEBSOCKET_DATA_BINARY, binary);
  ws_error (a, "bad-json");
  ws_send (a, "{\"type\": \"resign\"}");
  ws_error (a, "not-seated");
  ws_send (a, "{\"type\": \"join\", \"key\": \"AAAAAAAAAAAAAAAAAAAAAA\", \"name\": \"X\"}");
  ws_error (a, "no-room");
  ws_send (a, "{\"type\": \"create\", \"game\": \"go\", \"options\": {}, \"seats\":"
           " [{\"kind\": \"human\"}], \"seat\": 0, \"name\": \"X\"}");
  ws_error (a, "bad-game");
  ck_assert_uint_eq (trio_server_get_n_rooms (net.server), 0);
  /* Too many messages: the first over the limit is told, the next one closes. */
  for (guint i = 0; i < 60 && !a->closed; i++)
    ws_send (a, "{\"type\": \"export\"}");
  ws_wait_closed (a);
  ck_assert_int_eq (a->close_code, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  {
    gboolean told = FALSE;

    while (!g_queue_is_empty (&a->messages))
      {
        g_autoptr (JsonObject) e = g_queue_pop_head (&a->messages);

        told |= g_strcmp0 (json_object_get_string_member (e, "code"), "rate-limit") == 0;
      }
    ck_assert (told);
  }
  /* A frame over 64 KiB closes the connection (1009). */
  b = ws_open (&net);
  large[0] = '"';
  large[70 * 1024 - 1] = '"';
  ws_send (b, "%s", large);
  ws_wait_closed (b);
  ck_assert_int_eq (b->close_code, SOUP_WEBSOCKET_CLOSE_TOO_BIG);
}
END_TEST

START_TEST (test_too_many_connections)
{
  g_auto (Net) net = { 0 };
  Ws *open[4];
  g_autoptr (Ws) extra = NULL;
  g_autoptr (Ws) again = NULL;

  net_init (&net, 4);
  for (guint i = 0; i < G_N_ELEMENTS (open); i++)
    open[i] = ws_open (&net);
  extra = ws_open (&net);
  ws_error (extra, "too-many-connections");
  ws_wait_closed (extra);
  ck_assert_int_eq (extra->close_code, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  /* One gone, one may come. */
  soup_websocket_connection_close (open[0]->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
  ws_wait_closed (open[0]);
  while (trio_server_get_n_connections (net.server) > 3)
    g_main_context_iteration (NULL, TRUE);
  again = ws_open (&net);
  ws_send (again, "{\"type\": \"resign\"}");
  ws_error (again, "not-seated");
  for (guint i = 0; i < G_N_ELEMENTS (open); i++)
    ws_free (open[i]);
}
END_TEST

/* A client that writes its own frames, as libsoup's never would: the handshake, then
 * masked frames of any kind. */
static GSocketConnection *
raw_connect (Net *net)
{
  g_autoptr (GSocketClient) socket_client = g_socket_client_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *request = g_strdup_printf (
    "GET /rooms/" ROOM " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
    "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
    "Sec-WebSocket-Version: 13\r\n\r\n");
  GSocketConnection *connection;
  char answer[1024];
  gssize n;

  connection = g_socket_client_connect_to_host (socket_client, "127.0.0.1",
                                                (guint16) trio_server_get_port (net->server),
                                                NULL, &error);
  ck_assert_msg (connection != NULL, "%s", error != NULL ? error->message : "");
  g_socket_set_blocking (g_socket_connection_get_socket (connection), FALSE);
  ck_assert (g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)),
                                        request, strlen (request), NULL, NULL, NULL));
  /* The answer, read while the server's main context runs. */
  do
    {
      g_main_context_iteration (NULL, FALSE);
      n = g_socket_receive (g_socket_connection_get_socket (connection), answer,
                            sizeof answer - 1, NULL, NULL);
    }
  while (n < 0);
  answer[n] = '\0';
  ck_assert_msg (g_str_has_prefix (answer, "HTTP/1.1 101"), "%s", answer);
  return connection;
}

/* Writes one masked frame (opcode 0: a continuation, 1: text), serving the server meanwhile;
 * FALSE once the server has closed the connection. */
static gboolean
raw_frame (GSocketConnection *connection,
           int                opcode,
           gboolean           fin,
           gsize              length)
{
  g_autoptr (GByteArray) frame = g_byte_array_new ();
  guint8 head[14] = { (guint8) ((fin ? 0x80 : 0) | opcode) };
  gsize n_head = 2, done = 0;
  GSocket *socket = g_socket_connection_get_socket (connection);

  if (length < 126)
    head[1] = (guint8) (0x80 | length);
  else
    {
      head[1] = 0x80 | 126;
      head[2] = (guint8) (length >> 8);
      head[3] = (guint8) length;
      n_head = 4;
    }
  /* A zero mask: the payload as it is. */
  n_head += 4;
  g_byte_array_append (frame, head, (guint) n_head);
  g_byte_array_set_size (frame, (guint) (n_head + length));
  memset (frame->data + n_head, 'a', length);
  while (done < frame->len)
    {
      g_autoptr (GError) error = NULL;
      gssize n = g_socket_send (socket, (const char *) frame->data + done, frame->len - done,
                                NULL, &error);

      if (n < 0 && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return FALSE;
      if (n > 0)
        done += (gsize) n;
      g_main_context_iteration (NULL, FALSE);
    }
  return TRUE;
}

/* libsoup 3.2 bounds frames, not a message in fragments: the server cuts off a client that
 * sends too much without a message coming of it. */
START_TEST (test_fragments)
{
  g_auto (Net) net = { 0 };
  g_autoptr (GSocketConnection) connection = NULL;
  guint sent = 0;

  net_init (&net, 16);
  connection = raw_connect (&net);
  ck_assert (raw_frame (connection, 1, FALSE, 60000));
  /* 60 kB a fragment: the cap (1 MiB) is passed within 18; 64 give the server time. */
  while (sent < 64 && raw_frame (connection, 0, FALSE, 60000))
    sent++;
  while (trio_server_get_n_connections (net.server) > 0)
    g_main_context_iteration (NULL, TRUE);
  ck_assert_int_lt (sent, 64);
}
END_TEST

#define SHARDS 3
#define ROOMS_A_SHARD 2
#define SHARD_ROOMS (SHARDS * ROOMS_A_SHARD)

/* Room ids, ROOMS_A_SHARD on each of SHARDS shards. */
static void
shard_room_ids (char ids[SHARD_ROOMS][TRIO_ROOM_ID_LENGTH + 1])
{
  static const char base32[] = "abcdefghijklmnopqrstuvwxyz234567";
  guint on_shard[SHARDS] = { 0 };
  guint n = 0;

  for (guint i = 0; n < SHARD_ROOMS; i++)
    {
      char id[TRIO_ROOM_ID_LENGTH + 1];
      guint shard;

      ck_assert_uint_lt (i, 32 * 32);
      g_snprintf (id, sizeof id, "shardedroomsx%c%cz", base32[i / 32], base32[i % 32]);
      shard = trio_shard_index (id, SHARDS);
      if (on_shard[shard] == ROOMS_A_SHARD)
        continue;
      on_shard[shard]++;
      memcpy (ids[n++], id, sizeof id);
    }
}

START_TEST (test_shards)
{
  g_auto (Net) net = { 0 };
  char ids[SHARD_ROOMS][TRIO_ROOM_ID_LENGTH + 1];
  Ws *a[SHARD_ROOMS], *b[SHARD_ROOMS];
  char *tokens[SHARD_ROOMS];
  g_autoptr (Ws) c = NULL;
  g_autoptr (JsonObject) reply = NULL;
  g_autofree char *c_token = NULL;
  g_autofree char *c_key = NULL;

  shard_room_ids (ids);
  net.dir = net_temp_dir ();
  net.server = start_server_shards (net.dir, 64, SHARDS);
  net.session = soup_session_new ();
  for (guint i = 0; i < SHARD_ROOMS; i++)
    {
      g_autofree char *key = NULL;
      g_autofree char *token_b = NULL;

      a[i] = ws_open_room (&net, ids[i]);
      b[i] = ws_open_room (&net, ids[i]);
      key = create_room (a[i], "{\"kind\": \"human\"}", &tokens[i]);
      token_b = join_room (b[i], key);
      ws_skip (a[i], "seat");
    }
  ck_assert_uint_eq (trio_server_get_n_rooms (net.server), SHARD_ROOMS);
  ck_assert_uint_eq (trio_server_get_n_connections (net.server), 2 * SHARD_ROOMS);
  /* Every room's move sent before any answer is read: the shards play at once. */
  for (guint ply = 0; ply < G_N_ELEMENTS (moves); ply++)
    {
      for (guint i = 0; i < SHARD_ROOMS; i++)
        send_move (ply % 2 == 0 ? a[i] : b[i], ply);
      for (guint i = 0; i < SHARD_ROOMS; i++)
        moved (ply % 2 == 0 ? a[i] : b[i], ply % 2 == 0 ? b[i] : a[i], ply);
    }
  /* The computer's moves come back to the room's own shard. */
  c = ws_open_room (&net, "computerroomxxxx");
  c_key = create_room (c, "{\"kind\": \"computer\", \"level\": 2}", &c_token);
  send_move (c, 0);
  ws_skip (c, "move");
  reply = ws_next (c, "move");
  ck_assert_int_eq (json_object_get_int_member (reply, "seat"), 1);
  g_clear_pointer (&c, ws_free);
  for (guint i = 0; i < SHARD_ROOMS; i++)
    {
      ws_free (a[i]);
      ws_free (b[i]);
    }
  /* A restart on another number of shards: every room and move is back. */
  net_stop_server (g_steal_pointer (&net.server));
  net.server = start_server_shards (net.dir, 64, 2);
  ck_assert_uint_eq (trio_server_get_n_rooms (net.server), SHARD_ROOMS + 1);
  for (guint i = 0; i < SHARD_ROOMS; i++)
    {
      g_autoptr (Ws) again = ws_open_room (&net, ids[i]);
      g_autoptr (JsonObject) state = NULL;

      ws_send (again, "{\"type\": \"resume\", \"token\": \"%s\"}", tokens[i]);
      state = ws_next (again, "state");
      ck_assert_int_eq (json_object_get_int_member (state, "ply"), 4);
      ck_assert_str_eq (json_array_get_string_element (
                          json_object_get_array_member (state, "moves"), 3), "b4");
      g_free (tokens[i]);
    }
}
END_TEST

static Suite *
net_suite (void)
{
  Suite *suite = suite_create ("server-net");
  TCase *tc = tcase_create ("net");

  tcase_add_test (tc, test_play_and_resume);
  tcase_add_test (tc, test_computer);
  tcase_add_test (tc, test_hostile);
  tcase_add_test (tc, test_too_many_connections);
  tcase_add_test (tc, test_fragments);
  tcase_add_test (tc, test_shards);
  suite_add_tcase (suite, tc);
  return suite;
}

int
main (void)
{
  return tu_run_suite (net_suite ());
}
