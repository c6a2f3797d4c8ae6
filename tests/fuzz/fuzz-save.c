/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-save.c: libFuzzer target for the saved-game reader
 *
 * Any bytes must be read without a crash, a leak or a GLib critical; a file that loads must
 * save and load again to the same game. The bytes are also read as a file (a memfd, through
 * its /proc path), so that the file reader's size cap meets inputs past it.
 */

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bg-save.h"

#define SAVE_CHECK(cond) \
  do { if (!(cond)) { fprintf (stderr, "check failed: %s\n", #cond); abort (); } } while (0)

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
save_check_round_trip (const BgGame *game,
                       const BgSeat *seats,
                       guint         n_seats)
{
  g_autofree char *text = bg_save_to_string (game, seats, n_seats);
  g_autoptr (GError) error = NULL;
  BgSeat *seats2 = NULL;
  guint n2 = 0;
  g_autoptr (BgGame) again = bg_save_from_string (text, &seats2, &n2, &error);

  if (again == NULL)
    fprintf (stderr, "reloading failed: %s\n%s", error->message, text);
  SAVE_CHECK (again != NULL);
  SAVE_CHECK (bg_game_get_key (again) == bg_game_get_key (game));
  SAVE_CHECK (bg_game_get_n_played (again) == bg_game_get_n_played (game));
  SAVE_CHECK (bg_game_get_status (again).result == bg_game_get_status (game).result);
  SAVE_CHECK (bg_game_has_draw_offer (again) == bg_game_has_draw_offer (game));
  SAVE_CHECK (n2 == n_seats);
  for (guint i = 0; i < n2; i++)
    {
      SAVE_CHECK (seats2[i].computer == seats[i].computer);
      SAVE_CHECK (seats2[i].level == seats[i].level);
      SAVE_CHECK (g_strcmp0 (seats2[i].name, seats[i].name) == 0);
    }
  bg_seats_free (seats2, n2);
}

/* The file reader must agree with the reader of bytes, whatever the size. */
static void
save_check_file (const uint8_t *data,
                 size_t         size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) file_error = NULL;
  g_autoptr (BgGame) game = NULL;
  g_autoptr (BgGame) file_game = NULL;
  g_autofree char *path = NULL;
  int fd = memfd_create ("fuzz-save", MFD_CLOEXEC);

  if (fd < 0)
    return;
  SAVE_CHECK (write (fd, data, size) == (ssize_t) size);
  path = g_strdup_printf ("/proc/self/fd/%d", fd);
  file_game = bg_save_from_file (path, NULL, NULL, &file_error);
  close (fd);
  game = bg_save_from_data ((const char *) data, size, NULL, NULL, &error);
  SAVE_CHECK ((file_game == NULL) == (file_error != NULL));
  SAVE_CHECK ((file_game == NULL) == (game == NULL));
  if (size > BG_SAVE_MAX_FILE_SIZE)
    SAVE_CHECK (file_game == NULL && strstr (file_error->message, "too large") != NULL);
  if (game != NULL)
    SAVE_CHECK (bg_game_get_key (game) == bg_game_get_key (file_game));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = g_malloc (size + 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (BgGame) game = NULL;
  BgSeat *seats = NULL;
  guint n_seats = 0;

  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  memcpy (text, data, size);
  text[size] = '\0';
  game = bg_save_from_string (text, &seats, &n_seats, &error);
  SAVE_CHECK ((game == NULL) == (error != NULL));
  if (game != NULL)
    save_check_round_trip (game, seats, n_seats);
  bg_seats_free (seats, n_seats);

  /* The raw bytes: a NUL byte must be reported, never cut the text short. */
  if (memchr (data, '\0', size) != NULL)
    {
      g_autoptr (GError) nul_error = NULL;
      g_autoptr (BgGame) nul_game = bg_save_from_data ((const char *) data, size, NULL, NULL,
                                                       &nul_error);

      SAVE_CHECK (nul_game == NULL && nul_error != NULL);
    }
  save_check_file (data, size);
  return 0;
}
