/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-triple-alliance-setup.c: the position text of La Triple Alliance, written and read */

#include "bg-triple-alliance-private.h"

#include "bg-rules.h"
#include "triple-alliance/solver/bg-ta-board.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define N_POINTS BG_TA_N_POINTS
#define N_PIECES TA_N_PIECES

/* Position text: "p1=a1,b2 p2=d4 hand=4,5 turn=1" */

static void
append_points (GString *s,
               guint32  set)
{
  gboolean first = TRUE;

  for (int p = 0; p < N_POINTS; p++)
    if (set & (1u << p))
      {
        char name[3];

        bg_ta_point_name (p, name);
        g_string_append_printf (s, "%s%s", first ? "" : ",", name);
        first = FALSE;
      }
}

char *
bg_ta_format_position (const void *data)
{
  const TaPosition *pos = data;
  GString *s = g_string_new ("p1=");

  append_points (s, pos->board[0]);
  g_string_append (s, " p2=");
  append_points (s, pos->board[1]);
  g_string_append_printf (s, " hand=%d,%d turn=%d", pos->hand[0], pos->hand[1], pos->turn + 1);
  return g_string_free (s, FALSE);
}

static gboolean
parse_point_list (const char  *value,
                  guint32     *set,
                  GError     **error)
{
  g_auto (GStrv) items = g_strsplit (value, ",", -1);

  *set = 0;
  if (*value == '\0')
    return TRUE;
  for (guint i = 0; items[i] != NULL; i++)
    {
      g_autoptr (GError) local = NULL;
      const char *s = items[i];
      int p;

      if (!bg_ta_parse_point (&s, &p, &local))
        {
          g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                       /* Translators: "triple-alliance" is the game's name in the
                        * position syntax: keep it as it is; the first %s is a word of the
                        * position, the second says what is wrong with it */
                       _("triple-alliance position: bad point '%s': %s"), items[i],
                       local->message);
          return FALSE;
        }
      if (*s != '\0')
        {
          g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                       /* Translators: "triple-alliance" is the game's name in the
                        * position syntax: keep it as it is; %s is a word of the position */
                       _("triple-alliance position: bad point '%s'"), items[i]);
          return FALSE;
        }
      if (*set & (1u << p))
        {
          g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                       /* Translators: "triple-alliance" is the game's name in the
                        * position syntax: keep it as it is; %s is a point name such as b2 */
                       _("triple-alliance position: point %s is listed twice"), items[i]);
          return FALSE;
        }
      *set |= 1u << p;
    }
  return TRUE;
}

static gboolean
parse_number (const char *text,
              guint       min,
              guint       max,
              guint8     *out)
{
  guint64 n;

  if (!g_ascii_string_to_unsigned (text, 10, min, max, &n, NULL))
    return FALSE;
  *out = n;
  return TRUE;
}

static gboolean
parse_field (TaPosition  *pos,
             const char  *name,
             const char  *value,
             GError     **error)
{
  if (g_str_equal (name, "p1") || g_str_equal (name, "p2"))
    return parse_point_list (value, &pos->board[name[1] - '1'], error);
  if (g_str_equal (name, "hand"))
    {
      g_auto (GStrv) counts = g_strsplit (value, ",", -1);

      if (g_strv_length (counts) == 2 && parse_number (counts[0], 0, N_PIECES, &pos->hand[0])
          && parse_number (counts[1], 0, N_PIECES, &pos->hand[1]))
        return TRUE;
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                   /* Translators: "triple-alliance" is the game's name and "hand" a
                    * keyword of the position syntax, hand=6,5 an example of it: keep them as
                    * they are; %s is the value written after hand= */
                   _("triple-alliance position: hand=%s is not two counts 0-6 such as "
                     "hand=6,5"), value);
      return FALSE;
    }
  if (g_str_equal (name, "turn"))
    {
      if (parse_number (value, 1, 2, &pos->turn))
        {
          pos->turn--;
          return TRUE;
        }
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                   /* Translators: "triple-alliance" is the game's name and "turn" a
                    * keyword of the position syntax: keep them as they are; %s is the value
                    * written after turn= */
                   _("triple-alliance position: turn=%s is not 1 or 2"), value);
      return FALSE;
    }
  g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
               /* Translators: "triple-alliance" is the game's name and p1, p2, hand and
                * turn the keywords of the position syntax: keep them as they are; %s is
                * the unknown keyword */
               _("triple-alliance position: unknown field '%s' (expected p1, p2, hand, "
                 "turn)"), name);
  return FALSE;
}

/* Whether the game could have reached pos: no overlaps, at most six pieces a player,
 * players alternating in the placement phase, no line but maybe one just made. */
static gboolean
check_position (const TaPosition  *pos,
                GError           **error)
{
  const char *problem = NULL;
  int h0 = pos->hand[0], h1 = pos->hand[1];

  /* Each problem is a whole message, prefix included, so that translators see the
   * sentence. */
  if (pos->board[0] & pos->board[1])
    /* Translators: "triple-alliance" is the game's name in the position syntax: keep it */
    problem = _("triple-alliance position: a point holds pieces of both players");
  else if (__builtin_popcount (pos->board[0]) + h0 > N_PIECES
           || __builtin_popcount (pos->board[1]) + h1 > N_PIECES)
    /* Translators: "triple-alliance" is the game's name in the position syntax: keep it */
    problem = _("triple-alliance position: a player has more than 6 pieces on the board "
                "and in hand");
  else if (h0 - h1 > 1 || h1 - h0 > 1 || (h0 != h1 && pos->turn != (h0 > h1 ? 0 : 1)))
    /* Translators: "triple-alliance" is the game's name in the position syntax: keep it */
    problem = _("triple-alliance position: the pieces in hand do not fit alternate "
                "placing and the player to move");
  else if (bg_ta_placement_phase (pos)
           && (bg_ta_has_line (pos->board[0]) || bg_ta_has_line (pos->board[1])))
    /* Translators: "triple-alliance" is the game's name in the position syntax: keep it */
    problem = _("triple-alliance position: a line of three cannot be formed while placing");
  else if (bg_ta_has_line (pos->board[pos->turn]))
    /* Translators: "triple-alliance" is the game's name in the position syntax: keep it */
    problem = _("triple-alliance position: the player to move already has a line of "
                "three");
  if (problem == NULL)
    return TRUE;
  g_set_error_literal (error, BG_ERROR, BG_ERROR_BAD_OPTION, problem);
  return FALSE;
}

gboolean
bg_ta_parse_position (void        *data,
                      GHashTable  *opts G_GNUC_UNUSED,
                      const char  *text,
                      GError     **error)
{
  g_auto (GStrv) words = g_strsplit_set (text, " \t\n", -1);
  TaPosition pos;
  guint seen = 0;

  memset (&pos, 0, sizeof pos);
  for (guint i = 0; words[i] != NULL; i++)
    {
      static const char *const fields[] = { "p1", "p2", "hand", "turn" };
      g_autofree char *word = g_ascii_strdown (words[i], -1);
      char *eq = strchr (word, '=');

      if (*word == '\0')
        continue;
      if (eq == NULL)
        {
          g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                       /* Translators: "triple-alliance" is the game's name in the
                        * position syntax and name=value its form: keep them as they are;
                        * %s is a word of the position */
                       _("triple-alliance position: '%s' is not of the form name=value"),
                       word);
          return FALSE;
        }
      *eq = '\0';
      for (guint f = 0; f < G_N_ELEMENTS (fields); f++)
        if (g_str_equal (word, fields[f]))
          {
            if (seen & (1u << f))
              {
                g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                             /* Translators: "triple-alliance" is the game's name in the
                              * position syntax: keep it as it is; %s is one of its
                              * keywords p1, p2, hand and turn */
                             _("triple-alliance position: %s= is given twice"), word);
                return FALSE;
              }
            seen |= 1u << f;
          }
      if (!parse_field (&pos, word, eq + 1, error))
        return FALSE;
    }
  if ((seen & 0xc) != 0xc)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_BAD_OPTION,
                   /* Translators: "triple-alliance" is the game's name, hand= and turn=
                    * keywords of the position syntax and 'p1=a1,b2 p2=d4 hand=4,5 turn=1'
                    * an example of it: keep them as they are */
                   _("triple-alliance position: hand= and turn= are required, "
                     "as in 'p1=a1,b2 p2=d4 hand=4,5 turn=1'"));
      return FALSE;
    }
  if (!check_position (&pos, error))
    return FALSE;
  pos.key = bg_ta_compute_key (&pos);
  memcpy (data, &pos, sizeof pos);
  return TRUE;
}
