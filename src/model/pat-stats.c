/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatStats: per-game statistics in GSettings, and recent results in a file of PatStore's. */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pat-model-private.h"
#include "pat-stats.h"

/* The key where earlier versions kept everything (see the schema), read once and reset. A
 * history row there: date, deal, won, seconds, moves, score, hints used, assisted; the first
 * versions wrote rows without "assisted", which load as not assisted. */
#define OLD_KEY "statistics"
#define OLD_HISTORY_TYPE_1 "a(xsbuuiu)"
#define ROW_TYPE "(xsbuuiub)"
#define HISTORY_TYPE "a" ROW_TYPE

/* The history file (history.gvariant in the store): every game id's recent results, oldest
 * first, in the store's versioned envelope. Format 2 adds, for each game, how many games its
 * counters had played when its newest row was written ("stamps"), so that counters which a
 * crash kept from being written can be brought up to date from the rows (repair()). */
#define HISTORY_MAGIC "io.github.patience.Patience.History"
#define HISTORY_VERSION 2
#define HISTORY_PAYLOAD_TYPE_1 "a{s" HISTORY_TYPE "}"
#define HISTORY_PAYLOAD_TYPE "(" HISTORY_PAYLOAD_TYPE_1 "a{su})"

struct _PatStats
{
  GObject          parent_instance;

  GSettings       *settings;        /* the app's: the backend and path the counters follow */
  PatStore        *store;
  GSettingsSchema *schema;          /* io.github.patience.Patience[.Devel].Stats */
  GHashTable      *game_settings;   /* game id → GSettings of the schema above */
  GHashTable      *histories;       /* game id → GArray of PatResult; NULL until read */
  GHashTable      *stamps;          /* game id → played when its newest row was kept (a uint) */
  gboolean         history_blocked; /* history.gvariant is there, unreadable: rows go to
                                       history-unsaved.gvariant */
  gboolean         unsaved_exists;  /* history-unsaved.gvariant may be there */

  /* The newest result recorded by this object, so that it can be taken back
   * (pat_stats_take_back()): its game, the counters and stamp before it, its row, and the
   * oldest row the history dropped to make room for it. */
  char            *last_game_id;    /* NULL when there is none to take back */
  PatRecord        last_before;
  gpointer         last_stamp;      /* the stamp before, as stored; NULL for none */
  PatResult        last_row;
  gboolean         last_dropped;
  PatResult        last_oldest;
};

/* What a history file holds. */
typedef struct {
  GHashTable *rows;     /* game id → GArray of PatResult */
  GHashTable *stamps;   /* game id → GUINT_TO_POINTER (played) */
} History;

static void
history_free (History *history)
{
  g_clear_pointer (&history->rows, g_hash_table_unref);
  g_clear_pointer (&history->stamps, g_hash_table_unref);
  g_free (history);
}

static History *
history_new (void)
{
  History *history = g_new0 (History, 1);

  history->rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) g_array_unref);
  history->stamps = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return history;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (History, history_free)

G_DEFINE_FINAL_TYPE (PatStats, pat_stats, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_STORE,
  N_PROPS,
};

enum {
  CHANGED,
  N_SIGNALS,
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void migrate             (PatStats *self,
                                 GVariant *old);
static void report_inconsistent (PatStats *self);
static GHashTable *histories    (PatStats *self);

/* The settings' schema id + ".Stats", from the same source; migration of earlier versions' key. */
static void
pat_stats_constructed (GObject *object)
{
  PatStats *self = PAT_STATS (object);
  g_autoptr(GSettingsSchema) app_schema = NULL;
  g_autoptr(GVariant) old = NULL;
  g_autofree char *schema_id = NULL;

  G_OBJECT_CLASS (pat_stats_parent_class)->constructed (object);

  g_object_get (self->settings, "settings-schema", &app_schema, NULL);
  schema_id = g_strconcat (g_settings_schema_get_id (app_schema), ".Stats", NULL);
  self->schema = g_settings_schema_source_lookup (g_settings_schema_source_get_default (),
                                                  schema_id, TRUE);
  if (self->schema == NULL)
    g_error ("The settings schema %s is not installed", schema_id);

  old = g_settings_get_user_value (self->settings, OLD_KEY);
  if (old != NULL && g_variant_n_children (old) > 0 && !pat_store_get_read_only (self->store))
    migrate (self, old);
  /* Counters a crash left behind their rows are brought up to date before anyone reads them. */
  histories (self);
  report_inconsistent (self);
}

static void
pat_stats_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  PatStats *self = PAT_STATS (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_stats_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  PatStats *self = PAT_STATS (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_stats_dispose (GObject *object)
{
  PatStats *self = PAT_STATS (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->store);
  g_clear_pointer (&self->schema, g_settings_schema_unref);
  g_clear_pointer (&self->game_settings, g_hash_table_unref);
  g_clear_pointer (&self->last_game_id, g_free);
  g_clear_pointer (&self->histories, g_hash_table_unref);
  g_clear_pointer (&self->stamps, g_hash_table_unref);

  G_OBJECT_CLASS (pat_stats_parent_class)->dispose (object);
}

static void
pat_stats_class_init (PatStatsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = pat_stats_constructed;
  object_class->get_property = pat_stats_get_property;
  object_class->set_property = pat_stats_set_property;
  object_class->dispose = pat_stats_dispose;

  /* Settings of the app's schema (io.github.patience.Patience or its development profile's):
   * each game's counters use that schema's id + ".Stats", at its path + "stats/GAME-ID/", in the
   * same backend. */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* Where the history file is kept. */
  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, PAT_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
pat_stats_init (PatStats *self)
{
  self->game_settings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
}

/* A game id is a path element of the settings and a key of the history. */
static gboolean
is_game_id (const char *game_id)
{
  const char *p;

  if (game_id == NULL || game_id[0] == '\0' || strlen (game_id) > 64)
    return FALSE;
  for (p = game_id; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
      return FALSE;
  return TRUE;
}

/* The game's counters: the Stats schema at the app's path + stats/GAME-ID/, same backend. */
static GSettings *
game_settings (PatStats   *self,
               const char *game_id)
{
  GSettings *settings = g_hash_table_lookup (self->game_settings, game_id);
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autofree char *app_path = NULL;
  g_autofree char *path = NULL;

  if (settings != NULL)
    return settings;
  g_object_get (self->settings, "backend", &backend, "path", &app_path, NULL);
  path = g_strconcat (app_path, "stats/", game_id, "/", NULL);
  settings = g_settings_new_full (self->schema, backend, path);
  g_hash_table_insert (self->game_settings, g_strdup (game_id), settings);
  return settings;
}

/* Arithmetic that stops at the limits instead of wrapping round. */
static guint
add_saturated (guint a,
               guint b)
{
  return a > G_MAXUINT - b ? G_MAXUINT : a + b;
}

static gint64
add_saturated_64 (gint64 a,
                  gint64 b)
{
  if (b > 0 && a > G_MAXINT64 - b)
    return G_MAXINT64;
  if (b < 0 && a < G_MININT64 - b)
    return G_MININT64;
  return a + b;
}

static gboolean
records_equal (const PatRecord *a,
               const PatRecord *b)
{
  return a->played == b->played && a->won == b->won && a->lost == b->lost &&
         a->assisted == b->assisted && a->streak == b->streak &&
         a->best_win_streak == b->best_win_streak && a->worst_loss_streak == b->worst_loss_streak &&
         a->has_best_time == b->has_best_time && a->best_time == b->best_time &&
         a->fewest_moves == b->fewest_moves && a->has_best_score == b->has_best_score &&
         a->best_score == b->best_score && a->total_score == b->total_score &&
         a->hints_used == b->hints_used;
}

/* Makes a stored record one that the rules (pat-stats.h) can produce, keeping all it can: the
 * counts of wins, losses and assisted games stand (cut only so that their sum fits a guint),
 * played is their sum; a streak is no longer than the wins or losses it counts, the best and
 * worst runs are at least the current one and at most those counts; there is no best time
 * without a win, and no best score or score total without a game played without the Demo.
 * Returns whether anything had to change. */
static gboolean
make_consistent (PatRecord *record)
{
  PatRecord stored = *record;
  int most_wins, most_losses;

  record->lost = MIN (record->lost, G_MAXUINT - record->won);
  record->assisted = MIN (record->assisted, G_MAXUINT - record->won - record->lost);
  record->played = record->won + record->lost + record->assisted;

  most_wins = (int) MIN (record->won, (guint) G_MAXINT);
  most_losses = (int) MIN (record->lost, (guint) G_MAXINT);
  record->streak = CLAMP (record->streak, -most_losses, most_wins);
  record->best_win_streak = CLAMP (record->best_win_streak, (guint) MAX (record->streak, 0),
                                   record->won);
  record->worst_loss_streak = CLAMP (record->worst_loss_streak, (guint) MAX (-record->streak, 0),
                                     record->lost);

  if (record->won == 0)
    {
      record->has_best_time = FALSE;
      record->best_time = record->fewest_moves = 0;
    }
  if (record->won == 0 && record->lost == 0)
    {
      record->has_best_score = FALSE;
      record->total_score = 0;
    }
  if (!record->has_best_score)
    record->best_score = 0;

  return !records_equal (record, &stored);
}

/* A key of type "mu" or "mi": whether it holds a value, and the value. */
static gboolean
get_maybe (GSettings  *settings,
           const char *key,
           const char *format,
           gpointer    value)
{
  g_autoptr(GVariant) maybe = g_settings_get_value (settings, key);
  g_autoptr(GVariant) child = g_variant_get_maybe (maybe);

  if (child == NULL)
    return FALSE;
  g_variant_get (child, format, value);
  return TRUE;
}

static GVariant *
new_maybe_uint (gboolean has,
                guint    value)
{
  return g_variant_new_maybe (G_VARIANT_TYPE_UINT32, has ? g_variant_new_uint32 (value) : NULL);
}

/* Reads @game_id's counters; what the rules cannot produce is made consistent
 * (make_consistent()). Returns whether it had to be. */
static gboolean
read_record (PatStats   *self,
             const char *game_id,
             PatRecord  *record)
{
  GSettings *settings = game_settings (self, game_id);

  memset (record, 0, sizeof *record);
  record->played = g_settings_get_uint (settings, "played");
  record->won = g_settings_get_uint (settings, "won");
  record->lost = g_settings_get_uint (settings, "lost");
  record->assisted = g_settings_get_uint (settings, "assisted");
  record->streak = g_settings_get_int (settings, "streak");
  record->best_win_streak = g_settings_get_uint (settings, "best-win-streak");
  record->worst_loss_streak = g_settings_get_uint (settings, "worst-loss-streak");
  record->has_best_time = get_maybe (settings, "best-time", "u", &record->best_time) &&
                          get_maybe (settings, "fewest-moves", "u", &record->fewest_moves);
  if (!record->has_best_time)
    record->best_time = record->fewest_moves = 0;
  record->has_best_score = get_maybe (settings, "best-score", "i", &record->best_score);
  record->total_score = g_settings_get_int64 (settings, "total-score");
  record->hints_used = g_settings_get_uint (settings, "hints-used");
  return make_consistent (record);
}

/* Writes @game_id's counters in one change, even when someone has put settings in delay mode. */
static void
write_record (PatStats        *self,
              const char      *game_id,
              const PatRecord *record)
{
  GSettings *settings = game_settings (self, game_id);

  g_settings_delay (settings);
  g_settings_set_uint (settings, "played", record->played);
  g_settings_set_uint (settings, "won", record->won);
  g_settings_set_uint (settings, "lost", record->lost);
  g_settings_set_uint (settings, "assisted", record->assisted);
  g_settings_set_int (settings, "streak", record->streak);
  g_settings_set_uint (settings, "best-win-streak", record->best_win_streak);
  g_settings_set_uint (settings, "worst-loss-streak", record->worst_loss_streak);
  g_settings_set_value (settings, "best-time",
                        new_maybe_uint (record->has_best_time, record->best_time));
  g_settings_set_value (settings, "fewest-moves",
                        new_maybe_uint (record->has_best_time, record->fewest_moves));
  g_settings_set_value (settings, "best-score",
                        g_variant_new_maybe (G_VARIANT_TYPE_INT32, record->has_best_score
                                               ? g_variant_new_int32 (record->best_score) : NULL));
  g_settings_set_int64 (settings, "total-score", record->total_score);
  g_settings_set_uint (settings, "hints-used", record->hints_used);
  g_settings_apply (settings);
}

/* Whether any of @game_id's counters was ever written. */
static gboolean
has_counters (PatStats   *self,
              const char *game_id)
{
  GSettings *settings = game_settings (self, game_id);
  g_auto(GStrv) keys = g_settings_schema_list_keys (self->schema);
  guint i;

  for (i = 0; keys[i] != NULL; i++)
    {
      g_autoptr(GVariant) value = g_settings_get_user_value (settings, keys[i]);

      if (value != NULL)
        return TRUE;
    }
  return FALSE;
}

static void
reset_counters (PatStats   *self,
                const char *game_id)
{
  GSettings *settings = game_settings (self, game_id);
  g_auto(GStrv) keys = g_settings_schema_list_keys (self->schema);
  guint i;

  g_settings_delay (settings);
  for (i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
  g_settings_apply (settings);
}

/* The history file. */

static GArray *
new_results (void)
{
  return g_array_new (FALSE, TRUE, sizeof (PatResult));
}

/* A deal number as the history keeps it: digits only, or "" for an explicit deck. */
static gboolean
is_deal_number (const char *deal)
{
  gsize len = strlen (deal);

  return len <= PAT_DEAL_NUMBER_MAX_DIGITS && strspn (deal, "0123456789") == len;
}

/* Appends the rows of @history (of HISTORY_TYPE, or OLD_HISTORY_TYPE_1) to @results. A row
 * cannot be both won and assisted: an assisted game is never a win. Returns %FALSE at a row that
 * cannot be (a deal that is not a deal number). */
static gboolean
append_rows (GArray   *results,
             GVariant *history)
{
  gboolean old_form = g_variant_is_of_type (history, G_VARIANT_TYPE (OLD_HISTORY_TYPE_1));
  gsize n = g_variant_n_children (history), i;

  for (i = 0; i < n; i++)
    {
      PatResult result = { 0 };
      const char *deal;

      if (old_form)
        g_variant_get_child (history, i, "(x&sbuuiu)", &result.date, &deal, &result.won,
                             &result.time, &result.moves, &result.score, &result.hints_used);
      else
        g_variant_get_child (history, i, "(x&sbuuiub)", &result.date, &deal, &result.won,
                             &result.time, &result.moves, &result.score, &result.hints_used,
                             &result.assisted);
      if (!is_deal_number (deal))
        return FALSE;
      if (result.assisted)
        result.won = FALSE;
      g_strlcpy (result.deal, deal, sizeof result.deal);
      g_array_append_val (results, result);
    }
  return TRUE;
}

/* Keeps the newest PAT_STATS_HISTORY_MAX rows. */
static void
cap_results (GArray *results)
{
  if (results->len > PAT_STATS_HISTORY_MAX)
    g_array_remove_range (results, 0, results->len - PAT_STATS_HISTORY_MAX);
}

/* Bytes that a history file at the format's limits cannot reach: a row takes at most 64 bytes
 * with its framing (its deal at most 20 digits), a game's id and framing at most 100. */
static gsize
history_max_size (guint max_games)
{
  return (gsize) max_games * (PAT_STATS_HISTORY_MAX * 128 + 256) + 4096;
}

/* PatStoreParseFunc for the history files: a History. */
static gpointer
parse_history (GBytes  *bytes,
               GError **error)
{
  static const char *const payload_types[] = { HISTORY_PAYLOAD_TYPE_1, HISTORY_PAYLOAD_TYPE };
  g_autoptr(GVariant) file_payload = NULL;
  g_autoptr(GVariant) payload = NULL;
  g_autoptr(GVariant) stamps = NULL;
  g_autoptr(History) history = NULL;
  GVariantIter iter;
  const char *game_id;
  GVariant *rows;
  guint32 played;
  guint max_games;
  gsize n_games, i;

  /* A history longer than the format holds is not ours, and it is refused before anything is
   * made of a row: a crafted file of a million rows (44 MB) held the statistics for seconds
   * while its rows were read only to be dropped. Its size says so before the envelope's check
   * of the whole file; then the counts, which are in the arrays' framing (one look per game). */
  pat_rules_all (&max_games);
  max_games += PAT_STATS_HISTORY_SPARE_GAMES;
  if (g_bytes_get_size (bytes) > history_max_size (max_games))
    {
      g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT,
                   _("The statistics’ history holds more results than it keeps"));
      return NULL;
    }
  file_payload = pat_envelope_unpack (bytes, HISTORY_MAGIC, HISTORY_VERSION, payload_types,
                                      error);
  if (file_payload == NULL)
    return NULL;
  if (g_variant_is_of_type (file_payload, G_VARIANT_TYPE (HISTORY_PAYLOAD_TYPE)))
    {
      payload = g_variant_get_child_value (file_payload, 0);
      stamps = g_variant_get_child_value (file_payload, 1);
    }
  else
    payload = g_variant_ref (file_payload);
  n_games = g_variant_n_children (payload);
  if (n_games > max_games || (stamps != NULL && g_variant_n_children (stamps) > max_games))
    {
      g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT,
                   _("The statistics’ history holds more games than there are"));
      return NULL;
    }
  for (i = 0; i < n_games; i++)
    {
      g_autoptr(GVariant) entry = g_variant_get_child_value (payload, i);
      g_autoptr(GVariant) game_rows = g_variant_get_child_value (entry, 1);

      if (g_variant_n_children (game_rows) > PAT_STATS_HISTORY_MAX)
        {
          g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT,
                       _("The statistics’ history holds more results than it keeps"));
          return NULL;
        }
    }

  history = history_new ();
  g_variant_iter_init (&iter, payload);
  while (g_variant_iter_loop (&iter, "{&s@" HISTORY_TYPE "}", &game_id, &rows))
    {
      g_autoptr(GArray) results = new_results ();

      if (!is_game_id (game_id) || g_hash_table_contains (history->rows, game_id) ||
          !append_rows (results, rows))
        {
          g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT,
                       _("The statistics’ history is damaged"));
          g_variant_unref (rows);
          return NULL;
        }
      g_hash_table_insert (history->rows, g_strdup (game_id), g_steal_pointer (&results));
    }
  if (stamps != NULL)
    {
      g_variant_iter_init (&iter, stamps);
      while (g_variant_iter_next (&iter, "{&su}", &game_id, &played))
        {
          if (!is_game_id (game_id) || g_hash_table_contains (history->stamps, game_id))
            {
              g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT,
                           _("The statistics’ history is damaged"));
              return NULL;
            }
          g_hash_table_insert (history->stamps, g_strdup (game_id), GUINT_TO_POINTER (played));
        }
    }
  return g_steal_pointer (&history);
}

static void
add_row (GVariantBuilder *builder,
         const PatResult *result)
{
  g_variant_builder_add (builder, ROW_TYPE, result->date, result->deal,
                         result->won && !result->assisted, result->time, result->moves,
                         result->score, result->hints_used, result->assisted);
}

static GBytes *
history_to_bytes (PatStats *self)
{
  GVariantBuilder all;
  GVariantBuilder stamps;
  GHashTableIter iter;
  gpointer key, value;

  g_variant_builder_init (&all, G_VARIANT_TYPE (HISTORY_PAYLOAD_TYPE_1));
  g_hash_table_iter_init (&iter, self->histories);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GArray *results = value;
      guint i;

      if (results->len == 0)
        continue;
      g_variant_builder_open (&all, G_VARIANT_TYPE ("{s" HISTORY_TYPE "}"));
      g_variant_builder_add (&all, "s", key);
      g_variant_builder_open (&all, G_VARIANT_TYPE (HISTORY_TYPE));
      for (i = 0; i < results->len; i++)
        add_row (&all, &g_array_index (results, PatResult, i));
      g_variant_builder_close (&all);
      g_variant_builder_close (&all);
    }
  g_variant_builder_init (&stamps, G_VARIANT_TYPE ("a{su}"));
  g_hash_table_iter_init (&iter, self->stamps);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_variant_builder_add (&stamps, "{su}", key, (guint32) GPOINTER_TO_UINT (value));
  return pat_envelope_pack (HISTORY_MAGIC, HISTORY_VERSION,
                            g_variant_new ("(@" HISTORY_PAYLOAD_TYPE_1 "@a{su})",
                                           g_variant_builder_end (&all),
                                           g_variant_builder_end (&stamps)));
}

static void load_histories (PatStats *self);

/* The rows of every game, read the first time they are needed. */
static GHashTable *
histories (PatStats *self)
{
  if (self->histories == NULL)
    load_histories (self);
  return self->histories;
}

static GArray *
game_history (PatStats   *self,
              const char *game_id)
{
  GHashTable *all = histories (self);
  GArray *results = g_hash_table_lookup (all, game_id);

  if (results == NULL)
    {
      results = new_results ();
      g_hash_table_insert (all, g_strdup (game_id), results);
    }
  return results;
}

/* Moving the statistics of earlier versions (OLD_KEY) here, once. */

static gboolean
results_equal (const PatResult *a,
               const PatResult *b)
{
  return a->date == b->date && g_str_equal (a->deal, b->deal) && a->won == b->won &&
         a->time == b->time && a->moves == b->moves && a->score == b->score &&
         a->hints_used == b->hints_used && a->assisted == b->assisted;
}

/* Puts the old rows that the history does not hold yet before its own (all of them are older:
 * the old key is never written any more). */
static void
merge_old_rows (PatStats   *self,
                const char *game_id,
                GVariant   *old_rows)
{
  GArray *results = game_history (self, game_id);
  g_autoptr(GArray) merged = new_results ();
  g_autoptr(GArray) old = new_results ();
  guint i, k;

  if (!append_rows (old, old_rows))
    {
      g_message ("The old statistics’ history of %s is damaged; it is left out", game_id);
      return;
    }
  for (i = 0; i < old->len; i++)
    {
      const PatResult *row = &g_array_index (old, PatResult, i);
      gboolean held = FALSE;

      for (k = 0; k < results->len && !held; k++)
        held = results_equal (row, &g_array_index (results, PatResult, k));
      if (!held)
        g_array_append_val (merged, *row);
    }
  g_array_append_vals (merged, results->data, results->len);
  cap_results (merged);
  g_hash_table_insert (self->histories, g_strdup (game_id), g_steal_pointer (&merged));
}

static void update_record (PatRecord       *record,
                           const PatResult *result);

/* Adds the rows of @more that are newer than the history's own after them, keeping the newest;
 * of two stamps, the higher. The rows kept apart were all played after the history's newest
 * row (it could not be read since); older ones, or the same row again, were merged before, by a
 * start that could not remove the file after. */
static void
merge_history (PatStats *self,
               History  *more)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, more->rows);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GArray *results = game_history (self, key);
      GArray *rows = value;
      guint n = results->len, i, k;
      gint64 newest = n > 0 ? g_array_index (results, PatResult, n - 1).date : G_MININT64;

      for (i = 0; i < rows->len; i++)
        {
          const PatResult *row = &g_array_index (rows, PatResult, i);
          gboolean held = row->date < newest;

          for (k = n; k > 0 && !held && g_array_index (results, PatResult, k - 1).date == row->date;
               k--)
            held = results_equal (row, &g_array_index (results, PatResult, k - 1));
          if (!held)
            g_array_append_val (results, *row);
        }
      cap_results (results);
    }
  g_hash_table_iter_init (&iter, more->stamps);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (GPOINTER_TO_UINT (value) > GPOINTER_TO_UINT (g_hash_table_lookup (self->stamps, key)))
      g_hash_table_insert (self->stamps, g_strdup (key), value);
}

/* A game's rows are written before its counters (pat_stats_record()): a game whose stamp says
 * its counters had played more games than they have was cut off between the two (a crash, a
 * kill -9). The rows they missed are counted now, and said so. */
static void
repair (PatStats *self)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->stamps);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GArray *results = g_hash_table_lookup (self->histories, key);
      guint stamp = GPOINTER_TO_UINT (value), n, i;
      PatRecord record;

      read_record (self, key, &record);
      if (results == NULL || stamp <= record.played)
        continue;
      n = MIN (stamp - record.played, results->len);
      for (i = results->len - n; i < results->len; i++)
        update_record (&record, &g_array_index (results, PatResult, i));
      write_record (self, key, &record);
      g_message ("The statistics of %s missed its %u newest results, which its history holds "
                 "(Patience was stopped before it counted them); they are counted now",
                 (const char *) key, n);
    }
}

/* While history.gvariant cannot be read, the rows are kept apart; once it can (a file
 * descriptor free again, its permissions mended), its rows come first, and those after them. */
static void
retry_history (PatStats *self)
{
  g_autoptr(History) history = NULL;
  g_autoptr(History) kept = history_new ();

  history = pat_store_load_history (self->store, PAT_STORE_HISTORY_NAME, parse_history, NULL);
  if (history == NULL)
    {
      /* Found broken this time, and moved aside: it starts again. */
      if (!pat_store_is_unreadable (self->store, PAT_STORE_HISTORY_NAME))
        self->history_blocked = FALSE;
      return;
    }
  g_hash_table_unref (kept->rows);
  g_hash_table_unref (kept->stamps);
  kept->rows = g_steal_pointer (&self->histories);
  kept->stamps = g_steal_pointer (&self->stamps);
  self->histories = g_steal_pointer (&history->rows);
  self->stamps = g_steal_pointer (&history->stamps);
  merge_history (self, kept);
  self->history_blocked = FALSE;
}

/* Writes the rows at once: to history.gvariant, or to history-unsaved.gvariant while the
 * history is there but cannot be read (and so is never replaced), to be merged when it can. A
 * failure is reported by the store (#PatStore::save-failed). */
static gboolean
save_rows (PatStats *self)
{
  g_autoptr(GBytes) bytes = NULL;

  if (self->history_blocked)
    retry_history (self);
  bytes = history_to_bytes (self);
  if (self->history_blocked)
    {
      if (!pat_store_save_history (self->store, PAT_STORE_UNSAVED_HISTORY_NAME, bytes, NULL))
        return FALSE;
      self->unsaved_exists = TRUE;
      return TRUE;
    }
  if (!pat_store_save_history (self->store, PAT_STORE_HISTORY_NAME, bytes, NULL))
    return FALSE;
  if (self->unsaved_exists &&
      pat_store_remove_history (self->store, PAT_STORE_UNSAVED_HISTORY_NAME, NULL))
    self->unsaved_exists = FALSE;
  return TRUE;
}

/* Reads the history, and the rows kept apart while it could not be read; brings the counters up
 * to date with them. A file that cannot be used was reported by the store: moved aside when it
 * was read and found broken (the history starts again), else left where it is (and its rows are
 * kept apart until it can be read). */
static void
load_histories (PatStats *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(History) history = NULL;
  g_autoptr(History) unsaved = NULL;
  gboolean read_only = pat_store_get_read_only (self->store);

  history = pat_store_load_history (self->store, PAT_STORE_HISTORY_NAME, parse_history, &error);
  if (history == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_message ("The statistics’ history could not be read: %s", error->message);
      self->history_blocked = pat_store_is_unreadable (self->store, PAT_STORE_HISTORY_NAME);
      history = history_new ();
    }
  self->histories = g_steal_pointer (&history->rows);
  self->stamps = g_steal_pointer (&history->stamps);

  g_clear_error (&error);
  unsaved = pat_store_load_history (self->store, PAT_STORE_UNSAVED_HISTORY_NAME, parse_history,
                                    &error);
  if (unsaved != NULL)
    {
      self->unsaved_exists = TRUE;
      merge_history (self, unsaved);
      if (!self->history_blocked && !read_only)
        save_rows (self);
    }
  if (!read_only)
    repair (self);
}

/* The counters as earlier versions stored them; missing or mistyped values are none. */
static void
record_from_old (GVariantDict *dict,
                 PatRecord    *record)
{
  memset (record, 0, sizeof *record);
  g_variant_dict_lookup (dict, "played", "u", &record->played);
  g_variant_dict_lookup (dict, "won", "u", &record->won);
  g_variant_dict_lookup (dict, "lost", "u", &record->lost);
  g_variant_dict_lookup (dict, "assisted", "u", &record->assisted);
  g_variant_dict_lookup (dict, "streak", "i", &record->streak);
  g_variant_dict_lookup (dict, "best-win-streak", "u", &record->best_win_streak);
  g_variant_dict_lookup (dict, "worst-loss-streak", "u", &record->worst_loss_streak);
  record->has_best_time = g_variant_dict_lookup (dict, "best-time", "u", &record->best_time) &&
                          g_variant_dict_lookup (dict, "fewest-moves", "u", &record->fewest_moves);
  if (!record->has_best_time)
    record->best_time = record->fewest_moves = 0;
  record->has_best_score = g_variant_dict_lookup (dict, "best-score", "i", &record->best_score);
  g_variant_dict_lookup (dict, "total-score", "x", &record->total_score);
  g_variant_dict_lookup (dict, "hints-used", "u", &record->hints_used);
}

/*
 * Earlier versions kept one a{sv} per game id in OLD_KEY. Its counters go to the game's Stats
 * settings (replacing what is there: they were never written before) and its rows into the
 * history, which is then written at once. Only when that write worked is the old key reset;
 * when it failed, the old key keeps only the rows, so that the next start tries them again
 * (rows already in the history are not taken twice) without counting the games twice. Ids that
 * cannot name settings are left out.
 */
static void
migrate (PatStats *self,
         GVariant *old)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GVariantBuilder rows_only;
  GVariantIter iter;
  const char *game_id;
  GVariant *value;

  histories (self);
  g_variant_builder_init (&rows_only, G_VARIANT_TYPE ("a{sv}"));
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_loop (&iter, "{&sv}", &game_id, &value))
    {
      g_autoptr(GVariant) rows = NULL;
      GVariantDict dict;

      if (!is_game_id (game_id) || !g_variant_is_of_type (value, G_VARIANT_TYPE_VARDICT))
        {
          g_message ("The old statistics under “%s” are not a game’s; they are left out", game_id);
          continue;
        }
      g_variant_dict_init (&dict, value);
      if (g_variant_dict_contains (&dict, "played"))
        {
          PatRecord record;

          record_from_old (&dict, &record);
          make_consistent (&record);
          write_record (self, game_id, &record);
        }
      rows = g_variant_dict_lookup_value (&dict, "history", G_VARIANT_TYPE (HISTORY_TYPE));
      if (rows == NULL)
        rows = g_variant_dict_lookup_value (&dict, "history", G_VARIANT_TYPE (OLD_HISTORY_TYPE_1));
      if (rows != NULL)
        {
          GVariantDict only;

          merge_old_rows (self, game_id, rows);
          g_variant_dict_init (&only, NULL);
          g_variant_dict_insert_value (&only, "history", rows);
          g_variant_builder_add (&rows_only, "{sv}", game_id, g_variant_dict_end (&only));
        }
      g_variant_dict_clear (&dict);
    }

  bytes = history_to_bytes (self);
  if (pat_store_save_history (self->store, PAT_STORE_HISTORY_NAME, bytes, &error))
    g_settings_reset (self->settings, OLD_KEY);
  else
    {
      g_message ("The statistics’ history could not be written, so its rows stay where older "
                 "versions kept them: %s",
                 error->message);
      g_settings_set_value (self->settings, OLD_KEY, g_variant_builder_end (&rows_only));
    }
  g_variant_builder_clear (&rows_only);
  if (g_settings_get_has_unapplied (self->settings))
    g_settings_apply (self->settings);
}

/* Says once, when the statistics are opened, which stored records could not be as they are
 * and are read made consistent; the stored values are left for the next result to rewrite. */
static void
report_inconsistent (PatStats *self)
{
  const PatRules *const *all;
  guint n, i;

  all = pat_rules_all (&n);
  for (i = 0; i < n; i++)
    {
      PatRecord record;

      if (has_counters (self, all[i]->id) && read_record (self, all[i]->id, &record))
        g_message ("The statistics of %s were not consistent; they are read as played %u, won %u, "
                   "lost %u, assisted %u, streak %d", all[i]->id, record.played, record.won,
                   record.lost, record.assisted, record.streak);
    }
}

/**
 * pat_stats_new:
 * @settings: settings of the app's schema (io.github.patience.Patience or its development
 *   profile's); each game's counters are kept with that schema's id + ".Stats", at its path +
 *   "stats/GAME-ID/", in the same backend
 * @store: where the history file is kept
 *
 * Statistics that earlier versions kept in @settings' key "statistics" are moved, once.
 *
 * Returns: (transfer full): the statistics
 */
PatStats *
pat_stats_new (GSettings *settings,
               PatStore  *store)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (PAT_IS_STORE (store), NULL);

  return g_object_new (PAT_TYPE_STATS, "settings", settings, "store", store, NULL);
}

/* The rules are PatRecord's (pat-stats.h). Nothing wraps round: once played is G_MAXUINT, the
 * counts, streaks, score total and hints stay as they are (the result still goes to the history
 * and can still set a record); a streak stops at G_MAXINT wins or losses, the total at the
 * limits of a gint64. */
static void
update_record (PatRecord       *record,
               const PatResult *result)
{
  /* Records are the player's own: no hint, no Demo. */
  gboolean unaided = !result->assisted && result->hints_used == 0;
  gboolean counted = record->played < G_MAXUINT;

  if (counted)
    {
      record->played++;
      if (result->assisted)
        {
          record->assisted++;
          if (record->streak > 0)
            record->streak = 0;
        }
      else if (result->won)
        {
          record->won++;
          record->streak = record->streak > 0 ? MIN (record->streak, G_MAXINT - 1) + 1 : 1;
          record->best_win_streak = MAX (record->best_win_streak, (guint) record->streak);
        }
      else
        {
          record->lost++;
          record->streak = record->streak < 0 ? MAX (record->streak, -G_MAXINT + 1) - 1 : -1;
          record->worst_loss_streak = MAX (record->worst_loss_streak, (guint) -record->streak);
        }
      if (!result->assisted)
        record->total_score = add_saturated_64 (record->total_score, result->score);
      record->hints_used = add_saturated (record->hints_used, result->hints_used);
    }

  if (unaided && result->won)
    {
      record->best_time = record->has_best_time ? MIN (record->best_time, result->time)
                                                : result->time;
      record->fewest_moves = record->has_best_time ? MIN (record->fewest_moves, result->moves)
                                                   : result->moves;
      record->has_best_time = TRUE;
    }
  if (unaided)
    {
      record->best_score = record->has_best_score ? MAX (record->best_score, result->score)
                                                  : result->score;
      record->has_best_score = TRUE;
    }
}

/**
 * pat_stats_record:
 * @game_id: the game played
 * @result: how it went
 *
 * Adds one result to @game_id's statistics and history, written at once: first the history
 * (synced to disk, with the number of games the counters are about to have), then the counters,
 * so that a crash between the two leaves counters that the next start brings up to date from
 * the history, never counters ahead of it. A history that could not be written was reported
 * by the store (#PatStore::save-failed) and the game is counted all the same; its row is kept
 * and written with the next. Nothing is recorded while another process writes the folder
 * (pat_store_get_read_only()): the app has said so.
 */
void
pat_stats_record (PatStats        *self,
                  const char      *game_id,
                  const PatResult *result)
{
  PatResult row;
  PatRecord record;
  GArray *results;

  g_return_if_fail (PAT_IS_STATS (self));
  g_return_if_fail (is_game_id (game_id));
  g_return_if_fail (result != NULL);

  if (pat_store_get_read_only (self->store))
    {
      g_message ("A game of %s is not counted: another Patience writes the statistics", game_id);
      return;
    }

  results = game_history (self, game_id);
  read_record (self, game_id, &record);
  g_free (self->last_game_id);
  self->last_game_id = g_strdup (game_id);
  self->last_before = record;
  self->last_stamp = g_hash_table_lookup (self->stamps, game_id);
  update_record (&record, result);

  row = *result;
  row.won = result->won && !result->assisted;
  if (!is_deal_number (row.deal))
    row.deal[0] = '\0';
  g_array_append_val (results, row);
  self->last_row = row;
  self->last_dropped = results->len > PAT_STATS_HISTORY_MAX;
  if (self->last_dropped)
    self->last_oldest = g_array_index (results, PatResult, 0);
  cap_results (results);
  g_hash_table_insert (self->stamps, g_strdup (game_id), GUINT_TO_POINTER (record.played));
  save_rows (self);
  write_record (self, game_id, &record);

  g_signal_emit (self, signals[CHANGED], 0, game_id);
}

/**
 * pat_stats_take_back:
 * @game_id: the game whose newest result to take back
 *
 * Takes back the newest result of @game_id, as when the player undoes leaving a game: its row
 * goes from the history (the row the history dropped to make room comes back) and the counters
 * are what they were before it, records and streaks included. Only the result this object
 * recorded last can be taken back, and only while nothing else was recorded or reset since.
 * The counters are written first: a crash between the two leaves the row and its stamp ahead of
 * them, and the next start counts the result again, rather than counting one no row shows.
 *
 * Returns: whether the result was taken back
 */
gboolean
pat_stats_take_back (PatStats   *self,
                     const char *game_id)
{
  GArray *results;
  PatRecord now;

  g_return_val_if_fail (PAT_IS_STATS (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);

  if (self->last_game_id == NULL || !g_str_equal (self->last_game_id, game_id) ||
      pat_store_get_read_only (self->store))
    return FALSE;
  results = game_history (self, game_id);
  read_record (self, game_id, &now);
  /* Something else changed them since (another instance cannot: the store is ours alone). */
  if (results->len == 0 ||
      !results_equal (&g_array_index (results, PatResult, results->len - 1), &self->last_row) ||
      now.played != add_saturated (self->last_before.played, 1))
    {
      g_clear_pointer (&self->last_game_id, g_free);
      return FALSE;
    }

  write_record (self, game_id, &self->last_before);
  g_array_remove_index (results, results->len - 1);
  if (self->last_dropped)
    g_array_prepend_val (results, self->last_oldest);
  if (self->last_stamp != NULL)
    g_hash_table_insert (self->stamps, g_strdup (game_id), self->last_stamp);
  else
    g_hash_table_remove (self->stamps, game_id);
  save_rows (self);
  g_clear_pointer (&self->last_game_id, g_free);

  g_signal_emit (self, signals[CHANGED], 0, game_id);
  return TRUE;
}

/**
 * pat_stats_get_record:
 * @record: (out caller-allocates): the statistics, all zero when there are none
 *
 * Returns: whether @game_id has any statistics
 */
gboolean
pat_stats_get_record (PatStats   *self,
                      const char *game_id,
                      PatRecord  *record)
{
  g_return_val_if_fail (PAT_IS_STATS (self), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  if (!is_game_id (game_id))
    {
      memset (record, 0, sizeof *record);
      return FALSE;
    }
  read_record (self, game_id, record);
  return has_counters (self, game_id);
}

/**
 * pat_stats_get_history:
 *
 * Returns: (transfer full) (element-type PatResult): @game_id's recent results, oldest first
 */
GArray *
pat_stats_get_history (PatStats   *self,
                       const char *game_id)
{
  GArray *results;
  GArray *copy = new_results ();

  g_return_val_if_fail (PAT_IS_STATS (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  results = g_hash_table_lookup (histories (self), game_id);
  if (results != NULL)
    g_array_append_vals (copy, results->data, results->len);
  return copy;
}

/* g_ptr_array_sort() passes pointers to the elements. */
static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
add_id (GPtrArray  *ids,
        const char *game_id)
{
  guint i;

  for (i = 0; i < ids->len; i++)
    if (g_str_equal (g_ptr_array_index (ids, i), game_id))
      return;
  g_ptr_array_add (ids, g_strdup (game_id));
}

/**
 * pat_stats_dup_game_ids:
 *
 * Returns: (transfer full): the game ids that have statistics, sorted: the games known to
 *   pat_rules_all() with counters, and any game id with a history
 */
char **
pat_stats_dup_game_ids (PatStats *self)
{
  g_autoptr(GPtrArray) ids = NULL;
  const PatRules *const *all;
  GHashTableIter iter;
  gpointer key, value;
  guint n, i;

  g_return_val_if_fail (PAT_IS_STATS (self), NULL);

  ids = g_ptr_array_new ();
  all = pat_rules_all (&n);
  for (i = 0; i < n; i++)
    if (has_counters (self, all[i]->id))
      add_id (ids, all[i]->id);
  g_hash_table_iter_init (&iter, self->game_settings);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (has_counters (self, key))
      add_id (ids, key);
  g_hash_table_iter_init (&iter, histories (self));
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (((GArray *) value)->len > 0)
      add_id (ids, key);
  g_ptr_array_sort (ids, compare_ids);
  g_ptr_array_add (ids, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&ids), FALSE);
}

/**
 * pat_stats_reset:
 * @game_id: (nullable): the game whose statistics go, or %NULL for every game
 */
void
pat_stats_reset (PatStats   *self,
                 const char *game_id)
{
  g_return_if_fail (PAT_IS_STATS (self));

  if (pat_store_get_read_only (self->store))
    {
      g_message ("The statistics are not reset: another Patience writes them");
      return;
    }

  /* The rows first, as when recording: no stamp is left for the counters to be repaired to. */
  if (game_id == NULL)
    {
      g_auto(GStrv) ids = pat_stats_dup_game_ids (self);
      guint i;

      g_hash_table_remove_all (histories (self));
      g_hash_table_remove_all (self->stamps);
      save_rows (self);
      for (i = 0; ids[i] != NULL; i++)
        reset_counters (self, ids[i]);
    }
  else if (is_game_id (game_id))
    {
      g_hash_table_remove (histories (self), game_id);
      g_hash_table_remove (self->stamps, game_id);
      save_rows (self);
      reset_counters (self, game_id);
    }
  g_clear_pointer (&self->last_game_id, g_free);
  g_signal_emit (self, signals[CHANGED], 0, game_id);
}

static void
csv_field (GString    *out,
           const char *text,
           gboolean    last)
{
  if (strpbrk (text, ",\"\r\n") != NULL)
    {
      const char *p;

      g_string_append_c (out, '"');
      for (p = text; *p != '\0'; p++)
        {
          if (*p == '"')
            g_string_append_c (out, '"');
          g_string_append_c (out, *p);
        }
      g_string_append_c (out, '"');
    }
  else
    g_string_append (out, text);
  g_string_append (out, last ? "\r\n" : ",");
}

/**
 * pat_stats_export_csv:
 * @file: the file to write (replaced)
 *
 * Writes every game's statistics, then, after an empty line, every recorded result: two
 * tables, each with a header line. Empty fields mean "none yet"; dates are ISO 8601, UTC; a
 * result is "won", "lost" or "assisted" (the Demo played in it).
 *
 * Returns: whether the file was written
 */
gboolean
pat_stats_export_csv (PatStats  *self,
                      GFile     *file,
                      GError   **error)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_auto(GStrv) ids = NULL;
  guint i, k;

  g_return_val_if_fail (PAT_IS_STATS (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ids = pat_stats_dup_game_ids (self);

  g_string_append (out, "game,played,won,lost,current_streak,best_win_streak,worst_loss_streak,"
                        "best_time,fewest_moves,best_score,total_score,hints_used,assisted\r\n");
  for (i = 0; ids[i] != NULL; i++)
    {
      PatRecord r;
      char best_time[16] = "", fewest_moves[16] = "", best_score[16] = "";

      pat_stats_get_record (self, ids[i], &r);
      if (r.has_best_time)
        {
          g_snprintf (best_time, sizeof best_time, "%u", r.best_time);
          g_snprintf (fewest_moves, sizeof fewest_moves, "%u", r.fewest_moves);
        }
      if (r.has_best_score)
        g_snprintf (best_score, sizeof best_score, "%d", r.best_score);
      csv_field (out, ids[i], FALSE);
      g_string_append_printf (out, "%u,%u,%u,%d,%u,%u,%s,%s,%s,%" G_GINT64_FORMAT ",%u,%u\r\n",
                              r.played, r.won, r.lost, r.streak, r.best_win_streak,
                              r.worst_loss_streak, best_time, fewest_moves, best_score,
                              r.total_score, r.hints_used, r.assisted);
    }

  g_string_append (out, "\r\ngame,date,deal,result,time,moves,score,hints_used\r\n");
  for (i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GArray) history = pat_stats_get_history (self, ids[i]);

      for (k = 0; k < history->len; k++)
        {
          const PatResult *result = &g_array_index (history, PatResult, k);
          g_autoptr(GDateTime) date = g_date_time_new_from_unix_utc (result->date);
          g_autofree char *iso = date != NULL ? g_date_time_format (date, "%Y-%m-%dT%H:%M:%SZ")
                                              : g_strdup ("");

          csv_field (out, ids[i], FALSE);
          csv_field (out, iso, FALSE);
          csv_field (out, result->deal, FALSE);
          g_string_append_printf (out, "%s,%u,%u,%d,%u\r\n",
                                  result->assisted ? "assisted" : result->won ? "won" : "lost",
                                  result->time, result->moves, result->score, result->hints_used);
        }
    }

  return g_file_replace_contents (file, out->str, out->len, NULL, FALSE,
                                  G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL, error);
}

/**
 * pat_stats_result_from_game:
 * @result: (out caller-allocates): @game as it stands, dated now; assisted when the Demo played
 *   in it, else won only when it is won
 */
void
pat_stats_result_from_game (PatGame   *game,
                            PatResult *result)
{
  g_autofree char *deal = NULL;

  g_return_if_fail (PAT_IS_GAME (game));
  g_return_if_fail (result != NULL);

  memset (result, 0, sizeof *result);
  deal = pat_game_dup_deal_number (game);
  result->date = g_get_real_time () / G_USEC_PER_SEC;
  g_strlcpy (result->deal, deal, sizeof result->deal);
  result->assisted = pat_game_get_assisted (game);
  result->won = pat_game_get_status (game) == PAT_STATUS_WON && !result->assisted;
  result->time = pat_game_get_elapsed (game);
  result->moves = pat_game_get_moves (game);
  result->score = pat_game_get_score (game);
  result->hints_used = pat_game_get_hints_used (game);
}

static void
record_game (PatStats *self,
             PatGame  *game)
{
  PatResult result;

  pat_stats_result_from_game (game, &result);
  pat_stats_record (self, pat_game_get_game_id (game), &result);
  pat_game_set_recorded (game, TRUE);
}

/**
 * pat_stats_game_finished:
 * @game: a game that has just ended (#PatGame::finished)
 *
 * Records the result of a game the player played to its end, once: a game already recorded
 * (it ended before, and the player undid and ended it again) or never played is not counted.
 * A game the Demo played in counts as assisted, even when the Demo won it.
 *
 * Returns: whether the game was recorded now
 */
gboolean
pat_stats_game_finished (PatStats *self,
                         PatGame  *game)
{
  g_return_val_if_fail (PAT_IS_STATS (self), FALSE);
  g_return_val_if_fail (PAT_IS_GAME (game), FALSE);

  if (pat_game_get_recorded (game) || !pat_game_get_started (game) ||
      pat_game_get_status (game) == PAT_STATUS_PLAYING)
    return FALSE;
  record_game (self, game);
  return TRUE;
}

/**
 * pat_stats_game_abandoned:
 * @game: a game the player is leaving for another deal or another game
 *
 * A started game that has not been recorded counts now: as a loss if it is unfinished, as
 * its result if it ended without being recorded, as assisted if the Demo played in it. A game
 * whose moves were all undone is still started, so it still counts. Call it before a new deal,
 * a restart or a switch of game — never when quitting, since the saved game resumes.
 *
 * Returns: whether the game was recorded now
 */
gboolean
pat_stats_game_abandoned (PatStats *self,
                          PatGame  *game)
{
  g_return_val_if_fail (PAT_IS_STATS (self), FALSE);
  g_return_val_if_fail (PAT_IS_GAME (game), FALSE);

  if (pat_game_get_recorded (game) || !pat_game_get_started (game))
    return FALSE;
  record_game (self, game);
  return TRUE;
}

/**
 * pat_stats_restart_game:
 * @game: a game to play again from its deal
 *
 * Counts the attempt being left (pat_stats_game_abandoned()), then restarts: the fresh
 * attempt counts only once the player moves.
 */
void
pat_stats_restart_game (PatStats *self,
                        PatGame  *game)
{
  g_return_if_fail (PAT_IS_STATS (self));
  g_return_if_fail (PAT_IS_GAME (game));

  pat_stats_game_abandoned (self, game);
  pat_game_restart (game);
}
