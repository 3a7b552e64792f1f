/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatWindow's solver side: the winnability line, hints from a winning line, the demo, and winnable-only deals. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-preferences.h"
#include "pat-toast.h"
#include "pat-window-private.h"

#define DEMO_INTERVAL_MS 650
#define DEAL_SEARCH_TRIES 2000

typedef struct {
  PatWindow *window;
  PatMove   *line;
  guint      n_moves;
  guint      next;
  guint      expected_moves;   /* the game's move count after the demo's last move */
} Demo;

/* Whether the winnability line is shown for the game in play: the switch for all games and the
 * game's own (by default off where cards are face down). The analyser still runs for hints and
 * the demo; only the announcement follows the preference. */
static gboolean
verdict_shown (PatWindow *self)
{
  return self->game != NULL && self->settings != NULL &&
         g_settings_get_boolean (self->settings, "show-winnability") &&
         pat_preferences_get_winnability (self->settings, pat_game_get_game_id (self->game));
}

void
pat_window_update_verdict (PatWindow *self)
{
  gboolean shown;
  PatVerdict verdict;
  guint undo_count;
  /* Where cards are face down the solver knows more than the player, and says so. */
  gboolean hidden = self->game != NULL && pat_rules_has_hidden_cards (pat_game_get_rules (self->game));
  const char *text = NULL;
  const char *style = NULL;

  if (self->analyzer == NULL)   /* not set up yet */
    return;
  shown = verdict_shown (self);
  verdict = shown ? pat_analyzer_get_verdict (self->analyzer) : PAT_VERDICT_OFF;
  undo_count = pat_analyzer_get_undo_count (self->analyzer);

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
      if (pat_game_get_moves (self->game) == 0)
        text = hidden ? _("This deal can’t be won (knowing the hidden cards)") : _("This deal can’t be won");
      else
        text = hidden ? _("No longer winnable (knowing the hidden cards)") : _("No longer winnable");
      style = "error";
      break;
    case PAT_VERDICT_UNKNOWN:
      text = _("Can’t tell yet");
      style = "dim-label";
      break;
    case PAT_VERDICT_OFF:
    default:
      break;
    }

  if (text != NULL)
    {
      gtk_label_set_label (self->verdict_label, text);
      gtk_widget_add_css_class (GTK_WIDGET (self->verdict_label), style);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->verdict_label),
                                   hidden ? _("The solver reads the face-down cards, which you can’t see") : NULL);
    }
  /* Shown by pat_window_fit_status() below, where the status line has room. */
  self->verdict_wanted = text != NULL;

  if (verdict == PAT_VERDICT_LOST && undo_count > 0)
    {
      g_autofree char *label = NULL;
      g_autofree char *tooltip = NULL;

      /* Translators: a button after "No longer winnable" */
      label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Undo %u move", "Undo %u moves", undo_count),
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
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->verdict_undo_button), tooltip);
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
winnability_changed_cb (PatWindow  *self,
                        const char *key,
                        GSettings  *settings)
{
  pat_window_update_verdict (self);
}

/* The hint: the next move of a winning line when one is known. */
gboolean
pat_window_solver_hint (PatWindow *self,
                        PatMove   *move)
{
  return pat_analyzer_get_next_move (self->analyzer, move);
}

void
pat_window_solver_update (PatWindow *self)
{
  gboolean playing = self->game != NULL && pat_game_get_status (self->game) == PAT_STATUS_PLAYING;
  PatVerdict verdict = pat_analyzer_get_verdict (self->analyzer);

  /* Where the line is not shown, the demo is offered whenever the solver works on the game, so
   * that the menu does not tell whether the deal can be won. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.demo",
                                 playing && self->match_play == NULL &&
                                 (self->demo_id != 0 ||
                                  (verdict_shown (self) ? verdict == PAT_VERDICT_WINNABLE
                                                        : verdict != PAT_VERDICT_OFF)));
}

/* The demo: plays the winning line with the board's animations; any other action stops it. */

static void
demo_free (Demo *demo)
{
  /* However the demo ends, the game goes back to sending safe moves up by itself. */
  if (demo->window->game != NULL)
    pat_game_set_auto_foundation_paused (demo->window->game, FALSE);
  g_free (demo->line);
  g_free (demo);
}

void
pat_window_stop_demo (PatWindow *self)
{
  if (self->demo_id != 0)
    {
      g_clear_handle_id (&self->demo_id, g_source_remove);
      /* A demo that won has not been stopped: the end card says how it ended. */
      if (self->game != NULL && pat_game_get_status (self->game) == PAT_STATUS_PLAYING)
        pat_window_set_message (self, _("Demo stopped"));
      else
        pat_window_set_message (self, NULL);
      pat_window_solver_update (self);
    }
}

static gboolean
demo_step_cb (gpointer user_data)
{
  Demo *demo = user_data;
  PatWindow *self = demo->window;

  if (self->game == NULL || demo->next >= demo->n_moves ||
      pat_game_get_moves (self->game) != demo->expected_moves ||
      pat_game_get_status (self->game) != PAT_STATUS_PLAYING)
    {
      /* Finished, or the player moved: the line no longer fits. */
      self->demo_id = 0;
      pat_window_solver_update (self);
      return G_SOURCE_REMOVE;
    }

  pat_board_finish_animations (self->board);
  /* The Demo's moves make the game assisted: it will count as neither won nor lost. */
  if (!pat_game_apply_assisted (self->game, &demo->line[demo->next++], NULL))
    {
      self->demo_id = 0;
      pat_window_solver_update (self);
      return G_SOURCE_REMOVE;
    }
  demo->expected_moves = pat_game_get_moves (self->game);
  return G_SOURCE_CONTINUE;
}

static void
demo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);
  const PatMove *line;
  Demo *demo;
  guint n;

  if (self->demo_id != 0)
    {
      pat_window_stop_demo (self);
      return;
    }
  line = pat_analyzer_get_line (self->analyzer, &n);
  if (line == NULL || n == 0 || self->game == NULL)
    {
      pat_window_set_message (self, _("No winning line is known from here"));
      return;
    }

  pat_window_stop_playing (self);
  demo = g_new0 (Demo, 1);
  demo->window = self;
  demo->line = g_memdup2 (line, n * sizeof *line);
  demo->n_moves = n;
  demo->expected_moves = pat_game_get_moves (self->game);
  /* The line makes the safe moves up itself: a card gone up by itself would take its next. */
  pat_game_set_auto_foundation_paused (self->game, TRUE);
  /* Start the timer only after stop_playing, which also stops a demo. */
  self->demo_id = g_timeout_add_full (G_PRIORITY_DEFAULT, self->demo_interval, demo_step_cb, demo,
                                      (GDestroyNotify) demo_free);
  pat_window_set_message (self, _("Demo: watch the winning line; any move stops it"));
  pat_window_solver_update (self);
}

static void
undo_to_winnable_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);
  guint n = pat_analyzer_get_undo_count (self->analyzer);
  guint i;

  if (self->game == NULL || pat_analyzer_get_verdict (self->analyzer) != PAT_VERDICT_LOST)
    return;
  pat_window_stop_playing (self);
  pat_board_finish_animations (self->board);
  for (i = 0; i < n; i++)
    if (!pat_game_undo (self->game))
      break;
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

typedef struct {
  PatWindow *window;
  char      *game_id;
} SearchData;

static void
search_data_free (SearchData *data)
{
  g_object_unref (data->window);
  g_free (data->game_id);
  g_free (data);
}

static void
winnable_found_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  SearchData *data = user_data;
  PatWindow *self = data->window;
  g_autoptr(GError) error = NULL;
  PatDealNumber deal;

  if (pat_find_winnable_deal_finish (result, &deal, &error))
    {
      dismiss_search_toast (self);
      g_clear_object (&self->deal_search);
      pat_window_start_deal (self, data->game_id, &deal);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      dismiss_search_toast (self);
      g_clear_object (&self->deal_search);
      pat_window_set_message (self, _("No winnable deal was found; here is a random one"));
      pat_window_start_deal (self, data->game_id, NULL);
    }
  search_data_free (data);
}

static void
cancel_search_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  PatWindow *self = PAT_WINDOW (widget);

  if (self->deal_search != NULL)
    {
      g_cancellable_cancel (self->deal_search);
      g_clear_object (&self->deal_search);
    }
  dismiss_search_toast (self);
}

void
pat_window_new_random_deal (PatWindow  *self,
                            const char *game_id)
{
  const PatRules *rules = pat_rules_lookup (game_id);
  SearchData *data;
  PatOptions options = { PAT_DIE_OFF };
  int difficulty;

  g_return_if_fail (rules != NULL);

  cancel_search_action (GTK_WIDGET (self), NULL, NULL);
  if (!g_settings_get_boolean (self->settings, "winnable-deals-only") ||
      (!pat_rules_plays_itself (rules) && !pat_solver_supports (rules)))
    {
      pat_window_start_deal (self, game_id, NULL);
      return;
    }

  if (rules->flags & PAT_RULES_DIE)
    options.die_mode = (PatDieMode) g_settings_get_enum (self->settings, "demon-die-mode");

  self->deal_search = g_cancellable_new ();
  /* Translators: shown while the solver draws deals until one can be won */
  self->search_toast = pat_toast_new (_("Looking for a winnable deal…"));
  adw_toast_set_timeout (self->search_toast, 0);
  adw_toast_set_button_label (self->search_toast, _("_Cancel"));
  adw_toast_set_action_name (self->search_toast, "win.cancel-deal-search");
  /* Most searches take a few milliseconds (a toast would only flash); a long one says so. */
  self->search_toast_id = g_timeout_add (SEARCH_TOAST_DELAY_MS, show_search_toast_cb, self);

  data = g_new0 (SearchData, 1);
  data->window = g_object_ref (self);
  data->game_id = g_strdup (game_id);
  /* The enum's values 1, 2, 3 are easy, medium, hard; 0, any winnable deal. */
  difficulty = g_settings_get_enum (self->settings, "deal-difficulty");
  pat_find_deal_async (game_id, &options,
                       difficulty > 0 ? (PatDifficulty) (PAT_DIFFICULTY_EASY + difficulty - 1)
                                      : PAT_DIFFICULTY_UNKNOWN,
                       DEAL_SEARCH_TRIES, self->deal_search, winnable_found_cb, data);
}

void
pat_window_solver_set_game (PatWindow *self,
                            PatGame   *game)
{
  pat_window_stop_demo (self);
  pat_analyzer_set_game (self->analyzer, game);
  pat_window_update_verdict (self);
}

void
pat_window_solver_setup (PatWindow *self)
{
  self->analyzer = pat_analyzer_new ();
  self->demo_interval = DEMO_INTERVAL_MS;
  g_signal_connect_object (self->analyzer, "notify::verdict", G_CALLBACK (verdict_notify_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->analyzer, "notify::undo-count", G_CALLBACK (verdict_notify_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::show-winnability", G_CALLBACK (winnability_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::winnability-by-game",
                           G_CALLBACK (winnability_changed_cb), self, G_CONNECT_SWAPPED);
  pat_window_update_verdict (self);
}

void
pat_window_solver_dispose (PatWindow *self)
{
  g_clear_handle_id (&self->demo_id, g_source_remove);
  if (self->deal_search != NULL)
    g_cancellable_cancel (self->deal_search);
  g_clear_object (&self->deal_search);
  g_clear_handle_id (&self->search_toast_id, g_source_remove);
  g_clear_object (&self->search_toast);
  if (self->analyzer != NULL)
    pat_analyzer_set_game (self->analyzer, NULL);
  g_clear_object (&self->analyzer);
}

void
pat_window_solver_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, PatWindow, verdict_box);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, verdict_undo_button);

  gtk_widget_class_install_action (widget_class, "win.demo", NULL, demo_action);
  gtk_widget_class_install_action (widget_class, "win.undo-to-winnable", NULL, undo_to_winnable_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-deal-search", NULL, cancel_search_action);
}
