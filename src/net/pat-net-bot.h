/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetBot: a headless player of a network match, moved by the engine's greedy player. */
#pragma once

#include <gio/gio.h>

#include "pat-net-client.h"
#include "pat-net-seat.h"

G_BEGIN_DECLS

#define PAT_TYPE_NET_BOT (pat_net_bot_get_type ())

G_DECLARE_FINAL_TYPE (PatNetBot, pat_net_bot, PAT, NET_BOT, GObject)

/*
 * The bot sits on a PatNetSeat, as the app's player does: the seat says hello when @client
 * opens, gives each round's game and sends the moves played on it. The bot plays every round's
 * deal with pat_greedy_next_move() (never going back to a position; with a seed, one move in
 * eight at random), one move a main-loop turn, and ends its round when the greedy player has
 * no move left or after 150 moves without a card going out.
 *
 * The seat keeps every move sent, numbered. When the connection drops and a rejoin window is
 * set, it connects again (after 0.5 s, then twice as long each time, at most 5 s apart) until
 * the window closes, sends rejoin with the token of its welcome, and from the host's count of
 * its moves sends again the ones the host has not seen. The bot does not play while away.
 *
 * Signals:
 *   finished (GError *error)  — the connection is over: %NULL after the match ended normally
 *   reconnecting (guint attempt, guint delay_ms, const char *why)
 *                             — the connection dropped (@why); trying again in @delay_ms
 *   rejoined (guint resent)   — back in the match, @resent moves sent again
 */

PatNetBot      *pat_net_bot_new        (PatNetClient *client,
                                        const char   *name,
                                        int           team,
                                        const char   *code,
                                        guint64       seed);
PatNetClient   *pat_net_bot_get_client (PatNetBot    *self);
PatNetSeat     *pat_net_bot_get_seat   (PatNetBot    *self);
/* The bot's player number, or -1 before the host welcomed it. */
int             pat_net_bot_get_player (PatNetBot    *self);
/* The bot's own score of the round being played (or the last one): its copy of the position. */
int             pat_net_bot_get_score  (PatNetBot    *self);
guint           pat_net_bot_get_moves  (PatNetBot    *self);
/* How long to keep trying to rejoin after the connection drops: 0 (the default) never. */
void            pat_net_bot_set_rejoin_window (PatNetBot *self,
                                               guint      seconds);

void            pat_net_bot_set_move_interval (PatNetBot *self,
                                               guint      milliseconds);

G_END_DECLS
