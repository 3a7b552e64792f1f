/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of Demon: deal, stock and die, each move rule, exact blocking, score and notation. */

#include "config.h"

#include <string.h>

#include "pat-error.h"
#include "pat-rules.h"
#include "test-card.h"

enum {
  S,
  W,
  R,
  F1,
  T1 = F1 + 4,
  N_PILES = T1 + 4,
};

static const PatRules *const demon = &pat_rules_demon;

/* A hand-made position: one string per pile in the order s w r f1…f4 t1…t4, cards bottom to
 * top. Three cards a turn, first pass. */
static void
position (PatState         *state,
          guint             base_rank,
          const char *const piles[N_PILES])
{
  guint i, k;

  pat_state_init (state, N_PILES);
  for (i = 0; i < N_PILES; i++)
    {
      g_auto(GStrv) words = g_strsplit (piles[i], " ", -1);

      for (k = 0; words[k] != NULL; k++)
        if (words[k][0] != '\0')
          pat_state_push (state, i, card (words[k]));
    }
  state->base_rank = (guint8) base_rank;
  state->variant = PAT_DIE_OFF;
  state->die = 0;
  state->round = 1;
}

static void
assert_pile (const PatState *state,
             guint           pile,
             const char     *expected)
{
  g_autoptr(GString) text = g_string_new (NULL);
  const PatCard *cards = pat_state_pile_cards (state, pile);
  guint i;

  for (i = 0; i < pat_state_pile_len (state, pile); i++)
    {
      char c[3];

      pat_card_format (cards[i], c);
      if (i > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, c);
    }
  g_assert_cmpstr (text->str, ==, expected);
}

static gboolean
legal (const PatState *state,
       guint           from,
       guint           to,
       guint           count)
{
  PatMove move = pat_move_cards (from, to, count);
  const char *reason = NULL;

  if (demon->check_move (state, &move, &reason))
    return TRUE;
  g_assert_nonnull (reason);
  return FALSE;
}

static void
play (PatState    *state,
      guint        from,
      guint        to,
      guint        count,
      PatMoveList *automatic)
{
  PatMove move = pat_move_cards (from, to, count);
  g_autoptr(GError) error = NULL;

  if (automatic != NULL)
    automatic->n = 0;
  pat_rules_try_move (demon, state, &move, automatic, &error);
  g_assert_no_error (error);
}

static void
turn (PatState *state)
{
  PatMove move = { PAT_MOVE_STOCK, S, S, 0, 0 };
  const char *reason = NULL;

  g_assert_true (demon->check_move (state, &move, &reason));
  demon->apply (state, &move, NULL);
}

static guint
roll (const PatDealNumber *deal,
      guint                pass)
{
  return 1 + pat_deal_number_hash (deal, pass) % 6;
}

/* A deal number whose first roll is @want. */
static PatDealNumber
deal_rolling (guint want)
{
  guint64 n;

  for (n = 1; n < 1000; n++)
    {
      PatDealNumber d = pat_deal_number_from_uint (n);

      if (roll (&d, 1) == want)
        return d;
    }
  g_assert_not_reached ();
}

static void
test_layout (void)
{
  const PatLayout *layout = demon->layout;
  static const PatPileKind kinds[N_PILES] = {
    PAT_PILE_STOCK, PAT_PILE_WASTE, PAT_PILE_RESERVE,
    PAT_PILE_FOUNDATION, PAT_PILE_FOUNDATION, PAT_PILE_FOUNDATION, PAT_PILE_FOUNDATION,
    PAT_PILE_TABLEAU, PAT_PILE_TABLEAU, PAT_PILE_TABLEAU, PAT_PILE_TABLEAU,
  };
  guint i;

  g_assert_cmpstr (demon->id, ==, "demon");
  g_assert_cmpstr (demon->name, ==, "Demon");
  g_assert_true (pat_rules_lookup ("demon") == demon);
  g_assert_cmpuint (layout->n_piles, ==, N_PILES);
  for (i = 0; i < N_PILES; i++)
    g_assert_cmpuint (layout->piles[i].kind, ==, kinds[i]);
  g_assert_cmpuint (layout->piles[S].face, ==, PAT_FACE_DOWN);
  g_assert_cmpuint (layout->piles[R].face, ==, PAT_FACE_TOP_UP);
  g_assert_cmpuint (layout->piles[T1].fan, ==, PAT_FAN_DOWN);
  g_assert_cmpint (pat_rules_find_pile (demon, PAT_PILE_TABLEAU, 2), ==, T1 + 1);
  g_assert_cmpint (pat_rules_find_pile (demon, PAT_PILE_FOUNDATION, 4), ==, F1 + 3);
  g_assert_cmpint (pat_rules_find_pile (demon, PAT_PILE_RESERVE, 0), ==, R);
}

static void
test_deal (void)
{
  PatDealNumber number = pat_deal_number_from_uint (1);
  PatCard d[PAT_N_CARDS];
  PatState state, first, again;
  const PatCard *cards;
  guint i;

  pat_deal_shuffle (&number, d);
  pat_rules_deal_number (demon, &state, &number, NULL);

  g_assert_cmpuint (state.n_piles, ==, N_PILES);
  g_assert_cmpuint (pat_state_n_cards (&state), ==, PAT_N_CARDS);
  g_assert_cmpuint (pat_state_pile_len (&state, R), ==, 13);
  cards = pat_state_pile_cards (&state, R);
  for (i = 0; i < 13; i++)
    g_assert_cmpuint (cards[i], ==, d[i]);
  g_assert_cmpuint (pat_state_pile_top (&state, R), ==, d[12]);

  g_assert_cmpuint (pat_state_pile_len (&state, F1), ==, 1);
  g_assert_cmpuint (pat_state_pile_top (&state, F1), ==, d[13]);
  g_assert_cmpuint (state.base_rank, ==, pat_card_rank (d[13]));
  for (i = 1; i < 4; i++)
    g_assert_cmpuint (pat_state_pile_len (&state, F1 + i), ==, 0);

  for (i = 0; i < 4; i++)
    {
      g_assert_cmpuint (pat_state_pile_len (&state, T1 + i), ==, 1);
      g_assert_cmpuint (pat_state_pile_top (&state, T1 + i), ==, d[14 + i]);
    }

  g_assert_cmpuint (pat_state_pile_len (&state, W), ==, 0);
  g_assert_cmpuint (pat_state_pile_len (&state, S), ==, 34);
  for (i = 0; i < 34; i++)
    g_assert_cmpuint (pat_state_pile_peek (&state, S, i), ==, d[18 + i]);

  g_assert_cmpuint (state.round, ==, 1);
  g_assert_cmpuint (state.die, ==, 0);
  g_assert_cmpuint (state.variant, ==, PAT_DIE_OFF);
  g_assert_cmpint (demon->score (&state), ==, 1 - 13);

  /* The same deck given card by card deals the same piles. */
  pat_rules_deal_deck (demon, &again, d, NULL);
  g_assert_cmpmem (again.cards, sizeof again.cards, state.cards, sizeof state.cards);
  g_assert_cmpmem (again.start, sizeof again.start, state.start, sizeof state.start);

  first = state;
  turn (&state);
  g_assert_cmpuint (pat_state_pile_len (&state, W), ==, 3);
  cards = pat_state_pile_cards (&state, W);
  g_assert_cmpuint (cards[0], ==, d[18]);
  g_assert_cmpuint (cards[1], ==, d[19]);
  g_assert_cmpuint (cards[2], ==, d[20]);
  g_assert_cmpuint (pat_state_pile_top (&state, W), ==, d[20]);
  g_assert_cmpuint (pat_state_pile_top (&state, S), ==, d[21]);

  /* 34 cards: eleven turns of three, then one of a single card. */
  for (i = 1; i < 11; i++)
    turn (&state);
  g_assert_cmpuint (pat_state_pile_len (&state, S), ==, 1);
  g_assert_cmpuint (pat_state_pile_top (&state, W), ==, d[50]);
  turn (&state);
  g_assert_cmpuint (pat_state_pile_len (&state, S), ==, 0);
  g_assert_cmpuint (pat_state_pile_len (&state, W), ==, 34);
  g_assert_cmpuint (pat_state_pile_top (&state, W), ==, d[51]);
  g_assert_cmpuint (state.round, ==, 1);

  turn (&state);
  g_assert_cmpuint (state.round, ==, 2);
  g_assert_cmpuint (pat_state_pile_len (&state, W), ==, 0);
  g_assert_cmpmem (pat_state_pile_cards (&state, S), 34, pat_state_pile_cards (&first, S), 34);
  turn (&state);
  g_assert_cmpuint (pat_state_pile_top (&state, W), ==, d[20]);
}

static void
test_stock_turns (void)
{
  const char *const piles[N_PILES] = {
    "2C 3C 4C 5C", "", "KS", "7H", "", "", "", "9S", "9C", "QS", "QC",
  };
  PatState state;
  PatMove move = { PAT_MOVE_STOCK, S, S, 0, 0 };
  PatMoveList moves;
  const char *reason = NULL;

  position (&state, 7, piles);
  turn (&state);
  assert_pile (&state, W, "5C 4C 3C");
  assert_pile (&state, S, "2C");
  turn (&state);
  assert_pile (&state, W, "5C 4C 3C 2C");
  g_assert_cmpuint (pat_state_pile_len (&state, S), ==, 0);
  turn (&state);
  assert_pile (&state, S, "2C 3C 4C 5C");
  g_assert_cmpuint (state.round, ==, 2);

  /* A stock move is written with the stock as both ends and no count. */
  move.count = 3;
  g_assert_false (demon->check_move (&state, &move, &reason));
  move.count = 0;
  move.to = W;
  g_assert_false (demon->check_move (&state, &move, &reason));

  /* Nothing left to turn. */
  position (&state, 7, (const char *const[N_PILES]) {
    "", "", "KS", "7H", "", "", "", "9S", "9C", "QS", "QC",
  });
  move.to = S;
  reason = NULL;
  g_assert_false (demon->check_move (&state, &move, &reason));
  g_assert_nonnull (reason);
  demon->legal_moves (&state, &moves);
  g_assert_cmpuint (moves.n, ==, 0);
}

static void
test_die_per_game (void)
{
  PatDealNumber number = deal_rolling (5);
  PatOptions options = { PAT_DIE_PER_GAME };
  PatState state, restart;
  g_autofree char *text = NULL;
  guint pass;

  pat_rules_deal_number (demon, &state, &number, &options);
  g_assert_cmpuint (state.variant, ==, PAT_DIE_PER_GAME);
  g_assert_cmpuint (state.die, ==, 5);
  pat_rules_deal_number (demon, &restart, &number, &options);
  g_assert_true (pat_state_equal (&state, &restart));

  text = pat_rules_format_state (demon, &state);
  g_assert_nonnull (strstr (text, "Die: 5\n"));

  turn (&state);
  g_assert_cmpuint (pat_state_pile_len (&state, W), ==, 5);
  for (pass = 1; pass <= 5; pass++)
    {
      g_assert_cmpuint (state.round, ==, pass);
      g_assert_cmpuint (state.die, ==, 5);
      while (pat_state_pile_len (&state, S) > 0)
        turn (&state);
      turn (&state);
    }
  /* 34 = 6 × 5 + 4: the last turn of a pass moves what is left. */
  turn (&state);
  turn (&state);
  turn (&state);
  turn (&state);
  turn (&state);
  turn (&state);
  g_assert_cmpuint (pat_state_pile_len (&state, S), ==, 4);
  turn (&state);
  g_assert_cmpuint (pat_state_pile_len (&state, S), ==, 0);
  g_assert_cmpuint (pat_state_pile_len (&state, W), ==, 34);
}

static void
test_die_per_pass (void)
{
  PatDealNumber number = pat_deal_number_from_uint (123456789);
  PatOptions options = { PAT_DIE_PER_PASS };
  PatState state, restart;
  guint pass, differs = 0;

  pat_rules_deal_number (demon, &state, &number, &options);
  pat_rules_deal_number (demon, &restart, &number, &options);
  g_assert_true (pat_state_equal (&state, &restart));
  g_assert_cmpuint (state.variant, ==, PAT_DIE_PER_PASS);

  for (pass = 1; pass <= 12; pass++)
    {
      PatState before, again;

      g_assert_cmpuint (state.round, ==, pass);
      g_assert_cmpuint (state.die, ==, roll (&number, pass));
      if (pass > 1 && roll (&number, pass) != roll (&number, pass - 1))
        differs++;
      turn (&state);
      g_assert_cmpuint (pat_state_pile_len (&state, W), ==, state.die);

      while (pat_state_pile_len (&state, S) > 0)
        turn (&state);
      /* Going back to an earlier state (undo) and turning again cannot roll differently. */
      before = state;
      turn (&state);
      again = before;
      turn (&again);
      g_assert_true (pat_state_equal (&state, &again));
    }
  g_assert_cmpuint (differs, >, 0);

  /* A per-game die does not change between passes. */
  options.die_mode = PAT_DIE_PER_GAME;
  pat_rules_deal_number (demon, &state, &number, &options);
  for (pass = 1; pass <= 12; pass++)
    {
      g_assert_cmpuint (state.die, ==, roll (&number, 1));
      while (pat_state_pile_len (&state, S) > 0)
        turn (&state);
      turn (&state);
    }
  g_assert_cmpuint (state.round, ==, 13);
}

static void
test_die_off (void)
{
  PatDealNumber number = pat_deal_number_from_uint (7);
  PatState state;
  g_autofree char *text = NULL;

  pat_rules_deal_number (demon, &state, &number, NULL);
  g_assert_cmpuint (state.die, ==, 0);
  turn (&state);
  text = pat_rules_format_state (demon, &state);
  g_assert_null (strstr (text, "Die:"));
  g_assert_nonnull (strstr (text, "Pass: 1\n"));
  g_assert_cmpuint (pat_state_pile_len (&state, W), ==, 3);
}

static void
test_describe (void)
{
  PatState state;
  g_autofree char *text = NULL;

  position (&state, 10, (const char *const[N_PILES]) {
    "", "2C", "KS", "TH", "", "", "", "9S", "9C", "QS", "QC",
  });
  state.round = 2;
  text = pat_rules_format_state (demon, &state);
  g_assert_true (g_str_has_prefix (text, "Base: T\nPass: 2\n"));
  g_assert_nonnull (strstr (text, "\nr: KS\n"));
  g_assert_nonnull (strstr (text, "\nf2: -\n"));
}

static void
test_foundation_moves (void)
{
  PatState state;

  position (&state, 7, (const char *const[N_PILES]) {
    "3D", "2C 9H", "KC 7D", "7H 8H", "", "", "", "8S", "TH", "5C 6C", "9D",
  });
  g_assert_true (legal (&state, W, F1, 1));         /* 9H on 8H */
  g_assert_false (legal (&state, W, F1 + 1, 1));    /* not into an empty one: not the base rank */
  g_assert_false (legal (&state, T1 + 3, F1, 1));   /* 9D: wrong suit */
  g_assert_false (legal (&state, T1 + 1, F1, 1));   /* TH: skips a rank */
  g_assert_true (legal (&state, R, F1 + 1, 1));     /* 7D, the base rank, into an empty one */
  g_assert_true (legal (&state, R, F1 + 3, 1));
  g_assert_false (legal (&state, R, F1, 1));        /* but not onto the hearts */
  g_assert_false (legal (&state, T1, F1 + 1, 1));   /* 8S is not the base rank */
  g_assert_false (legal (&state, T1 + 2, F1 + 1, 2));
  g_assert_false (legal (&state, W, F1, 2));
  g_assert_false (legal (&state, S, F1, 1));
  g_assert_false (legal (&state, W, F1, 0));

  /* The suit turns the corner from King to Ace. */
  position (&state, 7, (const char *const[N_PILES]) {
    "", "", "KC", "7H 8H 9H TH JH QH KH", "", "", "", "AH", "AD", "QS", "QC",
  });
  g_assert_true (legal (&state, T1, F1, 1));
  g_assert_false (legal (&state, T1 + 1, F1, 1));
  play (&state, T1, F1, 1, NULL);
  assert_pile (&state, F1, "7H 8H 9H TH JH QH KH AH");
  /* A foundation never gives a card back. */
  g_assert_false (legal (&state, F1, T1 + 1, 1));
  g_assert_false (legal (&state, F1, F1 + 1, 1));
}

/* Whether the rules call @text safe to go up, each suit's foundation height counted as the
 * board and the solver count it. */
static gboolean
safe (const PatState *state,
      const char     *text)
{
  guint8 height[4] = { 0, 0, 0, 0 };

  for (guint f = F1; f < T1; f++)
    if (pat_state_pile_len (state, f) > 0)
      {
        PatCard bottom = pat_state_pile_cards (state, f)[0];

        height[pat_card_suit (bottom)] = (guint8) pat_state_pile_len (state, f);
      }
  return demon->safe_to_foundation (card (text), state->base_rank, height);
}

static void
test_safe_to_foundation (void)
{
  PatState state;
  guint n_rules;
  const PatRules *const *all = pat_rules_all (&n_rules);

  /* Base 7: hearts up to 9, diamonds to 8, clubs to 8, spades at 7. */
  position (&state, 7, (const char *const[N_PILES]) {
    "", "", "", "7H 8H 9H", "7D 8D", "7C 8C", "7S", "", "", "", "",
  });
  g_assert_true (safe (&state, "9C"));    /* both red 8s are up: nothing red wants the 9C */
  g_assert_true (safe (&state, "8S"));
  g_assert_false (safe (&state, "9D"));   /* the 8S may still want it */
  g_assert_false (safe (&state, "TH"));   /* the black 9s are not up */
  /* A base card may still hold the last card of the other colour. */
  g_assert_false (safe (&state, "7D"));
  /* Round the corner: from a base of 7, the 2 of hearts needs the black suits up to the A. */
  g_assert_false (safe (&state, "2H"));

  position (&state, 7, (const char *const[N_PILES]) {
    "", "", "", "7H 8H 9H", "7D", "7C 8C 9C TC JC QC KC AC",
    "7S 8S 9S TS JS QS KS AS 2S 3S 4S 5S 6S", "", "", "", "",
  });
  g_assert_true (safe (&state, "2H"));
  g_assert_false (safe (&state, "3H"));
  g_assert_true (safe (&state, "8C"));
  g_assert_false (safe (&state, "TC"));   /* the 9D is not up */

  /* Only the games that build suits up round the corner have the rule. */
  for (guint i = 0; i < n_rules; i++)
    g_assert_true ((all[i]->safe_to_foundation != NULL) ==
                   (all[i] == &pat_rules_demon || all[i] == &pat_rules_penguin));
  g_assert_true (pat_rules_penguin.safe_to_foundation (card ("KD"), 3,
                                                       (const guint8[4]) { 0, 0, 0, 0 }));
}

/* What the UI shows of a game comes from its rules table: Demon alone has a score, a die and
 * matches; no game id is compared outside the engine. */
static void
test_capabilities (void)
{
  guint n_rules;
  const PatRules *const *all = pat_rules_all (&n_rules);

  g_assert_true (pat_rules_match () == demon);
  g_assert_true (pat_rules_default () == &pat_rules_black_hole);
  for (guint i = 0; i < n_rules; i++)
    {
      gboolean is_demon = all[i] == demon;

      g_assert_cmpint (!!(all[i]->flags & PAT_RULES_SCORE), ==, is_demon);
      g_assert_cmpint (!!(all[i]->flags & PAT_RULES_DIE), ==, is_demon);
      g_assert_cmpint (!!(all[i]->flags & PAT_RULES_MATCH), ==, is_demon);
    }
  g_assert_nonnull (demon->blocked_reason);
  g_assert_cmpint (demon->layout->tableau_noun, ==, PAT_NOUN_TABLEAU);
  g_assert_cmpint (pat_rules_black_hole.layout->tableau_noun, ==, PAT_NOUN_FAN);
  g_assert_cmpint (pat_rules_all_in_a_row.layout->tableau_noun, ==, PAT_NOUN_COLUMN);
  g_assert_cmpint (pat_rules_penguin.layout->tableau_noun, ==, PAT_NOUN_COLUMN);
  g_assert_cmpint (pat_rules_idiots_delight.layout->tableau_noun, ==, PAT_NOUN_PILE);
  g_assert_true (pat_rules_perpetual_motion.flags & PAT_RULES_ROUNDS);
  g_assert_false (pat_rules_idiots_delight.flags & PAT_RULES_ROUNDS);
  g_assert_true (pat_rules_all_in_a_row.flags & PAT_RULES_PYSOLFC);
  g_assert_false (pat_rules_penguin.flags & PAT_RULES_PYSOLFC);
}

static void
test_tableau_moves (void)
{
  PatState state;

  position (&state, 2, (const char *const[N_PILES]) {
    "3D", "KD 7H", "2C 7C", "2S", "", "", "", "8S", "6H", "AS", "KC",
  });
  g_assert_true (legal (&state, W, T1, 1));          /* 7H on 8S */
  g_assert_false (legal (&state, R, T1, 1));         /* 7C on 8S: same colour */
  g_assert_false (legal (&state, T1 + 1, T1, 1));    /* 6H on 8S: skips a rank */
  g_assert_false (legal (&state, T1 + 3, T1 + 2, 1)); /* KC on AS: same colour */
  g_assert_false (legal (&state, W, T1 + 2, 1));     /* 7H on AS */
  g_assert_false (legal (&state, W, W, 1));
  g_assert_false (legal (&state, W, R, 1));
  g_assert_false (legal (&state, T1, S, 1));

  play (&state, W, T1, 1, NULL);
  assert_pile (&state, T1, "8S 7H");
  /* An Ace takes a King of the other colour. */
  g_assert_true (legal (&state, W, T1 + 2, 1));
  play (&state, W, T1 + 2, 1, NULL);
  assert_pile (&state, T1 + 2, "AS KD");
  assert_pile (&state, W, "");
}

static void
test_whole_pile (void)
{
  PatState state;
  PatMoveList automatic;

  position (&state, 2, (const char *const[N_PILES]) {
    "3D", "", "2C 3C", "2S", "", "", "", "TS", "9D 8C 7H", "9H", "8S",
  });
  g_assert_true (legal (&state, T1 + 1, T1, 3));      /* the whole pile, 9D on TS */
  g_assert_false (legal (&state, T1 + 1, T1 + 2, 2)); /* 8C would fit 9H, but only top or all */
  g_assert_false (legal (&state, T1 + 1, T1, 2));
  g_assert_false (legal (&state, T1 + 1, T1, 4));
  g_assert_false (legal (&state, T1 + 1, T1 + 2, 3)); /* 9D on 9H */
  g_assert_true (legal (&state, T1 + 1, T1 + 3, 1));  /* the top card, 7H on 8S */
  g_assert_false (legal (&state, T1 + 1, T1 + 2, 1));

  play (&state, T1 + 1, T1, 3, &automatic);
  assert_pile (&state, T1, "TS 9D 8C 7H");
  /* The emptied pile is filled at once from the reserve. */
  assert_pile (&state, T1 + 1, "3C");
  assert_pile (&state, R, "2C");
  g_assert_cmpuint (automatic.n, ==, 1);
  g_assert_cmpuint (automatic.moves[0].kind, ==, PAT_MOVE_CARDS);
  g_assert_cmpuint (automatic.moves[0].from, ==, R);
  g_assert_cmpuint (automatic.moves[0].to, ==, T1 + 1);
  g_assert_cmpuint (automatic.moves[0].count, ==, 1);

  /* A longer pile moves as a unit onto a foundation never. */
  g_assert_false (legal (&state, T1, F1, 4));
}

static void
test_refill (void)
{
  PatState state;
  PatMoveList automatic;

  position (&state, 6, (const char *const[N_PILES]) {
    "3D", "4H 4S", "4D 5H", "6C", "", "", "", "KS", "KC", "7C", "QC",
  });
  play (&state, T1 + 2, F1, 1, &automatic);
  assert_pile (&state, F1, "6C 7C");
  assert_pile (&state, T1 + 2, "5H");
  assert_pile (&state, R, "4D");
  g_assert_cmpuint (automatic.n, ==, 1);
  g_assert_cmpuint (automatic.moves[0].from, ==, R);
  g_assert_cmpuint (automatic.moves[0].to, ==, T1 + 2);

  /* The refilled pile takes only what fits its new card. */
  g_assert_false (legal (&state, T1 + 3, T1 + 2, 1)); /* QC on 5H */
  g_assert_true (legal (&state, W, T1 + 2, 1));       /* 4S on 5H */
  play (&state, W, T1 + 2, 1, &automatic);
  g_assert_cmpuint (automatic.n, ==, 0);
  assert_pile (&state, T1 + 2, "5H 4S");
  g_assert_false (legal (&state, W, T1 + 2, 1));      /* 4H on 4S */

  /* An empty pile never takes a card of the player's choice while the reserve has cards. */
  position (&state, 6, (const char *const[N_PILES]) {
    "3D", "4S 4H", "4D 5H", "6C", "", "", "", "KS", "KC", "", "QC",
  });
  g_assert_false (legal (&state, W, T1 + 2, 1));
  g_assert_false (legal (&state, T1, T1 + 2, 1));
  g_assert_false (legal (&state, T1 + 3, T1 + 2, 1));
}

static void
test_empty_pile_any_card (void)
{
  PatState state;
  PatMoveList automatic;

  position (&state, 2, (const char *const[N_PILES]) {
    "3D", "4S QD", "9S", "2C", "", "", "", "TH", "5C 4H", "KS", "3C",
  });
  /* The last reserve card fills the pile the Three leaves. */
  play (&state, T1 + 3, F1, 1, &automatic);
  g_assert_cmpuint (automatic.n, ==, 1);
  assert_pile (&state, T1 + 3, "9S");
  assert_pile (&state, R, "");

  play (&state, T1 + 3, T1, 1, &automatic);
  g_assert_cmpuint (automatic.n, ==, 0);
  assert_pile (&state, T1 + 3, "");
  assert_pile (&state, T1, "TH 9S");

  g_assert_true (legal (&state, W, T1 + 3, 1));      /* QD fits nothing, but the pile is empty */
  g_assert_true (legal (&state, T1 + 1, T1 + 3, 2)); /* a whole pile */
  g_assert_true (legal (&state, T1 + 1, T1 + 3, 1)); /* a top card */
  g_assert_true (legal (&state, T1 + 2, T1 + 3, 1));
  g_assert_false (legal (&state, T1 + 1, T1 + 3, 3));
  g_assert_false (legal (&state, R, T1 + 3, 1));     /* the reserve is empty */
  play (&state, W, T1 + 3, 1, &automatic);
  assert_pile (&state, T1 + 3, "QD");
}

/* No tableau, reserve or foundation move anywhere: only the talon can help. Base 7, hearts
 * started, so the talon's 8H or any Seven, a red Ace (on the Twos) or a red Jack (on the
 * Queens) could be played. */
static void
quiet_position (PatState   *state,
                const char *stock,
                const char *waste)
{
  const char *const piles[N_PILES] = {
    stock, waste, "5S", "7H", "", "", "", "2S", "2C", "QS", "QC",
  };

  position (state, 7, piles);
}

static void
test_blocked_deep_waste (void)
{
  PatState state;
  PatMoveList moves;

  quiet_position (&state, "", "3C 4C 8H 5C 6C");
  demon->legal_moves (&state, &moves);
  g_assert_cmpuint (moves.n, ==, 1);
  g_assert_cmpuint (moves.moves[0].kind, ==, PAT_MOVE_STOCK);
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_PLAYING);

  turn (&state);
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_PLAYING);
  turn (&state);
  g_assert_cmpuint (pat_state_pile_top (&state, W), ==, card ("8H"));
  g_assert_true (legal (&state, W, F1, 1));
}

static void
test_blocked_nothing_playable (void)
{
  PatState state;
  PatMove move = { PAT_MOVE_STOCK, S, S, 0, 0 };
  g_autoptr(GError) error = NULL;

  quiet_position (&state, "KH", "3C 4C 9C 5C 6C");
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_BLOCKED);
  /* The game is over even though the stock could still be turned. */
  g_assert_false (pat_rules_try_move (demon, &state, &move, NULL, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);

  /* The same with a per-pass die: no roll helps. */
  state.variant = PAT_DIE_PER_PASS;
  state.deal = pat_deal_number_from_uint (99);
  state.die = (guint8) roll (&state.deal, 1);
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_BLOCKED);

  /* A red Jack at the bottom of the stock shows at the end of every pass. */
  quiet_position (&state, "JD 3C", "4C 9C 5C 6C");
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_PLAYING);

  /* An empty talon and nothing to play. */
  quiet_position (&state, "", "");
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_BLOCKED);
  /* An empty talon, but a Seven in the reserve. */
  position (&state, 7, (const char *const[N_PILES]) {
    "", "", "5S 7S", "7H", "", "", "", "2S", "2C", "QS", "QC",
  });
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_PLAYING);
  /* Or one tableau card onto another. */
  quiet_position (&state, "", "");
  pat_state_push (&state, T1 + 2, card ("JH"));
  pat_state_push (&state, T1 + 2, card ("TS"));
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_BLOCKED);
  pat_state_push (&state, T1 + 1, card ("AD"));
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_PLAYING);
}

static void
test_blocked_current_pass_only (void)
{
  PatState state;

  /* Talon in turning order 3C | 4C 5C 8H 6C 9C: this pass shows 8H, later passes never do
   * (they show the third and the sixth card). */
  quiet_position (&state, "9C 6C 8H 5C 4C", "3C");
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_PLAYING);
  turn (&state);
  g_assert_cmpuint (pat_state_pile_top (&state, W), ==, card ("8H"));
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_PLAYING);
  turn (&state);
  g_assert_cmpuint (pat_state_pile_top (&state, W), ==, card ("9C"));
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_BLOCKED);

  /* The same talon at the start of a pass: the third card (8H) is turned up. */
  quiet_position (&state, "", "3C 4C 8H 5C 6C 9C");
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_PLAYING);
}

static void
test_blocked_per_pass_die (void)
{
  PatDealNumber number = deal_rolling (4);
  PatState state;
  guint turns;

  /* 8H second of five in the talon: only a pass turning one or two cards at a time shows it. */
  quiet_position (&state, "", "3C 8H 4C 5C 6C");
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_BLOCKED);

  state.deal = number;
  state.variant = PAT_DIE_PER_GAME;
  state.die = 4;
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_BLOCKED);

  state.variant = PAT_DIE_PER_PASS;
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_PLAYING);
  for (turns = 0; turns < 10000; turns++)
    {
      if (pat_state_pile_top (&state, W) == card ("8H"))
        break;
      g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_PLAYING);
      turn (&state);
    }
  g_assert_cmpuint (pat_state_pile_top (&state, W), ==, card ("8H"));
  g_assert_cmpuint (state.die, <=, 2);
  g_assert_cmpuint (state.die, ==, roll (&number, state.round));
  g_assert_true (legal (&state, W, F1, 1));
}

static void
test_score (void)
{
  PatState state;

  position (&state, 7, (const char *const[N_PILES]) {
    "3D 4D", "KD", "2S 3S 4S 5S",
    "7H 8H 9H TH JH QH KH AH 2H 3H 4H 5H 6H", "7C 8C 9C TC JC", "", "",
    "QS", "QC", "KS", "6S",
  });
  g_assert_cmpint (demon->score (&state), ==, 50 + 18 - 4);
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_PLAYING);
}

static void
test_score_won (void)
{
  PatState state;

  position (&state, 7, (const char *const[N_PILES]) {
    "", "", "",
    "7H 8H 9H TH JH QH KH AH 2H 3H 4H 5H 6H",
    "7C 8C 9C TC JC QC KC AC 2C 3C 4C 5C 6C",
    "7S 8S 9S TS JS QS KS AS 2S 3S 4S 5S 6S",
    "7D 8D 9D TD JD QD KD AD 2D 3D 4D 5D",
    "6D", "", "", "",
  });
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_PLAYING);
  g_assert_cmpint (demon->score (&state), ==, 150 + 51);
  play (&state, T1, F1 + 3, 1, NULL);
  g_assert_cmpint (demon->status (&state), ==, PAT_STATUS_WON);
  g_assert_cmpint (demon->score (&state), ==, 352);
}

/* Whether some card move becomes legal after stock turns alone, found by turning. */
static gboolean
brute_force_can_play (const PatState *start)
{
  PatState state = *start;
  PatMoveList moves;
  guint turns, i;
  guint limit = state.variant == PAT_DIE_PER_PASS ? 1100 * 53 : 3 * 53;

  for (turns = 0; turns < limit; turns++)
    {
      demon->legal_moves (&state, &moves);
      for (i = 0; i < moves.n; i++)
        if (moves.moves[i].kind == PAT_MOVE_CARDS)
          return TRUE;
      if (moves.n == 0)
        return FALSE;
      demon->apply (&state, &moves.moves[0], NULL);
    }
  return FALSE;
}

#define MAX_COUNT 56

static void
check_agreement (const PatState *state)
{
  static gboolean listed[N_PILES][N_PILES][MAX_COUNT];
  PatMoveList moves;
  PatMove move;
  gboolean stock_listed = FALSE;
  guint i, from, to, count;

  memset (listed, 0, sizeof listed);
  demon->legal_moves (state, &moves);
  for (i = 0; i < moves.n; i++)
    {
      const PatMove *m = &moves.moves[i];

      if (m->kind == PAT_MOVE_STOCK)
        {
          g_assert_false (stock_listed);
          g_assert_cmpuint (m->from, ==, S);
          g_assert_cmpuint (m->to, ==, S);
          stock_listed = TRUE;
          continue;
        }
      g_assert_cmpuint (m->kind, ==, PAT_MOVE_CARDS);
      g_assert_cmpuint (m->count, <, MAX_COUNT);
      g_assert_false (listed[m->from][m->to][m->count]);
      listed[m->from][m->to][m->count] = TRUE;
    }

  for (from = 0; from < N_PILES; from++)
    for (to = 0; to < N_PILES; to++)
      {
        const char *reason = NULL;

        for (count = 0; count < MAX_COUNT; count++)
          {
            move = pat_move_cards (from, to, count);
            reason = NULL;
            g_assert_cmpint (demon->check_move (state, &move, &reason), ==,
                             listed[from][to][count]);
            if (!listed[from][to][count])
              g_assert_nonnull (reason);
          }
        move = pat_move_cards (from, to, 255);
        g_assert_false (demon->check_move (state, &move, &reason));
        move.kind = PAT_MOVE_STOCK;
        move.count = 0;
        g_assert_cmpint (demon->check_move (state, &move, &reason), ==,
                         stock_listed && from == S && to == S);
        move.kind = PAT_MOVE_PAIR;
        g_assert_false (demon->check_move (state, &move, &reason));
      }
}

static void
test_random_play (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240601);
  guint game, mode, blocked = 0, positions = 0;

  for (mode = PAT_DIE_OFF; mode <= PAT_DIE_PER_PASS; mode++)
    for (game = 1; game <= 8; game++)
      {
        PatDealNumber number = pat_deal_number_from_uint (game * 7919);
        PatOptions options = { (PatDieMode) mode };
        PatState state;
        guint step;

        pat_rules_deal_number (demon, &state, &number, &options);
        for (step = 0; step < 400; step++)
          {
            PatMoveList moves;
            PatStatus status = demon->status (&state);
            PatMove move;

            positions++;
            check_agreement (&state);
            g_assert_cmpuint (pat_state_n_cards (&state), ==, PAT_N_CARDS);
            if (status == PAT_STATUS_WON)
              break;
            g_assert_cmpint (status == PAT_STATUS_PLAYING, ==, brute_force_can_play (&state));
            if (status == PAT_STATUS_BLOCKED)
              {
                blocked++;
                break;
              }

            demon->legal_moves (&state, &moves);
            g_assert_cmpuint (moves.n, >, 0);
            /* Prefer card moves so games get somewhere. */
            move = moves.moves[g_rand_int_range (rand, 0, (gint32) moves.n)];
            if (move.kind == PAT_MOVE_STOCK && moves.n > 1 && g_rand_boolean (rand))
              move = moves.moves[g_rand_int_range (rand, 0, (gint32) moves.n)];
            g_assert_true (pat_rules_try_move (demon, &state, &move, NULL, NULL));
            g_assert_cmpint (demon->score (&state), >=, -13);
          }
      }
  g_test_message ("%u positions, %u blocked", positions, blocked);
  g_assert_cmpuint (positions, >, 1000);
  g_assert_cmpuint (blocked, >, 0);
}

static void
test_notation (void)
{
  PatState state;
  PatMove move;
  PatMoveList automatic;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  position (&state, 7, (const char *const[N_PILES]) {
    "2D 3D 4D 5H", "9S", "KC 5D", "7D", "7S 8S", "", "",
    "9D 8C 7H", "6S", "KS", "TS",
  });

  g_assert_true (pat_rules_parse_move (demon, &state, "w>f", &move, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (move.kind, ==, PAT_MOVE_CARDS);
  g_assert_cmpuint (move.from, ==, W);
  g_assert_cmpuint (move.to, ==, F1 + 1);
  g_assert_true (pat_rules_try_move (demon, &state, &move, NULL, &error));
  assert_pile (&state, F1 + 1, "7S 8S 9S");

  g_assert_true (pat_rules_parse_move (demon, &state, "r>t2", &move, &error));
  g_assert_true (pat_rules_try_move (demon, &state, &move, NULL, &error));
  g_assert_no_error (error);
  assert_pile (&state, T1 + 1, "6S 5D");
  assert_pile (&state, R, "KC");

  g_assert_true (pat_rules_parse_move (demon, &state, "t1:2>t4", &move, &error));
  g_assert_false (pat_rules_try_move (demon, &state, &move, NULL, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);

  g_assert_true (pat_rules_parse_move (demon, &state, "t1:3>t4", &move, &error));
  g_assert_cmpuint (move.count, ==, 3);
  text = pat_rules_format_move (demon, &move);
  g_assert_cmpstr (text, ==, "t1:3>t4");
  automatic.n = 0;
  g_assert_true (pat_rules_try_move (demon, &state, &move, &automatic, &error));
  g_assert_no_error (error);
  assert_pile (&state, T1 + 3, "TS 9D 8C 7H");
  assert_pile (&state, T1, "KC");
  g_assert_cmpuint (automatic.n, ==, 1);

  g_assert_true (pat_rules_parse_move (demon, &state, "s", &move, &error));
  g_assert_cmpuint (move.kind, ==, PAT_MOVE_STOCK);
  g_assert_cmpuint (move.from, ==, S);
  g_assert_cmpuint (move.to, ==, S);
  g_assert_true (pat_rules_try_move (demon, &state, &move, NULL, &error));
  g_assert_no_error (error);
  assert_pile (&state, W, "5H 4D 3D");

  g_assert_true (pat_rules_parse_move (demon, &state, "f2>t1", &move, &error));
  g_assert_false (pat_rules_try_move (demon, &state, &move, NULL, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/demon/layout", test_layout);
  g_test_add_func ("/demon/deal", test_deal);
  g_test_add_func ("/demon/stock-turns", test_stock_turns);
  g_test_add_func ("/demon/die-per-game", test_die_per_game);
  g_test_add_func ("/demon/die-per-pass", test_die_per_pass);
  g_test_add_func ("/demon/die-off", test_die_off);
  g_test_add_func ("/demon/describe", test_describe);
  g_test_add_func ("/demon/foundation-moves", test_foundation_moves);
  g_test_add_func ("/demon/safe-to-foundation", test_safe_to_foundation);
  g_test_add_func ("/demon/capabilities", test_capabilities);
  g_test_add_func ("/demon/tableau-moves", test_tableau_moves);
  g_test_add_func ("/demon/whole-pile", test_whole_pile);
  g_test_add_func ("/demon/refill", test_refill);
  g_test_add_func ("/demon/empty-pile-any-card", test_empty_pile_any_card);
  g_test_add_func ("/demon/blocked/deep-waste", test_blocked_deep_waste);
  g_test_add_func ("/demon/blocked/nothing-playable", test_blocked_nothing_playable);
  g_test_add_func ("/demon/blocked/current-pass-only", test_blocked_current_pass_only);
  g_test_add_func ("/demon/blocked/per-pass-die", test_blocked_per_pass_die);
  g_test_add_func ("/demon/score", test_score);
  g_test_add_func ("/demon/score-won", test_score_won);
  g_test_add_func ("/demon/random-play", test_random_play);
  g_test_add_func ("/demon/notation", test_notation);

  return g_test_run ();
}
