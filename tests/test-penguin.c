/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of Penguin: the deal, every kind of move, the end of a game, legal_moves and check_move. */

#include <string.h>

#include "pat-error.h"
#include "pat-rules.h"
#include "test-card.h"

#define N_PILES 18
#define CELL(i)       (7 + (i) - 1)
#define FOUNDATION(i) (14 + (i) - 1)
#define COLUMN(i)     ((i) - 1)

static const PatRules *rules = &pat_rules_penguin;

/* A deck with @first at the top and the other cards in their usual order, except that @moved
 * (NULL-terminated card names) are taken out and put at @positions. */
static void
make_deck (PatCard            deck[PAT_N_CARDS],
           const char        *first,
           const char *const *moved,
           const guint       *positions)
{
  gboolean used[PAT_N_CARDS] = { FALSE };
  gboolean placed[PAT_N_CARDS] = { FALSE };
  guint i, k, next = 0;

  deck[0] = card (first);
  used[deck[0]] = TRUE;
  placed[0] = TRUE;
  for (i = 0; moved != NULL && moved[i] != NULL; i++)
    {
      PatCard c = card (moved[i]);

      g_assert_false (placed[positions[i]]);
      deck[positions[i]] = c;
      used[c] = TRUE;
      placed[positions[i]] = TRUE;
    }
  for (k = 0; k < PAT_N_CARDS; k++)
    {
      if (placed[k])
        continue;
      while (used[next])
        next++;
      deck[k] = (PatCard) next;
      used[next] = TRUE;
    }
}

/* Builds a position from one string per pile ("TH 9H", bottom to top; NULL or "" for empty). */
static void
make_state (PatState          *state,
            guint              beak,
            const char *const  piles[N_PILES])
{
  guint i;

  pat_state_init (state, N_PILES);
  state->base_rank = (guint8) beak;
  for (i = 0; i < N_PILES; i++)
    {
      g_auto (GStrv) words = NULL;
      guint k;

      if (piles[i] == NULL)
        continue;
      words = g_strsplit (piles[i], " ", -1);
      for (k = 0; words[k] != NULL; k++)
        if (words[k][0] != '\0')
          pat_state_push (state, i, card (words[k]));
    }
}

static gboolean
legal (const PatState *state,
       guint           from,
       guint           to,
       guint           count)
{
  PatMove move = pat_move_cards (from, to, count);
  const char *reason = NULL;
  gboolean ok = rules->check_move (state, &move, &reason);

  if (!ok)
    g_assert_nonnull (reason);
  return ok;
}

static gboolean
in_list (const PatMoveList *moves,
         guint              from,
         guint              to,
         guint              count)
{
  guint i;

  for (i = 0; i < moves->n; i++)
    if (moves->moves[i].kind == PAT_MOVE_CARDS && moves->moves[i].from == from &&
        moves->moves[i].to == to && moves->moves[i].count == count)
      return TRUE;
  return FALSE;
}

static void
assert_pile (const PatState *state,
             guint           pile,
             const char     *expected)
{
  g_autoptr (GString) text = g_string_new (NULL);
  const PatCard *cards = pat_state_pile_cards (state, pile);
  guint k;

  for (k = 0; k < pat_state_pile_len (state, pile); k++)
    {
      char c[3];

      pat_card_format (cards[k], c);
      if (k > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, c);
    }
  g_assert_cmpstr (text->str, ==, expected);
}

static void
test_registry (void)
{
  const PatLayout *layout = rules->layout;
  guint i;

  g_assert_true (pat_rules_lookup ("penguin") == &pat_rules_penguin);
  g_assert_cmpstr (rules->name, ==, "Penguin");
  g_assert_cmpuint (strlen (rules->summary), >, 0);
  g_assert_cmpuint (layout->n_piles, ==, N_PILES);
  g_assert_cmpfloat (layout->width, >, 0);
  g_assert_cmpfloat (layout->height, >, 0);
  for (i = 0; i < 7; i++)
    {
      g_assert_cmpuint (layout->piles[COLUMN (i + 1)].kind, ==, PAT_PILE_TABLEAU);
      g_assert_cmpuint (layout->piles[COLUMN (i + 1)].index, ==, i + 1);
      g_assert_cmpuint (layout->piles[COLUMN (i + 1)].fan, ==, PAT_FAN_DOWN);
      g_assert_cmpuint (layout->piles[CELL (i + 1)].kind, ==, PAT_PILE_CELL);
      g_assert_cmpuint (layout->piles[CELL (i + 1)].index, ==, i + 1);
    }
  for (i = 0; i < 4; i++)
    {
      g_assert_cmpuint (layout->piles[FOUNDATION (i + 1)].kind, ==, PAT_PILE_FOUNDATION);
      g_assert_cmpuint (layout->piles[FOUNDATION (i + 1)].index, ==, i + 1);
    }
  for (i = 0; i < N_PILES; i++)
    {
      g_assert_cmpfloat (layout->piles[i].x + 1, <=, layout->width + 0.001);
      g_assert_cmpfloat (layout->piles[i].y + 1, <=, layout->height + 0.001);
    }
  g_assert_cmpint (pat_rules_find_pile (rules, PAT_PILE_CELL, 3), ==, CELL (3));
  g_assert_cmpint (pat_rules_find_pile (rules, PAT_PILE_FOUNDATION, 4), ==, FOUNDATION (4));
}

/* Checks a dealt position against the procedure of DESIGN.md "Deals", walking the deck. */
static void
assert_dealt (const PatState *state,
              const PatCard   deck[PAT_N_CARDS])
{
  guint beak = pat_card_rank (deck[0]);
  guint p = 0, f = 0, i;

  g_assert_cmpuint (state->n_piles, ==, N_PILES);
  g_assert_cmpuint (state->base_rank, ==, beak);
  g_assert_cmpuint (pat_state_pile_cards (state, COLUMN (1))[0], ==, deck[0]);
  for (i = 1; i < PAT_N_CARDS; i++)
    {
      if (pat_card_rank (deck[i]) == beak)
        {
          g_assert_cmpuint (pat_state_pile_len (state, FOUNDATION (f + 1)), ==, 1);
          g_assert_cmpuint (pat_state_pile_top (state, FOUNDATION (f + 1)), ==, deck[i]);
          f++;
        }
      else
        {
          p++;
          g_assert_cmpuint (pat_state_pile_cards (state, p % 7)[p / 7], ==, deck[i]);
        }
    }
  g_assert_cmpuint (p, ==, 48);
  g_assert_cmpuint (f, ==, 3);
  for (i = 0; i < 7; i++)
    {
      g_assert_cmpuint (pat_state_pile_len (state, COLUMN (i + 1)), ==, 7);
      g_assert_cmpuint (pat_state_pile_len (state, CELL (i + 1)), ==, 0);
    }
  g_assert_cmpuint (pat_state_pile_len (state, FOUNDATION (4)), ==, 0);
  g_assert_cmpuint (pat_state_n_cards (state), ==, 52);
  g_assert_cmpint (rules->score (state), ==, 3);
  g_assert_cmpint (rules->status (state), ==, PAT_STATUS_PLAYING);
}

static void
test_deal_spread (void)
{
  static const char *const tens[] = { "TD", "TC", "TS", NULL };
  static const guint where[] = { 5, 20, 51 };
  PatCard deck[PAT_N_CARDS];
  PatState state;

  make_deck (deck, "TH", tens, where);
  pat_rules_deal_deck (rules, &state, deck, NULL);
  assert_dealt (&state, deck);

  /* By hand: in order of appearance, and the beak under six cards of column 1. */
  assert_pile (&state, FOUNDATION (1), "TD");
  assert_pile (&state, FOUNDATION (2), "TC");
  assert_pile (&state, FOUNDATION (3), "TS");
  g_assert_cmpuint (pat_state_pile_cards (&state, COLUMN (1))[0], ==, card ("TH"));
  g_assert_cmpuint (pat_state_pile_peek (&state, COLUMN (1), 6), ==, card ("TH"));
  /* D[1] is position 1: column 2, row 0. D[5] went to f1, so D[6] is position 5 (column 6,
   * row 0) and D[8] is position 7 (column 1, row 1). */
  g_assert_cmpuint (pat_state_pile_cards (&state, COLUMN (2))[0], ==, deck[1]);
  g_assert_cmpuint (pat_state_pile_cards (&state, COLUMN (5))[0], ==, deck[4]);
  g_assert_cmpuint (pat_state_pile_cards (&state, COLUMN (6))[0], ==, deck[6]);
  g_assert_cmpuint (pat_state_pile_cards (&state, COLUMN (1))[1], ==, deck[8]);
  /* The last position, 48, is the uncovered card of column 7: D[50], since D[51] is a Ten. */
  g_assert_cmpuint (pat_state_pile_top (&state, COLUMN (7)), ==, deck[50]);
}

static void
test_deal_at_end (void)
{
  static const char *const sevens[] = { "7S", "7C", "7D", NULL };
  static const guint where[] = { 49, 50, 51 };
  PatCard deck[PAT_N_CARDS];
  PatState state;
  guint p;

  make_deck (deck, "7H", sevens, where);
  pat_rules_deal_deck (rules, &state, deck, NULL);
  assert_dealt (&state, deck);
  assert_pile (&state, FOUNDATION (1), "7S");
  assert_pile (&state, FOUNDATION (2), "7C");
  assert_pile (&state, FOUNDATION (3), "7D");
  /* No gap: D[p] is at position p for every p up to 48. */
  for (p = 0; p < 49; p++)
    g_assert_cmpuint (pat_state_pile_cards (&state, p % 7)[p / 7], ==, deck[p]);
  g_assert_cmpuint (pat_state_pile_top (&state, COLUMN (7)), ==, deck[48]);
}

static void
test_deal_at_start (void)
{
  static const char *const aces[] = { "AD", "AH", "AS", NULL };
  static const guint where[] = { 1, 2, 3 };
  PatCard deck[PAT_N_CARDS];
  PatState state;
  g_autofree char *text = NULL;

  make_deck (deck, "AC", aces, where);
  pat_rules_deal_deck (rules, &state, deck, NULL);
  assert_dealt (&state, deck);
  assert_pile (&state, FOUNDATION (1), "AD");
  assert_pile (&state, FOUNDATION (2), "AH");
  assert_pile (&state, FOUNDATION (3), "AS");
  /* D[4] is position 1. */
  g_assert_cmpuint (pat_state_pile_cards (&state, COLUMN (2))[0], ==, deck[4]);
  g_assert_cmpuint (pat_state_pile_top (&state, COLUMN (7)), ==, deck[51]);

  text = pat_rules_format_state (rules, &state);
  g_assert_true (g_str_has_prefix (text, "Beak: A\nt1: AC "));
}

static void
test_deal_numbers (void)
{
  static const guint64 numbers[] = { 1, 2, 617, 11982, 31999, 32000, 123456789 };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      PatDealNumber n = pat_deal_number_from_uint (numbers[i]);
      PatCard deck[PAT_N_CARDS];
      PatState state;
      g_autofree char *text = NULL;
      char expected[16];

      pat_deal_shuffle (&n, deck);
      pat_rules_deal_number (rules, &state, &n, NULL);
      assert_dealt (&state, deck);
      g_assert_true (pat_deal_number_equal (&state.deal, &n));

      text = pat_rules_format_state (rules, &state);
      g_snprintf (expected, sizeof expected, "Beak: %c\n", pat_rank_char (pat_card_rank (deck[0])));
      g_assert_true (g_str_has_prefix (text, expected));
    }
}

static void
test_foundation_moves (void)
{
  const char *const piles[N_PILES] = {
    "3C JH", "4C QH", "5C JS", "6C AH", "8C TC", "2C 9S", "KD",   /* t1..t7 */
    "JD", "AD", NULL, NULL, NULL, NULL, NULL,                    /* c1..c7 */
    "TH", "TS", "TD QD KD", NULL,                                /* f1..f4 */
  };
  PatState state;

  make_state (&state, 10, piles);
  g_assert_true (legal (&state, COLUMN (1), FOUNDATION (1), 1));     /* JH on TH */
  g_assert_false (legal (&state, COLUMN (2), FOUNDATION (1), 1));    /* QH: wrong rank */
  g_assert_false (legal (&state, COLUMN (3), FOUNDATION (1), 1));    /* JS: wrong suit */
  g_assert_true (legal (&state, COLUMN (3), FOUNDATION (2), 1));     /* JS on TS */
  g_assert_false (legal (&state, COLUMN (1), FOUNDATION (1), 2));    /* one at a time */
  g_assert_true (legal (&state, CELL (2), FOUNDATION (3), 1));       /* AD on KD: the wrap */
  g_assert_false (legal (&state, CELL (1), FOUNDATION (3), 1));      /* JD: wrong rank */
  g_assert_true (legal (&state, COLUMN (5), FOUNDATION (4), 1));     /* TC on empty f4 */
  g_assert_false (legal (&state, COLUMN (6), FOUNDATION (4), 1));    /* 9S on an empty foundation */
  g_assert_false (legal (&state, COLUMN (4), FOUNDATION (4), 1));    /* AH on an empty foundation */
  g_assert_false (legal (&state, FOUNDATION (1), COLUMN (2), 1));    /* nothing leaves f1 */
  g_assert_false (legal (&state, FOUNDATION (3), FOUNDATION (4), 1));

  /* Wrap K→A on a heart foundation too, with a Ten beak (not an Ace). */
  rules->apply (&state, &(PatMove) { PAT_MOVE_CARDS, COLUMN (1), FOUNDATION (1), 1, 0 }, NULL);
  rules->apply (&state, &(PatMove) { PAT_MOVE_CARDS, COLUMN (2), FOUNDATION (1), 1, 0 }, NULL);
  g_assert_false (legal (&state, COLUMN (4), FOUNDATION (1), 1));    /* AH before KH */
  assert_pile (&state, FOUNDATION (1), "TH JH QH");
  g_assert_cmpint (rules->score (&state), ==, 7);
}

static void
test_foundation_wrap (void)
{
  const char *const piles[N_PILES] = {
    "AS", "AH", "2H", NULL, NULL, NULL, NULL,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    "TH JH QH KH", "TS", NULL, NULL,
  };
  PatState state;

  make_state (&state, 10, piles);
  g_assert_true (legal (&state, COLUMN (2), FOUNDATION (1), 1));     /* KH → AH */
  g_assert_false (legal (&state, COLUMN (3), FOUNDATION (1), 1));    /* 2H before AH */
  g_assert_false (legal (&state, COLUMN (1), FOUNDATION (1), 1));    /* AS: wrong suit */
  g_assert_false (legal (&state, COLUMN (1), FOUNDATION (2), 1));    /* AS on TS */
  rules->apply (&state, &(PatMove) { PAT_MOVE_CARDS, COLUMN (2), FOUNDATION (1), 1, 0 }, NULL);
  g_assert_true (legal (&state, COLUMN (3), FOUNDATION (1), 1));
}

static void
test_cell_moves (void)
{
  const char *const piles[N_PILES] = {
    "3C 8H", "4C 9H", "5D", "6S 5S", NULL, "KC", "AC",
    "7H", "4S", "QC", "9D", "2D", "JD", NULL,
    "TH", "TS", "TD", NULL,
  };
  PatState state;
  const char *reason = NULL;
  PatMove move;
  guint c;

  make_state (&state, 10, piles);
  /* The top of a column goes into an empty cell, one card, never into a full one. */
  g_assert_true (legal (&state, COLUMN (1), CELL (7), 1));
  for (c = 1; c <= 6; c++)
    g_assert_false (legal (&state, COLUMN (1), CELL (c), 1));
  g_assert_false (legal (&state, COLUMN (4), CELL (7), 2));
  g_assert_false (legal (&state, COLUMN (5), CELL (7), 1));          /* an empty column */
  move = pat_move_cards (COLUMN (2), CELL (1), 1);
  g_assert_false (rules->check_move (&state, &move, &reason));
  g_assert_cmpstr (reason, ==, "that cell is full");

  /* Cells never take from cells. */
  g_assert_false (legal (&state, CELL (1), CELL (7), 1));
  g_assert_false (legal (&state, CELL (2), CELL (7), 1));

  /* A cell card goes back onto the card of its suit one rank higher. */
  g_assert_true (legal (&state, CELL (1), COLUMN (1), 1));           /* 7H on 8H */
  g_assert_false (legal (&state, CELL (1), COLUMN (2), 1));          /* 7H on 9H */
  g_assert_false (legal (&state, CELL (1), COLUMN (1), 2));
  g_assert_true (legal (&state, CELL (2), COLUMN (4), 1));           /* 4S on 5S */
  g_assert_false (legal (&state, CELL (2), COLUMN (3), 1));          /* 4S on 5D */
  g_assert_true (legal (&state, CELL (3), COLUMN (6), 1));           /* QC on KC */
  g_assert_false (legal (&state, CELL (3), COLUMN (7), 1));          /* QC on AC */

  /* …onto an empty column only when it is one rank below the beak. */
  g_assert_true (legal (&state, CELL (4), COLUMN (5), 1));           /* 9D, beak Ten */
  g_assert_false (legal (&state, CELL (5), COLUMN (5), 1));          /* 2D */
  g_assert_false (legal (&state, CELL (6), COLUMN (5), 1));          /* JD */
  g_assert_false (legal (&state, CELL (1), COLUMN (5), 1));          /* 7H */

  /* …or to its foundation. */
  g_assert_true (legal (&state, CELL (6), FOUNDATION (3), 1));       /* JD on TD */
  g_assert_false (legal (&state, CELL (4), FOUNDATION (3), 1));      /* 9D on TD */

  /* Applying: the column's top goes in the cell, and a full cell refuses the next. */
  rules->apply (&state, &(PatMove) { PAT_MOVE_CARDS, COLUMN (1), CELL (7), 1, 0 }, NULL);
  assert_pile (&state, CELL (7), "8H");
  assert_pile (&state, COLUMN (1), "3C");
  g_assert_false (legal (&state, COLUMN (2), CELL (7), 1));
  g_assert_false (legal (&state, CELL (1), CELL (7), 1));
  rules->apply (&state, &(PatMove) { PAT_MOVE_CARDS, CELL (4), COLUMN (5), 1, 0 }, NULL);
  assert_pile (&state, COLUMN (5), "9D");
  g_assert_cmpuint (pat_state_pile_len (&state, CELL (4)), ==, 0);
}

static void
test_column_moves (void)
{
  const char *const piles[N_PILES] = {
    "5C 7S", "2H 8S", "4H 8D", "4D 9S", "6H AC", "6D KC", "3S 2S",
    NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    "TH", "TS", "TD", NULL,
  };
  PatState state;
  const char *reason = NULL;
  PatMove move;

  make_state (&state, 10, piles);
  g_assert_true (legal (&state, COLUMN (1), COLUMN (2), 1));         /* 7S on 8S */
  g_assert_false (legal (&state, COLUMN (1), COLUMN (3), 1));        /* 7S on 8D: wrong suit */
  g_assert_false (legal (&state, COLUMN (1), COLUMN (4), 1));        /* 7S on 9S: wrong rank */
  g_assert_false (legal (&state, COLUMN (2), COLUMN (1), 1));        /* 8S on 7S: upwards */
  g_assert_true (legal (&state, COLUMN (6), COLUMN (5), 1));         /* KC on AC: the wrap */
  g_assert_false (legal (&state, COLUMN (5), COLUMN (6), 1));        /* AC on KC */
  g_assert_false (legal (&state, COLUMN (1), COLUMN (1), 1));        /* onto itself */
  g_assert_false (legal (&state, COLUMN (1), COLUMN (2), 2));        /* 5C 7S is not a run */

  /* Counts: zero and more than the pile holds are refused. */
  g_assert_false (legal (&state, COLUMN (1), COLUMN (2), 0));
  move = pat_move_cards (COLUMN (1), COLUMN (2), 3);
  g_assert_false (rules->check_move (&state, &move, &reason));
  g_assert_cmpstr (reason, ==, "there are not that many cards there");
  g_assert_false (legal (&state, COLUMN (1), COLUMN (2), 255));
  g_assert_false (legal (&state, CELL (1), COLUMN (2), 1));          /* an empty cell */

  /* Moves that are not card moves, and piles that do not exist. */
  move = pat_move_cards (COLUMN (1), COLUMN (2), 1);
  move.kind = PAT_MOVE_STOCK;
  g_assert_false (rules->check_move (&state, &move, &reason));
  g_assert_false (legal (&state, COLUMN (1), N_PILES, 1));
  g_assert_false (legal (&state, 200, COLUMN (2), 1));

  rules->apply (&state, &(PatMove) { PAT_MOVE_CARDS, COLUMN (6), COLUMN (5), 1, 0 }, NULL);
  assert_pile (&state, COLUMN (5), "6H AC KC");
  assert_pile (&state, COLUMN (6), "6D");
}

static void
test_runs (void)
{
  const char *const piles[N_PILES] = {
    "2C 8H 7H 6H", "3D 9H", NULL, "4S 9C 8C 7C", "5S 8D 6D 5D", "2S 7D", "KS 9D 8S 7S",
    NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    "TH", "TS", "TD", NULL,
  };
  PatMoveList moves;
  PatState state;

  make_state (&state, 10, piles);
  /* A run of three onto a matching card; shorter parts of it do not match. */
  g_assert_true (legal (&state, COLUMN (1), COLUMN (2), 3));
  g_assert_false (legal (&state, COLUMN (1), COLUMN (2), 2));
  g_assert_false (legal (&state, COLUMN (1), COLUMN (2), 1));
  g_assert_false (legal (&state, COLUMN (1), COLUMN (2), 4));        /* 2C is not part of it */
  /* An empty column takes a run only when its head is one below the beak. */
  g_assert_false (legal (&state, COLUMN (1), COLUMN (3), 3));        /* head 8H */
  g_assert_true (legal (&state, COLUMN (4), COLUMN (3), 3));         /* head 9C */
  g_assert_false (legal (&state, COLUMN (4), COLUMN (3), 2));
  g_assert_false (legal (&state, COLUMN (4), COLUMN (3), 1));
  g_assert_false (legal (&state, COLUMN (4), COLUMN (3), 4));
  /* Runs that are not sequences. */
  g_assert_true (legal (&state, COLUMN (5), COLUMN (6), 2));         /* 6D 5D on 7D */
  g_assert_false (legal (&state, COLUMN (5), COLUMN (6), 3));        /* 8D 6D 5D has a gap */
  g_assert_false (legal (&state, COLUMN (7), COLUMN (3), 3));        /* 9D 8S 7S mixes suits */
  g_assert_false (legal (&state, COLUMN (7), COLUMN (3), 2));        /* head 8S */

  rules->legal_moves (&state, &moves);
  g_assert_true (in_list (&moves, COLUMN (1), COLUMN (2), 3));
  g_assert_true (in_list (&moves, COLUMN (4), COLUMN (3), 3));
  g_assert_false (in_list (&moves, COLUMN (4), COLUMN (3), 1));

  /* The run moves as a unit, its order kept. */
  rules->apply (&state, &(PatMove) { PAT_MOVE_CARDS, COLUMN (1), COLUMN (2), 3, 0 }, NULL);
  assert_pile (&state, COLUMN (1), "2C");
  assert_pile (&state, COLUMN (2), "3D 9H 8H 7H 6H");
  rules->apply (&state, &(PatMove) { PAT_MOVE_CARDS, COLUMN (4), COLUMN (3), 3, 0 }, NULL);
  assert_pile (&state, COLUMN (3), "9C 8C 7C");
  assert_pile (&state, COLUMN (4), "4S");
  /* The whole column is a run now: it may move to another empty column (pointless, but legal). */
  rules->apply (&state, &(PatMove) { PAT_MOVE_CARDS, COLUMN (4), CELL (1), 1, 0 }, NULL);
  g_assert_true (legal (&state, COLUMN (3), COLUMN (4), 3));
  rules->legal_moves (&state, &moves);
  g_assert_true (in_list (&moves, COLUMN (3), COLUMN (4), 3));
}

/* Runs wrap round the corner like everything else: 2 A K Q of a suit is a run. */
static void
test_wrapping_run (void)
{
  const char *const piles[N_PILES] = {
    "2S AS KS QS", NULL, "3H", "JC", NULL, NULL, NULL,
    NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    "3C", "3S", "3D", NULL,
  };
  PatState state;

  make_state (&state, 3, piles);
  g_assert_true (legal (&state, COLUMN (1), COLUMN (2), 4));         /* head 2S, beak Three */
  g_assert_false (legal (&state, COLUMN (1), COLUMN (2), 3));        /* head AS */
  g_assert_false (legal (&state, COLUMN (1), COLUMN (3), 4));        /* 2S on 3H */
  g_assert_false (legal (&state, COLUMN (4), COLUMN (2), 1));        /* JC on an empty column */
  rules->apply (&state, &(PatMove) { PAT_MOVE_CARDS, COLUMN (1), COLUMN (2), 4, 0 }, NULL);
  assert_pile (&state, COLUMN (2), "2S AS KS QS");
  g_assert_cmpuint (pat_state_pile_len (&state, COLUMN (1)), ==, 0);
}

/* Appends the @n cards of @suit from @rank upwards, wrapping, to @out. */
static void
append_suit (GString *out,
             guint    rank,
             guint    suit,
             guint    n)
{
  guint i;

  for (i = 0; i < n; i++)
    {
      char c[3];

      pat_card_format (pat_card_make (rank, suit), c);
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, c);
      rank = pat_rank_next (rank);
    }
}

static void
test_won (void)
{
  g_autoptr (GString) f1 = g_string_new (NULL);
  g_autoptr (GString) f2 = g_string_new (NULL);
  g_autoptr (GString) f3 = g_string_new (NULL);
  g_autoptr (GString) f4 = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  const char *piles[N_PILES] = { NULL };
  PatMoveList moves;
  PatState state;
  PatMove move;

  append_suit (f1, 10, PAT_SUIT_HEARTS, 13);
  append_suit (f2, 10, PAT_SUIT_SPADES, 13);
  append_suit (f3, 10, PAT_SUIT_DIAMONDS, 13);
  append_suit (f4, 10, PAT_SUIT_CLUBS, 12);
  piles[CELL (3)] = "9C";
  piles[FOUNDATION (1)] = f1->str;
  piles[FOUNDATION (2)] = f2->str;
  piles[FOUNDATION (3)] = f3->str;
  piles[FOUNDATION (4)] = f4->str;
  make_state (&state, 10, piles);

  g_assert_cmpint (rules->score (&state), ==, 51);
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_PLAYING);
  /* 9C may go to its foundation or to any empty column (it is one below the beak). */
  rules->legal_moves (&state, &moves);
  g_assert_cmpuint (moves.n, ==, 8);
  g_assert_true (in_list (&moves, CELL (3), FOUNDATION (4), 1));
  g_assert_true (in_list (&moves, CELL (3), COLUMN (7), 1));

  g_assert_true (pat_rules_parse_move (rules, &state, "c3>f", &move, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (move.to, ==, FOUNDATION (4));
  g_assert_true (pat_rules_try_move (rules, &state, &move, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_WON);
  g_assert_cmpint (rules->score (&state), ==, 52);
  rules->legal_moves (&state, &moves);
  g_assert_cmpuint (moves.n, ==, 0);
}

static void
test_blocked (void)
{
  const char *piles[N_PILES] = {
    "AC 2C 3C 4C 5C 9C", "AS 2S 3S 4S 5S 9S", "AH 2H 3H 4H 5H 9H", "AD 2D 3D 4D 5D 9D",
    "6C 6S 6H 6D 8C JC", "8S 8H 8D TC TS JS", "TH TD JD QD JH",
    "KC", "KS", "KH", "KD", "QC", "QS", "QH",
    "7C", "7S", "7H", "7D",
  };
  PatMoveList moves;
  PatState state;
  guint i;

  make_state (&state, 7, piles);
  g_assert_cmpuint (pat_state_n_cards (&state), ==, 52);
  rules->legal_moves (&state, &moves);
  g_assert_cmpuint (moves.n, ==, 0);
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_BLOCKED);
  g_assert_cmpint (rules->score (&state), ==, 4);

  /* One free cell and every column's top may go there: not blocked any more. */
  piles[COLUMN (7)] = "QH TH TD JD QD JH";
  piles[CELL (7)] = NULL;
  make_state (&state, 7, piles);
  g_assert_cmpuint (pat_state_n_cards (&state), ==, 52);
  rules->legal_moves (&state, &moves);
  g_assert_cmpuint (moves.n, ==, 7);
  for (i = 1; i <= 7; i++)
    g_assert_true (in_list (&moves, COLUMN (i), CELL (7), 1));
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_PLAYING);
}

/* legal_moves lists each (from, to, count) that check_move accepts once, and nothing else. */
static void
assert_agreement (const PatState *state,
                  guint           max_count)
{
  gboolean listed[N_PILES][N_PILES][PAT_N_CARDS + 1];
  PatMoveList moves;
  guint from, to, count, i;

  memset (listed, 0, sizeof listed);
  rules->legal_moves (state, &moves);
  for (i = 0; i < moves.n; i++)
    {
      const PatMove *m = &moves.moves[i];

      g_assert_cmpuint (m->kind, ==, PAT_MOVE_CARDS);
      g_assert_cmpuint (m->from, <, N_PILES);
      g_assert_cmpuint (m->to, <, N_PILES);
      g_assert_cmpuint (m->count, >=, 1);
      g_assert_cmpuint (m->count, <=, PAT_N_CARDS);
      g_assert_false (listed[m->from][m->to][m->count]);
      listed[m->from][m->to][m->count] = TRUE;
    }

  for (from = 0; from < N_PILES; from++)
    for (to = 0; to < N_PILES; to++)
      for (count = 0; count <= max_count; count++)
        {
          gboolean ok = legal (state, from, to, count);

          if (count <= PAT_N_CARDS)
            g_assert_cmpint (ok, ==, listed[from][to][count]);
          else
            g_assert_false (ok);
        }

  if (rules->status (state) == PAT_STATUS_WON)
    g_assert_cmpint (rules->score (state), ==, 52);
  else
    g_assert_cmpint (rules->status (state), ==,
                     moves.n == 0 ? PAT_STATUS_BLOCKED : PAT_STATUS_PLAYING);
}

/* Picks a random move, favouring the foundations, then moves that do not fill a cell, so that
 * play gets somewhere before the flipper is full. */
static PatMove
choose_move (const PatMoveList *moves,
             GRand             *rand)
{
  PatMove chosen = moves->moves[g_rand_int_range (rand, 0, (gint32) moves->n)];
  guint start = (guint) g_rand_int_range (rand, 0, (gint32) moves->n);
  guint k;

  if (g_rand_int_range (rand, 0, 4) != 0)
    for (k = 0; k < moves->n; k++)
      {
        const PatMove *m = &moves->moves[(start + k) % moves->n];

        if (m->to >= FOUNDATION (1))
          return *m;
      }
  if (chosen.to >= CELL (1) && g_rand_int_range (rand, 0, 4) != 0)
    for (k = 0; k < moves->n; k++)
      {
        const PatMove *m = &moves->moves[(start + k) % moves->n];

        if (m->to < CELL (1))
          return *m;
      }
  return chosen;
}

static void
test_random_play (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240601);
  guint i, step, empty_columns_seen = 0, runs_seen = 0, positions = 0, won = 0, blocked = 0;

  for (i = 0; i < 24; i++)
    {
      PatDealNumber n = pat_deal_number_from_uint (i < 20 ? i + 1 : G_GUINT64_CONSTANT (40000) * i);
      PatState state;

      pat_rules_deal_number (rules, &state, &n, NULL);
      for (step = 0; step < 400; step++)
        {
          PatMoveList moves;
          PatMove chosen;
          guint k;

          assert_agreement (&state, step % 50 == 0 ? 255 : PAT_N_CARDS);
          positions++;
          rules->legal_moves (&state, &moves);
          if (moves.n == 0)
            break;
          for (k = 0; k < moves.n; k++)
            if (moves.moves[k].count > 1)
              runs_seen++;
          for (k = 0; k < 7; k++)
            if (pat_state_pile_len (&state, COLUMN (k + 1)) == 0)
              empty_columns_seen++;

          chosen = choose_move (&moves, rand);
          g_assert_true (pat_rules_try_move (rules, &state, &chosen, NULL, NULL));
          g_assert_cmpuint (pat_state_n_cards (&state), ==, 52);
        }
      won += rules->status (&state) == PAT_STATUS_WON;
      blocked += rules->status (&state) == PAT_STATUS_BLOCKED;
      g_test_message ("deal %" G_GUINT64_FORMAT ": %u moves, score %d, %s", n.lo, step,
                      rules->score (&state), pat_status_to_string (rules->status (&state)));
    }
  g_test_message ("%u positions, %u won, %u blocked", positions, won, blocked);
  /* The random positions did include the interesting cases. */
  g_assert_cmpuint (empty_columns_seen, >, 0);
  g_assert_cmpuint (runs_seen, >, 0);
  g_assert_cmpuint (won, >, 0);
  g_assert_cmpuint (blocked, >, 0);
}

static void
test_notation (void)
{
  const char *const piles[N_PILES] = {
    "5C 7S", "2C 8H 7H 6H", "4H 8D", "4D 9S", "3D 9H", "6D KC", "3S 2S",
    "JH", NULL, NULL, "QC", NULL, NULL, NULL,
    "TS", "TH", "TD", NULL,
  };
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  PatState state, before;
  PatMove move;

  make_state (&state, 10, piles);

  g_assert_true (pat_rules_parse_move (rules, &state, "t3>c", &move, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (move.from, ==, COLUMN (3));
  g_assert_cmpuint (move.to, ==, CELL (2));
  g_assert_cmpuint (move.count, ==, 1);
  g_assert_true (pat_rules_try_move (rules, &state, &move, NULL, &error));
  g_assert_no_error (error);
  assert_pile (&state, CELL (2), "8D");

  g_assert_true (pat_rules_parse_move (rules, &state, "c1>f", &move, &error));
  g_assert_cmpuint (move.to, ==, FOUNDATION (2));
  g_assert_true (pat_rules_try_move (rules, &state, &move, NULL, &error));
  g_assert_no_error (error);
  assert_pile (&state, FOUNDATION (2), "TH JH");

  g_assert_true (pat_rules_parse_move (rules, &state, "t2:3>t5", &move, &error));
  g_assert_cmpuint (move.from, ==, COLUMN (2));
  g_assert_cmpuint (move.to, ==, COLUMN (5));
  g_assert_cmpuint (move.count, ==, 3);
  text = pat_rules_format_move (rules, &move);
  g_assert_cmpstr (text, ==, "t2:3>t5");
  g_assert_true (pat_rules_try_move (rules, &state, &move, NULL, &error));
  g_assert_no_error (error);
  assert_pile (&state, COLUMN (5), "3D 9H 8H 7H 6H");
  assert_pile (&state, COLUMN (2), "2C");

  /* Refused moves leave the position alone and say why. */
  before = state;
  g_assert_true (pat_rules_parse_move (rules, &state, "c3>c4", &move, &error));
  g_assert_false (pat_rules_try_move (rules, &state, &move, NULL, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_true (pat_rules_parse_move (rules, &state, "t1:2>t4", &move, &error));
  g_assert_false (pat_rules_try_move (rules, &state, &move, NULL, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_true (pat_rules_parse_move (rules, &state, "t3>f", &move, &error));
  g_assert_false (pat_rules_try_move (rules, &state, &move, NULL, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_true (pat_state_equal (&state, &before));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/penguin/registry", test_registry);
  g_test_add_func ("/penguin/deal/spread", test_deal_spread);
  g_test_add_func ("/penguin/deal/at-end", test_deal_at_end);
  g_test_add_func ("/penguin/deal/at-start", test_deal_at_start);
  g_test_add_func ("/penguin/deal/numbers", test_deal_numbers);
  g_test_add_func ("/penguin/moves/foundation", test_foundation_moves);
  g_test_add_func ("/penguin/moves/foundation-wrap", test_foundation_wrap);
  g_test_add_func ("/penguin/moves/cells", test_cell_moves);
  g_test_add_func ("/penguin/moves/columns", test_column_moves);
  g_test_add_func ("/penguin/moves/runs", test_runs);
  g_test_add_func ("/penguin/moves/wrapping-run", test_wrapping_run);
  g_test_add_func ("/penguin/status/won", test_won);
  g_test_add_func ("/penguin/status/blocked", test_blocked);
  g_test_add_func ("/penguin/legal-moves/random-play", test_random_play);
  g_test_add_func ("/penguin/notation", test_notation);

  return g_test_run ();
}
