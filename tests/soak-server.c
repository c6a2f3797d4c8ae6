/* SPDX-License-Identifier: GPL-3.0-or-later */
/* soak-server.c: random and mutated messages through the protocol's reader and rooms
 *
 * Usage: soak-server [MESSAGES [SEED]]  (default 100000 messages, seed 45)
 *
 * Each message is random bytes, a message of the protocol mutated (bytes flipped, cut,
 * doubled, a value replaced by another JSON value), or a well-formed message of the room at
 * hand (its moves, key and tokens, so that games go on to their end). Whatever the reader
 * accepts goes to a room, from a connection in it or not. After each: nothing crashed, every
 * refusal is a protocol error and left the game as it was, every message a connection got is
 * UTF-8 (and JSON, one in sixteen read back). Rooms are written to a store in a temporary
 * folder, and replaced when their game ends. There is no worker: a seat given to the
 * computer never moves, so that a run is the same on every machine. The counts are printed;
 * the run fails when a kind of message was never accepted, which would mean the soak no
 * longer reaches the rooms.
 */

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trio-server-room.h"
#include "trio-server-secret.h"

#define N_CLIENTS 4

static const char *const creates[] = {
  "{\"type\":\"create\",\"game\":\"marelle\",\"options\":{},\"seats\":[{\"kind\":\"human\"},"
  "{\"kind\":\"human\"}],\"seat\":0,\"name\":\"A\"}",
  "{\"type\":\"create\",\"game\":\"marelle\",\"options\":{\"variant\":\"standard\"},\"seats\":"
  "[{\"kind\":\"human\"},{\"kind\":\"human\"}],\"seat\":0,\"name\":\"A\"}",
  "{\"type\":\"create\",\"game\":\"triple-alliance\",\"options\":{},\"seats\":[{\"kind\":"
  "\"human\"},{\"kind\":\"human\"}],\"seat\":1,\"name\":\"A\"}",
  "{\"type\":\"create\",\"game\":\"triomino\",\"options\":{\"players\":\"3\",\"target\":\"60\"},"
  "\"seats\":[{\"kind\":\"human\"},{\"kind\":\"human\"},{\"kind\":\"human\"}],\"seat\":0,"
  "\"name\":\"A\"}",
  "{\"type\":\"create\",\"game\":\"trichess\",\"options\":{},\"seats\":[{\"kind\":\"human\"},"
  "{\"kind\":\"human\"},{\"kind\":\"human\"}],\"seat\":2,\"name\":\"A\"}",
};

static const char *const json_values[] = {
  "null", "true", "false", "0", "-1", "1", "5", "7", "100001", "1.5", "-0", "1e308",
  "99999999999999999999999", "\"\"", "\"x\"", "\"draw\"", "\"undo\"", "\"human\"",
  "\"\\u0000\"", "\"\\udc00\"", "\"\\u2028\"", "[]", "{}", "[1,2]", "{\"kind\":\"human\"}",
  "\"abcdefghijABCDEFGHIJ_-\"",
};

typedef struct
{
  guint64 messages, random, mutated, formed;
  guint64 parse_refused[TRIO_PROTOCOL_N_ERRORS];
  guint64 accepted[TRIO_N_MESSAGES];
  guint64 refused[TRIO_PROTOCOL_N_ERRORS];
  guint64 sent, games, finished;
} Counts;

typedef struct
{
  gboolean closed;
} Client;

typedef struct
{
  GRand *rand;
  Counts counts;
  TrioRoomHost host;
  TrioStore *store;
  TrioRoom *room;
  Client clients[N_CLIENTS];
  char *key;
  char *tokens[N_CLIENTS];
  guint n_tokens;
  guint n_messages_in_room;
  guint n_over;             /* messages since the game ended */
} Soak;

static void
fail (const char *what,
      const char *text)
{
  fprintf (stderr, "soak-server: %s: %s\n", what, text);
  abort ();
}

static void
host_send (gpointer    data,
           const char *text,
           gpointer    user_data)
{
  Soak *soak = user_data;

  if (((Client *) data)->closed)
    fail ("a message to a closed connection", text);
  if (!g_utf8_validate (text, -1, NULL))
    fail ("a message that is not UTF-8", "");
  if ((soak->counts.sent++ & 15) == 0)
    {
      g_autoptr (JsonParser) parser = json_parser_new ();

      if (!json_parser_load_from_data (parser, text, -1, NULL))
        fail ("a message that is not JSON", text);
    }
  /* The links, keys and tokens the room hands out, for the next messages. */
  if (g_str_has_prefix (text, "{\"type\":\"welcome\""))
    {
      const char *token = strstr (text, "\"token\":\"");
      const char *hash = strchr (text, '#');

      if (token != NULL && soak->n_tokens < N_CLIENTS)
        soak->tokens[soak->n_tokens++] = g_strndup (token + 9, TRIO_SECRET_LENGTH);
      if (hash != NULL && soak->key == NULL)
        soak->key = g_strndup (hash + 1, TRIO_SECRET_LENGTH);
    }
}

static void
host_close (gpointer    data,
            gushort     code,
            const char *reason,
            gpointer    user_data)
{
  ((Client *) data)->closed = TRUE;
}

static void
drop_room (Soak *soak)
{
  if (soak->room != NULL)
    trio_room_close_all (soak->room, 1001, "next");
  g_clear_object (&soak->room);
  g_clear_pointer (&soak->key, g_free);
  for (guint i = 0; i < N_CLIENTS; i++)
    {
      g_clear_pointer (&soak->tokens[i], g_free);
      soak->clients[i].closed = FALSE;
    }
  soak->n_tokens = 0;
}

static void
new_room (Soak *soak)
{
  const char *text = creates[g_rand_int_range (soak->rand, 0, G_N_ELEMENTS (creates))];
  g_autoptr (TrioMessage) create = trio_message_parse (text, strlen (text), NULL);
  g_autofree char *id = trio_secret_new_room_id ();
  g_autoptr (GError) error = NULL;

  drop_room (soak);
  soak->room = trio_room_create (&soak->host, id, &soak->clients[0], create, &error);
  if (soak->room == NULL)
    fail ("a room not created", error->message);
  soak->counts.games++;
  soak->n_messages_in_room = 0;
  soak->n_over = 0;
}

static char *
random_bytes (Soak *soak)
{
  guint n = (guint) g_rand_int_range (soak->rand, 0, 120);
  char *text = g_malloc (n + 1);

  for (guint i = 0; i < n; i++)
    text[i] = (char) g_rand_int_range (soak->rand, 1, 256);
  text[n] = '\0';
  return text;
}

/* A message of the room at hand: a legal move most of the time, so that games end. */
static char *
formed_message (Soak *soak)
{
  const BgGame *game = trio_room_get_game (soak->room);
  guint ply = bg_game_get_n_played (game);
  const char *key = soak->key != NULL ? soak->key : "AAAAAAAAAAAAAAAAAAAAAA";
  const char *token = soak->n_tokens > 0
                      ? soak->tokens[g_rand_int_range (soak->rand, 0, (int) soak->n_tokens)]
                      : "AAAAAAAAAAAAAAAAAAAAAA";
  int pick = g_rand_int_range (soak->rand, 0, 100);
  g_autoptr (GArray) moves = NULL;
  g_autofree char *move = NULL;

  if (pick < 60)
    {
      moves = bg_game_get_legal_moves (game);
      move = moves->len > 0
             ? bg_game_format_move (game, g_array_index (moves, BgMove,
                                                         g_rand_int_range (soak->rand, 0,
                                                                           (int) moves->len)))
             : g_strdup ("a1");
      return g_strdup_printf ("{\"type\":\"move\",\"move\":\"%s\",\"ply\":%u}", move,
                              pick < 55 ? ply : ply + 1);
    }
  if (pick < 68)
    return g_strdup_printf ("{\"type\":\"join\",\"key\":\"%s\",\"name\":\"P\"}", key);
  if (pick < 74)
    return g_strdup_printf ("{\"type\":\"resume\",\"token\":\"%s\"}", token);
  if (pick < 77)
    return g_strdup_printf ("{\"type\":\"watch\",\"key\":\"%s\"}", key);
  if (pick < 82)
    return g_strdup_printf ("{\"type\":\"undo\",\"ply\":%u}", ply);
  if (pick < 90)
    return g_strdup_printf ("{\"type\":\"answer\",\"offer\":\"%s\",\"accept\":%s}",
                            g_rand_boolean (soak->rand) ? "undo" : "draw",
                            g_rand_int_range (soak->rand, 0, 3) ? "true" : "false");
  if (pick < 93)
    return g_strdup_printf ("{\"type\":\"computer\",\"seat\":%d,\"level\":%d}",
                            g_rand_int_range (soak->rand, 0, 4),
                            g_rand_int_range (soak->rand, 1, 7));
  if (pick < 98)
    return g_strdup ("{\"type\":\"export\"}");
  if (pick < 99 && g_rand_int_range (soak->rand, 0, 4) == 0)
    return g_strdup ("{\"type\":\"resign\"}");
  return g_strdup (creates[0]);
}

/* Replaces the value after a random ':' by another JSON value. */
static void
replace_value (Soak    *soak,
               GString *text)
{
  const char *colon = strchr (text->str + g_rand_int_range (soak->rand, 0, (int) text->len + 1),
                              ':');
  gsize start, end;

  if (colon == NULL)
    return;
  start = (gsize) (colon - text->str) + 1;
  end = start;
  while (end < text->len && text->str[end] != ',' && text->str[end] != '}')
    end++;
  g_string_erase (text, (gssize) start, (gssize) (end - start));
  g_string_insert (text, (gssize) start,
                   json_values[g_rand_int_range (soak->rand, 0, G_N_ELEMENTS (json_values))]);
}

static void
mutate_once (Soak    *soak,
             GString *text)
{
  gsize at = text->len > 0 ? (gsize) g_rand_int_range (soak->rand, 0, (int) text->len) : 0;
  gsize n = (gsize) g_rand_int_range (soak->rand, 1, 8);

  switch (g_rand_int_range (soak->rand, 0, 6))
    {
    case 0:
      if (text->len > 0)
        text->str[at] = (char) (text->str[at] ^ (1 << g_rand_int_range (soak->rand, 0, 8)));
      break;
    case 1:
      g_string_erase (text, (gssize) at, (gssize) MIN (n, text->len - at));
      break;
    case 2:
      g_string_insert_c (text, (gssize) at, (char) g_rand_int_range (soak->rand, 1, 256));
      break;
    case 3:
      g_string_truncate (text, at);
      break;
    case 4:
      {
        g_autofree char *copy = g_strndup (text->str + at, MIN (n * 4, text->len - at));

        g_string_insert (text, (gssize) at, copy);
      }
      break;
    default:
      replace_value (soak, text);
      break;
    }
}

static char *
mutated_message (Soak *soak)
{
  g_autofree char *formed = formed_message (soak);
  GString *text = g_string_new (formed);
  int n = g_rand_int_range (soak->rand, 1, 5);

  for (int i = 0; i < n; i++)
    mutate_once (soak, text);
  return g_string_free (text, FALSE);
}

/* Hands a message the reader accepted to the room, and checks that a refusal changed
 * nothing of the game. */
/* A connection for a message: for most moves, the one on the seat to move, if any. */
static Client *
pick_client (Soak        *soak,
             TrioMessage *message)
{
  const BgGame *game = trio_room_get_game (soak->room);
  int to_move = bg_game_get_player_to_move (game);

  if (message->type == TRIO_MESSAGE_MOVE && g_rand_int_range (soak->rand, 0, 10) < 8)
    for (guint i = 0; i < N_CLIENTS; i++)
      if (trio_room_get_client_seat (soak->room, &soak->clients[i]) == to_move)
        return &soak->clients[i];
  return &soak->clients[g_rand_int_range (soak->rand, 0, N_CLIENTS)];
}

static void
deliver (Soak        *soak,
         TrioMessage *message)
{
  Client *client = pick_client (soak, message);
  const BgGame *game = trio_room_get_game (soak->room);
  guint n_played = bg_game_get_n_played (game);
  guint64 key = bg_game_get_key (game);
  g_autoptr (GError) error = NULL;

  /* A connection closed by the room (a seat resumed elsewhere) comes back as a new one. */
  if (client->closed)
    {
      trio_room_detach (soak->room, client);
      client->closed = FALSE;
    }
  if (trio_room_receive (soak->room, client, message, &error))
    {
      soak->counts.accepted[message->type]++;
      return;
    }
  if (error == NULL || error->domain != TRIO_PROTOCOL_ERROR || error->code < 0
      || error->code >= TRIO_PROTOCOL_N_ERRORS || !g_utf8_validate (error->message, -1, NULL))
    fail ("a refusal that is not a protocol error", error != NULL ? error->message : "");
  soak->counts.refused[error->code]++;
  if (bg_game_get_n_played (game) != n_played || bg_game_get_key (game) != key)
    fail ("a refused message changed the game", error->message);
}

static void
one_message (Soak *soak)
{
  int kind = g_rand_int_range (soak->rand, 0, 10);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TrioMessage) message = NULL;
  gsize length;

  if (kind == 0)
    text = random_bytes (soak), soak->counts.random++;
  else if (kind < 5)
    text = mutated_message (soak), soak->counts.mutated++;
  else
    text = formed_message (soak), soak->counts.formed++;
  length = strlen (text);
  soak->counts.messages++;
  message = trio_message_parse (text, length, &error);
  if (message == NULL)
    {
      if (error == NULL || error->domain != TRIO_PROTOCOL_ERROR)
        fail ("a reader's refusal that is not a protocol error", text);
      soak->counts.parse_refused[error->code]++;
      return;
    }
  /* A create goes to the room too: it exists, so it is refused. */
  deliver (soak, message);
  /* A client leaves now and then; a game over (after a few more messages, an export among
   * them) or long is replaced. */
  if (g_rand_int_range (soak->rand, 0, 50) == 0)
    trio_room_detach (soak->room, &soak->clients[g_rand_int_range (soak->rand, 0, N_CLIENTS)]);
  if (trio_room_is_over (soak->room) && soak->n_over++ == 0)
    soak->counts.finished++;
  if (soak->n_over > 40 || ++soak->n_messages_in_room > 3000)
    new_room (soak);
}

static void
print_counts (const Counts *c)
{
  printf ("%" G_GUINT64_FORMAT " messages: %" G_GUINT64_FORMAT " random, %" G_GUINT64_FORMAT
          " mutated, %" G_GUINT64_FORMAT " formed; %" G_GUINT64_FORMAT " games, %"
          G_GUINT64_FORMAT " finished; %" G_GUINT64_FORMAT " messages sent\n", c->messages,
          c->random, c->mutated, c->formed, c->games, c->finished, c->sent);
  for (int i = 0; i < TRIO_PROTOCOL_N_ERRORS; i++)
    if (c->parse_refused[i] + c->refused[i] > 0)
      printf ("  %-20s %8" G_GUINT64_FORMAT " by the reader, %8" G_GUINT64_FORMAT
              " by the room\n", trio_protocol_error_code (i), c->parse_refused[i], c->refused[i]);
  for (int i = 0; i < TRIO_N_MESSAGES; i++)
    printf ("  %-20s %8" G_GUINT64_FORMAT " accepted\n", trio_message_type_name (i),
            c->accepted[i]);
}

static void
remove_dir (const char *dir)
{
  static const char *const files[] = {
    "trio-server.db", "trio-server.db-wal", "trio-server.db-shm", "trio-server.lock",
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i], NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  guint64 n = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 100000;
  guint32 seed = argc > 2 ? (guint32) g_ascii_strtoull (argv[2], NULL, 10) : 45;
  g_autofree char *dir = g_dir_make_tmp ("trio-soak-XXXXXX", NULL);
  g_autoptr (GError) error = NULL;
  Soak soak = { 0 };
  static const TrioMessageType must[] = {
    TRIO_MESSAGE_JOIN, TRIO_MESSAGE_RESUME, TRIO_MESSAGE_WATCH, TRIO_MESSAGE_MOVE,
    TRIO_MESSAGE_ANSWER, TRIO_MESSAGE_UNDO, TRIO_MESSAGE_RESIGN, TRIO_MESSAGE_EXPORT,
  };

  soak.rand = g_rand_new_with_seed (seed);
  soak.store = trio_store_open (dir, TRIO_STORE_SYNC_NORMAL, &error);
  if (soak.store == NULL)
    fail ("no store", error->message);
  soak.host.send = host_send;
  soak.host.close = host_close;
  soak.host.user_data = &soak;
  soak.host.store = soak.store;
  soak.host.link_base = "trio://soak:1";
  new_room (&soak);
  while (soak.counts.messages < n)
    one_message (&soak);
  drop_room (&soak);
  print_counts (&soak.counts);
  fflush (stdout);
  g_object_unref (soak.store);
  g_rand_free (soak.rand);
  remove_dir (dir);
  for (guint i = 0; i < G_N_ELEMENTS (must); i++)
    if (n >= 100000 && soak.counts.accepted[must[i]] == 0)
      fail ("never accepted", trio_message_type_name (must[i]));
  if (n >= 100000 && soak.counts.finished == 0)
    fail ("no game finished", "");
  return EXIT_SUCCESS;
}
