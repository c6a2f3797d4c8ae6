/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-preferences-window.c: the preferences of play with friends */

#include "trio-preferences-window.h"

#include <glib/gi18n.h>

#include "trio-client-link.h"
#include "trio-settings.h"

struct _TrioPreferencesWindow
{
  GtkWindow parent_instance;

  GtkEntry *server_entry;
  GtkEntry *name_entry;
  GtkLabel *server_note;
};

G_DEFINE_FINAL_TYPE (TrioPreferencesWindow, trio_preferences_window, GTK_TYPE_WINDOW)

static TrioPreferencesWindow *the_window;

static void
trio_preferences_window_class_init (TrioPreferencesWindowClass *klass)
{
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0,
                                       "window.close", NULL);
}

/* Whether text is empty (this Trio's own server) or a server's address. */
static void
server_changed (TrioPreferencesWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->server_entry));
  g_autofree char *url = NULL;

  if (text[0] == '\0')
    gtk_label_set_text (self->server_note,
                        _("Empty: games are hosted on this computer, for friends on the same "
                          "network."));
  else if ((url = trio_client_room_url (text, "aaaaaaaaaaaaaaaa", NULL)) == NULL)
    gtk_label_set_text (self->server_note,
                        _("This is not a server’s address: ws://HOST:PORT, or wss://HOST "
                          "and a path, for a server behind a web server."));
  else
    gtk_label_set_text (self->server_note,
                        _("Games are hosted on this server, for friends anywhere on the "
                          "internet."));
}

static GtkWidget *
attach_row (GtkGrid    *grid,
            int         y,
            const char *caption,
            GtkWidget  *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (caption);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_grid_attach (grid, label, 0, y, 1, 1);
  gtk_grid_attach (grid, widget, 1, y, 1, 1);
  return label;
}

static void
trio_preferences_window_init (TrioPreferencesWindow *self)
{
  GSettings *settings = trio_settings_get ();
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  GtkWidget *heading = gtk_label_new (_("Playing with Friends"));

  gtk_window_set_title (GTK_WINDOW (self), _("Preferences"));
  gtk_window_set_default_size (GTK_WINDOW (self), 520, -1);
  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);
  gtk_widget_set_margin_start (GTK_WIDGET (grid), 24);
  gtk_widget_set_margin_end (GTK_WIDGET (grid), 24);
  gtk_widget_set_margin_top (GTK_WIDGET (grid), 18);
  gtk_widget_set_margin_bottom (GTK_WIDGET (grid), 24);
  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_grid_attach (grid, heading, 0, 0, 2, 1);

  self->name_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_max_length (self->name_entry, 40);
  gtk_entry_set_placeholder_text (self->name_entry, g_get_real_name ());
  attach_row (grid, 1, _("Your _name"), GTK_WIDGET (self->name_entry));
  self->server_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->server_entry, _("This computer"));
  gtk_entry_set_input_purpose (self->server_entry, GTK_INPUT_PURPOSE_URL);
  attach_row (grid, 2, _("Game _server"), GTK_WIDGET (self->server_entry));
  self->server_note = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->server_note, TRUE);
  gtk_label_set_xalign (self->server_note, 0);
  gtk_label_set_max_width_chars (self->server_note, 50);
  gtk_widget_add_css_class (GTK_WIDGET (self->server_note), "dim-label");
  gtk_grid_attach (grid, GTK_WIDGET (self->server_note), 1, 3, 1, 1);
  gtk_window_set_child (GTK_WINDOW (self), GTK_WIDGET (grid));

  g_signal_connect_swapped (self->server_entry, "changed", G_CALLBACK (server_changed), self);
  if (settings != NULL)
    {
      g_settings_bind (settings, "game-server", self->server_entry, "text",
                       G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "player-name", self->name_entry, "text",
                       G_SETTINGS_BIND_DEFAULT);
    }
  else
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->server_entry), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->name_entry), FALSE);
    }
  server_changed (self);
}

void
trio_preferences_window_present (GtkWindow *parent)
{
  if (the_window == NULL)
    {
      the_window = g_object_new (TRIO_TYPE_PREFERENCES_WINDOW, "transient-for", parent,
                                 "modal", FALSE, NULL);
      g_object_add_weak_pointer (G_OBJECT (the_window), (gpointer *) &the_window);
    }
  gtk_window_present (GTK_WINDOW (the_window));
}
