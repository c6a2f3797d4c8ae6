/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game.h: what the application alone knows of each game, one trio-game-<id>.c each
 *
 * Everything a front end can learn from the rule set (names, seats, options and their
 * labels, what a move does) comes from libboardgames' BgRules. What is left is the
 * application's: which widget shows the game, its optional side sheet, its board picture,
 * its rules page and the few sentences of its own. The window, the chooser, the rules
 * window, the new-game dialog, the status line and the session iterate this registry and
 * never name a game.
 */
#pragma once

#include <gtk/gtk.h>

#include "bg-game.h"
#include "bg-search.h"
#include "bg-solved-table.h"

/* The renderer of the games drawn by the board widget (board/trio-board-renderer.h). */
typedef struct _TrioBoardRenderer TrioBoardRenderer;

G_BEGIN_DECLS

typedef struct _TrioGame TrioGame;
/* The games' sentences read the session (trio-session.h), which reads the games: declared
 * here, so that the two headers do not include each other. */
typedef struct _TrioSession TrioSession;

/* What the search's evaluation counts, in the analysis's sentences of a move the search
 * rated ("Mistake: about 2 pieces worse than d4"). */
typedef enum
{
  TRIO_EVAL_PIECES,   /* pieces, a hundredth of one per point of the score (the default) */
  TRIO_EVAL_PAWNS,    /* pawns, likewise, in a game of chess's pieces */
  TRIO_EVAL_POSITION, /* no material (pieces that never leave the board): the sentences say
                       * "a little", "clearly" or "much worse" from the judgement */
} TrioEvalUnit;

/* Called on the solving thread between chunks of work: the stage's translated name and the
 * fraction of the work done, from 0 to 1. */
typedef void (*TrioSolveProgress) (const char *stage,
                                   double      fraction,
                                   gpointer    data);

/* A game solved once and for all: its Perfect level plays from a table of the value of every
 * position, read from a file or computed into it by TrioPerfectTable (trio-perfect-table.h),
 * which calls these; the table itself is libboardgames' BgTaTable (bg-solved-table.h). */
typedef struct
{
  /* What the Perfect level needs, in a sentence of the new-game dialog (marked N_()): the
   * table's size and the time it takes to compute. */
  const char *about;
  /* The table's file when none is given: in the user's cache (newly allocated). */
  char      *(*default_path)    (void);
  /* The checkpoint that an interrupted solve into path leaves beside it, and the next
   * solve goes on from (newly allocated). */
  char      *(*checkpoint_path) (const char *path);
  /* Any thread: opens the table at path and checks it whole. NULL with error set, which
   * says why, when what is there is not the game's table (another game's, a damaged file,
   * anything but a regular file, on which it never blocks). */
  BgTaTable *(*open)            (const char *path,
                                 GError    **error);
  /* A worker thread: solves the game into path (written atomically), going on from its
   * checkpoint if there is one, with progress reports. Setting the atomic flag *cancel
   * stops it soon, a checkpoint written, with BG_ERROR_CANCELLED. */
  gboolean   (*solve)           (const char        *path,
                                 TrioSolveProgress  progress,
                                 gpointer           data,
                                 gint              *cancel,
                                 GError           **error);
  /* Installs table (taking a reference of its own) for the Perfect level; NULL uninstalls
   * it. */
  void       (*install)         (BgTaTable *table);
  /* A new reference to the table installed, or NULL. */
  BgTaTable *(*dup_installed)   (void);
  /* Drops a reference to a table, freeing it with the last. */
  void       (*unref)           (BgTaTable *table);
  /* Rates every legal move of game's position from table, best first, into moves (room for
   * the rules' max_moves); returns how many, 0 when the game is over or the table does not
   * hold its position. */
  guint      (*rate_moves)      (const BgTaTable *table,
                                 const BgGame    *game,
                                 BgTaMoveValue   *moves);
} TrioSolvedTable;

/* A game played for points whose best final scores the statistics keep (trio-statistics.h):
 * the ten best, on the game's page of the Statistics window. */
typedef struct
{
  /* Whether game, over, was played for a score: only then are its seats' scores kept, and
   * a seat whose score is below the best is beaten even when the game is drawn. */
  gboolean   (*is_scored)   (const BgGame *game);
  /* The final score of a seat of game. */
  int        (*final_score) (const BgGame *game,
                             int           seat);
  /* The statistics file's group that holds them (docs/save-format.md). */
  const char  *file_group;
} TrioBestScores;

struct _TrioGame
{
  const char *id;                  /* the rule set's id */
  const char *rules_page;          /* rules/<language>/<rules_page>.txt in the gresource */
  int         max_level;           /* BG_LEVEL_MAX, or BG_LEVEL_PERFECT (solved_table) */

  /* A new widget implementing TrioGameView that shows and plays the game. */
  GtkWidget *(*create_view)  (void);
  /* Optional: a side sheet (scores, captured pieces), also a TrioGameView, or NULL. */
  GtkWidget *(*create_sheet) (void);
  /* Optional: a picture of the game for the chooser (a few moves into a sample game). */
  BgGame    *(*sample_game)  (void);

  /* Games shown by TrioBoardView: the renderer of the board, and its data for a game (the
   * board picture and geometry of the game's options), or NULL with error set. */
  const TrioBoardRenderer *renderer;
  gpointer   (*create_board) (const BgGame *game,
                              GError      **error);
  /* Games without a board renderer: paints the chooser's picture of (sample) game. */
  void       (*draw_picture) (const BgGame *game,
                              cairo_t      *cr,
                              int           width,
                              int           height);

  /* Optional sentences of the game's own, NULL for the common ones: how the game ended
   * (bg_game_is_over), and a player's line in the side panel after the name and level
   * ("Player 1 — 12 points"). */
  char      *(*describe_end)    (TrioSession *session,
                                 BgStatus     status);
  char      *(*describe_player) (TrioSession *session,
                                 int          player,
                                 const char  *who);

  /* Optional: the names of the kinds of pieces, n_kinds of them by BG_PIECE_KIND (N_()
   * strings, NULL for a kind no promotion makes), for the choice of a promotion. */
  const char *const *kind_names;
  int         n_kinds;

  /* Optional: the colour of a seat's pieces (or tiles' marks), for the swatch beside its
   * name (trio-seat-swatch.h). */
  void       (*seat_color)      (int          seat,
                                 GdkRGBA     *color);

  /* Optional: readies what the computer's search of game may read, in the search's worker
   * thread before each search (Marelle's endgame tables, read or computed once on a thread
   * of their own); returns at once. */
  void       (*prepare_search)  (const BgGame *game);

  /* The unit of the search's evaluation in the analysis of a move that the search rates
   * (TrioEvalUnit; 0, pieces, when not set). */
  TrioEvalUnit eval_unit;

  /* Optional: the best scores the statistics keep of the game, or NULL. The statistics file
   * has one table of them: at most one game has it (trio_game_find_best_scores()). */
  const TrioBestScores *best_scores;
  /* Optional: the solved table the Perfect level plays from, for a game whose max_level is
   * BG_LEVEL_PERFECT, or NULL. At most one game has one (trio_game_find_solved_table()). */
  const TrioSolvedTable *solved_table;

  /* Optional: the option whose values the statistics keep apart, as games of their own
   * (one page and one key "ID/VALUE" each), or NULL: the game is one key, its id. */
  const char *statistics_option;

  /* Optional: the sound of played move number index of game when it is the game's own
   * (a tile's bonus: TRIO_SOUND_BONUS), or NULL for the common choice that the engine's
   * answers make (trio_move_sound() in trio-move-sound.h). */
  const char *(*move_sound)     (const BgGame *game,
                                 guint         index);
};

/* The games in the order the chooser shows them, NULL-terminated. */
const TrioGame *const *trio_game_list   (void);
/* The game of a rule set id, or NULL. */
const TrioGame        *trio_game_lookup (const char *id);
/* The game of a game in progress (never NULL for a game of a known rule set). */
const TrioGame        *trio_game_for    (const BgGame *game);
/* The game whose best scores the statistics keep (TrioGame.best_scores), or NULL: at most
 * one game keeps them, the statistics having one table of best scores. */
const TrioGame        *trio_game_find_best_scores (void);
/* The game whose Perfect level plays from a solved table (TrioGame.solved_table), or NULL.
 * At most one game has one today (La Triple Alliance): the application keeps one
 * TrioPerfectTable, for it. */
const TrioGame        *trio_game_find_solved_table (void);

/* The translated name of a game for its options (a game may be NULL: the default options),
 * its one-line blurb, and the name of one of its seats ("White", "Player 3"). */
const char *trio_game_get_name        (const TrioGame *self,
                                       const BgGame   *game);
const char *trio_game_get_blurb       (const TrioGame *self);
char       *trio_game_dup_seat_name   (const TrioGame *self,
                                       int             seat);
/* The colour of a seat's pieces; FALSE (color untouched) when the game gives none. */
gboolean    trio_game_get_seat_color  (const TrioGame *self,
                                       int             seat,
                                       GdkRGBA        *color);
/* The board renderer's data for a game, or NULL (error set) for a game without a board. */
gpointer    trio_game_create_board    (const TrioGame *self,
                                       const BgGame   *game,
                                       GError        **error);

/* The table installed for the Perfect level of self (may be NULL): a new reference, to drop
 * with trio_game_unref_table(), or NULL when the game has no solved table or it is not
 * installed (yet). */
BgTaTable  *trio_game_dup_installed_table (const TrioGame *self);
void        trio_game_unref_table     (const TrioGame *self,
                                       BgTaTable      *table);
/* Whether the Perfect level of self (may be NULL) plays from its table, installed; it plays
 * as the expert until then. */
gboolean    trio_game_has_installed_table (const TrioGame *self);

/* A new random value for a BG_OPTION_DRAWN option (a deal), in its range. */
char       *trio_game_draw_option_value (const BgOptionSpec *spec);
/* The options of a rematch of game: its own, with a new value for each drawn one. */
GHashTable *trio_game_rematch_options (const BgGame   *game);

/* The games' own files. */
extern const TrioGame trio_game_triple_alliance;
extern const TrioGame trio_game_marelle;
extern const TrioGame trio_game_triomino;
extern const TrioGame trio_game_trichess;

G_END_DECLS
