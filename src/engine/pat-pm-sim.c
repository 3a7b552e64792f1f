/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Perpetual Motion played to the end at full speed: the win, or the first repeated round. */

#include "config.h"

#include <string.h>

#include "pat-pm-sim.h"
#include "pat-rules.h"

/* Only ranks decide what happens, so a card is kept as rank − 1 + 16 × suit: the rank is a
 * mask away and a stock is a string of bytes that compares and hashes quickly. Every
 * starting stock of the current stretch of rounds (since the last discard; a repeat needs
 * the same number of cards) is kept in an arena and indexed by a small hash table. */

/* The deal loop picks a byte out of a register by a variable shift, which x86-64-v3's shrx
 * does in one cheap instruction; where the toolchain can dispatch at run time, a copy for
 * those processors is built beside the baseline one. */
#if defined(HAVE_TARGET_CLONES) && defined(__x86_64__)
# define PAT_PM_TARGET_CLONES __attribute__ ((target_clones ("arch=x86-64-v3", "default")))
#else
# define PAT_PM_TARGET_CLONES
#endif

#define TABLE_BITS 12
#define TABLE_SIZE (1u << TABLE_BITS)

/* Where the cards of one deal of four go, for each pattern of equal ranks among them (index
 * bits: a=b, a=c, b=c, a=d, b=d, c=d): code is pile × 64 + the card's place among this
 * deal's cards on that pile, shift finds that pile's length in the packed lengths, and
 * increment adds to them. Four of a kind go to the scratch pile 4, whose length reads 0. */
typedef struct {
  guint16 code[4];
  guint8  shift[4];
  guint64 increment;
  guint   out;
} Plan;

static Plan plans[64];
static guint8 pattern_of_key[1 << 16];   /* key: the four ranks, a nibble each */
static gsize plans_ready;

static void
init_plans (void)
{
  guint bits, key;

  for (bits = 0; bits < 64; bits++)
    {
      gboolean eq[4][4] = { { FALSE, } };
      guint count[5] = { 0, };
      Plan *plan = &plans[bits];
      guint j, i;

      eq[0][1] = (bits & 1) != 0;
      eq[0][2] = (bits & 2) != 0;
      eq[1][2] = (bits & 4) != 0;
      eq[0][3] = (bits & 8) != 0;
      eq[1][3] = (bits & 16) != 0;
      eq[2][3] = (bits & 32) != 0;
      memset (plan, 0, sizeof *plan);
      for (j = 0; j < 4; j++)
        {
          guint pile = j;

          if (bits == 63)
            pile = 4;
          else
            for (i = 0; i < j; i++)
              if (eq[i][j])
                {
                  pile = i;
                  break;
                }
          plan->code[j] = (guint16) (pile * 64 + count[pile]);
          plan->shift[j] = (guint8) (pile * 8);
          count[pile]++;
          if (pile < 4)
            plan->increment += (guint64) 1 << (8 * pile);
        }
      plan->out = bits == 63 ? 4 : 0;
    }

  for (key = 0; key < (1 << 16); key++)
    {
      guint a = key & 0xf, b = (key >> 4) & 0xf, c = (key >> 8) & 0xf, d = key >> 12;

      pattern_of_key[key] = (guint8) ((a == b) | (a == c) << 1 | (b == c) << 2 |
                                      (a == d) << 3 | (b == d) << 4 | (c == d) << 5);
    }
}

struct _PatPmSim {
  guint8  *arena;         /* stocks, one after another, each n bytes */
  gsize    arena_size;
  guint32  table[TABLE_SIZE];  /* a round of the stretch, as an index into the arena */
  guint32  stamp[TABLE_SIZE];  /* the slot is in use when its stamp is the current epoch */
  guint32  epoch;
};

PatPmSim *
pat_pm_sim_new (void)
{
  PatPmSim *sim = g_new0 (PatPmSim, 1);

  if (g_once_init_enter (&plans_ready))
    {
      init_plans ();
      g_once_init_leave (&plans_ready, 1);
    }

  sim->arena_size = 64 * 1024;
  sim->arena = g_malloc (sim->arena_size);
  return sim;
}

void
pat_pm_sim_free (PatPmSim *sim)
{
  if (sim == NULL)
    return;
  g_free (sim->arena);
  g_free (sim);
}

static inline guint64
hash_stock (const guint8 *s,
            guint         n)
{
  guint64 h = n * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  guint i;

  for (i = 0; i + 8 <= n; i += 8)
    {
      guint64 w;

      memcpy (&w, s + i, 8);
      h = (h ^ w) * G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
      h ^= h >> 29;
    }
  for (; i < n; i++)
    h = (h ^ s[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  h ^= h >> 32;
  return h;
}

/**
 * pat_pm_sim_play:
 * @sim: reusable scratch space (one per thread)
 * @deck: the deck, top (first dealt) first
 * @result: (out): how the game ends
 *
 * Plays Perpetual Motion by RULES.md §1 until every card is discarded or the stock at the
 * start of a round repeats that of an earlier round, exactly (cards, not just ranks).
 */
PAT_PM_TARGET_CLONES void
pat_pm_sim_play (PatPmSim      *sim,
                 const PatCard  deck[PAT_N_CARDS],
                 PatPmResult   *result)
{
  guint8 stock[PAT_N_CARDS + 8];
  /* Piles 0–3 of 64 bytes each, then a scratch pile for the four of a kind that go out. */
  guint8 buf[5 * 64];
  guint n = PAT_N_CARDS;
  guint round = 1;
  guint epoch_first_round = 1;
  guint epoch_rounds = 0;
  guint i;

  for (i = 0; i < PAT_N_CARDS; i++)
    stock[i] = (guint8) ((pat_card_rank (deck[i]) - 1) | pat_card_suit (deck[i]) << 4);

  sim->epoch++;
  if (sim->epoch == 0)
    {
      memset (sim->stamp, 0, sizeof sim->stamp);
      sim->epoch = 1;
    }

  for (;;)
    {
      guint len[4];
      guint64 lens;
      guint64 h;
      guint k;
      guint slot;
      guint m;

      /* Is this round's starting stock one seen before? */
      h = hash_stock (stock, n);
      slot = (guint) (h & (TABLE_SIZE - 1));
      while (sim->stamp[slot] == sim->epoch)
        {
          guint r = sim->table[slot];

          if (memcmp (sim->arena + (gsize) r * n, stock, n) == 0)
            {
              result->won = FALSE;
              result->rounds = round - 1;
              result->cycle_start = epoch_first_round + r;
              result->cycle_length = round - result->cycle_start;
              return;
            }
          slot = (slot + 1) & (TABLE_SIZE - 1);
        }
      if (epoch_rounds >= TABLE_SIZE / 2)
        {
          /* The table is only for the first rounds of a stretch; beyond them (never seen in
           * practice) scan the arena. */
          guint r;

          for (r = TABLE_SIZE / 2; r < epoch_rounds; r++)
            if (memcmp (sim->arena + (gsize) r * n, stock, n) == 0)
              {
                result->won = FALSE;
                result->rounds = round - 1;
                result->cycle_start = epoch_first_round + r;
                result->cycle_length = round - result->cycle_start;
                return;
              }
        }
      else
        {
          sim->stamp[slot] = sim->epoch;
          sim->table[slot] = epoch_rounds;
        }
      if ((gsize) (epoch_rounds + 1) * n > sim->arena_size)
        {
          sim->arena_size *= 2;
          sim->arena = g_realloc (sim->arena, sim->arena_size);
        }
      memcpy (sim->arena + (gsize) epoch_rounds * n, stock, n);
      epoch_rounds++;

      /* One round: deal the whole stock, four at a time. The four ranks of a deal make a
       * 16-bit key whose pattern of equal ranks says where each card goes (the leftmost pile
       * showing its rank); the four pile lengths travel packed in one register, so the loop
       * has no branches (equal ranks come at random) and no loads that wait on its stores.
       * The stock always holds a multiple of four cards, so every deal is of four. */
      m = n;
      lens = 0;
      for (i = 0; i < n; i += 4)
        {
          guint32 w, x;
          const Plan *plan;

          memcpy (&w, stock + i, 4);
          w = GUINT32_FROM_LE (w);
          x = w & 0x0f0f0f0f;
          x |= x >> 4;
          plan = &plans[pattern_of_key[(x & 0xff) | ((x >> 8) & 0xff00)]];

          buf[plan->code[0] + ((lens >> plan->shift[0]) & 0xff)] = (guint8) w;
          buf[plan->code[1] + ((lens >> plan->shift[1]) & 0xff)] = (guint8) (w >> 8);
          buf[plan->code[2] + ((lens >> plan->shift[2]) & 0xff)] = (guint8) (w >> 16);
          buf[plan->code[3] + ((lens >> plan->shift[3]) & 0xff)] = (guint8) (w >> 24);
          lens += plan->increment;
          m -= plan->out;
        }
      for (k = 0; k < 4; k++)
        len[k] = (guint) (lens >> (8 * k)) & 0xff;

      if (m == 0)
        {
          result->won = TRUE;
          result->rounds = round;
          result->cycle_start = 0;
          result->cycle_length = 0;
          return;
        }

      if (m != n)
        {
          /* Cards went out: no earlier stock can come back. */
          n = m;
          epoch_first_round = round + 1;
          epoch_rounds = 0;
          sim->epoch++;
          if (sim->epoch == 0)
            {
              memset (sim->stamp, 0, sizeof sim->stamp);
              sim->epoch = 1;
            }
        }

      /* Gather: pile 4's cards are dealt first, in the order they were placed, then 3, 2, 1. */
      memcpy (stock, buf + 3 * 64, len[3]);
      memcpy (stock + len[3], buf + 2 * 64, len[2]);
      memcpy (stock + len[3] + len[2], buf + 64, len[1]);
      memcpy (stock + len[3] + len[2] + len[1], buf, len[0]);
      round++;
    }
}

void
pat_pm_play (const PatCard  deck[PAT_N_CARDS],
             PatPmResult   *result)
{
  g_autoptr(PatPmSim) sim = pat_pm_sim_new ();

  pat_pm_sim_play (sim, deck, result);
}

/**
 * pat_pm_play_reference:
 * @deck: the deck, top (first dealt) first
 * @result: (out): how the game ends
 *
 * The same as pat_pm_play(), done the plain way: every deal through the rules module, the
 * way the app plays, with each round's starting stock kept in a hash table. Tests check
 * the fast player against it and the benchmark measures how much faster that one is.
 */
void
pat_pm_play_reference (const PatCard  deck[PAT_N_CARDS],
                       PatPmResult   *result)
{
  const PatRules *rules = &pat_rules_perpetual_motion;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                                      (GDestroyNotify) g_bytes_unref, NULL);
  PatMove deal = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  PatState state;
  guint last_round = 0;

  /* The free variant deals the same position without looking ahead at its fate. */
  pat_rules_deal_deck (&pat_rules_perpetual_motion_free, &state, deck, NULL);

  for (;;)
    {
      if (rules->status (&state) == PAT_STATUS_WON)
        {
          result->won = TRUE;
          result->rounds = state.round;
          result->cycle_start = result->cycle_length = 0;
          return;
        }

      if (state.round != last_round)
        {
          GBytes *stock = g_bytes_new (pat_state_pile_cards (&state, 0),
                                       pat_state_pile_len (&state, 0));
          gpointer earlier;

          last_round = state.round;
          if (g_hash_table_lookup_extended (seen, stock, NULL, &earlier))
            {
              result->won = FALSE;
              result->rounds = state.round - 1;
              result->cycle_start = GPOINTER_TO_UINT (earlier);
              result->cycle_length = state.round - result->cycle_start;
              g_bytes_unref (stock);
              return;
            }
          g_hash_table_insert (seen, stock, GUINT_TO_POINTER (state.round));
        }

      rules->apply (&state, &deal, NULL);
    }
}
