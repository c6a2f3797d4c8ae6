/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-view-input.c: how TrioBoardView takes the pointer (clicks and drags) and the
 * keys (the cursor, Enter, Escape) */

#include <math.h>

#include "trio-board-view-private.h"

/* Pointer */

static int
location_at (TrioBoardView *self,
             double         x,
             double         y)
{
  if (self->renderer_data == NULL)
    return -1;
  return self->renderer->location_at (self->renderer_data,
                                      gtk_widget_get_width (GTK_WIDGET (self)),
                                      gtk_widget_get_height (GTK_WIDGET (self)), x, y);
}

static void
on_click_released (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   TrioBoardView   *self)
{
  int location;

  if (self->drag_location >= 0)
    return;
  location = location_at (self, x, y);
  if (self->cursor_visible)
    {
      self->cursor_visible = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  if (location >= 0)
    {
      self->cursor = location;
      trio_board_view_update_accessible (self);
      trio_board_view_choose_location (self, location);
    }
  else if (trio_board_view_n_selected (self) > 0)
    trio_board_view_cancel_selection (self);
}

static void
on_click_pressed (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  TrioBoardView   *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               TrioBoardView  *self)
{
  self->press_location = location_at (self, x, y);
  self->drag_location = -1;
}

/* A piece that cannot be chosen is dragged: say why, once, as a click would (the selection
 * stays: after a mill, a piece of the opponent's may be dragged that a click takes). */
static void
refuse_drag (TrioBoardView *self,
             int            from)
{
  g_autofree char *reason = trio_board_selection_explain (self->selection, (guint) from);

  self->press_location = -1;
  if (reason != NULL)
    trio_board_view_refuse (self, (guint) from, reason);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                TrioBoardView  *self)
{
  double x0, y0;
  int from = self->press_location;

  gtk_gesture_drag_get_start_point (gesture, &x0, &y0);
  if (self->drag_location < 0)
    {
      const void *pos;

      if (from < 0 || hypot (dx, dy) < DRAG_THRESHOLD || self->game == NULL
          || !self->interactive)
        return;
      trio_board_view_ensure_fresh (self);
      pos = bg_game_get_position (self->game);
      /* Only a piece that starts a move can be dragged (a placement has nothing to drag). */
      if (self->rules->piece_at (pos, from) == BG_NO_PIECE)
        return;
      if (!(trio_board_view_n_selected (self) == 1
            && trio_board_view_first_selected (self) == (guint) from))
        {
          if (!(trio_board_view_n_selected (self) == 0
                && trio_board_selection_is_target (self->selection, from))
              && !trio_board_selection_is_start (self->selection, from))
            {
              refuse_drag (self, from);
              return;
            }
          trio_board_view_cancel_selection (self);
          if (!trio_board_view_choose_location (self, from))
            return;
        }
      self->drag_location = from;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
  self->drag_x = x0 + dx;
  self->drag_y = y0 + dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             TrioBoardView  *self)
{
  double x0, y0;
  int to;

  if (self->drag_location < 0)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x0, &y0);
  to = location_at (self, x0 + dx, y0 + dy);
  self->drag_location = -1;
  self->press_location = -1;
  /* Released on a target: go on with the move; elsewhere the piece stays selected (and a
   * point it cannot go to is told why). */
  if (to >= 0 && trio_board_view_n_selected (self) > 0
      && to != (int) trio_board_view_first_selected (self)
      && trio_board_selection_is_target (self->selection, to))
    {
      self->dragging = TRUE;
      trio_board_view_choose_location (self, to);
      self->dragging = FALSE;
    }
  else if (to >= 0 && trio_board_view_n_selected (self) > 0
           && to != (int) trio_board_view_first_selected (self))
    {
      g_autofree char *reason = trio_board_selection_explain (self->selection, (guint) to);

      if (reason != NULL)
        trio_board_view_refuse (self, (guint) to, reason);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_cancel (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                TrioBoardView    *self)
{
  self->drag_location = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Keyboard */

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                TrioBoardView         *self)
{
  double dx = 0, dy = 0;
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  guint n = self->rules != NULL ? self->rules->n_locations : 0;

  if (self->game == NULL || self->renderer_data == NULL || n == 0)
    return FALSE;
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;

  switch (keyval)
    {
    case GDK_KEY_Escape:
      if (trio_board_view_n_selected (self) == 0 && self->drag_location < 0)
        return FALSE;
      trio_board_view_cancel_selection (self);
      return TRUE;
    case GDK_KEY_Left: case GDK_KEY_KP_Left: dx = -1; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: dx = 1; break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: dy = -1; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: dy = 1; break;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_ISO_Enter:
    case GDK_KEY_space: case GDK_KEY_KP_Space:
      break;
    default:
      return FALSE;
    }

  /* The first key only shows the cursor where it is (first near the centre). */
  if (self->cursor < 0)
    self->cursor = trio_board_view_n_selected (self) > 0
                   ? (int) trio_board_view_first_selected (self)
                   : trio_board_renderer_central (self->renderer, self->renderer_data, n, w, h);
  if (!self->cursor_visible)
    self->cursor_visible = TRUE;
  else if (dx != 0 || dy != 0)
    {
      int next = trio_board_renderer_step (self->renderer, self->renderer_data, n, w, h,
                                           self->cursor, dx, dy);

      if (next >= 0)
        self->cursor = next;
    }
  if (dx == 0 && dy == 0)
    trio_board_view_choose_location (self, self->cursor);

  trio_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

/* The location under the pointer: a renderer may mark it (TRICHESS outlines the piece that
 * may be chosen there, and no other). */
static void
set_hover (TrioBoardView *self,
           int            location)
{
  if (self->hover == location)
    return;
  self->hover = location;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           TrioBoardView            *self)
{
  set_hover (self, location_at (self, x, y));
}

static void
on_leave (GtkEventControllerMotion *controller,
          TrioBoardView            *self)
{
  set_hover (self, -1);
}

static void
on_focus_changed (GtkEventControllerFocus *controller,
                  TrioBoardView           *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
trio_board_view_add_controllers (TrioBoardView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *click, *drag;
  GtkEventController *key, *focus, *motion;

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_click_pressed), self);
  g_signal_connect (click, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (on_drag_cancel), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));

  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (widget, key);

  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (widget, focus);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, motion);
}
