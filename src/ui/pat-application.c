/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatApplication: the app object; owns the settings, the saved games and the statistics. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pat-application.h"
#include "pat-net-client.h"
#include "pat-preferences.h"
#include "pat-stats-dialog.h"
#include "pat-window.h"

struct _PatApplication {
  AdwApplication parent_instance;

  GSettings     *settings;
  PatStore      *store;
  PatStats      *stats;
  /* What the player was last told of each file's saving (file name → SaveNews). */
  GHashTable    *save_news;
  char          *pending_toast;   /* a failure found before there was a window to say it in */
};

G_DEFINE_FINAL_TYPE (PatApplication, pat_application, ADW_TYPE_APPLICATION)

/**
 * pat_application_new_window:
 *
 * A window with a session of its own, over the app's saved games and statistics.
 *
 * Returns: (transfer none): a new window, not yet presented, with no game yet
 */
PatWindow *
pat_application_new_window (PatApplication *self)
{
  g_autoptr(PatSession) session = NULL;

  g_return_val_if_fail (PAT_IS_APPLICATION (self), NULL);

  session = pat_session_new (self->store, self->stats);
  return pat_window_new (GTK_APPLICATION (self), session, self->settings);
}

static PatWindow *
get_window (PatApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    {
      window = GTK_WINDOW (pat_application_new_window (self));
      if (self->pending_toast != NULL)
        pat_window_show_toast (PAT_WINDOW (window), self->pending_toast);
      g_clear_pointer (&self->pending_toast, g_free);
      /* Said until dismissed, in every window: nothing played in it is kept. */
      if (pat_store_get_read_only (self->store))
        adw_toast_set_timeout (pat_window_show_toast (PAT_WINDOW (window),
                                                      _("Patience is already open with your saved "
                                                        "games, maybe in another session: what you "
                                                        "play here is not saved or counted")),
                               0);
    }
  return PAT_WINDOW (window);
}

/* The statistics' history, or the rows it could not take. */
static gboolean
is_history (const char *name)
{
  return g_str_equal (name, PAT_STORE_HISTORY_NAME) ||
         g_str_equal (name, PAT_STORE_UNSAVED_HISTORY_NAME);
}

static void
load_failed_cb (PatApplication *self,
                const char     *game_id,
                const char     *moved_to,
                const char     *message,
                PatStore       *store)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  g_autofree char *text = NULL;

  if (is_history (game_id) && moved_to != NULL)
    /* Translators: %s is the path the unreadable file was moved to */
    text = g_strdup_printf (_("The history of your recent games could not be read and starts "
                              "again. The file was kept as %s"),
                            moved_to);
  else if (is_history (game_id))
    /* Translators: %s says why, and where the file is (it was left in place) */
    text = g_strdup_printf (_("The history of your recent games could not be read: %s. New "
                              "results are kept beside it until it can be"),
                            message);
  else if (moved_to != NULL)
    /* Translators: %s is the path the unreadable save file was moved to */
    text = g_strdup_printf (_("Your saved game could not be read and a new one was started. "
                              "The file was kept as %s"),
                            moved_to);
  else
    /* Translators: %s says why, and where the file is (it was left in place) */
    text = g_strdup_printf (_("Your saved game could not be read and a new one was started: %s"),
                            message);
  /* Said once: the reason is in the text unless the file was moved aside. */
  if (moved_to != NULL)
    g_message ("%s: %s", text, message);
  else
    g_message ("%s", text);
  if (window != NULL)
    pat_window_show_toast (PAT_WINDOW (window), text);
  else
    {
      /* Read before any window: said when the first one shows. */
      g_free (self->pending_toast);
      self->pending_toast = g_steal_pointer (&text);
    }
}

/* What the player was last told of one file's saving: that it fails (and why), or that it works
 * again; and the toast that says so, while it may still show. */
typedef struct {
  char      *failure;   /* the store's message while the file fails, else NULL */
  AdwToast  *toast;
  GtkWindow *window;    /* weak: where the toast is */
} SaveNews;

static void
save_news_free (gpointer data)
{
  SaveNews *news = data;

  g_free (news->failure);
  g_clear_object (&news->toast);
  g_clear_weak_pointer (&news->window);
  g_free (news);
}

/* Replaces what was said of the file with @text: the toast before goes at once, rather than
 * waiting behind it, so that what shows is the file's state now. */
static void
tell_save_news (PatApplication *self,
                SaveNews       *news,
                const char     *text,
                guint           timeout)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (news->toast != NULL && news->window != NULL)
    pat_window_dismiss_toast (PAT_WINDOW (news->window), news->toast);
  g_clear_object (&news->toast);
  g_clear_weak_pointer (&news->window);
  if (window == NULL)
    return;
  news->toast = g_object_ref (pat_window_show_toast (PAT_WINDOW (window), text));
  adw_toast_set_timeout (news->toast, timeout);
  g_set_weak_pointer (&news->window, window);
}

/* Said once while a file fails for one reason, not at every move (each tries again); said
 * again when the reason changes. */
static void
save_failed_cb (PatApplication *self,
                const char     *name,
                const char     *message,
                const GError   *error,
                PatStore       *store)
{
  SaveNews *news = g_hash_table_lookup (self->save_news, name);
  g_autofree char *text = NULL;

  if (news == NULL)
    {
      news = g_new0 (SaveNews, 1);
      g_hash_table_insert (self->save_news, g_strdup (name), news);
    }
  else if (g_strcmp0 (news->failure, message) == 0)
    return;
  g_free (news->failure);
  news->failure = g_strdup (message);

  if (is_history (name))
    /* Translators: %s says why */
    text = g_strdup_printf (_("The history of your recent games could not be saved: %s"), message);
  else
    /* Translators: %s says why */
    text = g_strdup_printf (_("Your game could not be saved: %s"), message);
  g_message ("%s", text);
  /* An error stays until dismissed. */
  tell_save_news (self, news, text, 0);
}

/* Only the file that failed working again is news. */
static void
saved_cb (PatApplication *self,
          const char     *name,
          PatStore       *store)
{
  SaveNews *news = g_hash_table_lookup (self->save_news, name);

  if (news == NULL || news->failure == NULL)
    return;
  g_clear_pointer (&news->failure, g_free);
  g_message ("Saving %s works again", name);
  tell_save_news (self, news,
                  is_history (name)
                  ? _("The history of your recent games is saved again")
                  : _("Your game is saved again"),
                  5);
}

static void
pat_application_activate (GApplication *app)
{
  PatApplication *self = PAT_APPLICATION (app);
  gboolean fresh = gtk_application_get_active_window (GTK_APPLICATION (self)) == NULL;
  PatWindow *window = get_window (self);

  if (fresh)
    {
      gtk_window_present (GTK_WINDOW (window));
      /* A Demon match that was being played when the app closed goes on, else the last game. */
      pat_session_resume (pat_window_get_session (window));
      /* So does a network match, on the computer that hosts it and on the players'. */
      pat_window_resume_network (window);
    }
  else
    gtk_window_present (GTK_WINDOW (window));
}

/* patience --join ADDRESS:PORT --code CODE --name NAME [--team N]: the window joins that match
 * (its lobby shows), as the Join dialog does. */
static int
join_from_command_line (PatApplication          *self,
                        GApplicationCommandLine *command_line,
                        GVariantDict            *options)
{
  g_autofree char *where = NULL, *code = NULL, *name = NULL, *address = NULL;
  g_autoptr(GError) error = NULL;
  PatWindow *window;
  int team = 0;
  guint port = 0;

  g_variant_dict_lookup (options, "join", "s", &where);
  g_variant_dict_lookup (options, "code", "s", &code);
  g_variant_dict_lookup (options, "name", "s", &name);
  g_variant_dict_lookup (options, "team", "i", &team);
  if (where == NULL || code == NULL || name == NULL)
    {
      g_application_command_line_printerr (command_line,
                                           _("error: --join, --code and --name go together\n"));
      return 2;
    }
  if (!pat_net_parse_address (where, &address, &port, &error) ||
      !pat_net_name_valid (name, &error))
    {
      g_application_command_line_printerr (command_line, _("error: %s\n"), error->message);
      return 2;
    }
  if (team < 0 || team > PAT_NET_MAX_TEAMS)
    {
      g_application_command_line_printerr (command_line,
                                           _("error: --team takes 1 to %d\n"), PAT_NET_MAX_TEAMS);
      return 2;
    }
  {
    g_autofree char *upper = pat_net_code_from_text (code);
    gboolean fresh = gtk_application_get_active_window (GTK_APPLICATION (self)) == NULL;

    if (!pat_net_code_valid (upper))
      {
        g_application_command_line_printerr (command_line, _("error: '%s' is not a match code\n"),
                                             code);
        return 2;
      }
    window = get_window (self);
    gtk_window_present (GTK_WINDOW (window));
    /* The player's own game is on the board until the first round. */
    if (fresh)
      pat_session_resume (pat_window_get_session (window));
    pat_window_join_network (window, address, port, name, team - 1, upper);
  }
  return 0;
}

static int
pat_application_command_line (GApplication            *app,
                              GApplicationCommandLine *command_line)
{
  PatApplication *self = PAT_APPLICATION (app);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autofree char *game_id = NULL;
  g_autofree char *deal_text = NULL;
  PatDealNumber deal;
  PatWindow *window;
  g_autoptr(GError) error = NULL;

  g_variant_dict_lookup (options, "game", "s", &game_id);
  g_variant_dict_lookup (options, "deal", "s", &deal_text);
  if (g_variant_dict_contains (options, "join") || g_variant_dict_contains (options, "code") ||
      g_variant_dict_contains (options, "name") || g_variant_dict_contains (options, "team"))
    return join_from_command_line (self, command_line, options);

  /* The errors read as patience-cli's: "error: ", then the message, arguments in '…'. */
  if (game_id != NULL && pat_rules_lookup (game_id) == NULL)
    {
      g_autofree char *quoted = g_strescape (game_id, NULL);
      g_autoptr(GString) ids = g_string_new (NULL);
      const PatRules *const *all;
      guint n, i;

      all = pat_rules_all (&n);
      for (i = 0; i < n; i++)
        g_string_append_printf (ids, i > 0 ? ", %s" : "%s", all[i]->id);
      /* Translators: %s are the game id asked for and the list of game ids */
      g_application_command_line_printerr (command_line,
                                           _("error: unknown game '%s' (games: %s)\n"),
                                           quoted, ids->str);
      return 2;
    }
  if (deal_text != NULL && !pat_deal_number_parse (deal_text, &deal, &error))
    {
      g_application_command_line_printerr (command_line, _("error: %s\n"), error->message);
      return 2;
    }

  if (game_id == NULL && deal_text == NULL)
    {
      g_application_activate (app);
      return 0;
    }

  window = get_window (self);
  gtk_window_present (GTK_WINDOW (window));
  if (game_id == NULL)
    {
      g_autofree char *last = pat_store_dup_last_game_id (self->store);

      game_id = g_strdup (pat_rules_lookup (last) != NULL ? last : pat_rules_default ()->id);
    }
  if (deal_text != NULL)
    pat_session_start_deal (pat_window_get_session (window), game_id, &deal);
  else
    pat_session_open_game (pat_window_get_session (window), game_id);
  return 0;
}

static int
pat_application_handle_local_options (GApplication *app,
                                      GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("patience %s\n", PACKAGE_VERSION);
      return 0;
    }
  return G_APPLICATION_CLASS (pat_application_parent_class)->handle_local_options (app, options);
}

/* Opens @game_id in the window, as `patience --game GAME-ID` does. The desktop file's actions
 * (new-game-GAME-ID) and app.new-game come here. */
static void
open_game (PatApplication *self,
           const char     *game_id)
{
  PatWindow *window;

  if (pat_rules_lookup (game_id) == NULL)
    return;
  window = get_window (self);
  gtk_window_present (GTK_WINDOW (window));
  pat_session_open_game (pat_window_get_session (window), game_id);
}

static void
new_game_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  open_game (user_data, g_variant_get_string (parameter, NULL));
}

static void
new_game_of_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  const char *name = g_action_get_name (G_ACTION (action));

  open_game (user_data, name + strlen ("new-game-"));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  PatApplication *self = user_data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));

  /* Close the windows so that each saves its game, then quit. */
  while (windows != NULL)
    {
      GList *next = windows->next;

      gtk_window_close (GTK_WINDOW (windows->data));
      windows = next;
    }
  g_application_quit (G_APPLICATION (self));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  PatApplication *self = user_data;
  const char *developers[] = { _("The Patience developers"), NULL };
  const char *games[] = { _("David Parlett, who made up Black Hole and Penguin"), NULL };
  const char *deals[] = { "PySolFC https://pysolfc.sourceforge.io/", NULL };
  GtkWindow *about;
  /* Set once, by main(), for the profile built. */
  const char *name = g_get_application_name ();

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                        "application-icon", APP_ID,
                        "application-name", name,
                        "developer-name", _("The Patience developers"),
                        "version", PACKAGE_VERSION,
                        "comments", _("Patience games with exact rules, solvers and statistics"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "copyright", _("© The Patience developers"),
                        "developers", developers,
                        /* Translators: your names, one per line */
                        "translator-credits", _("translator-credits"),
                        NULL);
  adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), _("Games"), games);
  /* Translators: the heading of the credit for the deal numbers shared with PySolFC */
  adw_about_window_add_acknowledgement_section (ADW_ABOUT_WINDOW (about), _("Deal Numbers"), deals);
  gtk_window_present (about);
}

static PatGame *
active_game (PatApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  return PAT_IS_WINDOW (window) ? pat_window_get_game (PAT_WINDOW (window)) : NULL;
}

static void
statistics_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  PatApplication *self = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  PatGame *game = active_game (self);
  PatStatsDialog *dialog;

  dialog = pat_stats_dialog_new (window, self->stats,
                                 game != NULL ? pat_game_get_game_id (game) : NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  PatApplication *self = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  gtk_window_present (GTK_WINDOW (pat_preferences_new (window, self->settings)));
}

static const GActionEntry app_actions[] = {
  { "quit", quit_action },
  { "about", about_action },
  { "statistics", statistics_action },
  { "preferences", preferences_action },
  { "new-game", new_game_action, "s" },
};

static void
pat_application_startup (GApplication *app)
{
  PatApplication *self = PAT_APPLICATION (app);
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *new_accels[] = { "<Control>n", NULL };
  static const char *undo_accels[] = { "<Control>z", NULL };
  static const char *redo_accels[] = { "<Control><Shift>z", NULL };
  static const char *hint_accels[] = { "h", NULL };
  static const char *restart_accels[] = { "<Control>r", NULL };
  static const char *rules_accels[] = { "<Shift>F1", NULL };
  static const char *manual_accels[] = { "F1", NULL };
  static const char *fullscreen_accels[] = { "F11", NULL };
  static const char *help_accels[] = { "<Control>question", NULL };
  static const char *chooser_accels[] = { "<Control>o", NULL };
  static const char *statistics_accels[] = { "<Control>i", NULL };
  static const char *preferences_accels[] = { "<Control>comma", NULL };
  static const char *scoreboard_accels[] = { "<Control>m", NULL };
  const PatRules *const *games;
  guint n_games;
  g_autofree char *data_dir = NULL;

  G_APPLICATION_CLASS (pat_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  /* One action per game, named like the desktop file's actions, which D-Bus activation calls. */
  games = pat_rules_all (&n_games);
  for (guint i = 0; i < n_games; i++)
    {
      g_autofree char *name = g_strconcat ("new-game-", games[i]->id, NULL);
      g_autoptr(GSimpleAction) action = g_simple_action_new (name, NULL);

      g_signal_connect_object (action, "activate", G_CALLBACK (new_game_of_action), self, 0);
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
    }
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.new-game", new_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.undo", undo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.redo", redo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.hint", hint_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.restart", restart_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.rules", rules_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.help", manual_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.fullscreen",
                                         fullscreen_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.show-help-overlay",
                                         help_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.game-chooser",
                                         chooser_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.statistics",
                                         statistics_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences",
                                         preferences_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.scoreboard",
                                         scoreboard_accels);

  self->settings = g_settings_new (APP_ID);
  /* The development profile keeps its games apart from the player's. */
  data_dir = g_build_filename (g_get_user_data_dir (), DATA_FOLDER, NULL);
  self->store = pat_store_new (data_dir);
  g_signal_connect_object (self->store, "load-failed", G_CALLBACK (load_failed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->store, "save-failed", G_CALLBACK (save_failed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->store, "saved", G_CALLBACK (saved_cb), self, G_CONNECT_SWAPPED);
  self->stats = pat_stats_new (self->settings, self->store);
}

/* The automatic saves still on their way are written before the app goes. */
static void
pat_application_shutdown (GApplication *app)
{
  PatApplication *self = PAT_APPLICATION (app);

  if (self->store != NULL)
    pat_store_flush (self->store);

  G_APPLICATION_CLASS (pat_application_parent_class)->shutdown (app);
}

static void
pat_application_dispose (GObject *object)
{
  PatApplication *self = PAT_APPLICATION (object);

  g_clear_object (&self->stats);
  g_clear_pointer (&self->pending_toast, g_free);
  g_clear_pointer (&self->save_news, g_hash_table_unref);
  g_clear_object (&self->store);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pat_application_parent_class)->dispose (object);
}

static void
pat_application_class_init (PatApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = pat_application_dispose;
  app_class->startup = pat_application_startup;
  app_class->shutdown = pat_application_shutdown;
  app_class->activate = pat_application_activate;
  app_class->command_line = pat_application_command_line;
  app_class->handle_local_options = pat_application_handle_local_options;
}

static void
pat_application_init (PatApplication *self)
{
  static const GOptionEntry options[] = {
    { "game", 'g', 0, G_OPTION_ARG_STRING, NULL,
      N_("Open this game (black-hole, penguin, demon, …)"), N_("ID") },
    { "deal", 'd', 0, G_OPTION_ARG_STRING, NULL, N_("Deal this deal number"), N_("N") },
    { "join", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Join the Demon match hosted at this address and port"), N_("ADDRESS:PORT") },
    { "code", 0, 0, G_OPTION_ARG_STRING, NULL, N_("With --join, the match code"), N_("CODE") },
    { "name", 0, 0, G_OPTION_ARG_STRING, NULL, N_("With --join, your name in the match"),
      N_("NAME") },
    { "team", 0, 0, G_OPTION_ARG_INT, NULL, N_("With --join, your team (1 to 4)"), N_("N") },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and quit"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), options);
  self->save_news = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, save_news_free);
}

PatApplication *
pat_application_new (void)
{
  return g_object_new (PAT_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE,
                       "resource-base-path", "/io/github/patience/Patience",
                       NULL);
}

GSettings *
pat_application_get_settings (PatApplication *self)
{
  return self->settings;
}

PatStore *
pat_application_get_store (PatApplication *self)
{
  return self->store;
}

PatStats *
pat_application_get_stats (PatApplication *self)
{
  return self->stats;
}
