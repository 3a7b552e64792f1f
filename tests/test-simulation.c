/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The check figures of RULES.md on a large simulated sample: a misread rule moves them a lot. */

#include "config.h"

#include "pat-pm-sim.h"
#include "pat-rules.h"

#define N_DEALS 20000

/* M. C. Clarke: about 54.8% of deals are won, in about 128 rounds on average. A
 * chain-reaction reading of the rules wins about 9%, so the window is narrow on purpose. */
static void
test_perpetual_motion_figures (void)
{
  g_autoptr(PatPmSim) sim = pat_pm_sim_new ();
  guint64 won = 0, rounds_won = 0, cycles = 0;
  double win_rate, mean_rounds;
  guint64 k;

  for (k = 1; k <= N_DEALS; k++)
    {
      PatDealNumber deal = pat_deal_number_from_uint (k);
      PatCard deck[PAT_N_CARDS];
      PatPmResult result;

      pat_deal_shuffle (&deal, deck);
      pat_pm_sim_play (sim, deck, &result);
      if (result.won)
        {
          won++;
          rounds_won += result.rounds;
        }
      else
        {
          cycles++;
          g_assert_cmpuint (result.cycle_length, >, 0);
          g_assert_cmpuint (result.cycle_start + result.cycle_length, ==, result.rounds + 1);
        }
    }

  win_rate = 100.0 * won / N_DEALS;
  mean_rounds = (double) rounds_won / won;
  g_test_message ("won %.2f%% of %u deals, %.1f rounds per win", win_rate, N_DEALS, mean_rounds);
  g_assert_cmpuint (won + cycles, ==, N_DEALS);
  g_assert_cmpfloat_with_epsilon (win_rate, 54.8, 1.1);
  g_assert_cmpfloat_with_epsilon (mean_rounds, 128.0, 4.0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/simulation/perpetual-motion", test_perpetual_motion_figures);

  return g_test_run ();
}
