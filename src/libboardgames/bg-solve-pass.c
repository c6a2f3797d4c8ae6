/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-solve-pass.c: the threads of a solver's pass */

#include "bg-solve-pass.h"

gboolean
bg_solve_pass_cancelled (BgSolvePass *pass)
{
  if (pass->cancel != NULL && g_atomic_int_get (pass->cancel))
    g_atomic_int_set (&pass->stop, 1);
  return g_atomic_int_get (&pass->stop);
}

/* Takes chunks until there are none left; the reporter tells the progress every 16. */
static void
take_chunks (BgSolvePass *pass,
             gboolean     reporter)
{
  guint64 c;

  while (!bg_solve_pass_cancelled (pass)
         && (c = __atomic_fetch_add (&pass->next_chunk, 1, __ATOMIC_RELAXED)) < pass->n_chunks)
    {
      guint64 begin = c * pass->chunk;
      guint64 found = pass->func (pass->data, begin, MIN (begin + pass->chunk, pass->size));
      guint64 done;

      __atomic_fetch_add (&pass->found, found, __ATOMIC_RELAXED);
      done = __atomic_add_fetch (&pass->done_chunks, 1, __ATOMIC_RELAXED);
      if (reporter && pass->report != NULL && (done & 15) == 0)
        pass->report (pass->data, (double) done / pass->n_chunks);
    }
}

static gpointer
helper_main (gpointer data)
{
  take_chunks (data, FALSE);
  return NULL;
}

guint64
bg_solve_pass_run (BgSolvePass     *pass,
                   guint64          size,
                   BgSolvePassFunc  func)
{
  GThread *helpers[64];
  guint n_helpers = CLAMP (pass->n_threads, 1, G_N_ELEMENTS (helpers)) - 1;

  pass->func = func;
  pass->size = size;
  pass->chunk = pass->chunk_size ? pass->chunk_size : BG_SOLVE_PASS_CHUNK;
  pass->n_chunks = (size + pass->chunk - 1) / pass->chunk;
  pass->next_chunk = pass->done_chunks = pass->found = 0;
  if (pass->report != NULL)
    pass->report (pass->data, 0.0);
  /* No helper for a pass of one chunk: starting a thread would cost more than it gives. */
  n_helpers = (guint) MIN (n_helpers, pass->n_chunks > 0 ? pass->n_chunks - 1 : 0);
  for (guint i = 0; i < n_helpers; i++)
    helpers[i] = g_thread_new ("solve-pass", helper_main, pass);
  take_chunks (pass, TRUE);
  for (guint i = 0; i < n_helpers; i++)
    g_thread_join (helpers[i]);
  if (bg_solve_pass_cancelled (pass))
    return G_MAXUINT64;
  if (pass->report != NULL)
    pass->report (pass->data, 1.0);
  return pass->found;
}

