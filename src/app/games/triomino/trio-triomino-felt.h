/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triomino-felt.h: the Triomino table's felt, rendered in a worker thread */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct _TrioTriFelt TrioTriFelt;

/* widget is redrawn when a felt of its new size is ready; it outlives the felt. */
TrioTriFelt *trio_tri_felt_new   (GtkWidget   *widget);
void         trio_tri_felt_free  (TrioTriFelt *felt);
/* Paints the felt over width x height: the one rendered at that size, or meanwhile the last
 * one stretched (or the baize's colours, before the first), and asks for one of that size. */
void         trio_tri_felt_paint (TrioTriFelt *felt,
                                  cairo_t     *cr,
                                  int          width,
                                  int          height,
                                  int          scale);

G_END_DECLS
