/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-game.c: the game as a seat rebuilds it from the server's messages */

#include "trio-client-game.h"

#include "trio-client-message.h"

#include <gio/gio.h>
#include <string.h>

struct _TrioClientGame
{
  BgGame *game;
  gint64 ply;
  guint32 seed;            /* of the computer's choices: the same moves, the same choices */
  gboolean view_differs;   /* told once */
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
  g_free (self);
}

gboolean
trio_client_game_is_hidden (const char *game_id)
{
  const BgRules *rules = bg_rules_lookup (game_id);

  /* A rule set with an option drawn in secret (Triomino's deal) hides its hands and pile. */
  for (const BgOptionSpec *spec = rules != NULL ? rules->options : NULL; spec && spec->name;
       spec++)
    if (spec->flags & BG_OPTION_DRAWN)
      return TRUE;
  return FALSE;
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
  const char *view = trio_client_get_string (message, "view");
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
      const char *value = trio_client_get_string (object, l->data);

      if (value != NULL)
        g_hash_table_insert (options, g_strdup (l->data), g_strdup (value));
    }
  return options;
}

gboolean
trio_client_game_load_state (TrioClientGame *self,
                             JsonObject     *state,
                             GError        **error)
{
  const char *id = trio_client_get_string (state, "game");
  JsonArray *moves = trio_client_get_array (state, "moves");
  g_autoptr (GHashTable) options = NULL;
  g_autoptr (BgGame) game = NULL;
  gint64 ply = -1;

  if (id == NULL || moves == NULL || !trio_client_get_int (state, "ply", &ply))
    return fail (error, "the server's state has no game, moves or ply");
  if (trio_client_game_is_hidden (id))
    return fail (error, "%s hides the hands and the pile: the computer plays it from the "
                 "seat's view, which this build of the library cannot load", id);
  options = options_from_json (trio_client_get_object (state, "options"));
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
  self->ply = ply;
  compare_view (self, state);
  return TRUE;
}

gboolean
trio_client_game_apply_move (TrioClientGame *self,
                             JsonObject     *move,
                             GError        **error)
{
  const char *text = trio_client_get_string (move, "move");
  gint64 ply = -1;

  if (self->game == NULL)
    return fail (error, "a move came before the game's state");
  if (text == NULL || !trio_client_get_int (move, "ply", &ply))
    return fail (error, "the server's move has no notation or ply");
  if (ply != self->ply + 1)
    return fail (error, "the server's move is ply %" G_GINT64_FORMAT " after ply %"
                 G_GINT64_FORMAT, ply, self->ply);
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

gint64
trio_client_game_get_ply (TrioClientGame *self)
{
  return self->ply;
}
