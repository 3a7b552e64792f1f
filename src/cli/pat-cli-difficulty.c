/* SPDX-License-Identifier: GPL-3.0-or-later */
/* patience-cli bench-difficulty, and the deal search of `deal --difficulty`. */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pat-cli.h"
#include "pat-difficulty.h"
#include "pat-error.h"
#include "pat-greedy.h"
#include "pat-rules.h"
#include "pat-solver.h"

/* How far `deal --difficulty` looks before giving up. */
#define DEAL_SEARCH_MAX 100000

gboolean
pat_cli_find_deal (const PatRules    *rules,
                   const PatOptions  *options,
                   PatDifficulty      wanted,
                   PatDealNumber      from,
                   PatDealNumber     *found,
                   GError           **error)
{
  guint64 k;

  for (k = 0; k < DEAL_SEARCH_MAX; k++)
    {
      PatDealNumber number = pat_cli_deal_add (from, k);
      PatState state;

      pat_rules_deal_number (rules, &state, &number, options);
      if (pat_difficulty_pick (rules, &state, wanted, NULL))
        {
          *found = number;
          return TRUE;
        }
    }
  g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DECK,
               "no %s deal of %s in the %u deals from the one given",
               pat_difficulty_to_string (wanted), rules->id, DEAL_SEARCH_MAX);
  return FALSE;
}

/* bench-difficulty */

typedef struct {
  double        score;
  PatDifficulty by_score;   /* the level the score gives, winnable or not */
  PatSolveResult result;
  gboolean      greedy_won;
  guint         greedy_out; /* cards the greedy player put out */
  double        score_ms;   /* CPU time of the playouts */
  double        solve_ms;   /* CPU time of the solver */
} DealFigures;

static double
cpu_ms (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return 0;
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The value at @fraction of the sorted @values. */
static double
quantile (GArray *values,
          double  fraction)
{
  guint i;

  if (values->len == 0)
    return 0;
  g_array_sort (values, compare_double);
  i = (guint) (fraction * (values->len - 1) + 0.5);
  return g_array_index (values, double, MIN (i, values->len - 1));
}

/* The threshold that puts the share of @scores at or above it closest to @above, equal scores
 * kept on one side: where many deals share a score (rollout players that all end alike), the
 * plain quantile would put that whole block into one level and leave another short. */
static double
cut (GArray *scores,
     double  above)
{
  double best = 0, best_gap = G_MAXDOUBLE;
  guint n = scores->len, i;

  g_array_sort (scores, compare_double);
  for (i = 0; i < n; i++)
    {
      double v = g_array_index (scores, double, i);
      double gap;

      if (i > 0 && g_array_index (scores, double, i - 1) == v)
        continue;
      /* Scores i … n - 1 are at or above v. */
      gap = fabs ((double) (n - i) / n - above);
      if (gap < best_gap)
        {
          best_gap = gap;
          best = v;
        }
    }
  return best;
}

/* Measures one deal: its playout score and level, the solver's verdict, the greedy player's
 * game, and the CPU time of the first two; prints its JSON line when @each. */
static void
measure_deal (const PatRules       *rules,
              PatYardstick          yardstick,
              const PatOptions     *options,
              PatDealNumber         number,
              const PatSolveLimits *limits,
              gboolean              each,
              DealFigures          *f)
{
  PatSolution solution = { 0, };
  PatGreedyResult greedy;
  PatState state;
  double t0, t1, t2;

  pat_rules_deal_number (rules, &state, &number, options);
  t0 = cpu_ms ();
  f->score = pat_difficulty_score (rules, &state, NULL);
  f->by_score = pat_difficulty_of_score (rules, f->score);
  t1 = cpu_ms ();
  f->result = pat_solver_solve (rules, &state, limits, &solution);
  pat_solution_clear (&solution);
  t2 = cpu_ms ();
  f->score_ms = t1 - t0;
  f->solve_ms = t2 - t1;
  pat_yardstick_play (yardstick, rules, &state, &greedy);
  f->greedy_won = greedy.won;
  f->greedy_out = greedy.out;

  if (each)
    {
      char text[PAT_DEAL_NUMBER_MAX_DIGITS + 1];

      pat_deal_number_format (&number, text);
      printf ("{\"deal\":%s,\"result\":\"%s\",\"score\":%.4f,\"difficulty\":\"%s\","
              "\"greedy\":\"%s\",\"greedy_out\":%u,\"score_ms\":%.3f,\"solve_ms\":%.3f}\n",
              text, pat_solve_result_to_string (f->result), f->score,
              f->result == PAT_SOLVE_SOLVED ? pat_difficulty_to_string (f->by_score)
              : f->result == PAT_SOLVE_UNSOLVABLE ? "unwinnable" : "unknown",
              greedy.won ? "won" : "lost", greedy.out, f->score_ms, f->solve_ms);
    }
}

/* Prints the line of one level: its winnable deals, the greedy player's wins among them, and the
 * CPU time to pick a deal of the level from each starting deal. */
static void
print_level (const PatRules    *rules,
             const DealFigures *figures,
             guint64            count,
             PatDifficulty      level)
{
  g_autoptr(GArray) waits = g_array_new (FALSE, FALSE, sizeof (double));
  guint64 n = 0, won = 0, out = 0, k;
  double wait = 0;
  gboolean seen = FALSE;

  for (k = 0; k < count; k++)
    if (figures[k].result == PAT_SOLVE_SOLVED && figures[k].by_score == level)
      {
        n++;
        won += figures[k].greedy_won;
        out += figures[k].greedy_out;
      }
  /* From the last deal back: the wait from deal k is its own cost, plus the wait from k + 1
   * unless k itself is a deal of the level. */
  for (k = count; k-- > 0;)
    {
      const DealFigures *f = &figures[k];
      double cost = f->score_ms + (f->by_score == level ? f->solve_ms : 0);

      if (f->result == PAT_SOLVE_SOLVED && f->by_score == level)
        {
          wait = cost;
          seen = TRUE;
        }
      else
        wait += cost;
      if (seen)
        g_array_append_val (waits, wait);
    }
  printf ("{\"game\":\"%s\",\"difficulty\":\"%s\",\"deals\":%" G_GUINT64_FORMAT ","
          "\"greedy_won\":%" G_GUINT64_FORMAT ",\"greedy_won_percent\":%.1f,"
          "\"greedy_mean_out\":%.2f,\"pick_ms_median\":%.2f,\"pick_ms_p95\":%.2f}\n",
          rules->id, pat_difficulty_to_string (level), n, won, n > 0 ? 100.0 * won / n : 0.0,
          n > 0 ? (double) out / n : 0.0,
          quantile (waits, 0.5), quantile (waits, 0.95));
}

/* How far apart the yardstick's win rates of two levels are: the two-proportion z statistic of
 * @won_a wins in @n_a deals against @won_b in @n_b (positive when the first level's rate is
 * higher; about 2 or more is a difference chance rarely makes). 0 when it cannot be told. */
static double
z_statistic (guint64 won_a,
             guint64 n_a,
             guint64 won_b,
             guint64 n_b)
{
  double p, se;

  if (n_a == 0 || n_b == 0)
    return 0;
  p = (double) (won_a + won_b) / (n_a + n_b);
  se = sqrt (p * (1 - p) * (1.0 / n_a + 1.0 / n_b));
  return se > 0 ? ((double) won_a / n_a - (double) won_b / n_b) / se : 0;
}

/* Prints the totals: verdicts, the greedy player's wins, how far apart the levels' win rates are
 * (z of Easy against Medium and of Medium against Hard), and the thresholds that would split the
 * winnable deals into thirds (see cut()) next to the thresholds in use. */
static void
print_totals (const PatRules    *rules,
              PatYardstick       yardstick,
              const DealFigures *figures,
              guint64            count)
{
  g_autoptr(GArray) winnable_scores = g_array_new (FALSE, FALSE, sizeof (double));
  guint64 by_result[4] = { 0, };
  guint64 greedy_all = 0, greedy_winnable = 0, k;
  guint64 level_n[PAT_DIFFICULTY_HARD + 1] = { 0, }, level_won[PAT_DIFFICULTY_HARD + 1] = { 0, };
  double easy_min, medium_min;

  for (k = 0; k < count; k++)
    {
      by_result[figures[k].result]++;
      greedy_all += figures[k].greedy_won;
      if (figures[k].result == PAT_SOLVE_SOLVED)
        {
          greedy_winnable += figures[k].greedy_won;
          g_array_append_val (winnable_scores, figures[k].score);
          level_n[figures[k].by_score]++;
          level_won[figures[k].by_score] += figures[k].greedy_won;
        }
    }
  pat_difficulty_thresholds (rules, &easy_min, &medium_min);
  printf ("{\"game\":\"%s\",\"yardstick\":\"%s\",\"deals\":%" G_GUINT64_FORMAT ","
          "\"winnable\":%" G_GUINT64_FORMAT ","
          "\"unwinnable\":%" G_GUINT64_FORMAT ",\"unknown\":%" G_GUINT64_FORMAT ","
          "\"greedy_won_percent_all\":%.1f,\"greedy_won_percent_winnable\":%.1f,"
          "\"z_easy_medium\":%.2f,\"z_medium_hard\":%.2f,"
          "\"score_third\":%.4f,\"score_two_thirds\":%.4f,\"easy_min\":%.4f,\"medium_min\":%.4f}\n",
          rules->id, pat_yardstick_to_string (yardstick), count, by_result[PAT_SOLVE_SOLVED],
          by_result[PAT_SOLVE_UNSOLVABLE],
          by_result[PAT_SOLVE_LIMIT] + by_result[PAT_SOLVE_CANCELLED],
          count > 0 ? 100.0 * greedy_all / count : 0.0,
          winnable_scores->len > 0 ? 100.0 * greedy_winnable / winnable_scores->len : 0.0,
          z_statistic (level_won[PAT_DIFFICULTY_EASY], level_n[PAT_DIFFICULTY_EASY],
                       level_won[PAT_DIFFICULTY_MEDIUM], level_n[PAT_DIFFICULTY_MEDIUM]),
          z_statistic (level_won[PAT_DIFFICULTY_MEDIUM], level_n[PAT_DIFFICULTY_MEDIUM],
                       level_won[PAT_DIFFICULTY_HARD], level_n[PAT_DIFFICULTY_HARD]),
          cut (winnable_scores, 2.0 / 3), cut (winnable_scores, 1.0 / 3), easy_min, medium_min);
}

int
pat_cli_bench_difficulty (int    argc,
                          char **argv)
{
  g_autofree char *game = NULL;
  g_autofree char *deals = NULL;
  g_autofree char *die = NULL;
  g_autofree char *yardstick_name = NULL;
  g_autofree char *timeout_text = NULL;
  g_autofree char *game_help = g_strdup_printf ("The game id, a game with difficulty levels (%s)",
                                                pat_cli_level_game_ids ());
  double timeout;
  gboolean each = FALSE;
  GOptionEntry entries[] = {
    { "game", 'g', 0, PAT_CLI_ARG_TEXT, &game, game_help, "ID" },
    { "deals", 0, 0, PAT_CLI_ARG_TEXT, &deals,
      "The deals to measure, A..B (default 1..1000)", "A..B" },
    { "timeout", 0, 0, PAT_CLI_ARG_TEXT, &timeout_text,
      "The solver's budget per deal in seconds (default: the game's, as when the app picks a "
      "deal: " G_STRINGIFY (PAT_DIFFICULTY_PICK_SECONDS) ", Idiot's Delight "
      G_STRINGIFY (PAT_DIFFICULTY_PICK_SECONDS_SAT) "); a deal over it counts as unknown", "S" },
    { "die", 0, 0, PAT_CLI_ARG_TEXT, &die,
      "Demon's Die of Justice: off (default), game or pass", "MODE" },
    { "each", 0, 0, G_OPTION_ARG_NONE, &each, "Also print one JSON line per deal", NULL },
    { "yardstick", 0, 0, PAT_CLI_ARG_TEXT, &yardstick_name,
      "The player whose wins are counted: greedy or rollout (default: the game's)", "NAME" },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autofree DealFigures *figures = NULL;
  const PatRules *rules;
  PatOptions options;
  PatDealNumber first;
  PatSolveLimits limits = { 0, };
  guint64 count, k;
  PatDifficulty level;
  PatYardstick yardstick;

  if (!pat_cli_parse_options ("bench-difficulty",
                              "measure the difficulty levels with the game's yardstick",
                              "For every deal: the playout score, its level, the solver's verdict "
                              "and whether the game's yardstick wins (the rollout player of level "
                              "2 in Black Hole, All in a Row and Idiot's Delight, the look-ahead "
                              "greedy player in the others; \"greedy_*\" fields). Prints one JSON "
                              "line per level: winnable deals of that level, the yardstick's wins "
                              "among them and the cards it put out on average, and the CPU time "
                              "to pick a deal of that level starting at a deal of the range "
                              "(median and 95th percentile over the starting deals), as the app "
                              "picks one; then a line of totals: the verdicts, how far apart the "
                              "yardstick's win rates of Easy and Medium, and of Medium and Hard, "
                              "are (\"z_easy_medium\", \"z_medium_hard\": two-proportion z, "
                              "2 or more is clear), and the thresholds that split the winnable "
                              "deals nearest thirds, deals of one score on one side, which the "
                              "engine's thresholds come from.",
                              entries, &argc, &argv, &error))
    return pat_cli_fail ("%s", error->message);
  rules = game != NULL ? pat_rules_lookup (game) : NULL;
  if (rules == NULL || !pat_solver_supports (rules) || !pat_difficulty_has_levels (rules))
    return pat_cli_fail ("--game takes a game with a solver and difficulty levels (%s)",
                         pat_cli_level_game_ids ());
  timeout = pat_difficulty_pick_seconds (rules);
  if (!pat_cli_parse_die (rules, die, &options, &error) ||
      !pat_cli_parse_range (deals != NULL ? deals : "1..1000", &first, &count, &error) ||
      (timeout_text != NULL &&
       !pat_cli_parse_seconds ("--timeout", timeout_text, FALSE, 1e6, &timeout, &error)))
    return pat_cli_fail ("%s", error->message);
  if (count > 10000000)
    return pat_cli_fail ("--deals: at most 10000000 deals");
  yardstick = pat_difficulty_yardstick (rules);
  if (yardstick_name != NULL && !pat_yardstick_from_string (yardstick_name, &yardstick))
    {
      g_autofree char *quoted = pat_cli_quote (yardstick_name);

      return pat_cli_fail ("--yardstick takes greedy or rollout, not '%s'", quoted);
    }

  limits.timeout = timeout;
  figures = g_new0 (DealFigures, count);
  for (k = 0; k < count; k++)
    measure_deal (rules, yardstick, &options, pat_cli_deal_add (first, k), &limits, each,
                  &figures[k]);
  for (level = PAT_DIFFICULTY_EASY; level <= PAT_DIFFICULTY_HARD; level++)
    print_level (rules, figures, count, level);
  print_totals (rules, yardstick, figures, count);
  return EXIT_SUCCESS;
}
