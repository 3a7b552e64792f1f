/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Deal numbers (1 ≤ N < 10^20) and the PySolFC-compatible shuffle that turns one into a deck. */
#pragma once

#include <glib.h>

#include "pat-card.h"

G_BEGIN_DECLS

/* Deal numbers go up to 10^20 − 1, past 64 bits, so they are kept as two halves:
 * N = hi × 2^64 + lo. */
typedef struct {
  guint64 lo;
  guint64 hi;
} PatDealNumber;

#define PAT_DEAL_NUMBER_MAX_DIGITS 20

static inline PatDealNumber
pat_deal_number_from_uint (guint64 n)
{
  PatDealNumber d = { n, 0 };
  return d;
}

static inline gboolean
pat_deal_number_equal (const PatDealNumber *a,
                       const PatDealNumber *b)
{
  return a->lo == b->lo && a->hi == b->hi;
}

gboolean pat_deal_number_parse   (const char          *text,
                                  PatDealNumber       *number,
                                  GError             **error);
void     pat_deal_number_format  (const PatDealNumber *number,
                                  char                 out[PAT_DEAL_NUMBER_MAX_DIGITS + 1]);
gboolean pat_deal_number_valid   (const PatDealNumber *number);
guint64  pat_deal_number_hash    (const PatDealNumber *number,
                                  guint64              salt);

void     pat_deal_shuffle        (const PatDealNumber *number,
                                  PatCard              deck[PAT_N_CARDS]);

/* CPython-compatible Mersenne Twister, exposed for tests. */
typedef struct {
  guint32 mt[624];
  guint   index;
} PatMt;

void     pat_mt_seed_words       (PatMt               *mt,
                                  const guint32       *key,
                                  guint                key_length);
guint32  pat_mt_next             (PatMt               *mt);
double   pat_mt_random           (PatMt               *mt);

G_END_DECLS
