/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game-files.c: saving and opening games, and the automatic save of the game in
 * progress
 *
 * GtkFileDialog is GTK 4.10; GTK 4.8 has GtkFileChooserNative (deprecated later, still
 * working, and it goes through the file chooser portal inside the Flatpak sandbox).
 */

#include "trio-game-files.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "widgets/trio-message.h"
#include "trio-sandbox.h"

char *
trio_autosave_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "trio", "current-game.trio", NULL);
}

/* own_folder: the path is the app's own (the autosave), whose folder may be made; a path
 * the player chose is written only where its folder exists. */
static gboolean
save_session (TrioSession *session,
              const char  *path,
              gboolean     own_folder,
              GError     **error)
{
  const BgGame *game = trio_session_get_game (session);
  int n = bg_game_get_n_players (game);
  TrioSeat seats[TRIO_MAX_SEATS];
  g_autofree char *dir = g_path_get_dirname (path);

  for (int i = 0; i < n; i++)
    seats[i] = *trio_session_get_seat (session, i);
  if (own_folder && g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      /* Translators: a folder's name, then why it cannot be created */
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("could not create the folder %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  return bg_save_to_file (path, game, seats, (guint) n, error);
}

gboolean
trio_autosave_write (TrioSession *session,
                     GError     **error)
{
  const BgGame *game = trio_session_get_game (session);
  g_autofree char *path = trio_autosave_path ();

  if (game == NULL)
    return TRUE;
  /* An online game is its room's, which keeps it (and this seat's token resumes it). */
  if (bg_game_is_over (game) || trio_session_is_online (session))
    {
      if (g_remove (path) != 0 && errno != ENOENT)
        g_debug ("could not remove the finished game's file %s", path);
      return TRUE;
    }
  return save_session (session, path, TRUE, error);
}

void
trio_restore_free (TrioRestore *restore)
{
  if (restore == NULL)
    return;
  g_clear_pointer (&restore->game, bg_game_free);
  bg_seats_free (restore->seats, restore->n_seats);
  g_clear_error (&restore->error);
  g_free (restore->aside);
  g_clear_error (&restore->aside_error);
  g_free (restore);
}

/* In a worker thread: reading and replaying up to 1 MiB of moves must not hold up the
 * window. */
static void
restore_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  TrioRestore *restore = g_new0 (TrioRestore, 1);
  g_autofree char *path = trio_autosave_path ();
  GStatBuf st;

  if (g_lstat (path, &st) != 0)
    {
      int saved = errno;

      if (saved != ENOENT)
        /* Translators: a file's name, then why it cannot be read */
        g_set_error (&restore->error, G_FILE_ERROR, g_file_error_from_errno (saved),
                     _("%s: %s"), path, g_strerror (saved));
      g_task_return_pointer (task, restore, (GDestroyNotify) trio_restore_free);
      return;
    }
  if (S_ISLNK (st.st_mode) && g_stat (path, &st) != 0)
    {
      int saved = errno;

      /* Translators: %s says why ("No such file or directory", "Too many levels of
       * symbolic links") */
      g_set_error (&restore->error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("The saved game is a symbolic link that leads to no file (%s)."),
                   g_strerror (saved));
    }
  else
    restore->game = bg_save_from_file (path, &restore->seats, &restore->n_seats,
                                       &restore->error);
  if (restore->game == NULL)
    restore->aside = bg_save_set_aside (path, &restore->aside_error);
  g_task_return_pointer (task, restore, (GDestroyNotify) trio_restore_free);
}

void
trio_autosave_restore_async (GObject            *source,
                             GCancellable       *cancellable,
                             GAsyncReadyCallback callback,
                             gpointer            user_data)
{
  g_autoptr (GTask) task = g_task_new (source, cancellable, callback, user_data);

  g_task_run_in_thread (task, restore_thread);
}

TrioRestore *
trio_autosave_restore_finish (GAsyncResult *result,
                              GError      **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
trio_restore_set_aside (TrioRestore *restore)
{
  g_autofree char *path = trio_autosave_path ();

  g_clear_pointer (&restore->aside, g_free);
  g_clear_error (&restore->aside_error);
  restore->aside = bg_save_set_aside (path, &restore->aside_error);
}

static GtkFileFilter *
trio_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Trio games"));
  gtk_file_filter_add_pattern (filter, "*.trio");
  return filter;
}

void
trio_game_files_show_error (GtkWindow  *parent,
                            const char *heading,
                            GError     *error)
{
  const char *buttons[] = { _("_Close"), NULL };
  char first[8] = { 0 };
  g_autofree char *body = NULL;

  /* The engine's messages begin in lower case, to be part of a sentence; here they are
   * one on their own. */
  if (error->message[0] != '\0')
    {
      g_unichar_to_utf8 (g_unichar_toupper (g_utf8_get_char (error->message)), first);
      body = g_strconcat (first, g_utf8_next_char (error->message), NULL);
    }
  else
    body = g_strdup (error->message);
  trio_message_show (parent, heading, body, buttons, NULL, NULL);
}

static void
open_response (GtkNativeDialog *dialog,
               int              response,
               gpointer         user_data)
{
  GtkWindow *parent = gtk_native_dialog_get_transient_for (dialog);
  TrioGameFilesOpened opened = g_object_get_data (G_OBJECT (dialog), "trio-opened");
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  if (file != NULL && opened != NULL)
    opened (parent, file);
  g_object_unref (dialog);
}

void
trio_game_files_open (GtkWindow           *parent,
                      TrioGameFilesOpened  opened)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Open a Game"), parent,
                                                              GTK_FILE_CHOOSER_ACTION_OPEN,
                                                              _("_Open"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), trio_filter ());
  g_object_set_data (G_OBJECT (dialog), "trio-opened", opened);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response), NULL);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* Inside the Flatpak sandbox without the file chooser portal, GTK's own dialog offers the
 * sandbox's home, which is not kept: saying "saved" there would lose the game. */
static void
refuse_lost_path (GtkWindow  *parent,
                  const char *path)
{
  g_autofree char *own = g_build_filename (g_get_user_data_dir (), "trio", NULL);
  g_autofree char *body = NULL;
  const char *buttons[] = { _("_Close"), NULL };

  g_debug ("save refused: %s is inside the sandbox, lost when Trio quits", path);
  /* Translators: the file chosen, then a folder of Trio's own */
  body = g_strdup_printf (_("Trio runs in a sandbox and no file chooser portal answered: "
                            "%s would be written inside the sandbox and lost when Trio "
                            "quits. Save in Trio’s own folder, %s, or install the desktop "
                            "portal (xdg-desktop-portal and xdg-desktop-portal-gtk)."),
                          path, own);
  trio_message_show (parent, _("The Game Was Not Saved"), body, buttons, NULL, NULL);
}

static void
save_response (GtkNativeDialog *dialog,
               int              response,
               TrioSession     *session)
{
  GtkWindow *parent = gtk_native_dialog_get_transient_for (dialog);
  TrioGameFilesSaved saved = g_object_get_data (G_OBJECT (dialog), "trio-saved");
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT && trio_session_get_game (session) != NULL)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      path = file ? g_file_get_path (file) : NULL;
      if (path == NULL)
        g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     _("Only local files can be saved."));
      if (path != NULL && !trio_sandbox_keeps_path (NULL, path))
        refuse_lost_path (parent, path);
      else if (path == NULL || !save_session (session, path, FALSE, &error))
        trio_game_files_show_error (parent, _("Could Not Save the Game"), error);
      else if (saved != NULL)
        saved (parent, path);
    }
  g_object_unref (dialog);
  g_object_unref (session);
}

void
trio_game_files_save_as (GtkWindow          *parent,
                         TrioSession        *session,
                         TrioGameFilesSaved  saved)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Save the Game"), parent,
                                                              GTK_FILE_CHOOSER_ACTION_SAVE,
                                                              _("_Save"), _("_Cancel"));
  const BgGame *game = trio_session_get_game (session);
  g_autofree char *name = NULL;

  if (game == NULL)
    {
      g_object_unref (dialog);
      return;
    }
  name = g_strdup_printf ("%s.trio", bg_game_get_rules (game)->id);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), trio_filter ());
  g_object_set_data (G_OBJECT (dialog), "trio-saved", saved);
  g_signal_connect (dialog, "response", G_CALLBACK (save_response), g_object_ref (session));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
