/* SPDX-License-Identifier: GPL-3.0-or-later */
/* baseline-search.c: level 6 of commit 77a6e41 for the morris games, kept as a measuring stick
 *
 * A copy, one thread only, of that commit's bg-search.c (iterative deepening, principal
 * variation search, a 2^20-entry table replaced unless it holds a deeper bound, two killers
 * and a history table, repetitions on the path score 0), of its Marelle move generation (so
 * that a change of the library's move order does not change it) and of its evaluation.
 * Do not improve it: it must keep playing as that level 6 played.
 */

#include "baseline-search.h"

#include "marelle/bg-marelle-private.h"

#include <stdlib.h>
#include <string.h>

#define HISTORY_SIZE 4096
#define REP_FILTER_SIZE 4096
#define SCORE_INF (BG_SCORE_WIN + 1)
#define CHECK_INTERVAL 1023
#define SORTED_MOVES 6
#define TT_BITS 20
#define SCORE_BIAS (1 << 21)
#define MAX_MOVES 512

#define N_MILLS 16
#define NO_POINT 31
#define ALL_POINTS ((guint32) 0xffffffu)
#define MOVE_MAKE(f, t, r) ((BgMove) ((guint) (f) | (guint) (t) << 5 | (guint) (r) << 10))
#define LOWEST(x) __builtin_ctz (x)

typedef enum
{
  TT_EXACT,
  TT_LOWER,
  TT_UPPER,
} TTFlag;

typedef struct
{
  guint64 lock;
  guint64 data;
} TTEntry;

struct _BaselineSearch
{
  TTEntry *tt;
  guint tt_mask;
  const BgRules *rules;
  gint64 deadline;
  guint64 node_limit;
  guint64 polled;              /* nodes counted at the polls, as the library counted them */

  guint8 *positions;
  BgMove *moves;
  gint32 *order;
  BgMove killers[BG_SEARCH_MAX_PLY][2];
  guint32 history[HISTORY_SIZE];
  BgMove pv[BG_SEARCH_MAX_PLY][BG_SEARCH_MAX_PLY];
  guint pv_len[BG_SEARCH_MAX_PLY];
  GArray *path;
  guint16 rep_filter[REP_FILTER_SIZE];
  guint64 nodes;
  gboolean stopped;
};

/* The evaluation and move generation of commit 77a6e41 */

static const guint8 mill_points[N_MILLS][3] = {
  { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 9, 10, 11 },
  { 12, 13, 14 }, { 15, 16, 17 }, { 18, 19, 20 }, { 21, 22, 23 },
  { 0, 9, 21 }, { 3, 10, 18 }, { 6, 11, 15 }, { 1, 4, 7 },
  { 16, 19, 22 }, { 8, 12, 17 }, { 5, 13, 20 }, { 2, 14, 23 },
};

static const int fly_limit[2] = { 4, 3 };
static guint32 mill_masks[N_MILLS];
static guint32 point_mill_rest[N_POINTS][2];

static void
tables_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      guint n_rest[N_POINTS] = { 0 };

      bg_marelle_tables_init ();
      for (int m = 0; m < N_MILLS; m++)
        {
          const guint8 *p = mill_points[m];

          mill_masks[m] = 1u << p[0] | 1u << p[1] | 1u << p[2];
          for (int i = 0; i < 3; i++)
            point_mill_rest[p[i]][n_rest[p[i]]++] = mill_masks[m] & ~(1u << p[i]);
        }
      g_once_init_leave (&done, 1);
    }
}

static int
step_targets (const MarellePos *pos,
              guint32           own,
              guint32           empty)
{
  guint32 reach = 0;

  for (guint32 f = own; f != 0; f &= f - 1)
    reach |= bg_marelle_adjacent[pos->variant][LOWEST (f)];
  return bg_marelle_popcount32 (reach & empty);
}

static int
evaluate_player (const MarellePos *pos,
                 int               pl,
                 guint32           empty)
{
  guint32 own = pos->board[pl];
  int score = 100 * (pos->count[pl] + pos->hand[pl]);

  for (int m = 0; m < N_MILLS; m++)
    {
      guint32 mask = mill_masks[m], hole = empty & mask;

      if ((own & mask) == mask)
        score += 25;
      else if (((own | hole) & mask) == mask && (hole & (hole - 1)) == 0)
        score += 15;
    }
  if (pos->hand[pl] == 0 && pos->count[pl] > fly_limit[pos->variant])
    {
      int mobility = step_targets (pos, own, empty);

      score += 6 * mobility;
      if (mobility == 0)
        score -= 600;
      else if (mobility <= 2)
        score -= 120 / mobility;
    }
  else if (pos->hand[pl] > 0)
    score += 2 * step_targets (pos, own, empty);
  return score;
}

int
baseline_evaluate (const void *p,
                   int         player)
{
  const MarellePos *pos = p;
  guint32 empty = ALL_POINTS & ~(pos->board[0] | pos->board[1]);

  tables_init ();
  return evaluate_player (pos, player, empty) - evaluate_player (pos, 1 - player, empty);
}

static gboolean
forms_mill (guint32 own,
            int     to)
{
  guint32 a = point_mill_rest[to][0], b = point_mill_rest[to][1];

  return (own & a) == a || (own & b) == b;
}

static guint32
removable_pieces (const MarellePos *pos,
                  guint32           theirs)
{
  guint32 in_mills = 0, free_pieces;

  if (pos->variant == VARIANT_TRIPLE)
    return theirs;
  for (int m = 0; m < N_MILLS; m++)
    if ((theirs & mill_masks[m]) == mill_masks[m])
      in_mills |= mill_masks[m];
  free_pieces = theirs & ~in_mills;
  return free_pieces != 0 ? free_pieces : theirs;
}

static void
add_moves (const MarellePos *pos,
           BgMove           *moves,
           guint            *n,
           int               from,
           int               to,
           guint32           own_after,
           guint32           theirs)
{
  if (theirs == 0 || !forms_mill (own_after, to))
    {
      moves[(*n)++] = MOVE_MAKE (from, to, NO_POINT);
      return;
    }
  for (guint32 r = removable_pieces (pos, theirs); r != 0; r &= r - 1)
    moves[(*n)++] = MOVE_MAKE (from, to, LOWEST (r));
}

static guint
legal_moves (const MarellePos *pos,
             BgMove           *moves)
{
  int me = pos->side;
  guint32 own = pos->board[me], theirs = pos->board[1 - me];
  guint32 empty = ALL_POINTS & ~(own | theirs);
  guint n = 0;

  if (pos->count[0] + pos->hand[0] <= 2 || pos->count[1] + pos->hand[1] <= 2)
    return 0;
  if (pos->hand[me] > 0)
    {
      for (guint32 t = empty; t != 0; t &= t - 1)
        add_moves (pos, moves, &n, NO_POINT, LOWEST (t), own, theirs);
      return n;
    }
  for (guint32 f = own; f != 0; f &= f - 1)
    {
      int from = LOWEST (f);
      guint32 targets = pos->count[me] <= fly_limit[pos->variant]
                        ? empty : bg_marelle_adjacent[pos->variant][from] & empty;

      for (guint32 t = targets; t != 0; t &= t - 1)
        add_moves (pos, moves, &n, from, LOWEST (t), own & ~(1u << from), theirs);
    }
  return n;
}

/* The table */

static gboolean
tt_probe (BaselineSearch *bs,
          guint64         key,
          guint           ply,
          BgMove         *move,
          int            *score,
          int            *depth,
          TTFlag         *flag)
{
  TTEntry *e = &bs->tt[key & bs->tt_mask];
  int s;

  if ((e->lock ^ e->data) != key || e->data == 0)
    return FALSE;
  s = (int) ((e->data >> 32) & ((1u << 22) - 1)) - SCORE_BIAS;
  if (s > BG_SCORE_WIN_MIN)
    s -= (int) ply;
  else if (s < -BG_SCORE_WIN_MIN)
    s += (int) ply;
  *move = (BgMove) e->data;
  *score = s;
  *depth = (int) ((e->data >> 54) & 0xff);
  *flag = (TTFlag) (e->data >> 62);
  return TRUE;
}

static void
tt_store (BaselineSearch *bs,
          guint64         key,
          BgMove          move,
          int             score,
          int             depth,
          TTFlag          flag,
          guint           ply)
{
  TTEntry *e = &bs->tt[key & bs->tt_mask];

  if ((e->lock ^ e->data) == key && (int) ((e->data >> 54) & 0xff) > depth && flag != TT_EXACT)
    return;
  if (score > BG_SCORE_WIN_MIN)
    score += (int) ply;
  else if (score < -BG_SCORE_WIN_MIN)
    score -= (int) ply;
  depth = CLAMP (depth, 0, 255);
  e->data = (guint64) move | (guint64) (score + SCORE_BIAS) << 32 | (guint64) depth << 54
            | (guint64) flag << 62;
  e->lock = key ^ e->data;
}

BaselineSearch *
baseline_search_new (void)
{
  BaselineSearch *bs = g_new0 (BaselineSearch, 1);

  tables_init ();
  bs->tt_mask = (1u << TT_BITS) - 1;
  bs->tt = g_new0 (TTEntry, (gsize) bs->tt_mask + 1);
  bs->positions = g_malloc0 ((gsize) (BG_SEARCH_MAX_PLY + 1) * sizeof (MarellePos));
  bs->moves = g_new (BgMove, (gsize) BG_SEARCH_MAX_PLY * MAX_MOVES);
  bs->order = g_new (gint32, (gsize) BG_SEARCH_MAX_PLY * MAX_MOVES);
  bs->path = g_array_new (FALSE, FALSE, sizeof (guint64));
  return bs;
}

void
baseline_search_free (BaselineSearch *bs)
{
  if (bs == NULL)
    return;
  g_free (bs->tt);
  g_free (bs->positions);
  g_free (bs->moves);
  g_free (bs->order);
  g_array_unref (bs->path);
  g_free (bs);
}

/* The search */

static inline MarellePos *
pos_at (BaselineSearch *bs,
        guint           ply)
{
  return (MarellePos *) (bs->positions + (gsize) ply * sizeof (MarellePos));
}

static inline guint
history_slot (BgMove move)
{
  return (move * 2654435761u) >> 20 & (HISTORY_SIZE - 1);
}

static inline void
path_push (BaselineSearch *bs,
           guint64         key)
{
  g_array_append_val (bs->path, key);
  bs->rep_filter[key & (REP_FILTER_SIZE - 1)]++;
}

static inline void
path_pop (BaselineSearch *bs)
{
  guint64 key = g_array_index (bs->path, guint64, bs->path->len - 1);

  bs->rep_filter[key & (REP_FILTER_SIZE - 1)]--;
  g_array_set_size (bs->path, bs->path->len - 1);
}

static gboolean
path_repeats (BaselineSearch *bs,
              guint64         key)
{
  const guint64 *keys = (const guint64 *) bs->path->data;

  if (bs->rep_filter[key & (REP_FILTER_SIZE - 1)] == 0)
    return FALSE;
  for (guint i = bs->path->len; i-- > 0;)
    if (keys[i] == key)
      return TRUE;
  return FALSE;
}

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

static void
score_moves (BaselineSearch *bs,
             guint           ply,
             guint           n,
             BgMove          tt_move)
{
  BgMove *moves = bs->moves + (gsize) ply * MAX_MOVES;
  gint32 *order = bs->order + (gsize) ply * MAX_MOVES;

  for (guint i = 0; i < n; i++)
    {
      BgMove m = moves[i];

      if (m == tt_move)
        order[i] = G_MAXINT32;
      else if (m == bs->killers[ply][0])
        order[i] = G_MAXINT32 - 1;
      else if (m == bs->killers[ply][1])
        order[i] = G_MAXINT32 - 2;
      else
        order[i] = (gint32) MIN (bs->history[history_slot (m)], G_MAXINT32 - 3);
    }
}

static BgMove
pick_move (BaselineSearch *bs,
           guint           ply,
           guint           i,
           guint           n)
{
  BgMove *moves = bs->moves + (gsize) ply * MAX_MOVES;
  gint32 *order = bs->order + (gsize) ply * MAX_MOVES;

  guint best = i;

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
note_cutoff (BaselineSearch *bs,
             guint           ply,
             BgMove          move,
             int             depth)
{
  guint32 *h = &bs->history[history_slot (move)];

  if (bs->killers[ply][0] != move)
    {
      bs->killers[ply][1] = bs->killers[ply][0];
      bs->killers[ply][0] = move;
    }
  *h += (guint32) (depth * depth);
  if (*h > (1u << 30))
    for (guint i = 0; i < HISTORY_SIZE; i++)
      bs->history[i] >>= 1;
}

static void
update_pv (BaselineSearch *bs,
           guint           ply,
           BgMove          move)
{
  guint child = ply + 1 < BG_SEARCH_MAX_PLY ? bs->pv_len[ply + 1] : 0;

  bs->pv[ply][0] = move;
  if (child > BG_SEARCH_MAX_PLY - 1)
    child = BG_SEARCH_MAX_PLY - 1;
  memcpy (&bs->pv[ply][1], bs->pv[ply + 1], child * sizeof (BgMove));
  bs->pv_len[ply] = child + 1;
}

/* The library polled the clock and the node count every 1024 nodes. */
static gboolean
poll_stop (BaselineSearch *bs)
{
  bs->polled += CHECK_INTERVAL + 1;
  if (bs->node_limit && bs->polled >= bs->node_limit)
    return TRUE;
  return bs->deadline && g_get_monotonic_time () >= bs->deadline;
}

static int
negamax (BaselineSearch *bs,
         guint           ply,
         int             depth,
         int             alpha,
         int             beta)
{
  const BgRules *rules = bs->rules;
  MarellePos *pos = pos_at (bs, ply);
  BgMove *moves = bs->moves + (gsize) ply * MAX_MOVES;
  guint64 key = rules->key (pos);
  int orig_alpha = alpha, best = -SCORE_INF;
  BgMove tt_move = BG_MOVE_NONE, best_move = BG_MOVE_NONE;
  BgMove hit_move;
  int hit_score, hit_depth;
  TTFlag hit_flag;
  guint n, searched = 0;

  bs->pv_len[ply] = 0;
  if ((++bs->nodes & CHECK_INTERVAL) == 0 && poll_stop (bs))
    bs->stopped = TRUE;
  if (bs->stopped)
    return 0;
  if (path_repeats (bs, key))
    return 0;
  if (depth <= 0 || ply >= BG_SEARCH_MAX_PLY - 1)
    {
      if (rules->rule_status (pos).result != BG_RESULT_ONGOING)
        return terminal_score (rules, pos, ply);
      return baseline_evaluate (pos, pos->side);
    }
  n = legal_moves (pos, moves);
  if (n == 0)
    return terminal_score (rules, pos, ply);
  if (tt_probe (bs, key, ply, &hit_move, &hit_score, &hit_depth, &hit_flag))
    {
      tt_move = hit_move;
      if (hit_depth >= depth
          && (hit_flag == TT_EXACT || (hit_flag == TT_LOWER && hit_score >= beta)
              || (hit_flag == TT_UPPER && hit_score <= alpha)))
        return hit_score;
    }

  score_moves (bs, ply, n, tt_move);
  path_push (bs, key);
  for (guint i = 0; i < n; i++)
    {
      BgMove m = pick_move (bs, ply, i, n);
      MarellePos *child = pos_at (bs, ply + 1);
      int score;

      *child = *pos;
      rules->play (child, m);
      if (searched++ == 0)
        score = -negamax (bs, ply + 1, depth - 1, -beta, -alpha);
      else
        {
          score = -negamax (bs, ply + 1, depth - 1, -alpha - 1, -alpha);
          if (score > alpha && score < beta)
            score = -negamax (bs, ply + 1, depth - 1, -beta, -alpha);
        }
      if (bs->stopped)
        break;
      if (score > best)
        {
          best = score;
          best_move = m;
          if (score > alpha)
            {
              alpha = score;
              update_pv (bs, ply, m);
              if (alpha >= beta)
                {
                  note_cutoff (bs, ply, m, depth);
                  break;
                }
            }
        }
    }
  path_pop (bs);
  if (bs->stopped)
    return 0;
  tt_store (bs, key, best_move, best, depth,
            best >= beta ? TT_LOWER : best > orig_alpha ? TT_EXACT : TT_UPPER, ply);
  return best;
}

typedef struct
{
  BgMove move;
  int score;
} RootMove;

static int
compare_root (const void *a,
              const void *b)
{
  const RootMove *x = a, *y = b;

  return (y->score > x->score) - (y->score < x->score);
}

static int
search_root (BaselineSearch *bs,
             RootMove       *root,
             guint           n,
             int             depth)
{
  const BgRules *rules = bs->rules;
  MarellePos *pos = pos_at (bs, 0);
  int alpha = -SCORE_INF, best = -1, best_total = -SCORE_INF;

  path_push (bs, rules->key (pos));
  for (guint i = 0; i < n; i++)
    {
      MarellePos *child = pos_at (bs, 1);
      int score;

      *child = *pos;
      rules->play (child, root[i].move);
      if (i == 0)
        score = -negamax (bs, 1, depth - 1, -SCORE_INF, SCORE_INF);
      else
        {
          score = -negamax (bs, 1, depth - 1, -alpha - 1, -alpha);
          if (score > alpha && !bs->stopped)
            score = -negamax (bs, 1, depth - 1, -SCORE_INF, -alpha);
        }
      if (bs->stopped)
        break;
      root[i].score = score;
      if (score > best_total)
        {
          best_total = score;
          best = (int) i;
          update_pv (bs, 0, root[i].move);
        }
      alpha = MAX (alpha, score);
    }
  path_pop (bs);
  return best;
}

static void
fill_result (BaselineSearch *bs,
             BgSearchResult *result,
             const RootMove *best,
             guint           depth,
             gint64          start)
{
  result->move = best->move;
  result->score = best->score;
  result->depth = depth;
  result->nodes = bs->nodes;
  result->time_us = g_get_monotonic_time () - start;
  result->pv_len = bs->pv_len[0];
  memcpy (result->pv, bs->pv[0], result->pv_len * sizeof (BgMove));
  if (result->pv_len == 0 || result->pv[0] != best->move)
    {
      result->pv[0] = best->move;
      result->pv_len = 1;
    }
}

gboolean
baseline_search_run (BaselineSearch       *bs,
                     const BgGame         *game,
                     const BgSearchLimits *limits,
                     BgSearchResult       *result)
{
  const BgRules *rules = bg_game_get_rules (game);
  gint64 start = g_get_monotonic_time ();
  guint n_keys, n, max_depth = CLAMP (limits->max_depth, 1, BG_SEARCH_MAX_PLY - 1);
  const guint64 *keys = bg_game_get_keys (game, &n_keys);
  BgMove moves[MAX_MOVES];
  g_autofree RootMove *root = NULL;

  memset (result, 0, sizeof *result);
  if (bg_game_is_over (game))
    return FALSE;
  g_return_val_if_fail (g_str_equal (rules->id, "marelle"), FALSE);
  /* The table was kept from one move to the next, cleared only for other rules. */
  if (bs->rules != rules && bs->rules != NULL)
    memset (bs->tt, 0, sizeof (TTEntry) * ((gsize) bs->tt_mask + 1));
  bs->rules = rules;
  bs->deadline = limits->time_limit_ms > 0 ? start + limits->time_limit_ms * 1000 : 0;
  bs->node_limit = limits->node_limit;
  bs->polled = 0;
  bs->nodes = 0;
  bs->stopped = FALSE;
  memset (bs->killers, 0xff, sizeof bs->killers);
  memset (bs->history, 0, sizeof bs->history);
  memset (bs->rep_filter, 0, sizeof bs->rep_filter);
  g_array_set_size (bs->path, 0);
  for (guint i = 0; i + 1 < n_keys; i++)
    path_push (bs, keys[i]);
  memcpy (pos_at (bs, 0), bg_game_get_position (game), sizeof (MarellePos));

  n = legal_moves (pos_at (bs, 0), moves);
  g_return_val_if_fail (n > 0, FALSE);
  root = g_new0 (RootMove, n);
  for (guint i = 0; i < n; i++)
    root[i].move = moves[i];
  fill_result (bs, result, &root[0], 0, start);

  for (guint depth = 1; depth <= max_depth && n > 1; depth++)
    {
      int best = search_root (bs, root, n, (int) depth);
      RootMove chosen;

      if (best < 0)
        break;
      chosen = root[best];
      memmove (&root[1], &root[0], (gsize) best * sizeof (RootMove));
      root[0] = chosen;
      if (bs->stopped)
        {
          fill_result (bs, result, &chosen, depth - 1, start);
          break;
        }
      qsort (&root[1], n - 1, sizeof (RootMove), compare_root);
      fill_result (bs, result, &chosen, depth, start);
      if (ABS (chosen.score) > BG_SCORE_WIN_MIN)
        break;
      if (bs->deadline && g_get_monotonic_time () - start > (bs->deadline - start) / 2)
        break;
    }
  result->nodes = bs->nodes;
  result->time_us = g_get_monotonic_time () - start;
  return TRUE;
}
