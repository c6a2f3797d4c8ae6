/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-discovery.c: games on the local network (src/app/network): TXT records read and
 * checked, titles made fit to show, links; TrioDiscovery without a daemon; and, when
 * tests/test-discovery-avahi.sh gives it a daemon of its own (TRIO_TEST_AVAHI_DAEMON), a
 * game announced by one TrioDiscovery and listed by another */

#include <glib.h>
#include <signal.h>
#include <string.h>

#include "network/trio-discovery.h"
#include "network/trio-discovery-record.h"

#define ROOM "abcdefghijklmn27"
#define KEY  "AZaz09_-AZaz09_-AZaz09"

/* The TXT record */

/* Parses the NULL-terminated items (each up to its NUL, or its length in lengths if given). */
static gboolean
parse (TrioDiscoveryRecord *record,
       const char         **reason,
       const char *const   *items,
       const gsize         *lengths)
{
  const guint8 *data[32];
  gsize sizes[32];
  gsize n = 0;

  for (; items[n] != NULL; n++)
    {
      g_assert_cmpuint (n, <, G_N_ELEMENTS (data));
      data[n] = (const guint8 *) items[n];
      sizes[n] = lengths != NULL ? lengths[n] : strlen (items[n]);
    }
  return trio_discovery_record_parse (record, data, sizes, n, reason);
}

static void
assert_refused (const char *const *items,
                const char        *why)
{
  TrioDiscoveryRecord record = { "kept", "", "", 5 };
  const char *reason = NULL;

  g_assert_false (parse (&record, &reason, items, NULL));
  g_assert_cmpstr (reason, ==, why);
  /* Left as it was. */
  g_assert_cmpstr (record.game_id, ==, "kept");
  g_assert_cmpint (record.open_seats, ==, 5);
}

static void
test_parse_valid (void)
{
  const char *items[] = { "v=1", "room=" ROOM, "key=" KEY, "game=marelle", "seats=2", NULL };
  /* Names in any case, in any order, unknown ones and empty items ignored, the first of a
   * name kept (RFC 6763, 6.4). */
  const char *mixed[] = { "", "Seats=0", "=ignored", "flag", "GAME=triple-alliance",
                          "colour=blue", "KEY=" KEY, "ROOM=" ROOM, "room=zzzzzzzzzzzzzzzz",
                          "V=1", "seats=6", NULL };
  TrioDiscoveryRecord record;
  const char *reason = NULL;

  g_assert_true (parse (&record, &reason, items, NULL));
  g_assert_cmpstr (record.room, ==, ROOM);
  g_assert_cmpstr (record.key, ==, KEY);
  g_assert_cmpstr (record.game_id, ==, "marelle");
  g_assert_cmpint (record.open_seats, ==, 2);

  g_assert_true (parse (&record, &reason, mixed, NULL));
  g_assert_cmpstr (record.room, ==, ROOM);
  g_assert_cmpstr (record.game_id, ==, "triple-alliance");
  g_assert_cmpint (record.open_seats, ==, 0);
}

static void
test_parse_refused (void)
{
  g_autofree char *b32 = g_strnfill (32, 'b');
  g_autofree char *long_game = g_strconcat ("game=a", b32, NULL);
  const char *many[TRIO_DISCOVERY_ITEMS_MAX + 2];
  const char *nul_item[] = { "v=1", "room=" ROOM, "key=" KEY, "game=marelle", "seats=2", NULL };
  const gsize nul_lengths[] = { 3, 21, 26, 12, 7 };
  char nul_room[32] = "room=abcdefgh";
  TrioDiscoveryRecord record;
  const char *reason = NULL;

#define REFUSED(why, ...) \
  do { \
    const char *items_[] = { __VA_ARGS__, NULL }; \
    assert_refused (items_, why); \
  } while (0)

  REFUSED ("a field is missing", "room=" ROOM, "key=" KEY, "game=marelle", "seats=2");
  REFUSED ("a field is missing", "v=1", "key=" KEY, "game=marelle", "seats=2");
  REFUSED ("a field is missing", "v=1", "room=" ROOM, "game=marelle", "seats=2");
  REFUSED ("a field is missing", "v=1", "room=" ROOM, "key=" KEY, "seats=2");
  REFUSED ("a field is missing", "v=1", "room=" ROOM, "key=" KEY, "game=marelle");
  REFUSED ("a field without a value", "v=1", "room", "key=" KEY, "game=marelle", "seats=2");
  REFUSED ("another version", "v=2", "room=" ROOM, "key=" KEY, "game=marelle", "seats=2");
  REFUSED ("another version", "v=10", "room=" ROOM, "key=" KEY, "game=marelle", "seats=2");
  REFUSED ("another version", "v=", "room=" ROOM, "key=" KEY, "game=marelle", "seats=2");
  /* Rooms: 16 of [a-z2-7]. */
  REFUSED ("not a room id", "v=1", "room=abcdefghijklmn2", "key=" KEY, "game=marelle",
           "seats=2");
  REFUSED ("not a room id", "v=1", "room=abcdefghijklmn278", "key=" KEY, "game=marelle",
           "seats=2");
  REFUSED ("not a room id", "v=1", "room=Abcdefghijklmn27", "key=" KEY, "game=marelle",
           "seats=2");
  REFUSED ("not a room id", "v=1", "room=abcdefghijklmn18", "key=" KEY, "game=marelle",
           "seats=2");
  REFUSED ("not a room id", "v=1", "room=abcdefghijklm/27", "key=" KEY, "game=marelle",
           "seats=2");
  /* Keys: 22 of [A-Za-z0-9_-]. */
  REFUSED ("not a key", "v=1", "room=" ROOM, "key=AZaz09_-AZaz09_-AZaz0", "game=marelle",
           "seats=2");
  REFUSED ("not a key", "v=1", "room=" ROOM, "key=AZaz09_-AZaz09_-AZaz0+", "game=marelle",
           "seats=2");
  REFUSED ("not a key", "v=1", "room=" ROOM, "key=AZaz09_-AZaz09_-AZaz0=", "game=marelle",
           "seats=2");
  REFUSED ("not a key", "v=1", "room=" ROOM, "key=AZaz09_-AZaz09_-AZaz0é", "game=marelle",
           "seats=2");
  /* Game ids: a letter, then [a-z0-9-], 32 at most. */
  REFUSED ("not a game id", "v=1", "room=" ROOM, "key=" KEY, "game=", "seats=2");
  REFUSED ("not a game id", "v=1", "room=" ROOM, "key=" KEY, "game=Marelle", "seats=2");
  REFUSED ("not a game id", "v=1", "room=" ROOM, "key=" KEY, "game=-marelle", "seats=2");
  REFUSED ("not a game id", "v=1", "room=" ROOM, "key=" KEY, "game=ma relle", "seats=2");
  REFUSED ("not a game id", "v=1", "room=" ROOM, "key=" KEY, "game=../x", "seats=2");
  REFUSED ("not a game id", "v=1", "room=" ROOM, "key=" KEY, long_game, "seats=2");
  /* Seats: 0 to 6, one digit. */
  REFUSED ("not a number of seats", "v=1", "room=" ROOM, "key=" KEY, "game=marelle", "seats=7");
  REFUSED ("not a number of seats", "v=1", "room=" ROOM, "key=" KEY, "game=marelle",
           "seats=-1");
  REFUSED ("not a number of seats", "v=1", "room=" ROOM, "key=" KEY, "game=marelle",
           "seats=02");
  REFUSED ("not a number of seats", "v=1", "room=" ROOM, "key=" KEY, "game=marelle", "seats=");
  REFUSED ("not a number of seats", "v=1", "room=" ROOM, "key=" KEY, "game=marelle",
           "seats=x");
#undef REFUSED

  /* Too many items, whatever they are. */
  for (int i = 0; i < TRIO_DISCOVERY_ITEMS_MAX + 1; i++)
    many[i] = "v=1";
  many[TRIO_DISCOVERY_ITEMS_MAX + 1] = NULL;
  assert_refused (many, "too many items");
  many[TRIO_DISCOVERY_ITEMS_MAX] = NULL;
  assert_refused (many, "a field is missing");

  /* A NUL byte in a value, as the network may send: the room is cut short. */
  memcpy (nul_room + 13, "\0ijklmn27", 9);
  nul_item[1] = nul_room;
  g_assert_false (parse (&record, &reason, nul_item, nul_lengths));
  g_assert_cmpstr (reason, ==, "not a room id");
}

static void
test_txt_round_trip (void)
{
  g_auto (GStrv) items = NULL;
  TrioDiscoveryRecord record, read;
  const char *reason = NULL;

  g_assert_false (trio_discovery_record_set (&record, "marelle", ROOM, KEY, 7));
  g_assert_false (trio_discovery_record_set (&record, "marelle", ROOM, KEY, -1));
  g_assert_false (trio_discovery_record_set (&record, "marelle", "short", KEY, 1));
  g_assert_false (trio_discovery_record_set (&record, "marelle", ROOM, "short", 1));
  g_assert_false (trio_discovery_record_set (&record, "Marelle", ROOM, KEY, 1));
  g_assert_false (trio_discovery_record_set (&record, NULL, ROOM, KEY, 1));
  g_assert_true (trio_discovery_record_set (&record, "trichess", ROOM, KEY, 3));

  items = trio_discovery_record_to_txt (&record);
  g_assert_cmpstr (items[0], ==, "v=1");
  g_assert_true (parse (&read, &reason, (const char *const *) items, NULL));
  g_assert_cmpstr (read.game_id, ==, "trichess");
  g_assert_cmpstr (read.room, ==, ROOM);
  g_assert_cmpstr (read.key, ==, KEY);
  g_assert_cmpint (read.open_seats, ==, 3);
  g_assert_cmpmem (&read, sizeof read, &record, sizeof record);
}

/* Titles */

static void
assert_title (const char *text,
              const char *expected)
{
  g_autofree char *title = trio_discovery_sanitize_title (text);

  g_assert_cmpstr (title, ==, expected);
  if (title != NULL)
    {
      g_assert_true (g_utf8_validate (title, -1, NULL));
      g_assert_cmpuint (strlen (title), <=, TRIO_DISCOVERY_TITLE_MAX);
    }
}

static void
test_titles (void)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GString) expected = g_string_new (NULL);
  g_autofree char *a62 = g_strnfill (62, 'a');

  assert_title ("Alice — Marelle triple", "Alice — Marelle triple");
  assert_title ("  Alice\n\t—\r\nMarelle  ", "Alice — Marelle");
  assert_title ("Alice\u2028\u2029Bob\xc2\x85", "Alice Bob");
  /* Direction overrides, marks and the byte-order mark go; the joiners stay. */
  assert_title ("\u202eecilA\u202c \u200f\ufeffBob", "ecilA Bob");
  assert_title ("a\u200db\u200cc", "a\u200db\u200cc");
  /* Private use and unassigned characters go too. */
  assert_title ("x\ue000y\U000e0080z", "xyz");
  /* Bytes that are not UTF-8 show as U+FFFD. */
  assert_title ("Al\xffice", "Al\ufffdice");
  assert_title ("", NULL);
  assert_title (" \n\t\u202e ", NULL);
  assert_title (NULL, NULL);

  /* 63 bytes at most, cut after a whole character: 31 "é" of two bytes. */
  for (int i = 0; i < 40; i++)
    g_string_append (text, "é");
  for (int i = 0; i < 31; i++)
    g_string_append (expected, "é");
  assert_title (text->str, expected->str);
  /* A space is never the last character. */
  g_string_printf (text, "%s bc", a62);
  assert_title (text->str, a62);
}

/* Addresses and links */

static void
test_addresses (void)
{
  g_autofree char *v4 = trio_discovery_link ("192.168.1.20", 8080, ROOM, KEY);
  g_autofree char *v6 = trio_discovery_link ("2001:db8::1", 40000, ROOM, KEY);

  g_assert_cmpint (trio_discovery_address_rank ("192.168.1.20"), ==, 2);
  g_assert_cmpint (trio_discovery_address_rank ("169.254.46.1"), ==, 2);
  g_assert_cmpint (trio_discovery_address_rank ("2001:db8::1"), ==, 1);
  g_assert_cmpint (trio_discovery_address_rank ("fd00::2"), ==, 1);
  g_assert_cmpint (trio_discovery_address_rank ("fe80::1"), ==, 0);
  g_assert_cmpint (trio_discovery_address_rank ("0.0.0.0"), ==, 0);
  g_assert_cmpint (trio_discovery_address_rank ("::"), ==, 0);
  g_assert_cmpint (trio_discovery_address_rank ("224.0.0.251"), ==, 0);
  g_assert_cmpint (trio_discovery_address_rank ("alice.local"), ==, 0);
  g_assert_cmpint (trio_discovery_address_rank (""), ==, 0);
  g_assert_cmpint (trio_discovery_address_rank (NULL), ==, 0);

  g_assert_cmpstr (v4, ==, "trio://192.168.1.20:8080/" ROOM "#" KEY);
  g_assert_cmpstr (v6, ==, "trio://[2001:db8::1]:40000/" ROOM "#" KEY);
}

/* TrioDiscovery */

/* Runs the main context until done (data) or for seconds at most: whether done. */
static gboolean
wait_until (gboolean (*done) (gpointer),
            gpointer   data,
            double     seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (!done (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (10000);
    }
  return TRUE;
}

static gboolean
is_available (gpointer data)
{
  return trio_discovery_get_available (data);
}

static gboolean
is_unavailable (gpointer data)
{
  return !trio_discovery_get_available (data);
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

/* Without a system bus (main() points it nowhere): nothing is found nor announced, and
 * nothing fails. */
static void
test_no_daemon (void)
{
  g_autoptr (TrioDiscovery) discovery = trio_discovery_new ();
  GListModel *games = trio_discovery_get_games (discovery);

  g_assert_true (G_IS_LIST_MODEL (games));
  g_assert_true (g_list_model_get_item_type (games) == TRIO_TYPE_ANNOUNCED_GAME);
  trio_discovery_announce (discovery, "Alice — Marelle triple", "marelle", 8080, ROOM, KEY, 1);
  trio_discovery_announce (discovery, "Alice — Marelle triple", "marelle", 8080, ROOM, KEY, 0);
  trio_discovery_withdraw (discovery, ROOM);
  trio_discovery_withdraw (discovery, "not-a-room");
  /* What cannot happen cannot be waited for: a short while is given to the thread. */
  wait_until (never, NULL, 0.3);
  g_assert_false (trio_discovery_get_available (discovery));
  g_assert_cmpuint (g_list_model_get_n_items (games), ==, 0);

  /* Made and dropped at once: the thread ends on its own. */
  g_object_unref (trio_discovery_new ());
}

/* The daemon, given by tests/test-discovery-avahi.sh */

#define ROOM_2 "zyxwvutsrqponm72"
#define KEY_2  "key2key2key2key2key2k2"
#define TITLE  "Alice — Marelle triple"

typedef struct
{
  TrioDiscovery *discovery;
  const char *room;
  int open_seats;              /* -1: any */
} Listed;

static TrioAnnouncedGame *
find_room (TrioDiscovery *discovery,
           const char    *room)
{
  GListModel *games = trio_discovery_get_games (discovery);

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr (TrioAnnouncedGame) game = g_list_model_get_item (games, i);

      if (strcmp (trio_announced_game_get_room (game), room) == 0)
        return game;
    }
  return NULL;
}

static gboolean
is_listed (gpointer data)
{
  Listed *listed = data;
  TrioAnnouncedGame *game = find_room (listed->discovery, listed->room);

  return game != NULL
         && (listed->open_seats < 0
             || trio_announced_game_get_open_seats (game) == listed->open_seats);
}

static gboolean
is_not_listed (gpointer data)
{
  Listed *listed = data;

  return find_room (listed->discovery, listed->room) == NULL;
}

static GSubprocess *
start_daemon (const char *command_line,
              const char *log)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_auto (GStrv) argv = NULL;
  g_autoptr (GError) error = NULL;
  GSubprocess *daemon;

  g_assert_true (g_shell_parse_argv (command_line, NULL, &argv, &error));
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE);
  if (log != NULL)
    g_subprocess_launcher_set_stderr_file_path (launcher, log);
  daemon = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv, &error);
  g_assert_no_error (error);
  return daemon;
}

static void
stop_daemon (GSubprocess *daemon)
{
  g_subprocess_send_signal (daemon, SIGTERM);
  g_assert_true (g_subprocess_wait (daemon, NULL, NULL));
  g_object_unref (daemon);
}

static void
test_announce_and_find (void)
{
  const char *command_line = g_getenv ("TRIO_TEST_AVAHI_DAEMON");
  const char *log = g_getenv ("TRIO_TEST_AVAHI_LOG");
  double bound = 60;
  g_autoptr (TrioDiscovery) host = NULL;
  g_autoptr (TrioDiscovery) guest = NULL;
  g_autofree char *link = NULL;
  TrioAnnouncedGame *game;
  GSubprocess *daemon;
  Listed on_guest = { NULL, ROOM, -1 };
  Listed on_host = { NULL, ROOM_2, -1 };

  if (command_line == NULL)
    {
      g_test_skip ("no daemon of the test's own: tests/test-discovery-avahi.sh runs this");
      return;
    }

  /* The daemon starts after the objects, and after a first announcement. */
  host = trio_discovery_new ();
  guest = trio_discovery_new ();
  on_guest.discovery = guest;
  on_host.discovery = host;
  trio_discovery_announce (host, TITLE, "marelle", 8080, ROOM, KEY, 2);
  g_assert_false (trio_discovery_get_available (host));
  daemon = start_daemon (command_line, log);
  g_assert_true (wait_until (is_available, host, bound));
  g_assert_true (wait_until (is_available, guest, bound));

  /* Listed by the other, with what it announced and the host's IPv4 address. */
  g_assert_true (wait_until (is_listed, &on_guest, bound));
  game = find_room (guest, ROOM);
  g_assert_cmpstr (trio_announced_game_get_title (game), ==, TITLE);
  g_assert_cmpstr (trio_announced_game_get_game_id (game), ==, "marelle");
  g_assert_cmpuint (trio_announced_game_get_port (game), ==, 8080);
  g_assert_cmpint (trio_announced_game_get_open_seats (game), ==, 2);
  g_assert_cmpint (trio_discovery_address_rank (trio_announced_game_get_host (game)), ==, 2);
  link = trio_discovery_link (trio_announced_game_get_host (game), 8080, ROOM, KEY);
  g_assert_cmpstr (trio_announced_game_get_link (game), ==, link);
  g_test_message ("listed: %s", link);
  /* Not by the one that announces it. */
  g_assert_null (find_room (host, ROOM));

  /* The same title from another room: renamed, and listed under the new name. */
  trio_discovery_announce (guest, TITLE, "triomino", 8081, ROOM_2, KEY_2, 3);
  g_assert_true (wait_until (is_listed, &on_host, bound));
  game = find_room (host, ROOM_2);
  g_assert_cmpstr (trio_announced_game_get_title (game), ==, TITLE " #2");
  g_assert_cmpstr (trio_announced_game_get_game_id (game), ==, "triomino");
  g_assert_cmpint (trio_announced_game_get_open_seats (game), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (trio_discovery_get_games (guest)), ==, 1);

  /* A seat taken: the announcement changes, the list follows. */
  trio_discovery_announce (host, TITLE, "marelle", 8080, ROOM, KEY, 1);
  on_guest.open_seats = 1;
  g_assert_true (wait_until (is_listed, &on_guest, bound));
  on_guest.open_seats = -1;

  /* Withdrawn: gone from the list. */
  trio_discovery_withdraw (host, ROOM);
  g_assert_true (wait_until (is_not_listed, &on_guest, bound));

  /* The daemon goes: nothing is available nor listed. It comes back: the announcements
   * go out again and are found again. */
  stop_daemon (daemon);
  g_assert_true (wait_until (is_unavailable, host, bound));
  g_assert_true (wait_until (is_unavailable, guest, bound));
  g_assert_cmpuint (g_list_model_get_n_items (trio_discovery_get_games (host)), ==, 0);
  daemon = start_daemon (command_line, log);
  g_assert_true (wait_until (is_available, host, bound));
  g_assert_true (wait_until (is_listed, &on_host, bound));
  g_assert_null (find_room (guest, ROOM));

  g_clear_object (&host);
  g_clear_object (&guest);
  stop_daemon (daemon);
}

int
main (int   argc,
      char *argv[])
{
  /* The daemon's test talks to the bus the script made; every other test to none at all,
   * whatever the machine runs. */
  if (g_getenv ("TRIO_TEST_AVAHI_DAEMON") == NULL)
    g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/trio-test-no-bus", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/discovery/parse-valid", test_parse_valid);
  g_test_add_func ("/discovery/parse-refused", test_parse_refused);
  g_test_add_func ("/discovery/txt-round-trip", test_txt_round_trip);
  g_test_add_func ("/discovery/titles", test_titles);
  g_test_add_func ("/discovery/addresses", test_addresses);
  g_test_add_func ("/discovery/no-daemon", test_no_daemon);
  g_test_add_func ("/discovery/announce-and-find", test_announce_and_find);
  return g_test_run ();
}
