/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB: the solver registry. */

#include "config.h"

#include "pat-solver.h"

void
pat_solution_clear (PatSolution *solution)
{
  g_clear_pointer (&solution->moves, g_free);
  solution->n_moves = 0;
}

gboolean
pat_solver_supports (const PatRules *rules)
{
  return FALSE;
}

PatSolveResult
pat_solver_solve (const PatRules       *rules,
                  const PatState       *state,
                  const PatSolveLimits *limits,
                  PatSolution          *solution)
{
  solution->result = PAT_SOLVE_LIMIT;
  solution->nodes = 0;
  solution->n_moves = 0;
  solution->moves = NULL;
  return PAT_SOLVE_LIMIT;
}

const char *
pat_solve_result_to_string (PatSolveResult result)
{
  switch (result)
    {
    case PAT_SOLVE_SOLVED:
      return "solved";
    case PAT_SOLVE_UNSOLVABLE:
      return "unsolvable";
    case PAT_SOLVE_LIMIT:
      return "limit";
    case PAT_SOLVE_CANCELLED:
      return "cancelled";
    default:
      return "unknown";
    }
}
