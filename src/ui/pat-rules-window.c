/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatRulesWindow: a game's rules, for a quick look (win.rules, and F1 without a help viewer). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-rules-text.h"
#include "pat-rules-window.h"

struct _PatRulesWindow
{
  AdwWindow       parent_instance;

  AdwWindowTitle *window_title;
  GtkLabel       *rules_label;
};

G_DEFINE_FINAL_TYPE (PatRulesWindow, pat_rules_window, ADW_TYPE_WINDOW)

static void
pat_rules_window_class_init (PatRulesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/patience/Patience/pat-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PatRulesWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, PatRulesWindow, rules_label);
}

static void
pat_rules_window_init (PatRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * pat_rules_window_new:
 * @parent: (nullable): the window it is for
 * @game_id: a game with rules in pat-rules-text.c
 *
 * Returns: (transfer none): the rules of @game_id in a window, not yet presented; Escape closes it
 */
PatRulesWindow *
pat_rules_window_new (GtkWindow  *parent,
                      const char *game_id)
{
  PatRulesWindow *self;
  g_autofree char *title = NULL;

  g_return_val_if_fail (game_id != NULL, NULL);

  /* Translators: the title of the rules window, %s is the game's name */
  title = g_strdup_printf (_("Rules of %s"), pat_rules_text_name (game_id));
  self = g_object_new (PAT_TYPE_RULES_WINDOW, "transient-for", parent, "title", title, NULL);
  adw_window_title_set_title (self->window_title, title);
  gtk_label_set_label (self->rules_label, pat_rules_text_rules (game_id));
  return self;
}
