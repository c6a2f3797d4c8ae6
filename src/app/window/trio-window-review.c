/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-review.c: the main window's review of the moves played (the history's moves,
 * Alt+Left/Right, Home/End, Play from Here), the end of a game told above the board, and
 * the rematch */

#include <glib/gi18n.h>
#include <string.h>

#include "games/trio-game.h"
#include "review/trio-move-number.h"
#include "session/trio-status.h"
#include "trio-window-private.h"

/* How long "Went back to move 12 — Undo" stays offered. */
#define GONE_BACK_SECONDS 20

static guint
n_played (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);

  return game != NULL && trio_window_get_game_id (self) != NULL ? bg_game_get_n_played (game)
                                                                : 0;
}

static void
update_bars (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);
  gboolean active = trio_review_is_active (self->review);
  guint index = trio_review_get_index (self->review);
  guint n = n_played (self);
  gboolean over = game != NULL && bg_game_is_over (game)
                  && trio_window_get_game_id (self) != NULL
                  && trio_info_bar_get_title (self->end_bar)[0];

  if (active)
    {
      const BgGame *live = trio_session_get_game (self->session);
      gboolean pairs = trio_move_numbers_in_pairs (live);
      g_autofree char *name = index > 0 ? trio_session_dup_player_name (
                                            self->session,
                                            bg_game_get_played_player (live, index - 1))
                                        : NULL;
      g_autofree char *title = index == 0
        ? g_strdup (_("Reviewing the start of the game"))
        /* Translators: the move whose position is shown, of the moves played, numbered as
         * the move list numbers them (in pairs when two players take turns), then the
         * player who made it */
        : g_strdup_printf (_("Reviewing move %u of %u (%s)"),
                           trio_move_number_in (index - 1, pairs),
                           trio_move_number_in (n - 1, pairs), name);

      /* The review's strip stands for the end's while both would show: one strip, and the
       * board keeps its height. */
      g_autofree char *detail = over
        /* Translators: under "Reviewing move 12 of 40" in a finished game; %s is how it
         * ended, "White wins" */
        ? g_strdup_printf (_("%s: the game is over."), trio_info_bar_get_title (self->end_bar))
        : g_strdup (_("Looking back does not change the game."));

      if (g_strcmp0 (title, trio_info_bar_get_title (self->review_bar)) != 0)
        g_debug ("review strip: %s", title);
      trio_info_bar_set_text (self->review_bar, title, detail);
    }
  trio_info_bar_set_shown (self->review_bar, active);
  trio_info_bar_set_shown (self->end_bar, over && !active);
  trio_window_set_action_enabled (self, "review-back", n > 0 && (!active || index > 0));
  trio_window_set_action_enabled (self, "review-start", n > 0 && (!active || index > 0));
  trio_window_set_action_enabled (self, "review-forward", active);
  trio_window_set_action_enabled (self, "review-end", active);
  trio_window_set_action_enabled (self, "play-from-here",
                                  active && !trio_session_is_online (self->session));
  /* Online, a new room is the way to play again. */
  trio_window_set_action_enabled (self, "rematch",
                                  game != NULL && trio_window_get_game_id (self) != NULL
                                  && !trio_session_is_online (self->session));
}

static void
on_review_changed (TrioWindow *self)
{
  update_bars (self);
  trio_window_refresh (self);
}

static void
on_history_move (TrioWindow *self,
                 guint       index)
{
  trio_review_show (self->review, index + 1);
}

/* The winner in plain words first ("White wins"), the rule's terms in the detail. */
static char *
end_title (TrioWindow *self,
           BgStatus    status)
{
  g_autofree char *winner = NULL;

  if (status.result == BG_RESULT_DRAW)
    return g_strdup (_("Draw"));
  if (status.result != BG_RESULT_WIN || status.winner < 0)
    return g_strdup (_("Game over"));
  winner = trio_session_dup_player_name (self->session, status.winner);
  /* Translators: the end of a game, in plain words: who won */
  return g_strdup_printf (_("%s wins"), winner);
}

/* The status line's sentence without the winner the title already says: "White wins: Black
 * cannot move." under "White wins" becomes "Black cannot move." */
static char *
end_detail (const char *title,
            const char *sentence)
{
  const char *rest;
  char first[8] = { 0 };

  if (!g_str_has_prefix (sentence, title))
    return g_strdup (sentence);
  rest = sentence + strlen (title);
  /* French puts a (no-break) space before the colon. */
  while (*rest != '\0' && g_unichar_isspace (g_utf8_get_char (rest)))
    rest = g_utf8_next_char (rest);
  if (*rest != ':')
    return g_strdup (sentence);
  rest = g_utf8_next_char (rest);
  while (*rest != '\0' && g_unichar_isspace (g_utf8_get_char (rest)))
    rest = g_utf8_next_char (rest);
  if (*rest == '\0')
    return g_strdup (sentence);
  g_unichar_to_utf8 (g_unichar_totitle (g_utf8_get_char (rest)), first);
  return g_strconcat (first, g_utf8_next_char (rest), NULL);
}

static void
tell_end (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);
  g_autofree char *title = end_title (self, bg_game_get_status (game));
  g_autofree char *sentence = trio_status_describe (self->session);
  g_autofree char *detail = end_detail (title, sentence);

  g_debug ("end banner: %s — %s", title, detail);
  trio_info_bar_set_text (self->end_bar, title, detail);
}

void
trio_window_review_game_over (TrioWindow *self)
{
  tell_end (self);
  update_bars (self);
}

void
trio_window_review_game_changed (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);

  /* Undone, or another game: the end is no longer told; a game loaded finished is. */
  if (game == NULL || !bg_game_is_over (game))
    trio_info_bar_set_text (self->end_bar, "", NULL);
  else if (trio_info_bar_get_title (self->end_bar)[0] == '\0')
    tell_end (self);
  /* A move played after going back: the moves left behind are gone for good. */
  if (game != NULL && self->gone_back != NULL
      && bg_game_get_n_played (game) != self->gone_back_index)
    {
      g_clear_pointer (&self->gone_back, bg_game_free);
      trio_info_bar_set_shown (self->undo_bar, FALSE);
    }
  update_bars (self);
}

static void
review_back (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  TrioWindow *self = user_data;

  trio_review_step (self->review, -1);
}

static void
review_forward (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  TrioWindow *self = user_data;

  trio_review_step (self->review, 1);
}

static void
review_start (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  TrioWindow *self = user_data;

  trio_review_show (self->review, 0);
}

static void
review_end (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  TrioWindow *self = user_data;

  trio_review_leave (self->review);
}

static gboolean
gone_back_expired (gpointer user_data)
{
  TrioWindow *self = user_data;

  self->gone_back_source = 0;
  g_clear_pointer (&self->gone_back, bg_game_free);
  trio_info_bar_set_shown (self->undo_bar, FALSE);
  return G_SOURCE_REMOVE;
}

/* The game goes back to the reviewed move. The moves after it stay to be redone, and the
 * strip's Undo brings the whole game back until a move is played. */
static void
play_from_here (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  TrioWindow *self = user_data;
  guint index = trio_review_get_index (self->review);
  const BgGame *game = trio_session_get_game (self->session);
  g_autofree char *text = NULL;

  if (index == 0)
    text = g_strdup (_("Went back to the start of the game"));
  else
    {
      g_autofree char *name = trio_session_dup_player_name (
        self->session, bg_game_get_played_player (game, index - 1));

      /* Translators: the move, numbered as the move list numbers it (in pairs when two
       * players take turns), then the player who made it */
      text = g_strdup_printf (_("Went back to move %u (%s)"),
                              trio_move_number (game, index - 1), name);
    }
  g_debug ("play from move %u: %s", index, text);


  g_clear_pointer (&self->gone_back, bg_game_free);
  self->gone_back = bg_game_copy (trio_session_get_game (self->session));
  self->gone_back_index = index;
  trio_review_leave (self->review);
  trio_session_go_back_to (self->session, index);
  trio_info_bar_set_text (self->undo_bar, text, _("Undo brings the later moves back."));
  trio_info_bar_set_shown (self->undo_bar, TRUE);
  g_clear_handle_id (&self->gone_back_source, g_source_remove);
  self->gone_back_source = g_timeout_add_seconds (GONE_BACK_SECONDS, gone_back_expired, self);
}

static void
undo_go_back (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  TrioWindow *self = user_data;
  TrioSeat seats[TRIO_MAX_SEATS] = { { 0 } };
  g_autoptr (GError) error = NULL;
  BgGame *game = g_steal_pointer (&self->gone_back);
  int n;

  g_clear_handle_id (&self->gone_back_source, g_source_remove);
  trio_info_bar_set_shown (self->undo_bar, FALSE);
  if (game == NULL)
    return;
  n = MIN (bg_game_get_n_players (game), TRIO_MAX_SEATS);
  for (int i = 0; i < n; i++)
    seats[i] = *trio_session_get_seat (self->session, i);
  g_debug ("back to the game of %u moves", bg_game_get_n_played (game));
  /* The seats are copied by the session before it lets go of its own. */
  for (int i = 0; i < n; i++)
    seats[i].name = g_strdup (seats[i].name);
  if (!trio_session_resume (self->session, game, seats, (guint) n, &error))
    g_warning ("The game could not be brought back: %s", error->message);
  for (int i = 0; i < n; i++)
    g_free (seats[i].name);
}

/* The same game again, every player one seat on (two players change colours), with the
 * same options but a new deal. */
static void
rematch (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  TrioWindow *self = user_data;
  const BgGame *game = trio_session_get_game (self->session);
  TrioSeat seats[TRIO_MAX_SEATS] = { { 0 } };
  g_autoptr (GHashTable) options = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *id = NULL;
  int n;

  if (game == NULL)
    return;
  id = g_strdup (bg_game_get_rules (game)->id);
  options = trio_game_rematch_options (game);
  n = MIN (bg_game_get_n_players (game), TRIO_MAX_SEATS);
  for (int i = 0; i < n; i++)
    {
      seats[i] = *trio_session_get_seat (self->session, (i + n - 1) % n);
      seats[i].name = g_strdup (seats[i].name);
    }
  if (g_getenv ("G_MESSAGES_DEBUG") != NULL)
    {
      g_autoptr (GString) words = g_string_new (NULL);

      for (int i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append_c (words, ',');
          if (seats[i].computer)
            g_string_append_printf (words, "c%d", seats[i].level);
          else
            g_string_append_c (words, 'h');
        }
      g_debug ("rematch of %s, seats %s", id, words->str);
    }
  if (!trio_window_start_game (self, id, options, seats, (guint) n, &error))
    g_warning ("The rematch could not start: %s", error->message);
  for (int i = 0; i < n; i++)
    g_free (seats[i].name);
}

static const GActionEntry review_actions[] = {
  { "review-back", review_back },
  { "review-forward", review_forward },
  { "review-start", review_start },
  { "review-end", review_end },
  { "play-from-here", play_from_here },
  { "undo-go-back", undo_go_back },
  { "rematch", rematch },
};

static TrioInfoBar *
add_bar (TrioWindow *self,
         const char *css_class)
{
  GtkWidget *bar = trio_info_bar_new (css_class);

  gtk_box_insert_child_after (self->board_area, bar, NULL);
  return TRIO_INFO_BAR (bar);
}

void
trio_window_review_init (TrioWindow *self)
{
  GtkWidget *button;

  g_action_map_add_action_entries (G_ACTION_MAP (self), review_actions,
                                   G_N_ELEMENTS (review_actions), self);
  self->review = trio_review_new (self->session);
  g_signal_connect_swapped (self->review, "changed", G_CALLBACK (on_review_changed), self);
  g_signal_connect_swapped (self->history_view, "move-activated", G_CALLBACK (on_history_move),
                            self);

  /* Inserted first, so the last one added is on top: undo, then end, then review. */
  self->undo_bar = add_bar (self, "undo-bar");
  trio_info_bar_add_button (self->undo_bar, _("_Undo"), "win.undo-go-back", FALSE);
  self->end_bar = add_bar (self, "end-banner");
  trio_info_bar_add_button (self->end_bar, _("_Rematch"), "win.rematch", FALSE);
  trio_info_bar_add_button (self->end_bar, _("_Analyse the Game"), "win.analyse", FALSE);
  trio_info_bar_add_button (self->end_bar, _("_New Game"), "win.new-game", FALSE);
  self->review_bar = add_bar (self, "review-bar");
  button = trio_info_bar_add_button (self->review_bar, "go-first-symbolic", "win.review-start",
                                     TRUE);
  gtk_widget_set_tooltip_text (button, _("The Start of the Game"));
  button = trio_info_bar_add_button (self->review_bar, "go-previous-symbolic",
                                     "win.review-back", TRUE);
  gtk_widget_set_tooltip_text (button, _("Previous Move"));
  button = trio_info_bar_add_button (self->review_bar, "go-next-symbolic", "win.review-forward",
                                     TRUE);
  gtk_widget_set_tooltip_text (button, _("Next Move"));
  trio_info_bar_add_button (self->review_bar, _("_Play from Here"), "win.play-from-here", FALSE);
  trio_info_bar_add_button (self->review_bar, _("_Back to the Game"), "win.review-end", FALSE);
  update_bars (self);
}

void
trio_window_review_dispose (TrioWindow *self)
{
  g_clear_handle_id (&self->gone_back_source, g_source_remove);
  g_clear_pointer (&self->gone_back, bg_game_free);
}
