/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Perpetual Motion, its Free Columns variant and Drake's Idiot's Delight: four piles fed from a
 * stock. */

#include "config.h"

#include "pat-difficulty.h"
#include "pat-pm-sim.h"
#include "pat-rules.h"
#include "pat-solver-private.h"

#define N_(s) (s)

enum {
  STOCK = 0,
  PILE1 = 1,     /* t1…t4 are piles 1…4 */
  DISCARD = 5,
  N_PILES = 6,
};

/* On a tall, narrow board (a phone held upright): the stock and the discards above the four
 * piles, which get the whole width. */
static const PatLayout narrow_layout = {
  N_PILES, 3 * 1.15f + 1, 1.3f + 1,
  {
    { PAT_PILE_STOCK,   0, PAT_FAN_NONE, PAT_FACE_DOWN, 0.0f,         0.0f },
    { PAT_PILE_TABLEAU, 1, PAT_FAN_DOWN, PAT_FACE_UP,   0.0f,         1.3f },
    { PAT_PILE_TABLEAU, 2, PAT_FAN_DOWN, PAT_FACE_UP,   1.15f,        1.3f },
    { PAT_PILE_TABLEAU, 3, PAT_FAN_DOWN, PAT_FACE_UP,   2 * 1.15f,    1.3f },
    { PAT_PILE_TABLEAU, 4, PAT_FAN_DOWN, PAT_FACE_UP,   3 * 1.15f,    1.3f },
    { PAT_PILE_DISCARD, 0, PAT_FAN_NONE, PAT_FACE_UP,   3 * 1.15f,    0.0f },
  },
  .tableau_noun = PAT_NOUN_PILE,
};

static const PatLayout layout = {
  N_PILES, 7.9f, 4.0f,
  {
    { PAT_PILE_STOCK,   0, PAT_FAN_NONE, PAT_FACE_DOWN, 0.0f,  0.0f },
    { PAT_PILE_TABLEAU, 1, PAT_FAN_DOWN, PAT_FACE_UP,   1.35f, 0.0f },
    { PAT_PILE_TABLEAU, 2, PAT_FAN_DOWN, PAT_FACE_UP,   2.7f,  0.0f },
    { PAT_PILE_TABLEAU, 3, PAT_FAN_DOWN, PAT_FACE_UP,   3.95f, 0.0f },
    { PAT_PILE_TABLEAU, 4, PAT_FAN_DOWN, PAT_FACE_UP,   5.2f,  0.0f },
    { PAT_PILE_DISCARD, 0, PAT_FAN_NONE, PAT_FACE_UP,   6.9f,  0.0f },
  },
  .tableau_noun = PAT_NOUN_PILE,
  .narrow = &narrow_layout,
};

static void
pm_deal_cards (PatState            *state,
               const PatCard       *deck,
               const PatDealNumber *deal)
{
  guint i;

  pat_state_init (state, N_PILES);
  for (i = 0; i < PAT_N_CARDS; i++)
    pat_state_push (state, STOCK, deck[PAT_N_CARDS - 1 - i]);
  state->round = 1;
  state->deal = *deal;
}

/* The classic game has no decisions, so its fate is known at the deal: the round whose
 * starting stock repeats an earlier one is kept, and the status reads it off. */
static void
pm_deal (PatState            *state,
         const PatCard       *deck,
         const PatDealNumber *deal,
         const PatOptions    *options)
{
  PatPmResult result;

  pm_deal_cards (state, deck, deal);
  pat_pm_play (deck, &result);
  if (!result.won)
    {
      state->cycle_round = result.rounds + 1;
      state->cycle_length = (guint16) MIN (result.cycle_length, G_MAXUINT16);
    }
}

static void
plain_deal (PatState            *state,
            const PatCard       *deck,
            const PatDealNumber *deal,
            const PatOptions    *options)
{
  pm_deal_cards (state, deck, deal);
}

static guint
top_rank (const PatState *state,
          guint           pile)
{
  PatCard top = pat_state_pile_top (state, pile);

  return top == PAT_NO_CARD ? 0 : pat_card_rank (top);
}

/* Deals up to four cards, one per pile from the left; returns how many. */
static guint
deal_row (PatState *state)
{
  guint n = MIN (4, pat_state_pile_len (state, STOCK));
  guint j;

  for (j = 0; j < n; j++)
    pat_state_move (state, STOCK, PILE1 + j, 1);
  return n;
}

/* Four of a kind dealt together go out at once. */
static gboolean
discard_four (PatState    *state,
              guint        dealt,
              PatMoveList *automatic)
{
  guint rank = top_rank (state, PILE1);
  guint j;

  if (dealt != 4)
    return FALSE;
  for (j = 1; j < 4; j++)
    if (top_rank (state, PILE1 + j) != rank)
      return FALSE;

  for (j = 0; j < 4; j++)
    {
      pat_state_move (state, PILE1 + j, DISCARD, 1);
      pat_move_list_add (automatic, PAT_MOVE_CARDS, PILE1 + j, DISCARD, 1);
    }
  return TRUE;
}

/* Every rank showing on two or more piles goes to the leftmost pile showing it, judged on the
 * tops as they stand after the deal: cards uncovered by these moves are not looked at again. */
static void
consolidate (PatState    *state,
             PatMoveList *automatic)
{
  guint tops[4];
  guint i, j;

  for (j = 0; j < 4; j++)
    tops[j] = top_rank (state, PILE1 + j);

  for (j = 1; j < 4; j++)
    for (i = 0; i < j; i++)
      if (tops[j] != 0 && tops[i] == tops[j])
        {
          pat_state_move (state, PILE1 + j, PILE1 + i, 1);
          pat_move_list_add (automatic, PAT_MOVE_CARDS, PILE1 + j, PILE1 + i, 1);
          break;
        }
}

/* Pile 4 is picked up first and pile 1 last, and the packet is turned over, so the next round
 * deals pile 4's cards first, in the order they were placed. */
static void
gather (PatState *state)
{
  guint j;

  for (j = 0; j < 4; j++)
    pat_state_move_flip (state, PILE1 + j, STOCK, pat_state_pile_len (state, PILE1 + j));
  state->round++;
}

static gboolean
all_discarded (const PatState *state)
{
  return pat_state_pile_len (state, DISCARD) == PAT_N_CARDS;
}

static int
discard_score (const PatState *state)
{
  return (int) pat_state_pile_len (state, DISCARD);
}

static void
describe_round (const PatState *state,
                GString        *out)
{
  g_string_append_printf (out, "Round: %u\n", state->round);
}

/* Perpetual Motion */

static void
pm_legal_moves (const PatState *state,
                PatMoveList    *moves)
{
  moves->n = 0;
  if (pat_state_pile_len (state, STOCK) > 0)
    pat_move_list_add (moves, PAT_MOVE_STOCK, STOCK, STOCK, 0);
}

static gboolean
pm_check_move (const PatState  *state,
               const PatMove   *move,
               const char     **reason)
{
  if (move->kind != PAT_MOVE_STOCK)
    {
      *reason = N_("in Perpetual Motion the cards move by themselves: deal with s");
      return FALSE;
    }
  if (pat_state_pile_len (state, STOCK) == 0)
    {
      *reason = N_("the stock is empty");
      return FALSE;
    }
  return TRUE;
}

static void
pm_apply (PatState      *state,
          const PatMove *move,
          PatMoveList   *automatic)
{
  guint dealt = deal_row (state);

  if (!discard_four (state, dealt, automatic))
    consolidate (state, automatic);

  if (pat_state_pile_len (state, STOCK) == 0 && !all_discarded (state))
    {
      gather (state);
      pat_move_list_add (automatic, PAT_MOVE_GATHER, PILE1, STOCK, 0);
    }
}

static PatStatus
pm_status (const PatState *state)
{
  if (all_discarded (state))
    return PAT_STATUS_WON;
  if (state->cycle_round != 0 && state->round >= state->cycle_round)
    return PAT_STATUS_CYCLE;
  return PAT_STATUS_PLAYING;
}

static void
pm_describe (const PatState *state,
             GString        *out)
{
  describe_round (state, out);
  if (pm_status (state) == PAT_STATUS_CYCLE)
    g_string_append_printf (out, "Cycle: round %u repeats round %u\n",
                            state->round, state->round - state->cycle_length);
}

const PatRules pat_rules_perpetual_motion = {
  "perpetual-motion",
  N_("Perpetual Motion"),
  N_("Deal four at a time; equal ranks gather and four of a kind go out"),
  &layout,
  pm_deal,
  pm_legal_moves,
  pm_check_move,
  pm_apply,
  pm_status,
  discard_score,
  pm_describe,
  NULL,
  .flags = PAT_RULES_ROUNDS | PAT_RULES_PLAYS_ITSELF,
};

/* Perpetual Motion — Free Columns */

static gboolean
free_check_move (const PatState  *state,
                 const PatMove   *move,
                 const char     **reason)
{
  switch (move->kind)
    {
    case PAT_MOVE_STOCK:
      if (pat_state_pile_len (state, STOCK) == 0 && all_discarded (state))
        {
          *reason = N_("there is nothing left to deal");
          return FALSE;
        }
      return TRUE;

    case PAT_MOVE_CARDS:
      if (move->from < PILE1 || move->from > PILE1 + 3 || move->to < PILE1 || move->to > PILE1 + 3)
        {
          *reason = N_("cards move only between the four piles");
          return FALSE;
        }
      if (move->count != 1)
        {
          *reason = N_("only the top card of a pile moves");
          return FALSE;
        }
      if (move->from == move->to)
        {
          *reason = N_("a card cannot move onto its own pile");
          return FALSE;
        }
      if (top_rank (state, move->from) == 0 || top_rank (state, move->to) == 0)
        {
          *reason = N_("that pile is empty");
          return FALSE;
        }
      if (top_rank (state, move->from) != top_rank (state, move->to))
        {
          *reason = N_("a card moves only onto a card of the same rank");
          return FALSE;
        }
      return TRUE;

    case PAT_MOVE_PAIR:
    case PAT_MOVE_GATHER:
    case PAT_MOVE_DISCARD4:
    default:
      *reason = N_("not a move of this game");
      return FALSE;
    }
}

static void
free_legal_moves (const PatState *state,
                  PatMoveList    *moves)
{
  guint i, j;

  moves->n = 0;
  if (!all_discarded (state))
    pat_move_list_add (moves, PAT_MOVE_STOCK, STOCK, STOCK, 0);
  for (i = 0; i < 4; i++)
    for (j = 0; j < 4; j++)
      if (i != j && top_rank (state, PILE1 + i) != 0 &&
          top_rank (state, PILE1 + i) == top_rank (state, PILE1 + j))
        pat_move_list_add (moves, PAT_MOVE_CARDS, PILE1 + i, PILE1 + j, 1);
}

static void
free_apply (PatState      *state,
            const PatMove *move,
            PatMoveList   *automatic)
{
  if (move->kind == PAT_MOVE_CARDS)
    {
      pat_state_move (state, move->from, move->to, 1);
      return;
    }

  /* The stock: gather when it is empty, deal otherwise. */
  if (pat_state_pile_len (state, STOCK) == 0)
    gather (state);
  else
    discard_four (state, deal_row (state), automatic);
}

static PatStatus
free_status (const PatState *state)
{
  return all_discarded (state) ? PAT_STATUS_WON : PAT_STATUS_PLAYING;
}

const PatRules pat_rules_perpetual_motion_free = {
  "perpetual-motion-free",
  N_("Perpetual Motion: Free Columns"),
  N_("Perpetual Motion where you choose which equal cards to move"),
  &layout,
  plain_deal,
  free_legal_moves,
  free_check_move,
  free_apply,
  free_status,
  discard_score,
  describe_round,
  NULL,
  .flags = PAT_RULES_ROUNDS,
  /* Translators: the game's name where "Perpetual Motion: Free Columns" does not fit */
  .short_name = N_("Free Columns"),
  .solver = &pat_solver_free_columns,
  /* No difficulty levels: every deal is won, by every player tried, and how long random play takes
   * is mostly chance (docs/benchmarks.md), so levels would sort nothing a player feels. */
};

/* Idiot's Delight (Drake) */

/* Whether the top of @pile is the lower of two tops of the same suit (Ace low). */
static gboolean
has_higher_same_suit (const PatState *state,
                      guint           pile)
{
  PatCard card = pat_state_pile_top (state, pile);
  guint j;

  if (card == PAT_NO_CARD)
    return FALSE;
  for (j = PILE1; j < PILE1 + 4; j++)
    {
      PatCard other = pat_state_pile_top (state, j);

      if (j != pile && other != PAT_NO_CARD &&
          pat_card_suit (other) == pat_card_suit (card) &&
          pat_card_rank (other) > pat_card_rank (card))
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_pile (guint pile)
{
  return pile >= PILE1 && pile < PILE1 + 4;
}

static gboolean
idiot_check_move (const PatState  *state,
                  const PatMove   *move,
                  const char     **reason)
{
  switch (move->kind)
    {
    case PAT_MOVE_STOCK:
      if (pat_state_pile_len (state, STOCK) == 0)
        {
          *reason = N_("the stock is empty (there is no redeal)");
          return FALSE;
        }
      return TRUE;

    case PAT_MOVE_CARDS:
      if (!is_pile (move->from) || move->to != DISCARD)
        {
          *reason = N_("cards only go from the piles to the discards (x)");
          return FALSE;
        }
      if (move->count != 1)
        {
          *reason = N_("only the top card of a pile can be discarded");
          return FALSE;
        }
      if (pat_state_pile_top (state, move->from) == PAT_NO_CARD)
        {
          *reason = N_("that pile is empty");
          return FALSE;
        }
      if (!has_higher_same_suit (state, move->from))
        {
          *reason = N_("a card is discarded when a higher card of its suit shows on another pile");
          return FALSE;
        }
      return TRUE;

    case PAT_MOVE_PAIR:
      if (!is_pile (move->from) || !is_pile (move->from2) || move->to != DISCARD)
        {
          *reason = N_("a pair is two piles' top cards discarded to x");
          return FALSE;
        }
      if (move->from == move->from2)
        {
          *reason = N_("a pair needs two different piles");
          return FALSE;
        }
      if (top_rank (state, move->from) == 0 || top_rank (state, move->from2) == 0)
        {
          *reason = N_("that pile is empty");
          return FALSE;
        }
      if (top_rank (state, move->from) != top_rank (state, move->from2))
        {
          *reason = N_("a pair must be two cards of the same rank");
          return FALSE;
        }
      return TRUE;

    case PAT_MOVE_GATHER:
    case PAT_MOVE_DISCARD4:
    default:
      *reason = N_("not a move of this game");
      return FALSE;
    }
}

static void
idiot_legal_moves (const PatState *state,
                   PatMoveList    *moves)
{
  guint i, j;

  moves->n = 0;
  if (pat_state_pile_len (state, STOCK) > 0)
    pat_move_list_add (moves, PAT_MOVE_STOCK, STOCK, STOCK, 0);
  for (i = PILE1; i < PILE1 + 4; i++)
    {
      if (has_higher_same_suit (state, i))
        pat_move_list_add (moves, PAT_MOVE_CARDS, i, DISCARD, 1);
      for (j = i + 1; j < PILE1 + 4; j++)
        if (top_rank (state, i) != 0 && top_rank (state, i) == top_rank (state, j) &&
            moves->n < PAT_MAX_MOVES)
          {
            PatMove *m = &moves->moves[moves->n++];

            m->kind = PAT_MOVE_PAIR;
            m->from = (guint8) i;
            m->from2 = (guint8) j;
            m->to = DISCARD;
            m->count = 2;
          }
    }
}

static void
idiot_apply (PatState      *state,
             const PatMove *move,
             PatMoveList   *automatic)
{
  switch (move->kind)
    {
    case PAT_MOVE_STOCK:
      deal_row (state);
      break;
    case PAT_MOVE_CARDS:
      pat_state_move (state, move->from, DISCARD, 1);
      break;
    case PAT_MOVE_PAIR:
      pat_state_move (state, move->from, DISCARD, 1);
      pat_state_move (state, move->from2, DISCARD, 1);
      break;
    case PAT_MOVE_GATHER:
    case PAT_MOVE_DISCARD4:
    default:
      g_assert_not_reached ();
    }
}

static PatStatus
idiot_status (const PatState *state)
{
  PatMoveList moves;

  if (all_discarded (state))
    return PAT_STATUS_WON;
  if (pat_state_pile_len (state, STOCK) > 0)
    return PAT_STATUS_PLAYING;
  idiot_legal_moves (state, &moves);
  return moves.n > 0 ? PAT_STATUS_PLAYING : PAT_STATUS_BLOCKED;
}

/* The levels: see PatDifficultyInfo. 9 % of the winnable deals score exactly (50 + 50/52) / 53,
 * and taking them into Easy had left Medium with 23 % of the deals. SAT decides every deal in
 * 0.05-0.4 s, hence its own budget for picking. */
static const PatDifficultyInfo idiots_delight_difficulty = {
  .yardstick = PAT_YARDSTICK_ROLLOUT,
  .players = PAT_PLAYOUT_ROLLOUT,
  .easy_min = 0.96975,
  .medium_min = 0.92305,
  .pick_seconds = PAT_DIFFICULTY_PICK_SECONDS_SAT,
};

const PatRules pat_rules_idiots_delight = {
  "idiots-delight",
  N_("Idiot’s Delight"),
  N_("Discard pairs of equal rank and the lower of two cards of a suit"),
  &layout,
  plain_deal,
  idiot_legal_moves,
  idiot_check_move,
  idiot_apply,
  idiot_status,
  discard_score,
  NULL,
  NULL,
  .blocked_reason = N_("The stock is empty and no more cards can be discarded."),
  .solver = &pat_solver_idiots_delight,
  .difficulty = &idiots_delight_difficulty,
};
