/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-announced-game.h: a game announced on the local network, as TrioDiscovery lists it
 *
 * Every property is read-only: when an announcement changes (its open seats), the list puts
 * a new object in the old one's place.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define TRIO_TYPE_ANNOUNCED_GAME (trio_announced_game_get_type ())
G_DECLARE_FINAL_TYPE (TrioAnnouncedGame, trio_announced_game, TRIO, ANNOUNCED_GAME, GObject)

/* The arguments are checked by the caller (trio-discovery-record.h): link is the invite
 * link made from host, port, room and the key. */
TrioAnnouncedGame *trio_announced_game_new            (const char        *title,
                                                       const char        *game_id,
                                                       const char        *host,
                                                       guint              port,
                                                       const char        *room,
                                                       const char        *link,
                                                       int                open_seats);

/* The host's own text ("Alice — Marelle triple"), made fit to show; it may end with " #2"
 * when another game on the network had the same. Show it as plain text, never markup. */
const char        *trio_announced_game_get_title      (TrioAnnouncedGame *self);
/* A rule set's id, as the host gave it: it may be one this Trio does not know. */
const char        *trio_announced_game_get_game_id    (TrioAnnouncedGame *self);
/* The host's address (IPv4 when it has one). */
const char        *trio_announced_game_get_host       (TrioAnnouncedGame *self);
guint              trio_announced_game_get_port       (TrioAnnouncedGame *self);
const char        *trio_announced_game_get_room       (TrioAnnouncedGame *self);
/* The invite link, with the key: trio://HOST:PORT/ROOM#KEY. */
const char        *trio_announced_game_get_link       (TrioAnnouncedGame *self);
int                trio_announced_game_get_open_seats (TrioAnnouncedGame *self);

G_END_DECLS
