/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-room-link.c: two sessions play through TrioRoomLinks and a real server on 127.0.0.1,
 * without a display (issue 46)
 *
 * A host creates a Marelle room and takes seat 1; a friend joins by the invite link and
 * takes seat 2. Each move chosen in one session is sent, acknowledged and played in both. An
 * undo asked by the host and accepted by the friend takes both back. The friend's link goes
 * (its connection dropped): the host sees the seat disconnected and gives it to the
 * computer, whose move comes. The host resigns: both games end, resigned, and each session
 * is given the whole game the room exports. The friend's seat, kept in the rooms file, is
 * taken back by a new link with the same moves. A position five times over: the draw offer
 * put to both seats, agreed by both, draws the game for both. A wrong key, a link that is
 * none, a server that is not there: the link gives up with a sentence for the player. A
 * Triomino game keeps in each session its history as that seat saw it.
 */

#include <glib/gstdio.h>
#include <string.h>

#include "network/trio-room-link.h"
#include "trio-client-link.h"
#include "trio-server.h"
#include "test-app-util.h"

#define WAIT_SECONDS 60

typedef gboolean (*Condition) (gpointer data);

/* Runs the main context until condition holds, WAIT_SECONDS at most. */
static void
wait_for (const char *what,
          Condition   condition,
          gpointer    data)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("gave up waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

typedef struct
{
  TrioSession *session;
  guint n_played;
} Played;

static gboolean
has_played (gpointer data)
{
  Played *p = data;
  const BgGame *game = trio_session_get_game (p->session);

  return game != NULL && bg_game_get_n_played (game) == p->n_played
         && !trio_session_is_thinking (p->session);
}

static void
wait_played (TrioSession *session,
             guint        n_played)
{
  Played p = { session, n_played };
  g_autofree char *what = g_strdup_printf ("%u moves played", n_played);

  wait_for (what, has_played, &p);
}

static gboolean
is_over (gpointer data)
{
  const BgGame *game = trio_session_get_game (data);

  return game != NULL && bg_game_is_over (game);
}

static gboolean
has_invite (gpointer data)
{
  return trio_room_link_get_invite (data) != NULL && trio_room_link_is_connected (data);
}

typedef struct
{
  TrioRoomLink *link;
  int seat;
  gboolean connected;
} Connected;

static gboolean
seat_connected (gpointer data)
{
  Connected *c = data;
  guint n;
  const TrioOnlineSeat *seats = trio_room_link_get_seats (c->link, &n);

  return (guint) c->seat < n && seats[c->seat].kind != TRIO_ONLINE_SEAT_OPEN
         && seats[c->seat].connected == c->connected;
}

static gboolean
offer_put (gpointer data)
{
  return trio_room_link_get_offer (data).kind == TRIO_ONLINE_OFFER_UNDO;
}

static void
play (TrioSession *session,
      const char  *text)
{
  g_autoptr (GError) error = NULL;
  BgMove move;

  g_assert_true (trio_session_human_to_move (session));
  g_assert_true (bg_game_parse_move (trio_session_get_game (session), text, &move, &error));
  g_assert_true (trio_session_play (session, move, &error));
  g_assert_no_error (error);
}

static gboolean
record_done (gpointer data)
{
  g_autofree char *path = trio_online_store_path ();
  g_autoptr (TrioOnlineRecord) record = trio_online_store_lookup (path, data);

  return record != NULL && record->done;
}

/* The rooms file of a test and a server on 127.0.0.1 (any free port), both in dir; url its
 * address. The computer's seats search 200 nodes. */
static TrioServer *
start_server (const char  *dir,
              char       **url)
{
  g_autofree char *state = g_build_filename (dir, "server", NULL);
  g_autoptr (GError) error = NULL;
  TrioServerConfig config;
  TrioServer *server;

  g_setenv ("XDG_DATA_HOME", dir, TRUE);
  trio_server_config_init (&config);
  config.state_dir = state;
  config.address = "127.0.0.1";
  config.port = 0;
  config.computer_nodes = 200;
  server = trio_server_new (&config, &error);
  g_assert_no_error (error);
  g_assert_true (trio_server_listen (server, &error));
  *url = g_strdup_printf ("ws://127.0.0.1:%u", trio_server_get_port (server));
  return server;
}

/* The host's room of game (two seats: the host's and a friend's), and its invite. */
static void
host_room (TrioRoomLink *link,
           const char   *url,
           const char   *game,
           GHashTable   *options)
{
  TrioSeat seats[2] = { { 0 } };
  g_autoptr (GError) error = NULL;

  g_assert_true (trio_room_link_host (link, url, game, options, seats, 2, 0, "Ann", &error));
  g_assert_no_error (error);
  wait_for ("the host's invite", has_invite, link);
}

/* The friend is elsewhere, with rooms files of its own: the host's is set aside (this Trio
 * would take back its own seat from its own invite). */
static void
set_host_rooms_aside (void)
{
  g_autofree char *path = trio_online_store_path ();
  g_autofree char *aside = g_strconcat (path, ".host", NULL);

  g_assert_cmpint (g_rename (path, aside), ==, 0);
}

static void
test_play (void)
{
  g_autofree char *dir = g_dir_make_tmp ("trio-link-XXXXXX", NULL);
  g_autoptr (TrioServer) server = NULL;
  g_autoptr (TrioSession) host = trio_session_new ();
  g_autoptr (TrioSession) friend = trio_session_new ();
  g_autoptr (TrioSession) again = trio_session_new ();
  g_autoptr (TrioRoomLink) host_link = trio_room_link_new (host);
  g_autoptr (TrioRoomLink) friend_link = trio_room_link_new (friend);
  g_autoptr (TrioRoomLink) again_link = trio_room_link_new (again);
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *room = NULL;
  g_autofree char *path = NULL;
  g_autofree char *friends = NULL;
  g_autoptr (TrioOnlineRecord) record = NULL;
  Connected c;
  BgStatus status;

  server = start_server (dir, &url);

  /* The host's room, the friend's seat. */
  host_room (host_link, url, "marelle", NULL);
  wait_played (host, 0);
  g_assert_true (trio_session_is_online (host));
  g_assert_cmpint (trio_room_link_count_open (host_link), ==, 1);
  set_host_rooms_aside ();
  g_assert_true (trio_room_link_join (friend_link, trio_room_link_get_invite (host_link), -1,
                                      "Bob", &error));
  wait_played (friend, 0);
  g_assert_cmpint (trio_room_link_get_seat (friend_link), ==, 1);
  path = trio_online_store_path ();
  friends = g_strconcat (path, ".friend", NULL);
  g_assert_cmpint (g_rename (path, friends), ==, 0);
  c = (Connected) { host_link, 1, TRUE };
  wait_for ("the friend's seat", seat_connected, &c);
  g_assert_cmpint (trio_room_link_count_open (host_link), ==, 0);
  g_assert_cmpstr (trio_session_get_seat (host, 1)->name, ==, "Bob");
  g_assert_cmpstr (trio_session_get_seat (friend, 0)->name, ==, "Ann");

  /* Moves chosen on either side, played on both. */
  g_assert_false (trio_session_human_to_move (friend));
  play (host, "a1");
  wait_played (host, 1);
  wait_played (friend, 1);
  play (friend, "b2");
  wait_played (friend, 2);
  wait_played (host, 2);
  play (host, "d1");
  wait_played (friend, 3);
  play (friend, "d2");
  wait_played (host, 4);

  /* Undo: asked by the host, agreed by the friend; both back before the host's move. */
  g_assert_true (trio_room_link_can_ask_undo (host_link));
  trio_room_link_ask_undo (host_link);
  wait_for ("the undo offer", offer_put, friend_link);
  g_assert_cmpuint (trio_room_link_get_offer (friend_link).waiting, ==, 2);
  trio_room_link_answer (friend_link, TRIO_ONLINE_OFFER_UNDO, TRUE);
  wait_played (host, 2);
  wait_played (friend, 2);
  g_assert_true (trio_session_human_to_move (host));

  /* The friend's connection goes: the host gives the seat to the computer, which moves. */
  play (host, "d1");
  wait_played (friend, 3);
  room = g_strdup (trio_room_link_get_room (friend_link));
  g_clear_object (&friend_link);
  c = (Connected) { host_link, 1, FALSE };
  wait_for ("the friend gone", seat_connected, &c);
  trio_room_link_give_seat (host_link, 1, 1);
  wait_played (host, 4);
  g_assert_true (trio_session_get_seat (host, 1)->computer);

  /* The host resigns: over for both, the room's whole game given to the session. */
  trio_room_link_resign (host_link);
  wait_for ("the end", is_over, host);
  status = bg_game_get_status (trio_session_get_game (host));
  g_assert_cmpint (status.reason, ==, BG_REASON_RESIGNED);
  g_assert_cmpint (status.loser, ==, 0);
  g_assert_cmpuint (bg_game_get_n_played (trio_session_get_game (host)), ==, 4);

  /* The friend's seat, kept, taken back with every move and the end. */
  record = trio_online_store_lookup (friends, room);
  g_assert_nonnull (record);
  g_assert_cmpint (record->seat, ==, 1);
  trio_room_link_resume (again_link, record);
  wait_for ("the friend's game again", is_over, again);
  g_assert_cmpuint (bg_game_get_n_played (trio_session_get_game (again)), ==, 4);
  g_assert_cmpstr (bg_game_get_played_text (trio_session_get_game (again), 1), ==, "b2");
  status = bg_game_get_status (trio_session_get_game (again));
  g_assert_cmpint (status.reason, ==, BG_REASON_RESIGNED);
  /* Over: not resumed at the next start. */
  wait_for ("the game done in the rooms file", record_done, room);

  trio_server_shutdown (server);
  g_clear_object (&host_link);
  g_clear_object (&again_link);
}

static gboolean
draw_offered_to_both (gpointer data)
{
  TrioRoomLink **links = data;

  return trio_room_link_get_offer (links[0]).kind == TRIO_ONLINE_OFFER_DRAW
         && trio_room_link_get_offer (links[1]).kind == TRIO_ONLINE_OFFER_DRAW
         && trio_room_link_get_offer (links[1]).waiting == 3;
}

/* The rules' repetition draw offer: put to both seats, each in its own session, and the game
 * drawn for both once both agree. */
static void
test_draw (void)
{
  const char *moves[] = {
    "d3", "d6", "b6", "d2", "f4", "f6", "g1", "a1", "g7", "e3", "c5", "c3", "a4", "d5", "d7",
    "a7", "b4", "c4",
    "g1-d1", "a1-b2", "d1-g1", "b2-a1", "g1-d1", "a1-b2", "d1-g1", "b2-a1",
    "g1-d1", "a1-b2", "d1-g1", "b2-a1", "g1-d1", "a1-b2", "d1-g1", "b2-a1",
  };
  g_autofree char *dir = g_dir_make_tmp ("trio-link-XXXXXX", NULL);
  g_autoptr (TrioServer) server = NULL;
  g_autoptr (TrioSession) host = trio_session_new ();
  g_autoptr (TrioSession) friend = trio_session_new ();
  g_autoptr (TrioRoomLink) host_link = trio_room_link_new (host);
  g_autoptr (TrioRoomLink) friend_link = trio_room_link_new (friend);
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;
  TrioRoomLink *links[2];
  BgStatus status;

  server = start_server (dir, &url);
  host_room (host_link, url, "marelle", NULL);
  set_host_rooms_aside ();
  g_assert_true (trio_room_link_join (friend_link, trio_room_link_get_invite (host_link), -1,
                                      "Bob", &error));
  wait_played (friend, 0);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      play (i % 2 == 0 ? host : friend, moves[i]);
      wait_played (host, i + 1);
      wait_played (friend, i + 1);
    }
  links[0] = host_link;
  links[1] = friend_link;
  wait_for ("the draw offer", draw_offered_to_both, links);
  g_assert_cmpint (trio_room_link_get_offer (host_link).from, ==, -1);
  trio_room_link_answer (host_link, TRIO_ONLINE_OFFER_DRAW, TRUE);
  trio_room_link_answer (friend_link, TRIO_ONLINE_OFFER_DRAW, TRUE);
  wait_for ("the host's end", is_over, host);
  wait_for ("the friend's end", is_over, friend);
  status = bg_game_get_status (trio_session_get_game (friend));
  g_assert_cmpint (status.result, ==, BG_RESULT_DRAW);
  g_assert_cmpint (status.reason, ==, BG_REASON_DRAW_AGREED);
  status = bg_game_get_status (trio_session_get_game (host));
  g_assert_cmpint (status.reason, ==, BG_REASON_DRAW_AGREED);
  trio_server_shutdown (server);
}

/* Triomino, whose tiles each seat alone sees: every move reaches both sessions as a view
 * that goes on from the one before, so that each keeps the game's history as it saw it (its
 * move list, the animation of each move); each sees its own hand only. */
static void
test_triomino (void)
{
  g_autofree char *dir = g_dir_make_tmp ("trio-link-XXXXXX", NULL);
  g_autoptr (TrioServer) server = NULL;
  g_autoptr (TrioSession) host = trio_session_new ();
  g_autoptr (TrioSession) friend = trio_session_new ();
  g_autoptr (TrioRoomLink) host_link = trio_room_link_new (host);
  g_autoptr (TrioRoomLink) friend_link = trio_room_link_new (friend);
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;
  guint n;

  server = start_server (dir, &url);
  g_hash_table_insert (options, "players", "2");
  host_room (host_link, url, "triomino", options);
  set_host_rooms_aside ();
  g_assert_true (trio_room_link_join (friend_link, trio_room_link_get_invite (host_link), -1,
                                      "Bob", &error));
  wait_played (friend, 0);
  for (n = 0; n < 12; n++)
    {
      TrioSession *mover = trio_session_human_to_move (host) ? host : friend;
      const BgGame *game = trio_session_get_game (mover);
      g_autoptr (GArray) legal = bg_game_get_legal_moves (game);

      g_assert_true (bg_game_is_view (game));
      g_assert_cmpuint (legal->len, >, 0);
      g_assert_true (trio_session_play (mover, g_array_index (legal, BgMove, 0), &error));
      g_assert_no_error (error);
      wait_played (host, n + 1);
      wait_played (friend, n + 1);
      if (bg_game_is_over (trio_session_get_game (host)))
        break;
    }
  /* Both histories are the same moves, seen from each seat. */
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (bg_game_get_played_text (trio_session_get_game (host), i), ==,
                     bg_game_get_played_text (trio_session_get_game (friend), i));
  g_assert_cmpuint (n, >=, 10);
  trio_server_shutdown (server);
}

static void
on_failed (TrioRoomLink *link,
           const char   *text,
           char        **failure)
{
  g_free (*failure);
  *failure = g_strdup (text);
}

static gboolean
has_failed (gpointer data)
{
  return *(char **) data != NULL;
}

/* A link with a wrong key, or to a room that does not exist, gives up with a sentence. */
static void
test_refused (void)
{
  g_autofree char *dir = g_dir_make_tmp ("trio-link-XXXXXX", NULL);
  g_autoptr (TrioServer) server = NULL;
  g_autoptr (TrioSession) host = trio_session_new ();
  g_autoptr (TrioSession) friend = trio_session_new ();
  g_autoptr (TrioRoomLink) host_link = trio_room_link_new (host);
  g_autoptr (TrioRoomLink) friend_link = trio_room_link_new (friend);
  g_autoptr (TrioRoomLink) lost_link = trio_room_link_new (friend);
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *wrong = NULL;
  g_autofree char *nowhere = NULL;
  g_autofree char *failure = NULL;
  g_autofree char *lost = NULL;
  const char *invite;

  server = start_server (dir, &url);
  host_room (host_link, url, "marelle", NULL);
  invite = trio_room_link_get_invite (host_link);
  /* The friend elsewhere: without the host's rooms file, which would take the host's seat. */
  set_host_rooms_aside ();
  /* The same room, another key (its last character changed). */
  wrong = g_strdup (invite);
  wrong[strlen (wrong) - 1] = wrong[strlen (wrong) - 1] == 'A' ? 'B' : 'A';
  g_signal_connect (friend_link, "failed", G_CALLBACK (on_failed), &failure);
  g_assert_true (trio_room_link_join (friend_link, wrong, -1, "Bob", &error));
  wait_for ("the key refused", has_failed, &failure);
  g_assert_cmpstr (failure, ==, "The invite link is not right: the game refused its key.");
  g_assert_false (trio_session_is_online (friend));
  /* Not an invite link at all. */
  g_assert_false (trio_room_link_join (friend_link, "https://example.org/", -1, "Bob",
                                       &error));
  g_assert_error (error, TRIO_CLIENT_LINK_ERROR, TRIO_CLIENT_LINK_ERROR_INVALID);
  /* A server that is not there: the first connection fails. */
  nowhere = g_strdup_printf ("trio://127.0.0.1:1/%s", strrchr (invite, '/') + 1);
  g_signal_connect (lost_link, "failed", G_CALLBACK (on_failed), &lost);
  g_assert_true (trio_room_link_join (lost_link, nowhere, -1, "Bob", NULL));
  wait_for ("the server not reached", has_failed, &lost);
  g_assert_true (g_str_has_prefix (lost, "The server could not be reached: "));
  trio_server_shutdown (server);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/room-link/play", test_play);
  g_test_add_func ("/room-link/draw", test_draw);
  g_test_add_func ("/room-link/triomino", test_triomino);
  g_test_add_func ("/room-link/refused", test_refused);
  return g_test_run ();
}
