/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules of every game as text for people, translated. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pat-rules.h"
#include "pat-rules-text.h"

/* The name and the summary are the rules table's (PatRules); only the long text is here. */
typedef struct {
  const char *id;
  const char *rules;
} RulesText;

static const RulesText texts[] = {
  {
    "perpetual-motion",
    /* Translators: the rules of Perpetual Motion. Keep the blank lines between paragraphs. */
    N_("Four piles lie in a row; the rest of the pack is the stock. Only the top card of each pile "
       "counts.\n\n"
       "Each deal puts one card from the stock on each pile, from left to right. If the four cards "
       "just dealt are all of the same rank, they are discarded at once. Otherwise, for every rank "
       "that shows on two or more piles, the cards of that rank move onto the leftmost pile "
       "showing it. Cards uncovered by these moves are not looked at again until the next deal.\n\n"
       "When the stock runs out, the round is over: the piles are picked up, the rightmost first, "
       "and turned over to make the new stock, so the next round deals the rightmost pile’s cards "
       "first, in the order they were placed.\n\n"
       "You win when every card has been discarded. There are no decisions to make: deal, or let "
       "the game play to the end. If a round starts with the stock in exactly the order it had at "
       "the start of an earlier round, the deal has entered a cycle and can never be finished; the "
       "game tells you so."),
  },
  {
    "perpetual-motion-free",
    /* Translators: the rules of Perpetual Motion, Free Columns. */
    N_("Dealing, gathering and the stock are as in Perpetual Motion, but nothing moves by "
       "itself.\n\n"
       "After a deal you may move the top card of any pile onto another pile whose top card has "
       "the same rank, as often as you like; moves may uncover more cards that can move.\n\n"
       "Four cards of the same rank dealt together are discarded at once. Four equal cards you "
       "stack on one pile stay there.\n\n"
       "When the stock is empty, deal again to gather the piles into a new stock. You win when "
       "every card has been discarded. Because you decide the moves, seeing a stock order again is "
       "no proof of a loss: the game tells you, and you may play on."),
  },
  {
    "idiots-delight",
    /* Translators: the rules of Idiot’s Delight (Peter Drake’s variant). */
    N_("Four piles lie in a row; the rest of the pack is the stock. Each deal puts one card on "
       "each pile. Only the top card of each pile counts, and cards never move between piles.\n\n"
       "After any deal you may, as often as you can:\n"
       "• discard two top cards of the same rank, or\n"
       "• when two top cards are of the same suit, discard the lower one (the Ace is low).\n\n"
       "Deal again whenever you want. When the stock is empty there is no redeal: the game is over "
       "when no discard is left. You win when all 52 cards are discarded; the last two must make a "
       "pair."),
  },
  {
    "black-hole",
    /* Translators: the rules of Black Hole (David Parlett’s game). */
    N_("The Ace of Spades starts in the Black Hole. The other 51 cards are dealt into 17 fans of "
       "three, face up; only the top card of each fan can be played.\n\n"
       "The only move is to put a top card into the Black Hole when it is one rank above or below "
       "the card on top of the hole, in any suit. Ranks go round the corner: a King may follow an "
       "Ace and an Ace a King.\n\n"
       "You win when all 52 cards are in the Black Hole. The game is lost when no top card can "
       "move.\n\n"
       "Deal numbers are the same as PySolFC’s, so you can compare a deal with other players and "
       "solvers."),
  },
  {
    "all-in-a-row",
    /* Translators: the rules of All in a Row. */
    N_("All 52 cards are dealt into 13 columns of four, face up; only the bottom card of each "
       "column (the one on top) can be played. The hole starts empty.\n\n"
       "The first card may be any available card. After that, a card goes into the hole when it is "
       "one rank above or below the hole’s top card, in any suit, going round the corner between "
       "King and Ace.\n\n"
       "You win when every card is in the hole; the game is lost when no available card can move. "
       "Deal numbers are PySolFC’s."),
  },
  {
    "penguin",
    /* Translators: the rules of Penguin (David Parlett’s game). */
    N_("The first card dealt is the beak. It goes to the bottom of the first column. The other "
       "three cards of its rank start the foundations as they turn up; the beak becomes the fourth "
       "foundation when it is freed. The rest make seven columns of seven cards, all face up.\n\n"
       "Foundations build up in suit from the beak’s rank, round the corner from King to Ace: with "
       "a Ten beak, T J Q K A 2 … 9.\n\n"
       "The flipper is seven cells of one card each. The top card of each column and every card in "
       "the flipper are available. You may move:\n"
       "• an available card to its foundation;\n"
       "• the top card of a column into an empty cell;\n"
       "• an available card onto the top card of a column of the same suit, one rank higher (a "
       "King may go on an Ace);\n"
       "• a run in suit sequence from the top of a column, as a unit, onto a card that continues "
       "it;\n"
       "• into an empty column, only a card one rank below the beak, alone or heading a run.\n\n"
       "You win when all 52 cards are on the foundations. Almost every deal can be won."),
  },
  {
    "demon",
    /* Translators: the rules of Demon, also called Canfield. */
    N_("Thirteen cards make the reserve, its top card face up. The next card starts the first "
       "foundation: its rank is the base rank for all four. Four cards face up make the tableau; "
       "the other 34 are the stock.\n\n"
       "Foundations build up in suit from the base rank, round the corner from King to Ace. Any "
       "base-rank card may start an empty foundation.\n\n"
       "The tableau builds down in alternating colours, an Ace taking a King. From a tableau pile "
       "you may move its top card or the whole pile as one unit. The top cards of the reserve and "
       "of the waste may go to the tableau or a foundation.\n\n"
       "An empty tableau pile is filled at once from the reserve. When the reserve is empty, an "
       "empty pile may take any available card or a whole tableau pile.\n\n"
       "Turn the stock three cards at a time onto the waste; only the top card of the waste is "
       "available. When the stock is empty, turn the waste over to make the stock again, as often "
       "as you like.\n\n"
       "You win when all 52 cards are on the foundations; the game is over when no move is "
       "possible now or after any number of turns. Score: 50 for each completed foundation, 100 "
       "for a win, one for each card on the foundations, less one for each card left in the "
       "reserve.\n\n"
       "Die of Justice: each turn of the stock moves as many cards as the roll of a die, rolled "
       "once for the game or at the start of every pass through the stock, as you choose. "
       "Restarting a deal rolls the same."),
  },
};

static const RulesText *
find (const char *game_id)
{
  guint i;

  for (i = 0; game_id != NULL && i < G_N_ELEMENTS (texts); i++)
    if (strcmp (texts[i].id, game_id) == 0)
      return &texts[i];
  return NULL;
}

const char *
pat_rules_text_name (const char *game_id)
{
  const PatRules *rules = pat_rules_lookup (game_id);

  return rules != NULL ? _(rules->name) : NULL;
}

const char *
pat_rules_text_short_name (const char *game_id)
{
  const PatRules *rules = pat_rules_lookup (game_id);

  if (rules == NULL)
    return NULL;
  return _(rules->short_name != NULL ? rules->short_name : rules->name);
}

const char *
pat_rules_text_summary (const char *game_id)
{
  const PatRules *rules = pat_rules_lookup (game_id);

  return rules != NULL ? _(rules->summary) : NULL;
}

const char *
pat_rules_text_rules (const char *game_id)
{
  const RulesText *t = find (game_id);

  return t != NULL ? _(t->rules) : NULL;
}
