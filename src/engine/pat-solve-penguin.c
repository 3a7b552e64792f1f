/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB: replaced by the real solver. */

#include "config.h"

#include "pat-solver.h"

#include "pat-solver-private.h"

/* STUB fallback so the registry links until the real solver lands. */
PatSolveResult
pat_solve_penguin (const PatState       *state,
                   const PatSolveLimits *limits,
                   PatSolution          *solution)
{
  return pat_solution_set (solution, PAT_SOLVE_LIMIT, 0, NULL, 0);
}
