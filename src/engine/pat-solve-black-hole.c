/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Black Hole and All in a Row solver: restarted depth-first searches over packed positions with
 * exact pruning, forwards and backwards in turn. */

#include "config.h"

#include <string.h>

#include "pat-solver-private.h"

/* A position is just how many cards are left in each fan and the hole's top rank: the cards
 * of a fan never change, only how far it has been played down. With 17 fans of up to three
 * cards that is 2 × 17 + 4 bits; 13 columns of four take 3 × 13 + 4. */

#define MAX_FANS   17
#define MAX_HEIGHT 7             /* what 3 bits of a fan's count can say */
#define N_RANKS    13
#define HOLE_EMPTY N_RANKS       /* All in a Row's hole before the first card */
#define HOLE_PILE  0
#define NO_FAN     0xff
#define SHORT_FANS 4             /* fans this short have their cuts in tables (FanCuts) */
#define REVERSED_KEY (G_GUINT64_CONSTANT (1) << 62)  /* keys of the search played backwards */
#define N_DIRECTIONS 2           /* forwards and backwards, see search() */

typedef struct {
  guint8 fan;
  guint8 height;                 /* 0 is the bottom card */
} Place;

typedef struct {
  guint8 fans[MAX_FANS];         /* the moves to try, best first */
  guint8 n;
  guint8 next;
  guint8 played;                 /* the fan played to reach this position */
  guint8 hole_before;
} Frame;

/* The cuts one fan cannot fit, for fans of at most SHORT_FANS cards (see walk_exists()): bit j
 * of rows[hole][m - 1][i] is set when the fan, with the hole's top rank being hole, alternates
 * more than m times across the cut at edges i and j, reading from the side away from the hole;
 * the rows are symmetric in i and j. */
typedef struct {
  guint16 rows[N_RANKS][SHORT_FANS - 1][16];
} FanCuts;

typedef struct {
  guint   n_fans;
  guint   max_height;
  guint   bits;                  /* key bits per fan */
  guint8  rank[MAX_FANS][MAX_HEIGHT];            /* 0 (Ace) … 12 (King) */
  guint8  adjacent_below[MAX_FANS][MAX_HEIGHT];  /* cards of a neighbouring rank under a card */
  guint8  adjacent_under[MAX_FANS][MAX_HEIGHT];  /* whether the card just under it is one */
  Place   places[N_RANKS][PAT_N_CARDS];          /* where each rank's cards lie */
  guint8  n_places[N_RANKS];

  guint8  height[MAX_FANS];      /* cards left in each fan */
  guint8  left[N_RANKS];         /* cards of each rank still in the fans */
  guint8  bottoms[N_RANKS];      /* non-empty fans whose bottom card has each rank */
  guint32 tops[N_RANKS];         /* fans whose top card has each rank */
  guint8  over[N_RANKS][N_RANKS];  /* how often a card of one rank lies over one of another */
  guint16 below[N_RANKS];        /* the ranks lying under a card of each rank, in some fan
                                  * (kept up only for fans taller than SHORT_FANS) */
  guint32 nonempty;
  guint32 deep;                  /* fans of three cards or more */
  guint32 level[MAX_HEIGHT + 1]; /* fans with each number of cards left */
  guint32 twins[MAX_HEIGHT + 1][MAX_FANS];  /* fans whose first cards have the same ranks */
  guint32 ambiguous[MAX_HEIGHT + 1];        /* fans with a twin at that height */
  guint   n_left;
  guint8  hole;
  guint8  end;                   /* searching backwards from a position with a card in the hole:
                                  * that card's rank, which the last card must be next to;
                                  * HOLE_EMPTY otherwise */
  guint8  cut_hint[2];           /* the edges of the cut that last failed, N_RANKS for none */
  guint64 key;

  guint32 random;
  guint   noise;                 /* how much chance reorders the moves of a probe */
  guint64 nodes;
  guint64 next_check;
  FanCuts fan_cuts[MAX_FANS][SHORT_FANS + 1];  /* by fan and cards left */
  PatSolveSet *dead;             /* positions whose every continuation was searched in vain,
                                  * shared by the two directions (see REVERSED_KEY) */
  Frame   stack[PAT_N_CARDS + 1];
} Search;

static inline guint
rank_up (guint r)
{
  return r == N_RANKS - 1 ? 0 : r + 1;
}

static inline guint
rank_down (guint r)
{
  return r == 0 ? N_RANKS - 1 : r - 1;
}

static inline gboolean
adjacent (guint a,
          guint b)
{
  return a == rank_up (b) || b == rank_up (a);
}

static inline guint
neighbours_left (const Search *s,
                 guint         r)
{
  return s->left[rank_up (r)] + s->left[rank_down (r)];
}

/* The set of dead positions: a key (at most 3 × 17 + 4 bits) and PAT_SOLVE_SET_USED. */
static guint64
dead_hash (const guint64 *record)
{
  guint64 h = record[0];

  h = (h ^ (h >> 31)) * G_GUINT64_CONSTANT (0x7fb5d329728ea185);
  h = (h ^ (h >> 27)) * G_GUINT64_CONSTANT (0x81dadef4bc2dd44d);
  return h ^ (h >> 33);
}

static inline gboolean
dead_contains (const Search *s,
               guint64       key)
{
  key |= PAT_SOLVE_SET_USED;
  return pat_solve_set_lookup (s->dead, dead_hash (&key), &key) != NULL;
}

/* Adds a key known to be absent; FALSE when the set is full. */
static inline gboolean
dead_add (Search  *s,
          guint64  key)
{
  key |= PAT_SOLVE_SET_USED;
  return pat_solve_set_add (s->dead, dead_hash (&key), &key) != NULL;
}

/* Two fans whose cards left read the same, rank by rank, can be swapped without changing
 * anything that matters: the key of a position is taken from a standard one of the positions
 * so related. Going from the longest fans left to the shortest, each fan's count goes to the
 * first fan not yet given one among those that start with the same ranks. */
static guint64
canonical_key (const Search *s)
{
  guint64 key;
  guint32 given = 0;
  guint h;

  /* All in a Row's fans of four rarely end alike, and looking for twins cost more than the
   * positions it merged saved (deals 1-300: 6 % more positions, 13 % less time without it). */
  if (s->max_height > 3)
    return s->key;
  for (h = 1; h <= s->max_height; h++)
    if (s->level[h] & s->ambiguous[h])
      break;
  if (h > s->max_height)
    return s->key;

  key = s->key & ~(((guint64) 1 << (s->n_fans * s->bits)) - 1);
  for (h = s->max_height; h > 0; h--)
    {
      guint32 fans = s->level[h];

      while (fans != 0)
        {
          guint f = (guint) __builtin_ctz (fans);
          guint g = (guint) __builtin_ctz (s->twins[h][f] & ~given);

          fans &= fans - 1;
          given |= (guint32) 1 << g;
          key |= (guint64) h << (g * s->bits);
        }
    }
  return key;
}

/* Moves */

static inline void
play (Search *s,
      guint   fan)
{
  guint h = s->height[fan];
  guint r = s->rank[fan][h - 1];
  guint32 bit = (guint32) 1 << fan;
  guint k;

  s->tops[r] &= ~bit;
  if (s->max_height > SHORT_FANS)
    for (k = 0; k + 1 < h; k++)
      if (--s->over[r][s->rank[fan][k]] == 0)
        s->below[r] &= ~(1u << s->rank[fan][k]);
  if (h > 1)
    {
      s->tops[s->rank[fan][h - 2]] |= bit;
    }
  else
    {
      s->nonempty &= ~bit;
      s->bottoms[r]--;
    }
  if (h == 3)
    s->deep &= ~bit;
  s->level[h] &= ~bit;
  s->level[h - 1] |= bit;
  s->height[fan] = (guint8) (h - 1);
  s->left[r]--;
  s->n_left--;
  s->key -= (guint64) 1 << (fan * s->bits);
  s->key += ((guint64) r - s->hole) << (s->n_fans * s->bits);
  s->hole = (guint8) r;
}

static inline void
unplay (Search *s,
        guint   fan,
        guint   hole_before)
{
  guint h = s->height[fan] + 1;
  guint r = s->rank[fan][h - 1];
  guint32 bit = (guint32) 1 << fan;
  guint k;

  if (h > 1)
    {
      s->tops[s->rank[fan][h - 2]] &= ~bit;
    }
  else
    {
      s->nonempty |= bit;
      s->bottoms[r]++;
    }
  s->tops[r] |= bit;
  if (s->max_height > SHORT_FANS)
    for (k = 0; k + 1 < h; k++)
      if (s->over[r][s->rank[fan][k]]++ == 0)
        s->below[r] |= 1u << s->rank[fan][k];
  if (h == 3)
    s->deep |= bit;
  s->level[h - 1] &= ~bit;
  s->level[h] |= bit;
  s->height[fan] = (guint8) h;
  s->left[r]++;
  s->n_left++;
  s->key += (guint64) 1 << (fan * s->bits);
  s->key -= ((guint64) r - hole_before) << (s->n_fans * s->bits);
  s->hole = (guint8) hole_before;
}

/* Pruning: every test below only throws away positions that cannot be won.
 *
 * A win plays the cards left one after another, each one rank above or below the one
 * before. So every card needs a card of a neighbouring rank played just before it (unless
 * it is played now, onto the hole) and one just after it (unless it is the last card). The
 * one before cannot come from under it in its fan, nor from higher in its fan than the card
 * just over it (the cards between would have to go in between); likewise the one after.
 *
 * check_rank() applies this to the cards of rank @r. A card with nothing to come before it
 * must be played now: its fan goes to *forced (two such cards, or one the hole does not
 * take, lose). A card with nothing to come after it must be the very last: it loses unless
 * it is a bottom card. Playing a card of rank q changes these counts only for the ranks
 * next to q, so after each move only those two ranks are looked at. */
static gboolean
check_rank (const Search *s,
            guint         r,
            guint        *forced)
{
  guint neighbours = neighbours_left (s, r);
  guint i;

  for (i = 0; i < s->n_places[r]; i++)
    {
      Place p = s->places[r][i];
      guint f = p.fan;
      guint h = s->height[f];
      guint above = 0, far_above = 0;
      guint before, after, k;

      if (p.height >= h)
        continue;

      for (k = p.height + 1; k < h; k++)
        if (adjacent (s->rank[f][k], r))
          {
            above++;
            if (k > p.height + 1u)
              far_above++;
          }

      before = neighbours - s->adjacent_below[f][p.height] - far_above;
      if (before == 0)
        {
          if (p.height != h - 1 || *forced != NO_FAN ||
              (s->hole != HOLE_EMPTY && !adjacent (s->hole, r)))
            return FALSE;
          *forced = f;
        }

      after = neighbours - above - s->adjacent_below[f][p.height] + s->adjacent_under[f][p.height];
      if (after == 0 && s->n_left > 1 && (p.height > 0 || before == 0))
        return FALSE;
    }
  return TRUE;
}

/* The hole walks round the circle of ranks one step at a time, each step playing a card of
 * the rank it lands on: a win is a walk from the hole's rank that lands on every rank as
 * often as that rank has cards left, and ends on the bottom card of a fan. Let e[r] count the
 * steps across the edge between ranks r and r + 1. A walk ending at rank t needs
 * e[r − 1] + e[r] = 2 × left[r] + [r is the hole's] − [r is t] at every rank, which fixes every
 * e since 13 is odd: 2 e[r] = a[r] − sign, a[r] being the alternating sum without t and sign
 * +1 when t − r (mod 13) is odd or 0, −1 otherwise. No e may be negative, and the edges crossed
 * must join every rank in play: when all 13 are, one edge may stay uncrossed; otherwise the
 * ranks in play form an arc whose every edge is crossed.
 *
 * Then two edges crossed m times in all cut the circle into two sides, and the walk spends
 * m + 1 spells on them in turn, starting on the hole's side. Every fan, read from its top,
 * must fit that order: reading only the cards that change sides, starting with the far side,
 * a fan may show at most m alternations. Only small m can fail, as fans are short. */

/* Fails when a card of @far lies somewhere over a card of @near in one fan. */
static inline gboolean
one_spell_each (const Search *s,
                guint         far,
                guint         near)
{
  while (far != 0)
    {
      guint x = (guint) __builtin_ctz (far);

      far &= far - 1;
      if (s->below[x] & near)
        return FALSE;
    }
  return TRUE;
}

/* alternations[h][p]: how many times a fan of h cards alternates, reading from the top and
 * starting on the far side, when bit k of p says whether its card k (0 the bottom) is far. */
static guint8 alternations[MAX_HEIGHT + 1][1u << MAX_HEIGHT];

/* How many times the fans of three cards or more alternate, at most, reading from the top
 * and starting on the @far side. */
static guint
deep_alternations (const Search *s,
                   guint         far)
{
  guint32 fans = s->deep;
  guint most = 0;

  while (fans != 0)
    {
      guint f = (guint) __builtin_ctz (fans);
      guint h = s->height[f];
      guint pattern = 0, k;

      fans &= fans - 1;
      for (k = 0; k < h; k++)
        pattern |= ((far >> s->rank[f][k]) & 1) << k;
      most = MAX (most, alternations[h][pattern]);
    }
  return most;
}

/* Cut results are kept while one position is looked at, as the same cuts come back for each
 * end rank tried. */
#define CUT_UNKNOWN  0
#define CUT_AT_MOST_ONE 1
#define CUT_TWO_OR_MORE 0x80

/* Fans taller than SHORT_FANS: whether they fit m + 1 spells on the two sides of the cut at
 * edges i < j, the side of ranks i + 1 … j and the rest. */
static gboolean
cut_fits (const Search *s,
          guint8       *cache,
          guint         in_play,
          guint         i,
          guint         j,
          guint         m)
{
  guint8 *known = &cache[i * N_RANKS + j];
  guint side = (2u << j) - (2u << i);
  guint far = ((side >> s->hole) & 1 ? ~side : side) & in_play;

  if (*known == CUT_UNKNOWN)
    *known = one_spell_each (s, far, in_play & ~far) ? CUT_AT_MOST_ONE : CUT_TWO_OR_MORE;
  if (*known == CUT_AT_MOST_ONE)
    return TRUE;
  if (m == 1)
    return FALSE;
  if (*known == CUT_TWO_OR_MORE)
    *known = (guint8) MAX (2u, deep_alternations (s, far));
  return *known <= m;
}

/* Every count is odd, a[r] = 2 e[r] ± 1: @by_value[k] holds the edges with a[r] = 2k − 1, and
 * @plus the edges where the sign is +1 for the end tried, so the edges crossed v times are
 * (plus & by_value[v + 1]) | (~plus & by_value[v]). Fills @crossed for v = 0 … @max_m and returns
 * the first uncrossed edge, N_RANKS for none. */
static guint
edges_by_crossings (const guint *by_value,
                    guint        plus,
                    guint        max_m,
                    guint       *crossed)
{
  guint v;

  for (v = 0; v <= max_m; v++)
    crossed[v] = (plus & by_value[v + 1]) | (~plus & by_value[v]);
  return crossed[0] != 0 ? (guint) __builtin_ctz (crossed[0]) : N_RANKS;
}

/* How many times edge @r is crossed, or max_m + 1 when more (only small counts can make a cut
 * fail). */
static inline guint
crossings (const guint *crossed,
           guint        max_m,
           guint        r)
{
  guint v;

  for (v = 0; v <= max_m; v++)
    if ((crossed[v] >> r) & 1)
      return v;
  return max_m + 1;
}

static gboolean
spells_possible (const Search *s,
                 guint8       *cache,
                 guint8       *hint,
                 guint         in_play,
                 const guint  *by_value,
                 guint         plus)
{
  guint max_m = s->max_height - 1;
  guint crossed[MAX_HEIGHT + 1];
  guint zero = edges_by_crossings (by_value, plus, max_m, crossed);
  guint v, w;

  /* The cut that failed last time, if it is one of the cuts below this time, fails most often
   * again: it is tried first. */
  if (hint[0] != N_RANKS)
    {
      guint vi = crossings (crossed, max_m, hint[0]);
      guint vj = crossings (crossed, max_m, hint[1]);
      guint m = 0;

      if (vi > 0 && vj > 0 && vi + vj <= max_m)
        m = vi + vj;
      else if (vi > 0 && vi <= max_m && hint[1] == zero)
        m = vi;
      else if (vj > 0 && vj <= max_m && hint[0] == zero)
        m = vj;
      if (m > 0 && !cut_fits (s, cache, in_play, hint[0], hint[1], m))
        return FALSE;
    }

  for (v = 1; v <= max_m; v++)
    {
      guint bits;

      for (bits = crossed[v]; bits != 0; bits &= bits - 1)
        {
          guint i = (guint) __builtin_ctz (bits);

          /* With an uncrossed edge, one more edge makes a cut. */
          if (zero != N_RANKS && !cut_fits (s, cache, in_play, MIN (i, zero), MAX (i, zero), v))
            {
              hint[0] = (guint8) MIN (i, zero);
              hint[1] = (guint8) MAX (i, zero);
              return FALSE;
            }
          for (w = v; v + w <= max_m; w++)
            {
              guint others = w == v ? bits & (bits - 1) : crossed[w];

              for (; others != 0; others &= others - 1)
                {
                  guint j = (guint) __builtin_ctz (others);

                  if (!cut_fits (s, cache, in_play, MIN (i, j), MAX (i, j), v + w))
                    {
                      hint[0] = (guint8) MIN (i, j);
                      hint[1] = (guint8) MAX (i, j);
                      return FALSE;
                    }
                }
            }
        }
    }
  return TRUE;
}

/* Ends t for which (t − r) mod 13 is even and not 0, and for which it is odd or 0. */
static guint even_steps[N_RANKS], odd_steps[N_RANKS];

/* For each end t, the edges r for which it is odd or 0 steps on. */
static guint plus_edges[N_RANKS];


static void
init_steps (void)
{
  guint r, t, h, p;

  for (r = 0; r < N_RANKS; r++)
    {
      guint even = 0;

      for (t = 0; t < N_RANKS; t++)
        {
          guint steps = (t + N_RANKS - r) % N_RANKS;

          if (steps != 0 && steps % 2 == 0)
            even |= 1u << t;
        }
      even_steps[r] = even;
      odd_steps[r] = ((1u << N_RANKS) - 1) & ~even;
    }
  for (h = 0; h <= MAX_HEIGHT; h++)
    for (p = 0; p < (1u << h); p++)
      {
        guint want = 1, seen = 0, k;

        for (k = h; k > 0; k--)
          if (((p >> (k - 1)) & 1) == want)
            {
              seen++;
              want ^= 1;
            }
        alternations[h][p] = (guint8) seen;
      }
  for (t = 0; t < N_RANKS; t++)
    {
      plus_edges[t] = 0;
      for (r = 0; r < N_RANKS; r++)
        if ((odd_steps[r] >> t) & 1)
          plus_edges[t] |= 1u << r;
    }
}

/* With fans of at most SHORT_FANS cards: the cuts of the position that no fan can fit, bit j of
 * bad[m - 1][i] for the cut at edges i and j crossed m times in all: the fans' tables for the
 * hole's rank, merged. */
static void
merge_fan_cuts (const Search *s,
                guint16       bad[SHORT_FANS - 1][16])
{
  guint64 merged[sizeof (bad[0]) * (SHORT_FANS - 1) / sizeof (guint64)] = { 0 };
  guint32 fans = s->nonempty & ~s->level[1];
  guint w;

  while (fans != 0)
    {
      guint f = (guint) __builtin_ctz (fans);
      guint64 one[G_N_ELEMENTS (merged)];

      fans &= fans - 1;
      memcpy (one, s->fan_cuts[f][s->height[f]].rows[s->hole], sizeof one);
      for (w = 0; w < G_N_ELEMENTS (merged); w++)
        merged[w] |= one[w];
    }
  memcpy (bad, merged, sizeof merged);
}

/* spells_possible() from the merged tables: the same cuts, each a bit test. */
static gboolean
short_cuts_fit (const guint16 bad[SHORT_FANS - 1][16],
                guint         max_m,
                const guint  *by_value,
                guint         plus)
{
  guint crossed[MAX_HEIGHT + 1];
  guint zero = edges_by_crossings (by_value, plus, max_m, crossed);
  guint v, w;

  for (v = 1; v <= max_m; v++)
    {
      guint bits;

      for (bits = crossed[v]; bits != 0; bits &= bits - 1)
        {
          guint i = (guint) __builtin_ctz (bits);

          if (zero != N_RANKS && ((bad[v - 1][i] >> zero) & 1))
            return FALSE;
          for (w = v; v + w <= max_m; w++)
            if (bad[v + w - 1][i] & crossed[w] & ~(1u << i))
              return FALSE;
        }
    }
  return TRUE;
}

static gboolean
walk_exists (Search *s)
{
  int d[N_RANKS], a[N_RANKS];
  guint8 cache[N_RANKS * N_RANKS];
  guint in_play = 0, internal = 0, ends = 0, once = 0, twice = 0;
  guint by_value[MAX_HEIGHT + 2] = { 0 };
  guint uncrossed = 0;
  guint t, r;
  gboolean full, low = FALSE;

  if (s->hole == HOLE_EMPTY)
    return TRUE;

  for (r = 0; r < N_RANKS; r++)
    {
      d[r] = 2 * s->left[r] + (r == s->hole);
      if (d[r] > 0)
        in_play |= 1u << r;
      if (s->bottoms[r] > 0)
        ends |= 1u << r;
    }
  /* Backwards with a required end: the walk takes one more step, onto the end's rank, as if a
   * card of that rank lay alone in a fan of its own and had to go last. */
  if (s->end != HOLE_EMPTY)
    {
      if ((ends & ((1u << rank_up (s->end)) | (1u << rank_down (s->end)))) == 0)
        return FALSE;
      d[s->end] += 2;
      in_play |= 1u << s->end;
      ends = 1u << s->end;
    }
  full = in_play == (1u << N_RANKS) - 1;
  internal = in_play & ((in_play >> 1) | ((in_play & 1) << (N_RANKS - 1)));
  if (!full && __builtin_popcount (internal) != __builtin_popcount (in_play) - 1)
    return FALSE;

  a[0] = 0;
  for (r = 1; r <= N_RANKS; r++)
    a[0] += (r % 2 == 1 ? 1 : -1) * d[r % N_RANKS];
  for (r = 1; r < N_RANKS; r++)
    a[r] = 2 * d[r] - a[r - 1];

  for (r = 0; r < N_RANKS; r++)
    {
      if (a[r] < -1)
        return FALSE;
      if (a[r] == -1)
        {
          /* e[r] ≥ 0 only for ends an even number of steps on, and then e[r] = 0. */
          ends &= even_steps[r];
          if ((internal >> r) & 1)
            uncrossed++;
        }
      else if (a[r] == 1 && ((internal >> r) & 1))
        {
          /* Uncrossed for ends an odd number of steps on. */
          twice |= once & odd_steps[r];
          once |= odd_steps[r];
        }
    }
  if (uncrossed > (full ? 1u : 0u))
    return FALSE;
  if (uncrossed == 1 || !full)
    ends &= ~once;
  else
    ends &= ~twice;

  if (ends == 0)
    return FALSE;
  for (r = 0; r < N_RANKS; r++)
    if (a[r] <= 2 * (int) s->max_height - 1)
      {
        by_value[(a[r] + 1) / 2] |= 1u << r;
        low = TRUE;
      }
  if (!low)
    return TRUE;

  if (s->max_height <= SHORT_FANS)
    {
      guint16 bad[SHORT_FANS - 1][16];

      merge_fan_cuts (s, bad);
      for (; ends != 0; ends &= ends - 1)
        if (short_cuts_fit (bad, s->max_height - 1, by_value, plus_edges[__builtin_ctz (ends)]))
          return TRUE;
      return FALSE;
    }
  memset (cache, CUT_UNKNOWN, sizeof cache);
  while (ends != 0)
    {
      t = (guint) __builtin_ctz (ends);
      ends &= ends - 1;
      if (spells_possible (s, cache, s->cut_hint, in_play, by_value, plus_edges[t]))
        return TRUE;
    }
  return FALSE;
}

static inline guint32
next_random (Search *s)
{
  guint32 x = s->random;

  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  s->random = x;
  return x;
}

/* The moves of a position, the most promising first: a card from among plenty of its own
 * and neighbouring ranks goes first, keeping the scarce ones for when they are needed, and
 * then a card from a deeper fan. (Measured: this finds wins with several times fewer nodes
 * than the fan order or the opposite choices.) Later probes shuffle the order a little. */
static void
fill_frame (Search *s,
            Frame  *frame,
            guint   forced)
{
  guint score[MAX_FANS];
  guint32 candidates;
  guint n = 0;
  guint f, r, i;

  frame->next = 0;
  if (forced != NO_FAN)
    {
      frame->fans[0] = (guint8) forced;
      frame->n = 1;
      return;
    }

  if (s->hole == HOLE_EMPTY)
    candidates = s->nonempty;
  else
    candidates = s->tops[rank_up (s->hole)] | s->tops[rank_down (s->hole)];

  while (candidates != 0)
    {
      guint sc;

      f = (guint) __builtin_ctz (candidates);
      candidates &= candidates - 1;
      r = s->rank[f][s->height[f] - 1];
      sc = ((24 - 2 * neighbours_left (s, r) - s->left[r]) * 8 + 8 - s->height[f]) * 16;
      if (s->noise > 0)
        sc += next_random (s) % s->noise;
      for (i = n; i > 0 && score[i - 1] > sc; i--)
        {
          score[i] = score[i - 1];
          frame->fans[i] = frame->fans[i - 1];
        }
      score[i] = sc;
      frame->fans[i] = (guint8) f;
      n++;
    }
  frame->n = (guint8) n;
}

/* The tables of merge_fan_cuts(), for every fan at every height. */
static void
load_fan_cuts (Search *s)
{
  guint f, h, i, j, o, m, k;

  for (f = 0; f < s->n_fans; f++)
    for (h = 2; h <= s->height[f]; h++)
      for (i = 0; i < N_RANKS; i++)
        for (j = i + 1; j < N_RANKS; j++)
          {
            guint side = (2u << j) - (2u << i);
            guint spells[2];

            /* o = 0: the far side is the ranks i + 1 … j, the hole being among the others. */
            for (o = 0; o < 2; o++)
              {
                guint far = o == 0 ? side : ~side;
                guint pattern = 0;

                for (k = 0; k < h; k++)
                  pattern |= ((far >> s->rank[f][k]) & 1) << k;
                spells[o] = alternations[h][pattern];
              }
            /* Most fans alternate at most once across a cut: nothing to set then. */
            for (o = 0; o < 2; o++)
              for (m = 1; m < MIN (spells[o], (guint) SHORT_FANS); m++)
                for (k = 0; k < N_RANKS; k++)
                  if (((side >> k) & 1) == o)
                    {
                      s->fan_cuts[f][h].rows[k][m - 1][i] |= (guint16) (1u << j);
                      s->fan_cuts[f][h].rows[k][m - 1][j] |= (guint16) (1u << i);
                    }
          }
}

/* Reads @state into @s, every fan turned over when @reversed; FALSE when it is not a Black
 * Hole or All in a Row position the packed key can hold. */
static gboolean
load (Search         *s,
      const PatState *state,
      gboolean        reversed)
{
  guint f, k, max_height = 0;
  PatCard top;

  memset (s, 0, offsetof (Search, dead));
  if (state->n_piles < 2 || state->n_piles - 1u > MAX_FANS)
    return FALSE;
  s->n_fans = state->n_piles - 1u;
  for (f = 0; f < s->n_fans; f++)
    {
      guint len = pat_state_pile_len (state, f + 1);
      const PatCard *cards = pat_state_pile_cards (state, f + 1);

      if (len > MAX_HEIGHT)
        return FALSE;
      max_height = MAX (max_height, len);
      s->height[f] = (guint8) len;
      for (k = 0; k < len; k++)
        {
          guint r = pat_card_rank (cards[reversed ? len - 1 - k : k]) - 1;
          Place p = { (guint8) f, (guint8) k };
          guint j;

          s->rank[f][k] = (guint8) r;
          s->places[r][s->n_places[r]++] = p;
          s->left[r]++;
          for (j = 0; j < k; j++)
            {
              if (adjacent (s->rank[f][j], r))
                s->adjacent_below[f][k]++;
              s->over[r][s->rank[f][j]]++;
              s->below[r] |= 1u << s->rank[f][j];
            }
          s->adjacent_under[f][k] = k > 0 && adjacent (s->rank[f][k - 1], r);
        }
      if (len >= 3)
        s->deep |= (guint32) 1 << f;
      if (len > 0)
        {
          s->tops[s->rank[f][len - 1]] |= (guint32) 1 << f;
          s->nonempty |= (guint32) 1 << f;
          s->bottoms[s->rank[f][0]]++;
        }
      s->n_left += len;
    }

  s->max_height = max_height;
  if (max_height <= SHORT_FANS)
    load_fan_cuts (s);
  s->bits = max_height <= 3 ? 2 : 3;
  for (f = 0; f < s->n_fans; f++)
    {
      guint g, h;

      s->level[s->height[f]] |= (guint32) 1 << f;
      for (h = 1; h <= s->height[f]; h++)
        for (g = 0; g < s->n_fans; g++)
          if (s->height[g] >= h && memcmp (s->rank[f], s->rank[g], h) == 0)
            s->twins[h][f] |= (guint32) 1 << g;
    }
  for (f = 0; f < s->n_fans; f++)
    for (k = 1; k <= s->height[f]; k++)
      if (s->twins[k][f] != (guint32) 1 << f)
        s->ambiguous[k] |= (guint32) 1 << f;
  if (s->n_fans * s->bits + 4 > 62)  /* REVERSED_KEY above */
    return FALSE;
  top = pat_state_pile_top (state, HOLE_PILE);
  s->hole = top == PAT_NO_CARD ? HOLE_EMPTY : (guint8) (pat_card_rank (top) - 1);
  s->end = HOLE_EMPTY;
  if (reversed)
    {
      s->end = s->hole;
      s->hole = HOLE_EMPTY;
    }
  for (f = 0; f < s->n_fans; f++)
    s->key |= (guint64) s->height[f] << (f * s->bits);
  s->key |= (guint64) s->hole << (s->n_fans * s->bits);
  if (reversed)
    s->key |= REVERSED_KEY;
  s->random = 0x9e3779b9u;
  s->cut_hint[0] = s->cut_hint[1] = N_RANKS;
  return TRUE;
}

typedef enum {
  PROBE_SOLVED,
  PROBE_EXHAUSTED,    /* every continuation of the root was searched: none wins */
  PROBE_BUDGET,       /* this probe's node budget ran out */
  PROBE_STOPPED,      /* a limit, the deadline or the cancel flag */
  PROBE_FULL,         /* the set of dead positions hit the memory budget */
} ProbeResult;

/* One depth-first search from the root, giving up after @budget nodes (0: never). Positions
 * are recorded as dead only once all their continuations have been searched, so a probe
 * that gives up leaves only true facts behind for the next one. On PROBE_SOLVED the stack
 * holds the winning line, s->stack[i + 1].played being the i-th move. */
static ProbeResult
probe (Search               *s,
       guint                 root_forced,
       guint64               budget,
       const PatSolveLimits *limits,
       gint64                deadline,
       PatSolveResult       *stop,
       guint                *solution_length)
{
  guint64 start = s->nodes;
  guint depth = 0;

  fill_frame (s, &s->stack[0], root_forced);
  for (;;)
    {
      Frame *frame = &s->stack[depth];
      guint8 hole_before = s->hole;
      guint fan, r, forced;
      guint64 key;

      if (frame->next == frame->n)
        {
          if (depth == 0)
            return PROBE_EXHAUSTED;
          if (!dead_add (s, canonical_key (s)))
            return PROBE_FULL;
          unplay (s, frame->played, frame->hole_before);
          depth--;
          continue;
        }

      fan = frame->fans[frame->next++];
      r = s->rank[fan][s->height[fan] - 1];
      play (s, fan);
      if (++s->nodes >= s->next_check)
        {
          *stop = pat_solve_should_stop (limits, s->nodes, deadline);
          if (*stop != PAT_SOLVE_SOLVED)
            return PROBE_STOPPED;
          s->next_check = pat_solve_next_check (limits, s->nodes);
        }

      if (s->n_left == 0 && s->end != HOLE_EMPTY && !adjacent (r, s->end))
        {
          unplay (s, fan, hole_before);
          continue;
        }
      if (s->n_left == 0)
        {
          s->stack[depth + 1].played = (guint8) fan;
          *solution_length = depth + 1;
          return PROBE_SOLVED;
        }

      /* With fans of four (All in a Row) the rank test almost never cuts or forces anything
       * (deals 1-300: 3,000 positions cut and 1,900 forced among 4.4 million, for a tenth of the
       * time): there the walk test alone prunes, and the rank test runs only at the root. */
      forced = NO_FAN;
      if (s->max_height <= 3 &&
          (!check_rank (s, rank_up (r), &forced) || !check_rank (s, rank_down (r), &forced)))
        {
          unplay (s, fan, hole_before);
          continue;
        }
      key = canonical_key (s);
      if (dead_contains (s, key))
        {
          unplay (s, fan, hole_before);
          continue;
        }
      if (!walk_exists (s))
        {
          if (!dead_add (s, key))
            return PROBE_FULL;
          unplay (s, fan, hole_before);
          continue;
        }

      if (budget != 0 && s->nodes - start >= budget)
        {
          unplay (s, fan, hole_before);
          while (depth > 0)
            {
              unplay (s, s->stack[depth].played, s->stack[depth].hole_before);
              depth--;
            }
          return PROBE_BUDGET;
        }

      depth++;
      frame = &s->stack[depth];
      frame->played = (guint8) fan;
      frame->hole_before = hole_before;
      fill_frame (s, frame, forced);
    }
}

#define PROBE_UNIT  256
#define PROBE_NOISE 48

/* Every position can be searched in either direction: a win played backwards (the last card, a
 * bottom card, first) is a win of the same fans turned over, played from an empty hole, whose
 * last card is next to the hole's top card if there is one (Search.end). Which of the two is
 * quicker to decide differs a lot from deal to deal (All in a Row deals 1-2000: 38.8 million
 * positions forwards, 36.9 million backwards, 8.4 million taking the quicker one each time;
 * Black Hole deal 10683: 2.1 s forwards, a millisecond both ways), so the two are searched in
 * turn, a probe of the same budget each, and the first to decide answers. @dirs[0] is the
 * position as it is, @dirs[1] its fans turned over; they share one set of dead positions. */
static PatSolveResult
search (Search               **dirs,
        const PatSolveLimits  *limits,
        PatSolution           *solution)
{
  gint64 deadline = pat_solve_deadline (limits);
  PatSolveResult result = PAT_SOLVE_UNSOLVABLE;
  PatMove moves[PAT_N_CARDS];
  guint length = 0;
  guint root_forced[2] = { NO_FAN, NO_FAN };
  guint64 nodes = 1;
  guint64 next_check = pat_solve_next_check (limits, 0);
  guint64 round;
  guint d, r, i;

  if (dirs[0]->n_left == 0)
    return pat_solution_set (solution, PAT_SOLVE_SOLVED, nodes, NULL, 0);
  for (d = 0; d < N_DIRECTIONS; d++)
    {
      for (r = 0; r < N_RANKS; r++)
        if (!check_rank (dirs[d], r, &root_forced[d]))
          return pat_solution_set (solution, PAT_SOLVE_UNSOLVABLE, nodes, NULL, 0);
      if (!walk_exists (dirs[d]))
        return pat_solution_set (solution, PAT_SOLVE_UNSOLVABLE, nodes, NULL, 0);
    }

  for (round = 0;; round++)
    for (d = 0; d < N_DIRECTIONS; d++)
      {
        Search *s = dirs[d];
        ProbeResult outcome;

        /* One count of positions and one rhythm of limit checks for both. */
        s->nodes = nodes;
        s->next_check = next_check;
        s->noise = round == 0 ? 0 : PROBE_NOISE;
        outcome = probe (s, root_forced[d], PROBE_UNIT * pat_solve_luby (round), limits, deadline,
                         &result, &length);
        nodes = s->nodes;
        next_check = s->next_check;
        switch (outcome)
          {
          case PROBE_SOLVED:
            /* Backwards, the line is read from its end. */
            for (i = 0; i < length; i++)
              moves[i] = pat_move_cards (s->stack[d == 0 ? i + 1 : length - i].played + 1u,
                                         HOLE_PILE, 1);
            return pat_solution_set (solution, PAT_SOLVE_SOLVED, nodes, moves, length);
          case PROBE_EXHAUSTED:
            return pat_solution_set (solution, PAT_SOLVE_UNSOLVABLE, nodes, NULL, 0);
          case PROBE_STOPPED:
            return pat_solution_set (solution, result, nodes, NULL, 0);
          case PROBE_FULL:
            return pat_solution_set (solution, PAT_SOLVE_LIMIT, nodes, NULL, 0);
          case PROBE_BUDGET:
          default:
            break;
          }
      }
}

PatSolveResult
pat_solve_black_hole (const PatState       *state,
                      const PatSolveLimits *limits,
                      PatSolution          *solution)
{
  static gsize steps_ready = 0;
  PatSolveSet dead = { 0, };
  Search *dirs[N_DIRECTIONS];
  PatSolveResult result;
  guint d;

  if (g_once_init_enter (&steps_ready))
    {
      init_steps ();
      g_once_init_leave (&steps_ready, 1);
    }
  for (d = 0; d < N_DIRECTIONS; d++)
    dirs[d] = g_new (Search, 1);
  if (!load (dirs[0], state, FALSE) || !load (dirs[1], state, TRUE) ||
      !pat_solve_set_init (&dead, 1, 0, dead_hash, pat_solve_memory_budget (limits)))
    {
      result = pat_solution_set (solution, PAT_SOLVE_LIMIT, 0, NULL, 0);
    }
  else
    {
      for (d = 0; d < N_DIRECTIONS; d++)
        dirs[d]->dead = &dead;
      result = search (dirs, limits, solution);
      pat_solve_note_memory (dead.peak_bytes);
    }
  pat_solve_set_clear (&dead);
  for (d = 0; d < N_DIRECTIONS; d++)
    g_free (dirs[d]);
  return result;
}
