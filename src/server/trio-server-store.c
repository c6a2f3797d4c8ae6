/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-store.c: the server's rooms on disk (SQLite in WAL mode) */

#include "trio-server-store.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <fcntl.h>
#include <unistd.h>

/* How long a statement waits for a lock another process holds (a backup being read). */
#define BUSY_TIMEOUT_MS 5000
/* The WAL's pages (4 KiB) after which it is copied into the database by the checkpointer's
 * thread; after which that thread holds the writers a moment to start the WAL again; after
 * which, should that thread fall behind, the writer checkpoints itself. */
#define CHECKPOINT_PAGES 1000
#define RESTART_PAGES 4096
#define HARD_PAGES 16384

static const char schema[] =
  "CREATE TABLE IF NOT EXISTS rooms ("
  "  id TEXT PRIMARY KEY,"
  "  game TEXT NOT NULL,"
  "  options TEXT NOT NULL,"
  "  seed INTEGER NOT NULL,"
  "  key_hash TEXT NOT NULL,"
  "  created INTEGER NOT NULL,"
  "  finished INTEGER,"
  "  result TEXT,"
  "  draw_declined INTEGER NOT NULL DEFAULT -1"
  ") WITHOUT ROWID;"
  "CREATE TABLE IF NOT EXISTS seats ("
  "  room TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,"
  "  seat INTEGER NOT NULL,"
  "  kind INTEGER NOT NULL,"
  "  level INTEGER NOT NULL,"
  "  name TEXT,"
  "  token_hash TEXT,"
  "  PRIMARY KEY (room, seat)"
  ") WITHOUT ROWID;"
  "CREATE TABLE IF NOT EXISTS moves ("
  "  room TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,"
  "  ply INTEGER NOT NULL,"
  "  notation TEXT NOT NULL,"
  "  time INTEGER NOT NULL,"
  "  PRIMARY KEY (room, ply)"
  ") WITHOUT ROWID;"
  "CREATE INDEX IF NOT EXISTS rooms_finished ON rooms (finished);";

typedef enum
{
  STMT_BEGIN,
  STMT_COMMIT,
  STMT_ROLLBACK,
  STMT_ADD_ROOM,
  STMT_SET_SEAT,
  STMT_ADD_MOVE,
  STMT_TRUNCATE,
  STMT_DRAW_DECLINED,
  STMT_FINISH,
  STMT_ROOMS,
  STMT_SEATS,
  STMT_MOVES,
  STMT_EXPIRED,
  STMT_DELETE_ROOM,
  N_STMTS
} Stmt;

static const char *const statements[] = {
  "BEGIN IMMEDIATE",
  "COMMIT",
  "ROLLBACK",
  "INSERT INTO rooms (id, game, options, seed, key_hash, created, finished, result,"
  " draw_declined) VALUES (?, ?, ?, ?, ?, ?, NULLIF (?, 0), ?, ?)",
  "INSERT OR REPLACE INTO seats (room, seat, kind, level, name, token_hash)"
  " VALUES (?, ?, ?, ?, ?, ?)",
  "INSERT INTO moves (room, ply, notation, time) VALUES (?, ?, ?, ?)",
  "DELETE FROM moves WHERE room = ? AND ply > ?",
  "UPDATE rooms SET draw_declined = ? WHERE id = ?",
  "UPDATE rooms SET finished = ?, result = ? WHERE id = ?",
  "SELECT id, game, options, seed, key_hash, created, IFNULL (finished, 0), result,"
  " draw_declined FROM rooms ORDER BY created, id",
  "SELECT seat, kind, level, name, token_hash FROM seats WHERE room = ? ORDER BY seat",
  "SELECT ply, notation FROM moves WHERE room = ? ORDER BY ply",
  "SELECT id FROM rooms WHERE (finished IS NOT NULL AND finished < ?1) OR (finished IS NULL"
  "  AND created < ?2 AND NOT EXISTS (SELECT 1 FROM moves WHERE moves.room = rooms.id"
  "  AND moves.time >= ?2))",
  "DELETE FROM rooms WHERE id = ?",
};
G_STATIC_ASSERT (G_N_ELEMENTS (statements) == N_STMTS);

struct _TrioStore
{
  GObject parent_instance;

  sqlite3 *db;
  sqlite3_stmt *stmts[N_STMTS];
  char *path;
  int lock_fd;   /* DIR/trio-server.lock, locked: one server a folder */
  /* The connection and its statements serve one thread at a time: the server's shards
   * write through the same store, one transaction after another. */
  GMutex lock;

  /* SQLite checkpoints the WAL in a commit, with two disk flushes, while every shard waits:
   * the store does it on a thread and a connection of its own instead (checkpoints()). */
  sqlite3 *checkpointer;
  GThread *checkpoint_thread;
  GMutex checkpoint_lock;
  GCond checkpoint_cond;
  gboolean checkpoint_wanted;
  gboolean checkpoint_stop;
  gint checkpointed;      /* atomic: the WAL's pages at the last checkpoint */
};

G_DEFINE_FINAL_TYPE (TrioStore, trio_store, G_TYPE_OBJECT)

void
trio_stored_room_free (TrioStoredRoom *room)
{
  if (room == NULL)
    return;
  g_free (room->id);
  g_free (room->game);
  g_free (room->options);
  g_free (room->key_hash);
  g_free (room->result);
  for (guint i = 0; i < room->n_seats; i++)
    {
      g_free (room->seats[i].name);
      g_free (room->seats[i].token_hash);
    }
  g_free (room->seats);
  g_clear_pointer (&room->moves, g_ptr_array_unref);
  g_free (room);
}

static void
stop_checkpoints (TrioStore *self)
{
  if (self->checkpoint_thread != NULL)
    {
      g_mutex_lock (&self->checkpoint_lock);
      self->checkpoint_stop = TRUE;
      g_cond_signal (&self->checkpoint_cond);
      g_mutex_unlock (&self->checkpoint_lock);
      g_clear_pointer (&self->checkpoint_thread, g_thread_join);
    }
  /* Before the writer's: the last connection closed checkpoints the WAL. */
  g_clear_pointer (&self->checkpointer, sqlite3_close);
}

static void
trio_store_finalize (GObject *object)
{
  TrioStore *self = TRIO_STORE (object);

  stop_checkpoints (self);
  for (guint i = 0; i < N_STMTS; i++)
    sqlite3_finalize (self->stmts[i]);
  /* The last connection's close checkpoints the WAL into the database. */
  if (self->db != NULL)
    sqlite3_close (self->db);
  if (self->lock_fd >= 0)
    close (self->lock_fd);
  g_free (self->path);
  g_mutex_clear (&self->lock);
  g_mutex_clear (&self->checkpoint_lock);
  g_cond_clear (&self->checkpoint_cond);
  G_OBJECT_CLASS (trio_store_parent_class)->finalize (object);
}

static void
trio_store_class_init (TrioStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = trio_store_finalize;
}

static void
trio_store_init (TrioStore *self)
{
  self->lock_fd = -1;
  g_mutex_init (&self->lock);
  g_mutex_init (&self->checkpoint_lock);
  g_cond_init (&self->checkpoint_cond);
}

static gboolean
db_fail (TrioStore  *self,
         const char *what,
         GError    **error)
{
  int code = sqlite3_extended_errcode (self->db);

  g_set_error (error, G_IO_ERROR, code == SQLITE_BUSY ? G_IO_ERROR_BUSY : G_IO_ERROR_FAILED,
               "%s: %s: %s", self->path, what, sqlite3_errmsg (self->db));
  return FALSE;
}

static gboolean
exec (TrioStore  *self,
      const char *sql,
      GError    **error)
{
  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    return db_fail (self, sql, error);
  return TRUE;
}

/* The statement, reset and its bindings cleared, for another run. */
static sqlite3_stmt *
stmt (TrioStore *self,
      Stmt       which)
{
  sqlite3_stmt *s = self->stmts[which];

  sqlite3_reset (s);
  sqlite3_clear_bindings (s);
  return s;
}

/* Runs a statement that returns no row. */
static gboolean
run (TrioStore    *self,
     sqlite3_stmt *s,
     GError      **error)
{
  int rc = sqlite3_step (s);

  sqlite3_reset (s);
  if (rc != SQLITE_DONE)
    return db_fail (self, sqlite3_sql (s), error);
  return TRUE;
}

static gboolean
begin (TrioStore *self,
       GError   **error)
{
  return run (self, stmt (self, STMT_BEGIN), error);
}

static gboolean
commit (TrioStore *self,
        gboolean   ok,
        GError   **error)
{
  if (ok && run (self, stmt (self, STMT_COMMIT), error))
    return TRUE;
  /* The transaction may be gone already (an I/O error rolls back by itself). */
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_step (stmt (self, STMT_ROLLBACK));
  sqlite3_reset (self->stmts[STMT_ROLLBACK]);
  return FALSE;
}

static void
bind_text (sqlite3_stmt *s,
           int           index,
           const char   *text)
{
  if (text == NULL)
    sqlite3_bind_null (s, index);
  else
    sqlite3_bind_text (s, index, text, -1, SQLITE_TRANSIENT);
}

static gboolean
lock_folder (TrioStore  *self,
             const char *dir,
             GError    **error)
{
  g_autofree char *path = g_build_filename (dir, "trio-server.lock", NULL);

  self->lock_fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (self->lock_fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", path,
                   g_strerror (saved));
      return FALSE;
    }
  if (flock (self->lock_fd, LOCK_EX | LOCK_NB) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                   "%s: another server is using this state folder", dir);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_version (TrioStore *self,
               GError   **error)
{
  sqlite3_stmt *s = NULL;
  int version = -1;

  if (sqlite3_prepare_v2 (self->db, "PRAGMA user_version", -1, &s, NULL) != SQLITE_OK)
    return db_fail (self, "PRAGMA user_version", error);
  if (sqlite3_step (s) == SQLITE_ROW)
    version = sqlite3_column_int (s, 0);
  sqlite3_finalize (s);
  if (version > TRIO_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "%s: written by a newer server (schema %d; this one reads %d)", self->path,
                   version, TRIO_STORE_SCHEMA_VERSION);
      return FALSE;
    }
  if (version < 0)
    return db_fail (self, "PRAGMA user_version", error);
  if (version == TRIO_STORE_SCHEMA_VERSION)
    return TRUE;
  /* A new database (version 0): the tables, then the version, in one transaction. */
  return exec (self, "BEGIN IMMEDIATE", error)
         && (exec (self, schema, error)
             && exec (self, "PRAGMA user_version = " G_STRINGIFY (TRIO_STORE_SCHEMA_VERSION),
                      error)
             && exec (self, "COMMIT", error));
}

/* The checkpointer's thread: a passive checkpoint (the writers go on meanwhile) whenever the
 * WAL has grown by CHECKPOINT_PAGES; one that starts the WAL again, writers held, once it is
 * past RESTART_PAGES (writing without a pause, they never leave it wholly copied). */
static gpointer
checkpoints (gpointer data)
{
  TrioStore *self = data;

  g_mutex_lock (&self->checkpoint_lock);
  while (!self->checkpoint_stop)
    {
      int n_log = 0, n_done = 0;

      if (!self->checkpoint_wanted)
        {
          g_cond_wait (&self->checkpoint_cond, &self->checkpoint_lock);
          continue;
        }
      self->checkpoint_wanted = FALSE;
      g_mutex_unlock (&self->checkpoint_lock);
      if (sqlite3_wal_checkpoint_v2 (self->checkpointer, NULL, SQLITE_CHECKPOINT_PASSIVE,
                                     &n_log, &n_done) != SQLITE_OK)
        g_warning ("%s: checkpoint: %s", self->path, sqlite3_errmsg (self->checkpointer));
      else if (n_log < RESTART_PAGES)
        g_atomic_int_set (&self->checkpointed, n_log);
      else
        {
          g_mutex_lock (&self->lock);
          if (sqlite3_wal_checkpoint_v2 (self->checkpointer, NULL, SQLITE_CHECKPOINT_RESTART,
                                         NULL, NULL) != SQLITE_OK)
            g_warning ("%s: checkpoint: %s", self->path, sqlite3_errmsg (self->checkpointer));
          g_atomic_int_set (&self->checkpointed, 0);   /* the next commit restarts the WAL */
          g_mutex_unlock (&self->lock);
        }
      g_mutex_lock (&self->checkpoint_lock);
    }
  g_mutex_unlock (&self->checkpoint_lock);
  return NULL;
}

/* After each commit of the writer (under the store's lock): n_pages in the WAL. The
 * checkpointer is woken once CHECKPOINT_PAGES were added since its last checkpoint. */
static int
on_wal (void       *data,
        sqlite3    *db,
        const char *name,
        int         n_pages)
{
  TrioStore *self = data;
  int checkpointed = g_atomic_int_get (&self->checkpointed);

  if (n_pages >= HARD_PAGES
      && sqlite3_wal_checkpoint_v2 (db, NULL, SQLITE_CHECKPOINT_RESTART, NULL, NULL)
         != SQLITE_OK)
    g_warning ("%s: checkpoint: %s", self->path, sqlite3_errmsg (db));
  if (n_pages < checkpointed)
    checkpointed = 0;
  if (n_pages - checkpointed >= CHECKPOINT_PAGES)
    {
      g_mutex_lock (&self->checkpoint_lock);
      self->checkpoint_wanted = TRUE;
      g_cond_signal (&self->checkpoint_cond);
      g_mutex_unlock (&self->checkpoint_lock);
    }
  return SQLITE_OK;
}

static gboolean
start_checkpoints (TrioStore *self,
                   GError   **error)
{
  int rc = sqlite3_open_v2 (self->path, &self->checkpointer,
                            SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);

  if (rc == SQLITE_OK)
    {
      sqlite3_busy_timeout (self->checkpointer, BUSY_TIMEOUT_MS);
      /* A connection finds the database in WAL mode when it first reads it. */
      rc = sqlite3_exec (self->checkpointer, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
    }
  if (rc != SQLITE_OK)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: the checkpoints' connection: %s",
                   self->path, self->checkpointer != NULL
                               ? sqlite3_errmsg (self->checkpointer) : "?");
      return FALSE;
    }
  /* The writer's own checkpoints (its hook, PRAGMA wal_autocheckpoint) give way to this. */
  sqlite3_wal_hook (self->db, on_wal, self);
  self->checkpoint_thread = g_thread_new ("trio-checkpoint", checkpoints, self);
  return TRUE;
}

static gboolean
configure (TrioStore     *self,
           TrioStoreSync  sync,
           GError       **error)
{
  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);
  /* WAL: a commit appends to the log, readers never block the writer, and a process killed
   * at any moment leaves every committed transaction in place. */
  if (!exec (self, "PRAGMA journal_mode = WAL", error)
      || !exec (self, sync == TRIO_STORE_SYNC_FULL ? "PRAGMA synchronous = FULL"
                                                   : "PRAGMA synchronous = NORMAL", error)
      || !exec (self, "PRAGMA foreign_keys = ON", error)
      || !check_version (self, error))
    return FALSE;
  for (guint i = 0; i < N_STMTS; i++)
    if (sqlite3_prepare_v3 (self->db, statements[i], -1, SQLITE_PREPARE_PERSISTENT,
                            &self->stmts[i], NULL) != SQLITE_OK)
      return db_fail (self, statements[i], error);
  return TRUE;
}

TrioStore *
trio_store_open (const char    *dir,
                 TrioStoreSync  sync,
                 GError       **error)
{
  g_autoptr (TrioStore) self = g_object_new (TRIO_TYPE_STORE, NULL);

  g_return_val_if_fail (dir != NULL, NULL);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", dir,
                   g_strerror (saved));
      return NULL;
    }
  if (!lock_folder (self, dir, error))
    return NULL;
  self->path = g_build_filename (dir, TRIO_STORE_FILE, NULL);
  if (sqlite3_open_v2 (self->path, &self->db,
                       SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL)
      != SQLITE_OK)
    {
      if (self->db == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "%s: out of memory", self->path);
          return NULL;
        }
      db_fail (self, "open", error);
      return NULL;
    }
  sqlite3_extended_result_codes (self->db, 1);
  if (!configure (self, sync, error) || !start_checkpoints (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

const char *
trio_store_get_path (TrioStore *self)
{
  g_return_val_if_fail (TRIO_IS_STORE (self), NULL);
  return self->path;
}

static gboolean
insert_seat (TrioStore            *self,
             const char           *room,
             guint                 seat,
             const TrioStoredSeat *value,
             GError              **error)
{
  sqlite3_stmt *s = stmt (self, STMT_SET_SEAT);

  bind_text (s, 1, room);
  sqlite3_bind_int (s, 2, (int) seat);
  sqlite3_bind_int (s, 3, value->kind);
  sqlite3_bind_int (s, 4, value->level);
  bind_text (s, 5, value->name);
  bind_text (s, 6, value->token_hash);
  return run (self, s, error);
}

static gboolean
insert_move (TrioStore  *self,
             const char *room,
             guint       ply,
             const char *notation,
             gint64      time,
             GError    **error)
{
  sqlite3_stmt *s = stmt (self, STMT_ADD_MOVE);

  bind_text (s, 1, room);
  sqlite3_bind_int (s, 2, (int) ply);
  bind_text (s, 3, notation);
  sqlite3_bind_int64 (s, 4, time);
  return run (self, s, error);
}

static gboolean
insert_room (TrioStore            *self,
             const TrioStoredRoom *room,
             GError              **error)
{
  sqlite3_stmt *s = stmt (self, STMT_ADD_ROOM);

  bind_text (s, 1, room->id);
  bind_text (s, 2, room->game);
  bind_text (s, 3, room->options);
  sqlite3_bind_int64 (s, 4, room->seed);
  bind_text (s, 5, room->key_hash);
  sqlite3_bind_int64 (s, 6, room->created);
  sqlite3_bind_int64 (s, 7, room->finished);
  bind_text (s, 8, room->result);
  sqlite3_bind_int (s, 9, room->draw_declined);
  if (!run (self, s, error))
    return FALSE;
  for (guint i = 0; i < room->n_seats; i++)
    if (!insert_seat (self, room->id, i, &room->seats[i], error))
      return FALSE;
  for (guint i = 0; room->moves != NULL && i < room->moves->len; i++)
    if (!insert_move (self, room->id, i + 1, room->moves->pdata[i], room->created, error))
      return FALSE;
  return TRUE;
}

gboolean
trio_store_add_room (TrioStore            *self,
                     const TrioStoredRoom *room,
                     GError              **error)
{
  g_autoptr (GMutexLocker) locker = NULL;

  g_return_val_if_fail (TRIO_IS_STORE (self), FALSE);
  locker = g_mutex_locker_new (&self->lock);
  if (!begin (self, error))
    return FALSE;
  return commit (self, insert_room (self, room, error), error);
}

gboolean
trio_store_set_seat (TrioStore            *self,
                     const char           *room,
                     guint                 seat,
                     const TrioStoredSeat *value,
                     GError              **error)
{
  g_autoptr (GMutexLocker) locker = NULL;

  g_return_val_if_fail (TRIO_IS_STORE (self), FALSE);
  locker = g_mutex_locker_new (&self->lock);
  if (!begin (self, error))
    return FALSE;
  return commit (self, insert_seat (self, room, seat, value, error), error);
}

/* Outside a transaction of its own: one statement is one transaction. */
gboolean
trio_store_add_move (TrioStore  *self,
                     const char *room,
                     guint       ply,
                     const char *notation,
                     gint64      time,
                     GError    **error)
{
  g_autoptr (GMutexLocker) locker = NULL;

  g_return_val_if_fail (TRIO_IS_STORE (self), FALSE);
  locker = g_mutex_locker_new (&self->lock);
  return insert_move (self, room, ply, notation, time, error);
}

gboolean
trio_store_truncate (TrioStore  *self,
                     const char *room,
                     guint       n_moves,
                     GError    **error)
{
  sqlite3_stmt *s;
  g_autoptr (GMutexLocker) locker = NULL;

  g_return_val_if_fail (TRIO_IS_STORE (self), FALSE);
  locker = g_mutex_locker_new (&self->lock);
  s = stmt (self, STMT_TRUNCATE);
  bind_text (s, 1, room);
  sqlite3_bind_int (s, 2, (int) n_moves);
  return run (self, s, error);
}

gboolean
trio_store_set_draw_declined (TrioStore  *self,
                              const char *room,
                              int         ply,
                              GError    **error)
{
  sqlite3_stmt *s;
  g_autoptr (GMutexLocker) locker = NULL;

  g_return_val_if_fail (TRIO_IS_STORE (self), FALSE);
  locker = g_mutex_locker_new (&self->lock);
  s = stmt (self, STMT_DRAW_DECLINED);
  sqlite3_bind_int (s, 1, ply);
  bind_text (s, 2, room);
  return run (self, s, error);
}

gboolean
trio_store_finish (TrioStore  *self,
                   const char *room,
                   gint64      time,
                   const char *result,
                   GError    **error)
{
  sqlite3_stmt *s;
  g_autoptr (GMutexLocker) locker = NULL;

  g_return_val_if_fail (TRIO_IS_STORE (self), FALSE);
  locker = g_mutex_locker_new (&self->lock);
  s = stmt (self, STMT_FINISH);
  sqlite3_bind_int64 (s, 1, time);
  bind_text (s, 2, result);
  bind_text (s, 3, room);
  return run (self, s, error);
}

static char *
column_text (sqlite3_stmt *s,
             int           column)
{
  return g_strdup ((const char *) sqlite3_column_text (s, column));
}

static gboolean
load_seats (TrioStore      *self,
            TrioStoredRoom *room,
            GError        **error)
{
  sqlite3_stmt *s = stmt (self, STMT_SEATS);
  g_autoptr (GArray) seats = g_array_new (FALSE, TRUE, sizeof (TrioStoredSeat));
  int rc;

  bind_text (s, 1, room->id);
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      TrioStoredSeat seat = {
        .kind = sqlite3_column_int (s, 1),
        .level = sqlite3_column_int (s, 2),
        .name = column_text (s, 3),
        .token_hash = column_text (s, 4),
      };

      /* Seats are numbered from 0 without a gap: a hole is a damaged room. */
      if (sqlite3_column_int (s, 0) != (int) seats->len)
        {
          g_free (seat.name);
          g_free (seat.token_hash);
          rc = SQLITE_CORRUPT;
          break;
        }
      g_array_append_val (seats, seat);
    }
  sqlite3_reset (s);
  room->n_seats = seats->len;
  room->seats = (TrioStoredSeat *) (void *) g_array_free (g_steal_pointer (&seats), FALSE);
  if (rc != SQLITE_DONE)
    return db_fail (self, "reading the seats", error);
  return TRUE;
}

static gboolean
load_moves (TrioStore      *self,
            TrioStoredRoom *room,
            GError        **error)
{
  sqlite3_stmt *s = stmt (self, STMT_MOVES);
  int rc;

  room->moves = g_ptr_array_new_with_free_func (g_free);
  bind_text (s, 1, room->id);
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      if (sqlite3_column_int (s, 0) != (int) room->moves->len + 1)
        {
          rc = SQLITE_CORRUPT;
          break;
        }
      g_ptr_array_add (room->moves, column_text (s, 1));
    }
  sqlite3_reset (s);
  if (rc != SQLITE_DONE)
    return db_fail (self, "reading the moves", error);
  return TRUE;
}

static TrioStoredRoom *
read_room (sqlite3_stmt *s)
{
  TrioStoredRoom *room = g_new0 (TrioStoredRoom, 1);

  room->id = column_text (s, 0);
  room->game = column_text (s, 1);
  room->options = column_text (s, 2);
  room->seed = (guint32) sqlite3_column_int64 (s, 3);
  room->key_hash = column_text (s, 4);
  room->created = sqlite3_column_int64 (s, 5);
  room->finished = sqlite3_column_int64 (s, 6);
  room->result = column_text (s, 7);
  room->draw_declined = sqlite3_column_int (s, 8);
  return room;
}

GPtrArray *
trio_store_load (TrioStore *self,
                 GError   **error)
{
  g_autoptr (GPtrArray) rooms = g_ptr_array_new_with_free_func (
    (GDestroyNotify) trio_stored_room_free);
  sqlite3_stmt *s;
  int rc;
  g_autoptr (GMutexLocker) locker = NULL;

  g_return_val_if_fail (TRIO_IS_STORE (self), NULL);
  locker = g_mutex_locker_new (&self->lock);
  s = stmt (self, STMT_ROOMS);
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    g_ptr_array_add (rooms, read_room (s));
  sqlite3_reset (s);
  if (rc != SQLITE_DONE)
    {
      db_fail (self, "reading the rooms", error);
      return NULL;
    }
  for (guint i = 0; i < rooms->len; i++)
    if (!load_seats (self, rooms->pdata[i], error) || !load_moves (self, rooms->pdata[i], error))
      return NULL;
  return g_steal_pointer (&rooms);
}

static gboolean
delete_rooms (TrioStore *self,
              GPtrArray *ids,
              GError   **error)
{
  for (guint i = 0; i < ids->len; i++)
    {
      sqlite3_stmt *s = stmt (self, STMT_DELETE_ROOM);

      bind_text (s, 1, ids->pdata[i]);
      if (!run (self, s, error))
        return FALSE;
    }
  return TRUE;
}

int
trio_store_expire (TrioStore *self,
                   gint64     before,
                   gint64     idle_before,
                   GPtrArray *expired,
                   GError   **error)
{
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *s;
  int rc;
  g_autoptr (GMutexLocker) locker = NULL;

  g_return_val_if_fail (TRIO_IS_STORE (self), -1);
  locker = g_mutex_locker_new (&self->lock);
  if (!begin (self, error))
    return -1;
  s = stmt (self, STMT_EXPIRED);
  sqlite3_bind_int64 (s, 1, before);
  sqlite3_bind_int64 (s, 2, idle_before);
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    g_ptr_array_add (ids, column_text (s, 0));
  sqlite3_reset (s);
  if (rc != SQLITE_DONE)
    {
      db_fail (self, "reading the finished and idle rooms", error);
      commit (self, FALSE, NULL);
      return -1;
    }
  if (!commit (self, delete_rooms (self, ids, error), error))
    return -1;
  for (guint i = 0; expired != NULL && i < ids->len; i++)
    g_ptr_array_add (expired, g_strdup (ids->pdata[i]));
  return (int) ids->len;
}
