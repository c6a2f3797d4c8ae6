/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-view.c: the board of Triple Alliance, Marelle and TRICHESS, for mouse and keyboard
 *
 * The view knows no rule: which locations may be chosen, and when they make a move, is
 * TrioBoardSelection's (GTK-free, tested on its own); the view turns clicks, drags and keys
 * into choices and draws the result.
 */

#include <math.h>
#include <glib/gi18n.h>

#include "trio-board-view-private.h"
#include "games/trio-game-view.h"

static void trio_board_view_game_view_init (TrioGameViewInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TrioBoardView, trio_board_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (TRIO_TYPE_GAME_VIEW,
                                                      trio_board_view_game_view_init))

guint
trio_board_view_n_selected (TrioBoardView *self)
{
  guint n;

  trio_board_selection_get_selected (self->selection, &n);
  return n;
}

/* The first location chosen; only when trio_board_view_n_selected () > 0. */
guint
trio_board_view_first_selected (TrioBoardView *self)
{
  guint n;

  return trio_board_selection_get_selected (self->selection, &n)[0];
}

void
trio_board_view_update_accessible (TrioBoardView *self)
{
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;
  guint n_targets;

  if (self->game == NULL || self->renderer == NULL || self->cursor < 0)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                      -1);
      return;
    }

  {
    char name[16];
    int piece = self->rules->piece_at (bg_game_get_position (self->game), self->cursor);
    g_autofree char *content = NULL;

    self->rules->location_name (self->cursor, name, sizeof name);
    content = piece == BG_NO_PIECE ? g_strdup (_("empty"))
                                   : self->renderer->describe_piece (self->renderer_data,
                                                                     piece);
    label = trio_board_advice_label (&self->advice, self->cursor, name, content);
  }

  trio_board_selection_get_targets (self->selection, &n_targets);
  if (trio_board_view_n_selected (self) > 0)
    {
      char name[16];

      self->rules->location_name (trio_board_view_first_selected (self), name, sizeof name);
      description = g_strdup_printf (ngettext ("%s selected; %u possible choice",
                                               "%s selected; %u possible choices",
                                               n_targets),
                                     name, n_targets);
    }
  else
    description = g_strdup (_("Arrow keys move over the board; Enter chooses"));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
}

static void
selection_changed (TrioBoardView *self)
{
  guint n;
  const guint *selected = trio_board_selection_get_selected (self->selection, &n);
  gboolean removal = trio_board_selection_is_choosing_removal (self->selection);

  trio_board_recent_choose (&self->recent, self->game, selected, n);
  trio_board_advice_choose (&self->advice, selected, n);
  trio_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (removal != self->choosing_removal)
    {
      self->choosing_removal = removal;
      trio_game_view_choosing_removal_changed (TRIO_GAME_VIEW (self));
    }
}

void
trio_board_view_refuse (TrioBoardView *self,
                        guint          location,
                        const char    *reason)
{
  char name[16];

  self->rules->location_name (location, name, sizeof name);
  g_debug ("board: %s refused: %s", name, reason);
  trio_game_view_refused (TRIO_GAME_VIEW (self), reason);
}

/* What giving up a selection undoes besides the selection: the drag, the choice popover. */
static void
forget_pointer (TrioBoardView *self)
{
  self->drag_location = -1;
  self->press_location = -1;
  if (self->popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->popover));
}

void
trio_board_view_cancel_selection (TrioBoardView *self)
{
  trio_board_selection_clear (self->selection);
  selection_changed (self);
  /* After emptying the selection, so that the popover's "closed" handler does nothing. */
  forget_pointer (self);
}

/* The advisor's values, while it is on and a human is to move (rated once per position). */
static void
read_advice (TrioBoardView *self)
{
  trio_board_advice_read_default (&self->advice, self->advice_on && self->interactive,
                                  self->game);
}

/* Reads the game again: legal moves, each seat's last move, marks, advice, cursor. */
static void
refresh (TrioBoardView *self)
{
  const BgGame *game = self->game;

  trio_board_selection_set_game (self->selection, game);
  trio_board_recent_read (&self->recent, game);
  read_advice (self);
  self->drag_location = -1;
  self->press_location = -1;
  trio_board_motion_follow (&self->motion, GTK_WIDGET (self), game, self->settled_move);
  self->settled_move = BG_MOVE_NONE;
  if (game != NULL && self->cursor >= (int) self->rules->n_locations)
    self->cursor = -1;
  selection_changed (self);
}

/* The game may have changed behind the view's back (a caller that forgot to update): never
 * act on stale moves. */
void
trio_board_view_ensure_fresh (TrioBoardView *self)
{
  if (trio_board_selection_is_stale (self->selection))
    refresh (self);
}

static void
on_popover_button_clicked (GtkButton     *button,
                           TrioBoardView *self)
{
  BgMove move = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "trio-move"));

  trio_board_view_ensure_fresh (self);
  if (self->game != NULL && bg_game_is_legal (self->game, move))
    {
      trio_board_view_cancel_selection (self);
      trio_game_view_move_chosen (TRIO_GAME_VIEW (self), move);
    }
  else
    trio_board_view_cancel_selection (self);
}

static void
on_popover_closed (GtkPopover    *popover,
                   TrioBoardView *self)
{
  /* Closing without a choice gives up the move; after a choice the selection is empty. */
  if (trio_board_view_n_selected (self) > 0 && !self->choosing)
    trio_board_view_cancel_selection (self);
}

/* Several legal moves share the same locations (a promotion): let the player pick one. */
static void
show_choice (TrioBoardView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  int w = gtk_widget_get_width (GTK_WIDGET (self));
  int h = gtk_widget_get_height (GTK_WIDGET (self));
  guint n_sel, n;
  const guint *selected = trio_board_selection_get_selected (self->selection, &n_sel);
  const BgMove *choices = trio_board_selection_get_choices (self->selection, &n);
  double x, y;

  if (self->popover == NULL)
    {
      self->popover = gtk_popover_new ();
      gtk_widget_set_parent (self->popover, GTK_WIDGET (self));
      g_signal_connect (self->popover, "closed", G_CALLBACK (on_popover_closed), self);
    }

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *notation = bg_game_format_move (self->game, choices[i]);
      g_autofree char *label = trio_board_selection_choice_label (self->game, choices[i],
                                                                  self->tgame->kind_names,
                                                                  self->tgame->n_kinds);
      GtkWidget *button = gtk_button_new_with_label (label);

      gtk_widget_set_tooltip_text (button, notation);
      g_object_set_data (G_OBJECT (button), "trio-move", GUINT_TO_POINTER (choices[i]));
      g_signal_connect (button, "clicked", G_CALLBACK (on_popover_button_clicked), self);
      gtk_box_append (GTK_BOX (box), button);
    }
  gtk_popover_set_child (GTK_POPOVER (self->popover), box);

  self->renderer->location_center (self->renderer_data, w, h, selected[n_sel - 1], &x, &y);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover),
                               &(GdkRectangle) { (int) x - 4, (int) y - 4, 8, 8 });
  gtk_popover_popup (GTK_POPOVER (self->popover));
}

gboolean
trio_board_view_choose_location (TrioBoardView *self,
                                 guint          location)
{
  TrioSelectionResult result;

  g_return_val_if_fail (TRIO_IS_BOARD_VIEW (self), FALSE);

  if (self->game == NULL || !self->interactive)
    return FALSE;
  trio_board_view_ensure_fresh (self);
  if (location >= self->rules->n_locations)
    return FALSE;

  result = trio_board_selection_choose (self->selection, location);
  self->choosing = TRUE;
  if (result.gave_up || result.outcome == TRIO_SELECTION_CANCELLED
      || result.outcome == TRIO_SELECTION_COMPLETE)
    forget_pointer (self);
  self->choosing = FALSE;
  selection_changed (self);

  switch (result.outcome)
    {
    case TRIO_SELECTION_REFUSED:
      if (trio_board_selection_get_refusal (self->selection) != NULL)
        trio_board_view_refuse (self, location,
                                trio_board_selection_get_refusal (self->selection));
      return FALSE;
    case TRIO_SELECTION_COMPLETE:
      /* A piece dragged to its destination, or shown there while the piece to remove was
       * chosen, settles there rather than glide. */
      if (self->dragging || trio_board_is_removal (self->game, result.move, location))
        self->settled_move = result.move;
      trio_game_view_move_chosen (TRIO_GAME_VIEW (self), result.move);
      break;
    case TRIO_SELECTION_AMBIGUOUS:
      show_choice (self);
      break;
    case TRIO_SELECTION_CANCELLED:
    case TRIO_SELECTION_EXTENDED:
    default:
      break;
    }
  return TRUE;
}

/* Snapshot */

static void
invalidate_board (TrioBoardView *self)
{
  g_clear_object (&self->board.texture);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
trio_board_view_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  TrioBoardView *self = TRIO_BOARD_VIEW (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  TrioBoardState state = { 0 };
  gboolean moving;
  cairo_t *cr;

  if (self->game == NULL || self->renderer_data == NULL || w <= 0 || h <= 0)
    return;

  state.game = self->game;
  state.position = bg_game_get_position (self->game);
  state.cursor = self->cursor;
  state.cursor_visible = self->cursor_visible && gtk_widget_has_focus (widget);
  state.hover = self->hover;
  state.selected = trio_board_selection_get_selected (self->selection, &state.n_selected);
  state.targets = trio_board_selection_get_targets (self->selection, &state.n_targets);
  state.hint = self->hint;
  state.drag_location = self->drag_location;
  state.drag_x = self->drag_x;
  state.drag_y = self->drag_y;
  moving = trio_board_motion_frame (&self->motion, self->renderer, self->renderer_data, w, h,
                                    &state);
  trio_board_recent_fill (&self->recent, moving, &state);
  trio_board_advice_fill (&self->advice, moving, &state);

  self->n_frames++;
  gtk_snapshot_append_texture (snapshot,
                               trio_board_picture_get (&self->board, self->renderer,
                                                       self->renderer_data, w, h,
                                                       gtk_widget_get_scale_factor (widget)),
                               &GRAPHENE_RECT_INIT (0, 0, w, h));
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  self->renderer->draw (self->renderer_data, cr, w, h, &state);
  cairo_destroy (cr);
}

static GtkSizeRequestMode
trio_board_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
trio_board_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  *minimum = 240;
  /* As tall as it is wide, for the height it takes when the side panel is under it. */
  *natural = orientation == GTK_ORIENTATION_VERTICAL && for_size >= 0 ? MAX (for_size, 240)
                                                                      : 480;
}

static void
trio_board_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  TrioBoardView *self = TRIO_BOARD_VIEW (widget);

  if (self->popover != NULL)
    gtk_popover_present (GTK_POPOVER (self->popover));
}

/* Life cycle */

static void
trio_board_view_realize (GtkWidget *widget)
{
  GtkSettings *settings = gtk_widget_get_settings (widget);

  GTK_WIDGET_CLASS (trio_board_view_parent_class)->realize (widget);
  /* The pictures are fixed art today, but one that follows the theme must be redrawn. */
  g_signal_connect_object (settings, "notify::gtk-theme-name",
                           G_CALLBACK (invalidate_board), widget, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::gtk-application-prefer-dark-theme",
                           G_CALLBACK (invalidate_board), widget, G_CONNECT_SWAPPED);
}

static void
trio_board_view_unrealize (GtkWidget *widget)
{
  g_signal_handlers_disconnect_by_func (gtk_widget_get_settings (widget), invalidate_board,
                                        widget);
  g_clear_object (&TRIO_BOARD_VIEW (widget)->board.texture);
  GTK_WIDGET_CLASS (trio_board_view_parent_class)->unrealize (widget);
}

static void
destroy_renderer (TrioBoardView *self)
{
  if (self->renderer != NULL && self->renderer_data != NULL)
    self->renderer->destroy (self->renderer_data);
  self->renderer_data = NULL;
  self->renderer = NULL;
}

static void
trio_board_view_dispose (GObject *object)
{
  TrioBoardView *self = TRIO_BOARD_VIEW (object);

  if (self->n_frames > 0)
    g_debug ("board view: %u frames drawn, the board picture rendered %u times",
             self->n_frames, self->board.n_renders);
  self->n_frames = 0;
  g_clear_pointer (&self->popover, gtk_widget_unparent);
  trio_board_motion_reset (&self->motion);
  destroy_renderer (self);
  g_clear_object (&self->board.texture);
  g_clear_pointer (&self->options, g_hash_table_unref);
  trio_board_selection_set_game (self->selection, NULL);
  trio_board_recent_clear (&self->recent);
  trio_board_advice_clear (&self->advice);
  self->game = NULL;

  G_OBJECT_CLASS (trio_board_view_parent_class)->dispose (object);
}

static void
trio_board_view_finalize (GObject *object)
{
  TrioBoardView *self = TRIO_BOARD_VIEW (object);

  trio_board_selection_free (self->selection);

  G_OBJECT_CLASS (trio_board_view_parent_class)->finalize (object);
}

static void
trio_board_view_class_init (TrioBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = trio_board_view_dispose;
  object_class->finalize = trio_board_view_finalize;
  widget_class->snapshot = trio_board_view_snapshot;
  widget_class->get_request_mode = trio_board_view_get_request_mode;
  widget_class->measure = trio_board_view_measure;
  widget_class->size_allocate = trio_board_view_size_allocate;
  widget_class->realize = trio_board_view_realize;
  widget_class->unrealize = trio_board_view_unrealize;

  gtk_widget_class_set_css_name (widget_class, "trio-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
trio_board_view_init (TrioBoardView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->cursor = -1;
  self->hover = -1;
  self->press_location = -1;
  self->drag_location = -1;
  self->hint = BG_MOVE_NONE;
  self->settled_move = BG_MOVE_NONE;
  self->interactive = TRUE;
  self->selection = trio_board_selection_new ();

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_focus_on_click (widget, TRUE);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_vexpand (widget, TRUE);
  gtk_widget_set_margin_start (widget, 12);
  gtk_widget_set_margin_end (widget, 12);
  gtk_widget_set_margin_top (widget, 12);
  gtk_widget_set_margin_bottom (widget, 12);

  trio_board_view_add_controllers (self);
  trio_board_view_update_accessible (self);
}

GtkWidget *
trio_board_view_new (void)
{
  return g_object_new (TRIO_TYPE_BOARD_VIEW, NULL);
}

static void
trio_board_view_set_game (TrioGameView *view,
                          const BgGame *game)
{
  TrioBoardView *self = TRIO_BOARD_VIEW (view);

  if (self->popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->popover));
  self->hint = BG_MOVE_NONE;
  /* A game of the same rules and options (a copy of the game, as the review shows) keeps
   * the renderer and the board picture, and its move may be animated. */
  if (self->renderer_data != NULL && trio_board_same_board (self->rules, self->options, game))
    {
      self->game = game;
      refresh (self);
      return;
    }
  destroy_renderer (self);
  g_clear_object (&self->board.texture);
  g_clear_pointer (&self->options, g_hash_table_unref);
  trio_board_motion_reset (&self->motion);
  self->game = game;
  self->rules = game != NULL ? bg_game_get_rules (game) : NULL;
  self->tgame = game != NULL ? trio_game_for (game) : NULL;
  self->cursor = -1;
  self->cursor_visible = FALSE;

  if (game != NULL)
    {
      g_autoptr (GError) error = NULL;

      self->renderer_data = self->tgame != NULL
                            ? trio_game_create_board (self->tgame, game, &error) : NULL;
      self->renderer = self->renderer_data != NULL ? self->tgame->renderer : NULL;
      if (self->renderer_data != NULL)
        self->options = g_hash_table_ref (bg_game_get_options (game));
      else
        {
          g_warning ("No board for %s: %s", self->rules->id,
                     error != NULL ? error->message : "not a game of the application");
          self->game = NULL;
          self->rules = NULL;
          self->tgame = NULL;
        }
    }
  refresh (self);
}

static void
trio_board_view_update (TrioGameView *view)
{
  TrioBoardView *self = TRIO_BOARD_VIEW (view);

  if (self->popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->popover));
  self->hint = BG_MOVE_NONE;
  refresh (self);
}

static void
trio_board_view_set_interactive (TrioGameView *view,
                                 gboolean      interactive)
{
  TrioBoardView *self = TRIO_BOARD_VIEW (view);

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  trio_board_selection_set_interactive (self->selection, interactive);
  trio_board_view_ensure_fresh (self);
  read_advice (self);
  trio_board_view_cancel_selection (self);
}

static void
trio_board_view_set_advice (TrioGameView *view,
                            gboolean      advice)
{
  TrioBoardView *self = TRIO_BOARD_VIEW (view);

  /* Read again only when it changes (or the table came meanwhile); a selection stays. */
  if (self->advice_on == !!advice && !!advice == trio_board_advice_is_set (&self->advice))
    return;
  self->advice_on = !!advice;
  trio_board_view_ensure_fresh (self);
  read_advice (self);
  selection_changed (self);
}

static void
trio_board_view_set_hint (TrioGameView *view,
                          BgMove        hint)
{
  TrioBoardView *self = TRIO_BOARD_VIEW (view);

  self->hint = hint;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
trio_board_view_is_choosing_removal (TrioGameView *view)
{
  return TRIO_BOARD_VIEW (view)->choosing_removal;
}

static BgMove
trio_board_view_get_removal_move (TrioGameView *view)
{
  return trio_board_selection_get_removal_move (TRIO_BOARD_VIEW (view)->selection);
}

static void
trio_board_view_game_view_init (TrioGameViewInterface *iface)
{
  iface->is_choosing_removal = trio_board_view_is_choosing_removal;
  iface->get_removal_move = trio_board_view_get_removal_move;
  iface->set_game = trio_board_view_set_game;
  iface->update = trio_board_view_update;
  iface->set_interactive = trio_board_view_set_interactive;
  iface->set_hint = trio_board_view_set_hint;
  iface->set_advice = trio_board_view_set_advice;
}
