/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-perfect-section.c: the new-game dialog's part about the perfect level's table */

#include "trio-perfect-section.h"

#include <glib/gi18n.h>

struct _TrioPerfectSection
{
  GtkBox parent_instance;

  TrioPerfectTable *table;
  GtkLabel *about;           /* what the perfect level needs (its game's solved table) */
  GtkLabel *status;          /* loading, ready, failed, or a checkpoint to go on from */
  GtkWidget *compute;
  GtkWidget *progress_row;
  GtkProgressBar *progress;
  GtkWidget *cancel;
  gboolean stopping;         /* Cancel was pressed: the worker is stopping */
};

G_DEFINE_FINAL_TYPE (TrioPerfectSection, trio_perfect_section, GTK_TYPE_BOX)

static void
update_progress (TrioPerfectSection *self)
{
  const char *stage = trio_perfect_table_get_stage (self->table);
  double fraction = trio_perfect_table_get_fraction (self->table);
  g_autofree char *text = NULL;

  if (self->stopping)
    text = g_strdup (_("Stopping; the work done is kept…"));
  else
    /* Translators: the computation's stage and progress: "Writing the table — 97 %" */
    text = g_strdup_printf (_("%s — %d %%"), stage ? stage : "", (int) (fraction * 100));
  gtk_progress_bar_set_fraction (self->progress, fraction);
  gtk_progress_bar_set_text (self->progress, text);
}

/* The status line for a state, or NULL for none. */
static const char *
status_text (TrioPerfectSection    *self,
             TrioPerfectTableState state)
{
  switch (state)
    {
    case TRIO_PERFECT_TABLE_MISSING:
      return trio_perfect_table_get_resumable (self->table)
             ? _("A computation was interrupted: Compute goes on from where it stopped.")
             : NULL;
    case TRIO_PERFECT_TABLE_LOADING:
      return _("Opening the table…");
    case TRIO_PERFECT_TABLE_READY:
      return _("The table is ready: Perfect can be chosen as a computer level.");
    case TRIO_PERFECT_TABLE_FAILED:
      return trio_perfect_table_get_error_message (self->table);
    case TRIO_PERFECT_TABLE_COMPUTING:
    default:
      return NULL;
    }
}

static void
update_state (TrioPerfectSection *self)
{
  TrioPerfectTableState state = trio_perfect_table_get_state (self->table);
  gboolean computing = state == TRIO_PERFECT_TABLE_COMPUTING;
  gboolean can_compute = state == TRIO_PERFECT_TABLE_MISSING
                         || state == TRIO_PERFECT_TABLE_FAILED;
  const char *status = status_text (self, state);
  /* Keep the keyboard focus on the button that takes the place of the one pressed. */
  gboolean refocus = gtk_widget_has_focus (self->compute) || gtk_widget_has_focus (self->cancel);

  if (!computing)
    self->stopping = FALSE;
  gtk_label_set_text (self->status, status ? status : "");
  gtk_widget_set_visible (GTK_WIDGET (self->status), status != NULL);
  gtk_widget_set_visible (self->compute, can_compute);
  gtk_widget_set_visible (self->progress_row, computing);
  if (computing)
    update_progress (self);
  if (refocus && computing)
    gtk_widget_grab_focus (self->cancel);
  else if (refocus && can_compute)
    gtk_widget_grab_focus (self->compute);
}

static void
compute_clicked (TrioPerfectSection *self)
{
  trio_perfect_table_compute (self->table);
}

static void
cancel_clicked (TrioPerfectSection *self)
{
  self->stopping = TRUE;
  update_progress (self);
  trio_perfect_table_cancel (self->table);
}

static void
trio_perfect_section_dispose (GObject *object)
{
  TrioPerfectSection *self = TRIO_PERFECT_SECTION (object);

  if (self->table != NULL)
    g_signal_handlers_disconnect_by_data (self->table, self);
  g_clear_object (&self->table);
  G_OBJECT_CLASS (trio_perfect_section_parent_class)->dispose (object);
}

static void
trio_perfect_section_class_init (TrioPerfectSectionClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = trio_perfect_section_dispose;
}

static GtkWidget *
wrapped_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 50);
  gtk_label_set_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  return label;
}

static void
trio_perfect_section_init (TrioPerfectSection *self)
{
  GtkWidget *title = gtk_label_new (_("Perfect Level"));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  self->about = GTK_LABEL (wrapped_label (NULL));
  self->status = GTK_LABEL (wrapped_label (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->status), "dim-label");
  self->compute = gtk_button_new_with_mnemonic (_("C_ompute"));
  gtk_widget_set_halign (self->compute, GTK_ALIGN_START);
  g_signal_connect_swapped (self->compute, "clicked", G_CALLBACK (compute_clicked), self);

  self->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (self->progress, TRUE);
  gtk_progress_bar_set_ellipsize (self->progress, PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (GTK_WIDGET (self->progress), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->progress), GTK_ALIGN_CENTER);
  self->cancel = gtk_button_new_with_mnemonic (_("Stop Computi_ng"));
  g_signal_connect_swapped (self->cancel, "clicked", G_CALLBACK (cancel_clicked), self);
  self->progress_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_append (GTK_BOX (self->progress_row), GTK_WIDGET (self->progress));
  gtk_box_append (GTK_BOX (self->progress_row), self->cancel);

  gtk_box_append (GTK_BOX (self), title);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->about));
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->status));
  gtk_box_append (GTK_BOX (self), self->compute);
  gtk_box_append (GTK_BOX (self), self->progress_row);
}

GtkWidget *
trio_perfect_section_new (TrioPerfectTable *table)
{
  TrioPerfectSection *self = g_object_new (TRIO_TYPE_PERFECT_SECTION, NULL);

  self->table = g_object_ref (table);
  gtk_label_set_text (self->about,
                      _(trio_perfect_table_get_game (table)->solved_table->about));
  g_signal_connect_swapped (table, "notify::state", G_CALLBACK (update_state), self);
  g_signal_connect_swapped (table, "notify::resumable", G_CALLBACK (update_state), self);
  g_signal_connect_swapped (table, "notify::stage", G_CALLBACK (update_progress), self);
  g_signal_connect_swapped (table, "notify::fraction", G_CALLBACK (update_progress), self);
  update_state (self);
  return GTK_WIDGET (self);
}
