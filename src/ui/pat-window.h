/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatWindow: the main window — header bar, board and status line around one game. */
#pragma once

#include <adwaita.h>

#include "pat-application.h"
#include "pat-board.h"
#include "pat-game.h"
#include "pat-match.h"

G_BEGIN_DECLS

#define PAT_TYPE_WINDOW (pat_window_get_type ())

G_DECLARE_FINAL_TYPE (PatWindow, pat_window, PAT, WINDOW, AdwApplicationWindow)

PatWindow *pat_window_new            (PatApplication      *application);
PatGame   *pat_window_get_game       (PatWindow           *self);
PatBoard  *pat_window_get_board      (PatWindow           *self);
/* Resumes @game_id's saved game, or deals a new one. */
void       pat_window_open_game      (PatWindow           *self,
                                      const char          *game_id);
/* Starts @game_id at @deal (a random deal when NULL), leaving the current game as the rules say. */
void       pat_window_start_deal     (PatWindow           *self,
                                      const char          *game_id,
                                      const PatDealNumber *deal);
void       pat_window_show_toast     (PatWindow           *self,
                                      const char          *text);
/* The Demon match being played, or %NULL. */
PatMatch  *pat_window_get_match      (PatWindow           *self);

/* Actions for the other windows (besides the menu's): win.choose-game (s: game id) resumes or deals that
 * game, win.start-deal ((ss): game id, deal number) deals that deal, win.new-match, win.resume-match. */

G_END_DECLS
