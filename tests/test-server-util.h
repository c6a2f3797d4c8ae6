/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-server-util.h: what the server's tests share: connections that only record what a
 * room sends them, and messages written as JSON text
 *
 * Each helper asserts with Check, so a failure inside one fails the test that called it.
 */
#pragma once

#include <check.h>
#include <json-glib/json-glib.h>

#include "trio-server-room.h"

G_BEGIN_DECLS

/* A connection as a room sees it: the messages it was sent, whether it was closed. */
typedef struct
{
  GQueue messages;     /* JsonObject, the oldest first */
  guint n_received;
  gushort close_code;  /* 0: open */
} SuClient;

SuClient   *su_client_new      (void);
void        su_client_free     (SuClient           *client);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SuClient, su_client_free)

/* A room host whose connections are SuClients; store and worker may be NULL. */
void        su_host_init       (TrioRoomHost       *host,
                                TrioStore          *store,
                                TrioWorker         *worker);

/* The oldest message not yet looked at, which must be of type (a new reference). */
JsonObject *su_next            (SuClient           *client,
                                const char         *type);
/* The same, dropped at once. */
void        su_skip            (SuClient           *client,
                                const char         *type);
/* The types of the messages not yet looked at, separated by spaces, and forgets them. */
char       *su_take_types      (SuClient           *client);
void        su_forget          (SuClient           *client);
#define su_assert_types(client, expected) \
  G_STMT_START { \
    g_autofree char *su_types = su_take_types (client); \
    ck_assert_str_eq (su_types, expected); \
  } G_STMT_END

/* A message read from JSON text (printf-style), which must be well formed. */
TrioMessage *su_message        (const char         *format,
                                ...) G_GNUC_PRINTF (1, 2);
/* The room's answer to a message from client: -1 accepted, else the error's code. */
int         su_send            (TrioRoom           *room,
                                SuClient           *client,
                                const char         *format,
                                ...) G_GNUC_PRINTF (3, 4);

/* The notation of a legal move of game chosen by index (modulo their number); NULL when
 * there is none. */
char       *su_legal_move      (const BgGame       *game,
                                guint               index);

/* A room made for a test, and its connections: clients[0] created it; in the helpers below,
 * clients[i] sits at seat i. */
#define SU_ROOM "abcdefghijklmnop"
#define SU_MARELLE_2 "{\"type\": \"create\", \"game\": \"marelle\", \"options\": {}," \
  " \"seats\": [{\"kind\": \"human\"}, {\"kind\": \"human\"}], \"seat\": 0, \"name\": \"Ann\"}"

typedef struct
{
  TrioRoomHost host;
  TrioRoom *room;
  SuClient *clients[4];
  char *key;            /* from the first welcome's link */
  char *tokens[4];      /* each client's seat token */
} SuRoom;

/* Makes the room of a create message on clients[0] (its welcome and state read). */
void        su_room_create     (SuRoom             *fx,
                                TrioStore          *store,
                                TrioWorker         *worker,
                                const char         *create);
/* clients[client] joins at seat (-1: the first open one), which must be expected; its
 * welcome and state are read. */
void        su_room_join       (SuRoom             *fx,
                                guint               client,
                                int                 seat,
                                int                 expected);
/* The client of the seat to move. */
SuClient   *su_room_mover      (SuRoom             *fx);
/* A move from client at the room's ply: as su_send(). */
int         su_room_move       (SuRoom             *fx,
                                SuClient           *client,
                                const char         *move);
void        su_room_forget_all (SuRoom             *fx);
/* Plays n legal moves, each by the client of the seat to move. */
void        su_room_play       (SuRoom             *fx,
                                guint               n);
/* Closes the room's connections, frees it all. */
void        su_room_clear      (SuRoom             *fx);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SuRoom, su_room_clear)

/* Removes a server's state folder made for a test: the store's files, then the folder. */
void        su_remove_state_dir (const char        *dir);

G_END_DECLS
