/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-squeezer.c: shows the first of its children that fits its width
 *
 * Its least width is its narrowest child's, its natural width its widest's; every child is
 * allocated, the one shown at the squeezer's size, the others at their own, out of sight
 * (not child-visible: neither drawn nor reached by the pointer or the focus).
 */

#include "trio-squeezer.h"

#include "trio-layout.h"

struct _TrioSqueezer
{
  GtkWidget parent_instance;

  GtkWidget *shown;
};

G_DEFINE_FINAL_TYPE (TrioSqueezer, trio_squeezer, GTK_TYPE_WIDGET)

static void
trio_squeezer_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  gboolean first = TRUE;

  *minimum = *natural = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int min, nat;

      if (!gtk_widget_get_visible (child))
        continue;
      gtk_widget_measure (child, orientation, -1, &min, &nat, NULL, NULL);
      /* As narrow as the narrowest child; as tall as the tallest, whichever is shown. */
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        *minimum = first ? min : MIN (*minimum, min);
      else
        *minimum = MAX (*minimum, min);
      *natural = MAX (*natural, nat);
      first = FALSE;
    }
}

static void
trio_squeezer_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  TrioSqueezer *self = TRIO_SQUEEZER (widget);
  g_autoptr (GArray) widths = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) mins = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GPtrArray) children = g_ptr_array_new ();
  guint chosen;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int min, nat;

      if (!gtk_widget_get_visible (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      g_array_append_val (widths, nat);
      g_array_append_val (mins, min);
      g_ptr_array_add (children, child);
    }
  chosen = trio_layout_squeeze ((const int *) (void *) widths->data, widths->len, width);
  self->shown = children->len > 0 ? g_ptr_array_index (children, chosen) : NULL;
  for (guint i = 0; i < children->len; i++)
    {
      GtkWidget *child = g_ptr_array_index (children, i);
      /* The others at their natural width, never under their minimum. */
      int w = i == chosen ? width : g_array_index (widths, int, i);

      gtk_widget_set_child_visible (child, i == chosen);
      gtk_widget_size_allocate (child,
                                &(GtkAllocation) { 0, 0, MAX (w, g_array_index (mins, int, i)),
                                                   height }, -1);
    }
}

static void
trio_squeezer_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (trio_squeezer_parent_class)->dispose (object);
}

static void
trio_squeezer_class_init (TrioSqueezerClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = trio_squeezer_dispose;
  widget_class->measure = trio_squeezer_measure;
  widget_class->size_allocate = trio_squeezer_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "squeezer");
}

static void
trio_squeezer_init (TrioSqueezer *self)
{
}

GtkWidget *
trio_squeezer_new (void)
{
  return g_object_new (TRIO_TYPE_SQUEEZER, NULL);
}

void
trio_squeezer_append (TrioSqueezer *self,
                      GtkWidget    *child)
{
  g_return_if_fail (TRIO_IS_SQUEEZER (self));
  gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
}

GtkWidget *
trio_squeezer_get_shown (TrioSqueezer *self)
{
  g_return_val_if_fail (TRIO_IS_SQUEEZER (self), NULL);
  return self->shown;
}
