/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-discovery-record.c: a game's TXT record read and checked, its title made fit to show,
 * the invite link made from its address */

#include "trio-discovery-record.h"

#include <gio/gio.h>
#include <string.h>

/* Characters */

static gboolean
is_room_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= '2' && c <= '7');
}

static gboolean
is_key_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '-';
}

static gboolean
is_game_id_char (char c)
{
  return (c >= 'a' && c <= 'z') || g_ascii_isdigit (c) || c == '-';
}

/* Whether the length bytes at text are 1 to max characters that each pass is_char (a NUL
 * byte passes none). */
static gboolean
chars_valid (const char *text,
             gsize       length,
             gsize       max,
             gboolean  (*is_char) (char))
{
  if (length == 0 || length > max)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!is_char (text[i]))
      return FALSE;
  return TRUE;
}

gboolean
trio_discovery_room_is_valid (const char *room)
{
  return room != NULL && strlen (room) == TRIO_DISCOVERY_ROOM_LENGTH
         && chars_valid (room, TRIO_DISCOVERY_ROOM_LENGTH, TRIO_DISCOVERY_ROOM_LENGTH,
                         is_room_char);
}

gboolean
trio_discovery_key_is_valid (const char *key)
{
  return key != NULL && strlen (key) == TRIO_DISCOVERY_KEY_LENGTH
         && chars_valid (key, TRIO_DISCOVERY_KEY_LENGTH, TRIO_DISCOVERY_KEY_LENGTH,
                         is_key_char);
}

gboolean
trio_discovery_game_id_is_valid (const char *game_id)
{
  return game_id != NULL && g_ascii_islower (game_id[0])
         && chars_valid (game_id, strlen (game_id), TRIO_DISCOVERY_GAME_ID_MAX,
                         is_game_id_char);
}

gboolean
trio_discovery_record_set (TrioDiscoveryRecord *record,
                           const char          *game_id,
                           const char          *room,
                           const char          *key,
                           int                  open_seats)
{
  if (!trio_discovery_game_id_is_valid (game_id) || !trio_discovery_room_is_valid (room)
      || !trio_discovery_key_is_valid (key) || open_seats < 0
      || open_seats > TRIO_DISCOVERY_SEATS_MAX)
    return FALSE;
  /* Every byte set: records are compared whole. */
  memset (record, 0, sizeof *record);
  g_strlcpy (record->game_id, game_id, sizeof record->game_id);
  g_strlcpy (record->room, room, sizeof record->room);
  g_strlcpy (record->key, key, sizeof record->key);
  record->open_seats = open_seats;
  return TRUE;
}

/* The TXT record */

enum
{
  FIELD_VERSION,
  FIELD_ROOM,
  FIELD_KEY,
  FIELD_GAME,
  FIELD_SEATS,
  N_FIELDS
};

static const char *const field_names[N_FIELDS] = { "v", "room", "key", "game", "seats" };

/* The field an item's name is, or -1. */
static int
field_of (const guint8 *name,
          gsize         length)
{
  for (int i = 0; i < N_FIELDS; i++)
    if (length == strlen (field_names[i])
        && g_ascii_strncasecmp ((const char *) name, field_names[i], length) == 0)
      return i;
  return -1;
}

/* Copies a value of at most max characters that each pass is_char into out (max + 1
 * bytes). */
static gboolean
take_value (char         *out,
            const guint8 *value,
            gsize         length,
            gsize         exact,
            gsize         max,
            gboolean    (*is_char) (char))
{
  if ((exact > 0 && length != exact) || !chars_valid ((const char *) value, length, max, is_char))
    return FALSE;
  memcpy (out, value, length);
  out[length] = '\0';
  return TRUE;
}

static gboolean
is_seats_char (char c)
{
  return c >= '0' && c <= '0' + TRIO_DISCOVERY_SEATS_MAX;
}

gboolean
trio_discovery_record_parse (TrioDiscoveryRecord *record,
                             const guint8 *const *items,
                             const gsize         *lengths,
                             gsize                n_items,
                             const char         **reason)
{
  const guint8 *values[N_FIELDS] = { NULL };
  gsize value_lengths[N_FIELDS] = { 0 };
  TrioDiscoveryRecord read = { { 0 } };
  char seats[2];
  const char *why = NULL;

  if (n_items > TRIO_DISCOVERY_ITEMS_MAX)
    why = "too many items";
  for (gsize i = 0; why == NULL && i < n_items; i++)
    {
      const guint8 *equal = lengths[i] > 0 ? memchr (items[i], '=', lengths[i]) : NULL;
      gsize name_length = equal != NULL ? (gsize) (equal - items[i]) : lengths[i];
      int field;

      /* An empty item, or one with no name, is ignored (RFC 6763, 6.4). */
      if (name_length == 0)
        continue;
      field = field_of (items[i], name_length);
      if (field < 0 || values[field] != NULL)
        continue;
      if (equal == NULL)
        {
          why = "a field without a value";
          break;
        }
      values[field] = equal + 1;
      value_lengths[field] = lengths[i] - name_length - 1;
    }

  if (why != NULL)
    ;
  else if (values[FIELD_VERSION] == NULL || values[FIELD_ROOM] == NULL
           || values[FIELD_KEY] == NULL || values[FIELD_GAME] == NULL
           || values[FIELD_SEATS] == NULL)
    why = "a field is missing";
  else if (value_lengths[FIELD_VERSION] != strlen (TRIO_DISCOVERY_VERSION)
           || memcmp (values[FIELD_VERSION], TRIO_DISCOVERY_VERSION,
                      value_lengths[FIELD_VERSION]) != 0)
    why = "another version";
  else if (!take_value (read.room, values[FIELD_ROOM], value_lengths[FIELD_ROOM],
                        TRIO_DISCOVERY_ROOM_LENGTH, TRIO_DISCOVERY_ROOM_LENGTH, is_room_char))
    why = "not a room id";
  else if (!take_value (read.key, values[FIELD_KEY], value_lengths[FIELD_KEY],
                        TRIO_DISCOVERY_KEY_LENGTH, TRIO_DISCOVERY_KEY_LENGTH, is_key_char))
    why = "not a key";
  else if (!take_value (read.game_id, values[FIELD_GAME], value_lengths[FIELD_GAME], 0,
                        TRIO_DISCOVERY_GAME_ID_MAX, is_game_id_char)
           || !g_ascii_islower (read.game_id[0]))
    why = "not a game id";
  else if (!take_value (seats, values[FIELD_SEATS], value_lengths[FIELD_SEATS], 1, 1,
                        is_seats_char))
    why = "not a number of seats";

  if (why != NULL)
    {
      if (reason != NULL)
        *reason = why;
      return FALSE;
    }
  read.open_seats = seats[0] - '0';
  *record = read;
  return TRUE;
}

char **
trio_discovery_record_to_txt (const TrioDiscoveryRecord *record)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_autofree char *room = g_strconcat ("room=", record->room, NULL);
  g_autofree char *key = g_strconcat ("key=", record->key, NULL);
  g_autofree char *game = g_strconcat ("game=", record->game_id, NULL);
  g_autofree char *seats = g_strdup_printf ("seats=%d", record->open_seats);

  g_strv_builder_add (builder, "v=" TRIO_DISCOVERY_VERSION);
  g_strv_builder_add (builder, room);
  g_strv_builder_add (builder, key);
  g_strv_builder_add (builder, game);
  g_strv_builder_add (builder, seats);
  return g_strv_builder_end (builder);
}

/* Titles */

/* Characters that would change how the text around them shows without showing themselves:
 * direction marks and overrides, the byte-order mark, and the like. The joiners stay:
 * several scripts and emoji need them. */
static gboolean
is_invisible (gunichar c)
{
  switch (g_unichar_type (c))
    {
    case G_UNICODE_FORMAT:
      return c != 0x200C && c != 0x200D;
    case G_UNICODE_UNASSIGNED:
    case G_UNICODE_PRIVATE_USE:
    case G_UNICODE_SURROGATE:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
is_break (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  return g_unichar_isspace (c) || type == G_UNICODE_CONTROL
         || type == G_UNICODE_LINE_SEPARATOR || type == G_UNICODE_PARAGRAPH_SEPARATOR;
}

char *
trio_discovery_sanitize_title (const char *text)
{
  g_autofree char *valid = NULL;
  g_autoptr (GString) title = NULL;
  gboolean space = FALSE;

  if (text == NULL)
    return NULL;
  /* A bound before the work: a title is short, whatever comes. */
  valid = g_utf8_make_valid (text, MIN (strlen (text), 4 * TRIO_DISCOVERY_TITLE_MAX));
  title = g_string_new (NULL);
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gsize size = (gsize) (g_utf8_next_char (p) - p);

      if (is_break (c))
        {
          space = title->len > 0;
          continue;
        }
      if (is_invisible (c))
        continue;
      if (title->len + (space ? 1 : 0) + size > TRIO_DISCOVERY_TITLE_MAX)
        break;
      if (space)
        g_string_append_c (title, ' ');
      g_string_append_len (title, p, (gssize) size);
      space = FALSE;
    }
  if (title->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&title), FALSE);
}

/* Addresses and links */

int
trio_discovery_address_rank (const char *address)
{
  g_autoptr (GInetAddress) inet = NULL;

  if (address == NULL || strlen (address) > 64)
    return 0;
  inet = g_inet_address_new_from_string (address);
  if (inet == NULL || g_inet_address_get_is_any (inet) || g_inet_address_get_is_multicast (inet))
    return 0;
  if (g_inet_address_get_family (inet) == G_SOCKET_FAMILY_IPV4)
    return 2;
  return g_inet_address_get_is_link_local (inet) ? 0 : 1;
}

char *
trio_discovery_link (const char *address,
                     guint       port,
                     const char *room,
                     const char *key)
{
  gboolean ipv6 = strchr (address, ':') != NULL;

  return g_strdup_printf ("trio://%s%s%s:%u/%s#%s", ipv6 ? "[" : "", address, ipv6 ? "]" : "",
                          port, room, key);
}
