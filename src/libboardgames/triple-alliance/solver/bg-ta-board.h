/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-ta-board.h: the board of La Triple Alliance, shared by its rules and its solver
 *
 * Points are numbered 0..23 rank by rank from a1, skipping the missing centre c3, so a
 * set of points is a 24-bit mask.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BG_TA_N_POINTS 24
#define BG_TA_N_LINES 24
#define BG_TA_ALL_POINTS ((1u << BG_TA_N_POINTS) - 1)

/* The pieces a player has, from the smaller games the solver also solves (the tests) to the
 * game itself (bg-ta-solve.h, bg-ta-file.h). */
#define BG_TA_SOLVE_MIN_PIECES 3
#define BG_TA_SOLVE_MAX_PIECES 6

/* The orthogonal neighbours of each point. */
extern const guint32 bg_ta_adjacency[BG_TA_N_POINTS];
/* The 24 lines of three. */
extern const guint32 bg_ta_lines[BG_TA_N_LINES];

static inline gboolean
bg_ta_has_line (guint32 set)
{
  for (int i = 0; i < BG_TA_N_LINES; i++)
    if ((set & bg_ta_lines[i]) == bg_ta_lines[i])
      return TRUE;
  return FALSE;
}

G_END_DECLS
