/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-worker.c: the computer's moves, searched on worker threads */

#include "trio-server-worker.h"

#include "marelle/bg-marelle-endgame.h"

/* 2^18 entries (4 MiB) a search, as the application's: enough for the levels' limits. */
#define TABLE_BITS 18

struct _TrioWorker
{
  GThreadPool *pool;
  GPtrArray *jobs;   /* the jobs not yet delivered nor cancelled, each with a reference */
  GMutex lock;       /* of jobs: the server's shards share the worker */
};

struct _TrioWorkerJob
{
  gint ref_count;     /* atomic */
  gint cancel;        /* atomic: the search's stop flag (BgSearchLimits.cancel) */
  BgGame *game;       /* the worker thread's alone once pushed */
  BgSearchLimits limits;
  BgMove move;
  GMainContext *context;
  GThread *owner;     /* the thread of the context, where the job is delivered */
  /* The owner's alone (the thread of the room's shard): */
  TrioWorker *worker; /* NULL once delivered or cancelled */
  TrioWorkerDone done;
  gpointer user_data;
  GDestroyNotify destroy;
};

static TrioWorkerJob *
job_ref (TrioWorkerJob *job)
{
  g_atomic_int_inc (&job->ref_count);
  return job;
}

static void
job_unref (gpointer data)
{
  TrioWorkerJob *job = data;

  if (!g_atomic_int_dec_and_test (&job->ref_count))
    return;
  g_clear_pointer (&job->game, bg_game_free);
  g_main_context_unref (job->context);
  g_free (job);
}

/* Forgets a job on its owner's context: it is no longer the worker's, its data is destroyed. */
static void
job_detach (TrioWorkerJob *job)
{
  TrioWorker *worker = job->worker;
  GDestroyNotify destroy = job->destroy;
  gpointer user_data = job->user_data;

  job->worker = NULL;
  job->destroy = NULL;
  job->user_data = NULL;
  if (destroy != NULL)
    destroy (user_data);
  /* Last: the worker's reference may be the last one. */
  g_mutex_lock (&worker->lock);
  g_ptr_array_remove_fast (worker->jobs, job);
  g_mutex_unlock (&worker->lock);
}

static gboolean
job_deliver (gpointer data)
{
  TrioWorkerJob *job = data;
  TrioWorkerDone done = job->done;
  gpointer user_data = job->user_data;
  GDestroyNotify destroy = job->destroy;

  /* A room's game is its shard's thread's alone. */
  g_assert (job->owner == g_thread_self ());
  if (job->worker == NULL)
    return G_SOURCE_REMOVE;
  /* Detached first, so that done may start another search or free the worker. */
  job->destroy = NULL;
  job_ref (job);
  job_detach (job);
  done (job->move, user_data);
  if (destroy != NULL)
    destroy (user_data);
  job_unref (job);
  return G_SOURCE_REMOVE;
}

static void
job_run (gpointer data,
         gpointer pool_data)
{
  TrioWorkerJob *job = data;
  BgSearchResult result = { .move = BG_MOVE_NONE };
  GSource *source;

  if (!g_atomic_int_get (&job->cancel))
    {
      g_autoptr (BgSearch) search = bg_search_new_with_table (TABLE_BITS);

      /* The morris endgame tables, read or computed once, on a thread of their own. */
      bg_marelle_endgame_prepare (job->game, FALSE);
      if (!bg_search_run (search, job->game, &job->limits, &result))
        result.move = BG_MOVE_NONE;
    }
  job->move = result.move;
  /* An idle source of the owner's context, never g_main_context_invoke(): that would call back
   * on this thread whenever it can acquire the context (no loop running at the moment). The
   * thread's reference goes with the source. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, job_deliver, job, job_unref);
  g_source_attach (source, job->context);
  g_source_unref (source);
}

TrioWorker *
trio_worker_new (guint n_threads)
{
  TrioWorker *worker = g_new0 (TrioWorker, 1);

  if (n_threads == 0)
    n_threads = g_get_num_processors ();
  worker->pool = g_thread_pool_new (job_run, worker, (int) n_threads, FALSE, NULL);
  worker->jobs = g_ptr_array_new_with_free_func (job_unref);
  g_mutex_init (&worker->lock);
  return worker;
}

void
trio_worker_free (TrioWorker *worker)
{
  if (worker == NULL)
    return;
  /* No thread adds a job any more: every shard has stopped. */
  while (worker->jobs->len > 0)
    trio_worker_cancel (worker, worker->jobs->pdata[worker->jobs->len - 1]);
  /* The jobs still queued run, see their flag and return at once. */
  g_thread_pool_free (worker->pool, FALSE, TRUE);
  g_ptr_array_unref (worker->jobs);
  g_mutex_clear (&worker->lock);
  g_free (worker);
}

TrioWorkerJob *
trio_worker_search (TrioWorker           *worker,
                    BgGame               *game,
                    const BgSearchLimits *limits,
                    TrioWorkerDone        done,
                    gpointer              user_data,
                    GDestroyNotify        destroy)
{
  TrioWorkerJob *job = g_new0 (TrioWorkerJob, 1);

  job->ref_count = 1;
  job->game = game;
  job->limits = *limits;
  job->limits.cancel = &job->cancel;
  job->context = g_main_context_ref_thread_default ();
  job->owner = g_thread_self ();
  job->worker = worker;
  job->done = done;
  job->user_data = user_data;
  job->destroy = destroy;
  g_mutex_lock (&worker->lock);
  g_ptr_array_add (worker->jobs, job);
  g_mutex_unlock (&worker->lock);
  g_thread_pool_push (worker->pool, job_ref (job), NULL);
  return job;
}

void
trio_worker_cancel (TrioWorker    *worker,
                    TrioWorkerJob *job)
{
  g_return_if_fail (job->worker == worker);
  g_atomic_int_set (&job->cancel, 1);
  job_detach (job);
}

guint
trio_worker_get_n_jobs (TrioWorker *worker)
{
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&worker->lock);

  return worker->jobs->len;
}
