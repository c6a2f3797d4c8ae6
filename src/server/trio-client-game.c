/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-game.c: the game as a seat rebuilds it from the server's messages */

#include "trio-client-game.h"

#include "bg-view.h"
#include "trio-client-deal.h"
#include "trio-client-message.h"

#include <gio/gio.h>
#include <string.h>

struct _TrioClientGame
{
  BgGame *game;
  gint64 ply;
  guint32 seed;            /* of the computer's choices: the same moves, the same choices */
  gboolean view_differs;   /* told once */
  /* A game with hidden information: its id and public options, and the seat's view. */
  gboolean hidden;
  char *game_id;
  GHashTable *options;
  char *view;
};

TrioClientGame *
trio_client_game_new (guint32 seed)
{
  TrioClientGame *self = g_new0 (TrioClientGame, 1);

  self->seed = seed;
  return self;
}

void
trio_client_game_free (TrioClientGame *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->game, bg_game_free);
  g_clear_pointer (&self->options, g_hash_table_unref);
  g_free (self->game_id);
  g_free (self->view);
  g_free (self);
}

gboolean
trio_client_game_is_hidden (const char *game_id)
{
  const BgRules *rules = bg_rules_lookup (game_id);

  return rules != NULL && bg_rules_has_hidden_information (rules);
}

static gboolean
fail (GError    **error,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError    **error,
      const char *format,
      ...)
{
  va_list ap;

  va_start (ap, format);
  g_propagate_error (error, g_error_new_valist (G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                                format, ap));
  va_end (ap);
  return FALSE;
}

/* The notation of a move as the server sends it: its first word (what the move shows the
 * seat beyond it comes after a space). */
static gboolean
play_public (BgGame     *game,
             const char *text,
             GError    **error)
{
  g_autofree char *word = g_strndup (text, strcspn (text, " "));

  if (!bg_game_play_text (game, word, error))
    {
      g_prefix_error (error, "the server's move %u (%s) cannot be played here: ",
                      bg_game_get_n_played (game) + 1, word);
      return FALSE;
    }
  return TRUE;
}

/* Tells once when the position rebuilt is not the server's view of it. */
static void
compare_view (TrioClientGame *self,
              JsonObject     *message)
{
  const char *view = trio_client_message_get_string (message, "view");
  g_autofree char *mine = NULL;

  if (view == NULL || self->view_differs)
    return;
  mine = bg_game_format_position (self->game);
  if (mine == NULL || g_str_equal (mine, view))
    return;
  self->view_differs = TRUE;
  g_printerr ("trio-client: the position rebuilt from the moves (%s) is not the server's "
              "view (%s)\n", mine, view);
}

static GHashTable *
options_from_json (JsonObject *object)
{
  GHashTable *options = bg_options_new ();
  g_autoptr (GList) names = object != NULL ? json_object_get_members (object) : NULL;

  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *value = trio_client_message_get_string (object, l->data);

      if (value != NULL)
        g_hash_table_insert (options, g_strdup (l->data), g_strdup (value));
    }
  return options;
}

/* A game with hidden information, from the view of a state or a move (options: its public
 * options, taken). */
static gboolean
load_view (TrioClientGame *self,
           const char     *id,
           GHashTable     *options,
           JsonObject     *message,
           gint64          ply,
           GError        **error)
{
  const char *view = trio_client_message_get_string (message, "view");
  BgGame *game;

  if (view == NULL)
    return fail (error, "the server's %s has no view of the game",
                 trio_client_message_get_string (message, "type"));
  game = bg_game_new_from_view (id, options, view, error);
  if (game == NULL)
    {
      g_prefix_error (error, "the server's view cannot be read: ");
      return FALSE;
    }
  g_clear_pointer (&self->game, bg_game_free);
  self->game = game;
  self->hidden = TRUE;
  self->ply = ply;
  if (self->game_id != id)
    {
      g_free (self->game_id);
      self->game_id = g_strdup (id);
    }
  if (self->options != options)
    {
      g_clear_pointer (&self->options, g_hash_table_unref);
      self->options = g_hash_table_ref (options);
    }
  g_free (self->view);
  self->view = g_strdup (view);
  return TRUE;
}

/* A move of a game with hidden information: the view after it goes on from the seat's
 * game, whose history grows as the seat saw it (the move list, the animation); a view
 * that does not follow from it is read anew. */
static gboolean
append_view (TrioClientGame *self,
             JsonObject     *move,
             const char     *text,
             gint64          ply,
             GError        **error)
{
  const char *view = trio_client_message_get_string (move, "view");
  g_autoptr (GError) why = NULL;

  if (view == NULL || self->game == NULL || !bg_game_is_view (self->game)
      || bg_game_is_over (self->game))
    return load_view (self, self->game_id, self->options, move, ply, error);
  if (!bg_game_append_view (self->game, text, view, &why))
    {
      g_debug ("client: the view after move %" G_GINT64_FORMAT " does not follow: %s", ply,
               why->message);
      return load_view (self, self->game_id, self->options, move, ply, error);
    }
  self->ply = ply;
  g_free (self->view);
  self->view = g_strdup (view);
  return TRUE;
}

gboolean
trio_client_game_load_state (TrioClientGame *self,
                             JsonObject     *state,
                             GError        **error)
{
  const char *id = trio_client_message_get_string (state, "game");
  JsonArray *moves = trio_client_message_get_array (state, "moves");
  g_autoptr (GHashTable) options = NULL;
  g_autoptr (BgGame) game = NULL;
  gint64 ply = -1;

  if (id == NULL || moves == NULL || !trio_client_message_get_int (state, "ply", &ply))
    return fail (error, "the server's state has no game, moves or ply");
  options = options_from_json (trio_client_message_get_object (state, "options"));
  if (trio_client_game_is_hidden (id))
    return load_view (self, id, options, state, ply, error);
  game = bg_game_new (id, options, error);
  if (game == NULL)
    return FALSE;
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JsonNode *node = json_array_get_element (moves, i);

      if (json_node_get_value_type (node) != G_TYPE_STRING)
        return fail (error, "the server's move %u is not a string", i + 1);
      if (!play_public (game, json_node_get_string (node), error))
        return FALSE;
    }
  if (ply != (gint64) json_array_get_length (moves))
    return fail (error, "the server's state says ply %" G_GINT64_FORMAT " after %u moves",
                 ply, json_array_get_length (moves));
  bg_game_set_seed (game, self->seed);
  g_clear_pointer (&self->game, bg_game_free);
  self->game = g_steal_pointer (&game);
  self->hidden = FALSE;
  self->ply = ply;
  compare_view (self, state);
  return TRUE;
}

gboolean
trio_client_game_apply_move (TrioClientGame *self,
                             JsonObject     *move,
                             GError        **error)
{
  const char *text = trio_client_message_get_string (move, "move");
  gint64 ply = -1;

  if (self->game == NULL)
    return fail (error, "a move came before the game's state");
  if (text == NULL || !trio_client_message_get_int (move, "ply", &ply))
    return fail (error, "the server's move has no notation or ply");
  if (ply != self->ply + 1)
    return fail (error, "the server's move is ply %" G_GINT64_FORMAT " after ply %"
                 G_GINT64_FORMAT, ply, self->ply);
  if (self->hidden)
    return append_view (self, move, text, ply, error);
  if (!play_public (self->game, text, error))
    return FALSE;
  self->ply = ply;
  compare_view (self, move);
  return TRUE;
}

const BgGame *
trio_client_game_get (TrioClientGame *self)
{
  return self->game;
}

gboolean
trio_client_game_is_forced (TrioClientGame *self)
{
  return self->game != NULL && bg_game_is_view (self->game)
         && trio_client_deal_is_opening (self->game);
}

BgGame *
trio_client_game_dup_searchable (TrioClientGame *self,
                                 GError        **error)
{
  g_return_val_if_fail (self->game != NULL, NULL);
  if (!bg_game_is_view (self->game))
    return bg_game_copy (self->game);
  /* A deal of its own at every ply, the same for the same moves. */
  return trio_client_deal_view (self->game, self->view, self->seed * 2654435761u
                                + (guint32) self->ply, error);
}

gint64
trio_client_game_get_ply (TrioClientGame *self)
{
  return self->ply;
}
