/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: a saved game (the bytes of GAME-ID.gvariant) read back with
 * pat_game_new_from_bytes(). */

#include "config.h"

#include "fuzz-common.h"
#include "pat-game.h"

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
  g_autoptr(PatGame) game = NULL;
  g_autoptr(PatGame) again = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autofree char *deal = NULL;
  g_autofree char *reason = NULL;
  PatMoveList moves;

  game = pat_game_new_from_bytes (bytes, &error);
  if (game == NULL)
    {
      /* Refused: always with a save error, never anything else. */
      g_assert_nonnull (error);
      g_assert_true (error->domain == PAT_SAVE_ERROR);
      return 0;
    }
  g_assert_no_error (error);

  /* A game that loads is one the app can show and play on. */
  deal = pat_game_dup_deal_number (game);
  reason = pat_game_dup_end_reason (game);
  pat_game_get_status (game);
  pat_game_get_score (game);
  pat_game_legal_moves (game, &moves);
  for (guint i = 0; i < pat_game_get_history_length (game); i++)
    g_assert_nonnull (pat_game_get_history_state (game, i));
  for (guint i = 0; i < pat_game_get_redo_length (game); i++)
    g_assert_nonnull (pat_game_get_redo_state (game, i));

  /* And one it can save again and read back. */
  saved = pat_game_save_to_bytes (game);
  again = pat_game_new_from_bytes (saved, &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
  g_assert_true (pat_state_equal (pat_game_get_state (game), pat_game_get_state (again)));

  /* Undo all the way back and redo again, then play the first legal move. */
  while (pat_game_undo (game))
    ;
  while (pat_game_redo (game))
    ;
  pat_game_legal_moves (game, &moves);
  if (moves.n > 0)
    {
      pat_game_apply (game, &moves.moves[0], &error);
      g_assert_no_error (error);
    }
  return 0;
}
