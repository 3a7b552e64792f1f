/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatSession: what one window plays, and everything that happens to it. */
#pragma once

#include <gio/gio.h>

#include "pat-analyzer.h"
#include "pat-game.h"
#include "pat-match-play.h"
#include "pat-stats.h"
#include "pat-store.h"

G_BEGIN_DECLS

/* What plays the game besides the player. */
typedef enum {
  PAT_DRIVER_NONE,
  PAT_DRIVER_PLAY_TO_END,   /* a game that plays itself, dealt at the session's play speed */
  PAT_DRIVER_DEMO,          /* the solver's winning line, a move at a time */
} PatDriver;

#define PAT_TYPE_DRIVER (pat_driver_get_type ())
GType pat_driver_get_type (void) G_GNUC_CONST;

/* What the player asked the analyser, while it looks for the answer. */
typedef enum {
  PAT_QUESTION_NONE,
  PAT_QUESTION_HINT,        /* the best move from here */
  PAT_QUESTION_DEMO,        /* a winning line for the Demo to play */
} PatQuestion;

#define PAT_TYPE_QUESTION (pat_question_get_type ())
GType pat_question_get_type (void) G_GNUC_CONST;

/* What pat_session_hint() could say at once. */
typedef enum {
  PAT_HINT_NONE,            /* no move to suggest */
  PAT_HINT_FOUND,           /* the move is the hint */
  PAT_HINT_ASKED,           /* the analyser is looking: #PatSession::answered brings the hint */
} PatHint;

/* The slowest and fastest Play to the End, in deals per second. */
#define PAT_PLAY_SPEED_SLOWEST 0.25
#define PAT_PLAY_SPEED_FASTEST 1000.0

#define PAT_TYPE_SESSION (pat_session_get_type ())

G_DECLARE_FINAL_TYPE (PatSession, pat_session, PAT, SESSION, GObject)

PatSession   *pat_session_new              (PatStore            *store,
                                            PatStats            *stats);
PatStore     *pat_session_get_store        (PatSession          *self);
PatStats     *pat_session_get_stats        (PatSession          *self);
PatAnalyzer  *pat_session_get_analyzer     (PatSession          *self);
PatGame      *pat_session_get_game         (PatSession          *self);
PatDriver     pat_session_get_driver       (PatSession          *self);
gboolean      pat_session_get_searching    (PatSession          *self);
PatQuestion   pat_session_get_question     (PatSession          *self);

/* How new deals are made: Demon's die, winnable deals only, and of which difficulty. */
PatDieMode    pat_session_get_die_mode     (PatSession          *self);
void          pat_session_set_die_mode     (PatSession          *self,
                                            PatDieMode           die_mode);
gboolean      pat_session_get_winnable_only (PatSession         *self);
void          pat_session_set_winnable_only (PatSession         *self,
                                            gboolean             winnable_only);
PatDifficulty pat_session_get_difficulty   (PatSession          *self);
void          pat_session_set_difficulty   (PatSession          *self,
                                            PatDifficulty        difficulty);
double        pat_session_get_play_speed   (PatSession          *self);
void          pat_session_set_play_speed   (PatSession          *self,
                                            double               speed);
guint         pat_session_get_demo_interval (PatSession         *self);
void          pat_session_set_demo_interval (PatSession         *self,
                                            guint                milliseconds);

/* Playing. Each leaves the game in play as the rules say: a started, unfinished game left for
 * another deal counts as a loss, once; switching games keeps the game left saved. */
void          pat_session_resume           (PatSession          *self);
void          pat_session_open_game        (PatSession          *self,
                                            const char          *game_id);
void          pat_session_start_deal       (PatSession          *self,
                                            const char          *game_id,
                                            const PatDealNumber *deal);
void          pat_session_new_deal         (PatSession          *self,
                                            const char          *game_id);
void          pat_session_cancel_search    (PatSession          *self);
void          pat_session_restart          (PatSession          *self);
gboolean      pat_session_undo             (PatSession          *self);
gboolean      pat_session_redo             (PatSession          *self);
guint         pat_session_undo_to_winnable (PatSession          *self);
gboolean      pat_session_get_can_undo_leave (PatSession        *self);
gboolean      pat_session_undo_leave       (PatSession          *self);
PatHint       pat_session_hint             (PatSession          *self,
                                            PatMove             *move);
void          pat_session_cancel_question  (PatSession          *self);
void          pat_session_close            (PatSession          *self);

/* Drivers. */
gboolean      pat_session_play_to_end      (PatSession          *self);
gboolean      pat_session_start_demo       (PatSession          *self);
void          pat_session_stop_playing     (PatSession          *self);

/* Demon matches played turn by turn. */
PatMatchPlay *pat_session_get_match_play   (PatSession          *self);
PatMatch     *pat_session_get_match        (PatSession          *self);
gboolean      pat_session_get_game_in_match (PatSession         *self);
void          pat_session_play_match       (PatSession          *self,
                                            PatMatch            *match);
gboolean      pat_session_resume_match     (PatSession          *self);
void          pat_session_end_turn         (PatSession          *self);
void          pat_session_start_next_turn  (PatSession          *self);
void          pat_session_leave_match      (PatSession          *self);
void          pat_session_abandon_match    (PatSession          *self);

/* Demon matches played on several computers: a round's game, which the host replays. */
void          pat_session_play_shared      (PatSession          *self,
                                            PatGame             *game);
void          pat_session_leave_shared     (PatSession          *self);
gboolean      pat_session_get_shared       (PatSession          *self);

G_END_DECLS
