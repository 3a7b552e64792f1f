/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatGame: one game in play — an engine position with undo/redo, timing, signals and
 * (de)serialisation. */
#pragma once

#include <gio/gio.h>

#include "pat-rules.h"

G_BEGIN_DECLS

#define PAT_TYPE_STATUS (pat_status_get_type ())
#define PAT_TYPE_DIE_MODE (pat_die_mode_get_type ())
GType pat_status_get_type   (void) G_GNUC_CONST;
GType pat_die_mode_get_type (void) G_GNUC_CONST;

/* Why a saved game or match could not be read. */
#define PAT_SAVE_ERROR (pat_save_error_quark ())

typedef enum {
  PAT_SAVE_ERROR_NOT_OURS,        /* not a Patience save file at all */
  PAT_SAVE_ERROR_FUTURE_VERSION,  /* written by a newer version of Patience */
  PAT_SAVE_ERROR_CORRUPT,         /* ours, but damaged or inconsistent */
} PatSaveError;

GQuark pat_save_error_quark (void);

#define PAT_TYPE_GAME (pat_game_get_type ())

G_DECLARE_FINAL_TYPE (PatGame, pat_game, PAT, GAME, GObject)

/*
 * Properties (all readable, notified only on real change):
 *   game-id (string), deal-number (string: deal numbers go past 64 bits; "" for an explicit deck),
 *   status (PatStatus), score (int), moves (uint: player actions taken, undo decrements),
 *   elapsed (uint seconds; starts at the first move, runs only while running is TRUE and the
 *     game is playing),
 *   running (boolean, read-write: the window sets it while it is active),
 *   can-undo, can-redo (boolean), round (uint: Perpetual Motion's round being played, or after
 *     an endless cycle the last round played; Demon's pass),
 *   die (uint: Die of Justice roll, 0 when none), die-mode (PatDieMode),
 *   started, recorded (boolean), hints-used (uint),
 *   assisted (boolean: the Demo played a move in this attempt; undo does not clear it),
 *   auto-foundation (boolean, read-write: cards the rules call safe go up by themselves, after
 *     each move as part of it, and before the first move as part of the deal).
 * Signals:
 *   changed ()                           — any change of the position (move, undo, redo, restart)
 *   move-applied (gpointer move, gpointer steps)
 *                                        — what a move did: the move played (const PatMove *;
 *                                          NULL when only cards going up by themselves moved: at
 *                                          the deal, or when auto-foundation resumes) and, card by
 *                                          card and stage by stage, everything that moved (a GArray
 *                                          of PatMoveStep, see pat_rules_apply_steps()): the move,
 *                                          the automatic moves it caused, the cards that went up
 *                                          after it. Emitted after the position changed and before
 *                                          "changed"; not for undo, redo or restart; both pointers
 *                                          are valid during the emission only
 *   finished (PatStatus status, const char *reason)
 *                                        — the game ended (won, blocked or cycle), once per
 *                                          reaching the end; reason is a translated sentence
 * A move emits, in order: move-applied, changed, the property notifications, then finished.
 */

PatGame        *pat_game_new             (const char          *game_id,
                                          const PatDealNumber *deal,
                                          const PatOptions    *options);
PatGame        *pat_game_new_from_deck   (const char          *game_id,
                                          const PatCard        deck[PAT_N_CARDS],
                                          const PatOptions    *options);

const char     *pat_game_get_game_id     (PatGame             *self);
const PatRules *pat_game_get_rules       (PatGame             *self);
const PatState *pat_game_get_state       (PatGame             *self);
gboolean        pat_game_get_deal        (PatGame             *self,
                                          PatDealNumber       *deal);
char           *pat_game_dup_deal_number (PatGame             *self);
PatOptions      pat_game_get_options     (PatGame             *self);
PatStatus       pat_game_get_status      (PatGame             *self);
int             pat_game_get_score       (PatGame             *self);
guint           pat_game_get_moves       (PatGame             *self);
guint           pat_game_get_elapsed     (PatGame             *self);
gboolean        pat_game_get_running     (PatGame             *self);
void            pat_game_set_running     (PatGame             *self,
                                          gboolean             running);
gboolean        pat_game_get_can_undo    (PatGame             *self);
gboolean        pat_game_get_can_redo    (PatGame             *self);
guint           pat_game_get_round       (PatGame             *self);
guint           pat_game_get_die         (PatGame             *self);
/* Whether a move has been made since the deal (a game that ends unplayed is no loss); undoing
 * every move does not clear it, only pat_game_restart() does. */
gboolean        pat_game_get_started     (PatGame             *self);
/* Whether this game has already been counted in the statistics (it ended once). */
gboolean        pat_game_get_recorded    (PatGame             *self);
void            pat_game_set_recorded    (PatGame             *self,
                                          gboolean             recorded);
guint           pat_game_get_hints_used  (PatGame             *self);
void            pat_game_add_hint_used   (PatGame             *self);
gboolean        pat_game_get_assisted    (PatGame             *self);
gboolean        pat_game_get_auto_foundation (PatGame         *self);
void            pat_game_set_auto_foundation (PatGame         *self,
                                              gboolean         auto_foundation);
/* Holds back what would go up by itself (the Demo's line makes those moves); on release, what
 * can go up goes at once. */
gboolean        pat_game_get_auto_foundation_paused (PatGame  *self);
/* A network match's round: no undo, redo or restart, nothing goes up by itself. */
void            pat_game_set_replayed    (PatGame             *self);
gboolean        pat_game_get_replayed    (PatGame             *self);
void            pat_game_set_auto_foundation_paused (PatGame  *self,
                                                     gboolean  paused);

void            pat_game_legal_moves     (PatGame             *self,
                                          PatMoveList         *moves);
gboolean        pat_game_suggest_move    (PatGame             *self,
                                          PatMove             *move);
gboolean        pat_game_check_move      (PatGame             *self,
                                          const PatMove       *move,
                                          const char         **reason);
gboolean        pat_game_apply           (PatGame             *self,
                                          const PatMove       *move,
                                          GError             **error);
/* The Demo's move: as pat_game_apply(), and the game becomes assisted. */
gboolean        pat_game_apply_assisted  (PatGame             *self,
                                          const PatMove       *move,
                                          GError             **error);
/* A move that is part of the deal (one that goes up by itself, before the player's first): not
 * undoable, not counted, the game not started. Only while the game is not started. */
gboolean        pat_game_apply_opening   (PatGame             *self,
                                          const PatMove       *move,
                                          GError             **error);
/* A card that goes to its foundation by itself right after the player's move: part of that
 * action, undone and redone with it, not counted. Only while the last action is the latest
 * (nothing to redo). */
gboolean        pat_game_apply_follow_up (PatGame             *self,
                                          const PatMove       *move,
                                          GError             **error);
gboolean        pat_game_undo            (PatGame             *self);
gboolean        pat_game_redo            (PatGame             *self);
void            pat_game_restart         (PatGame             *self);
/* Undo entries, oldest first, for a "undo N moves" offer: the position after 0…moves actions.
 * Returned positions belong to the game and are valid until its next change. */
guint           pat_game_get_history_length (PatGame          *self);
const PatState *pat_game_get_history_state  (PatGame          *self,
                                             guint             index);

/* Redo entries, the next one to redo first. */
guint           pat_game_get_redo_length (PatGame             *self);
const PatState *pat_game_get_redo_state  (PatGame             *self,
                                          guint                index);
/* The deck the game was dealt from, top card first. */
const PatCard  *pat_game_get_deck        (PatGame             *self);
/* The translated sentence saying why the game is over, or %NULL while it is being played. */
char           *pat_game_dup_end_reason  (PatGame             *self);

GVariant       *pat_game_serialize       (PatGame             *self);
PatGame        *pat_game_deserialize     (GVariant            *variant,
                                          GError             **error);
/* The save-file form: the serialized game, little-endian, ready to write. */
GBytes         *pat_game_save_to_bytes   (PatGame             *self);
PatGame        *pat_game_new_from_bytes  (GBytes              *bytes,
                                          GError             **error);

G_END_DECLS
