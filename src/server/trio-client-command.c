/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-command.c: a line typed on trio-client's input, as a message to the server */

#include "trio-client-command.h"

#include "trio-client-connection.h"

#include <gio/gio.h>
#include <string.h>

static gboolean
fail (GError    **error,
      const char *usage)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "usage: %s", usage);
  return FALSE;
}

/* "yes" or "no" */
static gboolean
parse_yes_no (const char *word,
              gboolean   *yes)
{
  if (g_strcmp0 (word, "yes") == 0)
    *yes = TRUE;
  else if (g_strcmp0 (word, "no") == 0)
    *yes = FALSE;
  else
    return FALSE;
  return TRUE;
}

static gboolean
parse_number (const char *word,
              gint64      max,
              gint64     *value)
{
  guint64 v;

  if (word == NULL || !g_ascii_string_to_unsigned (word, 10, 0, (guint64) max, &v, NULL))
    return FALSE;
  *value = (gint64) v;
  return TRUE;
}

static JsonObject *
answer (const char *offer,
        gboolean    accept)
{
  JsonObject *message = trio_client_message_new ("answer");

  json_object_set_string_member (message, "offer", offer);
  json_object_set_boolean_member (message, "accept", accept);
  return message;
}

/* Commands of words[0]; FALSE with error for a known command misused, FALSE without an error
 * when words[0] is not a command (a move). */
static gboolean
parse_words (char             **words,
             gint64             ply,
             TrioClientCommand *command,
             GError           **error)
{
  guint n = g_strv_length (words);
  const char *name = words[0];
  gboolean yes;
  gint64 seat, level;

  command->kind = TRIO_CLIENT_COMMAND_SEND;
  if (g_str_equal (name, "quit"))
    {
      command->kind = TRIO_CLIENT_COMMAND_QUIT;
      return n == 1 || fail (error, "quit");
    }
  if (g_str_equal (name, "resign"))
    {
      command->message = trio_client_message_new ("resign");
      return n == 1 || fail (error, "resign");
    }
  if (g_str_equal (name, "draw"))
    {
      if (n != 2 || !parse_yes_no (words[1], &yes))
        return fail (error, "draw yes|no");
      command->message = answer ("draw", yes);
      return TRUE;
    }
  if (g_str_equal (name, "undo"))
    {
      if (n == 1)
        {
          command->message = trio_client_message_new ("undo");
          json_object_set_int_member (command->message, "ply", ply);
          return TRUE;
        }
      if (n != 2 || !parse_yes_no (words[1], &yes))
        return fail (error, "undo (to ask), undo yes|no (to answer)");
      command->message = answer ("undo", yes);
      return TRUE;
    }
  if (g_str_equal (name, "computer"))
    {
      if (n != 3 || !parse_number (words[1], 63, &seat) || !parse_number (words[2], 7, &level))
        return fail (error, "computer SEAT LEVEL (a seat from 0, a level from 1 to 6)");
      command->message = trio_client_message_new ("computer");
      json_object_set_int_member (command->message, "seat", seat);
      json_object_set_int_member (command->message, "level", level);
      return TRUE;
    }
  if (g_str_equal (name, "export"))
    {
      g_autofree char *path = NULL;

      if (n < 2)
        return fail (error, "export FILE");
      /* The path is the rest of the line, so that it may hold spaces. */
      path = g_strjoinv (" ", words + 1);
      command->kind = TRIO_CLIENT_COMMAND_EXPORT;
      command->message = trio_client_message_new ("export");
      command->path = g_steal_pointer (&path);
      return TRUE;
    }
  command->kind = TRIO_CLIENT_COMMAND_NONE;
  return FALSE;
}

gboolean
trio_client_command_parse (const char        *line,
                           gint64             ply,
                           TrioClientCommand *command,
                           GError           **error)
{
  g_autofree char *clean = g_strstrip (g_strdup (line));
  g_auto (GStrv) words = NULL;
  g_autoptr (GPtrArray) kept = g_ptr_array_new ();

  memset (command, 0, sizeof *command);
  if (clean[0] == '\0' || clean[0] == '#')
    return TRUE;
  words = g_strsplit_set (clean, " \t", -1);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (kept, words[i]);
  g_ptr_array_add (kept, NULL);
  if (parse_words ((char **) kept->pdata, ply, command, error))
    return TRUE;
  if (command->kind != TRIO_CLIENT_COMMAND_NONE || (error != NULL && *error != NULL))
    {
      trio_client_command_clear (command);
      return FALSE;
    }
  /* Anything else is a move, in the game's notation: the server judges it. */
  command->kind = TRIO_CLIENT_COMMAND_SEND;
  command->message = trio_client_message_new ("move");
  json_object_set_string_member (command->message, "move", clean);
  json_object_set_int_member (command->message, "ply", ply);
  return TRUE;
}

void
trio_client_command_clear (TrioClientCommand *command)
{
  g_clear_pointer (&command->message, json_object_unref);
  g_clear_pointer (&command->path, g_free);
  command->kind = TRIO_CLIENT_COMMAND_NONE;
}
