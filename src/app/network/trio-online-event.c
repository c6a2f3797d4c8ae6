/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-online-event.c: what a room's messages mean to the window, and the messages it sends */

#include "trio-online-event.h"

#include <string.h>

#include "bg-search.h"
#include "trio-client-connection.h"
#include "trio-client-message.h"

/* The protocol's seats at most, and its reasons in BgReason's order. */
#define MAX_SEATS 6

static const char *const reasons[] = {
  "", "line-of-three", "two-pieces", "no-move", "draw-agreed", "checkmate", "pat", "fat",
  "fat-mate", "target-score", "resigned",
};
G_STATIC_ASSERT (G_N_ELEMENTS (reasons) == BG_N_REASONS);

/* An integer member from min to max, or FALSE. */
static gboolean
get_int_in (JsonObject *object,
            const char *name,
            gint64      min,
            gint64      max,
            gint64     *value)
{
  gint64 v;

  if (!trio_client_message_get_int (object, name, &v) || v < min || v > max)
    return FALSE;
  *value = v;
  return TRUE;
}

static gboolean
get_seat (JsonObject *object,
          const char *name,
          gboolean    none,
          int        *seat)
{
  gint64 v;

  if (!get_int_in (object, name, none ? -1 : 0, MAX_SEATS - 1, &v))
    return FALSE;
  *seat = (int) v;
  return TRUE;
}

static gboolean
read_seat (JsonObject     *object,
           TrioOnlineSeat *seat)
{
  const char *kind = trio_client_message_get_string (object, "kind");

  if (g_strcmp0 (kind, "open") == 0)
    seat->kind = TRIO_ONLINE_SEAT_OPEN;
  else if (g_strcmp0 (kind, "human") == 0)
    seat->kind = TRIO_ONLINE_SEAT_HUMAN;
  else if (g_strcmp0 (kind, "computer") == 0)
    seat->kind = TRIO_ONLINE_SEAT_COMPUTER;
  else
    return FALSE;
  seat->name = trio_client_message_get_string (object, "name");
  if (seat->name != NULL && (seat->name[0] == '\0' || !g_utf8_validate (seat->name, -1, NULL)))
    seat->name = NULL;
  seat->level = (int) CLAMP (trio_client_message_get_int_or (object, "level", 0), 0,
                             BG_LEVEL_MAX);
  seat->connected = trio_client_message_get_bool (object, "connected", FALSE)
                    || seat->kind == TRIO_ONLINE_SEAT_COMPUTER;
  return TRUE;
}

int
trio_online_read_seats (JsonObject     *state,
                        TrioOnlineSeat *seats,
                        int             max)
{
  JsonArray *array = trio_client_message_get_array (state, "seats");
  guint n = array != NULL ? json_array_get_length (array) : 0;

  if (n == 0 || n > (guint) MIN (max, MAX_SEATS))
    return -1;
  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_OBJECT (node) || !read_seat (json_node_get_object (node), &seats[i]))
        return -1;
    }
  return (int) n;
}

static TrioOnlineOfferKind
offer_kind (const char *kind)
{
  if (g_strcmp0 (kind, "draw") == 0)
    return TRIO_ONLINE_OFFER_DRAW;
  if (g_strcmp0 (kind, "undo") == 0)
    return TRIO_ONLINE_OFFER_UNDO;
  return TRIO_ONLINE_OFFER_NONE;
}

/* The seats of an array of integers, as bits. */
static guint
seat_bits (JsonArray *array)
{
  guint bits = 0;

  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      gint64 seat;

      if (json_node_get_value_type (node) != G_TYPE_INT64)
        continue;
      seat = json_node_get_int (node);
      if (seat >= 0 && seat < MAX_SEATS)
        bits |= 1u << seat;
    }
  return bits;
}

/* An offer: {"kind", "from", and the seats awaited under waiting_name}. */
static TrioOnlineOffer
read_offer (JsonObject *object,
            const char *waiting_name)
{
  TrioOnlineOffer offer = { TRIO_ONLINE_OFFER_NONE, -1, 0 };

  if (object == NULL)
    return offer;
  offer.kind = offer_kind (trio_client_message_get_string (object, "kind"));
  if (offer.kind == TRIO_ONLINE_OFFER_NONE || !get_seat (object, "from", TRUE, &offer.from))
    {
      offer.kind = TRIO_ONLINE_OFFER_NONE;
      offer.from = -1;
      return offer;
    }
  offer.waiting = seat_bits (trio_client_message_get_array (object, waiting_name));
  if (offer.waiting == 0)
    offer.kind = TRIO_ONLINE_OFFER_NONE;
  return offer;
}

TrioOnlineOffer
trio_online_read_offer (JsonObject *state)
{
  return read_offer (trio_client_message_get_object (state, "offer"), "waiting");
}

BgStatus
trio_online_read_status (JsonObject *status)
{
  BgStatus s = { BG_RESULT_ONGOING, -1, -1, -1, BG_REASON_NONE };
  const char *result = trio_client_message_get_string (status, "result");
  const char *reason = trio_client_message_get_string (status, "reason");
  int winner = -1, loser = -1, other = -1;

  if (g_strcmp0 (result, "win") == 0)
    s.result = BG_RESULT_WIN;
  else if (g_strcmp0 (result, "draw") == 0)
    s.result = BG_RESULT_DRAW;
  else
    return s;
  if (!get_seat (status, "winner", TRUE, &winner) || !get_seat (status, "loser", TRUE, &loser)
      || !get_seat (status, "other", TRUE, &other))
    {
      s.result = BG_RESULT_ONGOING;
      return s;
    }
  s.winner = (gint8) winner;
  s.loser = (gint8) loser;
  s.other = (gint8) other;
  for (int i = 1; reason != NULL && i < BG_N_REASONS; i++)
    if (strcmp (reasons[i], reason) == 0)
      s.reason = (BgReason) i;
  return s;
}

int
trio_online_status_resigned (const BgStatus *status)
{
  return status->result == BG_RESULT_WIN && status->reason == BG_REASON_RESIGNED
         ? status->loser : -1;
}

/* The first word of a move's text, which must fit the notation's bound. */
static gboolean
copy_notation (const char *text,
               char       *move)
{
  gsize length;

  if (text == NULL)
    return FALSE;
  length = strcspn (text, " ");
  if (length == 0 || length > TRIO_ONLINE_MAX_NOTATION)
    return FALSE;
  memcpy (move, text, length);
  move[length] = '\0';
  return g_utf8_validate (move, -1, NULL);
}

static gboolean
read_event (JsonObject      *message,
            const char      *type,
            TrioOnlineEvent *event)
{
  if (g_strcmp0 (type, "welcome") == 0)
    {
      event->kind = TRIO_ONLINE_EVENT_WELCOME;
      event->token = trio_client_message_get_string (message, "token");
      event->link = trio_client_message_get_string (message, "link");
      event->room = trio_client_message_get_string (message, "room");
      return get_seat (message, "seat", FALSE, &event->seat) && event->token != NULL
             && event->link != NULL && event->room != NULL;
    }
  if (g_strcmp0 (type, "state") == 0)
    {
      event->kind = TRIO_ONLINE_EVENT_STATE;
      return get_seat (message, "seat", TRUE, &event->seat)
             && get_int_in (message, "ply", 0, 100000, &event->ply);
    }
  if (g_strcmp0 (type, "move") == 0)
    {
      event->kind = TRIO_ONLINE_EVENT_MOVE;
      return get_seat (message, "seat", FALSE, &event->seat)
             && get_int_in (message, "ply", 1, 100000, &event->ply)
             && copy_notation (trio_client_message_get_string (message, "move"), event->move);
    }
  if (g_strcmp0 (type, "seat") == 0)
    {
      event->kind = TRIO_ONLINE_EVENT_SEAT;
      return get_seat (message, "seat", FALSE, &event->seat)
             && read_seat (message, &event->seat_info);
    }
  if (g_strcmp0 (type, "offer") == 0)
    {
      event->kind = TRIO_ONLINE_EVENT_OFFER;
      event->offer = read_offer (message, "to");
      return TRUE;
    }
  if (g_strcmp0 (type, "end") == 0)
    {
      event->kind = TRIO_ONLINE_EVENT_END;
      event->status = trio_online_read_status (message);
      return event->status.result != BG_RESULT_ONGOING;
    }
  if (g_strcmp0 (type, "record") == 0)
    {
      event->kind = TRIO_ONLINE_EVENT_RECORD;
      event->save = trio_client_message_get_string (message, "save");
      return event->save != NULL;
    }
  if (g_strcmp0 (type, "error") == 0)
    {
      event->kind = TRIO_ONLINE_EVENT_ERROR;
      event->code = trio_client_message_get_string (message, "code");
      event->text = trio_client_message_get_string (message, "message");
      return event->code != NULL;
    }
  return FALSE;
}

gboolean
trio_online_event_read (JsonObject      *message,
                        TrioOnlineEvent *event)
{
  memset (event, 0, sizeof *event);
  event->seat = -1;
  event->offer.from = -1;
  if (message == NULL
      || !read_event (message, trio_client_message_get_string (message, "type"), event))
    {
      memset (event, 0, sizeof *event);
      event->kind = TRIO_ONLINE_EVENT_NONE;
      event->seat = -1;
      return FALSE;
    }
  return TRUE;
}

/* The client's messages */

JsonObject *
trio_online_message_create (const char     *game_id,
                            GHashTable     *options,
                            const TrioSeat *seats,
                            guint           n_seats,
                            int             seat,
                            const char     *name)
{
  JsonObject *message = trio_client_message_new ("create");
  JsonObject *object = json_object_new ();
  JsonArray *array = json_array_new ();
  g_autofree char *clean = trio_online_clean_name (name, "?");
  GHashTableIter iter;
  gpointer key, value;

  json_object_set_string_member (message, "game", game_id);
  if (options != NULL)
    {
      g_hash_table_iter_init (&iter, options);
      while (g_hash_table_iter_next (&iter, &key, &value))
        json_object_set_string_member (object, key, value);
    }
  json_object_set_object_member (message, "options", object);
  for (guint i = 0; i < n_seats; i++)
    {
      JsonObject *s = json_object_new ();

      json_object_set_string_member (s, "kind", seats[i].computer ? "computer" : "human");
      if (seats[i].computer)
        json_object_set_int_member (s, "level", CLAMP (seats[i].level, BG_LEVEL_MIN,
                                                       BG_LEVEL_MAX));
      json_array_add_object_element (array, s);
    }
  json_object_set_array_member (message, "seats", array);
  json_object_set_int_member (message, "seat", seat);
  json_object_set_string_member (message, "name", clean);
  return message;
}

JsonObject *
trio_online_message_join (const char *key,
                          const char *name,
                          int         seat)
{
  JsonObject *message = trio_client_message_new ("join");
  g_autofree char *clean = trio_online_clean_name (name, "?");

  json_object_set_string_member (message, "key", key);
  json_object_set_string_member (message, "name", clean);
  if (seat >= 0)
    json_object_set_int_member (message, "seat", seat);
  return message;
}

JsonObject *
trio_online_message_resume (const char *token)
{
  JsonObject *message = trio_client_message_new ("resume");

  json_object_set_string_member (message, "token", token);
  return message;
}

JsonObject *
trio_online_message_watch (const char *key)
{
  JsonObject *message = trio_client_message_new ("watch");

  json_object_set_string_member (message, "key", key);
  return message;
}

JsonObject *
trio_online_message_move (const char *notation,
                          gint64      ply)
{
  JsonObject *message = trio_client_message_new ("move");

  json_object_set_string_member (message, "move", notation);
  json_object_set_int_member (message, "ply", ply);
  return message;
}

JsonObject *
trio_online_message_answer (TrioOnlineOfferKind kind,
                            gboolean            accept)
{
  JsonObject *message = trio_client_message_new ("answer");

  json_object_set_string_member (message, "offer",
                                 kind == TRIO_ONLINE_OFFER_UNDO ? "undo" : "draw");
  json_object_set_boolean_member (message, "accept", accept);
  return message;
}

JsonObject *
trio_online_message_undo (gint64 ply)
{
  JsonObject *message = trio_client_message_new ("undo");

  json_object_set_int_member (message, "ply", ply);
  return message;
}

JsonObject *
trio_online_message_resign (void)
{
  return trio_client_message_new ("resign");
}

JsonObject *
trio_online_message_computer (int seat,
                              int level)
{
  JsonObject *message = trio_client_message_new ("computer");

  json_object_set_int_member (message, "seat", seat);
  json_object_set_int_member (message, "level", CLAMP (level, BG_LEVEL_MIN, BG_LEVEL_MAX));
  return message;
}

JsonObject *
trio_online_message_export (void)
{
  return trio_client_message_new ("export");
}

#define MAX_NAME_CHARS 40

char *
trio_online_clean_name (const char *name,
                        const char *fallback)
{
  GString *out = g_string_new (NULL);
  guint n = 0;

  if (name != NULL && g_utf8_validate (name, -1, NULL))
    for (const char *p = name; *p != '\0' && n < MAX_NAME_CHARS; p = g_utf8_next_char (p))
      {
        gunichar c = g_utf8_get_char (p);

        /* Control characters, and the line and paragraph separators, are spaces. */
        if (g_unichar_iscntrl (c) || c == 0x2028 || c == 0x2029)
          c = ' ';
        if (c == ' ' && (out->len == 0 || out->str[out->len - 1] == ' '))
          continue;
        g_string_append_unichar (out, c);
        n++;
      }
  while (out->len > 0 && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);
  if (out->len == 0)
    g_string_assign (out, fallback);
  return g_string_free (out, FALSE);
}
