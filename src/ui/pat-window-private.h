/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What PatWindow's files share: its struct and the actions' entry points. */
#pragma once

#include "pat-analyzer.h"
#include "pat-celebration.h"
#include "pat-match-play.h"
#include "pat-window.h"

G_BEGIN_DECLS

struct _PatWindow {
  AdwApplicationWindow parent_instance;

  /* Template children */
  AdwToastOverlay     *toast_overlay;
  AdwWindowTitle      *window_title;
  GtkMenuButton       *menu_button;
  GtkWidget           *stop_button;    /* shown while playing to the end */
  GtkWidget           *redo_button;
  GtkWidget           *hint_button;    /* hidden in a game that plays itself */
  GtkWidget           *leave_fullscreen_button;   /* shown while fullscreen */
  GtkWidget           *status_bar;
  GtkWidget           *status_row;
  GtkWidget           *status_row2;
  GtkWidget           *status_tail;
  gboolean             narrow;         /* a phone-sized window: a shorter header and status line */
  PatBoard            *board;
  PatCelebration      *celebration;
  GtkRevealer         *end_revealer;
  GtkImage            *end_icon;
  GtkLabel            *end_title;
  GtkLabel            *end_description;
  GtkButton           *end_new_game_button;
  GtkLabel            *game_label;
  GtkLabel            *moves_label;
  GtkLabel            *time_label;
  GtkLabel            *extra_label;
  GtkLabel            *message_label;
  GtkWidget           *verdict_box;
  GtkLabel            *verdict_label;
  GtkButton           *verdict_undo_button;

  PatGame             *game;
  GSignalGroup        *game_signals;

  /* A Demon match being played in this window (its turns are the model's), or NULL. */
  PatMatchPlay        *match_play;
  gboolean             game_in_match;  /* the game shown is a match's, not the player's own */
  guint                scoreboard_id;  /* shows the scoreboard a moment after a turn ends */
  GtkWindow           *scoreboard;     /* weak */
  GtkWindow           *confirmation;   /* weak: "End the turn?", "Abandon the match?" */
  GSettings           *settings;
  guint                play_id;        /* Perpetual Motion's play to the end */
  guint                play_interval;  /* milliseconds between the ticks of play_id */
  double               play_speed;     /* deals per second */
  gint64               play_start;     /* monotonic time the speed was set */
  guint                play_done;      /* deals made since */
  gulong               play_speed_id;  /* changed::play-speed, while playing */
  guint                message_id;     /* clears the status message */
  gboolean             message_refusal; /* it says why the board refused a move */
  gboolean             verdict_wanted;  /* the solver's verdict is to show (where there is room) */
  guint                status_crowding; /* a wide line's message hides: 1, what follows the time;
                                         * 2, all the rest (pat_window_fit_status) */
  char                *last_toast;     /* for tests: what the last toast said */
  guint                n_toasts;       /* for tests: how many toasts were shown */
  AdwToast            *hint_toast;     /* the hint in words, until the next move */

  /* The solver's side: pat-window-solver.c */
  PatAnalyzer         *analyzer;
  guint                demo_id;        /* the demo's next move */
  guint                demo_interval;  /* milliseconds between the demo's moves */
  GCancellable        *deal_search;    /* looking for a winnable deal */
  AdwToast            *search_toast;   /* added SEARCH_TOAST_DELAY_MS after the search starts */
  guint                search_toast_id;
};

void pat_window_class_install_actions (GtkWidgetClass *widget_class);
void pat_window_actions_init          (PatWindow      *self);

/* pat-window-solver.c: winnability, hints, the demo and winnable-only deals. */
void     pat_window_solver_class_init  (GtkWidgetClass *widget_class);
void     pat_window_solver_setup       (PatWindow      *self);
void     pat_window_solver_set_game    (PatWindow      *self,
                                        PatGame        *game);
void     pat_window_solver_dispose     (PatWindow      *self);
void     pat_window_solver_update      (PatWindow      *self);
/* Shows the solver's verdict in the status line, as the window's width allows. */
void     pat_window_update_verdict     (PatWindow      *self);
gboolean pat_window_solver_hint        (PatWindow      *self,
                                        PatMove        *move);
void     pat_window_stop_demo          (PatWindow      *self);
/* Starts a new random deal of @game_id; a winnable one when the player asked for those. */
void     pat_window_new_random_deal    (PatWindow      *self,
                                        const char     *game_id);
/* Closes the window @slot weakly points to (g_set_weak_pointer()), if any, and clears it. */
void pat_window_forget_window         (GtkWindow     **slot);
void pat_window_update_actions        (PatWindow      *self);
/* Shows what of the status line fits beside its message (pat-window.c). */
void pat_window_fit_status            (PatWindow      *self);
void pat_window_stop_playing          (PatWindow      *self);
void pat_window_set_message           (PatWindow      *self,
                                       const char     *text);
/* A hint in words, where a player sees it (a toast over the board) and in the status line for
 * screen readers; it goes away at the next move. */
void pat_window_show_hint             (PatWindow      *self,
                                       const char     *text);
void pat_window_dismiss_hint          (PatWindow      *self);
/* Toasts the window dismisses by itself go through this: a toast is dismissed only once it has
 * come in (see pat-window.c). */
void pat_window_dismiss_toast         (PatWindow      *self,
                                       AdwToast       *toast);

/* Demon matches. The window plays the match's games in turn; the match is saved after every
 * change and resumes at the next start when it was the last thing played (the store's
 * "resume-match"). */

void       pat_window_play_match        (PatWindow      *self,
                                         PatMatch       *match);
gboolean   pat_window_resume_match      (PatWindow      *self);
PatMatchPlay *pat_window_get_match_play (PatWindow      *self);
/* Ends the current player's turn with the game's score (as when the game ends). */
void       pat_window_end_turn          (PatWindow      *self);
void       pat_window_start_next_turn   (PatWindow      *self);
/* Forgets the match (its file is removed) and goes back to ordinary Demon. */
void       pat_window_abandon_match     (PatWindow      *self);
GtkWindow *pat_window_show_scoreboard   (PatWindow      *self);
/* Leaves match mode, keeping an unfinished match saved. */
void       pat_window_leave_match       (PatWindow      *self);

/* For tests. */
const char *pat_window_get_last_toast    (PatWindow      *self);
gboolean    pat_window_get_end_shown     (PatWindow      *self);
GtkWindow  *pat_window_get_scoreboard    (PatWindow      *self);
GtkWindow  *pat_window_get_confirmation  (PatWindow      *self);

G_END_DECLS
