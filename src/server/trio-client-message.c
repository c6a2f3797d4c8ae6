/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-message.c: the server's messages read with their types, and as text lines */

#include "trio-client-message.h"

#include <string.h>

static JsonNode *
get_member (JsonObject *object,
            const char *name)
{
  if (object == NULL)
    return NULL;
  return json_object_get_member (object, name);
}

const char *
trio_client_message_get_string (JsonObject *object,
                                const char *name)
{
  JsonNode *node = get_member (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

gboolean
trio_client_message_get_int (JsonObject *object,
                             const char *name,
                             gint64     *value)
{
  JsonNode *node = get_member (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *value = json_node_get_int (node);
  return TRUE;
}

gint64
trio_client_message_get_int_or (JsonObject *object,
                                const char *name,
                                gint64      fallback)
{
  trio_client_message_get_int (object, name, &fallback);
  return fallback;
}

gboolean
trio_client_message_get_bool (JsonObject *object,
                              const char *name,
                              gboolean    fallback)
{
  JsonNode *node = get_member (object, name);

  if (node == NULL || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return fallback;
  return json_node_get_boolean (node);
}

JsonArray *
trio_client_message_get_array (JsonObject *object,
                               const char *name)
{
  JsonNode *node = get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

JsonObject *
trio_client_message_get_object (JsonObject *object,
                                const char *name)
{
  JsonNode *node = get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

gboolean
trio_client_message_array_has (JsonObject *object,
                               const char *name,
                               gint64      value)
{
  JsonArray *array = trio_client_message_get_array (object, name);

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (json_node_get_value_type (node) == G_TYPE_INT64 && json_node_get_int (node) == value)
        return TRUE;
    }
  return FALSE;
}

/* A string for a line: its line breaks and control characters made spaces, so that one
 * message never prints a line that reads as another. */
static void
append_clean (GString    *out,
              const char *text)
{
  for (const char *p = text != NULL ? text : ""; *p != '\0'; p++)
    g_string_append_c (out, (guchar) *p < 0x20 || *p == 0x7f ? ' ' : *p);
}

/* " name=1,2,3" for an array of integers. */
static void
append_int_list (GString    *out,
                 const char *label,
                 JsonArray  *array)
{
  g_string_append_printf (out, " %s=", label);
  if (array == NULL || json_array_get_length (array) == 0)
    {
      g_string_append_c (out, '-');
      return;
    }
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (i > 0)
        g_string_append_c (out, ',');
      if (json_node_get_value_type (node) == G_TYPE_INT64)
        g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
      else
        g_string_append_c (out, '?');
    }
}

char *
trio_client_message_format_end (JsonObject *status)
{
  GString *out = g_string_new ("end ");

  append_clean (out, trio_client_message_get_string (status, "result"));
  g_string_append_printf (out, " winner=%" G_GINT64_FORMAT " loser=%" G_GINT64_FORMAT
                          " other=%" G_GINT64_FORMAT " reason=",
                          trio_client_message_get_int_or (status, "winner", -1),
                          trio_client_message_get_int_or (status, "loser", -1),
                          trio_client_message_get_int_or (status, "other", -1));
  append_clean (out, trio_client_message_get_string (status, "reason"));
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

static void
format_seat (GString    *out,
             gint64      seat,
             JsonObject *object)
{
  g_string_append_printf (out, "seat %" G_GINT64_FORMAT " kind=", seat);
  append_clean (out, trio_client_message_get_string (object, "kind"));
  g_string_append_printf (out, " level=%" G_GINT64_FORMAT " connected=%d name=",
                          trio_client_message_get_int_or (object, "level", 0),
                          trio_client_message_get_bool (object, "connected", FALSE) ? 1 : 0);
  append_clean (out, trio_client_message_get_string (object, "name"));
  g_string_append_c (out, '\n');
}

static void
format_view (GString    *out,
             JsonObject *message)
{
  JsonNode *view = json_object_get_member (message, "view");
  g_autofree char *json = NULL;

  if (view == NULL || JSON_NODE_HOLDS_NULL (view))
    return;
  g_string_append (out, "view ");
  if (json_node_get_value_type (view) == G_TYPE_STRING)
    append_clean (out, json_node_get_string (view));
  else
    append_clean (out, json = json_to_string (view, FALSE));
  g_string_append_c (out, '\n');
}

static void
format_options (GString    *out,
                JsonObject *options)
{
  g_autoptr (GList) names = options != NULL ? json_object_get_members (options) : NULL;

  names = g_list_sort (names, (GCompareFunc) strcmp);
  g_string_append (out, "options");
  for (GList *l = names; l != NULL; l = l->next)
    {
      g_string_append_c (out, ' ');
      append_clean (out, l->data);
      g_string_append_c (out, '=');
      append_clean (out, trio_client_message_get_string (options, l->data));
    }
  g_string_append_c (out, '\n');
}

/* "moves N m1 m2 …": the notation of each move, its first word (what a move shows a seat
 * beyond it, Triomino's tile drawn, is in the move lines). */
static void
format_moves (GString   *out,
              JsonArray *moves)
{
  guint n = moves != NULL ? json_array_get_length (moves) : 0;

  g_string_append_printf (out, "moves %u", n);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (moves, i);
      const char *text = json_node_get_value_type (node) == G_TYPE_STRING
                         ? json_node_get_string (node) : "?";
      g_autofree char *word = g_strndup (text, strcspn (text, " "));

      g_string_append_c (out, ' ');
      append_clean (out, word);
    }
  g_string_append_c (out, '\n');
}

static void
format_offer (GString    *out,
              JsonObject *offer,
              const char *waiting)
{
  const char *kind = trio_client_message_get_string (offer, "kind");

  if (kind == NULL)
    {
      g_string_append (out, "offer none\n");
      return;
    }
  g_string_append (out, "offer ");
  append_clean (out, kind);
  g_string_append_printf (out, " from=%" G_GINT64_FORMAT,
                          trio_client_message_get_int_or (offer, "from", -1));
  append_int_list (out, "to", trio_client_message_get_array (offer, waiting));
  if (json_object_has_member (offer, "ply"))
    g_string_append_printf (out, " ply=%" G_GINT64_FORMAT,
                            trio_client_message_get_int_or (offer, "ply", -1));
  g_string_append_c (out, '\n');
}

static void
format_state (GString    *out,
              JsonObject *message)
{
  JsonArray *seats = trio_client_message_get_array (message, "seats");
  JsonObject *offer = trio_client_message_get_object (message, "offer");
  JsonObject *status = trio_client_message_get_object (message, "status");

  g_string_append_printf (out, "state ply=%" G_GINT64_FORMAT " to_move=%" G_GINT64_FORMAT
                          " seat=%" G_GINT64_FORMAT " game=",
                          trio_client_message_get_int_or (message, "ply", -1),
                          trio_client_message_get_int_or (message, "to_move", -1),
                          trio_client_message_get_int_or (message, "seat", -1));
  append_clean (out, trio_client_message_get_string (message, "game"));
  g_string_append_c (out, '\n');
  format_options (out, trio_client_message_get_object (message, "options"));
  for (guint i = 0; seats != NULL && i < json_array_get_length (seats); i++)
    {
      JsonNode *node = json_array_get_element (seats, i);

      format_seat (out, i, JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL);
    }
  format_moves (out, trio_client_message_get_array (message, "moves"));
  format_view (out, message);
  if (offer != NULL)
    format_offer (out, offer, "waiting");
  if (status != NULL)
    {
      g_autofree char *end = trio_client_message_format_end (status);

      g_string_append (out, end);
    }
}

static void
format_move (GString    *out,
             JsonObject *message)
{
  g_string_append_printf (out, "move %" G_GINT64_FORMAT " seat=%" G_GINT64_FORMAT " ",
                          trio_client_message_get_int_or (message, "ply", -1),
                          trio_client_message_get_int_or (message, "seat", -1));
  append_clean (out, trio_client_message_get_string (message, "move"));
  g_string_append_c (out, '\n');
  format_view (out, message);
}

static void
format_welcome (GString    *out,
                JsonObject *message)
{
  g_string_append (out, "welcome room=");
  append_clean (out, trio_client_message_get_string (message, "room"));
  g_string_append_printf (out, " seat=%" G_GINT64_FORMAT " token=",
                          trio_client_message_get_int_or (message, "seat", -1));
  append_clean (out, trio_client_message_get_string (message, "token"));
  g_string_append (out, " link=");
  append_clean (out, trio_client_message_get_string (message, "link"));
  g_string_append_c (out, '\n');
}

static void
format_error (GString    *out,
              JsonObject *message)
{
  g_string_append (out, "error ");
  append_clean (out, trio_client_message_get_string (message, "code"));
  g_string_append (out, ": ");
  append_clean (out, trio_client_message_get_string (message, "message"));
  g_string_append_c (out, '\n');
}

char *
trio_client_message_format (JsonObject *message)
{
  const char *type = trio_client_message_get_string (message, "type");
  GString *out = g_string_new (NULL);
  g_autofree char *json = NULL;

  if (g_strcmp0 (type, "welcome") == 0)
    format_welcome (out, message);
  else if (g_strcmp0 (type, "state") == 0)
    format_state (out, message);
  else if (g_strcmp0 (type, "move") == 0)
    format_move (out, message);
  else if (g_strcmp0 (type, "seat") == 0)
    format_seat (out, trio_client_message_get_int_or (message, "seat", -1), message);
  else if (g_strcmp0 (type, "offer") == 0)
    format_offer (out, message, "to");
  else if (g_strcmp0 (type, "end") == 0)
    g_string_append_len (out, json = trio_client_message_format_end (message), -1);
  else if (g_strcmp0 (type, "record") == 0)
    g_string_append (out, "record\n");
  else if (g_strcmp0 (type, "error") == 0)
    format_error (out, message);
  else
    {
      JsonNode *node = json_node_init_object (json_node_alloc (), message);

      g_string_append (out, "unknown ");
      append_clean (out, json = json_to_string (node, FALSE));
      g_string_append_c (out, '\n');
      json_node_unref (node);
    }
  return g_string_free (out, FALSE);
}
