/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-marelle-endgame.h: perfect tables of the small morris endgames
 *
 * For each rule set of Marelle (variant=triple and variant=standard), a table tells for
 * every position with both hands empty and three or four pieces of each player on the
 * board whether the player to move wins, draws or loses with perfect play, and in how
 * many plies the game ends (a player left with two pieces, or without a legal move). It
 * is computed by retrograde analysis, layer after layer (3 v 3, then 3 v 4 with 4 v 3,
 * then 4 v 4: a mill's removal leads into a smaller layer or ends the game), up to the
 * board's symmetries: 16 for standard nine men's morris (the square's 8 and the swap of
 * the inner and outer squares), 48 for Marelle triple, whose players all fly in these
 * endgames so that only the mills matter, and any permutation of the three squares keeps
 * them.
 *
 * A table is computed at first use and cached ($XDG_CACHE_HOME/trio), written atomically
 * with a checksummed header; a damaged file is computed again. Once installed, the
 * shared search (BgRules.probe_endgame) scores every covered position exactly, so that
 * every level plays these endgames perfectly.
 */
#pragma once

#include "bg-game.h"
#include "bg-solved-table.h"

G_BEGIN_DECLS

#define BG_MARELLE_VARIANT_TRIPLE 0
#define BG_MARELLE_VARIANT_STANDARD 1
#define BG_MARELLE_ENDGAME_N_LAYERS 4

typedef struct _BgMarelleEndgame BgMarelleEndgame;

typedef struct
{
  guint variant;        /* BG_MARELLE_VARIANT_* */
  guint n_threads;      /* 0: one per core */
  const gint *cancel;   /* an atomic flag, or NULL */
  guint n_layers;       /* the first layers only, the others left empty (for tests): 1,
                         * 3 v 3; 3, all but 4 v 4; 0 or 4, all */
} BgMarelleEndgameOptions;

/* Counts of one layer: a pieces to move against b. */
typedef struct
{
  guint a, b;
  guint64 entries;                       /* the table's bytes, holes included */
  guint64 won, drawn, lost;              /* symmetry classes, for the player to move */
  guint64 all_won, all_drawn, all_lost;  /* positions */
  guint max_distance;                    /* the longest win or loss, in plies */
} BgMarelleEndgameLayerStats;

typedef struct
{
  BgMarelleEndgameLayerStats layers[BG_MARELLE_ENDGAME_N_LAYERS];
  guint n_symmetries;
  double seconds;                        /* the solve's wall time */
} BgMarelleEndgameStats;

/* Solves the endgames of a rule set (in memory). NULL when cancelled (error set). */
BgMarelleEndgame *bg_marelle_endgame_solve        (const BgMarelleEndgameOptions *options,
                                                   GError                       **error);
void              bg_marelle_endgame_free         (BgMarelleEndgame              *table);
guint             bg_marelle_endgame_get_variant  (const BgMarelleEndgame        *table);
/* Counts the positions won, drawn and lost of each layer. */
void              bg_marelle_endgame_count        (const BgMarelleEndgame        *table,
                                                   BgMarelleEndgameStats         *stats);

/* $XDG_CACHE_HOME/trio/marelle-triple-endgame.table, or marelle-standard-... */
char             *bg_marelle_endgame_default_path (guint                          variant);
/* Writes a table atomically (a header with a version and checksums, then the values). */
gboolean          bg_marelle_endgame_save         (const BgMarelleEndgame        *table,
                                                   const char                    *path,
                                                   GError                       **error);
/* Reads a table and checks it; a damaged or foreign file is an error. */
BgMarelleEndgame *bg_marelle_endgame_open         (const char                    *path,
                                                   GError                       **error);

/* The table at path when it is sound and holds what options ask for; otherwise (missing,
 * damaged, another table) the table solved with options, and written to path atomically
 * (a failure to write is only warned about). NULL with error when the solve fails. */
BgMarelleEndgame *bg_marelle_endgame_read_or_solve (const BgMarelleEndgameOptions *options,
                                                    const char                    *path,
                                                    GError                       **error);

/* The value of a position given as the points of the player to move and of the other
 * (BG_TA_OUTCOME_UNKNOWN when the table does not cover it). */
BgTaValue         bg_marelle_endgame_probe_sets   (const BgMarelleEndgame        *table,
                                                   guint32                        mover,
                                                   guint32                        other);
/* The value of a Marelle game's current position, by its rule set's installed table. */
BgTaValue         bg_marelle_endgame_probe        (const BgGame                  *game);

/* Installs a table for the search (it takes the table, which then lives as long as the
 * process, since searches read it without locks); a table installed before for the same
 * rule set is retired, not freed. */
void              bg_marelle_endgame_install      (BgMarelleEndgame              *table);
const BgMarelleEndgame *bg_marelle_endgame_get_installed (guint                   variant);
/* Installs the table of a rule set: read from path (NULL: the default path), or, when
 * it is missing or damaged, solved and written there. Returns the installed table (also
 * when it was installed already), or NULL with error. Blocks for the solve's time. */
const BgMarelleEndgame *bg_marelle_endgame_ensure (guint                          variant,
                                                   const char                    *path,
                                                   guint                          n_threads,
                                                   GError                       **error);
/* For front ends: when game is a Marelle game in which a search may reach the tables
 * (both hands nearly empty), installs its rule set's table with
 * bg_marelle_endgame_ensure(): at once when wait (the engine tool), or else on a thread
 * of its own, started once per rule set and process, while this returns at once (the
 * application: searches probe the table from the moment it is installed). Does nothing
 * when the environment sets TRIO_ENDGAME_TABLES=0 (for measuring the search alone). */
void              bg_marelle_endgame_prepare      (const BgGame                  *game,
                                                   gboolean                       wait);
/* Whether a search from game may reach a table that is not installed yet. */
gboolean          bg_marelle_endgame_pending      (const BgGame                  *game);
/* For the engine tool: as bg_marelle_endgame_prepare() without wait, the table solved on
 * n_threads (0: one per core) when it is not in the cache, then waits until it is
 * installed or until the atomic flag cancel (may be NULL) is set (at once when it is set
 * already); the computation goes on after that. Returns whether the table game needs (if
 * any) is installed. */
gboolean          bg_marelle_endgame_wait         (const BgGame                  *game,
                                                   guint                          n_threads,
                                                   const gint                    *cancel);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgMarelleEndgame, bg_marelle_endgame_free)

G_END_DECLS
