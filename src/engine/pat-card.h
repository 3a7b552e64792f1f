/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Cards as small integers, and their text form ("AS", "TH", "9C"). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PAT_N_CARDS 52
#define PAT_NO_CARD 0xff

/* A card is suit × 13 + (rank − 1), with PySolFC's suit order, so that the
 * unshuffled deck of DESIGN.md "Deals" is simply 0…51. */
typedef guint8 PatCard;

typedef enum {
  PAT_SUIT_CLUBS    = 0,
  PAT_SUIT_SPADES   = 1,
  PAT_SUIT_HEARTS   = 2,
  PAT_SUIT_DIAMONDS = 3,
} PatSuit;

#define PAT_ACE   1
#define PAT_KING 13

static inline PatCard
pat_card_make (guint rank,
               guint suit)
{
  return (PatCard) (suit * 13 + rank - 1);
}

/* Rank 1 (Ace) … 13 (King). */
static inline guint
pat_card_rank (PatCard card)
{
  return card % 13 + 1;
}

static inline guint
pat_card_suit (PatCard card)
{
  return card / 13;
}

static inline gboolean
pat_card_is_red (PatCard card)
{
  return card >= 26;
}

/* The rank after @rank, King wrapping to Ace. */
static inline guint
pat_rank_next (guint rank)
{
  return rank == PAT_KING ? PAT_ACE : rank + 1;
}

static inline guint
pat_rank_prev (guint rank)
{
  return rank == PAT_ACE ? PAT_KING : rank - 1;
}

/* Whether two ranks are one apart, King and Ace included. */
static inline gboolean
pat_ranks_adjacent (guint a,
                    guint b)
{
  return pat_rank_next (a) == b || pat_rank_next (b) == a;
}

char        pat_rank_char   (guint        rank);
char        pat_suit_char   (guint        suit);
void        pat_card_format (PatCard      card,
                             char         out[3]);
gboolean    pat_card_parse  (const char  *text,
                             gsize        len,
                             PatCard     *card);
const char *pat_rank_name   (guint        rank);
const char *pat_suit_name   (guint        suit);

gboolean    pat_deck_parse  (const char  *text,
                             PatCard      deck[PAT_N_CARDS],
                             GError     **error);

G_END_DECLS
