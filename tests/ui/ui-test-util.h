/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the UI tests share: running the main loop for a while, and the one application of a test
 * process. */
#pragma once

#include "pat-application.h"

G_BEGIN_DECLS

/* Runs the main loop for @ms milliseconds. */
void            spin     (guint ms);
/* The test process's application (a process can export only one on the session bus), with
 * animations and automatic foundation moves off so that tests are deterministic. */
PatApplication *make_app (void);

G_END_DECLS
