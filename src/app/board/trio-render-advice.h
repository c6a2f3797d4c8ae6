/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-render-advice.h: the advisor's badges, drawn by the boards of points
 *
 * A badge tells the solved table's value of a choice without relying on its colour alone:
 * green with a tick for a win, grey with an equals sign for a draw, red with a cross for a
 * loss, and the number of moves the winner makes to the end (the side panel explains it).
 */
#pragma once

#include <gtk/gtk.h>

#include "trio-board-renderer.h"

G_BEGIN_DECLS

/* Draws the badge of mark centred at (x, y), height units tall (the units of cr, in which a
 * logical pixel is px). */
void trio_render_advice_badge (cairo_t              *cr,
                               const TrioAdviceMark *mark,
                               double                x,
                               double                y,
                               double                height,
                               double                px);

/* The mark of a location in state, or NULL. */
const TrioAdviceMark *trio_render_advice_at (const TrioBoardState *state,
                                             guint                 location);

G_END_DECLS
