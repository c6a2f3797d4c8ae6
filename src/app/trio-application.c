/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-application.c: the Trio application: actions, shortcuts, style */

#include "trio-application.h"
#include "trio-settings.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <unistd.h>

#include "trio-data-lock.h"
#include "widgets/trio-message.h"
#include "network/trio-local-server.h"
#include "network/trio-preferences-window.h"
#include "newgame/trio-perfect-table.h"
#include "rules/trio-rules-window.h"
#include "statistics/trio-statistics-window.h"
#include "window/trio-window.h"

struct _TrioApplication
{
  GtkApplication parent_instance;

  /* A game to start at once, from the command line (--game, --option, --seats). */
  char *game_id;
  char **options;
  char *seats;
  char *game_help;   /* --game's description, which lists the games */

  TrioPerfectTable *perfect_table;  /* of the solved game, shared by the windows, or NULL */
  TrioStatistics *statistics;       /* shared by the windows */
  TrioDiscovery *discovery;         /* the games of the local network, shared, or NULL */
  /* Why the statistics file could not be read, for the first window to tell, or NULL. */
  char *statistics_problem;
  /* The lock on the data folder (trio-data-lock.c), held for the process's life, or -1;
   * in_use: another Trio holds it, and this one only says so. */
  int data_lock;
  gboolean in_use;
};

G_DEFINE_FINAL_TYPE (TrioApplication, trio_application, GTK_TYPE_APPLICATION)

static void
show_about (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  const char *authors[] = { "The Trio developers", NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (app),
                         "program-name", _("Trio"),
                         "logo-icon-name", TRIO_APP_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Four French parlour games: La Triple Alliance, "
                                       "Marelle triple, Triomino and TRICHESS"),
                         "authors", authors,
                         "translator-credits", _("translator-credits"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static void
show_rules (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  const char *game = NULL;

  if (TRIO_IS_WINDOW (parent))
    game = trio_window_get_game_id (TRIO_WINDOW (parent));
  trio_rules_window_present (parent, game);
}

static void
show_statistics (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  TrioApplication *self = TRIO_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autofree char *game_key = NULL;

  /* Open at the page of the game the window shows. */
  if (TRIO_IS_WINDOW (parent) && trio_window_get_game_id (TRIO_WINDOW (parent)) != NULL)
    game_key = trio_statistics_game_key (
      trio_session_get_game (trio_window_get_session (TRIO_WINDOW (parent))));
  trio_statistics_window_present (parent, self->statistics, game_key);
}

static void
quit (GSimpleAction *action,
      GVariant      *parameter,
      gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows = gtk_application_get_windows (app);

  /* Closing each window lets it stop its computer player cleanly. */
  while (windows != NULL)
    {
      GtkWindow *window = windows->data;

      windows = windows->next;
      gtk_window_close (window);
    }
}

static void
show_preferences (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  trio_preferences_window_present (gtk_application_get_active_window (user_data));
}

static const GActionEntry app_actions[] = {
  { "about", show_about },
  { "preferences", show_preferences },
  { "rules", show_rules },
  { "statistics", show_statistics },
  { "quit", quit },
};

/* A damaged file is set aside and the statistics start afresh; the first window says so. */
static void
load_statistics (TrioApplication *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *aside = NULL;

  self->statistics = trio_statistics_new (NULL);
  if (trio_statistics_load (self->statistics, &aside, &error))
    return;
  if (aside != NULL)
    {
      g_autofree char *name = g_filename_display_name (aside);

      /* Translators: why the file cannot be read, then its new name */
      self->statistics_problem = g_strdup_printf (_("%s\n\nThe file was kept as %s, and the "
                                                    "statistics start again from nothing."),
                                                  error->message, name);
    }
  else
    /* Translators: why the file cannot be read */
    self->statistics_problem = g_strdup_printf (_("%s\n\nThe file could not be set aside, so "
                                                  "it was left as it is, and the statistics "
                                                  "of this session are not saved."),
                                                error->message);
  g_debug ("statistics problem: %s", self->statistics_problem);
}

static void
tell_statistics_problem (TrioApplication *self,
                         GtkWindow       *window)
{
  const char *buttons[] = { _("_Close"), NULL };
  g_autofree char *body = g_steal_pointer (&self->statistics_problem);

  if (body != NULL)
    trio_message_show (window, _("The Statistics Could Not Be Read"), body, buttons, NULL,
                       NULL);
}

/* Whether this Trio may use its data folder: no other holds its lock. Where no lock can be
 * had (a read-only folder) Trio runs without one, as before the lock. */
static gboolean
take_data_lock (TrioApplication *self)
{
  g_autofree char *dir = trio_data_lock_folder ();
  g_autoptr (GError) error = NULL;

  switch (trio_data_lock_take (dir, &self->data_lock, &error))
    {
    case TRIO_DATA_LOCK_HELD:
      return TRUE;
    case TRIO_DATA_LOCK_IN_USE:
      g_debug ("data folder in use: another Trio holds the lock of %s", dir);
      self->in_use = TRUE;
      return FALSE;
    case TRIO_DATA_LOCK_UNAVAILABLE:
    default:
      g_debug ("data folder not locked: %s", error->message);
      return TRUE;
    }
}

/* Instead of the window, when another Trio uses the data folder. The message is the
 * application's window: Trio quits once it is closed. */
static void
tell_in_use (TrioApplication *self)
{
  const char *buttons[] = { _("_Close"), NULL };
  g_autofree char *dir = trio_data_lock_folder ();
  g_autofree char *name = g_filename_display_name (dir);
  g_autofree char *body = NULL;
  GtkWindow *message;

  /* Translators: the data folder's name */
  body = g_strdup_printf (_("Another Trio is using its folder %s, where the game in progress "
                            "and the statistics are saved. Two at once would overwrite each "
                            "other’s games, so this one does not start: go on in the other "
                            "Trio window, or quit it and start Trio again."), name);
  g_debug ("told: %s", body);
  message = trio_message_show (NULL, _("Trio Is Already Running"), body, buttons, NULL, NULL);
  gtk_window_set_application (message, GTK_APPLICATION (self));
}

static void
trio_application_startup (GApplication *application)
{
  static const struct
  {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.rules", { "F1", NULL } },
    { "app.statistics", { "<Control>i", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "win.join", { "<Control>j", NULL } },
    { "win.new-game", { "<Control>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save-as", { "<Control>s", "<Control><Shift>s", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    { "win.advisor", { "<Control>p", NULL } },
    { "win.review-back", { "<Alt>Left", NULL } },
    { "win.review-forward", { "<Alt>Right", NULL } },
    { "win.review-start", { "Home", NULL } },
    { "win.review-end", { "End", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "win.fullscreen", { "F11", NULL } },
    { "window.close", { "<Control>w", NULL } },
  };
  g_autoptr (GtkCssProvider) css = gtk_css_provider_new ();
  const TrioGame *solved;

  G_APPLICATION_CLASS (trio_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions,
                                   G_N_ELEMENTS (app_actions), application);
  /* The pause between the computers' moves, the hands hidden between players and the
   * sounds, chosen in the main menu (kept when the settings' schema is installed; without it
   * the menu's choices are greyed out). */
  if (trio_settings_get () != NULL)
    {
      g_autoptr (GAction) pause = g_settings_create_action (trio_settings_get (),
                                                            "computer-pause");

      g_autoptr (GAction) hide = g_settings_create_action (trio_settings_get (),
                                                           "hide-hands");
      g_autoptr (GAction) sounds = g_settings_create_action (trio_settings_get (), "sounds");

      g_action_map_add_action (G_ACTION_MAP (application), pause);
      /* Pass-and-play privacy (trio_session_is_covered()), on by default. */
      g_action_map_add_action (G_ACTION_MAP (application), hide);
      /* The moves' sounds (sound/trio-sound-player.h), on by default. */
      g_action_map_add_action (G_ACTION_MAP (application), sounds);
    }
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (application), accels[i].action,
                                           accels[i].accels);

  gtk_css_provider_load_from_resource (css, "/io/github/triogames/Trio/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_default_icon_name (TRIO_APP_ID);

  /* Another Trio on the same folder: nothing of it is read (nor set aside, as a damaged
   * statistics file would be). */
  if (!take_data_lock (TRIO_APPLICATION (application)))
    {
      g_simple_action_set_enabled (
        G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (application), "statistics")),
        FALSE);
      return;
    }
  /* Opened in a worker thread: the window comes up at once. */
  if ((solved = trio_game_find_solved_table ()) != NULL)
    {
      TRIO_APPLICATION (application)->perfect_table = trio_perfect_table_new (solved, NULL);
      trio_perfect_table_load (TRIO_APPLICATION (application)->perfect_table);
    }

  load_statistics (TRIO_APPLICATION (application));
  /* Games hosted here announced on the local network, and others' found (Avahi). */
  TRIO_APPLICATION (application)->discovery = trio_discovery_new ();
}

static void
trio_application_shutdown (GApplication *application)
{
  TrioApplication *self = TRIO_APPLICATION (application);

  /* A computation under way stops and keeps its work in a checkpoint for the next run. */
  if (self->perfect_table != NULL)
    trio_perfect_table_shutdown (self->perfect_table);
  /* The games hosted for the local network stop with the application (their rooms are kept:
   * the next start takes them back). */
  g_clear_object (&self->discovery);
  trio_local_server_stop ();
  G_APPLICATION_CLASS (trio_application_parent_class)->shutdown (application);
}

/* Seats from "h,c3,c5": h a human, cN the computer at level N, f a friend invited (the game
 * is then played online, and *local_seat is the one human seat). */
static guint
parse_seats (const char *text,
             TrioSeat   *seats,
             int        *local_seat,
             GError    **error)
{
  g_auto (GStrv) words = g_strsplit (text ? text : "h,c3,c3,c3,c3,c3", ",", -1);
  guint n = 0, humans = 0, friends = 0;

  for (; words[n] != NULL && n < TRIO_MAX_SEATS; n++)
    {
      char kind = words[n][0];

      seats[n].name = NULL;
      seats[n].computer = kind == 'c';
      seats[n].level = seats[n].computer && words[n][1] ? atoi (words[n] + 1) : 3;
      if ((kind != 'h' && kind != 'c' && kind != 'f') || (kind != 'c' && words[n][1]))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown seat “%s”: use h for a human, c1 to c6 for the computer "
                         "(c7: perfect, in La Triple Alliance), f for a friend invited"),
                       words[n]);
          return 0;
        }
      if (kind == 'h')
        *local_seat = (int) n;
      humans += kind == 'h';
      friends += kind == 'f';
    }
  if (friends == 0)
    *local_seat = -1;
  else if (humans != 1)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("With friends invited (f), exactly one seat is a human (h): "
                             "you."));
      return 0;
    }
  return n;
}

static void
start_requested_game (TrioApplication *self,
                      TrioWindow      *window)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) options = bg_options_parse ((const char *const *) self->options,
                                                     &error);
  TrioSeat seats[TRIO_MAX_SEATS];
  guint n = 0;
  int local_seat = -1;
  g_autoptr (BgGame) probe = NULL;

  if (options != NULL)
    probe = bg_game_new (self->game_id, options, &error);
  if (probe != NULL)
    n = parse_seats (self->seats, seats, &local_seat, &error);
  /* Only as many seats as the game has players. */
  if (n > 0)
    n = MIN (n, (guint) bg_game_get_n_players (probe));
  /* Started once the last game is read, and only if the player agrees to replace it when it
   * is in progress. */
  if (n > 0 && local_seat >= (int) n)
    local_seat = -1;
  if (n == 0)
    g_printerr ("%s\n", error->message);
  else
    trio_window_request_game (window, self->game_id, options, seats, n, local_seat);
  g_clear_pointer (&self->game_id, g_free);
}

/* The window, made and shown with the last game read into it at the first call. */
static TrioWindow *
present_window (TrioApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (self->in_use)
    {
      if (window == NULL)
        tell_in_use (self);
      else
        gtk_window_present (window);
      return NULL;
    }
  if (window == NULL)
    {
      window = GTK_WINDOW (trio_window_new (GTK_APPLICATION (self), self->perfect_table,
                                            self->statistics, self->discovery));
      gtk_window_present (window);
      /* After presenting: a question the restored game raises goes above the window. */
      trio_window_restore_game (TRIO_WINDOW (window));
      tell_statistics_problem (self, window);
    }
  else
    gtk_window_present (window);
  return TRIO_WINDOW (window);
}

static void
trio_application_activate (GApplication *application)
{
  TrioApplication *self = TRIO_APPLICATION (application);
  TrioWindow *window = present_window (self);

  if (window != NULL && self->game_id != NULL)
    start_requested_game (self, window);
}

/* `trio FILE.trio`, and the file manager: the file is opened as the Open dialog opens it;
 * `trio trio://HOST:PORT/ROOM#KEY`, and an invite link clicked: the game is joined. */
static void
trio_application_open (GApplication *application,
                       GFile       **files,
                       int           n_files,
                       const char   *hint)
{
  TrioApplication *self = TRIO_APPLICATION (application);
  TrioWindow *window = present_window (self);
  g_autofree char *uri = NULL;

  if (window == NULL)
    return;
  /* An invite link (trio://…, or https://…#KEY), from the command line or the desktop. */
  if (g_file_has_uri_scheme (files[0], "trio") || g_file_has_uri_scheme (files[0], "https"))
    {
      uri = g_file_get_uri (files[0]);
      g_clear_pointer (&self->game_id, g_free);
      trio_window_join_link (window, uri);
      return;
    }
  if (self->game_id != NULL)
    {
      /* Translators: the option --game */
      g_printerr (_("A file is opened: %s is left aside\n"), "--game");
      g_clear_pointer (&self->game_id, g_free);
    }
  if (n_files > 1)
    /* Translators: the file opened */
    g_printerr (_("Trio opens one game at a time: only %s is opened\n"),
                g_file_peek_path (files[0]) ? g_file_peek_path (files[0]) : "");
  trio_window_open_file (window, files[0]);
}

/* The ids of the rule sets, for the command line: triple-alliance, marelle, … */
static char *
list_game_ids (void)
{
  const BgRules *const *rules = bg_rules_list ();
  g_autoptr (GString) ids = g_string_new (NULL);

  for (guint i = 0; rules[i] != NULL; i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? ", " : "", rules[i]->id);
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

static int
trio_application_handle_local_options (GApplication *application,
                                       GVariantDict *options)
{
  TrioApplication *self = TRIO_APPLICATION (application);

  g_variant_dict_lookup (options, "game", "s", &self->game_id);
  g_variant_dict_lookup (options, "option", "^as", &self->options);
  g_variant_dict_lookup (options, "seats", "s", &self->seats);
  if (self->game_id != NULL && bg_rules_lookup (self->game_id) == NULL)
    {
      g_autofree char *ids = list_game_ids ();

      /* Translators: the game asked for, then the games' ids (marelle, trichess…) */
      g_printerr (_("Unknown game “%s”: choose one of %s\n"), self->game_id, ids);
      return EXIT_FAILURE;
    }
  return -1;
}

static void
trio_application_finalize (GObject *object)
{
  TrioApplication *self = TRIO_APPLICATION (object);

  g_free (self->game_id);
  g_strfreev (self->options);
  g_free (self->seats);
  g_free (self->game_help);
  g_clear_object (&self->perfect_table);
  g_clear_object (&self->statistics);
  g_clear_object (&self->discovery);
  g_free (self->statistics_problem);
  if (self->data_lock >= 0)
    close (self->data_lock);
  G_OBJECT_CLASS (trio_application_parent_class)->finalize (object);
}

static void
trio_application_class_init (TrioApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = trio_application_finalize;
  app_class->startup = trio_application_startup;
  app_class->shutdown = trio_application_shutdown;
  app_class->activate = trio_application_activate;
  app_class->open = trio_application_open;
  app_class->handle_local_options = trio_application_handle_local_options;
}

static void
trio_application_init (TrioApplication *self)
{
  g_autofree char *ids = list_game_ids ();
  GOptionEntry entries[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, NULL, NULL, N_("GAME") },
    { "option", 'o', 0, G_OPTION_ARG_STRING_ARRAY, NULL,
      N_("An option of the game, such as variant=standard (repeatable)"), N_("NAME=VALUE") },
    { "seats", 's', 0, G_OPTION_ARG_STRING, NULL,
      N_("Who plays: h for a human, c1 to c6 for the computer (c7: perfect, in La Triple "
         "Alliance), f for a friend invited over the network, e.g. h,c3"), N_("SEATS") },
    { NULL }
  };

  self->data_lock = -1;
  /* Translators: the games' ids follow (marelle, trichess…) */
  self->game_help = g_strdup_printf (_("Start a game at once: %s"), ids);
  entries[0].description = self->game_help;
  g_application_add_main_option_entries (G_APPLICATION (self), entries);
}

TrioPerfectTable *
trio_application_get_perfect_table (TrioApplication *self)
{
  g_return_val_if_fail (TRIO_IS_APPLICATION (self), NULL);
  return self->perfect_table;
}

TrioStatistics *
trio_application_get_statistics (TrioApplication *self)
{
  g_return_val_if_fail (TRIO_IS_APPLICATION (self), NULL);
  return self->statistics;
}


TrioApplication *
trio_application_new (void)
{
  return g_object_new (TRIO_TYPE_APPLICATION,
                       "application-id", TRIO_APP_ID,
                       "resource-base-path", "/io/github/triogames/Trio",
                       "flags", G_APPLICATION_DEFAULT_FLAGS | G_APPLICATION_HANDLES_OPEN,
                       NULL);
}
