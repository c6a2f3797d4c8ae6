/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-search-core.h: what the searches of libboardgames share (private to the library)
 *
 * The transposition table, shared by every thread of a search (lock-free: an entry is two
 * 64-bit words, the first stored xor the second, so a torn entry never matches a key), the
 * helper threads of Lazy SMP, and the stop conditions (cancel, time, nodes) they poll.
 * bg-search.c (two players) and bg-trichess-search.c (three) are built on it.
 */
#pragma once

#include "bg-rules.h"

G_BEGIN_DECLS

/* Moves the best remaining move of moves[i..n) by order to index i and returns it: a
 * selection sort one step at a time, since a cut-off usually comes within the first few
 * moves (both searches). */
static inline BgMove
bg_search_pick_move (BgMove *moves,
                     gint32 *order,
                     guint   i,
                     guint   n)
{
  guint best = i;

  for (guint j = i + 1; j < n; j++)
    if (order[j] > order[best])
      best = j;
  if (best != i)
    {
      BgMove m = moves[i];
      gint32 o = order[i];

      moves[i] = moves[best];
      order[i] = order[best];
      moves[best] = m;
      order[best] = o;
    }
  return moves[i];
}

#define BG_SEARCH_MAX_THREADS 16

typedef enum
{
  BG_TT_EXACT,
  BG_TT_LOWER,
  BG_TT_UPPER,
} BgTTFlag;

typedef struct
{
  BgMove move;
  int score;      /* already brought back to the probing ply */
  int depth;
  BgTTFlag flag;
} BgTTHit;

/* The number of threads limits asks for: limits->threads, or when 0 the BG_SEARCH_THREADS
 * environment variable, or the number of processors. */
guint    bg_search_resolve_threads (const BgSearchLimits *limits);

gboolean bg_tt_probe               (BgSearch             *search,
                                    guint64               key,
                                    guint                 ply,
                                    BgTTHit              *hit);
void     bg_tt_prefetch            (BgSearch             *search,
                                    guint64               key);
void     bg_tt_store               (BgSearch             *search,
                                    guint64               key,
                                    BgMove                move,
                                    int                   score,
                                    int                   depth,
                                    BgTTFlag              flag,
                                    guint                 ply);

/* Clears the table when the search last ran on other rules. */
void     bg_search_set_rules       (BgSearch             *search,
                                    const BgRules        *rules);

/* Per-thread memory kept from one run to the next (uninitialised); thread 0's is
 * bg_search_get_scratch(). */
gpointer bg_search_thread_scratch  (BgSearch             *search,
                                    guint                 thread,
                                    gsize                 size);

/* Work sharing between threads (bg-search-core.c): from this depth a search leaves a move
 * into a busy node for later, up to this many moves a node. */
#define BG_SEARCH_SHARE_DEPTH 3
#define BG_SEARCH_MAX_DEFERRED 32

gboolean bg_search_shares_work     (BgSearch             *search);
gboolean bg_search_busy            (BgSearch             *search,
                                    guint64               key);
void     bg_search_busy_enter      (BgSearch             *search,
                                    guint64               key);
void     bg_search_busy_leave      (BgSearch             *search,
                                    guint64               key);

/* Whether a thread of the running search must stop: cancelled, out of time or nodes, or
 * (for a helper) the main thread has finished. nodes is the count of the calling thread
 * since its last poll; it is added to the total the node limit is checked against. */
gboolean bg_search_poll            (BgSearch             *search,
                                    guint                 thread,
                                    guint64               nodes);
/* The monotonic time the search must end by, or 0. */
gint64   bg_search_deadline        (BgSearch             *search);
/* The nodes every thread has reported to bg_search_poll() so far in this search. */
guint64  bg_search_nodes_polled    (BgSearch             *search);

typedef void (*BgSearchThreadFunc) (BgSearch *search,
                                    guint     thread,
                                    gpointer  data);

/* Runs func (search, 0, data) in the calling thread and func (search, i, data) for i in
 * 1 .. n_threads - 1 in helper threads; when thread 0 returns, the helpers are told to stop
 * and joined. */
void     bg_search_run_threads     (BgSearch             *search,
                                    guint                 n_threads,
                                    BgSearchThreadFunc    func,
                                    gpointer              data);

/* The root filter (BgSearchLimits.root_moves): keeps, in place and in order, the moves of
 * moves[0..n) that limits lists, and returns how many; n (all of them) when it lists none
 * of them or nothing. */
guint    bg_search_filter_root     (const BgSearchLimits *limits,
                                    BgMove               *moves,
                                    guint                 n);

/* Varied play: the index of one of the n scores within margin of the best, drawn from
 * seed (the first best one when margin is 0). */
int      bg_search_pick_varied     (const int            *scores,
                                    guint                 n,
                                    int                   margin,
                                    guint32               seed);

G_END_DECLS
