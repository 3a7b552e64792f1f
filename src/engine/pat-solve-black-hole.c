/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB: replaced by the real solver. */

#include "config.h"

#include "pat-solver-private.h"

PatSolveResult
pat_solve_black_hole (const PatState       *state,
               const PatSolveLimits *limits,
               PatSolution          *solution)
{
  return pat_solution_set (solution, PAT_SOLVE_LIMIT, 0, NULL, 0);
}
