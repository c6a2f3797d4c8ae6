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

static const char magic[8] = "TRIOTAB";

#define PRIME1 G_GUINT64_CONSTANT (0x9e3779b185ebca87)
#define PRIME2 G_GUINT64_CONSTANT (0xc2b2ae3d27d4eb4f)

static inline guint64
rotl (guint64 x,
      int     r)
{
  return (x << r) | (x >> (64 - r));
}

/* Four independent lanes keep the multiplier busy; a corrupted or truncated file, not
 * an adversary, is what this has to catch. */
void
bg_ta_checksum_init (BgTaChecksum *sum)
{
  for (int i = 0; i < 4; i++)
    sum->lane[i] = PRIME1 * (guint64) (i + 1);
  sum->length = 0;
}

static inline guint64
lane_step (guint64 lane,
           guint64 word)
{
  return rotl (lane ^ (word * PRIME2), 31) * PRIME1;
}

static inline void
checksum_block (BgTaChecksum *sum,
                const guint8 *block)
{
  for (int l = 0; l < 4; l++)
    {
      guint64 word;

      memcpy (&word, block + 8 * l, 8);
      sum->lane[l] = lane_step (sum->lane[l], word);
    }
}

/* Blocks of 32 bytes, whatever the sizes of the updates. */
void
bg_ta_checksum_update (BgTaChecksum *sum,
                       const guint8 *data,
                       gsize         size)
{
  guint held = sum->length % 32;

  sum->length += size;
  if (held > 0)
    {
      guint take = (guint) MIN (size, 32 - held);

      memcpy (sum->pending + held, data, take);
      data += take;
      size -= take;
      if (held + take < 32)
        return;
      checksum_block (sum, sum->pending);
    }
  for (; size >= 32; data += 32, size -= 32)
    checksum_block (sum, data);
  memcpy (sum->pending, data, size);
}

guint64
bg_ta_checksum_end (const BgTaChecksum *sum)
{
  guint64 h = sum->length * PRIME2;

  for (guint i = 0; i < sum->length % 32; i++)
    h = lane_step (h, sum->pending[i] | 0x100u);
  for (int l = 0; l < 4; l++)
    h = lane_step (h, sum->lane[l]);
  return h ^ (h >> 29);
}

static guint64
header_checksum (const BgTaFileHeader *header)
{
  BgTaChecksum sum;

  bg_ta_checksum_init (&sum);
  bg_ta_checksum_update (&sum, (const guint8 *) header,
                         G_STRUCT_OFFSET (BgTaFileHeader, header_checksum));
  return bg_ta_checksum_end (&sum);
}

static gboolean
write_all (int           fd,
           const guint8 *data,
           gsize         size)
{
  while (size > 0)
    {
      ssize_t n = write (fd, data, MIN (size, (gsize) 1 << 26));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      size -= (gsize) n;
    }
  return TRUE;
}

gboolean
bg_file_write_atomic (const char      *path,
                      const BgTaChunk *chunks,
                      guint            n_chunks,
                      GError         **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *tmp = g_strconcat (path, ".tmp-XXXXXX", NULL);
  gboolean ok = TRUE;
  int fd, saved;

  if (g_mkdir_with_parents (dir, 0755) != 0)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("Cannot create the folder %s: %s"), dir,
                    g_strerror (errno));
  fd = g_mkstemp_full (tmp, O_WRONLY, 0644);
  if (fd < 0)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("Cannot write in %s: %s"), dir,
                    g_strerror (errno));
  for (guint i = 0; ok && i < n_chunks; i++)
    ok = write_all (fd, chunks[i].data, chunks[i].size);
  ok = ok && fsync (fd) == 0;
  saved = errno;
  ok = close (fd) == 0 && ok;
  if (ok && g_rename (tmp, path) == 0)
    return TRUE;
  saved = ok ? errno : saved;
  g_unlink (tmp);
  return bg_fail (error, BG_ERROR_BAD_FILE, _("Cannot write %s: %s"), path,
                  g_strerror (saved));
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
  for (guint k = 0; k <= 2 * header->n_pieces; k++)
    expected += header->sizes[k];
  if (header->kind == BG_TA_FILE_TABLE && header->data_size != expected)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (its header)"), path);
  if (file_size != BG_TA_HEADER_SIZE + header->data_size)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (it is truncated)"), path);
  return TRUE;
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
