/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-ta-index.c: the perfect hash of La Triple Alliance positions up to symmetry */

#include "bg-ta-index.h"

#include <string.h>

#define N_BYTES 3

typedef struct
{
  guint32 *class_of;   /* per m-subset, in colex order: class << 3 | symmetry to the class */
  guint32 *rep;        /* per class: its first member, the canonical occupied set */
  guint8 *stab;        /* per class: the symmetries that fix rep (bit 0, the identity) */
  guint n_classes;
} OccClasses;

static guint32 binom[BG_TA_N_POINTS + 1][BG_TA_N_POINTS + 1];
/* Colex rank of a 12-bit pattern among the patterns with as many bits set. */
static guint16 rank12[1 << 12];
/* The patterns of each popcount in colex order: unrank12[unrank_start[a] + rank]. */
static guint16 unrank12[1 << 12];
static guint16 unrank_start[13];
/* The part of a 24-bit set's rank that its high 12 bits add, by the count of low bits. */
static guint32 high_rank[1 << 12][13];
static guint32 sym_byte[BG_TA_N_SYMMETRIES][N_BYTES][256];
static guint transpose_symmetry;
static OccClasses classes[BG_TA_MAX_OCCUPIED + 1];
static GMutex classes_lock;

/* The eight maps of the square onto itself, on coordinates centred on c3. */
static void
symmetry_map (guint  t,
              int    x,
              int    y,
              int   *tx,
              int   *ty)
{
  int u = (t & 1) ? -x : x;
  int v = (t & 2) ? -y : y;

  if (t & 4)
    {
      *tx = v;
      *ty = u;
    }
  else
    {
      *tx = u;
      *ty = v;
    }
}

static int
point_of (int file,
          int rank)
{
  int grid = rank * 5 + file;

  return grid - (grid > 12);
}

static void
init_symmetries (void)
{
  for (guint t = 0; t < BG_TA_N_SYMMETRIES; t++)
    {
      guint32 image[BG_TA_N_POINTS];

      for (int p = 0; p < BG_TA_N_POINTS; p++)
        {
          int grid = p + (p >= 12);
          int tx, ty;

          symmetry_map (t, grid % 5 - 2, grid / 5 - 2, &tx, &ty);
          image[p] = 1u << point_of (tx + 2, ty + 2);
        }
      for (int byte = 0; byte < N_BYTES; byte++)
        for (guint v = 0; v < 256; v++)
          {
            guint32 set = 0;

            for (int bit = 0; bit < 8; bit++)
              if (v & (1u << bit))
                set |= image[byte * 8 + bit];
            sym_byte[t][byte][v] = set;
          }
      /* a1 <-> a1 and b1 <-> a2: the diagonal through a1 and e5. */
      if (image[0] == 1u && image[1] == 1u << 5)
        transpose_symmetry = t;
    }
}

static void
init_ranks (void)
{
  guint count[13] = { 0 };

  for (int n = 0; n <= BG_TA_N_POINTS; n++)
    {
      binom[n][0] = 1;
      for (int k = 1; k <= n; k++)
        binom[n][k] = binom[n - 1][k - 1] + (k <= n - 1 ? binom[n - 1][k] : 0);
    }
  for (int a = 1; a <= 12; a++)
    unrank_start[a] = unrank_start[a - 1] + binom[12][a - 1];
  /* Numeric order is colex order among masks of one popcount. */
  for (guint v = 0; v < (1u << 12); v++)
    {
      guint a = (guint) __builtin_popcount (v);

      rank12[v] = (guint16) count[a];
      unrank12[unrank_start[a] + count[a]++] = (guint16) v;
    }
  for (guint h = 0; h < (1u << 12); h++)
    for (guint c = 0; c <= 12; c++)
      {
        guint32 r = 0;
        guint j = 0;

        for (guint q = 0; q < 12; q++)
          if (h & (1u << q))
            {
              if (c + j + 1 <= 12 + q)
                r += binom[12 + q][c + j + 1];
              j++;
            }
        high_rank[h][c] = r;
      }
}

static gpointer
init_base (gpointer data G_GNUC_UNUSED)
{
  init_ranks ();
  init_symmetries ();
  return NULL;
}

guint32
bg_ta_symmetry_apply (guint   t,
                      guint32 set)
{
  return sym_byte[t][0][set & 0xff] | sym_byte[t][1][(set >> 8) & 0xff]
         | sym_byte[t][2][(set >> 16) & 0xff];
}

static inline guint32
rank24 (guint32 set)
{
  guint32 low = set & 0xfff;

  return rank12[low] + high_rank[set >> 12][__builtin_popcount (low)];
}

/* The first points of the runs of three inside ranks 1, 2, 4 and 5 (rank 3 has none). */
#define RUN_STARTS 0x39c0e7u

gboolean
bg_ta_index_has_line (guint32 set)
{
  guint32 t = bg_ta_symmetry_apply (transpose_symmetry, set);

  return (((set & set >> 1 & set >> 2) | (t & t >> 1 & t >> 2)) & RUN_STARTS) != 0;
}

/* The next mask with as many bits (Gosper's hack). */
static inline guint32
next_subset (guint32 set)
{
  guint32 low = set & -set, next = set + low;

  return (((next ^ set) >> 2) / low) | next;
}

static void
build_classes (guint m)
{
  OccClasses *oc = &classes[m];
  guint32 n = binom[BG_TA_N_POINTS][m];
  guint32 id = 0;
  guint32 set = (1u << m) - 1;
  g_autofree guint32 *rep = g_new (guint32, n / 4 + 8);
  g_autofree guint8 *stab = g_new (guint8, n / 4 + 8);

  oc->class_of = g_new (guint32, n);
  for (guint32 r = 0; r < n; r++)
    {
      guint32 image[BG_TA_N_SYMMETRIES], low = set;

      for (guint t = 0; t < BG_TA_N_SYMMETRIES; t++)
        {
          image[t] = bg_ta_symmetry_apply (t, set);
          low = MIN (low, image[t]);
        }
      if (low == set)
        {
          guint8 fixing = 0;

          for (guint t = 0; t < BG_TA_N_SYMMETRIES; t++)
            if (image[t] == set)
              fixing |= 1u << t;
          rep[id] = set;
          stab[id] = fixing;
          oc->class_of[r] = id++ << 3;
        }
      else
        {
          guint t = 0;

          while (image[t] != low)
            t++;
          oc->class_of[r] = (oc->class_of[rank24 (low)] & ~7u) | t;
        }
      if (m == 0)
        break;
      set = next_subset (set);
    }
  oc->n_classes = id;
  oc->stab = g_memdup2 (stab, id);
  /* Last: a set rep tells other threads that the classes are ready. */
  g_atomic_pointer_set (&oc->rep, g_memdup2 (rep, id * sizeof (guint32)));
}

static void
ensure_classes (guint m)
{
  static GOnce once = G_ONCE_INIT;

  g_once (&once, init_base, NULL);
  if (g_atomic_pointer_get (&classes[m].rep) != NULL)
    return;
  g_mutex_lock (&classes_lock);
  if (classes[m].rep == NULL)
    build_classes (m);
  g_mutex_unlock (&classes_lock);
}

void
bg_ta_index_init (guint max_occupied)
{
  g_return_if_fail (max_occupied <= BG_TA_MAX_OCCUPIED);
  for (guint m = 0; m <= max_occupied; m++)
    ensure_classes (m);
}

void
bg_ta_layer_init (BgTaLayer *layer,
                  guint      a,
                  guint      b)
{
  g_return_if_fail (a + b <= BG_TA_MAX_OCCUPIED);
  ensure_classes (a + b);
  layer->a = a;
  layer->b = b;
  layer->n_colorings = binom[a + b][a];
  layer->size = (guint64) classes[a + b].n_classes * layer->n_colorings;
}

/* The bits of set at the points of occupied, packed down. */
static inline guint
extract (guint32 set,
         guint32 occupied)
{
  guint pattern = 0;

  for (guint i = 0; occupied != 0; occupied &= occupied - 1, i++)
    if (set & occupied & -occupied)
      pattern |= 1u << i;
  return pattern;
}

static inline guint32
deposit (guint   pattern,
         guint32 occupied)
{
  guint32 set = 0;

  for (; occupied != 0; occupied &= occupied - 1, pattern >>= 1)
    if (pattern & 1)
      set |= occupied & -occupied;
  return set;
}

guint64
bg_ta_index_encode (const BgTaLayer *layer,
                    guint32          mover,
                    guint32          other)
{
  const OccClasses *oc = &classes[layer->a + layer->b];
  guint32 entry = oc->class_of[rank24 (mover | other)];
  guint32 cls = entry >> 3;
  guint32 rep = oc->rep[cls];
  guint8 fixing = oc->stab[cls];
  guint32 s = bg_ta_symmetry_apply (entry & 7, mover);
  guint best = rank12[extract (s, rep)];

  for (guint u = 1; fixing > 1 && u < BG_TA_N_SYMMETRIES; u++)
    if (fixing & (1u << u))
      best = MIN (best, rank12[extract (bg_ta_symmetry_apply (u, s), rep)]);
  return (guint64) cls * layer->n_colorings + best;
}

void
bg_ta_index_decode (const BgTaLayer *layer,
                    guint64          index,
                    guint32         *mover,
                    guint32         *other)
{
  const OccClasses *oc = &classes[layer->a + layer->b];
  guint32 rep = oc->rep[index / layer->n_colorings];
  guint pattern = unrank12[unrank_start[layer->a] + index % layer->n_colorings];

  *mover = deposit (pattern, rep);
  *other = rep & ~*mover;
}

gboolean
bg_ta_index_is_canonical (const BgTaLayer *layer,
                          guint64          index)
{
  guint32 mover, other;

  bg_ta_index_decode (layer, index, &mover, &other);
  return bg_ta_index_encode (layer, mover, other) == index;
}
