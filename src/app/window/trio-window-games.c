/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-games.c: the games that come to the main window from elsewhere: the game saved
 * at the last close, a saved file (the Open dialog, the command line, the file manager), the
 * command line's --game; the question before one of them, or New Game, replaces a game in
 * progress; the note after Save As
 *
 * A game in progress (shown, not over, with a move played) is only replaced once the player
 * agrees. What comes while the last game is still being read waits for it, so that
 * `trio --game marelle` or `trio game.trio` asks about the restored game too.
 */

#include "trio-window-private.h"

#include <glib/gi18n.h>

#include "games/trio-game.h"
#include "session/trio-game-files.h"
#include "widgets/trio-message.h"

/* How long the note after Save As stays. */
#define SAVED_NOTE_SECONDS 4

typedef struct
{
  TrioWindow *window;           /* a reference */
  char *heading;
  char *accept;
  TrioReplaceFunc replace;
  gpointer data;
  GDestroyNotify destroy;
} Replacement;

static void
replacement_free (Replacement *r)
{
  if (r->destroy != NULL && r->data != NULL)
    r->destroy (r->data);
  g_clear_object (&r->window);
  g_free (r->heading);
  g_free (r->accept);
  g_free (r);
}

gboolean
trio_window_game_in_progress (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);

  return trio_window_get_game_id (self) != NULL && !bg_game_is_over (game)
         && bg_game_get_n_played (game) > 0;
}

static void
replacement_answered (int      response,
                      gpointer user_data)
{
  Replacement *r = user_data;

  if (response == 1)
    {
      g_debug ("game in progress replaced: %s", r->heading);
      r->replace (r->window, r->data);
    }
  else
    g_debug ("game in progress kept: %s", r->heading);
  replacement_free (r);
}

/* Asks now, or replaces at once when there is nothing to lose. */
static void
replacement_run (Replacement *r)
{
  const char *buttons[] = { _("_Keep the Game"), r->accept, NULL };
  const char *body;

  if (!trio_window_game_in_progress (r->window))
    {
      r->replace (r->window, r->data);
      replacement_free (r);
      return;
    }
  g_debug ("replacing the game in progress asked first: %s", r->heading);
  body = r->window->unsaved
         ? _("The game in progress could not be saved: it will be lost if it is replaced.")
         : _("The game in progress will be replaced.");
  trio_message_show (GTK_WINDOW (r->window), r->heading, body, buttons, replacement_answered,
                     r);
}

void
trio_window_replace_game (TrioWindow     *self,
                          const char     *heading,
                          const char     *accept,
                          TrioReplaceFunc replace,
                          gpointer        data,
                          GDestroyNotify  destroy)
{
  Replacement *r = g_new0 (Replacement, 1);

  r->window = g_object_ref (self);
  r->heading = g_strdup (heading);
  r->accept = g_strdup (accept);
  r->replace = replace;
  r->data = data;
  r->destroy = destroy;
  if (self->restore_cancellable != NULL)
    {
      g_debug ("waiting for the last game to be read: %s", heading);
      if (self->waiting == NULL)
        self->waiting = g_ptr_array_new_with_free_func ((GDestroyNotify) replacement_free);
      g_ptr_array_add (self->waiting, r);
      return;
    }
  replacement_run (r);
}

/* The last game was read (or not): what waited for it may go on. */
static void
run_waiting (TrioWindow *self)
{
  g_autoptr (GPtrArray) waiting = g_steal_pointer (&self->waiting);

  if (waiting == NULL)
    return;
  /* Taken out of the array: each frees itself once run or answered. */
  g_ptr_array_set_free_func (waiting, NULL);
  for (guint i = 0; i < waiting->len; i++)
    replacement_run (waiting->pdata[i]);
}

/* The game saved at the last close */

static void
show_restore_failure (TrioWindow  *self,
                      TrioRestore *restore)
{
  const char *buttons[] = { _("_Close"), NULL };
  g_autofree char *body = NULL;

  if (restore->aside != NULL)
    {
      g_autofree char *name = g_filename_display_name (restore->aside);

      /* Translators: why the file cannot be read, then its new name */
      body = g_strdup_printf (_("%s\n\nThe file was kept as %s."), restore->error->message,
                              name);
    }
  else if (restore->aside_error != NULL)
    /* Translators: why the file cannot be read, then why it could not be renamed */
    body = g_strdup_printf (_("%s\n\nThe file could not be set aside (%s), so it was left as "
                              "it is."), restore->error->message, restore->aside_error->message);
  else
    body = g_strdup (restore->error->message);
  g_debug ("restore failed: %s", body);
  trio_message_show (GTK_WINDOW (self), _("The Last Game Could Not Be Restored"), body,
                     buttons, NULL, NULL);
}

static void
apply_restore (TrioWindow  *self,
               TrioRestore *restore)
{
  BgGame *game = g_steal_pointer (&restore->game);

  if (game != NULL)
    {
      /* A game the player started meanwhile wins over the old one. */
      if (trio_session_get_game (self->session) != NULL)
        {
          g_debug ("a new game began before the last one was read: it is not restored");
          bg_game_free (game);
          return;
        }
      g_debug ("restoring a game of %s with %u moves", bg_game_get_rules (game)->id,
               bg_game_get_n_played (game));
      if (trio_session_resume (self->session, game, restore->seats, restore->n_seats,
                               &restore->error))
        {
          /* The keys play on the board at once, as in a new game. */
          if (self->view != NULL)
            gtk_widget_grab_focus (GTK_WIDGET (self->view));
          return;
        }
      trio_restore_set_aside (restore);
    }
  if (restore->error != NULL)
    show_restore_failure (self, restore);
}

static void
restore_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  TrioWindow *self = TRIO_WINDOW (source);
  g_autoptr (TrioRestore) restore = trio_autosave_restore_finish (result, NULL);

  /* Cancelled: the window closed meanwhile. */
  if (restore == NULL)
    return;
  g_clear_object (&self->restore_cancellable);
  apply_restore (self, restore);
  run_waiting (self);
}

/* Brings back the game that was in progress when Trio last closed (an online one from its
 * room). It is read in a worker thread: the window is drawn and usable meanwhile. */
void
trio_window_restore_game (TrioWindow *self)
{
  /* An online game in progress at the last close: its seat is taken back instead. */
  if (trio_window_network_restore (self))
    return;
  g_cancellable_cancel (self->restore_cancellable);
  g_clear_object (&self->restore_cancellable);
  self->restore_cancellable = g_cancellable_new ();
  g_debug ("reading the game saved at the last close");
  trio_autosave_restore_async (G_OBJECT (self), self->restore_cancellable, restore_done,
                               NULL);
}

/* A saved file */

typedef struct
{
  BgGame *game;
  BgSeat *seats;
  guint n_seats;
  char *name;       /* the file's display name */
} Loaded;

static void
loaded_free (gpointer data)
{
  Loaded *loaded = data;

  g_clear_pointer (&loaded->game, bg_game_free);
  bg_seats_free (loaded->seats, loaded->n_seats);
  g_free (loaded->name);
  g_free (loaded);
}

static void
resume_loaded (TrioWindow *self,
               gpointer    data)
{
  Loaded *loaded = data;
  g_autoptr (GError) error = NULL;
  const char *id = bg_game_get_rules (loaded->game)->id;
  guint n_played = bg_game_get_n_played (loaded->game);

  if (!trio_session_resume (self->session, g_steal_pointer (&loaded->game), loaded->seats,
                            loaded->n_seats, &error))
    {
      trio_game_files_show_error (GTK_WINDOW (self), _("Could Not Open the Game"), error);
      return;
    }
  g_debug ("opened %s: a game of %s with %u moves", loaded->name, id, n_played);
}

/* In a worker thread: a file of 100,000 moves takes a few tenths of a second to replay,
 * during which the window stays usable. The game read is the task's result, as the
 * autosave's is (trio-game-files.c). */
static void
open_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  GFile *file = data;
  g_autofree char *path = g_file_get_path (file);
  Loaded *loaded = NULL;
  GError *error = NULL;

  if (path == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s",
                               _("Only local files can be opened."));
      return;
    }
  loaded = g_new0 (Loaded, 1);
  loaded->name = g_file_get_parse_name (file);
  loaded->game = bg_save_from_file (path, &loaded->seats, &loaded->n_seats, &error);
  if (loaded->game == NULL)
    {
      loaded_free (loaded);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, loaded, loaded_free);
}

static void
open_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  TrioWindow *self = TRIO_WINDOW (source);
  GFile *file = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  Loaded *loaded = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *base = NULL;
  g_autofree char *display = NULL;
  g_autofree char *heading = NULL;

  if (loaded == NULL)
    {
      g_autofree char *name = NULL;

      /* Cancelled: the window closed meanwhile. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      name = g_file_get_parse_name (file);
      g_debug ("could not open %s: %s", name, error->message);
      trio_game_files_show_error (GTK_WINDOW (self), _("Could Not Open the Game"), error);
      return;
    }
  base = g_file_get_basename (file);
  display = g_filename_display_name (base);
  /* Translators: the file's name */
  heading = g_strdup_printf (_("Open “%s”?"), display);
  trio_window_replace_game (self, heading, _("_Open"), resume_loaded, loaded, loaded_free);
}

void
trio_window_open_file (TrioWindow *self,
                       GFile      *file)
{
  g_autoptr (GTask) task = NULL;
  g_autofree char *name = g_file_get_parse_name (file);

  g_debug ("opening %s", name);
  if (self->open_cancellable == NULL)
    self->open_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->open_cancellable, open_done, NULL);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, open_thread);
}

/* The command line's --game */

typedef struct
{
  char *game_id;
  GHashTable *options;
  BgSeat *seats;
  guint n_seats;
  int local_seat;
} Request;

static void
request_free (gpointer data)
{
  Request *request = data;

  g_free (request->game_id);
  g_clear_pointer (&request->options, g_hash_table_unref);
  bg_seats_free (request->seats, request->n_seats);
  g_free (request);
}

static void
start_request (TrioWindow *self,
               gpointer    data)
{
  Request *request = data;
  g_autoptr (GError) error = NULL;

  if (request->local_seat >= 0)
    {
      trio_window_network_host (self, request->game_id, request->options, request->seats,
                                request->n_seats, request->local_seat);
      return;
    }
  if (!trio_window_start_game (self, request->game_id, request->options, request->seats,
                               request->n_seats, &error))
    {
      const char *buttons[] = { _("_Close"), NULL };

      trio_message_show (GTK_WINDOW (self), _("Could Not Start the Game"), error->message,
                         buttons, NULL, NULL);
    }
}

void
trio_window_request_game (TrioWindow     *self,
                          const char     *game_id,
                          GHashTable     *options,
                          const TrioSeat *seats,
                          guint           n_seats,
                          int             local_seat)
{
  Request *request = g_new0 (Request, 1);
  const TrioGame *tgame = trio_game_lookup (game_id);
  g_autofree char *heading = NULL;

  request->game_id = g_strdup (game_id);
  request->options = options != NULL ? g_hash_table_ref (options) : NULL;
  request->seats = g_new0 (BgSeat, MAX (n_seats, 1));
  request->n_seats = n_seats;
  request->local_seat = local_seat;
  for (guint i = 0; i < n_seats; i++)
    {
      request->seats[i] = seats[i];
      request->seats[i].name = g_strdup (seats[i].name);
    }
  /* Translators: the game's name */
  heading = g_strdup_printf (_("Start a New Game of %s?"),
                             tgame != NULL ? trio_game_get_name (tgame, NULL) : game_id);
  trio_window_replace_game (self, heading, _("_Start"), start_request, request, request_free);
}

/* The note after Save As */

static gboolean
hide_saved_note (gpointer data)
{
  TrioWindow *self = data;

  self->saved_source = 0;
  trio_info_bar_set_shown (self->saved_bar, FALSE);
  return G_SOURCE_REMOVE;
}

/* The game was saved with Save As: a short note says where, and the failed automatic save
 * is no longer a threat. */
void
trio_window_game_saved (TrioWindow *self,
                        const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_filename_display_name (base);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *folder = g_filename_display_name (dir);
  g_autofree char *title = NULL;
  g_autofree char *detail = NULL;

  g_debug ("game saved as %s", path);
  self->unsaved = FALSE;
  trio_save_banner_hide (self->save_banner);
  if (self->saved_bar == NULL)
    {
      self->saved_bar = TRIO_INFO_BAR (trio_info_bar_new ("saved-note"));
      gtk_box_insert_child_after (self->board_area, GTK_WIDGET (self->saved_bar), NULL);
    }
  /* Translators: the file's name */
  title = g_strdup_printf (_("Saved as “%s”"), name);
  /* Translators: the folder's name */
  detail = g_strdup_printf (_("In %s"), folder);
  trio_info_bar_set_text (self->saved_bar, title, detail);
  trio_info_bar_set_shown (self->saved_bar, TRUE);
  g_clear_handle_id (&self->saved_source, g_source_remove);
  self->saved_source = g_timeout_add_seconds (SAVED_NOTE_SECONDS, hide_saved_note, self);
}

void
trio_window_games_dispose (TrioWindow *self)
{
  g_clear_handle_id (&self->saved_source, g_source_remove);
  g_clear_pointer (&self->waiting, g_ptr_array_unref);
}

/* Open and Save As */

/* Read, and asked about before it replaces a game in progress, as from the command line. */
static void
file_chosen (GtkWindow *parent,
             GFile     *file)
{
  if (TRIO_IS_WINDOW (parent))
    trio_window_open_file (TRIO_WINDOW (parent), file);
}

void
trio_window_open_activated (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  trio_game_files_open (GTK_WINDOW (user_data), file_chosen);
}

static void
game_saved (GtkWindow  *parent,
            const char *path)
{
  if (TRIO_IS_WINDOW (parent))
    trio_window_game_saved (TRIO_WINDOW (parent), path);
}

void
trio_window_save_as_activated (GSimpleAction *action,
                               GVariant      *parameter,
                               gpointer       user_data)
{
  TrioWindow *self = user_data;

  trio_game_files_save_as (GTK_WINDOW (self), self->session, game_saved);
}
