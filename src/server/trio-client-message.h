/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-message.h: the members of the server's messages, read with their types, and
 * the messages written as the client's stable text lines (docs/server.md, "trio-client")
 *
 * A member that is missing or of another type reads as absent: what a server sends is
 * never trusted to have the form the protocol gives it.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

const char *trio_client_message_get_string  (JsonObject *object,
                                            const char *name);
/* FALSE (value untouched) when the member is missing or not an integer. */
gboolean    trio_client_message_get_int     (JsonObject *object,
                                            const char *name,
                                            gint64     *value);
/* The member as an integer, or fallback. */
gint64      trio_client_message_get_int_or  (JsonObject *object,
                                            const char *name,
                                            gint64      fallback);
gboolean    trio_client_message_get_bool    (JsonObject *object,
                                            const char *name,
                                            gboolean    fallback);
JsonArray  *trio_client_message_get_array   (JsonObject *object,
                                            const char *name);
JsonObject *trio_client_message_get_object  (JsonObject *object,
                                            const char *name);
/* Whether an array member of integers holds value. */
gboolean    trio_client_message_array_has   (JsonObject *object,
                                            const char *name,
                                            gint64      value);

/* The message as the client's text lines, each ending with a newline: "state ply=3
 * to_move=1 …", "move 4 seat=1 d2-d3", "offer draw from=-1 to=0,1 ply=12", "end win
 * winner=0 loser=-1 other=-1 reason=checkmate", "error not-your-turn: …"… A message of an
 * unknown type is "unknown" and its JSON. */
char       *trio_client_message_format      (JsonObject *message);
/* The "end" line of a status object (the "end" message, or a state's "status"). */
char       *trio_client_message_format_end  (JsonObject *status);

G_END_DECLS
