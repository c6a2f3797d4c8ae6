/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-save.c: reading saved games (the format is described in bg-save.h; bg-save-write.c
 * writes them)
 *
 * Reading is done in two passes: the lines are first split into statements, checked one
 * by one for their own syntax, then the game is built from them and the moves replayed.
 * Every error names its line, so that a hand-edited file can be put right.
 */

#include "bg-save.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-search.h"

#define MAX_SEATS 16
#define UTF8_BOM "\xef\xbb\xbf"

/* Reading */

typedef enum
{
  DRAW_NONE,
  DRAW_DECLINED,
  DRAW_ACCEPTED,
} DrawState;

typedef struct
{
  guint line;                 /* the line being read */
  guint game_line;
  char *game_id;
  GPtrArray *option_words;    /* "name=value", in file order */
  GArray *option_lines;
  GHashTable *option_seen;    /* name -> its line, so that a repeat is found at once */
  guint start_line;
  char *start;
  guint seed_line;
  guint32 seed;
  BgSeat seats[MAX_SEATS];
  guint seat_lines[MAX_SEATS]; /* 0 for a seat not given */
  GPtrArray *moves;
  GArray *move_lines;
  guint moves_first_line;
  gboolean moves_closed;      /* another statement came after the moves */
  DrawState draw;
  guint draw_line;
  guint resigned;             /* the seat (from 1) that resigned, or 0 */
  guint resign_line;
  guint end_line;
} Reader;

static void
reader_clear (Reader *r)
{
  g_free (r->game_id);
  g_ptr_array_unref (r->option_words);
  g_array_unref (r->option_lines);
  g_hash_table_unref (r->option_seen);
  g_free (r->start);
  for (guint i = 0; i < MAX_SEATS; i++)
    g_free (r->seats[i].name);
  g_ptr_array_unref (r->moves);
  g_array_unref (r->move_lines);
}

/* The messages of a file that cannot be read: they are shown to the user, so they are
 * translated, but the words of the file's syntax they quote (trio-save, game, option,
 * start, seed, seat, human, computer, moves, draw, resign, end and the placeholders in
 * capitals) are written as they are in the file, and the Translators comments say so. */
#define bad(error, ...) bg_fail (error, BG_ERROR_BAD_FILE, __VA_ARGS__)

/* Reads a quoted name at *p (just after the opening quote) into out. */
static gboolean
read_quoted (const char **p,
             GString     *out,
             guint        line,
             GError     **error)
{
  const char *s = *p;

  while (*s != '"')
    {
      if (*s == '\0')
        /* Translators: %u is a line number of the saved game */
        return bad (error, _("line %u: a name has no closing quote"), line);
      /* Tabs are allowed between words, not in names (a control character is not
       * written back). */
      if (*s == '\t')
        /* Translators: %u is a line number of the saved game */
        return bad (error, _("line %u: a name may not contain a tab"), line);
      if (*s == '\\')
        {
          s++;
          if (*s != '"' && *s != '\\')
            /* Translators: %u is a line number of the saved game; \" and \\ are the
             * characters " and \ */
            return bad (error, _("line %u: in a name, a backslash may only come before "
                                 "\" or \\"), line);
        }
      if (out->len >= BG_SAVE_MAX_NAME)
        /* Translators: %u is a line number of the saved game, %d a number of bytes */
        return bad (error, _("line %u: a name is longer than %d bytes"), line,
                    BG_SAVE_MAX_NAME);
      g_string_append_c (out, *s++);
    }
  s++;
  if (*s != '\0' && *s != ' ' && *s != '\t')
    /* Translators: %u is a line number of the saved game */
    return bad (error, _("line %u: a space must follow the closing quote of a name"), line);
  *p = s;
  return TRUE;
}

/* Splits a line into words. A quoted word is returned with its opening quote, so that it
 * cannot be taken for a keyword or a move ("\"Alice" for "Alice"). */
static GPtrArray *
split_words (const char *line,
             guint       number,
             GError    **error)
{
  g_autoptr (GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  const char *p = line;

  for (;;)
    {
      const char *start;

      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == '\0')
        break;
      start = p;
      if (*p == '"')
        {
          g_autoptr (GString) word = g_string_new ("\"");

          p++;
          if (!read_quoted (&p, word, number, error))
            return NULL;
          g_ptr_array_add (words, g_string_free (g_steal_pointer (&word), FALSE));
          continue;
        }
      while (*p != '\0' && *p != ' ' && *p != '\t')
        p++;
      g_ptr_array_add (words, g_strndup (start, p - start));
    }
  return g_steal_pointer (&words);
}

static gboolean
read_header (const char *line,
             GError    **error)
{
  const char *rest = line + strlen (BG_SAVE_FORMAT_NAME);
  g_autofree char *version = NULL;
  guint64 v = 0;

  if (!g_str_has_prefix (line, BG_SAVE_FORMAT_NAME) || (*rest != ' ' && *rest != '\t'))
    /* Translators: %s is the first word of a saved game, "trio-save": keep it as it is */
    return bad (error, _("not a Trio saved game (it does not begin with '%s')"),
                BG_SAVE_FORMAT_NAME);
  version = g_strstrip (g_strdup (rest));
  if (!g_ascii_string_to_unsigned (version, 10, 1, G_MAXUINT, &v, NULL))
    /* Translators: %s is what the first line of the file has instead of the version */
    return bad (error, _("line 1: the format version must be a number from 1 up, not '%s'"),
                version);
  if (v > BG_SAVE_FORMAT_VERSION)
    /* Translators: the first number is the file's format version, the second the highest
     * version this Trio reads */
    return bad (error, _("this file was saved by a newer version of Trio (format %u); "
                         "this version reads format %d"), (guint) v, BG_SAVE_FORMAT_VERSION);
  return TRUE;
}

static gboolean
need_args (Reader     *r,
           GPtrArray  *words,
           guint       min,
           guint       max,
           const char *usage,
           GError    **error)
{
  guint n = words->len - 1;

  if (n >= min && n <= max)
    return TRUE;
  /* Translators: %u is a line number of the saved game, %s the syntax of a line of the
   * file, such as "game ID" or "end": it is not translated */
  return bad (error, _("line %u: expected '%s'"), r->line, usage);
}

static gboolean
once (Reader     *r,
      guint      *seen,
      const char *keyword,
      GError    **error)
{
  if (*seen != 0)
    /* Translators: the numbers are line numbers of the saved game; %s is a keyword of the
     * file ("game", "start", "seed", "seat", "draw" or "end"): it is not translated */
    return bad (error, _("line %u: a second '%s' line (the first is line %u)"), r->line,
                keyword, *seen);
  *seen = r->line;
  return TRUE;
}

static gboolean
read_game (Reader    *r,
           GPtrArray *words,
           GError   **error)
{
  const char *id;

  if (!need_args (r, words, 1, 1, "game ID", error) || !once (r, &r->game_line, "game", error))
    return FALSE;
  id = words->pdata[1];
  if (bg_rules_lookup (id) == NULL)
    /* Translators: %u is a line number of the saved game, %s the game's name in the file */
    return bad (error, _("line %u: unknown game '%s'"), r->line, id);
  r->game_id = g_strdup (id);
  return TRUE;
}

static gboolean
read_option (Reader    *r,
             GPtrArray *words,
             GError   **error)
{
  const char *word, *eq;
  g_autofree char *name = NULL;
  guint first;

  if (!need_args (r, words, 1, 1, "option NAME=VALUE", error))
    return FALSE;
  word = words->pdata[1];
  eq = strchr (word, '=');
  if (eq == NULL || eq == word || eq[1] == '\0')
    /* Translators: %u is a line number of the saved game; "option NAME=VALUE" is the
     * syntax of the line: keep it as it is */
    return bad (error, _("line %u: expected 'option NAME=VALUE', not '%s'"), r->line, word);
  name = g_strndup (word, eq - word);
  first = GPOINTER_TO_UINT (g_hash_table_lookup (r->option_seen, name));
  if (first != 0)
    return bad (error,
                /* Translators: the numbers are line numbers of the saved game, %s an
                 * option's name */
                _("line %u: a second value for option '%s' (the first is line %u)"),
                r->line, name, first);
  g_hash_table_insert (r->option_seen, g_steal_pointer (&name), GUINT_TO_POINTER (r->line));
  g_ptr_array_add (r->option_words, g_strdup (word));
  g_array_append_val (r->option_lines, r->line);
  return TRUE;
}

static gboolean
read_start (Reader     *r,
            const char *line,
            GError    **error)
{
  const char *rest = line + strlen ("start");

  if (!once (r, &r->start_line, "start", error))
    return FALSE;
  r->start = g_strstrip (g_strdup (rest));
  if (*r->start == '\0')
    /* Translators: %u is a line number of the saved game; "start POSITION" is the syntax
     * of the line: keep it as it is */
    return bad (error, _("line %u: expected 'start POSITION'"), r->line);
  return TRUE;
}

/* seed N: the seed of the computer players' choices (bg_game_get_seed()). */
static gboolean
read_seed (Reader    *r,
           GPtrArray *words,
           GError   **error)
{
  guint64 seed;

  if (!need_args (r, words, 1, 1, "seed N", error) || !once (r, &r->seed_line, "seed", error))
    return FALSE;
  if (!g_ascii_string_to_unsigned (words->pdata[1], 10, 0, G_MAXUINT32, &seed, NULL))
    /* Translators: %u is a line number of the saved game, then the highest seed, and
     * what the line has instead of a seed */
    return bad (error, _("line %u: the seed must be a number from 0 to %u, not '%.40s'"),
                r->line, G_MAXUINT32, (const char *) words->pdata[1]);
  r->seed = (guint32) seed;
  return TRUE;
}

static gboolean
bad_seat (Reader  *r,
          GError **error)
{
  /* Translators: %u is a line number of the saved game; the two quoted forms are the
   * syntax of a seat line: keep them as they are */
  return bad (error, _("line %u: expected 'seat N human [\"NAME\"]' or "
                       "'seat N computer LEVEL [\"NAME\"]'"), r->line);
}

/* seat N human ["NAME"] | seat N computer LEVEL ["NAME"] */
static gboolean
read_seat (Reader    *r,
           GPtrArray *words,
           GError   **error)
{
  char **w = (char **) words->pdata;
  guint64 n, level = 0;
  guint next;
  BgSeat *seat;

  if (words->len < 3 || words->len > 5)
    return bad_seat (r, error);
  if (!g_ascii_string_to_unsigned (w[1], 10, 1, MAX_SEATS, &n, NULL))
    /* Translators: %u is a line number of the saved game, %d the highest seat number, %s
     * the seat number that the line has */
    return bad (error, _("line %u: the seat number must be from 1 to %d, not '%s'"), r->line,
                MAX_SEATS, w[1]);
  if (!once (r, &r->seat_lines[n - 1], "seat", error))
    return FALSE;
  seat = &r->seats[n - 1];
  if (g_str_equal (w[2], "computer"))
    {
      if (words->len < 4
          || !g_ascii_string_to_unsigned (w[3], 10, BG_LEVEL_MIN, BG_LEVEL_PERFECT, &level,
                                          NULL))
        /* Translators: %u is a line number of the saved game, the others are the lowest
         * and the highest level of the computer */
        return bad (error, _("line %u: a computer seat needs a level from %d to %d"), r->line,
                    BG_LEVEL_MIN, BG_LEVEL_PERFECT);
      next = 4;
    }
  else if (g_str_equal (w[2], "human"))
    next = 3;
  else
    /* Translators: %u is a line number of the saved game; "human" and "computer" are
     * words of the file: keep them as they are */
    return bad (error, _("line %u: a seat is 'human' or 'computer', not '%s'"), r->line, w[2]);
  seat->computer = level != 0;
  seat->level = (int) level;
  if (next < words->len)
    {
      if (w[next][0] != '"' || next + 1 != words->len)
        return bad_seat (r, error);
      seat->name = g_strdup (w[next] + 1);
    }
  return TRUE;
}

static gboolean
read_moves (Reader    *r,
            GPtrArray *words,
            GError   **error)
{
  if (r->moves_closed)
    /* Translators: the numbers are line numbers of the saved game; "moves" is a keyword of
     * the file: keep it as it is */
    return bad (error, _("line %u: the moves must be on consecutive 'moves' lines "
                         "(the list begins at line %u)"), r->line, r->moves_first_line);
  if (r->moves_first_line == 0)
    r->moves_first_line = r->line;
  if (r->moves->len + words->len - 1 > BG_SAVE_MAX_MOVES)
    /* Translators: %u is a line number of the saved game, %d the most moves it may have */
    return bad (error, _("line %u: too many moves (at most %d)"), r->line, BG_SAVE_MAX_MOVES);
  for (guint i = 1; i < words->len; i++)
    {
      g_ptr_array_add (r->moves, g_strdup (words->pdata[i]));
      g_array_append_val (r->move_lines, r->line);
    }
  return TRUE;
}

static gboolean
read_draw (Reader    *r,
           GPtrArray *words,
           GError   **error)
{
  const char *answer;

  if (!need_args (r, words, 1, 1, "draw declined|accepted", error)
      || !once (r, &r->draw_line, "draw", error))
    return FALSE;
  answer = words->pdata[1];
  if (g_str_equal (answer, "declined"))
    r->draw = DRAW_DECLINED;
  else if (g_str_equal (answer, "accepted"))
    r->draw = DRAW_ACCEPTED;
  else
    /* Translators: %u is a line number of the saved game; "draw declined" and "draw
     * accepted" are the syntax of the line: keep them as they are */
    return bad (error, _("line %u: expected 'draw declined' or 'draw accepted'"), r->line);
  return TRUE;
}

static gboolean
read_resign (Reader    *r,
             GPtrArray *words,
             GError   **error)
{
  guint64 seat;

  if (!need_args (r, words, 1, 1, "resign N", error)
      || !once (r, &r->resign_line, "resign", error))
    return FALSE;
  if (!g_ascii_string_to_unsigned (words->pdata[1], 10, 1, MAX_SEATS, &seat, NULL))
    /* Translators: %u is a line number of the saved game, then what the line has instead
     * of a seat's number */
    return bad (error, _("line %u: 'resign' needs a seat's number, not '%.40s'"), r->line,
                (const char *) words->pdata[1]);
  r->resigned = (guint) seat;
  return TRUE;
}

static gboolean
read_statement (Reader     *r,
                const char *line,
                GError    **error)
{
  const char *text = line + strspn (line, " \t");
  g_autoptr (GPtrArray) words = NULL;
  const char *keyword;

  /* Before splitting: a comment may hold anything, unbalanced quotes too. */
  if (*text == '\0' || *text == '#')
    return TRUE;
  words = split_words (text, r->line, error);
  if (words == NULL)
    return FALSE;
  keyword = words->pdata[0];
  if (r->end_line != 0)
    /* Translators: the numbers are line numbers of the saved game, %s the first word of
     * the line; "end" is a keyword of the file: keep it as it is */
    return bad (error, _("line %u: '%s' after 'end' (line %u)"), r->line, keyword,
                r->end_line);
  if (r->moves_first_line != 0 && !g_str_equal (keyword, "moves"))
    r->moves_closed = TRUE;
  if (g_str_equal (keyword, "game"))
    return read_game (r, words, error);
  if (g_str_equal (keyword, "option"))
    return read_option (r, words, error);
  if (g_str_equal (keyword, "start"))
    return read_start (r, text, error);
  if (g_str_equal (keyword, "seed"))
    return read_seed (r, words, error);
  if (g_str_equal (keyword, "seat"))
    return read_seat (r, words, error);
  if (g_str_equal (keyword, "moves"))
    return read_moves (r, words, error);
  if (g_str_equal (keyword, "draw"))
    return read_draw (r, words, error);
  if (g_str_equal (keyword, "resign"))
    return read_resign (r, words, error);
  if (g_str_equal (keyword, "end"))
    return need_args (r, words, 0, 0, "end", error) && once (r, &r->end_line, "end", error);
  if (g_str_equal (keyword, BG_SAVE_FORMAT_NAME))
    /* Translators: %u is a line number of the saved game, %s the first word of the file,
     * "trio-save" */
    return bad (error, _("line %u: a second '%s' header"), r->line, BG_SAVE_FORMAT_NAME);
  /* Translators: %u is a line number of the saved game, %.40s the first word of the line */
  return bad (error, _("line %u: unknown statement '%.40s'"), r->line, keyword);
}

/* Checks one line's bytes: length, NUL, control characters and UTF-8. */
static gboolean
check_line (const char *line,
            gsize       length,
            guint       number,
            GError    **error)
{
  if (length > BG_SAVE_MAX_LINE)
    /* Translators: %u is a line number of the saved game, %d a number of bytes */
    return bad (error, _("line %u is too long (more than %d bytes)"), number,
                BG_SAVE_MAX_LINE);
  if (memchr (line, '\0', length) != NULL)
    /* Translators: %u is a line number of the saved game */
    return bad (error, _("line %u: a NUL byte (this is not a text file)"), number);
  if (!g_utf8_validate_len (line, length, NULL))
    /* Translators: %u is a line number of the saved game */
    return bad (error, _("line %u: not valid UTF-8 text"), number);
  for (gsize i = 0; i < length; i++)
    if (((guchar) line[i] < 0x20 && line[i] != '\t') || line[i] == 0x7f)
      /* Translators: %u is a line number of the saved game, 0x%02x the byte in
       * hexadecimal */
      return bad (error, _("line %u: a control character (byte 0x%02x)"), number,
                  (guchar) line[i]);
  return TRUE;
}

/* The first pass: every line into the reader. */
static gboolean
read_lines (Reader     *r,
            const char *data,
            gsize       length,
            GError    **error)
{
  const char *p = data, *end = data + length;

  if (length >= 3 && memcmp (data, UTF8_BOM, 3) == 0)
    p += 3;
  if (p == end)
    return bad (error, _("not a Trio saved game (the file is empty)"));
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      gsize len = (nl != NULL ? nl : end) - p;
      g_autofree char *line = NULL;

      r->line++;
      if (r->line == 1 && (len < strlen (BG_SAVE_FORMAT_NAME)
                           || memcmp (p, BG_SAVE_FORMAT_NAME, strlen (BG_SAVE_FORMAT_NAME))))
        /* Translators: %s is the first word of a saved game, "trio-save": keep it as it
         * is */
        return bad (error, _("not a Trio saved game (it does not begin with '%s')"),
                    BG_SAVE_FORMAT_NAME);
      if (len > 0 && p[len - 1] == '\r')
        len--;
      if (!check_line (p, len, r->line, error))
        return FALSE;
      line = g_strndup (p, len);
      if (r->line == 1 ? !read_header (line, error) : !read_statement (r, line, error))
        return FALSE;
      p = nl != NULL ? nl + 1 : end;
    }
  if (r->end_line == 0)
    /* Translators: "end" is a keyword of the file: keep it as it is */
    return bad (error, _("the file is truncated: it has no 'end' line"));
  if (r->game_line == 0)
    /* Translators: "game" is a keyword of the file: keep it as it is */
    return bad (error, _("the file has no 'game' line"));
  return TRUE;
}

/* The second pass, first step: the game, its options and its start. */
static BgGame *
create_game (Reader  *r,
             GError **error)
{
  g_autoptr (GHashTable) options = NULL;
  g_autoptr (GError) local = NULL;
  BgGame *game;

  for (guint i = 0; i < r->option_words->len; i++)
    {
      const char *one[] = { r->option_words->pdata[i], NULL };
      g_autoptr (GHashTable) single = bg_options_parse (one, NULL);
      g_autoptr (BgGame) check = bg_game_new (r->game_id, single, &local);

      /* Each option on its own first, so that an error names its line. */
      if (check == NULL)
        /* Translators: %u is a line number of the saved game, %s what is wrong with it */
        return bad (error, _("line %u: %s"), g_array_index (r->option_lines, guint, i),
                    local->message), NULL;
    }
  options = bg_options_parse ((const char *const *) r->option_words->pdata, &local);
  g_assert (options != NULL);
  if (r->start != NULL)
    game = bg_game_new_from_position (r->game_id, options, r->start, &local);
  else
    game = bg_game_new (r->game_id, options, &local);
  if (game == NULL)
    /* Translators: %u is a line number of the saved game, %s what is wrong with it */
    bad (error, _("line %u: %s"), r->start != NULL ? r->start_line : r->game_line,
         local->message);
  return game;
}

static gboolean
check_seats (Reader  *r,
             BgGame  *game,
             GError **error)
{
  int n_players = bg_game_get_n_players (game);
  gboolean any = FALSE;

  for (int i = 0; i < MAX_SEATS; i++)
    {
      if (r->seat_lines[i] == 0)
        continue;
      if (i >= n_players)
        /* Translators: %u is a line number of the saved game, then a seat number and the
         * number of players of the game */
        return bad (error, _("line %u: seat %d, but this game has %d players"),
                    r->seat_lines[i], i + 1, n_players);
      any = TRUE;
    }
  for (int i = 0; any && i < n_players; i++)
    if (r->seat_lines[i] == 0)
      /* Translators: a seat number, then twice the number of players; "seat" lines are
       * the lines of the file that begin with the keyword seat */
      return bad (error, _("seat %d is missing (a game of %d players needs %d seat lines)"),
                  i + 1, n_players, n_players);
  return TRUE;
}

static gboolean
replay_move (BgGame     *game,
             const char *text,
             guint       index,
             guint       line,
             GError    **error)
{
  g_autoptr (GError) local = NULL;
  BgMove move = BG_MOVE_NONE;
  const BgRules *rules = bg_game_get_rules (game);

  if (bg_game_parse_move (game, text, &move, &local) && bg_game_play (game, move, &local))
    return TRUE;
  if (g_error_matches (local, BG_ERROR, BG_ERROR_GAME_OVER))
    /* Translators: %u is a line number of the saved game, then the move's number in the
     * game and the move as written in the file */
    return bad (error, _("line %u: move %u '%s' comes after the end of the game"), line,
                index, text);
  if (g_error_matches (local, BG_ERROR, BG_ERROR_ILLEGAL_MOVE))
    {
      g_autoptr (GError) why = NULL;

      if (rules->explain_illegal != NULL
          && !rules->explain_illegal (bg_game_get_position (game), move, &why))
        /* Translators: %u is a line number of the saved game, then the move's number in
         * the game, the move as written in the file and why it is not legal */
        return bad (error, _("line %u: move %u '%s' is not legal here: %s"), line, index,
                    text, why->message);
      /* Translators: %u is a line number of the saved game, then the move's number in the
       * game and the move as written in the file */
      return bad (error, _("line %u: move %u '%s' is not legal here"), line, index, text);
    }
  /* Translators: %u is a line number of the saved game, then the move's number in the game,
   * the text of the file and what is wrong with it */
  return bad (error, _("line %u: move %u '%s' is not a move: %s"), line, index, text,
              local->message);
}

static gboolean
apply_draw (Reader  *r,
            BgGame  *game,
            GError **error)
{
  if (r->draw == DRAW_NONE)
    return TRUE;
  if (!bg_game_has_draw_offer (game))
    /* Translators: %u is a line number of the saved game */
    return bad (error, _("line %u: no draw is on offer after the last move"), r->draw_line);
  if (r->draw == DRAW_ACCEPTED)
    bg_game_accept_draw (game);
  else
    bg_game_decline_draw (game);
  return TRUE;
}

static gboolean
apply_resign (Reader  *r,
              BgGame  *game,
              GError **error)
{
  g_autoptr (GError) local = NULL;

  if (r->resigned == 0 || bg_game_resign (game, (int) r->resigned - 1, &local))
    return TRUE;
  /* Translators: %u is a line number of the saved game, %s why the resignation is refused */
  return bad (error, _("line %u: the resignation cannot stand: %s"), r->resign_line,
              local->message);
}

static void
give_seats (Reader  *r,
            BgGame  *game,
            BgSeat **seats,
            guint   *n_seats)
{
  guint n = r->seat_lines[0] != 0 ? (guint) bg_game_get_n_players (game) : 0;

  if (n_seats != NULL)
    *n_seats = n;
  if (seats == NULL)
    return;
  *seats = n > 0 ? g_new0 (BgSeat, n) : NULL;
  for (guint i = 0; i < n; i++)
    {
      (*seats)[i] = r->seats[i];
      r->seats[i].name = NULL;
    }
}

BgGame *
bg_save_from_data (const char *data,
                   gsize       length,
                   BgSeat    **seats,
                   guint      *n_seats,
                   GError    **error)
{
  Reader r = { 0 };
  g_autoptr (BgGame) game = NULL;
  gboolean ok;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  if (seats != NULL)
    *seats = NULL;
  if (n_seats != NULL)
    *n_seats = 0;
  if (length > BG_SAVE_MAX_FILE_SIZE)
    /* Translators: the file's size and the largest size of a saved game, in bytes */
    return bad (error, _("the file is too large (%llu bytes; a saved game has at most %d)"),
                (unsigned long long) length, BG_SAVE_MAX_FILE_SIZE), NULL;

  r.option_words = g_ptr_array_new_null_terminated (4, g_free, TRUE);
  r.option_lines = g_array_new (FALSE, FALSE, sizeof (guint));
  r.option_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  r.moves = g_ptr_array_new_with_free_func (g_free);
  r.move_lines = g_array_new (FALSE, FALSE, sizeof (guint));
  ok = read_lines (&r, data, length, error);
  if (ok)
    game = create_game (&r, error);
  /* Without a seed line the game keeps the fresh seed it was created with. */
  if (game != NULL && r.seed_line != 0)
    bg_game_set_seed (game, r.seed);
  ok = game != NULL && check_seats (&r, game, error);
  for (guint i = 0; ok && i < r.moves->len; i++)
    ok = replay_move (game, r.moves->pdata[i], i + 1, g_array_index (r.move_lines, guint, i),
                      error);
  ok = ok && apply_draw (&r, game, error) && apply_resign (&r, game, error);
  if (ok)
    give_seats (&r, game, seats, n_seats);
  reader_clear (&r);
  return ok ? g_steal_pointer (&game) : NULL;
}

BgGame *
bg_save_from_string (const char *text,
                     BgSeat    **seats,
                     guint      *n_seats,
                     GError    **error)
{
  g_return_val_if_fail (text != NULL, NULL);
  return bg_save_from_data (text, strlen (text), seats, n_seats, error);
}

void
bg_seats_free (BgSeat *seats,
               guint   n_seats)
{
  if (seats == NULL)
    return;
  for (guint i = 0; i < n_seats; i++)
    g_free (seats[i].name);
  g_free (seats);
}
