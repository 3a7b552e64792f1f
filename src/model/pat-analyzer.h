/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatAnalyzer: whether the game in play can still be won, worked out in a worker thread when the
 * verdict is shown or the player asks. */
#pragma once

#include <gio/gio.h>

#include "pat-game.h"
#include "pat-difficulty.h"
#include "pat-solver.h"

G_BEGIN_DECLS

typedef enum {
  PAT_VERDICT_OFF,         /* no game, analysis turned off, the game is over, or it plays itself */
  PAT_VERDICT_THINKING,    /* a search is running for this position */
  PAT_VERDICT_WINNABLE,    /* a winning line from here is known */
  PAT_VERDICT_LOST,        /* proven: no win from here */
  PAT_VERDICT_UNKNOWN,     /* the search ran out of its budget */
  PAT_VERDICT_IDLE,        /* nobody asked: no search has looked at this position */
} PatVerdict;

#define PAT_TYPE_VERDICT (pat_verdict_get_type ())
GType pat_verdict_get_type (void) G_GNUC_CONST;

#define PAT_TYPE_ANALYZER (pat_analyzer_get_type ())

G_DECLARE_FINAL_TYPE (PatAnalyzer, pat_analyzer, PAT, ANALYZER, GObject)

/*
 * Properties: game (PatGame, read-write), enabled (boolean, default TRUE), watched (boolean,
 *   default FALSE: the verdict is on screen), asked (boolean: the player asked about this
 *   position), power-saver (boolean: one thread, shorter looks; follows GPowerProfileMonitor),
 *   verdict (PatVerdict, read-only), undo-count (uint, read-only: when the verdict is LOST, how
 *   many undos lead back to the latest position proven winnable; 0 when none is known),
 *   searching (boolean, read-only: a search is running).
 * The analyser searches only while someone wants the answer: while the verdict is watched, or
 * while a question is asked (it closes when the position changes). What it learnt stays while it
 * is true: a winning line while the player follows it, a loss whatever follows it. The search
 * never blocks the main thread: it runs in a GTask worker thread on a copy of the position and is
 * cancelled when the position changes or nobody wants it any more. A game that plays itself
 * (Perpetual Motion) is never analysed: its outcome is not announced before it happens.
 */

PatAnalyzer *pat_analyzer_new            (void);
PatGame     *pat_analyzer_get_game       (PatAnalyzer   *self);
void         pat_analyzer_set_game       (PatAnalyzer   *self,
                                          PatGame       *game);
gboolean     pat_analyzer_get_enabled    (PatAnalyzer   *self);
void         pat_analyzer_set_enabled    (PatAnalyzer   *self,
                                          gboolean       enabled);
gboolean     pat_analyzer_get_watched    (PatAnalyzer   *self);
void         pat_analyzer_set_watched    (PatAnalyzer   *self,
                                          gboolean       watched);
gboolean     pat_analyzer_get_asked      (PatAnalyzer   *self);
void         pat_analyzer_set_asked      (PatAnalyzer   *self,
                                          gboolean       asked);
gboolean     pat_analyzer_get_power_saver (PatAnalyzer  *self);
void         pat_analyzer_set_power_saver (PatAnalyzer  *self,
                                          gboolean       power_saver);
PatVerdict   pat_analyzer_get_verdict    (PatAnalyzer   *self);
guint        pat_analyzer_get_undo_count (PatAnalyzer   *self);
gboolean     pat_analyzer_get_deal_lost  (PatAnalyzer   *self);
gboolean     pat_analyzer_get_searching  (PatAnalyzer   *self);
gboolean     pat_analyzer_get_settled    (PatAnalyzer   *self);
/* The winning line from the current position, when the verdict is WINNABLE. */
gboolean     pat_analyzer_get_next_move  (PatAnalyzer   *self,
                                          PatMove       *move);
const PatMove *pat_analyzer_get_line     (PatAnalyzer   *self,
                                          guint         *n_moves);

/* Whether the position of @rules can be won, a winning line when it can (@solution), within
 * @seconds. Perpetual Motion, which has no decisions, is answered by its known fate (for the
 * search of winnable deals, never to announce it). Blocking: call it from a worker thread. */
PatSolveResult pat_analyze_position      (const PatRules *rules,
                                          const PatState *state,
                                          double          seconds,
                                          const gint     *cancel,
                                          PatSolution    *solution);

/* Draws random deals of @game_id until one is proven winnable (at most @max_tries), in a worker
 * thread. The result is the deal number, or an error (G_IO_ERROR_CANCELLED, G_IO_ERROR_FAILED). */
void         pat_find_winnable_deal_async  (const char          *game_id,
                                            const PatOptions    *options,
                                            guint                max_tries,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
gboolean     pat_find_winnable_deal_finish (GAsyncResult        *result,
                                            PatDealNumber       *deal,
                                            GError             **error);

/* As pat_find_winnable_deal_async(), for a deal of @difficulty (EASY, MEDIUM or HARD; any other
 * value: any winnable deal) in a game with a solver; Perpetual Motion has no difficulty and is
 * searched as by pat_find_winnable_deal_async(). A deal whose playout score gives another level
 * costs no solver time, so a try is a fraction of a millisecond unless the level matches.
 * Cancelling stops a search under way too. Finish with pat_find_winnable_deal_finish(). */
void         pat_find_deal_async           (const char          *game_id,
                                            const PatOptions    *options,
                                            PatDifficulty        difficulty,
                                            guint                max_tries,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);

G_END_DECLS
