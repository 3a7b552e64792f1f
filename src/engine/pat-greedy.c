/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The greedy player: most cards out a few moves ahead, then a card taken from the tallest pile,
 * then most moves left, then the rules module's order. */

#include "config.h"

#include <string.h>

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

/* Positions the look-ahead may visit for one move, and its deepest look. */
#define LOOKAHEAD_NODES 300
#define LOOKAHEAD_MAX_DEPTH 12
#define WON_VALUE 1000

/* The most cards out within @depth more moves (WON_VALUE for a win); FALSE when the budget ran
 * out first. */
static gboolean
lookahead (const PatRules *rules,
           const PatState *state,
           guint           depth,
           gint           *budget,
           guint          *value)
{
  PatMoveList moves;
  guint best, i;

  if (rules->status (state) == PAT_STATUS_WON)
    {
      *value = WON_VALUE;
      return TRUE;
    }
  best = pat_cards_out (rules, state);
  if (depth > 0)
    {
      rules->legal_moves (state, &moves);
      for (i = 0; i < moves.n && best < WON_VALUE; i++)
        {
          PatState next = *state;
          guint v;

          if (--*budget < 0)
            return FALSE;
          rules->apply (&next, &moves.moves[i], NULL);
          if (!lookahead (rules, &next, depth - 1, budget, &v))
            return FALSE;
          best = MAX (best, v);
        }
    }
  *value = best;
  return TRUE;
}

void
pat_greedy_key (const PatRules *rules,
                const PatState *state,
                const PatMove  *move,
                const PatState *next,
                PatGreedyKey   *key)
{
  PatMoveList after;

  /* Taking from the tallest pile uncovers the cards most buried. */
  key->source = move->kind == PAT_MOVE_CARDS ? pat_state_pile_len (state, move->from) : 0;
  rules->legal_moves (next, &after);
  key->mobility = after.n;
}

int
pat_greedy_key_compare (const PatGreedyKey *a,
                        const PatGreedyKey *b)
{
  if (a->out != b->out)
    return a->out > b->out ? 1 : -1;
  if (a->source != b->source)
    return a->source > b->source ? 1 : -1;
  if (a->mobility != b->mobility)
    return a->mobility > b->mobility ? 1 : -1;
  return 0;
}

gboolean
pat_greedy_next_move (const PatRules *rules,
                      const PatState *state,
                      GHashTable     *visited,
                      PatMove        *move)
{
  PatMoveList moves;
  gboolean found = FALSE;
  PatGreedyKey best = { 0, };
  gboolean allowed[PAT_MAX_MOVES];
  guint value[PAT_MAX_MOVES];
  guint i;

  g_return_val_if_fail (rules != NULL && state != NULL && move != NULL, FALSE);

  if (rules->status (state) != PAT_STATUS_PLAYING)
    return FALSE;
  rules->legal_moves (state, &moves);
  /* The look-ahead: the most cards out within a few moves after each move, as deep as the budget
   * lets every move be looked at equally. */
  {
    PatState children[PAT_MAX_MOVES];
    guint depth;

    for (i = 0; i < moves.n; i++)
      {
        children[i] = *state;
        rules->apply (&children[i], &moves.moves[i], NULL);
        allowed[i] = !is_visited (visited, &children[i]);
        value[i] = 0;
      }
    for (depth = 0; depth < LOOKAHEAD_MAX_DEPTH; depth++)
      {
        guint values[PAT_MAX_MOVES] = { 0, };
        gint budget = LOOKAHEAD_NODES;
        gboolean complete = TRUE;

        for (i = 0; i < moves.n && complete; i++)
          if (allowed[i])
            complete = lookahead (rules, &children[i], depth, &budget, &values[i]);
        if (!complete)
          break;
        memcpy (value, values, sizeof values);
      }
  }
  for (i = 0; i < moves.n; i++)
    {
      PatState next = *state;
      PatGreedyKey key;

      if (!allowed[i])
        continue;
      rules->apply (&next, &moves.moves[i], NULL);
      if (rules->status (&next) == PAT_STATUS_WON)
        {
          *move = moves.moves[i];
          return TRUE;
        }
      /* The most cards out a few moves ahead; at depth 0, right after the move. */
      key.out = value[i];
      pat_greedy_key (rules, state, &moves.moves[i], &next, &key);
      if (!found || pat_greedy_key_compare (&key, &best) > 0)
        {
          found = TRUE;
          best = key;
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
