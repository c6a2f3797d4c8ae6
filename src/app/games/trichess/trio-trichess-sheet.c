/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-trichess-sheet.c: the TRICHESS points-lost sheet and the non-aggression cards
 *
 * Everything shown is read from the engine: the points each player has lost
 * (bg_trichess_get_points_lost) decide the cards. The rule itself (docs/rules.md): if A
 * has lost at least 3 points more than B, B may not capture in A's camp unless the
 * capture checks A. The sheet only shows it; the engine enforces it.
 */

#include "trio-trichess-sheet.h"

#include <glib/gi18n.h>

#include "trichess/bg-trichess.h"
#include "games/trio-game.h"
#include "games/trio-game-view.h"

#define N_PLAYERS 3
#define PROTECTION_MARGIN 3   /* docs/rules.md: "at least 3 points more" */

struct _TrioTrichessSheet
{
  GtkWidget     parent_instance;

  const BgGame *game;
  GtkWidget    *box;
  GtkWidget    *names[N_PLAYERS];
  GtkWidget    *points[N_PLAYERS];
  GtkWidget    *cards_box;
};

static void trio_trichess_sheet_game_view_init (TrioGameViewInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TrioTrichessSheet, trio_trichess_sheet, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (TRIO_TYPE_GAME_VIEW,
                                                      trio_trichess_sheet_game_view_init))

static void trio_trichess_sheet_update (TrioTrichessSheet *self);

/* The colours of the pieces on the board (trio-render-trichess.c). */
static const GdkRGBA swatch_fill[N_PLAYERS] = {
  { 0.99, 0.96, 0.87, 1 },
  { 0.78, 0.08, 0.19, 1 },
  { 0.10, 0.10, 0.10, 1 },
};

static void
draw_swatch (GtkDrawingArea *area G_GNUC_UNUSED,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  int player = GPOINTER_TO_INT (data);
  double r = MIN (width, height) / 2.0 - 2.5;

  cairo_arc (cr, width / 2.0, height / 2.0, r, 0, 2 * G_PI);
  gdk_cairo_set_source_rgba (cr, &swatch_fill[player]);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  /* A light ring round the dark outline, as round the board's badges: Black's swatch stays
   * seen in the dark theme. */
  cairo_arc (cr, width / 2.0, height / 2.0, r + 1.5, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0.95, 0.91, 0.82, 0.9);
  cairo_set_line_width (cr, 1.2);
  cairo_stroke (cr);
}

static GtkWidget *
heading_new (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

static void
trio_trichess_sheet_dispose (GObject *object)
{
  TrioTrichessSheet *self = TRIO_TRICHESS_SHEET (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  self->game = NULL;
  G_OBJECT_CLASS (trio_trichess_sheet_parent_class)->dispose (object);
}

static void
trio_trichess_sheet_class_init (TrioTrichessSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = trio_trichess_sheet_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "trio-trichess-sheet");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
trio_trichess_sheet_init (TrioTrichessSheet *self)
{
  GtkWidget *grid, *label;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  gtk_box_append (GTK_BOX (self->box), heading_new (_("Points Lost")));

  grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 8);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  for (int p = 0; p < N_PLAYERS; p++)
    {
      GtkWidget *swatch = gtk_drawing_area_new ();
      /* The colours' names, which are the seats' (from the rule set). */
      g_autofree char *name = trio_game_dup_seat_name (&trio_game_trichess, p);

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 16);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 16);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch,
                                      GINT_TO_POINTER (p), NULL);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_grid_attach (GTK_GRID (grid), swatch, 0, p, 1, 1);

      self->names[p] = gtk_label_new (name);
      gtk_label_set_xalign (GTK_LABEL (self->names[p]), 0);
      gtk_widget_set_hexpand (self->names[p], TRUE);
      gtk_grid_attach (GTK_GRID (grid), self->names[p], 1, p, 1, 1);

      self->points[p] = gtk_label_new ("0");
      gtk_label_set_xalign (GTK_LABEL (self->points[p]), 1);
      gtk_widget_add_css_class (self->points[p], "numeric");
      gtk_grid_attach (GTK_GRID (grid), self->points[p], 2, p, 1, 1);
    }
  gtk_box_append (GTK_BOX (self->box), grid);

  label = heading_new (_("Non-Aggression Cards"));
  gtk_widget_set_margin_top (label, 12);
  gtk_box_append (GTK_BOX (self->box), label);

  self->cards_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (self->box), self->cards_box);

  trio_trichess_sheet_update (self);
}

GtkWidget *
trio_trichess_sheet_new (void)
{
  return g_object_new (TRIO_TYPE_TRICHESS_SHEET, NULL);
}

static void
trio_trichess_sheet_set_game (TrioGameView *view,
                              const BgGame *game)
{
  TrioTrichessSheet *self = TRIO_TRICHESS_SHEET (view);

  self->game = game;
  trio_trichess_sheet_update (self);
}

static void
trio_trichess_sheet_game_view_update (TrioGameView *view)
{
  trio_trichess_sheet_update (TRIO_TRICHESS_SHEET (view));
}

static void
trio_trichess_sheet_game_view_init (TrioGameViewInterface *iface)
{
  iface->set_game = trio_trichess_sheet_set_game;
  iface->update = trio_trichess_sheet_game_view_update;
}

/* A card: who may not capture where, and the points behind it. */
static GtkWidget *
card_new (int protected_player,
          int restricted_player,
          int lost_protected,
          int lost_restricted)
{
  /* [restricted][protected]: whole sentences, for the translators. */
  static const char *const texts[N_PLAYERS][N_PLAYERS] = {
    { NULL,
      N_("White may not capture in Red’s camp (except to check)"),
      N_("White may not capture in Black’s camp (except to check)") },
    { N_("Red may not capture in White’s camp (except to check)"),
      NULL,
      N_("Red may not capture in Black’s camp (except to check)") },
    { N_("Black may not capture in White’s camp (except to check)"),
      N_("Black may not capture in Red’s camp (except to check)"),
      NULL },
  };
  GtkWidget *frame, *box, *label, *detail;
  g_autofree char *why = NULL;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);

  label = gtk_label_new (_(texts[restricted_player][protected_player]));
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 28);
  gtk_box_append (GTK_BOX (box), label);

  /* TRANSLATORS: the points lost by the protected player and by the other one */
  why = g_strdup_printf (_("Points lost: %d against %d"), lost_protected, lost_restricted);
  detail = gtk_label_new (why);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_add_css_class (detail, "caption");
  gtk_box_append (GTK_BOX (box), detail);

  frame = gtk_frame_new (NULL);
  gtk_frame_set_child (GTK_FRAME (frame), box);
  return frame;
}

static void
trio_trichess_sheet_update (TrioTrichessSheet *self)
{
  const void *pos = NULL;
  int lost[N_PLAYERS] = { 0 }, to_move = -1;
  GtkWidget *child;
  guint n_cards = 0;

  /* Its game's file gives the sheet only games of TRICHESS. */
  if (self->game != NULL)
    {
      pos = bg_game_get_position (self->game);
      to_move = bg_game_is_over (self->game) ? -1 : bg_game_get_player_to_move (self->game);
      for (int p = 0; p < N_PLAYERS; p++)
        lost[p] = bg_trichess_get_points_lost (pos, p);
    }

  for (int p = 0; p < N_PLAYERS; p++)
    {
      g_autofree char *text = g_strdup_printf ("%d", lost[p]);

      gtk_label_set_text (GTK_LABEL (self->points[p]), text);
      /* The player to move stands out, as on a paper sheet one keeps a finger on. */
      if (p == to_move)
        gtk_widget_add_css_class (self->names[p], "heading");
      else
        gtk_widget_remove_css_class (self->names[p], "heading");
    }

  while ((child = gtk_widget_get_first_child (self->cards_box)) != NULL)
    gtk_box_remove (GTK_BOX (self->cards_box), child);

  if (pos != NULL)
    for (int a = 0; a < N_PLAYERS; a++)
      for (int b = 0; b < N_PLAYERS; b++)
        if (a != b && lost[a] - lost[b] >= PROTECTION_MARGIN)
          {
            gtk_box_append (GTK_BOX (self->cards_box), card_new (a, b, lost[a], lost[b]));
            n_cards++;
          }

  if (n_cards == 0)
    {
      GtkWidget *none = gtk_label_new (_("None: every capture is allowed"));

      gtk_label_set_xalign (GTK_LABEL (none), 0);
      gtk_label_set_wrap (GTK_LABEL (none), TRUE);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_box_append (GTK_BOX (self->cards_box), none);
    }
}
