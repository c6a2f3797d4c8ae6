/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-perfect-table.c: the solved table of a game's Perfect level, opened or computed */

#include "trio-perfect-table.h"

#include <gio/gio.h>
#include <glib/gi18n.h>

/* What the solving thread shares with the main thread. The task's data: it lives until
 * the task is finalized on the main thread, after the worker has returned. */
typedef struct
{
  const TrioSolvedTable *ops;
  char *path;
  gint cancel;             /* atomic: polled by the solver's workers */
  GMutex lock;             /* guards the fields below */
  GCond finished_cond;
  gboolean finished;       /* the worker has returned from the solver */
  char *stage;             /* the last progress report */
  double fraction;
  gboolean update_queued;  /* an idle callback will pass it on to the main thread */
  TrioPerfectTable *owner; /* a reference */
} ComputeJob;

struct _TrioPerfectTable
{
  GObject parent_instance;

  const TrioGame *game;
  const TrioSolvedTable *ops;  /* game's solved_table */
  char *path;
  TrioPerfectTableState state;
  double fraction;
  char *stage;
  char *error_message;
  gboolean resumable;
  ComputeJob *job;         /* the computation under way, or NULL */
};

G_DEFINE_FINAL_TYPE (TrioPerfectTable, trio_perfect_table, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_STATE,
  PROP_FRACTION,
  PROP_STAGE,
  PROP_ERROR_MESSAGE,
  PROP_RESUMABLE,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

GType
trio_perfect_table_state_get_type (void)
{
  static gsize type_id;
  static const GEnumValue values[] = {
    { TRIO_PERFECT_TABLE_MISSING, "TRIO_PERFECT_TABLE_MISSING", "missing" },
    { TRIO_PERFECT_TABLE_LOADING, "TRIO_PERFECT_TABLE_LOADING", "loading" },
    { TRIO_PERFECT_TABLE_COMPUTING, "TRIO_PERFECT_TABLE_COMPUTING", "computing" },
    { TRIO_PERFECT_TABLE_READY, "TRIO_PERFECT_TABLE_READY", "ready" },
    { TRIO_PERFECT_TABLE_FAILED, "TRIO_PERFECT_TABLE_FAILED", "failed" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type_id))
    g_once_init_leave (&type_id, g_enum_register_static ("TrioPerfectTableState", values));
  return type_id;
}

static const char *
state_nick (TrioPerfectTableState state)
{
  GEnumClass *klass = g_type_class_ref (TRIO_TYPE_PERFECT_TABLE_STATE);
  const char *nick = g_enum_get_value (klass, (int) state)->value_nick;

  g_type_class_unref (klass);
  return nick;
}

static void
compute_job_free (gpointer data)
{
  ComputeJob *job = data;

  g_free (job->path);
  g_free (job->stage);
  g_mutex_clear (&job->lock);
  g_cond_clear (&job->finished_cond);
  g_object_unref (job->owner);
  g_free (job);
}

static char *
checkpoint_path (TrioPerfectTable *self)
{
  return self->ops->checkpoint_path (self->path);
}

static void
set_state (TrioPerfectTable      *self,
           TrioPerfectTableState  state)
{
  g_autofree char *partial = checkpoint_path (self);
  gboolean resumable = g_file_test (partial, G_FILE_TEST_EXISTS);

  /* With G_MESSAGES_DEBUG=Trio the GUI test follows the states in the log. */
  g_debug ("perfect table: %s%s", state_nick (state), resumable ? " (checkpoint kept)" : "");
  g_object_freeze_notify (G_OBJECT (self));
  if (self->resumable != resumable)
    {
      self->resumable = resumable;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_RESUMABLE]);
    }
  if (self->state != state)
    {
      self->state = state;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_STATE]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

static void
set_error (TrioPerfectTable *self,
           const char       *message)
{
  g_free (self->error_message);
  self->error_message = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ERROR_MESSAGE]);
  g_message ("The perfect level's table: %s", message);
  set_state (self, TRIO_PERFECT_TABLE_FAILED);
}

static void
set_progress (TrioPerfectTable *self,
              const char       *stage,
              double            fraction)
{
  if (g_strcmp0 (self->stage, stage) != 0)
    {
      g_free (self->stage);
      self->stage = g_strdup (stage);
      g_debug ("perfect table: stage %s", stage ? stage : "");
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_STAGE]);
    }
  if (self->fraction != fraction)
    {
      self->fraction = fraction;
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FRACTION]);
    }
}

static void
install (TrioPerfectTable *self,
         BgTaTable        *table)
{
  self->ops->install (table);
  set_state (self, TRIO_PERFECT_TABLE_READY);
}

/* Opening */

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  TrioPerfectTable *self = source;
  GError *error = NULL;
  BgTaTable *table = self->ops->open (data, &error);

  if (table == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, table, (GDestroyNotify) self->ops->unref);
}

/* A table the worker returned (may be NULL), dropped at the end of its caller's scope. */
typedef struct
{
  const TrioSolvedTable *ops;
  BgTaTable *table;
} Held;

static void
held_clear (Held *held)
{
  if (held->table != NULL)
    held->ops->unref (held->table);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Held, held_clear)

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  TrioPerfectTable *self = TRIO_PERFECT_TABLE (source);
  g_autoptr (GError) error = NULL;
  g_auto (Held) held = { self->ops, g_task_propagate_pointer (G_TASK (result), &error) };

  if (self->state != TRIO_PERFECT_TABLE_LOADING)
    return;
  if (held.table != NULL)
    install (self, held.table);
  else
    {
      /* Something is at the path, but not this game's table (another game's, a damaged
       * file, a FIFO...): why, and that Compute, which the state offers, replaces it. */
      /* Translators: %s says why the file cannot be used, e.g. "PATH is damaged (its
       * checksum)"; Compute is the button's label */
      g_autofree char *message = g_strdup_printf (_("%s. Compute replaces it with the right "
                                                    "table."), error->message);

      set_error (self, message);
    }
}

void
trio_perfect_table_load (TrioPerfectTable *self)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (TRIO_IS_PERFECT_TABLE (self));

  if (self->state != TRIO_PERFECT_TABLE_MISSING && self->state != TRIO_PERFECT_TABLE_FAILED)
    return;
  /* Whatever is there is opened (the game's open() neither waits on a FIFO nor reads
   * anything but a regular file's header before checking it), so that it is told of. */
  if (!g_file_test (self->path, G_FILE_TEST_EXISTS))
    {
      set_state (self, TRIO_PERFECT_TABLE_MISSING);
      return;
    }
  set_state (self, TRIO_PERFECT_TABLE_LOADING);
  task = g_task_new (self, NULL, load_done, NULL);
  g_task_set_task_data (task, g_strdup (self->path), g_free);
  g_task_run_in_thread (task, load_thread);
}

/* Computing */

/* On the main thread: passes on the worker's last progress report. */
static gboolean
progress_idle (gpointer data)
{
  TrioPerfectTable *self = data;
  ComputeJob *job = self->job;
  g_autofree char *stage = NULL;
  double fraction;

  if (job == NULL)
    return G_SOURCE_REMOVE;
  g_mutex_lock (&job->lock);
  stage = g_strdup (job->stage);
  fraction = job->fraction;
  job->update_queued = FALSE;
  g_mutex_unlock (&job->lock);
  if (self->state == TRIO_PERFECT_TABLE_COMPUTING)
    set_progress (self, stage, fraction);
  return G_SOURCE_REMOVE;
}

/* In the solving thread: keeps the report and wakes the main thread once for any number
 * of reports (an idle, never an invoke: the main thread may not be running its loop). */
static void
solve_progress (const char *stage,
                double      fraction,
                gpointer    data)
{
  ComputeJob *job = data;
  gboolean queue;

  g_mutex_lock (&job->lock);
  if (g_strcmp0 (job->stage, stage) != 0)
    {
      g_free (job->stage);
      job->stage = g_strdup (stage);
    }
  job->fraction = fraction;
  queue = !job->update_queued;
  job->update_queued = TRUE;
  g_mutex_unlock (&job->lock);
  if (queue)
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, progress_idle, g_object_ref (job->owner),
                     g_object_unref);
}

static void
compute_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  ComputeJob *job = data;
  GError *error = NULL;
  BgTaTable *table = NULL;

  if (job->ops->solve (job->path, solve_progress, job, &job->cancel, &error))
    {
      solve_progress (_("Opening the table"), 1.0, job);
      table = job->ops->open (job->path, &error);
    }
  g_mutex_lock (&job->lock);
  job->finished = TRUE;
  g_cond_broadcast (&job->finished_cond);
  g_mutex_unlock (&job->lock);
  if (table == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, table, (GDestroyNotify) job->ops->unref);
}

static void
compute_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  TrioPerfectTable *self = TRIO_PERFECT_TABLE (source);
  g_autoptr (GError) error = NULL;
  g_auto (Held) held = { self->ops, g_task_propagate_pointer (G_TASK (result), &error) };

  self->job = NULL;
  set_progress (self, NULL, 0);
  if (held.table != NULL)
    install (self, held.table);
  else if (g_error_matches (error, BG_ERROR, BG_ERROR_CANCELLED))
    {
      g_debug ("perfect table: computation stopped (%s)", error->message);
      set_state (self, TRIO_PERFECT_TABLE_MISSING);
    }
  else
    set_error (self, error->message);
}

void
trio_perfect_table_compute (TrioPerfectTable *self)
{
  g_autoptr (GTask) task = NULL;
  ComputeJob *job;

  g_return_if_fail (TRIO_IS_PERFECT_TABLE (self));

  if (self->state != TRIO_PERFECT_TABLE_MISSING && self->state != TRIO_PERFECT_TABLE_FAILED)
    return;
  job = g_new0 (ComputeJob, 1);
  job->ops = self->ops;
  job->path = g_strdup (self->path);
  job->owner = g_object_ref (self);
  g_mutex_init (&job->lock);
  g_cond_init (&job->finished_cond);
  self->job = job;
  task = g_task_new (self, NULL, compute_done, NULL);
  g_task_set_task_data (task, job, compute_job_free);
  g_task_run_in_thread (task, compute_thread);
  set_progress (self, self->resumable ? _("Reading the checkpoint") : _("Starting"), 0);
  set_state (self, TRIO_PERFECT_TABLE_COMPUTING);
}

void
trio_perfect_table_cancel (TrioPerfectTable *self)
{
  g_return_if_fail (TRIO_IS_PERFECT_TABLE (self));

  if (self->job != NULL)
    {
      g_debug ("perfect table: cancelling");
      g_atomic_int_set (&self->job->cancel, 1);
    }
}

void
trio_perfect_table_shutdown (TrioPerfectTable *self)
{
  ComputeJob *job;
  gint64 deadline;

  g_return_if_fail (TRIO_IS_PERFECT_TABLE (self));

  if ((job = self->job) == NULL)
    return;
  trio_perfect_table_cancel (self);
  /* The workers stop within a chunk, then the solver writes its checkpoint: a few seconds.
   * A minute at most, rather than hang the quit on a stuck disk. */
  deadline = g_get_monotonic_time () + 60 * G_TIME_SPAN_SECOND;
  g_mutex_lock (&job->lock);
  while (!job->finished)
    if (!g_cond_wait_until (&job->finished_cond, &job->lock, deadline))
      break;
  g_mutex_unlock (&job->lock);
}

/* The object */

static void
trio_perfect_table_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  TrioPerfectTable *self = TRIO_PERFECT_TABLE (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    case PROP_STAGE:
      g_value_set_string (value, self->stage);
      break;
    case PROP_ERROR_MESSAGE:
      g_value_set_string (value, self->error_message);
      break;
    case PROP_RESUMABLE:
      g_value_set_boolean (value, self->resumable);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
trio_perfect_table_finalize (GObject *object)
{
  TrioPerfectTable *self = TRIO_PERFECT_TABLE (object);

  g_free (self->path);
  g_free (self->stage);
  g_free (self->error_message);
  G_OBJECT_CLASS (trio_perfect_table_parent_class)->finalize (object);
}

static void
trio_perfect_table_class_init (TrioPerfectTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = trio_perfect_table_get_property;
  object_class->finalize = trio_perfect_table_finalize;

  props[PROP_STATE] = g_param_spec_enum ("state", NULL, NULL, TRIO_TYPE_PERFECT_TABLE_STATE,
                                         TRIO_PERFECT_TABLE_MISSING, flags);
  props[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0, flags);
  props[PROP_STAGE] = g_param_spec_string ("stage", NULL, NULL, NULL, flags);
  props[PROP_ERROR_MESSAGE] = g_param_spec_string ("error-message", NULL, NULL, NULL, flags);
  props[PROP_RESUMABLE] = g_param_spec_boolean ("resumable", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
trio_perfect_table_init (TrioPerfectTable *self)
{
  self->state = TRIO_PERFECT_TABLE_MISSING;
}

TrioPerfectTable *
trio_perfect_table_new (const TrioGame *game,
                        const char     *path)
{
  TrioPerfectTable *self;

  g_return_val_if_fail (game != NULL && game->solved_table != NULL, NULL);

  self = g_object_new (TRIO_TYPE_PERFECT_TABLE, NULL);
  self->game = game;
  self->ops = game->solved_table;
  self->path = path != NULL ? g_strdup (path) : self->ops->default_path ();
  return self;
}

const TrioGame *
trio_perfect_table_get_game (TrioPerfectTable *self)
{
  g_return_val_if_fail (TRIO_IS_PERFECT_TABLE (self), NULL);
  return self->game;
}

TrioPerfectTableState
trio_perfect_table_get_state (TrioPerfectTable *self)
{
  g_return_val_if_fail (TRIO_IS_PERFECT_TABLE (self), TRIO_PERFECT_TABLE_MISSING);
  return self->state;
}

gboolean
trio_perfect_table_is_ready (TrioPerfectTable *self)
{
  g_return_val_if_fail (TRIO_IS_PERFECT_TABLE (self), FALSE);
  return self->state == TRIO_PERFECT_TABLE_READY;
}

double
trio_perfect_table_get_fraction (TrioPerfectTable *self)
{
  g_return_val_if_fail (TRIO_IS_PERFECT_TABLE (self), 0);
  return self->fraction;
}

const char *
trio_perfect_table_get_stage (TrioPerfectTable *self)
{
  g_return_val_if_fail (TRIO_IS_PERFECT_TABLE (self), NULL);
  return self->stage;
}

const char *
trio_perfect_table_get_error_message (TrioPerfectTable *self)
{
  g_return_val_if_fail (TRIO_IS_PERFECT_TABLE (self), NULL);
  return self->error_message;
}

gboolean
trio_perfect_table_get_resumable (TrioPerfectTable *self)
{
  g_return_val_if_fail (TRIO_IS_PERFECT_TABLE (self), FALSE);
  return self->resumable;
}

const char *
trio_perfect_table_get_path (TrioPerfectTable *self)
{
  g_return_val_if_fail (TRIO_IS_PERFECT_TABLE (self), NULL);
  return self->path;
}
