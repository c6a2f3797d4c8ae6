/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triomino-ai.c: the Triomino computer players by level (the greedy and heuristic ones
 * are in bg-triomino-heuristic.c, the look-ahead one in bg-triomino-mc.c) */

#include "bg-triomino-ai.h"

#include "bg-triomino-board.h"
#include "bg-random.h"
#include "bg-search-core.h"
#include "bg-triomino-heuristic.h"
#include "bg-triomino-mc.h"

static BgMove
choose_strong (const TriPosition *pos,
               const BgMove      *moves,
               guint              n,
               guint64           *rng)
{
  g_autofree TriPosition *after = g_new (TriPosition, 1);
  g_autofree BgMove *buf = g_new (BgMove, TRI_MAX_MOVES);

  return tri_ai_heuristic (pos, moves, n, 0, rng, after, buf);
}

/* Level 1: one of the few placements that score most now, at random. */
static BgMove
choose_among_best (const TriPosition *pos,
                   const BgMove      *moves,
                   guint              n,
                   guint              few,
                   guint64           *rng)
{
  g_autofree int *scores = g_new (int, n);
  BgMove chosen[4];
  guint kept = 0;

  for (guint i = 0; i < n; i++)
    {
      BgTriominoScore score;

      if (!TRI_MOVE_IS_PLACE (moves[i]))
        return moves[i];
      tri_score_placement (pos, moves[i], &score);
      scores[i] = score.total;
    }
  for (few = MIN (few, G_N_ELEMENTS (chosen)); kept < MIN (few, n); kept++)
    {
      guint best = 0;

      for (guint i = 1; i < n; i++)
        if (scores[i] > scores[best])
          best = i;
      chosen[kept] = moves[best];
      scores[best] = G_MININT;
    }
  return chosen[bg_random_below (rng, kept)];
}

BgMove
bg_triomino_ai_choose (const void *data,
                       int         level,
                       guint64    *rng,
                       BgSearch   *search)
{
  const TriPosition *pos = data;
  g_autofree BgMove *moves = g_new (BgMove, TRI_MAX_MOVES);
  guint n = tri_legal_moves (pos, moves);

  /* The players' rollouts and weighings play moves on; a view cannot be played on. */
  if (n == 0 || pos->view)
    return BG_MOVE_NONE;
  if (level == 1)
    return choose_among_best (pos, moves, n, 3, rng);
  if (level == 2)
    return tri_ai_greedy (pos, moves, n, 0, rng);
  return choose_strong (pos, moves, n, rng);
}

/* The look-ahead levels: rollouts in all, how many placements they share them among, and
 * how far they look (turns of every player; 0: to the round's end). The horizon is what
 * separates them: in 2,000-game matches one turn beat level 3 57% of the time, two turns
 * beat one 55%, while more rollouts at the same horizon gained little. */
static const TriMcParams mc_levels[] = {
  { 300, 6, 1, 1, 0 },      /* level 4: one turn of every player ahead */
  { 300, 6, 2, 1, 0 },      /* level 5: two turns */
  { 1000, 8, 0, 0, 0 },     /* level 6: to the round's end, passes for its whole time */
};

void
bg_triomino_ai_params (int          level,
                       TriMcParams *params)
{
  *params = mc_levels[CLAMP (level, 4, 6) - 4];
}

gboolean
bg_triomino_ai_search (BgSearch             *search,
                       const BgGame         *game,
                       const BgSearchLimits *limits,
                       BgSearchResult       *result)
{
  const TriPosition *pos = bg_game_get_position (game);
  guint64 rng = limits->seed != 0 ? limits->seed : (guint64) g_get_monotonic_time ();
  int level = limits->level ? CLAMP (limits->level, BG_LEVEL_MIN, BG_LEVEL_MAX) : 0;
  BgMove move;

  if (pos->view)
    return FALSE;
  rng ^= bg_game_get_key (game);
  if (level >= 4 || (level == 0 && limits->node_limit > 0))
    {
      TriMcParams params;

      bg_triomino_ai_params (level ? level : BG_LEVEL_MAX, &params);
      /* A node limit is a budget of rollouts, played in one pass: a game replays. */
      if (limits->node_limit > 0)
        params.rollouts = (guint) MIN (limits->node_limit, G_MAXUINT);
      /* The strongest level fills its time on every core, unless a node budget is set. */
      if (params.threads == 0)
        params.threads = bg_search_resolve_threads (limits);
      if (level == BG_LEVEL_MAX && limits->node_limit == 0)
        params.time_ms = limits->time_limit_ms;
      params.seed = rng;
      move = tri_mc_choose (game, &params, search, &result->nodes);
    }
  else
    {
      move = bg_triomino_ai_choose (pos, level ? level : 3, &rng, search);
      result->nodes = 1;
    }
  if (move == BG_MOVE_NONE)
    return FALSE;
  result->move = move;
  result->depth = 1;
  result->pv_len = 1;
  result->pv[0] = move;
  result->score = TRI_MOVE_IS_PLACE (move) ? tri_tile_sum (TRI_MOVE_TILE (move)) : 0;
  return TRUE;
}
