/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-search.h: the computer player of the two-player games
 *
 * Iterative-deepening alpha-beta (negamax with principal variation search) over the
 * BgRules interface, with a transposition table, killer and history move ordering, and
 * time, node and depth limits. Several threads may search at once (Lazy SMP: helpers
 * share the table and search in another order). A search may be cancelled from another
 * thread.
 */
#pragma once

#include "bg-game.h"

G_BEGIN_DECLS

#define BG_SEARCH_MAX_PLY 64
#define BG_LEVEL_MIN 1
#define BG_LEVEL_MAX 6
/* Plays from a solved table where the game has one (La Triple Alliance, once its table
 * is installed: bg-ta-table.h), and as BG_LEVEL_MAX elsewhere. */
#define BG_LEVEL_PERFECT 7

struct _BgSearchLimits
{
  int     level;          /* BG_LEVEL_MIN .. BG_LEVEL_MAX, or 0 for limits set by hand */
  guint   max_depth;      /* 1 .. BG_SEARCH_MAX_PLY */
  gint64  time_limit_ms;  /* 0: none */
  guint64 node_limit;     /* 0: none */
  int     noise;          /* random spread added to root scores (weak levels) */
  guint32 seed;           /* for the noise and varied play; 0 picks one from the clock */
  guint   threads;        /* 0: $BG_SEARCH_THREADS, or else the number of processors */
  int     vary;           /* varied play: in the opening, any move within this margin of
                           * the best may be chosen (drawn from seed and the position) */
  int     algorithm;      /* a rule set's choice of search (TRICHESS: BgTrichessAlgorithm),
                           * 0 for its default */
  /* For the analysis of a game (bg-analysis.h); honoured by the shared alpha-beta search
   * and by TRICHESS's searches (not by its baseline, nor by Triomino's players). */
  const BgMove *root_moves;   /* when n_root_moves > 0, the root searches only the legal
                               * moves among these (all moves when none is legal), and
                               * gives a score even to a single one */
  guint   n_root_moves;
  gboolean whole_iterations;  /* a search stopped by a limit reports the move and score of
                               * the last iteration it completed, never a better move of an
                               * unfinished one, so that result.depth tells where the score
                               * comes from */
  const gint *cancel;     /* an atomic flag, or NULL: the search stops (as if cancelled)
                           * once another thread sets it to non-zero, even when set before
                           * the search began */
  /* Called after each iteration the search completes, from the thread that called
   * bg_search_run(), with the result so far (its nodes: every thread's so far); NULL for
   * none. Honoured by the shared alpha-beta search and by TRICHESS's searches (their pv is
   * the move alone), not by Triomino's players. */
  void  (*on_iteration)      (const BgSearchResult *result,
                              gpointer              user_data);
  gpointer on_iteration_data;
  guint   features_off;   /* for measuring (tests/bench/morris-match.c): BgSearchFeature
                           * bits of the shared alpha-beta search switched off; 0 plays */
};

/* The parts of the shared alpha-beta search that a match can switch off one by one, to
 * measure what each is worth (BgSearchLimits.features_off). */
typedef enum
{
  BG_SEARCH_FEATURE_NONE        = 0,
  /* 1 << 0 was aspiration windows at the root, measured and dropped (docs/computer-players.md) */
  BG_SEARCH_FEATURE_LMR         = 1 << 1,  /* late quiet moves searched a ply less first */
  BG_SEARCH_FEATURE_CAPTURES    = 1 << 2,  /* captures (BgRules.move_is_capture) first */
  BG_SEARCH_FEATURE_TT_BUCKETS  = 1 << 3,  /* two table slots a key: deepest and latest */
  BG_SEARCH_FEATURE_QUIESCENCE  = 1 << 4,  /* captures searched past the horizon */
} BgSearchFeature;

/* Varied play applies to the first plies of a game. */
#define BG_SEARCH_VARY_PLIES 8

struct _BgSearchResult
{
  BgMove  move;           /* always a legal move when bg_search_run() returns TRUE */
  int     score;          /* from the point of view of the player to move */
  guint   depth;          /* the last depth completed */
  guint64 nodes;
  gint64  time_us;
  guint   pv_len;
  BgMove  pv[BG_SEARCH_MAX_PLY];
};

BgSearch    *bg_search_new              (void);
/* With a transposition table of 2^bits entries of 16 bytes (bg_search_new: 2^20, 16 MiB). */
BgSearch    *bg_search_new_with_table   (guint                  bits);
void         bg_search_free             (BgSearch              *search);

/* Forget what the transposition table learnt (for a new game, or another game's rules). */
void         bg_search_clear            (BgSearch              *search);

/* May be called from any thread; the running search returns its best move so far. */
void         bg_search_cancel           (BgSearch              *search);

/* For a rule set's own player (BgRules.search): TRUE once the search has been cancelled
 * or the time limit given to bg_search_begin() has passed. */
void         bg_search_begin            (BgSearch              *search,
                                         const BgSearchLimits  *limits);
gboolean     bg_search_should_stop      (BgSearch              *search);
/* Memory a rule set's own player may use for its tables, kept from one run to the next
 * (uninitialised): allocating megabytes at every move from worker threads leaves them
 * scattered over the allocator's per-thread arenas. */
gpointer     bg_search_get_scratch      (BgSearch              *search,
                                         gsize                  size);

/* Searches the current position of game. Returns FALSE only when the game is over.
 * The cancel flag is reset when the search starts. */
gboolean     bg_search_run              (BgSearch              *search,
                                         const BgGame          *game,
                                         const BgSearchLimits  *limits,
                                         BgSearchResult        *result);

/* For a rule set's own player: the shared alpha-beta search, after bg_search_begin(). */
gboolean     bg_search_run_alphabeta    (BgSearch              *search,
                                         const BgGame          *game,
                                         const BgSearchLimits  *limits,
                                         BgSearchResult        *result);

/* The limits of a level from BG_LEVEL_MIN ("beginner") to BG_LEVEL_MAX ("expert"), or of
 * BG_LEVEL_PERFECT. */
void         bg_search_limits_for_level (int                    level,
                                         BgSearchLimits        *limits);
const char  *bg_search_level_name       (int                    level);

/* Whether a computer player accepts the repetition draw offer: when its evaluation
 * (a short search) is not better than equal. */
gboolean     bg_search_accepts_draw     (BgSearch              *search,
                                         const BgGame          *game,
                                         int                    player);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgSearch, bg_search_free)

G_END_DECLS
