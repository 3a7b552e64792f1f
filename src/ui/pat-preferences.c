/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatPreferences: the preferences window, every row bound to a GSettings key. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>

#include "pat-card-renderer.h"
#include "pat-preferences.h"
#include "pat-rules-text.h"
#include "pat-rules.h"
#include "pat-session.h"

#define BACK_WIDTH  60
#define BACK_HEIGHT 84

struct _PatPreferences {
  AdwPreferencesWindow parent_instance;

  /* Template children */
  GtkSwitch       *four_colour_switch;
  GtkFlowBox      *backs_box;
  GtkSwitch       *animations_switch;
  GtkSwitch       *click_switch;
  GtkSwitch       *auto_switch;
  AdwComboRow     *speed_row;
  AdwExpanderRow  *winnability_row;
  GtkSwitch       *winnable_switch;
  AdwComboRow     *difficulty_row;
  AdwComboRow     *die_row;

  GSettings       *settings;
  GPtrArray       *game_switches;  /* GtkSwitch, one per game that can show the winnability line */
  PatCardRenderer *renderer;
  GPtrArray       *back_buttons;   /* GtkToggleButton, in the order of the backs */
  GPtrArray       *back_pictures;  /* GtkPicture */
};

G_DEFINE_FINAL_TYPE (PatPreferences, pat_preferences, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
};

/* The Die of Justice */

static const char *const die_nicks[] = { "off", "game", "pass" };

static gboolean
die_get_mapping (GValue   *value,
                 GVariant *variant,
                 gpointer  user_data)
{
  const char *nick = g_variant_get_string (variant, NULL);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (die_nicks); i++)
    if (g_str_equal (nick, die_nicks[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
die_set_mapping (const GValue       *value,
                 const GVariantType *expected_type,
                 gpointer            user_data)
{
  guint i = g_value_get_uint (value);

  if (i >= G_N_ELEMENTS (die_nicks))
    return NULL;
  return g_variant_new_string (die_nicks[i]);
}

void
pat_preferences_fill_die_mode (AdwComboRow *row)
{
  const char *titles[] = {
    /* Translators: the Die of Justice is off: Demon turns three cards at a time */
    C_("die of justice", "Off"),
    /* Translators: the Die of Justice is rolled once per game */
    _("Once per game"),
    /* Translators: the Die of Justice is rolled at every pass through the stock */
    _("At every pass"),
    NULL,
  };
  g_autoptr(GtkStringList) model = gtk_string_list_new (titles);

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  adw_combo_row_set_model (row, G_LIST_MODEL (model));
}

void
pat_preferences_bind_die_mode (AdwComboRow *row,
                               GSettings   *settings)
{
  g_return_if_fail (ADW_IS_COMBO_ROW (row));
  g_return_if_fail (G_IS_SETTINGS (settings));

  pat_preferences_fill_die_mode (row);
  g_settings_bind_with_mapping (settings, "demon-die-mode", row, "selected",
                                G_SETTINGS_BIND_DEFAULT, die_get_mapping, die_set_mapping,
                                NULL, NULL);
}

/* The difficulty of winnable deals: the rows follow the enum's values, any, easy, medium, hard. */

static gboolean
difficulty_get_mapping (GValue   *value,
                        GVariant *variant,
                        gpointer  user_data)
{
  static const char *const nicks[] = { "any", "easy", "medium", "hard" };
  const char *nick = g_variant_get_string (variant, NULL);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (nicks); i++)
    if (g_str_equal (nick, nicks[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
difficulty_set_mapping (const GValue       *value,
                        const GVariantType *expected_type,
                        gpointer            user_data)
{
  static const char *const nicks[] = { "any", "easy", "medium", "hard" };
  guint i = g_value_get_uint (value);

  if (i >= G_N_ELEMENTS (nicks))
    return NULL;
  return g_variant_new_string (nicks[i]);
}

static void
bind_difficulty (PatPreferences *self)
{
  const char *titles[] = {
    /* Translators: winnable deals of any difficulty */
    C_("difficulty", "Any"),
    C_("difficulty", "Easy"),
    C_("difficulty", "Medium"),
    C_("difficulty", "Hard"),
    NULL,
  };
  g_autoptr(GtkStringList) model = gtk_string_list_new (titles);

  adw_combo_row_set_model (self->difficulty_row, G_LIST_MODEL (model));
  g_settings_bind_with_mapping (self->settings, "deal-difficulty", self->difficulty_row, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                difficulty_get_mapping, difficulty_set_mapping, NULL, NULL);
  /* A difficulty only means something for winnable deals. */
  g_object_bind_property (self->winnable_switch, "active", self->difficulty_row, "sensitive",
                          G_BINDING_SYNC_CREATE);
}

/* Play to the End's speeds, in deals per second: an average won Perpetual Motion deal is about
 * 1,200 deals (128 rounds), so Normal plays it in under a minute and Fastest in a few seconds. */

static const double speeds[] = { 4.0, 25.0, 100.0, PAT_PLAY_SPEED_FASTEST };

static gboolean
speed_get_mapping (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  double speed = MAX (g_variant_get_double (variant), 0.01);
  guint best = 0;
  guint i;

  /* A speed set by hand shows as the nearest choice. */
  for (i = 1; i < G_N_ELEMENTS (speeds); i++)
    if (fabs (log (speed / speeds[i])) < fabs (log (speed / speeds[best])))
      best = i;
  g_value_set_uint (value, best);
  return TRUE;
}

static GVariant *
speed_set_mapping (const GValue       *value,
                   const GVariantType *expected_type,
                   gpointer            user_data)
{
  guint i = g_value_get_uint (value);

  if (i >= G_N_ELEMENTS (speeds))
    return NULL;
  return g_variant_new_double (speeds[i]);
}

static void
bind_speed (PatPreferences *self)
{
  const char *titles[] = {
    /* Translators: the speed of Play to the End in Perpetual Motion */
    C_("play speed", "Slow"),
    C_("play speed", "Normal"),
    C_("play speed", "Fast"),
    C_("play speed", "Fastest"),
    NULL,
  };
  g_autoptr(GtkStringList) model = gtk_string_list_new (titles);

  adw_combo_row_set_model (self->speed_row, G_LIST_MODEL (model));
  g_settings_bind_with_mapping (self->settings, "play-speed", self->speed_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, speed_get_mapping, speed_set_mapping,
                                NULL, NULL);
}

/* The winnability line, per game */

gboolean
pat_preferences_get_winnability (GSettings  *settings,
                                 const char *game_id)
{
  g_autoptr(GVariant) choices = NULL;
  const PatRules *rules = pat_rules_lookup (game_id);
  gboolean shown;

  g_return_val_if_fail (G_IS_SETTINGS (settings), FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);

  choices = g_settings_get_value (settings, "winnability-by-game");
  if (g_variant_lookup (choices, game_id, "b", &shown))
    return shown;
  /* Where cards are face down the solver reads them: no spoilers unless asked for. */
  return !pat_rules_has_hidden_cards (rules);
}

void
pat_preferences_set_winnability (GSettings  *settings,
                                 const char *game_id,
                                 gboolean    shown)
{
  g_autoptr(GVariant) old = NULL;
  const PatRules *rules = pat_rules_lookup (game_id);
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key;
  gboolean value;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (rules != NULL);

  shown = !!shown;
  if (pat_preferences_get_winnability (settings, game_id) == shown)
    return;

  /* A choice equal to the game's default is not stored, so the defaults can follow the games. */
  old = g_settings_get_value (settings, "winnability-by-game");
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sb}"));
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_next (&iter, "{&sb}", &key, &value))
    if (!g_str_equal (key, game_id))
      g_variant_builder_add (&builder, "{sb}", key, value);
  if (shown == pat_rules_has_hidden_cards (rules))
    g_variant_builder_add (&builder, "{sb}", game_id, shown);
  g_settings_set_value (settings, "winnability-by-game", g_variant_builder_end (&builder));
}

static void
sync_game_switches (PatPreferences *self)
{
  guint i;

  for (i = 0; i < self->game_switches->len; i++)
    {
      GtkSwitch *widget = g_ptr_array_index (self->game_switches, i);
      const char *game_id = g_object_get_data (G_OBJECT (widget), "game-id");

      gtk_switch_set_active (widget, pat_preferences_get_winnability (self->settings, game_id));
    }
}

static void
game_switch_cb (PatPreferences *self,
                GParamSpec     *pspec,
                GtkSwitch      *widget)
{
  const char *game_id = g_object_get_data (G_OBJECT (widget), "game-id");

  if (self->settings != NULL)
    pat_preferences_set_winnability (self->settings, game_id, gtk_switch_get_active (widget));
}

/* A row per game under the switch for all games; none for a game that plays itself, which never
 * announces its outcome ahead. */
static void
build_game_switches (PatPreferences *self)
{
  const PatRules *const *all;
  guint n, i;

  all = pat_rules_all (&n);
  for (i = 0; i < n; i++)
    {
      GtkWidget *row, *widget;

      if (pat_rules_plays_itself (all[i]))
        continue;
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), pat_rules_text_name (all[i]->id));
      if (pat_rules_has_hidden_cards (all[i]))
        /* Translators: under a game's name, for the switch that shows whether its deal can be
         * won */
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Uses the face-down cards"));
      widget = gtk_switch_new ();
      gtk_widget_set_valign (widget, GTK_ALIGN_CENTER);
      g_object_set_data_full (G_OBJECT (widget), "game-id", g_strdup (all[i]->id), g_free);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), widget);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), widget);
      adw_expander_row_add_row (self->winnability_row, row);
      g_ptr_array_add (self->game_switches, widget);
    }
}

/* Card backs */

static void
update_back_pictures (PatPreferences *self)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  guint i;

  pat_card_renderer_set_style (self->renderer,
                               adw_style_manager_get_dark (adw_style_manager_get_default ()),
                               FALSE, NULL);
  for (i = 0; i < self->back_pictures->len; i++)
    {
      const char *name = pat_card_renderer_list_backs ()[i];
      GdkTexture *texture;

      pat_card_renderer_set_style (self->renderer, pat_card_renderer_get_dark (self->renderer),
                                   FALSE, name);
      texture = pat_card_renderer_get_back (self->renderer, BACK_WIDTH, BACK_HEIGHT, scale);
      gtk_picture_set_paintable (g_ptr_array_index (self->back_pictures, i),
                                 GDK_PAINTABLE (texture));
    }
}

static void
sync_back_buttons (PatPreferences *self)
{
  g_autofree char *current = g_settings_get_string (self->settings, "card-back");
  const char *const *names = pat_card_renderer_list_backs ();
  gboolean found = FALSE;
  guint i;

  for (i = 0; i < self->back_buttons->len; i++)
    if (g_str_equal (names[i], current))
      found = TRUE;
  for (i = 0; i < self->back_buttons->len; i++)
    gtk_toggle_button_set_active (g_ptr_array_index (self->back_buttons, i),
                                  found ? g_str_equal (names[i], current) : i == 0);
}

static void
back_toggled_cb (PatPreferences  *self,
                 GtkToggleButton *button)
{
  const char *name = g_object_get_data (G_OBJECT (button), "back-name");
  g_autofree char *current = NULL;

  if (!gtk_toggle_button_get_active (button) || self->settings == NULL)
    return;
  current = g_settings_get_string (self->settings, "card-back");
  if (!g_str_equal (current, name))
    g_settings_set_string (self->settings, "card-back", name);
}

static void
build_backs (PatPreferences *self)
{
  const char *const *names = pat_card_renderer_list_backs ();
  GtkToggleButton *group = NULL;
  guint i;

  for (i = 0; names[i] != NULL; i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      GtkWidget *picture = gtk_picture_new ();
      GtkWidget *label = gtk_label_new (pat_card_renderer_back_title (names[i]));

      gtk_picture_set_can_shrink (GTK_PICTURE (picture), TRUE);
      gtk_widget_set_size_request (picture, BACK_WIDTH, BACK_HEIGHT);
      gtk_widget_set_halign (picture, GTK_ALIGN_CENTER);
      gtk_box_append (GTK_BOX (box), picture);
      gtk_box_append (GTK_BOX (box), label);
      gtk_button_set_child (GTK_BUTTON (button), box);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "card-back-button");
      gtk_widget_set_tooltip_text (button, pat_card_renderer_back_title (names[i]));
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      g_object_set_data_full (G_OBJECT (button), "back-name", g_strdup (names[i]), g_free);
      g_signal_connect_swapped (button, "toggled", G_CALLBACK (back_toggled_cb), self);

      gtk_flow_box_append (self->backs_box, button);
      g_ptr_array_add (self->back_buttons, button);
      g_ptr_array_add (self->back_pictures, picture);
    }
}

static void
pat_preferences_dispose (GObject *object)
{
  PatPreferences *self = PAT_PREFERENCES (object);

  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  gtk_widget_dispose_template (GTK_WIDGET (self), PAT_TYPE_PREFERENCES);
  g_clear_object (&self->settings);
  g_clear_object (&self->renderer);
  g_clear_pointer (&self->back_buttons, g_ptr_array_unref);
  g_clear_pointer (&self->back_pictures, g_ptr_array_unref);
  g_clear_pointer (&self->game_switches, g_ptr_array_unref);

  G_OBJECT_CLASS (pat_preferences_parent_class)->dispose (object);
}

/* Everything bound to the settings, which are a construct-only property: g_object_new() returns
 * a whole window. */
static void
pat_preferences_constructed (GObject *object)
{
  PatPreferences *self = PAT_PREFERENCES (object);
  GSettings *settings = self->settings;

  G_OBJECT_CLASS (pat_preferences_parent_class)->constructed (object);

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_settings_bind (settings, "four-colour-deck", self->four_colour_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "animations", self->animations_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "click-to-move", self->click_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "auto-foundation", self->auto_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  bind_speed (self);
  g_settings_bind (settings, "show-winnability", self->winnability_row, "enable-expansion",
                   G_SETTINGS_BIND_DEFAULT);
  /* The games' switches in sight: they are what changed from a single switch. */
  adw_expander_row_set_expanded (self->winnability_row,
                                 g_settings_get_boolean (settings, "show-winnability"));
  g_settings_bind (settings, "winnable-deals-only", self->winnable_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  bind_difficulty (self);
  pat_preferences_bind_die_mode (self->die_row, settings);

  sync_back_buttons (self);
  g_signal_connect_object (settings, "changed::card-back", G_CALLBACK (sync_back_buttons), self,
                           G_CONNECT_SWAPPED);
  sync_game_switches (self);
  for (guint i = 0; i < self->game_switches->len; i++)
    g_signal_connect_object (g_ptr_array_index (self->game_switches, i), "notify::active",
                             G_CALLBACK (game_switch_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "changed::winnability-by-game",
                           G_CALLBACK (sync_game_switches), self, G_CONNECT_SWAPPED);
}

static void
pat_preferences_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  PatPreferences *self = PAT_PREFERENCES (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_preferences_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PatPreferences *self = PAT_PREFERENCES (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_preferences_class_init (PatPreferencesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = pat_preferences_constructed;
  object_class->set_property = pat_preferences_set_property;
  object_class->get_property = pat_preferences_get_property;
  object_class->dispose = pat_preferences_dispose;

  /* Settings of the app's schema: what the window shows and changes. */
  g_object_class_install_property (object_class, PROP_SETTINGS,
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/patience/Patience/pat-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, four_colour_switch);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, backs_box);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, animations_switch);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, click_switch);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, auto_switch);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, speed_row);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, winnability_row);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, winnable_switch);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, difficulty_row);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, die_row);
}

static void
pat_preferences_init (PatPreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->renderer = pat_card_renderer_new ();
  self->back_buttons = g_ptr_array_new ();
  self->back_pictures = g_ptr_array_new ();
  build_backs (self);
  self->game_switches = g_ptr_array_new ();
  build_game_switches (self);
  update_back_pictures (self);
  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::dark",
                            G_CALLBACK (update_back_pictures), self);
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (update_back_pictures), NULL);
}

/**
 * pat_preferences_new:
 * @parent: (nullable): the window it belongs to
 * @settings: settings of the schema io.github.patience.Patience
 *
 * Returns: (transfer none): a new preferences window, not yet presented
 */
PatPreferences *
pat_preferences_new (GtkWindow *parent,
                     GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (PAT_TYPE_PREFERENCES, "transient-for", parent, "settings", settings, NULL);
}
