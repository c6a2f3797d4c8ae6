/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server.c: the server of network play: WebSocket connections, their rooms, the store */

#include "trio-server.h"

#include <libsoup/soup.h>
#include <string.h>

#include "trio-server-listener.h"
#include "trio-server-protocol.h"
#include "trio-server-proxy.h"
#include "trio-server-shard.h"
#include "trio-server-stream.h"

#define ROOMS_PATH "/rooms"
/* The bytes a connection may send without a message coming of them (a message in many
 * fragments, pings): libsoup 3.2 bounds no message, this does (trio-server-stream.h). */
#define INPUT_CAP (1024 * 1024)
#define EXPIRY_INTERVAL_S 3600
#define SECONDS_A_DAY (24 * 60 * 60)
#define MAX_SHARDS 64
/* A trusted proxy's unusable X-Forwarded-For is told at most once in this time. */
#define FORWARDED_WARNING_INTERVAL_US (600 * G_USEC_PER_SEC)

struct _TrioServer
{
  GObject parent_instance;

  TrioServerConfig config;     /* its strings owned by the server */
  TrioStore *store;
  TrioWorker *worker;
  TrioShard **shards;
  guint n_shards;
  SoupServer *soup;
  TrioListener *listener;      /* its sockets, and the connections before their handshake */
  GMutex lock;                 /* of per_address, which the shards' threads update */
  GHashTable *per_address;     /* client address to its number of connections */
  TrioProxies *proxies;        /* the trusted ones */
  gint64 forwarded_warned;     /* when an X-Forwarded-For was last told unusable (monotonic) */
  guint forwarded_unwarned;    /* the unusable ones since, untold */
  char *link_base;
  guint port;
  guint expiry_source;
  gboolean shut_down;
};

G_DEFINE_FINAL_TYPE (TrioServer, trio_server, G_TYPE_OBJECT)

void
trio_server_config_init (TrioServerConfig *config)
{
  memset (config, 0, sizeof *config);
  config->port = 8080;
  config->max_per_address = TRIO_SERVER_DEFAULT_MAX_PER_ADDRESS;
  config->handshake_timeout_ms = TRIO_SERVER_HANDSHAKE_TIMEOUT_MS;
  config->keep_finished_days = TRIO_SERVER_DEFAULT_KEEP_FINISHED;
  config->keep_idle_days = TRIO_SERVER_DEFAULT_KEEP_IDLE;
  config->sync = TRIO_STORE_SYNC_NORMAL;
  config->shards = 1;
}

/* Counts a new connection from address (under its bucket: an IPv6 address's /64), or FALSE
 * when that address has too many. */
static gboolean
count_address (TrioServer *self,
               const char *address)
{
  g_autofree char *bucket = trio_proxies_bucket (address);
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&self->lock);
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, bucket));

  if (self->shut_down || n >= self->config.max_per_address)
    return FALSE;
  g_hash_table_replace (self->per_address, g_steal_pointer (&bucket), GUINT_TO_POINTER (n + 1));
  return TRUE;
}

/* A shard's: a counted connection is gone. */
static void
release_address (const char *address,
                 gpointer    user_data)
{
  TrioServer *self = user_data;
  g_autofree char *bucket = trio_proxies_bucket (address);
  g_autoptr (GMutexLocker) locker = g_mutex_locker_new (&self->lock);
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, bucket));

  if (n <= 1)
    g_hash_table_remove (self->per_address, bucket);
  else
    g_hash_table_replace (self->per_address, g_steal_pointer (&bucket), GUINT_TO_POINTER (n - 1));
}

static TrioShard *
shard_of (TrioServer *self,
          const char *room_id)
{
  return self->shards[trio_shard_index (room_id, self->n_shards)];
}

/* A trusted proxy did not name the client: told once, then at most once an interval (a
 * misconfigured proxy would otherwise fill the log). On the main thread. */
static void
warn_forwarded (TrioServer *self,
                const char *peer,
                const char *problem)
{
  gint64 now = g_get_monotonic_time ();

  if (self->forwarded_warned != 0 && now - self->forwarded_warned < FORWARDED_WARNING_INTERVAL_US)
    {
      self->forwarded_unwarned++;
      return;
    }
  if (self->forwarded_unwarned > 0)
    g_warning ("Connection from the trusted proxy %s with %s: counted as the proxy's own"
               " (and %u more since the last warning)", peer, problem,
               self->forwarded_unwarned);
  else
    g_warning ("Connection from the trusted proxy %s with %s: counted as the proxy's own"
               " (this is told at most once every %d minutes)", peer, problem,
               (int) (FORWARDED_WARNING_INTERVAL_US / G_USEC_PER_SEC / 60));
  self->forwarded_warned = now;
  self->forwarded_unwarned = 0;
}

/* The address a connection is counted against and logged as: its client's. */
static char *
client_address (TrioServer        *self,
                SoupServerMessage *msg)
{
  const char *peer = soup_server_message_get_remote_host (msg);
  const char *forwarded = soup_message_headers_get_list (
    soup_server_message_get_request_headers (msg), "X-Forwarded-For");
  const char *problem = NULL;
  char *client = trio_proxies_client (self->proxies, peer, forwarded, &problem);

  if (problem != NULL)
    warn_forwarded (self, client, problem);
  return client;
}

/* The handshake's answer is written: the connection is the server's, read through the
 * cap, and handed to its room's shard. */
static void
on_upgraded (SoupServerMessage *msg,
             gpointer           user_data)
{
  TrioServer *self = user_data;
  GUri *uri = soup_server_message_get_uri (msg);
  const char *room_id = g_uri_get_path (uri) + strlen (ROOMS_PATH "/");
  g_autofree char *address = client_address (self, msg);
  const char *origin = soup_message_headers_get_one (
    soup_server_message_get_request_headers (msg), "Origin");
  /* Its socket, to watch for input when no TLS buffers over it (trio-server-stream.h). */
  g_autoptr (GSocket) plain = NULL;
  gboolean in_time = trio_listener_upgraded (
    self->listener, soup_server_message_get_remote_address (msg), &plain);
  g_autoptr (GIOStream) base = soup_server_message_steal_connection (msg);
  g_autoptr (GIOStream) capped = NULL;
  gboolean counted;

  if (base == NULL)
    return;
  if (!in_time)
    {
      /* Its deadline passed while the answer went out: it is shut down already. */
      g_io_stream_close (base, NULL, NULL);
      return;
    }
  capped = trio_capped_stream_new (base, INPUT_CAP, plain);
  counted = count_address (self, address);
  trio_shard_adopt (shard_of (self, room_id), capped, uri, room_id, origin, address, !counted);
}

/* A request for /rooms/ROOM (its id checked already): the WebSocket handshake, without
 * extensions (no compression, whose bombs no bound on frames would catch). */
static void
on_request (SoupServer        *soup,
            SoupServerMessage *msg,
            const char        *path,
            GHashTable        *query,
            gpointer           user_data)
{
  GList *extensions = NULL;

  if (!soup_websocket_server_process_handshake (msg, NULL, NULL, NULL, &extensions))
    return;
  g_list_free_full (extensions, g_object_unref);
  g_signal_connect_object (msg, "wrote-informational", G_CALLBACK (on_upgraded),
                           user_data, 0);
}

/* Before the handshake: the path must be /rooms/ROOM with a well-formed id. */
static void
on_early_request (SoupServer        *soup,
                  SoupServerMessage *msg,
                  const char        *path,
                  GHashTable        *query,
                  gpointer           user_data)
{
  if (!g_str_has_prefix (path, ROOMS_PATH "/")
      || !trio_protocol_is_room_id (path + strlen (ROOMS_PATH "/")))
    soup_server_message_set_status (msg, SOUP_STATUS_NOT_FOUND, NULL);
}

static void
trio_server_dispose (GObject *object)
{
  TrioServer *self = TRIO_SERVER (object);

  trio_server_shutdown (self);
  for (guint i = 0; i < self->n_shards; i++)
    g_clear_pointer (&self->shards[i], trio_shard_free);
  g_clear_object (&self->listener);
  g_clear_object (&self->soup);
  G_OBJECT_CLASS (trio_server_parent_class)->dispose (object);
}

static void
trio_server_finalize (GObject *object)
{
  TrioServer *self = TRIO_SERVER (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->per_address, g_hash_table_unref);
  g_clear_pointer (&self->proxies, trio_proxies_free);
  g_mutex_clear (&self->lock);
  g_free (self->shards);
  g_free ((char *) self->config.state_dir);
  g_free ((char *) self->config.address);
  g_free ((char *) self->config.tls_cert);
  g_free ((char *) self->config.tls_key);
  g_free ((char *) self->config.public_url);
  g_strfreev ((char **) self->config.trusted_proxies);
  g_free (self->link_base);
  G_OBJECT_CLASS (trio_server_parent_class)->finalize (object);
}

static void
trio_server_class_init (TrioServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = trio_server_dispose;
  object_class->finalize = trio_server_finalize;
}

static void
trio_server_init (TrioServer *self)
{
  g_mutex_init (&self->lock);
  self->per_address = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static void
copy_config (TrioServer             *self,
             const TrioServerConfig *config)
{
  self->config = *config;
  self->config.state_dir = g_strdup (config->state_dir);
  self->config.address = g_strdup (config->address);
  self->config.tls_cert = g_strdup (config->tls_cert);
  self->config.tls_key = g_strdup (config->tls_key);
  self->config.public_url = g_strdup (config->public_url);
  self->config.trusted_proxies = (const char *const *) g_strdupv (
    (char **) config->trusted_proxies);
}

/* The shards (one unthreaded, or one thread each), each with its stored rooms. */
static void
start_shards (TrioServer *self,
              GPtrArray  *stored)
{
  TrioShardSetup setup = {
    .store = self->store,
    .worker = self->worker,
    .computer_nodes = self->config.computer_nodes,
    .link_base = self->link_base,
    .released = release_address,
    .user_data = self,
  };
  g_autofree GPtrArray **shares = NULL;
  guint n_restored = 0;

  self->n_shards = CLAMP (self->config.shards, 1, MAX_SHARDS);
  self->shards = g_new0 (TrioShard *, self->n_shards);
  shares = g_new0 (GPtrArray *, self->n_shards);
  for (guint i = 0; i < self->n_shards; i++)
    {
      self->shards[i] = trio_shard_new (&setup, self->n_shards > 1);
      shares[i] = g_ptr_array_new ();
    }
  for (guint i = 0; i < stored->len; i++)
    {
      const TrioStoredRoom *room = stored->pdata[i];

      g_ptr_array_add (shares[trio_shard_index (room->id, self->n_shards)], stored->pdata[i]);
    }
  for (guint i = 0; i < self->n_shards; i++)
    {
      n_restored += trio_shard_restore (self->shards[i], shares[i]);
      g_ptr_array_unref (shares[i]);
    }
  g_message ("%u rooms restored from %s (%u shards)", n_restored,
             trio_store_get_path (self->store), self->n_shards);
}

static gboolean
expire_due (gpointer user_data)
{
  TrioServer *self = user_data;

  trio_server_expire (self, g_get_real_time () / G_USEC_PER_SEC);
  return G_SOURCE_CONTINUE;
}

TrioServer *
trio_server_new (const TrioServerConfig *config,
                 GError                **error)
{
  g_autoptr (TrioServer) self = g_object_new (TRIO_TYPE_SERVER, NULL);
  g_autoptr (GPtrArray) stored = NULL;
  gint64 now;

  g_return_val_if_fail (config->state_dir != NULL, NULL);
  copy_config (self, config);
  self->proxies = trio_proxies_new (config->trusted_proxies, error);
  if (self->proxies == NULL)
    return NULL;
  if (!trio_proxies_is_empty (self->proxies))
    {
      g_autofree char *ranges = g_strjoinv (", ", (char **) config->trusted_proxies);

      g_message ("Trusted proxies, whose X-Forwarded-For names the client: %s", ranges);
    }
  self->store = trio_store_open (config->state_dir, config->sync, error);
  if (self->store == NULL)
    return NULL;
  now = g_get_real_time () / G_USEC_PER_SEC;
  if (trio_store_expire (self->store, now - (gint64) config->keep_finished_days * SECONDS_A_DAY,
                         now - (gint64) config->keep_idle_days * SECONDS_A_DAY, NULL,
                         error) < 0)
    return NULL;
  stored = trio_store_load (self->store, error);
  if (stored == NULL)
    return NULL;
  self->worker = trio_worker_new (config->threads);
  /* Set for real once the port is known; no room sends a link before. */
  self->link_base = g_strdup (config->public_url != NULL ? config->public_url : "trio://");
  start_shards (self, stored);
  self->expiry_source = g_timeout_add_seconds (EXPIRY_INTERVAL_S, expire_due, self);
  return g_steal_pointer (&self);
}

static char *
default_link_base (TrioServer *self)
{
  const char *host = self->config.address;
  const char *scheme = self->config.tls_cert != NULL ? "https" : "trio";

  if (host == NULL || strcmp (host, "0.0.0.0") == 0 || strcmp (host, "::") == 0)
    host = g_get_host_name ();
  if (strchr (host, ':') != NULL)
    return g_strdup_printf ("%s://[%s]:%u", scheme, host, self->port);
  return g_strdup_printf ("%s://%s:%u", scheme, host, self->port);
}

static void
set_link_base (TrioServer *self)
{
  g_free (self->link_base);
  if (self->config.public_url != NULL)
    {
      self->link_base = g_strdup (self->config.public_url);
      /* "https://host/trio/" and "https://host/trio" make the same links. */
      while (g_str_has_suffix (self->link_base, "/"))
        self->link_base[strlen (self->link_base) - 1] = '\0';
    }
  else
    self->link_base = default_link_base (self);
  for (guint i = 0; i < self->n_shards; i++)
    trio_shard_set_link_base (self->shards[i], self->link_base);
}

/* The server accepts its connections itself (trio-server-listener.h), and libsoup does the
 * handshake of each. */
gboolean
trio_server_listen (TrioServer *self,
                    GError    **error)
{
  g_autoptr (GTlsCertificate) certificate = NULL;
  TrioListenerSetup setup = { 0 };

  g_return_val_if_fail (TRIO_IS_SERVER (self) && self->soup == NULL, FALSE);
  if (self->config.tls_cert != NULL)
    {
      certificate = g_tls_certificate_new_from_files (self->config.tls_cert,
                                                      self->config.tls_key, error);
      if (certificate == NULL)
        return FALSE;
    }
  self->soup = soup_server_new ("server-header", "trio-server ", NULL);
  soup_server_add_early_handler (self->soup, ROOMS_PATH, on_early_request, self, NULL);
  soup_server_add_handler (self->soup, ROOMS_PATH, on_request, self, NULL);
  setup.soup = self->soup;
  setup.certificate = certificate;
  setup.proxies = self->proxies;
  setup.timeout_ms = self->config.handshake_timeout_ms != 0
                     ? self->config.handshake_timeout_ms : TRIO_SERVER_HANDSHAKE_TIMEOUT_MS;
  setup.max_per_peer = self->config.max_per_address;
  self->listener = trio_listener_new (&setup);
  if (!trio_listener_listen (self->listener, self->config.address, self->config.port, error))
    return FALSE;
  self->port = trio_listener_get_port (self->listener);
  set_link_base (self);
  g_message ("Listening on port %u; invite links begin %s", self->port, self->link_base);
  return TRUE;
}

guint
trio_server_get_port (TrioServer *self)
{
  g_return_val_if_fail (TRIO_IS_SERVER (self), 0);
  return self->port;
}

const char *
trio_server_get_link_base (TrioServer *self)
{
  g_return_val_if_fail (TRIO_IS_SERVER (self), NULL);
  return self->link_base;
}

void
trio_server_set_public_url (TrioServer *self,
                            const char *public_url)
{
  g_return_if_fail (TRIO_IS_SERVER (self));
  g_free ((char *) self->config.public_url);
  self->config.public_url = g_strdup (public_url);
  if (self->soup != NULL)
    set_link_base (self);
}

TrioRoom *
trio_server_lookup_room (TrioServer *self,
                         const char *id)
{
  g_return_val_if_fail (TRIO_IS_SERVER (self), NULL);
  return trio_shard_lookup_room (shard_of (self, id), id);
}

guint
trio_server_get_n_rooms (TrioServer *self)
{
  guint n = 0;

  g_return_val_if_fail (TRIO_IS_SERVER (self), 0);
  for (guint i = 0; i < self->n_shards; i++)
    n += trio_shard_get_n_rooms (self->shards[i]);
  return n;
}

guint
trio_server_get_n_connections (TrioServer *self)
{
  guint n = 0;

  g_return_val_if_fail (TRIO_IS_SERVER (self), 0);
  for (guint i = 0; i < self->n_shards; i++)
    n += trio_shard_get_n_connections (self->shards[i]);
  return n;
}

guint
trio_server_get_n_handshakes (TrioServer *self)
{
  g_return_val_if_fail (TRIO_IS_SERVER (self), 0);
  return self->listener != NULL ? trio_listener_get_n_pending (self->listener) : 0;
}

guint
trio_server_get_n_shards (TrioServer *self)
{
  g_return_val_if_fail (TRIO_IS_SERVER (self), 0);
  return self->n_shards;
}

guint
trio_server_expire (TrioServer *self,
                    gint64      now)
{
  g_autoptr (GPtrArray) expired = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  gint64 before = now - (gint64) self->config.keep_finished_days * SECONDS_A_DAY;
  gint64 idle_before = now - (gint64) self->config.keep_idle_days * SECONDS_A_DAY;

  g_return_val_if_fail (TRIO_IS_SERVER (self), 0);
  if (trio_store_expire (self->store, before, idle_before, expired, &error) < 0)
    {
      g_warning ("Expiry: %s", error->message);
      return 0;
    }
  for (guint i = 0; i < expired->len; i++)
    trio_shard_expire (shard_of (self, expired->pdata[i]), expired->pdata[i]);
  if (expired->len > 0)
    g_message ("%u finished or idle games expired", expired->len);
  return expired->len;
}

void
trio_server_shutdown (TrioServer *self)
{
  g_return_if_fail (TRIO_IS_SERVER (self));
  if (self->shut_down)
    return;
  g_mutex_lock (&self->lock);
  self->shut_down = TRUE;
  g_mutex_unlock (&self->lock);
  g_clear_handle_id (&self->expiry_source, g_source_remove);
  /* No more connections; those before their handshake shut down first (which lets libsoup
   * close the TLS ones without waiting for their handshake). */
  if (self->listener != NULL)
    trio_listener_close (self->listener);
  if (self->soup != NULL)
    soup_server_disconnect (self->soup);
  /* Every room stops asking the worker before it goes. */
  for (guint i = 0; i < self->n_shards; i++)
    if (self->shards[i] != NULL)
      trio_shard_shutdown (self->shards[i]);
  g_clear_pointer (&self->worker, trio_worker_free);
}
