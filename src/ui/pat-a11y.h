/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Buttons with a mnemonic, named for screen readers without the underscore. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void pat_a11y_set_button_label     (GtkButton *button,
                                    const char *mnemonic_label);
void pat_a11y_name_mnemonic_buttons (GtkWidget *root);
/* "_Save __all" → "Save _all": a mnemonic label's words. */
char *pat_a11y_strip_mnemonic       (const char *text);

G_END_DECLS
