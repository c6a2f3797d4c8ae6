/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-chooser.c: the first screen: the four games, each with a picture of its board */

#include "trio-game-chooser.h"

#include <glib/gi18n.h>

#include "bg-search.h"
#include "trio-board-renderer.h"
#include "trio-triomino-render.h"
#include "trio-status.h"

struct _TrioGameChooser
{
  GtkWidget parent_instance;
  GtkWidget *box;
};

G_DEFINE_FINAL_TYPE (TrioGameChooser, trio_game_chooser, GTK_TYPE_WIDGET)

enum
{
  GAME_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const game_ids[] = { "triple-alliance", "marelle", "triomino", "trichess" };

/* A board's picture: the start position drawn by the game's own renderer. */
typedef struct
{
  BgGame *game;
  const TrioBoardRenderer *renderer;
  gpointer renderer_data;
  RsvgHandle *svg;
} Thumbnail;

static void
thumbnail_free (gpointer data)
{
  Thumbnail *t = data;

  if (t->renderer_data != NULL)
    t->renderer->destroy (t->renderer_data);
  g_clear_object (&t->svg);
  bg_game_free (t->game);
  g_free (t);
}

/* Triomino has no fixed board: its picture is a few tiles of a seeded game on the felt. */
static void
draw_triomino_table (Thumbnail *t,
                     cairo_t   *cr,
                     int        width,
                     int        height)
{
  BgTriominoPlaced placed[56];
  guint n = bg_triomino_get_placed (bg_game_get_position (t->game), placed);
  TrioTriGeometry geom;
  RsvgRectangle viewport = { 0, 0, width, height };

  if (t->svg != NULL)
    rsvg_handle_render_document (t->svg, cr, &viewport, NULL);
  trio_tri_geometry_fit_placed (&geom, width, height, placed, n, width / 4.0);
  for (guint i = 0; i < n; i++)
    {
      double pts[3][2];

      trio_tri_triangle_points (&geom, placed[i].row, placed[i].col, pts);
      trio_tri_draw_tile (cr, pts, placed[i].values, TRIO_TILE_NORMAL);
    }
}

static BgGame *
sample_triomino_game (void)
{
  g_autoptr (GHashTable) options = bg_options_new ();
  g_autoptr (BgSearch) search = bg_search_new_with_table (10);
  BgGame *game;

  g_hash_table_insert (options, g_strdup ("players"), g_strdup ("2"));
  g_hash_table_insert (options, g_strdup ("seed"), g_strdup ("5"));
  game = bg_game_new ("triomino", options, NULL);
  /* The greedy player: instant, and the same table every time. */
  for (guint i = 0; game != NULL && i < 9 && !bg_game_is_over (game); i++)
    {
      BgSearchLimits limits;
      BgSearchResult result;

      bg_search_limits_for_level (2, &limits);
      if (!bg_search_run (search, game, &limits, &result)
          || !bg_game_play (game, result.move, NULL))
        break;
    }
  return game;
}

static void
draw_thumbnail (GtkDrawingArea *area,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        data)
{
  Thumbnail *t = data;

  if (t->renderer_data != NULL)
    {
      TrioBoardState state = {
        .game = t->game, .cursor = -1, .last_move = BG_MOVE_NONE, .hint = BG_MOVE_NONE,
        .position = bg_game_get_position (t->game), .drag_location = -1,
      };

      t->renderer->draw_board (t->renderer_data, cr, width, height);
      t->renderer->draw (t->renderer_data, cr, width, height, &state);
    }
  else if (t->game != NULL)
    draw_triomino_table (t, cr, width, height);
}

static GtkWidget *
make_thumbnail (const char *game_id)
{
  GtkWidget *area = gtk_drawing_area_new ();
  Thumbnail *t = g_new0 (Thumbnail, 1);

  t->game = g_str_equal (game_id, "triomino") ? sample_triomino_game ()
                                               : bg_game_new (game_id, NULL, NULL);
  t->renderer = trio_board_renderer_for_game (game_id);
  if (t->renderer != NULL && t->renderer->create != NULL)
    t->renderer_data = t->renderer->create (t->game, NULL);
  if (t->renderer_data == NULL)
    t->svg = trio_board_load_svg ("boards/triomino.svg", NULL);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 200);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 200);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_thumbnail, t, thumbnail_free);
  return area;
}

static void
card_clicked (GtkButton       *button,
              TrioGameChooser *self)
{
  g_signal_emit (self, signals[GAME_CHOSEN], 0,
                 g_object_get_data (G_OBJECT (button), "trio-game-id"));
}

static GtkWidget *
make_card (TrioGameChooser *self,
           const char      *game_id)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (trio_status_game_name (game_id));
  GtkWidget *blurb = gtk_label_new (trio_status_game_blurb (game_id));

  gtk_widget_add_css_class (button, "game-card");
  gtk_widget_add_css_class (title, "title-2");
  gtk_label_set_wrap (GTK_LABEL (blurb), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (blurb), 28);
  gtk_label_set_justify (GTK_LABEL (blurb), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (blurb, "dim-label");
  gtk_box_append (GTK_BOX (box), make_thumbnail (game_id));
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), blurb);
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  trio_status_game_name (game_id),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  trio_status_game_blurb (game_id), -1);
  g_object_set_data (G_OBJECT (button), "trio-game-id", (gpointer) game_id);
  g_signal_connect (button, "clicked", G_CALLBACK (card_clicked), self);
  return button;
}

static void
trio_game_chooser_dispose (GObject *object)
{
  TrioGameChooser *self = TRIO_GAME_CHOOSER (object);

  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (trio_game_chooser_parent_class)->dispose (object);
}

static void
trio_game_chooser_class_init (TrioGameChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = trio_game_chooser_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  signals[GAME_CHOSEN] = g_signal_new ("game-chosen", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
trio_game_chooser_init (TrioGameChooser *self)
{
  GtkWidget *heading = gtk_label_new (_("Choose a Game"));
  GtkWidget *grid = gtk_grid_new ();

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_halign (self->box, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (self->box, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (self->box, 24);
  gtk_widget_set_margin_bottom (self->box, 24);
  gtk_widget_add_css_class (heading, "title-1");
  gtk_grid_set_row_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  for (guint i = 0; i < G_N_ELEMENTS (game_ids); i++)
    gtk_grid_attach (GTK_GRID (grid), make_card (self, game_ids[i]), i % 4, i / 4, 1, 1);
  gtk_box_append (GTK_BOX (self->box), heading);
  gtk_box_append (GTK_BOX (self->box), grid);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}

GtkWidget *
trio_game_chooser_new (void)
{
  return g_object_new (TRIO_TYPE_GAME_CHOOSER, NULL);
}
