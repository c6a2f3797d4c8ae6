/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-handshake.c: connections before their WebSocket handshake, bounded in time and
 * in number
 *
 * The server on 127.0.0.1 with a short handshake deadline, and raw TCP connections from
 * 127.0.0.2 that send nothing, half a request, or the start of a TLS handshake (a wss://
 * client on a server without TLS): each is closed at its deadline, not before; past
 * max_per_address of them at once from one address the next ones are closed at their accept,
 * until some go; a trusted proxy's are bounded in time only; the server's shutdown closes
 * them. Meanwhile players from 127.0.0.1 connect and play, past the deadline too.
 */

#include <string.h>

#include "test-server-ws.h"
#include "test-util.h"

#define ROOM "hhhhhhhhhhhhhhhh"
#define SECOND_ADDRESS "127.0.0.2"
#define PARTIAL "GET /rooms/abcdefghijklmnop HTTP/1.1\r\nHost: x\r\n"
#define MS (G_USEC_PER_SEC / 1000)

/* The start of a TLS ClientHello, without a line feed (libsoup reads lines). */
static const char tls_hello[] = "\x16\x03\x01\x00\xc8\x01\x00\x00\xc4\x03\x03"
                                "abcdefghijklmnopqrstuvwxyz012345";

/* A connection that speaks no WebSocket. */
typedef struct
{
  GSocket *socket;
  gint64 opened;     /* when connected (monotonic) */
  gint64 closed;     /* when its end was read; 0: not yet */
} Raw;

static Raw *
raw_open (Net        *net,
          const char *from,
          const char *data,
          gsize       length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GInetAddress) local = g_inet_address_new_from_string (from);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) bind_to = g_inet_socket_address_new (local, 0);
  g_autoptr (GSocketAddress) server = g_inet_socket_address_new (
    loopback, (guint16) trio_server_get_port (net->server));
  Raw *raw = g_new0 (Raw, 1);

  raw->socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM,
                              G_SOCKET_PROTOCOL_DEFAULT, &error);
  ck_assert_msg (raw->socket != NULL, "%s", error != NULL ? error->message : "");
  ck_assert_msg (g_socket_bind (raw->socket, bind_to, FALSE, &error), "%s", error->message);
  /* Connected while the server is served: its queue of connections to accept is short. */
  g_socket_set_blocking (raw->socket, FALSE);
  if (!g_socket_connect (raw->socket, server, NULL, &error))
    {
      ck_assert_msg (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PENDING), "%s",
                     error->message);
      g_clear_error (&error);
      while (g_socket_condition_check (raw->socket, G_IO_OUT) == 0)
        if (!g_main_context_iteration (NULL, FALSE))
          g_usleep (1000);
      ck_assert_msg (g_socket_check_connect_result (raw->socket, &error), "%s", error->message);
    }
  raw->opened = g_get_monotonic_time ();
  if (length > 0)
    ck_assert_int_eq (g_socket_send (raw->socket, data, length, NULL, NULL), (gssize) length);
  return raw;
}

static void
raw_free (Raw *raw)
{
  g_object_unref (raw->socket);
  g_free (raw);
}

/* Whether the server closed raw (its end read, or a reset); what it sent is dropped. */
static gboolean
raw_closed (Raw *raw)
{
  char buffer[512];

  while (raw->closed == 0)
    {
      g_autoptr (GError) error = NULL;
      gssize n = g_socket_receive (raw->socket, buffer, sizeof buffer, NULL, &error);

      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return FALSE;
      if (n <= 0)
        raw->closed = g_get_monotonic_time ();
    }
  return TRUE;
}

/* Each looked at, that each has the time its end was seen. */
static gboolean
all_closed (GPtrArray *raws)
{
  gboolean all = TRUE;

  for (guint i = 0; i < raws->len; i++)
    all &= raw_closed (raws->pdata[i]);
  return all;
}

/* Serves the main context until all of raws are closed or limit_ms pass; whether they are. */
static gboolean
serve_until_closed (GPtrArray *raws,
                    guint      limit_ms)
{
  gint64 until = g_get_monotonic_time () + limit_ms * MS;

  while (!all_closed (raws))
    {
      if (g_get_monotonic_time () >= until)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return TRUE;
}

static void
serve_until (gint64 when)
{
  while (g_get_monotonic_time () < when)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* Serves the main context until the server has n handshakes in progress. */
static void
wait_handshakes (Net  *net,
                 guint n)
{
  gint64 until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (trio_server_get_n_handshakes (net->server) != n)
    {
      ck_assert_msg (g_get_monotonic_time () < until, "%u handshakes in progress, not %u",
                     trio_server_get_n_handshakes (net->server), n);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
}

static void
keep_log (const char    *domain,
          GLogLevelFlags level,
          const char    *message,
          gpointer       user_data)
{
  g_ptr_array_add (user_data, g_strdup (message));
  g_log_default_handler (domain, level, message, NULL);
}

static guint
count_log (GPtrArray  *log,
           const char *text)
{
  guint n = 0;

  for (guint i = 0; i < log->len; i++)
    n += strstr (log->pdata[i], text) != NULL;
  return n;
}

static void
init_server (Net               *net,
             guint              max_per_address,
             guint              timeout_ms,
             const char *const *proxies)
{
  TrioServerConfig config;

  net_config_init (&config, NULL, max_per_address);
  config.handshake_timeout_ms = timeout_ms;
  config.trusted_proxies = proxies;
  net_init_config (net, &config);
}

static void
assert_closed_in (GPtrArray *raws,
                  guint      from,
                  gint64     min_us,
                  gint64     max_us)
{
  for (guint i = from; i < raws->len; i++)
    {
      Raw *raw = raws->pdata[i];

      ck_assert_msg (raw->closed - raw->opened >= min_us && raw->closed - raw->opened < max_us,
                     "connection %u closed after %" G_GINT64_FORMAT " ms", i,
                     (raw->closed - raw->opened) / MS);
    }
}

/* A move, told to both players. */
static void
play (Ws         *mover,
      Ws         *other,
      const char *move,
      guint       ply)
{
  g_autoptr (JsonObject) a = NULL;
  g_autoptr (JsonObject) b = NULL;

  ws_send (mover, "{\"type\": \"move\", \"move\": \"%s\", \"ply\": %u}", move, ply);
  a = ws_next (mover, "move");
  b = ws_next (other, "move");
  ck_assert_int_eq (json_object_get_int_member (a, "ply"), ply + 1);
  ck_assert_str_eq (json_object_get_string_member (b, "move"), move);
}

/* Ann creates a Marelle room for two humans on ann, Bob joins it on bob. */
static void
seat_two (Ws *ann,
          Ws *bob)
{
  g_autoptr (JsonObject) welcome = NULL;

  ws_send (ann, "{\"type\": \"create\", \"game\": \"marelle\", \"options\": {}, \"seats\":"
           " [{\"kind\": \"human\"}, {\"kind\": \"human\"}], \"seat\": 0, \"name\": \"Ann\"}");
  welcome = ws_next (ann, "welcome");
  ws_skip (ann, "state");
  ws_send (bob, "{\"type\": \"join\", \"key\": \"%s\", \"name\": \"Bob\"}",
           strchr (json_object_get_string_member (welcome, "link"), '#') + 1);
  ws_skip (bob, "welcome");
  ws_skip (bob, "state");
  ws_skip (ann, "seat");
}

#define DEADLINE_MS 600

/* Connections that never finish their handshake are closed at the deadline, not before;
 * players connected meanwhile play on past it. */
START_TEST (test_deadline)
{
  g_auto (Net) net = { 0 };
  g_autoptr (GPtrArray) raws = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_free);
  guint handler = g_log_set_handler ("Trio", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE,
                                     keep_log, log);
  g_autoptr (Ws) ann = NULL;
  g_autoptr (Ws) bob = NULL;
  gint64 players_in;

  init_server (&net, 8, DEADLINE_MS, NULL);
  for (guint i = 0; i < 2; i++)
    {
      g_ptr_array_add (raws, raw_open (&net, SECOND_ADDRESS, NULL, 0));
      g_ptr_array_add (raws, raw_open (&net, SECOND_ADDRESS, PARTIAL, strlen (PARTIAL)));
    }
  g_ptr_array_add (raws, raw_open (&net, SECOND_ADDRESS, tls_hello, sizeof tls_hello - 1));
  wait_handshakes (&net, raws->len);
  ann = ws_open_room (&net, ROOM);
  bob = ws_open_room (&net, ROOM);
  players_in = g_get_monotonic_time ();
  seat_two (ann, bob);
  play (ann, bob, "d6", 0);
  play (bob, ann, "d2", 1);
  ck_assert_msg (serve_until_closed (raws, DEADLINE_MS + 5000),
                 "a connection without a handshake is still open after the deadline");
  assert_closed_in (raws, 0, DEADLINE_MS * MS, (DEADLINE_MS + 5000) * MS);
  ck_assert_uint_eq (trio_server_get_n_handshakes (net.server), 0);
  ck_assert_uint_eq (count_log (log, "no WebSocket handshake within 0.6 s"), 1);
  /* The players' own deadlines pass: theirs are upgraded connections, which stay. */
  serve_until (players_in + (DEADLINE_MS + 200) * MS);
  play (ann, bob, "f4", 2);
  ck_assert_uint_eq (trio_server_get_n_connections (net.server), 2);
  g_log_remove_handler ("Trio", handler);
}
END_TEST

/* Past max_per_address handshakes in progress from one address, the next connections are
 * closed at once; one that goes frees its place; another address is not bound by them. */
START_TEST (test_bound)
{
  g_auto (Net) net = { 0 };
  g_autoptr (GPtrArray) pending = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  g_autoptr (GPtrArray) excess = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_free);
  guint handler = g_log_set_handler ("Trio", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE,
                                     keep_log, log);
  g_autoptr (Ws) ann = NULL;
  g_autoptr (JsonObject) reply = NULL;

  /* A deadline far enough that only the bound closes anything here. */
  init_server (&net, 4, 20000, NULL);
  for (guint i = 0; i < 4; i++)
    g_ptr_array_add (pending, raw_open (&net, SECOND_ADDRESS, i % 2 ? PARTIAL : NULL,
                                        i % 2 ? strlen (PARTIAL) : 0));
  wait_handshakes (&net, 4);
  for (guint i = 0; i < 40; i++)
    g_ptr_array_add (excess, raw_open (&net, SECOND_ADDRESS, NULL, 0));
  ck_assert_msg (serve_until_closed (excess, 5000), "connections past the bound are open");
  assert_closed_in (excess, 0, 0, 5000 * MS);
  ck_assert_uint_eq (trio_server_get_n_handshakes (net.server), 4);
  for (guint i = 0; i < pending->len; i++)
    ck_assert (!raw_closed (pending->pdata[i]));
  ck_assert_uint_eq (count_log (log, "Connection from " SECOND_ADDRESS " closed at once:"
                                " 4 handshakes in progress from that address"), 1);
  /* A player from 127.0.0.1 plays against the computer meanwhile. */
  ann = ws_open_room (&net, ROOM);
  ws_send (ann, "{\"type\": \"create\", \"game\": \"marelle\", \"options\": {}, \"seats\":"
           " [{\"kind\": \"human\"}, {\"kind\": \"computer\", \"level\": 1}], \"seat\": 0,"
           " \"name\": \"Ann\"}");
  ws_skip (ann, "welcome");
  ws_skip (ann, "state");
  ws_send (ann, "{\"type\": \"move\", \"move\": \"d6\", \"ply\": 0}");
  ws_skip (ann, "move");
  reply = ws_next (ann, "move");
  ck_assert_int_eq (json_object_get_int_member (reply, "seat"), 1);
  /* Two that go free their places: two more are taken, and the next one is closed. */
  g_ptr_array_remove_range (pending, 0, 2);
  wait_handshakes (&net, 2);
  g_ptr_array_set_size (excess, 0);
  for (guint i = 0; i < 2; i++)
    g_ptr_array_add (pending, raw_open (&net, SECOND_ADDRESS, NULL, 0));
  wait_handshakes (&net, 4);
  g_ptr_array_add (excess, raw_open (&net, SECOND_ADDRESS, NULL, 0));
  ck_assert (serve_until_closed (excess, 5000));
  for (guint i = 0; i < pending->len; i++)
    ck_assert (!raw_closed (pending->pdata[i]));
  /* The server's shutdown closes those left. */
  trio_server_shutdown (net.server);
  ck_assert (serve_until_closed (pending, 5000));
  ck_assert_uint_eq (trio_server_get_n_handshakes (net.server), 0);
  g_log_remove_handler ("Trio", handler);
}
END_TEST

/* A trusted proxy's connections carry many clients: bounded in time only. */
START_TEST (test_trusted_proxy)
{
  static const char *const proxies[] = { SECOND_ADDRESS, NULL };
  g_auto (Net) net = { 0 };
  g_autoptr (GPtrArray) proxied = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  g_autoptr (GPtrArray) direct = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);
  g_autoptr (GPtrArray) third = g_ptr_array_new_with_free_func ((GDestroyNotify) raw_free);

  init_server (&net, 2, 2000, proxies);
  for (guint i = 0; i < 6; i++)
    g_ptr_array_add (proxied, raw_open (&net, SECOND_ADDRESS, PARTIAL, strlen (PARTIAL)));
  for (guint i = 0; i < 2; i++)
    g_ptr_array_add (direct, raw_open (&net, "127.0.0.1", NULL, 0));
  wait_handshakes (&net, 8);
  /* From an address that is not trusted, the third is closed at once. */
  g_ptr_array_add (third, raw_open (&net, "127.0.0.1", NULL, 0));
  ck_assert (serve_until_closed (third, 1500));
  assert_closed_in (third, 0, 0, 1500 * MS);
  ck_assert_uint_eq (trio_server_get_n_handshakes (net.server), 8);
  ck_assert (serve_until_closed (proxied, 2000 + 5000));
  assert_closed_in (proxied, 0, 2000 * MS, (2000 + 5000) * MS);
  ck_assert (serve_until_closed (direct, 5000));
  ck_assert_uint_eq (trio_server_get_n_handshakes (net.server), 0);
}
END_TEST

static Suite *
handshake_suite (void)
{
  Suite *suite = suite_create ("server-handshake");
  TCase *tc = tcase_create ("handshake");

  tcase_set_timeout (tc, 30);
  tcase_add_test (tc, test_deadline);
  tcase_add_test (tc, test_bound);
  tcase_add_test (tc, test_trusted_proxy);
  suite_add_tcase (suite, tc);
  return suite;
}

int
main (void)
{
  return tu_run_suite (handshake_suite ());
}
