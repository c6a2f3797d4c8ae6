/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triple-alliance-private.h: the position of La Triple Alliance, private to its rules */
#pragma once

#include "bg-rules.h"

G_BEGIN_DECLS

#define TA_N_PIECES 6  /* pieces of each player */

typedef struct
{
  guint32 board[2];   /* the points holding a piece of each player */
  guint8 hand[2];     /* pieces each player has still to place */
  guint8 turn;        /* player to move, 0 (light) or 1 (dark) */
  guint8 padding[5];  /* always zero, so that equal positions compare equal bytewise */
  guint64 key;        /* Zobrist key, kept up to date by play() */
} TaPosition;

G_STATIC_ASSERT (sizeof (TaPosition) == 24);

/* Whether pieces remain to be placed. */
static inline gboolean
bg_ta_placement_phase (const TaPosition *pos)
{
  return pos->hand[0] != 0 || pos->hand[1] != 0;
}

/* Points and keys, shared with the position text (bg-triple-alliance.c). */

/* Writes the name of point p, such as "b2", to buf (3 bytes). */
void     bg_ta_point_name      (int               p,
                                char             *buf);
/* Parses a point at *text (either case) and moves *text past it. */
gboolean bg_ta_parse_point     (const char      **text,
                                int              *point,
                                GError          **error);
/* The Zobrist key of pos, computed from scratch. */
guint64  bg_ta_compute_key     (const TaPosition *pos);

/* The position text "p1=a1,b2 p2=d4 hand=4,5 turn=1": the format_position and
 * parse_position of the rules (bg-triple-alliance-setup.c). */
char    *bg_ta_format_position (const void       *data);
gboolean bg_ta_parse_position  (void             *data,
                                GHashTable       *opts,
                                const char       *text,
                                GError          **error);

/* Why a placement or a step is not legal (bg-triple-alliance-explain.c): the rules'
 * explain_locations and explain_illegal. */
gboolean bg_ta_explain_locations (const void       *data,
                                  const guint      *locations,
                                  guint             n,
                                  gboolean          complete,
                                  GError          **error);
gboolean bg_ta_explain_illegal   (const void       *data,
                                  BgMove            move,
                                  GError          **error);

G_END_DECLS
