/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetAnnouncer and PatNetBrowser: matches announced and found with DNS-SD over mDNS, through
 * the Avahi daemon, on the GLib main loop. */
#pragma once

#include <gio/gio.h>

#include "pat-net-message.h"

G_BEGIN_DECLS

/* The DNS-SD service type of a match host. */
#define PAT_NET_SERVICE_TYPE "_patience._tcp"
/* A TXT record's strings: at most this many bytes each (DNS's limit), at most
 * PAT_NET_MAX_TXT_STRINGS of them, PAT_NET_MAX_TXT_BYTES in all. */
#define PAT_NET_MAX_TXT_STRING 255
#define PAT_NET_MAX_TXT_STRINGS 16
#define PAT_NET_MAX_TXT_BYTES 1024
/* A DNS-SD instance name, in bytes. */
#define PAT_NET_MAX_SERVICE_NAME 63

#define PAT_NET_DISCOVERY_ERROR (pat_net_discovery_error_quark ())

typedef enum {
  PAT_NET_DISCOVERY_ERROR_UNAVAILABLE,  /* no Avahi daemon (or no system bus) to talk to */
  PAT_NET_DISCOVERY_ERROR_FAILED,       /* the daemon refused or went away */
  PAT_NET_DISCOVERY_ERROR_BAD_TXT,      /* an announcement's TXT record is not a match's */
} PatNetDiscoveryError;

/* What a host announces, and what a player finds. */
typedef struct {
  char  name[PAT_NET_NAME_BYTES];       /* the match's name */
  char  host_name[PAT_NET_NAME_BYTES];  /* the hosting player's name; "" when not given */
  int   version;                        /* the protocol version the host speaks */
  guint players;                        /* players joined so far */
  guint max_players;                    /* players the host waits for */
  guint teams;                          /* 0, or 2 … PAT_NET_MAX_TEAMS */
  int   target;                         /* 1 … PAT_NET_MAX_TARGET */
} PatNetMatchInfo;

GQuark      pat_net_discovery_error_quark (void);

/* The TXT strings (GBytes) that announce @info, and their reading back, which validates every
 * string: it comes from the network. */
GPtrArray  *pat_net_match_info_to_txt    (const PatNetMatchInfo  *info);
gboolean    pat_net_match_info_from_txt  (GPtrArray              *txt,
                                          PatNetMatchInfo        *info,
                                          GError                **error);

#define PAT_TYPE_NET_ANNOUNCER (pat_net_announcer_get_type ())

G_DECLARE_FINAL_TYPE (PatNetAnnouncer, pat_net_announcer, PAT, NET_ANNOUNCER, GObject)

/*
 * Signals:
 *   published (const char *service_name)  — the announcement is up, under that instance name
 *                                           (another than the match's when two collide)
 *   failed (GError *error)                — the daemon went away or refused: no announcement
 */

PatNetAnnouncer *pat_net_announcer_new         (const PatNetMatchInfo  *info,
                                                const char             *address,
                                                guint                   port);
gboolean         pat_net_announcer_start       (PatNetAnnouncer        *self,
                                                GError                **error);
void             pat_net_announcer_set_players (PatNetAnnouncer        *self,
                                                guint                   players);
void             pat_net_announcer_stop        (PatNetAnnouncer        *self);

#define PAT_TYPE_NET_FOUND_MATCH (pat_net_found_match_get_type ())

G_DECLARE_FINAL_TYPE (PatNetFoundMatch, pat_net_found_match, PAT, NET_FOUND_MATCH, GObject)

const char            *pat_net_found_match_get_service   (PatNetFoundMatch *self);
const char            *pat_net_found_match_get_host      (PatNetFoundMatch *self);
const char            *pat_net_found_match_get_address   (PatNetFoundMatch *self);
guint                  pat_net_found_match_get_port      (PatNetFoundMatch *self);
const PatNetMatchInfo *pat_net_found_match_get_info      (PatNetFoundMatch *self);
/* One JSON object on one line: service, host, address, port and the TXT fields. */
char                  *pat_net_found_match_to_json       (PatNetFoundMatch *self);

#define PAT_TYPE_NET_BROWSER (pat_net_browser_get_type ())

/* A GListModel of PatNetFoundMatch: the matches announced now, resolved and valid. */
G_DECLARE_FINAL_TYPE (PatNetBrowser, pat_net_browser, PAT, NET_BROWSER, GObject)

/*
 * Signals:
 *   failed (GError *error)  — the daemon went away: the list empties and stays empty
 */

PatNetBrowser *pat_net_browser_new   (void);
gboolean       pat_net_browser_start (PatNetBrowser  *self,
                                      GError        **error);

G_END_DECLS
