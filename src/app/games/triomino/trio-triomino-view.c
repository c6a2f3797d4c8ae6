/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-view.c: the Triomino table, the hand of the player to move and its buttons
 *
 * The table shows the tiles placed this round on the baize of boards/triomino.svg; below
 * it, the hand of the player to move (face down while the view is not interactive) and the
 * Rotate, Draw and Pass buttons. Between two people at one screen the window may cover the
 * hand (set_covered): it is not drawn, and a screen in its place says whom to pass to.
 * The view knows no rule: every move it offers is one of bg_game_get_legal_moves(), read
 * through bg_game_describe_move(), and a tile that cannot go where it was put says why in
 * the engine's words (trio-triomino-play.c). The pointer, the drag of a tile and the keys
 * are trio-triomino-view-input.c's.
 */

#include "trio-triomino-view.h"

#include <glib/gi18n.h>
#include <string.h>

#include "board/trio-board-renderer.h"
#include "games/trio-game-view.h"
#include "trio-triomino-play.h"
#include "trio-triomino-view-private.h"

#define TABLE_MAX_SIDE 96.0
#define HAND_MAX_SIDE 80.0

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

const TrioTriPlacement *
trio_triomino_view_cursor_placement (TrioTriominoView *self)
{
  if (self->selected < 0 || !self->has_cursor)
    return NULL;
  return trio_tri_find_nearest (self->placements, self->selected, self->cursor_row,
                                self->cursor_col, self->rotation[self->selected]);
}

/* Updating the children */

/* A player's name as the window shows it, or "Player 2". */
static char *
player_name (TrioTriominoView *self,
             int               player)
{
  if (self->names != NULL && player >= 0 && (guint) player < g_strv_length (self->names)
      && self->names[player][0] != '\0')
    return g_strdup (self->names[player]);
  return g_strdup_printf (_("Player %d"), player + 1);
}

static void
update_accessible (TrioTriominoView *self)
{
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;
  g_autoptr (GArray) cells = trio_tri_candidates (self->placements, self->selected);
  const TrioTriPlacement *p = trio_triomino_view_cursor_placement (self);

  if (self->covered && self->game != NULL && self->player >= 0)
    {
      label = g_strdup_printf (_("Triomino table, player %d to move"), self->player + 1);
      description = g_strdup (gtk_label_get_text (GTK_LABEL (self->cover_label)));
    }
  else if (self->game == NULL || self->player < 0)
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
      else if (self->selected == self->fresh)
        label = g_strdup_printf (_("Tile %s, just drawn"), name);
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
      /* The draws of this turn are the player's to move. */
      int draws = self->player == bg_game_get_player_to_move (self->game)
                  ? bg_triomino_get_draws (pos) : 0;
      g_autofree char *tiles = g_strdup_printf (ngettext ("%u tile", "%u tiles", self->n_hand),
                                                self->n_hand);

      g_autofree char *name = player_name (self, self->player);

      if (draws > 0)
        /* Translators: "Anne's hand: 8 tiles (drew 1 of 3)"; the first %s is a player's
         * name (by default "Player 2") */
        caption = g_strdup_printf (_("%s’s hand: %s (drew %d of 3)"), name, tiles, draws);
      else
        /* Translators: "Anne's hand: 8 tiles" */
        caption = g_strdup_printf (_("%s’s hand: %s"), name, tiles);
    }
  /* The caption names the hand shown, which waits while a tile leaves it. */
  if (!trio_tri_animation_hand_held (self->animation))
    gtk_label_set_text (GTK_LABEL (self->caption), caption);
  if (self->player >= 0)
    {
      g_autofree char *name = player_name (self, self->player);
      /* Translators: on the hand, covered while the screen goes from one player to the
       * next, who shows it with the button "Show My Tiles"; %s is the next player's name */
      g_autofree char *pass = g_strdup_printf (_("Pass to %s"), name);

      gtk_label_set_text (GTK_LABEL (self->cover_label), pass);
    }
  update_accessible (self);
}

void
trio_triomino_view_redraw (TrioTriominoView *self)
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

void
trio_triomino_view_select (TrioTriominoView *self,
                           int               tile,
                           gboolean          keyboard)
{
  g_autofree char *why = NULL;

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
  if (tile >= 0 && self->game != NULL)
    why = trio_tri_explain_tile (self->game, self->placements, tile);
  trio_triomino_view_say (self, why);
  trio_triomino_view_redraw (self);
}

void
trio_triomino_view_rotate (TrioTriominoView *self)
{
  if (self->selected < 0)
    return;
  /* Clockwise: the value on the bottom-left corner comes to the apex. */
  self->rotation[self->selected] = (self->rotation[self->selected] + 2) % 3;
  trio_triomino_view_redraw (self);
}

void
trio_triomino_view_choose (TrioTriominoView *self,
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

  trio_tri_felt_paint (self->felt, cr, width, height,
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
  trio_tri_animation_draw_marks (self->animation, cr, &self->geom,
                                 (const char *const *) self->names, width, height);

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
  if (self->interactive && trio_triomino_view_cursor_placement (self) != NULL)
    {
      const TrioTriPlacement *p = trio_triomino_view_cursor_placement (self);

      draw_placement (self, cr, p, TRIO_TILE_GHOST);
      /* The cursor over the ghost, bright while the table has the keyboard focus. */
      trio_tri_triangle_points (&self->geom, p->row, p->col, pts);
      trio_tri_draw_target (cr, pts, gtk_widget_has_focus (GTK_WIDGET (area)));
    }
}

/* The hand as it is drawn and clicked: the selected tile lifted. */
void
trio_triomino_view_read_hand (TrioTriominoView *self,
                              TrioTriHand      *hand)
{
  TrioTriPlacement hint;

  hand->player = self->player;
  /* Face down while the computer or another player thinks; online, the viewer's own hand
   * stays face up. */
  hand->face_up = self->interactive || (self->viewer >= 0 && self->viewer == self->player);
  hand->n = self->n_hand;
  memcpy (hand->tiles, self->hand, sizeof (int) * self->n_hand);
  trio_tri_hand_layout (hand, self->rotation, self->interactive ? self->selected : -1,
                        gtk_widget_get_width (self->hand_area),
                        gtk_widget_get_height (self->hand_area), HAND_MAX_SIDE);
  /* The marks: what fits nowhere, what was just drawn, what the hint plays, what is
   * being dragged. */
  hand->dimmed = hand->fresh = hand->hinted = hand->lifted = 0;
  for (guint i = 0; self->interactive && i < self->n_hand; i++)
    if ((self->playable & TRIO_TRI_TILE_BIT (self->hand[i])) == 0)
      hand->dimmed |= TRIO_TRI_TILE_BIT (self->hand[i]);
  if (self->interactive && self->fresh >= 0)
    hand->fresh = TRIO_TRI_TILE_BIT (self->fresh);
  if (self->interactive && self->hint != BG_MOVE_NONE
      && trio_tri_decode_placement (self->game, self->hint, &hint))
    hand->hinted = TRIO_TRI_TILE_BIT (hint.tile);
  if (self->drag_tile >= 0)
    hand->lifted = TRIO_TRI_TILE_BIT (self->drag_tile);
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

  /* Covered: not a tile, not even the hand that a tile is leaving. */
  if (self->covered)
    return;
  trio_triomino_view_read_hand (self, &hand);
  trio_tri_animation_draw_hand (self->animation, cr, &hand);
}

static void
rotate_clicked (TrioTriominoView *self)
{
  trio_triomino_view_rotate (self);
}

static void
draw_clicked (TrioTriominoView *self)
{
  trio_triomino_view_choose (self, self->draw_move);
}

static void
pass_clicked (TrioTriominoView *self)
{
  trio_triomino_view_choose (self, self->pass_move);
}

static void
cover_clicked (TrioTriominoView *self)
{
  trio_game_view_uncover_asked (TRIO_GAME_VIEW (self));
}

static void
table_focus_changed (TrioTriominoView *self)
{
  gtk_widget_queue_draw (self->table);
}

/* GObject */

/* The window gives the view the focus; the table is the child that takes it, or the cover's
 * button while the hand is covered. */
static gboolean
trio_triomino_view_grab_focus (GtkWidget *widget)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (widget);

  return gtk_widget_grab_focus (self->covered ? self->cover_button : self->table);
}

/* The children, then a tile on its way over them. */
static void
trio_triomino_view_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (widget);

  gtk_widget_snapshot_child (widget, self->box, snapshot);
  trio_tri_animation_snapshot (self->animation, snapshot);
  trio_triomino_view_snapshot_drag (self, snapshot);
}

static void
trio_triomino_view_dispose (GObject *object)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (object);

  g_clear_handle_id (&self->notice_id, g_source_remove);
  g_clear_pointer (&self->animation, trio_tri_animation_free);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->felt, trio_tri_felt_free);
  g_clear_pointer (&self->placements, g_array_unref);
  g_clear_pointer (&self->names, g_strfreev);

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

/* Pass-and-play: "Pass to Anne" and the button that shows her hand, over the hand and its
 * buttons (hidden until the window covers the hand). */
static GtkWidget *
make_cover (TrioTriominoView *self)
{
  GtkWidget *cover = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  gtk_widget_add_css_class (cover, "hand-cover");
  self->cover_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->cover_label), TRUE);
  gtk_label_set_justify (GTK_LABEL (self->cover_label), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (self->cover_label, "hand-cover-title");
  gtk_widget_set_vexpand (self->cover_label, TRUE);
  gtk_widget_set_valign (self->cover_label, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (cover), self->cover_label);
  self->cover_button = make_button (self, _("_Show My Tiles"),
                                    _("Show the tiles of the player to move"),
                                    G_CALLBACK (cover_clicked));
  gtk_widget_add_css_class (self->cover_button, "suggested-action");
  gtk_widget_set_halign (self->cover_button, GTK_ALIGN_CENTER);
  gtk_widget_set_vexpand (self->cover_button, TRUE);
  gtk_widget_set_valign (self->cover_button, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (cover), self->cover_button);
  gtk_widget_set_visible (cover, FALSE);
  return cover;
}

static void
trio_triomino_view_init (TrioTriominoView *self)
{
  GtkWidget *buttons, *overlay, *hand_box;

  self->placements = g_array_new (FALSE, FALSE, sizeof (TrioTriPlacement));
  self->viewer = -1;
  self->hint = self->draw_move = self->pass_move = BG_MOVE_NONE;
  self->selected = self->fresh = self->press_tile = self->drag_tile = -1;
  self->player = -1;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->table = gtk_drawing_area_new ();
  self->felt = trio_tri_felt_new (self->table);
  gtk_widget_set_hexpand (self->table, TRUE);
  gtk_widget_set_vexpand (self->table, TRUE);
  gtk_widget_set_size_request (self->table, 240, 200);
  /* Its natural height, which it has under a narrow window's side panel. */
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->table), 300);
  gtk_widget_set_focusable (self->table, TRUE);
  gtk_widget_set_focus_on_click (self->table, TRUE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->table), draw_table, self, NULL);
  g_signal_connect_swapped (self->table, "notify::has-focus", G_CALLBACK (table_focus_changed),
                            self);
  /* The notice, at the top of the table: it takes no room from it, nor the pointer. */
  overlay = gtk_overlay_new ();
  gtk_overlay_set_child (GTK_OVERLAY (overlay), self->table);
  self->notice = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->notice), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->notice), 60);
  gtk_label_set_justify (GTK_LABEL (self->notice), GTK_JUSTIFY_CENTER);
  gtk_widget_set_halign (self->notice, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (self->notice, GTK_ALIGN_START);
  gtk_widget_set_can_target (self->notice, FALSE);
  gtk_widget_add_css_class (self->notice, "app-notification");
  gtk_widget_set_visible (self->notice, FALSE);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), self->notice);
  gtk_box_append (GTK_BOX (self->box), overlay);

  self->caption = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->caption, "dim-label");
  gtk_box_append (GTK_BOX (self->box), self->caption);

  /* The hand and its buttons, under the cover when it is up. */
  hand_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  overlay = gtk_overlay_new ();
  gtk_overlay_set_child (GTK_OVERLAY (overlay), hand_box);
  self->cover = make_cover (self);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), self->cover);
  gtk_overlay_set_measure_overlay (GTK_OVERLAY (overlay), self->cover, TRUE);
  gtk_box_append (GTK_BOX (self->box), overlay);

  self->hand_area = gtk_drawing_area_new ();
  gtk_widget_set_size_request (self->hand_area, 240, 110);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->hand_area), draw_hand, self, NULL);
  gtk_box_append (GTK_BOX (hand_box), self->hand_area);
  self->animation = trio_tri_animation_new (GTK_WIDGET (self), self->table, self->hand_area,
                                            (TrioTriAnimationDone) trio_triomino_view_redraw,
                                            self);

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
  gtk_box_append (GTK_BOX (hand_box), buttons);
  self->buttons = buttons;

  trio_triomino_view_add_controllers (self);
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
      self->player = self->selected = self->fresh = self->drag_tile = -1;
      self->playable = 0;
      trio_tri_read_legal_moves (self->game, self->placements, &self->draw_move,
                                 &self->pass_move);
      trio_triomino_view_say (self, NULL);
      trio_tri_animation_reset (self->animation);
      trio_triomino_view_redraw (self);
      return;
    }
  pos = bg_game_get_position (self->game);
  /* Online, the hand of the seat played here, whoever is to move. */
  player = bg_game_is_over (self->game) ? -1
           : self->viewer >= 0 ? self->viewer : bg_game_get_player_to_move (self->game);
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
  self->playable = trio_tri_playable_tiles (self->placements);
  self->fresh = trio_tri_just_drawn (self->game);
  if (!in_hand (self, self->drag_tile))
    self->drag_tile = -1;
  trio_triomino_view_say (self, NULL);
  if (self->hint != BG_MOVE_NONE && !bg_game_is_legal (self->game, self->hint))
    self->hint = BG_MOVE_NONE;
  if (self->has_cursor && trio_triomino_view_cursor_placement (self) == NULL)
    self->has_cursor = FALSE;
  trio_tri_animation_update (self->animation, self->game);
  trio_triomino_view_redraw (self);
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
  trio_triomino_view_redraw (self);
}

static void
trio_triomino_view_set_viewer (TrioGameView *view,
                               int           seat)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (view);

  if (self->viewer == seat)
    return;
  self->viewer = seat;
  trio_triomino_view_update (view);
}

static void
trio_triomino_view_set_hint (TrioGameView *view,
                             BgMove        hint)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (view);

  self->hint = hint;
  trio_triomino_view_redraw (self);
}

/* Covered, the hand is not drawn: the cover takes its place and, when the view had the
 * keyboard (a move made by keys) or nothing had, the focus. */
static void
trio_triomino_view_set_covered (TrioGameView *view,
                                gboolean      covered)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (view);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  gboolean focus_here = focus == NULL || focus == GTK_WIDGET (root)
                        || gtk_widget_is_ancestor (focus, GTK_WIDGET (self));

  if (!covered == !self->covered)
    return;
  self->covered = covered;
  if (covered)
    {
      self->selected = self->press_tile = self->drag_tile = -1;
      self->has_cursor = FALSE;
      self->hint = BG_MOVE_NONE;
      trio_triomino_view_say (self, NULL);
      gtk_widget_set_visible (self->cover, TRUE);
      /* Not drawn under the cover (insensitive too, out of the keyboard's way). */
      gtk_widget_set_opacity (self->buttons, 0);
      if (focus_here)
        gtk_widget_grab_focus (self->cover_button);
    }
  else
    {
      if (focus_here)
        gtk_widget_grab_focus (self->table);
      gtk_widget_set_visible (self->cover, FALSE);
      gtk_widget_set_opacity (self->buttons, 1);
    }
  g_debug ("triomino cover %s", covered ? "up" : "down");
  trio_triomino_view_redraw (self);
}

static void
trio_triomino_view_set_names (TrioGameView      *view,
                              const char *const *names)
{
  TrioTriominoView *self = TRIO_TRIOMINO_VIEW (view);

  g_clear_pointer (&self->names, g_strfreev);
  self->names = g_strdupv ((char **) names);
  update_controls (self);
}

static void
trio_triomino_view_game_view_init (TrioGameViewInterface *iface)
{
  iface->set_game = trio_triomino_view_set_game;
  iface->update = trio_triomino_view_update;
  iface->set_interactive = trio_triomino_view_set_interactive;
  iface->set_hint = trio_triomino_view_set_hint;
  iface->set_names = trio_triomino_view_set_names;
  iface->set_covered = trio_triomino_view_set_covered;
  iface->set_viewer = trio_triomino_view_set_viewer;
}
