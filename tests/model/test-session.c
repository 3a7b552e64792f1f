/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of PatSession's policy without a display: abandoned games, resuming, broken and failing
 * saves, the Demo, Play to the End, match turns, winnable deals and hints. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "pat-model-private.h"
#include "pat-session.h"

/* The longest wait for something from a worker thread or a timer (under ASan, on busy cores). */
#define WAIT_MS 20000

/* Perpetual Motion deal 954 is won after 229 deals, the shortest of the first 3000; deal 512
 * after 306, more than one tick of Play to the End deals at most (a quarter of a second's worth
 * at the fastest speed), so that its first tick never ends it. */
#define SHORT_PM_DEAL 954
#define PLAYED_PM_DEAL 512
/* A Demon match of this seed deals a first game that play_out() ends (as in test-match-play). */
#define ENDING_SEED 6

static const char *const two[] = { "Ann", "Ben", NULL };

typedef struct _Fixture Fixture;

/* What the session and its store said. */
typedef struct {
  guint      finished;
  PatStatus  finished_status;
  gboolean   finished_recorded;     /* the game's record, read inside the handler */
  PatRecord  finished_record;
  gboolean   finished_turn_over;    /* the match play's turn, read inside the handler */
  guint      stopped;
  PatDriver  stopped_driver;
  gboolean   stopped_by_action;
  guint      ticks_started;
  guint      ticks_finished;
  guint      ticks_animated;
  guint      match_started;
  gboolean   turn_begun;
  guint      turn_ended;
  guint      searching_changed;
  guint      load_failed;
  char      *load_failed_id;
  char      *moved_to;
  guint      save_failed;
  guint      saved;
  guint      answered;
  PatQuestion answered_question;
  gboolean   answered_move;
  PatMove    answer;
} Watch;

struct _Fixture {
  GSettingsBackend *backend;
  GSettings        *settings;
  char             *dir;
  PatStore         *store;
  PatStats         *stats;
  PatSession       *session;
  Watch             watch;
};

static void
game_finished_cb (PatSession *session,
                  PatStatus   status,
                  const char *reason,
                  Fixture    *fixture)
{
  Watch *watch = &fixture->watch;
  PatGame *game = pat_session_get_game (session);
  PatMatchPlay *match_play = pat_session_get_match_play (session);

  watch->finished++;
  watch->finished_status = status;
  g_assert_nonnull (reason);
  memset (&watch->finished_record, 0, sizeof watch->finished_record);
  watch->finished_recorded = pat_stats_get_record (fixture->stats, pat_game_get_game_id (game),
                                                   &watch->finished_record);
  watch->finished_turn_over = match_play != NULL && pat_match_play_get_turn_over (match_play);
}

static void
driver_stopped_cb (PatSession *session,
                   PatDriver   driver,
                   gboolean    stopped,
                   Fixture    *fixture)
{
  /* The driver is over by the time it is said. */
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_NONE);
  fixture->watch.stopped++;
  fixture->watch.stopped_driver = driver;
  fixture->watch.stopped_by_action = stopped;
}

static void
tick_started_cb (PatSession *session,
                 Fixture    *fixture)
{
  fixture->watch.ticks_started++;
}

static void
tick_finished_cb (PatSession *session,
                  gboolean    animated,
                  Fixture    *fixture)
{
  fixture->watch.ticks_finished++;
  if (animated)
    fixture->watch.ticks_animated++;
}

static void
match_started_cb (PatSession *session,
                  gboolean    turn_begun,
                  Fixture    *fixture)
{
  fixture->watch.match_started++;
  fixture->watch.turn_begun = turn_begun;
}

static void
turn_ended_cb (PatSession *session,
               int         score,
               Fixture    *fixture)
{
  fixture->watch.turn_ended++;
}

static void
searching_cb (PatSession *session,
              GParamSpec *pspec,
              Fixture    *fixture)
{
  fixture->watch.searching_changed++;
}

static void
answered_cb (PatSession    *session,
             PatQuestion    question,
             const PatMove *move,
             Fixture       *fixture)
{
  /* The question is closed by the time it is answered. */
  g_assert_cmpint (pat_session_get_question (session), ==, PAT_QUESTION_NONE);
  fixture->watch.answered++;
  fixture->watch.answered_question = question;
  fixture->watch.answered_move = move != NULL;
  if (move != NULL)
    fixture->watch.answer = *move;
}

static void
load_failed_cb (PatStore   *store,
                const char *game_id,
                const char *moved_to,
                const char *message,
                Fixture    *fixture)
{
  fixture->watch.load_failed++;
  g_free (fixture->watch.load_failed_id);
  fixture->watch.load_failed_id = g_strdup (game_id);
  g_free (fixture->watch.moved_to);
  fixture->watch.moved_to = g_strdup (moved_to);
}

static void
save_failed_cb (PatStore     *store,
                const char   *game_id,
                const char   *message,
                const GError *error,
                Fixture      *fixture)
{
  g_assert_nonnull (error);
  fixture->watch.save_failed++;
}

static void
saved_cb (PatStore   *store,
          const char *game_id,
          Fixture    *fixture)
{
  fixture->watch.saved++;
}

static void
watch_clear (Watch *watch)
{
  g_free (watch->load_failed_id);
  g_free (watch->moved_to);
  memset (watch, 0, sizeof *watch);
}

static PatSession *
session_new (Fixture *fixture)
{
  PatSession *session = pat_session_new (fixture->store, fixture->stats);

  g_signal_connect (session, "game-finished", G_CALLBACK (game_finished_cb), fixture);
  g_signal_connect (session, "driver-stopped", G_CALLBACK (driver_stopped_cb), fixture);
  g_signal_connect (session, "tick-started", G_CALLBACK (tick_started_cb), fixture);
  g_signal_connect (session, "tick-finished", G_CALLBACK (tick_finished_cb), fixture);
  g_signal_connect (session, "match-started", G_CALLBACK (match_started_cb), fixture);
  g_signal_connect (session, "turn-ended", G_CALLBACK (turn_ended_cb), fixture);
  g_signal_connect (session, "notify::searching", G_CALLBACK (searching_cb), fixture);
  g_signal_connect (session, "answered", G_CALLBACK (answered_cb), fixture);
  return session;
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  memset (&fixture->watch, 0, sizeof fixture->watch);
  fixture->backend = g_memory_settings_backend_new ();
  fixture->settings = g_settings_new_with_backend (APP_ID, fixture->backend);
  fixture->dir = g_dir_make_tmp ("patience-session-XXXXXX", NULL);
  g_assert_nonnull (fixture->dir);
  fixture->store = pat_store_new (fixture->dir);
  /* The store's "last-game" and "resume-match" live in the process's memory backend: start
   * every test from the first-launch game, with no match to resume. */
  pat_store_set_last_game_id (fixture->store, pat_rules_default ()->id);
  g_signal_connect (fixture->store, "load-failed", G_CALLBACK (load_failed_cb), fixture);
  g_signal_connect (fixture->store, "save-failed", G_CALLBACK (save_failed_cb), fixture);
  g_signal_connect (fixture->store, "saved", G_CALLBACK (saved_cb), fixture);
  fixture->stats = pat_stats_new (fixture->settings, fixture->store);
  fixture->session = session_new (fixture);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_assert_cmpint (g_unlink (child), ==, 0);
    }
  g_assert_cmpint (g_rmdir (path), ==, 0);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_clear_object (&fixture->session);
  pat_store_flush (fixture->store);
  g_clear_object (&fixture->stats);
  pat_store_flush (fixture->store);
  g_clear_object (&fixture->store);
  g_clear_object (&fixture->settings);
  g_clear_object (&fixture->backend);
  watch_clear (&fixture->watch);
  remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
}

static gboolean
set_true_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main context until @cond holds, or for WAIT_MS at most; the caller asserts @cond. */
#define SPIN_UNTIL(cond)                                              \
  G_STMT_START {                                                      \
    gboolean timed_out_ = FALSE;                                      \
    guint timeout_id_ = g_timeout_add (WAIT_MS, set_true_cb, &timed_out_); \
                                                                      \
    while (!(cond) && !timed_out_)                                    \
      g_main_context_iteration (NULL, TRUE);                          \
    if (!timed_out_)                                                  \
      g_source_remove (timeout_id_);                                  \
  } G_STMT_END

/* Runs the main context for @ms milliseconds. */
static void
spin_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

static PatVerdict
verdict (Fixture *fixture)
{
  return pat_analyzer_get_verdict (pat_session_get_analyzer (fixture->session));
}

/* Waits for the analyser's verdict on the position in play. */
static PatVerdict
wait_for_verdict (Fixture *fixture)
{
  SPIN_UNTIL (verdict (fixture) != PAT_VERDICT_THINKING);
  g_assert_cmpint (verdict (fixture), !=, PAT_VERDICT_THINKING);
  return verdict (fixture);
}

static PatGame *
game_of (Fixture *fixture)
{
  PatGame *game = pat_session_get_game (fixture->session);

  g_assert_nonnull (game);
  return game;
}

/* The record of @game_id, all zero when it has none. */
static PatRecord
record_of (Fixture    *fixture,
           const char *game_id)
{
  PatRecord record;

  memset (&record, 0, sizeof record);
  if (!pat_stats_get_record (fixture->stats, game_id, &record))
    memset (&record, 0, sizeof record);
  return record;
}

/* Plays the first legal move, as a player would. */
static void
play_move (PatGame *game)
{
  PatMoveList moves;

  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  g_assert_true (pat_game_apply (game, &moves.moves[0], NULL));
}

/* Plays the last legal move until the game ends. */
static void
play_out (PatGame *game)
{
  guint i;

  for (i = 0; i < 100000 && pat_game_get_status (game) == PAT_STATUS_PLAYING; i++)
    {
      PatMoveList moves;

      pat_game_legal_moves (game, &moves);
      if (moves.n == 0)
        break;
      g_assert_true (pat_game_apply (game, &moves.moves[moves.n - 1], NULL));
    }
  g_assert_cmpint (pat_game_get_status (game), !=, PAT_STATUS_PLAYING);
}

static void
start_deal (Fixture    *fixture,
            const char *game_id,
            guint64     number)
{
  PatDealNumber deal = pat_deal_number_from_uint (number);

  pat_session_start_deal (fixture->session, game_id, &deal);
  g_assert_cmpstr (pat_game_get_game_id (game_of (fixture)), ==, game_id);
}

/* A started game left for another deal, another game or a restart is lost, once; a game never
 * moved in costs nothing; a switch keeps the game left saved and coming back resumes it. */
static void
test_abandon (Fixture       *fixture,
              gconstpointer  data)
{
  PatSession *session = fixture->session;
  PatRecord record;
  PatGame *game;
  guint moves;

  /* A new deal after a move. */
  start_deal (fixture, "black-hole", 2);
  game = game_of (fixture);
  play_move (game);
  pat_session_new_deal (session, "black-hole");
  g_assert_true (game_of (fixture) != game);
  g_assert_cmpstr (pat_game_get_game_id (game_of (fixture)), ==, "black-hole");
  g_assert_cmpint (pat_game_get_status (game_of (fixture)), ==, PAT_STATUS_PLAYING);
  record = record_of (fixture, "black-hole");
  g_assert_cmpuint (record.played, ==, 1);
  g_assert_cmpuint (record.lost, ==, 1);

  /* A new deal without a move. */
  game = game_of (fixture);
  pat_session_new_deal (session, "black-hole");
  g_assert_true (game_of (fixture) != game);
  g_assert_cmpuint (record_of (fixture, "black-hole").played, ==, 1);

  /* A move undone is still a game started: a loss, once. */
  start_deal (fixture, "black-hole", 2);
  game = game_of (fixture);
  play_move (game);
  g_assert_true (pat_session_undo (session));
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
  pat_session_new_deal (session, "black-hole");
  g_assert_cmpuint (record_of (fixture, "black-hole").lost, ==, 2);
  pat_session_new_deal (session, "black-hole");
  g_assert_cmpuint (record_of (fixture, "black-hole").played, ==, 2);

  /* Switching game after a move: lost once; the game left stays saved and resumes. */
  start_deal (fixture, "black-hole", 2);
  game = game_of (fixture);
  play_move (game);
  moves = pat_game_get_moves (game);
  pat_session_open_game (session, "penguin");
  g_assert_cmpstr (pat_game_get_game_id (game_of (fixture)), ==, "penguin");
  record = record_of (fixture, "black-hole");
  g_assert_cmpuint (record.played, ==, 3);
  g_assert_cmpuint (record.lost, ==, 3);
  g_assert_cmpuint (record_of (fixture, "penguin").played, ==, 0);
  pat_session_open_game (session, "black-hole");
  game = game_of (fixture);
  g_assert_cmpstr (pat_game_get_game_id (game), ==, "black-hole");
  g_assert_cmpuint (pat_game_get_moves (game), ==, moves);
  {
    g_autofree char *deal = pat_game_dup_deal_number (game);

    g_assert_cmpstr (deal, ==, "2");
  }
  g_assert_cmpuint (record_of (fixture, "black-hole").played, ==, 3);
  /* Leaving it again, and dealing it again by number, counts it no more. */
  pat_session_open_game (session, "penguin");
  g_assert_cmpuint (record_of (fixture, "black-hole").played, ==, 3);
  start_deal (fixture, "black-hole", 2);
  g_assert_cmpuint (pat_game_get_moves (game_of (fixture)), ==, 0);
  g_assert_cmpuint (record_of (fixture, "black-hole").played, ==, 3);

  /* Opening the game in play does nothing. */
  game = game_of (fixture);
  play_move (game);
  pat_session_open_game (session, "black-hole");
  g_assert_true (game_of (fixture) == game);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 1);
  g_assert_cmpuint (record_of (fixture, "black-hole").played, ==, 3);

  /* Restarting a started game counts it lost; the fresh attempt costs nothing until a move. */
  pat_session_restart (session);
  g_assert_true (game_of (fixture) == game);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
  g_assert_cmpint (pat_game_get_status (game), ==, PAT_STATUS_PLAYING);
  record = record_of (fixture, "black-hole");
  g_assert_cmpuint (record.played, ==, 4);
  g_assert_cmpuint (record.lost, ==, 4);
  pat_session_restart (session);
  g_assert_cmpuint (record_of (fixture, "black-hole").played, ==, 4);

  /* A numbered deal of another game id replaces that id's saved game: a started one is lost. */
  {
    PatDealNumber number = pat_deal_number_from_uint (6);
    g_autoptr(PatGame) saved = pat_game_new ("penguin", &number, NULL);
    g_autoptr(GError) error = NULL;

    play_move (saved);
    g_assert_true (pat_store_save_game (fixture->store, saved, &error));
    g_assert_no_error (error);
  }
  start_deal (fixture, "penguin", 6);
  g_assert_cmpuint (pat_game_get_moves (game_of (fixture)), ==, 0);
  record = record_of (fixture, "penguin");
  g_assert_cmpuint (record.played, ==, 1);
  g_assert_cmpuint (record.lost, ==, 1);
  /* The Black Hole game left for it was not started since its restart: nothing more. */
  g_assert_cmpuint (record_of (fixture, "black-hole").played, ==, 4);
}

static void
assert_records_equal (const PatRecord *a,
                      const PatRecord *b)
{
  g_assert_cmpuint (a->played, ==, b->played);
  g_assert_cmpuint (a->won, ==, b->won);
  g_assert_cmpuint (a->lost, ==, b->lost);
  g_assert_cmpuint (a->assisted, ==, b->assisted);
  g_assert_cmpint (a->streak, ==, b->streak);
  g_assert_cmpuint (a->best_win_streak, ==, b->best_win_streak);
  g_assert_cmpuint (a->worst_loss_streak, ==, b->worst_loss_streak);
  g_assert_cmpint (a->has_best_time, ==, b->has_best_time);
  g_assert_cmpint (a->has_best_score, ==, b->has_best_score);
  g_assert_cmpint (a->best_score, ==, b->best_score);
  g_assert_cmpint (a->total_score, ==, b->total_score);
  g_assert_cmpuint (a->hints_used, ==, b->hints_used);
}

static guint
history_length (Fixture    *fixture,
                const char *game_id)
{
  g_autoptr(GArray) rows = pat_stats_get_history (fixture->stats, game_id);

  return rows->len;
}

/* The saved game of @game_id: its deal and moves. */
static void
assert_saved (Fixture    *fixture,
              const char *game_id,
              const char *deal,
              guint       moves)
{
  g_autoptr(PatGame) saved = pat_store_load_game (fixture->store, game_id, NULL);
  g_autofree char *number = NULL;

  g_assert_nonnull (saved);
  number = pat_game_dup_deal_number (saved);
  g_assert_cmpstr (number, ==, deal);
  g_assert_cmpuint (pat_game_get_moves (saved), ==, moves);
  g_assert_false (pat_game_get_recorded (saved));
}

/* A game in progress left by accident (a new deal, another game, a numbered deal, a restart) is
 * counted lost, and the player can take that back until they move in the game that replaced it:
 * the game comes back as it was, saved, and the statistics are exactly what they were. */
static void
test_undo_leave (Fixture       *fixture,
                 gconstpointer  data)
{
  PatSession *session = fixture->session;
  PatRecord before;
  PatGame *game;
  guint rows;

  /* A new deal: one loss, then taken back. */
  start_deal (fixture, "black-hole", 2);
  play_move (game_of (fixture));
  pat_session_new_deal (session, "black-hole");
  g_assert_cmpuint (record_of (fixture, "black-hole").lost, ==, 1);
  before = record_of (fixture, "black-hole");
  rows = history_length (fixture, "black-hole");
  start_deal (fixture, "black-hole", 2);
  game = game_of (fixture);
  play_move (game);
  play_move (game);
  g_assert_false (pat_session_get_can_undo_leave (session));
  pat_session_new_deal (session, "black-hole");
  g_assert_true (game_of (fixture) != game);
  g_assert_cmpuint (record_of (fixture, "black-hole").lost, ==, 2);
  g_assert_cmpint (record_of (fixture, "black-hole").streak, ==, -2);
  g_assert_cmpuint (history_length (fixture, "black-hole"), ==, rows + 1);
  g_assert_true (pat_session_get_can_undo_leave (session));
  g_assert_true (pat_session_undo_leave (session));
  g_assert_false (pat_session_get_can_undo_leave (session));
  g_assert_true (game_of (fixture) == game);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 2);
  g_assert_false (pat_game_get_recorded (game));
  g_assert_cmpint (pat_game_get_status (game), ==, PAT_STATUS_PLAYING);
  {
    PatRecord after = record_of (fixture, "black-hole");

    assert_records_equal (&after, &before);
  }
  g_assert_cmpuint (history_length (fixture, "black-hole"), ==, rows);
  assert_saved (fixture, "black-hole", "2", 2);
  /* Once only. */
  g_assert_false (pat_session_undo_leave (session));
  /* The game taken back counts when it is left again. */
  pat_session_new_deal (session, "black-hole");
  g_assert_cmpuint (record_of (fixture, "black-hole").lost, ==, 2);

  /* A move in the new game, and the game left stays lost. (The new game is deal 2 again: a
   * random deal's first move may end it, which would count it too.) */
  start_deal (fixture, "black-hole", 2);
  play_move (game_of (fixture));
  start_deal (fixture, "black-hole", 2);
  g_assert_true (pat_session_get_can_undo_leave (session));
  play_move (game_of (fixture));
  g_assert_cmpint (pat_game_get_status (game_of (fixture)), ==, PAT_STATUS_PLAYING);
  g_assert_false (pat_session_get_can_undo_leave (session));
  g_assert_false (pat_session_undo_leave (session));
  g_assert_cmpuint (record_of (fixture, "black-hole").lost, ==, 3);

  /* Another game: the one left comes back. */
  start_deal (fixture, "black-hole", 2);
  game = game_of (fixture);
  play_move (game);
  before = record_of (fixture, "black-hole");
  pat_session_open_game (session, "penguin");
  g_assert_cmpuint (record_of (fixture, "black-hole").lost, ==, 5);
  g_assert_true (pat_session_undo_leave (session));
  g_assert_true (game_of (fixture) == game);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 1);
  g_assert_cmpuint (record_of (fixture, "black-hole").lost, ==, before.lost);

  /* A restart: the moves come back. */
  play_move (game);
  pat_session_restart (session);
  g_assert_cmpuint (pat_game_get_moves (game_of (fixture)), ==, 0);
  g_assert_cmpuint (record_of (fixture, "black-hole").lost, ==, before.lost + 1);
  g_assert_true (pat_session_undo_leave (session));
  g_assert_cmpuint (pat_game_get_moves (game_of (fixture)), ==, 2);
  g_assert_cmpuint (record_of (fixture, "black-hole").lost, ==, before.lost);
  assert_saved (fixture, "black-hole", "2", 2);

  /* A numbered deal replacing another game id's saved game: that save comes back, and the
   * game that was in play is in play again. */
  game = game_of (fixture);
  {
    PatDealNumber number = pat_deal_number_from_uint (6);
    g_autoptr(PatGame) saved = pat_game_new ("penguin", &number, NULL);

    play_move (saved);
    g_assert_true (pat_store_save_game (fixture->store, saved, NULL));
  }
  before = record_of (fixture, "penguin");
  start_deal (fixture, "penguin", 7);
  g_assert_cmpuint (record_of (fixture, "penguin").lost, ==, before.lost + 1);
  g_assert_true (pat_session_undo_leave (session));
  g_assert_true (game_of (fixture) == game);
  g_assert_cmpuint (record_of (fixture, "penguin").lost, ==, before.lost);
  assert_saved (fixture, "penguin", "6", 1);
  assert_saved (fixture, "black-hole", "2", 2);

  /* A game never moved in costs nothing, and there is nothing to take back. */
  start_deal (fixture, "black-hole", 3);
  pat_session_new_deal (session, "black-hole");
  g_assert_false (pat_session_get_can_undo_leave (session));
}

/* A search for a winnable deal of one difficulty looks again when the difficulty changes
 * meanwhile: the deal dealt is one of the level asked for last. */
static void
test_search_follows_level (Fixture       *fixture,
                           gconstpointer  data)
{
  PatSession *session = fixture->session;
  const PatRules *rules = pat_rules_lookup ("black-hole");
  PatGame *game;
  double score;
  guint i;

  pat_session_set_winnable_only (session, TRUE);
  for (i = 0; i < 3; i++)
    {
      start_deal (fixture, "black-hole", 2);
      game = game_of (fixture);
      pat_session_set_difficulty (session, PAT_DIFFICULTY_HARD);
      pat_session_new_deal (session, "black-hole");
      g_assert_true (pat_session_get_searching (session));
      pat_session_set_difficulty (session, PAT_DIFFICULTY_EASY);
      g_assert_true (pat_session_get_searching (session));
      SPIN_UNTIL (!pat_session_get_searching (session));
      g_assert_false (pat_session_get_searching (session));
      g_assert_true (game_of (fixture) != game);
      score = pat_difficulty_score (rules, pat_game_get_state (game_of (fixture)), NULL);
      g_assert_cmpint (pat_difficulty_of_score (rules, score), ==, PAT_DIFFICULTY_EASY);
    }
}

/* Closing keeps the game (no loss) and a new session on the same store resumes it, and the match
 * when one was being played. */
static void
test_resume (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(PatMatch) match = pat_match_new (two, NULL);
  g_autofree char *last = NULL;
  g_autofree char *deal = NULL;
  g_autofree char *resumed_deal = NULL;
  PatState before;
  PatGame *game;
  guint i, moves;

  start_deal (fixture, "demon", 7);
  game = game_of (fixture);
  for (i = 0; i < 3; i++)
    play_move (game);
  moves = pat_game_get_moves (game);
  before = *pat_game_get_state (game);
  deal = pat_game_dup_deal_number (game);
  pat_session_close (fixture->session);
  g_clear_object (&fixture->session);
  g_assert_cmpuint (record_of (fixture, "demon").played, ==, 0);

  last = pat_store_dup_last_game_id (fixture->store);
  g_assert_cmpstr (last, ==, "demon");
  g_assert_false (pat_store_get_resume_match (fixture->store));

  fixture->session = session_new (fixture);
  pat_session_resume (fixture->session);
  game = game_of (fixture);
  g_assert_cmpstr (pat_game_get_game_id (game), ==, "demon");
  g_assert_cmpuint (pat_game_get_moves (game), ==, moves);
  g_assert_true (pat_state_equal (pat_game_get_state (game), &before));
  resumed_deal = pat_game_dup_deal_number (game);
  g_assert_cmpstr (resumed_deal, ==, deal);
  g_assert_true (pat_game_get_can_undo (game));
  g_assert_false (pat_session_get_game_in_match (fixture->session));
  g_assert_cmpuint (record_of (fixture, "demon").played, ==, 0);

  /* A match left unfinished at close resumes, at the same turn with its game as it was. */
  pat_match_set_seed (match, 1);
  pat_session_play_match (fixture->session, match);
  g_assert_true (pat_session_get_game_in_match (fixture->session));
  game = game_of (fixture);
  play_move (game);
  moves = pat_game_get_moves (game);
  before = *pat_game_get_state (game);
  pat_session_close (fixture->session);
  g_clear_object (&fixture->session);
  g_assert_true (pat_store_has_match (fixture->store));
  g_assert_true (pat_store_get_resume_match (fixture->store));

  fixture->session = session_new (fixture);
  fixture->watch.match_started = 0;
  pat_session_resume (fixture->session);
  g_assert_cmpuint (fixture->watch.match_started, ==, 1);
  g_assert_true (fixture->watch.turn_begun);
  g_assert_nonnull (pat_session_get_match (fixture->session));
  g_assert_true (pat_session_get_match (fixture->session) != match);
  g_assert_true (pat_session_get_game_in_match (fixture->session));
  g_assert_cmpuint (pat_match_get_current_player (pat_session_get_match (fixture->session)), ==, 0);
  game = game_of (fixture);
  g_assert_true (game == pat_match_get_game (pat_session_get_match (fixture->session)));
  g_assert_cmpuint (pat_game_get_moves (game), ==, moves);
  g_assert_true (pat_state_equal (pat_game_get_state (game), &before));
  g_assert_cmpuint (record_of (fixture, "demon").played, ==, 0);
}

/* A save file that is not a game: a new deal, the file moved aside and said once. */
static void
test_broken_save (Fixture       *fixture,
                  gconstpointer  data)
{
  static const char garbage[] = "this is not a saved game";
  g_autofree char *path = pat_store_dup_game_path (fixture->store, "penguin");
  g_autofree char *contents = NULL;
  g_autofree char *base = NULL;
  gsize length;
  PatGame *game;

  g_assert_true (g_file_set_contents (path, garbage, -1, NULL));
  pat_session_open_game (fixture->session, "penguin");
  game = game_of (fixture);
  g_assert_cmpstr (pat_game_get_game_id (game), ==, "penguin");
  g_assert_cmpint (pat_game_get_status (game), ==, PAT_STATUS_PLAYING);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);

  g_assert_cmpuint (fixture->watch.load_failed, ==, 1);
  g_assert_cmpstr (fixture->watch.load_failed_id, ==, "penguin");
  g_assert_nonnull (fixture->watch.moved_to);
  base = g_path_get_basename (fixture->watch.moved_to);
  g_assert_true (g_str_has_prefix (base, "penguin.gvariant.broken-"));
  /* Kept aside, byte for byte. */
  g_assert_true (g_file_get_contents (fixture->watch.moved_to, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, garbage, strlen (garbage));

  /* The new deal took its place, and nothing more is said. */
  pat_store_flush (fixture->store);
  g_assert_true (pat_store_has_game (fixture->store, "penguin"));
  play_move (game);
  pat_store_flush (fixture->store);
  g_assert_cmpuint (fixture->watch.load_failed, ==, 1);
  g_assert_cmpuint (record_of (fixture, "penguin").played, ==, 0);
}

/* A save that cannot be written is said, and the game goes on. */
static void
test_save_failure (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *path = pat_store_dup_game_path (fixture->store, "perpetual-motion");
  PatGame *game;
  guint moves, saved;

  start_deal (fixture, "perpetual-motion", 9);
  game = game_of (fixture);
  pat_store_flush (fixture->store);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  /* A directory where the file goes: rename() fails, for root too. */
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  play_move (game);
  SPIN_UNTIL (fixture->watch.save_failed > 0);
  g_assert_cmpuint (fixture->watch.save_failed, >, 0);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));

  /* Still playable. */
  g_assert_cmpint (pat_game_get_status (game), ==, PAT_STATUS_PLAYING);
  moves = pat_game_get_moves (game);
  play_move (game);
  g_assert_cmpuint (pat_game_get_moves (game), ==, moves + 1);
  g_assert_true (pat_session_undo (fixture->session));
  g_assert_true (pat_session_redo (fixture->session));
  g_assert_true (game_of (fixture) == game);

  /* Once the way is clear the next move is saved. */
  pat_store_flush (fixture->store);
  g_assert_cmpint (g_rmdir (path), ==, 0);
  saved = fixture->watch.saved;
  play_move (game);
  SPIN_UNTIL (fixture->watch.saved > saved);
  g_assert_cmpuint (fixture->watch.saved, >, saved);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
}

/* Finds a Black Hole deal the analyser calls winnable, and deals it. */
static void
deal_winnable (Fixture *fixture)
{
  guint64 number;

  pat_analyzer_set_watched (pat_session_get_analyzer (fixture->session), TRUE);
  for (number = 1; number < 50; number++)
    {
      start_deal (fixture, "black-hole", number);
      if (wait_for_verdict (fixture) == PAT_VERDICT_WINNABLE)
        return;
    }
  g_assert_not_reached ();
}

/* The Demo plays the winning line: its moves make the game assisted; stopped, or ended by a move
 * of the player's, it says so; a game it finishes is assisted, not won. */
static void
test_assisted (Fixture       *fixture,
               gconstpointer  data)
{
  PatSession *session = fixture->session;
  Watch *watch = &fixture->watch;
  PatRecord record;
  PatGame *game;
  PatMove next;
  guint moves;

  /* No winning line known: no Demo. */
  start_deal (fixture, "perpetual-motion", 9);
  g_assert_false (pat_session_start_demo (session));
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_NONE);

  deal_winnable (fixture);
  game = game_of (fixture);
  pat_session_set_demo_interval (session, 1);
  g_assert_cmpuint (pat_session_get_demo_interval (session), ==, 1);
  g_assert_true (pat_session_start_demo (session));
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_DEMO);
  g_assert_false (pat_game_get_assisted (game));
  /* The line makes the safe moves up itself: the game's own wait meanwhile. */
  g_assert_true (pat_game_get_auto_foundation_paused (game));
  SPIN_UNTIL (pat_game_get_moves (game) > 0);
  g_assert_cmpuint (pat_game_get_moves (game), >, 0);
  g_assert_true (pat_game_get_assisted (game));
  g_assert_cmpuint (watch->ticks_finished, >=, 1);

  /* Stopped. */
  pat_session_stop_playing (session);
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_NONE);
  g_assert_cmpuint (watch->stopped, ==, 1);
  g_assert_cmpint (watch->stopped_driver, ==, PAT_DRIVER_DEMO);
  g_assert_true (watch->stopped_by_action);
  g_assert_false (pat_game_get_auto_foundation_paused (game));
  moves = pat_game_get_moves (game);
  pat_session_stop_playing (session);
  g_assert_cmpuint (watch->stopped, ==, 1);

  /* Ended by the player's move, by itself. */
  g_assert_cmpint (wait_for_verdict (fixture), ==, PAT_VERDICT_WINNABLE);
  g_assert_cmpuint (pat_game_get_moves (game), ==, moves);
  g_assert_true (pat_session_start_demo (session));
  g_assert_true (pat_analyzer_get_next_move (pat_session_get_analyzer (session), &next));
  g_assert_true (pat_game_apply (game, &next, NULL));
  SPIN_UNTIL (pat_session_get_driver (session) == PAT_DRIVER_NONE);
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_NONE);
  g_assert_cmpuint (watch->stopped, ==, 2);
  g_assert_false (watch->stopped_by_action);
  g_assert_false (pat_game_get_auto_foundation_paused (game));
  /* The demo played nothing after the player's move. */
  g_assert_cmpuint (pat_game_get_moves (game), ==, moves + 1);

  /* Played to the win: assisted, neither won nor lost, recorded before game-finished. */
  g_assert_cmpint (wait_for_verdict (fixture), ==, PAT_VERDICT_WINNABLE);
  g_assert_true (pat_session_start_demo (session));
  SPIN_UNTIL (pat_game_get_status (game) != PAT_STATUS_PLAYING);
  g_assert_cmpint (pat_game_get_status (game), ==, PAT_STATUS_WON);
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_NONE);
  g_assert_cmpuint (watch->stopped, ==, 3);
  g_assert_cmpint (watch->stopped_driver, ==, PAT_DRIVER_DEMO);
  /* A line played out to the win ends by itself: nobody stopped it. */
  g_assert_false (watch->stopped_by_action);
  g_assert_cmpuint (watch->finished, ==, 1);
  g_assert_cmpint (watch->finished_status, ==, PAT_STATUS_WON);
  g_assert_true (watch->finished_recorded);
  g_assert_cmpuint (watch->finished_record.assisted, ==, 1);
  record = record_of (fixture, "black-hole");
  g_assert_cmpuint (record.played, ==, 1);
  g_assert_cmpuint (record.assisted, ==, 1);
  g_assert_cmpuint (record.won, ==, 0);
  g_assert_cmpuint (record.lost, ==, 0);
  g_assert_false (pat_session_start_demo (session));
}

/* Play to the End deals a game that plays itself to its end at the play speed, records it, and
 * says so after the record. */
static void
test_play_to_end (Fixture       *fixture,
                  gconstpointer  data)
{
  PatSession *session = fixture->session;
  Watch *watch = &fixture->watch;
  PatRecord record;
  PatStatus status;
  PatGame *game;
  guint moves, ticks, i;

  /* Only a game that plays itself. */
  start_deal (fixture, "black-hole", 2);
  g_assert_false (pat_session_play_to_end (session));
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_NONE);

  pat_session_set_play_speed (session, PAT_PLAY_SPEED_FASTEST);
  g_assert_cmpfloat (pat_session_get_play_speed (session), ==, PAT_PLAY_SPEED_FASTEST);
  start_deal (fixture, "perpetual-motion", PLAYED_PM_DEAL);
  game = game_of (fixture);
  g_assert_true (pat_rules_plays_itself (pat_game_get_rules (game)));
  g_assert_true (pat_session_play_to_end (session));
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_PLAY_TO_END);

  /* Too fast to animate. */
  SPIN_UNTIL (watch->ticks_finished > 0);
  g_assert_cmpuint (watch->ticks_finished, >, 0);
  g_assert_cmpuint (watch->ticks_started, >=, watch->ticks_finished);
  g_assert_cmpuint (watch->ticks_animated, ==, 0);
  g_assert_cmpuint (pat_game_get_moves (game), >, 0);
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_PLAY_TO_END);

  /* A new speed while it plays: it plays on, at that speed (slow enough to animate). */
  pat_session_set_play_speed (session, 4.0);
  g_assert_cmpfloat (pat_session_get_play_speed (session), ==, 4.0);
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_PLAY_TO_END);
  moves = pat_game_get_moves (game);
  SPIN_UNTIL (watch->ticks_animated > 0);
  g_assert_cmpuint (watch->ticks_animated, ==, 1);
  g_assert_cmpuint (pat_game_get_moves (game), ==, moves + 1);
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_PLAY_TO_END);
  g_assert_cmpuint (watch->finished, ==, 0);

  /* Played to its end. */
  pat_session_set_play_speed (session, PAT_PLAY_SPEED_FASTEST);
  SPIN_UNTIL (pat_game_get_status (game) != PAT_STATUS_PLAYING);
  status = pat_game_get_status (game);
  g_assert_cmpint (status, !=, PAT_STATUS_PLAYING);
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_NONE);
  g_assert_cmpuint (watch->stopped, ==, 1);
  g_assert_cmpint (watch->stopped_driver, ==, PAT_DRIVER_PLAY_TO_END);
  g_assert_false (watch->stopped_by_action);
  g_assert_cmpuint (watch->finished, ==, 1);
  g_assert_cmpint (watch->finished_status, ==, status);
  /* The result was in the statistics when game-finished came. */
  g_assert_true (watch->finished_recorded);
  g_assert_cmpuint (watch->finished_record.played, ==, 1);
  record = record_of (fixture, "perpetual-motion");
  g_assert_cmpuint (record.played, ==, 1);
  g_assert_cmpuint (record.won, ==, status == PAT_STATUS_WON ? 1 : 0);
  g_assert_cmpuint (record.lost, ==, status == PAT_STATUS_WON ? 0 : 1);
  g_assert_cmpuint (record.assisted, ==, 0);

  /* No timer left: nothing more happens. */
  ticks = watch->ticks_finished;
  for (i = 0; i < 100 && g_main_context_iteration (NULL, FALSE); i++)
    ;
  g_assert_cmpuint (watch->ticks_finished, ==, ticks);
  g_assert_false (pat_session_play_to_end (session));
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_NONE);

  /* The game was saved when the play ended. */
  pat_store_flush (fixture->store);
  {
    g_autoptr(PatGame) saved = pat_store_load_game (fixture->store, "perpetual-motion", NULL);

    g_assert_nonnull (saved);
    g_assert_cmpuint (pat_game_get_moves (saved), ==, pat_game_get_moves (game));
    g_assert_true (pat_game_get_recorded (saved));
  }
}

/* The player's own Demon (deal 7) is saved with @moves moves. */
static void
assert_own_demon_saved (Fixture *fixture,
                        guint    moves)
{
  g_autoptr(PatGame) own = pat_store_load_game (fixture->store, pat_rules_match ()->id, NULL);
  g_autofree char *deal = NULL;

  g_assert_nonnull (own);
  deal = pat_game_dup_deal_number (own);
  g_assert_cmpstr (deal, ==, "7");
  g_assert_cmpuint (pat_game_get_moves (own), ==, moves);
}

/* The player's own Demon (deal 7) is in play, with @moves moves. */
static void
assert_own_demon (Fixture *fixture,
                  guint    moves)
{
  PatGame *game = game_of (fixture);
  g_autofree char *deal = pat_game_dup_deal_number (game);

  g_assert_cmpstr (pat_game_get_game_id (game), ==, pat_rules_match ()->id);
  g_assert_cmpstr (deal, ==, "7");
  g_assert_cmpuint (pat_game_get_moves (game), ==, moves);
  g_assert_false (pat_session_get_game_in_match (fixture->session));
}

/* A Demon match played turn by turn: its games are the match's, never the player's statistics;
 * leaving keeps it saved, abandoning it goes back to the player's own Demon. */
static void
test_match_turns (Fixture       *fixture,
                  gconstpointer  data)
{
  PatSession *session = fixture->session;
  Watch *watch = &fixture->watch;
  g_autoptr(PatMatch) match = pat_match_new (two, NULL);
  g_autofree char *first_deal = NULL;
  g_autofree char *second_deal = NULL;
  const char *match_id = pat_rules_match ()->id;
  PatMatchPlay *match_play;
  g_autoptr(PatGame) first = NULL;
  PatGame *second;
  guint own_moves;

  /* The player's own Demon, started. */
  start_deal (fixture, match_id, 7);
  play_move (game_of (fixture));
  own_moves = pat_game_get_moves (game_of (fixture));

  pat_match_set_seed (match, ENDING_SEED);
  pat_session_play_match (session, match);
  g_assert_cmpuint (watch->match_started, ==, 1);
  g_assert_true (watch->turn_begun);
  g_assert_true (pat_session_get_match (session) == match);
  match_play = pat_session_get_match_play (session);
  g_assert_nonnull (match_play);
  first = g_object_ref (game_of (fixture));
  g_assert_true (first == pat_match_get_game (match));
  g_assert_true (first == pat_match_play_get_current_game (match_play));
  g_assert_true (pat_session_get_game_in_match (session));
  g_assert_cmpstr (pat_match_play_get_turn_player (match_play), ==, "Ann");
  g_assert_true (pat_store_has_match (fixture->store));
  /* The player's own game was put aside, not abandoned. */
  g_assert_cmpuint (record_of (fixture, match_id).played, ==, 0);
  assert_own_demon_saved (fixture, own_moves);

  /* Ann's game ends by itself: the turn has ended by the time game-finished comes. */
  play_out (first);
  g_assert_cmpuint (watch->finished, ==, 1);
  g_assert_true (watch->finished_turn_over);
  g_assert_cmpuint (watch->turn_ended, ==, 1);
  g_assert_true (pat_match_get_round_score (match, 1, 0, NULL));
  g_assert_cmpuint (record_of (fixture, match_id).played, ==, 0);
  /* Ending a turn that is over does nothing. */
  pat_session_end_turn (session);
  g_assert_cmpuint (watch->turn_ended, ==, 1);

  /* Ben's turn: his own game of the same deal; ended by hand. */
  first_deal = pat_game_dup_deal_number (first);
  pat_session_start_next_turn (session);
  second = game_of (fixture);
  g_assert_true (second != first);
  g_assert_true (second == pat_match_play_get_current_game (match_play));
  g_assert_true (pat_session_get_game_in_match (session));
  g_assert_cmpstr (pat_match_play_get_turn_player (match_play), ==, "Ben");
  g_assert_false (pat_match_play_get_turn_over (match_play));
  second_deal = pat_game_dup_deal_number (second);
  g_assert_cmpstr (first_deal, ==, second_deal);
  play_move (second);
  pat_session_end_turn (session);
  g_assert_cmpuint (watch->turn_ended, ==, 2);
  g_assert_true (pat_match_play_get_turn_over (match_play));
  g_assert_true (pat_match_get_round_score (match, 1, 1, NULL));
  /* A match's game is not restarted, and costs the player nothing. */
  pat_session_restart (session);
  g_assert_true (game_of (fixture) == second);
  g_assert_cmpuint (pat_game_get_moves (second), >, 0);
  g_assert_cmpuint (record_of (fixture, match_id).played, ==, 0);

  /* Abandoned: the file goes, and the player's own Demon comes back as it was. */
  pat_session_start_next_turn (session);
  g_assert_cmpuint (pat_match_get_round (match), ==, 2);
  pat_session_abandon_match (session);
  g_assert_null (pat_session_get_match (session));
  g_assert_null (pat_session_get_match_play (session));
  g_assert_false (pat_store_has_match (fixture->store));
  g_assert_false (pat_session_get_game_in_match (session));
  assert_own_demon (fixture, own_moves);
  g_assert_cmpuint (watch->turn_ended, ==, 2);

  /* Left: the match stays saved, and resumes where it was. */
  g_clear_object (&match);
  match = pat_match_new (two, NULL);
  pat_match_set_seed (match, 1);
  pat_session_play_match (session, match);
  g_assert_cmpuint (watch->match_started, ==, 2);
  assert_own_demon_saved (fixture, own_moves);
  play_move (game_of (fixture));
  pat_session_leave_match (session);
  g_assert_null (pat_session_get_match (session));
  g_assert_null (pat_session_get_match_play (session));
  g_assert_true (pat_store_has_match (fixture->store));
  pat_session_open_game (session, match_id);
  g_assert_false (pat_session_get_game_in_match (session));
  assert_own_demon (fixture, own_moves);
  g_assert_true (pat_session_resume_match (session));
  g_assert_cmpuint (watch->match_started, ==, 3);
  g_assert_true (pat_session_get_game_in_match (session));
  g_assert_cmpuint (pat_game_get_moves (game_of (fixture)), ==, 1);
  g_assert_cmpuint (record_of (fixture, match_id).played, ==, 0);
  g_assert_cmpuint (watch->turn_ended, ==, 2);
}

/* A match left with pat_session_leave_match() leaves its game shown; playing on from there
 * (resuming the match, or closing) must not save that match game as the player's own Demon. */
static void
test_leave_match (Fixture       *fixture,
                  gconstpointer  data)
{
  PatSession *session = fixture->session;
  g_autoptr(PatMatch) match = pat_match_new (two, NULL);
  g_autoptr(PatGame) own = NULL;
  g_autofree char *deal = NULL;
  const char *match_id = pat_rules_match ()->id;

  start_deal (fixture, match_id, 7);
  play_move (game_of (fixture));
  pat_match_set_seed (match, 1);
  pat_session_play_match (session, match);
  pat_session_leave_match (session);
  g_assert_true (pat_session_get_game_in_match (session));
  g_assert_true (pat_store_has_match (fixture->store));
  assert_own_demon_saved (fixture, 1);

  g_assert_true (pat_session_resume_match (session));
  pat_session_close (session);
  own = pat_store_load_game (fixture->store, match_id, NULL);
  g_assert_nonnull (own);
  deal = pat_game_dup_deal_number (own);
  g_assert_cmpstr (deal, ==, "7");
  g_assert_cmpuint (pat_game_get_moves (own), ==, 1);

  /* Closing right after leaving the match: the same. */
  pat_session_leave_match (session);
  pat_session_close (session);
  assert_own_demon_saved (fixture, 1);
}

/* Winnable deals only: the deal is searched in a worker thread; a search can be cancelled. */
static void
test_winnable_deal (Fixture       *fixture,
                    gconstpointer  data)
{
  PatSession *session = fixture->session;
  PatGame *game;

  start_deal (fixture, "black-hole", 2);
  game = game_of (fixture);
  pat_session_set_winnable_only (session, TRUE);
  g_assert_true (pat_session_get_winnable_only (session));

  pat_session_new_deal (session, "black-hole");
  g_assert_true (pat_session_get_searching (session));
  g_assert_cmpuint (fixture->watch.searching_changed, ==, 1);
  g_assert_true (game_of (fixture) == game);
  SPIN_UNTIL (!pat_session_get_searching (session));
  g_assert_false (pat_session_get_searching (session));
  g_assert_cmpuint (fixture->watch.searching_changed, ==, 2);
  g_assert_true (game_of (fixture) != game);
  game = game_of (fixture);
  g_assert_cmpstr (pat_game_get_game_id (game), ==, "black-hole");
  g_assert_cmpint (pat_game_get_status (game), ==, PAT_STATUS_PLAYING);

  /* Cancelled: the game stays, even once the worker has answered. */
  pat_session_new_deal (session, "black-hole");
  g_assert_true (pat_session_get_searching (session));
  pat_session_cancel_search (session);
  g_assert_false (pat_session_get_searching (session));
  g_assert_cmpuint (fixture->watch.searching_changed, ==, 4);
  /* The search holds the session until its answer has come. */
  SPIN_UNTIL (G_OBJECT (session)->ref_count == 1);
  g_assert_cmpuint (G_OBJECT (session)->ref_count, ==, 1);
  g_assert_true (game_of (fixture) == game);
  g_assert_false (pat_session_get_searching (session));

  /* A game without a solver (if any) is dealt at once. */
  {
    const PatRules *const *all;
    guint n, i;

    all = pat_rules_all (&n);
    for (i = 0; i < n; i++)
      if (!pat_rules_plays_itself (all[i]) && !pat_solver_supports (all[i]))
        {
          pat_session_new_deal (session, all[i]->id);
          g_assert_false (pat_session_get_searching (session));
          g_assert_cmpstr (pat_game_get_game_id (game_of (fixture)), ==, all[i]->id);
        }
  }

  /* Without winnable deals only, no search either. */
  pat_session_set_winnable_only (session, FALSE);
  game = game_of (fixture);
  pat_session_new_deal (session, "black-hole");
  g_assert_false (pat_session_get_searching (session));
  g_assert_true (game_of (fixture) != game);
}

/* A hint is a legal move and is counted, once per question; none is given, nor counted, once the
 * game is over. The analyser, asked, answers after its first look. */
static void
test_hint (Fixture       *fixture,
           gconstpointer  data)
{
  PatSession *session = fixture->session;
  Watch *watch = &fixture->watch;
  PatMove move;
  PatGame *game;

  start_deal (fixture, "black-hole", 2);
  game = game_of (fixture);
  g_assert_cmpint (pat_session_hint (session, &move), ==, PAT_HINT_ASKED);
  g_assert_cmpint (pat_session_get_question (session), ==, PAT_QUESTION_HINT);
  g_assert_cmpuint (pat_game_get_hints_used (game), ==, 1);
  /* Asked again while the analyser looks: the same question. */
  g_assert_cmpint (pat_session_hint (session, &move), ==, PAT_HINT_ASKED);
  g_assert_cmpuint (pat_game_get_hints_used (game), ==, 1);
  SPIN_UNTIL (watch->answered > 0);
  g_assert_cmpuint (watch->answered, ==, 1);
  g_assert_cmpint (watch->answered_question, ==, PAT_QUESTION_HINT);
  g_assert_true (watch->answered_move);
  g_assert_true (pat_game_check_move (game, &watch->answer, NULL));
  /* What the analyser found stays for the next hint. */
  g_assert_cmpint (pat_session_hint (session, &move), ==, PAT_HINT_FOUND);
  g_assert_true (pat_game_check_move (game, &move, NULL));
  g_assert_cmpuint (pat_game_get_hints_used (game), ==, 2);

  start_deal (fixture, "perpetual-motion", SHORT_PM_DEAL);
  game = game_of (fixture);
  play_out (game);
  g_assert_cmpint (pat_session_hint (session, &move), ==, PAT_HINT_NONE);
  g_assert_cmpuint (pat_game_get_hints_used (game), ==, 0);
}

/* With the verdict hidden the analyser searches only for a question: moves start none; a hint
 * starts one, which stops when the question is cancelled or answered; the Demo waits for its
 * line. Demon deal 7492 is hard: its first look runs out of time. */
static void
test_on_demand (Fixture       *fixture,
                gconstpointer  data)
{
  PatSession *session = fixture->session;
  PatAnalyzer *analyzer = pat_session_get_analyzer (session);
  Watch *watch = &fixture->watch;
  PatMove stock = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  PatMove move;
  PatGame *game;
  guint searches;

  pat_analyzer_set_power_saver (analyzer, FALSE);
  pat_analyzer_set_budgets (60, 60);
  start_deal (fixture, "demon", 7492);
  game = game_of (fixture);
  g_assert_true (pat_game_apply (game, &stock, NULL));
  g_assert_true (pat_game_apply (game, &stock, NULL));
  spin_for (50);
  g_assert_false (pat_analyzer_get_searching (analyzer));
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, NULL, NULL), ==, 0);

  /* A hint asked, then cancelled: its search stops. */
  g_assert_cmpint (pat_session_hint (session, &move), ==, PAT_HINT_ASKED);
  g_assert_true (pat_analyzer_get_searching (analyzer));
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, NULL, NULL), ==, 1);
  pat_session_cancel_question (session);
  g_assert_cmpint (pat_session_get_question (session), ==, PAT_QUESTION_NONE);
  g_assert_false (pat_analyzer_get_searching (analyzer));

  /* A hint asked, then the player moves: the question is over. */
  g_assert_cmpint (pat_session_hint (session, &move), ==, PAT_HINT_ASKED);
  g_assert_true (pat_game_apply (game, &stock, NULL));
  g_assert_cmpint (pat_session_get_question (session), ==, PAT_QUESTION_NONE);
  g_assert_false (pat_analyzer_get_searching (analyzer));
  g_assert_cmpuint (watch->answered, ==, 0);

  /* A hint answered after the first look (too short to decide): the greedy move, and no second
   * look. */
  pat_analyzer_set_budgets (0.001, 60);
  g_assert_cmpint (pat_session_hint (session, &move), ==, PAT_HINT_ASKED);
  SPIN_UNTIL (watch->answered > 0);
  g_assert_cmpuint (watch->answered, ==, 1);
  g_assert_true (watch->answered_move);
  g_assert_true (pat_game_check_move (game, &watch->answer, NULL));
  g_assert_false (pat_analyzer_get_searching (analyzer));
  searches = pat_analyzer_get_searches_started (analyzer, NULL, NULL);
  g_assert_cmpuint (searches, ==, 3);

  /* The Demo asked: the second look runs, until it is cancelled. */
  g_assert_true (pat_session_start_demo (session));
  g_assert_cmpint (pat_session_get_question (session), ==, PAT_QUESTION_DEMO);
  g_assert_true (pat_analyzer_get_searching (analyzer));
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, NULL, NULL), ==, searches + 1);
  pat_session_cancel_question (session);
  g_assert_false (pat_analyzer_get_searching (analyzer));
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_NONE);
  pat_analyzer_set_budgets (0, 0);
}

/* The Demo asked about a position the analyser has not looked at starts when it finds the line. */
static void
test_demo_asked (Fixture       *fixture,
                 gconstpointer  data)
{
  PatSession *session = fixture->session;
  PatAnalyzer *analyzer = pat_session_get_analyzer (session);
  Watch *watch = &fixture->watch;
  g_autofree char *number = NULL;
  PatDealNumber deal;
  guint searches;

  deal_winnable (fixture);
  number = pat_game_dup_deal_number (game_of (fixture));
  g_assert_true (pat_deal_number_parse (number, &deal, NULL));
  pat_analyzer_set_watched (analyzer, FALSE);
  pat_session_start_deal (session, "black-hole", &deal);
  g_assert_cmpint (verdict (fixture), ==, PAT_VERDICT_IDLE);
  pat_session_set_demo_interval (session, 1);
  g_assert_true (pat_session_start_demo (session));
  g_assert_cmpint (pat_session_get_question (session), ==, PAT_QUESTION_DEMO);
  SPIN_UNTIL (pat_session_get_driver (session) == PAT_DRIVER_DEMO);
  g_assert_cmpint (pat_session_get_driver (session), ==, PAT_DRIVER_DEMO);
  g_assert_cmpuint (watch->answered, ==, 1);
  g_assert_cmpint (watch->answered_question, ==, PAT_QUESTION_DEMO);
  g_assert_true (watch->answered_move);
  g_assert_cmpint (pat_session_get_question (session), ==, PAT_QUESTION_NONE);
  searches = pat_analyzer_get_searches_started (analyzer, NULL, NULL);
  /* The Demo's moves follow the line: no search after them. */
  SPIN_UNTIL (pat_game_get_moves (game_of (fixture)) > 2);
  g_assert_cmpuint (pat_game_get_moves (game_of (fixture)), >, 2);
  g_assert_cmpuint (pat_analyzer_get_searches_started (analyzer, NULL, NULL), ==, searches);
  g_assert_false (pat_analyzer_get_searching (analyzer));
  pat_session_stop_playing (session);
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* A network round (shared): the player's own Demon is put aside saved and comes back; the
 * round is neither recorded nor saved; no hint, Demo, undo, restart or verdict for it; any new
 * deal leaves shared mode. */
static void
test_shared (Fixture       *fixture,
             gconstpointer  data)
{
  PatSession *session = fixture->session;
  const char *match_id = pat_rules_match ()->id;
  PatDealNumber deal = pat_deal_number_from_uint (11);
  PatOptions options = { PAT_DIE_OFF };
  g_autoptr(PatGame) round = pat_game_new (match_id, &deal, &options);
  PatRecord before, after;
  PatMove move;
  guint notified = 0;

  start_deal (fixture, match_id, 7);
  play_move (game_of (fixture));
  before = record_of (fixture, match_id);
  g_signal_connect_swapped (session, "notify::shared", G_CALLBACK (count_cb), &notified);

  pat_game_set_replayed (round);
  pat_session_play_shared (session, round);
  g_assert_true (pat_session_get_shared (session));
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (game_of (fixture) == round);
  assert_own_demon_saved (fixture, 1);
  g_assert_null (pat_analyzer_get_game (pat_session_get_analyzer (session)));

  play_move (round);
  g_assert_false (pat_session_undo (session));
  g_assert_cmpint (pat_session_hint (session, &move), ==, PAT_HINT_NONE);
  g_assert_cmpuint (pat_game_get_hints_used (round), ==, 0);
  g_assert_false (pat_session_start_demo (session));
  pat_session_restart (session);
  g_assert_cmpuint (pat_game_get_moves (round), ==, 1);

  /* The round's end is the host's business. */
  play_out (round);
  g_assert_cmpuint (fixture->watch.finished, ==, 1);
  after = record_of (fixture, match_id);
  g_assert_cmpmem (&before, sizeof before, &after, sizeof after);
  assert_own_demon_saved (fixture, 1);

  pat_session_leave_shared (session);
  g_assert_false (pat_session_get_shared (session));
  g_assert_cmpuint (notified, ==, 2);
  g_assert_cmpuint (pat_game_get_moves (game_of (fixture)), ==, 1);
  g_assert_true (pat_analyzer_get_game (pat_session_get_analyzer (session)) == game_of (fixture));

  /* A new deal leaves shared mode too, and the round is not counted as abandoned. */
  pat_session_play_shared (session, round);
  start_deal (fixture, match_id, 8);
  g_assert_false (pat_session_get_shared (session));
  after = record_of (fixture, match_id);
  g_assert_cmpuint (after.played, ==, before.played + 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/session/abandon", test_abandon);
  ADD ("/session/undo-leave", test_undo_leave);
  ADD ("/session/search-follows-level", test_search_follows_level);
  ADD ("/session/resume", test_resume);
  ADD ("/session/broken-save", test_broken_save);
  ADD ("/session/save-failure", test_save_failure);
  ADD ("/session/assisted", test_assisted);
  ADD ("/session/play-to-end", test_play_to_end);
  ADD ("/session/match-turns", test_match_turns);
  ADD ("/session/leave-match", test_leave_match);
  ADD ("/session/winnable-deal", test_winnable_deal);
  ADD ("/session/hint", test_hint);
  ADD ("/session/on-demand", test_on_demand);
  ADD ("/session/demo-asked", test_demo_asked);
  ADD ("/session/shared", test_shared);
#undef ADD

  return g_test_run ();
}
