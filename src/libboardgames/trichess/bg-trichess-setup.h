/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-trichess-setup.h: reading TRICHESS's setup text (bg-trichess-setup.c), private to the
 * bg-trichess*.c files */
#pragma once

#include "bg-trichess-board.h"

G_BEGIN_DECLS

/* Reads the setup text (bg-trichess.h) into pos, cleared for its board beforehand; sets
 * all but the key. On error pos is unchanged. */
gboolean bg_tc_parse_setup  (TcPosition       *pos,
                             const char       *text,
                             GError          **error);

G_END_DECLS
