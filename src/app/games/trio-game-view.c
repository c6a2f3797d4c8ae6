/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-view.c: what the window asks of a game's view and of its side sheet */

#include "trio-game-view.h"

G_DEFINE_INTERFACE (TrioGameView, trio_game_view, GTK_TYPE_WIDGET)

enum
{
  MOVE_CHOSEN,
  REFUSED,
  CHOOSING_REMOVAL_CHANGED,
  UNCOVER_ASKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
trio_game_view_default_init (TrioGameViewInterface *iface)
{
  signals[MOVE_CHOSEN] = g_signal_new ("move-chosen", G_TYPE_FROM_INTERFACE (iface),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[REFUSED] = g_signal_new ("refused", G_TYPE_FROM_INTERFACE (iface),
                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[CHOOSING_REMOVAL_CHANGED] = g_signal_new ("choosing-removal-changed",
                                                    G_TYPE_FROM_INTERFACE (iface),
                                                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                    G_TYPE_NONE, 0);
  signals[UNCOVER_ASKED] = g_signal_new ("uncover-asked", G_TYPE_FROM_INTERFACE (iface),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 0);
}

void
trio_game_view_set_game (TrioGameView *self,
                         const BgGame *game)
{
  g_return_if_fail (TRIO_IS_GAME_VIEW (self));

  TRIO_GAME_VIEW_GET_IFACE (self)->set_game (self, game);
}

void
trio_game_view_update (TrioGameView *self)
{
  g_return_if_fail (TRIO_IS_GAME_VIEW (self));

  TRIO_GAME_VIEW_GET_IFACE (self)->update (self);
}

void
trio_game_view_set_interactive (TrioGameView *self,
                                gboolean      interactive)
{
  TrioGameViewInterface *iface;

  g_return_if_fail (TRIO_IS_GAME_VIEW (self));

  iface = TRIO_GAME_VIEW_GET_IFACE (self);
  if (iface->set_interactive != NULL)
    iface->set_interactive (self, interactive);
}

void
trio_game_view_set_hint (TrioGameView *self,
                         BgMove        hint)
{
  TrioGameViewInterface *iface;

  g_return_if_fail (TRIO_IS_GAME_VIEW (self));

  iface = TRIO_GAME_VIEW_GET_IFACE (self);
  if (iface->set_hint != NULL)
    iface->set_hint (self, hint);
}

void
trio_game_view_set_advice (TrioGameView *self,
                           gboolean      advice)
{
  TrioGameViewInterface *iface;

  g_return_if_fail (TRIO_IS_GAME_VIEW (self));

  iface = TRIO_GAME_VIEW_GET_IFACE (self);
  if (iface->set_advice != NULL)
    iface->set_advice (self, advice);
}

void
trio_game_view_set_names (TrioGameView      *self,
                          const char *const *names)
{
  TrioGameViewInterface *iface;

  g_return_if_fail (TRIO_IS_GAME_VIEW (self));

  iface = TRIO_GAME_VIEW_GET_IFACE (self);
  if (iface->set_names != NULL)
    iface->set_names (self, names);
}

void
trio_game_view_set_covered (TrioGameView *self,
                            gboolean      covered)
{
  TrioGameViewInterface *iface;

  g_return_if_fail (TRIO_IS_GAME_VIEW (self));

  iface = TRIO_GAME_VIEW_GET_IFACE (self);
  if (iface->set_covered != NULL)
    iface->set_covered (self, covered);
}

void
trio_game_view_set_viewer (TrioGameView *self,
                           int           seat)
{
  TrioGameViewInterface *iface;

  g_return_if_fail (TRIO_IS_GAME_VIEW (self));

  iface = TRIO_GAME_VIEW_GET_IFACE (self);
  if (iface->set_viewer != NULL)
    iface->set_viewer (self, seat);
}

void
trio_game_view_move_chosen (TrioGameView *self,
                            BgMove        move)
{
  g_return_if_fail (TRIO_IS_GAME_VIEW (self));

  g_signal_emit (self, signals[MOVE_CHOSEN], 0, (guint) move);
}

void
trio_game_view_refused (TrioGameView *self,
                        const char   *reason)
{
  g_return_if_fail (TRIO_IS_GAME_VIEW (self));
  g_return_if_fail (reason != NULL);

  g_signal_emit (self, signals[REFUSED], 0, reason);
}

gboolean
trio_game_view_is_choosing_removal (TrioGameView *self)
{
  TrioGameViewInterface *iface;

  g_return_val_if_fail (TRIO_IS_GAME_VIEW (self), FALSE);

  iface = TRIO_GAME_VIEW_GET_IFACE (self);
  return iface->is_choosing_removal != NULL && iface->is_choosing_removal (self);
}

BgMove
trio_game_view_get_removal_move (TrioGameView *self)
{
  TrioGameViewInterface *iface;

  g_return_val_if_fail (TRIO_IS_GAME_VIEW (self), BG_MOVE_NONE);

  iface = TRIO_GAME_VIEW_GET_IFACE (self);
  if (iface->get_removal_move == NULL || !trio_game_view_is_choosing_removal (self))
    return BG_MOVE_NONE;
  return iface->get_removal_move (self);
}

void
trio_game_view_choosing_removal_changed (TrioGameView *self)
{
  g_return_if_fail (TRIO_IS_GAME_VIEW (self));

  g_signal_emit (self, signals[CHOOSING_REMOVAL_CHANGED], 0);
}

void
trio_game_view_uncover_asked (TrioGameView *self)
{
  g_return_if_fail (TRIO_IS_GAME_VIEW (self));

  g_signal_emit (self, signals[UNCOVER_ASKED], 0);
}
