/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatWindow's actions: new game, restart, undo, redo, hint, choosing a game, play to the end,
 * rules, help, and the turns of a Demon match. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-game-chooser.h"
#include "pat-match-dialog.h"
#include "pat-preferences.h"
#include "pat-rules-text.h"
#include "pat-rules-window.h"
#include "pat-card-renderer.h"
#include "pat-window-private.h"

static gboolean
plays_itself (PatWindow *self)
{
  return self->game != NULL && pat_rules_plays_itself (pat_game_get_rules (self->game));
}

static gboolean
playing_to_end (PatWindow *self)
{
  return pat_session_get_driver (self->session) == PAT_DRIVER_PLAY_TO_END;
}

/* The ■ button stops whatever plays the game besides the player: Play to the End, or the Demo
 * (also while it waits for its winning line). */
void
pat_window_update_stop (PatWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean demo = pat_session_get_driver (self->session) == PAT_DRIVER_DEMO ||
                  pat_session_get_question (self->session) == PAT_QUESTION_DEMO;
  const char *label = demo ? _("Stop the Demo") : _("Stop Playing");

  gtk_widget_action_set_enabled (widget, "win.stop-playing", demo || playing_to_end (self));
  gtk_widget_set_visible (self->stop_button, demo || playing_to_end (self));
  pat_window_set_tooltip (self->stop_button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->stop_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void
pat_window_update_actions (PatWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  PatMatchPlay *match_play = pat_session_get_match_play (self->session);
  gboolean playing = self->game != NULL && pat_game_get_status (self->game) == PAT_STATUS_PLAYING;
  gboolean in_match = match_play != NULL;
  gboolean shared = pat_session_get_shared (self->session);
  gboolean turn_over = in_match && pat_match_play_get_turn_over (match_play);
  /* Once a match's turn is scored it is over: no undo; and nobody replays a match's deal. */
  gboolean can_change = self->game != NULL && !turn_over;

  gtk_widget_action_set_enabled (widget, "win.undo",
                                 can_change && pat_game_get_can_undo (self->game));
  gtk_widget_action_set_enabled (widget, "win.redo",
                                 can_change && pat_game_get_can_redo (self->game));
  gtk_widget_action_set_enabled (widget, "win.restart",
                                 !in_match && self->game != NULL &&
                                 pat_game_get_can_undo (self->game));
  /* A game that plays itself has no hints (its help page says so): its only move is the deal. */
  gtk_widget_action_set_enabled (widget, "win.hint",
                                 playing && can_change && !shared && !plays_itself (self));
  gtk_widget_action_set_enabled (widget, "win.play-to-end",
                                 playing && plays_itself (self) && !playing_to_end (self));
  pat_window_update_stop (self);
  gtk_widget_set_visible (self->hint_button, !plays_itself (self));
  gtk_widget_action_set_enabled (widget, "win.end-turn",
                                 in_match && pat_session_get_game_in_match (self->session) &&
                                 !turn_over);
  /* In a match, "+" ends the turn, or starts the next one: it says so. */
  {
    const char *label = _("New Game");

    if (shared)
      label = _("End My Round");
    else if (in_match)
      label = turn_over || pat_match_get_finished (pat_match_play_get_match (match_play))
              ? _("Next Turn") : _("End Turn");
    pat_window_set_tooltip (self->new_game_button, label);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->new_game_button),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  }
  gtk_widget_action_set_enabled (widget, "win.undo-leave",
                                 pat_session_get_can_undo_leave (self->session));
  gtk_widget_action_set_enabled (widget, "win.scoreboard", in_match);
  gtk_widget_action_set_enabled (widget, "win.abandon-match", in_match);
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);
  PatMatchPlay *match_play = pat_session_get_match_play (self->session);

  /* In a match, a new game is the next player's turn. */
  if (match_play != NULL)
    {
      if (pat_match_play_get_turn_over (match_play) ||
          pat_match_get_finished (pat_match_play_get_match (match_play)))
        pat_window_start_next_turn (self);
      else
        gtk_widget_activate_action (widget, "win.end-turn", NULL);
      return;
    }
  /* In a network match, the round's end: the next deal comes from the host. */
  if (pat_session_get_shared (self->session))
    {
      if (self->net_play != NULL)
        pat_net_seat_end_round (pat_net_play_get_seat (self->net_play));
      return;
    }
  if (self->game != NULL)
    pat_session_new_deal (self->session, pat_game_get_game_id (self->game));
}

/* The Undo of the toast saying that the game left counts as a loss. */
static void
undo_leave_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  pat_board_finish_animations (self->board);
  if (pat_session_undo_leave (self->session))
    pat_window_focus_board (self);
}

static void
restart_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  pat_board_finish_animations (self->board);
  pat_session_restart (self->session);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  pat_board_finish_animations (self->board);
  pat_session_undo (self->session);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  pat_board_finish_animations (self->board);
  pat_session_redo (self->session);
}

/* The hint in words, for the status line and screen readers: "Hint: Nine of Spades to
 * Foundation 2". */
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
      to = pat_rules_dup_pile_name (pat_game_get_rules (self->game), move->to);
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

/* Shows @best as the hint, on the board and in words; %NULL: there is none. */
static void
show_hint (PatWindow     *self,
           const PatMove *best)
{
  g_autofree char *text = NULL;

  pat_board_show_hint (self->board, best);
  if (best == NULL)
    {
      pat_window_show_hint (self, _("There is no move to suggest"));
      return;
    }
  text = describe_move (self, best);
  pat_window_show_hint (self, text);
}

/* A hint the analyser has not looked for yet comes when it has: the status line says it is
 * thinking meanwhile (pat_window_update_verdict()). */
static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);
  PatMove suggested;

  if (self->game == NULL || pat_game_get_status (self->game) != PAT_STATUS_PLAYING)
    return;

  pat_board_finish_animations (self->board);
  switch (pat_session_hint (self->session, &suggested))
    {
    case PAT_HINT_FOUND:
      show_hint (self, &suggested);
      break;
    case PAT_HINT_ASKED:
      break;
    case PAT_HINT_NONE:
    default:
      show_hint (self, NULL);
      break;
    }
}

static void
answered_cb (PatWindow     *self,
             PatQuestion    question,
             const PatMove *move,
             PatSession    *session)
{
  if (question == PAT_QUESTION_HINT)
    show_hint (self, move);
  else if (question == PAT_QUESTION_DEMO && move == NULL)
    pat_window_set_message (self, _("No winning line is known from here"));
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
  pat_session_open_game (self->session, game_id);
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
  pat_session_start_deal (self->session, game_id, &deal);
}

static void
resume_match_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  pat_session_resume_match (PAT_WINDOW (widget)->session);
}

/* Play to the End: Perpetual Motion deals by itself at the speed of the key "play-speed" (deals
 * per second), which applies at once when it changes; a Stop button shows meanwhile. */
static void
play_to_end_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  if (playing_to_end (self))
    pat_session_stop_playing (self->session);
  else
    pat_session_play_to_end (self->session);
}

static void
stop_playing_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  /* The Demo asked for, still waiting for its line: the player no longer waits. */
  if (pat_session_get_question (self->session) == PAT_QUESTION_DEMO)
    pat_session_cancel_question (self->session);
  else
    pat_session_stop_playing (self->session);
  pat_window_focus_board (self);
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

  if (!playing_to_end (self) || (event != NULL && gdk_key_event_is_modifier (event)))
    return GDK_EVENT_PROPAGATE;
  pat_session_stop_playing (self->session);
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
  if (!playing_to_end (self))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  pat_session_stop_playing (self->session);
}

/* The drivers: what the status line says of them, and the board kept in step. */

static void
driver_cb (PatWindow  *self,
           GParamSpec *pspec,
           PatSession *session)
{
  PatDriver driver = pat_session_get_driver (session);

  if (driver == PAT_DRIVER_PLAY_TO_END)
    pat_window_set_message (self,
                            _("Playing to the end; any key or a click on the cards stops it"));
  else if (driver == PAT_DRIVER_DEMO)
    pat_window_set_message (self, _("Demo: watch the winning line; any move stops it"));
  pat_window_update_actions (self);
  pat_window_solver_update (self);
}

static void
driver_stopped_cb (PatWindow  *self,
                   PatDriver   driver,
                   gboolean    stopped,
                   PatSession *session)
{
  gboolean playing = self->game != NULL && pat_game_get_status (self->game) == PAT_STATUS_PLAYING;

  /* "Playing to the end…" is no longer true. A demo that won has not been stopped: the end
   * card says how it ended; one that ended by itself (the player moved) says nothing. */
  if (driver == PAT_DRIVER_PLAY_TO_END || !playing)
    pat_window_set_message (self, NULL);
  else if (stopped)
    pat_window_set_message (self, _("Demo stopped"));
}

/* The last moves' animations have had their time. */
static void
tick_started_cb (PatWindow  *self,
                 PatSession *session)
{
  pat_board_finish_animations (self->board);
}

/* Too fast to watch: the board shows where the play is, not a queue of flights behind it (the
 * end card would otherwise come up over seconds of cards still flying). */
static void
tick_finished_cb (PatWindow  *self,
                  gboolean    animated,
                  PatSession *session)
{
  if (!animated)
    pat_board_finish_animations (self->board);
}

void
pat_window_actions_setup (PatWindow *self)
{
  g_signal_connect_object (self->session, "notify::driver", G_CALLBACK (driver_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "driver-stopped", G_CALLBACK (driver_stopped_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "answered", G_CALLBACK (answered_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "tick-started", G_CALLBACK (tick_started_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "tick-finished", G_CALLBACK (tick_finished_cb), self,
                           G_CONNECT_SWAPPED);
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
  gtk_window_present (GTK_WINDOW (pat_rules_window_new (GTK_WINDOW (self),
                                                        pat_game_get_game_id (self->game))));
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
    uri = g_strdup_printf ("help:" HELP_ID "/%s", pat_game_get_game_id (self->game));
  else
    uri = g_strdup ("help:" HELP_ID);
  gtk_show_uri (GTK_WINDOW (self), uri, GDK_CURRENT_TIME);
}

static void
game_chooser_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  pat_board_finish_animations (self->board);
  gtk_window_present (GTK_WINDOW (pat_game_chooser_new (GTK_WINDOW (self), self->session,
                                                        self->settings)));
}

static void
new_match_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  gtk_window_present (GTK_WINDOW (pat_match_dialog_new (GTK_WINDOW (self), self->session,
                                                        self->settings)));
}

static void
host_match_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  pat_window_open_net_dialog (PAT_WINDOW (widget), TRUE);
}

static void
join_match_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  pat_window_open_net_dialog (PAT_WINDOW (widget), FALSE);
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
    pat_session_abandon_match (self->session);
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
                                              destructive ? ADW_RESPONSE_DESTRUCTIVE
                                                          : ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, destructive ? "cancel" : response);
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (confirmation_response_cb), self,
                           G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->confirmation, GTK_WINDOW (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
end_turn_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);
  PatMatchPlay *match_play = pat_session_get_match_play (self->session);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  const char *player;

  if (match_play == NULL || pat_match_play_get_turn_over (match_play) || self->game == NULL)
    return;
  player = pat_match_play_get_turn_player (match_play);
  /* Translators: %s is the name of the player whose turn it is */
  heading = g_strdup_printf (_("End %s’s Turn?"), player);
  /* Translators: %s is a player's name, %d their score */
  body = g_strdup_printf (_("The score of %2$d counts as %1$s’s score for this round, and the "
                            "next player takes over."),
                          player, pat_game_get_score (self->game));
  confirm (self, heading, body, "end", _("_End Turn"), FALSE);
}

static void
abandon_match_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  if (pat_session_get_match_play (self->session) == NULL)
    return;
  confirm (self, _("Abandon the Match?"),
           _("The match ends without a winner and its scores are forgotten. "
             "This cannot be undone."),
           "abandon", _("_Abandon"), TRUE);
}

void
pat_window_class_install_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, PatWindow, stop_button);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.restart", NULL, restart_action);
  gtk_widget_class_install_action (widget_class, "win.undo-leave", NULL, undo_leave_action);
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
  gtk_widget_class_install_action (widget_class, "win.host-match", NULL, host_match_action);
  gtk_widget_class_install_action (widget_class, "win.join-match", NULL, join_match_action);
  gtk_widget_class_install_action (widget_class, "win.end-turn", NULL, end_turn_action);
  gtk_widget_class_install_action (widget_class, "win.scoreboard", NULL, scoreboard_action);
  gtk_widget_class_install_action (widget_class, "win.abandon-match", NULL, abandon_match_action);
}
