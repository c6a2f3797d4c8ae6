/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-statistics-window.h: the Statistics window: results per game and opponent, and the
 * best Triomino scores */
#pragma once

#include <gtk/gtk.h>

#include "trio-statistics.h"

G_BEGIN_DECLS

#define TRIO_TYPE_STATISTICS_WINDOW (trio_statistics_window_get_type ())
G_DECLARE_FINAL_TYPE (TrioStatisticsWindow, trio_statistics_window, TRIO, STATISTICS_WINDOW,
                      GtkWindow)

/* Shows the statistics, open at the page of game_key ("ID" or "ID/VALUE", see
 * trio_statistics_game_key()) or the first game's when NULL. There is one such window: a
 * second call presents it again (made anew for another parent). It follows the statistics
 * as they change. */
TrioStatisticsWindow *trio_statistics_window_present (GtkWindow      *parent,
                                                      TrioStatistics *statistics,
                                                      const char     *game_key);

G_END_DECLS
