/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-online.c: online play's plain logic, without a display nor a network (issue 46)
 *
 * The room's messages read as events (network/trio-online-event.h): each kind, the members
 * checked (a malformed message is nothing to do), a move's notation without what it shows
 * the seat, offers and their seats, ends and the resignation they stand for; the client's
 * messages written; names made fit for the protocol. The seats' tokens kept
 * (network/trio-online-store.h): written with mode 0600, read back, the last game not done,
 * the oldest forgotten. The session online (session/trio-session.h): only the local seat
 * takes input, its move told and played once acknowledged, the others' moves paced, an
 * illegal one refused, a resignation and an agreed draw, no undo nor hint; and the
 * statistics count the local seat's result apart, under "online".
 */

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "network/trio-online-event.h"
#include "network/trio-online-store.h"
#include "session/trio-session.h"
#include "statistics/trio-statistics.h"
#include "test-app-util.h"

static JsonObject *
parse (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static TrioOnlineEvent
read_text (const char *text)
{
  g_autoptr (JsonObject) message = parse (text);
  TrioOnlineEvent event;

  trio_online_event_read (message, &event);
  /* The strings point into the message: only the kinds and numbers are kept here. */
  event.token = event.link = event.room = event.save = event.code = event.text = NULL;
  event.seat_info.name = NULL;
  return event;
}

static void
test_events (void)
{
  TrioOnlineEvent e;
  g_autoptr (JsonObject) welcome = parse ("{\"type\":\"welcome\",\"room\":\"abcdefghijklm"
                                          "nop\",\"seat\":1,\"token\":\"t\",\"link\":"
                                          "\"trio://x:1/r#k\"}");

  g_assert_true (trio_online_event_read (welcome, &e));
  g_assert_cmpint (e.kind, ==, TRIO_ONLINE_EVENT_WELCOME);
  g_assert_cmpint (e.seat, ==, 1);
  g_assert_cmpstr (e.token, ==, "t");
  g_assert_cmpstr (e.link, ==, "trio://x:1/r#k");
  g_assert_cmpstr (e.room, ==, "abcdefghijklmnop");

  e = read_text ("{\"type\":\"state\",\"seat\":-1,\"ply\":3}");
  g_assert_cmpint (e.kind, ==, TRIO_ONLINE_EVENT_STATE);
  g_assert_cmpint (e.seat, ==, -1);
  g_assert_cmpint (e.ply, ==, 3);

  /* The notation alone: what the move shows this seat comes after a space. */
  e = read_text ("{\"type\":\"move\",\"ply\":4,\"seat\":0,\"move\":\"draw drawn=2-3-5\"}");
  g_assert_cmpint (e.kind, ==, TRIO_ONLINE_EVENT_MOVE);
  g_assert_cmpstr (e.move, ==, "draw");
  g_assert_cmpint (e.ply, ==, 4);
  e = read_text ("{\"type\":\"move\",\"ply\":5,\"seat\":1,\"move\":\"g1xb2\"}");
  g_assert_cmpstr (e.move, ==, "g1xb2");

  e = read_text ("{\"type\":\"seat\",\"seat\":1,\"name\":\"Bob\",\"kind\":\"human\","
                 "\"level\":null,\"connected\":false}");
  g_assert_cmpint (e.kind, ==, TRIO_ONLINE_EVENT_SEAT);
  g_assert_cmpint (e.seat_info.kind, ==, TRIO_ONLINE_SEAT_HUMAN);
  g_assert_false (e.seat_info.connected);
  /* The computer is always connected, whatever a server says. */
  e = read_text ("{\"type\":\"seat\",\"seat\":2,\"name\":null,\"kind\":\"computer\","
                 "\"level\":3,\"connected\":false}");
  g_assert_cmpint (e.seat_info.kind, ==, TRIO_ONLINE_SEAT_COMPUTER);
  g_assert_cmpint (e.seat_info.level, ==, 3);
  g_assert_true (e.seat_info.connected);
  e = read_text ("{\"type\":\"seat\",\"seat\":1,\"name\":null,\"kind\":\"open\","
                 "\"level\":null,\"connected\":false}");
  g_assert_cmpint (e.seat_info.kind, ==, TRIO_ONLINE_SEAT_OPEN);

  e = read_text ("{\"type\":\"offer\",\"kind\":\"draw\",\"from\":-1,\"to\":[0,1],\"ply\":12}");
  g_assert_cmpint (e.kind, ==, TRIO_ONLINE_EVENT_OFFER);
  g_assert_cmpint (e.offer.kind, ==, TRIO_ONLINE_OFFER_DRAW);
  g_assert_cmpint (e.offer.from, ==, -1);
  g_assert_cmpuint (e.offer.waiting, ==, 3);
  e = read_text ("{\"type\":\"offer\",\"kind\":\"undo\",\"from\":0,\"to\":[2],\"ply\":7}");
  g_assert_cmpint (e.offer.kind, ==, TRIO_ONLINE_OFFER_UNDO);
  g_assert_cmpuint (e.offer.waiting, ==, 4);
  /* Withdrawn: a null kind and no seat awaited. */
  e = read_text ("{\"type\":\"offer\",\"kind\":null,\"from\":-1,\"to\":[],\"ply\":7}");
  g_assert_cmpint (e.kind, ==, TRIO_ONLINE_EVENT_OFFER);
  g_assert_cmpint (e.offer.kind, ==, TRIO_ONLINE_OFFER_NONE);

  e = read_text ("{\"type\":\"end\",\"result\":\"win\",\"winner\":0,\"loser\":1,\"other\":-1,"
                 "\"reason\":\"resigned\"}");
  g_assert_cmpint (e.kind, ==, TRIO_ONLINE_EVENT_END);
  g_assert_cmpint (e.status.result, ==, BG_RESULT_WIN);
  g_assert_cmpint (e.status.reason, ==, BG_REASON_RESIGNED);
  g_assert_cmpint (trio_online_status_resigned (&e.status), ==, 1);
  e = read_text ("{\"type\":\"end\",\"result\":\"draw\",\"winner\":-1,\"loser\":-1,"
                 "\"other\":-1,\"reason\":\"draw-agreed\"}");
  g_assert_cmpint (e.status.result, ==, BG_RESULT_DRAW);
  g_assert_cmpint (e.status.reason, ==, BG_REASON_DRAW_AGREED);
  g_assert_cmpint (trio_online_status_resigned (&e.status), ==, -1);
  e = read_text ("{\"type\":\"end\",\"result\":\"win\",\"winner\":1,\"loser\":0,\"other\":-1,"
                 "\"reason\":\"two-pieces\"}");
  g_assert_cmpint (e.status.reason, ==, BG_REASON_TWO_PIECES);
  g_assert_cmpint (trio_online_status_resigned (&e.status), ==, -1);

  e = read_text ("{\"type\":\"record\",\"save\":\"trio-save 1\\n\"}");
  g_assert_cmpint (e.kind, ==, TRIO_ONLINE_EVENT_RECORD);
  e = read_text ("{\"type\":\"error\",\"code\":\"bad-key\",\"message\":\"No.\"}");
  g_assert_cmpint (e.kind, ==, TRIO_ONLINE_EVENT_ERROR);
}

/* What a server should never send is nothing to do. */
static void
test_events_malformed (void)
{
  const char *texts[] = {
    "{\"type\":\"nonsense\"}",
    "{\"kind\":\"move\"}",
    "{\"type\":\"welcome\",\"room\":\"r\",\"seat\":9,\"token\":\"t\",\"link\":\"l\"}",
    "{\"type\":\"welcome\",\"room\":\"r\",\"seat\":0,\"link\":\"l\"}",
    "{\"type\":\"state\",\"seat\":0,\"ply\":-1}",
    "{\"type\":\"state\",\"seat\":\"0\",\"ply\":1}",
    "{\"type\":\"move\",\"ply\":0,\"seat\":0,\"move\":\"a1\"}",
    "{\"type\":\"move\",\"ply\":1,\"seat\":0,\"move\":\"\"}",
    "{\"type\":\"move\",\"ply\":1,\"seat\":0,\"move\":\" a1\"}",
    "{\"type\":\"move\",\"ply\":1,\"seat\":0,\"move\":"
      "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"}",
    "{\"type\":\"move\",\"ply\":1,\"seat\":6,\"move\":\"a1\"}",
    "{\"type\":\"seat\",\"seat\":0,\"kind\":\"alien\"}",
    "{\"type\":\"end\",\"result\":\"ongoing\"}",
    "{\"type\":\"end\",\"result\":\"win\",\"winner\":7,\"loser\":-1,\"other\":-1}",
    "{\"type\":\"record\",\"save\":3}",
    "{\"type\":\"error\",\"message\":\"no code\"}",
  };
  TrioOnlineEvent e;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (JsonObject) message = parse (texts[i]);

      g_assert_false (trio_online_event_read (message, &e));
      g_assert_cmpint (e.kind, ==, TRIO_ONLINE_EVENT_NONE);
    }
  g_assert_false (trio_online_event_read (NULL, &e));
}

static void
test_state_parts (void)
{
  g_autoptr (JsonObject) state = parse (
    "{\"type\":\"state\",\"seat\":0,\"ply\":0,\"seats\":["
    "{\"name\":\"Ann\",\"kind\":\"human\",\"level\":null,\"connected\":true},"
    "{\"name\":null,\"kind\":\"open\",\"level\":null,\"connected\":false},"
    "{\"name\":null,\"kind\":\"computer\",\"level\":4,\"connected\":true}],"
    "\"offer\":{\"kind\":\"undo\",\"from\":0,\"waiting\":[1]},"
    "\"status\":{\"result\":\"win\",\"winner\":2,\"loser\":0,\"other\":-1,"
    "\"reason\":\"resigned\"}}");
  g_autoptr (JsonObject) bad = parse ("{\"seats\":[{\"kind\":\"human\"},3]}");
  TrioOnlineSeat seats[TRIO_MAX_SEATS];
  TrioOnlineOffer offer;
  BgStatus status;

  g_assert_cmpint (trio_online_read_seats (state, seats, TRIO_MAX_SEATS), ==, 3);
  g_assert_cmpstr (seats[0].name, ==, "Ann");
  g_assert_true (seats[0].connected);
  g_assert_cmpint (seats[1].kind, ==, TRIO_ONLINE_SEAT_OPEN);
  g_assert_null (seats[1].name);
  g_assert_cmpint (seats[2].level, ==, 4);
  /* Fewer seats wanted than the state has, or one that is not a seat: none. */
  g_assert_cmpint (trio_online_read_seats (state, seats, 2), ==, -1);
  g_assert_cmpint (trio_online_read_seats (bad, seats, TRIO_MAX_SEATS), ==, -1);
  offer = trio_online_read_offer (state);
  g_assert_cmpint (offer.kind, ==, TRIO_ONLINE_OFFER_UNDO);
  g_assert_cmpint (offer.from, ==, 0);
  g_assert_cmpuint (offer.waiting, ==, 2);
  status = trio_online_read_status (json_object_get_object_member (state, "status"));
  g_assert_cmpint (trio_online_status_resigned (&status), ==, 0);
  g_assert_cmpint (status.winner, ==, 2);
  status = trio_online_read_status (NULL);
  g_assert_cmpint (status.result, ==, BG_RESULT_ONGOING);
}

static char *
to_text (JsonObject *message)
{
  g_autoptr (JsonObject) owned = message;
  g_autoptr (JsonNode) node = json_node_init_object (json_node_alloc (), message);

  return json_to_string (node, FALSE);
}

static void
test_messages (void)
{
  g_autoptr (GHashTable) options = bg_options_new ();
  TrioSeat seats[3] = { { 0 } };
  g_autofree char *create = NULL;
  g_autofree char *join = NULL;
  g_autofree char *join_first = NULL;
  g_autofree char *answer = NULL;
  g_autofree char *move = NULL;
  g_autofree char *computer = NULL;
  g_autofree char *undo = NULL;
  g_autofree char *resign = NULL;
  g_autofree char *watch = NULL;

  g_hash_table_insert (options, g_strdup ("variant"), g_strdup ("triple"));
  seats[1].computer = TRUE;
  seats[1].level = 3;
  /* The perfect level is the application's: the server's computer plays at 6 at most. */
  seats[2].computer = TRUE;
  seats[2].level = 7;
  create = to_text (trio_online_message_create ("trichess", options, seats, 3, 0, "Ann"));
  g_assert_cmpstr (create, ==, "{\"type\":\"create\",\"game\":\"trichess\","
                   "\"options\":{\"variant\":\"triple\"},\"seats\":[{\"kind\":\"human\"},"
                   "{\"kind\":\"computer\",\"level\":3},{\"kind\":\"computer\",\"level\":6}],"
                   "\"seat\":0,\"name\":\"Ann\"}");
  join = to_text (trio_online_message_join ("KEY", "Bob", 2));
  g_assert_cmpstr (join, ==, "{\"type\":\"join\",\"key\":\"KEY\",\"name\":\"Bob\",\"seat\":2}");
  join_first = to_text (trio_online_message_join ("KEY", "", -1));
  g_assert_cmpstr (join_first, ==, "{\"type\":\"join\",\"key\":\"KEY\",\"name\":\"?\"}");
  answer = to_text (trio_online_message_answer (TRIO_ONLINE_OFFER_UNDO, TRUE));
  g_assert_cmpstr (answer, ==, "{\"type\":\"answer\",\"offer\":\"undo\",\"accept\":true}");
  move = to_text (trio_online_message_move ("g1xb2", 4));
  g_assert_cmpstr (move, ==, "{\"type\":\"move\",\"move\":\"g1xb2\",\"ply\":4}");
  computer = to_text (trio_online_message_computer (1, 3));
  g_assert_cmpstr (computer, ==, "{\"type\":\"computer\",\"seat\":1,\"level\":3}");
  undo = to_text (trio_online_message_undo (9));
  g_assert_cmpstr (undo, ==, "{\"type\":\"undo\",\"ply\":9}");
  resign = to_text (trio_online_message_resign ());
  g_assert_cmpstr (resign, ==, "{\"type\":\"resign\"}");
  watch = to_text (trio_online_message_watch ("KEY"));
  g_assert_cmpstr (watch, ==, "{\"type\":\"watch\",\"key\":\"KEY\"}");
}

static void
test_names (void)
{
  struct
  {
    const char *name, *clean;
  } cases[] = {
    { "Alice", "Alice" },
    { "  Bob  ", "Bob" },
    { "Ann\nMarie", "Ann Marie" },
    { "a\tb\u2028c", "a b c" },
    { "", "?" },
    { "\n\n", "?" },
    { "\xff\xfe", "?" },
    { "Élise", "Élise" },
  };
  g_autofree char *long_name = NULL;
  g_autofree char *accents = g_strnfill (60, 'e');

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *clean = trio_online_clean_name (cases[i].name, "?");

      g_assert_cmpstr (clean, ==, cases[i].clean);
    }
  long_name = trio_online_clean_name (accents, "?");
  g_assert_cmpuint (g_utf8_strlen (long_name, -1), ==, 40);
}

static TrioOnlineRecord *
record_new (const char *room,
            gint64      time,
            gboolean    done)
{
  TrioOnlineRecord *record = g_new0 (TrioOnlineRecord, 1);

  record->room = g_strdup (room);
  record->link = g_strdup_printf ("trio://192.168.1.5:8080/%s#abcdefghijklmnopqrstuv", room);
  record->url = g_strdup_printf ("ws://192.168.1.5:8080/rooms/%s", room);
  record->seat = 1;
  record->token = g_strdup ("ABCDEFGHIJKLMNOPQRSTUV");
  record->time = time;
  record->done = done;
  return record;
}

static void
test_store (void)
{
  g_autofree char *dir = g_dir_make_tmp ("trio-online-XXXXXX", NULL);
  g_autofree char *parent = g_build_filename (dir, "trio", NULL);
  g_autofree char *path = g_build_filename (parent, "rooms", NULL);
  g_autoptr (TrioOnlineRecord) done = record_new ("aaaaaaaaaaaaaaaa", 300, TRUE);
  g_autoptr (TrioOnlineRecord) older = record_new ("bbbbbbbbbbbbbbbb", 100, FALSE);
  g_autoptr (TrioOnlineRecord) newer = record_new ("cccccccccccccccc", 200, FALSE);
  g_autoptr (TrioOnlineRecord) found = NULL;
  g_autoptr (GError) error = NULL;
  static const char damaged[] = "\xff\x00 not a key file";
  GStatBuf st;

  g_assert_null (trio_online_store_last (path));
  g_assert_true (trio_online_store_save (path, done, &error));
  g_assert_no_error (error);
  g_assert_true (trio_online_store_save (path, older, &error));
  g_assert_true (trio_online_store_save (path, newer, &error));
  /* The tokens are secrets: the file is the user's alone. */
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  found = trio_online_store_lookup (path, "bbbbbbbbbbbbbbbb");
  g_assert_nonnull (found);
  g_assert_cmpstr (found->token, ==, "ABCDEFGHIJKLMNOPQRSTUV");
  g_assert_cmpint (found->seat, ==, 1);
  g_assert_cmpstr (found->url, ==, "ws://192.168.1.5:8080/rooms/bbbbbbbbbbbbbbbb");
  g_clear_pointer (&found, trio_online_record_free);
  /* The last game not done: the newer, the done one being newer still. */
  found = trio_online_store_last (path);
  g_assert_cmpstr (found->room, ==, "cccccccccccccccc");
  g_clear_pointer (&found, trio_online_record_free);
  newer->done = TRUE;
  g_assert_true (trio_online_store_save (path, newer, &error));
  found = trio_online_store_last (path);
  g_assert_cmpstr (found->room, ==, "bbbbbbbbbbbbbbbb");
  g_clear_pointer (&found, trio_online_record_free);
  g_assert_null (trio_online_store_lookup (path, "dddddddddddddddd"));

  /* The oldest forgotten past the bound. */
  for (int i = 0; i < TRIO_ONLINE_STORE_MAX + 5; i++)
    {
      g_autofree char *room = g_strdup_printf ("zzzzzzzzzzzzzz%c%c", 'a' + i / 26, 'a' + i % 26);
      g_autoptr (TrioOnlineRecord) record = record_new (room, 1000 + i, TRUE);

      g_assert_true (trio_online_store_save (path, record, &error));
    }
  g_assert_null (trio_online_store_lookup (path, "bbbbbbbbbbbbbbbb"));
  g_assert_null (trio_online_store_lookup (path, "zzzzzzzzzzzzzzaa"));
  found = trio_online_store_lookup (path, "zzzzzzzzzzzzzzcc");
  g_assert_nonnull (found);
  g_clear_pointer (&found, trio_online_record_free);

  /* A file that is not one is replaced. */
  g_assert_true (g_file_set_contents (path, damaged, sizeof damaged - 1, NULL));
  g_assert_null (trio_online_store_last (path));
  g_assert_true (trio_online_store_save (path, older, &error));
  found = trio_online_store_lookup (path, "bbbbbbbbbbbbbbbb");
  g_assert_nonnull (found);
  g_remove (path);
  g_rmdir (parent);
  g_rmdir (dir);
}

static guint requested;
static BgMove requested_move;

static void
on_move_requested (TrioSession *session,
                   guint        move)
{
  requested++;
  requested_move = move;
}

/* A session online at seat local of a game of two humans (the second seat a friend's). */
static TrioSession *
online_session (const char *moves,
                int         local)
{
  TrioSeat seats[2] = { { .name = "Ann" }, { .name = "Bob" } };
  TrioSession *session = trio_session_new ();
  g_autoptr (GError) error = NULL;

  g_assert_true (trio_session_start_online (session, tau_game_new ("marelle", NULL, moves),
                                            seats, 2, local, &error));
  g_assert_no_error (error);
  g_signal_connect (session, "move-requested", G_CALLBACK (on_move_requested), NULL);
  return session;
}

static void
test_session_turns (void)
{
  g_autoptr (TrioSession) session = online_session (NULL, 0);
  g_autoptr (GError) error = NULL;
  const BgGame *game = trio_session_get_game (session);
  BgMove move;

  g_assert_true (trio_session_is_online (session));
  g_assert_cmpint (trio_session_get_local_seat (session), ==, 0);
  g_assert_true (trio_session_human_to_move (session));
  /* The local seat's move is told, not played, and the board waits for its acknowledgement. */
  requested = 0;
  g_assert_true (bg_game_parse_move (game, "a1", &move, NULL));
  g_assert_true (trio_session_play (session, move, &error));
  g_assert_cmpuint (requested, ==, 1);
  g_assert_cmpuint (requested_move, ==, move);
  g_assert_cmpuint (bg_game_get_n_played (game), ==, 0);
  g_assert_false (trio_session_human_to_move (session));
  /* Acknowledged: played at once. */
  g_assert_true (trio_session_play_remote (session, 0, "a1", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bg_game_get_n_played (game), ==, 1);
  g_assert_false (trio_session_is_thinking (session));
  /* The friend's turn: no input here. */
  g_assert_false (trio_session_human_to_move (session));
  g_assert_false (trio_session_play (session, move, NULL));
  /* Undo, redo and hints are not the session's online. */
  g_assert_false (trio_session_can_undo (session));
  g_assert_false (trio_session_can_redo (session));
  /* A move of the wrong seat, or an illegal one, is refused. */
  g_assert_false (trio_session_play_remote (session, 0, "b2", &error));
  g_clear_error (&error);
  g_assert_false (trio_session_play_remote (session, 1, "a1", &error));
  g_clear_error (&error);
  /* No connection: the local seat waits. */
  g_assert_true (trio_session_play_remote (session, 1, "b2", &error));
  g_assert_true (trio_session_human_to_move (session));
  trio_session_set_online_waiting (session, TRUE);
  g_assert_false (trio_session_human_to_move (session));
  trio_session_set_online_waiting (session, FALSE);
  g_assert_true (trio_session_human_to_move (session));
}

static gboolean
quit_loop (gpointer loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

/* The friend's move is shown at the computer's pace: the session thinks until it is played. */
static void
test_session_pace (void)
{
  g_autoptr (TrioSession) session = online_session ("a1", 0);
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (GError) error = NULL;
  const BgGame *game = trio_session_get_game (session);
  BgMove move;

  trio_session_set_pacing (session, 200, 0);
  /* The local seat's move now: the friend's answer waits for its animation. */
  g_assert_true (bg_game_parse_move (game, "d1", &move, NULL));
  trio_session_play_remote (session, 1, "b2", &error);
  g_assert_no_error (error);
  g_assert_true (trio_session_play_remote (session, 0, "d1", &error));
  g_assert_true (trio_session_play_remote (session, 1, "d2", &error));
  g_assert_true (trio_session_is_thinking (session));
  g_assert_cmpuint (bg_game_get_n_played (game), ==, 3);
  g_timeout_add (600, quit_loop, loop);
  g_main_loop_run (loop);
  g_assert_false (trio_session_is_thinking (session));
  g_assert_cmpuint (bg_game_get_n_played (game), ==, 4);
  g_assert_cmpstr (bg_game_get_played_text (game, 3), ==, "d2");
}

static void
test_session_ends (void)
{
  g_autoptr (TrioSession) session = online_session ("a1 b2", 1);
  g_autoptr (TrioStatistics) statistics = NULL;
  g_autofree char *dir = g_dir_make_tmp ("trio-online-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "statistics", NULL);
  const BgGame *game = trio_session_get_game (session);
  BgStatus status;

  /* The friend resigns: the local seat wins, and the statistics say so apart. */
  trio_session_resign (session, 0);
  game = trio_session_get_game (session);
  g_assert_true (bg_game_is_over (game));
  status = bg_game_get_status (game);
  g_assert_cmpint (status.reason, ==, BG_REASON_RESIGNED);
  g_assert_cmpint (status.winner, ==, 1);
  statistics = trio_statistics_new (path);
  g_assert_true (trio_statistics_record_game (statistics, session));
  g_assert_cmpuint (trio_statistics_get_count (statistics, "marelle/triple", "online",
                                               TRIO_OUTCOME_WON), ==, 1);
  g_assert_cmpuint (trio_statistics_get_count (statistics, "marelle/triple", "player:Bob",
                                               TRIO_OUTCOME_WON), ==, 0);
  g_remove (path);
  g_rmdir (dir);
}

static guint draw_offered;

static void
on_draw_offered (TrioSession *session)
{
  draw_offered++;
}

/* The repetition draw offer is the room's to put: the session asks nobody, a move over it
 * is allowed (it declines it), and the room's agreement draws the game. */
static void
test_session_draw (void)
{
  const char *setup = "p1=a1,b4,c5,e3 p2=g1,f4,e5,d2 hand=0,0 turn=1";
  const char *moves = "a1-d1 g1-g4 d1-a1 g4-g1 a1-d1 g1-g4 d1-a1 g4-g1 a1-d1 g1-g4 d1-a1 "
                      "g4-g1 a1-d1 g1-g4 d1-a1";
  TrioSeat seats[2] = { { .name = "Ann" }, { .name = "Bob" } };
  g_autoptr (TrioSession) session = trio_session_new ();
  g_autoptr (GError) error = NULL;
  const BgGame *game;
  BgStatus status;

  g_assert_true (trio_session_start_online (session, tau_game_new ("marelle", setup, moves),
                                            seats, 2, 0, &error));
  g_signal_connect (session, "draw-offered", G_CALLBACK (on_draw_offered), NULL);
  /* Without the offer, no draw. */
  trio_session_agree_draw (session);
  g_assert_false (bg_game_is_over (trio_session_get_game (session)));
  g_assert_true (trio_session_play_remote (session, 1, "g4-g1", &error));
  g_assert_no_error (error);
  game = trio_session_get_game (session);
  g_assert_true (bg_game_has_draw_offer (game));
  g_assert_cmpuint (draw_offered, ==, 0);
  g_assert_true (trio_session_human_to_move (session));
  trio_session_agree_draw (session);
  status = bg_game_get_status (game);
  g_assert_cmpint (status.result, ==, BG_RESULT_DRAW);
  g_assert_cmpint (status.reason, ==, BG_REASON_DRAW_AGREED);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/online/events", test_events);
  g_test_add_func ("/online/events-malformed", test_events_malformed);
  g_test_add_func ("/online/state-parts", test_state_parts);
  g_test_add_func ("/online/messages", test_messages);
  g_test_add_func ("/online/names", test_names);
  g_test_add_func ("/online/store", test_store);
  g_test_add_func ("/online/session-turns", test_session_turns);
  g_test_add_func ("/online/session-pace", test_session_pace);
  g_test_add_func ("/online/session-ends", test_session_ends);
  g_test_add_func ("/online/session-draw", test_session_draw);
  return g_test_run ();
}
