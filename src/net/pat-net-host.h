/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetHost: hosts a Demon match over the network and decides its score by replaying every
 * player's moves with the engine. */
#pragma once

#include <gio/gio.h>

#include "pat-net-message.h"

G_BEGIN_DECLS

/* Where and how players connect: wss://ADDRESS:PORT/PAT_NET_WS_PATH, subprotocol below. */
#define PAT_NET_WS_PATH "/patience"
#define PAT_NET_WS_PROTOCOL "patience"
/* Wrong codes from one address: each refusal waits PAT_NET_WRONG_CODE_DELAY_MS × 2^(n − 1)
 * before it is sent; after PAT_NET_MAX_WRONG_CODES the address is refused for the match. */
#define PAT_NET_WRONG_CODE_DELAY_MS 250
#define PAT_NET_MAX_WRONG_CODES 5
/* A connection that says no hello in this time is closed; connections not yet in the match
 * are at most PAT_NET_MAX_PENDING. */
#define PAT_NET_HELLO_TIMEOUT_S 10
#define PAT_NET_MAX_PENDING 16
/* libsoup drops a connection without a word for a message over this size; one over
 * PAT_NET_MAX_MESSAGE_SIZE but under it gets an error message saying so. */
#define PAT_NET_MAX_FRAME (64 * 1024)
/* Both sides ping every PAT_NET_KEEPALIVE_S; a connection that brings nothing (not even a
 * pong) for PAT_NET_SILENCE_S is taken as lost, as a closed laptop or a dead link leaves it. */
#define PAT_NET_KEEPALIVE_S 2
#define PAT_NET_SILENCE_S 10
/* How long a player whose connection dropped stays away (their round waits, their seat is
 * kept) before they are gone for good and their round ends with the score it has. */
#define PAT_NET_GRACE_S 300

typedef struct {
  const char    *name;         /* the match's name, shown to players */
  const char    *code;         /* the match code players must give */
  int            target;       /* 1 … PAT_NET_MAX_TARGET */
  guint          n_teams;      /* 0, or 2 … PAT_NET_MAX_TEAMS */
  PatDieMode     die_mode;
  guint          n_players;    /* the round starts when this many have joined (1 … 8) */
  PatDealNumber  first_deal;   /* round R plays deal first_deal + R − 1 */
  guint          round_pause_ms;  /* between a round's end and the next round's start */
  guint          wrong_code_delay_ms;  /* 0: PAT_NET_WRONG_CODE_DELAY_MS (tests make it short) */
  guint          grace_s;      /* 0: PAT_NET_GRACE_S */
  guint          round_time_limit_s;  /* 0 for none, else 1 … PAT_NET_MAX_TIME_LIMIT: then the
                                       * host ends the round of everyone still playing */
} PatNetHostSettings;

#define PAT_TYPE_NET_HOST (pat_net_host_get_type ())

G_DECLARE_FINAL_TYPE (PatNetHost, pat_net_host, PAT, NET_HOST, GObject)

/*
 * Signals:
 *   sent (PatNetMessage *message)   — a message went to every player (lobby, round-start,
 *                                     player-state, round-end, match-end): the live table
 *   move-played (guint player, guint round, const char *move)
 *                                   — the engine accepted a player's move
 *   turned-away (const char *address, int player, const char *why)
 *                                   — a connection was refused or closed for what it sent
 *                                     (@player −1 when it was not a player), or
 *                                     was lost (no word for PAT_NET_SILENCE_S)
 *   rejoined (guint player)         — a player who lost the connection took the seat again
 *   finished ()                     — the match is over; match-end was sent
 */

PatNetHost *pat_net_host_new         (const PatNetHostSettings  *settings,
                                      GTlsCertificate           *certificate,
                                      GError                   **error);
gboolean    pat_net_host_listen      (PatNetHost                *self,
                                      const char                *address,
                                      guint                      port,
                                      GError                   **error);
/* A saved match keeps its time limit; the round being played when it was saved gets the full
 * limit again from the resume. */
PatNetHost *pat_net_host_new_from_state (const char         *path,
                                         guint               round_pause_ms,
                                         guint               grace_s,
                                         GTlsCertificate    *certificate,
                                         GError            **error);
void        pat_net_host_set_state_file (PatNetHost         *self,
                                         const char         *path);
gboolean    pat_net_host_start_now   (PatNetHost                *self);
void        pat_net_host_end         (PatNetHost                *self);
guint       pat_net_host_get_n_joined (PatNetHost               *self);
guint       pat_net_host_get_n_awaited (PatNetHost              *self);
guint       pat_net_host_get_round   (PatNetHost                *self);
guint       pat_net_host_get_port    (PatNetHost                *self);
const char *pat_net_host_get_code    (PatNetHost                *self);
gboolean    pat_net_host_get_finished (PatNetHost               *self);
/* The table after the last round: players (id, name, team, total) and team totals, as
 * match-end carries it. */
const PatNetMessage *pat_net_host_get_result (PatNetHost        *self);

G_END_DECLS
