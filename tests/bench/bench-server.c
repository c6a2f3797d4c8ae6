/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-server.c: the Trio server under load, rooms of simulated players on a few threads
 *
 *   bench-server-rooms --server PATH [--rooms N] [--seconds S] [--game ID] [--rate N]
 *                      [--think MS] [--threads T] [--server-arg ARG...]
 *
 * Starts PATH (trio-server) on 127.0.0.1 with a free port and a temporary state folder,
 * opens N rooms of two players (2N WebSockets from this process, spread over T threads, 2 by
 * default, each with its own GMainContext and its share of the rooms: one main loop with
 * every socket would be the bottleneck), and once every room is seated has each player
 * answer every move at once with a random legal move of its own. A game that ends is
 * replaced by a new room. After S seconds it prints the rooms held, the moves acknowledged
 * per second, the latency of a move's acknowledgement (from the move sent to the server's
 * "move" back, p50 and p99), the server's memory (VmRSS of /proc/PID/status) idle, with the
 * rooms seated, and at the end, and the processor time of the server and of the bench, in
 * all and per move acknowledged (which depends less on the machine's other work than the
 * latency does).
 *
 * Each player keeps under the server's rate limit (20 messages a second) by sending at
 * most --rate moves in any second (15 by default). With --think, a player pauses before
 * each move, for a time drawn evenly from 0 to twice MS (people, not programs: the moves of
 * the rooms no longer come in step, and the server is not always busy). The server allows
 * 16 connections from one address: the players' connections are spread over addresses
 * 127.1.X.Y, eight rooms to an address. A tool (docs/testing.md), not a test: its figures
 * depend on the machine.
 */

#include <stdio.h>
#include <string.h>

#include "bench-server-util.h"
#include "trio-client-connection.h"
#include "trio-server-poller.h"
#include "trio-client-game.h"
#include "trio-client-message.h"

#define ROOMS_PER_ADDRESS 8
/* A room that starts again takes the next of these sets of addresses: the server may not
 * have seen the old connections close yet, and counts them against their address. */
#define ADDRESS_SETS 4
#define SETUPS_AT_ONCE 32

typedef struct _Bench Bench;
typedef struct _Room Room;

/* What the threads share: the start of the play once every thread has seated its rooms. */
typedef struct
{
  GMutex lock;
  GCond cond;
  guint n_seated;                  /* threads with every room seated */
  guint n_done;                    /* threads that have played */
  gboolean go;
  guint seconds;
} Shared;

typedef struct
{
  Room *room;
  guint index;                     /* 0: the creator, 1: the one who joins */
  TrioClientConnection *connection;
  TrioPolled *polled;              /* the connection's context, shared (as the server's) */
  TrioClientGame *game;
  gint64 seat;
  gint64 sent_at;                  /* µs, of the move awaiting its acknowledgement, or 0 */
  gint64 sent_ply;
  BenchRate rate;
  GSource *retry;                  /* a move held back by the rate or the pause, on the
                                    * player's context */
} Player;

struct _Room
{
  Bench *bench;
  guint index;
  char *id;
  char *key;
  Player players[2];
  guint n_seated;
  gboolean ended;
  guint starts;
  GSource *restart;                /* a room whose connection failed, started again */
};

/* One thread's rooms, on its own context. */
struct _Bench
{
  Shared *shared;
  GThread *thread;
  GMainContext *context;
  TrioPoller *poller;              /* on context: the players' contexts */
  GMainLoop *loop;
  const char *url;                 /* ws://127.0.0.1:PORT */
  guint first_session;             /* the number of its first source address */
  GPtrArray *sessions;             /* one per ROOMS_PER_ADDRESS rooms */
  Room *rooms;
  guint n_rooms;
  GQueue waiting;                  /* rooms to set up */
  guint n_seated;                  /* rooms with both players seated */
  guint max_seated;
  gboolean playing;
  gint64 started;
  guint64 moves;
  guint64 games;
  guint errors;
  GArray *latencies;               /* µs */
  GRand *rand;
  const char *game;
  guint rate;
  guint think;
};

static void room_start (Room *room);
static void room_close (Room *room);
static void bench_player_connect (Room *room,
                                  guint index);

/* A source of the thread's context (after ms, or idle at 0); the caller keeps a reference. */
static GSource *
bench_add_source (Bench      *bench,
                  guint       ms,
                  GSourceFunc func,
                  gpointer    data)
{
  GSource *source = ms > 0 ? g_timeout_source_new (ms) : g_idle_source_new ();

  g_source_set_callback (source, func, data, NULL);
  g_source_attach (source, bench->context);
  return source;
}

/* libsoup attaches what a call on a connection needs to the thread's default context: the
 * player's own while the call runs. */
static void
player_enter (Player *player)
{
  trio_poller_push (player->room->bench->poller, player->polled);
}

static void
player_leave (Player *player)
{
  trio_poller_pop (player->room->bench->poller, player->polled);
}

static void
player_send (Player     *player,
             JsonObject *message)
{
  player_enter (player);
  trio_client_connection_send_object (player->connection, message);
  player_leave (player);
}

static void
clear_source (GSource **source)
{
  if (*source == NULL)
    return;
  g_source_destroy (*source);
  g_clear_pointer (source, g_source_unref);
}

static gboolean
on_restart (gpointer user_data)
{
  Room *room = user_data;

  clear_source (&room->restart);
  room_close (room);
  room_start (room);
  return G_SOURCE_REMOVE;
}

/* A connection of the room failed: it is counted, and the room starts again (from the main
 * loop, out of the connection's own callbacks). */
static void
room_failed (Room       *room,
             const char *why)
{
  if (room->bench->errors++ < 10)
    g_printerr ("bench-server: room %u: %s\n", room->index, why);
  if (room->restart == NULL)
    room->restart = bench_add_source (room->bench, 0, on_restart, room);
}

static void
player_send_move (Player *player)
{
  Bench *bench = player->room->bench;
  const BgGame *game = trio_client_game_get (player->game);
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
  g_autoptr (JsonObject) message = trio_client_message_new ("move");
  g_autofree char *text = NULL;
  BgMove move;

  if (moves->len == 0)
    return;
  move = g_array_index (moves, BgMove, g_rand_int_range (bench->rand, 0, (int) moves->len));
  text = bg_game_format_move (game, move);
  json_object_set_string_member (message, "move", text);
  json_object_set_int_member (message, "ply", trio_client_game_get_ply (player->game));
  player->sent_ply = trio_client_game_get_ply (player->game);
  player->sent_at = g_get_monotonic_time ();
  bench_rate_note (&player->rate, player->sent_at);
  player_send (player, message);
}

static gboolean
on_retry (gpointer user_data)
{
  Player *player = user_data;

  clear_source (&player->retry);
  player_send_move (player);
  return G_SOURCE_REMOVE;
}

/* Plays when it is this player's turn, at once or when the rate and the pause allow. */
static void
player_maybe_move (Player *player)
{
  const BgGame *game = trio_client_game_get (player->game);
  gint64 wait;

  if (!player->room->bench->playing || player->room->ended || game == NULL
      || player->sent_at != 0 || player->retry != NULL || bg_game_is_over (game)
      || bg_game_get_player_to_move (game) != player->seat)
    return;
  wait = bench_rate_wait (&player->rate, player->room->bench->rate, g_get_monotonic_time ());
  if (player->room->bench->think > 0)
    wait = MAX (wait, g_rand_int_range (player->room->bench->rand, 0,
                                        2 * (int) player->room->bench->think * 1000));
  if (wait > 0)
    {
      player->retry = g_timeout_source_new ((guint) (wait / 1000 + 1));
      g_source_set_callback (player->retry, on_retry, player, NULL);
      g_source_attach (player->retry, trio_polled_get_context (player->polled));
      trio_poller_touch (player->room->bench->poller, player->polled);
    }
  else
    player_send_move (player);
}

static void
room_seated (Room *room)
{
  Bench *bench = room->bench;

  bench->n_seated++;
  bench->max_seated = MAX (bench->max_seated, bench->n_seated);
  if (!g_queue_is_empty (&bench->waiting))
    room_start (g_queue_pop_head (&bench->waiting));
  if (bench->n_seated == bench->n_rooms && !bench->playing)
    g_main_loop_quit (bench->loop);
  for (guint i = 0; i < 2; i++)
    player_maybe_move (&room->players[i]);
}

static void
on_move (Player     *player,
         JsonObject *message)
{
  Bench *bench = player->room->bench;
  gint64 seat = trio_client_message_get_int_or (message, "seat", -1);
  gint64 ply = trio_client_message_get_int_or (message, "ply", -1);

  if (!trio_client_game_apply_move (player->game, message, NULL))
    bench->errors++;
  if (seat == player->seat && ply == player->sent_ply + 1 && player->sent_at != 0)
    {
      gint64 latency = g_get_monotonic_time () - player->sent_at;

      if (bench->playing)
        {
          bench->moves++;
          g_array_append_val (bench->latencies, latency);
        }
      player->sent_at = 0;
    }
  player_maybe_move (player);
}

static void
on_offer (Player     *player,
          JsonObject *message)
{
  g_autoptr (JsonObject) answer = NULL;
  const char *kind = trio_client_message_get_string (message, "kind");

  if (kind == NULL || !trio_client_message_array_has (message, "to", player->seat))
    return;
  /* A repetition ends the game drawn: the room starts another. */
  answer = trio_client_message_new ("answer");
  json_object_set_string_member (answer, "offer", kind);
  json_object_set_boolean_member (answer, "accept", TRUE);
  player_send (player, answer);
}

static void
on_welcome (Player     *player,
            JsonObject *message)
{
  Room *room = player->room;
  const char *link = trio_client_message_get_string (message, "link");
  const char *hash = link != NULL ? strrchr (link, '#') : NULL;

  player->seat = trio_client_message_get_int_or (message, "seat", -1);
  if (player->index == 0 && hash != NULL)
    {
      room->key = g_strdup (hash + 1);
      bench_player_connect (room, 1);
    }
}

static void
on_message (TrioClientConnection *connection,
            const char           *text,
            JsonObject           *message,
            gpointer              user_data)
{
  Player *player = user_data;
  Room *room = player->room;
  const char *type = trio_client_message_get_string (message, "type");

  if (g_strcmp0 (type, "welcome") == 0)
    on_welcome (player, message);
  else if (g_strcmp0 (type, "state") == 0)
    {
      if (!trio_client_game_load_state (player->game, message, NULL))
        room->bench->errors++;
      if (++room->n_seated == 2)
        room_seated (room);
    }
  else if (g_strcmp0 (type, "move") == 0)
    on_move (player, message);
  else if (g_strcmp0 (type, "offer") == 0)
    on_offer (player, message);
  else if (g_strcmp0 (type, "end") == 0 && !room->ended)
    {
      room->ended = TRUE;
      room->bench->games++;
      room_close (room);
      room_start (room);
    }
  else if (g_strcmp0 (type, "error") == 0)
    room_failed (room, text);
}

static void
on_closed (TrioClientConnection *connection,
           int                   code,
           gpointer              user_data)
{
  Player *player = user_data;
  g_autofree char *why = g_strdup_printf ("the server closed a connection (%d)", code);

  room_failed (player->room, why);
}

static void
on_connected (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Player *player = user_data;
  Room *room = player->room;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) message = NULL;

  if (!trio_client_connection_connect_finish (TRIO_CLIENT_CONNECTION (source), result, &error))
    {
      /* A connection of a room closed since (a restart, the end) is let go. */
      if (player->connection != TRIO_CLIENT_CONNECTION (source))
        return;
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        room_failed (room, error->message);
      return;
    }
  if (player->connection != TRIO_CLIENT_CONNECTION (source))
    return;
  message = bench_opening (room->bench->game, player->index, room->key);
  player_send (player, message);
}

static void
bench_player_connect (Room *room,
                      guint index)
{
  Bench *bench = room->bench;
  Player *player = &room->players[index];
  guint per_set = bench->sessions->len / ADDRESS_SETS;
  SoupSession *session = g_ptr_array_index (bench->sessions, room->index / ROOMS_PER_ADDRESS
                                            + per_set * (room->starts % ADDRESS_SETS));
  g_autofree char *url = g_strdup_printf ("%s/rooms/%s", bench->url, room->id);

  player->room = room;
  player->index = index;
  player->seat = -1;
  player->sent_at = 0;
  player->game = trio_client_game_new (index + 1);
  player->polled = trio_poller_join (bench->poller);
  player->connection = trio_client_connection_new (session);
  g_signal_connect (player->connection, "message", G_CALLBACK (on_message), player);
  g_signal_connect (player->connection, "closed", G_CALLBACK (on_closed), player);
  player_enter (player);
  trio_client_connection_connect_async (player->connection, url, NULL, on_connected, player);
  player_leave (player);
}

static void
room_close (Room *room)
{
  clear_source (&room->restart);
  for (guint i = 0; i < 2; i++)
    {
      Player *player = &room->players[i];

      clear_source (&player->retry);
      if (player->connection != NULL)
        {
          g_signal_handlers_disconnect_by_data (player->connection, player);
          player_enter (player);
          trio_client_connection_close (player->connection);
          g_clear_object (&player->connection);
          player_leave (player);
        }
      if (player->polled != NULL)
        trio_poller_leave (room->bench->poller, player->polled);
      player->polled = NULL;
      g_clear_pointer (&player->game, trio_client_game_free);
    }
  if (room->n_seated == 2)
    room->bench->n_seated--;
  room->n_seated = 0;
  g_clear_pointer (&room->id, g_free);
  g_clear_pointer (&room->key, g_free);
}

static void
room_start (Room *room)
{
  room->ended = FALSE;
  room->starts++;
  room->id = bench_room_id (room->bench->rand);
  bench_player_connect (room, 0);
}

/* Sets every room up, SETUPS_AT_ONCE at a time; returns once all are seated. */
static void
bench_seat_rooms (Bench *bench)
{
  for (guint i = 0; i < bench->n_rooms; i++)
    {
      bench->rooms[i].bench = bench;
      bench->rooms[i].index = i;
      if (i < SETUPS_AT_ONCE)
        room_start (&bench->rooms[i]);
      else
        g_queue_push_tail (&bench->waiting, &bench->rooms[i]);
    }
  g_main_loop_run (bench->loop);
}

static gboolean
on_time_up (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

static void
bench_play (Bench *bench,
            guint  seconds)
{
  GSource *time_up;

  bench->playing = TRUE;
  bench->started = g_get_monotonic_time ();
  for (guint i = 0; i < bench->n_rooms; i++)
    for (guint p = 0; p < 2; p++)
      player_maybe_move (&bench->rooms[i].players[p]);
  time_up = bench_add_source (bench, seconds * 1000, on_time_up, bench->loop);
  g_main_loop_run (bench->loop);
  clear_source (&time_up);
  bench->playing = FALSE;
}

/* A thread: its rooms seated, then played once every thread is ready, then closed. */
static gpointer
bench_thread (gpointer data)
{
  Bench *bench = data;
  Shared *shared = bench->shared;
  guint n_sessions = (bench->n_rooms + ROOMS_PER_ADDRESS - 1) / ROOMS_PER_ADDRESS * ADDRESS_SETS;

  g_main_context_push_thread_default (bench->context);
  bench->poller = trio_poller_new (bench->context, 16);
  bench->sessions = bench_sessions_new (bench->first_session, n_sessions);
  bench_seat_rooms (bench);
  g_mutex_lock (&shared->lock);
  shared->n_seated++;
  g_cond_broadcast (&shared->cond);
  while (!shared->go)
    g_cond_wait (&shared->cond, &shared->lock);
  g_mutex_unlock (&shared->lock);
  bench_play (bench, shared->seconds);
  g_mutex_lock (&shared->lock);
  shared->n_done++;
  g_cond_broadcast (&shared->cond);
  /* The rooms are closed once the figures are read. */
  while (shared->go)
    g_cond_wait (&shared->cond, &shared->lock);
  g_mutex_unlock (&shared->lock);
  for (guint i = 0; i < bench->n_rooms; i++)
    room_close (&bench->rooms[i]);
  while (g_main_context_iteration (bench->context, FALSE))
    ;
  g_clear_pointer (&bench->sessions, g_ptr_array_unref);
  g_clear_pointer (&bench->poller, trio_poller_free);
  g_main_context_pop_thread_default (bench->context);
  return NULL;
}

static void
shared_wait (Shared *shared,
             guint  *count,
             guint   n)
{
  g_mutex_lock (&shared->lock);
  while (*count < n)
    g_cond_wait (&shared->cond, &shared->lock);
  g_mutex_unlock (&shared->lock);
}

/* What the run measured besides the bench's own counts. */
typedef struct
{
  BenchRss rss;
  gint64 setup;         /* µs to seat every room */
  gint64 play;          /* µs of play */
  gint64 server_cpu;    /* µs of processor time used during play */
  gint64 self_cpu;
} BenchFigures;

/* The threads' counts summed, their latencies merged (into the first one). */
static void
bench_sum (Bench *benches,
           guint  n,
           Bench *sum)
{
  *sum = benches[0];
  for (guint i = 1; i < n; i++)
    {
      sum->n_rooms += benches[i].n_rooms;
      sum->max_seated += benches[i].max_seated;
      sum->moves += benches[i].moves;
      sum->games += benches[i].games;
      sum->errors += benches[i].errors;
      g_array_append_vals (sum->latencies, benches[i].latencies->data, benches[i].latencies->len);
    }
}

static void
bench_report (Bench              *bench,
              const BenchFigures *figures)
{
  double seconds = figures->play / 1e6;

  double moves = MAX (bench->moves, 1);

  g_array_sort (bench->latencies, bench_compare_gint64);
  printf ("| %u | %u | %.1f | %.0f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.0f | %.0f | %.0f"
          " | %.0f | %" G_GUINT64_FORMAT " | %u |\n",
          bench->n_rooms, bench->max_seated, figures->setup / 1e6, bench->moves / seconds,
          bench_percentile (bench->latencies, 50) / 1000.0,
          bench_percentile (bench->latencies, 99) / 1000.0,
          figures->rss.idle / 1024.0, figures->rss.seated / 1024.0,
          (double) (figures->rss.seated - figures->rss.idle) / bench->n_rooms,
          figures->rss.end / 1024.0, 100.0 * figures->server_cpu / figures->play,
          100.0 * figures->self_cpu / figures->play, figures->server_cpu / moves,
          figures->self_cpu / moves, bench->games, bench->errors);
}

/* Thread i of n with its share of the rooms and of the source addresses. */
static void
bench_init (Bench              *bench,
            Shared             *shared,
            const BenchOptions *options,
            const char         *url,
            guint               i,
            guint               n)
{
  guint first = options->rooms * i / n;
  guint sessions_before = 0;

  for (guint j = 0; j < i; j++)
    {
      guint rooms = options->rooms * (j + 1) / n - options->rooms * j / n;

      sessions_before += (rooms + ROOMS_PER_ADDRESS - 1) / ROOMS_PER_ADDRESS * ADDRESS_SETS;
    }
  bench->shared = shared;
  bench->context = g_main_context_new ();
  bench->loop = g_main_loop_new (bench->context, FALSE);
  bench->url = url;
  bench->first_session = sessions_before;
  bench->n_rooms = options->rooms * (i + 1) / n - first;
  bench->rooms = g_new0 (Room, bench->n_rooms);
  bench->latencies = g_array_new (FALSE, FALSE, sizeof (gint64));
  bench->rand = g_rand_new_with_seed (45 + i);
  bench->game = options->game;
  bench->rate = options->rate;
  bench->think = options->think;
  g_queue_init (&bench->waiting);
}

static void
bench_clear (Bench *bench)
{
  g_array_unref (bench->latencies);
  g_rand_free (bench->rand);
  g_free (bench->rooms);
  g_main_loop_unref (bench->loop);
  g_main_context_unref (bench->context);
}

int
main (int   argc,
      char *argv[])
{
  BenchOptions options = { .rooms = 10, .seconds = 10, .game = "marelle", .rate = 15,
                           .threads = 2 };
  g_autofree Bench *benches = NULL;
  Shared shared = { 0 };
  BenchServer server = { 0 };
  BenchFigures figures = { { 0 } };
  g_autofree char *url = NULL;
  Bench sum;
  guint n;
  gint64 start;

  if (!bench_options_parse (&options, &argc, &argv))
    return 1;
  bench_raise_file_limit ();
  if (!bench_server_start (&server, options.server, options.server_args))
    return 1;
  url = g_strdup_printf ("ws://127.0.0.1:%u", server.port);
  n = MIN (options.threads, options.rooms);
  benches = g_new0 (Bench, n);
  shared.seconds = options.seconds;
  for (guint i = 0; i < n; i++)
    bench_init (&benches[i], &shared, &options, url, i, n);

  figures.rss.idle = bench_server_rss (&server);
  start = g_get_monotonic_time ();
  for (guint i = 0; i < n; i++)
    benches[i].thread = g_thread_new ("bench", bench_thread, &benches[i]);
  shared_wait (&shared, &shared.n_seated, n);
  figures.setup = g_get_monotonic_time () - start;
  figures.rss.seated = bench_server_rss (&server);
  figures.server_cpu = -bench_server_cpu (&server);
  figures.self_cpu = -bench_self_cpu ();
  start = g_get_monotonic_time ();
  g_mutex_lock (&shared.lock);
  shared.go = TRUE;
  g_cond_broadcast (&shared.cond);
  g_mutex_unlock (&shared.lock);
  shared_wait (&shared, &shared.n_done, n);
  figures.play = g_get_monotonic_time () - start;
  figures.server_cpu += bench_server_cpu (&server);
  figures.self_cpu += bench_self_cpu ();
  figures.rss.end = bench_server_rss (&server);
  bench_sum (benches, n, &sum);
  bench_report (&sum, &figures);

  g_mutex_lock (&shared.lock);
  shared.go = FALSE;
  g_cond_broadcast (&shared.cond);
  g_mutex_unlock (&shared.lock);
  for (guint i = 0; i < n; i++)
    g_thread_join (benches[i].thread);
  bench_server_stop (&server);
  for (guint i = 0; i < n; i++)
    bench_clear (&benches[i]);
  /* The errors are in the table; a run that printed its row has done its work. */
  return 0;
}
