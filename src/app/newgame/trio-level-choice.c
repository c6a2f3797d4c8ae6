/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-level-choice.c: the drop-down list of the computer's levels
 *
 * The popup's rows come from a list item factory of our own: the default one cannot
 * grey out a row. The Perfect row's "selectable" and "activatable" (so it cannot be
 * picked by mouse or keyboard) and its look follow the table's state through bindings.
 */

#include "trio-level-choice.h"

#include "bg-search.h"
#include "session/trio-status.h"

#define PERFECT_POSITION ((guint) (BG_LEVEL_PERFECT - BG_LEVEL_MIN))

static TrioPerfectTable *
table_of (GtkDropDown *choice)
{
  return g_object_get_data (G_OBJECT (choice), "trio-perfect-table");
}

static gboolean
state_to_ready (GBinding     *binding,
                const GValue *from,
                GValue       *to,
                gpointer      user_data)
{
  g_value_set_boolean (to, g_value_get_enum (from) == TRIO_PERFECT_TABLE_READY);
  return TRUE;
}

static void
unbind_and_unref (gpointer data)
{
  g_binding_unbind (data);
  g_object_unref (data);
}

/* The popup marks the chosen level with a check, as the default rows do. */
static void
update_check (GtkDropDown *choice,
              GParamSpec  *pspec,
              GtkListItem *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);

  if (box != NULL)
    gtk_widget_set_opacity (gtk_widget_get_last_child (box),
                            gtk_drop_down_get_selected (choice)
                            == gtk_list_item_get_position (item) ? 1 : 0);
}

static void
setup_item (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            GtkDropDown              *choice)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (item, box);
  g_signal_connect_object (choice, "notify::selected", G_CALLBACK (update_check), item, 0);
}

static void
bind_item (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           GtkDropDown              *choice)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  TrioPerfectTable *table = table_of (choice);
  GPtrArray *bindings;

  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)),
                      gtk_string_object_get_string (gtk_list_item_get_item (item)));
  update_check (choice, NULL, item);
  if (table == NULL || gtk_list_item_get_position (item) != PERFECT_POSITION)
    return;
  bindings = g_ptr_array_new_with_free_func (unbind_and_unref);
  g_ptr_array_add (bindings, g_object_ref (g_object_bind_property_full (
    table, "state", item, "selectable", G_BINDING_SYNC_CREATE, state_to_ready, NULL, NULL,
    NULL)));
  g_ptr_array_add (bindings, g_object_ref (g_object_bind_property_full (
    table, "state", item, "activatable", G_BINDING_SYNC_CREATE, state_to_ready, NULL, NULL,
    NULL)));
  g_ptr_array_add (bindings, g_object_ref (g_object_bind_property_full (
    table, "state", box, "sensitive", G_BINDING_SYNC_CREATE, state_to_ready, NULL, NULL,
    NULL)));
  g_object_set_data_full (G_OBJECT (item), "trio-bindings", bindings,
                          (GDestroyNotify) g_ptr_array_unref);
}

static void
unbind_item (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             GtkDropDown              *choice)
{
  g_object_set_data (G_OBJECT (item), "trio-bindings", NULL);
  gtk_list_item_set_selectable (item, TRUE);
  gtk_list_item_set_activatable (item, TRUE);
  gtk_widget_set_sensitive (gtk_list_item_get_child (item), TRUE);
}

GtkDropDown *
trio_level_choice_new (TrioPerfectTable *table)
{
  const char *levels[BG_LEVEL_PERFECT - BG_LEVEL_MIN + 2] = { NULL };
  int top = table != NULL ? BG_LEVEL_PERFECT : BG_LEVEL_MAX;
  GtkDropDown *choice;
  g_autoptr (GtkListItemFactory) factory = NULL;

  for (int l = BG_LEVEL_MIN; l <= top; l++)
    levels[l - BG_LEVEL_MIN] = trio_status_level_name (l);
  choice = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (levels));
  if (table == NULL)
    return choice;

  g_object_set_data_full (G_OBJECT (choice), "trio-perfect-table", g_object_ref (table),
                          g_object_unref);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_item), choice);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_item), choice);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_item), choice);
  gtk_drop_down_set_list_factory (choice, factory);
  return choice;
}

int
trio_level_choice_get_level (GtkDropDown *choice)
{
  return BG_LEVEL_MIN + (int) gtk_drop_down_get_selected (choice);
}

gboolean
trio_level_choice_perfect_available (GtkDropDown *choice)
{
  TrioPerfectTable *table = table_of (choice);

  return table != NULL && trio_perfect_table_is_ready (table);
}

void
trio_level_choice_set_level (GtkDropDown *choice,
                             int          level)
{
  int top = trio_level_choice_perfect_available (choice) ? BG_LEVEL_PERFECT : BG_LEVEL_MAX;

  gtk_drop_down_set_selected (choice, (guint) (CLAMP (level, BG_LEVEL_MIN, top) - BG_LEVEL_MIN));
}
