/* SPDX-License-Identifier: GPL-3.0-or-later */
/* patience-cli: deal, replay, play, simulate and benchmark the games from the command line. */

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pat-cli.h"
#include "pat-error.h"
#include "pat-pm-sim.h"
#include "pat-rules.h"
#include "pat-solver.h"

#define EXIT_BAD_INPUT PAT_CLI_EXIT_BAD_INPUT

typedef struct {
  char     *game;
  char     *deal;
  char     *deck;
  char     *moves;
  char     *deals;
  char     *die;
  char     *difficulty;
  char     *from;
  int       threads;
  int       seconds;
} CliOptions;

static void
cli_options_clear (CliOptions *o)
{
  g_free (o->game);
  g_free (o->deal);
  g_free (o->deck);
  g_free (o->moves);
  g_free (o->deals);
  g_free (o->die);
  g_free (o->difficulty);
  g_free (o->from);
}

static const PatRules *
lookup_game (const char  *id,
             GError     **error)
{
  const PatRules *rules;
  g_autofree char *quoted = NULL;

  if (id == NULL)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_UNKNOWN_GAME, "--game is required");
      return NULL;
    }
  rules = pat_rules_lookup (id);
  if (rules != NULL)
    return rules;

  quoted = pat_cli_quote (id);
  g_set_error (error, PAT_ERROR, PAT_ERROR_UNKNOWN_GAME, "unknown game '%s' (games: %s)", quoted,
               pat_cli_game_ids (FALSE));
  return NULL;
}

static gboolean
parse_options (const CliOptions  *o,
               const PatRules    *rules,
               PatOptions        *options,
               GError           **error)
{
  return pat_cli_parse_die (rules, o->die, options, error);
}

/* Reads --deal or --deck into a deck; exactly one of them must be given. */
static gboolean
read_deck (const CliOptions  *o,
           PatCard            deck[PAT_N_CARDS],
           PatDealNumber     *number,
           gboolean          *has_number,
           GError           **error)
{
  if ((o->deal == NULL) == (o->deck == NULL))
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DECK,
                   "give exactly one of --deal N or --deck \"…\"");
      return FALSE;
    }
  if (o->deal != NULL)
    {
      if (!pat_deal_number_parse (o->deal, number, error))
        return FALSE;
      pat_deal_shuffle (number, deck);
      *has_number = TRUE;
      return TRUE;
    }
  *has_number = FALSE;
  return pat_deck_parse (o->deck, deck, error);
}

static gboolean
start_game (const CliOptions  *o,
            const PatRules   **rules,
            PatState          *state,
            GError           **error)
{
  PatCard deck[PAT_N_CARDS];
  PatDealNumber number;
  PatOptions options;
  gboolean has_number;

  if ((*rules = lookup_game (o->game, error)) == NULL ||
      !parse_options (o, *rules, &options, error) ||
      !read_deck (o, deck, &number, &has_number, error))
    return FALSE;

  if (has_number)
    pat_rules_deal_number (*rules, state, &number, &options);
  else
    pat_rules_deal_deck (*rules, state, deck, &options);
  return TRUE;
}

#define GAME_ENTRY(o) \
  { "game", 'g', 0, PAT_CLI_ARG_TEXT, &(o)->game, pat_cli_game_help (FALSE), "ID" }
#define DEAL_ENTRY(o) \
  { "deal", 'd', 0, PAT_CLI_ARG_TEXT, &(o)->deal, \
    "Deal number, 1 to 99999999999999999999 (PySolFC's numbers for black-hole and " \
    "all-in-a-row)", "N" }
#define DECK_ENTRY(o) \
  { "deck", 0, 0, PAT_CLI_ARG_TEXT, &(o)->deck, \
    "An explicit deck: 52 distinct cards such as AS TH 9C, top (first dealt) first", "CARDS" }
#define DIE_ENTRY(o) \
  { "die", 0, 0, PAT_CLI_ARG_TEXT, &(o)->die, \
    "Demon's Die of Justice: off (default), game (one roll a game) or pass (a roll every " \
    "pass)", "MODE" }

/* deal --difficulty LEVEL [--from N]: the first deal of that level at or after N. */
static gboolean
start_game_of_difficulty (const CliOptions  *o,
                          const PatRules   **rules,
                          PatState          *state,
                          PatDealNumber     *found,
                          GError           **error)
{
  PatDifficulty wanted;
  PatDealNumber from = pat_deal_number_from_uint (1);
  PatOptions options;

  if ((*rules = lookup_game (o->game, error)) == NULL ||
      !parse_options (o, *rules, &options, error))
    return FALSE;
  if (!pat_difficulty_from_string (o->difficulty, &wanted))
    {
      g_autofree char *quoted = pat_cli_quote (o->difficulty);

      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE,
                   "--difficulty takes easy, medium or hard, not '%s'", quoted);
      return FALSE;
    }
  if (!pat_solver_supports (*rules))
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_UNKNOWN_GAME,
                   "%s has no solver, so no difficulty: it has no decisions", (*rules)->id);
      return FALSE;
    }
  if (!pat_difficulty_has_levels (*rules))
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_UNKNOWN_GAME,
                   "%s has no difficulty levels: its deals play alike (games with levels: %s)",
                   (*rules)->id, pat_cli_level_game_ids ());
      return FALSE;
    }
  if (o->deal != NULL || o->deck != NULL)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DECK,
                   "--difficulty picks the deal: give --from N instead of --deal or --deck");
      return FALSE;
    }
  if (o->from != NULL && !pat_deal_number_parse (o->from, &from, error))
    return FALSE;
  if (!pat_cli_find_deal (*rules, &options, wanted, from, found, error))
    return FALSE;
  pat_rules_deal_number (*rules, state, found, &options);
  return TRUE;
}

static int
cmd_deal (int    argc,
          char **argv)
{
  CliOptions o = { 0, };
  GOptionEntry entries[] = {
    GAME_ENTRY (&o), DEAL_ENTRY (&o), DECK_ENTRY (&o), DIE_ENTRY (&o),
    { "difficulty", 0, 0, PAT_CLI_ARG_TEXT, &o.difficulty,
      "Pick the first deal of this level, easy, medium or hard, at or after --from, that the "
      "solver proves winnable within the game's budget ("
      G_STRINGIFY (PAT_DIFFICULTY_PICK_SECONDS) " s, Idiot's Delight "
      G_STRINGIFY (PAT_DIFFICULTY_PICK_SECONDS_SAT) " s), as the app picks deals (games with "
      "levels)", "LEVEL" },
    { "from", 0, 0, PAT_CLI_ARG_TEXT, &o.from,
      "With --difficulty: the deal number to start from (default 1)", "N" },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const PatRules *rules;
  PatState state;
  PatDealNumber found;
  int status = EXIT_SUCCESS;

  if (!pat_cli_parse_options ("deal", "print a game's starting position",
                              "For black-hole and all-in-a-row the output is black-hole-solver's "
                              "board format. With --difficulty, the position is followed by a "
                              "JSON line {\"deal\":N,\"difficulty\":\"LEVEL\"}.",
                              entries, &argc, &argv, &error))
    status = pat_cli_fail ("%s", error->message);
  else if (o.difficulty == NULL && o.from != NULL)
    status = pat_cli_fail ("--from goes with --difficulty");
  else if (o.difficulty != NULL)
    {
      if (!start_game_of_difficulty (&o, &rules, &state, &found, &error))
        status = pat_cli_fail ("%s", error->message);
      else
        {
          char number[PAT_DEAL_NUMBER_MAX_DIGITS + 1];

          pat_deal_number_format (&found, number);
          text = pat_rules_format_state (rules, &state);
          fputs (text, stdout);
          printf ("{\"deal\":%s,\"difficulty\":\"%s\"}\n", number, o.difficulty);
        }
    }
  else if (!start_game (&o, &rules, &state, &error))
    status = pat_cli_fail ("%s", error->message);
  else
    {
      text = pat_rules_format_state (rules, &state);
      fputs (text, stdout);
    }
  cli_options_clear (&o);
  return status;
}

static int
cmd_replay (int    argc,
            char **argv)
{
  CliOptions o = { 0, };
  GOptionEntry entries[] = {
    GAME_ENTRY (&o), DEAL_ENTRY (&o), DECK_ENTRY (&o), DIE_ENTRY (&o),
    { "moves", 'm', 0, PAT_CLI_ARG_TEXT, &o.moves,
      "The moves, separated by spaces: s, t3>f, t2:3>t5, t1+t4>x", "MOVES" },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) words = NULL;
  g_autofree char *text = NULL;
  const PatRules *rules;
  PatState state;
  guint applied = 0;
  guint i;
  int status = EXIT_SUCCESS;

  if (!pat_cli_parse_options ("replay", "apply moves and print the final position",
                              "Automatic moves happen as in play. The last line is JSON: "
                              "{\"status\":\"playing|won|blocked|cycle\",\"moves\":K,\"score\":S}.",
                              entries, &argc, &argv, &error) ||
      !start_game (&o, &rules, &state, &error))
    {
      status = pat_cli_fail ("%s", error->message);
      goto out;
    }

  words = g_strsplit_set (o.moves != NULL ? o.moves : "", " \t\n,", -1);
  for (i = 0; words[i] != NULL; i++)
    {
      PatMove move;

      if (words[i][0] == '\0')
        continue;
      if (!pat_rules_parse_move (rules, &state, words[i], &move, &error) ||
          !pat_rules_try_move (rules, &state, &move, NULL, &error))
        {
          g_autofree char *quoted = pat_cli_quote (words[i]);

          status = pat_cli_fail ("move %u (%s): %s", applied + 1, quoted, error->message);
          goto out;
        }
      applied++;
    }

  text = pat_rules_format_state (rules, &state);
  fputs (text, stdout);
  printf ("{\"status\":\"%s\",\"moves\":%u,\"score\":%d}\n",
          pat_status_to_string (rules->status (&state)), applied, rules->score (&state));

out:
  cli_options_clear (&o);
  return status;
}

static int
cmd_play (int    argc,
          char **argv)
{
  CliOptions o = { 0, };
  GOptionEntry entries[] = {
    GAME_ENTRY (&o), DEAL_ENTRY (&o), DECK_ENTRY (&o),
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  PatCard deck[PAT_N_CARDS];
  PatDealNumber number;
  gboolean has_number;
  PatPmResult result;
  const PatRules *rules;
  int status = EXIT_SUCCESS;

  if (!pat_cli_parse_options ("play", "play Perpetual Motion to its end",
                              "Prints {\"result\":\"won\",\"rounds\":R} or "
                              "{\"result\":\"cycle\",\"rounds\":R,\"cycle_start\":S,"
                              "\"cycle_length\":L}: the stock at the start of round R+1 is the "
                              "stock at the start of round S.",
                              entries, &argc, &argv, &error) ||
      (rules = lookup_game (o.game, &error)) == NULL ||
      !read_deck (&o, deck, &number, &has_number, &error))
    {
      status = pat_cli_fail ("%s", error->message);
      goto out;
    }
  if (rules != &pat_rules_perpetual_motion)
    {
      status = pat_cli_fail ("play is for perpetual-motion, the game without decisions (not %s)",
                             rules->id);
      goto out;
    }

  pat_pm_play (deck, &result);
  if (result.won)
    printf ("{\"result\":\"won\",\"rounds\":%u}\n", result.rounds);
  else
    printf ("{\"result\":\"cycle\",\"rounds\":%u,\"cycle_start\":%u,\"cycle_length\":%u}\n",
            result.rounds, result.cycle_start, result.cycle_length);

out:
  cli_options_clear (&o);
  return status;
}

/* Simulation: deals are handed out in chunks to worker threads. */

typedef struct {
  PatDealNumber first;
  guint64       count;
  gssize        next;      /* atomic: the next offset to hand out */
  gboolean      plain;
} SimJob;

typedef struct {
  SimJob  *job;
  guint64  deals;
  guint64  won;
  guint64  rounds_won;
  guint64  cycles;
  guint64  cycle_lengths;
} SimWorker;

#define CHUNK 256

static gpointer
sim_worker (gpointer data)
{
  SimWorker *w = data;
  SimJob *job = w->job;
  g_autoptr(PatPmSim) sim = pat_pm_sim_new ();

  for (;;)
    {
      guint64 start = (guint64) g_atomic_pointer_add (&job->next, CHUNK);
      guint64 k, end;

      if (start >= job->count)
        break;
      end = MIN (job->count, start + CHUNK);
      for (k = start; k < end; k++)
        {
          PatDealNumber number = pat_cli_deal_add (job->first, k);
          PatCard deck[PAT_N_CARDS];
          PatPmResult result;

          pat_deal_shuffle (&number, deck);
          if (job->plain)
            pat_pm_play_reference (deck, &result);
          else
            pat_pm_sim_play (sim, deck, &result);
          w->deals++;
          if (result.won)
            {
              w->won++;
              w->rounds_won += result.rounds;
            }
          else
            {
              w->cycles++;
              w->cycle_lengths += result.cycle_length;
            }
        }
    }
  return NULL;
}

typedef struct {
  guint64 deals;
  guint64 won;
  double  mean_rounds_won;
  double  mean_cycle_length;
  double  seconds;       /* wall time */
  double  cpu_seconds;   /* the process's user + system time over the run, all threads */
} SimTotals;

double
pat_cli_cpu_seconds (clockid_t clock)
{
  struct timespec ts;

  if (clock_gettime (clock, &ts) != 0)
    return 0;
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* @deals / @seconds, 0 when no time passed. */
static double
per_second (guint64 deals,
            double  seconds)
{
  return seconds > 0 ? deals / seconds : 0.0;
}

static void
run_simulation (const PatDealNumber *first,
                guint64              count,
                guint                n_threads,
                gboolean             plain,
                SimTotals           *totals)
{
  SimJob job = { *first, count, 0, plain };
  g_autofree SimWorker *workers = g_new0 (SimWorker, n_threads);
  g_autofree GThread **threads = g_new0 (GThread *, n_threads);
  gint64 start = g_get_monotonic_time ();
  double cpu_start = pat_cli_cpu_seconds (CLOCK_PROCESS_CPUTIME_ID);
  guint64 rounds_won = 0, cycles = 0, cycle_lengths = 0;
  guint i;

  memset (totals, 0, sizeof *totals);
  for (i = 0; i < n_threads; i++)
    {
      workers[i].job = &job;
      if (i > 0)
        threads[i] = g_thread_new ("simulate", sim_worker, &workers[i]);
    }
  sim_worker (&workers[0]);
  for (i = 0; i < n_threads; i++)
    {
      if (i > 0)
        g_thread_join (threads[i]);
      totals->deals += workers[i].deals;
      totals->won += workers[i].won;
      rounds_won += workers[i].rounds_won;
      cycles += workers[i].cycles;
      cycle_lengths += workers[i].cycle_lengths;
    }
  totals->seconds = (g_get_monotonic_time () - start) / 1e6;
  totals->cpu_seconds = pat_cli_cpu_seconds (CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
  totals->mean_rounds_won = totals->won > 0 ? (double) rounds_won / totals->won : 0;
  totals->mean_cycle_length = cycles > 0 ? (double) cycle_lengths / cycles : 0;
}

static gboolean
check_threads (int       threads,
               GError  **error)
{
  if (threads < 1 || threads > 256)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE, "--threads takes 1 to 256, not %d",
                   threads);
      return FALSE;
    }
  return TRUE;
}

static int
cmd_simulate (int    argc,
              char **argv)
{
  CliOptions o = { .threads = 1 };
  GOptionEntry entries[] = {
    GAME_ENTRY (&o),
    { "deals", 0, 0, PAT_CLI_ARG_TEXT, &o.deals, "The deals to play, A..B", "A..B" },
    { "threads", 't', 0, G_OPTION_ARG_INT, &o.threads, "Worker threads (default 1)", "T" },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  const PatRules *rules;
  PatDealNumber first;
  guint64 count;
  SimTotals t;
  int status = EXIT_SUCCESS;

  if (!pat_cli_parse_options ("simulate", "play a range of Perpetual Motion deals",
                              "Prints one JSON line: deals, won, win_rate, mean_rounds_won, "
                              "mean_cycle_length, seconds (wall), cpu_seconds (user + system, "
                              "all threads), deals_per_second, deals_per_cpu_second, threads, "
                              "vector (the simulator's code path: avx512-vbmi2, avx2 or "
                              "scalar).",
                              entries, &argc, &argv, &error) ||
      (rules = lookup_game (o.game, &error)) == NULL ||
      !pat_cli_parse_range (o.deals, &first, &count, &error) ||
      !check_threads (o.threads, &error))
    {
      status = pat_cli_fail ("%s", error->message);
      goto out;
    }
  if (rules != &pat_rules_perpetual_motion)
    {
      status = pat_cli_fail ("simulate is for perpetual-motion (not %s)", rules->id);
      goto out;
    }

  run_simulation (&first, count, (guint) o.threads, FALSE, &t);
  printf ("{\"deals\":%" G_GUINT64_FORMAT ",\"won\":%" G_GUINT64_FORMAT ",\"win_rate\":%.6f,"
          "\"mean_rounds_won\":%.3f,\"mean_cycle_length\":%.3f,\"seconds\":%.3f,"
          "\"cpu_seconds\":%.3f,\"deals_per_second\":%.0f,\"deals_per_cpu_second\":%.0f,"
          "\"threads\":%d,\"vector\":\"%s\"}\n",
          t.deals, t.won, t.deals > 0 ? (double) t.won / t.deals : 0.0,
          t.mean_rounds_won, t.mean_cycle_length, t.seconds, t.cpu_seconds,
          per_second (t.deals, t.seconds), per_second (t.deals, t.cpu_seconds), o.threads,
          pat_pm_sim_vector_path ());

out:
  cli_options_clear (&o);
  return status;
}

/* bench's first line: what the figures were measured on. */
static void
print_machine (guint n_threads)
{
  g_autofree char *cpuinfo = NULL;
  g_autofree char *loadavg = NULL;
  g_autofree char *model = NULL;
  g_autofree char *quoted = NULL;
  double load = -1;

  if (g_file_get_contents ("/proc/cpuinfo", &cpuinfo, NULL, NULL))
    {
      const char *line = strstr (cpuinfo, "model name");
      const char *colon = line != NULL ? strchr (line, ':') : NULL;

      if (colon != NULL)
        model = g_strstrip (g_strndup (colon + 1, strcspn (colon + 1, "\n")));
    }
  if (g_file_get_contents ("/proc/loadavg", &loadavg, NULL, NULL))
    load = g_ascii_strtod (loadavg, NULL);
  quoted = g_strescape (model != NULL ? model : "unknown", NULL);
  printf ("{\"machine\":\"%s\",\"cores\":%u,\"load_average\":%.2f,\"threads\":%u,"
          "\"vector\":\"%s\"}\n",
          quoted, g_get_num_processors (), load, n_threads, pat_pm_sim_vector_path ());
}

static int
cmd_bench (int    argc,
           char **argv)
{
  CliOptions o = { .threads = 1, .seconds = 0 };
  GOptionEntry entries[] = {
    GAME_ENTRY (&o),
    { "deals", 0, 0, PAT_CLI_ARG_TEXT, &o.deals, "The deals to play (default 1..200000)", "A..B" },
    { "threads", 't', 0, G_OPTION_ARG_INT, &o.threads,
      "Threads for the extra multi-threaded run (default: the number of cores)", "T" },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  const PatRules *rules;
  PatDealNumber first;
  guint64 count, plain_count;
  SimTotals fast, plain, multi;
  guint n_threads;
  int status = EXIT_SUCCESS;

  o.threads = (int) g_get_num_processors ();
  if (!pat_cli_parse_options ("bench", "measure the Perpetual Motion simulator",
                              "Plays the deals single-threaded with the fast player, a sample "
                              "with the plain rules-module player, and again with --threads. "
                              "Prints JSON lines: first the machine (processor, cores, load "
                              "average, the simulator's vector code), then each run's wall and "
                              "CPU seconds and deals per second of each; the fast player's "
                              "speed-up over the plain one is in CPU time, the scaling over one "
                              "thread in wall time.",
                              entries, &argc, &argv, &error) ||
      (rules = lookup_game (o.game != NULL ? o.game : "perpetual-motion", &error)) == NULL ||
      !pat_cli_parse_range (o.deals != NULL ? o.deals : "1..200000", &first, &count, &error) ||
      !check_threads (o.threads, &error))
    {
      status = pat_cli_fail ("%s", error->message);
      goto out;
    }
  if (rules != &pat_rules_perpetual_motion)
    {
      status = pat_cli_fail ("bench measures perpetual-motion (not %s)", rules->id);
      goto out;
    }

  n_threads = (guint) o.threads;
  plain_count = MAX (1, count / 20);
  run_simulation (&first, plain_count, 1, TRUE, &plain);
  run_simulation (&first, count, 1, FALSE, &fast);
  run_simulation (&first, count, n_threads, FALSE, &multi);

  print_machine (n_threads);
  printf ("{\"player\":\"plain\",\"threads\":1,\"deals\":%" G_GUINT64_FORMAT ","
          "\"seconds\":%.3f,\"cpu_seconds\":%.3f,\"deals_per_second\":%.0f,"
          "\"deals_per_cpu_second\":%.0f}\n",
          plain.deals, plain.seconds, plain.cpu_seconds, per_second (plain.deals, plain.seconds),
          per_second (plain.deals, plain.cpu_seconds));
  /* The speed-up in CPU time, which another job on the machine barely changes. */
  printf ("{\"player\":\"fast\",\"threads\":1,\"deals\":%" G_GUINT64_FORMAT ","
          "\"seconds\":%.3f,\"cpu_seconds\":%.3f,\"deals_per_second\":%.0f,"
          "\"deals_per_cpu_second\":%.0f,\"us_per_deal\":%.3f,\"cpu_us_per_deal\":%.3f,"
          "\"speedup_over_plain\":%.1f}\n",
          fast.deals, fast.seconds, fast.cpu_seconds, per_second (fast.deals, fast.seconds),
          per_second (fast.deals, fast.cpu_seconds), fast.seconds * 1e6 / fast.deals,
          fast.cpu_seconds * 1e6 / fast.deals,
          per_second (fast.deals, fast.cpu_seconds) /
          MAX (per_second (plain.deals, plain.cpu_seconds), 1e-9));
  /* Scaling is a matter of wall time: the threads share the work, not the CPU time. */
  printf ("{\"player\":\"fast\",\"threads\":%u,\"deals\":%" G_GUINT64_FORMAT ","
          "\"seconds\":%.3f,\"cpu_seconds\":%.3f,\"deals_per_second\":%.0f,"
          "\"deals_per_cpu_second\":%.0f,\"scaling_over_one_thread\":%.2f}\n",
          n_threads, multi.deals, multi.seconds, multi.cpu_seconds,
          per_second (multi.deals, multi.seconds), per_second (multi.deals, multi.cpu_seconds),
          per_second (multi.deals, multi.seconds) /
          MAX (per_second (fast.deals, fast.seconds), 1e-9));

out:
  cli_options_clear (&o);
  return status;
}

typedef struct {
  const char *name;
  const char *summary;
  int       (*run) (int argc, char **argv);
} Command;

static const Command commands[] = {
  { "deal", "print a game's starting position", cmd_deal },
  { "replay", "apply moves and print the final position and a JSON status line", cmd_replay },
  { "play", "play Perpetual Motion to its end (win or cycle)", cmd_play },
  { "simulate", "play a range of Perpetual Motion deals and sum up", cmd_simulate },
  { "solve", "say whether deals can be won, with a winning line", pat_cli_solve },
  { "bench", "measure the speed of the Perpetual Motion simulator", cmd_bench },
  { "bench-difficulty", "measure the difficulty levels with each game's yardstick",
    pat_cli_bench_difficulty },
  { "match-host", "host a Demon match over the network", pat_cli_match_host },
  { "match-join", "join a Demon match over the network as a greedy player", pat_cli_match_join },
  { "match-list", "list the Demon matches announced on the network", pat_cli_match_list },
};

static void
print_usage (FILE *out)
{
  guint i;

  fprintf (out, "Usage: %s COMMAND [OPTION…]\n\nCommands:\n", CLI_NAME);
  for (i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-16s %s\n", commands[i].name, commands[i].summary);
  fprintf (out, "\n`%s COMMAND --help` or `%s help COMMAND` describes a "
                "command's options.\n"
                "Cards are rank then suit (AS, TH, 9C); moves are s, t3>f, t2:3>t5, t1+t4>x.\n"
                "Bad input exits with status 2 and one line on stderr.\n", CLI_NAME, CLI_NAME);
}

static const Command *
find_command (const char *name)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (name, commands[i].name) == 0)
      return &commands[i];
  return NULL;
}

static int
fail_unknown_command (const char *name)
{
  g_autofree char *quoted = pat_cli_quote (name);

  return pat_cli_fail ("unknown command '%s' (`%s help` lists the commands)", quoted, CLI_NAME);
}

/* help [COMMAND]: the commands, or COMMAND --help. */
static int
cmd_help (int    argc,
          char **argv)
{
  const Command *command;
  char *help_argv[] = { NULL, (char *) "--help", NULL };

  if (argc < 2)
    {
      print_usage (stdout);
      return EXIT_SUCCESS;
    }
  if ((command = find_command (argv[1])) == NULL)
    return fail_unknown_command (argv[1]);
  if (argc > 2)
    {
      g_autofree char *quoted = pat_cli_quote (argv[2]);

      return pat_cli_fail ("unexpected argument '%s'", quoted);
    }
  /* Its options parse "--help", print its help and exit. */
  help_argv[0] = argv[1];
  return command->run (2, help_argv);
}

int
main (int    argc,
      char **argv)
{
  const Command *command;

  setlocale (LC_ALL, "");
  /* JSON and the text forms use '.' and plain digits whatever the locale. */
  setlocale (LC_NUMERIC, "C");

  /* Bad input is one line on stderr, even when it is no input at all. */
  if (argc < 2)
    return pat_cli_fail ("no command given (try %s --help)", CLI_NAME);
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      strcmp (argv[1], "help") == 0)
    return cmd_help (argc - 1, argv + 1);
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("%s %s\n", CLI_NAME, PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }

  if ((command = find_command (argv[1])) == NULL)
    return fail_unknown_command (argv[1]);
  return command->run (argc - 1, argv + 1);
}
