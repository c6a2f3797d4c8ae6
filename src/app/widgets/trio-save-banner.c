/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-save-banner.c: the banner that says the game in progress could not be saved
 *
 * A strip across the top of the window, as an info bar: GtkInfoBar is deprecated after
 * GTK 4.8 and libadwaita's AdwBanner is not used, so this is a revealer holding a label
 * and a Save As button.
 */

#include "trio-save-banner.h"

#include <glib/gi18n.h>

struct _TrioSaveBanner
{
  GtkWidget parent_instance;

  GtkRevealer *revealer;
  GtkLabel *label;
};

G_DEFINE_FINAL_TYPE (TrioSaveBanner, trio_save_banner, GTK_TYPE_WIDGET)

/* The theme has no error strip in GTK 4.8 without libadwaita: a red one of our own. */
static const char banner_css[] =
  ".save-banner { background-color: #c01c28; color: white; padding: 6px 12px; }\n"
  ".save-banner label { font-weight: bold; }\n";

static void
trio_save_banner_dispose (GObject *object)
{
  TrioSaveBanner *self = TRIO_SAVE_BANNER (object);

  if (self->revealer != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->revealer));
  self->revealer = NULL;
  G_OBJECT_CLASS (trio_save_banner_parent_class)->dispose (object);
}

static void
trio_save_banner_class_init (TrioSaveBannerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = trio_save_banner_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
add_style (void)
{
  static gboolean added;
  g_autoptr (GtkCssProvider) css = NULL;

  if (added || gdk_display_get_default () == NULL)
    return;
  added = TRUE;
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (css, banner_css, -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
trio_save_banner_init (TrioSaveBanner *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *button = gtk_button_new_with_mnemonic (_("_Save As…"));

  add_style ();
  self->revealer = GTK_REVEALER (gtk_revealer_new ());
  gtk_revealer_set_transition_type (self->revealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_widget_set_parent (GTK_WIDGET (self->revealer), GTK_WIDGET (self));

  gtk_widget_add_css_class (box, "save-banner");
  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->label, TRUE);
  gtk_label_set_xalign (self->label, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->label), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->label));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.save-as");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), button);
  gtk_revealer_set_child (self->revealer, box);
}

GtkWidget *
trio_save_banner_new (void)
{
  return g_object_new (TRIO_TYPE_SAVE_BANNER, NULL);
}

void
trio_save_banner_show (TrioSaveBanner *self,
                       const char     *reason)
{
  g_autofree char *text = g_strdup_printf (
    _("This game could not be saved: %s. It stays open here; use Save As to keep it "
      "elsewhere."), reason);

  gtk_label_set_text (self->label, text);
  gtk_revealer_set_reveal_child (self->revealer, TRUE);
}

void
trio_save_banner_hide (TrioSaveBanner *self)
{
  gtk_revealer_set_reveal_child (self->revealer, FALSE);
}

gboolean
trio_save_banner_is_shown (TrioSaveBanner *self)
{
  return gtk_revealer_get_reveal_child (self->revealer);
}
