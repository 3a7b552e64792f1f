/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatMatch: a Demon match between named players or teams, played in rounds to a target score. */
#pragma once

#include <gio/gio.h>

#include "pat-game.h"

G_BEGIN_DECLS

#define PAT_TYPE_MATCH (pat_match_get_type ())

G_DECLARE_FINAL_TYPE (PatMatch, pat_match, PAT, MATCH, GObject)

#define PAT_MATCH_MIN_PLAYERS 2
#define PAT_MATCH_MAX_PLAYERS 8
#define PAT_MATCH_DEFAULT_TARGET 200
#define PAT_MATCH_DEFAULT_TEAM_TARGET 500
/* Limits that no match played at a table reaches, so that a crafted file cannot make loading
 * take minutes: names (of players and teams) in characters, and rounds (the last round ends
 * the match: see below). */
#define PAT_MATCH_MAX_NAME_LENGTH 200
#define PAT_MATCH_MAX_ROUNDS 10000

/*
 * Rounds are played in turn: in each round every player plays one game of Demon, in the order
 * the players were given; by default all of a round's players get the same deal, derived from
 * the match's seed and the round number. Each round score adds to the player's total, or to
 * the team's pooled total. When a round is complete, the highest total at or above the target
 * wins; a tie at the top plays one more round (and so on). Round PAT_MATCH_MAX_ROUNDS is the
 * last: after it the highest total wins, even below the target, and a tie at the top draws
 * the match (finished, without a winner).
 *
 * Properties (read-only, notified on change): round (uint, 1-based), current-player (uint),
 *   tie-break (boolean: the round being played breaks a tie), finished (boolean),
 *   game (PatGame: the current player's game, nullable).
 * Signals:
 *   changed ()                 — a score was recorded, a setting changed, or the current
 *                                game changed position (so the match can be saved)
 *   finished (const char *winner)
 *                              — the match is over: won by this player or team, or drawn
 *                                after its last round (@winner %NULL)
 */

PatMatch   *pat_match_new                (const char *const  *players,
                                          GError            **error);
PatMatch   *pat_match_new_with_teams     (const char *const  *players,
                                          const guint        *player_teams,
                                          const char *const  *teams,
                                          GError            **error);

/* Settings; they can only change before the first score is recorded. */
int         pat_match_get_target         (PatMatch           *self);
void        pat_match_set_target         (PatMatch           *self,
                                          int                 target);
gboolean    pat_match_get_same_deal      (PatMatch           *self);
void        pat_match_set_same_deal      (PatMatch           *self,
                                          gboolean            same_deal);
PatOptions  pat_match_get_options        (PatMatch           *self);
void        pat_match_set_options        (PatMatch           *self,
                                          const PatOptions   *options);
guint64     pat_match_get_seed           (PatMatch           *self);
void        pat_match_set_seed           (PatMatch           *self,
                                          guint64             seed);

guint       pat_match_get_n_players      (PatMatch           *self);
const char *pat_match_get_player_name    (PatMatch           *self,
                                          guint               player);
/* The player's team, or -1 in a match without teams. */
int         pat_match_get_player_team    (PatMatch           *self,
                                          guint               player);
int         pat_match_get_player_total   (PatMatch           *self,
                                          guint               player);
guint       pat_match_get_n_teams        (PatMatch           *self);
const char *pat_match_get_team_name      (PatMatch           *self,
                                          guint               team);
int         pat_match_get_team_total     (PatMatch           *self,
                                          guint               team);

guint       pat_match_get_round          (PatMatch           *self);
guint       pat_match_get_current_player (PatMatch           *self);
gboolean    pat_match_get_tie_break      (PatMatch           *self);
/* The score of @player in @round (1-based); FALSE when not played yet. */
gboolean    pat_match_get_round_score    (PatMatch           *self,
                                          guint               round,
                                          guint               player,
                                          int                *score);

/* The deal of the current turn. */
void        pat_match_get_deal           (PatMatch           *self,
                                          PatDealNumber      *deal);
/* The current player's game of Demon, created at the first call of the turn; %NULL once the
 * match is over. */
PatGame    *pat_match_get_game           (PatMatch           *self);
/* Ends the current turn with @score (the game's score: pat_game_get_score()). */
gboolean    pat_match_record_score       (PatMatch           *self,
                                          int                 score,
                                          GError            **error);
/* Ends a match loaded after its last round but undecided (an earlier version saved it so). */
gboolean    pat_match_conclude           (PatMatch           *self);

/* Whether the match is over: won, or drawn after its last round. */
gboolean    pat_match_get_finished       (PatMatch           *self);
/* The winning player or team (an index into players or teams), or -1 (also when drawn). */
int         pat_match_get_winner         (PatMatch           *self);
const char *pat_match_get_winner_name    (PatMatch           *self);
/* "The demon is exorcised!", translated, once the match is won; %NULL before. */
const char *pat_match_get_announcement   (PatMatch           *self);

GVariant   *pat_match_serialize          (PatMatch           *self);
PatMatch   *pat_match_deserialize        (GVariant           *variant,
                                          GError            **error);
GBytes     *pat_match_save_to_bytes      (PatMatch           *self);
PatMatch   *pat_match_new_from_bytes     (GBytes             *bytes,
                                          GError            **error);

G_END_DECLS
