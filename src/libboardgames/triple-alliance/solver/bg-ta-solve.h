/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-ta-solve.h: the exact solution of La Triple Alliance by retrograde analysis
 *
 * The solver computes, for every position up to the board's symmetries, whether the
 * player to move wins, loses or draws with perfect play, and in how many plies (half
 * moves) the game ends: to a line of three, or to a player left without a legal move.
 * The movement phase is solved backwards from its ends (unmoves, with a counter of
 * unresolved successors per position); positions that never reach an end are draws. The
 * placement phase is then solved layer by layer from the movement table, since a
 * placement never ends the game.
 *
 * The same code solves the game with fewer pieces (3 to 6 each), which the tests use.
 * The table is written atomically; a run that stops (killed, or cancelled) leaves a
 * checksummed checkpoint beside it, which the next run resumes from.
 */
#pragma once

#include <glib.h>

#include "bg-ta-board.h"

G_BEGIN_DECLS

/* Called from the thread that runs bg_ta_solve(), between chunks of work. */
typedef void (*BgTaSolveProgress) (const char *stage,
                                   double      fraction,
                                   gpointer    user_data);

typedef struct
{
  guint             n_pieces;            /* 3 .. 6; 0 means 6 */
  guint             n_threads;           /* 0: one per core */
  const char       *path;                /* where to write the table */
  BgTaSolveProgress progress;
  gpointer          progress_data;
  gint             *cancel;              /* atomic flag polled by the workers, or NULL */
  guint             checkpoint_seconds;  /* 0: every 120 s; G_MAXUINT: never */
  gboolean          skip_count;          /* leave the statistics' counts out (they take a
                                          * pass over the table after it is written) */
} BgTaSolveOptions;

/* Counts of positions of one layer: canonical entries of the table, and all positions
 * they stand for (each symmetry class counted with its size). */
typedef struct
{
  guint a, b;                 /* pieces of the player to move, of the other */
  guint64 entries;            /* the table's entries, holes included */
  guint64 won, drawn, lost;   /* symmetry classes, player to move's point of view */
  guint64 all_won, all_drawn, all_lost;  /* positions */
  guint max_distance;         /* the longest win or loss, in plies */
} BgTaLayerStats;

typedef struct
{
  guint n_layers;
  BgTaLayerStats layers[2 * BG_TA_SOLVE_MAX_PIECES + 1];  /* by pieces on the board */
  gboolean resumed;           /* the run went on from a checkpoint */
  double seconds;             /* this run's wall time */
  guint64 positions_solved;   /* table entries this run computed */
} BgTaSolveStats;

gboolean bg_ta_solve (const BgTaSolveOptions *options,
                      BgTaSolveStats         *stats,
                      GError                **error);

/* The statistics of a solved table, counted again from the file's contents. */
gboolean bg_ta_solve_count (const char      *path,
                            BgTaSolveStats  *stats,
                            GError         **error);

G_END_DECLS
