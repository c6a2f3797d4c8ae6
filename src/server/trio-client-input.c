/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-input.c: trio-client's input lines, as commands or (--raw) as frames */

#include "trio-client-session-private.h"

#include "trio-client-command.h"

#include <gio/gunixinputstream.h>

static void read_next (TrioClientSession *self);

/* A raw line goes as it is: a text frame, or a binary one when it is not UTF-8 (a text
 * frame must be). */
static void
send_raw (TrioClientSession *self,
          const char        *line,
          gsize              length)
{
  if (g_utf8_validate (line, (gssize) length, NULL))
    trio_client_connection_send_text (self->connection, line);
  else
    trio_client_connection_send_binary (self->connection, line, length);
}

static void
run_command (TrioClientSession *self,
             const char        *line)
{
  TrioClientCommand command;
  g_autoptr (GError) error = NULL;

  if (!trio_client_command_parse (line, self->ply, &command, &error))
    {
      trio_client_session_complain ("%s", error->message);
      return;
    }
  switch (command.kind)
    {
    case TRIO_CLIENT_COMMAND_NONE:
      break;
    case TRIO_CLIENT_COMMAND_QUIT:
      trio_client_session_finish (self, self->over ? TRIO_CLIENT_EXIT_OK : TRIO_CLIENT_EXIT_LOST);
      break;
    case TRIO_CLIENT_COMMAND_EXPORT:
      g_queue_push_tail (&self->exports, g_steal_pointer (&command.path));
      trio_client_session_send (self, command.message);
      break;
    case TRIO_CLIENT_COMMAND_SEND:
      trio_client_session_send (self, command.message);
      break;
    default:
      g_assert_not_reached ();
    }
  trio_client_command_clear (&command);
}

static void
on_line (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  TrioClientSession *self = user_data;
  g_autoptr (GError) error = NULL;
  gsize length = 0;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source),
                                                                 result, &length, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (line == NULL)
    {
      if (error != NULL)
        trio_client_session_complain ("reading the input: %s", error->message);
      self->input_done = TRUE;
      /* The end of raw frames is the end of the session; a player's input closed lets the
       * game go on to its end. */
      if (self->options->raw)
        trio_client_session_finish (self, TRIO_CLIENT_EXIT_OK);
      else
        trio_client_session_check_end (self);
      return;
    }
  if (self->options->raw)
    send_raw (self, line, length);
  else
    run_command (self, line);
  if (!self->finishing)
    read_next (self);
}

static void
read_next (TrioClientSession *self)
{
  g_data_input_stream_read_line_async (self->input, G_PRIORITY_DEFAULT, self->cancellable,
                                       on_line, self);
}

void
trio_client_input_start (TrioClientSession *self)
{
  g_autoptr (GInputStream) stdin_stream = g_unix_input_stream_new (0, FALSE);

  self->input = g_data_input_stream_new (stdin_stream);
  g_data_input_stream_set_newline_type (self->input, G_DATA_STREAM_NEWLINE_TYPE_LF);
  read_next (self);
}

void
trio_client_input_stop (TrioClientSession *self)
{
  g_cancellable_cancel (self->cancellable);
}
