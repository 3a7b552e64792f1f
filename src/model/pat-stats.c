/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatStats: per-game statistics and recent results, kept in GSettings. */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pat-stats.h"

#define STATS_KEY "statistics"
/* A history row: date, deal, won, seconds, moves, score, hints used, assisted. Versions before
 * the Demo was told apart wrote rows without "assisted"; they still load, as not assisted, and
 * the next result recorded rewrites the history in the current form. */
#define HISTORY_TYPE_1 "a(xsbuuiu)"
#define HISTORY_TYPE "a(xsbuuiub)"

struct _PatStats
{
  GObject    parent_instance;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (PatStats, pat_stats, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static void
pat_stats_dispose (GObject *object)
{
  PatStats *self = PAT_STATS (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pat_stats_parent_class)->dispose (object);
}

static void
pat_stats_class_init (PatStatsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_stats_dispose;

  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
pat_stats_init (PatStats *self)
{
}

static GVariant *
lookup_game (PatStats   *self,
             const char *game_id)
{
  g_autoptr(GVariant) all = g_settings_get_value (self->settings, STATS_KEY);
  GVariantDict dict;
  GVariant *game;

  g_variant_dict_init (&dict, all);
  game = g_variant_dict_lookup_value (&dict, game_id, G_VARIANT_TYPE_VARDICT);
  g_variant_dict_clear (&dict);
  return game;
}

static void
write_game (PatStats   *self,
            const char *game_id,
            GVariant   *game)
{
  g_autoptr(GVariant) all = g_settings_get_value (self->settings, STATS_KEY);
  GVariantDict dict;

  g_variant_dict_init (&dict, all);
  if (game != NULL)
    g_variant_dict_insert_value (&dict, game_id, game);
  else
    g_variant_dict_remove (&dict, game_id);
  g_settings_set_value (self->settings, STATS_KEY, g_variant_dict_end (&dict));

  /* Statistics are written at once, even when someone has put the settings in delay mode. */
  if (g_settings_get_has_unapplied (self->settings))
    g_settings_apply (self->settings);
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
  record->best_win_streak = CLAMP (record->best_win_streak, (guint) MAX (record->streak, 0), record->won);
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

/* Reads what is there with the right type; anything missing or of another type is none (data
 * from older versions has no "assisted"). What cannot be is made consistent (make_consistent());
 * returns whether it had to be. */
static gboolean
record_from_dict (GVariantDict *dict,
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
  return make_consistent (record);
}

/* Says once, when the statistics are opened, which stored records could not be as they are
 * and are read made consistent; the stored data is left for the next result to rewrite. */
static void
report_inconsistent (PatStats *self)
{
  g_auto(GStrv) ids = pat_stats_dup_game_ids (self);
  guint i;

  for (i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GVariant) game = lookup_game (self, ids[i]);
      GVariantDict dict;
      PatRecord record;

      g_variant_dict_init (&dict, game);
      if (record_from_dict (&dict, &record))
        g_message ("The statistics of %s were not consistent; they are read as played %u, won %u, "
                   "lost %u, assisted %u, streak %d", ids[i], record.played, record.won, record.lost,
                   record.assisted, record.streak);
      g_variant_dict_clear (&dict);
    }
}

/**
 * pat_stats_new:
 * @settings: settings of the schema io.github.patience.Patience
 *
 * Returns: (transfer full): statistics kept in @settings
 */
PatStats *
pat_stats_new (GSettings *settings)
{
  PatStats *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (PAT_TYPE_STATS, NULL);
  self->settings = g_object_ref (settings);
  report_inconsistent (self);
  return self;
}

static void
record_to_dict (const PatRecord *record,
                GVariantDict    *dict)
{
  g_variant_dict_insert (dict, "played", "u", record->played);
  g_variant_dict_insert (dict, "won", "u", record->won);
  g_variant_dict_insert (dict, "lost", "u", record->lost);
  g_variant_dict_insert (dict, "assisted", "u", record->assisted);
  g_variant_dict_insert (dict, "streak", "i", record->streak);
  g_variant_dict_insert (dict, "best-win-streak", "u", record->best_win_streak);
  g_variant_dict_insert (dict, "worst-loss-streak", "u", record->worst_loss_streak);
  if (record->has_best_time)
    {
      g_variant_dict_insert (dict, "best-time", "u", record->best_time);
      g_variant_dict_insert (dict, "fewest-moves", "u", record->fewest_moves);
    }
  else
    {
      g_variant_dict_remove (dict, "best-time");
      g_variant_dict_remove (dict, "fewest-moves");
    }
  if (record->has_best_score)
    g_variant_dict_insert (dict, "best-score", "i", record->best_score);
  else
    g_variant_dict_remove (dict, "best-score");
  g_variant_dict_insert (dict, "total-score", "x", record->total_score);
  g_variant_dict_insert (dict, "hints-used", "u", record->hints_used);
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
      record->best_time = record->has_best_time ? MIN (record->best_time, result->time) : result->time;
      record->fewest_moves = record->has_best_time ? MIN (record->fewest_moves, result->moves)
                                                   : result->moves;
      record->has_best_time = TRUE;
    }
  if (unaided)
    {
      record->best_score = record->has_best_score ? MAX (record->best_score, result->score) : result->score;
      record->has_best_score = TRUE;
    }
}

/* The stored history in either form, as results. */
static GArray *
history_from_dict (GVariantDict *dict)
{
  g_autoptr(GVariant) history = NULL;
  GArray *results = g_array_new (FALSE, TRUE, sizeof (PatResult));
  gboolean old_form = FALSE;
  gsize n, i;

  history = g_variant_dict_lookup_value (dict, "history", G_VARIANT_TYPE (HISTORY_TYPE));
  if (history == NULL)
    {
      history = g_variant_dict_lookup_value (dict, "history", G_VARIANT_TYPE (HISTORY_TYPE_1));
      old_form = history != NULL;
    }
  n = history != NULL ? g_variant_n_children (history) : 0;
  g_array_set_size (results, n);
  for (i = 0; i < n; i++)
    {
      PatResult *result = &g_array_index (results, PatResult, i);
      const char *deal;

      if (old_form)
        g_variant_get_child (history, i, "(x&sbuuiu)", &result->date, &deal, &result->won,
                             &result->time, &result->moves, &result->score, &result->hints_used);
      else
        g_variant_get_child (history, i, "(x&sbuuiub)", &result->date, &deal, &result->won,
                             &result->time, &result->moves, &result->score, &result->hints_used,
                             &result->assisted);
      /* A row cannot be both; an assisted game is never a win. */
      if (result->assisted)
        result->won = FALSE;
      g_strlcpy (result->deal, deal, sizeof result->deal);
    }
  return results;
}

static void
add_history_row (GVariantBuilder *builder,
                 const PatResult *result)
{
  g_variant_builder_add (builder, "(xsbuuiub)", result->date, result->deal,
                         result->won && !result->assisted, result->time, result->moves,
                         result->score, result->hints_used, result->assisted);
}

/**
 * pat_stats_record:
 * @game_id: the game played
 * @result: how it went
 *
 * Adds one result to @game_id's statistics and history, and writes them.
 */
void
pat_stats_record (PatStats        *self,
                  const char      *game_id,
                  const PatResult *result)
{
  g_autoptr(GVariant) game = NULL;
  g_autoptr(GArray) old_history = NULL;
  GVariantBuilder history;
  GVariantDict dict;
  PatRecord record;
  guint n, i;

  g_return_if_fail (PAT_IS_STATS (self));
  g_return_if_fail (game_id != NULL && game_id[0] != '\0');
  g_return_if_fail (result != NULL);

  game = lookup_game (self, game_id);
  g_variant_dict_init (&dict, game);
  record_from_dict (&dict, &record);
  update_record (&record, result);
  record_to_dict (&record, &dict);

  /* The oldest results go once there are more than the cap. */
  g_variant_builder_init (&history, G_VARIANT_TYPE (HISTORY_TYPE));
  old_history = history_from_dict (&dict);
  n = old_history->len;
  for (i = n >= PAT_STATS_HISTORY_MAX ? n - PAT_STATS_HISTORY_MAX + 1 : 0; i < n; i++)
    add_history_row (&history, &g_array_index (old_history, PatResult, i));
  add_history_row (&history, result);
  g_variant_dict_insert_value (&dict, "history", g_variant_builder_end (&history));

  write_game (self, game_id, g_variant_dict_end (&dict));
  g_signal_emit (self, signals[CHANGED], 0, game_id);
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
  g_autoptr(GVariant) game = NULL;
  GVariantDict dict;

  g_return_val_if_fail (PAT_IS_STATS (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  game = lookup_game (self, game_id);
  g_variant_dict_init (&dict, game);
  record_from_dict (&dict, record);
  g_variant_dict_clear (&dict);
  return game != NULL;
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
  g_autoptr(GVariant) game = NULL;
  GVariantDict dict;
  GArray *results;

  g_return_val_if_fail (PAT_IS_STATS (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  game = lookup_game (self, game_id);
  g_variant_dict_init (&dict, game);
  results = history_from_dict (&dict);
  g_variant_dict_clear (&dict);
  return results;
}

/* g_ptr_array_sort() passes pointers to the elements. */
static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/**
 * pat_stats_dup_game_ids:
 *
 * Returns: (transfer full): the game ids that have statistics, sorted
 */
char **
pat_stats_dup_game_ids (PatStats *self)
{
  g_autoptr(GVariant) all = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  GVariantIter iter;
  const char *id;
  GVariant *value;

  g_return_val_if_fail (PAT_IS_STATS (self), NULL);

  all = g_settings_get_value (self->settings, STATS_KEY);
  ids = g_ptr_array_new ();
  g_variant_iter_init (&iter, all);
  while (g_variant_iter_loop (&iter, "{&sv}", &id, &value))
    if (g_variant_is_of_type (value, G_VARIANT_TYPE_VARDICT))
      g_ptr_array_add (ids, g_strdup (id));
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

  if (game_id == NULL)
    {
      g_settings_reset (self->settings, STATS_KEY);
      if (g_settings_get_has_unapplied (self->settings))
        g_settings_apply (self->settings);
    }
  else
    write_game (self, game_id, NULL);
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
