/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Toasts whose text shows whole, on as many lines as it needs, clear of what they are about. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

AdwToast   *pat_toast_new      (const char *text) G_GNUC_WARN_UNUSED_RESULT;
const char *pat_toast_get_text (AdwToast   *toast);
void        pat_toast_set_clear_of (AdwToast              *toast,
                                    GtkWidget             *widget,
                                    const graphene_rect_t *rects,
                                    guint                  n_rects);

G_END_DECLS
