/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-search-core.c: the search object, its shared table, threads and stop conditions */

#include "bg-search-core.h"
#include "bg-search.h"

#include <stdlib.h>
#include <string.h>

#define TT_BITS 20
#define BUSY_BITS 12
#define SCORE_BIAS (1 << 21)

/* Two words: lock = key ^ data,
 * data = move | score + bias << 32 | depth << 54 | generation << 60 | flag << 62.
 * A reader that sees one word of an entry and one of another finds lock ^ data != key. */
typedef struct
{
  guint64 lock;
  guint64 data;
} TTEntry;

G_STATIC_ASSERT (BG_SCORE_WIN + 1 < SCORE_BIAS);

struct _BgSearch
{
  TTEntry *tt;
  guint tt_mask;               /* entries - 1, a power of two less one */
  gint stop;                   /* atomic: set by bg_search_cancel() */
  const gint *cancel;          /* atomic: BgSearchLimits.cancel of the running search */
  gint helpers_stop;           /* atomic: the main thread has finished */
  guint64 shared_nodes;        /* atomic: the nodes polled by every thread */
  guint64 node_limit;
  gint64 deadline;             /* monotonic time, or 0 */
  gboolean stopped;            /* thread 0 only: bg_search_should_stop() answered TRUE */
  const BgRules *rules;        /* the rules the table was filled for */
  guint n_threads;             /* of the running search */
  guint64 *busy;               /* atomic: the keys of nodes being searched (work sharing) */
  guint generation;            /* of the running search, 0 to 3, stored in the entries */
  gboolean one_slot;           /* BG_SEARCH_FEATURE_TT_BUCKETS off: one slot a key */

  gpointer scratch[BG_SEARCH_MAX_THREADS];
  gsize scratch_size[BG_SEARCH_MAX_THREADS];
};

BgSearch *
bg_search_new (void)
{
  return bg_search_new_with_table (TT_BITS);
}

BgSearch *
bg_search_new_with_table (guint bits)
{
  BgSearch *search = g_new0 (BgSearch, 1);

  bits = CLAMP (bits, 10, 26);
  search->tt_mask = (1u << bits) - 1;
  search->tt = g_new0 (TTEntry, (gsize) search->tt_mask + 1);
  search->busy = g_new0 (guint64, 1u << BUSY_BITS);
  search->n_threads = 1;
  return search;
}

void
bg_search_free (BgSearch *search)
{
  if (search == NULL)
    return;
  g_free (search->tt);
  g_free (search->busy);
  for (guint i = 0; i < BG_SEARCH_MAX_THREADS; i++)
    g_free (search->scratch[i]);
  g_free (search);
}

void
bg_search_clear (BgSearch *search)
{
  memset (search->tt, 0, sizeof (TTEntry) * ((gsize) search->tt_mask + 1));
}

void
bg_search_cancel (BgSearch *search)
{
  g_atomic_int_set (&search->stop, 1);
}

void
bg_search_set_rules (BgSearch      *search,
                     const BgRules *rules)
{
  if (search->rules != rules && search->rules != NULL)
    bg_search_clear (search);
  search->rules = rules;
}

guint
bg_search_resolve_threads (const BgSearchLimits *limits)
{
  guint n = limits->threads;

  if (n == 0)
    {
      const char *env = g_getenv ("BG_SEARCH_THREADS");
      guint64 v;

      if (env != NULL && g_ascii_string_to_unsigned (env, 10, 1, BG_SEARCH_MAX_THREADS, &v, NULL))
        n = (guint) v;
      else
        n = g_get_num_processors ();
    }
  return CLAMP (n, 1, BG_SEARCH_MAX_THREADS);
}

/* Table */

static inline TTEntry *
tt_entry (BgSearch *search,
          guint64   key)
{
  return &search->tt[key & search->tt_mask & (search->one_slot ? ~(guint64) 0 : ~(guint64) 1)];
}

void
bg_tt_prefetch (BgSearch *search,
                guint64   key)
{
  __builtin_prefetch (tt_entry (search, key));
}

/* An entry's score, depth, generation and flag. */
#define DATA_DEPTH(d) ((int) (((d) >> 54) & 0x3f))
#define DATA_GEN(d) ((guint) (((d) >> 60) & 3))

static gboolean
tt_read (TTEntry  *e,
         guint64   key,
         guint64  *data)
{
  guint64 lock = __atomic_load_n (&e->lock, __ATOMIC_RELAXED);

  *data = __atomic_load_n (&e->data, __ATOMIC_RELAXED);
  return (lock ^ *data) == key && *data != 0;
}

gboolean
bg_tt_probe (BgSearch *search,
             guint64   key,
             guint     ply,
             BgTTHit  *hit)
{
  TTEntry *e = tt_entry (search, key);
  guint64 data;
  int score;

  /* Two slots a key (when the table has buckets): the deeper bound, and the latest. */
  if (!tt_read (e, key, &data) && (search->one_slot || !tt_read (e + 1, key, &data)))
    return FALSE;
  score = (int) ((data >> 32) & ((1u << 22) - 1)) - SCORE_BIAS;
  /* Mate scores are stored from the entry's position, read back from the probing ply. */
  if (score > BG_SCORE_WIN_MIN)
    score -= (int) ply;
  else if (score < -BG_SCORE_WIN_MIN)
    score += (int) ply;
  hit->move = (BgMove) data;
  hit->score = score;
  hit->depth = DATA_DEPTH (data);
  hit->flag = (BgTTFlag) (data >> 62);
  return TRUE;
}

static void
tt_write (TTEntry *e,
          guint64  key,
          guint64  data)
{
  __atomic_store_n (&e->data, data, __ATOMIC_RELAXED);
  __atomic_store_n (&e->lock, key ^ data, __ATOMIC_RELAXED);
}

void
bg_tt_store (BgSearch *search,
             guint64   key,
             BgMove    move,
             int       score,
             int       depth,
             BgTTFlag  flag,
             guint     ply)
{
  TTEntry *e = tt_entry (search, key);
  guint64 old_data, data;
  gboolean same = tt_read (e, key, &old_data);

  if (score > BG_SCORE_WIN_MIN)
    score += (int) ply;
  else if (score < -BG_SCORE_WIN_MIN)
    score -= (int) ply;
  depth = CLAMP (depth, 0, 63);
  data = (guint64) move | (guint64) (score + SCORE_BIAS) << 32 | (guint64) depth << 54
         | (guint64) search->generation << 60 | (guint64) flag << 62;
  if (search->one_slot)
    {
      /* Replace unless the slot holds a deeper result for the same position. */
      if (!same || DATA_DEPTH (old_data) <= depth || flag == BG_TT_EXACT)
        tt_write (e, key, data);
      return;
    }
  /* The first slot keeps the deepest result of this search (or a result of the same
   * position); anything else goes to the second, which always takes the latest. */
  if (same || old_data == 0 || DATA_GEN (old_data) != search->generation
      || DATA_DEPTH (old_data) <= depth)
    {
      if (!same || DATA_DEPTH (old_data) <= depth || flag == BG_TT_EXACT)
        tt_write (e, key, data);
    }
  else
    tt_write (e + 1, key, data);
}

/* Work sharing. Threads that only share the table search much the same tree at the same
 * time; a thread that marks the node it enters lets the others leave that move for later
 * and search its siblings first (after ABDADA, Weill 1996). A clash of two keys in the
 * small table only reorders moves. */

static inline guint64 *
busy_slot (BgSearch *search,
           guint64   key)
{
  return &search->busy[(key >> 20) & ((1u << BUSY_BITS) - 1)];
}

gboolean
bg_search_shares_work (BgSearch *search)
{
  return search->n_threads > 1;
}

gboolean
bg_search_busy (BgSearch *search,
                guint64   key)
{
  return __atomic_load_n (busy_slot (search, key), __ATOMIC_RELAXED) == key;
}

void
bg_search_busy_enter (BgSearch *search,
                      guint64   key)
{
  __atomic_store_n (busy_slot (search, key), key, __ATOMIC_RELAXED);
}

void
bg_search_busy_leave (BgSearch *search,
                      guint64   key)
{
  guint64 expected = key;

  __atomic_compare_exchange_n (busy_slot (search, key), &expected, 0, FALSE,
                               __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

/* Stop conditions and threads */

void
bg_search_begin (BgSearch             *search,
                 const BgSearchLimits *limits)
{
  g_atomic_int_set (&search->stop, 0);
  g_atomic_int_set (&search->helpers_stop, 0);
  __atomic_store_n (&search->shared_nodes, 0, __ATOMIC_RELAXED);
  search->node_limit = limits->node_limit;
  search->cancel = limits->cancel;
  search->deadline = limits->time_limit_ms > 0
                     ? g_get_monotonic_time () + limits->time_limit_ms * 1000 : 0;
  search->stopped = FALSE;
  search->generation = (search->generation + 1) & 3;
  search->one_slot = (limits->features_off & BG_SEARCH_FEATURE_TT_BUCKETS) != 0;
}

guint64
bg_search_nodes_polled (BgSearch *search)
{
  return __atomic_load_n (&search->shared_nodes, __ATOMIC_RELAXED);
}

gint64
bg_search_deadline (BgSearch *search)
{
  return search->deadline;
}

gboolean
bg_search_poll (BgSearch *search,
                guint     thread,
                guint64   nodes)
{
  guint64 total = __atomic_add_fetch (&search->shared_nodes, nodes, __ATOMIC_RELAXED);

  if (g_atomic_int_get (&search->stop))
    return TRUE;
  if (search->cancel != NULL && g_atomic_int_get (search->cancel))
    return TRUE;
  if (thread > 0 && g_atomic_int_get (&search->helpers_stop))
    return TRUE;
  if (search->node_limit && total >= search->node_limit)
    return TRUE;
  return search->deadline && g_get_monotonic_time () >= search->deadline;
}

gboolean
bg_search_should_stop (BgSearch *search)
{
  if (!search->stopped && bg_search_poll (search, 0, 0))
    search->stopped = TRUE;
  return search->stopped;
}

gpointer
bg_search_thread_scratch (BgSearch *search,
                          guint     thread,
                          gsize     size)
{
  g_return_val_if_fail (thread < BG_SEARCH_MAX_THREADS, NULL);
  if (search->scratch_size[thread] < size)
    {
      g_free (search->scratch[thread]);
      search->scratch[thread] = g_malloc (size);
      search->scratch_size[thread] = size;
    }
  return search->scratch[thread];
}

gpointer
bg_search_get_scratch (BgSearch *search,
                       gsize     size)
{
  return bg_search_thread_scratch (search, 0, size);
}

typedef struct
{
  BgSearch *search;
  guint thread;
  BgSearchThreadFunc func;
  gpointer data;
} Helper;

static gpointer
helper_main (gpointer data)
{
  Helper *h = data;

  h->func (h->search, h->thread, h->data);
  return NULL;
}

void
bg_search_run_threads (BgSearch           *search,
                       guint               n_threads,
                       BgSearchThreadFunc  func,
                       gpointer            data)
{
  Helper helpers[BG_SEARCH_MAX_THREADS];
  GThread *threads[BG_SEARCH_MAX_THREADS];

  n_threads = CLAMP (n_threads, 1, BG_SEARCH_MAX_THREADS);
  search->n_threads = n_threads;
  if (n_threads > 1)
    memset (search->busy, 0, sizeof (guint64) << BUSY_BITS);
  for (guint i = 1; i < n_threads; i++)
    {
      helpers[i] = (Helper) { search, i, func, data };
      threads[i] = g_thread_new ("bg-search", helper_main, &helpers[i]);
    }
  func (search, 0, data);
  g_atomic_int_set (&search->helpers_stop, 1);
  for (guint i = 1; i < n_threads; i++)
    g_thread_join (threads[i]);
  search->n_threads = 1;
}

guint
bg_search_filter_root (const BgSearchLimits *limits,
                       BgMove               *moves,
                       guint                 n)
{
  guint kept = 0;

  if (limits->n_root_moves == 0)
    return n;
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < limits->n_root_moves; j++)
      if (limits->root_moves[j] == moves[i])
        {
          moves[kept++] = moves[i];
          break;
        }
  return kept > 0 ? kept : n;
}

int
bg_search_pick_varied (const int *scores,
                       guint      n,
                       int        margin,
                       guint32    seed)
{
  int best = 0, count = 0, pick;

  for (guint i = 1; i < n; i++)
    if (scores[i] > scores[best])
      best = (int) i;
  if (margin <= 0 || ABS (scores[best]) > BG_SCORE_WIN_MIN)
    return best;
  for (guint i = 0; i < n; i++)
    count += scores[i] >= scores[best] - margin;
  pick = (int) (seed % (guint32) count);
  for (guint i = 0; i < n; i++)
    if (scores[i] >= scores[best] - margin && pick-- == 0)
      return (int) i;
  return best;
}

/* Levels */

void
bg_search_limits_for_level (int             level,
                            BgSearchLimits *limits)
{
  static const struct
  {
    guint depth;
    gint64 time_ms;
    int noise;
    int vary;
  } levels[] = {
    { 1, 1000, 400, 0 },    /* beginner: looks one move ahead, and not carefully */
    { 2, 1000, 150, 0 },    /* easy */
    { 3, 1000, 40, 0 },     /* medium */
    { 5, 1500, 0, 20 },     /* hard */
    { 7, 3000, 0, 10 },     /* strong */
    { BG_SEARCH_MAX_PLY - 1, 6000, 0, 0 },  /* expert */
  };
  /* Medium, hard and strong were 4, 6 and 10 plies deep: hard and strong came out even in
   * the tournament (boardgames-engine tournament marelle), medium and hard nearly so in
   * La Triple Alliance, so they moved apart. */
  int i = CLAMP (level, BG_LEVEL_MIN, BG_LEVEL_MAX) - BG_LEVEL_MIN;

  memset (limits, 0, sizeof *limits);
  /* The perfect level searches as the strongest where no table plays for it. */
  limits->level = level == BG_LEVEL_PERFECT ? level : i + BG_LEVEL_MIN;
  limits->max_depth = levels[i].depth;
  limits->time_limit_ms = levels[i].time_ms;
  limits->noise = levels[i].noise;
  limits->vary = levels[i].vary;
}

const char *
bg_search_level_name (int level)
{
  static const char *const names[] = {
    "beginner", "easy", "medium", "hard", "strong", "expert",
  };

  if (level == BG_LEVEL_PERFECT)
    return "perfect";
  return names[CLAMP (level, BG_LEVEL_MIN, BG_LEVEL_MAX) - BG_LEVEL_MIN];
}
