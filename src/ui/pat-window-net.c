/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatWindow's side of a network match: the dialogs that host or join one, the live scoreboard
 * beside the board, and leaving. The match itself is a PatNetPlay, which plays its rounds in
 * the window's session. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-net-dialog.h"
#include "pat-net-panel.h"
#include "pat-window-private.h"

/* The table, in a box of a set size: a table that grows or shrinks as its texts change would
 * change the board's size with it, and the board would be laid out and drawn again at every move
 * of every player. */
#define PANEL_WIDTH 300
#define PANEL_NARROW_HEIGHT 200

static void
show_panel (PatWindow *self,
            gboolean   shown)
{
  gtk_widget_set_visible (GTK_WIDGET (self->net_panel), shown);
  gtk_widget_set_visible (self->net_box, shown);
}

static void
leave_match (PatWindow *self)
{
  g_autoptr(PatNetPlay) play = self->net_play;

  if (play == NULL)
    return;
  g_signal_handlers_disconnect_by_data (play, self);
  self->net_play = NULL;
  pat_net_panel_set_play (self->net_panel, NULL);
  show_panel (self, FALSE);
  pat_net_play_leave (play);
}

static void
left_cb (PatWindow *self)
{
  leave_match (self);
}

static void
confirm_leave_cb (PatWindow        *self,
                  const char       *response,
                  AdwMessageDialog *dialog)
{
  if (g_strcmp0 (response, "leave") == 0)
    leave_match (self);
}

/* Leave Match: a hosting player's leaving ends the match for everyone, which cannot be taken
 * back: asked first. */
static void
panel_leave_cb (PatWindow *self)
{
  PatNetSeatState state;
  AdwMessageDialog *dialog;

  if (self->net_play == NULL)
    return;
  state = pat_net_seat_get_state (pat_net_play_get_seat (self->net_play));
  if (!pat_net_play_get_hosting (self->net_play) || state == PAT_NET_SEAT_OVER ||
      state == PAT_NET_SEAT_FAILED)
    {
      leave_match (self);
      return;
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("End the Match for Everyone?"),
                                                       _("You host this match: when you leave, "
                                                         "it ends for every player.")));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "leave", _("_End Match"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "leave", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (dialog, "cancel");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (confirm_leave_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void open_lobby (PatWindow  *self,
                        PatNetPlay *play);

static void
panel_rematch_cb (PatWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->net_play == NULL)
    return;
  if (!pat_net_play_rematch (self->net_play, &error))
    {
      g_autofree char *text = g_strdup_printf (_("Could not start a rematch: %s"),
                                               error->message);

      pat_window_show_toast (self, text);
      leave_match (self);
      return;
    }
  open_lobby (self, self->net_play);
}

/* The session's round ended otherwise than by the match (a new deal, another game): the
 * player has left the match. */
static void
session_shared_cb (PatWindow *self)
{
  PatNetSeatState state;

  pat_window_update_actions (self);
  if (self->net_play == NULL || pat_session_get_shared (self->session))
    return;
  state = pat_net_seat_get_state (pat_net_play_get_seat (self->net_play));
  if (state == PAT_NET_SEAT_LOBBY || state == PAT_NET_SEAT_CONNECTING)
    return;
  leave_match (self);
  pat_window_show_toast (self, _("You left the network match."));
}

/**
 * pat_window_play_network:
 * @play: a match hosted or joined for this window
 *
 * Shows @play's live scoreboard beside the board; its rounds play in the window's session.
 */
void
pat_window_play_network (PatWindow  *self,
                         PatNetPlay *play)
{
  g_return_if_fail (PAT_IS_WINDOW (self));
  g_return_if_fail (PAT_IS_NET_PLAY (play));

  if (self->net_play == play)
    return;
  leave_match (self);
  self->net_play = g_object_ref (play);
  /* Left from the lobby, or anywhere else. */
  g_signal_connect_object (play, "left", G_CALLBACK (left_cb), self, G_CONNECT_SWAPPED);
  pat_net_panel_set_play (self->net_panel, play);
  show_panel (self, TRUE);
}

/**
 * pat_window_resume_network:
 *
 * Takes up the network match this computer was playing (or hosting) when the app last
 * stopped, if any; a saved match that cannot be read is moved aside and said.
 *
 * Returns: whether a match was resumed
 */
gboolean
pat_window_resume_network (PatWindow *self)
{
  g_autoptr(PatNetPlay) play = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (PAT_IS_WINDOW (self), FALSE);

  play = pat_net_play_resume (self->session, &error);
  if (play == NULL)
    {
      if (error != NULL)
        {
          g_autofree char *text = g_strdup_printf (_("The network match could not be resumed: "
                                                     "%s"), error->message);

          g_warning ("%s", text);
          pat_window_show_toast (self, text);
        }
      return FALSE;
    }
  pat_window_play_network (self, play);
  if (pat_net_seat_get_state (pat_net_play_get_seat (play)) != PAT_NET_SEAT_PLAYING &&
      pat_net_seat_get_game (pat_net_play_get_seat (play)) == NULL)
    open_lobby (self, play);
  return TRUE;
}

PatNetPlay *
pat_window_get_net_play (PatWindow *self)
{
  g_return_val_if_fail (PAT_IS_WINDOW (self), NULL);

  return self->net_play;
}

static void
dialog_playing_cb (PatWindow    *self,
                   PatNetPlay   *play,
                   PatNetDialog *dialog)
{
  pat_window_play_network (self, play);
}

static void
open_lobby (PatWindow  *self,
            PatNetPlay *play)
{
  PatNetDialog *dialog = pat_net_dialog_new (GTK_WINDOW (self), self->session,
                                             pat_net_play_get_hosting (play)
                                               ? PAT_NET_DIALOG_HOST : PAT_NET_DIALOG_JOIN);

  pat_net_dialog_show_lobby (dialog, play);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * pat_window_join_network:
 * @team: 0-based, or -1
 *
 * Joins the match at @address:@port (pinning the certificate of the first connection) and
 * shows its lobby.
 */
void
pat_window_join_network (PatWindow  *self,
                         const char *address,
                         guint       port,
                         const char *name,
                         int         team,
                         const char *code)
{
  g_autoptr(PatNetPlay) play = NULL;

  g_return_if_fail (PAT_IS_WINDOW (self));

  play = pat_net_play_join (self->session, address, port, NULL, name, team, code);
  pat_window_play_network (self, play);
  open_lobby (self, play);
}

/* win.host-match and win.join-match. */
void
pat_window_open_net_dialog (PatWindow *self,
                            gboolean   host)
{
  PatNetDialog *dialog;

  g_return_if_fail (PAT_IS_WINDOW (self));

  dialog = pat_net_dialog_new (GTK_WINDOW (self), self->session,
                               host ? PAT_NET_DIALOG_HOST : PAT_NET_DIALOG_JOIN);
  g_signal_connect_object (dialog, "playing", G_CALLBACK (dialog_playing_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
pat_window_net_set_narrow (PatWindow *self,
                           gboolean   narrow)
{
  gtk_widget_set_size_request (self->net_box, narrow ? -1 : PANEL_WIDTH,
                               narrow ? PANEL_NARROW_HEIGHT : -1);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->play_area),
                                  narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  pat_net_panel_set_compact (self->net_panel, narrow);
  if (narrow)
    gtk_widget_add_css_class (GTK_WIDGET (self->net_panel), "narrow");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->net_panel), "narrow");
}

void
pat_window_net_setup (PatWindow *self)
{
  self->net_box = gtk_scrolled_window_new ();
  self->net_panel = PAT_NET_PANEL (pat_net_panel_new ());
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->net_box), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->net_box),
                                 GTK_WIDGET (self->net_panel));
  gtk_box_append (GTK_BOX (self->play_area), self->net_box);
  show_panel (self, FALSE);
  g_signal_connect_object (self->net_panel, "leave", G_CALLBACK (panel_leave_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->net_panel, "rematch", G_CALLBACK (panel_rematch_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::shared", G_CALLBACK (session_shared_cb), self,
                           G_CONNECT_SWAPPED);
  pat_window_net_set_narrow (self, self->narrow);
}

void
pat_window_net_dispose (PatWindow *self)
{
  /* Closing the window does not leave the match: it stays saved, and goes on (hosted again,
   * or rejoined) when the app starts next; the others see this player away meanwhile. */
  if (self->net_play != NULL)
    {
      g_autoptr(PatNetPlay) play = g_steal_pointer (&self->net_play);

      g_signal_handlers_disconnect_by_data (play, self);
      if (self->net_panel != NULL)
        pat_net_panel_set_play (self->net_panel, NULL);
    }
}
