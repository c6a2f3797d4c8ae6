/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-solve-pass.h: one pass of a retrograde solver over a table, on several threads
 *
 * A pass calls a function over [0, size) in chunks that the threads take in turn, and
 * sums what the chunks return. The solvers of La Triple Alliance and of the morris
 * endgames both run their passes through it. Internal to libboardgames.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BG_SOLVE_PASS_CHUNK (1u << 18)

/* Works through the indices [begin, end); returns a count that the pass sums. */
typedef guint64 (*BgSolvePassFunc) (gpointer data,
                                    guint64  begin,
                                    guint64  end);

/* Called on the calling thread now and then with the share of the pass done. */
typedef void (*BgSolvePassReport) (gpointer data,
                                   double   fraction);

typedef struct
{
  /* Set by the caller. */
  guint n_threads;             /* at least 1 */
  const gint *cancel;          /* an atomic flag polled between chunks, or NULL */
  BgSolvePassReport report;    /* or NULL */
  gpointer data;               /* for func and report */
  guint64 chunk_size;          /* indices a chunk; 0: BG_SOLVE_PASS_CHUNK */

  /* The running pass (private). */
  BgSolvePassFunc func;
  guint64 size;
  guint64 chunk;
  guint64 n_chunks;
  guint64 next_chunk;          /* atomic */
  guint64 done_chunks;         /* atomic */
  guint64 found;               /* atomic */
  gint stop;                   /* atomic: the cancel flag was seen */
} BgSolvePass;

/* Whether the cancel flag has been set (once seen, it stays set for the passes). */
gboolean bg_solve_pass_cancelled (BgSolvePass     *pass);

/* Runs func over [0, size) on pass->n_threads threads (the calling one among them); returns
 * the sum of what it returned, or G_MAXUINT64 when cancelled. */
guint64  bg_solve_pass_run       (BgSolvePass     *pass,
                                  guint64          size,
                                  BgSolvePassFunc  func);

G_END_DECLS
