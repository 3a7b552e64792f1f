/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The engine tests' way of naming a card. */
#pragma once

#include <string.h>

#include "pat-card.h"

/* The card written @text ("TH", "AS"); the test fails on anything else. */
static inline PatCard
card (const char *text)
{
  PatCard c = PAT_NO_CARD;

  g_assert_true (pat_card_parse (text, strlen (text), &c));
  return c;
}
