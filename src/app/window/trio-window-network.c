/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-window-network.c: the main window's games with friends over the network: hosting and
 * joining, the invite, who is connected, a friend gone, the offers put to this seat, undo
 * asked of the others, resigning */

#include <glib/gi18n.h>

#include "games/trio-game.h"
#include "network/trio-join-dialog.h"
#include "network/trio-local-server.h"
#include "trio-client-link.h"
#include "trio-settings.h"
#include "trio-window-private.h"
#include "widgets/trio-message.h"

/* The level of the computer given a friend's seat. */
#define GIVEN_SEAT_LEVEL 3

/* The room */

static void
close_offer_message (TrioWindow *self)
{
  if (self->offer_message != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->offer_message),
                                    (gpointer *) &self->offer_message);
      gtk_window_destroy (self->offer_message);
      self->offer_message = NULL;
    }
}

/* A game hosted on this Trio's own server, while seats are open, is announced on the local
 * network: friends there find it in their Join dialog. */
static void
announce (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);
  const char *invite = self->link != NULL ? trio_room_link_get_invite (self->link) : NULL;
  guint open = self->link != NULL ? trio_room_link_count_open (self->link) : 0;
  g_autofree char *key = NULL;
  g_autofree char *room = NULL;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  TrioLocalServer *server;

  if (self->discovery == NULL)
    return;
  if (invite == NULL || !trio_room_link_is_hosted (self->link) || game == NULL
      || !trio_session_is_online (self->session) || bg_game_is_over (game) || open == 0
      || !trio_client_link_parse (invite, NULL, &room, &key, NULL)
      || (server = trio_local_server_get (NULL)) == NULL)
    {
      if (self->announced != NULL)
        {
          g_debug ("online: room %s no longer announced", self->announced);
          trio_discovery_withdraw (self->discovery, self->announced);
          g_clear_pointer (&self->announced, g_free);
        }
      return;
    }
  /* Told again only when the seats open change. */
  if (g_strcmp0 (self->announced, room) == 0 && self->announced_open == open)
    return;
  name = trio_session_dup_player_name (self->session, trio_room_link_get_seat (self->link));
  /* Translators: a game announced on the local network: the host's name, then the game's */
  title = g_strdup_printf (_("%s — %s"), name, trio_game_get_name (trio_game_for (game), game));
  if (self->announced == NULL)
    g_debug ("online: room %s announced on the local network as %s", room, title);
  trio_discovery_announce (self->discovery, title, bg_game_get_rules (game)->id,
                           trio_local_server_get_port (server), room, key, (int) open);
  g_free (self->announced);
  self->announced = g_steal_pointer (&room);
  self->announced_open = open;
}

static void
drop_link (TrioWindow *self)
{
  if (self->link == NULL)
    return;
  close_offer_message (self);
  g_signal_handlers_disconnect_by_data (self->link, self);
  trio_room_link_leave (self->link);
  g_clear_object (&self->link);
}

/* The first free human seat other than this one whose player is gone, or -1. */
static int
dropped_seat (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);
  guint n;
  const TrioOnlineSeat *seats;

  if (self->link == NULL || game == NULL || bg_game_is_over (game)
      || !trio_room_link_is_connected (self->link))
    return -1;
  seats = trio_room_link_get_seats (self->link, &n);
  for (guint i = 0; i < n; i++)
    if ((int) i != trio_room_link_get_seat (self->link) && seats[i].kind == TRIO_ONLINE_SEAT_HUMAN
        && !seats[i].connected)
      return (int) i;
  return -1;
}

static void
update_bars (TrioWindow *self)
{
  const BgGame *game = trio_session_get_game (self->session);
  gboolean live = self->link != NULL && game != NULL && trio_window_get_game_id (self) != NULL;
  gboolean over = game != NULL && bg_game_is_over (game);
  guint open = live ? trio_room_link_count_open (self->link) : 0;
  const char *invite = self->link != NULL ? trio_room_link_get_invite (self->link) : NULL;

  if (open > 0 && invite != NULL && !over)
    {
      g_autofree char *title = g_strdup_printf (ngettext ("Waiting for a friend to join",
                                                          "Waiting for %u friends to join",
                                                          open), open);
      /* Translators: the invite link follows */
      g_autofree char *detail = g_strdup_printf (_("Send this invite link by any messenger: "
                                                   "%s"), invite);

      trio_info_bar_set_text (self->invite_bar, title, detail);
    }
  trio_info_bar_set_shown (self->invite_bar, open > 0 && invite != NULL && !over);
  trio_window_set_action_enabled (self, "copy-invite", invite != NULL);
  announce (self);

  self->dropped_seat = live ? dropped_seat (self) : -1;
  if (self->dropped_seat >= 0)
    {
      g_autofree char *name = trio_session_dup_player_name (self->session, self->dropped_seat);
      /* Translators: a friend's connection was lost; the name follows */
      g_autofree char *title = g_strdup_printf (_("Waiting for %s…"), name);

      trio_info_bar_set_text (self->drop_bar, title,
                              _("The game goes on when they come back, or the computer may "
                                "take their seat."));
    }
  trio_info_bar_set_shown (self->drop_bar, self->dropped_seat >= 0);
  trio_window_set_action_enabled (self, "seat-to-computer", self->dropped_seat >= 0);

  trio_info_bar_set_shown (self->lost_bar, live && !over
                                           && !trio_room_link_is_connected (self->link));
  trio_window_set_action_enabled (self, "resign", live && !over
                                                  && trio_room_link_is_connected (self->link));
  if (live)
    trio_window_set_action_enabled (self, "undo", trio_room_link_can_ask_undo (self->link));
}

void
trio_window_network_update (TrioWindow *self)
{
  update_bars (self);
}

void
trio_window_network_game_changed (TrioWindow *self)
{
  /* Another game came (a new one, one opened or restored): the room is left. */
  if (self->link != NULL && !trio_session_is_online (self->session))
    drop_link (self);
  update_bars (self);
}

/* The dot by each name */

GtkWidget *
trio_window_network_player_row (TrioWindow *self,
                                int         seat,
                                GtkWidget  *row)
{
  const TrioOnlineSeat *seats;
  GtkWidget *box, *dot;
  const char *tip;
  guint n;

  if (self->link == NULL || !trio_session_is_online (self->session))
    return row;
  seats = trio_room_link_get_seats (self->link, &n);
  if (seat < 0 || (guint) seat >= n)
    return row;
  if (seats[seat].kind == TRIO_ONLINE_SEAT_OPEN)
    tip = _("Waiting for a friend invited");
  else if (seats[seat].connected)
    tip = _("Connected");
  else
    tip = _("Not connected");
  dot = gtk_label_new (seats[seat].kind == TRIO_ONLINE_SEAT_OPEN ? "○" : "●");
  gtk_widget_add_css_class (dot, "online-dot");
  gtk_widget_add_css_class (dot, seats[seat].kind == TRIO_ONLINE_SEAT_OPEN ? "open"
                                 : seats[seat].connected ? "connected" : "disconnected");
  gtk_widget_set_tooltip_text (dot, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dot), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (box), dot);
  gtk_box_append (GTK_BOX (box), row);
  return box;
}

/* Offers put to this seat */

static void
offer_answered (int      response,
                gpointer user_data)
{
  TrioWindow *self = user_data;
  TrioOnlineOffer offer;

  if (self->offer_message == NULL || self->link == NULL)
    return;
  g_object_remove_weak_pointer (G_OBJECT (self->offer_message),
                                (gpointer *) &self->offer_message);
  self->offer_message = NULL;
  offer = trio_room_link_get_offer (self->link);
  if (offer.kind != TRIO_ONLINE_OFFER_NONE)
    trio_room_link_answer (self->link, offer.kind, response == 1);
}

static void
ask_offer (TrioWindow            *self,
           const TrioOnlineOffer *offer)
{
  const char *draw_buttons[] = { _("_Play On"), _("_Agree to a Draw"), NULL };
  const char *undo_buttons[] = { _("_Refuse"), _("_Take It Back"), NULL };
  g_autofree char *name = NULL;
  g_autofree char *body = NULL;

  if (offer->kind == TRIO_ONLINE_OFFER_DRAW)
    self->offer_message = trio_message_show (GTK_WINDOW (self), _("Draw Offered"),
                                             _("This position has occurred five times. Agree "
                                               "to a draw?"),
                                             draw_buttons, offer_answered, self);
  else
    {
      name = trio_session_dup_player_name (self->session, offer->from);
      /* Translators: the player who asks */
      body = g_strdup_printf (_("%s asks to take back their last move."), name);
      self->offer_message = trio_message_show (GTK_WINDOW (self), _("Take Back a Move?"), body,
                                               undo_buttons, offer_answered, self);
    }
  g_object_add_weak_pointer (G_OBJECT (self->offer_message), (gpointer *) &self->offer_message);
}

static void
on_offer_changed (TrioWindow *self)
{
  TrioOnlineOffer offer = trio_room_link_get_offer (self->link);
  int seat = trio_room_link_get_seat (self->link);
  gboolean mine = offer.kind != TRIO_ONLINE_OFFER_NONE && seat >= 0
                  && (offer.waiting & (1u << seat)) != 0;

  if (!mine)
    close_offer_message (self);
  else if (self->offer_message == NULL)
    {
      g_debug ("online: the %s offer is put to this seat",
               offer.kind == TRIO_ONLINE_OFFER_DRAW ? "draw" : "undo");
      ask_offer (self, &offer);
    }
  /* The game's own offer stays: the room's end draws it when every seat agrees (the offer
   * is withdrawn just before), and the next move declines it. */
  update_bars (self);
}

/* The room's signals */

static void
on_welcomed (TrioWindow *self)
{
  g_debug ("online: invite link %s", trio_room_link_get_invite (self->link));
  update_bars (self);
}

static void
on_seats_changed (TrioWindow *self)
{
  trio_window_refresh (self);
  update_bars (self);
}

static void
on_connection_changed (TrioWindow *self)
{
  g_debug ("online: %s", trio_room_link_is_connected (self->link) ? "connected"
                                                                  : "connection lost");
  update_bars (self);
}

static void
on_failed (TrioWindow *self,
           const char *text)
{
  const char *buttons[] = { _("_Close"), NULL };

  trio_message_show (GTK_WINDOW (self), _("Could Not Play Online"), text, buttons, NULL, NULL);
  drop_link (self);
  update_bars (self);
}

static void
on_refused (TrioWindow *self,
            const char *text)
{
  trio_window_notice_show (self, text);
}

static TrioRoomLink *
new_link (TrioWindow *self)
{
  drop_link (self);
  self->link = trio_room_link_new (self->session);
  g_signal_connect_swapped (self->link, "welcomed", G_CALLBACK (on_welcomed), self);
  g_signal_connect_swapped (self->link, "seats-changed", G_CALLBACK (on_seats_changed), self);
  g_signal_connect_swapped (self->link, "offer-changed", G_CALLBACK (on_offer_changed), self);
  g_signal_connect_swapped (self->link, "connection-changed",
                            G_CALLBACK (on_connection_changed), self);
  g_signal_connect_swapped (self->link, "failed", G_CALLBACK (on_failed), self);
  g_signal_connect_swapped (self->link, "refused", G_CALLBACK (on_refused), self);
  return self->link;
}

/* Hosting and joining */

static char *
player_name (void)
{
  GSettings *settings = trio_settings_get ();
  g_autofree char *name = settings != NULL ? g_settings_get_string (settings, "player-name")
                                           : NULL;

  if (name != NULL && name[0] != '\0')
    return g_steal_pointer (&name);
  return g_strdup (g_get_real_name ());
}

void
trio_window_network_host (TrioWindow     *self,
                          const char     *game_id,
                          GHashTable     *options,
                          const TrioSeat *seats,
                          guint           n_seats,
                          int             local_seat)
{
  GSettings *settings = trio_settings_get ();
  g_autofree char *server = settings != NULL ? g_settings_get_string (settings, "game-server")
                                             : NULL;
  g_autofree char *name = seats[local_seat].name != NULL ? g_strdup (seats[local_seat].name)
                                                          : player_name ();
  g_autoptr (GError) error = NULL;

  if (!trio_room_link_host (new_link (self), server, game_id, options, seats, n_seats,
                            local_seat, name, &error))
    {
      const char *buttons[] = { _("_Close"), NULL };

      drop_link (self);
      trio_message_show (GTK_WINDOW (self), _("Could Not Start the Game"), error->message,
                         buttons, NULL, NULL);
    }
}

typedef struct
{
  char *link;
  int seat;
  char *name;
} Join;

static void
join_free (gpointer data)
{
  Join *join = data;

  g_free (join->link);
  g_free (join->name);
  g_free (join);
}

static void
join_now (TrioWindow *self,
          gpointer    data)
{
  Join *join = data;
  g_autoptr (GError) error = NULL;

  if (!trio_room_link_join (new_link (self), join->link, join->seat, join->name, &error))
    on_failed (self, error->message);
}

static void
on_join (TrioWindow     *self,
         TrioJoinDialog *dialog)
{
  Join *join = g_new0 (Join, 1);
  GSettings *settings = trio_settings_get ();

  join->link = g_strdup (trio_join_dialog_get_link (dialog));
  join->seat = trio_join_dialog_get_seat (dialog);
  join->name = g_strdup (trio_join_dialog_get_name (dialog));
  if (settings != NULL)
    g_settings_set_string (settings, "player-name", join->name);
  trio_window_replace_game (self, _("Join the Game?"), _("_Join"), join_now, join, join_free);
}

static void
show_join_dialog (TrioWindow *self,
                  const char *link)
{
  g_autofree char *name = player_name ();
  GListModel *games = self->discovery != NULL ? trio_discovery_get_games (self->discovery)
                                              : NULL;
  TrioJoinDialog *dialog = trio_join_dialog_new (GTK_WINDOW (self), link, name, games);

  g_signal_connect_object (dialog, "join", G_CALLBACK (on_join), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
trio_window_join_link (TrioWindow *self,
                       const char *link)
{
  g_autofree char *room = NULL;
  g_autofree char *path = trio_online_store_path ();
  g_autoptr (TrioOnlineRecord) record = NULL;
  Join *join;

  g_debug ("online: invite link given: %s", link);
  if (!trio_client_link_parse (link, NULL, &room, NULL, NULL))
    {
      show_join_dialog (self, link);
      return;
    }
  /* This game already, or a seat held there: no question of seat nor name. */
  if (self->link != NULL && g_strcmp0 (trio_room_link_get_room (self->link), room) == 0)
    return;
  record = trio_online_store_lookup (path, room);
  if (record == NULL)
    {
      show_join_dialog (self, link);
      return;
    }
  join = g_new0 (Join, 1);
  join->link = g_strdup (link);
  join->seat = -1;
  trio_window_replace_game (self, _("Join the Game?"), _("_Join"), join_now, join, join_free);
}

gboolean
trio_window_network_restore (TrioWindow *self)
{
  g_autofree char *path = trio_online_store_path ();
  g_autoptr (TrioOnlineRecord) record = trio_online_store_last (path);

  if (record == NULL)
    return FALSE;
  g_debug ("online: resuming the game of room %s", record->room);
  trio_room_link_resume (new_link (self), record);
  return TRUE;
}

gboolean
trio_window_network_undo (TrioWindow *self)
{
  if (self->link == NULL || !trio_session_is_online (self->session))
    return FALSE;
  trio_room_link_ask_undo (self->link);
  return TRUE;
}

/* The actions */

static void
join_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  show_join_dialog (TRIO_WINDOW (user_data), NULL);
}

static void
copy_invite_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  TrioWindow *self = user_data;
  const char *invite = self->link != NULL ? trio_room_link_get_invite (self->link) : NULL;

  if (invite == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), invite);
  g_debug ("online: invite link copied");
  trio_window_notice_show (self, _("The invite link is copied: paste it in a message."));
}

static void
resign_answered (int      response,
                 gpointer user_data)
{
  TrioWindow *self = user_data;

  if (response == 1 && self->link != NULL)
    trio_room_link_resign (self->link);
  g_object_unref (self);
}

static void
resign_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  TrioWindow *self = user_data;
  const char *buttons[] = { _("_Play On"), _("_Resign"), NULL };

  trio_message_show (GTK_WINDOW (self), _("Resign the Game?"),
                     _("The game ends, and the others win it."), buttons, resign_answered,
                     g_object_ref (self));
}

static void
seat_to_computer_activated (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  TrioWindow *self = user_data;

  if (self->link != NULL && self->dropped_seat >= 0)
    trio_room_link_give_seat (self->link, self->dropped_seat, GIVEN_SEAT_LEVEL);
}

static const GActionEntry network_actions[] = {
  { "join", join_activated },
  { "copy-invite", copy_invite_activated },
  { "resign", resign_activated },
  { "seat-to-computer", seat_to_computer_activated },
};

static TrioInfoBar *
add_bar (TrioWindow *self,
         const char *css_class)
{
  GtkWidget *bar = trio_info_bar_new (css_class);

  gtk_box_insert_child_after (self->board_area, bar, NULL);
  return TRIO_INFO_BAR (bar);
}

void
trio_window_network_init (TrioWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), network_actions,
                                   G_N_ELEMENTS (network_actions), self);
  self->dropped_seat = -1;
  self->lost_bar = add_bar (self, "online-bar");
  trio_info_bar_set_text (self->lost_bar, _("The connection to the game is lost"),
                          _("Trying to reach it again…"));
  self->drop_bar = add_bar (self, "online-bar");
  trio_info_bar_add_button (self->drop_bar, _("_Give the Seat to the Computer"),
                            "win.seat-to-computer", FALSE);
  self->invite_bar = add_bar (self, "invite-bar");
  trio_info_bar_add_button (self->invite_bar, _("_Copy Link"), "win.copy-invite", FALSE);
  update_bars (self);
}

void
trio_window_network_dispose (TrioWindow *self)
{
  if (self->announced != NULL && self->discovery != NULL)
    trio_discovery_withdraw (self->discovery, self->announced);
  g_clear_pointer (&self->announced, g_free);
  if (self->link != NULL)
    {
      close_offer_message (self);
      g_signal_handlers_disconnect_by_data (self->link, self);
      g_clear_object (&self->link);
    }
}
