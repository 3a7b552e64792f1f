/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the Idiot's Delight and Perpetual Motion (Free Columns) solvers against a plain
 * exhaustive search. */

#include "config.h"

#include <string.h>

#include "pat-rules.h"
#include "pat-solver.h"
#include "pat-solver-private.h"
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

/* A position of the four piles and the stock (cards first dealt first), each given bottom
 * card first as "9D 5C"; every other card is discarded. */
static void
position (PatState   *state,
          const char *stock,
          const char *t1,
          const char *t2,
          const char *t3,
          const char *t4)
{
  const char *piles[5] = { stock, t1, t2, t3, t4 };
  gboolean in_play[PAT_N_CARDS] = { FALSE, };
  guint i, k;

  pat_state_init (state, N_PILES);
  for (i = 0; i < 5; i++)
    {
      g_auto(GStrv) words = g_strsplit (piles[i], " ", -1);
      guint n = g_strv_length (words);

      for (k = 0; k < n; k++)
        {
          /* The stock is dealt from its top: its first card is pushed last. */
          const char *word = words[i == 0 ? n - 1 - k : k];
          PatCard card;

          if (*word == '\0')
            continue;
          g_assert_true (pat_card_parse (word, strlen (word), &card));
          g_assert_false (in_play[card]);
          in_play[card] = TRUE;
          pat_state_push (state, i == 0 ? STOCK : T1 + i - 1, card);
        }
    }
  for (i = 0; i < PAT_N_CARDS; i++)
    if (!in_play[i])
      pat_state_push (state, DISCARD, (PatCard) i);
}

/* Solves a hand-made position, checks the verdict against the exhaustive reference and
 * against @expected, and replays a win. */
static void
check_hand_made (const PatState *state,
                 gboolean        expected)
{
  guint won = 0, lost = 0;

  g_assert_cmpint (winnable (&pat_rules_idiots_delight, state), ==, expected);
  check_position (&pat_rules_idiots_delight, state, &won, &lost);
  g_assert_cmpuint (won, ==, expected ? 1 : 0);
}

/* Idiot's Delight */

/* The order in which cards must go: 5C can only go under 9C, which lies under 6D, which
 * can only go under 9D, which lies under 5C. Every card has a partner on another pile, so
 * only the order says that this is lost; one more card on either side, dealt or to come,
 * wins it, and the order test must not call those lost. */
static void
test_idiots_delight_order (void)
{
  PatState state;

  position (&state, "", "9D 5C", "9C 6D", "", "");
  check_hand_made (&state, FALSE);

  /* KC takes 5C, then 9D takes 6D, the nines pair, and so do the kings. */
  position (&state, "", "9D 5C", "9C 6D", "KC", "KD");
  check_hand_made (&state, TRUE);

  /* The kings to come only cover the cycle: they pair, and it is still there. */
  position (&state, "KH KC", "9D 5C", "9C 6D", "", "");
  check_hand_made (&state, FALSE);

  /* TC, to come on the third pile, breaks it: the twos pair, TC takes 5C, 9D takes 6D, the
   * nines pair and TC pairs with TH, waiting from the start. */
  position (&state, "2H 2D TC", "9D 5C", "9C 6D", "", "TH");
  check_hand_made (&state, TRUE);

  /* The same with TC coming on the first pile, on 5C itself: lost. */
  position (&state, "TC 2D 2H", "9D 5C", "9C 6D", "", "TH");
  check_hand_made (&state, FALSE);
}

/* End games (the stock empty), which are searched on the piles' heights. */
static void
test_idiots_delight_end_game (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (29);
  guint won = 0, lost = 0;
  guint i;
  PatState state;

  /* The only move pairs 3S with 3H and leaves 3C with no partner. */
  position (&state, "", "QH 3S", "3C 3H", "", "");
  check_hand_made (&state, FALSE);
  /* QH must go under KH before the kings pair, and 3S must pair with 3C, not with 3D, so
   * that the kings can meet and uncover 3H for 3D. */
  position (&state, "", "KS 3S", "3C QH", "3H KH", "3D");
  check_hand_made (&state, TRUE);
  /* Without 3D the threes cannot all pair. */
  position (&state, "", "KS 3S", "3C QH", "3H KH", "");
  check_hand_made (&state, FALSE);

  for (i = 0; i < 1500; i++)
    {
      PatCard pool[PAT_N_CARDS];
      guint n_suits = g_rand_int_range (rand, 2, 5);
      guint n_ranks = g_rand_int_range (rand, 3, 8);
      guint n = 0, suit, rank, take, k;

      for (suit = 0; suit < n_suits; suit++)
        for (rank = 1; rank <= n_ranks; rank++)
          pool[n++] = pat_card_make (rank, suit);
      shuffle (rand, pool, n);
      take = g_rand_int_range (rand, 2, MIN (n, 24u) + 1);
      memset (&state, 0, sizeof state);
      pat_state_init (&state, N_PILES);
      {
        gboolean in_play[PAT_N_CARDS] = { FALSE, };

        for (k = 0; k < take; k++)
          {
            in_play[pool[k]] = TRUE;
            pat_state_push (&state, T1 + g_rand_int_range (rand, 0, 4), pool[k]);
          }
        for (k = 0; k < PAT_N_CARDS; k++)
          if (!in_play[k])
            pat_state_push (&state, DISCARD, (PatCard) k);
      }
      check_position (&pat_rules_idiots_delight, &state, &won, &lost);
    }
  g_test_message ("%u won, %u lost", won, lost);
  g_assert_cmpuint (won, >, 100);
  g_assert_cmpuint (lost, >, 100);
}

/* Longer positions with a stock, where lost positions condemn others with more passive
 * cards and the order test runs after deals. */
static void
test_idiots_delight_deeper (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (31);
  guint won = 0, lost = 0;
  guint i;

  for (i = 0; i < 250; i++)
    {
      PatCard pool[PAT_N_CARDS];
      guint n_suits = g_rand_int_range (rand, 3, 5);
      guint n_ranks = g_rand_int_range (rand, 4, 9);
      guint n = 0, suit, rank, take;
      PatState state;

      for (suit = 0; suit < n_suits; suit++)
        for (rank = 1; rank <= n_ranks; rank++)
          pool[n++] = pat_card_make (rank, suit);
      shuffle (rand, pool, n);
      take = g_rand_int_range (rand, 12, MIN (n, 17u) + 1);
      spread (rand, &state, pool, take);
      check_position (&pat_rules_idiots_delight, &state, &won, &lost);
    }
  g_test_message ("%u won, %u lost", won, lost);
  g_assert_cmpuint (won, >, 20);
  g_assert_cmpuint (lost, >, 20);
}

static void
test_idiots_delight_known (void)
{
  /* Deals 14 and 188 are lost by the old exhaustive search's verdict too, after about two
   * million and one million positions. */
  static const guint won[] = { 5, 6, 9, 16, 19, 30, 100 };
  static const guint lost[] = { 2, 14, 15, 17, 188 };
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

/* Deals the search through positions alone could not decide: 48, 70 and 81 took it 13 to 107
 * million positions to prove lost (so did 8 and 18, after more than the 256 MiB it may use),
 * 1 and 4 were still open after 30 s, and 28, 60, 32 and 37 were among the 111 of deals 1-2000
 * the order test with case splits left open after a second (7.9 million work units in 10 s did
 * not decide 32). Once its light probes are made (some 13,000 positions), the SAT solver decides
 * each with a few thousand decisions; budgets far below what the old searches took check it. */
static void
test_idiots_delight_hard_deals (void)
{
  static const struct {
    guint          deal;
    PatSolveResult result;
    guint64        max_nodes;
  } deals[] = {
    { 1, PAT_SOLVE_SOLVED, 2000000 },
    { 4, PAT_SOLVE_SOLVED, 2000000 },
    { 8, PAT_SOLVE_UNSOLVABLE, 100000 },
    { 18, PAT_SOLVE_UNSOLVABLE, 100000 },
    { 48, PAT_SOLVE_UNSOLVABLE, 100000 },
    { 70, PAT_SOLVE_UNSOLVABLE, 100000 },
    { 81, PAT_SOLVE_UNSOLVABLE, 100000 },
    { 28, PAT_SOLVE_SOLVED, 100000 },
    { 60, PAT_SOLVE_SOLVED, 100000 },
    { 32, PAT_SOLVE_UNSOLVABLE, 100000 },
    { 37, PAT_SOLVE_UNSOLVABLE, 100000 },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (deals); i++)
    {
      PatSolveLimits limits = { 0, };
      PatSolution solution;
      PatState state;

      limits.max_nodes = deals[i].max_nodes;
      deal (&pat_rules_idiots_delight, deals[i].deal, &state);
      g_assert_cmpint (pat_solver_solve (&pat_rules_idiots_delight, &state, &limits, &solution), ==,
                       deals[i].result);
      if (deals[i].result == PAT_SOLVE_SOLVED)
        assert_replays_to_win (&pat_rules_idiots_delight, &state, &solution);
      pat_solution_clear (&solution);
    }
}

/* Idiot's Delight deal 32, lost, which takes some 13,000 positions of probes and then the SAT
 * solver to decide, stopped by each limit: after exactly ten nodes, at once when cancelled or
 * past its time, and within @max_memory bytes; and decided without them. */
static void
assert_idiot_limits_heeded (gsize max_memory)
{
  PatSolveLimits limits = { 0, };
  PatSolution solution = { 0, };
  PatState state;
  gint cancel = 1;

  deal (&pat_rules_idiots_delight, 32, &state);
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
  limits.max_memory = max_memory;
  g_assert_cmpint (pat_solver_solve (&pat_rules_idiots_delight, &state, &limits, &solution), ==,
                   PAT_SOLVE_LIMIT);

  memset (&limits, 0, sizeof limits);
  g_assert_cmpint (pat_solver_solve (&pat_rules_idiots_delight, &state, &limits, &solution), ==,
                   PAT_SOLVE_UNSOLVABLE);
}

/* The same random positions as above, each decided by the SAT solver alone, with no probe
 * first (by default only after a few probes have failed, which small positions never reach):
 * every verdict matches the exhaustive search, and every winning line read off the SAT
 * solver's schedule replays to a win. */
static void
test_idiots_delight_sat (void)
{
  guint before = pat_solve_discard_set_light_probes (0);

  test_idiots_delight_random ();
  test_idiots_delight_deeper ();
  test_idiots_delight_order ();

  /* The SAT solver's decisions count as work and heed the limits; 1 MiB is less than its
   * clauses alone take. */
  assert_idiot_limits_heeded (1024 * 1024);
  pat_solve_discard_set_light_probes (before);
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

  g_assert_false (pat_solver_supports (&pat_rules_perpetual_motion));
  assert_idiot_limits_heeded (64 * 1024);

  deal (&pat_rules_perpetual_motion_free, 1, &state);
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
  g_test_add_func ("/solver/idiots-delight/order", test_idiots_delight_order);
  g_test_add_func ("/solver/idiots-delight/end-game", test_idiots_delight_end_game);
  g_test_add_func ("/solver/idiots-delight/deeper-positions", test_idiots_delight_deeper);
  g_test_add_func ("/solver/idiots-delight/hard-deals", test_idiots_delight_hard_deals);
  g_test_add_func ("/solver/idiots-delight/sat", test_idiots_delight_sat);
  g_test_add_func ("/solver/free-columns/known-deals", test_free_columns_known);
  g_test_add_func ("/solver/free-columns/random-positions", test_free_columns_random);
  g_test_add_func ("/solver/discard/limits", test_limits);

  return g_test_run ();
}
