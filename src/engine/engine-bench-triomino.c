/* SPDX-License-Identifier: GPL-3.0-or-later */
/* engine-bench-triomino.c: the Triomino levels' tournament (boardgames-engine
 * --bench-triomino)
 *
 * For two and four players, each level against the one below and against level 1 (and
 * level 6 against three level-2 players), every deal played with every seating. Level 6
 * plays one pass of its rollout budget here, as with a node limit: in the app it repeats
 * passes until its time is up.
 */

#include "engine-bench.h"

#include <stdio.h>
#include <stdlib.h>

#include "triomino/bg-triomino-ai.h"

typedef struct
{
  guint players;
  int level, other;
} Row;

static const Row rows[] = {
  { 2, 2, 1 }, { 2, 3, 2 }, { 2, 4, 3 }, { 2, 5, 4 }, { 2, 6, 5 },
  { 2, 3, 1 }, { 2, 4, 1 }, { 2, 5, 1 }, { 2, 6, 1 },
  { 4, 2, 1 }, { 4, 3, 2 }, { 4, 4, 3 }, { 4, 5, 4 }, { 4, 6, 5 },
  { 4, 3, 1 }, { 4, 4, 1 }, { 4, 5, 1 }, { 4, 6, 1 }, { 4, 6, 2 },
};

/* Levels 1 to 5 play a game in milliseconds, level 6 in about a second: its rows play the
 * given number of deals, the others this many times more. */
#define CHEAP_ROWS_FACTOR 4

static void
run_row (guint      i,
         const Row *row,
         guint      deals)
{
  BgTriominoMatch match;
  guint n = row->level == 6 ? deals : deals * CHEAP_ROWS_FACTOR;
  char against[16];

  g_snprintf (against, sizeof against, row->players == 2 ? "%d" : "3 x %d", row->other);
  bg_triomino_tournament (row->players, row->level, row->other, n, 1000 * (i + 1), &match);
  printf ("%-8u %-6d %-9s %6u %8.1f%% %7.1f%% %9.0f%% %8.0f\n", row->players, row->level,
          against, match.games, 100 * match.rate, 100 * match.margin, 100.0 / row->players,
          match.seconds);
  fflush (stdout);
}

static gboolean
parse_count (const char *text,
             guint64     max,
             guint64    *value)
{
  return g_ascii_string_to_unsigned (text, 10, 1, max, value, NULL);
}

int
engine_bench_triomino_main (int    argc,
                            char **argv)
{
  guint64 deals = 100, players = 0, level = 0;

  if (argc > 5 || (argc > 2 && !parse_count (argv[2], 100000, &deals))
      || (argc > 3 && !parse_count (argv[3], 6, &players))
      || (argc > 4 && !parse_count (argv[4], 6, &level)))
    {
      fprintf (stderr, "usage: %s --bench-triomino [DEALS [PLAYERS [LEVEL]]]\n", argv[0]);
      return 2;
    }
  printf ("triomino levels: %u deals a row (levels 1-5: %u), each deal with every seating;\n"
          "win rate of the first level (ties for first shared), 95%% margin\n",
          (guint) deals, (guint) deals * CHEAP_ROWS_FACTOR);
  printf ("%-8s %-6s %-9s %6s %9s %8s %10s %8s\n", "players", "level", "against", "games",
          "win rate", "margin", "fair share", "seconds");
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if ((players == 0 || rows[i].players == players)
        && (level == 0 || rows[i].level == (int) level))
      run_row (i, &rows[i], (guint) deals);
  return 0;
}
