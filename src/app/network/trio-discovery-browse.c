/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-discovery-browse.c: the games TrioDiscovery's Avahi thread finds: a browser of the
 * service type, a resolver for each interface and protocol a game is seen on, its TXT
 * record read and checked (trio-discovery-record.c), and the best address of each game
 * told to the object */

#include "trio-discovery-avahi.h"

#include <avahi-common/error.h>
#include <string.h>

/* What the network may make this thread keep: games, and the interfaces and protocols each
 * is seen on. */
#define SERVICES_MAX  64
#define SIGHTINGS_MAX 8

typedef struct
{
  TrioDiscoveryWorker *worker;
  char *name;
  GPtrArray *sightings;        /* Sighting */
  gboolean told;               /* the object was told of it: FOUND and no GONE since */
  TrioDiscoveryEvent last;     /* what it was told */
  guint64 serial;
} Service;

typedef struct
{
  Service *service;
  AvahiIfIndex interface;
  AvahiProtocol protocol;
  AvahiServiceResolver *resolver;
  int rank;                    /* trio_discovery_address_rank(); 0 when not usable */
  guint64 serial;              /* when it was resolved: the latest wins a tie */
  char host[TRIO_DISCOVERY_ADDRESS_MAX];
  guint port;
  TrioDiscoveryRecord record;
} Sighting;

static void
sighting_free (gpointer data)
{
  Sighting *sighting = data;

  if (sighting->resolver != NULL)
    avahi_service_resolver_free (sighting->resolver);
  g_free (sighting);
}

static void
service_free (gpointer data)
{
  Service *service = data;

  g_ptr_array_unref (service->sightings);
  g_free (service->name);
  g_free (service);
}

static gboolean
same_event (const TrioDiscoveryEvent *a,
            const TrioDiscoveryEvent *b)
{
  return a->port == b->port && strcmp (a->host, b->host) == 0
         && memcmp (&a->record, &b->record, sizeof a->record) == 0;
}

/* Tells the object what it should now show of service: its best sighting (the best
 * address, the latest of equals), or that it is gone when none is usable. */
static void
service_update (Service *service)
{
  Sighting *best = NULL;
  TrioDiscoveryEvent event = { .kind = TRIO_DISCOVERY_EVENT_FOUND, .name = service->name };

  for (guint i = 0; i < service->sightings->len; i++)
    {
      Sighting *sighting = g_ptr_array_index (service->sightings, i);

      if (sighting->rank > 0
          && (best == NULL || sighting->rank > best->rank
              || (sighting->rank == best->rank && sighting->serial > best->serial)))
        best = sighting;
    }
  if (best == NULL)
    {
      if (service->told)
        {
          event.kind = TRIO_DISCOVERY_EVENT_GONE;
          trio_discovery_worker_tell (service->worker, &event);
        }
      service->told = FALSE;
      return;
    }
  g_strlcpy (event.host, best->host, sizeof event.host);
  event.port = best->port;
  event.record = best->record;
  if (service->told && same_event (&service->last, &event))
    return;
  trio_discovery_worker_tell (service->worker, &event);
  service->last = event;
  service->last.name = NULL;
  service->told = TRUE;
}

static void
resolved (AvahiServiceResolver   *resolver,
          AvahiIfIndex            interface,
          AvahiProtocol           protocol,
          AvahiResolverEvent      what,
          const char             *name,
          const char             *type,
          const char             *domain,
          const char             *host_name,
          const AvahiAddress     *address,
          uint16_t                port,
          AvahiStringList        *txt,
          AvahiLookupResultFlags  flags,
          void                   *data)
{
  Sighting *sighting = data;
  const guint8 *items[TRIO_DISCOVERY_ITEMS_MAX + 1];
  gsize lengths[TRIO_DISCOVERY_ITEMS_MAX + 1];
  gsize n_items = 0;
  const char *reason = NULL;
  char host[TRIO_DISCOVERY_ADDRESS_MAX] = "";
  TrioDiscoveryRecord record;

  sighting->rank = 0;
  if (what != AVAHI_RESOLVER_FOUND)
    {
      AvahiClient *client = avahi_service_resolver_get_client (resolver);

      g_debug ("discovery: \"%s\" not resolved: %s", sighting->service->name,
               avahi_strerror (avahi_client_errno (client)));
      service_update (sighting->service);
      return;
    }
  for (AvahiStringList *item = txt; item != NULL && n_items <= TRIO_DISCOVERY_ITEMS_MAX;
       item = avahi_string_list_get_next (item))
    {
      items[n_items] = avahi_string_list_get_text (item);
      lengths[n_items++] = avahi_string_list_get_size (item);
    }
  if (address != NULL)
    avahi_address_snprint (host, sizeof host, address);
  if (!trio_discovery_record_parse (&record, items, lengths, n_items, &reason))
    g_debug ("discovery: \"%s\" ignored: %s", sighting->service->name, reason);
  else if (port == 0 || trio_discovery_address_rank (host) == 0)
    g_debug ("discovery: \"%s\" ignored: no usable address (%s port %u)",
             sighting->service->name, host, port);
  else
    {
      sighting->rank = trio_discovery_address_rank (host);
      sighting->serial = ++sighting->service->serial;
      g_strlcpy (sighting->host, host, sizeof sighting->host);
      sighting->port = port;
      sighting->record = record;
    }
  service_update (sighting->service);
}

static void
browsed (AvahiServiceBrowser    *browser,
         AvahiIfIndex            interface,
         AvahiProtocol           protocol,
         AvahiBrowserEvent       what,
         const char             *name,
         const char             *type,
         const char             *domain,
         AvahiLookupResultFlags  flags,
         void                   *data)
{
  TrioDiscoveryWorker *worker = data;
  Service *service = name != NULL ? g_hash_table_lookup (worker->services, name) : NULL;
  Sighting *sighting = NULL;
  guint index = 0;

  for (; service != NULL && index < service->sightings->len; index++)
    {
      Sighting *seen = g_ptr_array_index (service->sightings, index);

      if (seen->interface == interface && seen->protocol == protocol)
        {
          sighting = seen;
          break;
        }
    }
  switch (what)
    {
    case AVAHI_BROWSER_NEW:
      if (sighting != NULL)
        break;
      if (service == NULL)
        {
          if (g_hash_table_size (worker->services) >= SERVICES_MAX)
            {
              g_debug ("discovery: \"%s\" ignored: %d games on the network already", name,
                       SERVICES_MAX);
              break;
            }
          service = g_new0 (Service, 1);
          service->worker = worker;
          service->name = g_strdup (name);
          service->sightings = g_ptr_array_new_with_free_func (sighting_free);
          g_hash_table_insert (worker->services, service->name, service);
        }
      if (service->sightings->len >= SIGHTINGS_MAX)
        break;
      sighting = g_new0 (Sighting, 1);
      sighting->service = service;
      sighting->interface = interface;
      sighting->protocol = protocol;
      g_ptr_array_add (service->sightings, sighting);
      /* An address of the protocol it is seen on: IPv4 where it is seen on IPv4, which
       * service_update() prefers. */
      sighting->resolver = avahi_service_resolver_new (worker->client, interface, protocol,
                                                       name, type, domain, protocol, 0,
                                                       resolved, sighting);
      if (sighting->resolver == NULL)
        g_debug ("discovery: \"%s\" cannot be resolved: %s", name,
                 avahi_strerror (avahi_client_errno (worker->client)));
      break;
    case AVAHI_BROWSER_REMOVE:
      if (sighting == NULL)
        break;
      g_ptr_array_remove_index (service->sightings, index);
      service_update (service);
      if (service->sightings->len == 0)
        g_hash_table_remove (worker->services, service->name);
      break;
    case AVAHI_BROWSER_FAILURE:
      g_debug ("discovery: browsing failed: %s",
               avahi_strerror (avahi_client_errno (worker->client)));
      break;
    case AVAHI_BROWSER_CACHE_EXHAUSTED:
    case AVAHI_BROWSER_ALL_FOR_NOW:
      break;
    }
}

void
trio_discovery_worker_browse (TrioDiscoveryWorker *worker)
{
  if (worker->services == NULL)
    worker->services = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, service_free);
  if (worker->browser == NULL)
    worker->browser = avahi_service_browser_new (worker->client, AVAHI_IF_UNSPEC,
                                                 AVAHI_PROTO_UNSPEC,
                                                 TRIO_DISCOVERY_SERVICE_TYPE, NULL, 0, browsed,
                                                 worker);
  if (worker->browser == NULL)
    g_debug ("discovery: cannot browse: %s",
             avahi_strerror (avahi_client_errno (worker->client)));
}

void
trio_discovery_worker_forget_games (TrioDiscoveryWorker *worker)
{
  /* The resolvers before the browser, and both before the client. */
  g_clear_pointer (&worker->services, g_hash_table_unref);
  g_clear_pointer (&worker->browser, avahi_service_browser_free);
}
