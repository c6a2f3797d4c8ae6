/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-pages.c: the main window's two pages, the game chooser and the game: the
 * switch between them, and the way back to the game left for the chooser
 *
 * The switch is immediate: the cross-fade it had drew both pages for several frames (a
 * second or more on a busy machine), and the page leaving took clicks meanwhile: a click
 * just after "Start a New Game?" played a move in the game left (issue 47). The page left
 * takes no input at all now.
 *
 * New Game leaves the game for the chooser, where it stays until another game really
 * starts (one chosen, opened or asked on the command line): the chooser's "Back to the Game
 * in Progress", or Escape, goes back to it, and it is the game the autosave keeps
 * meanwhile. A finished game is not kept (its autosave is gone already).
 */

#include "trio-window-private.h"

#include <glib/gi18n.h>

#include "games/trio-game.h"
#include "trio-game-chooser.h"

void
trio_window_show_page (TrioWindow *self,
                       const char *name)
{
  GtkWidget *page = gtk_stack_get_child_by_name (self->main_stack, name);

  g_return_if_fail (page != NULL);
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->main_stack));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_can_target (child, child == page);
  gtk_stack_set_visible_child (self->main_stack, page);
}

/* A game left for the chooser, not over: the one to go back to. */
static gboolean
can_go_back (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);

  return game != NULL && !bg_game_is_over (game)
         && g_str_equal (gtk_stack_get_visible_child_name (self->main_stack), "chooser");
}

void
trio_window_show_chooser (TrioWindow *self)
{
  trio_session_stop (self->session);
  trio_window_show_page (self, "chooser");
  gtk_label_set_text (self->title_label, _("Trio"));
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  trio_window_update_actions (self);
  /* The keys choose a game (the way back, above, is Escape). */
  trio_game_chooser_focus_first (self->chooser);
}

static void
back_to_game (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);

  g_debug ("back to the game in progress: %s, %u moves", bg_game_get_rules (game)->id,
           bg_game_get_n_played (game));
  trio_window_timing_switch (self, "game");
  trio_window_show_page (self, "game");
  gtk_label_set_text (self->title_label, trio_game_get_name (trio_game_for (game), game));
  /* What the game's page did not follow meanwhile (an online game's moves). */
  trio_review_sync (self->review);
  trio_window_review_game_changed (self);
  trio_window_analysis_game_changed (self);
  trio_window_refresh (self);
  if (self->view != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->view));
  /* The computer to move thinks again. */
  trio_session_go_on (self->session);
}

static void
back_to_game_activated (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  TrioWindow *self = user_data;

  if (can_go_back (self))
    back_to_game (self);
}

/* Escape on the chooser; elsewhere the key goes on to what has the focus. */
static gboolean
escape_pressed (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  TrioWindow *self = TRIO_WINDOW (widget);

  if (!can_go_back (self))
    return FALSE;
  back_to_game (self);
  return TRUE;
}

static const GActionEntry page_actions[] = {
  { "back-to-game", back_to_game_activated },
};

void
trio_window_pages_update (TrioWindow *self)
{
  gboolean back = can_go_back (self);

  trio_window_set_action_enabled (self, "back-to-game", back);
  trio_game_chooser_set_can_go_back (self->chooser, back);
}

void
trio_window_pages_init (TrioWindow *self)
{
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();

  g_action_map_add_action_entries (G_ACTION_MAP (self), page_actions,
                                   G_N_ELEMENTS (page_actions), self);
  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (shortcuts),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                      gtk_callback_action_new (escape_pressed, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  /* The chooser is shown first: the game's page takes no input until a game comes. */
  trio_window_show_page (self, "chooser");
}
