/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetDialog: hosts or joins a Demon match played on several computers, and is its lobby
 * until the first round starts. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-a11y.h"
#include "pat-net-dialog.h"
#include "pat-net-discovery.h"
#include "pat-preferences.h"

#define DEFAULT_TARGET 200
#define DEFAULT_TEAM_TARGET 500

struct _PatNetDialog {
  AdwWindow         parent_instance;

  PatSession       *session;
  PatNetDialogMode  mode;
  PatNetPlay       *play;             /* once hosting or joining */
  PatNetSeat       *seat;             /* the play's, followed */

  AdwWindowTitle   *title;
  GtkButton        *action_button;    /* Host, Join, Start Now */
  GtkButton        *cancel_button;    /* Cancel, Leave */
  GtkStack         *stack;            /* "form", "lobby" */
  GtkLabel         *form_error;
  GtkBox           *form_box;         /* the form's groups, the host's or the join form's */

  /* Host form. */
  AdwEntryRow      *match_name_row;
  GtkAdjustment    *players_adjustment;
  AdwExpanderRow   *teams_row;
  GtkAdjustment    *teams_adjustment;
  GtkAdjustment    *target_adjustment;
  AdwComboRow      *die_row;
  GtkAdjustment    *time_limit_adjustment;   /* minutes, 0 for none */

  /* Join form. */
  PatNetBrowser    *browser;
  GtkListBox       *found_list;
  GtkLabel         *found_status;
  AdwEntryRow      *address_row;
  AdwEntryRow      *code_row;
  AdwComboRow      *team_row;         /* "No teams", "Team 1" …; a found team match's teams */
  gboolean          team_row_no_teams; /* whether team_row begins with "No teams" */

  /* Both. */
  AdwEntryRow      *name_row;
  AdwComboRow      *own_team_row;     /* host form: the hosting player's team */

  /* Lobby. */
  GtkLabel         *lobby_title;
  GtkLabel         *code_label;
  GtkLabel         *fingerprint_label;
  GtkLabel         *address_label;
  GtkWidget        *address_box;
  GtkListBox       *lobby_list;
  GtkLabel         *lobby_status;
};

G_DEFINE_FINAL_TYPE (PatNetDialog, pat_net_dialog, ADW_TYPE_WINDOW)

enum {
  PLAYING,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void stop_browsing (PatNetDialog *self);

static char *
stripped_text (GtkEditable *editable)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (editable)));
}

static void
show_form_error (PatNetDialog *self,
                 const char   *text)
{
  gtk_label_set_text (self->form_error, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->form_error), text != NULL);
}

/* Rows */

static GtkWidget *
spin_row (const char    *title,
          GtkAdjustment *adjustment)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new (adjustment, 1, 0);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  {
    g_autofree char *plain = pat_a11y_strip_mnemonic (title);

    gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, plain,
                                    -1);
  }
  return row;
}

static AdwEntryRow *
entry_row (const char *title)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  return ADW_ENTRY_ROW (row);
}

/* "No team" and Team 1 … n: the team a player asks for, -1 for none. */
static void
fill_teams (AdwComboRow *row,
            guint        n_teams,
            gboolean     with_none)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  guint i;

  if (with_none)
    gtk_string_list_append (list, _("No teams"));
  for (i = 0; i < n_teams; i++)
    {
      g_autofree char *text = g_strdup_printf (_("Team %u"), i + 1);

      gtk_string_list_append (list, text);
    }
  adw_combo_row_set_model (row, G_LIST_MODEL (list));
}

static int
chosen_team (AdwComboRow *row,
             gboolean     with_none)
{
  guint selected = adw_combo_row_get_selected (row);

  if (selected == GTK_INVALID_LIST_POSITION)
    return -1;
  return with_none ? (int) selected - 1 : (int) selected;
}

static char *
default_player_name (void)
{
  const char *real = g_get_real_name ();

  if (real != NULL && real[0] != '\0' && g_strcmp0 (real, "Unknown") != 0)
    return g_utf8_substring (real, 0, MIN (g_utf8_strlen (real, -1), PAT_NET_MAX_NAME_CHARS));
  return g_strdup (g_get_user_name ());
}

/* The lobby */

static void seat_changed_cb (PatNetDialog *self);

static GtkWidget *
lobby_row (PatNetSeatPlayer *player)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *subtitle = NULL;
  int team = pat_net_seat_player_get_team (player);
  const char *where;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pat_net_seat_player_get_name (player));
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (pat_net_seat_player_get_gone (player))
    /* Translators: a player of a network match who left */
    where = _("left");
  else if (!pat_net_seat_player_get_connected (player))
    /* Translators: a player of a network match whose connection dropped */
    where = _("away");
  else if (pat_net_seat_player_get_me (player))
    /* Translators: the player at this computer, in a network match's list of players */
    where = _("you");
  else
    where = NULL;
  if (team >= 0 && where != NULL)
    /* Translators: a player's team and where they are, e.g. "Team 2 · away" */
    subtitle = g_strdup_printf (_("Team %d · %s"), team + 1, where);
  else if (team >= 0)
    subtitle = g_strdup_printf (_("Team %d"), team + 1);
  else
    subtitle = g_strdup (where);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  return row;
}

static void
update_lobby (PatNetDialog *self)
{
  GListModel *players;
  GtkWidget *child;
  g_autofree char *status = NULL;
  PatNetSeatState state;
  guint n, i, joined = 0;

  if (self->seat == NULL)
    return;
  state = pat_net_seat_get_state (self->seat);
  players = pat_net_seat_get_players (self->seat);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->lobby_list))) != NULL)
    gtk_list_box_remove (self->lobby_list, child);
  n = g_list_model_get_n_items (players);
  for (i = 0; i < n; i++)
    {
      g_autoptr(PatNetSeatPlayer) player = g_list_model_get_item (players, i);

      if (pat_net_seat_player_get_connected (player))
        joined++;
      gtk_list_box_append (self->lobby_list, lobby_row (player));
    }

  if (pat_net_seat_get_match_name (self->seat) != NULL &&
      pat_net_seat_get_match_name (self->seat)[0] != '\0')
    gtk_label_set_text (self->lobby_title, pat_net_seat_get_match_name (self->seat));

  switch (state)
    {
    case PAT_NET_SEAT_CONNECTING:
      status = g_strdup (_("Joining the match…"));
      break;
    case PAT_NET_SEAT_LOBBY:
      if (pat_net_play_get_hosting (self->play))
        {
          guint awaited = pat_net_host_get_n_awaited (pat_net_play_get_host (self->play));

          if (awaited > joined)
            status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "Waiting for %u more player. Start now to "
                                                   "play with those here.",
                                                   "Waiting for %u more players. Start now to "
                                                   "play with those here.",
                                                   awaited - joined),
                                      awaited - joined);
          else
            status = g_strdup (_("Everyone is here: the first round starts."));
        }
      else
        status = g_strdup (_("You are in. The first round starts when the host starts it."));
      break;
    case PAT_NET_SEAT_AWAY:
      status = g_strdup (_("Lost the connection to the host. Trying again…"));
      break;
    case PAT_NET_SEAT_FAILED:
      {
        const GError *error = pat_net_seat_get_error (self->seat);

        status = g_strdup (error != NULL ? error->message : _("You left the match."));
      }
      break;
    case PAT_NET_SEAT_PLAYING:
    case PAT_NET_SEAT_WAITING:
    case PAT_NET_SEAT_OVER:
    default:
      break;
    }
  gtk_label_set_text (self->lobby_status, status != NULL ? status : "");
  gtk_widget_set_visible (GTK_WIDGET (self->lobby_status), status != NULL);

  gtk_widget_set_visible (GTK_WIDGET (self->action_button),
                          pat_net_play_get_hosting (self->play) &&
                          state == PAT_NET_SEAT_LOBBY);
  gtk_widget_set_sensitive (GTK_WIDGET (self->action_button), joined > 0);

  {
    g_autofree char *fingerprint = pat_net_play_dup_fingerprint_short (self->play);

    gtk_label_set_text (self->fingerprint_label, fingerprint != NULL ? fingerprint : "…");
  }
}

static void
seat_state_cb (PatNetDialog *self)
{
  PatNetSeatState state = pat_net_seat_get_state (self->seat);

  update_lobby (self);
  /* The first round is on: the board and the table beside it take over. */
  if (state == PAT_NET_SEAT_PLAYING || state == PAT_NET_SEAT_WAITING ||
      state == PAT_NET_SEAT_OVER)
    gtk_window_destroy (GTK_WINDOW (self));
}

static void
follow_seat (PatNetDialog *self)
{
  if (self->seat != NULL)
    g_signal_handlers_disconnect_by_data (self->seat, self);
  g_set_object (&self->seat, pat_net_play_get_seat (self->play));
  g_signal_connect_object (self->seat, "notify::state", G_CALLBACK (seat_state_cb), self,
                           G_CONNECT_SWAPPED);
  /* Players come, and each row changes in place (name, team, connected): the lobby follows. */
  g_signal_connect_object (self->seat, "table-changed", G_CALLBACK (update_lobby), self,
                           G_CONNECT_SWAPPED);
  update_lobby (self);
}

static void
seat_changed_cb (PatNetDialog *self)
{
  follow_seat (self);
  update_lobby (self);
}

/**
 * pat_net_dialog_get_browser:
 * @self: a dialog
 *
 * For tests: what lists the matches found on the network, while the join form shows.
 *
 * Returns: (transfer none) (nullable): the join form's browser, or %NULL in the host form and
 *   the lobby
 */
PatNetBrowser *
pat_net_dialog_get_browser (PatNetDialog *self)
{
  g_return_val_if_fail (PAT_IS_NET_DIALOG (self), NULL);

  return self->browser;
}

/**
 * pat_net_dialog_show_lobby:
 *
 * Shows the lobby of @play: its code and certificate to read out, who has joined, and (to the
 * host) Start Now.
 */
void
pat_net_dialog_show_lobby (PatNetDialog *self,
                           PatNetPlay   *play)
{
  g_auto(GStrv) addresses = NULL;

  g_return_if_fail (PAT_IS_NET_DIALOG (self));
  g_return_if_fail (PAT_IS_NET_PLAY (play));

  g_set_object (&self->play, play);
  g_signal_connect_object (play, "seat-changed", G_CALLBACK (seat_changed_cb), self,
                           G_CONNECT_SWAPPED);
  follow_seat (self);

  stop_browsing (self);
  adw_window_title_set_title (self->title, _("Lobby"));
  pat_a11y_set_button_label (self->action_button, _("_Start Now"));
  pat_a11y_set_button_label (self->cancel_button, _("_Leave"));
  gtk_label_set_text (self->code_label, pat_net_play_get_code (play));
  addresses = pat_net_play_dup_addresses (play);
  if (addresses != NULL && addresses[0] != NULL)
    {
      g_autofree char *text = g_strjoinv ("\n", addresses);

      gtk_label_set_text (self->address_label, text);
    }
  gtk_widget_set_visible (self->address_box, addresses != NULL && addresses[0] != NULL);
  gtk_stack_set_visible_child_name (self->stack, "lobby");
  update_lobby (self);
  g_signal_emit (self, signals[PLAYING], 0, play);
}

/* The forms */

static void
teams_toggled_cb (PatNetDialog *self)
{
  gboolean teams = adw_expander_row_get_enable_expansion (self->teams_row);

  gtk_adjustment_set_value (self->target_adjustment, teams ? DEFAULT_TEAM_TARGET : DEFAULT_TARGET);
  fill_teams (self->own_team_row, (guint) gtk_adjustment_get_value (self->teams_adjustment),
              FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->own_team_row), teams);
}

static void
host (PatNetDialog *self)
{
  g_autofree char *match_name = stripped_text (GTK_EDITABLE (self->match_name_row));
  g_autofree char *name = stripped_text (GTK_EDITABLE (self->name_row));
  g_autoptr(PatNetPlay) play = NULL;
  g_autoptr(GError) error = NULL;
  PatNetHostSettings settings = { 0, };
  gboolean teams = adw_expander_row_get_enable_expansion (self->teams_row);

  if (!pat_net_name_valid (match_name, &error))
    {
      g_autofree char *text = g_strdup_printf (_("Match name: %s"), error->message);

      show_form_error (self, text);
      return;
    }
  if (!pat_net_name_valid (name, &error))
    {
      g_autofree char *text = g_strdup_printf (_("Your name: %s"), error->message);

      show_form_error (self, text);
      return;
    }
  settings.name = match_name;
  settings.target = (int) gtk_adjustment_get_value (self->target_adjustment);
  settings.n_teams = teams ? (guint) gtk_adjustment_get_value (self->teams_adjustment) : 0;
  settings.die_mode = (PatDieMode) adw_combo_row_get_selected (self->die_row);
  settings.n_players = (guint) gtk_adjustment_get_value (self->players_adjustment);
  settings.round_time_limit_s =
    (guint) gtk_adjustment_get_value (self->time_limit_adjustment) * 60;
  play = pat_net_play_host (self->session, &settings, name,
                            teams ? chosen_team (self->own_team_row, FALSE) : -1, &error);
  if (play == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Could not host the match: %s"), error->message);

      show_form_error (self, text);
      return;
    }
  show_form_error (self, NULL);
  pat_net_dialog_show_lobby (self, play);
}

static void
join (PatNetDialog *self)
{
  g_autofree char *name = stripped_text (GTK_EDITABLE (self->name_row));
  g_autofree char *code = stripped_text (GTK_EDITABLE (self->code_row));
  g_autofree char *where = stripped_text (GTK_EDITABLE (self->address_row));
  g_autofree char *upper = NULL;
  g_autofree char *address = NULL;
  g_autoptr(PatNetPlay) play = NULL;
  g_autoptr(GError) error = NULL;
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (self->found_list);
  guint port = 0;

  upper = pat_net_code_from_text (code);

  if (!pat_net_name_valid (name, &error))
    {
      g_autofree char *text = g_strdup_printf (_("Your name: %s"), error->message);

      show_form_error (self, text);
      return;
    }
  if (!pat_net_code_valid (upper))
    {
      show_form_error (self, _("The match code is the letters and digits the host reads out "
                               "(6 of them)."));
      return;
    }
  if (where[0] != '\0')
    {
      if (!pat_net_parse_address (where, &address, &port, &error))
        {
          g_autofree char *text = g_strdup_printf (_("Address: %s"), error->message);

          show_form_error (self, text);
          return;
        }
    }
  else if (selected != NULL)
    {
      PatNetFoundMatch *found = g_object_get_data (G_OBJECT (selected), "found-match");

      address = g_strdup (pat_net_found_match_get_address (found));
      port = pat_net_found_match_get_port (found);
    }
  else
    {
      show_form_error (self, _("Choose a match found on this network, or type the host’s "
                               "address and port."));
      return;
    }
  show_form_error (self, NULL);
  play = pat_net_play_join (self->session, address, port, NULL, name,
                            chosen_team (self->team_row, self->team_row_no_teams), upper);
  pat_net_dialog_show_lobby (self, play);
}

void
pat_net_dialog_submit (PatNetDialog *self)
{
  g_return_if_fail (PAT_IS_NET_DIALOG (self));

  if (self->play != NULL)
    {
      pat_net_play_start_now (self->play);
      return;
    }
  if (self->mode == PAT_NET_DIALOG_HOST)
    host (self);
  else
    join (self);
}

static void
submit_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  pat_net_dialog_submit (PAT_NET_DIALOG (widget));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  PatNetDialog *self = PAT_NET_DIALOG (widget);

  /* Leaving the lobby leaves the match (a host ends it). */
  if (self->play != NULL)
    pat_net_play_leave (self->play);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* Matches found */

static GtkWidget *
found_row (gpointer item,
           gpointer user_data)
{
  PatNetFoundMatch *found = item;
  const PatNetMatchInfo *info = pat_net_found_match_get_info (found);
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *players = NULL, *subtitle = NULL;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), info->name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  players = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u player", "%u of %u players",
                                          info->max_players),
                             info->players, info->max_players);
  if (info->teams > 0)
    {
      /* Translators: a match found on the network is played in teams: "2 teams" */
      g_autofree char *teams = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u team",
                                                             "%u teams", info->teams),
                                                info->teams);
      /* Translators: a match found on the network: its players and teams, "0 of 4 players · 2
       * teams" */
      char *both = g_strdup_printf (_("%s · %s"), players, teams);

      g_free (players);
      players = both;
    }
  if (info->host_name[0] != '\0')
    /* Translators: a match found on the network: who hosts it, players, target */
    subtitle = g_strdup_printf (_("Hosted by %s · %s · target %d"), info->host_name, players,
                                info->target);
  else
    subtitle = g_strdup_printf (_("%s · target %d"), players, info->target);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  g_object_set_data_full (G_OBJECT (row), "found-match", g_object_ref (found), g_object_unref);
  return row;
}

static void
found_selected_cb (PatNetDialog  *self,
                   GtkListBoxRow *row)
{
  PatNetFoundMatch *found;
  const PatNetMatchInfo *info;

  if (row == NULL)
    return;
  found = g_object_get_data (G_OBJECT (row), "found-match");
  info = pat_net_found_match_get_info (found);
  gtk_editable_set_text (GTK_EDITABLE (self->address_row), "");
  /* A team match lists its teams alone: the player must take one. */
  self->team_row_no_teams = info->teams == 0;
  fill_teams (self->team_row, info->teams, self->team_row_no_teams);
  adw_combo_row_set_selected (self->team_row, 0);
}

static void
found_changed_cb (PatNetDialog *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->browser));

  gtk_widget_set_visible (GTK_WIDGET (self->found_list), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->found_status), n == 0);
  /* The one match found, or the first, is the one to join unless the player chose. */
  if (n > 0 && gtk_list_box_get_selected_row (self->found_list) == NULL &&
      gtk_editable_get_text (GTK_EDITABLE (self->address_row))[0] == '\0')
    gtk_list_box_select_row (self->found_list, gtk_list_box_get_row_at_index (self->found_list, 0));
  if (n == 0)
    gtk_label_set_text (self->found_status, _("Looking for matches on this network…"));
}

static void
browser_failed_cb (PatNetDialog *self,
                   GError       *error)
{
  g_autofree char *text = NULL;

  if (g_error_matches (error, PAT_NET_DISCOVERY_ERROR, PAT_NET_DISCOVERY_ERROR_UNAVAILABLE))
    text = g_strdup (_("Matches on this network cannot be listed: the Avahi service, which finds "
                       "them, is not running on this computer. Join by address instead."));
  else
    text = g_strdup_printf (_("Matches on this network cannot be listed (%s). Join by address "
                              "instead."), error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->found_list), FALSE);

  gtk_label_set_text (self->found_status, text);
  gtk_widget_set_visible (GTK_WIDGET (self->found_status), TRUE);
}

/* The join form's list of matches found stops: the lobby (or a closed dialog) lists none. The
 * list box holds the browser as its model, so it is unbound too, or the browser would go on
 * browsing the network and telling a dialog that has let go of it that its list changed. */
static void
stop_browsing (PatNetDialog *self)
{
  if (self->browser == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->browser, self);
  if (self->found_list != NULL)
    gtk_list_box_bind_model (self->found_list, NULL, NULL, NULL, NULL);
  g_clear_object (&self->browser);
}

static void
start_browsing (PatNetDialog *self)
{
  g_autoptr(GError) error = NULL;

  self->browser = pat_net_browser_new ();
  gtk_list_box_bind_model (self->found_list, G_LIST_MODEL (self->browser), found_row, NULL, NULL);
  g_signal_connect_object (self->browser, "items-changed", G_CALLBACK (found_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->browser, "failed", G_CALLBACK (browser_failed_cb), self,
                           G_CONNECT_SWAPPED);
  found_changed_cb (self);
  if (!pat_net_browser_start (self->browser, &error))
    browser_failed_cb (self, error);
}

/* Building */

static GtkWidget *
group (const char *title,
       const char *description)
{
  GtkWidget *g = adw_preferences_group_new ();

  if (title != NULL)
    adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (g), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (g), description);
  return g;
}

static GtkWidget *
build_host_form (PatNetDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  GtkWidget *match = group (_("Match"), _("Everyone plays the same deal at the same time, on "
                                          "their own computer. The first player or team to "
                                          "reach the target wins."));
  GtkWidget *rules = group (_("Rules of the Match"), NULL);
  GtkWidget *teams_count;
  GtkWidget *time_limit;
  g_autofree char *name = default_player_name ();
  g_autofree char *match_name = NULL;

  self->match_name_row = entry_row (_("_Match Name"));
  /* Translators: the default name of a network match hosted by this player */
  match_name = g_strdup_printf (_("%s’s match"), name);
  gtk_editable_set_text (GTK_EDITABLE (self->match_name_row), match_name);
  self->name_row = entry_row (_("_Your Name"));
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
  self->players_adjustment = gtk_adjustment_new (2, 1, PAT_NET_MAX_PLAYERS, 1, 1, 0);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (match), GTK_WIDGET (self->match_name_row));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (match), GTK_WIDGET (self->name_row));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (match),
                             spin_row (_("_Players"), self->players_adjustment));

  self->teams_row = ADW_EXPANDER_ROW (adw_expander_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->teams_row), _("Play in _Teams"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->teams_row), TRUE);
  adw_expander_row_set_subtitle (self->teams_row, _("Team-mates pool their points"));
  adw_expander_row_set_show_enable_switch (self->teams_row, TRUE);
  adw_expander_row_set_enable_expansion (self->teams_row, FALSE);
  self->teams_adjustment = gtk_adjustment_new (2, 2, PAT_NET_MAX_TEAMS, 1, 1, 0);
  teams_count = spin_row (_("Number of Teams"), self->teams_adjustment);
  adw_expander_row_add_row (self->teams_row, teams_count);
  self->own_team_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->own_team_row), _("Your Team"));
  fill_teams (self->own_team_row, 2, FALSE);
  adw_expander_row_add_row (self->teams_row, GTK_WIDGET (self->own_team_row));
  g_signal_connect_object (self->teams_row, "notify::enable-expansion",
                           G_CALLBACK (teams_toggled_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->teams_adjustment, "value-changed",
                           G_CALLBACK (teams_toggled_cb), self, G_CONNECT_SWAPPED);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (match), GTK_WIDGET (self->teams_row));

  self->target_adjustment = gtk_adjustment_new (DEFAULT_TARGET, 1, PAT_NET_MAX_TARGET, 10, 100,
                                                0);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (rules),
                             spin_row (_("Target _Score"), self->target_adjustment));
  self->die_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->die_row), _("Die of _Justice"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->die_row), TRUE);
  pat_preferences_fill_die_mode (self->die_row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (rules), GTK_WIDGET (self->die_row));
  self->time_limit_adjustment = gtk_adjustment_new (0, 0, 60, 1, 5, 0);
  time_limit = spin_row (_("Time _Limit"), self->time_limit_adjustment);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (time_limit),
                               _("Minutes for each round; 0 for none"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (rules), time_limit);

  gtk_box_append (GTK_BOX (box), match);
  gtk_box_append (GTK_BOX (box), rules);
  return box;
}

static GtkWidget *
build_join_form (PatNetDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
  GtkWidget *found = group (_("Matches on This Network"), NULL);
  GtkWidget *by_address = group (_("Join by Address"),
                                 _("Where the network hides matches, type the address and port "
                                   "the host’s lobby shows."));
  GtkWidget *you = group (_("You"), NULL);
  g_autofree char *name = default_player_name ();

  self->found_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->found_list, GTK_SELECTION_SINGLE);
  gtk_widget_add_css_class (GTK_WIDGET (self->found_list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->found_list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Matches on this network"), -1);
  g_signal_connect_object (self->found_list, "row-selected", G_CALLBACK (found_selected_cb),
                           self, G_CONNECT_SWAPPED);
  self->found_status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->found_status, TRUE);
  gtk_label_set_xalign (self->found_status, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->found_status), "dim-label");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (found), GTK_WIDGET (self->found_list));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (found), GTK_WIDGET (self->found_status));

  self->address_row = entry_row (_("_Address"));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (by_address), GTK_WIDGET (self->address_row));

  self->code_row = entry_row (_("Match _Code"));
  self->name_row = entry_row (_("_Your Name"));
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
  self->team_row = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->team_row), _("_Team"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (self->team_row), TRUE);
  self->team_row_no_teams = TRUE;
  fill_teams (self->team_row, PAT_NET_MAX_TEAMS, TRUE);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (you), GTK_WIDGET (self->code_row));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (you), GTK_WIDGET (self->name_row));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (you), GTK_WIDGET (self->team_row));

  gtk_box_append (GTK_BOX (box), you);
  gtk_box_append (GTK_BOX (box), found);
  gtk_box_append (GTK_BOX (box), by_address);
  return box;
}

static GtkWidget *
big_label (GtkLabel  **out,
           const char *title,
           GtkWidget **box_out)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *caption = gtk_label_new (title);
  GtkWidget *value = gtk_label_new (NULL);

  gtk_widget_add_css_class (caption, "caption-heading");
  gtk_widget_add_css_class (caption, "dim-label");
  gtk_widget_add_css_class (value, "title-2");
  gtk_label_set_selectable (GTK_LABEL (value), TRUE);
  gtk_label_set_wrap (GTK_LABEL (value), TRUE);
  gtk_label_set_justify (GTK_LABEL (value), GTK_JUSTIFY_CENTER);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (value), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                  caption, NULL, -1);
  gtk_box_append (GTK_BOX (box), caption);
  gtk_box_append (GTK_BOX (box), value);
  *out = GTK_LABEL (value);
  if (box_out != NULL)
    *box_out = box;
  return box;
}

static GtkWidget *
build_lobby (PatNetDialog *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *players = group (_("Players"), NULL);
  GtkWidget *fingerprint_box;

  self->lobby_title = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->lobby_title), "title-1");
  gtk_label_set_wrap (self->lobby_title, TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->lobby_title));
  gtk_box_append (GTK_BOX (box), big_label (&self->code_label, _("Match Code"), NULL));
  fingerprint_box = big_label (&self->fingerprint_label, _("Host Certificate"), NULL);
  gtk_widget_set_tooltip_text (fingerprint_box,
                               _("Compare it with the host’s screen: if it differs, someone "
                                 "else is posing as the host"));
  gtk_box_append (GTK_BOX (box), fingerprint_box);
  gtk_box_append (GTK_BOX (box), big_label (&self->address_label, _("Address"),
                                            &self->address_box));
  gtk_widget_remove_css_class (GTK_WIDGET (self->address_label), "title-2");
  gtk_widget_add_css_class (GTK_WIDGET (self->address_label), "title-4");

  self->lobby_status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->lobby_status, TRUE);
  gtk_label_set_justify (self->lobby_status, GTK_JUSTIFY_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->lobby_status),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Match status"), -1);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->lobby_status));

  self->lobby_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->lobby_list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->lobby_list), "boxed-list");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (players), GTK_WIDGET (self->lobby_list));
  gtk_box_append (GTK_BOX (box), players);
  return box;
}

static GtkWidget *
scrolled (GtkWidget *child)
{
  GtkWidget *scroll = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();

  gtk_widget_set_margin_top (child, 24);
  gtk_widget_set_margin_bottom (child, 24);
  gtk_widget_set_margin_start (child, 12);
  gtk_widget_set_margin_end (child, 12);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 600);
  adw_clamp_set_child (ADW_CLAMP (clamp), child);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroll), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroll), clamp);
  gtk_widget_set_vexpand (scroll, TRUE);
  return scroll;
}

static void
pat_net_dialog_dispose (GObject *object)
{
  PatNetDialog *self = PAT_NET_DIALOG (object);

  if (self->seat != NULL)
    g_signal_handlers_disconnect_by_data (self->seat, self);
  g_clear_object (&self->seat);
  if (self->play != NULL)
    g_signal_handlers_disconnect_by_data (self->play, self);
  g_clear_object (&self->play);
  stop_browsing (self);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (pat_net_dialog_parent_class)->dispose (object);
}

static void
pat_net_dialog_class_init (PatNetDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pat_net_dialog_dispose;

  gtk_widget_class_install_action (widget_class, "net.submit", NULL, submit_action);
  gtk_widget_class_install_action (widget_class, "net.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "net.cancel", NULL);

  signals[PLAYING] =
    g_signal_new ("playing", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, PAT_TYPE_NET_PLAY);
}

static void
pat_net_dialog_init (PatNetDialog *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *form_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (self), 540, 720);
  gtk_widget_set_size_request (GTK_WIDGET (self), 360, 360);

  self->title = ADW_WINDOW_TITLE (adw_window_title_new (NULL, NULL));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->title));
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  self->cancel_button = GTK_BUTTON (gtk_button_new ());
  pat_a11y_set_button_label (self->cancel_button, _("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->cancel_button), "net.cancel");
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), GTK_WIDGET (self->cancel_button));
  self->action_button = GTK_BUTTON (gtk_button_new ());
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->action_button), "net.submit");
  gtk_widget_add_css_class (GTK_WIDGET (self->action_button), "suggested-action");
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), GTK_WIDGET (self->action_button));
  gtk_box_append (GTK_BOX (content), header);

  self->form_error = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->form_error, TRUE);
  gtk_label_set_justify (self->form_error, GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->form_error), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->form_error), FALSE);
  gtk_box_append (GTK_BOX (form_box), GTK_WIDGET (self->form_error));

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_transition_type (self->stack, GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT);
  gtk_stack_add_named (self->stack, scrolled (form_box), "form");
  gtk_stack_add_named (self->stack, scrolled (build_lobby (self)), "lobby");
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->stack));
  self->form_box = GTK_BOX (form_box);
  adw_window_set_content (ADW_WINDOW (self), content);
}

/**
 * pat_net_dialog_new:
 * @parent: the window the match will be played in
 * @session: what @parent plays
 * @mode: host a match, or join one
 *
 * Returns: (transfer none): a new dialog, not yet presented
 */
PatNetDialog *
pat_net_dialog_new (GtkWindow        *parent,
                    PatSession       *session,
                    PatNetDialogMode  mode)
{
  PatNetDialog *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (PAT_IS_SESSION (session), NULL);

  self = g_object_new (PAT_TYPE_NET_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  self->mode = mode;
  if (mode == PAT_NET_DIALOG_HOST)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Host a Match"));
      adw_window_title_set_title (self->title, _("Host a Match"));
      pat_a11y_set_button_label (self->action_button, _("_Host"));
      gtk_box_append (self->form_box, build_host_form (self));
    }
  else
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Join a Match"));
      adw_window_title_set_title (self->title, _("Join a Match"));
      pat_a11y_set_button_label (self->action_button, _("_Join"));
      gtk_box_append (self->form_box, build_join_form (self));
      start_browsing (self);
    }
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->action_button));
  return self;
}

PatNetPlay *
pat_net_dialog_get_play (PatNetDialog *self)
{
  g_return_val_if_fail (PAT_IS_NET_DIALOG (self), NULL);

  return self->play;
}

void
pat_net_dialog_set_form (PatNetDialog *self,
                         const char   *name,
                         const char   *code,
                         const char   *address)
{
  g_return_if_fail (PAT_IS_NET_DIALOG (self));

  if (name != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
  if (code != NULL && self->code_row != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->code_row), code);
  if (address != NULL && self->address_row != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->address_row), address);
}

void
pat_net_dialog_set_target (PatNetDialog *self,
                           int           target)
{
  g_return_if_fail (PAT_IS_NET_DIALOG (self));

  if (self->target_adjustment != NULL)
    gtk_adjustment_set_value (self->target_adjustment, target);
}

void
pat_net_dialog_set_time_limit (PatNetDialog *self,
                               guint         minutes)
{
  g_return_if_fail (PAT_IS_NET_DIALOG (self));

  if (self->time_limit_adjustment != NULL)
    gtk_adjustment_set_value (self->time_limit_adjustment, minutes);
}
