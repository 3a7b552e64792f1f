/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatWindow's actions: new game, restart, undo, redo, hint, choosing a game, play to the end, rules,
 * help, and the turns of a Demon match. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-game-chooser.h"
#include "pat-match-dialog.h"
#include "pat-preferences.h"
#include "pat-rules-text.h"
#include "pat-rules-window.h"
#include "pat-board-private.h"
#include "pat-card-renderer.h"
#include "pat-window-private.h"

static PatApplication *
get_app (PatWindow *self)
{
  return PAT_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
}

/* The shortest time between two ticks of Play to the End: a frame. Faster speeds deal several
 * times per tick, as many as the time since the start asks for, so that a slow frame does not
 * slow the play down; but no more than a quarter of a second's worth at once. */
#define PLAY_TICK_MS 16
#define PLAY_MAX_CATCH_UP 0.25

/* Below this time between deals the cards are not animated: they could not arrive in time. */
#define PLAY_ANIMATED_MS 200

static gboolean
plays_itself (PatWindow *self)
{
  return self->game != NULL && pat_rules_plays_itself (pat_game_get_rules (self->game));
}

void
pat_window_update_actions (PatWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean playing = self->game != NULL && pat_game_get_status (self->game) == PAT_STATUS_PLAYING;
  gboolean in_match = self->match_play != NULL;
  gboolean turn_over = in_match && pat_match_play_get_turn_over (self->match_play);
  /* Once a match's turn is scored it is over: no undo; and nobody replays a match's deal. */
  gboolean can_change = self->game != NULL && !turn_over;

  gtk_widget_action_set_enabled (widget, "win.undo", can_change && pat_game_get_can_undo (self->game));
  gtk_widget_action_set_enabled (widget, "win.redo", can_change && pat_game_get_can_redo (self->game));
  gtk_widget_action_set_enabled (widget, "win.restart",
                                 !in_match && self->game != NULL && pat_game_get_can_undo (self->game));
  /* A game that plays itself has no hints (its help page says so): its only move is the deal. */
  gtk_widget_action_set_enabled (widget, "win.hint", playing && can_change && !plays_itself (self));
  gtk_widget_action_set_enabled (widget, "win.play-to-end", playing && plays_itself (self) && self->play_id == 0);
  gtk_widget_action_set_enabled (widget, "win.stop-playing", self->play_id != 0);
  gtk_widget_set_visible (self->stop_button, self->play_id != 0);
  gtk_widget_set_visible (self->hint_button, !plays_itself (self));
  gtk_widget_action_set_enabled (widget, "win.end-turn", in_match && self->game_in_match && !turn_over);
  gtk_widget_action_set_enabled (widget, "win.scoreboard", in_match);
  gtk_widget_action_set_enabled (widget, "win.abandon-match", in_match);
}

/* Stops Play to the End and the demo. */
void
pat_window_stop_playing (PatWindow *self)
{
  PatApplication *app = get_app (self);

  if (self->play_id != 0)
    {
      g_clear_handle_id (&self->play_id, g_source_remove);
      if (self->settings != NULL)
        g_clear_signal_handler (&self->play_speed_id, self->settings);
      if (app != NULL && self->game != NULL)
        pat_store_resume_autosave (pat_application_get_store (app), self->game);
      /* "Playing to the end…" is no longer true. */
      pat_window_set_message (self, NULL);
      pat_window_update_actions (self);
    }
  pat_window_stop_demo (self);
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  /* In a match, a new game is the next player's turn. */
  if (self->match_play != NULL)
    {
      if (pat_match_play_get_turn_over (self->match_play) ||
          pat_match_get_finished (pat_match_play_get_match (self->match_play)))
        pat_window_start_next_turn (self);
      else
        gtk_widget_activate_action (widget, "win.end-turn", NULL);
      return;
    }
  if (self->game != NULL)
    pat_window_new_random_deal (self, pat_game_get_game_id (self->game));
}

static void
restart_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  if (self->game == NULL)
    return;
  pat_window_stop_playing (self);
  pat_board_finish_animations (self->board);
  /* Restarting a started game counts it as lost; the restarted deal is a new game. */
  pat_stats_game_abandoned (pat_application_get_stats (get_app (self)), self->game);
  pat_game_restart (self->game);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  pat_window_stop_playing (self);
  pat_board_finish_animations (self->board);
  if (self->game != NULL)
    pat_game_undo (self->game);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  pat_window_stop_playing (self);
  pat_board_finish_animations (self->board);
  if (self->game != NULL)
    pat_game_redo (self->game);
}

/* The hint in words, for the status line and screen readers: "Hint: Nine of Spades to Foundation 2". */
static char *
describe_move (PatWindow     *self,
               const PatMove *move)
{
  const PatState *state = pat_game_get_state (self->game);
  g_autofree char *card = NULL;
  g_autofree char *other = NULL;
  g_autofree char *to = NULL;

  switch (move->kind)
    {
    case PAT_MOVE_STOCK:
      return g_strdup (pat_state_pile_len (state, move->from) > 0 ? _("Hint: deal from the stock")
                                                                  : _("Hint: turn the stock over"));
    case PAT_MOVE_PAIR:
      card = pat_card_accessible_name (pat_state_pile_top (state, move->from));
      other = pat_card_accessible_name (pat_state_pile_top (state, move->from2));
      /* Translators: Idiot’s Delight, two cards of a rank discarded together */
      return g_strdup_printf (_("Hint: discard %s and %s"), card, other);
    case PAT_MOVE_CARDS:
      card = pat_card_accessible_name (pat_state_pile_peek (state, move->from, move->count - 1));
      to = pat_board_dup_pile_name (self->board, move->to);
      if (move->count > 1)
        /* Translators: e.g. "Hint: move 3 cards from the Nine of Spades to Column 4" */
        return g_strdup_printf (_("Hint: move %u cards from the %s to %s"), move->count, card, to);
      /* Translators: e.g. "Hint: Nine of Spades to Foundation 2" */
      return g_strdup_printf (_("Hint: %s to %s"), card, to);
    case PAT_MOVE_GATHER:
    case PAT_MOVE_DISCARD4:
    default:
      return g_strdup (_("Hint: the highlighted move"));
    }
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);
  g_autofree char *text = NULL;
  PatMove suggested;
  const PatMove *best = NULL;

  if (self->game == NULL || pat_game_get_status (self->game) != PAT_STATUS_PLAYING)
    return;

  pat_board_finish_animations (self->board);

  /* The next move of a winning line when the solver knows one; otherwise the greedy player's
   * move, never back to a position this game has been in when another is left. */
  if (pat_window_solver_hint (self, &suggested) || pat_game_suggest_move (self->game, &suggested))
    best = &suggested;

  pat_game_add_hint_used (self->game);
  pat_board_show_hint (self->board, best);
  if (best == NULL)
    {
      pat_window_show_hint (self, _("There is no move to suggest"));
      return;
    }
  text = describe_move (self, best);
  pat_window_show_hint (self, text);
}

static void
choose_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);
  const char *game_id = g_variant_get_string (parameter, NULL);

  if (pat_rules_lookup (game_id) == NULL)
    return;
  pat_board_finish_animations (self->board);
  pat_window_open_game (self, game_id);
}

/* win.start-deal (game id, deal number): that deal of that game, as the game chooser starts it. */
static void
start_deal_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);
  const char *game_id, *deal_text;
  PatDealNumber deal;

  g_variant_get (parameter, "(&s&s)", &game_id, &deal_text);
  if (pat_rules_lookup (game_id) == NULL || !pat_deal_number_parse (deal_text, &deal, NULL))
    return;
  pat_board_finish_animations (self->board);
  pat_window_start_deal (self, game_id, &deal);
}

static void
resume_match_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  pat_window_resume_match (PAT_WINDOW (widget));
}

/* Play to the End: Perpetual Motion deals by itself at the speed of the key "play-speed" (deals
 * per second), which applies at once when it changes; a Stop button shows meanwhile. */

static gboolean
play_step_cb (gpointer user_data)
{
  PatWindow *self = user_data;
  PatMove deal = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  guint id = self->play_id;
  gboolean fast = self->play_interval < PLAY_ANIMATED_MS;
  double due = (g_get_monotonic_time () - self->play_start) * self->play_speed / G_USEC_PER_SEC;
  guint n = (guint) CLAMP (due - self->play_done, 1.0, MAX (1.0, self->play_speed * PLAY_MAX_CATCH_UP));
  guint i;

  /* Behind by more than the catch-up allows: count from now. (A fraction of a deal left over is
   * not being behind: it is dealt at a later tick.) */
  if (due - self->play_done >= n + 1)
    {
      self->play_start = g_get_monotonic_time ();
      self->play_done = 0;
    }
  else
    self->play_done += n;

  /* The last deal's animation has had its time. */
  pat_board_finish_animations (self->board);
  for (i = 0; i < n; i++)
    {
      if (self->game == NULL || pat_game_get_status (self->game) != PAT_STATUS_PLAYING ||
          !pat_game_apply (self->game, &deal, NULL))
        {
          pat_window_stop_playing (self);
          break;
        }
      /* The deal ended the game, which stopped the play. */
      if (self->play_id != id)
        break;
    }
  /* Too fast to watch: the board shows where the play is, not a queue of flights behind it (the
   * end card would otherwise come up over seconds of cards still flying). */
  if (fast)
    pat_board_finish_animations (self->board);
  return self->play_id == id ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* Starts the timer at the speed of the settings, replacing a running one. */
static void
arm_play_timer (PatWindow *self)
{
  double speed = CLAMP (g_settings_get_double (self->settings, "play-speed"), 0.25, PAT_PLAY_SPEED_FASTEST);
  guint interval = (guint) MAX (1000.0 / speed, PLAY_TICK_MS);

  self->play_interval = interval;
  self->play_speed = speed;
  self->play_start = g_get_monotonic_time ();
  self->play_done = 0;
  g_clear_handle_id (&self->play_id, g_source_remove);
  self->play_id = g_timeout_add (interval, play_step_cb, self);
}

static void
play_speed_changed_cb (PatWindow  *self,
                       const char *key,
                       GSettings  *settings)
{
  if (self->play_id != 0)
    arm_play_timer (self);
}

static void
play_to_end_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  if (self->play_id != 0)
    {
      pat_window_stop_playing (self);
      return;
    }
  if (!plays_itself (self) || pat_game_get_status (self->game) != PAT_STATUS_PLAYING)
    return;

  pat_window_stop_demo (self);
  /* Saving after every deal would be the slowest part by far: the game is saved when it stops. */
  pat_store_pause_autosave (pat_application_get_store (get_app (self)), self->game);
  arm_play_timer (self);
  self->play_speed_id = g_signal_connect_swapped (self->settings, "changed::play-speed",
                                                  G_CALLBACK (play_speed_changed_cb), self);
  pat_window_update_actions (self);
  pat_window_set_message (self, _("Playing to the end; any key or a click on the cards stops it"));
}

static void
stop_playing_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  pat_window_stop_playing (PAT_WINDOW (widget));
}

/* Any key stops Play to the End, and is taken by it: a key meant as "stop" does nothing else (it
 * could be an accelerator: Ctrl+Z would also undo a deal). Modifiers alone do not count, so
 * switching windows with Alt+Tab lets it play on. */
static gboolean
play_key_pressed_cb (PatWindow             *self,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     GtkEventControllerKey *controller)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (controller));

  if (self->play_id == 0 || (event != NULL && gdk_key_event_is_modifier (event)))
    return GDK_EVENT_PROPAGATE;
  pat_window_stop_playing (self);
  return GDK_EVENT_STOP;
}

/* A click on the cards stops it too, and is taken by it, so that it does not also deal. Clicks
 * elsewhere do what they say: the header's game actions stop it themselves, while the menu and
 * Preferences (to change the speed) leave it playing. */
static void
play_click_pressed_cb (PatWindow       *self,
                       int              n_press,
                       double           x,
                       double           y,
                       GtkGestureClick *gesture)
{
  if (self->play_id == 0)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  pat_window_stop_playing (self);
}

void
pat_window_actions_init (PatWindow *self)
{
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  /* Named for the tests, which cannot synthesise real events. */
  gtk_event_controller_set_name (key, "play-stop-key");
  gtk_event_controller_set_propagation_phase (key, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (key, "key-pressed", G_CALLBACK (play_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (click), "play-stop-click");
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (play_click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (click));
}

static void
rules_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  if (self->game == NULL)
    return;
  gtk_window_present (GTK_WINDOW (pat_rules_window_new (GTK_WINDOW (self), pat_game_get_game_id (self->game))));
}

/* F1: the manual, at the current game's page, in the help viewer. Where nothing opens help: URIs
 * (no yelp installed), the rules in a window instead, so that F1 always shows the rules. */
static void
help_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);
  g_autoptr(GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");
  g_autofree char *uri = NULL;

  if (viewer == NULL)
    {
      rules_action (widget, "win.rules", NULL);
      return;
    }

  if (self->game != NULL)
    uri = g_strdup_printf ("help:patience/%s", pat_game_get_game_id (self->game));
  else
    uri = g_strdup ("help:patience");
  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
}

static void
game_chooser_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  pat_board_finish_animations (self->board);
  gtk_window_present (GTK_WINDOW (pat_game_chooser_new (self)));
}

static void
new_match_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  gtk_window_present (GTK_WINDOW (pat_match_dialog_new (PAT_WINDOW (widget))));
}

static void
scoreboard_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  pat_window_show_scoreboard (PAT_WINDOW (widget));
}

static void
confirmation_response_cb (PatWindow        *self,
                          const char       *response,
                          AdwMessageDialog *dialog)
{
  if (g_str_equal (response, "end"))
    pat_window_end_turn (self);
  else if (g_str_equal (response, "abandon"))
    pat_window_abandon_match (self);
}

static void
confirm (PatWindow  *self,
         const char *heading,
         const char *body,
         const char *response,
         const char *label,
         gboolean    destructive)
{
  AdwMessageDialog *dialog;
  GtkWindow *parent = self->scoreboard != NULL ? self->scoreboard : GTK_WINDOW (self);

  pat_window_forget_window (&self->confirmation);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, heading, body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), response, label, NULL);
  adw_message_dialog_set_response_appearance (dialog, response,
                                              destructive ? ADW_RESPONSE_DESTRUCTIVE : ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, destructive ? "cancel" : response);
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (confirmation_response_cb), self, G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->confirmation, GTK_WINDOW (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
end_turn_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  const char *player;

  if (self->match_play == NULL || pat_match_play_get_turn_over (self->match_play) || self->game == NULL)
    return;
  player = pat_match_play_get_turn_player (self->match_play);
  /* Translators: %s is the name of the player whose turn it is */
  heading = g_strdup_printf (_("End %s’s Turn?"), player);
  /* Translators: %s is a player's name, %d their score */
  body = g_strdup_printf (_("The score of %2$d counts as %1$s’s score for this round, and the next player takes over."),
                          player, pat_game_get_score (self->game));
  confirm (self, heading, body, "end", _("_End Turn"), FALSE);
}

static void
abandon_match_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  if (self->match_play == NULL)
    return;
  confirm (self, _("Abandon the Match?"),
           _("The match ends without a winner and its scores are forgotten. This cannot be undone."),
           "abandon", _("_Abandon"), TRUE);
}

void
pat_window_class_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, PatWindow, stop_button);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.restart", NULL, restart_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.choose-game", "s", choose_game_action);
  gtk_widget_class_install_action (widget_class, "win.start-deal", "(ss)", start_deal_action);
  gtk_widget_class_install_action (widget_class, "win.resume-match", NULL, resume_match_action);
  gtk_widget_class_install_action (widget_class, "win.play-to-end", NULL, play_to_end_action);
  gtk_widget_class_install_action (widget_class, "win.stop-playing", NULL, stop_playing_action);
  gtk_widget_class_install_action (widget_class, "win.rules", NULL, rules_action);
  gtk_widget_class_install_action (widget_class, "win.help", NULL, help_action);
  /* Stateful, and follows the window: leaving fullscreen by other means unchecks it. */
  gtk_widget_class_install_property_action (widget_class, "win.fullscreen", "fullscreened");
  gtk_widget_class_install_action (widget_class, "win.game-chooser", NULL, game_chooser_action);
  gtk_widget_class_install_action (widget_class, "win.new-match", NULL, new_match_action);
  gtk_widget_class_install_action (widget_class, "win.end-turn", NULL, end_turn_action);
  gtk_widget_class_install_action (widget_class, "win.scoreboard", NULL, scoreboard_action);
  gtk_widget_class_install_action (widget_class, "win.abandon-match", NULL, abandon_match_action);
}
