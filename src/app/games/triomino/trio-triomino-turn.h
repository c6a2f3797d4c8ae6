/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-turn.h: the last turn of a game of Triomino as the score sheet's "Last:" line
 * tells it: the tiles drawn and what they cost, then the placement and its points, or the
 * pass and its penalty. Read from the game's history; no display needed. */
#pragma once

#include "bg-game.h"
#include "triomino/bg-triomino.h"

G_BEGIN_DECLS

typedef struct
{
  int             player;        /* who moved last, or -1 before any move */
  guint           draws;         /* the tiles that player drew in that turn */
  int             draw_points;   /* what the draws cost: 0 or less (0 in the children's game) */
  gboolean        passed;        /* the turn ended with a pass */
  int             pass_points;   /* what the pass cost: 0 or less */
  gboolean        placed;        /* the turn ended with a placement, of score */
  BgTriominoScore score;
  gboolean        scored;        /* a game for points (not the children's game) */
} TrioTriTurn;

/* The last turn of game: its last move, with the draws of the same player before it in the
 * same round (a turn still going is its draws so far). */
void  trio_tri_last_turn  (const BgGame      *game,
                           TrioTriTurn       *turn);
/* The turn as a sentence, with name for its player: "Player 2 drew 3 tiles (−15), then
 * passed (−10)"; in the children's game without points: "Player 2, 1-2-3". */
char *trio_tri_turn_text  (const TrioTriTurn *turn,
                           const char        *name);

G_END_DECLS
