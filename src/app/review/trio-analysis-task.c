/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-analysis-task.c: the analysis of a game in a worker thread */

#include "trio-analysis-task.h"

#include <gio/gio.h>

#define PROGRESS_INTERVAL_MS 100

struct _TrioAnalysisTask
{
  GObject parent_instance;

  BgGame *game;
  BgAnalysis *analysis;    /* shared with the worker thread while it runs */
  gboolean running;
  gboolean succeeded;
  guint progress_source;
  guint last_done;
};

G_DEFINE_FINAL_TYPE (TrioAnalysisTask, trio_analysis_task, G_TYPE_OBJECT)

enum
{
  PROGRESS,
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
trio_analysis_task_dispose (GObject *object)
{
  TrioAnalysisTask *self = TRIO_ANALYSIS_TASK (object);

  /* The thread holds a reference to the task until it returns: nothing is freed under it. */
  g_clear_handle_id (&self->progress_source, g_source_remove);
  G_OBJECT_CLASS (trio_analysis_task_parent_class)->dispose (object);
}

static void
trio_analysis_task_finalize (GObject *object)
{
  TrioAnalysisTask *self = TRIO_ANALYSIS_TASK (object);

  g_clear_pointer (&self->analysis, bg_analysis_free);
  g_clear_pointer (&self->game, bg_game_free);
  G_OBJECT_CLASS (trio_analysis_task_parent_class)->finalize (object);
}

static void
trio_analysis_task_class_init (TrioAnalysisTaskClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = trio_analysis_task_dispose;
  object_class->finalize = trio_analysis_task_finalize;

  signals[PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
trio_analysis_task_init (TrioAnalysisTask *self)
{
}

TrioAnalysisTask *
trio_analysis_task_new (const BgGame *game,
                        BgTaTable    *table)
{
  TrioAnalysisTask *self = g_object_new (TRIO_TYPE_ANALYSIS_TASK, NULL);
  BgAnalysisLimits limits = { .nodes = 0, .threads = 0, .table = table };

  self->game = bg_game_copy (game);
  self->analysis = bg_analysis_new (game, &limits);
  return self;
}

static void
analysis_thread (GTask        *task,
                 gpointer      source,
                 gpointer      data,
                 GCancellable *cancellable)
{
  TrioAnalysisTask *self = source;
  g_autoptr (GError) error = NULL;

  if (bg_analysis_run (self->analysis, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

static gboolean
poll_progress (gpointer user_data)
{
  TrioAnalysisTask *self = user_data;
  guint done = bg_analysis_get_done (self->analysis, NULL);

  if (done != self->last_done)
    {
      self->last_done = done;
      g_signal_emit (self, signals[PROGRESS], 0);
    }
  return G_SOURCE_CONTINUE;
}

static void
analysis_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  TrioAnalysisTask *self = TRIO_ANALYSIS_TASK (source);
  g_autoptr (GError) error = NULL;

  self->running = FALSE;
  self->succeeded = g_task_propagate_boolean (G_TASK (result), &error);
  g_clear_handle_id (&self->progress_source, g_source_remove);
  if (error != NULL && !g_error_matches (error, BG_ERROR, BG_ERROR_CANCELLED))
    g_warning ("The analysis failed: %s", error->message);
  g_signal_emit (self, signals[PROGRESS], 0);
  g_signal_emit (self, signals[FINISHED], 0, self->succeeded);
}

void
trio_analysis_task_start (TrioAnalysisTask *self)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (!self->running && !self->succeeded);
  self->running = TRUE;
  task = g_task_new (self, NULL, analysis_done, NULL);
  g_task_run_in_thread (task, analysis_thread);
  self->progress_source = g_timeout_add (PROGRESS_INTERVAL_MS, poll_progress, self);
}

void
trio_analysis_task_cancel (TrioAnalysisTask *self)
{
  bg_analysis_cancel (self->analysis);
}

gboolean
trio_analysis_task_is_running (TrioAnalysisTask *self)
{
  return self->running;
}

guint
trio_analysis_task_get_done (TrioAnalysisTask *self,
                             guint            *total)
{
  return bg_analysis_get_done (self->analysis, total);
}

const BgGame *
trio_analysis_task_get_game (TrioAnalysisTask *self)
{
  return self->game;
}

const BgMoveAnalysis *
trio_analysis_task_get_moves (TrioAnalysisTask *self,
                              guint            *n_moves)
{
  *n_moves = 0;
  if (!self->succeeded)
    return NULL;
  return bg_analysis_get_moves (self->analysis, n_moves);
}

void
trio_analysis_task_get_thresholds (TrioAnalysisTask *self,
                                   int               thresholds[3])
{
  bg_analysis_get_thresholds (self->analysis, thresholds);
}
