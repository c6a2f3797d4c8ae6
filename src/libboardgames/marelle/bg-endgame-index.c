/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-endgame-index.c: the perfect hash of small endgames on a 24-point board */

#include "bg-endgame-index.h"

#define N_BYTES 3
#define SYM_BITS 6

typedef struct
{
  guint32 rep;            /* the first set of the class */
  guint64 fixing;         /* the symmetries that fix rep (bit 0: the identity) */
  guint8 free_points[BG_ENDGAME_N_POINTS];  /* the points rep leaves free, in order */
  guint8 free_rank[BG_ENDGAME_N_POINTS];    /* and the inverse: each point's place */
} SetClass;

typedef struct
{
  guint32 *class_of;      /* by the colex rank of a set: class << SYM_BITS | symmetry */
  SetClass *classes;
  guint n_classes;
} SetClasses;

struct _BgEndgameIndex
{
  guint n_symmetries;
  guint32 sym_byte[BG_ENDGAME_MAX_SYMMETRIES][N_BYTES][256];
  SetClasses sets[BG_ENDGAME_MAX_SET + 1];   /* by the number of points */
};

static guint32 binom[BG_ENDGAME_N_POINTS + 1][BG_ENDGAME_MAX_SET + 1];

static void
init_binom (void)
{
  for (int n = 0; n <= BG_ENDGAME_N_POINTS; n++)
    {
      binom[n][0] = 1;
      for (int k = 1; k <= BG_ENDGAME_MAX_SET; k++)
        binom[n][k] = n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    }
}

guint32
bg_endgame_index_apply (const BgEndgameIndex *index,
                        guint                 t,
                        guint32               set)
{
  const guint32 (*b)[256] = index->sym_byte[t];

  return b[0][set & 0xff] | b[1][(set >> 8) & 0xff] | b[2][(set >> 16) & 0xff];
}

/* The colex rank of a set among the sets of as many points. */
static inline guint32
rank_set (guint32 set)
{
  guint32 r = 0;

  for (guint j = 1; set != 0; set &= set - 1, j++)
    r += binom[__builtin_ctz (set)][j];
  return r;
}

/* The colex rank of other among the points that the class's set leaves free. */
static inline guint32
rank_among_free (const SetClass *c,
                 guint32         other)
{
  guint32 r = 0;

  for (guint j = 1; other != 0; other &= other - 1, j++)
    r += binom[c->free_rank[__builtin_ctz (other)]][j];
  return r;
}

/* The sets here are small: a loop is quicker than the library's popcount without
 * -mpopcnt. */
static inline guint
count_points (guint32 set)
{
  guint n = 0;

  for (; set != 0; set &= set - 1)
    n++;
  return n;
}

/* The next mask with as many bits (Gosper's hack). */
static inline guint32
next_subset (guint32 set)
{
  guint32 low = set & -set, next = set + low;

  return (((next ^ set) >> 2) / low) | next;
}

static void
build_classes (BgEndgameIndex *index,
               guint           m)
{
  SetClasses *sc = &index->sets[m];
  guint32 n = binom[BG_ENDGAME_N_POINTS][m], set = (1u << m) - 1;
  GArray *classes = g_array_new (FALSE, TRUE, sizeof (SetClass));

  sc->class_of = g_new (guint32, n);
  for (guint32 r = 0; r < n; r++, set = m > 0 ? next_subset (set) : set)
    {
      guint32 low = set;
      guint t = 0;

      for (guint u = 1; u < index->n_symmetries; u++)
        {
          guint32 image = bg_endgame_index_apply (index, u, set);

          if (image < low)
            {
              low = image;
              t = u;
            }
        }
      if (low == set)
        {
          SetClass c = { set, 0, { 0 } };
          guint k = 0;

          for (guint u = 0; u < index->n_symmetries; u++)
            if (bg_endgame_index_apply (index, u, set) == set)
              c.fixing |= G_GUINT64_CONSTANT (1) << u;
          for (guint p = 0; p < BG_ENDGAME_N_POINTS; p++)
            if ((set & (1u << p)) == 0)
              {
                c.free_rank[p] = (guint8) k;
                c.free_points[k++] = (guint8) p;
              }
          sc->class_of[r] = classes->len << SYM_BITS;
          g_array_append_val (classes, c);
        }
      else
        sc->class_of[r] = (sc->class_of[rank_set (low)] & ~((1u << SYM_BITS) - 1)) | t;
    }
  sc->n_classes = classes->len;
  sc->classes = (SetClass *) g_array_free (classes, FALSE);
}

BgEndgameIndex *
bg_endgame_index_new (const guint8 (*perms)[BG_ENDGAME_N_POINTS],
                      guint          n_symmetries)
{
  static gsize binom_done = 0;
  BgEndgameIndex *index;

  g_return_val_if_fail (n_symmetries >= 1 && n_symmetries <= BG_ENDGAME_MAX_SYMMETRIES, NULL);
  if (g_once_init_enter (&binom_done))
    {
      init_binom ();
      g_once_init_leave (&binom_done, 1);
    }
  index = g_new0 (BgEndgameIndex, 1);
  index->n_symmetries = n_symmetries;
  for (guint t = 0; t < n_symmetries; t++)
    for (guint byte = 0; byte < N_BYTES; byte++)
      for (guint v = 0; v < 256; v++)
        for (guint bit = 0; bit < 8; bit++)
          if (v & (1u << bit))
            index->sym_byte[t][byte][v] |= 1u << perms[t][byte * 8 + bit];
  for (guint m = 1; m <= BG_ENDGAME_MAX_SET; m++)
    build_classes (index, m);
  return index;
}

void
bg_endgame_index_free (BgEndgameIndex *index)
{
  if (index == NULL)
    return;
  for (guint m = 0; m <= BG_ENDGAME_MAX_SET; m++)
    {
      g_free (index->sets[m].class_of);
      g_free (index->sets[m].classes);
    }
  g_free (index);
}

guint
bg_endgame_index_get_n_symmetries (const BgEndgameIndex *index)
{
  return index->n_symmetries;
}

guint64
bg_endgame_index_size (const BgEndgameIndex *index,
                       guint                 a,
                       guint                 b)
{
  g_return_val_if_fail (a >= 1 && a <= BG_ENDGAME_MAX_SET && b <= BG_ENDGAME_MAX_SET, 0);
  return (guint64) index->sets[a].n_classes * binom[BG_ENDGAME_N_POINTS - a][b];
}

guint64
bg_endgame_index_encode (const BgEndgameIndex *index,
                         guint32               mover,
                         guint32               other)
{
  guint a = count_points (mover), b = count_points (other);
  const SetClasses *sc = &index->sets[a];
  guint32 entry = sc->class_of[rank_set (mover)];
  const SetClass *c = &sc->classes[entry >> SYM_BITS];
  guint32 o = bg_endgame_index_apply (index, entry & ((1u << SYM_BITS) - 1), other);
  guint32 best = rank_among_free (c, o);

  /* A symmetry that fixes the mover's set may give the other set a smaller number. */
  for (guint64 fixing = c->fixing & ~G_GUINT64_CONSTANT (1); fixing != 0; fixing &= fixing - 1)
    {
      guint u = (guint) __builtin_ctzll (fixing);

      best = MIN (best, rank_among_free (c, bg_endgame_index_apply (index, u, o)));
    }
  return (guint64) (entry >> SYM_BITS) * binom[BG_ENDGAME_N_POINTS - a][b] + best;
}

gboolean
bg_endgame_index_decode (const BgEndgameIndex *index,
                         guint                 a,
                         guint                 b,
                         guint64               i,
                         guint32              *mover,
                         guint32              *other)
{
  guint32 n_free = binom[BG_ENDGAME_N_POINTS - a][b];
  const SetClass *c = &index->sets[a].classes[i / n_free];
  guint32 r = (guint32) (i % n_free), set = 0;
  int p = BG_ENDGAME_N_POINTS - (int) a;

  /* Colex unranking: the largest free position p with C(p, j) <= r, for j from b down. */
  for (guint j = b; j > 0; j--)
    {
      do
        p--;
      while (binom[p][j] > r);
      r -= binom[p][j];
      set |= 1u << c->free_points[p];
    }
  *mover = c->rep;
  *other = set;
  return (c->fixing & ~G_GUINT64_CONSTANT (1)) == 0
         || bg_endgame_index_encode (index, c->rep, set) == i;
}

guint
bg_endgame_index_orbit (const BgEndgameIndex *index,
                        guint32               mover,
                        guint32               other)
{
  guint fixed = 0;

  for (guint t = 0; t < index->n_symmetries; t++)
    fixed += bg_endgame_index_apply (index, t, mover) == mover
             && bg_endgame_index_apply (index, t, other) == other;
  return index->n_symmetries / fixed;
}
