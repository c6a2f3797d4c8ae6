/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-layout.h: the arithmetic of the window's adaptive layouts (the split view, the wrap
 * box, the squeezer), without GTK, so that it can be tested alone */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The split view: whether the side part stays beside the main part at this width (the main
 * part keeping main_min_beside pixels at least), rather than going under it. */
gboolean trio_layout_split_beside      (int width,
                                        int side_width,
                                        int gap,
                                        int main_min_beside);

/* The main part's height when the side part is under it: its natural height when the side
 * part keeps its minimum, never under the main part's minimum. */
int      trio_layout_split_main_height (int height,
                                        int gap,
                                        int main_min,
                                        int main_nat,
                                        int side_min);

/* The wrap box: the line of each of n children of the given widths, filling each line up
 * to width before the next one (a child wider than width has a line of its own). Returns
 * the number of lines. */
guint    trio_layout_wrap              (const int *widths,
                                        guint      n,
                                        int        width,
                                        int        spacing,
                                        guint     *line_of);

/* A grid of n cells of equal width, at least cell_min wide: the number of columns that
 * fit, evened out over the lines that need (4 cells where 3 fit: 2 lines of 2). */
guint    trio_layout_grid_columns      (guint n,
                                        int   cell_min,
                                        int   width,
                                        int   spacing);

/* The squeezer: the first of n children whose width fits, or the last one when none
 * does. */
guint    trio_layout_squeeze           (const int *widths,
                                        guint      n,
                                        int        width);

G_END_DECLS
