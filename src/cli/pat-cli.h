/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The commands of patience-cli that live in files of their own. */
#pragma once

#include <glib.h>
#include <time.h>

#include "pat-difficulty.h"
#include "pat-rules.h"

G_BEGIN_DECLS

#define PAT_CLI_EXIT_BAD_INPUT 2
/* How much of an argument an error line quotes, in characters. */
#define PAT_CLI_QUOTE_MAX 60
/* The GOption type of every text option: GOption hands its bytes over as given, and
 * pat_cli_parse_options() checks that they are UTF-8, naming the option when not (GOption's own
 * conversion error names none). G_OPTION_ARG_STRING is not used. */
#define PAT_CLI_ARG_TEXT G_OPTION_ARG_FILENAME

/* Prints one line "error: …" on stderr, escaped and at most a few hundred characters long;
 * returns PAT_CLI_EXIT_BAD_INPUT. */
int           pat_cli_fail          (const char     *format,
                                     ...) G_GNUC_PRINTF (1, 2);
/* An argument made fit to quote in an error: one line, escaped, at most PAT_CLI_QUOTE_MAX
 * characters (cut with "…"). */
char         *pat_cli_quote         (const char     *text);
/* The registered games' ids, comma-separated (with a solver only when @with_solver), and the
 * help line of --game that lists them; both interned. */
const char   *pat_cli_game_ids      (gboolean        with_solver);
const char   *pat_cli_game_help     (gboolean        with_solver);
/* The ids of the games with difficulty levels, comma-separated; interned. */
const char   *pat_cli_level_game_ids (void);
/* Parses the options of `patience-cli COMMAND` (@argv[0] is COMMAND): an argument left over,
 * or a text option that is not UTF-8, is an error. */
gboolean      pat_cli_parse_options (const char     *command,
                                     const char     *summary,
                                     const char     *description,
                                     GOptionEntry   *entries,
                                     int            *argc,
                                     char         ***argv,
                                     GError        **error);
PatDealNumber pat_cli_deal_add      (PatDealNumber   n,
                                     guint64         k);
/* --die off|game|pass, for a game with a Die of Justice only; none means off. */
gboolean      pat_cli_parse_die     (const PatRules *rules,
                                     const char     *text,
                                     PatOptions     *options,
                                     GError        **error);
gboolean      pat_cli_parse_range   (const char     *text,
                                     PatDealNumber  *first,
                                     guint64        *count,
                                     GError        **error);
/* @text, the value of @option, as a finite number of seconds: from 0 when @zero_ok, above 0
 * otherwise, and at most @max. */
gboolean      pat_cli_parse_seconds (const char     *option,
                                     const char     *text,
                                     gboolean        zero_ok,
                                     double          max,
                                     double         *seconds,
                                     GError        **error);

/* @clock's CPU time in seconds (CLOCK_PROCESS_CPUTIME_ID: the process's, all its threads;
 * CLOCK_THREAD_CPUTIME_ID: the calling thread's); 0 where it cannot be read. */
double        pat_cli_cpu_seconds   (clockid_t       clock);

/* The first deal at or after @from that pat_difficulty_pick() takes for @wanted (EASY, MEDIUM
 * or HARD), as the app picks deals. */
gboolean pat_cli_find_deal (const PatRules    *rules,
                            const PatOptions  *options,
                            PatDifficulty      wanted,
                            PatDealNumber      from,
                            PatDealNumber     *found,
                            GError           **error);

/* patience-cli bench-difficulty …: returns the exit status. */
int pat_cli_bench_difficulty (int    argc,
                              char **argv);

/* patience-cli solve …: returns the exit status. */
int pat_cli_solve (int    argc,
                   char **argv);

/* patience-cli match-host …, match-join … and match-list …: return the exit status. */
int pat_cli_match_host (int    argc,
                        char **argv);
int pat_cli_match_join (int    argc,
                        char **argv);
int pat_cli_match_list (int    argc,
                        char **argv);

G_END_DECLS
