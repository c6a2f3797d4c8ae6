/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-secret.h: room ids, keys and seat tokens: made from the system's random
 * source, kept as hashes
 *
 * A key or a token is 128 random bits in 22 characters of base64url; a room's id 80 random
 * bits in 16 characters of base32 ([a-z2-7]). The server keeps only the SHA-256 of a key or a
 * token (in hexadecimal), and compares hashes in a time that does not depend on where they
 * differ.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Fills buffer with bytes from getrandom(2); aborts when the system has no random source. */
void      trio_secret_random_bytes (guint8     *buffer,
                                    gsize       size);
char     *trio_secret_new          (void);
char     *trio_secret_new_room_id  (void);
char     *trio_secret_hash         (const char *secret);
gboolean  trio_secret_hash_equal   (const char *a,
                                    const char *b);

G_END_DECLS
