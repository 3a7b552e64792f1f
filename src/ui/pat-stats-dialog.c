/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatStatsDialog: every game's statistics with charts, reset (after asking) and export to CSV. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-rules-text.h"
#include "pat-stats-chart.h"
#include "pat-stats-dialog.h"
#include "pat-toast.h"

struct _PatStatsDialog {
  AdwWindow          parent_instance;

  /* Template children */
  AdwToastOverlay   *toast_overlay;
  PatStatsChart     *rates_chart;
  AdwComboRow       *game_row;
  GtkLabel          *played_value;
  GtkLabel          *won_value;
  GtkLabel          *rate_value;
  GtkLabel          *streak_value;
  GtkLabel          *streak_caption;
  GtkLabel          *best_streak_value;
  GtkLabel          *worst_streak_value;
  GtkLabel          *best_time_value;
  GtkLabel          *fewest_moves_value;
  AdwActionRow      *best_score_row;
  AdwActionRow      *best_time_row;
  AdwPreferencesGroup *records_group;
  GtkLabel          *best_score_value;
  AdwActionRow      *average_score_row;
  GtkLabel          *average_score_value;
  GtkLabel          *hints_value;
  GtkLabel          *assisted_value;
  GtkLabel          *last_played_value;
  AdwPreferencesGroup *history_group;
  PatStatsChart     *history_chart;
  GtkButton         *reset_button;
  GtkLabel          *reset_label;

  PatStats          *stats;
  AdwMessageDialog  *confirmation;   /* weak */
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (PatStatsDialog, pat_stats_dialog, ADW_TYPE_WINDOW)

#define NONE "—"

static const PatRules *
rules_at (guint index)
{
  guint n;
  const PatRules *const *all = pat_rules_all (&n);

  return index < n ? all[index] : NULL;
}

const char *
pat_stats_dialog_get_game (PatStatsDialog *self)
{
  const PatRules *rules;

  g_return_val_if_fail (PAT_IS_STATS_DIALOG (self), NULL);

  rules = rules_at (adw_combo_row_get_selected (self->game_row));
  return rules != NULL ? rules->id : NULL;
}

static char *
format_time (guint seconds)
{
  if (seconds >= 3600)
    return g_strdup_printf ("%u:%02u:%02u", seconds / 3600, seconds / 60 % 60, seconds % 60);
  return g_strdup_printf ("%u:%02u", seconds / 60, seconds % 60);
}

static char *
format_count (guint n)
{
  /* The ' flag groups thousands as the locale does. */
  return g_strdup_printf ("%'u", n);
}

static char *
format_rate (guint won,
             guint played)
{
  if (played == 0)
    return g_strdup (NONE);
  /* Translators: a win rate, %d is 0 to 100 */
  return g_strdup_printf (_("%d %%"), (int) (100.0 * won / played + 0.5));
}

static void
set_label_take (GtkLabel *label,
                char     *text)
{
  gtk_label_set_label (label, text);
  g_free (text);
}

static void
update_rates (PatStatsDialog *self)
{
  guint n, i;
  const PatRules *const *all = pat_rules_all (&n);
  g_autofree const char **names = g_new0 (const char *, n + 1);
  g_autofree guint *won = g_new0 (guint, n);
  g_autofree guint *played = g_new0 (guint, n);

  for (i = 0; i < n; i++)
    {
      PatRecord record;

      pat_stats_get_record (self->stats, all[i]->id, &record);
      names[i] = pat_rules_text_name (all[i]->id);
      /* The Demo's games are neither won nor lost: the rate is of the games that are. */
      won[i] = record.won;
      played[i] = record.won + record.lost;
    }
  pat_stats_chart_set_win_rates (self->rates_chart, n, names, won, played);
}

/* The counts and records of @r. */
static void
show_record (PatStatsDialog  *self,
             const PatRecord *r,
             gboolean         scored,
             gboolean         timed)
{
  set_label_take (self->played_value, format_count (r->played));
  set_label_take (self->won_value, format_count (r->won));
  set_label_take (self->rate_value, format_rate (r->won, r->won + r->lost));

  if (r->streak > 0)
    {
      set_label_take (self->streak_value, format_count (r->streak));
      gtk_label_set_label (self->streak_caption,
                           g_dngettext (GETTEXT_PACKAGE, "Win in a Row", "Wins in a Row",
                                        r->streak));
    }
  else if (r->streak < 0)
    {
      set_label_take (self->streak_value, format_count (-r->streak));
      gtk_label_set_label (self->streak_caption,
                           g_dngettext (GETTEXT_PACKAGE, "Loss in a Row", "Losses in a Row",
                                        -r->streak));
    }
  else
    {
      gtk_label_set_label (self->streak_value, NONE);
      gtk_label_set_label (self->streak_caption, _("Current Streak"));
    }

  set_label_take (self->best_streak_value, format_count (r->best_win_streak));
  set_label_take (self->worst_streak_value, format_count (r->worst_loss_streak));
  /* Records come from games played without hints or Demo only. */
  if (r->has_best_time)
    {
      set_label_take (self->best_time_value, format_time (r->best_time));
      set_label_take (self->fewest_moves_value, format_count (r->fewest_moves));
    }
  else
    {
      gtk_label_set_label (self->best_time_value, NONE);
      gtk_label_set_label (self->fewest_moves_value, NONE);
    }

  /* A game without decisions (Perpetual Motion) has no best time: its time says how fast the
   * cards were dealt, by hand or by Play to the End, not how well it was played. */
  gtk_widget_set_visible (GTK_WIDGET (self->best_time_row), timed);
  adw_preferences_group_set_description (self->records_group,
                                         timed ? _("Best time, fewest moves and best score come "
                                                   "from games played without hints or Demo.")
                                               : _("A game without decisions keeps no best time: "
                                                   "its time only says how fast the cards were "
                                                   "dealt."));

  /* Only Demon keeps a score. */
  gtk_widget_set_visible (GTK_WIDGET (self->best_score_row), scored);
  gtk_widget_set_visible (GTK_WIDGET (self->average_score_row), scored);
  if (r->has_best_score)
    set_label_take (self->best_score_value, g_strdup_printf ("%'d", r->best_score));
  else
    gtk_label_set_label (self->best_score_value, NONE);
  /* The total leaves out the games the Demo played in. */
  if (r->played > r->assisted)
    set_label_take (self->average_score_value,
                    g_strdup_printf ("%'.1f", (double) r->total_score / (r->played - r->assisted)));
  else
    gtk_label_set_label (self->average_score_value, NONE);
  set_label_take (self->hints_value, format_count (r->hints_used));
  set_label_take (self->assisted_value, format_count (r->assisted));

}

static void
update_game (PatStatsDialog *self)
{
  const char *game_id = pat_stats_dialog_get_game (self);
  g_autoptr(GArray) history = NULL;
  const PatRules *rules;
  gboolean scored;
  PatRecord r;
  guint shown;

  if (game_id == NULL)
    return;
  rules = pat_rules_lookup (game_id);
  scored = pat_rules_has_flag (rules, PAT_RULES_SCORE);
  pat_stats_get_record (self->stats, game_id, &r);
  history = pat_stats_get_history (self->stats, game_id);

  show_record (self, &r, scored, !pat_rules_plays_itself (rules));

  if (history->len > 0)
    {
      const PatResult *last = &g_array_index (history, PatResult, history->len - 1);
      g_autoptr(GDateTime) date = g_date_time_new_from_unix_local (last->date);

      set_label_take (self->last_played_value,
                      date != NULL ? g_date_time_format (date, "%x") : g_strdup (NONE));
    }
  else
    gtk_label_set_label (self->last_played_value, NONE);

  pat_stats_chart_set_history (self->history_chart, history);
  shown = MIN (history->len, PAT_STATS_HISTORY_MAX);
  if (shown > 0)
    {
      g_autofree char *what =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "The last game: a win stands above the line, a loss "
                                      "hangs below it.",
                                      "The last %u games, oldest first: a win stands above the "
                                      "line, a loss hangs below it.",
                                      shown),
                         shown);
      g_autofree char *curve = g_strdup_printf (_("The curve is the share of wins over the last "
                                                  "%u games."),
                                                PAT_STATS_CHART_WINDOW);
      g_autofree char *description = g_strconcat (what, " ", curve, NULL);

      adw_preferences_group_set_description (self->history_group, description);
    }
  else
    adw_preferences_group_set_description (self->history_group, NULL);

  /* Translators: the button that resets one game's statistics; %s is the game's name */
  set_label_take (self->reset_label, g_strdup_printf (_("Reset Statistics of %s…"),
                                                      pat_rules_text_name (game_id)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "stats.reset-game",
                                 r.played > 0 || history->len > 0);
}

static void
update_all (PatStatsDialog *self)
{
  g_auto(GStrv) ids = pat_stats_dup_game_ids (self->stats);

  update_rates (self);
  update_game (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "stats.reset-all", ids[0] != NULL);
}

static void
stats_changed_cb (PatStatsDialog *self,
                  const char     *game_id,
                  PatStats       *stats)
{
  update_all (self);
}

static void
game_selected_cb (PatStatsDialog *self)
{
  update_game (self);
}

/* Resetting */

static void
confirmation_response_cb (PatStatsDialog   *self,
                          const char       *response,
                          AdwMessageDialog *dialog)
{
  const char *game_id = g_object_get_data (G_OBJECT (dialog), "game-id");

  if (g_str_equal (response, "reset"))
    {
      pat_stats_reset (self->stats, game_id);
      adw_toast_overlay_add_toast (self->toast_overlay, pat_toast_new (_("Statistics reset")));
    }
}

static void
ask_reset (PatStatsDialog *self,
           const char     *game_id)
{
  AdwMessageDialog *dialog;

  if (self->confirmation != NULL)
    gtk_window_destroy (GTK_WINDOW (self->confirmation));

  if (game_id != NULL)
    {
      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), NULL, NULL));
      /* Translators: %s is the name of a game */
      adw_message_dialog_format_heading (dialog, _("Reset the Statistics of %s?"),
                                         pat_rules_text_name (game_id));
      /* Translators: %s is the name of a game */
      adw_message_dialog_format_body (dialog, _("Every result of %s will be forgotten. This "
                                                "cannot be undone."),
                                      pat_rules_text_name (game_id));
    }
  else
    dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                         _("Reset All Statistics?"),
                                                         _("Every result of every game will be "
                                                           "forgotten. This cannot be undone.")));
  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "reset", _("_Reset"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "reset", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "game-id", g_strdup (game_id), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (confirmation_response_cb), self,
                           G_CONNECT_SWAPPED);

  g_set_weak_pointer (&self->confirmation, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
reset_game_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PatStatsDialog *self = PAT_STATS_DIALOG (widget);
  const char *game_id = pat_stats_dialog_get_game (self);

  if (game_id != NULL)
    ask_reset (self, game_id);
}

static void
reset_all_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  ask_reset (PAT_STATS_DIALOG (widget), NULL);
}

AdwMessageDialog *
pat_stats_dialog_get_confirmation (PatStatsDialog *self)
{
  g_return_val_if_fail (PAT_IS_STATS_DIALOG (self), NULL);

  return self->confirmation;
}

/* Exporting */

gboolean
pat_stats_dialog_export_to_file (PatStatsDialog  *self,
                                 GFile           *file,
                                 GError         **error)
{
  g_return_val_if_fail (PAT_IS_STATS_DIALOG (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  return pat_stats_export_csv (self->stats, file, error);
}

static void
export_response_cb (PatStatsDialog       *self,
                    int                   response,
                    GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;

  if (pat_stats_dialog_export_to_file (self, file, &error))
    adw_toast_overlay_add_toast (self->toast_overlay, pat_toast_new (_("Statistics exported")));
  else
    {
      /* Translators: %s says why the file could not be written */
      g_autofree char *text = g_strdup_printf (_("Could not export the statistics: %s"),
                                               error->message);
      AdwToast *toast = pat_toast_new (text);

      adw_toast_set_timeout (toast, 0);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  PatStatsDialog *self = PAT_STATS_DIALOG (widget);
  g_autoptr(GtkFileFilter) csv = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) any = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;

  self->chooser = gtk_file_chooser_native_new (_("Export Statistics"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Export"), _("_Cancel"));
  gtk_file_filter_set_name (csv, _("CSV files"));
  gtk_file_filter_add_mime_type (csv, "text/csv");
  gtk_file_filter_add_pattern (csv, "*.csv");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), csv);
  gtk_file_filter_set_name (any, _("All files"));
  gtk_file_filter_add_pattern (any, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), any);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser),
                                     /* Translators: the suggested file name of exported
                                      * statistics; keep .csv */
                                     _("patience-statistics.csv"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (export_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

/* Construction */

void
pat_stats_dialog_set_game (PatStatsDialog *self,
                           const char     *game_id)
{
  guint n, i;
  const PatRules *const *all = pat_rules_all (&n);

  g_return_if_fail (PAT_IS_STATS_DIALOG (self));

  for (i = 0; i < n; i++)
    if (game_id != NULL && g_str_equal (all[i]->id, game_id))
      adw_combo_row_set_selected (self->game_row, i);
}

static void
pat_stats_dialog_dispose (GObject *object)
{
  PatStatsDialog *self = PAT_STATS_DIALOG (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_weak_pointer (&self->confirmation);
  gtk_widget_dispose_template (GTK_WIDGET (self), PAT_TYPE_STATS_DIALOG);
  g_clear_object (&self->stats);

  G_OBJECT_CLASS (pat_stats_dialog_parent_class)->dispose (object);
}

static void
pat_stats_dialog_class_init (PatStatsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pat_stats_dialog_dispose;

  g_type_ensure (PAT_TYPE_STATS_CHART);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/patience/Patience/pat-stats-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, rates_chart);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, game_row);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, played_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, won_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, rate_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, streak_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, streak_caption);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, best_streak_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, worst_streak_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, best_time_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, fewest_moves_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, best_score_row);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, best_time_row);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, records_group);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, best_score_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, average_score_row);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, average_score_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, hints_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, assisted_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, last_played_value);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, history_group);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, history_chart);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, reset_button);
  gtk_widget_class_bind_template_child (widget_class, PatStatsDialog, reset_label);

  gtk_widget_class_install_action (widget_class, "stats.reset-game", NULL, reset_game_action);
  gtk_widget_class_install_action (widget_class, "stats.reset-all", NULL, reset_all_action);
  gtk_widget_class_install_action (widget_class, "stats.export", NULL, export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pat_stats_dialog_init (PatStatsDialog *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint n, i;
  const PatRules *const *all = pat_rules_all (&n);

  gtk_widget_init_template (GTK_WIDGET (self));

  for (i = 0; i < n; i++)
    gtk_string_list_append (names, pat_rules_text_name (all[i]->id));
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (names));
  g_signal_connect_swapped (self->game_row, "notify::selected", G_CALLBACK (game_selected_cb),
                            self);
}

/**
 * pat_stats_dialog_new:
 * @parent: (nullable): the window it belongs to
 * @stats: the statistics to show
 * @game_id: (nullable): the game shown first
 *
 * Returns: (transfer none): a new dialog, not yet presented
 */
PatStatsDialog *
pat_stats_dialog_new (GtkWindow  *parent,
                      PatStats   *stats,
                      const char *game_id)
{
  PatStatsDialog *self;

  g_return_val_if_fail (PAT_IS_STATS (stats), NULL);

  self = g_object_new (PAT_TYPE_STATS_DIALOG, "transient-for", parent, NULL);
  self->stats = g_object_ref (stats);
  g_signal_connect_object (stats, "changed", G_CALLBACK (stats_changed_cb), self,
                           G_CONNECT_SWAPPED);
  pat_stats_dialog_set_game (self, game_id);
  update_all (self);
  return self;
}
