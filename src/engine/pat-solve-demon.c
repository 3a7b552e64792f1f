/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Demon solver: a depth-first search over whole positions, with the stock turns folded into talon
 * moves. */

#include "config.h"

#include <string.h>

#include "pat-solver-private.h"

/* How the search sees the game
 *
 * The talon. Stock turns only move the boundary between the stock and the waste: read the waste
 * bottom to top and then the stock top to bottom, and the talon is one sequence that never changes
 * order (turning the waste over keeps it), with a pointer: the number of cards in the waste. A
 * pass turning n at a time shows positions n−1, 2n−1, … and the last. So a position is the
 * foundations, the reserve's length, the tableau, the talon's cards and the pointer, and every
 * edge of the search is one card move: "play the card at talon position q" stands for the stock
 * turns that bring it to the top and the move itself. The cards it can reach are those the rest
 * of the current pass shows, and those a later pass shows.
 *
 * Three cards a turn, or a die rolled once a game: every later pass is the same. Stock turns
 * alone take a pointer p to p + n, p + 2n, … and, through the end of the pass, to 0 and every
 * pointer a pass from an empty waste stops at (the multiples of n, and the end); those are as good
 * as 0. So a position already visited with a pointer p' ≤ p, p' ≡ p (mod n), or with any pointer
 * when p is as good as 0, can do all that this one can: the visited set keeps, for each position
 * without its pointer, the set of pointers it was visited with.
 *
 * A die rolled every pass: a pass that rolls 1 shows every card of the talon in turn, and stock
 * turns alone get to the next such pass, so from any position any talon card can be played next.
 * The search first takes the game so (a talon open at every card: one card a turn for the whole
 * game, the pointer and the pass left out of the position). That game has every move of the real
 * one, so running out of positions proves the deal lost; a win is played through the rules with
 * the deal's own rolls, each talon card brought up by stock turns the first time a pass shows it,
 * and it is a win of the deal when it replays. It could fail to only if the rolls stopped giving
 * 1 (the pass number stops at LAST_ROUND, so its roll is the last one); then the search below,
 * exact whatever the rolls, runs instead. An open talon also lets a talon card onto the tableau
 * only when the next move builds on it (generate_onto_pending()). Die rolled every pass, deals
 * 1–10000, 10 s each, two at a time: 2 undecided this way against 479 by that search alone, in
 * 197 s of wall time against 42 minutes.
 *
 * That search: the pass number decides the future rolls, so it is in the position.
 * Stock turns alone take a position to any later pass, so of the later passes only the first one
 * with each roll is worth playing a card in, and of two positions that differ only in their pass
 * number (same pointer, same roll now) the earlier one can do all that the later one can: it
 * plays the same moves and, where the later one turns the waste over, turns it over as often as
 * needed to catch up. The visited set keeps the lowest pass seen for each position, and for each
 * position without pointer and die the lowest pass it was seen in at all, which covers a later
 * pass's position at a pointer that pass stops at. Passes further than PASSES_AHEAD ahead are not
 * used, as the rules' blocked test does not look further either. That test also decides whether
 * the stock may still be turned, so these arguments need every stretch of PASSES_AHEAD passes to
 * roll all six numbers: solve_per_pass_setup() checks how far into the deal's rolls that holds,
 * and a search that went further never claims a loss.
 *
 * Safe moves. A card goes to its foundation at once, as part of the move before, when it is the
 * reserve's top card or a tableau pile's top card and both cards that could ever be built on it
 * in the tableau (the other colour, one rank lower) are on their foundations already. Any winning
 * line from the position before can be followed from the position after, skipping the moves of
 * that card: nothing can be put on it, so the tableau piles without it take the same moves; when
 * it left a pile the reserve refills, which only puts the reserve's next card within reach a move
 * early (the pile the card would have held holds that reserve card instead, one card ahead of the
 * line being followed, until it catches up); an empty pile with an empty reserve takes anything.
 * The card of the waste is never moved this way: removing it from the talon shifts what later
 * turns show; with the talon taken as open (above) nothing depends on that, and any talon card is.
 *
 * Exactness. Each edge moves a card, and every pruning above keeps, for any position that can be
 * won, a visited position that can be won in no more card moves; every visited position has all
 * its moves tried before the search ends. So a search that runs out of positions has proved there
 * is no win. Tableau piles are interchangeable, which the position key honours by hashing each
 * card with the card under it (Zobrist hashing over those pairs).
 *
 * Order. A depth-first search that goes wrong near the root spends its time on that subtree
 * before it tries the sibling that wins. So the positions a few moves below the root are each
 * searched depth-first on a stack of their own, the stacks taking turns a slice of nodes at a
 * time and sharing the visited set: together they search the same space as one search would,
 * but every early choice gets its share from the start. Moves are tried foundation moves first,
 * then those that bring the reserve out. 128 stacks decide most deals within NARROW_NODES
 * positions; a deal they do not is searched again from the start by up to 2048 stacks (as many
 * as the stacks' budget gives WIDE_STACK_ROOM each), in a new table, since the old one holds
 * positions whose stacks had not finished them. On the 45 deals of 1–10000 that 128 stacks could
 * not decide in 10 s, 40 million positions decided 4 with 128 stacks and 17 with 2048 (deal 757:
 * 99,109 positions against more than 40 million). The wide search is not the first because
 * splitting into 2048 stacks costs about 10 ms, ten times what most deals take.
 *
 * The relaxation. Two cards of the same colour and rank (the twins: the Five of hearts and the
 * Five of diamonds) take and go on the same cards in the tableau; only their foundations tell
 * them apart. The relaxation is the game in which twins in the tableau may change places at any
 * time: a tableau card may go to a foundation as its twin when that one is in the tableau too (a
 * MOVE_TWIN: the two change places, then the top one goes up). Its positions are the game's up to
 * such exchanges, which the key honours by hashing a tableau card as the lower of the two twins;
 * every line of the game is a line of the relaxation, so a relaxation proved lost is a game lost.
 * A safe move stays one only when the card's twin is on its foundation already (no exchange can
 * involve the card: the argument above holds as it is). Deal 1142: the game is proved lost after
 * 34 million positions, its relaxation after 7.8 million. A win of the relaxation is a win of the
 * game only when its line makes no MOVE_TWIN (its line is replayed through the rules like every
 * other). The same holds with only some twins exchangeable (Shared.exchangeable). A hard deal,
 * one the narrow search does not decide, goes to solve_hard(): the relaxation with every twin
 * exchangeable; if a win of it exchanges twins, the game's moves on its positions (a win found
 * is a win; running out proves nothing), once, right away or, when that win came cheaply, after
 * the first refinement; the refinements: the relaxation again with the pair of twins its win
 * exchanged first made the game's again, and so on until it is decided or no twin is left: the
 * game. On the 270 deals of 1–10000 the narrow search does not decide, with 10 s each: 32
 * undecided with the relaxation then the game (and the tableau's old keys, below), 21 with
 * solve_hard() as first written (every pair its win exchanged made the game's at once). Each
 * search after a win first starts where that win first exchanged twins and walks back along its
 * line (search_guided()): a refinement mostly wins close to where the win before it did.
 *
 * Threads. A hard deal's searches (after the narrow one) may run on several threads
 * (PatSolveLimits.threads): after the split, each thread takes the stack at the head of a queue,
 * runs its slice and puts it back at the tail, so that a stack is never run by two threads at
 * once; they share the visited set, whose slots are claimed with atomic operations, and stop
 * together for the table to grow. A position two threads visit at the same moment may be searched
 * twice, but none is skipped that no stack searches, so every argument above holds as it is.
 * Deal 1887 (three a turn): 9.5 s on two threads against 11.4 s on one; a second process solving
 * the same deal on the other core slows one thread as much (13.9 s): the two cores share the memory
 * the table's probes wait for.
 *
 * Visits. On one thread a position's moves are all looked up in the visited set, and the new
 * ones recorded, when the position is opened (push_frame()), right after the slots were fetched
 * for them, instead of each when its turn comes, long after its fetched slot has gone from the
 * cache: the fetches overlap. A child recorded so waits in its frame until its turn and then has
 * all its moves tried, as every visited position does; only which of two paths to a position
 * searches it may change. Several threads visit as before, each child when its turn comes.
 * To be looked up, a move's key is needed, which push_frame() finds by playing the move, its safe
 * moves and its refill and taking them back, or for about half of them three a turn (a card or a
 * pile put on the tableau, where nothing new is safe) works out from the position's own
 * (quick_child()). What is left of the time is mostly the table's: three a turn, deal 6437 spends
 * about a third of it waiting for the slots of new records, each in a random place.
 *
 * Memory. The visited set is an open-addressing table of 128-bit keys (Zobrist keys, and the
 * tableau's piles hashed as in pile_mix()), grown while the old and the new table fit in the
 * budget together. At least 86 of the bits are key (the rest hold the pointers or the pass), so
 * two different positions collide with probability below
 * 2^−86 per pair: for the 18 million positions the largest budget holds, below 10^−11 that any
 * pair does. Nothing is allocated per position; the stacks grow their arrays by doubling. When
 * the budget is used up the answer is "limit". The table's options (PAT_SOLVE_SET_*): a key's
 * home is the start of a 64-byte line; it doubles for as long as the doubled table could double
 * again, and only then takes the rest of the budget; its large tables lie in one mapping, which
 * the searches of a deal pass on to each other (zeroed again): the kernel took 3.7 ms to hand
 * out each MiB of huge pages on the development machine, 1.4 s for a table of 384 MiB. */

enum {
  PILE_STOCK,
  PILE_WASTE,
  PILE_RESERVE,
  PILE_F1,
  PILE_T1 = PILE_F1 + 4,
  N_PILES = PILE_T1 + 4,
};

#define N_TABLEAU         4
#define TO_FOUNDATION     N_TABLEAU
#define CARDS_PER_TURN    3
#define PASSES_AHEAD      1024
#define LAST_ROUND        G_MAXUINT16
#define PROGRESS_INTERVAL 65536
#define ROUND_BITS        G_GUINT64_CONSTANT (0xffff)

typedef enum {
  MOVE_TALON,     /* from: the talon position */
  MOVE_RESERVE,
  MOVE_TOP,       /* the top card of tableau pile `from` */
  MOVE_PILE,      /* the whole of tableau pile `from`, two cards or more */
  MOVE_TWIN,      /* relaxed: the top card of `from`, exchanged first with its twin, which lies
                   * in pile `count` at `round` */
} MoveKind;

typedef struct {
  guint8  kind;
  guint8  from;
  guint8  to;     /* a tableau pile, or TO_FOUNDATION */
  guint8  count;  /* MOVE_PILE: filled in when played; MOVE_TALON: played in a later pass */
  guint16 round;  /* MOVE_TALON: the pass the card is played in */
} Move;

/* A move as played, with what undoing it needs. */
typedef struct {
  Move    move;
  guint8  card;   /* the card moved, the bottom one for a whole pile */
  guint8  ptr;
  guint8  die;
  guint8  refill; /* tableau piles the reserve refilled, one bit each */
  guint8  pending;
  guint16 round;
} Played;

typedef struct {
  guint64 a;
  guint64 b;
} Key;

/* A move from a frame's position, with the key of the position it leads to. */
typedef struct {
  Key     key;
  Move    move;
  guint16 value;  /* what goes with the key into the visited set */
  gint32  score;  /* the higher, the sooner it is tried */
  guint8  ptr;    /* per-pass die: the pointer and the die the key holds */
  guint8  die;
  guint8  flags;  /* CHILD_* */
} Child;          /* 32 bytes: the wide search keeps thousands of stacks of them */

enum {
  CHILD_BY_PASS = 1 << 0,   /* per-pass die, with a talon: the pass number matters */
  CHILD_AT_STOP = 1 << 1,   /* ... and the pointer is one a pass from an empty waste stops at */
  CHILD_VISITED = 1 << 2,   /* visited already, by push_frame() */
  CHILD_NO_SAFE = 1 << 3,   /* no safe move follows its move: see push_frame() */
};

typedef struct {
  gsize first;    /* in Search.children */
  guint n;
  guint next;
  gsize line;     /* Search.line's length before the moves that led here */
} Frame;

/* The visited set: a record is a position's key, a | PAT_SOLVE_SET_USED and b, with b's low
 * value_bits replaced by what is known of its visits: with a die rolled every pass, the lowest
 * pass number it was visited in; otherwise the set of waste pointers it was visited with (the key
 * leaves the pointer out), one bit each. */
typedef struct {
  PatSolveSet set;
  guint64     value_bits;
  gboolean    by_pointer;
  guint       turn;
  guint64     residues[6];   /* the pointers ≡ i (mod turn) */
  gboolean    concurrent;    /* filled by several threads at once: see table_slot_concurrent() */
  gsize       cap;           /* ... up to this many records */
} Table;

/* What every stack of the search shares: fixed tables, the die's rolls and the visited set. */
typedef struct {
  guint8        rel[PAT_N_CARDS];            /* relative ranks, 0 for the base rank */
  guint8        tok[PAT_N_CARDS];            /* the card the tableau hashes it as */
  guint64       exchangeable;                /* the twins that may change places, one bit a card */
  guint64       merged;                      /* the twins hashed alike: exchangeable ones and
                                                more */
  guint64       fitting[PAT_N_CARDS];        /* the cards that can be built on each card */
  guint64       stops[PAT_N_CARDS + 1][7];   /* full_pass() of n talon cards, n at a time */

  Key           z_tableau[PAT_N_CARDS][PAT_N_CARDS];   /* a card's token at a depth */
  Key           z_found[4][14];
  Key           z_reserve[PAT_N_CARDS + 1];
  Key           z_talon[PAT_N_CARDS];
  Key           z_ptr[PAT_N_CARDS + 1];
  Key           z_die[8];
  Key           z_pass;       /* marks the keys of table_first_pass() */
  Key           z_pending;    /* marks the pile a talon card waits on: position_key() */

  PatDealNumber deal;
  guint8        rolls[LAST_ROUND + 1];   /* 0: not computed yet */

  guint         n_threads;               /* for a hard deal's searches: see search_pool() */
  guint         safe_rounds;             /* per-pass die: see solve_per_pass_setup() */
  gboolean      past_safe_rounds;
  gboolean      free_talon;              /* per-pass die, searched with the talon open: above */
  gboolean      open_talon;              /* one card a turn for the whole game: see generate() */

  Table         seen;
  gsize         stack_budget;            /* for the stacks: an eighth of the whole */
  gsize         stack_bytes;             /* what the stacks take, all together */
  gsize         stack_peak;
} Shared;

/* One depth-first search: a position and the path to it. */
typedef struct {
  Shared       *sh;

  /* The position. */
  guint8        base_rank;
  guint8        variant;
  guint8        die;          /* cards per turn in this pass */
  guint16       round;
  guint8        found[4];     /* cards on each suit's foundation */
  guint         n_found;
  guint8        reserve[PAT_N_CARDS];
  guint         n_reserve;
  guint8        talon[PAT_N_CARDS];
  guint         n_talon;
  guint         ptr;
  guint         pending;      /* open talon: the pile a talon card was just put on, or N_TABLEAU */
  guint8        tableau[N_TABLEAU][PAT_N_CARDS];
  guint         n_tableau[N_TABLEAU];
  Key           hash;         /* of all but the pointer, the die and the tableau */
  Key           pile_hash[N_TABLEAU];   /* each pile's: see z_card() */
  Key           pile_mixed[N_TABLEAU];  /* pile_mix() of each: kept, not computed twice */
  Key           tableau_sum;  /* the tableau's: the sum of its piles' pile_mix()es */

  Child        *children;
  gsize         n_children;
  gsize         children_size;
  gboolean      out_of_memory;
  Frame        *frames;
  gsize         depth;
  gsize         frames_size;
  Played       *line;
  gsize         n_line;
  gsize         line_size;
  guint         quota;        /* table records taken for this stack and not yet used */
} Search;

static inline void
key_xor (Key       *k,
         const Key *z)
{
  k->a ^= z->a;
  k->b ^= z->b;
}

static inline void
key_add (Key       *k,
         const Key *z)
{
  k->a += z->a;
  k->b += z->b;
}

static inline void
key_sub (Key       *k,
         const Key *z)
{
  k->a -= z->a;
  k->b -= z->b;
}

static inline guint
card_rank (guint card)
{
  return card % 13 + 1;
}

static inline guint
card_suit (guint card)
{
  return card / 13;
}

static inline gboolean
card_red (guint card)
{
  return card >= 26;
}

/* The other card of the same colour and rank. */
static inline guint
twin_of (guint card)
{
  return card_suit (card) % 2 == 0 ? card + 13 : card - 13;
}

/* @card and its twin, one bit each. */
static inline guint64
twin_pair (guint card)
{
  return G_GUINT64_CONSTANT (1) << card | G_GUINT64_CONSTANT (1) << twin_of (card);
}

/* 0 for the base rank, 12 for the last card of a foundation. */
static inline guint
relative_rank (const Search *s,
               guint         card)
{
  return s->sh->rel[card];
}

static inline gboolean
fits_foundation (const Search *s,
                 guint         card)
{
  return s->found[card_suit (card)] == relative_rank (s, card);
}

static inline gboolean
fits_on (guint card,
         guint top)
{
  return card_red (card) != card_red (top) && card_rank (card) % 13 + 1 == card_rank (top);
}

/* fits_on() by the table load() fills: the move generator's question, asked for every pair it
 * looks at. */
static inline gboolean
fits (const Search *s,
      guint         card,
      guint         top)
{
  return s->sh->fitting[top] >> card & 1;
}

static inline guint
tableau_top (const Search *s,
             guint         t)
{
  return s->tableau[t][s->n_tableau[t] - 1];
}

static guint
roll (Search *s,
      guint   round)
{
  if (s->sh->rolls[round] == 0)
    s->sh->rolls[round] = (guint8) (1 + pat_deal_number_hash (&s->sh->deal, round) % 6);
  return s->sh->rolls[round];
}

/* The visited set. */

static guint64
table_hash (const guint64 *record)
{
  return record[0] * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
}

static gboolean
table_init (Table *table,
            gsize  max_bytes)
{
  return pat_solve_set_init_full (&table->set, 2, table->value_bits, table_hash, max_bytes,
                                  PAT_SOLVE_SET_LINES | PAT_SOLVE_SET_DOUBLE_FIRST |
                                  PAT_SOLVE_SET_REUSE);
}

typedef enum {
  SEEN,
  NEW,
  FULL,
} Visit;

static inline G_ALWAYS_INLINE void
table_prefetch (const Table *table,
                Key          key)
{
  pat_solve_set_prefetch (&table->set, table_hash ((guint64[]) { key.a | PAT_SOLVE_SET_USED }));
}

/* Whether a visit with @value is no better than the visits recorded in @stored. */
static inline gboolean
table_covers (const Table *table,
              guint64      stored,
              guint        value)
{
  if (!table->by_pointer)
    return stored <= value;
  if (value == 0)
    return stored != 0;
  return (stored & table->residues[value % table->turn]
          & ((G_GUINT64_CONSTANT (2) << value) - 1)) != 0;
}

static inline guint64
table_record (const Table *table,
              guint64      stored,
              guint        value)
{
  return table->by_pointer ? stored | G_GUINT64_CONSTANT (1) << value : value;
}

/* A table several threads fill at once. Its count of records is taken QUOTA_BATCH records at a
 * time by each stack (table_refill()) before a move is tried, so that a thread never finds the
 * table full in the middle of a visit; when the count would pass table->cap (the point the table
 * grows at, or seven eighths once it cannot grow), the stack stops before its move and the table
 * grows while no thread uses it (pool_grow()). A slot is claimed by a compare-and-swap of its
 * first word; the second, written after it, holds the rest of the key and the value together, so
 * a record is never half of one key and half of another. Two threads may still add the same
 * position twice, or one may lose the other's lower pass or extra pointer in a record: each only
 * makes a position searched again, never one skipped that no stack searches. */
#define QUOTA_BATCH   64
#define VISIT_RECORDS 2   /* the most one visit() adds */

static gboolean
table_refill (Table *table,
              guint *quota)
{
  gsize used = __atomic_add_fetch (&table->set.used, QUOTA_BATCH, __ATOMIC_RELAXED);

  if (used > table->cap)
    {
      __atomic_sub_fetch (&table->set.used, QUOTA_BATCH, __ATOMIC_RELAXED);
      return FALSE;
    }
  *quota += QUOTA_BATCH;
  return TRUE;
}

static gboolean
table_take (Table *table,
            guint *quota)
{
  if (*quota == 0 && !table_refill (table, quota))
    return FALSE;
  --*quota;
  return TRUE;
}

static guint64 *
table_slot_concurrent (Table         *table,
                       const guint64 *record,
                       gboolean       insert,
                       guint         *quota,
                       gboolean      *found)
{
  PatSolveSet *set = &table->set;
  guint64 j;

  for (j = pat_solve_set_home (set, table_hash (record));; j = pat_solve_set_next (set, j))
    {
      guint64 *slot = pat_solve_set_at (set, j);
      guint64 first = __atomic_load_n (&slot[0], __ATOMIC_ACQUIRE);

      if (first == 0)
        {
          if (!insert || !table_take (table, quota))
            return NULL;
          if (__atomic_compare_exchange_n (&slot[0], &first, record[0], FALSE, __ATOMIC_ACQ_REL,
                                           __ATOMIC_ACQUIRE))
            {
              __atomic_store_n (&slot[1], record[1], __ATOMIC_RELEASE);
              *found = FALSE;
              return slot;
            }
          /* Another thread took it first: see whose it is. */
          ++*quota;
        }
      if (first == record[0] &&
          ((__atomic_load_n (&slot[1], __ATOMIC_ACQUIRE) ^ record[1]) & ~table->value_bits) == 0)
        {
          *found = TRUE;
          return slot;
        }
    }
}

/* The record of @key: the one that holds it (*found set), or a new one holding @bits as its value;
 * NULL when the table is full. A new record is never seen without its value: with several threads,
 * a value of 0 read before it was written would claim a visit in pass 0. */
static guint64 *
table_slot (Table    *table,
            Key       key,
            guint64   bits,
            guint    *quota,
            gboolean *found)
{
  guint64 record[2] = { key.a | PAT_SOLVE_SET_USED, (key.b & ~table->value_bits) | bits };

  if (G_UNLIKELY (table->concurrent))
    return table_slot_concurrent (table, record, TRUE, quota, found);
  return pat_solve_set_insert (&table->set, table_hash (record), record, found);
}

/* Sets the value bits of @slot, a record of @key, to @bits. */
static inline void
table_store (Table   *table,
             guint64 *slot,
             Key      key,
             guint64  bits)
{
  guint64 word = (key.b & ~table->value_bits) | bits;

  if (G_UNLIKELY (table->concurrent))
    __atomic_store_n (&slot[1], word, __ATOMIC_RELAXED);
  else
    slot[1] = word;
}

static inline guint64
table_value (const Table   *table,
             const guint64 *slot)
{
  return (table->concurrent ? __atomic_load_n (&slot[1], __ATOMIC_RELAXED) : slot[1])
         & table->value_bits;
}

/* Records a visit with @value (see Table); returns SEEN when an earlier visit covers it. */
static Visit
table_visit (Table   *table,
             Key      key,
             guint    value,
             guint   *quota)
{
  gboolean found;
  guint64 *slot = table_slot (table, key, table_record (table, 0, value), quota, &found);
  guint64 stored;

  if (slot == NULL)
    return FULL;
  if (!found)
    return NEW;
  stored = table_value (table, slot);
  if (table_covers (table, stored, value))
    return SEEN;
  table_store (table, slot, key, table_record (table, stored, value));
  return NEW;
}

/* Per-pass die: the lowest pass a position was visited in with any pointer, kept under a key of
 * its own. Returns the pass, or G_MAXUINT when there is none. */
static guint
table_first_pass (Table *table,
                  Key    key)
{
  guint64 record[2] = { key.a | PAT_SOLVE_SET_USED, key.b & ~table->value_bits };
  const guint64 *slot;
  gboolean found;

  if (G_UNLIKELY (table->concurrent))
    slot = table_slot_concurrent (table, record, FALSE, NULL, &found);
  else
    slot = pat_solve_set_lookup (&table->set, table_hash (record), record);
  return slot != NULL ? (guint) table_value (table, slot) : G_MAXUINT;
}

static gboolean
table_note_pass (Table *table,
                 Key    key,
                 guint  round,
                 guint *quota)
{
  gboolean found;
  guint64 *slot = table_slot (table, key, round, quota, &found);

  if (slot == NULL)
    return FALSE;
  if (found && table_value (table, slot) > round)
    table_store (table, slot, key, round);
  return TRUE;
}

/* Memory. */

static gsize
stack_bytes (const Search *s)
{
  return sizeof (Search) + s->children_size * sizeof (Child) + s->frames_size * sizeof (Frame) +
         s->line_size * sizeof (Played);
}

/* The most the search had allocated at any one time (the root's Search too), or a little more:
 * never more than the budget. */
static gsize
memory_peak (const Shared *sh)
{
  return sizeof (Shared) + sizeof (Search) + sh->seen.set.peak_bytes + sh->stack_peak;
}

/* Moves and their undoing, keeping the hash up to date. */

/* A tableau pile's key is the sum of its cards' tokens' keys, one for each depth; the tableau's is
 * the sum of its piles' keys each put through a mixer, so that the piles' order does not count
 * but which pile a card lies in does. A pile used to be hashed as the pairs of a card and the card
 * under it, XORed, which tell the piles apart only when no two cards are alike: with twins hashed
 * alike, the Seven of diamonds on one of the black Eights and the other Eight alone gave the key
 * of the Seven on the other Eight, so the relaxation could prove a won deal lost (deal 7339 with
 * the die rolled once a game; the test's hand-made position with every twin exchangeable). */
static inline const Key *
z_card (const Shared *sh,
        guint         card,
        guint         depth)
{
  return &sh->z_tableau[sh->tok[card]][depth];
}

/* SplitMix64's finaliser with the multipliers @m1 and @m2. */
static inline guint64
mix64 (guint64 z,
       guint64 m1,
       guint64 m2)
{
  z = (z ^ (z >> 30)) * m1;
  z = (z ^ (z >> 27)) * m2;
  return z ^ (z >> 31);
}

static inline Key
pile_mix (Key k)
{
  return (Key) {
    mix64 (k.a, G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9), G_GUINT64_CONSTANT (0x94d049bb133111eb)),
    mix64 (k.b, G_GUINT64_CONSTANT (0xff51afd7ed558ccd), G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53)),
  };
}

/* Pile @t's key becomes @pile_hash. */
static inline void
pile_rehash (Search *s,
             guint   t,
             Key     pile_hash)
{
  Key new = pile_mix (pile_hash);

  key_sub (&s->tableau_sum, &s->pile_mixed[t]);
  key_add (&s->tableau_sum, &new);
  s->pile_hash[t] = pile_hash;
  s->pile_mixed[t] = new;
}

static inline void
tableau_push (Search *s,
              guint   t,
              guint   card)
{
  guint n = s->n_tableau[t];
  Key pile_hash = s->pile_hash[t];

  key_add (&pile_hash, z_card (s->sh, card, n));
  pile_rehash (s, t, pile_hash);
  s->tableau[t][n] = (guint8) card;
  s->n_tableau[t] = n + 1;
}

static inline guint
tableau_pop (Search *s,
             guint   t)
{
  guint n = s->n_tableau[t] - 1;
  guint card = s->tableau[t][n];
  Key pile_hash = s->pile_hash[t];

  key_sub (&pile_hash, z_card (s->sh, card, n));
  pile_rehash (s, t, pile_hash);
  s->n_tableau[t] = n;
  return card;
}

/* Moves the top @count cards of tableau pile @from onto pile @to. */
static void
tableau_move (Search *s,
              guint   from,
              guint   to,
              guint   count)
{
  guint nf = s->n_tableau[from] - count;
  guint nt = s->n_tableau[to];
  Key from_hash = s->pile_hash[from];
  Key to_hash = s->pile_hash[to];
  guint i;

  for (i = 0; i < count; i++)
    {
      key_sub (&from_hash, z_card (s->sh, s->tableau[from][nf + i], nf + i));
      key_add (&to_hash, z_card (s->sh, s->tableau[from][nf + i], nt + i));
    }
  pile_rehash (s, from, from_hash);
  pile_rehash (s, to, to_hash);
  memcpy (&s->tableau[to][nt], &s->tableau[from][nf], count);
  s->n_tableau[from] = nf;
  s->n_tableau[to] = nt + count;
}

static inline void
found_push (Search *s,
            guint   card)
{
  guint suit = card_suit (card);

  key_xor (&s->hash, &s->sh->z_found[suit][s->found[suit]]);
  s->found[suit]++;
  key_xor (&s->hash, &s->sh->z_found[suit][s->found[suit]]);
  s->n_found++;
}

static inline void
found_pop (Search *s,
           guint   card)
{
  guint suit = card_suit (card);

  key_xor (&s->hash, &s->sh->z_found[suit][s->found[suit]]);
  s->found[suit]--;
  key_xor (&s->hash, &s->sh->z_found[suit][s->found[suit]]);
  s->n_found--;
}

/* @key with the reserve's top card taken off. */
static inline void
key_take_reserve (const Search *s,
                  Key          *key)
{
  key_xor (key, &s->sh->z_reserve[s->n_reserve]);
  key_xor (key, &s->sh->z_reserve[s->n_reserve - 1]);
}

static inline guint
reserve_pop (Search *s)
{
  key_take_reserve (s, &s->hash);
  s->n_reserve--;
  return s->reserve[s->n_reserve];
}

static inline void
reserve_push (Search *s)
{
  key_xor (&s->hash, &s->sh->z_reserve[s->n_reserve]);
  s->n_reserve++;
  key_xor (&s->hash, &s->sh->z_reserve[s->n_reserve]);
}

/* The rules refill every empty tableau pile from the reserve after each move. */
static guint
refill (Search *s)
{
  guint mask = 0;
  guint t;

  for (t = 0; t < N_TABLEAU && s->n_reserve > 0; t++)
    if (s->n_tableau[t] == 0)
      {
        tableau_push (s, t, reserve_pop (s));
        mask |= 1u << t;
      }
  return mask;
}

static void
unrefill (Search *s,
          guint   mask)
{
  guint t;

  for (t = N_TABLEAU; t-- > 0;)
    if (mask & (1u << t))
      {
        tableau_pop (s, t);
        reserve_push (s);
      }
}

/* Takes @more bytes of the stacks' budget (FALSE when it has not that much left), or gives back
 * -@more; stacks on several threads share it. */
static gboolean
stack_charge (Shared *sh,
              gssize  more)
{
  gsize now = __atomic_add_fetch (&sh->stack_bytes, (gsize) more, __ATOMIC_RELAXED);
  gsize peak;

  if (more > 0 && now > sh->stack_budget)
    {
      __atomic_sub_fetch (&sh->stack_bytes, (gsize) more, __ATOMIC_RELAXED);
      return FALSE;
    }
  peak = __atomic_load_n (&sh->stack_peak, __ATOMIC_RELAXED);
  while (now > peak &&
         !__atomic_compare_exchange_n (&sh->stack_peak, &peak, now, TRUE, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED))
    ;
  return TRUE;
}

/* Grows @array to hold @needed elements, within the stacks' budget: FALSE when that or the
 * allocation fails. */
static gboolean
grow (Shared   *sh,
      gpointer *array,
      gsize    *size,
      gsize     needed,
      gsize     element)
{
  gsize n = MAX (*size, 32);
  gsize more;
  gpointer p;

  while (n < needed)
    n *= 2;
  if (n == *size)
    return TRUE;
  more = (n - *size) * element;
  if (!stack_charge (sh, (gssize) more))
    return FALSE;
  p = g_try_realloc_n (*array, n, element);
  if (p == NULL)
    {
      stack_charge (sh, -(gssize) more);
      return FALSE;
    }
  *array = p;
  *size = n;
  return TRUE;
}

static void
play (Search     *s,
      const Move *move)
{
  Played *p = &s->line[s->n_line++];
  guint card = 0;

  p->move = *move;
  p->ptr = (guint8) s->ptr;
  p->die = s->die;
  p->round = s->round;
  p->pending = (guint8) s->pending;
  if (s->sh->open_talon)
    s->pending = move->kind == MOVE_TALON && move->to != TO_FOUNDATION ? move->to : N_TABLEAU;

  switch ((MoveKind) move->kind)
    {
    case MOVE_TALON:
      card = s->talon[move->from];
      memmove (&s->talon[move->from], &s->talon[move->from + 1], s->n_talon - move->from - 1);
      s->n_talon--;
      key_xor (&s->hash, &s->sh->z_talon[card]);
      s->ptr = move->from;
      if (move->count)
        {
          s->round = move->round;
          s->die = (guint8) roll (s, s->round);
        }
      break;
    case MOVE_RESERVE:
      card = reserve_pop (s);
      break;
    case MOVE_TOP:
      card = tableau_pop (s, move->from);
      break;
    case MOVE_TWIN:
      {
        guint top = tableau_top (s, move->from);

        s->tableau[move->from][s->n_tableau[move->from] - 1] = s->tableau[move->count][move->round];
        s->tableau[move->count][move->round] = (guint8) top;
        card = tableau_pop (s, move->from);
      }
      break;
    case MOVE_PILE:
      p->move.count = (guint8) s->n_tableau[move->from];
      card = s->tableau[move->from][0];
      tableau_move (s, move->from, move->to, p->move.count);
      break;
    default:
      g_assert_not_reached ();
    }

  if (move->kind != MOVE_PILE)
    {
      if (move->to == TO_FOUNDATION)
        found_push (s, card);
      else
        tableau_push (s, move->to, card);
    }
  p->card = (guint8) card;
  p->refill = (guint8) refill (s);
}

static void
unplay (Search *s)
{
  const Played *p = &s->line[--s->n_line];
  const Move *move = &p->move;
  guint card = p->card;

  s->pending = p->pending;
  unrefill (s, p->refill);
  if (move->kind == MOVE_PILE)
    {
      tableau_move (s, move->to, move->from, move->count);
      return;
    }

  if (move->to == TO_FOUNDATION)
    found_pop (s, card);
  else
    tableau_pop (s, move->to);

  switch ((MoveKind) move->kind)
    {
    case MOVE_TALON:
      memmove (&s->talon[move->from + 1], &s->talon[move->from], s->n_talon - move->from);
      s->talon[move->from] = (guint8) card;
      s->n_talon++;
      key_xor (&s->hash, &s->sh->z_talon[card]);
      s->ptr = p->ptr;
      s->round = p->round;
      s->die = p->die;
      break;
    case MOVE_RESERVE:
      reserve_push (s);
      break;
    case MOVE_TOP:
      tableau_push (s, move->from, card);
      break;
    case MOVE_TWIN:
      tableau_push (s, move->from, card);
      s->tableau[move->from][s->n_tableau[move->from] - 1] = s->tableau[move->count][move->round];
      s->tableau[move->count][move->round] = (guint8) card;
      break;
    case MOVE_PILE:
    default:
      g_assert_not_reached ();
    }
}

static void
unplay_to (Search *s,
           gsize   n_line)
{
  while (s->n_line > n_line)
    unplay (s);
}

/* Whether @card may go to its foundation at once: no card that could be built on it in the
 * tableau is left outside the foundations. The rule is the rules module's; the test that the card
 * fits its foundation comes first and is the fast path, so the call through the hook is made only
 * for a card that could go up. Profiled on deal 83 the hook itself took 1.5 % of the samples and
 * the inlined fits test around it most of play_safe_moves: inlining the hook would not pay. */
static inline gboolean
safe_to_found (const Search *s,
               guint         card)
{
  return fits_foundation (s, card) &&
         (!(s->sh->exchangeable >> card & 1) ||
          s->found[card_suit (twin_of (card))] > relative_rank (s, twin_of (card))) &&
         pat_rules_demon.safe_to_foundation ((PatCard) card, s->base_rank, s->found);
}

static void
play_safe_moves (Search *s)
{
  gboolean again = TRUE;

  while (again)
    {
      guint t;

      again = FALSE;
      if (s->n_reserve > 0 && safe_to_found (s, s->reserve[s->n_reserve - 1]))
        {
          Move m = { MOVE_RESERVE, 0, TO_FOUNDATION, 0, 0 };

          play (s, &m);
          again = TRUE;
        }
      for (t = 0; t < N_TABLEAU; t++)
        if (s->n_tableau[t] > 0 && safe_to_found (s, tableau_top (s, t)))
          {
            Move m = { MOVE_TOP, (guint8) t, TO_FOUNDATION, 0, 0 };

            play (s, &m);
            again = TRUE;
          }
      /* With the talon open, any talon card: no later turn depends on where it was. */
      if (s->sh->open_talon)
        for (t = 0; t < s->n_talon; t++)
          if (safe_to_found (s, s->talon[t]))
            {
              Move m = { MOVE_TALON, (guint8) t, TO_FOUNDATION, 0, 0 };

              play (s, &m);
              again = TRUE;
              break;
            }
    }
}

/* Where @card lies in the tableau: FALSE when it is not there. */
static gboolean
tableau_find (const Search *s,
              guint         card,
              guint        *pile,
              guint        *index)
{
  guint t, j;

  for (t = 0; t < N_TABLEAU; t++)
    for (j = 0; j < s->n_tableau[t]; j++)
      if (s->tableau[t][j] == card)
        {
          *pile = t;
          *index = j;
          return TRUE;
        }
  return FALSE;
}

/* Move generation, the likeliest moves first. */

typedef struct {
  guint8  pos;
  guint8  later;   /* in a later pass, per-pass die: the die is rolled again */
  guint16 round;
} TalonCard;

static inline void
add_move (Search  *s,
          guint    kind,
          guint    from,
          guint    to,
          guint    count,
          guint16  round)
{
  Move *m = &s->children[s->n_children++].move;

  m->kind = (guint8) kind;
  m->from = (guint8) from;
  m->to = (guint8) to;
  m->count = (guint8) count;
  m->round = round;
}

G_STATIC_ASSERT (sizeof (Child) == 32);

static inline void
add_talon_move (Search          *s,
                const TalonCard *card,
                guint            to)
{
  add_move (s, MOVE_TALON, card->pos, to, card->later, card->round);
}

static inline guint
turn_size (const Search *s)
{
  return s->die != 0 ? s->die : CARDS_PER_TURN;
}

/* The talon positions a pass turning @n at a time from an empty waste stops at. */
static guint64
full_pass (guint n_talon,
           guint n)
{
  guint64 shown = 0;
  guint k = 0;

  while (k < n_talon)
    {
      k = MIN (k + n, n_talon);
      shown |= G_GUINT64_CONSTANT (1) << (k - 1);
    }
  return shown;
}

static guint
add_pass (TalonCard *out,
          guint      n_out,
          guint64    shown,
          gboolean   later,
          guint16    round)
{
  while (shown != 0)
    {
      guint q = (guint) __builtin_ctzll (shown);

      shown &= shown - 1;
      out[n_out].pos = (guint8) q;
      out[n_out].later = (guint8) later;
      out[n_out].round = round;
      n_out++;
    }
  return n_out;
}

/* full_pass() from the table load() fills. */
static inline guint64
pass_stops (const Search *s,
            guint         n_talon,
            guint         n)
{
  return s->sh->stops[n_talon][n];
}

/* Every talon card that can be brought to the top of the waste, each once, with the pass to play
 * it in; the rest of this pass first. */
static guint
reachable_talon (Search    *s,
                 TalonCard *out)
{
  guint n_talon = s->n_talon;
  guint n = turn_size (s);
  guint64 current;
  guint n_out;

  if (n_talon == 0)
    return 0;

  /* The rest of this pass stops where a pass of the cards after the pointer would. */
  current = pass_stops (s, n_talon - s->ptr, n) << s->ptr;
  if (s->ptr > 0)
    current |= G_GUINT64_CONSTANT (1) << (s->ptr - 1);
  n_out = add_pass (out, 0, current, FALSE, s->round);

  if (s->variant != PAT_DIE_PER_PASS)
    return add_pass (out, n_out, pass_stops (s, n_talon, n) & ~current, FALSE, s->round);

  {
    guint first[7] = { 0 };
    guint seen = 0;
    guint v;

    if (s->round >= LAST_ROUND)
      first[roll (s, LAST_ROUND)] = LAST_ROUND;
    else
      {
        guint last = MIN ((guint) s->round + PASSES_AHEAD, LAST_ROUND);
        guint r;

        for (r = (guint) s->round + 1; r <= last && seen != 0x7e; r++)
          {
            v = roll (s, r);
            if (!(seen & (1u << v)))
              {
                seen |= 1u << v;
                first[v] = r;
              }
          }
      }

    for (v = 1; v <= 6; v++)
      if (first[v] != 0)
        {
          guint64 shown = pass_stops (s, n_talon, v);

          if (first[v] > s->sh->safe_rounds)
            g_atomic_int_set (&s->sh->past_safe_rounds, TRUE);

          /* The same roll in this pass does as well with a lower pass number. */
          if (v == s->die)
            shown &= ~current;
          n_out = add_pass (out, n_out, shown, TRUE, (guint16) first[v]);
        }
  }
  return n_out;
}

/* Makes room for @needed children; on failure marks the search out of memory. */
static gboolean
grow_children (Search *s,
               gsize   needed)
{
  if (needed <= s->children_size)
    return TRUE;
  if (!grow (s->sh, (gpointer *) &s->children, &s->children_size, needed, sizeof (Child)))
    {
      s->out_of_memory = TRUE;
      return FALSE;
    }
  return TRUE;
}

/* With the talon open (one card a turn for the whole game, or a die rolled every pass taken so), a
 * talon card put on the tableau must have something put on it by the next move: the moves onto
 * pile `pending`. Any winning line can be made so: in a shortest one that puts each talon card on
 * the tableau as late as it can, the move after such a card's is a move onto it. A move that does
 * not involve the card could go first (the card waits in the talon, open as ever, and the pile's
 * top under it is left alone); one that takes the card on, alone or with the whole pile, could take
 * the card there from the talon or carry the pile without it and then take the card (the same
 * length or shorter); and one that puts it on its foundation leaves a shorter line. In the
 * relaxation, exchanging the card with its twin counts as a move onto it. No safe move can follow
 * the card's: the foundations did not change. */
static guint
generate_onto_pending (Search          *s,
                       const TalonCard *talon,
                       guint            n_talon_cards,
                       guint            reserve_top)
{
  guint x = s->pending;
  guint top = tableau_top (s, x);
  gsize start = s->n_children;
  guint i, t;

  if (reserve_top != PAT_NO_CARD && fits (s, reserve_top, top))
    add_move (s, MOVE_RESERVE, 0, x, 0, 0);
  for (t = 0; t < N_TABLEAU; t++)
    if (t != x && s->n_tableau[t] > 0 && fits (s, s->tableau[t][0], top))
      add_move (s, s->n_tableau[t] > 1 ? MOVE_PILE : MOVE_TOP, t, x, 0, 0);
  for (i = 0; i < n_talon_cards; i++)
    if (fits (s, s->talon[talon[i].pos], top))
      add_talon_move (s, &talon[i], x);
  for (t = 0; t < N_TABLEAU; t++)
    if (t != x && s->n_tableau[t] > 1 && fits (s, tableau_top (s, t), top))
      add_move (s, MOVE_TOP, t, x, 0, 0);
  if (s->sh->exchangeable >> top & 1)
    for (t = 0; t < N_TABLEAU; t++)
      if (t != x && s->n_tableau[t] > 0 && tableau_top (s, t) == twin_of (top) &&
          fits_foundation (s, top))
        add_move (s, MOVE_TWIN, t, TO_FOUNDATION, x, (guint16) (s->n_tableau[x] - 1));
  return (guint) (s->n_children - start);
}

static guint
generate (Search *s)
{
  TalonCard talon[PAT_N_CARDS * 7];
  guint n_talon_cards = reachable_talon (s, talon);
  gsize start = s->n_children;
  guint reserve_top = s->n_reserve > 0 ? s->reserve[s->n_reserve - 1] : PAT_NO_CARD;
  guint empty = N_TABLEAU;
  guint64 needed = 0;
  guint64 accepted = 0;
  guint16 to_found[PAT_N_CARDS * 7];     /* the talon cards a foundation takes, in order */
  guint16 to_tableau[PAT_N_CARDS * 7];   /* ... and those some tableau card takes */
  guint n_to_found = 0, n_to_tableau = 0;
  guint i, t, u;

  /* A talon card goes to its foundation, on two piles at most (no more cards fit) and into an
   * empty one; the reserve's card and the tableau's move at most 5 + 4 + 12 + 12 + 4 ways. */
  if (!grow_children (s, s->n_children + 4 * n_talon_cards + 37))
    return 0;

  for (t = 0; t < 4; t++)
    if (s->found[t] < 13)
      needed |= G_GUINT64_CONSTANT (1) << (t * 13 + (s->base_rank - 1 + s->found[t]) % 13);
  for (t = 0; t < N_TABLEAU; t++)
    {
      if (s->n_tableau[t] > 0)
        accepted |= s->sh->fitting[tableau_top (s, t)];
      else if (empty == N_TABLEAU)
        empty = t;
    }
  /* While the reserve has cards an empty pile only waits for its refill. */
  if (s->n_reserve > 0)
    empty = N_TABLEAU;
  if (s->pending != N_TABLEAU)
    return generate_onto_pending (s, talon, n_talon_cards, reserve_top);
  /* Which of the talon cards go anywhere, without a branch each: most go nowhere. */
  for (i = 0; i < n_talon_cards; i++)
    {
      guint card = s->talon[talon[i].pos];

      to_found[n_to_found] = (guint16) i;
      n_to_found += (guint) (needed >> card & 1);
      to_tableau[n_to_tableau] = (guint16) i;
      n_to_tableau += (guint) (accepted >> card & 1);
    }

  /* To the foundations. */
  if (reserve_top != PAT_NO_CARD && (needed >> reserve_top & 1))
    add_move (s, MOVE_RESERVE, 0, TO_FOUNDATION, 0, 0);
  for (t = 0; t < N_TABLEAU; t++)
    if (s->n_tableau[t] > 0 && (needed >> tableau_top (s, t) & 1))
      add_move (s, MOVE_TOP, t, TO_FOUNDATION, 0, 0);
  for (i = 0; i < n_to_found; i++)
    add_talon_move (s, &talon[to_found[i]], TO_FOUNDATION);
  /* The relaxation: a tableau card as its twin, wherever that one lies in the tableau. */
  if (s->sh->exchangeable != 0)
    for (t = 0; t < N_TABLEAU; t++)
      if (s->n_tableau[t] > 0 && (s->sh->exchangeable >> tableau_top (s, t) & 1))
        {
          guint twin = twin_of (tableau_top (s, t));
          guint pile, index;

          if ((needed >> twin & 1) && tableau_find (s, twin, &pile, &index))
            add_move (s, MOVE_TWIN, t, TO_FOUNDATION, pile, (guint16) index);
        }

  /* The reserve's top card to the tableau. */
  if (reserve_top != PAT_NO_CARD && (accepted >> reserve_top & 1))
    for (t = 0; t < N_TABLEAU; t++)
      if (s->n_tableau[t] > 0 && fits (s, reserve_top, tableau_top (s, t)))
        add_move (s, MOVE_RESERVE, 0, t, 0, 0);

  /* Whole piles, which empty a pile for the reserve or for anything. */
  for (t = 0; t < N_TABLEAU; t++)
    if (s->n_tableau[t] > 0 && (accepted >> s->tableau[t][0] & 1))
      for (u = 0; u < N_TABLEAU; u++)
        if (u != t && s->n_tableau[u] > 0 && fits (s, s->tableau[t][0], tableau_top (s, u)))
          add_move (s, s->n_tableau[t] > 1 ? MOVE_PILE : MOVE_TOP, t, u, 0, 0);

  /* Talon cards to the tableau. */
  for (i = 0; i < n_to_tableau; i++)
    {
      const TalonCard *c = &talon[to_tableau[i]];
      guint card = s->talon[c->pos];

      for (t = 0; t < N_TABLEAU; t++)
        if (s->n_tableau[t] > 0 && fits (s, card, tableau_top (s, t)))
          add_talon_move (s, c, t);
    }

  /* Top cards from one pile to another. */
  for (t = 0; t < N_TABLEAU; t++)
    if (s->n_tableau[t] > 1 && (accepted >> tableau_top (s, t) & 1))
      for (u = 0; u < N_TABLEAU; u++)
        if (u != t && s->n_tableau[u] > 0 && fits (s, tableau_top (s, t), tableau_top (s, u)))
          add_move (s, MOVE_TOP, t, u, 0, 0);

  /* Into an empty pile: which one does not matter, and a whole pile would only change places. */
  if (empty != N_TABLEAU)
    {
      for (t = 0; t < N_TABLEAU; t++)
        if (s->n_tableau[t] > 1)
          add_move (s, MOVE_TOP, t, empty, 0, 0);
      for (i = 0; i < n_talon_cards; i++)
        add_talon_move (s, &talon[i], empty);
    }

  return (guint) (s->n_children - start);
}

/* The key of the current position and the value that goes with it into the visited set: the
 * pointer (0 for one as good as an empty waste), or with a die rolled every pass the pass number
 * (the pointer and the die are then in the key). */
/* Per-pass die: the passes r up to which every stretch of PASSES_AHEAD passes after an earlier
 * pass rolls all six numbers, so that stock turns never end the game while a card can still be
 * played in some pass within reach. */
static void
solve_per_pass_setup (Search *s)
{
  guint count[7] = { 0 };
  guint kinds = 0;
  guint q;

  for (q = 0; q <= LAST_ROUND; q++)
    roll (s, q);
  /* The window holds the rolls of the passes after pass q: q + 1 … q + PASSES_AHEAD. */
  for (q = 1; q <= PASSES_AHEAD; q++)
    if (count[s->sh->rolls[q]]++ == 0)
      kinds++;
  s->sh->safe_rounds = 0;
  for (q = 0; kinds == 6; q++)
    {
      s->sh->safe_rounds = q + 1;
      if (q + 1 + PASSES_AHEAD > LAST_ROUND)
        break;
      if (--count[s->sh->rolls[q + 1]] == 0)
        kinds--;
      if (count[s->sh->rolls[q + 1 + PASSES_AHEAD]]++ == 0)
        kinds++;
    }
  if (s->round > s->sh->safe_rounds)
    s->sh->past_safe_rounds = TRUE;
}

static gboolean
table_setup (Table  *table,
             Search *s)
{
  guint p;

  if (s->variant == PAT_DIE_PER_PASS)
    {
      table->value_bits = ROUND_BITS;
      solve_per_pass_setup (s);
      return TRUE;
    }
  /* The bits left for the key's second word must keep it far from colliding. */
  if (s->n_talon > 40)
    return FALSE;
  table->by_pointer = TRUE;
  table->turn = turn_size (s);
  table->value_bits = (G_GUINT64_CONSTANT (2) << s->n_talon) - 1;
  for (p = 0; p <= s->n_talon; p++)
    table->residues[p % table->turn] |= G_GUINT64_CONSTANT (1) << p;
  return TRUE;
}

/* The visited set's value for the pointer @ptr into @n_talon talon cards, the die aside: 0 for one
 * as good as an empty waste (at the end, or where a pass from an empty waste stops). */
static inline guint
pointer_value (const Search *s,
               guint         ptr,
               guint         n_talon)
{
  return ptr == n_talon || ptr % turn_size (s) == 0 ? 0 : ptr;
}

static Key
position_key (const Search *s,
              guint        *value)
{
  Key key = s->hash;
  guint ptr = s->ptr;

  key_xor (&key, &s->tableau_sum);
  /* The pile a talon card waits on (see generate_onto_pending()), by what it holds: the piles'
   * order does not count. */
  if (s->pending != N_TABLEAU)
    {
      Key pending = s->pile_hash[s->pending];

      key_xor (&pending, &s->sh->z_pending);
      pending = pile_mix (pending);
      key_xor (&key, &pending);
    }
  if (s->variant != PAT_DIE_PER_PASS)
    {
      *value = pointer_value (s, ptr, s->n_talon);
      return key;
    }

  if (s->n_talon == 0)
    {
      *value = 0;
      return key;
    }
  key_xor (&key, &s->sh->z_die[s->die & 7]);
  key_xor (&key, &s->sh->z_ptr[ptr]);
  *value = s->round;
  return key;
}

/* Whether push_frame() may work out its children's keys without playing them (quick_child()):
 * the position's safe moves and refills are all made, and its key is position_key()'s simple one,
 * without the pass, the die's change or a pending pile (a die rolled every pass, an open talon). */
static gboolean
frame_is_quiet (const Search *s)
{
  guint t;

  if (s->variant == PAT_DIE_PER_PASS || s->sh->open_talon || s->pending != N_TABLEAU)
    return FALSE;
  if (s->n_reserve > 0 && safe_to_found (s, s->reserve[s->n_reserve - 1]))
    return FALSE;
  for (t = 0; t < N_TABLEAU; t++)
    if (s->n_tableau[t] == 0 ? s->n_reserve > 0 : safe_to_found (s, tableau_top (s, t)))
      return FALSE;
  return TRUE;
}

/* The tableau's key with pile @t's key changed by @pile_hash. */
static inline Key
tableau_sum_with (const Search *s,
                  Key           sum,
                  guint         t,
                  Key           pile_hash)
{
  Key mixed = pile_mix (pile_hash);

  key_sub (&sum, &s->pile_mixed[t]);
  key_add (&sum, &mixed);
  return sum;
}

/* In a quiet position (frame_is_quiet()), the key of where @c's move leads, found without playing
 * it, as push_frame() would by play(), play_safe_moves() and position_key(): for a talon card, the
 * reserve's card, a top card or a whole pile put on the tableau. Only the cards it uncovers or
 * brings in (the reserve's next one, the one under a top card, the reserve's card that refills an
 * emptied pile) can be new safe moves, as nothing went to the foundations: FALSE, and nothing set,
 * when one is, or for a move to a foundation or a twin's exchange. */
static gboolean
quick_child (const Search *s,
             Child        *c)
{
  const Move *m = &c->move;
  Key key = s->hash;
  Key sum = s->tableau_sum;
  guint ptr = s->ptr;
  guint n_talon = s->n_talon;
  guint to = m->to;
  guint from = m->from;
  guint8 card;
  const guint8 *moved = &card;   /* the cards put on pile `to`, bottom first */
  guint n_moved = 1;
  guint n_to;
  Key to_hash;
  guint i;

  if (to == TO_FOUNDATION)
    return FALSE;
  n_to = s->n_tableau[to];
  if (n_to == 0 && s->n_reserve > 0)
    return FALSE;
  switch ((MoveKind) m->kind)
    {
    case MOVE_TALON:
      card = s->talon[from];
      if (safe_to_found (s, card))
        return FALSE;
      key_xor (&key, &s->sh->z_talon[card]);
      ptr = from;
      n_talon--;
      break;
    case MOVE_RESERVE:
      if (s->n_reserve > 1 && safe_to_found (s, s->reserve[s->n_reserve - 2]))
        return FALSE;
      card = s->reserve[s->n_reserve - 1];
      key_take_reserve (s, &key);
      break;
    case MOVE_TOP:
    case MOVE_PILE:
      {
        guint n = s->n_tableau[from];
        Key from_hash = s->pile_hash[from];

        if (m->kind == MOVE_TOP && n > 1)
          {
            if (safe_to_found (s, s->tableau[from][n - 2]))
              return FALSE;
            card = s->tableau[from][n - 1];
            key_sub (&from_hash, z_card (s->sh, card, n - 1));
          }
        else
          {
            /* The whole pile goes over, and the reserve's card, if any, takes its place: that
             * card and the one it uncovers are the new ones that could be safe. */
            moved = s->tableau[from];
            n_moved = n;
            from_hash = (Key) { 0, 0 };
            if (s->n_reserve > 0)
              {
                guint refill_card = s->reserve[s->n_reserve - 1];

                if (safe_to_found (s, refill_card) ||
                    (s->n_reserve > 1 && safe_to_found (s, s->reserve[s->n_reserve - 2])))
                  return FALSE;
                key_take_reserve (s, &key);
                key_add (&from_hash, z_card (s->sh, refill_card, 0));
              }
          }
        sum = tableau_sum_with (s, sum, from, from_hash);
      }
      break;
    case MOVE_TWIN:
    default:
      return FALSE;
    }

  to_hash = s->pile_hash[to];
  for (i = 0; i < n_moved; i++)
    key_add (&to_hash, z_card (s->sh, moved[i], n_to + i));
  sum = tableau_sum_with (s, sum, to, to_hash);
  key_xor (&key, &sum);
  c->key = key;
  c->value = (guint16) pointer_value (s, ptr, n_talon);
  c->ptr = (guint8) ptr;
  c->die = s->die;
  c->flags = CHILD_NO_SAFE;
  return TRUE;
}

/* Setting up. */

static guint64
splitmix (guint64 *x)
{
  *x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  return mix64 (*x, G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9),
                G_GUINT64_CONSTANT (0x94d049bb133111eb));
}

static void
fill_keys (Key   *keys,
           gsize  n,
           guint64 *seed)
{
  gsize i;

  for (i = 0; i < n; i++)
    {
      keys[i].a = splitmix (seed);
      keys[i].b = splitmix (seed);
    }
}

/* Switches the search to the exact game, to a relaxation in which the @exchangeable twins may
 * change places (see above), or to the game's moves on the positions of such a relaxation, where
 * the @merged twins are hashed alike, and hashes @root's position anew. */
static void
set_relaxed (Search  *root,
             guint64  exchangeable,
             guint64  merged)
{
  Shared *sh = root->sh;
  guint i, t;

  sh->exchangeable = exchangeable;
  sh->merged = merged | exchangeable;
  for (i = 0; i < PAT_N_CARDS; i++)
    sh->tok[i] = (guint8) ((sh->merged >> i & 1) ? MIN (i, twin_of (i)) : i);

  memset (&root->hash, 0, sizeof root->hash);
  memset (&root->tableau_sum, 0, sizeof root->tableau_sum);
  memset (root->pile_hash, 0, sizeof root->pile_hash);
  for (i = 0; i < 4; i++)
    key_xor (&root->hash, &sh->z_found[i][root->found[i]]);
  key_xor (&root->hash, &sh->z_reserve[root->n_reserve]);
  for (i = 0; i < root->n_talon; i++)
    key_xor (&root->hash, &sh->z_talon[root->talon[i]]);
  for (t = 0; t < N_TABLEAU; t++)
    {
      Key mixed;

      for (i = 0; i < root->n_tableau[t]; i++)
        key_add (&root->pile_hash[t], z_card (sh, root->tableau[t][i], i));
      mixed = pile_mix (root->pile_hash[t]);
      root->pile_mixed[t] = mixed;
      key_add (&root->tableau_sum, &mixed);
    }
}

/* Reads @state, with a die rolled every pass as the talon open at every card when @free_talon
 * (see above); FALSE when it is not a Demon position the search can take. */
static gboolean
load (Search         *s,
      const PatState *state,
      gboolean        free_talon)
{
  guint64 seed = G_GUINT64_CONSTANT (0x44656d6f6e536f6c);
  gboolean seen_suit[4] = { FALSE, FALSE, FALSE, FALSE };
  const PatCard *cards;
  guint i, n, t;

  if (state->n_piles != N_PILES || state->base_rank < PAT_ACE || state->base_rank > PAT_KING ||
      pat_state_n_cards (state) != PAT_N_CARDS)
    return FALSE;

  /* The shared tables. */
  fill_keys (&s->sh->z_tableau[0][0],
             G_N_ELEMENTS (s->sh->z_tableau) * G_N_ELEMENTS (s->sh->z_tableau[0]), &seed);
  fill_keys (&s->sh->z_found[0][0],
             G_N_ELEMENTS (s->sh->z_found) * G_N_ELEMENTS (s->sh->z_found[0]), &seed);
  fill_keys (s->sh->z_reserve, G_N_ELEMENTS (s->sh->z_reserve), &seed);
  fill_keys (s->sh->z_talon, G_N_ELEMENTS (s->sh->z_talon), &seed);
  fill_keys (s->sh->z_ptr, G_N_ELEMENTS (s->sh->z_ptr), &seed);
  fill_keys (s->sh->z_die, G_N_ELEMENTS (s->sh->z_die), &seed);
  fill_keys (&s->sh->z_pass, 1, &seed);
  fill_keys (&s->sh->z_pending, 1, &seed);

  s->base_rank = state->base_rank;
  for (i = 0; i < PAT_N_CARDS; i++)
    {
      s->sh->rel[i] = (guint8) ((card_rank (i) + 13 - s->base_rank) % 13);
      for (n = 0; n < PAT_N_CARDS; n++)
        if (fits_on (n, i))
          s->sh->fitting[i] |= G_GUINT64_CONSTANT (1) << n;
    }
  for (i = 0; i <= PAT_N_CARDS; i++)
    for (n = 1; n < G_N_ELEMENTS (s->sh->stops[0]); n++)
      s->sh->stops[i][n] = full_pass (i, n);
  s->variant = state->variant == PAT_DIE_PER_GAME || state->variant == PAT_DIE_PER_PASS
               ? state->variant : PAT_DIE_OFF;
  s->die = s->variant == PAT_DIE_OFF ? 0 : MIN (state->die, 6);
  if (free_talon && s->variant == PAT_DIE_PER_PASS)
    {
      s->variant = PAT_DIE_PER_GAME;
      s->die = 1;
      s->sh->free_talon = TRUE;
    }
  s->sh->open_talon = s->variant == PAT_DIE_PER_GAME && s->die == 1;
  s->pending = N_TABLEAU;
  s->round = state->round;
  s->sh->deal = state->deal;

  for (i = 0; i < 4; i++)
    {
      n = pat_state_pile_len (state, PILE_F1 + i);
      cards = pat_state_pile_cards (state, PILE_F1 + i);
      if (n == 0)
        continue;
      if (n > 13 || seen_suit[card_suit (cards[0])])
        return FALSE;
      seen_suit[card_suit (cards[0])] = TRUE;
      s->found[card_suit (cards[0])] = (guint8) n;
      s->n_found += n;
    }

  n = pat_state_pile_len (state, PILE_RESERVE);
  memcpy (s->reserve, pat_state_pile_cards (state, PILE_RESERVE), n);
  s->n_reserve = n;

  n = pat_state_pile_len (state, PILE_WASTE);
  memcpy (s->talon, pat_state_pile_cards (state, PILE_WASTE), n);
  s->ptr = n;
  cards = pat_state_pile_cards (state, PILE_STOCK);
  for (i = pat_state_pile_len (state, PILE_STOCK); i > 0; i--)
    s->talon[n++] = cards[i - 1];
  s->n_talon = n;

  for (t = 0; t < N_TABLEAU; t++)
    {
      n = pat_state_pile_len (state, PILE_T1 + t);
      cards = pat_state_pile_cards (state, PILE_T1 + t);
      memcpy (s->tableau[t], cards, n);
      s->n_tableau[t] = n;
    }
  set_relaxed (s, 0, 0);
  return TRUE;
}

/* Turning the line into the rules' moves. */

static gboolean
emit (PatState     *state,
      PatMove       move,
      PatSolveLine *out)
{
  if (!pat_rules_try_move (&pat_rules_demon, state, &move, NULL, NULL))
    return FALSE;
  pat_solve_line_push (out, &move);
  return TRUE;
}

static guint
foundation_for (const PatState *state,
                guint           card)
{
  guint f;

  if (card_rank (card) == state->base_rank)
    {
      for (f = PILE_F1; f < PILE_T1; f++)
        if (pat_state_pile_len (state, f) == 0)
          return f;
    }
  else
    {
      for (f = PILE_F1; f < PILE_T1; f++)
        if (pat_state_pile_len (state, f) > 0 &&
            card_suit (pat_state_pile_top (state, f)) == card_suit (card))
          return f;
    }
  return PILE_F1;
}

static gboolean
replay (const Search   *s,
        const PatState *start,
        PatSolveLine   *out)
{
  PatState state = *start;
  gsize i;

  for (i = 0; i < s->n_line; i++)
    {
      const Played *p = &s->line[i];
      guint from, to, count = 1;

      switch ((MoveKind) p->move.kind)
        {
        case MOVE_TALON:
          {
            PatMove turn = { PAT_MOVE_STOCK, PILE_STOCK, PILE_STOCK, 0, 0 };
            gboolean per_pass = s->variant == PAT_DIE_PER_PASS;
            guint turned_over = 0;

            /* No line of the search's plays a card more than PASSES_AHEAD passes on; with the
             * talon taken as open, a card that no pass shows by then is one the rolls keep away. */
            while (pat_state_pile_top (&state, PILE_WASTE) != p->card ||
                   (per_pass && (state.round != p->move.round || (p->move.count && !turned_over))))
              {
                if (pat_state_pile_len (&state, PILE_STOCK) == 0 &&
                    ++turned_over > PASSES_AHEAD + 1)
                  return FALSE;
                if (!emit (&state, turn, out))
                  return FALSE;
              }
            from = PILE_WASTE;
          }
          break;
        case MOVE_RESERVE:
          from = PILE_RESERVE;
          break;
        case MOVE_TOP:
          from = PILE_T1 + p->move.from;
          break;
        case MOVE_PILE:
          from = PILE_T1 + p->move.from;
          count = p->move.count;
          break;
        case MOVE_TWIN:   /* the relaxation's wins are not replayed */
        default:
          return FALSE;
        }
      to = p->move.to == TO_FOUNDATION ? foundation_for (&state, p->card) : PILE_T1 + p->move.to;
      if (!emit (&state, pat_move_cards (from, to, count), out))
        return FALSE;
    }
  return pat_rules_demon.status (&state) == PAT_STATUS_WON;
}

/* The search. */

/* @s's win, replayed from @start into @solution; with the talon taken as open, FALSE without
 * touching @solution when the deal's rolls do not bring a card up (see above). */
static gboolean
solved (Search         *s,
        const PatState *start,
        PatSolution    *solution,
        guint64         nodes,
        PatSolveResult *result)
{
  PatSolveLine line;

  pat_solve_line_init (&line);
  if (!replay (s, start, &line))
    {
      pat_solve_line_clear (&line);
      *result = PAT_SOLVE_LIMIT;
      if (s->sh->free_talon)
        return FALSE;
      /* The search and the rules disagree: a bug, but never a wrong answer. */
      g_warning ("Demon solver: the winning line does not replay");
      *result = pat_solution_set (solution, PAT_SOLVE_LIMIT, nodes, NULL, 0);
      return TRUE;
    }
  *result = pat_solve_line_finish (&line, solution, nodes);
  return TRUE;
}

/* Makes room for one more frame and its line; FALSE when over budget. */
static gboolean
reserve_room (Search *s)
{
  return grow (s->sh, (gpointer *) &s->frames, &s->frames_size, s->depth + 2, sizeof (Frame)) &&
         grow (s->sh, (gpointer *) &s->line, &s->line_size, s->n_line + 2 * PAT_N_CARDS,
               sizeof (Played));
}

/* With a die rolled every pass, a position visited in some pass can, by stock turns alone, get to
 * any later pass with its waste empty and then to each pointer that pass stops at: so those are
 * seen already when the position without its pointer and die was visited in an earlier pass. */
static Visit
visit (Search      *s,
       const Child *c)
{
  Key pass_key = c->key;
  Visit v;

  if (!(c->flags & CHILD_BY_PASS))
    return table_visit (&s->sh->seen, c->key, c->value, &s->quota);

  key_xor (&pass_key, &s->sh->z_die[c->die & 7]);
  key_xor (&pass_key, &s->sh->z_ptr[c->ptr]);
  key_xor (&pass_key, &s->sh->z_pass);
  if ((c->flags & CHILD_AT_STOP) && table_first_pass (&s->sh->seen, pass_key) < c->value)
    return SEEN;
  v = table_visit (&s->sh->seen, c->key, c->value, &s->quota);
  if (v == NEW && !table_note_pass (&s->sh->seen, pass_key, c->value, &s->quota))
    return FULL;
  return v;
}

/* Move ordering: foundation moves, then what brings the reserve out, then the rest; a move that
 * makes room for the reserve's top card, or for a pile to go over and empty its place, before one
 * that does not. */

static gboolean
makes_room (const Search *s,
            guint         card,
            guint         skip_pile)
{
  guint t;

  if (s->n_reserve == 0)
    return FALSE;
  if (fits (s, s->reserve[s->n_reserve - 1], card))
    return TRUE;
  for (t = 0; t < N_TABLEAU; t++)
    if (t != skip_pile && s->n_tableau[t] > 0 && fits (s, s->tableau[t][0], card))
      return TRUE;
  return FALSE;
}

static gint32
move_score (const Search *s,
            const Move   *move)
{
  switch ((MoveKind) move->kind)
    {
    case MOVE_RESERVE:
      return move->to == TO_FOUNDATION ? 105 : 90;
    case MOVE_TALON:
      if (move->to == TO_FOUNDATION)
        return 100;
      if (s->n_tableau[move->to] == 0)
        return 15;
      return makes_room (s, s->talon[move->from], N_TABLEAU) ? 70 : 30;
    case MOVE_TWIN:
      return 101;
    case MOVE_TOP:
      if (move->to == TO_FOUNDATION)
        return 102;
      if (s->n_tableau[move->from] == 1)
        return s->n_reserve > 0 ? 85 : 40;
      if (s->n_tableau[move->to] == 0)
        return 10;
      {
        guint under = s->tableau[move->from][s->n_tableau[move->from] - 2];

        if (fits_foundation (s, under))
          return 65;
        if (makes_room (s, under, move->from))
          return 60;
      }
      return 20;
    case MOVE_PILE:
      return s->n_reserve > 0 ? 85 : 40;
    default:
      return 0;
    }
}

static void
sort_children (Child *children,
               guint  n)
{
  guint i, j;

  for (i = 1; i < n; i++)
    {
      Child c = children[i];

      for (j = i; j > 0 && children[j - 1].score < c.score; j--)
        children[j] = children[j - 1];
      children[j] = c;
    }
}

/* Opens a frame for the current position: its moves, each tried out for the key of where it
 * leads (fetching the visited set's slot early, so that the misses overlap), best first. Returns
 * TRUE, with that move played, when one of them wins. */
static gboolean
push_frame (Search  *s,
            gsize    line,
            guint64 *nodes)
{
  Frame *frame = &s->frames[s->depth];
  gsize first = s->n_children;
  guint n = generate (s);
  gboolean quiet = n > 0 && frame_is_quiet (s);
  guint i;

  frame->first = first;
  frame->line = line;
  frame->next = 0;
  frame->n = n;

  for (i = 0; i < n; i++)
    {
      Child *c = &s->children[first + i];
      gsize mark = s->n_line;
      guint found = s->n_found;
      guint value;

      c->score = move_score (s, &c->move);
      if (quiet && quick_child (s, c))
        {
#ifdef PAT_SOLVE_DEMON_CHECK_QUICK
          Child q = *c;

          play (s, &c->move);
          play_safe_moves (s);
          c->key = position_key (s, &value);
          g_assert (s->n_line == mark + 1);
          g_assert (c->key.a == q.key.a && c->key.b == q.key.b && value == q.value);
          g_assert (s->ptr == q.ptr && s->die == q.die && s->n_found == found);
          unplay_to (s, mark);
#endif
          ++*nodes;
          table_prefetch (&s->sh->seen, c->key);
          continue;
        }
      play (s, &c->move);
      play_safe_moves (s);
      c->flags = s->n_line == mark + 1 ? CHILD_NO_SAFE : 0;
      ++*nodes;
      if (s->n_found == PAT_N_CARDS)
        return TRUE;
      c->key = position_key (s, &value);
      c->value = (guint16) value;
      c->ptr = (guint8) s->ptr;
      c->die = s->die;
      if (s->variant == PAT_DIE_PER_PASS && s->n_talon > 0)
        {
          c->flags |= CHILD_BY_PASS;
          if ((s->ptr == s->n_talon || s->ptr % turn_size (s) == 0) && s->die == roll (s, s->round))
            c->flags |= CHILD_AT_STOP;
        }
      c->score += 10 * (gint32) (s->n_found - found);
      table_prefetch (&s->sh->seen, c->key);
      unplay_to (s, mark);
    }
  sort_children (&s->children[first], n);

  /* On one thread, each child is visited now, while the slots fetched above are at hand, and
   * only the new ones are kept. */
  if (!s->sh->seen.concurrent)
    {
      guint kept = 0;

      for (i = 0; i < n; i++)
        {
          Child *c = &s->children[first + i];

          switch (visit (s, c))
            {
            case SEEN:
              continue;
            case FULL:
              s->out_of_memory = TRUE;
              frame->n = kept;
              s->n_children = first + kept;
              return FALSE;
            case NEW:
            default:
              break;
            }
          c->flags |= CHILD_VISITED;
          if (kept != i)
            s->children[first + kept] = *c;
          kept++;
        }
      frame->n = kept;
      s->n_children = first + kept;
    }
  return FALSE;
}

/* The depth-first search of one stack, resumed where it stopped, until *nodes reaches @until. */
typedef enum {
  RUN_PAUSED,
  RUN_SOLVED,      /* the stack's line wins */
  RUN_EXHAUSTED,
  RUN_FULL,        /* out of memory */
  RUN_LIMIT,       /* the node limit came first */
  RUN_GROW,        /* several threads: the table must grow before the next move */
} Run;

static Run
run (Search  *s,
     guint64 *nodes,
     guint64  until)
{
  while (*nodes < until)
    {
      Frame *frame = &s->frames[s->depth];
      const Child *c;
      gsize mark;

      if (frame->next == frame->n)
        {
          if (s->depth == 0)
            return RUN_EXHAUSTED;
          unplay_to (s, frame->line);
          s->n_children = frame->first;
          s->depth--;
          continue;
        }

      if (G_UNLIKELY (s->sh->seen.concurrent) && s->quota < VISIT_RECORDS &&
          !table_refill (&s->sh->seen, &s->quota))
        return RUN_GROW;
      c = &s->children[frame->first + frame->next++];
      switch ((c->flags & CHILD_VISITED) ? NEW : visit (s, c))
        {
        case SEEN:
          continue;
        case FULL:
          return RUN_FULL;
        case NEW:
        default:
          break;
        }

      mark = s->n_line;
      play (s, &c->move);
      /* The same position as when push_frame() played it: the same safe moves, or none. */
      if (!(c->flags & CHILD_NO_SAFE))
        play_safe_moves (s);
      if (!reserve_room (s))
        return RUN_FULL;
      s->depth++;
      if (push_frame (s, mark, nodes))
        return RUN_SOLVED;
      if (s->out_of_memory)
        return RUN_FULL;
    }
  return RUN_PAUSED;
}

static void
stack_free (Search *s)
{
  /* What it took of the table's count and did not use. */
  if (s->quota > 0)
    __atomic_sub_fetch (&s->sh->seen.set.used, (gsize) s->quota, __ATOMIC_RELAXED);
  stack_charge (s->sh, -(gssize) stack_bytes (s));
  g_free (s->children);
  g_free (s->frames);
  g_free (s->line);
  g_free (s);
}

/* A copy of @from's position and line, to search from on its own. */
static Search *
stack_copy (const Search *from)
{
  Search copy = *from;
  Search *s;

  copy.children = NULL;
  copy.n_children = 0;
  copy.children_size = 0;
  copy.frames = NULL;
  copy.depth = 0;
  copy.frames_size = 0;
  copy.line_size = from->n_line + 2 * PAT_N_CARDS;
  copy.quota = 0;
  if (!stack_charge (from->sh, (gssize) stack_bytes (&copy)))
    return NULL;
  if ((s = g_try_new (Search, 1)) == NULL)
    {
      stack_charge (from->sh, -(gssize) stack_bytes (&copy));
      return NULL;
    }
  *s = copy;
  /* Charged with its line's size, which stack_free() gives back even when it is not there. */
  s->line = g_try_new (Played, copy.line_size);
  if (s->line == NULL)
    {
      stack_free (s);
      return NULL;
    }
  /* The root's line is empty and may be NULL: memcpy() wants valid pointers even for nothing. */
  if (from->n_line > 0)
    memcpy (s->line, from->line, from->n_line * sizeof (Played));
  return s;
}

/* The search runs as several depth-first searches, one from each of the first positions below
 * the root, taking turns a slice of nodes at a time. They share the visited set, so together
 * they search the same space as one would, each position once; but a bad move near the root no
 * longer holds up the search of its siblings until its whole subtree is done. */
#define N_STACKS        128
#define N_STACKS_WIDE   2048
#define WIDE_STACK_ROOM (32 * 1024)   /* the stacks' budget a stack of the wide search may take */
#define NARROW_NODES    G_GUINT64_CONSTANT (2000000)
#define OPEN_TALON_NODES G_GUINT64_CONSTANT (2000000)
#define OPEN_RELAXED_NODES G_GUINT64_CONSTANT (4000000)
#define MERGED_AFTER_NODES G_GUINT64_CONSTANT (5000000)
#define ALL_TWINS       ((G_GUINT64_CONSTANT (1) << PAT_N_CARDS) - 1)
#define SLICE_NODES     4096
#define GUIDE_SHARE     8
#define GUIDE_MIN_NODES G_GUINT64_CONSTANT (10000)
#define MAX_THREADS     64

/* Replaces @stacks' only element, the root, with the positions below it, shallowest first,
 * until there are @n_stacks or all are leaves; each of them gets its first frame. Sets *winner
 * when a move wins. */
static Run
split (GPtrArray  *stacks,
       guint       n_stacks,
       guint64    *nodes,
       guint64     max_nodes,
       Search    **winner)
{
  guint expanded = 0;
  guint i;

  while (stacks->len > 0 && stacks->len < n_stacks && expanded < 4 * n_stacks)
    {
      Search *s = g_ptr_array_steal_index (stacks, 0);
      gsize first;
      guint n;

      expanded++;
      if (max_nodes != 0 && *nodes >= max_nodes)
        {
          g_ptr_array_insert (stacks, 0, s);
          return RUN_LIMIT;
        }
      if (!reserve_room (s))
        {
          g_ptr_array_insert (stacks, 0, s);
          return RUN_FULL;
        }
      if (push_frame (s, s->n_line, nodes))
        {
          *winner = s;
          return RUN_SOLVED;
        }
      if (s->out_of_memory)
        {
          stack_free (s);
          return RUN_FULL;
        }
      first = s->frames[0].first;
      n = s->frames[0].n;
      for (i = 0; i < n; i++)
        {
          const Child *c = &s->children[first + i];
          Search *child;

          switch ((c->flags & CHILD_VISITED) ? NEW : visit (s, c))
            {
            case SEEN:
              continue;
            case FULL:
              stack_free (s);
              return RUN_FULL;
            case NEW:
            default:
              break;
            }
          child = stack_copy (s);
          if (child == NULL)
            {
              stack_free (s);
              return RUN_FULL;
            }
          play (child, &c->move);
          play_safe_moves (child);
          g_ptr_array_add (stacks, child);
        }
      stack_free (s);
    }

  for (i = 0; i < stacks->len; i++)
    {
      Search *s = g_ptr_array_index (stacks, i);

      if (max_nodes != 0 && *nodes >= max_nodes)
        return RUN_LIMIT;
      if (!reserve_room (s))
        return RUN_FULL;
      if (push_frame (s, s->n_line, nodes))
        {
          *winner = g_ptr_array_steal_index (stacks, i);
          return RUN_SOLVED;
        }
      if (s->out_of_memory)
        return RUN_FULL;
    }
  return RUN_PAUSED;
}

/* Several threads. A hard deal's stacks, thousands of them, can take their slices on every core:
 * each thread takes the stack at the head of the queue, runs its slice and puts it back at the
 * tail, so no stack is run by two threads at once, and the visited set is shared as it is between
 * the stacks of one thread (table_slot_concurrent()). That is again the same search, each
 * position's moves all tried by the stack that first visited it, in another order. */
static gboolean
time_left (const PatSolveLimits *limits,
           gint64                deadline)
{
  return deadline == G_MAXINT64 || pat_solve_clock (limits) < deadline;
}

typedef struct {
  GMutex                lock;
  GCond                 changed;      /* a stack came back, the table grew or the search stopped */
  GQueue                waiting;      /* the stacks between two slices */
  guint                 running;      /* the stacks in a slice */
  gboolean              grow;         /* the table must grow before the next slice */
  Table                *table;
  const PatSolveLimits *limits;
  gint64                deadline;
  guint64               max_nodes;
  guint64               nodes;
  guint64               next_progress;
  gboolean              stopped;
  PatSolveResult        result;       /* once stopped: SOLVED, LIMIT (full or out of time or
                                       * positions) or CANCELLED */
  Search               *winner;
} Pool;

/* With every stack between two slices: the stacks give back the records they took and did not
 * use, so the count is exact, and the table grows; FALSE when it is full. */
static gboolean
pool_grow (Pool *pool)
{
  Table *table = pool->table;
  guint64 n_slots = table->set.n_slots;
  GList *l;

  for (l = pool->waiting.head; l != NULL; l = l->next)
    {
      Search *s = l->data;

      table->set.used -= s->quota;
      s->quota = 0;
    }
  if (!pat_solve_set_grow (&table->set))
    return FALSE;
  table->cap = table->set.n_slots > n_slots ? table->set.grow_at
                                             : (gsize) table->set.n_slots / 8 * 7;
  return table->set.used + QUOTA_BATCH <= table->cap;
}

static void
pool_work (Pool     *pool,
           gboolean  caller)
{
  const gint *cancel = pool->limits != NULL ? pool->limits->cancel : NULL;

  g_mutex_lock (&pool->lock);
  while (!pool->stopped && (pool->waiting.length > 0 || pool->running > 0))
    {
      Search *s;
      guint64 start, nodes, until;
      Run r;

      if (pool->grow && pool->running == 0)
        {
          pool->grow = FALSE;
          if (!pool_grow (pool))
            {
              pool->stopped = TRUE;
              pool->result = PAT_SOLVE_LIMIT;
            }
          g_cond_broadcast (&pool->changed);
          continue;
        }
      if (pool->grow || pool->waiting.length == 0)
        {
          g_cond_wait (&pool->changed, &pool->lock);
          continue;
        }

      s = g_queue_pop_head (&pool->waiting);
      pool->running++;
      start = nodes = pool->nodes;
      until = start + SLICE_NODES;
      if (pool->max_nodes != 0)
        until = MIN (until, pool->max_nodes);
      g_mutex_unlock (&pool->lock);
      r = run (s, &nodes, until);
      g_mutex_lock (&pool->lock);
      pool->running--;
      pool->nodes += nodes - start;
      g_cond_broadcast (&pool->changed);

      switch (r)
        {
        case RUN_SOLVED:
          if (!pool->stopped || pool->result != PAT_SOLVE_SOLVED)
            {
              pool->stopped = TRUE;
              pool->result = PAT_SOLVE_SOLVED;
              if (pool->winner != NULL)
                stack_free (pool->winner);
              pool->winner = s;
              s = NULL;
            }
          break;
        case RUN_FULL:
          if (!pool->stopped)
            {
              pool->stopped = TRUE;
              pool->result = PAT_SOLVE_LIMIT;
            }
          break;
        case RUN_EXHAUSTED:
          break;
        case RUN_GROW:
          pool->grow = TRUE;
          G_GNUC_FALLTHROUGH;
        case RUN_PAUSED:
        case RUN_LIMIT:
        default:
          g_queue_push_tail (&pool->waiting, s);
          s = NULL;
          break;
        }
      if (s != NULL)
        stack_free (s);
      if (pool->stopped)
        break;

      if (cancel != NULL && g_atomic_int_get (cancel) != 0)
        pool->result = PAT_SOLVE_CANCELLED;
      else if ((pool->max_nodes != 0 && pool->nodes >= pool->max_nodes) ||
               !time_left (pool->limits, pool->deadline))
        pool->result = PAT_SOLVE_LIMIT;
      else
        {
          if (caller && pool->nodes >= pool->next_progress)
            {
              pool->next_progress = pool->nodes + PROGRESS_INTERVAL;
              if (pool->limits != NULL && pool->limits->progress != NULL)
                pool->limits->progress (pool->nodes, pool->limits->user_data);
            }
          continue;
        }
      pool->stopped = TRUE;
    }
  g_cond_broadcast (&pool->changed);
  g_mutex_unlock (&pool->lock);
}

static gint parallel_runs;

guint
pat_solve_demon_parallel_runs (void)
{
  return (guint) g_atomic_int_get (&parallel_runs);
}

static gpointer
pool_thread (gpointer data)
{
  pool_work (data, FALSE);
  return NULL;
}

/* search()'s loop over @stacks, on @n_threads threads; SOLVED, LIMIT or CANCELLED, or UNSOLVABLE
 * once every stack is exhausted. On one thread the table is the search's alone and the lock is
 * never waited for: the stacks take their slices in turn, in the order split() made them. */
static PatSolveResult
search_pool (Search               *root,
             GPtrArray            *stacks,
             const PatSolveLimits *limits,
             gint64                deadline,
             guint64               max_nodes,
             guint                 n_threads,
             guint64              *nodes,
             Search              **winner)
{
  Shared *sh = root->sh;
  g_autofree GThread **threads = g_new0 (GThread *, n_threads);
  Pool pool = {
    .limits = limits,
    .deadline = deadline,
    .max_nodes = max_nodes,
    .nodes = *nodes,
    .next_progress = *nodes + PROGRESS_INTERVAL,
    .result = PAT_SOLVE_UNSOLVABLE,
    .table = &sh->seen,
  };
  guint i;

  g_mutex_init (&pool.lock);
  g_cond_init (&pool.changed);
  g_queue_init (&pool.waiting);
  for (i = 0; i < stacks->len; i++)
    g_queue_push_tail (&pool.waiting, g_ptr_array_index (stacks, i));
  /* The stacks are the pool's now. */
  g_ptr_array_set_free_func (stacks, NULL);
  g_ptr_array_set_size (stacks, 0);
  g_ptr_array_set_free_func (stacks, (GDestroyNotify) stack_free);

  if (n_threads > 1)
    {
      /* The rolls the threads read, all drawn beforehand (roll() draws them as asked). */
      if (root->variant == PAT_DIE_PER_PASS)
        for (i = 0; i <= LAST_ROUND; i++)
          roll (root, i);
      sh->seen.concurrent = TRUE;
      sh->seen.cap = sh->seen.set.grow_at;
    }
  for (i = 1; i < n_threads; i++)
    threads[i] = g_thread_try_new ("demon-search", pool_thread, &pool, NULL);
  if (n_threads > 1 && threads[1] != NULL)
    g_atomic_int_inc (&parallel_runs);
  pool_work (&pool, TRUE);
  for (i = 1; i < n_threads; i++)
    if (threads[i] != NULL)
      g_thread_join (threads[i]);

  while (pool.waiting.length > 0)
    stack_free (g_queue_pop_head (&pool.waiting));
  if (pool.winner != NULL)
    {
      sh->seen.set.used -= pool.winner->quota;
      pool.winner->quota = 0;
    }
  sh->seen.concurrent = FALSE;
  g_cond_clear (&pool.changed);
  g_mutex_clear (&pool.lock);
  *nodes = pool.nodes;
  *winner = pool.winner;
  if (pool.result == PAT_SOLVE_UNSOLVABLE && sh->past_safe_rounds)
    return PAT_SOLVE_LIMIT;
  return pool.result;
}

/* The whole space below @root, searched by @n_stacks stacks until *nodes reaches @max_nodes (0:
 * no limit), the deadline passes or the table is full (each gives LIMIT); on @n_threads threads
 * after the split. */
static PatSolveResult
search (Search               *root,
        const PatSolveLimits *limits,
        gint64                deadline,
        guint64               max_nodes,
        guint                 n_stacks,
        guint                 n_threads,
        guint64              *nodes,
        Search              **winner)
{
  Shared *sh = root->sh;
  g_autoptr(GPtrArray) stacks = g_ptr_array_new_with_free_func ((GDestroyNotify) stack_free);
  guint value = 0;
  Run r;

  if (root->n_found == PAT_N_CARDS)
    {
      *winner = stack_copy (root);
      return *winner != NULL ? PAT_SOLVE_SOLVED : PAT_SOLVE_LIMIT;
    }
  if (table_visit (&sh->seen, position_key (root, &value), value, &root->quota) == FULL)
    return PAT_SOLVE_LIMIT;
  {
    Search *s = stack_copy (root);

    if (s == NULL)
      return PAT_SOLVE_LIMIT;
    g_ptr_array_add (stacks, s);
  }

  r = split (stacks, n_stacks, nodes, max_nodes, winner);
  if (r == RUN_SOLVED)
    return PAT_SOLVE_SOLVED;
  if (r == RUN_LIMIT || r == RUN_FULL)
    return PAT_SOLVE_LIMIT;
  return search_pool (root, stacks, limits, deadline, max_nodes,
                      stacks->len > 1 ? n_threads : 1, nodes, winner);
}

/* The pair of twins @s's line exchanges first (both cards), or 0 when it exchanges none. */
static guint64
first_exchange (const Search *s)
{
  gsize i;

  for (i = 0; i < s->n_line; i++)
    if (s->line[i].move.kind == MOVE_TWIN)
      return twin_pair (s->line[i].card);
  return 0;
}

/* A copy of the moves of @s's line before its first exchange of twins, a line of the game, and
 * their number in *@n_moves. */
static Move *
line_before_exchange (const Search *s,
                      gsize        *n_moves)
{
  Move *moves;
  gsize n;

  for (n = 0; n < s->n_line; n++)
    if (s->line[n].move.kind == MOVE_TWIN)
      break;
  moves = g_new (Move, n + 1);
  for (gsize i = 0; i < n; i++)
    moves[i] = s->line[i].move;
  *n_moves = n;
  return moves;
}

/* The twins @s's line exchanges (both cards of each pair), which only the relaxation may. */
static guint64
twins_played (const Search *s)
{
  guint64 twins = 0;
  gsize i;

  for (i = 0; i < s->n_line; i++)
    if (s->line[i].move.kind == MOVE_TWIN)
      twins |= twin_pair (s->line[i].card);
  return twins;
}

/* A new search from @root by @n_stacks stacks in a new table (the old one holds positions a stack
 * had not finished, or another search's), of the game, one of its relaxations or the game's moves
 * on a relaxation's positions (see set_relaxed()). */
static PatSolveResult
search_again (Search               *root,
              const PatSolveLimits *limits,
              gint64                deadline,
              guint64               max_nodes,
              guint                 n_stacks,
              gboolean              past_safe_rounds,
              guint64               exchangeable,
              guint64               merged,
              guint64              *nodes,
              Search              **winner)
{
  Shared *sh = root->sh;

  if (!time_left (limits, deadline) || (max_nodes != 0 && *nodes >= max_nodes))
    return PAT_SOLVE_LIMIT;
  sh->past_safe_rounds = past_safe_rounds;
  set_relaxed (root, exchangeable, merged);
  /* The table made at the start, emptied, its memory kept. */
  if (!pat_solve_set_restart (&sh->seen.set))
    return PAT_SOLVE_LIMIT;
  return search (root, limits, deadline, max_nodes, n_stacks, sh->n_threads, nodes, winner);
}

/* The search of what set_relaxed() has made of @root from the end of the first @n_moves of
 * @moves, a line of the game from @root, by N_STACKS stacks in the visited set as it is, until
 * *nodes reaches @max_nodes: a win from there is a win from @root, @moves first. */
static PatSolveResult
search_from (Search               *root,
             const Move           *moves,
             gsize                 n_moves,
             const PatSolveLimits *limits,
             gint64                deadline,
             guint64               max_nodes,
             guint64              *nodes,
             Search              **winner)
{
  Search *from = stack_copy (root);
  PatSolveResult result = PAT_SOLVE_LIMIT;
  gsize i;

  if (from == NULL)
    return PAT_SOLVE_LIMIT;
  for (i = 0; i < n_moves && reserve_room (from); i++)
    play (from, &moves[i]);
  if (i == n_moves && reserve_room (from))
    {
      play_safe_moves (from);
      result = search (from, limits, deadline, max_nodes, N_STACKS, root->sh->n_threads, nodes,
                       winner);
    }
  stack_free (from);
  return result;
}

/* A search of the relaxation of @exchangeable twins (set_relaxed(), @merged with them) that starts
 * where a win of a coarser one first exchanged twins: from the end of @guide, that win's first
 * @n_guide moves, a line of the game from @root; each time it runs out, from one move earlier on
 * the line, back to @root itself; until *nodes has grown by @budget (LIMIT). A search that runs
 * out has tried every move of every position it visited, so each of them is lost (the argument of
 * exactness, above, with any of them as the root): the next search keeps them in the visited set,
 * and together they search the relaxation's whole space when they get back to @root: the last one
 * running out proves it lost (UNSOLVABLE; of the merged search's space, it proves nothing). A win
 * found from any of them is one from @root, the guide's moves first. */
static PatSolveResult
search_guided (Search               *root,
               const Move           *guide,
               gsize                 n_guide,
               const PatSolveLimits *limits,
               gint64                deadline,
               guint64               max_nodes,
               guint64               budget,
               gboolean              past_safe_rounds,
               guint64               exchangeable,
               guint64               merged,
               guint64              *nodes,
               Search              **winner)
{
  Shared *sh = root->sh;
  guint64 until = *nodes + budget;
  gsize j = n_guide + 1;
  PatSolveResult result;

  if (max_nodes != 0)
    until = MIN (until, max_nodes);
  if (!time_left (limits, deadline) || *nodes >= until)
    return PAT_SOLVE_LIMIT;
  sh->past_safe_rounds = past_safe_rounds;
  set_relaxed (root, exchangeable, merged);
  if (!pat_solve_set_restart (&sh->seen.set))
    return PAT_SOLVE_LIMIT;
  do
    result = search_from (root, guide, --j, limits, deadline, until, nodes, winner);
  while (result == PAT_SOLVE_UNSOLVABLE && j > 0);
  return result;
}

/* A hard deal, one the narrow search did not decide, searched by @n_stacks stacks.
 *
 * First the relaxation with every twin exchangeable: it proves some hard lost deals lost at once,
 * and a winnable deal's relaxation is won within a fraction of the time left. A win without an
 * exchange is a win of the game.
 *
 * Then the game's moves on the relaxation's positions: a position stands for all those its twins'
 * exchanges give, so fewer are visited; only one of them is searched on, so running out proves
 * nothing, but a win found is a win of the game (deal 1931: won after 4.1 million positions in
 * all, where the game's search needed 16 million). Three a turn, it wins 183 of the 184 hard deals
 * of 1–10000 that are won within 10 s; the refinements below are what proves the others lost.
 *
 * Then the refinement: the pair of twins the relaxation's win exchanged first is the game's again,
 * and the relaxation is searched anew, until it is proven lost (so is the game), won without an
 * exchange (so is the game), or no twin is left exchangeable: the game itself. One pair at a time
 * takes more refinements than every pair the win exchanged at once, but the lost one keeps more
 * twins exchangeable, and a relaxation with more of them has fewer positions: three a turn, deal
 * 1887 is lost after 18.9 million positions in all (the last relaxation with 23 pairs
 * exchangeable) where every pair at once took 44 million (19 pairs), 5472 after 54 million (18
 * pairs) against 75 million (9); the pair exchanged last instead took 90 million on 5472 and
 * left 4716 and 4819 undecided after 40 s (one thread each).
 *
 * The merged search runs once, after the first relaxation's win, or after the first refinement
 * when the first relaxation was won within MERGED_AFTER_NODES positions. On a lost deal it runs
 * out, proving nothing, after about as many positions as the refinement that proves the loss; on
 * a won deal a cheap first relaxation is mostly followed by a refinement as cheap, won or even
 * won without an exchange. Three a turn, deals 1999, 6247 and 8857 are proved lost by the first
 * refinement after 23.6, 19.3 and 19.2 million positions (the first relaxation took 0.13, 0.02
 * and 4.7 million), where the merged search before it had run out after 18.3, 16.5 and 19.0
 * million: all three `limit` in 10 s before, decided in 6–9 s now. Of the 183 hard deals of
 * 1–10000 whose merged search ran, the won ones took 9 % more positions (at most 4.8 million more
 * a deal; 3408 is won by the first refinement, after 4.8 million in all instead of 20.3), the
 * lost ones 13 % fewer; of the 121 such deals with the die rolled once a game, the won ones 10 %
 * more and the lost ones 12 % fewer (2139: lost after 14.3 million instead of 26.3; 8090, `limit`
 * either way, now spends 14.2 million on a won first refinement). Deals 4076 and 4458 (once a
 * game) take the same searches as before, in another order: 37.7 and 31.8 million positions, on
 * the line of 10 s. A first relaxation that took longer is mostly followed by a refinement
 * that takes as long again (deals 195, 4545, 7321: 15, 11 and 11 million positions each). More
 * refinements first, while they took less than 2 million positions together, cost the won deals
 * about as much again each (deal 3579 was no longer won in 10 s) for a few lost ones decided
 * sooner.
 *
 * Each search after a win, the refinement's and the merged one, starts where that win first
 * exchanged twins and walks back along its line (search_guided()), within an eighth of the
 * positions the last relaxation searched from the start took (GUIDE_SHARE); only when that is not
 * enough does it search from the start, anew. A refinement mostly repeats the search before it
 * up to where that one's win exchanged the pair now refined, and then wins by exchanging another
 * pair there or a few moves back: three a turn, deal 1827 took four refinements in a row of 2.9
 * million positions each, and is now won after 97 million positions in all (more than 142 million
 * undecided before); deal 195's merged search wins after 5,500 positions from its first
 * relaxation's line (17.2 million in all instead of 37.7). A lost relaxation searched so costs
 * about what it costs from the start, a walk cut short its eighth more: deal 5472 is lost after
 * 52.6 million positions instead of 58.5, 7321 after 39.0 instead of 46.8, 4819 after 89.5
 * instead of 88.0. The 48 deals of 1–2000 whose count changed within 20 million positions took
 * 0.92 of the positions (943 won after 5.7 million instead of 9.1; 1540, lost, 9.8 instead of
 * 8.5). Walking back without a limit took as many positions on lost relaxations as from the start
 * or 27 % more (4819), and left 1827 undecided; a limit of half the positions was worse than an
 * eighth on each of 4819, 5472, 7321. */
static PatSolveResult
solve_hard (Search               *root,
            const PatSolveLimits *limits,
            gint64                deadline,
            guint64               max_nodes,
            guint                 n_stacks,
            gboolean              past_safe_rounds,
            guint64              *nodes,
            Search              **winner)
{
  guint64 exchangeable = ALL_TWINS;
  gboolean merged_tried = FALSE;
  guint refinements = 0;
  g_autofree Move *guide = NULL;
  gsize n_guide = 0;
  guint64 full_nodes = 0;

  for (;;)
    {
      PatSolveResult result = PAT_SOLVE_LIMIT;
      guint64 before = *nodes;
      guint64 twins;

      if (guide != NULL)
        {
          result = search_guided (root, guide, n_guide, limits, deadline, max_nodes,
                                  MAX (full_nodes / GUIDE_SHARE, GUIDE_MIN_NODES),
                                  past_safe_rounds, exchangeable, exchangeable, nodes, winner);
          if (result == PAT_SOLVE_UNSOLVABLE || result == PAT_SOLVE_CANCELLED)
            return result;
        }
      if (result != PAT_SOLVE_SOLVED)
        {
          guint64 start = *nodes;

          result = search_again (root, limits, deadline, max_nodes, n_stacks, past_safe_rounds,
                                 exchangeable, exchangeable, nodes, winner);
          full_nodes = *nodes - start;
        }
      if (result != PAT_SOLVE_SOLVED)
        return result;
      twins = first_exchange (*winner);
      if (twins == 0)
        return PAT_SOLVE_SOLVED;
      /* The next searches start where this win first exchanged twins. */
      g_free (guide);
      guide = line_before_exchange (*winner, &n_guide);
      g_clear_pointer (winner, stack_free);
      exchangeable &= ~twins;

      /* A first relaxation won cheaply: the first refinement goes before the merged search. */
      if (refinements++ == 0 && *nodes - before <= MERGED_AFTER_NODES)
        continue;
      if (!merged_tried)
        {
          merged_tried = TRUE;
          result = search_guided (root, guide, n_guide, limits, deadline, max_nodes,
                                  MAX (full_nodes / GUIDE_SHARE, GUIDE_MIN_NODES),
                                  past_safe_rounds, 0, ALL_TWINS, nodes, winner);
          /* Unless it ran out all the way back to the start, having searched what the merged
           * search would (which proves nothing), the merged search from the start. */
          if (result == PAT_SOLVE_LIMIT)
            result = search_again (root, limits, deadline, max_nodes, n_stacks,
                                   past_safe_rounds, 0, ALL_TWINS, nodes, winner);
          if (result == PAT_SOLVE_SOLVED || result == PAT_SOLVE_CANCELLED)
            return result;
          g_clear_pointer (winner, stack_free);
        }
    }
}

/* The game, or with @alone one search from the start of what set_relaxed() makes of
 * @exchangeable and @merged (for the tests), with a die rolled every pass taken as the talon open
 * at every card when @free_talon; FALSE, @solution untouched and *@nodes counted, when the win so
 * found does not replay with the deal's rolls. */
static gboolean solve_demon_once (const PatState       *state,
                                  const PatSolveLimits *limits,
                                  gint64                deadline,
                                  gboolean              free_talon,
                                  gboolean              alone,
                                  gboolean              guided,
                                  guint64               exchangeable,
                                  guint64               merged,
                                  guint64              *nodes,
                                  PatSolveResult       *result,
                                  PatSolution          *solution);

/* A hard deal that turns more than one card at a time: the game with its talon open (one card a
 * turn) has every move of this one, so when that game is lost so is the deal. It is mostly quick to
 * decide, so it goes first, within a quarter of the time left; whatever it wins says nothing: its
 * result counts when it is UNSOLVABLE or CANCELLED (SOLVED only saves the game's search of the
 * open talon). Its relaxation with every twin exchangeable goes first, within OPEN_RELAXED_NODES
 * positions: lost, it proves the deal lost; won without an exchange, the open game is won and
 * its own search would prove nothing; otherwise the open game is searched within
 * OPEN_TALON_NODES. Three a turn, deal 1814 is proved lost by the open game after 1.6 million
 * positions (1.2 s in all), where the game's own search needs 78 million; deal 1155 by the open
 * relaxation after 3.5 million (1.8 s in all), where the open game needs 5.5 million and the
 * deal's own search 69 million (11 s on two threads). A bigger share for the open game costs more
 * than it gives: with half of the time and 8 million positions, 1155 is proved lost too, but the
 * time spent on lost open talons it cannot finish made four other deals of 1–10000 `limit` within
 * 10 s (24 against 22); on two threads a deal, with a quarter of the time and 8 million positions,
 * 1155 was decided in 2.6 s and 9400 fell over the line (14 `limit` either way), seven deals taking
 * 1–3 s longer. */
static PatSolveResult
open_talon_first (const PatState       *state,
                 const PatSolveLimits *limits,
                 gint64                deadline,
                 guint64              *nodes)
{
  PatState open = *state;
  PatSolveLimits relaxed = { 0 };
  PatSolution scratch = { 0 };
  PatSolveResult result;
  guint64 max_nodes = limits != NULL && limits->max_nodes != 0 ? limits->max_nodes : G_MAXUINT64;

  if (limits != NULL)
    relaxed = *limits;
  if (deadline != G_MAXINT64)
    {
      gint64 now = pat_solve_clock (limits);

      deadline = now + MAX (deadline - now, 0) / 4;
    }
  open.variant = PAT_DIE_PER_GAME;
  open.die = 1;
  /* Its relaxation first, with every twin exchangeable. */
  relaxed.max_nodes = MIN (*nodes + OPEN_RELAXED_NODES, max_nodes);
  solve_demon_once (&open, &relaxed, deadline, FALSE, TRUE, FALSE, ALL_TWINS, ALL_TWINS, nodes,
                    &result, &scratch);
  pat_solution_clear (&scratch);
  /* Lost, cancelled, or won without an exchange: the open game is decided. */
  if (result != PAT_SOLVE_LIMIT)
    return result;
  relaxed.max_nodes = MIN (*nodes + OPEN_TALON_NODES, max_nodes);
  solve_demon_once (&open, &relaxed, deadline, FALSE, FALSE, FALSE, 0, 0, nodes, &result,
                    &scratch);
  pat_solution_clear (&scratch);
  return result;
}

static gboolean
solve_demon_once (const PatState       *state,
                  const PatSolveLimits *limits,
                  gint64                deadline,
                  gboolean              free_talon,
                  gboolean              alone,
                  gboolean              guided,
                  guint64               exchangeable,
                  guint64               merged,
                  guint64              *nodes,
                  PatSolveResult       *result,
                  PatSolution          *solution)
{
  Shared *sh = g_try_new0 (Shared, 1);
  Search *root = g_try_new0 (Search, 1);
  Search *winner = NULL;
  gboolean done = TRUE;

  *result = PAT_SOLVE_LIMIT;
  if (sh != NULL && root != NULL)
    {
      gsize budget = pat_solve_memory_budget (limits);
      gsize table_budget;
      guint64 max_nodes = limits != NULL ? limits->max_nodes : 0;
      /* Room for the wide search after the narrow one. */
      gboolean wide = max_nodes == 0 || max_nodes > *nodes + NARROW_NODES;

      /* The stacks are small next to the table, which gets the rest of the budget (the old and
       * the new one together while it grows). */
      sh->stack_budget = budget / 8;
      sh->n_threads = limits != NULL ? CLAMP (limits->threads, 1, MAX_THREADS) : 1;
      table_budget = budget - MIN (budget, sizeof (Shared) + sizeof (Search) + sh->stack_budget);
      root->sh = sh;
      if (table_budget > 0 && load (root, state, free_talon) && table_setup (&sh->seen, root) &&
          table_init (&sh->seen, table_budget))
        {
          gboolean past_safe_rounds = sh->past_safe_rounds;
          guint n_wide = (guint) CLAMP (sh->stack_budget / WIDE_STACK_ROOM,
                                        N_STACKS, N_STACKS_WIDE);

          if (alone && guided)
            {
              /* The guide: the game's line that begins a win of the relaxation with every twin
               * exchangeable. */
              set_relaxed (root, ALL_TWINS, ALL_TWINS);
              *result = search (root, limits, deadline, max_nodes, N_STACKS, sh->n_threads,
                                nodes, &winner);
              if (*result == PAT_SOLVE_SOLVED)
                {
                  gsize n_guide;
                  g_autofree Move *guide = line_before_exchange (winner, &n_guide);

                  g_clear_pointer (&winner, stack_free);
                  *result = search_guided (root, guide, n_guide, limits, deadline, max_nodes,
                                           G_MAXUINT64 / 2, past_safe_rounds, exchangeable,
                                           merged, nodes, &winner);
                }
              if ((*result == PAT_SOLVE_SOLVED && twins_played (winner) != 0) ||
                  (*result == PAT_SOLVE_UNSOLVABLE && (merged & ~exchangeable) != 0))
                *result = PAT_SOLVE_LIMIT;
            }
          else if (alone)
            {
              set_relaxed (root, exchangeable, merged);
              *result = search (root, limits, deadline, max_nodes, N_STACKS, sh->n_threads,
                                nodes, &winner);
              /* A win with an exchange is none of the game's, and running out proves the game
               * lost only when no twins are hashed alike that may not change places. */
              if ((*result == PAT_SOLVE_SOLVED && twins_played (winner) != 0) ||
                  (*result == PAT_SOLVE_UNSOLVABLE && (merged & ~exchangeable) != 0))
                *result = PAT_SOLVE_LIMIT;
            }
          else
            {
              guint64 start = *nodes;

              *result = search (root, limits, deadline, wide ? start + NARROW_NODES : max_nodes,
                                N_STACKS, 1, nodes, &winner);
              /* Not decided in NARROW_NODES: a hard deal. */
              if (wide && *result == PAT_SOLVE_LIMIT && *nodes >= start + NARROW_NODES)
                {
                  /* The open talon's search takes the room of this one's table. */
                  pat_solve_set_clear (&sh->seen.set);
                  if (!sh->open_talon && root->variant != PAT_DIE_PER_PASS)
                    *result = open_talon_first (state, limits, deadline, nodes);
                  if (*result != PAT_SOLVE_UNSOLVABLE && *result != PAT_SOLVE_CANCELLED)
                    *result = solve_hard (root, limits, deadline, max_nodes, n_wide,
                                          past_safe_rounds, nodes, &winner);
                }
            }
        }
      pat_solve_note_memory (memory_peak (sh));
    }

  if (*result == PAT_SOLVE_SOLVED)
    done = solved (winner, state, solution, *nodes, result);
  else
    *result = pat_solution_set (solution, *result, *nodes, NULL, 0);

  if (winner != NULL)
    stack_free (winner);
  if (sh != NULL)
    pat_solve_set_clear (&sh->seen.set);
  g_free (root);
  g_free (sh);
  return done;
}

/* With a die rolled every pass, first with the talon open at every card (see above), and only
 * when its win does not replay with the deal's rolls the exact search, in the time and positions
 * left. */
static PatSolveResult
solve_demon (const PatState       *state,
             const PatSolveLimits *limits,
             gboolean              alone,
             gboolean              guided,
             guint64               exchangeable,
             guint64               merged,
             PatSolution          *solution)
{
  gint64 deadline = pat_solve_deadline (limits);
  PatSolveResult result;
  guint64 nodes = 0;

  if (state->variant == PAT_DIE_PER_PASS &&
      solve_demon_once (state, limits, deadline, TRUE, alone, guided, exchangeable, merged,
                        &nodes, &result, solution))
    {
      pat_solve_set_drop_kept ();
      return result;
    }
  solve_demon_once (state, limits, deadline, FALSE, alone, guided, exchangeable, merged, &nodes,
                    &result, solution);
  pat_solve_set_drop_kept ();
  return result;
}

PatSolveResult
pat_solve_demon (const PatState       *state,
                 const PatSolveLimits *limits,
                 PatSolution          *solution)
{
  return solve_demon (state, limits, FALSE, FALSE, 0, 0, solution);
}

static PatSolveResult
solve_demon_relaxation (const PatState       *state,
                        const PatSolveLimits *limits,
                        gboolean              guided,
                        guint64               exchangeable,
                        PatSolution          *solution)
{
  guint64 twins = 0;
  guint card;

  for (card = 0; card < PAT_N_CARDS; card++)
    if (exchangeable >> card & 1)
      twins |= twin_pair (card);
  return solve_demon (state, limits, TRUE, guided, twins, twins, solution);
}

PatSolveResult
pat_solve_demon_relaxation (const PatState       *state,
                            const PatSolveLimits *limits,
                            guint64               exchangeable,
                            PatSolution          *solution)
{
  return solve_demon_relaxation (state, limits, FALSE, exchangeable, solution);
}

PatSolveResult
pat_solve_demon_relaxation_guided (const PatState       *state,
                                   const PatSolveLimits *limits,
                                   guint64               exchangeable,
                                   PatSolution          *solution)
{
  return solve_demon_relaxation (state, limits, TRUE, exchangeable, solution);
}

PatSolveResult
pat_solve_demon_merged (const PatState       *state,
                        const PatSolveLimits *limits,
                        PatSolution          *solution)
{
  return solve_demon (state, limits, TRUE, FALSE, 0, ALL_TWINS, solution);
}
