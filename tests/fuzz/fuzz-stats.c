/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: the statistics as PatStats reads them. The first byte says what the rest is: 'h' the
 * history file (history.gvariant in the store's folder), anything else the GSettings key
 * "statistics" (a{sv}) of earlier versions, which PatStats moves to the counters and the
 * history. */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <unistd.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "fuzz-common.h"
#include "pat-stats.h"

static GSettingsBackend *backend;
static GSettings *settings;
static char *dir;
static GFile *csv_file;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_autoptr(GError) error = NULL;

  /* The schemas compiled in the build tree (PatStats finds the Stats schema there too), and
   * settings kept in memory only. */
  g_setenv ("GSETTINGS_SCHEMA_DIR", FUZZ_SCHEMA_DIR, TRUE);
  fuzz_init_glib ();
  backend = g_memory_settings_backend_new ();
  settings = g_settings_new_with_backend (APP_ID, backend);

  /* Files are written at every input: in memory where there is a /dev/shm, as the store and
   * g_file_replace_contents() sync them to disk. */
  if (g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR) && g_access ("/dev/shm", W_OK) == 0)
    {
      dir = g_build_filename ("/dev/shm", "patience-fuzz-stats-XXXXXX", NULL);
      g_assert_nonnull (g_mkdtemp (dir));
    }
  else
    {
      dir = g_dir_make_tmp ("patience-fuzz-stats-XXXXXX", &error);
      g_assert_no_error (error);
    }
  csv_file = g_file_new_build_filename (dir, "statistics.csv", NULL);
  return 0;
}

static void
empty_dir (void)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const char *const played[] = { "black-hole", "demon" };
  g_autoptr(PatStore) store = NULL;
  g_autoptr(PatStats) stats = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) ids = NULL;
  PatResult result = { 0 };

  if (size == 0)
    return 0;
  empty_dir ();
  if (data[0] == 'h')
    {
      g_autofree char *path = g_build_filename (dir, "history.gvariant", NULL);

      g_assert_true (g_file_set_contents (path, (const char *) data + 1, (gssize) size - 1, NULL));
    }
  else
    {
      g_autoptr(GBytes) bytes = g_bytes_new (data + 1, size - 1);
      g_autoptr(GVariant) value = NULL;

      /* dconf hands over values in normal form; anything else is made so first. */
      value = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE));
      if (!g_variant_is_normal_form (value))
        {
          GVariant *normal = g_variant_get_normal_form (value);

          g_variant_unref (value);
          value = g_variant_ref_sink (normal);
        }
      g_assert_true (g_settings_set_value (settings, "statistics", value));
    }
  store = pat_store_new (dir);
  stats = pat_stats_new (settings, store);

  /* What the statistics dialog reads… */
  ids = pat_stats_dup_game_ids (stats);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GArray) history = NULL;
      PatRecord record;

      pat_stats_get_record (stats, ids[i], &record);
      g_assert_cmpuint (record.won + record.lost + record.assisted, ==, record.played);
      history = pat_stats_get_history (stats, ids[i]);
      g_assert_cmpuint (history->len, <=, PAT_STATS_HISTORY_MAX);
    }
  pat_stats_export_csv (stats, csv_file, &error);
  g_assert_no_error (error);

  /* …and a result recorded on top of what is there. */
  result.date = 1700000000;
  g_strlcpy (result.deal, "12345", sizeof result.deal);
  result.won = size > 1 && (data[1] & 1);
  result.time = 100;
  result.moves = 40;
  result.score = 10;
  for (guint i = 0; i < G_N_ELEMENTS (played); i++)
    {
      g_autoptr(GArray) history = NULL;
      PatRecord record;

      pat_stats_record (stats, played[i], &result);
      g_assert_true (pat_stats_get_record (stats, played[i], &record));
      history = pat_stats_get_history (stats, played[i]);
      g_assert_cmpuint (history->len, >=, 1);
      g_assert_cmpuint (history->len, <=, PAT_STATS_HISTORY_MAX);
    }

  /* Each input starts from nothing, as leak detection expects. GSettings tells of changes from
   * idle callbacks: run them, or they pile up. */
  pat_stats_reset (stats, NULL);
  pat_store_flush (store);
  g_settings_reset (settings, "statistics");
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return 0;
}
