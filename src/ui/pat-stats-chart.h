/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatStatsChart: the statistics' charts, drawn with Cairo — results over time, or win rate per
 * game. */
#pragma once

#include <gtk/gtk.h>

#include "pat-stats.h"

G_BEGIN_DECLS

/* How many recent games the moving win rate of the results chart looks at. */
#define PAT_STATS_CHART_WINDOW 10

#define PAT_TYPE_STATS_CHART (pat_stats_chart_get_type ())

G_DECLARE_FINAL_TYPE (PatStatsChart, pat_stats_chart, PAT, STATS_CHART, GtkWidget)

GtkWidget *pat_stats_chart_new            (void);
/* Shows @results (PatResult, oldest first) as a strip of wins and losses under a line of the
 * moving win rate. */
void       pat_stats_chart_set_history    (PatStatsChart      *self,
                                           GArray             *results);
/* Shows one bar per game: @won of @played, with the game's @names. */
void       pat_stats_chart_set_win_rates  (PatStatsChart      *self,
                                           guint               n_games,
                                           const char *const  *names,
                                           const guint        *won,
                                           const guint        *played);
/* How many games the chart shows (the history may hold more than fit). */
guint      pat_stats_chart_get_n_shown    (PatStatsChart      *self);

G_END_DECLS
