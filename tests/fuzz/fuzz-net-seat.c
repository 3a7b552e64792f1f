/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: a network seat's state file, which an app killed during a match left behind, read
 * back with pat_net_seat_new_from_state_data() (not started: nothing connects). */

#include "config.h"

#include "fuzz-common.h"
#include "pat-net-message.h"
#include "pat-net-seat.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init_glib ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PatNetSeat) seat = NULL;
  PatGame *game;

  seat = pat_net_seat_new_from_state_data ((const char *) data, size, "seat.json", &error);
  if (seat == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == PAT_NET_ERROR);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  g_assert_no_error (error);

  /* What the window and the live table show of it. */
  g_assert_nonnull (pat_net_seat_get_client (seat));
  g_assert_cmpint (pat_net_seat_get_player (seat), >=, 0);
  g_assert_cmpint (pat_net_seat_get_player (seat), <, PAT_NET_MAX_PLAYERS);
  g_assert_true (g_utf8_validate (pat_net_seat_get_match_name (seat), -1, NULL));
  g_assert_cmpint (pat_net_seat_get_target (seat), >=, 1);
  g_assert_cmpuint (pat_net_seat_get_n_teams (seat), <=, PAT_NET_MAX_TEAMS);
  g_assert_cmpuint (pat_net_seat_get_round (seat), <=, PAT_NET_MAX_ROUNDS);
  g_assert_cmpuint (pat_net_seat_get_moves_sent (seat), <=, PAT_NET_MAX_MOVES_PER_ROUND);
  game = pat_net_seat_get_game (seat);
  if (pat_net_seat_get_round (seat) == 0)
    {
      g_assert_null (game);
      g_assert_cmpuint (pat_net_seat_get_moves_sent (seat), ==, 0);
    }
  else
    {
      /* Every move saved was replayed from the deal. */
      g_assert_nonnull (game);
      g_assert_cmpuint (pat_game_get_moves (game), ==, pat_net_seat_get_moves_sent (seat));
    }
  return 0;
}
