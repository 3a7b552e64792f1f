/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatBoard: draws any game from its layout description and lets the player move cards. */
#pragma once

#include <gtk/gtk.h>

#include "pat-game.h"

G_BEGIN_DECLS

#define PAT_TYPE_BOARD (pat_board_get_type ())

G_DECLARE_FINAL_TYPE (PatBoard, pat_board, PAT, BOARD, GtkWidget)

/*
 * Properties: game (PatGame, read-write, nullable), animations (boolean, default TRUE; the board
 *   also honours gtk-enable-animations), click-to-move (boolean, default TRUE), four-colour
 *   (boolean), card-back (string), auto-foundation (boolean: forwarded to the game shown,
 *   PatGame:auto-foundation, which sends up by itself what the rules call safe; Penguin and Demon
 *   only), animating (boolean, read-only: notified when an animation starts and when the last one
 *   ends).
 * Signals:
 *   message (const char *text) — something to tell the player in the status line ("A Nine goes on
 *   a Ten of the same suit", a refused move's reason, translated); the window shows it.
 */

GtkWidget *pat_board_new              (void);
PatGame   *pat_board_get_game         (PatBoard      *self);
void       pat_board_set_game         (PatBoard      *self,
                                       PatGame       *game);
/* Highlights the cards and destination of @move until the next move (a hint); NULL clears it. */
void       pat_board_show_hint        (PatBoard      *self,
                                       const PatMove *move);
/* Finishes any running animation at once (input during an animation calls this first). */
void       pat_board_finish_animations (PatBoard     *self);
/* Whether an animation is running (tests wait on it). */
gboolean   pat_board_is_animating     (PatBoard      *self);
/* The rectangle of a pile's card at @depth (0 = top) in widget coordinates, for tests and
 * accessibility; FALSE when the pile is empty and @depth > 0. */
gboolean   pat_board_get_card_bounds  (PatBoard      *self,
                                       guint          pile,
                                       guint          depth,
                                       graphene_rect_t *bounds);
/* The rectangles the hint shown marks (its cards and where they go), in widget coordinates, for
 * whatever tells of the hint to keep clear of them; returns how many (at most 3). */
guint      pat_board_get_hint_bounds  (PatBoard      *self,
                                       graphene_rect_t bounds[3]);
/* The top card (or the slot) of the game's hole, which shows how a game of Black Hole or All in
 * a Row ended; FALSE when the game has no hole. */
gboolean   pat_board_get_hole_bounds  (PatBoard      *self,
                                       graphene_rect_t *bounds);

G_END_DECLS
