/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Idiot's Delight decided as a satisfiability problem: a win exists iff a schedule of the
 * discards does. */

#include "config.h"

#include <picosat/picosat.h>

#include "pat-solver-private.h"

/* A win of Idiot's Delight from a position is a schedule: each card left goes in some window
 * (after deal w and before deal w + 1, w = 0 for before the next deal), at some place in the
 * order of the discards, with one partner (a card of its rank that goes with it, or a higher
 * card of its suit that stays). Conversely, a schedule meeting the conditions below can be
 * played out move by move, so deciding whether one exists decides the position exactly:
 *
 * - every card has exactly one partner, in another pile; a pair is one choice both cards share;
 * - the discards are totally ordered, except that the two cards of a pair go together;
 * - a card goes in a window no earlier than the deal that brings it, or that brings its partner,
 *   and a card that goes before another goes in the same window or an earlier one;
 * - a card is on top when it goes: every card of its pile above it that has come by then has
 *   gone before it; so is its partner, whose pile's cards above it have gone before too;
 * - a higher card that takes a card goes after it.
 *
 * Variables: before (a, b) for the cards left (one for both orders of two cards that cannot
 * pair, as exactly one of them goes first; two for two that can), window[a][w] ("a goes in
 * window w or later", the order encoding), and one per possible partner. The order's
 * transitivity dominates the clauses (two forbidden cycles for three cards no two of which can
 * pair, six clauses otherwise): some 110,000 clauses in all for a whole deck. PicoSAT (a CDCL
 * solver) answers; the moves are read off the model in schedule order and played through the
 * rules, so the winning line given is one the rules accept. */

#define STOCK   0
#define PILE1   1
#define DISCARD 5

typedef struct {
  PicoSAT        *sat;
  guint           n;                      /* cards left */
  guint           last;                   /* the last window: the deals left */
  PatCard         card[PAT_N_CARDS];      /* the cards left, by index */
  guint8          pile[PAT_N_CARDS];      /* by index */
  guint8          time[PAT_N_CARDS];      /* the deal that brings it, 0: in play */
  guint           level[PAT_N_CARDS];     /* place in its pile, bottom 0 */
  int             partner[PAT_N_CARDS][PAT_N_CARDS]; /* partner variable, or 0 */
  const PatSolveLimits *limits;
  gint64          deadline;
  gsize           bytes;
  gsize           peak_bytes;
  gsize           max_bytes;
  gboolean        over_memory;
} Encoding;

/* Whether cards a and b may go together, as a pair. */
static inline gboolean
tie (const Encoding *e,
     guint           a,
     guint           b)
{
  return e->pile[a] != e->pile[b] && pat_card_rank (e->card[a]) == pat_card_rank (e->card[b]);
}

/* "a goes before b": a variable of its own when a and b may tie, else one variable for the
 * two cards, as exactly one of them goes first. */
static inline int
before (const Encoding *e,
        guint           a,
        guint           b)
{
  if (a > b && !tie (e, a, b))
    return -(int) (1 + b * e->n + a);
  return (int) (1 + a * e->n + b);
}

static inline int
window (const Encoding *e,
        guint           a,
        guint           w)
{
  return (int) (1 + e->n * e->n + a * (e->last + 1) + w);
}

static void
clause (Encoding *e,
        int       x,
        int       y,
        int       z)
{
  picosat_add (e->sat, x);
  if (y != 0)
    picosat_add (e->sat, y);
  if (z != 0)
    picosat_add (e->sat, z);
  picosat_add (e->sat, 0);
}

/* Whether card index x lies above index a in their pile once it has come. */
static inline gboolean
above (const Encoding *e,
       guint           x,
       guint           a)
{
  return x != a && e->pile[x] == e->pile[a] && e->level[x] > e->level[a];
}

/* The cards left, their piles, the deal that brings each and their place in their pile. */
static void
read_position (Encoding       *e,
               const PatState *state)
{
  guint pile, k, len = pat_state_pile_len (state, STOCK);

  e->n = 0;
  e->last = (len + 3) / 4;
  for (pile = PILE1; pile < DISCARD; pile++)
    for (k = 0; k < pat_state_pile_len (state, pile); k++)
      {
        e->card[e->n] = pat_state_pile_cards (state, pile)[k];
        e->pile[e->n] = (guint8) pile;
        e->time[e->n] = 0;
        e->level[e->n] = k;
        e->n++;
      }
  for (k = 0; k < len; k++)
    {
      e->card[e->n] = pat_state_pile_cards (state, STOCK)[k];
      e->pile[e->n] = (guint8) (PILE1 + pat_idiot_stock_pile (len, k));
      e->time[e->n] = (guint8) pat_idiot_stock_deal (len, k);
      e->level[e->n] = pat_state_pile_len (state, e->pile[e->n]) + e->time[e->n] - 1;
      e->n++;
    }
}

/* Partner variables, exactly one per card. */
static void
encode_partners (Encoding *e,
                 int      *next_var)
{
  guint a, b, i, j;

  memset (e->partner, 0, sizeof e->partner);
  for (a = 0; a < e->n; a++)
    for (b = 0; b < e->n; b++)
      {
        PatCard ca = e->card[a], cb = e->card[b];

        if (e->pile[a] == e->pile[b])
          continue;
        if (pat_card_rank (ca) == pat_card_rank (cb))
          e->partner[a][b] = b < a ? e->partner[b][a] : (*next_var)++;
        else if (pat_card_suit (ca) == pat_card_suit (cb)
                 && pat_card_rank (cb) > pat_card_rank (ca))
          e->partner[a][b] = (*next_var)++;
      }
  for (a = 0; a < e->n; a++)
    {
      int options[PAT_N_CARDS];
      guint n_options = 0;

      for (b = 0; b < e->n; b++)
        if (e->partner[a][b] != 0)
          options[n_options++] = e->partner[a][b];
      for (i = 0; i < n_options; i++)
        picosat_add (e->sat, options[i]);
      picosat_add (e->sat, 0);
      for (i = 0; i < n_options; i++)
        for (j = i + 1; j < n_options; j++)
          clause (e, -options[i], -options[j], 0);
    }
}

/* Transitivity over three cards: where no two of them may tie, exactly one of each two goes
 * first, and forbidding the two cycles is enough; otherwise each of the six orders is spelled
 * out. */
static void
encode_transitive (Encoding *e,
                   guint     a,
                   guint     b,
                   guint     x)
{
  const guint three[3] = { a, b, x };
  guint i, j, k;

  if (!tie (e, a, b) && !tie (e, b, x) && !tie (e, a, x))
    {
      clause (e, -before (e, a, b), -before (e, b, x), -before (e, x, a));
      clause (e, -before (e, a, x), -before (e, x, b), -before (e, b, a));
      return;
    }
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      for (k = 0; k < 3; k++)
        if (i != j && j != k && i != k)
          clause (e, -before (e, three[i], three[j]), -before (e, three[j], three[k]),
                  before (e, three[i], three[k]));
}

/* The order of the discards: total and transitive, with ties only for a pair, whose two cards
 * then stand in the same place towards every other card and go in the same window. */
static void
encode_order (Encoding *e)
{
  guint a, b, x, w;

  for (a = 0; a < e->n; a++)
    for (b = a + 1; b < e->n; b++)
      {
        int pair = e->partner[a][b];

        if (!tie (e, a, b))
          continue;
        clause (e, -before (e, a, b), -before (e, b, a), 0);
        clause (e, before (e, a, b), before (e, b, a), pair);
        clause (e, -pair, -before (e, a, b), 0);
        clause (e, -pair, -before (e, b, a), 0);
        for (x = 0; x < e->n; x++)
          if (x != a && x != b)
            {
              clause (e, -pair, -before (e, a, x), before (e, b, x));
              clause (e, -pair, -before (e, b, x), before (e, a, x));
              clause (e, -pair, -before (e, x, a), before (e, x, b));
              clause (e, -pair, -before (e, x, b), before (e, x, a));
            }
        for (w = 1; w <= e->last; w++)
          {
            clause (e, -pair, -window (e, a, w), window (e, b, w));
            clause (e, -pair, -window (e, b, w), window (e, a, w));
          }
      }
  for (a = 0; a < e->n; a++)
    for (b = 0; b < e->n; b++)
      if (a != b)
        for (w = e->time[b] + 1; w <= e->last; w++)
          clause (e, -before (e, a, b), -window (e, a, w), window (e, b, w));
  for (a = 0; a < e->n; a++)
    for (b = a + 1; b < e->n; b++)
      for (x = b + 1; x < e->n; x++)
        encode_transitive (e, a, b, x);
}

/* Windows, and the cards on top when they go. */
static void
encode_windows (Encoding *e)
{
  guint a, k, x, w;

  for (a = 0; a < e->n; a++)
    {
      for (w = 1; w <= e->last; w++)
        clause (e, -window (e, a, w), window (e, a, w - 1), 0);
      for (w = 0; w <= e->time[a]; w++)
        clause (e, window (e, a, w), 0, 0);
      for (x = 0; x < e->n; x++)
        if (above (e, x, a))
          clause (e, -window (e, a, e->time[x]), before (e, x, a), 0);
      for (k = 0; k < e->n; k++)
        {
          int p = e->partner[a][k];

          if (p == 0)
            continue;
          clause (e, -p, window (e, a, e->time[k]), 0);
          if (pat_card_rank (e->card[a]) == pat_card_rank (e->card[k]))
            continue;
          clause (e, -p, before (e, a, k), 0);
          for (x = 0; x < e->n; x++)
            if (above (e, x, k))
              clause (e, -p, -window (e, a, e->time[x]), before (e, x, a));
        }
    }
}

static void *
counted_new (void  *data,
             size_t bytes)
{
  Encoding *e = data;

  e->bytes += bytes;
  e->peak_bytes = MAX (e->peak_bytes, e->bytes);
  if (e->bytes > e->max_bytes)
    e->over_memory = TRUE;
  return g_malloc (bytes);
}

static void *
counted_resize (void  *data,
                void  *block,
                size_t old_bytes,
                size_t new_bytes)
{
  Encoding *e = data;

  e->bytes = e->bytes - old_bytes + new_bytes;
  e->peak_bytes = MAX (e->peak_bytes, e->bytes);
  if (e->bytes > e->max_bytes)
    e->over_memory = TRUE;
  return g_realloc (block, new_bytes);
}

static void
counted_delete (void  *data,
                void  *block,
                size_t bytes)
{
  Encoding *e = data;

  e->bytes -= bytes;
  g_free (block);
}

/* PicoSAT asks every 1024 decisions (some 50 ms) whether to stop: on cancel, past the deadline
 * or the memory budget. */
static int
interrupted (void *data)
{
  Encoding *e = data;

  return e->over_memory || pat_solve_should_stop (e->limits, 0, e->deadline) != PAT_SOLVE_SOLVED;
}

/* PicoSAT's answer, PICOSAT_UNKNOWN when a limit stopped it; its decisions count as work. */
static int
decide (Encoding *e,
        guint64  *work)
{
  int limit = -1, answer;

  if (e->over_memory)
    return PICOSAT_UNKNOWN;
  if (e->limits->max_nodes != 0)
    {
      if (*work >= e->limits->max_nodes)
        return PICOSAT_UNKNOWN;
      limit = (int) MIN ((guint64) G_MAXINT, e->limits->max_nodes - *work);
    }
  picosat_set_interrupt (e->sat, e, interrupted);
  answer = picosat_sat (e->sat, limit);
  *work += picosat_decisions (e->sat);
  return answer;
}

/* Plays @move if the rules offer it in @state. */
static gboolean
play (const PatRules *rules,
      PatState       *state,
      PatMove         move,
      GArray         *line)
{
  PatMoveList legal;
  guint i;

  rules->legal_moves (state, &legal);
  for (i = 0; i < legal.n; i++)
    if (legal.moves[i].kind == move.kind && legal.moves[i].from == move.from &&
        (move.kind != PAT_MOVE_PAIR || legal.moves[i].from2 == move.from2))
      {
        rules->apply (state, &legal.moves[i], NULL);
        g_array_append_val (line, legal.moves[i]);
        return TRUE;
      }
  return FALSE;
}

static int
by_schedule (gconstpointer a,
             gconstpointer b)
{
  const guint *x = a, *y = b;

  /* window, then the cards going before, then the card */
  return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1)
         : x[1] != y[1] ? (x[1] < y[1] ? -1 : 1)
         : (int) x[2] - (int) y[2];
}

/* Reads the schedule off the model and plays it from @root: FALSE if the rules refuse it. */
static gboolean
read_line (const Encoding *e,
           const PatRules *rules,
           const PatState *root,
           GArray         *line)
{
  guint slot[PAT_N_CARDS][3];
  PatState state = *root;
  guint a, b, i, dealt = 0;

  for (a = 0; a < e->n; a++)
    {
      slot[a][0] = 0;
      while (slot[a][0] < e->last && picosat_deref (e->sat, window (e, a, slot[a][0] + 1)) == 1)
        slot[a][0]++;
      slot[a][1] = 0;
      for (b = 0; b < e->n; b++)
        if (b != a && picosat_deref (e->sat, before (e, b, a)) == 1)
          slot[a][1]++;
      slot[a][2] = a;
    }
  qsort (slot, e->n, sizeof slot[0], by_schedule);
  for (i = 0; i < e->n; i++)
    {
      PatMove move = { 0, };
      PatCard c = e->card[slot[i][2]];
      guint pile = 0;

      for (; dealt < slot[i][0]; dealt++)
        if (!play (rules, &state, (PatMove) { .kind = PAT_MOVE_STOCK, .from = STOCK }, line))
          return FALSE;
      for (b = PILE1; b < DISCARD; b++)
        if (pat_state_pile_top (&state, b) == c)
          pile = b;
      if (pile == 0)
        return FALSE;
      move = pat_move_cards (pile, DISCARD, 1);
      if (i + 1 < e->n && slot[i + 1][0] == slot[i][0] && slot[i + 1][1] == slot[i][1])
        {
          /* a pair: the next card, in the same place of the order */
          PatCard d = e->card[slot[++i][2]];

          move.kind = PAT_MOVE_PAIR;
          for (b = PILE1; b < DISCARD; b++)
            if (pat_state_pile_top (&state, b) == d)
              {
                move.from = (guint8) MIN (pile, b);
                move.from2 = (guint8) MAX (pile, b);
              }
        }
      if (!play (rules, &state, move, line))
        return FALSE;
    }
  return rules->status (&state) == PAT_STATUS_WON;
}

PatSolveResult
pat_solve_idiot_sat (const PatRules       *rules,
                     const PatState       *state,
                     const PatSolveLimits *limits,
                     guint64              *work,
                     GArray               *line)
{
  gint64 deadline = pat_solve_deadline (limits);
  PatSolveResult result = pat_solve_should_stop (limits, *work, deadline);
  Encoding *e;
  int next_var, answer;

  if (result != PAT_SOLVE_SOLVED)
    return result;
  e = g_new0 (Encoding, 1);
  read_position (e, state);
  e->limits = limits;
  e->deadline = deadline;
  e->max_bytes = pat_solve_memory_budget (limits);
  e->sat = picosat_minit (e, counted_new, counted_resize, counted_delete);
  next_var = window (e, e->n, 0);
  encode_partners (e, &next_var);
  picosat_adjust (e->sat, next_var - 1);
  encode_order (e);
  encode_windows (e);

  answer = decide (e, work);
  if (answer == PICOSAT_UNSATISFIABLE)
    result = PAT_SOLVE_UNSOLVABLE;
  else if (answer == PICOSAT_SATISFIABLE && read_line (e, rules, state, line))
    result = PAT_SOLVE_SOLVED;
  else if (answer == PICOSAT_SATISFIABLE)
    {
      g_critical ("Idiot's Delight: the schedule found does not play out");
      result = PAT_SOLVE_LIMIT;
    }
  else
    {
      result = pat_solve_should_stop (limits, 0, e->deadline);
      if (result == PAT_SOLVE_SOLVED)
        result = PAT_SOLVE_LIMIT;
    }
  picosat_reset (e->sat);
  pat_solve_note_memory (e->peak_bytes);
  g_free (e);
  return result;
}
