/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetClient: a player's connection to a match host, a WebSocket over TLS whose certificate
 * is pinned (given, or trusted on first use). */

#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "pat-net-cert.h"
#include "pat-net-client.h"
#include "pat-net-host.h"

struct _PatNetClient
{
  GObject                  parent_instance;

  char                    *address;
  guint                    port;
  char                    *fingerprint;       /* the pin; NULL until the first handshake */
  char                    *seen_fingerprint;

  SoupSession             *session;
  GCancellable            *cancellable;
  SoupWebsocketConnection *ws;
  /* Why the connection ends, once known: a refusal, an error message, a bad message. */
  GError                  *reason;
  gboolean                 closed_emitted;
  gint64                   last_heard;    /* monotonic µs of the last message or pong */
  guint                    watchdog_id;
  guint                    host_protocol; /* the version of a message we could not read, or 0 */
};

G_DEFINE_FINAL_TYPE (PatNetClient, pat_net_client, G_TYPE_OBJECT)

enum {
  OPENED,
  MESSAGE,
  CLOSED,
  SENT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
emit_closed (PatNetClient *self,
             GError       *error)
{
  if (self->closed_emitted)
    return;
  self->closed_emitted = TRUE;
  g_signal_emit (self, signals[CLOSED], 0, error);
}

static void
set_reason (PatNetClient *self,
            GError       *error)
{
  if (self->reason == NULL)
    self->reason = error;
  else
    g_error_free (error);
}

static void
fail (PatNetClient *self,
      GError       *error)
{
  set_reason (self, error);
  if (self->ws != NULL &&
      soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    {
      g_autoptr(PatNetMessage) m = pat_net_message_new (PAT_NET_MSG_ERROR);

      g_strlcpy (m->text, self->reason->message, sizeof m->text);
      pat_net_client_send (self, m);
      soup_websocket_connection_close (self->ws, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION,
                                       "bad message");
    }
  else if (self->ws == NULL)
    emit_closed (self, self->reason);
}

/* The "v" of a message in another protocol version (the reader refused it whole), so that the
 * player can be told which; 0 when there is none to read. */
static guint
peek_version (GBytes *bytes)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  JsonNode *root;
  gint64 v;

  if (!json_parser_load_from_data (parser, data, (gssize) size, NULL))
    return 0;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return 0;
  v = json_object_get_int_member_with_default (json_node_get_object (root), "v", 0);
  return v > 0 && v < 1000 ? (guint) v : 0;
}

static void
ws_message_cb (SoupWebsocketConnection *ws,
               int                      type,
               GBytes                  *bytes,
               PatNetClient            *self)
{
  g_autoptr(PatNetMessage) message = NULL;
  g_autoptr(GError) error = NULL;

  if (self->reason != NULL)
    return;
  self->last_heard = g_get_monotonic_time ();
  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      fail (self, g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_MALFORMED,
                               "the host sent a binary message"));
      return;
    }
  message = pat_net_message_read_bytes (bytes, &error);
  if (message == NULL)
    {
      if (g_error_matches (error, PAT_NET_ERROR, PAT_NET_ERROR_VERSION))
        self->host_protocol = peek_version (bytes);
      fail (self, g_error_new (PAT_NET_ERROR, error->code, "the host sent a bad message: %s",
                               error->message));
      return;
    }

  switch (message->type)
    {
    case PAT_NET_MSG_REFUSED:
      set_reason (self, g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_REFUSED,
                                     "the host refused: %s (%s)", message->text,
                                     pat_net_refusal_to_string (message->refusal)));
      break;
    case PAT_NET_MSG_ERROR:
      set_reason (self, g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_PROTOCOL,
                                     "the host closed the connection: %s", message->text));
      break;
    case PAT_NET_MSG_HELLO:
    case PAT_NET_MSG_REJOIN:
    case PAT_NET_MSG_MOVE:
    case PAT_NET_MSG_END_ROUND:
      fail (self, g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_PROTOCOL,
                               "the host sent a player's message (%s)",
                               pat_net_message_type_to_string (message->type)));
      return;
    case PAT_NET_MSG_WELCOME:
    case PAT_NET_MSG_LOBBY:
    case PAT_NET_MSG_ROUND_START:
    case PAT_NET_MSG_MOVE_REFUSED:
    case PAT_NET_MSG_PLAYER_STATE:
    case PAT_NET_MSG_ROUND_END:
    case PAT_NET_MSG_MATCH_END:
    case PAT_NET_MSG_BYE:
    case PAT_NET_N_MESSAGE_TYPES:
    default:
      break;
    }
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

static void
ws_closed_cb (SoupWebsocketConnection *ws,
              PatNetClient            *self)
{
  gushort code = soup_websocket_connection_get_close_code (ws);
  const char *data = soup_websocket_connection_get_close_data (ws);

  if (self->reason == NULL && code != SOUP_WEBSOCKET_CLOSE_NORMAL)
    self->reason = g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_CLOSED,
                                "the connection closed: %s (code %u)",
                                data != NULL && *data != '\0' ? data : "no reason given",
                                (guint) code);
  g_clear_handle_id (&self->watchdog_id, g_source_remove);
  emit_closed (self, self->reason);
}

static void
heard_cb (PatNetClient *self)
{
  self->last_heard = g_get_monotonic_time ();
}

/* Drops the connection without a closing handshake, which a dead link would never finish. */
static void
drop (PatNetClient *self)
{
  g_clear_handle_id (&self->watchdog_id, g_source_remove);
  if (self->ws != NULL)
    {
      GIOStream *stream = soup_websocket_connection_get_io_stream (self->ws);

      g_signal_handlers_disconnect_by_data (self->ws, self);
      g_io_stream_close_async (stream, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
      g_clear_object (&self->ws);
    }
}

/* The host (or the link to it) has said nothing, not even a pong, for too long: lost. */
static gboolean
watchdog_cb (gpointer user_data)
{
  PatNetClient *self = user_data;

  if (g_get_monotonic_time () - self->last_heard <= (gint64) PAT_NET_SILENCE_S * G_USEC_PER_SEC)
    return G_SOURCE_CONTINUE;
  self->watchdog_id = 0;
  set_reason (self, g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_CLOSED,
                                 "no word from the host for %d s: the connection is lost",
                                 PAT_NET_SILENCE_S));
  drop (self);
  emit_closed (self, self->reason);
  return G_SOURCE_REMOVE;
}

static void
ws_error_cb (SoupWebsocketConnection *ws,
             GError                  *error,
             PatNetClient            *self)
{
  set_reason (self, g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_CLOSED, "the connection failed: %s",
                                 error->message));
}

static gboolean
accept_certificate_cb (SoupMessage          *msg,
                       GTlsCertificate      *certificate,
                       GTlsCertificateFlags  errors,
                       PatNetClient         *self)
{
  g_free (self->seen_fingerprint);
  self->seen_fingerprint = pat_net_cert_fingerprint (certificate);
  /* Trust on first use: a player who found the match, or typed its address, knows no
   * fingerprint; the first certificate seen becomes the pin, and every later connection of this
   * client (a rejoin) must show the same. */
  if (self->fingerprint == NULL)
    self->fingerprint = g_strdup (self->seen_fingerprint);
  /* The pin is the whole of the trust: the certificate is self-signed and names no host. */
  return strcmp (self->seen_fingerprint, self->fingerprint) == 0;
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(PatNetClient) self = user_data;
  g_autoptr(GError) error = NULL;
  SoupWebsocketConnection *ws;

  ws = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  if (ws == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      if (self->seen_fingerprint != NULL &&
          g_strcmp0 (self->seen_fingerprint, self->fingerprint) != 0)
        fail (self, g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_CERTIFICATE,
                                 "the host's certificate is not the pinned one: its fingerprint "
                                 "is %s", self->seen_fingerprint));
      else
        fail (self, g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
                                 "cannot connect to %s port %u: %s", self->address, self->port,
                                 error->message));
      return;
    }

  self->ws = ws;
  self->last_heard = g_get_monotonic_time ();
  soup_websocket_connection_set_max_incoming_payload_size (ws, PAT_NET_MAX_FRAME);
  soup_websocket_connection_set_keepalive_interval (ws, PAT_NET_KEEPALIVE_S);
  g_signal_connect_object (ws, "pong", G_CALLBACK (heard_cb), self, G_CONNECT_SWAPPED);
  self->watchdog_id = g_timeout_add_seconds (1, watchdog_cb, self);
  g_signal_connect_object (ws, "message", G_CALLBACK (ws_message_cb), self, 0);
  g_signal_connect_object (ws, "closed", G_CALLBACK (ws_closed_cb), self, 0);
  g_signal_connect_object (ws, "error", G_CALLBACK (ws_error_cb), self, 0);
  g_signal_emit (self, signals[OPENED], 0);
}

/**
 * pat_net_client_connect:
 * @self: a client
 *
 * Connects to the host; "opened" or "closed" follows on the main loop. After "closed", it may
 * be called again to connect anew (to rejoin).
 */
void
pat_net_client_connect (PatNetClient *self)
{
  g_autoptr(GUri) uri = NULL;
  g_autoptr(SoupMessage) msg = NULL;
  const char *protocols[] = { PAT_NET_WS_PROTOCOL, NULL };

  g_return_if_fail (PAT_IS_NET_CLIENT (self));
  g_return_if_fail (self->session == NULL || self->closed_emitted);

  if (self->session != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
      drop (self);
      g_clear_object (&self->session);
      g_clear_error (&self->reason);
      self->closed_emitted = FALSE;
    }

  uri = g_uri_build (G_URI_FLAGS_NONE, "wss", NULL, self->address, (gint) self->port,
                     PAT_NET_WS_PATH, NULL, NULL);
  msg = soup_message_new_from_uri ("GET", uri);
  g_signal_connect_object (msg, "accept-certificate", G_CALLBACK (accept_certificate_cb), self,
                           0);
  self->session = soup_session_new_with_options ("timeout", 30, "idle-timeout", 0, NULL);
  self->cancellable = g_cancellable_new ();
  soup_session_websocket_connect_async (self->session, msg, NULL, (char **) protocols,
                                        G_PRIORITY_DEFAULT, self->cancellable, connected_cb,
                                        g_object_ref (self));
}

void
pat_net_client_send (PatNetClient        *self,
                     const PatNetMessage *message)
{
  g_autofree char *text = NULL;

  g_return_if_fail (PAT_IS_NET_CLIENT (self));
  if (!pat_net_client_is_open (self))
    return;
  text = pat_net_message_to_string (message);
  soup_websocket_connection_send_text (self->ws, text);
  g_signal_emit (self, signals[SENT], 0, message);
}

void
pat_net_client_send_raw (PatNetClient *self,
                         GBytes       *bytes,
                         gboolean      binary)
{
  g_return_if_fail (PAT_IS_NET_CLIENT (self));
  if (!pat_net_client_is_open (self))
    return;
  soup_websocket_connection_send_message (self->ws,
                                          binary ? SOUP_WEBSOCKET_DATA_BINARY :
                                                   SOUP_WEBSOCKET_DATA_TEXT,
                                          bytes);
}

/**
 * pat_net_client_get_fingerprint:
 * @self: a client
 *
 * Returns: (nullable): the pinned fingerprint of the host's certificate (lowercase hexadecimal):
 *   the one given to pat_net_client_new(), or, when none was, the one its first handshake saw;
 *   %NULL before that
 */
const char *
pat_net_client_get_fingerprint (PatNetClient *self)
{
  g_return_val_if_fail (PAT_IS_NET_CLIENT (self), NULL);

  return self->fingerprint;
}

const char *
pat_net_client_get_address (PatNetClient *self)
{
  g_return_val_if_fail (PAT_IS_NET_CLIENT (self), NULL);

  return self->address;
}

guint
pat_net_client_get_port (PatNetClient *self)
{
  g_return_val_if_fail (PAT_IS_NET_CLIENT (self), 0);

  return self->port;
}

/* After "closed" with %PAT_NET_ERROR_VERSION: the protocol version the host speaks, else 0. */
guint
pat_net_client_get_host_protocol (PatNetClient *self)
{
  g_return_val_if_fail (PAT_IS_NET_CLIENT (self), 0);

  return self->host_protocol;
}

gboolean
pat_net_client_is_open (PatNetClient *self)
{
  return self->ws != NULL &&
         soup_websocket_connection_get_state (self->ws) == SOUP_WEBSOCKET_STATE_OPEN;
}

/* Says bye and closes; "closed" follows. */
void
pat_net_client_close (PatNetClient *self)
{
  g_return_if_fail (PAT_IS_NET_CLIENT (self));

  if (pat_net_client_is_open (self))
    {
      g_autoptr(PatNetMessage) bye = pat_net_message_new (PAT_NET_MSG_BYE);

      pat_net_client_send (self, bye);
      soup_websocket_connection_close (self->ws, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
    }
  else if (self->ws == NULL)
    {
      g_cancellable_cancel (self->cancellable);
      emit_closed (self, self->reason);
    }
}

gboolean
pat_net_parse_address (const char  *text,
                       char       **address,
                       guint       *port,
                       GError     **error)
{
  const char *colon = strrchr (text, ':');
  const char *host_start = text;
  const char *host_end = colon;
  guint64 value;

  if (colon != NULL && text[0] == '[')
    {
      host_start = text + 1;
      host_end = colon > text && colon[-1] == ']' ? colon - 1 : NULL;
    }
  if (colon == NULL || host_end == NULL || host_end == host_start ||
      !g_ascii_string_to_unsigned (colon + 1, 10, 1, 65535, &value, NULL))
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
                   "an address is ADDRESS:PORT, as 127.0.0.1:4444");
      return FALSE;
    }
  *address = g_strndup (host_start, (gsize) (host_end - host_start));
  *port = (guint) value;
  return TRUE;
}

static void
pat_net_client_dispose (GObject *object)
{
  PatNetClient *self = PAT_NET_CLIENT (object);

  g_clear_handle_id (&self->watchdog_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->ws != NULL)
    g_signal_handlers_disconnect_by_data (self->ws, self);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->ws);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (pat_net_client_parent_class)->dispose (object);
}

static void
pat_net_client_finalize (GObject *object)
{
  PatNetClient *self = PAT_NET_CLIENT (object);

  g_free (self->address);
  g_free (self->fingerprint);
  g_free (self->seen_fingerprint);
  g_clear_error (&self->reason);

  G_OBJECT_CLASS (pat_net_client_parent_class)->finalize (object);
}

static void
pat_net_client_class_init (PatNetClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_net_client_dispose;
  object_class->finalize = pat_net_client_finalize;

  signals[OPENED] = g_signal_new ("opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SENT] = g_signal_new ("sent", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
pat_net_client_init (PatNetClient *self)
{
}

/**
 * pat_net_client_new:
 * @address: the host's address (no name lookup is needed for an IP address)
 * @port: its port
 * @fingerprint: (nullable): the host certificate's fingerprint (pat_net_cert_fingerprint()):
 *   the connection is refused unless the host shows this certificate; %NULL to trust the
 *   certificate of the first handshake and pin it (pat_net_client_get_fingerprint())
 *
 * Returns: (transfer full): a client, not connected yet
 */
PatNetClient *
pat_net_client_new (const char *address,
                    guint       port,
                    const char *fingerprint)
{
  PatNetClient *self = g_object_new (PAT_TYPE_NET_CLIENT, NULL);

  self->address = g_strdup (address);
  self->port = port;
  self->fingerprint = fingerprint != NULL ? g_ascii_strdown (fingerprint, -1) : NULL;
  return self;
}
