/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How hard a deal is: Easy, Medium or Hard among the deals the solver proves winnable. */
#pragma once

#include <glib.h>

#include "pat-greedy.h"
#include "pat-rules.h"
#include "pat-solver.h"

G_BEGIN_DECLS

typedef enum {
  PAT_DIFFICULTY_UNKNOWN,      /* the solver ran out of its budget, or was cancelled */
  PAT_DIFFICULTY_UNWINNABLE,   /* proven: no win */
  PAT_DIFFICULTY_EASY,
  PAT_DIFFICULTY_MEDIUM,
  PAT_DIFFICULTY_HARD,
} PatDifficulty;

/* Who plays the playouts behind a game's score, and how their games make it. */
typedef enum {
  PAT_PLAYOUT_RANDOM,        /* uniformly among the legal moves */
  PAT_PLAYOUT_ROLLOUT,       /* pat_rollout_play() of level 1 (each move weighed by the cards out
                              * at the end of a simple player's game after it), at random among
                              * equals; the best of their games counts first */
  PAT_PLAYOUT_ROLLOUT_WINS,  /* the same players; how many of them won counts first */
} PatPlayoutKind;

/* The yardstick of a game's levels: the player whose wins show them apart (bench-difficulty). */
typedef enum {
  PAT_YARDSTICK_GREEDY,   /* pat_greedy_play(): the look-ahead greedy player */
  PAT_YARDSTICK_ROLLOUT,  /* pat_rollout_play() of level PAT_DIFFICULTY_YARDSTICK_LEVEL, no
                           * randomness */
} PatYardstick;

#define PAT_DIFFICULTY_YARDSTICK_LEVEL 2

/* The solver's wall-time budget and table memory for each deal tried when a winnable deal is
 * picked (pat_difficulty_pick(), and the app's "winnable deals only" at any level;
 * bench-difficulty's default): a deal it cannot prove winnable that quickly is passed over, as
 * there are plenty of others. Most deals of every game are decided in milliseconds, and a second
 * spent on one slow deal is a second the player waits. */
#define PAT_DIFFICULTY_PICK_SECONDS 0.1
/* Idiot's Delight, whose SAT solver decides every deal in 0.05-0.4 s: with 0.3 s no deal is
 * passed over, and picks are quicker than with 0.1 s, which passed over the deals it was
 * still working on (README.md has the figures). */
#define PAT_DIFFICULTY_PICK_SECONDS_SAT 0.3
#define PAT_DIFFICULTY_PICK_MEMORY  ((gsize) 128 * 1024 * 1024)

/* The playouts behind the score. */
#define PAT_DIFFICULTY_PLAYOUTS 16
#define PAT_DIFFICULTY_ROLLOUT_PLAYOUTS 8

/*
 * A game's difficulty levels, which its rules reach (PatRules.difficulty) and the functions below
 * read. The yardstick and who plays the playouts: in Black Hole, All in a Row and Idiot's Delight
 * the look-ahead greedy player wins 1-6 % of the winnable deals, too few to show levels apart, and
 * random players predict little of how a player who thinks fares (docs/benchmarks.md); their
 * yardstick is the rollout player of level 2 (deterministic) and their playouts rollout players of
 * level 1 (at random among equal moves), All in a Row counting their wins first (see
 * pat_difficulty_score_with()). The others: the greedy player and random players. A game whose
 * deals all play alike has no levels (Free Columns: every deal is won by every player tried).
 * Then the thresholds on the playout score: the scores a third and two thirds of the way up
 * among the winnable deals 100001–100600 (Penguin, Demon) or 100001–101800 (the three games
 * with rollout players), as printed by `patience-cli bench-difficulty --deals A..B`
 * ("score_third", "score_two_thirds"), so that each level holds about a third of the winnable
 * deals. Rollout players often all end a deal alike, so many deals share a score; such a block
 * is kept on the side of a threshold that leaves the levels nearest thirds, and the threshold set
 * between the block and the next score. These are not the deals the benchmarks in
 * docs/benchmarks.md measure. Changing a game's rules module or the score needs them measured
 * again.
 */
struct _PatDifficultyInfo {
  PatYardstick   yardstick;
  PatPlayoutKind players;
  double         easy_min;      /* a winnable deal scoring this or more is EASY */
  double         medium_min;    /* this or more MEDIUM, less HARD */
  double         pick_seconds;  /* the solver's budget when picking a deal (see
                                 * PAT_DIFFICULTY_PICK_SECONDS) */
};

/*
 * The playout score of @state, in [0, 1]: players of the game's kind (pat_difficulty_players()),
 * each seeded with a fixed seed of its own, play from @state, never to a position they have been
 * in. PAT_DIFFICULTY_PLAYOUTS random players: the score is the mean share of the 52 cards they
 * put out (a win counts 1). PAT_DIFFICULTY_ROLLOUT_PLAYOUTS rollout players: ROLLOUT, the cards
 * the best of them put out (52 for a win) plus that mean share, over 53, so that a deal where one
 * of them got a card further always scores higher; ROLLOUT_WINS, how many of them won plus that
 * mean share, over PAT_DIFFICULTY_ROLLOUT_PLAYOUTS + 1, so that a deal one more of them won always
 * scores higher. No solver, no search: a fraction of a millisecond for random players, 1-10 ms for
 * rollout players. NaN-free and the same on every run. @cancel (nullable) stops it early (the
 * score is then meaningless).
 */
double        pat_difficulty_score        (const PatRules       *rules,
                                           const PatState       *state,
                                           const gint           *cancel);

/* Who plays the playouts of @rules' score (RANDOM for a game without difficulty levels). */
PatPlayoutKind pat_difficulty_players     (const PatRules       *rules);

/* The same with players of @kind, whatever the game's. */
double        pat_difficulty_score_with   (const PatRules       *rules,
                                           PatPlayoutKind        kind,
                                           const PatState       *state,
                                           const gint           *cancel);

/* The yardstick of @rules' levels (GREEDY for a game without difficulty levels). */
PatYardstick  pat_difficulty_yardstick    (const PatRules       *rules);
/* Plays @state to its end with @yardstick. Deterministic. */
void          pat_yardstick_play          (PatYardstick          yardstick,
                                           const PatRules       *rules,
                                           const PatState       *state,
                                           PatGreedyResult      *result);
/* The same with the yardstick of @rules. */
void          pat_difficulty_yardstick_play (const PatRules     *rules,
                                             const PatState     *state,
                                             PatGreedyResult    *result);
/* "greedy" or "rollout". */
const char   *pat_yardstick_to_string     (PatYardstick          yardstick);
/* Parses "greedy" or "rollout"; FALSE for anything else. */
gboolean      pat_yardstick_from_string   (const char           *text,
                                           PatYardstick         *yardstick);

/* The level a winnable deal of @rules with playout score @score has, from the game's thresholds:
 * EASY at or above the first, MEDIUM at or above the second, HARD below. */
PatDifficulty pat_difficulty_of_score     (const PatRules       *rules,
                                           double                score);
/* Whether @rules' game has difficulty levels (PatRules.difficulty): a game whose deals all play
 * alike, such as Free Columns where every deal is won, has none. */
gboolean      pat_difficulty_has_levels   (const PatRules       *rules);
/* The thresholds of @rules (FALSE for a game without difficulty levels). */
gboolean      pat_difficulty_thresholds   (const PatRules       *rules,
                                           double               *easy_min,
                                           double               *medium_min);

/*
 * The difficulty of @state: UNWINNABLE or UNKNOWN from the solver (within @limits), else the
 * level of its playout score. When @wanted is EASY, MEDIUM or HARD and the score gives another
 * level, the solver is not run and that level is returned as it is (the deal is then not known to
 * be winnable): a search for one level wastes no solver time on the others. @score (nullable)
 * receives the playout score. Blocking.
 */
PatDifficulty pat_difficulty_of_deal      (const PatRules       *rules,
                                           const PatState       *state,
                                           const PatSolveLimits *limits,
                                           PatDifficulty         wanted,
                                           double               *score);

/*
 * Whether @state is a deal to pick for @wanted (EASY, MEDIUM or HARD): of that level and proven
 * winnable within pat_difficulty_pick_seconds() and PAT_DIFFICULTY_PICK_MEMORY. What the app and
 * `patience-cli deal --difficulty` ask of each deal they try. @cancel (nullable) stops it (FALSE).
 * Blocking.
 */
gboolean      pat_difficulty_pick         (const PatRules       *rules,
                                           const PatState       *state,
                                           PatDifficulty         wanted,
                                           const gint           *cancel);
/* The solver's budget for each deal tried when picking a deal of @rules' game. */
double        pat_difficulty_pick_seconds (const PatRules     *rules);
/* Tests only: a budget for every game instead of each game's own (0: each game's own);
 * returns the one before. Not thread-safe. */
double        pat_difficulty_set_pick_seconds (double             seconds);

/* "unknown", "unwinnable", "easy", "medium", "hard". */
const char   *pat_difficulty_to_string    (PatDifficulty         difficulty);
/* Parses "easy", "medium" or "hard" (only the levels); FALSE for anything else. */
gboolean      pat_difficulty_from_string  (const char           *text,
                                           PatDifficulty        *difficulty);

G_END_DECLS
