/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-server-util.c: the server's benchmark: options, the server, the rate, the figures */

#include "bench-server-util.h"

#include "trio-client-connection.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* How long the server may take to listen. */
#define START_WAIT_US (30 * G_USEC_PER_SEC)

gboolean
bench_options_parse (BenchOptions  *options,
                     int           *argc,
                     char        ***argv)
{
  int rooms = (int) options->rooms, seconds = (int) options->seconds, rate = (int) options->rate;
  int threads = (int) options->threads, think = (int) options->think;
  char *server = NULL, *game = NULL;
  const GOptionEntry entries[] = {
    { "server", 0, 0, G_OPTION_ARG_FILENAME, &server, "The trio-server to start", "PATH" },
    { "server-arg", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->server_args,
      "One more argument for the server, repeatable", "ARG" },
    { "rooms", 0, 0, G_OPTION_ARG_INT, &rooms, "Rooms of two players (10)", "N" },
    { "seconds", 0, 0, G_OPTION_ARG_INT, &seconds, "How long they play (10)", "S" },
    { "game", 0, 0, G_OPTION_ARG_STRING, &game, "The game (marelle)", "ID" },
    { "rate", 0, 0, G_OPTION_ARG_INT, &rate, "A player's most moves a second (15; 0: any)",
      "N" },
    { "think", 0, 0, G_OPTION_ARG_INT, &think,
      "A player's mean pause before each move, drawn from 0 to twice it (0: none)", "MS" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads,
      "The bench's threads, each with its share of the rooms (2)", "N" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- the Trio server under load");
  g_autoptr (GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("bench-server: %s\n", error->message);
      return FALSE;
    }
  if (server == NULL || rooms < 1 || seconds < 1 || rate < 0 || rate > BENCH_RATE_MAX
      || threads < 1 || threads > 64 || think < 0 || think > 60000)
    {
      g_printerr ("bench-server: give --server PATH; --rooms and --seconds from 1, --rate "
                  "from 0 to %d, --threads from 1 to 64, --think from 0 to 60000\n",
                  BENCH_RATE_MAX);
      return FALSE;
    }
  options->server = server;
  options->rooms = (guint) rooms;
  options->seconds = (guint) seconds;
  options->rate = (guint) rate;
  options->threads = (guint) threads;
  options->think = (guint) think;
  if (game != NULL)
    options->game = game;
  return TRUE;
}

/* A port no one listens on now (the server binds it a moment later). */
static guint
free_port (void)
{
  g_autoptr (GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM,
                                             G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) any = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) bound = NULL;

  if (socket == NULL || !g_socket_bind (socket, any, FALSE, NULL))
    return 0;
  bound = g_socket_get_local_address (socket, NULL);
  return bound != NULL ? g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)) : 0;
}

static gboolean
server_listens (guint port)
{
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GSocketConnection) connection =
    g_socket_client_connect_to_host (client, "127.0.0.1", (guint16) port, NULL, NULL);

  return connection != NULL;
}

gboolean
bench_server_start (BenchServer  *server,
                    const char   *path,
                    char        **args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  gint64 deadline = g_get_monotonic_time () + START_WAIT_US;

  server->port = free_port ();
  server->state_dir = g_dir_make_tmp ("trio-bench-XXXXXX", &error);
  if (server->port == 0 || server->state_dir == NULL)
    {
      g_printerr ("bench-server: no free port or no temporary folder\n");
      return FALSE;
    }
  g_ptr_array_add (argv, g_strdup (path));
  g_ptr_array_add (argv, g_strdup ("--address=127.0.0.1"));
  g_ptr_array_add (argv, g_strdup_printf ("--port=%u", server->port));
  g_ptr_array_add (argv, g_strdup_printf ("--state=%s", server->state_dir));
  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_async (NULL, (char **) argv->pdata, NULL,
                      G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL
                      | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &server->pid, &error))
    {
      g_printerr ("bench-server: %s\n", error->message);
      return FALSE;
    }
  while (!server_listens (server->port))
    {
      if (g_get_monotonic_time () > deadline || waitpid (server->pid, NULL, WNOHANG) != 0)
        {
          g_printerr ("bench-server: the server does not listen on port %u\n", server->port);
          return FALSE;
        }
      g_usleep (50000);
    }
  return TRUE;
}

void
bench_server_stop (BenchServer *server)
{
  const char *rm[] = { "rm", "-rf", server->state_dir, NULL };

  kill (server->pid, SIGTERM);
  waitpid (server->pid, NULL, 0);
  g_spawn_close_pid (server->pid);
  g_spawn_sync (NULL, (char **) rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                NULL);
  g_free (server->state_dir);
}

gint64
bench_server_rss (BenchServer *server)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", (int) server->pid);
  g_autofree char *text = NULL;
  const char *line;

  if (!g_file_get_contents (path, &text, NULL, NULL)
      || (line = strstr (text, "\nVmRSS:")) == NULL)
    return -1;
  return g_ascii_strtoll (line + strlen ("\nVmRSS:"), NULL, 10);
}

gint64
bench_server_cpu (BenchServer *server)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) server->pid);
  g_autofree char *text = NULL;
  g_auto (GStrv) fields = NULL;
  const char *after_name;

  /* The fields after the command's name (in parentheses): utime and stime are 14 and 15. */
  if (!g_file_get_contents (path, &text, NULL, NULL)
      || (after_name = strrchr (text, ')')) == NULL)
    return 0;
  fields = g_strsplit (after_name + 2, " ", -1);
  if (g_strv_length (fields) < 13)
    return 0;
  return (g_ascii_strtoll (fields[11], NULL, 10) + g_ascii_strtoll (fields[12], NULL, 10))
         * G_USEC_PER_SEC / sysconf (_SC_CLK_TCK);
}

gint64
bench_self_cpu (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return (gint64) (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * G_USEC_PER_SEC
         + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
}

void
bench_raise_file_limit (void)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max)
    {
      limit.rlim_cur = limit.rlim_max;
      setrlimit (RLIMIT_NOFILE, &limit);
    }
}

GPtrArray *
bench_sessions_new (guint first,
                    guint n)
{
  GPtrArray *sessions = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = first; i < first + n; i++)
    {
      g_autofree char *text = g_strdup_printf ("127.1.%u.%u", i / 250, i % 250 + 1);
      g_autoptr (GInetAddress) address = g_inet_address_new_from_string (text);
      g_autoptr (GSocketAddress) local = g_inet_socket_address_new (address, 0);

      g_ptr_array_add (sessions, g_object_new (SOUP_TYPE_SESSION, "local-address", local,
                                               "max-conns", 1024, "max-conns-per-host", 1024,
                                               "timeout", 0, NULL));
    }
  return sessions;
}

void
bench_rate_note (BenchRate *rate,
                 gint64     now)
{
  rate->times[rate->next] = now;
  rate->next = (rate->next + 1) % BENCH_RATE_MAX;
  rate->count++;
}

gint64
bench_rate_wait (const BenchRate *rate,
                 guint            max_per_second,
                 gint64           now)
{
  gint64 oldest;

  if (max_per_second == 0 || rate->count < max_per_second)
    return 0;
  oldest = rate->times[(rate->next + BENCH_RATE_MAX - max_per_second) % BENCH_RATE_MAX];
  return MAX (0, oldest + G_USEC_PER_SEC - now);
}

JsonObject *
bench_opening (const char *game,
               guint       index,
               const char *key)
{
  JsonObject *message = trio_client_message_new (index == 0 ? "create" : "join");
  JsonArray *seats;

  json_object_set_string_member (message, "name", index == 0 ? "north" : "south");
  if (index != 0)
    {
      json_object_set_string_member (message, "key", key);
      return message;
    }
  seats = json_array_new ();
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *seat = json_object_new ();

      json_object_set_string_member (seat, "kind", "human");
      json_array_add_object_element (seats, seat);
    }
  json_object_set_string_member (message, "game", game);
  json_object_set_object_member (message, "options", json_object_new ());
  json_object_set_array_member (message, "seats", seats);
  json_object_set_int_member (message, "seat", 0);
  return message;
}

char *
bench_room_id (GRand *rand)
{
  static const char base32[] = "abcdefghijklmnopqrstuvwxyz234567";
  char *id = g_malloc (17);

  for (guint i = 0; i < 16; i++)
    id[i] = base32[g_rand_int_range (rand, 0, 32)];
  id[16] = '\0';
  return id;
}

int
bench_compare_gint64 (gconstpointer a,
                      gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

gint64
bench_percentile (GArray *sorted,
                  guint   p)
{
  guint i;

  if (sorted->len == 0)
    return 0;
  i = (guint) (((guint64) sorted->len * p + 99) / 100);
  return g_array_index (sorted, gint64, MIN (MAX (i, 1), sorted->len) - 1);
}
