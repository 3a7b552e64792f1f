/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of PatStats: records, streaks, history cap, the loss rules, games the Demo played in,
 * hints, the typed counters and the history file, moving older stored data, reset and CSV export,
 * on the memory GSettings backend and a store in a temporary folder. */

#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "pat-model-private.h"
#include "pat-stats.h"

typedef struct {
  GSettingsBackend *backend;
  GSettings        *settings;
  char             *dir;
  PatStore         *store;
  PatStats         *stats;
  GPtrArray        *changed;   /* the game ids "changed" carried; "(null)" for NULL */
} Fixture;

static void
changed_cb (PatStats   *stats,
            const char *game_id,
            Fixture    *fixture)
{
  g_ptr_array_add (fixture->changed, g_strdup (game_id != NULL ? game_id : "(null)"));
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->backend = g_memory_settings_backend_new ();
  fixture->settings = g_settings_new_with_backend (APP_ID, fixture->backend);
  fixture->dir = g_dir_make_tmp ("patience-stats-XXXXXX", NULL);
  g_assert_nonnull (fixture->dir);
  fixture->store = pat_store_new (fixture->dir);
  fixture->stats = pat_stats_new (fixture->settings, fixture->store);
  fixture->changed = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (fixture->stats, "changed", G_CALLBACK (changed_cb), fixture);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_clear_object (&fixture->stats);
  if (fixture->store != NULL)
    pat_store_flush (fixture->store);
  g_clear_object (&fixture->store);
  g_clear_object (&fixture->settings);
  g_clear_object (&fixture->backend);
  g_clear_pointer (&fixture->changed, g_ptr_array_unref);
  dir = g_dir_open (fixture->dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);

      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (fixture->dir), ==, 0);
  g_clear_pointer (&fixture->dir, g_free);
}

/* @game_id's counters, as dconf-editor shows them. */
static GSettings *
counters (Fixture    *fixture,
          const char *game_id)
{
  g_autofree char *app_path = NULL;
  g_autofree char *path = NULL;

  g_object_get (fixture->settings, "path", &app_path, NULL);
  path = g_strconcat (app_path, "stats/", game_id, "/", NULL);
  return g_settings_new_with_backend_and_path (APP_ID ".Stats", fixture->backend, path);
}

/* Statistics opened again from what is stored, as at the next start. */
static PatStats *
reopen (Fixture *fixture)
{
  pat_store_flush (fixture->store);
  return pat_stats_new (fixture->settings, fixture->store);
}

static PatResult
result (gboolean won,
        guint    time,
        guint    moves,
        int      score)
{
  PatResult r;

  memset (&r, 0, sizeof r);
  r.date = 1700000000 + time;
  g_snprintf (r.deal, sizeof r.deal, "%u", 1000 + moves);
  r.won = won;
  r.time = time;
  r.moves = moves;
  r.score = score;
  r.hints_used = won ? 0 : 1;
  return r;
}

static void
record (Fixture    *fixture,
        const char *game_id,
        PatResult   r)
{
  pat_stats_record (fixture->stats, game_id, &r);
}

static void
test_record (Fixture       *fixture,
             gconstpointer  data)
{
  PatRecord r;
  g_autoptr(PatStats) other = NULL;
  g_autoptr(GVariant) raw = NULL;
  g_autoptr(GSettings) game = NULL;
  g_autoptr(GVariant) best_time = NULL;
  g_autoptr(GVariant) best_time_value = NULL;
  g_autoptr(GArray) history = NULL;
  g_autofree char *history_path = NULL;

  g_assert_false (pat_stats_get_record (fixture->stats, "demon", &r));
  g_assert_cmpuint (r.played, ==, 0);

  record (fixture, "demon", result (FALSE, 300, 80, 120));
  g_assert_true (pat_stats_get_record (fixture->stats, "demon", &r));
  g_assert_cmpuint (r.played, ==, 1);
  g_assert_cmpuint (r.won, ==, 0);
  g_assert_cmpuint (r.lost, ==, 1);
  g_assert_cmpint (r.streak, ==, -1);
  /* That game used a hint: it sets no record. */
  g_assert_false (r.has_best_score);
  g_assert_false (r.has_best_time);
  g_assert_cmpint (r.total_score, ==, 120);
  g_assert_cmpuint (r.hints_used, ==, 1);

  record (fixture, "demon", result (TRUE, 400, 150, 352));
  record (fixture, "demon", result (TRUE, 250, 170, 352));
  record (fixture, "demon", result (TRUE, 500, 120, 352));
  record (fixture, "demon", result (FALSE, 100, 20, -5));
  g_assert_true (pat_stats_get_record (fixture->stats, "demon", &r));
  g_assert_cmpuint (r.played, ==, 5);
  g_assert_cmpuint (r.won, ==, 3);
  g_assert_cmpuint (r.lost, ==, 2);
  g_assert_cmpint (r.streak, ==, -1);
  g_assert_cmpuint (r.best_win_streak, ==, 3);
  g_assert_cmpuint (r.worst_loss_streak, ==, 1);
  /* Shortest time and fewest moves count wins only (the 100 s, 20-move loss does not). */
  g_assert_true (r.has_best_time);
  g_assert_cmpuint (r.best_time, ==, 250);
  g_assert_cmpuint (r.fewest_moves, ==, 120);
  g_assert_true (r.has_best_score);
  g_assert_cmpint (r.best_score, ==, 352);
  g_assert_cmpint (r.total_score, ==, 120 + 3 * 352 - 5);
  g_assert_cmpuint (r.hints_used, ==, 2);

  /* Written at once, in typed keys of the game's own path, for anyone reading the settings;
   * nothing in the old key. */
  game = counters (fixture, "demon");
  g_assert_cmpuint (g_settings_get_uint (game, "played"), ==, 5);
  g_assert_cmpuint (g_settings_get_uint (game, "won"), ==, 3);
  g_assert_cmpint (g_settings_get_int (game, "streak"), ==, -1);
  best_time = g_settings_get_value (game, "best-time");
  g_assert_cmpstr (g_variant_get_type_string (best_time), ==, "mu");
  best_time_value = g_variant_get_maybe (best_time);
  g_assert_nonnull (best_time_value);
  g_assert_cmpuint (g_variant_get_uint32 (best_time_value), ==, 250);
  g_assert_cmpint (g_settings_get_int64 (game, "total-score"), ==, 120 + 3 * 352 - 5);
  raw = g_settings_get_user_value (fixture->settings, "statistics");
  g_assert_null (raw);
  /* The history is in the store's file, read again at the next start. */
  other = reopen (fixture);
  history_path = g_build_filename (fixture->dir, "history.gvariant", NULL);
  g_assert_true (g_file_test (history_path, G_FILE_TEST_IS_REGULAR));
  g_assert_true (pat_stats_get_record (other, "demon", &r));
  g_assert_cmpuint (r.played, ==, 5);
  history = pat_stats_get_history (other, "demon");
  g_assert_cmpuint (history->len, ==, 5);
  g_assert_cmpuint (g_array_index (history, PatResult, 2).time, ==, 250);
  g_assert_true (g_array_index (history, PatResult, 2).won);

  g_assert_cmpuint (fixture->changed->len, ==, 5);
  g_assert_cmpstr (g_ptr_array_index (fixture->changed, 4), ==, "demon");
}

static void
test_streaks (Fixture       *fixture,
              gconstpointer  data)
{
  const char *sequence = "WWLLLWWWWLW";
  const int streaks[] = { 1, 2, -1, -2, -3, 1, 2, 3, 4, -1, 1 };
  PatRecord r;
  guint i;

  for (i = 0; sequence[i] != '\0'; i++)
    {
      record (fixture, "penguin", result (sequence[i] == 'W', 60 + i, 100 + i, 0));
      pat_stats_get_record (fixture->stats, "penguin", &r);
      g_assert_cmpint (r.streak, ==, streaks[i]);
    }
  g_assert_cmpuint (r.best_win_streak, ==, 4);
  g_assert_cmpuint (r.worst_loss_streak, ==, 3);
  g_assert_cmpuint (r.won, ==, 7);
  g_assert_cmpuint (r.lost, ==, 4);
  g_assert_cmpuint (r.best_time, ==, 60);
  g_assert_cmpuint (r.fewest_moves, ==, 100);
}

static void
test_history_cap (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GArray) history = NULL;
  PatRecord r;
  guint i;

  for (i = 0; i < PAT_STATS_HISTORY_MAX + 10; i++)
    record (fixture, "black-hole", result (i % 3 == 0, i, i, (int) i));

  history = pat_stats_get_history (fixture->stats, "black-hole");
  g_assert_cmpuint (history->len, ==, PAT_STATS_HISTORY_MAX);
  /* The oldest ten went; the rest are in order. */
  for (i = 0; i < history->len; i++)
    {
      const PatResult *h = &g_array_index (history, PatResult, i);
      PatResult expected = result ((i + 10) % 3 == 0, i + 10, i + 10, (int) (i + 10));

      g_assert_cmpint (h->date, ==, expected.date);
      g_assert_cmpstr (h->deal, ==, expected.deal);
      g_assert_cmpint (h->won, ==, expected.won);
      g_assert_cmpuint (h->time, ==, expected.time);
      g_assert_cmpuint (h->moves, ==, expected.moves);
      g_assert_cmpint (h->score, ==, expected.score);
      g_assert_cmpuint (h->hints_used, ==, expected.hints_used);
    }
  /* The counts are not capped. */
  pat_stats_get_record (fixture->stats, "black-hole", &r);
  g_assert_cmpuint (r.played, ==, PAT_STATS_HISTORY_MAX + 10);
}

static PatGame *
new_game (const char *id,
          guint64     deal)
{
  PatDealNumber number = pat_deal_number_from_uint (deal);

  return pat_game_new (id, &number, NULL);
}

static gboolean
play_one (PatGame *game)
{
  PatMoveList moves;

  pat_game_legal_moves (game, &moves);
  if (moves.n == 0)
    return FALSE;
  g_assert_true (pat_game_apply (game, &moves.moves[0], NULL));
  return TRUE;
}

static guint
played (Fixture    *fixture,
        const char *game_id)
{
  PatRecord r;

  pat_stats_get_record (fixture->stats, game_id, &r);
  return r.played;
}

static void
test_game_finished (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(PatGame) game = new_game ("black-hole", 6);
  g_autoptr(GArray) history = NULL;
  g_autofree char *deal = NULL;
  PatRecord r;

  /* Not over yet: nothing to record. */
  g_assert_true (play_one (game));
  g_assert_false (pat_stats_game_finished (fixture->stats, game));

  while (play_one (game))
    ;
  g_assert_cmpint (pat_game_get_status (game), !=, PAT_STATUS_PLAYING);
  g_assert_true (pat_stats_game_finished (fixture->stats, game));
  g_assert_true (pat_game_get_recorded (game));
  g_assert_false (pat_stats_game_finished (fixture->stats, game));

  /* Undo from the end and end again: still counted once; leaving it is no second count. */
  g_assert_true (pat_game_undo (game));
  g_assert_true (pat_game_redo (game));
  g_assert_false (pat_stats_game_finished (fixture->stats, game));
  g_assert_false (pat_stats_game_abandoned (fixture->stats, game));

  pat_stats_get_record (fixture->stats, "black-hole", &r);
  g_assert_cmpuint (r.played, ==, 1);
  g_assert_cmpuint (r.won + r.lost, ==, 1);
  g_assert_cmpint (r.won, ==, pat_game_get_status (game) == PAT_STATUS_WON);
  history = pat_stats_get_history (fixture->stats, "black-hole");
  g_assert_cmpuint (history->len, ==, 1);
  deal = pat_game_dup_deal_number (game);
  g_assert_cmpstr (g_array_index (history, PatResult, 0).deal, ==, deal);
  g_assert_cmpuint (g_array_index (history, PatResult, 0).moves, ==, pat_game_get_moves (game));
  g_assert_cmpint (g_array_index (history, PatResult, 0).score, ==, pat_game_get_score (game));
  g_assert_cmpint (g_array_index (history, PatResult, 0).date, >, 1600000000);
}

static void
test_abandon_once (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(PatGame) unplayed = new_game ("penguin", 1);
  g_autoptr(PatGame) game = new_game ("penguin", 2);
  PatRecord r;

  /* A deal left without a move is no loss. */
  g_assert_false (pat_stats_game_abandoned (fixture->stats, unplayed));
  g_assert_cmpuint (played (fixture, "penguin"), ==, 0);

  g_assert_true (play_one (game));
  g_assert_true (pat_stats_game_abandoned (fixture->stats, game));
  g_assert_false (pat_stats_game_abandoned (fixture->stats, game));
  pat_stats_get_record (fixture->stats, "penguin", &r);
  g_assert_cmpuint (r.played, ==, 1);
  g_assert_cmpuint (r.lost, ==, 1);
  g_assert_cmpint (r.streak, ==, -1);

  /* Playing on after abandoning (it was counted) adds nothing. */
  g_assert_true (play_one (game));
  g_assert_false (pat_stats_game_abandoned (fixture->stats, game));
  g_assert_cmpuint (played (fixture, "penguin"), ==, 1);
}

static void
test_restart_then_new_deal (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(PatGame) game = new_game ("demon", 4);
  g_autoptr(PatGame) other = new_game ("demon", 5);
  PatRecord r;

  g_assert_true (play_one (game));
  pat_stats_restart_game (fixture->stats, game);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
  g_assert_false (pat_game_get_started (game));
  g_assert_cmpuint (played (fixture, "demon"), ==, 1);

  /* The new deal right after the restart cannot count the loss again (nor escape it). */
  g_assert_false (pat_stats_game_abandoned (fixture->stats, game));
  g_assert_cmpuint (played (fixture, "demon"), ==, 1);

  /* The restarted attempt counts once the player moves. */
  g_assert_true (play_one (game));
  g_assert_true (pat_stats_game_abandoned (fixture->stats, game));
  g_assert_cmpuint (played (fixture, "demon"), ==, 2);

  /* The same, done by hand: abandon, then restart. */
  g_assert_true (play_one (other));
  g_assert_true (pat_stats_game_abandoned (fixture->stats, other));
  pat_game_restart (other);
  g_assert_false (pat_stats_game_abandoned (fixture->stats, other));
  pat_stats_get_record (fixture->stats, "demon", &r);
  g_assert_cmpuint (r.played, ==, 3);
  g_assert_cmpuint (r.lost, ==, 3);
  g_assert_cmpint (r.streak, ==, -3);
}

static void
test_quit_not_counted (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(PatGame) game = new_game ("all-in-a-row", 8);
  g_autoptr(PatGame) resumed = NULL;
  g_autoptr(PatGame) resumed_again = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (play_one (game));
  g_assert_true (play_one (game));

  /* Quitting saves the game and records nothing; it resumes as it was. */
  saved = pat_game_save_to_bytes (game);
  g_clear_object (&game);
  g_assert_cmpuint (played (fixture, "all-in-a-row"), ==, 0);
  g_assert_cmpuint (fixture->changed->len, ==, 0);

  resumed = pat_game_new_from_bytes (saved, &error);
  g_assert_no_error (error);
  g_assert_true (pat_game_get_started (resumed));
  g_assert_false (pat_game_get_recorded (resumed));
  g_assert_cmpuint (pat_game_get_moves (resumed), ==, 2);

  /* Leaving it after resuming counts, once, and the flag survives the next quit. */
  g_assert_true (pat_stats_game_abandoned (fixture->stats, resumed));
  g_clear_pointer (&saved, g_bytes_unref);
  saved = pat_game_save_to_bytes (resumed);
  resumed_again = pat_game_new_from_bytes (saved, &error);
  g_assert_no_error (error);
  g_assert_false (pat_stats_game_abandoned (fixture->stats, resumed_again));
  g_assert_cmpuint (played (fixture, "all-in-a-row"), ==, 1);
}

/* Leaving a game whose moves were all undone is one loss, as Restart makes it: undoing does not
 * escape it, and it is not counted twice. */
static void
test_undo_all_then_leave (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(PatGame) game = new_game ("penguin", 3);
  g_autoptr(PatGame) other = new_game ("penguin", 4);
  g_autoptr(PatGame) third = new_game ("penguin", 5);
  g_autoptr(PatGame) resumed = NULL;
  g_autoptr(PatGame) resumed_again = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GError) error = NULL;
  PatRecord r;

  g_assert_true (play_one (game));
  g_assert_true (play_one (game));
  g_assert_true (play_one (game));
  while (pat_game_undo (game))
    ;
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
  g_assert_true (pat_game_get_started (game));

  g_assert_true (pat_stats_game_abandoned (fixture->stats, game));
  g_assert_false (pat_stats_game_abandoned (fixture->stats, game));
  pat_stats_restart_game (fixture->stats, game);
  pat_stats_get_record (fixture->stats, "penguin", &r);
  g_assert_cmpuint (r.played, ==, 1);
  g_assert_cmpuint (r.lost, ==, 1);

  /* Restart after undoing everything counts it too. */
  g_assert_true (play_one (third));
  g_assert_true (pat_game_undo (third));
  pat_stats_restart_game (fixture->stats, third);
  g_assert_cmpuint (played (fixture, "penguin"), ==, 2);

  /* Undo everything, quit, resume, leave: one loss, and the next resume does not count it again. */
  g_assert_true (play_one (other));
  g_assert_true (play_one (other));
  while (pat_game_undo (other))
    ;
  saved = pat_game_save_to_bytes (other);
  resumed = pat_game_new_from_bytes (saved, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pat_game_get_moves (resumed), ==, 0);
  g_assert_true (pat_game_get_started (resumed));
  g_assert_true (pat_stats_game_abandoned (fixture->stats, resumed));
  g_clear_pointer (&saved, g_bytes_unref);
  saved = pat_game_save_to_bytes (resumed);
  resumed_again = pat_game_new_from_bytes (saved, &error);
  g_assert_no_error (error);
  g_assert_false (pat_stats_game_abandoned (fixture->stats, resumed_again));

  pat_stats_get_record (fixture->stats, "penguin", &r);
  g_assert_cmpuint (r.played, ==, 3);
  g_assert_cmpuint (r.lost, ==, 3);
  g_assert_cmpint (r.streak, ==, -3);
}

/* Perpetual Motion deal 1, which has no decisions, played to its win (round 120). The Demo plays
 * the moves numbered @demo_first to @demo_last (from 0; none when @demo_first is G_MAXUINT), the
 * player the others, after asking for @hints hints. */
static PatGame *
won_game (guint demo_first,
          guint demo_last,
          guint hints)
{
  PatGame *game = new_game ("perpetual-motion", 1);
  PatMove deal = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  int stock = pat_rules_find_pile (pat_game_get_rules (game), PAT_PILE_STOCK, 0);
  guint i;

  g_assert_cmpint (stock, >=, 0);
  deal.from = deal.to = (guint8) stock;
  for (i = 0; i < hints; i++)
    pat_game_add_hint_used (game);
  for (i = 0; pat_game_get_status (game) == PAT_STATUS_PLAYING; i++)
    {
      g_assert_cmpuint (i, <, 10000);
      if (i >= demo_first && i <= demo_last)
        g_assert_true (pat_game_apply_assisted (game, &deal, NULL));
      else
        g_assert_true (pat_game_apply (game, &deal, NULL));
    }
  g_assert_cmpint (pat_game_get_status (game), ==, PAT_STATUS_WON);
  g_assert_cmpint (pat_game_get_assisted (game), ==, demo_first != G_MAXUINT);
  return game;
}

static PatResult
assisted_result (guint time,
                 guint moves)
{
  PatResult r = result (FALSE, time, moves, 0);

  r.assisted = TRUE;
  r.hints_used = 0;
  return r;
}

/* A game won by the Demo is assisted: played, neither won nor lost, no record, no streak. */
static void
test_assisted_win (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(PatGame) demo_game = won_game (0, G_MAXUINT, 0);
  g_autoptr(PatGame) finished_by_demo = won_game (40, G_MAXUINT, 0);
  g_autoptr(PatGame) one_demo_move = won_game (7, 7, 0);
  g_autoptr(PatGame) clean = won_game (G_MAXUINT, 0, 0);
  g_autoptr(GArray) history = NULL;
  PatRecord r;

  /* The Demo's win, from the deal. */
  g_assert_true (pat_stats_game_finished (fixture->stats, demo_game));
  g_assert_true (pat_game_get_recorded (demo_game));
  g_assert_false (pat_stats_game_abandoned (fixture->stats, demo_game));
  pat_stats_get_record (fixture->stats, "perpetual-motion", &r);
  g_assert_cmpuint (r.played, ==, 1);
  g_assert_cmpuint (r.won, ==, 0);
  g_assert_cmpuint (r.lost, ==, 0);
  g_assert_cmpuint (r.assisted, ==, 1);
  g_assert_cmpint (r.streak, ==, 0);
  g_assert_cmpuint (r.best_win_streak, ==, 0);
  g_assert_false (r.has_best_time);
  g_assert_false (r.has_best_score);
  g_assert_cmpint (r.total_score, ==, 0);
  history = pat_stats_get_history (fixture->stats, "perpetual-motion");
  g_assert_cmpuint (history->len, ==, 1);
  g_assert_true (g_array_index (history, PatResult, 0).assisted);
  g_assert_false (g_array_index (history, PatResult, 0).won);
  g_assert_cmpuint (g_array_index (history, PatResult, 0).moves, ==,
                    pat_game_get_moves (demo_game));

  /* Two wins of the player's own, slower and longer than the Demo's, make a streak of two; a
   * game the Demo finished ends it without beating the records. */
  record (fixture, "perpetual-motion", result (TRUE, 9999, 99999, 0));
  record (fixture, "perpetual-motion", result (TRUE, 9999, 99999, 0));
  pat_stats_get_record (fixture->stats, "perpetual-motion", &r);
  g_assert_cmpint (r.streak, ==, 2);
  g_assert_true (pat_stats_game_finished (fixture->stats, finished_by_demo));
  pat_stats_get_record (fixture->stats, "perpetual-motion", &r);
  g_assert_cmpuint (r.played, ==, 4);
  g_assert_cmpuint (r.won, ==, 2);
  g_assert_cmpuint (r.assisted, ==, 2);
  g_assert_cmpint (r.streak, ==, 0);
  g_assert_cmpuint (r.best_win_streak, ==, 2);
  g_assert_true (r.has_best_time);
  g_assert_cmpuint (r.best_time, ==, 9999);
  g_assert_cmpuint (r.fewest_moves, ==, 99999);

  /* One Demo move among the player's is enough. */
  record (fixture, "perpetual-motion", result (TRUE, 9999, 99999, 0));
  g_assert_true (pat_stats_game_finished (fixture->stats, one_demo_move));
  pat_stats_get_record (fixture->stats, "perpetual-motion", &r);
  g_assert_cmpuint (r.won, ==, 3);
  g_assert_cmpuint (r.assisted, ==, 3);
  g_assert_cmpint (r.streak, ==, 0);
  g_assert_cmpuint (r.best_win_streak, ==, 2);
  g_assert_cmpuint (r.fewest_moves, ==, 99999);

  /* The same deal played by the player alone is a win that sets the records. */
  g_assert_true (pat_stats_game_finished (fixture->stats, clean));
  pat_stats_get_record (fixture->stats, "perpetual-motion", &r);
  g_assert_cmpuint (r.played, ==, 7);
  g_assert_cmpuint (r.won, ==, 4);
  g_assert_cmpuint (r.lost, ==, 0);
  g_assert_cmpuint (r.assisted, ==, 3);
  g_assert_cmpint (r.streak, ==, 1);
  g_assert_cmpuint (r.best_time, ==, pat_game_get_elapsed (clean));
  g_assert_cmpuint (r.fewest_moves, ==, pat_game_get_moves (clean));
  g_assert_cmpuint (r.fewest_moves, ==, pat_game_get_moves (demo_game));
  g_assert_true (r.has_best_score);
  g_assert_cmpint (r.best_score, ==, pat_game_get_score (clean));
  g_assert_cmpint (r.total_score, ==, pat_game_get_score (clean));
}

/* Leaving a game the Demo played in is assisted too, not a loss; it cannot be used to escape
 * a run of losses, which it leaves as it is. */
static void
test_assisted_abandoned (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(PatGame) game = new_game ("black-hole", 2);
  PatMoveList moves;
  PatRecord r;

  record (fixture, "black-hole", result (FALSE, 10, 10, 3));
  record (fixture, "black-hole", result (FALSE, 10, 10, 3));
  g_assert_true (play_one (game));
  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  g_assert_true (pat_game_apply_assisted (game, &moves.moves[0], NULL));
  g_assert_true (pat_game_undo (game));
  g_assert_true (pat_game_undo (game));

  g_assert_true (pat_stats_game_abandoned (fixture->stats, game));
  g_assert_false (pat_stats_game_abandoned (fixture->stats, game));
  pat_stats_get_record (fixture->stats, "black-hole", &r);
  g_assert_cmpuint (r.played, ==, 3);
  g_assert_cmpuint (r.lost, ==, 2);
  g_assert_cmpuint (r.assisted, ==, 1);
  g_assert_cmpint (r.streak, ==, -2);
  g_assert_cmpint (r.total_score, ==, 6);
}

/* An assisted game ends a run of wins and leaves a run of losses as it is. */
static void
test_assisted_streaks (Fixture       *fixture,
                       gconstpointer  data)
{
  const char *sequence = "WWAWLLALAW";
  const int streaks[] = { 1, 2, 0, 1, -1, -2, -2, -3, -3, 1 };
  PatRecord r;
  guint i;

  for (i = 0; sequence[i] != '\0'; i++)
    {
      if (sequence[i] == 'A')
        record (fixture, "demon", assisted_result (5, 5));
      else
        record (fixture, "demon", result (sequence[i] == 'W', 60 + i, 100 + i, 0));
      pat_stats_get_record (fixture->stats, "demon", &r);
      g_assert_cmpint (r.streak, ==, streaks[i]);
    }
  g_assert_cmpuint (r.played, ==, 10);
  g_assert_cmpuint (r.won, ==, 4);
  g_assert_cmpuint (r.lost, ==, 3);
  g_assert_cmpuint (r.assisted, ==, 3);
  g_assert_cmpuint (r.best_win_streak, ==, 2);
  g_assert_cmpuint (r.worst_loss_streak, ==, 3);
  /* The assisted games' 5 s and 5 moves are no record. */
  g_assert_cmpuint (r.best_time, ==, 60);
  g_assert_cmpuint (r.fewest_moves, ==, 100);
}

/* A game won with hints is a win, in the streak, with its hints in the history, but sets no
 * record; a clean win does. */
static void
test_hints_win (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(PatGame) hinted = won_game (G_MAXUINT, 0, 2);
  g_autoptr(PatGame) clean = won_game (G_MAXUINT, 0, 0);
  g_autoptr(GArray) history = NULL;
  PatResult quick;
  PatRecord r;

  g_assert_true (pat_stats_game_finished (fixture->stats, hinted));
  pat_stats_get_record (fixture->stats, "perpetual-motion", &r);
  g_assert_cmpuint (r.played, ==, 1);
  g_assert_cmpuint (r.won, ==, 1);
  g_assert_cmpuint (r.assisted, ==, 0);
  g_assert_cmpint (r.streak, ==, 1);
  g_assert_cmpuint (r.best_win_streak, ==, 1);
  g_assert_cmpuint (r.hints_used, ==, 2);
  g_assert_false (r.has_best_time);
  g_assert_false (r.has_best_score);
  history = pat_stats_get_history (fixture->stats, "perpetual-motion");
  g_assert_cmpuint (history->len, ==, 1);
  g_assert_true (g_array_index (history, PatResult, 0).won);
  g_assert_false (g_array_index (history, PatResult, 0).assisted);
  g_assert_cmpuint (g_array_index (history, PatResult, 0).hints_used, ==, 2);

  g_assert_true (pat_stats_game_finished (fixture->stats, clean));
  pat_stats_get_record (fixture->stats, "perpetual-motion", &r);
  g_assert_cmpuint (r.won, ==, 2);
  g_assert_cmpint (r.streak, ==, 2);
  g_assert_true (r.has_best_time);
  g_assert_cmpuint (r.best_time, ==, pat_game_get_elapsed (clean));
  g_assert_cmpuint (r.fewest_moves, ==, pat_game_get_moves (clean));
  g_assert_true (r.has_best_score);

  /* A quicker win with one hint beats nothing. */
  quick = result (TRUE, 0, 1, 9999);
  quick.hints_used = 1;
  record (fixture, "perpetual-motion", quick);
  pat_stats_get_record (fixture->stats, "perpetual-motion", &r);
  g_assert_cmpuint (r.won, ==, 3);
  g_assert_cmpint (r.streak, ==, 3);
  g_assert_cmpuint (r.best_time, ==, pat_game_get_elapsed (clean));
  g_assert_cmpuint (r.fewest_moves, ==, pat_game_get_moves (clean));
  g_assert_cmpint (r.best_score, ==, pat_game_get_score (clean));
  g_assert_cmpuint (r.hints_used, ==, 3);

  /* The same against a clean win that took time: the quicker, shorter, higher-scoring win with
   * a hint sets none of the records. */
  record (fixture, "penguin", result (TRUE, 300, 40, 10));
  quick = result (TRUE, 10, 5, 999);
  quick.hints_used = 1;
  record (fixture, "penguin", quick);
  pat_stats_get_record (fixture->stats, "penguin", &r);
  g_assert_cmpuint (r.won, ==, 2);
  g_assert_cmpuint (r.best_time, ==, 300);
  g_assert_cmpuint (r.fewest_moves, ==, 40);
  g_assert_cmpint (r.best_score, ==, 10);
}

/* The key "statistics" as earlier versions wrote it: demon with rows of the first form (no
 * "assisted"), penguin with one assisted row of the second, and an entry that is no game. */
static void
store_old_statistics (Fixture *fixture)
{
  GVariantBuilder history, game, all;

  g_variant_builder_init (&all, G_VARIANT_TYPE ("a{sv}"));

  g_variant_builder_init (&history, G_VARIANT_TYPE ("a(xsbuuiu)"));
  g_variant_builder_add (&history, "(xsbuuiu)", (gint64) 1700000000, "5", TRUE, 200, 90, 352, 0);
  g_variant_builder_add (&history, "(xsbuuiu)", (gint64) 1700000100, "6", FALSE, 50, 20, 96, 1);
  g_variant_builder_add (&history, "(xsbuuiu)", (gint64) 1700000200, "7", TRUE, 300, 95, 352, 0);
  g_variant_builder_init (&game, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&game, "{sv}", "played", g_variant_new_uint32 (3));
  g_variant_builder_add (&game, "{sv}", "won", g_variant_new_uint32 (2));
  g_variant_builder_add (&game, "{sv}", "lost", g_variant_new_uint32 (1));
  g_variant_builder_add (&game, "{sv}", "streak", g_variant_new_int32 (1));
  g_variant_builder_add (&game, "{sv}", "best-win-streak", g_variant_new_uint32 (1));
  g_variant_builder_add (&game, "{sv}", "worst-loss-streak", g_variant_new_uint32 (1));
  g_variant_builder_add (&game, "{sv}", "best-time", g_variant_new_uint32 (200));
  g_variant_builder_add (&game, "{sv}", "fewest-moves", g_variant_new_uint32 (90));
  g_variant_builder_add (&game, "{sv}", "best-score", g_variant_new_int32 (352));
  g_variant_builder_add (&game, "{sv}", "total-score", g_variant_new_int64 (800));
  g_variant_builder_add (&game, "{sv}", "hints-used", g_variant_new_uint32 (1));
  g_variant_builder_add (&game, "{sv}", "history", g_variant_builder_end (&history));
  g_variant_builder_add (&all, "{sv}", "demon", g_variant_builder_end (&game));

  g_variant_builder_init (&history, G_VARIANT_TYPE ("a(xsbuuiub)"));
  g_variant_builder_add (&history, "(xsbuuiub)",
                         (gint64) 1700000300, "", FALSE, 40, 30, 0, 0, TRUE);
  g_variant_builder_init (&game, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&game, "{sv}", "played", g_variant_new_uint32 (1));
  g_variant_builder_add (&game, "{sv}", "assisted", g_variant_new_uint32 (1));
  g_variant_builder_add (&game, "{sv}", "history", g_variant_builder_end (&history));
  g_variant_builder_add (&all, "{sv}", "penguin", g_variant_builder_end (&game));

  g_variant_builder_add (&all, "{sv}", "../elsewhere", g_variant_new_uint32 (7));
  g_assert_true (g_settings_set_value (fixture->settings, "statistics",
                                      g_variant_builder_end (&all)));
}

/* The statistics of store_old_statistics(), with @extra results recorded since. */
static void
assert_old_statistics (PatStats *stats,
                       guint     extra)
{
  g_autoptr(GArray) results = NULL;
  PatRecord r;

  g_assert_true (pat_stats_get_record (stats, "demon", &r));
  g_assert_cmpuint (r.played, ==, 3 + extra);
  g_assert_cmpuint (r.won, ==, 2);
  g_assert_cmpuint (r.lost, ==, 1 + extra);
  g_assert_cmpuint (r.assisted, ==, 0);
  g_assert_true (r.has_best_time);
  g_assert_cmpuint (r.best_time, ==, 200);
  g_assert_cmpuint (r.fewest_moves, ==, 90);
  g_assert_true (r.has_best_score);
  g_assert_cmpint (r.best_score, ==, 352);
  g_assert_cmpint (r.total_score, ==, 800);
  results = pat_stats_get_history (stats, "demon");
  g_assert_cmpuint (results->len, ==, 3 + extra);
  g_assert_cmpstr (g_array_index (results, PatResult, 0).deal, ==, "5");
  g_assert_cmpuint (g_array_index (results, PatResult, 0).time, ==, 200);
  g_assert_cmpstr (g_array_index (results, PatResult, 1).deal, ==, "6");
  g_assert_false (g_array_index (results, PatResult, 1).won);
  g_assert_false (g_array_index (results, PatResult, 1).assisted);
  g_assert_cmpuint (g_array_index (results, PatResult, 1).hints_used, ==, 1);
  g_assert_true (g_array_index (results, PatResult, 2).won);
  g_clear_pointer (&results, g_array_unref);

  g_assert_true (pat_stats_get_record (stats, "penguin", &r));
  g_assert_cmpuint (r.played, ==, 1);
  g_assert_cmpuint (r.assisted, ==, 1);
  results = pat_stats_get_history (stats, "penguin");
  g_assert_cmpuint (results->len, ==, 1);
  g_assert_true (g_array_index (results, PatResult, 0).assisted);
  g_assert_cmpstr (g_array_index (results, PatResult, 0).deal, ==, "");
}

/* Statistics kept by earlier versions in one a{sv} key move, once, to the typed counters and
 * the history file; the key is then reset, and opening again moves nothing twice. */
static void
test_migrate (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(PatStats) stats = NULL;
  g_autoptr(GVariant) raw = NULL;
  g_autoptr(GSettings) demon = NULL;
  g_autofree char *history_path = g_build_filename (fixture->dir, "history.gvariant", NULL);
  PatResult loss = result (FALSE, 60, 30, 0);
  g_auto(GStrv) ids = NULL;

  store_old_statistics (fixture);
  stats = reopen (fixture);
  assert_old_statistics (stats, 0);
  raw = g_settings_get_user_value (fixture->settings, "statistics");
  g_assert_null (raw);
  g_assert_true (g_file_test (history_path, G_FILE_TEST_IS_REGULAR));
  demon = counters (fixture, "demon");
  g_assert_cmpuint (g_settings_get_uint (demon, "played"), ==, 3);
  ids = pat_stats_dup_game_ids (stats);
  g_assert_cmpuint (g_strv_length (ids), ==, 2);

  /* A result recorded after the move, then the next start: nothing moved again. */
  loss.score = 0;
  pat_stats_record (stats, "demon", &loss);
  g_clear_object (&stats);
  stats = reopen (fixture);
  assert_old_statistics (stats, 1);
  g_clear_object (&stats);

  /* Even if the old key came back (another copy of an old version wrote it), rows already in
   * the history are not taken twice. */
  store_old_statistics (fixture);
  stats = reopen (fixture);
  {
    g_autoptr(GArray) results = pat_stats_get_history (stats, "demon");

    g_assert_cmpuint (results->len, ==, 4);
  }
}

/* When the history file cannot be written, the counters move and the rows stay in the old key
 * for the next start, which neither loses them nor counts any game twice. */
static void
test_migrate_unwritable (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *blocker = g_build_filename (fixture->dir, "not-a-folder", NULL);
  g_autofree char *unwritable = g_build_filename (blocker, "patience", NULL);
  g_autoptr(PatStore) broken = NULL;
  g_autoptr(PatStats) stats = NULL;
  g_autoptr(GVariant) raw = NULL;
  g_autoptr(GVariant) demon = NULL;
  g_autoptr(GArray) results = NULL;
  PatRecord r;

  g_assert_true (g_file_set_contents (blocker, "", 0, NULL));
  broken = pat_store_new (unwritable);
  store_old_statistics (fixture);
  stats = pat_stats_new (fixture->settings, broken);
  assert_old_statistics (stats, 0);
  raw = g_settings_get_user_value (fixture->settings, "statistics");
  g_assert_nonnull (raw);
  demon = g_variant_lookup_value (raw, "demon", G_VARIANT_TYPE_VARDICT);
  g_assert_nonnull (demon);
  g_assert_false (g_variant_lookup (demon, "played", "u", NULL));
  g_assert_true (g_variant_lookup (demon, "history", "a(xsbuuiu)", NULL));
  g_clear_object (&stats);

  /* The next start, with a folder that works. */
  stats = reopen (fixture);
  assert_old_statistics (stats, 0);
  g_clear_pointer (&raw, g_variant_unref);
  raw = g_settings_get_user_value (fixture->settings, "statistics");
  g_assert_null (raw);
  g_assert_true (pat_stats_get_record (stats, "demon", &r));
  g_assert_cmpuint (r.played, ==, 3);
  results = pat_stats_get_history (stats, "demon");
  g_assert_cmpuint (results->len, ==, 3);
  g_assert_cmpint (g_remove (blocker), ==, 0);
}

static void
load_failed_cb (PatStore    *store,
                const char  *name,
                const char  *moved_to,
                const char  *message,
                char       **reported_name)
{
  g_free (*reported_name);
  *reported_name = g_strdup (name);
}

/* A damaged history file is moved aside and said; the counters stand, and the next result
 * starts a new history. */
static void
test_history_broken (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *history_path = g_build_filename (fixture->dir, "history.gvariant", NULL);
  g_autofree char *reported_name = NULL;
  g_autoptr(PatStats) stats = NULL;
  g_autoptr(GArray) results = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  gboolean kept = FALSE;
  PatRecord r;

  record (fixture, "penguin", result (TRUE, 10, 60, 0));
  pat_store_flush (fixture->store);
  g_assert_true (g_file_set_contents (history_path, "not a history", -1, NULL));
  g_signal_connect (fixture->store, "load-failed", G_CALLBACK (load_failed_cb), &reported_name);
  stats = reopen (fixture);
  results = pat_stats_get_history (stats, "penguin");
  g_assert_cmpuint (results->len, ==, 0);
  g_assert_cmpstr (reported_name, ==, PAT_STORE_HISTORY_NAME);
  g_assert_true (pat_stats_get_record (stats, "penguin", &r));
  g_assert_cmpuint (r.won, ==, 1);

  dir = g_dir_open (fixture->dir, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "history.gvariant.broken-"))
      {
        g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
        g_autofree char *contents = NULL;

        g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
        g_assert_cmpstr (contents, ==, "not a history");
        kept = TRUE;
      }
  g_assert_true (kept);

  pat_stats_record (stats, "penguin", &(PatResult) { .date = 1700000000, .won = TRUE, .time = 5 });
  g_clear_pointer (&results, g_array_unref);
  g_clear_object (&stats);
  stats = reopen (fixture);
  results = pat_stats_get_history (stats, "penguin");
  g_assert_cmpuint (results->len, ==, 1);
  g_assert_cmpuint (g_array_index (results, PatResult, 0).time, ==, 5);
}

/* @n copies of one row, as an array of the history file's rows. The array is laid out by hand
 * (each row at a multiple of 8 bytes, then the rows' ends as little-endian offsets) because
 * building a million rows one by one would take seconds. */
static GVariant *
repeated_rows (guint       n,
               const char *deal)
{
  g_autoptr(GVariant) row = g_variant_ref_sink (g_variant_new ("(xsbuuiub)", (gint64) 1700000000,
                                                               deal, TRUE, 60, 100, 10, 0,
                                                               FALSE));
  gsize size = g_variant_get_size (row);
  gsize stride = (size + 7) & ~(gsize) 7;
  gsize body = n > 0 ? stride * (n - 1) + size : 0;
  gsize offset_size = 1, total;
  guint8 *data;
  guint k;

  /* The offsets are as wide as the array's whole size needs. */
  while (offset_size < 8 &&
         body + n * offset_size > (G_GUINT64_CONSTANT (1) << (8 * offset_size)) - 1)
    offset_size *= 2;
  total = body + n * offset_size;
  data = g_malloc0 (MAX (total, 1));
  for (k = 0; k < n; k++)
    {
      guint64 end = GUINT64_TO_LE ((guint64) (k * stride + size));

      memcpy (data + k * stride, g_variant_get_data (row), size);
      memcpy (data + body + k * offset_size, &end, offset_size);
    }
  return g_variant_new_from_data (G_VARIANT_TYPE ("a(xsbuuiub)"), data, total, FALSE, g_free, data);
}

/* Writes a history file of @n_games games ("penguin", then "game-1"…), each with @n_rows rows;
 * with @longest, the ids and deal numbers are as long as they can be. */
static void
write_history (Fixture  *fixture,
               guint     n_games,
               guint     n_rows,
               gboolean  longest)
{
  g_autofree char *path = g_build_filename (fixture->dir, "history.gvariant", NULL);
  g_autoptr(GBytes) bytes = NULL;
  GVariantBuilder all;
  guint i;

  g_variant_builder_init (&all, G_VARIANT_TYPE ("a{sa(xsbuuiub)}"));
  for (i = 0; i < n_games; i++)
    {
      g_autofree char *id = NULL;

      if (i == 0)
        id = g_strdup ("penguin");
      else
        id = g_strdup_printf (longest ? "game-%059u" : "game-%u", i);
      g_variant_builder_add (&all, "{s@a(xsbuuiub)}", id,
                             repeated_rows (n_rows, longest ? "18446744073709551615" : "1234"));
    }
  bytes = pat_envelope_pack ("io.github.patience.Patience.History", 1,
                             g_variant_builder_end (&all));
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL),
                                      (gssize) g_bytes_get_size (bytes), NULL));
}

static guint
count_broken_histories (Fixture *fixture)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "history.gvariant.broken-"))
      n++;
  return n;
}

/* Reopens the statistics on a history of @n_games games of @n_rows rows each, and says whether it
 * was refused: moved aside and reported, read as empty, the counters standing. */
static gboolean
history_refused (Fixture  *fixture,
                 guint     n_games,
                 guint     n_rows,
                 gboolean  longest)
{
  g_autofree char *reported_name = NULL;
  g_autoptr(PatStats) stats = NULL;
  g_autoptr(GArray) results = NULL;
  guint broken = count_broken_histories (fixture);
  gulong handler;
  PatRecord r;

  write_history (fixture, n_games, n_rows, longest);
  handler = g_signal_connect (fixture->store, "load-failed", G_CALLBACK (load_failed_cb),
                              &reported_name);
  stats = reopen (fixture);
  results = pat_stats_get_history (stats, "penguin");
  g_signal_handler_disconnect (fixture->store, handler);
  g_assert_true (pat_stats_get_record (stats, "penguin", &r));
  g_assert_cmpuint (r.played, ==, 1);
  if (reported_name == NULL)
    {
      g_assert_cmpuint (results->len, ==, MIN (n_rows, PAT_STATS_HISTORY_MAX));
      g_assert_cmpuint (count_broken_histories (fixture), ==, broken);
      return FALSE;
    }
  g_assert_cmpstr (reported_name, ==, PAT_STORE_HISTORY_NAME);
  g_assert_cmpuint (results->len, ==, 0);
  g_assert_cmpuint (count_broken_histories (fixture), ==, broken + 1);
  return TRUE;
}

/* A history longer than its format holds, by its results or by its games, is not ours: it is
 * refused as a whole before anything is built from its rows (a crafted file of a million rows,
 * 44 MB, used to hold the statistics for seconds). One exactly at the limits loads. */
static void
test_history_too_long (Fixture       *fixture,
                       gconstpointer  data)
{
  guint max_games;

  pat_rules_all (&max_games);
  max_games += PAT_STATS_HISTORY_SPARE_GAMES;
  record (fixture, "penguin", result (TRUE, 10, 60, 0));
  pat_store_flush (fixture->store);

  g_assert_true (history_refused (fixture, 1, 1000000, FALSE));
  g_assert_true (history_refused (fixture, 1, PAT_STATS_HISTORY_MAX + 1, FALSE));
  g_assert_true (history_refused (fixture, max_games + 1, 1, FALSE));
  g_assert_true (history_refused (fixture, 2, PAT_STATS_HISTORY_MAX + 1, TRUE));
  /* The biggest file the format holds. */
  g_assert_false (history_refused (fixture, max_games, PAT_STATS_HISTORY_MAX, TRUE));
  g_assert_false (history_refused (fixture, max_games, PAT_STATS_HISTORY_MAX, FALSE));
}

/* What PatStats said of inconsistent records ("The statistics of ID were not consistent…"),
 * as the ids; the log is structured, so g_test_expect_message() cannot see it. */
static GPtrArray *reported;

static GLogWriterOutput
log_writer (GLogLevelFlags   level,
            const GLogField *fields,
            gsize            n_fields,
            gpointer         user_data)
{
  static const char prefix[] = "The statistics of ";
  gsize i;

  for (i = 0; i < n_fields && (level & G_LOG_LEVEL_MESSAGE) != 0; i++)
    if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0 &&
        g_str_has_prefix (fields[i].value, prefix))
      {
        const char *id = (const char *) fields[i].value + strlen (prefix);
        const char *end = strstr (id, " were not consistent");

        if (end != NULL)
          {
            g_ptr_array_add (reported, g_strndup (id, end - id));
            return G_LOG_WRITER_HANDLED;
          }
      }
  return g_log_writer_default (level, fields, n_fields, user_data);
}

/* The ids reported since the last call, joined by spaces. */
static char *
take_reported (void)
{
  g_autofree char *joined = NULL;

  g_ptr_array_add (reported, NULL);
  joined = g_strjoinv (" ", (char **) reported->pdata);
  g_ptr_array_set_size (reported, 0);
  return g_steal_pointer (&joined);
}

/* A stored record of @game_id, from "name", value pairs ending in NULL, written into its counters
 * in place of what was there; the records (best time, fewest moves, best score) are given as
 * plain numbers. */
static void
store_record (Fixture    *fixture,
              const char *game_id,
              ...)
{
  g_autoptr(GSettings) game = counters (fixture, game_id);
  g_autofree char *history_path = g_build_filename (fixture->dir, "history.gvariant", NULL);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;
  const char *name;
  va_list args;
  guint i;

  /* Counters set by hand are the whole story: no history's stamp says they should be more. */
  pat_store_flush (fixture->store);
  g_unlink (history_path);
  g_object_get (game, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (i = 0; keys[i] != NULL; i++)
    g_settings_reset (game, keys[i]);
  va_start (args, game_id);
  while ((name = va_arg (args, const char *)) != NULL)
    {
      GVariant *value = g_variant_ref_sink (va_arg (args, GVariant *));

      if (g_str_equal (name, "best-time") || g_str_equal (name, "fewest-moves") ||
          g_str_equal (name, "best-score"))
        g_assert_true (g_settings_set_value (game, name, g_variant_new_maybe (NULL, value)));
      else
        g_assert_true (g_settings_set_value (game, name, value));
      g_variant_unref (value);
    }
  va_end (args);
}

/* Stored records that the rules cannot produce are read made consistent, and said once when the
 * statistics are opened; a consistent one is read as it is, silently. */
static void
test_inconsistent (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(PatStats) stats = NULL;
  g_autofree char *reports = NULL;
  PatRecord r;

  store_record (fixture, "black-hole",
                "played", g_variant_new_uint32 (4), "won", g_variant_new_uint32 (1),
                "lost", g_variant_new_uint32 (2), "assisted", g_variant_new_uint32 (1),
                "streak", g_variant_new_int32 (-2), "best-win-streak", g_variant_new_uint32 (1),
                "worst-loss-streak", g_variant_new_uint32 (2),
                "best-time", g_variant_new_uint32 (300), "fewest-moves", g_variant_new_uint32 (51),
                "best-score", g_variant_new_int32 (52), "total-score", g_variant_new_int64 (90),
                NULL);
  /* More wins than games, a streak longer than the wins and the best run. */
  store_record (fixture, "demon",
                "played", g_variant_new_uint32 (3), "won", g_variant_new_uint32 (5),
                "lost", g_variant_new_uint32 (1), "streak", g_variant_new_int32 (9),
                "best-win-streak", g_variant_new_uint32 (2),
                "worst-loss-streak", g_variant_new_uint32 (7), NULL);
  /* Records and a total without a game. */
  store_record (fixture, "penguin",
                "best-time", g_variant_new_uint32 (10), "fewest-moves", g_variant_new_uint32 (5),
                "best-score", g_variant_new_int32 (52), "total-score", g_variant_new_int64 (500),
                NULL);

  g_free (take_reported ());
  stats = reopen (fixture);
  reports = take_reported ();
  g_assert_cmpstr (reports, ==, "penguin demon");   /* in the order of pat_rules_all() */

  g_assert_true (pat_stats_get_record (stats, "black-hole", &r));
  g_assert_cmpuint (r.played, ==, 4);
  g_assert_cmpint (r.streak, ==, -2);
  g_assert_cmpuint (r.best_time, ==, 300);
  g_assert_cmpint (r.total_score, ==, 90);

  g_assert_true (pat_stats_get_record (stats, "demon", &r));
  g_assert_cmpuint (r.played, ==, 6);
  g_assert_cmpuint (r.won, ==, 5);
  g_assert_cmpuint (r.lost, ==, 1);
  g_assert_cmpint (r.streak, ==, 5);
  g_assert_cmpuint (r.best_win_streak, ==, 5);
  g_assert_cmpuint (r.worst_loss_streak, ==, 1);

  g_assert_true (pat_stats_get_record (stats, "penguin", &r));
  g_assert_cmpuint (r.played, ==, 0);
  g_assert_false (r.has_best_time);
  g_assert_false (r.has_best_score);
  g_assert_cmpint (r.total_score, ==, 0);

  /* The next result starts from the consistent record, and writes it. */
  record (fixture, "demon", result (FALSE, 100, 40, 20));
  g_assert_true (pat_stats_get_record (stats, "demon", &r));
  g_assert_cmpuint (r.played, ==, 7);
  g_assert_cmpuint (r.lost, ==, 2);
  g_assert_cmpint (r.streak, ==, -1);
  g_clear_object (&stats);
  stats = reopen (fixture);
  g_free (reports);
  reports = take_reported ();
  g_assert_cmpstr (reports, ==, "penguin");
}

/* Counts at their limits stay there instead of wrapping round to nothing. */
static void
test_saturate (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(PatStats) stats = NULL;
  g_autoptr(GArray) history = NULL;
  g_autofree char *reports = NULL;
  PatResult win = result (TRUE, 100, 40, 352);
  PatResult loss = result (FALSE, 100, 40, -12);
  PatRecord r;

  store_record (fixture, "demon",
                "played", g_variant_new_uint32 (G_MAXUINT), "won", g_variant_new_uint32 (G_MAXUINT),
                "lost", g_variant_new_uint32 (0), "assisted", g_variant_new_uint32 (0),
                "streak", g_variant_new_int32 (G_MAXINT),
                "best-win-streak", g_variant_new_uint32 (G_MAXUINT),
                "best-time", g_variant_new_uint32 (200), "fewest-moves", g_variant_new_uint32 (90),
                "best-score", g_variant_new_int32 (300),
                "total-score", g_variant_new_int64 (G_MAXINT64),
                "hints-used", g_variant_new_uint32 (G_MAXUINT), NULL);
  g_free (take_reported ());
  stats = reopen (fixture);
  reports = take_reported ();
  g_assert_cmpstr (reports, ==, "");   /* at the limits, but consistent */
  g_clear_pointer (&reports, g_free);

  win.time = 50;
  pat_stats_record (stats, "demon", &win);
  g_assert_true (pat_stats_get_record (stats, "demon", &r));
  g_assert_cmpuint (r.played, ==, G_MAXUINT);
  g_assert_cmpuint (r.won, ==, G_MAXUINT);
  g_assert_cmpint (r.streak, ==, G_MAXINT);
  g_assert_cmpuint (r.best_win_streak, ==, G_MAXUINT);
  g_assert_cmpint (r.total_score, ==, G_MAXINT64);
  g_assert_cmpuint (r.hints_used, ==, G_MAXUINT);
  /* The result still sets a record and goes to the history. */
  g_assert_cmpuint (r.best_time, ==, 50);
  g_assert_cmpint (r.best_score, ==, 352);
  history = pat_stats_get_history (stats, "demon");
  g_assert_cmpuint (history->len, ==, 1);
  g_clear_pointer (&history, g_array_unref);
  g_clear_object (&stats);

  /* The longest run of losses and the lowest total, with room left in played. */
  store_record (fixture, "penguin",
                "played", g_variant_new_uint32 (G_MAXUINT - 10), "won", g_variant_new_uint32 (0),
                "lost", g_variant_new_uint32 (G_MAXUINT - 10),
                "streak", g_variant_new_int32 (-G_MAXINT),
                "worst-loss-streak", g_variant_new_uint32 (G_MAXINT),
                "total-score", g_variant_new_int64 (G_MININT64),
                "hints-used", g_variant_new_uint32 (G_MAXUINT - 1), NULL);
  stats = reopen (fixture);
  reports = take_reported ();
  g_assert_cmpstr (reports, ==, "");
  g_clear_pointer (&reports, g_free);
  loss.hints_used = 5;
  pat_stats_record (stats, "penguin", &loss);
  g_assert_true (pat_stats_get_record (stats, "penguin", &r));
  g_assert_cmpuint (r.played, ==, G_MAXUINT - 9);
  g_assert_cmpuint (r.lost, ==, G_MAXUINT - 9);
  g_assert_cmpint (r.streak, ==, -G_MAXINT);
  g_assert_cmpuint (r.worst_loss_streak, ==, G_MAXINT);
  g_assert_cmpint (r.total_score, ==, G_MININT64);
  g_assert_cmpuint (r.hints_used, ==, G_MAXUINT);
  g_clear_object (&stats);

  /* A streak below what an int can negate is read as the longest run there can be. */
  store_record (fixture, "penguin",
                "played", g_variant_new_uint32 (G_MAXUINT - 10),
                "lost", g_variant_new_uint32 (G_MAXUINT - 10),
                "streak", g_variant_new_int32 (G_MININT), NULL);
  g_free (take_reported ());
  stats = reopen (fixture);
  reports = take_reported ();
  g_assert_cmpstr (reports, ==, "penguin");
  pat_stats_record (stats, "penguin", &loss);
  g_assert_true (pat_stats_get_record (stats, "penguin", &r));
  g_assert_cmpint (r.streak, ==, -G_MAXINT);
  g_assert_cmpuint (r.worst_loss_streak, ==, G_MAXINT);
}

/* Every key of @game_id's counters, as they are now. */
static GVariant *
snapshot_counters (Fixture    *fixture,
                   const char *game_id)
{
  g_autoptr(GSettings) game = counters (fixture, game_id);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;
  GVariantDict dict;
  guint i;

  g_object_get (game, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  g_variant_dict_init (&dict, NULL);
  for (i = 0; keys[i] != NULL; i++)
    g_variant_dict_insert_value (&dict, keys[i], g_settings_get_value (game, keys[i]));
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

static void
restore_counters (Fixture    *fixture,
                  const char *game_id,
                  GVariant   *snapshot)
{
  g_autoptr(GSettings) game = counters (fixture, game_id);
  GVariantIter iter;
  const char *key;
  GVariant *value;

  g_variant_iter_init (&iter, snapshot);
  while (g_variant_iter_loop (&iter, "{&sv}", &key, &value))
    g_assert_true (g_settings_set_value (game, key, value));
}

/* The history is written before the counters: counters that a crash kept from being written
 * (here put back as they were one game before) are brought up to date from the history at the
 * next start, which says so. */
static void
test_repair (Fixture       *fixture,
             gconstpointer  data)
{
  PatResult first = result (TRUE, 100, 90, 52), second = result (FALSE, 80, 30, 12);
  g_autoptr(GVariant) before = NULL;
  g_autoptr(GArray) history = NULL;
  g_autoptr(PatStats) stats = NULL;
  PatRecord expected, r;

  first.hints_used = 0;
  pat_stats_record (fixture->stats, "penguin", &first);
  before = snapshot_counters (fixture, "penguin");
  pat_stats_record (fixture->stats, "penguin", &second);
  g_assert_true (pat_stats_get_record (fixture->stats, "penguin", &expected));
  g_assert_cmpuint (expected.played, ==, 2);

  restore_counters (fixture, "penguin", before);
  g_assert_true (pat_stats_get_record (fixture->stats, "penguin", &r));
  g_assert_cmpuint (r.played, ==, 1);
  stats = reopen (fixture);
  g_assert_true (pat_stats_get_record (stats, "penguin", &r));
  g_assert_cmpmem (&r, sizeof r, &expected, sizeof expected);
  history = pat_stats_get_history (stats, "penguin");
  g_assert_cmpuint (history->len, ==, 2);
  /* Once: the next start finds them agreeing. */
  g_clear_object (&stats);
  stats = reopen (fixture);
  g_assert_true (pat_stats_get_record (stats, "penguin", &r));
  g_assert_cmpmem (&r, sizeof r, &expected, sizeof expected);
}

static void
assert_histories_equal (GArray *a,
                        GArray *b)
{
  guint i;

  g_assert_cmpuint (a->len, ==, b->len);
  for (i = 0; i < a->len; i++)
    {
      const PatResult *x = &g_array_index (a, PatResult, i);
      const PatResult *y = &g_array_index (b, PatResult, i);

      g_assert_cmpint (x->date, ==, y->date);
      g_assert_cmpstr (x->deal, ==, y->deal);
      g_assert_cmpint (x->won, ==, y->won);
      g_assert_cmpuint (x->time, ==, y->time);
      g_assert_cmpuint (x->moves, ==, y->moves);
      g_assert_cmpint (x->score, ==, y->score);
      g_assert_cmpuint (x->hints_used, ==, y->hints_used);
      g_assert_cmpint (x->assisted, ==, y->assisted);
    }
}

/* The newest result taken back (the player undid leaving a game) leaves the counters, records,
 * streaks and history exactly as they were, on disk too — the oldest row that a full history
 * dropped for it included; and only the newest result this object recorded can be. */
static void
test_take_back (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GArray) before_rows = NULL;
  g_autoptr(GArray) rows = NULL;
  g_autoptr(PatStats) stats = NULL;
  PatResult best = result (TRUE, 5, 3, 900);
  PatRecord before, r;
  guint i;

  g_assert_false (pat_stats_take_back (fixture->stats, "black-hole"));
  for (i = 0; i < PAT_STATS_HISTORY_MAX; i++)
    record (fixture, "black-hole", result (i % 3 == 0, 100 + i, 100 + i, (int) i));
  g_assert_true (pat_stats_get_record (fixture->stats, "black-hole", &before));
  before_rows = pat_stats_get_history (fixture->stats, "black-hole");

  /* A result that changes every counter: a win, best time, fewest moves, best score, streak. */
  best.date = 1800000000;
  best.hints_used = 0;
  record (fixture, "black-hole", best);
  g_assert_true (pat_stats_get_record (fixture->stats, "black-hole", &r));
  g_assert_cmpuint (r.best_time, ==, 5);
  g_assert_cmpint (r.best_score, ==, 900);
  g_assert_true (pat_stats_take_back (fixture->stats, "black-hole"));
  g_assert_true (pat_stats_get_record (fixture->stats, "black-hole", &r));
  g_assert_cmpmem (&r, sizeof r, &before, sizeof before);
  rows = pat_stats_get_history (fixture->stats, "black-hole");
  assert_histories_equal (rows, before_rows);
  g_clear_pointer (&rows, g_array_unref);
  /* Once. */
  g_assert_false (pat_stats_take_back (fixture->stats, "black-hole"));

  /* As written: a new start reads the same, and repairs nothing. */
  pat_store_flush (fixture->store);
  stats = reopen (fixture);
  g_assert_true (pat_stats_get_record (stats, "black-hole", &r));
  g_assert_cmpmem (&r, sizeof r, &before, sizeof before);
  rows = pat_stats_get_history (stats, "black-hole");
  assert_histories_equal (rows, before_rows);
  g_clear_object (&stats);

  /* Not another game's, nor a result with another recorded since, nor after a reset. */
  record (fixture, "penguin", result (FALSE, 10, 10, 1));
  record (fixture, "black-hole", result (FALSE, 10, 10, 1));
  g_assert_false (pat_stats_take_back (fixture->stats, "penguin"));
  record (fixture, "penguin", result (FALSE, 11, 11, 1));
  pat_stats_reset (fixture->stats, "black-hole");
  g_assert_false (pat_stats_take_back (fixture->stats, "penguin"));
  g_assert_cmpuint (played (fixture, "penguin"), ==, 2);
}

/* How many rows the history of @game_id holds in @stats. */
static guint
n_rows (PatStats   *stats,
        const char *game_id)
{
  g_autoptr(GArray) history = pat_stats_get_history (stats, game_id);

  return history->len;
}

/* While history.gvariant is there but cannot be read (a FIFO here; a directory, no permission or
 * no file descriptor left alike), the results are kept in history-unsaved.gvariant, and joined
 * to the history when it can be read again: at the next start, or at the next result. */
static void
test_unreadable_history (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "history.gvariant", NULL);
  g_autofree char *held = g_build_filename (fixture->dir, "held-aside", NULL);
  g_autofree char *unsaved = g_build_filename (fixture->dir, "history-unsaved.gvariant", NULL);
  g_autoptr(PatStats) stats = NULL;
  PatResult game = result (TRUE, 100, 90, 52);
  PatRecord r;

  pat_stats_record (fixture->stats, "penguin", &game);
  pat_stats_record (fixture->stats, "penguin", &game);
  pat_store_flush (fixture->store);

  /* Unreadable at the start: the new results are kept apart, over restarts. */
  g_assert_cmpint (g_rename (path, held), ==, 0);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  stats = reopen (fixture);
  game.date++;
  pat_stats_record (stats, "penguin", &game);
  g_assert_true (g_file_test (unsaved, G_FILE_TEST_IS_REGULAR));
  g_clear_object (&stats);
  stats = reopen (fixture);
  g_assert_cmpuint (n_rows (stats, "penguin"), ==, 1);
  game.date++;
  pat_stats_record (stats, "penguin", &game);
  g_assert_cmpuint (n_rows (stats, "penguin"), ==, 2);
  g_assert_true (pat_stats_get_record (stats, "penguin", &r));
  g_assert_cmpuint (r.played, ==, 4);
  g_clear_object (&stats);

  /* Readable again at the next start: everything is in the history, in order. */
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rename (held, path), ==, 0);
  stats = reopen (fixture);
  g_assert_cmpuint (n_rows (stats, "penguin"), ==, 4);
  g_assert_false (g_file_test (unsaved, G_FILE_TEST_EXISTS));
  g_clear_object (&stats);

  /* Readable again while the app runs: joined at the next result. */
  g_assert_cmpint (g_rename (path, held), ==, 0);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  stats = reopen (fixture);
  game.date++;
  pat_stats_record (stats, "penguin", &game);
  g_assert_cmpuint (n_rows (stats, "penguin"), ==, 1);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rename (held, path), ==, 0);
  game.date++;
  pat_stats_record (stats, "penguin", &game);
  g_assert_cmpuint (n_rows (stats, "penguin"), ==, 6);
  g_assert_false (g_file_test (unsaved, G_FILE_TEST_EXISTS));
  g_assert_true (pat_stats_get_record (stats, "penguin", &r));
  g_assert_cmpuint (r.played, ==, 6);
  g_clear_object (&stats);
  stats = reopen (fixture);
  g_assert_cmpuint (n_rows (stats, "penguin"), ==, 6);
}

/* Killed at any moment while it records results, a process leaves counters and a history that
 * agree once the statistics are opened again: as many games played as rows, as many won. */
static void
test_killed (Fixture       *fixture,
             gconstpointer  data)
{
  const char *writer = g_getenv ("STATS_WRITER");
  g_autofree char *keyfile = g_build_filename (fixture->dir, "counters.ini", NULL);
  g_autoptr(GRand) rand = g_rand_new ();
  guint round;

  g_assert_nonnull (writer);
  /* The writer is the only process at the folder, as the app is. */
  g_clear_object (&fixture->stats);
  pat_store_flush (fixture->store);
  g_clear_object (&fixture->store);
  for (round = 0; round < 12; round++)
    {
      const char *argv[] = { writer, fixture->dir, keyfile, NULL };
      guint lines = (guint) g_rand_int_range (rand, 1, 25), seen = 0, won = 0, i;
      g_autoptr(GSettingsBackend) backend = NULL;
      g_autoptr(GSettings) settings = NULL;
      g_autoptr(PatStore) store = NULL;
      g_autoptr(PatStats) stats = NULL;
      g_autoptr(GArray) history = NULL;
      g_autoptr(GError) error = NULL;
      char buffer[256];
      PatRecord r;
      GPid pid;
      int out, status;

      g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL,
                                               G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid,
                                               NULL, &out, NULL, &error));
      g_assert_no_error (error);
      while (seen < lines)
        {
          gssize n = read (out, buffer, sizeof buffer), k;

          g_assert_cmpint (n, >, 0);
          for (k = 0; k < n; k++)
            seen += buffer[k] == '\n';
        }
      g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
      g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
      g_spawn_close_pid (pid);
      close (out);

      backend = g_keyfile_settings_backend_new (keyfile, "/", NULL);
      settings = g_settings_new_with_backend (APP_ID, backend);
      store = pat_store_new (fixture->dir);
      stats = pat_stats_new (settings, store);
      pat_stats_get_record (stats, "penguin", &r);
      history = pat_stats_get_history (stats, "penguin");
      for (i = 0; i < history->len; i++)
        won += g_array_index (history, PatResult, i).won;
      g_test_message ("round %u: killed after %u results; %u played, %u rows", round, lines,
                      r.played, history->len);
      g_assert_cmpuint (r.played, ==, history->len);
      g_assert_cmpuint (r.won, ==, won);
    }
}

static void
test_reset (Fixture       *fixture,
            gconstpointer  data)
{
  g_auto(GStrv) ids = NULL;
  g_auto(GStrv) after = NULL;
  g_autoptr(GArray) history = NULL;
  PatRecord r;

  record (fixture, "demon", result (TRUE, 10, 10, 352));
  record (fixture, "penguin", result (FALSE, 10, 10, 0));
  record (fixture, "black-hole", result (TRUE, 10, 10, 52));
  ids = pat_stats_dup_game_ids (fixture->stats);
  g_assert_cmpuint (g_strv_length (ids), ==, 3);
  g_assert_cmpstr (ids[0], ==, "black-hole");
  g_assert_cmpstr (ids[1], ==, "demon");
  g_assert_cmpstr (ids[2], ==, "penguin");

  g_ptr_array_set_size (fixture->changed, 0);
  pat_stats_reset (fixture->stats, "demon");
  g_assert_false (pat_stats_get_record (fixture->stats, "demon", &r));
  history = pat_stats_get_history (fixture->stats, "demon");
  g_assert_cmpuint (history->len, ==, 0);
  g_assert_true (pat_stats_get_record (fixture->stats, "penguin", &r));
  g_assert_cmpuint (r.lost, ==, 1);
  g_assert_cmpuint (fixture->changed->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (fixture->changed, 0), ==, "demon");

  pat_stats_reset (fixture->stats, NULL);
  after = pat_stats_dup_game_ids (fixture->stats);
  g_assert_cmpuint (g_strv_length (after), ==, 0);
  g_assert_false (pat_stats_get_record (fixture->stats, "penguin", &r));
  g_assert_cmpuint (fixture->changed->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (fixture->changed, 1), ==, "(null)");
}

/* Splits one CSV line (no quoted fields are expected here). */
static GStrv
fields (const char *line)
{
  return g_strsplit (line, ",", -1);
}

static void
test_export_csv (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("patience-csv-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "stats.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) ids = NULL;
  guint line, i, n_results = 0;

  record (fixture, "demon", result (TRUE, 321, 140, 352));
  record (fixture, "demon", result (FALSE, 99, 30, -3));
  record (fixture, "demon", result (TRUE, 300, 150, 352));
  record (fixture, "demon", assisted_result (120, 100));
  record (fixture, "penguin", result (FALSE, 42, 17, 0));

  g_assert_true (pat_stats_export_csv (fixture->stats, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\r\n", -1);

  g_assert_cmpstr (lines[0], ==, "game,played,won,lost,current_streak,best_win_streak,"
                                 "worst_loss_streak,best_time,fewest_moves,best_score,"
                                 "total_score,hints_used,assisted");
  ids = pat_stats_dup_game_ids (fixture->stats);
  for (line = 1; lines[line][0] != '\0'; line++)
    {
      g_auto(GStrv) f = fields (lines[line]);
      PatRecord r;

      g_assert_cmpuint (g_strv_length (f), ==, 13);
      g_assert_cmpstr (f[0], ==, ids[line - 1]);
      g_assert_true (pat_stats_get_record (fixture->stats, f[0], &r));
      g_assert_cmpuint (strtoul (f[1], NULL, 10), ==, r.played);
      g_assert_cmpuint (strtoul (f[2], NULL, 10), ==, r.won);
      g_assert_cmpuint (strtoul (f[3], NULL, 10), ==, r.lost);
      g_assert_cmpint (strtol (f[4], NULL, 10), ==, r.streak);
      g_assert_cmpuint (strtoul (f[5], NULL, 10), ==, r.best_win_streak);
      g_assert_cmpuint (strtoul (f[6], NULL, 10), ==, r.worst_loss_streak);
      if (r.has_best_time)
        {
          g_assert_cmpuint (strtoul (f[7], NULL, 10), ==, r.best_time);
          g_assert_cmpuint (strtoul (f[8], NULL, 10), ==, r.fewest_moves);
        }
      else
        {
          g_assert_cmpstr (f[7], ==, "");
          g_assert_cmpstr (f[8], ==, "");
        }
      if (r.has_best_score)
        g_assert_cmpint (strtol (f[9], NULL, 10), ==, r.best_score);
      else
        g_assert_cmpstr (f[9], ==, "");
      g_assert_cmpint (g_ascii_strtoll (f[10], NULL, 10), ==, r.total_score);
      g_assert_cmpuint (strtoul (f[11], NULL, 10), ==, r.hints_used);
      g_assert_cmpuint (strtoul (f[12], NULL, 10), ==, r.assisted);
    }
  g_assert_cmpuint (line - 1, ==, 2);
  /* Demon: one assisted game; Penguin: one loss with a hint, so no best score. */
  g_assert_cmpstr (lines[1], ==, "demon,4,2,1,0,1,1,300,140,352,701,1,1");
  g_assert_cmpstr (lines[2], ==, "penguin,1,0,1,-1,0,1,,,,0,1,0");

  line++;
  g_assert_cmpstr (lines[line], ==, "game,date,deal,result,time,moves,score,hints_used");
  for (i = 0; ids[i] != NULL; i++)
    {
      g_autoptr(GArray) history = pat_stats_get_history (fixture->stats, ids[i]);
      guint k;

      for (k = 0; k < history->len; k++)
        {
          const PatResult *h = &g_array_index (history, PatResult, k);
          g_auto(GStrv) f = fields (lines[++line]);
          g_autoptr(GDateTime) date = NULL;

          g_assert_cmpuint (g_strv_length (f), ==, 8);
          g_assert_cmpstr (f[0], ==, ids[i]);
          date = g_date_time_new_from_iso8601 (f[1], NULL);
          g_assert_nonnull (date);
          g_assert_cmpint (g_date_time_to_unix (date), ==, h->date);
          g_assert_cmpstr (f[2], ==, h->deal);
          g_assert_cmpstr (f[3], ==, h->assisted ? "assisted" : h->won ? "won" : "lost");
          g_assert_cmpuint (strtoul (f[4], NULL, 10), ==, h->time);
          g_assert_cmpuint (strtoul (f[5], NULL, 10), ==, h->moves);
          g_assert_cmpint (strtol (f[6], NULL, 10), ==, h->score);
          g_assert_cmpuint (strtoul (f[7], NULL, 10), ==, h->hints_used);
          n_results++;
        }
    }
  g_assert_cmpuint (n_results, ==, 5);
  g_assert_nonnull (strstr (contents,
                            "\r\ndemon,2023-11-14T22:15:20Z,1100,assisted,120,100,0,0\r\n"));
  g_assert_cmpstr (lines[line + 1], ==, "");
  g_assert_null (lines[line + 2]);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  reported = g_ptr_array_new_with_free_func (g_free);
  g_log_set_writer_func (log_writer, NULL, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/stats/record", test_record);
  ADD ("/stats/streaks", test_streaks);
  ADD ("/stats/history-cap", test_history_cap);
  ADD ("/stats/game-finished", test_game_finished);
  ADD ("/stats/abandon-once", test_abandon_once);
  ADD ("/stats/restart-then-new-deal", test_restart_then_new_deal);
  ADD ("/stats/quit-not-counted", test_quit_not_counted);
  ADD ("/stats/undo-all-then-leave", test_undo_all_then_leave);
  ADD ("/stats/assisted-win", test_assisted_win);
  ADD ("/stats/assisted-abandoned", test_assisted_abandoned);
  ADD ("/stats/assisted-streaks", test_assisted_streaks);
  ADD ("/stats/hints-win", test_hints_win);
  ADD ("/stats/migrate", test_migrate);
  ADD ("/stats/migrate-unwritable", test_migrate_unwritable);
  ADD ("/stats/history-broken", test_history_broken);
  ADD ("/stats/history-too-long", test_history_too_long);
  ADD ("/stats/inconsistent", test_inconsistent);
  ADD ("/stats/saturate", test_saturate);
  ADD ("/stats/reset", test_reset);
  ADD ("/stats/take-back", test_take_back);
  ADD ("/stats/repair", test_repair);
  ADD ("/stats/killed", test_killed);
  ADD ("/stats/unreadable-history", test_unreadable_history);
  ADD ("/stats/export-csv", test_export_csv);
#undef ADD

  status = g_test_run ();
  g_ptr_array_unref (reported);
  return status;
}
