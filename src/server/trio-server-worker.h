/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-worker.h: the computer's moves, searched on worker threads
 *
 * A room hands a copy of its game to the worker, which searches it on one of its threads
 * with the level's limits and gives the move back on the context the room asked from (its
 * shard's), where the room plays it: a room's own game is never touched from two threads.
 * The shards share one worker. A job cancelled (the game changed meanwhile) stops its search
 * and never calls back.
 */
#pragma once

#include "bg-search.h"

G_BEGIN_DECLS

typedef struct _TrioWorker TrioWorker;
typedef struct _TrioWorkerJob TrioWorkerJob;

/* Called on the asker's context with the move found (BG_MOVE_NONE: none, the game over). */
typedef void (*TrioWorkerDone) (BgMove   move,
                                gpointer user_data);

/* n_threads searches at once (0: one per processor), each on one thread. */
TrioWorker    *trio_worker_new    (guint                 n_threads);
/* Cancels every job and waits for the threads. */
void           trio_worker_free   (TrioWorker           *worker);

/* Searches game (taken) with limits; done is called on the thread-default main context of
 * the caller, then destroy (may be NULL) with user_data. Returns the job, for
 * trio_worker_cancel() until done is called. */
TrioWorkerJob *trio_worker_search (TrioWorker           *worker,
                                   BgGame               *game,
                                   const BgSearchLimits *limits,
                                   TrioWorkerDone        done,
                                   gpointer              user_data,
                                   GDestroyNotify        destroy);
/* From the asker's context, before done was called: done will never be; user_data is
 * destroyed now. */
void           trio_worker_cancel (TrioWorker           *worker,
                                   TrioWorkerJob        *job);
/* How many jobs are queued or searching. */
guint          trio_worker_get_n_jobs (TrioWorker       *worker);

G_END_DECLS
