/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Perpetual Motion played to the end at full speed: the win, or the first repeated round. */

#include "config.h"

#include <string.h>

#include "pat-pm-sim.h"
#include "pat-rules.h"

/* Only ranks decide what happens, so a card is kept as rank − 1 + 16 × suit: the rank is a
 * mask away and a stock is a string of bytes that compares and hashes quickly.
 *
 * A round turns the stock into the next one. Within each deal of four a card goes to the
 * leftmost pile showing its rank, or out with the rest of a four of a kind, and the next
 * stock is the rightmost pile's cards in the order they came, then the next pile's, and so
 * on: the cards of the stock sorted, stably, by pile from right to left. So a round can be
 * done for all the cards at once, where vectors allow it: compares find every card's pile,
 * then each pile's cards are gathered to their place in the next stock. (In the code the
 * piles are numbered 0 to 3 from the left.)
 *
 * Each stock of a game is kept in a 64-byte slot of an arena, zeros after its cards, so two
 * stocks compare as whole slots; those of the current stretch of rounds (since the last
 * discard: a repeat needs the same number of cards) are indexed by a small hash table. */

#define SLOT_SIZE 64
#define TABLE_BITS 10
#define TABLE_SIZE (1u << TABLE_BITS)

/* A compaction may store 8 bytes from anywhere in the stock. */
G_STATIC_ASSERT (PAT_N_CARDS + 8 <= SLOT_SIZE);

typedef struct {
  guint32 stamp;   /* the entry is in use when its stamp is the current epoch */
  guint32 index;   /* a round of the stretch, as an arena slot counted from the stretch's first */
} TableEntry;

struct _PatPmSim {
  guint8     *arena;
  gsize       n_slots;
  TableEntry  table[TABLE_SIZE];
  guint32     epoch;
};

/* The portable round: where the cards of one deal of four go, for each pattern of equal
 * ranks among them (index bits: a=b, a=c, b=c, a=d, b=d, c=d): code is pile × 64 + the
 * card's place among this deal's cards on that pile, shift finds that pile's length in the
 * packed lengths, and increment adds to them. Four of a kind go to the scratch pile 4,
 * whose length reads 0. */
typedef struct {
  guint16 code[4];
  guint8  shift[4];
  guint64 increment;
  guint   out;
} Plan;

static Plan plans[64];
static guint8 pattern_of_key[1 << 16];   /* key: the four ranks, a nibble each */

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

/* Plays the round from the n cards of @stock into @next (a slot each) and returns how many
 * cards the next stock has. The four pile lengths travel packed in one register, so the
 * loop has no branches (equal ranks come at random) and no loads that wait on its stores.
 * The stock always holds a multiple of four cards, so every deal is of four. */
static guint
round_scalar (const guint8 *stock,
              guint         n,
              guint8       *next)
{
  /* Piles 0–3 of 64 bytes each, then a scratch pile for the four of a kind that go out. */
  guint8 buf[5 * 64];
  guint len[4];
  guint64 lens = 0;
  guint m = n;
  guint i, k;

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

  memcpy (next, buf + 3 * 64, len[3]);
  memcpy (next + len[3], buf + 2 * 64, len[2]);
  memcpy (next + len[3] + len[2], buf + 64, len[1]);
  memcpy (next + len[3] + len[2] + len[1], buf, len[0]);
  memset (next + m, 0, SLOT_SIZE - m);
  return m;
}

/* x86-64 gets vector rounds, chosen at run time, so one build runs everywhere. */
#if defined(__x86_64__) && defined(__GNUC__)
# define PAT_PM_X86 1
#endif

#ifdef PAT_PM_X86
#include <immintrin.h>

/* The vector rounds look at the stock as 16 groups of four ranks, one per deal. Byte j of
 * a group is compared with bytes 0, 1 and 2 of its group (pshufb copies each across the
 * group), and each comparison gives a 64-bit mask, bit i for card i. A card goes to pile 0
 * if it matches card 0, else to pile 1 if it matches card 1, else to pile 2 if it matches
 * card 2, else (card 3 matching no other) it stays on pile 3; a card always matches itself,
 * so this is its leftmost pile. A four of a kind is a group matching card 0 four times.
 * The zeros after the cards make whole groups of four equal ranks, so they drop out as
 * four of a kind and need no mask of their own. */

/* AVX-512 VBMI2 (Ice Lake, Zen 4 and later) gathers a pile's cards with one instruction
 * (vpcompressb) and puts them at their place in the next stock with its inverse
 * (vpexpandb); compaction fills with zeros, so a pile placed from where it starts to the
 * end of the stock leaves room for the piles after it. Rounds follow one another, so what
 * counts is this chain's length: the piles' places come from popcounts of unions of piles,
 * not from adding up the piles' lengths one after another. */
# define TARGET_AVX512 __attribute__ ((target ("avx512f,avx512bw,avx512vbmi2,bmi,bmi2,popcnt")))

TARGET_AVX512 static inline __m512i
round_avx512 (__m512i  cards,
              guint   *m)
{
  const __m512i group0 = _mm512_set4_epi32 (0x0c0c0c0c, 0x08080808, 0x04040404, 0);
  const __m512i group1 = _mm512_add_epi8 (group0, _mm512_set1_epi8 (1));
  const __m512i group2 = _mm512_add_epi8 (group0, _mm512_set1_epi8 (2));
  const guint64 all = ~G_GUINT64_CONSTANT (0);
  __m512i ranks = _mm512_and_si512 (cards, _mm512_set1_epi8 (0x0f));
  __m512i first = _mm512_shuffle_epi8 (ranks, group0);
  guint64 e0 = _mm512_cmpeq_epi8_mask (ranks, first);
  guint64 e1 = _mm512_cmpeq_epi8_mask (ranks, _mm512_shuffle_epi8 (ranks, group1));
  guint64 e2 = _mm512_cmpeq_epi8_mask (ranks, _mm512_shuffle_epi8 (ranks, group2));
  /* A four of a kind is a 32-bit lane equal to its first rank four times. */
  guint64 out = _mm512_movepi8_mask (
    _mm512_maskz_mov_epi32 (_mm512_cmpeq_epi32_mask (ranks, first), _mm512_set1_epi8 (-1)));
  /* Piles 3, 3–2 and 3–1 fill the next stock up to these bits. */
  guint64 end3 = _bzhi_u64 (all, (guint) _mm_popcnt_u64 (~(e0 | e1 | e2)));
  guint64 end2 = _bzhi_u64 (all, (guint) _mm_popcnt_u64 (~(e0 | e1)));
  guint64 end1 = _bzhi_u64 (all, (guint) _mm_popcnt_u64 (~e0));
  __m512i next;

  next = _mm512_maskz_compress_epi8 (~(e0 | e1 | e2), cards);
  next = _mm512_or_si512 (next, _mm512_maskz_expand_epi8 (
                            ~end3, _mm512_maskz_compress_epi8 (e2 & ~(e0 | e1), cards)));
  next = _mm512_or_si512 (next, _mm512_maskz_expand_epi8 (
                            ~end2, _mm512_maskz_compress_epi8 (e1 & ~e0, cards)));
  next = _mm512_or_si512 (next, _mm512_maskz_expand_epi8 (
                            ~end1, _mm512_maskz_compress_epi8 (e0 & ~out, cards)));
  *m = (guint) _mm_popcnt_u64 (~out);
  return next;
}

/* AVX2 (x86-64-v3) has no compaction instruction, so each pile's cards are gathered eight
 * at a time through a table of byte shuffles, straight to their place in the next stock: a
 * store may run past the pile's end, but the shuffle fills with zeros and the next pile
 * overwrites them. */
# define TARGET_AVX2 __attribute__ ((target ("avx2,popcnt")))

static guint64 compact_table[256];   /* for a byte of a mask, a pshufb taking its bytes */

static void
init_compact_table (void)
{
  guint mask, bit;

  for (mask = 0; mask < 256; mask++)
    {
      guint8 shuffle[8];
      guint k = 0;

      memset (shuffle, 0x80, sizeof shuffle);
      for (bit = 0; bit < 8; bit++)
        if (mask & (1u << bit))
          shuffle[k++] = (guint8) bit;
      memcpy (&compact_table[mask], shuffle, 8);
    }
}

TARGET_AVX2 static inline guint64
matches_avx2 (__m256i lo,
              __m256i hi,
              __m256i group)
{
  __m256i lo_eq = _mm256_cmpeq_epi8 (lo, _mm256_shuffle_epi8 (lo, group));
  __m256i hi_eq = _mm256_cmpeq_epi8 (hi, _mm256_shuffle_epi8 (hi, group));

  return (guint32) _mm256_movemask_epi8 (lo_eq) |
         (guint64) (guint32) _mm256_movemask_epi8 (hi_eq) << 32;
}

TARGET_AVX2 static inline guint
round_avx2 (const guint8 *stock,
            guint         n,
            guint8       *next)
{
  const __m256i group0 = _mm256_setr_epi32 (0, 0x04040404, 0x08080808, 0x0c0c0c0c,
                                            0, 0x04040404, 0x08080808, 0x0c0c0c0c);
  const __m256i nibble = _mm256_set1_epi8 (0x0f);
  __m256i lo = _mm256_and_si256 (_mm256_load_si256 ((const void *) stock), nibble);
  __m256i hi = _mm256_and_si256 (_mm256_load_si256 ((const void *) (stock + 32)), nibble);
  guint64 e0 = matches_avx2 (lo, hi, group0);
  guint64 e1 = matches_avx2 (lo, hi, _mm256_add_epi8 (group0, _mm256_set1_epi8 (1)));
  guint64 e2 = matches_avx2 (lo, hi, _mm256_add_epi8 (group0, _mm256_set1_epi8 (2)));
  guint64 quads = e0 & (e0 >> 1) & (e0 >> 2) & (e0 >> 3) & G_GUINT64_CONSTANT (0x1111111111111111);
  guint64 piles[4];
  guint8 *out = next;
  int p;

  piles[0] = e0 & ~(quads * 0xf);
  piles[1] = e1 & ~e0;
  piles[2] = e2 & ~(e0 | e1);
  piles[3] = ~(e0 | e1 | e2);

  _mm256_store_si256 ((void *) next, _mm256_setzero_si256 ());
  _mm256_store_si256 ((void *) (next + 32), _mm256_setzero_si256 ());
  for (p = 3; p >= 0; p--)
    {
      guint i;

      for (i = 0; i < n; i += 8)
        {
          guint bits = (guint) (piles[p] >> i) & 0xff;
          __m128i chunk = _mm_loadl_epi64 ((const void *) (stock + i));

          chunk = _mm_shuffle_epi8 (chunk, _mm_loadl_epi64 ((const void *) &compact_table[bits]));
          _mm_storel_epi64 ((void *) out, chunk);
          out += _mm_popcnt_u32 (bits);
        }
    }
  return (guint) (out - next);
}
#endif

static inline G_ALWAYS_INLINE guint8 *
slot (PatPmSim *sim,
      gsize     index)
{
  return sim->arena + index * SLOT_SIZE;
}

static inline G_ALWAYS_INLINE gboolean
slots_equal (const guint8 *a,
             const guint8 *b)
{
  guint64 diff = 0;
  guint i;

  for (i = 0; i < SLOT_SIZE; i += 8)
    {
      guint64 x, y;

      memcpy (&x, a + i, 8);
      memcpy (&y, b + i, 8);
      diff |= x ^ y;
    }
  return diff == 0;
}

static void
new_epoch (PatPmSim *sim)
{
  sim->epoch++;
  if (sim->epoch == 0)
    {
      memset (sim->table, 0, sizeof sim->table);
      sim->epoch = 1;
    }
}

/* Looks for the stock in slot first + index among the earlier ones of the stretch (slots
 * first to first + index − 1), and remembers it if it is new. Returns the earlier index, or
 * −1. Stocks of a stretch are orderings of the same cards, which differ early on, so the
 * first 16 bytes are hash enough. */
static inline G_ALWAYS_INLINE gint
find_or_remember (PatPmSim *sim,
                  gsize     first,
                  guint     index)
{
  const guint8 *stock = slot (sim, first + index);
  guint64 a, b;
  guint h;

  memcpy (&a, stock, 8);
  memcpy (&b, stock + 8, 8);
  h = (guint) (((a * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) ^ b) *
               G_GUINT64_CONSTANT (0xff51afd7ed558ccd) >> (64 - TABLE_BITS));

  while (sim->table[h].stamp == sim->epoch)
    {
      guint earlier = sim->table[h].index;

      if (slots_equal (slot (sim, first + earlier), stock))
        return (gint) earlier;
      h = (h + 1) & (TABLE_SIZE - 1);
    }

  if (index < TABLE_SIZE / 2)
    {
      sim->table[h].stamp = sim->epoch;
      sim->table[h].index = index;
    }
  else
    {
      /* The table is only for the first rounds of a stretch; beyond them (never seen in
       * practice) scan the arena. */
      guint earlier;

      for (earlier = TABLE_SIZE / 2; earlier < index; earlier++)
        if (slots_equal (slot (sim, first + earlier), stock))
          return (gint) earlier;
    }
  return -1;
}

static void
grow_arena (PatPmSim *sim)
{
  guint8 *arena = g_aligned_alloc (sim->n_slots * 2, SLOT_SIZE, SLOT_SIZE);

  memcpy (arena, sim->arena, sim->n_slots * SLOT_SIZE);
  g_aligned_free (sim->arena);
  sim->arena = arena;
  sim->n_slots *= 2;
}

/* The bookkeeping around the rounds, shared by the players: a game's stocks go one after
 * another into the arena, from slot 0. */
typedef struct {
  guint  n;             /* cards in the stock */
  guint  round;         /* the round being played */
  guint  first_round;   /* the first round of the current stretch */
  gsize  first;         /* the slot of its stock */
  guint  index;         /* the slot of this round's stock, counted from first */
} Game;

static inline G_ALWAYS_INLINE void
game_start (PatPmSim *sim,
            Game     *game)
{
  game->n = PAT_N_CARDS;
  game->round = 1;
  game->first_round = 1;
  game->first = 0;
  game->index = 0;
  new_epoch (sim);
  find_or_remember (sim, 0, 0);
}

static inline G_ALWAYS_INLINE guint8 *
game_stock (PatPmSim   *sim,
            const Game *game)
{
  return slot (sim, game->first + game->index);
}

/* Where the round being played puts the next stock. */
static inline G_ALWAYS_INLINE guint8 *
game_next_stock (PatPmSim   *sim,
                 const Game *game)
{
  if (game->first + game->index + 1 >= sim->n_slots)
    grow_arena (sim);
  return slot (sim, game->first + game->index + 1);
}

/* After a round that left m cards in the next stock: is the game over? */
static inline G_ALWAYS_INLINE gboolean
game_over (PatPmSim    *sim,
           Game        *game,
           guint        m,
           PatPmResult *result)
{
  gint earlier;

  game->round++;
  if (m == 0)
    {
      result->won = TRUE;
      result->rounds = game->round - 1;
      result->cycle_start = 0;
      result->cycle_length = 0;
      return TRUE;
    }

  if (m != game->n)
    {
      /* Cards went out: no earlier stock can come back. */
      game->n = m;
      game->first += game->index + 1;
      game->first_round = game->round;
      game->index = 0;
      new_epoch (sim);
      find_or_remember (sim, game->first, 0);
      return FALSE;
    }

  game->index++;
  earlier = find_or_remember (sim, game->first, game->index);
  if (earlier < 0)
    return FALSE;
  result->won = FALSE;
  result->rounds = game->round - 1;
  result->cycle_start = game->first_round + (guint) earlier;
  result->cycle_length = game->round - result->cycle_start;
  return TRUE;
}

static void
play_scalar (PatPmSim    *sim,
             PatPmResult *result)
{
  Game game;
  guint m;

  game_start (sim, &game);
  do
    {
      m = round_scalar (game_stock (sim, &game), game.n, game_next_stock (sim, &game));
    }
  while (!game_over (sim, &game, m, result));
}

#ifdef PAT_PM_X86
TARGET_AVX2 static void
play_avx2 (PatPmSim    *sim,
           PatPmResult *result)
{
  Game game;
  guint m;

  game_start (sim, &game);
  do
    {
      m = round_avx2 (game_stock (sim, &game), game.n, game_next_stock (sim, &game));
    }
  while (!game_over (sim, &game, m, result));
}

/* The stock also stays in a register from round to round: reloading it from the arena
 * would wait on the store. */
TARGET_AVX512 static void
play_avx512 (PatPmSim    *sim,
             PatPmResult *result)
{
  __m512i cards = _mm512_load_si512 ((const void *) slot (sim, 0));
  Game game;
  guint m;

  game_start (sim, &game);
  do
    {
      cards = round_avx512 (cards, &m);
      _mm512_store_si512 ((void *) game_next_stock (sim, &game), cards);
    }
  while (!game_over (sim, &game, m, result));
}
#endif

typedef void (*PlayFunc) (PatPmSim    *sim,
                          PatPmResult *result);

static PlayFunc best_play;

/* The best player for this processor. PAT_PM_SIM_ISA=scalar (or avx2) in the environment
 * asks for a plainer one, so that they can all be checked against each other on one
 * machine. */
static PlayFunc
choose_play (void)
{
  const char *isa = g_getenv ("PAT_PM_SIM_ISA");

  if (g_strcmp0 (isa, "scalar") == 0)
    return play_scalar;
#ifdef PAT_PM_X86
  __builtin_cpu_init ();
  if (g_strcmp0 (isa, "avx2") != 0 &&
      __builtin_cpu_supports ("avx512f") && __builtin_cpu_supports ("avx512bw") &&
      __builtin_cpu_supports ("avx512vbmi2") && __builtin_cpu_supports ("bmi") &&
      __builtin_cpu_supports ("bmi2") && __builtin_cpu_supports ("popcnt"))
    return play_avx512;
  if (__builtin_cpu_supports ("avx2") && __builtin_cpu_supports ("popcnt"))
    return play_avx2;
#endif
  return play_scalar;
}

static void
ensure_ready (void)
{
  static gsize ready;

  if (g_once_init_enter (&ready))
    {
      init_plans ();
#ifdef PAT_PM_X86
      init_compact_table ();
#endif
      best_play = choose_play ();
      g_once_init_leave (&ready, 1);
    }
}

/**
 * pat_pm_sim_vector_path:
 *
 * Returns: the code pat_pm_sim_play() runs on this processor: "avx512-vbmi2", "avx2" or
 *   "scalar" (after PAT_PM_SIM_ISA), so that a figure can say what it measured
 */
const char *
pat_pm_sim_vector_path (void)
{
  ensure_ready ();
#ifdef PAT_PM_X86
  if (best_play == play_avx512)
    return "avx512-vbmi2";
  if (best_play == play_avx2)
    return "avx2";
#endif
  return "scalar";
}

PatPmSim *
pat_pm_sim_new (void)
{
  PatPmSim *sim = g_new0 (PatPmSim, 1);

  ensure_ready ();
  sim->n_slots = 512;
  sim->arena = g_aligned_alloc0 (sim->n_slots, SLOT_SIZE, SLOT_SIZE);
  return sim;
}

void
pat_pm_sim_free (PatPmSim *sim)
{
  if (sim == NULL)
    return;
  g_aligned_free (sim->arena);
  g_free (sim);
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
void
pat_pm_sim_play (PatPmSim      *sim,
                 const PatCard  deck[PAT_N_CARDS],
                 PatPmResult   *result)
{
  guint8 *stock = slot (sim, 0);
  guint i;

  for (i = 0; i < PAT_N_CARDS; i++)
    stock[i] = (guint8) ((pat_card_rank (deck[i]) - 1) | pat_card_suit (deck[i]) << 4);
  memset (stock + PAT_N_CARDS, 0, SLOT_SIZE - PAT_N_CARDS);

  best_play (sim, result);
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
