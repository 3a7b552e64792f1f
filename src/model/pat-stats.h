/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatStats: per-game statistics and recent results, kept in GSettings. */
#pragma once

#include <gio/gio.h>

#include "pat-game.h"

G_BEGIN_DECLS

#define PAT_TYPE_STATS (pat_stats_get_type ())

G_DECLARE_FINAL_TYPE (PatStats, pat_stats, PAT, STATS, GObject)

/* How many recent results are kept per game. */
#define PAT_STATS_HISTORY_MAX 500

/* One game's result. */
typedef struct {
  gint64   date;                                  /* Unix time (UTC seconds) */
  char     deal[PAT_DEAL_NUMBER_MAX_DIGITS + 1];  /* "" for an explicit deck */
  gboolean won;
  guint    time;                                  /* seconds */
  guint    moves;
  int      score;
  guint    hints_used;
} PatResult;

/* One game id's statistics. */
typedef struct {
  guint  played;
  guint  won;
  guint  lost;
  int    streak;              /* wins in a row when positive, losses in a row when negative */
  guint  best_win_streak;
  guint  worst_loss_streak;
  guint  best_time;           /* shortest winning time, seconds; only when won > 0 */
  guint  fewest_moves;        /* fewest moves in a win; only when won > 0 */
  int    best_score;          /* only when played > 0 */
  gint64 total_score;
  guint  hints_used;
} PatRecord;

/*
 * Everything lives in the key "statistics" (a{sv}: game id → a{sv}, see the schema) of the
 * settings given,
 * and is written the moment it changes.
 * Signals:
 *   changed (const char *game_id)  — that game's statistics changed; %NULL when all were reset
 */

PatStats  *pat_stats_new              (GSettings        *settings);

void       pat_stats_record           (PatStats         *self,
                                       const char       *game_id,
                                       const PatResult  *result);
gboolean   pat_stats_get_record       (PatStats         *self,
                                       const char       *game_id,
                                       PatRecord        *record);
GArray    *pat_stats_get_history      (PatStats         *self,
                                       const char       *game_id);
char     **pat_stats_dup_game_ids     (PatStats         *self);
void       pat_stats_reset            (PatStats         *self,
                                       const char       *game_id);
gboolean   pat_stats_export_csv       (PatStats         *self,
                                       GFile            *file,
                                       GError          **error);

/* The app's rules for counting games. */
void       pat_stats_result_from_game (PatGame          *game,
                                       PatResult        *result);
gboolean   pat_stats_game_finished    (PatStats         *self,
                                       PatGame          *game);
gboolean   pat_stats_game_abandoned   (PatStats         *self,
                                       PatGame          *game);
void       pat_stats_restart_game     (PatStats         *self,
                                       PatGame          *game);

G_END_DECLS
