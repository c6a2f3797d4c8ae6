/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-message.c: a small modal question or message window
 *
 * GtkMessageDialog is deprecated in newer GTK and GtkAlertDialog is not in GTK 4.8, so
 * Trio has this one small window of its own.
 */

#include "trio-message.h"

typedef struct
{
  TrioMessageFunc callback;
  gpointer user_data;
  gboolean answered;
} Question;

static void
answer (GtkWindow *window,
        int        response)
{
  Question *q = g_object_get_data (G_OBJECT (window), "trio-question");

  if (q->answered)
    return;
  q->answered = TRUE;
  if (q->callback != NULL)
    q->callback (response, q->user_data);
  gtk_window_destroy (window);
}

static void
button_clicked (GtkButton *button,
                GtkWindow *window)
{
  answer (window, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "trio-response")));
}

static gboolean
close_request (GtkWindow *window,
               gpointer   user_data)
{
  answer (window, -1);
  return TRUE;
}

GtkWindow *
trio_message_show (GtkWindow         *parent,
                   const char        *heading,
                   const char        *body,
                   const char *const *buttons,
                   TrioMessageFunc    callback,
                   gpointer           user_data)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label, *titlebar;
  Question *q = g_new0 (Question, 1);
  GtkWidget *last = NULL;
  GtkEventController *shortcuts;

  q->callback = callback;
  q->user_data = user_data;
  g_object_set_data_full (G_OBJECT (window), "trio-question", q, g_free);
  gtk_window_set_modal (window, TRUE);
  gtk_window_set_transient_for (window, parent);
  gtk_window_set_resizable (window, FALSE);
  /* No title bar, which would only repeat the heading: a hidden title bar widget leaves the
   * window without one (and Escape or a button closes it). Screen readers still name the
   * window after its heading. */
  titlebar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_set_visible (titlebar, FALSE);
  gtk_window_set_titlebar (window, titlebar);
  /* Shown by no title bar, but the window's name for the window manager and the tests. */
  gtk_window_set_title (window, heading);
  gtk_accessible_update_property (GTK_ACCESSIBLE (window), GTK_ACCESSIBLE_PROPERTY_LABEL, heading,
                                  -1);
  gtk_widget_add_css_class (GTK_WIDGET (window), "message");

  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 18);
  label = gtk_label_new (heading);
  gtk_widget_add_css_class (label, "title-2");
  gtk_box_append (GTK_BOX (box), label);
  label = gtk_label_new (body);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 50);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (box), label);

  gtk_widget_set_halign (row, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (row, 12);
  for (int i = 0; buttons[i] != NULL; i++)
    {
      GtkWidget *button = gtk_button_new_with_mnemonic (buttons[i]);

      g_object_set_data (G_OBJECT (button), "trio-response", GINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (button_clicked), window);
      gtk_box_append (GTK_BOX (row), button);
      last = button;
    }
  if (last != NULL)
    {
      gtk_widget_add_css_class (last, "suggested-action");
      gtk_window_set_default_widget (window, last);
    }
  gtk_box_append (GTK_BOX (box), row);
  gtk_window_set_child (window, box);
  g_signal_connect (window, "close-request", G_CALLBACK (close_request), NULL);
  /* Escape closes it, as it would a dialog: the answer is then -1. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (shortcuts),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                      gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (GTK_WIDGET (window), shortcuts);
  gtk_window_present (window);
  if (last != NULL)
    gtk_widget_grab_focus (last);
  return window;
}
