/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-table-marks.c: the Triomino table's pile and its count, and the labels of
 * the seats that passed */

#include "trio-triomino-table-marks.h"

#include <glib/gi18n.h>
#include <math.h>

#include "trio-triomino-render.h"

#define SQRT3 1.73205080756887729353
#define MARGIN 6     /* between a label and the table's edge or the pile */

void
trio_tri_pile_points (int    width,
                      int    height,
                      int    k,
                      double pts[3][2])
{
  double side = CLAMP (MIN (width, height) / 10.0, 22, 40);

  trio_tri_up_points (12 + k * 2.5, height - 14 - side * SQRT3 / 2 - k * 4, side, pts);
}

static PangoLayout *
bold_layout (GtkWidget  *widget,
             const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  g_autoptr (PangoAttrList) attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  pango_layout_set_attributes (layout, attrs);
  return layout;
}

/* The pile's count: its layout, and where it is drawn. */
static PangoLayout *
count_layout (GtkWidget *widget,
              int        width,
              int        height,
              int        count,
              double    *x,
              double    *y)
{
  int n = MIN (count, 3);
  char text[16];
  double pts[3][2];
  PangoLayout *layout;
  int tw, th;

  g_snprintf (text, sizeof text, "%d", count);
  layout = bold_layout (widget, text);
  pango_layout_get_pixel_size (layout, &tw, &th);
  trio_tri_pile_points (width, height, n - 1, pts);
  *x = pts[1][0] + 5;
  *y = (pts[0][1] + pts[1][1]) / 2 - th / 2.0;
  return layout;
}

void
trio_tri_draw_pile (cairo_t   *cr,
                    GtkWidget *widget,
                    int        width,
                    int        height,
                    int        count)
{
  g_autoptr (PangoLayout) layout = NULL;
  double pts[3][2], x, y;

  if (count <= 0)
    return;
  for (int k = 0; k < MIN (count, 3); k++)
    {
      trio_tri_pile_points (width, height, k, pts);
      trio_tri_draw_back (cr, pts);
    }
  /* The count beside it, light on the dark felt in either theme. */
  layout = count_layout (widget, width, height, count, &x, &y);
  cairo_save (cr);
  cairo_move_to (cr, x + 1, y + 1);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.5);
  pango_cairo_show_layout (cr, layout);
  cairo_move_to (cr, x, y);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.92);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* The box the pile and its count take, or an empty one without a pile. */
static void
pile_box (GtkWidget       *widget,
          int              width,
          int              height,
          int              count,
          graphene_rect_t *box)
{
  g_autoptr (PangoLayout) layout = NULL;
  double bottom[3][2], top[3][2], x, y;
  int tw, th;

  graphene_rect_init (box, 0, 0, 0, 0);
  if (count <= 0)
    return;
  trio_tri_pile_points (width, height, 0, bottom);
  trio_tri_pile_points (width, height, MIN (count, 3) - 1, top);
  layout = count_layout (widget, width, height, count, &x, &y);
  pango_layout_get_pixel_size (layout, &tw, &th);
  graphene_rect_init (box, bottom[0][0], MIN (top[2][1], y),
                      MAX (x + tw + 1, top[1][0]) - bottom[0][0],
                      MAX (bottom[0][1], y + th + 1) - MIN (top[2][1], y));
}

void
trio_tri_edge_point (double  width,
                     double  height,
                     double  angle,
                     double  inset,
                     double *x,
                     double *y)
{
  double dx = cos (angle * G_PI / 180), dy = sin (angle * G_PI / 180);
  double hw = MAX (width / 2 - inset, 0), hh = MAX (height / 2 - inset, 0);
  double k = MIN (fabs (dx) > 1e-6 ? hw / fabs (dx) : G_MAXDOUBLE,
                  fabs (dy) > 1e-6 ? hh / fabs (dy) : G_MAXDOUBLE);

  *x = width / 2 + dx * k;
  *y = height / 2 + dy * k;
}

void
trio_tri_draw_pass_label (cairo_t    *cr,
                          GtkWidget  *widget,
                          int         seat,
                          const char *name,
                          double      angle,
                          int         width,
                          int         height,
                          int         pile_count,
                          double      pop)
{
  /* Translators: a Triomino player's name on the table after he passed: "Anne passed" */
  g_autofree char *text = name != NULL && name[0] != '\0'
                          ? g_strdup_printf (_("%s passed"), name)
                          : g_strdup_printf (_("Player %d passed"), seat + 1);
  g_autoptr (PangoLayout) layout = bold_layout (widget, text);
  graphene_rect_t label, pile;
  GdkRGBA color;
  double cx, cy, w, h, x, y;
  int tw, th;

  pango_layout_get_pixel_size (layout, &tw, &th);
  w = tw + 20;
  h = th + 8;
  trio_tri_edge_point (width, height, angle, 12 + h / 2, &cx, &cy);
  x = CLAMP (cx - w / 2, MARGIN, MAX (width - w - MARGIN, MARGIN));
  y = CLAMP (cy - h / 2, MARGIN, MAX (height - h - MARGIN, MARGIN));
  /* Over the pile: just above it, where the count stays in sight. */
  pile_box (widget, width, height, pile_count, &pile);
  graphene_rect_init (&label, x, y, w, h);
  if (pile_count > 0 && graphene_rect_intersection (&label, &pile, NULL))
    y = MAX (pile.origin.y - h - MARGIN, MARGIN);
  trio_tri_seat_color (seat, &color);
  cairo_save (cr);
  cairo_translate (cr, x + w / 2, y + h / 2);
  cairo_scale (cr, 0.6 + 0.4 * pop, 0.6 + 0.4 * pop);
  cairo_push_group (cr);
  trio_tri_draw_label (cr, layout, -w / 2, -h / 2, &color);
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, pop);
  cairo_restore (cr);
}
