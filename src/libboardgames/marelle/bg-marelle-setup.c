/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-marelle-setup.c: a Marelle position as text: the diagram and the setup text */

#include "bg-marelle-private.h"

#include "bg-rules.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

/* The diagram: point p sits at row 2 * (7 - rank), column 4 * file. */
#define GRID_ROWS 13
#define GRID_COLS 25

static void
draw_link (char grid[GRID_ROWS][GRID_COLS],
           int  a,
           int  b)
{
  const char *na = bg_marelle_point_names[a], *nb = bg_marelle_point_names[b];
  int ra = 2 * ('7' - na[1]), ca = 4 * (na[0] - 'a');
  int rb = 2 * ('7' - nb[1]), cb = 4 * (nb[0] - 'a');

  if (ra == rb)
    for (int c = MIN (ca, cb) + 1; c < MAX (ca, cb); c++)
      grid[ra][c] = '-';
  else if (ca == cb)
    for (int r = MIN (ra, rb) + 1; r < MAX (ra, rb); r++)
      grid[r][ca] = '|';
  else  /* a diagonal: one step of two columns per row */
    grid[(ra + rb) / 2][(ca + cb) / 2] = (ra < rb) == (ca < cb) ? '\\' : '/';
}

char *
bg_marelle_to_text (const void *p)
{
  const MarellePos *pos = p;
  const guint32 *adj = bg_marelle_adjacent[pos->variant];
  char grid[GRID_ROWS][GRID_COLS];
  GString *s = g_string_new (NULL);

  memset (grid, ' ', sizeof grid);
  for (int a = 0; a < N_POINTS; a++)
    for (int b = a + 1; b < N_POINTS; b++)
      if (adj[a] & (1u << b))
        draw_link (grid, a, b);
  for (int pt = 0; pt < N_POINTS; pt++)
    {
      const char *name = bg_marelle_point_names[pt];
      char c = pos->board[0] & (1u << pt) ? 'W' : pos->board[1] & (1u << pt) ? 'B' : '.';

      grid[2 * ('7' - name[1])][4 * (name[0] - 'a')] = c;
    }
  for (int r = 0; r < GRID_ROWS; r++)
    {
      int len = GRID_COLS;

      while (len > 0 && grid[r][len - 1] == ' ')
        len--;
      g_string_append_printf (s, "%c  %.*s\n", r % 2 == 0 ? '7' - r / 2 : ' ', len, grid[r]);
    }
  g_string_append (s, "   a   b   c   d   e   f   g\n");
  g_string_append_printf (s, "W (1): %d on board, %d in hand; B (2): %d on board, %d in hand;"
                          " %s to move\n", pos->count[0], pos->hand[0], pos->count[1],
                          pos->hand[1], pos->side == 0 ? "W (1)" : "B (2)");
  return g_string_free (s, FALSE);
}

char *
bg_marelle_format_position (const void *p)
{
  const MarellePos *pos = p;
  GString *s = g_string_new (NULL);

  for (int pl = 0; pl < 2; pl++)
    {
      const char *sep = "";

      g_string_append_printf (s, "p%d=", pl + 1);
      for (int pt = 0; pt < N_POINTS; pt++)
        if (pos->board[pl] & (1u << pt))
          {
            g_string_append_printf (s, "%s%s", sep, bg_marelle_point_names[pt]);
            sep = ",";
          }
      g_string_append_c (s, ' ');
    }
  g_string_append_printf (s, "hand=%d,%d turn=%d", pos->hand[0], pos->hand[1], pos->side + 1);
  return g_string_free (s, FALSE);
}

/* The errors of a position text, which begin "bad marelle position '%s': " with the whole
 * text: each is a whole message, so that translators see the sentence. */
#define setup_error(error, ...) bg_fail (error, BG_ERROR_BAD_OPTION, __VA_ARGS__)

static gboolean
parse_points (const char  *list,
              guint32     *board,
              GError     **error,
              const char  *text)
{
  g_auto (GStrv) names = g_strsplit (list, ",", -1);

  *board = 0;
  for (guint i = 0; names[i] != NULL; i++)
    {
      int pt = strlen (names[i]) == 2
               ? bg_marelle_point_from_name (names[i][0], names[i][1]) : -1;

      if (i == 0 && names[i][0] == '\0' && names[1] == NULL)
        break;  /* "p1=" with no pieces */
      if (pt < 0)
        /* Translators: the first %s is the position text, the second a word of it that
         * should be a point name such as d6 */
        return setup_error (error, _("bad marelle position '%s': '%s' is not a point"),
                            text, names[i]);
      if (*board & (1u << pt))
        /* Translators: the first %s is the position text, the second a point name
         * such as d6 */
        return setup_error (error, _("bad marelle position '%s': point %s listed twice"),
                            text, names[i]);
      *board |= 1u << pt;
    }
  return TRUE;
}

/* Reads "a,b" as two numbers from 0 to max. */
static gboolean
parse_pair (const char *value,
            int         max,
            int         out[2])
{
  char *end;

  for (int i = 0; i < 2; i++)
    {
      if (!g_ascii_isdigit (*value))
        return FALSE;
      out[i] = (int) strtol (value, &end, 10);
      if (out[i] > max || *end != (i == 0 ? ',' : '\0'))
        return FALSE;
      value = end + 1;
    }
  return TRUE;
}

gboolean
bg_marelle_parse_position (void        *p,
                           GHashTable  *options,
                           const char  *text,
                           GError     **error)
{
  MarellePos res = { 0 };
  g_auto (GStrv) fields = g_strsplit_set (text, " \t\n", -1);
  gboolean seen[4] = { FALSE, FALSE, FALSE, FALSE };
  int hand[2] = { 0, 0 };

  bg_marelle_tables_init ();
  res.variant = bg_marelle_variant_from_options (options);
  for (guint i = 0; fields[i] != NULL; i++)
    {
      const char *f = fields[i];
      int index;

      if (*f == '\0')
        continue;
      index = g_str_has_prefix (f, "p1=") ? 0 : g_str_has_prefix (f, "p2=") ? 1
              : g_str_has_prefix (f, "hand=") ? 2 : g_str_has_prefix (f, "turn=") ? 3 : -1;
      if (index < 0 || seen[index])
        /* Translators: the first %s is the position text, the second a word of it */
        return setup_error (error, _("bad marelle position '%s': unexpected or repeated "
                                     "field '%s'"), text, f);
      seen[index] = TRUE;
      f = strchr (f, '=') + 1;
      if (index < 2 && !parse_points (f, &res.board[index], error, text))
        return FALSE;
      if (index == 2 && !parse_pair (f, N_PIECES, hand))
        /* Translators: %s is the position text; hand=6,8 is an example of the position
         * syntax and "hand" its keyword: keep them as they are */
        return setup_error (error, _("bad marelle position '%s': hand must be two counts "
                                     "from 0 to 9, as hand=6,8"), text);
      if (index == 3)
        {
          if (strcmp (f, "1") != 0 && strcmp (f, "2") != 0)
            /* Translators: %s is the position text; "turn" is a keyword of the position
             * syntax: keep it as it is */
            return setup_error (error, _("bad marelle position '%s': turn must be 1 or 2"),
                                text);
          res.side = f[0] - '1';
        }
    }
  if (!seen[0] || !seen[1] || !seen[2] || !seen[3])
    /* Translators: %s is the position text; p1=... p2=... hand=N,N turn=N is the
     * position syntax: keep it as it is */
    return setup_error (error, _("bad marelle position '%s': expected p1=... p2=... "
                                 "hand=N,N turn=N"), text);
  if (res.board[0] & res.board[1])
    /* Translators: %s is the position text */
    return setup_error (error, _("bad marelle position '%s': a point is occupied by both "
                                 "players"), text);
  for (int pl = 0; pl < 2; pl++)
    {
      res.hand[pl] = hand[pl];
      res.count[pl] = bg_marelle_popcount32 (res.board[pl]);
      if (res.count[pl] + res.hand[pl] > N_PIECES)
        /* Translators: %s is the position text */
        return setup_error (error, _("bad marelle position '%s': a player has more than 9 "
                                     "pieces"), text);
    }
  res.key = bg_marelle_compute_key (&res);
  memcpy (p, &res, sizeof res);
  return TRUE;
}
