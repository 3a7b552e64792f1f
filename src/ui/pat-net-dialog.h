/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetDialog: hosts or joins a Demon match played on several computers, and is its lobby
 * until the first round starts. */
#pragma once

#include <adwaita.h>

#include "pat-net-discovery.h"
#include "pat-net-play.h"
#include "pat-session.h"

G_BEGIN_DECLS

typedef enum {
  PAT_NET_DIALOG_HOST,
  PAT_NET_DIALOG_JOIN,
} PatNetDialogMode;

#define PAT_TYPE_NET_DIALOG (pat_net_dialog_get_type ())

G_DECLARE_FINAL_TYPE (PatNetDialog, pat_net_dialog, PAT, NET_DIALOG, AdwWindow)

/*
 * Signals:
 *   playing (PatNetPlay *play)  — the player hosts or joined: the window shows the match
 *                                 (its table beside the board) from now on
 */

PatNetDialog *pat_net_dialog_new        (GtkWindow        *parent,
                                         PatSession       *session,
                                         PatNetDialogMode  mode);
/* The lobby of a match already being played (the window's, between its start and round 1). */
void          pat_net_dialog_show_lobby (PatNetDialog     *self,
                                         PatNetPlay       *play);
PatNetPlay   *pat_net_dialog_get_play   (PatNetDialog     *self);
/* For tests: the form's fields. */
void          pat_net_dialog_set_form   (PatNetDialog     *self,
                                         const char       *name,
                                         const char       *code,
                                         const char       *address);
/* The host form's target score. */
void          pat_net_dialog_set_target (PatNetDialog     *self,
                                         int               target);
/* The host form's time limit for each round, in minutes (0: none). */
void          pat_net_dialog_set_time_limit (PatNetDialog *self,
                                             guint         minutes);
/* For tests: the join form's list of matches found (NULL once the lobby shows). */
PatNetBrowser *pat_net_dialog_get_browser (PatNetDialog *self);
/* Presses Host or Join. */
void          pat_net_dialog_submit     (PatNetDialog     *self);

G_END_DECLS
