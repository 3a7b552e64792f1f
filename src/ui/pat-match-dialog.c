/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatMatchDialog: sets up a Demon match — players, teams, target — and starts it in a session. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-a11y.h"
#include "pat-match-dialog.h"
#include "pat-preferences.h"

#define MAX_TEAMS 4

typedef struct {
  AdwEntryRow *row;
  GtkDropDown *team;
  GtkButton   *remove;
  guint        team_index;
} PlayerRow;

struct _PatMatchDialog {
  AdwWindow            parent_instance;

  /* Template children */
  GtkButton           *start_button;
  AdwPreferencesGroup *players_group;
  AdwExpanderRow      *teams_row;
  GtkAdjustment       *teams_adjustment;
  GtkAdjustment       *target_adjustment;
  GtkSwitch           *same_deal_switch;
  AdwComboRow         *die_row;
  GtkLabel            *error_label;

  PatSession          *session;         /* where the match is played */
  GPtrArray           *players;         /* PlayerRow */
  GPtrArray           *team_rows;       /* AdwEntryRow */
  GtkStringList       *team_names;
  gboolean             target_edited;
  guint                updating;
  AdwMessageDialog    *confirmation;    /* weak */
};

G_DEFINE_FINAL_TYPE (PatMatchDialog, pat_match_dialog, ADW_TYPE_WINDOW)

static gboolean
teams_on (PatMatchDialog *self)
{
  return adw_expander_row_get_enable_expansion (self->teams_row);
}

static char *
stripped_text (GtkEditable *editable)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (editable)));
}

/* The form */

PatMatch *
pat_match_dialog_build (PatMatchDialog  *self,
                        GError         **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) teams = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint *player_teams = NULL;
  g_autoptr(PatMatch) match = NULL;
  PatOptions options;
  guint i;

  g_return_val_if_fail (PAT_IS_MATCH_DIALOG (self), NULL);

  player_teams = g_new0 (guint, self->players->len + 1);
  for (i = 0; i < self->players->len; i++)
    {
      PlayerRow *player = g_ptr_array_index (self->players, i);

      g_ptr_array_add (names, stripped_text (GTK_EDITABLE (player->row)));
      player_teams[i] = player->team_index;
    }
  g_ptr_array_add (names, NULL);
  for (i = 0; i < self->team_rows->len; i++)
    g_ptr_array_add (teams, stripped_text (g_ptr_array_index (self->team_rows, i)));
  g_ptr_array_add (teams, NULL);

  if (teams_on (self))
    match = pat_match_new_with_teams ((const char *const *) names->pdata, player_teams,
                                      (const char *const *) teams->pdata, error);
  else
    match = pat_match_new ((const char *const *) names->pdata, error);
  if (match == NULL)
    return NULL;

  pat_match_set_target (match, (int) gtk_adjustment_get_value (self->target_adjustment));
  pat_match_set_same_deal (match, gtk_switch_get_active (self->same_deal_switch));
  options.die_mode = (PatDieMode) MIN (adw_combo_row_get_selected (self->die_row),
                                       PAT_DIE_PER_PASS);
  pat_match_set_options (match, &options);
  return g_steal_pointer (&match);
}

static void
validate (PatMatchDialog *self)
{
  g_autoptr(PatMatch) match = NULL;
  g_autoptr(GError) error = NULL;

  if (self->updating > 0)
    return;
  match = pat_match_dialog_build (self, &error);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), match == NULL);
  gtk_label_set_label (self->error_label, match == NULL ? error->message : "");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "match.start", match != NULL);
}

/* Shows each player's team as stored, after the list of team names changed. */
static void
sync_team_dropdowns (PatMatchDialog *self)
{
  guint n_teams = self->team_rows->len;
  guint i;

  self->updating++;
  for (i = 0; i < self->players->len; i++)
    {
      PlayerRow *player = g_ptr_array_index (self->players, i);

      player->team_index = MIN (player->team_index, n_teams - 1);
      gtk_drop_down_set_selected (player->team, player->team_index);
      gtk_widget_set_visible (GTK_WIDGET (player->team), teams_on (self));
    }
  self->updating--;
}

static void
team_name_changed_cb (PatMatchDialog *self,
                      GtkEditable    *editable)
{
  guint index;

  if (g_ptr_array_find (self->team_rows, editable, &index))
    {
      g_autofree char *name = stripped_text (editable);
      const char *names[] = { name, NULL };

      gtk_string_list_splice (self->team_names, index, 1, names);
      sync_team_dropdowns (self);
    }
  validate (self);
}

static void
set_team_count (PatMatchDialog *self,
                guint           n_teams)
{
  guint old = self->team_rows->len;
  guint i;

  n_teams = CLAMP (n_teams, 2, MAX_TEAMS);
  while (self->team_rows->len > n_teams)
    {
      GtkWidget *row = g_ptr_array_steal_index (self->team_rows, self->team_rows->len - 1);

      adw_expander_row_remove (self->teams_row, row);
      gtk_string_list_remove (self->team_names, self->team_rows->len);
    }
  while (self->team_rows->len < n_teams)
    {
      GtkWidget *row = adw_entry_row_new ();
      g_autofree char *title = g_strdup_printf (_("Name of team %u"), self->team_rows->len + 1);
      /* Translators: the default name of a team; %u is its number */
      g_autofree char *name = g_strdup_printf (_("Team %u"), self->team_rows->len + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_editable_set_text (GTK_EDITABLE (row), name);
      gtk_string_list_append (self->team_names, name);
      g_signal_connect_swapped (row, "changed", G_CALLBACK (team_name_changed_cb), self);
      adw_expander_row_add_row (self->teams_row, row);
      g_ptr_array_add (self->team_rows, row);
    }

  /* A new number of teams deals the players to them in turn, like cards. */
  if (old != n_teams)
    for (i = 0; i < self->players->len; i++)
      ((PlayerRow *) g_ptr_array_index (self->players, i))->team_index = i % n_teams;
  sync_team_dropdowns (self);
}

static void
renumber (PatMatchDialog *self)
{
  guint n = self->players->len;
  guint i;

  for (i = 0; i < n; i++)
    {
      PlayerRow *player = g_ptr_array_index (self->players, i);
      g_autofree char *title = g_strdup_printf (_("Player %u"), i + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (player->row), title);
      gtk_widget_set_sensitive (GTK_WIDGET (player->remove), n > PAT_MATCH_MIN_PLAYERS);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "match.add-player", n < PAT_MATCH_MAX_PLAYERS);

  self->updating++;
  gtk_adjustment_set_upper (self->teams_adjustment, MIN (n, MAX_TEAMS));
  self->updating--;
  set_team_count (self, MIN ((guint) gtk_adjustment_get_value (self->teams_adjustment),
                             MIN (n, MAX_TEAMS)));
}

static void
player_team_cb (PatMatchDialog *self,
                GParamSpec     *pspec,
                GtkDropDown    *drop_down)
{
  guint i;

  if (self->updating > 0)
    return;
  for (i = 0; i < self->players->len; i++)
    {
      PlayerRow *player = g_ptr_array_index (self->players, i);

      if (player->team == drop_down &&
          gtk_drop_down_get_selected (drop_down) != GTK_INVALID_LIST_POSITION)
        player->team_index = gtk_drop_down_get_selected (drop_down);
    }
  validate (self);
}

static void
remove_player_cb (PatMatchDialog *self,
                  GtkButton      *button)
{
  guint i;

  if (self->players->len <= PAT_MATCH_MIN_PLAYERS)
    return;
  for (i = 0; i < self->players->len; i++)
    {
      PlayerRow *player = g_ptr_array_index (self->players, i);

      if (player->remove == button)
        {
          adw_preferences_group_remove (self->players_group, GTK_WIDGET (player->row));
          g_ptr_array_remove_index (self->players, i);
          break;
        }
    }
  renumber (self);
  validate (self);
}

static void
add_player (PatMatchDialog *self,
            const char     *name)
{
  PlayerRow *player = g_new0 (PlayerRow, 1);
  g_autofree char *default_name = NULL;

  if (name == NULL)
    /* Translators: a new player's name until they type their own; %u is the number */
    name = default_name = g_strdup_printf (_("Player %u"), self->players->len + 1);

  player->row = ADW_ENTRY_ROW (adw_entry_row_new ());
  gtk_editable_set_text (GTK_EDITABLE (player->row), name);
  g_signal_connect_swapped (player->row, "changed", G_CALLBACK (validate), self);

  player->team = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->team_names)),
                                                   NULL));
  gtk_widget_set_valign (GTK_WIDGET (player->team), GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (GTK_WIDGET (player->team), _("Team"));
  g_signal_connect_swapped (player->team, "notify::selected", G_CALLBACK (player_team_cb), self);
  adw_entry_row_add_suffix (player->row, GTK_WIDGET (player->team));

  player->remove = GTK_BUTTON (gtk_button_new_from_icon_name ("user-trash-symbolic"));
  gtk_widget_set_valign (GTK_WIDGET (player->remove), GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (GTK_WIDGET (player->remove), _("Remove the Player"));
  gtk_widget_add_css_class (GTK_WIDGET (player->remove), "flat");
  g_signal_connect_swapped (player->remove, "clicked", G_CALLBACK (remove_player_cb), self);
  adw_entry_row_add_suffix (player->row, GTK_WIDGET (player->remove));

  player->team_index = self->players->len % MAX (2u, self->team_rows->len);
  g_ptr_array_add (self->players, player);
  adw_preferences_group_add (self->players_group, GTK_WIDGET (player->row));
}

static void
add_player_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PatMatchDialog *self = PAT_MATCH_DIALOG (widget);
  PlayerRow *player;

  if (self->players->len >= PAT_MATCH_MAX_PLAYERS)
    return;
  add_player (self, NULL);
  renumber (self);
  validate (self);
  player = g_ptr_array_index (self->players, self->players->len - 1);
  gtk_widget_grab_focus (GTK_WIDGET (player->row));
}

static void
teams_toggled_cb (PatMatchDialog *self)
{
  /* A team match suggests a higher target, unless one was chosen. */
  if (!self->target_edited)
    {
      self->updating++;
      gtk_adjustment_set_value (self->target_adjustment,
                                teams_on (self) ? PAT_MATCH_DEFAULT_TEAM_TARGET
                                                : PAT_MATCH_DEFAULT_TARGET);
      self->updating--;
    }
  sync_team_dropdowns (self);
  validate (self);
}

static void
teams_count_cb (PatMatchDialog *self)
{
  if (self->updating > 0)
    return;
  set_team_count (self, (guint) gtk_adjustment_get_value (self->teams_adjustment));
  validate (self);
}

static void
target_changed_cb (PatMatchDialog *self)
{
  if (self->updating == 0)
    self->target_edited = TRUE;
}

/* Starting */

static void
start_now (PatMatchDialog *self)
{
  g_autoptr(PatMatch) match = pat_match_dialog_build (self, NULL);

  if (match == NULL)
    return;
  pat_session_play_match (self->session, match);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
replace_response_cb (PatMatchDialog *self,
                     const char     *response)
{
  if (g_str_equal (response, "replace"))
    start_now (self);
}

gboolean
pat_match_dialog_start (PatMatchDialog *self)
{
  g_autoptr(PatMatch) match = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (PAT_IS_MATCH_DIALOG (self), FALSE);

  match = pat_match_dialog_build (self, &error);
  if (match == NULL)
    {
      validate (self);
      return FALSE;
    }

  if (pat_session_get_match (self->session) != NULL ||
      pat_store_has_match (pat_session_get_store (self->session)))
    {
      AdwMessageDialog *dialog;

      dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                           _("Replace the Match in Progress?"),
                                                           _("The match that has not been "
                                                             "finished will be abandoned, "
                                                             "with its scores.")));
      adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"),
                                        "replace", _("_Replace"), NULL);
      adw_message_dialog_set_response_appearance (dialog, "replace", ADW_RESPONSE_DESTRUCTIVE);
      adw_message_dialog_set_default_response (dialog, "cancel");
      adw_message_dialog_set_close_response (dialog, "cancel");
      g_signal_connect_object (dialog, "response", G_CALLBACK (replace_response_cb), self,
                               G_CONNECT_SWAPPED);
      g_set_weak_pointer (&self->confirmation, dialog);
      gtk_window_present (GTK_WINDOW (dialog));
      return FALSE;
    }

  start_now (self);
  return TRUE;
}

/* Host and Join: the network match's own dialog, for the window the match would be played in. */
static void
network_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (widget));

  if (parent != NULL)
    gtk_widget_activate_action (GTK_WIDGET (parent),
                                g_str_equal (action_name, "match.host") ? "win.host-match"
                                                                        : "win.join-match",
                                NULL);
  gtk_window_destroy (GTK_WINDOW (widget));
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  pat_match_dialog_start (PAT_MATCH_DIALOG (widget));
}

/* Construction */

void
pat_match_dialog_set_players (PatMatchDialog    *self,
                              const char *const *names)
{
  guint i;

  g_return_if_fail (PAT_IS_MATCH_DIALOG (self));
  g_return_if_fail (names != NULL);

  self->updating++;
  while (self->players->len > 0)
    {
      PlayerRow *player = g_ptr_array_index (self->players, self->players->len - 1);

      adw_preferences_group_remove (self->players_group, GTK_WIDGET (player->row));
      g_ptr_array_remove_index (self->players, self->players->len - 1);
    }
  for (i = 0; names[i] != NULL && i < PAT_MATCH_MAX_PLAYERS; i++)
    add_player (self, names[i]);
  self->updating--;
  renumber (self);
  validate (self);
}

guint
pat_match_dialog_get_n_players (PatMatchDialog *self)
{
  g_return_val_if_fail (PAT_IS_MATCH_DIALOG (self), 0);

  return self->players->len;
}

void
pat_match_dialog_set_n_teams (PatMatchDialog *self,
                              guint           n_teams)
{
  g_return_if_fail (PAT_IS_MATCH_DIALOG (self));

  if (n_teams >= 2)
    {
      gtk_adjustment_set_value (self->teams_adjustment, n_teams);
      set_team_count (self, n_teams);
    }
  adw_expander_row_set_enable_expansion (self->teams_row, n_teams >= 2);
  validate (self);
}

void
pat_match_dialog_set_target (PatMatchDialog *self,
                             int             target)
{
  g_return_if_fail (PAT_IS_MATCH_DIALOG (self));

  gtk_adjustment_set_value (self->target_adjustment, target);
}

int
pat_match_dialog_get_target (PatMatchDialog *self)
{
  g_return_val_if_fail (PAT_IS_MATCH_DIALOG (self), 0);

  return (int) gtk_adjustment_get_value (self->target_adjustment);
}

static void
pat_match_dialog_dispose (GObject *object)
{
  PatMatchDialog *self = PAT_MATCH_DIALOG (object);

  if (self->confirmation != NULL)
    {
      AdwMessageDialog *confirmation = self->confirmation;

      g_clear_weak_pointer (&self->confirmation);
      gtk_window_destroy (GTK_WINDOW (confirmation));
    }
  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), PAT_TYPE_MATCH_DIALOG);
  g_clear_pointer (&self->players, g_ptr_array_unref);
  g_clear_pointer (&self->team_rows, g_ptr_array_unref);
  g_clear_object (&self->team_names);

  G_OBJECT_CLASS (pat_match_dialog_parent_class)->dispose (object);
}

static void
pat_match_dialog_class_init (PatMatchDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pat_match_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/patience/Patience/pat-match-dialog.ui");
  gtk_widget_class_bind_template_callback (widget_class, teams_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, teams_count_cb);
  gtk_widget_class_bind_template_callback (widget_class, target_changed_cb);
  gtk_widget_class_bind_template_child (widget_class, PatMatchDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, PatMatchDialog, players_group);
  gtk_widget_class_bind_template_child (widget_class, PatMatchDialog, teams_row);
  gtk_widget_class_bind_template_child (widget_class, PatMatchDialog, teams_adjustment);
  gtk_widget_class_bind_template_child (widget_class, PatMatchDialog, target_adjustment);
  gtk_widget_class_bind_template_child (widget_class, PatMatchDialog, same_deal_switch);
  gtk_widget_class_bind_template_child (widget_class, PatMatchDialog, die_row);
  gtk_widget_class_bind_template_child (widget_class, PatMatchDialog, error_label);

  gtk_widget_class_install_action (widget_class, "match.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "match.add-player", NULL, add_player_action);
  gtk_widget_class_install_action (widget_class, "match.host", NULL, network_action);
  gtk_widget_class_install_action (widget_class, "match.join", NULL, network_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pat_match_dialog_init (PatMatchDialog *self)
{
  const char *no_names[] = { NULL };

  gtk_widget_init_template (GTK_WIDGET (self));
  pat_a11y_name_mnemonic_buttons (GTK_WIDGET (self));

  self->players = g_ptr_array_new_with_free_func (g_free);
  self->team_rows = g_ptr_array_new ();
  self->team_names = gtk_string_list_new (no_names);
  pat_preferences_fill_die_mode (self->die_row);

  self->updating++;
  set_team_count (self, 2);
  add_player (self, NULL);
  add_player (self, NULL);
  self->updating--;
  renumber (self);

  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->start_button));
  validate (self);
}

/**
 * pat_match_dialog_new:
 * @parent: the window the match will be played in
 * @session: what @parent plays
 * @settings: (nullable): the app's settings, for Demon's die
 *
 * Returns: (transfer none): a new dialog with two players, not yet presented
 */
PatMatchDialog *
pat_match_dialog_new (GtkWindow  *parent,
                      PatSession *session,
                      GSettings  *settings)
{
  PatMatchDialog *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (PAT_IS_SESSION (session), NULL);

  self = g_object_new (PAT_TYPE_MATCH_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  if (settings != NULL)
    adw_combo_row_set_selected (self->die_row, g_settings_get_enum (settings, "demon-die-mode"));
  return self;
}
