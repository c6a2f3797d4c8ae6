/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trio-client-session.c: one run of trio-client: the connection, the opening message, what
 * the server says (printed, and followed), and the exit status */

#include "trio-client-session-private.h"

#include "trio-client-message.h"

#include <stdio.h>
#include <string.h>

/* How long a closing connection may wait for the server's answer before the client leaves. */
#define CLOSE_WAIT_SECONDS 10

void
trio_client_session_complain (const char *format,
                              ...)
{
  va_list ap;
  g_autofree char *text = NULL;

  va_start (ap, format);
  text = g_strdup_vprintf (format, ap);
  va_end (ap);
  fflush (stdout);
  fprintf (stderr, "trio-client: %s\n", text);
}

void
trio_client_session_send (TrioClientSession *self,
                          JsonObject        *message)
{
  trio_client_connection_send_object (self->connection, message);
}

static gboolean
on_close_waited (gpointer user_data)
{
  TrioClientSession *self = user_data;

  self->close_wait_id = 0;
  g_main_loop_quit (self->loop);
  return G_SOURCE_REMOVE;
}

void
trio_client_session_finish (TrioClientSession *self,
                            TrioClientExit     status)
{
  if (self->finishing)
    return;
  self->finishing = TRUE;
  self->status = status;
  trio_client_input_stop (self);
  if (trio_client_connection_is_open (self->connection))
    {
      trio_client_connection_close (self->connection);
      self->close_wait_id = g_timeout_add_seconds (CLOSE_WAIT_SECONDS, on_close_waited, self);
    }
  else
    g_main_loop_quit (self->loop);
}

void
trio_client_session_check_end (TrioClientSession *self)
{
  if (self->over && self->input_done && g_queue_is_empty (&self->exports)
      && (self->bot == NULL || !trio_client_bot_is_thinking (self->bot)))
    trio_client_session_finish (self, TRIO_CLIENT_EXIT_OK);
}

static void
print_line (const char *text)
{
  fputs (text, stdout);
  fflush (stdout);
}

/* The raw JSON on one line: a line break outside a string is white space to JSON, and one
 * inside a string is never raw. */
static void
print_json (const char *text)
{
  g_autofree char *line = g_strdelimit (g_strdup (text), "\r\n", ' ');

  printf ("%s\n", line);
  fflush (stdout);
}

static JsonObject *
opening_message (const TrioClientOptions *options)
{
  JsonObject *message = NULL;

  switch (options->mode)
    {
    case TRIO_CLIENT_MODE_CREATE:
      message = trio_client_message_new ("create");
      json_object_set_string_member (message, "game", options->game);
      json_object_set_object_member (message, "options",
                                     json_object_ref (options->game_options));
      json_object_set_array_member (message, "seats", json_array_ref (options->seats));
      json_object_set_int_member (message, "seat", options->seat);
      json_object_set_string_member (message, "name", options->name);
      break;
    case TRIO_CLIENT_MODE_JOIN:
      message = trio_client_message_new ("join");
      json_object_set_string_member (message, "key", options->key);
      json_object_set_string_member (message, "name", options->name);
      if (options->seat >= 0)
        json_object_set_int_member (message, "seat", options->seat);
      break;
    case TRIO_CLIENT_MODE_RESUME:
      message = trio_client_message_new ("resume");
      json_object_set_string_member (message, "token", options->token);
      break;
    case TRIO_CLIENT_MODE_WATCH:
      message = trio_client_message_new ("watch");
      json_object_set_string_member (message, "key", options->key);
      break;
    case TRIO_CLIENT_MODE_CONNECT:
      break;
    default:
      g_assert_not_reached ();
    }
  return message;
}

static void
ask_export (TrioClientSession *self,
            const char        *path)
{
  g_autoptr (JsonObject) message = trio_client_message_new ("export");

  g_queue_push_tail (&self->exports, g_strdup (path));
  trio_client_session_send (self, message);
}

static void
save_record (TrioClientSession *self,
             JsonObject        *record)
{
  g_autofree char *path = g_queue_pop_head (&self->exports);
  const char *save = trio_client_message_get_string (record, "save");
  g_autoptr (GError) error = NULL;

  if (path == NULL)
    {
      if (!self->options->json)
        printf ("record\n");
      return;
    }
  if (save == NULL)
    trio_client_session_complain ("the server's record holds no game");
  else if (!g_file_set_contents (path, save, -1, &error))
    trio_client_session_complain ("%s", error->message);
  else if (!self->options->json)
    printf ("record %s\n", path);
  /* --export was the reason to wait for the end: it is a failure not to have it. */
  if ((save == NULL || error != NULL) && g_strcmp0 (path, self->options->export_path) == 0)
    trio_client_session_finish (self, TRIO_CLIENT_EXIT_REFUSED);
}

static void
game_over (TrioClientSession *self)
{
  self->over = TRUE;
  trio_client_play_end (self);
  if (self->options->export_path != NULL && !self->exported)
    {
      self->exported = TRUE;
      ask_export (self, self->options->export_path);
    }
}

static void
on_error_message (TrioClientSession *self,
                  JsonObject        *message)
{
  const char *code = trio_client_message_get_string (message, "code");

  if (self->options->raw)
    return;
  if (!self->seated)
    trio_client_session_finish (self, TRIO_CLIENT_EXIT_REFUSED);
  else if (trio_client_play_error_is_fatal (self, code))
    {
      trio_client_session_complain ("the server refused the computer's move: %s",
                                    trio_client_message_get_string (message, "message"));
      trio_client_session_finish (self, TRIO_CLIENT_EXIT_REFUSED);
    }
}

static void
follow_message (TrioClientSession *self,
                const char        *type,
                JsonObject        *message)
{
  if (g_str_equal (type, "welcome"))
    {
      self->seated = TRUE;
      self->seat = trio_client_message_get_int_or (message, "seat", -1);
    }
  else if (g_str_equal (type, "state"))
    {
      self->seated = TRUE;
      self->seat = trio_client_message_get_int_or (message, "seat", -1);
      self->ply = trio_client_message_get_int_or (message, "ply", self->ply);
      trio_client_play_state (self, message);
      if (trio_client_message_get_object (message, "status") != NULL)
        game_over (self);
    }
  else if (g_str_equal (type, "move"))
    {
      self->ply = trio_client_message_get_int_or (message, "ply", self->ply);
      trio_client_play_move (self, message);
    }
  else if (g_str_equal (type, "offer"))
    trio_client_play_offer (self, message);
  else if (g_str_equal (type, "end"))
    game_over (self);
  else if (g_str_equal (type, "record"))
    save_record (self, message);
  else if (g_str_equal (type, "error"))
    on_error_message (self, message);
}

static void
on_message (TrioClientConnection *connection,
            const char           *text,
            JsonObject           *message,
            gpointer              user_data)
{
  TrioClientSession *self = user_data;
  const char *type = trio_client_message_get_string (message, "type");

  if (self->options->json)
    print_json (text);
  else if (message == NULL)
    {
      g_autofree char *line = g_strdelimit (g_strdup (text), "\r\n", ' ');

      printf ("bad-frame %s\n", line);
    }
  else if (g_strcmp0 (type, "record") != 0)
    {
      g_autofree char *lines = trio_client_message_format (message);

      print_line (lines);
    }
  if (type != NULL && !self->finishing)
    follow_message (self, type, message);
  fflush (stdout);
  if (!self->finishing)
    trio_client_session_check_end (self);
}

static void
on_closed (TrioClientConnection *connection,
           int                   code,
           gpointer              user_data)
{
  TrioClientSession *self = user_data;

  if (!self->options->json)
    printf ("closed %d\n", code);
  else
    trio_client_session_complain ("the connection closed (code %d)", code);
  fflush (stdout);
  if (!self->finishing)
    {
      if (self->over)
        self->status = TRIO_CLIENT_EXIT_OK;
      else if (code == SOUP_WEBSOCKET_CLOSE_ABNORMAL)
        self->status = TRIO_CLIENT_EXIT_LOST;
      else
        self->status = TRIO_CLIENT_EXIT_REFUSED;
      self->finishing = TRUE;
      trio_client_input_stop (self);
    }
  g_main_loop_quit (self->loop);
}

/* Why the server's certificate was refused, in words: "expired, not for this host". */
static char *
certificate_problems (GTlsCertificateFlags errors)
{
  static const struct
  {
    GTlsCertificateFlags flag;
    const char *text;
  } problems[] = {
    { G_TLS_CERTIFICATE_UNKNOWN_CA, "signed by an unknown authority" },
    { G_TLS_CERTIFICATE_BAD_IDENTITY, "not for this host" },
    { G_TLS_CERTIFICATE_NOT_ACTIVATED, "not valid yet" },
    { G_TLS_CERTIFICATE_EXPIRED, "expired" },
    { G_TLS_CERTIFICATE_REVOKED, "revoked" },
    { G_TLS_CERTIFICATE_INSECURE, "signed with an insecure algorithm" },
    { G_TLS_CERTIFICATE_GENERIC_ERROR, "invalid" },
  };
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (problems); i++)
    if (errors & problems[i].flag)
      g_string_append_printf (text, "%s%s", text->len > 0 ? ", " : "", problems[i].text);
  if (text->len == 0)
    g_string_append (text, "refused");
  return g_string_free (text, FALSE);
}

static void
complain_not_connected (TrioClientSession *self,
                        const GError      *error)
{
  GTlsCertificateFlags errors =
    trio_client_connection_get_certificate_errors (self->connection);
  g_autofree char *problems = NULL;
  const char *hint = "";

  if (errors == 0)
    {
      trio_client_session_complain ("cannot connect to %s: %s", self->options->url,
                                    error->message);
      return;
    }
  problems = certificate_problems (errors);
  if ((errors & G_TLS_CERTIFICATE_UNKNOWN_CA) && self->options->tls_database == NULL)
    hint = " (self-signed, or from a private CA: --tls-ca FILE trusts its CA)";
  else if (errors & G_TLS_CERTIFICATE_UNKNOWN_CA)
    hint = " (by none of --tls-ca's certificates)";
  trio_client_session_complain ("cannot connect to %s: the server's certificate is not "
                                "trusted: %s%s", self->options->url, problems, hint);
}

static void
on_connected (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  TrioClientSession *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonObject) opening = NULL;

  if (!trio_client_connection_connect_finish (self->connection, result, &error))
    {
      complain_not_connected (self, error);
      self->status = TRIO_CLIENT_EXIT_LOST;
      self->finishing = TRUE;
      g_main_loop_quit (self->loop);
      return;
    }
  g_signal_connect (self->connection, "message", G_CALLBACK (on_message), self);
  g_signal_connect (self->connection, "closed", G_CALLBACK (on_closed), self);
  opening = opening_message (self->options);
  if (opening != NULL)
    trio_client_session_send (self, opening);
  trio_client_input_start (self);
}

TrioClientExit
trio_client_session_run (const TrioClientOptions *options)
{
  TrioClientSession self = {
    .options = options,
    .seat = -1,
  };
  g_autoptr (SoupSession) session = soup_session_new ();

  /* --tls-ca: its certificates are the only ones trusted. */
  if (options->tls_database != NULL)
    soup_session_set_tls_database (session, options->tls_database);
  self.loop = g_main_loop_new (NULL, FALSE);
  self.connection = trio_client_connection_new (session);
  /* Raw frames go as they come: the tests of the rate limit send them too fast. */
  if (!options->raw)
    trio_client_connection_set_pace (self.connection, TRIO_CLIENT_PACE);
  self.cancellable = g_cancellable_new ();
  g_queue_init (&self.exports);
  trio_client_play_init (&self);
  trio_client_connection_connect_async (self.connection, options->url, NULL, on_connected,
                                        &self);
  g_main_loop_run (self.loop);

  g_clear_handle_id (&self.close_wait_id, g_source_remove);
  trio_client_input_stop (&self);
  trio_client_play_clear (&self);
  g_signal_handlers_disconnect_by_data (self.connection, &self);
  g_clear_object (&self.connection);
  g_clear_object (&self.input);
  g_clear_object (&self.cancellable);
  g_queue_clear_full (&self.exports, g_free);
  g_main_loop_unref (self.loop);
  return self.status;
}
