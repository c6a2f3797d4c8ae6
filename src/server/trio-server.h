/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server.h: the server of network play: WebSocket connections, their rooms, the store
 *
 * TrioServer listens for WebSocket connections at /rooms/ROOM (libsoup), reads each text
 * frame as a message of docs/server.md and hands it to the room, which answers through the
 * server. It bounds what a client may cost: frames of 64 KiB, 20 messages a second, a number
 * of connections per address (the client's: behind a trusted proxy, the one X-Forwarded-For
 * names, trio-server-proxy.h); and before the handshake, the time a connection has to finish
 * it and the number in progress from one address (trio-server-listener.h). On start it reads
 * every room back from its store (SQLite in the state folder) and replays its game; finished
 * games are deleted after a number of days.
 *
 * Its rooms are spread over shards by the hash of their ids (trio-server-shard.h): with
 * more than one, each shard serves its rooms and their connections on a thread and a
 * GMainContext of its own; with one, everything runs on the context the server was made in.
 * The API below is called from that context.
 */
#pragma once

#include <glib-object.h>

#include "trio-server-room.h"
#include "trio-server-store.h"

G_BEGIN_DECLS

/* The messages a connection may send in a second, and how often it is pinged (seconds). */
#define TRIO_SERVER_RATE_LIMIT 20
#define TRIO_SERVER_KEEPALIVE 30
#define TRIO_SERVER_DEFAULT_MAX_PER_ADDRESS 16
/* The time a connection has from its accept to the end of its WebSocket handshake (ms). */
#define TRIO_SERVER_HANDSHAKE_TIMEOUT_MS 10000
#define TRIO_SERVER_DEFAULT_KEEP_FINISHED 30
#define TRIO_SERVER_DEFAULT_KEEP_IDLE 90

typedef struct
{
  const char *state_dir;
  const char *address;          /* NULL: every interface */
  guint port;                   /* 0: a free one (trio_server_get_port()) */
  const char *tls_cert;         /* with tls_key: wss:// (PEM files) */
  const char *tls_key;
  guint max_per_address;        /* connections from one client address at once; and, apart,
                                 * handshakes in progress from one peer address (but a
                                 * trusted proxy's, bounded in time only) */
  /* Addresses or ranges ("10.0.0.0/8") whose connections name their client in
   * X-Forwarded-For (NULL-terminated; NULL: none, the header is ignored). */
  const char *const *trusted_proxies;
  guint keep_finished_days;     /* how long a finished game stays */
  guint keep_idle_days;         /* how long a game in progress stays with no move */
  TrioStoreSync sync;
  const char *public_url;       /* the invite links' start; NULL: trio://HOST:PORT */
  guint threads;                /* the computer's searches at once (0: one per processor) */
  guint shards;                 /* threads serving the rooms (1, the default: none, the
                                 * caller's context serves them) */
  guint64 computer_nodes;       /* tests: nodes a computer move searches (0: the level's) */
  guint handshake_timeout_ms;   /* tests: the handshake's deadline (0: the default) */
} TrioServerConfig;

/* The defaults of trio-server's options. */
void trio_server_config_init (TrioServerConfig *config);

#define TRIO_TYPE_SERVER (trio_server_get_type ())
G_DECLARE_FINAL_TYPE (TrioServer, trio_server, TRIO, SERVER, GObject)

/* Opens the store in config->state_dir, deletes the finished games past their time and
 * restores the others (a room whose moves no longer replay is left out, with a warning).
 * The strings of config are copied. A trusted proxy that is neither an address nor a range
 * is an error (G_IO_ERROR_INVALID_ARGUMENT). */
TrioServer  *trio_server_new             (const TrioServerConfig *config,
                                          GError                **error);
/* Listens on the address and port of the configuration. */
gboolean     trio_server_listen          (TrioServer             *self,
                                          GError                **error);
/* The port listened on (0 before trio_server_listen()). */
guint        trio_server_get_port        (TrioServer             *self);
/* The start of the invite links: "trio://HOST:PORT", or the public URL. */
const char  *trio_server_get_link_base   (TrioServer             *self);
/* Changes the start of the invite links (as config->public_url; NULL: trio://HOST:PORT): the
 * application's server names the address its friends reach it at, which needs the port
 * it was given. */
void         trio_server_set_public_url  (TrioServer             *self,
                                          const char             *public_url);
/* The room lives on its shard's thread: with more than one shard, look into it only while
 * no one plays there (tests). */
TrioRoom    *trio_server_lookup_room     (TrioServer             *self,
                                          const char             *id);
guint        trio_server_get_n_rooms     (TrioServer             *self);
guint        trio_server_get_n_connections (TrioServer           *self);
/* The connections accepted whose WebSocket handshake is not done yet. */
guint        trio_server_get_n_handshakes (TrioServer            *self);
guint        trio_server_get_n_shards    (TrioServer             *self);
/* Deletes the games finished before now minus the days to keep (now: seconds since 1970),
 * closing their connections. Returns how many. Runs at start and every hour. */
guint        trio_server_expire          (TrioServer             *self,
                                          gint64                  now);
/* Closes every connection (1001, going away), stops listening, stops the computer's
 * searches. The store stays open until the server is freed. */
void         trio_server_shutdown        (TrioServer             *self);

G_END_DECLS
