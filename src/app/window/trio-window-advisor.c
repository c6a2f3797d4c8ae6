/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-advisor.c: the main window's "Show Perfect Moves" (a game with its solved
 * table installed, TrioGame.solved_table): the toggle, kept in the show-perfect-moves
 * setting, and the lines of the side panel that explain the board's badges and, when the
 * table says the first player wins, why one side's are all losses */

#include <glib/gi18n.h>

#include "games/trio-game.h"
#include "session/trio-status.h"
#include "trio-settings.h"
#include "trio-window-private.h"

#define SETTING "show-perfect-moves"

static GAction *
advisor_action (TrioWindow *self)
{
  return g_action_map_lookup_action (G_ACTION_MAP (self), "advisor");
}

/* Whether the advisor can show anything: a game with a solved table, installed. */
static gboolean
available (TrioWindow *self)
{
  const char *id = trio_window_get_game_id (self);

  return id != NULL && trio_game_has_installed_table (trio_game_lookup (id));
}

/* What the badges say, and once why every move of one side shows a loss: the game's start
 * is won for the first player (the solved table says so). */
static void
set_legend (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);
  g_autofree char *start = trio_status_describe_solved_start (game);
  g_autofree char *text = NULL;
  const char *legend = _("Perfect moves: green ✓ wins, grey = draws, red ✗ loses; the number "
                         "counts the winner’s moves to the end, and the best choices have a "
                         "gold rim.");

  text = start != NULL ? g_strdup_printf ("%s\n%s", legend, start) : g_strdup (legend);
  if (g_strcmp0 (text, gtk_label_get_text (self->advisor_label)) == 0)
    return;
  gtk_label_set_text (self->advisor_label, text);
  if (start != NULL)
    g_debug ("advisor: %s", start);
}

void
trio_window_advisor_update (TrioWindow *self)
{
  GAction *action = advisor_action (self);
  g_autoptr (GVariant) state = NULL;
  gboolean can, on;

  if (action == NULL)
    return;
  state = g_action_get_state (action);
  can = available (self);
  on = can && g_variant_get_boolean (state);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), can);
  if (on)
    set_legend (self);
  gtk_widget_set_visible (GTK_WIDGET (self->advisor_label), on);
  if (self->view != NULL)
    trio_game_view_set_advice (self->view, on);
}

static void
set_state (TrioWindow *self,
           gboolean    on)
{
  g_simple_action_set_state (G_SIMPLE_ACTION (advisor_action (self)),
                             g_variant_new_boolean (on));
  g_debug ("perfect moves %s", on ? "shown" : "hidden");
  trio_window_advisor_update (self);
}

static void
on_setting_changed (TrioWindow *self)
{
  set_state (self, g_settings_get_boolean (trio_settings_get (), SETTING));
}

static void
advisor_change_state (GSimpleAction *action,
                      GVariant      *value,
                      gpointer       user_data)
{
  TrioWindow *self = user_data;
  GSettings *settings = trio_settings_get ();

  /* Through the setting, which every window follows; in the window alone without it. */
  if (settings != NULL)
    g_settings_set_boolean (settings, SETTING, g_variant_get_boolean (value));
  else
    set_state (self, g_variant_get_boolean (value));
}

static const GActionEntry advisor_entries[] = {
  { "advisor", NULL, NULL, "false", advisor_change_state },
};

void
trio_window_advisor_init (TrioWindow *self)
{
  GtkWidget *status = GTK_WIDGET (self->status_label);
  GSettings *settings = trio_settings_get ();
  GtkWidget *label;

  g_action_map_add_action_entries (G_ACTION_MAP (self), advisor_entries,
                                   G_N_ELEMENTS (advisor_entries), self);
  /* Under the status, once: what the badges on the board say. */
  label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_visible (label, FALSE);
  gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (status)), label, status);
  self->advisor_label = GTK_LABEL (label);

  if (settings != NULL)
    {
      g_simple_action_set_state (G_SIMPLE_ACTION (advisor_action (self)),
                                 g_variant_new_boolean (g_settings_get_boolean (settings,
                                                                                SETTING)));
      g_signal_connect_object (settings, "changed::" SETTING, G_CALLBACK (on_setting_changed),
                               self, G_CONNECT_SWAPPED);
    }
  trio_window_advisor_update (self);
}
