/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the UI tests share: running the main loop for a while, and the one application of a test
 * process. */
#pragma once

#include "pat-application.h"
#include "pat-window.h"

G_BEGIN_DECLS

/* Runs the main loop for @ms milliseconds. */
void            spin     (guint ms);
/* Runs the main loop until @widget is mapped and has been drawn @frames times since the call
 * (its layout done), however long a loaded machine takes; gives up after 20 s. */
gboolean        wait_for_frames (GtkWidget *widget,
                                 guint      frames);
/* The test process's application (a process can export only one on the session bus), with
 * animations and automatic foundation moves off so that tests are deterministic. */
PatApplication *make_app (void);
PatWindow      *make_window (PatApplication *app,
                             int             width,
                             int             height);
void            close_all_windows (void);

G_END_DECLS
