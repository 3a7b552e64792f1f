/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatWindow: the main window — header bar, board and status line around one game. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-rules-text.h"
#include "pat-window-private.h"

G_DEFINE_FINAL_TYPE (PatWindow, pat_window, ADW_TYPE_APPLICATION_WINDOW)

static PatApplication *
get_app (PatWindow *self)
{
  return PAT_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
}

static char *
format_elapsed (guint seconds)
{
  if (seconds >= 3600)
    return g_strdup_printf ("%u:%02u:%02u", seconds / 3600, seconds / 60 % 60, seconds % 60);
  return g_strdup_printf ("%u:%02u", seconds / 60, seconds % 60);
}

/* Cards not yet on a foundation, in the hole or discarded. */
static guint
cards_left (PatGame *game)
{
  const PatRules *rules = pat_game_get_rules (game);
  const PatState *state = pat_game_get_state (game);
  guint left = PAT_N_CARDS;
  guint i;

  for (i = 0; i < rules->layout->n_piles; i++)
    {
      guint kind = rules->layout->piles[i].kind;

      if (kind == PAT_PILE_FOUNDATION || kind == PAT_PILE_HOLE || kind == PAT_PILE_DISCARD)
        left -= pat_state_pile_len (state, i);
    }
  return left;
}

static void
update_status (PatWindow *self)
{
  g_autofree char *deal = NULL;
  g_autofree char *game_text = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *time = NULL;
  g_autofree char *extra = NULL;
  const char *game_id;
  const char *name;
  guint n;

  if (self->game == NULL)
    return;

  game_id = pat_game_get_game_id (self->game);
  name = pat_rules_text_name (game_id);
  deal = pat_game_dup_deal_number (self->game);

  if (deal != NULL && deal[0] != '\0')
    /* Translators: the status line's game and deal, e.g. "Black Hole · Deal 1234" */
    game_text = g_strdup_printf (_("%s · Deal %s"), name, deal);
  else
    /* Translators: a game dealt from a deck given card by card */
    game_text = g_strdup_printf (_("%s · Own deck"), name);
  gtk_label_set_label (self->game_label, game_text);

  adw_window_title_set_title (self->window_title, name);
  adw_window_title_set_subtitle (self->window_title, deal != NULL && deal[0] != '\0' ? deal : "");

  n = pat_game_get_moves (self->game);
  moves = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", n), n);
  gtk_label_set_label (self->moves_label, moves);

  time = format_elapsed (pat_game_get_elapsed (self->game));
  gtk_label_set_label (self->time_label, time);

  if (g_str_equal (game_id, "demon"))
    {
      if (pat_game_get_die (self->game) != 0)
        /* Translators: Demon's score and the Die of Justice's roll */
        extra = g_strdup_printf (_("Score %d · Die %u"), pat_game_get_score (self->game),
                                 pat_game_get_die (self->game));
      else
        extra = g_strdup_printf (_("Score %d"), pat_game_get_score (self->game));
    }
  else if (g_str_equal (game_id, "perpetual-motion") || g_str_equal (game_id, "perpetual-motion-free"))
    extra = g_strdup_printf (_("Round %u"), pat_game_get_round (self->game));
  else
    {
      n = cards_left (self->game);
      extra = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card left", "%u cards left", n), n);
    }
  gtk_label_set_label (self->extra_label, extra);
}

static gboolean
clear_message_cb (gpointer user_data)
{
  PatWindow *self = user_data;

  self->message_id = 0;
  gtk_label_set_label (self->message_label, "");
  return G_SOURCE_REMOVE;
}

/* Shows @text in the status line for a few seconds (and to screen readers). */
void
pat_window_set_message (PatWindow  *self,
                        const char *text)
{
  g_clear_handle_id (&self->message_id, g_source_remove);
  gtk_label_set_label (self->message_label, text != NULL ? text : "");
  if (text != NULL && text[0] != '\0')
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->message_label),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      self->message_id = g_timeout_add_seconds (6, clear_message_cb, self);
    }
}

void
pat_window_show_toast (PatWindow  *self,
                       const char *text)
{
  AdwToast *toast = adw_toast_new (text);

  g_free (self->last_toast);
  self->last_toast = g_strdup (text);

  adw_toast_set_timeout (toast, 0);   /* an error stays until dismissed */
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
update_running (PatWindow *self)
{
  gboolean running;

  if (self->game == NULL)
    return;
  running = gtk_window_is_active (GTK_WINDOW (self)) &&
            gtk_widget_get_mapped (GTK_WIDGET (self)) &&
            pat_game_get_status (self->game) == PAT_STATUS_PLAYING;
  pat_game_set_running (self->game, running);
}

static void
show_end (PatWindow  *self,
          PatStatus   status,
          const char *reason)
{
  g_autofree char *time = NULL;
  g_autofree char *won_text = NULL;
  guint moves;

  switch (status)
    {
    case PAT_STATUS_WON:
      moves = pat_game_get_moves (self->game);
      time = format_elapsed (pat_game_get_elapsed (self->game));
      gtk_image_set_from_icon_name (self->end_icon, "emblem-ok-symbolic");
      gtk_label_set_label (self->end_title, _("You Won!"));
      /* Translators: %s is the time taken (m:ss), %u the number of moves */
      won_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Solved in %s with %u move.",
                                               "Solved in %s with %u moves.", moves), time, moves);
      if (g_str_equal (pat_game_get_game_id (self->game), "demon"))
        {
          g_autofree char *with_score = g_strdup_printf (_("%s Score: %d."), won_text,
                                                         pat_game_get_score (self->game));
          gtk_label_set_label (self->end_description, with_score);
        }
      else
        gtk_label_set_label (self->end_description, won_text);
      pat_celebration_start (self->celebration, g_settings_get_boolean (self->settings, "animations"));
      break;

    case PAT_STATUS_BLOCKED:
      gtk_image_set_from_icon_name (self->end_icon, "action-unavailable-symbolic");
      gtk_label_set_label (self->end_title, _("No More Moves"));
      gtk_label_set_label (self->end_description, reason);
      break;

    case PAT_STATUS_CYCLE:
      gtk_image_set_from_icon_name (self->end_icon, "media-playlist-repeat-symbolic");
      gtk_label_set_label (self->end_title, _("Endless Cycle"));
      gtk_label_set_label (self->end_description, reason);
      break;

    case PAT_STATUS_PLAYING:
    default:
      gtk_revealer_set_reveal_child (self->end_revealer, FALSE);
      return;
    }

  gtk_revealer_set_reveal_child (self->end_revealer, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->end_new_game_button));
}

static void
game_finished_cb (PatWindow  *self,
                  PatStatus   status,
                  const char *reason,
                  PatGame    *game)
{
  pat_window_stop_playing (self);
  pat_stats_game_finished (pat_application_get_stats (get_app (self)), game);
  update_running (self);
  show_end (self, status, reason);
}

static void
game_changed_cb (PatWindow *self,
                 PatGame   *game)
{
  update_status (self);
  if (pat_game_get_status (game) == PAT_STATUS_PLAYING)
    gtk_revealer_set_reveal_child (self->end_revealer, FALSE);
  update_running (self);
  pat_window_update_actions (self);
}

static void
game_notify_cb (PatWindow  *self,
                GParamSpec *pspec,
                PatGame    *game)
{
  update_status (self);
  pat_window_update_actions (self);
}

static void
board_message_cb (PatWindow  *self,
                  const char *text,
                  PatBoard   *board)
{
  pat_window_set_message (self, text);
}

static void
is_active_cb (PatWindow  *self,
              GParamSpec *pspec,
              gpointer    user_data)
{
  update_running (self);
}

static void
set_game (PatWindow *self,
          PatGame   *game)
{
  PatStore *store = pat_application_get_store (get_app (self));

  pat_window_stop_playing (self);
  if (self->game != NULL)
    pat_game_set_running (self->game, FALSE);

  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  pat_board_set_game (self->board, game);
  pat_store_autosave (store, game);
  pat_store_set_last_game_id (store, pat_game_get_game_id (game));
  g_settings_set_string (self->settings, "last-game", pat_game_get_game_id (game));

  pat_celebration_stop (self->celebration);
  gtk_revealer_set_reveal_child (self->end_revealer, FALSE);
  pat_window_set_message (self, NULL);
  update_status (self);
  update_running (self);
  pat_window_update_actions (self);

  /* A resumed game that had already ended shows its end again. */
  if (pat_game_get_status (game) != PAT_STATUS_PLAYING)
    show_end (self, pat_game_get_status (game), "");
}

static PatDealNumber
random_deal (void)
{
  /* Nine digits: easy to read out and type, far from exhausting. */
  return pat_deal_number_from_uint ((guint64) g_random_int_range (1, 1000000000));
}

static PatOptions
options_for (PatWindow  *self,
             const char *game_id)
{
  PatOptions options = { PAT_DIE_OFF };

  if (g_str_equal (game_id, "demon"))
    options.die_mode = (PatDieMode) g_settings_get_enum (self->settings, "demon-die-mode");
  return options;
}

/* Leaving a started, unfinished game for another deal counts as a loss, once. */
static void
abandon_current (PatWindow *self)
{
  if (self->game != NULL)
    pat_stats_game_abandoned (pat_application_get_stats (get_app (self)), self->game);
}

void
pat_window_start_deal (PatWindow           *self,
                       const char          *game_id,
                       const PatDealNumber *deal)
{
  g_autoptr(PatGame) game = NULL;
  PatDealNumber number = deal != NULL ? *deal : random_deal ();
  PatOptions options = options_for (self, game_id);

  g_return_if_fail (pat_rules_lookup (game_id) != NULL);

  if (self->game != NULL && g_str_equal (pat_game_get_game_id (self->game), game_id))
    abandon_current (self);

  game = pat_game_new (game_id, &number, &options);
  set_game (self, game);
  pat_store_save_game (pat_application_get_store (get_app (self)), game, NULL);
}

void
pat_window_open_game (PatWindow  *self,
                      const char *game_id)
{
  PatStore *store = pat_application_get_store (get_app (self));
  g_autoptr(PatGame) game = NULL;
  g_autoptr(GError) error = NULL;

  if (self->game != NULL && g_str_equal (pat_game_get_game_id (self->game), game_id))
    return;

  /* A broken file is moved aside and reported by the store's load-failed signal. */
  if (pat_store_has_game (store, game_id))
    game = pat_store_load_game (store, game_id, &error);

  if (game != NULL)
    set_game (self, game);
  else
    pat_window_start_deal (self, game_id, NULL);
}

const char *
pat_window_get_last_toast (PatWindow *self)
{
  return self->last_toast;
}

gboolean
pat_window_get_end_shown (PatWindow *self)
{
  return gtk_revealer_get_reveal_child (self->end_revealer);
}

PatGame *
pat_window_get_game (PatWindow *self)
{
  g_return_val_if_fail (PAT_IS_WINDOW (self), NULL);
  return self->game;
}

PatBoard *
pat_window_get_board (PatWindow *self)
{
  g_return_val_if_fail (PAT_IS_WINDOW (self), NULL);
  return self->board;
}

static gboolean
pat_window_close_request (GtkWindow *window)
{
  PatWindow *self = PAT_WINDOW (window);
  int width, height;

  /* Quitting does not abandon the game: it is saved and resumes next time. */
  pat_window_stop_playing (self);
  if (self->game != NULL)
    {
      pat_game_set_running (self->game, FALSE);
      pat_store_save_game (pat_application_get_store (get_app (self)), self->game, NULL);
    }

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (pat_window_parent_class)->close_request (window);
}

/* What needs the application, which GtkWindow only has once constructed. */
static void
setup_with_application (PatWindow *self)
{
  self->settings = g_object_ref (pat_application_get_settings (get_app (self)));
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_settings_bind (self->settings, "animations", self->board, "animations", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "click-to-move", self->board, "click-to-move", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "four-colour-deck", self->board, "four-colour", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "card-back", self->board, "card-back", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "auto-foundation", self->board, "auto-foundation", G_SETTINGS_BIND_GET);
}

static void
pat_window_dispose (GObject *object)
{
  PatWindow *self = PAT_WINDOW (object);

  pat_window_stop_playing (self);
  g_clear_handle_id (&self->message_id, g_source_remove);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PAT_TYPE_WINDOW);
  g_clear_object (&self->game);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->last_toast, g_free);

  G_OBJECT_CLASS (pat_window_parent_class)->dispose (object);
}

static void
pat_window_class_init (PatWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = pat_window_dispose;
  window_class->close_request = pat_window_close_request;

  g_type_ensure (PAT_TYPE_BOARD);
  g_type_ensure (PAT_TYPE_CELEBRATION);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/patience/Patience/pat-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PatWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, board);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, celebration);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_revealer);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_icon);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_title);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_description);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_new_game_button);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, game_label);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, moves_label);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, time_label);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, extra_label);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, message_label);

  pat_window_class_install_actions (widget_class);
}

static void
pat_window_init (PatWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->game_signals = g_signal_group_new (PAT_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "changed", G_CALLBACK (game_changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "finished", G_CALLBACK (game_finished_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::elapsed", G_CALLBACK (game_notify_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::moves", G_CALLBACK (game_notify_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::can-undo", G_CALLBACK (game_notify_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::can-redo", G_CALLBACK (game_notify_cb), self);

  g_signal_connect_object (self->board, "message", G_CALLBACK (board_message_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (is_active_cb), NULL);
  g_signal_connect (self, "notify::visible", G_CALLBACK (is_active_cb), NULL);
}

PatWindow *
pat_window_new (PatApplication *application)
{
  PatWindow *self = g_object_new (PAT_TYPE_WINDOW, "application", application, NULL);

  setup_with_application (self);
  return self;
}
