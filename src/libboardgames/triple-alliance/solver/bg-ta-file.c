/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-ta-file.c: checksums, atomic writes and headers of the solver's files */

#include "bg-ta-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bg-rules.h"
#include "bg-ta-index.h"

static const char magic[8] = "TRIOTAB";

static guint64
header_checksum (const BgTaFileHeader *header)
{
  BgTaChecksum sum;

  bg_ta_checksum_init (&sum);
  bg_ta_checksum_update (&sum, (const guint8 *) header,
                         G_STRUCT_OFFSET (BgTaFileHeader, header_checksum));
  return bg_ta_checksum_end (&sum);
}

gboolean
bg_ta_file_write (const char      *path,
                  BgTaFileHeader  *header,
                  const BgTaChunk *chunks,
                  guint            n_chunks,
                  GError         **error)
{
  guint8 block[BG_TA_HEADER_SIZE] = { 0 };
  g_autofree BgTaChunk *all = g_new (BgTaChunk, n_chunks + 1);
  BgTaChecksum sum;

  memcpy (header->magic, magic, sizeof magic);
  header->version = BG_TA_FILE_VERSION;
  header->data_size = 0;
  bg_ta_checksum_init (&sum);
  for (guint i = 0; i < n_chunks; i++)
    {
      bg_ta_checksum_update (&sum, chunks[i].data, chunks[i].size);
      header->data_size += chunks[i].size;
      all[i + 1] = chunks[i];
    }
  header->checksum = bg_ta_checksum_end (&sum);
  header->header_checksum = header_checksum (header);
  memcpy (block, header, sizeof *header);
  all[0] = (BgTaChunk) { block, sizeof block };
  return bg_file_write_atomic (path, all, n_chunks + 1, error);
}

gboolean
bg_ta_file_check_header (const BgTaFileHeader *header,
                         guint64               file_size,
                         guint                 n_pieces,
                         const char           *path,
                         GError              **error)
{
  guint64 expected = 0;

  if (file_size < BG_TA_HEADER_SIZE || memcmp (header->magic, magic, sizeof magic) != 0)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is not a Triple Alliance table"), path);
  if (header->version != BG_TA_FILE_VERSION)
    return bg_fail (error, BG_ERROR_BAD_FILE,
                    _("%s was written by another version of Trio (format %u)"), path,
                    header->version);
  if (header->header_checksum != header_checksum (header)
      || header->n_pieces < BG_TA_SOLVE_MIN_PIECES
      || header->n_pieces > BG_TA_SOLVE_MAX_PIECES
      || header->kind > BG_TA_FILE_CHECKPOINT_PLACEMENT)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (its header)"), path);
  /* Another game than the one asked for, before anything about its size. */
  if (n_pieces != 0 && header->n_pieces != n_pieces)
    return bg_fail (error, BG_ERROR_BAD_FILE,
                    _("%s solves the game with %u pieces each, not %u"), path,
                    header->n_pieces, n_pieces);
  for (guint k = 0; k <= 2 * header->n_pieces; k++)
    expected += header->sizes[k];
  if (header->kind == BG_TA_FILE_TABLE && header->data_size != expected)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (its header)"), path);
  if (file_size - BG_TA_HEADER_SIZE < header->data_size)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (it is truncated)"), path);
  if (file_size - BG_TA_HEADER_SIZE > header->data_size)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (it is too long)"), path);
  return TRUE;
}

const guint8 *
bg_ta_file_map_table (const char      *path,
                      guint            n_pieces,
                      BgTaFileHeader  *header,
                      GError         **error)
{
  g_auto (BgTableFile) file = { 0 };

  if (!bg_table_file_open (&file, path, error))
    return NULL;
  memcpy (header, file.header, sizeof *header);
  if (!bg_ta_file_check_header (header, file.size, n_pieces, path, error))
    return NULL;
  if (header->kind != BG_TA_FILE_TABLE)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is not a Triple Alliance table"), path),
           NULL;
  /* The layers this build would write: nothing is read past the values they announce. */
  bg_ta_index_init (2 * header->n_pieces);
  for (guint k = 0; k <= 2 * header->n_pieces; k++)
    {
      BgTaLayer layer;

      bg_ta_layer_init (&layer, k / 2, k - k / 2);
      if (layer.size != header->sizes[k])
        return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (its header)"), path), NULL;
    }
  return bg_table_file_map (&file, header->data_size, error);
}

guint8 *
bg_ta_alloc (gsize size)
{
  void *data = mmap (NULL, MAX (size, 1), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

  if (data == MAP_FAILED)
    g_error ("cannot allocate %" G_GSIZE_FORMAT " bytes for the solver", size);
#ifdef MADV_HUGEPAGE
  /* The solver's look-ups are random over hundreds of megabytes: huge pages spare most
   * TLB misses. */
  madvise (data, size, MADV_HUGEPAGE);
#endif
  return data;
}

void
bg_ta_free (guint8 *data,
            gsize   size)
{
  if (data != NULL)
    munmap (data, MAX (size, 1));
}
