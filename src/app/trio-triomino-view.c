/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-view.c: the Triomino table, the hand of the player to move and its buttons
 *
 * The table shows the tiles placed this round on the baize of boards/triomino.svg; below
 * it, the hand of the player to move (face down while the view is not interactive) and the
 * Rotate, Draw and Pass buttons. The view knows no rule: every move it offers is one of
 * bg_game_get_legal_moves(), read through bg_game_describe_move().
 */

#include "trio-triomino-view.h"

#include <glib/gi18n.h>
#include <string.h>

#include "bg-triomino.h"
#include "trio-board-renderer.h"
#include "trio-game-view.h"
#include "trio-triomino-animation.h"
#include "trio-triomino-render.h"

#define TABLE_MAX_SIDE 96.0
#define HAND_MAX_SIDE 80.0

struct _TrioTriominoView
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkWidget *table;
  GtkWidget *caption;
  GtkWidget *hand_area;
  GtkWidget *rotate_button;
  GtkWidget *draw_button;
  GtkWidget *pass_button;

  const BgGame *game;
  gboolean      interactive;
  BgMove        hint;

  RsvgHandle      *felt;
  cairo_surface_t *felt_cache;

  GArray          *placements;            /* of TrioTriPlacement */
  BgMove           draw_move, pass_move;  /* or BG_MOVE_NONE when not legal */
  BgTriominoPlaced placed[BG_TRIOMINO_N_TILES];
  guint            n_placed;
  int              hand[BG_TRIOMINO_N_TILES];
  guint            n_hand;
  int              player;                /* to move, or -1 once the game is over */

  int      selected;                      /* a tile of the hand, or -1 */
  guint8   rotation[BG_TRIOMINO_N_TILES]; /* each tile's rotation, kept while in hand */
  gboolean has_cursor;
  gboolean pointer_cursor;                /* the cursor follows the pointer, not the keys */
  int      cursor_row, cursor_col;

  TrioTriGeometry geom;                   /* of the table as last drawn, for hit tests */
  TrioTriAnimation *animation;            /* the last move in motion, the seats' marks */
  guint64           start_key;            /* the game's first position */
};

static void trio_triomino_view_game_view_init (TrioGameViewInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TrioTriominoView, trio_triomino_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (TRIO_TYPE_GAME_VIEW,
                                                      trio_triomino_view_game_view_init))

/* Moves */

static char *
tile_name (int tile)
{
  int v[3];

  bg_triomino_tile_values (tile, v);
  return g_strdup_printf ("%d-%d-%d", v[0], v[1], v[2]);
}

static const TrioTriPlacement *
cursor_placement (TrioTriominoView *self)
{
  if (self->selected < 0 || !self->has_cursor)
    return NULL;
  return trio_tri_find_placement (self->placements, self->selected, self->cursor_row,
                                  self->cursor_col, self->rotation[self->selected]);
}

/* Updating the children */

static void
update_accessible (TrioTriominoView *self)
{
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;
  g_autoptr (GArray) cells = trio_tri_candidates (self->placements, self->selected);
  const TrioTriPlacement *p = cursor_placement (self);

  if (self->game == NULL || self->player < 0)
    {
      label = g_strdup (_("Triomino table"));
      description = g_strdup_printf (ngettext ("%u tile on the table", "%u tiles on the table",
                                               self->n_placed), self->n_placed);
    }
  else if (self->selected < 0)
    {
      label = g_strdup_printf (_("Triomino table, player %d to move"), self->player + 1);
      description = g_strdup_printf (ngettext ("%u tile in hand; Left and Right choose one",
                                               "%u tiles in hand; Left and Right choose one",
                                               self->n_hand), self->n_hand);
    }
  else
    {
      g_autofree char *name = tile_name (self->selected);
      BgTriominoScore score;

      if (p != NULL
          && bg_triomino_score_move (bg_game_get_position (self->game), p->move, &score))
        label = g_strdup_printf (_("Tile %s, on triangle %d,%d, scores %d"), name, p->row, p->col,
                                 score.total);
      else
        label = g_strdup_printf (_("Tile %s"), name);
      if (cells->len == 0)
        description = g_strdup (_("This tile fits nowhere"));
      else
        description = g_strdup_printf (ngettext ("It fits on %u triangle; Up and Down move the "
                                                 "cursor, Enter places it, R rotates it",
                                                 "It fits on %u triangles; Up and Down move the "
                                                 "cursor, Enter places it, R rotates it",
                                                 cells->len), cells->len);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->table),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
}

static void
set_suggested (GtkWidget *button,
               gboolean   suggested)
{
  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");
  else
    gtk_widget_remove_css_class (button, "suggested-action");
}

static void
update_controls (TrioTriominoView *self)
{
  g_autofree char *caption = NULL;

  gtk_widget_set_sensitive (self->rotate_button, self->interactive && self->selected >= 0);
  gtk_widget_set_sensitive (self->draw_button,
                            self->interactive && self->draw_move != BG_MOVE_NONE);
  gtk_widget_set_sensitive (self->pass_button,
                            self->interactive && self->pass_move != BG_MOVE_NONE);
  set_suggested (self->draw_button, self->hint != BG_MOVE_NONE && self->hint == self->draw_move);
  set_suggested (self->pass_button, self->hint != BG_MOVE_NONE && self->hint == self->pass_move);
  /* The children's game has no points, so drawing costs none. */
  if (self->game != NULL)
    gtk_button_set_label (GTK_BUTTON (self->draw_button),
                          bg_triomino_is_scored (bg_game_get_position (self->game))
                          ? _("_Draw (−5)") : _("_Draw"));

  if (self->game == NULL)
    caption = g_strdup ("");
  else if (self->player < 0)
    caption = g_strdup (_("The game is over"));
  else
    {
      const void *pos = bg_game_get_position (self->game);
      int draws = bg_triomino_get_draws (pos);
      g_autofree char *tiles = g_strdup_printf (ngettext ("%u tile", "%u tiles", self->n_hand),
                                                self->n_hand);

      if (draws > 0)
        /* Translators: "Player 2's hand: 8 tiles (drew 1 of 3)" */
        caption = g_strdup_printf (_("Player %d’s hand: %s (drew %d of 3)"), self->player + 1,
                                   tiles, draws);
      else
        caption = g_strdup_printf (_("Player %d’s hand: %s"), self->player + 1, tiles);
    }
  /* The caption names the hand shown, which waits while a tile leaves it. */
  if (!trio_tri_animation_hand_held (self->animation))
    gtk_label_set_text (GTK_LABEL (self->caption), caption);
  update_accessible (self);
}

static void
redraw (TrioTriominoView *self)
{
  gtk_widget_queue_draw (self->table);
  gtk_widget_queue_draw (self->hand_area);
  update_controls (self);
}

/* Selection and cursor */

static gboolean
in_hand (TrioTriominoView *self,
         int               tile)
{
  for (guint i = 0; i < self->n_hand; i++)
    if (self->hand[i] == tile)
      return TRUE;
  return FALSE;
}

static void
select_tile (TrioTriominoView *self,
             int               tile,
             gboolean          keyboard)
{
  self->selected = tile;
  if (tile >= 0 && self->has_cursor
      && trio_tri_find_placement (self->placements, tile, self->cursor_row, self->cursor_col,
                                  0) != NULL)
    ;  /* the cursor stays where this tile fits too */
  else
    self->has_cursor = FALSE;
  if (tile >= 0 && keyboard && !self->has_cursor)
    {
      g_autoptr (GArray) cells = trio_tri_candidates (self->placements, self->selected);

      if (cells->len > 0)
        {
          self->has_cursor = TRUE;
          self->pointer_cursor = FALSE;
          self->cursor_row = g_array_index (cells, int, 0);
          self->cursor_col = g_array_index (cells, int, 1);
        }
    }
  redraw (self);
}

static void
step_tile (TrioTriominoView *self,
           int               step)
{
  int index = -1;

  if (self->n_hand == 0)
    return;
  for (guint i = 0; i < self->n_hand; i++)
    if (self->hand[i] == self->selected)
      index = (int) i;
  if (index < 0)
    index = step > 0 ? 0 : (int) self->n_hand - 1;
  else
    index = (index + step + (int) self->n_hand) % (int) self->n_hand;
  select_tile (self, self->hand[index], TRUE);
}

static void
rotate_selected (TrioTriominoView *self)
{
  if (self->selected < 0)
    return;
  /* Clockwise: the value on the bottom-left corner comes to the apex. */
  self->rotation[self->selected] = (self->rotation[self->selected] + 2) % 3;
  redraw (self);
}

static void
move_cursor (TrioTriominoView *self,
             int               dx,
             int               dy)
{
  g_autoptr (GArray) cells = trio_tri_candidates (self->placements, self->selected);
  int best;

  if (cells->len == 0)
    return;
  best = self->has_cursor ? trio_tri_step_cell (cells, self->cursor_row, self->cursor_col,
                                                dx, dy)
                          : 0;
  if (best < 0)
    return;
  self->has_cursor = TRUE;
  self->pointer_cursor = FALSE;
  self->cursor_row = g_array_index (cells, int, 2 * best);
  self->cursor_col = g_array_index (cells, int, 2 * best + 1);
  redraw (self);
}

static void
choose (TrioTriominoView *self,
        BgMove            move)
{
  if (!self->interactive || move == BG_MOVE_NONE)
    return;
  trio_game_view_move_chosen (TRIO_GAME_VIEW (self), move);
}

/* Drawing */

static void
draw_placement (TrioTriominoView       *self,
                cairo_t                *cr,
                const TrioTriPlacement *p,
                TrioTileStyle           style)
{
  double pts[3][2];
  int values[3];

  trio_tri_triangle_points (&self->geom, p->row, p->col, pts);
  trio_tri_corner_values (p->tile, p->rotation, bg_triomino_triangle_is_up (p->row, p->col),
                          values);
  trio_tri_draw_tile (cr, pts, values, style);
}

static void
draw_table (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        data)
{
  TrioTriominoView *self = data;
  TrioTriPlacement hint;
  double pts[3][2];

  trio_tri_paint_felt (cr, self->felt, &self->felt_cache, width, height,
                       gtk_widget_get_scale_factor (self->table));
  if (self->game == NULL)
    return;

  trio_tri_geometry_fit_placed (&self->geom, width, height, self->placed, self->n_placed,
                                TABLE_MAX_SIDE);
  trio_tri_animation_camera (self->animation, width, height, &self->geom);
  trio_tri_draw_lattice (cr, &self->geom, width, height);
  trio_tri_animation_draw_pile (self->animation, cr, width, height);

  for (guint i = 0; i < self->n_placed; i++)
    {
      if (trio_tri_animation_hides (self->animation, &self->placed[i]))
        continue;
      trio_tri_triangle_points (&self->geom, self->placed[i].row, self->placed[i].col, pts);
      trio_tri_draw_tile (cr, pts, self->placed[i].values, TRIO_TILE_NORMAL);
    }
  trio_tri_animation_draw_marks (self->animation, cr, &self->geom, width, height);

  if (self->interactive && self->selected >= 0)
    {
      g_autoptr (GArray) cells = trio_tri_candidates (self->placements, self->selected);

      for (guint i = 0; i < cells->len; i++)
        {
          trio_tri_triangle_points (&self->geom, g_array_index (cells, int, 2 * i),
                                    g_array_index (cells, int, 2 * i + 1), pts);
          trio_tri_draw_target (cr, pts, FALSE);
        }
    }
  if (self->hint != BG_MOVE_NONE && trio_tri_decode_placement (self->game, self->hint, &hint))
    draw_placement (self, cr, &hint, TRIO_TILE_HINT);
  if (self->interactive && cursor_placement (self) != NULL)
    {
      const TrioTriPlacement *p = cursor_placement (self);

      draw_placement (self, cr, p, TRIO_TILE_GHOST);
      /* The cursor over the ghost, bright while the table has the keyboard focus. */
      trio_tri_triangle_points (&self->geom, p->row, p->col, pts);
      trio_tri_draw_target (cr, pts, gtk_widget_has_focus (GTK_WIDGET (area)));
    }
}

/* The hand as it is drawn and clicked: the selected tile lifted. */
static void
read_hand (TrioTriominoView *self,
           TrioTriHand      *hand)
{
  hand->player = self->player;
  hand->face_up = self->interactive;
  hand->n = self->n_hand;
  memcpy (hand->tiles, self->hand, sizeof (int) * self->n_hand);
  trio_tri_hand_layout (hand, self->rotation, self->interactive ? self->selected : -1,
                        gtk_widget_get_width (self->hand_area),
                        gtk_widget_get_height (self->hand_area), HAND_MAX_SIDE);
}

static void
draw_hand (GtkDrawingArea *area G_GNUC_UNUSED,
           cairo_t        *cr,
           int             width G_GNUC_UNUSED,
           int             height G_GNUC_UNUSED,
           gpointer        data)
{
  TrioTriominoView *self = data;
  TrioTriHand hand;

  read_hand (self, &hand);
  trio_tri_animation_draw_hand (self->animation, cr, &hand);
}

/* Input */

static void
table_pressed (GtkGestureClick *gesture G_GNUC_UNUSED,
               int              n_press G_GNUC_UNUSED,
               double           x,
               double           y,
               TrioTriominoView *self)
{
  const TrioTriPlacement *p;
  int row, col;

  gtk_widget_grab_focus (self->table);
  trio_tri_animation_finish (self->animation);
  if (!self->interactive || self->selected < 0
      || !trio_tri_triangle_at (&self->geom, x, y, &row, &col))
    return;
  p = trio_tri_find_placement (self->placements, self->selected, row, col,
                               self->rotation[self->selected]);
  if (p != NULL)
    choose (self, p->move);
}

static void
table_motion (GtkEventControllerMotion *motion G_GNUC_UNUSED,
              double                    x,
              double                    y,
              TrioTriominoView         *self)
{
  int row, col;
  gboolean fits;

  if (!self->interactive || self->selected < 0)
    return;
  fits = trio_tri_triangle_at (&self->geom, x, y, &row, &col)
         && trio_tri_find_placement (self->placements, self->selected, row, col, 0) != NULL;
  if (fits && self->has_cursor && row == self->cursor_row && col == self->cursor_col)
    return;
  /* Leaving the places only hides a cursor the pointer brought, not the keyboard's. */
  if (!fits && (!self->has_cursor || !self->pointer_cursor))
    return;
  self->has_cursor = fits;
  self->pointer_cursor = TRUE;
  self->cursor_row = row;
  self->cursor_col = col;
  redraw (self);
}

static void
hand_pressed (GtkGestureClick *gesture G_GNUC_UNUSED,
              int              n_press G_GNUC_UNUSED,
              double           x,
              double           y,
              TrioTriominoView *self)
{
  TrioTriHand hand;

  gtk_widget_grab_focus (self->table);
  trio_tri_animation_finish (self->animation);
  if (!self->interactive)
    return;
  read_hand (self, &hand);
  for (guint i = 0; i < self->n_hand; i++)
    {
      if (!trio_tri_point_in (hand.pts[i], x, y))
        continue;
      /* A second click on the selected tile turns it, as the R key does. */
      if (self->hand[i] == self->selected)
        rotate_selected (self);
      else
        select_tile (self, self->hand[i], FALSE);
      return;
    }
}

static gboolean
key_pressed (GtkEventControllerKey *controller G_GNUC_UNUSED,
             guint                  keyval,
             guint                  keycode G_GNUC_UNUSED,
             GdkModifierType        state,
             TrioTriominoView      *self)
{
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;
  gboolean plain = (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) == 0;
  const TrioTriPlacement *p;

  if (!self->interactive || self->game == NULL)
    return FALSE;
  trio_tri_animation_finish (self->animation);
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      if (ctrl)
        move_cursor (self, -1, 0);
      else
        step_tile (self, -1);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      if (ctrl)
        move_cursor (self, 1, 0);
      else
        step_tile (self, 1);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      move_cursor (self, 0, -1);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      move_cursor (self, 0, 1);
      return TRUE;
    case GDK_KEY_r:
    case GDK_KEY_R:
      if (!plain || self->selected < 0)
        return FALSE;
      rotate_selected (self);
      return TRUE;
    case GDK_KEY_d:
    case GDK_KEY_D:
      if (!plain || self->draw_move == BG_MOVE_NONE)
        return FALSE;
      choose (self, self->draw_move);
      return TRUE;
    case GDK_KEY_p:
    case GDK_KEY_P:
      if (!plain || self->pass_move == BG_MOVE_NONE)
        return FALSE;
      choose (self, self->pass_move);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      p = cursor_placement (self);
      if (p == NULL)
        return FALSE;
      choose (self, p->move);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->selected < 0)
        return FALSE;
      select_tile (self, -1, FALSE);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
rotate_clicked (TrioTriominoView *self)
{
  rotate_selected (self);
}

static void
draw_clicked (TrioTriominoView *self)
{
  choose (self, self->draw_move);
}

static void
pass_clicked (TrioTriominoView *self)
{
  choose (self, self->pass_move);
}

static void
table_focus_changed (TrioTriominoView *self)
{
  gtk_widget_queue_draw (self->table);
}

/* GObject */

/* The window gives the view the focus; the table is the child that takes it. */
static gboolean
trio_triomino_view_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (TRIO_TRIOMINO_VIEW (widget)->table);
}

/* The children, then a tile on its way over them. */
static void
trio_triomino_view_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (widget);

  gtk_widget_snapshot_child (widget, self->box, snapshot);
  trio_tri_animation_snapshot (self->animation, snapshot);
}

static void
trio_triomino_view_dispose (GObject *object)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (object);

  g_clear_pointer (&self->animation, trio_tri_animation_free);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_object (&self->felt);
  g_clear_pointer (&self->felt_cache, cairo_surface_destroy);
  g_clear_pointer (&self->placements, g_array_unref);

  G_OBJECT_CLASS (trio_triomino_view_parent_class)->dispose (object);
}

static void
trio_triomino_view_class_init (TrioTriominoViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = trio_triomino_view_dispose;

  widget_class->grab_focus = trio_triomino_view_grab_focus;
  widget_class->snapshot = trio_triomino_view_snapshot;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "triomino-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static GtkWidget *
make_button (TrioTriominoView *self,
             const char       *label,
             const char       *tooltip,
             GCallback         callback)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_tooltip_text (button, tooltip);
  g_signal_connect_swapped (button, "clicked", callback, self);
  return button;
}

static void
trio_triomino_view_init (TrioTriominoView *self)
{
  g_autoptr (GError) error = NULL;
  GtkEventController *controller;
  GtkWidget *buttons;

  self->placements = g_array_new (FALSE, FALSE, sizeof (TrioTriPlacement));
  self->hint = self->draw_move = self->pass_move = BG_MOVE_NONE;
  self->selected = -1;
  self->player = -1;
  self->felt = trio_board_load_svg ("boards/triomino.svg", &error);
  if (self->felt == NULL)
    g_warning ("Cannot load the Triomino table: %s", error->message);

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->table = gtk_drawing_area_new ();
  gtk_widget_set_hexpand (self->table, TRUE);
  gtk_widget_set_vexpand (self->table, TRUE);
  gtk_widget_set_size_request (self->table, 240, 200);
  /* Its natural height, which it has under a narrow window's side panel. */
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->table), 300);
  gtk_widget_set_focusable (self->table, TRUE);
  gtk_widget_set_focus_on_click (self->table, TRUE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->table), draw_table, self, NULL);
  gtk_box_append (GTK_BOX (self->box), self->table);
  g_signal_connect_swapped (self->table, "notify::has-focus", G_CALLBACK (table_focus_changed),
                            self);

  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  g_signal_connect (controller, "pressed", G_CALLBACK (table_pressed), self);
  gtk_widget_add_controller (self->table, controller);
  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (table_motion), self);
  gtk_widget_add_controller (self->table, controller);

  self->caption = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->caption, "dim-label");
  gtk_box_append (GTK_BOX (self->box), self->caption);

  self->hand_area = gtk_drawing_area_new ();
  gtk_widget_set_size_request (self->hand_area, 240, 110);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->hand_area), draw_hand, self, NULL);
  gtk_box_append (GTK_BOX (self->box), self->hand_area);
  self->animation = trio_tri_animation_new (GTK_WIDGET (self), self->table, self->hand_area,
                                            (TrioTriAnimationDone) redraw, self);
  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  g_signal_connect (controller, "pressed", G_CALLBACK (hand_pressed), self);
  gtk_widget_add_controller (self->hand_area, controller);

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_bottom (buttons, 6);
  self->rotate_button = make_button (self, _("_Rotate"),
                                     _("Turn the selected tile clockwise (R)"),
                                     G_CALLBACK (rotate_clicked));
  self->draw_button = make_button (self, _("_Draw (−5)"),
                                   _("Take a tile from the pile, for 5 points (D)"),
                                   G_CALLBACK (draw_clicked));
  self->pass_button = make_button (self, _("_Pass"),
                                   _("End the turn without placing a tile (P)"),
                                   G_CALLBACK (pass_clicked));
  gtk_box_append (GTK_BOX (buttons), self->rotate_button);
  gtk_box_append (GTK_BOX (buttons), self->draw_button);
  gtk_box_append (GTK_BOX (buttons), self->pass_button);
  gtk_box_append (GTK_BOX (self->box), buttons);

  /* On the whole view, so that the keys work whichever child has the focus. */
  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  update_controls (self);
}

GtkWidget *
trio_triomino_view_new (void)
{
  return g_object_new (TRIO_TYPE_TRIOMINO_VIEW, NULL);
}

static void
trio_triomino_view_update (TrioGameView *view)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (view);
  const void *pos;
  int player;

  if (self->game == NULL)
    {
      self->n_placed = self->n_hand = 0;
      self->player = self->selected = -1;
      trio_tri_read_legal_moves (self->game, self->placements, &self->draw_move,
                             &self->pass_move);
      trio_tri_animation_reset (self->animation);
      redraw (self);
      return;
    }
  pos = bg_game_get_position (self->game);
  player = bg_game_is_over (self->game) ? -1 : bg_game_get_player_to_move (self->game);
  self->n_placed = bg_triomino_get_placed (pos, self->placed);
  self->n_hand = player >= 0 ? bg_triomino_get_hand (pos, player, self->hand) : 0;
  /* A new player (or an undo) starts with nothing selected. */
  if (player != self->player || !in_hand (self, self->selected))
    {
      self->selected = -1;
      self->has_cursor = FALSE;
    }
  self->player = player;
  trio_tri_read_legal_moves (self->game, self->placements, &self->draw_move,
                             &self->pass_move);
  if (self->hint != BG_MOVE_NONE && !bg_game_is_legal (self->game, self->hint))
    self->hint = BG_MOVE_NONE;
  if (self->has_cursor && cursor_placement (self) == NULL)
    self->has_cursor = FALSE;
  trio_tri_animation_update (self->animation, self->game);
  redraw (self);
}

static void
trio_triomino_view_set_game (TrioGameView *view,
                             const BgGame *game)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (view);
  guint n_keys;
  guint64 start = game != NULL ? bg_game_get_keys (game, &n_keys)[0] : 0;

  /* A game from the same start (a copy that reviews this one) keeps the position shown,
   * which the update compares with its own, and the tiles' rotations. */
  if (start == 0 || start != self->start_key)
    {
      memset (self->rotation, 0, sizeof self->rotation);
      trio_tri_animation_reset (self->animation);
      self->start_key = start;
    }
  self->game = game;
  self->selected = -1;
  self->has_cursor = FALSE;
  self->hint = BG_MOVE_NONE;
  self->player = -1;
  trio_triomino_view_update (view);
}

static void
trio_triomino_view_set_interactive (TrioGameView *view,
                                    gboolean      interactive)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (view);

  self->interactive = interactive;
  redraw (self);
}

static void
trio_triomino_view_set_hint (TrioGameView *view,
                             BgMove        hint)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (view);

  self->hint = hint;
  redraw (self);
}

static void
trio_triomino_view_game_view_init (TrioGameViewInterface *iface)
{
  iface->set_game = trio_triomino_view_set_game;
  iface->update = trio_triomino_view_update;
  iface->set_interactive = trio_triomino_view_set_interactive;
  iface->set_hint = trio_triomino_view_set_hint;
}
