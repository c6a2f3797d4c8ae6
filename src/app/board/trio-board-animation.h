/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-animation.h: the animation of one move on the boards of TrioBoardView
 *
 * Plain C over the engine, no GObject: whether a game is one move after what the view
 * showed, what the pieces of that move do (the moving piece glides along the path the
 * engine gives, a placed piece drops in, a removed or captured piece fades, a piece that
 * moves with it, the rook of a castling, glides too), and where they stand at each moment
 * of the animation on the renderer's geometry. TrioBoardView drives it from the frame
 * clock; the move's rules are the engine's, its look the renderer's.
 */
#pragma once

#include "trio-board-renderer.h"

G_BEGIN_DECLS

typedef struct _TrioBoardAnimation TrioBoardAnimation;

/* Whether game is exactly one move after the position a view showed: it has one move more
 * than shown_n_played, and the position before its last move has the key shown_key. */
gboolean            trio_board_animation_follows  (const BgGame *game,
                                                   guint         shown_n_played,
                                                   guint64       shown_key);

/* The animation of the last move played in game, or NULL when there is none or it moves
 * nothing on the board (a pass). settled: the player has put the piece on its destination
 * already (dragged it there, or saw it there while choosing the piece to remove), so it
 * settles in place rather than glide. The animation keeps no pointer into game. */
TrioBoardAnimation *trio_board_animation_new      (const BgGame *game,
                                                   gboolean      settled);
void                trio_board_animation_free     (TrioBoardAnimation *self);

/* The index of the move animated (bg_game_get_played_move()). */
guint               trio_board_animation_get_move (const TrioBoardAnimation *self);

/* Fills state's hidden locations and sprites for the moment t (from 0 to 1, in time; the
 * easing is applied here) on a board drawn in width x height by renderer. The arrays
 * belong to the animation and change at its next frame. */
void                trio_board_animation_frame    (TrioBoardAnimation      *self,
                                                   const TrioBoardRenderer *renderer,
                                                   gpointer                 data,
                                                   double                   width,
                                                   double                   height,
                                                   double                   t,
                                                   TrioBoardState          *state);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TrioBoardAnimation, trio_board_animation_free)

/* A view's memory of what it showed last, and the move it animates on the frame clock.
 * Zero-initialised; no GObject, the view owns it. */
typedef struct
{
  gboolean            shown;
  guint               shown_n_played;
  guint64             shown_key;
  TrioBoardAnimation *animation;
  GtkWidget          *widget;       /* whose frame clock ticks, while an animation runs */
  guint               tick_id;
  gint64              start;
  double              t;
  guint               n_frames;
} TrioBoardMotion;

/* widget now shows game: when game is one move after what it showed last and GTK's
 * animations are on, animates that move (settled_move: a move whose piece the player put
 * in place, see trio_board_animation_new()), redrawing widget at every frame; otherwise
 * the game is drawn at once. The same position again lets a running animation go on.
 * NULL forgets what was shown. */
void     trio_board_motion_follow (TrioBoardMotion *self,
                                   GtkWidget       *widget,
                                   const BgGame    *game,
                                   BgMove           settled_move);
/* Stops any animation and forgets what was shown (the next game is drawn at once). */
void     trio_board_motion_reset  (TrioBoardMotion *self);
/* While a move is animated, fills state's hidden locations and sprites for the current
 * frame. Returns whether its piece is still on its way (the marks it makes, a mill, wait
 * for its arrival; a removed piece may still be fading). */
gboolean trio_board_motion_frame  (TrioBoardMotion         *self,
                                   const TrioBoardRenderer *renderer,
                                   gpointer                 data,
                                   double                   width,
                                   double                   height,
                                   TrioBoardState          *state);

G_END_DECLS
