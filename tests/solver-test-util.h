/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the solver tests share: dealing, solving with no limits, replaying a solution, hashing
 * positions. */
#pragma once

#include "pat-solver.h"

G_BEGIN_DECLS

void           deal                  (const PatRules    *rules,
                                      guint              number,
                                      PatState          *state);
PatSolveResult solve                 (const PatRules    *rules,
                                      const PatState    *state,
                                      PatSolution       *solution);
/* Plays @solution from @state through the rules, which must accept every move and end won. */
void           assert_replays_to_win (const PatRules    *rules,
                                      const PatState    *state,
                                      const PatSolution *solution);
/* For GHashTables of positions (g_new'd PatState keys). */
guint          state_hash            (gconstpointer      key);
gboolean       state_equal           (gconstpointer      a,
                                      gconstpointer      b);

G_END_DECLS
