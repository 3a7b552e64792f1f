/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: a saved Demon match read back with pat_match_new_from_bytes(). */

#include "config.h"

#include "fuzz-common.h"
#include "pat-match.h"

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
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(PatMatch) match = NULL;
  g_autoptr(PatMatch) again = NULL;
  g_autoptr(GBytes) saved = NULL;
  PatDealNumber deal;
  guint n_players, n_teams, round;
  PatGame *game;

  match = pat_match_new_from_bytes (bytes, &error);
  if (match == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == PAT_SAVE_ERROR);
      return 0;
    }
  g_assert_no_error (error);

  /* Everything the scoreboard shows. */
  n_players = pat_match_get_n_players (match);
  n_teams = pat_match_get_n_teams (match);
  round = pat_match_get_round (match);
  g_assert_cmpuint (n_players, >=, PAT_MATCH_MIN_PLAYERS);
  g_assert_cmpuint (n_players, <=, PAT_MATCH_MAX_PLAYERS);
  for (guint p = 0; p < n_players; p++)
    {
      g_assert_nonnull (pat_match_get_player_name (match, p));
      pat_match_get_player_team (match, p);
      pat_match_get_player_total (match, p);
      for (guint r = 1; r <= round; r++)
        {
          int score;

          pat_match_get_round_score (match, r, p, &score);
        }
    }
  for (guint t = 0; t < n_teams; t++)
    {
      g_assert_nonnull (pat_match_get_team_name (match, t));
      pat_match_get_team_total (match, t);
    }
  pat_match_get_winner (match);
  pat_match_get_winner_name (match);
  pat_match_get_announcement (match);
  pat_match_get_deal (match, &deal);

  /* Saved again, it reads back. */
  saved = pat_match_save_to_bytes (match);
  again = pat_match_new_from_bytes (saved, &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);

  /* Play on: the current player's game, and a score for the turn. */
  game = pat_match_get_game (match);
  if (game != NULL)
    {
      pat_match_record_score (match, pat_game_get_score (game), &error);
      g_clear_error (&error);
    }
  return 0;
}
