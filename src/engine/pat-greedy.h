/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Simple greedy players, the yardsticks of the difficulty levels: one fixed weighing of the moves,
 * with a short look-ahead (the greedy player) or rollouts (the rollout player); no undo. */
#pragma once

#include <glib.h>

#include "pat-rules.h"

G_BEGIN_DECLS

typedef struct {
  gboolean won;
  guint    n_moves;   /* player moves made */
  guint    out;       /* cards on the foundations, the hole or the discards at the end */
} PatGreedyResult;

/* A set of position hashes (pat_state_hash(), or pat_seen_hash(): one kind a set), for players
 * that never go back to a position. */
typedef struct {
  guint64 *slots;   /* open addressing; 0 marks an empty slot (a hash of 0 is kept as 1) */
  guint    mask;
  guint    n;
} PatSeen;

void     pat_seen_init          (PatSeen        *seen);
void     pat_seen_clear         (PatSeen        *seen);
void     pat_seen_free          (PatSeen        *seen);
/* Adds @hash; FALSE when it was there already. */
gboolean pat_seen_add           (PatSeen        *seen,
                                 guint64         hash);
gboolean pat_seen_contains      (const PatSeen  *seen,
                                 guint64         hash);
/* A hash of @state that tells positions apart as pat_state_hash() does, several times quicker:
 * for a set that holds only such hashes (the playouts' own), never mixed with
 * pat_state_hash(). */
guint64  pat_seen_hash          (const PatState *state);

/* How many cards are out of play: on the game's foundations, hole or discard piles. */
guint    pat_cards_out          (const PatRules *rules,
                                 const PatState *state);

/* What the greedy player weighs a legal move by, after the cards out: the height of the pile the
 * move takes from (0 for dealing from the stock) and how many moves are legal after it. */
typedef struct {
  guint out;        /* cards out: after the look-ahead for the greedy player, right after the move
                     * for the difficulty's simple players */
  guint source;
  guint mobility;
} PatGreedyKey;

/* Fills @key->source and @key->mobility for @move from @state, @next being the position after
 * it. */
void     pat_greedy_key         (const PatRules *rules,
                                 const PatState *state,
                                 const PatMove  *move,
                                 const PatState *next,
                                 PatGreedyKey   *key);
/* Compares keys: positive when @a is the better move (more out, then taller source, then more
 * mobility), 0 on a tie. */
int      pat_greedy_key_compare (const PatGreedyKey *a,
                                 const PatGreedyKey *b);

/* The greedy player's move from @state: a winning move if there is one; else the legal move after
 * which the most cards can be out within a few more moves (a look-ahead of at most 300 positions
 * per move, as deep as it can look at every move equally: 0 more moves when the budget does not
 * allow 1, up to 12); among those, one that takes cards from the tallest pile (dealing from
 * the stock counts as a pile of none); among those, the one after which the most moves are legal;
 * among those, the first in the rules module's order. Moves to a position in @visited (may be NULL)
 * are never chosen. FALSE when no move is left. */
gboolean pat_greedy_next_move   (const PatRules *rules,
                                 const PatState *state,
                                 const PatSeen  *visited,
                                 PatMove        *move);

/* Plays @state to its end with pat_greedy_next_move(), never going back to a position it has
 * been in, at most @max_moves moves (0: 5000). */
void     pat_greedy_play        (const PatRules  *rules,
                                 const PatState  *state,
                                 guint            max_moves,
                                 PatGreedyResult *result);

/* splitmix64: the next number of the generator whose state is @state; the same numbers on every
 * machine. */
guint64  pat_random_next        (guint64        *state);

/* The deepest rollout player (pat_rollout_play()'s @level). */
#define PAT_ROLLOUT_MAX_LEVEL 3

/*
 * The rollout player of @level plays @state to its end (at most 3000 moves), never going back to
 * a position it has been in. At each move it plays a winning move if there is one; else it weighs
 * each move to a new position by the cards out after it: at level 0 right after the move (the
 * simple player), at level L > 0 at the end of a game a player of level L - 1 plays from the
 * position after the move (a move whose game is won is played at once). Among moves of equal
 * weight it takes the one from the tallest pile, then the one leaving the most moves
 * (pat_greedy_key()), then the first in the rules module's order, or with @rng (nullable) one at
 * random: @rng is a splitmix64 state, and the same state gives the same game.
 */
void     pat_rollout_play       (const PatRules  *rules,
                                 const PatState  *state,
                                 guint            level,
                                 guint64         *rng,
                                 PatGreedyResult *result);

G_END_DECLS
