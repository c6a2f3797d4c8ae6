/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-table-marks.h: what the Triomino table shows besides the tiles: the pile
 * at its corner with its count, and the label of a seat that passed, at that seat's side
 * of the table and clear of the pile (six seats put one beside it)
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The k-th tile of the pile from the top (0 to 2), at the bottom left corner of a table of
 * width x height. */
void trio_tri_pile_points      (int         width,
                                int         height,
                                int         k,
                                double      pts[3][2]);
/* The pile of count tiles (three drawn at most) with its count beside it, the text made
 * by widget. */
void trio_tri_draw_pile        (cairo_t    *cr,
                                GtkWidget  *widget,
                                int         width,
                                int         height,
                                int         count);
/* The point where a ray from the centre of a width x height box, at angle (degrees
 * clockwise from the right), meets the box shrunk by inset on every side (a negative
 * inset: grown). */
void trio_tri_edge_point       (double      width,
                                double      height,
                                double      angle,
                                double      inset,
                                double     *x,
                                double     *y);
/* "Anne passed" (name NULL: "Player 2 passed") in seat's colour at the side of the table
 * at angle, moved off the pile of pile_count tiles it would cover; pop (0 to 1) grows it
 * in. */
void trio_tri_draw_pass_label  (cairo_t    *cr,
                                GtkWidget  *widget,
                                int         seat,
                                const char *name,
                                double      angle,
                                int         width,
                                int         height,
                                int         pile_count,
                                double      pop);

G_END_DECLS
