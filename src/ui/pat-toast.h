/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Toasts whose text shows whole, on as many lines as it needs, clear of what they are about. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PAT_TOAST_MAX_CLEAR 4

/* Fills @rects (room for PAT_TOAST_MAX_CLEAR) with what a toast must not cover, in @widget's
 * coordinates, and returns how many. */
typedef guint (*PatToastClearFunc) (GtkWidget       *widget,
                                    graphene_rect_t *rects);

AdwToast   *pat_toast_new          (const char        *text) G_GNUC_WARN_UNUSED_RESULT;
const char *pat_toast_get_text     (AdwToast          *toast);
void        pat_toast_set_text     (AdwToast          *toast,
                                    const char        *text);
void        pat_toast_set_clear_of (AdwToast          *toast,
                                    GtkWidget         *widget,
                                    PatToastClearFunc  func);

G_END_DECLS
