/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-statistics-file.h: the statistics as records (results and best scores) and their file
 *
 * Plain data below the TrioStatistics object (trio-statistics.h), which keeps the records,
 * records games into them and calls down here to read and write them; nothing here knows of
 * that object. A result is one row per game key and side; a best score is a score with its
 * date and the seats of its game. The file's format is in docs/save-format.md.
 */
#pragma once

#include <glib.h>

#include "session/trio-session.h"

G_BEGIN_DECLS

typedef enum
{
  TRIO_OUTCOME_WON,
  TRIO_OUTCOME_DRAWN,
  TRIO_OUTCOME_LOST,
  TRIO_N_OUTCOMES
} TrioOutcome;

/* Results of one game against one side. */
typedef struct
{
  char *game;                      /* the game key: "GAME", or "GAME/VARIANT" */
  char *side;                      /* "computer:3", "player:Alice", "player-seat:0" */
  guint counts[TRIO_N_OUTCOMES];   /* won, drawn, lost */
} TrioStatisticsRow;

/* A score among the best (the statistics keep one table of them: trio-statistics.h). */
typedef struct
{
  gint64 date;       /* Unix time, seconds */
  int score;
  guint seat;        /* the scorer's seat, an index into players */
  char **players;    /* one side per seat: "computer:3", "player:Alice", "player-seat:2" */
  guint64 id;        /* in memory only: which game entered it */
} TrioStatisticsScore;

#define TRIO_STATISTICS_N_BEST 10

/* Limits of the file: a larger file, or more rows, or a count past the largest, is
 * damaged. A record never makes more rows than the file may have. */
#define TRIO_STATISTICS_MAX_FILE_SIZE (256 * 1024)
#define TRIO_STATISTICS_MAX_ROWS 2000
#define TRIO_STATISTICS_MAX_COUNT 1000000000u
#define TRIO_STATISTICS_MAX_SCORE 1000000
#define TRIO_STATISTICS_FILE_VERSION 1
/* The best scores kept in memory: the ten shown and saved, and as many as one game may
 * withdraw (see trio-statistics.h), so that the ten are right after a withdrawal. */
#define TRIO_STATISTICS_KEPT (TRIO_STATISTICS_N_BEST + TRIO_MAX_SEATS)

/* A side, read back ("computer:2,5"). */
typedef enum
{
  TRIO_SIDE_COMPUTER,      /* levels: bit L set for level L (1..7) */
  TRIO_SIDE_PLAYER,        /* name */
  TRIO_SIDE_PLAYER_SEAT,   /* seat: a human with no name */
  TRIO_SIDE_ONLINE,        /* "online": this player's games with friends over the network */
} TrioSideKind;

typedef struct
{
  TrioSideKind kind;
  guint levels;
  const char *name;   /* points into the text parsed */
  int seat;
} TrioSide;

/* FALSE for a text that is no side. */
gboolean trio_side_parse   (const char *text,
                            TrioSide   *side);
/* The order of the Statistics window: the computer by level, then the players by name,
 * then the seats, then the online games. */
int      trio_side_compare (const char *a,
                            const char *b);
/* A player's name as the file keeps it: UTF-8 without control characters, 1 to
 * BG_SAVE_MAX_NAME bytes. */
gboolean trio_statistics_name_is_valid (const char *name);

/* New empty arrays of TrioStatisticsRow and of TrioStatisticsScore (which free their
 * strings). */
GArray            *trio_statistics_rows_new     (void);
GArray            *trio_statistics_scores_new   (void);
/* The row of game and side, or NULL. */
TrioStatisticsRow *trio_statistics_find_row     (GArray              *rows,
                                                 const char          *game,
                                                 const char          *side);
/* The row of game and side, made if need be; NULL when there are too many rows. */
TrioStatisticsRow *trio_statistics_add_row      (GArray              *rows,
                                                 const char          *game,
                                                 const char          *side);
/* Takes score (its players) into scores, kept best first (a tie keeps the earlier score
 * first), at most TRIO_STATISTICS_KEPT. */
void               trio_statistics_insert_score (GArray              *scores,
                                                 TrioStatisticsScore *score);

/* scores_group: the file's group of the best scores (TrioBestScores.file_group), or NULL
 * when no game keeps them: that group is then neither read nor written.
 *
 * Reads the file at path into rows and scores (empty arrays from the functions above). The
 * file is read whole, at most TRIO_STATISTICS_MAX_FILE_SIZE bytes, and checked whole: FALSE
 * with error set (BG_ERROR_BAD_FILE when damaged, a G_FILE_ERROR when it cannot be read)
 * when it is damaged or unreadable, and rows and scores then hold whatever was read before
 * the error. No file at path is no error: TRUE with *missing set, and nothing read. */
gboolean trio_statistics_file_read  (const char  *path,
                                     const char  *scores_group,
                                     GArray      *rows,
                                     GArray      *scores,
                                     gboolean    *missing,
                                     GError     **error);
/* Writes rows and the first TRIO_STATISTICS_N_BEST of scores to path atomically (a synced
 * temporary file renamed over the old one), creating its folder. */
gboolean trio_statistics_file_write (const char  *path,
                                     const char  *scores_group,
                                     GArray      *rows,
                                     GArray      *scores,
                                     GError     **error);

G_END_DECLS
