/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Perpetual Motion played to the end at full speed: the win, or the first repeated round. */
#pragma once

#include <glib.h>

#include "pat-card.h"

G_BEGIN_DECLS

typedef struct {
  gboolean won;
  guint    rounds;        /* won: the round of the last discard; cycle: the last round played */
  guint    cycle_start;   /* cycle: the stock at the start of round rounds+1 is that of this
                             round */
  guint    cycle_length;  /* rounds + 1 − cycle_start */
} PatPmResult;

typedef struct _PatPmSim PatPmSim;

PatPmSim *pat_pm_sim_new   (void);
void      pat_pm_sim_free  (PatPmSim      *sim);
void      pat_pm_sim_play  (PatPmSim      *sim,
                            const PatCard  deck[PAT_N_CARDS],
                            PatPmResult   *result);
const char *pat_pm_sim_vector_path (void);

void      pat_pm_play      (const PatCard  deck[PAT_N_CARDS],
                            PatPmResult   *result);
void      pat_pm_play_reference (const PatCard  deck[PAT_N_CARDS],
                                 PatPmResult   *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PatPmSim, pat_pm_sim_free)

G_END_DECLS
