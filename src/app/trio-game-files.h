/* trio-game-files.h: saving and opening games, and the automatic save of the game in
 * progress (so that nothing is lost when the window closes) */
#pragma once

#include <gtk/gtk.h>

#include "trio-session.h"

G_BEGIN_DECLS

/* Where the game in progress is kept: $XDG_DATA_HOME/trio/current-game.trio. */
char    *trio_autosave_path    (void);

/* Saves the session's game atomically, or removes the file once the game is over. */
void     trio_autosave_write   (TrioSession *session);

/* Restores the game saved automatically, if any. Returns FALSE with error set when the
 * file exists but cannot be read; the file is then renamed aside (never deleted). */
gboolean trio_autosave_restore (TrioSession *session,
                                gboolean    *restored,
                                GError     **error);

/* The Open and Save As dialogs (through the portal where there is one). */
void     trio_game_files_open    (GtkWindow   *parent,
                                  TrioSession *session);
void     trio_game_files_save_as (GtkWindow   *parent,
                                  TrioSession *session);

G_END_DECLS
