/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the UI tests share: running the main loop for a while, and the one application of a test
 * process. */

#include "config.h"

#include "ui-test-util.h"

void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static void
after_paint_cb (GdkFrameClock *clock,
                guint         *painted)
{
  (*painted)++;
}

gboolean
wait_for_frames (GtkWidget *widget,
                 guint      frames)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  GdkFrameClock *clock = NULL;
  gulong handler = 0;
  guint painted = 0;

  while (painted < frames && g_get_monotonic_time () < end)
    {
      if (clock == NULL && gtk_widget_get_mapped (widget))
        {
          clock = g_object_ref (gtk_widget_get_frame_clock (widget));
          handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);
        }
      /* Something to draw, so that the frame clock ticks. */
      if (clock != NULL)
        gtk_widget_queue_draw (widget);
      g_main_context_iteration (NULL, clock == NULL || painted < frames);
    }
  if (clock != NULL)
    {
      g_signal_handler_disconnect (clock, handler);
      g_object_unref (clock);
    }
  return painted >= frames;
}

PatApplication *
make_app (void)
{
  static PatApplication *the_app;

  if (the_app == NULL)
    {
      g_autoptr(GError) error = NULL;

      the_app = pat_application_new ();
      g_application_set_flags (G_APPLICATION (the_app),
                               G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_COMMAND_LINE);
      g_application_register (G_APPLICATION (the_app), NULL, &error);
      g_assert_no_error (error);
      g_settings_set_boolean (pat_application_get_settings (the_app), "animations", FALSE);
      g_settings_set_boolean (pat_application_get_settings (the_app), "auto-foundation", FALSE);
    }
  return g_object_ref (the_app);
}

/* A new window of @app at @width × @height, presented and given time to settle. */
PatWindow *
make_window (PatApplication *app,
             int             width,
             int             height)
{
  PatWindow *window = pat_application_new_window (app);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  spin (200);
  return window;
}

/* Destroys every window left, dialogs included. */
void
close_all_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, 0);

      gtk_window_destroy (w);
    }
  spin (20);
}
