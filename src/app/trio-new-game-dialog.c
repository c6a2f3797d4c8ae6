/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-new-game-dialog.c: seats, levels and options of a new game
 *
 * Built in code rather than from a template: its rows depend on the game (two seats for
 * the morris games, three for TRICHESS, two to six for Triomino).
 */

#include "trio-new-game-dialog.h"

#include <glib/gi18n.h>

#include "trio-application.h"
#include "trio-level-choice.h"
#include "trio-perfect-section.h"
#include "trio-settings.h"
#include "trio-status.h"

typedef struct
{
  GtkEntry *name;
  GtkDropDown *kind;     /* human or computer */
  GtkDropDown *level;    /* trio-level-choice */
  GtkWidget *row;
} SeatRow;

struct _TrioNewGameDialog
{
  GtkWindow parent_instance;

  char *game_id;
  GtkGrid *options_grid;
  GtkGrid *seats_grid;
  GtkDropDown *variant;   /* marelle: rules */
  GtkDropDown *first;     /* morris games: who starts */
  GtkDropDown *board;     /* trichess */
  GtkDropDown *opening;   /* triomino */
  GtkDropDown *scoring;   /* triomino */
  GtkSpinButton *players; /* triomino */
  SeatRow rows[TRIO_MAX_SEATS];
  guint n_rows;
  TrioPerfectTable *perfect_table;  /* La Triple Alliance: the perfect level's table */

  GHashTable *options;
  TrioSeat seats[TRIO_MAX_SEATS];
};

G_DEFINE_FINAL_TYPE (TrioNewGameDialog, trio_new_game_dialog, GTK_TYPE_WINDOW)

enum
{
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
default_name (const char *game_id,
              guint       seat)
{
  if (g_str_equal (game_id, "triple-alliance"))
    return seat == 0 ? _("Light") : _("Dark");
  if (g_str_equal (game_id, "marelle"))
    return seat == 0 ? _("White") : _("Black");
  if (g_str_equal (game_id, "trichess"))
    return seat == 0 ? _("White") : seat == 1 ? _("Red") : _("Black");
  return NULL;
}

static GtkDropDown *
add_choice (TrioNewGameDialog *self,
            const char        *label,
            const char *const *choices,
            guint              selected)
{
  GtkWidget *caption = gtk_label_new_with_mnemonic (label);
  GtkWidget *dropdown = gtk_drop_down_new_from_strings (choices);
  int row = 0;

  while (gtk_grid_get_child_at (self->options_grid, 0, row) != NULL)
    row++;
  gtk_label_set_xalign (GTK_LABEL (caption), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (caption), dropdown);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), selected);
  gtk_widget_set_hexpand (dropdown, TRUE);
  gtk_grid_attach (self->options_grid, caption, 0, row, 1, 1);
  gtk_grid_attach (self->options_grid, dropdown, 1, row, 1, 1);
  return GTK_DROP_DOWN (dropdown);
}

static void
kind_changed (GtkDropDown *kind,
              GParamSpec  *pspec,
              GtkWidget   *level)
{
  gtk_widget_set_sensitive (level, gtk_drop_down_get_selected (kind) == 1);
}

static void
add_seat_row (TrioNewGameDialog *self,
              guint              seat)
{
  const char *kinds[] = { _("Human"), _("Computer"), NULL };
  SeatRow *r = &self->rows[seat];
  g_autofree char *number = g_strdup_printf (_("Player %u"), seat + 1);
  const char *name = default_name (self->game_id, seat);
  GtkWidget *caption = gtk_label_new (number);

  r->name = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (r->name, name ? name : number);
  gtk_entry_set_activates_default (r->name, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (r->name), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  number, -1);
  r->kind = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (kinds));
  r->level = trio_level_choice_new (self->perfect_table);
  gtk_drop_down_set_selected (r->kind, seat == 0 ? 0 : 1);
  trio_level_choice_set_level (r->level, 3);
  gtk_widget_set_sensitive (GTK_WIDGET (r->level), seat != 0);
  g_signal_connect (r->kind, "notify::selected", G_CALLBACK (kind_changed), r->level);
  gtk_label_set_xalign (GTK_LABEL (caption), 1);
  gtk_grid_attach (self->seats_grid, caption, 0, seat, 1, 1);
  gtk_grid_attach (self->seats_grid, GTK_WIDGET (r->name), 1, seat, 1, 1);
  gtk_grid_attach (self->seats_grid, GTK_WIDGET (r->kind), 2, seat, 1, 1);
  gtk_grid_attach (self->seats_grid, GTK_WIDGET (r->level), 3, seat, 1, 1);
  r->row = caption;
}

static void
set_seat_count (TrioNewGameDialog *self,
                guint              n)
{
  while (self->n_rows < n)
    add_seat_row (self, self->n_rows++);
  while (self->n_rows > n)
    {
      self->n_rows--;
      gtk_grid_remove_row (self->seats_grid, (int) self->n_rows);
    }
}

static void
players_changed (GtkSpinButton     *spin,
                 TrioNewGameDialog *self)
{
  set_seat_count (self, (guint) gtk_spin_button_get_value_as_int (spin));
}

static void
build_options (TrioNewGameDialog *self)
{
  const char *id = self->game_id;

  if (g_str_equal (id, "marelle"))
    {
      const char *variants[] = { _("Marelle triple (1840)"), _("Standard nine men’s morris"),
                                 NULL };
      self->variant = add_choice (self, _("_Rules"), variants, 0);
    }
  if (g_str_equal (id, "marelle") || g_str_equal (id, "triple-alliance"))
    {
      const char *first[] = { _("Player 1"), _("Player 2"), NULL };
      self->first = add_choice (self, _("_Who starts"), first, 0);
    }
  if (g_str_equal (id, "trichess"))
    {
      const char *boards[] = { _("Prolapsus (round obstacle)"),
                               _("Hexagonal (triangular obstacle)"),
                               _("Pax (cross obstacle)"), NULL };
      self->board = add_choice (self, _("_Board"), boards, 0);
    }
  if (g_str_equal (id, "triomino"))
    {
      const char *openings[] = { _("American (bonus for the first triple)"),
                                 _("European (no opening bonus)"), NULL };
      const char *scorings[] = { _("Points, up to 400"),
                                 _("Children’s game: the first to play all his tiles wins"),
                                 NULL };
      GtkWidget *caption = gtk_label_new_with_mnemonic (_("_Players"));

      self->players = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (2, 6, 1));
      gtk_spin_button_set_value (self->players, 4);
      gtk_label_set_mnemonic_widget (GTK_LABEL (caption), GTK_WIDGET (self->players));
      gtk_label_set_xalign (GTK_LABEL (caption), 1);
      gtk_grid_attach (self->options_grid, caption, 0, 0, 1, 1);
      gtk_grid_attach (self->options_grid, GTK_WIDGET (self->players), 1, 0, 1, 1);
      g_signal_connect (self->players, "value-changed", G_CALLBACK (players_changed), self);
      self->opening = add_choice (self, _("_Opening"), openings, 0);
      self->scoring = add_choice (self, _("Sco_ring"), scorings, 0);
    }
}

static void
collect (TrioNewGameDialog *self)
{
  static const char *const variants[] = { "triple", "standard" };
  static const char *const boards[] = { "prolapsus", "hexagonal", "pax" };
  static const char *const openings[] = { "american", "european" };
  static const char *const scorings[] = { "points", "none" };

  g_hash_table_remove_all (self->options);
  if (self->variant != NULL)
    g_hash_table_insert (self->options, g_strdup ("variant"),
                         g_strdup (variants[gtk_drop_down_get_selected (self->variant) % 2]));
  if (self->first != NULL)
    g_hash_table_insert (self->options, g_strdup ("first"),
                         g_strdup_printf ("%u", gtk_drop_down_get_selected (self->first) + 1));
  if (self->board != NULL)
    g_hash_table_insert (self->options, g_strdup ("board"),
                         g_strdup (boards[gtk_drop_down_get_selected (self->board) % 3]));
  if (self->players != NULL)
    {
      g_hash_table_insert (self->options, g_strdup ("players"),
                           g_strdup_printf ("%u", self->n_rows));
      g_hash_table_insert (self->options, g_strdup ("opening"),
                           g_strdup (openings[gtk_drop_down_get_selected (self->opening) % 2]));
      g_hash_table_insert (self->options, g_strdup ("scoring"),
                           g_strdup (scorings[gtk_drop_down_get_selected (self->scoring) % 2]));
      /* A new deal each game; the seed is kept with the game so it can be replayed. */
      g_hash_table_insert (self->options, g_strdup ("seed"),
                           g_strdup_printf ("%d", g_random_int_range (1, G_MAXINT)));
    }
  for (guint i = 0; i < self->n_rows; i++)
    {
      const char *name = gtk_editable_get_text (GTK_EDITABLE (self->rows[i].name));

      g_free (self->seats[i].name);
      self->seats[i].name = name[0] != '\0' ? g_strdup (name) : NULL;
      self->seats[i].computer = gtk_drop_down_get_selected (self->rows[i].kind) == 1;
      self->seats[i].level = trio_level_choice_get_level (self->rows[i].level);
    }
}

/* The settings key of this game's seats, e.g. "seats-marelle". */
static char *
seats_key (TrioNewGameDialog *self)
{
  return g_strconcat ("seats-", self->game_id, NULL);
}

/* The seats as the settings keep them: "h" a human, "c3" the computer at level 3. */
static GStrv
seat_words (TrioNewGameDialog *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < self->n_rows; i++)
    {
      g_autofree char *seat = self->seats[i].computer
                              ? g_strdup_printf ("c%d", self->seats[i].level)
                              : g_strdup ("h");
      g_strv_builder_add (builder, seat);
    }
  return g_strv_builder_end (builder);
}

static void
remember_choices (TrioNewGameDialog *self)
{
  GSettings *settings = trio_settings_get ();
  g_auto (GStrv) seats = seat_words (self);
  g_autofree char *key = seats_key (self);
  const char *value;

  if (settings == NULL)
    return;
  g_settings_set_strv (settings, key, (const char *const *) seats);
  g_settings_set_string (settings, "last-game", self->game_id);
  if ((value = g_hash_table_lookup (self->options, "variant")) != NULL)
    g_settings_set_string (settings, "marelle-variant", value);
  if ((value = g_hash_table_lookup (self->options, "board")) != NULL)
    g_settings_set_string (settings, "trichess-board", value);
  if ((value = g_hash_table_lookup (self->options, "opening")) != NULL)
    g_settings_set_string (settings, "triomino-opening", value);
  if ((value = g_hash_table_lookup (self->options, "scoring")) != NULL)
    g_settings_set_string (settings, "triomino-scoring", value);
  if (self->players != NULL)
    g_settings_set_int (settings, "triomino-players", (int) self->n_rows);
}

/* Presets the dialog with the choices of the last game of this kind. */
static void
recall_choices (TrioNewGameDialog *self)
{
  GSettings *settings = trio_settings_get ();
  g_autofree char *key = seats_key (self);
  g_auto (GStrv) seats = NULL;
  g_autofree char *value = NULL;

  if (settings == NULL)
    return;
  if (self->players != NULL)
    gtk_spin_button_set_value (self->players, g_settings_get_int (settings,
                                                                  "triomino-players"));
  if (self->variant != NULL)
    {
      value = g_settings_get_string (settings, "marelle-variant");
      gtk_drop_down_set_selected (self->variant, g_str_equal (value, "standard") ? 1 : 0);
      g_clear_pointer (&value, g_free);
    }
  if (self->board != NULL)
    {
      value = g_settings_get_string (settings, "trichess-board");
      gtk_drop_down_set_selected (self->board, g_str_equal (value, "pax") ? 2
                                  : g_str_equal (value, "hexagonal") ? 1 : 0);
      g_clear_pointer (&value, g_free);
    }
  if (self->opening != NULL)
    {
      value = g_settings_get_string (settings, "triomino-opening");
      gtk_drop_down_set_selected (self->opening, g_str_equal (value, "european") ? 1 : 0);
      g_clear_pointer (&value, g_free);
      value = g_settings_get_string (settings, "triomino-scoring");
      gtk_drop_down_set_selected (self->scoring, g_str_equal (value, "none") ? 1 : 0);
    }
  seats = g_settings_get_strv (settings, key);
  for (guint i = 0; i < self->n_rows && seats[i] != NULL; i++)
    {
      gboolean computer = seats[i][0] == 'c';

      gtk_drop_down_set_selected (self->rows[i].kind, computer ? 1 : 0);
      /* "c7", the perfect level, is Expert while its table is missing. */
      if (computer && seats[i][1] >= '1' && seats[i][1] <= '7')
        trio_level_choice_set_level (self->rows[i].level, seats[i][1] - '0');
    }
}

static void
start_clicked (TrioNewGameDialog *self)
{
  g_auto (GStrv) seats = NULL;
  g_autofree char *text = NULL;

  collect (self);
  seats = seat_words (self);
  text = g_strjoinv (",", seats);
  /* With G_MESSAGES_DEBUG=Trio: the GUI test reads the levels chosen. */
  g_debug ("new game of %s, seats %s", self->game_id, text);
  remember_choices (self);
  g_signal_emit (self, signals[START], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
trio_new_game_dialog_finalize (GObject *object)
{
  TrioNewGameDialog *self = TRIO_NEW_GAME_DIALOG (object);

  for (guint i = 0; i < TRIO_MAX_SEATS; i++)
    g_free (self->seats[i].name);
  g_hash_table_unref (self->options);
  g_free (self->game_id);
  g_clear_object (&self->perfect_table);
  G_OBJECT_CLASS (trio_new_game_dialog_parent_class)->finalize (object);
}

static void
trio_new_game_dialog_class_init (TrioNewGameDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = trio_new_game_dialog_finalize;
  signals[START] = g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0,
                                       "window.close", NULL);
}

static void
trio_new_game_dialog_init (TrioNewGameDialog *self)
{
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static GtkWidget *
build_header (TrioNewGameDialog *self)
{
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *start = gtk_button_new_with_mnemonic (_("_Start"));

  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (header), FALSE);
  gtk_widget_add_css_class (start, "suggested-action");
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), self);
  g_signal_connect_swapped (start, "clicked", G_CALLBACK (start_clicked), self);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), cancel);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), start);
  gtk_window_set_default_widget (GTK_WINDOW (self), start);
  return header;
}

/* The perfect level's table (a new reference) if this game has one: La Triple Alliance. */
static TrioPerfectTable *
perfect_table_for (GtkWindow  *parent,
                   const char *game_id)
{
  GtkApplication *app = parent != NULL ? gtk_window_get_application (parent) : NULL;
  TrioPerfectTable *table;

  if (!g_str_equal (game_id, "triple-alliance") || !TRIO_IS_APPLICATION (app))
    return NULL;
  table = trio_application_get_perfect_table (TRIO_APPLICATION (app));
  return table != NULL ? g_object_ref (table) : NULL;
}

TrioNewGameDialog *
trio_new_game_dialog_new (GtkWindow  *parent,
                          const char *game_id)
{
  TrioNewGameDialog *self = g_object_new (TRIO_TYPE_NEW_GAME_DIALOG, "modal", TRUE,
                                          "transient-for", parent, "resizable", FALSE, NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *seats_title = gtk_label_new (_("Players"));
  g_autofree char *title = g_strdup_printf (_("New Game: %s"), trio_status_game_name (game_id));
  guint n_seats = g_str_equal (game_id, "trichess") ? 3 : g_str_equal (game_id, "triomino") ? 4
                                                                                            : 2;

  self->game_id = g_strdup (game_id);
  self->perfect_table = perfect_table_for (parent, game_id);
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_window_set_titlebar (GTK_WINDOW (self), build_header (self));
  self->options_grid = GTK_GRID (gtk_grid_new ());
  self->seats_grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (self->options_grid, 6);
  gtk_grid_set_column_spacing (self->options_grid, 12);
  gtk_grid_set_row_spacing (self->seats_grid, 6);
  gtk_grid_set_column_spacing (self->seats_grid, 6);
  gtk_widget_add_css_class (seats_title, "heading");
  gtk_label_set_xalign (GTK_LABEL (seats_title), 0);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 24);
  build_options (self);
  set_seat_count (self, n_seats);
  recall_choices (self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->options_grid));
  gtk_box_append (GTK_BOX (box), seats_title);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->seats_grid));
  if (self->perfect_table != NULL)
    gtk_box_append (GTK_BOX (box), trio_perfect_section_new (self->perfect_table));
  gtk_window_set_child (GTK_WINDOW (self), box);
  /* Enter starts the game at once with the choices remembered from last time. */
  gtk_window_set_focus (GTK_WINDOW (self), gtk_window_get_default_widget (GTK_WINDOW (self)));
  return self;
}

const char *
trio_new_game_dialog_get_game_id (TrioNewGameDialog *self)
{
  return self->game_id;
}

GHashTable *
trio_new_game_dialog_get_options (TrioNewGameDialog *self)
{
  return self->options;
}

const TrioSeat *
trio_new_game_dialog_get_seats (TrioNewGameDialog *self,
                                guint             *n_seats)
{
  *n_seats = self->n_rows;
  return self->seats;
}
