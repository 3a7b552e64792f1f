/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Solvers: whether a position can still be won, and a winning line when it can. */
#pragma once

#include <glib.h>

#include "pat-rules.h"

G_BEGIN_DECLS

typedef enum {
  PAT_SOLVE_SOLVED,       /* a winning line was found */
  PAT_SOLVE_UNSOLVABLE,   /* the whole space was searched: no win */
  PAT_SOLVE_LIMIT,        /* the node, time or memory budget ran out first */
  PAT_SOLVE_CANCELLED,    /* *cancel became non-zero */
} PatSolveResult;

typedef void (*PatSolveProgress) (guint64  nodes,
                                  gpointer user_data);

typedef struct {
  guint64           max_nodes;    /* 0: no node limit */
  double            timeout;      /* seconds of wall time (CPU time with cpu_time); 0: none */
  gsize             max_memory;   /* bytes for the search's tables; 0: PAT_SOLVE_DEFAULT_MEMORY */
  const gint       *cancel;       /* nullable; read with g_atomic_int_get */
  PatSolveProgress  progress;     /* nullable; called every so many nodes from the solving thread */
  gpointer          user_data;
  guint             threads;      /* threads one hard position may use (Demon); 0 or 1: the
                                   * calling one */
  gboolean          cpu_time;     /* timeout counts the CPU time of the thread that checks it
                                   * (CLOCK_THREAD_CPUTIME_ID), not wall time: exact on one
                                   * thread; with several, each searching thread reads its own */
} PatSolveLimits;

#define PAT_SOLVE_DEFAULT_MEMORY ((gsize) 256 * 1024 * 1024)
#define PAT_SOLVE_MAX_MEMORY_MIB 512
#define PAT_SOLVE_MAX_MEMORY     ((gsize) PAT_SOLVE_MAX_MEMORY_MIB * 1024 * 1024)

typedef struct {
  PatSolveResult result;
  guint64        nodes;
  guint          n_moves;
  PatMove       *moves;         /* solved: the player moves of a winning line, in replay notation
                                 * order */
} PatSolution;

void           pat_solution_clear  (PatSolution          *solution);

/* Solves @state of @rules within @limits (never NULL), filling @solution whatever the result:
 * what a game's solver does. */
typedef PatSolveResult (*PatSolveFunc) (const PatRules       *rules,
                                        const PatState       *state,
                                        const PatSolveLimits *limits,
                                        PatSolution          *solution);

/* A game's solver, which its rules reach (PatRules.solver). */
struct _PatSolver {
  PatSolveFunc solve;
};

/* Whether @rules (nullable) has a solver (every shipped game but perpetual-motion, which is
 * decided by playing). */
gboolean       pat_solver_supports (const PatRules       *rules);

/* Solves @state of @rules with the game's solver; LIMIT at once for a game without one. @limits
 * is nullable (no limits). Never allocates more than limits->max_memory for its tables. */
PatSolveResult pat_solver_solve    (const PatRules       *rules,
                                    const PatState       *state,
                                    const PatSolveLimits *limits,
                                    PatSolution          *solution);

const char    *pat_solve_result_to_string (PatSolveResult result);

G_END_DECLS
