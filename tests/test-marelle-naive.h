/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-marelle-naive.h: a naive reference generator of the Marelle rules
 *
 * Written apart from the engine, which test-marelle.c compares it with: arrays, string
 * moves, no bitboards, both variants (standard: corners not linked by diagonals, mills
 * protected, flying at three).
 */

#pragma once

#include <glib.h>

/* Point r * 8 + k: ring r (0 outer, 1 middle, 2 inner), k counter-clockwise from the
 * bottom-left corner: corners at even k, midpoints at odd k. */
typedef struct
{
  char cell[24];   /* 0 empty, 1 or 2 the owner */
  int hand[2];
  int side;        /* 0 or 1 */
  int standard;
} Naive;

typedef struct
{
  int from, to, rem;  /* -1: none */
} NaiveMove;

/* The moves of n into out (room for 1024), none when a player is down to two. */
int     naive_moves     (const Naive *n,
                         NaiveMove   *out);
void    naive_play      (Naive       *n,
                         NaiveMove    m);
/* m in the engine's notation ("d1", "a1-d1", "d1xa7"), into buf (room for 32). */
void    naive_move_text (NaiveMove    m,
                         char        *buf);
/* Its own reading and writing of the setup text ("p1=a1,d1 p2=a7 hand=6,8 turn=1"). */
Naive   naive_setup     (const char  *text,
                         gboolean     standard);
char   *naive_format    (const Naive *n);
guint64 naive_perft     (const Naive *n,
                         int          depth);
