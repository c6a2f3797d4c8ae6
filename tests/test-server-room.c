/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-room.c: rooms without a network: create, join, resume, watch, moves in and
 * out of turn, the computer's seats, each connection's messages, Triomino's views */

#include <string.h>

#include "bg-view.h"
#include "test-server-util.h"
#include "test-util.h"

#define ROOM SU_ROOM
#define MARELLE_2 SU_MARELLE_2

START_TEST (test_create_and_join)
{
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) seat = NULL;
  g_autoptr (JsonObject) state = NULL;
  JsonArray *seats;

  su_room_create (&fx, NULL, NULL, MARELLE_2);
  su_room_join (&fx, 1, -1, 1);
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
  g_auto (SuRoom) fx = { 0 };

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
  su_room_create (&fx, NULL, NULL, MARELLE_2);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "%s", MARELLE_2),
                    TRIO_PROTOCOL_ERROR_ROOM_EXISTS);
}
END_TEST

START_TEST (test_triomino_deal_kept)
{
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) state = NULL;

  su_room_create (&fx, NULL, NULL, CREATE ("triomino", "{\"players\": \"2\"}", HH));
  su_room_join (&fx, 1, -1, 1);
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
  g_auto (SuRoom) fx = { 0 };

  su_room_create (&fx, NULL, NULL, MARELLE_2);
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
  su_room_join (&fx, 1, 1, 1);
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
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) seat = NULL;
  g_autoptr (JsonObject) state = NULL;
  g_autofree char *move = NULL;

  su_room_create (&fx, NULL, NULL, MARELLE_2);
  su_room_join (&fx, 1, -1, 1);
  su_forget (fx.clients[0]);
  move = su_legal_move (trio_room_get_game (fx.room), 3);
  ck_assert_int_eq (su_room_move (&fx, fx.clients[0], move), -1);
  su_room_forget_all (&fx);
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
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) move = NULL;
  g_autofree char *legal = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (TrioMessage) illegal = NULL;

  su_room_create (&fx, NULL, NULL, MARELLE_2);
  su_room_join (&fx, 1, -1, 1);
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"watch\", \"key\": \"%s\"}",
                             fx.key), -1);
  su_room_forget_all (&fx);
  legal = su_legal_move (trio_room_get_game (fx.room), 5);
  ck_assert_int_eq (su_room_move (&fx, fx.clients[1], legal), TRIO_PROTOCOL_ERROR_NOT_YOUR_TURN);
  ck_assert_int_eq (su_room_move (&fx, fx.clients[2], legal), TRIO_PROTOCOL_ERROR_NOT_YOUR_TURN);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"move\", \"move\": \"%s\","
                             " \"ply\": 1}", legal), TRIO_PROTOCOL_ERROR_STALE);
  ck_assert_int_eq (su_room_move (&fx, fx.clients[0], "z9"), TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE);
  ck_assert_int_eq (su_room_move (&fx, fx.clients[0], "d6-d5"), TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE);
  ck_assert_int_eq (su_room_move (&fx, fx.clients[0], "\\\"{}"), TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE);
  /* The rules' reason reaches the player. */
  illegal = su_message ("{\"type\": \"move\", \"move\": \"z9\", \"ply\": 0}");
  ck_assert (!trio_room_receive (fx.room, fx.clients[0], illegal, &error));
  ck_assert_msg (strlen (error->message) > 20, "%s", error->message);
  ck_assert_int_eq (bg_game_get_n_played (trio_room_get_game (fx.room)), 0);
  for (guint i = 0; i < 3; i++)
    su_assert_types (fx.clients[i], "");
  ck_assert_int_eq (su_room_move (&fx, fx.clients[0], legal), -1);
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
  ck_assert_int_eq (su_room_move (&fx, fx.clients[1], legal), TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"export\"}"),
                    TRIO_PROTOCOL_ERROR_GAME_OVER);
}
END_TEST

/* Plays n legal moves, each by the client of the seat to move. */
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
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) move = NULL;
  g_autoptr (JsonObject) state = NULL;

  su_room_create (&fx, NULL, worker, MARELLE_HC);
  ck_assert (!trio_room_is_thinking (fx.room));
  su_room_play (&fx, 1);
  ck_assert (trio_room_is_thinking (fx.room));
  /* The human may not move for the computer. */
  ck_assert_int_eq (su_room_move (&fx, fx.clients[0], "d6"), TRIO_PROTOCOL_ERROR_NOT_YOUR_TURN);
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
  su_room_clear (&fx);
  trio_worker_free (worker);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}
END_TEST

START_TEST (test_computer_first)
{
  TrioWorker *worker = trio_worker_new (1);
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) move = NULL;
  g_autofree char *legal = NULL;

  su_room_create (&fx, NULL, worker, MARELLE_CH);
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
  ck_assert_int_eq (su_room_move (&fx, fx.clients[0], legal), -1);
  wait_for_computer (fx.room);
  su_assert_types (fx.clients[0], "move move");
  su_assert_types (fx.clients[1], "state move move");
  su_room_clear (&fx);
  trio_worker_free (worker);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}
END_TEST

START_TEST (test_give_seat_and_take_back)
{
  TrioWorker *worker = trio_worker_new (1);
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) seat = NULL;
  guint n;

  su_room_create (&fx, NULL, worker, MARELLE_2);
  su_room_join (&fx, 1, -1, 1);
  su_room_play (&fx, 1);
  trio_room_detach (fx.room, fx.clients[1]);
  su_room_forget_all (&fx);
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
  su_room_play (&fx, 1);
  ck_assert (!trio_room_is_thinking (fx.room));
  su_room_clear (&fx);
  trio_worker_free (worker);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}
END_TEST

/* Every connection hears every move once, each its own message. */
START_TEST (test_per_seat_messages)
{
  g_auto (SuRoom) fx = { 0 };
  guint counts[4];

  su_room_create (&fx, NULL, NULL, CREATE ("trichess", "{}", HHH));
  su_room_join (&fx, 1, -1, 1);
  su_room_join (&fx, 2, -1, 2);
  ck_assert_int_eq (su_send (fx.room, fx.clients[3], "{\"type\": \"watch\", \"key\": \"%s\"}",
                             fx.key), -1);
  su_room_forget_all (&fx);
  for (guint i = 0; i < 4; i++)
    counts[i] = fx.clients[i]->n_received;
  su_room_play (&fx, 9);
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
  return tu_run_suite (room_suite ());
}
