/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-perfect-table.h: the solved table of a game's Perfect level, opened or computed
 *
 * What the table is, where it lives, how it is opened, solved and installed is the game's
 * (TrioGame.solved_table); this object runs it in worker threads and tells how it goes. One
 * instance, owned by the application for the game that has a solved table
 * (trio_game_find_solved_table(): La Triple Alliance today), shared by every window. At
 * start-up it opens the table if the file exists and installs it for the Perfect level; a
 * file there that is not the game's table (another game's, a damaged one, a FIFO) is
 * FAILED, with why, and compute() replaces it. Otherwise compute() solves the game in a
 * worker thread; cancel(), or quitting, stops it and leaves a checkpoint that the next
 * compute() goes on from. Every change is a property notification on the main thread.
 */
#pragma once

#include <glib-object.h>

#include "games/trio-game.h"

G_BEGIN_DECLS

typedef enum
{
  TRIO_PERFECT_TABLE_MISSING,    /* no table: compute() makes one */
  TRIO_PERFECT_TABLE_LOADING,    /* opening it (checking its checksum) */
  TRIO_PERFECT_TABLE_COMPUTING,  /* solving the game: see fraction and stage */
  TRIO_PERFECT_TABLE_READY,      /* installed: the perfect level plays from it */
  TRIO_PERFECT_TABLE_FAILED,     /* it could not be opened or computed: see error-message */
} TrioPerfectTableState;

#define TRIO_TYPE_PERFECT_TABLE_STATE (trio_perfect_table_state_get_type ())
GType trio_perfect_table_state_get_type (void) G_GNUC_CONST;

#define TRIO_TYPE_PERFECT_TABLE (trio_perfect_table_get_type ())
G_DECLARE_FINAL_TYPE (TrioPerfectTable, trio_perfect_table, TRIO, PERFECT_TABLE, GObject)

/* The table of game, which has a solved table (TrioGame.solved_table); path NULL: the
 * game's default path. Nothing is opened before load(). */
TrioPerfectTable     *trio_perfect_table_new               (const TrioGame   *game,
                                                            const char       *path);
/* The game whose table it is. */
const TrioGame       *trio_perfect_table_get_game          (TrioPerfectTable *self);
/* Opens the table in a worker thread if something is at its path (state LOADING, then
 * READY, or FAILED when it is not the table); MISSING otherwise. */
void                  trio_perfect_table_load              (TrioPerfectTable *self);
/* Solves the game in a worker thread (state COMPUTING), unless it is ready or under way. */
void                  trio_perfect_table_compute           (TrioPerfectTable *self);
/* Stops a computation: the state goes back to MISSING once the worker has stopped. */
void                  trio_perfect_table_cancel            (TrioPerfectTable *self);
/* Stops a computation and waits for its worker to write its checkpoint (at quit). */
void                  trio_perfect_table_shutdown          (TrioPerfectTable *self);

TrioPerfectTableState trio_perfect_table_get_state         (TrioPerfectTable *self);
gboolean              trio_perfect_table_is_ready          (TrioPerfectTable *self);
/* While computing: from 0 to 1, and the stage's translated name. */
double                trio_perfect_table_get_fraction      (TrioPerfectTable *self);
const char           *trio_perfect_table_get_stage         (TrioPerfectTable *self);
/* When FAILED: why (translated). */
const char           *trio_perfect_table_get_error_message (TrioPerfectTable *self);
/* Whether an interrupted computation left a checkpoint to go on from. */
gboolean              trio_perfect_table_get_resumable     (TrioPerfectTable *self);
const char           *trio_perfect_table_get_path          (TrioPerfectTable *self);

G_END_DECLS
