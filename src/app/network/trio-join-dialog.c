/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-join-dialog.c: joining a friend's game: its invite link, the seat, the player's name */

#include "trio-join-dialog.h"

#include <glib/gi18n.h>

#include "games/trio-game.h"
#include "trio-announced-game.h"
#include "session/trio-session.h"
#include "trio-client-connection.h"
#include "trio-client-link.h"
#include "trio-client-message.h"
#include "trio-online-event.h"

#define DIALOG_WIDTH 480

struct _TrioJoinDialog
{
  GtkWindow parent_instance;

  GtkEntry *link_entry;
  GtkEntry *name_entry;
  GtkLabel *about_label;      /* which game, which seats are free, or why the link is wrong */
  GtkWidget *seat_caption;
  GtkDropDown *seat_choice;
  GtkWidget *join_button;
  GtkListBox *games_list;     /* the games announced on the local network */
  char *link;
  char *name;

  /* The look at the room: its connection, and the open seats it found (the drop-down's
   * items after "the first free seat"). */
  TrioClientConnection *peek;
  GCancellable *peek_cancellable;
  char *peek_key;
  int open_seats[TRIO_MAX_SEATS];
  guint n_open;
};

G_DEFINE_FINAL_TYPE (TrioJoinDialog, trio_join_dialog, GTK_TYPE_WINDOW)

enum
{
  JOIN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
stop_peek (TrioJoinDialog *self)
{
  g_cancellable_cancel (self->peek_cancellable);
  g_clear_object (&self->peek_cancellable);
  if (self->peek != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->peek, self);
      trio_client_connection_close (self->peek);
      g_clear_object (&self->peek);
    }
  g_clear_pointer (&self->peek_key, g_free);
}

typedef struct
{
  TrioJoinDialog *dialog;         /* a reference */
  TrioClientConnection *peek;     /* the look to stop, if it is still the dialog's */
} PeekDone;

static gboolean
stop_peek_later (gpointer user_data)
{
  PeekDone *done = user_data;

  if (done->dialog->peek == done->peek)
    stop_peek (done->dialog);
  g_object_unref (done->dialog);
  g_free (done);
  return G_SOURCE_REMOVE;
}

static void
trio_join_dialog_dispose (GObject *object)
{
  stop_peek (TRIO_JOIN_DIALOG (object));
  G_OBJECT_CLASS (trio_join_dialog_parent_class)->dispose (object);
}

static void
trio_join_dialog_finalize (GObject *object)
{
  TrioJoinDialog *self = TRIO_JOIN_DIALOG (object);

  g_free (self->link);
  g_free (self->name);
  G_OBJECT_CLASS (trio_join_dialog_parent_class)->finalize (object);
}

static void
trio_join_dialog_class_init (TrioJoinDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = trio_join_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = trio_join_dialog_finalize;
  signals[JOIN] = g_signal_new ("join", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0,
                                       "window.close", NULL);
}

static void
trio_join_dialog_init (TrioJoinDialog *self)
{
}

/* The link as typed, without the spaces a paste may bring. */
static char *
typed_link (TrioJoinDialog *self)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->link_entry))));
}

static gboolean
name_given (TrioJoinDialog *self)
{
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (
                                                  GTK_EDITABLE (self->name_entry))));

  return name[0] != '\0';
}

static void
update_join (TrioJoinDialog *self)
{
  g_autofree char *link = typed_link (self);

  gtk_widget_set_sensitive (self->join_button,
                            trio_client_link_parse (link, NULL, NULL, NULL, NULL)
                            && name_given (self));
}

static void
set_about (TrioJoinDialog *self,
           const char     *text)
{
  gtk_label_set_text (self->about_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->about_label), text != NULL && text[0] != '\0');
}

/* The seats a friend may take, in the drop-down: the first free one, then each. */
static void
show_seats (TrioJoinDialog *self,
            const TrioGame *tgame)
{
  g_autoptr (GtkStringList) list = gtk_string_list_new (NULL);

  gtk_string_list_append (list, _("The first free seat"));
  for (guint i = 0; i < self->n_open; i++)
    {
      g_autofree char *name = tgame != NULL ? trio_game_dup_seat_name (tgame, self->open_seats[i])
                                            : NULL;
      /* Translators: a seat's number (from 1) and its name, "Player 2 — Black" */
      g_autofree char *text = name != NULL
                              ? g_strdup_printf (_("Player %d — %s"), self->open_seats[i] + 1,
                                                 name)
                              : g_strdup_printf (_("Player %d"), self->open_seats[i] + 1);

      gtk_string_list_append (list, text);
    }
  gtk_drop_down_set_model (self->seat_choice, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->seat_choice, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->seat_choice), self->n_open > 1);
  gtk_widget_set_visible (self->seat_caption, self->n_open > 1);
}

static void
read_peek_state (TrioJoinDialog *self,
                 JsonObject     *state)
{
  TrioOnlineSeat seats[TRIO_MAX_SEATS];
  int n = trio_online_read_seats (state, seats, TRIO_MAX_SEATS);
  const char *id = trio_client_message_get_string (state, "game");
  const TrioGame *tgame = id != NULL ? trio_game_lookup (id) : NULL;
  const char *game = tgame != NULL ? trio_game_get_name (tgame, NULL) : id;
  g_autofree char *text = NULL;

  self->n_open = 0;
  for (int i = 0; i < n; i++)
    if (seats[i].kind == TRIO_ONLINE_SEAT_OPEN)
      self->open_seats[self->n_open++] = i;
  if (self->n_open == 0)
    /* Translators: the game's name */
    text = g_strdup_printf (_("A game of %s: every seat is taken."), game != NULL ? game : "?");
  else
    /* Translators: the game's name, then the number of seats free */
    text = g_strdup_printf (ngettext ("A game of %s: %u seat is free.",
                                      "A game of %s: %u seats are free.", self->n_open),
                            game != NULL ? game : "?", self->n_open);
  g_debug ("join: %s", text);
  set_about (self, text);
  show_seats (self, tgame);
}

static void
on_peek_message (TrioJoinDialog *self,
                 const char     *text,
                 JsonObject     *object)
{
  TrioOnlineEvent event;
  PeekDone *done;

  if (!trio_online_event_read (object, &event))
    return;
  if (event.kind == TRIO_ONLINE_EVENT_STATE)
    read_peek_state (self, object);
  else if (event.kind == TRIO_ONLINE_EVENT_ERROR)
    set_about (self, g_str_equal (event.code, "bad-key")
                     ? _("The invite link is not right: the game refused its key.")
                     : g_str_equal (event.code, "no-room")
                     ? _("The server has no such game: it may have ended long ago.")
                     : event.text);
  else
    return;
  /* One look is enough: the connection goes once its signal is over. */
  done = g_new0 (PeekDone, 1);
  done->dialog = g_object_ref (self);
  done->peek = self->peek;
  g_idle_add (stop_peek_later, done);
}

static void
peek_connected (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  TrioJoinDialog *self;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) watch = NULL;

  if (!trio_client_connection_connect_finish (TRIO_CLIENT_CONNECTION (source), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      self = user_data;
      {
        /* Translators: why the server cannot be reached */
        g_autofree char *text = g_strdup_printf (_("The game cannot be reached: %s"),
                                                 error->message);

        set_about (self, text);
      }
      stop_peek (self);
      return;
    }
  self = user_data;
  g_signal_connect_swapped (source, "message", G_CALLBACK (on_peek_message), self);
  watch = trio_online_message_watch (self->peek_key);
  trio_client_connection_send_object (TRIO_CLIENT_CONNECTION (source), watch);
}

static void
link_changed (TrioJoinDialog *self)
{
  g_autofree char *link = typed_link (self);
  g_autofree char *url = NULL;
  g_autofree char *key = NULL;
  g_autoptr (GError) error = NULL;

  stop_peek (self);
  self->n_open = 0;
  show_seats (self, NULL);
  update_join (self);
  if (link[0] == '\0')
    {
      set_about (self, NULL);
      return;
    }
  if (!trio_client_link_parse (link, &url, NULL, &key, &error))
    {
      set_about (self, _("This is not an invite link: one begins with trio:// or https://, "
                         "and ends with # and the game’s key."));
      return;
    }
  set_about (self, _("Looking at the game…"));
  self->peek = trio_client_connection_new (NULL);
  self->peek_cancellable = g_cancellable_new ();
  self->peek_key = g_steal_pointer (&key);
  trio_client_connection_connect_async (self->peek, url, self->peek_cancellable, peek_connected,
                                        self);
}

static void
join_clicked (TrioJoinDialog *self)
{
  guint selected = gtk_drop_down_get_selected (self->seat_choice);

  if (!gtk_widget_get_sensitive (self->join_button))
    return;
  g_free (self->link);
  self->link = typed_link (self);
  g_free (self->name);
  self->name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry))));
  g_debug ("join: %s as %s, seat %d", self->link, self->name,
           selected > 0 && selected <= self->n_open ? self->open_seats[selected - 1] + 1 : 0);
  g_signal_emit (self, signals[JOIN], 0);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* A game announced on the local network: its title, its game and seats free. */
static GtkWidget *
game_row (gpointer item,
          gpointer user_data)
{
  TrioAnnouncedGame *game = item;
  const TrioGame *tgame = trio_game_lookup (trio_announced_game_get_game_id (game));
  int open = trio_announced_game_get_open_seats (game);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (trio_announced_game_get_title (game));
  GtkWidget *detail;
  g_autofree char *text = NULL;

  if (tgame == NULL)
    text = g_strdup (_("A game this Trio does not know"));
  else
    /* Translators: a game announced on the local network: its name, the seats free */
    text = g_strdup_printf (ngettext ("%s, %d seat free", "%s, %d seats free", open),
                            trio_game_get_name (tgame, NULL), open);
  detail = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), detail);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  g_object_set_data_full (G_OBJECT (box), "trio-link",
                          g_strdup (trio_announced_game_get_link (game)), g_free);
  return box;
}

/* A game of the list chosen: its link, as if pasted. */
static void
game_activated (TrioJoinDialog *self,
                GtkListBoxRow  *row)
{
  const char *link = g_object_get_data (G_OBJECT (gtk_list_box_row_get_child (row)),
                                        "trio-link");

  if (link != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->link_entry), link);
}

static GtkWidget *
build_games (TrioJoinDialog *self,
             GListModel     *games)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *heading = gtk_label_new_with_mnemonic (_("Games on this _network"));
  GtkWidget *none = gtk_label_new (_("No game is announced on this network."));
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->games_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (heading, "heading");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (heading), GTK_WIDGET (self->games_list));
  gtk_widget_add_css_class (none, "dim-label");
  gtk_widget_set_margin_top (none, 12);
  gtk_widget_set_margin_bottom (none, 12);
  gtk_list_box_set_placeholder (self->games_list, none);
  gtk_list_box_set_activate_on_single_click (self->games_list, TRUE);
  gtk_list_box_bind_model (self->games_list, games, game_row, self, NULL);
  g_signal_connect_swapped (self->games_list, "row-activated", G_CALLBACK (game_activated),
                            self);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 180);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled),
                                 GTK_WIDGET (self->games_list));
  gtk_frame_set_child (GTK_FRAME (frame), scrolled);
  gtk_box_append (GTK_BOX (box), heading);
  gtk_box_append (GTK_BOX (box), frame);
  return box;
}

static GtkWidget *
build_header (TrioJoinDialog *self)
{
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));

  self->join_button = gtk_button_new_with_mnemonic (_("_Join"));
  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (header), FALSE);
  gtk_widget_add_css_class (self->join_button, "suggested-action");
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), self);
  g_signal_connect_swapped (self->join_button, "clicked", G_CALLBACK (join_clicked), self);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), cancel);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), self->join_button);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->join_button);
  return header;
}

/* A caption with its mnemonic, at the left of widget in row y of grid. */
static GtkWidget *
attach_row (GtkGrid    *grid,
            int         y,
            const char *caption,
            GtkWidget  *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (caption);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_grid_attach (grid, label, 0, y, 1, 1);
  gtk_grid_attach (grid, widget, 1, y, 1, 1);
  return label;
}

static GtkWidget *
build_content (TrioJoinDialog *self,
               GListModel     *games)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *intro = gtk_label_new (games != NULL
                                    ? _("Paste the invite link a friend sent you, or choose "
                                        "a game announced on this network.")
                                    : _("Paste the invite link a friend sent you."));
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());

  gtk_widget_set_size_request (box, DIALOG_WIDTH - 48, -1);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_label_set_wrap (GTK_LABEL (intro), TRUE);
  gtk_label_set_xalign (GTK_LABEL (intro), 0);
  gtk_grid_set_row_spacing (grid, 6);
  gtk_grid_set_column_spacing (grid, 12);

  self->link_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->link_entry, "trio://…");
  gtk_entry_set_activates_default (self->link_entry, TRUE);
  gtk_entry_set_input_purpose (self->link_entry, GTK_INPUT_PURPOSE_URL);
  attach_row (grid, 0, _("Invite _link"), GTK_WIDGET (self->link_entry));
  self->about_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->about_label, TRUE);
  gtk_label_set_xalign (self->about_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->about_label), "dim-label");
  gtk_widget_set_visible (GTK_WIDGET (self->about_label), FALSE);
  gtk_grid_attach (grid, GTK_WIDGET (self->about_label), 1, 1, 1, 1);
  self->seat_choice = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  self->seat_caption = attach_row (grid, 2, _("_Seat"), GTK_WIDGET (self->seat_choice));
  self->name_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_activates_default (self->name_entry, TRUE);
  gtk_entry_set_max_length (self->name_entry, 40);
  attach_row (grid, 3, _("Your _name"), GTK_WIDGET (self->name_entry));

  gtk_box_append (GTK_BOX (box), intro);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (grid));
  if (games != NULL)
    gtk_box_append (GTK_BOX (box), build_games (self, games));
  return box;
}

TrioJoinDialog *
trio_join_dialog_new (GtkWindow  *parent,
                      const char *link,
                      const char *name,
                      GListModel *games)
{
  TrioJoinDialog *self = g_object_new (TRIO_TYPE_JOIN_DIALOG, "modal", TRUE,
                                       "transient-for", parent, "resizable", FALSE,
                                       "title", _("Join a Game"), NULL);

  gtk_window_set_titlebar (GTK_WINDOW (self), build_header (self));
  gtk_window_set_child (GTK_WINDOW (self), build_content (self, games));
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), name != NULL ? name : "");
  show_seats (self, NULL);
  g_signal_connect_swapped (self->link_entry, "changed", G_CALLBACK (link_changed), self);
  g_signal_connect_swapped (self->name_entry, "changed", G_CALLBACK (update_join), self);
  if (link != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->link_entry), link);
  update_join (self);
  /* With the link given, Enter joins at once; else the link is pasted first. */
  gtk_window_set_focus (GTK_WINDOW (self), link != NULL && gtk_widget_get_sensitive (
                                              self->join_button)
                                           ? self->join_button : GTK_WIDGET (self->link_entry));
  return self;
}

const char *
trio_join_dialog_get_link (TrioJoinDialog *self)
{
  return self->link;
}

int
trio_join_dialog_get_seat (TrioJoinDialog *self)
{
  guint selected = gtk_drop_down_get_selected (self->seat_choice);

  return selected > 0 && selected <= self->n_open ? self->open_seats[selected - 1] : -1;
}

const char *
trio_join_dialog_get_name (TrioJoinDialog *self)
{
  return self->name;
}
