/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatCelebration: a short burst of confetti over the board when a game is won. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PAT_TYPE_CELEBRATION (pat_celebration_get_type ())

G_DECLARE_FINAL_TYPE (PatCelebration, pat_celebration, PAT, CELEBRATION, GtkWidget)

GtkWidget *pat_celebration_new     (void);
/* Starts the confetti; does nothing when animations are off (GtkSettings or @animations). */
void       pat_celebration_start   (PatCelebration *self,
                                    gboolean        animations);
void       pat_celebration_stop    (PatCelebration *self);
gboolean   pat_celebration_running (PatCelebration *self);

G_END_DECLS
