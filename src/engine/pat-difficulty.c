/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Difficulty levels from seeded random playouts, among the deals the solver proves winnable. */

#include "config.h"

#include <string.h>

#include "pat-difficulty.h"
#include "pat-greedy.h"

#define PLAYOUT_MAX_MOVES 3000

/*
 * The thresholds on the playout score, per game: the scores a third and two thirds of the way up
 * among the winnable deals 100001–100600 (Idiot's Delight: among 100001–100200), as printed by
 * `patience-cli bench-difficulty --deals 100001..100600` ("score_third", "score_two_thirds"), so
 * that each level holds about a third of the winnable deals. These are not the deals the
 * benchmark in README.md measures. Changing a game's rules module or this score needs them
 * measured again.
 */
typedef struct {
  const char *id;
  double      easy_min;
  double      medium_min;
} Thresholds;

static const Thresholds thresholds[] = {
  { "black-hole",            0.328, 0.228 },
  { "all-in-a-row",          0.177, 0.133 },
  { "penguin",               0.133, 0.088 },
  { "demon",                 0.216, 0.144 },
  { "idiots-delight",        0.513, 0.436 },
  { "perpetual-motion-free", 0.433, 0.356 },
};

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

/* One random player from @state: uniform among the moves to positions it has not been in. */
static double
playout (const PatRules *rules,
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
          guint k = (guint) (next_random (&rng) % moves.n);
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
  HashSet seen;
  double sum = 0;
  guint i;

  g_return_val_if_fail (rules != NULL && state != NULL, 0);

  hash_set_init (&seen);
  for (i = 0; i < PAT_DIFFICULTY_PLAYOUTS; i++)
    {
      if (cancel != NULL && g_atomic_int_get (cancel))
        break;
      /* Seeds of their own, unrelated to the deal number: the same deal always scores the same. */
      sum += playout (rules, state, G_GUINT64_CONSTANT (0x5EED0000D1FF1C00) + i * 7919, &seen);
    }
  g_free (seen.slots);
  return sum / PAT_DIFFICULTY_PLAYOUTS;
}

gboolean
pat_difficulty_thresholds (const PatRules *rules,
                           double         *easy_min,
                           double         *medium_min)
{
  guint i;

  for (i = 0; rules != NULL && i < G_N_ELEMENTS (thresholds); i++)
    if (strcmp (rules->id, thresholds[i].id) == 0)
      {
        *easy_min = thresholds[i].easy_min;
        *medium_min = thresholds[i].medium_min;
        return TRUE;
      }
  return FALSE;
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
