/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-discovery.h: games announced and found on the local network, through the desktop's
 * Avahi daemon (DNS-SD over multicast DNS)
 *
 * A TrioDiscovery announces the games this Trio hosts and lists those that others announce
 * (service type _trio._tcp; docs/application.md, "Games on the local network"). It never
 * blocks its thread: Avahi's client library, whose calls wait for the daemon's answers,
 * runs on a thread of its own. Without a daemon (none installed, none running yet, no
 * system bus, a sandbox without the permission), it says so in a debug line and through
 * the property "available", and does nothing else; announcements made meanwhile go out
 * once a daemon appears. Use it from the thread whose thread-default main context was the
 * current one when it was made (the application's main thread): its list and properties
 * change there.
 */
#pragma once

#include <gio/gio.h>

#include "trio-announced-game.h"

G_BEGIN_DECLS

#define TRIO_TYPE_DISCOVERY (trio_discovery_get_type ())
G_DECLARE_FINAL_TYPE (TrioDiscovery, trio_discovery, TRIO, DISCOVERY, GObject)

TrioDiscovery *trio_discovery_new           (void);

/* Whether an Avahi daemon answers (property "available", notified when it changes). */
gboolean       trio_discovery_get_available (TrioDiscovery *self);

/* The games announced by others on the local network, TrioAnnouncedGame by title, kept up
 * to date as they appear, change and go (empty while no daemon answers). The games this
 * object announces itself are left out. Owned by self. */
GListModel    *trio_discovery_get_games     (TrioDiscovery *self);

/* Announces a game hosted here, or updates the announcement of the same room: title is the
 * host's text (made fit to announce: trio_discovery_sanitize_title(); renamed " #2" and so
 * on while another service on the network has it), game_id a rule set's id, port the
 * server's, room and key as docs/server.md says (the key goes out in the announcement:
 * anyone on the local network may join), open_seats 0 to 6. */
void           trio_discovery_announce      (TrioDiscovery *self,
                                             const char    *title,
                                             const char    *game_id,
                                             guint          port,
                                             const char    *room,
                                             const char    *key,
                                             int            open_seats);

/* Withdraws the announcement of room, if there is one. Disposing of self withdraws them
 * all. */
void           trio_discovery_withdraw      (TrioDiscovery *self,
                                             const char    *room);

G_END_DECLS
