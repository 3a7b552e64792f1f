/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatPreferences: the preferences window, every row bound to a GSettings key. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PAT_TYPE_PREFERENCES (pat_preferences_get_type ())

G_DECLARE_FINAL_TYPE (PatPreferences, pat_preferences, PAT, PREFERENCES, AdwPreferencesWindow)

PatPreferences *pat_preferences_new           (GtkWindow   *parent,
                                               GSettings   *settings);
/* Fills @row with the Die of Justice's modes, in the order of PatDieMode; the game chooser
 * and the match dialog share them. */
void            pat_preferences_fill_die_mode (AdwComboRow *row);
/* The same, with the row bound to the key "demon-die-mode". */
void            pat_preferences_bind_die_mode (AdwComboRow *row,
                                               GSettings   *settings);

/* Whether the winnability line is chosen for @game_id (the key "winnability-by-game"; by default
 * on where the player sees every card), whatever the switch for all games ("show-winnability"). */
gboolean        pat_preferences_get_winnability (GSettings  *settings,
                                                 const char *game_id);
void            pat_preferences_set_winnability (GSettings  *settings,
                                                 const char *game_id,
                                                 gboolean    shown);

/* Deals per second of Play to the End at its fastest setting. */

G_END_DECLS
