/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-analysis.c: rating every move of a game: the table, the searches, Triomino's points
 * (see bg-analysis.h) */

#include "bg-analysis.h"

#include "bg-search-core.h"

#include <string.h>
#include <glib/gi18n-lib.h>

/* The played move alone is searched again to the best move's depth: at most this many
 * times the budget, a guard that a normal position never reaches. */
#define REPLAY_BUDGET_FACTOR 8

struct _BgAnalysis
{
  BgGame *game;
  const BgRules *rules;
  BgTaTable *table;
  guint64 nodes;
  guint threads;
  int thresholds[3];
  guint total;
  gint next;                 /* atomic: the next position a worker takes */
  gint done;                 /* atomic: positions finished */
  gint cancelled;            /* atomic: set by bg_analysis_cancel() */
  BgMoveAnalysis *moves;     /* total entries, each written by the worker that took it */
  gboolean finished;
};

/* Thresholds of the loss (inaccuracy, mistake, blunder) in each game's units
 * (docs/computer-players.md): the game's own (BgRules.analysis), or these. */
static void
game_thresholds (const BgRules *rules,
                 int            thresholds[3])
{
  const BgAnalysisHooks *hooks = rules->analysis;

  if (hooks != NULL && hooks->thresholds[2] > 0)
    {
      memcpy (thresholds, hooks->thresholds, sizeof hooks->thresholds);
      return;
    }
  thresholds[0] = 30, thresholds[1] = 60, thresholds[2] = 100;
}

guint64
bg_analysis_default_nodes (const BgGame *game)
{
  const BgAnalysisHooks *hooks = bg_game_get_rules (game)->analysis;

  /* Measured on two cores (docs/computer-players.md, "Game analysis"). */
  if (hooks != NULL && hooks->default_nodes > 0)
    return hooks->default_nodes;
  return 1000000;
}

BgAnalysis *
bg_analysis_new (const BgGame           *game,
                 const BgAnalysisLimits *limits)
{
  BgAnalysis *self = g_new0 (BgAnalysis, 1);
  BgAnalysisLimits none = { 0 };

  if (limits == NULL)
    limits = &none;
  self->game = bg_game_copy (game);
  self->rules = bg_game_get_rules (game);
  /* The table serves only a game whose rules rate moves from it. */
  if (limits->table != NULL && self->rules->analysis != NULL
      && self->rules->analysis->table_ref != NULL)
    self->table = self->rules->analysis->table_ref (limits->table);
  self->nodes = limits->nodes != 0 ? limits->nodes : bg_analysis_default_nodes (game);
  self->threads = limits->threads != 0 ? limits->threads : g_get_num_processors ();
  self->threads = CLAMP (self->threads, 1, BG_SEARCH_MAX_THREADS);
  self->total = bg_game_get_n_played (game);
  self->moves = g_new0 (BgMoveAnalysis, MAX (self->total, 1));
  game_thresholds (self->rules, self->thresholds);
  return self;
}

void
bg_analysis_free (BgAnalysis *self)
{
  if (self == NULL)
    return;
  bg_game_free (self->game);
  if (self->table != NULL)
    self->rules->analysis->table_unref (self->table);
  g_free (self->moves);
  g_free (self);
}

void
bg_analysis_cancel (BgAnalysis *self)
{
  g_atomic_int_set (&self->cancelled, 1);
}

static gboolean
is_cancelled (BgAnalysis *self)
{
  return g_atomic_int_get (&self->cancelled) != 0;
}

guint
bg_analysis_get_done (BgAnalysis *self,
                      guint      *total)
{
  if (total != NULL)
    *total = self->total;
  return (guint) g_atomic_int_get (&self->done);
}

const BgMoveAnalysis *
bg_analysis_get_moves (BgAnalysis *self,
                       guint      *n_moves)
{
  if (n_moves != NULL)
    *n_moves = self->finished ? self->total : 0;
  return self->finished ? self->moves : NULL;
}

void
bg_analysis_get_thresholds (BgAnalysis *self,
                            int         thresholds[3])
{
  memcpy (thresholds, self->thresholds, sizeof self->thresholds);
}

const char *
bg_judgement_symbol (BgJudgement judgement)
{
  static const char *const symbols[] = { "", "?!", "?", "??" };

  return judgement <= BG_JUDGEMENT_BLUNDER ? symbols[judgement] : "";
}

const char *
bg_judgement_name (BgJudgement judgement)
{
  static const char *const names[] = { "", "inaccuracy", "mistake", "blunder" };

  return judgement <= BG_JUDGEMENT_BLUNDER ? names[judgement] : "";
}

/* The game as it stood before played move index, with its history. */
static BgGame *
game_before (const BgGame *game,
             guint         index)
{
  BgGame *copy = bg_game_copy (game);

  while (bg_game_get_n_played (copy) > index)
    bg_game_undo (copy);
  return copy;
}

static BgJudgement
judge_loss (const BgAnalysis *self,
            int               loss)
{
  if (loss >= self->thresholds[2])
    return BG_JUDGEMENT_BLUNDER;
  if (loss >= self->thresholds[1])
    return BG_JUDGEMENT_MISTAKE;
  if (loss >= self->thresholds[0])
    return BG_JUDGEMENT_INACCURACY;
  return BG_JUDGEMENT_NONE;
}

/* The best move and the played one, their scores compared: the loss is never negative,
 * and a played move as good as the best is the best. */
static void
set_scores (BgMoveAnalysis *e,
            BgMove          best,
            int             best_score,
            int             played_score)
{
  e->score_after = played_score;
  if (played_score >= best_score)
    {
      e->best = e->move;
      e->score_before = played_score;
      e->loss = 0;
    }
  else
    {
      e->best = best;
      e->score_before = best_score;
      e->loss = best_score - played_score;
    }
}

/* La Triple Alliance from the table */

static int
outcome_rank (BgTaOutcome outcome)
{
  return outcome == BG_TA_OUTCOME_WIN ? 2 : outcome == BG_TA_OUTCOME_DRAW ? 1 : 0;
}

/* FALSE when the table does not hold the position. */
static gboolean
rate_from_table (BgAnalysis     *self,
                 const BgGame   *game,
                 BgMoveAnalysis *e)
{
  g_autofree BgTaMoveValue *rated = g_new (BgTaMoveValue, self->rules->max_moves);
  guint n = self->rules->analysis->table_rate_moves (self->table, game, rated), played = 0;
  int drop;

  if (n == 0)
    return FALSE;
  while (played < n && rated[played].move != e->move)
    played++;
  g_return_val_if_fail (played < n, FALSE);
  e->method = BG_ANALYSIS_TABLE;
  e->exact = TRUE;
  e->value_before = rated[0].value;
  e->value_after = rated[played].value;
  e->nodes = n;
  set_scores (e, rated[0].move, bg_ta_value_to_score (rated[0].value),
              bg_ta_value_to_score (rated[played].value));
  if (bg_ta_value_compare (rated[played].value, rated[0].value) == 0)
    e->best = e->move;
  /* Only a worse result is judged: a win to a draw or a draw to a loss is a mistake, a
   * win to a loss a blunder. */
  drop = outcome_rank (e->value_before.outcome) - outcome_rank (e->value_after.outcome);
  e->judgement = e->forced ? BG_JUDGEMENT_NONE
                 : drop >= 2 ? BG_JUDGEMENT_BLUNDER
                 : drop == 1 ? BG_JUDGEMENT_MISTAKE : BG_JUDGEMENT_NONE;
  return TRUE;
}

/* Marelle, TRICHESS, La Triple Alliance by search */

static void
search_limits (BgAnalysis     *self,
               BgSearchLimits *limits)
{
  memset (limits, 0, sizeof *limits);
  limits->max_depth = BG_SEARCH_MAX_PLY - 1;
  limits->node_limit = self->nodes;
  limits->seed = 1;
  limits->threads = 1;
  limits->whole_iterations = TRUE;
  limits->cancel = &self->cancelled;
  /* The loss is the difference of two searches' scores: without reductions, which make a
   * score depend on what was searched before (issue 35). */
  limits->features_off = BG_SEARCH_FEATURE_LMR;
}

static gboolean
is_win (int score)
{
  return score > BG_SCORE_WIN_MIN;
}

static gboolean
is_loss (int score)
{
  return score < -BG_SCORE_WIN_MIN;
}

static void
rate_by_search (BgAnalysis     *self,
                BgSearch       *search,
                const BgGame   *game,
                BgMoveAnalysis *e)
{
  BgSearchLimits limits;
  BgSearchResult best, played;

  search_limits (self, &limits);
  e->method = BG_ANALYSIS_SEARCH;
  /* From an empty table, so that a position's result does not depend on which positions
   * the same worker searched before. */
  bg_search_clear (search);
  if (e->forced)
    {
      limits.root_moves = &e->move;
      limits.n_root_moves = 1;
      if (!bg_search_run (search, game, &limits, &played))
        played.score = 0;
      e->best = e->move;
      e->score_before = e->score_after = played.score;
      e->depth = played.depth;
      e->nodes = played.nodes;
      return;
    }
  /* A position before a played move is never over: a failure is only defensive. */
  if (!bg_search_run (search, game, &limits, &best))
    {
      set_scores (e, e->move, 0, 0);
      return;
    }
  e->depth = best.depth;
  e->nodes = best.nodes;
  if (best.move == e->move)
    {
      set_scores (e, best.move, best.score, best.score);
      return;
    }
  /* The played move alone, to the best move's depth with the table the first search
   * filled; when the best move wins by force, as deep as the budget allows, for a slower
   * win the first search did not need to look for. */
  limits.root_moves = &e->move;
  limits.n_root_moves = 1;
  if (!is_win (best.score))
    {
      limits.max_depth = MAX (best.depth, 1);
      limits.node_limit = self->nodes * REPLAY_BUDGET_FACTOR;
    }
  if (!bg_search_run (search, game, &limits, &played))
    played.score = best.score;
  e->nodes += played.nodes;
  set_scores (e, best.move, best.score, played.score);
  /* A slower win, or a loss at most put off, keeps the result: not judged. */
  if ((is_win (e->score_before) && is_win (e->score_after)) || is_loss (e->score_before))
    e->judgement = BG_JUDGEMENT_NONE;
  else
    e->judgement = judge_loss (self, e->loss);
}

/* Triomino */

static int
placement_points (const BgGame *game,
                  BgMove        move)
{
  return bg_game_get_rules (game)->analysis->move_points (bg_game_get_position (game), move);
}

static void
rate_by_points (BgAnalysis     *self,
                BgSearch       *search,
                const BgGame   *game,
                BgMoveAnalysis *e)
{
  BgSearchLimits limits;
  BgSearchResult chosen;

  e->method = BG_ANALYSIS_POINTS;
  if (e->forced)
    {
      e->best = e->move;
      e->score_before = e->score_after = placement_points (game, e->move);
      return;
    }
  /* The level-6 player, one pass of the budget (bg-triomino-ai.c: a custom limit with a
   * node budget), its seed mixed with the position's key there: the same position is
   * rated alike in every game and every run. */
  search_limits (self, &limits);
  if (!bg_search_run (search, game, &limits, &chosen))
    chosen.move = e->move;
  e->nodes = chosen.nodes;
  set_scores (e, chosen.move, placement_points (game, chosen.move),
              placement_points (game, e->move));
  /* The children's game scores nothing: nothing to judge by points. */
  if (self->rules->analysis->counts_points == NULL
      || self->rules->analysis->counts_points (bg_game_get_position (game)))
    e->judgement = judge_loss (self, e->loss);
}

/* Workers */

static void
analyse_position (BgAnalysis *self,
                  BgSearch   *search,
                  guint       index)
{
  BgMoveAnalysis *e = &self->moves[index];
  g_autoptr (BgGame) game = game_before (self->game, index);
  g_autoptr (GArray) legal = bg_game_get_legal_moves (game);

  memset (e, 0, sizeof *e);
  e->player = bg_game_get_played_player (self->game, index);
  e->move = bg_game_get_played_move (self->game, index);
  e->best = BG_MOVE_NONE;
  e->value_before.outcome = e->value_after.outcome = BG_TA_OUTCOME_UNKNOWN;
  e->forced = legal->len <= 1;
  if (self->table != NULL && rate_from_table (self, game, e))
    return;
  if (self->rules->analysis != NULL && self->rules->analysis->move_points != NULL)
    rate_by_points (self, search, game, e);
  else
    rate_by_search (self, search, game, e);
}

/* A transposition table of about the budget's size: cleared before every position. */
static guint
table_bits (guint64 nodes)
{
  guint bits = 10;

  while (bits < 20 && (G_GUINT64_CONSTANT (1) << bits) < nodes)
    bits++;
  return bits;
}

static gpointer
worker_main (gpointer data)
{
  BgAnalysis *self = data;
  g_autoptr (BgSearch) search = bg_search_new_with_table (table_bits (self->nodes));

  while (!is_cancelled (self))
    {
      guint index = (guint) g_atomic_int_add (&self->next, 1);

      if (index >= self->total)
        break;
      analyse_position (self, search, index);
      if (!is_cancelled (self))
        g_atomic_int_inc (&self->done);
    }
  return NULL;
}

gboolean
bg_analysis_run (BgAnalysis  *self,
                 GError     **error)
{
  guint n_threads = MIN (self->threads, MAX (self->total, 1));
  g_autofree GThread **threads = g_new0 (GThread *, n_threads);

  g_return_val_if_fail (!self->finished, TRUE);
  for (guint i = 1; i < n_threads; i++)
    threads[i] = g_thread_new ("bg-analysis", worker_main, self);
  worker_main (self);
  for (guint i = 1; i < n_threads; i++)
    g_thread_join (threads[i]);
  if (is_cancelled (self))
    return bg_fail (error, BG_ERROR_CANCELLED, _("the analysis was cancelled"));
  self->finished = TRUE;
  return TRUE;
}
