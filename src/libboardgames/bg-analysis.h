/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-analysis.h: rating every move of a game (docs/computer-players.md, "Game analysis")
 *
 * The analysis looks at the position before each played move and rates the move against
 * the best one found there:
 *  - La Triple Alliance with a solved table (BgAnalysisLimits.table): exactly, from the
 *    table. A move that turns a win into a draw, or a draw into a loss, is a mistake; a
 *    win turned into a loss is a blunder. Nothing else is judged (a longer win or a
 *    quicker loss keeps the result). Positions the table does not hold, and the game
 *    without a table, are searched as in Marelle.
 *  - Marelle, TRICHESS (and La Triple Alliance without a table): a search of a fixed
 *    budget of nodes, on one thread, from an empty transposition table, so that the result
 *    depends only on the game and the budget. The best move's score is that of the last
 *    iteration the search completed (depth d); the played move, when it is another one, is
 *    searched again alone to the same depth d, so both scores are of the same search, from
 *    the mover's point of view (TRICHESS: the paranoid score, his total less the average of
 *    the two others). When the best move wins by force, the played move is searched
 *    deeper (within the budget) for a slower win. The difference is judged by thresholds
 *    in the evaluation's units (docs/computer-players.md); a move that throws a win away
 *    (or walks into a loss) the search found is a blunder, a slower win or a move in a
 *    lost position is not judged.
 *  - Triomino: the placement the level-6 player chooses with a budget of rollouts (one
 *    pass, from a seed drawn from the position) is the best move; the scores are the
 *    points the placements make at once (their tile, bridge, hexagon or two-side bonus),
 *    and the loss is what the played placement scores less than the best, never below 0
 *    (the level-6 player may rightly give up points for later ones). The children's game
 *    (scoring=none) is not judged.
 *
 * For a graph of the game: score_before of move i is the value of the position before it
 * for its player (negate it for the other player of a two-player game); score_after of the
 * last move is the value of the final position for its player.
 *
 * The positions are shared out between worker threads, each search on one thread, so the
 * results are the same whatever the number of threads. bg_analysis_run() blocks (run it in
 * a worker thread, a GTask); bg_analysis_cancel() and bg_analysis_get_done() may be
 * called from any other thread meanwhile.
 */
#pragma once

#include "bg-game.h"
#include "bg-search.h"
#include "bg-solved-table.h"

G_BEGIN_DECLS

typedef enum
{
  BG_JUDGEMENT_NONE,
  BG_JUDGEMENT_INACCURACY,   /* "?!" */
  BG_JUDGEMENT_MISTAKE,      /* "?" */
  BG_JUDGEMENT_BLUNDER,      /* "??" */
} BgJudgement;

/* How a move was rated, which tells the units of its scores. */
typedef enum
{
  BG_ANALYSIS_SEARCH,   /* a search's scores: the evaluation's units (Marelle and La Triple
                         * Alliance: 100 a piece, TRICHESS: centipawns); beyond
                         * +-BG_SCORE_WIN_MIN, a win found by the search in
                         * BG_SCORE_WIN - |score| plies (negative: a loss) */
  BG_ANALYSIS_TABLE,    /* the solved table: exact (value_before, value_after) */
  BG_ANALYSIS_POINTS,   /* Triomino: the points the placements score at once */
} BgAnalysisMethod;

typedef struct
{
  int player;             /* who played the move (0-based) */
  BgMove move;            /* the move played */
  BgMove best;            /* the best move found: == move when the played move was as good
                           * (loss 0); BG_MOVE_NONE when nothing was found (never after a
                           * successful run) */
  int score_before;       /* the value of the position before the move for player, with
                           * the best move (the table's values in the search's terms:
                           * BG_SCORE_WIN less the distance for a win, 0 a draw) */
  int score_after;        /* the value of the move played, for player, in the same terms */
  int loss;               /* score_before - score_after, >= 0 (0 when move is best) */
  BgJudgement judgement;  /* from loss and the game's thresholds, or for the table from
                           * the outcomes; always NONE for a forced move */
  gboolean exact;         /* rated from the solved table: value_before and value_after
                           * are set (else both are BG_TA_OUTCOME_UNKNOWN) */
  BgTaValue value_before; /* the position's value for player before the move */
  BgTaValue value_after;  /* the played move's value for player (its position's value
                           * for the opponent, turned round, one ply longer) */
  gboolean forced;        /* the only legal move: never judged; its scores are still
                           * given (the search of that move alone, for the graph) */
  /* Additions to the brief's shape: */
  BgAnalysisMethod method;
  guint depth;            /* the depth both search scores come from (0: not a search) */
  guint64 nodes;          /* nodes spent on this position (Triomino: rollouts; the table:
                           * the moves rated) */
} BgMoveAnalysis;

typedef struct
{
  guint64 nodes;          /* the budget per position: nodes of the search (Marelle,
                           * TRICHESS, La Triple Alliance without a table), rollouts
                           * (Triomino); 0: bg_analysis_default_nodes() */
  guint threads;          /* worker threads; 0: the number of processors */
  BgTaTable *table;       /* La Triple Alliance's solved table, or NULL (the analysis
                           * takes its own reference) */
} BgAnalysisLimits;

/* What the analysis needs of a rule set (BgRules.analysis), so that it names no game. */
struct _BgAnalysisHooks
{
  /* The loss from which a searched or scored move is an inaccuracy, a mistake, a blunder,
   * in the game's units (BgAnalysisMethod); { 0 }: 30, 60, 100. */
  int thresholds[3];
  /* bg_analysis_default_nodes() of the game; 0: 1,000,000 nodes of the search. */
  guint64 default_nodes;
  /* Optional, with BgAnalysisLimits.table (La Triple Alliance's solved table): take and
   * drop a reference to the table, and rate every legal move of game's position from it,
   * best first, into moves (room for max_moves); 0 when the table does not hold it (the
   * position is then searched). */
  BgTaTable *(*table_ref) (BgTaTable *table);
  void (*table_unref) (BgTaTable *table);
  guint (*table_rate_moves) (const BgTaTable *table, const BgGame *game,
                             BgTaMoveValue *moves);
  /* Optional: a game scored in points (Triomino), whose moves are rated by the points a
   * legal move of pos makes at once (0 for a move that places nothing), not by a search;
   * counts_points: whether the game of pos counts points at all (nothing is judged when
   * not). */
  int (*move_points) (const void *pos, BgMove move);
  gboolean (*counts_points) (const void *pos);
};

typedef struct _BgAnalysis BgAnalysis;

/* The analysis of the played moves of game (copied: the game may change or go away
 * meanwhile). limits may be NULL: the defaults, no table. */
BgAnalysis            *bg_analysis_new            (const BgGame           *game,
                                                   const BgAnalysisLimits *limits);
void                   bg_analysis_free           (BgAnalysis             *self);

/* Analyses every played move; blocks until done. Returns FALSE with BG_ERROR_CANCELLED
 * when bg_analysis_cancel() was called (before or during the run). Call it once. */
gboolean               bg_analysis_run            (BgAnalysis             *self,
                                                   GError                **error);

/* Any thread: stops a run promptly (within one poll of the running searches). */
void                   bg_analysis_cancel         (BgAnalysis             *self);

/* Any thread: how many positions are done; total (may be NULL) receives how many there
 * are (the number of played moves). */
guint                  bg_analysis_get_done       (BgAnalysis             *self,
                                                   guint                  *total);

/* After a successful run: one entry per played move, in order (entry i is played move
 * i of the game); NULL (n_moves 0) before, or after a cancelled run. n_moves may be NULL.
 * The entries belong to the analysis. */
const BgMoveAnalysis  *bg_analysis_get_moves      (BgAnalysis             *self,
                                                   guint                  *n_moves);

/* The loss from which a searched or Triomino move is an inaccuracy, a mistake, a blunder
 * (thresholds[0..2]) in the analysed game, in its units (BgAnalysisMethod). */
void                   bg_analysis_get_thresholds (BgAnalysis             *self,
                                                   int                     thresholds[3]);

/* The budget used when BgAnalysisLimits.nodes is 0, for the game's rules. */
guint64                bg_analysis_default_nodes  (const BgGame           *game);

/* "?!", "?", "??", or "" for BG_JUDGEMENT_NONE. */
const char            *bg_judgement_symbol        (BgJudgement             judgement);
/* The engine tool's word: "inaccuracy", "mistake", "blunder", or "" (not translated). */
const char            *bg_judgement_name          (BgJudgement             judgement);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgAnalysis, bg_analysis_free)

G_END_DECLS
