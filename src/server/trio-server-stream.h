/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-stream.h: a connection's stream whose input is counted and capped
 *
 * libsoup 3.2 (Debian 12) bounds a WebSocket frame but not a message sent in fragments: a
 * client could fill the server's memory with continuation frames. The server's connections
 * read through this stream instead: it counts the bytes read since the last message the
 * server was given (trio_capped_stream_reset()), and once they pass the cap, reading fails,
 * which makes libsoup drop the connection. It reads no frame: it only counts bytes.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define TRIO_TYPE_CAPPED_STREAM (trio_capped_stream_get_type ())
G_DECLARE_FINAL_TYPE (TrioCappedStream, trio_capped_stream, TRIO, CAPPED_STREAM, GIOStream)

/* base's input read through the cap, its output as it is; closing closes base. socket:
 * base's socket, when nothing buffers between them once base's reader has read until it
 * would block (no TLS), or NULL: it is watched for input rather than base (see
 * capped_create_source() for why). */
GIOStream *trio_capped_stream_new    (GIOStream        *base,
                                      guint64           cap,
                                      GSocket          *socket);
/* waiting (a new source, data) is called whenever a writer waits for the output to be
 * writable, with the source it waits on. */
void       trio_capped_stream_set_waiting (TrioCappedStream *self,
                                           GFunc             waiting,
                                           gpointer          data);
/* A message came: its bytes are forgotten. */
void       trio_capped_stream_reset  (TrioCappedStream *self);
/* Whether reading failed for the cap. */
gboolean   trio_capped_stream_is_over (TrioCappedStream *self);

G_END_DECLS
