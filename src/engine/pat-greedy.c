/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The greedy player: most cards out, then a card taken from the tallest pile, then most moves
 * left, then the rules module's order. */

#include "config.h"

#include "pat-greedy.h"

#define DEFAULT_MAX_MOVES 5000

guint
pat_cards_out (const PatRules *rules,
               const PatState *state)
{
  const PatLayout *layout = rules->layout;
  guint out = 0;
  guint i;

  for (i = 0; i < layout->n_piles && i < state->n_piles; i++)
    {
      guint kind = layout->piles[i].kind;

      if (kind == PAT_PILE_FOUNDATION || kind == PAT_PILE_HOLE || kind == PAT_PILE_DISCARD)
        out += pat_state_pile_len (state, i);
    }
  return out;
}

static gboolean
is_visited (GHashTable     *visited,
            const PatState *state)
{
  guint64 h = pat_state_hash (state);

  return visited != NULL && g_hash_table_contains (visited, &h);
}

static void
mark_visited (GHashTable     *visited,
              const PatState *state)
{
  guint64 *h = g_new (guint64, 1);

  *h = pat_state_hash (state);
  g_hash_table_add (visited, h);
}

gboolean
pat_greedy_next_move (const PatRules *rules,
                      const PatState *state,
                      GHashTable     *visited,
                      PatMove        *move)
{
  PatMoveList moves;
  gboolean found = FALSE;
  guint best_out = 0, best_source = 0, best_mobility = 0;
  guint i;

  g_return_val_if_fail (rules != NULL && state != NULL && move != NULL, FALSE);

  if (rules->status (state) != PAT_STATUS_PLAYING)
    return FALSE;
  rules->legal_moves (state, &moves);
  for (i = 0; i < moves.n; i++)
    {
      PatState next = *state;
      PatMoveList after;
      guint out, source, mobility;

      rules->apply (&next, &moves.moves[i], NULL);
      if (is_visited (visited, &next))
        continue;
      out = pat_cards_out (rules, &next);
      /* Taking from the tallest pile uncovers the cards most buried. */
      source = moves.moves[i].kind == PAT_MOVE_CARDS ? pat_state_pile_len (state, moves.moves[i].from) : 0;
      if (rules->status (&next) == PAT_STATUS_WON)
        {
          *move = moves.moves[i];
          return TRUE;
        }
      rules->legal_moves (&next, &after);
      mobility = after.n;
      if (!found || out > best_out ||
          (out == best_out && (source > best_source ||
                               (source == best_source && mobility > best_mobility))))
        {
          found = TRUE;
          best_out = out;
          best_source = source;
          best_mobility = mobility;
          *move = moves.moves[i];
        }
    }
  return found;
}

void
pat_greedy_play (const PatRules  *rules,
                 const PatState  *state,
                 guint            max_moves,
                 PatGreedyResult *result)
{
  g_autoptr(GHashTable) visited = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  PatState s = *state;
  PatMove move;

  if (max_moves == 0)
    max_moves = DEFAULT_MAX_MOVES;
  result->n_moves = 0;
  mark_visited (visited, &s);
  while (result->n_moves < max_moves && pat_greedy_next_move (rules, &s, visited, &move))
    {
      rules->apply (&s, &move, NULL);
      mark_visited (visited, &s);
      result->n_moves++;
    }
  result->won = rules->status (&s) == PAT_STATUS_WON;
  result->out = pat_cards_out (rules, &s);
}
