/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-room.c: a room's seats and connections: create, join, resume, watch, the
 * computer given a seat, export, and the messages that tell the connections */

#include "trio-server-room-private.h"

#include <string.h>

#include "bg-save.h"
#include "bg-search.h"
#include "trio-server-secret.h"

G_DEFINE_FINAL_TYPE (TrioRoom, trio_room, G_TYPE_OBJECT)

static void
trio_room_finalize (GObject *object)
{
  TrioRoom *self = TRIO_ROOM (object);

  /* A search under way holds a reference: there is none left. */
  g_assert (self->job == NULL);
  for (guint i = 0; i < self->n_seats; i++)
    {
      g_free (self->seats[i].name);
      g_free (self->seats[i].token_hash);
    }
  g_array_unref (self->clients);
  g_clear_pointer (&self->game, bg_game_free);
  g_free (self->id);
  g_free (self->key_hash);
  G_OBJECT_CLASS (trio_room_parent_class)->finalize (object);
}

static void
trio_room_class_init (TrioRoomClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = trio_room_finalize;
}

static void
trio_room_init (TrioRoom *self)
{
  self->clients = g_array_new (FALSE, FALSE, sizeof (RoomClient));
}

gboolean
room_fail (GError    **error,
           int         code,
           const char *message)
{
  g_set_error_literal (error, TRIO_PROTOCOL_ERROR, code, message);
  return FALSE;
}

gint64
room_now (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

/* A write to the store that failed: logged, and refused to the client as server-error. */
gboolean
room_store_failed (TrioRoom *self,
                   gboolean  ok,
                   GError   *store_error,
                   GError  **error)
{
  if (ok)
    return FALSE;
  g_warning ("Room %s: the store failed: %s", self->id,
             store_error != NULL ? store_error->message : "?");
  room_fail (error, TRIO_PROTOCOL_ERROR_SERVER_ERROR,
             "The server could not save the game; nothing changed.");
  return TRUE;
}

void
room_send (TrioRoom   *self,
           gpointer    client,
           const char *text)
{
  self->host->send (client, text, self->host->user_data);
}

void
room_send_all (TrioRoom   *self,
               const char *text,
               gpointer    except)
{
  for (guint i = 0; i < self->clients->len; i++)
    {
      RoomClient *c = &g_array_index (self->clients, RoomClient, i);

      if (c->client != except)
        room_send (self, c->client, text);
    }
}

static RoomClient *
find_client (TrioRoom *self,
             gpointer  client)
{
  for (guint i = 0; i < self->clients->len; i++)
    if (g_array_index (self->clients, RoomClient, i).client == client)
      return &g_array_index (self->clients, RoomClient, i);
  return NULL;
}

/* Forgets a connection, and its seat's; returns the seat it held (-1: none, -2: unknown). */
static int
remove_client (TrioRoom *self,
               gpointer  client)
{
  for (guint i = 0; i < self->clients->len; i++)
    if (g_array_index (self->clients, RoomClient, i).client == client)
      {
        int seat = g_array_index (self->clients, RoomClient, i).seat;

        g_array_remove_index (self->clients, i);
        if (seat >= 0 && self->seats[seat].client == client)
          self->seats[seat].client = NULL;
        return seat;
      }
  return -2;
}

static void
attach (TrioRoom *self,
        gpointer  client,
        int       seat)
{
  RoomClient c = { client, seat };

  g_array_append_val (self->clients, c);
  if (seat >= 0)
    self->seats[seat].client = client;
}

static TrioRoom *
room_new (const TrioRoomHost *host,
          const char         *id)
{
  TrioRoom *self = g_object_new (TRIO_TYPE_ROOM, NULL);

  self->host = host;
  self->id = g_strdup (id);
  return self;
}

static int
compare_words (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The options as the store keeps them: "name=value" words, sorted. */
static char *
options_words (GHashTable *options)
{
  g_autoptr (GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer name, value;

  g_hash_table_iter_init (&iter, options);
  while (g_hash_table_iter_next (&iter, &name, &value))
    g_ptr_array_add (words, g_strdup_printf ("%s=%s", (char *) name, (char *) value));
  g_ptr_array_sort (words, compare_words);
  g_ptr_array_add (words, NULL);
  return g_strjoinv (" ", (char **) words->pdata);
}

/* The client's options, and a value drawn by the server for each drawn option, which a
 * client may not choose (it would know the deal). */
static GHashTable *
game_options (const BgRules *rules,
              GHashTable    *asked,
              GError       **error)
{
  g_autoptr (GHashTable) options = bg_options_new ();
  GHashTableIter iter;
  gpointer name, value;

  g_hash_table_iter_init (&iter, asked);
  while (g_hash_table_iter_next (&iter, &name, &value))
    g_hash_table_insert (options, g_strdup (name), g_strdup (value));
  for (const BgOptionSpec *spec = rules->options; spec != NULL && spec->name != NULL; spec++)
    {
      guint32 random;
      int low = MAX (spec->min, 1);

      if (!(spec->flags & BG_OPTION_DRAWN) || spec->values != NULL)
        continue;
      if (g_hash_table_contains (options, spec->name))
        {
          room_fail (error, TRIO_PROTOCOL_ERROR_BAD_GAME, "The server draws the deal.");
          return NULL;
        }
      trio_secret_random_bytes ((guint8 *) &random, sizeof random);
      g_hash_table_insert (options, g_strdup (spec->name),
                           g_strdup_printf ("%d", spec->max > low
                                            ? low + (int) (random % (guint32) (spec->max - low))
                                            : low));
    }
  return g_steal_pointer (&options);
}

static BgGame *
create_game (const TrioMessage *create,
             GError           **error)
{
  const BgRules *rules = bg_rules_lookup (create->game);
  g_autoptr (GHashTable) options = NULL;
  g_autoptr (GError) game_error = NULL;
  g_autoptr (BgGame) game = NULL;

  if (rules == NULL)
    {
      room_fail (error, TRIO_PROTOCOL_ERROR_BAD_GAME, "This server has no such game.");
      return NULL;
    }
  options = game_options (rules, create->options, error);
  if (options == NULL)
    return NULL;
  game = bg_game_new (create->game, options, &game_error);
  if (game == NULL)
    {
      g_autofree char *message = g_strdup_printf ("The options are refused: %s.",
                                                  game_error->message);

      room_fail (error, TRIO_PROTOCOL_ERROR_BAD_GAME, message);
      return NULL;
    }
  if (bg_game_get_n_players (game) != (int) create->n_seats)
    {
      room_fail (error, TRIO_PROTOCOL_ERROR_BAD_GAME, "The seats do not fit the game.");
      return NULL;
    }
  return g_steal_pointer (&game);
}

static void
stored_seat (const RoomSeat *seat,
             TrioStoredSeat *stored)
{
  stored->kind = seat->kind;
  stored->level = seat->level;
  stored->name = seat->name;
  stored->token_hash = seat->token_hash;
}

static gboolean
store_new_room (TrioRoom *self,
                GError  **error)
{
  g_autofree char *options = options_words (bg_game_get_options (self->game));
  TrioStoredSeat seats[TRIO_PROTOCOL_MAX_SEATS];
  TrioStoredRoom room = {
    .id = self->id,
    .game = (char *) bg_game_get_rules (self->game)->id,
    .options = options,
    .seed = bg_game_get_seed (self->game),
    .key_hash = self->key_hash,
    .created = self->created,
    .draw_declined = -1,
    .seats = seats,
    .n_seats = self->n_seats,
  };
  g_autoptr (GError) store_error = NULL;

  if (self->host->store == NULL)
    return TRUE;
  for (guint i = 0; i < self->n_seats; i++)
    stored_seat (&self->seats[i], &seats[i]);
  return !room_store_failed (self, trio_store_add_room (self->host->store, &room, &store_error),
                             store_error, error);
}

static char *
invite_link (TrioRoom   *self,
             const char *key)
{
  return g_strdup_printf ("%s/%s#%s", self->host->link_base, self->id, key);
}

/* Seats client at seat with a new token, and tells it (welcome, state). */
static void
welcome (TrioRoom   *self,
         gpointer    client,
         guint       seat,
         const char *token,
         const char *key)
{
  g_autofree char *link = invite_link (self, key);
  g_autofree char *text = trio_protocol_welcome (self->id, (int) seat, token, link);

  attach (self, client, (int) seat);
  room_send (self, client, text);
  room_send_state (self, client, (int) seat);
}

TrioRoom *
trio_room_create (const TrioRoomHost *host,
                  const char         *id,
                  gpointer            client,
                  const TrioMessage  *create,
                  GError            **error)
{
  g_autoptr (TrioRoom) self = NULL;
  g_autofree char *key = trio_secret_new ();
  g_autofree char *token = trio_secret_new ();
  BgGame *game;

  g_return_val_if_fail (create->type == TRIO_MESSAGE_CREATE, NULL);
  game = create_game (create, error);
  if (game == NULL)
    return NULL;
  self = room_new (host, id);
  self->game = game;
  self->key_hash = trio_secret_hash (key);
  self->created = room_now ();
  self->n_seats = create->n_seats;
  for (guint i = 0; i < create->n_seats; i++)
    {
      self->seats[i].kind = create->seats[i].computer ? TRIO_SEAT_COMPUTER : TRIO_SEAT_OPEN;
      self->seats[i].level = create->seats[i].level;
    }
  self->seats[create->seat].kind = TRIO_SEAT_HUMAN;
  self->seats[create->seat].name = g_strdup (create->name);
  self->seats[create->seat].token_hash = trio_secret_hash (token);
  if (!store_new_room (self, error))
    return NULL;
  g_message ("Room %s: %s created, %u seats", id, create->game, self->n_seats);
  welcome (self, client, (guint) create->seat, token, key);
  room_start (self);
  return g_steal_pointer (&self);
}

static gboolean
restore_seats (TrioRoom             *self,
               const TrioStoredRoom *stored,
               GError              **error)
{
  if (stored->n_seats != (guint) bg_game_get_n_players (self->game))
    return room_fail (error, TRIO_PROTOCOL_ERROR_SERVER_ERROR, "Its seats do not fit its game.");
  self->n_seats = stored->n_seats;
  for (guint i = 0; i < stored->n_seats; i++)
    {
      const TrioStoredSeat *s = &stored->seats[i];

      if (s->kind < TRIO_SEAT_OPEN || s->kind > TRIO_SEAT_COMPUTER)
        return room_fail (error, TRIO_PROTOCOL_ERROR_SERVER_ERROR, "A seat is damaged.");
      self->seats[i].kind = s->kind;
      self->seats[i].level = CLAMP (s->level, BG_LEVEL_MIN, BG_LEVEL_MAX);
      self->seats[i].name = g_strdup (s->name);
      self->seats[i].token_hash = g_strdup (s->token_hash);
    }
  return TRUE;
}

static gboolean
replay (TrioRoom             *self,
        const TrioStoredRoom *stored,
        GError              **error)
{
  g_auto (GStrv) words = g_strsplit (stored->options, " ", -1);
  g_autoptr (GHashTable) options = NULL;

  /* An empty text splits into no word, which is what it means. */
  options = bg_options_parse ((const char *const *) words, error);
  if (options == NULL)
    return FALSE;
  self->game = bg_game_new (stored->game, options, error);
  if (self->game == NULL)
    return FALSE;
  bg_game_set_seed (self->game, stored->seed);
  for (guint i = 0; i < stored->moves->len; i++)
    if (!bg_game_play_text (self->game, stored->moves->pdata[i], error))
      {
        g_prefix_error (error, "move %u (%s): ", i + 1, (char *) stored->moves->pdata[i]);
        return FALSE;
      }
  return TRUE;
}

/* How the game ended when the moves alone do not say it: a draw agreed, a resignation. */
static void
restore_result (TrioRoom             *self,
                const TrioStoredRoom *stored)
{
  guint n_played = bg_game_get_n_played (self->game);
  guint64 seat;

  if (stored->draw_declined >= 0 && (guint) stored->draw_declined == n_played
      && bg_game_has_draw_offer (self->game))
    bg_game_decline_draw (self->game);
  if (g_strcmp0 (stored->result, "draw-agreed") == 0 && bg_game_has_draw_offer (self->game))
    bg_game_accept_draw (self->game);
  if (stored->result != NULL && g_str_has_prefix (stored->result, "resigned ")
      && g_ascii_string_to_unsigned (stored->result + 9, 10, 0, self->n_seats - 1, &seat, NULL))
    bg_game_resign (self->game, (int) seat, NULL);
}

TrioRoom *
trio_room_restore (const TrioRoomHost   *host,
                   const TrioStoredRoom *stored,
                   GError              **error)
{
  g_autoptr (TrioRoom) self = room_new (host, stored->id);

  if (!replay (self, stored, error) || !restore_seats (self, stored, error))
    {
      g_prefix_error (error, "room %s: ", stored->id);
      return NULL;
    }
  self->key_hash = g_strdup (stored->key_hash);
  self->created = stored->created;
  self->finished = stored->finished;
  restore_result (self, stored);
  room_start (self);
  return g_steal_pointer (&self);
}

static gboolean
join (TrioRoom          *self,
      gpointer           client,
      const TrioMessage *message,
      GError           **error)
{
  g_autofree char *hash = trio_secret_hash (message->key);
  g_autofree char *token = NULL;
  RoomSeat saved;
  TrioStoredSeat stored;
  g_autoptr (GError) store_error = NULL;
  int seat = message->seat;

  if (!trio_secret_hash_equal (self->key_hash, hash))
    return room_fail (error, TRIO_PROTOCOL_ERROR_BAD_KEY, "That is not this room's key.");
  if (seat >= (int) self->n_seats)
    return room_fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "The room has no such seat.");
  for (guint i = 0; seat < 0 && i < self->n_seats; i++)
    if (self->seats[i].kind == TRIO_SEAT_OPEN)
      seat = (int) i;
  if (seat < 0 || self->seats[seat].kind != TRIO_SEAT_OPEN)
    return room_fail (error, TRIO_PROTOCOL_ERROR_SEAT_TAKEN, "That seat is not open.");
  token = trio_secret_new ();
  saved = self->seats[seat];
  self->seats[seat].kind = TRIO_SEAT_HUMAN;
  self->seats[seat].name = g_strdup (message->name);
  self->seats[seat].token_hash = trio_secret_hash (token);
  stored_seat (&self->seats[seat], &stored);
  if (self->host->store != NULL
      && room_store_failed (self, trio_store_set_seat (self->host->store, self->id, (guint) seat,
                                                       &stored, &store_error),
                            store_error, error))
    {
      g_free (self->seats[seat].name);
      g_free (self->seats[seat].token_hash);
      self->seats[seat] = saved;
      return FALSE;
    }
  welcome (self, client, (guint) seat, token, message->key);
  room_send_seat_all (self, (guint) seat, client);
  return TRUE;
}

/* Writes a seat that changed; FALSE (with server-error) when the store fails. */
static gboolean
store_seat (TrioRoom *self,
            guint     seat,
            GError  **error)
{
  TrioStoredSeat stored;
  g_autoptr (GError) store_error = NULL;

  if (self->host->store == NULL)
    return TRUE;
  stored_seat (&self->seats[seat], &stored);
  return !room_store_failed (self, trio_store_set_seat (self->host->store, self->id, seat,
                                                        &stored, &store_error),
                             store_error, error);
}

static gboolean
resume (TrioRoom          *self,
        gpointer           client,
        const TrioMessage *message,
        GError           **error)
{
  g_autofree char *hash = trio_secret_hash (message->token);
  RoomSeat *seat = NULL;
  guint index;
  gpointer older;

  for (index = 0; index < self->n_seats; index++)
    if (trio_secret_hash_equal (self->seats[index].token_hash, hash))
      {
        seat = &self->seats[index];
        break;
      }
  if (seat == NULL)
    return room_fail (error, TRIO_PROTOCOL_ERROR_BAD_TOKEN, "That is not a seat's token here.");
  /* The human takes back a seat given to the computer: its search, if any, is dropped. */
  if (seat->kind == TRIO_SEAT_COMPUTER)
    {
      seat->kind = TRIO_SEAT_HUMAN;
      if (!store_seat (self, index, error))
        {
          seat->kind = TRIO_SEAT_COMPUTER;
          return FALSE;
        }
      room_cancel_computer (self);
    }
  older = seat->client;
  if (older != NULL)
    {
      remove_client (self, older);
      if (self->host->close != NULL)
        self->host->close (older, TRIO_ROOM_CLOSE_REPLACED, "The seat was resumed elsewhere.",
                           self->host->user_data);
    }
  attach (self, client, (int) index);
  room_send_state (self, client, (int) index);
  room_send_seat_all (self, index, client);
  room_schedule_computer (self);
  return TRUE;
}

static gboolean
watch (TrioRoom          *self,
       gpointer           client,
       const TrioMessage *message,
       GError           **error)
{
  g_autofree char *hash = trio_secret_hash (message->key);

  if (!trio_secret_hash_equal (self->key_hash, hash))
    return room_fail (error, TRIO_PROTOCOL_ERROR_BAD_KEY, "That is not this room's key.");
  attach (self, client, -1);
  room_send_state (self, client, -1);
  return TRUE;
}

/* A seat whose human is gone (or an open one) played by the computer from now on. */
static gboolean
give_to_computer (TrioRoom          *self,
                  const TrioMessage *message,
                  GError           **error)
{
  RoomSeat *seat;
  RoomSeat saved;

  if (trio_room_is_over (self))
    return room_fail (error, TRIO_PROTOCOL_ERROR_GAME_OVER, "The game is over.");
  if (message->seat >= (int) self->n_seats)
    return room_fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE, "The room has no such seat.");
  seat = &self->seats[message->seat];
  if (seat->kind == TRIO_SEAT_COMPUTER)
    return room_fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE,
                      "The computer plays that seat already.");
  if (seat->client != NULL)
    return room_fail (error, TRIO_PROTOCOL_ERROR_SEAT_TAKEN,
                      "The player of that seat is connected.");
  saved = *seat;
  seat->kind = TRIO_SEAT_COMPUTER;
  seat->level = message->level;
  if (!store_seat (self, (guint) message->seat, error))
    {
      *seat = saved;
      return FALSE;
    }
  g_debug ("Room %s: seat %d given to the computer (level %d)", self->id, message->seat,
           message->level);
  room_send_seat_all (self, (guint) message->seat, NULL);
  room_seat_to_computer (self, (guint) message->seat);
  return TRUE;
}

static BgSeat *
save_seats (TrioRoom *self)
{
  BgSeat *seats = g_new0 (BgSeat, self->n_seats);

  for (guint i = 0; i < self->n_seats; i++)
    {
      seats[i].computer = self->seats[i].kind == TRIO_SEAT_COMPUTER;
      seats[i].level = seats[i].computer ? self->seats[i].level : 0;
      seats[i].name = g_strdup (self->seats[i].name);
    }
  return seats;
}

static gboolean
export (TrioRoom *self,
        gpointer  client,
        GError  **error)
{
  BgSeat *seats;
  g_autofree char *save = NULL;
  g_autofree char *text = NULL;

  if (!trio_room_is_over (self))
    return room_fail (error, TRIO_PROTOCOL_ERROR_GAME_OVER,
                      "The game is given only once it is over.");
  seats = save_seats (self);
  save = bg_save_to_string (self->game, seats, self->n_seats);
  bg_seats_free (seats, self->n_seats);
  text = trio_protocol_record (save);
  room_send (self, client, text);
  return TRUE;
}

/* The messages of a seated player, not of a spectator. */
static gboolean
player_message (TrioRoom          *self,
                int                seat,
                const TrioMessage *message,
                GError           **error)
{
  if (seat < 0)
    return room_fail (error, TRIO_PROTOCOL_ERROR_NOT_SEATED, "A spectator does not play.");
  switch (message->type)
    {
    case TRIO_MESSAGE_ANSWER:
      return room_answer (self, seat, message, error);
    case TRIO_MESSAGE_UNDO:
      return room_undo (self, seat, message, error);
    case TRIO_MESSAGE_RESIGN:
      return room_resign (self, seat, error);
    case TRIO_MESSAGE_COMPUTER:
      return give_to_computer (self, message, error);
    default:
      g_return_val_if_reached (FALSE);
    }
}

gboolean
trio_room_receive (TrioRoom          *self,
                   gpointer           client,
                   const TrioMessage *message,
                   GError           **error)
{
  RoomClient *c = find_client (self, client);

  g_return_val_if_fail (TRIO_IS_ROOM (self), FALSE);
  switch (message->type)
    {
    case TRIO_MESSAGE_CREATE:
      return room_fail (error, TRIO_PROTOCOL_ERROR_ROOM_EXISTS, "That room exists already.");
    case TRIO_MESSAGE_JOIN:
    case TRIO_MESSAGE_RESUME:
    case TRIO_MESSAGE_WATCH:
      if (c != NULL)
        return room_fail (error, TRIO_PROTOCOL_ERROR_BAD_MESSAGE,
                          "This connection is in the room already.");
      if (message->type == TRIO_MESSAGE_JOIN)
        return join (self, client, message, error);
      if (message->type == TRIO_MESSAGE_RESUME)
        return resume (self, client, message, error);
      return watch (self, client, message, error);
    default:
      break;
    }
  if (c == NULL)
    return room_fail (error, TRIO_PROTOCOL_ERROR_NOT_SEATED,
                      "Join, resume or watch the room first.");
  if (message->type == TRIO_MESSAGE_MOVE)
    return room_move (self, c->seat, message, error);
  if (message->type == TRIO_MESSAGE_EXPORT)
    return export (self, client, error);
  return player_message (self, c->seat, message, error);
}

void
trio_room_detach (TrioRoom *self,
                  gpointer  client)
{
  int seat;

  g_return_if_fail (TRIO_IS_ROOM (self));
  seat = remove_client (self, client);
  if (seat >= 0)
    room_send_seat_all (self, (guint) seat, NULL);
}

void
trio_room_close_all (TrioRoom   *self,
                     gushort     code,
                     const char *reason)
{
  g_return_if_fail (TRIO_IS_ROOM (self));
  room_cancel_computer (self);
  while (self->clients->len > 0)
    {
      RoomClient c = g_array_index (self->clients, RoomClient, self->clients->len - 1);

      g_array_remove_index (self->clients, self->clients->len - 1);
      if (c.seat >= 0)
        self->seats[c.seat].client = NULL;
      if (self->host->close != NULL)
        self->host->close (c.client, code, reason, self->host->user_data);
    }
}

const char *
trio_room_get_id (TrioRoom *self)
{
  g_return_val_if_fail (TRIO_IS_ROOM (self), NULL);
  return self->id;
}

const BgGame *
trio_room_get_game (TrioRoom *self)
{
  g_return_val_if_fail (TRIO_IS_ROOM (self), NULL);
  return self->game;
}

guint
trio_room_get_n_seats (TrioRoom *self)
{
  g_return_val_if_fail (TRIO_IS_ROOM (self), 0);
  return self->n_seats;
}

int
trio_room_get_client_seat (TrioRoom *self,
                           gpointer  client)
{
  RoomClient *c;

  g_return_val_if_fail (TRIO_IS_ROOM (self), -2);
  c = find_client (self, client);
  return c != NULL ? c->seat : -2;
}

guint
trio_room_get_n_clients (TrioRoom *self)
{
  g_return_val_if_fail (TRIO_IS_ROOM (self), 0);
  return self->clients->len;
}

gboolean
trio_room_is_over (TrioRoom *self)
{
  g_return_val_if_fail (TRIO_IS_ROOM (self), FALSE);
  return bg_game_is_over (self->game);
}

gint64
trio_room_get_finished (TrioRoom *self)
{
  g_return_val_if_fail (TRIO_IS_ROOM (self), 0);
  return self->finished;
}

gboolean
trio_room_is_thinking (TrioRoom *self)
{
  g_return_val_if_fail (TRIO_IS_ROOM (self), FALSE);
  return self->job != NULL;
}
