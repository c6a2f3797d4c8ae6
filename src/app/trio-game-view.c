/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-view.c: what the window asks of a game's view and of its side sheet */

#include "trio-game-view.h"

G_DEFINE_INTERFACE (TrioGameView, trio_game_view, GTK_TYPE_WIDGET)

enum
{
  MOVE_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
trio_game_view_default_init (TrioGameViewInterface *iface)
{
  signals[MOVE_CHOSEN] = g_signal_new ("move-chosen", G_TYPE_FROM_INTERFACE (iface),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_UINT);
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
trio_game_view_move_chosen (TrioGameView *self,
                            BgMove        move)
{
  g_return_if_fail (TRIO_IS_GAME_VIEW (self));

  g_signal_emit (self, signals[MOVE_CHOSEN], 0, (guint) move);
}
