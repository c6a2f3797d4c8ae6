/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-proxy.c: trusted proxies: the client's address read from X-Forwarded-For
 *
 * First trio_proxies_client() alone: the trusted ranges, the header walked from the right,
 * addresses normalised, and every header it must not use (missing, empty, malformed, too
 * many proxies) leaving the peer's address. Then the server on 127.0.0.1 with a bound of two
 * connections an address: behind a trusted proxy the clients it names are counted apart;
 * without it the header changes nothing; an unusable header counts the proxy itself, with
 * one warning in the log.
 */

#include <string.h>

#include "trio-server-proxy.h"
#include "test-server-ws.h"
#include "test-util.h"

#define ROOM "pppppppppppppppp"

static const char *const trusted[] = { "127.0.0.1", "10.0.0.0/8", "2001:db8::/32", NULL };

/* The client trio_proxies_client() finds behind trusted, and whether it told a problem. */
static void
check_client (const char *peer,
              const char *forwarded,
              const char *expected,
              gboolean    expect_problem)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TrioProxies) proxies = trio_proxies_new (trusted, &error);
  g_autofree char *client = NULL;
  const char *problem = "unset";

  ck_assert_msg (proxies != NULL, "%s", error != NULL ? error->message : "");
  client = trio_proxies_client (proxies, peer, forwarded, &problem);
  ck_assert_msg (g_strcmp0 (client, expected) == 0, "from %s with '%.80s': %s, not %s", peer,
                 forwarded, client, expected);
  ck_assert_msg ((problem != NULL) == expect_problem, "from %s with '%.80s': problem %s", peer,
                 forwarded, problem);
}

START_TEST (test_ranges)
{
  static const char *const ranges[] = {
    "127.0.0.1", "10.0.0.0/8", "::1/128", "2001:db8::/32", "::ffff:192.0.2.0/120", NULL,
  };
  static const char *const bad[] = {
    "10.0.0.1/8", "10.0.0.0/33", "example.org", "", "10.0.0.0/8 ", "127.0.0.1:80",
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (TrioProxies) proxies = trio_proxies_new (ranges, &error);
  g_autoptr (TrioProxies) none = trio_proxies_new (NULL, &error);

  ck_assert_msg (proxies != NULL, "%s", error != NULL ? error->message : "");
  ck_assert (!trio_proxies_is_empty (proxies));
  ck_assert (trio_proxies_trusts (proxies, "127.0.0.1"));
  ck_assert (!trio_proxies_trusts (proxies, "127.0.0.2"));
  ck_assert (trio_proxies_trusts (proxies, "10.200.3.4"));
  ck_assert (!trio_proxies_trusts (proxies, "11.0.0.1"));
  ck_assert (trio_proxies_trusts (proxies, "::1"));
  ck_assert (trio_proxies_trusts (proxies, "2001:DB8:5::7"));
  ck_assert (!trio_proxies_trusts (proxies, "2001:db9::1"));
  /* IPv4 mapped into IPv6 is IPv4, for the ranges as for the addresses. */
  ck_assert (trio_proxies_trusts (proxies, "192.0.2.77"));
  ck_assert (trio_proxies_trusts (proxies, "::ffff:10.0.0.1"));
  ck_assert (!trio_proxies_trusts (proxies, "not an address"));
  ck_assert (none != NULL && trio_proxies_is_empty (none));
  ck_assert (!trio_proxies_trusts (none, "127.0.0.1"));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      const char *one[] = { bad[i], NULL };
      g_autoptr (GError) bad_error = NULL;
      g_autoptr (TrioProxies) refused = trio_proxies_new (one, &bad_error);

      ck_assert_msg (refused == NULL, "'%s' taken", bad[i]);
      ck_assert (g_error_matches (bad_error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT));
      ck_assert (strstr (bad_error->message, bad[i]) != NULL);
    }
}
END_TEST

START_TEST (test_forwarded)
{
  g_autoptr (GString) chain = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (TrioProxies) none = trio_proxies_new (NULL, &error);
  g_autofree char *long_entry = g_strnfill (2000, '1');
  g_autofree char *padded = NULL;
  g_autofree char *client = NULL;
  const char *problem = "unset";

  /* Not from a trusted proxy: the header is not read, whatever it says. */
  check_client ("192.0.2.1", "203.0.113.7", "192.0.2.1", FALSE);
  check_client ("192.0.2.1", "garbage", "192.0.2.1", FALSE);
  check_client ("::ffff:192.0.2.1", NULL, "192.0.2.1", FALSE);
  check_client ("2001:DB9:0::1", "203.0.113.7", "2001:db9::1", FALSE);
  client = trio_proxies_client (none, "127.0.0.1", "203.0.113.7", &problem);
  ck_assert_str_eq (client, "127.0.0.1");
  ck_assert_ptr_null (problem);
  /* From one: the rightmost entry that is not a trusted proxy, normalised. */
  check_client ("127.0.0.1", "203.0.113.7", "203.0.113.7", FALSE);
  check_client ("::ffff:127.0.0.1", " \t203.0.113.7 ", "203.0.113.7", FALSE);
  check_client ("127.0.0.1", "::ffff:203.0.113.7", "203.0.113.7", FALSE);
  check_client ("127.0.0.1", "2001:DB9:0:0::1", "2001:db9::1", FALSE);
  check_client ("2001:db8::5", "203.0.113.7", "203.0.113.7", FALSE);
  check_client ("127.0.0.1", "203.0.113.7, 10.0.0.2,10.1.1.1", "203.0.113.7", FALSE);
  /* What a client wrote at the left is never read past its own address. */
  check_client ("127.0.0.1", "6.6.6.6, 203.0.113.7", "203.0.113.7", FALSE);
  check_client ("127.0.0.1", "garbage, 203.0.113.7, 10.0.0.9", "203.0.113.7", FALSE);
  padded = g_strdup_printf ("%s, %s, 203.0.113.9", long_entry, long_entry);
  check_client ("127.0.0.1", padded, "203.0.113.9", FALSE);
  /* Every entry a trusted proxy: the farthest, up to 32 of them. */
  check_client ("127.0.0.1", "10.0.0.2, 10.0.0.3", "10.0.0.2", FALSE);
  for (guint i = 0; i < TRIO_PROXIES_MAX_ENTRIES; i++)
    g_string_append_printf (chain, "%s10.0.0.%u", i > 0 ? ", " : "", i + 1);
  check_client ("127.0.0.1", chain->str, "10.0.0.1", FALSE);
  g_string_prepend (chain, "203.0.113.7, ");
  check_client ("127.0.0.1", chain->str, "127.0.0.1", TRUE);
  /* Unusable: the peer's own address, and a problem told. */
  check_client ("127.0.0.1", NULL, "127.0.0.1", TRUE);
  check_client ("127.0.0.1", "", "127.0.0.1", TRUE);
  check_client ("127.0.0.1", " \t ", "127.0.0.1", TRUE);
  check_client ("127.0.0.1", "nonsense", "127.0.0.1", TRUE);
  check_client ("::ffff:127.0.0.1", "203.0.113.7, ", "127.0.0.1", TRUE);
  check_client ("127.0.0.1", "203.0.113.7:443", "127.0.0.1", TRUE);
  check_client ("127.0.0.1", "[2001:db9::1]", "127.0.0.1", TRUE);
  check_client ("127.0.0.1", "203.0.113.7 203.0.113.8", "127.0.0.1", TRUE);
  check_client ("127.0.0.1", "203.0.113.7, garbage", "127.0.0.1", TRUE);
  check_client ("127.0.0.1", long_entry, "127.0.0.1", TRUE);
  check_client ("127.0.0.1", "203.0.113.7,,10.0.0.1", "127.0.0.1", TRUE);
  /* No peer address, or not an IP address: as it is. */
  check_client (NULL, "203.0.113.7", "?", FALSE);
  check_client ("somewhere", "203.0.113.7", "somewhere", FALSE);
}
END_TEST

/* The server's messages and warnings, kept (and shown). */
static void
keep_log (const char    *domain,
          GLogLevelFlags level,
          const char    *message,
          gpointer       user_data)
{
  g_ptr_array_add (user_data, g_strdup (message));
  g_log_default_handler (domain, level, message, NULL);
}

/* How many lines of the log hold text. */
/* The per-address bounds count an IPv6 address by its /64, anything else as it is. */
START_TEST (test_buckets)
{
  static const char *const cases[][2] = {
    { "198.51.100.7", "198.51.100.7" },
    { "::ffff:198.51.100.7", "198.51.100.7" },
    { "2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64" },
    { "2001:db8:1:2::9", "2001:db8:1:2::/64" },
    { "::1", "::/64" },
    { "fe80::1", "fe80::/64" },
    { "?", "?" },
    { "not-an-address", "not-an-address" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *bucket = trio_proxies_bucket (cases[i][0]);

      ck_assert_str_eq (bucket, cases[i][1]);
    }
}
END_TEST

static guint
count_log (GPtrArray  *log,
           const char *text)
{
  guint n = 0;

  for (guint i = 0; i < log->len; i++)
    n += strstr (log->pdata[i], text) != NULL;
  return n;
}

/* A server bounded to two connections a client address, behind proxies (NULL: none). */
static void
proxy_init (Net               *net,
            const char *const *proxies)
{
  TrioServerConfig config;

  net_config_init (&config, NULL, 2);
  config.trusted_proxies = proxies;
  net_init_config (net, &config);
}

/* A connection with that X-Forwarded-For (NULL: none); whether the server took it (else it
 * was told too-many-connections and closed, 1008). */
static gboolean
connect_forwarded (Net        *net,
                   const char *forwarded,
                   GPtrArray  *open)
{
  Ws *ws = ws_open_forwarded (net, ROOM, forwarded);
  g_autoptr (JsonObject) error = NULL;
  const char *code;

  g_ptr_array_add (open, ws);
  if (soup_websocket_connection_get_state (ws->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    ws_send (ws, "{\"type\": \"resign\"}");
  error = ws_next (ws, "error");
  code = json_object_get_string_member (error, "code");
  if (strcmp (code, "not-seated") == 0)
    return TRUE;
  ck_assert_str_eq (code, "too-many-connections");
  ws_wait_closed (ws);
  ck_assert_int_eq (ws->close_code, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
  return FALSE;
}

START_TEST (test_trusted_proxy)
{
  static const char *const proxies[] = { "127.0.0.1", NULL };
  g_auto (Net) net = { 0 };
  g_autoptr (GPtrArray) open = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_free);
  g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_free);
  guint handler = g_log_set_handler ("Trio", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE,
                                     keep_log, log);

  proxy_init (&net, proxies);
  /* Five connections from 127.0.0.1, three clients: more than two a client's address. */
  ck_assert (connect_forwarded (&net, "198.51.100.1", open));
  ck_assert (connect_forwarded (&net, "198.51.100.2", open));
  ck_assert (connect_forwarded (&net, "6.6.6.6, 198.51.100.3", open));
  ck_assert (connect_forwarded (&net, "198.51.100.1", open));
  ck_assert (connect_forwarded (&net, "2001:db8::1", open));
  /* The same client however written: its third connection is refused, and named. */
  ck_assert (!connect_forwarded (&net, "::ffff:198.51.100.1", open));
  ck_assert_uint_eq (count_log (log, "Connection from 198.51.100.1 refused"), 1);
  ck_assert (connect_forwarded (&net, "198.51.100.2", open));
  ck_assert (!connect_forwarded (&net, "203.0.113.5, 198.51.100.2", open));
  /* An IPv6 client is counted by its /64: the one above had one, another of its /64 is the
   * second, and a third is refused; another /64 is another client. */
  ck_assert (connect_forwarded (&net, "2001:db8::ffff:2", open));
  ck_assert (!connect_forwarded (&net, "2001:db8:0:0:1234::9", open));
  ck_assert_uint_eq (count_log (log, "Connection from 2001:db8::1234:0:0:9 refused"), 1);
  ck_assert (connect_forwarded (&net, "2001:db8:0:1::1", open));
  ck_assert_uint_eq (count_log (log, "Connection from the trusted proxy"), 0);
  g_log_remove_handler ("Trio", handler);
}
END_TEST

/* Not from a trusted proxy (none, or others), the header changes nothing. */
START_TEST (test_untrusted_peer)
{
  static const char *const others[] = { "10.0.0.0/8", "::1", NULL };
  g_auto (Net) net = { 0 };
  g_autoptr (GPtrArray) open = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_free);
  g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_free);
  guint handler = g_log_set_handler ("Trio", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE,
                                     keep_log, log);

  proxy_init (&net, _i == 0 ? NULL : others);
  ck_assert (connect_forwarded (&net, "198.51.100.1", open));
  ck_assert (connect_forwarded (&net, "198.51.100.2", open));
  ck_assert (!connect_forwarded (&net, "198.51.100.3", open));
  ck_assert (!connect_forwarded (&net, NULL, open));
  ck_assert_uint_eq (count_log (log, "Connection from 127.0.0.1 refused"), 2);
  ck_assert_uint_eq (count_log (log, "Connection from the trusted proxy"), 0);
  g_log_remove_handler ("Trio", handler);
}
END_TEST

/* From a trusted proxy, a header that names no client counts the proxy, told once. */
START_TEST (test_unusable_header)
{
  static const char *const proxies[] = { "127.0.0.0/8", NULL };
  g_auto (Net) net = { 0 };
  g_autoptr (GPtrArray) open = g_ptr_array_new_with_free_func ((GDestroyNotify) ws_free);
  g_autoptr (GPtrArray) log = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *huge = g_strnfill (4096, 'x');
  guint handler = g_log_set_handler ("Trio", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE,
                                     keep_log, log);

  proxy_init (&net, proxies);
  ck_assert (connect_forwarded (&net, "not-an-address", open));
  ck_assert (connect_forwarded (&net, huge, open));
  ck_assert (!connect_forwarded (&net, NULL, open));
  ck_assert (!connect_forwarded (&net, "198.51.100.1:8080", open));
  ck_assert_uint_eq (count_log (log, "Connection from 127.0.0.1 refused"), 2);
  /* A client the proxy names is still its own. */
  ck_assert (connect_forwarded (&net, "198.51.100.1", open));
  ck_assert_uint_eq (count_log (log, "Connection from the trusted proxy 127.0.0.1 with an"
                                " X-Forwarded-For entry that is not an IP address"), 1);
  ck_assert_uint_eq (count_log (log, "Connection from the trusted proxy"), 1);
  g_log_remove_handler ("Trio", handler);
}
END_TEST

static Suite *
proxy_suite (void)
{
  Suite *suite = suite_create ("server-proxy");
  TCase *tc = tcase_create ("proxy");

  tcase_add_test (tc, test_ranges);
  tcase_add_test (tc, test_forwarded);
  tcase_add_test (tc, test_buckets);
  tcase_add_test (tc, test_trusted_proxy);
  tcase_add_loop_test (tc, test_untrusted_peer, 0, 2);
  tcase_add_test (tc, test_unusable_header);
  suite_add_tcase (suite, tc);
  return suite;
}

int
main (void)
{
  return tu_run_suite (proxy_suite ());
}
