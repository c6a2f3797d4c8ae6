/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-view.h: what the window asks of a game's view and of its side sheet
 *
 * Each game's file (trio-game-<id>.c) makes its view and, if it has one, its side sheet;
 * both implement this interface, so the window shows any game without knowing which.
 */
#pragma once

#include <gtk/gtk.h>

#include "bg-game.h"

G_BEGIN_DECLS

#define TRIO_TYPE_GAME_VIEW (trio_game_view_get_type ())
G_DECLARE_INTERFACE (TrioGameView, trio_game_view, TRIO, GAME_VIEW, GtkWidget)

struct _TrioGameViewInterface
{
  GTypeInterface parent_iface;

  /* The game to show; the view keeps a pointer to it (owned by the caller) and reads it
   * on each update. NULL shows nothing. */
  void (*set_game)        (TrioGameView *self,
                           const BgGame *game);
  /* The game's position changed (a move, undo, redo): clears any selection and redraws. */
  void (*update)          (TrioGameView *self);
  /* Optional: whether a human may move now (FALSE while the computer thinks). */
  void (*set_interactive) (TrioGameView *self,
                           gboolean      interactive);
  /* Optional: shows a suggested move until the next update; BG_MOVE_NONE hides it. */
  void (*set_hint)        (TrioGameView *self,
                           BgMove        hint);
  /* Optional: whether to show the perfect value of each choice while a human is to move
   * (the advisor of La Triple Alliance, from the solved table when it is installed). */
  void (*set_advice)      (TrioGameView *self,
                           gboolean      advice);
  /* Optional: whether the player is choosing a piece to take (a move that closes a mill);
   * the view emits "choosing-removal-changed" when that changes. */
  gboolean (*is_choosing_removal) (TrioGameView *self);
  /* Optional, with is_choosing_removal: meanwhile, one of the moves the piece taken will
   * complete (they differ only by that piece: the pieces in hand after any of them are
   * those the window shows), or BG_MOVE_NONE. */
  BgMove   (*get_removal_move)    (TrioGameView *self);
  /* Optional: the players' names, as the window shows them (a NULL-terminated array, the
   * view copies it); NULL for the default ones. */
  void (*set_names)       (TrioGameView      *self,
                           const char *const *names);
  /* Optional, and needed by the view of a game that hides part of its position from the
   * other seats (bg_rules_has_hidden_information()): whether to cover what the seat to move
   * keeps hidden (Triomino's hand) for pass-and-play. While covered, that part is not drawn
   * at all, and a screen in its place names the player to pass the screen to, with a
   * button that has the keyboard focus and emits "uncover-asked". */
  void (*set_covered)     (TrioGameView *self,
                           gboolean      covered);
  /* Optional, and needed by the view of a game that hides part of its position: the seat
   * whose hidden part to show whoever is to move (online, the seat played at this screen:
   * its own hand only, always), or -1 for the seat to move. */
  void (*set_viewer)      (TrioGameView *self,
                           int           seat);
};

void trio_game_view_set_game        (TrioGameView *self,
                                     const BgGame *game);
void trio_game_view_update          (TrioGameView *self);
void trio_game_view_set_interactive (TrioGameView *self,
                                     gboolean      interactive);
void trio_game_view_set_hint        (TrioGameView *self,
                                     BgMove        hint);
void trio_game_view_set_advice      (TrioGameView *self,
                                     gboolean      advice);

void trio_game_view_set_names       (TrioGameView      *self,
                                     const char *const *names);
void trio_game_view_set_covered     (TrioGameView *self,
                                     gboolean      covered);
void trio_game_view_set_viewer      (TrioGameView *self,
                                     int           seat);

gboolean trio_game_view_is_choosing_removal (TrioGameView *self);
BgMove   trio_game_view_get_removal_move    (TrioGameView *self);

/* For the views: emits "move-chosen", "refused", "choosing-removal-changed" and
 * "uncover-asked". */
void trio_game_view_move_chosen     (TrioGameView *self,
                                     BgMove        move);
void trio_game_view_refused         (TrioGameView *self,
                                     const char   *reason);
void trio_game_view_choosing_removal_changed (TrioGameView *self);
void trio_game_view_uncover_asked   (TrioGameView *self);

/* Signal "move-chosen" (guint move): the player made a legal move (views only).
 * Signal "refused" (const char *reason): the rules refused what the player pointed at, for
 * that reason (the engine's words).
 * Signal "choosing-removal-changed": is_choosing_removal may say otherwise now.
 * Signal "uncover-asked": the player to move asks to see the part covered (set_covered). */

G_END_DECLS
