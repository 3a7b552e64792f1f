/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the commands of patience-cli share: error lines, deal ranges, the Die of Justice option. */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "pat-cli.h"
#include "pat-error.h"

int
pat_cli_fail (const char *format,
              ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "error: %s\n", message);
  return PAT_CLI_EXIT_BAD_INPUT;
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

/* --die off|game|pass; no option means off. */
gboolean
pat_cli_parse_die (const char  *text,
                   PatOptions  *options,
                   GError     **error)
{
  options->die_mode = PAT_DIE_OFF;
  if (text == NULL || strcmp (text, "off") == 0)
    return TRUE;
  if (strcmp (text, "game") == 0)
    options->die_mode = PAT_DIE_PER_GAME;
  else if (strcmp (text, "pass") == 0)
    options->die_mode = PAT_DIE_PER_PASS;
  else
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE, "--die takes off, game or pass, not '%s'", text);
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
  if (last.hi < first->hi || (last.hi == first->hi && last.lo < first->lo))
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DEAL_NUMBER, "the range %s is empty", text);
      return FALSE;
    }
  if (last.hi - first->hi > 1 || (last.hi != first->hi && last.lo >= first->lo) ||
      last.lo - first->lo + 1 == 0)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DEAL_NUMBER, "the range %s is too long", text);
      return FALSE;
    }
  *count = last.lo - first->lo + 1;
  return TRUE;
}
