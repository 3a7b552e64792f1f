/* SPDX-License-Identifier: GPL-3.0-or-later */
/* UI tests of network matches in the window, on 127.0.0.1 only: the host and join dialogs are
 * built; the window hosts a match, a headless player (PatNetBot) joins it, the host starts it
 * from the lobby, plays its round on the board while the live scoreboard follows the other
 * player, ends its round, sees "The demon is exorcised!" and asks for a rematch, then leaves.
 * Run under a virtual X display. */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "pat-application.h"
#include "pat-net-bot.h"
#include "pat-net-dialog.h"
#include "pat-net-panel.h"
#include "pat-window-private.h"
#include "ui-test-util.h"

#define WAIT_SECONDS 60

static char *data_dir;

typedef gboolean (*Condition) (gpointer data);

static void
wait_until (Condition   condition,
            gpointer    data,
            const char *what)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* The one toplevel of @type, or NULL. */
static GtkWindow *
find_window (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint i;

  for (i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
        return w;
    }
  return NULL;
}

static gboolean
no_net_dialog (gpointer data)
{
  return find_window (PAT_TYPE_NET_DIALOG) == NULL;
}

static gboolean
final_table_shown (gpointer data)
{
  return find_window (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

static gboolean
seat_in_state (gpointer data)
{
  PatWindow *window = data;
  PatNetPlay *play = pat_window_get_net_play (window);
  PatNetSeatState wanted = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (window), "wanted"));

  return play != NULL && pat_net_seat_get_state (pat_net_play_get_seat (play)) == wanted;
}

static void
wait_for_state (PatWindow       *window,
                PatNetSeatState  state)
{
  g_object_set_data (G_OBJECT (window), "wanted", GINT_TO_POINTER (state));
  wait_until (seat_in_state, window, "the seat's state");
}

static gboolean
joined_two (gpointer data)
{
  PatNetPlay *play = data;

  return pat_net_host_get_n_joined (pat_net_play_get_host (play)) == 2;
}

/* The bot's row in the panel's table shows cards it moved to the foundations, or its round over. */
static gboolean
panel_shows_bot_progress (gpointer data)
{
  PatNetPanel *panel = data;
  g_autofree char *table = pat_net_panel_dup_table (panel);
  g_auto(GStrv) lines = g_strsplit (table, "\n", -1);
  guint i;

  for (i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "Robo\t"))
      {
        g_auto(GStrv) cells = g_strsplit (lines[i], "\t", -1);

        return g_strv_length (cells) >= 4 &&
               (g_ascii_strtoull (cells[1], NULL, 10) > 1 || strstr (lines[i], "ended") != NULL);
      }
  return FALSE;
}

static void
test_construct (void)
{
  g_autoptr(PatApplication) app = make_app ();
  PatWindow *window = make_window (app, 1100, 700);
  guint i;

  for (i = 0; i < 2; i++)
    {
      PatNetDialog *dialog = pat_net_dialog_new (GTK_WINDOW (window),
                                                 pat_window_get_session (window),
                                                 i == 0 ? PAT_NET_DIALOG_HOST
                                                        : PAT_NET_DIALOG_JOIN);

      gtk_window_present (GTK_WINDOW (dialog));
      g_assert_true (wait_for_frames (GTK_WIDGET (dialog), 2));
      gtk_window_destroy (GTK_WINDOW (dialog));
    }
  /* From the match dialog's rows, through the window's actions. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.host-match", NULL);
  spin (100);
  g_assert_nonnull (find_window (PAT_TYPE_NET_DIALOG));
  close_all_windows ();
}

/* A join form with a wrong address or code says so and joins nothing. */
static void
test_join_form_errors (void)
{
  g_autoptr(PatApplication) app = make_app ();
  PatWindow *window = make_window (app, 1100, 700);
  PatNetDialog *dialog = pat_net_dialog_new (GTK_WINDOW (window), pat_window_get_session (window),
                                             PAT_NET_DIALOG_JOIN);

  gtk_window_present (GTK_WINDOW (dialog));
  spin (50);
  pat_net_dialog_set_form (dialog, "Ann", "AB", "127.0.0.1:1");
  pat_net_dialog_submit (dialog);
  g_assert_null (pat_net_dialog_get_play (dialog));
  pat_net_dialog_set_form (dialog, "Ann", "ABCDEF", "nowhere");
  pat_net_dialog_submit (dialog);
  g_assert_null (pat_net_dialog_get_play (dialog));
  /* Nothing listens on port 1: the lobby says the connection failed. */
  pat_net_dialog_set_form (dialog, "Ann", "abc-def", "127.0.0.1:1");
  pat_net_dialog_submit (dialog);
  g_assert_nonnull (pat_net_dialog_get_play (dialog));
  g_assert_cmpstr (pat_net_play_get_code (pat_net_dialog_get_play (dialog)), ==, "ABCDEF");
  close_all_windows ();
}

/* The lobby lets go of the join form's list of matches found: the list box bound to it gives it
 * up too, so that it stops browsing, and a change of that list (a match withdrawn as it starts)
 * reaches no dialog that has dropped it. */
static void
test_lobby_stops_browsing (void)
{
  g_autoptr(PatApplication) app = make_app ();
  PatWindow *window = make_window (app, 1100, 700);
  PatNetDialog *dialog = pat_net_dialog_new (GTK_WINDOW (window), pat_window_get_session (window),
                                             PAT_NET_DIALOG_JOIN);
  PatNetDialog *host;
  PatNetBrowser *browser;
  gpointer gone;

  gtk_window_present (GTK_WINDOW (dialog));
  spin (50);
  host = pat_net_dialog_new (GTK_WINDOW (window), pat_window_get_session (window),
                             PAT_NET_DIALOG_HOST);
  g_assert_null (pat_net_dialog_get_browser (host));
  gtk_window_destroy (GTK_WINDOW (host));
  browser = g_object_ref (pat_net_dialog_get_browser (dialog));
  gone = browser;
  g_object_add_weak_pointer (G_OBJECT (browser), &gone);
  pat_net_dialog_set_form (dialog, "Ann", "abc-def", "127.0.0.1:1");
  pat_net_dialog_submit (dialog);
  g_assert_nonnull (pat_net_dialog_get_play (dialog));
  g_assert_null (pat_net_dialog_get_browser (dialog));
  /* Under fatal warnings, a dialog still listening would fail here. */
  g_list_model_items_changed (G_LIST_MODEL (browser), 0, 0, 0);
  spin (50);
  g_object_unref (browser);
  g_assert_null (gone);
  close_all_windows ();
}

static void
test_hosted_match (void)
{
  g_autoptr(PatApplication) app = make_app ();
  PatWindow *window = make_window (app, 1100, 700);
  PatSession *session = pat_window_get_session (window);
  PatNetDialog *dialog;
  PatNetPlay *play;
  PatNetSeat *seat;
  g_autoptr(PatNetClient) client = NULL;
  g_autoptr(PatNetBot) bot = NULL;
  g_autofree char *port_text = NULL;
  g_autofree char *table = NULL;
  g_auto(GStrv) addresses = NULL;
  AdwMessageDialog *final;
  PatMoveList moves;
  guint port;

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->net_panel)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.host-match", NULL);
  spin (50);
  dialog = PAT_NET_DIALOG (find_window (PAT_TYPE_NET_DIALOG));
  g_assert_nonnull (dialog);
  pat_net_dialog_set_form (dialog, "Hosting Hal", NULL, NULL);
  pat_net_dialog_set_target (dialog, 1);
  pat_net_dialog_set_time_limit (dialog, 5);
  pat_net_dialog_submit (dialog);
  play = pat_net_dialog_get_play (dialog);
  g_assert_nonnull (play);
  g_assert_true (pat_window_get_net_play (window) == play);
  g_assert_true (pat_net_play_get_hosting (play));
  /* On loopback: nothing announced, and the one address is the loopback one. */
  g_assert_false (pat_net_play_get_announced (play));
  addresses = pat_net_play_dup_addresses (play);
  port = pat_net_host_get_port (pat_net_play_get_host (play));
  port_text = g_strdup_printf ("127.0.0.1:%u", port);
  g_assert_cmpstr (addresses[0], ==, port_text);
  wait_for_state (window, PAT_NET_SEAT_LOBBY);
  g_assert_false (pat_net_panel_get_counting_down (window->net_panel));

  /* A player joins, trusting the host's certificate on first use. */
  client = pat_net_client_new ("127.0.0.1", port, NULL);
  bot = pat_net_bot_new (client, "Robo", -1, pat_net_play_get_code (play), 3);
  wait_until (joined_two, play, "the second player");
  g_assert_cmpstr (pat_net_client_get_fingerprint (client), ==,
                   pat_net_client_get_fingerprint (pat_net_seat_get_client (
                     pat_net_play_get_seat (play))));

  /* Start Now: the round's deal is on the board, the table beside it. */
  pat_net_dialog_submit (dialog);
  wait_until (no_net_dialog, NULL, "the lobby to close");
  wait_for_state (window, PAT_NET_SEAT_PLAYING);
  seat = pat_net_play_get_seat (play);
  /* The round's time limit, counted down beside the board while the round is played. */
  g_assert_cmpuint (pat_net_seat_get_time_limit (seat), ==, 5 * 60);
  g_assert_true (pat_net_panel_get_counting_down (window->net_panel));
  g_assert_true (g_str_has_prefix (pat_net_panel_get_subtitle (window->net_panel),
                                   "Round 1 · target 1 · 5:00 left") ||
                 g_str_has_prefix (pat_net_panel_get_subtitle (window->net_panel),
                                   "Round 1 · target 1 · 4:5"));
  g_assert_true (pat_session_get_shared (session));
  g_assert_true (pat_session_get_game (session) == pat_net_seat_get_game (seat));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->net_panel)));
  wait_until (panel_shows_bot_progress, window->net_panel, "the other player's progress");

  /* A move on this board reaches the host: our row counts it. */
  pat_game_legal_moves (pat_session_get_game (session), &moves);
  if (moves.n > 0)
    {
      g_assert_true (pat_game_apply (pat_session_get_game (session), &moves.moves[0], NULL));
      g_assert_false (pat_game_get_can_undo (pat_session_get_game (session)));
    }
  /* End My Round, as its button does. */
  pat_net_seat_end_round (seat);
  table = pat_net_panel_dup_table (window->net_panel);
  g_test_message ("table:\n%s", table);

  /* Each round the bot plays its deal out and ours ends at once, until someone reaches the
   * target (1 point: a dozen cards out) and the final table shows. */
  while (!final_table_shown (NULL))
    {
      if (pat_net_seat_get_state (seat) == PAT_NET_SEAT_PLAYING)
        pat_net_seat_end_round (seat);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      if (pat_net_seat_get_state (seat) == PAT_NET_SEAT_FAILED)
        g_error ("the seat failed: %s", pat_net_seat_get_error (seat)->message);
    }
  final = ADW_MESSAGE_DIALOG (find_window (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_cmpstr (adw_message_dialog_get_heading (final), ==, "The demon is exorcised!");
  g_assert_cmpint (pat_net_seat_get_state (seat), ==, PAT_NET_SEAT_OVER);
  g_assert_false (pat_net_panel_get_counting_down (window->net_panel));
  /* The table beside the board has the host's final totals: the last round counted once. */
  {
    const PatNetMessage *result = pat_net_seat_get_result (seat);
    g_autofree char *text = pat_net_panel_dup_table (window->net_panel);
    g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
    guint i, j, checked = 0;

    g_assert_nonnull (result);
    for (i = 0; i < result->n_players; i++)
      for (j = 0; lines[j] != NULL; j++)
        {
          g_auto(GStrv) cells = g_strsplit (lines[j], "\t", -1);

          if (g_strv_length (cells) >= 4 && g_str_equal (cells[0], result->players[i].name))
            {
              g_assert_cmpint (atoi (cells[3]), ==, result->players[i].total);
              checked++;
            }
        }
    g_assert_cmpuint (checked, ==, 2);
  }

  /* Rematch: a new match on the same port, and its lobby. */
  adw_message_dialog_response (final, "rematch");
  spin (100);
  g_assert_nonnull (find_window (PAT_TYPE_NET_DIALOG));
  g_assert_cmpuint (pat_net_host_get_port (pat_net_play_get_host (play)), ==, port);
  g_assert_true (pat_net_play_get_seat (play) != seat);
  wait_for_state (window, PAT_NET_SEAT_LOBBY);

  /* Leave from the lobby: the match ends, the player's own Demon comes back. */
  gtk_widget_activate_action (GTK_WIDGET (find_window (PAT_TYPE_NET_DIALOG)), "net.cancel", NULL);
  spin (50);
  g_assert_null (pat_window_get_net_play (window));
  g_assert_false (pat_session_get_shared (session));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->net_panel)));
  close_all_windows ();
}

/* The app quits (its window closes) during a hosted round: the match stays saved, and the next
 * start hosts it again on the same port with the round as it was; the other player rejoins. */
static void
test_resume (void)
{
  g_autoptr(PatApplication) app = make_app ();
  PatWindow *window = make_window (app, 1100, 700);
  PatNetDialog *dialog;
  PatNetPlay *play;
  g_autoptr(PatNetClient) client = NULL;
  g_autoptr(PatNetBot) bot = NULL;
  PatMoveList moves;
  guint port, moves_before;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.host-match", NULL);
  spin (50);
  dialog = PAT_NET_DIALOG (find_window (PAT_TYPE_NET_DIALOG));
  pat_net_dialog_set_form (dialog, "Hal", NULL, NULL);
  pat_net_dialog_submit (dialog);
  play = pat_net_dialog_get_play (dialog);
  port = pat_net_host_get_port (pat_net_play_get_host (play));
  wait_for_state (window, PAT_NET_SEAT_LOBBY);
  client = pat_net_client_new ("127.0.0.1", port, NULL);
  bot = pat_net_bot_new (client, "Robo", -1, pat_net_play_get_code (play), 5);
  pat_net_bot_set_rejoin_window (bot, 60);
  /* A player who thinks: the round is still on when the app quits. */
  pat_net_bot_set_move_interval (bot, 2000);
  wait_until (joined_two, play, "the second player");
  pat_net_dialog_submit (dialog);
  wait_for_state (window, PAT_NET_SEAT_PLAYING);
  pat_game_legal_moves (pat_session_get_game (pat_window_get_session (window)), &moves);
  g_assert_cmpuint (moves.n, >, 0);
  g_assert_true (pat_game_apply (pat_session_get_game (pat_window_get_session (window)),
                                 &moves.moves[0], NULL));
  moves_before = pat_game_get_moves (pat_session_get_game (pat_window_get_session (window)));
  spin (300);

  /* Quit: the window goes, the match is not left. */
  close_all_windows ();
  spin (200);

  window = make_window (app, 1100, 700);
  g_assert_true (pat_window_resume_network (window));
  play = pat_window_get_net_play (window);
  g_assert_nonnull (play);
  g_assert_true (pat_net_play_get_hosting (play));
  g_assert_cmpuint (pat_net_host_get_port (pat_net_play_get_host (play)), ==, port);
  wait_for_state (window, PAT_NET_SEAT_PLAYING);
  g_assert_true (pat_session_get_shared (pat_window_get_session (window)));
  g_assert_cmpuint (pat_game_get_moves (pat_session_get_game (pat_window_get_session (window))),
                    ==, moves_before);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->net_panel)));
  wait_until (joined_two, play, "the other player to rejoin");

  /* Leave Match, asked first since it ends the match for everyone: nothing to resume next
   * time. */
  g_signal_emit_by_name (window->net_panel, "leave");
  spin (50);
  g_assert_nonnull (pat_window_get_net_play (window));
  {
    AdwMessageDialog *confirm = ADW_MESSAGE_DIALOG (find_window (ADW_TYPE_MESSAGE_DIALOG));

    g_assert_nonnull (confirm);
    g_assert_cmpstr (adw_message_dialog_get_heading (confirm), ==, "End the Match for Everyone?");
    adw_message_dialog_response (confirm, "leave");
  }
  spin (50);
  g_assert_null (pat_window_get_net_play (window));
  g_assert_false (pat_session_get_shared (pat_window_get_session (window)));
  close_all_windows ();
  window = make_window (app, 1100, 700);
  g_assert_false (pat_window_resume_network (window));
  close_all_windows ();
}

int
main (int   argc,
      char *argv[])
{
  data_dir = g_dir_make_tmp ("patience-net-window-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_dir, TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  /* Nothing listens on the machine's interfaces: the host listens on loopback only. */
  g_setenv ("PATIENCE_NET_ADDRESS", "127.0.0.1", TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/net-window/construct", test_construct);
  g_test_add_func ("/net-window/join-form-errors", test_join_form_errors);
  g_test_add_func ("/net-window/lobby-stops-browsing", test_lobby_stops_browsing);
  g_test_add_func ("/net-window/hosted-match", test_hosted_match);
  g_test_add_func ("/net-window/resume", test_resume);

  return g_test_run ();
}
