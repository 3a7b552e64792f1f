/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetPlay: a network match played in a session — this player's seat, and when this computer
 * hosts, the host and its announcement. */

#include "config.h"

#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "pat-net-cert.h"
#include "pat-net-discovery.h"
#include "pat-net-play.h"

/* A rematch joined before the host started it: tried again this often, this long. */
#define REMATCH_RETRY_MS 1500
#define REMATCH_WINDOW_S 60
/* Between a round's end and the next round's start, on the app's host: time to see the table. */
#define APP_ROUND_PAUSE_MS 4000

struct _PatNetPlay
{
  GObject             parent_instance;

  PatSession         *session;
  PatNetSeat         *seat;

  /* Hosting. */
  PatNetHost         *host;
  PatNetAnnouncer    *announcer;      /* while the match is announced */
  PatNetHostSettings  settings;       /* its strings below */
  char               *match_name;
  char               *listen_address;
  GTlsCertificate    *certificate;

  /* The seat's. */
  char               *address;        /* where the seat connects */
  guint               port;
  char               *fingerprint;    /* pinned, or NULL before the first connection */
  char               *player_name;
  int                 team;
  char               *code;

  gboolean            left;           /* pat_net_play_leave() was called */
  gint64              rematch_until;  /* joined: monotonic µs while trying to join a rematch */
  guint               rematch_id;
};

G_DEFINE_FINAL_TYPE (PatNetPlay, pat_net_play, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SEAT,
  PROP_HOSTING,
  PROP_ANNOUNCED,
  N_PROPS
};

enum {
  SEAT_CHANGED,
  LEFT,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Where the match is saved after every change, to go on after a crash or a kill: the seat on
 * every computer, and the host's match on the hosting one. */
#define SEAT_STATE_FILE "match-seat.state"
#define HOST_STATE_FILE "match-host.json"

static char *
state_path (const char *name)
{
  g_autofree char *dir = pat_net_cert_default_dir ();

  return g_build_filename (dir, name, NULL);
}

/* The seat */

static void
round_started_cb (PatNetSeat *seat,
                  PatGame    *game,
                  PatNetPlay *self)
{
  pat_session_play_shared (self->session, game);
}

static void new_seat (PatNetPlay *self);

static gboolean
rematch_retry_cb (gpointer user_data)
{
  PatNetPlay *self = user_data;

  self->rematch_id = 0;
  new_seat (self);
  return G_SOURCE_REMOVE;
}

static void
seat_state_cb (PatNetSeat *seat,
               GParamSpec *pspec,
               PatNetPlay *self)
{
  PatNetSeatState state = pat_net_seat_get_state (seat);

  /* A rematch joined while the host has not started it yet: its old match refuses (it has
   * started), or nobody listens for a moment. Try again for a while. */
  if (self->rematch_until != 0 && state == PAT_NET_SEAT_FAILED &&
      g_get_monotonic_time () < self->rematch_until && self->rematch_id == 0)
    self->rematch_id = g_timeout_add (REMATCH_RETRY_MS, rematch_retry_cb, self);
  else if (state == PAT_NET_SEAT_LOBBY || state == PAT_NET_SEAT_PLAYING)
    self->rematch_until = 0;
  /* The pinned certificate, learnt on the first connection. */
  if (self->fingerprint == NULL)
    {
      const char *fingerprint = pat_net_client_get_fingerprint (pat_net_seat_get_client (seat));

      if (fingerprint != NULL)
        self->fingerprint = g_strdup (fingerprint);
    }
}

static void
set_seat (PatNetPlay *self,
          PatNetSeat *seat)
{
  if (self->seat != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->seat, self);
      if (pat_net_seat_get_state (self->seat) != PAT_NET_SEAT_FAILED)
        pat_net_seat_leave (self->seat);
    }
  g_set_object (&self->seat, seat);
  g_signal_connect_object (seat, "round-started", G_CALLBACK (round_started_cb), self, 0);
  g_signal_connect_object (seat, "notify::state", G_CALLBACK (seat_state_cb), self, 0);
  pat_net_seat_set_rejoin_window (seat, PAT_NET_GRACE_S);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEAT]);
  g_signal_emit (self, signals[SEAT_CHANGED], 0);
  pat_net_seat_start (seat);
}

static void
new_seat (PatNetPlay *self)
{
  g_autoptr(PatNetClient) client = pat_net_client_new (self->address, self->port,
                                                       self->fingerprint);
  g_autoptr(PatNetSeat) seat = pat_net_seat_new (client, self->player_name, self->team,
                                                 self->code);
  g_autofree char *path = state_path (SEAT_STATE_FILE);
  g_autofree char *dir = g_path_get_dirname (path);

  if (g_mkdir_with_parents (dir, 0700) == 0)
    pat_net_seat_set_state_file (seat, path);
  set_seat (self, seat);
}

/* Hosting */

static void
stop_announcing (PatNetPlay *self)
{
  if (self->announcer == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->announcer, self);
  pat_net_announcer_stop (self->announcer);
  g_clear_object (&self->announcer);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANNOUNCED]);
}

static void
announce_failed_cb (PatNetAnnouncer *announcer,
                    GError          *error,
                    PatNetPlay      *self)
{
  g_message ("The match is no longer announced: %s", error->message);
  stop_announcing (self);
}

static void
host_sent_cb (PatNetHost    *host,
              PatNetMessage *message,
              PatNetPlay    *self)
{
  guint connected = 0;
  guint i;

  if (message->type == PAT_NET_MSG_ROUND_START)
    {
      /* Nobody can join once the match has started. */
      stop_announcing (self);
      return;
    }
  if (message->type != PAT_NET_MSG_LOBBY || self->announcer == NULL)
    return;
  for (i = 0; i < message->n_players; i++)
    connected += message->players[i].connected ? 1 : 0;
  pat_net_announcer_set_players (self->announcer, connected);
}

static void
announce (PatNetPlay *self)
{
  g_autoptr(GInetAddress) address = g_inet_address_new_from_string (self->listen_address);
  g_autoptr(GError) error = NULL;
  PatNetMatchInfo info = { .version = PAT_NET_PROTOCOL_VERSION, };

  /* Only where players could reach it: not on a loopback address. */
  if (address == NULL || g_inet_address_get_is_loopback (address))
    return;
  g_strlcpy (info.name, self->match_name, sizeof info.name);
  g_strlcpy (info.host_name, self->player_name, sizeof info.host_name);
  info.max_players = self->settings.n_players;
  info.teams = self->settings.n_teams;
  info.target = self->settings.target;
  self->announcer = pat_net_announcer_new (&info,
                                           g_inet_address_get_is_any (address)
                                             ? NULL : self->listen_address,
                                           pat_net_host_get_port (self->host));
  g_signal_connect (self->announcer, "failed", G_CALLBACK (announce_failed_cb), self);
  if (!pat_net_announcer_start (self->announcer, &error))
    {
      /* Players can still join by address and port. */
      g_message ("The match is not announced: %s", error->message);
      g_signal_handlers_disconnect_by_data (self->announcer, self);
      g_clear_object (&self->announcer);
      return;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANNOUNCED]);
}

/* Ends hosting; @forget removes the saved match (it will not be resumed). */
static void
drop_host (PatNetPlay *self,
           gboolean    forget)
{
  stop_announcing (self);
  if (self->host == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->host, self);
  /* Left for good: the others are told, rather than wait for a host who will not come back. */
  if (forget)
    pat_net_host_end (self->host);
  g_clear_object (&self->host);
  if (forget)
    {
      g_autofree char *path = state_path (HOST_STATE_FILE);

      g_unlink (path);
    }
}

/* Makes the host and listens (on @port, 0 for any), then seats the hosting player. */
static gboolean
start_hosting (PatNetPlay  *self,
               guint        port,
               GError     **error)
{
  g_autoptr(GInetAddress) listen = NULL;

  self->settings.name = self->match_name;
  self->settings.code = self->code;
  self->settings.first_deal =
    pat_deal_number_from_uint ((guint64) g_random_int_range (1, G_MAXINT32));
  self->host = pat_net_host_new (&self->settings, self->certificate, error);
  if (self->host == NULL)
    return FALSE;
  if (!pat_net_host_listen (self->host, self->listen_address, port, error))
    {
      g_clear_object (&self->host);
      return FALSE;
    }
  g_signal_connect (self->host, "sent", G_CALLBACK (host_sent_cb), self);
  {
    g_autofree char *path = state_path (HOST_STATE_FILE);

    pat_net_host_set_state_file (self->host, path);
  }
  announce (self);

  /* The hosting player is a player like the others, over loopback (or the one address the
   * host listens on). */
  listen = g_inet_address_new_from_string (self->listen_address);
  g_free (self->address);
  self->address = g_strdup (listen != NULL && !g_inet_address_get_is_any (listen)
                              ? self->listen_address : "127.0.0.1");
  self->port = pat_net_host_get_port (self->host);
  new_seat (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOSTING]);
  return TRUE;
}

/**
 * pat_net_play_host:
 * @settings: the match (its name and code are copied; a NULL or empty code gets a new one)
 * @player_name: the hosting player's name
 * @team: their team, or -1
 *
 * Hosts a match on this computer's network and seats the hosting player in it. The host's
 * certificate is made the first time and kept.
 *
 * Returns: (transfer full): the match, or %NULL when the host could not listen
 */
PatNetPlay *
pat_net_play_host (PatSession                *session,
                   const PatNetHostSettings  *settings,
                   const char                *player_name,
                   int                        team,
                   GError                   **error)
{
  g_autoptr(PatNetPlay) self = NULL;
  g_autofree char *dir = NULL;
  const char *address = g_getenv ("PATIENCE_NET_ADDRESS");
  const char *port_text = g_getenv ("PATIENCE_NET_PORT");
  guint64 port = 0;

  g_return_val_if_fail (PAT_IS_SESSION (session), NULL);
  g_return_val_if_fail (settings != NULL && settings->name != NULL, NULL);
  g_return_val_if_fail (player_name != NULL, NULL);

  self = g_object_new (PAT_TYPE_NET_PLAY, NULL);
  self->session = g_object_ref (session);
  self->settings = *settings;
  if (self->settings.round_pause_ms == 0)
    self->settings.round_pause_ms = APP_ROUND_PAUSE_MS;
  self->match_name = g_strdup (settings->name);
  self->code = settings->code != NULL && settings->code[0] != '\0'
               ? g_strdup (settings->code) : pat_net_code_new (PAT_NET_PLAY_CODE_LENGTH);
  self->player_name = g_strdup (player_name);
  self->team = team;
  self->listen_address = g_strdup (address != NULL && address[0] != '\0'
                                     ? address : PAT_NET_PLAY_ADDRESS);
  if (port_text != NULL && !g_ascii_string_to_unsigned (port_text, 10, 0, 65535, &port, NULL))
    port = 0;

  dir = pat_net_cert_default_dir ();
  self->certificate = pat_net_cert_load_or_create (dir, error);
  if (self->certificate == NULL)
    return NULL;
  self->fingerprint = pat_net_cert_fingerprint (self->certificate);
  if (!start_hosting (self, (guint) port, error))
    return NULL;
  return g_steal_pointer (&self);
}

/**
 * pat_net_play_join:
 *
 * Joins a match hosted on another computer (or this one).
 *
 * Returns: (transfer full): the match; its seat says how joining goes
 */
PatNetPlay *
pat_net_play_join (PatSession *session,
                   const char *address,
                   guint       port,
                   const char *fingerprint,
                   const char *player_name,
                   int         team,
                   const char *code)
{
  PatNetPlay *self;

  g_return_val_if_fail (PAT_IS_SESSION (session), NULL);
  g_return_val_if_fail (address != NULL && player_name != NULL && code != NULL, NULL);

  self = g_object_new (PAT_TYPE_NET_PLAY, NULL);
  self->session = g_object_ref (session);
  self->address = g_strdup (address);
  self->port = port;
  self->fingerprint = g_strdup (fingerprint);
  self->player_name = g_strdup (player_name);
  self->team = team;
  self->code = g_strdup (code);
  new_seat (self);
  return self;
}

/* A saved file that cannot be read is moved aside, to look at, and never read again. */
static void
move_aside (const char *path)
{
  g_autofree char *aside = g_strconcat (path, ".broken", NULL);

  if (g_rename (path, aside) != 0)
    g_unlink (path);
}

/**
 * pat_net_play_resume:
 * @error: why a saved match could not be resumed (its files are then moved aside)
 *
 * Takes back the seat of a network match that was being played when the app last stopped
 * (closed, killed or crashed), and on the computer that hosted it, the match itself, on the
 * port it had: the players away meanwhile rejoin.
 *
 * Returns: (transfer full) (nullable): the match, or %NULL when none was saved (or with @error)
 */
PatNetPlay *
pat_net_play_resume (PatSession  *session,
                     GError     **error)
{
  g_autofree char *seat_path = state_path (SEAT_STATE_FILE);
  g_autofree char *host_path = state_path (HOST_STATE_FILE);
  g_autoptr(PatNetPlay) self = NULL;
  g_autoptr(PatNetSeat) seat = NULL;
  PatNetClient *client;

  g_return_val_if_fail (PAT_IS_SESSION (session), NULL);

  if (!g_file_test (seat_path, G_FILE_TEST_EXISTS))
    {
      /* A host's match without its player's seat cannot be played here. */
      g_unlink (host_path);
      return NULL;
    }
  seat = pat_net_seat_new_from_state (seat_path, error);
  if (seat == NULL)
    {
      move_aside (seat_path);
      g_unlink (host_path);
      return NULL;
    }
  client = pat_net_seat_get_client (seat);

  self = g_object_new (PAT_TYPE_NET_PLAY, NULL);
  self->session = g_object_ref (session);
  self->address = g_strdup (pat_net_client_get_address (client));
  self->port = pat_net_client_get_port (client);
  self->fingerprint = g_strdup (pat_net_client_get_fingerprint (client));
  self->player_name = g_strdup ("");
  self->code = g_strdup ("");

  if (g_file_test (host_path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *dir = pat_net_cert_default_dir ();
      const char *address = g_getenv ("PATIENCE_NET_ADDRESS");

      self->listen_address = g_strdup (address != NULL && address[0] != '\0'
                                         ? address : PAT_NET_PLAY_ADDRESS);
      self->certificate = pat_net_cert_load_or_create (dir, error);
      if (self->certificate != NULL)
        self->host = pat_net_host_new_from_state (host_path, APP_ROUND_PAUSE_MS, 0,
                                                  self->certificate, error);
      if (self->host == NULL ||
          !pat_net_host_listen (self->host, self->listen_address, self->port, error))
        {
          g_clear_object (&self->host);
          move_aside (host_path);
          pat_net_seat_leave (seat);
          return NULL;
        }
      g_signal_connect (self->host, "sent", G_CALLBACK (host_sent_cb), self);
      pat_net_host_set_state_file (self->host, host_path);
      g_free (self->code);
      self->code = g_strdup (pat_net_host_get_code (self->host));
      g_free (self->match_name);
      self->match_name = g_strdup (pat_net_seat_get_match_name (seat));
    }
  pat_net_seat_set_state_file (seat, seat_path);
  set_seat (self, seat);
  /* A round being played when the app stopped is on the board again. */
  if (pat_net_seat_get_game (seat) != NULL && pat_net_seat_get_state (seat) != PAT_NET_SEAT_OVER)
    pat_session_play_shared (session, pat_net_seat_get_game (seat));
  return g_steal_pointer (&self);
}

PatSession *
pat_net_play_get_session (PatNetPlay *self)
{
  g_return_val_if_fail (PAT_IS_NET_PLAY (self), NULL);

  return self->session;
}

PatNetSeat *
pat_net_play_get_seat (PatNetPlay *self)
{
  g_return_val_if_fail (PAT_IS_NET_PLAY (self), NULL);

  return self->seat;
}

PatNetHost *
pat_net_play_get_host (PatNetPlay *self)
{
  g_return_val_if_fail (PAT_IS_NET_PLAY (self), NULL);

  return self->host;
}

gboolean
pat_net_play_get_hosting (PatNetPlay *self)
{
  g_return_val_if_fail (PAT_IS_NET_PLAY (self), FALSE);

  return self->host != NULL;
}

gboolean
pat_net_play_get_announced (PatNetPlay *self)
{
  g_return_val_if_fail (PAT_IS_NET_PLAY (self), FALSE);

  return self->announcer != NULL;
}

const char *
pat_net_play_get_code (PatNetPlay *self)
{
  g_return_val_if_fail (PAT_IS_NET_PLAY (self), NULL);

  return self->code;
}

char *
pat_net_play_dup_fingerprint_short (PatNetPlay *self)
{
  g_return_val_if_fail (PAT_IS_NET_PLAY (self), NULL);

  return self->fingerprint != NULL ? pat_net_fingerprint_short (self->fingerprint) : NULL;
}

/* The addresses of this computer's interfaces that are up and not loopback, or the one the
 * host listens on. */
char **
pat_net_play_dup_addresses (PatNetPlay *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GInetAddress) listen = NULL;
  struct ifaddrs *list = NULL, *i;
  guint port;

  g_return_val_if_fail (PAT_IS_NET_PLAY (self), NULL);

  if (self->host == NULL)
    return g_strv_builder_end (builder);
  port = pat_net_host_get_port (self->host);
  listen = g_inet_address_new_from_string (self->listen_address);
  if (listen != NULL && !g_inet_address_get_is_any (listen))
    {
      g_autofree char *text = g_strdup_printf ("%s:%u", self->listen_address, port);

      g_strv_builder_add (builder, text);
      return g_strv_builder_end (builder);
    }
  if (getifaddrs (&list) != 0)
    return g_strv_builder_end (builder);
  for (i = list; i != NULL; i = i->ifa_next)
    {
      g_autoptr(GSocketAddress) socket_address = NULL;
      GInetAddress *inet;
      g_autofree char *text = NULL, *line = NULL;

      if (i->ifa_addr == NULL || i->ifa_addr->sa_family != AF_INET ||
          (i->ifa_flags & IFF_UP) == 0 || (i->ifa_flags & IFF_LOOPBACK) != 0)
        continue;
      socket_address = g_socket_address_new_from_native (i->ifa_addr, sizeof (struct sockaddr_in));
      if (socket_address == NULL)
        continue;
      inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (socket_address));
      text = g_inet_address_to_string (inet);
      line = g_strdup_printf ("%s:%u", text, port);
      g_strv_builder_add (builder, line);
    }
  freeifaddrs (list);
  return g_strv_builder_end (builder);
}

gboolean
pat_net_play_start_now (PatNetPlay *self)
{
  g_return_val_if_fail (PAT_IS_NET_PLAY (self), FALSE);

  return self->host != NULL && pat_net_host_start_now (self->host);
}

gboolean
pat_net_play_rematch (PatNetPlay  *self,
                      GError     **error)
{
  g_return_val_if_fail (PAT_IS_NET_PLAY (self), FALSE);

  if (self->host != NULL)
    {
      guint port = pat_net_host_get_port (self->host);

      /* The old match ends for everyone; the new one takes its port, so that the others find it
       * where they were. */
      drop_host (self, TRUE);
      if (!start_hosting (self, port, error))
        {
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOSTING]);
          return FALSE;
        }
      return TRUE;
    }
  self->rematch_until = g_get_monotonic_time () + REMATCH_WINDOW_S * G_USEC_PER_SEC;
  new_seat (self);
  return TRUE;
}

void
pat_net_play_leave (PatNetPlay *self)
{
  g_return_if_fail (PAT_IS_NET_PLAY (self));

  if (self->left)
    return;
  self->left = TRUE;
  /* Whoever holds the match may drop it when told it was left. */
  g_object_ref (self);
  g_clear_handle_id (&self->rematch_id, g_source_remove);
  self->rematch_until = 0;
  if (self->seat != NULL && pat_net_seat_get_state (self->seat) != PAT_NET_SEAT_FAILED)
    pat_net_seat_leave (self->seat);
  drop_host (self, TRUE);
  pat_session_leave_shared (self->session);
  g_signal_emit (self, signals[LEFT], 0);
  g_object_unref (self);
}

static void
pat_net_play_dispose (GObject *object)
{
  PatNetPlay *self = PAT_NET_PLAY (object);

  g_clear_handle_id (&self->rematch_id, g_source_remove);
  if (self->seat != NULL)
    g_signal_handlers_disconnect_by_data (self->seat, self);
  g_clear_object (&self->seat);
  /* A window closed, or the app quit, with the match going on: it stays saved, to resume. */
  drop_host (self, FALSE);
  g_clear_object (&self->certificate);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (pat_net_play_parent_class)->dispose (object);
}

static void
pat_net_play_finalize (GObject *object)
{
  PatNetPlay *self = PAT_NET_PLAY (object);

  g_free (self->match_name);
  g_free (self->listen_address);
  g_free (self->address);
  g_free (self->fingerprint);
  g_free (self->player_name);
  g_free (self->code);
  G_OBJECT_CLASS (pat_net_play_parent_class)->finalize (object);
}

static void
pat_net_play_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PatNetPlay *self = PAT_NET_PLAY (object);

  switch (prop_id)
    {
    case PROP_SEAT:
      g_value_set_object (value, self->seat);
      break;
    case PROP_HOSTING:
      g_value_set_boolean (value, self->host != NULL);
      break;
    case PROP_ANNOUNCED:
      g_value_set_boolean (value, self->announcer != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_net_play_class_init (PatNetPlayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_net_play_dispose;
  object_class->finalize = pat_net_play_finalize;
  object_class->get_property = pat_net_play_get_property;

  properties[PROP_SEAT] =
    g_param_spec_object ("seat", NULL, NULL, PAT_TYPE_NET_SEAT,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_HOSTING] =
    g_param_spec_boolean ("hosting", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ANNOUNCED] =
    g_param_spec_boolean ("announced", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SEAT_CHANGED] =
    g_signal_new ("seat-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  signals[LEFT] =
    g_signal_new ("left", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
}

static void
pat_net_play_init (PatNetPlay *self)
{
  self->team = -1;
}
