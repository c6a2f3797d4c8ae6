/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-history-view.c: the list of the moves played, in the game's notation
 *
 * Two players taking turns show a move of each per line ("12. d6-d5  b4xa1"); otherwise
 * (more players, or Triomino's draws and passes) one move per line with its player's name.
 *
 * A saved game may hold 100,000 moves: the list is a GtkListView over a model whose lines
 * are made on demand, so that only the lines in sight have widgets, and a move played tells
 * the list which lines changed instead of building it again (issue 43).
 */

#include "trio-history-view.h"
#include "trio-move-number.h"

#include <glib/gi18n.h>

/* The least height of the list: about five lines (issue 47: at 1024×600, TRICHESS's
 * side panel left it none). */
#define MIN_LINES_HEIGHT 110

/* A line of the list: its first move's index. Made when the list asks for it. */
#define TRIO_TYPE_HISTORY_LINE (trio_history_line_get_type ())
G_DECLARE_FINAL_TYPE (TrioHistoryLine, trio_history_line, TRIO, HISTORY_LINE, GObject)

struct _TrioHistoryLine
{
  GObject parent_instance;

  guint index;
};

G_DEFINE_FINAL_TYPE (TrioHistoryLine, trio_history_line, G_TYPE_OBJECT)

static void
trio_history_line_class_init (TrioHistoryLineClass *klass)
{
}

static void
trio_history_line_init (TrioHistoryLine *self)
{
}

/* The lines: n_lines of them, step moves each (2 for players taking turns, else 1). */
#define TRIO_TYPE_HISTORY_LINES (trio_history_lines_get_type ())
G_DECLARE_FINAL_TYPE (TrioHistoryLines, trio_history_lines, TRIO, HISTORY_LINES, GObject)

struct _TrioHistoryLines
{
  GObject parent_instance;

  guint n_lines;
  guint step;
};

static GType
lines_get_item_type (GListModel *model)
{
  return TRIO_TYPE_HISTORY_LINE;
}

static guint
lines_get_n_items (GListModel *model)
{
  return TRIO_HISTORY_LINES (model)->n_lines;
}

static gpointer
lines_get_item (GListModel *model,
                guint       position)
{
  TrioHistoryLines *self = TRIO_HISTORY_LINES (model);
  TrioHistoryLine *line;

  if (position >= self->n_lines)
    return NULL;
  line = g_object_new (TRIO_TYPE_HISTORY_LINE, NULL);
  line->index = position * self->step;
  return line;
}

static void
trio_history_lines_model_init (GListModelInterface *iface)
{
  iface->get_item_type = lines_get_item_type;
  iface->get_n_items = lines_get_n_items;
  iface->get_item = lines_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TrioHistoryLines, trio_history_lines, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      trio_history_lines_model_init))

static void
trio_history_lines_class_init (TrioHistoryLinesClass *klass)
{
}

static void
trio_history_lines_init (TrioHistoryLines *self)
{
  self->step = 1;
}

/* The widgets of a line in sight, kept on its box (the list's widget for the line). */
typedef struct
{
  GtkWidget *number;
  GtkWidget *player;
  GtkWidget *moves[2];
  guint index;              /* the line's first move, while bound */
} Line;

struct _TrioHistoryView
{
  GtkWidget parent_instance;

  GtkWidget *scrolled;
  GtkWidget *placeholder; /* "No moves yet", over the empty list */
  GtkListView *list;
  TrioHistoryLines *lines;
  TrioSession *session;   /* not owned: the window owns both */
  GPtrArray *bound;       /* the boxes of the lines in sight */
  int current;            /* the number of moves shown in review, or -1 (the game's) */
  guint scroll_tick;
  guint scroll_frames;
  /* The analysis of the game's moves, for the moves the game still has (keys[i + 1], the
   * position after move i, is the game's): judgement and tooltip by move. */
  guint64 *marks_keys;
  BgJudgement *judgements;
  GStrv tooltips;
  guint n_marks;
  /* What the list was built for: the game, its moves (as the keys of its positions) and
   * whether they are two to a line. A review's steps change none of it. */
  const BgGame *built_game;
  GArray *built_keys;
  gboolean built_pairs;
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
  g_clear_pointer (&self->placeholder, gtk_widget_unparent);
  g_clear_object (&self->lines);
  g_clear_pointer (&self->bound, g_ptr_array_unref);
  g_clear_pointer (&self->built_keys, g_array_unref);
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

/* Where a line lies in the list (from its top), when its widgets are made. */
static gboolean
line_bounds (TrioHistoryView *self,
             guint            line,
             double           value,
             double          *top,
             double          *height)
{
  graphene_rect_t bounds;

  for (guint i = 0; i < self->bound->len; i++)
    {
      GtkWidget *box = self->bound->pdata[i];
      GtkWidget *row = gtk_widget_get_parent (box);
      Line *bound = g_object_get_data (G_OBJECT (box), "trio-line");

      /* The list's own widget for the line, around the box, placed from the top of the
       * list's visible area. The list keeps the focused line's widgets even out of sight,
       * unmapped and not placed. */
      if (bound->index / self->lines->step == line && gtk_widget_get_mapped (row)
          && gtk_widget_compute_bounds (row, GTK_WIDGET (self->list), &bounds))
        {
          *top = value + bounds.origin.y;
          *height = bounds.size.height;
          return TRUE;
        }
    }
  return FALSE;
}

/* Out of the layout (a frame's tick): the list shows its end or, in review, the line of the
 * move reviewed, scrolled no more than it takes. */
static void
scroll_into_sight (TrioHistoryView *self)
{
  GtkAdjustment *adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list));
  double value = gtk_adjustment_get_value (adj);
  double page = gtk_adjustment_get_page_size (adj);
  double upper = gtk_adjustment_get_upper (adj);
  guint n_lines = self->lines->n_lines;
  guint line;
  double top, height;

  if (n_lines == 0 || self->current < 0)
    {
      gtk_adjustment_set_value (adj, upper - page);
      return;
    }
  line = self->current == 0 ? 0
         : MIN ((guint) (self->current - 1) / self->lines->step, n_lines - 1);
  /* A line out of sight has no widgets yet: the lines are all of a height, and the next
   * frames place it exactly. */
  if (!line_bounds (self, line, value, &top, &height))
    {
      height = upper / n_lines;
      top = line * height;
    }
  if (top < value)
    gtk_adjustment_set_value (adj, top);
  else if (top + height > value + page)
    gtk_adjustment_set_value (adj, top + height - page);
}

/* A list just changed is laid out at the next frames: the scroll is done then, for ten
 * frames (the lines and the panel around them may take a few to have their final heights). */
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

/* The lines or the panel changed size: scrolled again at the next frames. The lines being
 * all of a height, scrolling by hand changes none of it. */
static void
adjustment_changed (GtkAdjustment   *adj,
                    TrioHistoryView *self)
{
  schedule_scroll (self);
}

/* The game whose moves the list shows, or NULL. */
static const BgGame *
list_game (TrioHistoryView *self)
{
  return self->session != NULL ? trio_session_get_game (self->session) : NULL;
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

/* The tooltip is made when it is asked for: setting one on each button as its line comes
 * into sight would ask the display server where the pointer is, every time. */
static gboolean
move_query_tooltip (GtkWidget       *button,
                    int              x,
                    int              y,
                    gboolean         keyboard,
                    GtkTooltip      *tooltip,
                    TrioHistoryView *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "trio-index"));
  const BgGame *game = list_game (self);
  const char *analysis = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (game == NULL || index >= bg_game_get_n_played (game))
    return FALSE;
  judgement_of (self, game, index, &analysis);
  name = trio_session_dup_player_name (self->session, bg_game_get_played_player (game, index));
  /* Translators: the move's number in the list (in pairs when two players take turns), and
   * the player who made it */
  text = g_strdup_printf (_("Show the position after move %u (%s)"),
                          trio_move_number_in (index, self->lines->step == 2), name);
  if (analysis != NULL)
    {
      g_autofree char *both = g_strdup_printf ("%s\n%s", analysis, text);

      gtk_tooltip_set_text (tooltip, both);
    }
  else
    gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* A move in the notation, but a draw from the pile or a pass, which the notation writes in
 * English ("draw", "pass"), in the player's words. */
static const char *
move_text (const BgGame *game,
           guint         index)
{
  BgMoveInfo info;

  if (bg_game_describe_played (game, index, &info)
      && (info.flags & (BG_MOVE_PLACES | BG_MOVE_MOVES)) == 0)
    {
      if (info.flags & BG_MOVE_DRAWS)
        /* Translators: a draw from the pile in the list of moves */
        return C_("move", "draw");
      if (info.flags & BG_MOVE_PASSES)
        /* Translators: a pass in the list of moves */
        return C_("move", "pass");
    }
  return bg_game_get_played_text (game, index);
}

static void
fill_move (TrioHistoryView *self,
           GtkWidget       *button,
           const BgGame    *game,
           guint            index)
{
  const char *analysis;
  BgJudgement judgement = judgement_of (self, game, index, &analysis);
  g_autofree char *label = g_strconcat (move_text (game, index),
                                        bg_judgement_symbol (judgement), NULL);

  gtk_button_set_label (GTK_BUTTON (button), label);
  for (guint j = 1; j < G_N_ELEMENTS (judgement_classes); j++)
    {
      if (j == judgement)
        gtk_widget_add_css_class (button, judgement_classes[j]);
      else
        gtk_widget_remove_css_class (button, judgement_classes[j]);
    }
  if ((int) index == self->current - 1)
    gtk_widget_add_css_class (button, "current");
  else
    gtk_widget_remove_css_class (button, "current");
  g_object_set_data (G_OBJECT (button), "trio-index", GUINT_TO_POINTER (index));
}

/* One line: the move number, then two moves (players taking turns) or a player's move. */
static void
fill_line (TrioHistoryView *self,
           Line            *line)
{
  const BgGame *game = list_game (self);
  guint n = game != NULL ? bg_game_get_n_played (game) : 0;
  gboolean pairs = self->lines->step == 2;
  guint index = line->index;
  g_autofree char *number = NULL;

  if (index >= n)
    return;
  number = g_strdup_printf ("%3u.", trio_move_number_in (index, pairs));
  gtk_label_set_text (GTK_LABEL (line->number), number);
  gtk_widget_set_visible (line->player, !pairs);
  if (!pairs)
    {
      g_autofree char *name = trio_session_dup_player_name (
        self->session, bg_game_get_played_player (game, index));
      /* Translators: a player's name before his move in the list of moves */
      g_autofree char *who = g_strdup_printf (_("%s:"), name);

      gtk_label_set_text (GTK_LABEL (line->player), who);
    }
  fill_move (self, line->moves[0], game, index);
  gtk_widget_set_visible (line->moves[1], pairs && index + 1 < n);
  if (pairs && index + 1 < n)
    fill_move (self, line->moves[1], game, index + 1);
}

static GtkWidget *
line_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
setup_line (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            TrioHistoryView          *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  Line *line = g_new0 (Line, 1);

  gtk_widget_set_margin_start (box, 6);
  line->number = line_label ("history-row");
  gtk_widget_set_margin_end (line->number, 6);
  gtk_box_append (GTK_BOX (box), line->number);
  line->player = line_label ("history-player");
  gtk_box_append (GTK_BOX (box), line->player);
  for (guint i = 0; i < G_N_ELEMENTS (line->moves); i++)
    {
      GtkWidget *button = gtk_button_new ();

      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "history-move");
      gtk_widget_set_has_tooltip (button, TRUE);
      g_signal_connect_object (button, "query-tooltip", G_CALLBACK (move_query_tooltip), self,
                               0);
      g_signal_connect_object (button, "clicked", G_CALLBACK (on_move_clicked), self,
                               G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (box), button);
      line->moves[i] = button;
    }
  g_object_set_data_full (G_OBJECT (box), "trio-line", line, g_free);
  /* The buttons are what a click or a key activates: the line itself is not. */
  gtk_list_item_set_activatable (item, FALSE);
  gtk_list_item_set_selectable (item, FALSE);
  gtk_list_item_set_child (item, box);
}

static void
bind_line (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           TrioHistoryView          *self)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  Line *line = g_object_get_data (G_OBJECT (box), "trio-line");

  line->index = TRIO_HISTORY_LINE (gtk_list_item_get_item (item))->index;
  fill_line (self, line);
  g_ptr_array_add (self->bound, box);
}

static void
unbind_line (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             TrioHistoryView          *self)
{
  if (self->bound != NULL)
    g_ptr_array_remove_fast (self->bound, gtk_list_item_get_child (item));
}

/* The lines in sight show the move reviewed and the analysis' marks again. */
static void
refill_bound (TrioHistoryView *self)
{
  for (guint i = 0; i < self->bound->len; i++)
    fill_line (self, g_object_get_data (G_OBJECT (self->bound->pdata[i]), "trio-line"));
}

static void
trio_history_view_init (TrioHistoryView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkNoSelection *selection;

  self->bound = g_ptr_array_new ();
  self->built_keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->current = -1;
  self->lines = g_object_new (TRIO_TYPE_HISTORY_LINES, NULL);

  g_signal_connect (factory, "setup", G_CALLBACK (setup_line), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_line), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_line), self);
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->lines)));
  self->list = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (selection), factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "history");
  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_has_frame (GTK_SCROLLED_WINDOW (self->scrolled), TRUE);
  /* A few lines at least, however short the window: the side panel scrolls instead. */
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->scrolled),
                                              MIN_LINES_HEIGHT);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->list));
  g_signal_connect (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled)),
                    "changed", G_CALLBACK (adjustment_changed), self);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
  self->placeholder = gtk_label_new (_("No moves yet"));
  gtk_widget_add_css_class (self->placeholder, "dim-label");
  gtk_widget_set_can_target (self->placeholder, FALSE);
  gtk_widget_set_parent (self->placeholder, GTK_WIDGET (self));
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

void
trio_history_view_set_current (TrioHistoryView *self,
                               int              n_shown)
{
  if (n_shown != self->current)
    {
      self->current = n_shown;
      refill_bound (self);
    }
  schedule_scroll (self);
}

static guint
n_lines_for (guint n_moves,
             guint step)
{
  return (n_moves + step - 1) / step;
}

void
trio_history_view_update (TrioHistoryView *self)
{
  const BgGame *game = list_game (self);
  guint n_keys = 0;
  const guint64 *keys = game != NULL ? bg_game_get_keys (game, &n_keys) : NULL;
  guint n = game != NULL ? bg_game_get_n_played (game) : 0;
  gboolean pairs = game != NULL && trio_move_numbers_in_pairs (game);
  guint step = pairs ? 2 : 1;
  const guint64 *built = (const guint64 *) (gpointer) self->built_keys->data;
  guint built_n = self->built_keys->len > 0 ? self->built_keys->len - 1 : 0;
  guint old_lines = self->lines->n_lines;
  guint first = 0;   /* the first move that changed */
  guint first_line;

  /* The moves the list already shows are those the game still has: the keys of their
   * positions are the same. Usually one move was added, or a few taken back. */
  if (game != NULL && game == self->built_game && pairs == self->built_pairs
      && self->built_keys->len > 0 && keys[0] == built[0])
    {
      guint common = MIN (n, built_n);

      while (first < common && keys[first + 1] == built[first + 1])
        first++;
      if (first == n && n == built_n)
        return;
    }
  self->built_game = game;
  self->built_pairs = pairs;
  g_array_set_size (self->built_keys, 0);
  if (keys != NULL)
    g_array_append_vals (self->built_keys, keys, n_keys);
  first_line = first / step;
  self->lines->step = step;
  self->lines->n_lines = n_lines_for (n, step);
  g_list_model_items_changed (G_LIST_MODEL (self->lines), first_line,
                              old_lines - MIN (first_line, old_lines),
                              self->lines->n_lines - first_line);
  gtk_widget_set_visible (self->placeholder, n == 0);
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
  trio_history_view_update (self);
  refill_bound (self);
}
