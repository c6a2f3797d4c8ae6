/* trio-status.h: the sentences that tell the players where the game stands */
#pragma once

#include "trio-session.h"

G_BEGIN_DECLS

/* The translated name of a game. */
const char *trio_status_game_name        (const char  *game_id);
/* A translated one-line description of a game (for the chooser). */
const char *trio_status_game_blurb       (const char  *game_id);
/* Whose turn it is, who is thinking, or how the game ended. */
char       *trio_status_describe         (TrioSession *session);
/* A player's line in the side panel: name, computer level, pieces in hand or score. */
char       *trio_status_describe_player  (TrioSession *session,
                                          int          player,
                                          const char  *name);
/* The translated name of a computer level. */
const char *trio_status_level_name       (int          level);

G_END_DECLS
