/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-ta-index.h: a perfect hash of La Triple Alliance positions up to symmetry
 *
 * A position is seen from the player to move: the points of his pieces (mover) and those
 * of his opponent (other). Positions with the same numbers of pieces form a layer. The
 * board's eight symmetries (the dihedral group of the square) map a position onto
 * others of the same value, so a layer only indexes one position per symmetry class:
 * the set of occupied points is reduced to the first of its orbit (in the numeric order
 * of masks) and numbered in the combinatorial number system, and the mover's pieces are
 * numbered among the occupied points. Where the occupied set is symmetric itself, the
 * smallest such number is the canonical one; the others are holes of the index that
 * bg_ta_index_is_canonical() tells apart.
 *
 * Internal to libboardgames (the solver and its table).
 */
#pragma once

#include <glib.h>

#include "bg-ta-board.h"

G_BEGIN_DECLS

#define BG_TA_N_SYMMETRIES 8
/* Enough for six pieces each: the largest layer has twelve occupied points. */
#define BG_TA_MAX_OCCUPIED 12

typedef struct
{
  guint a;             /* pieces of the player to move */
  guint b;             /* pieces of the other player */
  guint32 n_colorings; /* C(a + b, a) */
  guint64 size;        /* number of indices */
} BgTaLayer;

/* Builds the shared tables for layers of up to max_occupied points (thread-safe, once
 * per size; about 40 MB for all sizes up to 12). */
void     bg_ta_index_init         (guint            max_occupied);

void     bg_ta_layer_init         (BgTaLayer       *layer,
                                   guint            a,
                                   guint            b);

guint64  bg_ta_index_encode       (const BgTaLayer *layer,
                                   guint32          mover,
                                   guint32          other);
void     bg_ta_index_decode       (const BgTaLayer *layer,
                                   guint64          index,
                                   guint32         *mover,
                                   guint32         *other);
gboolean bg_ta_index_is_canonical (const BgTaLayer *layer,
                                   guint64          index);

/* The image of a set of points under symmetry t (0 is the identity). */
guint32  bg_ta_symmetry_apply     (guint            t,
                                   guint32          set);

/* Whether a set of points holds a line of three (one table look-up). */
gboolean bg_ta_index_has_line     (guint32          set);

G_END_DECLS
