/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-save-load.c: how long the largest saved games take to load
 *
 * Usage: bench-save-load [RUNS [LIMIT_MS]]
 *
 * Writes the worst files the format allows (1 MiB: option lines, moves, comments), loads
 * each RUNS times (default 5) through bg_save_from_file() and prints the median. Exits 1
 * when a median passes LIMIT_MS (default 1000): loading must stay linear in the file's
 * size. A benchmark, not a unit test: run it by hand or with `meson test --benchmark`.
 */

#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>

#include "bg-save.h"

#define TARGET_SIZE (BG_SAVE_MAX_FILE_SIZE - 64)

/* 1 MiB of distinct option names: this took 7.9 s when each was compared with the
 * others. The file is refused at its first unknown option, after every line is read. */
static char *
options_file (void)
{
  GString *s = g_string_new ("trio-save 1\ngame marelle\n");

  for (guint i = 0; s->len < TARGET_SIZE; i++)
    g_string_append_printf (s, "option o%u=1\n", i);
  g_string_append (s, "end\n");
  return g_string_free (s, FALSE);
}

/* A shuffle of La Triple Alliance that never ends (a draw offer stands): every move is
 * replayed through the rules. */
static char *
moves_file (void)
{
  static const char *const cycle[] = { "a1-a2", "b4-b5", "a2-a1", "b5-b4" };
  GString *s = g_string_new ("trio-save 1\ngame triple-alliance\n"
                             "start p1=a1,a5,e1 p2=b4,d2,e5 hand=0,0 turn=1\n");
  guint n = 0;

  while (s->len < TARGET_SIZE - 80 && n + 12 <= BG_SAVE_MAX_MOVES)
    {
      g_string_append (s, "moves");
      for (guint i = 0; i < 12; i++, n++)
        g_string_append_printf (s, " %s", cycle[n % 4]);
      g_string_append_c (s, '\n');
    }
  g_string_append (s, "end\n");
  return g_string_free (s, FALSE);
}

static char *
comments_file (void)
{
  GString *s = g_string_new ("trio-save 1\ngame marelle\n");

  while (s->len < TARGET_SIZE - 128)
    g_string_append (s, "# a comment line, as a hand-edited file may have many of them\n");
  g_string_append (s, "moves d6 d2\nend\n");
  return g_string_free (s, FALSE);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_ms (const char *path,
           guint       runs)
{
  g_autofree double *ms = g_new (double, runs);

  for (guint r = 0; r < runs; r++)
    {
      g_autoptr (GError) error = NULL;
      gint64 start = g_get_monotonic_time ();
      g_autoptr (BgGame) game = bg_save_from_file (path, NULL, NULL, &error);

      ms[r] = (g_get_monotonic_time () - start) / 1000.0;
      if (r == 0)
        g_print ("  %s\n", game != NULL ? "loads" : error->message);
    }
  qsort (ms, runs, sizeof *ms, compare_doubles);
  return ms[runs / 2];
}

int
main (int   argc,
      char *argv[])
{
  guint runs = argc > 1 ? (guint) MAX (1, atoi (argv[1])) : 5;
  double limit = argc > 2 ? atof (argv[2]) : 1000.0;
  g_autofree char *dir = g_dir_make_tmp ("bench-save-XXXXXX", NULL);
  struct
  {
    const char *name;
    char *(*make) (void);
  } files[] = {
    { "options", options_file },
    { "moves", moves_file },
    { "comments", comments_file },
  };
  int status = 0;

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *text = files[i].make ();
      g_autofree char *path = g_build_filename (dir, files[i].name, NULL);
      double ms;

      if (!g_file_set_contents (path, text, -1, NULL))
        return 2;
      g_print ("%s: %zu bytes\n", files[i].name, strlen (text));
      ms = median_ms (path, runs);
      g_print ("  median of %u loads: %.1f ms%s\n", runs, ms,
               ms > limit ? " (over the limit)" : "");
      if (ms > limit)
        status = 1;
      g_unlink (path);
    }
  g_rmdir (dir);
  return status;
}
