/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-ta-file.h: the files of the Triple Alliance solver (internal)
 *
 * A table file is a 256-byte header followed by the value arrays of its layers, one
 * byte per index, the layer with no piece on the board first. A checkpoint has the same
 * header (another magic) followed by what a resumed run needs: the movement layer, its
 * counters while the movement phase is being solved, then the placement layers solved so
 * far, from the fullest down. Both are written to a temporary file, synced, and renamed,
 * so a file that has its name is complete; the checksum covers every byte after the
 * header, and a second one the header itself.
 *
 * Its value bytes, checksum and atomic writing are the solved tables' (bg-solved-table.h).
 */
#pragma once

#include <glib.h>

#include "bg-solved-table.h"

#include "bg-ta-board.h"

G_BEGIN_DECLS

#define BG_TA_FILE_VERSION 1
#define BG_TA_N_LAYERS_MAX (2 * BG_TA_SOLVE_MAX_PIECES + 1)

typedef enum
{
  BG_TA_FILE_TABLE,
  BG_TA_FILE_CHECKPOINT_RETRO,      /* movement values and counters; next: the layer */
  BG_TA_FILE_CHECKPOINT_PLACEMENT,  /* movement values, placement layers above next */
} BgTaFileKind;

typedef struct
{
  char magic[8];
  guint32 version;
  guint32 kind;
  guint32 n_pieces;
  guint32 next;
  guint64 sizes[BG_TA_N_LAYERS_MAX];   /* entries of each layer, by pieces on the board */
  guint64 pending;                     /* retro checkpoint: entries of layer next */
  guint64 data_size;                   /* bytes after the header */
  guint64 checksum;                    /* of the data */
  guint64 header_checksum;             /* of the header before this field */
} BgTaFileHeader;

G_STATIC_ASSERT (sizeof (BgTaFileHeader) <= BG_TA_HEADER_SIZE);

/* Writes header and chunks to path atomically (the header's checksums are filled in). */
gboolean bg_ta_file_write      (const char           *path,
                                BgTaFileHeader       *header,
                                const BgTaChunk      *chunks,
                                guint                 n_chunks,
                                GError              **error);

/* Checks a header read from a file of file_size bytes: magic, version, header checksum,
 * pieces (n_pieces each; 0: any), sizes. The data checksum is checked by the caller, over
 * what it reads. */
gboolean bg_ta_file_check_header (const BgTaFileHeader *header,
                                  guint64               file_size,
                                  guint                 n_pieces,
                                  const char           *path,
                                  GError              **error);

/* Opens the table at path without trusting what is there (bg_table_file_open()), checks its
 * header (bg_ta_file_check_header(), a table of this build's layer sizes) into header, and
 * maps it: the header, then header->data_size bytes of values (bg_table_file_unmap() with
 * that size). The checksum is not checked. */
const guint8 *bg_ta_file_map_table (const char     *path,
                                    guint           n_pieces,
                                    BgTaFileHeader *header,
                                    GError        **error);

/* Allocates a large zeroed array (transparent huge pages where the system has them). */
guint8  *bg_ta_alloc           (gsize                 size);
void     bg_ta_free            (guint8               *data,
                                gsize                 size);

G_END_DECLS
