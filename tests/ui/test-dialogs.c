/* SPDX-License-Identifier: GPL-3.0-or-later */
/* UI tests of the dialogs: each one is built (catches widgets newer than libadwaita 1.2), the
 * chooser starts deals, the statistics show and export what was recorded and ask before a reset,
 * the preferences follow the settings, and a Demon match runs to its winner. Run under a virtual X
 * display. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "pat-application.h"
#include "pat-game-chooser.h"
#include "pat-match-dialog.h"
#include "pat-model-private.h"
#include "pat-preferences.h"
#include "pat-scoreboard.h"
#include "pat-stats-chart.h"
#include "pat-stats-dialog.h"
#include "pat-window-private.h"
#include "ui-test-util.h"

static char *data_dir;

/* Every text shown by @widget and the widgets in it: labels, and the titles of rows. */
static void
collect_text (GtkWidget *widget,
              GString   *out)
{
  GtkWidget *child;

  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    {
      g_string_append (out, gtk_label_get_text (GTK_LABEL (widget)));
      g_string_append_c (out, '\n');
    }
  if (ADW_IS_PREFERENCES_GROUP (widget) &&
      adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (widget)))
    {
      g_string_append (out, adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (widget)));
      g_string_append_c (out, '\n');
    }
  for (child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, out);
}

static char *
dup_text (gpointer widget)
{
  GString *out = g_string_new (NULL);

  collect_text (GTK_WIDGET (widget), out);
  return g_string_free (out, FALSE);
}

/* The suffix label of the row titled @title, found anywhere in @widget. */
static const char *
row_value (GtkWidget  *widget,
           const char *title)
{
  GtkWidget *child;

  if (!gtk_widget_get_visible (widget))
    return NULL;
  if (ADW_IS_ACTION_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    {
      /* The last label of the row is its suffix. */
      const char *found = NULL;
      GPtrArray *stack = g_ptr_array_new ();

      g_ptr_array_add (stack, widget);
      while (stack->len > 0)
        {
          GtkWidget *top = g_ptr_array_steal_index (stack, stack->len - 1);

          if (GTK_IS_LABEL (top) && gtk_widget_get_visible (top) &&
              g_strcmp0 (gtk_label_get_text (GTK_LABEL (top)), title) != 0 &&
              gtk_label_get_text (GTK_LABEL (top))[0] != '\0')
            found = gtk_label_get_text (GTK_LABEL (top));
          for (child = gtk_widget_get_last_child (top);
               child != NULL;
               child = gtk_widget_get_prev_sibling (child))
            g_ptr_array_add (stack, child);
        }
      g_ptr_array_unref (stack);
      return found;
    }
  for (child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *value = row_value (child, title);

      if (value != NULL)
        return value;
    }
  return NULL;
}

/* The first widget of @type in @widget whose tooltip or row title is @text (NULL for any). */
static GtkWidget *
find_widget (GtkWidget  *widget,
             GType       type,
             const char *text)
{
  GtkWidget *child;

  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    {
      const char *name = ADW_IS_PREFERENCES_ROW (widget)
                         ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget))
                         : gtk_widget_get_tooltip_text (widget);

      if (text == NULL || g_strcmp0 (name, text) == 0)
        return widget;
    }
  for (child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static PatResult
result_new (gint64      date,
            const char *deal,
            gboolean    won,
            guint       time,
            guint       moves,
            int         score)
{
  PatResult result = { date, "", won, time, moves, score, 0 };

  g_strlcpy (result.deal, deal, sizeof result.deal);
  return result;
}

/* Every dialog can be built and shown. */
static void
test_construct_all (void)
{
  g_autoptr(PatApplication) app = make_app ();
  PatWindow *window = make_window (app, 1000, 700);
  const char *players[] = { "Ann", "Ben", NULL };
  g_autoptr(PatMatch) match = pat_match_new (players, NULL);
  GtkWindow *dialog;
  PatStatsDialog *stats;
  PatResult result = result_new (1700000000, "5", TRUE, 90, 60, 0);

  dialog = GTK_WINDOW (pat_game_chooser_new (GTK_WINDOW (window), pat_window_get_session (window),
                                             NULL));
  gtk_window_present (dialog);
  spin (100);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  gtk_window_destroy (dialog);

  /* The statistics with and without results, and the confirmation of a reset. */
  pat_stats_reset (pat_application_get_stats (app), NULL);
  stats = pat_stats_dialog_new (GTK_WINDOW (window), pat_application_get_stats (app), "demon");
  gtk_window_present (GTK_WINDOW (stats));
  spin (100);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (stats)));
  pat_stats_record (pat_application_get_stats (app), "demon", &result);
  spin (50);
  gtk_widget_activate_action (GTK_WIDGET (stats), "stats.reset-game", NULL);
  spin (100);
  g_assert_nonnull (pat_stats_dialog_get_confirmation (stats));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pat_stats_dialog_get_confirmation (stats))));
  gtk_window_destroy (GTK_WINDOW (stats));

  dialog = GTK_WINDOW (pat_preferences_new (GTK_WINDOW (window),
                                            pat_application_get_settings (app)));
  gtk_window_present (dialog);
  spin (100);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  gtk_window_destroy (dialog);

  dialog = GTK_WINDOW (pat_match_dialog_new (GTK_WINDOW (window), pat_window_get_session (window),
                                             NULL));
  gtk_window_present (dialog);
  spin (100);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  pat_match_dialog_set_n_teams (PAT_MATCH_DIALOG (dialog), 2);
  spin (50);
  gtk_window_destroy (dialog);

  dialog = GTK_WINDOW (pat_scoreboard_new (GTK_WINDOW (window), match));
  gtk_window_present (dialog);
  spin (100);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  gtk_window_destroy (dialog);

  /* The same through the window's and the application's actions. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.game-chooser", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (app), "statistics", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-match", NULL);
  spin (200);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), >=, 5);

  close_all_windows ();
}

static void
test_chooser (void)
{
  g_autoptr(PatApplication) app = make_app ();
  PatWindow *window = make_window (app, 1000, 700);
  PatResult result = result_new (g_get_real_time () / G_USEC_PER_SEC, "4242", FALSE, 30, 12, 0);
  PatResult assisted = result_new (g_get_real_time () / G_USEC_PER_SEC - 60, "77", FALSE, 30, 12,
                                   0);
  PatGameChooser *chooser;
  g_autofree char *deal = NULL;
  g_autofree char *text = NULL;
  PatGame *game;

  pat_session_open_game (pat_window_get_session (window), "black-hole");
  pat_stats_reset (pat_application_get_stats (app), NULL);
  pat_stats_record (pat_application_get_stats (app), "all-in-a-row", &result);
  assisted.assisted = TRUE;
  pat_stats_record (pat_application_get_stats (app), "demon", &assisted);

  chooser = pat_game_chooser_new (GTK_WINDOW (window), pat_window_get_session (window), NULL);
  gtk_window_present (GTK_WINDOW (chooser));
  spin (100);
  /* It opens on the window's game, with its rules and the deal numbers' note, and lists the recent
   * deal. */
  g_assert_cmpstr (pat_game_chooser_get_game (chooser), ==, "black-hole");
  text = dup_text (chooser);
  g_assert_nonnull (strstr (text, "PySolFC"));
  g_assert_nonnull (strstr (text, "All in a Row · Deal 4242"));
  g_assert_nonnull (strstr (text, "Lost · "));
  /* A deal the Demo played in says so. */
  g_assert_nonnull (strstr (text, "Demon · Deal 77"));
  g_assert_nonnull (strstr (text, "Assisted · "));
  g_assert_cmpuint (pat_game_chooser_get_n_recent (chooser), ==, 2);

  /* A deal number that is not one cannot be played. */
  pat_game_chooser_select_game (chooser, "penguin");
  g_assert_cmpstr (pat_game_chooser_get_game (chooser), ==, "penguin");
  pat_game_chooser_set_deal_text (chooser, "12x");
  g_assert_false (pat_game_chooser_get_deal_valid (chooser));
  g_assert_false (pat_game_chooser_play (chooser));
  g_assert_cmpstr (pat_game_get_game_id (pat_window_get_game (window)), ==, "black-hole");

  /* A good one starts that deal in the window, and the chooser closes. */
  g_object_add_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);
  pat_game_chooser_set_deal_text (chooser, " 31999 ");
  g_assert_true (pat_game_chooser_get_deal_valid (chooser));
  g_assert_true (pat_game_chooser_play (chooser));
  spin (50);
  g_assert_null (chooser);
  game = pat_window_get_game (window);
  deal = pat_game_dup_deal_number (game);
  g_assert_cmpstr (pat_game_get_game_id (game), ==, "penguin");
  g_assert_cmpstr (deal, ==, "31999");

  /* An empty field goes back to the game in progress. */
  chooser = pat_game_chooser_new (GTK_WINDOW (window), pat_window_get_session (window), NULL);
  pat_game_chooser_select_game (chooser, "black-hole");
  g_assert_true (pat_game_chooser_play (chooser));
  g_assert_cmpstr (pat_game_get_game_id (pat_window_get_game (window)), ==, "black-hole");
  chooser = pat_game_chooser_new (GTK_WINDOW (window), pat_window_get_session (window), NULL);
  pat_game_chooser_select_game (chooser, "penguin");
  g_assert_true (pat_game_chooser_play (chooser));
  g_clear_pointer (&deal, g_free);
  deal = pat_game_dup_deal_number (pat_window_get_game (window));
  g_assert_cmpstr (deal, ==, "31999");

  close_all_windows ();
}

static void
test_statistics_show_results (void)
{
  g_autoptr(PatApplication) app = make_app ();
  PatStats *stats = pat_application_get_stats (app);
  PatWindow *window = make_window (app, 1000, 700);
  PatResult win = result_new (1700000000, "17", TRUE, 83, 51, 0);
  PatResult loss = result_new (1700000100, "18", FALSE, 40, 20, 0);
  PatResult assisted = result_new (1700000200, "19", FALSE, 5, 5, 0);
  PatResult hinted = result_new (1700000300, "20", TRUE, 6, 6, 0);
  PatStatsDialog *dialog;
  g_autofree char *text = NULL;

  pat_stats_reset (stats, NULL);
  pat_stats_record (stats, "black-hole", &win);
  dialog = pat_stats_dialog_new (GTK_WINDOW (window), stats, "black-hole");
  gtk_window_present (GTK_WINDOW (dialog));
  spin (100);

  g_assert_cmpstr (pat_stats_dialog_get_game (dialog), ==, "black-hole");
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Best time"), ==, "1:23");
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Fewest moves"), ==, "51");
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Longest winning streak"), ==, "1");
  text = dup_text (dialog);
  g_assert_nonnull (strstr (text, "100 %"));
  g_assert_nonnull (strstr (text, "Reset Statistics of Black Hole…"));

  /* A result recorded while it is open shows at once. */
  pat_stats_record (stats, "black-hole", &loss);
  spin (50);
  g_clear_pointer (&text, g_free);
  text = dup_text (dialog);
  g_assert_nonnull (strstr (text, "50 %"));
  g_assert_nonnull (strstr (text, "Loss in a Row"));
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Longest losing streak"), ==, "1");

  /* The games the Demo played in and the hints used show; neither those games nor a win with
   * hints set a record, quicker as they were. */
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Assisted games"), ==, "0");
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Hints used"), ==, "0");
  assisted.assisted = TRUE;
  hinted.hints_used = 3;
  pat_stats_record (stats, "black-hole", &assisted);
  spin (50);
  /* The Demo's game is neither won nor lost: the win rate is still one of two. */
  g_clear_pointer (&text, g_free);
  text = dup_text (dialog);
  g_assert_nonnull (strstr (text, "50 %"));
  g_assert_null (strstr (text, "33 %"));
  pat_stats_record (stats, "black-hole", &hinted);
  spin (50);
  g_clear_pointer (&text, g_free);
  text = dup_text (dialog);
  g_assert_nonnull (strstr (text, "67 %"));
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Assisted games"), ==, "1");
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Hints used"), ==, "3");
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Best time"), ==, "1:23");
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Fewest moves"), ==, "51");
  g_assert_nonnull (strstr (text, "Win in a Row"));

  /* Demon shows its scores; another game does not. */
  g_assert_null (row_value (GTK_WIDGET (dialog), "Best score"));
  win.score = 352;
  pat_stats_record (stats, "demon", &win);
  pat_stats_dialog_set_game (dialog, "demon");
  spin (50);
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Best score"), ==, "352");

  /* A game without decisions keeps no best time (Play to the End set one of a second). */
  win.score = 0;
  pat_stats_record (stats, "perpetual-motion", &win);
  pat_stats_dialog_set_game (dialog, "perpetual-motion");
  spin (50);
  g_assert_null (row_value (GTK_WIDGET (dialog), "Best time"));
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Fewest moves"), ==, "51");
  pat_stats_dialog_set_game (dialog, "black-hole");
  spin (50);
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Best time"), ==, "1:23");

  close_all_windows ();
}

/* A line of the CSV, split at commas (the test's values hold none). */
static char **
csv_fields (const char *line)
{
  return g_strsplit (line, ",", -1);
}

static void
test_export_csv (void)
{
  g_autoptr(PatApplication) app = make_app ();
  PatStats *stats = pat_application_get_stats (app);
  PatWindow *window = make_window (app, 1000, 700);
  g_autofree char *path = g_build_filename (data_dir, "export.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  PatStatsDialog *dialog;
  guint i, games = 0, results = 0, assisted = 0;
  gboolean second_table = FALSE;

  pat_stats_reset (stats, NULL);
  for (i = 0; i < 7; i++)
    {
      PatResult result = result_new (1700000000 + i * 60, "123", i % 3 != 0, 100 + i, 40 + i,
                                     (int) i * 10);

      /* The last one the Demo played in. */
      if (i == 6)
        {
          result.won = FALSE;
          result.assisted = TRUE;
        }
      pat_stats_record (stats, i < 4 ? "penguin" : "demon", &result);
    }

  dialog = pat_stats_dialog_new (GTK_WINDOW (window), stats, "penguin");
  g_assert_true (pat_stats_dialog_export_to_file (dialog, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\r\n", -1);

  g_assert_true (g_str_has_prefix (lines[0], "game,played,won,lost,"));
  for (i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = NULL;

      if (lines[i][0] == '\0')
        {
          second_table = TRUE;
          continue;
        }
      f = csv_fields (lines[i]);
      if (g_str_equal (f[0], "game"))
        continue;
      if (!second_table)
        {
          PatRecord r;

          g_assert_true (pat_stats_get_record (stats, f[0], &r));
          g_assert_cmpuint (g_ascii_strtoull (f[1], NULL, 10), ==, r.played);
          g_assert_cmpuint (g_ascii_strtoull (f[2], NULL, 10), ==, r.won);
          g_assert_cmpuint (g_ascii_strtoull (f[3], NULL, 10), ==, r.lost);
          g_assert_cmpint (g_ascii_strtoll (f[4], NULL, 10), ==, r.streak);
          g_assert_cmpuint (g_ascii_strtoull (f[7], NULL, 10), ==, r.best_time);
          g_assert_cmpuint (g_ascii_strtoull (f[8], NULL, 10), ==, r.fewest_moves);
          g_assert_cmpint (g_ascii_strtoll (f[9], NULL, 10), ==, r.best_score);
          g_assert_cmpint (g_ascii_strtoll (f[10], NULL, 10), ==, r.total_score);
          games++;
        }
      else
        {
          g_assert_true (g_str_equal (f[3], "won") || g_str_equal (f[3], "lost") ||
                         g_str_equal (f[3], "assisted"));
          g_assert_cmpstr (f[2], ==, "123");
          if (g_str_equal (f[3], "assisted"))
            assisted++;
          results++;
        }
    }
  g_assert_cmpuint (games, ==, 2);
  g_assert_cmpuint (results, ==, 7);
  g_assert_cmpuint (assisted, ==, 1);

  gtk_window_destroy (GTK_WINDOW (dialog));
  close_all_windows ();
}

static void
test_reset_asks_first (void)
{
  g_autoptr(PatApplication) app = make_app ();
  PatStats *stats = pat_application_get_stats (app);
  PatWindow *window = make_window (app, 1000, 700);
  PatResult result = result_new (1700000000, "9", TRUE, 10, 10, 0);
  PatStatsDialog *dialog;
  AdwMessageDialog *confirmation;
  PatRecord record;

  pat_stats_reset (stats, NULL);
  pat_stats_record (stats, "penguin", &result);
  pat_stats_record (stats, "demon", &result);
  dialog = pat_stats_dialog_new (GTK_WINDOW (window), stats, "penguin");
  gtk_window_present (GTK_WINDOW (dialog));
  spin (50);

  /* Asking changes nothing; cancelling changes nothing. */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "stats.reset-game", NULL);
  spin (50);
  confirmation = pat_stats_dialog_get_confirmation (dialog);
  g_assert_nonnull (confirmation);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (confirmation)));
  g_assert_true (pat_stats_get_record (stats, "penguin", &record));
  adw_message_dialog_response (confirmation, "cancel");
  spin (50);
  g_assert_true (pat_stats_get_record (stats, "penguin", &record));
  g_assert_cmpuint (record.played, ==, 1);

  /* Confirming resets that game only. */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "stats.reset-game", NULL);
  spin (50);
  confirmation = pat_stats_dialog_get_confirmation (dialog);
  g_assert_nonnull (confirmation);
  g_assert_true (pat_stats_get_record (stats, "penguin", &record));
  adw_message_dialog_response (confirmation, "reset");
  spin (50);
  g_assert_false (pat_stats_get_record (stats, "penguin", &record));
  g_assert_true (pat_stats_get_record (stats, "demon", &record));
  g_assert_cmpstr (row_value (GTK_WIDGET (dialog), "Best time"), ==, "—");

  /* Resetting everything asks too. */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "stats.reset-all", NULL);
  spin (50);
  confirmation = pat_stats_dialog_get_confirmation (dialog);
  g_assert_nonnull (confirmation);
  g_assert_true (pat_stats_get_record (stats, "demon", &record));
  adw_message_dialog_response (confirmation, "reset");
  spin (50);
  g_assert_false (pat_stats_get_record (stats, "demon", &record));

  close_all_windows ();
}

/* The label showing @text under @widget, outside any popover (a combo row's list of choices), or
 * NULL. */
static GtkLabel *
find_shown_label (GtkWidget  *widget,
                  const char *text)
{
  GtkWidget *child;

  if (GTK_IS_POPOVER (widget))
    return NULL;
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0 &&
      gtk_widget_get_mapped (widget))
    return GTK_LABEL (widget);
  for (child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_shown_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every choice of every combo row under @widget shows whole in the row once chosen: a row's
 * subtitle may wrap, its value may not be cut ("At every..." for "At every pass"); the values
 * cut are counted in n_cut. Returns how many choices it checked. */
static guint n_cut;

static guint
assert_combo_values_whole (GtkWidget  *widget,
                           const char *where)
{
  GtkWidget *child;
  guint checked = 0;

  if (ADW_IS_COMBO_ROW (widget) && gtk_widget_get_mapped (widget))
    {
      AdwComboRow *row = ADW_COMBO_ROW (widget);
      GListModel *model = adw_combo_row_get_model (row);
      guint before = adw_combo_row_get_selected (row);

      for (guint i = 0; model != NULL && i < g_list_model_get_n_items (model); i++)
        {
          g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);
          const char *text = gtk_string_object_get_string (item);
          GtkLabel *label;
          int natural;

          adw_combo_row_set_selected (row, i);
          spin (30);
          label = find_shown_label (widget, text);
          g_assert_nonnull (label);
          gtk_widget_measure (GTK_WIDGET (label), GTK_ORIENTATION_HORIZONTAL, -1,
                              NULL, &natural, NULL, NULL);
          g_test_message ("%s, %s: \"%s\" %d px of %d%s", where,
                          adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), text,
                          gtk_widget_get_width (GTK_WIDGET (label)), natural,
                          gtk_widget_get_width (GTK_WIDGET (label)) < natural ? " CUT" : "");
          if (gtk_widget_get_width (GTK_WIDGET (label)) < natural)
            n_cut++;
          checked++;
        }
      adw_combo_row_set_selected (row, before);
      return checked;
    }
  for (child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    checked += assert_combo_values_whole (child, where);
  return checked;
}

/* The chooser's row of the game @game_id, or NULL. */
static GtkListBoxRow *
find_game_row (GtkWidget  *widget,
               const char *game_id)
{
  GtkWidget *child;

  if (GTK_IS_LIST_BOX_ROW (widget) &&
      g_strcmp0 (g_object_get_data (G_OBJECT (widget), "game-id"), game_id) == 0)
    return GTK_LIST_BOX_ROW (widget);
  for (child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkListBoxRow *found = find_game_row (child, game_id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The combo rows of the preferences, the game chooser and the match dialog show their value
 * whole, beside an explanation too, at a desktop's size and a phone's. */
static void
test_combo_values_whole (void)
{
  g_autoptr(PatApplication) app = make_app ();
  GSettings *settings = pat_application_get_settings (app);
  PatWindow *window = make_window (app, 1000, 700);
  const int widths[] = { 1000, 360 };

  /* The chooser's pages change at once: the test waits for frames, not for a transition. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      PatPreferences *prefs = pat_preferences_new (GTK_WINDOW (window), settings);
      PatGameChooser *chooser;

      gtk_window_set_default_size (GTK_WINDOW (window), widths[w], 700);
      gtk_window_set_default_size (GTK_WINDOW (prefs), MIN (widths[w], 640), 2000);
      gtk_window_present (GTK_WINDOW (prefs));
      g_assert_true (wait_for_frames (GTK_WIDGET (prefs), 2));
      g_assert_cmpuint (assert_combo_values_whole (GTK_WIDGET (prefs), "preferences"), >=,
                        3 + 4 + 3);
      gtk_window_destroy (GTK_WINDOW (prefs));

      pat_session_open_game (pat_window_get_session (window), "demon");
      chooser = pat_game_chooser_new (GTK_WINDOW (window), pat_window_get_session (window), NULL);
      gtk_window_set_default_size (GTK_WINDOW (chooser), widths[w], 2000);
      gtk_window_present (GTK_WINDOW (chooser));
      pat_game_chooser_select_game (chooser, "demon");
      g_assert_true (wait_for_frames (GTK_WIDGET (chooser), 2));
      /* Narrow, the list of games shows first: Demon's row, activated, opens its page. */
      {
        GtkListBoxRow *row = find_game_row (GTK_WIDGET (chooser), "demon");

        g_assert_nonnull (row);
        g_signal_emit_by_name (gtk_widget_get_parent (GTK_WIDGET (row)), "row-activated", row);
        g_assert_true (wait_for_frames (GTK_WIDGET (chooser), 2));
      }
      g_assert_cmpuint (assert_combo_values_whole (GTK_WIDGET (chooser), "chooser"), ==, 3);
      gtk_window_destroy (GTK_WINDOW (chooser));

      {
        PatMatchDialog *match = pat_match_dialog_new (GTK_WINDOW (window),
                                                      pat_window_get_session (window), NULL);

        gtk_window_set_default_size (GTK_WINDOW (match), widths[w], 2000);
        gtk_window_present (GTK_WINDOW (match));
        g_assert_true (wait_for_frames (GTK_WIDGET (match), 2));
        g_assert_cmpuint (assert_combo_values_whole (GTK_WIDGET (match), "match"), >=, 3);
        gtk_window_destroy (GTK_WINDOW (match));
      }
    }
  g_assert_cmpuint (n_cut, ==, 0);
  g_settings_reset (settings, "demon-die-mode");
  g_settings_reset (settings, "play-speed");
  g_settings_reset (settings, "deal-difficulty");
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  close_all_windows ();
}

static void
test_preferences (void)
{
  g_autoptr(PatApplication) app = make_app ();
  GSettings *settings = pat_application_get_settings (app);
  PatWindow *window = make_window (app, 1000, 700);
  PatPreferences *prefs = pat_preferences_new (GTK_WINDOW (window), settings);
  g_autofree char *text = NULL;
  g_autofree char *back = NULL;

  gtk_window_present (GTK_WINDOW (prefs));
  spin (100);
  text = dup_text (prefs);
  g_assert_nonnull (strstr (text, "Four-colour deck"));
  g_assert_nonnull (strstr (text, "Winnable deals only"));
  g_assert_nonnull (strstr (text, "Modern"));

  /* Click to move says what a click does: it selects the card, and a second click on a pile moves
   * it there. Nothing finds a best place for it. */
  {
    GtkWidget *row = find_widget (GTK_WIDGET (prefs), ADW_TYPE_ACTION_ROW, "_Click to move");

    g_assert_nonnull (row);
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                     "Click a card, then click where it should go");
  }

  /* The settings drive the window's board through the rows' bindings. */
  g_settings_set_boolean (settings, "four-colour-deck", FALSE);
  g_settings_set_string (settings, "card-back", "red");
  g_settings_set_enum (settings, "demon-die-mode", PAT_DIE_PER_PASS);
  spin (20);
  {
    gboolean four = TRUE;
    g_autofree char *board_back = NULL;

    g_object_get (pat_window_get_board (window), "four-colour", &four, "card-back", &board_back,
                  NULL);
    g_assert_false (four);
    g_assert_cmpstr (board_back, ==, "red");
  }
  g_settings_set_boolean (settings, "four-colour-deck", TRUE);
  g_settings_set_string (settings, "card-back", "classic");
  g_settings_set_enum (settings, "demon-die-mode", PAT_DIE_OFF);

  /* And the rows change the settings. */
  {
    GtkWidget *modern = find_widget (GTK_WIDGET (prefs), GTK_TYPE_TOGGLE_BUTTON, "Modern");
    GtkWidget *classic = find_widget (GTK_WIDGET (prefs), GTK_TYPE_TOGGLE_BUTTON, "Classic");
    GtkWidget *die = find_widget (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, "_Die of Justice");

    g_assert_nonnull (modern);
    g_assert_nonnull (die);
    g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (classic)));
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (modern), TRUE);
    back = g_settings_get_string (settings, "card-back");
    g_assert_cmpstr (back, ==, "modern");
    g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (classic)));

    adw_combo_row_set_selected (ADW_COMBO_ROW (die), 1);
    g_assert_cmpint (g_settings_get_enum (settings, "demon-die-mode"), ==, PAT_DIE_PER_GAME);
    g_settings_set_enum (settings, "demon-die-mode", PAT_DIE_PER_PASS);
    g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (die)), ==, 2);
    g_settings_set_enum (settings, "demon-die-mode", PAT_DIE_OFF);
    g_settings_set_string (settings, "card-back", "classic");
  }

  /* The difficulty of winnable deals: Any by default, a choice only with winnable deals only, and
   * bound both ways to its key. */
  {
    GtkWidget *difficulty = find_widget (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, "Diffic_ulty");
    GListModel *model;
    g_autofree char *nick = NULL;

    g_assert_nonnull (difficulty);
    model = adw_combo_row_get_model (ADW_COMBO_ROW (difficulty));
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, 4);
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), ==, "Any");
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), 3), ==, "Hard");
    g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (difficulty)), ==, 0);

    g_settings_set_boolean (settings, "winnable-deals-only", FALSE);
    g_assert_false (gtk_widget_get_sensitive (difficulty));
    g_settings_set_boolean (settings, "winnable-deals-only", TRUE);
    g_assert_true (gtk_widget_get_sensitive (difficulty));

    adw_combo_row_set_selected (ADW_COMBO_ROW (difficulty), 3);
    nick = g_settings_get_string (settings, "deal-difficulty");
    g_assert_cmpstr (nick, ==, "hard");
    g_settings_set_string (settings, "deal-difficulty", "easy");
    g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (difficulty)), ==, 1);
    g_settings_reset (settings, "deal-difficulty");
    g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (difficulty)), ==, 0);
    g_settings_reset (settings, "winnable-deals-only");
  }

  /* The winnability line: a switch for all games, and one per game but Perpetual Motion, which
   * plays itself; where cards are face down the row says the solver uses them. */
  {
    GtkWidget *all = find_widget (GTK_WIDGET (prefs), ADW_TYPE_EXPANDER_ROW,
                                  "Show whether a deal can be _won");
    GtkWidget *demon = find_widget (GTK_WIDGET (prefs), ADW_TYPE_ACTION_ROW, "Demon");
    GtkWidget *penguin = find_widget (GTK_WIDGET (prefs), ADW_TYPE_ACTION_ROW, "Penguin");
    GtkWidget *demon_switch, *penguin_switch;

    g_assert_nonnull (all);
    g_assert_nonnull (demon);
    g_assert_nonnull (penguin);
    g_assert_null (find_widget (GTK_WIDGET (prefs), ADW_TYPE_ACTION_ROW, "Perpetual Motion"));
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (demon)), ==,
                     "Uses the face-down cards");
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (penguin)), ==, "");

    g_settings_reset (settings, "winnability-by-game");
    demon_switch = find_widget (demon, GTK_TYPE_SWITCH, NULL);
    penguin_switch = find_widget (penguin, GTK_TYPE_SWITCH, NULL);
    g_assert_false (gtk_switch_get_active (GTK_SWITCH (demon_switch)));
    g_assert_true (gtk_switch_get_active (GTK_SWITCH (penguin_switch)));
    gtk_switch_set_active (GTK_SWITCH (demon_switch), TRUE);
    g_assert_true (pat_preferences_get_winnability (settings, "demon"));
    pat_preferences_set_winnability (settings, "penguin", FALSE);
    g_assert_false (gtk_switch_get_active (GTK_SWITCH (penguin_switch)));
    g_settings_reset (settings, "winnability-by-game");
    g_assert_false (gtk_switch_get_active (GTK_SWITCH (demon_switch)));

    g_assert_true (adw_expander_row_get_enable_expansion (ADW_EXPANDER_ROW (all)));
    g_settings_set_boolean (settings, "show-winnability", FALSE);
    g_assert_false (adw_expander_row_get_enable_expansion (ADW_EXPANDER_ROW (all)));
    g_settings_set_boolean (settings, "show-winnability", TRUE);
  }

  /* Play to the End's speed: four choices; a speed set by hand shows as the nearest. */
  {
    GtkWidget *speed = find_widget (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW,
                                    "Perpetual Motion _speed");

    g_assert_nonnull (speed);
    g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (speed)), ==, 1);
    adw_combo_row_set_selected (ADW_COMBO_ROW (speed), 3);
    g_assert_cmpfloat (g_settings_get_double (settings, "play-speed"), ==, PAT_PLAY_SPEED_FASTEST);
    g_settings_set_double (settings, "play-speed", 5.0);
    g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (speed)), ==, 0);
    g_settings_reset (settings, "play-speed");
  }

  close_all_windows ();
}

static gint64 fake_now;

static gint64
fake_clock (void)
{
  return fake_now;
}

static void
test_match (void)
{
  g_autoptr(PatApplication) app = make_app ();
  PatStore *store = pat_application_get_store (app);
  PatWindow *window = make_window (app, 1000, 700);
  PatDealNumber own_deal = pat_deal_number_from_uint (7);
  const char *players[] = { "Ann", "Ben", NULL };
  PatMatchDialog *setup;
  PatMatch *match;
  PatGame *first, *second;
  g_autofree char *first_deal = NULL;
  g_autofree char *second_deal = NULL;
  g_autofree char *own = NULL;
  GtkWindow *scoreboard;
  PatMoveList moves;
  PatRecord record;
  g_autoptr(GError) error = NULL;
  int score;
  guint i;

  pat_stats_reset (pat_application_get_stats (app), NULL);
  pat_store_remove_match (store, NULL);
  /* The player's own Demon game, started, must survive the match. */
  pat_session_start_deal (pat_window_get_session (window), "demon", &own_deal);
  pat_game_legal_moves (pat_window_get_game (window), &moves);
  g_assert_true (pat_game_apply (pat_window_get_game (window), &moves.moves[0], NULL));

  setup = pat_match_dialog_new (GTK_WINDOW (window), pat_window_get_session (window), NULL);
  gtk_window_present (GTK_WINDOW (setup));
  spin (50);
  pat_match_dialog_set_players (setup, players);
  g_assert_cmpuint (pat_match_dialog_get_n_players (setup), ==, 2);
  g_assert_cmpint (pat_match_dialog_get_target (setup), ==, 200);
  pat_match_dialog_set_n_teams (setup, 2);
  g_assert_cmpint (pat_match_dialog_get_target (setup), ==, 500);
  pat_match_dialog_set_n_teams (setup, 0);
  g_assert_cmpint (pat_match_dialog_get_target (setup), ==, 200);
  pat_match_dialog_set_target (setup, 10);
  /* The match's deals come from a seed drawn from GLib's random numbers: fixed here, since a
   * random one may deal a Demon game with no move at all, whose turn ends as it starts. */
  g_random_set_seed (1);
  g_assert_true (pat_match_dialog_start (setup));
  spin (50);

  /* The match plays in the window, is saved, and the scoreboard says whose turn it is. */
  match = pat_session_get_match (pat_window_get_session (window));
  g_assert_nonnull (match);
  g_assert_true (pat_store_has_match (store));
  g_assert_cmpint (pat_match_get_target (match), ==, 10);
  first = pat_window_get_game (window);
  g_assert_cmpstr (pat_game_get_game_id (first), ==, "demon");
  g_assert_true (first == pat_match_get_game (match));
  scoreboard = pat_window_get_scoreboard (window);
  g_assert_nonnull (scoreboard);
  g_assert_cmpstr (pat_scoreboard_get_headline (PAT_SCOREBOARD (scoreboard)), ==, "Ann’s Turn");
  gtk_window_close (scoreboard);
  /* In a match, "+" ends the turn, and says so. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->new_game_button), ==, "End Turn");

  /* Ending the turn asks first, then records the score and shows the scoreboard between turns. */
  score = pat_game_get_score (first);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.end-turn", NULL);
  spin (50);
  g_assert_nonnull (pat_window_get_confirmation (window));
  g_assert_cmpuint (pat_match_get_current_player (match), ==, 0);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (pat_window_get_confirmation (window)), "end");
  /* The scoreboard comes a moment later. */
  for (i = 0; i < 100 && pat_window_get_scoreboard (window) == NULL; i++)
    spin (50);
  g_assert_cmpuint (pat_match_get_current_player (match), ==, 1);
  {
    int recorded;

    g_assert_true (pat_match_get_round_score (match, 1, 0, &recorded));
    g_assert_cmpint (recorded, ==, score);
  }
  g_assert_true (pat_window_get_end_shown (window));
  g_assert_cmpstr (gtk_label_get_label (window->end_title), ==, "Turn Over");
  {
    const char *icon = gtk_image_get_icon_name (window->end_icon);

    /* Not the ■ of "stop", a blank square on the card. */
    g_assert_cmpstr (icon, ==, "avatar-default-symbolic");
  }
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->new_game_button), ==, "Next Turn");
  scoreboard = pat_window_get_scoreboard (window);
  g_assert_nonnull (scoreboard);
  g_assert_cmpstr (pat_scoreboard_get_headline (PAT_SCOREBOARD (scoreboard)), ==, "Ben’s Turn");
  /* Match games are not the player's statistics. */
  g_assert_false (pat_stats_get_record (pat_application_get_stats (app), "demon", &record));

  /* The next turn: same deal, a new game. */
  first_deal = pat_game_dup_deal_number (first);
  g_signal_emit_by_name (scoreboard, "start-turn");
  spin (50);
  second = pat_window_get_game (window);
  g_assert_true (second != first);
  second_deal = pat_game_dup_deal_number (second);
  g_assert_cmpstr (first_deal, ==, second_deal);
  g_assert_nonnull (strstr (adw_window_title_get_subtitle (window->window_title), "Ben"));

  /* Ben's clock starts at his first move, not while the turn waits for him to take it. */
  fake_now = g_get_monotonic_time ();
  pat_game_set_clock_func (fake_clock);
  pat_game_set_running (second, TRUE);   /* as while the window is active */
  fake_now += 30 * G_USEC_PER_SEC;
  g_assert_cmpuint (pat_game_get_elapsed (second), ==, 0);
  pat_game_legal_moves (second, &moves);
  g_assert_true (pat_game_apply (second, &moves.moves[0], NULL));
  pat_game_set_running (second, TRUE);
  fake_now += 5 * G_USEC_PER_SEC;
  g_assert_cmpuint (pat_game_get_elapsed (second), ==, 5);
  pat_game_set_running (second, FALSE);
  pat_game_set_clock_func (NULL);

  /* Resumed in a new window after a close, at the same turn. */
  gtk_window_close (GTK_WINDOW (window));
  spin (50);
  window = make_window (app, 1000, 700);
  g_assert_true (g_settings_get_boolean (pat_application_get_settings (app), "resume-match"));
  g_assert_true (pat_store_get_resume_match (store));
  {
    g_autofree char *last = g_settings_get_string (pat_application_get_settings (app), "last-game");

    g_assert_cmpstr (last, ==, "demon");
  }
  g_assert_true (pat_session_resume_match (pat_window_get_session (window)));
  match = pat_session_get_match (pat_window_get_session (window));
  g_assert_cmpuint (pat_match_get_current_player (match), ==, 1);
  g_assert_cmpuint (pat_match_get_round (match), ==, 1);
  if (pat_window_get_scoreboard (window) != NULL)
    gtk_window_close (pat_window_get_scoreboard (window));

  /* Ben scores enough: the round ends with a winner, announced on the scoreboard. */
  scoreboard = pat_window_show_scoreboard (window);
  g_assert_true (pat_match_record_score (match, 120, &error));
  g_assert_no_error (error);
  spin (50);
  g_assert_true (pat_match_get_finished (match));
  g_assert_cmpstr (pat_match_get_winner_name (match), ==, "Ben");
  scoreboard = pat_window_get_scoreboard (window);
  g_assert_nonnull (scoreboard);
  g_assert_cmpstr (pat_scoreboard_get_headline (PAT_SCOREBOARD (scoreboard)), ==,
                   "The demon is exorcised!");
  {
    g_autofree char *text = dup_text (scoreboard);

    g_assert_nonnull (strstr (text, "Ben wins with 120 points."));
  }
  g_assert_false (pat_store_has_match (store));

  /* A new game after the match is the player's own Demon again, as it was. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  spin (50);
  g_assert_null (pat_session_get_match (pat_window_get_session (window)));
  own = pat_game_dup_deal_number (pat_window_get_game (window));
  g_assert_cmpstr (own, ==, "7");
  g_assert_cmpuint (pat_game_get_moves (pat_window_get_game (window)), ==, 1);

  close_all_windows ();
}

/* A short match played only through record_score: the scoreboard follows it to the winner. */
static void
test_scoreboard_winner (void)
{
  const char *players[] = { "Ann", "Ben", "Cat", NULL };
  const guint teams_of[] = { 0, 1, 0 };
  const char *teams[] = { "Red", "Blue", NULL };
  g_autoptr(PatMatch) match = pat_match_new_with_teams (players, teams_of, teams, NULL);
  PatScoreboard *scoreboard;
  g_autofree char *text = NULL;

  pat_match_set_target (match, 30);
  scoreboard = pat_scoreboard_new (NULL, match);
  gtk_window_present (GTK_WINDOW (scoreboard));
  spin (50);
  g_assert_cmpstr (pat_scoreboard_get_headline (scoreboard), ==, "Ann’s Turn");

  g_assert_true (pat_match_record_score (match, 12, NULL));
  g_assert_cmpstr (pat_scoreboard_get_headline (scoreboard), ==, "Ben’s Turn");
  g_assert_true (pat_match_record_score (match, 25, NULL));
  g_assert_true (pat_match_record_score (match, 20, NULL));
  spin (20);
  g_assert_true (pat_match_get_finished (match));
  g_assert_cmpstr (pat_scoreboard_get_headline (scoreboard), ==, "The demon is exorcised!");
  text = dup_text (scoreboard);
  g_assert_nonnull (strstr (text, "Red wins with 32 points."));
  g_assert_nonnull (strstr (text, "Ann, Cat"));

  gtk_window_destroy (GTK_WINDOW (scoreboard));
}

/* A long match lists its last rounds only, with every round in the totals; a match that ends
 * level after its last possible round is a draw. */
static void
test_scoreboard_long (void)
{
  const char *players[] = { "Ann", "Ben", NULL };
  g_autoptr(PatMatch) match = pat_match_new (players, NULL);
  PatScoreboard *scoreboard;
  g_autofree char *text = NULL;
  guint i;

  pat_match_set_target (match, 100000);
  for (i = 0; i < 3; i++)
    g_assert_true (pat_match_record_score (match, 1, NULL));
  scoreboard = pat_scoreboard_new (NULL, match);
  gtk_window_present (GTK_WINDOW (scoreboard));
  spin (20);
  /* Rounds 1 and 2 (Ben has not played round 2). */
  g_assert_cmpuint (pat_scoreboard_get_n_listed_rounds (scoreboard), ==, 2);
  gtk_window_destroy (GTK_WINDOW (scoreboard));

  /* Level to the last possible round: a draw. */
  for (i = 0; i < 30000 && !pat_match_get_finished (match); i++)
    g_assert_true (pat_match_record_score (match, 1, NULL));
  g_assert_true (pat_match_get_finished (match));
  g_assert_cmpuint (pat_match_get_round (match), >=, 10000);
  scoreboard = pat_scoreboard_new (NULL, match);
  gtk_window_present (GTK_WINDOW (scoreboard));
  spin (20);
  g_assert_cmpuint (pat_scoreboard_get_n_listed_rounds (scoreboard), ==, 50);
  g_assert_cmpstr (pat_scoreboard_get_headline (scoreboard), ==, "A Draw");
  text = dup_text (scoreboard);
  g_assert_nonnull (strstr (text, "9950 earlier rounds are not listed"));
  g_assert_nonnull (strstr (text, "10000"));
  gtk_window_destroy (GTK_WINDOW (scoreboard));
}

static void
test_charts (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *history = pat_stats_chart_new ();
  GtkWidget *rates = pat_stats_chart_new ();
  g_autoptr(GArray) results = g_array_new (FALSE, TRUE, sizeof (PatResult));
  const char *names[] = { "One", "Two" };
  const guint won[] = { 3, 0 };
  const guint played[] = { 4, 0 };
  guint i;

  for (i = 0; i < 500; i++)
    {
      PatResult r = result_new (1700000000 + i * 3600, "1", i % 3 == 0, 60, 60, 0);

      /* Some the Demo played in, drawn apart from the losses. */
      r.assisted = i % 3 == 1 && i % 7 == 1;
      g_array_append_val (results, r);
    }
  pat_stats_chart_set_history (PAT_STATS_CHART (history), results);
  pat_stats_chart_set_win_rates (PAT_STATS_CHART (rates), 2, names, won, played);
  gtk_box_append (GTK_BOX (box), history);
  gtk_box_append (GTK_BOX (box), rates);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 400);
  gtk_window_present (GTK_WINDOW (window));
  spin (100);
  /* Every recorded game is in the chart, however narrow. */
  g_assert_cmpuint (pat_stats_chart_get_n_shown (PAT_STATS_CHART (history)), ==, 500);
  g_assert_cmpint (gtk_widget_get_height (rates), >, 40);

  g_array_set_size (results, 0);
  pat_stats_chart_set_history (PAT_STATS_CHART (history), results);
  spin (50);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  /* Saved games go to a fresh directory. */
  data_dir = g_dir_make_tmp ("patience-dialogs-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_dir, TRUE);
  /* Dates and numbers as the tests expect them. */
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/dialogs/construct-all", test_construct_all);
  g_test_add_func ("/dialogs/chooser", test_chooser);
  g_test_add_func ("/dialogs/statistics", test_statistics_show_results);
  g_test_add_func ("/dialogs/export-csv", test_export_csv);
  g_test_add_func ("/dialogs/reset-asks-first", test_reset_asks_first);
  g_test_add_func ("/dialogs/preferences", test_preferences);
  g_test_add_func ("/dialogs/combo-values-whole", test_combo_values_whole);
  g_test_add_func ("/dialogs/match", test_match);
  g_test_add_func ("/dialogs/scoreboard-winner", test_scoreboard_winner);
  g_test_add_func ("/dialogs/scoreboard-long", test_scoreboard_long);
  g_test_add_func ("/dialogs/charts", test_charts);

  return g_test_run ();
}
