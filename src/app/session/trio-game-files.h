/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-files.h: saving and opening games, and the automatic save of the game in
 * progress (so that nothing is lost when the window closes) */
#pragma once

#include <gtk/gtk.h>

#include "trio-session.h"

G_BEGIN_DECLS

/* Where the game in progress is kept: $XDG_DATA_HOME/trio/current-game.trio. */
char    *trio_autosave_path    (void);

/* Saves the session's game atomically, or removes the file once the game is over, or when
 * it is online (its room keeps it). Returns FALSE with error set when the game could not
 * be saved. */
gboolean trio_autosave_write   (TrioSession *session,
                                GError     **error);

/* The game saved automatically, read in a worker thread. */
typedef struct
{
  BgGame *game;         /* NULL when there is no saved game, or it could not be read */
  BgSeat *seats;        /* the file's seats (none when it has no seat lines) */
  guint n_seats;
  GError *error;        /* why the file could not be read, or NULL */
  char *aside;          /* the name the unreadable file was kept under */
  GError *aside_error;  /* why it could not be renamed (it is then where it was) */
} TrioRestore;

void         trio_restore_free            (TrioRestore        *restore);
void         trio_autosave_restore_async  (GObject            *source,
                                           GCancellable       *cancellable,
                                           GAsyncReadyCallback callback,
                                           gpointer            user_data);
TrioRestore *trio_autosave_restore_finish (GAsyncResult       *result,
                                           GError            **error);
/* Renames the saved game aside (when it was read but could not be resumed). */
void         trio_restore_set_aside       (TrioRestore        *restore);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TrioRestore, trio_restore_free)

/* What the Open dialog chose, and where Save As wrote the game. */
typedef void (*TrioGameFilesOpened) (GtkWindow  *parent,
                                     GFile      *file);
typedef void (*TrioGameFilesSaved)  (GtkWindow  *parent,
                                     const char *path);

/* The Open and Save As dialogs (through the portal where there is one). The file chosen
 * in Open goes to opened; saved is told where the game was saved (errors are shown). */
void     trio_game_files_open    (GtkWindow           *parent,
                                  TrioGameFilesOpened  opened);
void     trio_game_files_save_as (GtkWindow           *parent,
                                  TrioSession         *session,
                                  TrioGameFilesSaved   saved);
/* A message window: heading, and the error's message begun with a capital. */
void     trio_game_files_show_error (GtkWindow  *parent,
                                     const char *heading,
                                     GError     *error);

G_END_DECLS
