/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-store.c: the server's store: a room written, reopened and replayed; a move
 * committed there after the process is killed; finished games expired; two threads writing
 * at once, the WAL kept small by the store's checkpoints */

#include <glib/gstdio.h>
#include <signal.h>
#include <sqlite3.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test-server-util.h"
#include "test-util.h"

#define ROOM "abcdefghijklmnop"

static char *
temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("trio-store-XXXXXX", &error);

  ck_assert_msg (dir != NULL, "%s", error != NULL ? error->message : "");
  return dir;
}

static TrioStore *
open_store (const char *dir)
{
  g_autoptr (GError) error = NULL;
  TrioStore *store = trio_store_open (dir, TRIO_STORE_SYNC_NORMAL, &error);

  ck_assert_msg (store != NULL, "%s", error != NULL ? error->message : "");
  return store;
}

/* A room of two seats, the second open. */
static void
add_room (TrioStore  *store,
          const char *id,
          gint64      created)
{
  TrioStoredSeat seats[2] = {
    { TRIO_SEAT_HUMAN, 0, "Zoé", "aaaa" },
    { TRIO_SEAT_OPEN, 0, NULL, NULL },
  };
  TrioStoredRoom room = {
    .id = (char *) id, .game = "marelle", .options = "first=1 variant=standard",
    .seed = 4000000000u, .key_hash = "kkkk", .created = created, .draw_declined = -1,
    .seats = seats, .n_seats = 2,
  };
  g_autoptr (GError) error = NULL;

  ck_assert_msg (trio_store_add_room (store, &room, &error), "%s",
                 error != NULL ? error->message : "");
}

static TrioStoredRoom *
find_room (GPtrArray  *rooms,
           const char *id)
{
  for (guint i = 0; i < rooms->len; i++)
    if (strcmp (((TrioStoredRoom *) rooms->pdata[i])->id, id) == 0)
      return rooms->pdata[i];
  return NULL;
}

static GPtrArray *
load (TrioStore *store)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *rooms = trio_store_load (store, &error);

  ck_assert_msg (rooms != NULL, "%s", error != NULL ? error->message : "");
  return rooms;
}

START_TEST (test_written_and_reopened)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (TrioStore) store = open_store (dir);
  g_autoptr (GPtrArray) rooms = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *wal = g_build_filename (dir, "trio-server.db-wal", NULL);
  TrioStoredSeat taken = { TRIO_SEAT_COMPUTER, 4, "Bob", "bbbb" };
  TrioStoredRoom *room;

  add_room (store, ROOM, 1000);
  /* WAL mode: the log beside the database. */
  ck_assert (g_file_test (wal, G_FILE_TEST_EXISTS));
  ck_assert (!trio_store_add_room (store, &(TrioStoredRoom) { .id = ROOM, .game = "x",
                                                              .options = "", .key_hash = "k" },
                                   &error));
  g_clear_error (&error);
  ck_assert (trio_store_add_move (store, ROOM, 1, "d6", 1001, NULL));
  ck_assert (trio_store_add_move (store, ROOM, 2, "d2", 1002, NULL));
  ck_assert (trio_store_add_move (store, ROOM, 3, "f4", 1003, NULL));
  /* A ply written twice is refused. */
  ck_assert (!trio_store_add_move (store, ROOM, 3, "b4", 1003, &error));
  g_clear_error (&error);
  ck_assert (trio_store_set_seat (store, ROOM, 1, &taken, NULL));
  ck_assert (trio_store_truncate (store, ROOM, 2, NULL));
  ck_assert (trio_store_set_draw_declined (store, ROOM, 2, NULL));
  ck_assert (trio_store_finish (store, ROOM, 2000, "resigned 1", NULL));
  g_clear_object (&store);

  store = open_store (dir);
  rooms = load (store);
  ck_assert_int_eq (rooms->len, 1);
  room = rooms->pdata[0];
  ck_assert_str_eq (room->id, ROOM);
  ck_assert_str_eq (room->game, "marelle");
  ck_assert_str_eq (room->options, "first=1 variant=standard");
  ck_assert_uint_eq (room->seed, 4000000000u);
  ck_assert_str_eq (room->key_hash, "kkkk");
  ck_assert_int_eq (room->created, 1000);
  ck_assert_int_eq (room->finished, 2000);
  ck_assert_str_eq (room->result, "resigned 1");
  ck_assert_int_eq (room->draw_declined, 2);
  ck_assert_int_eq (room->n_seats, 2);
  ck_assert_int_eq (room->seats[0].kind, TRIO_SEAT_HUMAN);
  ck_assert_str_eq (room->seats[0].name, "Zoé");
  ck_assert_str_eq (room->seats[0].token_hash, "aaaa");
  ck_assert_int_eq (room->seats[1].kind, TRIO_SEAT_COMPUTER);
  ck_assert_int_eq (room->seats[1].level, 4);
  ck_assert_str_eq (room->seats[1].name, "Bob");
  ck_assert_int_eq (room->moves->len, 2);
  ck_assert_str_eq (room->moves->pdata[0], "d6");
  ck_assert_str_eq (room->moves->pdata[1], "d2");
  g_clear_object (&store);
  su_remove_state_dir (dir);
}
END_TEST

/* A move committed is there after the process is killed without closing anything. */
START_TEST (test_killed)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (TrioStore) store = NULL;
  g_autoptr (GPtrArray) rooms = NULL;
  TrioStoredRoom *room;
  int status = 0;
  pid_t child = fork ();

  ck_assert_int_ge (child, 0);
  if (child == 0)
    {
      TrioStore *doomed = trio_store_open (dir, TRIO_STORE_SYNC_NORMAL, NULL);

      add_room (doomed, ROOM, 1000);
      for (guint ply = 1; ply <= 40; ply++)
        if (!trio_store_add_move (doomed, ROOM, ply, "d6", 1000 + ply, NULL))
          _exit (3);
      raise (SIGKILL);
      _exit (4);
    }
  ck_assert_int_eq (waitpid (child, &status, 0), child);
  ck_assert (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
  store = open_store (dir);
  rooms = load (store);
  room = find_room (rooms, ROOM);
  ck_assert_ptr_nonnull (room);
  ck_assert_int_eq (room->moves->len, 40);
  g_clear_object (&store);
  su_remove_state_dir (dir);
}
END_TEST

START_TEST (test_expiry)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (TrioStore) store = open_store (dir);
  g_autoptr (GPtrArray) expired = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) rooms = NULL;

  add_room (store, "aaaaaaaaaaaaaaaa", 100);
  add_room (store, "bbbbbbbbbbbbbbbb", 100);
  add_room (store, "cccccccccccccccc", 100);
  ck_assert (trio_store_add_move (store, "aaaaaaaaaaaaaaaa", 1, "d6", 101, NULL));
  ck_assert (trio_store_finish (store, "aaaaaaaaaaaaaaaa", 1000, NULL, NULL));
  ck_assert (trio_store_finish (store, "bbbbbbbbbbbbbbbb", 5000, "draw-agreed", NULL));
  /* Nothing finished before 1000; then a; b stays until after 5000; c never ends. */
  ck_assert_int_eq (trio_store_expire (store, 1000, 0, expired, NULL), 0);
  ck_assert_int_eq (trio_store_expire (store, 1001, 0, expired, NULL), 1);
  ck_assert_int_eq (expired->len, 1);
  ck_assert_str_eq (expired->pdata[0], "aaaaaaaaaaaaaaaa");
  ck_assert_int_eq (trio_store_expire (store, 1001, 0, NULL, NULL), 0);
  rooms = load (store);
  ck_assert_int_eq (rooms->len, 2);
  ck_assert_ptr_null (find_room (rooms, "aaaaaaaaaaaaaaaa"));
  ck_assert_int_eq (trio_store_expire (store, G_MAXINT64, 0, NULL, NULL), 1);
  g_clear_pointer (&rooms, g_ptr_array_unref);
  rooms = load (store);
  ck_assert_int_eq (rooms->len, 1);
  ck_assert_ptr_nonnull (find_room (rooms, "cccccccccccccccc"));
  /* The expired rooms' seats and moves went with them: the id may serve again. */
  add_room (store, "aaaaaaaaaaaaaaaa", 200);
  g_clear_pointer (&rooms, g_ptr_array_unref);
  rooms = load (store);
  ck_assert_int_eq (find_room (rooms, "aaaaaaaaaaaaaaaa")->moves->len, 0);
  g_clear_object (&store);
  su_remove_state_dir (dir);
}
END_TEST

/* A game in progress that everyone left goes once it has had no move since the idle bound:
 * made at 100 with a move at 900 (d), made at 100 with none (e), made at 950 (f). */
START_TEST (test_idle_expiry)
{
  g_autofree char *dir = temp_dir ();
  g_autoptr (TrioStore) store = open_store (dir);
  g_autoptr (GPtrArray) expired = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) rooms = NULL;

  add_room (store, "dddddddddddddddd", 100);
  add_room (store, "eeeeeeeeeeeeeeee", 100);
  add_room (store, "ffffffffffffffff", 950);
  ck_assert (trio_store_add_move (store, "dddddddddddddddd", 1, "d6", 900, NULL));
  ck_assert_int_eq (trio_store_expire (store, 0, 100, expired, NULL), 0);
  ck_assert_int_eq (trio_store_expire (store, 0, 101, expired, NULL), 1);
  ck_assert_str_eq (expired->pdata[0], "eeeeeeeeeeeeeeee");
  /* d's move at 900 keeps it up to 900; f, made at 950, until 950. */
  ck_assert_int_eq (trio_store_expire (store, 0, 900, expired, NULL), 0);
  ck_assert_int_eq (trio_store_expire (store, 0, 901, expired, NULL), 1);
  ck_assert_str_eq (expired->pdata[1], "dddddddddddddddd");
  rooms = load (store);
  ck_assert_int_eq (rooms->len, 1);
  ck_assert_ptr_nonnull (find_room (rooms, "ffffffffffffffff"));
  /* A finished game is the finished bound's, whatever its moves' age. */
  ck_assert (trio_store_finish (store, "ffffffffffffffff", 5000, NULL, NULL));
  ck_assert_int_eq (trio_store_expire (store, 0, G_MAXINT64, NULL, NULL), 0);
  ck_assert_int_eq (trio_store_expire (store, 5001, 0, NULL, NULL), 1);
  g_clear_object (&store);
  su_remove_state_dir (dir);
}
END_TEST

START_TEST (test_refused)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "trio-server.db", NULL);
  g_autoptr (TrioStore) store = open_store (dir);
  g_autoptr (GError) error = NULL;
  sqlite3 *db = NULL;

  /* One server a folder. */
  ck_assert_ptr_null (trio_store_open (dir, TRIO_STORE_SYNC_FULL, &error));
  ck_assert (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY));
  g_clear_error (&error);
  g_clear_object (&store);
  /* A database of a newer server. */
  ck_assert_int_eq (sqlite3_open (path, &db), SQLITE_OK);
  ck_assert_int_eq (sqlite3_exec (db, "PRAGMA user_version = 99", NULL, NULL, NULL), SQLITE_OK);
  sqlite3_close (db);
  ck_assert_ptr_null (trio_store_open (dir, TRIO_STORE_SYNC_NORMAL, &error));
  ck_assert (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED));
  su_remove_state_dir (dir);
}
END_TEST

#define MARELLE_2 "{\"type\": \"create\", \"game\": \"%s\", \"options\": {%s}, \"seats\": " \
  "[{\"kind\": \"human\"}, {\"kind\": \"human\"}], \"seat\": 0, \"name\": \"Ann\"}"

/* A room made with a store, played, then read back into a new room. */
typedef struct
{
  char *dir;
  TrioStore *store;
  TrioRoomHost host;
  TrioRoom *room;
  SuClient *a, *b;
  char *tokens[2];
} Played;

static void
played_clear (Played *p)
{
  if (p->room != NULL)
    trio_room_close_all (p->room, 1000, "");
  g_clear_object (&p->room);
  g_clear_object (&p->store);
  g_clear_pointer (&p->a, su_client_free);
  g_clear_pointer (&p->b, su_client_free);
  g_clear_pointer (&p->tokens[0], g_free);
  g_clear_pointer (&p->tokens[1], g_free);
  if (p->dir != NULL)
    su_remove_state_dir (p->dir);
  g_clear_pointer (&p->dir, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Played, played_clear)

static void
played_start (Played     *p,
              const char *game,
              const char *options,
              guint       n_moves)
{
  g_autoptr (TrioMessage) create = su_message (MARELLE_2, game, options);
  g_autoptr (JsonObject) welcome = NULL;
  g_autoptr (JsonObject) joined = NULL;
  g_autofree char *key = NULL;

  p->dir = temp_dir ();
  p->store = open_store (p->dir);
  su_host_init (&p->host, p->store, NULL);
  p->a = su_client_new ();
  p->b = su_client_new ();
  p->room = trio_room_create (&p->host, ROOM, p->a, create, NULL);
  ck_assert_ptr_nonnull (p->room);
  welcome = su_next (p->a, "welcome");
  p->tokens[0] = g_strdup (json_object_get_string_member (welcome, "token"));
  key = g_strdup (strchr (json_object_get_string_member (welcome, "link"), '#') + 1);
  ck_assert_int_eq (su_send (p->room, p->b, "{\"type\": \"join\", \"key\": \"%s\","
                             " \"name\": \"Bob\"}", key), -1);
  joined = su_next (p->b, "welcome");
  p->tokens[1] = g_strdup (json_object_get_string_member (joined, "token"));
  for (guint i = 0; i < n_moves; i++)
    {
      const BgGame *g = trio_room_get_game (p->room);
      g_autofree char *move = su_legal_move (g, i * 5 + 2);

      ck_assert_int_eq (su_send (p->room, bg_game_get_player_to_move (g) == 0 ? p->a : p->b,
                                 "{\"type\": \"move\", \"move\": \"%s\", \"ply\": %u}", move,
                                 bg_game_get_n_played (g)), -1);
    }
}

/* The room read back from a store opened again: the same game, seats and end. */
static TrioRoom *
played_restore (Played *p)
{
  g_autoptr (GPtrArray) rooms = NULL;
  g_autoptr (GError) error = NULL;
  TrioRoom *restored;

  trio_room_close_all (p->room, 1000, "");
  g_clear_object (&p->store);
  p->store = open_store (p->dir);
  p->host.store = p->store;
  rooms = load (p->store);
  ck_assert_int_eq (rooms->len, 1);
  restored = trio_room_restore (&p->host, rooms->pdata[0], &error);
  ck_assert_msg (restored != NULL, "%s", error != NULL ? error->message : "");
  return restored;
}

static void
assert_same_game (TrioRoom *a,
                  TrioRoom *b)
{
  const BgGame *ga = trio_room_get_game (a);
  const BgGame *gb = trio_room_get_game (b);

  ck_assert_int_eq (bg_game_get_n_played (ga), bg_game_get_n_played (gb));
  ck_assert_uint_eq (bg_game_get_key (ga), bg_game_get_key (gb));
  ck_assert_uint_eq (bg_game_get_seed (ga), bg_game_get_seed (gb));
  ck_assert_int_eq (trio_room_is_over (a), trio_room_is_over (b));
  ck_assert_int_eq (trio_room_get_finished (a), trio_room_get_finished (b));
  for (guint i = 0; i < bg_game_get_n_played (ga); i++)
    ck_assert_str_eq (bg_game_get_played_text (ga, i), bg_game_get_played_text (gb, i));
}

START_TEST (test_room_replayed)
{
  g_auto (Played) p = { 0 };
  g_autoptr (TrioRoom) restored = NULL;
  g_autoptr (SuClient) back = su_client_new ();
  g_autoptr (JsonObject) state = NULL;

  played_start (&p, "marelle", "\"variant\": \"standard\"", 12);
  restored = played_restore (&p);
  assert_same_game (p.room, restored);
  ck_assert_str_eq (g_hash_table_lookup (bg_game_get_options (trio_room_get_game (restored)),
                                         "variant"), "standard");
  /* The tokens still take their seats back. */
  ck_assert_int_eq (su_send (restored, back, "{\"type\": \"resume\", \"token\": \"%s\"}",
                             p.tokens[1]), -1);
  state = su_next (back, "state");
  ck_assert_int_eq (json_object_get_int_member (state, "seat"), 1);
  ck_assert_int_eq (json_object_get_int_member (state, "ply"), 12);
  ck_assert_int_eq (trio_room_get_client_seat (restored, back), 1);
  trio_room_close_all (restored, 1000, "");
}
END_TEST

/* Triomino's deal is an option drawn by the server: the replayed game has the same tiles. */
START_TEST (test_triomino_replayed)
{
  g_auto (Played) p = { 0 };
  g_autoptr (TrioRoom) restored = NULL;

  played_start (&p, "triomino", "", 10);
  restored = played_restore (&p);
  assert_same_game (p.room, restored);
  ck_assert_str_eq (g_hash_table_lookup (bg_game_get_options (trio_room_get_game (restored)),
                                         "seed"),
                    g_hash_table_lookup (bg_game_get_options (trio_room_get_game (p.room)),
                                         "seed"));
  trio_room_close_all (restored, 1000, "");
}
END_TEST

START_TEST (test_resigned_and_undone_replayed)
{
  g_auto (Played) p = { 0 };
  g_autoptr (TrioRoom) restored = NULL;
  g_autoptr (SuClient) spectator = su_client_new ();
  g_autoptr (JsonObject) state = NULL;
  JsonObject *status;

  played_start (&p, "marelle", "", 6);
  /* Seat 1 takes its move back (the undo is accepted), then resigns. */
  ck_assert_int_eq (su_send (p.room, p.b, "{\"type\": \"undo\", \"ply\": 6}"), -1);
  ck_assert_int_eq (su_send (p.room, p.a, "{\"type\": \"answer\", \"offer\": \"undo\","
                             " \"accept\": true}"), -1);
  ck_assert_int_eq (bg_game_get_n_played (trio_room_get_game (p.room)), 5);
  ck_assert_int_eq (su_send (p.room, p.b, "{\"type\": \"resign\"}"), -1);
  restored = played_restore (&p);
  assert_same_game (p.room, restored);
  ck_assert (trio_room_is_over (restored));
  ck_assert_int_eq (su_send (restored, spectator, "{\"type\": \"resume\", \"token\": \"%s\"}",
                             p.tokens[0]), -1);
  state = su_next (spectator, "state");
  status = json_object_get_object_member (state, "status");
  ck_assert_str_eq (json_object_get_string_member (status, "reason"), "resigned");
  ck_assert_int_eq (json_object_get_int_member (status, "winner"), 0);
  ck_assert_int_eq (json_object_get_int_member (status, "loser"), 1);
  ck_assert_int_eq (su_send (restored, spectator, "{\"type\": \"export\"}"), -1);
  su_skip (spectator, "record");
  trio_room_close_all (restored, 1000, "");
}
END_TEST

#define THREAD_MOVES 10000

typedef struct
{
  TrioStore *store;
  const char *room;
} Writer;

static gpointer
write_moves (gpointer data)
{
  Writer *writer = data;

  for (guint ply = 1; ply <= THREAD_MOVES; ply++)
    if (!trio_store_add_move (writer->store, writer->room, ply, "d6", 1000 + ply, NULL))
      return GUINT_TO_POINTER (ply);
  return NULL;
}

/* The server's shards write from their threads at once; the WAL is checkpointed meanwhile
 * (on the store's own thread), so that it stays small. */
START_TEST (test_threads_and_checkpoints)
{
  g_autofree char *dir = temp_dir ();
  g_autofree char *wal = g_build_filename (dir, "trio-server.db-wal", NULL);
  g_autoptr (TrioStore) store = open_store (dir);
  g_autoptr (GPtrArray) rooms = NULL;
  Writer writers[2] = { { store, ROOM }, { store, "qrstuvwxyz234567" } };
  GThread *threads[2];
  GStatBuf wal_stat;

  for (guint i = 0; i < 2; i++)
    {
      add_room (store, writers[i].room, 1000);
      threads[i] = g_thread_new ("writer", write_moves, &writers[i]);
    }
  for (guint i = 0; i < 2; i++)
    ck_assert_ptr_null (g_thread_join (threads[i]));
  /* 20,000 commits of a page or more (4 KiB) each: without checkpoints, about 100 MiB; the
   * store keeps the WAL near 64 MiB at most (16 MiB when its thread keeps up): the other
   * thread's commits go on while one checkpoints past the bound (a sanitized CI run saw
   * 64.4 MiB), so the test allows 8 MiB more, well under the 100 MiB of no checkpoint. */
  ck_assert_int_eq (g_stat (wal, &wal_stat), 0);
  ck_assert_int_le (wal_stat.st_size, 72 * 1024 * 1024);
  g_clear_object (&store);
  store = open_store (dir);
  rooms = load (store);
  for (guint i = 0; i < 2; i++)
    ck_assert_int_eq (find_room (rooms, writers[i].room)->moves->len, THREAD_MOVES);
  g_clear_object (&store);
  su_remove_state_dir (dir);
}
END_TEST

static Suite *
store_suite (void)
{
  Suite *suite = suite_create ("server-store");
  TCase *tc = tcase_create ("store");

  tcase_add_test (tc, test_written_and_reopened);
  tcase_add_test (tc, test_killed);
  tcase_add_test (tc, test_expiry);
  tcase_add_test (tc, test_idle_expiry);
  tcase_add_test (tc, test_refused);
  tcase_add_test (tc, test_room_replayed);
  tcase_add_test (tc, test_triomino_replayed);
  tcase_add_test (tc, test_resigned_and_undone_replayed);
  tcase_add_test (tc, test_threads_and_checkpoints);
  suite_add_tcase (suite, tc);
  return suite;
}

int
main (void)
{
  return tu_run_suite (store_suite ());
}
