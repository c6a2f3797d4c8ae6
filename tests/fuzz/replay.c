/* SPDX-License-Identifier: GPL-3.0-or-later */
/* replay.c: runs the fuzz targets over files, without libFuzzer (a regression test)
 *
 * Usage: replay FILE|DIRECTORY...  Every file is given to every target; a missing
 * directory is skipped, so that an empty crashes/ directory is no error.
 */

/* fuzz-save.c needs memfd_create(). */
#define _GNU_SOURCE

#include <stdint.h>
#include <stdio.h>

#include <glib.h>

#define LLVMFuzzerTestOneInput fuzz_save_one
#include "fuzz-save.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_notation_one
#include "fuzz-notation.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_view_one
#include "fuzz-view.c"
#undef LLVMFuzzerTestOneInput

static guint replayed;

static void
replay_file (const char *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;

  if (!g_file_get_contents (path, &data, &length, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      exit (1);
    }
  fuzz_save_one ((const uint8_t *) data, length);
  fuzz_notation_one ((const uint8_t *) data, length);
  fuzz_view_one ((const uint8_t *) data, length);
  replayed++;
}

static void
replay_path (const char *path)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return;
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      replay_file (path);
      return;
    }
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (!g_file_test (child, G_FILE_TEST_IS_DIR))
        replay_file (child);
    }
}

int
main (int   argc,
      char *argv[])
{
  for (int i = 1; i < argc; i++)
    replay_path (argv[i]);
  printf ("replayed %u inputs through the three fuzz targets\n", replayed);
  return 0;
}
