/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-discovery-avahi.h: what the two files of TrioDiscovery's Avahi thread share: its
 * state, the events it sends to the object, and the games found (trio-discovery-browse.c)
 *
 * Everything here is the Avahi thread's, but owner (trio-discovery-private.h).
 */
#pragma once

#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-glib/glib-watch.h>

#include "trio-discovery-private.h"

G_BEGIN_DECLS

struct _TrioDiscoveryWorker
{
  gatomicrefcount ref_count;
  GMainContext *main_context;  /* the object's */
  GMainContext *context;       /* this thread's */
  GMainLoop *loop;
  TrioDiscovery *owner;        /* read and written on main_context only; NULL once stopped */

  /* This thread's only. */
  AvahiGLibPoll *poll;
  AvahiClient *client;
  AvahiServiceBrowser *browser;
  GHashTable *announcements;   /* room → Announcement (trio-discovery-avahi.c) */
  GHashTable *services;        /* name → Service (trio-discovery-browse.c) */
  GSource *reconnect;
  gboolean running;            /* the daemon runs and our client with it */
  gboolean stopping;
};

/* Sends event (its name copied) to the object's main context. */
void trio_discovery_worker_tell         (TrioDiscoveryWorker      *worker,
                                         const TrioDiscoveryEvent *event);

/* trio-discovery-browse.c: browses for games once the client runs (again, after the
 * daemon came back), and forgets every game seen, with the browser and resolvers, when it
 * is gone or the thread ends. */
void trio_discovery_worker_browse       (TrioDiscoveryWorker      *worker);
void trio_discovery_worker_forget_games (TrioDiscoveryWorker      *worker);

G_END_DECLS
