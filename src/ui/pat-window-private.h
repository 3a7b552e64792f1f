/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What PatWindow's files share: its struct and the actions' entry points. */
#pragma once

#include "pat-celebration.h"
#include "pat-net-panel.h"
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
  AdwHeaderBar        *header_bar;
  GtkWindowControls   *start_controls;  /* the window's buttons as the desktop places them */
  GtkWindowControls   *end_controls;
  GtkWindowControls   *narrow_start_controls;  /* a narrow window's: the close button only */
  GtkWindowControls   *narrow_end_controls;
  GtkLabel            *narrow_title;   /* the title in a narrow window: two lines, no subtitle */
  GtkWidget           *wide_title;     /* a reference to window_title, kept while not shown */
  GtkWidget           *new_game_button;  /* "+": New Game, or a match's End Turn, Next Turn */
  GtkWidget           *leave_fullscreen_button;   /* shown while fullscreen */
  GtkWidget           *status_bar;
  GtkWidget           *status_row;
  GtkWidget           *status_row2;
  GtkWidget           *status_tail;
  gboolean             narrow;         /* a phone-sized window: a shorter header and status line */
  gboolean             end_compact;    /* the end card is arranged for a narrow window */
  PatBoard            *board;
  PatCelebration      *celebration;
  GtkRevealer         *end_revealer;
  GtkImage            *end_icon;
  GtkLabel            *end_title;
  GtkLabel            *end_description;
  GtkButton           *end_new_game_button;
  GtkOrientable       *end_buttons;
  GtkButton           *end_undo_button;
  GtkButton           *end_restart_button;
  GtkLabel            *game_label;
  GtkInscription      *moves_label;    /* the status line's counts: see pat_window_set_count() */
  GtkInscription      *time_label;
  GtkInscription      *extra_label;
  char                *count_fits[3];  /* what each count is sized for */
  char                *count_rooms[3]; /* the font and number of digits of its room */
  int                  count_sizes[3]; /* that room: pixels, or characters where it may be cut */
  guint                refit_id;       /* sizes the counts again for a new font */
  GtkLabel            *message_label;
  GtkWidget           *verdict_box;
  GtkLabel            *verdict_label;
  GtkButton           *verdict_undo_button;

  PatSession          *session;        /* what is played, and what happens to it */
  PatGame             *game;           /* the session's game */
  GSignalGroup        *game_signals;

  guint                scoreboard_id;  /* shows the scoreboard a moment after a turn ends */
  GtkWindow           *scoreboard;     /* weak */
  GtkWindow           *confirmation;   /* weak: "End the turn?", "Abandon the match?" */
  GSettings           *settings;
  guint                message_id;     /* clears the status message */
  gboolean             message_refusal; /* it says why the board refused a move */
  gboolean             verdict_wanted;  /* the solver's verdict is to show (where there is room) */
  guint                status_crowding; /* a wide line's message hides: 1, what follows the time;
                                         * 2, all the rest (pat_window_fit_status) */
  char                *last_toast;     /* for tests: what the last toast said */
  guint                n_toasts;       /* for tests: how many toasts were shown */
  AdwToast            *hint_toast;     /* the hint in words, until the next move */
  gint64               hint_added;     /* monotonic µs when hint_toast was added */
  gpointer             hint_leaving;   /* the Dismissal of the hint before, until it is done */
  AdwToast            *left_toast;     /* "… counts as a loss", with Undo, until the next move */

  /* The solver's side: pat-window-solver.c */
  AdwToast            *search_toast;   /* added SEARCH_TOAST_DELAY_MS after the search starts */
  guint                search_toast_id;
  PatVerdict           shown_verdict;  /* what the winnability line says of this game */
  guint                thinking_id;    /* "Thinking…" replaces a verdict kept this long */
  gboolean             thinking_due;   /* it has been kept long enough */

  GtkWidget           *play_area;      /* the board, and beside it (below, narrow) the net panel */
  PatNetPanel         *net_panel;      /* a network match's live scoreboard */
  GtkWidget           *net_box;        /* its scrolled box, of a set size */
  PatNetPlay          *net_play;       /* the network match played here, or NULL */
};

/* pat-window.c */
void pat_window_set_count             (PatWindow      *self,
                                       GtkInscription *count,
                                       const char     *text);
void pat_window_set_tooltip           (GtkWidget      *widget,
                                       const char     *text);

void pat_window_class_install_actions (GtkWidgetClass *widget_class);
void pat_window_actions_init          (PatWindow      *self);
/* Follows the session's drivers (Play to the End, the Demo) once the window has its session. */
void pat_window_actions_setup         (PatWindow      *self);

/* pat-window-solver.c: winnability, hints, the demo and winnable-only deals. */
void     pat_window_solver_class_init  (GtkWidgetClass *widget_class);
void     pat_window_solver_setup       (PatWindow      *self);

/* pat-window-net.c */
void     pat_window_net_setup          (PatWindow      *self);
void     pat_window_net_dispose        (PatWindow      *self);
void     pat_window_net_set_narrow     (PatWindow      *self,
                                        gboolean        narrow);
void     pat_window_open_net_dialog    (PatWindow      *self,
                                        gboolean        host);
void     pat_window_solver_dispose     (PatWindow      *self);
void     pat_window_solver_update      (PatWindow      *self);
/* Shows the solver's verdict in the status line, as the window's width allows. */
void     pat_window_update_verdict     (PatWindow      *self);
/* Shows (after a moment) or hides the toast of a search for a winnable deal. */
void     pat_window_update_search      (PatWindow      *self);
/* Closes the window @slot weakly points to (g_set_weak_pointer()), if any, and clears it. */
void pat_window_forget_window         (GtkWindow     **slot);
void pat_window_update_actions        (PatWindow      *self);
/* Shows the ■ button while Play to the End or the Demo plays. */
void pat_window_update_stop           (PatWindow      *self);
/* Gives the keyboard focus to the board, unless an ended game's card has it. */
void pat_window_focus_board           (PatWindow      *self);
/* Shows what of the status line fits beside its message (pat-window.c). */
void pat_window_fit_status            (PatWindow      *self);
void pat_window_set_message           (PatWindow      *self,
                                       const char     *text);
/* A hint in words, where a player sees it (a toast over the board) and in the status line for
 * screen readers; it goes away at the next move. */
void pat_window_show_hint             (PatWindow      *self,
                                       const char     *text);
void pat_window_dismiss_hint          (PatWindow      *self);

/* Demon matches: the session plays the turns; the window shows them. */
void       pat_window_end_turn          (PatWindow      *self);
void       pat_window_start_next_turn   (PatWindow      *self);
GtkWindow *pat_window_show_scoreboard   (PatWindow      *self);

/* For tests. */
const char *pat_window_get_last_toast    (PatWindow      *self);
gboolean    pat_window_get_end_shown     (PatWindow      *self);
GtkWindow  *pat_window_get_scoreboard    (PatWindow      *self);
GtkWindow  *pat_window_get_confirmation  (PatWindow      *self);

G_END_DECLS
