/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-info-bar.c: a strip above the board that says something and offers what to do */

#include "trio-info-bar.h"

#include "trio-split-view.h"
#include "trio-wrap-box.h"

struct _TrioInfoBar
{
  GtkWidget parent_instance;

  GtkRevealer *revealer;
  GtkLabel *title;
  GtkLabel *detail;
  TrioWrapBox *buttons;
};

G_DEFINE_FINAL_TYPE (TrioInfoBar, trio_info_bar, GTK_TYPE_WIDGET)

static void
trio_info_bar_dispose (GObject *object)
{
  TrioInfoBar *self = TRIO_INFO_BAR (object);

  if (self->revealer != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->revealer));
  self->revealer = NULL;
  G_OBJECT_CLASS (trio_info_bar_parent_class)->dispose (object);
}

static void
trio_info_bar_class_init (TrioInfoBarClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = trio_info_bar_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static GtkLabel *
new_label (const char *css_class)
{
  GtkLabel *label = GTK_LABEL (gtk_label_new (NULL));

  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_xalign (label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (label), css_class);
  return label;
}

static void
trio_info_bar_init (TrioInfoBar *self)
{
  GtkWidget *box = trio_split_view_new ();
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  self->revealer = GTK_REVEALER (gtk_revealer_new ());
  gtk_revealer_set_transition_type (self->revealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_widget_set_parent (GTK_WIDGET (self->revealer), GTK_WIDGET (self));

  gtk_widget_add_css_class (box, "info-bar");
  self->title = new_label ("info-bar-title");
  self->detail = new_label ("info-bar-detail");
  gtk_widget_set_valign (texts, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (texts), GTK_WIDGET (self->title));
  gtk_box_append (GTK_BOX (texts), GTK_WIDGET (self->detail));

  /* The buttons go under the text when the window is narrow, and wrap when even its whole
   * width is too short for them. */
  self->buttons = TRIO_WRAP_BOX (trio_wrap_box_new (6, FALSE, GTK_ALIGN_END));
  gtk_widget_set_valign (GTK_WIDGET (self->buttons), GTK_ALIGN_CENTER);
  trio_split_view_set_spacing (TRIO_SPLIT_VIEW (box), 12);
  trio_split_view_set_main_min_beside (TRIO_SPLIT_VIEW (box), 200);
  trio_split_view_set_main_child (TRIO_SPLIT_VIEW (box), texts);
  trio_split_view_set_side_child (TRIO_SPLIT_VIEW (box), GTK_WIDGET (self->buttons));
  gtk_revealer_set_child (self->revealer, box);
}

GtkWidget *
trio_info_bar_new (const char *css_class)
{
  GtkWidget *self = g_object_new (TRIO_TYPE_INFO_BAR, NULL);

  if (css_class != NULL)
    gtk_widget_add_css_class (gtk_revealer_get_child (TRIO_INFO_BAR (self)->revealer),
                              css_class);
  return self;
}

GtkWidget *
trio_info_bar_add_button (TrioInfoBar *self,
                          const char  *label,
                          const char  *action_name,
                          gboolean     icon)
{
  GtkWidget *button = icon ? gtk_button_new_from_icon_name (label)
                           : gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action_name);
  trio_wrap_box_append (self->buttons, button);
  return button;
}

void
trio_info_bar_set_text (TrioInfoBar *self,
                        const char  *title,
                        const char  *detail)
{
  gtk_label_set_text (self->title, title);
  gtk_label_set_text (self->detail, detail != NULL ? detail : "");
  gtk_widget_set_visible (GTK_WIDGET (self->detail), detail != NULL && detail[0] != '\0');
}

void
trio_info_bar_set_shown (TrioInfoBar *self,
                         gboolean     shown)
{
  gtk_revealer_set_reveal_child (self->revealer, shown);
}

gboolean
trio_info_bar_is_shown (TrioInfoBar *self)
{
  return gtk_revealer_get_reveal_child (self->revealer);
}

const char *
trio_info_bar_get_title (TrioInfoBar *self)
{
  return gtk_label_get_text (self->title);
}
