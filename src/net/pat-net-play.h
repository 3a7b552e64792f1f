/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetPlay: a network match played in a session — this player's seat, and when this computer
 * hosts, the host and its announcement. */
#pragma once

#include <gio/gio.h>

#include "pat-net-host.h"
#include "pat-net-seat.h"
#include "pat-session.h"

G_BEGIN_DECLS

/* Where the app's host listens: all IPv4 addresses, on a port the system picks. The test suite
 * sets PATIENCE_NET_ADDRESS (an address to listen on) and PATIENCE_NET_PORT, so that nothing
 * listens on the machine's own interfaces; on a loopback address nothing is announced. */
#define PAT_NET_PLAY_ADDRESS "0.0.0.0"
#define PAT_NET_PLAY_CODE_LENGTH 6

#define PAT_TYPE_NET_PLAY (pat_net_play_get_type ())

G_DECLARE_FINAL_TYPE (PatNetPlay, pat_net_play, PAT, NET_PLAY, GObject)

/*
 * Each round's game goes to the session (pat_session_play_shared()) as the seat gets it;
 * leaving gives the session back the player's own Demon.
 *
 * Properties (read-only, notified on change): seat (PatNetSeat: replaced by a rematch),
 * hosting (boolean), announced (boolean: the match is announced on the network now).
 *
 * Signals:
 *   seat-changed ()  — a rematch made a new seat: follow its table and signals
 *   left ()          — pat_net_play_leave() was called (once): the match is over for this
 *                      player, and the session plays the player's own game again
 */

PatNetPlay  *pat_net_play_host        (PatSession                *session,
                                       const PatNetHostSettings  *settings,
                                       const char                *player_name,
                                       int                        team,
                                       GError                   **error);
/* @fingerprint: the host's, when known; NULL pins the certificate of the first connection. */
PatNetPlay  *pat_net_play_join        (PatSession                *session,
                                       const char                *address,
                                       guint                      port,
                                       const char                *fingerprint,
                                       const char                *player_name,
                                       int                        team,
                                       const char                *code);

/* The match this computer was playing when the app stopped, taken up again; NULL if none. */
PatNetPlay  *pat_net_play_resume      (PatSession                *session,
                                       GError                   **error);

PatSession  *pat_net_play_get_session (PatNetPlay                *self);
PatNetSeat  *pat_net_play_get_seat    (PatNetPlay                *self);
PatNetHost  *pat_net_play_get_host    (PatNetPlay                *self);
gboolean     pat_net_play_get_hosting (PatNetPlay                *self);
gboolean     pat_net_play_get_announced (PatNetPlay              *self);
/* The match code (hosting; for a joined match the code given). */
const char  *pat_net_play_get_code    (PatNetPlay                *self);
/* The host certificate's short form, to compare aloud (NULL before it is known). */
char        *pat_net_play_dup_fingerprint_short (PatNetPlay      *self);
/* Hosting: "ADDRESS:PORT" for each address players may type (NULL-terminated). */
char       **pat_net_play_dup_addresses (PatNetPlay              *self);
/* Hosting: starts the first round with the players who have joined. */
gboolean     pat_net_play_start_now   (PatNetPlay                *self);
/* Another match with the same people: hosting, a new match on the same port with the same code
 * (the certificate is the same); joined, the seat joins the host's rematch, trying for a
 * minute while the host has not started it. */
gboolean     pat_net_play_rematch     (PatNetPlay                *self,
                                       GError                   **error);
/* Leaves the match (a host ends it for everyone) and gives the session back the player's own
 * game. */
void         pat_net_play_leave       (PatNetPlay                *self);

G_END_DECLS
