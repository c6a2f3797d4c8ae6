/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-proxy.c: trusted proxies, and the client's address read from X-Forwarded-For */

#include "trio-server-proxy.h"

#include <string.h>

/* The longest entry read, spaces included: an IPv6 address takes at most 45 characters. */
#define MAX_ENTRY 64

struct _TrioProxies
{
  GPtrArray *masks;   /* GInetAddressMask */
};

/* An IPv4 address mapped into IPv6 (::ffff:a.b.c.d) as IPv4; a new reference. */
static GInetAddress *
unmap (GInetAddress *address)
{
  static const guint8 mapped[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff };
  const guint8 *bytes;

  if (g_inet_address_get_family (address) != G_SOCKET_FAMILY_IPV6)
    return g_object_ref (address);
  bytes = g_inet_address_to_bytes (address);
  if (memcmp (bytes, mapped, sizeof mapped) != 0)
    return g_object_ref (address);
  return g_inet_address_new_from_bytes (bytes + sizeof mapped, G_SOCKET_FAMILY_IPV4);
}

/* The address text[0..length) holds, between spaces or tabs, or NULL. */
static GInetAddress *
parse_address (const char *text,
               gsize       length)
{
  char buffer[MAX_ENTRY + 1];
  g_autoptr (GInetAddress) address = NULL;

  while (length > 0 && (*text == ' ' || *text == '\t'))
    {
      text++;
      length--;
    }
  while (length > 0 && (text[length - 1] == ' ' || text[length - 1] == '\t'))
    length--;
  if (length == 0 || length > MAX_ENTRY)
    return NULL;
  memcpy (buffer, text, length);
  buffer[length] = '\0';
  address = g_inet_address_new_from_string (buffer);
  return address != NULL ? unmap (address) : NULL;
}

/* A range, "::ffff:10.0.0.0/104" as "10.0.0.0/8" (addresses are compared unmapped). */
static GInetAddressMask *
parse_range (const char *text,
             GError    **error)
{
  g_autoptr (GInetAddressMask) mask = g_inet_address_mask_new_from_string (text, error);
  g_autoptr (GInetAddress) unmapped = NULL;
  guint length;

  if (mask == NULL)
    return NULL;
  length = g_inet_address_mask_get_length (mask);
  unmapped = unmap (g_inet_address_mask_get_address (mask));
  if (length >= 96 && g_inet_address_get_family (unmapped) == G_SOCKET_FAMILY_IPV4
      && g_inet_address_mask_get_family (mask) == G_SOCKET_FAMILY_IPV6)
    return g_inet_address_mask_new (unmapped, length - 96, error);
  return g_steal_pointer (&mask);
}

TrioProxies *
trio_proxies_new (const char *const *ranges,
                  GError           **error)
{
  g_autoptr (TrioProxies) self = g_new0 (TrioProxies, 1);

  self->masks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; ranges != NULL && ranges[i] != NULL; i++)
    {
      g_autoptr (GError) local = NULL;
      GInetAddressMask *mask = parse_range (ranges[i], &local);

      if (mask == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       "'%s' is neither an IP address nor a range such as 10.0.0.0/8: %s",
                       ranges[i], local->message);
          return NULL;
        }
      g_ptr_array_add (self->masks, mask);
    }
  return g_steal_pointer (&self);
}

void
trio_proxies_free (TrioProxies *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->masks, g_ptr_array_unref);
  g_free (self);
}

gboolean
trio_proxies_is_empty (const TrioProxies *self)
{
  return self->masks->len == 0;
}

char *
trio_proxies_normalise (const char *address)
{
  g_autoptr (GInetAddress) parsed = NULL;

  g_return_val_if_fail (address != NULL, NULL);
  parsed = parse_address (address, strlen (address));
  return parsed != NULL ? g_inet_address_to_string (parsed) : g_strdup (address);
}

char *
trio_proxies_bucket (const char *address)
{
  g_autoptr (GInetAddress) parsed = NULL;
  g_autoptr (GInetAddress) prefix = NULL;
  g_autofree char *text = NULL;
  guint8 bytes[16];

  g_return_val_if_fail (address != NULL, NULL);
  parsed = parse_address (address, strlen (address));
  if (parsed == NULL || g_inet_address_get_family (parsed) != G_SOCKET_FAMILY_IPV6)
    return parsed != NULL ? g_inet_address_to_string (parsed) : g_strdup (address);
  memcpy (bytes, g_inet_address_to_bytes (parsed), sizeof bytes);
  memset (bytes + 8, 0, 8);
  prefix = g_inet_address_new_from_bytes (bytes, G_SOCKET_FAMILY_IPV6);
  text = g_inet_address_to_string (prefix);
  return g_strconcat (text, "/64", NULL);
}

static gboolean
trusts (const TrioProxies *self,
        GInetAddress      *address)
{
  for (guint i = 0; i < self->masks->len; i++)
    if (g_inet_address_mask_matches (self->masks->pdata[i], address))
      return TRUE;
  return FALSE;
}

gboolean
trio_proxies_trusts (const TrioProxies *self,
                     const char        *address)
{
  g_autoptr (GInetAddress) parsed = NULL;

  g_return_val_if_fail (self != NULL && address != NULL, FALSE);
  parsed = parse_address (address, strlen (address));
  return parsed != NULL && trusts (self, parsed);
}

/* The client X-Forwarded-For names, read from the right, or NULL with *why. */
static GInetAddress *
read_forwarded (const TrioProxies *self,
                const char        *forwarded,
                const char       **why)
{
  const char *end;

  if (forwarded == NULL)
    {
      *why = "no X-Forwarded-For header";
      return NULL;
    }
  if (forwarded[strspn (forwarded, " \t")] == '\0')
    {
      *why = "an empty X-Forwarded-For header";
      return NULL;
    }
  end = forwarded + strlen (forwarded);
  for (guint n = 0; n < TRIO_PROXIES_MAX_ENTRIES; n++)
    {
      g_autoptr (GInetAddress) address = NULL;
      const char *start = end;

      /* Never more than an entry's length back: a long run without a comma is no address. */
      while (start > forwarded && start[-1] != ',' && end - start <= MAX_ENTRY)
        start--;
      if (start == forwarded || start[-1] == ',')
        address = parse_address (start, (gsize) (end - start));
      if (address == NULL)
        {
          *why = "an X-Forwarded-For entry that is not an IP address";
          return NULL;
        }
      /* The first one no trusted proxy wrote; or, when all of them are trusted proxies,
       * the farthest. */
      if (!trusts (self, address) || start == forwarded)
        return g_steal_pointer (&address);
      end = start - 1;
    }
  *why = "more than " G_STRINGIFY (TRIO_PROXIES_MAX_ENTRIES)
         " trusted proxies in X-Forwarded-For";
  return NULL;
}

char *
trio_proxies_client (const TrioProxies *self,
                     const char        *peer,
                     const char        *forwarded,
                     const char       **problem)
{
  g_autoptr (GInetAddress) peer_address = NULL;
  g_autoptr (GInetAddress) client = NULL;
  const char *why = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  if (problem != NULL)
    *problem = NULL;
  if (peer != NULL)
    peer_address = parse_address (peer, strlen (peer));
  /* Not an IP address (a Unix socket's): as it is. */
  if (peer_address == NULL)
    return g_strdup (peer != NULL ? peer : "?");
  if (trusts (self, peer_address))
    client = read_forwarded (self, forwarded, &why);
  if (problem != NULL)
    *problem = why;
  return g_inet_address_to_string (client != NULL ? client : peer_address);
}
