/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatPreferences: the preferences window, every row bound to a GSettings key. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-card-renderer.h"
#include "pat-preferences.h"

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
  GtkAdjustment   *speed_adjustment;
  GtkSwitch       *winnability_switch;
  GtkSwitch       *winnable_switch;
  AdwComboRow     *die_row;

  GSettings       *settings;
  PatCardRenderer *renderer;
  GPtrArray       *back_buttons;   /* GtkToggleButton, in the order of the backs */
  GPtrArray       *back_pictures;  /* GtkPicture */
};

G_DEFINE_FINAL_TYPE (PatPreferences, pat_preferences, ADW_TYPE_PREFERENCES_WINDOW)

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
  g_settings_bind_with_mapping (settings, "demon-die-mode", row, "selected", G_SETTINGS_BIND_DEFAULT,
                                die_get_mapping, die_set_mapping, NULL, NULL);
}

/* Card backs */

static void
update_back_pictures (PatPreferences *self)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  guint i;

  pat_card_renderer_set_style (self->renderer, adw_style_manager_get_dark (adw_style_manager_get_default ()),
                               FALSE, NULL);
  for (i = 0; i < self->back_pictures->len; i++)
    {
      const char *name = pat_card_renderer_list_backs ()[i];
      GdkTexture *texture;

      pat_card_renderer_set_style (self->renderer, pat_card_renderer_get_dark (self->renderer), FALSE, name);
      texture = pat_card_renderer_get_back (self->renderer, BACK_WIDTH, BACK_HEIGHT, scale);
      gtk_picture_set_paintable (g_ptr_array_index (self->back_pictures, i), GDK_PAINTABLE (texture));
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

  G_OBJECT_CLASS (pat_preferences_parent_class)->dispose (object);
}

static void
pat_preferences_class_init (PatPreferencesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pat_preferences_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/patience/Patience/pat-preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, four_colour_switch);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, backs_box);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, animations_switch);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, click_switch);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, auto_switch);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, speed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, winnability_switch);
  gtk_widget_class_bind_template_child (widget_class, PatPreferences, winnable_switch);
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
  PatPreferences *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (PAT_TYPE_PREFERENCES, "transient-for", parent, NULL);
  self->settings = g_object_ref (settings);

  g_settings_bind (settings, "four-colour-deck", self->four_colour_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "animations", self->animations_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "click-to-move", self->click_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "auto-foundation", self->auto_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "play-speed", self->speed_adjustment, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "show-winnability", self->winnability_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "winnable-deals-only", self->winnable_switch, "active", G_SETTINGS_BIND_DEFAULT);
  pat_preferences_bind_die_mode (self->die_row, settings);

  sync_back_buttons (self);
  g_signal_connect_object (settings, "changed::card-back", G_CALLBACK (sync_back_buttons), self,
                           G_CONNECT_SWAPPED);
  return self;
}
