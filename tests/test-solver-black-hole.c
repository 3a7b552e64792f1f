/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the Black Hole and All in a Row solver against a plain exhaustive search and the
 * rules. */

#include "config.h"

#include <string.h>

#include "pat-rules.h"
#include "pat-solver.h"
#include "solver-test-util.h"

/* Verdicts checked by an independent exhaustive search over every reachable position. */
static const guint black_hole_won[] = { 2, 3, 4, 5, 6, 8, 9, 12 };
static const guint black_hole_lost[] = { 1, 34, 265, 535, 1637, 1822 };
static const guint all_in_a_row_won[] = { 3, 4, 5, 6, 8, 9 };
static const guint all_in_a_row_lost[] = { 1, 2, 250, 265, 308 };

/* All in a Row deals among the hardest of 1–300 here, with black-hole-solver 1.14's verdicts. */
static const guint all_in_a_row_hard_won[] = { 109, 221 };
static const guint all_in_a_row_hard_lost[] = { 7, 41, 49, 77 };

/* The reference: every reachable position, tried move by move through the rules. */

static gboolean
brute_force (const PatRules *rules,
             const PatState *state,
             GHashTable     *seen)
{
  PatMoveList moves;
  guint i;

  if (rules->status (state) == PAT_STATUS_WON)
    return TRUE;
  if (g_hash_table_contains (seen, state))
    return FALSE;
  g_hash_table_add (seen, g_memdup2 (state, sizeof *state));

  rules->legal_moves (state, &moves);
  for (i = 0; i < moves.n; i++)
    {
      PatState next = *state;

      rules->apply (&next, &moves.moves[i], NULL);
      if (brute_force (rules, &next, seen))
        return TRUE;
    }
  return FALSE;
}

static gboolean
winnable (const PatRules *rules,
          const PatState *state)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (state_hash, state_equal, g_free, NULL);

  return brute_force (rules, state, seen);
}

static void
check_known (const PatRules *rules,
             const guint    *numbers,
             guint           n,
             PatSolveResult  expected)
{
  guint i;

  for (i = 0; i < n; i++)
    {
      PatSolution solution;
      PatState state;

      deal (rules, numbers[i], &state);
      g_test_message ("%s deal %u", rules->id, numbers[i]);
      g_assert_cmpint (solve (rules, &state, &solution), ==, expected);
      g_assert_cmpint (solution.result, ==, expected);
      if (expected == PAT_SOLVE_SOLVED)
        assert_replays_to_win (rules, &state, &solution);
      else
        g_assert_null (solution.moves);
      pat_solution_clear (&solution);
    }
}

static void
test_known_deals (void)
{
  g_assert_true (pat_solver_supports (&pat_rules_black_hole));
  g_assert_true (pat_solver_supports (&pat_rules_all_in_a_row));
  g_assert_false (pat_solver_supports (&pat_rules_perpetual_motion));

  check_known (&pat_rules_black_hole, black_hole_won, G_N_ELEMENTS (black_hole_won),
               PAT_SOLVE_SOLVED);
  check_known (&pat_rules_black_hole, black_hole_lost, G_N_ELEMENTS (black_hole_lost),
               PAT_SOLVE_UNSOLVABLE);
  check_known (&pat_rules_all_in_a_row, all_in_a_row_won, G_N_ELEMENTS (all_in_a_row_won),
               PAT_SOLVE_SOLVED);
  check_known (&pat_rules_all_in_a_row, all_in_a_row_lost, G_N_ELEMENTS (all_in_a_row_lost),
               PAT_SOLVE_UNSOLVABLE);
  check_known (&pat_rules_all_in_a_row, all_in_a_row_hard_won, G_N_ELEMENTS (all_in_a_row_hard_won),
               PAT_SOLVE_SOLVED);
  check_known (&pat_rules_all_in_a_row, all_in_a_row_hard_lost,
               G_N_ELEMENTS (all_in_a_row_hard_lost), PAT_SOLVE_UNSOLVABLE);
}

/* A hand-made All in a Row position: @hole is the hole's top card (PAT_NO_CARD for none),
 * @fans a string of fans separated by '|', each read bottom first as rank letters
 * (A 2 … 9 T J Q K); suits are given in turn so that no card repeats. */
static void
hand_made (const gchar *fans,
           PatCard      hole,
           PatState    *state)
{
  gchar **piles = g_strsplit (fans, "|", -1);
  guint next_suit[14] = { 0, };
  guint n = g_strv_length (piles);
  guint f;
  const gchar *c;

  if (hole != PAT_NO_CARD)
    next_suit[pat_card_rank (hole)] = pat_card_suit (hole) + 1;
  pat_state_init (state, 1 + n);
  if (hole != PAT_NO_CARD)
    pat_state_push (state, 0, hole);
  for (f = 0; f < n; f++)
    for (c = piles[f]; *c != '\0'; c++)
      {
        const gchar *ranks = "A23456789TJQK";
        guint rank = (guint) (strchr (ranks, *c) - ranks) + 1;

        g_assert_cmpuint (next_suit[rank], <, 4);
        pat_state_push (state, 1 + f, pat_card_make (rank, next_suit[rank]++));
      }
  g_strfreev (piles);
}

/* Solves a hand-made position, checks the verdict against the exhaustive search and returns
 * the solver's node count. */
static guint64
check_hand_made (const gchar    *fans,
                 PatCard         hole,
                 PatSolveResult  expected)
{
  PatSolution solution;
  PatState state;
  guint64 nodes;

  hand_made (fans, hole, &state);
  g_test_message ("%s on %d", fans, hole == PAT_NO_CARD ? 0 : (gint) pat_card_rank (hole));
  g_assert_cmpint (winnable (&pat_rules_all_in_a_row, &state), ==, expected == PAT_SOLVE_SOLVED);
  g_assert_cmpint (solve (&pat_rules_all_in_a_row, &state, &solution), ==, expected);
  if (expected == PAT_SOLVE_SOLVED)
    assert_replays_to_win (&pat_rules_all_in_a_row, &state, &solution);
  nodes = solution.nodes;
  pat_solution_clear (&solution);
  return nodes;
}

static void
test_hand_made (void)
{
  PatCard king = pat_card_make (PAT_KING, PAT_SUIT_SPADES);
  PatCard queen = pat_card_make (12, PAT_SUIT_SPADES);
  PatCard two = pat_card_make (2, PAT_SUIT_SPADES);
  PatCard five = pat_card_make (5, PAT_SUIT_SPADES);

  /* The hole's King takes the Ace (K→A wraps), then the 2. */
  check_hand_made ("2A", king, PAT_SOLVE_SOLVED);
  check_hand_made ("2A", queen, PAT_SOLVE_UNSOLVABLE);
  /* The King under the Ace is played after it (A→K wraps too). */
  check_hand_made ("KA", two, PAT_SOLVE_SOLVED);
  check_hand_made ("KA|Q", two, PAT_SOLVE_SOLVED);
  check_hand_made ("KA|Q3", two, PAT_SOLVE_UNSOLVABLE);

  /* The 3 on top can never be played: both its neighbours, 2 and 4, lie under it, and the
   * hole (5, then 6) is never next to it. Proved at the root, without a move. */
  g_assert_cmpuint (check_hand_made ("423|6", five, PAT_SOLVE_UNSOLVABLE), ==, 1);
  /* Looks the same to a prune that counts only the neighbours outside the card's own fan, but
   * the 4 right over the 3 comes first: 4, 3, 2, then the other fan. */
  check_hand_made ("234|A", five, PAT_SOLVE_SOLVED);
  /* A buried card whose only neighbours are elsewhere: the 7 under the Jack needs the 6 or 8
   * after the Jack is gone. */
  check_hand_made ("7J|Q|8|9T", pat_card_make (PAT_KING, PAT_SUIT_HEARTS), PAT_SOLVE_SOLVED);
  check_hand_made ("7J|Q|5|9T", pat_card_make (PAT_KING, PAT_SUIT_HEARTS), PAT_SOLVE_UNSOLVABLE);

  /* Fans of four whose cards alternate across a cut of the circle of ranks: with the hole
   * empty, every card of 2–4 over one of 9–J and back needs the walk to cross between the two
   * groups each time, through 5–8 or through Q–A, which have few cards. */
  check_hand_made ("3J4T|9342|6Q", PAT_NO_CARD, PAT_SOLVE_UNSOLVABLE);
  check_hand_made ("3456|789T|JQKA|2", PAT_NO_CARD, PAT_SOLVE_SOLVED);
  check_hand_made ("A23|K", PAT_NO_CARD, PAT_SOLVE_SOLVED);
}

/* Small positions made up at random: a few short fans dealt so that some line plays them out
 * (a random walk of ranks, dealt in reverse onto random fans), then, half the time, two cards
 * swapped, which often spoils it. */
static void
random_position (GRand    *rand,
                 PatState *state,
                 guint     max_height,
                 gboolean  empty_hole)
{
  gboolean used[PAT_N_CARDS] = { FALSE, };
  PatCard line[PAT_N_CARDS];
  guint n_fans = g_rand_int_range (rand, 3, 8);
  guint heights[8] = { 0, };
  guint length = g_rand_int_range (rand, n_fans, n_fans * max_height + 1);
  guint rank = g_rand_int_range (rand, 1, 14);
  guint n = 0;
  guint i, f;
  PatCard hole = PAT_NO_CARD;

  if (!empty_hole)
    {
      hole = pat_card_make (rank, g_rand_int_range (rand, 0, 4));
      used[hole] = TRUE;
    }
  while (n < length)
    {
      guint suit = g_rand_int_range (rand, 0, 4);
      guint tries;

      if (n > 0 || !empty_hole)
        rank = g_rand_boolean (rand) ? pat_rank_next (rank) : pat_rank_prev (rank);
      for (tries = 0; tries < 4 && used[pat_card_make (rank, suit)]; tries++)
        suit = (suit + 1) % 4;
      if (used[pat_card_make (rank, suit)])
        break;
      line[n] = pat_card_make (rank, suit);
      used[line[n++]] = TRUE;
    }

  pat_state_init (state, 1 + n_fans);
  if (hole != PAT_NO_CARD)
    pat_state_push (state, 0, hole);
  for (i = n; i > 0; i--)
    {
      do
        f = g_rand_int_range (rand, 0, n_fans);
      while (heights[f] == max_height);
      heights[f]++;
      pat_state_push (state, 1 + f, line[i - 1]);
    }

  if (g_rand_boolean (rand) && n >= 2)
    {
      guint total = pat_state_n_cards (state);
      guint first = state->start[1];
      guint a = g_rand_int_range (rand, first, total);
      guint b = g_rand_int_range (rand, first, total);
      PatCard t = state->cards[a];

      state->cards[a] = state->cards[b];
      state->cards[b] = t;
    }
}

static void
check_random_positions (const PatRules *rules,
                        guint           max_height,
                        gboolean        empty_hole,
                        guint32         seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint won = 0, lost = 0;
  guint i;

  for (i = 0; i < 3000; i++)
    {
      PatSolution solution;
      PatState state;
      gboolean expected;

      random_position (rand, &state, max_height, empty_hole);
      expected = winnable (rules, &state);
      solve (rules, &state, &solution);
      if (expected)
        {
          assert_replays_to_win (rules, &state, &solution);
          won++;
        }
      else
        {
          g_assert_cmpint (solution.result, ==, PAT_SOLVE_UNSOLVABLE);
          lost++;
        }
      pat_solution_clear (&solution);
    }
  /* Both verdicts must have been put to the test. */
  g_assert_cmpuint (won, >, 100);
  g_assert_cmpuint (lost, >, 100);
}

static void
test_random_positions (void)
{
  check_random_positions (&pat_rules_black_hole, 3, FALSE, 7);
  check_random_positions (&pat_rules_all_in_a_row, 4, TRUE, 11);
  check_random_positions (&pat_rules_all_in_a_row, 4, FALSE, 13);
  /* Fans taller than four take the walk test's other path (no dealt game has them). */
  check_random_positions (&pat_rules_all_in_a_row, 6, FALSE, 17);
}

/* Positions known to be winnable, because they lie on a winning line, must be found so; and
 * late positions just off that line must get the verdict of the exhaustive search. */
static void
check_along_solutions (const PatRules *rules,
                       const guint    *numbers,
                       guint           n,
                       guint32         seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint i, k;

  for (i = 0; i < n; i++)
    {
      PatSolution line;
      PatState state;

      deal (rules, numbers[i], &state);
      g_assert_cmpint (solve (rules, &state, &line), ==, PAT_SOLVE_SOLVED);
      for (k = 0; k < line.n_moves; k++)
        {
          PatSolution solution;
          PatMoveList moves;

          rules->apply (&state, &line.moves[k], NULL);
          solve (rules, &state, &solution);
          assert_replays_to_win (rules, &state, &solution);
          pat_solution_clear (&solution);

          rules->legal_moves (&state, &moves);
          if (k >= line.n_moves / 2 && moves.n > 0)
            {
              PatState off = state;

              rules->apply (&off, &moves.moves[g_rand_int_range (rand, 0, moves.n)], NULL);
              solve (rules, &off, &solution);
              if (winnable (rules, &off))
                assert_replays_to_win (rules, &off, &solution);
              else
                g_assert_cmpint (solution.result, ==, PAT_SOLVE_UNSOLVABLE);
              pat_solution_clear (&solution);
            }
        }
      pat_solution_clear (&line);
    }
}

static void
test_along_solutions (void)
{
  check_along_solutions (&pat_rules_black_hole, black_hole_won, G_N_ELEMENTS (black_hole_won), 3);
  check_along_solutions (&pat_rules_all_in_a_row, all_in_a_row_won, 3, 5);
}

/* Every position is searched forwards and, fans turned over, backwards, in turn. Each of these
 * deals is decided within a few thousand positions in one direction and takes 48,000 to 6
 * million in the other (All in a Row forwards: deals 41, 77, 221, 463; backwards: 102, 132,
 * 359, 434; Black Hole, whose hole holds a card, forwards: 10683, 13295, 17309, 2446, 7430),
 * so each must be decided within 20,000 positions, with a line that replays whichever direction
 * found it. */
static void
test_both_directions (void)
{
  static const struct {
    const PatRules *rules;
    guint           deal;
    PatSolveResult  verdict;
  } deals[] = {
    { &pat_rules_black_hole, 10683, PAT_SOLVE_UNSOLVABLE },
    { &pat_rules_black_hole, 13295, PAT_SOLVE_UNSOLVABLE },
    { &pat_rules_black_hole, 17309, PAT_SOLVE_UNSOLVABLE },
    { &pat_rules_black_hole, 2446, PAT_SOLVE_SOLVED },
    { &pat_rules_black_hole, 7430, PAT_SOLVE_SOLVED },
    { &pat_rules_all_in_a_row, 41, PAT_SOLVE_UNSOLVABLE },
    { &pat_rules_all_in_a_row, 77, PAT_SOLVE_UNSOLVABLE },
    { &pat_rules_all_in_a_row, 221, PAT_SOLVE_SOLVED },
    { &pat_rules_all_in_a_row, 463, PAT_SOLVE_UNSOLVABLE },
    { &pat_rules_all_in_a_row, 102, PAT_SOLVE_UNSOLVABLE },
    { &pat_rules_all_in_a_row, 132, PAT_SOLVE_SOLVED },
    { &pat_rules_all_in_a_row, 359, PAT_SOLVE_UNSOLVABLE },
    { &pat_rules_all_in_a_row, 434, PAT_SOLVE_UNSOLVABLE },
  };
  PatSolveLimits limits = { 0, };
  PatSolution solution;
  PatState state;
  gint cancel = 1;
  guint i;

  limits.max_nodes = 20000;
  for (i = 0; i < G_N_ELEMENTS (deals); i++)
    {
      deal (deals[i].rules, deals[i].deal, &state);
      g_test_message ("%s deal %u", deals[i].rules->id, deals[i].deal);
      g_assert_cmpint (pat_solver_solve (deals[i].rules, &state, &limits, &solution), ==,
                       deals[i].verdict);
      if (deals[i].verdict == PAT_SOLVE_SOLVED)
        assert_replays_to_win (deals[i].rules, &state, &solution);
      pat_solution_clear (&solution);
    }

  /* Deal 7 is hard both ways (over 200,000 positions each): a node limit stops the two
   * searches together at exactly the limit, after several turns each. */
  deal (&pat_rules_all_in_a_row, 7, &state);
  limits.max_nodes = 5000;
  g_assert_cmpint (pat_solver_solve (&pat_rules_all_in_a_row, &state, &limits, &solution), ==,
                   PAT_SOLVE_LIMIT);
  g_assert_cmpuint (solution.nodes, ==, 5000);
  g_assert_null (solution.moves);

  /* The cancel flag is looked at every 4096 positions of the two searches together, not of
   * each probe (most probes are shorter than that). */
  memset (&limits, 0, sizeof limits);
  limits.cancel = &cancel;
  g_assert_cmpint (pat_solver_solve (&pat_rules_all_in_a_row, &state, &limits, &solution), ==,
                   PAT_SOLVE_CANCELLED);
  g_assert_cmpuint (solution.nodes, <=, 4096);
}

static void
progress_cb (guint64  nodes,
             gpointer user_data)
{
  guint *calls = user_data;

  (*calls)++;
}

static void
test_limits (void)
{
  PatSolveLimits limits = { 0, };
  PatSolution solution = { 0, };
  PatState state;
  gint cancel = 1;
  guint calls = 0;

  /* Deal 265 takes tens of thousands of nodes to prove lost. */
  deal (&pat_rules_black_hole, 265, &state);

  limits.max_nodes = 10;
  g_assert_cmpint (pat_solver_solve (&pat_rules_black_hole, &state, &limits, &solution), ==,
                   PAT_SOLVE_LIMIT);
  g_assert_cmpint (solution.result, ==, PAT_SOLVE_LIMIT);
  g_assert_cmpuint (solution.nodes, ==, 10);
  g_assert_null (solution.moves);

  memset (&limits, 0, sizeof limits);
  limits.cancel = &cancel;
  g_assert_cmpint (pat_solver_solve (&pat_rules_black_hole, &state, &limits, &solution), ==,
                   PAT_SOLVE_CANCELLED);

  memset (&limits, 0, sizeof limits);
  limits.timeout = 1e-9;
  g_assert_cmpint (pat_solver_solve (&pat_rules_black_hole, &state, &limits, &solution), ==,
                   PAT_SOLVE_LIMIT);

  /* Too little memory for even the first table. */
  memset (&limits, 0, sizeof limits);
  limits.max_memory = 1024;
  g_assert_cmpint (pat_solver_solve (&pat_rules_black_hole, &state, &limits, &solution), ==,
                   PAT_SOLVE_LIMIT);

  memset (&limits, 0, sizeof limits);
  limits.progress = progress_cb;
  limits.user_data = &calls;
  g_assert_cmpint (pat_solver_solve (&pat_rules_black_hole, &state, &limits, &solution), ==,
                   PAT_SOLVE_UNSOLVABLE);
  g_assert_cmpuint (calls, >, 0);
  g_assert_cmpuint (solution.nodes, >, 10000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/solver/black-hole/known-deals", test_known_deals);
  g_test_add_func ("/solver/black-hole/hand-made", test_hand_made);
  g_test_add_func ("/solver/black-hole/random-positions", test_random_positions);
  g_test_add_func ("/solver/black-hole/along-solutions", test_along_solutions);
  g_test_add_func ("/solver/black-hole/limits", test_limits);
  g_test_add_func ("/solver/black-hole/both-directions", test_both_directions);

  return g_test_run ();
}
