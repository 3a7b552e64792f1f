/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetPanel: the live scoreboard of a network match, beside the board (below it when narrow). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-a11y.h"
#include "pat-net-panel.h"

struct _PatNetPanel {
  GtkBox            parent_instance;

  PatNetPlay       *play;
  PatNetSeat       *seat;           /* the play's, followed */

  GtkLabel         *title;
  GtkLabel         *subtitle;
  GtkLabel         *status;
  GtkGrid          *table;
  GtkButton        *end_round_button;
  GtkButton        *leave_button;
  gboolean          compact;
  gboolean          between_rounds; /* a round ended and the next has not started */
  AdwMessageDialog *final_table;    /* weak */
  guint             countdown_id;   /* each second, while a round with a time limit is played */
  guint             update_id;      /* a table update waiting, at most every UPDATE_MS */
  char             *table_text;     /* the table as it shows, a line a row */
};

/* Eight players moving change the table many times a second: it follows at most this often. */
#define UPDATE_MS 100

G_DEFINE_FINAL_TYPE (PatNetPanel, pat_net_panel, GTK_TYPE_BOX)

enum {
  LEAVE,
  REMATCH,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The label at @column, @row of @grid, made or changed to show @text so: a table that changes
 * ten times a second (eight players moving) changes its labels' texts, not its widgets. */
static void
set_cell (GtkGrid    *grid,
          int         column,
          int         row,
          const char *text,
          gboolean    number,
          gboolean    strong,
          gboolean    dim)
{
  GtkWidget *label = gtk_grid_get_child_at (grid, column, row);

  if (label == NULL || !GTK_IS_LABEL (label))
    {
      if (label != NULL)
        gtk_grid_remove (grid, label);
      label = gtk_label_new (NULL);
      gtk_grid_attach (grid, label, column, row, 1, 1);
    }
  if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) != 0)
    gtk_label_set_text (GTK_LABEL (label), text);
  gtk_label_set_xalign (GTK_LABEL (label), number ? 1.0f : 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), number ? PANGO_ELLIPSIZE_NONE
                                                     : PANGO_ELLIPSIZE_END);
  if (number)
    gtk_widget_add_css_class (label, "numeric");
  if (strong)
    gtk_widget_add_css_class (label, "heading");
  else
    gtk_widget_remove_css_class (label, "heading");
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  else
    gtk_widget_remove_css_class (label, "dim-label");
  gtk_widget_set_hexpand (label, !number);
}

/* Removes what @grid shows beyond @rows rows, or in a column not @shown. */
static void
trim_grid (GtkGrid *grid,
           int      rows,
           guint    shown)
{
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (grid));

  while (child != NULL)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);
      int column, row;

      gtk_grid_query_child (grid, child, &column, &row, NULL, NULL);
      if (row >= rows || (shown & (1u << column)) == 0)
        gtk_grid_remove (grid, child);
      child = next;
    }
}

/* Fills @grid with the table: a heading row, a row a player, then the teams' totals. Returns
 * the table as text, a line a row. */
static char *
fill_table (GtkGrid    *grid,
            PatNetSeat *seat,
            gboolean    final,
            gboolean    round_counted,
            gboolean    compact)
{
  GListModel *players = pat_net_seat_get_players (seat);
  guint n = g_list_model_get_n_items (players);
  guint n_teams = pat_net_seat_get_n_teams (seat);
  GString *text = g_string_new (NULL);
  int team_totals[PAT_NET_MAX_TEAMS] = { 0, };
  int row = 1;
  /* The columns shown: the player, the cards, the round's score (not in a narrow window), the
   * total; the final table has the player and the total. */
  guint shown = final ? 0x9 : compact ? 0xb : 0xf;
  guint i;

  set_cell (grid, 0, 0, _("Player"), FALSE, FALSE, TRUE);
  if (!final)
    {
      /* Translators: the column of a network match's table: cards on the foundations */
      set_cell (grid, 1, 0, C_("net table", "Cards"), TRUE, FALSE, TRUE);
      if (!compact)
        /* Translators: the column of a network match's table: this round's score */
        set_cell (grid, 2, 0, C_("net table", "Round"), TRUE, FALSE, TRUE);
    }
  set_cell (grid, 3, 0, C_("net table", "Total"), TRUE, FALSE, TRUE);

  for (i = 0; i < n; i++, row++)
    {
      g_autoptr(PatNetSeatPlayer) player = g_list_model_get_item (players, i);
      gboolean me = pat_net_seat_player_get_me (player);
      gboolean away = !pat_net_seat_player_get_connected (player) &&
                      !pat_net_seat_player_get_gone (player);
      gboolean ended = pat_net_seat_player_get_ended (player);
      int team = pat_net_seat_player_get_team (player);
      /* The total so far: before this round, plus this round's score while it is played (once
       * the round is over, the host's total counts it). */
      int total = pat_net_seat_player_get_total (player) +
                  (final || round_counted ? 0 : pat_net_seat_player_get_score (player));
      g_autofree char *name = NULL, *cards = NULL, *score = NULL, *total_text = NULL;

      if (team >= 0 && team < PAT_NET_MAX_TEAMS)
        team_totals[team] += total;
      if (pat_net_seat_player_get_gone (player))
        /* Translators: a player who left a network match, in its table */
        name = g_strdup_printf (_("%s (left)"), pat_net_seat_player_get_name (player));
      else if (away)
        /* Translators: a player whose connection dropped, in a network match's table */
        name = g_strdup_printf (_("%s (away)"), pat_net_seat_player_get_name (player));
      else if (team >= 0)
        /* Translators: a player and their team's number, in a network match's table */
        name = g_strdup_printf (_("%s · %d"), pat_net_seat_player_get_name (player), team + 1);
      else
        name = g_strdup (pat_net_seat_player_get_name (player));
      cards = g_strdup_printf ("%u", pat_net_seat_player_get_foundation (player));
      score = g_strdup_printf ("%d", pat_net_seat_player_get_score (player));
      total_text = g_strdup_printf ("%d", total);
      set_cell (grid, 0, row, name, FALSE, me, away);
      if (!final)
        {
          set_cell (grid, 1, row, cards, TRUE, me, ended);
          if (!compact)
            set_cell (grid, 2, row, score, TRUE, me, ended);
        }
      set_cell (grid, 3, row, total_text, TRUE, me, FALSE);
      g_string_append_printf (text, "%s\t%s\t%s\t%s%s%s\n", name, cards, score, total_text,
                              ended ? "\tended" : "", me ? "\tme" : "");
    }
  for (i = 0; i < n_teams; i++, row++)
    {
      g_autofree char *team = g_strdup_printf (_("Team %u"), i + 1);
      g_autofree char *total = g_strdup_printf ("%d", team_totals[i]);

      set_cell (grid, 0, row, team, FALSE, TRUE, FALSE);
      set_cell (grid, 3, row, total, TRUE, TRUE, FALSE);
      /* A team's row has no cards or round's score: a player's row before may have had. */
      if (gtk_grid_get_child_at (grid, 1, row) != NULL)
        gtk_grid_remove (grid, gtk_grid_get_child_at (grid, 1, row));
      if (gtk_grid_get_child_at (grid, 2, row) != NULL)
        gtk_grid_remove (grid, gtk_grid_get_child_at (grid, 2, row));
      g_string_append_printf (text, "%s\t%s\n", team, total);
    }
  trim_grid (grid, row, shown);
  return g_string_free (text, FALSE);
}

/* The names of the players whose round goes on, "Ann, Bob". */
static char *
still_playing (PatNetSeat *seat)
{
  GListModel *players = pat_net_seat_get_players (seat);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint n = g_list_model_get_n_items (players);
  guint i;

  for (i = 0; i < n; i++)
    {
      g_autoptr(PatNetSeatPlayer) player = g_list_model_get_item (players, i);

      if (!pat_net_seat_player_get_ended (player) && !pat_net_seat_player_get_gone (player))
        g_ptr_array_add (names, (gpointer) pat_net_seat_player_get_name (player));
    }
  g_ptr_array_add (names, NULL);
  /* Translators: between the names of players, "Ann, Bob" */
  return g_strjoinv (_(", "), (char **) names->pdata);
}

static gboolean countdown_cb (gpointer user_data);

/* Whether the round being played has a time limit: then the subtitle counts it down. */
static gboolean
round_timed (PatNetPanel *self)
{
  PatNetSeatState state = pat_net_seat_get_state (self->seat);

  return pat_net_seat_get_time_limit (self->seat) > 0 && !self->between_rounds &&
         (state == PAT_NET_SEAT_PLAYING || state == PAT_NET_SEAT_WAITING);
}

static void
update_subtitle (PatNetPanel *self)
{
  g_autofree char *subtitle = NULL;
  guint round = pat_net_seat_get_round (self->seat);
  int target = pat_net_seat_get_target (self->seat);

  if (round > 0 && round_timed (self))
    {
      gint64 elapsed = g_get_monotonic_time () - pat_net_seat_get_round_started_us (self->seat);
      gint64 left = (gint64) pat_net_seat_get_time_limit (self->seat) * G_USEC_PER_SEC - elapsed;
      guint seconds = left > 0 ? (guint) ((left + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC) : 0;

      /* Translators: a network match's round, target score, and the minutes and seconds left
       * in the round */
      subtitle = g_strdup_printf (_("Round %u · target %d · %u:%02u left"), round, target,
                                  seconds / 60, seconds % 60);
    }
  else if (round > 0)
    /* Translators: a network match's round and target score */
    subtitle = g_strdup_printf (_("Round %u · target %d"), round, target);
  else
    subtitle = g_strdup_printf (_("Target %d"), target);
  gtk_label_set_text (self->subtitle, subtitle);
}

/* The countdown ticks only while a round with a time limit is played: no timer otherwise. */
static void
update_countdown (PatNetPanel *self)
{
  if (self->seat != NULL && round_timed (self))
    {
      if (self->countdown_id == 0)
        self->countdown_id = g_timeout_add_seconds (1, countdown_cb, self);
    }
  else
    g_clear_handle_id (&self->countdown_id, g_source_remove);
}

static gboolean
countdown_cb (gpointer user_data)
{
  PatNetPanel *self = user_data;

  if (self->seat == NULL || !round_timed (self))
    {
      self->countdown_id = 0;
      return G_SOURCE_REMOVE;
    }
  update_subtitle (self);
  return G_SOURCE_CONTINUE;
}

static void
update (PatNetPanel *self)
{
  g_autofree char *status = NULL, *table = NULL;
  PatNetSeatState state;
  gboolean error = FALSE;

  update_countdown (self);
  g_clear_handle_id (&self->update_id, g_source_remove);
  if (self->seat == NULL)
    return;
  state = pat_net_seat_get_state (self->seat);
  gtk_label_set_text (self->title, pat_net_seat_get_match_name (self->seat));
  update_subtitle (self);

  switch (state)
    {
    case PAT_NET_SEAT_CONNECTING:
      status = g_strdup (_("Joining the match…"));
      break;
    case PAT_NET_SEAT_LOBBY:
      status = g_strdup (_("Waiting for the first round."));
      break;
    case PAT_NET_SEAT_PLAYING:
      status = g_strdup (_("Play your round. It ends when you win, are blocked, or end it."));
      break;
    case PAT_NET_SEAT_WAITING:
      if (self->between_rounds)
        status = g_strdup (_("The round is over. The next one starts in a moment."));
      else
        {
          g_autofree char *names = still_playing (self->seat);

          status = names[0] != '\0'
                   ? g_strdup_printf (_("Your round is over. Still playing: %s."), names)
                   : g_strdup (_("Your round is over."));
        }
      break;
    case PAT_NET_SEAT_AWAY:
      status = g_strdup (_("Lost the connection to the host. Trying to rejoin…"));
      error = TRUE;
      break;
    case PAT_NET_SEAT_OVER:
      status = g_strdup (_("The demon is exorcised! The match is over."));
      break;
    case PAT_NET_SEAT_FAILED:
      {
        const GError *e = pat_net_seat_get_error (self->seat);

        status = g_strdup (e != NULL ? e->message : _("You left the match."));
        error = e != NULL;
      }
      break;
    default:
      break;
    }
  gtk_label_set_text (self->status, status);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self->status), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status), "error");

  table = fill_table (self->table, self->seat, FALSE,
                      self->between_rounds || state == PAT_NET_SEAT_OVER, self->compact);
  g_free (self->table_text);
  self->table_text = g_steal_pointer (&table);
  gtk_widget_set_visible (GTK_WIDGET (self->end_round_button), state == PAT_NET_SEAT_PLAYING);
}

static void
final_response_cb (PatNetPanel      *self,
                   const char       *response,
                   AdwMessageDialog *dialog)
{
  if (g_strcmp0 (response, "rematch") == 0)
    g_signal_emit (self, signals[REMATCH], 0);
  else
    g_signal_emit (self, signals[LEAVE], 0);
}

/* "The demon is exorcised!" and the final table. */
static void
show_final_table (PatNetPanel *self)
{
  const PatNetMessage *result = pat_net_seat_get_result (self->seat);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *grid = gtk_grid_new ();
  g_autofree char *body = NULL, *text = NULL;
  AdwMessageDialog *dialog;

  if (result == NULL)
    return;
  if (result->winner < 0)
    body = g_strdup (_("Nobody reached the target."));
  else if (result->n_teams > 0)
    body = g_strdup_printf (_("Team %d wins with %d points."), result->winner + 1,
                            result->team_totals[result->winner]);
  else
    {
      guint i;

      for (i = 0; i < result->n_players; i++)
        if ((int) result->players[i].id == result->winner)
          body = g_strdup_printf (_("%s wins with %d points."), result->players[i].name,
                                  result->players[i].total);
      if (body == NULL)
        body = g_strdup (_("The match is over."));
    }
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  text = fill_table (GTK_GRID (grid), self->seat, TRUE, TRUE, FALSE);

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root)
                                                                            : NULL,
                                                       _("The demon is exorcised!"), body));
  adw_message_dialog_set_extra_child (dialog, grid);
  adw_message_dialog_add_responses (dialog, "leave", _("_Leave"), "rematch", _("_Rematch"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "rematch", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "rematch");
  adw_message_dialog_set_close_response (dialog, "leave");
  g_signal_connect_object (dialog, "response", G_CALLBACK (final_response_cb), self,
                           G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->final_table, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
seat_state_cb (PatNetPanel *self)
{
  update (self);
}

static void
round_started_cb (PatNetPanel *self)
{
  self->between_rounds = FALSE;
  update (self);
}

static void
round_ended_cb (PatNetPanel *self)
{
  self->between_rounds = TRUE;
  update (self);
}

static void
match_ended_cb (PatNetPanel *self)
{
  self->between_rounds = FALSE;
  update (self);
  show_final_table (self);
}

static gboolean
update_cb (gpointer user_data)
{
  PatNetPanel *self = user_data;

  self->update_id = 0;
  update (self);
  return G_SOURCE_REMOVE;
}

static void
queue_update (PatNetPanel *self)
{
  if (self->update_id == 0)
    self->update_id = g_timeout_add (UPDATE_MS, update_cb, self);
}

static void
unfollow (PatNetPanel *self)
{
  if (self->seat != NULL)
    g_signal_handlers_disconnect_by_data (self->seat, self);
  g_clear_object (&self->seat);
}

static void
follow_seat (PatNetPanel *self)
{
  unfollow (self);
  if (self->play == NULL)
    return;
  self->seat = g_object_ref (pat_net_play_get_seat (self->play));
  self->between_rounds = FALSE;
  g_signal_connect_object (self->seat, "notify::state", G_CALLBACK (seat_state_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->seat, "notify::round", G_CALLBACK (seat_state_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->seat, "notify::time-limit", G_CALLBACK (seat_state_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->seat, "round-started", G_CALLBACK (round_started_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->seat, "round-ended", G_CALLBACK (round_ended_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->seat, "match-ended", G_CALLBACK (match_ended_cb), self,
                           G_CONNECT_SWAPPED);
  /* Every row's change shows (at most every UPDATE_MS): the table is the point of the panel. */
  g_signal_connect_object (self->seat, "table-changed", G_CALLBACK (queue_update), self,
                           G_CONNECT_SWAPPED);
  queue_update (self);
}

static void
seat_changed_cb (PatNetPanel *self)
{
  follow_seat (self);
  update (self);
}

void
pat_net_panel_set_play (PatNetPanel *self,
                        PatNetPlay  *play)
{
  g_return_if_fail (PAT_IS_NET_PANEL (self));
  g_return_if_fail (play == NULL || PAT_IS_NET_PLAY (play));

  if (self->play == play)
    return;
  if (self->play != NULL)
    g_signal_handlers_disconnect_by_data (self->play, self);
  if (self->final_table != NULL)
    gtk_window_destroy (GTK_WINDOW (self->final_table));
  g_set_object (&self->play, play);
  if (play != NULL)
    g_signal_connect_object (play, "seat-changed", G_CALLBACK (seat_changed_cb), self,
                             G_CONNECT_SWAPPED);
  follow_seat (self);
  update (self);
}

PatNetPlay *
pat_net_panel_get_play (PatNetPanel *self)
{
  g_return_val_if_fail (PAT_IS_NET_PANEL (self), NULL);

  return self->play;
}

void
pat_net_panel_set_compact (PatNetPanel *self,
                           gboolean     compact)
{
  g_return_if_fail (PAT_IS_NET_PANEL (self));

  if (self->compact == !!compact)
    return;
  self->compact = !!compact;
  update (self);
}

const char *
pat_net_panel_get_status (PatNetPanel *self)
{
  g_return_val_if_fail (PAT_IS_NET_PANEL (self), NULL);

  return gtk_label_get_text (self->status);
}

const char *
pat_net_panel_get_subtitle (PatNetPanel *self)
{
  g_return_val_if_fail (PAT_IS_NET_PANEL (self), NULL);

  return gtk_label_get_text (self->subtitle);
}

gboolean
pat_net_panel_get_counting_down (PatNetPanel *self)
{
  g_return_val_if_fail (PAT_IS_NET_PANEL (self), FALSE);

  return self->countdown_id != 0;
}

char *
pat_net_panel_dup_table (PatNetPanel *self)
{
  g_return_val_if_fail (PAT_IS_NET_PANEL (self), NULL);

  return g_strdup (self->table_text);
}

static void
end_round_clicked_cb (PatNetPanel *self)
{
  if (self->seat != NULL)
    pat_net_seat_end_round (self->seat);
}

static void
leave_clicked_cb (PatNetPanel *self)
{
  g_signal_emit (self, signals[LEAVE], 0);
}

static void
pat_net_panel_dispose (GObject *object)
{
  PatNetPanel *self = PAT_NET_PANEL (object);

  g_clear_handle_id (&self->countdown_id, g_source_remove);
  unfollow (self);
  if (self->play != NULL)
    g_signal_handlers_disconnect_by_data (self->play, self);
  g_clear_object (&self->play);
  if (self->final_table != NULL)
    gtk_window_destroy (GTK_WINDOW (self->final_table));
  G_OBJECT_CLASS (pat_net_panel_parent_class)->dispose (object);
}

static void
pat_net_panel_finalize (GObject *object)
{
  PatNetPanel *self = PAT_NET_PANEL (object);

  g_free (self->table_text);
  G_OBJECT_CLASS (pat_net_panel_parent_class)->finalize (object);
}

static void
pat_net_panel_class_init (PatNetPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_net_panel_dispose;
  object_class->finalize = pat_net_panel_finalize;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "netpanel");
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_GROUP);

  signals[LEAVE] =
    g_signal_new ("leave", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[REMATCH] =
    g_signal_new ("rematch", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
pat_net_panel_init (PatNetPanel *self)
{
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_widget_add_css_class (GTK_WIDGET (self), "net-panel");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Live Scoreboard"), -1);

  self->title = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->title), "heading");
  gtk_label_set_ellipsize (self->title, PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (self->title, 0);
  self->subtitle = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->subtitle), "dim-label");
  gtk_label_set_xalign (self->subtitle, 0);
  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->status, TRUE);
  gtk_label_set_xalign (self->status, 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->status), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Match status"), -1);
  self->table = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_column_spacing (self->table, 12);
  gtk_grid_set_row_spacing (self->table, 4);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->table), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Scores"), -1);

  self->end_round_button = GTK_BUTTON (gtk_button_new ());
  pat_a11y_set_button_label (self->end_round_button, _("_End My Round"));
  gtk_widget_add_css_class (GTK_WIDGET (self->end_round_button), "suggested-action");
  g_signal_connect_swapped (self->end_round_button, "clicked", G_CALLBACK (end_round_clicked_cb),
                            self);
  self->leave_button = GTK_BUTTON (gtk_button_new ());
  pat_a11y_set_button_label (self->leave_button, _("_Leave Match"));
  g_signal_connect_swapped (self->leave_button, "clicked", G_CALLBACK (leave_clicked_cb), self);
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->end_round_button));
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->leave_button));

  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->title));
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->subtitle));
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->table));
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->status));
  gtk_box_append (GTK_BOX (self), buttons);
}

GtkWidget *
pat_net_panel_new (void)
{
  return g_object_new (PAT_TYPE_NET_PANEL, NULL);
}
