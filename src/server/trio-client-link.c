/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-link.c: invite links, room ids and the WebSocket URL of a room */

#include "trio-client-link.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define ROOM_ID_BYTES 10   /* 80 bits: 16 characters of base32 */

static const char base32[] = "abcdefghijklmnopqrstuvwxyz234567";

G_DEFINE_QUARK (trio-client-link-error-quark, trio_client_link_error)

static gboolean
all_in (const char *text,
        gsize       length,
        const char *allowed)
{
  if (text == NULL || strlen (text) != length)
    return FALSE;
  return strspn (text, allowed) == length;
}

gboolean
trio_client_is_room_id (const char *text)
{
  return all_in (text, TRIO_CLIENT_ROOM_ID_LENGTH, base32);
}

gboolean
trio_client_is_key (const char *text)
{
  return all_in (text, TRIO_CLIENT_KEY_LENGTH,
                 "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-");
}

/* Fills bytes from /dev/urandom; FALSE when it cannot be read whole. */
static gboolean
read_urandom (guint8 *bytes,
              gsize   n)
{
  gsize done = 0;
  int fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC);

  if (fd < 0)
    return FALSE;
  while (done < n)
    {
      ssize_t r = read (fd, bytes + done, n - done);

      if (r < 0 && errno == EINTR)
        continue;
      if (r <= 0)
        break;
      done += (gsize) r;
    }
  close (fd);
  return done == n;
}

char *
trio_client_room_id_new (void)
{
  guint8 bytes[ROOM_ID_BYTES];
  char *id = g_malloc (TRIO_CLIENT_ROOM_ID_LENGTH + 1);
  guint64 bits = 0;
  guint n_bits = 0, out = 0;

  if (!read_urandom (bytes, sizeof bytes))
    for (guint i = 0; i < sizeof bytes; i++)
      bytes[i] = (guint8) g_random_int_range (0, 256);
  for (guint i = 0; i < sizeof bytes; i++)
    {
      bits = bits << 8 | bytes[i];
      n_bits += 8;
      while (n_bits >= 5)
        {
          n_bits -= 5;
          id[out++] = base32[(bits >> n_bits) & 31];
        }
    }
  id[out] = '\0';
  g_assert (out == TRIO_CLIENT_ROOM_ID_LENGTH);
  return id;
}

static gboolean
fail (GError    **error,
      const char *what,
      const char *reason)
{
  g_set_error (error, TRIO_CLIENT_LINK_ERROR, TRIO_CLIENT_LINK_ERROR_INVALID,
               "'%s' is not an invite link: %s", what, reason);
  return FALSE;
}

/* Splits "/PREFIX/ROOM" into its prefix ("" or "/PREFIX") and its room. */
static gboolean
split_room_path (const char  *path,
                 char       **prefix,
                 char       **room)
{
  const char *slash = strrchr (path, '/');

  if (path[0] != '/' || slash == NULL)
    return FALSE;
  *prefix = g_strndup (path, slash - path);
  *room = g_strdup (slash + 1);
  return TRUE;
}

gboolean
trio_client_link_parse (const char  *link,
                        char       **ws_url,
                        char       **room,
                        char       **key,
                        GError     **error)
{
  g_autoptr (GUri) uri = g_uri_parse (link, G_URI_FLAGS_ENCODED, NULL);
  g_autofree char *prefix = NULL;
  g_autofree char *room_id = NULL;
  g_autofree char *path = NULL;
  const char *scheme, *fragment;
  gboolean direct;

  if (uri == NULL)
    return fail (error, link, "it cannot be read as a URL");
  scheme = g_uri_get_scheme (uri);
  direct = g_str_equal (scheme, "trio");
  if (!direct && !g_str_equal (scheme, "https"))
    return fail (error, link, "it starts neither with trio:// nor with https://");
  if (g_uri_get_host (uri) == NULL || g_uri_get_host (uri)[0] == '\0')
    return fail (error, link, "it names no host");
  if (direct && g_uri_get_port (uri) == -1)
    return fail (error, link, "a trio:// link names its port (trio://HOST:PORT/ROOM#KEY)");
  if (g_uri_get_userinfo (uri) != NULL || g_uri_get_query (uri) != NULL)
    return fail (error, link, "it has a user or a query, which invite links never have");
  if (!split_room_path (g_uri_get_path (uri), &prefix, &room_id)
      || !trio_client_is_room_id (room_id) || (direct && prefix[0] != '\0'))
    return fail (error, link, "its path is not /ROOM, a room id of 16 characters a-z, 2-7");
  fragment = g_uri_get_fragment (uri);
  if (!trio_client_is_key (fragment))
    return fail (error, link, "it does not end with #KEY, a key of 22 characters");
  path = g_strconcat (prefix, "/rooms/", room_id, NULL);
  if (ws_url != NULL)
    *ws_url = g_uri_join (G_URI_FLAGS_ENCODED, direct ? "ws" : "wss", NULL,
                          g_uri_get_host (uri), g_uri_get_port (uri), path, NULL, NULL);
  if (room != NULL)
    *room = g_steal_pointer (&room_id);
  if (key != NULL)
    *key = g_strdup (fragment);
  return TRUE;
}

char *
trio_client_room_url (const char  *server,
                      const char  *room,
                      GError     **error)
{
  g_autoptr (GUri) uri = g_uri_parse (server, G_URI_FLAGS_ENCODED, NULL);
  g_autofree char *prefix = NULL;
  g_autofree char *path = NULL;
  const char *scheme;
  gsize length;

  if (uri == NULL)
    scheme = "";
  else
    scheme = g_uri_get_scheme (uri);
  if (!g_str_equal (scheme, "ws") && !g_str_equal (scheme, "wss"))
    {
      g_set_error (error, TRIO_CLIENT_LINK_ERROR, TRIO_CLIENT_LINK_ERROR_INVALID,
                   "'%s' is not a server's address: ws://HOST:PORT or wss://HOST[/PREFIX]",
                   server);
      return NULL;
    }
  if (g_uri_get_host (uri) == NULL || g_uri_get_host (uri)[0] == '\0'
      || g_uri_get_query (uri) != NULL || g_uri_get_fragment (uri) != NULL
      || g_uri_get_userinfo (uri) != NULL)
    {
      g_set_error (error, TRIO_CLIENT_LINK_ERROR, TRIO_CLIENT_LINK_ERROR_INVALID,
                   "'%s' is not a server's address: a host, a port and a path only", server);
      return NULL;
    }
  g_return_val_if_fail (trio_client_is_room_id (room), NULL);
  prefix = g_strdup (g_uri_get_path (uri));
  length = strlen (prefix);
  while (length > 0 && prefix[length - 1] == '/')
    prefix[--length] = '\0';
  path = g_strconcat (prefix, "/rooms/", room, NULL);
  return g_uri_join (G_URI_FLAGS_ENCODED, scheme, NULL, g_uri_get_host (uri),
                     g_uri_get_port (uri), path, NULL, NULL);
}
