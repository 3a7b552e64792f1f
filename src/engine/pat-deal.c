/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Deal numbers and PySolFC's shuffle: the Microsoft LCG below 32000, CPython's MT19937 above. */

#include "config.h"

#include <string.h>

#include "pat-deal.h"
#include "pat-error.h"

/* 10^20 = 5 × 2^64 + 7766279631452241920. */
#define MAX_HI 5
#define MAX_LO G_GUINT64_CONSTANT (7766279631452241920)

gboolean
pat_deal_number_valid (const PatDealNumber *number)
{
  if (number->hi == 0 && number->lo == 0)
    return FALSE;
  return number->hi < MAX_HI || (number->hi == MAX_HI && number->lo < MAX_LO);
}

/* @text as an error message quotes it: a deal number has at most 20 digits, so what goes past
 * 24 characters is cut ("…"), and the message stays short whatever was typed. A message is
 * UTF-8: bytes that are not become U+FFFD, and the cut falls between characters. */
static char *
quote_start (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, MIN (strlen (text), (gsize) 4 * 24));
  g_autofree char *start = NULL;

  if (g_utf8_strlen (valid, -1) <= 24 && strlen (text) <= 4 * 24)
    return g_steal_pointer (&valid);
  start = g_utf8_substring (valid, 0, MIN (g_utf8_strlen (valid, -1), 24));
  return g_strconcat (start, "…", NULL);
}

/**
 * pat_deal_number_parse:
 * @text: a decimal number
 * @number: (out): the deal number
 * @error: return location for a #PAT_ERROR_BAD_DEAL_NUMBER
 *
 * Accepts 1 ≤ N < 10^20, written in decimal digits only.
 *
 * Returns: whether @text is a valid deal number
 */
gboolean
pat_deal_number_parse (const char     *text,
                       PatDealNumber  *number,
                       GError        **error)
{
  PatDealNumber n = { 0, 0 };
  const char *p;
  guint digits = 0;

  if (text == NULL || *text == '\0')
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DEAL_NUMBER,
                   "the deal number is empty");
      return FALSE;
    }

  for (p = text; *p != '\0'; p++)
    {
      guint64 lo_hi, lo_lo, carry;

      if (!g_ascii_isdigit (*p))
        {
          g_autofree char *quoted = quote_start (text);

          g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DEAL_NUMBER,
                       "deal number '%s' is not a whole number from 1 to 99999999999999999999",
                       quoted);
          return FALSE;
        }
      if (digits > 0 || *p != '0')
        digits++;
      if (digits > PAT_DEAL_NUMBER_MAX_DIGITS)
        break;

      /* n = n × 10 + digit, in 32-bit pieces so nothing overflows. */
      lo_lo = (n.lo & 0xffffffff) * 10 + (guint64) (*p - '0');
      lo_hi = (n.lo >> 32) * 10 + (lo_lo >> 32);
      carry = lo_hi >> 32;
      n.lo = (lo_hi << 32) | (lo_lo & 0xffffffff);
      n.hi = n.hi * 10 + carry;
    }

  if (digits > PAT_DEAL_NUMBER_MAX_DIGITS || !pat_deal_number_valid (&n))
    {
      g_autofree char *quoted = quote_start (text);

      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DEAL_NUMBER,
                   "deal number '%s' is out of range (1 to 99999999999999999999)", quoted);
      return FALSE;
    }

  *number = n;
  return TRUE;
}

void
pat_deal_number_format (const PatDealNumber *number,
                        char                 out[PAT_DEAL_NUMBER_MAX_DIGITS + 1])
{
  /* Divide by 10 repeatedly over 32-bit limbs, most significant first. */
  guint32 limbs[4] = {
    (guint32) (number->hi >> 32), (guint32) number->hi,
    (guint32) (number->lo >> 32), (guint32) number->lo,
  };
  char buf[48];
  int len = 0;
  int i;

  do
    {
      guint64 rem = 0;
      gboolean any = FALSE;

      for (i = 0; i < 4; i++)
        {
          guint64 cur = (rem << 32) | limbs[i];
          limbs[i] = (guint32) (cur / 10);
          rem = cur % 10;
          any |= limbs[i] != 0;
        }
      buf[len++] = (char) ('0' + rem);
      if (!any)
        break;
    }
  while (len < PAT_DEAL_NUMBER_MAX_DIGITS);

  for (i = 0; i < len; i++)
    out[i] = buf[len - 1 - i];
  out[len] = '\0';
}

/* A well-mixed 64-bit hash of a deal number, for things derived from it (die rolls). */
guint64
pat_deal_number_hash (const PatDealNumber *number,
                      guint64              salt)
{
  guint64 h = number->lo ^ (number->hi * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) ^ salt;

  h ^= h >> 30;
  h *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  h ^= h >> 27;
  h *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
  h ^= h >> 31;
  return h;
}

/* MT19937, initialised like CPython's random.seed() for an integer.
 *
 * Seeding is the expensive part of a shuffle: init_by_array is two chains of 624 steps, each
 * step waiting on the one before. Its starting point, init_genrand (19650218), is the same
 * for every key, so it is computed once; the chains carry the previous word in a register
 * (through memory, every step would also wait on a store). */

#define MT_N 624
#define MT_M 397

static guint32 mt_base[MT_N];
static gsize mt_base_ready;

static const guint32 *
mt_get_base (void)
{
  if (g_once_init_enter (&mt_base_ready))
    {
      guint i;

      mt_base[0] = 19650218U;
      for (i = 1; i < MT_N; i++)
        mt_base[i] = 1812433253U * (mt_base[i - 1] ^ (mt_base[i - 1] >> 30)) + i;
      g_once_init_leave (&mt_base_ready, 1);
    }
  return mt_base;
}

static void
mt_seed (guint32        state[MT_N],
         const guint32 *key,
         guint          key_length)
{
  guint i = 1, j = 0, k;
  guint32 prev;

  memcpy (state, mt_get_base (), MT_N * sizeof (guint32));
  prev = state[0];
  for (k = MAX (MT_N, key_length); k > 0; k--)
    {
      prev = (state[i] ^ ((prev ^ (prev >> 30)) * 1664525U)) + key[j] + j;
      state[i] = prev;
      i++;
      j++;
      if (i >= MT_N)
        {
          state[0] = prev;
          i = 1;
        }
      if (j >= key_length)
        j = 0;
    }
  for (k = MT_N - 1; k > 0; k--)
    {
      prev = (state[i] ^ ((prev ^ (prev >> 30)) * 1566083941U)) - i;
      state[i] = prev;
      i++;
      if (i >= MT_N)
        {
          state[0] = prev;
          i = 1;
        }
    }
  state[0] = 0x80000000U;
}

/* Word k of the first generation, for k < MT_N − MT_M: it only reads words not yet
 * regenerated, so a caller needing a few words can skip making all 624. */
static inline guint32
mt_twist (const guint32 state[MT_N],
          guint         k)
{
  guint32 y = (state[k] & 0x80000000U) | (state[k + 1] & 0x7fffffffU);

  return state[k + MT_M] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfU : 0);
}

/* A shuffle takes 2 × 51 words. */
G_STATIC_ASSERT (2 * (PAT_N_CARDS - 1) <= MT_N - MT_M);

static inline guint32
mt_temper (guint32 y)
{
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= y >> 18;
  return y;
}

/* CPython's random(): 53 random bits from two words. */
static inline double
mt_double (guint32 a,
           guint32 b)
{
  return ((a >> 5) * 67108864.0 + (b >> 6)) * (1.0 / 9007199254740992.0);
}

void
pat_mt_seed_words (PatMt         *mt,
                   const guint32 *key,
                   guint          key_length)
{
  mt_seed (mt->mt, key, key_length);
  mt->index = MT_N;
}

guint32
pat_mt_next (PatMt *mt)
{
  if (mt->index >= MT_N)
    {
      guint k;

      for (k = 0; k < MT_N; k++)
        {
          guint32 y = (mt->mt[k] & 0x80000000U) | (mt->mt[(k + 1) % MT_N] & 0x7fffffffU);

          mt->mt[k] = mt->mt[(k + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfU : 0);
        }
      mt->index = 0;
    }

  return mt_temper (mt->mt[mt->index++]);
}

double
pat_mt_random (PatMt *mt)
{
  guint32 a = pat_mt_next (mt);
  guint32 b = pat_mt_next (mt);

  return mt_double (a, b);
}

/* CPython's integer seed as 32-bit words, least significant first. */
static guint
mt_key (const PatDealNumber *number,
        guint32              key[4])
{
  guint key_length = 4;

  key[0] = (guint32) number->lo;
  key[1] = (guint32) (number->lo >> 32);
  key[2] = (guint32) number->hi;
  key[3] = (guint32) (number->hi >> 32);
  while (key_length > 1 && key[key_length - 1] == 0)
    key_length--;
  return key_length;
}

/* PySolFC's shuffle of a fresh talon with random.random(), from a seeded generator: 51
 * calls take the first 102 words. */
static void
mt_shuffle (const guint32 state[MT_N],
            PatCard       talon[PAT_N_CARDS])
{
  guint k = 0;
  int n;

  for (n = 0; n < PAT_N_CARDS; n++)
    talon[n] = (PatCard) n;

  for (n = PAT_N_CARDS - 1; n > 0; n--)
    {
      guint32 a = mt_temper (mt_twist (state, k));
      guint32 b = mt_temper (mt_twist (state, k + 1));
      guint j = (guint) (mt_double (a, b) * (n + 1));
      PatCard tmp = talon[n];

      k += 2;
      talon[n] = talon[j];
      talon[j] = tmp;
    }
}

/* Simulations shuffle long runs of consecutive deal numbers, and seeding, two chains of
 * 624 steps each waiting on the one before, leaves most of the processor idle. So once a
 * thread is seen going through a run, the next MT_LANES numbers are seeded together, the
 * chains interleaved in about the time of one, and their talons are kept, per thread, for
 * the calls to come. */
#define MT_LANES 4

/* mt_seed_lanes() writes the lanes out one by one. */
G_STATIC_ASSERT (MT_LANES == 4);

typedef struct {
  PatDealNumber last;        /* the number the thread shuffled last */
  PatDealNumber first;       /* the number of talons[0] */
  guint         n_talons;
  PatCard       talons[MT_LANES][PAT_N_CARDS];
} ShuffleCache;

static GPrivate shuffle_cache = G_PRIVATE_INIT (g_free);

static inline guint32
mt_mix_key (guint32 *word,
            guint32  prev,
            guint32  add)
{
  *word = (*word ^ ((prev ^ (prev >> 30)) * 1664525U)) + add;
  return *word;
}

static inline guint32
mt_mix_again (guint32 *word,
              guint32  prev,
              guint32  sub)
{
  *word = (*word ^ ((prev ^ (prev >> 30)) * 1566083941U)) - sub;
  return *word;
}

/* mt_seed() for four keys of the same length at once, the chains written out side by side
 * so that they stay in registers. */
static void
mt_seed_lanes (guint32 state[MT_LANES][MT_N],
               guint32 key[MT_LANES][4],
               guint   key_length)
{
  guint32 p0, p1, p2, p3;
  guint i = 1, j = 0, k, lane;

  for (lane = 0; lane < MT_LANES; lane++)
    memcpy (state[lane], mt_get_base (), MT_N * sizeof (guint32));
  p0 = p1 = p2 = p3 = state[0][0];
  for (k = MAX (MT_N, key_length); k > 0; k--)
    {
      p0 = mt_mix_key (&state[0][i], p0, key[0][j] + j);
      p1 = mt_mix_key (&state[1][i], p1, key[1][j] + j);
      p2 = mt_mix_key (&state[2][i], p2, key[2][j] + j);
      p3 = mt_mix_key (&state[3][i], p3, key[3][j] + j);
      i++;
      j++;
      if (i >= MT_N)
        {
          state[0][0] = p0;
          state[1][0] = p1;
          state[2][0] = p2;
          state[3][0] = p3;
          i = 1;
        }
      if (j >= key_length)
        j = 0;
    }
  for (k = MT_N - 1; k > 0; k--)
    {
      p0 = mt_mix_again (&state[0][i], p0, i);
      p1 = mt_mix_again (&state[1][i], p1, i);
      p2 = mt_mix_again (&state[2][i], p2, i);
      p3 = mt_mix_again (&state[3][i], p3, i);
      i++;
      if (i >= MT_N)
        {
          state[0][0] = p0;
          state[1][0] = p1;
          state[2][0] = p2;
          state[3][0] = p3;
          i = 1;
        }
    }
  for (lane = 0; lane < MT_LANES; lane++)
    state[lane][0] = 0x80000000U;
}

static PatDealNumber
deal_number_add (const PatDealNumber *number,
                 guint64              k)
{
  PatDealNumber sum = { number->lo + k, number->hi };

  if (sum.lo < number->lo)
    sum.hi++;
  return sum;
}

/* Fills the cache with the talons of @number and the numbers after it, if they can be
 * seeded together. */
static gboolean
mt_fill_cache (ShuffleCache        *cache,
               const PatDealNumber *number)
{
  guint32 state[MT_LANES][MT_N];
  guint32 key[MT_LANES][4];
  guint key_length = mt_key (number, key[0]);
  guint lane;

  for (lane = 1; lane < MT_LANES; lane++)
    {
      PatDealNumber lane_number = deal_number_add (number, lane);

      if (!pat_deal_number_valid (&lane_number) || mt_key (&lane_number, key[lane]) != key_length)
        return FALSE;
    }

  mt_seed_lanes (state, key, key_length);
  for (lane = 0; lane < MT_LANES; lane++)
    mt_shuffle (state[lane], cache->talons[lane]);
  cache->first = *number;
  cache->n_talons = MT_LANES;
  return TRUE;
}

static void
mt_deal (const PatDealNumber *number,
         PatCard              talon[PAT_N_CARDS])
{
  ShuffleCache *cache = g_private_get (&shuffle_cache);
  PatDealNumber after_last;
  guint32 state[MT_N];
  guint32 key[4];

  if (cache == NULL)
    {
      cache = g_new0 (ShuffleCache, 1);
      g_private_set (&shuffle_cache, cache);
    }
  after_last = deal_number_add (&cache->last, 1);
  cache->last = *number;

  if (number->hi == cache->first.hi && number->lo - cache->first.lo < cache->n_talons)
    {
      memcpy (talon, cache->talons[number->lo - cache->first.lo], sizeof cache->talons[0]);
      return;
    }
  if (pat_deal_number_equal (&after_last, number) && mt_fill_cache (cache, number))
    {
      memcpy (talon, cache->talons[0], sizeof cache->talons[0]);
      return;
    }

  mt_seed (state, key, mt_key (number, key));
  mt_shuffle (state, talon);
}

/**
 * pat_deal_shuffle:
 * @number: a valid deal number
 * @deck: (out caller-allocates): the deck D, top (first dealt) first
 *
 * Shuffles exactly as PySolFC does for its game number @number (DESIGN.md "Deals").
 */
void
pat_deal_shuffle (const PatDealNumber *number,
                  PatCard              deck[PAT_N_CARDS])
{
  PatCard talon[PAT_N_CARDS];
  int n;

  g_return_if_fail (pat_deal_number_valid (number));

  if (number->hi == 0 && number->lo < 32000)
    {
      static const guint suit_order[4] = { 0, 3, 2, 1 };
      guint32 x = (guint32) number->lo;
      guint r, s;

      for (r = 0; r < 13; r++)
        for (s = 0; s < 4; s++)
          talon[r * 4 + s] = (PatCard) (r + 13 * suit_order[s]);

      for (n = PAT_N_CARDS - 1; n > 0; n--)
        {
          guint j;
          PatCard tmp;

          x = x * 214013U + 2531011U;
          j = ((x >> 16) & 0x7fff) % (guint) (n + 1);
          tmp = talon[n];
          talon[n] = talon[j];
          talon[j] = tmp;
        }
    }
  else
    mt_deal (number, talon);

  for (n = 0; n < PAT_N_CARDS; n++)
    deck[n] = talon[PAT_N_CARDS - 1 - n];
}
