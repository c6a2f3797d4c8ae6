/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-triple-alliance-naive.h: a naive reference of the La Triple Alliance rules
 *
 * Written apart from the engine, which test-triple-alliance.c compares it with: a 5 x 5
 * array without its centre, lines found by scanning, moves as plain structures.
 */

#pragma once

#include <glib.h>

typedef struct
{
  int cell[5][5];   /* [file][rank]: 0 empty, 1 or 2 a piece, -1 not a point (c3) */
  int hand[3];      /* hand[1], hand[2] */
  int turn;         /* 1 or 2 */
} RefPos;

typedef struct
{
  gboolean step;
  int ff, fr, tf, tr;
} RefMove;

gboolean ref_exists      (int            f,
                          int            r);
/* An empty board, nobody to move. */
void     ref_clear       (RefPos        *pos);
/* Parses "p1=a1,b2 p2=d4 hand=4,5 turn=2" (trusted input). */
void     ref_from_setup  (RefPos        *pos,
                          const char    *setup);
/* Every run of three points along a row or a column into lines; returns how many. */
int      ref_lines       (int            lines[][3][2]);
gboolean ref_has_line    (const RefPos  *pos,
                          int            player);
/* The moves of the player to move into moves (room for 64). */
int      ref_moves       (const RefPos  *pos,
                          RefMove       *moves);
void     ref_play        (RefPos        *pos,
                          const RefMove *move);
char    *ref_move_text   (const RefMove *move);
guint64  ref_perft       (const RefPos  *pos,
                          int            depth);
/* The legal moves' texts, sorted, separated by spaces. */
char    *ref_legal_text  (const RefPos  *pos);
