/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-protocol.c: the server's messages read and written (docs/server.md's tables),
 * and every malformed or hostile message refused with its code */

#include <check.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "trio-server-protocol.h"
#include "trio-server-secret.h"
#include "test-util.h"

static TrioMessage *
parse_ok (const char *text)
{
  g_autoptr (GError) error = NULL;
  TrioMessage *message = trio_message_parse (text, strlen (text), &error);

  ck_assert_msg (message != NULL, "%s: %s", text, error != NULL ? error->message : "?");
  return message;
}

/* The code a message is refused with; -1 when it is read. */
static int
parse_code_len (const char *data,
                gsize       length)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TrioMessage) message = trio_message_parse (data, length, &error);

  if (message != NULL)
    return -1;
  ck_assert (error != NULL && error->domain == TRIO_PROTOCOL_ERROR);
  ck_assert (g_utf8_validate (error->message, -1, NULL) && error->message[0] != '\0');
  return error->code;
}

static int
parse_code (const char *text)
{
  return parse_code_len (text, strlen (text));
}

#define assert_refused(text, code) \
  ck_assert_msg (parse_code (text) == (code), "%s: code %s, not %s", text, \
                 trio_protocol_error_code (parse_code (text)), trio_protocol_error_code (code))

#define BAD_JSON TRIO_PROTOCOL_ERROR_BAD_JSON
#define BAD_MESSAGE TRIO_PROTOCOL_ERROR_BAD_MESSAGE

#define KEY "abcdefghijABCDEFGHIJ_-"

START_TEST (test_error_codes)
{
  static const char *const codes[] = {
    "bad-json", "bad-message", "no-room", "room-exists", "bad-game", "bad-key", "bad-token",
    "seat-taken", "not-seated", "not-your-turn", "stale", "illegal-move", "no-offer",
    "offer-pending", "game-over", "rate-limit", "too-many-connections", "server-error",
  };

  ck_assert_int_eq (G_N_ELEMENTS (codes), TRIO_PROTOCOL_N_ERRORS);
  for (int i = 0; i < TRIO_PROTOCOL_N_ERRORS; i++)
    ck_assert_str_eq (trio_protocol_error_code (i), codes[i]);
  ck_assert_ptr_null (trio_protocol_error_code (-1));
  ck_assert_ptr_null (trio_protocol_error_code (TRIO_PROTOCOL_N_ERRORS));
}
END_TEST

START_TEST (test_create)
{
  g_autoptr (TrioMessage) m = parse_ok (
    "{\"type\": \"create\", \"game\": \"triomino\", \"options\": {\"players\": \"3\"},"
    " \"seats\": [{\"kind\": \"human\"}, {\"kind\": \"computer\", \"level\": 6},"
    " {\"kind\": \"human\", \"level\": 99}], \"seat\": 2, \"name\": \"Zoé\", \"extra\": [1]}");

  ck_assert_int_eq (m->type, TRIO_MESSAGE_CREATE);
  ck_assert_str_eq (m->game, "triomino");
  ck_assert_int_eq (g_hash_table_size (m->options), 1);
  ck_assert_str_eq (g_hash_table_lookup (m->options, "players"), "3");
  ck_assert_int_eq (m->n_seats, 3);
  ck_assert (!m->seats[0].computer && m->seats[1].computer && !m->seats[2].computer);
  ck_assert_int_eq (m->seats[1].level, 6);
  ck_assert_int_eq (m->seat, 2);
  ck_assert_str_eq (m->name, "Zoé");
}
END_TEST

START_TEST (test_other_types)
{
  g_autoptr (TrioMessage) join = parse_ok ("{\"type\":\"join\",\"key\":\"" KEY
                                           "\",\"name\":\"B\"}");
  g_autoptr (TrioMessage) join1 = parse_ok ("{\"type\":\"join\",\"key\":\"" KEY
                                            "\",\"name\":\"B\",\"seat\":1}");
  g_autoptr (TrioMessage) join_null = parse_ok ("{\"type\":\"join\",\"key\":\"" KEY
                                                "\",\"name\":\"B\",\"seat\":null}");
  g_autoptr (TrioMessage) resume = parse_ok ("{\"type\":\"resume\",\"token\":\"" KEY "\"}");
  g_autoptr (TrioMessage) watch = parse_ok ("{\"type\":\"watch\",\"key\":\"" KEY "\"}");
  g_autoptr (TrioMessage) move = parse_ok ("{\"type\":\"move\",\"move\":\"d6\",\"ply\":0}");
  g_autoptr (TrioMessage) answer = parse_ok ("{\"type\":\"answer\",\"offer\":\"undo\","
                                             "\"accept\":false}");
  g_autoptr (TrioMessage) undo = parse_ok ("{\"type\":\"undo\",\"ply\":100000}");
  g_autoptr (TrioMessage) resign = parse_ok ("{\"type\":\"resign\"}");
  g_autoptr (TrioMessage) computer = parse_ok ("{\"type\":\"computer\",\"seat\":5,\"level\":1}");
  g_autoptr (TrioMessage) export = parse_ok ("{\"type\":\"export\"}");

  ck_assert_int_eq (join->seat, -1);
  ck_assert_str_eq (join->key, KEY);
  ck_assert_int_eq (join1->seat, 1);
  ck_assert_int_eq (join_null->seat, -1);
  ck_assert_str_eq (resume->token, KEY);
  ck_assert_int_eq (watch->type, TRIO_MESSAGE_WATCH);
  ck_assert_str_eq (move->move, "d6");
  ck_assert_int_eq (move->ply, 0);
  ck_assert_int_eq (answer->offer, TRIO_OFFER_UNDO);
  ck_assert (!answer->accept);
  ck_assert_int_eq (undo->ply, 100000);
  ck_assert_int_eq (resign->type, TRIO_MESSAGE_RESIGN);
  ck_assert_int_eq (computer->seat, 5);
  ck_assert_int_eq (computer->level, 1);
  ck_assert_int_eq (export->type, TRIO_MESSAGE_EXPORT);
}
END_TEST

START_TEST (test_bad_json)
{
  static const char *const texts[] = {
    "", " ", "{", "}", "[]", "42", "\"create\"", "null", "true", "{\"type\": }",
    "{\"type\": \"resign\",}", "{\"type\": \"resign\"} garbage", "\x7f\x45LF",
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    assert_refused (texts[i], BAD_JSON);
  /* Not UTF-8: a stray continuation byte, an overlong form, a surrogate, a NUL byte. */
  assert_refused ("{\"type\": \"resign\", \"x\": \"\x80\"}", BAD_JSON);
  assert_refused ("{\"type\": \"resign\", \"x\": \"\xc0\xaf\"}", BAD_JSON);
  assert_refused ("{\"type\": \"resign\", \"x\": \"\xed\xa0\x80\"}", BAD_JSON);
  ck_assert_int_eq (parse_code_len ("{\"type\": \"resign\"}\0", 19), BAD_JSON);
  ck_assert_int_eq (parse_code_len ("{\"type\"\0: \"resign\"}", 19), BAD_JSON);
  /* A lone surrogate escaped, which the JSON reader turns into bytes that are not UTF-8. */
  assert_refused ("{\"type\": \"join\", \"key\": \"" KEY "\", \"name\": \"\\udc00x\"}", BAD_JSON);
  assert_refused ("{\"type\": \"move\", \"move\": \"\\udc00\", \"ply\": 0}", BAD_JSON);
  assert_refused ("{\"type\": \"create\", \"game\": \"marelle\", \"options\": {\"\\udc00\": \"1\"},"
                  " \"seats\": [{\"kind\": \"human\"}], \"seat\": 0, \"name\": \"A\"}", BAD_JSON);
}
END_TEST

START_TEST (test_deep_nesting)
{
  gsize n = 32 * 1024;
  g_autofree char *text = g_malloc (2 * n + 1);

  memset (text, '[', n);
  memset (text + n, ']', n);
  text[2 * n] = '\0';
  assert_refused (text, BAD_JSON);
  memset (text, '{', 2 * n);
  assert_refused (text, BAD_JSON);
}
END_TEST

START_TEST (test_type)
{
  assert_refused ("{}", BAD_MESSAGE);
  assert_refused ("{\"type\": 5}", BAD_MESSAGE);
  assert_refused ("{\"type\": null}", BAD_MESSAGE);
  assert_refused ("{\"type\": [\"move\"]}", BAD_MESSAGE);
  assert_refused ("{\"type\": \"Move\"}", BAD_MESSAGE);
  assert_refused ("{\"type\": \"welcome\"}", BAD_MESSAGE);
  assert_refused ("{\"type\": \"\"}", BAD_MESSAGE);
  assert_refused ("{\"Type\": \"resign\"}", BAD_MESSAGE);
  /* A NUL escaped in a string would cut it short. */
  assert_refused ("{\"type\": \"resign\\u0000x\"}", BAD_MESSAGE);
}
END_TEST

#define CREATE_WITH(members) \
  "{\"type\": \"create\", " members "}"
#define GAME "\"game\": \"marelle\""
#define OPTIONS "\"options\": {}"
#define SEATS "\"seats\": [{\"kind\": \"human\"}, {\"kind\": \"computer\", \"level\": 3}]"
#define SEAT "\"seat\": 0"
#define NAME "\"name\": \"Ann\""

START_TEST (test_create_refused)
{
  ck_assert_int_eq (parse_code (CREATE_WITH (GAME "," OPTIONS "," SEATS "," SEAT "," NAME)), -1);
  /* Each member missing, then of the wrong type. */
  assert_refused (CREATE_WITH (OPTIONS "," SEATS "," SEAT "," NAME), BAD_MESSAGE);
  assert_refused (CREATE_WITH (GAME "," SEATS "," SEAT "," NAME), BAD_MESSAGE);
  assert_refused (CREATE_WITH (GAME "," OPTIONS "," SEAT "," NAME), BAD_MESSAGE);
  assert_refused (CREATE_WITH (GAME "," OPTIONS "," SEATS "," NAME), BAD_MESSAGE);
  assert_refused (CREATE_WITH (GAME "," OPTIONS "," SEATS "," SEAT), BAD_MESSAGE);
  assert_refused (CREATE_WITH ("\"game\": 1," OPTIONS "," SEATS "," SEAT "," NAME), BAD_MESSAGE);
  assert_refused (CREATE_WITH (GAME ", \"options\": [] ," SEATS "," SEAT "," NAME), BAD_MESSAGE);
  assert_refused (CREATE_WITH (GAME ", \"options\": \"variant=standard\"," SEATS "," SEAT ","
                               NAME), BAD_MESSAGE);
  assert_refused (CREATE_WITH (GAME ", \"options\": {\"variant\": 1}," SEATS "," SEAT "," NAME),
                  BAD_MESSAGE);
  assert_refused (CREATE_WITH (GAME "," OPTIONS ", \"seats\": {}," SEAT "," NAME), BAD_MESSAGE);
  assert_refused (CREATE_WITH (GAME "," OPTIONS "," SEATS ", \"seat\": \"0\"," NAME),
                  BAD_MESSAGE);
  assert_refused (CREATE_WITH (GAME "," OPTIONS "," SEATS "," SEAT ", \"name\": 7"), BAD_MESSAGE);
}
END_TEST

static char *
create_text (const char *options,
             const char *seats,
             const char *seat,
             const char *name)
{
  return g_strdup_printf ("{\"type\": \"create\", \"game\": \"triomino\", \"options\": %s,"
                          " \"seats\": %s, \"seat\": %s, \"name\": %s}", options, seats,
                          seat, name);
}

static int
create_code (const char *options,
             const char *seats,
             const char *seat,
             const char *name)
{
  g_autofree char *text = create_text (options, seats, seat, name);

  return parse_code (text);
}

#define H "{\"kind\": \"human\"}"

START_TEST (test_create_ranges)
{
  g_autoptr (GString) many = g_string_new ("{");
  g_autofree char *long_value = g_strnfill (33, '1');
  g_autofree char *options = g_strdup_printf ("{\"target\": \"%s\"}", long_value);

  for (int i = 0; i < 17; i++)
    g_string_append_printf (many, "%s\"o%d\": \"1\"", i ? "," : "", i);
  g_string_append (many, "}");
  ck_assert_int_eq (create_code ("{}", "[" H "," H "]", "1", "\"A\""), -1);
  ck_assert_int_eq (create_code (many->str, "[" H "]", "0", "\"A\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code (options, "[" H "]", "0", "\"A\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[]", "0", "\"A\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H "," H "," H "," H "," H "," H "," H "]", "0",
                                 "\"A\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H "," H "," H "," H "," H "," H "]", "5", "\"A\""),
                    -1);
  ck_assert_int_eq (create_code ("{}", "[" H ", 3]", "0", "\"A\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H ", {}]", "0", "\"A\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H ", {\"kind\": \"open\"}]", "0", "\"A\""),
                    BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H ", {\"kind\": \"computer\"}]", "0", "\"A\""),
                    BAD_MESSAGE);
  for (int level = -1; level <= 8; level++)
    {
      g_autofree char *seats = g_strdup_printf ("[" H ", {\"kind\": \"computer\", \"level\": %d}]",
                                                level);

      ck_assert_int_eq (create_code ("{}", seats, "0", "\"A\""),
                        level >= 1 && level <= 6 ? -1 : BAD_MESSAGE);
    }
  ck_assert_int_eq (create_code ("{}", "[" H ", {\"kind\": \"computer\", \"level\": 2.5}]", "0",
                                 "\"A\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H ", {\"kind\": \"computer\", \"level\": \"2\"}]",
                                 "0", "\"A\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H "," H "]", "2", "\"A\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H "," H "]", "-1", "\"A\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H "," H "]", "1.0", "\"A\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H "," H "]", "true", "\"A\""), BAD_MESSAGE);
  /* The creator sits on a human seat. */
  ck_assert_int_eq (create_code ("{}", "[{\"kind\": \"computer\", \"level\": 1}," H "]", "0",
                                 "\"A\""), BAD_MESSAGE);
}
END_TEST

START_TEST (test_names)
{
  g_autofree char *forty = g_strnfill (40, 'a');
  g_autofree char *forty_one = g_strnfill (41, 'a');
  g_autoptr (GString) accents = g_string_new (NULL);
  static const char *const refused[] = {
    "", "a\x01", "\x7f", "a\nb", "tab\there", "\xc2\x85", "line\xe2\x80\xa8sep", "\xe2\x80\xa9",
    "\xff", "\xc3", "\xf4\x90\x80\x80",
  };

  for (int i = 0; i < 40; i++)
    g_string_append (accents, "é");
  ck_assert (trio_protocol_is_name ("A"));
  ck_assert (trio_protocol_is_name (forty));
  ck_assert (trio_protocol_is_name (accents->str));
  ck_assert (trio_protocol_is_name ("Zoé 🐢 ∑"));
  ck_assert (!trio_protocol_is_name (forty_one));
  g_string_append (accents, "é");
  ck_assert (!trio_protocol_is_name (accents->str));
  ck_assert (!trio_protocol_is_name (NULL));
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    ck_assert_msg (!trio_protocol_is_name (refused[i]), "name %u accepted", i);
  /* Through a message: escapes count as the characters they stand for. */
  ck_assert_int_eq (create_code ("{}", "[" H "]", "0", "\"\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H "]", "0", "\"a\\u0001\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H "]", "0", "\"a\\nb\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H "]", "0", "\"\\u2028\""), BAD_MESSAGE);
  ck_assert_int_eq (create_code ("{}", "[" H "]", "0", "\"\\u00e9\""), -1);
  ck_assert_int_eq (create_code ("{}", "[" H "]", "0", "\"\\ud83d\\udc22\""), -1);
  ck_assert_int_eq (create_code ("{}", "[" H "]", "0", "null"), BAD_MESSAGE);
}
END_TEST

START_TEST (test_keys_and_tokens)
{
  assert_refused ("{\"type\": \"join\", \"key\": \"short\", \"name\": \"A\"}",
                  TRIO_PROTOCOL_ERROR_BAD_KEY);
  assert_refused ("{\"type\": \"join\", \"key\": \"abcdefghijABCDEFGHIJ_+\", \"name\": \"A\"}",
                  TRIO_PROTOCOL_ERROR_BAD_KEY);
  assert_refused ("{\"type\": \"join\", \"key\": \"" KEY "x\", \"name\": \"A\"}",
                  TRIO_PROTOCOL_ERROR_BAD_KEY);
  assert_refused ("{\"type\": \"join\", \"key\": 5, \"name\": \"A\"}", BAD_MESSAGE);
  assert_refused ("{\"type\": \"join\", \"name\": \"A\"}", BAD_MESSAGE);
  assert_refused ("{\"type\": \"join\", \"key\": \"" KEY "\"}", BAD_MESSAGE);
  assert_refused ("{\"type\": \"join\", \"key\": \"" KEY "\", \"name\": \"A\", \"seat\": 6}",
                  BAD_MESSAGE);
  assert_refused ("{\"type\": \"join\", \"key\": \"" KEY "\", \"name\": \"A\", \"seat\": \"1\"}",
                  BAD_MESSAGE);
  assert_refused ("{\"type\": \"watch\", \"key\": \"\"}", TRIO_PROTOCOL_ERROR_BAD_KEY);
  assert_refused ("{\"type\": \"watch\"}", BAD_MESSAGE);
  assert_refused ("{\"type\": \"resume\", \"token\": \"" KEY " \"}",
                  TRIO_PROTOCOL_ERROR_BAD_TOKEN);
  assert_refused ("{\"type\": \"resume\", \"token\": \"é23456789012345678901\"}",
                  TRIO_PROTOCOL_ERROR_BAD_TOKEN);
  assert_refused ("{\"type\": \"resume\", \"token\": null}", BAD_MESSAGE);
  assert_refused ("{\"type\": \"resume\"}", BAD_MESSAGE);
}
END_TEST

START_TEST (test_move_and_others_refused)
{
  g_autofree char *long_move = g_strnfill (65, 'a');
  g_autofree char *text = g_strdup_printf ("{\"type\":\"move\",\"move\":\"%s\",\"ply\":0}",
                                           long_move);

  assert_refused (text, BAD_MESSAGE);
  assert_refused ("{\"type\":\"move\",\"move\":\"\",\"ply\":0}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"move\",\"ply\":0}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"move\",\"move\":\"d6\"}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"move\",\"move\":[\"d6\"],\"ply\":0}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"move\",\"move\":\"d6\",\"ply\":-1}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"move\",\"move\":\"d6\",\"ply\":100001}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"move\",\"move\":\"d6\",\"ply\":99999999999999999999999}",
                  BAD_MESSAGE);
  assert_refused ("{\"type\":\"move\",\"move\":\"d6\",\"ply\":1.5}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"move\",\"move\":\"d6\",\"ply\":1e3}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"move\",\"move\":\"d6\",\"ply\":\"3\"}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"move\",\"move\":\"d6\",\"ply\":true}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"move\",\"move\":\"d6\",\"ply\":null}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"answer\",\"offer\":\"resign\",\"accept\":true}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"answer\",\"offer\":\"draw\",\"accept\":1}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"answer\",\"offer\":\"draw\",\"accept\":\"yes\"}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"answer\",\"accept\":true}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"answer\",\"offer\":null,\"accept\":true}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"undo\"}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"undo\",\"ply\":-5}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"computer\",\"seat\":0}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"computer\",\"level\":3}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"computer\",\"seat\":6,\"level\":3}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"computer\",\"seat\":0,\"level\":7}", BAD_MESSAGE);
  assert_refused ("{\"type\":\"computer\",\"seat\":0,\"level\":0}", BAD_MESSAGE);
}
END_TEST

static JsonObject *
read_back (const char *text,
           const char *type)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *object;

  ck_assert (g_utf8_validate (text, -1, NULL));
  ck_assert_msg (json_parser_load_from_data (parser, text, -1, NULL), "%s", text);
  object = json_object_ref (json_node_get_object (json_parser_get_root (parser)));
  ck_assert_str_eq (json_object_get_string_member (object, "type"), type);
  return object;
}

START_TEST (test_server_messages)
{
  TrioSeatInfo seats[2] = {
    { TRIO_SEAT_HUMAN, 0, "A \"quoted\"\n", TRUE },
    { TRIO_SEAT_COMPUTER, 4, NULL, TRUE },
  };
  TrioOfferInfo offer = { TRIO_OFFER_UNDO, 1, { TRUE, FALSE }, 7 };
  TrioEndInfo end = { TRUE, FALSE, 1, 0, -1, "resigned" };
  const char *moves[] = { "d6", "d2" };
  TrioStateInfo state = { "marelle", NULL, 0, seats, 2, NULL, moves, 2, -1, &offer, &end };
  g_autofree char *error = trio_protocol_error (TRIO_PROTOCOL_ERROR_STALE, "Old.");
  g_autofree char *welcome = trio_protocol_welcome ("abcdefghijklmnop", 1, KEY, "trio://h:1/x#k");
  g_autofree char *move = trio_protocol_move (3, 0, "d6", NULL);
  g_autofree char *seat = trio_protocol_seat (1, &seats[1]);
  g_autofree char *offer_text = trio_protocol_offer (&offer, 2);
  g_autofree char *end_text = trio_protocol_end (&end);
  g_autofree char *record = trio_protocol_record ("trio-save 1\nend\n");
  g_autofree char *state_text = trio_protocol_state (&state);
  g_autoptr (JsonObject) o = NULL;

  o = read_back (error, "error");
  ck_assert_str_eq (json_object_get_string_member (o, "code"), "stale");
  g_clear_pointer (&o, json_object_unref);
  o = read_back (welcome, "welcome");
  ck_assert_int_eq (json_object_get_int_member (o, "seat"), 1);
  ck_assert_str_eq (json_object_get_string_member (o, "token"), KEY);
  g_clear_pointer (&o, json_object_unref);
  o = read_back (move, "move");
  ck_assert_int_eq (json_object_get_int_member (o, "ply"), 3);
  ck_assert (json_object_get_null_member (o, "view"));
  g_clear_pointer (&o, json_object_unref);
  o = read_back (seat, "seat");
  ck_assert_str_eq (json_object_get_string_member (o, "kind"), "computer");
  ck_assert_int_eq (json_object_get_int_member (o, "level"), 4);
  ck_assert (json_object_get_null_member (o, "name"));
  g_clear_pointer (&o, json_object_unref);
  o = read_back (offer_text, "offer");
  ck_assert_str_eq (json_object_get_string_member (o, "kind"), "undo");
  ck_assert_int_eq (json_array_get_length (json_object_get_array_member (o, "to")), 1);
  g_clear_pointer (&o, json_object_unref);
  o = read_back (end_text, "end");
  ck_assert_str_eq (json_object_get_string_member (o, "result"), "win");
  ck_assert_str_eq (json_object_get_string_member (o, "reason"), "resigned");
  g_clear_pointer (&o, json_object_unref);
  o = read_back (record, "record");
  ck_assert_str_eq (json_object_get_string_member (o, "save"), "trio-save 1\nend\n");
  g_clear_pointer (&o, json_object_unref);
  o = read_back (state_text, "state");
  ck_assert_str_eq (json_object_get_string_member (o, "game"), "marelle");
  ck_assert_int_eq (json_object_get_int_member (o, "ply"), 2);
  ck_assert_str_eq (json_object_get_string_member (
                      json_array_get_object_element (json_object_get_array_member (o, "seats"),
                                                     0), "name"), "A \"quoted\"\n");
  ck_assert_str_eq (json_object_get_string_member (json_object_get_object_member (o, "status"),
                                                   "reason"), "resigned");
}
END_TEST

START_TEST (test_reasons)
{
  ck_assert_ptr_null (trio_protocol_reason (0));
  ck_assert_str_eq (trio_protocol_reason (1), "line-of-three");
  ck_assert_str_eq (trio_protocol_reason (9), "target-score");
  ck_assert_str_eq (trio_protocol_reason (10), "resigned");
  ck_assert_ptr_null (trio_protocol_reason (11));
  ck_assert_ptr_null (trio_protocol_reason (-1));
}
END_TEST

START_TEST (test_secrets)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (int i = 0; i < 200; i++)
    {
      char *secret = trio_secret_new ();
      char *id = trio_secret_new_room_id ();

      ck_assert_msg (trio_protocol_is_secret (secret), "%s", secret);
      ck_assert_msg (trio_protocol_is_room_id (id), "%s", id);
      ck_assert (g_hash_table_add (seen, secret));
      ck_assert (g_hash_table_add (seen, id));
    }
  {
    g_autofree char *a = trio_secret_hash (KEY);
    g_autofree char *b = trio_secret_hash (KEY);
    g_autofree char *c = trio_secret_hash ("abcdefghijABCDEFGHIJ_+");

    ck_assert_int_eq (strlen (a), 64);
    ck_assert (trio_secret_hash_equal (a, b));
    ck_assert (!trio_secret_hash_equal (a, c));
    ck_assert (!trio_secret_hash_equal (a, NULL));
    ck_assert (!trio_secret_hash_equal (a, "ab"));
  }
  ck_assert (!trio_protocol_is_room_id ("abcdefghijklmno1"));
  ck_assert (!trio_protocol_is_room_id ("ABCDEFGHIJKLMNOP"));
  ck_assert (!trio_protocol_is_room_id ("abcdefghijklmnopq"));
  ck_assert (trio_protocol_is_room_id ("abcdefghijklmn27"));
}
END_TEST

static Suite *
protocol_suite (void)
{
  Suite *suite = suite_create ("server-protocol");
  TCase *tc = tcase_create ("protocol");

  tcase_add_test (tc, test_error_codes);
  tcase_add_test (tc, test_create);
  tcase_add_test (tc, test_other_types);
  tcase_add_test (tc, test_bad_json);
  tcase_add_test (tc, test_deep_nesting);
  tcase_add_test (tc, test_type);
  tcase_add_test (tc, test_create_refused);
  tcase_add_test (tc, test_create_ranges);
  tcase_add_test (tc, test_names);
  tcase_add_test (tc, test_keys_and_tokens);
  tcase_add_test (tc, test_move_and_others_refused);
  tcase_add_test (tc, test_server_messages);
  tcase_add_test (tc, test_reasons);
  tcase_add_test (tc, test_secrets);
  suite_add_tcase (suite, tc);
  return suite;
}

int
main (void)
{
  return tu_run_suite (protocol_suite ());
}
