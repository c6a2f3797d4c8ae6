/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-layout.c: the main window's layout told in the debug log, whenever the
 * window's size changes: the window's size, where the side panel is (beside the board, or
 * under it in a narrow window) and how far the header bar's buttons reach (the GUI test
 * checks that they are all on screen at 800×600 and 360 pixels wide); full screen */

#include "widgets/trio-split-view.h"
#include "trio-window-private.h"

typedef struct
{
  int n_buttons;
  double left, right;
} HeaderReach;

/* The buttons shown in the header bar (its hidden ones are not mapped), in the window's
 * coordinates. */
static void
add_buttons (GtkWidget   *widget,
             GtkWidget   *window,
             HeaderReach *reach)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_BUTTON (widget) && gtk_widget_compute_bounds (widget, window, &bounds))
    {
      reach->left = reach->n_buttons == 0 ? bounds.origin.x
                                          : MIN (reach->left, bounds.origin.x);
      reach->right = MAX (reach->right, bounds.origin.x + bounds.size.width);
      reach->n_buttons++;
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    add_buttons (child, window, reach);
}

static void
log_layout (GdkFrameClock *clock,
            TrioWindow    *self)
{
  GtkWidget *window = GTK_WIDGET (self);
  GtkWidget *split = gtk_widget_get_ancestor (GTK_WIDGET (self->board_area),
                                              TRIO_TYPE_SPLIT_VIEW);
  GtkWidget *header = gtk_window_get_titlebar (GTK_WINDOW (self));
  HeaderReach reach = { 0 };
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);
  gboolean folded = split != NULL && trio_split_view_get_folded (TRIO_SPLIT_VIEW (split));
  int key = (width * 4 + (folded ? 2 : 0)) * 65536 + height;

  if (key == GPOINTER_TO_INT (g_object_get_data (G_OBJECT (self), "trio-layout-key")))
    return;
  g_object_set_data (G_OBJECT (self), "trio-layout-key", GINT_TO_POINTER (key));
  if (header != NULL)
    add_buttons (header, window, &reach);
  g_debug ("layout: window %dx%d, side panel %s the board, %d header bar buttons from x=%.0f "
           "to x=%.0f", width, height, folded ? "under" : "beside", reach.n_buttons,
           reach.left, reach.right);
}

static void
window_mapped (TrioWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  if (clock != NULL)
    g_signal_connect_object (clock, "after-paint", G_CALLBACK (log_layout), self, 0);
}

/* F11, and the main menu's check box. */
void
trio_window_fullscreen_activated (GSimpleAction *action,
                                  GVariant      *parameter,
                                  gpointer       user_data)
{
  GtkWindow *window = user_data;

  /* The change itself comes from the window manager (none in the GUI test's display). */
  g_debug ("fullscreen asked, %s", gtk_window_is_fullscreen (window) ? "leaving" : "entering");
  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

static void
fullscreen_changed (TrioWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "fullscreen");
  gboolean fullscreen = gtk_window_is_fullscreen (GTK_WINDOW (self));

  g_debug ("fullscreen: %s", fullscreen ? "on" : "off");
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (fullscreen));
}

void
trio_window_layout_init (TrioWindow *self)
{
  if (g_getenv ("G_MESSAGES_DEBUG") != NULL)
    g_signal_connect (self, "map", G_CALLBACK (window_mapped), NULL);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (fullscreen_changed), NULL);
}
