/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatMatchPlay: a Demon match being played, turn after turn, and kept saved. */
#pragma once

#include <gio/gio.h>

#include "pat-match.h"
#include "pat-store.h"

G_BEGIN_DECLS

#define PAT_TYPE_MATCH_PLAY (pat_match_play_get_type ())

G_DECLARE_FINAL_TYPE (PatMatchPlay, pat_match_play, PAT, MATCH_PLAY, GObject)

/*
 * The turns of a #PatMatch: a turn begins with pat_match_play_start_next_turn() (the current
 * player's game, from pat_match_get_game()) and ends when its game ends or with
 * pat_match_play_end_turn(); either way the game's score is recorded, once. A game that had
 * already ended when its turn begins (saved after it ended, before its score was recorded) ends
 * its turn at once. A window shows current-game and follows the signals.
 *
 * With a store, the match is saved at every change of the match (and so of its game), at the
 * start and end of every turn and with pat_match_play_save(); once a turn has begun, the store's
 * "resume-match" is set, so that the match goes on at the next start. The file of a match that
 * is over (won, or drawn after its last round) is removed and the last game becomes the game
 * matches play; so with pat_match_play_abandon(). A match loaded after its last round,
 * undecided, ends at pat_match_play_start_next_turn().
 *
 * Properties:
 *   match (PatMatch, construct-only)
 *   store (PatStore, construct-only, nullable: nothing is saved)
 *   current-game (PatGame, read-only, nullable): the game of the turn being played, or of the
 *     turn just ended until the next one begins
 *   turn-player (string, read-only, nullable): whose turn current-game is
 *   turn-round (uint, read-only): the round of that turn (0 before the first)
 *   turn-over (boolean, read-only): no turn is being played: before the first turn, once a
 *     turn's score is recorded and until the next begins, and once the match is won
 * Signals:
 *   turn-started ()           — a turn began; current-game is its game
 *   turn-ended (int score)    — a turn ended and its score was recorded
 *   save-failed (GError *error)
 *                             — the match could not be saved
 */

PatMatchPlay *pat_match_play_new             (PatMatch     *match,
                                              PatStore     *store);
PatMatch     *pat_match_play_get_match       (PatMatchPlay *self);
PatGame      *pat_match_play_get_current_game (PatMatchPlay *self);
const char   *pat_match_play_get_turn_player (PatMatchPlay *self);
guint         pat_match_play_get_turn_round  (PatMatchPlay *self);
gboolean      pat_match_play_get_turn_over   (PatMatchPlay *self);

/* Begins the current player's turn when none is being played and the match is not over. */
gboolean      pat_match_play_start_next_turn (PatMatchPlay *self);
/* Ends the turn being played with its game's score, as if the game had ended. */
gboolean      pat_match_play_end_turn        (PatMatchPlay *self);
/* Saves the match now (a won or abandoned match has nothing to save). */
void          pat_match_play_save            (PatMatchPlay *self);
/* Forgets the match: its file is removed and it is no longer saved. */
void          pat_match_play_abandon         (PatMatchPlay *self);

G_END_DECLS
