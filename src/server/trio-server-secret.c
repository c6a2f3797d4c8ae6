/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-secret.c: room ids, keys and seat tokens, and their hashes */

#include "trio-server-secret.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "trio-server-protocol.h"

void
trio_secret_random_bytes (guint8 *buffer,
                          gsize   size)
{
  gsize done = 0;

  while (done < size)
    {
      ssize_t n = getrandom (buffer + done, size - done, 0);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        g_error ("No random source: %s", g_strerror (errno));
      done += (gsize) n;
    }
}

/* 16 bytes (128 bits) in base64url without padding: 22 characters. */
char *
trio_secret_new (void)
{
  static const char alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  guint8 bytes[16];
  char *text = g_malloc (TRIO_SECRET_LENGTH + 1);
  guint bits = 0, n_bits = 0, out = 0;

  trio_secret_random_bytes (bytes, sizeof bytes);
  for (gsize i = 0; i < sizeof bytes; i++)
    {
      bits = (bits << 8) | bytes[i];
      n_bits += 8;
      while (n_bits >= 6)
        {
          n_bits -= 6;
          text[out++] = alphabet[(bits >> n_bits) & 63];
        }
    }
  /* 128 bits leave 2, the last character's high bits. */
  text[out++] = alphabet[(bits << (6 - n_bits)) & 63];
  text[out] = '\0';
  g_assert (out == TRIO_SECRET_LENGTH);
  return text;
}

/* 10 bytes (80 bits) in base32, lower case: 16 characters. */
char *
trio_secret_new_room_id (void)
{
  static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
  guint8 bytes[10];
  char *text = g_malloc (TRIO_ROOM_ID_LENGTH + 1);
  guint bits = 0, n_bits = 0, out = 0;

  trio_secret_random_bytes (bytes, sizeof bytes);
  for (gsize i = 0; i < sizeof bytes; i++)
    {
      bits = (bits << 8) | bytes[i];
      n_bits += 8;
      while (n_bits >= 5)
        {
          n_bits -= 5;
          text[out++] = alphabet[(bits >> n_bits) & 31];
        }
    }
  text[out] = '\0';
  g_assert (out == TRIO_ROOM_ID_LENGTH);
  return text;
}

char *
trio_secret_hash (const char *secret)
{
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, secret, -1);
}

gboolean
trio_secret_hash_equal (const char *a,
                        const char *b)
{
  gsize length;
  guint8 diff = 0;

  if (a == NULL || b == NULL || (length = strlen (a)) != strlen (b))
    return FALSE;
  for (gsize i = 0; i < length; i++)
    diff |= (guint8) (a[i] ^ b[i]);
  return diff == 0;
}
