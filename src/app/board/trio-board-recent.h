/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-board-recent.h: what the boards show of a game besides its position: the last move
 * of every seat and the engine's marks
 *
 * Plain C over the engine. TrioBoardView reads them at each update and keeps copies (the
 * game may change before the next frame is drawn).
 */
#pragma once

#include "trio-board-renderer.h"

G_BEGIN_DECLS

/* The most seats whose last move is kept. */
#define TRIO_BOARD_RECENT_SEATS 6

typedef struct
{
  TrioSeatMove moves[TRIO_BOARD_RECENT_SEATS];  /* the most recent first */
  guint        n_moves;
  guint8      *positions;                       /* the position before each move */
  BgMark       marks[BG_MAX_MARKS];
  guint        n_marks;
  BgMark       pending[BG_MAX_MARKS];           /* the marks of a move being chosen */
  guint        n_pending;
} TrioBoardRecent;

/* Reads the last move of every seat that has moved (looking back at most two rounds) and
 * the marks of game's position; NULL forgets them. */
void  trio_board_recent_read   (TrioBoardRecent *self,
                                const BgGame    *game);
void  trio_board_recent_clear  (TrioBoardRecent *self);
/* The move being chosen has these locations so far: keeps its pending marks
 * (trio_board_pending_marks()); game NULL forgets them. */
void  trio_board_recent_choose (TrioBoardRecent *self,
                                const BgGame    *game,
                                const guint     *selected,
                                guint            n_selected);
/* Sets state's last move, seat moves and marks: the marks of a move being chosen, else
 * the position's, but while the last move's piece is on its way (moving): its marks come
 * when it arrives. */
void  trio_board_recent_fill   (const TrioBoardRecent *self,
                                gboolean               moving,
                                TrioBoardState        *state);

/* The marks a move being chosen will make, while the player chooses the piece to remove
 * (the mill he closes): when the locations selected so far are those of the legal moves
 * whose next location is a removal apart from their destination, the marks the engine
 * gives after one of them. 0 otherwise. */
guint trio_board_pending_marks (const BgGame *game,
                                const guint  *selected,
                                guint         n_selected,
                                BgMark       *marks,
                                guint         max);

/* Whether choosing location completed move by choosing the piece it removes, apart from
 * its destination (a mill's removal): the piece was shown on its destination meanwhile. */
gboolean trio_board_is_removal (const BgGame *game,
                                BgMove        move,
                                guint         location);

G_END_DECLS
