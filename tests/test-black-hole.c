/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the Black Hole and All in a Row rules: known deals, every move rule, status and the
 * text form. */

#include <string.h>

#include <glib.h>

#include "pat-error.h"
#include "pat-rules.h"
#include "test-card.h"

#define HOLE 0

/* Black Hole deal 1, as black-hole-solver reads it. */
static const char black_hole_deal_1[] =
  "Foundations: AS\n"
  "JD KS TH\n"
  "2D 9D 8H\n"
  "9H QD 2C\n"
  "JC JS JH\n"
  "5D AH 7D\n"
  "7H 3C 6D\n"
  "7C 4C 8S\n"
  "5H 5C 8D\n"
  "KD TS QS\n"
  "KC QH 6C\n"
  "9S 4H 3D\n"
  "5S AC 8C\n"
  "AD 4D TC\n"
  "QC 7S 6S\n"
  "KH 3S 9C\n"
  "3H TD 2H\n"
  "2S 4S 6H\n";

static const char all_in_a_row_deal_1[] =
  "Foundations: -\n"
  "JD QC QH 6D\n"
  "2D KH 4H 8S\n"
  "9H 3H AC 8D\n"
  "JC 2S 4D QS\n"
  "5D KS 7S 6C\n"
  "7H 9D 3S 3D\n"
  "7C QD TD 8C\n"
  "5H JS 4S TC\n"
  "KD AH TH 6S\n"
  "KC 3C 8H 9C\n"
  "9S 4C 2C 2H\n"
  "5S 5C JH 6H\n"
  "AD TS 7D AS\n";

static void
push_cards (PatState   *state,
            guint       pile,
            const char *text)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  guint i;

  for (i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      pat_state_push (state, pile, card (words[i]));
}

/* A hand-made position: @hole's cards bottom to top, then one string per fan
 * ("" for an empty one); fans not given are empty. */
static void
make_position (const PatRules    *rules,
               PatState          *state,
               const char        *hole,
               const char *const *fans)
{
  guint i;

  pat_state_init (state, rules->layout->n_piles);
  push_cards (state, HOLE, hole);
  for (i = 0; fans[i] != NULL; i++)
    push_cards (state, 1 + i, fans[i]);
}

static void
deal (const PatRules *rules,
      PatState       *state,
      const char     *number)
{
  g_autoptr(GError) error = NULL;
  PatDealNumber n;

  g_assert_true (pat_deal_number_parse (number, &n, &error));
  g_assert_no_error (error);
  pat_rules_deal_number (rules, state, &n, NULL);
}

static gboolean
check (const PatRules *rules,
       const PatState *state,
       PatMove         move)
{
  const char *reason = NULL;
  gboolean ok = rules->check_move (state, &move, &reason);

  if (!ok)
    {
      g_assert_nonnull (reason);
      g_assert_cmpuint (strlen (reason), >, 0);
    }
  return ok;
}

/* Parses and plays @text, returning whether it was legal. */
static gboolean
play (const PatRules *rules,
      PatState       *state,
      const char     *text)
{
  g_autoptr(GError) error = NULL;
  PatMove move;
  gboolean ok;

  g_assert_true (pat_rules_parse_move (rules, state, text, &move, &error));
  g_assert_no_error (error);
  ok = pat_rules_try_move (rules, state, &move, NULL, &error);
  if (ok)
    g_assert_no_error (error);
  else
    g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
  return ok;
}

static char *
format_state (const PatRules *rules,
              const PatState *state)
{
  return pat_rules_format_state (rules, state);
}

static void
test_registry (void)
{
  const PatRules *games[] = { &pat_rules_black_hole, &pat_rules_all_in_a_row };
  const guint n_fans[] = { 17, 13 };
  guint g, i, j;

  g_assert_true (pat_rules_lookup ("black-hole") == &pat_rules_black_hole);
  g_assert_true (pat_rules_lookup ("all-in-a-row") == &pat_rules_all_in_a_row);
  g_assert_cmpstr (pat_rules_black_hole.name, ==, "Black Hole");
  g_assert_cmpstr (pat_rules_all_in_a_row.name, ==, "All in a Row");
  /* Each names its hole as its rules do. */
  g_assert_cmpstr (pat_rules_black_hole.layout->hole_name, ==, "Black Hole");
  g_assert_cmpstr (pat_rules_all_in_a_row.layout->hole_name, ==, "Hole");

  for (g = 0; g < G_N_ELEMENTS (games); g++)
    {
      const PatLayout *layout = games[g]->layout;
      char name[8];

      g_assert_cmpuint (strlen (games[g]->summary), >, 0);
      g_assert_null (strchr (games[g]->summary, '\n'));
      g_assert_cmpuint (layout->n_piles, ==, 1 + n_fans[g]);
      g_assert_cmpuint (layout->piles[HOLE].kind, ==, PAT_PILE_HOLE);
      pat_rules_pile_name (games[g], HOLE, name);
      g_assert_cmpstr (name, ==, "h");
      for (i = 1; i < layout->n_piles; i++)
        {
          g_autofree char *expected = g_strdup_printf ("t%u", i);

          g_assert_cmpuint (layout->piles[i].kind, ==, PAT_PILE_TABLEAU);
          g_assert_cmpuint (layout->piles[i].index, ==, i);
          g_assert_cmpuint (layout->piles[i].face, ==, PAT_FACE_UP);
          pat_rules_pile_name (games[g], i, name);
          g_assert_cmpstr (name, ==, expected);
        }

      /* No two piles overlap and all lie inside the layout (fans are short enough for the gaps). */
      for (i = 0; i < layout->n_piles; i++)
        {
          const PatPileInfo *a = &layout->piles[i];

          g_assert_cmpfloat (a->x, >=, 0);
          g_assert_cmpfloat (a->y, >=, 0);
          g_assert_cmpfloat (a->x + 1, <=, layout->width + 0.001);
          g_assert_cmpfloat (a->y + 1, <=, layout->height + 0.001);
          for (j = i + 1; j < layout->n_piles; j++)
            {
              const PatPileInfo *b = &layout->piles[j];

              g_assert_true (ABS (a->x - b->x) >= 1.1f || ABS (a->y - b->y) >= 1.5f);
            }
        }
    }
}

static void
test_black_hole_deal_1 (void)
{
  PatState state;
  g_autofree char *text = NULL;
  guint i;

  deal (&pat_rules_black_hole, &state, "1");
  text = format_state (&pat_rules_black_hole, &state);
  g_assert_cmpstr (text, ==, black_hole_deal_1);

  g_assert_cmpuint (state.n_piles, ==, 18);
  g_assert_cmpuint (pat_state_n_cards (&state), ==, 52);
  g_assert_cmpuint (pat_state_pile_len (&state, HOLE), ==, 1);
  g_assert_cmpuint (pat_state_pile_top (&state, HOLE), ==, card ("AS"));
  for (i = 1; i <= 17; i++)
    g_assert_cmpuint (pat_state_pile_len (&state, i), ==, 3);
  g_assert_cmpint (pat_rules_black_hole.status (&state), ==, PAT_STATUS_PLAYING);
  g_assert_cmpint (pat_rules_black_hole.score (&state), ==, 1);
}

static void
test_black_hole_known_deals (void)
{
  static const struct {
    const char *number;
    const char *start;
  } deals[] = {
    { "1", "Foundations: AS\nJD KS TH\n2D 9D 8H\n9H QD 2C\n" },
    { "31999", "Foundations: AS\nJD 7C TD\n" },
    { "32000", "Foundations: AS\n7S 6S 4S\n4D 8S JH\nJS 9S TD\n" },
    { "10000000000000000007", "Foundations: AS\nAD 9H 5H\n4C JC 6H\n5D JS 8D\n" },
    { "99999999999999999999", "Foundations: AS\nKS 5H QS\nJC 8H AH\nTD 9S 7D\n" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (deals); i++)
    {
      PatState state;
      g_autofree char *text = NULL;

      deal (&pat_rules_black_hole, &state, deals[i].number);
      text = format_state (&pat_rules_black_hole, &state);
      g_test_message ("deal %s:\n%s", deals[i].number, text);
      g_assert_true (g_str_has_prefix (text, deals[i].start));
    }
}

/* Both games deal the same sequence: the deck with the Ace of Spades moved last. */
static void
test_all_in_a_row_deal_1 (void)
{
  PatState bh, air;
  PatCard order[PAT_N_CARDS];
  g_autofree char *text = NULL;
  guint i, k;

  deal (&pat_rules_black_hole, &bh, "1");
  deal (&pat_rules_all_in_a_row, &air, "1");

  text = format_state (&pat_rules_all_in_a_row, &air);
  g_assert_cmpstr (text, ==, all_in_a_row_deal_1);

  for (k = 0; k < 51; k++)
    order[k] = pat_state_pile_cards (&bh, 1 + k % 17)[k / 17];
  order[51] = pat_state_pile_top (&bh, HOLE);

  g_assert_cmpuint (air.n_piles, ==, 14);
  g_assert_cmpuint (pat_state_pile_len (&air, HOLE), ==, 0);
  for (i = 1; i <= 13; i++)
    g_assert_cmpuint (pat_state_pile_len (&air, i), ==, 4);
  for (k = 0; k < PAT_N_CARDS; k++)
    g_assert_cmpuint (pat_state_pile_cards (&air, 1 + k % 13)[k / 13], ==, order[k]);
  g_assert_cmpuint (pat_state_pile_top (&air, 13), ==, card ("AS"));

  g_assert_cmpint (pat_rules_all_in_a_row.status (&air), ==, PAT_STATUS_PLAYING);
  g_assert_cmpint (pat_rules_all_in_a_row.score (&air), ==, 0);
}

static void
test_deal_deck (void)
{
  PatCard deck[PAT_N_CARDS];
  PatState state;
  g_autofree char *bh_text = NULL;
  g_autofree char *air_text = NULL;
  g_auto(GStrv) bh_lines = NULL;
  g_auto(GStrv) air_lines = NULL;
  guint i;

  /* The unshuffled deck, AC first, has the Ace of Spades at position 13. */
  for (i = 0; i < PAT_N_CARDS; i++)
    deck[i] = (PatCard) i;

  pat_rules_deal_deck (&pat_rules_black_hole, &state, deck, NULL);
  bh_text = format_state (&pat_rules_black_hole, &state);
  bh_lines = g_strsplit (bh_text, "\n", -1);
  g_assert_cmpstr (bh_lines[0], ==, "Foundations: AS");
  g_assert_cmpstr (bh_lines[1], ==, "AC 6S TH");
  g_assert_cmpstr (bh_lines[17], ==, "5S 9H KD");

  pat_rules_deal_deck (&pat_rules_all_in_a_row, &state, deck, NULL);
  air_text = format_state (&pat_rules_all_in_a_row, &state);
  air_lines = g_strsplit (air_text, "\n", -1);
  g_assert_cmpstr (air_lines[0], ==, "Foundations: -");
  g_assert_cmpstr (air_lines[1], ==, "AC 2S 2H 2D");
  g_assert_cmpstr (air_lines[13], ==, "KC AH AD AS");

  /* With the Ace of Spades first, everything else moves up one place. */
  deck[0] = 13;
  deck[13] = 0;
  pat_rules_deal_deck (&pat_rules_black_hole, &state, deck, NULL);
  g_assert_cmpuint (pat_state_pile_top (&state, HOLE), ==, card ("AS"));
  g_assert_cmpuint (pat_state_pile_cards (&state, 1)[0], ==, card ("2C"));
  g_assert_cmpuint (pat_state_pile_cards (&state, 13)[0], ==, card ("AC"));
}

static void
test_parse_move (void)
{
  g_autoptr(GError) error = NULL;
  PatState state;
  PatMove move;
  char *text;

  deal (&pat_rules_black_hole, &state, "1");
  g_assert_true (pat_rules_parse_move (&pat_rules_black_hole, &state, "t5>h", &move, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (move.kind, ==, PAT_MOVE_CARDS);
  g_assert_cmpuint (move.from, ==, 5);
  g_assert_cmpuint (move.to, ==, HOLE);
  g_assert_cmpuint (move.count, ==, 1);
  text = pat_rules_format_move (&pat_rules_black_hole, &move);
  g_assert_cmpstr (text, ==, "t5>h");
  g_free (text);

  g_assert_true (pat_rules_parse_move (&pat_rules_black_hole, &state, "t17>h", &move, &error));
  g_assert_cmpuint (move.from, ==, 17);
  g_assert_false (pat_rules_parse_move (&pat_rules_black_hole, &state, "t18>h", &move, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_UNKNOWN_PILE);
  g_clear_error (&error);

  deal (&pat_rules_all_in_a_row, &state, "1");
  g_assert_true (pat_rules_parse_move (&pat_rules_all_in_a_row, &state, "t13>h", &move, &error));
  g_assert_false (pat_rules_parse_move (&pat_rules_all_in_a_row, &state, "t14>h", &move, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_UNKNOWN_PILE);
}

static void
test_one_above_or_below (void)
{
  const PatRules *rules = &pat_rules_black_hole;
  const char *const fans[] = { "9C 6S", "KD 4C", "2D 5C", "7H", "", "3S", NULL };
  PatState state;
  PatMove move;

  make_position (rules, &state, "5H", fans);
  g_assert_true (check (rules, &state, pat_move_cards (1, HOLE, 1)));    /* Six on Five */
  g_assert_true (check (rules, &state, pat_move_cards (2, HOLE, 1)));    /* Four on Five */
  g_assert_false (check (rules, &state, pat_move_cards (3, HOLE, 1)));   /* same rank */
  g_assert_false (check (rules, &state, pat_move_cards (4, HOLE, 1)));   /* two above */
  g_assert_false (check (rules, &state, pat_move_cards (6, HOLE, 1)));   /* two below */
  g_assert_false (check (rules, &state, pat_move_cards (5, HOLE, 1)));   /* empty fan */
  g_assert_false (check (rules, &state, pat_move_cards (1, HOLE, 2)));   /* two cards at once */
  g_assert_false (check (rules, &state, pat_move_cards (1, HOLE, 0)));
  g_assert_false (check (rules, &state, pat_move_cards (1, 2, 1)));      /* to a fan */
  g_assert_false (check (rules, &state, pat_move_cards (1, 5, 1)));      /* to an empty fan */
  g_assert_false (check (rules, &state, pat_move_cards (HOLE, 1, 1)));   /* out of the hole */
  g_assert_false (check (rules, &state, pat_move_cards (HOLE, HOLE, 1)));
  g_assert_false (check (rules, &state, pat_move_cards (1, 1, 1)));
  move = pat_move_cards (1, HOLE, 1);
  move.kind = PAT_MOVE_STOCK;
  g_assert_false (check (rules, &state, move));
  move.kind = PAT_MOVE_PAIR;
  g_assert_false (check (rules, &state, move));

  g_assert_false (play (rules, &state, "t3>h"));
  g_assert_false (play (rules, &state, "t1:2>h"));
  g_assert_false (play (rules, &state, "t1>t2"));
  g_assert_false (play (rules, &state, "t5>h"));
  g_assert_cmpuint (pat_state_pile_len (&state, HOLE), ==, 1);

  g_assert_true (play (rules, &state, "t1>h"));
  g_assert_cmpuint (pat_state_pile_top (&state, HOLE), ==, card ("6S"));
  g_assert_cmpuint (pat_state_pile_top (&state, 1), ==, card ("9C"));
  g_assert_cmpint (rules->score (&state), ==, 2);
  g_assert_false (play (rules, &state, "t2>h"));                         /* Four on Six */
  g_assert_true (play (rules, &state, "t4>h"));                          /* Seven on Six */
  g_assert_false (play (rules, &state, "t1>h"));                         /* Nine on Seven */
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_BLOCKED);
}

static void
test_wrap (void)
{
  const PatRules *rules = &pat_rules_black_hole;
  const char *const on_king[] = { "AC", "QD", "2S", "KH", NULL };
  const char *const on_ace[] = { "KC", "2D", "QS", "3C", NULL };
  PatState state;

  make_position (rules, &state, "KH", on_king);
  g_assert_true (check (rules, &state, pat_move_cards (1, HOLE, 1)));
  g_assert_true (check (rules, &state, pat_move_cards (2, HOLE, 1)));
  g_assert_false (check (rules, &state, pat_move_cards (3, HOLE, 1)));
  g_assert_false (check (rules, &state, pat_move_cards (4, HOLE, 1)));

  make_position (rules, &state, "AS", on_ace);
  g_assert_true (check (rules, &state, pat_move_cards (1, HOLE, 1)));
  g_assert_true (check (rules, &state, pat_move_cards (2, HOLE, 1)));
  g_assert_false (check (rules, &state, pat_move_cards (3, HOLE, 1)));
  g_assert_false (check (rules, &state, pat_move_cards (4, HOLE, 1)));

  /* Round the corner both ways: A, K, A … */
  g_assert_true (play (rules, &state, "t1>h"));
  g_assert_cmpuint (pat_state_pile_top (&state, HOLE), ==, card ("KC"));
  make_position (rules, &state, "KC", on_king);
  g_assert_true (play (rules, &state, "t1>h"));
  g_assert_cmpuint (pat_state_pile_top (&state, HOLE), ==, card ("AC"));
}

static void
test_empty_hole (void)
{
  const PatRules *rules = &pat_rules_all_in_a_row;
  const char *const fans[] = { "4H 3C", "", "9S KD", NULL };
  PatMoveList moves;
  PatState state;

  make_position (rules, &state, "", fans);
  g_assert_true (check (rules, &state, pat_move_cards (1, HOLE, 1)));
  g_assert_true (check (rules, &state, pat_move_cards (3, HOLE, 1)));
  g_assert_false (check (rules, &state, pat_move_cards (2, HOLE, 1)));
  g_assert_false (check (rules, &state, pat_move_cards (3, HOLE, 2)));
  rules->legal_moves (&state, &moves);
  g_assert_cmpuint (moves.n, ==, 2);
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_PLAYING);

  g_assert_true (play (rules, &state, "t3>h"));
  g_assert_cmpuint (pat_state_pile_top (&state, HOLE), ==, card ("KD"));
  g_assert_false (play (rules, &state, "t1>h"));                         /* Three on King */
  g_assert_false (play (rules, &state, "t3>h"));                         /* Nine on King */
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_BLOCKED);

  /* An empty hole takes any card in Black Hole too, should a position ever have one. */
  make_position (&pat_rules_black_hole, &state, "", fans);
  g_assert_true (check (&pat_rules_black_hole, &state, pat_move_cards (1, HOLE, 1)));
}

static void
test_won (void)
{
  const PatRules *rules = &pat_rules_black_hole;
  g_autoptr(GError) error = NULL;
  PatState state;
  PatMove move;
  guint i;

  /* Every card in the hole, in an order that could have been played. */
  pat_state_init (&state, rules->layout->n_piles);
  for (i = 0; i < PAT_N_CARDS; i++)
    pat_state_push (&state, HOLE, pat_card_make (i % 13 + 1, i / 13));
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_WON);
  g_assert_cmpint (rules->score (&state), ==, 52);

  /* One card short: the last one, a King on a Queen, wins. */
  pat_state_init (&state, rules->layout->n_piles);
  for (i = 0; i < PAT_N_CARDS - 1; i++)
    pat_state_push (&state, HOLE, pat_card_make (i % 13 + 1, i / 13));
  pat_state_push (&state, 9, card ("KD"));
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_PLAYING);
  g_assert_cmpint (rules->score (&state), ==, 51);
  g_assert_true (play (rules, &state, "t9>h"));
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_WON);
  g_assert_cmpint (rules->score (&state), ==, 52);

  /* Nothing more is accepted once the game is won. */
  move = pat_move_cards (1, HOLE, 1);
  g_assert_false (pat_rules_try_move (rules, &state, &move, NULL, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);

  /* The same for All in a Row. */
  pat_state_init (&state, pat_rules_all_in_a_row.layout->n_piles);
  for (i = 0; i < PAT_N_CARDS; i++)
    pat_state_push (&state, HOLE, pat_card_make (i % 13 + 1, i / 13));
  g_assert_cmpint (pat_rules_all_in_a_row.status (&state), ==, PAT_STATUS_WON);
}

/* Blocked exactly when no top card is one rank from the hole's top; buried cards do not count. */
static void
test_blocked (void)
{
  const PatRules *games[] = { &pat_rules_black_hole, &pat_rules_all_in_a_row };
  guint g, hole_rank, rank;

  for (g = 0; g < G_N_ELEMENTS (games); g++)
    for (hole_rank = 1; hole_rank <= 13; hole_rank++)
      for (rank = 1; rank <= 13; rank++)
        {
          const PatRules *rules = games[g];
          guint last = rules->layout->n_piles - 1;
          gboolean adjacent = (rank % 13) + 1 == hole_rank || (hole_rank % 13) + 1 == rank;
          PatMoveList moves;
          PatState state;

          pat_state_init (&state, rules->layout->n_piles);
          pat_state_push (&state, HOLE, pat_card_make (hole_rank, PAT_SUIT_DIAMONDS));
          pat_state_push (&state, 4, pat_card_make (pat_rank_next (hole_rank), PAT_SUIT_CLUBS));
          pat_state_push (&state, 4, pat_card_make (rank, PAT_SUIT_HEARTS));
          pat_state_push (&state, last, pat_card_make (hole_rank, PAT_SUIT_SPADES));

          rules->legal_moves (&state, &moves);
          g_assert_cmpuint (moves.n, ==, adjacent ? 1 : 0);
          g_assert_cmpint (rules->status (&state), ==,
                           adjacent ? PAT_STATUS_PLAYING : PAT_STATUS_BLOCKED);
        }
}

static gboolean
in_list (const PatMoveList *moves,
         const PatMove     *move)
{
  guint i;

  for (i = 0; i < moves->n; i++)
    if (memcmp (&moves->moves[i], move, sizeof *move) == 0)
      return TRUE;
  return FALSE;
}

/* Reads the text form back into a position; every card must appear once. */
static void
parse_text (const PatRules *rules,
            const char     *text,
            PatState       *state)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  gboolean seen[PAT_N_CARDS] = { FALSE, };
  guint n_piles = rules->layout->n_piles;
  guint i;

  g_assert_cmpuint (g_strv_length (lines), ==, n_piles + 1);
  g_assert_cmpstr (lines[n_piles], ==, "");
  g_assert_true (g_str_has_prefix (lines[0], "Foundations: "));

  pat_state_init (state, n_piles);
  for (i = 0; i < n_piles; i++)
    {
      g_auto(GStrv) words = NULL;
      guint k;

      if (i == HOLE)
        words = g_strsplit (lines[0] + strlen ("Foundations: "), " ", -1);
      else
        words = g_strsplit (lines[i], " ", -1);
      if (i == HOLE && strcmp (words[0], "-") == 0)
        continue;
      if (i != HOLE && lines[i][0] == '\0')
        continue;
      for (k = 0; words[k] != NULL; k++)
        {
          PatCard c = card (words[k]);

          g_assert_false (seen[c]);
          seen[c] = TRUE;
          pat_state_push (state, i, c);
        }
      if (i == HOLE)
        g_assert_cmpuint (k, ==, 1);
    }
}

/* The text form shows the hole's top card only; the rest of the position must match exactly. */
static void
assert_round_trip (const PatRules *rules,
                   const PatState *state)
{
  g_autofree char *text = format_state (rules, state);
  PatState back;
  guint i;

  parse_text (rules, text, &back);
  g_assert_cmpuint (back.n_piles, ==, state->n_piles);
  g_assert_cmpuint (pat_state_pile_top (&back, HOLE), ==, pat_state_pile_top (state, HOLE));
  for (i = 1; i < state->n_piles; i++)
    {
      g_assert_cmpuint (pat_state_pile_len (&back, i), ==, pat_state_pile_len (state, i));
      g_assert_cmpmem (pat_state_pile_cards (&back, i), pat_state_pile_len (&back, i),
                       pat_state_pile_cards (state, i), pat_state_pile_len (state, i));
    }
  if (pat_state_pile_len (state, HOLE) <= 1)
    g_assert_cmpuint (pat_state_n_cards (&back), ==, pat_state_n_cards (state));
}

static void
test_text_round_trip (void)
{
  const PatRules *games[] = { &pat_rules_black_hole, &pat_rules_all_in_a_row };
  const char *numbers[] = { "1", "617", "31999", "32000", "123456789", "99999999999999999999" };
  guint g, i;

  for (g = 0; g < G_N_ELEMENTS (games); g++)
    for (i = 0; i < G_N_ELEMENTS (numbers); i++)
      {
        PatState state;

        deal (games[g], &state, numbers[i]);
        assert_round_trip (games[g], &state);
      }
}

static void
check_position (const PatRules *rules,
                const PatState *state)
{
  PatMoveList moves;
  PatStatus status;
  guint i, j, from, to, count;

  rules->legal_moves (state, &moves);
  for (i = 0; i < moves.n; i++)
    {
      const char *reason = NULL;

      g_assert_true (rules->check_move (state, &moves.moves[i], &reason));
      for (j = i + 1; j < moves.n; j++)
        g_assert_false (memcmp (&moves.moves[i], &moves.moves[j], sizeof (PatMove)) == 0);
    }

  for (from = 0; from < state->n_piles; from++)
    for (to = 0; to < state->n_piles; to++)
      for (count = 0; count <= 3; count++)
        {
          PatMove move = pat_move_cards (from, to, count);
          const char *reason = NULL;
          gboolean legal = rules->check_move (state, &move, &reason);

          g_assert_cmpint (legal, ==, in_list (&moves, &move));
          if (!legal)
            g_assert_nonnull (reason);
        }

  status = rules->status (state);
  if (pat_state_pile_len (state, HOLE) == PAT_N_CARDS)
    g_assert_cmpint (status, ==, PAT_STATUS_WON);
  else
    g_assert_cmpint (status, ==, moves.n > 0 ? PAT_STATUS_PLAYING : PAT_STATUS_BLOCKED);
  g_assert_cmpint (rules->score (state), ==, (int) pat_state_pile_len (state, HOLE));
  g_assert_cmpuint (pat_state_n_cards (state), ==, PAT_N_CARDS);
}

/* Random play from many deals: legal_moves and check_move agree on every move between any
 * two piles, and status agrees with both. */
static void
test_random_play (void)
{
  const PatRules *games[] = { &pat_rules_black_hole, &pat_rules_all_in_a_row };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240601);
  guint g, n, won = 0, blocked = 0;

  for (g = 0; g < G_N_ELEMENTS (games); g++)
    for (n = 1; n <= 150; n++)
      {
        const PatRules *rules = games[g];
        PatDealNumber number = pat_deal_number_from_uint (n * 7919);
        PatState state;
        guint played = 0;

        pat_rules_deal_number (rules, &state, &number, NULL);
        for (;;)
          {
            PatMoveList moves;
            PatMove move;
            guint before = pat_state_pile_len (&state, HOLE);
            PatCard moving;

            check_position (rules, &state);
            if (n % 10 == 0)
              assert_round_trip (rules, &state);
            rules->legal_moves (&state, &moves);
            if (moves.n == 0)
              break;
            move = moves.moves[g_rand_int_range (rand, 0, (gint32) moves.n)];
            moving = pat_state_pile_top (&state, move.from);
            g_assert_true (pat_rules_try_move (rules, &state, &move, NULL, NULL));
            g_assert_cmpuint (pat_state_pile_len (&state, HOLE), ==, before + 1);
            g_assert_cmpuint (pat_state_pile_top (&state, HOLE), ==, moving);
            played++;
          }
        if (rules->status (&state) == PAT_STATUS_WON)
          won++;
        else
          blocked++;
        g_assert_cmpuint (played, ==, pat_state_pile_len (&state, HOLE) - (g == 0 ? 1 : 0));
      }

  /* Random play rarely wins, but it does finish every game one way or the other. */
  g_assert_cmpuint (won + blocked, ==, 300);
  g_assert_cmpuint (blocked, >, 0);
}

/* A narrow arrangement has the same piles as its layout, each inside its bounds, in less width
 * (the fans below come on top of the heights given, so only the widths compare); every game has
 * one. */
static void
test_narrow_layouts (void)
{
  const PatRules *const *all;
  guint n, i, p;

  all = pat_rules_all (&n);
  for (i = 0; i < n; i++)
    {
      const PatLayout *wide = all[i]->layout;
      const PatLayout *narrow = wide->narrow;

      g_test_message ("%s", all[i]->id);
      g_assert_nonnull (narrow);
      g_assert_null (narrow->narrow);
      g_assert_cmpuint (narrow->n_piles, ==, wide->n_piles);
      g_assert_cmpstr (narrow->hole_name, ==, wide->hole_name);
      g_assert_cmpuint (narrow->tableau_noun, ==, wide->tableau_noun);
      g_assert_cmpfloat (narrow->width, <, wide->width * 0.9f);
      for (p = 0; p < wide->n_piles; p++)
        {
          const PatPileInfo *a = &wide->piles[p], *b = &narrow->piles[p];

          g_assert_cmpuint (a->kind, ==, b->kind);
          g_assert_cmpuint (a->index, ==, b->index);
          g_assert_cmpuint (a->fan, ==, b->fan);
          g_assert_cmpuint (a->face, ==, b->face);
          g_assert_cmpfloat (b->x, >=, 0);
          g_assert_cmpfloat (b->y, >=, 0);
          g_assert_cmpfloat (b->x + 1, <=, narrow->width + 0.001);
          g_assert_cmpfloat (b->y + 1, <=, narrow->height + 0.001);
        }
    }
  g_assert_nonnull (pat_rules_lookup ("all-in-a-row")->layout->narrow);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/black-hole/registry", test_registry);
  g_test_add_func ("/layout/narrow", test_narrow_layouts);
  g_test_add_func ("/black-hole/deal-1", test_black_hole_deal_1);
  g_test_add_func ("/black-hole/known-deals", test_black_hole_known_deals);
  g_test_add_func ("/black-hole/all-in-a-row-deal-1", test_all_in_a_row_deal_1);
  g_test_add_func ("/black-hole/deal-deck", test_deal_deck);
  g_test_add_func ("/black-hole/parse-move", test_parse_move);
  g_test_add_func ("/black-hole/one-above-or-below", test_one_above_or_below);
  g_test_add_func ("/black-hole/wrap", test_wrap);
  g_test_add_func ("/black-hole/empty-hole", test_empty_hole);
  g_test_add_func ("/black-hole/won", test_won);
  g_test_add_func ("/black-hole/blocked", test_blocked);
  g_test_add_func ("/black-hole/text-round-trip", test_text_round_trip);
  g_test_add_func ("/black-hole/random-play", test_random_play);

  return g_test_run ();
}
