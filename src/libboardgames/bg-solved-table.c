/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-solved-table.c: the solved tables' values, checksum, atomic writing and safe reading
 * (see bg-solved-table.h) */

#include "bg-solved-table.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Values */

BgTaValue
bg_ta_value_from_byte (guint8 v)
{
  if (v == BG_TA_INVALID)
    return (BgTaValue) { BG_TA_OUTCOME_UNKNOWN, 0 };
  if (v == 0)
    return (BgTaValue) { BG_TA_OUTCOME_DRAW, 0 };
  return (BgTaValue) { ((v - 1) & 1) ? BG_TA_OUTCOME_WIN : BG_TA_OUTCOME_LOSS, v - 1u };
}

static int
value_rank (BgTaValue v)
{
  switch (v.outcome)
    {
    case BG_TA_OUTCOME_WIN:
      return 2000 - (int) v.distance;
    case BG_TA_OUTCOME_DRAW:
      return 0;
    case BG_TA_OUTCOME_LOSS:
      return -2000 + (int) v.distance;
    case BG_TA_OUTCOME_UNKNOWN:
    default:
      return -5000;
    }
}

int
bg_ta_value_compare (BgTaValue a,
                     BgTaValue b)
{
  int ra = value_rank (a), rb = value_rank (b);

  return (ra > rb) - (ra < rb);
}

int
bg_ta_value_to_score (BgTaValue v)
{
  switch (v.outcome)
    {
    case BG_TA_OUTCOME_WIN:
      return BG_SCORE_WIN - (int) v.distance;
    case BG_TA_OUTCOME_LOSS:
      return -(BG_SCORE_WIN - (int) v.distance);
    case BG_TA_OUTCOME_DRAW:
    case BG_TA_OUTCOME_UNKNOWN:
    default:
      return 0;
    }
}

/* Files */

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

/* Reading */

static gboolean
read_failed (GError    **error,
             int         saved,
             const char *path)
{
  /* Translators: a file's name, then why it cannot be read */
  return bg_fail (error, BG_ERROR_BAD_FILE, _("%s: %s"), path, g_strerror (saved));
}

/* Reads up to size bytes at the file's position; how many there were, or -1 (errno set). */
static gssize
read_up_to (int     fd,
            guint8 *data,
            gsize   size)
{
  gsize done = 0;

  while (done < size)
    {
      gssize n = read (fd, data + done, MIN (size - done, (gsize) 1 << 26));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return -1;
      if (n == 0)
        break;
      done += (gsize) n;
    }
  return (gssize) done;
}

void
bg_table_file_close (BgTableFile *file)
{
  if (file->path == NULL)
    return;
  close (file->fd);
  g_clear_pointer (&file->path, g_free);
}

gboolean
bg_table_file_open (BgTableFile  *file,
                    const char   *path,
                    GError      **error)
{
  struct stat st;
  int fd, saved;

  memset (file, 0, sizeof *file);
  /* Non-blocking: opening a FIFO must not wait for a writer. */
  fd = g_open (path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    return read_failed (error, errno, path);
  if (fstat (fd, &st) != 0)
    {
      saved = errno;
      close (fd);
      return read_failed (error, saved, path);
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      /* Translators: %s is a file's name */
      return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is not a regular file"), path);
    }
  /* A regular file is read in the ordinary way from here. */
  fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
  if (read_up_to (fd, file->header, sizeof file->header) < 0)
    {
      saved = errno;
      close (fd);
      return read_failed (error, saved, path);
    }
  file->fd = fd;
  file->path = g_strdup (path);
  file->size = (guint64) st.st_size;
  return TRUE;
}

static gboolean
truncated (BgTableFile  *file,
           GError      **error)
{
  return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (it is truncated)"), file->path);
}

gboolean
bg_table_file_read (BgTableFile   *file,
                    guint8        *data,
                    guint64        size,
                    BgTaChecksum  *sum,
                    GError       **error)
{
  gssize got;

  g_return_val_if_fail (file->path != NULL, FALSE);
  if (size > G_MAXSSIZE)
    return truncated (file, error);
  got = read_up_to (file->fd, data, (gsize) size);
  if (got < 0)
    return read_failed (error, errno, file->path);
  if ((guint64) got != size)
    return truncated (file, error);
  if (sum != NULL)
    bg_ta_checksum_update (sum, data, (gsize) size);
  return TRUE;
}

const guint8 *
bg_table_file_map (BgTableFile  *file,
                   guint64       size,
                   GError      **error)
{
  void *map;

  g_return_val_if_fail (file->path != NULL, NULL);
  /* Never past the end: a page there would fault when touched. */
  if (file->size < BG_TA_HEADER_SIZE || size > file->size - BG_TA_HEADER_SIZE
      || size > G_MAXSIZE - BG_TA_HEADER_SIZE)
    return truncated (file, error), NULL;
  map = mmap (NULL, BG_TA_HEADER_SIZE + (gsize) size, PROT_READ, MAP_PRIVATE, file->fd, 0);
  if (map == MAP_FAILED)
    return read_failed (error, errno, file->path), NULL;
  return map;
}

void
bg_table_file_unmap (const guint8 *map,
                     guint64       size)
{
  if (map != NULL)
    munmap ((void *) map, BG_TA_HEADER_SIZE + (gsize) size);
}
