/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-protocol.c: a client's message read and checked (docs/server.md's tables) */

#include "trio-server-protocol.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "bg-search.h"

G_DEFINE_QUARK (trio-protocol-error-quark, trio_protocol_error)

static const char *const error_codes[] = {
  "bad-json", "bad-message", "no-room", "room-exists", "bad-game", "bad-key", "bad-token",
  "seat-taken", "not-seated", "not-your-turn", "stale", "illegal-move", "no-offer",
  "offer-pending", "game-over", "rate-limit", "too-many-connections", "server-error",
};
G_STATIC_ASSERT (G_N_ELEMENTS (error_codes) == TRIO_PROTOCOL_N_ERRORS);

static const char *const type_names[] = {
  "create", "join", "resume", "watch", "move", "answer", "undo", "resign", "computer",
  "export",
};
G_STATIC_ASSERT (G_N_ELEMENTS (type_names) == TRIO_N_MESSAGES);

const char *
trio_protocol_error_code (int code)
{
  if (code < 0 || code >= TRIO_PROTOCOL_N_ERRORS)
    return NULL;
  return error_codes[code];
}

const char *
trio_message_type_name (TrioMessageType type)
{
  g_return_val_if_fail (type < TRIO_N_MESSAGES, NULL);
  return type_names[type];
}

void
trio_message_free (TrioMessage *message)
{
  if (message == NULL)
    return;
  g_free (message->game);
  g_clear_pointer (&message->options, g_hash_table_unref);
  g_free (message->name);
  g_free (message->key);
  g_free (message->token);
  g_free (message->move);
  g_free (message);
}

static gboolean
all_of (const char *text,
        gsize       length,
        const char *alphabet)
{
  if (text == NULL || strlen (text) != length)
    return FALSE;
  return strspn (text, alphabet) == length;
}

gboolean
trio_protocol_is_room_id (const char *text)
{
  return all_of (text, TRIO_ROOM_ID_LENGTH, "abcdefghijklmnopqrstuvwxyz234567");
}

gboolean
trio_protocol_is_secret (const char *text)
{
  return all_of (text, TRIO_SECRET_LENGTH,
                 "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-");
}

gboolean
trio_protocol_is_name (const char *text)
{
  glong n = 0;

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return FALSE;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeType type = g_unichar_type (c);

      /* A line break of any kind would break the lines of a client's display or log. */
      if (g_unichar_iscntrl (c) || type == G_UNICODE_LINE_SEPARATOR
          || type == G_UNICODE_PARAGRAPH_SEPARATOR)
        return FALSE;
    }
  return n >= 1 && n <= TRIO_PROTOCOL_MAX_NAME;
}

static gboolean
fail (GError    **error,
      int         code,
      const char *format,
      ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (GError    **error,
      int         code,
      const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (TRIO_PROTOCOL_ERROR, code, format, args));
  va_end (args);
  return FALSE;
}

/* The member's node, or NULL with bad-message when it is missing. */
static JsonNode *
member (JsonObject *object,
        const char *name,
        GError    **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL)
    fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "The member '%s' is missing.", name);
  return node;
}

static gboolean
holds (JsonNode *node,
       GType     type)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

static gboolean
get_string (JsonObject  *object,
            const char  *name,
            const char **value,
            GError     **error)
{
  JsonNode *node = member (object, name, error);

  if (node == NULL)
    return FALSE;
  if (!holds (node, G_TYPE_STRING))
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "The member '%s' must be a string.",
                 name);
  *value = json_node_get_string (node);
  /* json-glib lets an escaped lone surrogate ("\udc00") through as bytes that are not
   * UTF-8: every string is checked. */
  if (!g_utf8_validate (*value, -1, NULL))
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_JSON, "A message is JSON text in UTF-8.");
  return TRUE;
}

static gboolean
get_int (JsonObject *object,
         const char *name,
         int         min,
         int         max,
         int        *value,
         GError    **error)
{
  JsonNode *node = member (object, name, error);
  gint64 n;

  if (node == NULL)
    return FALSE;
  if (!holds (node, G_TYPE_INT64))
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "The member '%s' must be an integer.",
                 name);
  n = json_node_get_int (node);
  if (n < min || n > max)
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE,
                 "The member '%s' must be from %d to %d.", name, min, max);
  *value = (int) n;
  return TRUE;
}

static gboolean
get_boolean (JsonObject *object,
             const char *name,
             gboolean   *value,
             GError    **error)
{
  JsonNode *node = member (object, name, error);

  if (node == NULL)
    return FALSE;
  if (!holds (node, G_TYPE_BOOLEAN))
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "The member '%s' must be a boolean.",
                 name);
  *value = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
get_name (JsonObject *object,
          char      **value,
          GError    **error)
{
  const char *text;

  if (!get_string (object, "name", &text, error))
    return FALSE;
  if (!trio_protocol_is_name (text))
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE,
                 "A name is 1 to %d characters, without control characters.",
                 TRIO_PROTOCOL_MAX_NAME);
  *value = g_strdup (text);
  return TRUE;
}

/* A key or a token: the code says which is wrong (bad-key, bad-token). */
static gboolean
get_secret (JsonObject *object,
            const char *name,
            int         code,
            char      **value,
            GError    **error)
{
  const char *text;

  if (!get_string (object, name, &text, error))
    return FALSE;
  if (!trio_protocol_is_secret (text))
    return fail (error, code, "That %s is not one this server gave.", name);
  *value = g_strdup (text);
  return TRUE;
}

static gboolean
get_ply (JsonObject *object,
         guint      *ply,
         GError    **error)
{
  int value;

  if (!get_int (object, "ply", 0, TRIO_PROTOCOL_MAX_PLY, &value, error))
    return FALSE;
  *ply = (guint) value;
  return TRUE;
}

static gboolean
read_options (JsonObject  *object,
              TrioMessage *message,
              GError     **error)
{
  JsonNode *node = member (object, "options", error);
  JsonObject *options;
  g_autoptr (GList) names = NULL;

  if (node == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "The member 'options' must be an object.");
  options = json_node_get_object (node);
  if (json_object_get_size (options) > TRIO_PROTOCOL_MAX_OPTIONS)
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "At most %d options may be given.",
                 TRIO_PROTOCOL_MAX_OPTIONS);
  message->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  names = json_object_get_members (options);
  for (GList *l = names; l != NULL; l = l->next)
    {
      JsonNode *value = json_object_get_member (options, l->data);
      const char *text;

      if (!holds (value, G_TYPE_STRING))
        return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "Every option's value is a string.");
      text = json_node_get_string (value);
      if (!g_utf8_validate (l->data, -1, NULL) || !g_utf8_validate (text, -1, NULL))
        return fail (error, TRIO_PROTOCOL_ERROR_BAD_JSON, "A message is JSON text in UTF-8.");
      if (strlen (l->data) > TRIO_PROTOCOL_MAX_OPTION_TEXT
          || strlen (text) > TRIO_PROTOCOL_MAX_OPTION_TEXT)
        return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE,
                     "An option's name or value is at most %d bytes.",
                     TRIO_PROTOCOL_MAX_OPTION_TEXT);
      g_hash_table_replace (message->options, g_strdup (l->data), g_strdup (text));
    }
  return TRUE;
}

static gboolean
read_seat_request (JsonNode        *node,
                   TrioSeatRequest *seat,
                   GError         **error)
{
  JsonObject *object;
  const char *kind;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "Every seat is an object.");
  object = json_node_get_object (node);
  if (!get_string (object, "kind", &kind, error))
    return FALSE;
  if (g_strcmp0 (kind, "human") == 0)
    return TRUE;
  if (g_strcmp0 (kind, "computer") != 0)
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE,
                 "A seat's kind is \"human\" or \"computer\".");
  seat->computer = TRUE;
  return get_int (object, "level", BG_LEVEL_MIN, BG_LEVEL_MAX, &seat->level, error);
}

static gboolean
read_seats (JsonObject  *object,
            TrioMessage *message,
            GError     **error)
{
  JsonNode *node = member (object, "seats", error);
  JsonArray *seats;
  guint n;

  if (node == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "The member 'seats' must be an array.");
  seats = json_node_get_array (node);
  n = json_array_get_length (seats);
  if (n < 1 || n > TRIO_PROTOCOL_MAX_SEATS)
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "A room has 1 to %d seats.",
                 TRIO_PROTOCOL_MAX_SEATS);
  for (guint i = 0; i < n; i++)
    if (!read_seat_request (json_array_get_element (seats, i), &message->seats[i], error))
      return FALSE;
  message->n_seats = n;
  return TRUE;
}

static gboolean
read_create (JsonObject  *object,
             TrioMessage *message,
             GError     **error)
{
  const char *game;

  if (!get_string (object, "game", &game, error) || !read_options (object, message, error)
      || !read_seats (object, message, error)
      || !get_int (object, "seat", 0, (int) message->n_seats - 1, &message->seat, error)
      || !get_name (object, &message->name, error))
    return FALSE;
  message->game = g_strdup (game);
  if (message->seats[message->seat].computer)
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "The creator's seat is a human one.");
  return TRUE;
}

static gboolean
read_join (JsonObject  *object,
           TrioMessage *message,
           GError     **error)
{
  JsonNode *seat = json_object_get_member (object, "seat");

  if (!get_secret (object, "key", TRIO_PROTOCOL_ERROR_BAD_KEY, &message->key, error)
      || !get_name (object, &message->name, error))
    return FALSE;
  /* The seat is optional: absent (or null), the first open human seat. */
  message->seat = -1;
  if (seat == NULL || JSON_NODE_HOLDS_NULL (seat))
    return TRUE;
  return get_int (object, "seat", 0, TRIO_PROTOCOL_MAX_SEATS - 1, &message->seat, error);
}

static gboolean
read_move (JsonObject  *object,
           TrioMessage *message,
           GError     **error)
{
  const char *move;

  if (!get_string (object, "move", &move, error) || !get_ply (object, &message->ply, error))
    return FALSE;
  if (move[0] == '\0' || strlen (move) > TRIO_PROTOCOL_MAX_MOVE)
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "A move's notation is 1 to %d bytes.",
                 TRIO_PROTOCOL_MAX_MOVE);
  message->move = g_strdup (move);
  return TRUE;
}

static gboolean
read_answer (JsonObject  *object,
             TrioMessage *message,
             GError     **error)
{
  const char *offer;

  if (!get_string (object, "offer", &offer, error)
      || !get_boolean (object, "accept", &message->accept, error))
    return FALSE;
  if (g_strcmp0 (offer, "draw") == 0)
    message->offer = TRIO_OFFER_DRAW;
  else if (g_strcmp0 (offer, "undo") == 0)
    message->offer = TRIO_OFFER_UNDO;
  else
    return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "An offer is \"draw\" or \"undo\".");
  return TRUE;
}

static gboolean
read_members (JsonObject  *object,
              TrioMessage *message,
              GError     **error)
{
  switch (message->type)
    {
    case TRIO_MESSAGE_CREATE:
      return read_create (object, message, error);
    case TRIO_MESSAGE_JOIN:
      return read_join (object, message, error);
    case TRIO_MESSAGE_RESUME:
      return get_secret (object, "token", TRIO_PROTOCOL_ERROR_BAD_TOKEN, &message->token, error);
    case TRIO_MESSAGE_WATCH:
      return get_secret (object, "key", TRIO_PROTOCOL_ERROR_BAD_KEY, &message->key, error);
    case TRIO_MESSAGE_MOVE:
      return read_move (object, message, error);
    case TRIO_MESSAGE_ANSWER:
      return read_answer (object, message, error);
    case TRIO_MESSAGE_UNDO:
      return get_ply (object, &message->ply, error);
    case TRIO_MESSAGE_COMPUTER:
      return get_int (object, "seat", 0, TRIO_PROTOCOL_MAX_SEATS - 1, &message->seat, error)
             && get_int (object, "level", BG_LEVEL_MIN, BG_LEVEL_MAX, &message->level, error);
    case TRIO_MESSAGE_RESIGN:
    case TRIO_MESSAGE_EXPORT:
    case TRIO_N_MESSAGES:
    default:
      return TRUE;
    }
}

static gboolean
read_type (JsonObject      *object,
           TrioMessageType *type,
           GError         **error)
{
  const char *name;

  if (!get_string (object, "type", &name, error))
    return FALSE;
  for (guint i = 0; i < TRIO_N_MESSAGES; i++)
    if (strcmp (name, type_names[i]) == 0)
      {
        *type = i;
        return TRUE;
      }
  return fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "Unknown message type.");
}

TrioMessage *
trio_message_parse (const char *data,
                    gsize       length,
                    GError    **error)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (TrioMessage) message = g_new0 (TrioMessage, 1);
  JsonNode *root;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  /* A NUL byte fails the check too: it cannot be in a JSON text. */
  if (length == 0 || length > G_MAXSSIZE || !g_utf8_validate_len (data, length, NULL))
    {
      fail (error, TRIO_PROTOCOL_ERROR_BAD_JSON, "A message is JSON text in UTF-8.");
      return NULL;
    }
  if (!json_parser_load_from_data (parser, data, (gssize) length, NULL)
      || (root = json_parser_get_root (parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      fail (error, TRIO_PROTOCOL_ERROR_BAD_JSON, "A message is one JSON object.");
      return NULL;
    }
  /* A string would end at an escaped NUL: no string of the protocol holds one. */
  if (g_strstr_len (data, (gssize) length, "\\u0000") != NULL)
    {
      fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "A string holds a NUL character.");
      return NULL;
    }
  if (!read_type (json_node_get_object (root), &message->type, error)
      || !read_members (json_node_get_object (root), message, error))
    return NULL;
  return g_steal_pointer (&message);
}
