/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatStatsDialog: every game's statistics with charts, reset (after asking) and export to CSV. */
#pragma once

#include <adwaita.h>

#include "pat-stats.h"

G_BEGIN_DECLS

#define PAT_TYPE_STATS_DIALOG (pat_stats_dialog_get_type ())

G_DECLARE_FINAL_TYPE (PatStatsDialog, pat_stats_dialog, PAT, STATS_DIALOG, AdwWindow)

/*
 * Actions (on the dialog): stats.reset-game and stats.reset-all ask first (an AdwMessageDialog
 * with the responses "cancel" and "reset"); stats.export asks for a file and writes the CSV.
 */

PatStatsDialog   *pat_stats_dialog_new              (GtkWindow      *parent,
                                                     PatStats       *stats,
                                                     const char     *game_id);
/* The game whose numbers are shown. */
void              pat_stats_dialog_set_game         (PatStatsDialog *self,
                                                     const char     *game_id);
const char       *pat_stats_dialog_get_game         (PatStatsDialog *self);
gboolean          pat_stats_dialog_export_to_file   (PatStatsDialog *self,
                                                     GFile          *file,
                                                     GError        **error);
/* The reset confirmation being shown, or %NULL. */
AdwMessageDialog *pat_stats_dialog_get_confirmation (PatStatsDialog *self);

G_END_DECLS
