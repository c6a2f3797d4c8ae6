/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-ta-table.c: probing the solved table of La Triple Alliance */

#include "bg-ta-table.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "bg-ta-file.h"
#include "bg-ta-index.h"

struct _BgTaTable
{
  gint ref_count;
  const guint8 *map;        /* the file: its header, then data_size bytes of values */
  guint64 data_size;
  guint n_pieces;
  BgTaLayer layers[BG_TA_N_LAYERS_MAX];
  const guint8 *values[BG_TA_N_LAYERS_MAX];
};

static GMutex default_lock;
static BgTaTable *default_table;

char *
bg_ta_table_default_path (guint n_pieces)
{
  g_autofree char *name = g_strdup_printf ("triple-alliance-%u.table", n_pieces);

  return g_build_filename (g_get_user_cache_dir (), "trio", name, NULL);
}

BgTaTable *
bg_ta_table_open_pieces (const char  *path,
                         guint        n_pieces,
                         GError     **error)
{
  g_autofree char *default_path = NULL;
  BgTaFileHeader header;
  const guint8 *map, *data;
  BgTaChecksum sum;
  BgTaTable *table;

  g_return_val_if_fail (path != NULL || n_pieces != 0, NULL);
  if (path == NULL)
    path = default_path = bg_ta_table_default_path (n_pieces);
  map = bg_ta_file_map_table (path, n_pieces, &header, error);
  if (map == NULL)
    return NULL;
  data = map + BG_TA_HEADER_SIZE;
  bg_ta_checksum_init (&sum);
  bg_ta_checksum_update (&sum, data, header.data_size);
  if (bg_ta_checksum_end (&sum) != header.checksum)
    {
      bg_table_file_unmap (map, header.data_size);
      bg_fail (error, BG_ERROR_BAD_FILE, _("%s is damaged (its checksum)"), path);
      return NULL;
    }
#ifdef MADV_DONTNEED
  /* The check read every page; a player only ever looks at a few of them again, so they
   * need not stay counted in the process's memory (they stay in the page cache). */
  madvise ((void *) map, BG_TA_HEADER_SIZE + header.data_size, MADV_DONTNEED);
#endif

  table = g_new0 (BgTaTable, 1);
  table->ref_count = 1;
  table->map = map;
  table->data_size = header.data_size;
  table->n_pieces = header.n_pieces;
  /* The layer sizes are the header's (bg_ta_file_map_table() checked them). */
  for (guint k = 0; k <= 2 * table->n_pieces; k++)
    {
      bg_ta_layer_init (&table->layers[k], k / 2, k - k / 2);
      table->values[k] = data;
      data += header.sizes[k];
    }
  return table;
}

BgTaTable *
bg_ta_table_open (const char  *path,
                  GError     **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  return bg_ta_table_open_pieces (path, 0, error);
}

BgTaTable *
bg_ta_table_ref (BgTaTable *table)
{
  g_atomic_int_inc (&table->ref_count);
  return table;
}

void
bg_ta_table_unref (BgTaTable *table)
{
  if (table == NULL || !g_atomic_int_dec_and_test (&table->ref_count))
    return;
  bg_table_file_unmap (table->map, table->data_size);
  g_free (table);
}

guint
bg_ta_table_get_n_pieces (const BgTaTable *table)
{
  return table->n_pieces;
}

BgTaValue
bg_ta_table_probe_sets (const BgTaTable *table,
                        guint32          mover,
                        guint32          other,
                        gboolean         placing)
{
  guint a = (guint) __builtin_popcount (mover), b = (guint) __builtin_popcount (other);
  guint k = a + b, n = table->n_pieces;
  const BgTaLayer *layer = &table->layers[k];
  BgTaValue unknown = { BG_TA_OUTCOME_UNKNOWN, 0 };

  if ((mover & other) != 0 || ((mover | other) & ~BG_TA_ALL_POINTS) != 0 || k > 2 * n
      || (k == 2 * n) == placing || layer->a != a || layer->b != b)
    return unknown;
  return bg_ta_value_from_byte (table->values[k][bg_ta_index_encode (layer, mover, other)]);
}

/* The sets of a position through the rules' board access, and whether it is in the
 * table's game (n pieces each, counting those in hand). */
static gboolean
position_sets (const BgTaTable *table,
               const BgRules   *rules,
               const void      *pos,
               guint32         *mover,
               guint32         *other,
               gboolean        *placing)
{
  int player = rules->player_to_move (pos);
  int hand_mover = rules->pieces_in_hand (pos, player);
  int hand_other = rules->pieces_in_hand (pos, 1 - player);

  *mover = *other = 0;
  for (guint p = 0; p < BG_TA_N_POINTS; p++)
    {
      int piece = rules->piece_at (pos, p);

      if (piece != BG_NO_PIECE)
        *(BG_PIECE_OWNER (piece) == player ? mover : other) |= 1u << p;
    }
  *placing = hand_mover + hand_other > 0;
  return __builtin_popcount (*mover) + hand_mover == (int) table->n_pieces
         && __builtin_popcount (*other) + hand_other == (int) table->n_pieces;
}

static BgTaValue
probe_position (const BgTaTable *table,
                const BgRules   *rules,
                const void      *pos)
{
  guint32 mover, other;
  gboolean placing;

  if (!position_sets (table, rules, pos, &mover, &other, &placing))
    return (BgTaValue) { BG_TA_OUTCOME_UNKNOWN, 0 };
  return bg_ta_table_probe_sets (table, mover, other, placing);
}

BgTaValue
bg_ta_table_probe (const BgTaTable *table,
                   const BgGame    *game)
{
  const BgRules *rules = bg_game_get_rules (game);

  if (!g_str_equal (rules->id, "triple-alliance"))
    return (BgTaValue) { BG_TA_OUTCOME_UNKNOWN, 0 };
  return probe_position (table, rules, bg_game_get_position (game));
}

/* The value of a move for its player, from the value of the position it leads to. */
static BgTaValue
one_ply_up (BgTaValue child)
{
  switch (child.outcome)
    {
    case BG_TA_OUTCOME_WIN:
      return (BgTaValue) { BG_TA_OUTCOME_LOSS, child.distance + 1 };
    case BG_TA_OUTCOME_LOSS:
      return (BgTaValue) { BG_TA_OUTCOME_WIN, child.distance + 1 };
    case BG_TA_OUTCOME_DRAW:
    case BG_TA_OUTCOME_UNKNOWN:
    default:
      return child;
    }
}

static int
outcome_rank (BgTaOutcome outcome)
{
  return outcome == BG_TA_OUTCOME_WIN ? 1 : outcome == BG_TA_OUTCOME_LOSS ? -1 : 0;
}

/* Counts the opponent's replies in child (his move) that would change his outcome for
 * the worse: the chances a move of equal value leaves him to go wrong. */
static void
count_mistakes (const BgTaTable *table,
                const BgRules   *rules,
                const void      *child,
                BgTaValue        child_value,
                BgTaMoveValue   *rated)
{
  g_autofree BgMove *replies = g_new (BgMove, rules->max_moves);
  g_autofree guint8 *next = g_malloc (rules->position_size);
  guint n = rules->legal_moves (child, replies);

  rated->replies = n;
  rated->mistakes = 0;
  for (guint i = 0; i < n; i++)
    {
      memcpy (next, child, rules->position_size);
      rules->play (next, replies[i]);
      rated->mistakes += outcome_rank (one_ply_up (probe_position (table, rules, next)).outcome)
                         < outcome_rank (child_value.outcome);
    }
}

static int
compare_rated (gconstpointer pa,
               gconstpointer pb)
{
  const BgTaMoveValue *a = pa, *b = pb;
  int c = bg_ta_value_compare (a->value, b->value);
  guint64 ma, mb;

  if (c != 0)
    return -c;
  /* More of the opponent's replies going wrong, in proportion, first. */
  ma = (guint64) a->mistakes * MAX (b->replies, 1);
  mb = (guint64) b->mistakes * MAX (a->replies, 1);
  if (ma != mb)
    return ma > mb ? -1 : 1;
  return a->move < b->move ? -1 : a->move > b->move;
}

guint
bg_ta_table_rate_moves (const BgTaTable *table,
                        const BgGame    *game,
                        BgTaMoveValue   *moves)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autoptr (GArray) legal = NULL;
  g_autofree guint8 *child = NULL;

  if (bg_ta_table_probe (table, game).outcome == BG_TA_OUTCOME_UNKNOWN)
    return 0;
  legal = bg_game_get_legal_moves (game);
  child = g_malloc (rules->position_size);
  for (guint i = 0; i < legal->len; i++)
    {
      BgTaValue child_value;

      memcpy (child, bg_game_get_position (game), rules->position_size);
      moves[i].move = g_array_index (legal, BgMove, i);
      rules->play (child, moves[i].move);
      child_value = probe_position (table, rules, child);
      moves[i].value = one_ply_up (child_value);
      count_mistakes (table, rules, child, child_value, &moves[i]);
    }
  qsort (moves, legal->len, sizeof *moves, compare_rated);
  return legal->len;
}

gboolean
bg_ta_table_search (const BgTaTable *table,
                    const BgGame    *game,
                    BgSearchResult  *result)
{
  const BgRules *rules = bg_game_get_rules (game);
  g_autofree BgTaMoveValue *rated = g_new (BgTaMoveValue, rules->max_moves);
  g_autoptr (BgGame) line = NULL;
  guint n = bg_ta_table_rate_moves (table, game, rated);

  if (n == 0)
    return FALSE;
  result->move = rated[0].move;
  result->score = bg_ta_value_to_score (rated[0].value);
  result->depth = rated[0].value.distance;
  result->nodes = n;
  /* The principal variation: best moves until the end, or as far as there is room. */
  line = bg_game_copy (game);
  for (result->pv_len = 0; result->pv_len < BG_SEARCH_MAX_PLY && n > 0; result->pv_len++)
    {
      result->pv[result->pv_len] = rated[0].move;
      if (!bg_game_play (line, rated[0].move, NULL))
        break;
      n = bg_game_is_over (line) ? 0 : bg_ta_table_rate_moves (table, line, rated);
      result->nodes += n;
    }
  return TRUE;
}

void
bg_ta_table_set_default (BgTaTable *table)
{
  BgTaTable *old;

  g_mutex_lock (&default_lock);
  old = default_table;
  default_table = table ? bg_ta_table_ref (table) : NULL;
  g_mutex_unlock (&default_lock);
  bg_ta_table_unref (old);
}

BgTaTable *
bg_ta_table_get_default (void)
{
  BgTaTable *table;

  g_mutex_lock (&default_lock);
  table = default_table ? bg_ta_table_ref (default_table) : NULL;
  g_mutex_unlock (&default_lock);
  return table;
}
