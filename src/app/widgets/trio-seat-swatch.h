/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-seat-swatch.h: a small disc of the colour a seat plays, beside its name */
#pragma once

#include <gtk/gtk.h>

#include "games/trio-game.h"

G_BEGIN_DECLS

/* A disc of the colour of seat's pieces in game, outlined in the theme's text colour (dark
 * on a light theme, light on a dark one) so that white and black both read; NULL when the
 * game gives its seats no colour. */
GtkWidget *trio_seat_swatch_new     (const TrioGame *game,
                                     int             seat);
/* child after seat's swatch in a row, or child alone when the seat has no colour. */
GtkWidget *trio_seat_swatch_row_new (const TrioGame *game,
                                     int             seat,
                                     GtkWidget      *child);

G_END_DECLS
