/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-split-view.c: a main part with a side part beside it, or under it when the width
 * is short
 *
 * Beside, the side part has its natural width (a scrolled window around it gives its
 * minimum: it keeps one width whatever its text says) and the main part the rest. Under,
 * the main part has its natural height for the whole width, as far as the side part keeps
 * its minimum height, and the side part the rest. The choice is made at each allocation
 * from the width alone, and the measures follow it: the view asks the minimum width of
 * the folded layout, so that the window can be as narrow as its parts allow.
 */

#include "trio-split-view.h"

#include "trio-layout.h"

struct _TrioSplitView
{
  GtkWidget parent_instance;

  GtkWidget *main_child;
  GtkWidget *side_child;
  GtkWidget *separator;     /* a line between the parts, or NULL */
  int spacing;
  int main_min_beside;
  gboolean folded;
};

G_DEFINE_FINAL_TYPE (TrioSplitView, trio_split_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_MAIN_CHILD,
  PROP_SIDE_CHILD,
  PROP_SPACING,
  PROP_MAIN_MIN_BESIDE,
  PROP_SEPARATOR,
  PROP_FOLDED,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

static gboolean
shown (GtkWidget *child)
{
  return child != NULL && gtk_widget_get_visible (child);
}

static void
measure_child (GtkWidget      *child,
               GtkOrientation  orientation,
               int             for_size,
               int            *minimum,
               int            *natural)
{
  *minimum = *natural = 0;
  if (shown (child))
    gtk_widget_measure (child, orientation, for_size, minimum, natural, NULL, NULL);
}

/* The room between the parts in this direction: the spacing and the separator's line. */
static int
gap (TrioSplitView  *self,
     GtkOrientation  orientation)
{
  int line = 0, unused;

  if (!shown (self->side_child) || !shown (self->main_child))
    return 0;
  if (self->separator != NULL)
    gtk_widget_measure (self->separator, orientation, -1, &line, &unused, NULL, NULL);
  return self->spacing + line;
}

/* Whether the side part is beside the main part at this width; side_width its width. */
static gboolean
beside (TrioSplitView *self,
        int            width,
        int           *side_width)
{
  int main_min, main_nat, side_min, side_nat;

  measure_child (self->main_child, GTK_ORIENTATION_HORIZONTAL, -1, &main_min, &main_nat);
  measure_child (self->side_child, GTK_ORIENTATION_HORIZONTAL, -1, &side_min, &side_nat);
  *side_width = side_nat;
  if (!shown (self->side_child) || !shown (self->main_child))
    return TRUE;
  return trio_layout_split_beside (width, side_nat, gap (self, GTK_ORIENTATION_HORIZONTAL),
                                   MAX (main_min, self->main_min_beside));
}

static GtkSizeRequestMode
trio_split_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
trio_split_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  TrioSplitView *self = TRIO_SPLIT_VIEW (widget);
  int main_min, main_nat, side_min, side_nat, side_width;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      measure_child (self->main_child, orientation, -1, &main_min, &main_nat);
      measure_child (self->side_child, orientation, -1, &side_min, &side_nat);
      *minimum = MAX (main_min, side_min);
      *natural = MAX (main_nat, self->main_min_beside) + gap (self, orientation) + side_nat;
      return;
    }
  if (for_size < 0 || beside (self, for_size, &side_width))
    {
      int main_width = for_size < 0 ? -1 : for_size - side_width
                                           - gap (self, GTK_ORIENTATION_HORIZONTAL);

      measure_child (self->main_child, orientation, main_width, &main_min, &main_nat);
      measure_child (self->side_child, orientation, for_size < 0 ? -1 : side_width, &side_min,
                     &side_nat);
      *minimum = MAX (main_min, side_min);
      *natural = MAX (main_nat, side_nat);
      return;
    }
  measure_child (self->main_child, orientation, for_size, &main_min, &main_nat);
  measure_child (self->side_child, orientation, for_size, &side_min, &side_nat);
  *minimum = main_min + gap (self, orientation) + side_min;
  *natural = main_nat + gap (self, orientation) + side_nat;
}

static void
allocate (GtkWidget *child,
          int        x,
          int        y,
          int        width,
          int        height)
{
  if (shown (child))
    gtk_widget_size_allocate (child, &(GtkAllocation) { x, y, width, height }, -1);
}

static void
allocate_beside (TrioSplitView *self,
                 int            width,
                 int            height,
                 int            side_width)
{
  gboolean rtl = gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL;
  int gap_width = gap (self, GTK_ORIENTATION_HORIZONTAL);
  int main_width = shown (self->side_child) ? MAX (width - gap_width - side_width, 0) : width;
  int line = gap_width - self->spacing;

  allocate (self->main_child, rtl ? width - main_width : 0, 0, main_width, height);
  allocate (self->side_child, rtl ? 0 : width - side_width, 0, side_width, height);
  if (self->separator != NULL)
    allocate (self->separator, rtl ? side_width + self->spacing / 2
                                   : main_width + self->spacing / 2, 0, line, height);
}

static void
allocate_under (TrioSplitView *self,
                int            width,
                int            height)
{
  int gap_height = gap (self, GTK_ORIENTATION_VERTICAL);
  int main_min, main_nat, side_min, side_nat, main_height;

  measure_child (self->main_child, GTK_ORIENTATION_VERTICAL, width, &main_min, &main_nat);
  measure_child (self->side_child, GTK_ORIENTATION_VERTICAL, width, &side_min, &side_nat);
  main_height = trio_layout_split_main_height (height, gap_height, main_min, main_nat,
                                               side_min);
  allocate (self->main_child, 0, 0, width, main_height);
  allocate (self->side_child, 0, main_height + gap_height, width,
            MAX (height - main_height - gap_height, side_min));
  if (self->separator != NULL)
    allocate (self->separator, 0, main_height + self->spacing / 2, width,
              gap_height - self->spacing);
}

static void
trio_split_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  TrioSplitView *self = TRIO_SPLIT_VIEW (widget);
  int side_width;
  gboolean folded = !beside (self, width, &side_width);

  if (self->separator != NULL)
    gtk_widget_set_child_visible (self->separator, shown (self->side_child)
                                                   && shown (self->main_child));
  if (folded)
    allocate_under (self, width, height);
  else
    allocate_beside (self, width, height, side_width);
  if (folded != self->folded)
    {
      self->folded = folded;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FOLDED]);
    }
}

/* The main part first, the side part last: the order of the focus too. */
static void
set_child (TrioSplitView  *self,
           GtkWidget     **slot,
           GtkWidget      *child,
           gboolean        last)
{
  if (*slot == child)
    return;
  g_clear_pointer (slot, gtk_widget_unparent);
  *slot = child;
  if (child != NULL && last)
    gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
  else if (child != NULL)
    gtk_widget_insert_after (child, GTK_WIDGET (self), NULL);
}

void
trio_split_view_set_main_child (TrioSplitView *self,
                                GtkWidget     *child)
{
  g_return_if_fail (TRIO_IS_SPLIT_VIEW (self));
  set_child (self, &self->main_child, child, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_MAIN_CHILD]);
}

void
trio_split_view_set_side_child (TrioSplitView *self,
                                GtkWidget     *child)
{
  g_return_if_fail (TRIO_IS_SPLIT_VIEW (self));
  set_child (self, &self->side_child, child, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SIDE_CHILD]);
}

void
trio_split_view_set_spacing (TrioSplitView *self,
                             int            spacing)
{
  g_return_if_fail (TRIO_IS_SPLIT_VIEW (self));
  self->spacing = MAX (spacing, 0);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SPACING]);
}

void
trio_split_view_set_main_min_beside (TrioSplitView *self,
                                     int            width)
{
  g_return_if_fail (TRIO_IS_SPLIT_VIEW (self));
  self->main_min_beside = MAX (width, 0);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_MAIN_MIN_BESIDE]);
}

void
trio_split_view_set_separator (TrioSplitView *self,
                               gboolean       separator)
{
  g_return_if_fail (TRIO_IS_SPLIT_VIEW (self));
  if (separator == (self->separator != NULL))
    return;
  if (separator)
    {
      /* A separator's line is its background: drawn across whatever it is given. */
      self->separator = gtk_separator_new (GTK_ORIENTATION_VERTICAL);
      gtk_widget_insert_after (self->separator, GTK_WIDGET (self), self->main_child);
    }
  else
    g_clear_pointer (&self->separator, gtk_widget_unparent);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SEPARATOR]);
}

gboolean
trio_split_view_get_folded (TrioSplitView *self)
{
  g_return_val_if_fail (TRIO_IS_SPLIT_VIEW (self), FALSE);
  return self->folded;
}

static void
trio_split_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  TrioSplitView *self = TRIO_SPLIT_VIEW (object);

  switch (prop_id)
    {
    case PROP_MAIN_CHILD:
      trio_split_view_set_main_child (self, g_value_get_object (value));
      break;
    case PROP_SIDE_CHILD:
      trio_split_view_set_side_child (self, g_value_get_object (value));
      break;
    case PROP_SPACING:
      trio_split_view_set_spacing (self, g_value_get_int (value));
      break;
    case PROP_MAIN_MIN_BESIDE:
      trio_split_view_set_main_min_beside (self, g_value_get_int (value));
      break;
    case PROP_SEPARATOR:
      trio_split_view_set_separator (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
trio_split_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TrioSplitView *self = TRIO_SPLIT_VIEW (object);

  switch (prop_id)
    {
    case PROP_MAIN_CHILD:
      g_value_set_object (value, self->main_child);
      break;
    case PROP_SIDE_CHILD:
      g_value_set_object (value, self->side_child);
      break;
    case PROP_SPACING:
      g_value_set_int (value, self->spacing);
      break;
    case PROP_MAIN_MIN_BESIDE:
      g_value_set_int (value, self->main_min_beside);
      break;
    case PROP_SEPARATOR:
      g_value_set_boolean (value, self->separator != NULL);
      break;
    case PROP_FOLDED:
      g_value_set_boolean (value, self->folded);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
trio_split_view_dispose (GObject *object)
{
  TrioSplitView *self = TRIO_SPLIT_VIEW (object);

  g_clear_pointer (&self->main_child, gtk_widget_unparent);
  g_clear_pointer (&self->side_child, gtk_widget_unparent);
  g_clear_pointer (&self->separator, gtk_widget_unparent);
  G_OBJECT_CLASS (trio_split_view_parent_class)->dispose (object);
}

static void
trio_split_view_class_init (TrioSplitViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->dispose = trio_split_view_dispose;
  object_class->set_property = trio_split_view_set_property;
  object_class->get_property = trio_split_view_get_property;
  widget_class->get_request_mode = trio_split_view_get_request_mode;
  widget_class->measure = trio_split_view_measure;
  widget_class->size_allocate = trio_split_view_size_allocate;

  props[PROP_MAIN_CHILD] = g_param_spec_object ("main-child", NULL, NULL, GTK_TYPE_WIDGET,
                                                flags);
  props[PROP_SIDE_CHILD] = g_param_spec_object ("side-child", NULL, NULL, GTK_TYPE_WIDGET,
                                                flags);
  props[PROP_SPACING] = g_param_spec_int ("spacing", NULL, NULL, 0, G_MAXINT, 0, flags);
  props[PROP_MAIN_MIN_BESIDE] = g_param_spec_int ("main-min-beside", NULL, NULL, 0,
                                                  G_MAXINT, 0, flags);
  props[PROP_SEPARATOR] = g_param_spec_boolean ("separator", NULL, NULL, FALSE, flags);
  props[PROP_FOLDED] = g_param_spec_boolean ("folded", NULL, NULL, FALSE,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                             | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, props);
  gtk_widget_class_set_css_name (widget_class, "split-view");
}

static void
trio_split_view_init (TrioSplitView *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *
trio_split_view_new (void)
{
  return g_object_new (TRIO_TYPE_SPLIT_VIEW, NULL);
}
