/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-stream.c: a connection's stream whose input is counted and capped */

#include "trio-server-stream.h"

/* The input: the base's, counted. A pollable stream, as libsoup reads it. */
#define TRIO_TYPE_CAPPED_INPUT (trio_capped_input_get_type ())
G_DECLARE_FINAL_TYPE (TrioCappedInput, trio_capped_input, TRIO, CAPPED_INPUT,
                      GFilterInputStream)

struct _TrioCappedInput
{
  GFilterInputStream parent_instance;

  guint64 count;
  guint64 cap;
  gboolean over;
  GSocket *socket;     /* the base's, when nothing buffers between (no TLS), or NULL */
  GSource *watch;      /* the base's source, attached once (see capped_create_source()) */
  GSource *waiting;    /* the last source handed out, made ready when the base is */
};

static void trio_capped_input_pollable_init (GPollableInputStreamInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TrioCappedInput, trio_capped_input, G_TYPE_FILTER_INPUT_STREAM,
                               G_IMPLEMENT_INTERFACE (G_TYPE_POLLABLE_INPUT_STREAM,
                                                      trio_capped_input_pollable_init))

static GInputStream *
base_of (gpointer stream)
{
  return g_filter_input_stream_get_base_stream (G_FILTER_INPUT_STREAM (stream));
}

/* Counts what a read returned; FALSE (error set) once past the cap. */
static gssize
counted (TrioCappedInput *self,
         gssize           n,
         GError         **error)
{
  if (n > 0)
    self->count += (guint64) n;
  if (self->count > self->cap && !self->over)
    {
      self->over = TRUE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                   "more than %" G_GUINT64_FORMAT " bytes without a message", self->cap);
      return -1;
    }
  return n;
}

static gboolean
check_over (TrioCappedInput *self,
            GError         **error)
{
  if (!self->over)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE, "too much input");
  return FALSE;
}

static gssize
capped_read (GInputStream *stream,
             void         *buffer,
             gsize         size,
             GCancellable *cancellable,
             GError      **error)
{
  TrioCappedInput *self = TRIO_CAPPED_INPUT (stream);
  gssize n;

  if (!check_over (self, error))
    return -1;
  n = g_input_stream_read (base_of (stream), buffer, size, cancellable, error);
  return counted (self, n, error);
}

static gssize
capped_read_nonblocking (GPollableInputStream *stream,
                         void                 *buffer,
                         gsize                 size,
                         GError              **error)
{
  TrioCappedInput *self = TRIO_CAPPED_INPUT (stream);
  gssize n;

  if (!check_over (self, error))
    return -1;
  n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (base_of (stream)),
                                                buffer, size, NULL, error);
  return counted (self, n, error);
}

static gboolean
capped_can_poll (GPollableInputStream *stream)
{
  GInputStream *base = base_of (stream);

  return G_IS_POLLABLE_INPUT_STREAM (base)
         && g_pollable_input_stream_can_poll (G_POLLABLE_INPUT_STREAM (base));
}

static gboolean
capped_is_readable (GPollableInputStream *stream)
{
  return g_pollable_input_stream_is_readable (G_POLLABLE_INPUT_STREAM (base_of (stream)));
}

static void
unwatch (TrioCappedInput *self)
{
  if (self->watch != NULL)
    g_source_destroy (self->watch);
  g_clear_pointer (&self->watch, g_source_unref);
  g_clear_pointer (&self->waiting, g_source_unref);
}

/* The base is readable: the source handed out is made ready, or, with no one waiting to
 * read, the base is no longer watched (until someone waits again). */
static gboolean
wake (TrioCappedInput *self)
{
  if (self->waiting != NULL && !g_source_is_destroyed (self->waiting))
    {
      g_source_set_ready_time (self->waiting, 0);
      return G_SOURCE_CONTINUE;
    }
  g_clear_pointer (&self->waiting, g_source_unref);
  g_clear_pointer (&self->watch, g_source_unref);
  return G_SOURCE_REMOVE;
}

static gboolean
on_base_ready (GObject *base,
               gpointer user_data)
{
  return wake (user_data);
}

static gboolean
on_socket_ready (GSocket     *socket,
                 GIOCondition condition,
                 gpointer     user_data)
{
  return wake (user_data);
}

/* libsoup's WebSocket connection makes a new source after each read, and GLib 2.74 looks
 * through the whole list of its context's file descriptors to add one or to remove one, and
 * to dispatch one (it takes a source's descriptors out of the list while its callback runs,
 * and a stream's source has a socket's source as a child, dispatched too): with thousands of
 * connections on a context, most of the server's time went there. So the base is watched by
 * one source attached for as long as someone reads: its socket's own source when nothing
 * buffers between the two (libsoup reads until it would block), one priority below the
 * default, whose callback may recurse (so GLib leaves its descriptor in place). Each source
 * handed out watches no descriptor: it is made ready when the base is, and libsoup, at the
 * default priority, reads before the base is polled again. */
static GSource *
capped_create_source (GPollableInputStream *stream,
                      GCancellable         *cancellable)
{
  TrioCappedInput *self = TRIO_CAPPED_INPUT (stream);
  GPollableInputStream *base = G_POLLABLE_INPUT_STREAM (base_of (stream));
  GSource *source = g_pollable_source_new_full (stream, NULL, cancellable);

  g_source_set_static_name (source, "TrioCappedInput");
  g_clear_pointer (&self->waiting, g_source_unref);
  self->waiting = g_source_ref (source);
  if (self->watch != NULL)
    return source;
  if (self->socket != NULL)
    {
      self->watch = g_socket_create_source (self->socket, G_IO_IN | G_IO_HUP | G_IO_ERR, NULL);
      g_source_set_callback (self->watch, G_SOURCE_FUNC (on_socket_ready), self, NULL);
      /* What the handshake's reading left in a buffer is read at once. */
      if (g_pollable_input_stream_is_readable (base))
        g_source_set_ready_time (source, 0);
    }
  else
    {
      self->watch = g_pollable_input_stream_create_source (base, NULL);
      g_source_set_callback (self->watch, G_SOURCE_FUNC (on_base_ready), self, NULL);
    }
  g_source_set_static_name (self->watch, "TrioCappedInput watch");
  g_source_set_priority (self->watch, G_PRIORITY_DEFAULT + 1);
  g_source_set_can_recurse (self->watch, TRUE);
  g_source_attach (self->watch, g_main_context_get_thread_default ());
  return source;
}

static void
trio_capped_input_pollable_init (GPollableInputStreamInterface *iface)
{
  iface->can_poll = capped_can_poll;
  iface->is_readable = capped_is_readable;
  iface->create_source = capped_create_source;
  iface->read_nonblocking = capped_read_nonblocking;
}

static void
trio_capped_input_dispose (GObject *object)
{
  unwatch (TRIO_CAPPED_INPUT (object));
  g_clear_object (&TRIO_CAPPED_INPUT (object)->socket);
  G_OBJECT_CLASS (trio_capped_input_parent_class)->dispose (object);
}

static void
trio_capped_input_class_init (TrioCappedInputClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = trio_capped_input_dispose;
  G_INPUT_STREAM_CLASS (klass)->read_fn = capped_read;
}

static void
trio_capped_input_init (TrioCappedInput *self)
{
}

/* The output: the base's, with word of a writer that waits (see trio_capped_stream_new()). */
#define TRIO_TYPE_WATCHED_OUTPUT (trio_watched_output_get_type ())
G_DECLARE_FINAL_TYPE (TrioWatchedOutput, trio_watched_output, TRIO, WATCHED_OUTPUT,
                      GFilterOutputStream)

struct _TrioWatchedOutput
{
  GFilterOutputStream parent_instance;

  GFunc waiting;
  gpointer waiting_data;
};

static void trio_watched_output_pollable_init (GPollableOutputStreamInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TrioWatchedOutput, trio_watched_output,
                               G_TYPE_FILTER_OUTPUT_STREAM,
                               G_IMPLEMENT_INTERFACE (G_TYPE_POLLABLE_OUTPUT_STREAM,
                                                      trio_watched_output_pollable_init))

static GPollableOutputStream *
output_base_of (gpointer stream)
{
  return G_POLLABLE_OUTPUT_STREAM (
    g_filter_output_stream_get_base_stream (G_FILTER_OUTPUT_STREAM (stream)));
}

static gssize
watched_write (GOutputStream *stream,
               const void    *buffer,
               gsize          size,
               GCancellable  *cancellable,
               GError       **error)
{
  return g_output_stream_write (G_OUTPUT_STREAM (output_base_of (stream)), buffer, size,
                                cancellable, error);
}

static gboolean
watched_can_poll (GPollableOutputStream *stream)
{
  GOutputStream *base = g_filter_output_stream_get_base_stream (G_FILTER_OUTPUT_STREAM (stream));

  return G_IS_POLLABLE_OUTPUT_STREAM (base)
         && g_pollable_output_stream_can_poll (G_POLLABLE_OUTPUT_STREAM (base));
}

static gboolean
watched_is_writable (GPollableOutputStream *stream)
{
  return g_pollable_output_stream_is_writable (output_base_of (stream));
}

static gssize
watched_write_nonblocking (GPollableOutputStream *stream,
                           const void            *buffer,
                           gsize                  size,
                           GError               **error)
{
  return g_pollable_output_stream_write_nonblocking (output_base_of (stream), buffer, size,
                                                     NULL, error);
}

/* A writer waits for the base to be writable: its source is told of (the poller does not
 * look at a connection's context after every write, only when one had to wait). */
static GSource *
watched_create_source (GPollableOutputStream *stream,
                       GCancellable          *cancellable)
{
  TrioWatchedOutput *self = TRIO_WATCHED_OUTPUT (stream);
  GSource *source = g_pollable_output_stream_create_source (output_base_of (stream),
                                                            cancellable);

  if (self->waiting != NULL)
    self->waiting (source, self->waiting_data);
  return source;
}

static void
trio_watched_output_pollable_init (GPollableOutputStreamInterface *iface)
{
  iface->can_poll = watched_can_poll;
  iface->is_writable = watched_is_writable;
  iface->create_source = watched_create_source;
  iface->write_nonblocking = watched_write_nonblocking;
}

static void
trio_watched_output_class_init (TrioWatchedOutputClass *klass)
{
  G_OUTPUT_STREAM_CLASS (klass)->write_fn = watched_write;
}

static void
trio_watched_output_init (TrioWatchedOutput *self)
{
}

struct _TrioCappedStream
{
  GIOStream parent_instance;

  GIOStream *base;
  TrioCappedInput *input;
  TrioWatchedOutput *output;
};

G_DEFINE_FINAL_TYPE (TrioCappedStream, trio_capped_stream, G_TYPE_IO_STREAM)

static GInputStream *
get_input_stream (GIOStream *stream)
{
  return G_INPUT_STREAM (TRIO_CAPPED_STREAM (stream)->input);
}

static GOutputStream *
get_output_stream (GIOStream *stream)
{
  return G_OUTPUT_STREAM (TRIO_CAPPED_STREAM (stream)->output);
}

/* Closing closes the base stream (a socket's connection, or TLS over it) as a whole. */
static gboolean
close_fn (GIOStream    *stream,
          GCancellable *cancellable,
          GError      **error)
{
  unwatch (TRIO_CAPPED_STREAM (stream)->input);
  return g_io_stream_close (TRIO_CAPPED_STREAM (stream)->base, cancellable, error);
}

static void
base_closed (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  GError *error = NULL;

  if (g_io_stream_close_finish (G_IO_STREAM (source), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
close_async (GIOStream           *stream,
             int                  io_priority,
             GCancellable        *cancellable,
             GAsyncReadyCallback  callback,
             gpointer             user_data)
{
  GTask *task = g_task_new (stream, cancellable, callback, user_data);

  unwatch (TRIO_CAPPED_STREAM (stream)->input);
  g_io_stream_close_async (TRIO_CAPPED_STREAM (stream)->base, io_priority, cancellable,
                           base_closed, task);
}

static gboolean
close_finish (GIOStream    *stream,
              GAsyncResult *result,
              GError      **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
trio_capped_stream_dispose (GObject *object)
{
  TrioCappedStream *self = TRIO_CAPPED_STREAM (object);

  /* GIOStream's dispose closes a stream not closed yet, through close_fn(): first. */
  G_OBJECT_CLASS (trio_capped_stream_parent_class)->dispose (object);
  g_clear_object (&self->input);
  g_clear_object (&self->output);
  g_clear_object (&self->base);
}

static void
trio_capped_stream_class_init (TrioCappedStreamClass *klass)
{
  GIOStreamClass *stream_class = G_IO_STREAM_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = trio_capped_stream_dispose;
  stream_class->get_input_stream = get_input_stream;
  stream_class->get_output_stream = get_output_stream;
  stream_class->close_fn = close_fn;
  stream_class->close_async = close_async;
  stream_class->close_finish = close_finish;
}

static void
trio_capped_stream_init (TrioCappedStream *self)
{
}

GIOStream *
trio_capped_stream_new (GIOStream *base,
                        guint64    cap,
                        GSocket   *socket)
{
  TrioCappedStream *self = g_object_new (TRIO_TYPE_CAPPED_STREAM, NULL);

  self->base = g_object_ref (base);
  self->input = g_object_new (TRIO_TYPE_CAPPED_INPUT,
                              "base-stream", g_io_stream_get_input_stream (base),
                              "close-base-stream", FALSE, NULL);
  self->input->cap = cap;
  self->input->socket = socket != NULL ? g_object_ref (socket) : NULL;
  self->output = g_object_new (TRIO_TYPE_WATCHED_OUTPUT,
                               "base-stream", g_io_stream_get_output_stream (base),
                               "close-base-stream", FALSE, NULL);
  return G_IO_STREAM (self);
}

void
trio_capped_stream_set_waiting (TrioCappedStream *self,
                                GFunc             waiting,
                                gpointer          data)
{
  g_return_if_fail (TRIO_IS_CAPPED_STREAM (self));
  self->output->waiting = waiting;
  self->output->waiting_data = data;
}

void
trio_capped_stream_reset (TrioCappedStream *self)
{
  g_return_if_fail (TRIO_IS_CAPPED_STREAM (self));
  self->input->count = 0;
}

gboolean
trio_capped_stream_is_over (TrioCappedStream *self)
{
  g_return_val_if_fail (TRIO_IS_CAPPED_STREAM (self), FALSE);
  return self->input->over;
}
