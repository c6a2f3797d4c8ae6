/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-eval-graph.c: the graph of a game's evaluation, move by move: its lines (one per
 * player when there are more than two, in the seats' colours, edged to show on any
 * background), the legend that names them, and the move under the pointer in a tooltip */

#include "trio-eval-graph.h"

#include <glib/gi18n.h>
#include <math.h>

#define GRAPH_HEIGHT 96
#define LEGEND_HEIGHT 22
#define MARGIN 4.0
#define DOT_RADIUS 3.0
#define SAMPLE_WIDTH 16.0   /* a legend's piece of line */

struct _TrioEvalGraph
{
  GtkWidget parent_instance;

  guint n_moves;
  guint n_series;
  double *values;          /* n_series x (n_moves + 1) */
  BgJudgement *judgements; /* n_moves */
  GdkRGBA *colours;        /* n_series, or NULL */
  char **names;            /* the legend: n_series names, or NULL */
  char **labels;           /* the tooltip of each position: n_moves + 1, or NULL */
  int current;
  int hover;               /* the position under the pointer, or -1 */
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

/* A light colour (ivory White) is edged in dark, a dark one (Black) in light, so that a
 * seat's line shows on the light and the dark theme alike. */
static void
stroke_edged (cairo_t       *cr,
              const GdkRGBA *colour,
              gboolean       edged)
{
  double luminance = 0.2126 * colour->red + 0.7152 * colour->green + 0.0722 * colour->blue;

  if (edged)
    {
      if (luminance > 0.5)
        cairo_set_source_rgba (cr, 0.15, 0.12, 0.10, 0.85);
      else
        cairo_set_source_rgba (cr, 0.92, 0.92, 0.92, 0.9);
      cairo_set_line_width (cr, 4.0);
      cairo_stroke_preserve (cr);
    }
  gdk_cairo_set_source_rgba (cr, colour);
  cairo_set_line_width (cr, edged ? 2.0 : 1.5);
  cairo_stroke (cr);
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
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  stroke_edged (cr, colour, self->colours != NULL);
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

static double
legend_height (TrioEvalGraph *self)
{
  return self->names != NULL ? LEGEND_HEIGHT : 0;
}

/* Under the graph: a piece of each series' line and its name. */
static void
draw_legend (TrioEvalGraph *self,
             cairo_t       *cr,
             double         top,
             const GdkRGBA *fg)
{
  double x = MARGIN, y = top + LEGEND_HEIGHT / 2.0;

  for (guint s = 0; s < self->n_series && self->names[s] != NULL; s++)
    {
      PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), self->names[s]);
      int tw, th;

      pango_layout_get_pixel_size (layout, &tw, &th);
      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + SAMPLE_WIDTH, y);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      stroke_edged (cr, self->colours != NULL ? &self->colours[s] : fg, self->colours != NULL);
      gdk_cairo_set_source_rgba (cr, fg);
      cairo_move_to (cr, x + SAMPLE_WIDTH + 5, y - th / 2.0);
      pango_cairo_show_layout (cr, layout);
      x += SAMPLE_WIDTH + 5 + tw + 14;
      g_object_unref (layout);
    }
}

static void
trio_eval_graph_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  TrioEvalGraph *self = TRIO_EVAL_GRAPH (widget);
  double w = gtk_widget_get_width (widget);
  double full = gtk_widget_get_height (widget), h = full - legend_height (self);
  GdkRGBA fg;
  cairo_t *cr;

  if (self->n_series == 0 || w <= 2 * MARGIN || h <= 2 * MARGIN)
    return;
  widget_colour (widget, &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, full));

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
  /* The position under the pointer, which the tooltip names. */
  if (self->hover >= 0 && (guint) self->hover <= self->n_moves)
    {
      double x = floor (x_of (self, w, (guint) self->hover)) + 0.5;

      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.45);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x, h);
      cairo_stroke (cr);
    }
  for (guint s = 0; s < self->n_series; s++)
    draw_series (self, cr, w, h, s, self->colours != NULL ? &self->colours[s] : &fg);
  draw_judgements (self, cr, w, h);
  if (self->names != NULL)
    draw_legend (self, cr, h, &fg);
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
  TrioEvalGraph *self = TRIO_EVAL_GRAPH (widget);
  int height = GRAPH_HEIGHT + (int) legend_height (self);

  *minimum = orientation == GTK_ORIENTATION_VERTICAL ? height : 60;
  *natural = orientation == GTK_ORIENTATION_VERTICAL ? height : 260;
}

/* The position nearest x, or -1 without data. */
static int
position_at (TrioEvalGraph *self,
             double         x)
{
  double span = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * MARGIN;
  int position;

  if (self->n_series == 0 || span <= 0)
    return -1;
  position = (int) lround ((x - MARGIN) / span * self->n_moves);
  return CLAMP (position, 0, (int) self->n_moves);
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            TrioEvalGraph   *self)
{
  int position = position_at (self, x);

  if (position >= 0)
    g_signal_emit (self, signals[POSITION_ACTIVATED], 0, (guint) position);
}

static void
set_hover (TrioEvalGraph *self,
           int            position)
{
  if (self->hover == position)
    return;
  self->hover = position;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           TrioEvalGraph            *self)
{
  set_hover (self, y < gtk_widget_get_height (GTK_WIDGET (self)) - legend_height (self)
                   ? position_at (self, x) : -1);
}

static void
on_leave (GtkEventControllerMotion *controller,
          TrioEvalGraph            *self)
{
  set_hover (self, -1);
}

/* The move under the pointer, as the window named it (trio_eval_graph_set_labels()). */
static gboolean
on_query_tooltip (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    data)
{
  TrioEvalGraph *self = TRIO_EVAL_GRAPH (widget);
  int position = keyboard ? self->current : position_at (self, x);

  if (self->labels == NULL || position < 0 || y >= gtk_widget_get_height (widget)
                                                    - legend_height (self))
    {
      gtk_tooltip_set_text (tooltip, _("The evaluation after each move; click to see the "
                                       "position"));
      return TRUE;
    }
  gtk_tooltip_set_text (tooltip, self->labels[position]);
  return TRUE;
}

static void
clear_data (TrioEvalGraph *self)
{
  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->judgements, g_free);
  g_clear_pointer (&self->colours, g_free);
  g_clear_pointer (&self->names, g_strfreev);
  g_clear_pointer (&self->labels, g_strfreev);
  self->n_series = 0;
  self->n_moves = 0;
  self->hover = -1;
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
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->current = -1;
  self->hover = -1;
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
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
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
trio_eval_graph_set_legend (TrioEvalGraph     *self,
                            const char *const *names)
{
  g_clear_pointer (&self->names, g_strfreev);
  if (names != NULL && self->n_series > 0)
    {
      self->names = g_new0 (char *, self->n_series + 1);
      for (guint s = 0; s < self->n_series && names[s] != NULL; s++)
        self->names[s] = g_strdup (names[s]);
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

void
trio_eval_graph_set_labels (TrioEvalGraph     *self,
                            const char *const *labels)
{
  g_clear_pointer (&self->labels, g_strfreev);
  if (labels != NULL && self->n_series > 0)
    {
      self->labels = g_new0 (char *, self->n_moves + 2);
      for (guint p = 0; p <= self->n_moves; p++)
        self->labels[p] = g_strdup (labels[p] != NULL ? labels[p] : "");
    }
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
