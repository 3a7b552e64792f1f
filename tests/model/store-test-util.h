/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What test-store and its store-writer share: the move they both play, so the test can replay
 * exactly what the killed writer played. */
#pragma once

#include "pat-game.h"

G_BEGIN_DECLS

/* Plays move @n of the game: the same choice for the same position, in both programs. */
static inline gboolean
store_test_play_move (PatGame *game,
                      guint    n)
{
  PatMoveList list;

  pat_game_legal_moves (game, &list);
  if (list.n == 0)
    return FALSE;
  return pat_game_apply (game, &list.moves[n % list.n], NULL);
}

G_END_DECLS
