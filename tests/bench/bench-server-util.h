/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-server-util.h: what the server's benchmark needs besides its players: its options,
 * the server it starts and measures, the rate it keeps to, and its figures */
#pragma once

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

G_BEGIN_DECLS

typedef struct
{
  const char *server;         /* the trio-server to start */
  char **server_args;         /* more arguments for it */
  guint rooms;
  guint seconds;
  const char *game;
  guint rate;                 /* the most moves a player sends in a second, 0: no cap */
  guint think;                /* a player's mean pause (ms) before each move, 0: none */
  guint threads;              /* the bench's threads, each with its share of the rooms */
} BenchOptions;

gboolean    bench_options_parse       (BenchOptions  *options,
                                       int           *argc,
                                       char        ***argv);

/* The server's memory (kB) idle, with every room seated, and at the end. */
typedef struct
{
  gint64 idle;
  gint64 seated;
  gint64 end;
} BenchRss;

typedef struct
{
  GPid pid;
  guint port;
  char *state_dir;
} BenchServer;

/* Starts the server on 127.0.0.1 with a free port and a new state folder, and waits until
 * it accepts connections. */
gboolean    bench_server_start        (BenchServer   *server,
                                       const char    *path,
                                       char         **args);
void        bench_server_stop         (BenchServer   *server);
/* VmRSS in kB, or -1. */
gint64      bench_server_rss          (BenchServer   *server);
/* The processor time (µs, user and system) the server, and this process, have used. */
gint64      bench_server_cpu          (BenchServer   *server);
gint64      bench_self_cpu            (void);

/* Up to as many open files as the hard limit allows (two per player, and the server's). */
void        bench_raise_file_limit    (void);

/* n sessions, each connecting from an address of its own (127.1.X.Y), numbered from first;
 * they belong to the thread-default main context of the caller. */
GPtrArray  *bench_sessions_new        (guint          first,
                                       guint          n);

#define BENCH_RATE_MAX 64

/* The times of a player's last sends. */
typedef struct
{
  gint64 times[BENCH_RATE_MAX];
  guint next;
  guint count;
} BenchRate;

void        bench_rate_note           (BenchRate     *rate,
                                       gint64         now);
/* How long (µs) to wait before the next send keeps to max_per_second (0: at once). */
gint64      bench_rate_wait           (const BenchRate *rate,
                                       guint          max_per_second,
                                       gint64         now);

/* The first message of a room's creator (index 0: two human seats) or of the one who
 * joins it with key (index 1). */
JsonObject *bench_opening             (const char    *game,
                                       guint          index,
                                       const char    *key);
char       *bench_room_id             (GRand         *rand);

int         bench_compare_gint64      (gconstpointer  a,
                                       gconstpointer  b);
/* The p-th percentile of sorted values (µs), or 0 when there are none. */
gint64      bench_percentile          (GArray        *sorted,
                                       guint          p);

G_END_DECLS
