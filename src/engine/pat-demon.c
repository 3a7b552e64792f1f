/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Demon (Canfield): four suits built up from a dealt base rank, fed by a reserve and a stock. */

#include "config.h"

#include "pat-difficulty.h"
#include "pat-rules.h"
#include "pat-solver-private.h"

#define N_(s) (s)

static const char empty_foundation_reason[] =
  N_("an empty foundation takes only a card of the base rank");

enum {
  PILE_STOCK,
  PILE_WASTE,
  PILE_RESERVE,
  PILE_F1,
  PILE_T1 = PILE_F1 + 4,
  N_PILES = PILE_T1 + 4,
};

#define CARDS_PER_TURN 3

/* More passes than this are never looked at when deciding whether a per-pass die can still
 * show a card; see talon_can_play(). */
#define MAX_PASSES_SIMULATED 1024

/* On a tall, narrow board (a phone held upright): the stock, the waste and the reserve, then
 * the foundations, then the tableau, four across. */
static const PatLayout demon_narrow_layout = {
  N_PILES, 3 * 1.15f + 1, 2.5f + 1,
  {
    { PAT_PILE_STOCK,      1, PAT_FAN_NONE,  PAT_FACE_DOWN,   0.0f,      0.0f },
    { PAT_PILE_WASTE,      1, PAT_FAN_RIGHT, PAT_FACE_UP,     1.15f,     0.0f },
    { PAT_PILE_RESERVE,    1, PAT_FAN_NONE,  PAT_FACE_TOP_UP, 3 * 1.15f, 0.0f },
    { PAT_PILE_FOUNDATION, 1, PAT_FAN_NONE,  PAT_FACE_UP,     0.0f,      1.2f },
    { PAT_PILE_FOUNDATION, 2, PAT_FAN_NONE,  PAT_FACE_UP,     1.15f,     1.2f },
    { PAT_PILE_FOUNDATION, 3, PAT_FAN_NONE,  PAT_FACE_UP,     2 * 1.15f, 1.2f },
    { PAT_PILE_FOUNDATION, 4, PAT_FAN_NONE,  PAT_FACE_UP,     3 * 1.15f, 1.2f },
    { PAT_PILE_TABLEAU,    1, PAT_FAN_DOWN,  PAT_FACE_UP,     0.0f,      2.5f },
    { PAT_PILE_TABLEAU,    2, PAT_FAN_DOWN,  PAT_FACE_UP,     1.15f,     2.5f },
    { PAT_PILE_TABLEAU,    3, PAT_FAN_DOWN,  PAT_FACE_UP,     2 * 1.15f, 2.5f },
    { PAT_PILE_TABLEAU,    4, PAT_FAN_DOWN,  PAT_FACE_UP,     3 * 1.15f, 2.5f },
  },
};

static const PatLayout demon_layout = {
  N_PILES, 8.5f, 2.3f,
  {
    { PAT_PILE_STOCK,      1, PAT_FAN_NONE,  PAT_FACE_DOWN,   0.0f,  0.0f },
    { PAT_PILE_WASTE,      1, PAT_FAN_RIGHT, PAT_FACE_UP,     1.25f, 0.0f },
    { PAT_PILE_RESERVE,    1, PAT_FAN_NONE,  PAT_FACE_TOP_UP, 0.0f,  1.3f },
    { PAT_PILE_FOUNDATION, 1, PAT_FAN_NONE,  PAT_FACE_UP,     3.75f, 0.0f },
    { PAT_PILE_FOUNDATION, 2, PAT_FAN_NONE,  PAT_FACE_UP,     5.0f,  0.0f },
    { PAT_PILE_FOUNDATION, 3, PAT_FAN_NONE,  PAT_FACE_UP,     6.25f, 0.0f },
    { PAT_PILE_FOUNDATION, 4, PAT_FAN_NONE,  PAT_FACE_UP,     7.5f,  0.0f },
    { PAT_PILE_TABLEAU,    1, PAT_FAN_DOWN,  PAT_FACE_UP,     3.75f, 1.3f },
    { PAT_PILE_TABLEAU,    2, PAT_FAN_DOWN,  PAT_FACE_UP,     5.0f,  1.3f },
    { PAT_PILE_TABLEAU,    3, PAT_FAN_DOWN,  PAT_FACE_UP,     6.25f, 1.3f },
    { PAT_PILE_TABLEAU,    4, PAT_FAN_DOWN,  PAT_FACE_UP,     7.5f,  1.3f },
  },
  .narrow = &demon_narrow_layout,
};

static inline gboolean
is_foundation (guint pile)
{
  return pile >= PILE_F1 && pile < PILE_T1;
}

static inline gboolean
is_tableau (guint pile)
{
  return pile >= PILE_T1 && pile < N_PILES;
}

/* Rolls depend only on the deal and the pass, so a restarted deal rolls the same and undo,
 * which restores whole states, cannot roll again. */
static guint8
die_roll (const PatState *state,
          guint           pass)
{
  return (guint8) (1 + pat_deal_number_hash (&state->deal, pass) % 6);
}

static guint
turn_size (const PatState *state)
{
  if (state->variant == PAT_DIE_OFF || state->die == 0)
    return CARDS_PER_TURN;
  return state->die;
}

static gboolean
fits_tableau (const PatState  *state,
              guint            pile,
              PatCard          card,
              const char     **reason)
{
  PatCard top = pat_state_pile_top (state, pile);

  if (top == PAT_NO_CARD)
    {
      if (pat_state_pile_len (state, PILE_RESERVE) > 0)
        {
          *reason = N_("an empty tableau pile is filled from the reserve");
          return FALSE;
        }
      return TRUE;
    }
  if (pat_card_is_red (card) == pat_card_is_red (top))
    {
      *reason = N_("the tableau builds down in alternating colours");
      return FALSE;
    }
  if (pat_card_rank (card) != pat_rank_prev (pat_card_rank (top)))
    {
      *reason = N_("the tableau builds down one rank at a time");
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_cards (const PatState  *state,
             guint            from,
             guint            to,
             guint            count,
             const char     **reason)
{
  guint len;
  PatCard card;

  if (from == to)
    {
      *reason = N_("a pile cannot move onto itself");
      return FALSE;
    }
  if (count == 0)
    {
      *reason = N_("no cards to move");
      return FALSE;
    }
  if (is_foundation (from))
    {
      *reason = N_("cards never leave the foundations");
      return FALSE;
    }
  if (from == PILE_STOCK)
    {
      *reason = N_("the stock is only turned onto the waste");
      return FALSE;
    }
  if (!is_foundation (to) && !is_tableau (to))
    {
      *reason = N_("cards go only to the foundations and the tableau");
      return FALSE;
    }

  len = pat_state_pile_len (state, from);
  if (len == 0)
    {
      *reason = N_("that pile is empty");
      return FALSE;
    }
  if (count > 1)
    {
      if (!is_tableau (from))
        {
          *reason = N_("only the top card of that pile can move");
          return FALSE;
        }
      if (count > len)
        {
          *reason = N_("that pile has fewer cards");
          return FALSE;
        }
      if (count != len)
        {
          *reason = N_("only the top card or the whole pile can move");
          return FALSE;
        }
      if (is_foundation (to))
        {
          *reason = N_("cards go to a foundation one at a time");
          return FALSE;
        }
    }

  card = pat_state_pile_peek (state, from, count - 1);
  if (is_foundation (to))
    return pat_rules_fits_suit_foundation (state, to, card, empty_foundation_reason, reason);
  return fits_tableau (state, to, card, reason);
}

static gboolean
demon_check_move (const PatState  *state,
                  const PatMove   *move,
                  const char     **reason)
{
  if (move->from >= state->n_piles || move->to >= state->n_piles || state->n_piles != N_PILES)
    {
      *reason = N_("no such pile");
      return FALSE;
    }

  switch (move->kind)
    {
    case PAT_MOVE_STOCK:
      if (move->from != PILE_STOCK || move->to != PILE_STOCK || move->count != 0)
        {
          *reason = N_("the stock is turned onto the waste");
          return FALSE;
        }
      if (pat_state_pile_len (state, PILE_STOCK) == 0 &&
          pat_state_pile_len (state, PILE_WASTE) == 0)
        {
          *reason = N_("the stock and the waste are empty");
          return FALSE;
        }
      return TRUE;

    case PAT_MOVE_CARDS:
      return check_cards (state, move->from, move->to, move->count, reason);

    case PAT_MOVE_PAIR:
    case PAT_MOVE_GATHER:
    case PAT_MOVE_DISCARD4:
    default:
      *reason = N_("not a move in Demon");
      return FALSE;
    }
}

static void
demon_legal_moves (const PatState *state,
                   PatMoveList    *moves)
{
  static const guint sources[] = {
    PILE_WASTE, PILE_RESERVE, PILE_T1, PILE_T1 + 1, PILE_T1 + 2, PILE_T1 + 3,
  };
  guint i, to;

  moves->n = 0;
  if (pat_state_pile_len (state, PILE_STOCK) > 0 || pat_state_pile_len (state, PILE_WASTE) > 0)
    pat_move_list_add (moves, PAT_MOVE_STOCK, PILE_STOCK, PILE_STOCK, 0);

  for (i = 0; i < G_N_ELEMENTS (sources); i++)
    {
      guint from = sources[i];
      guint len = pat_state_pile_len (state, from);
      const char *reason;

      if (len == 0)
        continue;
      for (to = PILE_F1; to < N_PILES; to++)
        {
          if (check_cards (state, from, to, 1, &reason))
            pat_move_list_add (moves, PAT_MOVE_CARDS, from, to, 1);
          if (len > 1 && check_cards (state, from, to, len, &reason))
            pat_move_list_add (moves, PAT_MOVE_CARDS, from, to, len);
        }
    }
}

/* An empty tableau pile never waits while the reserve has cards. */
static void
refill (PatState    *state,
        PatMoveList *automatic)
{
  guint t;

  for (t = PILE_T1; t < N_PILES; t++)
    {
      if (pat_state_pile_len (state, PILE_RESERVE) == 0)
        return;
      if (pat_state_pile_len (state, t) == 0)
        {
          pat_state_move (state, PILE_RESERVE, t, 1);
          pat_move_list_add (automatic, PAT_MOVE_CARDS, PILE_RESERVE, t, 1);
        }
    }
}

static void
turn_stock (PatState *state)
{
  guint stock = pat_state_pile_len (state, PILE_STOCK);

  if (stock > 0)
    {
      pat_state_move_flip (state, PILE_STOCK, PILE_WASTE, MIN (turn_size (state), stock));
      return;
    }

  /* Turned over as a packet, the waste becomes the stock in its first order again. */
  pat_state_move_flip (state, PILE_WASTE, PILE_STOCK, pat_state_pile_len (state, PILE_WASTE));
  if (state->round < G_MAXUINT16)
    state->round++;
  if (state->variant == PAT_DIE_PER_PASS)
    state->die = die_roll (state, state->round);
}

static void
demon_apply (PatState      *state,
             const PatMove *move,
             PatMoveList   *automatic)
{
  if (move->kind == PAT_MOVE_STOCK)
    turn_stock (state);
  else if (move->kind == PAT_MOVE_CARDS)
    pat_state_move (state, move->from, move->to, move->count);
  refill (state, automatic);
}

static void
demon_deal (PatState            *state,
            const PatCard       *deck,
            const PatDealNumber *deal,
            const PatOptions    *options)
{
  guint i;

  pat_state_init (state, N_PILES);
  for (i = 0; i < 13; i++)
    pat_state_push (state, PILE_RESERVE, deck[i]);
  pat_state_push (state, PILE_F1, deck[13]);
  for (i = 0; i < 4; i++)
    pat_state_push (state, PILE_T1 + i, deck[14 + i]);
  for (i = PAT_N_CARDS; i > 18; i--)
    pat_state_push (state, PILE_STOCK, deck[i - 1]);

  state->base_rank = (guint8) pat_card_rank (deck[13]);
  state->variant = PAT_DIE_OFF;
  if (options != NULL && (options->die_mode == PAT_DIE_PER_GAME ||
                          options->die_mode == PAT_DIE_PER_PASS))
    state->variant = (guint8) options->die_mode;
  state->round = 1;
  if (deal != NULL)
    state->deal = *deal;
  state->die = state->variant == PAT_DIE_OFF ? 0 : die_roll (state, 1);

  refill (state, NULL);
}

/* Whether, in a pass that starts with an empty waste and turns @n cards at a time, one of the
 * talon positions in @playable shows on top of the waste. */
static gboolean
full_pass_shows (guint64 playable,
                 guint   length,
                 guint   n)
{
  guint p;

  for (p = n; ; p += n)
    {
      if (playable & (G_GUINT64_CONSTANT (1) << (MIN (p, length) - 1)))
        return TRUE;
      if (p >= length)
        return FALSE;
    }
}

/* Whether some card of the talon can be played from the waste, now or after stock turns alone.
 *
 * Stock turns change nothing but the talon, so what can be played from the waste is fixed; only
 * which talon cards come to the top matters. Number the talon in the order it is turned (waste
 * bottom to top, then stock top to bottom): a pass turning n at a time shows positions n−1,
 * 2n−1, … and the last. The rest of the current pass goes on from where the waste is now; every
 * later pass starts from an empty waste, so it shows a set that depends only on its n. With
 * three cards or a per-game die every later pass is the same, so one suffices. With a per-pass
 * die, n is a function of the pass number, so the later passes show the union of the sets of the
 * rolls that ever occur: rolls are looked at pass after pass until all six values have come up,
 * or MAX_PASSES_SIMULATED passes (a well-mixed hash misses a value that long with probability
 * about 6 × (5/6)^1024), or the pass counter stops at its maximum and the roll stops changing. */
static gboolean
talon_can_play (const PatState *state)
{
  const PatCard *waste = pat_state_pile_cards (state, PILE_WASTE);
  const PatCard *stock = pat_state_pile_cards (state, PILE_STOCK);
  guint n_waste = pat_state_pile_len (state, PILE_WASTE);
  guint n_stock = pat_state_pile_len (state, PILE_STOCK);
  guint length = n_waste + n_stock;
  guint64 playable = 0;
  guint i, n, p, k, seen;

  for (i = 0; i < length; i++)
    {
      PatCard card = i < n_waste ? waste[i] : stock[n_stock - 1 - (i - n_waste)];
      const char *reason;
      guint to;

      for (to = PILE_F1; to < N_PILES; to++)
        {
          gboolean fits = is_foundation (to)
                          ? pat_rules_fits_suit_foundation (state, to, card,
                                                            empty_foundation_reason, &reason)
                          : fits_tableau (state, to, card, &reason);

          if (fits)
            {
              playable |= G_GUINT64_CONSTANT (1) << i;
              break;
            }
        }
    }
  if (playable == 0)
    return FALSE;

  n = turn_size (state);
  p = n_waste;
  if (p > 0 && (playable & (G_GUINT64_CONSTANT (1) << (p - 1))))
    return TRUE;
  while (p < length)
    {
      p = MIN (p + n, length);
      if (playable & (G_GUINT64_CONSTANT (1) << (p - 1)))
        return TRUE;
    }

  if (state->variant != PAT_DIE_PER_PASS)
    return full_pass_shows (playable, length, n);

  seen = 0;
  for (k = 1; k <= MAX_PASSES_SIMULATED; k++)
    {
      guint pass = MIN ((guint) state->round + k, G_MAXUINT16);
      guint roll = die_roll (state, pass);

      if (!(seen & (1u << roll)))
        {
          if (full_pass_shows (playable, length, roll))
            return TRUE;
          seen |= 1u << roll;
        }
      if (seen == 0x7e || pass == G_MAXUINT16)
        break;
    }
  return FALSE;
}

static PatStatus
demon_status (const PatState *state)
{
  guint on_foundations = 0;
  guint from, to;

  if (state->n_piles != N_PILES)
    return PAT_STATUS_BLOCKED;

  for (to = PILE_F1; to < PILE_T1; to++)
    on_foundations += pat_state_pile_len (state, to);
  if (on_foundations == PAT_N_CARDS)
    return PAT_STATUS_WON;

  for (from = PILE_RESERVE; from < N_PILES; from++)
    {
      guint len = pat_state_pile_len (state, from);
      const char *reason;

      if (is_foundation (from) || len == 0)
        continue;
      for (to = PILE_F1; to < N_PILES; to++)
        if (check_cards (state, from, to, 1, &reason) ||
            (len > 1 && check_cards (state, from, to, len, &reason)))
          return PAT_STATUS_PLAYING;
    }

  return talon_can_play (state) ? PAT_STATUS_PLAYING : PAT_STATUS_BLOCKED;
}

static int
demon_score (const PatState *state)
{
  guint on_foundations = 0;
  guint complete = 0;
  guint f;

  for (f = PILE_F1; f < PILE_T1; f++)
    {
      guint len = pat_state_pile_len (state, f);

      on_foundations += len;
      if (len == 13)
        complete++;
    }

  return (int) (50 * complete + (on_foundations == PAT_N_CARDS ? 100 : 0) + on_foundations) -
         (int) pat_state_pile_len (state, PILE_RESERVE);
}

static void
demon_describe (const PatState *state,
                GString        *out)
{
  if (state->base_rank >= PAT_ACE && state->base_rank <= PAT_KING)
    g_string_append_printf (out, "Base: %c\n", pat_rank_char (state->base_rank));
  g_string_append_printf (out, "Pass: %u\n", (guint) state->round);
  if (state->variant != PAT_DIE_OFF)
    g_string_append_printf (out, "Die: %u\n", (guint) state->die);
}

/* Demon builds down in alternate colours: a card is no longer wanted once both foundations of the
 * other colour hold the cards one rank below it (counted from the base rank). A base card would
 * need them full: it may still hold the last card of the other colour. */
static gboolean
demon_safe_to_foundation (PatCard       card,
                          guint         base_rank,
                          const guint8  height[4])
{
  guint below = (pat_card_rank (card) + 12 - MAX (1, base_rank)) % 13;
  guint other = pat_card_is_red (card) ? 0 : 2;

  return height[other] > below && height[other + 1] > below;
}

/* The levels: see PatDifficultyInfo. */
static const PatDifficultyInfo demon_difficulty = {
  .yardstick = PAT_YARDSTICK_GREEDY,
  .players = PAT_PLAYOUT_RANDOM,
  .easy_min = 0.216,
  .medium_min = 0.144,
  .pick_seconds = PAT_DIFFICULTY_PICK_SECONDS,
};

const PatRules pat_rules_demon = {
  "demon",
  N_("Demon"),
  N_("Canfield: build the foundations from the base rank, with a stock of threes"),
  &demon_layout,
  demon_deal,
  demon_legal_moves,
  demon_check_move,
  demon_apply,
  demon_status,
  demon_score,
  demon_describe,
  NULL,
  .safe_to_foundation = demon_safe_to_foundation,
  .flags = PAT_RULES_SCORE | PAT_RULES_DIE | PAT_RULES_MATCH,
  .blocked_reason = N_("No card can move, now or after any number of turns through the stock."),
  .solver = &pat_solver_demon,
  .difficulty = &demon_difficulty,
};
