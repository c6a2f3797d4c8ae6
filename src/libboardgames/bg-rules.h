/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-rules.h: the interface every rule set of libboardgames implements
 *
 * A rule set describes a game as a plain-old-data position (a fixed-size struct that
 * can be copied with memcpy) and a table of functions over it. Undo is done by keeping
 * copies of earlier positions, so play() needs no inverse. The generic game object
 * (BgGame), the perft driver and the alpha-beta search only ever use this table.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A move, encoded by each rule set in its own way. BG_MOVE_NONE is never a legal move. */
typedef guint32 BgMove;
#define BG_MOVE_NONE ((BgMove) 0xffffffffu)

/* Scores are centred on 0; a win found by search is BG_SCORE_WIN minus the distance. */
#define BG_SCORE_WIN 1000000
#define BG_SCORE_WIN_MIN (BG_SCORE_WIN - 1000)

typedef enum
{
  BG_RESULT_ONGOING,
  BG_RESULT_WIN,
  BG_RESULT_DRAW,
} BgResult;

typedef enum
{
  BG_REASON_NONE,
  BG_REASON_LINE_OF_THREE,   /* Triple Alliance: a line of three in the movement phase */
  BG_REASON_TWO_PIECES,      /* morris: the loser has only two pieces left */
  BG_REASON_NO_MOVE,         /* the player to move has no legal move */
  BG_REASON_DRAW_AGREED,     /* the repetition draw offer was accepted */
  BG_REASON_CHECKMATE,
  BG_REASON_PAT,
  BG_REASON_FAT,
  BG_REASON_FAT_MATE,
  BG_REASON_TARGET_SCORE,    /* Triomino: a player reached the target score */
  BG_REASON_RESIGNED,        /* the loser resigned (bg_game_resign()) */
  BG_N_REASONS
} BgReason;

typedef struct
{
  BgResult result;
  gint8 winner;      /* player index, or -1 */
  gint8 loser;       /* player index (the serf in TRICHESS), or -1 */
  gint8 other;       /* TRICHESS: the vassal, or -1 */
  BgReason reason;
} BgStatus;

/* What a front end does with an option, beyond offering its values. */
typedef enum
{
  BG_OPTION_HIDDEN = 1 << 0,  /* not offered in a new-game dialog: it keeps its default */
  BG_OPTION_DRAWN  = 1 << 1,  /* not offered: a fresh random value in its range each game
                               * (Triomino's deal) */
  BG_OPTION_SEATS  = 1 << 2,  /* a numeric option that sets the number of players */
} BgOptionFlags;

/* An option a rule set accepts in bg_game_new(), e.g. variant=standard. */
typedef struct
{
  const char *name;
  const char *default_value;
  const char *const *values;  /* NULL-terminated list of allowed values, or NULL for a number */
  int min, max;               /* the range of a numeric option */
  const char *description;     /* for the engine tool's help */
  /* For front ends (English, marked N_() so that the application translates them): the
   * option's label in a new-game dialog, with its mnemonic underscore ("_Board", for
   * gtk_label_new_with_mnemonic()), and one label per value, in the order of values
   * ("Prolapsus (round obstacle)"), or NULL for a numeric option. */
  const char *label;
  const char *const *value_labels;
  BgOptionFlags flags;
} BgOptionSpec;

/* A piece as front ends see it: the owner (player index) and a kind of the game's own
 * (TRICHESS: pawn 1, knight 2, bishop 3, rook 4, queen 5, king 6, promoted pawn 7; the
 * morris games: 0). */
#define BG_NO_PIECE (-1)
#define BG_PIECE(owner, kind) ((owner) << 8 | (kind))
#define BG_PIECE_OWNER(piece) ((piece) >> 8)
#define BG_PIECE_KIND(piece) ((piece) & 0xff)

/* The most locations a move is made of (piece, destination, removal). */
#define BG_MAX_MOVE_LOCATIONS 4

/* What a move does, for front ends, so that none of them parses notation text
 * (bg_game_describe_move()). */
typedef enum
{
  BG_MOVE_PLACES   = 1 << 0,  /* a piece or a tile comes from the hand onto the board */
  BG_MOVE_MOVES    = 1 << 1,  /* a piece goes from one location to another */
  BG_MOVE_REMOVES  = 1 << 2,  /* an enemy piece leaves the board (a mill, a capture) */
  BG_MOVE_PROMOTES = 1 << 3,  /* a pawn is promoted */
  BG_MOVE_DRAWS    = 1 << 4,  /* a tile is drawn from the pile */
  BG_MOVE_PASSES   = 1 << 5,  /* the turn passes without a move on the board */
} BgMoveFlags;

typedef struct
{
  BgMoveFlags flags;
  int from;              /* the location a piece leaves, or -1 */
  int to;                /* the location a piece lands on, or -1 */
  int removed;           /* the location of the piece removed or captured, or -1 */
  int piece;             /* the piece placed or moved (BG_PIECE), or BG_NO_PIECE */
  /* The kind promoted to, as the notation names it, or 0: TRICHESS knight 2, bishop 3,
   * rook 4, queen 5 (a pawn promoted to a queen then stands on the board as kind 7). */
  int promotion;
  /* Games without fixed locations (Triomino): the tile placed, its triangle and the values
   * on its corners 0, 1, 2 (see bg-triomino.h); tile is -1 otherwise. Such a game leaves
   * from, to and removed at -1 and piece at BG_NO_PIECE. */
  int tile;
  int row, col;          /* notation coordinates; 0 when tile is -1 */
  int values[3];         /* 0 when tile is -1 */
} BgMoveInfo;

/* Sets every field of info to "unused" (flags 0, locations and tile -1, piece
 * BG_NO_PIECE, the rest 0), for describe_move() to fill in what its move does. */
void            bg_move_info_init (BgMoveInfo *info);

/* What a front end draws on the board beyond the pieces (bg_game_get_marks()). */
typedef enum
{
  BG_MARK_LINE,    /* La Triple Alliance: a line of three that won the game */
  BG_MARK_MILL,    /* the morris games: a mill the last move closed */
  BG_MARK_CHECK,   /* TRICHESS: a king in check */
} BgMarkKind;

#define BG_MAX_MARK_LOCATIONS 3
/* The most marks a position has (two mills at once; three kings in check). */
#define BG_MAX_MARKS 8

typedef struct
{
  BgMarkKind kind;
  int        player;        /* whose line or mill; whose king */
  guint      n_locations;
  /* A line's or a mill's points in order along it; the square of a king in check. */
  guint      locations[BG_MAX_MARK_LOCATIONS];
} BgMark;

/* The most locations a moving piece passes (bg_game_move_path()). */
#define BG_MAX_PATH_LOCATIONS 32

typedef struct _BgRules BgRules;

/* Defined in bg-search.h; named here for the rule sets that bring their own player. */
typedef struct _BgSearch BgSearch;
typedef struct _BgSearchLimits BgSearchLimits;
typedef struct _BgSearchResult BgSearchResult;
typedef struct _BgGame BgGame;
/* Defined in bg-analysis.h. */
typedef struct _BgAnalysisHooks BgAnalysisHooks;

struct _BgRules
{
  const char *id;             /* "marelle", "triple-alliance", ... */
  const char *name;           /* English display name, marked N_() (the app translates it) */
  gsize position_size;        /* sizeof the position struct */
  guint max_moves;            /* an upper bound on legal_moves() in any position */
  guint max_players;
  const BgOptionSpec *options; /* terminated by an entry whose name is NULL */
  guint no_move_loses : 1;    /* apply the common "no legal move loses" rule */
  guint repetition_draw : 1;  /* apply the common repetition draw offer */

  /* Set up the start position. Options have already been checked against the specs;
   * missing options carry their default value. */
  gboolean (*init) (void *pos, GHashTable *options, GError **error);

  int (*player_to_move) (const void *pos);
  int (*n_players) (const void *pos);

  /* Writes the legal moves into moves (room for max_moves) and returns their number.
   * Returns 0 in a position that rule_status() reports as finished. */
  guint (*legal_moves) (const void *pos, BgMove *moves);

  /* Plays a legal move. */
  void (*play) (void *pos, BgMove move);

  /* The position key for repetition and transposition tables: side to move, pieces in
   * hand and everything else that changes which moves are legal. */
  guint64 (*key) (const void *pos);

  /* A result reached by the game's own rules (line of three, two pieces left...), or
   * BG_RESULT_ONGOING. The common rules (no move, repetition) are applied by the core. */
  BgStatus (*rule_status) (const void *pos);

  /* Static evaluation from the point of view of player. */
  int (*evaluate) (const void *pos, int player);

  /* Notation. format writes at most size bytes including the NUL; parse checks only
   * the syntax and returns FALSE with an error message for malformed text. */
  void (*format_move) (const void *pos, BgMove move, char *buf, gsize size);
  gboolean (*parse_move) (const void *pos, const char *text, BgMove *move, GError **error);

  /* A human-readable picture of the position (for the engine tool and tests). */
  char *(*to_text) (const void *pos);

  /* Optional: a one-line description of a position, written by format_position and read
   * back by parse_position ("setup" in the engine tool, constructed positions in tests).
   * parse_position must reject anything it cannot make a consistent position of. */
  char *(*format_position) (const void *pos);
  gboolean (*parse_position) (void *pos, GHashTable *options, const char *text,
                              GError **error);

  /* Optional, for a game with hidden information (Triomino's hands and pile); NULL in a
   * game whose every seat sees the whole position, whose view is then its format_position
   * text (bg-view.h). format_view writes pos as seat sees it (-1: a spectator, who sees no
   * hand), in one line that names nothing the seat may not see. parse_view reads such a
   * text into pos (initialised by init from the options): a position that shows what the
   * view shows, counts what it hides, and lists, when the viewer is to move, exactly the
   * moves the whole position has (legal_moves lists none for another seat). The text comes
   * from the network: parse_view rejects anything it cannot make a consistent view of,
   * and never crashes. play is never called on such a position (BgGame refuses), and the
   * game's search, when it has one, returns FALSE on it. */
  char *(*format_view) (const void *pos, int seat);
  gboolean (*parse_view) (void *pos, GHashTable *options, const char *text, GError **error);
  /* Optional, with format_view: what played move, from before to after, shows seat beyond
   * its notation, which every seat reads (Triomino: the tile drawn, to the drawer; every
   * hand, to everyone, when the round's end counts them), as words "name=value" separated
   * by spaces; NULL when it shows nothing more. */
  char *(*reveals) (const void *before, BgMove move, const void *after, int seat);

  /* Board access for front ends, so that they need not know the position struct. The
   * points or squares are numbered from 0 to n_locations - 1 (n_locations is 0 for a game
   * without a fixed board, Triomino, which has its own API). */
  guint n_locations;
  void (*location_name) (guint location, char *buf, gsize size);
  int (*piece_at) (const void *pos, guint location);
  /* Optional: the pieces a player still has to place. */
  int (*pieces_in_hand) (const void *pos, int player);
  /* The locations a player points at to make a move, in order: the piece that moves (none
   * for a placement), its destination, then a piece removed. Returns how many. Moves that
   * share their locations (TRICHESS promotions) differ only by their notation. */
  guint (*move_locations) (const void *pos, BgMove move, guint *locations);

  /* Optional: why a move that is not legal is not; sets error and returns FALSE, or
   * returns TRUE when the move is legal after all. */
  gboolean (*explain_illegal) (const void *pos, BgMove move, GError **error);

  /* For front ends (English, marked N_() so that the application translates them): a
   * one-line description of the game, and the names of the seats (max_players entries,
   * then NULL), or NULL when seats are only numbered ("Player 1"). name above is marked
   * N_() too. */
  const char *blurb;
  const char *const *player_names;
  /* Optional: the game's name for a choice of options when it differs from name (Marelle
   * with variant=standard is "Nine Men’s Morris"), or NULL (also when it does not). */
  const char *(*title) (GHashTable *options);

  /* What a legal move does in pos (fills every field; see BgMoveInfo). */
  void (*describe_move) (const void *pos, BgMove move, BgMoveInfo *info);

  /* Optional: the game's own computer player (games of more than two players, games of
   * chance). When NULL, bg_search_run() plays the shared alpha-beta search; when set,
   * bg_search_run() calls it instead. It must return a legal move, honour the limits
   * (limits->level tells the level, 0 for custom limits) and poll
   * bg_search_should_stop() often. */
  gboolean (*search) (BgSearch *search, const BgGame *game, const BgSearchLimits *limits,
                      BgSearchResult *result);

  /* Optional: the marks of pos (see BgMark), which move led to from before (before NULL
   * and move BG_MOVE_NONE for a position no move led to). Writes at most max marks and
   * returns how many. */
  guint (*marks) (const void *before, BgMove move, const void *pos, BgMark *marks,
                  guint max);

  /* Optional: the locations the piece a legal move moves passes, from its start to its
   * destination inclusive (a placement: its destination alone), at most max; returns how
   * many. When NULL, the path is the move's from and to (describe_move). */
  guint (*move_path) (const void *pos, BgMove move, guint *locations, guint max);

  /* Optional: why no legal move of pos begins with these locations (n of them, 1 to
   * BG_MAX_MOVE_LOCATIONS, each below n_locations, in the order of move_locations), or,
   * when complete, why none is made of exactly these: a short sentence for the player who
   * pointed at them (a click on the board), translated, in error (BG_ERROR_ILLEGAL_MOVE),
   * and FALSE. Returns TRUE when such a legal move exists. Called in a game that goes on
   * (bg_game_explain_locations()); the rule sets' explain_illegal builds on it. */
  gboolean (*explain_locations) (const void *pos, const guint *locations, guint n,
                                 gboolean complete, GError **error);

  /* Optional: the exact score of pos from a perfect endgame table, for the shared search
   * (bg-search.c), which calls it at every node: TRUE with *score, for the player to move,
   * BG_SCORE_WIN - (ply + d) for a win in d plies from pos, its opposite for a loss, 0 for
   * a draw; FALSE when no installed table covers pos (Marelle: bg-marelle-endgame.h). */
  gboolean (*probe_endgame) (const void *pos, guint ply, int *score);
  /* Optional, for the shared alpha-beta search: whether a legal move of pos takes material
   * (a mill's removal). Such moves are searched early and never reduced. */
  gboolean (*move_is_capture) (const void *pos, BgMove move);
  /* Optional, with move_is_capture: whether the search looks at the captures of pos past
   * its horizon (quiescence), where that plays better. */
  gboolean (*quiesce) (const void *pos);

  /* Optional: what the analysis of a game (bg-analysis.h) needs of the rule set: its
   * thresholds and budget, and how it rates moves other than by the shared search (from a
   * solved table, by points). NULL: searched, with the defaults of BgAnalysisHooks. */
  const BgAnalysisHooks *analysis;

  /* Optional, for games of three players or more: the winner when player resigner resigns
   * in pos, the others ranked as the rules' own end would rank them, or -1 for none (a tie
   * at the top). Without it the other player wins a two-player game, and nobody wins a
   * game of more. */
  int (*resign_winner) (const void *pos, int resigner);

  /* Optional, for a game whose end gives each of three players a place (BgStatus winner,
   * loser, other): the rules' words for the three, untranslated (TRICHESS: "seigneur",
   * "serf", "vassal"), which the engine tool's status names. NULL: none. */
  const char *const *end_roles;
};

#define BG_ERROR (bg_error_quark ())

typedef enum
{
  BG_ERROR_UNKNOWN_GAME,
  BG_ERROR_BAD_OPTION,
  BG_ERROR_MALFORMED_MOVE,
  BG_ERROR_ILLEGAL_MOVE,
  BG_ERROR_GAME_OVER,
  BG_ERROR_BAD_FILE,
  BG_ERROR_CANCELLED,
  BG_ERROR_VIEW,         /* a game set up from a view that hides something is not played */
} BgError;

GQuark          bg_error_quark    (void);

/* Sets error (BG_ERROR, code, a printf-style message) and returns FALSE, for the parse
 * functions that stop at their first problem: "return bg_fail (error, …);". */
gboolean        bg_fail           (GError    **error,
                                   BgError     code,
                                   const char *format,
                                   ...) G_GNUC_PRINTF (3, 4);

/* The registry of rule sets. */
const BgRules  *bg_rules_lookup   (const char *id);
const BgRules *const *bg_rules_list (void);

/* For the rule sets' explanations (bg-explain.c): whether a legal move of pos begins with
 * these locations, in the order of rules->move_locations (when complete: is made of exactly
 * these); and an explain_illegal built on explain_locations, for a move whose
 * move_locations are the whole story (the rule set checks what they do not show first). */
gboolean        bg_rules_has_move_with (const BgRules *rules,
                                        const void    *pos,
                                        const guint   *locations,
                                        guint          n,
                                        gboolean       complete);
gboolean        bg_rules_explain_move  (const BgRules *rules,
                                        const void    *pos,
                                        BgMove         move,
                                        GError       **error);

/* A reason's name in the engine tool's protocol ("checkmate", "line of three"; "" for
 * BG_REASON_NONE); not translated. */
const char     *bg_reason_to_string (BgReason reason);

G_END_DECLS
