/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Difficulty levels from seeded playouts, among the deals the solver proves winnable. */

#include "config.h"

#include <string.h>

#include "pat-difficulty.h"
#include "pat-greedy.h"

#define PLAYOUT_MAX_MOVES 3000

/*
 * Per game: who plays the playouts (simple players for Black Hole, whose random players predict
 * nothing of how a player who thinks fares; see README.md), and the thresholds on the playout
 * score: the scores a third and two thirds of the way up
 * among the winnable deals 100001–100600 (Idiot's Delight: among 100001–100200), as printed by
 * `patience-cli bench-difficulty --deals 100001..100600` ("score_third", "score_two_thirds"), so
 * that each level holds about a third of the winnable deals. These are not the deals the
 * benchmark in README.md measures. Changing a game's rules module or this score needs them
 * measured again.
 */
typedef struct {
  const char      *id;
  PatPlayoutKind   players;
  double           easy_min;
  double           medium_min;
  double           pick_seconds;  /* see PAT_DIFFICULTY_PICK_SECONDS */
} Thresholds;

static const Thresholds thresholds[] = {
  { "black-hole",            PAT_PLAYOUT_SIMPLE, 0.0308, 0.0177, PAT_DIFFICULTY_PICK_SECONDS },
  { "all-in-a-row",          PAT_PLAYOUT_RANDOM, 0.177, 0.133, PAT_DIFFICULTY_PICK_SECONDS },
  { "penguin",               PAT_PLAYOUT_RANDOM, 0.133, 0.088, PAT_DIFFICULTY_PICK_SECONDS },
  { "demon",                 PAT_PLAYOUT_RANDOM, 0.216, 0.144, PAT_DIFFICULTY_PICK_SECONDS },
  { "idiots-delight",        PAT_PLAYOUT_RANDOM, 0.513, 0.436, PAT_DIFFICULTY_PICK_SECONDS_SAT },
  { "perpetual-motion-free", PAT_PLAYOUT_RANDOM, 0.433, 0.356, PAT_DIFFICULTY_PICK_SECONDS },
};

static const Thresholds *
thresholds_of (const PatRules *rules)
{
  guint i;

  for (i = 0; rules != NULL && i < G_N_ELEMENTS (thresholds); i++)
    if (strcmp (rules->id, thresholds[i].id) == 0)
      return &thresholds[i];
  return NULL;
}

/* splitmix64: a small, well mixed generator; the same numbers on every machine. */
static guint64
next_random (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* A set of position hashes, open addressing; 0 marks an empty slot (a hash of 0 becomes 1). */
typedef struct {
  guint64 *slots;
  guint    mask;
  guint    n;
} HashSet;

static void
hash_set_init (HashSet *set)
{
  set->mask = 1023;
  set->n = 0;
  set->slots = g_new0 (guint64, set->mask + 1);
}

static gboolean hash_set_add (HashSet *set, guint64 h);

static void
hash_set_grow (HashSet *set)
{
  guint64 *old = set->slots;
  guint old_size = set->mask + 1;
  guint i;

  set->mask = set->mask * 2 + 1;
  set->n = 0;
  set->slots = g_new0 (guint64, set->mask + 1);
  for (i = 0; i < old_size; i++)
    if (old[i] != 0)
      hash_set_add (set, old[i]);
  g_free (old);
}

/* Adds @h; FALSE when it was there already. */
static gboolean
hash_set_add (HashSet *set,
              guint64  h)
{
  guint i;

  if (h == 0)
    h = 1;
  if (2 * (set->n + 1) > set->mask + 1)
    hash_set_grow (set);
  for (i = (guint) h & set->mask; set->slots[i] != 0; i = (i + 1) & set->mask)
    if (set->slots[i] == h)
      return FALSE;
  set->slots[i] = h;
  set->n++;
  return TRUE;
}

static void
hash_set_clear (HashSet *set)
{
  memset (set->slots, 0, (set->mask + 1) * sizeof (guint64));
  set->n = 0;
}

/* The index in @moves of the move a player of @kind makes from @state: a random one (RANDOM), or
 * one that the greedy player's weighing without its look-ahead puts first, at random among equals
 * (SIMPLE). */
static guint
pick_move (const PatRules *rules,
           PatPlayoutKind  kind,
           const PatState *state,
           PatMoveList    *moves,
           guint64        *rng)
{
  PatGreedyKey best = { 0, };
  guint64 best_tie = 0;
  guint chosen = 0, i;

  if (kind == PAT_PLAYOUT_RANDOM)
    return (guint) (next_random (rng) % moves->n);
  for (i = 0; i < moves->n; i++)
    {
      PatState next = *state;
      PatGreedyKey key;
      guint64 tie = next_random (rng);
      int c;

      rules->apply (&next, &moves->moves[i], NULL);
      key.out = rules->status (&next) == PAT_STATUS_WON ? G_MAXUINT : pat_cards_out (rules, &next);
      pat_greedy_key (rules, state, &moves->moves[i], &next, &key);
      c = i == 0 ? 1 : pat_greedy_key_compare (&key, &best);
      if (c > 0 || (c == 0 && tie > best_tie))
        {
          best = key;
          best_tie = tie;
          chosen = i;
        }
    }
  return chosen;
}

/* One player from @state, who never goes back to a position it has been in. */
static double
playout (const PatRules *rules,
         PatPlayoutKind  kind,
         const PatState *state,
         guint64         seed,
         HashSet        *seen)
{
  PatState s = *state;
  guint64 rng = seed;
  guint steps;

  hash_set_clear (seen);
  hash_set_add (seen, pat_state_hash (&s));
  for (steps = 0; steps < PLAYOUT_MAX_MOVES && rules->status (&s) == PAT_STATUS_PLAYING; steps++)
    {
      PatMoveList moves;
      gboolean moved = FALSE;

      rules->legal_moves (&s, &moves);
      while (moves.n > 0)
        {
          guint k = pick_move (rules, kind, &s, &moves, &rng);
          PatState next = s;

          rules->apply (&next, &moves.moves[k], NULL);
          if (hash_set_add (seen, pat_state_hash (&next)))
            {
              s = next;
              moved = TRUE;
              break;
            }
          moves.moves[k] = moves.moves[--moves.n];
        }
      if (!moved)
        break;
    }
  if (rules->status (&s) == PAT_STATUS_WON)
    return 1.0;
  return MIN (1.0, pat_cards_out (rules, &s) / (double) PAT_N_CARDS);
}

double
pat_difficulty_score (const PatRules *rules,
                      const PatState *state,
                      const gint     *cancel)
{
  return pat_difficulty_score_with (rules, pat_difficulty_players (rules), state, cancel);
}

double
pat_difficulty_score_with (const PatRules *rules,
                           PatPlayoutKind  kind,
                           const PatState *state,
                           const gint     *cancel)
{
  guint n = kind == PAT_PLAYOUT_SIMPLE ? PAT_DIFFICULTY_SIMPLE_PLAYOUTS : PAT_DIFFICULTY_PLAYOUTS;
  HashSet seen;
  double sum = 0;
  guint wins = 0;
  guint i;

  g_return_val_if_fail (rules != NULL && state != NULL, 0);

  hash_set_init (&seen);
  for (i = 0; i < n; i++)
    {
      double share;

      if (cancel != NULL && g_atomic_int_get (cancel))
        break;
      /* Seeds of their own, unrelated to the deal number: the same deal always scores the same. */
      share = playout (rules, kind, state, G_GUINT64_CONSTANT (0x5EED0000D1FF1C00) + i * 7919, &seen);
      sum += share;
      wins += share == 1.0;
    }
  g_free (seen.slots);
  /* Simple players win often enough that their wins come first: a deal that one more of them
   * wins scores higher, whatever the cards the others put out (the mean share is below 1 unless
   * all won). */
  if (kind == PAT_PLAYOUT_SIMPLE)
    return (wins + sum / n) / (n + 1);
  return sum / n;
}

gboolean
pat_difficulty_thresholds (const PatRules *rules,
                           double         *easy_min,
                           double         *medium_min)
{
  const Thresholds *t = thresholds_of (rules);

  if (t == NULL)
    return FALSE;
  *easy_min = t->easy_min;
  *medium_min = t->medium_min;
  return TRUE;
}

PatPlayoutKind
pat_difficulty_players (const PatRules *rules)
{
  const Thresholds *t = thresholds_of (rules);

  return t != NULL ? t->players : PAT_PLAYOUT_RANDOM;
}

PatDifficulty
pat_difficulty_of_score (const PatRules *rules,
                         double          score)
{
  double easy_min, medium_min;

  if (!pat_difficulty_thresholds (rules, &easy_min, &medium_min))
    return PAT_DIFFICULTY_UNKNOWN;
  if (score >= easy_min)
    return PAT_DIFFICULTY_EASY;
  if (score >= medium_min)
    return PAT_DIFFICULTY_MEDIUM;
  return PAT_DIFFICULTY_HARD;
}

PatDifficulty
pat_difficulty_of_deal (const PatRules       *rules,
                        const PatState       *state,
                        const PatSolveLimits *limits,
                        PatDifficulty         wanted,
                        double               *score)
{
  PatSolution solution = { 0, };
  PatSolveResult r;
  PatDifficulty level;
  double s;

  g_return_val_if_fail (rules != NULL && state != NULL && limits != NULL, PAT_DIFFICULTY_UNKNOWN);

  if (!pat_solver_supports (rules))
    return PAT_DIFFICULTY_UNKNOWN;
  s = pat_difficulty_score (rules, state, limits->cancel);
  if (score != NULL)
    *score = s;
  if (limits->cancel != NULL && g_atomic_int_get (limits->cancel))
    return PAT_DIFFICULTY_UNKNOWN;
  level = pat_difficulty_of_score (rules, s);
  if (wanted >= PAT_DIFFICULTY_EASY && level != wanted)
    return level;

  r = pat_solver_solve (rules, state, limits, &solution);
  pat_solution_clear (&solution);
  switch (r)
    {
    case PAT_SOLVE_SOLVED:
      return level;
    case PAT_SOLVE_UNSOLVABLE:
      return PAT_DIFFICULTY_UNWINNABLE;
    case PAT_SOLVE_LIMIT:
    case PAT_SOLVE_CANCELLED:
    default:
      return PAT_DIFFICULTY_UNKNOWN;
    }
}

static double pick_seconds_override;

double
pat_difficulty_set_pick_seconds (double seconds)
{
  double before = pick_seconds_override;

  pick_seconds_override = seconds;
  return before;
}

double
pat_difficulty_pick_seconds (const PatRules *rules)
{
  const Thresholds *t = thresholds_of (rules);

  if (pick_seconds_override > 0)
    return pick_seconds_override;
  return t != NULL ? t->pick_seconds : PAT_DIFFICULTY_PICK_SECONDS;
}

gboolean
pat_difficulty_pick (const PatRules *rules,
                     const PatState *state,
                     PatDifficulty   wanted,
                     const gint     *cancel)
{
  PatSolveLimits limits = { 0, };

  g_return_val_if_fail (wanted >= PAT_DIFFICULTY_EASY, FALSE);

  limits.timeout = pat_difficulty_pick_seconds (rules);
  limits.max_memory = PAT_DIFFICULTY_PICK_MEMORY;
  limits.cancel = cancel;
  return pat_difficulty_of_deal (rules, state, &limits, wanted, NULL) == wanted;
}

const char *
pat_difficulty_to_string (PatDifficulty difficulty)
{
  switch (difficulty)
    {
    case PAT_DIFFICULTY_UNWINNABLE:
      return "unwinnable";
    case PAT_DIFFICULTY_EASY:
      return "easy";
    case PAT_DIFFICULTY_MEDIUM:
      return "medium";
    case PAT_DIFFICULTY_HARD:
      return "hard";
    case PAT_DIFFICULTY_UNKNOWN:
    default:
      return "unknown";
    }
}

gboolean
pat_difficulty_from_string (const char    *text,
                            PatDifficulty *difficulty)
{
  static const PatDifficulty levels[] = { PAT_DIFFICULTY_EASY, PAT_DIFFICULTY_MEDIUM, PAT_DIFFICULTY_HARD };
  guint i;

  for (i = 0; text != NULL && i < G_N_ELEMENTS (levels); i++)
    if (strcmp (text, pat_difficulty_to_string (levels[i])) == 0)
      {
        *difficulty = levels[i];
        return TRUE;
      }
  return FALSE;
}
