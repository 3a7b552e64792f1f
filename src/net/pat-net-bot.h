/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetBot: a headless player of a network match, moved by the engine's greedy player. */
#pragma once

#include <gio/gio.h>

#include "pat-net-client.h"

G_BEGIN_DECLS

#define PAT_TYPE_NET_BOT (pat_net_bot_get_type ())

G_DECLARE_FINAL_TYPE (PatNetBot, pat_net_bot, PAT, NET_BOT, GObject)

/*
 * The bot says hello when @client opens, plays every round's deal with pat_greedy_next_move()
 * (never going back to a position; with a seed, one move in eight at random), one move a
 * main-loop turn, and ends its round when the greedy player has no move left or after 150 moves
 * without a card going out. It keeps its own copy of the position, as the app will.
 *
 * Signals:
 *   finished (GError *error)  — the connection is over: %NULL after the match ended normally
 */

PatNetBot      *pat_net_bot_new        (PatNetClient *client,
                                        const char   *name,
                                        int           team,
                                        const char   *code,
                                        guint64       seed);
PatNetClient   *pat_net_bot_get_client (PatNetBot    *self);
/* The bot's player number, or -1 before the host welcomed it. */
int             pat_net_bot_get_player (PatNetBot    *self);
/* The bot's own score of the round being played (or the last one): its copy of the position. */
int             pat_net_bot_get_score  (PatNetBot    *self);
guint           pat_net_bot_get_moves  (PatNetBot    *self);

G_END_DECLS
