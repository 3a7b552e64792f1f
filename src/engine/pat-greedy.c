/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The greedy player: most cards out a few moves ahead, then a card taken from the tallest pile,
 * then most moves left, then the rules module's order. */

#include "config.h"

#include <string.h>

#include "pat-greedy.h"

#define DEFAULT_MAX_MOVES 5000

guint
pat_cards_out (const PatRules *rules,
               const PatState *state)
{
  const PatLayout *layout = rules->layout;
  guint out = 0;
  guint i;

  for (i = 0; i < layout->n_piles && i < state->n_piles; i++)
    {
      guint kind = layout->piles[i].kind;

      if (kind == PAT_PILE_FOUNDATION || kind == PAT_PILE_HOLE || kind == PAT_PILE_DISCARD)
        out += pat_state_pile_len (state, i);
    }
  return out;
}

/* Positions the look-ahead may visit for one move, and its deepest look. */
#define LOOKAHEAD_NODES 300
#define LOOKAHEAD_MAX_DEPTH 12
#define WON_VALUE 1000

/* The most cards out within @depth more moves (WON_VALUE for a win); FALSE when the budget ran
 * out first. */
static gboolean
lookahead (const PatRules *rules,
           const PatState *state,
           guint           depth,
           gint           *budget,
           guint          *value)
{
  PatMoveList moves;
  guint best, i;

  if (rules->status (state) == PAT_STATUS_WON)
    {
      *value = WON_VALUE;
      return TRUE;
    }
  best = pat_cards_out (rules, state);
  if (depth > 0)
    {
      rules->legal_moves (state, &moves);
      for (i = 0; i < moves.n && best < WON_VALUE; i++)
        {
          PatState next = *state;
          guint v;

          if (--*budget < 0)
            return FALSE;
          rules->apply (&next, &moves.moves[i], NULL);
          if (!lookahead (rules, &next, depth - 1, budget, &v))
            return FALSE;
          best = MAX (best, v);
        }
    }
  *value = best;
  return TRUE;
}

void
pat_greedy_key (const PatRules *rules,
                const PatState *state,
                const PatMove  *move,
                const PatState *next,
                PatGreedyKey   *key)
{
  PatMoveList after;

  /* Taking from the tallest pile uncovers the cards most buried. */
  key->source = move->kind == PAT_MOVE_CARDS ? pat_state_pile_len (state, move->from) : 0;
  rules->legal_moves (next, &after);
  key->mobility = after.n;
}

int
pat_greedy_key_compare (const PatGreedyKey *a,
                        const PatGreedyKey *b)
{
  if (a->out != b->out)
    return a->out > b->out ? 1 : -1;
  if (a->source != b->source)
    return a->source > b->source ? 1 : -1;
  if (a->mobility != b->mobility)
    return a->mobility > b->mobility ? 1 : -1;
  return 0;
}

gboolean
pat_greedy_next_move (const PatRules *rules,
                      const PatState *state,
                      const PatSeen  *visited,
                      PatMove        *move)
{
  PatMoveList moves;
  gboolean found = FALSE;
  PatGreedyKey best = { 0, };
  gboolean allowed[PAT_MAX_MOVES];
  guint value[PAT_MAX_MOVES];
  guint i;

  g_return_val_if_fail (rules != NULL && state != NULL && move != NULL, FALSE);

  if (rules->status (state) != PAT_STATUS_PLAYING)
    return FALSE;
  rules->legal_moves (state, &moves);
  /* The look-ahead: the most cards out within a few moves after each move, as deep as the budget
   * lets every move be looked at equally. */
  {
    PatState children[PAT_MAX_MOVES];
    guint depth;

    for (i = 0; i < moves.n; i++)
      {
        children[i] = *state;
        rules->apply (&children[i], &moves.moves[i], NULL);
        allowed[i] = visited == NULL || !pat_seen_contains (visited, pat_state_hash (&children[i]));
        value[i] = 0;
      }
    for (depth = 0; depth < LOOKAHEAD_MAX_DEPTH; depth++)
      {
        guint values[PAT_MAX_MOVES] = { 0, };
        gint budget = LOOKAHEAD_NODES;
        gboolean complete = TRUE;

        for (i = 0; i < moves.n && complete; i++)
          if (allowed[i])
            complete = lookahead (rules, &children[i], depth, &budget, &values[i]);
        if (!complete)
          break;
        memcpy (value, values, sizeof values);
      }
  }
  for (i = 0; i < moves.n; i++)
    {
      PatState next = *state;
      PatGreedyKey key;

      if (!allowed[i])
        continue;
      rules->apply (&next, &moves.moves[i], NULL);
      if (rules->status (&next) == PAT_STATUS_WON)
        {
          *move = moves.moves[i];
          return TRUE;
        }
      /* The most cards out a few moves ahead; at depth 0, right after the move. */
      key.out = value[i];
      pat_greedy_key (rules, state, &moves.moves[i], &next, &key);
      if (!found || pat_greedy_key_compare (&key, &best) > 0)
        {
          found = TRUE;
          best = key;
          *move = moves.moves[i];
        }
    }
  return found;
}

/* A player's choice of move from @s, never to a position in @seen; FALSE when it has none. */
typedef gboolean (*NextMove) (gpointer        data,
                              const PatState *s,
                              const PatSeen  *seen,
                              PatMove        *move);

/* Plays @s until the game ends, @next_move has no move or @max_moves are played, @seen (cleared
 * first) holding the positions played through; returns the number of moves. */
static guint
play_out (const PatRules *rules,
          PatState       *s,
          guint           max_moves,
          PatSeen        *seen,
          NextMove        next_move,
          gpointer        data)
{
  guint n;

  pat_seen_clear (seen);
  pat_seen_add (seen, pat_state_hash (s));
  for (n = 0; n < max_moves && rules->status (s) == PAT_STATUS_PLAYING; n++)
    {
      PatMove move;

      if (!next_move (data, s, seen, &move))
        break;
      rules->apply (s, &move, NULL);
      pat_seen_add (seen, pat_state_hash (s));
    }
  return n;
}

static gboolean
greedy_move (gpointer        data,
             const PatState *s,
             const PatSeen  *seen,
             PatMove        *move)
{
  return pat_greedy_next_move (data, s, seen, move);
}

void
pat_greedy_play (const PatRules  *rules,
                 const PatState  *state,
                 guint            max_moves,
                 PatGreedyResult *result)
{
  PatSeen visited;
  PatState s = *state;

  pat_seen_init (&visited);
  result->n_moves = play_out (rules, &s, max_moves != 0 ? max_moves : DEFAULT_MAX_MOVES, &visited,
                              greedy_move, (gpointer) rules);
  pat_seen_free (&visited);
  result->won = rules->status (&s) == PAT_STATUS_WON;
  result->out = pat_cards_out (rules, &s);
}

guint64
pat_random_next (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

void
pat_seen_init (PatSeen *seen)
{
  seen->mask = 255;
  seen->n = 0;
  seen->slots = g_new0 (guint64, seen->mask + 1);
}

void
pat_seen_clear (PatSeen *seen)
{
  if (seen->n > 0)
    memset (seen->slots, 0, (seen->mask + 1) * sizeof (guint64));
  seen->n = 0;
}

void
pat_seen_free (PatSeen *seen)
{
  g_clear_pointer (&seen->slots, g_free);
  seen->n = 0;
}

static void
seen_grow (PatSeen *seen)
{
  guint64 *old = seen->slots;
  guint old_size = seen->mask + 1;
  guint i;

  seen->mask = seen->mask * 2 + 1;
  seen->n = 0;
  seen->slots = g_new0 (guint64, seen->mask + 1);
  for (i = 0; i < old_size; i++)
    if (old[i] != 0)
      pat_seen_add (seen, old[i]);
  g_free (old);
}

/* The slot holding @hash (0 kept as 1), or the empty slot where it would go. */
static guint
seen_slot (const PatSeen *seen,
           guint64        hash)
{
  guint i = (guint) hash & seen->mask;

  while (seen->slots[i] != 0 && seen->slots[i] != hash)
    i = (i + 1) & seen->mask;
  return i;
}

gboolean
pat_seen_contains (const PatSeen *seen,
                   guint64        hash)
{
  if (hash == 0)
    hash = 1;
  return seen->slots[seen_slot (seen, hash)] != 0;
}

gboolean
pat_seen_add (PatSeen *seen,
              guint64  hash)
{
  guint i;

  if (hash == 0)
    hash = 1;
  if (2 * (seen->n + 1) > seen->mask + 1)
    seen_grow (seen);
  i = seen_slot (seen, hash);
  if (seen->slots[i] != 0)
    return FALSE;
  seen->slots[i] = hash;
  seen->n++;
  return TRUE;
}

#define ROLLOUT_MAX_MOVES 3000

/* pat_seen_hash(): eight bytes at a time, where pat_state_hash() takes one (a third of the
 * playouts' time went to it). */
static inline guint64
mix_word (guint64 h,
          guint64 w)
{
  h = (h ^ w) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  return h ^ (h >> 29);
}

static guint64
mix_bytes (guint64       h,
           const guint8 *p,
           guint         n)
{
  guint64 w;

  for (; n >= 8; p += 8, n -= 8)
    {
      memcpy (&w, p, 8);
      h = mix_word (h, w);
    }
  if (n > 0)
    {
      w = 0;
      memcpy (&w, p, n);
      h = mix_word (h, w | (guint64) n << 56);
    }
  return h;
}

guint64
pat_seen_hash (const PatState *s)
{
  guint64 h = mix_bytes (s->n_piles, s->start, s->n_piles + 1u);

  h = mix_bytes (h, s->cards, PAT_N_CARDS);
  h = mix_word (h, (guint64) s->round << 8 | s->die);
  /* splitmix64's finish: the sets index by the low bits. */
  h = (h ^ (h >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  h = (h ^ (h >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return h ^ (h >> 31);
}

/* What the players of one rollout game share: the generator (nullable) and, for each level below
 * the top, the set of positions of the game a player of that level plays to weigh a move. */
typedef struct {
  const PatRules *rules;
  guint64        *rng;
  PatSeen         seen[PAT_ROLLOUT_MAX_LEVEL];
} Rollout;

static guint rollout_game (Rollout  *r,
                           PatState *s,
                           guint     level,
                           PatSeen  *seen);

/* The number of legal moves from @s: pat_greedy_key()'s mobility. */
static guint
mobility (const PatRules *rules,
          const PatState *s)
{
  PatMoveList after;

  rules->legal_moves (s, &after);
  return after.n;
}

/* The move of a rollout player of @level from @s, as pat_rollout_play() says; FALSE when every
 * move leads to a position in @seen (or there is none). @chosen receives the position after it
 * and @chosen_hash its pat_seen_hash(). The weighing is pat_greedy_key()'s, but a move's mobility
 * is counted only when its cards out and source tie with the best move so far, which is rare: the
 * same choice for a fraction of the legal-move lists. */
static gboolean
rollout_move (Rollout        *r,
              const PatState *s,
              guint           level,
              const PatSeen  *seen,
              PatState       *chosen,
              guint64        *chosen_hash)
{
  const PatRules *rules = r->rules;
  PatMoveList moves;
  PatGreedyKey best = { 0, };
  gboolean best_mobility = FALSE;   /* whether best.mobility has been counted */
  guint64 best_tie = 0;
  gboolean found = FALSE;
  guint i;

  rules->legal_moves (s, &moves);
  for (i = 0; i < moves.n; i++)
    {
      const PatMove *move = &moves.moves[i];
      PatState next = *s;
      PatGreedyKey key;
      gboolean counted = FALSE;   /* whether key.mobility has been counted */
      guint64 tie = 0;
      guint64 hash;
      int c;

      rules->apply (&next, move, NULL);
      hash = pat_seen_hash (&next);
      if (pat_seen_contains (seen, hash))
        continue;
      if (rules->status (&next) == PAT_STATUS_WON)
        {
          *chosen = next;
          *chosen_hash = hash;
          return TRUE;
        }
      if (level == 0)
        key.out = pat_cards_out (rules, &next);
      else
        {
          PatState end = next;

          rollout_game (r, &end, level - 1, &r->seen[level - 1]);
          if (rules->status (&end) == PAT_STATUS_WON)
            {
              *chosen = next;
              *chosen_hash = hash;
              return TRUE;
            }
          key.out = pat_cards_out (rules, &end);
        }
      /* After the rollout: a move whose game is won needs no tie-break. Taking from the tallest
       * pile uncovers the cards most buried (as pat_greedy_key()). */
      key.source = move->kind == PAT_MOVE_CARDS ? pat_state_pile_len (s, move->from) : 0;
      if (r->rng != NULL)
        tie = pat_random_next (r->rng);
      if (!found)
        c = 1;
      else if (key.out != best.out)
        c = key.out > best.out ? 1 : -1;
      else if (key.source != best.source)
        c = key.source > best.source ? 1 : -1;
      else
        {
          if (!best_mobility)
            best.mobility = mobility (rules, chosen);
          best_mobility = TRUE;
          key.mobility = mobility (rules, &next);
          counted = TRUE;
          c = pat_greedy_key_compare (&key, &best);
        }
      if (c > 0 || (c == 0 && tie > best_tie))
        {
          found = TRUE;
          best = key;
          best_mobility = counted;
          best_tie = tie;
          *chosen = next;
          *chosen_hash = hash;
        }
    }
  return found;
}

/* Plays @s to its end with a player of @level (at most ROLLOUT_MAX_MOVES moves), @seen (cleared
 * first) holding its positions; returns the number of moves. */
static guint
rollout_game (Rollout  *r,
              PatState *s,
              guint     level,
              PatSeen  *seen)
{
  const PatRules *rules = r->rules;
  guint n;

  pat_seen_clear (seen);
  pat_seen_add (seen, pat_seen_hash (s));
  for (n = 0; n < ROLLOUT_MAX_MOVES && rules->status (s) == PAT_STATUS_PLAYING; n++)
    {
      PatState next;
      guint64 hash;

      if (!rollout_move (r, s, level, seen, &next, &hash))
        break;
      *s = next;
      pat_seen_add (seen, hash);
    }
  return n;
}

void
pat_rollout_play (const PatRules  *rules,
                  const PatState  *state,
                  guint            level,
                  guint64         *rng,
                  PatGreedyResult *result)
{
  Rollout r = { rules, rng, };
  PatState s = *state;
  PatSeen seen;
  guint i;

  g_return_if_fail (rules != NULL && state != NULL && result != NULL);
  g_return_if_fail (level <= PAT_ROLLOUT_MAX_LEVEL);

  for (i = 0; i < level; i++)
    pat_seen_init (&r.seen[i]);
  pat_seen_init (&seen);
  result->n_moves = rollout_game (&r, &s, level, &seen);
  result->won = rules->status (&s) == PAT_STATUS_WON;
  result->out = pat_cards_out (rules, &s);
  for (i = 0; i < level; i++)
    pat_seen_free (&r.seen[i]);
  pat_seen_free (&seen);
}
