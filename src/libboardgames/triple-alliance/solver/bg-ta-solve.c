/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-ta-solve.c: retrograde analysis of La Triple Alliance
 *
 * Layer k of the table holds the positions with k pieces on the board; the player to
 * move has k / 2 of them (he placed first when k is even). Layer 2n is the movement
 * phase. See bg-solved-table.h for the value bytes.
 *
 * Movement phase. A first pass marks the ends (the opponent has a line, or the player
 * to move has no step: lost in 0) and counts each position's distinct successors up to
 * symmetry. Then pass d takes every position decided at distance d and walks its
 * predecessors (the opponent's unmoves): after a loss, each undecided predecessor is won
 * at d + 1; after a win, each distinct predecessor loses one counter, and a predecessor
 * whose counter reaches zero has only losing moves left: lost at d + 1, the longest
 * defence since the passes go by increasing distance. Distinct successors are counted,
 * not moves, because two moves to symmetric positions are one successor in the table.
 *
 * Placement phase: each layer looks one ply down into the layer above it.
 */

#include "bg-ta-solve.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "bg-rules.h"
#include "bg-solve-pass.h"
#include "bg-ta-file.h"
#include "bg-ta-index.h"

#define MAX_SUCCESSORS (4 * BG_TA_SOLVE_MAX_PIECES)
/* Won and lost positions of the movement phase with six pieces each (the solve's count). */
#define EXPECTED_DECIDED G_GUINT64_CONSTANT (241090677)

typedef struct _Solver Solver;

struct _Solver
{
  guint n_pieces;
  guint n_threads;
  const BgTaSolveOptions *options;
  BgTaLayer layers[BG_TA_N_LAYERS_MAX];
  guint8 *values[BG_TA_N_LAYERS_MAX];
  guint8 *counters;           /* movement layer, while it is being solved */
  guint k;                    /* the layer of the running pass */
  guint distance;             /* retro pass: the distance being propagated */

  BgSolvePass pass;           /* the threads of the running pass (bg-solve-pass.h) */
  const char *stage;
  double progress_from, progress_to;  /* the running pass's share of the whole solve */
  double reported;            /* the last fraction reported: progress never goes back */
  guint64 decided;            /* movement positions decided before the running pass */
  BgTaLayerStats *stats;       /* the statistics pass */
};

static gboolean
cancelled (Solver *s)
{
  return bg_solve_pass_cancelled (&s->pass);
}

/* Reports the share of the whole solve done, fraction of the way through the running pass:
 * never less than a report before it, whatever the estimates of the passes' shares. */
static void
report (Solver     *s,
        double      fraction)
{
  double overall = s->progress_from + (s->progress_to - s->progress_from) * fraction;

  s->reported = MAX (s->reported, CLAMP (overall, 0.0, 1.0));
  if (s->options->progress != NULL)
    s->options->progress (s->stage, s->reported, s->options->progress_data);
}

static void
report_pass (gpointer data,
             double   fraction)
{
  report (data, fraction);
}

/* Runs func over [0, size) on every thread; returns the sum of what it returned, or
 * G_MAXUINT64 when cancelled. */
static guint64
run_pass (Solver          *s,
          guint64          size,
          BgSolvePassFunc  func)
{
  return bg_solve_pass_run (&s->pass, size, func);
}

/* Movement phase */

/* Sorts a handful of indices and drops the repeated ones; returns how many are left. */
static guint
sort_distinct (guint64 *out,
               guint    n)
{
  guint distinct = 0;

  for (guint i = 1; i < n; i++)
    {
      guint64 v = out[i];
      guint j = i;

      for (; j > 0 && out[j - 1] > v; j--)
        out[j] = out[j - 1];
      out[j] = v;
    }
  for (guint i = 0; i < n; i++)
    if (distinct == 0 || out[i] != out[distinct - 1])
      out[distinct++] = out[i];
  return distinct;
}

/* The distinct positions after one step of the player holding `stepper` (the other
 * holds `still`), as movement-layer indices; when `backwards`, the positions before such
 * a step, with the stepper to move. Sorted; returns how many. */
static guint
neighbours (const BgTaLayer *layer,
            guint32          stepper,
            guint32          still,
            gboolean         backwards,
            guint64         *out)
{
  guint32 empty = BG_TA_ALL_POINTS & ~(stepper | still);
  guint n = 0;

  for (guint32 m = stepper; m != 0; m &= m - 1)
    {
      guint32 from = m & -m;
      int p = __builtin_ctz (from);

      for (guint32 t = bg_ta_adjacency[p] & empty; t != 0; t &= t - 1)
        {
          guint32 moved = (stepper ^ from) | (t & -t);

          out[n++] = backwards ? bg_ta_index_encode (layer, moved, still)
                               : bg_ta_index_encode (layer, still, moved);
        }
    }
  return sort_distinct (out, n);
}

static guint
successors (const BgTaLayer *layer,
            guint32          mover,
            guint32          other,
            guint64         *out)
{
  return neighbours (layer, mover, other, FALSE, out);
}

/* The positions before the opponent's last step, with him to move. */
static guint
predecessors (const BgTaLayer *layer,
              guint32          mover,
              guint32          other,
              guint64         *out)
{
  return neighbours (layer, other, mover, TRUE, out);
}

static guint64
init_movement_chunk (gpointer data,
                     guint64  begin,
                     guint64  end)
{
  Solver *s = data;
  const BgTaLayer *layer = &s->layers[s->k];
  guint8 *values = s->values[s->k];
  guint64 out[MAX_SUCCESSORS], ends = 0;

  for (guint64 i = begin; i < end; i++)
    {
      guint32 mover, other;
      guint n;

      bg_ta_index_decode (layer, i, &mover, &other);
      if (bg_ta_index_encode (layer, mover, other) != i || bg_ta_index_has_line (mover))
        {
          values[i] = BG_TA_INVALID;
          continue;
        }
      if (bg_ta_index_has_line (other))
        {
          values[i] = 1;
          ends++;
          continue;
        }
      n = successors (layer, mover, other, out);
      s->counters[i] = (guint8) n;
      values[i] = n == 0 ? 1 : 0;
      ends += n == 0;
    }
  return ends;
}

static guint64
retro_chunk (gpointer data,
             guint64  begin,
             guint64  end)
{
  Solver *s = data;
  const BgTaLayer *layer = &s->layers[s->k];
  guint8 *values = s->values[s->k];
  guint8 *counters = s->counters;
  guint8 current = (guint8) (s->distance + 1), next = current + 1;
  gboolean lost = (s->distance & 1) == 0;
  guint64 out[MAX_SUCCESSORS];

  for (guint64 i = begin; i < end; i++)
    {
      guint32 mover, other;
      guint n;

      if (values[i] != current)
        continue;
      bg_ta_index_decode (layer, i, &mover, &other);
      n = predecessors (layer, mover, other, out);
      for (guint j = 0; j < n; j++)
        {
          guint8 *v = &values[out[j]];

          if (__atomic_load_n (v, __ATOMIC_RELAXED) != 0)
            continue;
          if (lost)
            {
              /* Several threads may store the same value: no count is lost, as the
               * count is taken by the next pass. */
              __atomic_store_n (v, next, __ATOMIC_RELAXED);
            }
          else if (__atomic_sub_fetch (&counters[out[j]], 1, __ATOMIC_RELAXED) == 0)
            __atomic_store_n (v, next, __ATOMIC_RELAXED);
        }
    }
  /* What it decided is counted by the next pass (count_value_chunk). */
  return 0;
}

static guint64
count_value_chunk (gpointer data,
                   guint64  begin,
                   guint64  end)
{
  Solver *s = data;
  const guint8 *values = s->values[s->k];
  guint8 wanted = (guint8) (s->distance + 1);
  guint64 n = 0;

  for (guint64 i = begin; i < end; i++)
    n += values[i] == wanted;
  return n;
}

/* Placement phase */

static inline int
score_of (guint8 v)
{
  if (v == 0)
    return 0;
  return ((v - 1) & 1) ? 1000 - (v - 1) : -1000 + (v - 1);
}

/* The score of a position whose best successor scores child, for the other player. */
static inline int
one_ply_up (int child)
{
  return -child + (child > 0) - (child < 0);
}

static inline guint8
value_of (int score)
{
  if (score == 0)
    return 0;
  return (guint8) (score > 0 ? 1000 - score + 1 : score + 1000 + 1);
}

static guint64
placement_chunk (gpointer data,
                 guint64  begin,
                 guint64  end)
{
  Solver *s = data;
  const BgTaLayer *layer = &s->layers[s->k], *up = &s->layers[s->k + 1];
  guint8 *values = s->values[s->k];
  const guint8 *above = s->values[s->k + 1];

  for (guint64 i = begin; i < end; i++)
    {
      guint32 mover, other, empty;
      int best = -2000;

      bg_ta_index_decode (layer, i, &mover, &other);
      if (bg_ta_index_encode (layer, mover, other) != i || bg_ta_index_has_line (mover)
          || bg_ta_index_has_line (other))
        {
          values[i] = BG_TA_INVALID;
          continue;
        }
      empty = BG_TA_ALL_POINTS & ~(mover | other);
      for (guint32 e = empty; e != 0; e &= e - 1)
        {
          guint32 placed = mover | (e & -e);
          guint8 child;

          if (bg_ta_index_has_line (placed))
            continue;
          child = above[bg_ta_index_encode (up, other, placed)];
          g_assert (child != BG_TA_INVALID);
          best = MAX (best, one_ply_up (score_of (child)));
        }
      /* No legal placement: the player to move loses at once. */
      values[i] = best == -2000 ? 1 : value_of (best);
    }
  return 0;
}

/* Statistics */

static GMutex stats_lock;

static guint64
stats_chunk (gpointer data,
             guint64  begin,
             guint64  end)
{
  Solver *s = data;
  BgTaLayerStats local = { 0 }, *total = s->stats;
  const guint8 *values = s->values[s->k];

  for (guint64 i = begin; i < end; i++)
    {
      guint8 v = values[i];
      guint32 mover, other;
      guint fixed = 0, orbit;

      if (v == BG_TA_INVALID)
        continue;
      bg_ta_index_decode (&s->layers[s->k], i, &mover, &other);
      for (guint u = 0; u < BG_TA_N_SYMMETRIES; u++)
        fixed += bg_ta_symmetry_apply (u, mover) == mover
                 && bg_ta_symmetry_apply (u, other) == other;
      orbit = BG_TA_N_SYMMETRIES / fixed;
      if (v == 0)
        {
          local.drawn++;
          local.all_drawn += orbit;
          continue;
        }
      local.max_distance = MAX (local.max_distance, (guint) v - 1);
      if ((v - 1) & 1)
        {
          local.won++;
          local.all_won += orbit;
        }
      else
        {
          local.lost++;
          local.all_lost += orbit;
        }
    }
  g_mutex_lock (&stats_lock);
  total->won += local.won;
  total->drawn += local.drawn;
  total->lost += local.lost;
  total->all_won += local.all_won;
  total->all_drawn += local.all_drawn;
  total->all_lost += local.all_lost;
  total->max_distance = MAX (total->max_distance, local.max_distance);
  g_mutex_unlock (&stats_lock);
  return 0;
}

static gboolean
count_layers (Solver         *s,
              BgTaSolveStats *stats)
{
  s->stage = _("Counting the positions");
  s->progress_from = s->progress_to = 1.0;
  stats->n_layers = 2 * s->n_pieces + 1;
  for (guint k = 0; k < stats->n_layers; k++)
    {
      BgTaLayerStats *ls = &stats->layers[k];

      memset (ls, 0, sizeof *ls);
      ls->a = s->layers[k].a;
      ls->b = s->layers[k].b;
      ls->entries = s->layers[k].size;
      s->k = k;
      s->stats = ls;
      if (run_pass (s, s->layers[k].size, stats_chunk) == G_MAXUINT64)
        return FALSE;
    }
  return TRUE;
}

/* Checkpoints */

static void
free_arrays (Solver *s)
{
  guint top = 2 * s->n_pieces;

  for (guint k = 0; k <= top; k++)
    {
      bg_ta_free (s->values[k], s->layers[k].size);
      s->values[k] = NULL;
    }
  bg_ta_free (s->counters, s->layers[top].size);
  s->counters = NULL;
}

static char *
checkpoint_path (Solver *s)
{
  return g_strconcat (s->options->path, ".partial", NULL);
}

static void
fill_header (Solver         *s,
             BgTaFileHeader *header,
             BgTaFileKind    kind,
             guint           next,
             guint64         pending)
{
  memset (header, 0, sizeof *header);
  header->kind = kind;
  header->n_pieces = s->n_pieces;
  header->next = next;
  header->pending = pending;
  for (guint k = 0; k <= 2 * s->n_pieces; k++)
    header->sizes[k] = s->layers[k].size;
}

/* Retro checkpoint: movement values and counters; placement: movement values, then the
 * placement layers above next, from the fullest down. */
static gboolean
save_checkpoint (Solver        *s,
                 BgTaFileKind   kind,
                 guint          next,
                 guint64        pending,
                 GError       **error)
{
  g_autofree char *path = checkpoint_path (s);
  guint top = 2 * s->n_pieces;
  BgTaChunk chunks[BG_TA_N_LAYERS_MAX + 1];
  BgTaFileHeader header;
  guint n = 0;

  fill_header (s, &header, kind, next, pending);
  chunks[n++] = (BgTaChunk) { s->values[top], s->layers[top].size };
  if (kind == BG_TA_FILE_CHECKPOINT_RETRO)
    chunks[n++] = (BgTaChunk) { s->counters, s->layers[top].size };
  else
    for (guint k = top - 1; k > next; k--)
      chunks[n++] = (BgTaChunk) { s->values[k], s->layers[k].size };
  return bg_ta_file_write (path, &header, chunks, n, error);
}

/* Loads a checkpoint of this solve if there is a sound one; a damaged one is removed, and
 * so is anything else at its path (a FIFO there is neither waited for nor read). */
static gboolean
load_checkpoint (Solver   *s,
                 guint    *kind,
                 guint    *next)
{
  g_autofree char *path = checkpoint_path (s);
  g_autoptr (GError) error = NULL;
  g_auto (BgTableFile) file = { 0 };
  guint top = 2 * s->n_pieces;
  BgTaFileHeader header;
  BgTaChecksum sum;
  gboolean ok;

  if (!g_file_test (path, G_FILE_TEST_EXISTS) || !bg_table_file_open (&file, path, &error))
    {
      if (error != NULL)
        {
          g_message ("ignoring the checkpoint %s: %s", path, error->message);
          g_unlink (path);
        }
      return FALSE;
    }
  memcpy (&header, file.header, sizeof header);
  ok = bg_ta_file_check_header (&header, file.size, 0, path, &error)
       && header.kind != BG_TA_FILE_TABLE && header.n_pieces == s->n_pieces
       && header.next < top;
  for (guint k = 0; ok && k <= top; k++)
    ok = header.sizes[k] == s->layers[k].size;
  bg_ta_checksum_init (&sum);
  if (ok)
    {
      s->values[top] = bg_ta_alloc (s->layers[top].size);
      ok = bg_table_file_read (&file, s->values[top], s->layers[top].size, &sum, NULL);
    }
  if (ok && header.kind == BG_TA_FILE_CHECKPOINT_RETRO)
    {
      s->counters = bg_ta_alloc (s->layers[top].size);
      ok = bg_table_file_read (&file, s->counters, s->layers[top].size, &sum, NULL);
    }
  else
    for (guint k = top - 1; ok && k > header.next; k--)
      {
        s->values[k] = bg_ta_alloc (s->layers[k].size);
        ok = bg_table_file_read (&file, s->values[k], s->layers[k].size, &sum, NULL);
      }
  bg_table_file_close (&file);
  if (ok && bg_ta_checksum_end (&sum) == header.checksum)
    {
      *kind = header.kind;
      *next = header.next;
      return TRUE;
    }
  g_message ("ignoring the damaged checkpoint %s%s%s", path, error ? ": " : "",
             error ? error->message : "");
  g_unlink (path);
  free_arrays (s);
  return FALSE;
}

/* The solve */

static gboolean
stopped (Solver  *s,
         GError **error)
{
  if (!cancelled (s))
    return FALSE;
  g_set_error (error, BG_ERROR, BG_ERROR_CANCELLED, _("The solve was cancelled"));
  return TRUE;
}

static gboolean
time_for_checkpoint (Solver *s,
                     gint64 *last)
{
  guint interval = s->options->checkpoint_seconds ? s->options->checkpoint_seconds : 120;
  gint64 now = g_get_monotonic_time ();

  if (interval == G_MAXUINT || now - *last < (gint64) interval * G_USEC_PER_SEC)
    return FALSE;
  *last = now;
  return TRUE;
}

/* The work of a pass is about the number of positions it takes, so progress is the share
 * of the won and lost positions taken so far (known for six pieces; for fewer, a guess). */
static void
movement_progress (Solver  *s,
                   guint64  pending)
{
  guint64 expected = s->n_pieces == BG_TA_SOLVE_MAX_PIECES ? EXPECTED_DECIDED
                                                            : s->layers[s->k].size / 4;
  double from = MIN ((double) s->decided / expected, 1.0);
  double to = MIN ((double) (s->decided + pending) / expected, 1.0);

  s->decided += pending;
  s->progress_from = 0.3 + 0.45 * from;
  s->progress_to = 0.3 + 0.45 * to;
}

/* The passes of the movement phase, from distance `distance` on. The state between two
 * passes is consistent and may be saved; a pass stopped half-way is not (counters were
 * decremented), so a run cancelled then resumes from the checkpoint before. */
static gboolean
solve_movement (Solver   *s,
                guint     distance,
                GError  **error)
{
  gint64 last = g_get_monotonic_time ();

  s->k = 2 * s->n_pieces;
  s->stage = _("Solving the movement phase");
  for (s->distance = distance;; s->distance++)
    {
      guint64 pending;

      /* The count of the positions decided at this distance takes no share of its own:
       * the progress stays where it is until the pass that walks them. */
      s->progress_from = s->progress_to = s->reported;
      pending = run_pass (s, s->layers[s->k].size, count_value_chunk);
      if (pending == G_MAXUINT64)
        {
          save_checkpoint (s, BG_TA_FILE_CHECKPOINT_RETRO, s->distance, 0, NULL);
          return !stopped (s, error);
        }
      if (pending == 0)
        break;
      if (s->distance + 2 > BG_TA_MAX_VALUE)
        return bg_fail (error, BG_ERROR_BAD_FILE, "distance overflow at %u", s->distance);
      if (time_for_checkpoint (s, &last)
          && !save_checkpoint (s, BG_TA_FILE_CHECKPOINT_RETRO, s->distance, pending, error))
        return FALSE;
      movement_progress (s, pending);
      if (run_pass (s, s->layers[s->k].size, retro_chunk) == G_MAXUINT64)
        return !stopped (s, error);
    }
  bg_ta_free (s->counters, s->layers[s->k].size);
  s->counters = NULL;
  return TRUE;
}

static gboolean
solve_placement (Solver   *s,
                 guint     next,
                 GError  **error)
{
  guint top = 2 * s->n_pieces;
  gint64 last = g_get_monotonic_time ();
  guint64 total = 0, done = 0;

  for (guint k = 0; k < top; k++)
    total += s->layers[k].size;
  for (guint k = top - 1; k > next; k--)
    done += s->layers[k].size;
  s->stage = _("Solving the placement phase");
  for (guint k = next + 1; k-- > 0;)
    {
      s->progress_from = 0.75 + 0.22 * done / total;
      done += s->layers[k].size;
      s->progress_to = 0.75 + 0.22 * done / total;
      s->k = k;
      s->values[k] = bg_ta_alloc (s->layers[k].size);
      if (run_pass (s, s->layers[k].size, placement_chunk) == G_MAXUINT64)
        {
          save_checkpoint (s, BG_TA_FILE_CHECKPOINT_PLACEMENT, k, 0, NULL);
          return !stopped (s, error);
        }
      if (k > 0 && time_for_checkpoint (s, &last)
          && !save_checkpoint (s, BG_TA_FILE_CHECKPOINT_PLACEMENT, k - 1, 0, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
write_table (Solver  *s,
             GError **error)
{
  g_autofree char *partial = checkpoint_path (s);
  BgTaChunk chunks[BG_TA_N_LAYERS_MAX];
  BgTaFileHeader header;
  guint top = 2 * s->n_pieces;

  s->stage = _("Writing the table");
  s->progress_from = 0.97;
  s->progress_to = 1.0;
  report (s, 0.0);
  fill_header (s, &header, BG_TA_FILE_TABLE, 0, 0);
  for (guint k = 0; k <= top; k++)
    chunks[k] = (BgTaChunk) { s->values[k], s->layers[k].size };
  if (!bg_ta_file_write (s->options->path, &header, chunks, top + 1, error))
    return FALSE;
  g_unlink (partial);
  report (s, 1.0);
  return TRUE;
}

static void
solver_init (Solver                 *s,
             const BgTaSolveOptions *options)
{
  memset (s, 0, sizeof *s);
  s->options = options;
  s->n_pieces = options->n_pieces ? options->n_pieces : BG_TA_SOLVE_MAX_PIECES;
  s->n_threads = options->n_threads ? options->n_threads : g_get_num_processors ();
  s->n_threads = CLAMP (s->n_threads, 1, 64);
  s->pass.n_threads = s->n_threads;
  s->pass.cancel = options->cancel;
  s->pass.report = report_pass;
  s->pass.data = s;
  bg_ta_index_init (2 * s->n_pieces);
  for (guint k = 0; k <= 2 * s->n_pieces; k++)
    bg_ta_layer_init (&s->layers[k], k / 2, k - k / 2);
}

static gboolean
solve (Solver          *s,
       BgTaSolveStats  *stats,
       GError         **error)
{
  guint top = 2 * s->n_pieces, kind = 0, next = 0;
  guint64 pending = 0;

  stats->resumed = load_checkpoint (s, &kind, &next);
  if (!stats->resumed)
    {
      s->stage = _("Finding the ends of the movement phase");
      s->progress_from = 0;
      s->progress_to = 0.3;
      s->k = top;
      s->values[top] = bg_ta_alloc (s->layers[top].size);
      s->counters = bg_ta_alloc (s->layers[top].size);
      pending = run_pass (s, s->layers[top].size, init_movement_chunk);
      if (stopped (s, error))
        return FALSE;
      kind = BG_TA_FILE_CHECKPOINT_RETRO;
      if (!save_checkpoint (s, kind, 0, pending, error))
        return FALSE;
    }
  if (kind == BG_TA_FILE_CHECKPOINT_RETRO)
    {
      if (!solve_movement (s, next, error))
        return FALSE;
      next = top - 1;
      if (!save_checkpoint (s, BG_TA_FILE_CHECKPOINT_PLACEMENT, next, 0, error))
        return FALSE;
    }
  if (!solve_placement (s, next, error) || stopped (s, error))
    return FALSE;
  return write_table (s, error) && (s->options->skip_count || count_layers (s, stats));
}

gboolean
bg_ta_solve (const BgTaSolveOptions *options,
             BgTaSolveStats         *stats,
             GError                **error)
{
  gint64 start = g_get_monotonic_time ();
  Solver s;
  gboolean ok;

  g_return_val_if_fail (options->path != NULL, FALSE);
  g_return_val_if_fail (options->n_pieces == 0 || (options->n_pieces >= BG_TA_SOLVE_MIN_PIECES
                        && options->n_pieces <= BG_TA_SOLVE_MAX_PIECES), FALSE);
  memset (stats, 0, sizeof *stats);
  solver_init (&s, options);
  ok = solve (&s, stats, error);
  free_arrays (&s);
  stats->seconds = (g_get_monotonic_time () - start) / 1e6;
  for (guint k = 0; ok && k <= 2 * s.n_pieces; k++)
    stats->positions_solved += s.layers[k].size;
  return ok;
}

gboolean
bg_ta_solve_count (const char      *path,
                   BgTaSolveStats  *stats,
                   GError         **error)
{
  BgTaSolveOptions options = { .path = path };
  BgTaFileHeader header;
  const guint8 *map, *data;
  gboolean ok;
  Solver s;

  memset (stats, 0, sizeof *stats);
  map = bg_ta_file_map_table (path, 0, &header, error);
  if (map == NULL)
    return FALSE;
  options.n_pieces = header.n_pieces;
  solver_init (&s, &options);
  data = map + BG_TA_HEADER_SIZE;
  for (guint k = 0; k <= 2 * s.n_pieces; k++)
    {
      s.values[k] = (guint8 *) data;
      data += s.layers[k].size;
    }
  ok = count_layers (&s, stats);
  bg_table_file_unmap (map, header.data_size);
  return ok;
}
