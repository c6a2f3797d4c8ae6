/* trio-game-files.c: saving and opening games, and the automatic save of the game in
 * progress
 *
 * GtkFileDialog is GTK 4.10; GTK 4.8 has GtkFileChooserNative (deprecated later, still
 * working, and it goes through the file chooser portal inside the Flatpak sandbox).
 */

#include "trio-game-files.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "trio-message.h"

char *
trio_autosave_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "trio", "current-game.trio", NULL);
}

static gboolean
save_session (TrioSession *session,
              const char  *path,
              GError     **error)
{
  const BgGame *game = trio_session_get_game (session);
  int n = bg_game_get_n_players (game);
  TrioSeat seats[TRIO_MAX_SEATS];
  g_autofree char *dir = g_path_get_dirname (path);

  for (int i = 0; i < n; i++)
    seats[i] = *trio_session_get_seat (session, i);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                   _("Could not create the folder %s"), dir);
      return FALSE;
    }
  return bg_save_to_file (path, game, seats, (guint) n, error);
}

void
trio_autosave_write (TrioSession *session)
{
  const BgGame *game = trio_session_get_game (session);
  g_autofree char *path = trio_autosave_path ();
  g_autoptr (GError) error = NULL;

  if (game == NULL)
    return;
  if (bg_game_is_over (game))
    {
      g_remove (path);
      return;
    }
  if (!save_session (session, path, &error))
    g_warning ("Could not save the game in progress to %s: %s", path, error->message);
}

/* Keeps a file that could not be read, under another name, for the player to look at. */
static void
set_aside (const char *path)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *aside = g_strdup_printf ("%s.unreadable-%s", path, stamp);

  if (g_rename (path, aside) != 0)
    g_warning ("Could not rename %s", path);
}

gboolean
trio_autosave_restore (TrioSession *session,
                       gboolean    *restored,
                       GError     **error)
{
  g_autofree char *path = trio_autosave_path ();
  BgSeat *seats = NULL;
  guint n_seats = 0;
  BgGame *game;
  gboolean ok;

  *restored = FALSE;
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return TRUE;
  game = bg_save_from_file (path, &seats, &n_seats, error);
  if (game == NULL)
    {
      set_aside (path);
      return FALSE;
    }
  g_debug ("restoring a game of %s with %u moves from %s", bg_game_get_rules (game)->id,
           bg_game_get_n_played (game), path);
  ok = trio_session_resume (session, game, seats, n_seats, error);
  bg_seats_free (seats, n_seats);
  if (!ok)
    set_aside (path);
  *restored = ok;
  return ok;
}

static GtkFileFilter *
trio_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Trio games"));
  gtk_file_filter_add_pattern (filter, "*.trio");
  return filter;
}

static void
show_error (GtkWindow  *parent,
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
               TrioSession     *session)
{
  GtkWindow *parent = gtk_native_dialog_get_transient_for (dialog);
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  BgSeat *seats = NULL;
  guint n_seats = 0;
  BgGame *game;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      path = file ? g_file_get_path (file) : NULL;
      game = path ? bg_save_from_file (path, &seats, &n_seats, &error) : NULL;
      if (game == NULL || !trio_session_resume (session, game, seats, n_seats, &error))
        show_error (parent, _("Could Not Open the Game"), error);
      bg_seats_free (seats, n_seats);
    }
  g_object_unref (dialog);
  g_object_unref (session);
}

void
trio_game_files_open (GtkWindow   *parent,
                      TrioSession *session)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Open a Game"), parent,
                                                              GTK_FILE_CHOOSER_ACTION_OPEN,
                                                              _("_Open"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), trio_filter ());
  g_signal_connect (dialog, "response", G_CALLBACK (open_response), g_object_ref (session));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_response (GtkNativeDialog *dialog,
               int              response,
               TrioSession     *session)
{
  GtkWindow *parent = gtk_native_dialog_get_transient_for (dialog);
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
      if (path == NULL || !save_session (session, path, &error))
        show_error (parent, _("Could Not Save the Game"), error);
    }
  g_object_unref (dialog);
  g_object_unref (session);
}

void
trio_game_files_save_as (GtkWindow   *parent,
                         TrioSession *session)
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
  g_signal_connect (dialog, "response", G_CALLBACK (save_response), g_object_ref (session));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}
