/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The commands of patience-cli that live in files of their own. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PAT_CLI_EXIT_BAD_INPUT 2

/* patience-cli solve …: returns the exit status. */
int pat_cli_solve (int    argc,
                   char **argv);

G_END_DECLS
