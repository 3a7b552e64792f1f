/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatWindow's solver side: the winnability line, the demo and the search for winnable deals. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-preferences.h"
#include "pat-toast.h"
#include "pat-window-private.h"

/* Whether the winnability line is shown for the game in play: the switch for all games and the
 * game's own (by default off where cards are face down). The analyser searches after every move
 * only while it is; otherwise only while a hint or the Demo waits for it. */
static gboolean
verdict_shown (PatWindow *self)
{
  return self->game != NULL && self->settings != NULL &&
         g_settings_get_boolean (self->settings, "show-winnability") &&
         pat_preferences_get_winnability (self->settings, pat_game_get_game_id (self->game));
}

/* After a move the solver's first look is mostly over within milliseconds: the verdict shown
 * stays for up to this long while it looks, rather than "Thinking…" flashing in its place (the
 * status line laid out twice) at every move. */
#define THINKING_DELAY_MS 400

static gboolean
thinking_delay_cb (gpointer user_data)
{
  PatWindow *self = user_data;

  self->thinking_id = 0;
  self->thinking_due = TRUE;
  pat_window_update_verdict (self);

  return G_SOURCE_REMOVE;
}

void
pat_window_update_verdict (PatWindow *self)
{
  gboolean shown;
  PatVerdict verdict;
  guint undo_count;
  /* Where cards are face down the solver knows more than the player, and says so. */
  gboolean hidden = self->game != NULL &&
                    pat_rules_has_hidden_cards (pat_game_get_rules (self->game));
  const char *text = NULL;
  const char *style = NULL;

  PatAnalyzer *analyzer;

  if (self->session == NULL)   /* not set up yet */
    return;
  analyzer = pat_session_get_analyzer (self->session);
  shown = verdict_shown (self);
  pat_analyzer_set_watched (analyzer, shown);
  verdict = shown ? pat_analyzer_get_verdict (analyzer) : PAT_VERDICT_OFF;
  /* A hint or the Demo waits for the solver: the player sees that it is thinking. */
  if (pat_session_get_question (self->session) != PAT_QUESTION_NONE &&
      (verdict == PAT_VERDICT_OFF || verdict == PAT_VERDICT_UNKNOWN))
    verdict = PAT_VERDICT_THINKING;
  undo_count = pat_analyzer_get_undo_count (analyzer);

  /* Only a verdict with nothing to act on is kept: "Winnable", "Can't tell yet" (a lost
   * position's Undo button counts its moves from where it was found lost), in the same game
   * (session_game_cb() forgets it). */
  if (verdict == PAT_VERDICT_THINKING && !self->thinking_due &&
      pat_session_get_question (self->session) == PAT_QUESTION_NONE &&
      (self->shown_verdict == PAT_VERDICT_WINNABLE || self->shown_verdict == PAT_VERDICT_UNKNOWN))
    {
      if (self->thinking_id == 0)
        self->thinking_id = g_timeout_add (THINKING_DELAY_MS, thinking_delay_cb, self);
      verdict = self->shown_verdict;
      undo_count = 0;
    }
  else
    {
      g_clear_handle_id (&self->thinking_id, g_source_remove);
      self->thinking_due = verdict == PAT_VERDICT_THINKING && self->thinking_due;
      self->shown_verdict = verdict;
    }

  gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_label), "success");
  gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_label), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->verdict_label), "dim-label");

  switch (verdict)
    {
    case PAT_VERDICT_THINKING:
      /* Translators: the solver is still working on the position */
      text = _("Thinking…");
      style = "dim-label";
      break;
    case PAT_VERDICT_WINNABLE:
      /* Translators: the solver's verdict in a game whose face-down cards it reads */
      text = hidden ? _("Winnable (knowing the hidden cards)") : _("Winnable");
      style = "success";
      break;
    case PAT_VERDICT_LOST:
      /* "Can't be won" is for a deal lost from its first position; a position lost since is no
       * longer winnable. */
      if (pat_game_get_moves (self->game) == 0 || pat_analyzer_get_deal_lost (analyzer))
        text = hidden ? _("This deal can’t be won (knowing the hidden cards)")
                      : _("This deal can’t be won");
      else
        text = hidden ? _("No longer winnable (knowing the hidden cards)")
                      : _("No longer winnable");
      style = "error";
      break;
    case PAT_VERDICT_UNKNOWN:
      text = _("Can’t tell yet");
      style = "dim-label";
      break;
    case PAT_VERDICT_OFF:
    case PAT_VERDICT_IDLE:
    default:
      break;
    }

  if (text != NULL)
    {
      gtk_label_set_label (self->verdict_label, text);
      gtk_widget_add_css_class (GTK_WIDGET (self->verdict_label), style);
      pat_window_set_tooltip (GTK_WIDGET (self->verdict_label),
                              hidden ? _("The solver reads the face-down cards, "
                                         "which you can’t see")
                                     : NULL);
    }
  /* Shown by pat_window_fit_status() below, where the status line has room. */
  self->verdict_wanted = text != NULL;

  if (verdict == PAT_VERDICT_LOST && undo_count > 0)
    {
      g_autofree char *label = NULL;
      g_autofree char *tooltip = NULL;

      /* Translators: a button after "No longer winnable" */
      label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Undo %u move", "Undo %u moves",
                                            undo_count),
                               undo_count);
      tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "Undo %u move to get back to a winnable position",
                                              "Undo %u moves to get back to a winnable position",
                                              undo_count), undo_count);
      /* A narrow window has room for its icon only: the words are its tooltip and name. */
      if (self->narrow)
        {
          gtk_button_set_icon_name (self->verdict_undo_button, "edit-undo-symbolic");
          gtk_accessible_update_property (GTK_ACCESSIBLE (self->verdict_undo_button),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
        }
      else
        {
          gtk_button_set_label (self->verdict_undo_button, label);
          gtk_accessible_reset_property (GTK_ACCESSIBLE (self->verdict_undo_button),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL);
        }
      pat_window_set_tooltip (GTK_WIDGET (self->verdict_undo_button), tooltip);
      gtk_widget_set_visible (GTK_WIDGET (self->verdict_undo_button), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->verdict_undo_button), FALSE);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo-to-winnable",
                                 verdict == PAT_VERDICT_LOST && undo_count > 0);
  pat_window_solver_update (self);
  pat_window_fit_status (self);
}

static void
verdict_notify_cb (PatWindow   *self,
                   GParamSpec  *pspec,
                   PatAnalyzer *analyzer)
{
  pat_window_update_verdict (self);
}

static void
question_cb (PatWindow  *self,
             GParamSpec *pspec,
             PatSession *session)
{
  pat_window_update_verdict (self);
}

static void
winnability_changed_cb (PatWindow  *self,
                        const char *key,
                        GSettings  *settings)
{
  pat_window_update_verdict (self);
}

void
pat_window_solver_update (PatWindow *self)
{
  gboolean playing = self->game != NULL && pat_game_get_status (self->game) == PAT_STATUS_PLAYING;
  PatVerdict verdict = pat_analyzer_get_verdict (pat_session_get_analyzer (self->session));
  /* While the line keeps its verdict for a quick look, so does the menu. Asked then, the Demo
   * waits for the look. The item is greyed out when there is nothing to show, not hidden: GTK
   * destroys a hidden menu item and builds it again, with the window laid out for it, at each
   * change of the verdict. */
  PatVerdict line = self->thinking_id != 0 ? self->shown_verdict : verdict;
  gboolean demo = pat_session_get_driver (self->session) == PAT_DRIVER_DEMO ||
                  pat_session_get_question (self->session) == PAT_QUESTION_DEMO;

  /* Where the line is not shown, the demo is offered whenever the solver works on the game, so
   * that the menu does not tell whether the deal can be won. */
  /* While it plays, the menu offers to stop it instead. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.demo",
                                 playing && pat_session_get_match_play (self->session) == NULL &&
                                 !demo && (verdict_shown (self) ? line == PAT_VERDICT_WINNABLE
                                                                : verdict != PAT_VERDICT_OFF));
  pat_window_update_stop (self);
}

/* The demo plays the winning line with the board's animations; any other action stops it. */
static void
demo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  /* Asked again while the solver looks for its line: the player no longer waits. */
  if (pat_session_get_driver (self->session) == PAT_DRIVER_DEMO)
    pat_session_stop_playing (self->session);
  else if (pat_session_get_question (self->session) == PAT_QUESTION_DEMO)
    pat_session_cancel_question (self->session);
  else if (!pat_session_start_demo (self->session))
    pat_window_set_message (self, _("No winning line is known from here"));
}

static void
undo_to_winnable_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  pat_board_finish_animations (self->board);
  pat_session_undo_to_winnable (self->session);
  /* The button goes with the verdict it answered: the focus goes back to the cards. */
  pat_window_focus_board (self);
}

/* Winnable deals only. */

#define SEARCH_TOAST_DELAY_MS 400

static void
dismiss_search_toast (PatWindow *self)
{
  /* A search that ends before its toast was due never shows one. */
  if (self->search_toast_id != 0)
    g_clear_handle_id (&self->search_toast_id, g_source_remove);
  else if (self->search_toast != NULL)
    pat_window_dismiss_toast (self, self->search_toast);
  g_clear_object (&self->search_toast);
}

static gboolean
show_search_toast_cb (gpointer user_data)
{
  PatWindow *self = user_data;

  self->search_toast_id = 0;
  adw_toast_overlay_add_toast (self->toast_overlay, g_object_ref (self->search_toast));
  return G_SOURCE_REMOVE;
}

static void
cancel_search_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  pat_session_cancel_search (PAT_WINDOW (widget)->session);
}

/* Most searches take a few milliseconds (a toast would only flash); a long one says so, and
 * offers to cancel it. */
void
pat_window_update_search (PatWindow *self)
{
  if (!pat_session_get_searching (self->session))
    {
      dismiss_search_toast (self);
      return;
    }
  if (self->search_toast != NULL)
    return;
  /* Translators: shown while the solver draws deals until one can be won */
  self->search_toast = pat_toast_new (_("Looking for a winnable deal…"));
  adw_toast_set_timeout (self->search_toast, 0);
  adw_toast_set_button_label (self->search_toast, _("_Cancel"));
  adw_toast_set_action_name (self->search_toast, "win.cancel-deal-search");
  self->search_toast_id = g_timeout_add (SEARCH_TOAST_DELAY_MS, show_search_toast_cb, self);
}

static void
searching_cb (PatWindow  *self,
              GParamSpec *pspec,
              PatSession *session)
{
  pat_window_update_search (self);
}

static void
deal_search_failed_cb (PatWindow  *self,
                       PatSession *session)
{
  pat_window_set_message (self, _("No winnable deal was found; here is a random one"));
}

void
pat_window_solver_setup (PatWindow *self)
{
  PatAnalyzer *analyzer = pat_session_get_analyzer (self->session);

  g_signal_connect_object (analyzer, "notify::verdict", G_CALLBACK (verdict_notify_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (analyzer, "notify::undo-count", G_CALLBACK (verdict_notify_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::searching", G_CALLBACK (searching_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::question", G_CALLBACK (question_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "deal-search-failed", G_CALLBACK (deal_search_failed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::show-winnability",
                           G_CALLBACK (winnability_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::winnability-by-game",
                           G_CALLBACK (winnability_changed_cb), self, G_CONNECT_SWAPPED);
  pat_window_update_verdict (self);
}

void
pat_window_solver_dispose (PatWindow *self)
{
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (pat_session_get_analyzer (self->session), self);
  g_clear_handle_id (&self->search_toast_id, g_source_remove);
  g_clear_handle_id (&self->thinking_id, g_source_remove);
  g_clear_object (&self->search_toast);
}

void
pat_window_solver_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, PatWindow, verdict_box);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, verdict_undo_button);

  gtk_widget_class_install_action (widget_class, "win.demo", NULL, demo_action);
  gtk_widget_class_install_action (widget_class, "win.undo-to-winnable", NULL,
                                   undo_to_winnable_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-deal-search", NULL,
                                   cancel_search_action);
}
