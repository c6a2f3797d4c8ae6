/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-ta-table.h: reading the solved table of La Triple Alliance, and playing from it
 *
 * A table written by bg_ta_solve() tells, for every position, whether the player to
 * move wins, draws or loses with perfect play, and in how many plies. The perfect player
 * wins by the shortest way, loses by the longest, and among moves of equal value picks
 * the one whose position gives the opponent the most ways to go wrong.
 *
 * The application and the engine tool install the table they opened with
 * bg_ta_table_set_default(); the search's "perfect" level then plays from it.
 */
#pragma once

#include "bg-game.h"
#include "bg-solved-table.h"
#include "bg-search.h"
#include "bg-ta-solve.h"

G_BEGIN_DECLS

/* $XDG_CACHE_HOME/trio/triple-alliance-N.table */
char       *bg_ta_table_default_path  (guint             n_pieces);

/* Opens a table and checks its checksum (reads it all once). Whatever is at the path, a
 * FIFO, a device, a file of any size, only a regular file's header is read before it is
 * checked, then only the values it announces are mapped. */
BgTaTable  *bg_ta_table_open          (const char       *path,
                                       GError          **error);
/* The same, for the game with n_pieces each: a table of another game is refused (an error
 * that says so). path NULL: the default path of n_pieces. */
BgTaTable  *bg_ta_table_open_pieces   (const char       *path,
                                       guint             n_pieces,
                                       GError          **error);
BgTaTable  *bg_ta_table_ref           (BgTaTable        *table);
void        bg_ta_table_unref         (BgTaTable        *table);
guint       bg_ta_table_get_n_pieces  (const BgTaTable  *table);

/* Values of positions given as the sets of points of the player to move and of his
 * opponent, and whether pieces are still to be placed. */
BgTaValue   bg_ta_table_probe_sets    (const BgTaTable  *table,
                                       guint32           mover,
                                       guint32           other,
                                       gboolean          placing);
/* The value of a Triple Alliance game's current position. */
BgTaValue   bg_ta_table_probe         (const BgTaTable  *table,
                                       const BgGame     *game);

/* Rates every legal move of the game's position, best first; returns how many (moves
 * has room for the rules' max_moves). 0 when the game is over or the position is not
 * in the table. */
guint       bg_ta_table_rate_moves    (const BgTaTable  *table,
                                       const BgGame     *game,
                                       BgTaMoveValue    *moves);

/* The perfect player: the best rated move, with its score in the search's terms
 * (BG_SCORE_WIN less the distance for a win), the distance as depth, and the line
 * that both players' best moves follow. FALSE when the position is not in the table. */
gboolean    bg_ta_table_search        (const BgTaTable  *table,
                                       const BgGame     *game,
                                       BgSearchResult   *result);

/* The table the "perfect" level plays from (a new reference, or NULL). */
void        bg_ta_table_set_default   (BgTaTable        *table);
BgTaTable  *bg_ta_table_get_default   (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgTaTable, bg_ta_table_unref)

G_END_DECLS
