/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shipped games' solvers, dispatch through a game's rules, and helpers the solvers share. */

#include "config.h"

#include <string.h>
#include <time.h>

#include "pat-solver.h"
#include "pat-solver-private.h"

/* The search functions take the state alone: each knows its game, or reads what it needs off
 * the state (Black Hole's and All in a Row's one solver, the number of fans). */
static PatSolveResult
solve_black_hole (const PatRules       *rules,
                  const PatState       *state,
                  const PatSolveLimits *limits,
                  PatSolution          *solution)
{
  return pat_solve_black_hole (state, limits, solution);
}

static PatSolveResult
solve_penguin (const PatRules       *rules,
               const PatState       *state,
               const PatSolveLimits *limits,
               PatSolution          *solution)
{
  return pat_solve_penguin (state, limits, solution);
}

static PatSolveResult
solve_demon (const PatRules       *rules,
             const PatState       *state,
             const PatSolveLimits *limits,
             PatSolution          *solution)
{
  return pat_solve_demon (state, limits, solution);
}

static PatSolveResult
solve_idiots_delight (const PatRules       *rules,
                      const PatState       *state,
                      const PatSolveLimits *limits,
                      PatSolution          *solution)
{
  return pat_solve_idiots_delight (state, limits, solution);
}

static PatSolveResult
solve_free_columns (const PatRules       *rules,
                    const PatState       *state,
                    const PatSolveLimits *limits,
                    PatSolution          *solution)
{
  return pat_solve_free_columns (state, limits, solution);
}

const PatSolver pat_solver_black_hole = { solve_black_hole };
const PatSolver pat_solver_penguin = { solve_penguin };
const PatSolver pat_solver_demon = { solve_demon };
const PatSolver pat_solver_idiots_delight = { solve_idiots_delight };
const PatSolver pat_solver_free_columns = { solve_free_columns };

static PatSolveFunc
lookup (const PatRules *rules)
{
  if (rules == NULL || rules->solver == NULL)
    return NULL;
  return rules->solver->solve;
}

void
pat_solution_clear (PatSolution *solution)
{
  g_clear_pointer (&solution->moves, g_free);
  solution->n_moves = 0;
}

gboolean
pat_solver_supports (const PatRules *rules)
{
  return lookup (rules) != NULL;
}

PatSolveResult
pat_solver_solve (const PatRules       *rules,
                  const PatState       *state,
                  const PatSolveLimits *limits,
                  PatSolution          *solution)
{
  static const PatSolveLimits no_limits = { 0, };
  PatSolveFunc solve = lookup (rules);

  if (limits == NULL)
    limits = &no_limits;
  if (solve == NULL)
    return pat_solution_set (solution, PAT_SOLVE_LIMIT, 0, NULL, 0);
  return solve (rules, state, limits, solution);
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

gint64
pat_solve_clock (const PatSolveLimits *limits)
{
  struct timespec ts;

  if (limits == NULL || !limits->cpu_time ||
      clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time ();
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

gint64
pat_solve_deadline (const PatSolveLimits *limits)
{
  if (limits == NULL || limits->timeout <= 0)
    return G_MAXINT64;
  return pat_solve_clock (limits) + (gint64) (limits->timeout * G_USEC_PER_SEC);
}

gsize
pat_solve_memory_budget (const PatSolveLimits *limits)
{
  gsize budget = limits != NULL && limits->max_memory != 0 ? limits->max_memory
                                                           : PAT_SOLVE_DEFAULT_MEMORY;

  return MIN (budget, PAT_SOLVE_MAX_MEMORY);
}

PatSolveResult
pat_solve_should_stop (const PatSolveLimits *limits,
                       guint64               nodes,
                       gint64                deadline)
{
  if (limits == NULL)
    return PAT_SOLVE_SOLVED;
  if (limits->cancel != NULL && g_atomic_int_get (limits->cancel) != 0)
    return PAT_SOLVE_CANCELLED;
  if (limits->max_nodes != 0 && nodes >= limits->max_nodes)
    return PAT_SOLVE_LIMIT;
  if (deadline != G_MAXINT64 && pat_solve_clock (limits) >= deadline)
    return PAT_SOLVE_LIMIT;
  if (limits->progress != NULL)
    limits->progress (nodes, limits->user_data);
  return PAT_SOLVE_SOLVED;
}

static gpointer peak_memory;

void
pat_solve_note_memory (gsize bytes)
{
  gpointer seen = g_atomic_pointer_get (&peak_memory);

  while (bytes > GPOINTER_TO_SIZE (seen) &&
         !g_atomic_pointer_compare_and_exchange_full (&peak_memory, seen, GSIZE_TO_POINTER (bytes),
                                                      &seen))
    ;
}

gsize
pat_solve_peak_memory (void)
{
  return GPOINTER_TO_SIZE (g_atomic_pointer_get (&peak_memory));
}

PatSolveResult
pat_solution_set (PatSolution    *solution,
                  PatSolveResult  result,
                  guint64         nodes,
                  const PatMove  *moves,
                  guint           n_moves)
{
  solution->result = result;
  solution->nodes = nodes;
  solution->n_moves = 0;
  solution->moves = NULL;
  if (result == PAT_SOLVE_SOLVED)
    {
      solution->n_moves = n_moves;
      solution->moves = g_new (PatMove, MAX (n_moves, 1));
      if (n_moves > 0)
        memcpy (solution->moves, moves, n_moves * sizeof (PatMove));
    }
  return result;
}

void
pat_solve_line_init (PatSolveLine *line)
{
  line->moves = NULL;
  line->n = 0;
  line->size = 0;
}

void
pat_solve_line_push (PatSolveLine  *line,
                     const PatMove *move)
{
  if (line->n == line->size)
    {
      line->size = MAX (64, line->size * 2);
      line->moves = g_renew (PatMove, line->moves, line->size);
    }
  line->moves[line->n++] = *move;
}

void
pat_solve_line_clear (PatSolveLine *line)
{
  g_clear_pointer (&line->moves, g_free);
  line->n = 0;
  line->size = 0;
}

PatSolveResult
pat_solve_line_finish (PatSolveLine *line,
                       PatSolution  *solution,
                       guint64       nodes)
{
  solution->result = PAT_SOLVE_SOLVED;
  solution->nodes = nodes;
  solution->n_moves = line->n;
  solution->moves = line->moves != NULL ? line->moves : g_new (PatMove, 1);
  line->moves = NULL;
  line->n = 0;
  line->size = 0;
  return PAT_SOLVE_SOLVED;
}
