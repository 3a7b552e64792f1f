/* SPDX-License-Identifier: GPL-3.0-or-later */
/* patience-cli solve: whether deals can be won, with a winning line, one JSON line per deal. */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pat-cli.h"
#include "pat-difficulty.h"
#include "pat-error.h"
#include "pat-rules.h"
#include "pat-solver.h"
#include "pat-solver-private.h"

#define EXIT_BAD_INPUT PAT_CLI_EXIT_BAD_INPUT

/* Deals solved ahead of the one being printed, at most. */
#define WINDOW 1024

typedef struct {
  char     *game;
  char     *deal;
  char     *deck;
  char     *deals;
  char     *die;
  char     *max_nodes;
  char     *max_memory;
  char     *timeout;
  char     *cpu_timeout;
  int       threads;
  int       search_threads;
  gboolean  summary;
  gboolean  difficulty;
} SolveOptions;

typedef struct {
  PatSolveResult  result;
  guint64         nodes;
  double          ms;
  double          cpu_ms;     /* the solving thread's CPU time */
  char           *solution;   /* replay notation; NULL unless solved */
  PatDifficulty   difficulty;
  gboolean        done;
} Slot;

typedef struct {
  const PatRules *rules;
  PatOptions      options;
  PatSolveLimits  limits;
  gboolean        by_number;
  PatDealNumber   first;
  guint64         count;
  PatCard         deck[PAT_N_CARDS];
  gboolean        rate;       /* --difficulty: the level of every deal */

  GMutex          lock;
  GCond           cond;
  guint64         next;       /* the next deal to hand out */
  guint64         printed;    /* deals printed so far */
  Slot            slots[WINDOW];
} Job;

typedef struct {
  guint64 deals;
  guint64 by_result[4];
  double  wall_seconds;
  double  cpu_seconds;
  double  hardest_ms;
  guint64 hardest_nodes;
  guint64 hardest_index;
} Totals;

static void
solve_options_clear (SolveOptions *o)
{
  g_free (o->game);
  g_free (o->deal);
  g_free (o->deck);
  g_free (o->deals);
  g_free (o->die);
  g_free (o->max_nodes);
  g_free (o->max_memory);
  g_free (o->timeout);
  g_free (o->cpu_timeout);
}

static gboolean
parse_game (const char      *id,
            const PatRules **rules,
            GError         **error)
{
  g_autofree char *quoted = NULL;

  if (id == NULL)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_UNKNOWN_GAME, "--game is required");
      return FALSE;
    }
  *rules = pat_rules_lookup (id);
  if (*rules != NULL && pat_solver_supports (*rules))
    return TRUE;

  quoted = pat_cli_quote (id);
  if (*rules != NULL)
    g_set_error (error, PAT_ERROR, PAT_ERROR_UNKNOWN_GAME,
                 "%s has no solver: it has no decisions, play it with `patience-cli play` "
                 "(games with a solver: %s)", quoted, pat_cli_game_ids (TRUE));
  else
    g_set_error (error, PAT_ERROR, PAT_ERROR_UNKNOWN_GAME,
                 "unknown game '%s' (games with a solver: %s)", quoted, pat_cli_game_ids (TRUE));
  return FALSE;
}

/* @text as a whole number from 1 to @max; otherwise an error that says @what the option takes. */
static gboolean
parse_whole (const char  *text,
             guint64      max,
             const char  *what,
             guint64     *out,
             GError     **error)
{
  g_autofree char *quoted = NULL;

  if (g_ascii_string_to_unsigned (text, 10, 1, max, out, NULL))
    return TRUE;
  quoted = pat_cli_quote (text);
  g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE, "%s, not '%s'", what, quoted);
  return FALSE;
}

static gboolean
parse_limits (const SolveOptions  *o,
              PatSolveLimits      *limits,
              GError             **error)
{
  memset (limits, 0, sizeof *limits);
  if (o->max_nodes != NULL &&
      !parse_whole (o->max_nodes, G_MAXUINT64, "--max-nodes takes a whole number of at least 1",
                    &limits->max_nodes, error))
    return FALSE;
  if (o->max_memory != NULL)
    {
      guint64 mib;

      if (!parse_whole (o->max_memory, PAT_SOLVE_MAX_MEMORY_MIB,
                        "--max-memory takes 1 to " G_STRINGIFY (PAT_SOLVE_MAX_MEMORY_MIB) " MiB",
                        &mib, error))
        return FALSE;
      limits->max_memory = (gsize) mib * 1024 * 1024;
    }
  if (o->timeout != NULL &&
      !pat_cli_parse_seconds ("--timeout", o->timeout, TRUE, 1e9, &limits->timeout, error))
    return FALSE;
  if (o->cpu_timeout != NULL)
    {
      if (o->timeout != NULL)
        {
          g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE,
                       "give --timeout or --cpu-timeout, not both");
          return FALSE;
        }
      if (!pat_cli_parse_seconds ("--cpu-timeout", o->cpu_timeout, TRUE, 1e9, &limits->timeout,
                                  error))
        return FALSE;
      limits->cpu_time = TRUE;
    }
  if (o->threads < 1 || o->threads > 256)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE, "--threads takes 1 to 256, not %d",
                   o->threads);
      return FALSE;
    }
  if (o->search_threads < 1 || o->search_threads > 64)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE, "--search-threads takes 1 to 64, not %d",
                   o->search_threads);
      return FALSE;
    }
  limits->threads = (guint) o->search_threads;
  return TRUE;
}

static gboolean
setup_job (const SolveOptions  *o,
           Job                 *job,
           GError             **error)
{
  int given = (o->deal != NULL) + (o->deck != NULL) + (o->deals != NULL);

  if (!parse_game (o->game, &job->rules, error) ||
      !pat_cli_parse_die (job->rules, o->die, &job->options, error) ||
      !parse_limits (o, &job->limits, error))
    return FALSE;
  if (o->difficulty && !pat_difficulty_has_levels (job->rules))
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_UNKNOWN_GAME,
                   "%s has no difficulty levels (games with levels: %s)", job->rules->id,
                   pat_cli_level_game_ids ());
      return FALSE;
    }
  job->rate = o->difficulty;
  if (given != 1)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DECK,
                   "give exactly one of --deal N, --deck \"…\" or --deals A..B");
      return FALSE;
    }
  if (o->deck != NULL)
    {
      job->by_number = FALSE;
      job->count = 1;
      return pat_deck_parse (o->deck, job->deck, error);
    }
  job->by_number = TRUE;
  if (o->deal != NULL)
    {
      job->count = 1;
      return pat_deal_number_parse (o->deal, &job->first, error);
    }
  return pat_cli_parse_range (o->deals, &job->first, &job->count, error);
}

static char *
format_solution (const PatRules    *rules,
                 const PatSolution *solution)
{
  GString *out = g_string_new (NULL);
  guint i;

  for (i = 0; i < solution->n_moves; i++)
    {
      g_autofree char *move = pat_rules_format_move (rules, &solution->moves[i]);

      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, move);
    }
  return g_string_free (out, FALSE);
}

static void
solve_one (Job     *job,
           guint64  index,
           Slot    *slot)
{
  PatSolution solution = { 0, };
  PatState state;
  gint64 start;
  double cpu_start;

  if (job->by_number)
    {
      PatDealNumber number = pat_cli_deal_add (job->first, index);

      pat_rules_deal_number (job->rules, &state, &number, &job->options);
    }
  else
    {
      pat_rules_deal_deck (job->rules, &state, job->deck, &job->options);
    }

  start = g_get_monotonic_time ();
  cpu_start = pat_cli_cpu_seconds (CLOCK_THREAD_CPUTIME_ID);
  slot->result = pat_solver_solve (job->rules, &state, &job->limits, &solution);
  slot->cpu_ms = (pat_cli_cpu_seconds (CLOCK_THREAD_CPUTIME_ID) - cpu_start) * 1000.0;
  slot->ms = (g_get_monotonic_time () - start) / 1000.0;
  slot->nodes = solution.nodes;
  slot->solution = slot->result == PAT_SOLVE_SOLVED ? format_solution (job->rules, &solution)
                                                    : NULL;
  /* The level from the playouts, once the deal is known to be winnable, and only when asked: they
   * cost 1-10 ms a deal in Black Hole and All in a Row, several times the solver's time. */
  if (!job->rate)
    slot->difficulty = PAT_DIFFICULTY_UNKNOWN;
  else if (slot->result == PAT_SOLVE_SOLVED)
    slot->difficulty = pat_difficulty_of_score (job->rules,
                                                pat_difficulty_score (job->rules, &state, NULL));
  else if (slot->result == PAT_SOLVE_UNSOLVABLE)
    slot->difficulty = PAT_DIFFICULTY_UNWINNABLE;
  else
    slot->difficulty = PAT_DIFFICULTY_UNKNOWN;
  pat_solution_clear (&solution);
}

static gpointer
worker (gpointer data)
{
  Job *job = data;

  for (;;)
    {
      Slot slot = { 0, };
      guint64 index;

      g_mutex_lock (&job->lock);
      while (job->next < job->count && job->next >= job->printed + WINDOW)
        g_cond_wait (&job->cond, &job->lock);
      if (job->next >= job->count)
        {
          g_mutex_unlock (&job->lock);
          break;
        }
      index = job->next++;
      g_mutex_unlock (&job->lock);

      solve_one (job, index, &slot);

      g_mutex_lock (&job->lock);
      slot.done = TRUE;
      job->slots[index % WINDOW] = slot;
      g_cond_broadcast (&job->cond);
      g_mutex_unlock (&job->lock);
    }
  return NULL;
}

static void
print_slot (const Job  *job,
            guint64     index,
            const Slot *slot)
{
  GString *line = g_string_new ("{");

  if (job->by_number)
    {
      PatDealNumber number = pat_cli_deal_add (job->first, index);
      char text[PAT_DEAL_NUMBER_MAX_DIGITS + 1];

      pat_deal_number_format (&number, text);
      g_string_append_printf (line, "\"deal\":%s,", text);
    }
  g_string_append_printf (line, "\"result\":\"%s\",", pat_solve_result_to_string (slot->result));
  if (job->rate)
    g_string_append_printf (line, "\"difficulty\":\"%s\",",
                            pat_difficulty_to_string (slot->difficulty));
  g_string_append_printf (line, "\"nodes\":%" G_GUINT64_FORMAT ",\"ms\":%.3f,\"cpu_ms\":%.3f",
                          slot->nodes, slot->ms, slot->cpu_ms);
  if (slot->solution != NULL)
    g_string_append_printf (line, ",\"solution\":\"%s\"", slot->solution);
  g_string_append (line, "}\n");
  fputs (line->str, stdout);
  /* Long runs are watched as they go. */
  fflush (stdout);
  g_string_free (line, TRUE);
}

static void
run (Job    *job,
     guint   n_threads,
     Totals *totals)
{
  g_autofree GThread **threads = g_new0 (GThread *, n_threads);
  gint64 start = g_get_monotonic_time ();
  double cpu_start = pat_cli_cpu_seconds (CLOCK_PROCESS_CPUTIME_ID);
  guint i;

  memset (totals, 0, sizeof *totals);
  for (i = 0; i < n_threads; i++)
    threads[i] = g_thread_new ("solve", worker, job);

  while (job->printed < job->count)
    {
      Slot *slot = &job->slots[job->printed % WINDOW];
      Slot taken;

      g_mutex_lock (&job->lock);
      while (!slot->done)
        g_cond_wait (&job->cond, &job->lock);
      taken = *slot;
      slot->done = FALSE;
      g_mutex_unlock (&job->lock);

      print_slot (job, job->printed, &taken);
      totals->deals++;
      totals->by_result[taken.result]++;
      if (taken.ms > totals->hardest_ms)
        {
          totals->hardest_ms = taken.ms;
          totals->hardest_nodes = taken.nodes;
          totals->hardest_index = job->printed;
        }
      g_free (taken.solution);

      g_mutex_lock (&job->lock);
      job->printed++;
      g_cond_broadcast (&job->cond);
      g_mutex_unlock (&job->lock);
    }

  for (i = 0; i < n_threads; i++)
    g_thread_join (threads[i]);
  totals->wall_seconds = (g_get_monotonic_time () - start) / 1e6;
  totals->cpu_seconds = pat_cli_cpu_seconds (CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
}

static void
print_summary (const Job    *job,
               const Totals *t)
{
  GString *line = g_string_new (NULL);

  g_string_append_printf (line,
                          "{\"summary\":true,\"game\":\"%s\",\"deals\":%" G_GUINT64_FORMAT ","
                          "\"solved\":%" G_GUINT64_FORMAT ",\"unsolvable\":%" G_GUINT64_FORMAT ","
                          "\"limit\":%" G_GUINT64_FORMAT ",\"cancelled\":%" G_GUINT64_FORMAT ","
                          "\"solved_percent\":%.3f,\"wall_seconds\":%.3f,\"cpu_seconds\":%.3f,"
                          "\"deals_per_second\":%.2f,\"deals_per_cpu_second\":%.2f,"
                          "\"peak_memory\":%" G_GSIZE_FORMAT,
                          job->rules->id, t->deals,
                          t->by_result[PAT_SOLVE_SOLVED], t->by_result[PAT_SOLVE_UNSOLVABLE],
                          t->by_result[PAT_SOLVE_LIMIT], t->by_result[PAT_SOLVE_CANCELLED],
                          t->deals > 0 ? 100.0 * t->by_result[PAT_SOLVE_SOLVED] / t->deals : 0.0,
                          t->wall_seconds, t->cpu_seconds,
                          t->wall_seconds > 0 ? t->deals / t->wall_seconds : 0.0,
                          t->cpu_seconds > 0 ? t->deals / t->cpu_seconds : 0.0,
                          pat_solve_peak_memory ());
  if (t->deals > 0)
    {
      if (job->by_number)
        {
          PatDealNumber number = pat_cli_deal_add (job->first, t->hardest_index);
          char text[PAT_DEAL_NUMBER_MAX_DIGITS + 1];

          pat_deal_number_format (&number, text);
          g_string_append_printf (line, ",\"hardest_deal\":%s", text);
        }
      g_string_append_printf (line, ",\"hardest_ms\":%.3f,\"hardest_nodes\":%" G_GUINT64_FORMAT,
                              t->hardest_ms, t->hardest_nodes);
    }
  g_string_append (line, "}\n");
  fputs (line->str, stdout);
  g_string_free (line, TRUE);
}

int
pat_cli_solve (int    argc,
               char **argv)
{
  SolveOptions o = { .threads = 1, .search_threads = 1 };
  GOptionEntry entries[] = {
    { "game", 'g', 0, PAT_CLI_ARG_TEXT, &o.game, pat_cli_game_help (TRUE), "ID" },
    { "deal", 'd', 0, PAT_CLI_ARG_TEXT, &o.deal,
      "Deal number, 1 to 99999999999999999999 (PySolFC's numbers for black-hole and "
      "all-in-a-row)", "N" },
    { "deck", 0, 0, PAT_CLI_ARG_TEXT, &o.deck,
      "An explicit deck: 52 distinct cards such as AS TH 9C, top (first dealt) first", "CARDS" },
    { "deals", 0, 0, PAT_CLI_ARG_TEXT, &o.deals, "A range of deals, A..B", "A..B" },
    { "max-nodes", 0, 0, PAT_CLI_ARG_TEXT, &o.max_nodes,
      "Give up on a deal after N positions (default: no limit)", "N" },
    { "timeout", 0, 0, PAT_CLI_ARG_TEXT, &o.timeout,
      "Give up on a deal after S seconds (default: no limit)", "S" },
    { "cpu-timeout", 0, 0, PAT_CLI_ARG_TEXT, &o.cpu_timeout,
      "Give up on a deal after S seconds of CPU time of the thread solving it (exact with "
      "--search-threads 1; with more, each search thread counts its own), instead of --timeout's "
      "wall time", "S" },
    { "max-memory", 0, 0, PAT_CLI_ARG_TEXT, &o.max_memory,
      "Memory for a deal's search tables in MiB, 1 to 512 (default 256); a deal that fills them "
      "gives limit", "MIB" },
    { "threads", 't', 0, G_OPTION_ARG_INT, &o.threads,
      "Deals solved in parallel (default 1); output stays in deal order", "T" },
    { "search-threads", 'j', 0, G_OPTION_ARG_INT, &o.search_threads,
      "Threads one hard deal's search may use, 1 to 64 (default 1; Demon)", "J" },
    { "die", 0, 0, PAT_CLI_ARG_TEXT, &o.die,
      "Demon's Die of Justice: off (default), game (one roll a game) or pass (a roll every "
      "pass)", "MODE" },
    { "difficulty", 0, 0, G_OPTION_ARG_NONE, &o.difficulty,
      "Also rate each deal: \"difficulty\" easy, medium or hard for a won deal (from the "
      "playouts `deal --difficulty` uses, which cost more than the solver in some games), "
      "unwinnable or unknown (games with levels)", NULL },
    { "summary", 0, 0, G_OPTION_ARG_NONE, &o.summary,
      "End with a JSON line of totals: deals, solved, unsolvable, limit, speed, peak memory",
      NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  Job *job = NULL;
  Totals totals;
  int status = EXIT_SUCCESS;

  if (!pat_cli_parse_options ("solve", "say whether deals can be won, with a winning line",
                              "Prints one JSON line per deal: {\"deal\":N,"
                              "\"result\":\"solved|unsolvable|limit\","
                              "\"nodes\":K,\"ms\":T,\"cpu_ms\":C,\"solution\":\"M1 M2 …\"}"
                              " (\"cpu_ms\": the CPU time of the thread that solved the deal, "
                              "search threads it started not counted). \"deal\" is "
                              "left out for --deck; \"solution\" is given only when solved, in "
                              "the notation of `patience-cli replay`. \"unsolvable\" means the "
                              "whole space was searched. With --difficulty each line also has "
                              "\"difficulty\":\"easy|medium|hard|unwinnable|unknown\" after "
                              "\"result\".",
                              entries, &argc, &argv, &error))
    {
      status = pat_cli_fail ("%s", error->message);
      goto out;
    }

  job = g_new0 (Job, 1);
  g_mutex_init (&job->lock);
  g_cond_init (&job->cond);
  if (!setup_job (&o, job, &error))
    {
      status = pat_cli_fail ("%s", error->message);
      goto out;
    }

  run (job, (guint) MIN ((guint64) o.threads, job->count), &totals);
  if (o.summary)
    print_summary (job, &totals);

out:
  if (job != NULL)
    {
      g_mutex_clear (&job->lock);
      g_cond_clear (&job->cond);
      g_free (job);
    }
  solve_options_clear (&o);
  return status;
}
