/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-search.c: Best-Reply Search and paranoid search for TRICHESS
 * (see bg-trichess-search.h)
 *
 * Scores are from the point of view of the root player. A node is either his (MAX) or
 * the first opponent's (MIN): a MIN node's moves are those of the first opponent, then,
 * unless he is in check, those of the second with the first passing (tagged OTHER). After
 * a MIN move the opponent who did not reply passes, so every MIN move leads back to the
 * root player (unless he is in check: he answers it first). A passed turn ends the passing
 * player's en passant square as a move would. In the paranoid search the opponents move in
 * turn (two MIN nodes), and nobody passes but the first opponent when the second takes in
 * the capture search.
 */

#include "bg-trichess-search.h"

#include "bg-search-core.h"

#include <string.h>

#define MAX_PLY 64
#define QUIESCE_DEPTH 8
#define INF (BG_SCORE_WIN + 1)
#define OTHER (1u << 20)
#define MOVE_MASK (OTHER - 1)
#define LAYER_MOVES (2 * TC_MAX_MOVES)
#define REP_SIZE 4096
#define REP_MAX_COUNT 3
#define CHECK_INTERVAL 1023
#define LMR_MOVES 4
#define DELTA_MARGIN 150

typedef struct
{
  BgSearch *search;
  guint thread;
  int root;
  gboolean paranoid;           /* the opponents move in turn, none passes */
  guint64 salt;                /* told apart in the shared table: root player and search */
  guint64 nodes;
  gboolean stopped;
  int iteration;               /* the depth of the iteration */
  guint32 killers[MAX_PLY][2];
  guint32 history[TC_N_SQUARES * TC_N_SQUARES];
  guint32 moves[MAX_PLY][LAYER_MOVES];
  gint32 order[MAX_PLY][LAYER_MOVES];
  guint16 rep_filter[REP_SIZE];
  guint path_len;
  guint64 *path;               /* the game's keys, then the search path's */
} Brs;

static const int victim_value[8] = { 0, 100, 310, 325, 500, 900, 0, 900 };

static inline guint64
tc_key (const TcPosition *pos)
{
  return bg_tc_key (pos);
}

static void
tc_pass (TcPosition *pos)
{
  const TcBoard *b = bg_tc_board_get (pos->level);
  int me = pos->turn, next = (me + 1) % 3;

  pos->key ^= b->z_turn[me] ^ b->z_turn[next];
  if (pos->ep[next] != TC_NO_SQUARE)
    {
      pos->key ^= b->z_ep[pos->ep[next]];
      pos->ep[next] = TC_NO_SQUARE;
    }
  pos->turn = (guint8) next;
}

static inline gboolean
in_check (const TcPosition *pos,
          int               player)
{
  return bg_tc_attacked (bg_tc_board_get (pos->level), pos->board, pos->king[player],
                         7u & ~(1u << player));
}

/* Échec et fat: mover checks both other kings and wins. */
static gboolean
fat_by (const TcPosition *pos,
        int               mover)
{
  const TcBoard *b = bg_tc_board_get (pos->level);
  int x = (mover + 1) % 3, y = (mover + 2) % 3;

  return bg_tc_attacked (b, pos->board, pos->king[x], 1u << mover)
         && bg_tc_attacked (b, pos->board, pos->king[y], 1u << mover);
}

/* A loss of the root player tells its winner: the second opponent's wins lie LOSS_BAND
 * above the first's, both below -BG_SCORE_WIN_MIN and shifted alike by the table's
 * distances, so that an opponent's node can tell a line the other opponent wins. */
#define LOSS_BAND 500

static inline int
loss_score (const Brs *s,
            int        winner,
            int        ply)
{
  return -(BG_SCORE_WIN - ply) + (winner == (s->root + 2) % 3 ? LOSS_BAND : 0);
}

/* Whether score is a loss of the root player that the second opponent won. */
static inline gboolean
in_loss_band (int score)
{
  return score < -BG_SCORE_WIN_MIN && BG_SCORE_WIN + score >= LOSS_BAND;
}

static inline int
won_by (const Brs *s,
        int        score)
{
  if (score >= -BG_SCORE_WIN_MIN)
    return -1;
  return in_loss_band (score) ? (s->root + 2) % 3 : (s->root + 1) % 3;
}

static int
terminal_score (Brs              *s,
                const TcPosition *pos,
                int               ply)
{
  BgStatus status = bg_tc_rule_status (pos);

  if (status.result != BG_RESULT_WIN)
    return 0;
  return status.winner == s->root ? BG_SCORE_WIN - ply : loss_score (s, status.winner, ply);
}

static inline gboolean
poll_stop (Brs *s)
{
  if ((++s->nodes & CHECK_INTERVAL) == 0
      && bg_search_poll (s->search, s->thread, CHECK_INTERVAL + 1))
    s->stopped = TRUE;
  return s->stopped;
}

/* How often key stands on the path (the game's positions, then the search's), up to
 * REP_MAX_COUNT. */
static int
repeats (Brs     *s,
         guint64  key)
{
  int n = 0;

  if (s->rep_filter[key & (REP_SIZE - 1)] == 0)
    return 0;
  for (guint i = s->path_len; i-- > 0 && n < REP_MAX_COUNT;)
    n += s->path[i] == key;
  return n;
}

static inline void
path_push (Brs     *s,
           guint64  key)
{
  s->path[s->path_len++] = key;
  s->rep_filter[key & (REP_SIZE - 1)]++;
}

static inline void
path_pop (Brs *s)
{
  s->rep_filter[s->path[--s->path_len] & (REP_SIZE - 1)]--;
}

/* The legal moves of the player to move. A fat ends the game in play(), so that no node
 * of the paranoid search is over by one (in Best-Reply Search the player who passed last
 * is not the one who moved, and the rules' test stays). */
static guint
legal_moves (Brs              *s,
             const TcPosition *pos,
             guint32          *moves)
{
  if (!s->paranoid)
    return bg_tc_legal_moves (pos, moves);
  return bg_tc_generate (pos, pos->turn, 7u & ~(1u << pos->turn), moves);
}

/* The moves of a node; 0 when the player to move has none (the game is over). */
static guint
generate (Brs              *s,
          const TcPosition *pos,
          guint32          *moves)
{
  guint n = legal_moves (s, pos, moves);

  if (n > 0 && !s->paranoid && pos->turn != s->root && (pos->turn + 1) % 3 != s->root
      && !in_check (pos, pos->turn))
    {
      TcPosition passed = *pos;
      guint m;

      tc_pass (&passed);
      m = bg_tc_legal_moves (&passed, moves + n);
      for (guint i = 0; i < m; i++)
        moves[n + i] |= OTHER;
      n += m;
    }
  return n;
}

/* Plays m of a node into child; in Best-Reply Search the opponent who did not reply
 * passes, but not out of check: he must answer it first (a pass that left his king attacked
 * let the next check of the same mover count as fat, a win that was not there). The
 * paranoid search never passes but for the other opponent's captures (OTHER) in the capture
 * search: a pass there gave the root player a free capture after each capture of an
 * opponent, and a fat after every check that made the first opponent answer. Returns 0,
 * or when the move ends the game by fat the score of the mover's win. */
static int
play (Brs              *s,
      const TcPosition *pos,
      guint32           m,
      TcPosition       *child,
      int               ply)
{
  int mover;

  *child = *pos;
  if (m & OTHER)
    tc_pass (child);
  mover = child->turn;
  bg_tc_play (child, m & MOVE_MASK);
  if (fat_by (child, mover))
    return mover == s->root ? BG_SCORE_WIN - ply - 1 : loss_score (s, mover, ply + 1);
  if (!s->paranoid && child->turn != s->root && mover != s->root
      && !in_check (child, child->turn))
    tc_pass (child);
  return 0;
}

/* Neither a promotion nor a capture that the paranoid score gains by: the root player's
 * captures, and an opponent's of the root player's pieces. An opponent taking the other's
 * piece raises the root player's score (the opponents' average falls). */
static inline gboolean
quiet_for (const Brs        *s,
           const TcPosition *pos,
           guint32           m)
{
  int victim = pos->board[TC_MOVE_TO (m)];

  if (TC_MOVE_PROMO (m) != 0)
    return FALSE;
  return victim == TC_EMPTY || (pos->turn != s->root && TC_OWNER (victim) != s->root);
}

static void
score_moves (Brs              *s,
             const TcPosition *pos,
             int               ply,
             guint             n,
             guint32           tt_move)
{
  for (guint i = 0; i < n; i++)
    {
      guint32 m = s->moves[ply][i];
      int from = TC_MOVE_FROM (m), to = TC_MOVE_TO (m), victim = pos->board[to];

      if (m == tt_move)
        s->order[ply][i] = 1 << 30;
      else if (!quiet_for (s, pos, m))
        s->order[ply][i] = (1 << 28) + victim_value[TC_TYPE (victim)] * 16
                           + victim_value[TC_MOVE_PROMO (m)]
                           - victim_value[TC_TYPE (pos->board[from])] / 16;
      else if (m == s->killers[ply][0] || m == s->killers[ply][1])
        s->order[ply][i] = 1 << 27;
      else
        s->order[ply][i] = (gint32) MIN (s->history[from * TC_N_SQUARES + to], (1u << 26));
    }
}

static guint32
pick (Brs   *s,
      int    ply,
      guint  i,
      guint  n)
{
  return bg_search_pick_move (s->moves[ply], s->order[ply], i, n);
}

static void
note_cutoff (Brs              *s,
             const TcPosition *pos,
             int               ply,
             guint32           m,
             int               depth)
{
  guint32 *h;

  if (pos->board[TC_MOVE_TO (m)] != TC_EMPTY)
    return;
  if (s->killers[ply][0] != m)
    {
      s->killers[ply][1] = s->killers[ply][0];
      s->killers[ply][0] = m;
    }
  h = &s->history[TC_MOVE_FROM (m) * TC_N_SQUARES + TC_MOVE_TO (m)];
  *h += (guint32) (depth * depth);
  if (*h > (1u << 24))
    for (guint i = 0; i < G_N_ELEMENTS (s->history); i++)
      s->history[i] >>= 1;
}

gboolean
bg_tc_bad_capture (const TcPosition *pos,
                   guint32           move)
{
  int from = TC_MOVE_FROM (move), to = TC_MOVE_TO (move);
  int victim = pos->board[to], mover = TC_OWNER (pos->board[from]);

  if (victim == TC_EMPTY || TC_MOVE_PROMO (move) != 0
      || victim_value[TC_TYPE (pos->board[from])] <= victim_value[TC_TYPE (victim)])
    return FALSE;
  return bg_tc_attacked (bg_tc_board_get (pos->level), pos->board, to, 7u & ~(1u << mover));
}

/* Drops the captures of a capture-search node that cannot bring the score back within the
 * window however the piece is taken back (delta pruning): short is by how much standing
 * still misses it. A capture by the root player gains half the piece (the score is his
 * total less the opponents' average), one of his pieces taken loses it whole; the opponents
 * do not take from each other, which only raises the score. A piece taking a lesser one on a
 * square another player attacks is dropped too: taken back, it loses more than it won (with
 * the kept fail-high below, 64% against the old level 6 at node budgets where the search
 * scored 61%; at 40 ms a move the difference was within the error, docs/computer-players.md). */
static guint
prune_captures (Brs              *s,
                const TcPosition *pos,
                guint32          *moves,
                guint             n,
                int               short_by)
{
  guint kept = 0;

  for (guint i = 0; i < n; i++)
    {
      guint32 m = moves[i] & MOVE_MASK;
      int victim = pos->board[TC_MOVE_TO (m)];
      int gain = victim_value[TC_TYPE (victim)] + victim_value[TC_MOVE_PROMO (m)];

      if (bg_tc_bad_capture (pos, m))
        continue;
      if (pos->turn == s->root && !(moves[i] & OTHER))
        gain /= 2;
      else if (victim != TC_EMPTY && TC_OWNER (victim) != s->root)
        continue;
      if (gain + DELTA_MARGIN > short_by)
        moves[kept++] = moves[i];
    }
  return kept;
}

/* Captures and promotions of the root player or of either opponent, standing still being
 * the static evaluation, except for a player in check, who must answer it (so that a mate
 * at the horizon is seen). */
static int
quiesce (Brs              *s,
         const TcPosition *pos,
         int               ply,
         int               qdepth,
         int               alpha,
         int               beta)
{
  gboolean maxing = pos->turn == s->root;
  gboolean evading = in_check (pos, pos->turn);
  guint32 *moves = s->moves[ply];
  int best;
  guint n;

  if (poll_stop (s))
    return 0;
  if (evading)
    {
      n = legal_moves (s, pos, moves);
      if (n == 0)
        return terminal_score (s, pos, ply);
      if (qdepth >= QUIESCE_DEPTH || ply >= MAX_PLY - 1)
        return bg_tc_evaluate (pos, s->root);
      best = maxing ? -INF : INF;
    }
  else
    {
      int stand = bg_tc_evaluate (pos, s->root);

      /* The root player to move at the horizon with a fat at hand wins. Not an opponent:
       * there most of the fats come from the other opponent's help, which the paranoid
       * search takes for granted but neither gives, losing too (with the opponents' fats,
       * 54% after 84 games against the old level 6 at node budgets, where the search
       * scored 65%; docs/computer-players.md). */
      if (maxing && qdepth == 0 && bg_tc_has_fat (pos, pos->turn))
        return BG_SCORE_WIN - ply - 1;
      if (qdepth >= QUIESCE_DEPTH || ply >= MAX_PLY - 1)
        return stand;
      if (maxing ? stand >= beta : stand <= alpha)
        return stand;
      if (maxing)
        alpha = MAX (alpha, stand);
      else
        beta = MIN (beta, stand);
      best = stand;
      n = bg_tc_captures (pos, pos->turn, moves);
      if (!maxing && (pos->turn + 1) % 3 != s->root)
        {
          guint m = bg_tc_captures (pos, (pos->turn + 1) % 3, moves + n);

          for (guint i = 0; i < m; i++)
            moves[n + i] |= OTHER;
          n += m;
        }
      n = prune_captures (s, pos, moves, n, maxing ? alpha - stand : stand - beta);
    }
  score_moves (s, pos, ply, n, 0);
  for (guint i = 0; i < n; i++)
    {
      guint32 m = pick (s, ply, i, n);
      TcPosition child;
      int score = play (s, pos, m, &child, ply);

      if (score == 0)
        score = quiesce (s, &child, ply + 1, qdepth + 1, alpha, beta);
      if (s->stopped)
        return 0;
      if (maxing ? score > best : score < best)
        best = score;
      if (maxing)
        alpha = MAX (alpha, score);
      else
        beta = MIN (beta, score);
      if (alpha >= beta)
        break;
    }
  return best;
}

static int
brs (Brs              *s,
     const TcPosition *pos,
     int               depth,
     int               ply,
     int               alpha,
     int               beta)
{
  gboolean maxing = pos->turn == s->root;
  guint64 key = tc_key (pos);
  guint64 tt_key = key ^ s->salt;
  int orig_alpha = alpha, orig_beta = beta, best = maxing ? -INF : INF;
  guint32 tt_move = 0, best_move = 0;
  gboolean check;
  BgTTHit hit;
  guint32 deferred[BG_SEARCH_MAX_DEFERRED];
  guint deferred_at[BG_SEARCH_MAX_DEFERRED];
  guint n, n_deferred = 0, searched = 0;
  gboolean sharing;
  int reps;
  int given_away = INF;

  if (poll_stop (s))
    return 0;
  /* A repetition costs the more, the more often the position stood before: with one
   * price, every player found a cycle no worse than his other moves and none left it,
   * a draw at the ply limit (half as many with the growing price, docs/computer-players.md). */
  reps = repeats (s, key);
  if (reps > 0)
    return BG_TC_REPETITION_SCORE * reps;
  /* A player in check is searched a ply deeper (check extension), within twice the
   * iteration's depth, so that a mate by checks is seen to its end. */
  check = in_check (pos, pos->turn);
  if (check && ply < 2 * s->iteration)
    depth++;
  if (depth <= 0 || ply >= MAX_PLY - 2)
    return quiesce (s, pos, ply, 0, alpha, beta);
  /* A stored result means the node had moves: look it up before generating them. */
  if (bg_tt_probe (s->search, tt_key, (guint) ply, &hit))
    {
      tt_move = hit.move;
      if (hit.depth >= depth
          && (hit.flag == BG_TT_EXACT || (hit.flag == BG_TT_LOWER && hit.score >= beta)
              || (hit.flag == BG_TT_UPPER && hit.score <= alpha)))
        return hit.score;
    }
  n = generate (s, pos, s->moves[ply]);
  if (n == 0)
    return terminal_score (s, pos, ply);
  score_moves (s, pos, ply, n, tt_move);
  path_push (s, key);
  /* With other threads, a move into a node that one of them is searching waits until the
   * other moves are done (bg_search_busy()). */
  sharing = depth >= BG_SEARCH_SHARE_DEPTH && bg_search_shares_work (s->search);
  for (guint i = 0; i < n + n_deferred; i++)
    {
      guint32 m = i < n ? pick (s, ply, i, n) : deferred[i - n];
      guint at = i < n ? i : deferred_at[i - n];   /* the move's place in the ordering */
      TcPosition child;
      guint64 child_key = 0;
      int score = play (s, pos, m, &child, ply);

      if (score == 0 && sharing)
        {
          child_key = tc_key (&child);
          if (i < n && searched > 0 && n_deferred < BG_SEARCH_MAX_DEFERRED
              && bg_search_busy (s->search, child_key))
            {
              deferred_at[n_deferred] = i;
              deferred[n_deferred++] = m;
              continue;
            }
          bg_search_busy_enter (s->search, child_key);
        }
      if (score == 0 && searched == 0)
        score = brs (s, &child, depth - 1, ply + 1, alpha, beta);
      else if (score == 0)
        {
          /* Late quiet moves are searched a ply less first (late move reductions), then
           * with a null window (principal variation search), and again in full only when
           * they may beat the best so far. */
          int reduced = depth >= 3 && at >= LMR_MOVES && !check && quiet_for (s, pos, m)
                        && m != s->killers[ply][0] && m != s->killers[ply][1];

          score = maxing ? brs (s, &child, depth - 1 - reduced, ply + 1, alpha, alpha + 1)
                         : brs (s, &child, depth - 1 - reduced, ply + 1, beta - 1, beta);
          if (!s->stopped && reduced && (maxing ? score > alpha : score < beta))
            score = maxing ? brs (s, &child, depth - 1, ply + 1, alpha, alpha + 1)
                           : brs (s, &child, depth - 1, ply + 1, beta - 1, beta);
          if (!s->stopped && score > alpha && score < beta)
            score = brs (s, &child, depth - 1, ply + 1, alpha, beta);
        }
      if (child_key != 0)
        bg_search_busy_leave (s->search, child_key);
      searched++;
      if (s->stopped)
        break;
      /* The paranoid search has the opponents play as one, but neither plays into a line
       * that the other wins (3 - root - himself): he would lose too. Such a move is his last
       * resort. */
      if (!maxing && s->paranoid && won_by (s, score) == 3 - s->root - pos->turn)
        {
          given_away = MIN (given_away, score);
          continue;
        }
      if (maxing ? score > best : score < best)
        {
          best = score;
          best_move = m;
        }
      if (maxing)
        alpha = MAX (alpha, score);
      else
        beta = MIN (beta, score);
      if (alpha >= beta)
        {
          note_cutoff (s, pos, ply, m, depth);
          break;
        }
    }
  path_pop (s);
  if (s->stopped)
    return 0;
  if (best == INF)
    best = given_away;
  bg_tt_store (s->search, tt_key, best_move, best, depth,
               best <= orig_alpha ? BG_TT_UPPER : best >= orig_beta ? BG_TT_LOWER : BG_TT_EXACT,
               (guint) ply);
  return best;
}

/* The root and its threads */

typedef struct
{
  guint32 move;
  int score;
  int noise;
} RootMove;

typedef struct
{
  const TcPosition *pos;
  const guint64 *history;
  guint n_history;
  int max_depth;
  int noise;
  gboolean paranoid;
  int margin;
  guint32 seed;
  BgSearchResult *result;
  gint64 start;
  guint64 nodes[BG_SEARCH_MAX_THREADS];
  int completed[BG_SEARCH_MAX_THREADS];   /* each thread's deepest iteration and its move */
  RootMove best[BG_SEARCH_MAX_THREADS];
  const BgSearchLimits *limits;           /* the root filter, whole iterations */
} Run;

static int
compare_root (const void *a,
              const void *b)
{
  const RootMove *x = a, *y = b;
  int sx = x->score + x->noise, sy = y->score + y->noise;

  return (sy > sx) - (sy < sx);
}

/* One iteration over the root moves; with noise every move gets an exact score, with a
 * margin every move within it of the best. Returns FALSE when stopped; then, if the first
 * move was searched (and neither noise nor margin applies), the moves searched so far are
 * sorted: a later one that beat the first did so in a full search, or failed high on the
 * null window and was stopped in its re-search, and is the better move (*partial is set).
 * The root moves are not put off when another thread is in them, as brs()'s are: at 40 ms
 * a move that played worse (docs/computer-players.md). */
static gboolean
search_root (Brs              *s,
             const TcPosition *pos,
             RootMove         *root,
             guint             n,
             int               depth,
             gboolean          noisy,
             int               margin,
             gboolean         *partial)
{
  int alpha = -INF;
  guint i, searched = 0;

  *partial = FALSE;
  path_push (s, tc_key (pos));
  for (i = 0; i < n; i++)
    {
      TcPosition child;
      int score, bound = noisy ? -INF : MAX (alpha - margin, -INF);

      score = play (s, pos, root[i].move, &child, 0);
      if (score == 0 && (i == 0 || noisy))
        score = brs (s, &child, depth - 1, 1, bound, INF);
      else if (score == 0)
        {
          score = brs (s, &child, depth - 1, 1, bound, bound + 1);
          if (!s->stopped && score > bound)
            {
              int fail_high = score;

              score = brs (s, &child, depth - 1, 1, bound, INF);
              if (s->stopped)
                {
                  root[i].score = fail_high;
                  searched = i + 1;
                }
            }
        }
      if (s->stopped)
        break;
      root[i].score = score;
      if (ABS (score) > BG_SCORE_WIN_MIN)
        root[i].noise = 0;
      alpha = MAX (alpha, score);
      searched = i + 1;
    }
  path_pop (s);
  if (s->stopped)
    {
      if (searched > 0 && !noisy && margin == 0)
        {
          qsort (root, searched, sizeof *root, compare_root);
          *partial = TRUE;
        }
      return FALSE;
    }
  qsort (root, n, sizeof *root, compare_root);
  return TRUE;
}

/* The iteration after depth. Past 4 plies, the paranoid search skips the depths that end
 * on the first opponent's reply (5, 8, 11...): they judge the position with the second
 * opponent owing a move, and played no better than 4 plies at equal time; 6 plies, a whole
 * round more, played as well as 4 at the tournament's budget and use a longer time
 * (docs/computer-players.md). */
static int
next_depth (const Run *run,
            int        depth)
{
  if (run->paranoid && depth >= 4 && (depth + 1) % 3 == 2 && depth + 2 <= run->max_depth)
    return depth + 2;
  return depth + 1;
}

/* Tells the caller of an iteration completed (BgSearchLimits.on_iteration): its move and
 * score, the main thread's nodes and every thread's polled so far. */
static void
report_iteration (Run *run,
                  Brs *s)
{
  BgSearchResult now;

  if (run->limits->on_iteration == NULL)
    return;
  now = *run->result;
  now.nodes = MAX (s->nodes, bg_search_nodes_polled (s->search));
  now.time_us = g_get_monotonic_time () - run->start;
  now.pv[0] = now.move;
  now.pv_len = 1;
  run->limits->on_iteration (&now, run->limits->on_iteration_data);
}

static void
thread_main (BgSearch *search,
             guint     thread,
             gpointer  data)
{
  Run *run = data;
  gsize path_size = (run->n_history + MAX_PLY + 1) * sizeof (guint64);
  guint8 *scratch = bg_search_thread_scratch (search, thread, sizeof (Brs) + path_size);
  Brs *s = memset (scratch, 0, sizeof (Brs));
  g_autofree RootMove *root = g_new (RootMove, TC_MAX_MOVES);
  g_autoptr (GRand) rand = g_rand_new_with_seed (run->seed);
  gint64 deadline = bg_search_deadline (search);
  guint32 moves[TC_MAX_MOVES];
  guint n;

  s->search = search;
  s->thread = thread;
  s->root = run->pos->turn;
  s->paranoid = run->paranoid;
  s->salt = G_GUINT64_CONSTANT (0x2545f4914f6cdd1d) * (guint64) (s->root + 1 + 3 * s->paranoid);
  s->path = (guint64 *) (scratch + sizeof (Brs));
  for (guint i = 0; i < run->n_history; i++)
    path_push (s, run->history[i]);
  n = bg_search_filter_root (run->limits, moves, bg_tc_legal_moves (run->pos, moves));
  for (guint i = 0; i < n; i++)
    {
      /* A helper takes the moves in another order. */
      root[i].move = moves[thread == 0 ? i : (i + thread) % n];
      root[i].score = 0;
      root[i].noise = run->noise > 0 ? g_rand_int_range (rand, 0, run->noise + 1) : 0;
    }
  if (thread == 0)
    run->result->move = root[0].move;
  /* Every thread deepens from 1, a helper in its own order of the root moves (see
   * bg-search.c's worker_main). */
  /* A single move needs no search, unless the root was restricted to it for its score. */
  for (int depth = 1; depth <= run->max_depth && (n > 1 || run->limits->n_root_moves > 0);
       depth = next_depth (run, depth))
    {
      gboolean partial;

      s->iteration = depth;

      if (!search_root (s, run->pos, root, n, depth, run->noise > 0, run->margin, &partial))
        {
          /* What the unfinished iteration found is better than the last one's move. */
          if (thread == 0 && partial && root[0].move != run->result->move
              && !run->limits->whole_iterations)
            {
              run->result->move = root[0].move;
              run->result->score = root[0].score;
            }
          break;
        }
      run->completed[thread] = depth;
      run->best[thread] = root[0];
      if (thread == 0)
        {
          run->result->move = root[0].move;
          run->result->score = root[0].score;
          run->result->depth = (guint) depth;
          report_iteration (run, s);
        }
      if (ABS (root[0].score) > BG_SCORE_WIN_MIN && run->noise == 0)
        break;
      if (thread == 0 && deadline && g_get_monotonic_time () - run->start
                                     > (deadline - run->start) / 2)
        break;
    }
  if (thread == 0 && run->margin > 0 && run->result->depth > 0)
    {
      int scores[TC_MAX_MOVES];
      int i;

      for (guint j = 0; j < n; j++)
        scores[j] = root[j].score;
      i = bg_search_pick_varied (scores, n, run->margin,
                                 run->seed ^ (guint32) (tc_key (run->pos) >> 32));
      run->result->move = root[i].move;
      run->result->score = root[i].score;
    }
  run->nodes[thread] = s->nodes;
}

gboolean
bg_tc_search_run (BgSearch             *search,
                  const TcPosition     *pos,
                  const guint64        *history,
                  guint                 n_history,
                  int                   max_depth,
                  int                   noise,
                  gboolean              paranoid,
                  const BgSearchLimits *limits,
                  BgSearchResult       *result)
{
  Run run = { pos, history, n_history, max_depth, noise, paranoid, 0, limits->seed, result,
              g_get_monotonic_time (), { 0 } };
  guint threads = noise > 0 ? 1 : bg_search_resolve_threads (limits);
  guint32 moves[TC_MAX_MOVES];

  run.limits = limits;
  if (bg_tc_legal_moves (pos, moves) == 0)
    return FALSE;
  if (run.seed == 0)
    run.seed = (guint32) g_get_real_time () ^ g_random_int ();
  if (limits->vary > 0 && n_history < BG_SEARCH_VARY_PLIES)
    run.margin = limits->vary;
  bg_search_set_rules (search, bg_rules_lookup ("trichess"));
  bg_search_run_threads (search, threads, thread_main, &run);
  result->nodes = 0;
  for (guint i = 0; i < threads; i++)
    {
      /* A helper that completed a deeper iteration than the main thread knows better. */
      if (i > 0 && run.margin == 0 && run.completed[i] > (int) result->depth)
        {
          result->move = run.best[i].move;
          result->score = run.best[i].score;
          result->depth = (guint) run.completed[i];
        }
      result->nodes += run.nodes[i];
    }
  /* The winner told in a loss is the search's own business. */
  if (in_loss_band (result->score))
    result->score -= LOSS_BAND;
  result->pv[0] = result->move;
  result->pv_len = 1;
  return TRUE;
}
