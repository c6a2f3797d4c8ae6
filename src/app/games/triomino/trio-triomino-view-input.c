/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-view-input.c: how TrioTriominoView takes the pointer and the keys
 *
 * A click on the table places the selected tile where it fits (or plays the hint's ghost);
 * a tile of the hand is clicked (chosen, then turned) or dragged onto the table, where it
 * lands on the triangle under it if it fits there, else goes back; the keys choose, turn,
 * move the cursor and place. A tile that cannot go where it was put says why over the table
 * for a few seconds (the engine's explanation, trio-triomino-play.c).
 */

#include <glib/gi18n.h>
#include <math.h>

#include "trio-triomino-play.h"
#include "trio-triomino-view-private.h"

#define NOTICE_SECONDS 6
#define DRAG_LIFT 1.08   /* how much larger a dragged tile is than on the table */

/* Notices */

static gboolean
hide_notice (gpointer data)
{
  TrioTriominoView *self = data;

  self->notice_id = 0;
  gtk_widget_set_visible (self->notice, FALSE);
  return G_SOURCE_REMOVE;
}

void
trio_triomino_view_say (TrioTriominoView *self,
                        const char       *text)
{
  g_clear_handle_id (&self->notice_id, g_source_remove);
  if (text == NULL || *text == '\0')
    {
      gtk_widget_set_visible (self->notice, FALSE);
      return;
    }
  g_debug ("triomino notice: %s", text);
  gtk_label_set_text (GTK_LABEL (self->notice), text);
  gtk_widget_set_visible (self->notice, TRUE);
  self->notice_id = g_timeout_add_seconds (NOTICE_SECONDS, hide_notice, self);
}

/* Why the selected tile, as it is turned, cannot go on (row, col). */
static void
refuse (TrioTriominoView *self,
        int               row,
        int               col)
{
  g_autofree char *why = trio_tri_explain_placement (self->game, self->selected,
                                                     self->rotation[self->selected], row, col);

  trio_triomino_view_say (self, why);
}

/* A click on the table with no tile chosen: what to do instead. */
static void
say_choose_first (TrioTriominoView *self)
{
  if (self->placements->len > 0)
    trio_triomino_view_say (self, _("Choose a tile of your hand, then its place on the table"));
  else if (self->draw_move != BG_MOVE_NONE)
    trio_triomino_view_say (self, _("No tile of your hand fits anywhere: draw one"));
  else
    trio_triomino_view_say (self, _("No tile of your hand fits anywhere and you may not "
                                    "draw: pass"));
}

/* The table */

static void
table_pressed (GtkGestureClick  *gesture G_GNUC_UNUSED,
               int               n_press G_GNUC_UNUSED,
               double            x,
               double            y,
               TrioTriominoView *self)
{
  const TrioTriPlacement *p;
  TrioTriPlacement hint;
  int row, col;

  gtk_widget_grab_focus (self->table);
  trio_tri_animation_finish (self->animation);
  trio_triomino_view_say (self, NULL);
  if (!self->interactive || self->game == NULL
      || !trio_tri_triangle_at (&self->geom, x, y, &row, &col))
    return;
  /* The hint's ghost plays the hint. */
  if (self->hint != BG_MOVE_NONE && trio_tri_decode_placement (self->game, self->hint, &hint)
      && hint.row == row && hint.col == col)
    {
      trio_triomino_view_choose (self, self->hint);
      return;
    }
  if (self->selected < 0)
    {
      say_choose_first (self);
      return;
    }
  p = trio_tri_find_nearest (self->placements, self->selected, row, col,
                             self->rotation[self->selected]);
  if (p != NULL)
    trio_triomino_view_choose (self, p->move);
  else
    refuse (self, row, col);
}

static void
table_motion (GtkEventControllerMotion *motion G_GNUC_UNUSED,
              double                    x,
              double                    y,
              TrioTriominoView         *self)
{
  int row, col;
  gboolean fits;

  if (!self->interactive || self->selected < 0 || self->drag_tile >= 0)
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
  trio_triomino_view_redraw (self);
}

/* The hand: a click chooses a tile, a second one turns it; a drag takes it to the table. */

/* The dragged tile's centre and side, in the view's coordinates: the size it has on the
 * table, held where it was taken. */
static void
drag_shape (TrioTriominoView *self,
            double           *cx,
            double           *cy,
            double           *side)
{
  *side = MAX (self->geom.side, 24.0);
  *cx = self->drag_x + self->grab_x * *side;
  *cy = self->drag_y + self->grab_y * *side;
}

/* Where the dragged tile would land now, and the triangle under it (FALSE: off the table). */
static const TrioTriPlacement *
drag_target (TrioTriominoView *self,
             gboolean         *on_table,
             int              *row,
             int              *col)
{
  graphene_point_t centre, p;
  double cx, cy, side;

  drag_shape (self, &cx, &cy, &side);
  graphene_point_init (&centre, cx, cy);
  *on_table = gtk_widget_compute_point (GTK_WIDGET (self), self->table, &centre, &p)
              && p.x >= 0 && p.y >= 0 && p.x < gtk_widget_get_width (self->table)
              && p.y < gtk_widget_get_height (self->table)
              && trio_tri_triangle_at (&self->geom, p.x, p.y, row, col);
  if (!*on_table)
    return NULL;
  return trio_tri_drop_target (self->placements, &self->geom, self->drag_tile,
                               self->rotation[self->drag_tile], p.x, p.y);
}

static void
hand_drag_begin (GtkGestureDrag   *gesture G_GNUC_UNUSED,
                 double            x,
                 double            y,
                 TrioTriominoView *self)
{
  TrioTriHand hand;
  double cx, cy, side;
  int i;

  gtk_widget_grab_focus (self->table);
  trio_tri_animation_finish (self->animation);
  trio_triomino_view_say (self, NULL);
  self->press_tile = -1;
  if (!self->interactive)
    return;
  trio_triomino_view_read_hand (self, &hand);
  i = trio_tri_hand_tile_at (&hand, x, y);
  if (i < 0)
    return;
  self->press_tile = self->hand[i];
  self->press_selected = self->press_tile == self->selected;
  trio_tri_shape_of (hand.pts[i], &cx, &cy, &side);
  self->grab_x = (cx - x) / side;
  self->grab_y = (cy - y) / side;
  if (!self->press_selected)
    trio_triomino_view_select (self, self->press_tile, FALSE);
}

static void
hand_drag_update (GtkGestureDrag   *gesture,
                  double            dx,
                  double            dy,
                  TrioTriominoView *self)
{
  const TrioTriPlacement *target;
  graphene_point_t pointer, p;
  gboolean on_table;
  double x0, y0;
  int row, col;

  if (self->press_tile < 0 || !self->interactive)
    return;
  if (self->drag_tile < 0 && hypot (dx, dy) < TRIO_TRI_DRAG_THRESHOLD)
    return;
  self->drag_tile = self->press_tile;
  gtk_gesture_drag_get_start_point (gesture, &x0, &y0);
  graphene_point_init (&pointer, x0 + dx, y0 + dy);
  if (!gtk_widget_compute_point (self->hand_area, GTK_WIDGET (self), &pointer, &p))
    return;
  self->drag_x = p.x;
  self->drag_y = p.y;
  /* The place it would land on shows its ghost under it. */
  target = drag_target (self, &on_table, &row, &col);
  self->has_cursor = target != NULL;
  self->pointer_cursor = TRUE;
  if (target != NULL)
    {
      self->cursor_row = target->row;
      self->cursor_col = target->col;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  trio_triomino_view_redraw (self);
}

static void
drop (TrioTriominoView *self)
{
  const TrioTriPlacement *target;
  gboolean on_table;
  int row, col;

  target = drag_target (self, &on_table, &row, &col);
  self->drag_tile = -1;
  self->has_cursor = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (target != NULL)
    {
      BgMove move = target->move;

      /* Already where it lands: no flight from the hand. */
      trio_tri_animation_settle (self->animation, move);
      trio_triomino_view_choose (self, move);
      return;
    }
  /* Elsewhere it goes back to the hand; on the table, it says why it cannot go there. */
  if (on_table)
    refuse (self, row, col);
  trio_triomino_view_redraw (self);
}

static void
hand_drag_end (GtkGestureDrag   *gesture G_GNUC_UNUSED,
               double            dx G_GNUC_UNUSED,
               double            dy G_GNUC_UNUSED,
               TrioTriominoView *self)
{
  int tile = self->press_tile;

  self->press_tile = -1;
  if (tile < 0 || !self->interactive)
    {
      self->drag_tile = -1;
      return;
    }
  if (self->drag_tile >= 0)
    drop (self);
  else if (self->press_selected && self->selected == tile)
    /* A second click on the selected tile turns it, as the R key does. */
    trio_triomino_view_rotate (self);
}

static void
hand_drag_cancel (GtkGesture       *gesture G_GNUC_UNUSED,
                  GdkEventSequence *sequence G_GNUC_UNUSED,
                  TrioTriominoView *self)
{
  self->press_tile = self->drag_tile = -1;
  self->has_cursor = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  trio_triomino_view_redraw (self);
}

void
trio_triomino_view_snapshot_drag (TrioTriominoView *self,
                                  GtkSnapshot      *snapshot)
{
  graphene_rect_t box;
  double cx, cy, side, pts[3][2];
  int values[3];
  cairo_t *cr;

  if (self->drag_tile < 0)
    return;
  drag_shape (self, &cx, &cy, &side);
  side *= DRAG_LIFT;
  trio_tri_turned_points (cx, cy, side, 0, 1, pts);
  trio_tri_corner_values (self->drag_tile, self->rotation[self->drag_tile], TRUE, values);
  graphene_rect_init (&box, cx - side, cy - side, 2 * side, 2 * side);
  cr = gtk_snapshot_append_cairo (snapshot, &box);
  trio_tri_draw_tile (cr, pts, values, TRIO_TILE_NORMAL);
  cairo_destroy (cr);
}

/* The keys */

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
  trio_triomino_view_select (self, self->hand[index], TRUE);
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
  trio_triomino_view_redraw (self);
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
      trio_triomino_view_rotate (self);
      return TRUE;
    case GDK_KEY_d:
    case GDK_KEY_D:
      if (!plain || self->draw_move == BG_MOVE_NONE)
        return FALSE;
      trio_triomino_view_choose (self, self->draw_move);
      return TRUE;
    case GDK_KEY_p:
    case GDK_KEY_P:
      if (!plain || self->pass_move == BG_MOVE_NONE)
        return FALSE;
      trio_triomino_view_choose (self, self->pass_move);
      return TRUE;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      p = trio_triomino_view_cursor_placement (self);
      if (p == NULL)
        return FALSE;
      trio_triomino_view_choose (self, p->move);
      return TRUE;
    case GDK_KEY_Escape:
      if (self->selected < 0)
        return FALSE;
      trio_triomino_view_select (self, -1, FALSE);
      return TRUE;
    default:
      return FALSE;
    }
}

void
trio_triomino_view_add_controllers (TrioTriominoView *self)
{
  GtkEventController *controller;
  GtkGesture *drag;

  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  g_signal_connect (controller, "pressed", G_CALLBACK (table_pressed), self);
  gtk_widget_add_controller (self->table, controller);
  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (table_motion), self);
  gtk_widget_add_controller (self->table, controller);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (hand_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (hand_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (hand_drag_end), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (hand_drag_cancel), self);
  gtk_widget_add_controller (self->hand_area, GTK_EVENT_CONTROLLER (drag));

  /* On the whole view, so that the keys work whichever child has the focus. */
  controller = gtk_event_controller_key_new ();
  g_signal_connect (controller, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}
