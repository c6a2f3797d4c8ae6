/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-rules-window.c: the rules of the games, in the interface language
 *
 * The pages are Pango markup files in the gresource, one per game and language.
 */

#include "trio-rules-window.h"

#include <glib/gi18n.h>

#include "trio-game.h"

const char *
trio_rules_language (void)
{
  const char *const *names = g_get_language_names ();

  /* The first language the user asked for that we have; English otherwise. */
  for (guint i = 0; names[i] != NULL; i++)
    {
      if (g_str_has_prefix (names[i], "fr"))
        return "fr";
      if (g_str_has_prefix (names[i], "en") || g_str_equal (names[i], "C"))
        return "en";
    }
  return "en";
}

static GtkWidget *
make_page (const TrioGame *tgame)
{
  g_autofree char *path = g_strdup_printf ("/io/github/triogames/Trio/rules/%s/%s.txt",
                                           trio_rules_language (), tgame->rules_page);
  g_autoptr (GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *label = gtk_label_new (NULL);
  g_autofree char *text = NULL;

  if (bytes != NULL)
    text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  gtk_label_set_markup (GTK_LABEL (label), text ? text : "");
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 80);
  gtk_widget_set_margin_start (label, 24);
  gtk_widget_set_margin_end (label, 24);
  gtk_widget_set_margin_top (label, 18);
  gtk_widget_set_margin_bottom (label, 24);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), label);
  return scrolled;
}

void
trio_rules_window_present (GtkWindow  *parent,
                           const char *game_id)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *stack = gtk_stack_new ();
  GtkWidget *switcher = gtk_stack_switcher_new ();
  const TrioGame *const *games = trio_game_list ();

  gtk_window_set_title (window, _("Rules"));
  gtk_window_set_transient_for (window, parent);
  gtk_window_set_default_size (window, 760, 680);
  gtk_window_set_destroy_with_parent (window, TRUE);
  for (guint i = 0; games[i] != NULL; i++)
    gtk_stack_add_titled (GTK_STACK (stack), make_page (games[i]), games[i]->id,
                          trio_game_get_name (games[i], NULL));
  if (game_id != NULL)
    gtk_stack_set_visible_child_name (GTK_STACK (stack), game_id);
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), GTK_STACK (stack));
  gtk_header_bar_set_title_widget (GTK_HEADER_BAR (header), switcher);
  gtk_window_set_titlebar (window, header);
  gtk_window_set_child (window, stack);
  /* The pages are selectable labels: they would all be selected when they take the
   * focus, which hides the text behind the selection colour. */
  g_object_set (gtk_settings_get_for_display (gtk_widget_get_display (GTK_WIDGET (window))),
                "gtk-label-select-on-focus", FALSE, NULL);
  gtk_window_present (window);
}
