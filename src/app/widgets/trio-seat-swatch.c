/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-seat-swatch.c: a small disc of the colour a seat plays, beside its name (the side
 * panel's player lines, the new-game dialog's seats) */

#include "trio-seat-swatch.h"

#define SWATCH_SIZE 14

/* The theme's text colour: gtk_widget_get_color() only came with GTK 4.10. */
static void
text_colour (GtkWidget *widget,
             GdkRGBA   *colour)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, colour);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), colour);
#endif
}

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  const GdkRGBA *fill = data;
  GdkRGBA outline;
  double r = MIN (width, height) / 2.0 - 1.0;

  text_colour (GTK_WIDGET (area), &outline);
  cairo_arc (cr, width / 2.0, height / 2.0, r, 0, 2 * G_PI);
  gdk_cairo_set_source_rgba (cr, fill);
  cairo_fill_preserve (cr);
  outline.alpha *= 0.8;
  gdk_cairo_set_source_rgba (cr, &outline);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
}

GtkWidget *
trio_seat_swatch_new (const TrioGame *game,
                      int             seat)
{
  GtkWidget *area;
  GdkRGBA colour;

  if (game == NULL || !trio_game_get_seat_color (game, seat, &colour))
    return NULL;
  area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), SWATCH_SIZE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), SWATCH_SIZE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_swatch,
                                  g_memdup2 (&colour, sizeof colour), g_free);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (area, "seat-swatch");
  /* The name beside it says the same to a screen reader. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  return area;
}

GtkWidget *
trio_seat_swatch_row_new (const TrioGame *game,
                          int             seat,
                          GtkWidget      *child)
{
  GtkWidget *swatch = trio_seat_swatch_new (game, seat);
  GtkWidget *row;

  if (swatch == NULL)
    return child;
  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (row), swatch);
  gtk_box_append (GTK_BOX (row), child);
  return row;
}
