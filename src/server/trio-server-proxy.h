/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-proxy.h: trusted proxies, and the client's address read from X-Forwarded-For
 *
 * Behind a reverse proxy every connection comes from the proxy's address. A connection from
 * a trusted proxy (an address or a range, "10.0.0.0/8", "::1/128") names its client in
 * X-Forwarded-For, to which each proxy appends the address it was reached from: the client is
 * the rightmost entry that is not a trusted proxy itself (what a client wrote at the left is
 * never read past it). From any other address the header is ignored, so that no client can
 * choose its address. Addresses are normalised ("::ffff:1.2.3.4" is 1.2.3.4, "2001:DB8::1"
 * is 2001:db8::1), so that one client is one address however it is written.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* At most this many entries of X-Forwarded-For are read, from the right. */
#define TRIO_PROXIES_MAX_ENTRIES 32

typedef struct _TrioProxies TrioProxies;

/* The trusted ranges (NULL-terminated; NULL or empty: none), or NULL with error at one that
 * is neither an IP address nor a range. */
TrioProxies *trio_proxies_new      (const char *const  *ranges,
                                    GError            **error);
void         trio_proxies_free     (TrioProxies        *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TrioProxies, trio_proxies_free)

gboolean     trio_proxies_is_empty (const TrioProxies  *self);
/* address (text) as the server counts and logs it: normalised when it is an IP address,
 * else as it is. */
char        *trio_proxies_normalise (const char        *address);
/* What the per-address bounds count address (normalised) under: an IPv4 address itself, an
 * IPv6 address's /64 (a household or a server is given a /64, and may use any address in
 * it), anything else as it is. */
char        *trio_proxies_bucket   (const char         *address);
/* Whether address (text) is an IP address in a trusted range. */
gboolean     trio_proxies_trusts   (const TrioProxies  *self,
                                    const char         *address);
/* The address of the client of a connection from peer (NULL: unknown, "?"), normalised:
 * peer's own, or, when peer is a trusted proxy, the one forwarded (the X-Forwarded-For
 * header, its lines joined by commas; NULL when there is none) names. When peer is trusted
 * but forwarded is missing, empty, malformed (an entry that is not an IP address) or a chain
 * of more than TRIO_PROXIES_MAX_ENTRIES trusted proxies, the client is peer and *problem
 * (when not NULL) says why, in English; otherwise *problem is NULL. */
char        *trio_proxies_client   (const TrioProxies  *self,
                                    const char         *peer,
                                    const char         *forwarded,
                                    const char        **problem);

G_END_DECLS
