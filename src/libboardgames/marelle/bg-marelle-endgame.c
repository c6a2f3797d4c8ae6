/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-marelle-endgame.c: the morris endgame tables: symmetries, file, probes, installation */

#include "bg-marelle-endgame-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "bg-marelle-private.h"
#include "bg-rules.h"
#include "bg-solved-table.h"

#define FILE_VERSION 1

static const char magic[8] = "TRIOMRL";

/* The file's first BG_TA_HEADER_SIZE bytes; the values of the layers follow. */
typedef struct
{
  char magic[8];
  guint32 version;
  guint32 variant;
  guint32 n_symmetries;
  guint32 n_layers;
  guint64 sizes[BG_MARELLE_ENDGAME_N_LAYERS];
  guint64 data_size;
  guint64 checksum;          /* of the data */
  guint64 header_checksum;   /* of the header before this field */
} Header;

G_STATIC_ASSERT (sizeof (Header) <= BG_TA_HEADER_SIZE);

/* Symmetries */

static int
point_at (int x,
          int y)
{
  for (int p = 0; p < N_POINTS; p++)
    if (bg_marelle_point_names[p][0] - 'd' == x && bg_marelle_point_names[p][1] - '4' == y)
      return p;
  g_return_val_if_reached (0);
}

/* The maps of the board: the square's eight (d), each after a permutation of the three
 * squares (ring[r - 1] is where square r, counted from the inside, goes). On coordinates
 * centred on d4, a point of square r has coordinates in {-r, 0, r}. */
static void
fill_symmetry (guint8     perm[BG_ENDGAME_N_POINTS],
               const int  ring[3],
               guint      d)
{
  for (int p = 0; p < N_POINTS; p++)
    {
      int x = bg_marelle_point_names[p][0] - 'd', y = bg_marelle_point_names[p][1] - '4';
      int r = MAX (ABS (x), ABS (y)), u = (d & 1) ? -x : x, v = (d & 2) ? -y : y;

      if (d & 4)
        {
          int t = u;

          u = v;
          v = t;
        }
      perm[p] = (guint8) point_at (u / r * ring[r - 1], v / r * ring[r - 1]);
    }
}

/* Standard nine men's morris keeps its lines only under the swap of the inner and outer
 * squares; in Marelle triple's endgames everybody flies, and any order of the squares
 * keeps the mills. The identity comes first. */
static guint
fill_group (Variant variant,
            guint8  perms[BG_ENDGAME_MAX_SYMMETRIES][BG_ENDGAME_N_POINTS])
{
  static const int rings[6][3] = {
    { 1, 2, 3 }, { 3, 2, 1 }, { 2, 1, 3 }, { 1, 3, 2 }, { 2, 3, 1 }, { 3, 1, 2 },
  };
  guint n_rings = variant == VARIANT_STANDARD ? 2 : 6, n = 0;

  for (guint r = 0; r < n_rings; r++)
    for (guint d = 0; d < 8; d++)
      fill_symmetry (perms[n++], rings[r], d);
  return n;
}

BgEndgameIndex *
bg_marelle_endgame_index (guint variant)
{
  static gsize done[2];
  static BgEndgameIndex *indices[2];

  g_return_val_if_fail (variant <= BG_MARELLE_VARIANT_STANDARD, NULL);
  if (g_once_init_enter (&done[variant]))
    {
      guint8 perms[BG_ENDGAME_MAX_SYMMETRIES][BG_ENDGAME_N_POINTS];
      guint n;

      bg_marelle_tables_init ();
      n = fill_group ((Variant) variant, perms);
      indices[variant] = bg_endgame_index_new ((const guint8 (*)[BG_ENDGAME_N_POINTS]) perms, n);
      g_once_init_leave (&done[variant], 1);
    }
  return indices[variant];
}

/* Tables */

/* The sizes of the layers of a table of a rule set's first n_layers layers (0: all), and
 * their sum. */
static guint64
layer_sizes (guint   variant,
             guint   n_layers,
             guint64 sizes[BG_MARELLE_ENDGAME_N_LAYERS])
{
  BgEndgameIndex *index = bg_marelle_endgame_index (variant);
  guint64 total = 0;

  for (guint l = 0; l < BG_MARELLE_ENDGAME_N_LAYERS; l++)
    {
      sizes[l] = n_layers == 0 || l < n_layers
                   ? bg_endgame_index_size (index, ENDGAME_LAYER_A (l), ENDGAME_LAYER_B (l))
                   : 0;
      total += sizes[l];
    }
  return total;
}

BgMarelleEndgame *
bg_marelle_endgame_new_empty (guint    variant,
                              guint    n_layers)
{
  BgMarelleEndgame *table = g_new0 (BgMarelleEndgame, 1);
  guint64 total;

  table->variant = variant;
  table->index = bg_marelle_endgame_index (variant);
  total = layer_sizes (variant, n_layers, table->sizes);
  table->data = g_malloc0 (MAX (total, 1));
  total = 0;
  for (guint l = 0; l < BG_MARELLE_ENDGAME_N_LAYERS; l++)
    {
      table->values[l] = table->data + total;
      total += table->sizes[l];
    }
  return table;
}

guint
bg_marelle_endgame_n_layers (const BgMarelleEndgame *table)
{
  guint n = 0;

  while (n < BG_MARELLE_ENDGAME_N_LAYERS && table->sizes[n] != 0)
    n++;
  return n;
}

void
bg_marelle_endgame_free (BgMarelleEndgame *table)
{
  if (table == NULL)
    return;
  g_free (table->data);
  g_free (table);
}

guint
bg_marelle_endgame_get_variant (const BgMarelleEndgame *table)
{
  return table->variant;
}

char *
bg_marelle_endgame_default_path (guint variant)
{
  return g_build_filename (g_get_user_cache_dir (), "trio",
                           variant == BG_MARELLE_VARIANT_STANDARD
                           ? "marelle-standard-endgame.table"
                           : "marelle-triple-endgame.table", NULL);
}

/* Files */

static guint64
checksum_of (const guint8 *data,
             gsize         size)
{
  BgTaChecksum sum;

  bg_ta_checksum_init (&sum);
  bg_ta_checksum_update (&sum, data, size);
  return bg_ta_checksum_end (&sum);
}

static guint64
data_size (const BgMarelleEndgame *table)
{
  guint64 total = 0;

  for (guint l = 0; l < BG_MARELLE_ENDGAME_N_LAYERS; l++)
    total += table->sizes[l];
  return total;
}

gboolean
bg_marelle_endgame_save (const BgMarelleEndgame  *table,
                         const char              *path,
                         GError                 **error)
{
  guint8 block[BG_TA_HEADER_SIZE] = { 0 };
  Header header = { .version = FILE_VERSION, .variant = table->variant,
                    .n_layers = BG_MARELLE_ENDGAME_N_LAYERS };
  BgTaChunk chunks[2];

  memcpy (header.magic, magic, sizeof magic);
  header.n_symmetries = bg_endgame_index_get_n_symmetries (table->index);
  memcpy (header.sizes, table->sizes, sizeof header.sizes);
  header.data_size = data_size (table);
  header.checksum = checksum_of (table->data, header.data_size);
  header.header_checksum = checksum_of ((const guint8 *) &header,
                                        G_STRUCT_OFFSET (Header, header_checksum));
  memcpy (block, &header, sizeof header);
  chunks[0] = (BgTaChunk) { block, sizeof block };
  chunks[1] = (BgTaChunk) { table->data, header.data_size };
  return bg_file_write_atomic (path, chunks, 2, error);
}

/* How many layers a file holds. */
static guint
header_n_layers (const Header *header)
{
  guint n = 0;

  while (n < BG_MARELLE_ENDGAME_N_LAYERS && header->sizes[n] != 0)
    n++;
  return n;
}

/* Checks a header against what this build would write for its variant, and the file's size
 * against the header's: what is read after it is then exactly the values. */
static gboolean
check_header (const Header  *header,
              guint64        file_size,
              const char    *path,
              GError       **error)
{
  guint64 sizes[BG_MARELLE_ENDGAME_N_LAYERS];
  guint64 total;

  if (file_size < BG_TA_HEADER_SIZE || memcmp (header->magic, magic, sizeof magic) != 0)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is not a morris endgame table"), path);
  if (header->version != FILE_VERSION)
    return bg_fail (error, BG_ERROR_BAD_FILE,
                    _("%s was written by another version of Trio (format %u)"), path,
                    header->version);
  if (header->header_checksum != checksum_of ((const guint8 *) header,
                                              G_STRUCT_OFFSET (Header, header_checksum))
      || header->variant > BG_MARELLE_VARIANT_STANDARD)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (its header)"), path);
  total = layer_sizes (header->variant, MAX (header_n_layers (header), 1), sizes);
  if (header->n_symmetries
        != bg_endgame_index_get_n_symmetries (bg_marelle_endgame_index (header->variant))
      || header->n_layers != BG_MARELLE_ENDGAME_N_LAYERS
      || memcmp (header->sizes, sizes, sizeof sizes) != 0 || header->data_size != total)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (its header)"), path);
  if (file_size < BG_TA_HEADER_SIZE + header->data_size)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (it is truncated)"), path);
  if (file_size > BG_TA_HEADER_SIZE + header->data_size)
    return bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (it is too long)"), path);
  return TRUE;
}

/* Whatever is at the path, only a regular file's header is read before it is checked, and
 * then only the values it announces (bg_table_file_open()). */
BgMarelleEndgame *
bg_marelle_endgame_open (const char  *path,
                         GError     **error)
{
  g_auto (BgTableFile) file = { 0 };
  g_autoptr (BgMarelleEndgame) table = NULL;
  BgTaChecksum sum;
  Header header;

  if (!bg_table_file_open (&file, path, error))
    return NULL;
  memcpy (&header, file.header, sizeof header);
  if (!check_header (&header, file.size, path, error))
    return NULL;
  table = bg_marelle_endgame_new_empty (header.variant, header_n_layers (&header));
  bg_ta_checksum_init (&sum);
  if (!bg_table_file_read (&file, table->data, header.data_size, &sum, error))
    return NULL;
  if (bg_ta_checksum_end (&sum) != header.checksum)
    {
      bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (its checksum)"), path);
      return NULL;
    }
  return g_steal_pointer (&table);
}

/* Probes */

/* The value byte of a position, or BG_TA_INVALID when the table does not hold it. */
static guint8
lookup (const BgMarelleEndgame *table,
        guint32                 mover,
        guint32                 other)
{
  int a = bg_marelle_popcount32 (mover), b = bg_marelle_popcount32 (other);
  guint l;

  if (a < 3 || a > 4 || b < 3 || b > 4 || (mover & other) != 0
      || ((mover | other) >> N_POINTS) != 0)
    return BG_TA_INVALID;
  l = ENDGAME_LAYER (a, b);
  if (table->sizes[l] == 0)
    return BG_TA_INVALID;
  return table->values[l][bg_endgame_index_encode (table->index, mover, other)];
}

BgTaValue
bg_marelle_endgame_probe_sets (const BgMarelleEndgame *table,
                               guint32                 mover,
                               guint32                 other)
{
  return bg_ta_value_from_byte (lookup (table, mover, other));
}

/* Installation: the searches read the tables without locks, so an installed table is
 * never freed; one replaced stays in the retired list. */

static BgMarelleEndgame *installed[2];
static GPtrArray *retired;
static GMutex install_lock;

void
bg_marelle_endgame_install (BgMarelleEndgame *table)
{
  BgMarelleEndgame *old;

  g_return_if_fail (table != NULL);
  g_mutex_lock (&install_lock);
  old = installed[table->variant];
  g_atomic_pointer_set (&installed[table->variant], table);
  if (old != NULL)
    {
      if (retired == NULL)
        retired = g_ptr_array_new ();
      g_ptr_array_add (retired, old);
    }
  g_mutex_unlock (&install_lock);
}

const BgMarelleEndgame *
bg_marelle_endgame_get_installed (guint variant)
{
  g_return_val_if_fail (variant <= BG_MARELLE_VARIANT_STANDARD, NULL);
  return g_atomic_pointer_get (&installed[variant]);
}

BgTaValue
bg_marelle_endgame_probe (const BgGame *game)
{
  const MarellePos *pos = bg_game_get_position (game);
  const BgMarelleEndgame *table;

  if (!g_str_equal (bg_game_get_rules (game)->id, "marelle") || pos->hand[0] != 0
      || pos->hand[1] != 0
      || (table = bg_marelle_endgame_get_installed (pos->variant)) == NULL)
    return (BgTaValue) { BG_TA_OUTCOME_UNKNOWN, 0 };
  return bg_marelle_endgame_probe_sets (table, pos->board[pos->side], pos->board[1 - pos->side]);
}

gboolean
bg_marelle_endgame_probe_score (const void *p,
                                guint       ply,
                                int        *score)
{
  const MarellePos *pos = p;
  const BgMarelleEndgame *table;
  guint8 v;

  /* The common case first: a position far from the tables costs two tests. */
  if (pos->hand[0] != 0 || pos->hand[1] != 0 || pos->count[0] > 4 || pos->count[1] > 4
      || (table = g_atomic_pointer_get (&installed[pos->variant])) == NULL)
    return FALSE;
  v = lookup (table, pos->board[pos->side], pos->board[1 - pos->side]);
  if (v == BG_TA_INVALID)
    return FALSE;
  if (v == 0)
    *score = 0;
  else if ((v - 1) & 1)
    *score = BG_SCORE_WIN - (int) ply - (v - 1);
  else
    *score = -(BG_SCORE_WIN - (int) ply - (v - 1));
  return TRUE;
}

/* Loading or computing */

BgMarelleEndgame *
bg_marelle_endgame_read_or_solve (const BgMarelleEndgameOptions  *options,
                                  const char                     *path,
                                  GError                        **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (BgMarelleEndgame) table = bg_marelle_endgame_open (path, &local);

  if (table != NULL && (table->variant != options->variant
                        || bg_marelle_endgame_n_layers (table)
                           != (options->n_layers ? options->n_layers
                                                 : BG_MARELLE_ENDGAME_N_LAYERS)))
    {
      g_clear_pointer (&table, bg_marelle_endgame_free);
      g_set_error (&local, BG_ERROR, BG_ERROR_BAD_FILE, "%s holds other endgames", path);
    }
  if (table != NULL)
    return g_steal_pointer (&table);
  /* Missing, damaged or another table: computed again, and written for next time. */
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    g_debug ("computing the morris endgames again: %s", local->message);
  table = bg_marelle_endgame_solve (options, error);
  g_clear_error (&local);
  if (table != NULL && !bg_marelle_endgame_save (table, path, &local))
    g_warning ("the morris endgame table is not cached: %s", local->message);
  return g_steal_pointer (&table);
}

static GMutex ensure_lock;

const BgMarelleEndgame *
bg_marelle_endgame_ensure (guint        variant,
                           const char  *path,
                           guint        n_threads,
                           GError     **error)
{
  g_autofree char *default_path = NULL;
  BgMarelleEndgameOptions options = { variant, n_threads, NULL, 0 };
  const BgMarelleEndgame *result;

  g_return_val_if_fail (variant <= BG_MARELLE_VARIANT_STANDARD, NULL);
  g_mutex_lock (&ensure_lock);
  result = bg_marelle_endgame_get_installed (variant);
  if (result == NULL || result->sizes[BG_MARELLE_ENDGAME_N_LAYERS - 1] == 0)
    {
      BgMarelleEndgame *table;

      if (path == NULL)
        path = default_path = bg_marelle_endgame_default_path (variant);
      table = bg_marelle_endgame_read_or_solve (&options, path, error);
      if (table != NULL)
        bg_marelle_endgame_install (table);
      result = table;
    }
  g_mutex_unlock (&ensure_lock);
  return result;
}

/* Computing in the background: a thread a rule set, started once a process. */
static struct
{
  gint started;    /* atomic */
  gint finished;   /* atomic: the thread has returned (the table installed, or not) */
} background[2];

/* A table installed whole (a test may install one with its first layers only). */
static gboolean
is_complete (guint variant)
{
  const BgMarelleEndgame *table = bg_marelle_endgame_get_installed (variant);

  return table != NULL && table->sizes[BG_MARELLE_ENDGAME_N_LAYERS - 1] != 0;
}

static gpointer
prepare_main (gpointer data)
{
  guint variant = GPOINTER_TO_UINT (data) & 1, n_threads = GPOINTER_TO_UINT (data) >> 1;
  g_autoptr (GError) error = NULL;

  if (bg_marelle_endgame_ensure (variant, NULL, n_threads, &error) == NULL)
    g_warning ("no morris endgame table: %s", error->message);
  g_atomic_int_set (&background[variant].finished, 1);
  return NULL;
}

static void
start_background (guint variant,
                  guint n_threads)
{
  if (g_atomic_int_compare_and_exchange (&background[variant].started, 0, 1))
    g_thread_unref (g_thread_new ("marelle-endgame", prepare_main,
                                  GUINT_TO_POINTER (variant | n_threads << 1)));
}

/* The rule set whose table a search from game may reach, or -1. */
static int
reachable_variant (const BgGame *game)
{
  const MarellePos *pos;

  if (!g_str_equal (bg_game_get_rules (game)->id, "marelle")
      || g_strcmp0 (g_getenv ("TRIO_ENDGAME_TABLES"), "0") == 0)
    return -1;
  /* A search can reach the tables only once nearly every piece is placed. */
  pos = bg_game_get_position (game);
  if (pos->hand[0] + pos->hand[1] > 2)
    return -1;
  return pos->variant;
}

void
bg_marelle_endgame_prepare (const BgGame *game,
                            gboolean      wait)
{
  int variant = reachable_variant (game);
  g_autoptr (GError) error = NULL;

  if (variant < 0)
    return;
  if (!wait)
    start_background ((guint) variant, 1);
  else if (bg_marelle_endgame_ensure ((guint) variant, NULL, 0, &error) == NULL)
    g_warning ("no morris endgame table: %s", error->message);
}

gboolean
bg_marelle_endgame_pending (const BgGame *game)
{
  int variant = reachable_variant (game);

  return variant >= 0 && !is_complete ((guint) variant);
}

gboolean
bg_marelle_endgame_wait (const BgGame *game,
                         guint         n_threads,
                         const gint   *cancel)
{
  int variant = reachable_variant (game);

  if (variant < 0 || is_complete ((guint) variant))
    return TRUE;
  start_background ((guint) variant, n_threads);
  /* Polled: whoever sets the flag does not signal it. */
  for (;;)
    {
      /* Read first: the thread installs the table before it sets finished. */
      gboolean finished = g_atomic_int_get (&background[variant].finished);

      if (is_complete ((guint) variant))
        return TRUE;
      if (finished || (cancel != NULL && g_atomic_int_get (cancel)))
        return FALSE;
      g_usleep (5000);
    }
}
