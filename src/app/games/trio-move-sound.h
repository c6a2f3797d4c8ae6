/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-move-sound.h: which sound a played move makes, from what the engine says it did
 *
 * Plain C over the engine and the games' descriptors, no GTK object: the sound of a move
 * comes from libboardgames' answers about it (bg_game_describe_played(), the marks of the
 * position it led to, whether it ended the game) and, for what only a game knows (a
 * Triomino bonus), from its descriptor (TrioGame.move_sound). The window has it played
 * (sound/trio-sound-player.h).
 */
#pragma once

#include "bg-game.h"

G_BEGIN_DECLS

/* The sounds, each a file sounds/NAME.oga in the resources (data/sounds/). */
#define TRIO_SOUND_PLACE   "place"    /* a piece set down (placed or moved) */
#define TRIO_SOUND_CAPTURE "capture"  /* a piece captured or removed */
#define TRIO_SOUND_MILL    "mill"     /* a mill or a line closed */
#define TRIO_SOUND_CHECK   "check"    /* a king put in check */
#define TRIO_SOUND_END     "end"      /* the move ended the game */
#define TRIO_SOUND_TILE    "tile"     /* a tile laid (a game without fixed locations) */
#define TRIO_SOUND_BONUS   "bonus"    /* a tile that earned a bonus (TrioGame.move_sound) */

/* The sounds' names, NULL-terminated. */
const char *const *trio_move_sound_names (void);

/* The sound of played move number index of game (in the position before it), the most
 * telling one when it does several things: the end of the game, then the game's own
 * (TrioGame.move_sound), a check given, a mill or a line, a capture or removal, then a
 * tile laid or a piece set down; NULL for a move that sounds nothing (a tile drawn, a turn
 * passed, unless it ends the game) or an index out of range. A static string. */
const char *trio_move_sound (const BgGame *game,
                             guint         index);

G_END_DECLS
