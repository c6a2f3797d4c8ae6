/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-solved-table.h: what the solved tables share: the value of a position, the byte it is
 * stored as, and the checksum, atomic writing and safe reading of their files (La Triple
 * Alliance's table, triple-alliance/solver/; the morris endgame tables, marelle/)
 *
 * A value byte is 0 for a draw (or not yet known while solving), BG_TA_INVALID for a
 * hole of the index or a position that cannot occur, and otherwise the distance to the
 * end in plies plus one: an even distance loses for the player to move, an odd one wins.
 * The names keep the prefix of La Triple Alliance's solver, where they come from.
 */
#pragma once

#include "bg-rules.h"

G_BEGIN_DECLS

#define BG_TA_INVALID 255
#define BG_TA_MAX_VALUE 254
/* The bytes of a table file's header, before its values. */
#define BG_TA_HEADER_SIZE 256

/* La Triple Alliance's solved table (triple-alliance/solver/bg-ta-table.h), which the
 * analysis of a game is given (bg-analysis.h). */
typedef struct _BgTaTable BgTaTable;

typedef enum
{
  BG_TA_OUTCOME_UNKNOWN,  /* not in the table (a position the table does not cover) */
  BG_TA_OUTCOME_WIN,
  BG_TA_OUTCOME_DRAW,
  BG_TA_OUTCOME_LOSS,
} BgTaOutcome;

/* A value from the point of view of the player to move: he wins, or loses, in distance
 * plies (half moves) with best play on both sides. */
typedef struct
{
  BgTaOutcome outcome;
  guint distance;
} BgTaValue;

typedef struct
{
  BgMove move;
  BgTaValue value;   /* of the move, for the player who makes it */
  guint mistakes;    /* the opponent's replies that would make his result worse */
  guint replies;     /* all of the opponent's replies */
} BgTaMoveValue;

/* A value in the search's terms: BG_SCORE_WIN less the distance for a win, its opposite for
 * a loss, 0 for a draw (or a position not in the table). */
int         bg_ta_value_to_score      (BgTaValue         value);
/* The value a byte of a table stands for (above; the morris endgame tables use the same
 * bytes): BG_TA_OUTCOME_UNKNOWN for BG_TA_INVALID. */
BgTaValue   bg_ta_value_from_byte     (guint8            byte);
/* Compares values for the player they belong to: > 0 when a is better than b. */
int         bg_ta_value_compare       (BgTaValue         a,
                                       BgTaValue         b);

typedef struct
{
  guint64 lane[4];
  guint64 length;
  guint8 pending[32];   /* bytes waiting for a whole block */
} BgTaChecksum;

void     bg_ta_checksum_init   (BgTaChecksum         *sum);
void     bg_ta_checksum_update (BgTaChecksum         *sum,
                                const guint8         *data,
                                gsize                 size);
guint64  bg_ta_checksum_end    (const BgTaChecksum   *sum);

typedef struct
{
  const guint8 *data;
  gsize size;
} BgTaChunk;

/* Writes the chunks one after the other to a temporary file beside path, syncs it and
 * renames it to path: a file that has its name is complete. */
gboolean bg_file_write_atomic  (const char           *path,
                                const BgTaChunk      *chunks,
                                guint                 n_chunks,
                                GError              **error);

/* Reading a table file safely (issue 43). Whatever is at the path, opening it neither waits
 * (a FIFO has no writer) nor reads anything but a regular file's header; the game checks the
 * header and that the file's size is the one it gives, and only then reads or maps the values,
 * never more than that size. */
typedef struct
{
  int fd;
  char *path;                         /* NULL: not open */
  guint64 size;                       /* the file's, when it was opened */
  guint8 header[BG_TA_HEADER_SIZE];   /* its first bytes; zeros past its end */
} BgTableFile;

/* Opens path (O_NONBLOCK, then a regular file only) and reads its header. */
gboolean      bg_table_file_open   (BgTableFile          *file,
                                    const char           *path,
                                    GError              **error);
/* Reads the next size bytes (after the header, at first) into data, adding them to sum when
 * it is not NULL; a file that ends before is truncated. */
gboolean      bg_table_file_read   (BgTableFile          *file,
                                    guint8               *data,
                                    guint64               size,
                                    BgTaChecksum         *sum,
                                    GError              **error);
/* Maps the header and the size bytes after it, read-only (bg_table_file_unmap() with the
 * same size); the mapping outlives the file's closing. */
const guint8 *bg_table_file_map    (BgTableFile          *file,
                                    guint64               size,
                                    GError              **error);
void          bg_table_file_unmap  (const guint8         *map,
                                    guint64               size);
/* Closes the file if it is open (a cleared BgTableFile is not). */
void          bg_table_file_close  (BgTableFile          *file);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BgTableFile, bg_table_file_close)

G_END_DECLS
