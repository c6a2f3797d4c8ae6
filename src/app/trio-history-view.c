/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-history-view.c: the list of the moves played, in the game's notation
 *
 * Two players taking turns show a move of each per line ("12. d6-d5  b4xa1"); otherwise
 * (more players, or Triomino's draws and passes) one move per line with its player's name.
 */

#include "trio-history-view.h"

#include <glib/gi18n.h>

struct _TrioHistoryView
{
  GtkWidget parent_instance;

  GtkWidget *scrolled;
  GtkListBox *list;
  TrioSession *session;   /* not owned: the window owns both */
};

G_DEFINE_FINAL_TYPE (TrioHistoryView, trio_history_view, GTK_TYPE_WIDGET)

static void
trio_history_view_dispose (GObject *object)
{
  TrioHistoryView *self = TRIO_HISTORY_VIEW (object);

  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  G_OBJECT_CLASS (trio_history_view_parent_class)->dispose (object);
}

static void
trio_history_view_class_init (TrioHistoryViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = trio_history_view_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_GROUP);
}

/* The list follows the last move: whenever its height changes, it scrolls to the end. */
static void
adjustment_changed (GtkAdjustment *adj,
                    gpointer       user_data)
{
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj)
                                 - gtk_adjustment_get_page_size (adj));
}

static void
trio_history_view_init (TrioHistoryView *self)
{
  GtkWidget *placeholder = gtk_label_new (_("No moves yet"));

  gtk_widget_add_css_class (placeholder, "dim-label");
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_list_box_set_placeholder (self->list, placeholder);
  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (self->scrolled), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->list));
  g_signal_connect (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled)),
                    "changed", G_CALLBACK (adjustment_changed), NULL);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Moves played"), -1);
}

GtkWidget *
trio_history_view_new (void)
{
  return g_object_new (TRIO_TYPE_HISTORY_VIEW, NULL);
}

void
trio_history_view_set_session (TrioHistoryView *self,
                               TrioSession     *session)
{
  self->session = session;
  trio_history_view_update (self);
}

/* Whether the players took turns one move each (no Triomino draws and passes in a row), so
 * that the moves read best two to a line. */
static gboolean
strictly_alternating (const BgGame *game,
                      guint         n)
{
  if (bg_game_get_n_players (game) != 2)
    return FALSE;
  for (guint i = 1; i < n; i++)
    if (bg_game_get_played_player (game, i) == bg_game_get_played_player (game, i - 1))
      return FALSE;
  return TRUE;
}

static char *
row_text (TrioHistoryView *self,
          const BgGame    *game,
          guint            index,
          guint            n,
          gboolean         pairs)
{
  if (pairs)
    {
      const char *second = index + 1 < n ? bg_game_get_played_text (game, index + 1) : "";

      return g_strdup_printf ("%3u. %-10s %s", index / 2 + 1,
                              bg_game_get_played_text (game, index), second);
    }
  else
    {
      g_autofree char *name = trio_session_dup_player_name (
        self->session, bg_game_get_played_player (game, index));

      return g_strdup_printf ("%3u. %s: %s", index + 1, name,
                              bg_game_get_played_text (game, index));
    }
}

void
trio_history_view_update (TrioHistoryView *self)
{
  const BgGame *game = self->session ? trio_session_get_game (self->session) : NULL;
  guint n = game ? bg_game_get_n_played (game) : 0;
  gboolean pairs = game != NULL && strictly_alternating (game, n);
  guint step = pairs ? 2 : 1;
  GtkWidget *child;

  /* Rebuilt whole: a game has at most a few hundred moves. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < n; i += step)
    {
      g_autofree char *text = row_text (self, game, i, n, pairs);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_add_css_class (label, "history-row");
      gtk_list_box_append (self->list, label);
    }
}
