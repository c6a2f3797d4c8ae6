/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-poller.c: many small contexts driven from one epoll: ready descriptors, timers,
 * sources attached from outside and from another thread, removal while dispatching, and a
 * descriptor number reused by another context */

#include <check.h>
#include <glib-unix.h>
#include <sys/socket.h>
#include <unistd.h>

#include "trio-server-poller.h"
#include "trio-server-stream.h"
#include "test-util.h"

/* Iterates the owner until *flag is set; a generous bound on the wait, only to fail. */
static void
iterate_until (GMainContext   *owner,
               const gboolean *flag)
{
  gint64 give_up = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!*flag && g_get_monotonic_time () < give_up)
    g_main_context_iteration (owner, TRUE);
  ck_assert_msg (*flag, "what was waited for never came");
}

/* Iterates the owner without blocking until nothing is left to do. */
static void
drain (GMainContext *owner)
{
  for (guint i = 0; i < 1000 && g_main_context_iteration (owner, FALSE); i++)
    ;
}

typedef struct
{
  int fds[2];
  guint reads;
  gboolean done;
  TrioPoller *poller;
  TrioPolled *polled;
  gboolean remove_when_read;
} Pipe;

static gboolean
on_readable (int          fd,
             GIOCondition condition,
             gpointer     user_data)
{
  Pipe *pipe_ = user_data;
  char byte;

  ck_assert_int_eq (read (fd, &byte, 1), 1);
  pipe_->reads++;
  pipe_->done = TRUE;
  if (pipe_->remove_when_read)
    {
      trio_poller_remove (pipe_->poller, pipe_->polled);
      pipe_->polled = NULL;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

/* A pipe whose reading end is watched by a source of a new polled context. */
static void
pipe_watch (Pipe       *pipe_,
            TrioPoller *poller)
{
  g_autoptr (GMainContext) context = NULL;
  g_autoptr (GSource) source = NULL;

  /* The pipe first: a context takes a descriptor of its own (test_descriptor_reused). */
  ck_assert_int_eq (pipe (pipe_->fds), 0);
  context = g_main_context_new ();
  pipe_->poller = poller;
  source = g_unix_fd_source_new (pipe_->fds[0], G_IO_IN);
  g_source_set_callback (source, G_SOURCE_FUNC (on_readable), pipe_, NULL);
  g_source_attach (source, context);
  pipe_->polled = trio_poller_add (poller, context);
}

static void
pipe_write (Pipe *pipe_)
{
  pipe_->done = FALSE;
  ck_assert_int_eq (write (pipe_->fds[1], "x", 1), 1);
}

static void
pipe_close (Pipe *pipe_)
{
  if (pipe_->polled != NULL)
    trio_poller_remove (pipe_->poller, pipe_->polled);
  close (pipe_->fds[0]);
  close (pipe_->fds[1]);
}

START_TEST (test_ready_descriptors)
{
  g_autoptr (GMainContext) owner = g_main_context_new ();
  TrioPoller *poller = trio_poller_new (owner, 1);
  Pipe pipes[200] = { { { 0 } } };

  for (guint i = 0; i < G_N_ELEMENTS (pipes); i++)
    pipe_watch (&pipes[i], poller);
  drain (owner);
  /* Only the contexts written to are dispatched, once a byte. */
  for (guint round = 0; round < 3; round++)
    {
      pipe_write (&pipes[7]);
      pipe_write (&pipes[150]);
      iterate_until (owner, &pipes[7].done);
      iterate_until (owner, &pipes[150].done);
    }
  drain (owner);
  for (guint i = 0; i < G_N_ELEMENTS (pipes); i++)
    ck_assert_uint_eq (pipes[i].reads, i == 7 || i == 150 ? 3 : 0);
  for (guint i = 0; i < G_N_ELEMENTS (pipes); i++)
    pipe_close (&pipes[i]);
  trio_poller_free (poller);
}
END_TEST

static gboolean
set_flag (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* A timer of a polled context wakes the owner's blocking iteration. */
START_TEST (test_timer)
{
  g_autoptr (GMainContext) owner = g_main_context_new ();
  g_autoptr (GMainContext) context = g_main_context_new ();
  g_autoptr (GSource) timeout = g_timeout_source_new (30);
  TrioPoller *poller = trio_poller_new (owner, 1);
  TrioPolled *polled;
  gboolean fired = FALSE;
  gint64 start = g_get_monotonic_time ();

  g_source_set_callback (timeout, set_flag, &fired, NULL);
  g_source_attach (timeout, context);
  polled = trio_poller_add (poller, context);
  iterate_until (owner, &fired);
  ck_assert_int_ge (g_get_monotonic_time () - start, 30 * 1000);
  trio_poller_remove (poller, polled);
  trio_poller_free (poller);
}
END_TEST

static gboolean
count_up (gpointer user_data)
{
  (*(guint *) user_data)++;
  return G_SOURCE_REMOVE;
}

/* Timers of many contexts, set in no order (the poller keeps them in a heap): each fires,
 * once. */
START_TEST (test_many_timers)
{
  g_autoptr (GMainContext) owner = g_main_context_new ();
  TrioPoller *poller = trio_poller_new (owner, 1);
  TrioPolled *polled[60];
  guint fired[60] = { 0 };
  gboolean all = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (polled); i++)
    {
      g_autoptr (GMainContext) context = g_main_context_new ();
      g_autoptr (GSource) timeout = g_timeout_source_new ((i * 37) % 60 * 3 + 1);

      g_source_set_callback (timeout, count_up, &fired[i], NULL);
      g_source_attach (timeout, context);
      polled[i] = trio_poller_add (poller, context);
    }
  while (!all)
    {
      g_main_context_iteration (owner, TRUE);
      all = TRUE;
      for (guint i = 0; i < G_N_ELEMENTS (polled); i++)
        all = all && fired[i] > 0;
    }
  drain (owner);
  for (guint i = 0; i < G_N_ELEMENTS (polled); i++)
    {
      ck_assert_uint_eq (fired[i], 1);
      trio_poller_remove (poller, polled[i]);
    }
  trio_poller_free (poller);
}
END_TEST

static void
attach_idle (gpointer data)
{
  g_autoptr (GSource) idle = g_idle_source_new ();

  g_source_set_callback (idle, set_flag, data, NULL);
  g_source_attach (idle, g_main_context_get_thread_default ());
}

static gpointer
attach_from_thread (gpointer data)
{
  GMainContext *context = data;
  g_autoptr (GSource) idle = g_idle_source_new ();
  static gboolean from_thread;

  g_source_set_callback (idle, set_flag, &from_thread, NULL);
  g_source_attach (idle, context);
  return &from_thread;
}

/* Sources attached outside the context's iteration: between push and pop on the owner's
 * thread, and from another thread (the context's wakeup descriptor is in the epoll). */
START_TEST (test_attached_from_outside)
{
  g_autoptr (GMainContext) owner = g_main_context_new ();
  g_autoptr (GMainContext) context = g_main_context_new ();
  TrioPoller *poller = trio_poller_new (owner, 1);
  TrioPolled *polled = trio_poller_add (poller, context);
  gboolean ran = FALSE;
  gboolean *from_thread;

  drain (owner);
  trio_poller_push (poller, polled);
  attach_idle (&ran);
  trio_poller_pop (poller, polled);
  iterate_until (owner, &ran);
  drain (owner);
  from_thread = g_thread_join (g_thread_new ("attach", attach_from_thread, context));
  iterate_until (owner, from_thread);
  trio_poller_remove (poller, polled);
  trio_poller_free (poller);
}
END_TEST

/* A context removed by its own source's callback is freed after the dispatch. */
START_TEST (test_removed_while_dispatching)
{
  g_autoptr (GMainContext) owner = g_main_context_new ();
  TrioPoller *poller = trio_poller_new (owner, 1);
  Pipe pipe_ = { { 0 } };

  pipe_watch (&pipe_, poller);
  pipe_.remove_when_read = TRUE;
  drain (owner);
  pipe_write (&pipe_);
  iterate_until (owner, &pipe_.done);
  ck_assert_ptr_null (pipe_.polled);
  /* Nothing of it is watched any more: a second byte stays unread. */
  pipe_write (&pipe_);
  drain (owner);
  ck_assert_uint_eq (pipe_.reads, 1);
  pipe_close (&pipe_);
  trio_poller_free (poller);
}
END_TEST

/* A descriptor closed under a context (the kernel drops it from the epoll) and its number
 * taken by another context's: the first context, looked at again, must not unregister it. */
START_TEST (test_descriptor_reused)
{
  g_autoptr (GMainContext) owner = g_main_context_new ();
  g_autoptr (GMainContext) first = g_main_context_new ();
  TrioPoller *poller = trio_poller_new (owner, 1);
  g_autoptr (GSource) source = NULL;
  TrioPolled *polled;
  Pipe second = { { 0 } };
  int fds[2];
  int number;

  ck_assert_int_eq (pipe (fds), 0);
  number = fds[0];
  source = g_unix_fd_source_new (fds[0], G_IO_IN);
  g_source_set_callback (source, G_SOURCE_FUNC (on_readable), &second, NULL);
  g_source_attach (source, first);
  polled = trio_poller_add (poller, first);
  drain (owner);
  close (fds[0]);
  close (fds[1]);
  pipe_watch (&second, poller);
  ck_assert_int_eq (second.fds[0], number);
  drain (owner);
  /* The first context stops wanting the number, and is looked at again. */
  g_source_destroy (source);
  trio_poller_touch (poller, polled);
  drain (owner);
  pipe_write (&second);
  iterate_until (owner, &second.done);
  ck_assert_uint_eq (second.reads, 1);
  trio_poller_remove (poller, polled);
  pipe_close (&second);
  trio_poller_free (poller);
}
END_TEST

static void
on_waiting (gpointer source,
            gpointer data)
{
  Pipe *told = data;

  told->reads++;
  trio_poller_touch (told->poller, told->polled);
}

static gboolean
on_writable (GObject *stream,
             gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* A writer that must wait (the peer reads nothing) attaches a source to the connection's
 * context from outside the poller's iteration: the stream tells, the context is touched,
 * and once the peer reads, the writer goes on. */
START_TEST (test_write_waits)
{
  g_autoptr (GMainContext) owner = g_main_context_new ();
  g_autoptr (GMainContext) context = g_main_context_new ();
  TrioPoller *poller = trio_poller_new (owner, 1);
  Pipe told = { { 0 } };
  int fds[2];
  g_autoptr (GSocket) ours = NULL, theirs = NULL;
  g_autoptr (GSocketConnection) base = NULL;
  g_autoptr (GIOStream) stream = NULL;
  g_autoptr (GSource) source = NULL;
  GPollableOutputStream *output;
  char block[4096] = { 0 };
  gboolean writable = FALSE;
  gsize written = 0;
  gssize n;

  ck_assert_int_eq (socketpair (AF_UNIX, SOCK_STREAM, 0, fds), 0);
  ours = g_socket_new_from_fd (fds[0], NULL);
  theirs = g_socket_new_from_fd (fds[1], NULL);
  base = g_socket_connection_factory_create_connection (ours);
  stream = trio_capped_stream_new (G_IO_STREAM (base), 1024, ours);
  told.poller = poller;
  told.polled = trio_poller_add (poller, context);
  trio_capped_stream_set_waiting (TRIO_CAPPED_STREAM (stream), on_waiting, &told);
  output = G_POLLABLE_OUTPUT_STREAM (g_io_stream_get_output_stream (stream));
  drain (owner);
  while ((n = g_pollable_output_stream_write_nonblocking (output, block, sizeof block, NULL,
                                                          NULL)) > 0)
    written += (gsize) n;
  ck_assert_uint_gt (written, 0);
  g_main_context_push_thread_default (context);
  source = g_pollable_output_stream_create_source (output, NULL);
  g_source_set_callback (source, G_SOURCE_FUNC (on_writable), &writable, NULL);
  g_source_attach (source, context);
  g_main_context_pop_thread_default (context);
  ck_assert_uint_eq (told.reads, 1);
  drain (owner);
  ck_assert (!writable);
  /* The peer reads everything: the writer may go on. */
  while (written > 0 && (n = g_socket_receive (theirs, block, sizeof block, NULL, NULL)) > 0)
    written -= (gsize) n;
  iterate_until (owner, &writable);
  trio_poller_remove (poller, told.polled);
  trio_poller_free (poller);
}
END_TEST

static Suite *
poller_suite (void)
{
  Suite *suite = suite_create ("server-poller");
  TCase *tc = tcase_create ("poller");

  tcase_add_test (tc, test_ready_descriptors);
  tcase_add_test (tc, test_timer);
  tcase_add_test (tc, test_many_timers);
  tcase_add_test (tc, test_attached_from_outside);
  tcase_add_test (tc, test_removed_while_dispatching);
  tcase_add_test (tc, test_descriptor_reused);
  tcase_add_test (tc, test_write_waits);
  suite_add_tcase (suite, tc);
  return suite;
}

int
main (void)
{
  return tu_run_suite (poller_suite ());
}
