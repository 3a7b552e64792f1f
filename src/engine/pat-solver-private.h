/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the per-game solvers share: their entry points for the registry, and budget and solution helpers. */
#pragma once

#include <glib.h>

#include "pat-solver.h"

G_BEGIN_DECLS

/* Per-game solvers, dispatched by pat_solver_solve() on the rules id. Each one fills
 * every field of @solution (moves NULL unless solved) and returns solution->result.
 * @limits is never NULL when called through the registry. */

/* black-hole and all-in-a-row */
PatSolveResult pat_solve_black_hole     (const PatState       *state,
                                         const PatSolveLimits *limits,
                                         PatSolution          *solution);
PatSolveResult pat_solve_penguin        (const PatState       *state,
                                         const PatSolveLimits *limits,
                                         PatSolution          *solution);
PatSolveResult pat_solve_demon          (const PatState       *state,
                                         const PatSolveLimits *limits,
                                         PatSolution          *solution);
PatSolveResult pat_solve_idiots_delight (const PatState       *state,
                                         const PatSolveLimits *limits,
                                         PatSolution          *solution);
/* perpetual-motion-free */
PatSolveResult pat_solve_free_columns   (const PatState       *state,
                                         const PatSolveLimits *limits,
                                         PatSolution          *solution);

/* How often (in nodes) solvers should call pat_solve_should_stop(); a power of two. */
#define PAT_SOLVE_CHECK_INTERVAL 4096

/* The monotonic time (g_get_monotonic_time() microseconds) at which @limits' timeout
 * runs out, or G_MAXINT64 when there is none. Call once at the start of a search. */
gint64         pat_solve_deadline      (const PatSolveLimits *limits);

/* The memory budget for a solver's tables: limits->max_memory, or
 * PAT_SOLVE_DEFAULT_MEMORY when 0, and never more than PAT_SOLVE_MAX_MEMORY. */
gsize          pat_solve_memory_budget (const PatSolveLimits *limits);

/* Whether the search must stop after @nodes nodes: returns PAT_SOLVE_CANCELLED when
 * *limits->cancel is set, PAT_SOLVE_LIMIT when max_nodes or the @deadline is reached,
 * and PAT_SOLVE_SOLVED (meaning "go on") otherwise. Also calls limits->progress.
 * Cheap enough to call every PAT_SOLVE_CHECK_INTERVAL nodes (it reads the clock). */
PatSolveResult pat_solve_should_stop   (const PatSolveLimits *limits,
                                        guint64               nodes,
                                        gint64                deadline);

/* Solvers report the bytes their tables reached; benchmarks read the process-wide peak. */
void           pat_solve_note_memory   (gsize                 bytes);
gsize          pat_solve_peak_memory   (void);

/* The node count at which to call pat_solve_should_stop() next, after calling it at @nodes:
 * PAT_SOLVE_CHECK_INTERVAL on, or sooner when limits->max_nodes comes first, so that a small
 * node limit is honoured exactly. */
static inline guint64
pat_solve_next_check (const PatSolveLimits *limits,
                      guint64               nodes)
{
  guint64 next = nodes + PAT_SOLVE_CHECK_INTERVAL;

  if (limits != NULL && limits->max_nodes != 0 && limits->max_nodes > nodes &&
      limits->max_nodes < next)
    next = limits->max_nodes;
  return next;
}

/* The Luby sequence 1 1 2 1 1 2 4 1 1 2 … (term @i, from 0): searches restarted with budgets in
 * these proportions waste at most a logarithmic factor over the best fixed budget, whatever it is. */
static inline guint64
pat_solve_luby (guint64 i)
{
  guint64 size = 1, power = 1;

  while (size < i + 1)
    {
      size = 2 * size + 1;
      power *= 2;
    }
  while (size - 1 != i)
    {
      size = (size - 1) / 2;
      power /= 2;
      if (i >= size)
        i -= size;
    }
  return power;
}

/* Fills @solution with @result and @nodes; when solved, copies the @n_moves @moves. */
PatSolveResult pat_solution_set        (PatSolution          *solution,
                                        PatSolveResult        result,
                                        guint64               nodes,
                                        const PatMove        *moves,
                                        guint                 n_moves);

/* A growable list of moves, for solvers that build their line as they search. */
typedef struct {
  PatMove *moves;
  guint    n;
  guint    size;
} PatSolveLine;

void           pat_solve_line_init     (PatSolveLine         *line);
void           pat_solve_line_push     (PatSolveLine         *line,
                                        const PatMove        *move);
void           pat_solve_line_clear    (PatSolveLine         *line);
/* Hands the line's moves over to @solution (solved) and empties @line. */
PatSolveResult pat_solve_line_finish   (PatSolveLine         *line,
                                        PatSolution          *solution,
                                        guint64               nodes);

G_END_DECLS
