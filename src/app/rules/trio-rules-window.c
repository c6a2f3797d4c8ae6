/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-rules-window.c: the rules of the games, in the interface language
 *
 * The pages are Pango markup files in the gresource, one per game and language; a line
 * "[board]" in one is where the board with its points' names is drawn.
 */

#include "trio-rules-window.h"

#include <glib/gi18n.h>

#include "games/trio-game.h"
#include "trio-rules-board.h"

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

/* A part of a page's text: markup, wrapped, not selectable (a selectable label shows a text
 * cursor once it has the focus, which a page to read does not want). */
static GtkWidget *
text_label (const char *markup)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 80);
  return label;
}

/* The arrow keys scroll the page, as Page Up and Page Down do (the scrolled window's own). */
static gboolean
page_key_pressed (GtkEventControllerKey *controller,
                  guint                  keyval,
                  guint                  keycode,
                  GdkModifierType        state,
                  GtkScrolledWindow     *scrolled)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (scrolled);
  double step = 40;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      step = -step;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      break;
    case GDK_KEY_Home:
      step = -gtk_adjustment_get_upper (adj);
      break;
    case GDK_KEY_End:
      step = gtk_adjustment_get_upper (adj);
      break;
    default:
      return FALSE;
    }
  gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + step);
  return TRUE;
}

/* A page: the game's rules file, whose lines "[board]" stand for the board with its points'
 * names (trio-rules-board.c). */
static GtkWidget *
make_page (const TrioGame *tgame)
{
  g_autofree char *path = g_strdup_printf ("/io/github/triogames/Trio/rules/%s/%s.txt",
                                           trio_rules_language (), tgame->rules_page);
  g_autoptr (GBytes) bytes = g_resources_lookup_data (path, 0, NULL);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkEventController *keys = gtk_event_controller_key_new ();
  g_autofree char *text = NULL;
  g_auto (GStrv) parts = NULL;

  if (bytes != NULL)
    text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  parts = g_strsplit (text ? text : "", "\n[board]\n", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      GtkWidget *board = i > 0 ? trio_rules_board_new (tgame) : NULL;

      if (board != NULL)
        gtk_box_append (GTK_BOX (box), board);
      gtk_box_append (GTK_BOX (box), text_label (g_strstrip (parts[i])));
    }
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);
  /* The page takes the focus (nothing in it does), so that the keys scroll it. */
  gtk_widget_set_focusable (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)),
                            TRUE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (page_key_pressed), scrolled);
  gtk_widget_add_controller (scrolled, keys);
  return scrolled;
}

/* The monitor the parent window is on, or a large one when it is not known. */
static GdkRectangle
screen_size (GtkWindow *parent)
{
  GdkRectangle area = { 0, 0, 1920, 1080 };
  GdkSurface *surface = parent != NULL ? gtk_native_get_surface (GTK_NATIVE (parent)) : NULL;
  GdkMonitor *monitor = surface != NULL
    ? gdk_display_get_monitor_at_surface (gdk_surface_get_display (surface), surface) : NULL;

  if (monitor != NULL)
    gdk_monitor_get_geometry (monitor, &area);
  return area;
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
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  GdkRectangle screen = screen_size (parent);

  gtk_window_set_title (window, _("Rules"));
  gtk_window_set_transient_for (window, parent);
  /* No taller or wider than the screen (an 800×600 screen, a phone). */
  gtk_window_set_default_size (window, MIN (760, screen.width), MIN (680, screen.height - 40));
  /* Escape closes it, as it does a dialog. */
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (shortcuts),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                      gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (GTK_WIDGET (window), shortcuts);
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
  gtk_window_present (window);
}
