/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Idiot's Delight and Perpetual Motion (Free Columns) solver: depth-first search over every
 * reachable position. */

#include "config.h"

#include <string.h>

#include "pat-solver-private.h"

/* Both games keep their cards on a stock, four piles and a discard pile (see pat-perpetual.c),
 * and are played through their rules module, so that the line found is exactly what the
 * player can replay. Every reachable position is visited once: the set of positions seen is
 * marked on entry, which also stops Free Columns from going round in circles (its stock is
 * gathered and dealt again and again).
 *
 * Idiot's Delight adds, each sound for the reasons given where it is done:
 * - the old tests: a card with no partner left in another pile, a safe discard made at once;
 * - an order test (idiot_hopeless): cards that would have to go before themselves;
 * - lost positions that condemn the positions with more passive cards (idiot_record);
 * - the end game, once the stock is empty, searched on the piles' heights (endgame_search).
 * A few light probes of that search win most deals within milliseconds; a deal they do not
 * decide goes whole to the SAT solver (pat-solve-idiot-sat.c), which decides every deal tried
 * within a second. Free Columns is searched as before. */

enum {
  STOCK = 0,
  PILE1 = 1,
  DISCARD = 5,
  N_PILES = 6,
};

#define MAX_CHILDREN 16
#define MAX_DEALS    13
#define DEEP_STOCK   16  /* cards left in the stock for the order test after a deal */

/* The probes made before the SAT solver is asked (see search()). */
#define LIGHT_PROBES 8

static guint light_probes = LIGHT_PROBES;

guint
pat_solve_discard_set_light_probes (guint probes)
{
  guint before = light_probes;

  light_probes = probes;
  return before;
}

typedef struct {
  PatState state;
  PatMove  moves[MAX_CHILDREN];
  guint8   n;
  guint8   next;
  guint64  pre[PAT_N_CARDS];  /* Idiot's Delight: cards that must go before each card */
} Frame;

typedef struct {
  const PatRules *rules;
  gboolean        free_columns;
  guint64         pile_cards[N_PILES];  /* Idiot's Delight: the cards each pile gets, dealt or
                                           not */
  guint8          pile_of[PAT_N_CARDS];
  guint64         higher[PAT_N_CARDS];  /* cards of the same suit and a higher rank */
  guint64         lower[PAT_N_CARDS];
  guint64         same_rank[PAT_N_CARDS];
  guint64         same_rank_of[13];     /* the four cards of each rank */
  guint8          time_of[PAT_N_CARDS]; /* the deal (counted from the root) that brings a card;
                                           0: in play */
  guint64         above[PAT_N_CARDS];   /* the cards that come to lie on a card in its pile */
  guint64         upto[N_PILES][MAX_DEALS + 1]; /* a pile's cards brought by deal t at the latest */
  guint64         at_time[MAX_DEALS + 1]; /* the cards each deal brings (0: the cards in play) */
  const PatSolveLimits *limits;
  gint64          deadline;
  PatSolveResult  stop;                 /* PAT_SOLVE_SOLVED, or why an order test stopped */
  guint32         stamp;                /* idiot_hopeless's round, for on_cache */
  guint32         on_stamp[PAT_N_CARDS][MAX_DEALS + 1];
  guint64         on_cache[PAT_N_CARDS][MAX_DEALS + 1];
  guint           root_stock;
  PatSolveSet     seen;                 /* the positions seen (Free Columns) or lost */
  Frame          *stack;
  gsize           stack_size;
  gsize           max_bytes;
  guint64         nodes;
  guint64         tests;                /* the order tests made */
  guint64         next_check;
  guint32         random;
  guint           noise;
  guint8         *endgame_lost;         /* the end game's lost positions, a bit each */
  PatMove         endgame_line[PAT_N_CARDS];
  guint           endgame_length;       /* the moves of endgame_line after a win, else 0 */
} Search;

/* The work done: positions and order tests, what the node limit and the reports count. */
static inline guint64
work (const Search *s)
{
  return s->nodes + s->tests;
}

/* Checks the search's limits every so often; FALSE (and s->stop says why) when it must stop. */
static gboolean
keep_going (Search *s)
{
  if (work (s) < s->next_check)
    return TRUE;
  s->stop = pat_solve_should_stop (s->limits, work (s), s->deadline);
  if (s->stop != PAT_SOLVE_SOLVED)
    return FALSE;
  s->next_check = pat_solve_next_check (s->limits, work (s));
  return TRUE;
}

#define FREE_WORDS  6
#define IDIOT_WORDS 2

/* Free Columns: the stock and the four piles in order, six bits a card, and their lengths;
 * the round and the order of the discards do not matter. */
static void
put_bits (guint64 *out,
          guint   *at,
          guint64  value,
          guint    n_bits)
{
  guint word = *at / 64, bit = *at % 64;

  out[word] |= value << bit;
  if (bit + n_bits > 64)
    out[word + 1] |= value >> (64 - bit);
  *at += n_bits;
}

/* Bit 0 is always set, so that no record reads as a free slot: 1 + 5 × 6 + 52 × 6 bits. */
static void
free_record (const PatState *state,
             guint64        *out)
{
  guint at = 1;
  guint pile, k;

  memset (out, 0, FREE_WORDS * sizeof (guint64));
  out[0] = 1;
  for (pile = STOCK; pile < DISCARD; pile++)
    {
      const PatCard *cards = pat_state_pile_cards (state, pile);
      guint len = pat_state_pile_len (state, pile);

      put_bits (out, &at, len, 6);
      for (k = 0; k < len; k++)
        put_bits (out, &at, cards[k], 6);
    }
}

static guint64
mix (guint64 h,
     guint64 word)
{
  h = (h ^ word) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  return h ^ (h >> 31);
}

static guint64
free_hash (const guint64 *record)
{
  guint64 h = G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  guint i;

  for (i = 0; i < FREE_WORDS; i++)
    h = mix (h, record[i]);
  return h;
}

/* Idiot's Delight's records (see idiot_record) hash on their key, the first word. */
static guint64
idiot_hash (const guint64 *record)
{
  return mix (G_GUINT64_CONSTANT (0x9e3779b97f4a7c15), record[0]);
}

/* Idiot's Delight keeps the positions lost as records of two words: the cards left that may
 * still partner another, with the stock's length (the key), and the others (the passive cards,
 * kept as the record's value, so one key may have several records). Whether one of them with
 * the key of @record has passive cards that @record has too. */
static gboolean
idiot_dominated (const PatSolveSet *set,
                 const guint64     *record)
{
  guint64 j;

  for (j = pat_solve_set_home (set, idiot_hash (record));; j = pat_solve_set_next (set, j))
    {
      const guint64 *slot = pat_solve_set_at (set, j);

      if (slot[0] == 0)
        return FALSE;
      if (slot[0] == record[0] && (slot[1] & ~record[1]) == 0)
        return TRUE;
    }
}

/* Idiot's Delight reasoning. Every card ends up in a known pile (a card of the stock goes to
 * the pile its place in the stock says), and a card leaves either with another of its rank
 * or under a higher card of its suit, the two showing on top of different piles at once. So:
 * a card left with no such partner in another pile can never go (the position is lost); and
 * a card on top that can go now, and that no card left in another pile could ever need as a
 * partner, may as well go now: keeping it only covers the card under it, and any win from
 * here stays a win without it. The same holds for a pair of cards that need only each other. */
static void
idiot_prepare (Search         *s,
               const PatState *state)
{
  guint pile, k, c, d;

  for (pile = PILE1; pile < DISCARD; pile++)
    for (k = 0; k < pat_state_pile_len (state, pile); k++)
      s->pile_of[pat_state_pile_cards (state, pile)[k]] = (guint8) pile;
  for (k = 0; k < pat_state_pile_len (state, STOCK); k++)
    s->pile_of[pat_state_pile_cards (state, STOCK)[k]] =
      (guint8) (PILE1 + pat_idiot_stock_pile (pat_state_pile_len (state, STOCK), k));
  for (k = 0; k < pat_state_pile_len (state, DISCARD); k++)
    s->pile_of[pat_state_pile_cards (state, DISCARD)[k]] = DISCARD;

  /* The order in which cards come to lie in each pile: the cards in play from the bottom
   * up, then the stock's, deal after deal. */
  s->root_stock = pat_state_pile_len (state, STOCK);
  for (pile = PILE1; pile < DISCARD; pile++)
    {
      guint64 below = 0;

      for (k = 0; k < pat_state_pile_len (state, pile); k++)
        {
          c = pat_state_pile_cards (state, pile)[k];
          s->time_of[c] = 0;
          for (d = 0; d < PAT_N_CARDS; d++)
            if (below & ((guint64) 1 << d))
              s->above[d] |= (guint64) 1 << c;
          below |= (guint64) 1 << c;
        }
      for (k = 0; k < s->root_stock; k++)
        {
          if (PILE1 + pat_idiot_stock_pile (s->root_stock, k) != pile)
            continue;
          c = pat_state_pile_cards (state, STOCK)[k];
          s->time_of[c] = (guint8) pat_idiot_stock_deal (s->root_stock, k);
        }
    }
  for (k = 0; k < s->root_stock; k++)
    {
      c = pat_state_pile_cards (state, STOCK)[k];
      for (d = 0; d < PAT_N_CARDS; d++)
        if (s->pile_of[d] == s->pile_of[c] && (s->time_of[d] < s->time_of[c] ||
                                                (s->time_of[d] == 0 && s->time_of[c] > 0)))
          s->above[d] |= (guint64) 1 << c;
    }
  for (c = 0; c < PAT_N_CARDS; c++)
    {
      if (s->pile_of[c] != DISCARD)
        s->at_time[s->time_of[c]] |= (guint64) 1 << c;
    }
  for (c = 0; c < PAT_N_CARDS; c++)
    if (s->pile_of[c] != DISCARD)
      for (k = s->time_of[c]; k <= MAX_DEALS; k++)
        s->upto[s->pile_of[c]][k] |= (guint64) 1 << c;

  for (c = 0; c < PAT_N_CARDS; c++)
    {
      s->pile_cards[s->pile_of[c]] |= (guint64) 1 << c;
      s->same_rank_of[pat_card_rank (c) - 1] |= (guint64) 1 << c;
      for (d = 0; d < PAT_N_CARDS; d++)
        {
          if (d == c)
            continue;
          if (pat_card_rank (d) == pat_card_rank (c))
            s->same_rank[c] |= (guint64) 1 << d;
          else if (pat_card_suit (d) == pat_card_suit (c) && pat_card_rank (d) > pat_card_rank (c))
            s->higher[c] |= (guint64) 1 << d;
          else if (pat_card_suit (d) == pat_card_suit (c))
            s->lower[c] |= (guint64) 1 << d;
        }
    }
}

/* Whether the cards of @needy (of one rank, each with no higher card of its suit left in
 * another pile) can all be paired, two by two from different piles, among the cards of
 * @rank_left not in @used. */
static gboolean
pairs_possible (const Search *s,
                guint64       needy,
                guint64       rank_left,
                guint64       used)
{
  guint c, d;
  guint64 partners;

  needy &= ~used;
  if (needy == 0)
    return TRUE;
  c = (guint) __builtin_ctzll (needy);
  partners = rank_left & ~used & ~s->pile_cards[s->pile_of[c]];
  for (; partners != 0; partners &= partners - 1)
    {
      d = (guint) __builtin_ctzll (partners);
      if (pairs_possible (s, needy, rank_left, used | ((guint64) 1 << c) | ((guint64) 1 << d)))
        return TRUE;
    }
  return FALSE;
}

static inline guint64
bit (guint c)
{
  return (guint64) 1 << c;
}

/* The union of @pre over the cards of @set. */
static inline guint64
pre_of (const guint64 *pre,
        guint64        set)
{
  guint64 all = 0;

  for (; set != 0; set &= set - 1)
    all |= pre[__builtin_ctzll (set)];
  return all;
}

/* Whether the cards of @needy can all be paired, two by two, each pair allowed by @partner. */
static gboolean
pairs_allowed (const guint64 *partner,
               guint64        needy,
               guint64        free)
{
  guint c;
  guint64 options;

  needy &= free;
  if (needy == 0)
    return TRUE;
  c = (guint) __builtin_ctzll (needy);
  options = partner[c] & free & ~bit (c);
  for (; options != 0; options &= options - 1)
    {
      guint d = (guint) __builtin_ctzll (options);

      if (pairs_allowed (partner, needy, free & ~bit (c) & ~bit (d)))
        return TRUE;
    }
  return FALSE;
}

/* The last deal that brings a card of @set. */
static inline guint
latest_time (const Search *s,
             guint64       set)
{
  guint t;

  for (t = MAX_DEALS; t > 0; t--)
    if ((s->at_time[t] & set) != 0)
      return t;
  return 0;
}

/* The cards of @left lying on card x in its pile once deal t is made, with the cards that
 * must go before those: worked out once per round of idiot_hopeless (the stamp). */
static inline guint64
lying_on (Search        *s,
          guint          x,
          guint          t,
          guint64        left,
          const guint64 *pre)
{
  guint64 on;

  if (s->on_stamp[x][t] == s->stamp)
    return s->on_cache[x][t];
  on = s->above[x] & s->upto[s->pile_of[x]][t] & left;
  on |= pre_of (pre, on);
  s->on_stamp[x][t] = s->stamp;
  s->on_cache[x][t] = on;
  return on;
}

/* The partners card c (left, @dealt deals after the root) may go with, for idiot_hopeless():
 * returns what every one of them needs gone first (all cards when there is none), sets
 * *pair_ok to the cards of c's rank it may pair with and *single to whether a higher card of its
 * suit may take it. */
static guint64
partner_needs (Search        *s,
               guint          c,
               guint64        left,
               guint          dealt,
               const guint64 *pre,
               guint64       *pair_ok,
               guint64       *single)
{
  guint p = s->pile_of[c];
  guint64 partners = left & ~s->pile_cards[p] & (s->higher[c] | s->same_rank[c]);
  guint64 common = ~(guint64) 0;
  guint earliest = MAX (dealt, latest_time (s, pre[c] | bit (c)));

  *pair_ok = 0;
  *single = 0;
  for (; partners != 0; partners &= partners - 1)
    {
      guint k = (guint) __builtin_ctzll (partners);
      gboolean pair = (s->same_rank[c] & bit (k)) != 0;
      guint t = MAX (MAX (s->time_of[c], s->time_of[k]), earliest);
      guint64 need;

      if ((pre[c] & bit (k)) != 0 || (pair && (pre[k] & bit (c)) != 0))
        continue;
      if (pair)
        {
          t = MAX (t, latest_time (s, pre[k]));
          need = pre[k];
        }
      else
        {
          need = 0;
        }
      need |= lying_on (s, c, t, left, pre) | lying_on (s, k, t, left, pre);
      if ((need & (bit (c) | bit (k))) != 0)
        continue;
      common &= need;
      if (pair)
        *pair_ok |= bit (k);
      else
        *single |= bit (k);
    }
  return common;
}

/* Whether the @needy cards (those that can only go in pairs) can be paired off, rank by rank,
 * a pair needing each card to accept the other (@pair_ok, made symmetric here). */
static gboolean
needy_paired_off (const Search *s,
                  guint64       left,
                  guint64       needy,
                  guint64      *pair_ok)
{
  guint64 cards;
  guint i;

  for (cards = left; cards != 0; cards &= cards - 1)
    {
      guint c = (guint) __builtin_ctzll (cards);
      guint64 ok = 0, options;

      for (options = pair_ok[c]; options != 0; options &= options - 1)
        {
          guint k = (guint) __builtin_ctzll (options);

          if ((pair_ok[k] & bit (c)) != 0)
            ok |= bit (k);
        }
      pair_ok[c] = ok;
    }
  for (i = 0; i < 13; i++)
    {
      guint64 rank_left = left & s->same_rank_of[i];

      if ((needy & rank_left) != 0 && !pairs_allowed (pair_ok, needy & rank_left, rank_left))
        return FALSE;
    }
  return TRUE;
}

#define ORDER_ROUNDS 6

/* Whether the cards @left, @dealt deals after the root, can never all go, judged by the
 * order in which they must go.
 *
 * pre[c] is a set of cards that go before c in every win from here, grown until it stops:
 * - the cards lying on c in its pile now go before it (it must be on top to go);
 * - c goes with a partner k on top of another pile: a higher card of its suit, which stays,
 *   or a card of its rank, which goes with it. At that moment at least max (t(c), t(k), dealt)
 *   deals have been made (t: the deal that brings a card, 0 for the cards in play), and as
 *   many as the latest t of the cards that must go before c (or before k, for a pair), so every
 *   card of c's and k's piles brought by then and lying on them has gone before, and so have
 *   the cards that must go before those. k cannot be a partner when it must go before c, nor
 *   when c or k would have to go before that moment; a card of c's rank cannot when c must go
 *   before it, and then whatever must go before k goes before c too. Whatever c's partner, the
 *   cards that all its possible partners need gone go before c;
 * - a card that only one higher card of its suit can take goes before that card, which must
 *   still be there to take it.
 * A card with no possible partner, or that would have to go before itself, can never go, and
 * neither can a rank's cards that can only go in pairs when they cannot be paired off. Every
 * step only adds cards that truly must go before, so stopping early is sound too. */
static gboolean
idiot_hopeless (Search        *s,
                guint64        left,
                guint          dealt,
                const guint64 *inherited,
                guint64       *pre)
{
  guint64 pair_ok[PAT_N_CARDS];
  guint64 needy = 0, cards;
  guint round;
  gboolean changed = TRUE;

  for (cards = left; cards != 0; cards &= cards - 1)
    {
      guint c = (guint) __builtin_ctzll (cards);
      guint p = s->pile_of[c];

      pre[c] = s->above[c] & s->upto[p][MAX (s->time_of[c], dealt)] & left;
      if (inherited != NULL)
        pre[c] |= inherited[c] & left;
    }

  for (round = 0; changed && round < ORDER_ROUNDS; round++)
    {
      changed = FALSE;
      needy = 0;
      if (++s->stamp == 0)
        {
          memset (s->on_stamp, 0, sizeof s->on_stamp);
          s->stamp = 1;
        }
      for (cards = left; cards != 0; cards &= cards - 1)
        {
          guint c = (guint) __builtin_ctzll (cards);
          guint64 single;
          guint64 common = partner_needs (s, c, left, dealt, pre, &pair_ok[c], &single);
          guint64 grown;

          if (!single && pair_ok[c] == 0)
            return TRUE;
          if (!single)
            needy |= bit (c);
          grown = pre[c] | common;
          grown |= pre_of (pre, common & ~pre[c]);
          if ((grown & bit (c)) != 0)
            return TRUE;
          if (grown != pre[c])
            {
              pre[c] = grown;
              changed = TRUE;
            }
          /* A card that only one higher card can take goes before it. */
          if (pair_ok[c] == 0 && (single & (single - 1)) == 0)
            {
              guint k = (guint) __builtin_ctzll (single);
              guint64 after = pre[k] | bit (c) | grown;

              if ((after & bit (k)) != 0)
                return TRUE;
              if (after != pre[k])
                {
                  pre[k] = after;
                  changed = TRUE;
                }
            }
        }
    }

  return !needy_paired_off (s, left, needy, pair_ok);
}

/* Sets *safe to a discard that can be made at once without losing a win (see idiot_prepare):
 * a top card that no card left in another pile needs and that a higher card of its suit on
 * top can take, or two top cards of a rank that need only each other. */
static void
safe_move (const Search   *s,
           const PatState *state,
           guint64         left,
           PatMove        *safe)
{
  PatCard tops[4];
  guint i, j;

  for (i = 0; i < 4; i++)
    tops[i] = pat_state_pile_top (state, PILE1 + i);
  for (i = 0; i < 4; i++)
    {
      guint c = tops[i];
      guint64 elsewhere, needed_by, top_mask = 0;

      if (c == PAT_NO_CARD)
        continue;
      elsewhere = left & ~s->pile_cards[PILE1 + i];
      needed_by = elsewhere & (s->lower[c] | s->same_rank[c]);
      for (j = 0; j < 4; j++)
        if (j != i && tops[j] != PAT_NO_CARD)
          top_mask |= (guint64) 1 << tops[j];

      if (needed_by == 0 && (top_mask & s->higher[c]) != 0)
        {
          *safe = pat_move_cards (PILE1 + i, DISCARD, 1);
          return;
        }
      if (needed_by != 0 && (needed_by & (needed_by - 1)) == 0 && (needed_by & top_mask) != 0 &&
          (needed_by & s->same_rank[c]) != 0)
        {
          guint partner = (guint) __builtin_ctzll (needed_by);
          guint64 partner_elsewhere = left & ~s->pile_cards[s->pile_of[partner]];

          if ((partner_elsewhere & (s->lower[partner] | s->same_rank[partner])) ==
              (guint64) 1 << c)
            {
              for (j = 0; j < 4; j++)
                if (tops[j] == partner)
                  break;
              safe->kind = PAT_MOVE_PAIR;
              safe->from = (guint8) (PILE1 + MIN (i, j));
              safe->from2 = (guint8) (PILE1 + MAX (i, j));
              safe->to = DISCARD;
              safe->count = 2;
              return;
            }
        }
    }
}

/* FALSE when some card can never go; otherwise *safe is a move to make now, or kind 0xff. */
static gboolean
idiot_analyse (Search         *s,
               const PatState *state,
               const guint64  *inherited,
               gboolean        deep,
               guint64        *pre,
               PatMove        *safe)
{
  guint64 left = ((guint64) 1 << PAT_N_CARDS) - 1;
  guint64 needy = 0;
  const PatCard *gone = pat_state_pile_cards (state, DISCARD);
  guint i, pile;

  for (i = 0; i < pat_state_pile_len (state, DISCARD); i++)
    left &= ~((guint64) 1 << gone[i]);

  /* Thirteen bits a suit: a card has a higher card of its suit left in another pile when its
   * rank is below the highest of its suit left there, and a card of its rank when that rank
   * shows there in any suit. */
  safe->kind = 0xff;
  for (pile = PILE1; pile < DISCARD; pile++)
    {
      guint64 mine = left & s->pile_cards[pile];
      guint64 others = left & ~s->pile_cards[pile];
      guint64 ranks = 0, under = 0;
      guint suit;

      for (suit = 0; suit < 4; suit++)
        {
          guint64 of_suit = (others >> (13 * suit)) & 0x1fff;

          ranks |= of_suit;
          if (of_suit != 0)
            under |= (((guint64) 1 << (63 - __builtin_clzll (of_suit))) - 1) << (13 * suit);
        }
      ranks |= ranks << 13 | ranks << 26 | ranks << 39;
      if ((mine & ~(under | ranks)) != 0)
        return FALSE;
      needy |= mine & ~under;
    }
  /* Cards that can only go in pairs need partners of their own, in other piles. */
  for (i = 0; i < 13; i++)
    {
      guint64 rank_left = left & s->same_rank_of[i];

      if ((needy & rank_left) != 0 && !pairs_possible (s, needy & rank_left, rank_left, 0))
        return FALSE;
    }
  if (inherited == NULL || deep)
    {
      s->tests++;
      if (!keep_going (s))
        return FALSE;
      if (idiot_hopeless (s, left, (s->root_stock - pat_state_pile_len (state, STOCK) + 3) / 4,
                          inherited, pre))
        return FALSE;
    }
  else
    {
      memcpy (pre, inherited, sizeof (guint64) * PAT_N_CARDS);
    }

  safe_move (s, state, left, safe);
  return TRUE;
}

/* The moves of a position, in the order tried: Idiot's Delight discards pairs first, then
 * single cards, and deals last; Free Columns gathers equal cards before dealing on. Later
 * probes of Idiot's Delight shuffle this order a little. */
static void
fill_frame (Search      *s,
            Frame       *frame,
            const Frame *parent)
{
  PatMoveList all;
  guint score[MAX_CHILDREN];
  guint i, j;

  frame->n = 0;
  frame->next = 0;
  if (!s->free_columns)
    {
      PatMove safe;
      gboolean deep = TRUE;
      const guint64 *inherited = parent != NULL ? parent->pre : NULL;

      /* The order test costs more than most positions' whole search below it, so it is made
       * only where the search ahead is long: at the root and after the early deals. */
      if (parent != NULL)
        deep = parent->moves[parent->next - 1].kind == PAT_MOVE_STOCK &&
               pat_state_pile_len (&frame->state, STOCK) >= DEEP_STOCK;
      if (!idiot_analyse (s, &frame->state, inherited, deep, frame->pre, &safe))
        return;
      if (safe.kind != 0xff)
        {
          frame->moves[frame->n++] = safe;
          return;
        }
    }
  s->rules->legal_moves (&frame->state, &all);
  for (i = 0; i < all.n && frame->n < MAX_CHILDREN; i++)
    {
      guint kind = all.moves[i].kind;
      guint sc = (kind == PAT_MOVE_PAIR ? 0 : kind == PAT_MOVE_CARDS ? 1 : 2) * 16;

      if (s->noise > 0)
        {
          s->random ^= s->random << 13;
          s->random ^= s->random >> 17;
          s->random ^= s->random << 5;
          sc += s->random % s->noise;
        }
      for (j = frame->n; j > 0 && score[j - 1] > sc; j--)
        {
          score[j] = score[j - 1];
          frame->moves[j] = frame->moves[j - 1];
        }
      score[j] = sc;
      frame->moves[j] = all.moves[i];
      frame->n++;
    }
}

/* Idiot's Delight: which cards of the stock go to which pile is known from how many are left
 * in it, and cards only come off, so the cards left and the stock's length say it all.
 *
 * A card left that no other card left in another pile could ever go with (no card of its
 * rank, no lower card of its suit) is passive: it only has to go. If a position P is lost,
 * so is every position Q with the same stock that holds P's cards and more, when the cards
 * Q has more are passive in Q. Indeed, replay a win of Q from P, leaving out the moves of
 * cards P does not have: cards are on top in P whenever they are in Q, as P's piles are
 * Q's less a few cards, and every card that another goes with in Q's win has a partner
 * left in another pile, so it is not passive and P has it too. So the lost positions are
 * kept by their cards that are not passive, and a position is lost when one of them with
 * the same key has passive cards that the position has too. */
static void
idiot_record (const Search   *s,
              const PatState *state,
              guint64        *out)
{
  guint64 left = ((guint64) 1 << PAT_N_CARDS) - 1;
  guint64 active = 0;
  const PatCard *gone = pat_state_pile_cards (state, DISCARD);
  guint i, pile;

  for (i = 0; i < pat_state_pile_len (state, DISCARD); i++)
    left &= ~((guint64) 1 << gone[i]);
  /* Thirteen bits a suit: a card is active when another pile has a card of its rank left,
   * or one of its suit lower than itself, that is, when its rank is above the lowest of its
   * suit left there. */
  for (pile = PILE1; pile < DISCARD; pile++)
    {
      guint64 others = left & ~s->pile_cards[pile];
      guint64 ranks = 0, partnered = 0;
      guint suit;

      for (suit = 0; suit < 4; suit++)
        {
          guint64 of_suit = (others >> (13 * suit)) & 0x1fff;

          ranks |= of_suit;
          if (of_suit != 0)
            partnered |= (~(((of_suit & -of_suit) << 1) - 1) & 0x1fff) << (13 * suit);
        }
      partnered |= ranks | ranks << 13 | ranks << 26 | ranks << 39;
      active |= left & s->pile_cards[pile] & partnered;
    }
  out[0] = active | (guint64) pat_state_pile_len (state, STOCK) << 52 | PAT_SOLVE_SET_USED;
  out[1] = left & ~active;
}

static int
remember (Search         *s,
          const PatState *state)
{
  guint64 key[FREE_WORDS];
  gsize stack_bytes = s->stack_size * sizeof (Frame);
  gboolean found = FALSE;

  s->seen.max_bytes = s->max_bytes > stack_bytes ? s->max_bytes - stack_bytes : 0;
  if (s->free_columns)
    {
      free_record (state, key);
      if (pat_solve_set_insert (&s->seen, free_hash (key), key, &found) == NULL)
        return -1;
    }
  else
    {
      idiot_record (s, state, key);
      if (pat_solve_set_add (&s->seen, idiot_hash (key), key) == NULL)
        return -1;
    }
  return found ? 0 : 1;
}

static gboolean
known (const Search   *s,
       const PatState *state)
{
  guint64 key[IDIOT_WORDS];

  g_assert (!s->free_columns);
  idiot_record (s, state, key);
  return idiot_dominated (&s->seen, key);
}

/* Idiot's Delight's end game: once the stock is empty, cards only come off the four piles, so
 * a position is the four piles' heights and there are at most 14⁴ of them (52 cards in four
 * piles). They are searched here, depth first, with one bit per height combination for the
 * positions found lost, far faster than through the rules: the result is exact all the same,
 * as every move of the rules (a pair of equal ranks on two piles, or a card under a higher
 * card of its suit on another pile) is tried from every position not already known lost. */
#define ENDGAME_POSITIONS (14 * 14 * 14 * 14)

typedef struct {
  PatCard  cards[4][PAT_N_CARDS];
  guint    stride[4];
  guint64  nodes;
  guint64  budget;
  guint8  *lost;
  PatMove *line;
  guint    length;
} Endgame;

/* 1: won, with the moves in e->line from @depth on; 0: lost; −1: out of nodes. */
static int
endgame_search (Endgame *e,
                guint    h[4],
                guint    depth)
{
  PatCard top[4];
  guint index = 0, i, j;
  int r;

  for (i = 0; i < 4; i++)
    index += h[i] * e->stride[i];
  if (index == 0)
    {
      e->length = depth;
      return 1;
    }
  if ((e->lost[index >> 3] & (1u << (index & 7))) != 0)
    return 0;
  if (++e->nodes > e->budget)
    return -1;

  for (i = 0; i < 4; i++)
    top[i] = h[i] > 0 ? e->cards[i][h[i] - 1] : PAT_NO_CARD;
  for (i = 0; i < 4; i++)
    {
      if (top[i] == PAT_NO_CARD)
        continue;
      for (j = i + 1; j < 4; j++)
        if (top[j] != PAT_NO_CARD && pat_card_rank (top[i]) == pat_card_rank (top[j]))
          {
            h[i]--;
            h[j]--;
            r = endgame_search (e, h, depth + 1);
            h[i]++;
            h[j]++;
            if (r != 0)
              {
                PatMove *m = &e->line[depth];

                m->kind = PAT_MOVE_PAIR;
                m->from = (guint8) (PILE1 + i);
                m->from2 = (guint8) (PILE1 + j);
                m->to = DISCARD;
                m->count = 2;
                return r;
              }
          }
    }
  for (i = 0; i < 4; i++)
    {
      if (top[i] == PAT_NO_CARD)
        continue;
      for (j = 0; j < 4; j++)
        if (j != i && top[j] != PAT_NO_CARD &&
            pat_card_suit (top[j]) == pat_card_suit (top[i]) &&
            pat_card_rank (top[j]) > pat_card_rank (top[i]))
          break;
      if (j == 4)
        continue;
      h[i]--;
      r = endgame_search (e, h, depth + 1);
      h[i]++;
      if (r != 0)
        {
          e->line[depth] = pat_move_cards (PILE1 + i, DISCARD, 1);
          return r;
        }
    }
  e->lost[index >> 3] |= (guint8) (1u << (index & 7));
  return 0;
}

/* Solves @state, whose stock is empty: 1 won (the line in s->endgame_line, *n_moves long),
 * 0 lost, −1 when @budget nodes were not enough. */
static int
endgame_solve (Search         *s,
               const PatState *state,
               guint64         budget,
               guint          *n_moves)
{
  Endgame e;
  guint h[4], i, n = 1;
  int r;

  for (i = 0; i < 4; i++)
    {
      h[i] = pat_state_pile_len (state, PILE1 + i);
      memcpy (e.cards[i], pat_state_pile_cards (state, PILE1 + i), h[i] * sizeof (PatCard));
      e.stride[i] = n;
      n *= h[i] + 1;
    }
  g_assert (n <= ENDGAME_POSITIONS);
  memset (s->endgame_lost, 0, n / 8 + 1);
  e.nodes = 0;
  e.budget = budget;
  e.lost = s->endgame_lost;
  e.line = s->endgame_line;
  r = endgame_search (&e, h, 0);
  s->nodes += MIN (e.nodes, budget);
  if (r == 1)
    *n_moves = e.length;
  return r;
}

/* The nodes an end game may take: all that the node limit leaves, so that it stays exact. */
static guint64
endgame_budget (const Search         *s,
                const PatSolveLimits *limits)
{
  if (limits == NULL || limits->max_nodes == 0)
    return G_MAXUINT64;
  return limits->max_nodes > work (s) ? limits->max_nodes - work (s) : 0;
}

/* Doubles the stack of frames, unless that would go over the memory budget. */
static gboolean
grow_stack (Search *s)
{
  gsize bigger = s->stack_size * 2;

  if (pat_solve_set_bytes (&s->seen) + bigger * sizeof (Frame) > s->max_bytes)
    return FALSE;
  s->stack = g_renew (Frame, s->stack, bigger);
  s->stack_size = bigger;
  return TRUE;
}

/* A position whose stock is empty: 1 won (the line in s->endgame_line), 0 lost and
 * remembered, −1 out of nodes or memory. */
static int
end_game (Search               *s,
          const PatState       *state,
          const PatSolveLimits *limits)
{
  int won = endgame_solve (s, state, endgame_budget (s, limits), &s->endgame_length);

  if (won == 0 && remember (s, state) < 0)
    return -1;
  return won;
}

typedef enum {
  PROBE_SOLVED,
  PROBE_EXHAUSTED,
  PROBE_BUDGET,
  PROBE_STOPPED,
} ProbeResult;

/* One depth-first search from the root, giving up after @budget nodes (0: never).
 *
 * Free Columns can come back to a position, so positions are remembered when first entered
 * and never entered twice; there is a single search. Idiot's Delight always moves on (a card
 * goes or is dealt), so a position is remembered only once everything after it was searched
 * in vain, which lets a probe that gives up leave only true facts behind: the search then
 * restarts with budgets growing like the Luby sequence and the moves shuffled a little, which
 * finds the wins hidden behind a bad early choice much sooner. */
static ProbeResult
probe (Search               *s,
       guint64               budget,
       const PatSolveLimits *limits,
       PatSolveResult       *result,
       gsize                *length)
{
  guint64 start = s->nodes;
  gsize depth = 0;

  fill_frame (s, &s->stack[0], NULL);
  for (;;)
    {
      Frame *frame = &s->stack[depth];
      Frame *child;

      if (s->stop != PAT_SOLVE_SOLVED)
        {
          *result = s->stop;
          return PROBE_STOPPED;
        }
      if (frame->next == frame->n)
        {
          if (depth == 0)
            return PROBE_EXHAUSTED;
          if (!s->free_columns && remember (s, &frame->state) < 0)
            {
              *result = PAT_SOLVE_LIMIT;
              return PROBE_STOPPED;
            }
          depth--;
          continue;
        }

      if (depth + 1 == s->stack_size)
        {
          if (!grow_stack (s))
            {
              *result = PAT_SOLVE_LIMIT;
              return PROBE_STOPPED;
            }
          frame = &s->stack[depth];
        }

      child = &s->stack[depth + 1];
      child->state = frame->state;
      s->rules->apply (&child->state, &frame->moves[frame->next++], NULL);
      s->nodes++;
      if (!keep_going (s))
        {
          *result = s->stop;
          return PROBE_STOPPED;
        }

      if (s->rules->status (&child->state) == PAT_STATUS_WON)
        {
          *length = depth + 1;
          return PROBE_SOLVED;
        }

      if (s->free_columns)
        {
          int added = remember (s, &child->state);

          if (added < 0)
            {
              *result = PAT_SOLVE_LIMIT;
              return PROBE_STOPPED;
            }
          if (added == 0)
            continue;
        }
      else if (known (s, &child->state))
        {
          continue;
        }
      else if (budget != 0 && s->nodes - start >= budget)
        {
          return PROBE_BUDGET;
        }
      else if (pat_state_pile_len (&child->state, STOCK) == 0)
        {
          int won = end_game (s, &child->state, limits);

          if (won > 0)
            {
              *length = depth + 1;
              return PROBE_SOLVED;
            }
          if (won < 0)
            {
              *result = PAT_SOLVE_LIMIT;
              return PROBE_STOPPED;
            }
          continue;
        }
      fill_frame (s, child, frame);
      depth++;
    }
}

#define PROBE_UNIT  1024
#define PROBE_NOISE 24

/* After the light probes: the whole question to the SAT solver (pat-solve-idiot-sat.c). */
static PatSolveResult
sat_search (Search               *s,
            const PatState       *root,
            const PatSolveLimits *limits,
            PatSolution          *solution)
{
  GArray *line = g_array_new (FALSE, FALSE, sizeof (PatMove));
  guint64 done = work (s);
  PatSolveResult result = pat_solve_idiot_sat (s->rules, root, limits, &done, line);

  pat_solution_set (solution, result, done, (PatMove *) line->data,
                    result == PAT_SOLVE_SOLVED ? line->len : 0);
  g_array_unref (line);
  return result;
}

static PatSolveResult
search (Search               *s,
        const PatState       *root,
        const PatSolveLimits *limits,
        PatSolution          *solution)
{
  PatSolveResult result = PAT_SOLVE_UNSOLVABLE;
  guint64 round;
  gsize length = 0;

  s->nodes = 1;
  s->next_check = pat_solve_next_check (limits, 0);
  s->limits = limits;
  s->deadline = pat_solve_deadline (limits);
  s->stop = PAT_SOLVE_SOLVED;
  s->random = 0x9e3779b9u;
  s->stack[0].state = *root;
  if (s->rules->status (root) == PAT_STATUS_WON)
    return pat_solution_set (solution, PAT_SOLVE_SOLVED, work (s), NULL, 0);
  if (s->free_columns && remember (s, root) < 0)
    return pat_solution_set (solution, PAT_SOLVE_LIMIT, work (s), NULL, 0);
  s->endgame_length = 0;
  if (!s->free_columns && pat_state_pile_len (root, STOCK) == 0)
    {
      guint n_moves = 0;

      switch (endgame_solve (s, root, endgame_budget (s, limits), &n_moves))
        {
        case 1:
          return pat_solution_set (solution, PAT_SOLVE_SOLVED, work (s), s->endgame_line, n_moves);
        case 0:
          return pat_solution_set (solution, PAT_SOLVE_UNSOLVABLE, work (s), NULL, 0);
        default:
          return pat_solution_set (solution, PAT_SOLVE_LIMIT, work (s), NULL, 0);
        }
    }

  for (round = 0;; round++)
    {
      guint64 budget = s->free_columns ? 0 : PROBE_UNIT * pat_solve_luby (round);

      s->noise = round == 0 ? 0 : PROBE_NOISE;
      if (!s->free_columns && round == light_probes)
        return sat_search (s, root, limits, solution);
      switch (probe (s, budget, limits, &result, &length))
        {
        case PROBE_SOLVED:
          {
            gsize total = length + s->endgame_length;
            PatMove *moves = g_new (PatMove, total);
            gsize i;

            for (i = 0; i < length; i++)
              moves[i] = s->stack[i].moves[s->stack[i].next - 1];
            for (i = 0; i < s->endgame_length; i++)
              moves[length + i] = s->endgame_line[i];
            pat_solution_set (solution, PAT_SOLVE_SOLVED, work (s), moves, (guint) total);
            g_free (moves);
            return PAT_SOLVE_SOLVED;
          }
        case PROBE_EXHAUSTED:
          return pat_solution_set (solution, PAT_SOLVE_UNSOLVABLE, work (s), NULL, 0);
        case PROBE_STOPPED:
          return pat_solution_set (solution, result, work (s), NULL, 0);
        case PROBE_BUDGET:
        default:
          break;
        }
    }
}

static PatSolveResult
solve (const PatRules       *rules,
       const PatState       *state,
       const PatSolveLimits *limits,
       PatSolution          *solution)
{
  Search s = { 0, };
  PatSolveResult result;

  if (state->n_piles != N_PILES)
    return pat_solution_set (solution, PAT_SOLVE_LIMIT, 0, NULL, 0);

  s.rules = rules;
  s.free_columns = rules == &pat_rules_perpetual_motion_free;
  s.max_bytes = pat_solve_memory_budget (limits);
  if (!s.free_columns)
    {
      idiot_prepare (&s, state);
      s.endgame_lost = g_malloc (ENDGAME_POSITIONS / 8 + 1);
    }
  s.stack_size = 64;
  s.stack = g_new (Frame, s.stack_size);
  if (!(s.free_columns
        ? pat_solve_set_init (&s.seen, FREE_WORDS, 0, free_hash, s.max_bytes / 2)
        : pat_solve_set_init (&s.seen, IDIOT_WORDS, G_MAXUINT64, idiot_hash, s.max_bytes / 2)))
    result = pat_solution_set (solution, PAT_SOLVE_LIMIT, 0, NULL, 0);
  else
    result = search (&s, state, limits, solution);
  pat_solve_note_memory (s.seen.peak_bytes + s.stack_size * sizeof (Frame));
  pat_solve_set_clear (&s.seen);
  g_free (s.stack);
  g_free (s.endgame_lost);
  return result;
}

PatSolveResult
pat_solve_idiots_delight (const PatState       *state,
                          const PatSolveLimits *limits,
                          PatSolution          *solution)
{
  return solve (&pat_rules_idiots_delight, state, limits, solution);
}

PatSolveResult
pat_solve_free_columns (const PatState       *state,
                        const PatSolveLimits *limits,
                        PatSolution          *solution)
{
  return solve (&pat_rules_perpetual_motion_free, state, limits, solution);
}
