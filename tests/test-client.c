/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-client.c: trio-client's parts that need no server: invite links and room ids, the
 * input's commands, the server's messages as text lines, and the game a bot rebuilds */

#include "trio-client-command.h"
#include "trio-client-connection.h"
#include "trio-client-game.h"
#include "trio-client-link.h"
#include "trio-client-message.h"

#include "bg-search.h"
#include "bg-view.h"
#include "triomino/bg-triomino.h"

#define ROOM "abcdefghijklmn27"
#define KEY "AbCdEfGhIjKlMnOpQrSt_-"

static void
check_link (const char *link,
            const char *expected_url)
{
  g_autofree char *url = NULL, *room = NULL, *key = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (trio_client_link_parse (link, &url, &room, &key, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (url, ==, expected_url);
  g_assert_cmpstr (room, ==, ROOM);
  g_assert_cmpstr (key, ==, KEY);
}

static void
test_links (void)
{
  static const char *const bad[] = {
    "trio://host/" ROOM "#" KEY,                 /* no port */
    "trio://host:8080/x/" ROOM "#" KEY,          /* a prefix: not for trio:// */
    "trio://host:8080/" ROOM,                    /* no key */
    "trio://host:8080/" ROOM "#short",
    "trio://host:8080/abcdefghijklmn01#" KEY,    /* 0 and 1 are not base32 */
    "trio://host:8080/" ROOM "x#" KEY,
    "http://host/" ROOM "#" KEY,
    "https://user@host/" ROOM "#" KEY,
    "https://host/" ROOM "?q=1#" KEY,
    "https:///" ROOM "#" KEY,
    "not a link",
    "",
  };

  check_link ("trio://192.168.1.5:8080/" ROOM "#" KEY, "ws://192.168.1.5:8080/rooms/" ROOM);
  check_link ("trio://[::1]:8080/" ROOM "#" KEY, "ws://[::1]:8080/rooms/" ROOM);
  check_link ("https://games.example.org/" ROOM "#" KEY,
              "wss://games.example.org/rooms/" ROOM);
  check_link ("https://example.org:8443/trio/play/" ROOM "#" KEY,
              "wss://example.org:8443/trio/play/rooms/" ROOM);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_false (trio_client_link_parse (bad[i], NULL, NULL, NULL, &error));
      g_assert_error (error, TRIO_CLIENT_LINK_ERROR, TRIO_CLIENT_LINK_ERROR_INVALID);
    }
}

static void
test_room_urls (void)
{
  struct { const char *server, *url; } cases[] = {
    { "ws://127.0.0.1:8080", "ws://127.0.0.1:8080/rooms/" ROOM },
    { "ws://127.0.0.1:8080/", "ws://127.0.0.1:8080/rooms/" ROOM },
    { "wss://example.org/trio/", "wss://example.org/trio/rooms/" ROOM },
  };
  static const char *const bad[] = { "http://host:1", "ws://", "ws://host/?a=b", "host:80" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *url = trio_client_room_url (cases[i].server, ROOM, NULL);

      g_assert_cmpstr (url, ==, cases[i].url);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *url = trio_client_room_url (bad[i], ROOM, &error);

      g_assert_null (url);
      g_assert_nonnull (error);
    }
}

static void
test_room_ids (void)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < 1000; i++)
    {
      char *id = trio_client_room_id_new ();

      g_assert_true (trio_client_is_room_id (id));
      g_assert_true (g_hash_table_add (seen, id));
    }
  g_assert_false (trio_client_is_room_id ("ABCDEFGHIJKLMNOP"));
  g_assert_true (trio_client_is_key (KEY));
  g_assert_false (trio_client_is_key (KEY "A"));
}

/* The command's message as JSON text, or "quit", "none", "export PATH JSON", "error". */
static char *
command_text (const char *line,
              gint64      ply)
{
  TrioClientCommand command;
  g_autofree char *json = NULL;
  char *text;

  if (!trio_client_command_parse (line, ply, &command, NULL))
    return g_strdup ("error");
  if (command.message != NULL)
    json = trio_client_object_to_text (command.message);
  switch (command.kind)
    {
    case TRIO_CLIENT_COMMAND_NONE:
      text = g_strdup ("none");
      break;
    case TRIO_CLIENT_COMMAND_QUIT:
      text = g_strdup ("quit");
      break;
    case TRIO_CLIENT_COMMAND_EXPORT:
      text = g_strdup_printf ("export %s %s", command.path, json);
      break;
    default:
      text = g_steal_pointer (&json);
    }
  trio_client_command_clear (&command);
  return text;
}

static void
test_commands (void)
{
  struct { const char *line, *expected; } cases[] = {
    { "d2-d3", "{\"type\":\"move\",\"move\":\"d2-d3\",\"ply\":7}" },
    { "  3-1-2@1,-1 ", "{\"type\":\"move\",\"move\":\"3-1-2@1,-1\",\"ply\":7}" },
    { "draw yes", "{\"type\":\"answer\",\"offer\":\"draw\",\"accept\":true}" },
    { "draw no", "{\"type\":\"answer\",\"offer\":\"draw\",\"accept\":false}" },
    { "undo", "{\"type\":\"undo\",\"ply\":7}" },
    { "undo yes", "{\"type\":\"answer\",\"offer\":\"undo\",\"accept\":true}" },
    { "resign", "{\"type\":\"resign\"}" },
    { "computer 2 3", "{\"type\":\"computer\",\"seat\":2,\"level\":3}" },
    { "export my game.trio", "export my game.trio {\"type\":\"export\"}" },
    { "quit", "quit" },
    { "", "none" },
    { "# a comment", "none" },
    { "draw", "error" },
    { "draw maybe", "error" },
    { "undo please", "error" },
    { "computer 1", "error" },
    { "computer x 3", "error" },
    { "export", "error" },
    { "quit now", "error" },
    { "resign now", "error" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = command_text (cases[i].line, 7);

      g_assert_cmpstr (text, ==, cases[i].expected);
    }
}

static char *
format_json (const char *json)
{
  g_autoptr (JsonNode) node = json_from_string (json, NULL);

  g_assert_nonnull (node);
  return trio_client_message_format (json_node_get_object (node));
}

static void
test_format (void)
{
  struct { const char *json, *lines; } cases[] = {
    { "{\"type\":\"welcome\",\"room\":\"" ROOM "\",\"seat\":0,\"token\":\"" KEY "\","
      "\"link\":\"trio://h:1/" ROOM "#" KEY "\"}",
      "welcome room=" ROOM " seat=0 token=" KEY " link=trio://h:1/" ROOM "#" KEY "\n" },
    { "{\"type\":\"move\",\"ply\":4,\"seat\":1,\"move\":\"d2-d3\",\"view\":\"V\"}",
      "move 4 seat=1 d2-d3\nview V\n" },
    { "{\"type\":\"offer\",\"kind\":\"draw\",\"from\":-1,\"to\":[0,1],\"ply\":12}",
      "offer draw from=-1 to=0,1 ply=12\n" },
    { "{\"type\":\"offer\",\"kind\":null,\"from\":-1,\"to\":[],\"ply\":12}", "offer none\n" },
    { "{\"type\":\"end\",\"result\":\"win\",\"winner\":0,\"loser\":2,\"other\":1,"
      "\"reason\":\"checkmate\"}",
      "end win winner=0 loser=2 other=1 reason=checkmate\n" },
    { "{\"type\":\"error\",\"code\":\"stale\",\"message\":\"Two\\nlines.\"}",
      "error stale: Two lines.\n" },
    { "{\"type\":\"seat\",\"seat\":2,\"name\":\"Ann Lee\",\"kind\":\"human\",\"level\":0,"
      "\"connected\":false}",
      "seat 2 kind=human level=0 connected=0 name=Ann Lee\n" },
    { "{\"type\":\"state\",\"game\":\"marelle\",\"options\":{\"variant\":\"triple\","
      "\"first\":\"1\"},\"seat\":1,\"seats\":[{\"name\":\"A\",\"kind\":\"human\",\"level\":0,"
      "\"connected\":true},{\"name\":null,\"kind\":\"computer\",\"level\":3,"
      "\"connected\":true}],\"view\":\"V\",\"moves\":[\"d6\",\"d2\"],\"ply\":2,\"to_move\":0,"
      "\"offer\":{\"kind\":\"undo\",\"from\":0,\"waiting\":[1]},"
      "\"status\":{\"result\":\"draw\",\"winner\":-1,\"loser\":-1,\"other\":-1,"
      "\"reason\":\"draw-agreed\"}}",
      "state ply=2 to_move=0 seat=1 game=marelle\noptions first=1 variant=triple\n"
      "seat 0 kind=human level=0 connected=1 name=A\n"
      "seat 1 kind=computer level=3 connected=1 name=\nmoves 2 d6 d2\nview V\n"
      "offer undo from=0 to=1\n"
      "end draw winner=-1 loser=-1 other=-1 reason=draw-agreed\n" },
    { "{\"type\":\"hello\"}", "unknown {\"type\":\"hello\"}\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *lines = format_json (cases[i].json);

      g_assert_cmpstr (lines, ==, cases[i].lines);
    }
}

static JsonObject *
object_of (const char *json)
{
  g_autoptr (JsonNode) node = json_from_string (json, NULL);

  return json_object_ref (json_node_get_object (node));
}

static void
test_game (void)
{
  g_autoptr (TrioClientGame) game = trio_client_game_new (1);
  g_autoptr (JsonObject) state = object_of (
    "{\"type\":\"state\",\"game\":\"marelle\",\"options\":{\"variant\":\"standard\"},"
    "\"moves\":[\"d6\",\"d2\"],\"ply\":2}");
  g_autoptr (JsonObject) move = object_of ("{\"type\":\"move\",\"ply\":3,\"move\":\"f4\"}");
  g_autoptr (JsonObject) skip = object_of ("{\"type\":\"move\",\"ply\":5,\"move\":\"b4\"}");
  g_autoptr (JsonObject) bad = object_of (
    "{\"type\":\"state\",\"game\":\"marelle\",\"moves\":[\"d6\",\"d6\"],\"ply\":2}");
  g_autoptr (GError) error = NULL;

  g_assert_null (trio_client_game_get (game));
  g_assert_true (trio_client_game_load_state (game, state, &error));
  g_assert_no_error (error);
  g_assert_cmpint (trio_client_game_get_ply (game), ==, 2);
  g_assert_true (trio_client_game_apply_move (game, move, &error));
  g_assert_cmpint (bg_game_get_n_played (trio_client_game_get (game)), ==, 3);
  g_assert_cmpint (bg_game_get_player_to_move (trio_client_game_get (game)), ==, 1);
  g_assert_false (trio_client_game_apply_move (game, skip, &error));
  g_clear_error (&error);
  g_assert_false (trio_client_game_load_state (game, bad, &error));
  g_clear_error (&error);
  /* The game a failed load leaves is the one before it. */
  g_assert_cmpint (trio_client_game_get_ply (game), ==, 3);
  g_assert_false (trio_client_game_is_hidden ("trichess"));
  g_assert_true (trio_client_game_is_hidden ("triomino"));
}

/* A state message of game as seat sees it, as docs/server.md and docs/views.md say. */
static JsonObject *
state_of (const BgGame *game,
          int           seat)
{
  JsonObject *state = trio_client_message_new ("state");
  JsonObject *options = json_object_new ();
  JsonArray *moves = json_array_new ();
  g_autoptr (GHashTable) public = bg_game_dup_public_options (game);
  g_autofree char *view = bg_game_dup_view (game, seat);
  GHashTableIter iter;
  gpointer name, value;

  g_hash_table_iter_init (&iter, public);
  while (g_hash_table_iter_next (&iter, &name, &value))
    json_object_set_string_member (options, name, value);
  for (guint i = 0; i < bg_game_get_n_played (game); i++)
    {
      g_autofree char *move = bg_game_dup_move_for_seat (game, i, seat);

      json_array_add_string_element (moves, move);
    }
  json_object_set_string_member (state, "game", bg_game_get_rules (game)->id);
  json_object_set_object_member (state, "options", options);
  json_object_set_array_member (state, "moves", moves);
  json_object_set_int_member (state, "ply", bg_game_get_n_played (game));
  json_object_set_string_member (state, "view", view);
  return state;
}

static JsonObject *
move_of (const BgGame *game,
         int           seat)
{
  guint index = bg_game_get_n_played (game) - 1;
  JsonObject *move = trio_client_message_new ("move");
  g_autofree char *text = bg_game_dup_move_for_seat (game, index, seat);
  g_autofree char *view = bg_game_dup_view (game, seat);

  json_object_set_int_member (move, "ply", index + 1);
  json_object_set_int_member (move, "seat", bg_game_get_played_player (game, index));
  json_object_set_string_member (move, "move", text);
  json_object_set_string_member (move, "view", view);
  return move;
}

static int
compare_int (gconstpointer a,
             gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* The hand of player in pos, sorted. */
static GArray *
hand_of (const BgGame *game,
         int           player)
{
  GArray *hand = g_array_sized_new (FALSE, FALSE, sizeof (int), BG_TRIOMINO_N_TILES);

  g_array_set_size (hand, bg_triomino_get_hand (bg_game_get_position (game), player,
                                                (int *) hand->data));
  g_array_sort (hand, compare_int);
  return hand;
}

/* A seat follows a Triomino game of four from its views: its game is a view, the deal made
 * of it keeps the seat's hand and the board, and the computer's move on it is legal in the
 * real game. */
static void
test_triomino (void)
{
  g_autoptr (GHashTable) options = bg_options_new ();
  g_autoptr (BgGame) real = NULL;
  g_autoptr (TrioClientGame) seat1 = trio_client_game_new (7);
  g_autoptr (JsonObject) state = NULL;
  g_autoptr (BgSearch) search = bg_search_new_with_table (10);
  g_autoptr (GError) error = NULL;
  BgSearchLimits limits;
  guint checked = 0;

  g_hash_table_insert (options, g_strdup ("players"), g_strdup ("4"));
  g_hash_table_insert (options, g_strdup ("seed"), g_strdup ("45"));
  real = bg_game_new ("triomino", options, &error);
  g_assert_no_error (error);
  state = state_of (real, 1);
  g_assert_true (trio_client_game_load_state (seat1, state, &error));
  g_assert_no_error (error);
  bg_search_limits_for_level (1, &limits);
  limits.time_limit_ms = 0;
  limits.node_limit = 200;
  limits.threads = 1;
  limits.seed = 1;
  for (guint ply = 0; ply < 80 && !bg_game_is_over (real); ply++)
    {
      const BgGame *searched = real;
      g_autoptr (BgGame) dealt = NULL;
      g_autoptr (JsonObject) move = NULL;
      g_autofree char *text = NULL;
      BgSearchResult result;

      g_assert_true (bg_game_is_view (trio_client_game_get (seat1)));
      if (bg_game_get_player_to_move (real) == 1 && !trio_client_game_is_forced (seat1))
        {
          g_autoptr (GArray) real_hand = hand_of (real, 1);
          g_autoptr (GArray) dealt_hand = NULL;

          dealt = trio_client_game_dup_searchable (seat1, &error);
          g_assert_no_error (error);
          g_assert_false (bg_game_is_view (dealt));
          dealt_hand = hand_of (dealt, 1);
          g_assert_cmpmem (real_hand->data, real_hand->len * sizeof (int),
                           dealt_hand->data, dealt_hand->len * sizeof (int));
          g_assert_cmpint (bg_game_get_player_to_move (dealt), ==, 1);
          searched = dealt;
          checked++;
        }
      g_assert_true (bg_search_run (search, searched, &limits, &result));
      text = bg_game_format_move (searched, result.move);
      g_assert_true (bg_game_play_text (real, text, &error));
      g_assert_no_error (error);
      move = move_of (real, 1);
      g_assert_true (trio_client_game_apply_move (seat1, move, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (checked, >, 5);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/client/links", test_links);
  g_test_add_func ("/client/room-urls", test_room_urls);
  g_test_add_func ("/client/room-ids", test_room_ids);
  g_test_add_func ("/client/commands", test_commands);
  g_test_add_func ("/client/format", test_format);
  g_test_add_func ("/client/game", test_game);
  g_test_add_func ("/client/triomino", test_triomino);
  return g_test_run ();
}
