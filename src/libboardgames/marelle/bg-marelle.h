/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-marelle.h: Marelle triple (de Moulidars 1840) and standard nine men's morris */
#pragma once

#include "bg-rules.h"

G_BEGIN_DECLS

/* Options: variant=triple|standard (default triple), first=1|2 (default 1).
 *
 * Moves are encoded as from | to << 5 | remove << 10, each a point index 0-23 in the
 * order a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7, or 31
 * for none (from = 31: a placement; remove = 31: no removal).
 *
 * Setup text: "p1=a1,d1,g1 p2=a7 hand=6,8 turn=1". */
extern const BgRules bg_marelle_rules;

G_END_DECLS
