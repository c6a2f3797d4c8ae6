/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-endgame-index.h: a perfect hash of small endgames on a 24-point board, up to symmetry
 *
 * A position is seen from the player to move: the set of his points (mover, a pieces)
 * and that of his opponent (other, b pieces). A group of symmetries of the board (given
 * as permutations of the points) maps a position onto others of the same value, so the
 * index numbers one position per class: the mover's set is mapped onto the first set of
 * its orbit (in the numeric order of masks), and the other set, so mapped, is numbered
 * among the points the mover leaves free (the combinatorial number system). Where a
 * symmetry fixes the mover's set, the smallest such number is the canonical one and the
 * others are holes, which bg_endgame_index_decode() tells apart.
 *
 * Internal to libboardgames (the morris endgame tables).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BG_ENDGAME_N_POINTS 24
#define BG_ENDGAME_MAX_SYMMETRIES 48
/* The most pieces of one side the index numbers. */
#define BG_ENDGAME_MAX_SET 4

typedef struct _BgEndgameIndex BgEndgameIndex;

/* perms[t][p] is the image of point p under symmetry t; perms[0] must be the identity. */
BgEndgameIndex *bg_endgame_index_new    (const guint8          (*perms)[BG_ENDGAME_N_POINTS],
                                         guint                   n_symmetries);
void            bg_endgame_index_free   (BgEndgameIndex         *index);
guint           bg_endgame_index_get_n_symmetries (const BgEndgameIndex *index);

/* The number of indices of the layer of a pieces to move against b (1 .. MAX_SET each). */
guint64         bg_endgame_index_size   (const BgEndgameIndex   *index,
                                         guint                   a,
                                         guint                   b);
/* The index of a position, in the layer of its pieces' counts. */
guint64         bg_endgame_index_encode (const BgEndgameIndex   *index,
                                         guint32                 mover,
                                         guint32                 other);
/* The position of an index of layer (a, b); FALSE for a hole of the index. */
gboolean        bg_endgame_index_decode (const BgEndgameIndex   *index,
                                         guint                   a,
                                         guint                   b,
                                         guint64                 i,
                                         guint32                *mover,
                                         guint32                *other);
/* The image of a set of points under symmetry t. */
guint32         bg_endgame_index_apply  (const BgEndgameIndex   *index,
                                         guint                   t,
                                         guint32                 set);
/* How many positions the class of (mover, other) holds (the size of its orbit). */
guint           bg_endgame_index_orbit  (const BgEndgameIndex   *index,
                                         guint32                 mover,
                                         guint32                 other);

G_END_DECLS
