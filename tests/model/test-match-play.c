/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of PatMatchPlay without a window: turn order, turns ended by the game or by hand (the
 * score recorded once), saving, resuming mid-turn, the end of a match, resume-match, the last
 * round. */

#include "config.h"

#include <sys/stat.h>

#include <glib/gstdio.h>

#include "pat-match-play.h"
#include "pat-model-private.h"

static const char *const two[] = { "Ann", "Ben", NULL };

/* The seed of a match whose first deal play_out() plays to its end (it plays the last legal
 * move, which may also go round for ever on other deals). */
#define ENDING_SEED 6

typedef struct {
  guint started;
  guint ended;
  int   last_score;
  guint save_failed;
} Watch;

static void
turn_started_cb (PatMatchPlay *play,
                 Watch        *watch)
{
  /* The turn's state is whole when the signal comes. */
  g_assert_false (pat_match_play_get_turn_over (play));
  g_assert_nonnull (pat_match_play_get_current_game (play));
  watch->started++;
}

static void
turn_ended_cb (PatMatchPlay *play,
               int           score,
               Watch        *watch)
{
  g_assert_true (pat_match_play_get_turn_over (play));
  watch->ended++;
  watch->last_score = score;
}

static void
save_failed_cb (PatMatchPlay *play,
                GError       *error,
                Watch        *watch)
{
  watch->save_failed++;
}

static PatMatchPlay *
play_new (PatMatch *match,
          PatStore *store,
          Watch    *watch)
{
  PatMatchPlay *play = pat_match_play_new (match, store);

  *watch = (Watch) { 0 };
  g_signal_connect (play, "turn-started", G_CALLBACK (turn_started_cb), watch);
  g_signal_connect (play, "turn-ended", G_CALLBACK (turn_ended_cb), watch);
  g_signal_connect (play, "save-failed", G_CALLBACK (save_failed_cb), watch);
  return play;
}

static void
play_some (PatGame *game,
           guint    n)
{
  guint i;

  for (i = 0; i < n && pat_game_get_status (game) == PAT_STATUS_PLAYING; i++)
    {
      PatMoveList moves;

      pat_game_legal_moves (game, &moves);
      if (moves.n == 0)
        return;
      g_assert_true (pat_game_apply (game, &moves.moves[moves.n - 1], NULL));
    }
}

/* Plays @game until it ends. */
static void
play_out (PatGame *game)
{
  play_some (game, 100000);
  g_assert_cmpint (pat_game_get_status (game), !=, PAT_STATUS_PLAYING);
}

/* A match between @two on a fixed seed, so that its deals are the same at every run: a random
 * one may deal a Demon game with no move at all, whose turn ends as it starts. */
static PatMatch *
new_match (void)
{
  PatMatch *match = pat_match_new (two, NULL);

  pat_match_set_seed (match, 1);
  return match;
}

static char *
make_dir (void)
{
  char *dir = g_dir_make_tmp ("patience-match-play-XXXXXX", NULL);

  g_assert_nonnull (dir);
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Players take turns in order, round after round; the turn's state follows. */
static void
test_turn_order (void)
{
  g_autoptr(PatMatch) match = new_match ();
  g_autoptr(PatMatchPlay) play = NULL;
  g_autofree char *first_deal = NULL;
  g_autofree char *second_deal = NULL;
  g_autoptr(PatGame) first_ref = NULL;
  PatGame *first, *second;
  Watch watch;
  int score;

  play = play_new (match, NULL, &watch);
  g_assert_true (pat_match_play_get_match (play) == match);
  /* Nothing begins before it is asked for. */
  g_assert_true (pat_match_play_get_turn_over (play));
  g_assert_null (pat_match_play_get_current_game (play));
  g_assert_null (pat_match_play_get_turn_player (play));
  g_assert_cmpuint (pat_match_play_get_turn_round (play), ==, 0);
  g_assert_false (pat_match_play_end_turn (play));

  g_assert_true (pat_match_play_start_next_turn (play));
  g_assert_cmpuint (watch.started, ==, 1);
  g_assert_false (pat_match_play_get_turn_over (play));
  g_assert_cmpstr (pat_match_play_get_turn_player (play), ==, "Ann");
  g_assert_cmpuint (pat_match_play_get_turn_round (play), ==, 1);
  first = pat_match_play_get_current_game (play);
  first_ref = g_object_ref (first);
  g_assert_true (first == pat_match_get_game (match));
  /* A turn being played is not begun again. */
  g_assert_false (pat_match_play_start_next_turn (play));
  g_assert_cmpuint (watch.started, ==, 1);

  play_some (first, 3);
  score = pat_game_get_score (first);
  g_assert_true (pat_match_play_end_turn (play));
  g_assert_cmpuint (watch.ended, ==, 1);
  g_assert_cmpint (watch.last_score, ==, score);
  g_assert_true (pat_match_play_get_turn_over (play));
  {
    int recorded;

    g_assert_true (pat_match_get_round_score (match, 1, 0, &recorded));
    g_assert_cmpint (recorded, ==, score);
  }
  /* Between turns the ended game is still the one shown, and still Ann's. */
  g_assert_true (pat_match_play_get_current_game (play) == first);
  g_assert_cmpstr (pat_match_play_get_turn_player (play), ==, "Ann");
  g_assert_cmpuint (pat_match_get_current_player (match), ==, 1);
  first_deal = pat_game_dup_deal_number (first);

  g_assert_true (pat_match_play_start_next_turn (play));
  second = pat_match_play_get_current_game (play);
  g_assert_true (second != first);
  g_assert_cmpstr (pat_match_play_get_turn_player (play), ==, "Ben");
  g_assert_cmpuint (pat_match_play_get_turn_round (play), ==, 1);
  second_deal = pat_game_dup_deal_number (second);
  g_assert_cmpstr (first_deal, ==, second_deal);

  g_assert_true (pat_match_play_end_turn (play));
  g_assert_true (pat_match_play_start_next_turn (play));
  g_assert_cmpstr (pat_match_play_get_turn_player (play), ==, "Ann");
  g_assert_cmpuint (pat_match_play_get_turn_round (play), ==, 2);
  g_assert_cmpuint (watch.started, ==, 3);
  g_assert_cmpuint (watch.ended, ==, 2);
  g_assert_cmpuint (watch.save_failed, ==, 0);
}

/* The game's end ends the turn, and its score is recorded once, however the turn is ended. */
static void
test_game_ends_turn (void)
{
  g_autoptr(PatMatch) match = new_match ();
  g_autoptr(PatMatchPlay) play = NULL;
  PatGame *game;
  Watch watch;
  int recorded;

  pat_match_set_seed (match, ENDING_SEED);
  play = play_new (match, NULL, &watch);
  g_assert_true (pat_match_play_start_next_turn (play));
  game = pat_match_play_get_current_game (play);
  play_out (game);
  g_assert_true (pat_match_play_get_turn_over (play));
  g_assert_cmpuint (watch.ended, ==, 1);
  g_assert_cmpint (watch.last_score, ==, pat_game_get_score (game));
  g_assert_true (pat_match_get_round_score (match, 1, 0, &recorded));
  g_assert_cmpint (recorded, ==, pat_game_get_score (game));

  /* Ending it again does nothing. */
  g_assert_false (pat_match_play_end_turn (play));
  g_assert_cmpuint (watch.ended, ==, 1);
  g_assert_false (pat_match_get_round_score (match, 1, 1, NULL));

  /* Ended by hand first, the game's later end records nothing more. */
  g_assert_true (pat_match_play_start_next_turn (play));
  game = pat_match_play_get_current_game (play);
  g_assert_true (pat_match_play_end_turn (play));
  g_assert_cmpuint (watch.ended, ==, 2);
  g_assert_true (pat_match_get_round_score (match, 1, 1, NULL));
  play_out (game);
  g_assert_cmpuint (watch.ended, ==, 2);
  g_assert_false (pat_match_get_round_score (match, 2, 0, NULL));
  g_assert_cmpuint (pat_match_get_current_player (match), ==, 0);
}

/* Saved in the middle of Ben's turn, the match resumes at that turn with his game as it was. */
static void
test_resume_mid_turn (void)
{
  g_autofree char *dir = make_dir ();
  g_autoptr(PatStore) store = pat_store_new (dir);
  g_autoptr(PatMatch) match = new_match ();
  g_autoptr(PatMatch) loaded = NULL;
  g_autoptr(PatMatchPlay) play = NULL;
  g_autoptr(PatMatchPlay) resumed = NULL;
  g_autoptr(GError) error = NULL;
  PatGame *game, *resumed_game;
  Watch watch, resumed_watch;

  pat_store_set_last_game_id (store, "black-hole");
  pat_match_set_seed (match, ENDING_SEED);
  play = play_new (match, store, &watch);
  /* Nothing is saved before a turn begins. */
  g_assert_false (pat_store_has_match (store));
  g_assert_true (pat_match_play_start_next_turn (play));
  g_assert_true (pat_store_has_match (store));
  g_assert_true (pat_store_get_resume_match (store));
  g_assert_true (pat_match_play_end_turn (play));
  g_assert_true (pat_match_play_start_next_turn (play));
  game = pat_match_play_get_current_game (play);
  /* Every move is saved with the match. */
  play_some (game, 4);
  g_assert_cmpuint (pat_game_get_moves (game), >, 0);

  loaded = pat_store_load_match (store, &error);
  g_assert_no_error (error);
  resumed = play_new (loaded, store, &resumed_watch);
  g_assert_true (pat_match_play_start_next_turn (resumed));
  g_assert_cmpstr (pat_match_play_get_turn_player (resumed), ==, "Ben");
  g_assert_cmpuint (pat_match_play_get_turn_round (resumed), ==, 1);
  g_assert_false (pat_match_play_get_turn_over (resumed));
  resumed_game = pat_match_play_get_current_game (resumed);
  g_assert_cmpuint (pat_game_get_moves (resumed_game), ==, pat_game_get_moves (game));
  g_assert_true (pat_state_equal (pat_game_get_state (game), pat_game_get_state (resumed_game)));
  g_assert_true (pat_match_get_round_score (loaded, 1, 0, NULL));
  g_assert_false (pat_match_get_round_score (loaded, 1, 1, NULL));

  /* A game saved after it ended, before its score was recorded, ends its turn as it resumes. */
  g_clear_object (&play);
  g_clear_object (&resumed);
  g_clear_object (&loaded);
  play_out (game);
  g_assert_true (pat_store_save_match (store, match, NULL));
  loaded = pat_store_load_match (store, &error);
  g_assert_no_error (error);
  g_assert_false (pat_match_get_round_score (loaded, 1, 1, NULL));
  resumed = play_new (loaded, store, &resumed_watch);
  g_assert_true (pat_match_play_start_next_turn (resumed));
  g_assert_cmpuint (resumed_watch.started, ==, 1);
  g_assert_cmpuint (resumed_watch.ended, ==, 1);
  g_assert_true (pat_match_play_get_turn_over (resumed));
  g_assert_true (pat_match_get_round_score (loaded, 1, 1, NULL));
  g_assert_cmpuint (pat_match_get_round (loaded), ==, 2);

  g_clear_object (&resumed);
  g_clear_object (&loaded);
  g_clear_object (&store);
  remove_dir (dir);
}

/* A won match leaves nothing to resume; an abandoned one neither. */
static void
test_finished_abandoned (void)
{
  g_autofree char *dir = make_dir ();
  g_autoptr(PatStore) store = pat_store_new (dir);
  g_autoptr(PatMatch) match = new_match ();
  g_autoptr(PatMatch) other = new_match ();
  g_autoptr(PatMatchPlay) play = NULL;
  g_autoptr(PatMatchPlay) abandoned = NULL;
  g_autofree char *last = NULL;
  Watch watch, abandoned_watch;

  pat_match_set_target (match, 10);
  play = play_new (match, store, &watch);
  g_assert_true (pat_match_play_start_next_turn (play));
  g_assert_true (pat_match_play_end_turn (play));
  g_assert_true (pat_match_play_start_next_turn (play));
  g_assert_true (pat_store_get_resume_match (store));
  /* A score recorded by anyone may end the match. */
  g_assert_true (pat_match_record_score (match, 120, NULL));
  g_assert_true (pat_match_get_finished (match));
  g_assert_true (pat_match_play_get_turn_over (play));
  g_assert_false (pat_store_has_match (store));
  g_assert_false (pat_store_get_resume_match (store));
  last = pat_store_dup_last_game_id (store);
  g_assert_cmpstr (last, ==, pat_rules_match ()->id);
  g_assert_false (pat_match_play_start_next_turn (play));
  g_assert_false (pat_match_play_end_turn (play));
  pat_match_play_save (play);
  g_assert_false (pat_store_has_match (store));

  abandoned = play_new (other, store, &abandoned_watch);
  g_assert_true (pat_match_play_start_next_turn (abandoned));
  g_assert_true (pat_store_has_match (store));
  g_assert_true (pat_store_get_resume_match (store));
  pat_match_play_abandon (abandoned);
  g_assert_false (pat_store_has_match (store));
  g_assert_false (pat_store_get_resume_match (store));
  g_assert_true (pat_match_play_get_turn_over (abandoned));
  /* Nothing is saved or played any more. */
  play_some (pat_match_play_get_current_game (abandoned), 3);
  pat_match_play_save (abandoned);
  g_assert_false (pat_store_has_match (store));
  g_assert_false (pat_match_play_start_next_turn (abandoned));

  g_clear_object (&play);
  g_clear_object (&abandoned);
  g_clear_object (&store);
  remove_dir (dir);
}

/* A match file that cannot be removed (here a FIFO where the file should be, which the store
 * never replaces) is said when the match ends, as a failed save is. */
static void
test_unremovable (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "match.gvariant", NULL);
  g_autoptr(PatStore) store = NULL;
  g_autoptr(PatMatch) match = new_match ();
  g_autoptr(PatMatch) loaded = NULL;
  g_autoptr(PatMatchPlay) play = NULL;
  g_autoptr(GError) error = NULL;
  Watch watch;
  guint failed;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  store = pat_store_new (dir);
  loaded = pat_store_load_match (store, &error);
  g_assert_null (loaded);
  g_assert_nonnull (error);

  play = play_new (match, store, &watch);
  g_assert_true (pat_match_play_start_next_turn (play));
  failed = watch.save_failed;
  g_assert_cmpuint (failed, >=, 1);   /* the match could not be saved over it */
  pat_match_play_abandon (play);
  g_assert_cmpuint (watch.save_failed, ==, failed + 1);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));

  g_clear_object (&play);
  g_clear_object (&store);
  remove_dir (dir);
}

typedef struct {
  guint  finished;
  char  *winner;
} End;

static void
match_finished_cb (PatMatch   *match,
                   const char *winner,
                   End        *end)
{
  end->finished++;
  g_free (end->winner);
  end->winner = g_strdup (winner);
}

/* A match between @two on @seed, target 100000, played to its last round by recording scores
 * (Ann 5 a turn, Ben none) until @n_scores are recorded: no round can win it. */
static PatMatch *
match_near_limit (guint64 seed,
                  guint   n_scores)
{
  PatMatch *match = pat_match_new (two, NULL);
  guint i;

  pat_match_set_seed (match, seed);
  pat_match_set_target (match, 100000);
  for (i = 0; i < n_scores; i++)
    g_assert_true (pat_match_record_score (match, i % 2 == 0 ? 5 : 0, NULL));
  g_assert_false (pat_match_get_finished (match));
  return match;
}

/* Asserts that @play's match has just ended, won by Ann, as a won match ends: "finished" once,
 * no turn, nothing to resume, the file removed and Demon the last game. */
static void
assert_won_at_limit (PatMatchPlay *play,
                     PatStore     *store,
                     End          *end)
{
  PatMatch *match = pat_match_play_get_match (play);
  g_autofree char *last = NULL;

  g_assert_cmpuint (end->finished, ==, 1);
  g_assert_cmpstr (end->winner, ==, "Ann");
  g_assert_true (pat_match_get_finished (match));
  g_assert_cmpint (pat_match_get_winner (match), ==, 0);
  g_assert_cmpint (pat_match_get_player_total (match, 0), ==, 5 * PAT_MATCH_MAX_ROUNDS);
  g_assert_nonnull (pat_match_get_announcement (match));
  g_assert_true (pat_match_play_get_turn_over (play));
  g_assert_false (pat_store_has_match (store));
  g_assert_false (pat_store_get_resume_match (store));
  last = pat_store_dup_last_game_id (store);
  g_assert_cmpstr (last, ==, pat_rules_match ()->id);
  g_assert_false (pat_match_play_start_next_turn (play));
  g_assert_false (pat_match_play_end_turn (play));
  g_assert_null (pat_match_get_game (match));
}

/* The last turn of the last round ends the match, below its target: ended by hand, or after
 * the match is saved mid-turn and resumed; no warning, and the file goes as a won match's. */
static void
test_last_round_by_hand (void)
{
  g_autofree char *dir = make_dir ();
  g_autoptr(PatStore) store = pat_store_new (dir);
  g_autoptr(PatMatch) match = match_near_limit (1, 2 * PAT_MATCH_MAX_ROUNDS - 1);
  g_autoptr(PatMatch) loaded = NULL;
  g_autoptr(PatMatchPlay) play = NULL;
  g_autoptr(PatMatchPlay) resumed = NULL;
  g_autoptr(GError) error = NULL;
  End end = { 0 }, resumed_end = { 0 };
  Watch watch, resumed_watch;

  pat_store_set_last_game_id (store, "black-hole");
  g_signal_connect (match, "finished", G_CALLBACK (match_finished_cb), &end);
  play = play_new (match, store, &watch);
  g_assert_true (pat_match_play_start_next_turn (play));
  g_assert_cmpstr (pat_match_play_get_turn_player (play), ==, "Ben");
  g_assert_cmpuint (pat_match_play_get_turn_round (play), ==, PAT_MATCH_MAX_ROUNDS);
  play_some (pat_match_play_get_current_game (play), 3);

  /* Saved mid-turn, it resumes at that turn, whose end ends the match. */
  loaded = pat_store_load_match (store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pat_match_get_round (loaded), ==, PAT_MATCH_MAX_ROUNDS);
  g_signal_connect (loaded, "finished", G_CALLBACK (match_finished_cb), &resumed_end);
  resumed = play_new (loaded, store, &resumed_watch);
  g_assert_true (pat_match_play_start_next_turn (resumed));
  g_assert_cmpuint (pat_game_get_moves (pat_match_play_get_current_game (resumed)), >, 0);
  g_assert_true (pat_match_play_end_turn (resumed));
  g_assert_cmpuint (resumed_watch.ended, ==, 1);
  assert_won_at_limit (resumed, store, &resumed_end);
  g_clear_pointer (&resumed_end.winner, g_free);

  /* The match left playing ends as well when its turn is ended by hand. */
  pat_store_set_last_game_id (store, "black-hole");
  pat_match_play_save (play);
  g_assert_true (pat_store_has_match (store));
  g_assert_true (pat_match_play_end_turn (play));
  g_assert_cmpuint (watch.ended, ==, 1);
  assert_won_at_limit (play, store, &end);
  g_assert_cmpuint (watch.save_failed + resumed_watch.save_failed, ==, 0);
  g_clear_pointer (&end.winner, g_free);

  g_clear_object (&play);
  g_clear_object (&resumed);
  g_clear_object (&store);
  remove_dir (dir);
}

/* The seed of a match whose deal of the last round's second turn play_out() plays to its end. */
#define LAST_ROUND_ENDING_SEED 1

/* The game of the last turn ends by itself, and the match with it. */
static void
test_last_round_game_ends (void)
{
  g_autofree char *dir = make_dir ();
  g_autoptr(PatStore) store = pat_store_new (dir);
  g_autoptr(PatMatch) match = NULL;
  g_autoptr(PatMatchPlay) play = NULL;
  End end = { 0 };
  Watch watch;

  match = match_near_limit (LAST_ROUND_ENDING_SEED, 2 * PAT_MATCH_MAX_ROUNDS - 1);
  g_signal_connect (match, "finished", G_CALLBACK (match_finished_cb), &end);
  play = play_new (match, store, &watch);
  g_assert_true (pat_match_play_start_next_turn (play));
  play_out (pat_match_play_get_current_game (play));
  g_assert_cmpuint (watch.ended, ==, 1);
  assert_won_at_limit (play, store, &end);
  g_clear_pointer (&end.winner, g_free);

  g_clear_object (&play);
  g_clear_object (&store);
  remove_dir (dir);
}

/* A file of two players that an earlier version saved after the match's last round, undecided
 * (Ann 5 a turn, Ben none, target 100000), with the game it began for the round after when
 * @with_game. */
static GBytes *
file_after_limit (gboolean with_game)
{
  g_autofree gint32 *scores = g_new (gint32, 2 * PAT_MATCH_MAX_ROUNDS);
  g_autoptr(GVariant) payload = NULL;
  GVariant *game_v = NULL;
  GVariantBuilder players;
  guint i;

  for (i = 0; i < 2 * PAT_MATCH_MAX_ROUNDS; i++)
    scores[i] = i % 2 == 0 ? 5 : 0;
  if (with_game)
    {
      g_autoptr(GBytes) bytes = file_after_limit (FALSE);
      g_autoptr(PatMatch) match = pat_match_new_from_bytes (bytes, NULL);
      g_autoptr(PatGame) game = NULL;
      PatOptions options = { PAT_DIE_OFF };
      PatDealNumber deal;

      /* The deal of round PAT_MATCH_MAX_ROUNDS + 1, as the earlier version dealt it. */
      pat_match_get_deal (match, &deal);
      game = pat_game_new (pat_rules_match ()->id, &deal, &options);
      play_some (game, 3);
      game_v = pat_game_serialize (game);
    }
  g_variant_builder_init (&players, G_VARIANT_TYPE ("a(si)"));
  g_variant_builder_add (&players, "(si)", "Ann", -1);
  g_variant_builder_add (&players, "(si)", "Ben", -1);
  payload = g_variant_ref_sink (g_variant_new ("(@a(si)@asibut@aimv)",
                                               g_variant_builder_end (&players),
                                               g_variant_new_strv (NULL, 0),
                                               100000, TRUE, 0, (guint64) 1,
                                               g_variant_new_fixed_array (G_VARIANT_TYPE_INT32,
                                                                          scores,
                                                                          2 * PAT_MATCH_MAX_ROUNDS,
                                                                          sizeof (gint32)),
                                               game_v));
  return pat_envelope_pack ("io.github.patience.Patience.Match", 1, payload);
}

/* A match saved after its last round, between turns or with a game begun for the round
 * after, resumes to its end: the highest total wins, and no turn begins. */
static void
test_resume_after_limit (void)
{
  gboolean with_game;

  for (with_game = FALSE; with_game <= TRUE; with_game++)
    {
      g_autofree char *dir = make_dir ();
      g_autofree char *path = g_build_filename (dir, "match.gvariant", NULL);
      g_autoptr(GBytes) bytes = file_after_limit (with_game);
      g_autoptr(PatStore) store = NULL;
      g_autoptr(PatMatch) match = NULL;
      g_autoptr(PatMatchPlay) play = NULL;
      g_autoptr(GError) error = NULL;
      End end = { 0 };
      Watch watch;

      g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                                          g_bytes_get_size (bytes), NULL));
      store = pat_store_new (dir);
      pat_store_set_resume_match (store, TRUE);
      match = pat_store_load_match (store, &error);
      g_assert_no_error (error);
      g_assert_nonnull (match);
      /* Not over yet: it is offered to resume, and ends as it does. */
      g_assert_false (pat_match_get_finished (match));
      g_signal_connect (match, "finished", G_CALLBACK (match_finished_cb), &end);
      play = play_new (match, store, &watch);
      g_assert_false (pat_match_play_start_next_turn (play));
      g_assert_cmpuint (watch.started, ==, 0);
      g_assert_cmpuint (watch.ended, ==, 0);
      g_assert_null (pat_match_play_get_current_game (play));
      assert_won_at_limit (play, store, &end);
      g_clear_pointer (&end.winner, g_free);

      g_clear_object (&play);
      g_clear_object (&match);
      g_clear_object (&store);
      remove_dir (dir);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/match-play/turn-order", test_turn_order);
  g_test_add_func ("/match-play/game-ends-turn", test_game_ends_turn);
  g_test_add_func ("/match-play/resume-mid-turn", test_resume_mid_turn);
  g_test_add_func ("/match-play/finished-abandoned", test_finished_abandoned);
  g_test_add_func ("/match-play/unremovable", test_unremovable);
  g_test_add_func ("/match-play/last-round/by-hand", test_last_round_by_hand);
  g_test_add_func ("/match-play/last-round/game-ends", test_last_round_game_ends);
  g_test_add_func ("/match-play/last-round/resume-after", test_resume_after_limit);

  return g_test_run ();
}
