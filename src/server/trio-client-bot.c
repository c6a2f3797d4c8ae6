/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-bot.c: the engine's computer player, for a seat played over the network */

#include "trio-client-bot.h"

#include "bg-search.h"

struct _TrioClientBot
{
  BgSearch *search;
  BgSearchLimits limits;
  gboolean thinking;
};

TrioClientBot *
trio_client_bot_new (int     level,
                     guint64 nodes,
                     guint   depth,
                     guint   threads)
{
  TrioClientBot *self = g_new0 (TrioClientBot, 1);

  self->search = bg_search_new ();
  bg_search_limits_for_level (level, &self->limits);
  if (nodes > 0 || depth > 0)
    self->limits.time_limit_ms = 0;
  if (nodes > 0)
    self->limits.node_limit = nodes;
  if (depth > 0)
    self->limits.max_depth = depth;
  if (threads > 0)
    self->limits.threads = threads;
  return self;
}

void
trio_client_bot_free (TrioClientBot *self)
{
  if (self == NULL)
    return;
  /* A search under way uses the bot: the caller stops it and waits for its answer. */
  g_return_if_fail (!self->thinking);
  bg_search_free (self->search);
  g_free (self);
}

gboolean
trio_client_bot_is_thinking (TrioClientBot *self)
{
  return self->thinking;
}

static void
think_in_thread (GTask        *task,
                 gpointer      source,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  TrioClientBot *self = g_task_get_task_data (task);
  BgGame *game = g_object_get_data (G_OBJECT (task), "game");
  BgSearchLimits limits = self->limits;
  BgSearchResult result;

  limits.seed = bg_game_search_seed (game);
  if (!bg_search_run (self->search, game, &limits, &result))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               "the computer found no move: the game is over");
      return;
    }
  g_task_return_pointer (task, bg_game_format_move (game, result.move), g_free);
}

void
trio_client_bot_think_async (TrioClientBot       *self,
                             BgGame              *game,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, NULL, callback, user_data);

  g_return_if_fail (!self->thinking);
  self->thinking = TRUE;
  g_task_set_task_data (task, self, NULL);
  g_object_set_data_full (G_OBJECT (task), "game", game, (GDestroyNotify) bg_game_free);
  g_task_run_in_thread (task, think_in_thread);
}

char *
trio_client_bot_think_finish (TrioClientBot  *self,
                              GAsyncResult   *result,
                              GError        **error)
{
  self->thinking = FALSE;
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
trio_client_bot_stop (TrioClientBot *self)
{
  if (self->thinking)
    bg_search_cancel (self->search);
}

gboolean
trio_client_bot_accepts_draw (TrioClientBot *self,
                              const BgGame  *game,
                              int            player)
{
  return bg_game_computer_accepts_draw (game, player);
}
