/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Black Hole and All in a Row: fans of face-up cards played one by one into a single hole. */

#include "config.h"

#include "pat-difficulty.h"
#include "pat-rules.h"
#include "pat-solver-private.h"

#ifndef N_
#define N_(s) (s)
#endif

/* Pile 0 is the hole in both games; the fans or columns follow it. */
#define HOLE 0

#define BH_FANS      17
#define AIR_COLUMNS  13

/* Black Hole: a row of seven fans, two fans either side of the hole, and a row of six.
 * Rows are far enough apart for three cards fanned down. */
#define BH_PITCH_X 1.25f
#define BH_PITCH_Y 1.75f

#define BH_FAN(i, cx, row) \
  { PAT_PILE_TABLEAU, i, PAT_FAN_DOWN, PAT_FACE_UP, (cx) * BH_PITCH_X, (row) * BH_PITCH_Y }

/* On a tall, narrow board (a phone held upright): rows of five, four, four with the hole in the
 * middle, and four, the rows of four between the columns of the rows of five. */
#define BH_NARROW_PITCH_Y 1.7f

#define BH_NARROW_FAN(i, cx, row) \
  { PAT_PILE_TABLEAU, i, PAT_FAN_DOWN, PAT_FACE_UP, (cx) * BH_PITCH_X, (row) * BH_NARROW_PITCH_Y }

static const PatLayout black_hole_narrow_layout = {
  1 + BH_FANS,
  4 * BH_PITCH_X + 1, 3 * BH_NARROW_PITCH_Y + 1,
  {
    { PAT_PILE_HOLE, 0, PAT_FAN_NONE, PAT_FACE_UP, 2 * BH_PITCH_X, 2 * BH_NARROW_PITCH_Y },
    BH_NARROW_FAN (1, 0, 0), BH_NARROW_FAN (2, 1, 0), BH_NARROW_FAN (3, 2, 0),
    BH_NARROW_FAN (4, 3, 0), BH_NARROW_FAN (5, 4, 0),
    BH_NARROW_FAN (6, 0.5f, 1), BH_NARROW_FAN (7, 1.5f, 1), BH_NARROW_FAN (8, 2.5f, 1),
    BH_NARROW_FAN (9, 3.5f, 1),
    BH_NARROW_FAN (10, 0, 2), BH_NARROW_FAN (11, 1, 2), BH_NARROW_FAN (12, 3, 2),
    BH_NARROW_FAN (13, 4, 2),
    BH_NARROW_FAN (14, 0.5f, 3), BH_NARROW_FAN (15, 1.5f, 3), BH_NARROW_FAN (16, 2.5f, 3),
    BH_NARROW_FAN (17, 3.5f, 3),
  },
  N_("Black Hole"),
  PAT_NOUN_FAN,
};

static const PatLayout black_hole_layout = {
  1 + BH_FANS,
  6 * BH_PITCH_X + 1, 2 * BH_PITCH_Y + 1,
  {
    { PAT_PILE_HOLE, 0, PAT_FAN_NONE, PAT_FACE_UP, 3 * BH_PITCH_X, 1 * BH_PITCH_Y },
    BH_FAN (1, 0, 0), BH_FAN (2, 1, 0), BH_FAN (3, 2, 0), BH_FAN (4, 3, 0),
    BH_FAN (5, 4, 0), BH_FAN (6, 5, 0), BH_FAN (7, 6, 0),
    BH_FAN (8, 0.5f, 1), BH_FAN (9, 1.5f, 1), BH_FAN (10, 4.5f, 1), BH_FAN (11, 5.5f, 1),
    BH_FAN (12, 0.5f, 2), BH_FAN (13, 1.5f, 2), BH_FAN (14, 2.5f, 2),
    BH_FAN (15, 3.5f, 2), BH_FAN (16, 4.5f, 2), BH_FAN (17, 5.5f, 2),
  },
  /* Translators: the pile every card goes into, in Black Hole */
  N_("Black Hole"),
  PAT_NOUN_FAN,
  &black_hole_narrow_layout,
};

/* All in a Row: thirteen columns of four in a row, the hole centred below them, clear of
 * the fanned cards. */
#define AIR_PITCH_X 1.15f
#define AIR_HOLE_Y  2.5f

#define AIR_COLUMN(i) \
  { PAT_PILE_TABLEAU, i, PAT_FAN_DOWN, PAT_FACE_UP, ((i) - 1) * AIR_PITCH_X, 0 }

/* On a tall, narrow board (a phone held upright): the columns in rows of five, four and four, the
 * lower rows between the columns above, each row clear of the fans of the one above; the hole
 * below them. */
#define AIR_NARROW_PITCH_Y 2.1f
#define AIR_NARROW_HOLE_Y  (3 * AIR_NARROW_PITCH_Y + 0.15f)

#define AIR_NARROW_COLUMN(i, cx, row) \
  { PAT_PILE_TABLEAU, i, PAT_FAN_DOWN, PAT_FACE_UP, (cx) * AIR_PITCH_X, (row) * AIR_NARROW_PITCH_Y }

static const PatLayout all_in_a_row_narrow_layout = {
  1 + AIR_COLUMNS,
  4 * AIR_PITCH_X + 1, AIR_NARROW_HOLE_Y + 1,
  {
    { PAT_PILE_HOLE, 0, PAT_FAN_NONE, PAT_FACE_UP, 2 * AIR_PITCH_X, AIR_NARROW_HOLE_Y },
    AIR_NARROW_COLUMN (1, 0, 0), AIR_NARROW_COLUMN (2, 1, 0), AIR_NARROW_COLUMN (3, 2, 0),
    AIR_NARROW_COLUMN (4, 3, 0), AIR_NARROW_COLUMN (5, 4, 0),
    AIR_NARROW_COLUMN (6, 0.5f, 1), AIR_NARROW_COLUMN (7, 1.5f, 1), AIR_NARROW_COLUMN (8, 2.5f, 1),
    AIR_NARROW_COLUMN (9, 3.5f, 1),
    AIR_NARROW_COLUMN (10, 0.5f, 2), AIR_NARROW_COLUMN (11, 1.5f, 2),
    AIR_NARROW_COLUMN (12, 2.5f, 2), AIR_NARROW_COLUMN (13, 3.5f, 2),
  },
  N_("Hole"),
  PAT_NOUN_COLUMN,
};

static const PatLayout all_in_a_row_layout = {
  1 + AIR_COLUMNS,
  12 * AIR_PITCH_X + 1, AIR_HOLE_Y + 1,
  {
    { PAT_PILE_HOLE, 0, PAT_FAN_NONE, PAT_FACE_UP, 6 * AIR_PITCH_X, AIR_HOLE_Y },
    AIR_COLUMN (1), AIR_COLUMN (2), AIR_COLUMN (3), AIR_COLUMN (4), AIR_COLUMN (5),
    AIR_COLUMN (6), AIR_COLUMN (7), AIR_COLUMN (8), AIR_COLUMN (9), AIR_COLUMN (10),
    AIR_COLUMN (11), AIR_COLUMN (12), AIR_COLUMN (13),
  },
  /* Translators: the pile every card goes into, in All in a Row; its rules call it the hole */
  N_("Hole"),
  PAT_NOUN_COLUMN,
  &all_in_a_row_narrow_layout,
};

#define ACE_OF_SPADES ((PatCard) (PAT_SUIT_SPADES * 13 + PAT_ACE - 1))

/* Deals @deck with the Ace of Spades taken out and put last, card k to pile 1 + k mod
 * @n_fans; with @ace_to_hole the Ace goes into the hole instead of onto a pile. */
static void
deal_fans (PatState      *state,
           const PatCard *deck,
           guint          n_fans,
           gboolean       ace_to_hole)
{
  PatCard order[PAT_N_CARDS];
  guint n = 0;
  guint k;

  for (k = 0; k < PAT_N_CARDS; k++)
    if (deck[k] != ACE_OF_SPADES)
      order[n++] = deck[k];
  if (n < PAT_N_CARDS)
    order[n] = ACE_OF_SPADES;

  pat_state_init (state, 1 + n_fans);
  for (k = 0; k < PAT_N_CARDS; k++)
    pat_state_push (state, ace_to_hole && k == PAT_N_CARDS - 1 ? HOLE : 1 + k % n_fans, order[k]);
}

static void
black_hole_deal (PatState            *state,
                 const PatCard       *deck,
                 const PatDealNumber *deal,
                 const PatOptions    *options)
{
  deal_fans (state, deck, BH_FANS, TRUE);
  state->deal = *deal;
}

static void
all_in_a_row_deal (PatState            *state,
                   const PatCard       *deck,
                   const PatDealNumber *deal,
                   const PatOptions    *options)
{
  deal_fans (state, deck, AIR_COLUMNS, FALSE);
  state->deal = *deal;
}

/* Whether @card may go on a hole whose top card is @top (PAT_NO_CARD when empty). */
static inline gboolean
fits (PatCard card,
      PatCard top)
{
  return top == PAT_NO_CARD || pat_ranks_adjacent (pat_card_rank (card), pat_card_rank (top));
}

static void
hole_legal_moves (const PatState *state,
                  PatMoveList    *moves)
{
  PatCard top = pat_state_pile_top (state, HOLE);
  guint i;

  moves->n = 0;
  for (i = 1; i < state->n_piles; i++)
    {
      PatCard card = pat_state_pile_top (state, i);

      if (card != PAT_NO_CARD && fits (card, top))
        pat_move_list_add (moves, PAT_MOVE_CARDS, i, HOLE, 1);
    }
}

static gboolean
hole_check_move (const PatState  *state,
                 const PatMove   *move,
                 const char     **reason)
{
  PatCard card;

  if (move->kind != PAT_MOVE_CARDS)
    {
      *reason = N_("the only move is a card into the hole");
      return FALSE;
    }
  if (move->from >= state->n_piles || move->to >= state->n_piles)
    {
      *reason = N_("no such pile");
      return FALSE;
    }
  if (move->from == HOLE)
    {
      *reason = N_("cards never leave the hole");
      return FALSE;
    }
  if (move->to != HOLE)
    {
      *reason = N_("cards go only into the hole");
      return FALSE;
    }
  if (move->count != 1)
    {
      *reason = N_("only the top card of a fan can move, one at a time");
      return FALSE;
    }
  card = pat_state_pile_top (state, move->from);
  if (card == PAT_NO_CARD)
    {
      *reason = N_("that fan is empty");
      return FALSE;
    }
  if (!fits (card, pat_state_pile_top (state, HOLE)))
    {
      *reason = N_("a card goes into the hole one rank above or below its top card");
      return FALSE;
    }
  return TRUE;
}

static void
hole_apply (PatState      *state,
            const PatMove *move,
            PatMoveList   *automatic)
{
  pat_state_move (state, move->from, HOLE, 1);
}

static PatStatus
hole_status (const PatState *state)
{
  PatCard top = pat_state_pile_top (state, HOLE);
  guint i;

  if (pat_state_pile_len (state, HOLE) == pat_state_n_cards (state))
    return PAT_STATUS_WON;
  for (i = 1; i < state->n_piles; i++)
    {
      PatCard card = pat_state_pile_top (state, i);

      if (card != PAT_NO_CARD && fits (card, top))
        return PAT_STATUS_PLAYING;
    }
  return PAT_STATUS_BLOCKED;
}

static int
hole_score (const PatState *state)
{
  return (int) pat_state_pile_len (state, HOLE);
}

/* black-hole-solver's board format, so a position can be handed to it as is. */
static void
hole_format (const PatState *state,
             GString        *out)
{
  PatCard top = pat_state_pile_top (state, HOLE);
  char text[3];
  guint i, k;

  if (top == PAT_NO_CARD)
    {
      g_string_append (out, "Foundations: -\n");
    }
  else
    {
      pat_card_format (top, text);
      g_string_append_printf (out, "Foundations: %s\n", text);
    }

  for (i = 1; i < state->n_piles; i++)
    {
      const PatCard *cards = pat_state_pile_cards (state, i);
      guint len = pat_state_pile_len (state, i);

      for (k = 0; k < len; k++)
        {
          pat_card_format (cards[k], text);
          if (k > 0)
            g_string_append_c (out, ' ');
          g_string_append (out, text);
        }
      g_string_append_c (out, '\n');
    }
}

/* The levels: see PatDifficultyInfo. */
static const PatDifficultyInfo black_hole_difficulty = {
  .yardstick = PAT_YARDSTICK_ROLLOUT,
  .players = PAT_PLAYOUT_ROLLOUT,
  .easy_min = 0.97995,
  .medium_min = 0.96055,
  .pick_seconds = PAT_DIFFICULTY_PICK_SECONDS,
};

/* Wins first: by the best game, Medium and Hard hardly differed on deals never used to set the
 * thresholds (see pat_difficulty_score_with()). */
static const PatDifficultyInfo all_in_a_row_difficulty = {
  .yardstick = PAT_YARDSTICK_ROLLOUT,
  .players = PAT_PLAYOUT_ROLLOUT_WINS,
  .easy_min = 0.0928,
  .medium_min = 0.07735,
  .pick_seconds = PAT_DIFFICULTY_PICK_SECONDS,
};

const PatRules pat_rules_black_hole = {
  "black-hole",
  N_("Black Hole"),
  N_("Send every card into the hole, one rank up or down"),
  &black_hole_layout,
  black_hole_deal,
  hole_legal_moves,
  hole_check_move,
  hole_apply,
  hole_status,
  hole_score,
  NULL,
  hole_format,
  .flags = PAT_RULES_PYSOLFC,
  .blocked_reason = N_("No available card is one rank above or below the top card of the hole."),
  .solver = &pat_solver_black_hole,
  .difficulty = &black_hole_difficulty,
};

const PatRules pat_rules_all_in_a_row = {
  "all-in-a-row",
  N_("All in a Row"),
  N_("Black Hole with thirteen columns and an empty hole"),
  &all_in_a_row_layout,
  all_in_a_row_deal,
  hole_legal_moves,
  hole_check_move,
  hole_apply,
  hole_status,
  hole_score,
  NULL,
  hole_format,
  .flags = PAT_RULES_PYSOLFC,
  .blocked_reason = N_("No available card is one rank above or below the top card of the hole."),
  .solver = &pat_solver_black_hole,
  .difficulty = &all_in_a_row_difficulty,
};
