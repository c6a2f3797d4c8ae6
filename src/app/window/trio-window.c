/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window.c: the main window: the game chooser, then the board and its side panel */

#include "trio-window-private.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "board/trio-animation.h"
#include "games/trio-game.h"
#include "trio-game-chooser.h"
#include "session/trio-game-files.h"
#include "games/trio-game-view.h"
#include "review/trio-history-view.h"
#include "widgets/trio-message.h"
#include "newgame/trio-new-game-dialog.h"
#include "widgets/trio-save-banner.h"
#include "widgets/trio-seat-swatch.h"
#include "trio-settings.h"
#include "widgets/trio-split-view.h"
#include "widgets/trio-squeezer.h"
#include "statistics/trio-statistics.h"
#include "session/trio-status.h"


G_DEFINE_FINAL_TYPE (TrioWindow, trio_window, GTK_TYPE_APPLICATION_WINDOW)

gint64 trio_start_time;

static void on_move_chosen (TrioWindow *self,
                            guint       move);

const char *
trio_window_get_game_id (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);

  if (game == NULL || g_str_equal (gtk_stack_get_visible_child_name (self->main_stack),
                                   "chooser"))
    return NULL;
  return bg_game_get_rules (game)->id;
}

TrioSession *
trio_window_get_session (TrioWindow *self)
{
  return self->session;
}

void
trio_window_set_action_enabled (TrioWindow *self,
                                const char *name,
                                gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
trio_window_update_actions (TrioWindow *self)
{
  gboolean playing = trio_window_get_game_id (self) != NULL;

  trio_window_set_action_enabled (self, "undo", playing && trio_session_can_undo (self->session));
  trio_window_set_action_enabled (self, "redo", playing && trio_session_can_redo (self->session));
  /* Online, no help against friends. */
  trio_window_set_action_enabled (self, "hint", playing
                                                && trio_session_human_to_move (self->session)
                                                && !trio_session_is_online (self->session)
                                                && !trio_review_is_active (self->review));
  /* A game seen from a seat (an online game's hidden hands) is not a game to save. */
  trio_window_set_action_enabled (self, "save-as", playing
                                  && !bg_game_is_view (trio_session_get_game (self->session)));
  trio_window_advisor_update (self);
  trio_window_network_update (self);
  trio_window_pages_update (self);
}

static void
update_players (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);
  const TrioGame *tgame = trio_game_for (game);
  GtkWidget *child;
  int n = bg_game_get_n_players (game);
  int to_move = bg_game_is_over (game) ? -1 : bg_game_get_player_to_move (game);
  /* While a mill's piece to take is chosen, the piece placed is no longer in hand. */
  BgMove pending = self->view != NULL ? trio_game_view_get_removal_move (self->view)
                                      : BG_MOVE_NONE;
  g_autoptr (GString) lines = g_string_new (NULL);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->players_box))) != NULL)
    gtk_box_remove (self->players_box, child);
  for (int i = 0; i < n; i++)
    {
      g_autofree char *name = trio_session_dup_player_name (self->session, i);
      g_autofree char *text = trio_status_describe_player (self->session, i, name, pending);
      GtkWidget *label = gtk_label_new (text);

      g_string_append_printf (lines, "%s%s", i > 0 ? " | " : "", text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_add_css_class (label, "player-row");
      if (i == to_move)
        gtk_widget_add_css_class (label, "to-move");
      /* The colour each name plays, beside it; online, whether the player is connected. */
      gtk_box_append (self->players_box,
                      trio_window_network_player_row (self, i,
                                                      trio_seat_swatch_row_new (tgame, i,
                                                                                label)));
    }
  /* Each new set of lines is logged once: the GUI test reads them. */
  if (g_strcmp0 (lines->str, self->players_shown) != 0)
    {
      g_debug ("players: %s", lines->str);
      g_free (self->players_shown);
      self->players_shown = g_string_free (g_steal_pointer (&lines), FALSE);
    }
}

static void
update_status (TrioWindow *self)
{
  gboolean thinking = trio_session_is_thinking (self->session);

  trio_window_notice_show_status (self);
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), TRUE);
  gtk_spinner_set_spinning (self->spinner, thinking);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), thinking);
}

/* The widget a game's file makes, kept in stack under the game's id for its next games. */
static TrioGameView *
ensure_view (TrioWindow     *self,
             GtkStack       *stack,
             const TrioGame *tgame,
             GtkWidget    *(*create) (void))
{
  GtkWidget *view = gtk_stack_get_child_by_name (stack, tgame->id);

  if (view == NULL)
    {
      view = create ();
      g_assert (TRIO_IS_GAME_VIEW (view));
      gtk_stack_add_named (stack, view, tgame->id);
      g_signal_connect_object (view, "move-chosen", G_CALLBACK (on_move_chosen), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (view, "choosing-removal-changed", G_CALLBACK (update_players),
                               self, G_CONNECT_SWAPPED);
      trio_window_cover_watch_view (self, TRIO_GAME_VIEW (view));
      trio_window_notice_watch_view (self, TRIO_GAME_VIEW (view));
    }
  return TRIO_GAME_VIEW (view);
}

/* The players' names (the new-game dialog's, or each seat's default) to the views. */
static void
show_names (TrioWindow   *self,
            const BgGame *game)
{
  int n = bg_game_get_n_players (game);
  g_auto (GStrv) names = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    names[i] = trio_session_dup_player_name (self->session, i);
  trio_game_view_set_names (self->view, (const char *const *) names);
  if (self->sheet != NULL)
    trio_game_view_set_names (self->sheet, (const char *const *) names);
}

/* The views of the game shown: its game's view and sheet, and no other holds a game. */
static void
show_views (TrioWindow   *self,
            const BgGame *game)
{
  const TrioGame *tgame = trio_game_for (game);
  TrioGameView *view = ensure_view (self, self->board_stack, tgame, tgame->create_view);
  TrioGameView *sheet = tgame->create_sheet != NULL
                        ? ensure_view (self, self->sheet_stack, tgame, tgame->create_sheet)
                        : NULL;

  if (self->view != NULL && self->view != view)
    trio_game_view_set_game (self->view, NULL);
  if (self->sheet != NULL && self->sheet != sheet)
    trio_game_view_set_game (self->sheet, NULL);
  self->view = view;
  self->sheet = sheet;
  gtk_stack_set_visible_child (self->board_stack, GTK_WIDGET (view));
  if (sheet != NULL)
    gtk_stack_set_visible_child (self->sheet_stack, GTK_WIDGET (sheet));
  else
    gtk_stack_set_visible_child_name (self->sheet_stack, "none");
  gtk_label_set_text (self->title_label, trio_game_get_name (tgame, game));
  trio_game_view_set_game (view, game);
  if (sheet != NULL)
    trio_game_view_set_game (sheet, game);
  show_names (self, game);
}

/* Gives the views a new game, or the review's copy of it, or tells them the position
 * changed. */
void
trio_window_refresh (TrioWindow *self)
{
  const BgGame *live = trio_session_get_game (self->session);
  const BgGame *game = trio_review_get_game (self->review);
  gboolean reviewing = game != NULL;
  gboolean interactive = !reviewing && trio_session_human_to_move (self->session);

  if (live == NULL)
    return;
  if (!reviewing)
    game = live;
  if (live != self->live_game)
    {
      self->live_game = live;
      self->shown_game = game;
      show_views (self, game);
      trio_history_view_set_session (self->history_view, self->session);
    }
  else
    {
      /* The review's copy, or back to the game: the same game's views take it. */
      if (game != self->shown_game)
        {
          self->shown_game = game;
          trio_game_view_set_game (self->view, game);
          if (self->sheet != NULL)
            trio_game_view_set_game (self->sheet, game);
        }
      /* Online, a friend's name comes when the friend takes the seat. */
      if (trio_session_is_online (self->session))
        show_names (self, game);
    }

  /* Online, the view shows the hidden part of the seat played here only. */
  trio_game_view_set_viewer (self->view, trio_session_get_local_seat (self->session));
  trio_game_view_update (self->view);
  trio_window_cover_update (self);
  trio_game_view_set_interactive (self->view, interactive);
  if (self->sheet != NULL)
    trio_game_view_update (self->sheet);
  trio_history_view_update (self->history_view);
  trio_history_view_set_current (self->history_view,
                                 reviewing ? (int) trio_review_get_index (self->review) : -1);
  trio_eval_graph_set_current (self->eval_graph,
                               reviewing ? (int) trio_review_get_index (self->review) : -1);
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), FALSE);
  update_players (self);
  update_status (self);
  trio_window_update_actions (self);
}

/* Saved after every move: closing the window, or a crash, loses nothing. When the save
 * fails the player is told at once, and the window keeps the game until a save succeeds. */
static void
autosave (TrioWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (trio_autosave_write (self->session, &error))
    {
      if (self->unsaved)
        g_debug ("autosave succeeded again");
      self->unsaved = FALSE;
      trio_save_banner_hide (self->save_banner);
      return;
    }
  g_debug ("autosave failed: %s", error->message);
  self->unsaved = TRUE;
  trio_save_banner_show (self->save_banner, error->message);
}

static void
on_session_changed (TrioWindow *self)
{
  gboolean came = trio_session_get_game (self->session) != self->live_game;

  if (came)
    trio_window_timing_game_came (self);
  autosave (self);
  trio_window_network_game_changed (self);
  /* A move of the game left for the chooser (a friend's, online) does not bring it back:
   * the game's page follows it when the player goes back (trio-window-pages.c). */
  if (came)
    trio_window_show_page (self, "game");
  else if (trio_window_get_game_id (self) == NULL)
    {
      trio_window_update_actions (self);
      return;
    }
  trio_review_sync (self->review);
  trio_window_review_game_changed (self);
  trio_window_analysis_game_changed (self);
  trio_window_refresh (self);
  /* An online game comes from its room: the keys play on its board at once. */
  if (came && trio_session_is_online (self->session) && self->view != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

static void
on_thinking_changed (TrioWindow *self)
{
  gboolean interactive = !trio_review_is_active (self->review)
                         && trio_session_human_to_move (self->session);

  update_status (self);
  trio_window_update_actions (self);
  if (self->view != NULL)
    trio_game_view_set_interactive (self->view, interactive);
}

/* The table's verdict under the status: its first line (who wins) in bold. */
static void
show_verdict (TrioWindow *self,
              const char *text)
{
  g_autoptr (PangoAttrList) attrs = pango_attr_list_new ();
  const char *end = strchr (text, '\n');
  PangoAttribute *bold = pango_attr_weight_new (PANGO_WEIGHT_BOLD);

  bold->start_index = 0;
  bold->end_index = end != NULL ? (guint) (end - text) : G_MAXUINT;
  pango_attr_list_insert (attrs, bold);
  gtk_label_set_text (self->hint_label, text);
  gtk_label_set_attributes (self->hint_label, attrs);
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), TRUE);
}

static void
on_hint (TrioWindow *self,
         guint       move)
{
  guint n_values;
  const BgTaMoveValue *values = trio_session_get_hint_values (self->session, &n_values);

  if (self->view != NULL)
    trio_game_view_set_hint (self->view, move);
  if (values != NULL)
    {
      g_autofree char *text = trio_status_describe_hint (self->session, values, n_values);

      g_debug ("hint from the table: %s", text);
      show_verdict (self, text);
    }
}

/* The perfect level's table was installed: the seats say "Perfect" now, and a perfect
 * player that began without it starts again. */
static void
on_perfect_table_state (TrioWindow       *self,
                        GParamSpec       *pspec,
                        TrioPerfectTable *table)
{
  trio_window_advisor_update (self);
  if (!trio_perfect_table_is_ready (table) || trio_session_get_game (self->session) == NULL)
    return;
  trio_session_perfect_table_ready (self->session);
  update_players (self);
}

static void
draw_answered (int      response,
               gpointer user_data)
{
  TrioWindow *self = user_data;

  trio_session_answer_draw (self->session, response == 1);
  g_object_unref (self);
}

static void
on_draw_offered (TrioWindow *self)
{
  const char *buttons[] = { _("_Play On"), _("_Agree to a Draw"), NULL };

  trio_message_show (GTK_WINDOW (self), _("Draw Offered"),
                     _("This position has occurred five times. Agree to a draw?"),
                     buttons, draw_answered, g_object_ref (self));
}

/* The resident memory in kB, for the memory benchmark's log line. */
static long
resident_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, "VmRSS:");
  return line != NULL ? strtol (line + 6, NULL, 10) : -1;
}

/* The end is told above the board, which stays in sight with its winning line. */
static void
on_game_over (TrioWindow *self)
{
  g_autofree char *text = trio_status_describe (self->session);

  g_debug ("game over after %u moves: %s (resident memory %ld kB)",
           bg_game_get_n_played (trio_session_get_game (self->session)), text, resident_kb ());
  if (self->statistics != NULL)
    trio_statistics_record_game (self->statistics, self->session);
  trio_window_refresh (self);
  trio_window_review_game_over (self);
}

static void
on_move_chosen (TrioWindow *self,
                guint       move)
{
  g_autoptr (GError) error = NULL;

  /* The game left for the chooser takes no move (the page left takes no input anyway). */
  if (trio_window_get_game_id (self) == NULL)
    {
      g_debug ("a move on the game left ignored");
      return;
    }
  if (!trio_session_play (self->session, move, &error))
    g_message ("Move refused: %s", error->message);
}

gboolean
trio_window_start_game (TrioWindow     *self,
                        const char     *game_id,
                        GHashTable     *options,
                        const TrioSeat *seats,
                        guint           n_seats,
                        GError        **error)
{
  trio_window_show_page (self, "game");
  if (!trio_session_start (self->session, game_id, options, seats, n_seats, error))
    {
      trio_window_show_chooser (self);
      return FALSE;
    }
  if (self->view != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->view));
  return TRUE;
}

static void
on_new_game_start (TrioWindow        *self,
                   TrioNewGameDialog *dialog)
{
  g_autoptr (GError) error = NULL;
  guint n_seats;
  const TrioSeat *seats = trio_new_game_dialog_get_seats (dialog, &n_seats);
  int local_seat = trio_new_game_dialog_get_local_seat (dialog);

  /* Friends invited: a room for the game, the other seats theirs or the server's. */
  if (local_seat >= 0)
    {
      trio_window_network_host (self, trio_new_game_dialog_get_game_id (dialog),
                                trio_new_game_dialog_get_options (dialog), seats, n_seats,
                                local_seat);
      return;
    }
  trio_window_timing_switch (self, "game");
  if (!trio_window_start_game (self, trio_new_game_dialog_get_game_id (dialog),
                               trio_new_game_dialog_get_options (dialog), seats, n_seats,
                               &error))
    {
      const char *buttons[] = { _("_Close"), NULL };

      trio_message_show (GTK_WINDOW (self), _("Could Not Start the Game"), error->message,
                         buttons, NULL, NULL);
    }
}

static void
on_game_chosen (TrioWindow *self,
                const char *game_id)
{
  TrioNewGameDialog *dialog = trio_new_game_dialog_new (GTK_WINDOW (self), game_id,
                                                        self->perfect_table);

  g_signal_connect_object (dialog, "start", G_CALLBACK (on_new_game_start), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_game_answered (int      response,
                   gpointer user_data)
{
  TrioWindow *self = user_data;

  if (response == 0)
    {
      trio_window_timing_switch (self, "chooser");
      trio_window_show_chooser (self);
    }
  else if (response == 1)
    g_action_group_activate_action (G_ACTION_GROUP (self), "save-as", NULL);
  g_object_unref (self);
}

static void
replace_by_chooser (TrioWindow *self,
                    gpointer    data)
{
  trio_window_timing_switch (self, "chooser");
  trio_window_show_chooser (self);
}

static void
new_game_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  TrioWindow *self = user_data;
  const char *buttons[] = { _("_New Game Anyway"), _("_Save As…"), NULL };

  /* A game that could not be saved is not left behind without a word. */
  if (self->unsaved && trio_window_get_game_id (self) != NULL)
    {
      g_debug ("new game held back: the game is not saved");
      trio_message_show (GTK_WINDOW (self), _("The Game Is Not Saved"),
                         _("This game could not be saved. A new game replaces it."),
                         buttons, new_game_answered, g_object_ref (self));
      return;
    }
  /* Nor is a game in progress. */
  trio_window_replace_game (self, _("Start a New Game?"), _("_New Game"), replace_by_chooser,
                            NULL, NULL);
}

static void
undo_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  /* Online, asked of the others. */
  if (!trio_window_network_undo (TRIO_WINDOW (user_data)))
    trio_session_undo (TRIO_WINDOW (user_data)->session);
}

static void
redo_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  trio_session_redo (TRIO_WINDOW (user_data)->session);
}

static void
hint_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  trio_session_request_hint (TRIO_WINDOW (user_data)->session);
}


static const GActionEntry win_actions[] = {
  { "new-game", new_game_activated },
  { "open", trio_window_open_activated },
  { "save-as", trio_window_save_as_activated },
  { "undo", undo_activated },
  { "redo", redo_activated },
  { "hint", hint_activated },
  { "fullscreen", trio_window_fullscreen_activated, NULL, "false" },
};

static void
save_window_state (TrioWindow *self)
{
  GSettings *settings = trio_settings_get ();
  int width, height;

  if (settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_boolean (settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)))
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
}

static void
restore_window_state (TrioWindow *self)
{
  GSettings *settings = trio_settings_get ();
  int width, height;

  if (settings == NULL)
    return;
  width = g_settings_get_int (settings, "window-width");
  height = g_settings_get_int (settings, "window-height");
  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static void
close_answered (int      response,
                gpointer user_data)
{
  TrioWindow *self = user_data;

  if (response == 0)
    {
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
  else if (response == 1)
    g_action_group_activate_action (G_ACTION_GROUP (self), "save-as", NULL);
  g_object_unref (self);
}

/* The game could not be saved: one more try, then the player chooses. */
static gboolean
keep_unsaved_game (TrioWindow *self)
{
  const char *buttons[] = { _("Close _Without Saving"), _("_Save As…"), NULL };

  if (!self->unsaved || self->close_confirmed)
    return FALSE;
  autosave (self);
  if (!self->unsaved)
    return FALSE;
  g_debug ("close held back: the game is not saved");
  trio_message_show (GTK_WINDOW (self), _("The Game Is Not Saved"),
                     _("This game could not be saved. If the window closes now, the game "
                       "is lost."), buttons, close_answered, g_object_ref (self));
  return TRUE;
}

static gboolean
trio_window_close_request (GtkWindow *window)
{
  TrioWindow *self = TRIO_WINDOW (window);

  if (keep_unsaved_game (self))
    return TRUE;
  /* No stale computer move may land after the window is gone. */
  trio_session_stop (self->session);
  save_window_state (self);
  return GTK_WINDOW_CLASS (trio_window_parent_class)->close_request (window);
}

static void
trio_window_dispose (GObject *object)
{
  TrioWindow *self = TRIO_WINDOW (object);

  g_cancellable_cancel (self->restore_cancellable);
  g_clear_object (&self->restore_cancellable);
  g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  if (self->session != NULL)
    {
      trio_session_stop (self->session);
      g_signal_handlers_disconnect_by_data (self->session, self);
    }
  /* The focus goes first, while the views live: a view that redraws when its child loses
   * the focus must not be called once freed (the Triomino table did). */
  gtk_window_set_focus (GTK_WINDOW (self), NULL);
  /* GTK 4.8's gtk_widget_dispose_template() unparents the header bar without telling the
   * window, whose own dispose then unparents it again (a freed widget): the window lets
   * go of its title bar and content first. */
  gtk_window_set_titlebar (GTK_WINDOW (self), NULL);
  gtk_window_set_child (GTK_WINDOW (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), TRIO_TYPE_WINDOW);
  trio_window_review_dispose (self);
  trio_window_analysis_dispose (self);
  trio_window_notice_dispose (self);
  g_clear_pointer (&self->players_shown, g_free);
  trio_window_games_dispose (self);
  trio_window_network_dispose (self);
  trio_window_sound_dispose (self);
  g_clear_object (&self->review);
  g_clear_object (&self->session);
  g_clear_object (&self->perfect_table);
  g_clear_object (&self->statistics);
  g_clear_object (&self->discovery);
  G_OBJECT_CLASS (trio_window_parent_class)->dispose (object);
}

static void
trio_window_class_init (TrioWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = trio_window_dispose;
  window_class->close_request = trio_window_close_request;

  g_type_ensure (TRIO_TYPE_GAME_CHOOSER);
  g_type_ensure (TRIO_TYPE_HISTORY_VIEW);
  g_type_ensure (TRIO_TYPE_SAVE_BANNER);
  g_type_ensure (TRIO_TYPE_SPLIT_VIEW);
  g_type_ensure (TRIO_TYPE_SQUEEZER);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/triogames/Trio/ui/trio-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, hint_label);
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, board_area);
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, board_stack);
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, sheet_stack);
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, players_box);
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, chooser);
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, history_view);
  gtk_widget_class_bind_template_child (widget_class, TrioWindow, moves_heading);
}

/* The save banner goes above the window's pages (built here: the template has none). */
static void
add_save_banner (TrioWindow *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  g_autoptr (GtkWidget) pages = g_object_ref (GTK_WIDGET (self->main_stack));

  self->save_banner = TRIO_SAVE_BANNER (trio_save_banner_new ());
  gtk_window_set_child (GTK_WINDOW (self), content);
  gtk_widget_set_vexpand (pages, TRUE);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->save_banner));
  gtk_box_append (GTK_BOX (content), pages);
}

/* The computer's moves are paced so that each is seen: the length of a move's animation
 * (none when GTK's animations are off) and the computer-pause setting. */
static void
update_pacing (TrioWindow *self)
{
  GSettings *settings = trio_settings_get ();
  int pause_ms = settings != NULL ? g_settings_get_int (settings, "computer-pause") : 600;
  /* A few frames more than the animation, so that its last frame is drawn before the next
   * move starts its own. */
  guint animation_ms = trio_animation_enabled (GTK_WIDGET (self)) ? TRIO_ANIMATION_MS + 60 : 0;

  trio_session_set_pacing (self->session, animation_ms, (guint) MAX (pause_ms, 0));
}

static void
trio_window_init (TrioWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  add_save_banner (self);
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions,
                                   G_N_ELEMENTS (win_actions), self);

  self->session = trio_session_new ();
  g_signal_connect_swapped (self->session, "changed", G_CALLBACK (on_session_changed), self);
  g_signal_connect_swapped (self->session, "thinking-changed",
                            G_CALLBACK (on_thinking_changed), self);
  g_signal_connect_swapped (self->session, "hint", G_CALLBACK (on_hint), self);
  g_signal_connect_swapped (self->session, "draw-offered", G_CALLBACK (on_draw_offered),
                            self);
  g_signal_connect_swapped (self->session, "game-over", G_CALLBACK (on_game_over), self);
  trio_window_review_init (self);
  trio_window_analysis_init (self, GTK_WIDGET (self->moves_heading));
  trio_window_advisor_init (self);
  trio_window_cover_init (self);
  trio_window_notice_init (self);
  trio_window_layout_init (self);
  trio_window_network_init (self);
  trio_window_pages_init (self);
  trio_window_sound_init (self);
  update_pacing (self);
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)),
                           "notify::gtk-enable-animations", G_CALLBACK (update_pacing), self,
                           G_CONNECT_SWAPPED);
  if (trio_settings_get () != NULL)
    g_signal_connect_object (trio_settings_get (), "changed::computer-pause",
                             G_CALLBACK (update_pacing), self, G_CONNECT_SWAPPED);

  g_signal_connect_swapped (self->chooser, "game-chosen", G_CALLBACK (on_game_chosen), self);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  trio_window_timing_init (self);
  restore_window_state (self);
  trio_window_update_actions (self);
}

TrioWindow *
trio_window_new (GtkApplication   *app,
                 TrioPerfectTable *table,
                 TrioStatistics   *statistics,
                 TrioDiscovery    *discovery)
{
  TrioWindow *self = g_object_new (TRIO_TYPE_WINDOW, "application", app, NULL);

  g_set_object (&self->perfect_table, table);
  g_set_object (&self->statistics, statistics);
  g_set_object (&self->discovery, discovery);
  if (table != NULL)
    g_signal_connect_object (table, "notify::state", G_CALLBACK (on_perfect_table_state),
                             self, G_CONNECT_SWAPPED);
  return self;
}
