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
  GPtrArray *buttons;     /* each move's button, by index (owned by the list) */
  int current;            /* the number of moves shown in review, or -1 (the game's) */
  guint scroll_tick;
  guint scroll_frames;
  /* The analysis of the game's moves, for the moves the game still has (keys[i + 1], the
   * position after move i, is the game's): judgement and tooltip by move. */
  guint64 *marks_keys;
  BgJudgement *judgements;
  GStrv tooltips;
  guint n_marks;
  /* What the list was built for: a review's steps change none of it. */
  const BgGame *built_game;
  guint built_n;
  guint64 built_key;
};

G_DEFINE_FINAL_TYPE (TrioHistoryView, trio_history_view, GTK_TYPE_WIDGET)

enum
{
  MOVE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
on_move_clicked (TrioHistoryView *self,
                 GtkButton       *button)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "trio-index"));

  g_signal_emit (self, signals[MOVE_ACTIVATED], 0, index);
}

static void
clear_marks (TrioHistoryView *self)
{
  g_clear_pointer (&self->marks_keys, g_free);
  g_clear_pointer (&self->judgements, g_free);
  g_clear_pointer (&self->tooltips, g_strfreev);
  self->n_marks = 0;
}

static void
trio_history_view_dispose (GObject *object)
{
  TrioHistoryView *self = TRIO_HISTORY_VIEW (object);

  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
  self->scroll_tick = 0;
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);
  g_clear_pointer (&self->buttons, g_ptr_array_unref);
  clear_marks (self);
  G_OBJECT_CLASS (trio_history_view_parent_class)->dispose (object);
}

static void
trio_history_view_class_init (TrioHistoryViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = trio_history_view_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_GROUP);

  signals[MOVE_ACTIVATED] = g_signal_new ("move-activated", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_UINT);
}

/* Where the list shows the last move or, in review, the move reviewed; -1 when that move is
 * not laid out yet. */
static double
target_value (TrioHistoryView *self,
              GtkAdjustment   *adj)
{
  double value = gtk_adjustment_get_value (adj);
  double page = gtk_adjustment_get_page_size (adj);
  GtkWidget *button = NULL;
  graphene_rect_t bounds;

  if (self->current < 0)
    return gtk_adjustment_get_upper (adj) - page;
  if (self->current == 0)
    return 0;
  if ((guint) self->current <= self->buttons->len)
    button = g_ptr_array_index (self->buttons, self->current - 1);
  if (button == NULL || !gtk_widget_compute_bounds (button, GTK_WIDGET (self->list), &bounds))
    return -1;
  if (bounds.origin.y < value)
    return bounds.origin.y;
  if (bounds.origin.y + bounds.size.height > value + page)
    return bounds.origin.y + bounds.size.height - page;
  return value;
}

/* Out of the layout (a frame's tick): the viewport takes the value at the frame's layout.
 * GTK 4.8's viewport shows a value set during its own allocation only at the next one, so
 * that is asked for too. */
static void
scroll_into_sight (TrioHistoryView *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));
  double target = target_value (self, adj);

  if (target < 0)
    return;
  gtk_adjustment_set_value (adj, target);
  gtk_widget_queue_allocate (self->scrolled);
}

static void schedule_scroll (TrioHistoryView *self);

/* The rows or the panel changed size: scrolled again at the next frames. */
static void
adjustment_changed (GtkAdjustment   *adj,
                    TrioHistoryView *self)
{
  schedule_scroll (self);
}

/* A list just rebuilt is laid out at the next frames: the scroll is done then, for ten
 * frames (the rows and the panel around them may take a few to have their final heights). */
static gboolean
scroll_tick (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  TrioHistoryView *self = TRIO_HISTORY_VIEW (widget);

  scroll_into_sight (self);
  if (++self->scroll_frames < 10)
    return G_SOURCE_CONTINUE;
  self->scroll_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
schedule_scroll (TrioHistoryView *self)
{
  self->scroll_frames = 0;
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick, NULL,
                                                      NULL);
}

static void
trio_history_view_init (TrioHistoryView *self)
{
  GtkWidget *placeholder = gtk_label_new (_("No moves yet"));

  self->buttons = g_ptr_array_new ();
  self->current = -1;

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
                    "changed", G_CALLBACK (adjustment_changed), self);
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
  self->built_game = NULL;
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

/* A move of the list: a flat button that asks for the position after it. */
static const char *const judgement_classes[] = { NULL, "inaccuracy", "mistake", "blunder" };

/* The analysis' judgement of a move, if it was of the game's move at this index. */
static BgJudgement
judgement_of (TrioHistoryView *self,
              const BgGame    *game,
              guint            index,
              const char     **tooltip)
{
  guint n_keys;
  const guint64 *keys = bg_game_get_keys (game, &n_keys);

  *tooltip = NULL;
  if (index >= self->n_marks || index + 1 >= n_keys
      || keys[index + 1] != self->marks_keys[index + 1] || keys[index] != self->marks_keys[index])
    return BG_JUDGEMENT_NONE;
  *tooltip = self->tooltips[index];
  return self->judgements[index];
}

static GtkWidget *
move_button (TrioHistoryView *self,
             const BgGame    *game,
             guint            index)
{
  const char *analysis;
  BgJudgement judgement = judgement_of (self, game, index, &analysis);
  g_autofree char *label = g_strconcat (bg_game_get_played_text (game, index),
                                        bg_judgement_symbol (judgement), NULL);
  GtkWidget *button = gtk_button_new_with_label (label);
  g_autofree char *tooltip = g_strdup_printf (_("Show the position after move %u"),
                                              index + 1);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "history-move");
  if (judgement != BG_JUDGEMENT_NONE && judgement < G_N_ELEMENTS (judgement_classes))
    gtk_widget_add_css_class (button, judgement_classes[judgement]);
  if (analysis != NULL)
    {
      g_autofree char *both = g_strdup_printf ("%s\n%s", analysis, tooltip);

      g_free (tooltip);
      tooltip = g_steal_pointer (&both);
    }
  gtk_widget_set_tooltip_text (button, tooltip);
  g_object_set_data (G_OBJECT (button), "trio-index", GUINT_TO_POINTER (index));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_move_clicked), self);
  if (index < self->buttons->len)
    g_ptr_array_index (self->buttons, index) = button;
  return button;
}

static GtkWidget *
row_label (const char *text,
           const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

/* One line: the move number, then two moves (players taking turns) or a player's move. */
static GtkWidget *
make_row (TrioHistoryView *self,
          const BgGame    *game,
          guint            index,
          guint            n,
          gboolean         pairs)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  g_autofree char *number = g_strdup_printf ("%3u.", pairs ? index / 2 + 1 : index + 1);

  gtk_widget_set_margin_start (box, 6);
  gtk_box_append (GTK_BOX (box), row_label (number, "history-row"));
  gtk_widget_set_margin_end (gtk_widget_get_last_child (box), 6);
  if (!pairs)
    {
      g_autofree char *name = trio_session_dup_player_name (
        self->session, bg_game_get_played_player (game, index));
      /* Translators: a player's name before his move in the list of moves */
      g_autofree char *who = g_strdup_printf (_("%s:"), name);

      gtk_box_append (GTK_BOX (box), row_label (who, "history-player"));
    }
  gtk_box_append (GTK_BOX (box), move_button (self, game, index));
  if (pairs && index + 1 < n)
    gtk_box_append (GTK_BOX (box), move_button (self, game, index + 1));
  return box;
}

static void
show_current (TrioHistoryView *self)
{
  for (guint i = 0; i < self->buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->buttons, i);

      if (button == NULL)
        continue;
      if ((int) i == self->current - 1)
        gtk_widget_add_css_class (button, "current");
      else
        gtk_widget_remove_css_class (button, "current");
    }
}

void
trio_history_view_set_current (TrioHistoryView *self,
                               int              n_shown)
{
  self->current = n_shown;
  show_current (self);
  schedule_scroll (self);
}

void
trio_history_view_update (TrioHistoryView *self)
{
  const BgGame *game = self->session ? trio_session_get_game (self->session) : NULL;
  guint n = game ? bg_game_get_n_played (game) : 0;
  gboolean pairs = game != NULL && strictly_alternating (game, n);
  guint step = pairs ? 2 : 1;
  GtkWidget *child;

  if (game == self->built_game && game != NULL && n == self->built_n
      && bg_game_get_key (game) == self->built_key)
    return;
  self->built_game = game;
  self->built_n = n;
  self->built_key = game != NULL ? bg_game_get_key (game) : 0;
  /* Rebuilt whole: a game has at most a few hundred moves. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_ptr_array_set_size (self->buttons, 0);
  g_ptr_array_set_size (self->buttons, n);
  for (guint i = 0; i < n; i += step)
    gtk_list_box_append (self->list, make_row (self, game, i, n, pairs));
  show_current (self);
  schedule_scroll (self);
}

void
trio_history_view_set_analysis (TrioHistoryView    *self,
                                const guint64      *keys,
                                guint               n_moves,
                                const BgJudgement  *judgements,
                                const char *const  *tooltips)
{
  clear_marks (self);
  if (keys != NULL && n_moves > 0)
    {
      self->n_marks = n_moves;
      self->marks_keys = g_memdup2 (keys, sizeof (guint64) * (n_moves + 1));
      self->judgements = g_memdup2 (judgements, sizeof (BgJudgement) * n_moves);
      self->tooltips = g_strdupv ((char **) tooltips);
    }
  self->built_game = NULL;
  trio_history_view_update (self);
}
