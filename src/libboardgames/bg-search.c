/* bg-search.c: iterative-deepening alpha-beta for the two-player games */

#include "bg-search.h"

#include <stdlib.h>
#include <string.h>

#define TT_BITS 20
#define HISTORY_SIZE 4096
#define REP_FILTER_SIZE 4096
#define SCORE_INF (BG_SCORE_WIN + 1)
#define CHECK_INTERVAL 1023
#define SORTED_MOVES 6

typedef enum
{
  TT_EXACT,
  TT_LOWER,
  TT_UPPER,
} TTFlag;

/* 16 bytes: the index gives the low bits of the key, the entry keeps the high ones. */
typedef struct
{
  guint32 check;
  BgMove move;
  gint32 score;
  guint8 depth;
  guint8 flag;
} TTEntry;

static inline guint32
tt_check (guint64 key)
{
  return (guint32) (key >> 32);
}

struct _BgSearch
{
  TTEntry *tt;
  guint tt_mask;               /* entries - 1, a power of two less one */
  gint stop;                   /* atomic: set by bg_search_cancel() */

  /* State of the running search, sized for the rules it last ran on. */
  const BgRules *rules;
  guint8 *positions;           /* one position per ply */
  BgMove *moves;               /* max_moves per ply */
  gint32 *order;               /* ordering scores, max_moves per ply */
  BgMove killers[BG_SEARCH_MAX_PLY][2];
  guint32 history[HISTORY_SIZE];
  BgMove pv[BG_SEARCH_MAX_PLY][BG_SEARCH_MAX_PLY];
  guint pv_len[BG_SEARCH_MAX_PLY];

  /* The keys of the game so far and of the current search path, for repetitions. */
  GArray *path;
  guint16 rep_filter[REP_FILTER_SIZE];

  gpointer scratch;            /* for a rule set's own player: bg_search_get_scratch() */
  gsize scratch_size;

  guint64 nodes;
  guint64 node_limit;
  gint64 deadline;             /* monotonic time, or 0 */
  gboolean stopped;
};

static inline TTEntry *
tt_entry (BgSearch *search,
          guint64   key)
{
  return &search->tt[key & search->tt_mask];
}

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
  search->path = g_array_new (FALSE, FALSE, sizeof (guint64));
  return search;
}

void
bg_search_free (BgSearch *search)
{
  if (search == NULL)
    return;
  g_free (search->tt);
  g_free (search->positions);
  g_free (search->moves);
  g_free (search->order);
  g_free (search->scratch);
  g_array_unref (search->path);
  g_free (search);
}

void
bg_search_clear (BgSearch *search)
{
  memset (search->tt, 0, sizeof (TTEntry) * ((gsize) search->tt_mask + 1));
  memset (search->history, 0, sizeof search->history);
}

void
bg_search_cancel (BgSearch *search)
{
  g_atomic_int_set (&search->stop, 1);
}

static void
prepare_buffers (BgSearch      *search,
                 const BgRules *rules)
{
  if (search->rules == rules)
    return;
  if (search->rules != NULL)
    bg_search_clear (search);
  search->rules = rules;
  g_free (search->positions);
  g_free (search->moves);
  g_free (search->order);
  search->positions = g_malloc0 ((gsize) (BG_SEARCH_MAX_PLY + 1) * rules->position_size);
  search->moves = g_new (BgMove, (gsize) BG_SEARCH_MAX_PLY * rules->max_moves);
  search->order = g_new (gint32, (gsize) BG_SEARCH_MAX_PLY * rules->max_moves);
}

static inline void *
pos_at (BgSearch *search,
        guint     ply)
{
  return search->positions + (gsize) ply * search->rules->position_size;
}

static inline guint
history_slot (BgMove move)
{
  return (move * 2654435761u) >> 20 & (HISTORY_SIZE - 1);
}

static inline void
path_push (BgSearch *search,
           guint64   key)
{
  g_array_append_val (search->path, key);
  search->rep_filter[key & (REP_FILTER_SIZE - 1)]++;
}

static inline void
path_pop (BgSearch *search)
{
  guint64 key = g_array_index (search->path, guint64, search->path->len - 1);

  search->rep_filter[key & (REP_FILTER_SIZE - 1)]--;
  g_array_set_size (search->path, search->path->len - 1);
}

/* Whether key occurred earlier in the game or on the search path. The filter makes the
 * common case (no possible repetition) cost one memory read. */
static gboolean
path_repeats (BgSearch *search,
              guint64   key)
{
  const guint64 *keys = (const guint64 *) search->path->data;

  if (search->rep_filter[key & (REP_FILTER_SIZE - 1)] == 0)
    return FALSE;
  for (guint i = search->path->len; i-- > 0;)
    if (keys[i] == key)
      return TRUE;
  return FALSE;
}

static gboolean
time_is_up (BgSearch *search)
{
  if (g_atomic_int_get (&search->stop))
    return TRUE;
  if (search->node_limit && search->nodes >= search->node_limit)
    return TRUE;
  return search->deadline && g_get_monotonic_time () >= search->deadline;
}

/* The score of a position with no legal move, for the player to move. */
static int
terminal_score (const BgRules *rules,
                const void    *pos,
                guint          ply)
{
  BgStatus status = rules->rule_status (pos);
  int me = rules->player_to_move (pos);

  if (status.result == BG_RESULT_DRAW)
    return 0;
  if (status.result == BG_RESULT_WIN)
    return status.winner == me ? BG_SCORE_WIN - (int) ply : -(BG_SCORE_WIN - (int) ply);
  return rules->no_move_loses ? -(BG_SCORE_WIN - (int) ply) : 0;
}

static inline int
score_to_tt (int   score,
             guint ply)
{
  if (score > BG_SCORE_WIN_MIN)
    return score + (int) ply;
  if (score < -BG_SCORE_WIN_MIN)
    return score - (int) ply;
  return score;
}

static inline int
score_from_tt (int   score,
               guint ply)
{
  if (score > BG_SCORE_WIN_MIN)
    return score - (int) ply;
  if (score < -BG_SCORE_WIN_MIN)
    return score + (int) ply;
  return score;
}

static void
score_moves (BgSearch *search,
             guint     ply,
             guint     n,
             BgMove    tt_move)
{
  BgMove *moves = search->moves + (gsize) ply * search->rules->max_moves;
  gint32 *order = search->order + (gsize) ply * search->rules->max_moves;

  for (guint i = 0; i < n; i++)
    {
      BgMove m = moves[i];

      if (m == tt_move)
        order[i] = G_MAXINT32;
      else if (m == search->killers[ply][0])
        order[i] = G_MAXINT32 - 1;
      else if (m == search->killers[ply][1])
        order[i] = G_MAXINT32 - 2;
      else
        order[i] = (gint32) MIN (search->history[history_slot (m)], G_MAXINT32 - 3);
    }
}

/* Moves the best remaining move to index i (selection sort, one step at a time, since
 * a cut-off usually comes within the first few moves). */
static BgMove
pick_move (BgSearch *search,
           guint     ply,
           guint     i,
           guint     n)
{
  BgMove *moves = search->moves + (gsize) ply * search->rules->max_moves;
  gint32 *order = search->order + (gsize) ply * search->rules->max_moves;
  guint best = i;

  /* Past the first few moves a cut-off is rare: take the rest in generation order. */
  if (i >= SORTED_MOVES)
    return moves[i];
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

static void
note_cutoff (BgSearch *search,
             guint     ply,
             BgMove    move,
             int       depth)
{
  guint32 *h = &search->history[history_slot (move)];

  if (search->killers[ply][0] != move)
    {
      search->killers[ply][1] = search->killers[ply][0];
      search->killers[ply][0] = move;
    }
  *h += (guint32) (depth * depth);
  if (*h > (1u << 30))
    for (guint i = 0; i < HISTORY_SIZE; i++)
      search->history[i] >>= 1;
}

static void
update_pv (BgSearch *search,
           guint     ply,
           BgMove    move)
{
  guint child = ply + 1 < BG_SEARCH_MAX_PLY ? search->pv_len[ply + 1] : 0;

  search->pv[ply][0] = move;
  if (child > BG_SEARCH_MAX_PLY - 1)
    child = BG_SEARCH_MAX_PLY - 1;
  memcpy (&search->pv[ply][1], search->pv[ply + 1], child * sizeof (BgMove));
  search->pv_len[ply] = child + 1;
}

static void
tt_store (BgSearch *search,
          guint64   key,
          BgMove    move,
          int       score,
          int       depth,
          TTFlag    flag,
          guint     ply)
{
  TTEntry *e = tt_entry (search, key);

  /* Replace unless the slot holds a deeper result for the same position. */
  if (e->check == tt_check (key) && e->depth > depth && flag != TT_EXACT)
    return;
  e->check = tt_check (key);
  e->move = move;
  e->score = score_to_tt (score, ply);
  e->depth = (guint8) depth;
  e->flag = flag;
}

static int
negamax (BgSearch *search,
         guint     ply,
         int       depth,
         int       alpha,
         int       beta)
{
  const BgRules *rules = search->rules;
  void *pos = pos_at (search, ply);
  BgMove *moves = search->moves + (gsize) ply * rules->max_moves;
  guint64 key = rules->key (pos);
  int orig_alpha = alpha, best = -SCORE_INF;
  BgMove tt_move = BG_MOVE_NONE, best_move = BG_MOVE_NONE;
  TTEntry *e;
  guint n;

  search->pv_len[ply] = 0;
  if ((++search->nodes & CHECK_INTERVAL) == 0 && time_is_up (search))
    search->stopped = TRUE;
  if (search->stopped)
    return 0;
  if (path_repeats (search, key))
    return 0;

  /* At the horizon only a result by rule is looked for: generating every move to find
   * a blocked player costs more than it finds, and the evaluation counts mobility. */
  if (depth <= 0 || ply >= BG_SEARCH_MAX_PLY - 1)
    {
      if (rules->rule_status (pos).result != BG_RESULT_ONGOING)
        return terminal_score (rules, pos, ply);
      return rules->evaluate (pos, rules->player_to_move (pos));
    }

  e = tt_entry (search, key);
  __builtin_prefetch (e);
  n = rules->legal_moves (pos, moves);
  if (n == 0)
    return terminal_score (rules, pos, ply);

  if (e->check == tt_check (key))
    {
      int tt_score = score_from_tt (e->score, ply);

      tt_move = e->move;
      if (e->depth >= depth)
        {
          if (e->flag == TT_EXACT)
            return tt_score;
          if (e->flag == TT_LOWER && tt_score >= beta)
            return tt_score;
          if (e->flag == TT_UPPER && tt_score <= alpha)
            return tt_score;
        }
    }

  score_moves (search, ply, n, tt_move);
  path_push (search, key);
  for (guint i = 0; i < n; i++)
    {
      BgMove m = pick_move (search, ply, i, n);
      void *child = pos_at (search, ply + 1);
      int score;

      memcpy (child, pos, rules->position_size);
      rules->play (child, m);
      if (i == 0)
        score = -negamax (search, ply + 1, depth - 1, -beta, -alpha);
      else
        {
          score = -negamax (search, ply + 1, depth - 1, -alpha - 1, -alpha);
          if (score > alpha && score < beta)
            score = -negamax (search, ply + 1, depth - 1, -beta, -alpha);
        }
      if (search->stopped)
        break;
      if (score > best)
        {
          best = score;
          best_move = m;
          if (score > alpha)
            {
              alpha = score;
              update_pv (search, ply, m);
              if (alpha >= beta)
                {
                  note_cutoff (search, ply, m, depth);
                  break;
                }
            }
        }
    }
  path_pop (search);
  if (search->stopped)
    return 0;

  tt_store (search, key, best_move, best, depth,
            best >= beta ? TT_LOWER : best > orig_alpha ? TT_EXACT : TT_UPPER, ply);
  return best;
}

typedef struct
{
  BgMove move;
  int score;      /* the last completed search of this move */
  int noise;
} RootMove;

static int
compare_root (const void *a,
              const void *b)
{
  const RootMove *x = a, *y = b;
  int sx = x->score + x->noise, sy = y->score + y->noise;

  return (sy > sx) - (sy < sx);
}

/* One iteration at the root. With noise every move gets an exact score, so the weak
 * levels can pick among them; otherwise it is a principal variation search. Returns
 * the index of the best move found, or -1 if stopped before the first one finished. */
static int
search_root (BgSearch *search,
             RootMove *root,
             guint     n,
             int       depth,
             gboolean  noisy)
{
  const BgRules *rules = search->rules;
  void *pos = pos_at (search, 0);
  int alpha = -SCORE_INF, best = -1, best_total = -SCORE_INF;

  path_push (search, rules->key (pos));
  for (guint i = 0; i < n; i++)
    {
      void *child = pos_at (search, 1);
      int score;

      memcpy (child, pos, rules->position_size);
      rules->play (child, root[i].move);
      if (i == 0 || noisy)
        score = -negamax (search, 1, depth - 1, -SCORE_INF, noisy ? SCORE_INF : -alpha);
      else
        {
          score = -negamax (search, 1, depth - 1, -alpha - 1, -alpha);
          if (score > alpha && !search->stopped)
            score = -negamax (search, 1, depth - 1, -SCORE_INF, -alpha);
        }
      if (search->stopped)
        break;
      root[i].score = score;
      /* Noise never makes a weak level prefer a slower win or a quicker loss. */
      if (ABS (score) > BG_SCORE_WIN_MIN)
        root[i].noise = 0;
      if (score + root[i].noise > best_total)
        {
          best_total = score + root[i].noise;
          best = (int) i;
          update_pv (search, 0, root[i].move);
        }
      alpha = MAX (alpha, score);
    }
  path_pop (search);
  return best;
}

static void
prepare_path (BgSearch     *search,
              const BgGame *game)
{
  guint n_keys;
  const guint64 *keys = bg_game_get_keys (game, &n_keys);

  g_array_set_size (search->path, 0);
  memset (search->rep_filter, 0, sizeof search->rep_filter);
  /* The current position is pushed by the root itself. */
  for (guint i = 0; i + 1 < n_keys; i++)
    path_push (search, keys[i]);
}

static guint
init_root (BgSearch             *search,
           const BgGame         *game,
           const BgSearchLimits *limits,
           RootMove             *root)
{
  g_autoptr (GArray) moves = bg_game_get_legal_moves (game);
  GRand *rand = limits->seed ? g_rand_new_with_seed (limits->seed) : g_rand_new ();

  for (guint i = 0; i < moves->len; i++)
    {
      root[i].move = g_array_index (moves, BgMove, i);
      root[i].score = 0;
      root[i].noise = limits->noise > 0 ? g_rand_int_range (rand, 0, limits->noise + 1) : 0;
    }
  g_rand_free (rand);
  return moves->len;
}

static void
fill_result (BgSearch       *search,
             BgSearchResult *result,
             const RootMove *best,
             guint           depth,
             gint64          start)
{
  result->move = best->move;
  result->score = best->score;
  result->depth = depth;
  result->nodes = search->nodes;
  result->time_us = g_get_monotonic_time () - start;
  result->pv_len = search->pv_len[0];
  memcpy (result->pv, search->pv[0], result->pv_len * sizeof (BgMove));
  if (result->pv_len == 0 || result->pv[0] != best->move)
    {
      result->pv[0] = best->move;
      result->pv_len = 1;
    }
}

void
bg_search_begin (BgSearch             *search,
                 const BgSearchLimits *limits)
{
  g_atomic_int_set (&search->stop, 0);
  search->nodes = 0;
  search->node_limit = limits->node_limit;
  search->deadline = limits->time_limit_ms > 0
                     ? g_get_monotonic_time () + limits->time_limit_ms * 1000 : 0;
  search->stopped = FALSE;
}

gpointer
bg_search_get_scratch (BgSearch *search,
                       gsize     size)
{
  if (search->scratch_size < size)
    {
      g_free (search->scratch);
      search->scratch = g_malloc (size);
      search->scratch_size = size;
    }
  return search->scratch;
}

gboolean
bg_search_should_stop (BgSearch *search)
{
  if (!search->stopped && time_is_up (search))
    search->stopped = TRUE;
  return search->stopped;
}

/* The shared alpha-beta player, once the search has begun. */
static gboolean
run_alphabeta (BgSearch             *search,
               const BgGame         *game,
               const BgSearchLimits *limits,
               BgSearchResult       *result,
               gint64                start)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autofree RootMove *root = NULL;
  guint n, max_depth = CLAMP (limits->max_depth, 1, BG_SEARCH_MAX_PLY - 1);
  gboolean noisy = limits->noise > 0;

  prepare_buffers (search, rules);
  memcpy (pos_at (search, 0), bg_game_get_position (game), rules->position_size);
  prepare_path (search, game);
  memset (search->killers, 0xff, sizeof search->killers);

  root = g_new (RootMove, rules->max_moves);
  n = init_root (search, game, limits, root);
  /* A move is always ready, whatever happens to the search. */
  fill_result (search, result, &root[0], 0, start);

  for (guint depth = 1; depth <= max_depth && n > 1; depth++)
    {
      int best = search_root (search, root, n, (int) depth, noisy);
      RootMove chosen;

      if (best < 0)
        break;
      chosen = root[best];
      /* Keep the best move first for the next iteration. */
      memmove (&root[1], &root[0], (gsize) best * sizeof (RootMove));
      root[0] = chosen;
      if (!search->stopped)
        {
          if (!noisy)
            qsort (&root[1], n - 1, sizeof (RootMove), compare_root);
          fill_result (search, result, &chosen, depth, start);
        }
      else
        {
          fill_result (search, result, &chosen, depth - 1, start);
          break;
        }
      if (ABS (chosen.score) > BG_SCORE_WIN_MIN && !noisy)
        break;
      /* An iteration costs several times the one before: do not start one that cannot end. */
      if (search->deadline && g_get_monotonic_time () - start > (search->deadline - start) / 2)
        break;
    }
  result->nodes = search->nodes;
  result->time_us = g_get_monotonic_time () - start;
  return TRUE;
}

gboolean
bg_search_run (BgSearch             *search,
               const BgGame         *game,
               const BgSearchLimits *limits,
               BgSearchResult       *result)
{
  const BgRules *rules = bg_game_get_rules (game);
  gint64 start = g_get_monotonic_time ();

  memset (result, 0, sizeof *result);
  if (bg_game_is_over (game))
    return FALSE;
  bg_search_begin (search, limits);
  if (rules->search != NULL)
    {
      gboolean ok = rules->search (search, game, limits, result);

      result->time_us = g_get_monotonic_time () - start;
      g_return_val_if_fail (!ok || bg_game_is_legal (game, result->move), FALSE);
      return ok;
    }
  return run_alphabeta (search, game, limits, result, start);
}

gboolean
bg_search_run_alphabeta (BgSearch             *search,
                         const BgGame         *game,
                         const BgSearchLimits *limits,
                         BgSearchResult       *result)
{
  memset (result, 0, sizeof *result);
  if (bg_game_is_over (game))
    return FALSE;
  return run_alphabeta (search, game, limits, result, g_get_monotonic_time ());
}

void
bg_search_limits_for_level (int             level,
                            BgSearchLimits *limits)
{
  static const struct
  {
    guint depth;
    gint64 time_ms;
    int noise;
  } levels[] = {
    { 1, 1000, 400 },    /* beginner: looks one move ahead, and not carefully */
    { 2, 1000, 150 },    /* easy */
    { 4, 1000, 40 },     /* medium */
    { 6, 1500, 0 },      /* hard */
    { 10, 3000, 0 },     /* strong */
    { BG_SEARCH_MAX_PLY - 1, 6000, 0 },  /* expert */
  };
  int i = CLAMP (level, BG_LEVEL_MIN, BG_LEVEL_MAX) - BG_LEVEL_MIN;

  memset (limits, 0, sizeof *limits);
  /* The perfect level searches as the strongest where no table plays for it. */
  limits->level = level == BG_LEVEL_PERFECT ? level : i + BG_LEVEL_MIN;
  limits->max_depth = levels[i].depth;
  limits->time_limit_ms = levels[i].time_ms;
  limits->noise = levels[i].noise;
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

gboolean
bg_search_accepts_draw (BgSearch     *search,
                        const BgGame *game,
                        int           player)
{
  BgSearchLimits limits = { .max_depth = 6, .time_limit_ms = 500 };
  BgSearchResult result;
  int score;

  if (!bg_search_run (search, game, &limits, &result))
    return TRUE;
  score = bg_game_get_player_to_move (game) == player ? result.score : -result.score;
  return score <= 0;
}
