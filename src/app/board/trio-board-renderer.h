/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-renderer.h: how TrioBoardView draws one kind of board
 *
 * A renderer knows the geometry and the look of a board: where each location (a point or
 * a square, numbered as the rule set numbers them) lies, and how to draw the board, the
 * pieces and the highlights. All the interaction (selection, legal targets, keyboard
 * cursor, drag) is TrioBoardView's, and all the rules are libboardgames'.
 *
 * Coordinates: the renderer draws into a square or rectangle of width x height pixels
 * (logical pixels; the cairo context is already scaled for HiDPI) and must centre its
 * board in it, keeping its aspect ratio.
 */
#pragma once

#include <gtk/gtk.h>
#include <librsvg/rsvg.h>

#include "bg-game.h"
#include "bg-solved-table.h"

G_BEGIN_DECLS

/* The last move of one seat, for the marks that stay on the board until the seat moves
 * again. */
typedef struct
{
  int         player;
  BgMove      move;
  const void *position;   /* the position before the move */
  guint       age;        /* 0 for the game's last move, 1 for the one before it, ... */
} TrioSeatMove;

/* A piece drawn away from its location, while a move is animated: a glide along the
 * move's path, a drop, a fade. The size is that of a piece on size_from, size_to, or in
 * between (size_mix 0 to 1), times scale. */
typedef struct
{
  int    piece;           /* BG_PIECE */
  double x, y;            /* its centre, in the view's coordinates */
  double scale;           /* 1 at rest */
  double alpha;           /* 1 opaque */
  guint  size_from, size_to;
  double size_mix;
} TrioBoardSprite;

/* The advisor's mark on a location that may be chosen next (trio-board-advice.h): the best
 * of the solved table's values of the moves that choosing it leads to, for the player to
 * move. */
typedef struct
{
  guint     location;
  BgTaValue value;    /* a win, a draw or a loss, and its distance in plies */
  guint     moves;    /* the winner's moves to the end (trio_status_winner_moves()) */
  gboolean  best;     /* no other choice is worth more */
} TrioAdviceMark;

/* What the view wants shown, beyond the position itself. */
typedef struct
{
  const BgGame *game;
  int           cursor;           /* the keyboard cursor's location, or -1 */
  gboolean      cursor_visible;   /* only while the keyboard is in use */
  int           hover;            /* the location under the pointer, or -1 */
  const guint  *selected;         /* the locations chosen so far for the next move */
  guint         n_selected;
  const guint  *targets;          /* the locations that may be chosen next */
  guint         n_targets;
  BgMove        last_move;        /* BG_MOVE_NONE at the start; locations taken from the */
  const void   *last_position;    /* position before it (NULL if none) */
  BgMove        hint;             /* a suggested move to show, or BG_MOVE_NONE */
  const void   *position;         /* the position to draw (the game's current one) */
  int           drag_location;    /* a piece being dragged from here, or -1 */
  double        drag_x, drag_y;   /* where the dragged piece is drawn */
  /* The last move of each seat that has moved, the most recent first (last_move above is
   * the first of them). */
  const TrioSeatMove    *seat_moves;
  guint                  n_seat_moves;
  /* What the engine marks (bg_game_get_marks()): the winning line, a mill just closed (or
   * about to be, while its removal is chosen), kings in check. */
  const BgMark          *marks;
  guint                  n_marks;
  /* While a move is animated: locations whose piece is not drawn, and the sprites drawn
   * instead, in order (the lowest first). */
  const guint           *hidden;
  guint                  n_hidden;
  const TrioBoardSprite *sprites;
  guint                  n_sprites;
  /* The advisor (La Triple Alliance with the solved table): the value of each location
   * that may be chosen next, drawn as a badge there instead of the target's highlight. */
  const TrioAdviceMark  *advice;
  guint                  n_advice;
} TrioBoardState;

typedef struct _TrioBoardRenderer TrioBoardRenderer;

/* A renderer's private data (SVG handle, geometry for the game's options) comes from its
 * game's file (trio-game-<id>.c, through trio_game_create_board()), which chooses the
 * board picture; the renderer frees it. */
struct _TrioBoardRenderer
{
  void     (*destroy)         (gpointer      self);

  /* The board picture alone, which depends only on the size: the view renders it once per
   * size and scale into a texture and shows it under what draw() paints. */
  void     (*draw_board)      (gpointer              self,
                               cairo_t              *cr,
                               double                width,
                               double                height);
  /* Everything above the picture: highlights, pieces, cursor, on a transparent layer. */
  void     (*draw)            (gpointer              self,
                               cairo_t              *cr,
                               double                width,
                               double                height,
                               const TrioBoardState *state);

  /* The location at (x, y), or -1. */
  int      (*location_at)     (gpointer self,
                               double   width,
                               double   height,
                               double   x,
                               double   y);

  /* The centre of a location (for the keyboard cursor's moves and for drag feedback). */
  void     (*location_center) (gpointer self,
                               double   width,
                               double   height,
                               guint    location,
                               double  *x,
                               double  *y);

  /* A translated description of a piece for screen readers ("light piece", "red knight"). */
  char    *(*describe_piece)  (gpointer self,
                               int      piece);
};

/* Keyboard navigation, from the renderer's geometry: the location reached from `from` in
 * the direction (dir_x, dir_y) (-1 if none), and the location nearest the centre. */
int trio_board_renderer_step    (const TrioBoardRenderer *renderer,
                                 gpointer                 data,
                                 guint                    n_locations,
                                 double                   width,
                                 double                   height,
                                 int                      from,
                                 double                   dir_x,
                                 double                   dir_y);
int trio_board_renderer_central (const TrioBoardRenderer *renderer,
                                 gpointer                 data,
                                 guint                    n_locations,
                                 double                   width,
                                 double                   height);

/* The board picture (draw_board) at a size in logical pixels, in a texture of scale times
 * as many pixels. */
GdkTexture *trio_board_renderer_picture (const TrioBoardRenderer *renderer,
                                         gpointer                 data,
                                         int                      width,
                                         int                      height,
                                         int                      scale);

/* The board picture kept for one size and scale: librsvg takes milliseconds, too long for
 * every frame of a drag. Clear texture when the board or its look changes. */
typedef struct
{
  GdkTexture *texture;
  int         width, height, scale;
  guint       n_renders;
} TrioBoardPicture;

/* The picture at this size and scale, rendered again only if the kept one differs. */
GdkTexture *trio_board_picture_get (TrioBoardPicture        *picture,
                                    const TrioBoardRenderer *renderer,
                                    gpointer                 data,
                                    int                      width,
                                    int                      height,
                                    int                      scale);

/* Whether a renderer made for rules and options draws game: the same rules and equal
 * options (compared by value: the game the renderer was made for may be gone, and another
 * stand at its address). FALSE for a NULL game or options. */
gboolean trio_board_same_board (const BgRules *rules,
                                GHashTable    *options,
                                const BgGame  *game);

/* Loads an SVG file of the gresource (path below /io/github/triogames/Trio/). */
RsvgHandle *trio_board_load_svg (const char *name,
                                 GError    **error);

G_END_DECLS
