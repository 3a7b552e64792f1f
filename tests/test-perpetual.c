/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of Perpetual Motion, its Free Columns variant and Idiot's Delight. */

#include "config.h"

#include <string.h>

#include "pat-error.h"
#include "pat-pm-sim.h"
#include "pat-rules.h"

enum { STOCK = 0, T1 = 1, T2, T3, T4, DISCARD };

/* A deck whose first cards are @head (top first) and the rest of the pack after them in
 * the order AC 2C … KC AS … KD, so that the later deals are known too. */
static void
make_deck (const char *head,
           PatCard     deck[PAT_N_CARDS])
{
  g_auto(GStrv) words = g_strsplit (head, " ", -1);
  gboolean used[PAT_N_CARDS] = { FALSE, };
  guint n = 0, i;

  for (i = 0; words[i] != NULL; i++)
    {
      PatCard card;

      g_assert_true (pat_card_parse (words[i], strlen (words[i]), &card));
      g_assert_false (used[card]);
      used[card] = TRUE;
      deck[n++] = card;
    }
  for (i = 0; i < PAT_N_CARDS; i++)
    if (!used[i])
      deck[n++] = (PatCard) i;
  g_assert_cmpuint (n, ==, PAT_N_CARDS);
}

static char *
pile_text (const PatState *state,
           guint           pile)
{
  GString *s = g_string_new (NULL);
  guint k;

  for (k = 0; k < pat_state_pile_len (state, pile); k++)
    {
      char card[3];

      pat_card_format (pat_state_pile_cards (state, pile)[k], card);
      if (k > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, card);
    }
  return g_string_free (s, FALSE);
}

#define assert_pile(state, pile, text) \
  G_STMT_START { \
    g_autofree char *_t = pile_text ((state), (pile)); \
    g_assert_cmpstr (_t, ==, (text)); \
  } G_STMT_END

static void
deal_deck (const PatRules *rules,
           PatState       *state,
           const char     *head)
{
  PatCard deck[PAT_N_CARDS];

  make_deck (head, deck);
  pat_rules_deal_deck (rules, state, deck, NULL);
}

static void
play (const PatRules *rules,
      PatState       *state,
      const char     *move_text,
      PatMoveList    *automatic)
{
  PatMove move;
  GError *error = NULL;

  if (automatic != NULL)
    automatic->n = 0;
  g_test_message ("move %s", move_text);
  pat_rules_parse_move (rules, state, move_text, &move, &error);
  g_assert_no_error (error);
  pat_rules_try_move (rules, state, &move, automatic, &error);
  g_assert_no_error (error);
}

static void
refuse (const PatRules *rules,
        PatState       *state,
        const char     *move_text)
{
  PatState before = *state;
  PatMove move;
  GError *error = NULL;

  if (!pat_rules_parse_move (rules, state, move_text, &move, &error))
    {
      g_assert_nonnull (error);
      g_clear_error (&error);
      return;
    }
  g_assert_false (pat_rules_try_move (rules, state, &move, NULL, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_true (pat_state_equal (&before, state));
}

static void
test_pm_deal_and_kings (void)
{
  const PatRules *rules = &pat_rules_perpetual_motion;
  PatMoveList automatic;
  PatState state;

  deal_deck (rules, &state, "5C KD KH KS");
  g_assert_cmpuint (pat_state_pile_len (&state, STOCK), ==, 52);
  g_assert_cmpuint (state.round, ==, 1);

  /* Kings on piles 2, 3 and 4: those of 3 and 4 go onto pile 2. */
  play (rules, &state, "s", &automatic);
  assert_pile (&state, T1, "5C");
  assert_pile (&state, T2, "KD KH KS");
  assert_pile (&state, T3, "");
  assert_pile (&state, T4, "");
  g_assert_cmpuint (automatic.n, ==, 2);
  g_assert_cmpuint (automatic.moves[0].from, ==, T3);
  g_assert_cmpuint (automatic.moves[0].to, ==, T2);
  g_assert_cmpuint (automatic.moves[1].from, ==, T4);
  g_assert_cmpuint (automatic.moves[1].to, ==, T2);
  g_assert_cmpuint (pat_state_pile_len (&state, STOCK), ==, 48);

  /* Nothing but dealing is a move of this game. */
  refuse (rules, &state, "t2>t1");
  refuse (rules, &state, "t1>x");
}

static void
test_pm_no_chain_reaction (void)
{
  const PatRules *rules = &pat_rules_perpetual_motion;
  PatState state;

  deal_deck (rules, &state, "AC 3C 4C 5C 7D 4H 7H 9S");
  play (rules, &state, "s", NULL);
  play (rules, &state, "s", NULL);
  /* 7H joins 7D; the 4C it uncovers matches 4H on pile 2 but is not looked at again. */
  assert_pile (&state, T1, "AC 7D 7H");
  assert_pile (&state, T2, "3C 4H");
  assert_pile (&state, T3, "4C");
  assert_pile (&state, T4, "5C 9S");
}

static void
test_pm_two_pairs (void)
{
  const PatRules *rules = &pat_rules_perpetual_motion;
  PatState state;

  /* Two ranks at once: each goes to its own leftmost pile; the tops are judged as dealt. */
  deal_deck (rules, &state, "6C 8D 6H 8S");
  play (rules, &state, "s", NULL);
  assert_pile (&state, T1, "6C 6H");
  assert_pile (&state, T2, "8D 8S");
  assert_pile (&state, T3, "");
  assert_pile (&state, T4, "");

  deal_deck (rules, &state, "2C QD QH 2S");
  play (rules, &state, "s", NULL);
  assert_pile (&state, T1, "2C 2S");
  assert_pile (&state, T2, "QD QH");
}

static void
test_pm_four_of_a_kind (void)
{
  const PatRules *rules = &pat_rules_perpetual_motion;
  PatMoveList automatic;
  PatState state;

  deal_deck (rules, &state, "AC 2C 3C 4C 9C 9D 9H 9S");
  play (rules, &state, "s", NULL);
  play (rules, &state, "s", &automatic);
  assert_pile (&state, DISCARD, "9C 9D 9H 9S");
  assert_pile (&state, T1, "AC");
  assert_pile (&state, T4, "4C");
  g_assert_cmpuint (automatic.n, ==, 4);
  g_assert_cmpint (rules->score (&state), ==, 4);

  /* Four equal cards gathered on one pile stay there: only four dealt together go out. */
  deal_deck (rules, &state, "5C 5D 2C 3C 5H 5S 2D 3D");
  play (rules, &state, "s", NULL);
  assert_pile (&state, T1, "5C 5D");
  play (rules, &state, "s", NULL);
  assert_pile (&state, T1, "5C 5D 5H 5S");
  assert_pile (&state, DISCARD, "");
}

/* The deck AC 2C … with ranks in sequence: no deal of round 1 has two equal ranks. */
static const char *sequence_head = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC "
                                   "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS "
                                   "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH "
                                   "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD";

static void
test_pm_gather_order (void)
{
  const PatRules *rules = &pat_rules_perpetual_motion;
  PatMoveList automatic;
  PatState state;
  guint i;

  deal_deck (rules, &state, sequence_head);
  for (i = 0; i < 12; i++)
    play (rules, &state, "s", NULL);
  g_assert_cmpuint (state.round, ==, 1);
  assert_pile (&state, T4, "4C 8C QC 3S 7S JS 2H 6H TH AD 5D 9D");
  play (rules, &state, "s", &automatic);

  /* The last deal of the round gathers by itself: pile 4 first, as placed, then 3, 2, 1. */
  g_assert_cmpuint (state.round, ==, 2);
  g_assert_cmpuint (automatic.n, ==, 1);
  g_assert_cmpuint (automatic.moves[0].kind, ==, PAT_MOVE_GATHER);
  g_assert_cmpuint (pat_state_pile_len (&state, STOCK), ==, 52);
  for (i = T1; i <= T4; i++)
    g_assert_cmpuint (pat_state_pile_len (&state, i), ==, 0);
  g_assert_cmpuint (pat_state_pile_peek (&state, STOCK, 0), ==, pat_card_make (4, PAT_SUIT_CLUBS));
  g_assert_cmpuint (pat_state_pile_peek (&state, STOCK, 12), ==,
                    pat_card_make (PAT_KING, PAT_SUIT_DIAMONDS));
  g_assert_cmpuint (pat_state_pile_peek (&state, STOCK, 13), ==, pat_card_make (3, PAT_SUIT_CLUBS));
  g_assert_cmpuint (pat_state_pile_peek (&state, STOCK, 51), ==,
                    pat_card_make (10, PAT_SUIT_DIAMONDS));

  /* Round 2 deals 4C 8C QC 3S: four different ranks. */
  play (rules, &state, "s", NULL);
  assert_pile (&state, T1, "4C");
  assert_pile (&state, T2, "8C");
  assert_pile (&state, T3, "QC");
  assert_pile (&state, T4, "3S");
}

/* Plays a classic deal through the rules module, keeping every round's starting stock, and
 * checks the status turns to cycle exactly at the first repetition. */
static void
check_cycle_through_rules (guint64 number)
{
  const PatRules *rules = &pat_rules_perpetual_motion;
  PatDealNumber deal = pat_deal_number_from_uint (number);
  g_autoptr(GPtrArray) stocks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  PatMove s = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  PatCard deck[PAT_N_CARDS];
  PatPmResult result;
  PatState state;
  guint round = 0;

  pat_deal_shuffle (&deal, deck);
  pat_pm_play (deck, &result);
  pat_rules_deal_number (rules, &state, &deal, NULL);

  for (;;)
    {
      PatStatus status = rules->status (&state);

      if (state.round != round)
        {
          GBytes *stock = g_bytes_new (pat_state_pile_cards (&state, STOCK),
                                       pat_state_pile_len (&state, STOCK));
          guint i, repeat = 0;

          round = state.round;
          for (i = 0; i < stocks->len; i++)
            if (g_bytes_equal (stocks->pdata[i], stock))
              repeat = i + 1;
          g_ptr_array_add (stocks, stock);

          if (repeat != 0)
            {
              g_assert_cmpint (status, ==, PAT_STATUS_CYCLE);
              g_assert_false (result.won);
              g_assert_cmpuint (round, ==, result.rounds + 1);
              g_assert_cmpuint (repeat, ==, result.cycle_start);
              g_assert_cmpuint (round - repeat, ==, result.cycle_length);
              return;
            }
        }
      if (status == PAT_STATUS_WON)
        {
          g_assert_true (result.won);
          g_assert_cmpuint (state.round, ==, result.rounds);
          return;
        }
      g_assert_cmpint (status, ==, PAT_STATUS_PLAYING);
      g_assert_true (rules->check_move (&state, &s, &(const char *) { NULL }));
      rules->apply (&state, &s, NULL);
    }
}

static void
test_pm_cycle_detection (void)
{
  guint64 n;

  /* Deal 3 cycles (rounds 171–174 repeat), deal 1 is won; and a range of others. */
  for (n = 1; n <= 40; n++)
    check_cycle_through_rules (n);
  check_cycle_through_rules (32000);
  check_cycle_through_rules (G_GUINT64_CONSTANT (12345678901234));
}

/* The fast player must agree with the plain one exactly, on both shuffles. */
static void
test_pm_fast_matches_plain (void)
{
  guint64 starts[] = { 1, 31900, 1000000 };
  guint s, n_cycles = 0, n_won = 0;

  for (s = 0; s < G_N_ELEMENTS (starts); s++)
    {
      guint64 k;

      for (k = starts[s]; k < starts[s] + 200; k++)
        {
          PatDealNumber deal = pat_deal_number_from_uint (k);
          PatCard deck[PAT_N_CARDS];
          PatPmResult fast, plain;

          pat_deal_shuffle (&deal, deck);
          pat_pm_play (deck, &fast);
          pat_pm_play_reference (deck, &plain);
          g_assert_cmpint (fast.won, ==, plain.won);
          g_assert_cmpuint (fast.rounds, ==, plain.rounds);
          g_assert_cmpuint (fast.cycle_start, ==, plain.cycle_start);
          g_assert_cmpuint (fast.cycle_length, ==, plain.cycle_length);
          if (fast.won)
            n_won++;
          else
            n_cycles++;
        }
    }
  /* Both outcomes were exercised. */
  g_assert_cmpuint (n_won, >, 100);
  g_assert_cmpuint (n_cycles, >, 100);
}

static void
test_pm_known_results (void)
{
  struct {
    guint64  deal;
    gboolean won;
    guint    rounds, start, length;
  } cases[] = {
    { 1, TRUE, 120, 0, 0 },
    { 2, TRUE, 139, 0, 0 },
    { 3, FALSE, 174, 171, 4 },
    { 100, FALSE, 143, 136, 8 },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PatDealNumber deal = pat_deal_number_from_uint (cases[i].deal);
      PatCard deck[PAT_N_CARDS];
      PatPmResult result;
      PatState state;

      pat_deal_shuffle (&deal, deck);
      pat_pm_play (deck, &result);
      g_assert_cmpint (result.won, ==, cases[i].won);
      g_assert_cmpuint (result.rounds, ==, cases[i].rounds);
      g_assert_cmpuint (result.cycle_start, ==, cases[i].start);
      g_assert_cmpuint (result.cycle_length, ==, cases[i].length);

      pat_rules_deal_number (&pat_rules_perpetual_motion, &state, &deal, NULL);
      g_assert_cmpuint (state.cycle_round, ==, cases[i].won ? 0 : cases[i].rounds + 1);
    }
}

static void
test_free_columns (void)
{
  const PatRules *rules = &pat_rules_perpetual_motion_free;
  PatMoveList moves;
  PatState state;
  guint i;

  deal_deck (rules, &state, "5C KD KH 2S 9D 9H 2C 2D");
  play (rules, &state, "s", NULL);
  /* Nothing moves by itself. */
  assert_pile (&state, T2, "KD");
  assert_pile (&state, T3, "KH");
  refuse (rules, &state, "t1>t2");
  refuse (rules, &state, "t1>x");
  refuse (rules, &state, "t2>t2");
  refuse (rules, &state, "t2:2>t3");
  play (rules, &state, "t3>t2", NULL);
  assert_pile (&state, T2, "KD KH");
  assert_pile (&state, T3, "");
  refuse (rules, &state, "t3>t2");
  rules->legal_moves (&state, &moves);
  g_assert_cmpuint (moves.n, ==, 1);   /* only the deal */

  play (rules, &state, "s", NULL);
  play (rules, &state, "t2>t1", NULL);
  assert_pile (&state, T1, "5C 9D 9H");
  assert_pile (&state, T2, "KD KH");
  /* Moves chain as the player likes: 2D uncovers 2S, which may follow it. */
  play (rules, &state, "t4>t3", NULL);
  play (rules, &state, "t4>t3", NULL);
  assert_pile (&state, T3, "2C 2D 2S");
  assert_pile (&state, T4, "");

  /* Four equal stacked together by the player are not discarded. */
  deal_deck (rules, &state, "7C 7D 2C 3C 7H 7S 2D 3D");
  play (rules, &state, "s", NULL);
  play (rules, &state, "t2>t1", NULL);
  play (rules, &state, "s", NULL);
  play (rules, &state, "t2>t1", NULL);
  assert_pile (&state, T1, "7C 7D 7H 7S");
  assert_pile (&state, DISCARD, "");

  /* The stock runs out: the player may still move, then s gathers. */
  deal_deck (rules, &state, sequence_head);
  for (i = 0; i < 13; i++)
    play (rules, &state, "s", NULL);
  g_assert_cmpuint (pat_state_pile_len (&state, STOCK), ==, 0);
  g_assert_cmpuint (state.round, ==, 1);
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_PLAYING);
  play (rules, &state, "s", NULL);
  g_assert_cmpuint (state.round, ==, 2);
  g_assert_cmpuint (pat_state_pile_len (&state, STOCK), ==, 52);
  g_assert_cmpuint (pat_state_pile_top (&state, STOCK), ==, pat_card_make (4, PAT_SUIT_CLUBS));
}

static void
test_idiots_delight (void)
{
  const PatRules *rules = &pat_rules_idiots_delight;
  PatMoveList moves;
  PatState state;

  deal_deck (rules, &state, "5C KD 9C 5S 2H 7D 3H 4S");
  refuse (rules, &state, "t1>x");
  play (rules, &state, "s", NULL);
  assert_pile (&state, T1, "5C");
  assert_pile (&state, T4, "5S");

  /* 5C is below 9C: the lower of a suit goes; 9C has no higher club showing. */
  refuse (rules, &state, "t3>x");
  refuse (rules, &state, "t2>x");
  refuse (rules, &state, "t1+t3>x");
  refuse (rules, &state, "t1+t1>x");
  refuse (rules, &state, "t1>t2");
  rules->legal_moves (&state, &moves);
  g_assert_cmpuint (moves.n, ==, 3);   /* deal, 5C down, 5C+5S pair */

  play (rules, &state, "t1+t4>x", NULL);
  assert_pile (&state, DISCARD, "5C 5S");
  assert_pile (&state, T1, "");
  refuse (rules, &state, "t1>x");

  play (rules, &state, "s", NULL);
  /* Tops: 2H, 7D (on KD), 3H (on 9C), 4S. 2H is below 3H. */
  play (rules, &state, "t1>x", NULL);
  refuse (rules, &state, "t3>x");
  /* Ace is low: an Ace goes under any card of its suit. */
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_PLAYING);
}

static void
test_idiots_delight_end (void)
{
  const PatRules *rules = &pat_rules_idiots_delight;
  PatState state;
  guint i;

  /* AC 2C 3C 4C, then 5C…: every deal of four of one suit lets three go. Deal everything
   * without discarding: the game ends blocked only when the stock is out and no discard is left. */
  deal_deck (rules, &state, sequence_head);
  for (i = 0; i < 13; i++)
    {
      g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_PLAYING);
      play (rules, &state, "s", NULL);
    }
  refuse (rules, &state, "s");
  /* Tops are TD JD QD KD: the three lower diamonds can go, one by one. */
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_PLAYING);
  play (rules, &state, "t1>x", NULL);
  play (rules, &state, "t2>x", NULL);
  play (rules, &state, "t3>x", NULL);
  /* Now 6D 7D 8D under them and KD: keep going until no discard is left. */
  for (;;)
    {
      PatMoveList moves;

      rules->legal_moves (&state, &moves);
      if (moves.n == 0)
        break;
      g_assert_true (rules->check_move (&state, &moves.moves[0], &(const char *) { NULL }));
      rules->apply (&state, &moves.moves[0], NULL);
    }
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_BLOCKED);
}

static void
test_idiots_delight_won (void)
{
  const PatRules *rules = &pat_rules_idiots_delight;
  PatState state;

  /* A hand-made end: two Kings left, one on each of two piles, nothing in the stock. */
  pat_state_init (&state, 6);
  {
    guint c;

    for (c = 0; c < PAT_N_CARDS; c++)
      if (c != pat_card_make (PAT_KING, PAT_SUIT_CLUBS) &&
          c != pat_card_make (PAT_KING, PAT_SUIT_HEARTS))
        pat_state_push (&state, DISCARD, (PatCard) c);
    pat_state_push (&state, T2, pat_card_make (PAT_KING, PAT_SUIT_CLUBS));
    pat_state_push (&state, T4, pat_card_make (PAT_KING, PAT_SUIT_HEARTS));
  }
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_PLAYING);
  play (rules, &state, "t4+t2>x", NULL);
  g_assert_cmpint (rules->status (&state), ==, PAT_STATUS_WON);
  g_assert_cmpint (rules->score (&state), ==, 52);
}

static void
test_layout_names (void)
{
  const PatRules *all[] = { &pat_rules_perpetual_motion, &pat_rules_perpetual_motion_free,
                            &pat_rules_idiots_delight };
  const char *names[] = { "s", "t1", "t2", "t3", "t4", "x" };
  guint i, p;

  for (i = 0; i < G_N_ELEMENTS (all); i++)
    {
      g_assert_true (pat_rules_lookup (all[i]->id) == all[i]);
      g_assert_cmpuint (all[i]->layout->n_piles, ==, 6);
      for (p = 0; p < 6; p++)
        {
          char name[8];

          pat_rules_pile_name (all[i], p, name);
          g_assert_cmpstr (name, ==, names[p]);
        }
    }
}

/* What the layouts say about every game: which deal cards face down, and which plays itself. */
static void
test_hidden_cards (void)
{
  const char *open[] = { "black-hole", "all-in-a-row", "penguin" };
  const PatRules *const *all;
  guint n, i, j;

  all = pat_rules_all (&n);
  for (i = 0; i < n; i++)
    {
      gboolean expected = TRUE;

      for (j = 0; j < G_N_ELEMENTS (open); j++)
        if (g_str_equal (all[i]->id, open[j]))
          expected = FALSE;
      g_assert_cmpint (pat_rules_has_hidden_cards (all[i]), ==, expected);
      g_assert_cmpint (pat_rules_plays_itself (all[i]), ==, all[i] == &pat_rules_perpetual_motion);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/perpetual-motion/layout-names", test_layout_names);
  g_test_add_func ("/rules/hidden-cards", test_hidden_cards);
  g_test_add_func ("/perpetual-motion/deal-and-kings", test_pm_deal_and_kings);
  g_test_add_func ("/perpetual-motion/no-chain-reaction", test_pm_no_chain_reaction);
  g_test_add_func ("/perpetual-motion/two-pairs", test_pm_two_pairs);
  g_test_add_func ("/perpetual-motion/four-of-a-kind", test_pm_four_of_a_kind);
  g_test_add_func ("/perpetual-motion/gather-order", test_pm_gather_order);
  g_test_add_func ("/perpetual-motion/cycle-detection", test_pm_cycle_detection);
  g_test_add_func ("/perpetual-motion/fast-matches-plain", test_pm_fast_matches_plain);
  g_test_add_func ("/perpetual-motion/known-results", test_pm_known_results);
  g_test_add_func ("/perpetual-motion-free/moves", test_free_columns);
  g_test_add_func ("/idiots-delight/moves", test_idiots_delight);
  g_test_add_func ("/idiots-delight/end", test_idiots_delight_end);
  g_test_add_func ("/idiots-delight/won", test_idiots_delight_won);

  return g_test_run ();
}
