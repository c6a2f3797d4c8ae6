/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window.h: the main window */
#pragma once

#include <gtk/gtk.h>

#include "network/trio-discovery.h"
#include "newgame/trio-perfect-table.h"
#include "session/trio-session.h"
#include "statistics/trio-statistics.h"

G_BEGIN_DECLS

#define TRIO_TYPE_WINDOW (trio_window_get_type ())
G_DECLARE_FINAL_TYPE (TrioWindow, trio_window, TRIO, WINDOW, GtkApplicationWindow)

/* When the process started (monotonic time), for the start-up benchmark. */
extern gint64 trio_start_time;

/* The application's perfect-level table (or NULL), statistics and games of the local
 * network (or NULL), shared by its windows: given, so that the window never calls back up
 * to the application. */
TrioWindow  *trio_window_new          (GtkApplication   *app,
                                       TrioPerfectTable *table,
                                       TrioStatistics   *statistics,
                                       TrioDiscovery    *discovery);
/* The game shown, or NULL on the game chooser. */
const char  *trio_window_get_game_id  (TrioWindow      *self);
TrioSession *trio_window_get_session  (TrioWindow      *self);
void         trio_window_restore_game (TrioWindow      *self);
/* The game was saved with Save As: the failed automatic save is no longer a threat. */
void         trio_window_game_saved   (TrioWindow      *self,
                                       const char      *path);
gboolean     trio_window_start_game   (TrioWindow      *self,
                                       const char      *game_id,
                                       GHashTable      *options,
                                       const TrioSeat  *seats,
                                       guint            n_seats,
                                       GError         **error);
/* Opens a saved game (the Open dialog, the command line, the file manager); a file that
 * cannot be read is told in a message. Asks first when it would replace a game in
 * progress. */
void         trio_window_open_file    (TrioWindow      *self,
                                       GFile           *file);
/* Starts the game the command line asks for (its options already checked), asking first
 * when it would replace a game in progress: the restored one too, once it is read.
 * local_seat: with friends invited, the seat played here (the game is hosted online); -1
 * for a game of this screen alone. */
void         trio_window_request_game (TrioWindow      *self,
                                       const char      *game_id,
                                       GHashTable      *options,
                                       const TrioSeat  *seats,
                                       guint            n_seats,
                                       int              local_seat);

/* Joins the game of an invite link (trio://… or https://…#KEY: the command line, the
 * desktop), in the Join dialog (the seat and the player's name), or at once when this Trio
 * holds a seat there already; asks first when it would replace a game in progress. */
void         trio_window_join_link    (TrioWindow      *self,
                                       const char      *link);

G_END_DECLS
