/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatMatchDialog: sets up a Demon match — players, teams, target — and starts it in a session. */
#pragma once

#include <adwaita.h>

#include "pat-session.h"

G_BEGIN_DECLS

#define PAT_TYPE_MATCH_DIALOG (pat_match_dialog_get_type ())

G_DECLARE_FINAL_TYPE (PatMatchDialog, pat_match_dialog, PAT, MATCH_DIALOG, AdwWindow)

PatMatchDialog *pat_match_dialog_new         (GtkWindow          *parent,
                                              PatSession         *session,
                                              GSettings          *settings);
/* Replaces the players' names (two to eight). */
void            pat_match_dialog_set_players (PatMatchDialog     *self,
                                              const char *const  *names);
guint           pat_match_dialog_get_n_players (PatMatchDialog   *self);
/* Plays in @n_teams teams (0 for none); players are dealt to the teams in turn. */
void            pat_match_dialog_set_n_teams (PatMatchDialog     *self,
                                              guint               n_teams);
void            pat_match_dialog_set_target  (PatMatchDialog     *self,
                                              int                 target);
int             pat_match_dialog_get_target  (PatMatchDialog     *self);
/* The match the form describes, or %NULL with the reason. */
PatMatch       *pat_match_dialog_build       (PatMatchDialog     *self,
                                              GError            **error);
/* What the Start button does: asks first when another match is saved, then starts the match
 * in the window and closes. Returns whether the match started now. */
gboolean        pat_match_dialog_start       (PatMatchDialog     *self);

G_END_DECLS
