/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-triple-alliance-naive.c: the naive reference of the La Triple Alliance tests
 * (see test-triple-alliance-naive.h)
 */

#include "test-triple-alliance-naive.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-util.h"

gboolean
ref_exists (int f,
            int r)
{
  return f >= 0 && f < 5 && r >= 0 && r < 5 && !(f == 2 && r == 2);
}

void
ref_clear (RefPos *pos)
{
  memset (pos, 0, sizeof *pos);
  pos->cell[2][2] = -1;
}

/* Parses "p1=a1,b2 p2=d4 hand=4,5 turn=2" (trusted input). */
void
ref_from_setup (RefPos     *pos,
                const char *setup)
{
  g_auto (GStrv) words = g_strsplit (setup, " ", -1);

  ref_clear (pos);
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (g_str_has_prefix (words[i], "p1=") || g_str_has_prefix (words[i], "p2="))
        {
          g_auto (GStrv) points = g_strsplit (words[i] + 3, ",", -1);

          for (guint j = 0; points[j] != NULL; j++)
            if (points[j][0] != '\0')
              pos->cell[points[j][0] - 'a'][points[j][1] - '1'] = words[i][1] - '0';
        }
      else if (g_str_has_prefix (words[i], "hand="))
        sscanf (words[i] + 5, "%d,%d", &pos->hand[1], &pos->hand[2]);
      else if (g_str_has_prefix (words[i], "turn="))
        pos->turn = atoi (words[i] + 5);
    }
}

/* Every run of three existing points along a row or a column. */
int
ref_lines (int lines[][3][2])
{
  int n = 0;

  for (int f = 0; f < 5; f++)
    for (int r = 0; r < 5; r++)
      for (int d = 0; d < 2; d++)
        {
          int df = d == 0, dr = d == 1;

          if (!ref_exists (f, r) || !ref_exists (f + df, r + dr)
              || !ref_exists (f + 2 * df, r + 2 * dr))
            continue;
          for (int k = 0; k < 3; k++)
            {
              lines[n][k][0] = f + k * df;
              lines[n][k][1] = r + k * dr;
            }
          n++;
        }
  return n;
}

gboolean
ref_has_line (const RefPos *pos,
              int           player)
{
  int lines[64][3][2];
  int n = ref_lines (lines);

  for (int i = 0; i < n; i++)
    if (pos->cell[lines[i][0][0]][lines[i][0][1]] == player
        && pos->cell[lines[i][1][0]][lines[i][1][1]] == player
        && pos->cell[lines[i][2][0]][lines[i][2][1]] == player)
      return TRUE;
  return FALSE;
}

int
ref_moves (const RefPos *pos,
           RefMove      *moves)
{
  static const int dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
  int n = 0;

  if (pos->hand[1] > 0 || pos->hand[2] > 0)
    {
      for (int f = 0; f < 5; f++)
        for (int r = 0; r < 5; r++)
          {
            RefPos tmp = *pos;

            if (!ref_exists (f, r) || pos->cell[f][r] != 0)
              continue;
            tmp.cell[f][r] = pos->turn;
            if (!ref_has_line (&tmp, pos->turn))
              moves[n++] = (RefMove) { FALSE, 0, 0, f, r };
          }
      return n;
    }
  if (ref_has_line (pos, 1) || ref_has_line (pos, 2))
    return 0;
  for (int f = 0; f < 5; f++)
    for (int r = 0; r < 5; r++)
      if (ref_exists (f, r) && pos->cell[f][r] == pos->turn)
        for (int d = 0; d < 4; d++)
          {
            int tf = f + dirs[d][0], tr = r + dirs[d][1];

            if (ref_exists (tf, tr) && pos->cell[tf][tr] == 0)
              moves[n++] = (RefMove) { TRUE, f, r, tf, tr };
          }
  return n;
}

void
ref_play (RefPos        *pos,
          const RefMove *move)
{
  if (move->step)
    pos->cell[move->ff][move->fr] = 0;
  else
    pos->hand[pos->turn]--;
  pos->cell[move->tf][move->tr] = pos->turn;
  pos->turn = 3 - pos->turn;
}

char *
ref_move_text (const RefMove *move)
{
  if (move->step)
    return g_strdup_printf ("%c%c-%c%c", 'a' + move->ff, '1' + move->fr,
                            'a' + move->tf, '1' + move->tr);
  return g_strdup_printf ("%c%c", 'a' + move->tf, '1' + move->tr);
}

guint64
ref_perft (const RefPos *pos,
           int           depth)
{
  RefMove moves[64];
  int n = ref_moves (pos, moves);
  guint64 total = 0;

  if (depth == 1)
    return n;
  for (int i = 0; i < n; i++)
    {
      RefPos next = *pos;

      ref_play (&next, &moves[i]);
      total += ref_perft (&next, depth - 1);
    }
  return total;
}

char *
ref_legal_text (const RefPos *pos)
{
  RefMove moves[64];
  int n = ref_moves (pos, moves);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; i < n; i++)
    g_ptr_array_add (texts, ref_move_text (&moves[i]));
  g_ptr_array_sort (texts, tu_compare_strings);
  g_ptr_array_add (texts, NULL);
  return g_strjoinv (" ", (char **) texts->pdata);
}
