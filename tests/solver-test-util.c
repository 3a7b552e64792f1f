/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the solver tests share: dealing, solving with no limits, replaying a solution, hashing
 * positions. */

#include "config.h"

#include <string.h>

#include "solver-test-util.h"

void
deal (const PatRules *rules,
      guint           number,
      PatState       *state)
{
  PatDealNumber n = pat_deal_number_from_uint (number);
  PatOptions options = { PAT_DIE_OFF };

  pat_rules_deal_number (rules, state, &n, &options);
}

PatSolveResult
solve (const PatRules *rules,
       const PatState *state,
       PatSolution    *solution)
{
  PatSolveLimits limits = { 0, };

  memset (solution, 0, sizeof *solution);
  return pat_solver_solve (rules, state, &limits, solution);
}

void
assert_replays_to_win (const PatRules    *rules,
                       const PatState    *state,
                       const PatSolution *solution)
{
  PatState s = *state;
  guint i;

  g_assert_cmpint (solution->result, ==, PAT_SOLVE_SOLVED);
  for (i = 0; i < solution->n_moves; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (pat_rules_try_move (rules, &s, &solution->moves[i], NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (rules->status (&s), ==, PAT_STATUS_WON);
}

guint
state_hash (gconstpointer key)
{
  return (guint) pat_state_hash (key);
}

gboolean
state_equal (gconstpointer a,
             gconstpointer b)
{
  return pat_state_equal (a, b);
}
