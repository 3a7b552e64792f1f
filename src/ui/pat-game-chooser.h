/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatGameChooser: every game with a preview and its rules, recent deals, a deal number, Demon's
 * options. */
#pragma once

#include <adwaita.h>

#include "pat-session.h"

G_BEGIN_DECLS

#define PAT_TYPE_GAME_CHOOSER (pat_game_chooser_get_type ())

G_DECLARE_FINAL_TYPE (PatGameChooser, pat_game_chooser, PAT, GAME_CHOOSER, AdwWindow)

/* Opens on @session's game, which @window plays. */
PatGameChooser *pat_game_chooser_new            (GtkWindow      *window,
                                                 PatSession     *session,
                                                 GSettings      *settings);
void            pat_game_chooser_select_game    (PatGameChooser *self,
                                                 const char     *game_id);
const char     *pat_game_chooser_get_game       (PatGameChooser *self);
void            pat_game_chooser_set_deal_text  (PatGameChooser *self,
                                                 const char     *text);
/* Whether the deal number field holds a deal number, or nothing. */
gboolean        pat_game_chooser_get_deal_valid (PatGameChooser *self);
/* How many recent deals are listed. */
guint           pat_game_chooser_get_n_recent   (PatGameChooser *self);
/* What the Play button does: the deal typed, or else the game in progress or a random deal;
 * then the chooser closes. FALSE when the deal number is not one. */
gboolean        pat_game_chooser_play           (PatGameChooser *self);

G_END_DECLS
