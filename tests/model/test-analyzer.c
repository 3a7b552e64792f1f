/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of PatAnalyzer: verdicts computed off the main thread, stale answers dropped, the way back
 * to a winnable position, and the search for winnable deals. */

#include "config.h"

#include <string.h>

#include "pat-analyzer.h"
#include "pat-model-private.h"
#include "pat-solver-private.h"

static void
wait_for_verdict (PatAnalyzer *analyzer)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (pat_analyzer_get_verdict (analyzer) == PAT_VERDICT_THINKING &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), !=, PAT_VERDICT_THINKING);
}

static PatGame *
new_game (const char *id,
          guint64     number)
{
  PatDealNumber deal = pat_deal_number_from_uint (number);

  return pat_game_new (id, &deal, NULL);
}

/* Perpetual Motion plays itself: its fate is known from the deal, but the analyser never
 * announces it ahead (the cycle is announced by the game when it is reached). The fate is still
 * there for the search of winnable deals: deal 1 is won, deal 3 cycles. */
static void
test_perpetual_motion (void)
{
  g_autoptr(PatAnalyzer) analyzer = pat_analyzer_new ();
  g_autoptr(PatGame) cycle = new_game ("perpetual-motion", 3);
  PatMove s = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  PatDealNumber deal;
  PatSolution solution;
  PatState state;
  PatMove move;
  guint i;

  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_OFF);
  pat_analyzer_set_game (analyzer, cycle);
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_OFF);
  for (i = 0; i < 40; i++)
    {
      g_assert_true (pat_game_apply (cycle, &s, NULL));
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_OFF);
    }
  g_assert_false (pat_analyzer_get_next_move (analyzer, &move));

  deal = pat_deal_number_from_uint (3);
  pat_rules_deal_number (&pat_rules_perpetual_motion, &state, &deal, NULL);
  g_assert_cmpint (pat_analyze_position (&pat_rules_perpetual_motion, &state, 1, NULL, &solution),
                   ==, PAT_SOLVE_UNSOLVABLE);
  pat_solution_clear (&solution);
  deal = pat_deal_number_from_uint (1);
  pat_rules_deal_number (&pat_rules_perpetual_motion, &state, &deal, NULL);
  g_assert_cmpint (pat_analyze_position (&pat_rules_perpetual_motion, &state, 1, NULL, &solution),
                   ==, PAT_SOLVE_SOLVED);
  g_assert_cmpuint (solution.n_moves, >, 0);
  g_assert_cmpint (solution.moves[0].kind, ==, PAT_MOVE_STOCK);
  pat_solution_clear (&solution);
}

/* A Black Hole deal the solver wins, and its winning line. */
static PatGame *
new_winnable_black_hole (PatSolution *solution)
{
  guint64 number;

  for (number = 1; number < 200; number++)
    {
      g_autoptr(PatGame) game = new_game ("black-hole", number);

      if (pat_analyze_position (pat_game_get_rules (game), pat_game_get_state (game), 3, NULL,
                                solution) == PAT_SOLVE_SOLVED && solution->n_moves > 5)
        return g_steal_pointer (&game);
      pat_solution_clear (solution);
    }
  g_assert_not_reached ();
}

/* Every move restarts the analysis; an answer about an older position is never shown. */
static void
test_follows_moves (void)
{
  g_autoptr(PatAnalyzer) analyzer = pat_analyzer_new ();
  g_autoptr(PatGame) game = NULL;
  PatSolution solution;
  guint i, n;

  if (!pat_solver_supports (&pat_rules_black_hole))
    {
      g_test_skip ("no Black Hole solver");
      return;
    }
  game = new_winnable_black_hole (&solution);
  pat_analyzer_set_watched (analyzer, TRUE);
  pat_analyzer_set_game (analyzer, game);
  for (i = 0; i < 5; i++)
    {
      g_assert_true (pat_game_apply (game, &solution.moves[i], NULL));
      g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_THINKING);
    }
  pat_solution_clear (&solution);
  wait_for_verdict (analyzer);
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_WINNABLE);

  /* The line is for the position now: replaying it wins. */
  {
    const PatMove *line = pat_analyzer_get_line (analyzer, &n);
    const PatRules *rules = pat_game_get_rules (game);
    PatState state = *pat_game_get_state (game);

    g_assert_nonnull (line);
    for (i = 0; i < n; i++)
      {
        g_assert_true (rules->check_move (&state, &line[i], &(const char *) { NULL }));
        rules->apply (&state, &line[i], NULL);
      }
    g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_WON);
  }

  pat_analyzer_set_enabled (analyzer, FALSE);
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_OFF);
}

/* A game that has ended is not analysed. */
static void
test_game_over (void)
{
  g_autoptr(PatAnalyzer) analyzer = pat_analyzer_new ();
  g_autoptr(PatGame) game = new_game ("perpetual-motion", 3);
  PatMove s = { PAT_MOVE_STOCK, 0, 0, 0, 0 };

  while (pat_game_get_status (game) == PAT_STATUS_PLAYING)
    g_assert_true (pat_game_apply (game, &s, NULL));
  pat_analyzer_set_game (analyzer, game);
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_OFF);
}

/* Black Hole deal 1 is lost from its deal: the analyser knows it from the first position, and
 * still after moves and a restart (the status line says "can't be won", never "no longer
 * winnable"); another game forgets it. */
static void
test_deal_lost (void)
{
  g_autoptr(PatAnalyzer) analyzer = pat_analyzer_new ();
  g_autoptr(PatGame) game = NULL;
  g_autoptr(PatGame) other = NULL;
  PatMoveList moves;

  if (!pat_solver_supports (&pat_rules_black_hole))
    {
      g_test_skip ("no Black Hole solver");
      return;
    }
  pat_analyzer_set_watched (analyzer, TRUE);

  /* Known from a later position too: the analyser looks back to the deal. */
  game = new_game ("black-hole", 1);
  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  g_assert_true (pat_game_apply (game, &moves.moves[0], NULL));
  pat_analyzer_set_game (analyzer, game);
  wait_for_verdict (analyzer);
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_LOST);
  g_assert_cmpuint (pat_analyzer_get_undo_count (analyzer), ==, 0);
  g_assert_true (pat_analyzer_get_deal_lost (analyzer));

  /* And it stays known after another move and a restart. */
  pat_game_legal_moves (game, &moves);
  if (moves.n > 0)
    {
      g_assert_true (pat_game_apply (game, &moves.moves[0], NULL));
      wait_for_verdict (analyzer);
      g_assert_true (pat_analyzer_get_deal_lost (analyzer));
    }
  pat_game_restart (game);
  wait_for_verdict (analyzer);
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_LOST);
  g_assert_true (pat_analyzer_get_deal_lost (analyzer));

  /* Another game is another deal. */
  other = new_game ("black-hole", 2);
  pat_analyzer_set_game (analyzer, other);
  g_assert_false (pat_analyzer_get_deal_lost (analyzer));
}

/* Black Hole: walk a solvable deal off its winning line until it is lost, then the analyser
 * says how many undos lead back to a winnable position. */
static void
test_black_hole_way_back (void)
{
  g_autoptr(PatAnalyzer) analyzer = pat_analyzer_new ();
  g_autoptr(PatGame) game = NULL;
  guint64 number;
  guint tries = 0;

  if (!pat_solver_supports (&pat_rules_black_hole))
    {
      g_test_skip ("no Black Hole solver");
      return;
    }

  pat_analyzer_set_watched (analyzer, TRUE);
  for (number = 1; number < 200; number++)
    {
      g_clear_object (&game);
      game = new_game ("black-hole", number);
      pat_analyzer_set_game (analyzer, game);
      wait_for_verdict (analyzer);
      if (pat_analyzer_get_verdict (analyzer) != PAT_VERDICT_WINNABLE)
        continue;

      /* Play legal moves that leave the winning line until the verdict turns. */
      while (pat_game_get_status (game) == PAT_STATUS_PLAYING &&
             pat_analyzer_get_verdict (analyzer) == PAT_VERDICT_WINNABLE)
        {
          PatMoveList moves;
          PatMove best;
          guint i;

          g_assert_true (pat_analyzer_get_next_move (analyzer, &best));
          pat_game_legal_moves (game, &moves);
          for (i = 0; i < moves.n; i++)
            if (memcmp (&moves.moves[i], &best, sizeof best) != 0)
              break;
          g_assert_true (pat_game_apply (game, i < moves.n ? &moves.moves[i] : &best, NULL));
          wait_for_verdict (analyzer);
        }
      if (pat_analyzer_get_verdict (analyzer) == PAT_VERDICT_LOST &&
          pat_analyzer_get_undo_count (analyzer) > 0)
        break;
      tries++;
    }
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_LOST);
  g_assert_cmpuint (pat_analyzer_get_undo_count (analyzer), >, 0);
  /* A deal that could be won is not one lost from the start. */
  g_assert_false (pat_analyzer_get_deal_lost (analyzer));

  /* Undoing that many moves reaches a position the analyser calls winnable. */
  {
    guint k, back = pat_analyzer_get_undo_count (analyzer);

    for (k = 0; k < back; k++)
      g_assert_true (pat_game_undo (game));
    wait_for_verdict (analyzer);
    g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_WINNABLE);
  }
}

static void
found_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  PatDealNumber *deal = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (pat_find_winnable_deal_finish (result, deal, &error));
  g_assert_no_error (error);
}

static void
cancelled_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;
  PatDealNumber deal;

  g_assert_false (pat_find_winnable_deal_finish (result, &deal, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  *done = TRUE;
}

static void
verdict_cb (PatAnalyzer *analyzer,
            GParamSpec  *pspec,
            GArray      *verdicts)
{
  PatVerdict verdict = pat_analyzer_get_verdict (analyzer);

  g_array_append_val (verdicts, verdict);
}

/* Runs the main loop until @analyzer answers (neither thinking nor unable to tell yet), for
 * @seconds at most. Not blocking: "Can't tell yet" with no second look to come would leave
 * nothing to wake the loop up. */
static void
wait_for_answer (PatAnalyzer *analyzer,
                 guint        seconds)
{
  gint64 end = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while ((pat_analyzer_get_verdict (analyzer) == PAT_VERDICT_THINKING ||
          pat_analyzer_get_verdict (analyzer) == PAT_VERDICT_UNKNOWN) &&
         g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* A position the first look does not decide gets a second, longer one while it stays: the verdict
 * goes from "Can't tell yet" to the answer, with its line for hints; when the second look cannot
 * tell either, "Can't tell yet" stays, and no third look follows. Demon deal 66 (three a turn)
 * takes about 0.6 million positions, far more than a millisecond. */
static void
test_second_look (void)
{
  g_autoptr(PatAnalyzer) analyzer = pat_analyzer_new ();
  g_autoptr(PatGame) game = new_game ("demon", 66);
  g_autoptr(GArray) verdicts = g_array_new (FALSE, FALSE, sizeof (PatVerdict));
  gint64 end;
  PatVerdict last;
  PatMove move;

  pat_analyzer_set_budgets (0.001, 60);
  pat_analyzer_set_power_saver (analyzer, FALSE);
  g_signal_connect (analyzer, "notify::verdict", G_CALLBACK (verdict_cb), verdicts);
  pat_analyzer_set_enabled (analyzer, TRUE);
  pat_analyzer_set_watched (analyzer, TRUE);
  pat_analyzer_set_game (analyzer, game);
  wait_for_answer (analyzer, 30);

  g_assert_cmpuint (verdicts->len, ==, 3);
  g_assert_cmpint (g_array_index (verdicts, PatVerdict, 0), ==, PAT_VERDICT_THINKING);
  g_assert_cmpint (g_array_index (verdicts, PatVerdict, 1), ==, PAT_VERDICT_UNKNOWN);
  g_assert_cmpint (g_array_index (verdicts, PatVerdict, 2), ==, PAT_VERDICT_WINNABLE);
  g_assert_true (pat_analyzer_get_next_move (analyzer, &move));

  /* The line's next position is still winnable, without a search. Back to the deal, with both
   * looks a millisecond long: the line from the deal was not kept. */
  g_array_set_size (verdicts, 0);
  pat_analyzer_set_budgets (0.001, 0.001);
  g_assert_true (pat_game_apply (game, &move, NULL));
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_WINNABLE);
  g_assert_cmpuint (verdicts->len, ==, 0);
  g_assert_true (pat_game_undo (game));
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_THINKING);
  end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  do
    {
      g_main_context_iteration (NULL, TRUE);
      last = pat_analyzer_get_verdict (analyzer);
    }
  while (last == PAT_VERDICT_THINKING && g_get_monotonic_time () < end);
  end = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_UNKNOWN);
  g_assert_cmpuint (verdicts->len, ==, 2);
  g_assert_false (pat_analyzer_get_next_move (analyzer, &move));
  pat_analyzer_set_budgets (0, 0);
}

/* The analysis gives a hard deal's search every core it has, up to four: Demon deal 3909 goes past
 * the narrow search (on one thread) to the searches that run on several (about a second on two). */
static void
test_threads (void)
{
  g_autoptr(PatAnalyzer) analyzer = pat_analyzer_new ();
  g_autoptr(PatGame) game = new_game ("demon", 3909);
  guint runs = pat_solve_demon_parallel_runs ();

  /* Under the sanitizers the search may take longer than the first look gives. */
  pat_analyzer_set_budgets (60, 60);
  pat_analyzer_set_enabled (analyzer, TRUE);
  pat_analyzer_set_power_saver (analyzer, FALSE);
  pat_analyzer_set_watched (analyzer, TRUE);
  pat_analyzer_set_game (analyzer, game);
  wait_for_answer (analyzer, 120);

  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_LOST);
  if (g_get_num_processors () > 1)
    g_assert_cmpuint (pat_solve_demon_parallel_runs (), >, runs);
  else
    g_assert_cmpuint (pat_solve_demon_parallel_runs (), ==, runs);
  pat_analyzer_set_budgets (0, 0);
}

/* Runs the main loop for @ms milliseconds. */
static void
spin_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* Nobody watches the verdict and nobody asks: no search, however many moves; a question starts
 * one, which stops when the question is closed or the position changes. Demon deal 7492 is hard:
 * its search would run for seconds on every core. */
static void
test_on_demand (void)
{
  g_autoptr(PatAnalyzer) analyzer = pat_analyzer_new ();
  g_autoptr(PatGame) game = new_game ("demon", 7492);
  PatMove stock = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  guint i;

  pat_analyzer_set_budgets (60, 60);
  pat_analyzer_set_game (analyzer, game);
  for (i = 0; i < 3; i++)
    {
      g_assert_true (pat_game_apply (game, &stock, NULL));
      spin_for (20);
    }
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, NULL, NULL), ==, 0);
  g_assert_false (pat_analyzer_get_searching (analyzer));
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_IDLE);
  g_assert_false (pat_analyzer_get_settled (analyzer));

  /* Asked: a search, until the question is closed. */
  pat_analyzer_set_asked (analyzer, TRUE);
  g_assert_true (pat_analyzer_get_asked (analyzer));
  g_assert_true (pat_analyzer_get_searching (analyzer));
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_THINKING);
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, NULL, NULL), ==, 1);
  pat_analyzer_set_asked (analyzer, FALSE);
  g_assert_false (pat_analyzer_get_searching (analyzer));
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_IDLE);

  /* Asked again: a move closes the question, and its search stops. */
  pat_analyzer_set_asked (analyzer, TRUE);
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, NULL, NULL), ==, 2);
  g_assert_true (pat_game_apply (game, &stock, NULL));
  g_assert_false (pat_analyzer_get_asked (analyzer));
  g_assert_false (pat_analyzer_get_searching (analyzer));
  spin_for (20);
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, NULL, NULL), ==, 2);

  /* Watched: every position is looked at. */
  pat_analyzer_set_watched (analyzer, TRUE);
  g_assert_true (pat_analyzer_get_searching (analyzer));
  g_assert_true (pat_game_apply (game, &stock, NULL));
  g_assert_true (pat_analyzer_get_searching (analyzer));
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, NULL, NULL), ==, 4);
  pat_analyzer_set_watched (analyzer, FALSE);
  g_assert_false (pat_analyzer_get_searching (analyzer));
  pat_analyzer_set_budgets (0, 0);
}

/* What was learnt stays while it is true, without a search: a winning line while the player
 * follows it, a lost position whatever follows it. */
static void
test_keeps_what_was_learnt (void)
{
  g_autoptr(PatAnalyzer) analyzer = pat_analyzer_new ();
  g_autoptr(PatGame) game = NULL;
  PatSolution solution;
  PatMove next;
  guint n, m, searches;
  guint64 number;

  if (!pat_solver_supports (&pat_rules_black_hole))
    {
      g_test_skip ("no Black Hole solver");
      return;
    }
  game = new_winnable_black_hole (&solution);
  pat_solution_clear (&solution);
  pat_analyzer_set_watched (analyzer, TRUE);
  pat_analyzer_set_game (analyzer, game);
  wait_for_verdict (analyzer);
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_WINNABLE);
  pat_analyzer_get_line (analyzer, &n);
  searches = pat_analyzer_get_searches_started (analyzer, NULL, NULL);

  /* Followed, watched or not. */
  g_assert_true (pat_analyzer_get_next_move (analyzer, &next));
  g_assert_true (pat_game_apply (game, &next, NULL));
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_WINNABLE);
  pat_analyzer_set_watched (analyzer, FALSE);
  g_assert_true (pat_analyzer_get_next_move (analyzer, &next));
  g_assert_true (pat_game_apply (game, &next, NULL));
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_WINNABLE);
  g_assert_nonnull (pat_analyzer_get_line (analyzer, &m));
  g_assert_cmpuint (m, ==, n - 2);
  g_assert_true (pat_analyzer_get_settled (analyzer));
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, NULL, NULL), ==, searches);

  /* A deal lost from the start stays lost, unwatched, after a move. */
  g_clear_object (&game);
  for (number = 1; number < 400 && game == NULL; number++)
    {
      g_autoptr(PatGame) lost = new_game ("black-hole", number);
      PatMoveList moves;

      pat_game_legal_moves (lost, &moves);
      if (moves.n == 0 ||
          pat_analyze_position (pat_game_get_rules (lost), pat_game_get_state (lost), 3, NULL,
                                &solution) != PAT_SOLVE_UNSOLVABLE)
        {
          pat_solution_clear (&solution);
          continue;
        }
      pat_solution_clear (&solution);
      game = g_steal_pointer (&lost);
    }
  g_assert_nonnull (game);
  pat_analyzer_set_watched (analyzer, TRUE);
  pat_analyzer_set_game (analyzer, game);
  wait_for_verdict (analyzer);
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_LOST);
  pat_analyzer_set_watched (analyzer, FALSE);
  searches = pat_analyzer_get_searches_started (analyzer, NULL, NULL);
  {
    PatMoveList moves;

    pat_game_legal_moves (game, &moves);
    g_assert_true (pat_game_apply (game, &moves.moves[0], NULL));
  }
  if (pat_game_get_status (game) == PAT_STATUS_PLAYING)
    g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_LOST);
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, NULL, NULL), ==, searches);
}

/* On power saver a look runs on one thread, for a third of the time. */
static void
test_power_saver (void)
{
  g_autoptr(PatAnalyzer) analyzer = pat_analyzer_new ();
  g_autoptr(PatGame) game = new_game ("demon", 7492);
  PatMove stock = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  guint threads;
  double seconds;

  pat_analyzer_set_budgets (30, 60);
  pat_analyzer_set_power_saver (analyzer, TRUE);
  /* The system's monitor, connecting meanwhile, changes nothing. */
  spin_for (200);
  g_assert_true (pat_analyzer_get_power_saver (analyzer));
  pat_analyzer_set_watched (analyzer, TRUE);
  pat_analyzer_set_game (analyzer, game);
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, &threads, &seconds), ==, 1);
  g_assert_cmpuint (threads, ==, 1);
  g_assert_cmpfloat_with_epsilon (seconds, 10, 1e-9);

  pat_analyzer_set_power_saver (analyzer, FALSE);
  g_assert_true (pat_game_apply (game, &stock, NULL));
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, &threads, &seconds), ==, 2);
  g_assert_cmpuint (threads, ==, MIN (g_get_num_processors (), 4));
  g_assert_cmpfloat_with_epsilon (seconds, 30, 1e-9);
  pat_analyzer_set_game (analyzer, NULL);
  pat_analyzer_set_budgets (0, 0);
}

static void
test_winnable_deal (void)
{
  PatDealNumber deal = { 0, 0 };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  gboolean done = FALSE;
  PatSolution solution;
  PatState state;

  pat_find_winnable_deal_async ("perpetual-motion", NULL, 1000, NULL, found_cb, &deal);
  while (deal.lo == 0)
    g_main_context_iteration (NULL, TRUE);
  pat_rules_deal_number (&pat_rules_perpetual_motion, &state, &deal, NULL);
  g_assert_cmpuint (state.cycle_round, ==, 0);
  g_assert_cmpint (pat_analyze_position (&pat_rules_perpetual_motion, &state, 1, NULL, &solution),
                   ==, PAT_SOLVE_SOLVED);
  pat_solution_clear (&solution);

  g_cancellable_cancel (cancellable);
  pat_find_winnable_deal_async ("black-hole", NULL, 1000000, cancellable, cancelled_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* A search cancelled while under way ends: cancelled, or with a deal found just before. */
static void
ended_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;
  PatDealNumber deal;

  if (!pat_find_winnable_deal_finish (result, &deal, &error))
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  *done = TRUE;
}

/* A deal of each level: the one found has that level; a search under way stops when cancelled. */
static void
test_deal_of_difficulty (void)
{
  static const PatDifficulty levels[] = {
    PAT_DIFFICULTY_EASY, PAT_DIFFICULTY_MEDIUM, PAT_DIFFICULTY_HARD
  };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  gboolean done = FALSE;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      PatDealNumber deal = { 0, 0 };
      PatSolveLimits limits = { 0, };
      PatState state;

      pat_find_deal_async ("penguin", NULL, levels[i], 1000, NULL, found_cb, &deal);
      while (deal.lo == 0)
        g_main_context_iteration (NULL, TRUE);
      pat_rules_deal_number (&pat_rules_penguin, &state, &deal, NULL);
      g_assert_cmpint (pat_difficulty_of_deal (&pat_rules_penguin, &state, &limits,
                                               PAT_DIFFICULTY_UNKNOWN, NULL),
                       ==, levels[i]);
    }

  /* Idiot's Delight deals take the solver a while: the search is under way when cancelled, and
   * a million tries would not end for a long time. */
  pat_find_deal_async ("idiots-delight", NULL, PAT_DIFFICULTY_HARD, 1000000, cancellable,
                       ended_cb, &done);
  g_usleep (50000);
  g_cancellable_cancel (cancellable);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analyzer/perpetual-motion", test_perpetual_motion);
  g_test_add_func ("/analyzer/follows-moves", test_follows_moves);
  g_test_add_func ("/analyzer/game-over", test_game_over);
  g_test_add_func ("/analyzer/black-hole-way-back", test_black_hole_way_back);
  g_test_add_func ("/analyzer/deal-lost", test_deal_lost);
  g_test_add_func ("/analyzer/second-look", test_second_look);
  g_test_add_func ("/analyzer/threads", test_threads);
  g_test_add_func ("/analyzer/on-demand", test_on_demand);
  g_test_add_func ("/analyzer/keeps-what-was-learnt", test_keeps_what_was_learnt);
  g_test_add_func ("/analyzer/power-saver", test_power_saver);
  g_test_add_func ("/analyzer/winnable-deal", test_winnable_deal);
  g_test_add_func ("/analyzer/deal-of-difficulty", test_deal_of_difficulty);

  return g_test_run ();
}
