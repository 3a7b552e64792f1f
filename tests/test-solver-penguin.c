/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the Penguin solver: winning lines that replay, exact verdicts, and its limits. */

#include <string.h>

#include "pat-rules.h"
#include "pat-solver.h"
#include "pat-solver-private.h"
#include "test-card.h"

#define N_PILES       18
#define COLUMN(i)     ((i) - 1)
#define CELL(i)       (7 + (i) - 1)
#define FOUNDATION(i) (14 + (i) - 1)

static const PatRules *rules = &pat_rules_penguin;

/* Builds a position from one string per pile ("TH 9H", bottom to top; NULL for empty). */
static void
make_state (PatState          *state,
            guint              beak,
            const char *const  piles[N_PILES])
{
  guint i;

  pat_state_init (state, N_PILES);
  state->base_rank = (guint8) beak;
  for (i = 0; i < N_PILES; i++)
    {
      g_auto (GStrv) words = NULL;
      guint k;

      if (piles[i] == NULL)
        continue;
      words = g_strsplit (piles[i], " ", -1);
      for (k = 0; words[k] != NULL; k++)
        if (words[k][0] != '\0')
          pat_state_push (state, i, card (words[k]));
    }
  g_assert_cmpuint (pat_state_n_cards (state), ==, PAT_N_CARDS);
}

static void
deal (PatState *state,
      guint64   number)
{
  PatDealNumber n = pat_deal_number_from_uint (number);

  pat_rules_deal_number (rules, state, &n, NULL);
}

/* Replays @solution from @state, checking every move, and asserts the game is won. */
static void
assert_replays (const PatState    *state,
                const PatSolution *solution)
{
  PatState s = *state;
  guint i;

  g_assert_cmpint (solution->result, ==, PAT_SOLVE_SOLVED);
  g_assert_nonnull (solution->moves);
  for (i = 0; i < solution->n_moves; i++)
    {
      g_autoptr (GError) error = NULL;

      if (!pat_rules_try_move (rules, &s, &solution->moves[i], NULL, &error))
        g_error ("move %u of %u does not replay: %s", i, solution->n_moves, error->message);
    }
  g_assert_cmpint (rules->status (&s), ==, PAT_STATUS_WON);
}

static PatSolveResult
solve (const PatState       *state,
       const PatSolveLimits *limits,
       PatSolution          *solution)
{
  PatSolveResult result = pat_solve_penguin (state, limits, solution);

  g_assert_cmpint (solution->result, ==, result);
  if (result != PAT_SOLVE_SOLVED)
    {
      g_assert_null (solution->moves);
      g_assert_cmpuint (solution->n_moves, ==, 0);
    }
  return result;
}

static void
test_deals (void)
{
  static const guint64 numbers[] = { 1, 2, 3, 7, 617, 2074, 9409, 11982, 31999, 123456789 };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      PatState state;
      PatSolution solution = { 0, };

      deal (&state, numbers[i]);
      g_assert_cmpint (solve (&state, NULL, &solution), ==, PAT_SOLVE_SOLVED);
      g_assert_cmpuint (solution.nodes, >, 0);
      assert_replays (&state, &solution);
      pat_solution_clear (&solution);
    }
}

/* Of the first thousand deals only 616 is lost (see below); every other line replays. */
static void
test_first_thousand (void)
{
  guint64 number;

  for (number = 1; number <= 1000; number++)
    {
      PatState state;
      PatSolution solution = { 0, };
      PatSolveResult result;

      deal (&state, number);
      result = solve (&state, NULL, &solution);
      if (number == 616)
        g_assert_cmpint (result, ==, PAT_SOLVE_UNSOLVABLE);
      else
        assert_replays (&state, &solution);
      pat_solution_clear (&solution);
    }
}

/* Through the registry, with explicit limits, the answer is the same. */
static void
test_registry (void)
{
  PatSolveLimits limits = { 0, };
  PatState state;
  PatSolution solution = { 0, };

  limits.timeout = 60;
  limits.max_memory = 16 * 1024 * 1024;
  g_assert_true (pat_solver_supports (rules));
  deal (&state, 5);
  g_assert_cmpint (pat_solver_solve (rules, &state, &limits, &solution), ==, PAT_SOLVE_SOLVED);
  assert_replays (&state, &solution);
  pat_solution_clear (&solution);
}

/* Every position along a winning line is still winnable, and each gets a line of its own. */
static void
test_along_a_line (void)
{
  static const guint64 numbers[] = { 4, 1768, 8003 };
  guint i, k;

  for (i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      PatState state;
      PatSolution line = { 0, };

      deal (&state, numbers[i]);
      g_assert_cmpint (solve (&state, NULL, &line), ==, PAT_SOLVE_SOLVED);
      for (k = 0; k < line.n_moves; k++)
        {
          PatSolution solution = { 0, };

          g_assert_true (pat_rules_try_move (rules, &state, &line.moves[k], NULL, NULL));
          g_assert_cmpint (solve (&state, NULL, &solution), ==, PAT_SOLVE_SOLVED);
          assert_replays (&state, &solution);
          pat_solution_clear (&solution);
        }
      g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_WON);
      pat_solution_clear (&line);
    }
}

/* A won game needs no move. */
static void
test_won (void)
{
  static const char *const piles[N_PILES] = {
    [FOUNDATION (1)] = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
    [FOUNDATION (2)] = "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    [FOUNDATION (3)] = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    [FOUNDATION (4)] = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
  };
  PatState state;
  PatSolution solution = { 0, };

  make_state (&state, PAT_ACE, piles);
  g_assert_cmpint (solve (&state, NULL, &solution), ==, PAT_SOLVE_SOLVED);
  g_assert_cmpuint (solution.n_moves, ==, 0);
  pat_solution_clear (&solution);
}

/* Deals 616 and 5520 are lost from the start: an exhaustive search with every legal move
 * and no pruning at all, written to check this solver, finds no win either. */
static void
test_unsolvable_deals (void)
{
  static const guint64 numbers[] = { 616, 5520 };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      PatState state;
      PatSolution solution = { 0, };

      deal (&state, numbers[i]);
      g_assert_cmpint (solve (&state, NULL, &solution), ==, PAT_SOLVE_UNSOLVABLE);
      g_assert_cmpuint (solution.nodes, >, 1000);
    }
}

/* Beak Ace, everything home but the spades from the Two. The Two lies under the run 4S 3S,
 * which could go only onto 5S (buried deeper in the same column, under KS), into an empty
 * column (which takes a King only, and KS is buried too) or into two flipper cells. One cell
 * is free and 6S can take it, but the other six hold 7S to QS for good: each could only go
 * home after the Two or onto the card above it, which is in a cell or buried. */
static const char *const trapped[N_PILES] = {
  [COLUMN (1)] = "5S KS 2S 4S 3S",
  [COLUMN (2)] = "6S",
  [CELL (1)] = "7S", [CELL (2)] = "8S", [CELL (3)] = "9S",
  [CELL (4)] = "TS", [CELL (5)] = "JS", [CELL (6)] = "QS",
  [FOUNDATION (1)] = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
  [FOUNDATION (2)] = "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
  [FOUNDATION (3)] = "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
  [FOUNDATION (4)] = "AS",
};

static void
test_trapped (void)
{
  const char *piles[N_PILES];
  PatState state;
  PatSolution solution = { 0, };

  make_state (&state, PAT_ACE, trapped);
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_PLAYING);
  g_assert_cmpint (solve (&state, NULL, &solution), ==, PAT_SOLVE_UNSOLVABLE);

  /* With QS in a column instead, JS goes onto it and frees the second cell: won. */
  memcpy (piles, trapped, sizeof piles);
  piles[CELL (6)] = NULL;
  piles[COLUMN (3)] = "QS";
  make_state (&state, PAT_ACE, piles);
  g_assert_cmpint (solve (&state, NULL, &solution), ==, PAT_SOLVE_SOLVED);
  assert_replays (&state, &solution);
  pat_solution_clear (&solution);
}

/* No legal move at all: cells full, every column's top card stuck. */
static void
test_blocked (void)
{
  static const char *const piles[N_PILES] = {
    [COLUMN (1)] = "2S 6S",
    [COLUMN (2)] = "3S 4S",
    [COLUMN (3)] = "5S KH",
    [COLUMN (4)] = "2H JH",
    [COLUMN (5)] = "3H 4H 9H",
    [COLUMN (6)] = "8H 6H 7H",
    [COLUMN (7)] = "TH QH 5H",
    [CELL (1)] = "7S", [CELL (2)] = "8S", [CELL (3)] = "9S", [CELL (4)] = "TS",
    [CELL (5)] = "JS", [CELL (6)] = "QS", [CELL (7)] = "KS",
    [FOUNDATION (1)] = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
    [FOUNDATION (2)] = "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    [FOUNDATION (3)] = "AS",
    [FOUNDATION (4)] = "AH",
  };
  PatState state;
  PatSolution solution = { 0, };

  make_state (&state, PAT_ACE, piles);
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_BLOCKED);
  g_assert_cmpint (solve (&state, NULL, &solution), ==, PAT_SOLVE_UNSOLVABLE);
}

/* A big lost position: the spades from KS QS 2S up to JS in one column. Nine cards cover the
 * Two, each lying on the card it would have to go onto, and seven cells cannot take them
 * all; the other suits can be played in very many ways meanwhile. */
static void
make_big_lost (PatState *state)
{
  guint i, n = 0;
  PatCard rest[36];

  pat_state_init (state, N_PILES);
  state->base_rank = PAT_ACE;
  pat_state_push (state, COLUMN (1), pat_card_make (PAT_KING, PAT_SUIT_SPADES));
  pat_state_push (state, COLUMN (1), pat_card_make (12, PAT_SUIT_SPADES));
  for (i = 2; i <= 11; i++)
    pat_state_push (state, COLUMN (1), pat_card_make (i, PAT_SUIT_SPADES));
  for (i = 0; i < 4; i++)
    pat_state_push (state, FOUNDATION (1 + i), pat_card_make (PAT_ACE, i));
  for (i = 0; i < 36; i++)
    {
      guint k = (i * 7 + 3) % 36;
      guint suit = k / 12 == 0 ? PAT_SUIT_CLUBS : k / 12 == 1 ? PAT_SUIT_HEARTS : PAT_SUIT_DIAMONDS;

      rest[n++] = pat_card_make (k % 12 + 2, suit);
    }
  for (i = 0; i < n; i++)
    pat_state_push (state, COLUMN (2 + i % 6), rest[i]);
  g_assert_cmpuint (pat_state_n_cards (state), ==, PAT_N_CARDS);
}

static void
test_big_lost (void)
{
  PatState state;
  PatSolution solution = { 0, };

  make_big_lost (&state);
  g_assert_cmpint (solve (&state, NULL, &solution), ==, PAT_SOLVE_UNSOLVABLE);
  g_assert_cmpuint (solution.nodes, >, 65536);
}

/* Running out of nodes, time or memory is a limit, never a verdict. */
static void
test_limits (void)
{
  PatSolveLimits limits = { 0, };
  PatState state;
  PatSolution solution = { 0, };

  deal (&state, 616);
  limits.max_nodes = 10;
  g_assert_cmpint (solve (&state, &limits, &solution), ==, PAT_SOLVE_LIMIT);
  g_assert_cmpuint (solution.nodes, <=, 10);

  make_big_lost (&state);
  limits.max_nodes = 0;
  limits.timeout = 1e-6;
  g_assert_cmpint (solve (&state, &limits, &solution), ==, PAT_SOLVE_LIMIT);

  /* 64 KiB holds a few thousand positions; the lost deal needs tens of thousands. */
  deal (&state, 616);
  limits.timeout = 0;
  limits.max_memory = 64 * 1024;
  g_assert_cmpint (solve (&state, &limits, &solution), ==, PAT_SOLVE_LIMIT);

  /* A winnable deal with a budget that allows its search is still solved. */
  deal (&state, 1);
  limits.max_memory = 1024 * 1024;
  g_assert_cmpint (solve (&state, &limits, &solution), ==, PAT_SOLVE_SOLVED);
  assert_replays (&state, &solution);
  pat_solution_clear (&solution);
}

typedef struct {
  gint    cancel;
  guint   calls;
  guint64 last;
} Progress;

static void
progress_cb (guint64  nodes,
             gpointer user_data)
{
  Progress *p = user_data;

  g_assert_cmpuint (nodes, >, p->last);
  p->last = nodes;
  p->calls++;
  if (p->calls == 2)
    g_atomic_int_set (&p->cancel, 1);
}

static void
test_cancel (void)
{
  PatSolveLimits limits = { 0, };
  Progress p = { 0, };
  PatState state;
  PatSolution solution = { 0, };

  /* Set before the start. */
  p.cancel = 1;
  limits.cancel = &p.cancel;
  deal (&state, 1);
  g_assert_cmpint (solve (&state, &limits, &solution), ==, PAT_SOLVE_CANCELLED);

  /* Set from the progress callback, which the search calls as it goes. */
  p.cancel = 0;
  limits.progress = progress_cb;
  limits.user_data = &p;
  make_big_lost (&state);
  g_assert_cmpint (solve (&state, &limits, &solution), ==, PAT_SOLVE_CANCELLED);
  g_assert_cmpuint (p.calls, ==, 2);
  g_assert_cmpuint (solution.nodes, <, 2 * 65536 + 8192);
}

/* The restart budgets of the Black Hole and Idiot's Delight solvers follow the Luby sequence. */
static void
test_luby (void)
{
  static const guint64 expected[] = { 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1, 1, 2 };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpuint (pat_solve_luby (i), ==, expected[i]);
  g_assert_cmpuint (pat_solve_luby ((G_GUINT64_CONSTANT (1) << 40) - 2), ==,
                    G_GUINT64_CONSTANT (1) << 39);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/solver/luby", test_luby);
  g_test_add_func ("/solver/penguin/deals", test_deals);
  g_test_add_func ("/solver/penguin/first-thousand", test_first_thousand);
  g_test_add_func ("/solver/penguin/registry", test_registry);
  g_test_add_func ("/solver/penguin/along-a-line", test_along_a_line);
  g_test_add_func ("/solver/penguin/won", test_won);
  g_test_add_func ("/solver/penguin/unsolvable-deals", test_unsolvable_deals);
  g_test_add_func ("/solver/penguin/trapped", test_trapped);
  g_test_add_func ("/solver/penguin/blocked", test_blocked);
  g_test_add_func ("/solver/penguin/big-lost", test_big_lost);
  g_test_add_func ("/solver/penguin/limits", test_limits);
  g_test_add_func ("/solver/penguin/cancel", test_cancel);

  return g_test_run ();
}
