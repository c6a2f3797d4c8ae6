/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-statistics-window.c: the Statistics window
 *
 * One page per game (Marelle's two variants apart), chosen in the header bar: the results
 * against the computer by level, the results between human players by name, and on
 * Triomino's page the ten best scores. The pages are rebuilt whenever the statistics
 * change (a game ends while the window is open, Reset).
 */

#include "trio-statistics-window.h"

#include <glib/gi18n.h>

#include "bg-search.h"
#include "trio-game.h"
#include "trio-message.h"
#include "trio-status.h"

struct _TrioStatisticsWindow
{
  GtkWindow parent_instance;

  TrioStatistics *statistics;
  GtkStack *main_stack;      /* "empty" or "games" */
  GtkStack *games;           /* one page per game key */
  GtkWidget *switcher;
  GtkWidget *reset_button;
  GtkLabel *save_error;
  char *page;                /* the page shown, kept across rebuilds */
};

G_DEFINE_FINAL_TYPE (TrioStatisticsWindow, trio_statistics_window, GTK_TYPE_WINDOW)

/* Names */

/* The name of a game key: "Marelle Triple", "Nine Men’s Morris". */
static char *
game_title (const char *key)
{
  g_auto (GStrv) parts = g_strsplit (key, "/", 2);
  const BgRules *rules = bg_rules_lookup (parts[0]);
  g_autoptr (GHashTable) options = bg_options_new ();
  const char *title = NULL;

  if (rules == NULL)
    return g_strdup (key);
  if (parts[1] != NULL && rules->title != NULL)
    {
      g_hash_table_insert (options, g_strdup ("variant"), g_strdup (parts[1]));
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
  g_auto (GStrv) parts = g_strsplit (game_key, "/", 2);
  const TrioGame *tgame = trio_game_lookup (parts[0]);
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
    default:
      if (tgame != NULL)
        return trio_game_dup_seat_name (tgame, side.seat);
      return g_strdup_printf (_("Player %d"), side.seat + 1);
    }
}

/* The pages: every game of the registry, a rule set with variants once per variant. */
static GPtrArray *
game_keys (void)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);
  const TrioGame *const *games = trio_game_list ();

  for (guint i = 0; games[i] != NULL; i++)
    {
      const BgRules *rules = bg_rules_lookup (games[i]->id);
      const BgOptionSpec *variant = NULL;

      for (const BgOptionSpec *spec = rules->options; spec && spec->name; spec++)
        if (g_str_equal (spec->name, "variant") && spec->values != NULL)
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

  gtk_label_set_xalign (GTK_LABEL (label), number ? 1.0 : 0.0);
  if (number)
    gtk_widget_add_css_class (label, "number");
  else
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
    }
  if (row == 0)
    gtk_widget_add_css_class (label, "heading");
  gtk_grid_attach (grid, label, column, row, 1, 1);
  return label;
}

static GtkGrid *
new_table (const char *const *headers,
           const gboolean    *numbers)
{
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

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

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_add_css_class (label, "title-4");
  gtk_widget_set_margin_top (label, gtk_widget_get_first_child (GTK_WIDGET (page)) ? 18 : 0);
  gtk_box_append (page, label);
  gtk_box_append (page, GTK_WIDGET (table));
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
               gboolean        computer)
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
  grid = new_table (headers, numbers);
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
  return grid;
}

static char *
players_text (const TrioStatisticsScore *score)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint p = 0; score->players[p] != NULL; p++)
    {
      g_autofree char *name = side_name (score->players[p], "triomino", TRUE);

      g_string_append_printf (text, "%s%s", p > 0 ? ", " : "", name);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static GtkGrid *
scores_table (TrioStatistics *statistics)
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
  grid = new_table (headers, numbers);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GDateTime) utc = g_date_time_new_from_unix_utc (scores[i].date);
      g_autoptr (GDateTime) local = utc ? g_date_time_to_local (utc) : NULL;
      g_autofree char *date = local ? g_date_time_format (local, "%x") : g_strdup ("");
      g_autofree char *player = side_name (scores[i].players[scores[i].seat], "triomino",
                                           TRUE);
      g_autofree char *players = players_text (&scores[i]);
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

static GtkWidget *
make_page (TrioStatistics *statistics,
           const char     *game_key)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkBox *page = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 12));
  GtkGrid *table;

  gtk_widget_set_margin_start (GTK_WIDGET (page), 24);
  gtk_widget_set_margin_end (GTK_WIDGET (page), 24);
  gtk_widget_set_margin_top (GTK_WIDGET (page), 18);
  gtk_widget_set_margin_bottom (GTK_WIDGET (page), 24);
  if ((table = results_table (statistics, game_key, TRUE)) != NULL)
    add_section (page, _("Against the Computer"), table);
  if ((table = results_table (statistics, game_key, FALSE)) != NULL)
    /* Translators: hot-seat games, several humans at the same computer */
    add_section (page, _("Between Players"), table);
  if (g_str_equal (game_key, "triomino") && (table = scores_table (statistics)) != NULL)
    add_section (page, _("Best Scores"), table);
  if (gtk_widget_get_first_child (GTK_WIDGET (page)) == NULL)
    gtk_box_append (page, empty_label (_("No games finished yet")));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (page));
  return scrolled;
}

/* The window */

static void
remember_page (TrioStatisticsWindow *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->games);

  if (name != NULL)
    {
      g_free (self->page);
      self->page = g_strdup (name);
    }
}

static void
rebuild (TrioStatisticsWindow *self)
{
  g_autoptr (GPtrArray) keys = game_keys ();
  GtkWidget *child;
  guint n_rows, n_scores;
  gboolean empty;
  const GError *save_error = trio_statistics_get_save_error (self->statistics);
  g_autofree char *page = g_strdup (self->page);

  trio_statistics_get_rows (self->statistics, &n_rows);
  trio_statistics_get_best_scores (self->statistics, &n_scores);
  empty = n_rows == 0 && n_scores == 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->games))) != NULL)
    gtk_stack_remove (self->games, child);
  for (guint i = 0; i < keys->len; i++)
    {
      g_autofree char *title = game_title (keys->pdata[i]);

      gtk_stack_add_titled (self->games, make_page (self->statistics, keys->pdata[i]),
                            keys->pdata[i], title);
    }
  if (page != NULL && gtk_stack_get_child_by_name (self->games, page) != NULL)
    gtk_stack_set_visible_child_name (self->games, page);
  remember_page (self);

  gtk_stack_set_visible_child_name (self->main_stack, empty ? "empty" : "games");
  gtk_widget_set_visible (self->switcher, !empty);
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

  if (response == 0 && !trio_statistics_reset (self->statistics, &error))
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
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  /* The parent forgets it (before GtkWindow's dispose unsets the parent). */
  if (parent != NULL && g_object_get_data (G_OBJECT (parent), "trio-statistics-window") == self)
    g_object_set_data (G_OBJECT (parent), "trio-statistics-window", NULL);
  if (self->statistics != NULL)
    g_signal_handlers_disconnect_by_data (self->statistics, self);
  g_clear_object (&self->statistics);
  G_OBJECT_CLASS (trio_statistics_window_parent_class)->dispose (object);
}

static void
trio_statistics_window_finalize (GObject *object)
{
  g_free (TRIO_STATISTICS_WINDOW (object)->page);
  G_OBJECT_CLASS (trio_statistics_window_parent_class)->finalize (object);
}

static void
trio_statistics_window_class_init (TrioStatisticsWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = trio_statistics_window_dispose;
  G_OBJECT_CLASS (klass)->finalize = trio_statistics_window_finalize;
  /* Escape closes the window, as it does a dialog. */
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0,
                                       "window.close", NULL);
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
  gtk_label_set_wrap (GTK_LABEL (body), TRUE);
  gtk_label_set_justify (GTK_LABEL (body), GTK_JUSTIFY_CENTER);
  gtk_label_set_max_width_chars (GTK_LABEL (body), 40);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), body);
  return box;
}

static void
trio_statistics_window_init (TrioStatisticsWindow *self)
{
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_window_set_title (GTK_WINDOW (self), _("Statistics"));
  gtk_window_set_default_size (GTK_WINDOW (self), 720, 520);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);

  self->games = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->games), TRUE);
  self->switcher = gtk_stack_switcher_new ();
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (self->switcher), self->games);
  gtk_header_bar_set_title_widget (GTK_HEADER_BAR (header), self->switcher);
  self->reset_button = gtk_button_new_with_mnemonic (_("_Reset…"));
  gtk_widget_set_tooltip_text (self->reset_button, _("Forget every result and best score"));
  g_signal_connect_swapped (self->reset_button, "clicked", G_CALLBACK (reset_clicked), self);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), self->reset_button);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);

  self->main_stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->main_stack), TRUE);
  gtk_stack_add_named (self->main_stack, make_empty_state (), "empty");
  gtk_stack_add_named (self->main_stack, GTK_WIDGET (self->games), "games");
  self->save_error = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->save_error, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->save_error), "error");
  gtk_widget_set_margin_start (GTK_WIDGET (self->save_error), 24);
  gtk_widget_set_margin_end (GTK_WIDGET (self->save_error), 24);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->save_error), 12);
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->main_stack));
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->save_error));
  gtk_window_set_child (GTK_WINDOW (self), content);
  g_signal_connect_swapped (self->games, "notify::visible-child", G_CALLBACK (remember_page),
                            self);
}

TrioStatisticsWindow *
trio_statistics_window_present (GtkWindow      *parent,
                                TrioStatistics *statistics,
                                const char     *game_key)
{
  TrioStatisticsWindow *self = NULL;

  g_return_val_if_fail (TRIO_IS_STATISTICS (statistics), NULL);

  if (parent != NULL)
    self = g_object_get_data (G_OBJECT (parent), "trio-statistics-window");
  if (self == NULL)
    {
      self = g_object_new (TRIO_TYPE_STATISTICS_WINDOW, NULL);
      self->statistics = g_object_ref (statistics);
      g_signal_connect_swapped (statistics, "changed", G_CALLBACK (rebuild), self);
      gtk_window_set_transient_for (GTK_WINDOW (self), parent);
      if (parent != NULL)
        g_object_set_data (G_OBJECT (parent), "trio-statistics-window", self);
    }
  if (game_key != NULL)
    {
      g_free (self->page);
      self->page = g_strdup (game_key);
    }
  rebuild (self);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}
