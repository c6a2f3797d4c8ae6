/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-connection.h: one WebSocket to a room of a Trio server (libsoup 3)
 *
 * Connects to a room's URL, sends text frames, and tells of every text frame received
 * ("message": the text, and the JSON object it holds or NULL) and of the end of the
 * connection ("closed": the close code, 1006 when the connection was lost without one).
 * Binary frames are told as text that is not JSON.
 */
#pragma once

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

G_BEGIN_DECLS

/* The most a server's frame may hold: a state with the longest move list is far smaller. */
#define TRIO_CLIENT_MAX_INCOMING (16 * 1024 * 1024)
/* The most frames sent in a second that trio_client_connection_set_pace() takes, and the
 * client's pace: under the server's 20 a second, with room for the network's jitter. */
#define TRIO_CLIENT_MAX_PACE 64
#define TRIO_CLIENT_PACE 16

#define TRIO_TYPE_CLIENT_CONNECTION (trio_client_connection_get_type ())
G_DECLARE_FINAL_TYPE (TrioClientConnection, trio_client_connection, TRIO, CLIENT_CONNECTION,
                      GObject)

/* session: shared by many connections (the benchmark), or NULL for one of its own. */
TrioClientConnection *trio_client_connection_new            (SoupSession          *session);

void                  trio_client_connection_connect_async  (TrioClientConnection *self,
                                                             const char           *url,
                                                             GCancellable         *cancellable,
                                                             GAsyncReadyCallback   callback,
                                                             gpointer              user_data);
gboolean              trio_client_connection_connect_finish (TrioClientConnection *self,
                                                             GAsyncResult         *result,
                                                             GError              **error);
/* Why the server's certificate was refused, when the last connection failed on it (its
 * error then G_TLS_ERROR_BAD_CERTIFICATE), else 0. */
GTlsCertificateFlags  trio_client_connection_get_certificate_errors
                                                            (TrioClientConnection *self);

gboolean              trio_client_connection_is_open        (TrioClientConnection *self);
/* Sends at most per_second frames in any second (0, the default: no bound), the others
 * kept in order until the bound allows them: the server closes a connection that sends
 * over 20 messages in a second. */
void                  trio_client_connection_set_pace       (TrioClientConnection *self,
                                                             guint                 per_second);
/* Sends one text frame; does nothing once the connection is closed. */
void                  trio_client_connection_send_text      (TrioClientConnection *self,
                                                             const char           *text);
/* Sends one binary frame (the raw mode's lines that are not UTF-8). */
void                  trio_client_connection_send_binary    (TrioClientConnection *self,
                                                             const char           *data,
                                                             gsize                 length);
/* Sends a JSON object as one frame, on one line. */
void                  trio_client_connection_send_object    (TrioClientConnection *self,
                                                             JsonObject           *object);
/* Closes with code 1000 (normal); "closed" follows once the server has answered. */
void                  trio_client_connection_close          (TrioClientConnection *self);

/* A JSON object of type type, for the caller to add members to. */
JsonObject           *trio_client_message_new               (const char           *type);
/* An object's text on one line. */
char                 *trio_client_object_to_text            (JsonObject           *object);

G_END_DECLS
