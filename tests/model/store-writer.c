/* SPDX-License-Identifier: GPL-3.0-or-later */
/* For test-store: plays moves of a known game with autosave as fast as it can, printing each move's
 * number once pat_game_apply() has returned, until it is killed. */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "pat-store.h"
#include "store-test-util.h"

static void
saved_cb (PatStore   *store,
          const char *game_id,
          guint      *n_saved)
{
  (*n_saved)++;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(PatStore) store = NULL;
  g_autoptr(PatGame) game = NULL;
  PatDealNumber deal;
  gboolean paced;
  guint n_saved = 0;
  guint n_moves;
  guint i;

  if (argc != 5)
    {
      fprintf (stderr, "usage: store-writer DIRECTORY GAME-ID DEAL burst|paced\n");
      return 2;
    }
  deal = pat_deal_number_from_uint (g_ascii_strtoull (argv[3], NULL, 10));
  paced = g_str_equal (argv[4], "paced");
  store = pat_store_new (argv[1]);
  game = pat_game_new (argv[2], &deal, NULL);
  g_signal_connect (store, "saved", G_CALLBACK (saved_cb), &n_saved);
  pat_store_autosave (store, game);

  setvbuf (stdout, NULL, _IONBF, 0);
  for (i = 0; store_test_play_move (game, i); i++)
    {
      n_moves = pat_game_get_history_length (game) - 1;
      printf ("%u\n", n_moves);
      /* At the pace of a player, each write is done before the next move. */
      while (paced && n_saved < i + 1)
        g_main_context_iteration (NULL, TRUE);
    }
  printf ("end\n");
  pat_store_flush (store);
  return 0;
}
