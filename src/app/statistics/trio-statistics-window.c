/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-statistics-window.c: the Statistics window
 *
 * One page per game (the values of a game's statistics option apart: Marelle's two
 * variants), chosen in a sidebar: the results against the computer by level, the results
 * between human players by name, and on the page of the game that keeps best scores
 * (Triomino's) the ten best. The pages are rebuilt whenever the statistics
 * change (a game ends while the window is open, Reset).
 */

#include "trio-statistics-window.h"

#include <glib/gi18n.h>

#include "bg-search.h"
#include "games/trio-game.h"
#include "widgets/trio-message.h"
#include "session/trio-status.h"

struct _TrioStatisticsWindow
{
  GtkWindow parent_instance;

  TrioStatistics *statistics;
  GtkStack *main_stack;      /* "empty" or "games" */
  GtkStack *games;           /* one page per game key */
  GtkWidget *sidebar;
  GtkWidget *reset_button;
  GtkLabel *save_error;
};

G_DEFINE_FINAL_TYPE (TrioStatisticsWindow, trio_statistics_window, GTK_TYPE_WINDOW)

/* Names */

/* The game of a game key ("ID" or "ID/VALUE"), or NULL. */
static const TrioGame *
game_of_key (const char *key)
{
  g_auto (GStrv) parts = g_strsplit (key, "/", 2);

  return trio_game_lookup (parts[0]);
}

/* The name of a game key: "Marelle Triple", "Nine Men’s Morris". */
static char *
game_title (const char *key)
{
  g_auto (GStrv) parts = g_strsplit (key, "/", 2);
  const BgRules *rules = bg_rules_lookup (parts[0]);
  const TrioGame *tgame = trio_game_lookup (parts[0]);
  g_autoptr (GHashTable) options = bg_options_new ();
  const char *title = NULL;

  if (rules == NULL)
    return g_strdup (key);
  if (parts[1] != NULL && rules->title != NULL && tgame != NULL
      && tgame->statistics_option != NULL)
    {
      g_hash_table_insert (options, g_strdup (tgame->statistics_option),
                           g_strdup (parts[1]));
      title = rules->title (options);
    }
  return g_strdup (title != NULL ? _(title) : _(rules->name));
}

/* "Medium", "Easy, Strong". */
static char *
levels_name (guint levels)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (int level = BG_LEVEL_MIN; level <= BG_LEVEL_PERFECT; level++)
    if (levels & (1u << level))
      g_string_append_printf (text, "%s%s", text->len > 0 ? ", " : "",
                              trio_status_level_name (level));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A side as the tables show it: a level, a name, a seat's name ("White"). With
 * with_computer, a computer side says so ("Computer (Medium)"). */
static char *
side_name (const char *text,
           const char *game_key,
           gboolean    with_computer)
{
  const TrioGame *tgame = game_of_key (game_key);
  g_autofree char *levels = NULL;
  TrioSide side;

  if (!trio_side_parse (text, &side))
    return g_strdup (text);
  switch (side.kind)
    {
    case TRIO_SIDE_COMPUTER:
      levels = levels_name (side.levels);
      if (!with_computer)
        return g_steal_pointer (&levels);
      /* Translators: a computer player and its level, e.g. "Computer (Medium)" */
      return g_strdup_printf (_("Computer (%s)"), levels);
    case TRIO_SIDE_PLAYER:
      return g_strdup (side.name);
    case TRIO_SIDE_ONLINE:
      /* Translators: the results of this player's games with friends over the network */
      return g_strdup (_("Online, with friends"));
    case TRIO_SIDE_PLAYER_SEAT:
    default:
      if (tgame != NULL)
        return trio_game_dup_seat_name (tgame, side.seat);
      return g_strdup_printf (_("Player %d"), side.seat + 1);
    }
}

/* The pages: every game of the registry, a game with a statistics option once per value of
 * it. */
static GPtrArray *
game_keys (void)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);
  const TrioGame *const *games = trio_game_list ();

  for (guint i = 0; games[i] != NULL; i++)
    {
      const BgRules *rules = bg_rules_lookup (games[i]->id);
      const char *option = games[i]->statistics_option;
      const BgOptionSpec *variant = NULL;

      for (const BgOptionSpec *spec = rules->options; option && spec && spec->name; spec++)
        if (g_str_equal (spec->name, option) && spec->values != NULL)
          variant = spec;
      if (variant == NULL)
        g_ptr_array_add (keys, g_strdup (rules->id));
      else
        for (guint v = 0; variant->values[v] != NULL; v++)
          g_ptr_array_add (keys, g_strdup_printf ("%s/%s", rules->id, variant->values[v]));
    }
  return keys;
}

/* Tables */

static GtkWidget *
add_cell (GtkGrid    *grid,
          int         column,
          int         row,
          const char *text,
          gboolean    number)
{
  GtkWidget *label = gtk_label_new (text);
  GtkSizeGroup **groups = g_object_get_data (G_OBJECT (grid), "trio-size-groups");

  gtk_label_set_xalign (GTK_LABEL (label), number ? 1.0 : 0.0);
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  if (number)
    gtk_widget_add_css_class (label, "number");
  else
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
    }
  if (row == 0)
    gtk_widget_add_css_class (label, "heading");
  if (groups != NULL && groups[column] != NULL)
    gtk_size_group_add_widget (groups[column], label);
  gtk_grid_attach (grid, label, column, row, 1, 1);
  return label;
}

/* groups: one size group per column, to align the columns of the tables of a page, or
 * NULL. */
static GtkGrid *
new_table (const char *const *headers,
           const gboolean    *numbers,
           GtkSizeGroup     **groups)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  g_object_set_data (G_OBJECT (grid), "trio-size-groups", groups);
  gtk_grid_set_column_spacing (grid, 24);
  gtk_grid_set_row_spacing (grid, 6);
  gtk_widget_add_css_class (GTK_WIDGET (grid), "statistics-table");
  for (int i = 0; headers[i] != NULL; i++)
    add_cell (grid, i, 0, headers[i], numbers[i]);
  return grid;
}

static void
add_section (GtkBox     *page,
             const char *title,
             GtkGrid    *table)
{
  GtkWidget *label = gtk_label_new (title);
  GtkWidget *frame = gtk_frame_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, "title-4");
  gtk_widget_set_margin_top (label, gtk_widget_get_first_child (GTK_WIDGET (page)) ? 18 : 0);
  gtk_box_append (page, label);
  gtk_widget_set_margin_start (GTK_WIDGET (table), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (table), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (table), 8);
  gtk_widget_set_margin_bottom (GTK_WIDGET (table), 8);
  gtk_widget_set_halign (frame, GTK_ALIGN_START);
  gtk_frame_set_child (GTK_FRAME (frame), GTK_WIDGET (table));
  gtk_box_append (page, frame);
}

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const TrioStatisticsRow *ra = *(const TrioStatisticsRow *const *) a;
  const TrioStatisticsRow *rb = *(const TrioStatisticsRow *const *) b;

  return trio_side_compare (ra->side, rb->side);
}

/* The results of one game: against the computer (computer is TRUE) or between players. */
static GtkGrid *
results_table (TrioStatistics *statistics,
               const char     *game_key,
               gboolean        computer,
               GtkSizeGroup  **groups)
{
  const char *headers[] = {
    computer ? _("Computer Level") : _("Player"), _("Won"), _("Drawn"), _("Lost"), _("Total"),
    NULL
  };
  const gboolean numbers[] = { FALSE, TRUE, TRUE, TRUE, TRUE };
  g_autoptr (GPtrArray) shown = g_ptr_array_new ();
  guint n_rows;
  const TrioStatisticsRow *rows = trio_statistics_get_rows (statistics, &n_rows);
  GtkGrid *grid;

  for (guint i = 0; i < n_rows; i++)
    {
      TrioSide side;

      if (g_str_equal (rows[i].game, game_key) && trio_side_parse (rows[i].side, &side)
          && (side.kind == TRIO_SIDE_COMPUTER) == computer)
        g_ptr_array_add (shown, (gpointer) &rows[i]);
    }
  if (shown->len == 0)
    return NULL;
  g_ptr_array_sort (shown, compare_rows);
  grid = new_table (headers, numbers, groups);
  for (guint i = 0; i < shown->len; i++)
    {
      const TrioStatisticsRow *row = shown->pdata[i];
      g_autofree char *name = side_name (row->side, game_key, FALSE);
      guint total = 0;
      char text[16];

      add_cell (grid, 0, (int) i + 1, name, FALSE);
      for (int o = 0; o < TRIO_N_OUTCOMES; o++)
        {
          g_snprintf (text, sizeof text, "%u", row->counts[o]);
          add_cell (grid, 1 + o, (int) i + 1, text, TRUE);
          total += row->counts[o];
        }
      g_snprintf (text, sizeof text, "%u", total);
      add_cell (grid, 4, (int) i + 1, text, TRUE);
    }
  g_object_set_data (G_OBJECT (grid), "trio-size-groups", NULL);
  return grid;
}

/* The seats of a best score's game; game_key: the game that keeps the best scores. */
static char *
players_text (const TrioStatisticsScore *score,
              const char                *game_key)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint p = 0; score->players[p] != NULL; p++)
    {
      g_autofree char *name = side_name (score->players[p], game_key, TRUE);

      g_string_append_printf (text, "%s%s", p > 0 ? ", " : "", name);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The best scores, of the game of game_key. */
static GtkGrid *
scores_table (TrioStatistics *statistics,
              const char     *game_key)
{
  const char *headers[] = {
    /* Translators: the rank of a score among the best */
    _("Rank"), _("Score"), _("Player"), _("Date"), _("Players of the Game"), NULL
  };
  const gboolean numbers[] = { TRUE, TRUE, FALSE, FALSE, FALSE };
  guint n;
  const TrioStatisticsScore *scores = trio_statistics_get_best_scores (statistics, &n);
  GtkGrid *grid;

  if (n == 0)
    return NULL;
  grid = new_table (headers, numbers, NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GDateTime) utc = g_date_time_new_from_unix_utc (scores[i].date);
      g_autoptr (GDateTime) local = utc ? g_date_time_to_local (utc) : NULL;
      /* Translators: the date of a best score, a g_date_time_format() format: "March 1,
       * 2025" */
      g_autofree char *date = local ? g_date_time_format (local, _("%B %-d, %Y"))
                                    : g_strdup ("");
      g_autofree char *player = side_name (scores[i].players[scores[i].seat], game_key,
                                           TRUE);
      g_autofree char *players = players_text (&scores[i], game_key);
      char text[16];
      int row = (int) i + 1;

      g_snprintf (text, sizeof text, "%u", i + 1);
      add_cell (grid, 0, row, text, TRUE);
      g_snprintf (text, sizeof text, "%d", scores[i].score);
      add_cell (grid, 1, row, text, TRUE);
      add_cell (grid, 2, row, player, FALSE);
      add_cell (grid, 3, row, date, FALSE);
      add_cell (grid, 4, row, players, FALSE);
    }
  return grid;
}

static GtkWidget *
empty_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_vexpand (label, TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  return label;
}

/* Fills a game's page (a scrolled window) anew. */
static void
fill_page (GtkScrolledWindow *scrolled,
           TrioStatistics    *statistics,
           const char        *game_key)
{
  GtkBox *page = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 12));
  const TrioGame *tgame = game_of_key (game_key);
  GtkGrid *table;
  /* The columns of the two results tables line up. */
  GtkSizeGroup *groups[5];

  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    groups[i] = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);

  gtk_widget_set_margin_start (GTK_WIDGET (page), 24);
  gtk_widget_set_margin_end (GTK_WIDGET (page), 24);
  gtk_widget_set_margin_top (GTK_WIDGET (page), 18);
  gtk_widget_set_margin_bottom (GTK_WIDGET (page), 24);
  if ((table = results_table (statistics, game_key, TRUE, groups)) != NULL)
    add_section (page, _("Against the Computer"), table);
  if ((table = results_table (statistics, game_key, FALSE, groups)) != NULL)
    /* Translators: hot-seat games, several humans at the same computer */
    add_section (page, _("Between Players"), table);
  if (tgame != NULL && tgame == trio_game_find_best_scores ()
      && (table = scores_table (statistics, game_key)) != NULL)
    add_section (page, _("Best Scores"), table);
  if (gtk_widget_get_first_child (GTK_WIDGET (page)) == NULL)
    gtk_box_append (page, empty_label (_("No games finished yet")));
  gtk_scrolled_window_set_child (scrolled, GTK_WIDGET (page));
  /* The widgets keep their groups alive. */
  for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
    g_object_unref (groups[i]);
}

/* The window */

/* The pages stay (GTK 4.8's GtkStackSidebar does not take pages removed under it): their
 * content is made anew. */
static void
rebuild (TrioStatisticsWindow *self)
{
  g_autoptr (GPtrArray) keys = game_keys ();
  guint n_rows, n_scores;
  gboolean empty;
  const GError *save_error = trio_statistics_get_save_error (self->statistics);

  trio_statistics_get_rows (self->statistics, &n_rows);
  trio_statistics_get_best_scores (self->statistics, &n_scores);
  empty = n_rows == 0 && n_scores == 0;

  for (guint i = 0; i < keys->len; i++)
    {
      GtkWidget *page = gtk_stack_get_child_by_name (self->games, keys->pdata[i]);

      if (page != NULL)
        fill_page (GTK_SCROLLED_WINDOW (page), self->statistics, keys->pdata[i]);
    }
  gtk_stack_set_visible_child_name (self->main_stack, empty ? "empty" : "games");
  gtk_widget_set_sensitive (self->reset_button, !empty);
  if (save_error != NULL)
    {
      /* Translators: why the statistics file could not be written */
      g_autofree char *text = g_strdup_printf (_("The statistics could not be saved: %s"),
                                               save_error->message);

      gtk_label_set_text (self->save_error, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->save_error), save_error != NULL);
  g_debug ("statistics window: %s, %u rows, %u best scores", empty ? "empty" : "shown",
           n_rows, n_scores);
}

static void
reset_answered (int      response,
                gpointer user_data)
{
  TrioStatisticsWindow *self = user_data;
  g_autoptr (GError) error = NULL;

  /* The window may have gone meanwhile (the application quit). */
  if (response == 0 && self->statistics != NULL
      && !trio_statistics_reset (self->statistics, &error))
    {
      const char *buttons[] = { _("_Close"), NULL };

      trio_message_show (GTK_WINDOW (self), _("Could Not Save the Statistics"),
                         error->message, buttons, NULL, NULL);
    }
  g_object_unref (self);
}

static void
reset_clicked (TrioStatisticsWindow *self)
{
  /* The safe answer is the default one. */
  const char *buttons[] = { _("_Reset"), _("_Cancel"), NULL };

  trio_message_show (GTK_WINDOW (self), _("Reset the Statistics?"),
                     _("Every result and best score is forgotten. This cannot be undone."),
                     buttons, reset_answered, g_object_ref (self));
}

static void
trio_statistics_window_dispose (GObject *object)
{
  TrioStatisticsWindow *self = TRIO_STATISTICS_WINDOW (object);

  if (self->statistics != NULL)
    g_signal_handlers_disconnect_by_data (self->statistics, self);
  g_clear_object (&self->statistics);
  G_OBJECT_CLASS (trio_statistics_window_parent_class)->dispose (object);
}

static void
quit_later (gpointer user_data)
{
  GApplication *app = g_application_get_default ();

  if (app != NULL)
    g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
}

/* Once the key press is over: quitting from inside it would have the main window finalized
 * while this one, held by the event, still names it as its parent. */
static gboolean
quit_pressed (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  g_idle_add_once (quit_later, NULL);
  return TRUE;
}

static void
trio_statistics_window_class_init (TrioStatisticsWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = trio_statistics_window_dispose;
  /* Escape closes the window, as it does a dialog, and so does Ctrl+W; Ctrl+Q quits from
   * here too (the application's shortcuts are only its own windows'). */
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0,
                                       "window.close", NULL);
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);
  gtk_widget_class_add_binding (GTK_WIDGET_CLASS (klass), GDK_KEY_q, GDK_CONTROL_MASK,
                                quit_pressed, NULL);
}

static GtkWidget *
make_empty_state (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *icon = gtk_image_new_from_icon_name ("document-open-recent-symbolic");
  GtkWidget *title = gtk_label_new (_("No games finished yet"));
  GtkWidget *body = gtk_label_new (_("The results of the games you finish against the "
                                     "computer or between players show here."));

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_image_set_pixel_size (GTK_IMAGE (icon), 96);
  gtk_widget_add_css_class (icon, "dim-label");
  gtk_widget_add_css_class (title, "title-2");
  /* Wrapped too: the window fits a phone's width. */
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_justify (GTK_LABEL (title), GTK_JUSTIFY_CENTER);
  gtk_label_set_wrap (GTK_LABEL (body), TRUE);
  gtk_label_set_justify (GTK_LABEL (body), GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (GTK_LABEL (body), 40);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), body);
  return box;
}

/* The games in a sidebar (five names side by side would not fit an 800 pixels wide
 * screen), the page of the game chosen beside it. */
static GtkWidget *
make_games (TrioStatisticsWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *sidebar = self->sidebar = gtk_stack_sidebar_new ();

  g_autoptr (GPtrArray) keys = game_keys ();

  self->games = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->games), TRUE);
  for (guint i = 0; i < keys->len; i++)
    {
      g_autofree char *title = game_title (keys->pdata[i]);

      gtk_stack_add_titled (self->games, gtk_scrolled_window_new (), keys->pdata[i], title);
    }
  gtk_stack_sidebar_set_stack (GTK_STACK_SIDEBAR (sidebar), self->games);
  gtk_box_append (GTK_BOX (box), sidebar);
  gtk_box_append (GTK_BOX (box), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->games));
  return box;
}

static void
trio_statistics_window_init (TrioStatisticsWindow *self)
{
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_window_set_title (GTK_WINDOW (self), _("Statistics"));
  gtk_window_set_default_size (GTK_WINDOW (self), 760, 500);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);

  self->reset_button = gtk_button_new_with_mnemonic (_("_Reset…"));
  gtk_widget_set_tooltip_text (self->reset_button, _("Forget every result and best score"));
  g_signal_connect_swapped (self->reset_button, "clicked", G_CALLBACK (reset_clicked), self);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), self->reset_button);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);

  self->main_stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->main_stack), TRUE);
  gtk_stack_add_named (self->main_stack, make_empty_state (), "empty");
  gtk_stack_add_named (self->main_stack, make_games (self), "games");
  self->save_error = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->save_error, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->save_error), "error");
  gtk_widget_set_margin_start (GTK_WIDGET (self->save_error), 24);
  gtk_widget_set_margin_end (GTK_WIDGET (self->save_error), 24);
  gtk_widget_set_margin_top (GTK_WIDGET (self->save_error), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->save_error), 12);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->main_stack));
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->save_error));
  gtk_window_set_child (GTK_WINDOW (self), content);
}

TrioStatisticsWindow *
trio_statistics_window_present (GtkWindow      *parent,
                                TrioStatistics *statistics,
                                const char     *game_key)
{
  /* The one window, NULL once it is gone. */
  static TrioStatisticsWindow *shown;
  TrioStatisticsWindow *self = shown;

  g_return_val_if_fail (TRIO_IS_STATISTICS (statistics), NULL);

  if (self != NULL && (self->statistics != statistics
                       || gtk_window_get_transient_for (GTK_WINDOW (self)) != parent))
    {
      gtk_window_destroy (GTK_WINDOW (self));
      self = NULL;
    }
  if (self == NULL)
    {
      self = shown = g_object_new (TRIO_TYPE_STATISTICS_WINDOW, NULL);
      g_object_add_weak_pointer (G_OBJECT (self), (gpointer *) &shown);
      self->statistics = g_object_ref (statistics);
      g_signal_connect_swapped (statistics, "changed", G_CALLBACK (rebuild), self);
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
    }
  rebuild (self);
  if (game_key != NULL && gtk_stack_get_child_by_name (self->games, game_key) != NULL)
    gtk_stack_set_visible_child_name (self->games, game_key);
  gtk_window_present (GTK_WINDOW (self));
  /* The arrow keys choose a game at once. */
  if (gtk_widget_get_visible (self->sidebar) && gtk_widget_get_mapped (self->sidebar))
    gtk_widget_child_focus (self->sidebar, GTK_DIR_TAB_FORWARD);
  return self;
}
