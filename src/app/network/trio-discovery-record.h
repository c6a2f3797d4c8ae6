/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-discovery-record.h: what a game announced on the local network says of itself (its
 * DNS-SD TXT record), read and checked, and the title and link made from it
 *
 * Plain C on GLib and GIO, with no daemon: the records come from anyone on the network, so
 * every length is bounded and every field checked before a game is listed
 * (docs/application.md, "Games on the local network").
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The DNS-SD service type of a Trio game, and the version of its TXT record. */
#define TRIO_DISCOVERY_SERVICE_TYPE "_trio._tcp"
#define TRIO_DISCOVERY_VERSION      "1"

/* A service's name is one DNS label: at most 63 bytes of UTF-8. */
#define TRIO_DISCOVERY_TITLE_MAX    63
/* docs/server.md: a room's id is 16 characters of [a-z2-7], a key 22 of [A-Za-z0-9_-]. */
#define TRIO_DISCOVERY_ROOM_LENGTH  16
#define TRIO_DISCOVERY_KEY_LENGTH   22
/* A rule set's id: 1 to 32 characters of [a-z0-9-], a letter first. */
#define TRIO_DISCOVERY_GAME_ID_MAX  32
/* A room has 1 to 6 seats (docs/server.md). */
#define TRIO_DISCOVERY_SEATS_MAX    6
/* A Trio record has five items; one with more than this many is not read. */
#define TRIO_DISCOVERY_ITEMS_MAX    16

typedef struct
{
  char game_id[TRIO_DISCOVERY_GAME_ID_MAX + 1];
  char room[TRIO_DISCOVERY_ROOM_LENGTH + 1];
  char key[TRIO_DISCOVERY_KEY_LENGTH + 1];
  int open_seats;
} TrioDiscoveryRecord;

gboolean  trio_discovery_room_is_valid    (const char *room);
gboolean  trio_discovery_key_is_valid     (const char *key);
gboolean  trio_discovery_game_id_is_valid (const char *game_id);

/* Fills record from the fields of a game to announce; FALSE (record unchanged) when one of
 * them is not valid. */
gboolean  trio_discovery_record_set       (TrioDiscoveryRecord       *record,
                                           const char                *game_id,
                                           const char                *room,
                                           const char                *key,
                                           int                        open_seats);

/* Reads a TXT record: n_items items of lengths[i] bytes each (not NUL-terminated, as they
 * come from the network), each "name=value". Every field is required (v=1, room=, key=,
 * game=, seats=); names are read without regard to case, the first of a name counts and
 * the rest are ignored (RFC 6763, 6.4), unknown names are ignored. Returns FALSE with
 * *reason (a static English phrase for the debug log) when the record is not a Trio game's:
 * record is then unchanged. */
gboolean  trio_discovery_record_parse     (TrioDiscoveryRecord       *record,
                                           const guint8 *const       *items,
                                           const gsize               *lengths,
                                           gsize                      n_items,
                                           const char               **reason);

/* The record's items, "v=1" first, as a NULL-terminated array. */
char    **trio_discovery_record_to_txt    (const TrioDiscoveryRecord *record);

/* A title fit to show and to announce: valid UTF-8 (bad bytes become U+FFFD), line breaks,
 * tabs and other controls as single spaces, no direction overrides nor other invisible
 * formatting (the zero-width joiner and non-joiner kept), no spaces at the ends, cut at a
 * character's end to TRIO_DISCOVERY_TITLE_MAX bytes. NULL when nothing is left. */
char     *trio_discovery_sanitize_title   (const char                *text);

/* How good an address is for an invite link: 2 for IPv4, 1 for IPv6 that needs no
 * interface named (not link-local), 0 for one that cannot be used (an IPv6 link-local
 * address, the unspecified or a multicast address, not an address). */
int       trio_discovery_address_rank     (const char                *address);

/* The invite link trio://HOST:PORT/ROOM#KEY (an IPv6 HOST in brackets). */
char     *trio_discovery_link             (const char                *address,
                                           guint                      port,
                                           const char                *room,
                                           const char                *key);

G_END_DECLS
