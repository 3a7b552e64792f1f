/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fuzz target: patience-cli's deal number, range, die, deck and move parsers, and the moves
 * replayed on every game. */

#include "config.h"

#include <string.h>

#include "fuzz-common.h"
#include "pat-cli.h"
#include "pat-rules.h"

/*
 * The input is text, as on patience-cli's command line, one field a line:
 *
 *   line 1   a deal number or a range (--deal, --deals A..B)
 *   line 2   the die option (--die off|game|pass)
 *   line 3   a deck (--deck "AS 2S …")
 *   the rest the moves (--moves "t3>f t2:3>t5 s"), split as `replay` splits them
 *
 * Each game is dealt from the deck if it parses, else from the deal number if it parses, else
 * deal 1, and then every move is parsed and tried on it in turn; an illegal one is skipped
 * (`replay` would stop there) so that the moves after it still run. A move written "#N" is not
 * notation but the fuzzer's shortcut to play the Nth legal move, so that it gets deep into
 * games whose moves it cannot guess.
 */

#define MAX_MOVES 300

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init_glib ();
  return 0;
}

/* Every card once, whatever happened. */
static void
check_state (const PatRules *rules,
             const PatState *state)
{
  gboolean seen[PAT_N_CARDS] = { FALSE, };

  g_assert_cmpuint (state->n_piles, ==, rules->layout->n_piles);
  g_assert_cmpuint (state->start[0], ==, 0);
  for (guint p = 0; p < state->n_piles; p++)
    g_assert_cmpuint (state->start[p], <=, state->start[p + 1]);
  g_assert_cmpuint (state->start[state->n_piles], ==, PAT_N_CARDS);
  for (guint i = 0; i < PAT_N_CARDS; i++)
    {
      g_assert_cmpuint (state->cards[i], <, PAT_N_CARDS);
      g_assert_false (seen[state->cards[i]]);
      seen[state->cards[i]] = TRUE;
    }
}

static void
play (const PatRules      *rules,
      const PatCard       *deck,
      const PatDealNumber *deal,
      const PatOptions    *options,
      char               **words)
{
  PatState state;
  PatMoveList automatic;
  PatMoveList legal;
  g_autofree char *text = NULL;
  guint n = 0;

  if (deck != NULL)
    pat_rules_deal_deck (rules, &state, deck, options);
  else
    pat_rules_deal_number (rules, &state, deal, options);
  check_state (rules, &state);

  for (guint i = 0; words[i] != NULL && n < MAX_MOVES; i++)
    {
      g_autoptr(GError) error = NULL;
      PatMove move;

      if (words[i][0] == '\0')
        continue;
      n++;

      if (words[i][0] == '#')
        {
          guint64 k = g_ascii_strtoull (words[i] + 1, NULL, 10);

          legal.n = 0;
          rules->legal_moves (&state, &legal);
          if (legal.n == 0)
            continue;
          /* Every move the rules offer, they accept. */
          for (guint j = 0; j < legal.n; j++)
            {
              const char *reason = NULL;

              g_assert_true (rules->check_move (&state, &legal.moves[j], &reason));
            }
          move = legal.moves[k % legal.n];
        }
      else if (!pat_rules_parse_move (rules, &state, words[i], &move, &error))
        {
          g_assert_nonnull (error);
          continue;
        }
      else
        {
          g_autofree char *again = pat_rules_format_move (rules, &move);
          PatMove reparsed;

          /* What the notation says, it says again when written back. */
          g_assert_true (pat_rules_parse_move (rules, &state, again, &reparsed, NULL));
        }

      automatic.n = 0;
      if (pat_rules_try_move (rules, &state, &move, &automatic, &error))
        check_state (rules, &state);
      else
        g_assert_nonnull (error);
    }

  rules->status (&state);
  rules->score (&state);
  text = pat_rules_format_state (rules, &state);
  g_assert_nonnull (text);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *input = g_strndup ((const char *) data, size);
  g_auto(GStrv) lines = g_strsplit (input, "\n", 4);
  g_auto(GStrv) words = NULL;
  g_autoptr(GError) deal_error = NULL;
  g_autoptr(GError) range_error = NULL;
  g_autoptr(GError) die_error = NULL;
  g_autoptr(GError) deck_error = NULL;
  PatDealNumber deal = pat_deal_number_from_uint (1), first;
  PatCard deck[PAT_N_CARDS];
  gboolean have_deck = FALSE;
  PatOptions options = { PAT_DIE_OFF };
  const PatRules *const *all;
  guint64 count;
  guint n_rules;
  guint n_lines = g_strv_length (lines);

  if (n_lines > 0)
    {
      PatDealNumber parsed;

      if (pat_deal_number_parse (lines[0], &parsed, &deal_error))
        {
          char out[PAT_DEAL_NUMBER_MAX_DIGITS + 1];
          PatDealNumber again;

          /* A parsed deal number is valid, and written back it reads the same. */
          g_assert_true (pat_deal_number_valid (&parsed));
          pat_deal_number_format (&parsed, out);
          g_assert_true (pat_deal_number_parse (out, &again, NULL));
          g_assert_true (pat_deal_number_equal (&parsed, &again));
          deal = parsed;
        }
      else
        g_assert_nonnull (deal_error);

      if (pat_cli_parse_range (lines[0], &first, &count, &range_error))
        {
          g_assert_true (pat_deal_number_valid (&first));
          g_assert_cmpuint (count, >=, 1);
        }
      else
        g_assert_nonnull (range_error);
    }
  if (n_lines > 1 && !pat_cli_parse_die (pat_rules_match (), lines[1], &options, &die_error))
    g_assert_nonnull (die_error);
  if (n_lines > 2)
    {
      have_deck = pat_deck_parse (lines[2], deck, &deck_error);
      if (!have_deck)
        g_assert_nonnull (deck_error);
    }

  words = g_strsplit_set (n_lines > 3 ? lines[3] : "", " \t\n,", -1);
  all = pat_rules_all (&n_rules);
  for (guint r = 0; r < n_rules; r++)
    play (all[r], have_deck ? deck : NULL, &deal, &options, words);
  return 0;
}
