/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Card text: parsing and formatting of single cards and whole decks. */

#include "config.h"

#include <string.h>

#include "pat-card.h"
#include "pat-error.h"

static const char rank_chars[] = "A23456789TJQK";
static const char suit_chars[] = "CSHD";

char
pat_rank_char (guint rank)
{
  g_return_val_if_fail (rank >= 1 && rank <= 13, '?');
  return rank_chars[rank - 1];
}

char
pat_suit_char (guint suit)
{
  g_return_val_if_fail (suit < 4, '?');
  return suit_chars[suit];
}

/**
 * pat_card_format:
 * @card: a card
 * @out: (out caller-allocates): room for two characters and a NUL
 *
 * Writes the card's text form, rank then suit ("TH").
 */
void
pat_card_format (PatCard card,
                 char    out[3])
{
  if (card >= PAT_N_CARDS)
    {
      out[0] = '?';
      out[1] = '?';
    }
  else
    {
      out[0] = rank_chars[pat_card_rank (card) - 1];
      out[1] = suit_chars[pat_card_suit (card)];
    }
  out[2] = '\0';
}

/**
 * pat_card_parse:
 * @text: the card's text, not necessarily NUL-terminated
 * @len: its length
 * @card: (out): the card
 *
 * Parses "AS", "TH", "10H" or "9c" (rank and suit letters in either case).
 *
 * Returns: whether @text is a card
 */
gboolean
pat_card_parse (const char *text,
                gsize       len,
                PatCard    *card)
{
  const char *r;
  const char *s;
  guint rank;

  if (len == 3 && text[0] == '1' && text[1] == '0')
    {
      rank = 10;
      text += 2;
    }
  else if (len == 2)
    {
      r = strchr (rank_chars, g_ascii_toupper (text[0]));
      if (r == NULL || text[0] == '\0')
        return FALSE;
      rank = r - rank_chars + 1;
      text += 1;
    }
  else
    return FALSE;

  s = strchr (suit_chars, g_ascii_toupper (text[0]));
  if (s == NULL || text[0] == '\0')
    return FALSE;

  *card = pat_card_make (rank, s - suit_chars);
  return TRUE;
}

const char *
pat_rank_name (guint rank)
{
  static const char *names[] = {
    "Ace", "Two", "Three", "Four", "Five", "Six", "Seven",
    "Eight", "Nine", "Ten", "Jack", "Queen", "King",
  };

  g_return_val_if_fail (rank >= 1 && rank <= 13, "?");
  return names[rank - 1];
}

const char *
pat_suit_name (guint suit)
{
  static const char *names[] = { "Clubs", "Spades", "Hearts", "Diamonds" };

  g_return_val_if_fail (suit < 4, "?");
  return names[suit];
}

/**
 * pat_deck_parse:
 * @text: 52 distinct cards separated by white space (commas allowed), top first
 * @deck: (out caller-allocates): the deck, top (first dealt) first
 * @error: return location for a #PAT_ERROR
 *
 * Returns: whether @text is a whole deck
 */
gboolean
pat_deck_parse (const char  *text,
                PatCard      deck[PAT_N_CARDS],
                GError     **error)
{
  gboolean seen[PAT_N_CARDS] = { FALSE, };
  guint n = 0;
  const char *p = text;

  while (*p != '\0')
    {
      const char *word;
      PatCard card;

      while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ',')
        p++;
      if (*p == '\0')
        break;

      word = p;
      while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r' && *p != ',')
        p++;

      if (!pat_card_parse (word, p - word, &card))
        {
          g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_CARD,
                       "bad card '%.*s' in the deck (cards are like AS, TH, 9C)",
                       (int) MIN (p - word, 20), word);
          return FALSE;
        }
      if (seen[card])
        {
          char name[3];

          pat_card_format (card, name);
          g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DECK,
                       "card %s appears twice in the deck", name);
          return FALSE;
        }
      seen[card] = TRUE;
      if (n < PAT_N_CARDS)
        deck[n] = card;
      n++;
    }

  if (n != PAT_N_CARDS)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_DECK,
                   "a deck has 52 cards, this one has %u", n);
      return FALSE;
    }

  return TRUE;
}
