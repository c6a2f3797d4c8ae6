/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-room.c: rooms without a network: create, join, resume, watch, moves in and
 * out of turn, the offers, resigning, the computer's seats, each connection's messages */

#include <stdlib.h>
#include <string.h>

#include "bg-view.h"
#include "test-server-util.h"
#include "triomino/bg-triomino.h"

#define ROOM "abcdefghijklmnop"
#define MARELLE_2 "{\"type\": \"create\", \"game\": \"marelle\", \"options\": {}, \"seats\": " \
  "[{\"kind\": \"human\"}, {\"kind\": \"human\"}], \"seat\": 0, \"name\": \"Ann\"}"

/* A room and its connections: clients[0] created it. */
typedef struct
{
  TrioRoomHost host;
  TrioRoom *room;
  SuClient *clients[4];
  char *key;
  char *tokens[4];
} Fx;

static void
fx_clear (Fx *fx)
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

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Fx, fx_clear)

/* Reads a welcome: the token, and the key from the link. */
static void
read_welcome (Fx         *fx,
              guint       client,
              int         seat)
{
  g_autoptr (JsonObject) welcome = su_next (fx->clients[client], "welcome");
  const char *link = json_object_get_string_member (welcome, "link");
  g_autofree char *key = NULL;

  ck_assert_str_eq (json_object_get_string_member (welcome, "room"), ROOM);
  ck_assert_int_eq (json_object_get_int_member (welcome, "seat"), seat);
  ck_assert (g_str_has_prefix (link, "trio://test:1/" ROOM "#"));
  key = g_strdup (strchr (link, '#') + 1);
  ck_assert (trio_protocol_is_secret (key));
  if (fx->key == NULL)
    fx->key = g_steal_pointer (&key);
  else
    ck_assert_str_eq (key, fx->key);
  fx->tokens[client] = g_strdup (json_object_get_string_member (welcome, "token"));
  ck_assert (trio_protocol_is_secret (fx->tokens[client]));
}

static void
fx_create (Fx         *fx,
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
  fx->room = trio_room_create (&fx->host, ROOM, fx->clients[0], message, &error);
  ck_assert_msg (fx->room != NULL, "%s", error != NULL ? error->message : "");
  read_welcome (fx, 0, message->seat);
  state = su_next (fx->clients[0], "state");
  ck_assert_int_eq (json_object_get_int_member (state, "seat"), message->seat);
  ck_assert_int_eq (json_object_get_int_member (state, "ply"), 0);
}

/* clients[client] joins at seat (-1: the first open one, expected at expected). */
static void
fx_join (Fx   *fx,
         guint client,
         int   seat,
         int   expected)
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
static SuClient *
mover (Fx *fx)
{
  return fx->clients[bg_game_get_player_to_move (trio_room_get_game (fx->room))];
}

static int
fx_move (Fx         *fx,
         SuClient   *client,
         const char *move)
{
  return su_send (fx->room, client, "{\"type\": \"move\", \"move\": \"%s\", \"ply\": %u}", move,
                  bg_game_get_n_played (trio_room_get_game (fx->room)));
}

static void
forget_all (Fx *fx)
{
  for (guint i = 0; i < G_N_ELEMENTS (fx->clients); i++)
    su_forget (fx->clients[i]);
}

START_TEST (test_create_and_join)
{
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) seat = NULL;
  g_autoptr (JsonObject) state = NULL;
  JsonArray *seats;

  fx_create (&fx, NULL, NULL, MARELLE_2);
  fx_join (&fx, 1, -1, 1);
  seat = su_next (fx.clients[0], "seat");
  ck_assert_int_eq (json_object_get_int_member (seat, "seat"), 1);
  ck_assert_str_eq (json_object_get_string_member (seat, "name"), "P1");
  ck_assert_str_eq (json_object_get_string_member (seat, "kind"), "human");
  ck_assert (json_object_get_boolean_member (seat, "connected"));
  ck_assert_int_eq (trio_room_get_client_seat (fx.room, fx.clients[1]), 1);
  ck_assert_int_eq (trio_room_get_client_seat (fx.room, fx.clients[2]), -2);
  /* The state a third connection sees when it watches. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"watch\", \"key\": \"%s\"}",
                             fx.key), -1);
  state = su_next (fx.clients[2], "state");
  ck_assert_int_eq (json_object_get_int_member (state, "seat"), -1);
  ck_assert_str_eq (json_object_get_string_member (state, "game"), "marelle");
  ck_assert_str_eq (json_object_get_string_member (
                      json_object_get_object_member (state, "options"), "variant"), "triple");
  seats = json_object_get_array_member (state, "seats");
  ck_assert_int_eq (json_array_get_length (seats), 2);
  ck_assert_str_eq (json_object_get_string_member (json_array_get_object_element (seats, 0),
                                                   "name"), "Ann");
  ck_assert (json_object_get_null_member (json_array_get_object_element (seats, 0), "level"));
  ck_assert_int_eq (json_object_get_int_member (state, "to_move"), 0);
  ck_assert (json_object_get_null_member (state, "offer"));
  ck_assert (json_object_get_null_member (state, "status"));
  ck_assert_int_eq (json_array_get_length (json_object_get_array_member (state, "moves")), 0);
  /* A spectator is not announced. */
  su_assert_types (fx.clients[0], "");
  su_assert_types (fx.clients[1], "");
}
END_TEST

static int
create_code (const char *create)
{
  TrioRoomHost host;
  g_autoptr (TrioMessage) message = su_message ("%s", create);
  g_autoptr (SuClient) client = su_client_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (TrioRoom) room = NULL;

  su_host_init (&host, NULL, NULL);
  room = trio_room_create (&host, ROOM, client, message, &error);
  if (room != NULL)
    {
      trio_room_close_all (room, 1000, "");
      return -1;
    }
  ck_assert_int_eq (client->n_received, 0);
  return error->code;
}

#define CREATE(game, options, seats) \
  "{\"type\": \"create\", \"game\": \"" game "\", \"options\": " options ", \"seats\": " seats \
  ", \"seat\": 0, \"name\": \"A\"}"
#define HH "[{\"kind\": \"human\"}, {\"kind\": \"human\"}]"
#define HHH "[{\"kind\": \"human\"}, {\"kind\": \"human\"}, {\"kind\": \"human\"}]"

START_TEST (test_create_refused)
{
  g_auto (Fx) fx = { 0 };

  ck_assert_int_eq (create_code (CREATE ("marelle", "{}", HH)), -1);
  ck_assert_int_eq (create_code (CREATE ("chess", "{}", HH)), TRIO_PROTOCOL_ERROR_BAD_GAME);
  ck_assert_int_eq (create_code (CREATE ("", "{}", HH)), TRIO_PROTOCOL_ERROR_BAD_GAME);
  ck_assert_int_eq (create_code (CREATE ("marelle", "{\"colour\": \"red\"}", HH)),
                    TRIO_PROTOCOL_ERROR_BAD_GAME);
  ck_assert_int_eq (create_code (CREATE ("marelle", "{\"variant\": \"x\"}", HH)),
                    TRIO_PROTOCOL_ERROR_BAD_GAME);
  ck_assert_int_eq (create_code (CREATE ("marelle", "{}", HHH)), TRIO_PROTOCOL_ERROR_BAD_GAME);
  ck_assert_int_eq (create_code (CREATE ("marelle", "{}", "[{\"kind\": \"human\"}]")),
                    TRIO_PROTOCOL_ERROR_BAD_GAME);
  ck_assert_int_eq (create_code (CREATE ("trichess", "{}", HHH)), -1);
  ck_assert_int_eq (create_code (CREATE ("trichess", "{}", HH)), TRIO_PROTOCOL_ERROR_BAD_GAME);
  ck_assert_int_eq (create_code (CREATE ("triomino", "{\"players\": \"3\"}", HHH)), -1);
  ck_assert_int_eq (create_code (CREATE ("triomino", "{\"players\": \"3\"}", HH)),
                    TRIO_PROTOCOL_ERROR_BAD_GAME);
  ck_assert_int_eq (create_code (CREATE ("triomino", "{\"players\": \"9\"}", HH)),
                    TRIO_PROTOCOL_ERROR_BAD_GAME);
  /* The deal is the server's to draw. */
  ck_assert_int_eq (create_code (CREATE ("triomino", "{\"seed\": \"5\"}", HH)),
                    TRIO_PROTOCOL_ERROR_BAD_GAME);
  /* A create sent to a room that exists. */
  fx_create (&fx, NULL, NULL, MARELLE_2);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "%s", MARELLE_2),
                    TRIO_PROTOCOL_ERROR_ROOM_EXISTS);
}
END_TEST

START_TEST (test_triomino_deal_kept)
{
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) state = NULL;

  fx_create (&fx, NULL, NULL, CREATE ("triomino", "{\"players\": \"2\"}", HH));
  fx_join (&fx, 1, -1, 1);
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"watch\", \"key\": \"%s\"}",
                             fx.key), -1);
  state = su_next (fx.clients[2], "state");
  /* The deal's seed is an option the clients never see. */
  ck_assert (!json_object_has_member (json_object_get_object_member (state, "options"),
                                      "seed"));
  ck_assert (g_hash_table_contains (bg_game_get_options (trio_room_get_game (fx.room)),
                                    "seed"));
  /* Each seat sees its own hand, the spectator none: three views. */
  trio_room_detach (fx.room, fx.clients[0]);
  trio_room_detach (fx.room, fx.clients[1]);
  su_forget (fx.clients[2]);
  for (guint seat = 0; seat < 2; seat++)
    {
      g_autoptr (JsonObject) seated = NULL;

      su_forget (fx.clients[seat]);
      ck_assert_int_eq (su_send (fx.room, fx.clients[seat], "{\"type\": \"resume\","
                                 " \"token\": \"%s\"}", fx.tokens[seat]), -1);
      seated = su_next (fx.clients[seat], "state");
      ck_assert_str_ne (json_object_get_string_member (seated, "view"),
                        json_object_get_string_member (state, "view"));
      if (seat == 1)
        {
          g_autofree char *view0 = bg_game_dup_view (trio_room_get_game (fx.room), 0);

          ck_assert_str_ne (json_object_get_string_member (seated, "view"), view0);
        }
    }
}
END_TEST

START_TEST (test_join_refused)
{
  g_auto (Fx) fx = { 0 };

  fx_create (&fx, NULL, NULL, MARELLE_2);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"move\", \"move\": \"d6\","
                             " \"ply\": 0}"), TRIO_PROTOCOL_ERROR_NOT_SEATED);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"export\"}"),
                    TRIO_PROTOCOL_ERROR_NOT_SEATED);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"join\", \"key\": "
                             "\"AAAAAAAAAAAAAAAAAAAAAA\", \"name\": \"B\"}"),
                    TRIO_PROTOCOL_ERROR_BAD_KEY);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"watch\", \"key\": "
                             "\"AAAAAAAAAAAAAAAAAAAAAA\"}"), TRIO_PROTOCOL_ERROR_BAD_KEY);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"join\", \"key\": \"%s\","
                             " \"name\": \"B\", \"seat\": 0}", fx.key),
                    TRIO_PROTOCOL_ERROR_SEAT_TAKEN);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"join\", \"key\": \"%s\","
                             " \"name\": \"B\", \"seat\": 2}", fx.key),
                    TRIO_PROTOCOL_ERROR_BAD_MESSAGE);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"resume\", \"token\": "
                             "\"AAAAAAAAAAAAAAAAAAAAAA\"}"), TRIO_PROTOCOL_ERROR_BAD_TOKEN);
  /* The key is not a token. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"resume\", \"token\": \"%s\"}",
                             fx.key), TRIO_PROTOCOL_ERROR_BAD_TOKEN);
  ck_assert_int_eq (fx.clients[1]->n_received, 0);
  fx_join (&fx, 1, 1, 1);
  /* Every seat is taken; a connection in the room takes no second seat. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"join\", \"key\": \"%s\","
                             " \"name\": \"C\"}", fx.key), TRIO_PROTOCOL_ERROR_SEAT_TAKEN);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"watch\", \"key\": \"%s\"}",
                             fx.key), TRIO_PROTOCOL_ERROR_BAD_MESSAGE);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"resume\", \"token\": \"%s\"}",
                             fx.tokens[0]), TRIO_PROTOCOL_ERROR_BAD_MESSAGE);
}
END_TEST

START_TEST (test_resume)
{
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) seat = NULL;
  g_autoptr (JsonObject) state = NULL;
  g_autofree char *move = NULL;

  fx_create (&fx, NULL, NULL, MARELLE_2);
  fx_join (&fx, 1, -1, 1);
  su_forget (fx.clients[0]);
  move = su_legal_move (trio_room_get_game (fx.room), 3);
  ck_assert_int_eq (fx_move (&fx, fx.clients[0], move), -1);
  forget_all (&fx);
  /* Seat 1 comes back on another connection: the older one is closed. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"resume\", \"token\": \"%s\"}",
                             fx.tokens[1]), -1);
  ck_assert_int_eq (fx.clients[1]->close_code, TRIO_ROOM_CLOSE_REPLACED);
  ck_assert_int_eq (trio_room_get_client_seat (fx.room, fx.clients[1]), -2);
  state = su_next (fx.clients[2], "state");
  ck_assert_int_eq (json_object_get_int_member (state, "seat"), 1);
  ck_assert_int_eq (json_object_get_int_member (state, "ply"), 1);
  ck_assert_str_eq (json_array_get_string_element (json_object_get_array_member (state, "moves"),
                                                   0), move);
  su_assert_types (fx.clients[2], "");
  /* The others hear that the seat is back (its older connection is not reported gone). */
  seat = su_next (fx.clients[0], "seat");
  ck_assert (json_object_get_boolean_member (seat, "connected"));
  su_assert_types (fx.clients[0], "");
  /* A dropped connection: the seat waits, shown disconnected. */
  trio_room_detach (fx.room, fx.clients[2]);
  trio_room_detach (fx.room, fx.clients[2]);
  g_clear_pointer (&seat, json_object_unref);
  seat = su_next (fx.clients[0], "seat");
  ck_assert_int_eq (json_object_get_int_member (seat, "seat"), 1);
  ck_assert (!json_object_get_boolean_member (seat, "connected"));
  su_assert_types (fx.clients[0], "");
  ck_assert_int_eq (su_send (fx.room, fx.clients[3], "{\"type\": \"resume\", \"token\": \"%s\"}",
                             fx.tokens[1]), -1);
  su_assert_types (fx.clients[3], "state");
  su_assert_types (fx.clients[0], "seat");
}
END_TEST

START_TEST (test_moves)
{
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) move = NULL;
  g_autofree char *legal = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TrioMessage) illegal = NULL;

  fx_create (&fx, NULL, NULL, MARELLE_2);
  fx_join (&fx, 1, -1, 1);
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"watch\", \"key\": \"%s\"}",
                             fx.key), -1);
  forget_all (&fx);
  legal = su_legal_move (trio_room_get_game (fx.room), 5);
  ck_assert_int_eq (fx_move (&fx, fx.clients[1], legal), TRIO_PROTOCOL_ERROR_NOT_YOUR_TURN);
  ck_assert_int_eq (fx_move (&fx, fx.clients[2], legal), TRIO_PROTOCOL_ERROR_NOT_YOUR_TURN);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"move\", \"move\": \"%s\","
                             " \"ply\": 1}", legal), TRIO_PROTOCOL_ERROR_STALE);
  ck_assert_int_eq (fx_move (&fx, fx.clients[0], "z9"), TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE);
  ck_assert_int_eq (fx_move (&fx, fx.clients[0], "d6-d5"), TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE);
  ck_assert_int_eq (fx_move (&fx, fx.clients[0], "\\\"{}"), TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE);
  /* The rules' reason reaches the player. */
  illegal = su_message ("{\"type\": \"move\", \"move\": \"z9\", \"ply\": 0}");
  ck_assert (!trio_room_receive (fx.room, fx.clients[0], illegal, &error));
  ck_assert_msg (strlen (error->message) > 20, "%s", error->message);
  ck_assert_int_eq (bg_game_get_n_played (trio_room_get_game (fx.room)), 0);
  for (guint i = 0; i < 3; i++)
    su_assert_types (fx.clients[i], "");
  ck_assert_int_eq (fx_move (&fx, fx.clients[0], legal), -1);
  for (guint i = 0; i < 3; i++)
    {
      g_clear_pointer (&move, json_object_unref);
      move = su_next (fx.clients[i], "move");
      ck_assert_int_eq (json_object_get_int_member (move, "ply"), 1);
      ck_assert_int_eq (json_object_get_int_member (move, "seat"), 0);
      ck_assert_str_eq (json_object_get_string_member (move, "move"), legal);
      ck_assert (json_object_get_string_member (move, "view") != NULL);
      su_assert_types (fx.clients[i], "");
    }
  /* The same move again is stale, or not the mover's turn. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"move\", \"move\": \"%s\","
                             " \"ply\": 0}", legal), TRIO_PROTOCOL_ERROR_NOT_YOUR_TURN);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"move\", \"move\": \"%s\","
                             " \"ply\": 0}", legal), TRIO_PROTOCOL_ERROR_STALE);
  ck_assert_int_eq (fx_move (&fx, fx.clients[1], legal), TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"export\"}"),
                    TRIO_PROTOCOL_ERROR_GAME_OVER);
}
END_TEST

/* Plays n legal moves, each by the client of the seat to move. */
static void
play_moves (Fx   *fx,
            guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *move = su_legal_move (trio_room_get_game (fx->room), i * 7 + 1);

      ck_assert_int_eq (fx_move (fx, mover (fx), move), -1);
    }
}

START_TEST (test_undo)
{
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) offer = NULL;
  g_autoptr (JsonObject) state = NULL;
  const BgGame *game;
  guint n;

  fx_create (&fx, NULL, NULL, MARELLE_2);
  fx_join (&fx, 1, -1, 1);
  game = trio_room_get_game (fx.room);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"undo\", \"ply\": 0}"),
                    TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE);
  play_moves (&fx, 3);
  forget_all (&fx);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"undo\", \"ply\": 2}"),
                    TRIO_PROTOCOL_ERROR_STALE);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"answer\", \"offer\": \"undo\","
                             " \"accept\": true}"), TRIO_PROTOCOL_ERROR_NO_OFFER);
  /* Seat 1 asks: the offer goes to seat 0, told to every connection. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"undo\", \"ply\": 3}"), -1);
  offer = su_next (fx.clients[0], "offer");
  ck_assert_str_eq (json_object_get_string_member (offer, "kind"), "undo");
  ck_assert_int_eq (json_object_get_int_member (offer, "from"), 1);
  ck_assert_int_eq (json_array_get_length (json_object_get_array_member (offer, "to")), 1);
  ck_assert_int_eq (json_array_get_int_element (json_object_get_array_member (offer, "to"), 0),
                    0);
  su_assert_types (fx.clients[1], "offer");
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"undo\", \"ply\": 3}"),
                    TRIO_PROTOCOL_ERROR_OFFER_PENDING);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"answer\", \"offer\": \"undo\","
                             " \"accept\": true}"), TRIO_PROTOCOL_ERROR_NO_OFFER);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"answer\", \"offer\": \"draw\","
                             " \"accept\": true}"), TRIO_PROTOCOL_ERROR_NO_OFFER);
  /* Refused: withdrawn, nothing taken back. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"answer\", \"offer\": \"undo\","
                             " \"accept\": false}"), -1);
  g_clear_pointer (&offer, json_object_unref);
  offer = su_next (fx.clients[1], "offer");
  ck_assert (json_object_get_null_member (offer, "kind"));
  su_assert_types (fx.clients[0], "offer");
  ck_assert_int_eq (bg_game_get_n_played (game), 3);
  /* Asked again and accepted: back before seat 1's move (ply 1), everyone gets the state. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"undo\", \"ply\": 3}"), -1);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"answer\", \"offer\": \"undo\","
                             " \"accept\": true}"), -1);
  ck_assert_int_eq (bg_game_get_n_played (game), 1);
  su_assert_types (fx.clients[0], "offer state");
  g_clear_pointer (&offer, json_object_unref);
  offer = su_next (fx.clients[1], "offer");
  state = su_next (fx.clients[1], "state");
  ck_assert_int_eq (json_object_get_int_member (state, "ply"), 1);
  ck_assert_int_eq (json_object_get_int_member (state, "to_move"), 1);
  ck_assert (json_object_get_null_member (state, "offer"));
  /* A move while an undo is offered withdraws it. */
  play_moves (&fx, 2);
  n = bg_game_get_n_played (game);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"undo\", \"ply\": %u}", n), -1);
  forget_all (&fx);
  play_moves (&fx, 1);
  su_assert_types (fx.clients[0], "offer move");
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"answer\", \"offer\": \"undo\","
                             " \"accept\": true}"), TRIO_PROTOCOL_ERROR_NO_OFFER);
  ck_assert_int_eq (bg_game_get_n_played (game), n + 1);
}
END_TEST

/* A cycle of four moves (a, b, then both back) from the current position that ends no game,
 * found on a copy; FALSE when the position has none. */
static gboolean
find_cycle (const BgGame *game,
            BgMove        cycle[4])
{
  g_autoptr (GArray) first = bg_game_get_legal_moves (game);

  for (guint i = 0; i < first->len; i++)
    {
      g_autoptr (BgGame) a = bg_game_copy (game);
      g_autoptr (GArray) second = NULL;

      cycle[0] = g_array_index (first, BgMove, i);
      bg_game_play (a, cycle[0], NULL);
      if (bg_game_is_over (a))
        continue;
      second = bg_game_get_legal_moves (a);
      for (guint j = 0; j < second->len; j++)
        {
          g_autoptr (BgGame) b = bg_game_copy (a);
          g_autoptr (GArray) third = NULL;

          cycle[1] = g_array_index (second, BgMove, j);
          bg_game_play (b, cycle[1], NULL);
          if (bg_game_is_over (b))
            continue;
          third = bg_game_get_legal_moves (b);
          for (guint k = 0; k < third->len; k++)
            {
              g_autoptr (BgGame) c = bg_game_copy (b);
              g_autoptr (GArray) fourth = NULL;

              cycle[2] = g_array_index (third, BgMove, k);
              bg_game_play (c, cycle[2], NULL);
              if (bg_game_is_over (c))
                continue;
              fourth = bg_game_get_legal_moves (c);
              for (guint l = 0; l < fourth->len; l++)
                {
                  g_autoptr (BgGame) d = bg_game_copy (c);

                  cycle[3] = g_array_index (fourth, BgMove, l);
                  bg_game_play (d, cycle[3], NULL);
                  if (!bg_game_is_over (d) && bg_game_get_key (d) == bg_game_get_key (game))
                    return TRUE;
                }
            }
        }
    }
  return FALSE;
}

/* Plays La Triple Alliance until the rules offer a draw (a position for the fifth time): the
 * placements, then one cycle of moves four times. */
static void
reach_draw_offer (Fx *fx)
{
  const BgGame *game = trio_room_get_game (fx->room);
  BgMove cycle[4];
  guint tries = 0;

  while (!find_cycle (game, cycle))
    {
      g_autoptr (GArray) moves = bg_game_get_legal_moves (game);

      ck_assert_int_lt (tries++, 40);
      for (guint i = 0; i < moves->len; i++)
        {
          g_autoptr (BgGame) copy = bg_game_copy (game);
          g_autofree char *text = bg_game_format_move (game, g_array_index (moves, BgMove, i));

          bg_game_play (copy, g_array_index (moves, BgMove, i), NULL);
          if (bg_game_is_over (copy))
            continue;
          ck_assert_int_eq (fx_move (fx, mover (fx), text), -1);
          break;
        }
    }
  for (guint i = 0; i < 16; i++)
    {
      g_autofree char *text = bg_game_format_move (game, cycle[i % 4]);

      ck_assert (!bg_game_has_draw_offer (game));
      ck_assert_int_eq (fx_move (fx, mover (fx), text), -1);
    }
  ck_assert (bg_game_has_draw_offer (game));
}

#define TA_2 "{\"type\": \"create\", \"game\": \"triple-alliance\", \"options\": {}, \"seats\": " \
  "[{\"kind\": \"human\"}, {\"kind\": \"human\"}], \"seat\": 0, \"name\": \"Ann\"}"

START_TEST (test_draw_offer_accepted)
{
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) offer = NULL;
  g_autoptr (JsonObject) end = NULL;

  fx_create (&fx, NULL, NULL, TA_2);
  fx_join (&fx, 1, -1, 1);
  reach_draw_offer (&fx);
  /* The last move, then the rules' offer to both humans. */
  {
    g_autofree char *types = su_take_types (fx.clients[1]);

    ck_assert_msg (g_str_has_suffix (types, " move offer"), "%s", types);
  }
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"watch\", \"key\": \"%s\"}",
                             fx.key), -1);
  {
    g_autoptr (JsonObject) state = su_next (fx.clients[2], "state");
    JsonObject *pending = json_object_get_object_member (state, "offer");

    ck_assert_str_eq (json_object_get_string_member (pending, "kind"), "draw");
    ck_assert_int_eq (json_object_get_int_member (pending, "from"), -1);
    ck_assert_int_eq (json_array_get_length (json_object_get_array_member (pending, "waiting")),
                      2);
  }
  forget_all (&fx);
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"answer\", \"offer\": \"draw\","
                             " \"accept\": true}"), TRIO_PROTOCOL_ERROR_NOT_SEATED);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"answer\", \"offer\": \"draw\","
                             " \"accept\": true}"), -1);
  offer = su_next (fx.clients[1], "offer");
  ck_assert_int_eq (json_array_get_length (json_object_get_array_member (offer, "to")), 1);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"answer\", \"offer\": \"draw\","
                             " \"accept\": true}"), TRIO_PROTOCOL_ERROR_NO_OFFER);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"answer\", \"offer\": \"draw\","
                             " \"accept\": true}"), -1);
  g_clear_pointer (&offer, json_object_unref);
  offer = su_next (fx.clients[1], "offer");
  ck_assert (json_object_get_null_member (offer, "kind"));
  end = su_next (fx.clients[1], "end");
  ck_assert_str_eq (json_object_get_string_member (end, "result"), "draw");
  ck_assert_str_eq (json_object_get_string_member (end, "reason"), "draw-agreed");
  su_assert_types (fx.clients[2], "offer offer end");
  ck_assert (trio_room_is_over (fx.room));
  ck_assert_int_gt (trio_room_get_finished (fx.room), 0);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"resign\"}"),
                    TRIO_PROTOCOL_ERROR_GAME_OVER);
}
END_TEST

START_TEST (test_draw_offer_declined)
{
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) offer = NULL;
  const BgGame *game;

  fx_create (&fx, NULL, NULL, TA_2);
  fx_join (&fx, 1, -1, 1);
  game = trio_room_get_game (fx.room);
  reach_draw_offer (&fx);
  forget_all (&fx);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"answer\", \"offer\": \"draw\","
                             " \"accept\": false}"), -1);
  offer = su_next (fx.clients[0], "offer");
  ck_assert (json_object_get_null_member (offer, "kind"));
  ck_assert (!bg_game_has_draw_offer (game));
  ck_assert (!trio_room_is_over (fx.room));
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"answer\", \"offer\": \"draw\","
                             " \"accept\": true}"), TRIO_PROTOCOL_ERROR_NO_OFFER);
  play_moves (&fx, 1);
}
END_TEST

/* The offer waits for a human who leaves; given to the computer, his seat answers as the
 * library's computer does. */
START_TEST (test_draw_offer_computer_answers)
{
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) seat = NULL;
  g_autoptr (JsonObject) offer = NULL;
  const BgGame *game;
  gboolean accepts;

  fx_create (&fx, NULL, NULL, TA_2);
  fx_join (&fx, 1, -1, 1);
  game = trio_room_get_game (fx.room);
  reach_draw_offer (&fx);
  accepts = bg_game_computer_accepts_draw (game, 1);
  trio_room_detach (fx.room, fx.clients[1]);
  forget_all (&fx);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"computer\", \"seat\": 0,"
                             " \"level\": 3}"), TRIO_PROTOCOL_ERROR_SEAT_TAKEN);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"computer\", \"seat\": 2,"
                             " \"level\": 3}"), TRIO_PROTOCOL_ERROR_BAD_MESSAGE);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"computer\", \"seat\": 1,"
                             " \"level\": 3}"), -1);
  seat = su_next (fx.clients[0], "seat");
  ck_assert_str_eq (json_object_get_string_member (seat, "kind"), "computer");
  ck_assert_int_eq (json_object_get_int_member (seat, "level"), 3);
  ck_assert_str_eq (json_object_get_string_member (seat, "name"), "P1");
  offer = su_next (fx.clients[0], "offer");
  if (accepts)
    {
      ck_assert_str_eq (json_object_get_string_member (offer, "kind"), "draw");
      ck_assert_int_eq (json_array_get_int_element (json_object_get_array_member (offer, "to"),
                                                    0), 0);
      ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"answer\", \"offer\":"
                                 " \"draw\", \"accept\": true}"), -1);
      su_assert_types (fx.clients[0], "offer end");
      ck_assert (trio_room_is_over (fx.room));
    }
  else
    {
      ck_assert (json_object_get_null_member (offer, "kind"));
      ck_assert (!trio_room_is_over (fx.room));
    }
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"computer\", \"seat\": 1,"
                             " \"level\": 3}"), accepts ? TRIO_PROTOCOL_ERROR_GAME_OVER
                                                        : TRIO_PROTOCOL_ERROR_BAD_MESSAGE);
}
END_TEST

START_TEST (test_resign_two)
{
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) end = NULL;
  g_autoptr (JsonObject) record = NULL;
  g_autoptr (JsonObject) state = NULL;
  g_autofree char *move = NULL;

  fx_create (&fx, NULL, NULL, MARELLE_2);
  fx_join (&fx, 1, -1, 1);
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"watch\", \"key\": \"%s\"}",
                             fx.key), -1);
  play_moves (&fx, 2);
  forget_all (&fx);
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"resign\"}"),
                    TRIO_PROTOCOL_ERROR_NOT_SEATED);
  /* Seat 1 resigns when it is not its turn: allowed. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"resign\"}"), -1);
  for (guint i = 0; i < 3; i++)
    {
      g_clear_pointer (&end, json_object_unref);
      end = su_next (fx.clients[i], "end");
      ck_assert_str_eq (json_object_get_string_member (end, "result"), "win");
      ck_assert_int_eq (json_object_get_int_member (end, "winner"), 0);
      ck_assert_int_eq (json_object_get_int_member (end, "loser"), 1);
      ck_assert_str_eq (json_object_get_string_member (end, "reason"), "resigned");
    }
  move = su_legal_move (trio_room_get_game (fx.room), 0);
  ck_assert_int_eq (fx_move (&fx, mover (&fx), move), TRIO_PROTOCOL_ERROR_GAME_OVER);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"undo\", \"ply\": 2}"),
                    TRIO_PROTOCOL_ERROR_GAME_OVER);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"resign\"}"),
                    TRIO_PROTOCOL_ERROR_GAME_OVER);
  /* The record, with every move, for a spectator too. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"export\"}"), -1);
  record = su_next (fx.clients[2], "record");
  ck_assert (g_str_has_prefix (json_object_get_string_member (record, "save"), "trio-save 1\n"));
  ck_assert (strstr (json_object_get_string_member (record, "save"), "\nresign 2\n") != NULL);
  ck_assert (strstr (json_object_get_string_member (record, "save"), "\nmoves ") != NULL);
  su_assert_types (fx.clients[0], "");
  /* The state after the end tells it. */
  trio_room_detach (fx.room, fx.clients[0]);
  ck_assert_int_eq (su_send (fx.room, fx.clients[3], "{\"type\": \"resume\", \"token\": \"%s\"}",
                             fx.tokens[0]), -1);
  state = su_next (fx.clients[3], "state");
  ck_assert_int_eq (json_object_get_int_member (state, "to_move"), -1);
  ck_assert_str_eq (json_object_get_string_member (json_object_get_object_member (state,
                                                                                  "status"),
                                                   "reason"), "resigned");
}
END_TEST

START_TEST (test_resign_trichess)
{
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) end = NULL;

  fx_create (&fx, NULL, NULL, CREATE ("trichess", "{}", HHH));
  fx_join (&fx, 1, -1, 1);
  fx_join (&fx, 2, -1, 2);
  play_moves (&fx, 4);
  forget_all (&fx);
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"resign\"}"), -1);
  end = su_next (fx.clients[0], "end");
  /* Three players: the resigning one loses, and TRICHESS names no winner (the library's
   * bg_game_resign()). */
  ck_assert_str_eq (json_object_get_string_member (end, "result"), "win");
  ck_assert_int_eq (json_object_get_int_member (end, "winner"), -1);
  ck_assert_int_eq (json_object_get_int_member (end, "loser"), 2);
  ck_assert_int_eq (json_object_get_int_member (end, "other"), -1);
  su_assert_types (fx.clients[1], "end");
  su_assert_types (fx.clients[2], "end");
}
END_TEST

START_TEST (test_resign_triomino)
{
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) end = NULL;
  g_autoptr (GArray) moves = NULL;
  const BgGame *game;
  const void *pos;
  int scorer, resigner;

  fx_create (&fx, NULL, NULL, CREATE ("triomino", "{\"players\": \"3\"}", HHH));
  fx_join (&fx, 1, -1, 1);
  fx_join (&fx, 2, -1, 2);
  game = trio_room_get_game (fx.room);
  /* The first player lays a tile: the only score above 0. */
  scorer = bg_game_get_player_to_move (game);
  moves = bg_game_get_legal_moves (game);
  for (guint i = 0; i < moves->len; i++)
    {
      BgMoveInfo info;

      bg_game_describe_move (game, g_array_index (moves, BgMove, i), &info);
      if (info.flags & BG_MOVE_PLACES)
        {
          g_autofree char *text = bg_game_format_move (game, g_array_index (moves, BgMove, i));

          ck_assert_int_eq (fx_move (&fx, fx.clients[scorer], text), -1);
          break;
        }
    }
  pos = bg_game_get_position (game);
  ck_assert_int_gt (bg_triomino_get_score (pos, scorer), 0);
  resigner = (scorer + 1) % 3;
  forget_all (&fx);
  ck_assert_int_eq (su_send (fx.room, fx.clients[resigner], "{\"type\": \"resign\"}"), -1);
  end = su_next (fx.clients[0], "end");
  ck_assert_str_eq (json_object_get_string_member (end, "result"), "win");
  ck_assert_int_eq (json_object_get_int_member (end, "winner"), scorer);
  ck_assert_int_eq (json_object_get_int_member (end, "loser"), resigner);
}
END_TEST

/* Runs the main context until the room's computer has played. */
static void
wait_for_computer (TrioRoom *room)
{
  while (trio_room_is_thinking (room))
    g_main_context_iteration (NULL, TRUE);
}

#define MARELLE_HC "{\"type\": \"create\", \"game\": \"marelle\", \"options\": {}, \"seats\": " \
  "[{\"kind\": \"human\"}, {\"kind\": \"computer\", \"level\": 2}], \"seat\": 0, \"name\": \"A\"}"
#define MARELLE_CH "{\"type\": \"create\", \"game\": \"marelle\", \"options\": {}, \"seats\": " \
  "[{\"kind\": \"computer\", \"level\": 1}, {\"kind\": \"human\"}], \"seat\": 1, \"name\": \"A\"}"

START_TEST (test_computer_plays)
{
  TrioWorker *worker = trio_worker_new (1);
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) move = NULL;
  g_autoptr (JsonObject) state = NULL;

  fx_create (&fx, NULL, worker, MARELLE_HC);
  ck_assert (!trio_room_is_thinking (fx.room));
  play_moves (&fx, 1);
  ck_assert (trio_room_is_thinking (fx.room));
  /* The human may not move for the computer. */
  ck_assert_int_eq (fx_move (&fx, fx.clients[0], "d6"), TRIO_PROTOCOL_ERROR_NOT_YOUR_TURN);
  /* The search's end waits for the main context: the game is not touched on the worker's
   * thread, however long the main thread is busy elsewhere. */
  while (!g_main_context_pending (NULL))
    g_usleep (1000);
  ck_assert (trio_room_is_thinking (fx.room));
  ck_assert_int_eq (bg_game_get_n_played (trio_room_get_game (fx.room)), 1);
  wait_for_computer (fx.room);
  su_skip (fx.clients[0], "move");
  move = su_next (fx.clients[0], "move");
  ck_assert_int_eq (json_object_get_int_member (move, "seat"), 1);
  ck_assert_int_eq (json_object_get_int_member (move, "ply"), 2);
  /* An undo with only the computer against: at once, back before the human's move. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"undo\", \"ply\": 2}"), -1);
  ck_assert_int_eq (bg_game_get_n_played (trio_room_get_game (fx.room)), 0);
  state = su_next (fx.clients[0], "state");
  ck_assert_int_eq (json_object_get_int_member (state, "ply"), 0);
  ck_assert (!trio_room_is_thinking (fx.room));
  fx_clear (&fx);
  trio_worker_free (worker);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}
END_TEST

START_TEST (test_computer_first)
{
  TrioWorker *worker = trio_worker_new (1);
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) move = NULL;
  g_autofree char *legal = NULL;

  fx_create (&fx, NULL, worker, MARELLE_CH);
  ck_assert (trio_room_is_thinking (fx.room));
  wait_for_computer (fx.room);
  move = su_next (fx.clients[0], "move");
  ck_assert_int_eq (json_object_get_int_member (move, "seat"), 0);
  ck_assert_int_eq (json_object_get_int_member (move, "ply"), 1);
  /* A spectator gives no seat to the computer. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"watch\", \"key\": \"%s\"}",
                             fx.key), -1);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"computer\", \"seat\": 1,"
                             " \"level\": 1}"), TRIO_PROTOCOL_ERROR_NOT_SEATED);
  legal = su_legal_move (trio_room_get_game (fx.room), 2);
  ck_assert_int_eq (fx_move (&fx, fx.clients[0], legal), -1);
  wait_for_computer (fx.room);
  su_assert_types (fx.clients[0], "move move");
  su_assert_types (fx.clients[1], "state move move");
  fx_clear (&fx);
  trio_worker_free (worker);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}
END_TEST

START_TEST (test_give_seat_and_take_back)
{
  TrioWorker *worker = trio_worker_new (1);
  g_auto (Fx) fx = { 0 };
  g_autoptr (JsonObject) seat = NULL;
  guint n;

  fx_create (&fx, NULL, worker, MARELLE_2);
  fx_join (&fx, 1, -1, 1);
  play_moves (&fx, 1);
  trio_room_detach (fx.room, fx.clients[1]);
  forget_all (&fx);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"computer\", \"seat\": 1,"
                             " \"level\": 1}"), -1);
  seat = su_next (fx.clients[0], "seat");
  ck_assert (json_object_get_boolean_member (seat, "connected"));
  ck_assert (trio_room_is_thinking (fx.room));
  wait_for_computer (fx.room);
  su_assert_types (fx.clients[0], "move");
  n = bg_game_get_n_played (trio_room_get_game (fx.room));
  ck_assert_int_eq (n, 2);
  /* The token takes the seat back: a human again. */
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"resume\", \"token\": \"%s\"}",
                             fx.tokens[1]), -1);
  g_clear_pointer (&seat, json_object_unref);
  seat = su_next (fx.clients[0], "seat");
  ck_assert_str_eq (json_object_get_string_member (seat, "kind"), "human");
  play_moves (&fx, 1);
  ck_assert (!trio_room_is_thinking (fx.room));
  fx_clear (&fx);
  trio_worker_free (worker);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}
END_TEST

/* Every connection hears every move once, each its own message. */
START_TEST (test_per_seat_messages)
{
  g_auto (Fx) fx = { 0 };
  guint counts[4];

  fx_create (&fx, NULL, NULL, CREATE ("trichess", "{}", HHH));
  fx_join (&fx, 1, -1, 1);
  fx_join (&fx, 2, -1, 2);
  ck_assert_int_eq (su_send (fx.room, fx.clients[3], "{\"type\": \"watch\", \"key\": \"%s\"}",
                             fx.key), -1);
  forget_all (&fx);
  for (guint i = 0; i < 4; i++)
    counts[i] = fx.clients[i]->n_received;
  play_moves (&fx, 9);
  for (guint i = 0; i < 4; i++)
    {
      ck_assert_int_eq (fx.clients[i]->n_received - counts[i], 9);
      for (guint ply = 1; ply <= 9; ply++)
        {
          g_autoptr (JsonObject) move = su_next (fx.clients[i], "move");

          ck_assert_int_eq (json_object_get_int_member (move, "ply"), ply);
          ck_assert_int_eq (json_object_get_int_member (move, "seat"), (ply - 1) % 3);
        }
    }
}
END_TEST

static Suite *
room_suite (void)
{
  Suite *suite = suite_create ("server-room");
  TCase *tc = tcase_create ("room");

  tcase_add_test (tc, test_create_and_join);
  tcase_add_test (tc, test_create_refused);
  tcase_add_test (tc, test_triomino_deal_kept);
  tcase_add_test (tc, test_join_refused);
  tcase_add_test (tc, test_resume);
  tcase_add_test (tc, test_moves);
  tcase_add_test (tc, test_undo);
  tcase_add_test (tc, test_draw_offer_accepted);
  tcase_add_test (tc, test_draw_offer_declined);
  tcase_add_test (tc, test_draw_offer_computer_answers);
  tcase_add_test (tc, test_resign_two);
  tcase_add_test (tc, test_resign_trichess);
  tcase_add_test (tc, test_resign_triomino);
  tcase_add_test (tc, test_computer_plays);
  tcase_add_test (tc, test_computer_first);
  tcase_add_test (tc, test_give_seat_and_take_back);
  tcase_add_test (tc, test_per_seat_messages);
  suite_add_tcase (suite, tc);
  return suite;
}

int
main (void)
{
  SRunner *runner = srunner_create (room_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
