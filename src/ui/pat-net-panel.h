/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetPanel: the live scoreboard of a network match, beside the board (below it when narrow). */
#pragma once

#include <adwaita.h>

#include "pat-net-play.h"

G_BEGIN_DECLS

#define PAT_TYPE_NET_PANEL (pat_net_panel_get_type ())

G_DECLARE_FINAL_TYPE (PatNetPanel, pat_net_panel, PAT, NET_PANEL, GtkBox)

/*
 * Signals:
 *   leave ()    — the player pressed Leave Match, or closed the final table
 *   rematch ()  — the player asked for a rematch at the final table
 */

GtkWidget  *pat_net_panel_new      (void);
void        pat_net_panel_set_play (PatNetPanel *self,
                                    PatNetPlay  *play);
PatNetPlay *pat_net_panel_get_play (PatNetPanel *self);
void        pat_net_panel_set_compact (PatNetPanel *self,
                                       gboolean     compact);
/* For tests: the status line and the subtitle as shown, the table's rows as text (one a line),
 * and whether the subtitle's countdown ticks (only while a round with a time limit is played). */
const char *pat_net_panel_get_status (PatNetPanel *self);
const char *pat_net_panel_get_subtitle (PatNetPanel *self);
gboolean    pat_net_panel_get_counting_down (PatNetPanel *self);
char       *pat_net_panel_dup_table  (PatNetPanel *self);

G_END_DECLS
