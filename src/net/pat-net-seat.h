/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetSeat: one player's seat in a network match, as the app (and the headless player) keeps
 * it: the connection to the host, the round's game, the moves sent and kept, the table as the
 * host tells it, and rejoining after the connection drops. */
#pragma once

#include <gio/gio.h>

#include "pat-game.h"
#include "pat-net-client.h"

G_BEGIN_DECLS

typedef enum {
  PAT_NET_SEAT_CONNECTING,  /* connecting, saying hello, waiting for welcome */
  PAT_NET_SEAT_LOBBY,       /* in the match, waiting for the first round */
  PAT_NET_SEAT_PLAYING,     /* a round is on and this player's round has not ended */
  PAT_NET_SEAT_WAITING,     /* this player's round ended: others play on, or between rounds */
  PAT_NET_SEAT_AWAY,        /* the connection dropped: trying to rejoin */
  PAT_NET_SEAT_OVER,        /* the match ended (pat_net_seat_get_result() has the table) */
  PAT_NET_SEAT_FAILED,      /* refused, the host gone for good, or left: see get_error() */
} PatNetSeatState;

#define PAT_TYPE_NET_SEAT_STATE (pat_net_seat_state_get_type ())
GType pat_net_seat_state_get_type (void) G_GNUC_CONST;

/* One row of the live table. Properties (read-only, notified on change): id (uint), name
 * (string), team (int, -1 without teams), connected, gone (boolean), foundation (uint: cards on
 * the foundations this round), score (int: this round's), total (int: before this round),
 * ended (boolean: this round over for them), moves (uint), me (boolean: this seat's player). */
#define PAT_TYPE_NET_SEAT_PLAYER (pat_net_seat_player_get_type ())

G_DECLARE_FINAL_TYPE (PatNetSeatPlayer, pat_net_seat_player, PAT, NET_SEAT_PLAYER, GObject)

guint       pat_net_seat_player_get_id         (PatNetSeatPlayer *self);
const char *pat_net_seat_player_get_name       (PatNetSeatPlayer *self);
int         pat_net_seat_player_get_team       (PatNetSeatPlayer *self);
gboolean    pat_net_seat_player_get_connected  (PatNetSeatPlayer *self);
gboolean    pat_net_seat_player_get_gone       (PatNetSeatPlayer *self);
guint       pat_net_seat_player_get_foundation (PatNetSeatPlayer *self);
int         pat_net_seat_player_get_score      (PatNetSeatPlayer *self);
int         pat_net_seat_player_get_total      (PatNetSeatPlayer *self);
gboolean    pat_net_seat_player_get_ended      (PatNetSeatPlayer *self);
guint       pat_net_seat_player_get_moves      (PatNetSeatPlayer *self);
gboolean    pat_net_seat_player_get_me         (PatNetSeatPlayer *self);

#define PAT_TYPE_NET_SEAT (pat_net_seat_get_type ())

G_DECLARE_FINAL_TYPE (PatNetSeat, pat_net_seat, PAT, NET_SEAT, GObject)

/*
 * Properties (read-only, notified on change): state (PatNetSeatState), round (uint: the round
 * being played or last played, 0 before the first), game (PatGame: the round's game, NULL before
 * the first round), time-limit (uint: the round's time limit in seconds, 0 for none).
 *
 * Each round's game is a PatGame of Demon on the host's deal and die mode, made "replayed"
 * (pat_game_set_replayed()): nothing goes up by itself, no undo. Every move played on it
 * (its move-applied signal) is sent to the host, numbered, and kept for a rejoin; when the game
 * ends (won or blocked) the host ends the round itself.
 *
 * Signals:
 *   round-started (PatGame *game)  — a new round's game: show it and let the player play
 *   round-ended ()                 — every player's round is over: the table has the scores
 *   move-refused (const char *why) — the host refused a move: this player's round is ended
 *   match-ended ()                 — the match is over: get_result() is the final table
 *   rejoined (guint resent)        — back in after a drop, @resent moves sent again
 *   reconnecting (guint attempt, guint delay_ms, const char *why)
 *                                  — the connection dropped (@why, in English, for logs); the
 *                                    seat is AWAY and tries again in @delay_ms
 *   table-changed ()               — a player came, or a row of get_players() changed in place
 *                                    (name, team, connected, cards, scores…): the table to show
 *
 * Errors (get_error()) are PAT_NET_ERROR with a translated sentence for the player, to show as
 * it is: REFUSED (wrong code, full, name taken, started without you, seat given up…),
 * CERTIFICATE (not the host this client pinned), VERSION, CLOSED (lost the connection, or the
 * host closed the match), FAILED (could not connect at all). FAILED with no error: the player
 * left (pat_net_seat_leave()).
 */

PatNetSeat          *pat_net_seat_new            (PatNetClient   *client,
                                                  const char     *name,
                                                  int             team,
                                                  const char     *code);
/* Connects and says hello. */
void                 pat_net_seat_start          (PatNetSeat     *self);
/* Says bye and closes: the player leaves for good (the host keeps their score). The state
 * becomes FAILED at once, with no error; the state file is removed. */
void                 pat_net_seat_leave          (PatNetSeat     *self);
/* End My Round. */
void                 pat_net_seat_end_round      (PatNetSeat     *self);
/* How long to keep trying to rejoin after the connection drops: 0 never; the app uses
 * PAT_NET_GRACE_S. */
void                 pat_net_seat_set_rejoin_window (PatNetSeat  *self,
                                                     guint        seconds);

/* Saves the seat after every change (the host's address, port and certificate fingerprint, the
 * match code, name, player number, token, round, deal and moves sent), atomically, so that the
 * app started again after a crash or a kill can take the seat back: new_from_state() makes a
 * seat that connects and rejoins with the token, and sends again the moves the host lacks. */
void                 pat_net_seat_set_state_file (PatNetSeat     *self,
                                                  const char     *path);
/* The seat from new_from_state() is started already (start() then does nothing); a corrupt or
 * foreign file gives a PAT_NET_ERROR_FAILED with a sentence for the player. The file is removed
 * when the match ends or the player leaves. */
PatNetSeat          *pat_net_seat_new_from_state (const char     *path,
                                                  GError        **error);
/* The same from a state file's @contents, named @path in the messages, not started and saving
 * nowhere (for the fuzz target and the tests): nothing connects until pat_net_seat_start(). */
PatNetSeat          *pat_net_seat_new_from_state_data (const char  *contents,
                                                       gsize        length,
                                                       const char  *path,
                                                       GError     **error);

PatNetClient        *pat_net_seat_get_client     (PatNetSeat     *self);
PatNetSeatState      pat_net_seat_get_state      (PatNetSeat     *self);
/* Why the state is FAILED (or, while AWAY, why the connection dropped); NULL otherwise. */
const GError        *pat_net_seat_get_error      (PatNetSeat     *self);
/* From welcome: this seat's player number (-1 before), the match's name, target, teams, die. */
int                  pat_net_seat_get_player     (PatNetSeat     *self);
const char          *pat_net_seat_get_match_name (PatNetSeat     *self);
int                  pat_net_seat_get_target     (PatNetSeat     *self);
guint                pat_net_seat_get_n_teams    (PatNetSeat     *self);
PatDieMode           pat_net_seat_get_die_mode   (PatNetSeat     *self);
guint                pat_net_seat_get_round      (PatNetSeat     *self);
/* From round-start: the round's time limit in seconds (0: none), counted from the monotonic time
 * round-start came (µs). */
guint                pat_net_seat_get_time_limit (PatNetSeat     *self);
gint64               pat_net_seat_get_round_started_us (PatNetSeat *self);
PatGame             *pat_net_seat_get_game       (PatNetSeat     *self);
/* The table: a GListModel of PatNetSeatPlayer, by player number, as lobby, player-state and
 * round-end messages make it. */
GListModel          *pat_net_seat_get_players    (PatNetSeat     *self);
/* A team's total before the round being played (as the last round-end said), 0 … n_teams − 1. */
int                  pat_net_seat_get_team_total (PatNetSeat     *self,
                                                  guint           team);
/* The match-end message once the match is over, else NULL. */
const PatNetMessage *pat_net_seat_get_result     (PatNetSeat     *self);
/* This round's moves kept for the host: sent, or waiting for a rejoin to be sent. */
guint                pat_net_seat_get_moves_sent (PatNetSeat     *self);

G_END_DECLS
