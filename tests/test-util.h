/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-util.h: helpers shared by the engine test suites
 *
 * Each helper asserts with Check (ck_assert*), so a failure inside one fails the test
 * that called it.
 */
#pragma once

#include <check.h>

#include "bg-game.h"
#include "bg-search.h"

G_BEGIN_DECLS

GHashTable *tu_options         (const char   *name,
                                ...) G_GNUC_NULL_TERMINATED;
BgGame     *tu_new_game        (const char   *id,
                                GHashTable   *options,
                                const char   *setup);
void        tu_play            (BgGame       *game,
                                const char   *moves);
int         tu_compare_strings (gconstpointer a,
                                gconstpointer b);
char       *tu_legal_texts     (const BgGame *game);
guint       tu_n_legal         (const BgGame *game);
guint       tu_count_prefix    (const BgGame *game,
                                const char   *prefix);
int         tu_run_suite       (Suite        *suite);
/* The share of the exhaustive checks that runs, in percent: $TRIO_TEST_PERCENT (1 to 100,
 * 100 when unset); the sanitized test setup runs a quarter (tests/meson.build). */
guint       tu_percent         (void);
/* Of an exhaustive loop, one item in tu_stride () runs: 100 / tu_percent (). */
guint       tu_stride          (void);
/* Runs a search of game with limits (no time limit, max_depth beyond reach) on another
 * thread and cancels it after delay_ms: it must return TRUE with a legal move, before its
 * maximum depth. */
void        tu_check_cancel    (BgGame               *game,
                                const BgSearchLimits *limits,
                                guint                 delay_ms);

/* Issue 43: limits the test's process to the address space it has now plus extra bytes
 * (RLIMIT_AS), so that a reader growing without end fails instead of filling the machine.
 * Only in a forked test (CK_FORK=yes: the limit stays with the process); nothing under the
 * address sanitizer, whose shadow memory takes terabytes of address space. */
void        tu_limit_memory    (guint64       extra);
/* Makes path a sparse file of size bytes (a hole after head, head_size bytes, if not NULL). */
void        tu_make_sparse     (const char   *path,
                                const void   *head,
                                gsize         head_size,
                                guint64       size);

/* The descriptors for front ends (bg-rules.h): a name, a blurb and describe_move; a label
 * for every option, and one value label per value for an option with values (none for
 * a number); player_names NULL or max_players names then NULL. */
void        tu_check_descriptors (const BgRules *rules);
/* The location named name (rules->location_name); fails when there is none. */
int         tu_location        (const BgRules *rules,
                                const char    *name);
/* Why no legal move of game begins with the locations named in names, separated by spaces
 * ("c2 a3"), as bg_game_explain_locations() says; NULL when one does. */
char       *tu_explain         (const BgGame  *game,
                                const char    *names);
/* Why the well-formed move text is not legal in game, as the rules' explain_illegal says;
 * NULL when it finds the move legal. */
char       *tu_explain_move    (const BgGame  *game,
                                const char    *text);
/* Checks those explanations (a macro, for the line of a failure); expected NULL: legal. */
#define tu_assert_explain(game, names, expected) \
  G_STMT_START { \
    g_autofree char *tu_why = tu_explain (game, names); \
    ck_assert_pstr_eq (tu_why, expected); \
  } G_STMT_END
#define tu_assert_explain_move(game, text, expected) \
  G_STMT_START { \
    g_autofree char *tu_why = tu_explain_move (game, text); \
    ck_assert_pstr_eq (tu_why, expected); \
  } G_STMT_END
/* What the legal move text does in game (bg_game_describe_move); fails when it is refused,
 * or when bg_game_describe_played() says otherwise once the move is played (on a copy). */
BgMoveInfo  tu_describe        (const BgGame *game,
                                const char   *text);
/* text is a well-formed move that is not legal in game: describing it returns FALSE and
 * leaves the info untouched. */
void        tu_check_describe_illegal (const BgGame *game,
                                       const char   *text);
/* Checks the fields of a board game's move (tile -1); locations by name, "" for -1. */
void        tu_assert_move_info (const BgRules    *rules,
                                 const BgMoveInfo *info,
                                 BgMoveFlags       flags,
                                 const char       *from,
                                 const char       *to,
                                 const char       *removed,
                                 int               piece,
                                 int               promotion);

/* The marks of game's position (bg_game_get_marks) as text, players from 1 and locations
 * by name, separated by ", ": "line 1 a1 b1 c1", "mill 2 a7 d7 g7", "check 1 1-h1"; ""
 * when there are none. */
char       *tu_marks_text      (const BgGame *game);
/* The path of the legal move text in game (bg_game_move_path), "1-e2 1-e3 1-e4"; fails
 * unless bg_game_played_path() gives the same once the move is played (on a copy). */
char       *tu_path_text       (const BgGame *game,
                                const char   *text);

G_END_DECLS
