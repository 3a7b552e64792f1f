/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the commands of patience-cli share: error lines, options, the games' ids, deal ranges,
 * the Die of Justice, seconds. */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pat-cli.h"
#include "pat-error.h"
#include "pat-solver.h"

/* The longest error line, after "error: ", in characters. It leaves room for a quoted argument
 * and the list of games; only messages that echo input whole (GOption's) come near it. */
#define MESSAGE_MAX 300

/* Appends @text on one line: line breaks, tabs and other control characters as C escapes,
 * invalid UTF-8 as \xHH, backslashes doubled when @escape_backslash; cut with "…" once the
 * escaped text would pass @max_chars characters. */
static void
append_escaped (GString    *out,
                const char *text,
                gsize       max_chars,
                gboolean    escape_backslash)
{
  const char *end = text + strlen (text);
  const char *p = text;
  gsize n_chars = 0;

  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);
      char piece[16];
      gsize piece_len, piece_chars;
      const char *next;

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_snprintf (piece, sizeof piece, "\\x%02x", (guint) (guchar) *p);
          next = p + 1;
        }
      else
        {
          next = g_utf8_next_char (p);
          if (c == '\n')
            strcpy (piece, "\\n");
          else if (c == '\r')
            strcpy (piece, "\\r");
          else if (c == '\t')
            strcpy (piece, "\\t");
          else if (c == '\\' && escape_backslash)
            strcpy (piece, "\\\\");
          else if (g_unichar_iscntrl (c) || c == 0x2028 || c == 0x2029)
            g_snprintf (piece, sizeof piece, c < 0x100 ? "\\x%02x" : "\\u%04x", c);
          else
            {
              memcpy (piece, p, next - p);
              piece[next - p] = '\0';
            }
        }
      piece_len = strlen (piece);
      piece_chars = g_utf8_strlen (piece, piece_len);
      if (n_chars + piece_chars > max_chars)
        {
          g_string_append (out, "…");
          return;
        }
      g_string_append_len (out, piece, piece_len);
      n_chars += piece_chars;
      p = next;
    }
}

/**
 * pat_cli_quote:
 * @text: an argument as the user gave it
 *
 * Returns: (transfer full): @text fit to quote in an error line: one line, escaped, and cut to
 *   PAT_CLI_QUOTE_MAX characters with "…"
 */
char *
pat_cli_quote (const char *text)
{
  GString *out = g_string_new (NULL);

  append_escaped (out, text, PAT_CLI_QUOTE_MAX, TRUE);
  return g_string_free (out, FALSE);
}

/* Error messages quote arguments through pat_cli_quote(); the line as a whole is escaped and
 * cut again, since messages of GOption and of the engine may echo input too. */
int
pat_cli_fail (const char *format,
              ...)
{
  g_autofree char *message = NULL;
  g_autoptr(GString) line = g_string_new ("error: ");
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  append_escaped (line, message, MESSAGE_MAX, FALSE);
  g_string_append_c (line, '\n');
  fputs (line->str, stderr);
  return PAT_CLI_EXIT_BAD_INPUT;
}

/**
 * pat_cli_game_ids:
 * @with_solver: whether to list only the games with a solver
 *
 * Returns: (transfer none): the ids of the registered games in the registry's order, separated by
 *   commas; interned, so it outlives the option entries that show it
 */
const char *
pat_cli_game_ids (gboolean with_solver)
{
  g_autoptr(GString) ids = g_string_new (NULL);
  const PatRules *const *all;
  guint n, i;

  all = pat_rules_all (&n);
  for (i = 0; i < n; i++)
    if (!with_solver || pat_solver_supports (all[i]))
      g_string_append_printf (ids, "%s%s", ids->len > 0 ? ", " : "", all[i]->id);
  return g_intern_string (ids->str);
}

const char *
pat_cli_level_game_ids (void)
{
  g_autoptr(GString) ids = g_string_new (NULL);
  const PatRules *const *all;
  guint n, i;

  all = pat_rules_all (&n);
  for (i = 0; i < n; i++)
    if (pat_solver_supports (all[i]) && pat_difficulty_has_levels (all[i]))
      g_string_append_printf (ids, "%s%s", ids->len > 0 ? ", " : "", all[i]->id);
  return g_intern_string (ids->str);
}

/**
 * pat_cli_game_help:
 * @with_solver: whether to list only the games with a solver
 *
 * Returns: (transfer none): the help line of --game, with the ids of pat_cli_game_ids(); interned
 */
const char *
pat_cli_game_help (gboolean with_solver)
{
  g_autofree char *help = g_strdup_printf ("The game id (%s)", pat_cli_game_ids (with_solver));

  return g_intern_string (help);
}

/* Refuses the first text option of @entries whose value is not UTF-8, naming it. */
static gboolean
check_text_options (const GOptionEntry  *entries,
                    GError             **error)
{
  const GOptionEntry *entry;

  for (entry = entries; entry->long_name != NULL; entry++)
    {
      const char *value;

      if (entry->arg != PAT_CLI_ARG_TEXT)
        continue;
      value = *(char **) entry->arg_data;
      if (value != NULL && !g_utf8_validate (value, -1, NULL))
        {
          g_autofree char *quoted = pat_cli_quote (value);

          g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE, "--%s takes UTF-8 text, not '%s'",
                       entry->long_name, quoted);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * pat_cli_parse_options:
 * @command: the command's name
 * @summary: what it does, after its name in the first line of its --help
 * @description: the text at the end of its --help
 * @entries: its options, text options of type PAT_CLI_ARG_TEXT
 * @argc: (inout): the number of arguments, the command's name first
 * @argv: (inout): the arguments
 * @error: where to put an error
 *
 * Parses a command's options; `--help` prints the command's help and exits.
 *
 * Returns: %TRUE when every argument was an option of @entries with a fit value
 */
gboolean
pat_cli_parse_options (const char     *command,
                       const char     *summary,
                       const char     *description,
                       GOptionEntry   *entries,
                       int            *argc,
                       char         ***argv,
                       GError        **error)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *parameter = g_strdup_printf ("%s — %s", command, summary);
  const GOptionEntry *entry;

  /* GOption converts a string option from the locale's encoding and fails without naming it. */
  for (entry = entries; entry->long_name != NULL; entry++)
    g_assert (entry->arg != G_OPTION_ARG_STRING);

  context = g_option_context_new (parameter);
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, error))
    {
      /* GOption's messages start with a capital ("Unknown option"); ours do not. */
      char *message = error != NULL && *error != NULL ? (*error)->message : NULL;

      if (message != NULL && g_ascii_isupper (message[0]) && g_ascii_islower (message[1]))
        message[0] = g_ascii_tolower (message[0]);
      return FALSE;
    }
  if (!check_text_options (entries, error))
    return FALSE;
  if (*argc > 1)
    {
      g_autofree char *quoted = pat_cli_quote ((*argv)[1]);

      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE, "unexpected argument '%s'", quoted);
      return FALSE;
    }
  return TRUE;
}

/* @n + @k, carrying into the high half. */
PatDealNumber
pat_cli_deal_add (PatDealNumber n,
                  guint64       k)
{
  PatDealNumber r = { n.lo + k, n.hi };

  if (r.lo < n.lo)
    r.hi++;
  return r;
}

/* The ids of the games with a Die of Justice, comma-separated; interned. */
static const char *
die_game_ids (void)
{
  g_autoptr(GString) ids = g_string_new (NULL);
  const PatRules *const *all;
  guint n, i;

  all = pat_rules_all (&n);
  for (i = 0; i < n; i++)
    if (pat_rules_has_flag (all[i], PAT_RULES_DIE))
      g_string_append_printf (ids, "%s%s", ids->len > 0 ? ", " : "", all[i]->id);
  return g_intern_string (ids->str);
}

/* --die off|game|pass; no option means off. A game without the die refuses the option, even
 * "off", rather than ignore it. */
gboolean
pat_cli_parse_die (const PatRules  *rules,
                   const char      *text,
                   PatOptions      *options,
                   GError         **error)
{
  options->die_mode = PAT_DIE_OFF;
  if (text == NULL)
    return TRUE;
  if (!pat_rules_has_flag (rules, PAT_RULES_DIE))
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE,
                   "--die: %s has no Die of Justice (games with one: %s)", rules->id,
                   die_game_ids ());
      return FALSE;
    }
  if (strcmp (text, "off") == 0)
    return TRUE;
  if (strcmp (text, "game") == 0)
    options->die_mode = PAT_DIE_PER_GAME;
  else if (strcmp (text, "pass") == 0)
    options->die_mode = PAT_DIE_PER_PASS;
  else
    {
      g_autofree char *quoted = pat_cli_quote (text);

      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE,
                   "--die takes off, game or pass, not '%s'", quoted);
      return FALSE;
    }
  return TRUE;
}

/* "A..B" or a single deal "A": the first deal and how many (at most 2^64 − 1). */
gboolean
pat_cli_parse_range (const char     *text,
                     PatDealNumber  *first,
                     guint64        *count,
                     GError        **error)
{
  g_auto(GStrv) parts = NULL;
  g_autofree char *quoted = NULL;
  PatDealNumber last;

  if (text == NULL)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DEAL_NUMBER, "--deals A..B is required");
      return FALSE;
    }
  parts = g_strsplit (text, "..", 2);
  if (!pat_deal_number_parse (parts[0], first, error) ||
      !pat_deal_number_parse (parts[1] != NULL ? parts[1] : parts[0], &last, error))
    return FALSE;
  quoted = pat_cli_quote (text);
  if (last.hi < first->hi || (last.hi == first->hi && last.lo < first->lo))
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DEAL_NUMBER, "the range %s is empty", quoted);
      return FALSE;
    }
  if (last.hi - first->hi > 1 || (last.hi != first->hi && last.lo >= first->lo) ||
      last.lo - first->lo + 1 == 0)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DEAL_NUMBER, "the range %s is too long", quoted);
      return FALSE;
    }
  *count = last.lo - first->lo + 1;
  return TRUE;
}

/* Every option that takes seconds reads them here, so that all refuse the same values with the
 * same words: text that is not a number, NaN and the infinities (which a comparison with the
 * bounds would let through or misname), and numbers out of range, naming the bound passed. */
gboolean
pat_cli_parse_seconds (const char  *option,
                       const char  *text,
                       gboolean     zero_ok,
                       double       max,
                       double      *seconds,
                       GError     **error)
{
  g_autofree char *quoted = pat_cli_quote (text);
  const char *problem = NULL;
  g_autofree char *bound = NULL;
  char *end;
  double value;

  errno = 0;
  value = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0')
    problem = "a number";
  /* A number too large for a double reads as an infinity with ERANGE: it is out of the bounds
   * below, not "inf". */
  else if (!isfinite (value) && errno != ERANGE)
    problem = "a finite number";

  if (problem == NULL && value > max)
    problem = bound = g_strdup_printf ("at most %.0f", max);
  else if (problem == NULL && (zero_ok ? value < 0 : value <= 0))
    problem = zero_ok ? "0 or more" : "more than 0";
  if (problem != NULL)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE, "%s takes seconds, %s, not '%s'", option,
                   problem, quoted);
      return FALSE;
    }
  *seconds = value;
  return TRUE;
}
