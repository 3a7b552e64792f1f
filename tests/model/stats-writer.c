/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For test-stats: records results of Penguin as fast as it can, the counters in a keyfile,
 * printing each result's number once pat_stats_record() has returned, until it is killed. */

#include "config.h"

#include <stdio.h>

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "pat-stats.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(PatStore) store = NULL;
  g_autoptr(PatStats) stats = NULL;
  guint i;

  if (argc != 3)
    {
      fprintf (stderr, "usage: stats-writer DIRECTORY KEYFILE\n");
      return 2;
    }
  backend = g_keyfile_settings_backend_new (argv[2], "/", NULL);
  settings = g_settings_new_with_backend (APP_ID, backend);
  store = pat_store_new (argv[1]);
  stats = pat_stats_new (settings, store);

  setvbuf (stdout, NULL, _IONBF, 0);
  for (i = 0; i < 400; i++)
    {
      PatResult result = { 0 };

      result.date = 1700000000 + i;
      g_snprintf (result.deal, sizeof result.deal, "%u", i + 1);
      result.won = i % 3 == 0;
      result.time = 60 + i;
      result.moves = 40 + i;
      pat_stats_record (stats, "penguin", &result);
      printf ("%u\n", i + 1);
    }
  printf ("end\n");
  return 0;
}
