/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-wrap-box.c: children in a row that wraps onto more lines when the width is short
 * (the buttons of the strips above the board, the chooser's cards) */

#include "trio-wrap-box.h"

#include "trio-layout.h"

struct _TrioWrapBox
{
  GtkWidget parent_instance;

  int spacing;
  gboolean homogeneous;
  GtkAlign line_align;
};

G_DEFINE_FINAL_TYPE (TrioWrapBox, trio_wrap_box, GTK_TYPE_WIDGET)

/* The visible children laid out at one width: the width of each and its line. */
typedef struct
{
  guint n;
  GtkWidget **children;
  int *widths;
  guint *line_of;
  guint n_lines;
} Lines;

static void
lines_free (Lines *lines)
{
  g_free (lines->children);
  g_free (lines->widths);
  g_free (lines->line_of);
}

static Lines
lines_new (TrioWrapBox *self)
{
  Lines lines = { 0 };
  GtkWidget *child;

  for (child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child))
      lines.n++;
  lines.children = g_new0 (GtkWidget *, MAX (lines.n, 1));
  lines.widths = g_new0 (int, MAX (lines.n, 1));
  lines.line_of = g_new0 (guint, MAX (lines.n, 1));
  lines.n = 0;
  for (child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child))
      lines.children[lines.n++] = child;
  return lines;
}

static void
child_widths (GtkWidget *child,
              int       *minimum,
              int       *natural)
{
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, minimum, natural, NULL, NULL);
}

/* The least and natural widths of the widest children (every cell's, when homogeneous). */
static void
widest (Lines *lines,
        int   *minimum,
        int   *natural)
{
  *minimum = *natural = 0;
  for (guint i = 0; i < lines->n; i++)
    {
      int min, nat;

      child_widths (lines->children[i], &min, &nat);
      *minimum = MAX (*minimum, min);
      *natural = MAX (*natural, nat);
    }
}

/* Lays the children out at this width. */
static void
lines_layout (TrioWrapBox *self,
              Lines       *lines,
              int          width)
{
  if (self->homogeneous)
    {
      int cell_min, cell_nat, cell;
      guint columns;

      widest (lines, &cell_min, &cell_nat);
      columns = trio_layout_grid_columns (lines->n, cell_min, width, self->spacing);
      cell = (width - (int) (columns - 1) * self->spacing) / (int) columns;
      cell = MAX (cell_min, MIN (cell_nat, cell));
      for (guint i = 0; i < lines->n; i++)
        {
          lines->widths[i] = cell;
          lines->line_of[i] = i / columns;
        }
      lines->n_lines = lines->n > 0 ? (lines->n - 1) / columns + 1 : 0;
      return;
    }
  for (guint i = 0; i < lines->n; i++)
    {
      int min, nat;

      child_widths (lines->children[i], &min, &nat);
      lines->widths[i] = MAX (min, MIN (nat, width));
    }
  lines->n_lines = trio_layout_wrap (lines->widths, lines->n, width, self->spacing,
                                     lines->line_of);
}

/* The height of a line: its tallest child's, at the width it has. */
static void
line_height (Lines *lines,
             guint  line,
             int   *minimum,
             int   *natural)
{
  *minimum = *natural = 0;
  for (guint i = 0; i < lines->n; i++)
    if (lines->line_of[i] == line)
      {
        int min, nat;

        gtk_widget_measure (lines->children[i], GTK_ORIENTATION_VERTICAL, lines->widths[i],
                            &min, &nat, NULL, NULL);
        *minimum = MAX (*minimum, min);
        *natural = MAX (*natural, nat);
      }
}

static GtkSizeRequestMode
trio_wrap_box_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
trio_wrap_box_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  TrioWrapBox *self = TRIO_WRAP_BOX (widget);
  Lines lines = lines_new (self);
  int gaps = lines.n > 0 ? (int) (lines.n - 1) * self->spacing : 0;

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL && self->homogeneous)
    {
      widest (&lines, minimum, natural);
      *natural = *natural * (int) lines.n + gaps;
    }
  else if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      for (guint i = 0; i < lines.n; i++)
        {
          int min, nat;

          child_widths (lines.children[i], &min, &nat);
          *minimum = MAX (*minimum, min);
          *natural += nat;
        }
      *natural += gaps;
    }
  else
    {
      lines_layout (self, &lines, for_size < 0 ? G_MAXINT / 2 : for_size);
      for (guint line = 0; line < lines.n_lines; line++)
        {
          int min, nat;

          line_height (&lines, line, &min, &nat);
          *minimum += min + (line > 0 ? self->spacing : 0);
          *natural += nat + (line > 0 ? self->spacing : 0);
        }
    }
  lines_free (&lines);
}

static void
trio_wrap_box_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  TrioWrapBox *self = TRIO_WRAP_BOX (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  Lines lines = lines_new (self);
  guint first = 0;
  int y = 0;

  lines_layout (self, &lines, width);
  for (guint line = 0; line < lines.n_lines; line++)
    {
      int line_width = 0, x, min, nat;
      guint end = first;

      while (end < lines.n && lines.line_of[end] == line)
        {
          line_width += lines.widths[end] + (end > first ? self->spacing : 0);
          end++;
        }
      line_height (&lines, line, &min, &nat);
      x = self->line_align == GTK_ALIGN_CENTER ? (width - line_width) / 2
          : self->line_align == GTK_ALIGN_END ? width - line_width : 0;
      for (guint i = first; i < end; i++)
        {
          int w = lines.widths[i];

          gtk_widget_size_allocate (lines.children[i],
                                    &(GtkAllocation) { rtl ? width - x - w : x, y, w, nat },
                                    -1);
          x += w + self->spacing;
        }
      y += nat + self->spacing;
      first = end;
    }
  lines_free (&lines);
}

static void
trio_wrap_box_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (trio_wrap_box_parent_class)->dispose (object);
}

static void
trio_wrap_box_class_init (TrioWrapBoxClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = trio_wrap_box_dispose;
  widget_class->get_request_mode = trio_wrap_box_get_request_mode;
  widget_class->measure = trio_wrap_box_measure;
  widget_class->size_allocate = trio_wrap_box_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "wrap-box");
}

static void
trio_wrap_box_init (TrioWrapBox *self)
{
}

GtkWidget *
trio_wrap_box_new (int      spacing,
                   gboolean homogeneous,
                   GtkAlign line_align)
{
  TrioWrapBox *self = g_object_new (TRIO_TYPE_WRAP_BOX, NULL);

  self->spacing = spacing;
  self->homogeneous = homogeneous;
  self->line_align = line_align;
  return GTK_WIDGET (self);
}

void
trio_wrap_box_append (TrioWrapBox *self,
                      GtkWidget   *child)
{
  g_return_if_fail (TRIO_IS_WRAP_BOX (self));
  gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
}
