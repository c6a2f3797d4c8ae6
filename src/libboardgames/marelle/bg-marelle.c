/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-marelle.c: Marelle triple (de Moulidars 1840) and standard nine men's morris
 *
 * The 24 points are bits of a guint32. Adjacency and the two mills through each point
 * are precomputed once, so move generation is a few mask operations per piece. A mill
 * and the removal it earns are one move. The diagram and the position text are in
 * bg-marelle-setup.c.
 */

#include "bg-marelle.h"

#include "bg-analysis.h"

#include "bg-marelle-private.h"
#include "bg-random.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#define N_MILLS BG_MARELLE_N_MILLS
#define NO_POINT 31
#define ALL_POINTS ((guint32) 0xffffffu)

#define MOVE_FROM(m) ((int) ((m) & 31))
#define MOVE_TO(m) ((int) (((m) >> 5) & 31))
#define MOVE_REMOVE(m) ((int) (((m) >> 10) & 31))
#define MOVE_MAKE(f, t, r) ((BgMove) ((guint) (f) | (guint) (t) << 5 | (guint) (r) << 10))

#define LOWEST(x) __builtin_ctz (x)

/* Point names in index order; the file is name[0], the rank name[1]. */
const char bg_marelle_point_names[N_POINTS][3] = {
  "a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4",
  "e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7",
};

/* The 16 orthogonal mills, as point indices; consecutive points are adjacent. */
static const guint8 mill_points[N_MILLS][3] = {
  { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 9, 10, 11 },
  { 12, 13, 14 }, { 15, 16, 17 }, { 18, 19, 20 }, { 21, 22, 23 },
  { 0, 9, 21 }, { 3, 10, 18 }, { 6, 11, 15 }, { 1, 4, 7 },
  { 16, 19, 22 }, { 8, 12, 17 }, { 5, 13, 20 }, { 2, 14, 23 },
};

/* The diagonals of the triple board: a1-b2 b2-c3 g1-f2 f2-e3 a7-b6 b6-c5 g7-f6 f6-e5. */
static const guint8 diagonals[8][2] = {
  { 0, 3 }, { 3, 6 }, { 2, 5 }, { 5, 8 }, { 21, 18 }, { 18, 15 }, { 23, 20 }, { 20, 17 },
};

const int bg_marelle_fly_limit[2] = { 4, 3 };

guint32 bg_marelle_mill_masks[BG_MARELLE_N_MILLS];
guint32 bg_marelle_adjacent[2][N_POINTS];    /* by variant */
guint32 bg_marelle_point_mill_rest[N_POINTS][2];
static guint64 zobrist_piece[2][N_POINTS];
static guint64 zobrist_hand[2][N_PIECES + 1];
static guint64 zobrist_side;
static guint64 zobrist_variant;

static void
tables_init_once (void)
{
  guint64 seed = 0x4d6172656c6c65ull;  /* fixed, so keys are stable across runs */
  guint n_rest[N_POINTS] = { 0 };

  for (int m = 0; m < N_MILLS; m++)
    {
      const guint8 *p = mill_points[m];

      bg_marelle_mill_masks[m] = 1u << p[0] | 1u << p[1] | 1u << p[2];
      for (int i = 0; i < 3; i++)
        bg_marelle_point_mill_rest[p[i]][n_rest[p[i]]++] = bg_marelle_mill_masks[m] & ~(1u << p[i]);
      for (int i = 0; i < 2; i++)
        {
          bg_marelle_adjacent[VARIANT_TRIPLE][p[i]] |= 1u << p[i + 1];
          bg_marelle_adjacent[VARIANT_TRIPLE][p[i + 1]] |= 1u << p[i];
        }
    }
  memcpy (bg_marelle_adjacent[VARIANT_STANDARD], bg_marelle_adjacent[VARIANT_TRIPLE],
          sizeof bg_marelle_adjacent[0]);
  for (int d = 0; d < 8; d++)
    {
      bg_marelle_adjacent[VARIANT_TRIPLE][diagonals[d][0]] |= 1u << diagonals[d][1];
      bg_marelle_adjacent[VARIANT_TRIPLE][diagonals[d][1]] |= 1u << diagonals[d][0];
    }

  for (int pl = 0; pl < 2; pl++)
    {
      for (int p = 0; p < N_POINTS; p++)
        zobrist_piece[pl][p] = bg_random_next (&seed);
      for (int h = 0; h <= N_PIECES; h++)
        zobrist_hand[pl][h] = bg_random_next (&seed);
    }
  zobrist_side = bg_random_next (&seed);
  zobrist_variant = bg_random_next (&seed);
}

void
bg_marelle_tables_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      tables_init_once ();
      g_once_init_leave (&done, 1);
    }
}

guint64
bg_marelle_compute_key (const MarellePos *pos)
{
  guint64 key = pos->variant == VARIANT_STANDARD ? zobrist_variant : 0;

  for (int pl = 0; pl < 2; pl++)
    {
      for (guint32 b = pos->board[pl]; b != 0; b &= b - 1)
        key ^= zobrist_piece[pl][LOWEST (b)];
      key ^= zobrist_hand[pl][pos->hand[pl]];
    }
  if (pos->side == 1)
    key ^= zobrist_side;
  return key;
}

int
bg_marelle_point_from_name (char file, char rank)
{
  file = g_ascii_tolower (file);
  for (int p = 0; p < N_POINTS; p++)
    if (bg_marelle_point_names[p][0] == file && bg_marelle_point_names[p][1] == rank)
      return p;
  return -1;
}

Variant
bg_marelle_variant_from_options (GHashTable *options)
{
  const char *v = options != NULL ? g_hash_table_lookup (options, "variant") : NULL;

  return g_strcmp0 (v, "standard") == 0 ? VARIANT_STANDARD : VARIANT_TRIPLE;
}

static gboolean
marelle_init (void         *p,
              GHashTable   *options,
              GError      **error G_GNUC_UNUSED)
{
  MarellePos *pos = p;
  const char *first = options != NULL ? g_hash_table_lookup (options, "first") : NULL;

  bg_marelle_tables_init ();
  memset (pos, 0, sizeof *pos);
  pos->hand[0] = pos->hand[1] = N_PIECES;
  pos->variant = bg_marelle_variant_from_options (options);
  pos->side = g_strcmp0 (first, "2") == 0 ? 1 : 0;
  pos->key = bg_marelle_compute_key (pos);
  return TRUE;
}

static int
marelle_player_to_move (const void *p)
{
  return ((const MarellePos *) p)->side;
}

static int
marelle_n_players (const void *p G_GNUC_UNUSED)
{
  return 2;
}

static gboolean
has_lost (const MarellePos *pos,
          int               player)
{
  return pos->count[player] + pos->hand[player] <= 2;
}

static gboolean
forms_mill (guint32 own,
            int     to)
{
  guint32 a = bg_marelle_point_mill_rest[to][0], b = bg_marelle_point_mill_rest[to][1];

  return (own & a) == a || (own & b) == b;
}

static guint32
in_mills (guint32 pieces)
{
  guint32 result = 0;

  for (int m = 0; m < N_MILLS; m++)
    if ((pieces & bg_marelle_mill_masks[m]) == bg_marelle_mill_masks[m])
      result |= bg_marelle_mill_masks[m];
  return result;
}

/* The opponent pieces a mill may take. Standard: pieces in mills are protected unless
 * all the opponent's pieces are in mills. */
static guint32
removable_pieces (const MarellePos *pos,
                  guint32           theirs)
{
  guint32 free_pieces;

  if (pos->variant == VARIANT_TRIPLE)
    return theirs;
  free_pieces = theirs & ~in_mills (theirs);
  return free_pieces != 0 ? free_pieces : theirs;
}

#define NOT_COMPUTED 0xffffffffu

/* The moves being generated; the removable pieces are found at the first mill only. */
typedef struct
{
  BgMove *moves;
  guint n;
  const MarellePos *pos;
  guint32 theirs;
  guint32 removable;
} MoveList;

/* Adds the move from-to, with one move per removable piece if it closes a mill. */
static inline void
add_moves (MoveList *list,
           int       from,
           int       to,
           guint32   own_after)
{
  if (list->theirs == 0 || !forms_mill (own_after, to))
    {
      list->moves[list->n++] = MOVE_MAKE (from, to, NO_POINT);
      return;
    }
  if (list->removable == NOT_COMPUTED)
    list->removable = removable_pieces (list->pos, list->theirs);
  for (guint32 r = list->removable; r != 0; r &= r - 1)
    list->moves[list->n++] = MOVE_MAKE (from, to, LOWEST (r));
}

static guint
marelle_legal_moves (const void *p,
                     BgMove     *moves)
{
  const MarellePos *pos = p;
  int me = pos->side;
  guint32 own = pos->board[me], theirs = pos->board[1 - me];
  guint32 empty = ALL_POINTS & ~(own | theirs);
  MoveList list = { moves, 0, pos, theirs, NOT_COMPUTED };

  if (has_lost (pos, 0) || has_lost (pos, 1))
    return 0;

  if (pos->hand[me] > 0)
    {
      for (guint32 t = empty; t != 0; t &= t - 1)
        add_moves (&list, NO_POINT, LOWEST (t), own);
      return list.n;
    }

  for (guint32 f = own; f != 0; f &= f - 1)
    {
      int from = LOWEST (f);
      guint32 own_after = own & ~(1u << from);
      guint32 targets = pos->count[me] <= bg_marelle_fly_limit[pos->variant]
                        ? empty : bg_marelle_adjacent[pos->variant][from] & empty;

      for (guint32 t = targets; t != 0; t &= t - 1)
        add_moves (&list, from, LOWEST (t), own_after);
    }
  return list.n;
}

static void
marelle_play (void   *p,
              BgMove  move)
{
  MarellePos *pos = p;
  int me = pos->side, them = 1 - me;
  int from = MOVE_FROM (move), to = MOVE_TO (move), rem = MOVE_REMOVE (move);
  guint64 key = pos->key;

  if (from == NO_POINT)
    {
      key ^= zobrist_hand[me][pos->hand[me]];
      pos->hand[me]--;
      key ^= zobrist_hand[me][pos->hand[me]];
      pos->count[me]++;
    }
  else
    {
      pos->board[me] &= ~(1u << from);
      key ^= zobrist_piece[me][from];
    }
  pos->board[me] |= 1u << to;
  key ^= zobrist_piece[me][to];

  if (rem != NO_POINT)
    {
      pos->board[them] &= ~(1u << rem);
      pos->count[them]--;
      key ^= zobrist_piece[them][rem];
    }
  pos->side = them;
  pos->key = key ^ zobrist_side;
}

static gboolean
marelle_move_is_capture (const void *p G_GNUC_UNUSED,
                         BgMove      move)
{
  return MOVE_REMOVE (move) != NO_POINT;
}

/* Quiescence plays better in standard nine men's morris (+102 +- 32 Elo, 200 games at
 * 20 ms a move) and worse in Marelle triple (-175 +- 47), where any piece may be taken and
 * each mill has up to nine removals to look at (docs/computer-players.md). */
static gboolean
marelle_quiesce (const void *p)
{
  return ((const MarellePos *) p)->variant == VARIANT_STANDARD;
}

static guint64
marelle_key (const void *p)
{
  return ((const MarellePos *) p)->key;
}

static BgStatus
marelle_rule_status (const void *p)
{
  const MarellePos *pos = p;
  BgStatus status = { BG_RESULT_ONGOING, -1, -1, -1, BG_REASON_NONE };

  /* Only one player can fall to two pieces in a game; check the mover first anyway. */
  for (int i = 0; i < 2; i++)
    {
      int pl = i == 0 ? pos->side : 1 - pos->side;

      if (has_lost (pos, pl))
        {
          status.result = BG_RESULT_WIN;
          status.winner = 1 - pl;
          status.loser = pl;
          status.reason = BG_REASON_TWO_PIECES;
          break;
        }
    }
  return status;
}

static void
marelle_format_move (const void *p G_GNUC_UNUSED,
                     BgMove      move,
                     char       *buf,
                     gsize       size)
{
  int from = MOVE_FROM (move), to = MOVE_TO (move), rem = MOVE_REMOVE (move);
  GString *s = g_string_sized_new (12);

  if (from < N_POINTS)
    g_string_append_printf (s, "%s-", bg_marelle_point_names[from]);
  g_string_append (s, to < N_POINTS ? bg_marelle_point_names[to] : "??");
  if (rem < N_POINTS)
    g_string_append_printf (s, "x%s", bg_marelle_point_names[rem]);
  g_strlcpy (buf, s->str, size);
  g_string_free (s, TRUE);
}

/* Which point of a move read_point reads: each has its own whole message. */
typedef enum
{
  POINT_FIRST,
  POINT_DESTINATION,
  POINT_REMOVED,
} PointRole;

/* Reads a point name at *text and advances past it. */
static gboolean
read_point (const char  **text,
            PointRole     role,
            const char   *whole,
            int          *point,
            GError      **error)
{
  const char *t = *text;

  if (!g_ascii_isalpha (t[0]) || !g_ascii_isdigit (t[1]))
    {
      switch (role)
        {
        case POINT_FIRST:
          g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                       /* Translators: the first %s is the move as written, the second
                        * what follows where a point was expected; d6 is a point name:
                        * keep it as it is */
                       _("malformed move '%s': expected a point such as d6 at '%s'"),
                       whole, t);
          break;
        case POINT_DESTINATION:
          g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                       /* Translators: the first %s is the move as written, the second
                        * what follows where the point moved to was expected; d6 is a
                        * point name: keep it as it is */
                       _("malformed move '%s': expected a destination point such as d6 "
                         "at '%s'"), whole, t);
          break;
        case POINT_REMOVED:
        default:
          g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                       /* Translators: the first %s is the move as written, the second
                        * what follows where the point of the removed piece was
                        * expected; d6 is a point name: keep it as it is */
                       _("malformed move '%s': expected a removed point such as d6 at "
                         "'%s'"), whole, t);
          break;
        }
      return FALSE;
    }
  *point = bg_marelle_point_from_name (t[0], t[1]);
  if (*point < 0)
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: %s is the move as written, %c%c the two characters
                    * (a letter and a digit) of a point name that is not on the board */
                   _("malformed move '%s': '%c%c' is not a point of the board"),
                   whole, t[0], t[1]);
      return FALSE;
    }
  *text = t + 2;
  return TRUE;
}

static gboolean
marelle_parse_move (const void  *p G_GNUC_UNUSED,
                    const char  *text,
                    BgMove      *move,
                    GError     **error)
{
  g_autofree char *whole = g_strstrip (g_strdup (text));
  const char *t = whole;
  int from = NO_POINT, to, rem = NO_POINT;

  if (!read_point (&t, POINT_FIRST, whole, &to, error))
    return FALSE;
  if (*t == '-')
    {
      t++;
      from = to;
      if (!read_point (&t, POINT_DESTINATION, whole, &to, error))
        return FALSE;
    }
  if (*t == 'x' || *t == 'X')
    {
      t++;
      if (!read_point (&t, POINT_REMOVED, whole, &rem, error))
        return FALSE;
    }
  if (*t != '\0')
    {
      g_set_error (error, BG_ERROR, BG_ERROR_MALFORMED_MOVE,
                   /* Translators: the first %s is the move as written, the second what
                    * follows the move; d6, d6-d5 and d6-d5xa1 are examples of the
                    * notation: keep them as they are */
                   _("malformed move '%s': unexpected '%s' (write d6, d6-d5 or d6-d5xa1)"),
                   whole, t);
      return FALSE;
    }
  *move = MOVE_MAKE (from, to, rem);
  return TRUE;
}

static const char *const variant_values[] = { "triple", "standard", NULL };
static const char *const variant_labels[] = {
  N_("Marelle triple (1840)"), N_("Standard nine men’s morris"), NULL
};
static const char *const first_values[] = { "1", "2", NULL };
/* Who starts is told by the colours, as the seats are named (marelle_player_names). */
static const char *const first_labels[] = { N_("White"), N_("Black"), NULL };

static const BgOptionSpec marelle_options[] = {
  { "variant", "triple", variant_values, 0, 0,
    "triple: diagonals, any piece may be taken, flying at four pieces; "
    "standard: nine men's morris", N_("_Rules"), variant_labels },
  { "first", "1", first_values, 0, 0, "the player who places first", N_("_Who starts"),
    first_labels },
  { NULL, NULL, NULL, 0, 0, NULL, NULL, NULL },
};

/* Descriptions for front ends. */

static const char *const marelle_player_names[] = { N_("White"), N_("Black"), NULL };

static const char *
marelle_title (GHashTable *options)
{
  return bg_marelle_variant_from_options (options) == VARIANT_STANDARD
         ? N_("Nine Men’s Morris") : NULL;
}

static void
marelle_describe_move (const void *p,
                       BgMove      move,
                       BgMoveInfo *info)
{
  const MarellePos *pos = p;
  int from = MOVE_FROM (move), rem = MOVE_REMOVE (move);

  bg_move_info_init (info);
  info->flags = from < N_POINTS ? BG_MOVE_MOVES : BG_MOVE_PLACES;
  info->from = from < N_POINTS ? from : -1;
  info->to = MOVE_TO (move);
  info->piece = BG_PIECE (pos->side, 0);
  if (rem < N_POINTS)
    {
      info->flags |= BG_MOVE_REMOVES;
      info->removed = rem;
    }
}

/* The mill or mills the last move closed: those through its destination, all the mover's. */
static guint
marelle_marks (const void *b,
               BgMove      move,
               const void *p,
               BgMark     *marks,
               guint       max)
{
  const MarellePos *before = b, *pos = p;
  guint n = 0;
  int to;

  if (before == NULL || move == BG_MOVE_NONE || MOVE_TO (move) >= N_POINTS)
    return 0;
  to = MOVE_TO (move);
  for (int m = 0; m < N_MILLS && n < max; m++)
    {
      const guint8 *points = mill_points[m];

      if ((bg_marelle_mill_masks[m] & (1u << to)) == 0
          || (pos->board[before->side] & bg_marelle_mill_masks[m]) != bg_marelle_mill_masks[m])
        continue;
      marks[n++] = (BgMark) { BG_MARK_MILL, before->side, 3,
                              { points[0], points[1], points[2] } };
    }
  return n;
}

/* Board access for front ends. */

static void
marelle_location_name (guint  location,
                       char  *buf,
                       gsize  size)
{
  g_strlcpy (buf, location < N_POINTS ? bg_marelle_point_names[location] : "", size);
}

static int
marelle_piece_at (const void *p,
                  guint       location)
{
  const MarellePos *pos = p;

  for (int player = 0; player < 2; player++)
    if (location < N_POINTS && pos->board[player] & (1u << location))
      return BG_PIECE (player, 0);
  return BG_NO_PIECE;
}

static int
marelle_pieces_in_hand (const void *p,
                        int         player)
{
  const MarellePos *pos = p;

  return pos->hand[player & 1];
}

static guint
marelle_move_locations (const void *p,
                        BgMove      move,
                        guint      *locations)
{
  guint n = 0;

  if (MOVE_FROM (move) < N_POINTS)
    locations[n++] = MOVE_FROM (move);
  locations[n++] = MOVE_TO (move);
  if (MOVE_REMOVE (move) < N_POINTS)
    locations[n++] = MOVE_REMOVE (move);
  return n;
}

/* The analysis (bg-analysis.h): 100 a piece, a mill given away costs one. */
static const BgAnalysisHooks marelle_analysis = {
  .thresholds = { 30, 60, 100 },
  .default_nodes = 1000000,
};

const BgRules bg_marelle_rules = {
  .id = "marelle",
  .name = N_("Marelle Triple"),
  .position_size = sizeof (MarellePos),
  /* the worst case is flying: 4 pieces x 11 empty points x 9 removals = 396 */
  .max_moves = 512,
  .max_players = 2,
  .options = marelle_options,
  .no_move_loses = 1,
  .repetition_draw = 1,
  .init = marelle_init,
  .player_to_move = marelle_player_to_move,
  .n_players = marelle_n_players,
  .legal_moves = marelle_legal_moves,
  .play = marelle_play,
  .key = marelle_key,
  .rule_status = marelle_rule_status,
  .evaluate = bg_marelle_evaluate,
  .format_move = marelle_format_move,
  .parse_move = marelle_parse_move,
  .to_text = bg_marelle_to_text,
  .format_position = bg_marelle_format_position,
  .parse_position = bg_marelle_parse_position,
  .n_locations = N_POINTS,
  .location_name = marelle_location_name,
  .piece_at = marelle_piece_at,
  .pieces_in_hand = marelle_pieces_in_hand,
  .move_locations = marelle_move_locations,
  .blurb = N_("Nine men’s morris with diagonals: every mill takes a piece."),
  .player_names = marelle_player_names,
  .title = marelle_title,
  .describe_move = marelle_describe_move,
  .marks = marelle_marks,
  .explain_illegal = bg_marelle_explain_illegal,
  .explain_locations = bg_marelle_explain_locations,
  .probe_endgame = bg_marelle_endgame_probe_score,
  .move_is_capture = marelle_move_is_capture,
  .quiesce = marelle_quiesce,
  .analysis = &marelle_analysis,
};

gboolean
bg_marelle_forms_mill (guint32 own,
                       int     point)
{
  return forms_mill (own, point);
}

