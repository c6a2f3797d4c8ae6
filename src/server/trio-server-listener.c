/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-server-listener.c: the server's listening sockets, and each connection until its
 * WebSocket handshake is done */

#include "trio-server-listener.h"

#include <netinet/in.h>
#include <netinet/tcp.h>

/* The connections the kernel keeps waiting for an accept (GLib's default is 10). */
#define BACKLOG 128
/* Accepted at most at each wakeup, that the main loop serves the others meanwhile. */
#define ACCEPT_BATCH 64
/* How long accepting stops when accept() fails for want of descriptors or memory. */
#define ACCEPT_PAUSE_MS 250
/* Each kind of log line below is written at most once in this time, the others counted. */
#define LOG_INTERVAL_US (10 * G_USEC_PER_SEC)
/* Tries of a free port that is free for IPv4 and IPv6 both. */
#define PORT_TRIES 8

typedef struct
{
  gint64 last;       /* when last written (monotonic); 0: never */
  guint untold;      /* the lines left out since */
} LogLimit;

typedef struct
{
  GSocket *socket;
  GSocketAddress *remote;    /* as libsoup was given it: the key in pending */
  char *peer;                /* its address, normalised */
  char *bucket;              /* what per_peer counts it under (trio_proxies_bucket()) */
  gboolean counted;          /* in per_peer (not from a trusted proxy) */
  gboolean plain;            /* no TLS over the socket */
  gint64 deadline;           /* monotonic */
  GList link;                /* in queue */
} Pending;

struct _TrioListener
{
  GObject parent_instance;

  SoupServer *soup;
  GTlsCertificate *certificate;
  const TrioProxies *proxies;
  guint timeout_ms;
  guint max_per_peer;
  GMainContext *context;
  GPtrArray *sockets;        /* the listening GSockets */
  GPtrArray *watches;        /* their sources, while accepting */
  GSource *resume;           /* the end of a pause in accepting */
  GHashTable *pending;       /* GSocketAddress (remote) to Pending */
  GHashTable *per_peer;      /* a peer's address to its pending connections counted */
  GQueue queue;              /* Pending, accepted first first: the earliest deadline first */
  GSource *timer;            /* at the first deadline */
  guint port;
  LogLimit refused_log, expired_log, accept_log;
  gboolean closed;
};

G_DEFINE_FINAL_TYPE (TrioListener, trio_listener, G_TYPE_OBJECT)

/* Whether a line may be written now; then *untold is the number left out since the last. */
static gboolean
log_allowed (LogLimit *limit,
             guint    *untold)
{
  gint64 now = g_get_monotonic_time ();

  if (limit->last != 0 && now - limit->last < LOG_INTERVAL_US)
    {
      limit->untold++;
      return FALSE;
    }
  *untold = limit->untold;
  limit->untold = 0;
  limit->last = now;
  return TRUE;
}

static char *
log_suffix (guint untold)
{
  if (untold == 0)
    return g_strdup_printf (" (told at most once every %d s)",
                            (int) (LOG_INTERVAL_US / G_USEC_PER_SEC));
  return g_strdup_printf (" (and %u more since the last such line)", untold);
}

static guint
peer_count (TrioListener *self,
            const char   *peer)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (self->per_peer, peer));
}

/* The pending connection is done with: handed over, gone, or (shut) cut short. */
static void
pending_end (TrioListener *self,
             Pending      *pending,
             gboolean      shut)
{
  if (shut)
    g_socket_shutdown (pending->socket, TRUE, TRUE, NULL);
  g_hash_table_remove (self->pending, pending->remote);
  g_queue_unlink (&self->queue, &pending->link);
  if (pending->counted)
    {
      guint n = peer_count (self, pending->bucket);

      if (n <= 1)
        g_hash_table_remove (self->per_peer, pending->bucket);
      else
        g_hash_table_replace (self->per_peer, g_strdup (pending->bucket),
                              GUINT_TO_POINTER (n - 1));
    }
  g_object_unref (pending->socket);
  g_object_unref (pending->remote);
  g_free (pending->peer);
  g_free (pending->bucket);
  g_free (pending);
}

static void arm_timer (TrioListener *self);

/* The first deadlines passed: their connections are shut down. */
static gboolean
on_deadline (gpointer user_data)
{
  TrioListener *self = user_data;
  gint64 now = g_get_monotonic_time ();
  Pending *first;

  g_clear_pointer (&self->timer, g_source_unref);
  while ((first = g_queue_peek_head (&self->queue)) != NULL && first->deadline <= now)
    {
      guint untold;

      if (log_allowed (&self->expired_log, &untold))
        {
          g_autofree char *suffix = log_suffix (untold);

          g_message ("Connection from %s closed: no WebSocket handshake within %g s%s",
                     first->peer, self->timeout_ms / 1000.0, suffix);
        }
      pending_end (self, first, TRUE);
    }
  arm_timer (self);
  return G_SOURCE_REMOVE;
}

/* One timer, at the earliest deadline: with thousands of connections, thousands of timers
 * would each be looked at by every iteration of the main loop. */
static void
arm_timer (TrioListener *self)
{
  Pending *first = g_queue_peek_head (&self->queue);
  gint64 wait;

  if (self->timer != NULL || first == NULL)
    return;
  wait = MAX (first->deadline - g_get_monotonic_time (), 0);
  self->timer = g_timeout_source_new ((guint) MIN ((wait + 999) / 1000, G_MAXUINT));
  g_source_set_callback (self->timer, on_deadline, self, NULL);
  g_source_attach (self->timer, self->context);
}

/* A connection accepted, its handshake to come; bucket (trio_proxies_bucket() of peer) is
 * taken. */
static Pending *
pending_add (TrioListener   *self,
             GSocket        *socket,
             GSocketAddress *remote,
             const char     *peer,
             char           *bucket,
             gboolean        counted)
{
  Pending *pending = g_new0 (Pending, 1);

  pending->socket = g_object_ref (socket);
  pending->remote = g_object_ref (remote);
  pending->peer = g_strdup (peer);
  pending->bucket = bucket;
  pending->counted = counted;
  pending->plain = self->certificate == NULL;
  pending->deadline = g_get_monotonic_time () + (gint64) self->timeout_ms * 1000;
  pending->link.data = pending;
  g_queue_push_tail_link (&self->queue, &pending->link);
  g_hash_table_insert (self->pending, remote, pending);
  if (counted)
    g_hash_table_replace (self->per_peer, g_strdup (pending->bucket),
                          GUINT_TO_POINTER (peer_count (self, pending->bucket) + 1));
  arm_timer (self);
  return pending;
}

static char *
peer_text (GSocketAddress *remote)
{
  g_autofree char *text = NULL;

  if (!G_IS_INET_SOCKET_ADDRESS (remote))
    return g_strdup ("?");
  text = g_inet_address_to_string (
    g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
  return trio_proxies_normalise (text);
}

/* base with TLS over it, as libsoup's own listener would make it. */
static GIOStream *
tls_over (TrioListener *self,
          GIOStream    *base,
          GError      **error)
{
  static const char *const protocols[] = { "http/1.1", NULL };
  GIOStream *tls = g_tls_server_connection_new (base, self->certificate, error);

  if (tls == NULL)
    return NULL;
  g_tls_connection_set_require_close_notify (G_TLS_CONNECTION (tls), FALSE);
  g_tls_connection_set_advertised_protocols (G_TLS_CONNECTION (tls), protocols);
  return tls;
}

/* A connection accepted: counted and handed to libsoup, or closed at once. */
static void
take (TrioListener *self,
      GSocket      *socket)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSocketAddress) remote = g_socket_get_remote_address (socket, &error);
  g_autoptr (GSocketAddress) local = NULL;
  g_autoptr (GIOStream) stream = NULL;
  g_autofree char *peer = NULL;
  g_autofree char *bucket = NULL;
  Pending *pending;
  gboolean counted;
  guint untold;

  if (remote == NULL || (local = g_socket_get_local_address (socket, &error)) == NULL)
    {
      g_debug ("A connection gone at its accept: %s", error->message);
      g_socket_close (socket, NULL);
      return;
    }
  peer = peer_text (remote);
  bucket = trio_proxies_bucket (peer);
  counted = !trio_proxies_trusts (self->proxies, peer);
  if (counted && peer_count (self, bucket) >= self->max_per_peer)
    {
      if (log_allowed (&self->refused_log, &untold))
        {
          g_autofree char *suffix = log_suffix (untold);

          g_message ("Connection from %s closed at once: %u handshakes in progress from that"
                     " address%s", peer, peer_count (self, bucket), suffix);
        }
      g_socket_close (socket, NULL);
      return;
    }
  /* Each message goes out when written: with Nagle's algorithm a message written while the
   * peer has not yet acknowledged the last one waits for that acknowledgement, which the
   * peer may delay by up to 40 ms. */
  g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, 1, NULL);
  stream = G_IO_STREAM (g_socket_connection_factory_create_connection (socket));
  if (self->certificate != NULL)
    {
      GIOStream *tls = tls_over (self, stream, &error);

      if (tls == NULL)
        {
          g_warning ("Connection from %s closed: no TLS: %s", peer, error->message);
          g_io_stream_close (stream, NULL, NULL);
          return;
        }
      g_object_unref (stream);
      stream = tls;
    }
  pending = pending_add (self, socket, remote, peer, g_steal_pointer (&bucket), counted);
  if (!soup_server_accept_iostream (self->soup, stream, local, remote, &error))
    {
      g_warning ("Connection from %s closed: %s", peer, error->message);
      pending_end (self, pending, TRUE);
      g_io_stream_close (stream, NULL, NULL);
    }
}

static void start_watching (TrioListener *self);

static gboolean
resume_accepting (gpointer user_data)
{
  TrioListener *self = user_data;

  g_clear_pointer (&self->resume, g_source_unref);
  start_watching (self);
  return G_SOURCE_REMOVE;
}

/* accept() failed for want of descriptors or memory: the connections wait in the kernel's
 * queue a moment, rather than the listening sockets waking the main loop at once again. */
static void
pause_accepting (TrioListener *self,
                 const GError *error)
{
  guint untold;

  if (log_allowed (&self->accept_log, &untold))
    {
      g_autofree char *suffix = log_suffix (untold);

      g_warning ("Cannot accept connections: %s; trying again in %d ms%s", error->message,
                 ACCEPT_PAUSE_MS, suffix);
    }
  g_ptr_array_set_size (self->watches, 0);
  self->resume = g_timeout_source_new (ACCEPT_PAUSE_MS);
  g_source_set_callback (self->resume, resume_accepting, self, NULL);
  g_source_attach (self->resume, self->context);
}

static gboolean
on_incoming (GSocket      *listening,
             GIOCondition  condition,
             gpointer      user_data)
{
  TrioListener *self = user_data;
  guint failed = 0;

  for (guint i = 0; i < ACCEPT_BATCH; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GSocket) socket = g_socket_accept (listening, NULL, &error);

      if (socket != NULL)
        {
          take (self, socket);
          continue;
        }
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        break;
      /* A connection reset before its accept, and the like: the next one. Out of descriptors
       * (EMFILE, ENFILE) or memory, or failing for anything else throughout: a pause. */
      failed++;
      g_debug ("accept: %s", error->message);
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_OPEN_FILES)
          || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE) || failed == ACCEPT_BATCH)
        {
          pause_accepting (self, error);
          break;
        }
    }
  return G_SOURCE_CONTINUE;
}

static void
start_watching (TrioListener *self)
{
  for (guint i = 0; i < self->sockets->len; i++)
    {
      GSource *watch = g_socket_create_source (self->sockets->pdata[i], G_IO_IN, NULL);

      g_source_set_callback (watch, G_SOURCE_FUNC (on_incoming), self, NULL);
      g_source_attach (watch, self->context);
      g_ptr_array_add (self->watches, watch);
    }
}

static void
destroy_source (gpointer data)
{
  g_source_destroy (data);
  g_source_unref (data);
}

/* libsoup reads a request: when its connection is pending, its end is watched for. */
static void
on_disconnected (SoupServerMessage *msg,
                 gpointer           user_data)
{
  TrioListener *self = user_data;
  Pending *pending = g_hash_table_lookup (self->pending,
                                          soup_server_message_get_remote_address (msg));

  if (pending != NULL)
    pending_end (self, pending, FALSE);
}

static void
on_request_started (SoupServer        *soup,
                    SoupServerMessage *msg,
                    gpointer           user_data)
{
  TrioListener *self = user_data;

  if (g_hash_table_contains (self->pending, soup_server_message_get_remote_address (msg)))
    g_signal_connect_object (msg, "disconnected", G_CALLBACK (on_disconnected), self, 0);
}

static void
trio_listener_dispose (GObject *object)
{
  TrioListener *self = TRIO_LISTENER (object);

  trio_listener_close (self);
  g_clear_object (&self->soup);
  g_clear_object (&self->certificate);
  G_OBJECT_CLASS (trio_listener_parent_class)->dispose (object);
}

static void
trio_listener_finalize (GObject *object)
{
  TrioListener *self = TRIO_LISTENER (object);

  g_ptr_array_unref (self->watches);
  g_ptr_array_unref (self->sockets);
  g_hash_table_unref (self->pending);
  g_hash_table_unref (self->per_peer);
  g_main_context_unref (self->context);
  G_OBJECT_CLASS (trio_listener_parent_class)->finalize (object);
}

static void
trio_listener_class_init (TrioListenerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = trio_listener_dispose;
  object_class->finalize = trio_listener_finalize;
}

static void
trio_listener_init (TrioListener *self)
{
  self->context = g_main_context_ref_thread_default ();
  self->sockets = g_ptr_array_new_with_free_func (g_object_unref);
  self->watches = g_ptr_array_new_with_free_func (destroy_source);
  self->pending = g_hash_table_new (g_direct_hash, g_direct_equal);
  self->per_peer = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_queue_init (&self->queue);
}

TrioListener *
trio_listener_new (const TrioListenerSetup *setup)
{
  TrioListener *self;

  g_return_val_if_fail (SOUP_IS_SERVER (setup->soup) && setup->proxies != NULL, NULL);
  self = g_object_new (TRIO_TYPE_LISTENER, NULL);
  self->soup = g_object_ref (setup->soup);
  self->certificate = setup->certificate != NULL ? g_object_ref (setup->certificate) : NULL;
  self->proxies = setup->proxies;
  self->timeout_ms = MAX (setup->timeout_ms, 1);
  self->max_per_peer = MAX (setup->max_per_peer, 1);
  g_signal_connect_object (self->soup, "request-started", G_CALLBACK (on_request_started),
                           self, 0);
  return self;
}

static guint
socket_port (GSocket *socket)
{
  g_autoptr (GSocketAddress) address = g_socket_get_local_address (socket, NULL);

  return G_IS_INET_SOCKET_ADDRESS (address)
         ? g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (address)) : 0;
}

static gboolean
listen_on (TrioListener *self,
           GInetAddress *address,
           guint         port,
           GError      **error)
{
  GSocketFamily family = g_inet_address_get_family (address);
  g_autoptr (GSocketAddress) at = g_inet_socket_address_new (address, (guint16) port);
  g_autoptr (GSocket) socket = g_socket_new (family, G_SOCKET_TYPE_STREAM,
                                             G_SOCKET_PROTOCOL_DEFAULT, error);

  if (socket == NULL)
    return FALSE;
  /* An IPv6 socket for IPv6 alone, as libsoup's: IPv4 has its own. */
  if (family == G_SOCKET_FAMILY_IPV6
      && !g_socket_set_option (socket, IPPROTO_IPV6, IPV6_V6ONLY, 1, error))
    return FALSE;
  g_socket_set_blocking (socket, FALSE);
  g_socket_set_listen_backlog (socket, BACKLOG);
  if (!g_socket_bind (socket, at, TRUE, error) || !g_socket_listen (socket, error))
    return FALSE;
  g_ptr_array_add (self->sockets, g_steal_pointer (&socket));
  return TRUE;
}

/* Every interface, IPv4 and IPv6 on one port, as soup_server_listen_all() does: without
 * IPv6 in the system, IPv4 alone; a free port taken for IPv6 already, another one. */
static gboolean
listen_everywhere (TrioListener *self,
                   guint         port,
                   GError      **error)
{
  g_autoptr (GInetAddress) any4 = g_inet_address_new_any (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GInetAddress) any6 = g_inet_address_new_any (G_SOCKET_FAMILY_IPV6);

  for (guint tries = 1;; tries++)
    {
      g_autoptr (GError) local = NULL;

      if (!listen_on (self, any4, port, error))
        return FALSE;
      if (listen_on (self, any6, socket_port (self->sockets->pdata[0]), &local)
          || g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED))
        return TRUE;
      g_ptr_array_set_size (self->sockets, 0);
      if (port != 0 || tries == PORT_TRIES
          || !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
}

/* Every address of a name (or the address written), on one port. */
static gboolean
listen_on_name (TrioListener *self,
                const char   *name,
                guint         port,
                GError      **error)
{
  g_autoptr (GResolver) resolver = g_resolver_get_default ();
  GList *addresses = g_resolver_lookup_by_name (resolver, name, NULL, error);
  gboolean ok = addresses != NULL;

  for (GList *l = addresses; l != NULL && ok; l = l->next)
    {
      /* Port 0: every address on the port the first one was given. */
      guint at = self->sockets->len > 0 ? socket_port (self->sockets->pdata[0]) : port;

      ok = listen_on (self, l->data, at, error);
    }
  g_resolver_free_addresses (addresses);
  return ok;
}

gboolean
trio_listener_listen (TrioListener *self,
                      const char   *address,
                      guint         port,
                      GError      **error)
{
  gboolean ok;

  g_return_val_if_fail (TRIO_IS_LISTENER (self), FALSE);
  g_return_val_if_fail (self->sockets->len == 0 && !self->closed, FALSE);
  if (address == NULL)
    ok = listen_everywhere (self, port, error);
  else
    ok = listen_on_name (self, address, port, error);
  if (!ok)
    {
      g_ptr_array_set_size (self->sockets, 0);
      return FALSE;
    }
  self->port = socket_port (self->sockets->pdata[0]);
  start_watching (self);
  return TRUE;
}

guint
trio_listener_get_port (TrioListener *self)
{
  g_return_val_if_fail (TRIO_IS_LISTENER (self), 0);
  return self->port;
}

gboolean
trio_listener_upgraded (TrioListener   *self,
                        GSocketAddress *remote,
                        GSocket       **plain)
{
  Pending *pending;

  g_return_val_if_fail (TRIO_IS_LISTENER (self) && plain != NULL, FALSE);
  *plain = NULL;
  pending = remote != NULL ? g_hash_table_lookup (self->pending, remote) : NULL;
  if (pending == NULL)
    return FALSE;
  if (pending->plain)
    *plain = g_object_ref (pending->socket);
  pending_end (self, pending, FALSE);
  return TRUE;
}

guint
trio_listener_get_n_pending (TrioListener *self)
{
  g_return_val_if_fail (TRIO_IS_LISTENER (self), 0);
  return g_hash_table_size (self->pending);
}

void
trio_listener_close (TrioListener *self)
{
  Pending *pending;

  g_return_if_fail (TRIO_IS_LISTENER (self));
  if (self->closed)
    return;
  self->closed = TRUE;
  g_ptr_array_set_size (self->watches, 0);
  g_clear_pointer (&self->resume, destroy_source);
  g_clear_pointer (&self->timer, destroy_source);
  for (guint i = 0; i < self->sockets->len; i++)
    g_socket_close (self->sockets->pdata[i], NULL);
  g_ptr_array_set_size (self->sockets, 0);
  /* Shut down before libsoup closes them (soup_server_disconnect()): closing a TLS connection
   * waits for its handshake, which a silent client never ends. */
  while ((pending = g_queue_peek_head (&self->queue)) != NULL)
    pending_end (self, pending, TRUE);
}
