/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-analysis.c: the main window's analysis of a game: "Analyse the Game" runs in
 * the background with a progress bar and Cancel; then the move list marks the rated moves
 * and a graph of the evaluation sits above it (a line per player in a game of more than
 * two, in the seats' colours, with a legend; each move named in its tooltip) */

#include <glib/gi18n.h>
#include <math.h>

#include "review/trio-analysis-task.h"
#include "review/trio-eval-graph.h"
#include "session/trio-status.h"
#include "trio-window-private.h"

/* The graph's lines when each player has his own (TRICHESS: three, Triomino: up to six):
 * the seats' colours of the game's descriptor, these for a game that gives none. */
static const GdkRGBA seat_colours[] = {
  { 0.55, 0.55, 0.55, 1 }, { 0.88, 0.11, 0.14, 1 }, { 0.21, 0.52, 0.89, 1 },
  { 0.18, 0.76, 0.49, 1 }, { 0.57, 0.25, 0.67, 1 }, { 0.90, 0.65, 0.04, 1 },
};

static gboolean
running (TrioWindow *self)
{
  return self->analysis != NULL && trio_analysis_task_is_running (self->analysis);
}

void
trio_window_analysis_update_actions (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);
  gboolean playing = trio_window_get_game_id (self) != NULL;

  trio_window_set_action_enabled (self, "analyse",
                                  playing && game != NULL && bg_game_get_n_played (game) > 0
                                  && !running (self));
  trio_window_set_action_enabled (self, "cancel-analysis", running (self));
}

static void
on_progress (TrioWindow *self)
{
  guint total;
  guint done = trio_analysis_task_get_done (self->analysis, &total);
  /* Translators: the analysis' progress, in positions analysed of all */
  g_autofree char *text = g_strdup_printf (_("Analysing: %u of %u moves"), done, total);

  gtk_progress_bar_set_fraction (self->analysis_progress, total > 0 ? (double) done / total : 0);
  gtk_progress_bar_set_text (self->analysis_progress, text);
}

/* A value of the graph, in [-1, 1]: a win or a loss at the ends, the rest squeezed so
 * that a blunder's loss moves the line by a third of its height at most. */
static double
squash (int score,
        int scale)
{
  if (score >= BG_SCORE_WIN_MIN)
    return 1;
  if (score <= -BG_SCORE_WIN_MIN)
    return -1;
  return (double) score / (abs (score) + MAX (scale, 1));
}

/* Two players: one line from the first player's side, from each move's value for its
 * player. More players: one line per player, of his value after each of his moves
 * (Triomino: the points he gave up, added up). Returns the number of series. */
static guint
graph_values (const BgMoveAnalysis *moves,
              guint                 n,
              int                   n_players,
              int                   scale,
              double               *values)
{
  guint n_series = n_players == 2 && moves[0].method != BG_ANALYSIS_POINTS ? 1
                   : (guint) MIN (n_players, (int) G_N_ELEMENTS (seat_colours));

  for (guint k = 0; k < n_series * (n + 1); k++)
    values[k] = NAN;
  if (moves[0].method == BG_ANALYSIS_POINTS)
    {
      int worst = 1;
      g_autofree int *lost = g_new0 (int, n_series);

      for (guint s = 0; s < n_series; s++)
        values[s * (n + 1)] = 0;
      for (guint i = 0; i < n; i++)
        {
          if ((guint) moves[i].player < n_series)
            lost[moves[i].player] += moves[i].loss;
          for (guint s = 0; s < n_series; s++)
            worst = MAX (worst, lost[s]);
          for (guint s = 0; s < n_series; s++)
            values[s * (n + 1) + i + 1] = -lost[s];
        }
      for (guint k = 0; k < n_series * (n + 1); k++)
        values[k] /= worst;
      return n_series;
    }
  if (n_series == 1)
    {
      int sign0 = moves[0].player == 0 ? 1 : -1;

      values[0] = sign0 * squash (moves[0].score_before, scale);
      for (guint i = 0; i < n; i++)
        values[i + 1] = (moves[i].player == 0 ? 1 : -1) * squash (moves[i].score_after, scale);
      return 1;
    }
  for (guint i = 0; i < n; i++)
    {
      guint s = (guint) moves[i].player;

      if (s >= n_series)
        continue;
      if (isnan (values[s * (n + 1)]) && i < (guint) n_players)
        values[s * (n + 1) + i] = squash (moves[i].score_before, scale);
      values[s * (n + 1) + i + 1] = squash (moves[i].score_after, scale);
    }
  return n_series;
}

/* What the graph's tooltip says of each position: the start, then who played which move
 * and the analysis's verdict on it (verdicts, one per move). */
static GStrv
graph_labels (TrioWindow         *self,
              const BgGame       *analysed,
              guint               n,
              const char *const  *verdicts)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_strv_builder_add (builder, _("The start of the game."));
  for (guint i = 0; i < n; i++)
    {
      int player = bg_game_get_played_player (analysed, i);
      g_autofree char *who = trio_session_dup_player_name (self->session, player);
      /* Translators: the evaluation graph's tooltip on a move: the player, his move, then
       * what the analysis says of it: "Red played 2-e2-2-e4.\nBlunder: …" */
      g_autofree char *label = g_strdup_printf (_("%s played %s.\n%s"), who,
                                                bg_game_get_played_text (analysed, i),
                                                verdicts[i]);

      g_strv_builder_add (builder, label);
    }
  return g_strv_builder_end (builder);
}

static void
show_graph (TrioWindow           *self,
            const BgMoveAnalysis *moves,
            guint                 n,
            const char *const    *verdicts)
{
  const BgGame *analysed = trio_analysis_task_get_game (self->analysis);
  const TrioGame *tgame = trio_game_for (analysed);
  int thresholds[3];
  g_autofree double *values = g_new (double, (n + 1) * G_N_ELEMENTS (seat_colours));
  g_autofree BgJudgement *judgements = g_new (BgJudgement, n);
  GdkRGBA colours[G_N_ELEMENTS (seat_colours)];
  g_auto (GStrv) labels = graph_labels (self, analysed, n, verdicts);
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  g_auto (GStrv) legend = NULL;
  guint n_series;

  trio_analysis_task_get_thresholds (self->analysis, thresholds);
  n_series = graph_values (moves, n, bg_game_get_n_players (analysed), 2 * thresholds[2],
                           values);
  for (guint i = 0; i < n; i++)
    judgements[i] = moves[i].judgement;
  for (guint s = 0; s < n_series; s++)
    {
      g_autofree char *name = trio_session_dup_player_name (self->session, (int) s);

      if (!trio_game_get_seat_color (tgame, (int) s, &colours[s]))
        colours[s] = seat_colours[s];
      g_strv_builder_add (names, name);
    }
  legend = g_strv_builder_end (names);
  trio_eval_graph_set_data (self->eval_graph, n, n_series, values, judgements,
                            n_series > 1 ? colours : NULL);
  trio_eval_graph_set_legend (self->eval_graph,
                              n_series > 1 ? (const char *const *) legend : NULL);
  trio_eval_graph_set_labels (self->eval_graph, (const char *const *) labels);
  gtk_widget_set_visible (GTK_WIDGET (self->eval_graph), TRUE);
}

/* The move list's marks and tooltips; returns the tooltips (the verdicts), one per move. */
static GStrv
show_marks (TrioWindow           *self,
            const BgMoveAnalysis *moves,
            guint                 n)
{
  const BgGame *analysed = trio_analysis_task_get_game (self->analysis);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  GStrv tooltips = NULL;
  g_autofree BgJudgement *judgements = g_new (BgJudgement, n);
  g_autoptr (BgGame) walk = bg_game_copy (analysed);
  guint n_keys;
  const guint64 *keys = bg_game_get_keys (analysed, &n_keys);
  const char *id = bg_game_get_rules (analysed)->id;

  while (bg_game_undo (walk))
    ;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *best = moves[i].best != BG_MOVE_NONE
                              ? bg_game_format_move (walk, moves[i].best) : g_strdup ("");
      g_autofree char *text = trio_status_describe_analysis (id, &moves[i], best);

      g_strv_builder_add (builder, text);
      judgements[i] = moves[i].judgement;
      if (moves[i].judgement != BG_JUDGEMENT_NONE)
        g_debug ("analysis: move %u (%s) %s, best %s: %s", i + 1,
                 bg_game_get_played_text (analysed, i), bg_judgement_name (moves[i].judgement),
                 best, text);
      bg_game_redo (walk);
    }
  tooltips = g_strv_builder_end (builder);
  trio_history_view_set_analysis (self->history_view, keys, MIN (n, n_keys - 1), judgements,
                                  (const char *const *) tooltips);
  return tooltips;
}

static void
on_finished (TrioWindow *self,
             gboolean    ok)
{
  guint n;
  const BgMoveAnalysis *moves = trio_analysis_task_get_moves (self->analysis, &n);

  gtk_widget_set_visible (GTK_WIDGET (self->analysis_box), FALSE);
  g_debug ("analysis: %s", ok ? "done" : "cancelled");
  if (ok && moves != NULL && n > 0)
    {
      g_auto (GStrv) verdicts = show_marks (self, moves, n);

      show_graph (self, moves, n, (const char *const *) verdicts);
    }
  trio_window_analysis_update_actions (self);
}

/* A game of other moves than those analysed (another game, or the moves undone): the
 * analysis goes. */
void
trio_window_analysis_game_changed (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);
  const BgGame *analysed;
  guint n_live, n_analysed;
  const guint64 *live_keys, *keys;

  if (self->analysis != NULL)
    {
      analysed = trio_analysis_task_get_game (self->analysis);
      keys = bg_game_get_keys (analysed, &n_analysed);
      live_keys = game != NULL ? bg_game_get_keys (game, &n_live) : NULL;
      /* The analysis stays while the game still starts from the same position. */
      if (live_keys == NULL || live_keys[0] != keys[0]
          || bg_game_get_rules (game) != bg_game_get_rules (analysed) || n_live < 2
          || keys[1] != live_keys[1])
        trio_window_analysis_drop (self);
    }
  trio_window_analysis_update_actions (self);
}

void
trio_window_analysis_drop (TrioWindow *self)
{
  if (self->analysis == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->analysis, self);
  trio_analysis_task_cancel (self->analysis);
  g_clear_object (&self->analysis);
  gtk_widget_set_visible (GTK_WIDGET (self->analysis_box), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->eval_graph), FALSE);
  trio_eval_graph_set_data (self->eval_graph, 0, 0, NULL, NULL, NULL);
  trio_history_view_set_analysis (self->history_view, NULL, 0, NULL, NULL);
}

static void
analyse (GSimpleAction *action,
         GVariant      *parameter,
         gpointer       user_data)
{
  TrioWindow *self = user_data;
  const BgGame *game = trio_session_get_game (self->session);
  const TrioGame *tgame = game != NULL ? trio_game_for (game) : NULL;
  BgTaTable *table;

  if (game == NULL || bg_game_get_n_played (game) == 0 || running (self))
    return;
  /* The solved table of a game that has one rates its moves exactly. */
  table = trio_game_dup_installed_table (tgame);
  trio_window_analysis_drop (self);
  self->analysis = trio_analysis_task_new (game, table);
  g_signal_connect_swapped (self->analysis, "progress", G_CALLBACK (on_progress), self);
  g_signal_connect_swapped (self->analysis, "finished", G_CALLBACK (on_finished), self);
  g_debug ("analysis: started, %u moves%s", bg_game_get_n_played (game),
           table != NULL ? ", with the solved table" : "");
  trio_analysis_task_start (self->analysis);
  on_progress (self);
  gtk_widget_set_visible (GTK_WIDGET (self->analysis_box), TRUE);
  trio_window_analysis_update_actions (self);
  trio_game_unref_table (tgame, table);
}

static void
cancel_analysis (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  TrioWindow *self = user_data;

  if (running (self))
    trio_analysis_task_cancel (self->analysis);
}

static void
on_graph_position (TrioWindow *self,
                   guint       position)
{
  trio_review_show (self->review, position);
}

static const GActionEntry analysis_actions[] = {
  { "analyse", analyse },
  { "cancel-analysis", cancel_analysis },
};

/* Above the move list: the progress bar and Cancel while it runs, then the graph. */
void
trio_window_analysis_init (TrioWindow *self,
                           GtkWidget  *before)
{
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));

  g_action_map_add_action_entries (G_ACTION_MAP (self), analysis_actions,
                                   G_N_ELEMENTS (analysis_actions), self);
  self->analysis_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6));
  self->analysis_progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (self->analysis_progress, TRUE);
  gtk_progress_bar_set_ellipsize (self->analysis_progress, PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (GTK_WIDGET (self->analysis_progress), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->analysis_progress), GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "win.cancel-analysis");
  gtk_box_append (self->analysis_box, GTK_WIDGET (self->analysis_progress));
  gtk_box_append (self->analysis_box, cancel);
  gtk_widget_set_visible (GTK_WIDGET (self->analysis_box), FALSE);

  self->eval_graph = TRIO_EVAL_GRAPH (trio_eval_graph_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->eval_graph), FALSE);
  g_signal_connect_swapped (self->eval_graph, "position-activated",
                            G_CALLBACK (on_graph_position), self);

  gtk_widget_insert_before (GTK_WIDGET (self->analysis_box), gtk_widget_get_parent (before),
                            before);
  gtk_widget_insert_before (GTK_WIDGET (self->eval_graph), gtk_widget_get_parent (before),
                            before);
  trio_window_analysis_update_actions (self);
}

void
trio_window_analysis_dispose (TrioWindow *self)
{
  /* The window's widgets are gone by now (its dispose lets go of its child first): only the
   * task is let go of, not the panel that showed it. */
  if (self->analysis == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->analysis, self);
  trio_analysis_task_cancel (self->analysis);
  g_clear_object (&self->analysis);
}
