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

static GSource *
capped_create_source (GPollableInputStream *stream,
                      GCancellable         *cancellable)
{
  g_autoptr (GSource) base = g_pollable_input_stream_create_source (
    G_POLLABLE_INPUT_STREAM (base_of (stream)), NULL);

  return g_pollable_source_new_full (stream, base, cancellable);
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
trio_capped_input_class_init (TrioCappedInputClass *klass)
{
  G_INPUT_STREAM_CLASS (klass)->read_fn = capped_read;
}

static void
trio_capped_input_init (TrioCappedInput *self)
{
}

struct _TrioCappedStream
{
  GIOStream parent_instance;

  GIOStream *base;
  TrioCappedInput *input;
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
  return g_io_stream_get_output_stream (TRIO_CAPPED_STREAM (stream)->base);
}

/* Closing closes the base stream (a socket's connection, or TLS over it) as a whole. */
static gboolean
close_fn (GIOStream    *stream,
          GCancellable *cancellable,
          GError      **error)
{
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

  g_clear_object (&self->input);
  g_clear_object (&self->base);
  G_OBJECT_CLASS (trio_capped_stream_parent_class)->dispose (object);
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
                        guint64    cap)
{
  TrioCappedStream *self = g_object_new (TRIO_TYPE_CAPPED_STREAM, NULL);

  self->base = g_object_ref (base);
  self->input = g_object_new (TRIO_TYPE_CAPPED_INPUT,
                              "base-stream", g_io_stream_get_input_stream (base),
                              "close-base-stream", FALSE, NULL);
  self->input->cap = cap;
  return G_IO_STREAM (self);
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
