/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatWindow: the main window — header bar, board and status line around one game. */
#pragma once

#include <adwaita.h>

#include "pat-board.h"
#include "pat-net-play.h"
#include "pat-session.h"

G_BEGIN_DECLS

#define PAT_TYPE_WINDOW (pat_window_get_type ())

G_DECLARE_FINAL_TYPE (PatWindow, pat_window, PAT, WINDOW, AdwApplicationWindow)

PatWindow  *pat_window_new            (GtkApplication      *application,
                                       PatSession          *session,
                                       GSettings           *settings);
PatSession *pat_window_get_session    (PatWindow           *self);
PatGame    *pat_window_get_game       (PatWindow           *self);
PatBoard   *pat_window_get_board      (PatWindow           *self);
AdwToast   *pat_window_show_toast     (PatWindow           *self,
                                       const char          *text);
/* Toasts the window does not dismiss by itself go through this: a toast is dismissed only once
 * it has come in (see pat-window.c). */
void        pat_window_dismiss_toast  (PatWindow           *self,
                                       AdwToast            *toast);

/* Actions for the other windows (besides the menu's): win.choose-game (s: game id) resumes or
 * deals that game, win.start-deal ((ss): game id, deal number) deals that deal, win.new-match,
 * win.resume-match. */

/* A network match played in this window (see pat-window-net.c). */
void        pat_window_play_network   (PatWindow           *self,
                                       PatNetPlay          *play);
PatNetPlay *pat_window_get_net_play   (PatWindow           *self);
gboolean    pat_window_resume_network (PatWindow           *self);
void        pat_window_join_network   (PatWindow           *self,
                                       const char          *address,
                                       guint                port,
                                       const char          *name,
                                       int                  team,
                                       const char          *code);

G_END_DECLS
