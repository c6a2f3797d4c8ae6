/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-eval-graph.c: the graph of a game's evaluation, move by move */

#include "trio-eval-graph.h"

#include <glib/gi18n.h>
#include <math.h>

#define GRAPH_HEIGHT 96
#define MARGIN 4.0
#define DOT_RADIUS 3.0

struct _TrioEvalGraph
{
  GtkWidget parent_instance;

  guint n_moves;
  guint n_series;
  double *values;          /* n_series x (n_moves + 1) */
  BgJudgement *judgements; /* n_moves */
  GdkRGBA *colours;        /* n_series, or NULL */
  int current;
};

G_DEFINE_FINAL_TYPE (TrioEvalGraph, trio_eval_graph, GTK_TYPE_WIDGET)

enum
{
  POSITION_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The colours of the judgements, readable on light and dark backgrounds. */
static const GdkRGBA judgement_colours[] = {
  { 0, 0, 0, 0 },
  { 0.90, 0.65, 0.04, 1 },   /* inaccuracy: yellow */
  { 1.00, 0.47, 0.00, 1 },   /* mistake: orange */
  { 0.88, 0.11, 0.14, 1 },   /* blunder: red */
};

static double
x_of (TrioEvalGraph *self,
      double         width,
      guint          position)
{
  double span = MAX (self->n_moves, 1);

  return MARGIN + (width - 2 * MARGIN) * position / span;
}

static double
y_of (double height,
      double value)
{
  return height / 2 - (height / 2 - MARGIN) * CLAMP (value, -1.0, 1.0);
}

static double
value_at (TrioEvalGraph *self,
          guint          series,
          guint          position)
{
  return self->values[series * (self->n_moves + 1) + position];
}

/* A series' line through its values (NAN leaves a value out); filled to the zero line when
 * it is the only one. */
static void
draw_series (TrioEvalGraph *self,
             cairo_t       *cr,
             double         width,
             double         height,
             guint          series,
             const GdkRGBA *colour)
{
  gboolean started = FALSE;
  double first_x = 0, last_x = 0;

  for (guint p = 0; p <= self->n_moves; p++)
    {
      double v = value_at (self, series, p);

      if (isnan (v))
        continue;
      last_x = x_of (self, width, p);
      if (!started)
        {
          first_x = last_x;
          cairo_move_to (cr, last_x, y_of (height, v));
          started = TRUE;
        }
      else
        cairo_line_to (cr, last_x, y_of (height, v));
    }
  if (!started)
    return;
  if (self->n_series == 1)
    {
      cairo_path_t *line = cairo_copy_path (cr);

      cairo_line_to (cr, last_x, height / 2);
      cairo_line_to (cr, first_x, height / 2);
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, colour->red, colour->green, colour->blue, 0.22);
      cairo_fill (cr);
      cairo_append_path (cr, line);
      cairo_path_destroy (line);
    }
  gdk_cairo_set_source_rgba (cr, colour);
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
}

/* Each rated move: a dot on its player's line (the position after the move). */
static void
draw_judgements (TrioEvalGraph *self,
                 cairo_t       *cr,
                 double         width,
                 double         height)
{
  for (guint i = 0; i < self->n_moves; i++)
    {
      BgJudgement j = self->judgements[i];
      double v = NAN;

      if (j == BG_JUDGEMENT_NONE || j >= G_N_ELEMENTS (judgement_colours))
        continue;
      for (guint s = 0; s < self->n_series && isnan (v); s++)
        v = value_at (self, s, i + 1);
      if (isnan (v))
        v = 0;
      gdk_cairo_set_source_rgba (cr, &judgement_colours[j]);
      cairo_arc (cr, x_of (self, width, i + 1), y_of (height, v), DOT_RADIUS + (j - 1) * 0.5,
                 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

/* The theme's text colour: gtk_widget_get_color() only came with GTK 4.10. */
static void
widget_colour (GtkWidget *widget,
               GdkRGBA   *colour)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, colour);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), colour);
#endif
}

static void
trio_eval_graph_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  TrioEvalGraph *self = TRIO_EVAL_GRAPH (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GdkRGBA fg;
  cairo_t *cr;

  if (self->n_series == 0 || w <= 2 * MARGIN || h <= 2 * MARGIN)
    return;
  widget_colour (widget, &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));

  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.05);
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.3);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, MARGIN, floor (h / 2) + 0.5);
  cairo_line_to (cr, w - MARGIN, floor (h / 2) + 0.5);
  cairo_stroke (cr);

  if (self->current >= 0 && (guint) self->current <= self->n_moves)
    {
      double x = floor (x_of (self, w, (guint) self->current)) + 0.5;

      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);
      cairo_set_line_width (cr, 2);
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x, h);
      cairo_stroke (cr);
    }
  for (guint s = 0; s < self->n_series; s++)
    draw_series (self, cr, w, h, s, self->colours != NULL ? &self->colours[s] : &fg);
  draw_judgements (self, cr, w, h);
  cairo_destroy (cr);
}

static void
trio_eval_graph_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_VERTICAL ? GRAPH_HEIGHT : 60;
  *natural = orientation == GTK_ORIENTATION_VERTICAL ? GRAPH_HEIGHT : 260;
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            TrioEvalGraph   *self)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double span = w - 2 * MARGIN;
  int position;

  if (self->n_series == 0 || span <= 0)
    return;
  position = (int) lround ((x - MARGIN) / span * self->n_moves);
  position = CLAMP (position, 0, (int) self->n_moves);
  g_signal_emit (self, signals[POSITION_ACTIVATED], 0, (guint) position);
}

static void
clear_data (TrioEvalGraph *self)
{
  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->judgements, g_free);
  g_clear_pointer (&self->colours, g_free);
  self->n_series = 0;
  self->n_moves = 0;
}

static void
trio_eval_graph_finalize (GObject *object)
{
  clear_data (TRIO_EVAL_GRAPH (object));
  G_OBJECT_CLASS (trio_eval_graph_parent_class)->finalize (object);
}

static void
trio_eval_graph_class_init (TrioEvalGraphClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = trio_eval_graph_finalize;
  widget_class->snapshot = trio_eval_graph_snapshot;
  widget_class->measure = trio_eval_graph_measure;
  gtk_widget_class_set_css_name (widget_class, "trio-eval-graph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  signals[POSITION_ACTIVATED] = g_signal_new ("position-activated", G_TYPE_FROM_CLASS (klass),
                                              G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                              G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
trio_eval_graph_init (TrioEvalGraph *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->current = -1;
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("The evaluation after each move; click to see the position"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Evaluation graph"), -1);
}

GtkWidget *
trio_eval_graph_new (void)
{
  return g_object_new (TRIO_TYPE_EVAL_GRAPH, NULL);
}

void
trio_eval_graph_set_data (TrioEvalGraph     *self,
                          guint              n_moves,
                          guint              n_series,
                          const double      *values,
                          const BgJudgement *judgements,
                          const GdkRGBA     *colours)
{
  clear_data (self);
  if (n_series > 0)
    {
      self->n_moves = n_moves;
      self->n_series = n_series;
      self->values = g_memdup2 (values, sizeof (double) * n_series * (n_moves + 1));
      self->judgements = g_memdup2 (judgements, sizeof (BgJudgement) * MAX (n_moves, 1));
      self->colours = colours != NULL ? g_memdup2 (colours, sizeof (GdkRGBA) * n_series)
                                      : NULL;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
trio_eval_graph_set_current (TrioEvalGraph *self,
                             int            position)
{
  if (self->current == position)
    return;
  self->current = position;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
