/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What PatWindow's files share: its struct and the actions' entry points. */
#pragma once

#include "pat-celebration.h"
#include "pat-window.h"

G_BEGIN_DECLS

struct _PatWindow {
  AdwApplicationWindow parent_instance;

  /* Template children */
  AdwToastOverlay     *toast_overlay;
  AdwWindowTitle      *window_title;
  GtkMenuButton       *menu_button;
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

  PatGame             *game;
  GSignalGroup        *game_signals;
  GSettings           *settings;
  guint                play_id;        /* Perpetual Motion's play to the end */
  guint                message_id;     /* clears the status message */
  char                *last_toast;     /* for tests: what the last toast said */
};

void pat_window_class_install_actions (GtkWidgetClass *widget_class);
void pat_window_update_actions        (PatWindow      *self);
void pat_window_stop_playing          (PatWindow      *self);
void pat_window_set_message           (PatWindow      *self,
                                       const char     *text);

/* For tests. */
const char *pat_window_get_last_toast (PatWindow      *self);
gboolean    pat_window_get_end_shown  (PatWindow      *self);

G_END_DECLS
