/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-options.c: trio-client's command line, read and checked */

#include "trio-client-options.h"

#include "trio-client-link.h"

#include <gio/gio.h>
#include <string.h>

#define MAX_LEVEL 7
#define MAX_SEATS 64

typedef struct
{
  char *server;
  char *game;
  char **game_options;
  char *seats;
  int seat;
  char *name;
  char *room;
  char *token;
  gboolean json;
  gboolean raw;
  int bot;
  gint64 nodes;
  int depth;
  int threads;
  char *answer_draw;
  char *answer_undo;
  char *export_path;
  char *tls_ca;
} Args;

static void
args_clear (Args *args)
{
  g_free (args->server);
  g_free (args->game);
  g_strfreev (args->game_options);
  g_free (args->seats);
  g_free (args->name);
  g_free (args->room);
  g_free (args->token);
  g_free (args->answer_draw);
  g_free (args->answer_undo);
  g_free (args->export_path);
  g_free (args->tls_ca);
}

static const char summary[] =
  "Commands:\n"
  "  create --server ws://HOST:PORT --game ID [--option NAME=VALUE]...\n"
  "         --seats human,computer:3,... [--seat N] --name NAME [--room ID]\n"
  "                                             create a room and take a seat\n"
  "  join LINK --name NAME [--seat N]           take a free seat of the room of an invite link\n"
  "  resume --server URL --room ID --token TOKEN  take back a seat\n"
  "  watch LINK                                 follow a game as a spectator\n"
  "  connect URL|LINK                           a room's WebSocket, nothing sent: every input\n"
  "                                             line is sent as a frame, unchanged\n"
  "\n"
  "Input lines: a move in the game's notation, draw yes|no, undo, undo yes|no, resign,\n"
  "computer SEAT LEVEL, export FILE, quit. Exit status: 0 the game ended, 1 bad options,\n"
  "2 the server refused or ended the session, 3 the connection failed or was lost, or quit\n"
  "before the end (docs/server.md, \"trio-client\").";

static gboolean
fail (GError    **error,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError    **error,
      const char *format,
      ...)
{
  va_list ap;

  va_start (ap, format);
  g_propagate_error (error, g_error_new_valist (G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                                                format, ap));
  va_end (ap);
  return FALSE;
}

static gboolean
parse_answer (const char       *name,
              const char       *text,
              TrioClientAnswer *answer,
              GError          **error)
{
  if (text == NULL)
    return TRUE;
  if (g_str_equal (text, "yes"))
    *answer = TRIO_CLIENT_ANSWER_YES;
  else if (g_str_equal (text, "no"))
    *answer = TRIO_CLIENT_ANSWER_NO;
  else
    return fail (error, "%s takes yes or no, not '%s'", name, text);
  return TRUE;
}

/* "human,computer:3,human" */
static gboolean
parse_seats (const char  *text,
             JsonArray   *seats,
             GError     **error)
{
  g_auto (GStrv) items = g_strsplit (text, ",", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      JsonObject *seat = json_object_new ();
      guint64 level;

      json_array_add_object_element (seats, seat);
      if (g_str_equal (items[i], "human"))
        {
          json_object_set_string_member (seat, "kind", "human");
          continue;
        }
      if (!g_str_has_prefix (items[i], "computer:")
          || !g_ascii_string_to_unsigned (items[i] + 9, 10, 1, MAX_LEVEL, &level, NULL))
        return fail (error, "--seats: '%s' is neither human nor computer:LEVEL (1 to %d)",
                     items[i], MAX_LEVEL);
      json_object_set_string_member (seat, "kind", "computer");
      json_object_set_int_member (seat, "level", (gint64) level);
    }
  if (json_array_get_length (seats) == 0 || json_array_get_length (seats) > MAX_SEATS)
    return fail (error, "--seats lists no seat");
  return TRUE;
}

static gboolean
parse_game_options (char       **words,
                    JsonObject  *options,
                    GError     **error)
{
  for (guint i = 0; words != NULL && words[i] != NULL; i++)
    {
      const char *eq = strchr (words[i], '=');
      g_autofree char *name = NULL;

      if (eq == NULL || eq == words[i] || eq[1] == '\0')
        return fail (error, "--option '%s' is not NAME=VALUE", words[i]);
      name = g_strndup (words[i], eq - words[i]);
      if (json_object_has_member (options, name))
        return fail (error, "--option %s is given twice", name);
      json_object_set_string_member (options, name, eq + 1);
    }
  return TRUE;
}

static gboolean
need (const char  *value,
      const char  *option,
      const char  *command,
      GError     **error)
{
  return value != NULL || fail (error, "%s needs %s", command, option);
}

static gboolean
check_create (TrioClientOptions *options,
              Args              *args,
              GError           **error)
{
  JsonObject *seat;

  if (!need (args->server, "--server ws://HOST:PORT", "create", error)
      || !need (args->game, "--game ID", "create", error)
      || !need (args->seats, "--seats (e.g. human,computer:3)", "create", error)
      || !need (args->name, "--name NAME", "create", error))
    return FALSE;
  if (args->room != NULL && !trio_client_is_room_id (args->room))
    return fail (error, "--room '%s' is not a room id (16 characters a-z, 2-7)", args->room);
  options->room = args->room != NULL ? g_strdup (args->room) : trio_client_room_id_new ();
  options->url = trio_client_room_url (args->server, options->room, error);
  if (options->url == NULL)
    return FALSE;
  options->game = g_strdup (args->game);
  options->game_options = json_object_new ();
  options->seats = json_array_new ();
  if (!parse_game_options (args->game_options, options->game_options, error)
      || !parse_seats (args->seats, options->seats, error))
    return FALSE;
  options->seat = args->seat >= 0 ? args->seat : 0;
  if ((guint) options->seat >= json_array_get_length (options->seats))
    return fail (error, "--seat %d: the room has %u seats (from 0)", options->seat,
                 json_array_get_length (options->seats));
  seat = json_array_get_object_element (options->seats, (guint) options->seat);
  if (!g_str_equal (json_object_get_string_member (seat, "kind"), "human"))
    return fail (error, "--seat %d is the computer's: the creator takes a human seat",
                 options->seat);
  return TRUE;
}

/* The command's argument and what it needs. */
static gboolean
check_command (TrioClientOptions *options,
               Args              *args,
               const char        *link,
               GError           **error)
{
  switch (options->mode)
    {
    case TRIO_CLIENT_MODE_CREATE:
      return check_create (options, args, error);
    case TRIO_CLIENT_MODE_JOIN:
      if (!need (args->name, "--name NAME", "join", error))
        return FALSE;
      G_GNUC_FALLTHROUGH;
    case TRIO_CLIENT_MODE_WATCH:
      if (!need (link, "an invite link", options->mode == TRIO_CLIENT_MODE_JOIN
                 ? "join" : "watch", error))
        return FALSE;
      return trio_client_link_parse (link, &options->url, &options->room, &options->key, error);
    case TRIO_CLIENT_MODE_RESUME:
      if (!need (args->server, "--server URL", "resume", error)
          || !need (args->room, "--room ID", "resume", error)
          || !need (args->token, "--token TOKEN", "resume", error))
        return FALSE;
      if (!trio_client_is_room_id (args->room))
        return fail (error, "--room '%s' is not a room id (16 characters a-z, 2-7)",
                     args->room);
      options->room = g_strdup (args->room);
      options->token = g_strdup (args->token);
      options->url = trio_client_room_url (args->server, options->room, error);
      return options->url != NULL;
    case TRIO_CLIENT_MODE_CONNECT:
      options->raw = TRUE;
      if (link != NULL && (g_str_has_prefix (link, "ws://") || g_str_has_prefix (link, "wss://")))
        options->url = g_strdup (link);
      else if (link != NULL)
        return trio_client_link_parse (link, &options->url, &options->room, NULL, error);
      else if (args->server != NULL && args->room != NULL)
        options->url = trio_client_room_url (args->server, args->room, error);
      else
        return fail (error, "connect needs a URL, an invite link, or --server and --room");
      return options->url != NULL;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
check_bot (TrioClientOptions *options,
           Args              *args,
           GError           **error)
{
  if (args->bot != 0 && (args->bot < 1 || args->bot > MAX_LEVEL))
    return fail (error, "--bot takes a level from 1 to %d", MAX_LEVEL);
  if (args->bot != 0 && (options->mode == TRIO_CLIENT_MODE_WATCH || options->raw))
    return fail (error, "--bot plays a seat: not with watch, connect or --raw");
  if ((args->nodes != 0 || args->depth != 0 || args->threads != 0) && args->bot == 0)
    return fail (error, "--nodes, --depth and --threads bound the bot: give --bot LEVEL");
  if (args->nodes < 0 || args->depth < 0 || args->depth > 64 || args->threads < 0
      || args->threads > 16)
    return fail (error, "--nodes from 1, --depth from 1 to 64, --threads from 1 to 16");
  options->bot_level = args->bot;
  options->nodes = (guint64) args->nodes;
  options->depth = (guint) args->depth;
  options->threads = (guint) args->threads;
  options->answer_draw = TRIO_CLIENT_ANSWER_COMPUTER;
  options->answer_undo = TRIO_CLIENT_ANSWER_NO;
  return parse_answer ("--answer-draw", args->answer_draw, &options->answer_draw, error)
         && parse_answer ("--answer-undo", args->answer_undo, &options->answer_undo, error);
}

static gboolean
parse_mode (const char        *word,
            TrioClientMode    *mode,
            GError           **error)
{
  static const char *const names[] = { "create", "join", "resume", "watch", "connect" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (word, names[i]) == 0)
      {
        *mode = (TrioClientMode) i;
        return TRUE;
      }
  if (word == NULL)
    return fail (error, "which command? create, join, resume, watch or connect");
  return fail (error, "unknown command '%s': create, join, resume, watch or connect", word);
}

/* --tls-ca FILE: a PEM file of certificates, trusted instead of the system's. */
static gboolean
load_tls_ca (TrioClientOptions *options,
             const char        *path,
             GError           **error)
{
  g_autoptr (GError) local = NULL;
  g_autofree char *absolute = NULL;
  GList *certificates;

  if (path == NULL)
    return TRUE;
  certificates = g_tls_certificate_list_new_from_file (path, &local);
  if (local != NULL)
    return fail (error, "--tls-ca %s: %s", path, local->message);
  if (certificates == NULL)
    return fail (error, "--tls-ca %s: the file holds no PEM certificate", path);
  g_list_free_full (certificates, g_object_unref);
  /* glib-networking takes an absolute path only. */
  absolute = g_canonicalize_filename (path, NULL);
  options->tls_database = g_tls_file_database_new (absolute, &local);
  if (options->tls_database == NULL)
    return fail (error, "--tls-ca %s: %s", path, local->message);
  return TRUE;
}

static gboolean
check (TrioClientOptions *options,
       Args              *args,
       int                argc,
       char             **argv,
       GError           **error)
{
  const char *link;

  if (!parse_mode (argc > 1 ? argv[1] : NULL, &options->mode, error))
    return FALSE;
  link = argc > 2 ? argv[2] : NULL;
  if (argc > 3 || (link != NULL && (options->mode == TRIO_CLIENT_MODE_CREATE
                                    || options->mode == TRIO_CLIENT_MODE_RESUME)))
    return fail (error, "too many arguments: '%s'", argv[argc - 1]);
  if (args->seat >= MAX_SEATS || args->seat < -1)
    return fail (error, "--seat takes a seat from 0");
  if (!check_command (options, args, link, error))
    return FALSE;
  if (options->mode == TRIO_CLIENT_MODE_JOIN)
    options->seat = args->seat;
  options->name = g_strdup (args->name);
  options->json = args->json;
  options->raw = options->raw || args->raw;
  options->export_path = g_strdup (args->export_path);
  return load_tls_ca (options, args->tls_ca, error) && check_bot (options, args, error);
}

gboolean
trio_client_options_parse (TrioClientOptions *options,
                           int               *argc,
                           char            ***argv,
                           GError           **error)
{
  Args args = { .seat = -1 };
  const GOptionEntry entries[] = {
    { "server", 0, 0, G_OPTION_ARG_STRING, &args.server, "The server", "ws://HOST:PORT" },
    { "game", 0, 0, G_OPTION_ARG_STRING, &args.game, "The game (create)", "ID" },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &args.game_options,
      "A game option (create), repeatable", "NAME=VALUE" },
    { "seats", 0, 0, G_OPTION_ARG_STRING, &args.seats, "The seats (create)",
      "human,computer:LEVEL,..." },
    { "seat", 0, 0, G_OPTION_ARG_INT, &args.seat, "The seat to take, from 0", "N" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &args.name, "The player's name", "NAME" },
    { "room", 0, 0, G_OPTION_ARG_STRING, &args.room, "The room's id", "ID" },
    { "token", 0, 0, G_OPTION_ARG_STRING, &args.token, "The seat's token (resume)", "TOKEN" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &args.json, "Print the server's JSON lines", NULL },
    { "raw", 0, 0, G_OPTION_ARG_NONE, &args.raw, "Send input lines as frames, unchanged",
      NULL },
    { "bot", 0, 0, G_OPTION_ARG_INT, &args.bot, "Play the seat as the computer", "LEVEL" },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &args.nodes, "The bot's node limit", "N" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &args.depth, "The bot's depth limit", "N" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &args.threads, "The bot's search threads", "N" },
    { "answer-draw", 0, 0, G_OPTION_ARG_STRING, &args.answer_draw,
      "The bot's answer to a draw offer", "yes|no" },
    { "answer-undo", 0, 0, G_OPTION_ARG_STRING, &args.answer_undo,
      "The bot's answer to an undo", "yes|no" },
    { "export", 0, 0, G_OPTION_ARG_FILENAME, &args.export_path,
      "Write the game there once it is over", "FILE" },
    { "tls-ca", 0, 0, G_OPTION_ARG_FILENAME, &args.tls_ca,
      "Trust the certificates of this PEM file (wss://), not the system's", "FILE" },
    { NULL },
  };
  g_autoptr (GOptionContext) context =
    g_option_context_new ("create|join|resume|watch|connect [LINK] - play on a Trio server");
  gboolean ok;

  memset (options, 0, sizeof *options);
  options->seat = -1;
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (context, summary);
  ok = g_option_context_parse (context, argc, argv, error)
       && check (options, &args, *argc, *argv, error);
  args_clear (&args);
  return ok;
}

void
trio_client_options_clear (TrioClientOptions *options)
{
  g_free (options->url);
  g_free (options->room);
  g_free (options->key);
  g_free (options->token);
  g_free (options->game);
  g_clear_pointer (&options->game_options, json_object_unref);
  g_clear_pointer (&options->seats, json_array_unref);
  g_free (options->name);
  g_free (options->export_path);
  g_clear_object (&options->tls_database);
}
