/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the Idiot's Delight and Perpetual Motion (Free Columns) solvers against a plain exhaustive search. */

#include "config.h"

#include <string.h>

#include "pat-rules.h"
#include "pat-solver.h"
#include "solver-test-util.h"

enum { STOCK = 0, T1 = 1, DISCARD = 5, N_PILES = 6 };

/* The reference: every reachable position, through the rules, breadth first, as Free Columns
 * can wander far before it comes back. Free Columns counts rounds, which say nothing about what
 * can happen next, so they are left out of the comparison. */
static gboolean
winnable (const PatRules *rules,
          const PatState *state)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (state_hash, state_equal, g_free, NULL);
  GQueue queue = G_QUEUE_INIT;
  gboolean won = FALSE;
  PatState *start = g_memdup2 (state, sizeof *state);

  start->round = 0;
  g_hash_table_add (seen, start);
  g_queue_push_tail (&queue, start);
  while (!won && !g_queue_is_empty (&queue))
    {
      const PatState *here = g_queue_pop_head (&queue);
      PatMoveList moves;
      guint i;

      if (rules->status (here) == PAT_STATUS_WON)
        {
          won = TRUE;
          break;
        }
      rules->legal_moves (here, &moves);
      for (i = 0; i < moves.n; i++)
        {
          PatState next = *here;

          rules->apply (&next, &moves.moves[i], NULL);
          next.round = 0;
          if (!g_hash_table_contains (seen, &next))
            {
              PatState *copy = g_memdup2 (&next, sizeof next);

              g_hash_table_add (seen, copy);
              g_queue_push_tail (&queue, copy);
            }
        }
    }
  g_queue_clear (&queue);
  return won;
}

static void
shuffle (GRand   *rand,
         PatCard *cards,
         guint    n)
{
  guint i;

  for (i = n; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i);
      PatCard t = cards[i - 1];

      cards[i - 1] = cards[j];
      cards[j] = t;
    }
}

/* A position with @cards in play, spread at random over the stock and the four piles, and
 * every other card discarded. */
static void
spread (GRand         *rand,
        PatState      *state,
        const PatCard *cards,
        guint          n)
{
  gboolean in_play[PAT_N_CARDS] = { FALSE, };
  guint in_stock = g_rand_int_range (rand, 0, n + 1);
  guint i;

  pat_state_init (state, N_PILES);
  for (i = 0; i < n; i++)
    {
      in_play[cards[i]] = TRUE;
      pat_state_push (state, i < in_stock ? STOCK : T1 + g_rand_int_range (rand, 0, 4), cards[i]);
    }
  for (i = 0; i < PAT_N_CARDS; i++)
    if (!in_play[i])
      pat_state_push (state, DISCARD, (PatCard) i);
}

static void
check_position (const PatRules *rules,
                const PatState *state,
                guint          *won,
                guint          *lost)
{
  PatSolution solution;
  gboolean expected = winnable (rules, state);

  solve (rules, state, &solution);
  if (expected)
    {
      assert_replays_to_win (rules, state, &solution);
      (*won)++;
    }
  else
    {
      g_assert_cmpint (solution.result, ==, PAT_SOLVE_UNSOLVABLE);
      (*lost)++;
    }
  pat_solution_clear (&solution);
}

/* Idiot's Delight */

static void
test_idiots_delight_known (void)
{
  static const guint won[] = { 5, 6, 9, 16, 19 };
  static const guint lost[] = { 2, 15, 17 };
  guint i;

  g_assert_true (pat_solver_supports (&pat_rules_idiots_delight));
  for (i = 0; i < G_N_ELEMENTS (won); i++)
    {
      PatSolution solution;
      PatState state;

      deal (&pat_rules_idiots_delight, won[i], &state);
      g_assert_cmpint (solve (&pat_rules_idiots_delight, &state, &solution), ==, PAT_SOLVE_SOLVED);
      assert_replays_to_win (&pat_rules_idiots_delight, &state, &solution);
      pat_solution_clear (&solution);
    }
  for (i = 0; i < G_N_ELEMENTS (lost); i++)
    {
      PatSolution solution;
      PatState state;

      deal (&pat_rules_idiots_delight, lost[i], &state);
      g_assert_cmpint (solve (&pat_rules_idiots_delight, &state, &solution), ==,
                       PAT_SOLVE_UNSOLVABLE);
      g_assert_null (solution.moves);
    }
}

/* Late Idiot's Delight positions: a dozen cards or so of a few suits and low ranks, so that
 * pairs and higher cards of a suit are about; every other card is gone. */
static void
test_idiots_delight_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  guint won = 0, lost = 0;
  guint i;

  for (i = 0; i < 4000; i++)
    {
      PatCard pool[PAT_N_CARDS];
      guint n_suits = g_rand_int_range (rand, 2, 5);
      guint n_ranks = g_rand_int_range (rand, 3, 7);
      guint n = 0, suit, rank, take;
      PatState state;

      for (suit = 0; suit < n_suits; suit++)
        for (rank = 1; rank <= n_ranks; rank++)
          pool[n++] = pat_card_make (rank, suit);
      shuffle (rand, pool, n);
      take = g_rand_int_range (rand, 2, MIN (n, 14u) + 1);
      spread (rand, &state, pool, take);
      check_position (&pat_rules_idiots_delight, &state, &won, &lost);
    }
  g_test_message ("%u won, %u lost", won, lost);
  g_assert_cmpuint (won, >, 200);
  g_assert_cmpuint (lost, >, 200);
}

/* Perpetual Motion: Free Columns */

static void
test_free_columns_known (void)
{
  guint number;

  g_assert_true (pat_solver_supports (&pat_rules_perpetual_motion_free));
  for (number = 1; number <= 20; number++)
    {
      PatSolution solution;
      PatState state;

      deal (&pat_rules_perpetual_motion_free, number, &state);
      g_assert_cmpint (solve (&pat_rules_perpetual_motion_free, &state, &solution), ==,
                       PAT_SOLVE_SOLVED);
      assert_replays_to_win (&pat_rules_perpetual_motion_free, &state, &solution);
      pat_solution_clear (&solution);
    }
}

/* Small Free Columns positions: one or two whole ranks in play, and now and then one card
 * fewer, which can never be won as cards only go out four of a kind dealt together. */
static void
test_free_columns_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (23);
  guint won = 0, lost = 0;
  guint i;

  for (i = 0; i < 200; i++)
    {
      PatCard cards[8];
      guint n_ranks = g_rand_int_range (rand, 1, 3);
      guint n = 0, r, suit;
      PatState state;

      for (r = 0; r < n_ranks; r++)
        {
          guint rank = 1 + (r * 5 + i) % 13;

          for (suit = 0; suit < 4; suit++)
            cards[n++] = pat_card_make (rank, suit);
        }
      shuffle (rand, cards, n);
      if (g_rand_int_range (rand, 0, 4) == 0)
        n--;
      spread (rand, &state, cards, n);
      check_position (&pat_rules_perpetual_motion_free, &state, &won, &lost);
    }
  g_test_message ("%u won, %u lost", won, lost);
  g_assert_cmpuint (won, >, 50);
  g_assert_cmpuint (lost, >, 20);
}

static void
test_limits (void)
{
  PatSolveLimits limits = { 0, };
  PatSolution solution = { 0, };
  PatState state;
  gint cancel = 1;

  g_assert_false (pat_solver_supports (&pat_rules_perpetual_motion));

  /* Deal 1 of Idiot's Delight takes millions of nodes. */
  deal (&pat_rules_idiots_delight, 1, &state);
  limits.max_nodes = 10;
  g_assert_cmpint (pat_solver_solve (&pat_rules_idiots_delight, &state, &limits, &solution), ==,
                   PAT_SOLVE_LIMIT);
  g_assert_cmpuint (solution.nodes, ==, 10);
  g_assert_null (solution.moves);

  memset (&limits, 0, sizeof limits);
  limits.cancel = &cancel;
  g_assert_cmpint (pat_solver_solve (&pat_rules_idiots_delight, &state, &limits, &solution), ==,
                   PAT_SOLVE_CANCELLED);

  memset (&limits, 0, sizeof limits);
  limits.timeout = 1e-9;
  g_assert_cmpint (pat_solver_solve (&pat_rules_idiots_delight, &state, &limits, &solution), ==,
                   PAT_SOLVE_LIMIT);

  memset (&limits, 0, sizeof limits);
  limits.max_memory = 64 * 1024;
  g_assert_cmpint (pat_solver_solve (&pat_rules_idiots_delight, &state, &limits, &solution), ==,
                   PAT_SOLVE_LIMIT);

  deal (&pat_rules_perpetual_motion_free, 1, &state);
  memset (&limits, 0, sizeof limits);
  limits.max_nodes = 10;
  g_assert_cmpint (pat_solver_solve (&pat_rules_perpetual_motion_free, &state, &limits, &solution),
                   ==, PAT_SOLVE_LIMIT);
  g_assert_cmpuint (solution.nodes, ==, 10);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/solver/idiots-delight/known-deals", test_idiots_delight_known);
  g_test_add_func ("/solver/idiots-delight/random-positions", test_idiots_delight_random);
  g_test_add_func ("/solver/free-columns/known-deals", test_free_columns_known);
  g_test_add_func ("/solver/free-columns/random-positions", test_free_columns_random);
  g_test_add_func ("/solver/discard/limits", test_limits);

  return g_test_run ();
}
