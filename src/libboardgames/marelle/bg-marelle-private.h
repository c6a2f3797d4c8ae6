/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-marelle-private.h: the Marelle position and board, private to the bg-marelle*.c files */
#pragma once

#include "bg-rules.h"

G_BEGIN_DECLS

#define N_POINTS 24
#define N_PIECES 9

typedef enum
{
  VARIANT_TRIPLE,
  VARIANT_STANDARD,
} Variant;

typedef struct
{
  guint64 key;
  guint32 board[2];   /* pieces of each player */
  guint8 hand[2];     /* pieces still to place */
  guint8 count[2];    /* pieces on the board */
  guint8 side;        /* player to move, 0 or 1 */
  guint8 variant;
} MarellePos;

#define BG_MARELLE_N_MILLS 16

/* The names of the points, such as "d6", in index order. */
extern const char bg_marelle_point_names[N_POINTS][3];
/* The points next to each point, by variant: filled by bg_marelle_tables_init(). */
extern guint32 bg_marelle_adjacent[2][N_POINTS];
/* The points of each mill, and the other two points of the two mills through each point:
 * filled by bg_marelle_tables_init(). */
extern guint32 bg_marelle_mill_masks[BG_MARELLE_N_MILLS];
extern guint32 bg_marelle_point_mill_rest[N_POINTS][2];
/* By variant: a player with this many pieces or fewer on the board (none in hand) flies. */
extern const int bg_marelle_fly_limit[2];

/* Without -mpopcnt, __builtin_popcount is a library call; this is faster. */
static inline int
bg_marelle_popcount32 (guint32 x)
{
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return (int) ((x * 0x01010101u) >> 24);
}

/* Shared by the rules and the position text (bg-marelle.c). */

/* Fills the board tables and the Zobrist keys, the first time only: call it before using
 * them. */
void     bg_marelle_tables_init          (void);
/* The Zobrist key of pos, computed from scratch. */
guint64  bg_marelle_compute_key          (const MarellePos *pos);
/* The point named by a file letter (either case) and a rank digit, or -1. */
int      bg_marelle_point_from_name      (char              file,
                                          char              rank);
/* The variant the options choose (triple when none does). */
Variant  bg_marelle_variant_from_options (GHashTable       *options);

/* The diagram and the position text "p1=a1,d1 p2=a7 hand=6,8 turn=1": the to_text,
 * format_position and parse_position of the rules (bg-marelle-setup.c). */
char    *bg_marelle_to_text              (const void       *p);
char    *bg_marelle_format_position      (const void       *p);
gboolean bg_marelle_parse_position       (void             *p,
                                          GHashTable       *options,
                                          const char       *text,
                                          GError          **error);

/* The evaluation (bg-marelle-eval.c): the rules' evaluate, the sum of the features of a
 * position (player's less the other's) times their weights. */
typedef enum
{
  BG_MARELLE_F_PIECE,          /* a piece on the board or in hand */
  BG_MARELLE_F_MILL,           /* a closed mill */
  BG_MARELLE_F_TWO,            /* two pieces and an empty point of a mill */
  BG_MARELLE_F_CLOSABLE,       /* an empty point the player can close a mill on next move */
  BG_MARELLE_F_RUNNING,        /* a piece that closes a mill by opening another */
  BG_MARELLE_F_STEP,           /* stepping: a step a piece can make */
  BG_MARELLE_F_STUCK,          /* stepping: a piece with no step */
  BG_MARELLE_F_PLACE_REACH,    /* placing: an empty point next to a piece */
  BG_MARELLE_F_PLACE_STUCK,    /* placing: a piece with no empty point next to it */
  BG_MARELLE_F_FEW_STEPS,      /* stepping: 3 less the steps, when two or fewer */
  BG_MARELLE_F_BLOCKED,        /* stepping with no step: 3 when to move (lost), else 1 */
  BG_MARELLE_F_THREAT_TO_MOVE, /* to move, and a mill to close */
  BG_MARELLE_F_DOUBLE_THREAT,  /* not to move, and two points to close mills on */
  BG_MARELLE_F_FLYING,         /* the player flies */
  BG_MARELLE_F_LAST_PIECE,     /* three pieces left, and the other side can close a mill */
  BG_MARELLE_N_FEATURES
} BgMarelleFeature;

int        bg_marelle_evaluate           (const void       *p,
                                          int               player);
void       bg_marelle_eval_features      (const void       *p,
                                          int               player,
                                          int              *features);
/* The weights of a Variant, BG_MARELLE_N_FEATURES of them. */
const int *bg_marelle_eval_weights       (int               variant);

/* Why a placement, a step or a removal is not legal (bg-marelle-explain.c): the rules'
 * explain_locations and explain_illegal. */
gboolean bg_marelle_explain_locations    (const void       *p,
                                          const guint      *locations,
                                          guint             n,
                                          gboolean          complete,
                                          GError          **error);
gboolean bg_marelle_explain_illegal      (const void       *p,
                                          BgMove            move,
                                          GError          **error);

/* For the endgame tables (bg-marelle-endgame*.c). */

/* Whether a piece of own arriving at point closes a mill (the other two points of a mill
 * through it are own's; own itself may hold point or not). */
gboolean bg_marelle_forms_mill           (guint32           own,
                                          int               point);
/* The rules' probe_endgame: the installed table's exact score of pos (bg-marelle-endgame.c). */
gboolean bg_marelle_endgame_probe_score  (const void       *pos,
                                          guint             ply,
                                          int              *score);

G_END_DECLS
