/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A game the engine does not ship, with a solver and difficulty levels of its own: the solver and
 * difficulty functions reach them through its rules, as they reach every shipped game's. */

#include "config.h"

#include <string.h>

#include "pat-difficulty.h"
#include "pat-rules.h"
#include "pat-solver.h"
#include "test-card.h"

/* Up or Down: the pack in two piles; a top card goes into the hole when the hole is empty or when
 * it is one rank above or below the hole's top card, King and Ace next to each other. */
enum {
  HOLE,
  LEFT,
  RIGHT,
  N_PILES,
};

static const PatLayout up_or_down_layout = {
  N_PILES, 3.5f, 1.0f,
  {
    { PAT_PILE_HOLE,    1, PAT_FAN_NONE, PAT_FACE_UP, 1.25f, 0.0f },
    { PAT_PILE_TABLEAU, 1, PAT_FAN_NONE, PAT_FACE_UP, 0.0f,  0.0f },
    { PAT_PILE_TABLEAU, 2, PAT_FAN_NONE, PAT_FACE_UP, 2.5f,  0.0f },
  },
  "Hole",
  PAT_NOUN_PILE,
  NULL,
};

static void
up_or_down_deal (PatState            *state,
                 const PatCard       *deck,
                 const PatDealNumber *deal,
                 const PatOptions    *options)
{
  guint i;

  pat_state_init (state, N_PILES);
  for (i = 0; i < PAT_N_CARDS; i++)
    pat_state_push (state, i < PAT_N_CARDS / 2 ? LEFT : RIGHT, deck[i]);
  state->deal = *deal;
}

static gboolean
fits_hole (const PatState *state,
           PatCard         card)
{
  PatCard top = pat_state_pile_top (state, HOLE);
  guint apart;

  if (top == PAT_NO_CARD)
    return TRUE;
  apart = (pat_card_rank (card) + 13 - pat_card_rank (top)) % 13;
  return apart == 1 || apart == 12;
}

static void
up_or_down_legal_moves (const PatState *state,
                        PatMoveList    *moves)
{
  guint pile;

  moves->n = 0;
  for (pile = LEFT; pile <= RIGHT; pile++)
    if (pat_state_pile_len (state, pile) > 0 && fits_hole (state, pat_state_pile_top (state, pile)))
      pat_move_list_add (moves, PAT_MOVE_CARDS, pile, HOLE, 1);
}

static gboolean
up_or_down_check_move (const PatState  *state,
                       const PatMove   *move,
                       const char     **reason)
{
  if (move->kind != PAT_MOVE_CARDS || move->to != HOLE || move->count != 1 ||
      (move->from != LEFT && move->from != RIGHT) || pat_state_pile_len (state, move->from) == 0 ||
      !fits_hole (state, pat_state_pile_top (state, move->from)))
    {
      *reason = "only a top card one rank from the hole's goes into it";
      return FALSE;
    }
  return TRUE;
}

static void
up_or_down_apply (PatState      *state,
                  const PatMove *move,
                  PatMoveList   *automatic)
{
  pat_state_move (state, move->from, HOLE, 1);
}

static PatStatus
up_or_down_status (const PatState *state)
{
  PatMoveList moves;

  if (pat_state_pile_len (state, LEFT) + pat_state_pile_len (state, RIGHT) == 0)
    return PAT_STATUS_WON;
  up_or_down_legal_moves (state, &moves);
  return moves.n > 0 ? PAT_STATUS_PLAYING : PAT_STATUS_BLOCKED;
}

static int
up_or_down_score (const PatState *state)
{
  return (int) pat_state_pile_len (state, HOLE);
}

/* A whole search of a small game, which any rules table may use: depth first through the rules'
 * own moves, never twice through a position. */
typedef struct {
  const PatRules       *rules;
  const PatSolveLimits *limits;
  GHashTable           *lost;   /* the positions searched without a win */
  GArray               *line;   /* PatMove: the moves from the root to the position searched */
  guint64               nodes;
  PatSolveResult        stop;   /* SOLVED while the search may go on */
} Tiny;

static guint
state_hash (gconstpointer state)
{
  return (guint) pat_state_hash (state);
}

static gboolean
state_equal (gconstpointer a,
             gconstpointer b)
{
  return pat_state_equal (a, b);
}

static gboolean
tiny_search (Tiny           *tiny,
             const PatState *state)
{
  PatStatus status = tiny->rules->status (state);
  PatMoveList moves;
  guint i;

  if (status == PAT_STATUS_WON)
    return TRUE;
  if (status != PAT_STATUS_PLAYING || g_hash_table_contains (tiny->lost, state))
    return FALSE;
  if (tiny->limits->cancel != NULL && g_atomic_int_get (tiny->limits->cancel))
    tiny->stop = PAT_SOLVE_CANCELLED;
  else if (tiny->limits->max_nodes != 0 && tiny->nodes >= tiny->limits->max_nodes)
    tiny->stop = PAT_SOLVE_LIMIT;
  if (tiny->stop != PAT_SOLVE_SOLVED)
    return FALSE;
  tiny->nodes++;

  tiny->rules->legal_moves (state, &moves);
  for (i = 0; i < moves.n && tiny->stop == PAT_SOLVE_SOLVED; i++)
    {
      PatState next = *state;

      tiny->rules->apply (&next, &moves.moves[i], NULL);
      g_array_append_val (tiny->line, moves.moves[i]);
      if (tiny_search (tiny, &next))
        return TRUE;
      g_array_set_size (tiny->line, tiny->line->len - 1);
    }
  if (tiny->stop == PAT_SOLVE_SOLVED)
    g_hash_table_add (tiny->lost, g_memdup2 (state, sizeof *state));
  return FALSE;
}

static PatSolveResult
tiny_solve (const PatRules       *rules,
            const PatState       *state,
            const PatSolveLimits *limits,
            PatSolution          *solution)
{
  Tiny tiny = { rules, limits, NULL, NULL, 0, PAT_SOLVE_SOLVED };
  gboolean won;

  tiny.lost = g_hash_table_new_full (state_hash, state_equal, g_free, NULL);
  tiny.line = g_array_new (FALSE, FALSE, sizeof (PatMove));
  won = tiny_search (&tiny, state);
  g_hash_table_destroy (tiny.lost);

  solution->result = won ? PAT_SOLVE_SOLVED : tiny.stop != PAT_SOLVE_SOLVED ? tiny.stop
                                                                           : PAT_SOLVE_UNSOLVABLE;
  solution->nodes = tiny.nodes;
  solution->n_moves = won ? tiny.line->len : 0;
  solution->moves = won ? (PatMove *) g_array_free (tiny.line, FALSE) : NULL;
  if (!won)
    g_array_free (tiny.line, TRUE);
  return solution->result;
}

static const PatSolver tiny_solver = { tiny_solve };

/* Levels unlike any shipped game's, so that reading another game's would show. */
static const PatDifficultyInfo up_or_down_difficulty = {
  .yardstick = PAT_YARDSTICK_ROLLOUT,
  .players = PAT_PLAYOUT_ROLLOUT,
  .easy_min = 0.9,
  .medium_min = 0.5,
  .pick_seconds = 0.25,
};

static const PatRules up_or_down = {
  "test-up-or-down",
  "Up or Down",
  "Send both piles into the hole, one rank up or down",
  &up_or_down_layout,
  up_or_down_deal,
  up_or_down_legal_moves,
  up_or_down_check_move,
  up_or_down_apply,
  up_or_down_status,
  up_or_down_score,
  NULL,
  NULL,
  .solver = &tiny_solver,
  .difficulty = &up_or_down_difficulty,
};

/* The same game without a solver and levels (never registered). */
static PatRules
bare (void)
{
  PatRules rules = up_or_down;

  rules.solver = NULL;
  rules.difficulty = NULL;
  return rules;
}

/* Up or Down dealt from the unshuffled deck, but for the cards @tops, which go on top of the left
 * pile (the first two, the top one first) and of the right pile (the other two). */
static void
make_deal (PatState   *state,
           const char *tops[4])
{
  static const guint places[4] = { PAT_N_CARDS / 2 - 1, PAT_N_CARDS / 2 - 2, PAT_N_CARDS - 1,
                                   PAT_N_CARDS - 2 };
  PatCard deck[PAT_N_CARDS];
  guint i, k;

  for (i = 0; i < PAT_N_CARDS; i++)
    deck[i] = (PatCard) i;
  for (k = 0; tops != NULL && k < 4; k++)
    for (i = 0; i < PAT_N_CARDS; i++)
      if (deck[i] == card (tops[k]))
        {
          deck[i] = deck[places[k]];
          deck[places[k]] = card (tops[k]);
          break;
        }
  pat_rules_deal_deck (&up_or_down, state, deck, NULL);
}

/* The unshuffled deck: each pile goes down from its King to its Ace twice, round the corner. */
static void
deal_winnable (PatState *state)
{
  make_deal (state, NULL);
}

/* 7C on 4C and 2H on 9H: whichever top goes first, nothing follows. */
static void
deal_lost (PatState *state)
{
  const char *tops[] = { "7C", "4C", "2H", "9H" };

  make_deal (state, tops);
}

/* Each shipped game's solver and levels are in its rules, the levels with the figures measured
 * for it; Perpetual Motion, decided by playing, has neither. */
static void
test_shipped (void)
{
  static const struct {
    const char     *id;
    PatYardstick    yardstick;
    PatPlayoutKind  players;
    double          easy_min;
    double          medium_min;
    double          pick_seconds;
  } levels[] = {
    { "black-hole", PAT_YARDSTICK_ROLLOUT, PAT_PLAYOUT_ROLLOUT, 0.97995, 0.96055,
      PAT_DIFFICULTY_PICK_SECONDS },
    { "all-in-a-row", PAT_YARDSTICK_ROLLOUT, PAT_PLAYOUT_ROLLOUT_WINS, 0.0928, 0.07735,
      PAT_DIFFICULTY_PICK_SECONDS },
    { "penguin", PAT_YARDSTICK_GREEDY, PAT_PLAYOUT_RANDOM, 0.133, 0.088,
      PAT_DIFFICULTY_PICK_SECONDS },
    { "demon", PAT_YARDSTICK_GREEDY, PAT_PLAYOUT_RANDOM, 0.216, 0.144,
      PAT_DIFFICULTY_PICK_SECONDS },
    { "idiots-delight", PAT_YARDSTICK_ROLLOUT, PAT_PLAYOUT_ROLLOUT, 0.96975, 0.92305,
      PAT_DIFFICULTY_PICK_SECONDS_SAT },
  };
  const PatRules *pm = pat_rules_lookup ("perpetual-motion");
  const PatRules *fc = pat_rules_lookup ("perpetual-motion-free");
  double easy_min, medium_min;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      const PatRules *rules = pat_rules_lookup (levels[i].id);

      g_test_message ("%s", levels[i].id);
      g_assert_nonnull (rules);
      g_assert_nonnull (rules->solver);
      g_assert_true (pat_solver_supports (rules));
      g_assert_nonnull (rules->difficulty);
      g_assert_true (pat_difficulty_thresholds (rules, &easy_min, &medium_min));
      g_assert_cmpfloat (easy_min, ==, levels[i].easy_min);
      g_assert_cmpfloat (medium_min, ==, levels[i].medium_min);
      g_assert_cmpint (pat_difficulty_yardstick (rules), ==, levels[i].yardstick);
      g_assert_cmpint (pat_difficulty_players (rules), ==, levels[i].players);
      g_assert_cmpfloat (pat_difficulty_pick_seconds (rules), ==, levels[i].pick_seconds);
    }
  g_assert_true (pat_rules_lookup ("black-hole")->solver ==
                 pat_rules_lookup ("all-in-a-row")->solver);

  /* Free Columns has a solver and no levels: every deal is won. */
  g_assert_true (pat_solver_supports (fc));
  g_assert_null (fc->difficulty);
  g_assert_false (pat_difficulty_has_levels (fc));
  g_assert_false (pat_difficulty_thresholds (fc, &easy_min, &medium_min));
  g_assert_true (pat_difficulty_has_levels (pat_rules_lookup ("all-in-a-row")));

  g_assert_null (pm->solver);
  g_assert_null (pm->difficulty);
  g_assert_false (pat_solver_supports (pm));
  g_assert_false (pat_difficulty_thresholds (pm, &easy_min, &medium_min));
  g_assert_false (pat_solver_supports (NULL));
}

/* The registered game's solver is the one pat_solver_solve() runs: a winning line that the rules
 * play to a win, a proven loss, and the limits it was given. */
static void
test_solver (void)
{
  PatRules up_or_down_bare = bare ();
  PatSolveLimits limits = { 0, };
  PatSolution solution = { 0, };
  PatState state, s;
  guint i;

  g_assert_true (pat_rules_lookup (up_or_down.id) == &up_or_down);
  g_assert_true (pat_solver_supports (&up_or_down));

  deal_winnable (&state);
  g_assert_cmpint (up_or_down_status (&state), ==, PAT_STATUS_PLAYING);
  g_assert_cmpint (pat_solver_solve (&up_or_down, &state, NULL, &solution), ==, PAT_SOLVE_SOLVED);
  g_assert_cmpint (solution.result, ==, PAT_SOLVE_SOLVED);
  g_assert_cmpuint (solution.n_moves, ==, PAT_N_CARDS);
  g_assert_cmpuint (solution.nodes, >=, PAT_N_CARDS);
  s = state;
  for (i = 0; i < solution.n_moves; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (pat_rules_try_move (&up_or_down, &s, &solution.moves[i], NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (up_or_down_status (&s), ==, PAT_STATUS_WON);
  pat_solution_clear (&solution);

  limits.max_nodes = 10;
  g_assert_cmpint (pat_solver_solve (&up_or_down, &state, &limits, &solution), ==, PAT_SOLVE_LIMIT);
  g_assert_cmpuint (solution.nodes, ==, 10);
  g_assert_null (solution.moves);
  pat_solution_clear (&solution);

  deal_lost (&state);
  g_assert_cmpint (up_or_down_status (&state), ==, PAT_STATUS_PLAYING);
  g_assert_cmpint (pat_solver_solve (&up_or_down, &state, NULL, &solution), ==,
                   PAT_SOLVE_UNSOLVABLE);
  g_assert_cmpuint (solution.nodes, ==, 1);
  pat_solution_clear (&solution);

  /* Without a solver in its rules, the same game has none. */
  g_assert_false (pat_solver_supports (&up_or_down_bare));
  g_assert_cmpint (pat_solver_solve (&up_or_down_bare, &state, NULL, &solution), ==,
                   PAT_SOLVE_LIMIT);
  pat_solution_clear (&solution);
}

/* The registered game's levels are the ones the difficulty functions read, and the difficulty of
 * a deal comes from its own solver. */
static void
test_difficulty (void)
{
  PatRules up_or_down_bare = bare ();
  PatSolveLimits limits = { 0, };
  PatState state;
  double easy_min, medium_min, score;
  PatDifficulty level;

  g_assert_true (pat_difficulty_thresholds (&up_or_down, &easy_min, &medium_min));
  g_assert_cmpfloat (easy_min, ==, 0.9);
  g_assert_cmpfloat (medium_min, ==, 0.5);
  g_assert_cmpint (pat_difficulty_players (&up_or_down), ==, PAT_PLAYOUT_ROLLOUT);
  g_assert_cmpint (pat_difficulty_yardstick (&up_or_down), ==, PAT_YARDSTICK_ROLLOUT);
  g_assert_cmpfloat (pat_difficulty_pick_seconds (&up_or_down), ==, 0.25);
  g_assert_cmpint (pat_difficulty_of_score (&up_or_down, 0.95), ==, PAT_DIFFICULTY_EASY);
  g_assert_cmpint (pat_difficulty_of_score (&up_or_down, 0.9), ==, PAT_DIFFICULTY_EASY);
  g_assert_cmpint (pat_difficulty_of_score (&up_or_down, 0.6), ==, PAT_DIFFICULTY_MEDIUM);
  g_assert_cmpint (pat_difficulty_of_score (&up_or_down, 0.1), ==, PAT_DIFFICULTY_HARD);

  /* The unshuffled deck: a player who follows the ranks down wins it, so the rollout players
   * score it Easy, and the solver proves it winnable. */
  deal_winnable (&state);
  level = pat_difficulty_of_deal (&up_or_down, &state, &limits, PAT_DIFFICULTY_UNKNOWN, &score);
  g_assert_cmpfloat (score, >=, 0.9);
  g_assert_cmpfloat (score, <=, 1.0);
  g_assert_cmpint (level, ==, PAT_DIFFICULTY_EASY);
  g_assert_true (pat_difficulty_pick (&up_or_down, &state, PAT_DIFFICULTY_EASY, NULL));
  g_assert_false (pat_difficulty_pick (&up_or_down, &state, PAT_DIFFICULTY_HARD, NULL));

  /* Two cards out of 52 for every player: Hard by its score, and lost by its solver. */
  deal_lost (&state);
  level = pat_difficulty_of_deal (&up_or_down, &state, &limits, PAT_DIFFICULTY_UNKNOWN, &score);
  g_assert_cmpfloat (score, <, 0.5);
  g_assert_cmpint (level, ==, PAT_DIFFICULTY_UNWINNABLE);
  g_assert_false (pat_difficulty_pick (&up_or_down, &state, PAT_DIFFICULTY_HARD, NULL));

  /* Without levels in its rules, the same game has the defaults and no thresholds. */
  g_assert_false (pat_difficulty_thresholds (&up_or_down_bare, &easy_min, &medium_min));
  g_assert_cmpint (pat_difficulty_players (&up_or_down_bare), ==, PAT_PLAYOUT_RANDOM);
  g_assert_cmpint (pat_difficulty_yardstick (&up_or_down_bare), ==, PAT_YARDSTICK_GREEDY);
  g_assert_cmpfloat (pat_difficulty_pick_seconds (&up_or_down_bare), ==,
                     PAT_DIFFICULTY_PICK_SECONDS);
  g_assert_cmpint (pat_difficulty_of_score (&up_or_down_bare, 0.95), ==, PAT_DIFFICULTY_UNKNOWN);
  level = pat_difficulty_of_deal (&up_or_down_bare, &state, &limits, PAT_DIFFICULTY_UNKNOWN, NULL);
  g_assert_cmpint (level, ==, PAT_DIFFICULTY_UNKNOWN);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  pat_rules_register (&up_or_down);

  g_test_add_func ("/registered-game/shipped", test_shipped);
  g_test_add_func ("/registered-game/solver", test_solver);
  g_test_add_func ("/registered-game/difficulty", test_difficulty);

  return g_test_run ();
}
