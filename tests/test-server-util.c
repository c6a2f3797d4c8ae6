/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-util.c: what the server's tests share */

#include "test-server-util.h"

#include <glib/gstdio.h>

#include <stdarg.h>
#include <string.h>

SuClient *
su_client_new (void)
{
  SuClient *client = g_new0 (SuClient, 1);

  g_queue_init (&client->messages);
  return client;
}

void
su_client_free (SuClient *client)
{
  g_queue_clear_full (&client->messages, (GDestroyNotify) json_object_unref);
  g_free (client);
}

static void
host_send (gpointer    data,
           const char *text,
           gpointer    user_data)
{
  SuClient *client = data;
  g_autoptr (JsonParser) parser = json_parser_new ();

  ck_assert_msg (client->close_code == 0, "a message to a closed connection: %s", text);
  ck_assert_msg (g_utf8_validate (text, -1, NULL), "not UTF-8");
  ck_assert_msg (json_parser_load_from_data (parser, text, -1, NULL), "not JSON: %s", text);
  g_queue_push_tail (&client->messages,
                     json_object_ref (json_node_get_object (json_parser_get_root (parser))));
  client->n_received++;
}

static void
host_close (gpointer    data,
            gushort     code,
            const char *reason,
            gpointer    user_data)
{
  SuClient *client = data;

  client->close_code = code;
}

void
su_host_init (TrioRoomHost *host,
              TrioStore    *store,
              TrioWorker   *worker)
{
  memset (host, 0, sizeof *host);
  host->send = host_send;
  host->close = host_close;
  host->store = store;
  host->worker = worker;
  host->link_base = "trio://test:1";
  /* Bounded by nodes, never by time: the same moves on any machine. */
  host->computer_nodes = 2000;
}

JsonObject *
su_next (SuClient   *client,
         const char *type)
{
  JsonObject *object = g_queue_pop_head (&client->messages);

  ck_assert_msg (object != NULL, "no message, %s expected", type);
  ck_assert_str_eq (json_object_get_string_member (object, "type"), type);
  return object;
}

void
su_skip (SuClient   *client,
         const char *type)
{
  json_object_unref (su_next (client, type));
}

char *
su_take_types (SuClient *client)
{
  g_autoptr (GString) types = g_string_new (NULL);
  JsonObject *object;

  while ((object = g_queue_pop_head (&client->messages)) != NULL)
    {
      if (types->len > 0)
        g_string_append_c (types, ' ');
      g_string_append (types, json_object_get_string_member (object, "type"));
      json_object_unref (object);
    }
  return g_string_free (g_steal_pointer (&types), FALSE);
}

void
su_forget (SuClient *client)
{
  g_queue_clear_full (&client->messages, (GDestroyNotify) json_object_unref);
  g_queue_init (&client->messages);
}

static TrioMessage *
message_valist (const char *format,
                va_list     args)
{
  g_autofree char *text = g_strdup_vprintf (format, args);
  g_autoptr (GError) error = NULL;
  TrioMessage *message = trio_message_parse (text, strlen (text), &error);

  ck_assert_msg (message != NULL, "%s: %s", text, error != NULL ? error->message : "");
  return message;
}

TrioMessage *
su_message (const char *format,
            ...)
{
  va_list args;
  TrioMessage *message;

  va_start (args, format);
  message = message_valist (format, args);
  va_end (args);
  return message;
}

int
su_send (TrioRoom   *room,
         SuClient   *client,
         const char *format,
         ...)
{
  va_list args;
  g_autoptr (TrioMessage) message = NULL;
  g_autoptr (GError) error = NULL;

  va_start (args, format);
  message = message_valist (format, args);
  va_end (args);
  if (trio_room_receive (room, client, message, &error))
    {
      ck_assert (error == NULL);
      return -1;
    }
  ck_assert (error != NULL && error->domain == TRIO_PROTOCOL_ERROR);
  ck_assert (g_utf8_validate (error->message, -1, NULL));
  return error->code;
}

char *
su_legal_move (const BgGame *game,
               guint         index)
{
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

  if (moves->len == 0)
    return NULL;
  return bg_game_format_move (game, g_array_index (moves, BgMove, index % moves->len));
}

void
su_room_clear (SuRoom *fx)
{
  if (fx->room != NULL)
    trio_room_close_all (fx->room, 1001, "done");
  g_clear_object (&fx->room);
  for (guint i = 0; i < G_N_ELEMENTS (fx->clients); i++)
    {
      g_clear_pointer (&fx->clients[i], su_client_free);
      g_clear_pointer (&fx->tokens[i], g_free);
    }
  g_clear_pointer (&fx->key, g_free);
}

/* Reads a welcome: the token, and the key from the link. */
static void
read_welcome (SuRoom *fx,
              guint   client,
              int     seat)
{
  g_autoptr (JsonObject) welcome = su_next (fx->clients[client], "welcome");
  const char *link = json_object_get_string_member (welcome, "link");
  g_autofree char *key = NULL;

  ck_assert_str_eq (json_object_get_string_member (welcome, "room"), SU_ROOM);
  ck_assert_int_eq (json_object_get_int_member (welcome, "seat"), seat);
  ck_assert (g_str_has_prefix (link, "trio://test:1/" SU_ROOM "#"));
  key = g_strdup (strchr (link, '#') + 1);
  ck_assert (trio_protocol_is_secret (key));
  if (fx->key == NULL)
    fx->key = g_steal_pointer (&key);
  else
    ck_assert_str_eq (key, fx->key);
  fx->tokens[client] = g_strdup (json_object_get_string_member (welcome, "token"));
  ck_assert (trio_protocol_is_secret (fx->tokens[client]));
}

void
su_room_create (SuRoom     *fx,
                TrioStore  *store,
                TrioWorker *worker,
                const char *create)
{
  g_autoptr (TrioMessage) message = su_message ("%s", create);
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) state = NULL;

  su_host_init (&fx->host, store, worker);
  for (guint i = 0; i < G_N_ELEMENTS (fx->clients); i++)
    fx->clients[i] = su_client_new ();
  fx->room = trio_room_create (&fx->host, SU_ROOM, fx->clients[0], message, &error);
  ck_assert_msg (fx->room != NULL, "%s", error != NULL ? error->message : "");
  read_welcome (fx, 0, message->seat);
  state = su_next (fx->clients[0], "state");
  ck_assert_int_eq (json_object_get_int_member (state, "seat"), message->seat);
  ck_assert_int_eq (json_object_get_int_member (state, "ply"), 0);
}

/* clients[client] joins at seat (-1: the first open one, expected at expected). */
void
su_room_join (SuRoom *fx,
              guint   client,
              int     seat,
              int     expected)
{
  if (seat >= 0)
    ck_assert_int_eq (su_send (fx->room, fx->clients[client],
                               "{\"type\": \"join\", \"key\": \"%s\", \"name\": \"P%u\","
                               " \"seat\": %d}", fx->key, client, seat), -1);
  else
    ck_assert_int_eq (su_send (fx->room, fx->clients[client],
                               "{\"type\": \"join\", \"key\": \"%s\", \"name\": \"P%u\"}",
                               fx->key, client), -1);
  read_welcome (fx, client, expected);
  {
    g_autoptr (JsonObject) state = su_next (fx->clients[client], "state");

    ck_assert_int_eq (json_object_get_int_member (state, "seat"), expected);
  }
}

/* The client of the seat to move (the clients sit at the seat of their index here). */
SuClient *
su_room_mover (SuRoom *fx)
{
  return fx->clients[bg_game_get_player_to_move (trio_room_get_game (fx->room))];
}

int
su_room_move (SuRoom     *fx,
              SuClient   *client,
              const char *move)
{
  return su_send (fx->room, client, "{\"type\": \"move\", \"move\": \"%s\", \"ply\": %u}", move,
                  bg_game_get_n_played (trio_room_get_game (fx->room)));
}

void
su_room_forget_all (SuRoom *fx)
{
  for (guint i = 0; i < G_N_ELEMENTS (fx->clients); i++)
    su_forget (fx->clients[i]);
}

void
su_room_play (SuRoom *fx,
              guint   n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *move = su_legal_move (trio_room_get_game (fx->room), i * 7 + 1);

      ck_assert_int_eq (su_room_move (fx, su_room_mover (fx), move), -1);
    }
}

void
su_remove_state_dir (const char *dir)
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
