/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of PatMatch: scoring over rounds, teams, the target, tie-breaks, deals, and save and
 * resume. */

#include "config.h"

#include <string.h>

#include "pat-match.h"
#include "pat-model-private.h"

static const char *const three[] = { "Ann", "Bob", "Cy", NULL };

typedef struct {
  guint  finished;
  char  *winner;
  guint  changed;
} Watch;

static void
finished_cb (PatMatch   *match,
             const char *winner,
             Watch      *watch)
{
  watch->finished++;
  g_free (watch->winner);
  watch->winner = g_strdup (winner);
}

static void
changed_cb (PatMatch *match,
            Watch    *watch)
{
  watch->changed++;
}

static void
watch_connect (PatMatch *match,
               Watch    *watch)
{
  memset (watch, 0, sizeof *watch);
  g_signal_connect (match, "finished", G_CALLBACK (finished_cb), watch);
  g_signal_connect (match, "changed", G_CALLBACK (changed_cb), watch);
}

static void
watch_clear (PatMatch *match,
             Watch    *watch)
{
  g_signal_handlers_disconnect_by_data (match, watch);
  g_clear_pointer (&watch->winner, g_free);
}

static void
record_round (PatMatch  *match,
              const int *scores)
{
  guint i;

  for (i = 0; i < pat_match_get_n_players (match); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (pat_match_record_score (match, scores[i], &error));
      g_assert_no_error (error);
    }
}

static void
test_new (void)
{
  const char *const one[] = { "Solo", NULL };
  const char *const nine[] = { "a", "b", "c", "d", "e", "f", "g", "h", "i", NULL };
  const char *const unnamed[] = { "Ann", "", NULL };
  const char *const four[] = { "Ann", "Bob", "Cy", "Di", NULL };
  const char *const teams[] = { "North", "South", NULL };
  const guint split[] = { 0, 1, 0, 1 };
  const guint lopsided[] = { 0, 0, 0, 0 };
  const guint outside[] = { 0, 1, 2, 1 };
  g_autoptr(PatMatch) match = NULL;
  g_autoptr(PatMatch) team_match = NULL;
  GError *error = NULL;

  g_assert_null (pat_match_new (one, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (pat_match_new (nine, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (pat_match_new (unnamed, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (pat_match_new_with_teams (four, lopsided, teams, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (pat_match_new_with_teams (four, outside, teams, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  match = pat_match_new (three, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pat_match_get_n_players (match), ==, 3);
  g_assert_cmpstr (pat_match_get_player_name (match, 2), ==, "Cy");
  g_assert_cmpint (pat_match_get_player_team (match, 0), ==, -1);
  g_assert_cmpuint (pat_match_get_n_teams (match), ==, 0);
  g_assert_cmpint (pat_match_get_target (match), ==, PAT_MATCH_DEFAULT_TARGET);
  g_assert_cmpint (pat_match_get_target (match), ==, 200);
  g_assert_true (pat_match_get_same_deal (match));
  g_assert_cmpuint (pat_match_get_round (match), ==, 1);
  g_assert_cmpuint (pat_match_get_current_player (match), ==, 0);
  g_assert_false (pat_match_get_finished (match));
  g_assert_null (pat_match_get_announcement (match));
  g_assert_cmpint (pat_match_get_winner (match), ==, -1);

  team_match = pat_match_new_with_teams (four, split, teams, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pat_match_get_target (team_match), ==, 500);
  g_assert_cmpuint (pat_match_get_n_teams (team_match), ==, 2);
  g_assert_cmpstr (pat_match_get_team_name (team_match, 1), ==, "South");
  g_assert_cmpint (pat_match_get_player_team (team_match, 3), ==, 1);
  pat_match_set_target (team_match, 300);
  g_assert_cmpint (pat_match_get_target (team_match), ==, 300);
  pat_match_set_target (team_match, 0);
  g_assert_cmpint (pat_match_get_target (team_match), ==, 500);
}

static void
test_scoring (void)
{
  g_autoptr(PatMatch) match = pat_match_new (three, NULL);
  const int round1[] = { 50, -4, 120 };
  const int round2[] = { 30, 90, 10 };
  Watch watch;
  int score;

  watch_connect (match, &watch);
  pat_match_set_target (match, 1000);

  record_round (match, round1);
  g_assert_cmpuint (pat_match_get_round (match), ==, 2);
  g_assert_cmpuint (pat_match_get_current_player (match), ==, 0);
  record_round (match, round2);
  g_assert_true (pat_match_record_score (match, 7, NULL));

  g_assert_cmpuint (pat_match_get_round (match), ==, 3);
  g_assert_cmpuint (pat_match_get_current_player (match), ==, 1);
  g_assert_cmpint (pat_match_get_player_total (match, 0), ==, 87);
  g_assert_cmpint (pat_match_get_player_total (match, 1), ==, 86);
  g_assert_cmpint (pat_match_get_player_total (match, 2), ==, 130);
  g_assert_true (pat_match_get_round_score (match, 1, 1, &score));
  g_assert_cmpint (score, ==, -4);
  g_assert_true (pat_match_get_round_score (match, 3, 0, &score));
  g_assert_cmpint (score, ==, 7);
  g_assert_false (pat_match_get_round_score (match, 3, 1, &score));
  g_assert_false (pat_match_get_finished (match));
  g_assert_cmpuint (watch.finished, ==, 0);
  g_assert_cmpuint (watch.changed, >=, 7);

  /* Impossible scores are refused and change nothing. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (pat_match_record_score (match, 353, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_assert_cmpuint (pat_match_get_current_player (match), ==, 1);
  }
  watch_clear (match, &watch);
}

static void
test_target (void)
{
  g_autoptr(PatMatch) match = pat_match_new (three, NULL);
  const int round1[] = { 150, 100, 60 };
  g_autoptr(GError) error = NULL;
  Watch watch;

  watch_connect (match, &watch);
  record_round (match, round1);

  /* Ann passes the target first, but the round is played out and Bob ends higher. */
  g_assert_true (pat_match_record_score (match, 100, NULL));
  g_assert_cmpint (pat_match_get_player_total (match, 0), ==, 250);
  g_assert_false (pat_match_get_finished (match));
  g_assert_true (pat_match_record_score (match, 160, NULL));
  g_assert_false (pat_match_get_finished (match));
  g_assert_cmpuint (watch.finished, ==, 0);
  g_assert_true (pat_match_record_score (match, 0, NULL));

  g_assert_true (pat_match_get_finished (match));
  g_assert_cmpint (pat_match_get_winner (match), ==, 1);
  g_assert_cmpstr (pat_match_get_winner_name (match), ==, "Bob");
  g_assert_cmpuint (watch.finished, ==, 1);
  g_assert_cmpstr (watch.winner, ==, "Bob");
  g_assert_cmpstr (pat_match_get_announcement (match), ==, "The demon is exorcised!");
  g_assert_null (pat_match_get_game (match));

  g_assert_false (pat_match_record_score (match, 10, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_cmpuint (watch.finished, ==, 1);
  watch_clear (match, &watch);
}

static void
test_tie_break (void)
{
  const char *const two[] = { "Ann", "Bob", NULL };
  g_autoptr(PatMatch) match = pat_match_new (two, NULL);
  const int round1[] = { 150, 150 };
  const int round2[] = { 70, 70 };
  const int round3[] = { 20, 20 };
  const int round4[] = { 5, 12 };
  Watch watch;

  watch_connect (match, &watch);
  record_round (match, round1);
  g_assert_false (pat_match_get_tie_break (match));

  /* Both on 220, at or above 200: one more round. */
  record_round (match, round2);
  g_assert_false (pat_match_get_finished (match));
  g_assert_true (pat_match_get_tie_break (match));
  g_assert_cmpuint (pat_match_get_round (match), ==, 3);

  record_round (match, round3);
  g_assert_false (pat_match_get_finished (match));
  g_assert_true (pat_match_get_tie_break (match));

  record_round (match, round4);
  g_assert_true (pat_match_get_finished (match));
  g_assert_false (pat_match_get_tie_break (match));
  g_assert_cmpstr (pat_match_get_winner_name (match), ==, "Bob");
  g_assert_cmpint (pat_match_get_player_total (match, 1), ==, 252);
  g_assert_cmpuint (watch.finished, ==, 1);
  watch_clear (match, &watch);
}

static void
test_teams (void)
{
  const char *const four[] = { "Ann", "Bob", "Cy", "Di", NULL };
  const char *const teams[] = { "North", "South", NULL };
  const guint split[] = { 0, 1, 1, 0 };
  g_autoptr(PatMatch) match = pat_match_new_with_teams (four, split, teams, NULL);
  const int round1[] = { 100, 200, 30, 120 };
  const int round2[] = { 100, 40, 40, 0 };
  const int round3[] = { 10, 130, 20, 10 };
  Watch watch;

  g_assert_nonnull (match);
  watch_connect (match, &watch);

  record_round (match, round1);
  g_assert_cmpint (pat_match_get_team_total (match, 0), ==, 220);
  g_assert_cmpint (pat_match_get_team_total (match, 1), ==, 230);

  /* Bob alone has passed 200, but teams pool and play to 500. */
  record_round (match, round2);
  g_assert_cmpint (pat_match_get_player_total (match, 1), ==, 240);
  g_assert_cmpint (pat_match_get_team_total (match, 0), ==, 320);
  g_assert_cmpint (pat_match_get_team_total (match, 1), ==, 310);
  g_assert_false (pat_match_get_finished (match));

  record_round (match, round3);
  g_assert_cmpint (pat_match_get_team_total (match, 0), ==, 340);
  g_assert_cmpint (pat_match_get_team_total (match, 1), ==, 460);
  g_assert_false (pat_match_get_finished (match));

  record_round (match, round2);
  g_assert_cmpint (pat_match_get_team_total (match, 1), ==, 540);
  g_assert_true (pat_match_get_finished (match));
  g_assert_cmpint (pat_match_get_winner (match), ==, 1);
  g_assert_cmpstr (watch.winner, ==, "South");
  g_assert_cmpstr (pat_match_get_announcement (match), ==, "The demon is exorcised!");
  watch_clear (match, &watch);
}

static void
test_deals (void)
{
  g_autoptr(PatMatch) same = pat_match_new (three, NULL);
  g_autoptr(PatMatch) twin = pat_match_new (three, NULL);
  g_autoptr(PatMatch) own = pat_match_new (three, NULL);
  PatDealNumber a, b, c, first;
  PatGame *game;
  guint i;

  pat_match_set_seed (same, 42);
  pat_match_set_seed (twin, 42);
  pat_match_set_seed (own, 42);
  pat_match_set_same_deal (own, FALSE);

  pat_match_get_deal (same, &first);
  g_assert_true (pat_deal_number_valid (&first));
  pat_match_get_deal (twin, &a);
  g_assert_true (pat_deal_number_equal (&first, &a));

  game = pat_match_get_game (same);
  g_assert_nonnull (game);
  g_assert_true (pat_match_get_game (same) == game);
  g_assert_cmpstr (pat_game_get_game_id (game), ==, "demon");
  g_assert_true (pat_game_get_deal (game, &a));
  g_assert_true (pat_deal_number_equal (&first, &a));

  /* Everyone in a round plays the same deal; the next round another. */
  for (i = 0; i < 3; i++)
    {
      pat_match_get_deal (same, &a);
      g_assert_true (pat_deal_number_equal (&first, &a));
      g_assert_true (pat_match_record_score (same, 10, NULL));
    }
  pat_match_get_deal (same, &b);
  g_assert_false (pat_deal_number_equal (&first, &b));
  g_assert_true (pat_game_get_deal (pat_match_get_game (same), &c));
  g_assert_true (pat_deal_number_equal (&b, &c));

  /* Without the same deal, each player has their own. */
  pat_match_get_deal (own, &a);
  g_assert_true (pat_match_record_score (own, 10, NULL));
  pat_match_get_deal (own, &b);
  g_assert_false (pat_deal_number_equal (&a, &b));

  /* The die option goes to every game of the match. */
  {
    g_autoptr(PatMatch) dice = pat_match_new (three, NULL);
    PatOptions options = { PAT_DIE_PER_GAME };

    pat_match_set_options (dice, &options);
    g_assert_cmpint (pat_game_get_options (pat_match_get_game (dice)).die_mode, ==,
                     PAT_DIE_PER_GAME);
  }
}

static void
play_some (PatGame *game,
           guint    n)
{
  guint i;

  for (i = 0; i < n; i++)
    {
      PatMoveList moves;

      pat_game_legal_moves (game, &moves);
      if (moves.n == 0)
        return;
      g_assert_true (pat_game_apply (game, &moves.moves[moves.n - 1], NULL));
    }
}

static void
assert_same_match (PatMatch *a,
                   PatMatch *b)
{
  guint i;

  g_assert_cmpuint (pat_match_get_n_players (a), ==, pat_match_get_n_players (b));
  for (i = 0; i < pat_match_get_n_players (a); i++)
    {
      g_assert_cmpstr (pat_match_get_player_name (a, i), ==, pat_match_get_player_name (b, i));
      g_assert_cmpint (pat_match_get_player_team (a, i), ==, pat_match_get_player_team (b, i));
      g_assert_cmpint (pat_match_get_player_total (a, i), ==, pat_match_get_player_total (b, i));
    }
  g_assert_cmpuint (pat_match_get_n_teams (a), ==, pat_match_get_n_teams (b));
  for (i = 0; i < pat_match_get_n_teams (a); i++)
    {
      g_assert_cmpstr (pat_match_get_team_name (a, i), ==, pat_match_get_team_name (b, i));
      g_assert_cmpint (pat_match_get_team_total (a, i), ==, pat_match_get_team_total (b, i));
    }
  g_assert_cmpint (pat_match_get_target (a), ==, pat_match_get_target (b));
  g_assert_cmpint (pat_match_get_same_deal (a), ==, pat_match_get_same_deal (b));
  g_assert_cmpuint (pat_match_get_seed (a), ==, pat_match_get_seed (b));
  g_assert_cmpint (pat_match_get_options (a).die_mode, ==, pat_match_get_options (b).die_mode);
  g_assert_cmpuint (pat_match_get_round (a), ==, pat_match_get_round (b));
  g_assert_cmpuint (pat_match_get_current_player (a), ==, pat_match_get_current_player (b));
  g_assert_cmpint (pat_match_get_tie_break (a), ==, pat_match_get_tie_break (b));
  g_assert_cmpint (pat_match_get_finished (a), ==, pat_match_get_finished (b));
}

static void
count_cb (PatMatch *match,
          guint    *count)
{
  (*count)++;
}

static void
test_save_resume (void)
{
  const char *const four[] = { "Ann", "Bob", "Cy", "Di", NULL };
  const char *const teams[] = { "Reds", "Blues", NULL };
  const guint split[] = { 0, 0, 1, 1 };
  g_autoptr(PatMatch) match = pat_match_new_with_teams (four, split, teams, NULL);
  g_autoptr(PatMatch) resumed = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GVariant) variant = NULL;
  g_autoptr(GError) error = NULL;
  PatOptions options = { PAT_DIE_PER_PASS };
  const int round1[] = { 80, 100, 90, 95 };
  PatGame *game, *resumed_game;
  guint changed = 0;
  guint i;

  pat_match_set_target (match, 400);
  pat_match_set_options (match, &options);
  record_round (match, round1);
  g_assert_true (pat_match_record_score (match, 120, NULL));

  /* Bob is in the middle of his game of round 2. */
  game = pat_match_get_game (match);
  g_signal_connect (match, "changed", G_CALLBACK (count_cb), &changed);
  play_some (game, 6);
  g_assert_cmpuint (pat_game_get_moves (game), >, 0);
  /* The match says when its game moves, so that it can be saved. */
  g_assert_cmpuint (changed, ==, pat_game_get_moves (game));
  g_signal_handlers_disconnect_by_data (match, &changed);

  bytes = pat_match_save_to_bytes (match);
  resumed = pat_match_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  assert_same_match (match, resumed);
  resumed_game = pat_match_get_game (resumed);
  g_assert_nonnull (resumed_game);
  g_assert_true (pat_state_equal (pat_game_get_state (game), pat_game_get_state (resumed_game)));
  g_assert_cmpuint (pat_game_get_moves (game), ==, pat_game_get_moves (resumed_game));
  g_assert_cmpint (pat_game_get_options (resumed_game).die_mode, ==, PAT_DIE_PER_PASS);

  /* The same through serialize/deserialize. */
  variant = g_variant_ref_sink (pat_match_serialize (match));
  g_clear_object (&resumed);
  resumed = pat_match_deserialize (variant, &error);
  g_assert_no_error (error);
  assert_same_match (match, resumed);

  /* Both play on alike to the end. */
  for (i = 0; !pat_match_get_finished (match); i++)
    {
      int score = (int) ((i * 37) % 120);

      g_assert_true (pat_match_record_score (match, score, NULL));
      g_assert_true (pat_match_record_score (resumed, score, NULL));
      assert_same_match (match, resumed);
      g_assert_cmpuint (i, <, 100);
    }
  g_assert_cmpstr (pat_match_get_winner_name (match), ==, pat_match_get_winner_name (resumed));

  /* A finished match saves and loads as finished. */
  g_clear_pointer (&bytes, g_bytes_unref);
  g_clear_object (&resumed);
  bytes = pat_match_save_to_bytes (match);
  resumed = pat_match_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_assert_true (pat_match_get_finished (resumed));
  g_assert_cmpstr (pat_match_get_announcement (resumed), ==, "The demon is exorcised!");
}

static void
test_broken (void)
{
  g_autoptr(PatMatch) match = pat_match_new (three, NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GVariant) payload = NULL;
  g_autoptr(GBytes) crafted = NULL;
  g_autoptr(GError) error = NULL;
  const guint8 *data;
  gsize length, i;

  g_assert_true (pat_match_record_score (match, 12, NULL));
  play_some (pat_match_get_game (match), 4);
  bytes = pat_match_save_to_bytes (match);
  data = g_bytes_get_data (bytes, &length);

  for (i = 0; i < length; i++)
    {
      g_autoptr(GBytes) cut = g_bytes_new (data, i);
      g_autoptr(PatMatch) loaded = pat_match_new_from_bytes (cut, &error);

      g_assert_null (loaded);
      g_assert_error (error, PAT_SAVE_ERROR, error->code);
      g_clear_error (&error);
    }

  /* A score after the match was won, and an impossible score. */
  {
    GVariantBuilder players;
    const gint32 won_then_more[] = { 250, 10, 5 };
    const gint32 impossible[] = { 999 };
    const gint32 *lists[] = { won_then_more, impossible };
    const gsize lengths[] = { 3, 1 };
    guint k;

    for (k = 0; k < G_N_ELEMENTS (lists); k++)
      {
        GVariant *rounds = g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, lists[k], lengths[k],
                                                      sizeof (gint32));

        g_variant_builder_init (&players, G_VARIANT_TYPE ("a(si)"));
        g_variant_builder_add (&players, "(si)", "Ann", -1);
        g_variant_builder_add (&players, "(si)", "Bob", -1);
        payload = g_variant_ref_sink (g_variant_new ("(@a(si)@asibut@aimv)",
                                                     g_variant_builder_end (&players),
                                                     g_variant_new_strv (NULL, 0),
                                                     200, TRUE, 0, (guint64) 1,
                                                     rounds,
                                                     NULL));
        crafted = pat_envelope_pack ("io.github.patience.Patience.Match", 1, payload);
        g_assert_null (pat_match_new_from_bytes (crafted, &error));
        g_assert_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT);
        g_clear_error (&error);
        g_clear_pointer (&crafted, g_bytes_unref);
        g_clear_pointer (&payload, g_variant_unref);
      }
  }

  /* The future. */
  payload = g_variant_ref_sink (g_variant_new_string ("later"));
  crafted = pat_envelope_pack ("io.github.patience.Patience.Match", 2, payload);
  g_assert_null (pat_match_new_from_bytes (crafted, &error));
  g_assert_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_FUTURE_VERSION);
}

/* A match file of two players and @n_scores scores, all @score, target @target. */
static GBytes *
crafted_match (gsize  n_scores,
               int    score,
               int    target)
{
  g_autofree gint32 *scores = g_new (gint32, MAX (n_scores, 1));
  g_autoptr(GVariant) payload = NULL;
  GVariantBuilder players;
  GVariant *rounds;
  gsize i;

  for (i = 0; i < n_scores; i++)
    scores[i] = score;
  rounds = g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, scores, n_scores, sizeof (gint32));
  g_variant_builder_init (&players, G_VARIANT_TYPE ("a(si)"));
  g_variant_builder_add (&players, "(si)", "Ann", -1);
  g_variant_builder_add (&players, "(si)", "Bob", -1);
  payload = g_variant_ref_sink (g_variant_new ("(@a(si)@asibut@aimv)",
                                               g_variant_builder_end (&players),
                                               g_variant_new_strv (NULL, 0),
                                               target, TRUE, 0, (guint64) 1,
                                               rounds,
                                               NULL));
  return pat_envelope_pack ("io.github.patience.Patience.Match", 1, payload);
}

/* A file of the most rounds a match can have, every round a tie above the target, loads with
 * work in proportion to its length: judging a round does not add up every score again. */
static void
test_load_linear (void)
{
  gsize n_scores = 2 * PAT_MATCH_MAX_ROUNDS;
  g_autoptr(GBytes) bytes = crafted_match (n_scores, 50, 100);
  g_autoptr(PatMatch) match = NULL;
  g_autoptr(GError) error = NULL;
  guint64 before;

  before = pat_match_get_total_additions ();
  match = pat_match_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pat_match_get_total_additions () - before, <=, 4 * n_scores);

  g_assert_cmpint (pat_match_get_player_total (match, 0), ==, 50 * PAT_MATCH_MAX_ROUNDS);
  g_assert_cmpint (pat_match_get_player_total (match, 1), ==, 50 * PAT_MATCH_MAX_ROUNDS);
  g_assert_true (pat_match_get_tie_break (match));
  g_assert_false (pat_match_get_finished (match));

  /* It has reached its last round: no more scores, and the reason is said. */
  g_assert_false (pat_match_record_score (match, 10, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "The match has reached its last round");
}

/* A file beyond the limits is refused, saying which. */
static void
test_caps (void)
{
  g_autoptr(GBytes) bytes = crafted_match (2 * PAT_MATCH_MAX_ROUNDS + 1, 0, 100);
  g_autoptr(PatMatch) match = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *longest = g_strnfill (PAT_MATCH_MAX_NAME_LENGTH, 'x');
  g_autofree char *too_long = g_strnfill (PAT_MATCH_MAX_NAME_LENGTH + 1, 'x');
  const char *names[] = { "Ann", NULL, NULL };

  match = pat_match_new_from_bytes (bytes, &error);
  g_assert_null (match);
  g_assert_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT);
  g_assert_cmpstr (error->message, ==, "The saved match is damaged (too many rounds)");
  g_clear_error (&error);

  names[1] = longest;
  match = pat_match_new (names, &error);
  g_assert_no_error (error);
  g_assert_nonnull (match);
  g_clear_object (&match);

  names[1] = too_long;
  match = pat_match_new (names, &error);
  g_assert_null (match);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "A name can have at most 200 characters");
}

/* The last round ends the match: the one highest total wins, even below the target (here in a
 * team match, where totals are pooled), and no score is taken after it. */
static void
test_last_round_win (void)
{
  const char *const four[] = { "Ann", "Bob", "Cy", "Di", NULL };
  const char *const teams[] = { "North", "South", NULL };
  const guint split[] = { 0, 1, 0, 1 };
  g_autoptr(PatMatch) match = pat_match_new_with_teams (four, split, teams, NULL);
  g_autoptr(GError) error = NULL;
  const int round[] = { 3, 4, 2, 0 };
  PatDealNumber deal;
  Watch watch;
  guint r;

  pat_match_set_target (match, 100000);
  watch_connect (match, &watch);
  for (r = 1; r < PAT_MATCH_MAX_ROUNDS; r++)
    record_round (match, round);
  g_assert_false (pat_match_get_finished (match));
  g_assert_cmpuint (pat_match_get_round (match), ==, PAT_MATCH_MAX_ROUNDS);
  /* The last round is played as any other. */
  pat_match_get_deal (match, &deal);
  g_assert_nonnull (pat_match_get_game (match));

  record_round (match, round);
  g_assert_true (pat_match_get_finished (match));
  g_assert_cmpuint (watch.finished, ==, 1);
  g_assert_cmpstr (watch.winner, ==, "North");
  g_assert_cmpint (pat_match_get_winner (match), ==, 0);
  g_assert_cmpint (pat_match_get_team_total (match, 0), ==, 5 * PAT_MATCH_MAX_ROUNDS);
  g_assert_cmpint (pat_match_get_team_total (match, 1), ==, 4 * PAT_MATCH_MAX_ROUNDS);
  g_assert_nonnull (pat_match_get_announcement (match));
  g_assert_null (pat_match_get_game (match));
  g_assert_false (pat_match_record_score (match, 10, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_cmpuint (watch.finished, ==, 1);
  watch_clear (match, &watch);
}

/* A tie at the top of the last round, above the target or not, draws the match: it is over,
 * without a winner, and "finished" says so with no name. */
static void
test_last_round_draw (void)
{
  guint above;

  for (above = 0; above <= 1; above++)
    {
      g_autoptr(GBytes) bytes = crafted_match (2 * PAT_MATCH_MAX_ROUNDS - 1, above ? 50 : 7,
                                               above ? 100 : 100000);
      g_autoptr(GError) error = NULL;
      g_autoptr(PatMatch) match = pat_match_new_from_bytes (bytes, &error);
      Watch watch;

      g_assert_no_error (error);
      g_assert_false (pat_match_get_finished (match));
      g_assert_cmpuint (pat_match_get_round (match), ==, PAT_MATCH_MAX_ROUNDS);
      g_assert_cmpuint (pat_match_get_current_player (match), ==, 1);
      g_assert_true (pat_match_get_tie_break (match) == (above == 1));
      watch_connect (match, &watch);
      watch.winner = g_strdup ("nobody yet");

      g_assert_true (pat_match_record_score (match, above ? 50 : 7, &error));
      g_assert_no_error (error);
      g_assert_true (pat_match_get_finished (match));
      g_assert_false (pat_match_get_tie_break (match));
      g_assert_cmpint (pat_match_get_winner (match), ==, -1);
      g_assert_null (pat_match_get_winner_name (match));
      g_assert_cmpuint (watch.finished, ==, 1);
      g_assert_null (watch.winner);
      g_assert_null (pat_match_get_game (match));
      watch_clear (match, &watch);
    }
}

/* A file an earlier version saved after the last round, undecided, loads undecided (it is
 * offered to resume); pat_match_conclude() then ends it as its last round would have. */
static void
test_conclude (void)
{
  g_autoptr(GBytes) tie = crafted_match (2 * PAT_MATCH_MAX_ROUNDS, 50, 100);
  g_autoptr(GBytes) low = crafted_match (2 * PAT_MATCH_MAX_ROUNDS - 1, 5, 100000);
  g_autoptr(PatMatch) match = pat_match_new_from_bytes (tie, NULL);
  Watch watch;

  watch_connect (match, &watch);
  g_assert_false (pat_match_get_finished (match));
  g_assert_null (pat_match_get_game (match));
  g_assert_true (pat_match_conclude (match));
  g_assert_true (pat_match_get_finished (match));
  g_assert_false (pat_match_get_tie_break (match));
  g_assert_cmpint (pat_match_get_winner (match), ==, -1);
  g_assert_cmpuint (watch.finished, ==, 1);
  g_assert_cmpuint (watch.changed, ==, 1);
  g_assert_false (pat_match_conclude (match));
  g_assert_cmpuint (watch.finished, ==, 1);
  watch_clear (match, &watch);
  g_clear_object (&match);

  /* With a round left, it does nothing; the last score ends the match itself. */
  match = pat_match_new_from_bytes (low, NULL);
  watch_connect (match, &watch);
  g_assert_false (pat_match_conclude (match));
  g_assert_cmpuint (watch.finished + watch.changed, ==, 0);
  g_assert_true (pat_match_record_score (match, 6, NULL));
  g_assert_cmpuint (watch.finished, ==, 1);
  g_assert_cmpstr (watch.winner, ==, "Bob");
  watch_clear (match, &watch);
}

/* A long team match, saved and loaded along the way, keeps its totals and winner, which are
 * those of its scores added up here. */
static void
test_long_round_trip (void)
{
  const char *const eight[] = { "a", "b", "c", "d", "e", "f", "g", "h", NULL };
  const char *const teams[] = { "North", "East", "South", "West", NULL };
  const guint split[] = { 0, 1, 2, 3, 0, 1, 2, 3 };
  g_autoptr(PatMatch) match = pat_match_new_with_teams (eight, split, teams, NULL);
  int team_totals[4] = { 0, };
  int totals[8] = { 0, };
  guint32 x = 7;
  guint turn;
  int best = 0, best_team = -1;
  guint t;

  pat_match_set_target (match, 100000);
  for (turn = 0; !pat_match_get_finished (match); turn++)
    {
      guint player = turn % 8;
      int score;

      x = x * 1103515245 + 12345;
      score = (int) ((x >> 16) % 400) - 47;      /* −47 to 352 */
      g_assert_true (pat_match_record_score (match, score, NULL));
      totals[player] += score;
      team_totals[split[player]] += score;

      if (turn % 997 == 0 || pat_match_get_finished (match))
        {
          g_autoptr(GBytes) bytes = pat_match_save_to_bytes (match);
          g_autoptr(GError) error = NULL;
          g_autoptr(PatMatch) loaded = pat_match_new_from_bytes (bytes, &error);

          g_assert_no_error (error);
          assert_same_match (match, loaded);
          g_assert_cmpint (pat_match_get_winner (loaded), ==, pat_match_get_winner (match));
          for (t = 0; t < 8; t++)
            g_assert_cmpint (pat_match_get_player_total (loaded, t), ==, totals[t]);
          for (t = 0; t < 4; t++)
            g_assert_cmpint (pat_match_get_team_total (loaded, t), ==, team_totals[t]);
        }
    }

  g_assert_cmpuint (pat_match_get_round (match), >, 200);
  for (t = 0; t < 4; t++)
    if (team_totals[t] > best)
      {
        best = team_totals[t];
        best_team = (int) t;
      }
  g_assert_cmpint (best, >=, 100000);
  g_assert_cmpint (pat_match_get_winner (match), ==, best_team);
}

/* No turn is dealt a deal that is over before the first move (about 0.8 % of Demon deals), in
 * any die mode: 1500 match seeds would give about a dozen such first turns otherwise. */
static void
test_no_blocked_deal (void)
{
  static const PatDieMode modes[] = { PAT_DIE_OFF, PAT_DIE_PER_GAME, PAT_DIE_PER_PASS };
  guint64 seed;
  guint m;

  for (m = 0; m < G_N_ELEMENTS (modes); m++)
    for (seed = 1; seed <= 1500; seed++)
      {
        g_autoptr(PatMatch) match = pat_match_new (three, NULL);
        PatOptions options = { modes[m] };
        PatDealNumber deal, again;

        pat_match_set_seed (match, seed);
        pat_match_set_options (match, &options);
        pat_match_get_deal (match, &deal);
        g_assert_cmpint (pat_game_get_status (pat_match_get_game (match)), ==, PAT_STATUS_PLAYING);
        /* The same deal every time it is asked for, so that a saved match finds its game again. */
        pat_match_get_deal (match, &again);
        g_assert_true (pat_deal_number_equal (&deal, &again));
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/match/new", test_new);
  g_test_add_func ("/match/scoring", test_scoring);
  g_test_add_func ("/match/target", test_target);
  g_test_add_func ("/match/tie-break", test_tie_break);
  g_test_add_func ("/match/teams", test_teams);
  g_test_add_func ("/match/deals", test_deals);
  g_test_add_func ("/match/no-blocked-deal", test_no_blocked_deal);
  g_test_add_func ("/match/save-resume", test_save_resume);
  g_test_add_func ("/match/broken", test_broken);
  g_test_add_func ("/match/load-linear", test_load_linear);
  g_test_add_func ("/match/caps", test_caps);
  g_test_add_func ("/match/long-round-trip", test_long_round_trip);
  g_test_add_func ("/match/last-round/win", test_last_round_win);
  g_test_add_func ("/match/last-round/draw", test_last_round_draw);
  g_test_add_func ("/match/last-round/conclude", test_conclude);

  return g_test_run ();
}
