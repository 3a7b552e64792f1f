/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of cards, deal numbers, the PySolFC shuffle and the pile operations of positions. */

#include "config.h"

#include <string.h>

#include "pat-card.h"
#include "pat-deal.h"
#include "pat-error.h"
#include "pat-state.h"

static char *
deck_to_string (const PatCard deck[PAT_N_CARDS])
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < PAT_N_CARDS; i++)
    {
      char card[3];

      pat_card_format (deck[i], card);
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, card);
    }
  return g_string_free (s, FALSE);
}

static void
test_card_text (void)
{
  PatCard card;
  guint c;

  for (c = 0; c < PAT_N_CARDS; c++)
    {
      char text[3];

      pat_card_format ((PatCard) c, text);
      g_assert_true (pat_card_parse (text, 2, &card));
      g_assert_cmpuint (card, ==, c);
    }

  g_assert_true (pat_card_parse ("TH", 2, &card));
  g_assert_cmpuint (pat_card_rank (card), ==, 10);
  g_assert_cmpuint (pat_card_suit (card), ==, PAT_SUIT_HEARTS);
  g_assert_true (pat_card_is_red (card));
  g_assert_true (pat_card_parse ("10h", 3, &card));
  g_assert_cmpuint (pat_card_rank (card), ==, 10);
  g_assert_true (pat_card_parse ("as", 2, &card));
  g_assert_cmpuint (card, ==, pat_card_make (PAT_ACE, PAT_SUIT_SPADES));
  g_assert_false (pat_card_is_red (card));

  g_assert_false (pat_card_parse ("1H", 2, &card));
  g_assert_false (pat_card_parse ("TX", 2, &card));
  g_assert_false (pat_card_parse ("T", 1, &card));
  g_assert_false (pat_card_parse ("THH", 3, &card));
  g_assert_false (pat_card_parse ("", 0, &card));
  g_assert_false (pat_card_parse ("11H", 3, &card));
}

static void
test_rank_wrap (void)
{
  g_assert_cmpuint (pat_rank_next (PAT_KING), ==, PAT_ACE);
  g_assert_cmpuint (pat_rank_prev (PAT_ACE), ==, PAT_KING);
  g_assert_cmpuint (pat_rank_next (9), ==, 10);
  g_assert_true (pat_ranks_adjacent (PAT_KING, PAT_ACE));
  g_assert_true (pat_ranks_adjacent (PAT_ACE, PAT_KING));
  g_assert_true (pat_ranks_adjacent (5, 4));
  g_assert_false (pat_ranks_adjacent (5, 5));
  g_assert_false (pat_ranks_adjacent (5, 7));
  g_assert_false (pat_ranks_adjacent (12, PAT_ACE));
}

static void
test_deck_parse (void)
{
  const char *good = "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS "
                     "9D QD JS AS AH 3C 4C 5C TS QH 4H AC 4D 7S 3S TD 4S TH "
                     "8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H";
  g_autofree char *dup = NULL;
  g_autofree char *back = NULL;
  g_autofree char *short_deck = NULL;
  PatCard deck[PAT_N_CARDS];
  GError *error = NULL;

  g_assert_true (pat_deck_parse (good, deck, &error));
  g_assert_no_error (error);
  back = deck_to_string (deck);
  g_assert_cmpstr (back, ==, good);

  dup = g_strdup (good);
  memcpy (dup, "6H", 2);   /* 6H now appears twice, JD not at all */
  g_assert_false (pat_deck_parse (dup, deck, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_BAD_DECK);
  g_assert_nonnull (strstr (error->message, "6H"));
  g_clear_error (&error);

  short_deck = g_strndup (good, strlen (good) - 3);
  g_assert_false (pat_deck_parse (short_deck, deck, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_BAD_DECK);
  g_assert_nonnull (strstr (error->message, "51"));
  g_clear_error (&error);

  g_assert_false (pat_deck_parse ("JD 2D ZZ", deck, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_BAD_CARD);
  g_assert_nonnull (strstr (error->message, "ZZ"));
  g_clear_error (&error);

  g_assert_false (pat_deck_parse ("", deck, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_BAD_DECK);
  g_clear_error (&error);
}

static void
test_deal_number_parse (void)
{
  struct {
    const char *text;
    gboolean    valid;
    guint64     lo;
    guint64     hi;
  } cases[] = {
    { "1", TRUE, 1, 0 },
    { "31999", TRUE, 31999, 0 },
    { "18446744073709551615", TRUE, G_MAXUINT64, 0 },
    { "18446744073709551616", TRUE, 0, 1 },
    { "99999999999999999999", TRUE, G_GUINT64_CONSTANT (7766279631452241919), 5 },
    { "00042", TRUE, 42, 0 },
    { "100000000000000000000", FALSE, 0, 0 },
    { "999999999999999999999999", FALSE, 0, 0 },
    { "0", FALSE, 0, 0 },
    { "000", FALSE, 0, 0 },
    { "-1", FALSE, 0, 0 },
    { "12a", FALSE, 0, 0 },
    { "", FALSE, 0, 0 },
    { " 5", FALSE, 0, 0 },
    { "1e5", FALSE, 0, 0 },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PatDealNumber n = { 77, 77 };
      GError *error = NULL;
      gboolean ok = pat_deal_number_parse (cases[i].text, &n, &error);

      g_test_message ("deal number '%s'", cases[i].text);
      g_assert_cmpint (ok, ==, cases[i].valid);
      if (ok)
        {
          char back[PAT_DEAL_NUMBER_MAX_DIGITS + 1];

          g_assert_no_error (error);
          g_assert_cmpuint (n.lo, ==, cases[i].lo);
          g_assert_cmpuint (n.hi, ==, cases[i].hi);
          pat_deal_number_format (&n, back);
          g_assert_cmpuint (g_ascii_strtoull (back, NULL, 10), ==, n.hi == 0 ? n.lo : G_MAXUINT64);
          if (cases[i].text[0] != '0')
            g_assert_cmpstr (back, ==, cases[i].text);
        }
      else
        {
          g_assert_error (error, PAT_ERROR, PAT_ERROR_BAD_DEAL_NUMBER);
          g_assert_cmpuint (n.lo, ==, 77);
          g_clear_error (&error);
        }
    }
}

/* The error quotes what was typed: valid UTF-8 whatever the bytes were, cut between characters
 * after 24 of them. */
static void
test_deal_number_quote (void)
{
  static const struct {
    const char *text;
    const char *quoted;
  } cases[] = {
    { "12a", "'12a'" },
    { "\xff\xfe" "12", "'\xef\xbf\xbd\xef\xbf\xbd" "12'" },
    { "ééééééééééééééééééééééééé", "'éééééééééééééééééééééééé…'" },
    { "1234567890123456789012\xff\xff\xff", "'1234567890123456789012\xef\xbf\xbd\xef\xbf\xbd…'" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PatDealNumber n;
      g_autoptr(GError) error = NULL;

      g_assert_false (pat_deal_number_parse (cases[i].text, &n, &error));
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_nonnull (strstr (error->message, cases[i].quoted));
    }
}

/* CPython's random.Random(seed).getrandbits(32) and .random(), computed with Python itself. */
static void
test_mersenne_twister (void)
{
  struct {
    guint32 key[3];
    guint   key_length;
    guint32 words[3];
    double  random;
  } cases[] = {
    { { 32000 }, 1, { 1598467916U, 3084624151U, 3613492840U }, 0.3721723162993418 },
    { { 5, 1 }, 2, { 675479763U, 2085189291U, 1213270837U }, 0.15727238718789782 },
    /* 10^19 + 7 = 0x8AC7230489E80007 */
    { { 0x89E80007U, 0x8AC72304U }, 2, { 3255758374U, 3242455843U, 259322563U },
      0.7580403220276763 },
  };
  guint i, k;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PatMt mt;

      pat_mt_seed_words (&mt, cases[i].key, cases[i].key_length);
      for (k = 0; k < 3; k++)
        g_assert_cmpuint (pat_mt_next (&mt), ==, cases[i].words[k]);
      pat_mt_seed_words (&mt, cases[i].key, cases[i].key_length);
      g_assert_cmpfloat (pat_mt_random (&mt), ==, cases[i].random);
    }
}

/* Whole decks D of DESIGN.md, computed independently in Python from PySolFC's procedure. */
static void
test_known_decks (void)
{
  struct {
    const char *number;
    const char *deck;
  } cases[] = {
    { "1",
      "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS AS AH 3C 4C 5C "
      "TS QH 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D 8C TC 6S 9C 2H 6H" },
    { "617",
      "7D AD 5C 3S 5S 8C 2D AH TD 7S QD AC 6D 8H AS KH TH QC 3H 9D 6S 8D 3D TC KD 5H "
      "9S 3C 8S 7H 4D JS 4C QS 9C 9H 7C 6H 2C 2S 4S TS 2H 5D JC 6C JH QH JD KS KC 4H" },
    { "31999",
      "JD JH AD QH KH 6S 6D JC AC TH AS 8H 9D 2H 8D 6H AH 7H 7C 5D 7S 6C QC JS 9C 3D "
      "5C 4C 2S 8S 3C 7D 5H 8C 4H TD TS 3H 4S KC TC 4D 9S 2C KD 9H KS 5S QS 2D QD 3S" },
    { "32000",
      "7S 4D JS 8D 6D 3H 3D TH JC 3C 2C 5S 9D AC 9C 2S 4H 6S 8S 9S TS 9H KD QD 6H 7D "
      "5H QS AD QH TC 4C AH JD 4S JH TD 3S 7H 8C 6C 2H 2D 5D KS QC KH 5C 7C 8H KC AS" },
    { "123456789",
      "8H 2H JD 3D KH 6S 5D 6H 5S 3S 4S TS 9C JS AC 2D QH 9S KS JC 9H 8D 7S 3C AD 5H "
      "2C TH 4D KC QS 7H QD 8C AS 9D 5C 4C TC 3H 2S AH QC 7C 6C KD 7D 6D JH 8S 4H TD" },
    { "10000000000000000000",
      "TH 7C TC 2H 4H TD JS 4C JH KD AH AC 9C 5H QH QC 8D KC 9D 2S AD 3H AS 5S 6C 6H "
      "JC 3D 9S 9H 3C TS 3S QS 7H KH 8S 8C 5D KS 2C 7D 5C 7S 6S 8H 6D 4D 2D JD QD 4S" },
    { "99999999999999999999",
      "KS JC TD 5C 2S 2C 3S 9D 4H 7S 4D 2H 8D 4C 3D QH 5S 5H 8H 9S 8C 9H 7C AC 6D KD "
      "KC QC 4S 3H 6H TC JS AD QS AH 7D QD 8S 5D TH AS 9C 7H 3C JH JD 6S 2D 6C KH TS" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PatDealNumber n;
      PatCard deck[PAT_N_CARDS];
      g_autofree char *text = NULL;

      g_assert_true (pat_deal_number_parse (cases[i].number, &n, NULL));
      pat_deal_shuffle (&n, deck);
      text = deck_to_string (deck);
      g_assert_cmpstr (text, ==, cases[i].deck);
    }
}

static void
test_every_deal_is_a_deck (void)
{
  guint64 numbers[] = { 1, 2, 31998, 31999, 32000, 32001, 1000000, G_MAXUINT32,
                        (guint64) G_MAXUINT32 + 1 };
  guint i, k;

  for (i = 0; i < G_N_ELEMENTS (numbers); i++)
    {
      PatDealNumber n = pat_deal_number_from_uint (numbers[i]);
      PatCard deck[PAT_N_CARDS];
      gboolean seen[PAT_N_CARDS] = { FALSE, };

      pat_deal_shuffle (&n, deck);
      for (k = 0; k < PAT_N_CARDS; k++)
        {
          g_assert_cmpuint (deck[k], <, PAT_N_CARDS);
          g_assert_false (seen[deck[k]]);
          seen[deck[k]] = TRUE;
        }
    }
}

static void
check_pile (const PatState *state,
            guint           pile,
            const char     *expected)
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
  g_assert_cmpstr (s->str, ==, expected);
  g_string_free (s, TRUE);
}

static void
push_text (PatState   *state,
           guint       pile,
           const char *cards)
{
  g_auto(GStrv) words = g_strsplit (cards, " ", -1);
  guint i;

  for (i = 0; words[i] != NULL; i++)
    {
      PatCard card;

      g_assert_true (pat_card_parse (words[i], strlen (words[i]), &card));
      pat_state_push (state, pile, card);
    }
}

static void
test_state_moves (void)
{
  PatState state, copy;

  pat_state_init (&state, 4);
  push_text (&state, 2, "AS 2S");
  push_text (&state, 0, "3H 4H 5H");
  push_text (&state, 3, "KD");
  push_text (&state, 1, "9C");
  check_pile (&state, 0, "3H 4H 5H");
  check_pile (&state, 1, "9C");
  check_pile (&state, 2, "AS 2S");
  check_pile (&state, 3, "KD");
  g_assert_cmpuint (pat_state_n_cards (&state), ==, 7);
  g_assert_cmpuint (pat_state_pile_top (&state, 0), ==, pat_card_make (5, PAT_SUIT_HEARTS));
  g_assert_cmpuint (pat_state_pile_peek (&state, 0, 2), ==, pat_card_make (3, PAT_SUIT_HEARTS));
  g_assert_cmpuint (pat_state_pile_peek (&state, 0, 3), ==, PAT_NO_CARD);

  copy = state;
  g_assert_true (pat_state_equal (&state, &copy));
  g_assert_cmpuint (pat_state_hash (&state), ==, pat_state_hash (&copy));

  /* A run moves as a unit, order kept, to a later pile and to an earlier one. */
  pat_state_move (&state, 0, 3, 2);
  check_pile (&state, 0, "3H");
  check_pile (&state, 1, "9C");
  check_pile (&state, 2, "AS 2S");
  check_pile (&state, 3, "KD 4H 5H");
  g_assert_false (pat_state_equal (&state, &copy));

  pat_state_move (&state, 3, 1, 3);
  check_pile (&state, 1, "9C KD 4H 5H");
  check_pile (&state, 3, "");
  g_assert_cmpuint (pat_state_pile_top (&state, 3), ==, PAT_NO_CARD);

  /* Turning cards over one at a time reverses them. */
  pat_state_move_flip (&state, 1, 3, 3);
  check_pile (&state, 1, "9C");
  check_pile (&state, 3, "5H 4H KD");

  pat_state_move (&state, 2, 0, 0);
  check_pile (&state, 0, "3H");
  g_assert_cmpuint (pat_state_n_cards (&state), ==, 7);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/card/text", test_card_text);
  g_test_add_func ("/card/rank-wrap", test_rank_wrap);
  g_test_add_func ("/card/deck-parse", test_deck_parse);
  g_test_add_func ("/deal/number-quote", test_deal_number_quote);
  g_test_add_func ("/deal/number-parse", test_deal_number_parse);
  g_test_add_func ("/deal/mersenne-twister", test_mersenne_twister);
  g_test_add_func ("/deal/known-decks", test_known_decks);
  g_test_add_func ("/deal/every-deal-is-a-deck", test_every_deal_is_a_deck);
  g_test_add_func ("/state/moves", test_state_moves);

  return g_test_run ();
}
