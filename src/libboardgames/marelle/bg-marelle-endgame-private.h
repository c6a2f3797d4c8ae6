/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-marelle-endgame-private.h: the morris endgame table, shared by its solver and reader */
#pragma once

#include "bg-endgame-index.h"
#include "bg-marelle-endgame.h"

G_BEGIN_DECLS

/* Layer l holds a = 3 + l / 2 pieces to move against b = 3 + l % 2. */
#define ENDGAME_LAYER(a, b) (((a) - 3) * 2 + ((b) - 3))
#define ENDGAME_LAYER_A(l) (3 + (l) / 2)
#define ENDGAME_LAYER_B(l) (3 + (l) % 2)

/* The value bytes are those of the Triple Alliance table (bg-solved-table.h): 0 a draw,
 * BG_TA_INVALID a hole of the index, otherwise the distance in plies plus one, odd
 * distances winning for the player to move. */

struct _BgMarelleEndgame
{
  guint variant;
  BgEndgameIndex *index;
  guint64 sizes[BG_MARELLE_ENDGAME_N_LAYERS];   /* 0 for a layer left out */
  guint8 *values[BG_MARELLE_ENDGAME_N_LAYERS];  /* into data */
  guint8 *data;
};

/* A table of the right sizes for a rule set and its first n_layers layers (0: all), its
 * values all 0. */
BgMarelleEndgame *bg_marelle_endgame_new_empty (guint    variant,
                                                guint    n_layers);
/* How many layers a table holds (the others are empty). */
guint             bg_marelle_endgame_n_layers  (const BgMarelleEndgame *table);
/* The index of a rule set's symmetries (shared, built once). */
BgEndgameIndex   *bg_marelle_endgame_index     (guint    variant);

G_END_DECLS
