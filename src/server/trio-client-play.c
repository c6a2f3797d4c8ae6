/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-play.c: the bot (--bot) follows the game and plays its seat
 *
 * It rebuilds the game from every state and move (trio-client-game.c), searches when its
 * seat is to move (trio-client-bot.c, in a worker thread), and sends the move with the ply
 * it searched. A state or a move that comes meanwhile makes the search's answer stale: it
 * is stopped and dropped, and the bot searches the new position. It answers the offers put
 * to it (--answer-draw, --answer-undo), and after accepting one waits for its outcome
 * before it plays on, lest its move withdraw the offer it accepted.
 */

#include "trio-client-session-private.h"

#include "trio-client-message.h"

/* The seed of the computer's choices: the same moves, the same choices, on any machine. */
#define BOT_SEED 45

void
trio_client_play_init (TrioClientSession *self)
{
  const TrioClientOptions *options = self->options;

  if (options->bot_level == 0)
    return;
  self->bot = trio_client_bot_new (options->bot_level, options->nodes, options->depth,
                                   options->threads);
  self->game = trio_client_game_new (BOT_SEED);
}

void
trio_client_play_clear (TrioClientSession *self)
{
  if (self->bot == NULL)
    return;
  /* A search under way answers at once when stopped; its answer is dropped. */
  trio_client_bot_stop (self->bot);
  while (trio_client_bot_is_thinking (self->bot))
    g_main_context_iteration (NULL, TRUE);
  g_clear_pointer (&self->bot, trio_client_bot_free);
  g_clear_pointer (&self->game, trio_client_game_free);
}

/* The bot cannot follow the game: it ends the session. */
static void
give_up (TrioClientSession *self,
         const GError      *error)
{
  trio_client_session_complain ("the computer cannot play on: %s", error->message);
  trio_client_session_finish (self, TRIO_CLIENT_EXIT_REFUSED);
}

static void
send_move (TrioClientSession *self,
           const char        *move)
{
  g_autoptr (JsonObject) message = trio_client_message_new ("move");

  json_object_set_string_member (message, "move", move);
  json_object_set_int_member (message, "ply", trio_client_game_get_ply (self->game));
  self->awaiting_ack = TRUE;
  trio_client_session_send (self, message);
}

static void think (TrioClientSession *self);

static void
on_thought (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  TrioClientSession *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *move = trio_client_bot_think_finish (self->bot, result, &error);

  if (self->finishing)
    return;
  if (self->think_generation != self->generation)
    {
      /* The position changed meanwhile. */
      think (self);
      trio_client_session_check_end (self);
      return;
    }
  if (move == NULL)
    {
      give_up (self, error);
      return;
    }
  send_move (self, move);
}

/* A move that needs no search: the first legal one of the seat's view. */
static void
play_forced (TrioClientSession *self,
             const BgGame      *game)
{
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
  g_autofree char *move = NULL;

  if (moves->len == 0)
    return;
  move = bg_game_format_move (game, g_array_index (moves, BgMove, 0));
  send_move (self, move);
}

/* Searches when the bot's seat is to move and nothing is awaited. */
static void
think (TrioClientSession *self)
{
  const BgGame *game;
  BgGame *searched;
  g_autoptr (GError) error = NULL;

  if (self->bot == NULL || self->finishing || self->over || self->seat < 0
      || self->awaiting_ack || self->awaiting_offer || trio_client_bot_is_thinking (self->bot))
    return;
  game = trio_client_game_get (self->game);
  if (game == NULL || bg_game_is_over (game) || bg_game_get_player_to_move (game) != self->seat)
    return;
  if (trio_client_game_is_forced (self->game))
    {
      play_forced (self, game);
      return;
    }
  searched = trio_client_game_dup_searchable (self->game, &error);
  if (searched == NULL)
    {
      give_up (self, error);
      return;
    }
  self->think_generation = self->generation;
  trio_client_bot_think_async (self->bot, searched, on_thought, self);
}

/* A new position: a search under way is of the old one. */
static void
position_changed (TrioClientSession *self)
{
  self->generation++;
  self->awaiting_ack = FALSE;
  self->awaiting_offer = FALSE;
  trio_client_bot_stop (self->bot);
}

static void
answer_offer (TrioClientSession *self,
              JsonObject        *offer,
              const char        *waiting)
{
  const char *kind = trio_client_message_get_string (offer, "kind");
  TrioClientAnswer answer;
  const BgGame *game = trio_client_game_get (self->game);
  g_autoptr (JsonObject) message = NULL;
  gboolean accept;

  if (kind == NULL || !trio_client_message_array_has (offer, waiting, self->seat))
    return;
  answer = g_str_equal (kind, "draw") ? self->options->answer_draw : self->options->answer_undo;
  if (answer == TRIO_CLIENT_ANSWER_COMPUTER)
    accept = game != NULL && g_str_equal (kind, "draw")
             && trio_client_bot_accepts_draw (self->bot, game, (int) self->seat);
  else
    accept = answer == TRIO_CLIENT_ANSWER_YES;
  message = trio_client_message_new ("answer");
  json_object_set_string_member (message, "offer", kind);
  json_object_set_boolean_member (message, "accept", accept);
  trio_client_session_send (self, message);
  self->awaiting_offer = accept;
}

void
trio_client_play_state (TrioClientSession *self,
                        JsonObject        *state)
{
  g_autoptr (GError) error = NULL;
  JsonObject *offer = trio_client_message_get_object (state, "offer");

  if (self->bot == NULL)
    return;
  position_changed (self);
  if (!trio_client_game_load_state (self->game, state, &error))
    {
      give_up (self, error);
      return;
    }
  if (offer != NULL)
    answer_offer (self, offer, "waiting");
  think (self);
}

void
trio_client_play_move (TrioClientSession *self,
                       JsonObject        *move)
{
  g_autoptr (GError) error = NULL;

  if (self->bot == NULL)
    return;
  position_changed (self);
  if (!trio_client_game_apply_move (self->game, move, &error))
    {
      give_up (self, error);
      return;
    }
  think (self);
}

void
trio_client_play_offer (TrioClientSession *self,
                        JsonObject        *offer)
{
  if (self->bot == NULL)
    return;
  if (trio_client_message_get_string (offer, "kind") == NULL)
    self->awaiting_offer = FALSE;
  else
    answer_offer (self, offer, "to");
  think (self);
}

void
trio_client_play_end (TrioClientSession *self)
{
  if (self->bot == NULL)
    return;
  position_changed (self);
}

gboolean
trio_client_play_error_is_fatal (TrioClientSession *self,
                                 const char        *code)
{
  static const char *const about_a_move[] = {
    "not-your-turn", "illegal-move", "stale", "bad-message", "game-over", NULL
  };

  /* While the bot's move awaits its acknowledgement, the errors about a move are about that
   * one (a state, a move or an end that came first would have cleared the wait). */
  return self->bot != NULL && self->awaiting_ack && code != NULL
         && g_strv_contains (about_a_move, code);
}
