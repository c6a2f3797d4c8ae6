/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-poller.c: many small main contexts driven from one epoll (see the header) */

#include "trio-server-poller.h"

#include <errno.h>
#include <sys/epoll.h>
#include <unistd.h>

#define MAX_EVENTS 256
/* Dispatches of one context in a row before the others get their turn. */
#define MAX_ROUNDS 8
/* Contexts looked at again in one dispatch before the poller yields to its own context. */
#define MAX_TOUCHED 100000
/* A timer's deadline computed again (from a timeout in ms) moves by this much at most. */
#define DEADLINE_SLACK_US 2000

struct _TrioPolled
{
  GMainContext *context;
  GArray *registered;  /* GPollFD: each descriptor in the epoll, with its events */
  gint64 deadline;     /* monotonic µs of its next timer, or G_MAXINT64 */
  guint64 stamp;       /* of its latest entry in the poller's timers */
  guint members;       /* of a context made by trio_poller_join() */
  gboolean busy;       /* being iterated */
  gboolean touched;    /* in the poller's queue */
  gboolean removed;
};

/* A deadline of a context; stale once the context has a newer one (another stamp), or is
 * removed (not in the poller's set: its pointer is not followed then). */
typedef struct
{
  gint64 deadline;
  TrioPolled *polled;
  guint64 stamp;
} Timer;

struct _TrioPoller
{
  GSource source;
  int epoll;
  gpointer tag;
  GHashTable *all;     /* TrioPolled set */
  GHashTable *owners;  /* descriptor to the TrioPolled that registered it */
  GQueue touched;
  GQueue open;         /* the joined contexts with room for another member */
  guint group_size;
  GPtrArray *dead;     /* removed while it could still be looked at: freed after dispatch */
  GArray *timers;      /* Timer: a binary heap by deadline, with entries gone stale */
  GPollFD *fds;        /* a context's descriptors, as g_main_context_query() gives them */
  int n_fds;
  int n_alloc;
  gboolean dispatching;
};

static guint32
to_epoll (gushort events)
{
  return ((events & G_IO_IN) ? EPOLLIN : 0) | ((events & G_IO_OUT) ? EPOLLOUT : 0)
         | ((events & G_IO_PRI) ? EPOLLPRI : 0);
}

static gushort
from_epoll (guint32 events)
{
  return ((events & EPOLLIN) ? G_IO_IN : 0) | ((events & EPOLLOUT) ? G_IO_OUT : 0)
         | ((events & EPOLLPRI) ? G_IO_PRI : 0) | ((events & EPOLLERR) ? G_IO_ERR : 0)
         | ((events & EPOLLHUP) ? G_IO_HUP : 0);
}

/* A descriptor number may come back for another connection once closed (the kernel has
 * then dropped it from the epoll): the owners tell whose registration it is now. */
static void
watch_fd (TrioPoller *self,
          TrioPolled *polled,
          int         fd,
          gushort     events)
{
  struct epoll_event event = { .events = to_epoll (events), .data.fd = fd };

  if (epoll_ctl (self->epoll, EPOLL_CTL_ADD, fd, &event) != 0 && errno == EEXIST)
    epoll_ctl (self->epoll, EPOLL_CTL_MOD, fd, &event);
  g_hash_table_insert (self->owners, GINT_TO_POINTER (fd), polled);
}

static void
unwatch_fd (TrioPoller *self,
            TrioPolled *polled,
            int         fd)
{
  if (g_hash_table_lookup (self->owners, GINT_TO_POINTER (fd)) != polled)
    return;
  /* Fails harmlessly when the descriptor is closed already. */
  epoll_ctl (self->epoll, EPOLL_CTL_DEL, fd, NULL);
  g_hash_table_remove (self->owners, GINT_TO_POINTER (fd));
}

static gboolean
has_fd (const GPollFD *fds,
        int            n,
        int            fd,
        gushort       *events)
{
  for (int i = 0; i < n; i++)
    if (fds[i].fd == fd)
      {
        *events = fds[i].events;
        return TRUE;
      }
  return FALSE;
}

/* The epoll watches what the context's last query asked for, no more. */
static void
register_fds (TrioPoller *self,
              TrioPolled *polled)
{
  GArray *old = polled->registered;
  gushort events;

  for (guint i = 0; i < old->len;)
    {
      GPollFD *was = &g_array_index (old, GPollFD, i);

      if (has_fd (self->fds, self->n_fds, was->fd, &events))
        {
          if (events != was->events
              || g_hash_table_lookup (self->owners, GINT_TO_POINTER (was->fd)) != polled)
            watch_fd (self, polled, was->fd, events);
          was->events = events;
          i++;
          continue;
        }
      unwatch_fd (self, polled, was->fd);
      g_array_remove_index_fast (old, i);
    }
  for (int i = 0; i < self->n_fds; i++)
    if (!has_fd ((GPollFD *) old->data, (int) old->len, self->fds[i].fd, &events))
      {
        GPollFD added = { self->fds[i].fd, self->fds[i].events, 0 };

        watch_fd (self, polled, added.fd, added.events);
        g_array_append_val (old, added);
      }
}

/* The context's descriptors (in fds, n_fds of them) and timeout, after
 * g_main_context_prepare(). */
static gint
query (TrioPoller   *self,
       GMainContext *context,
       gint          max_priority)
{
  gint timeout;
  int n;

  while ((n = g_main_context_query (context, max_priority, &timeout, self->fds, self->n_alloc))
         > self->n_alloc)
    {
      self->n_alloc = n;
      self->fds = g_renew (GPollFD, self->fds, n);
    }
  self->n_fds = n;
  return timeout;
}

static gboolean
timer_before (GArray *heap,
              guint   a,
              guint   b)
{
  return g_array_index (heap, Timer, a).deadline < g_array_index (heap, Timer, b).deadline;
}

static void
timer_swap (GArray *heap,
            guint   a,
            guint   b)
{
  Timer t = g_array_index (heap, Timer, a);

  g_array_index (heap, Timer, a) = g_array_index (heap, Timer, b);
  g_array_index (heap, Timer, b) = t;
}

static void
timer_push (GArray *heap,
            Timer   timer)
{
  guint i = heap->len;

  g_array_append_val (heap, timer);
  for (; i > 0 && timer_before (heap, i, (i - 1) / 2); i = (i - 1) / 2)
    timer_swap (heap, i, (i - 1) / 2);
}

static Timer
timer_pop (GArray *heap)
{
  Timer top = g_array_index (heap, Timer, 0);
  guint i = 0;

  g_array_index (heap, Timer, 0) = g_array_index (heap, Timer, heap->len - 1);
  g_array_set_size (heap, heap->len - 1);
  for (;;)
    {
      guint least = i, left = 2 * i + 1, right = left + 1;

      if (left < heap->len && timer_before (heap, left, least))
        least = left;
      if (right < heap->len && timer_before (heap, right, least))
        least = right;
      if (least == i)
        return top;
      timer_swap (heap, i, least);
      i = least;
    }
}

/* A new deadline (from the timeout of a query) goes into the heap, unless it is the one there
 * already, give or take the rounding of a timeout to milliseconds. */
static void
set_deadline (TrioPoller *self,
              TrioPolled *polled,
              gint        timeout)
{
  gint64 deadline = timeout < 0 ? G_MAXINT64 : g_get_monotonic_time () + timeout * 1000LL;
  Timer timer = { deadline, polled, 0 };

  if (deadline == polled->deadline
      || (deadline != G_MAXINT64 && polled->deadline != G_MAXINT64
          && ABS (deadline - polled->deadline) <= DEADLINE_SLACK_US))
    return;
  polled->deadline = deadline;
  timer.stamp = ++polled->stamp;
  if (deadline != G_MAXINT64)
    timer_push (self->timers, timer);
}

static void
touch (TrioPoller *self,
       TrioPolled *polled)
{
  if (polled->touched || polled->removed)
    return;
  polled->touched = TRUE;
  g_queue_push_tail (&self->touched, polled);
}

/* The revents of fd, as the epoll reported them, for g_main_context_check(); the others
 * stay 0: a descriptor still ready is reported again (the epoll is level-triggered). */
static void
mark_ready (TrioPoller *self,
            int         fd,
            guint32     revents)
{
  for (int i = 0; i < self->n_fds; i++)
    if (self->fds[i].fd == fd)
      self->fds[i].revents = from_epoll (revents) & (self->fds[i].events | G_IO_ERR | G_IO_HUP);
}

/* Dispatches what is ready in polled's context, a few rounds at most, then registers the
 * descriptors and the timeout it waits for. */
static void
iterate (TrioPoller *self,
         TrioPolled *polled,
         int         ready_fd,
         guint32     revents)
{
  GMainContext *context = polled->context;
  gboolean more = FALSE;
  gint max_priority, timeout = -1;

  if (polled->busy)
    {
      touch (self, polled);
      return;
    }
  polled->busy = TRUE;
  g_main_context_ref (context);
  g_main_context_push_thread_default (context);
  for (guint round = 0; !polled->removed; round++)
    {
      g_main_context_prepare (context, &max_priority);
      timeout = query (self, context, max_priority);
      if (round == 0 && ready_fd >= 0)
        mark_ready (self, ready_fd, revents);
      if (!g_main_context_check (context, max_priority, self->fds, self->n_fds))
        break;
      if (round == MAX_ROUNDS)
        {
          more = TRUE;
          break;
        }
      g_main_context_dispatch (context);
    }
  if (!polled->removed)
    {
      register_fds (self, polled);
      set_deadline (self, polled, more ? 0 : timeout);
    }
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
  polled->busy = FALSE;
  if (more)
    touch (self, polled);
}

static void
polled_free (TrioPolled *polled)
{
  g_main_context_release (polled->context);
  g_main_context_unref (polled->context);
  g_array_unref (polled->registered);
  g_free (polled);
}

static void
read_events (TrioPoller *self)
{
  struct epoll_event events[MAX_EVENTS];
  int n = epoll_wait (self->epoll, events, MAX_EVENTS, 0);

  for (int i = 0; i < n; i++)
    {
      int fd = events[i].data.fd;
      TrioPolled *polled = g_hash_table_lookup (self->owners, GINT_TO_POINTER (fd));

      if (polled == NULL)
        {
          /* Its context no longer wants it (a race with a close): not to be seen again. */
          epoll_ctl (self->epoll, EPOLL_CTL_DEL, fd, NULL);
          continue;
        }
      iterate (self, polled, fd, events[i].events);
    }
}

static void
run_touched (TrioPoller *self)
{
  TrioPolled *polled;

  for (guint i = 0; i < MAX_TOUCHED && (polled = g_queue_pop_head (&self->touched)) != NULL;
       i++)
    {
      polled->touched = FALSE;
      if (!polled->removed)
        iterate (self, polled, -1, 0);
    }
}

/* The contexts whose timers are due. */
static void
run_timers (TrioPoller *self)
{
  gint64 now = g_get_monotonic_time ();

  while (self->timers->len > 0 && g_array_index (self->timers, Timer, 0).deadline <= now)
    {
      Timer timer = timer_pop (self->timers);
      TrioPolled *polled = timer.polled;

      if (!g_hash_table_contains (self->all, polled) || polled->stamp != timer.stamp)
        continue;
      polled->deadline = G_MAXINT64;
      touch (self, polled);
    }
}

/* The contexts removed meanwhile, but those still in the queue (a bounded run left them). */
static void
free_dead (TrioPoller *self)
{
  for (guint i = 0; i < self->dead->len;)
    {
      TrioPolled *polled = self->dead->pdata[i];

      if (polled->touched || polled->busy)
        i++;
      else
        g_ptr_array_remove_index_fast (self->dead, i);
    }
}

static gboolean
poller_prepare (GSource *source,
                gint    *timeout)
{
  TrioPoller *self = (TrioPoller *) source;

  *timeout = -1;
  return !g_queue_is_empty (&self->touched);
}

static gboolean
poller_check (GSource *source)
{
  TrioPoller *self = (TrioPoller *) source;

  return !g_queue_is_empty (&self->touched)
         || g_source_query_unix_fd (source, self->tag) != 0;
}

static gboolean
poller_dispatch (GSource    *source,
                 GSourceFunc callback,
                 gpointer    user_data)
{
  TrioPoller *self = (TrioPoller *) source;

  self->dispatching = TRUE;
  if (g_source_query_unix_fd (source, self->tag) != 0)
    read_events (self);
  run_timers (self);
  run_touched (self);
  self->dispatching = FALSE;
  free_dead (self);
  g_source_set_ready_time (source, self->timers->len == 0
                                   ? -1 : g_array_index (self->timers, Timer, 0).deadline);
  return G_SOURCE_CONTINUE;
}

static void
poller_finalize (GSource *source)
{
  TrioPoller *self = (TrioPoller *) source;

  g_ptr_array_unref (self->dead);
  g_array_unref (self->timers);
  g_hash_table_unref (self->all);
  g_hash_table_unref (self->owners);
  g_queue_clear (&self->touched);
  g_queue_clear (&self->open);
  g_free (self->fds);
  close (self->epoll);
}

static GSourceFuncs poller_funcs = {
  .prepare = poller_prepare,
  .check = poller_check,
  .dispatch = poller_dispatch,
  .finalize = poller_finalize,
};

TrioPoller *
trio_poller_new (GMainContext *owner,
                 guint         group_size)
{
  TrioPoller *self = (TrioPoller *) g_source_new (&poller_funcs, sizeof (TrioPoller));

  self->epoll = epoll_create1 (EPOLL_CLOEXEC);
  if (self->epoll < 0)
    g_error ("epoll_create1: %s", g_strerror (errno));
  self->all = g_hash_table_new (NULL, NULL);
  self->owners = g_hash_table_new (NULL, NULL);
  self->dead = g_ptr_array_new_with_free_func ((GDestroyNotify) polled_free);
  self->timers = g_array_new (FALSE, FALSE, sizeof (Timer));
  g_queue_init (&self->touched);
  g_queue_init (&self->open);
  self->group_size = MAX (group_size, 1);
  self->tag = g_source_add_unix_fd (&self->source, self->epoll, G_IO_IN);
  g_source_set_static_name (&self->source, "TrioPoller");
  g_source_attach (&self->source, owner != NULL ? owner : g_main_context_get_thread_default ());
  return self;
}

void
trio_poller_free (TrioPoller *self)
{
  if (self == NULL)
    return;
  g_warn_if_fail (g_hash_table_size (self->all) == 0);
  g_source_destroy (&self->source);
  g_source_unref (&self->source);
}

TrioPolled *
trio_poller_add (TrioPoller   *self,
                 GMainContext *context)
{
  TrioPolled *polled = g_new0 (TrioPolled, 1);

  if (!g_main_context_acquire (context))
    g_error ("A polled context is another thread's");
  polled->context = g_main_context_ref (context);
  polled->registered = g_array_new (FALSE, FALSE, sizeof (GPollFD));
  polled->deadline = G_MAXINT64;
  g_hash_table_add (self->all, polled);
  touch (self, polled);
  return polled;
}

void
trio_poller_remove (TrioPoller *self,
                    TrioPolled *polled)
{
  GArray *registered = polled->registered;

  for (guint i = 0; i < registered->len; i++)
    unwatch_fd (self, polled, g_array_index (registered, GPollFD, i).fd);
  g_array_set_size (registered, 0);
  polled->removed = TRUE;
  g_hash_table_remove (self->all, polled);
  if (polled->busy || polled->touched || self->dispatching)
    g_ptr_array_add (self->dead, polled);
  else
    polled_free (polled);
}

TrioPolled *
trio_poller_join (TrioPoller *self)
{
  TrioPolled *polled = g_queue_peek_head (&self->open);

  if (polled == NULL)
    {
      g_autoptr (GMainContext) context = g_main_context_new ();

      polled = trio_poller_add (self, context);
      g_queue_push_head (&self->open, polled);
    }
  if (++polled->members == self->group_size)
    g_queue_pop_head (&self->open);
  return polled;
}

void
trio_poller_leave (TrioPoller *self,
                   TrioPolled *polled)
{
  g_return_if_fail (polled->members > 0);
  if (polled->members-- == self->group_size)
    g_queue_push_tail (&self->open, polled);
  if (polled->members > 0)
    return;
  g_queue_remove (&self->open, polled);
  trio_poller_remove (self, polled);
}

void
trio_poller_touch (TrioPoller *self,
                   TrioPolled *polled)
{
  touch (self, polled);
}

void
trio_poller_push (TrioPoller *self,
                  TrioPolled *polled)
{
  g_main_context_push_thread_default (polled->context);
}

void
trio_poller_pop (TrioPoller *self,
                 TrioPolled *polled)
{
  g_main_context_pop_thread_default (polled->context);
  touch (self, polled);
}

GMainContext *
trio_polled_get_context (TrioPolled *polled)
{
  return polled->context;
}
