/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-marelle-endgame-solve.c: retrograde analysis of the morris endgames
 *
 * The layers are solved in three groups, each needing only the ones before: 3 v 3 (a mill
 * there wins at once), then 3 v 4 with 4 v 3 (a move without a mill goes from one to the
 * other; a mill of the player with three leads into 3 v 3), then 4 v 4 (a mill leads into
 * 3 v 4). Inside a group every move is a move without a mill.
 *
 * A first pass takes every position forwards, through the rules' own move generator:
 * a move that leaves the group (a mill and its removal) has a known value, the best of
 * which is kept; the others are counted, as distinct successors (two moves to symmetric
 * positions are one entry). A win through a removal is stored at once with its distance;
 * a position whose moves all leave the group is decided. Then pass d takes every position
 * decided at distance d and walks its predecessors (the last mover's unmoves, which never
 * close a mill): after a loss, a predecessor is won at d + 1 unless it is won sooner;
 * after a win, a predecessor loses one counter, and at zero it has only losing moves:
 * lost at d + 1, or later when a removal holds out longer. A move into a draw outside the
 * group keeps a position from ever being lost (its counter never reaches zero). The
 * positions left undecided are draws.
 */

#include "bg-marelle-endgame-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bg-marelle.h"
#include "bg-marelle-private.h"
#include "bg-rules.h"
#include "bg-solve-pass.h"
#include "bg-solved-table.h"

#define ALL_POINTS ((1u << N_POINTS) - 1)
#define MAX_MOVES 512
#define DRAW_EXIT 0x80   /* on a counter: the position can draw by a removal */
#define CHUNK 8192

typedef struct
{
  BgMarelleEndgame *table;
  const BgEndgameIndex *index;
  guint8 *counters[BG_MARELLE_ENDGAME_N_LAYERS];
  guint8 *exit_loss[BG_MARELLE_ENDGAME_N_LAYERS];  /* the longest loss by a removal */
  guint group;             /* a mask of the layers being solved */
  guint layer;             /* the running pass's */
  guint distance;
  gint max_ahead;          /* atomic: the longest distance stored ahead of the passes */
  BgSolvePass pass;
} Solver;

/* Keeps one of each index of a list, in a small hash set whose slots a stamp empties:
 * quicker than sorting for lists of fifty to seventy. */
#define SEEN_SLOTS 256

typedef struct
{
  guint64 index[SEEN_SLOTS];
  guint32 stamp[SEEN_SLOTS];
  guint32 now;
} Seen;

static guint
keep_distinct (Seen    *seen,
               guint64 *out,
               guint    n)
{
  guint kept = 0;

  g_assert (n < SEEN_SLOTS / 2);
  if (++seen->now == 0)
    {
      memset (seen->stamp, 0, sizeof seen->stamp);
      seen->now = 1;
    }
  for (guint i = 0; i < n; i++)
    {
      guint h = (guint) ((out[i] * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> 56);

      while (seen->stamp[h] == seen->now && seen->index[h] != out[i])
        h = (h + 1) & (SEEN_SLOTS - 1);
      if (seen->stamp[h] == seen->now)
        continue;
      seen->stamp[h] = seen->now;
      seen->index[h] = out[i];
      out[kept++] = out[i];
    }
  return kept;
}

static void
note_ahead (Solver *s,
            guint   distance)
{
  gint old = __atomic_load_n (&s->max_ahead, __ATOMIC_RELAXED);

  /* A failed exchange reloads old. */
  while ((gint) distance > old
         && !__atomic_compare_exchange_n (&s->max_ahead, &old, (gint) distance, TRUE,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
}

/* The first pass */

/* What the moves of one position lead to. */
typedef struct
{
  guint n_moves;
  guint n_inside;          /* distinct successors inside the group, in out */
  guint win;               /* the shortest win by a removal, or G_MAXUINT */
  guint loss;              /* the longest loss by a removal (0: none) */
  gboolean draw;           /* a removal leads to a draw */
} Successors;

static void
take_successors (Solver     *s,
                 Seen       *seen,
                 guint32     mover,
                 guint32     other,
                 guint64    *out,
                 Successors *succ)
{
  MarellePos pos = { 0 };
  BgMove moves[MAX_MOVES];

  pos.board[0] = mover;
  pos.board[1] = other;
  pos.count[0] = (guint8) bg_marelle_popcount32 (mover);
  pos.count[1] = (guint8) bg_marelle_popcount32 (other);
  pos.variant = (guint8) s->table->variant;
  memset (succ, 0, sizeof *succ);
  succ->win = G_MAXUINT;
  succ->n_moves = bg_marelle_rules.legal_moves (&pos, moves);
  for (guint k = 0; k < succ->n_moves; k++)
    {
      MarellePos child = pos;
      guint a, b, l;
      guint8 v;

      bg_marelle_rules.play (&child, moves[k]);
      a = child.count[1];
      b = child.count[0];
      if (a <= 2)
        {
          succ->win = 1;   /* the opponent is left with two pieces: lost at once */
          continue;
        }
      l = ENDGAME_LAYER (a, b);
      if (s->group & (1u << l))
        {
          out[succ->n_inside++] = bg_endgame_index_encode (s->index, child.board[1],
                                                           child.board[0]);
          continue;
        }
      v = s->table->values[l][bg_endgame_index_encode (s->index, child.board[1],
                                                       child.board[0])];
      g_assert (v != BG_TA_INVALID);
      if (v == 0)
        succ->draw = TRUE;
      else if (((v - 1) & 1) == 0)
        succ->win = MIN (succ->win, (guint) v);        /* lost in v - 1: won in v */
      else
        succ->loss = MAX (succ->loss, (guint) v);
    }
  succ->n_inside = keep_distinct (seen, out, succ->n_inside);
}

static guint64
init_chunk (gpointer data,
            guint64  begin,
            guint64  end)
{
  Solver *s = data;
  guint l = s->layer, a = ENDGAME_LAYER_A (l), b = ENDGAME_LAYER_B (l);
  guint8 *values = s->table->values[l];
  guint64 out[MAX_MOVES];
  Seen seen = { .now = 0 };

  for (guint64 i = begin; i < end; i++)
    {
      guint32 mover, other;
      Successors succ;

      if (!bg_endgame_index_decode (s->index, a, b, i, &mover, &other))
        {
          values[i] = BG_TA_INVALID;
          continue;
        }
      take_successors (s, &seen, mover, other, out, &succ);
      if (succ.win != G_MAXUINT)
        {
          values[i] = (guint8) (succ.win + 1);
          note_ahead (s, succ.win);
          continue;
        }
      g_assert (succ.n_inside < DRAW_EXIT);
      s->counters[l][i] = (guint8) (succ.n_inside | (succ.draw ? DRAW_EXIT : 0));
      s->exit_loss[l][i] = (guint8) succ.loss;
      if (succ.n_inside == 0 && !succ.draw)
        {
          /* No move at all (lost now), or only removals that lose. */
          values[i] = (guint8) (succ.loss + 1);
          note_ahead (s, succ.loss);
        }
    }
  return 0;
}

/* The retrograde passes */

/* The positions before the last move of the player who is not to move: he moved a piece
 * from an empty point to one of his that closes no mill. Indices of the other layer. */
static guint
predecessors (Solver  *s,
              Seen    *seen,
              guint32  mover,
              guint32  other,
              guint64 *out)
{
  Variant variant = (Variant) s->table->variant;
  guint32 empty = ALL_POINTS & ~(mover | other);
  gboolean flies = bg_marelle_popcount32 (other) <= bg_marelle_fly_limit[variant];
  guint n = 0;

  for (guint32 m = other; m != 0; m &= m - 1)
    {
      int to = __builtin_ctz (m);
      guint32 from = flies ? empty : bg_marelle_adjacent[variant][to] & empty;

      if (bg_marelle_forms_mill (other, to))
        continue;
      for (; from != 0; from &= from - 1)
        out[n++] = bg_endgame_index_encode (s->index, (other ^ (1u << to)) | (from & -from),
                                            mover);
    }
  return keep_distinct (seen, out, n);
}

static guint64
retro_chunk (gpointer data,
             guint64  begin,
             guint64  end)
{
  Solver *s = data;
  guint l = s->layer, a = ENDGAME_LAYER_A (l), b = ENDGAME_LAYER_B (l);
  guint up = ENDGAME_LAYER (b, a);
  const guint8 *values = s->table->values[l];
  guint8 *up_values = s->table->values[up], *counters = s->counters[up];
  guint8 current = (guint8) (s->distance + 1), next = current + 1;
  gboolean lost = (s->distance & 1) == 0;
  guint64 out[MAX_MOVES];
  Seen seen = { .now = 0 };

  for (guint64 i = begin; i < end; i++)
    {
      guint32 mover, other;
      guint n;

      if (values[i] != current)
        continue;
      bg_endgame_index_decode (s->index, a, b, i, &mover, &other);
      n = predecessors (s, &seen, mover, other, out);
      for (guint j = 0; j < n; j++)
        {
          guint8 *v = &up_values[out[j]];
          guint8 old = __atomic_load_n (v, __ATOMIC_RELAXED);

          if (lost)
            {
              /* Won now, unless won sooner; a win by a removal stored ahead may be
               * overtaken. Threads that race store the same value. */
              if (old == 0 || (((old - 1) & 1) && old > next))
                __atomic_store_n (v, next, __ATOMIC_RELAXED);
            }
          else if (old == 0 && __atomic_sub_fetch (&counters[out[j]], 1, __ATOMIC_RELAXED) == 0)
            {
              guint loss = MAX ((guint) next - 1, (guint) s->exit_loss[up][out[j]]);

              __atomic_store_n (v, (guint8) (loss + 1), __ATOMIC_RELAXED);
              note_ahead (s, loss);
            }
        }
    }
  return 0;
}

static guint64
count_chunk (gpointer data,
             guint64  begin,
             guint64  end)
{
  Solver *s = data;
  const guint8 *values = s->table->values[s->layer];
  guint8 wanted = (guint8) (s->distance + 1);
  guint64 n = 0;

  for (guint64 i = begin; i < end; i++)
    n += values[i] == wanted;
  return n;
}

static gboolean
run (Solver          *s,
     guint            layer,
     BgSolvePassFunc  func,
     guint64         *found,
     GError         **error)
{
  guint64 n;

  s->layer = layer;
  n = bg_solve_pass_run (&s->pass, s->table->sizes[layer], func);
  if (n == G_MAXUINT64)
    return bg_fail (error, BG_ERROR_CANCELLED, _("The solve was cancelled"));
  if (found != NULL)
    *found += n;
  return TRUE;
}

static gboolean
solve_group (Solver   *s,
             guint     group,
             GError  **error)
{
  s->group = group;
  s->max_ahead = 0;
  for (guint l = 0; l < BG_MARELLE_ENDGAME_N_LAYERS; l++)
    if (group & (1u << l))
      {
        s->counters[l] = g_malloc0 (s->table->sizes[l]);
        s->exit_loss[l] = g_malloc0 (s->table->sizes[l]);
        if (!run (s, l, init_chunk, NULL, error))
          return FALSE;
      }
  for (s->distance = 0;; s->distance++)
    {
      guint64 pending = 0;

      for (guint l = 0; l < BG_MARELLE_ENDGAME_N_LAYERS; l++)
        if ((group & (1u << l)) && !run (s, l, count_chunk, &pending, error))
          return FALSE;
      if (pending == 0 && (gint) s->distance >= g_atomic_int_get (&s->max_ahead))
        break;
      if (s->distance + 2 > BG_TA_MAX_VALUE)
        return bg_fail (error, BG_ERROR_BAD_FILE, "distance overflow at %u",
                        s->distance);
      for (guint l = 0; pending > 0 && l < BG_MARELLE_ENDGAME_N_LAYERS; l++)
        if ((group & (1u << l)) && !run (s, l, retro_chunk, NULL, error))
          return FALSE;
    }
  return TRUE;
}

static void
solver_clear (Solver *s)
{
  for (guint l = 0; l < BG_MARELLE_ENDGAME_N_LAYERS; l++)
    {
      g_clear_pointer (&s->counters[l], g_free);
      g_clear_pointer (&s->exit_loss[l], g_free);
    }
}

BgMarelleEndgame *
bg_marelle_endgame_solve (const BgMarelleEndgameOptions *options,
                          GError                       **error)
{
  static const guint groups[] = { 1u << 0, 1u << 1 | 1u << 2, 1u << 3 };
  g_autoptr (BgMarelleEndgame) table = NULL;
  Solver s = { 0 };
  gboolean ok = TRUE;

  g_return_val_if_fail (options->variant <= BG_MARELLE_VARIANT_STANDARD, NULL);
  bg_marelle_tables_init ();
  /* Whole groups only. */
  g_return_val_if_fail (options->n_layers != 2 && options->n_layers <= 4, NULL);
  table = bg_marelle_endgame_new_empty (options->variant, options->n_layers);
  s.table = table;
  s.index = table->index;
  s.pass.n_threads = options->n_threads ? options->n_threads : g_get_num_processors ();
  s.pass.cancel = options->cancel;
  s.pass.data = &s;
  s.pass.chunk_size = CHUNK;
  for (guint g = 0; ok && g < G_N_ELEMENTS (groups); g++)
    {
      if (table->sizes[__builtin_ctz (groups[g])] == 0)
        break;
      ok = solve_group (&s, groups[g], error);
      solver_clear (&s);
    }
  return ok ? g_steal_pointer (&table) : NULL;
}

/* Statistics */

void
bg_marelle_endgame_count (const BgMarelleEndgame *table,
                          BgMarelleEndgameStats  *stats)
{
  memset (stats, 0, sizeof *stats);
  stats->n_symmetries = bg_endgame_index_get_n_symmetries (table->index);
  for (guint l = 0; l < BG_MARELLE_ENDGAME_N_LAYERS; l++)
    {
      BgMarelleEndgameLayerStats *ls = &stats->layers[l];
      guint a = ENDGAME_LAYER_A (l), b = ENDGAME_LAYER_B (l);

      ls->a = a;
      ls->b = b;
      ls->entries = table->sizes[l];
      for (guint64 i = 0; i < table->sizes[l]; i++)
        {
          guint8 v = table->values[l][i];
          guint32 mover, other;
          guint orbit;

          if (v == BG_TA_INVALID)
            continue;
          bg_endgame_index_decode (table->index, a, b, i, &mover, &other);
          orbit = bg_endgame_index_orbit (table->index, mover, other);
          if (v == 0)
            {
              ls->drawn++;
              ls->all_drawn += orbit;
              continue;
            }
          ls->max_distance = MAX (ls->max_distance, (guint) v - 1);
          if ((v - 1) & 1)
            {
              ls->won++;
              ls->all_won += orbit;
            }
          else
            {
              ls->lost++;
              ls->all_lost += orbit;
            }
        }
    }
}
