/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Penguin (RULES.md section 3): seven columns, a seven-cell flipper, foundations from the beak. */

#include "config.h"

#include "pat-difficulty.h"
#include "pat-rules.h"
#include "pat-solver-private.h"

#define N_(s) (s)

#define N_COLUMNS        7
#define N_CELLS          7
#define N_FOUNDATIONS    4
#define FIRST_CELL       N_COLUMNS
#define FIRST_FOUNDATION (FIRST_CELL + N_CELLS)
#define N_PILES          (FIRST_FOUNDATION + N_FOUNDATIONS)

/* Cells in a row on top, the columns under them, the foundations down the right side. */
#define COL_X(i)  ((float) (i) * 1.1f)
#define FOUND_X   (COL_X (N_COLUMNS) + 0.3f)
#define TABLEAU_Y 1.25f

#define COLUMN(i, y) { PAT_PILE_TABLEAU, i, PAT_FAN_DOWN, PAT_FACE_UP, COL_X ((i) - 1), y }
#define CELL(i, y)   { PAT_PILE_CELL, i, PAT_FAN_NONE, PAT_FACE_UP, COL_X ((i) - 1), y }
#define FOUNDATION(i, x, y) { PAT_PILE_FOUNDATION, i, PAT_FAN_NONE, PAT_FACE_UP, x, y }

/* On a tall, narrow board (a phone held upright): the foundations in a row above the flipper,
 * and the columns below, so the columns get the whole width. */
#define NARROW_CELLS_Y   1.2f
#define NARROW_TABLEAU_Y 2.45f

static const PatLayout penguin_narrow_layout = {
  N_PILES, COL_X (N_COLUMNS - 1) + 1.0f, NARROW_TABLEAU_Y + 1.0f,
  {
    COLUMN (1, NARROW_TABLEAU_Y), COLUMN (2, NARROW_TABLEAU_Y), COLUMN (3, NARROW_TABLEAU_Y),
    COLUMN (4, NARROW_TABLEAU_Y), COLUMN (5, NARROW_TABLEAU_Y), COLUMN (6, NARROW_TABLEAU_Y),
    COLUMN (7, NARROW_TABLEAU_Y),
    CELL (1, NARROW_CELLS_Y), CELL (2, NARROW_CELLS_Y), CELL (3, NARROW_CELLS_Y),
    CELL (4, NARROW_CELLS_Y), CELL (5, NARROW_CELLS_Y), CELL (6, NARROW_CELLS_Y),
    CELL (7, NARROW_CELLS_Y),
    FOUNDATION (1, COL_X (1.5f), 0), FOUNDATION (2, COL_X (2.5f), 0),
    FOUNDATION (3, COL_X (3.5f), 0), FOUNDATION (4, COL_X (4.5f), 0),
  },
  .tableau_noun = PAT_NOUN_COLUMN,
};

static const PatLayout penguin_layout = {
  N_PILES, FOUND_X + 1.0f, 3 * 1.15f + 1.0f,
  {
    COLUMN (1, TABLEAU_Y), COLUMN (2, TABLEAU_Y), COLUMN (3, TABLEAU_Y), COLUMN (4, TABLEAU_Y),
    COLUMN (5, TABLEAU_Y), COLUMN (6, TABLEAU_Y), COLUMN (7, TABLEAU_Y),
    CELL (1, 0), CELL (2, 0), CELL (3, 0), CELL (4, 0), CELL (5, 0), CELL (6, 0), CELL (7, 0),
    FOUNDATION (1, FOUND_X, 0 * 1.15f), FOUNDATION (2, FOUND_X, 1 * 1.15f),
    FOUNDATION (3, FOUND_X, 2 * 1.15f), FOUNDATION (4, FOUND_X, 3 * 1.15f),
  },
  .tableau_noun = PAT_NOUN_COLUMN,
  .narrow = &penguin_narrow_layout,
};

static inline gboolean
is_column (guint pile)
{
  return pile < FIRST_CELL;
}

static inline gboolean
is_cell (guint pile)
{
  return pile >= FIRST_CELL && pile < FIRST_FOUNDATION;
}

static inline gboolean
is_foundation (guint pile)
{
  return pile >= FIRST_FOUNDATION && pile < N_PILES;
}

/* Whether @upper may lie on @lower in a column: same suit, one rank lower, King on Ace allowed. */
static inline gboolean
continues (PatCard lower,
           PatCard upper)
{
  return pat_card_suit (lower) == pat_card_suit (upper) &&
         pat_card_rank (upper) == pat_rank_prev (pat_card_rank (lower));
}

/* How many cards at the top of @pile form a descending suit sequence. */
static guint
run_length (const PatState *state,
            guint           pile)
{
  const PatCard *cards = pat_state_pile_cards (state, pile);
  guint len = pat_state_pile_len (state, pile);
  guint n;

  if (len == 0)
    return 0;
  for (n = 1; n < len; n++)
    if (!continues (cards[len - n - 1], cards[len - n]))
      break;
  return n;
}

static void
penguin_deal (PatState            *state,
              const PatCard       *deck,
              const PatDealNumber *deal,
              const PatOptions    *options)
{
  guint beak = pat_card_rank (deck[0]);
  guint position = 0;
  guint foundation = FIRST_FOUNDATION;
  guint i;

  pat_state_init (state, N_PILES);
  state->base_rank = (guint8) beak;
  state->deal = *deal;

  /* Positions fill in order, so pushing position p on column p mod 7 puts it at row p div 7. */
  pat_state_push (state, 0, deck[0]);
  for (i = 1; i < PAT_N_CARDS; i++)
    {
      if (pat_card_rank (deck[i]) == beak)
        pat_state_push (state, foundation++, deck[i]);
      else
        {
          position++;
          pat_state_push (state, position % N_COLUMNS, deck[i]);
        }
    }
}

/* @count cards from @from to the column @to, from a cell or another column; a cell's single card
 * is a run of one. */
static gboolean
check_to_column (const PatState  *state,
                 guint            from,
                 guint            to,
                 guint            count,
                 const char     **reason)
{
  PatCard head, top;

  if (count > run_length (state, from))
    {
      *reason = N_("only a descending suit sequence moves as a unit");
      return FALSE;
    }
  head = pat_state_pile_peek (state, from, count - 1);
  top = pat_state_pile_top (state, to);
  if (top == PAT_NO_CARD)
    {
      if (pat_card_rank (head) != pat_rank_prev (state->base_rank))
        {
          *reason = N_("an empty column takes only a card one rank below the beak");
          return FALSE;
        }
      return TRUE;
    }
  if (pat_card_suit (head) != pat_card_suit (top))
    {
      *reason = N_("a card goes only on a card of its own suit");
      return FALSE;
    }
  if (!continues (top, head))
    {
      *reason = N_("a card goes only on the card one rank above it");
      return FALSE;
    }
  return TRUE;
}

static gboolean
penguin_check_move (const PatState  *state,
                    const PatMove   *move,
                    const char     **reason)
{
  guint from = move->from;
  guint to = move->to;
  guint count = move->count;
  guint len;

  if (move->kind != PAT_MOVE_CARDS)
    {
      *reason = N_("Penguin has only card moves");
      return FALSE;
    }
  if (from >= N_PILES || to >= N_PILES || from >= state->n_piles || to >= state->n_piles)
    {
      *reason = N_("no such pile");
      return FALSE;
    }
  if (from == to)
    {
      *reason = N_("the cards are already there");
      return FALSE;
    }
  if (is_foundation (from))
    {
      *reason = N_("cards never come back from a foundation");
      return FALSE;
    }
  len = pat_state_pile_len (state, from);
  if (len == 0)
    {
      *reason = N_("that pile is empty");
      return FALSE;
    }
  if (count == 0)
    {
      *reason = N_("a move takes at least one card");
      return FALSE;
    }
  if (count > len)
    {
      *reason = N_("there are not that many cards there");
      return FALSE;
    }

  if (is_foundation (to))
    {
      if (count != 1)
        {
          *reason = N_("cards go to a foundation one at a time");
          return FALSE;
        }
      return pat_rules_fits_suit_foundation (state, to, pat_state_pile_top (state, from),
                                             N_("an empty foundation takes only a card of the "
                                                "beak's rank"), reason);
    }

  if (is_cell (to))
    {
      if (is_cell (from))
        {
          *reason = N_("a flipper card cannot move to another cell");
          return FALSE;
        }
      if (count != 1)
        {
          *reason = N_("a cell holds only one card");
          return FALSE;
        }
      if (pat_state_pile_len (state, to) != 0)
        {
          *reason = N_("that cell is full");
          return FALSE;
        }
      return TRUE;
    }

  return check_to_column (state, from, to, count, reason);
}

/* Lists the legal moves into @moves (which may be NULL); stops at the first when @first_only. */
static guint
collect_moves (const PatState *state,
               PatMoveList    *moves,
               gboolean        first_only)
{
  guint n = 0;
  guint from, to, count;

  for (from = 0; from < FIRST_FOUNDATION; from++)
    {
      guint max_count;

      if (pat_state_pile_len (state, from) == 0)
        continue;
      max_count = is_column (from) ? run_length (state, from) : 1;

      for (to = 0; to < N_PILES; to++)
        {
          guint limit = is_column (to) ? max_count : 1;

          for (count = 1; count <= limit; count++)
            {
              PatMove move = pat_move_cards (from, to, count);
              const char *reason;

              if (!penguin_check_move (state, &move, &reason))
                continue;
              pat_move_list_add (moves, PAT_MOVE_CARDS, from, to, count);
              n++;
              if (first_only)
                return n;
            }
        }
    }
  return n;
}

static void
penguin_legal_moves (const PatState *state,
                     PatMoveList    *moves)
{
  moves->n = 0;
  collect_moves (state, moves, FALSE);
}

static void
penguin_apply (PatState      *state,
               const PatMove *move,
               PatMoveList   *automatic)
{
  pat_state_move (state, move->from, move->to, move->count);
}

static int
penguin_score (const PatState *state)
{
  guint i;
  int n = 0;

  for (i = FIRST_FOUNDATION; i < N_PILES; i++)
    n += (int) pat_state_pile_len (state, i);
  return n;
}

static PatStatus
penguin_status (const PatState *state)
{
  if (penguin_score (state) == PAT_N_CARDS)
    return PAT_STATUS_WON;
  if (collect_moves (state, NULL, TRUE) == 0)
    return PAT_STATUS_BLOCKED;
  return PAT_STATUS_PLAYING;
}

static void
penguin_describe (const PatState *state,
                  GString        *out)
{
  if (state->base_rank >= PAT_ACE && state->base_rank <= PAT_KING)
    g_string_append_printf (out, "Beak: %c\n", pat_rank_char (state->base_rank));
}

/* Penguin builds down in suit, so the only card that could ever go on a card is the one just
 * below it in its suit, which is on the foundation already when the card may follow it: every
 * move to a foundation is safe. */
static gboolean
penguin_safe_to_foundation (PatCard       card,
                            guint         base_rank,
                            const guint8  height[4])
{
  return TRUE;
}

/* The levels: see PatDifficultyInfo. */
static const PatDifficultyInfo penguin_difficulty = {
  .yardstick = PAT_YARDSTICK_GREEDY,
  .players = PAT_PLAYOUT_RANDOM,
  .easy_min = 0.133,
  .medium_min = 0.088,
  .pick_seconds = PAT_DIFFICULTY_PICK_SECONDS,
};

const PatRules pat_rules_penguin = {
  "penguin",
  N_("Penguin"),
  N_("Build up in suit from the beak’s rank, with a seven-cell flipper"),
  &penguin_layout,
  penguin_deal,
  penguin_legal_moves,
  penguin_check_move,
  penguin_apply,
  penguin_status,
  penguin_score,
  penguin_describe,
  NULL,
  .safe_to_foundation = penguin_safe_to_foundation,
  .flags = PAT_RULES_BELOW_BASE | PAT_RULES_FIRST_CARD,
  .solver = &pat_solver_penguin,
  .difficulty = &penguin_difficulty,
};
