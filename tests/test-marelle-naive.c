/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-marelle-naive.c: the naive reference generator of the Marelle tests
 * (see test-marelle-naive.h)
 */

#include "test-marelle-naive.h"

#include <stdio.h>
#include <string.h>

static void
naive_coords (int p, int *x, int *y)
{
  int r = p / 8, k = p % 8, lo = r, hi = 6 - r;
  static const int cx[8] = { 0, 1, 2, 2, 2, 1, 0, 0 };
  static const int cy[8] = { 0, 0, 0, 1, 2, 2, 2, 1 };
  int v[3];

  v[0] = lo;
  v[1] = 3;
  v[2] = hi;
  *x = v[cx[k]];
  *y = v[cy[k]];
}

static void
naive_name (int p, char out[3])
{
  int x, y;

  naive_coords (p, &x, &y);
  out[0] = 'a' + x;
  out[1] = '1' + y;
  out[2] = '\0';
}

static int
naive_point (const char *name)
{
  for (int p = 0; p < 24; p++)
    {
      char n[3];

      naive_name (p, n);
      if (n[0] == name[0] && n[1] == name[1])
        return p;
    }
  return -1;
}

static gboolean
naive_adjacent (const Naive *n, int a, int b)
{
  int ra = a / 8, ka = a % 8, rb = b / 8, kb = b % 8;

  if (ra == rb)
    return (ka + 1) % 8 == kb || (kb + 1) % 8 == ka;
  if (ka != kb || (ra - rb != 1 && rb - ra != 1))
    return FALSE;
  return ka % 2 == 1 || !n->standard;  /* corners are linked only by the diagonals */
}

static gboolean
naive_line (const char *cell, int a, int b, int c)
{
  return cell[a] != 0 && cell[a] == cell[b] && cell[b] == cell[c];
}

/* Whether the piece on p is in a mill: a corner lies on the two sides of its square; a
 * midpoint on the middle of one side and on the cross line through the three squares. */
static gboolean
naive_in_mill (const char *cell, int p)
{
  int r = p / 8, k = p % 8, base = r * 8;

  if (k % 2 == 0)
    return naive_line (cell, base + k, base + (k + 1) % 8, base + (k + 2) % 8)
           || naive_line (cell, base + (k + 6) % 8, base + (k + 7) % 8, base + k);
  return naive_line (cell, base + k - 1, base + k, base + (k + 1) % 8)
         || naive_line (cell, k, 8 + k, 16 + k);
}

static int
naive_count (const Naive *n, int player)
{
  int c = 0;

  for (int p = 0; p < 24; p++)
    c += n->cell[p] == player + 1;
  return c;
}

static int
naive_add (const Naive *n, int from, int to, NaiveMove *out, int len)
{
  char after[24];
  int them = 2 - n->side, n_free = 0, n_them = 0;

  memcpy (after, n->cell, 24);
  if (from >= 0)
    after[from] = 0;
  after[to] = n->side + 1;
  if (naive_in_mill (after, to))
    for (int p = 0; p < 24; p++)
      if (n->cell[p] == them)
        {
          n_them++;
          n_free += !naive_in_mill (n->cell, p);
        }
  if (n_them == 0)
    {
      out[len++] = (NaiveMove) { from, to, -1 };
      return len;
    }
  for (int p = 0; p < 24; p++)
    if (n->cell[p] == them
        && (!n->standard || n_free == 0 || !naive_in_mill (n->cell, p)))
      out[len++] = (NaiveMove) { from, to, p };
  return len;
}

int
naive_moves (const Naive *n, NaiveMove *out)
{
  int me = n->side, len = 0;
  gboolean fly;

  if (naive_count (n, 0) + n->hand[0] < 3 || naive_count (n, 1) + n->hand[1] < 3)
    return 0;
  if (n->hand[me] > 0)
    {
      for (int to = 0; to < 24; to++)
        if (n->cell[to] == 0)
          len = naive_add (n, -1, to, out, len);
      return len;
    }
  fly = naive_count (n, me) <= (n->standard ? 3 : 4);
  for (int from = 0; from < 24; from++)
    if (n->cell[from] == me + 1)
      for (int to = 0; to < 24; to++)
        if (n->cell[to] == 0 && (fly || naive_adjacent (n, from, to)))
          len = naive_add (n, from, to, out, len);
  return len;
}

void
naive_play (Naive *n, NaiveMove m)
{
  if (m.from < 0)
    n->hand[n->side]--;
  else
    n->cell[m.from] = 0;
  n->cell[m.to] = n->side + 1;
  if (m.rem >= 0)
    n->cell[m.rem] = 0;
  n->side = 1 - n->side;
}

void
naive_move_text (NaiveMove m, char *buf)
{
  char a[3], b[3], c[3];

  naive_name (m.to, b);
  if (m.from >= 0)
    naive_name (m.from, a);
  if (m.rem >= 0)
    naive_name (m.rem, c);
  sprintf (buf, "%s%s%s%s%s", m.from >= 0 ? a : "", m.from >= 0 ? "-" : "", b,
           m.rem >= 0 ? "x" : "", m.rem >= 0 ? c : "");
}

/* Its own reading of the setup text: "p1=a1,d1 p2=a7 hand=6,8 turn=1". */
Naive
naive_setup (const char *text, gboolean standard)
{
  Naive n = { { 0 }, { 9, 9 }, 0, standard };
  g_auto (GStrv) fields = g_strsplit (text, " ", -1);

  for (guint i = 0; fields[i] != NULL; i++)
    {
      const char *f = fields[i];

      if (f[0] == 'p')
        for (const char *s = f + 3; s[0] != '\0' && s[1] != '\0'; s += s[2] == ',' ? 3 : 2)
          n.cell[naive_point (s)] = f[1] - '0';
      else if (g_str_has_prefix (f, "hand="))
        sscanf (f, "hand=%d,%d", &n.hand[0], &n.hand[1]);
      else if (g_str_has_prefix (f, "turn="))
        n.side = f[5] - '1';
    }
  return n;
}

/* Its own writing of the setup text, points in rank then file order. */
char *
naive_format (const Naive *n)
{
  GString *s = g_string_new (NULL);

  for (int pl = 1; pl <= 2; pl++)
    {
      const char *sep = "";

      g_string_append_printf (s, "p%d=", pl);
      for (int y = 0; y < 7; y++)
        for (int x = 0; x < 7; x++)
          {
            char name[3] = { 'a' + x, '1' + y, '\0' };
            int p = naive_point (name);

            if (p >= 0 && n->cell[p] == pl)
              {
                g_string_append_printf (s, "%s%s", sep, name);
                sep = ",";
              }
          }
      g_string_append_c (s, ' ');
    }
  g_string_append_printf (s, "hand=%d,%d turn=%d", n->hand[0], n->hand[1], n->side + 1);
  return g_string_free (s, FALSE);
}

guint64
naive_perft (const Naive *n, int depth)
{
  NaiveMove moves[1024];
  int len = naive_moves (n, moves);
  guint64 total = 0;

  if (depth == 1)
    return len;
  for (int i = 0; i < len; i++)
    {
      Naive child = *n;

      naive_play (&child, moves[i]);
      total += naive_perft (&child, depth - 1);
    }
  return total;
}
