/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-game.h: what the application alone knows of each game, one trio-game-<id>.c each
 *
 * Everything a front end can learn from the rule set (names, seats, options and their
 * labels, what a move does) comes from libboardgames' BgRules. What is left is the
 * application's: which widget shows the game, its optional side sheet, its board picture,
 * its rules page and the few sentences of its own. The window, the chooser, the rules
 * window, the new-game dialog, the status line and the session iterate this registry and
 * never name a game.
 */
#pragma once

#include <gtk/gtk.h>

#include "bg-game.h"

G_BEGIN_DECLS

typedef struct _TrioGame TrioGame;

struct _TrioGame
{
  const char *id;                  /* the rule set's id */
  const char *rules_page;          /* rules/<language>/<rules_page>.txt in the gresource */
  int         max_level;           /* BG_LEVEL_MAX, or BG_LEVEL_PERFECT (solved game) */

  /* A new widget implementing TrioGameView that shows and plays the game. */
  GtkWidget *(*create_view)  (void);
  /* Optional: a side sheet (scores, captured pieces), also a TrioGameView, or NULL. */
  GtkWidget *(*create_sheet) (void);
  /* Optional: a picture of the game for the chooser (a few moves into a sample game). */
  BgGame    *(*sample_game)  (void);
};

/* The games in the order the chooser shows them, NULL-terminated. */
const TrioGame *const *trio_game_list   (void);
/* The game of a rule set id, or NULL. */
const TrioGame        *trio_game_lookup (const char *id);

/* The translated name of a game for its options (a game may be NULL: the default options),
 * its one-line blurb, and the name of one of its seats ("White", "Player 3"). */
const char *trio_game_get_name        (const TrioGame *self,
                                       const BgGame   *game);
const char *trio_game_get_blurb       (const TrioGame *self);
char       *trio_game_dup_seat_name   (const TrioGame *self,
                                       int             seat);

G_END_DECLS
