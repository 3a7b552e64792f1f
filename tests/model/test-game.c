/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of PatGame: undo and redo across automatic moves, notifications, signals, restart, the
 * Demo's assisted flag, the clock, (de)serialisation. */

#include "config.h"

#include <string.h>

#include "pat-error.h"
#include "pat-game.h"
#include "pat-greedy.h"
#include "pat-model-private.h"

/* Counts every notification and signal of a game, and their order. */
typedef struct {
  GHashTable *notify;      /* property name → count */
  GString    *order;       /* one letter per signal: m(ove-applied) c(hanged) f(inished) n(otify) */
  guint       changed;
  guint       move_applied;
  guint       finished;
  PatStatus   finished_status;
  char       *finished_reason;
  PatMove     last_move;
  gboolean    last_move_null;
  GArray     *last_steps;  /* PatMoveStep */
} Watch;

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Watch      *watch)
{
  const char *name = g_param_spec_get_name (pspec);
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (watch->notify, name));

  g_hash_table_insert (watch->notify, (gpointer) name, GUINT_TO_POINTER (n + 1));
  g_string_append_c (watch->order, 'n');
}

static void
changed_cb (PatGame *game,
            Watch   *watch)
{
  watch->changed++;
  g_string_append_c (watch->order, 'c');
}

static void
move_applied_cb (PatGame  *game,
                 gpointer  move,
                 gpointer  steps,
                 Watch    *watch)
{
  GArray *array = steps;

  g_assert_nonnull (steps);
  watch->move_applied++;
  watch->last_move_null = move == NULL;
  if (move != NULL)
    watch->last_move = *(const PatMove *) move;
  g_array_set_size (watch->last_steps, 0);
  g_array_append_vals (watch->last_steps, array->data, array->len);
  g_string_append_c (watch->order, 'm');
}

static void
finished_cb (PatGame    *game,
             PatStatus   status,
             const char *reason,
             Watch      *watch)
{
  watch->finished++;
  watch->finished_status = status;
  g_free (watch->finished_reason);
  watch->finished_reason = g_strdup (reason);
  g_string_append_c (watch->order, 'f');
}

/* The steps of the last move-applied that went from @from to @to in an automatic stage. */
static guint
automatic_steps (Watch *watch,
                 int    from,
                 int    to)
{
  guint n = 0;

  for (guint i = 0; i < watch->last_steps->len; i++)
    {
      const PatMoveStep *step = &g_array_index (watch->last_steps, PatMoveStep, i);

      if (step->automatic && (from < 0 || step->from_pile == from) &&
          (to < 0 || step->to_pile == to))
        n++;
    }
  return n;
}

static Watch *
watch_new (PatGame *game)
{
  Watch *watch = g_new0 (Watch, 1);

  watch->notify = g_hash_table_new (g_str_hash, g_str_equal);
  watch->order = g_string_new (NULL);
  watch->last_steps = g_array_new (FALSE, FALSE, sizeof (PatMoveStep));
  g_signal_connect (game, "notify", G_CALLBACK (notify_cb), watch);
  g_signal_connect (game, "changed", G_CALLBACK (changed_cb), watch);
  g_signal_connect (game, "move-applied", G_CALLBACK (move_applied_cb), watch);
  g_signal_connect (game, "finished", G_CALLBACK (finished_cb), watch);
  return watch;
}

static void
watch_free (PatGame *game,
            Watch   *watch)
{
  g_signal_handlers_disconnect_by_data (game, watch);
  g_hash_table_unref (watch->notify);
  g_string_free (watch->order, TRUE);
  g_array_unref (watch->last_steps);
  g_free (watch->finished_reason);
  g_free (watch);
}

static guint
notified (Watch      *watch,
          const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (watch->notify, name));
}

static void
watch_reset (Watch *watch)
{
  g_hash_table_remove_all (watch->notify);
  g_string_truncate (watch->order, 0);
  watch->changed = watch->move_applied = watch->finished = 0;
}

static PatGame *
game_new (const char *id,
          guint64     deal)
{
  PatDealNumber number = pat_deal_number_from_uint (deal);

  return pat_game_new (id, &number, NULL);
}

static PatMove
stock_move (PatGame *game)
{
  PatMove move = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  int stock = pat_rules_find_pile (pat_game_get_rules (game), PAT_PILE_STOCK, 0);

  g_assert_cmpint (stock, >=, 0);
  move.from = move.to = (guint8) stock;
  return move;
}

static void
assert_states_equal (const PatState *a,
                     const PatState *b)
{
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_true (pat_state_equal (a, b));
}

static void
test_new (void)
{
  const PatRules *const *all;
  guint n, i;

  all = pat_rules_all (&n);
  for (i = 0; i < n; i++)
    {
      g_autoptr(PatGame) game = game_new (all[i]->id, 123456789);
      g_autofree char *deal = NULL;
      g_autofree char *id = NULL;
      PatDealNumber number;
      PatState dealt;

      g_object_get (game, "game-id", &id, "deal-number", &deal, NULL);
      g_assert_cmpstr (id, ==, all[i]->id);
      g_assert_cmpstr (deal, ==, "123456789");
      g_assert_true (pat_game_get_deal (game, &number));
      g_assert_cmpuint (number.lo, ==, 123456789);
      g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
      g_assert_false (pat_game_get_can_undo (game));
      g_assert_false (pat_game_get_can_redo (game));
      g_assert_false (pat_game_get_started (game));
      g_assert_cmpuint (pat_game_get_history_length (game), ==, 1);
      g_assert_true (pat_game_get_rules (game) == all[i]);

      pat_rules_deal_number (all[i], &dealt, &number, NULL);
      assert_states_equal (pat_game_get_state (game), &dealt);
      assert_states_equal (pat_game_get_history_state (game, 0), &dealt);
      g_assert_null (pat_game_get_history_state (game, 1));
      g_assert_cmpint (pat_game_get_status (game), ==, all[i]->status (&dealt));
    }
}

static void
test_new_from_deck (void)
{
  PatCard deck[PAT_N_CARDS];
  g_autoptr(PatGame) game = NULL;
  g_autofree char *deal = NULL;
  PatState dealt;
  guint i;

  for (i = 0; i < PAT_N_CARDS; i++)
    deck[i] = (PatCard) (PAT_N_CARDS - 1 - i);
  game = pat_game_new_from_deck ("black-hole", deck, NULL);
  deal = pat_game_dup_deal_number (game);
  g_assert_cmpstr (deal, ==, "");
  g_assert_false (pat_game_get_deal (game, NULL));
  g_assert_cmpmem (pat_game_get_deck (game), PAT_N_CARDS, deck, PAT_N_CARDS);
  pat_rules_deal_deck (&pat_rules_black_hole, &dealt, deck, NULL);
  assert_states_equal (pat_game_get_state (game), &dealt);
}

/* Perpetual Motion: one deal is one action, with the consolidation moves that follow it. */
static void
test_undo_perpetual_motion (void)
{
  guint64 deal;

  for (deal = 1; deal < 200; deal++)
    {
      g_autoptr(PatGame) game = game_new ("perpetual-motion", deal);
      Watch *watch = watch_new (game);
      PatMove move = stock_move (game);
      PatState before, after;

      before = *pat_game_get_state (game);
      g_assert_true (pat_game_apply (game, &move, NULL));
      after = *pat_game_get_state (game);
      if (automatic_steps (watch, -1, -1) == 0)
        {
          watch_free (game, watch);
          continue;
        }

      g_assert_cmpuint (watch->move_applied, ==, 1);
      g_assert_cmpint (watch->last_move.kind, ==, PAT_MOVE_STOCK);
      g_assert_cmpuint (pat_game_get_moves (game), ==, 1);

      /* One undo takes back the deal and every consolidation it caused. */
      g_assert_true (pat_game_undo (game));
      assert_states_equal (pat_game_get_state (game), &before);
      g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
      g_assert_false (pat_game_undo (game));
      g_assert_true (pat_game_redo (game));
      assert_states_equal (pat_game_get_state (game), &after);
      g_assert_false (pat_game_redo (game));
      g_assert_cmpuint (watch->move_applied, ==, 1);
      watch_free (game, watch);
      return;
    }
  g_assert_not_reached ();
}

/* Demon: an emptied tableau pile is refilled from the reserve within the same action. */
static void
test_undo_demon_refill (void)
{
  guint64 deal;

  for (deal = 1; deal < 2000; deal++)
    {
      g_autoptr(PatGame) game = game_new ("demon", deal);
      PatMoveList moves;
      guint i;

      pat_game_legal_moves (game, &moves);
      for (i = 0; i < moves.n; i++)
        {
          const PatMove *move = &moves.moves[i];
          const PatState *state = pat_game_get_state (game);
          Watch *watch;
          PatState before, after;
          int reserve = pat_rules_find_pile (pat_game_get_rules (game), PAT_PILE_RESERVE, 0);

          if (move->kind != PAT_MOVE_CARDS ||
              pat_game_get_rules (game)->layout->piles[move->from].kind != PAT_PILE_TABLEAU ||
              pat_state_pile_len (state, move->from) != move->count)
            continue;

          watch = watch_new (game);
          before = *state;
          g_assert_true (pat_game_apply (game, move, NULL));
          after = *pat_game_get_state (game);
          g_assert_cmpuint (automatic_steps (watch, reserve, move->from), ==, 1);
          g_assert_cmpuint (pat_state_pile_len (&after, reserve), <,
                            pat_state_pile_len (&before, reserve));

          g_assert_true (pat_game_undo (game));
          assert_states_equal (pat_game_get_state (game), &before);
          g_assert_true (pat_game_redo (game));
          assert_states_equal (pat_game_get_state (game), &after);
          watch_free (game, watch);
          return;
        }
    }
  g_assert_not_reached ();
}

/* Plays the first legal move; returns FALSE when there is none. */
static gboolean
play_first (PatGame *game)
{
  PatMoveList moves;

  pat_game_legal_moves (game, &moves);
  if (moves.n == 0)
    return FALSE;
  g_assert_true (pat_game_apply (game, &moves.moves[0], NULL));
  return TRUE;
}

static void
test_notify_only_on_change (void)
{
  g_autoptr(PatGame) game = game_new ("black-hole", 1);
  Watch *watch = watch_new (game);
  int score = pat_game_get_score (game);
  PatMove bad = pat_move_cards (0, 0, 1);
  g_autoptr(GError) error = NULL;

  g_assert_true (play_first (game));
  g_assert_cmpuint (notified (watch, "moves"), ==, 1);
  g_assert_cmpuint (notified (watch, "can-undo"), ==, 1);
  g_assert_cmpuint (notified (watch, "can-redo"), ==, 0);
  g_assert_cmpuint (notified (watch, "started"), ==, 1);
  g_assert_cmpuint (notified (watch, "score"), ==, pat_game_get_score (game) != score ? 1 : 0);
  g_assert_cmpuint (notified (watch, "status"), ==, 0);
  g_assert_cmpuint (notified (watch, "round"), ==, 0);
  g_assert_cmpuint (notified (watch, "die"), ==, 0);
  g_assert_cmpuint (notified (watch, "elapsed"), ==, 0);

  watch_reset (watch);
  g_assert_true (play_first (game));
  g_assert_cmpuint (notified (watch, "moves"), ==, 1);
  g_assert_cmpuint (notified (watch, "can-undo"), ==, 0);
  g_assert_cmpuint (notified (watch, "started"), ==, 0);

  watch_reset (watch);
  g_assert_true (pat_game_undo (game));
  g_assert_cmpuint (notified (watch, "moves"), ==, 1);
  g_assert_cmpuint (notified (watch, "can-undo"), ==, 0);
  g_assert_cmpuint (notified (watch, "can-redo"), ==, 1);
  g_assert_true (pat_game_undo (game));
  g_assert_cmpuint (notified (watch, "can-undo"), ==, 1);
  g_assert_cmpuint (notified (watch, "can-redo"), ==, 1);
  g_assert_false (pat_game_undo (game));
  g_assert_cmpuint (notified (watch, "moves"), ==, 2);

  /* A failed move changes nothing and says nothing. */
  watch_reset (watch);
  g_assert_false (pat_game_apply (game, &bad, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
  g_assert_cmpuint (g_hash_table_size (watch->notify), ==, 0);
  g_assert_cmpuint (watch->changed, ==, 0);

  /* Setters notify only a real change. */
  pat_game_set_running (game, FALSE);
  g_assert_cmpuint (notified (watch, "running"), ==, 0);
  pat_game_set_running (game, TRUE);
  pat_game_set_running (game, TRUE);
  g_assert_cmpuint (notified (watch, "running"), ==, 1);
  pat_game_set_running (game, FALSE);
  g_assert_cmpuint (notified (watch, "running"), ==, 2);
  pat_game_set_recorded (game, TRUE);
  pat_game_set_recorded (game, TRUE);
  g_assert_cmpuint (notified (watch, "recorded"), ==, 1);
  pat_game_add_hint_used (game);
  g_assert_cmpuint (notified (watch, "hints-used"), ==, 1);
  g_assert_cmpuint (pat_game_get_hints_used (game), ==, 1);

  /* A new move clears the redo history. */
  watch_reset (watch);
  g_assert_true (pat_game_get_can_redo (game));
  g_assert_true (play_first (game));
  g_assert_false (pat_game_get_can_redo (game));
  g_assert_cmpuint (pat_game_get_redo_length (game), ==, 0);
  g_assert_cmpuint (notified (watch, "can-redo"), ==, 1);

  watch_free (game, watch);
}

/* Plays random legal moves until the game ends or @max moves were played. */
static void
play_random (PatGame *game,
             GRand   *rand,
             guint    max)
{
  guint i;

  for (i = 0; i < max; i++)
    {
      PatMoveList moves;

      pat_game_legal_moves (game, &moves);
      if (moves.n == 0)
        return;
      g_assert_true (pat_game_apply (game, &moves.moves[g_rand_int_range (rand, 0, (int) moves.n)],
                                     NULL));
    }
}

static void
test_signals_and_finished (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(PatGame) game = game_new ("black-hole", 2);
  Watch *watch = watch_new (game);
  PatMove bad = pat_move_cards (1, 0, 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = NULL;
  PatStatus status;
  guint moves;

  g_assert_true (play_first (game));
  /* move-applied, then changed, then the notifications. */
  g_assert_true (g_str_has_prefix (watch->order->str, "mcn"));
  g_assert_null (strchr (watch->order->str + 2, 'm'));
  g_assert_null (strchr (watch->order->str + 2, 'c'));
  g_assert_cmpuint (watch->changed, ==, 1);

  play_random (game, rand, 1000);
  status = pat_game_get_status (game);
  g_assert_cmpint (status, !=, PAT_STATUS_PLAYING);
  g_assert_cmpuint (watch->finished, ==, 1);
  g_assert_cmpint (watch->finished_status, ==, status);
  g_assert_cmpuint (notified (watch, "status"), ==, 1);
  reason = pat_game_dup_end_reason (game);
  g_assert_cmpstr (watch->finished_reason, ==, reason);
  g_assert_cmpuint (strlen (reason), >, 10);
  g_assert_cmpint (watch->order->str[watch->order->len - 1], ==, 'f');

  /* No move once it is over. */
  moves = pat_game_get_moves (game);
  g_assert_false (pat_game_apply (game, &bad, &error));
  g_assert_cmpuint (pat_game_get_moves (game), ==, moves);

  /* Undo from the end is allowed; ending again is a new "finished". */
  g_assert_true (pat_game_undo (game));
  g_assert_cmpint (pat_game_get_status (game), ==, PAT_STATUS_PLAYING);
  g_assert_null (pat_game_dup_end_reason (game));
  g_assert_cmpuint (watch->finished, ==, 1);
  g_assert_cmpuint (notified (watch, "status"), ==, 2);
  g_assert_true (pat_game_redo (game));
  g_assert_cmpuint (watch->finished, ==, 2);
  g_assert_cmpint (watch->finished_status, ==, status);

  watch_free (game, watch);
}

static void
test_cycle_reason (void)
{
  guint64 deal;

  for (deal = 1; deal < 100; deal++)
    {
      g_autoptr(PatGame) game = game_new ("perpetual-motion", deal);
      Watch *watch;
      PatMove move = stock_move (game);
      g_autofree char *length = NULL;
      g_autofree char *played = NULL;
      guint cycle_length = pat_game_get_state (game)->cycle_length;
      guint rounds = 0;

      if (pat_game_get_state (game)->cycle_round == 0)
        continue;

      watch = watch_new (game);
      while (pat_game_get_status (game) == PAT_STATUS_PLAYING)
        {
          g_assert_true (pat_game_apply (game, &move, NULL));
          rounds++;
          g_assert_cmpuint (rounds, <, 1000000);
        }
      g_assert_cmpint (pat_game_get_status (game), ==, PAT_STATUS_CYCLE);
      g_assert_cmpuint (watch->finished, ==, 1);
      g_assert_cmpint (watch->finished_status, ==, PAT_STATUS_CYCLE);
      g_assert_cmpuint (notified (watch, "round"), ==, pat_game_get_round (game) - 1);
      length = g_strdup_printf (" %u round", cycle_length);
      g_assert_nonnull (strstr (watch->finished_reason, length));
      g_assert_nonnull (strstr (watch->finished_reason, "can never be finished"));
      /* The round the cards were gathered for would repeat an earlier one and is never played:
       * the round and the reason count the rounds played. */
      g_assert_cmpuint (pat_game_get_round (game), ==, pat_game_get_state (game)->round - 1);
      played = g_strdup_printf (" %u rounds were played.", pat_game_get_round (game));
      g_assert_nonnull (strstr (watch->finished_reason, played));
      watch_free (game, watch);
      return;
    }
  g_assert_not_reached ();
}

static void
test_restart (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(PatGame) game = game_new ("penguin", 99);
  PatState dealt = *pat_game_get_state (game);
  Watch *watch;

  play_random (game, rand, 20);
  g_assert_cmpuint (pat_game_get_moves (game), >, 2);
  g_assert_true (pat_game_undo (game));
  pat_game_add_hint_used (game);
  pat_game_set_recorded (game, TRUE);

  watch = watch_new (game);
  pat_game_restart (game);
  assert_states_equal (pat_game_get_state (game), &dealt);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
  g_assert_false (pat_game_get_can_undo (game));
  g_assert_false (pat_game_get_can_redo (game));
  g_assert_false (pat_game_get_started (game));
  g_assert_false (pat_game_get_recorded (game));
  g_assert_cmpuint (pat_game_get_hints_used (game), ==, 0);
  g_assert_cmpuint (pat_game_get_history_length (game), ==, 1);
  g_assert_cmpuint (watch->changed, ==, 1);
  g_assert_cmpuint (watch->move_applied, ==, 0);
  g_assert_cmpuint (notified (watch, "moves"), ==, 1);
  g_assert_cmpuint (notified (watch, "can-undo"), ==, 1);
  g_assert_cmpuint (notified (watch, "can-redo"), ==, 1);
  g_assert_cmpuint (notified (watch, "started"), ==, 1);
  g_assert_cmpuint (notified (watch, "recorded"), ==, 1);
  watch_free (game, watch);
}

/* The first move to a foundation the position has, if any. */
static gboolean
find_foundation_move (PatGame *game,
                      PatMove *out)
{
  const PatRules *rules = pat_game_get_rules (game);
  PatMoveList moves;

  pat_game_legal_moves (game, &moves);
  for (guint i = 0; i < moves.n; i++)
    if (moves.moves[i].kind == PAT_MOVE_CARDS &&
        rules->layout->piles[moves.moves[i].to].kind == PAT_PILE_FOUNDATION)
      {
        *out = moves.moves[i];
        return TRUE;
      }
  return FALSE;
}

/* A move made at the opening is part of the deal: not undone, not counted, the game not started
 * (a game left then is not counted, and its clock, which waits for that, waits); it survives a
 * save; a restart goes back to the deal before it. Once the player has moved, even if the move was
 * undone, no more. */
static void
test_opening (void)
{
  g_autoptr(PatGame) game = NULL;
  g_autoptr(PatGame) loaded = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  PatState dealt, opened;
  PatMove move;
  guint64 deal;
  Watch *watch;

  /* The first Demon deal with a card that can go up at once (a base-rank card in the tableau). */
  for (deal = 1;; deal++)
    {
      g_clear_object (&game);
      game = game_new ("demon", deal);
      if (find_foundation_move (game, &move))
        break;
    }
  dealt = *pat_game_get_state (game);
  g_assert_false (pat_game_get_started (game));

  watch = watch_new (game);
  g_assert_true (pat_game_apply_opening (game, &move, &error));
  g_assert_no_error (error);
  g_assert_false (pat_state_equal (pat_game_get_state (game), &dealt));
  opened = *pat_game_get_state (game);
  g_assert_cmpuint (watch->move_applied, ==, 1);
  g_assert_cmpuint (watch->changed, ==, 1);
  g_assert_cmpuint (notified (watch, "score"), ==, 1);
  g_assert_cmpuint (notified (watch, "moves"), ==, 0);
  g_assert_cmpuint (notified (watch, "started"), ==, 0);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
  g_assert_false (pat_game_get_can_undo (game));
  g_assert_false (pat_game_get_started (game));
  g_assert_cmpuint (pat_game_get_history_length (game), ==, 1);
  watch_free (game, watch);

  /* Saved and loaded as it stands (a game not started with no history is consistent). */
  bytes = pat_game_save_to_bytes (game);
  loaded = pat_game_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  assert_states_equal (pat_game_get_state (loaded), &opened);
  g_assert_false (pat_game_get_started (loaded));

  /* The player's first move ends the opening, and undoing it does not bring it back. */
  move = stock_move (game);
  g_assert_true (pat_game_apply (game, &move, &error));
  g_assert_true (pat_game_get_started (game));
  g_assert_true (pat_game_undo (game));
  assert_states_equal (pat_game_get_state (game), &opened);
  g_assert_true (pat_game_get_started (game));
  move = stock_move (game);
  g_assert_false (pat_game_apply_opening (game, &move, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  assert_states_equal (pat_game_get_state (game), &opened);

  /* A restart: the deal as dealt, at its opening again. */
  pat_game_restart (game);
  assert_states_equal (pat_game_get_state (game), &dealt);
  g_assert_false (pat_game_get_started (game));
}

/* A follow-up (a card the board moves to its foundation by itself after the player's move) is
 * part of that move: the moves counted stay, one undo takes back both, a redo plays both; it
 * survives a save with its history. Without a latest action to join (nothing played yet, or an
 * action undone), or going elsewhere than to a foundation, it is refused and nothing changes. */
static void
test_follow_up (void)
{
  g_autoptr(PatGame) game = NULL;
  g_autoptr(PatGame) loaded = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  PatState dealt, after_move, after_follow_up;
  PatMove move, follow_up;
  guint64 deal;
  Watch *watch;

  /* The first Demon deal with a card that can go up at once; a stock turn leaves it so. */
  for (deal = 1;; deal++)
    {
      g_clear_object (&game);
      game = game_new ("demon", deal);
      if (find_foundation_move (game, &follow_up))
        break;
    }
  dealt = *pat_game_get_state (game);
  move = stock_move (game);

  /* Nothing to follow yet. */
  g_assert_false (pat_game_apply_follow_up (game, &follow_up, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  assert_states_equal (pat_game_get_state (game), &dealt);

  g_assert_true (pat_game_apply (game, &move, &error));
  after_move = *pat_game_get_state (game);

  /* A stock turn is no follow-up. */
  move = stock_move (game);
  g_assert_false (pat_game_apply_follow_up (game, &move, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  assert_states_equal (pat_game_get_state (game), &after_move);

  watch = watch_new (game);
  g_assert_true (pat_game_apply_follow_up (game, &follow_up, &error));
  g_assert_no_error (error);
  after_follow_up = *pat_game_get_state (game);
  g_assert_false (pat_state_equal (&after_follow_up, &after_move));
  g_assert_cmpuint (watch->move_applied, ==, 1);
  g_assert_cmpuint (watch->changed, ==, 1);
  g_assert_cmpuint (notified (watch, "moves"), ==, 0);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 1);
  watch_free (game, watch);

  /* Saved and loaded: the same position and the same one action to undo. */
  bytes = pat_game_save_to_bytes (game);
  loaded = pat_game_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  assert_states_equal (pat_game_get_state (loaded), &after_follow_up);
  g_assert_cmpuint (pat_game_get_moves (loaded), ==, 1);
  g_assert_true (pat_game_undo (loaded));
  assert_states_equal (pat_game_get_state (loaded), &dealt);

  /* One undo takes back the move and its follow-up; then there is no latest action to join. */
  g_assert_true (pat_game_undo (game));
  assert_states_equal (pat_game_get_state (game), &dealt);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
  g_assert_false (pat_game_apply_follow_up (game, &follow_up, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  assert_states_equal (pat_game_get_state (game), &dealt);

  /* A redo plays both again. */
  g_assert_true (pat_game_redo (game));
  assert_states_equal (pat_game_get_state (game), &after_follow_up);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 1);
}

/* Long games whose moves send cards up after them, as the board does with auto-foundation on
 * (every move to a foundation after each random move, as follow-ups): saved and loaded whole,
 * within the loader's budget for checking follow-ups. */
static void
test_follow_up_long (void)
{
  const char *const ids[] = { "penguin", "demon" };

  for (guint g = 0; g < G_N_ELEMENTS (ids); g++)
    for (guint64 deal = 1; deal <= 20; deal++)
      {
        g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) deal);
        g_autoptr(PatGame) game = game_new (ids[g], deal);
        g_autoptr(PatGame) loaded = NULL;
        g_autoptr(GBytes) bytes = NULL;
        g_autoptr(GError) error = NULL;
        guint follow_ups = 0;

        for (guint m = 0; m < 400 && pat_game_get_status (game) == PAT_STATUS_PLAYING; m++)
          {
            PatMoveList moves;
            PatMove up;

            pat_game_legal_moves (game, &moves);
            if (moves.n == 0)
              break;
            g_assert_true (pat_game_apply (game,
                                           &moves.moves[g_rand_int_range (rand, 0, (int) moves.n)],
                                           NULL));
            while (pat_game_get_status (game) == PAT_STATUS_PLAYING &&
                   find_foundation_move (game, &up) &&
                   pat_game_apply_follow_up (game, &up, NULL))
              follow_ups++;
          }
        bytes = pat_game_save_to_bytes (game);
        loaded = pat_game_new_from_bytes (bytes, &error);
        g_assert_no_error (error);
        assert_states_equal (pat_game_get_state (loaded), pat_game_get_state (game));
        g_assert_cmpuint (pat_game_get_moves (loaded), ==, pat_game_get_moves (game));
        if (deal == 1)
          g_test_message ("%s deal 1: %u moves, %u follow-ups", ids[g], pat_game_get_moves (game),
                          follow_ups);
      }
}

/* What a move did, step by step */

/* The last step of @card in the last move-applied, or NULL when it did not move. */
static const PatMoveStep *
step_of (Watch   *watch,
         PatCard  card)
{
  for (guint i = watch->last_steps->len; i-- > 0;)
    if (g_array_index (watch->last_steps, PatMoveStep, i).card == card)
      return &g_array_index (watch->last_steps, PatMoveStep, i);
  return NULL;
}

static void
assert_step (Watch   *watch,
             PatCard  card,
             guint    from_pile,
             guint    from_index,
             guint    to_pile,
             guint    to_index,
             guint    stage,
             gboolean automatic)
{
  const PatMoveStep *step = NULL;

  /* The card's step in that stage. */
  for (guint i = 0; i < watch->last_steps->len; i++)
    if (g_array_index (watch->last_steps, PatMoveStep, i).card == card &&
        g_array_index (watch->last_steps, PatMoveStep, i).stage == stage)
      step = &g_array_index (watch->last_steps, PatMoveStep, i);
  g_assert_nonnull (step);
  g_assert_cmpuint (step->from_pile, ==, from_pile);
  g_assert_cmpuint (step->from_index, ==, from_index);
  g_assert_cmpuint (step->to_pile, ==, to_pile);
  g_assert_cmpuint (step->to_index, ==, to_index);
  g_assert_cmpuint (step->stage, ==, stage);
  g_assert_cmpuint (step->automatic, ==, automatic);
}

static guint
n_stages (Watch *watch)
{
  guint n = 0;

  for (guint i = 0; i < watch->last_steps->len; i++)
    n = MAX (n, g_array_index (watch->last_steps, PatMoveStep, i).stage + 1u);
  return n;
}

/* The kind of card move test_steps_card_moves() looks for in game @g. */
static gboolean
wanted_card_move (guint           g,
                  const PatRules *rules,
                  const PatState *state,
                  const PatMove  *move)
{
  const PatLayout *layout = rules->layout;
  guint from_len = pat_state_pile_len (state, move->from);

  if (move->kind != PAT_MOVE_CARDS)
    return FALSE;
  switch (g)
    {
    case 0:  /* Black Hole: a card into the hole */
      return layout->piles[move->to].kind == PAT_PILE_HOLE;
    case 1:  /* Penguin: a run of two cards or more, off a column that keeps some */
      return move->count >= 2 && move->count < from_len &&
             layout->piles[move->to].kind == PAT_PILE_TABLEAU;
    default: /* Demon: a whole column of two cards or more, refilled from the reserve */
      return move->count >= 2 && move->count == from_len &&
             layout->piles[move->from].kind == PAT_PILE_TABLEAU &&
             layout->piles[move->to].kind == PAT_PILE_TABLEAU &&
             pat_state_pile_len (state, pat_rules_find_pile (rules, PAT_PILE_RESERVE, 0)) > 0;
    }
}

/* Black Hole: a card into the hole; Penguin: a run of cards between columns; Demon: a whole
 * column, then the card from the reserve that refills it. The move is the player's stage, one
 * step per card, from the top of its pile onto the other in the same order; the refill is a stage
 * of its own, automatic. */
static void
test_steps_card_moves (void)
{
  const char *const ids[] = { "black-hole", "penguin", "demon" };

  for (guint g = 0; g < G_N_ELEMENTS (ids); g++)
    {
      gboolean found = FALSE;

      for (guint64 deal = 1; deal < 300 && !found; deal++)
        {
          g_autoptr(PatGame) game = game_new (ids[g], deal);
          g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) deal);
          const PatRules *rules = pat_game_get_rules (game);
          PatMoveList moves;

          /* Runs are built first: random moves until one can move. */
          for (guint m = 0; g > 0 && m < 200; m++)
            {
              gboolean ready = FALSE;

              const PatState *now = pat_game_get_state (game);

              pat_game_legal_moves (game, &moves);
              for (guint i = 0; i < moves.n; i++)
                ready = ready || wanted_card_move (g, rules, now, &moves.moves[i]);
              if (ready || moves.n == 0)
                break;
              g_assert_true (pat_game_apply (game,
                                             &moves.moves[g_rand_int_range (rand, 0,
                                                                            (int) moves.n)],
                                             NULL));
            }

          pat_game_legal_moves (game, &moves);
          for (guint i = 0; i < moves.n && !found; i++)
            {
              const PatMove move = moves.moves[i];
              const PatState before = *pat_game_get_state (game);
              guint from_len = pat_state_pile_len (&before, move.from);
              guint to_len = pat_state_pile_len (&before, move.to);
              Watch *watch;

              if (!wanted_card_move (g, rules, &before, &move))
                continue;

              watch = watch_new (game);
              g_assert_true (pat_game_apply (game, &move, NULL));
              g_assert_cmpuint (watch->move_applied, ==, 1);
              g_assert_false (watch->last_move_null);
              g_assert_cmpint (memcmp (&watch->last_move, &move, sizeof move), ==, 0);
              for (guint k = 0; k < move.count; k++)
                {
                  guint index = from_len - move.count + k;
                  PatCard card = pat_state_pile_cards (&before, move.from)[index];

                  assert_step (watch, card, move.from, index, move.to, to_len + k, 0, FALSE);
                  g_assert_true (step_of (watch, card)->face_up);
                }
              if (g < 2)
                {
                  g_assert_cmpuint (watch->last_steps->len, ==, move.count);
                  g_assert_cmpuint (n_stages (watch), ==, 1);
                }
              else
                {
                  guint reserve = (guint) pat_rules_find_pile (rules, PAT_PILE_RESERVE, 0);
                  guint n = pat_state_pile_len (&before, reserve);

                  /* The refill, and the reserve's new top card, which turns face up where it is. */
                  g_assert_cmpuint (watch->last_steps->len, ==, move.count + 1);
                  g_assert_cmpuint (n_stages (watch), ==, 2);
                  assert_step (watch, pat_state_pile_top (&before, reserve), reserve, n - 1,
                               move.from, 0, 1, TRUE);
                }
              g_test_message ("%s deal %" G_GUINT64_FORMAT ": %u card(s) from pile %u to %u",
                              ids[g], deal, move.count, move.from, move.to);
              watch_free (game, watch);
              found = TRUE;
            }
        }
      g_assert_true (found);
    }
}

/* Demon, three a turn: the top three cards of the stock turned onto the waste, the top one first,
 * face up. Perpetual Motion: one card from the stock onto each of the four piles, the first on
 * pile 1; a rank showing twice then goes onto the leftmost pile showing it, a stage of its own. */
static void
test_steps_stock (void)
{
  {
    g_autoptr(PatGame) game = game_new ("demon", 1);
    const PatState before = *pat_game_get_state (game);
    PatMove move = stock_move (game);
    guint stock = move.from, waste = 1;
    guint n = pat_state_pile_len (&before, stock);
    Watch *watch = watch_new (game);

    g_assert_cmpuint (pat_game_get_rules (game)->layout->piles[waste].kind, ==, PAT_PILE_WASTE);
    g_assert_cmpuint (pat_state_pile_len (&before, waste), ==, 0);
    g_assert_true (pat_game_apply (game, &move, NULL));
    g_assert_cmpuint (watch->last_steps->len, ==, 3);
    for (guint k = 0; k < 3; k++)
      {
        PatCard card = pat_state_pile_cards (&before, stock)[n - 1 - k];

        assert_step (watch, card, stock, n - 1 - k, waste, k, 0, FALSE);
        g_assert_true (step_of (watch, card)->face_up);
      }
    watch_free (game, watch);
  }

  {
    gboolean plain = FALSE, consolidated = FALSE;

    for (guint64 deal = 1; deal < 200 && !(plain && consolidated); deal++)
      {
        g_autoptr(PatGame) game = game_new ("perpetual-motion", deal);
        const PatState before = *pat_game_get_state (game);
        PatMove move = stock_move (game);
        const PatCard *stock = pat_state_pile_cards (&before, 0);
        Watch *watch = watch_new (game);
        guint ranks[4];
        int twice = -1, first = -1;

        g_assert_cmpuint (pat_state_pile_len (&before, 0), ==, PAT_N_CARDS);
        g_assert_true (pat_game_apply (game, &move, NULL));
        for (guint j = 0; j < 4; j++)
          ranks[j] = pat_card_rank (stock[PAT_N_CARDS - 1 - j]);
        /* The one pile whose card goes onto an earlier one (deals with more are left out). */
        for (guint j = 1; j < 4; j++)
          for (guint i = 0; i < j; i++)
            if (ranks[i] == ranks[j])
              {
                if (twice < 0 && first < 0)
                  {
                    twice = (int) j;
                    first = (int) i;
                  }
                else
                  twice = 99;
                break;
              }
        if (twice == 99 || (twice >= 0 && consolidated) || (twice < 0 && plain))
          {
            watch_free (game, watch);
            continue;
          }

        for (guint j = 0; j < 4; j++)
          if ((int) j != twice)
            assert_step (watch, stock[PAT_N_CARDS - 1 - j], 0, PAT_N_CARDS - 1 - j, 1 + j, 0, 0,
                         FALSE);
        if (twice < 0)
          {
            g_assert_cmpuint (watch->last_steps->len, ==, 4);
            plain = TRUE;
          }
        else
          {
            /* Dealt onto its pile, then onto the other: only where it ends, in stage 1. */
            const PatMoveStep *last;
            guint index = PAT_N_CARDS - 1 - twice;

            g_assert_cmpuint (n_stages (watch), ==, 2);
            g_assert_cmpuint (watch->last_steps->len, ==, 5);
            last = &g_array_index (watch->last_steps, PatMoveStep, 4);

            assert_step (watch, stock[index], 0, index, 1 + twice, 0, 0, FALSE);
            g_assert_cmpuint (last->card, ==, stock[index]);
            g_assert_cmpuint (last->from_pile, ==, 1 + twice);
            g_assert_cmpuint (last->to_pile, ==, 1 + first);
            g_assert_cmpuint (last->to_index, ==, 1);
            g_assert_cmpuint (last->stage, ==, 1);
            g_assert_true (last->automatic);
            consolidated = TRUE;
          }
        watch_free (game, watch);
      }
    g_assert_true (plain);
    g_assert_true (consolidated);
  }
}

/* Perpetual Motion's last deal of a round: the stock's last cards dealt (the player's stage), then
 * the four piles gathered onto the stock (the last stage, automatic): pile 1 first, each pile
 * turned over, so a pile's top card lies below its bottom card. */
static void
test_steps_gather (void)
{
  g_autoptr(PatGame) game = game_new ("perpetual-motion", 1);
  PatMove move = stock_move (game);
  gboolean gathered = FALSE;

  while (!gathered && pat_game_get_status (game) == PAT_STATUS_PLAYING)
    {
      guint round = pat_game_get_state (game)->round;
      Watch *watch = watch_new (game);
      const PatState *after;
      guint last, n = 0, below = 0;
      guint8 seen[PAT_N_CARDS] = { 0 };
      int previous_pile = -1, previous_index = -1;

      g_assert_true (pat_game_apply (game, &move, NULL));
      after = pat_game_get_state (game);
      if (after->round == round)
        {
          watch_free (game, watch);
          continue;
        }
      gathered = TRUE;
      last = n_stages (watch) - 1;
      g_assert_cmpuint (last, >, 0);
      for (guint i = 0; i < watch->last_steps->len; i++)
        {
          const PatMoveStep *step = &g_array_index (watch->last_steps, PatMoveStep, i);

          if (step->stage == 0)
            {
              g_assert_cmpuint (step->from_pile, ==, 0);
              g_assert_false (step->automatic);
            }
          if (step->stage != last)
            continue;
          g_assert_true (step->automatic);
          g_assert_cmpuint (step->to_pile, ==, 0);
          g_assert_cmpuint (step->from_pile, >=, 1);
          g_assert_cmpuint (step->from_pile, <=, 4);
          g_assert_cmpuint (step->to_index, <, PAT_N_CARDS);
          g_assert_cmpuint (seen[step->to_index]++, ==, 0);
          n++;
        }
      /* Every card on the stock came there in the gathering, in the order said. */
      g_assert_cmpuint (n, ==, pat_state_pile_len (after, 0));
      for (guint k = 0; k < n; k++)
        {
          const PatMoveStep *step = step_of (watch, pat_state_pile_cards (after, 0)[k]);

          g_assert_nonnull (step);
          g_assert_cmpuint (step->to_index, ==, k);
          g_assert_cmpint (step->from_pile, >=, previous_pile);
          if ((int) step->from_pile == previous_pile)
            {
              g_assert_cmpint (step->from_index, <, previous_index);
              below++;
            }
          previous_pile = step->from_pile;
          previous_index = step->from_index;
        }
      g_assert_cmpuint (below, >, 0);
      g_test_message ("round %u gathered %u cards", round, n);
      watch_free (game, watch);
    }
  g_assert_true (gathered);
}

/* Idiot's Delight: a pair goes to the discards together, the first card then the second. */
static void
test_steps_pair (void)
{
  for (guint64 deal = 1; deal < 300; deal++)
    {
      g_autoptr(PatGame) game = game_new ("idiots-delight", deal);
      PatMove deal_row = stock_move (game);
      PatMoveList moves;

      /* Rows dealt until two cards of a rank show. */
      for (guint m = 0; m < 13; m++)
        {
          gboolean pair = FALSE;

          pat_game_legal_moves (game, &moves);
          for (guint i = 0; i < moves.n; i++)
            pair = pair || moves.moves[i].kind == PAT_MOVE_PAIR;
          if (pair || !pat_game_apply (game, &deal_row, NULL))
            break;
        }
      pat_game_legal_moves (game, &moves);
      for (guint i = 0; i < moves.n; i++)
        {
          const PatMove move = moves.moves[i];
          const PatState before = *pat_game_get_state (game);
          guint d;
          Watch *watch;

          if (move.kind != PAT_MOVE_PAIR)
            continue;
          d = pat_state_pile_len (&before, move.to);
          watch = watch_new (game);
          g_assert_true (pat_game_apply (game, &move, NULL));
          g_assert_cmpuint (watch->last_steps->len, ==, 2);
          assert_step (watch, pat_state_pile_top (&before, move.from), move.from,
                       pat_state_pile_len (&before, move.from) - 1, move.to, d, 0, FALSE);
          assert_step (watch, pat_state_pile_top (&before, move.from2), move.from2,
                       pat_state_pile_len (&before, move.from2) - 1, move.to, d + 1, 0, FALSE);
          watch_free (game, watch);
          return;
        }
    }
  g_assert_not_reached ();
}

/* What the old board did by itself, the reference the game's auto-foundation must match: the
 * first legal move of one card to a foundation that the rules call safe. */
static gboolean
reference_safe_move (PatGame *game,
                     PatMove *out)
{
  const PatRules *rules = pat_game_get_rules (game);
  const PatState *state = pat_game_get_state (game);
  PatMoveList moves;

  if (rules->safe_to_foundation == NULL || pat_game_get_status (game) != PAT_STATUS_PLAYING)
    return FALSE;
  pat_game_legal_moves (game, &moves);
  for (guint i = 0; i < moves.n; i++)
    {
      const PatMove *m = &moves.moves[i];
      guint8 height[4] = { 0 };
      PatCard card = pat_state_pile_top (state, m->from);

      if (m->kind != PAT_MOVE_CARDS || m->count != 1 || card >= PAT_N_CARDS ||
          rules->layout->piles[m->to].kind != PAT_PILE_FOUNDATION ||
          rules->layout->piles[m->from].kind == PAT_PILE_FOUNDATION)
        continue;
      for (guint suit = 0; suit < 4; suit++)
        for (guint p = 0; p < state->n_piles; p++)
          if (rules->layout->piles[p].kind == PAT_PILE_FOUNDATION &&
              pat_state_pile_len (state, p) > 0 &&
              pat_card_suit (pat_state_pile_cards (state, p)[0]) == suit)
            {
              height[suit] = (guint8) pat_state_pile_len (state, p);
              break;
            }
      if (rules->safe_to_foundation (card, state->base_rank, height))
        {
          *out = *m;
          return TRUE;
        }
    }
  return FALSE;
}

/* The reference's moves after a move, or at the deal: openings before the first move, follow-ups
 * after it, or a move of their own when there is no latest action to join. */
static guint
reference_send_up (PatGame *game)
{
  guint n = 0;
  PatMove up;

  while (reference_safe_move (game, &up))
    {
      if (!pat_game_get_started (game))
        g_assert_true (pat_game_apply_opening (game, &up, NULL));
      else if (!pat_game_apply_follow_up (game, &up, NULL))
        g_assert_true (pat_game_apply (game, &up, NULL));
      n++;
    }
  return n;
}

static void
assert_same_game (PatGame *a,
                  PatGame *b)
{
  assert_states_equal (pat_game_get_state (a), pat_game_get_state (b));
  g_assert_cmpuint (pat_game_get_moves (a), ==, pat_game_get_moves (b));
  g_assert_cmpuint (pat_game_get_redo_length (a), ==, pat_game_get_redo_length (b));
  g_assert_cmpint (pat_game_get_started (a), ==, pat_game_get_started (b));
  for (guint i = 0; i < pat_game_get_history_length (a); i++)
    assert_states_equal (pat_game_get_history_state (a, i), pat_game_get_history_state (b, i));
}

/* Auto-foundation in the game does what the board did: the same positions, moves counted, undo
 * and redo entries, over random games of Penguin and Demon with undos, redos, a restart and a
 * pause (the Demo's) among the moves; what goes up after a move is told in the move's steps. */
static void
test_auto_foundation_policy (void)
{
  const char *const ids[] = { "penguin", "demon" };
  guint total = 0, openings = 0;

  for (guint g = 0; g < G_N_ELEMENTS (ids); g++)
    for (guint64 deal = 1; deal <= 12; deal++)
      {
        g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) deal);
        g_autoptr(PatGame) game = game_new (ids[g], deal);
        g_autoptr(PatGame) reference = game_new (ids[g], deal);
        Watch *watch = watch_new (game);

        g_object_set (game, "auto-foundation", TRUE, NULL);
        g_assert_true (pat_game_get_auto_foundation (game));
        openings += reference_send_up (reference);
        assert_same_game (game, reference);
        if (watch->move_applied > 0)
          g_assert_true (watch->last_move_null);

        for (guint m = 0; m < 150 && pat_game_get_status (game) == PAT_STATUS_PLAYING; m++)
          {
            guint r = (guint) g_rand_int_range (rand, 0, 20);
            PatMoveList moves;
            const PatMove *move;
            guint up, out;

            if (r == 0 && pat_game_get_can_undo (game))
              {
                g_assert_true (pat_game_undo (game));
                g_assert_true (pat_game_undo (reference));
                assert_same_game (game, reference);
                continue;
              }
            if (r == 1 && pat_game_get_can_redo (game))
              {
                g_assert_true (pat_game_redo (game));
                g_assert_true (pat_game_redo (reference));
                assert_same_game (game, reference);
                continue;
              }
            if (r == 2 && m == 40)
              {
                pat_game_restart (game);
                pat_game_restart (reference);
                reference_send_up (reference);
                assert_same_game (game, reference);
                continue;
              }

            pat_game_legal_moves (game, &moves);
            if (moves.n == 0)
              break;
            move = &moves.moves[g_rand_int_range (rand, 0, (int) moves.n)];
            /* Sometimes paused, as by the Demo: nothing goes up until the pause ends. */
            if (r == 3)
              pat_game_set_auto_foundation_paused (game, TRUE);
            watch_reset (watch);
            g_assert_true (pat_game_apply (game, move, NULL));
            g_assert_true (pat_game_apply (reference, move, NULL));
            out = pat_cards_out (pat_game_get_rules (game), pat_game_get_state (reference));
            up = r == 3 ? 0 : reference_send_up (reference);
            assert_same_game (game, reference);
            g_assert_cmpuint (watch->move_applied, ==, 1);
            g_assert_cmpuint (automatic_steps (watch, -1, -1) >= up, ==, TRUE);
            if (r == 3)
              {
                pat_game_set_auto_foundation_paused (game, FALSE);
                up = reference_send_up (reference);
                assert_same_game (game, reference);
              }
            g_assert_cmpuint (pat_cards_out (pat_game_get_rules (game), pat_game_get_state (game)),
                              ==, out + up);
            total += up;
          }
        watch_free (game, watch);
      }
  g_test_message ("%u cards went up by themselves after moves, %u at the deal", total, openings);
  g_assert_cmpuint (total, >, 0);
  g_assert_cmpuint (openings, >, 0);
}

/* Penguin 931880326 deals the eights of clubs and diamonds on top of columns (the three other
 * sevens start the foundations): turning auto-foundation on sends them up as part of the deal,
 * each a stage of its own, told with no move (no move counted, nothing to undo, the game not
 * started); a restart plays them again. Demon 289 deals the ten of diamonds, its base rank, on
 * the reserve, which the rules keep there: nothing moves. */
static void
test_steps_opening (void)
{
  {
    g_autoptr(PatGame) game = game_new ("penguin", 931880326);
    const PatLayout *layout = pat_game_get_rules (game)->layout;
    const PatState dealt = *pat_game_get_state (game);
    Watch *watch = watch_new (game);
    PatState opened;

    pat_game_set_auto_foundation (game, TRUE);
    g_assert_cmpuint (watch->move_applied, ==, 1);
    g_assert_true (watch->last_move_null);
    g_assert_cmpuint (watch->last_steps->len, ==, 2);
    g_assert_cmpuint (n_stages (watch), ==, 2);
    for (guint i = 0; i < 2; i++)
      {
        const PatMoveStep *step = &g_array_index (watch->last_steps, PatMoveStep, i);

        g_assert_cmpuint (step->stage, ==, i);
        g_assert_true (step->automatic);
        g_assert_cmpuint (pat_card_rank (step->card), ==, 8);
        g_assert_cmpuint (layout->piles[step->to_pile].kind, ==, PAT_PILE_FOUNDATION);
        g_assert_cmpuint (step->to_index, ==, pat_state_pile_len (&dealt, step->to_pile));
        g_assert_cmpuint (step->from_index + 1, ==, pat_state_pile_len (&dealt, step->from_pile));
      }
    g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
    g_assert_false (pat_game_get_can_undo (game));
    g_assert_false (pat_game_get_started (game));
    opened = *pat_game_get_state (game);

    /* Turned off and on again once the game has started: nothing goes until the next move. */
    g_assert_true (play_first (game));
    pat_game_set_auto_foundation (game, FALSE);
    watch_reset (watch);
    pat_game_set_auto_foundation (game, TRUE);
    g_assert_cmpuint (watch->move_applied, ==, 0);
    pat_game_restart (game);
    assert_states_equal (pat_game_get_state (game), &opened);
    g_assert_cmpuint (watch->move_applied, ==, 1);
    g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
    g_assert_false (pat_game_get_started (game));
    watch_free (game, watch);
  }

  {
    g_autoptr(PatGame) game = game_new ("demon", 289);
    const PatState dealt = *pat_game_get_state (game);
    Watch *watch = watch_new (game);

    pat_game_set_auto_foundation (game, TRUE);
    g_assert_cmpuint (watch->move_applied, ==, 0);
    assert_states_equal (pat_game_get_state (game), &dealt);
    watch_free (game, watch);
  }
}

/* A Demon move after which cards go up by themselves: the player's stage first, then one
 * automatic stage per card, each onto its foundation; one action, one move counted; one undo
 * takes back all of it. */
static void
test_steps_follow_up (void)
{
  for (guint64 deal = 1; deal < 100; deal++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) deal);
      g_autoptr(PatGame) game = game_new ("demon", deal);
      g_autoptr(PatGame) manual = game_new ("demon", deal);
      const PatLayout *layout = pat_game_get_rules (game)->layout;
      Watch *watch;

      pat_game_set_auto_foundation (game, TRUE);
      if (!pat_state_equal (pat_game_get_state (game), pat_game_get_state (manual)))
        continue;
      watch = watch_new (game);
      for (guint m = 0; m < 300 && pat_game_get_status (game) == PAT_STATUS_PLAYING; m++)
        {
          PatState before = *pat_game_get_state (game);
          guint moves_before = pat_game_get_moves (game);
          guint ups = 0;
          PatMoveList moves;
          PatMove move;

          pat_game_legal_moves (game, &moves);
          if (moves.n == 0)
            break;
          move = moves.moves[g_rand_int_range (rand, 0, (int) moves.n)];
          g_assert_true (pat_game_apply (game, &move, NULL));
          g_assert_true (pat_game_apply (manual, &move, NULL));
          if (pat_state_equal (pat_game_get_state (game), pat_game_get_state (manual)))
            continue;

          /* The move's stages, then the cards gone up, a stage each; the manual game plays them
           * as the steps say and reaches the same position. */
          g_assert_cmpuint (g_array_index (watch->last_steps, PatMoveStep, 0).stage, ==, 0);
          g_assert_false (g_array_index (watch->last_steps, PatMoveStep, 0).automatic);
          for (guint i = 0; i < watch->last_steps->len; i++)
            {
              const PatMoveStep *step = &g_array_index (watch->last_steps, PatMoveStep, i);
              const PatState *now = pat_game_get_state (manual);
              PatMove up = { PAT_MOVE_CARDS, step->from_pile, step->to_pile, 1, 0 };

              if (layout->piles[step->to_pile].kind != PAT_PILE_FOUNDATION || !step->automatic ||
                  pat_state_pile_top (now, step->from_pile) != step->card)
                continue;
              g_assert_cmpuint (step->stage, >, 0);
              g_assert_cmpuint (step->to_index, ==, pat_state_pile_len (now, step->to_pile));
              g_assert_cmpuint (step->from_index + 1, ==,
                                pat_state_pile_len (now, step->from_pile));
              g_assert_true (pat_game_apply_follow_up (manual, &up, NULL));
              ups++;
            }
          g_assert_cmpuint (ups, >, 0);
          assert_states_equal (pat_game_get_state (game), pat_game_get_state (manual));
          g_assert_cmpuint (pat_game_get_moves (game), ==, moves_before + 1);
          g_assert_true (pat_game_undo (game));
          assert_states_equal (pat_game_get_state (game), &before);
          g_test_message ("demon deal %" G_GUINT64_FORMAT ": %u card(s) up after move %u",
                          deal, ups, m + 1);
          watch_free (game, watch);
          return;
        }
      watch_free (game, watch);
    }
  g_assert_not_reached ();
}

static void
test_history (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(PatGame) game = game_new ("demon", 4242);
  g_autoptr(GArray) states = g_array_new (FALSE, FALSE, sizeof (PatState));
  guint i;

  g_array_append_val (states, *pat_game_get_state (game));
  for (i = 0; i < 30; i++)
    {
      play_random (game, rand, 1);
      if (pat_game_get_moves (game) == states->len - 1)
        break;
      g_array_append_val (states, *pat_game_get_state (game));
    }
  g_assert_cmpuint (pat_game_get_history_length (game), ==, states->len);
  for (i = 0; i < states->len; i++)
    assert_states_equal (pat_game_get_history_state (game, i),
                         &g_array_index (states, PatState, i));

  /* Redo entries come back in order, the next first. */
  g_assert_true (pat_game_undo (game));
  g_assert_true (pat_game_undo (game));
  g_assert_cmpuint (pat_game_get_redo_length (game), ==, 2);
  assert_states_equal (pat_game_get_redo_state (game, 0),
                       &g_array_index (states, PatState, states->len - 2));
  assert_states_equal (pat_game_get_redo_state (game, 1),
                       &g_array_index (states, PatState, states->len - 1));
  g_assert_null (pat_game_get_redo_state (game, 2));
}

static void
test_die_mode (void)
{
  PatOptions options = { PAT_DIE_PER_PASS };
  PatDealNumber deal = pat_deal_number_from_uint (77);
  g_autoptr(PatGame) game = pat_game_new ("demon", &deal, &options);
  PatDieMode mode;

  g_object_get (game, "die-mode", &mode, NULL);
  g_assert_cmpint (mode, ==, PAT_DIE_PER_PASS);
  g_assert_cmpint (pat_game_get_options (game).die_mode, ==, PAT_DIE_PER_PASS);
  g_assert_cmpuint (pat_game_get_die (game), >=, 1);
  g_assert_cmpuint (pat_game_get_die (game), <=, 6);
  g_assert_cmpuint (pat_game_get_round (game), ==, 1);
  g_assert_cmpstr (g_enum_get_value (g_type_class_peek (PAT_TYPE_DIE_MODE),
                                     PAT_DIE_PER_GAME)->value_nick,
                   ==, "game");
  g_assert_cmpstr (g_enum_get_value (g_type_class_peek (PAT_TYPE_STATUS),
                                     PAT_STATUS_CYCLE)->value_nick,
                   ==, "cycle");
}

/* The clock is replaced so that time passes only when the test says so. */
static gint64 fake_now;

static gint64
fake_clock (void)
{
  return fake_now;
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
test_elapsed (void)
{
  g_autoptr(PatGame) game = NULL;
  g_autoptr(PatGame) loaded = NULL;
  g_autoptr(GVariant) saved = NULL;
  gboolean timed_out = FALSE;
  guint timeout_id;
  Watch *watch;

  fake_now = 1000 * G_USEC_PER_SEC;
  pat_game_set_clock_func (fake_clock);
  game = game_new ("black-hole", 5);
  watch = watch_new (game);

  /* Not running: no time passes. */
  fake_now += 10 * G_USEC_PER_SEC;
  g_assert_cmpuint (pat_game_get_elapsed (game), ==, 0);

  /* Running, the clock still waits for the first move: looking at the deal is free, and a
   * match player's turn starts when they play, not when the turn is handed to them. */
  pat_game_set_running (game, TRUE);
  fake_now += 30 * G_USEC_PER_SEC;
  g_assert_cmpuint (pat_game_get_elapsed (game), ==, 0);
  g_assert_true (play_first (game));
  g_assert_cmpuint (pat_game_get_elapsed (game), ==, 0);
  fake_now += 2500 * 1000;
  g_assert_cmpuint (pat_game_get_elapsed (game), ==, 2);
  pat_game_set_running (game, FALSE);
  g_assert_cmpuint (notified (watch, "elapsed"), ==, 1);
  fake_now += 60 * G_USEC_PER_SEC;
  g_assert_cmpuint (pat_game_get_elapsed (game), ==, 2);

  /* While running, the elapsed time is notified every second by a timeout. */
  pat_game_set_running (game, TRUE);
  fake_now += 1200 * 1000;
  timeout_id = g_timeout_add (5000, timeout_cb, &timed_out);
  while (notified (watch, "elapsed") < 2 && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout_id);
  g_assert_cmpuint (pat_game_get_elapsed (game), ==, 3);

  /* The elapsed time is saved, and the loaded game's clock is stopped until it runs. */
  saved = g_variant_ref_sink (pat_game_serialize (game));
  loaded = pat_game_deserialize (saved, NULL);
  g_assert_nonnull (loaded);
  fake_now += 5 * G_USEC_PER_SEC;
  g_assert_cmpuint (pat_game_get_elapsed (loaded), ==, 3);
  g_assert_cmpuint (pat_game_get_elapsed (game), ==, 8);

  /* The clock stops when the game ends. */
  {
    g_autoptr(GRand) rand = g_rand_new_with_seed (1);
    guint at_end;

    play_random (game, rand, 1000);
    g_assert_cmpint (pat_game_get_status (game), !=, PAT_STATUS_PLAYING);
    at_end = pat_game_get_elapsed (game);
    fake_now += 100 * G_USEC_PER_SEC;
    g_assert_cmpuint (pat_game_get_elapsed (game), ==, at_end);
    pat_game_restart (game);
    g_assert_cmpuint (pat_game_get_elapsed (game), ==, 0);
    fake_now += 4 * G_USEC_PER_SEC;
    g_assert_cmpuint (pat_game_get_elapsed (game), ==, 0);
    /* An undo back to the deal does not stop the clock again. */
    g_assert_true (play_first (game));
    g_assert_true (pat_game_undo (game));
    fake_now += 4 * G_USEC_PER_SEC;
    g_assert_cmpuint (pat_game_get_elapsed (game), ==, 4);
  }

  watch_free (game, watch);
  pat_game_set_running (game, FALSE);
  pat_game_set_clock_func (NULL);
}

static void
assert_games_equal (PatGame *a,
                    PatGame *b)
{
  g_autofree char *deal_a = pat_game_dup_deal_number (a);
  g_autofree char *deal_b = pat_game_dup_deal_number (b);
  guint i;

  g_assert_cmpstr (pat_game_get_game_id (a), ==, pat_game_get_game_id (b));
  g_assert_cmpstr (deal_a, ==, deal_b);
  g_assert_cmpmem (pat_game_get_deck (a), PAT_N_CARDS, pat_game_get_deck (b), PAT_N_CARDS);
  g_assert_cmpint (pat_game_get_options (a).die_mode, ==, pat_game_get_options (b).die_mode);
  assert_states_equal (pat_game_get_state (a), pat_game_get_state (b));
  g_assert_cmpint (pat_game_get_status (a), ==, pat_game_get_status (b));
  g_assert_cmpuint (pat_game_get_moves (a), ==, pat_game_get_moves (b));
  g_assert_cmpuint (pat_game_get_history_length (a), ==, pat_game_get_history_length (b));
  for (i = 0; i < pat_game_get_history_length (a); i++)
    assert_states_equal (pat_game_get_history_state (a, i), pat_game_get_history_state (b, i));
  g_assert_cmpuint (pat_game_get_redo_length (a), ==, pat_game_get_redo_length (b));
  for (i = 0; i < pat_game_get_redo_length (a); i++)
    assert_states_equal (pat_game_get_redo_state (a, i), pat_game_get_redo_state (b, i));
  g_assert_cmpuint (pat_game_get_elapsed (a), ==, pat_game_get_elapsed (b));
  g_assert_cmpint (pat_game_get_started (a), ==, pat_game_get_started (b));
  g_assert_cmpint (pat_game_get_recorded (a), ==, pat_game_get_recorded (b));
  g_assert_cmpuint (pat_game_get_hints_used (a), ==, pat_game_get_hints_used (b));
  g_assert_cmpint (pat_game_get_assisted (a), ==, pat_game_get_assisted (b));
}

/* Every game, in progress with both histories, comes back exactly. */
static void
test_round_trip (void)
{
  const PatRules *const *all;
  guint n, i;

  fake_now = 0;
  pat_game_set_clock_func (fake_clock);
  all = pat_rules_all (&n);
  for (i = 0; i < n; i++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (i + 1);
      PatOptions options = { g_str_equal (all[i]->id, "demon") ? PAT_DIE_PER_PASS : PAT_DIE_OFF };
      PatDealNumber deal = pat_deal_number_from_uint (1000 + i);
      g_autoptr(PatGame) game = pat_game_new (all[i]->id, &deal, &options);
      g_autoptr(PatGame) loaded = NULL;
      g_autoptr(GVariant) saved = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      guint k;

      pat_game_set_running (game, TRUE);
      play_random (game, rand, 1);
      fake_now += 61 * G_USEC_PER_SEC;
      play_random (game, rand, 59);
      pat_game_set_running (game, FALSE);
      for (k = 0; k < 5 && pat_game_get_moves (game) > 1; k++)
        g_assert_true (pat_game_undo (game));
      pat_game_add_hint_used (game);
      g_assert_cmpuint (pat_game_get_moves (game), >, 0);
      g_assert_true (pat_game_get_can_redo (game));

      saved = g_variant_ref_sink (pat_game_serialize (game));
      loaded = pat_game_deserialize (saved, &error);
      g_assert_no_error (error);
      assert_games_equal (game, loaded);
      g_assert_cmpuint (pat_game_get_elapsed (loaded), ==, 61);

      /* Through the file form too, and the loaded game plays on like the original. */
      g_clear_object (&loaded);
      bytes = pat_game_save_to_bytes (game);
      loaded = pat_game_new_from_bytes (bytes, &error);
      g_assert_no_error (error);
      assert_games_equal (game, loaded);
      g_assert_true (pat_game_redo (game));
      g_assert_true (pat_game_redo (loaded));
      assert_games_equal (game, loaded);
    }

  /* An explicit deck and a finished, recorded game. */
  {
    g_autoptr(GRand) rand = g_rand_new_with_seed (5);
    PatCard deck[PAT_N_CARDS];
    g_autoptr(PatGame) game = NULL;
    g_autoptr(PatGame) loaded = NULL;
    g_autoptr(GVariant) saved = NULL;
    g_autoptr(GError) error = NULL;

    for (i = 0; i < PAT_N_CARDS; i++)
      deck[i] = (PatCard) ((i * 7) % PAT_N_CARDS);
    game = pat_game_new_from_deck ("all-in-a-row", deck, NULL);
    play_random (game, rand, 100);
    g_assert_cmpint (pat_game_get_status (game), !=, PAT_STATUS_PLAYING);
    pat_game_set_recorded (game, TRUE);
    saved = g_variant_ref_sink (pat_game_serialize (game));
    loaded = pat_game_deserialize (saved, &error);
    g_assert_no_error (error);
    assert_games_equal (game, loaded);
  }
  pat_game_set_clock_func (NULL);
}

static void
assisted_at_finish_cb (PatGame    *game,
                       PatStatus   status,
                       const char *reason,
                       gboolean   *assisted)
{
  *assisted = pat_game_get_assisted (game);
}

/* The Demo's moves make the game assisted, once and for good: undo keeps the flag, a save keeps
 * it, only a restart (a new attempt) clears it. */
static void
test_assisted (void)
{
  g_autoptr(PatGame) game = game_new ("black-hole", 1);
  g_autoptr(PatGame) loaded = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  Watch *watch = watch_new (game);
  PatMove bad = pat_move_cards (0, 0, 1);
  PatMoveList moves;
  gboolean assisted_at_finish = FALSE;

  g_assert_false (pat_game_get_assisted (game));

  /* An illegal Demo move changes nothing. */
  g_assert_false (pat_game_apply_assisted (game, &bad, &error));
  g_assert_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_false (pat_game_get_assisted (game));
  g_assert_false (pat_game_get_started (game));
  g_assert_cmpuint (notified (watch, "assisted"), ==, 0);

  /* The player's own moves do not make it assisted. */
  g_assert_true (play_first (game));
  g_assert_false (pat_game_get_assisted (game));
  g_assert_cmpuint (notified (watch, "assisted"), ==, 0);

  /* A Demo move does, notified once; it is one undoable action like any other. */
  watch_reset (watch);
  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  g_assert_true (pat_game_apply_assisted (game, &moves.moves[0], NULL));
  g_assert_true (pat_game_get_assisted (game));
  g_assert_cmpuint (pat_game_get_moves (game), ==, 2);
  g_assert_cmpuint (watch->move_applied, ==, 1);
  g_assert_cmpuint (notified (watch, "assisted"), ==, 1);
  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  g_assert_true (pat_game_apply_assisted (game, &moves.moves[0], NULL));
  g_assert_cmpuint (notified (watch, "assisted"), ==, 1);

  /* Undoing everything, the Demo's moves included, leaves it assisted (and started). */
  watch_reset (watch);
  while (pat_game_undo (game))
    ;
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
  g_assert_true (pat_game_get_assisted (game));
  g_assert_true (pat_game_get_started (game));
  g_assert_cmpuint (notified (watch, "assisted"), ==, 0);
  g_assert_cmpuint (notified (watch, "started"), ==, 0);

  /* A save keeps both flags, with every move undone. */
  bytes = pat_game_save_to_bytes (game);
  loaded = pat_game_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_assert_true (pat_game_get_assisted (loaded));
  g_assert_true (pat_game_get_started (loaded));
  assert_games_equal (game, loaded);

  /* Redo and play on by hand: still assisted. */
  g_assert_true (pat_game_redo (game));
  g_assert_true (play_first (game));
  g_assert_true (pat_game_get_assisted (game));

  /* A restart is a new attempt: not assisted, notified once. */
  watch_reset (watch);
  pat_game_restart (game);
  g_assert_false (pat_game_get_assisted (game));
  g_assert_cmpuint (notified (watch, "assisted"), ==, 1);

  /* A game the Demo ends is assisted by the time "finished" is emitted. */
  g_signal_connect (game, "finished", G_CALLBACK (assisted_at_finish_cb), &assisted_at_finish);
  for (;;)
    {
      pat_game_legal_moves (game, &moves);
      if (moves.n == 0)
        break;
      g_assert_true (pat_game_apply_assisted (game, &moves.moves[0], NULL));
    }
  g_assert_cmpint (pat_game_get_status (game), !=, PAT_STATUS_PLAYING);
  g_assert_true (assisted_at_finish);
  watch_free (game, watch);
}

/* Rebuilds a saved game with payload field @index replaced by @value. */
static GVariant *
replace_field (GVariant *saved,
               guint     index,
               GVariant *value)
{
  g_autoptr(GVariant) boxed = g_variant_get_child_value (saved, 2);
  g_autoptr(GVariant) payload = g_variant_get_variant (boxed);
  gsize n = g_variant_n_children (payload);
  g_autofree GVariant **fields = g_new0 (GVariant *, n);
  const char *magic;
  guint32 version;
  gsize i;

  for (i = 0; i < n; i++)
    fields[i] = i == index ? g_variant_ref_sink (value) : g_variant_get_child_value (payload, i);
  g_variant_get (saved, "(&su@v)", &magic, &version, NULL);
  {
    GVariant *tuple = g_variant_new_tuple (fields, n);

    for (i = 0; i < n; i++)
      g_variant_unref (fields[i]);
    return g_variant_ref_sink (g_variant_new ("(su@v)", magic, version,
                                              g_variant_new_variant (tuple)));
  }
}

/* A state tuple with its cards changed by @mangle. */
static GVariant *
mangled_state (GVariant *state,
               void    (*mangle) (guint8 *cards, gsize n))
{
  g_autoptr(GVariant) lengths = g_variant_get_child_value (state, 0);
  g_autoptr(GVariant) cards_v = g_variant_get_child_value (state, 1);
  gsize n_cards, n, i;
  const guint8 *cards = g_variant_get_fixed_array (cards_v, &n_cards, 1);
  g_autofree guint8 *copy = g_memdup2 (cards, n_cards);
  GVariant *fields[9];

  mangle (copy, n_cards);
  n = g_variant_n_children (state);
  g_assert_cmpuint (n, ==, 9);
  fields[0] = g_variant_ref (lengths);
  fields[1] = g_variant_ref_sink (g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE,
                                                             copy, n_cards, 1));
  for (i = 2; i < n; i++)
    fields[i] = g_variant_get_child_value (state, i);
  {
    GVariant *tuple = g_variant_new_tuple (fields, n);

    for (i = 0; i < n; i++)
      g_variant_unref (fields[i]);
    return tuple;
  }
}

static void
repeat_card (guint8 *cards,
             gsize   n)
{
  cards[1] = cards[0];
}

static void
swap_cards (guint8 *cards,
            gsize   n)
{
  guint8 t = cards[0];

  cards[0] = cards[n - 1];
  cards[n - 1] = t;
}

static void
assert_refused (GVariant *variant,
                int       code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PatGame) game = pat_game_deserialize (variant, &error);

  g_assert_null (game);
  g_assert_error (error, PAT_SAVE_ERROR, code);
  g_assert_cmpuint (strlen (error->message), >, 0);
}

/* Rebuilds a saved game (format 2) as format 1 wrote it: the same payload without its last
 * field (assisted), in a version 1 envelope; with @version 2, a payload that does not fit the
 * version it claims. */
static GVariant *
as_format_1 (GVariant *saved,
             guint32   version)
{
  g_autoptr(GVariant) boxed = g_variant_get_child_value (saved, 2);
  g_autoptr(GVariant) payload = g_variant_get_variant (boxed);
  gsize n = g_variant_n_children (payload);
  g_autofree GVariant **fields = g_new0 (GVariant *, n - 1);
  GVariant *tuple;
  gsize i;

  g_assert_cmpuint (n, ==, 13);
  for (i = 0; i < n - 1; i++)
    fields[i] = g_variant_get_child_value (payload, i);
  tuple = g_variant_new_tuple (fields, n - 1);
  for (i = 0; i < n - 1; i++)
    g_variant_unref (fields[i]);
  return g_variant_ref_sink (g_variant_new ("(su@v)", "io.github.patience.Patience.Game", version,
                                            g_variant_new_variant (tuple)));
}

/* A game saved by the versions before the assisted flag (format 1) still loads, as a game the
 * Demo never played in, with everything else as it was. */
static void
test_old_format (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (21);
  g_autoptr(PatGame) game = game_new ("penguin", 77);
  g_autoptr(PatGame) loaded = NULL;
  g_autoptr(GVariant) saved = NULL;
  g_autoptr(GVariant) old = NULL;
  g_autoptr(GVariant) mismatched = NULL;
  g_autoptr(GError) error = NULL;

  play_random (game, rand, 12);
  g_assert_cmpuint (pat_game_get_moves (game), >, 2);
  g_assert_true (pat_game_undo (game));
  pat_game_add_hint_used (game);
  saved = g_variant_ref_sink (pat_game_serialize (game));

  old = as_format_1 (saved, 1);
  loaded = pat_game_deserialize (old, &error);
  g_assert_no_error (error);
  g_assert_false (pat_game_get_assisted (loaded));
  assert_games_equal (game, loaded);

  /* Every move undone, as format 1 saved it: still started. */
  while (pat_game_undo (game))
    ;
  g_clear_pointer (&saved, g_variant_unref);
  g_clear_pointer (&old, g_variant_unref);
  g_clear_object (&loaded);
  saved = g_variant_ref_sink (pat_game_serialize (game));
  old = as_format_1 (saved, 1);
  loaded = pat_game_deserialize (old, &error);
  g_assert_no_error (error);
  g_assert_true (pat_game_get_started (loaded));
  g_assert_cmpuint (pat_game_get_moves (loaded), ==, 0);

  /* A format 1 payload in a format 2 envelope is damaged. */
  mismatched = as_format_1 (saved, 2);
  assert_refused (mismatched, PAT_SAVE_ERROR_CORRUPT);
}

/* Payload fields: 0 game id, 1 deal, 2 deck, 3 die mode, 4 undo, 5 state, 6 redo, 7 elapsed,
 * 8 moves, 9 started, 10 recorded, 11 hints, 12 assisted. */
static void
test_crafted (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  g_autoptr(PatGame) game = game_new ("demon", 31337);
  g_autoptr(GVariant) saved = NULL;
  g_autoptr(GVariant) boxed = NULL;
  g_autoptr(GVariant) payload = NULL;
  g_autoptr(GVariant) state = NULL;
  GVariant *crafted;

  play_random (game, rand, 10);
  g_assert_cmpuint (pat_game_get_moves (game), >=, 2);
  saved = g_variant_ref_sink (pat_game_serialize (game));
  boxed = g_variant_get_child_value (saved, 2);
  payload = g_variant_get_variant (boxed);
  state = g_variant_get_child_value (payload, 5);

  /* The untouched copy loads. */
  crafted = replace_field (saved, 7, g_variant_new_uint64 (5));
  {
    g_autoptr(PatGame) ok = pat_game_deserialize (crafted, NULL);

    g_assert_nonnull (ok);
  }
  g_variant_unref (crafted);

  crafted = replace_field (saved, 0, g_variant_new_string ("../../etc/passwd"));
  assert_refused (crafted, PAT_SAVE_ERROR_CORRUPT);
  g_variant_unref (crafted);

  crafted = replace_field (saved, 5, mangled_state (state, repeat_card));
  assert_refused (crafted, PAT_SAVE_ERROR_CORRUPT);
  g_variant_unref (crafted);

  /* All 52 cards, but not a position the last move leads to. */
  crafted = replace_field (saved, 5, mangled_state (state, swap_cards));
  assert_refused (crafted, PAT_SAVE_ERROR_CORRUPT);
  g_variant_unref (crafted);

  crafted = replace_field (saved, 3, g_variant_new_uint32 (9));
  assert_refused (crafted, PAT_SAVE_ERROR_CORRUPT);
  g_variant_unref (crafted);

  crafted = replace_field (saved, 8, g_variant_new_uint32 (pat_game_get_moves (game) + 1));
  assert_refused (crafted, PAT_SAVE_ERROR_CORRUPT);
  g_variant_unref (crafted);

  crafted = replace_field (saved, 9, g_variant_new_boolean (FALSE));
  assert_refused (crafted, PAT_SAVE_ERROR_CORRUPT);
  g_variant_unref (crafted);

  crafted = replace_field (saved, 1, g_variant_new ("(tt)", (guint64) 0, (guint64) 0));
  assert_refused (crafted, PAT_SAVE_ERROR_CORRUPT);
  g_variant_unref (crafted);

  /* Another deal: the history does not start at its deal. */
  crafted = replace_field (saved, 1, g_variant_new ("(tt)", (guint64) 31338, (guint64) 0));
  assert_refused (crafted, PAT_SAVE_ERROR_CORRUPT);
  g_variant_unref (crafted);

  /* A payload of another type. */
  crafted = replace_field (saved, 11, g_variant_new_string ("x"));
  assert_refused (crafted, PAT_SAVE_ERROR_CORRUPT);
  g_variant_unref (crafted);

  /* One step of the history is one move and its follow-ups, moves to the foundations: with the
   * position between two moves into Black Hole's hole left out, the history is refused (the hole
   * is no foundation); the untouched one loads. */
  {
    g_autoptr(PatGame) holed = game_new ("black-hole", 2);
    g_autoptr(GVariant) holed_saved = NULL;
    g_autoptr(GVariant) holed_boxed = NULL;
    g_autoptr(GVariant) holed_payload = NULL;
    g_autoptr(GVariant) undo = NULL;
    g_autoptr(GVariant) first = NULL;
    GVariant *shortened;

    for (guint i = 0; i < 2; i++)
      {
        PatMoveList moves;

        pat_game_legal_moves (holed, &moves);
        g_assert_cmpuint (moves.n, >, 0);
        g_assert_true (pat_game_apply (holed, &moves.moves[0], NULL));
      }
    holed_saved = g_variant_ref_sink (pat_game_serialize (holed));
    holed_boxed = g_variant_get_child_value (holed_saved, 2);
    holed_payload = g_variant_get_variant (holed_boxed);
    undo = g_variant_get_child_value (holed_payload, 4);
    g_assert_cmpuint (g_variant_n_children (undo), ==, 2);
    {
      g_autoptr(PatGame) ok = pat_game_deserialize (holed_saved, NULL);

      g_assert_nonnull (ok);
    }
    first = g_variant_get_child_value (undo, 0);
    shortened = replace_field (holed_saved, 4, g_variant_new_array (NULL, &first, 1));
    crafted = replace_field (shortened, 8, g_variant_new_uint32 (1));
    g_variant_unref (shortened);
    assert_refused (crafted, PAT_SAVE_ERROR_CORRUPT);
    g_variant_unref (crafted);
  }

  /* The Demo cannot have played in a game that has not started. */
  {
    g_autoptr(PatGame) fresh = game_new ("demon", 31337);
    g_autoptr(GVariant) fresh_saved = g_variant_ref_sink (pat_game_serialize (fresh));

    crafted = replace_field (fresh_saved, 12, g_variant_new_boolean (TRUE));
    assert_refused (crafted, PAT_SAVE_ERROR_CORRUPT);
    g_variant_unref (crafted);
  }

  /* A game not started stands at its deal, or where moves to the foundations took it (its
   * opening, pat_game_apply_opening()): a stock turn is no opening. */
  {
    g_autoptr(PatGame) fresh = game_new ("demon", 31337);
    g_autoptr(PatGame) turned = game_new ("demon", 31337);
    g_autoptr(GVariant) fresh_saved = g_variant_ref_sink (pat_game_serialize (fresh));
    g_autoptr(GVariant) turned_saved = NULL;
    g_autoptr(GVariant) turned_boxed = NULL;
    g_autoptr(GVariant) turned_payload = NULL;
    g_autoptr(GVariant) turned_state = NULL;
    PatMove stock = stock_move (turned);

    g_assert_true (pat_game_apply (turned, &stock, NULL));
    turned_saved = g_variant_ref_sink (pat_game_serialize (turned));
    turned_boxed = g_variant_get_child_value (turned_saved, 2);
    turned_payload = g_variant_get_variant (turned_boxed);
    turned_state = g_variant_get_child_value (turned_payload, 5);
    crafted = replace_field (fresh_saved, 5, turned_state);
    assert_refused (crafted, PAT_SAVE_ERROR_CORRUPT);
    g_variant_unref (crafted);
  }

  /* A future version, and a stranger's file. */
  crafted = g_variant_ref_sink (g_variant_new ("(su@v)", "io.github.patience.Patience.Game", 3,
                                               g_variant_new_variant (g_variant_new_string ("?"))));
  assert_refused (crafted, PAT_SAVE_ERROR_FUTURE_VERSION);
  g_variant_unref (crafted);
  crafted = g_variant_ref_sink (g_variant_new ("(su@v)", "org.example.Other", 1,
                                               g_variant_new_variant (payload)));
  assert_refused (crafted, PAT_SAVE_ERROR_NOT_OURS);
  g_variant_unref (crafted);
  crafted = g_variant_ref_sink (g_variant_new_string ("hello"));
  assert_refused (crafted, PAT_SAVE_ERROR_NOT_OURS);
  g_variant_unref (crafted);
}

/* Whether some legal move from the current position leads to a position not in the history. */
static gboolean
has_new_position (PatGame *game)
{
  const PatRules *rules = pat_game_get_rules (game);
  PatMoveList moves;
  guint i, k;

  pat_game_legal_moves (game, &moves);
  for (i = 0; i < moves.n; i++)
    {
      PatState next = *pat_game_get_state (game);
      gboolean seen = FALSE;

      rules->apply (&next, &moves.moves[i], NULL);
      for (k = 0; k < pat_game_get_history_length (game) && !seen; k++)
        seen = pat_state_hash (pat_game_get_history_state (game, k)) == pat_state_hash (&next);
      if (!seen)
        return TRUE;
    }
  return FALSE;
}

/* The suggested move (the hint without the solver) is legal, leads to a position the game has
 * not been in whenever there is one, and is the greedy player's: following it plays the game
 * the greedy player plays. */
static void
test_suggest_move (void)
{
  static const char *const ids[] = { "black-hole", "all-in-a-row", "penguin", "demon",
                                     "idiots-delight", "perpetual-motion-free" };
  guint g, deal;

  for (g = 0; g < G_N_ELEMENTS (ids); g++)
    for (deal = 1; deal <= 3; deal++)
      {
        g_autoptr(PatGame) game = game_new (ids[g], deal);
        PatGreedyResult greedy;
        PatMove move;
        guint n = 0;

        g_test_message ("%s deal %u", ids[g], deal);
        pat_greedy_play (pat_game_get_rules (game), pat_game_get_state (game), 400, &greedy);
        while (n < 400 && pat_game_get_status (game) == PAT_STATUS_PLAYING)
          {
            const PatState *after;
            PatMoveList moves;
            guint k;

            /* A move is suggested whenever one is legal, even when every move leads back. */
            pat_game_legal_moves (game, &moves);
            g_assert_cmpint (pat_game_suggest_move (game, &move), ==, moves.n > 0);
            if (!has_new_position (game))
              break;
            g_assert_true (pat_game_check_move (game, &move, NULL));
            g_assert_true (pat_game_apply (game, &move, NULL));
            n++;
            after = pat_game_get_state (game);
            for (k = 0; k + 1 < pat_game_get_history_length (game); k++)
              g_assert_cmpuint (pat_state_hash (pat_game_get_history_state (game, k)), !=,
                                pat_state_hash (after));
          }
        /* The greedy player stops where no new position is left; so do the suggestions here. */
        g_assert_cmpuint (n, ==, greedy.n_moves);
        g_assert_cmpint (pat_game_get_status (game) == PAT_STATUS_WON, ==, greedy.won);
      }
}

/* A replayed game (a network round) plays only the moves it is given: it refuses undo, redo and
 * restart, and auto-foundation cannot be turned on. */
static void
test_replayed (void)
{
  g_autoptr(PatGame) game = game_new ("demon", 7);
  PatMoveList moves;
  guint before_moves;
  g_autofree char *before = NULL;

  pat_game_set_auto_foundation (game, TRUE);
  g_assert_false (pat_game_get_replayed (game));
  pat_game_set_replayed (game);
  g_assert_true (pat_game_get_replayed (game));
  g_assert_false (pat_game_get_auto_foundation (game));
  pat_game_set_auto_foundation (game, TRUE);
  g_assert_false (pat_game_get_auto_foundation (game));

  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  g_assert_true (pat_game_apply (game, &moves.moves[0], NULL));
  before_moves = pat_game_get_moves (game);
  g_assert_cmpuint (before_moves, ==, 1);
  {
    g_autoptr(GVariant) variant = g_variant_ref_sink (pat_game_serialize (game));

    before = g_variant_print (variant, FALSE);
  }
  g_assert_false (pat_game_get_can_undo (game));
  g_assert_false (pat_game_undo (game));
  g_assert_false (pat_game_get_can_redo (game));
  g_assert_false (pat_game_redo (game));
  pat_game_restart (game);
  g_assert_cmpuint (pat_game_get_moves (game), ==, before_moves);
  g_assert_true (pat_game_get_started (game));
  {
    g_autoptr(GVariant) after = g_variant_ref_sink (pat_game_serialize (game));
    g_autofree char *text = g_variant_print (after, FALSE);

    g_assert_cmpstr (text, ==, before);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/new", test_new);
  g_test_add_func ("/game/new-from-deck", test_new_from_deck);
  g_test_add_func ("/game/undo/perpetual-motion", test_undo_perpetual_motion);
  g_test_add_func ("/game/undo/demon-refill", test_undo_demon_refill);
  g_test_add_func ("/game/notify-only-on-change", test_notify_only_on_change);
  g_test_add_func ("/game/signals-and-finished", test_signals_and_finished);
  g_test_add_func ("/game/cycle-reason", test_cycle_reason);
  g_test_add_func ("/game/restart", test_restart);
  g_test_add_func ("/game/opening", test_opening);
  g_test_add_func ("/game/follow-up", test_follow_up);
  g_test_add_func ("/game/follow-up-long", test_follow_up_long);
  g_test_add_func ("/game/steps/card-moves", test_steps_card_moves);
  g_test_add_func ("/game/steps/stock", test_steps_stock);
  g_test_add_func ("/game/steps/gather", test_steps_gather);
  g_test_add_func ("/game/steps/pair", test_steps_pair);
  g_test_add_func ("/game/steps/opening", test_steps_opening);
  g_test_add_func ("/game/steps/follow-up", test_steps_follow_up);
  g_test_add_func ("/game/auto-foundation-policy", test_auto_foundation_policy);
  g_test_add_func ("/game/replayed", test_replayed);
  g_test_add_func ("/game/assisted", test_assisted);
  g_test_add_func ("/game/history", test_history);
  g_test_add_func ("/game/suggest-move", test_suggest_move);
  g_test_add_func ("/game/die-mode", test_die_mode);
  g_test_add_func ("/game/elapsed", test_elapsed);
  g_test_add_func ("/game/round-trip", test_round_trip);
  g_test_add_func ("/game/crafted", test_crafted);
  g_test_add_func ("/game/old-format", test_old_format);

  return g_test_run ();
}
