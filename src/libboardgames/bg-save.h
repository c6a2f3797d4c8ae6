/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-save.h: saved games, a versioned text format
 *
 * A saved game is UTF-8 text, one statement a line, made to be read, diffed and edited
 * by hand. It holds the game, its options, where it started, who sits at each seat and the
 * moves in the game's own notation; loading replays every move, so a file can never bring
 * about a position the rules do not allow.
 *
 *   trio-save 1
 *   # saved 2025-03-01T10:12:00Z
 *   game marelle
 *   option variant=standard
 *   option first=1
 *   seed 2417813569
 *   seat 1 human "Alice"
 *   seat 2 computer 3
 *   moves d6 d2 f4 b4 d5 d3
 *   moves f6 b6
 *   end
 *
 * - The first line is "trio-save VERSION"; this code writes and reads version 1 and
 *   rejects a newer version with a message that says so. A UTF-8 byte-order mark is
 *   skipped; lines may end with CR LF.
 * - Blank lines and lines whose first non-blank character is '#' are ignored; words are
 *   separated by spaces or tabs. Every statement but "option", "seat" and "moves" may
 *   occur once.
 * - "game ID": required (marelle, triple-alliance, triomino, trichess).
 * - "option NAME=VALUE": one per option; options left out take their default value. The
 *   Triomino seed is an option ("option seed=1234"), so a Triomino game replays exactly.
 * - "start POSITION": optional, a game set up from a position (the engine tool's "setup"
 *   text); without it the game begins at the rules' start position.
 * - "seed N": optional, the seed of the computer players' choices in this game (0 to
 *   4294967295, see bg_game_get_seed()), so that a saved game replays as it was played.
 *   Without it the game gets a fresh seed; the seed is not the Triomino deal's, which is
 *   an option.
 * - "seat N human [\"NAME\"]" or "seat N computer LEVEL [\"NAME\"]": N from 1, LEVEL 1 to
 *   7 (7: perfect).
 *   Either no seat line or one for every player. A name is in double quotes, with \" and
 *   \\ as its only escapes, and no control characters. The library carries seats for the
 *   front ends and does not interpret them.
 * - "moves M1 M2 ...": the moves from the start, in order; the list may be split over
 *   several consecutive "moves" lines.
 * - "draw declined" or "draw accepted": the answer to the repetition draw offer standing
 *   after the last move (a declined offer earlier in the game needs no mention).
 * - "resign N": the seat N (from 1) resigned after the last move (bg_game_resign()).
 * - "end": required, the last statement; a file cut short is reported as truncated.
 *
 * Limits: BG_SAVE_MAX_FILE_SIZE bytes, BG_SAVE_MAX_LINE bytes a line, BG_SAVE_MAX_MOVES
 * moves. Errors are BG_ERROR_BAD_FILE and their message names the problem and its line.
 */
#pragma once

#include "bg-game.h"

G_BEGIN_DECLS

#define BG_SAVE_FORMAT_NAME "trio-save"
#define BG_SAVE_FORMAT_VERSION 1
#define BG_SAVE_MAX_FILE_SIZE (1024 * 1024)
#define BG_SAVE_MAX_LINE 16384
#define BG_SAVE_MAX_MOVES 100000
#define BG_SAVE_MAX_NAME 256      /* bytes in a seat's name */

/* Who sits at a seat. level is BG_LEVEL_MIN .. BG_LEVEL_PERFECT for a computer, 0 for a
 * human; name is NULL when the file gives none. */
typedef struct
{
  gboolean computer;
  int level;
  char *name;
} BgSeat;

void      bg_seats_free        (BgSeat       *seats,
                                guint         n_seats);

/* seats may be NULL when n_seats is 0; otherwise n_seats must be the number of players.
 * A view of a game that hides part of it (bg_game_is_view()) is not saved: NULL. */
char     *bg_save_to_string    (const BgGame *game,
                                const BgSeat *seats,
                                guint         n_seats);

/* Reads a saved game. seats and n_seats may be NULL; otherwise *seats receives a new
 * array (free it with bg_seats_free()) or NULL when the file has no seat lines. */
BgGame   *bg_save_from_string  (const char   *text,
                                BgSeat      **seats,
                                guint        *n_seats,
                                GError      **error);
/* The same, from bytes that may hold anything (NUL bytes are reported, not truncated). */
BgGame   *bg_save_from_data    (const char   *data,
                                gsize         length,
                                BgSeat      **seats,
                                guint        *n_seats,
                                GError      **error);

/* Writes atomically (a temporary file renamed over path), mode 0644. Only a regular file
 * is replaced: a device, FIFO, socket or folder at path is refused; a symbolic link is
 * followed to the regular file it leads to (a dangling or looping link is refused). A
 * failed or interrupted save leaves no temporary file behind (see bg-save-file.c). A view
 * of a game that hides part of it is refused (BG_ERROR_VIEW). */
gboolean  bg_save_to_file      (const char   *path,
                                const BgGame *game,
                                const BgSeat *seats,
                                guint         n_seats,
                                GError      **error);
/* File-system failures are G_FILE_ERROR errors; anything else BG_ERROR_BAD_FILE. At most
 * BG_SAVE_MAX_FILE_SIZE + 8 bytes are read, whatever size the file claims. */
BgGame   *bg_save_from_file    (const char   *path,
                                BgSeat      **seats,
                                guint        *n_seats,
                                GError      **error);

/* Renames a file that could not be loaded to "PATH.unreadable-YYYYmmdd-HHMMSS" (then
 * "-2", "-3"… when that name is taken: no file is ever replaced) and returns the new name,
 * or NULL with error set when it could not be renamed (it is then where it was). */
char     *bg_save_set_aside    (const char   *path,
                                GError      **error);

G_END_DECLS
