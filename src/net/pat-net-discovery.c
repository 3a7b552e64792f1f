/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetAnnouncer and PatNetBrowser: DNS-SD over mDNS through avahi-client, on the GLib main
 * loop (avahi-glib); every TXT string a browser reads is validated, as any network input. */

#include "config.h"

#include "pat-net-discovery.h"

#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>

#include <avahi-client/client.h>
#include <avahi-client/lookup.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-glib/glib-watch.h>
#include <json-glib/json-glib.h>

G_DEFINE_QUARK (pat-net-discovery-error-quark, pat_net_discovery_error)

/* The TXT record */

static GBytes *
txt_string (const char *key,
            const char *value)
{
  g_autofree char *text = g_strdup_printf ("%s=%s", key, value);
  gsize length = strlen (text);

  return g_bytes_new_take (g_steal_pointer (&text), length);
}

static GBytes *
txt_number (const char *key,
            gint64      value)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, value);

  return txt_string (key, text);
}

/**
 * pat_net_match_info_to_txt:
 * @info: a match
 *
 * Returns: (transfer full) (element-type GBytes): the TXT strings announcing @info: "v",
 *   "name", "host" (when given), "players", "max", "teams" and "target" (when given)
 */
GPtrArray *
pat_net_match_info_to_txt (const PatNetMatchInfo *info)
{
  GPtrArray *txt = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);

  g_ptr_array_add (txt, txt_number ("v", info->version));
  g_ptr_array_add (txt, txt_string ("name", info->name));
  if (info->host_name[0] != '\0')
    g_ptr_array_add (txt, txt_string ("host", info->host_name));
  g_ptr_array_add (txt, txt_number ("players", info->players));
  g_ptr_array_add (txt, txt_number ("max", info->max_players));
  g_ptr_array_add (txt, txt_number ("teams", info->teams));
  if (info->target > 0)
    g_ptr_array_add (txt, txt_number ("target", info->target));
  return txt;
}

static gboolean
bad_txt (GError    **error,
         const char *format,
         ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad_txt (GError    **error,
         const char *format,
         ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, PAT_NET_DISCOVERY_ERROR, PAT_NET_DISCOVERY_ERROR_BAD_TXT,
               "the announcement's TXT record %s", text);
  return FALSE;
}

static gboolean
txt_uint (const char *key,
          const char *value,
          guint64     min,
          guint64     max,
          guint64    *out,
          GError    **error)
{
  if (!g_ascii_string_to_unsigned (value, 10, min, max, out, NULL))
    return bad_txt (error, "gives \"%s\" out of range %" G_GUINT64_FORMAT " to %"
                    G_GUINT64_FORMAT, key, min, max);
  return TRUE;
}

enum {
  KEY_V = 1 << 0,
  KEY_NAME = 1 << 1,
  KEY_HOST = 1 << 2,
  KEY_PLAYERS = 1 << 3,
  KEY_MAX = 1 << 4,
  KEY_TEAMS = 1 << 5,
  KEY_TARGET = 1 << 6,
};

static const char *const txt_keys[] = { "v", "name", "host", "players", "max", "teams",
                                        "target" };

/* Reads one "key=value" string into @info; @seen gathers the keys read so far. */
static gboolean
read_txt_string (GBytes          *bytes,
                 PatNetMatchInfo *info,
                 guint           *seen,
                 GError         **error)
{
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);
  const char *equals;
  g_autofree char *key = NULL;
  g_autofree char *value = NULL;
  guint64 number;
  guint bit = 0;
  guint i;

  if (length > PAT_NET_MAX_TXT_STRING)
    return bad_txt (error, "has a string of %" G_GSIZE_FORMAT " bytes", length);
  /* Not UTF-8, or a NUL inside: refused (g_utf8_validate fails on a NUL within @length). */
  if (length > 0 && !g_utf8_validate (data, (gssize) length, NULL))
    return bad_txt (error, "has a string that is not UTF-8 text");
  equals = length > 0 ? memchr (data, '=', length) : NULL;
  /* A string without "=" is a boolean attribute (RFC 6763): none is a match's. */
  if (equals == NULL)
    return TRUE;
  key = g_strndup (data, (gsize) (equals - data));
  value = g_strndup (equals + 1, length - (gsize) (equals - data) - 1);
  for (i = 0; i < G_N_ELEMENTS (txt_keys); i++)
    if (g_ascii_strcasecmp (key, txt_keys[i]) == 0)
      bit = 1u << i;
  /* Unknown keys are a later version's; a repeated key counts only the first time (RFC 6763). */
  if (bit == 0 || (*seen & bit) != 0)
    return TRUE;
  *seen |= bit;

  switch (bit)
    {
    case KEY_V:
      if (!txt_uint (key, value, 1, 999, &number, error))
        return FALSE;
      info->version = (int) number;
      break;
    case KEY_NAME:
    case KEY_HOST:
      {
        g_autoptr(GError) local = NULL;

        if (!pat_net_name_valid (value, &local))
          return bad_txt (error, "gives a bad \"%s\": %s", key, local->message);
        g_strlcpy (bit == KEY_NAME ? info->name : info->host_name, value, PAT_NET_NAME_BYTES);
      }
      break;
    case KEY_PLAYERS:
      if (!txt_uint (key, value, 0, PAT_NET_MAX_PLAYERS, &number, error))
        return FALSE;
      info->players = (guint) number;
      break;
    case KEY_MAX:
      if (!txt_uint (key, value, 1, PAT_NET_MAX_PLAYERS, &number, error))
        return FALSE;
      info->max_players = (guint) number;
      break;
    case KEY_TEAMS:
      if (!txt_uint (key, value, 0, PAT_NET_MAX_TEAMS, &number, error))
        return FALSE;
      if (number == 1)
        return bad_txt (error, "gives one team");
      info->teams = (guint) number;
      break;
    case KEY_TARGET:
      if (!txt_uint (key, value, 1, PAT_NET_MAX_TARGET, &number, error))
        return FALSE;
      info->target = (int) number;
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/**
 * pat_net_match_info_from_txt:
 * @txt: (element-type GBytes): the strings of a TXT record, as received
 * @info: (out caller-allocates): the match they announce
 * @error: return location for a #PAT_NET_DISCOVERY_ERROR_BAD_TXT
 *
 * Reads and validates a match's TXT record: at most PAT_NET_MAX_TXT_STRINGS strings of at
 * most PAT_NET_MAX_TXT_STRING bytes, PAT_NET_MAX_TXT_BYTES in all, UTF-8 without NUL; "v",
 * "name", "players" and "max" present; names as a player's name; numbers in their ranges.
 * A version other than this program's is read (@info->version says it).
 *
 * Returns: whether @txt announces a match
 */
gboolean
pat_net_match_info_from_txt (GPtrArray       *txt,
                             PatNetMatchInfo *info,
                             GError         **error)
{
  guint required = KEY_V | KEY_NAME | KEY_PLAYERS | KEY_MAX;
  gsize total = 0;
  guint seen = 0;
  guint i;

  memset (info, 0, sizeof *info);
  if (txt->len > PAT_NET_MAX_TXT_STRINGS)
    return bad_txt (error, "has %u strings", txt->len);
  for (i = 0; i < txt->len; i++)
    total += g_bytes_get_size (txt->pdata[i]);
  if (total > PAT_NET_MAX_TXT_BYTES)
    return bad_txt (error, "has %" G_GSIZE_FORMAT " bytes", total);
  for (i = 0; i < txt->len; i++)
    if (!read_txt_string (txt->pdata[i], info, &seen, error))
      return FALSE;
  if ((seen & required) != required)
    return bad_txt (error, "lacks one of \"v\", \"name\", \"players\" and \"max\"");
  if (info->players > info->max_players)
    return bad_txt (error, "gives more players than the most");
  return TRUE;
}

/* The announcer */

struct _PatNetAnnouncer
{
  GObject          parent_instance;

  PatNetMatchInfo  info;
  char            *address;
  guint            port;
  AvahiIfIndex     interface;
  AvahiProtocol    protocol;
  char            *service_name;

  AvahiGLibPoll   *poll;
  AvahiClient     *client;
  AvahiEntryGroup *group;
};

G_DEFINE_FINAL_TYPE (PatNetAnnouncer, pat_net_announcer, G_TYPE_OBJECT)

enum {
  ANNOUNCER_PUBLISHED,
  ANNOUNCER_FAILED,
  N_ANNOUNCER_SIGNALS
};

static guint announcer_signals[N_ANNOUNCER_SIGNALS];

static void
announcer_fail (PatNetAnnouncer *self,
                const char      *what,
                int              avahi_error)
{
  g_autoptr(GError) error = NULL;

  g_set_error (&error, PAT_NET_DISCOVERY_ERROR, PAT_NET_DISCOVERY_ERROR_FAILED,
               "the match cannot be announced: %s: %s", what, avahi_strerror (avahi_error));
  g_signal_emit (self, announcer_signals[ANNOUNCER_FAILED], 0, error);
}

static AvahiStringList *
txt_list (const PatNetMatchInfo *info)
{
  g_autoptr(GPtrArray) txt = pat_net_match_info_to_txt (info);
  AvahiStringList *list = NULL;
  guint i;

  for (i = 0; i < txt->len; i++)
    {
      gsize length;
      const guint8 *data = g_bytes_get_data (txt->pdata[i], &length);

      list = avahi_string_list_add_arbitrary (list, data, length);
    }
  /* avahi_string_list_add_arbitrary() prepends. */
  return avahi_string_list_reverse (list);
}

/* A new instance name after a collision: "Demon match #2", and so on. */
static void
rename_service (PatNetAnnouncer *self)
{
  char *other = avahi_alternative_service_name (self->service_name);

  g_free (self->service_name);
  self->service_name = g_strdup (other);
  avahi_free (other);
}

static void add_service (PatNetAnnouncer *self,
                         AvahiClient     *client);

static void
group_cb (AvahiEntryGroup      *group,
          AvahiEntryGroupState  state,
          void                 *user_data)
{
  PatNetAnnouncer *self = user_data;

  switch (state)
    {
    case AVAHI_ENTRY_GROUP_ESTABLISHED:
      g_signal_emit (self, announcer_signals[ANNOUNCER_PUBLISHED], 0, self->service_name);
      break;
    case AVAHI_ENTRY_GROUP_COLLISION:
      rename_service (self);
      avahi_entry_group_reset (group);
      add_service (self, avahi_entry_group_get_client (group));
      break;
    case AVAHI_ENTRY_GROUP_FAILURE:
      announcer_fail (self, "the daemon gave up",
                      avahi_client_errno (avahi_entry_group_get_client (group)));
      break;
    case AVAHI_ENTRY_GROUP_UNCOMMITED:
    case AVAHI_ENTRY_GROUP_REGISTERING:
    default:
      break;
    }
}

static void
add_service (PatNetAnnouncer *self,
             AvahiClient     *client)
{
  AvahiStringList *txt;
  int status;

  if (self->group == NULL)
    {
      self->group = avahi_entry_group_new (client, group_cb, self);
      if (self->group == NULL)
        {
          announcer_fail (self, "no entry group", avahi_client_errno (client));
          return;
        }
    }
  if (!avahi_entry_group_is_empty (self->group))
    return;

  txt = txt_list (&self->info);
  for (;;)
    {
      status = avahi_entry_group_add_service_strlst (self->group, self->interface,
                                                     self->protocol, 0, self->service_name,
                                                     PAT_NET_SERVICE_TYPE, NULL, NULL,
                                                     (uint16_t) self->port, txt);
      if (status != AVAHI_ERR_COLLISION)
        break;
      rename_service (self);
    }
  avahi_string_list_free (txt);
  if (status >= 0)
    status = avahi_entry_group_commit (self->group);
  if (status < 0)
    announcer_fail (self, "the service was refused", status);
}

static void
announcer_client_cb (AvahiClient      *client,
                     AvahiClientState  state,
                     void             *user_data)
{
  PatNetAnnouncer *self = user_data;

  /* This runs inside avahi_client_new() too, before self->client is set: use @client. */
  switch (state)
    {
    case AVAHI_CLIENT_S_RUNNING:
      add_service (self, client);
      break;
    case AVAHI_CLIENT_S_COLLISION:
    case AVAHI_CLIENT_S_REGISTERING:
      /* The daemon's host name is being settled: announce again once it is. */
      if (self->group != NULL)
        avahi_entry_group_reset (self->group);
      break;
    case AVAHI_CLIENT_FAILURE:
      announcer_fail (self, "the Avahi daemon went away", avahi_client_errno (client));
      break;
    case AVAHI_CLIENT_CONNECTING:
    default:
      break;
    }
}

static void
pat_net_announcer_dispose (GObject *object)
{
  pat_net_announcer_stop (PAT_NET_ANNOUNCER (object));
  G_OBJECT_CLASS (pat_net_announcer_parent_class)->dispose (object);
}

static void
pat_net_announcer_finalize (GObject *object)
{
  PatNetAnnouncer *self = PAT_NET_ANNOUNCER (object);

  g_free (self->address);
  g_free (self->service_name);
  G_OBJECT_CLASS (pat_net_announcer_parent_class)->finalize (object);
}

static void
pat_net_announcer_class_init (PatNetAnnouncerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_net_announcer_dispose;
  object_class->finalize = pat_net_announcer_finalize;

  announcer_signals[ANNOUNCER_PUBLISHED] =
    g_signal_new ("published", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  announcer_signals[ANNOUNCER_FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
pat_net_announcer_init (PatNetAnnouncer *self)
{
  self->interface = AVAHI_IF_UNSPEC;
  self->protocol = AVAHI_PROTO_UNSPEC;
}

/* The interface that holds @address, so that the match is announced where it listens only;
 * any interface for the wildcard address or one not found. */
static void
find_interface (PatNetAnnouncer *self,
                const char      *address)
{
  g_autoptr(GInetAddress) wanted = g_inet_address_new_from_string (address);
  struct ifaddrs *list = NULL;
  struct ifaddrs *ifa;

  if (wanted == NULL)
    return;
  self->protocol = g_inet_address_get_family (wanted) == G_SOCKET_FAMILY_IPV6 ?
                   AVAHI_PROTO_INET6 : AVAHI_PROTO_INET;
  if (g_inet_address_get_is_any (wanted))
    {
      /* "::" listens on IPv4 as well. */
      if (self->protocol == AVAHI_PROTO_INET6)
        self->protocol = AVAHI_PROTO_UNSPEC;
      return;
    }
  if (getifaddrs (&list) != 0)
    return;
  for (ifa = list; ifa != NULL; ifa = ifa->ifa_next)
    {
      g_autoptr(GSocketAddress) socket_address = NULL;
      gsize size;

      if (ifa->ifa_addr == NULL)
        continue;
      if (ifa->ifa_addr->sa_family == AF_INET)
        size = sizeof (struct sockaddr_in);
      else if (ifa->ifa_addr->sa_family == AF_INET6)
        size = sizeof (struct sockaddr_in6);
      else
        continue;
      socket_address = g_socket_address_new_from_native (ifa->ifa_addr, size);
      if (G_IS_INET_SOCKET_ADDRESS (socket_address) &&
          g_inet_address_equal (wanted, g_inet_socket_address_get_address (
                                  G_INET_SOCKET_ADDRESS (socket_address))))
        {
          unsigned index = if_nametoindex (ifa->ifa_name);

          if (index > 0)
            self->interface = (AvahiIfIndex) index;
          break;
        }
    }
  freeifaddrs (list);
}

/**
 * pat_net_announcer_new:
 * @info: the match, its name and version filled in
 * @address: (nullable): the address the host listens on: the announcement is made on the
 *   interface that holds it (all interfaces for %NULL or the wildcard address)
 * @port: the port the host listens on
 *
 * Returns: (transfer full): an announcer, not yet started
 */
PatNetAnnouncer *
pat_net_announcer_new (const PatNetMatchInfo *info,
                       const char            *address,
                       guint                  port)
{
  PatNetAnnouncer *self = g_object_new (PAT_TYPE_NET_ANNOUNCER, NULL);
  const char *end = info->name;

  self->info = *info;
  self->address = g_strdup (address);
  self->port = port;
  if (address != NULL)
    find_interface (self, address);
  /* The instance name is the match's, cut to what a DNS label holds, at a character's end;
   * the TXT record carries the whole name. */
  while (*end != '\0' && g_utf8_next_char (end) - info->name <= PAT_NET_MAX_SERVICE_NAME)
    end = g_utf8_next_char (end);
  self->service_name = g_strndup (info->name, (gsize) (end - info->name));
  return self;
}

static gboolean
discovery_unavailable (GError **error,
                       int      avahi_error)
{
  g_set_error (error, PAT_NET_DISCOVERY_ERROR, PAT_NET_DISCOVERY_ERROR_UNAVAILABLE,
               "discovery is unavailable: %s (is avahi-daemon running?)",
               avahi_strerror (avahi_error));
  return FALSE;
}

/**
 * pat_net_announcer_start:
 * @self: an announcer
 * @error: return location for a #PAT_NET_DISCOVERY_ERROR_UNAVAILABLE
 *
 * Connects to the Avahi daemon and announces the match once the daemon is ready ("published"
 * says when). Without a daemon it fails at once, and the match can still be joined by its
 * address and port.
 *
 * Returns: whether the daemon answered
 */
gboolean
pat_net_announcer_start (PatNetAnnouncer  *self,
                         GError          **error)
{
  int avahi_error = 0;

  g_return_val_if_fail (PAT_IS_NET_ANNOUNCER (self), FALSE);
  g_return_val_if_fail (self->client == NULL, FALSE);

  if (self->poll == NULL)
    self->poll = avahi_glib_poll_new (NULL, G_PRIORITY_DEFAULT);
  self->client = avahi_client_new (avahi_glib_poll_get (self->poll), 0, announcer_client_cb,
                                   self, &avahi_error);
  if (self->client == NULL)
    {
      g_clear_pointer (&self->group, avahi_entry_group_free);
      return discovery_unavailable (error, avahi_error);
    }
  return TRUE;
}

/**
 * pat_net_announcer_set_players:
 * @self: an announcer
 * @players: the players joined so far
 *
 * Updates the announcement's "players".
 */
void
pat_net_announcer_set_players (PatNetAnnouncer *self,
                               guint            players)
{
  AvahiStringList *txt;

  g_return_if_fail (PAT_IS_NET_ANNOUNCER (self));

  if (self->info.players == players)
    return;
  self->info.players = players;
  if (self->group == NULL || avahi_entry_group_is_empty (self->group))
    return;
  txt = txt_list (&self->info);
  avahi_entry_group_update_service_txt_strlst (self->group, self->interface, self->protocol, 0,
                                               self->service_name, PAT_NET_SERVICE_TYPE, NULL,
                                               txt);
  avahi_string_list_free (txt);
}

/**
 * pat_net_announcer_stop:
 * @self: an announcer
 *
 * Withdraws the announcement (mDNS says goodbye) and leaves the daemon.
 */
void
pat_net_announcer_stop (PatNetAnnouncer *self)
{
  g_return_if_fail (PAT_IS_NET_ANNOUNCER (self));

  g_clear_pointer (&self->group, avahi_entry_group_free);
  g_clear_pointer (&self->client, avahi_client_free);
  g_clear_pointer (&self->poll, avahi_glib_poll_free);
}

/* A match found */

struct _PatNetFoundMatch
{
  GObject          parent_instance;

  char            *service;
  char            *domain;
  char            *host;
  char            *address;
  guint            port;
  AvahiIfIndex     interface;
  AvahiProtocol    protocol;
  PatNetMatchInfo  info;
};

G_DEFINE_FINAL_TYPE (PatNetFoundMatch, pat_net_found_match, G_TYPE_OBJECT)

static void
pat_net_found_match_finalize (GObject *object)
{
  PatNetFoundMatch *self = PAT_NET_FOUND_MATCH (object);

  g_free (self->service);
  g_free (self->domain);
  g_free (self->host);
  g_free (self->address);
  G_OBJECT_CLASS (pat_net_found_match_parent_class)->finalize (object);
}

static void
pat_net_found_match_class_init (PatNetFoundMatchClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = pat_net_found_match_finalize;
}

static void
pat_net_found_match_init (PatNetFoundMatch *self)
{
}

/** pat_net_found_match_get_service: Returns: the DNS-SD instance name */
const char *
pat_net_found_match_get_service (PatNetFoundMatch *self)
{
  return self->service;
}

/** pat_net_found_match_get_host: Returns: the host's mDNS name ("name.local") */
const char *
pat_net_found_match_get_host (PatNetFoundMatch *self)
{
  return self->host;
}

/** pat_net_found_match_get_address: Returns: the IP address to connect to */
const char *
pat_net_found_match_get_address (PatNetFoundMatch *self)
{
  return self->address;
}

guint
pat_net_found_match_get_port (PatNetFoundMatch *self)
{
  return self->port;
}

/** pat_net_found_match_get_info: Returns: (transfer none): what the TXT record says */
const PatNetMatchInfo *
pat_net_found_match_get_info (PatNetFoundMatch *self)
{
  return &self->info;
}

/**
 * pat_net_found_match_to_json:
 * @self: a match found
 *
 * Returns: (transfer full): the match as one line of JSON, every text escaped
 */
char *
pat_net_found_match_to_json (PatNetFoundMatch *self)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "match");
  json_builder_set_member_name (builder, "service");
  json_builder_add_string_value (builder, self->service);
  json_builder_set_member_name (builder, "host");
  json_builder_add_string_value (builder, self->host);
  json_builder_set_member_name (builder, "address");
  json_builder_add_string_value (builder, self->address);
  json_builder_set_member_name (builder, "port");
  json_builder_add_int_value (builder, self->port);
  json_builder_set_member_name (builder, "v");
  json_builder_add_int_value (builder, self->info.version);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, self->info.name);
  json_builder_set_member_name (builder, "host_name");
  json_builder_add_string_value (builder, self->info.host_name);
  json_builder_set_member_name (builder, "players");
  json_builder_add_int_value (builder, self->info.players);
  json_builder_set_member_name (builder, "max");
  json_builder_add_int_value (builder, self->info.max_players);
  json_builder_set_member_name (builder, "teams");
  json_builder_add_int_value (builder, self->info.teams);
  json_builder_set_member_name (builder, "target");
  json_builder_add_int_value (builder, self->info.target);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

/* The browser */

struct _PatNetBrowser
{
  GObject              parent_instance;

  GPtrArray           *matches;    /* PatNetFoundMatch */
  GHashTable          *resolvers;  /* resolver_key () → AvahiServiceResolver */
  AvahiGLibPoll       *poll;
  AvahiClient         *client;
  AvahiServiceBrowser *browser;
};

static void pat_net_browser_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PatNetBrowser, pat_net_browser, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      pat_net_browser_list_model_init))

enum {
  BROWSER_FAILED,
  N_BROWSER_SIGNALS
};

static guint browser_signals[N_BROWSER_SIGNALS];

static GType
browser_get_item_type (GListModel *model)
{
  return PAT_TYPE_NET_FOUND_MATCH;
}

static guint
browser_get_n_items (GListModel *model)
{
  return PAT_NET_BROWSER (model)->matches->len;
}

static gpointer
browser_get_item (GListModel *model,
                  guint       position)
{
  PatNetBrowser *self = PAT_NET_BROWSER (model);

  if (position >= self->matches->len)
    return NULL;
  return g_object_ref (self->matches->pdata[position]);
}

static void
pat_net_browser_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = browser_get_item_type;
  iface->get_n_items = browser_get_n_items;
  iface->get_item = browser_get_item;
}

/* The position of the match announced under these names, or -1. */
static int
find_match (PatNetBrowser *self,
            AvahiIfIndex   interface,
            AvahiProtocol  protocol,
            const char    *service,
            const char    *domain)
{
  guint i;

  for (i = 0; i < self->matches->len; i++)
    {
      PatNetFoundMatch *match = self->matches->pdata[i];

      if (match->interface == interface && match->protocol == protocol &&
          strcmp (match->service, service) == 0 && strcmp (match->domain, domain) == 0)
        return (int) i;
    }
  return -1;
}

static void
remove_match (PatNetBrowser *self,
              int            position)
{
  if (position < 0)
    return;
  g_ptr_array_remove_index (self->matches, (guint) position);
  g_list_model_items_changed (G_LIST_MODEL (self), (guint) position, 1, 0);
}

/* What names an announcement: the same name may be announced on several interfaces. */
static char *
resolver_key (AvahiIfIndex  interface,
              AvahiProtocol protocol,
              const char   *service,
              const char   *domain)
{
  return g_strdup_printf ("%d/%d/%s/%s", interface, protocol, service, domain);
}

static void
browser_fail (PatNetBrowser *self,
              int            avahi_error)
{
  g_autoptr(GError) error = NULL;
  guint n = self->matches->len;

  g_hash_table_remove_all (self->resolvers);
  g_ptr_array_set_size (self->matches, 0);
  if (n > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, n, 0);
  g_set_error (&error, PAT_NET_DISCOVERY_ERROR, PAT_NET_DISCOVERY_ERROR_FAILED,
               "discovery stopped: %s", avahi_strerror (avahi_error));
  g_signal_emit (self, browser_signals[BROWSER_FAILED], 0, error);
}

static void
resolve_cb (AvahiServiceResolver   *resolver,
            AvahiIfIndex            interface,
            AvahiProtocol           protocol,
            AvahiResolverEvent      event,
            const char             *name,
            const char             *type,
            const char             *domain,
            const char             *host_name,
            const AvahiAddress     *address,
            uint16_t                port,
            AvahiStringList        *txt,
            AvahiLookupResultFlags  flags,
            void                   *user_data)
{
  PatNetBrowser *self = user_data;
  g_autofree char *key = resolver_key (interface, protocol, name, domain);
  g_autoptr(GPtrArray) strings = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GError) error = NULL;
  g_autoptr(PatNetFoundMatch) match = NULL;
  char text[AVAHI_ADDRESS_STR_MAX];
  char interface_name[IF_NAMESIZE];
  PatNetMatchInfo info;
  AvahiStringList *item;

  if (event != AVAHI_RESOLVER_FOUND)
    {
      g_debug ("cannot resolve the match announced as %s: %s", name,
               avahi_strerror (avahi_client_errno (avahi_service_resolver_get_client (resolver))));
      remove_match (self, find_match (self, interface, protocol, name, domain));
      g_hash_table_remove (self->resolvers, key);
      return;
    }

  /* Avahi checks DNS names, not what they are made of: the names are text to show. */
  if (!g_utf8_validate (name, -1, NULL) || !g_utf8_validate (host_name, -1, NULL) ||
      !g_utf8_validate (domain, -1, NULL))
    {
      g_debug ("an announcement's names are not UTF-8: ignored");
      return;
    }
  for (item = txt; item != NULL; item = avahi_string_list_get_next (item))
    {
      if (strings->len > PAT_NET_MAX_TXT_STRINGS)
        break;
      g_ptr_array_add (strings, g_bytes_new (avahi_string_list_get_text (item),
                                             avahi_string_list_get_size (item)));
    }
  if (!pat_net_match_info_from_txt (strings, &info, &error))
    {
      g_debug ("the announcement %s is not a match's: %s", name, error->message);
      remove_match (self, find_match (self, interface, protocol, name, domain));
      return;
    }

  match = g_object_new (PAT_TYPE_NET_FOUND_MATCH, NULL);
  match->service = g_strdup (name);
  match->domain = g_strdup (domain);
  match->host = g_strdup (host_name);
  avahi_address_snprint (text, sizeof text, address);
  /* A link-local IPv6 address needs its interface to be reached. */
  if (address->proto == AVAHI_PROTO_INET6 && g_str_has_prefix (text, "fe80:") &&
      if_indextoname ((unsigned) interface, interface_name) != NULL)
    match->address = g_strdup_printf ("%s%%%s", text, interface_name);
  else
    match->address = g_strdup (text);
  match->port = port;
  match->interface = interface;
  match->protocol = protocol;
  match->info = info;

  /* A new TXT record (more players) replaces the match in place. */
  {
    int position = find_match (self, interface, protocol, name, domain);

    if (position >= 0)
      {
        g_object_unref (self->matches->pdata[position]);
        self->matches->pdata[position] = g_steal_pointer (&match);
        g_list_model_items_changed (G_LIST_MODEL (self), (guint) position, 1, 1);
        return;
      }
  }
  g_ptr_array_add (self->matches, g_steal_pointer (&match));
  g_list_model_items_changed (G_LIST_MODEL (self), self->matches->len - 1, 0, 1);
}

static void
browse_cb (AvahiServiceBrowser    *browser,
           AvahiIfIndex            interface,
           AvahiProtocol           protocol,
           AvahiBrowserEvent       event,
           const char             *name,
           const char             *type,
           const char             *domain,
           AvahiLookupResultFlags  flags,
           void                   *user_data)
{
  PatNetBrowser *self = user_data;
  AvahiClient *client = avahi_service_browser_get_client (browser);
  g_autofree char *key = NULL;
  AvahiServiceResolver *resolver;

  switch (event)
    {
    case AVAHI_BROWSER_NEW:
      /* The resolver stays up: a changed TXT record (more players) is resolved again. The
       * address is of the family the service was announced on, the one the host listens on. */
      key = resolver_key (interface, protocol, name, domain);
      if (g_hash_table_contains (self->resolvers, key))
        break;
      resolver = avahi_service_resolver_new (client, interface, protocol, name, type, domain,
                                             protocol, 0, resolve_cb, self);
      if (resolver == NULL)
        g_debug ("cannot resolve %s: %s", name, avahi_strerror (avahi_client_errno (client)));
      else
        g_hash_table_insert (self->resolvers, g_steal_pointer (&key), resolver);
      break;
    case AVAHI_BROWSER_REMOVE:
      key = resolver_key (interface, protocol, name, domain);
      g_hash_table_remove (self->resolvers, key);
      remove_match (self, find_match (self, interface, protocol, name, domain));
      break;
    case AVAHI_BROWSER_FAILURE:
      browser_fail (self, avahi_client_errno (client));
      break;
    case AVAHI_BROWSER_ALL_FOR_NOW:
    case AVAHI_BROWSER_CACHE_EXHAUSTED:
    default:
      break;
    }
}

static void
browser_client_cb (AvahiClient      *client,
                   AvahiClientState  state,
                   void             *user_data)
{
  PatNetBrowser *self = user_data;

  if (state == AVAHI_CLIENT_FAILURE)
    browser_fail (self, avahi_client_errno (client));
}

static void
pat_net_browser_dispose (GObject *object)
{
  PatNetBrowser *self = PAT_NET_BROWSER (object);

  g_hash_table_remove_all (self->resolvers);
  g_clear_pointer (&self->browser, avahi_service_browser_free);
  g_clear_pointer (&self->client, avahi_client_free);
  g_clear_pointer (&self->poll, avahi_glib_poll_free);
  G_OBJECT_CLASS (pat_net_browser_parent_class)->dispose (object);
}

static void
pat_net_browser_finalize (GObject *object)
{
  PatNetBrowser *self = PAT_NET_BROWSER (object);

  g_ptr_array_unref (self->matches);
  g_hash_table_unref (self->resolvers);
  G_OBJECT_CLASS (pat_net_browser_parent_class)->finalize (object);
}

static void
pat_net_browser_class_init (PatNetBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_net_browser_dispose;
  object_class->finalize = pat_net_browser_finalize;

  browser_signals[BROWSER_FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
pat_net_browser_init (PatNetBrowser *self)
{
  self->matches = g_ptr_array_new_with_free_func (g_object_unref);
  self->resolvers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                           (GDestroyNotify) avahi_service_resolver_free);
}

/**
 * pat_net_browser_new:
 *
 * Returns: (transfer full): a browser, not yet started, listing no match
 */
PatNetBrowser *
pat_net_browser_new (void)
{
  return g_object_new (PAT_TYPE_NET_BROWSER, NULL);
}

/**
 * pat_net_browser_start:
 * @self: a browser
 * @error: return location for a #PAT_NET_DISCOVERY_ERROR_UNAVAILABLE
 *
 * Connects to the Avahi daemon and browses for matches: the list fills as they are found and
 * resolved. Without a daemon it fails at once: matches can still be joined by address.
 *
 * Returns: whether browsing started
 */
gboolean
pat_net_browser_start (PatNetBrowser  *self,
                       GError        **error)
{
  int avahi_error = 0;

  g_return_val_if_fail (PAT_IS_NET_BROWSER (self), FALSE);
  g_return_val_if_fail (self->client == NULL, FALSE);

  if (self->poll == NULL)
    self->poll = avahi_glib_poll_new (NULL, G_PRIORITY_DEFAULT);
  self->client = avahi_client_new (avahi_glib_poll_get (self->poll), 0, browser_client_cb, self,
                                   &avahi_error);
  if (self->client == NULL)
    return discovery_unavailable (error, avahi_error);
  self->browser = avahi_service_browser_new (self->client, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC,
                                             PAT_NET_SERVICE_TYPE, NULL, 0, browse_cb, self);
  if (self->browser == NULL)
    {
      avahi_error = avahi_client_errno (self->client);
      g_clear_pointer (&self->client, avahi_client_free);
      return discovery_unavailable (error, avahi_error);
    }
  return TRUE;
}
