/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-command.h: a line typed on trio-client's input, as a message to the server
 *
 * A move in the game's notation, "draw yes|no", "undo", "undo yes|no", "resign",
 * "computer SEAT LEVEL", "export FILE" or "quit"; an empty line or one starting with '#'
 * is no command.
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum
{
  TRIO_CLIENT_COMMAND_NONE,    /* an empty line or a comment */
  TRIO_CLIENT_COMMAND_SEND,    /* a message to send */
  TRIO_CLIENT_COMMAND_EXPORT,  /* a message to send, and the file its answer goes to */
  TRIO_CLIENT_COMMAND_QUIT,
} TrioClientCommandKind;

typedef struct
{
  TrioClientCommandKind kind;
  JsonObject *message;   /* SEND, EXPORT */
  char *path;            /* EXPORT */
} TrioClientCommand;

/* Reads line (ply: the number of moves the client has seen, for a move and an undo).
 * Returns FALSE with a sentence in error for a command misspelt or out of range. */
gboolean trio_client_command_parse (const char        *line,
                                    gint64             ply,
                                    TrioClientCommand *command,
                                    GError           **error);
void     trio_client_command_clear (TrioClientCommand *command);

G_END_DECLS
