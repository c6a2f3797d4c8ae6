/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-render-trichess.h: the renderer of the three TRICHESS boards */
#pragma once

#include "board/trio-board-renderer.h"

G_BEGIN_DECLS

/* The TRICHESS boards: picture is one of boards/trichess-*.svg. */
extern const TrioBoardRenderer trio_trichess_renderer;
gpointer trio_render_trichess_new (const BgGame *game,
                                   const char   *picture,
                                   GError      **error);
/* The fill of a seat's pieces: White 0, Red 1, Black 2. */
void     trio_render_trichess_seat_color (int      seat,
                                          GdkRGBA *color);

G_END_DECLS
