/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-main.c: trio-server, the command: its options, signals and main loop */

#include <errno.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "trio-server.h"
#include "trio-server-proxy.h"

/* How long the connections have to close after SIGTERM or SIGINT. */
#define SHUTDOWN_WAIT_US (2 * G_USEC_PER_SEC)

typedef struct
{
  char *port, *state, *address, *tls_cert, *tls_key, *max_per_address, *keep_finished, *sync;
  char *keep_idle;
  char *public_url, *threads, *shards, *computer_nodes, *handshake_timeout;
  char **trusted_proxies;
} Args;

static gboolean
bad_option (GError    **error,
            const char *format,
            ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad_option (GError    **error,
            const char *format,
            ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                                                format, args));
  va_end (args);
  return FALSE;
}

/* A number option from min to max, or its default when not given. */
static gboolean
read_number (const char *name,
             const char *text,
             guint64     min,
             guint64     max,
             guint64    *value,
             GError    **error)
{
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, min, max, value, NULL))
    return bad_option (error, "--%s must be a number from %" G_GUINT64_FORMAT " to %"
                       G_GUINT64_FORMAT ", not '%s'", name, min, max, text);
  return TRUE;
}

static gboolean
read_numbers (const Args       *args,
              TrioServerConfig *config,
              GError          **error)
{
  guint64 port = config->port, max = config->max_per_address, keep = config->keep_finished_days;
  guint64 idle = config->keep_idle_days, handshake = config->handshake_timeout_ms;
  guint64 threads = 0, nodes = 0, shards = g_get_num_processors ();

  if (!read_number ("port", args->port, 0, 65535, &port, error)
      || !read_number ("max-per-address", args->max_per_address, 1, 100000, &max, error)
      || !read_number ("keep-finished", args->keep_finished, 0, 36500, &keep, error)
      || !read_number ("keep-idle", args->keep_idle, 1, 36500, &idle, error)
      || !read_number ("handshake-timeout", args->handshake_timeout, 100, 600000, &handshake,
                       error)
      || !read_number ("threads", args->threads, 1, 256, &threads, error)
      || !read_number ("shards", args->shards, 1, 64, &shards, error)
      || !read_number ("computer-nodes", args->computer_nodes, 1, G_MAXUINT32, &nodes, error))
    return FALSE;
  config->port = (guint) port;
  config->max_per_address = (guint) max;
  config->keep_finished_days = (guint) keep;
  config->keep_idle_days = (guint) idle;
  config->handshake_timeout_ms = (guint) handshake;
  config->threads = (guint) threads;
  config->shards = (guint) shards;
  config->computer_nodes = nodes;
  return TRUE;
}

/* Every --trusted-proxy an address or a range, checked here to be told as a bad option. */
static gboolean
read_proxies (const Args       *args,
              TrioServerConfig *config,
              GError          **error)
{
  const char *const *ranges = (const char *const *) args->trusted_proxies;
  g_autoptr (GError) local = NULL;
  g_autoptr (TrioProxies) proxies = trio_proxies_new (ranges, &local);

  if (proxies == NULL)
    return bad_option (error, "--trusted-proxy: %s", local->message);
  config->trusted_proxies = ranges;
  return TRUE;
}

static gboolean
read_args (const Args       *args,
           TrioServerConfig *config,
           GError          **error)
{
  if (args->state == NULL)
    return bad_option (error, "--state DIR is required: the folder where the games are kept");
  config->state_dir = args->state;
  config->address = args->address;
  if ((args->tls_cert == NULL) != (args->tls_key == NULL))
    return bad_option (error, "--tls-cert and --tls-key go together");
  config->tls_cert = args->tls_cert;
  config->tls_key = args->tls_key;
  if (args->sync != NULL && strcmp (args->sync, "normal") != 0 && strcmp (args->sync, "full") != 0)
    return bad_option (error, "--sync is 'normal' or 'full', not '%s'", args->sync);
  config->sync = g_strcmp0 (args->sync, "full") == 0 ? TRIO_STORE_SYNC_FULL
                                                     : TRIO_STORE_SYNC_NORMAL;
  if (args->public_url != NULL
      && (!g_uri_is_valid (args->public_url, G_URI_FLAGS_NONE, NULL)
          || !(g_str_has_prefix (args->public_url, "https://")
               || g_str_has_prefix (args->public_url, "http://")
               || g_str_has_prefix (args->public_url, "trio://"))))
    return bad_option (error, "--public-url must be an https://, http:// or trio:// URL, not '%s'",
                       args->public_url);
  config->public_url = args->public_url;
  return read_proxies (args, config, error) && read_numbers (args, config, error);
}

static gboolean
parse_args (int              *argc,
            char           ***argv,
            Args             *args,
            TrioServerConfig *config,
            GError          **error)
{
  const GOptionEntry entries[] = {
    { "port", 0, 0, G_OPTION_ARG_STRING, &args->port,
      "The port to listen on (default 8080; 0: any free one)", "PORT" },
    { "state", 0, 0, G_OPTION_ARG_FILENAME, &args->state,
      "The folder where the games are kept (required)", "DIR" },
    { "address", 0, 0, G_OPTION_ARG_STRING, &args->address,
      "The address to listen on (default: every interface)", "ADDR" },
    { "tls-cert", 0, 0, G_OPTION_ARG_FILENAME, &args->tls_cert,
      "A PEM certificate (chain): serve wss:// (with --tls-key)", "FILE" },
    { "tls-key", 0, 0, G_OPTION_ARG_FILENAME, &args->tls_key,
      "The certificate's PEM private key", "FILE" },
    { "max-per-address", 0, 0, G_OPTION_ARG_STRING, &args->max_per_address,
      "Connections allowed from one client address at once (default 16)", "N" },
    { "handshake-timeout", 0, 0, G_OPTION_ARG_STRING, &args->handshake_timeout,
      "Milliseconds a connection has to finish its WebSocket handshake (default 10000)", "MS" },
    { "trusted-proxy", 0, 0, G_OPTION_ARG_STRING_ARRAY, &args->trusted_proxies,
      "A proxy (address or range, e.g. 10.0.0.0/8) whose X-Forwarded-For names the client;"
      " repeatable", "ADDR" },
    { "keep-finished", 0, 0, G_OPTION_ARG_STRING, &args->keep_finished,
      "Days a finished game is kept (default 30)", "DAYS" },
    { "keep-idle", 0, 0, G_OPTION_ARG_STRING, &args->keep_idle,
      "Days a game in progress is kept with no move (default 90)", "DAYS" },
    { "sync", 0, 0, G_OPTION_ARG_STRING, &args->sync,
      "normal: safe from the process being killed (default); full: from power loss too",
      "normal|full" },
    { "public-url", 0, 0, G_OPTION_ARG_STRING, &args->public_url,
      "The start of invite links (default trio://HOST:PORT), e.g. https://example.org/trio",
      "URL" },
    { "threads", 0, 0, G_OPTION_ARG_STRING, &args->threads,
      "The computer's moves searched at once (default: one per processor)", "N" },
    { "shards", 0, 0, G_OPTION_ARG_STRING, &args->shards,
      "Threads serving the rooms, each its share of them (default: one per processor)", "N" },
    { "computer-nodes", 0, 0, G_OPTION_ARG_STRING, &args->computer_nodes,
      "For tests: each computer move searches N nodes, with no time limit", "N" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- the Trio server");

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (context,
                                "Serves network games of Trio: see docs/server.md.");
  if (!g_option_context_parse (context, argc, argv, error))
    return FALSE;
  if (*argc > 1)
    return bad_option (error, "unexpected argument '%s'", (*argv)[1]);
  return read_args (args, config, error);
}

static void
args_clear (Args *args)
{
  char **fields[] = {
    &args->port, &args->state, &args->address, &args->tls_cert, &args->tls_key,
    &args->max_per_address, &args->keep_finished, &args->sync, &args->public_url,
    &args->threads, &args->shards, &args->computer_nodes, &args->keep_idle,
    &args->handshake_timeout,
  };

  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    g_clear_pointer (fields[i], g_free);
  g_clear_pointer (&args->trusted_proxies, g_strfreev);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Args, args_clear)

static gboolean
on_signal (gpointer user_data)
{
  g_message ("Shutting down");
  g_main_loop_quit (user_data);
  /* Removed by serve(), after the loop. */
  return G_SOURCE_CONTINUE;
}

/* The close frames have a moment to go out before the process ends. */
static void
wait_for_connections (TrioServer *server)
{
  gint64 until = g_get_monotonic_time () + SHUTDOWN_WAIT_US;

  while (trio_server_get_n_connections (server) > 0 && g_get_monotonic_time () < until)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10000);
}

static int
serve (const TrioServerConfig *config)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TrioServer) server = trio_server_new (config, &error);
  g_autoptr (GMainLoop) loop = NULL;
  guint sources[2];

  if (server == NULL || !trio_server_listen (server, &error))
    {
      g_printerr ("trio-server: %s\n", error->message);
      return EXIT_FAILURE;
    }
  /* For scripts and tests that asked for any free port. */
  printf ("trio-server: listening on port %u\n", trio_server_get_port (server));
  fflush (stdout);
  loop = g_main_loop_new (NULL, FALSE);
  sources[0] = g_unix_signal_add (SIGTERM, on_signal, loop);
  sources[1] = g_unix_signal_add (SIGINT, on_signal, loop);
  g_main_loop_run (loop);
  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    g_source_remove (sources[i]);
  trio_server_shutdown (server);
  wait_for_connections (server);
  g_clear_object (&server);
  /* What the worker threads handed back to the main context is freed there. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return EXIT_SUCCESS;
}

/* Each connection is a descriptor, and each 16 share another (trio-server-poller.h): the
 * soft limit a service starts with (1024 under systemd) would hold some 480 connections. The
 * hard one is the administrator's (LimitNOFILE= in data/server/trio-server.service). */
static void
raise_file_limit (void)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max)
    {
      limit.rlim_cur = limit.rlim_max;
      if (setrlimit (RLIMIT_NOFILE, &limit) != 0)
        g_warning ("Could not raise the limit of open files: %s", g_strerror (errno));
    }
}

int
main (int    argc,
      char **argv)
{
  g_auto (Args) args = { 0 };
  g_autoptr (GError) error = NULL;
  TrioServerConfig config;

  /* A peer gone while a frame is written is an error to handle, not a signal. */
  signal (SIGPIPE, SIG_IGN);
  trio_server_config_init (&config);
  if (!parse_args (&argc, &argv, &args, &config, &error))
    {
      g_printerr ("trio-server: %s (see trio-server --help)\n", error->message);
      return 2;
    }
  raise_file_limit ();
  return serve (&config);
}
