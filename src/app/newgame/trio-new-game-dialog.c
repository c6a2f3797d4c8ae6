/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-new-game-dialog.c: seats, levels and options of a new game
 *
 * Built in code rather than from a template, from the game's rule set: one row per option
 * of BgRules.options (a drop-down list for an option with values, a spin button for a
 * number), and one row per seat. The dialog names no game; the options' flags say what
 * else to do:
 *  - BG_OPTION_HIDDEN and BG_OPTION_DRAWN options are not the players' to choose: a hidden
 *    one keeps its default, a drawn one takes a new random value for every game (the deal
 *    of Triomino);
 *  - a BG_OPTION_SEATS option sets the number of seats (otherwise BgRules.max_players); its
 *    spin button stands beside the players' heading, which names it.
 * The title follows the options chosen (BgRules.title: "New Game: Nine Men’s Morris"); a
 * seat's level shows only beside a computer's seat.
 * An option's label carries its mnemonic ("Sco_ring"); one without (a translation that
 * lost it, or an option's name standing for a missing label) gets the first of its letters
 * that no other button or label of the dialog uses yet.
 * The choices are remembered per game: the seats in the key "seats-<game>", the options
 * in "game-options" (its keys are "<game>.<option>", its values the options' values).
 * A seat may be a friend's, invited (issue 46): the game is then played online, and
 * exactly one seat is a human's, the one played at this screen.
 */

#include "trio-new-game-dialog.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "bg-search.h"
#include "games/trio-game.h"
#include "trio-level-choice.h"
#include "trio-perfect-section.h"
#include "widgets/trio-drop-down.h"
#include "widgets/trio-seat-swatch.h"
#include "trio-settings.h"

/* The settings key of the options chosen last, and one of a game's seats. */
#define OPTIONS_KEY "game-options"
#define SEATS_KEY_PREFIX "seats-"

/* The kinds of seat, in the drop-down's order. */
enum
{
  KIND_HUMAN,
  KIND_COMPUTER,
  KIND_FRIEND,
};

typedef struct
{
  GtkEntry *name;
  GtkDropDown *kind;     /* human, computer or a friend invited */
  GtkDropDown *level;    /* trio-level-choice */
  GtkWidget *row;
} SeatRow;

typedef struct
{
  const BgOptionSpec *spec;
  GtkWidget *widget;     /* a GtkDropDown (spec->values) or a GtkSpinButton */
} OptionRow;

struct _TrioNewGameDialog
{
  GtkWindow parent_instance;

  char *game_id;
  const TrioGame *game;
  const BgRules *rules;
  GtkGrid *options_grid;
  GtkGrid *seats_grid;
  GArray *option_rows;    /* OptionRow, in the order of the specs */
  guint n_option_lines;   /* the lines of options_grid */
  GtkSpinButton *players; /* the BG_OPTION_SEATS option, or NULL */
  GtkLabel *seats_title;  /* "Players", and the players' number beside it when it is chosen */
  GtkBox *seats_header;
  GString *mnemonics;     /* the mnemonic letters taken, lower case */
  SeatRow rows[TRIO_MAX_SEATS];
  guint n_rows;
  TrioPerfectTable *perfect_table;  /* the perfect level's table, for a game that has one */

  GHashTable *options;
  TrioSeat seats[TRIO_MAX_SEATS];
  int local_seat;         /* with friends invited, the seat played here; -1 without */
  GtkWidget *start;
  GtkLabel *seats_note;   /* why the seats cannot start a game with friends */
  gboolean narrow;        /* over a narrow window: no seat captions, narrower margins */
};

G_DEFINE_FINAL_TYPE (TrioNewGameDialog, trio_new_game_dialog, GTK_TYPE_WINDOW)

enum
{
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
option_offered (const BgOptionSpec *spec)
{
  return (spec->flags & (BG_OPTION_HIDDEN | BG_OPTION_DRAWN)) == 0;
}

/* The index of value among the option's values, or -1. */
static int
value_index (const BgOptionSpec *spec,
             const char         *value)
{
  for (int i = 0; spec->values[i] != NULL; i++)
    if (g_str_equal (spec->values[i], value))
      return i;
  return -1;
}

/* The largest number a numeric option may take here: the seats' option has no more
 * values than seats. */
static int
option_max (TrioNewGameDialog  *self,
            const BgOptionSpec *spec)
{
  if (spec->flags & BG_OPTION_SEATS)
    return MIN (spec->max, (int) MIN (self->rules->max_players, TRIO_MAX_SEATS));
  return spec->max;
}

/* Takes the mnemonic of a label with one already ("_Start", "Sco_ring"). */
static void
take_mnemonic (TrioNewGameDialog *self,
               const char        *label)
{
  const char *underscore = strchr (label, '_');

  if (underscore != NULL && underscore[1] != '\0')
    g_string_append_unichar (self->mnemonics,
                             g_unichar_tolower (g_utf8_get_char (underscore + 1)));
}

/* The label with a mnemonic: its own, or its first letter not taken yet. */
static char *
with_mnemonic (TrioNewGameDialog *self,
               const char        *label)
{
  if (strchr (label, '_') != NULL)
    {
      take_mnemonic (self, label);
      return g_strdup (label);
    }
  for (const char *p = label; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_unichar_tolower (g_utf8_get_char (p));
      char utf8[8] = { 0 };

      g_unichar_to_utf8 (c, utf8);
      if (g_unichar_isalnum (c) && strstr (self->mnemonics->str, utf8) == NULL)
        {
          g_string_append (self->mnemonics, utf8);
          return g_strdup_printf ("%.*s_%s", (int) (p - label), label, p);
        }
    }
  return g_strdup (label);
}

static GtkWidget *
new_choice (const BgOptionSpec *spec)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) labels = NULL;
  GtkWidget *dropdown;
  int selected;

  for (guint i = 0; spec->values[i] != NULL; i++)
    {
      const char *label = spec->value_labels != NULL ? spec->value_labels[i] : NULL;

      /* Until a rule set labels its values, the values themselves. */
      g_strv_builder_add (builder, label != NULL ? _(label) : spec->values[i]);
    }
  labels = g_strv_builder_end (builder);
  dropdown = trio_drop_down_new_from_strings ((const char *const *) labels);
  selected = value_index (spec, spec->default_value);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), MAX (selected, 0));
  return dropdown;
}

static GtkWidget *
new_number (TrioNewGameDialog  *self,
            const BgOptionSpec *spec)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (spec->min, option_max (self, spec), 1);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), atoi (spec->default_value));
  return spin;
}

static void update_title (TrioNewGameDialog *self);

static void
add_option_row (TrioNewGameDialog  *self,
                const BgOptionSpec *spec)
{
  /* Until a rule set labels its options, their names. */
  const char *label = spec->label != NULL ? _(spec->label) : spec->name;
  g_autofree char *mnemonic = with_mnemonic (self, label);
  OptionRow row = { spec, NULL };
  GtkWidget *caption;
  int y = (int) self->n_option_lines;

  row.widget = spec->values != NULL ? new_choice (spec) : new_number (self, spec);
  g_array_append_val (self->option_rows, row);
  if (spec->values != NULL)
    /* A choice may give the game another name (standard nine men's morris). */
    g_signal_connect_swapped (row.widget, "notify::selected", G_CALLBACK (update_title), self);
  /* The number of players beside the players' heading, which it names. */
  if (spec->values == NULL && (spec->flags & BG_OPTION_SEATS))
    {
      gtk_label_set_text_with_mnemonic (self->seats_title, mnemonic);
      gtk_label_set_mnemonic_widget (self->seats_title, row.widget);
      gtk_widget_set_hexpand (GTK_WIDGET (self->seats_title), TRUE);
      gtk_box_append (self->seats_header, row.widget);
      return;
    }
  caption = gtk_label_new_with_mnemonic (mnemonic);
  gtk_label_set_xalign (GTK_LABEL (caption), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (caption), row.widget);
  gtk_widget_set_hexpand (row.widget, spec->values != NULL);
  gtk_grid_attach (self->options_grid, caption, 0, y, 1, 1);
  gtk_grid_attach (self->options_grid, row.widget, 1, y, 1, 1);
  self->n_option_lines++;
}

/* The value an option row shows, in the rule set's words. */
static char *
row_value (const OptionRow *row)
{
  if (GTK_IS_DROP_DOWN (row->widget))
    {
      guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->widget));

      return g_strdup (row->spec->values[selected]);
    }
  return g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (row->widget)));
}

/* Shows value in an option row; FALSE (and no change) for a value the option has not. */
static gboolean
row_set_value (TrioNewGameDialog *self,
               const OptionRow   *row,
               const char        *value)
{
  const BgOptionSpec *spec = row->spec;
  gint64 number;

  if (spec->values != NULL)
    {
      int i = value_index (spec, value);

      if (i >= 0)
        gtk_drop_down_set_selected (GTK_DROP_DOWN (row->widget), (guint) i);
      return i >= 0;
    }
  if (!g_ascii_string_to_signed (value, 10, spec->min, option_max (self, spec), &number, NULL))
    return FALSE;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (row->widget), (double) number);
  return TRUE;
}

/* With friends invited, one seat exactly is played here: a game online has one player at
 * each screen. */
static void
check_seats (TrioNewGameDialog *self)
{
  guint humans = 0, friends = 0;

  for (guint i = 0; i < self->n_rows; i++)
    {
      guint kind = gtk_drop_down_get_selected (self->rows[i].kind);

      humans += kind == KIND_HUMAN;
      friends += kind == KIND_FRIEND;
      /* A friend gives their own name when they join. */
      gtk_widget_set_sensitive (GTK_WIDGET (self->rows[i].name), kind != KIND_FRIEND);
      /* A level only beside the computer's seats. */
      gtk_widget_set_visible (GTK_WIDGET (self->rows[i].level), kind == KIND_COMPUTER);
    }
  if (self->start == NULL || self->seats_note == NULL)
    return;
  gtk_widget_set_sensitive (self->start, friends == 0 || humans == 1);
  gtk_widget_set_visible (GTK_WIDGET (self->seats_note), friends > 0);
  gtk_label_set_text (self->seats_note, humans == 1
                      ? _("The game is played online: friends join it with the invite link "
                          "it gives.")
                      : _("With friends invited, exactly one player is a human: you."));
}

static void
kind_changed (TrioNewGameDialog *self)
{
  check_seats (self);
}

static void
add_seat_row (TrioNewGameDialog *self,
              guint              seat)
{
  const char *kinds[] = { _("Human"), _("Computer"), _("Friend, Invited"), NULL };
  SeatRow *r = &self->rows[seat];
  g_autofree char *number = g_strdup_printf (_("Player %u"), seat + 1);
  g_autofree char *name = trio_game_dup_seat_name (self->game, (int) seat);
  GtkWidget *caption = gtk_label_new (number);
  GtkWidget *swatched;

  r->name = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (r->name, name);
  gtk_entry_set_activates_default (r->name, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (r->name), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (r->name), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  number, -1);
  r->kind = GTK_DROP_DOWN (trio_drop_down_new_from_strings (kinds));
  r->level = trio_level_choice_new (self->perfect_table);
  gtk_drop_down_set_selected (r->kind, seat == 0 ? KIND_HUMAN : KIND_COMPUTER);
  trio_level_choice_set_level (r->level, 3);
  gtk_widget_set_visible (GTK_WIDGET (r->level), seat != 0);
  g_signal_connect_swapped (r->kind, "notify::selected", G_CALLBACK (kind_changed), self);
  gtk_label_set_xalign (GTK_LABEL (caption), 1);
  gtk_widget_set_visible (caption, !self->narrow);
  /* The colour the seat plays, before its number (its name may be the player's own). */
  swatched = trio_seat_swatch_row_new (self->game, (int) seat, caption);
  gtk_widget_set_halign (swatched, GTK_ALIGN_END);
  gtk_grid_attach (self->seats_grid, swatched, 0, seat, 1, 1);
  gtk_grid_attach (self->seats_grid, GTK_WIDGET (r->name), 1, seat, 1, 1);
  gtk_grid_attach (self->seats_grid, GTK_WIDGET (r->kind), 2, seat, 1, 1);
  gtk_grid_attach (self->seats_grid, GTK_WIDGET (r->level), 3, seat, 1, 1);
  r->row = caption;
}

static void
set_seat_count (TrioNewGameDialog *self,
                guint              n)
{
  n = MIN (n, TRIO_MAX_SEATS);
  while (self->n_rows < n)
    add_seat_row (self, self->n_rows++);
  while (self->n_rows > n)
    {
      self->n_rows--;
      gtk_grid_remove_row (self->seats_grid, (int) self->n_rows);
    }
  check_seats (self);
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
  for (const BgOptionSpec *spec = self->rules->options; spec->name != NULL; spec++)
    {
      const OptionRow *row;

      if (!option_offered (spec))
        continue;
      add_option_row (self, spec);
      row = &g_array_index (self->option_rows, OptionRow, self->option_rows->len - 1);
      if (spec->values == NULL && (spec->flags & BG_OPTION_SEATS))
        {
          self->players = GTK_SPIN_BUTTON (row->widget);
          g_signal_connect (self->players, "value-changed", G_CALLBACK (players_changed), self);
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->options_grid), self->n_option_lines > 0);
}

/* "New Game: Marelle triple", or the name the options chosen give the game ("New Game:
 * Nine Men’s Morris"). */
static void
update_title (TrioNewGameDialog *self)
{
  g_autoptr (GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                          g_free);
  const char *name = NULL;
  g_autofree char *title = NULL;

  for (guint i = 0; i < self->option_rows->len; i++)
    {
      const OptionRow *row = &g_array_index (self->option_rows, OptionRow, i);

      g_hash_table_insert (options, (gpointer) row->spec->name, row_value (row));
    }
  if (self->rules->title != NULL)
    name = self->rules->title (options);
  title = g_strdup_printf (_("New Game: %s"), name != NULL ? _(name)
                                                           : trio_game_get_name (self->game,
                                                                                 NULL));
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
collect (TrioNewGameDialog *self)
{
  g_hash_table_remove_all (self->options);
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      const OptionRow *row = &g_array_index (self->option_rows, OptionRow, i);

      g_hash_table_insert (self->options, g_strdup (row->spec->name), row_value (row));
    }
  /* A new deal each game; the seed is kept with the game so it can be replayed. */
  for (const BgOptionSpec *spec = self->rules->options; spec->name != NULL; spec++)
    if ((spec->flags & BG_OPTION_DRAWN) && spec->values == NULL)
      g_hash_table_insert (self->options, g_strdup (spec->name),
                           trio_game_draw_option_value (spec));
  self->local_seat = -1;
  for (guint i = 0; i < self->n_rows; i++)
    {
      const char *name = gtk_editable_get_text (GTK_EDITABLE (self->rows[i].name));
      guint kind = gtk_drop_down_get_selected (self->rows[i].kind);

      g_free (self->seats[i].name);
      self->seats[i].name = name[0] != '\0' && kind != KIND_FRIEND ? g_strdup (name) : NULL;
      self->seats[i].computer = kind == KIND_COMPUTER;
      self->seats[i].level = trio_level_choice_get_level (self->rows[i].level);
    }
  /* With a friend invited, the human seat is the one played here. */
  for (guint i = 0; i < self->n_rows; i++)
    if (gtk_drop_down_get_selected (self->rows[i].kind) == KIND_FRIEND)
      for (guint j = 0; j < self->n_rows; j++)
        if (gtk_drop_down_get_selected (self->rows[j].kind) == KIND_HUMAN)
          self->local_seat = (int) j;
}

/* The settings key of this game's seats, e.g. "seats-marelle", if the schema has one. */
static char *
seats_key (TrioNewGameDialog *self,
           GSettings         *settings)
{
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autofree char *key = g_strconcat (SEATS_KEY_PREFIX, self->game_id, NULL);

  g_object_get (settings, "settings-schema", &schema, NULL);
  return g_settings_schema_has_key (schema, key) ? g_steal_pointer (&key) : NULL;
}

/* The key of an option in OPTIONS_KEY: "GAME.OPTION". */
static char *
option_key (TrioNewGameDialog  *self,
            const BgOptionSpec *spec)
{
  return g_strconcat (self->game_id, ".", spec->name, NULL);
}

/* The seats as the settings keep them: "h" a human, "c3" the computer at level 3, "f" a
 * friend invited. */
static GStrv
seat_words (TrioNewGameDialog *self)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < self->n_rows; i++)
    {
      gboolean friend = gtk_drop_down_get_selected (self->rows[i].kind) == KIND_FRIEND;
      g_autofree char *seat = self->seats[i].computer
                              ? g_strdup_printf ("c%d", self->seats[i].level)
                              : g_strdup (friend ? "f" : "h");
      g_strv_builder_add (builder, seat);
    }
  return g_strv_builder_end (builder);
}

/* OPTIONS_KEY with this game's options as chosen, the other games' as they were. */
static GVariant *
options_with_choices (TrioNewGameDialog *self,
                      GSettings         *settings)
{
  g_autoptr (GVariant) old = g_settings_get_value (settings, OPTIONS_KEY);
  g_autoptr (GHashTable) chosen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                         NULL);
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key, *value;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  for (guint i = 0; i < self->option_rows->len; i++)
    {
      const OptionRow *row = &g_array_index (self->option_rows, OptionRow, i);
      char *k = option_key (self, row->spec);

      g_hash_table_add (chosen, k);
      g_variant_builder_add (&builder, "{ss}", k,
                             g_hash_table_lookup (self->options, row->spec->name));
    }
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_next (&iter, "{&s&s}", &key, &value))
    if (!g_hash_table_contains (chosen, key))
      g_variant_builder_add (&builder, "{ss}", key, value);
  return g_variant_builder_end (&builder);
}

static void
remember_choices (TrioNewGameDialog *self)
{
  GSettings *settings = trio_settings_get ();
  g_auto (GStrv) seats = seat_words (self);
  g_autofree char *key = NULL;

  if (settings == NULL)
    return;
  if ((key = seats_key (self, settings)) != NULL)
    g_settings_set_strv (settings, key, (const char *const *) seats);
  g_settings_set_string (settings, "last-game", self->game_id);
  g_settings_set_value (settings, OPTIONS_KEY, options_with_choices (self, settings));
}

/* Presets the option rows with the choices of the last game of this kind. */
static void
recall_options (TrioNewGameDialog *self,
                GSettings         *settings)
{
  g_autoptr (GVariant) remembered = g_settings_get_value (settings, OPTIONS_KEY);

  for (guint i = 0; i < self->option_rows->len; i++)
    {
      const OptionRow *row = &g_array_index (self->option_rows, OptionRow, i);
      g_autofree char *key = option_key (self, row->spec);
      const char *value;

      if (g_variant_lookup (remembered, key, "&s", &value)
          && !row_set_value (self, row, value))
        g_debug ("new game: the remembered %s=%s is not a value of the option", key, value);
    }
}

/* Presets the dialog with the choices of the last game of this kind. */
static void
recall_choices (TrioNewGameDialog *self)
{
  GSettings *settings = trio_settings_get ();
  g_autofree char *key = NULL;
  g_auto (GStrv) seats = NULL;

  if (settings == NULL)
    return;
  recall_options (self, settings);
  if ((key = seats_key (self, settings)) == NULL)
    return;
  seats = g_settings_get_strv (settings, key);
  for (guint i = 0; i < self->n_rows && seats[i] != NULL; i++)
    {
      gboolean computer = seats[i][0] == 'c';

      gtk_drop_down_set_selected (self->rows[i].kind, computer ? KIND_COMPUTER
                                                      : seats[i][0] == 'f' ? KIND_FRIEND
                                                      : KIND_HUMAN);
      /* "c7", the perfect level, is Expert while its table is missing. */
      if (computer && seats[i][1] >= '1' && seats[i][1] <= '7')
        trio_level_choice_set_level (self->rows[i].level, seats[i][1] - '0');
    }
}

/* "board=pax first=1", the options in the order of their names, for the debug log. */
static char *
options_text (TrioNewGameDialog *self)
{
  g_autoptr (GList) names = g_list_sort (g_hash_table_get_keys (self->options),
                                         (GCompareFunc) strcmp);
  GString *text = g_string_new (NULL);

  for (GList *l = names; l != NULL; l = l->next)
    g_string_append_printf (text, "%s%s=%s", text->len > 0 ? " " : "", (const char *) l->data,
                            (const char *) g_hash_table_lookup (self->options, l->data));
  return g_string_free (text, FALSE);
}

static void
start_clicked (TrioNewGameDialog *self)
{
  g_auto (GStrv) seats = NULL;
  g_autofree char *text = NULL;
  g_autofree char *options = NULL;

  collect (self);
  seats = seat_words (self);
  text = g_strjoinv (",", seats);
  options = options_text (self);
  /* With G_MESSAGES_DEBUG=Trio: the GUI test reads the levels and options chosen. */
  g_debug ("new game of %s, seats %s, options %s", self->game_id, text, options);
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
  g_array_unref (self->option_rows);
  g_string_free (self->mnemonics, TRUE);
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
  self->option_rows = g_array_new (FALSE, FALSE, sizeof (OptionRow));
  self->mnemonics = g_string_new (NULL);
  self->local_seat = -1;
}

static GtkWidget *
build_header (TrioNewGameDialog *self)
{
  GtkWidget *header = gtk_header_bar_new ();
  const char *cancel_label = _("_Cancel");
  const char *start_label = _("_Start");
  GtkWidget *cancel = gtk_button_new_with_mnemonic (cancel_label);
  GtkWidget *start = gtk_button_new_with_mnemonic (start_label);

  self->start = start;

  take_mnemonic (self, cancel_label);
  take_mnemonic (self, start_label);
  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (header), FALSE);
  gtk_widget_add_css_class (start, "suggested-action");
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), self);
  g_signal_connect_swapped (start, "clicked", G_CALLBACK (start_clicked), self);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), cancel);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), start);
  gtk_window_set_default_widget (GTK_WINDOW (self), start);
  return header;
}

/* The perfect level's table (a new reference) if it is the game's. */
static TrioPerfectTable *
perfect_table_for (TrioPerfectTable *table,
                   const TrioGame   *game)
{
  if (game->max_level < BG_LEVEL_PERFECT || table == NULL
      || trio_perfect_table_get_game (table) != game)
    return NULL;
  return g_object_ref (table);
}

static GtkWidget *
build_content (TrioNewGameDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *seats_title = gtk_label_new (_("Players"));

  self->seats_title = GTK_LABEL (seats_title);
  self->seats_header = GTK_BOX (gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12));
  gtk_box_append (self->seats_header, seats_title);

  self->options_grid = GTK_GRID (gtk_grid_new ());
  self->seats_grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (self->options_grid, 6);
  gtk_grid_set_column_spacing (self->options_grid, 12);
  gtk_grid_set_row_spacing (self->seats_grid, 6);
  gtk_grid_set_column_spacing (self->seats_grid, 6);
  gtk_widget_add_css_class (seats_title, "heading");
  gtk_label_set_xalign (GTK_LABEL (seats_title), 0);
  gtk_widget_set_margin_start (box, self->narrow ? 12 : 24);
  gtk_widget_set_margin_end (box, self->narrow ? 12 : 24);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->options_grid));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->seats_header));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->seats_grid));
  self->seats_note = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->seats_note, TRUE);
  gtk_label_set_xalign (self->seats_note, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->seats_note), "dim-label");
  gtk_widget_set_visible (GTK_WIDGET (self->seats_note), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->seats_note));
  if (self->perfect_table != NULL)
    gtk_box_append (GTK_BOX (box), trio_perfect_section_new (self->perfect_table));
  return box;
}

/* The dialog keeps one width whatever its lists show and however many seats it has: the
 * width asked of its content, which a scrolled window gives as its natural width (the
 * content's least). Over a narrow window (a phone's) it takes the window's width, without
 * the seats' captions (the entries' placeholders name the seats), and scrolls when short. */
#define DIALOG_WIDTH 540
#define NARROW_PARENT 600

static GtkWidget *
fit_content (TrioNewGameDialog *self,
             GtkWindow         *parent,
             GtkWidget         *content)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  int width = parent != NULL ? gtk_widget_get_width (GTK_WIDGET (parent)) : 0;

  gtk_widget_set_size_request (content, self->narrow ? MIN (DIALOG_WIDTH, width) - 24
                                                     : DIALOG_WIDTH - 48, -1);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), content);
  return scrolled;
}

TrioNewGameDialog *
trio_new_game_dialog_new (GtkWindow        *parent,
                          const char       *game_id,
                          TrioPerfectTable *table)
{
  TrioNewGameDialog *self;

  g_return_val_if_fail (trio_game_lookup (game_id) != NULL, NULL);
  g_return_val_if_fail (bg_rules_lookup (game_id) != NULL, NULL);

  self = g_object_new (TRIO_TYPE_NEW_GAME_DIALOG, "modal", TRUE, "transient-for", parent,
                       "resizable", FALSE, NULL);
  self->game_id = g_strdup (game_id);
  self->game = trio_game_lookup (game_id);
  self->rules = bg_rules_lookup (game_id);
  self->perfect_table = perfect_table_for (table, self->game);
  gtk_window_set_titlebar (GTK_WINDOW (self), build_header (self));
  self->narrow = parent != NULL && gtk_widget_get_width (GTK_WIDGET (parent)) > 0
                 && gtk_widget_get_width (GTK_WIDGET (parent)) < NARROW_PARENT;
  gtk_window_set_child (GTK_WINDOW (self), fit_content (self, parent, build_content (self)));
  build_options (self);
  set_seat_count (self, self->players != NULL
                        ? (guint) gtk_spin_button_get_value_as_int (self->players)
                        : self->rules->max_players);
  recall_choices (self);
  check_seats (self);
  update_title (self);
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

int
trio_new_game_dialog_get_local_seat (TrioNewGameDialog *self)
{
  return self->local_seat;
}

const TrioSeat *
trio_new_game_dialog_get_seats (TrioNewGameDialog *self,
                                guint             *n_seats)
{
  *n_seats = self->n_rows;
  return self->seats;
}
