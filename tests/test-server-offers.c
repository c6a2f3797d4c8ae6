/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-offers.c: a room's offers and ends without a network: undo accepted, refused
 * and withdrawn, the rules' repetition draw offer (a computer seat answering too), resigning
 * with two and three players */

#include <string.h>

#include "test-server-util.h"
#include "triomino/bg-triomino.h"
#include "test-util.h"

#define MARELLE_2 SU_MARELLE_2
#define CREATE(game, options, seats) \
  "{\"type\": \"create\", \"game\": \"" game "\", \"options\": " options ", \"seats\": " seats \
  ", \"seat\": 0, \"name\": \"A\"}"
#define HHH "[{\"kind\": \"human\"}, {\"kind\": \"human\"}, {\"kind\": \"human\"}]"

START_TEST (test_undo)
{
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) offer = NULL;
  g_autoptr (JsonObject) state = NULL;
  const BgGame *game;
  guint n;

  su_room_create (&fx, NULL, NULL, MARELLE_2);
  su_room_join (&fx, 1, -1, 1);
  game = trio_room_get_game (fx.room);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"undo\", \"ply\": 0}"),
                    TRIO_PROTOCOL_ERROR_ILLEGAL_MOVE);
  su_room_play (&fx, 3);
  su_room_forget_all (&fx);
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
  su_room_play (&fx, 2);
  n = bg_game_get_n_played (game);
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"undo\", \"ply\": %u}", n), -1);
  su_room_forget_all (&fx);
  su_room_play (&fx, 1);
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
reach_draw_offer (SuRoom *fx)
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
          ck_assert_int_eq (su_room_move (fx, su_room_mover (fx), text), -1);
          break;
        }
    }
  for (guint i = 0; i < 16; i++)
    {
      g_autofree char *text = bg_game_format_move (game, cycle[i % 4]);

      ck_assert (!bg_game_has_draw_offer (game));
      ck_assert_int_eq (su_room_move (fx, su_room_mover (fx), text), -1);
    }
  ck_assert (bg_game_has_draw_offer (game));
}

#define TA_2 "{\"type\": \"create\", \"game\": \"triple-alliance\", \"options\": {}, \"seats\": " \
  "[{\"kind\": \"human\"}, {\"kind\": \"human\"}], \"seat\": 0, \"name\": \"Ann\"}"

START_TEST (test_draw_offer_accepted)
{
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) offer = NULL;
  g_autoptr (JsonObject) end = NULL;

  su_room_create (&fx, NULL, NULL, TA_2);
  su_room_join (&fx, 1, -1, 1);
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
  su_room_forget_all (&fx);
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
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) offer = NULL;
  const BgGame *game;

  su_room_create (&fx, NULL, NULL, TA_2);
  su_room_join (&fx, 1, -1, 1);
  game = trio_room_get_game (fx.room);
  reach_draw_offer (&fx);
  su_room_forget_all (&fx);
  ck_assert_int_eq (su_send (fx.room, fx.clients[1], "{\"type\": \"answer\", \"offer\": \"draw\","
                             " \"accept\": false}"), -1);
  offer = su_next (fx.clients[0], "offer");
  ck_assert (json_object_get_null_member (offer, "kind"));
  ck_assert (!bg_game_has_draw_offer (game));
  ck_assert (!trio_room_is_over (fx.room));
  ck_assert_int_eq (su_send (fx.room, fx.clients[0], "{\"type\": \"answer\", \"offer\": \"draw\","
                             " \"accept\": true}"), TRIO_PROTOCOL_ERROR_NO_OFFER);
  su_room_play (&fx, 1);
}
END_TEST

/* The offer waits for a human who leaves; given to the computer, his seat answers as the
 * library's computer does. */
START_TEST (test_draw_offer_computer_answers)
{
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) seat = NULL;
  g_autoptr (JsonObject) offer = NULL;
  const BgGame *game;
  gboolean accepts;

  su_room_create (&fx, NULL, NULL, TA_2);
  su_room_join (&fx, 1, -1, 1);
  game = trio_room_get_game (fx.room);
  reach_draw_offer (&fx);
  accepts = bg_game_computer_accepts_draw (game, 1);
  trio_room_detach (fx.room, fx.clients[1]);
  su_room_forget_all (&fx);
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
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) end = NULL;
  g_autoptr (JsonObject) record = NULL;
  g_autoptr (JsonObject) state = NULL;
  g_autofree char *move = NULL;

  su_room_create (&fx, NULL, NULL, MARELLE_2);
  su_room_join (&fx, 1, -1, 1);
  ck_assert_int_eq (su_send (fx.room, fx.clients[2], "{\"type\": \"watch\", \"key\": \"%s\"}",
                             fx.key), -1);
  su_room_play (&fx, 2);
  su_room_forget_all (&fx);
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
  ck_assert_int_eq (su_room_move (&fx, su_room_mover (&fx), move), TRIO_PROTOCOL_ERROR_GAME_OVER);
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
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) end = NULL;

  su_room_create (&fx, NULL, NULL, CREATE ("trichess", "{}", HHH));
  su_room_join (&fx, 1, -1, 1);
  su_room_join (&fx, 2, -1, 2);
  su_room_play (&fx, 4);
  su_room_forget_all (&fx);
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
  g_auto (SuRoom) fx = { 0 };
  g_autoptr (JsonObject) end = NULL;
  g_autoptr (GArray) moves = NULL;
  const BgGame *game;
  const void *pos;
  int scorer, resigner;

  su_room_create (&fx, NULL, NULL, CREATE ("triomino", "{\"players\": \"3\"}", HHH));
  su_room_join (&fx, 1, -1, 1);
  su_room_join (&fx, 2, -1, 2);
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

          ck_assert_int_eq (su_room_move (&fx, fx.clients[scorer], text), -1);
          break;
        }
    }
  pos = bg_game_get_position (game);
  ck_assert_int_gt (bg_triomino_get_score (pos, scorer), 0);
  resigner = (scorer + 1) % 3;
  su_room_forget_all (&fx);
  ck_assert_int_eq (su_send (fx.room, fx.clients[resigner], "{\"type\": \"resign\"}"), -1);
  end = su_next (fx.clients[0], "end");
  ck_assert_str_eq (json_object_get_string_member (end, "result"), "win");
  ck_assert_int_eq (json_object_get_int_member (end, "winner"), scorer);
  ck_assert_int_eq (json_object_get_int_member (end, "loser"), resigner);
}
END_TEST

/* Runs the main context until the room's computer has played. */
static Suite *
offers_suite (void)
{
  Suite *suite = suite_create ("server-offers");
  TCase *tc = tcase_create ("offers");

  tcase_add_test (tc, test_undo);
  tcase_add_test (tc, test_draw_offer_accepted);
  tcase_add_test (tc, test_draw_offer_declined);
  tcase_add_test (tc, test_draw_offer_computer_answers);
  tcase_add_test (tc, test_resign_two);
  tcase_add_test (tc, test_resign_trichess);
  tcase_add_test (tc, test_resign_triomino);
  suite_add_tcase (suite, tc);
  return suite;
}

int
main (void)
{
  return tu_run_suite (offers_suite ());
}
