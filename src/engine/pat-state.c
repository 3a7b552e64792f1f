/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pile operations on the flat card array of a PatState. */

#include "config.h"

#include <string.h>

#include "pat-state.h"

/* Who hears of every card move this thread makes (pat_state_set_move_hook()). */
static _Thread_local PatStateMoveHook move_hook;
static _Thread_local gpointer move_hook_data;

/**
 * pat_state_init:
 * @state: a position to clear
 * @n_piles: how many piles the game has
 *
 * Empties every pile and clears the game-specific fields.
 */
void
pat_state_init (PatState *state,
                guint     n_piles)
{
  g_return_if_fail (n_piles <= PAT_MAX_PILES);

  memset (state, 0, sizeof *state);
  state->n_piles = (guint8) n_piles;
}

/* Puts @card on top of @pile; used while dealing. */
void
pat_state_push (PatState *state,
                guint     pile,
                PatCard   card)
{
  guint total = state->start[state->n_piles];
  guint end = state->start[pile + 1];
  guint i;

  g_return_if_fail (pile < state->n_piles && total < PAT_N_CARDS);

  memmove (state->cards + end + 1, state->cards + end, total - end);
  state->cards[end] = card;
  for (i = pile + 1; i <= state->n_piles; i++)
    state->start[i]++;
}

/**
 * pat_state_move:
 * @state: a position
 * @from: the pile the cards leave
 * @to: the pile that takes them
 * @count: how many cards, taken from the top of @from as a unit (their order is kept)
 *
 * Moves cards without checking any rule.
 */
void
pat_state_move (PatState *state,
                guint     from,
                guint     to,
                guint     count)
{
  PatCard tmp[PAT_N_CARDS];
  guint i;

  if (count == 0 || from == to)
    return;
  g_return_if_fail (pat_state_pile_len (state, from) >= count);

  if (from < to)
    {
      /* The moved run sits just below pile from+1; rotate it up past the piles between. */
      guint src = state->start[from + 1] - count;
      guint dst_end = state->start[to + 1];

      memcpy (tmp, state->cards + src, count);
      memmove (state->cards + src, state->cards + src + count, dst_end - src - count);
      memcpy (state->cards + dst_end - count, tmp, count);
      for (i = from + 1; i <= to; i++)
        state->start[i] -= count;
    }
  else
    {
      guint src = state->start[from + 1] - count;
      guint dst = state->start[to + 1];

      memcpy (tmp, state->cards + src, count);
      memmove (state->cards + dst + count, state->cards + dst, src - dst);
      memcpy (state->cards + dst, tmp, count);
      for (i = to + 1; i <= from; i++)
        state->start[i] += count;
    }

  if (G_UNLIKELY (move_hook != NULL))
    move_hook (state, from, to, count, move_hook_data);
}

/**
 * pat_state_set_move_hook:
 * @hook: (nullable): what to call after every pat_state_move() on this thread, %NULL for nothing
 * @user_data: passed to @hook
 *
 * Lets the rules say what a move did by watching the card moves it makes
 * (pat_rules_apply_steps()); other threads are not affected.
 */
void
pat_state_set_move_hook (PatStateMoveHook hook,
                         gpointer         user_data)
{
  move_hook = hook;
  move_hook_data = user_data;
}

/* Moves @count cards one at a time, so their order is reversed (turning a stock). */
void
pat_state_move_flip (PatState *state,
                     guint     from,
                     guint     to,
                     guint     count)
{
  guint i;

  for (i = 0; i < count; i++)
    pat_state_move (state, from, to, 1);
}

guint
pat_state_n_cards (const PatState *state)
{
  return state->start[state->n_piles];
}

gboolean
pat_state_equal (const PatState *a,
                 const PatState *b)
{
  return a->n_piles == b->n_piles &&
         memcmp (a->start, b->start, sizeof a->start) == 0 &&
         memcmp (a->cards, b->cards, sizeof a->cards) == 0 &&
         a->base_rank == b->base_rank &&
         a->variant == b->variant &&
         a->die == b->die &&
         a->flags == b->flags &&
         a->round == b->round &&
         a->cycle_length == b->cycle_length &&
         a->cycle_round == b->cycle_round &&
         pat_deal_number_equal (&a->deal, &b->deal);
}

/* FNV-1a over the piles and cards; enough for hash tables of positions. */
guint64
pat_state_hash (const PatState *state)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  guint i;

  for (i = 0; i <= state->n_piles; i++)
    h = (h ^ state->start[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  for (i = 0; i < PAT_N_CARDS; i++)
    h = (h ^ state->cards[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  h = (h ^ state->round) * G_GUINT64_CONSTANT (0x100000001b3);
  h = (h ^ state->die) * G_GUINT64_CONSTANT (0x100000001b3);
  return h;
}

/**
 * pat_state_locate_cards:
 * @pile_of: (out): for each card, the pile it is in, or 0xff when it is in none
 * @index_of: (out): for each card, its place in that pile from the bottom, or 0xff
 *
 * Where every card of @state is.
 */
void
pat_state_locate_cards (const PatState *state,
                        guint8          pile_of[PAT_N_CARDS],
                        guint8          index_of[PAT_N_CARDS])
{
  memset (pile_of, 0xff, PAT_N_CARDS);
  memset (index_of, 0xff, PAT_N_CARDS);
  for (guint p = 0; p < state->n_piles; p++)
    {
      const PatCard *cards = pat_state_pile_cards (state, p);
      guint n = pat_state_pile_len (state, p);

      for (guint i = 0; i < n; i++)
        if (cards[i] < PAT_N_CARDS)
          {
            pile_of[cards[i]] = (guint8) p;
            index_of[cards[i]] = (guint8) i;
          }
    }
}
