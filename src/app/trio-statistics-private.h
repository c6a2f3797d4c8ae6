/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-statistics-private.h: what trio-statistics.c and trio-statistics-file.c share */
#pragma once

#include "trio-statistics.h"

G_BEGIN_DECLS

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

struct _TrioStatistics
{
  GObject parent_instance;

  char *path;
  GArray *rows;          /* TrioStatisticsRow, in no order */
  GArray *scores;        /* TrioStatisticsScore, best first, at most TRIO_STATISTICS_KEPT */
  GError *save_error;    /* the last save's, or NULL */
  gboolean keep_file;    /* the file could not be read nor set aside: never replace it */
  guint64 generation;    /* new for every store and at every reset */
};

GArray            *trio_statistics_rows_new      (void);
GArray            *trio_statistics_scores_new    (void);
TrioStatisticsRow *trio_statistics_find_row      (GArray              *rows,
                                                  const char          *game,
                                                  const char          *side);
TrioStatisticsRow *trio_statistics_add_row       (GArray              *rows,
                                                  const char          *game,
                                                  const char          *side);
void               trio_statistics_insert_score  (GArray              *scores,
                                                  TrioStatisticsScore *score);
void               trio_statistics_emit_changed  (TrioStatistics      *self);
/* A player's name as the file keeps it: UTF-8 without control characters, 1 to
 * BG_SAVE_MAX_NAME bytes. */
gboolean           trio_statistics_name_is_valid (const char          *name);

G_END_DECLS
