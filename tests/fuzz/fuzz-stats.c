/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: the statistics (the GSettings key "statistics", a{sv}) as PatStats reads them. */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <unistd.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "fuzz-common.h"
#include "pat-stats.h"

static GSettings *settings;
static PatStats *stats;
static GFile *csv_file;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;

  fuzz_init_glib ();

  /* The schema compiled in the build tree, and settings kept in memory only. */
  source = g_settings_schema_source_new_from_directory (FUZZ_SCHEMA_DIR, NULL, TRUE, &error);
  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, APP_ID, FALSE);
  g_assert_nonnull (schema);
  backend = g_memory_settings_backend_new ();
  settings = g_settings_new_full (schema, backend, NULL);
  stats = pat_stats_new (settings);

  /* The CSV export is written at every input: in memory where there is a /dev/shm, as
   * g_file_replace_contents() syncs the file to disk. */
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

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static const char *const played[] = { "black-hole", "demon" };
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GVariant) value = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) ids = NULL;
  PatResult result = { 0 };

  /* dconf hands over values in normal form; anything else is made so first. */
  value = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE));
  if (!g_variant_is_normal_form (value))
    {
      GVariant *normal = g_variant_get_normal_form (value);

      g_variant_unref (value);
      value = g_variant_ref_sink (normal);
    }
  g_assert_true (g_settings_set_value (settings, "statistics", value));

  /* What the statistics dialog reads… */
  ids = pat_stats_dup_game_ids (stats);
  for (guint i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GArray) history = NULL;
      PatRecord record;

      pat_stats_get_record (stats, ids[i], &record);
      history = pat_stats_get_history (stats, ids[i]);
      g_assert_cmpuint (history->len, <=, G_MAXINT);
    }
  pat_stats_export_csv (stats, csv_file, &error);
  g_assert_no_error (error);

  /* …and a result recorded on top of what is there. */
  result.date = 1700000000;
  g_strlcpy (result.deal, "12345", sizeof result.deal);
  result.won = size > 0 && (data[0] & 1);
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
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return 0;
}
