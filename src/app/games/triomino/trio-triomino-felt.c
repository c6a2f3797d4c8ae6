/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-felt.c: the Triomino table's felt (boards/triomino.svg stretched over the
 * table), rendered in a worker thread
 *
 * The felt's grain is an SVG filter: at the table's size it took a second on a busy machine
 * (five in the worst case), in the first frame of every first Triomino game and at every
 * size of a window being resized. The table is drawn at once over the baize's colours, or
 * the last felt stretched, and the felt of its size comes a moment later (issue 47).
 */

#include "trio-triomino-felt.h"

#include "board/trio-board-renderer.h"

struct _TrioTriFelt
{
  GtkWidget *widget;
  cairo_surface_t *picture;     /* the last felt rendered, or NULL */
  int width, height, scale;     /* its size */
  GCancellable *pending;        /* a felt being rendered, or NULL */
  int pending_width, pending_height, pending_scale;
};

typedef struct
{
  int width, height, scale;
} FeltSize;

static void
render_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  FeltSize *size = data;
  g_autoptr (GError) error = NULL;
  RsvgHandle *svg = trio_board_load_svg ("boards/triomino.svg", &error);
  RsvgRectangle viewport = { 0, 0, size->width, size->height };
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean drawn;

  if (svg == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, size->width * size->scale,
                                        size->height * size->scale);
  cairo_surface_set_device_scale (surface, size->scale, size->scale);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 0.17, 0.45, 0.27);
  cairo_paint (cr);
  drawn = rsvg_handle_render_document (svg, cr, &viewport, &error);
  g_object_unref (svg);
  if (!drawn)
    {
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  cairo_destroy (cr);
  g_task_return_pointer (task, surface, (GDestroyNotify) cairo_surface_destroy);
}

static void
render_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr (GError) error = NULL;
  cairo_surface_t *surface = g_task_propagate_pointer (G_TASK (result), &error);
  TrioTriFelt *felt = user_data;

  /* Cancelled: the felt is gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&felt->pending);
  if (surface == NULL)
    {
      g_warning ("Cannot draw the Triomino table: %s", error->message);
      return;
    }
  g_clear_pointer (&felt->picture, cairo_surface_destroy);
  felt->picture = surface;
  felt->width = felt->pending_width;
  felt->height = felt->pending_height;
  felt->scale = felt->pending_scale;
  g_debug ("triomino felt rendered at %dx%d", felt->width, felt->height);
  gtk_widget_queue_draw (felt->widget);
}

static void
render (TrioTriFelt *felt,
        int          width,
        int          height,
        int          scale)
{
  g_autoptr (GTask) task = NULL;
  FeltSize *size = g_new (FeltSize, 1);

  size->width = felt->pending_width = width;
  size->height = felt->pending_height = height;
  size->scale = felt->pending_scale = scale;
  felt->pending = g_cancellable_new ();
  task = g_task_new (NULL, felt->pending, render_done, felt);
  g_task_set_task_data (task, size, g_free);
  g_task_run_in_thread (task, render_thread);
}

TrioTriFelt *
trio_tri_felt_new (GtkWidget *widget)
{
  TrioTriFelt *felt = g_new0 (TrioTriFelt, 1);

  felt->widget = widget;
  return felt;
}

void
trio_tri_felt_free (TrioTriFelt *felt)
{
  if (felt->pending != NULL)
    g_cancellable_cancel (felt->pending);
  g_clear_object (&felt->pending);
  g_clear_pointer (&felt->picture, cairo_surface_destroy);
  g_free (felt);
}

void
trio_tri_felt_paint (TrioTriFelt *felt,
                     cairo_t     *cr,
                     int          width,
                     int          height,
                     int          scale)
{
  gboolean ready = felt->picture != NULL && felt->width == width && felt->height == height
                   && felt->scale == scale;

  /* One at a time: a window being resized asks again once the last one is done. */
  if (!ready && felt->pending == NULL && width > 0 && height > 0)
    render (felt, width, height, scale);
  if (felt->picture == NULL)
    {
      /* The baize's lamp-lit centre, as the SVG has it. */
      double x = width / 2.0, y = height * 0.45;
      cairo_pattern_t *lamp = cairo_pattern_create_radial (x, y, 0, x, y,
                                                           MAX (width, height) * 0.7);
      cairo_pattern_add_color_stop_rgb (lamp, 0, 0x3f / 255.0, 0x8f / 255.0, 0x5a / 255.0);
      cairo_pattern_add_color_stop_rgb (lamp, 0.55, 0x2c / 255.0, 0x74 / 255.0, 0x46 / 255.0);
      cairo_pattern_add_color_stop_rgb (lamp, 1, 0x17 / 255.0, 0x4a / 255.0, 0x2b / 255.0);
      cairo_set_source (cr, lamp);
      cairo_paint (cr);
      cairo_pattern_destroy (lamp);
      return;
    }
  cairo_save (cr);
  if (!ready)
    cairo_scale (cr, (double) width / felt->width, (double) height / felt->height);
  cairo_set_source_surface (cr, felt->picture, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
}
