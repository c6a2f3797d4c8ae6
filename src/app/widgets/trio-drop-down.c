/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-drop-down.c: a drop-down list of strings whose button's text may be ellipsized
 *
 * Its own factories: the button's label ellipsizes; the list's rows are whole, with the
 * check mark of the chosen one, as GTK's own rows. */

#include "trio-drop-down.h"

static void
setup_button (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_button (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  data)
{
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (gtk_list_item_get_item (item)));
}

/* The chosen row's check mark. */
static void
update_check (GtkDropDown *dropdown,
              GParamSpec  *pspec,
              GtkListItem *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);

  if (box != NULL)
    gtk_widget_set_opacity (gtk_widget_get_last_child (box),
                            gtk_drop_down_get_selected (dropdown)
                            == gtk_list_item_get_position (item) ? 1 : 0);
}

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           GtkDropDown              *dropdown)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("object-select-symbolic"));
  gtk_list_item_set_child (item, box);
  g_signal_connect_object (dropdown, "notify::selected", G_CALLBACK (update_check), item, 0);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          GtkDropDown              *dropdown)
{
  GtkWidget *box = gtk_list_item_get_child (item);

  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)),
                      gtk_string_object_get_string (gtk_list_item_get_item (item)));
  update_check (dropdown, NULL, item);
}

GtkWidget *
trio_drop_down_new_from_strings (const char *const *strings)
{
  GtkWidget *dropdown = gtk_drop_down_new_from_strings (strings);
  g_autoptr (GtkListItemFactory) button = gtk_signal_list_item_factory_new ();
  g_autoptr (GtkListItemFactory) list = gtk_signal_list_item_factory_new ();

  g_signal_connect (button, "setup", G_CALLBACK (setup_button), NULL);
  g_signal_connect (button, "bind", G_CALLBACK (bind_button), NULL);
  g_signal_connect (list, "setup", G_CALLBACK (setup_row), dropdown);
  g_signal_connect (list, "bind", G_CALLBACK (bind_row), dropdown);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (dropdown), button);
  gtk_drop_down_set_list_factory (GTK_DROP_DOWN (dropdown), list);
  return dropdown;
}
