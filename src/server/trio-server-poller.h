/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-poller.h: many small main contexts driven from one epoll, on one owner context
 *
 * GLib 2.74 looks at every source of a context, and polls every descriptor, at each
 * iteration: with a thousand connections on one context, one message cost a walk over a
 * thousand. So each connection has a context of its own, with its few sources (libsoup's
 * reading, writing and keepalive, the stream's watch), and the poller, one source of the
 * owner's context, watches all their descriptors with one epoll and iterates only the
 * contexts whose descriptors are ready or whose timers are due. The poller's thread owns the
 * contexts (it acquires them when added); another thread may still attach sources to them
 * (their wakeup descriptor is watched too). Linux only (epoll).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _TrioPoller TrioPoller;
typedef struct _TrioPolled TrioPolled;

/* A poller whose source is attached to owner (the thread-default context when NULL); the
 * contexts it makes for trio_poller_join() have group_size members at most. */
TrioPoller *trio_poller_new     (GMainContext *owner,
                                 guint         group_size);
/* Destroys the source; every context must have been removed. */
void        trio_poller_free    (TrioPoller   *self);
/* Watches context (owned from now on by this thread). */
TrioPolled *trio_poller_add     (TrioPoller   *self,
                                 GMainContext *context);
/* Stops watching; polled is freed (later, when the poller is not iterating it). */
void        trio_poller_remove  (TrioPoller   *self,
                                 TrioPolled   *polled);
/* A context made by the poller and shared, one with room for another member (each context
 * has a descriptor of its own, GLib's wakeup: a group of connections share one, still few
 * enough that iterating it costs little). */
TrioPolled *trio_poller_join    (TrioPoller   *self);
/* One member less; the context is removed with its last. */
void        trio_poller_leave   (TrioPoller   *self,
                                 TrioPolled   *polled);
/* Sources may have been attached to polled's context from outside its iteration: it is
 * looked at again once the current dispatch is over. */
void        trio_poller_touch   (TrioPoller   *self,
                                 TrioPolled   *polled);
/* polled's context becomes the thread's default, where libsoup attaches the sources a call
 * makes (a write to finish, a close), until trio_poller_pop(), which touches it. */
void        trio_poller_push    (TrioPoller   *self,
                                 TrioPolled   *polled);
void        trio_poller_pop     (TrioPoller   *self,
                                 TrioPolled   *polled);
GMainContext *trio_polled_get_context (TrioPolled *polled);

G_END_DECLS
