/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-search.h: the TRICHESS searches (private to bg-trichess*.c)
 *
 * Best-Reply Search (Schadd and Winands, 2011): the player at the root maximises; at the
 * opponents' turn the moves of both opponents make one minimising layer, of which only
 * the best reply is played, the other opponent passing. The tree is that of a two-player
 * game a ply per layer, so it reaches deeper than the first paranoid search (the
 * baseline, tests/bench/trichess-baseline.c), which searches the two opponents in turn.
 * The same code searches the paranoid tree (the opponents in turn, both minimising).
 * Both have repetition detection, a capture search in which either opponent may take, late
 * move reductions, and Lazy SMP over the shared table of bg-search-core.h. The baseline is
 * kept outside the library, for measuring (bg_trichess_set_baseline()).
 */
#pragma once

#include "bg-search.h"
#include "bg-trichess-board.h"

G_BEGIN_DECLS

/* BgSearchLimits.algorithm for TRICHESS. */
typedef enum
{
  BG_TRICHESS_DEFAULT,    /* the level's choice */
  BG_TRICHESS_BASELINE,   /* the paranoid search of the first version */
  BG_TRICHESS_BRS,        /* Best-Reply Search */
  BG_TRICHESS_PARANOID,   /* the paranoid search in the code of Best-Reply Search */
} BgTrichessAlgorithm;

/* The score of a repetition for the root player, once for each time the position stood
 * before (up to three times). A paranoid score is below equal in most positions (both
 * opponents are taken to play against him): a repetition scored 0 was a gain for every
 * player, and the searches steered to the fifth repetition, a draw, in positions where
 * they stood as well as the others. */
#define BG_TC_REPETITION_SCORE (-150)

/* The evaluation's weights: centipawns for each term, per piece, step or ray square. */
typedef struct
{
  int material[8];             /* by piece type */
  int knight_step, bishop_ray, rook_ray, queen_ray;  /* a square reached */
  int pawn_home;               /* a rank forward in its own camp */
  int pawn_foreign, pawn_foreign_step;  /* in a foreign camp, and a rank nearer promotion */
  int king_home, shelter;      /* the king on his first rank, a pawn in front of him */
  int check;                   /* the king attacked */
  int ahead, behind;           /* 3 points ahead of, or behind, an opponent */
  int danger;                  /* the attacks on the king's zone, percent of the table */
} TcEvalWeights;

/* The searches' weights (not the baseline's). */
extern const TcEvalWeights bg_tc_eval_weights;

/* Each player's total with weights w (zones: count the attacks on the kings' zones). */
void     bg_tc_evaluate_sides (const TcPosition    *pos,
                               const TcEvalWeights *w,
                               gboolean             zones,
                               int                  side[TC_N_PLAYERS]);

/* The evaluation of the searches, for player: his total less the average of the others'. */
int      bg_tc_evaluate  (const TcPosition     *pos,
                          int                   player);

/* Bit o: player o's king is attacked, as the evaluation finds it on its walk of the
 * pieces (for the tests: it must agree with bg_tc_attacked()). */
guint    bg_tc_eval_checks (const TcPosition   *pos);

/* The legal captures of player me (whoever is to move), and his pawns' promotions to a
 * queen; no capture en passant, no under-promotion (bg-trichess-captures.c). */
guint    bg_tc_captures  (const TcPosition     *pos,
                          int                   me,
                          guint32              *moves);

/* Whether player me has a legal move that checks both other kings (échec et fat), leaving
 * out en passant, castling and under-promotions (bg-trichess-fat.c). */
gboolean bg_tc_has_fat   (const TcPosition     *pos,
                          int                   me);

/* Whether move (a capture) takes a piece worth less than the one taking it, on a square
 * another player attacks: the capture search leaves such captures out. */
gboolean bg_tc_bad_capture (const TcPosition   *pos,
                            guint32             move);

/* Best-Reply Search (or the paranoid search) of pos (not over), after bg_search_begin().
 * history holds the keys (BgRules.key) of the game's earlier positions, for repetitions. */
gboolean bg_tc_search_run (BgSearch             *search,
                           const TcPosition     *pos,
                           const guint64        *history,
                           guint                 n_history,
                           int                   max_depth,
                           int                   noise,
                           gboolean              paranoid,
                           const BgSearchLimits *limits,
                           BgSearchResult       *result);

G_END_DECLS
