/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-chooser.c: the first screen: the four games, each with a picture of its board */

#include "trio-game-chooser.h"

#include <glib/gi18n.h>

#include "board/trio-board-renderer.h"
#include "games/trio-game.h"
#include "widgets/trio-wrap-box.h"

struct _TrioGameChooser
{
  GtkWidget parent_instance;
  GtkWidget *box;
  GtkWidget *back;
  GtkWidget *first_card;
};

G_DEFINE_FINAL_TYPE (TrioGameChooser, trio_game_chooser, GTK_TYPE_WIDGET)

enum
{
  GAME_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A board's picture: the start position (or the game's sample) drawn by the game's own
 * renderer, or by its own picture function; kept at the size last drawn, so that coming
 * back to the chooser draws no board again (four SVG boards took a third of a second on a
 * busy machine). */
typedef struct
{
  const TrioGame *tgame;
  BgGame *game;
  gpointer renderer_data;
  cairo_surface_t *picture;
  int width, height, scale;
} Thumbnail;

static void
thumbnail_free (gpointer data)
{
  Thumbnail *t = data;

  if (t->renderer_data != NULL)
    t->tgame->renderer->destroy (t->renderer_data);
  g_clear_pointer (&t->game, bg_game_free);
  g_clear_pointer (&t->picture, cairo_surface_destroy);
  g_free (t);
}

static void
draw_picture (Thumbnail *t,
              cairo_t   *cr,
              int        width,
              int        height)
{
  if (t->renderer_data != NULL)
    {
      TrioBoardState state = {
        .game = t->game, .cursor = -1, .last_move = BG_MOVE_NONE, .hint = BG_MOVE_NONE,
        .position = bg_game_get_position (t->game), .drag_location = -1,
      };

      t->tgame->renderer->draw_board (t->renderer_data, cr, width, height);
      t->tgame->renderer->draw (t->renderer_data, cr, width, height, &state);
    }
  else if (t->game != NULL && t->tgame->draw_picture != NULL)
    t->tgame->draw_picture (t->game, cr, width, height);
}

static void
draw_thumbnail (GtkDrawingArea *area,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        data)
{
  Thumbnail *t = data;
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (area));

  if (t->picture == NULL || t->width != width || t->height != height || t->scale != scale)
    {
      cairo_t *picture_cr;

      g_clear_pointer (&t->picture, cairo_surface_destroy);
      t->picture = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale,
                                               height * scale);
      cairo_surface_set_device_scale (t->picture, scale, scale);
      picture_cr = cairo_create (t->picture);
      draw_picture (t, picture_cr, width, height);
      cairo_destroy (picture_cr);
      t->width = width;
      t->height = height;
      t->scale = scale;
    }
  cairo_set_source_surface (cr, t->picture, 0, 0);
  cairo_paint (cr);
}

/* The picture's area: square, 200 pixels wide when there is room, down to 120 (the cards
 * of a narrow window). */
#define TRIO_TYPE_THUMBNAIL_AREA (trio_thumbnail_area_get_type ())
G_DECLARE_FINAL_TYPE (TrioThumbnailArea, trio_thumbnail_area, TRIO, THUMBNAIL_AREA,
                      GtkDrawingArea)

struct _TrioThumbnailArea
{
  GtkDrawingArea parent_instance;
};

G_DEFINE_FINAL_TYPE (TrioThumbnailArea, trio_thumbnail_area, GTK_TYPE_DRAWING_AREA)

static GtkSizeRequestMode
trio_thumbnail_area_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
trio_thumbnail_area_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  *minimum = 120;
  *natural = orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0
             ? CLAMP (for_size, 120, 200) : 200;
}

static void
trio_thumbnail_area_class_init (TrioThumbnailAreaClass *klass)
{
  GTK_WIDGET_CLASS (klass)->get_request_mode = trio_thumbnail_area_get_request_mode;
  GTK_WIDGET_CLASS (klass)->measure = trio_thumbnail_area_measure;
}

static void
trio_thumbnail_area_init (TrioThumbnailArea *self)
{
}

static GtkWidget *
make_thumbnail (const TrioGame *tgame)
{
  GtkWidget *area = g_object_new (TRIO_TYPE_THUMBNAIL_AREA, NULL);
  Thumbnail *t = g_new0 (Thumbnail, 1);

  t->tgame = tgame;
  t->game = tgame->sample_game != NULL ? tgame->sample_game ()
                                       : bg_game_new (tgame->id, NULL, NULL);
  if (t->game != NULL && tgame->renderer != NULL)
    t->renderer_data = trio_game_create_board (tgame, t->game, NULL);
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
           const TrioGame  *tgame)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (trio_game_get_name (tgame, NULL));
  GtkWidget *blurb = gtk_label_new (trio_game_get_blurb (tgame));

  gtk_widget_add_css_class (button, "game-card");
  gtk_widget_add_css_class (title, "title-2");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_justify (GTK_LABEL (title), GTK_JUSTIFY_CENTER);
  gtk_label_set_wrap (GTK_LABEL (blurb), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (blurb), 28);
  gtk_label_set_justify (GTK_LABEL (blurb), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (blurb, "dim-label");
  gtk_box_append (GTK_BOX (box), make_thumbnail (tgame));
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), blurb);
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  trio_game_get_name (tgame, NULL),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  trio_game_get_blurb (tgame), -1);
  g_object_set_data (G_OBJECT (button), "trio-game-id", (gpointer) tgame->id);
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
  /* Cards of one width, in one row, two rows of two or one column, as the width allows. */
  GtkWidget *cards = trio_wrap_box_new (18, TRUE, GTK_ALIGN_CENTER);
  const TrioGame *const *games = trio_game_list ();
  GtkWidget *join;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  gtk_widget_set_halign (self->box, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (self->box, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (self->box, 24);
  gtk_widget_set_margin_bottom (self->box, 24);
  gtk_widget_set_margin_start (self->box, 24);
  gtk_widget_set_margin_end (self->box, 24);
  /* The game left for this screen stays until another starts (Escape goes back too): the
   * way back comes first, in sight in a narrow window too. */
  self->back = gtk_button_new_with_mnemonic (_("_Back to the Game in Progress"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->back), "win.back-to-game");
  gtk_widget_set_halign (self->back, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->back, "suggested-action");
  gtk_widget_set_visible (self->back, FALSE);
  gtk_box_append (GTK_BOX (self->box), self->back);
  gtk_widget_add_css_class (heading, "title-1");
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_label_set_justify (GTK_LABEL (heading), GTK_JUSTIFY_CENTER);
  for (int i = 0; games[i] != NULL; i++)
    {
      GtkWidget *card = make_card (self, games[i]);

      if (self->first_card == NULL)
        self->first_card = card;
      trio_wrap_box_append (TRIO_WRAP_BOX (cards), card);
    }
  gtk_box_append (GTK_BOX (self->box), heading);
  gtk_box_append (GTK_BOX (self->box), cards);
  /* Translators: a friend's game, from the invite link they sent */
  join = gtk_button_new_with_mnemonic (_("_Join a Friend’s Game…"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (join), "win.join");
  gtk_widget_add_css_class (join, "pill");
  gtk_widget_set_halign (join, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self->box), join);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}

GtkWidget *
trio_game_chooser_new (void)
{
  return g_object_new (TRIO_TYPE_GAME_CHOOSER, NULL);
}

void
trio_game_chooser_focus_first (TrioGameChooser *self)
{
  gtk_widget_grab_focus (self->first_card);
}

void
trio_game_chooser_set_can_go_back (TrioGameChooser *self,
                                   gboolean         can_go_back)
{
  gtk_widget_set_visible (self->back, can_go_back);
}
