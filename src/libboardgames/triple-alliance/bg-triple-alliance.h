/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triple-alliance.h: La Triple Alliance (Watilliaux, about 1890)
 *
 * Two players, six pieces each, on a 5 x 5 grid of points without its centre. The
 * pieces are first placed, never three in a line, then moved one orthogonal step at a
 * time; the first to line up three pieces wins.
 */
#pragma once

#include "bg-rules.h"

G_BEGIN_DECLS

extern const BgRules bg_triple_alliance_rules;

G_END_DECLS
