/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The CPU time the analyser spends on one move, driven as the window drives it; built against
 * any revision by tools/bench-analyzer-cpu.sh, so it uses only API every revision has. */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gstdio.h>

#include "pat-session.h"

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* Removes the store's folder and the saves in it. */
static void
remove_dir (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = g_build_filename (path, name, NULL);

      g_remove (file);
    }
  g_rmdir (path);
}

/* Sets a boolean property of @object where its revision has it (watched, power-saver). */
static gboolean
set_if_there (gpointer    object,
              const char *name,
              gboolean    value)
{
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (object), name) == NULL)
    return FALSE;
  g_object_set (object, name, value, NULL);
  return TRUE;
}

/* analyzer-cpu hidden|shown [power-saver] [SECONDS]: deals Demon 7492, turns the stock once,
 * and runs the main loop for SECONDS (20: both looks of the analyser end in that time); prints
 * the process's CPU seconds (user + system) from just before the move. */
int
main (int   argc,
      char *argv[])
{
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr(GSettings) settings = g_settings_new_with_backend (APP_ID, backend);
  g_autofree char *dir = g_dir_make_tmp ("analyzer-cpu-XXXXXX", NULL);
  g_autoptr(PatStore) store = NULL;
  g_autoptr(PatStats) stats = NULL;
  g_autoptr(PatSession) session = NULL;
  PatDealNumber deal = pat_deal_number_from_uint (7492);
  PatMove stock = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  gboolean shown = argc > 1 && g_str_equal (argv[1], "shown");
  gboolean saver = argc > 2 && g_str_equal (argv[2], "power-saver");
  double seconds = argc > 3 ? g_ascii_strtod (argv[3], NULL) : 20;
  gboolean has_watched, has_saver;
  PatAnalyzer *analyzer;
  gint64 end;
  double before;

  store = pat_store_new (dir);
  stats = pat_stats_new (settings, store);
  session = pat_session_new (store, stats);
  analyzer = pat_session_get_analyzer (session);
  /* The window says whether the verdict shows; a revision without the property always searched. */
  has_watched = set_if_there (analyzer, "watched", shown);
  has_saver = set_if_there (analyzer, "power-saver", saver);

  pat_session_start_deal (session, "demon", &deal);
  before = cpu_seconds ();
  if (!pat_game_apply (pat_session_get_game (session), &stock, NULL))
    return EXIT_FAILURE;
  end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);
  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (10000);

  printf ("{\"verdict\": \"%s\", \"power_saver\": %s, \"cpu_seconds\": %.2f, "
          "\"has_watched\": %s, \"has_power_saver\": %s, \"final_verdict\": %d}\n",
          shown ? "shown" : "hidden", saver ? "true" : "false", cpu_seconds () - before,
          has_watched ? "true" : "false", has_saver ? "true" : "false",
          pat_analyzer_get_verdict (analyzer));
  pat_session_close (session);
  g_clear_object (&session);
  g_clear_object (&stats);
  g_clear_object (&store);
  remove_dir (dir);
  return EXIT_SUCCESS;
}
