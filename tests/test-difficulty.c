/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the greedy player on hand-made positions, and of the difficulty levels of known
 * deals. */

#include "config.h"

#include <string.h>

#include "pat-difficulty.h"
#include "pat-greedy.h"
#include "pat-rules.h"
#include "solver-test-util.h"
#include "test-card.h"

#define HOLE 0

/* A Black Hole position: @fans (bottom to top, one string each, NULL-terminated), every other
 * card in the hole with @hole_top on top. */
static void
make_black_hole (PatState          *state,
                 const char        *hole_top,
                 const char *const *fans)
{
  gboolean used[PAT_N_CARDS] = { FALSE, };
  PatCard top = card (hole_top);
  guint i, c;

  pat_state_init (state, pat_rules_black_hole.layout->n_piles);
  used[top] = TRUE;
  for (i = 0; fans[i] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit (fans[i], " ", -1);

      for (c = 0; words[c] != NULL; c++)
        used[card (words[c])] = TRUE;
    }
  for (c = 0; c < PAT_N_CARDS; c++)
    if (!used[c])
      pat_state_push (state, HOLE, (PatCard) c);
  pat_state_push (state, HOLE, top);
  for (i = 0; fans[i] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit (fans[i], " ", -1);

      for (c = 0; words[c] != NULL; c++)
        pat_state_push (state, 1 + i, card (words[c]));
    }
  g_assert_cmpuint (pat_state_n_cards (state), ==, PAT_N_CARDS);
}

/* Two cards fit the hole: the greedy player takes the one from the taller fan; once the position
 * that move leads to is marked visited, the other. */
static void
test_greedy_tallest_pile (void)
{
  const PatRules *rules = &pat_rules_black_hole;
  const char *fans[] = { "4S", "KD 6C", NULL };
  PatSeen visited;
  PatState state, next;
  PatMove move;

  make_black_hole (&state, "5H", fans);
  g_assert_cmpuint (pat_cards_out (rules, &state), ==, PAT_N_CARDS - 3);
  g_assert_true (pat_greedy_next_move (rules, &state, NULL, &move));
  g_assert_cmpuint (move.kind, ==, PAT_MOVE_CARDS);
  g_assert_cmpuint (move.from, ==, 2);
  g_assert_cmpuint (move.to, ==, HOLE);

  next = state;
  rules->apply (&next, &move, NULL);
  pat_seen_init (&visited);
  pat_seen_add (&visited, pat_state_hash (&next));
  g_assert_true (pat_greedy_next_move (rules, &state, &visited, &move));
  g_assert_cmpuint (move.from, ==, 1);
  pat_seen_free (&visited);
}

/* Blocked: no move. */
static void
test_greedy_blocked (void)
{
  const char *fans[] = { "9C", "2D", NULL };
  PatGreedyResult result;
  PatState state;
  PatMove move;

  make_black_hole (&state, "5H", fans);
  g_assert_false (pat_greedy_next_move (&pat_rules_black_hole, &state, NULL, &move));
  pat_greedy_play (&pat_rules_black_hole, &state, 0, &result);
  g_assert_false (result.won);
  g_assert_cmpuint (result.n_moves, ==, 0);
  g_assert_cmpuint (result.out, ==, PAT_N_CARDS - 2);
}

/* A position the greedy player wins: the only moves, in order. */
static void
test_greedy_wins (void)
{
  const char *fans[] = { "3C 2D", "4H", NULL };
  PatGreedyResult result;
  PatState state;

  make_black_hole (&state, "AS", fans);
  pat_greedy_play (&pat_rules_black_hole, &state, 0, &result);
  g_assert_true (result.won);
  g_assert_cmpuint (result.n_moves, ==, 3);
  g_assert_cmpuint (result.out, ==, PAT_N_CARDS);
}

/* The look-ahead outweighs the tallest pile: 6C from the taller fan strands 4S or 5D, while
 * 4S, 5D, 6C, 7C wins, which the look-ahead sees. */
static void
test_greedy_looks_ahead (void)
{
  const char *fans[] = { "4S", "7C 6C", "5D", NULL };
  PatGreedyResult result;
  PatState state;
  PatMove move;

  make_black_hole (&state, "5H", fans);
  g_assert_true (pat_greedy_next_move (&pat_rules_black_hole, &state, NULL, &move));
  g_assert_cmpuint (move.from, ==, 1);
  pat_greedy_play (&pat_rules_black_hole, &state, 0, &result);
  g_assert_true (result.won);
  g_assert_cmpuint (result.n_moves, ==, 4);
}

/* A simple player, not a solver: Black Hole deals 2 and 3 are winnable (test-solver-black-hole)
 * and it loses them, having put out only part of the cards. */
static void
test_greedy_loses_winnable (void)
{
  static const guint numbers[] = { 2, 3 };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      PatGreedyResult result;
      PatSolution solution;
      PatState state;

      deal (&pat_rules_black_hole, numbers[i], &state);
      g_assert_cmpint (solve (&pat_rules_black_hole, &state, &solution), ==, PAT_SOLVE_SOLVED);
      pat_solution_clear (&solution);
      pat_greedy_play (&pat_rules_black_hole, &state, 0, &result);
      g_assert_false (result.won);
      g_assert_cmpuint (result.out, <, PAT_N_CARDS);
      g_assert_cmpuint (result.out, >, 1);
      g_assert_cmpuint (result.n_moves, ==, result.out - 1);
    }
}

/* The score: the same on every call, between 0 and 1, 1 for a position already won or won by
 * any play, lower for a blocked one. */
static void
test_score (void)
{
  const char *fans_blocked[] = { "9C", "2D", NULL };
  const char *fans_forced[] = { "3C 2D", "4H", NULL };
  PatState state;
  double a, b;

  deal (&pat_rules_penguin, 7, &state);
  a = pat_difficulty_score (&pat_rules_penguin, &state, NULL);
  b = pat_difficulty_score (&pat_rules_penguin, &state, NULL);
  g_assert_cmpfloat (a, ==, b);
  g_assert_cmpfloat (a, >=, 0);
  g_assert_cmpfloat (a, <=, 1);

  make_black_hole (&state, "AS", fans_forced);
  g_assert_cmpfloat (pat_difficulty_score (&pat_rules_black_hole, &state, NULL), ==, 1.0);
  make_black_hole (&state, "5H", fans_blocked);
  g_assert_cmpfloat_with_epsilon (pat_difficulty_score_with (&pat_rules_black_hole,
                                                             PAT_PLAYOUT_RANDOM, &state, NULL),
                                  (PAT_N_CARDS - 2) / 52.0, 1e-9);
  /* No rollout player wins it, each puts 50 cards out: the best one's 50, then the mean share. */
  g_assert_cmpfloat_with_epsilon (pat_difficulty_score_with (&pat_rules_black_hole,
                                                             PAT_PLAYOUT_ROLLOUT, &state, NULL),
                                  ((PAT_N_CARDS - 2) + (PAT_N_CARDS - 2) / 52.0) / 53.0, 1e-9);
}

/* Counting wins first (All in a Row's score): a position every rollout player wins scores 1; a
 * blocked one, where each puts 50 cards out, no win and then the mean share; and one deal won by
 * one more of the players always scores above one won by fewer, however far the others got. */
static void
test_score_rollout_wins (void)
{
  const char *fans_blocked[] = { "9C", "2D", NULL };
  const char *fans_forced[] = { "3C 2D", "4H", NULL };
  const guint n = PAT_DIFFICULTY_ROLLOUT_PLAYOUTS;
  PatState state;
  guint d;

  make_black_hole (&state, "AS", fans_forced);
  g_assert_cmpfloat (pat_difficulty_score_with (&pat_rules_black_hole, PAT_PLAYOUT_ROLLOUT_WINS,
                                                &state, NULL), ==, 1.0);
  make_black_hole (&state, "5H", fans_blocked);
  g_assert_cmpfloat_with_epsilon (pat_difficulty_score_with (&pat_rules_black_hole,
                                                             PAT_PLAYOUT_ROLLOUT_WINS, &state,
                                                             NULL),
                                  (PAT_N_CARDS - 2) / 52.0 / (n + 1), 1e-9);

  /* All in a Row deals: the score's whole part over n + 1 is the number of wins, so deals with
   * more wins score higher. The first 40 deals hold several with none and several with some. */
  {
    gboolean none = FALSE, some = FALSE;

    for (d = 1; d <= 40; d++)
      {
        double score;
        guint wins;

        deal (&pat_rules_all_in_a_row, d, &state);
        score = pat_difficulty_score (&pat_rules_all_in_a_row, &state, NULL);
        g_assert_cmpfloat (score, >=, 0);
        g_assert_cmpfloat (score, <=, 1);
        wins = (guint) (score * (n + 1));
        g_assert_cmpuint (wins, <=, n);
        none |= wins == 0;
        some |= wins > 0;
      }
    g_assert_true (none);
    g_assert_true (some);
  }
}

/* Rollout players see that 2H first strands 2D: all of them win where a random player loses half
 * the time. Black Hole's score is theirs. */
static void
test_score_rollout_players (void)
{
  const char *fans[] = { "3C 2D", "2H", NULL };
  PatState state;
  double random_score, rollout_score;

  make_black_hole (&state, "AS", fans);
  random_score = pat_difficulty_score_with (&pat_rules_black_hole, PAT_PLAYOUT_RANDOM,
                                            &state, NULL);
  rollout_score = pat_difficulty_score_with (&pat_rules_black_hole, PAT_PLAYOUT_ROLLOUT,
                                             &state, NULL);
  g_assert_cmpfloat (rollout_score, ==, 1.0);
  g_assert_cmpfloat (random_score, <, 1.0);
  g_assert_cmpfloat (random_score, >, (PAT_N_CARDS - 3) / 52.0);
  g_assert_cmpint (pat_difficulty_players (&pat_rules_black_hole), ==, PAT_PLAYOUT_ROLLOUT);
  g_assert_cmpint (pat_difficulty_players (&pat_rules_all_in_a_row), ==,
                   PAT_PLAYOUT_ROLLOUT_WINS);
  g_assert_cmpint (pat_difficulty_players (&pat_rules_idiots_delight), ==, PAT_PLAYOUT_ROLLOUT);
  g_assert_cmpint (pat_difficulty_players (&pat_rules_penguin), ==, PAT_PLAYOUT_RANDOM);
  g_assert_cmpfloat (pat_difficulty_score (&pat_rules_black_hole, &state, NULL), ==, rollout_score);
}

/* The rollout player's levels: from 8H, the simple player (level 0) takes 7D from the taller fan
 * and is stuck after 6D or 8C; the player of level 1 plays each move's game out with the simple
 * player first and sees that 9S, 8C, 7D, 6D wins. */
static void
test_rollout_levels (void)
{
  const PatRules *rules = &pat_rules_black_hole;
  const char *fans[] = { "8C", "6D 7D", "9S", NULL };
  PatGreedyResult result;
  PatState state;
  guint level;

  make_black_hole (&state, "8H", fans);
  pat_rollout_play (rules, &state, 0, NULL, &result);
  g_assert_false (result.won);
  g_assert_cmpuint (result.out, <, PAT_N_CARDS);
  g_assert_cmpuint (result.n_moves, ==, result.out - (PAT_N_CARDS - 4));
  for (level = 1; level <= PAT_ROLLOUT_MAX_LEVEL; level++)
    {
      pat_rollout_play (rules, &state, level, NULL, &result);
      g_assert_true (result.won);
      g_assert_cmpuint (result.n_moves, ==, 4);
      g_assert_cmpuint (result.out, ==, PAT_N_CARDS);
    }
}

/* Deterministic without a generator, and the same game from the same generator's state; the
 * generator's state moves on. A deal: the rollout player is not a solver (Black Hole deal 10 is
 * winnable and its level 1 player loses it). */
static void
test_rollout_repeatable (void)
{
  const PatRules *rules = &pat_rules_black_hole;
  PatGreedyResult a, b;
  PatSolution solution;
  PatState state;
  guint64 rng_a = 42, rng_b = 42;

  deal (rules, 10, &state);
  g_assert_cmpint (solve (rules, &state, &solution), ==, PAT_SOLVE_SOLVED);
  pat_solution_clear (&solution);
  pat_rollout_play (rules, &state, 1, NULL, &a);
  pat_rollout_play (rules, &state, 1, NULL, &b);
  g_assert_false (a.won);
  g_assert_cmpuint (a.out, ==, b.out);
  g_assert_cmpuint (a.n_moves, ==, b.n_moves);
  g_assert_cmpuint (a.n_moves, ==, a.out - 1);

  pat_rollout_play (rules, &state, 1, &rng_a, &a);
  pat_rollout_play (rules, &state, 1, &rng_b, &b);
  g_assert_cmpuint (rng_a, ==, rng_b);
  g_assert_cmpuint (rng_a, !=, 42);
  g_assert_cmpuint (a.out, ==, b.out);
  g_assert_cmpuint (a.n_moves, ==, b.n_moves);
}

/* Each game's yardstick: the rollout player of level 2 where the greedy player wins too few deals
 * to show the levels apart, the greedy player elsewhere. On deal 3 of each of the first three the
 * two players end with different cards out (Black Hole 52 against 44, All in a Row 49 against 48,
 * Idiot's Delight 51 against 38), so the game's yardstick is told apart from the other. */
static void
test_yardstick (void)
{
  static const struct {
    const PatRules *rules;
    PatYardstick    yardstick;
  } games[] = {
    { &pat_rules_black_hole, PAT_YARDSTICK_ROLLOUT },
    { &pat_rules_all_in_a_row, PAT_YARDSTICK_ROLLOUT },
    { &pat_rules_idiots_delight, PAT_YARDSTICK_ROLLOUT },
    { &pat_rules_penguin, PAT_YARDSTICK_GREEDY },
    { &pat_rules_demon, PAT_YARDSTICK_GREEDY },
    { &pat_rules_perpetual_motion_free, PAT_YARDSTICK_GREEDY },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (games); i++)
    {
      PatGreedyResult played, expected, other;
      PatState state;

      g_test_message ("%s", games[i].rules->id);
      g_assert_cmpint (pat_difficulty_yardstick (games[i].rules), ==, games[i].yardstick);
      deal (games[i].rules, 3, &state);
      pat_difficulty_yardstick_play (games[i].rules, &state, &played);
      if (games[i].yardstick == PAT_YARDSTICK_ROLLOUT)
        {
          pat_rollout_play (games[i].rules, &state, PAT_DIFFICULTY_YARDSTICK_LEVEL, NULL,
                            &expected);
          pat_greedy_play (games[i].rules, &state, 0, &other);
          g_assert_cmpuint (played.out, !=, other.out);
        }
      else
        pat_greedy_play (games[i].rules, &state, 0, &expected);
      g_assert_cmpint (played.won, ==, expected.won);
      g_assert_cmpuint (played.out, ==, expected.out);
      g_assert_cmpuint (played.n_moves, ==, expected.n_moves);
    }
  g_assert_cmpstr (pat_yardstick_to_string (PAT_YARDSTICK_ROLLOUT), ==, "rollout");
  g_assert_cmpstr (pat_yardstick_to_string (PAT_YARDSTICK_GREEDY), ==, "greedy");
}

/* The set of positions: a hash of 0 is a hash like any other, a second add says so, and what was
 * added before the set grew is still there after; clearing empties it. */
static void
test_seen (void)
{
  PatSeen seen;
  guint64 h;

  pat_seen_init (&seen);
  g_assert_false (pat_seen_contains (&seen, 0));
  g_assert_true (pat_seen_add (&seen, 0));
  g_assert_false (pat_seen_add (&seen, 0));
  g_assert_true (pat_seen_contains (&seen, 0));
  for (h = 1; h <= 5000; h++)
    g_assert_true (pat_seen_add (&seen, h * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)));
  for (h = 1; h <= 5000; h++)
    g_assert_true (pat_seen_contains (&seen, h * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)));
  g_assert_false (pat_seen_contains (&seen, 5001 * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)));
  g_assert_cmpuint (seen.n, ==, 5001);
  pat_seen_clear (&seen);
  g_assert_cmpuint (seen.n, ==, 0);
  g_assert_false (pat_seen_contains (&seen, 0));
  g_assert_false (pat_seen_contains (&seen, G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)));
  pat_seen_free (&seen);
}

/* With rollout players, the best one's game comes first: a deal one of them wins outranks a deal
 * none wins, however far they all got; among deals whose best players got as far, the mean
 * decides. */
static void
test_score_wins_first (void)
{
  const char *won_by_some[] = { "3C 2D", "2H", "3S 4H", NULL };
  const char *far_but_lost[] = { "9C", "2D", NULL };
  PatState a, b;
  double sa, sb;

  make_black_hole (&a, "AS", won_by_some);
  make_black_hole (&b, "AS", far_but_lost);
  sa = pat_difficulty_score_with (&pat_rules_black_hole, PAT_PLAYOUT_ROLLOUT, &a, NULL);
  sb = pat_difficulty_score_with (&pat_rules_black_hole, PAT_PLAYOUT_ROLLOUT, &b, NULL);
  g_assert_cmpfloat (sa, >=, PAT_N_CARDS / 53.0);
  /* 2D goes, 9C never: every player ends with 51 cards out. */
  g_assert_cmpfloat_with_epsilon (sb, ((PAT_N_CARDS - 1) + (PAT_N_CARDS - 1) / 52.0) / 53.0, 1e-9);
  g_assert_cmpfloat (sa, >, sb);
}

static void
test_levels_of_score (void)
{
  const PatRules *const *all;
  guint n, i;

  all = pat_rules_all (&n);
  for (i = 0; i < n; i++)
    {
      double easy_min, medium_min;

      if (!pat_solver_supports (all[i]) || !pat_difficulty_has_levels (all[i]))
        {
          g_assert_false (pat_difficulty_thresholds (all[i], &easy_min, &medium_min));
          g_assert_cmpint (pat_difficulty_of_score (all[i], 0.5), ==, PAT_DIFFICULTY_UNKNOWN);
          continue;
        }
      g_assert_true (pat_difficulty_thresholds (all[i], &easy_min, &medium_min));
      g_assert_cmpfloat (0, <, medium_min);
      g_assert_cmpfloat (medium_min, <, easy_min);
      g_assert_cmpfloat (easy_min, <, 1);
      g_assert_cmpint (pat_difficulty_of_score (all[i], 1.0), ==, PAT_DIFFICULTY_EASY);
      g_assert_cmpint (pat_difficulty_of_score (all[i], easy_min), ==, PAT_DIFFICULTY_EASY);
      g_assert_cmpint (pat_difficulty_of_score (all[i], (easy_min + medium_min) / 2),
                       ==, PAT_DIFFICULTY_MEDIUM);
      g_assert_cmpint (pat_difficulty_of_score (all[i], medium_min / 2), ==, PAT_DIFFICULTY_HARD);
    }
}

static void
test_strings (void)
{
  PatDifficulty d;

  g_assert_true (pat_difficulty_from_string ("easy", &d));
  g_assert_cmpint (d, ==, PAT_DIFFICULTY_EASY);
  g_assert_true (pat_difficulty_from_string ("medium", &d));
  g_assert_cmpint (d, ==, PAT_DIFFICULTY_MEDIUM);
  g_assert_true (pat_difficulty_from_string ("hard", &d));
  g_assert_cmpint (d, ==, PAT_DIFFICULTY_HARD);
  g_assert_false (pat_difficulty_from_string ("unknown", &d));
  g_assert_false (pat_difficulty_from_string ("unwinnable", &d));
  g_assert_false (pat_difficulty_from_string ("Easy", &d));
  g_assert_false (pat_difficulty_from_string ("", &d));
  g_assert_false (pat_difficulty_from_string (NULL, &d));
  g_assert_cmpstr (pat_difficulty_to_string (PAT_DIFFICULTY_UNWINNABLE), ==, "unwinnable");
  g_assert_cmpstr (pat_difficulty_to_string (PAT_DIFFICULTY_UNKNOWN), ==, "unknown");
}

/* Known deals: the verdicts are the solver's, checked in test-solver-*; the levels are those of
 * the thresholds in pat-difficulty.c and change only with them, the score or the rules. */
static void
test_known_deals (void)
{
  static const struct {
    const PatRules *rules;
    guint           number;
    PatDifficulty   expected;
  } cases[] = {
    { &pat_rules_black_hole, 1, PAT_DIFFICULTY_UNWINNABLE },
    { &pat_rules_black_hole, 2, PAT_DIFFICULTY_EASY },
    { &pat_rules_black_hole, 7, PAT_DIFFICULTY_MEDIUM },
    { &pat_rules_black_hole, 8, PAT_DIFFICULTY_MEDIUM },
    { &pat_rules_black_hole, 9, PAT_DIFFICULTY_EASY },
    { &pat_rules_black_hole, 10, PAT_DIFFICULTY_HARD },
    /* All in a Row counts wins first: deals 8 and 29, Easy by the best game, are not. */
    { &pat_rules_all_in_a_row, 3, PAT_DIFFICULTY_EASY },
    { &pat_rules_all_in_a_row, 8, PAT_DIFFICULTY_MEDIUM },
    { &pat_rules_all_in_a_row, 29, PAT_DIFFICULTY_HARD },
    { &pat_rules_penguin, 2, PAT_DIFFICULTY_EASY },
    { &pat_rules_penguin, 4, PAT_DIFFICULTY_MEDIUM },
    { &pat_rules_penguin, 5, PAT_DIFFICULTY_HARD },
    { &pat_rules_demon, 1, PAT_DIFFICULTY_MEDIUM },
    { &pat_rules_demon, 3, PAT_DIFFICULTY_UNWINNABLE },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PatSolveLimits limits = { 0, };
      PatState state;
      PatDifficulty level;
      double score = -1;

      deal (cases[i].rules, cases[i].number, &state);
      g_test_message ("%s deal %u", cases[i].rules->id, cases[i].number);
      level = pat_difficulty_of_deal (cases[i].rules, &state, &limits, PAT_DIFFICULTY_UNKNOWN,
                                      &score);
      g_assert_cmpstr (pat_difficulty_to_string (level),
                       ==, pat_difficulty_to_string (cases[i].expected));
      g_assert_cmpfloat (score, >=, 0);
      g_assert_cmpfloat (score, ==, pat_difficulty_score (cases[i].rules, &state, NULL));
    }
}

/* Asked for another level than the score gives, pat_difficulty_of_deal() answers without the
 * solver (whose budget of one position would give UNKNOWN); asked for that level, it solves. */
static void
test_wanted_level_skips_solver (void)
{
  PatSolveLimits limits = { 0, };
  PatState state;

  limits.max_nodes = 1;
  deal (&pat_rules_demon, 1, &state);   /* medium, 33,000 positions to solve */
  g_assert_cmpint (pat_difficulty_of_deal (&pat_rules_demon, &state, &limits,
                                           PAT_DIFFICULTY_EASY, NULL),
                   ==, PAT_DIFFICULTY_MEDIUM);
  g_assert_cmpint (pat_difficulty_of_deal (&pat_rules_demon, &state, &limits,
                                           PAT_DIFFICULTY_MEDIUM, NULL),
                   ==, PAT_DIFFICULTY_UNKNOWN);
  g_assert_cmpint (pat_difficulty_of_deal (&pat_rules_demon, &state, &limits,
                                           PAT_DIFFICULTY_UNKNOWN, NULL),
                   ==, PAT_DIFFICULTY_UNKNOWN);
}

/* pat_difficulty_pick(), what the app and `deal --difficulty` ask of each deal they try, passes
 * over a deal of the level wanted that the solver cannot prove winnable within its budget.
 * Idiot's Delight deal 5 is Hard and winnable, but its proof takes the SAT solver after some
 * 15,000 positions of probes (a tenth of a second here); deal 191, Hard too, takes a few
 * hundred positions. The budget is cut to 10 ms for the test, so that the margin stays wide on
 * a faster machine (the game's own is PAT_DIFFICULTY_PICK_SECONDS_SAT, 0.3 s, enough for any
 * deal). */
static void
test_pick_budget (void)
{
  const PatRules *rules = &pat_rules_idiots_delight;
  PatSolution solution = { 0, };
  PatState slow, quick;
  double before;

  deal (rules, 5, &slow);
  deal (rules, 191, &quick);
  g_assert_cmpint (pat_difficulty_of_score (rules, pat_difficulty_score (rules, &slow, NULL)), ==,
                   PAT_DIFFICULTY_HARD);
  g_assert_cmpint (solve (rules, &slow, &solution), ==, PAT_SOLVE_SOLVED);
  g_assert_cmpuint (solution.nodes, >, 13000);
  pat_solution_clear (&solution);
  g_assert_cmpint (solve (rules, &quick, &solution), ==, PAT_SOLVE_SOLVED);
  g_assert_cmpuint (solution.nodes, <, 1000);
  pat_solution_clear (&solution);

  before = pat_difficulty_set_pick_seconds (0.01);
  g_assert_false (pat_difficulty_pick (rules, &slow, PAT_DIFFICULTY_HARD, NULL));
  g_assert_true (pat_difficulty_pick (rules, &quick, PAT_DIFFICULTY_HARD, NULL));
  g_assert_false (pat_difficulty_pick (rules, &quick, PAT_DIFFICULTY_EASY, NULL));
  pat_difficulty_set_pick_seconds (before);
  g_assert_true (pat_difficulty_pick (rules, &quick, PAT_DIFFICULTY_HARD, NULL));

  /* Each game's own budget: Idiot's Delight's SAT solver gets the time it needs on any deal. */
  g_assert_cmpfloat (pat_difficulty_pick_seconds (rules), ==, PAT_DIFFICULTY_PICK_SECONDS_SAT);
  g_assert_cmpfloat (pat_difficulty_pick_seconds (&pat_rules_demon),
                     ==, PAT_DIFFICULTY_PICK_SECONDS);
}

/* A cancelled search is UNKNOWN. */
static void
test_cancelled (void)
{
  PatSolveLimits limits = { 0, };
  gint cancel = 1;
  PatState state;

  limits.cancel = &cancel;
  deal (&pat_rules_black_hole, 3, &state);
  g_assert_cmpint (pat_difficulty_of_deal (&pat_rules_black_hole, &state, &limits,
                                           PAT_DIFFICULTY_UNKNOWN, NULL),
                   ==, PAT_DIFFICULTY_UNKNOWN);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/greedy/tallest-pile", test_greedy_tallest_pile);
  g_test_add_func ("/greedy/blocked", test_greedy_blocked);
  g_test_add_func ("/greedy/wins", test_greedy_wins);
  g_test_add_func ("/greedy/looks-ahead", test_greedy_looks_ahead);
  g_test_add_func ("/greedy/loses-winnable", test_greedy_loses_winnable);
  g_test_add_func ("/difficulty/score", test_score);
  g_test_add_func ("/difficulty/score/rollout-wins", test_score_rollout_wins);
  g_test_add_func ("/difficulty/score-rollout-players", test_score_rollout_players);
  g_test_add_func ("/rollout/levels", test_rollout_levels);
  g_test_add_func ("/rollout/repeatable", test_rollout_repeatable);
  g_test_add_func ("/rollout/seen", test_seen);
  g_test_add_func ("/difficulty/yardstick", test_yardstick);
  g_test_add_func ("/difficulty/score-wins-first", test_score_wins_first);
  g_test_add_func ("/difficulty/levels-of-score", test_levels_of_score);
  g_test_add_func ("/difficulty/strings", test_strings);
  g_test_add_func ("/difficulty/known-deals", test_known_deals);
  g_test_add_func ("/difficulty/wanted-level", test_wanted_level_skips_solver);
  g_test_add_func ("/difficulty/pick-budget", test_pick_budget);
  g_test_add_func ("/difficulty/cancelled", test_cancelled);
  return g_test_run ();
}
