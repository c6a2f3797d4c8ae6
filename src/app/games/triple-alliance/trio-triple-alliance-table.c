/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-triple-alliance-table.c: La Triple Alliance's solved table for the Perfect level */

#include "trio-triple-alliance-table.h"

#include <glib/gi18n.h>

#include "triple-alliance/solver/bg-ta-solve.h"
#include "triple-alliance/solver/bg-ta-table.h"

/* The game the Perfect level plays: six pieces each. */
#define N_PIECES 6

static char *
default_path (void)
{
  return bg_ta_table_default_path (N_PIECES);
}

/* Where bg_ta_solve() keeps its checkpoint. */
static char *
checkpoint_path (const char *path)
{
  return g_strconcat (path, ".partial", NULL);
}

/* A table of another game (other numbers of pieces) is refused, with why. */
static BgTaTable *
open_table (const char *path,
            GError    **error)
{
  return bg_ta_table_open_pieces (path, N_PIECES, error);
}

static gboolean
solve (const char        *path,
       TrioSolveProgress  progress,
       gpointer           data,
       gint              *cancel,
       GError           **error)
{
  BgTaSolveOptions options = {
    .n_pieces = N_PIECES,
    .n_threads = 0,
    .path = path,
    .progress = progress,
    .progress_data = data,
    .cancel = cancel,
    .skip_count = TRUE,
  };
  BgTaSolveStats stats;

  return bg_ta_solve (&options, &stats, error);
}

const TrioSolvedTable trio_triple_alliance_table = {
  .about = N_("The perfect level plays from the solved game; it needs a table of 550 MB "
              "computed on this computer, about five minutes."),
  .default_path = default_path,
  .checkpoint_path = checkpoint_path,
  .open = open_table,
  .solve = solve,
  .install = bg_ta_table_set_default,
  .dup_installed = bg_ta_table_get_default,
  .unref = bg_ta_table_unref,
  .rate_moves = bg_ta_table_rate_moves,
};
