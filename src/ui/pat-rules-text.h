/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules of every game as text for people, translated. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The game's name, translated; NULL for an unknown id. */
const char *pat_rules_text_name    (const char *game_id);
/* The name where room is short, translated: the name itself unless the game has a shorter one. */
const char *pat_rules_text_short_name (const char *game_id);
/* One line saying what the game is about, translated. */
const char *pat_rules_text_summary (const char *game_id);
/* The full rules, several paragraphs separated by blank lines, translated. */
const char *pat_rules_text_rules   (const char *game_id);

G_END_DECLS
