/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Difficulty levels from seeded playouts, among the deals the solver proves winnable. */

#include "config.h"

#include <string.h>

#include "pat-difficulty.h"
#include "pat-greedy.h"

#define PLAYOUT_MAX_MOVES 3000

/* The game's levels, from its rules; NULL for a game without them. */
static const PatDifficultyInfo *
thresholds_of (const PatRules *rules)
{
  return rules != NULL ? rules->difficulty : NULL;
}

/* One random player from @state, who never goes back to a position it has been in (@seen holds
 * them): its share of the 52 cards out at the end, 1 for a win. */
static double
random_playout (const PatRules *rules,
                const PatState *state,
                guint64         seed,
                PatSeen        *seen)
{
  PatState s = *state;
  guint64 rng = seed;
  guint steps;

  pat_seen_clear (seen);
  pat_seen_add (seen, pat_seen_hash (&s));
  for (steps = 0; steps < PLAYOUT_MAX_MOVES && rules->status (&s) == PAT_STATUS_PLAYING; steps++)
    {
      PatMoveList moves;
      gboolean moved = FALSE;

      rules->legal_moves (&s, &moves);
      while (moves.n > 0)
        {
          guint k = (guint) (pat_random_next (&rng) % moves.n);
          PatState next = s;

          rules->apply (&next, &moves.moves[k], NULL);
          if (pat_seen_add (seen, pat_seen_hash (&next)))
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
  guint n = kind == PAT_PLAYOUT_RANDOM ? PAT_DIFFICULTY_PLAYOUTS : PAT_DIFFICULTY_ROLLOUT_PLAYOUTS;
  PatSeen seen = { NULL, };
  double sum = 0;
  double best = 0;
  guint wins = 0;
  guint i;

  g_return_val_if_fail (rules != NULL && state != NULL, 0);

  if (kind == PAT_PLAYOUT_RANDOM)
    pat_seen_init (&seen);
  for (i = 0; i < n; i++)
    {
      /* Seeds of their own, unrelated to the deal number: the same deal always scores the same. */
      guint64 seed = G_GUINT64_CONSTANT (0x5EED0000D1FF1C00) + i * 7919;
      double share;

      if (cancel != NULL && g_atomic_int_get (cancel))
        break;
      if (kind == PAT_PLAYOUT_RANDOM)
        share = random_playout (rules, state, seed, &seen);
      else
        {
          PatGreedyResult result;

          pat_rollout_play (rules, state, 1, &seed, &result);
          share = result.won ? 1.0 : MIN (1.0, result.out / (double) PAT_N_CARDS);
        }
      sum += share;
      best = MAX (best, share);
      wins += share == 1.0;
    }
  pat_seen_free (&seen);
  /* Rollout players: the most cards the best of them put out comes first (a win counts all 52),
   * then the mean share; a deal where one of them got one card further scores higher whatever the
   * others did. Their best game tells the levels apart better than their mean or their wins: on
   * All in a Row deals 1-3000 the rollout player of level 2 won 29.9 %, 14.6 % and 7.8 % of the
   * thirds by it, against 29.6 %, 13.4 % and 9.2 % by wins and mean. But on deals never used to
   * set the thresholds (300001-306000) All in a Row's Medium and Hard by the best game hardly
   * differ, and by wins, then mean, they do: All in a Row counts wins (ROLLOUT_WINS). */
  if (kind == PAT_PLAYOUT_ROLLOUT_WINS)
    return (wins + sum / n) / (n + 1);
  if (kind == PAT_PLAYOUT_ROLLOUT)
    return (best * PAT_N_CARDS + sum / n) / (PAT_N_CARDS + 1);
  return sum / n;
}

gboolean
pat_difficulty_has_levels (const PatRules *rules)
{
  return thresholds_of (rules) != NULL;
}

gboolean
pat_difficulty_thresholds (const PatRules *rules,
                           double         *easy_min,
                           double         *medium_min)
{
  const PatDifficultyInfo *t = thresholds_of (rules);

  if (t == NULL)
    return FALSE;
  *easy_min = t->easy_min;
  *medium_min = t->medium_min;
  return TRUE;
}

PatPlayoutKind
pat_difficulty_players (const PatRules *rules)
{
  const PatDifficultyInfo *t = thresholds_of (rules);

  return t != NULL ? t->players : PAT_PLAYOUT_RANDOM;
}

PatYardstick
pat_difficulty_yardstick (const PatRules *rules)
{
  const PatDifficultyInfo *t = thresholds_of (rules);

  return t != NULL ? t->yardstick : PAT_YARDSTICK_GREEDY;
}

void
pat_yardstick_play (PatYardstick     yardstick,
                    const PatRules  *rules,
                    const PatState  *state,
                    PatGreedyResult *result)
{
  g_return_if_fail (rules != NULL && state != NULL && result != NULL);

  if (yardstick == PAT_YARDSTICK_ROLLOUT)
    pat_rollout_play (rules, state, PAT_DIFFICULTY_YARDSTICK_LEVEL, NULL, result);
  else
    pat_greedy_play (rules, state, 0, result);
}

void
pat_difficulty_yardstick_play (const PatRules  *rules,
                               const PatState  *state,
                               PatGreedyResult *result)
{
  pat_yardstick_play (pat_difficulty_yardstick (rules), rules, state, result);
}

const char *
pat_yardstick_to_string (PatYardstick yardstick)
{
  return yardstick == PAT_YARDSTICK_ROLLOUT ? "rollout" : "greedy";
}

gboolean
pat_yardstick_from_string (const char   *text,
                           PatYardstick *yardstick)
{
  static const PatYardstick all[] = { PAT_YARDSTICK_GREEDY, PAT_YARDSTICK_ROLLOUT };
  guint i;

  for (i = 0; text != NULL && i < G_N_ELEMENTS (all); i++)
    if (strcmp (text, pat_yardstick_to_string (all[i])) == 0)
      {
        *yardstick = all[i];
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
  const PatDifficultyInfo *t = thresholds_of (rules);

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
  static const PatDifficulty levels[] = { PAT_DIFFICULTY_EASY, PAT_DIFFICULTY_MEDIUM,
                                          PAT_DIFFICULTY_HARD };
  guint i;

  for (i = 0; text != NULL && i < G_N_ELEMENTS (levels); i++)
    if (strcmp (text, pat_difficulty_to_string (levels[i])) == 0)
      {
        *difficulty = levels[i];
        return TRUE;
      }
  return FALSE;
}
