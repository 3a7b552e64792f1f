/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB: patience-cli solve. */

#include "config.h"

#include <stdio.h>

#include "pat-cli.h"

int
pat_cli_solve (int    argc,
               char **argv)
{
  fprintf (stderr, "error: solve is not written yet\n");
  return PAT_CLI_EXIT_BAD_INPUT;
}
