/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-room-link.h: the window's game played in a room of a server: the connection, and
 * the session it drives
 *
 * A TrioRoomLink holds one connection (TrioClientConnection) to a room, for one seat, and
 * drives the window's session (trio_session_start_online()): the game is rebuilt from the
 * room's state after every connection, the moves the room sends are played through the
 * session as the computer's are (paced, animated), the local seat's moves are sent and
 * played once acknowledged. It keeps the seats' names, kinds and connections and the
 * offer put to the seats, and answers, asks an undo, resigns and gives a dropped seat to
 * the computer. A lost connection is tried again with the seat's token, which it keeps
 * with the invite link (trio-online-store.h), so that reopening the invite or starting
 * Trio again resumes the seat. Once the game is over it asks the room for the whole game
 * (export) and gives the session that game, a normal BgGame to review and analyse.
 */
#pragma once

#include <glib-object.h>

#include "session/trio-session.h"
#include "trio-online-event.h"
#include "trio-online-store.h"

G_BEGIN_DECLS

#define TRIO_TYPE_ROOM_LINK (trio_room_link_get_type ())
G_DECLARE_FINAL_TYPE (TrioRoomLink, trio_room_link, TRIO, ROOM_LINK, GObject)

TrioRoomLink *trio_room_link_new          (TrioSession    *session);

/* Creates a room for the game on server (a ws:// or wss:// address, see trio-client-link.h;
 * NULL or "": this Trio's own server, trio-local-server.h) and takes seat, a human one; the
 * other human seats are open for friends, the computer's are played by the server (levels
 * 1 to 6). FALSE with error when the server's address is wrong or its own server cannot
 * start; what the room answers comes later (signals). */
gboolean      trio_room_link_host         (TrioRoomLink   *self,
                                           const char     *server,
                                           const char     *game_id,
                                           GHashTable     *options,
                                           const TrioSeat *seats,
                                           guint           n_seats,
                                           int             seat,
                                           const char     *name,
                                           GError        **error);
/* Takes a free seat (seat -1: the first open one) of the invite link's room, or the seat
 * this Trio holds there already (its token kept). FALSE with error for a link that is not
 * an invite. */
gboolean      trio_room_link_join         (TrioRoomLink   *self,
                                           const char     *link,
                                           int             seat,
                                           const char     *name,
                                           GError        **error);
/* Takes back a seat held (the room's record). */
void          trio_room_link_resume       (TrioRoomLink   *self,
                                           const TrioOnlineRecord *record);
/* Leaves the room: closes the connection, for good. The seat stays the player's (its
 * invite resumes it) but starting Trio again no longer does. */
void          trio_room_link_leave        (TrioRoomLink   *self);

/* The invite link (with the key), the room's id, the seat held: NULL and -1 before the
 * room has seated this Trio. */
const char   *trio_room_link_get_invite   (TrioRoomLink   *self);
const char   *trio_room_link_get_room     (TrioRoomLink   *self);
int           trio_room_link_get_seat     (TrioRoomLink   *self);
/* Whether the connection is open and the seat taken. */
gboolean      trio_room_link_is_connected (TrioRoomLink   *self);
/* Whether the room is on this Trio's own server. */
gboolean      trio_room_link_is_hosted    (TrioRoomLink   *self);
/* The room's seats as last told (their names owned by the link), and how many are open. */
const TrioOnlineSeat *trio_room_link_get_seats (TrioRoomLink *self,
                                                guint        *n_seats);
guint         trio_room_link_count_open   (TrioRoomLink   *self);
/* The offer waiting for answers (kind NONE: none). */
TrioOnlineOffer trio_room_link_get_offer  (TrioRoomLink   *self);

/* The local seat's answer to the offer put to it. */
void          trio_room_link_answer       (TrioRoomLink   *self,
                                           TrioOnlineOfferKind kind,
                                           gboolean        accept);
/* Asks the others to take back the local seat's last move. */
void          trio_room_link_ask_undo     (TrioRoomLink   *self);
gboolean      trio_room_link_can_ask_undo (TrioRoomLink   *self);
void          trio_room_link_resign       (TrioRoomLink   *self);
/* Gives a disconnected (or open) human seat to the computer at level. */
void          trio_room_link_give_seat    (TrioRoomLink   *self,
                                           int             seat,
                                           int             level);

/* Signals:
 *   "welcomed"            the room seated this Trio: the invite link is known
 *   "seats-changed"       a seat taken, dropped, back, or given to the computer
 *   "offer-changed"       an offer put, answered in part, or withdrawn
 *   "connection-changed"  the connection opened or was lost (tried again meanwhile)
 *   "failed" (string)     the room refused the seat (a wrong key, no such room, a seat
 *                         taken…) or the server could not be reached at first: the link
 *                         gives up, with a sentence for the player
 *   "refused" (string)    the room refused something (a move, an undo): a sentence
 */

G_END_DECLS
