/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatScoreboard: a Demon match's standings, the scores of its last rounds, whose turn it is,
 * and the winner. */
#pragma once

#include <adwaita.h>

#include "pat-match.h"

G_BEGIN_DECLS

#define PAT_TYPE_SCOREBOARD (pat_scoreboard_get_type ())

G_DECLARE_FINAL_TYPE (PatScoreboard, pat_scoreboard, PAT, SCOREBOARD, AdwWindow)

/*
 * It follows the match as scores are recorded.
 * Signals:
 *   start-turn ()  the player asked to begin the next turn (only between turns)
 *   abandon ()     the player asked to abandon the match (the window asks to confirm)
 */

PatScoreboard *pat_scoreboard_new                 (GtkWindow     *parent,
                                                   PatMatch      *match);
/* Whether a turn has just ended and the next one waits to begin. */
void           pat_scoreboard_set_between_turns   (PatScoreboard *self,
                                                   gboolean       between_turns);
/* What the scoreboard says at the top: whose turn it is, or the winner's announcement. */
const char    *pat_scoreboard_get_headline        (PatScoreboard *self);
/* How many rounds the table lists: a long match's last rounds only; the totals count all. */
guint          pat_scoreboard_get_n_listed_rounds (PatScoreboard *self);

G_END_DECLS
