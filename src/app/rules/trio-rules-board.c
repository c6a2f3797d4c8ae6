/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-rules-board.c: a game's empty board with the name of every point, for the rules
 *
 * The rules pages once drew their boards in ASCII; the board is drawn here by the game's own
 * renderer, from the same picture as in play, and each point carries its name in a small
 * tag beside it.
 */

#include "trio-rules-board.h"

#include "board/trio-board-renderer.h"

#include <glib/gi18n.h>

#define BOARD_SIZE 340

typedef struct
{
  const TrioGame *tgame;
  BgGame *game;
  gpointer renderer_data;
} RulesBoard;

static void
rules_board_free (gpointer data)
{
  RulesBoard *b = data;

  if (b->renderer_data != NULL)
    b->tgame->renderer->destroy (b->renderer_data);
  g_clear_pointer (&b->game, bg_game_free);
  g_free (b);
}

/* A point's name in a pale tag above and to the right of the point, clear of its ring. */
static void
draw_name (cairo_t     *cr,
           PangoLayout *layout,
           const char  *name,
           double       x,
           double       y,
           double       gap)
{
  PangoRectangle ink, logical;
  double pad = gap * 0.45, w, h, left, top;

  pango_layout_set_text (layout, name, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  w = logical.width + 2 * pad;
  h = ink.height + 2 * pad;
  left = x + gap;
  top = y - gap - h;
  cairo_new_sub_path (cr);
  cairo_arc (cr, left + w - pad, top + pad, pad, -G_PI / 2, 0);
  cairo_arc (cr, left + w - pad, top + h - pad, pad, 0, G_PI / 2);
  cairo_arc (cr, left + pad, top + h - pad, pad, G_PI / 2, G_PI);
  cairo_arc (cr, left + pad, top + pad, pad, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 1.0, 0.98, 0.93, 0.92);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.24, 0.18, 0.12, 0.6);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, 0.18, 0.13, 0.08);
  cairo_move_to (cr, left + pad, top + pad - ink.y);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_rules_board (GtkDrawingArea *area,
                  cairo_t        *cr,
                  int             width,
                  int             height,
                  gpointer        data)
{
  RulesBoard *b = data;
  const TrioBoardRenderer *renderer = b->tgame->renderer;
  const BgRules *rules = bg_game_get_rules (b->game);
  TrioBoardState state = {
    .game = b->game, .cursor = -1, .last_move = BG_MOVE_NONE, .hint = BG_MOVE_NONE,
    .position = bg_game_get_position (b->game), .drag_location = -1,
  };
  g_autoptr (PangoLayout) layout = pango_cairo_create_layout (cr);
  g_autoptr (PangoFontDescription) font = pango_font_description_from_string ("Sans Bold");
  double side = MIN (width, height);

  renderer->draw_board (b->renderer_data, cr, width, height);
  renderer->draw (b->renderer_data, cr, width, height, &state);
  pango_font_description_set_absolute_size (font, side * 0.032 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  for (guint i = 0; i < rules->n_locations; i++)
    {
      char name[16];
      double x, y;

      rules->location_name (i, name, sizeof name);
      renderer->location_center (b->renderer_data, width, height, i, &x, &y);
      draw_name (cr, layout, name, x, y, side * 0.012);
    }
}

GtkWidget *
trio_rules_board_new (const TrioGame *tgame)
{
  g_autoptr (BgGame) game = NULL;
  GtkWidget *area;
  RulesBoard *b;
  gpointer renderer_data;
  g_autofree char *label = NULL;

  if (tgame->renderer == NULL || (game = bg_game_new (tgame->id, NULL, NULL)) == NULL
      || bg_game_get_rules (game)->location_name == NULL)
    return NULL;
  renderer_data = trio_game_create_board (tgame, game, NULL);
  if (renderer_data == NULL)
    return NULL;
  b = g_new0 (RulesBoard, 1);
  b->tgame = tgame;
  b->game = g_steal_pointer (&game);
  b->renderer_data = renderer_data;
  area = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), BOARD_SIZE);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), BOARD_SIZE);
  gtk_widget_set_halign (area, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_rules_board, b,
                                  rules_board_free);
  /* Translators: %s is the game's name */
  label = g_strdup_printf (_("The board of %s, with the name of each point"),
                           trio_game_get_name (tgame, NULL));
  gtk_accessible_update_property (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  return area;
}
