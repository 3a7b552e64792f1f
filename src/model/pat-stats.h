/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatStats: per-game statistics and recent results, kept in GSettings. */
#pragma once

#include <gio/gio.h>

#include "pat-game.h"
#include "pat-store.h"

G_BEGIN_DECLS

#define PAT_TYPE_STATS (pat_stats_get_type ())

G_DECLARE_FINAL_TYPE (PatStats, pat_stats, PAT, STATS, GObject)

/* How many recent results are kept per game. */
#define PAT_STATS_HISTORY_MAX 500
/* How many games the history file may hold beyond those pat_rules_all() knows (the games of newer
 * versions); a file with more games, or with more results of one game than
 * PAT_STATS_HISTORY_MAX, is not one of ours. */
#define PAT_STATS_HISTORY_SPARE_GAMES 64

/* One game's result: won, lost, or assisted (the Demo played a move in it), which is neither. */
typedef struct {
  gint64   date;                                  /* Unix time (UTC seconds) */
  char     deal[PAT_DEAL_NUMBER_MAX_DIGITS + 1];  /* "" for an explicit deck */
  gboolean won;                                   /* never with assisted */
  guint    time;                                  /* seconds */
  guint    moves;
  int      score;
  guint    hints_used;
  gboolean assisted;                              /* a Demo move was played: not won, not lost */
} PatResult;

/*
 * One game id's statistics. The rules (pat_stats_record()):
 * - played = won + lost + assisted. An assisted game is neither a win nor a loss: it ends a
 *   run of wins (streak goes to 0) without extending it, and leaves a run of losses as it is
 *   (the Demo is no way out of one); it adds nothing to the score total and sets no record.
 * - A game won with hints is a win, in the streak, with its hints in the history.
 * - Only games played without hints or Demo set the records: best time and fewest moves (from
 *   such wins) and best score (from any such game).
 * - Nothing wraps round: once played reaches G_MAXUINT the counts, streaks, score total and
 *   hints stay as they are; a streak stops at G_MAXINT games, the total at the gint64 limits.
 * Stored records the rules cannot produce (more wins than games, a streak longer than its
 * wins…) are read made consistent — the counts of wins, losses and assisted games stand and
 * the rest follows from them — and each is reported once with g_message() when the statistics
 * are opened (pat_stats_new()); the next result of that game writes the consistent record.
 */
typedef struct {
  guint    played;
  guint    won;
  guint    lost;
  guint    assisted;            /* games the Demo played a move in */
  int      streak;              /* wins in a row when positive, losses in a row when negative */
  guint    best_win_streak;
  guint    worst_loss_streak;
  gboolean has_best_time;       /* a win without hints or Demo is recorded: the next two are set */
  guint    best_time;           /* shortest such win, seconds */
  guint    fewest_moves;        /* fewest moves in such a win */
  gboolean has_best_score;      /* a game without hints or Demo is recorded: best_score is set */
  int      best_score;
  gint64   total_score;         /* of the games not assisted (played − assisted) */
  guint    hints_used;          /* in every game, assisted ones too */
} PatRecord;

/*
 * Each game's counters (PatRecord) are typed keys of the schema io.github.patience.Patience.Stats
 * (.Devel.Stats for the development profile) at /io/github/patience/Patience/stats/GAME-ID/, and
 * its last PAT_STATS_HISTORY_MAX results are in the store's history.gvariant; both are written the
 * moment a result is recorded (the history by the store's worker thread).
 * Signals:
 *   changed (const char *game_id)  — that game's statistics changed; %NULL when all were reset
 */

PatStats  *pat_stats_new              (GSettings        *settings,
                                       PatStore         *store);

void       pat_stats_record           (PatStats         *self,
                                       const char       *game_id,
                                       const PatResult  *result);
gboolean   pat_stats_take_back        (PatStats         *self,
                                       const char       *game_id);
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
