/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatGameChooser: every game with a preview and its rules, recent deals, a deal number, Demon's
 * options. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pat-a11y.h"
#include "pat-board.h"
#include "pat-game-chooser.h"
#include "pat-preferences.h"
#include "pat-rules-text.h"

#define MAX_RECENT    6
#define SAMPLE_DEAL   1
#define MINI_WIDTH    84
#define MINI_HEIGHT   60

struct _PatGameChooser {
  AdwWindow            parent_instance;

  /* Template children */
  AdwLeaflet          *leaflet;
  GtkWidget           *sidebar;
  GtkWidget           *content;
  GtkListBox          *games_list;
  GtkLabel            *recent_title;
  GtkListBox          *recent_list;
  AdwWindowTitle      *content_title;
  GtkScrolledWindow   *content_scroller;
  PatBoard            *preview;
  GtkLabel            *preview_caption;
  GtkLabel            *summary_label;
  AdwPreferencesGroup *deal_group;
  AdwEntryRow         *deal_row;
  GtkButton           *play_button;
  AdwPreferencesGroup *demon_group;
  AdwComboRow         *die_row;
  AdwActionRow        *resume_match_row;
  AdwActionRow        *new_match_row;
  GtkLabel            *rules_label;

  GtkWindow           *window;     /* weak: the window the game chosen is played in */
  PatSession          *session;    /* what that window plays */
  GSettings           *settings;
  char                *game_id;
  guint                n_recent;
};

G_DEFINE_FINAL_TYPE (PatGameChooser, pat_game_chooser, ADW_TYPE_WINDOW)

typedef struct {
  const char *game_id;
  PatResult   result;
} Recent;

/* Whether the game @game_id has any of @flags (PatRulesFlags). */
static gboolean
has_flag (const char *game_id,
          guint       flags)
{
  const PatRules *rules = pat_rules_lookup (game_id);

  return pat_rules_has_flag (rules, flags);
}

static PatOptions
options_for (PatGameChooser *self,
             const char     *game_id)
{
  PatOptions options = { PAT_DIE_OFF };

  if (self->settings != NULL && has_flag (game_id, PAT_RULES_DIE))
    options.die_mode = (PatDieMode) g_settings_get_enum (self->settings, "demon-die-mode");
  return options;
}

static void
bind_board_style (PatGameChooser *self,
                  PatBoard       *board)
{
  if (self->settings == NULL)
    return;
  g_settings_bind (self->settings, "four-colour-deck", board, "four-colour", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "card-back", board, "card-back", G_SETTINGS_BIND_GET);
}

/* Deal numbers as typed: spaces around them do not matter. */
static char *
dup_deal_text (PatGameChooser *self)
{
  return g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->deal_row))));
}

static gboolean
parse_deal (PatGameChooser *self,
            PatDealNumber  *deal,
            gboolean       *empty)
{
  g_autofree char *text = dup_deal_text (self);

  *empty = text[0] == '\0';
  return !*empty && pat_deal_number_parse (text, deal, NULL);
}

gboolean
pat_game_chooser_get_deal_valid (PatGameChooser *self)
{
  PatDealNumber deal;
  gboolean empty;

  g_return_val_if_fail (PAT_IS_GAME_CHOOSER (self), FALSE);

  return parse_deal (self, &deal, &empty) || empty;
}

/* The content pane */

static void
update_preview (PatGameChooser *self)
{
  PatDealNumber deal = pat_deal_number_from_uint (SAMPLE_DEAL);
  PatOptions options = options_for (self, self->game_id);
  g_autoptr(PatGame) game = NULL;
  g_autofree char *caption = NULL;
  char digits[PAT_DEAL_NUMBER_MAX_DIGITS + 1];
  gboolean empty;

  if (!parse_deal (self, &deal, &empty))
    deal = pat_deal_number_from_uint (SAMPLE_DEAL);
  pat_deal_number_format (&deal, digits);
  game = pat_game_new (self->game_id, &deal, &options);
  pat_board_set_game (self->preview, game);

  /* Translators: under the preview of a deal's first layout; %s is the deal number */
  caption = g_strdup_printf (_("How deal %s starts"), digits);
  gtk_label_set_label (self->preview_caption, caption);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->preview),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, caption, -1);
}

static void
update_deal_field (PatGameChooser *self)
{
  g_autoptr(GString) description = g_string_new (NULL);
  PatDealNumber deal;
  gboolean empty;
  gboolean valid = parse_deal (self, &deal, &empty) || empty;
  gboolean in_progress = pat_store_has_game (pat_session_get_store (self->session), self->game_id);

  if (!valid)
    g_string_append (description,
                     _("A deal number is a whole number from 1 to 99999999999999999999."));
  else if (in_progress)
    g_string_append (description, _("Leave it empty to go on with your game in progress, or type "
                                    "the number of the deal to play."));
  else
    g_string_append (description, _("Leave it empty for a random deal, or type the number of the "
                                    "deal to play."));

  if (has_flag (self->game_id, PAT_RULES_PYSOLFC))
    {
      g_string_append_c (description, ' ');
      g_string_append (description, _("The deals have the same numbers as in PySolFC, so a deal "
                                      "can be compared with PySolFC’s game of that number."));
    }
  adw_preferences_group_set_description (self->deal_group, description->str);

  if (valid)
    gtk_widget_remove_css_class (GTK_WIDGET (self->deal_row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->deal_row), "error");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "chooser.play", valid);
}

static void
update_match_row (PatGameChooser *self)
{
  g_autoptr(PatMatch) match = NULL;
  PatStore *store = pat_session_get_store (self->session);

  if (!has_flag (self->game_id, PAT_RULES_MATCH) || pat_session_get_match (self->session) != NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->resume_match_row), FALSE);
      return;
    }
  if (pat_store_has_match (store))
    match = pat_store_load_match (store, NULL);
  if (match != NULL && !pat_match_get_finished (match))
    {
      /* Translators: a saved Demon match: the round and whose turn it is */
      g_autofree char *subtitle =
        g_strdup_printf (_("Round %u · %s to play"), pat_match_get_round (match),
                         pat_match_get_player_name (match, pat_match_get_current_player (match)));

      adw_action_row_set_subtitle (self->resume_match_row, subtitle);
      gtk_widget_set_visible (GTK_WIDGET (self->resume_match_row), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->resume_match_row), FALSE);
}

static void
show_game (PatGameChooser *self,
           const char     *game_id)
{
  if (g_strcmp0 (self->game_id, game_id) == 0)
    return;
  g_free (self->game_id);
  self->game_id = g_strdup (game_id);

  adw_window_title_set_title (self->content_title, pat_rules_text_name (game_id));
  gtk_label_set_label (self->summary_label, pat_rules_text_summary (game_id));
  gtk_label_set_label (self->rules_label, pat_rules_text_rules (game_id));
  /* The game's own options: the Die of Justice, matches. */
  gtk_widget_set_visible (GTK_WIDGET (self->demon_group),
                          has_flag (game_id, PAT_RULES_DIE | PAT_RULES_MATCH));
  adw_preferences_group_set_title (self->demon_group, pat_rules_text_name (game_id));
  gtk_widget_set_visible (GTK_WIDGET (self->die_row), has_flag (game_id, PAT_RULES_DIE));
  gtk_widget_set_visible (GTK_WIDGET (self->new_match_row), has_flag (game_id, PAT_RULES_MATCH));
  update_preview (self);
  update_deal_field (self);
  update_match_row (self);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->content_scroller), 0);
}

static void
deal_changed_cb (PatGameChooser *self)
{
  if (self->game_id == NULL)
    return;
  update_preview (self);
  update_deal_field (self);
}

static void
back_clicked_cb (PatGameChooser *self)
{
  adw_leaflet_set_visible_child (self->leaflet, self->sidebar);
}

/* The sidebar */

static GtkWidget *
game_row_new (PatGameChooser *self,
              const PatRules *rules)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *board = pat_board_new ();
  GtkWidget *width_clamp, *height_clamp;
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (pat_rules_text_name (rules->id));
  GtkWidget *summary = gtk_label_new (pat_rules_text_summary (rules->id));
  PatDealNumber deal = pat_deal_number_from_uint (SAMPLE_DEAL);
  PatOptions options = options_for (self, rules->id);
  g_autoptr(PatGame) game = pat_game_new (rules->id, &deal, &options);

  g_object_set (board, "animations", FALSE, "can-target", FALSE, "focusable", FALSE, NULL);
  gtk_widget_set_size_request (board, MINI_WIDTH, MINI_HEIGHT);
  pat_board_set_game (PAT_BOARD (board), game);
  bind_board_style (self, PAT_BOARD (board));
  gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  pat_rules_text_name (rules->id), -1);
  gtk_frame_set_child (GTK_FRAME (frame), board);
  gtk_widget_set_overflow (frame, GTK_OVERFLOW_HIDDEN);
  gtk_widget_add_css_class (frame, "chooser-mini-preview");
  /* The board would take all the room it is offered: every preview gets the same small size. */
  width_clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (width_clamp), MINI_WIDTH);
  adw_clamp_set_tightening_threshold (ADW_CLAMP (width_clamp), MINI_WIDTH);
  adw_clamp_set_child (ADW_CLAMP (width_clamp), frame);
  height_clamp = adw_clamp_new ();
  gtk_orientable_set_orientation (GTK_ORIENTABLE (height_clamp), GTK_ORIENTATION_VERTICAL);
  adw_clamp_set_maximum_size (ADW_CLAMP (height_clamp), MINI_HEIGHT);
  adw_clamp_set_tightening_threshold (ADW_CLAMP (height_clamp), MINI_HEIGHT);
  adw_clamp_set_child (ADW_CLAMP (height_clamp), width_clamp);
  gtk_widget_set_valign (height_clamp, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (labels, TRUE);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_widget_add_css_class (name, "heading");
  gtk_label_set_xalign (GTK_LABEL (summary), 0);
  gtk_label_set_wrap (GTK_LABEL (summary), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (summary), 28);
  gtk_widget_add_css_class (summary, "caption");
  gtk_widget_add_css_class (summary, "dim-label");
  gtk_widget_set_valign (labels, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (labels), name);
  gtk_box_append (GTK_BOX (labels), summary);

  gtk_box_append (GTK_BOX (box), height_clamp);
  gtk_box_append (GTK_BOX (box), labels);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "game-id", g_strdup (rules->id), g_free);
  return row;
}

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  const Recent *x = a;
  const Recent *y = b;

  if (x->result.date != y->result.date)
    return x->result.date > y->result.date ? -1 : 1;
  return 0;
}

static GtkWidget *
recent_row_new (const Recent *recent)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autoptr(GDateTime) date = g_date_time_new_from_unix_local (recent->result.date);
  g_autofree char *when = date != NULL ? g_date_time_format (date, "%x") : g_strdup ("");
  /* Translators: a recent deal in the game chooser: the game and the deal number */
  g_autofree char *title = g_strdup_printf (_("%s · Deal %s"),
                                            pat_rules_text_name (recent->game_id),
                                            recent->result.deal);
  /* Translators: how a recent deal went ("Assisted": the Demo played in it), and its date */
  g_autofree char *detail = g_strdup_printf (recent->result.assisted ? _("Assisted · %s") :
                                             recent->result.won ? _("Won · %s") : _("Lost · %s"),
                                             when);
  GtkWidget *title_label = gtk_label_new (title);
  GtkWidget *detail_label = gtk_label_new (detail);

  gtk_label_set_xalign (GTK_LABEL (title_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (detail_label), 0);
  gtk_widget_add_css_class (detail_label, "caption");
  gtk_widget_add_css_class (detail_label, "dim-label");
  gtk_box_append (GTK_BOX (box), title_label);
  gtk_box_append (GTK_BOX (box), detail_label);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, _("Play this deal again"));

  g_object_set_data_full (G_OBJECT (row), "game-id", g_strdup (recent->game_id), g_free);
  g_object_set_data_full (G_OBJECT (row), "deal", g_strdup (recent->result.deal), g_free);
  return row;
}

/* The last few deals played, newest first, each deal once. */
static void
build_recent (PatGameChooser *self)
{
  PatStats *stats = pat_session_get_stats (self->session);
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (Recent));
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  const PatRules *const *rules;
  guint n, i, k;

  self->n_recent = 0;
  rules = pat_rules_all (&n);
  for (i = 0; i < n; i++)
    {
      g_autoptr(GArray) history = pat_stats_get_history (stats, rules[i]->id);

      /* The newest few of each game are enough to find the newest few of all. */
      for (k = history->len > 3 * MAX_RECENT ? history->len - 3 * MAX_RECENT : 0;
           k < history->len; k++)
        {
          Recent recent = { rules[i]->id, g_array_index (history, PatResult, k) };

          if (recent.result.deal[0] != '\0')
            g_array_append_val (all, recent);
        }
    }
  g_array_sort (all, compare_recent);

  for (i = 0; i < all->len && self->n_recent < MAX_RECENT; i++)
    {
      const Recent *recent = &g_array_index (all, Recent, i);
      g_autofree char *key = g_strconcat (recent->game_id, "/", recent->result.deal, NULL);

      if (g_ptr_array_find_with_equal_func (seen, key, g_str_equal, NULL))
        continue;
      g_ptr_array_add (seen, g_steal_pointer (&key));
      gtk_list_box_append (self->recent_list, recent_row_new (recent));
      self->n_recent++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->recent_title), self->n_recent > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->recent_list), self->n_recent > 0);
}

static void
game_selected_cb (PatGameChooser *self,
                  GtkListBoxRow  *row)
{
  if (row != NULL)
    show_game (self, g_object_get_data (G_OBJECT (row), "game-id"));
}

static void
game_activated_cb (PatGameChooser *self,
                   GtkListBoxRow  *row)
{
  adw_leaflet_set_visible_child (self->leaflet, self->content);
}

static void
recent_activated_cb (PatGameChooser *self,
                     GtkListBoxRow  *row)
{
  pat_game_chooser_select_game (self, g_object_get_data (G_OBJECT (row), "game-id"));
  pat_game_chooser_set_deal_text (self, g_object_get_data (G_OBJECT (row), "deal"));
  adw_leaflet_set_visible_child (self->leaflet, self->content);
  gtk_widget_grab_focus (GTK_WIDGET (self->play_button));
}

/* Actions */

gboolean
pat_game_chooser_play (PatGameChooser *self)
{
  PatDealNumber deal;
  gboolean empty;
  gboolean valid;

  g_return_val_if_fail (PAT_IS_GAME_CHOOSER (self), FALSE);

  valid = parse_deal (self, &deal, &empty);
  if ((!valid && !empty) || self->window == NULL || self->game_id == NULL)
    return FALSE;

  if (valid)
    {
      char digits[PAT_DEAL_NUMBER_MAX_DIGITS + 1];

      pat_deal_number_format (&deal, digits);
      gtk_widget_activate_action (GTK_WIDGET (self->window), "win.start-deal", "(ss)",
                                  self->game_id, digits);
    }
  else
    gtk_widget_activate_action (GTK_WIDGET (self->window), "win.choose-game", "s", self->game_id);
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

static void
play_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  pat_game_chooser_play (PAT_GAME_CHOOSER (widget));
}

static void
new_match_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PatGameChooser *self = PAT_GAME_CHOOSER (widget);
  GtkWindow *window = self->window;

  gtk_window_destroy (GTK_WINDOW (self));
  if (window != NULL)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.new-match", NULL);
}

static void
resume_match_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  PatGameChooser *self = PAT_GAME_CHOOSER (widget);
  GtkWindow *window = self->window;

  gtk_window_destroy (GTK_WINDOW (self));
  if (window != NULL)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.resume-match", NULL);
}

/* Construction */

void
pat_game_chooser_select_game (PatGameChooser *self,
                              const char     *game_id)
{
  GtkListBoxRow *row;
  int i;

  g_return_if_fail (PAT_IS_GAME_CHOOSER (self));

  for (i = 0; (row = gtk_list_box_get_row_at_index (self->games_list, i)) != NULL; i++)
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "game-id"), game_id) == 0)
      {
        gtk_list_box_select_row (self->games_list, row);
        show_game (self, game_id);
      }
}

const char *
pat_game_chooser_get_game (PatGameChooser *self)
{
  g_return_val_if_fail (PAT_IS_GAME_CHOOSER (self), NULL);

  return self->game_id;
}

void
pat_game_chooser_set_deal_text (PatGameChooser *self,
                                const char     *text)
{
  g_return_if_fail (PAT_IS_GAME_CHOOSER (self));

  gtk_editable_set_text (GTK_EDITABLE (self->deal_row), text != NULL ? text : "");
}

guint
pat_game_chooser_get_n_recent (PatGameChooser *self)
{
  g_return_val_if_fail (PAT_IS_GAME_CHOOSER (self), 0);

  return self->n_recent;
}

static void
die_mode_changed_cb (PatGameChooser *self)
{
  if (self->game_id != NULL && has_flag (self->game_id, PAT_RULES_DIE))
    update_preview (self);
}

static void
pat_game_chooser_dispose (GObject *object)
{
  PatGameChooser *self = PAT_GAME_CHOOSER (object);

  g_clear_weak_pointer (&self->window);
  gtk_widget_dispose_template (GTK_WIDGET (self), PAT_TYPE_GAME_CHOOSER);
  g_clear_object (&self->settings);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (pat_game_chooser_parent_class)->dispose (object);
}

static void
pat_game_chooser_finalize (GObject *object)
{
  PatGameChooser *self = PAT_GAME_CHOOSER (object);

  g_free (self->game_id);

  G_OBJECT_CLASS (pat_game_chooser_parent_class)->finalize (object);
}

static void
pat_game_chooser_class_init (PatGameChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pat_game_chooser_dispose;
  object_class->finalize = pat_game_chooser_finalize;

  g_type_ensure (PAT_TYPE_BOARD);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/patience/Patience/pat-game-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, leaflet);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, sidebar);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, content);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, games_list);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, recent_title);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, recent_list);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, content_title);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, content_scroller);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, preview);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, preview_caption);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, summary_label);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, deal_group);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, deal_row);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, play_button);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, demon_group);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, die_row);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, resume_match_row);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, new_match_row);
  gtk_widget_class_bind_template_child (widget_class, PatGameChooser, rules_label);
  gtk_widget_class_bind_template_callback (widget_class, deal_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, game_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, game_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, recent_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, back_clicked_cb);

  gtk_widget_class_install_action (widget_class, "chooser.play", NULL, play_action);
  gtk_widget_class_install_action (widget_class, "chooser.new-match", NULL, new_match_action);
  gtk_widget_class_install_action (widget_class, "chooser.resume-match", NULL, resume_match_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pat_game_chooser_init (PatGameChooser *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  pat_a11y_name_mnemonic_buttons (GTK_WIDGET (self));

  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->play_button));
}

/**
 * pat_game_chooser_new:
 * @window: the window the chosen game will be played in (through its actions win.choose-game,
 *   win.start-deal, win.new-match and win.resume-match)
 * @session: what @window plays
 * @settings: (nullable): the app's settings, for the board's style and Demon's die
 *
 * Returns: (transfer none): a new chooser on @session's game, not yet presented
 */
PatGameChooser *
pat_game_chooser_new (GtkWindow  *window,
                      PatSession *session,
                      GSettings  *settings)
{
  PatGameChooser *self;
  PatGame *current;
  guint n, i;
  const PatRules *const *all = pat_rules_all (&n);

  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);
  g_return_val_if_fail (PAT_IS_SESSION (session), NULL);

  self = g_object_new (PAT_TYPE_GAME_CHOOSER, "transient-for", window, NULL);
  g_set_weak_pointer (&self->window, window);
  self->session = g_object_ref (session);
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      pat_preferences_bind_die_mode (self->die_row, self->settings);
      g_signal_connect_object (self->settings, "changed::demon-die-mode",
                               G_CALLBACK (die_mode_changed_cb), self, G_CONNECT_SWAPPED);
    }
  else
    pat_preferences_fill_die_mode (self->die_row);
  bind_board_style (self, self->preview);

  for (i = 0; i < n; i++)
    gtk_list_box_append (self->games_list, game_row_new (self, all[i]));
  build_recent (self);

  current = pat_session_get_game (session);
  pat_game_chooser_select_game (self,
                                current != NULL ? pat_game_get_game_id (current) : all[0]->id);
  return self;
}
