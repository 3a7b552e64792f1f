/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Deal numbers and PySolFC's shuffle: the Microsoft LCG below 32000, CPython's MT19937 above. */

#include "config.h"

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
          g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DEAL_NUMBER,
                       "deal number '%s' is not a whole number from 1 to 99999999999999999999",
                       text);
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
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DEAL_NUMBER,
                   "deal number '%s' is out of range (1 to 99999999999999999999)", text);
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

/* MT19937, initialised like CPython's random.seed() for an integer. */

static void
mt_init (PatMt   *mt,
         guint32  s)
{
  guint i;

  mt->mt[0] = s;
  for (i = 1; i < 624; i++)
    mt->mt[i] = 1812433253U * (mt->mt[i - 1] ^ (mt->mt[i - 1] >> 30)) + i;
  mt->index = 624;
}

void
pat_mt_seed_words (PatMt         *mt,
                   const guint32 *key,
                   guint          key_length)
{
  guint i = 1, j = 0, k;

  mt_init (mt, 19650218U);
  for (k = MAX (624, key_length); k > 0; k--)
    {
      mt->mt[i] = (mt->mt[i] ^ ((mt->mt[i - 1] ^ (mt->mt[i - 1] >> 30)) * 1664525U)) + key[j] + j;
      i++;
      j++;
      if (i >= 624)
        {
          mt->mt[0] = mt->mt[623];
          i = 1;
        }
      if (j >= key_length)
        j = 0;
    }
  for (k = 623; k > 0; k--)
    {
      mt->mt[i] = (mt->mt[i] ^ ((mt->mt[i - 1] ^ (mt->mt[i - 1] >> 30)) * 1566083941U)) - i;
      i++;
      if (i >= 624)
        {
          mt->mt[0] = mt->mt[623];
          i = 1;
        }
    }
  mt->mt[0] = 0x80000000U;
  mt->index = 624;
}

guint32
pat_mt_next (PatMt *mt)
{
  guint32 y;

  if (mt->index >= 624)
    {
      guint k;

      for (k = 0; k < 624; k++)
        {
          y = (mt->mt[k] & 0x80000000U) | (mt->mt[(k + 1) % 624] & 0x7fffffffU);
          mt->mt[k] = mt->mt[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfU : 0);
        }
      mt->index = 0;
    }

  y = mt->mt[mt->index++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= y >> 18;
  return y;
}

double
pat_mt_random (PatMt *mt)
{
  guint32 a = pat_mt_next (mt) >> 5;
  guint32 b = pat_mt_next (mt) >> 6;

  return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
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
    {
      PatMt mt;
      guint32 key[4];
      guint key_length = 0;

      key[key_length++] = (guint32) number->lo;
      key[key_length++] = (guint32) (number->lo >> 32);
      key[key_length++] = (guint32) number->hi;
      key[key_length++] = (guint32) (number->hi >> 32);
      while (key_length > 1 && key[key_length - 1] == 0)
        key_length--;
      pat_mt_seed_words (&mt, key, key_length);

      for (n = 0; n < PAT_N_CARDS; n++)
        talon[n] = (PatCard) n;

      for (n = PAT_N_CARDS - 1; n > 0; n--)
        {
          guint j = (guint) (pat_mt_random (&mt) * (n + 1));
          PatCard tmp = talon[n];

          talon[n] = talon[j];
          talon[j] = tmp;
        }
    }

  for (n = 0; n < PAT_N_CARDS; n++)
    deck[n] = talon[PAT_N_CARDS - 1 - n];
}
