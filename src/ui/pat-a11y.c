/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Buttons with a mnemonic, named for screen readers without the underscore.
 *
 * GTK 4.8 names a button whose label has a mnemonic ("_Undo") after its label property and its
 * label together, so Orca reads "_Undo Undo". A button whose child is a label of its own, with an
 * accessible label set to the words alone, reads "Undo" and keeps its mnemonic (a label inside a
 * button activates that button). */

#include "config.h"

#include "pat-a11y.h"

#define OWN_LABEL "pat-a11y-label"

/* "_Save __all" → "Save _all". */
char *
pat_a11y_strip_mnemonic (const char *text)
{
  GString *plain = g_string_new (NULL);
  const char *p;

  for (p = text; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;
        }
      g_string_append_c (plain, *p);
    }
  return g_string_free (plain, FALSE);
}

/**
 * pat_a11y_set_button_label:
 * @mnemonic_label: the label, with an underscore before the mnemonic
 *
 * What gtk_button_set_label() with use-underline does, but named @mnemonic_label's words for
 * screen readers.
 */
void
pat_a11y_set_button_label (GtkButton  *button,
                           const char *mnemonic_label)
{
  GtkWidget *child = gtk_button_get_child (button);
  g_autofree char *plain = pat_a11y_strip_mnemonic (mnemonic_label);

  g_return_if_fail (GTK_IS_BUTTON (button));
  g_return_if_fail (mnemonic_label != NULL);

  if (child == NULL || g_object_get_data (G_OBJECT (child), OWN_LABEL) == NULL)
    {
      child = gtk_label_new (NULL);
      g_object_set_data (G_OBJECT (child), OWN_LABEL, GINT_TO_POINTER (TRUE));
      gtk_button_set_child (button, child);
      /* What GtkButton gives a button with a text label. */
      gtk_widget_add_css_class (GTK_WIDGET (button), "text-button");
    }
  gtk_label_set_text_with_mnemonic (GTK_LABEL (child), mnemonic_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, plain,
                                  -1);
}

/**
 * pat_a11y_name_mnemonic_buttons:
 * @root: a widget whose buttons with a mnemonic label (use-underline) get their names fixed
 *
 * Call it once the widget is built (after gtk_widget_init_template()).
 */
void
pat_a11y_name_mnemonic_buttons (GtkWidget *root)
{
  GtkWidget *child;

  g_return_if_fail (GTK_IS_WIDGET (root));

  if (GTK_IS_BUTTON (root) && gtk_button_get_use_underline (GTK_BUTTON (root)) &&
      gtk_button_get_label (GTK_BUTTON (root)) != NULL)
    {
      g_autofree char *label = g_strdup (gtk_button_get_label (GTK_BUTTON (root)));

      pat_a11y_set_button_label (GTK_BUTTON (root), label);
      return;
    }
  for (child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    pat_a11y_name_mnemonic_buttons (child);
}
