/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatScoreboard: a Demon match's standings, the scores of its last rounds, whose turn it is,
 * and the winner. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-a11y.h"
#include "pat-scoreboard.h"

struct _PatScoreboard {
  AdwWindow            parent_instance;

  /* Template children */
  GtkImage            *icon;
  GtkLabel            *headline;
  GtkLabel            *subline;
  GtkButton           *continue_button;
  AdwPreferencesGroup *standings_group;
  GtkGrid             *table;
  GtkButton           *abandon_button;

  PatMatch            *match;
  gboolean             between_turns;
  GPtrArray           *standing_rows;   /* GtkWidget, to remove them */
  guint                n_listed_rounds;
};

/* The table lists the last rounds only, so that a long match's scoreboard opens as fast as a
 * short one's (10,000 rounds of widgets took seconds); the totals count every round. */
#define MAX_LISTED_ROUNDS 50

G_DEFINE_FINAL_TYPE (PatScoreboard, pat_scoreboard, ADW_TYPE_WINDOW)

enum {
  START_TURN,
  ABANDON,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

typedef struct {
  guint index;
  int   total;
} Standing;

static int
compare_standings (gconstpointer a,
                   gconstpointer b)
{
  const Standing *x = a;
  const Standing *y = b;

  if (x->total != y->total)
    return x->total > y->total ? -1 : 1;
  return x->index < y->index ? -1 : 1;
}

static gboolean
has_teams (PatMatch *match)
{
  return pat_match_get_n_teams (match) > 0;
}

/* The highest total of a player or team. */
static int
top_total (PatMatch *match)
{
  gboolean teams = has_teams (match);
  guint n = teams ? pat_match_get_n_teams (match) : pat_match_get_n_players (match);
  int best = G_MININT;
  guint i;

  for (i = 0; i < n; i++)
    best = MAX (best, teams ? pat_match_get_team_total (match, i)
                            : pat_match_get_player_total (match, i));
  return best;
}

static const char *
current_name (PatScoreboard *self)
{
  return pat_match_get_player_name (self->match, pat_match_get_current_player (self->match));
}

/* Whether the current player has made a move in this turn. */
static gboolean
turn_begun (PatScoreboard *self)
{
  g_autoptr(PatGame) game = NULL;

  g_object_get (self->match, "game", &game, NULL);
  return game != NULL && pat_game_get_started (game);
}

static char *
team_members (PatMatch *match,
              guint     team)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint i;

  for (i = 0; i < pat_match_get_n_players (match); i++)
    if (pat_match_get_player_team (match, i) == (int) team)
      g_ptr_array_add (names, (gpointer) pat_match_get_player_name (match, i));
  g_ptr_array_add (names, NULL);
  /* Translators: the separator between the names of a team's players */
  return g_strjoinv (_(", "), (char **) names->pdata);
}

static void
update_header (PatScoreboard *self)
{
  int target = pat_match_get_target (self->match);
  g_autofree char *headline = NULL;
  g_autofree char *subline = NULL;
  g_autofree char *button = NULL;
  gboolean finished = pat_match_get_finished (self->match);

  gtk_widget_set_visible (GTK_WIDGET (self->icon), finished);
  gtk_widget_set_visible (GTK_WIDGET (self->abandon_button), !finished);
  if (finished && pat_match_get_winner (self->match) < 0)
    {
      int total = top_total (self->match);

      /* Translators: the scoreboard's title when the last round a match can have ends in a tie */
      headline = g_strdup (_("A Draw"));
      subline = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              /* Translators: under "A Draw": the total that
                                               * the players or teams at the top share */
                                              "The last round ends with a tie at %'d point.",
                                              "The last round ends with a tie at %'d points.",
                                              ABS (total)),
                                 total);
      button = g_strdup (_("_Close"));
    }
  else if (finished)
    {
      int winner = pat_match_get_winner (self->match);
      int total = has_teams (self->match) ? pat_match_get_team_total (self->match, winner)
                                          : pat_match_get_player_total (self->match, winner);

      headline = g_strdup (pat_match_get_announcement (self->match));
      /* Translators: under "The demon is exorcised!": the winning player or team and their total */
      subline = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s wins with %'d point.",
                                              "%s wins with %'d points.", ABS (total)),
                                 pat_match_get_winner_name (self->match), total);
      button = g_strdup (_("_Close"));
    }
  else
    {
      const char *name = current_name (self);
      g_autofree char *round = NULL;

      /* Translators: the scoreboard's title between turns; %s is a player's name */
      headline = g_strdup_printf (_("%s’s Turn"), name);
      if (pat_match_get_tie_break (self->match))
        /* Translators: %u is the round number */
        round = g_strdup_printf (_("Round %u, to break the tie"),
                                 pat_match_get_round (self->match));
      else
        round = g_strdup_printf (_("Round %u"), pat_match_get_round (self->match));
      /* Translators: the round, then the match's target, e.g. "Round 2 · First to 200 points" */
      subline = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · First to %'d point",
                                              "%s · First to %'d points", target),
                                 round, target);
      if (self->between_turns || !turn_begun (self))
        /* Translators: the scoreboard's button; %s is the next player's name */
        {
          /* An underscore in the name is a letter, not a mnemonic. */
          g_auto(GStrv) parts = g_strsplit (name, "_", -1);
          g_autofree char *escaped = g_strjoinv ("__", parts);

          button = g_strdup_printf (_("_Start %s’s Turn"), escaped);
        }
      else
        button = g_strdup (_("_Continue Playing"));
    }

  gtk_label_set_label (self->headline, headline);
  gtk_label_set_label (self->subline, subline);
  pat_a11y_set_button_label (self->continue_button, button);
}

static GtkWidget *
standing_row (PatScoreboard *self,
              const char    *name,
              const char    *detail,
              int            total,
              gboolean       leading)
{
  int target = pat_match_get_target (self->match);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *bar = gtk_level_bar_new_for_interval (0, MAX (1, target));
  g_autofree char *total_text = g_strdup_printf ("%'d", total);
  GtkWidget *label = gtk_label_new (total_text);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (detail != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), detail);
  gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), CLAMP (total, 0, MAX (1, target)));
  gtk_widget_set_size_request (bar, 72, -1);
  gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_width_chars (GTK_LABEL (label), 4);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_box_append (GTK_BOX (box), bar);
  gtk_box_append (GTK_BOX (box), label);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);
  if (leading)
    gtk_widget_add_css_class (row, "scoreboard-leader");
  return row;
}

static void
update_standings (PatScoreboard *self)
{
  gboolean teams = has_teams (self->match);
  guint n = teams ? pat_match_get_n_teams (self->match) : pat_match_get_n_players (self->match);
  g_autoptr(GArray) standings = g_array_new (FALSE, FALSE, sizeof (Standing));
  guint current = pat_match_get_current_player (self->match);
  gboolean finished = pat_match_get_finished (self->match);
  guint i;

  for (i = 0; i < self->standing_rows->len; i++)
    adw_preferences_group_remove (self->standings_group,
                                  g_ptr_array_index (self->standing_rows, i));
  g_ptr_array_set_size (self->standing_rows, 0);

  for (i = 0; i < n; i++)
    {
      Standing s = { i, teams ? pat_match_get_team_total (self->match, i)
                              : pat_match_get_player_total (self->match, i) };

      g_array_append_val (standings, s);
    }
  g_array_sort (standings, compare_standings);

  for (i = 0; i < n; i++)
    {
      const Standing *s = &g_array_index (standings, Standing, i);
      g_autofree char *detail = NULL;
      const char *name;
      gboolean leading = s->total > 0 && s->total == g_array_index (standings, Standing, 0).total;
      GtkWidget *row;

      /* A drawn match's leaders share the top. */
      if (finished && pat_match_get_winner (self->match) >= 0)
        leading = (int) s->index == pat_match_get_winner (self->match);
      if (teams)
        {
          name = pat_match_get_team_name (self->match, s->index);
          detail = team_members (self->match, s->index);
        }
      else
        {
          name = pat_match_get_player_name (self->match, s->index);
          if (!finished && s->index == current)
            detail = g_strdup (self->between_turns || !turn_begun (self) ? _("Plays next")
                                                                         : _("Playing now"));
        }
      row = standing_row (self, name, detail, s->total, leading);
      adw_preferences_group_add (self->standings_group, row);
      g_ptr_array_add (self->standing_rows, row);
    }
}

static GtkWidget *
cell (const char *text,
      const char *css_class,
      float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, "numeric");
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
update_table (PatScoreboard *self)
{
  guint n_players = pat_match_get_n_players (self->match);
  guint rounds = pat_match_get_round (self->match);
  guint current = pat_match_get_current_player (self->match);
  gboolean finished = pat_match_get_finished (self->match);
  gboolean teams = has_teams (self->match);
  GtkWidget *child;
  guint first, row;
  guint p, r;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->table))) != NULL)
    gtk_grid_remove (self->table, child);

  /* A finished match does not show the round after the last. */
  if (finished && rounds > 1)
    {
      int score;

      if (!pat_match_get_round_score (self->match, rounds, 0, &score))
        rounds--;
    }

  gtk_grid_attach (self->table, cell (_("Round"), "dim-label", 0), 0, 0, 1, 1);
  for (p = 0; p < n_players; p++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *name = cell (pat_match_get_player_name (self->match, p), "heading", 1);

      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (name), 12);
      gtk_box_append (GTK_BOX (box), name);
      if (teams)
        gtk_box_append (GTK_BOX (box),
                        cell (pat_match_get_team_name (self->match,
                                                       pat_match_get_player_team (self->match, p)),
                              "caption", 1));
      gtk_grid_attach (self->table, box, p + 1, 0, 1, 1);
    }

  first = rounds > MAX_LISTED_ROUNDS ? rounds - MAX_LISTED_ROUNDS + 1 : 1;
  self->n_listed_rounds = rounds - first + 1;
  row = 1;
  if (first > 1)
    {
      g_autofree char *text = NULL;

      /* Translators: in the scoreboard, above the last rounds of a long match */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u earlier round is not listed.",
                                           "%'u earlier rounds are not listed.", first - 1),
                              first - 1);
      child = cell (text, "dim-label", 0.5);
      gtk_label_set_wrap (GTK_LABEL (child), TRUE);
      gtk_grid_attach (self->table, child, 0, row++, n_players + 1, 1);
    }

  for (r = first; r <= rounds; r++, row++)
    {
      g_autofree char *round = g_strdup_printf ("%u", r);

      gtk_grid_attach (self->table, cell (round, "dim-label", 0), 0, row, 1, 1);
      for (p = 0; p < n_players; p++)
        {
          int score;

          if (pat_match_get_round_score (self->match, r, p, &score))
            {
              g_autofree char *text = g_strdup_printf ("%'d", score);

              gtk_grid_attach (self->table, cell (text, NULL, 1), p + 1, row, 1, 1);
            }
          else if (!finished && r == pat_match_get_round (self->match) && p == current)
            {
              /* Translators: in the scoreboard, the cell of the player whose turn it is */
              const char *now = self->between_turns || !turn_begun (self) ? _("next")
                                                                          : _("playing");

              gtk_grid_attach (self->table, cell (now, "accent", 1), p + 1, row, 1, 1);
            }
          else
            gtk_grid_attach (self->table, cell ("·", "dim-label", 1), p + 1, row, 1, 1);
        }
    }

  gtk_grid_attach (self->table, cell (_("Total"), "heading", 0), 0, row, 1, 1);
  for (p = 0; p < n_players; p++)
    {
      g_autofree char *text = g_strdup_printf ("%'d", pat_match_get_player_total (self->match, p));

      gtk_grid_attach (self->table, cell (text, "heading", 1), p + 1, row, 1, 1);
    }
}

static void
update (PatScoreboard *self)
{
  update_header (self);
  update_standings (self);
  update_table (self);
}

static void
match_changed_cb (PatScoreboard *self)
{
  update (self);
}

static void
continue_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PatScoreboard *self = PAT_SCOREBOARD (widget);

  if (!pat_match_get_finished (self->match) && self->between_turns)
    g_signal_emit (self, signals[START_TURN], 0);
  else
    gtk_window_close (GTK_WINDOW (self));
}

static void
abandon_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  g_signal_emit (widget, signals[ABANDON], 0);
}

static void
pat_scoreboard_dispose (GObject *object)
{
  PatScoreboard *self = PAT_SCOREBOARD (object);

  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), PAT_TYPE_SCOREBOARD);
  g_clear_object (&self->match);
  g_clear_pointer (&self->standing_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (pat_scoreboard_parent_class)->dispose (object);
}

static void
pat_scoreboard_class_init (PatScoreboardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pat_scoreboard_dispose;

  signals[START_TURN] =
    g_signal_new ("start-turn", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[ABANDON] =
    g_signal_new ("abandon", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/patience/Patience/pat-scoreboard.ui");
  gtk_widget_class_bind_template_child (widget_class, PatScoreboard, icon);
  gtk_widget_class_bind_template_child (widget_class, PatScoreboard, headline);
  gtk_widget_class_bind_template_child (widget_class, PatScoreboard, subline);
  gtk_widget_class_bind_template_child (widget_class, PatScoreboard, continue_button);
  gtk_widget_class_bind_template_child (widget_class, PatScoreboard, standings_group);
  gtk_widget_class_bind_template_child (widget_class, PatScoreboard, table);
  gtk_widget_class_bind_template_child (widget_class, PatScoreboard, abandon_button);

  gtk_widget_class_install_action (widget_class, "scoreboard.continue", NULL, continue_action);
  gtk_widget_class_install_action (widget_class, "scoreboard.abandon", NULL, abandon_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pat_scoreboard_init (PatScoreboard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pat_a11y_name_mnemonic_buttons (GTK_WIDGET (self));

  self->standing_rows = g_ptr_array_new ();
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->continue_button));
}

/**
 * pat_scoreboard_new:
 * @parent: (nullable): the window it belongs to
 * @match: the match to show
 *
 * Returns: (transfer none): a new scoreboard, not yet presented
 */
PatScoreboard *
pat_scoreboard_new (GtkWindow *parent,
                    PatMatch  *match)
{
  PatScoreboard *self;

  g_return_val_if_fail (PAT_IS_MATCH (match), NULL);

  self = g_object_new (PAT_TYPE_SCOREBOARD, "transient-for", parent, NULL);
  self->match = g_object_ref (match);
  g_signal_connect_object (match, "changed", G_CALLBACK (match_changed_cb), self,
                           G_CONNECT_SWAPPED);
  update (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->continue_button));
  return self;
}

void
pat_scoreboard_set_between_turns (PatScoreboard *self,
                                  gboolean       between_turns)
{
  g_return_if_fail (PAT_IS_SCOREBOARD (self));

  self->between_turns = !!between_turns;
  update (self);
}

const char *
pat_scoreboard_get_headline (PatScoreboard *self)
{
  g_return_val_if_fail (PAT_IS_SCOREBOARD (self), NULL);

  return gtk_label_get_label (self->headline);
}

/**
 * pat_scoreboard_get_n_listed_rounds:
 *
 * Returns: how many rounds the table lists: every round up to the current one, or of a
 *   finished match up to its last, but at most the last 50 (the totals count them all)
 */
guint
pat_scoreboard_get_n_listed_rounds (PatScoreboard *self)
{
  g_return_val_if_fail (PAT_IS_SCOREBOARD (self), 0);

  return self->n_listed_rounds;
}
