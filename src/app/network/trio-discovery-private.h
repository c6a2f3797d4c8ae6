/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-discovery-private.h: what TrioDiscovery (trio-discovery.c, on its main context) and
 * its Avahi thread (trio-discovery-avahi.c) tell each other */
#pragma once

#include "trio-discovery.h"
#include "trio-discovery-record.h"

G_BEGIN_DECLS

/* The longest address Avahi writes (avahi_address_snprint(), AVAHI_ADDRESS_STR_MAX). */
#define TRIO_DISCOVERY_ADDRESS_MAX 40

typedef enum
{
  TRIO_DISCOVERY_EVENT_AVAILABLE,  /* available: a daemon answers, or none does any more
                                    * (then every game found is gone) */
  TRIO_DISCOVERY_EVENT_FOUND,      /* a game is found, or its announcement changed */
  TRIO_DISCOVERY_EVENT_GONE        /* a game found is announced no more */
} TrioDiscoveryEventKind;

typedef struct
{
  TrioDiscoveryEventKind kind;
  gboolean available;
  char *name;                      /* FOUND, GONE: the service's name, as it came */
  char host[TRIO_DISCOVERY_ADDRESS_MAX];
  guint port;
  TrioDiscoveryRecord record;      /* FOUND: checked */
} TrioDiscoveryEvent;

typedef struct _TrioDiscoveryWorker TrioDiscoveryWorker;

/* Starts the Avahi thread for owner: its events go to the calling thread's thread-default
 * main context, to trio_discovery_handle_event(). NULL when no thread can be made. */
TrioDiscoveryWorker *trio_discovery_worker_start    (TrioDiscovery             *owner);
/* Announces record under title (already fit to announce) and port, or updates its room's
 * announcement. */
void                 trio_discovery_worker_announce (TrioDiscoveryWorker       *worker,
                                                     const char                *title,
                                                     guint                      port,
                                                     const TrioDiscoveryRecord *record);
void                 trio_discovery_worker_withdraw (TrioDiscoveryWorker       *worker,
                                                     const char                *room);
/* The owner goes: no event reaches it any more; the thread withdraws every announcement,
 * lets go of the daemon and ends on its own, without being waited for. */
void                 trio_discovery_worker_stop     (TrioDiscoveryWorker       *worker);

/* trio-discovery.c: an event of the Avahi thread, on the owner's main context. */
void                 trio_discovery_handle_event    (TrioDiscovery             *self,
                                                     const TrioDiscoveryEvent  *event);

G_END_DECLS
