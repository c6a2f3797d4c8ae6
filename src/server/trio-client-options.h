/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-options.h: trio-client's command line, read and checked */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum
{
  TRIO_CLIENT_MODE_CREATE,
  TRIO_CLIENT_MODE_JOIN,
  TRIO_CLIENT_MODE_RESUME,
  TRIO_CLIENT_MODE_WATCH,
  TRIO_CLIENT_MODE_CONNECT,   /* a WebSocket and nothing sent: every input line is a frame */
} TrioClientMode;

/* How a bot answers an offer: as the computer player would (draws only), no, or yes. */
typedef enum
{
  TRIO_CLIENT_ANSWER_COMPUTER = -1,
  TRIO_CLIENT_ANSWER_NO = 0,
  TRIO_CLIENT_ANSWER_YES = 1,
} TrioClientAnswer;

typedef struct
{
  TrioClientMode mode;
  char *url;               /* the room's WebSocket */
  char *room;
  char *key;               /* join, watch */
  char *token;             /* resume */
  char *game;              /* create */
  JsonObject *game_options;  /* create: strings */
  JsonArray *seats;        /* create: {"kind": …, "level": …} */
  int seat;                /* create, join: the seat asked for, or -1 */
  char *name;
  gboolean json;           /* print the server's JSON lines as they come */
  gboolean raw;            /* send the input's lines as frames, unchanged */
  int bot_level;           /* 0: no bot */
  guint64 nodes;           /* the bot's limits, 0: the level's */
  guint depth;
  guint threads;           /* 0: the level's */
  TrioClientAnswer answer_draw;
  TrioClientAnswer answer_undo;
  char *export_path;       /* the game in the save format, written once it is over */
  GTlsDatabase *tls_database;  /* --tls-ca: the certificates trusted instead of the
                                * system's, or NULL */
} TrioClientOptions;

/* Reads argv; FALSE with a sentence for the user in error on a bad command line. */
gboolean trio_client_options_parse (TrioClientOptions *options,
                                    int               *argc,
                                    char            ***argv,
                                    GError           **error);
void     trio_client_options_clear (TrioClientOptions *options);

G_END_DECLS
