/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatRulesWindow: a game's rules, for a quick look (win.rules, and F1 without a help viewer). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PAT_TYPE_RULES_WINDOW (pat_rules_window_get_type ())

G_DECLARE_FINAL_TYPE (PatRulesWindow, pat_rules_window, PAT, RULES_WINDOW, AdwWindow)

PatRulesWindow *pat_rules_window_new (GtkWindow  *parent,
                                      const char *game_id);

G_END_DECLS
