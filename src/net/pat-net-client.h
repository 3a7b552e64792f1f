/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetClient: a player's connection to a match host, a WebSocket over TLS whose certificate
 * is pinned (given, or trusted on first use). */
#pragma once

#include <gio/gio.h>

#include "pat-net-message.h"

G_BEGIN_DECLS

#define PAT_TYPE_NET_CLIENT (pat_net_client_get_type ())

G_DECLARE_FINAL_TYPE (PatNetClient, pat_net_client, PAT, NET_CLIENT, GObject)

/*
 * Signals:
 *   opened ()                         — the connection is up (TLS checked); send hello now
 *   message (PatNetMessage *message)  — a message from the host, read and validated
 *   closed (GError *error)            — the connection is over: @error is %NULL after a
 *                                       normal close, else why (refused, a bad message, the
 *                                       host gone, the certificate not the pinned one)
 *   sent (const PatNetMessage *message) — pat_net_client_send() has just queued @message on
 *                                       an open connection (not emitted when the connection
 *                                       is not open, nor for pat_net_client_send_raw()): for
 *                                       whoever traces or paces what a player sends
 */

PatNetClient *pat_net_client_new       (const char          *address,
                                        guint                port,
                                        const char          *fingerprint);
void          pat_net_client_connect   (PatNetClient        *self);
void          pat_net_client_send      (PatNetClient        *self,
                                        const PatNetMessage *message);
/* Sends @bytes as they are, as one text or binary message: for tests of the host. */
void          pat_net_client_send_raw  (PatNetClient        *self,
                                        GBytes              *bytes,
                                        gboolean             binary);
void          pat_net_client_close     (PatNetClient        *self);
gboolean      pat_net_client_is_open   (PatNetClient        *self);
/* The pinned fingerprint: as given, or (given none) the first handshake's; NULL before it. */
const char   *pat_net_client_get_fingerprint (PatNetClient  *self);
const char   *pat_net_client_get_address     (PatNetClient  *self);
guint         pat_net_client_get_port        (PatNetClient  *self);
/* After "closed" with PAT_NET_ERROR_VERSION: the host's protocol version, else 0. */
guint         pat_net_client_get_host_protocol (PatNetClient *self);

/* Parses "ADDRESS:PORT" ("[ADDRESS]:PORT" for IPv6). */
gboolean      pat_net_parse_address    (const char          *text,
                                        char               **address,
                                        guint               *port,
                                        GError             **error);

G_END_DECLS
