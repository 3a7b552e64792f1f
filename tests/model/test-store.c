/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of PatStore: saving and resuming, broken files moved aside and reported once, autosave,
 * the match file. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <glib-unix.h>

#include "pat-store.h"
#include "store-test-util.h"
#include "pat-model-private.h"

typedef struct {
  guint  count;
  char  *game_id;
  char  *moved_to;
  char  *message;
} Failure;

static void
load_failed_cb (PatStore   *store,
                const char *game_id,
                const char *moved_to,
                const char *message,
                Failure    *failure)
{
  failure->count++;
  g_free (failure->game_id);
  g_free (failure->moved_to);
  g_free (failure->message);
  failure->game_id = g_strdup (game_id);
  failure->moved_to = g_strdup (moved_to);
  failure->message = g_strdup (message);
}

static void
failure_clear (Failure *failure)
{
  g_clear_pointer (&failure->game_id, g_free);
  g_clear_pointer (&failure->moved_to, g_free);
  g_clear_pointer (&failure->message, g_free);
  failure->count = 0;
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          if (g_file_test (child, G_FILE_TEST_IS_DIR))
            remove_tree (child);
          else
            g_assert_cmpint (g_unlink (child), ==, 0);
        }
      g_dir_close (dir);
    }
  g_assert_cmpint (g_rmdir (path), ==, 0);
}

static guint
count_files (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  const char *name;

  g_assert_nonnull (dir);
  /* The files saved; the store's lock is there all the time. */
  while ((name = g_dir_read_name (dir)) != NULL)
    if (!g_str_equal (name, "patience.lock"))
      n++;
  g_dir_close (dir);
  return n;
}

typedef struct {
  char     *dir;
  PatStore *store;
  Failure   failure;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->dir = g_dir_make_tmp ("patience-store-XXXXXX", NULL);
  g_assert_nonnull (fixture->dir);
  fixture->store = pat_store_new (fixture->dir);
  g_signal_connect (fixture->store, "load-failed", G_CALLBACK (load_failed_cb), &fixture->failure);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_clear_object (&fixture->store);
  failure_clear (&fixture->failure);
  remove_tree (fixture->dir);
  g_free (fixture->dir);
}

static PatGame *
played_game (const char *id,
             guint64     deal,
             guint       moves)
{
  PatDealNumber number = pat_deal_number_from_uint (deal);
  PatGame *game = pat_game_new (id, &number, NULL);
  guint i;

  for (i = 0; i < moves; i++)
    {
      PatMoveList list;

      pat_game_legal_moves (game, &list);
      if (list.n == 0)
        break;
      g_assert_true (pat_game_apply (game, &list.moves[i % list.n], NULL));
    }
  return game;
}

static void
assert_same_game (PatGame *a,
                  PatGame *b)
{
  guint i;

  g_assert_cmpstr (pat_game_get_game_id (a), ==, pat_game_get_game_id (b));
  g_assert_true (pat_state_equal (pat_game_get_state (a), pat_game_get_state (b)));
  g_assert_cmpuint (pat_game_get_history_length (a), ==, pat_game_get_history_length (b));
  for (i = 0; i < pat_game_get_history_length (a); i++)
    g_assert_true (pat_state_equal (pat_game_get_history_state (a, i),
                                    pat_game_get_history_state (b, i)));
  g_assert_cmpuint (pat_game_get_redo_length (a), ==, pat_game_get_redo_length (b));
  for (i = 0; i < pat_game_get_redo_length (a); i++)
    g_assert_true (pat_state_equal (pat_game_get_redo_state (a, i),
                                    pat_game_get_redo_state (b, i)));
}

static void
test_default_directory (void)
{
  g_autoptr(PatStore) store = pat_store_new (NULL);
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "patience", NULL);
  g_autofree char *path = pat_store_dup_game_path (store, "penguin");
  g_autofree char *expected_path = g_build_filename (expected, "penguin.gvariant", NULL);

  g_assert_cmpstr (pat_store_get_directory (store), ==, expected);
  g_assert_cmpstr (path, ==, expected_path);
}

static void
test_save_load (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(PatGame) game = played_game ("penguin", 4, 12);
  g_autoptr(PatGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = pat_store_dup_game_path (fixture->store, "penguin");

  g_assert_false (pat_store_has_game (fixture->store, "penguin"));
  loaded = pat_store_load_game (fixture->store, "penguin", &error);
  g_assert_null (loaded);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_cmpuint (fixture->failure.count, ==, 0);
  g_clear_error (&error);

  g_assert_true (pat_game_undo (game));
  g_assert_true (pat_store_save_game (fixture->store, game, &error));
  g_assert_no_error (error);
  g_assert_true (pat_store_has_game (fixture->store, "penguin"));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  /* The atomic write leaves no temporary file behind. */
  g_assert_cmpuint (count_files (fixture->dir), ==, 1);

  loaded = pat_store_load_game (fixture->store, "penguin", &error);
  g_assert_no_error (error);
  assert_same_game (game, loaded);
  g_assert_cmpuint (fixture->failure.count, ==, 0);

  /* Saving again replaces the file. */
  g_assert_true (pat_game_redo (game));
  g_assert_true (pat_store_save_game (fixture->store, game, NULL));
  g_clear_object (&loaded);
  loaded = pat_store_load_game (fixture->store, "penguin", &error);
  g_assert_no_error (error);
  assert_same_game (game, loaded);
  g_assert_cmpuint (count_files (fixture->dir), ==, 1);

  g_assert_true (pat_store_remove_game (fixture->store, "penguin", &error));
  g_assert_false (pat_store_has_game (fixture->store, "penguin"));
  g_assert_true (pat_store_remove_game (fixture->store, "penguin", &error));
  g_assert_no_error (error);
}

/* Writes @length bytes of @data as @game_id's save, loads it and checks that it failed
 * cleanly: the file moved aside intact, reported once. */
static void
assert_broken (Fixture    *fixture,
               const char *game_id,
               const void *data,
               gsize       length,
               int         code)
{
  g_autofree char *path = pat_store_dup_game_path (fixture->store, game_id);
  g_autoptr(GError) error = NULL;
  g_autoptr(PatGame) game = NULL;
  g_autofree char *moved = NULL;
  gsize moved_length;

  g_assert_true (g_file_set_contents (path, data, (gssize) length, NULL));
  failure_clear (&fixture->failure);

  game = pat_store_load_game (fixture->store, game_id, &error);
  g_assert_null (game);
  g_assert_nonnull (error);
  if (code >= 0)
    g_assert_error (error, PAT_SAVE_ERROR, code);

  g_assert_cmpuint (fixture->failure.count, ==, 1);
  g_assert_cmpstr (fixture->failure.game_id, ==, game_id);
  g_assert_cmpstr (fixture->failure.message, ==, error->message);
  g_assert_nonnull (fixture->failure.moved_to);
  g_assert_true (g_str_has_prefix (fixture->failure.moved_to, path));
  g_assert_true (g_str_has_prefix (fixture->failure.moved_to + strlen (path), ".broken-"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_get_contents (fixture->failure.moved_to, &moved, &moved_length, NULL));
  g_assert_cmpmem (moved, moved_length, data, length);

  /* Reported once: the next load finds nothing. */
  g_clear_error (&error);
  g_assert_null (pat_store_load_game (fixture->store, game_id, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_cmpuint (fixture->failure.count, ==, 1);

  g_assert_cmpint (g_unlink (fixture->failure.moved_to), ==, 0);
}

static void
test_truncated (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(PatGame) game = played_game ("penguin", 808, 25);
  g_autoptr(GBytes) bytes = pat_game_save_to_bytes (game);
  gsize length, i;
  const guint8 *contents = g_bytes_get_data (bytes, &length);

  g_assert_cmpuint (length, >, 500);
  for (i = 0; i < length; i++)
    assert_broken (fixture, "penguin", contents, i, -1);
  g_assert_cmpuint (count_files (fixture->dir), ==, 0);
}

static void
test_random_bytes (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2024);
  guint i;

  for (i = 0; i < 200; i++)
    {
      gsize length = (gsize) g_rand_int_range (rand, 0, 4096);
      g_autofree guint8 *noise = g_malloc (length + 1);
      gsize k;

      for (k = 0; k < length; k++)
        noise[k] = (guint8) g_rand_int (rand);
      assert_broken (fixture, "black-hole", noise, length, -1);
    }

  /* Random bytes behind our own header fare no better. */
  for (i = 0; i < 200; i++)
    {
      g_autoptr(PatGame) game = played_game ("black-hole", 1 + i, 10);
      g_autoptr(GBytes) bytes = pat_game_save_to_bytes (game);
      gsize length, k;
      g_autofree guint8 *copy = g_bytes_unref_to_data (g_steal_pointer (&bytes), &length);

      for (k = 0; k < 1 + i % 8; k++)
        copy[g_rand_int_range (rand, 0, (int) length)] ^=
          (guint8) (1 + g_rand_int_range (rand, 0, 255));
      {
        g_autofree char *path = pat_store_dup_game_path (fixture->store, "black-hole");
        g_autoptr(GError) error = NULL;
        g_autoptr(PatGame) loaded = NULL;

        g_assert_true (g_file_set_contents (path, (const char *) copy, (gssize) length, NULL));
        failure_clear (&fixture->failure);
        loaded = pat_store_load_game (fixture->store, "black-hole", &error);
        /* A flipped byte may land where it changes nothing the checks look at (a byte of
         * padding); then the game loads, and it must be a valid one. */
        if (loaded != NULL)
          {
            g_assert_no_error (error);
            g_assert_cmpuint (fixture->failure.count, ==, 0);
            g_assert_cmpuint (pat_state_n_cards (pat_game_get_state (loaded)), ==, PAT_N_CARDS);
            g_assert_cmpint (g_unlink (path), ==, 0);
          }
        else
          {
            g_assert_nonnull (error);
            g_assert_cmpuint (fixture->failure.count, ==, 1);
            g_assert_cmpint (g_unlink (fixture->failure.moved_to), ==, 0);
          }
      }
    }
  g_assert_cmpuint (count_files (fixture->dir), ==, 0);
}

static void
test_future_version (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GVariant) payload =
    g_variant_ref_sink (g_variant_new ("(sas)", "from the future", NULL));
  g_autoptr(GBytes) bytes = pat_envelope_pack ("io.github.patience.Patience.Game", 7, payload);
  gsize length;
  const char *contents = g_bytes_get_data (bytes, &length);

  assert_broken (fixture, "penguin", contents, length, PAT_SAVE_ERROR_FUTURE_VERSION);
  g_assert_nonnull (strstr (fixture->failure.message, "newer version"));
}

static void
test_other_game (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(PatGame) game = played_game ("black-hole", 3, 3);
  g_autoptr(GBytes) bytes = pat_game_save_to_bytes (game);
  gsize length;
  const char *contents = g_bytes_get_data (bytes, &length);

  assert_broken (fixture, "penguin", contents, length, PAT_SAVE_ERROR_CORRUPT);
  assert_broken (fixture, "penguin", "GVariant", 8, PAT_SAVE_ERROR_NOT_OURS);
}

/* Two broken files in the same second get different names; neither is lost. */
static void
test_broken_names (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *path = pat_store_dup_game_path (fixture->store, "demon");
  g_autofree char *first = NULL;
  g_autofree char *content = NULL;
  guint i;

  for (i = 0; i < 3; i++)
    {
      g_autofree char *junk = g_strdup_printf ("junk %u", i);

      g_assert_true (g_file_set_contents (path, junk, -1, NULL));
      g_assert_null (pat_store_load_game (fixture->store, "demon", NULL));
      g_assert_nonnull (fixture->failure.moved_to);
      if (first == NULL)
        first = g_strdup (fixture->failure.moved_to);
    }
  g_assert_cmpuint (fixture->failure.count, ==, 3);
  g_assert_cmpuint (count_files (fixture->dir), ==, 3);
  g_assert_true (g_file_get_contents (first, &content, NULL, NULL));
  g_assert_cmpstr (content, ==, "junk 0");
}

static void
save_failed_cb (PatStore   *store,
                const char *game_id,
                const char *message,
                GError     *error,
                guint      *count)
{
  g_assert_cmpstr (game_id, ==, "perpetual-motion");
  g_assert_nonnull (message);
  g_assert_nonnull (error);
  g_assert_cmpstr (message, ==, error->message);
  (*count)++;
}

static void
test_autosave (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(PatGame) game = played_game ("perpetual-motion", 9, 0);
  g_autoptr(PatGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  PatMove deal = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  guint failures = 0;

  pat_store_autosave (fixture->store, game);
  pat_store_autosave (fixture->store, game);
  g_assert_false (pat_store_has_game (fixture->store, "perpetual-motion"));

  g_assert_true (pat_game_apply (game, &deal, NULL));
  g_assert_true (pat_game_apply (game, &deal, NULL));
  loaded = pat_store_load_game (fixture->store, "perpetual-motion", &error);
  g_assert_no_error (error);
  assert_same_game (game, loaded);

  g_assert_true (pat_game_undo (game));
  g_clear_object (&loaded);
  loaded = pat_store_load_game (fixture->store, "perpetual-motion", &error);
  g_assert_no_error (error);
  assert_same_game (game, loaded);

  /* Paused, the moves are not saved until it resumes. */
  pat_store_pause_autosave (fixture->store, game);
  g_assert_true (pat_game_apply (game, &deal, NULL));
  g_assert_true (pat_game_apply (game, &deal, NULL));
  g_clear_object (&loaded);
  loaded = pat_store_load_game (fixture->store, "perpetual-motion", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pat_game_get_moves (loaded), ==, pat_game_get_moves (game) - 2);
  /* Pauses nest: only the last resume saves, and only then do moves save again. */
  pat_store_pause_autosave (fixture->store, game);
  pat_store_resume_autosave (fixture->store, game);
  g_assert_true (pat_game_apply (game, &deal, NULL));
  g_clear_object (&loaded);
  loaded = pat_store_load_game (fixture->store, "perpetual-motion", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pat_game_get_moves (loaded), ==, pat_game_get_moves (game) - 3);
  pat_store_resume_autosave (fixture->store, game);
  g_clear_object (&loaded);
  loaded = pat_store_load_game (fixture->store, "perpetual-motion", &error);
  g_assert_no_error (error);
  assert_same_game (game, loaded);
  pat_store_resume_autosave (fixture->store, game);   /* one too many: nothing happens */

  pat_game_set_recorded (game, TRUE);
  g_clear_object (&loaded);
  loaded = pat_store_load_game (fixture->store, "perpetual-motion", &error);
  g_assert_no_error (error);
  g_assert_true (pat_game_get_recorded (loaded));

  /* A save that cannot be written is reported: this store's directory is a regular file. */
  g_assert_true (pat_store_remove_game (fixture->store, "perpetual-motion", NULL));
  {
    g_autofree char *not_a_dir = g_build_filename (fixture->dir, "file", NULL);
    g_autoptr(PatStore) broken = NULL;

    g_assert_true (g_file_set_contents (not_a_dir, "", 0, NULL));
    broken = pat_store_new (not_a_dir);
    g_signal_connect (broken, "save-failed", G_CALLBACK (save_failed_cb), &failures);
    pat_store_autosave (broken, game);
    /* A save made at once is reported at once, as well as by its error. */
    g_assert_false (pat_store_save_game (broken, game, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
    g_assert_cmpuint (failures, ==, 1);
    g_assert_true (pat_game_apply (game, &deal, NULL));
    /* The worker's failure is reported on the main thread. */
    pat_store_flush (broken);
    g_assert_cmpuint (failures, ==, 2);
    g_assert_cmpint (g_unlink (not_a_dir), ==, 0);
  }

  /* The working store saved that move all the same. */
  g_assert_true (pat_store_has_game (fixture->store, "perpetual-motion"));
  g_assert_cmpuint (count_files (fixture->dir), ==, 1);
}

static char *
read_all (const char *path,
          gsize      *length)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, length, NULL));
  return contents;
}

/* A save that cannot be opened for a moment (no file descriptor left) is not broken: it stays
 * where it is, byte for byte, is reported, is not replaced, and loads at the next try. */
static void
test_read_error_keeps_file (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(PatGame) game = played_game ("penguin", 4, 12);
  g_autoptr(PatGame) other = played_game ("penguin", 5, 3);
  g_autoptr(PatGame) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = pat_store_dup_game_path (fixture->store, "penguin");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_length, after_length;
  struct rlimit saved, low;
  int lowest;

  g_assert_true (pat_store_save_game (fixture->store, game, NULL));
  before = read_all (path, &before_length);

  /* The next open() fails with EMFILE, for root too. */
  lowest = dup (0);
  g_assert_cmpint (lowest, >=, 0);
  close (lowest);
  g_assert_cmpint (getrlimit (RLIMIT_NOFILE, &saved), ==, 0);
  low = saved;
  low.rlim_cur = (rlim_t) lowest;
  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &low), ==, 0);
  loaded = pat_store_load_game (fixture->store, "penguin", &error);
  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &saved), ==, 0);

  g_assert_null (loaded);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_MFILE);
  g_assert_cmpuint (fixture->failure.count, ==, 1);
  g_assert_null (fixture->failure.moved_to);
  g_assert_nonnull (strstr (fixture->failure.message, path));
  g_assert_nonnull (strstr (fixture->failure.message, "left as it is"));
  g_clear_error (&error);

  /* Not replaced by another game meanwhile, nor removed. */
  g_assert_false (pat_store_save_game (fixture->store, other, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (pat_store_remove_game (fixture->store, "penguin", NULL));
  g_assert_cmpuint (count_files (fixture->dir), ==, 1);
  after = read_all (path, &after_length);
  g_assert_cmpmem (before, before_length, after, after_length);

  /* The next try reads it. */
  loaded = pat_store_load_game (fixture->store, "penguin", &error);
  g_assert_no_error (error);
  assert_same_game (game, loaded);
  g_assert_cmpuint (fixture->failure.count, ==, 1);
  g_assert_true (pat_store_save_game (fixture->store, other, NULL));
}

/* Kills this test if a load blocks (a FIFO) or reads forever (/dev/zero). */
static gboolean
watchdog_cb (gpointer data)
{
  g_error ("The load did not return");
  return G_SOURCE_REMOVE;
}

static void
alarm_handler (int signum)
{
  watchdog_cb (NULL);
}

static void
assert_not_regular (Fixture    *fixture,
                    const char *game_id)
{
  g_autofree char *path = pat_store_dup_game_path (fixture->store, game_id);
  g_autoptr(GError) error = NULL;
  g_autoptr(PatGame) loaded = NULL;
  GStatBuf before, after;
  gint64 start = g_get_monotonic_time ();

  g_assert_cmpint (lstat (path, &before), ==, 0);
  failure_clear (&fixture->failure);
  signal (SIGALRM, alarm_handler);
  alarm (10);
  loaded = pat_store_load_game (fixture->store, game_id, &error);
  alarm (0);
  g_assert_null (loaded);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_TIME_SPAN_SECOND);
  g_assert_cmpuint (fixture->failure.count, ==, 1);
  g_assert_null (fixture->failure.moved_to);
  g_assert_nonnull (strstr (fixture->failure.message, path));

  /* Left as it was, reported once. */
  g_assert_cmpint (lstat (path, &after), ==, 0);
  g_assert_cmpint (before.st_ino, ==, after.st_ino);
  g_assert_cmpint (before.st_mode, ==, after.st_mode);
  g_clear_error (&error);
  g_assert_null (pat_store_load_game (fixture->store, game_id, &error));
  g_assert_cmpuint (fixture->failure.count, ==, 1);
  g_assert_cmpuint (count_files (fixture->dir), ==, 1);
  g_assert_cmpint (g_unlink (path), ==, 0);
}

static void
test_fifo (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *path = pat_store_dup_game_path (fixture->store, "penguin");

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  assert_not_regular (fixture, "penguin");
}

static void
test_device (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *path = pat_store_dup_game_path (fixture->store, "demon");

  g_assert_cmpint (symlink ("/dev/zero", path), ==, 0);
  assert_not_regular (fixture, "demon");

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (pat_store_load_game (fixture->store, "demon", &error));
    g_assert_nonnull (error);
    g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
    g_assert_cmpint (g_rmdir (path), ==, 0);
  }
}

static void
count_save_failed_cb (PatStore   *store,
                      const char *game_id,
                      const char *message,
                      GError     *error,
                      guint      *count)
{
  (*count)++;
}

/* The link at @path still points to @target. */
static void
assert_link (const char *path,
             const char *target)
{
  g_autofree char *now = g_file_read_link (path, NULL);
  GStatBuf buf;

  g_assert_cmpint (g_lstat (path, &buf), ==, 0);
  g_assert_true (S_ISLNK (buf.st_mode));
  g_assert_cmpstr (now, ==, target);
}

/* A symbolic link at @game_id's place, to @target, is not followed: there is something there (the
 * session loads it rather than start afresh over it), it is reported once, and no save of this
 * store or the next replaces it, writes through it or removes it. */
static void
assert_link_left (Fixture    *fixture,
                  const char *game_id,
                  const char *target)
{
  g_autofree char *path = pat_store_dup_game_path (fixture->store, game_id);
  g_autoptr(PatGame) game = played_game (game_id, 4, 3);
  g_autoptr(PatGame) loaded = NULL;
  g_autoptr(PatStore) next = NULL;
  g_autoptr(GError) error = NULL;
  Failure next_failure = { 0 };
  guint save_failures = 0;
  gulong handler;

  g_assert_cmpint (symlink (target, path), ==, 0);
  failure_clear (&fixture->failure);
  g_assert_true (pat_store_has_game (fixture->store, game_id));
  loaded = pat_store_load_game (fixture->store, game_id, &error);
  g_assert_null (loaded);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);
  g_assert_cmpuint (fixture->failure.count, ==, 1);
  g_assert_cmpstr (fixture->failure.game_id, ==, game_id);
  g_assert_null (fixture->failure.moved_to);
  g_assert_nonnull (strstr (fixture->failure.message, path));
  g_assert_nonnull (strstr (fixture->failure.message, "symbolic link"));

  handler = g_signal_connect (fixture->store, "save-failed", G_CALLBACK (count_save_failed_cb),
                              &save_failures);
  g_assert_false (pat_store_save_game (fixture->store, game, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  pat_store_autosave (fixture->store, game);
  g_assert_true (store_test_play_move (game, 0));
  pat_store_flush (fixture->store);
  g_assert_cmpuint (save_failures, ==, 2);
  g_signal_handler_disconnect (fixture->store, handler);
  g_assert_false (pat_store_remove_game (fixture->store, game_id, NULL));
  g_assert_null (pat_store_load_game (fixture->store, game_id, NULL));
  g_assert_cmpuint (fixture->failure.count, ==, 1);
  assert_link (path, target);

  /* The next start, saving before it loads anything, is refused too, and says why once. */
  next = pat_store_new (fixture->dir);
  g_signal_connect (next, "load-failed", G_CALLBACK (load_failed_cb), &next_failure);
  g_assert_false (pat_store_save_game (next, game, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_assert_cmpuint (next_failure.count, ==, 1);
  g_assert_nonnull (strstr (next_failure.message, path));
  g_assert_nonnull (strstr (next_failure.message, "symbolic link"));
  g_assert_false (pat_store_save_game (next, game, NULL));
  g_assert_cmpuint (next_failure.count, ==, 1);
  failure_clear (&next_failure);
  assert_link (path, target);
  g_assert_cmpuint (count_files (fixture->dir), ==, 1);

  g_assert_cmpint (g_unlink (path), ==, 0);
}

/* A symbolic link where a file goes is never followed, whatever it points to: the file is read
 * only where the store put it, and a save never lands outside the data folder. */
static void
test_symlink (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *elsewhere = g_dir_make_tmp ("patience-elsewhere-XXXXXX", NULL);
  g_autoptr(PatStore) other = pat_store_new (elsewhere);
  g_autofree char *elsewhere_lock = g_build_filename (elsewhere, "patience.lock", NULL);
  g_autoptr(PatGame) kept = played_game ("penguin", 7, 6);
  g_autofree char *kept_path = pat_store_dup_game_path (other, "penguin");
  g_autofree char *history = g_build_filename (fixture->dir, "history.gvariant", NULL);
  g_autofree char *match = g_build_filename (fixture->dir, "match.gvariant", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GBytes) bytes = g_bytes_new_static ("history", 7);
  g_autoptr(GError) error = NULL;
  const char *players[] = { "Ann", "Bob", NULL };
  g_autoptr(PatMatch) a_match = pat_match_new (players, NULL);
  gsize before_length, after_length;

  /* A link that loops, one to a disk that is not mounted, one to a save kept elsewhere. */
  assert_link_left (fixture, "demon", "demon.gvariant");
  assert_link_left (fixture, "black-hole", "/nonexistent-patience-disk/black-hole.gvariant");
  g_assert_true (pat_store_save_game (other, kept, NULL));
  before = read_all (kept_path, &before_length);
  assert_link_left (fixture, "penguin", kept_path);
  after = read_all (kept_path, &after_length);
  g_assert_cmpmem (before, before_length, after, after_length);
  g_assert_cmpuint (count_files (elsewhere), ==, 1);

  /* The history and the match file alike. */
  g_assert_cmpint (symlink ("/nonexistent-patience-disk/history.gvariant", history), ==, 0);
  failure_clear (&fixture->failure);
  g_assert_null (pat_store_load_history (fixture->store, PAT_STORE_HISTORY_NAME,
                                         (PatStoreParseFunc) g_bytes_ref, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&error);
  g_assert_cmpstr (fixture->failure.game_id, ==, PAT_STORE_HISTORY_NAME);
  g_assert_true (pat_store_is_unreadable (fixture->store, PAT_STORE_HISTORY_NAME));
  g_assert_false (pat_store_save_history (fixture->store, PAT_STORE_HISTORY_NAME, bytes, NULL));
  g_assert_false (pat_store_remove_history (fixture->store, PAT_STORE_HISTORY_NAME, NULL));
  pat_store_flush (fixture->store);
  assert_link (history, "/nonexistent-patience-disk/history.gvariant");

  g_assert_cmpint (symlink ("match.gvariant", match), ==, 0);
  failure_clear (&fixture->failure);
  g_assert_true (pat_store_has_match (fixture->store));
  g_assert_false (pat_store_save_match (fixture->store, a_match, NULL));
  g_assert_false (pat_store_remove_match (fixture->store, NULL));
  g_assert_cmpuint (fixture->failure.count, ==, 1);
  g_assert_cmpstr (fixture->failure.game_id, ==, "match");
  assert_link (match, "match.gvariant");

  g_assert_cmpint (g_unlink (history), ==, 0);
  g_assert_cmpint (g_unlink (match), ==, 0);
  g_assert_cmpint (g_unlink (kept_path), ==, 0);
  g_assert_cmpint (g_unlink (elsewhere_lock), ==, 0);
  g_assert_cmpint (g_rmdir (elsewhere), ==, 0);
}

/* A regular file too big to be ours is not read; it is moved aside like any broken file. */
static void
test_oversized (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *path = pat_store_dup_game_path (fixture->store, "penguin");
  g_autoptr(GError) error = NULL;
  int fd = g_open (path, O_WRONLY | O_CREAT, 0600);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 64 * 1024 * 1024 + 1), ==, 0);
  g_assert_cmpint (close (fd), ==, 0);
  g_assert_null (pat_store_load_game (fixture->store, "penguin", &error));
  g_assert_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_NOT_OURS);
  g_assert_cmpuint (fixture->failure.count, ==, 1);
  g_assert_nonnull (fixture->failure.moved_to);
  g_assert_cmpint (g_unlink (fixture->failure.moved_to), ==, 0);
}

/* The temporary files of writes cut short are removed at start-up; nothing else is. */
static void
test_leftovers (Fixture       *fixture,
                gconstpointer  data)
{
  const char *ours[] = {
    "penguin.gvariant.AbC123", "match.gvariant.x1Y2z3", "demon.gvariant.000000"
  };
  const char *others[] = {
    "notes.txt", "penguin.gvariant", "penguin.gvariant.broken-20240101-000000",
    "penguin.gvariant.abc", "penguin.gvariant.abcdefg", "chess.gvariant.AbC123",
    "penguin.gvariant.ab-123"
  };
  g_autoptr(PatStore) store = NULL;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (ours); i++)
    {
      g_autofree char *path = g_build_filename (fixture->dir, ours[i], NULL);

      g_assert_true (g_file_set_contents (path, "half", -1, NULL));
    }
  for (i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_autofree char *path = g_build_filename (fixture->dir, others[i], NULL);

      g_assert_true (g_file_set_contents (path, "keep", -1, NULL));
    }

  store = pat_store_new (fixture->dir);
  g_assert_cmpuint (count_files (fixture->dir), ==, G_N_ELEMENTS (others));
  for (i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_autofree char *path = g_build_filename (fixture->dir, others[i], NULL);

      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
}

/* A broken file that cannot be moved aside (here its new name would be too long) is reported
 * once, saying where it is. */
static void
test_unmovable (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GString) dir = g_string_new (fixture->dir);
  g_autoptr(PatStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *top = NULL;
  Failure failure = { 0 };

  /* The save's path fits in PATH_MAX; its .broken-DATE name does not. */
  while (dir->len + strlen ("/penguin.gvariant") + 2 < 4085)
    {
      gsize room = 4085 - dir->len - strlen ("/penguin.gvariant") - 1;

      g_string_append_c (dir, '/');
      for (gsize k = 0; k < MIN (room, 60); k++)
        g_string_append_c (dir, 'd');
      g_assert_cmpint (g_mkdir (dir->str, 0700), ==, 0);
    }
  top = g_strndup (dir->str, strlen (fixture->dir) + 61);
  store = pat_store_new (dir->str);
  g_signal_connect (store, "load-failed", G_CALLBACK (load_failed_cb), &failure);
  path = pat_store_dup_game_path (store, "penguin");
  g_assert_cmpuint (strlen (path), <, 4095);
  g_assert_true (g_file_set_contents (path, "junk", -1, NULL));

  g_assert_null (pat_store_load_game (store, "penguin", &error));
  g_assert_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_NOT_OURS);
  g_assert_cmpuint (failure.count, ==, 1);
  g_assert_null (failure.moved_to);
  g_assert_nonnull (strstr (failure.message, "could not be moved"));
  g_assert_nonnull (strstr (failure.message, path));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  g_clear_error (&error);
  g_assert_null (pat_store_load_game (store, "penguin", &error));
  g_assert_cmpuint (failure.count, ==, 1);

  g_assert_cmpint (g_unlink (path), ==, 0);
  failure_clear (&failure);
  g_clear_object (&store);
  remove_tree (top);
}

/* Runs store-writer, kills it with SIGKILL after @lines moves, and returns the last move it
 * printed. */
static guint
run_and_kill (const char *dir,
              const char *mode,
              guint       lines)
{
  const char *writer = g_getenv ("STORE_WRITER");
  const char *argv[] = { writer, dir, "perpetual-motion", "9", mode, NULL };
  g_autoptr(GError) error = NULL;
  GPid pid;
  int out, status;
  guint last = 0, seen = 0;
  g_autoptr(GString) text = g_string_new (NULL);
  char buffer[4096];
  gssize n;
  char **line;
  g_auto(GStrv) all = NULL;

  g_assert_nonnull (writer);
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  while (seen < lines && (n = read (out, buffer, sizeof buffer)) > 0)
    {
      gssize k;

      for (k = 0; k < n; k++)
        seen += buffer[k] == '\n';
      g_string_append_len (text, buffer, n);
    }
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  /* What it printed before it died counts too. */
  while ((n = read (out, buffer, sizeof buffer)) > 0)
    g_string_append_len (text, buffer, n);
  close (out);

  all = g_strsplit (text->str, "\n", -1);
  for (line = all; *line != NULL; line++)
    if (**line != '\0' && !g_str_equal (*line, "end"))
      last = (guint) g_ascii_strtoull (*line, NULL, 10);
  g_assert_cmpuint (last, >, 0);
  return last;
}

/* Two processes at one folder: the second writes nothing, moves nothing aside and removes
 * nothing, until the first is gone (here killed: the kernel drops its lock). */
static void
test_one_writer (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *writer = g_getenv ("STORE_WRITER");
  const char *argv[] = { writer, fixture->dir, "perpetual-motion", "9", "paced", NULL };
  g_autofree char *leftover = g_build_filename (fixture->dir, "demon.gvariant.Ab12Cd", NULL);
  g_autofree char *demon = g_build_filename (fixture->dir, "demon.gvariant", NULL);
  g_autofree char *broken = g_build_filename (fixture->dir, "penguin.gvariant", NULL);
  g_autofree char *moves = g_build_filename (fixture->dir, "perpetual-motion.gvariant", NULL);
  g_autoptr(PatGame) game = played_game ("demon", 5, 3);
  g_autoptr(PatStore) second = NULL;
  g_autoptr(PatStore) third = NULL;
  g_autoptr(GError) error = NULL;
  char buffer[64];
  guint lines = 0;
  GPid pid;
  int out, status;
  Failure failure = { 0 };

  /* Only the writer process holds the folder. */
  g_clear_object (&fixture->store);
  g_assert_true (g_file_set_contents (broken, "not a game", -1, NULL));
  g_assert_nonnull (writer);
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  /* Its second move is printed once its store locked the folder and saved the first. */
  while (lines < 2)
    {
      gssize n = read (out, buffer, sizeof buffer), k;

      g_assert_cmpint (n, >, 0);
      for (k = 0; k < n; k++)
        lines += buffer[k] == '\n';
    }
  /* As if it were writing the demon's file. */
  g_assert_true (g_file_set_contents (leftover, "half", -1, NULL));

  second = pat_store_new (fixture->dir);
  g_signal_connect (second, "load-failed", G_CALLBACK (load_failed_cb), &failure);
  g_assert_true (pat_store_get_read_only (second));
  g_assert_true (g_file_test (leftover, G_FILE_TEST_EXISTS));
  g_assert_true (pat_store_save_game (second, game, &error));
  g_assert_no_error (error);
  pat_store_autosave (second, game);
  g_assert_true (store_test_play_move (game, 3));
  pat_store_flush (second);
  g_assert_false (g_file_test (demon, G_FILE_TEST_EXISTS));
  /* It reads what the writer saved, and does not remove it. */
  g_assert_true (pat_store_has_game (second, "perpetual-motion"));
  g_assert_true (pat_store_remove_game (second, "perpetual-motion", NULL));
  g_assert_true (g_file_test (moves, G_FILE_TEST_EXISTS));
  /* A broken file is reported and left where it is for the writer. */
  g_assert_null (pat_store_load_game (second, "penguin", NULL));
  g_assert_cmpuint (failure.count, ==, 1);
  g_assert_null (failure.moved_to);
  g_assert_true (g_file_test (broken, G_FILE_TEST_EXISTS));

  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_spawn_close_pid (pid);
  close (out);

  /* The next process to start writes the folder. */
  g_clear_object (&second);
  third = pat_store_new (fixture->dir);
  g_assert_false (pat_store_get_read_only (third));
  g_assert_false (g_file_test (leftover, G_FILE_TEST_EXISTS));
  g_assert_true (pat_store_save_game (third, game, NULL));
  g_assert_true (g_file_test (demon, G_FILE_TEST_EXISTS));
  failure_clear (&failure);
}

/* After kill -9 in the middle of moves the save is always one complete state of the game, and
 * at the pace of a player (each write done before the next move) at most the last move is
 * missing; in a burst faster than the disk, the moves of one write in flight. */
static void
test_killed (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new ();
  const char *modes[] = { "paced", "burst" };
  guint i;

  /* The writer is the only process at the folder, as the app is. */
  g_clear_object (&fixture->store);
  for (i = 0; i < 8; i++)
    {
      const char *mode = modes[i % 2];
      guint lines = (guint) g_rand_int_range (rand, 2, i % 2 == 0 ? 40 : 300);
      guint last = run_and_kill (fixture->dir, mode, lines);
      g_autoptr(PatStore) store = NULL;
      g_autoptr(PatGame) loaded = NULL;
      g_autoptr(PatGame) replay = NULL;
      g_autoptr(GError) error = NULL;
      PatDealNumber deal = pat_deal_number_from_uint (9);
      guint saved, k;

      store = pat_store_new (fixture->dir);
      loaded = pat_store_load_game (store, "perpetual-motion", &error);
      g_test_message ("%s: killed after move %u, saved %u", mode, last,
                      loaded != NULL ? pat_game_get_history_length (loaded) - 1 : 0);
      /* Nothing is there only if no write was done yet: paced, before the first move's. */
      if (loaded == NULL && (last <= 1 || g_str_equal (mode, "burst")))
        continue;
      g_assert_no_error (error);
      saved = pat_game_get_history_length (loaded) - 1;
      g_assert_cmpuint (saved, <=, last + 1);
      if (g_str_equal (mode, "paced"))
        g_assert_cmpuint (saved + 1, >=, last);

      /* Exactly the game as it was after that many moves. */
      replay = pat_game_new ("perpetual-motion", &deal, NULL);
      for (k = 0; k < saved; k++)
        g_assert_true (store_test_play_move (replay, k));
      assert_same_game (replay, loaded);

      /* No temporary file is left once a store has started. */
      g_assert_cmpuint (count_files (fixture->dir), ==, 1);
      g_assert_true (pat_store_remove_game (store, "perpetual-motion", NULL));
    }
}

static void
test_last_game (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(PatStore) other = pat_store_new (fixture->dir);
  g_autofree char *initial = pat_store_dup_last_game_id (fixture->store);
  g_autofree char *last = NULL;

  g_assert_cmpstr (initial, ==, "");
  pat_store_set_last_game_id (fixture->store, "demon");
  last = pat_store_dup_last_game_id (other);
  g_assert_cmpstr (last, ==, "demon");
}

/* "resume-match" is written with "last-game", by the store alone; a "last-game" of
 * "demon-match", as older versions wrote it during a match, is read once as resume-match. */
static void
test_resume_match (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(PatStore) old = NULL;
  g_autoptr(PatStore) again = NULL;
  g_autofree char *last = NULL;
  g_autofree char *after = NULL;

  pat_store_set_resume_match (fixture->store, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "resume-match"));
  g_assert_cmpstr ((last = g_settings_get_string (settings, "last-game")), ==,
                   pat_rules_match ()->id);
  g_clear_pointer (&last, g_free);
  pat_store_set_last_game_id (fixture->store, "black-hole");
  g_assert_false (pat_store_get_resume_match (fixture->store));
  g_assert_false (g_settings_get_boolean (settings, "resume-match"));

  g_settings_set_string (settings, "last-game", "demon-match");
  old = pat_store_new (fixture->dir);
  g_assert_true (pat_store_get_resume_match (old));
  last = pat_store_dup_last_game_id (old);
  g_assert_cmpstr (last, ==, pat_rules_match ()->id);

  /* Once only: the old value is gone. */
  pat_store_set_last_game_id (old, "penguin");
  again = pat_store_new (fixture->dir);
  g_assert_false (pat_store_get_resume_match (again));
  after = pat_store_dup_last_game_id (again);
  g_assert_cmpstr (after, ==, "penguin");
}

static void
test_match (Fixture       *fixture,
            gconstpointer  data)
{
  const char *players[] = { "Ann", "Bob", NULL };
  g_autoptr(PatMatch) match = pat_match_new (players, NULL);
  g_autoptr(PatMatch) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "match.gvariant", NULL);

  g_assert_false (pat_store_has_match (fixture->store));
  g_assert_null (pat_store_load_match (fixture->store, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_true (pat_match_record_score (match, 40, NULL));
  g_assert_true (pat_store_save_match (fixture->store, match, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  loaded = pat_store_load_match (fixture->store, &error);
  g_assert_no_error (error);
  g_assert_cmpint (pat_match_get_player_total (loaded, 0), ==, 40);
  g_assert_cmpuint (pat_match_get_current_player (loaded), ==, 1);

  g_assert_true (g_file_set_contents (path, "not a match", -1, NULL));
  g_clear_object (&loaded);
  loaded = pat_store_load_match (fixture->store, &error);
  g_assert_null (loaded);
  g_assert_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_NOT_OURS);
  g_assert_cmpuint (fixture->failure.count, ==, 1);
  g_assert_cmpstr (fixture->failure.game_id, ==, "match");
  g_assert_true (g_file_test (fixture->failure.moved_to, G_FILE_TEST_IS_REGULAR));
  g_assert_false (pat_store_has_match (fixture->store));

  g_assert_true (pat_store_save_match (fixture->store, match, NULL));
  g_assert_true (pat_store_remove_match (fixture->store, NULL));
  g_assert_false (pat_store_has_match (fixture->store));
}

/* A failed write names the player's file and why, never the temporary file GLib wrote first
 * ("penguin.gvariant.0V1CZ3"): here a directory stands where the file goes, so the rename
 * fails. */
static void
test_failure_names_file (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(PatGame) game = played_game ("penguin", 3, 1);
  g_autofree char *path = pat_store_dup_game_path (fixture->store, "penguin");
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  g_assert_false (pat_store_save_game (fixture->store, game, &error));
  g_assert_nonnull (error);
  expected = g_strdup_printf ("Could not write %s: ", path);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_null (strstr (error->message, "penguin.gvariant."));
  /* No temporary file is left behind. */
  dir = g_dir_open (fixture->dir, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_assert_false (g_str_has_prefix (name, "penguin.gvariant."));
  g_assert_cmpint (g_rmdir (path), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/store/default-directory", test_default_directory);
#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/store/save-load", test_save_load);
  ADD ("/store/truncated", test_truncated);
  ADD ("/store/random-bytes", test_random_bytes);
  ADD ("/store/future-version", test_future_version);
  ADD ("/store/other-game", test_other_game);
  ADD ("/store/broken-names", test_broken_names);
  ADD ("/store/autosave", test_autosave);
  ADD ("/store/failure-names-file", test_failure_names_file);
  ADD ("/store/read-error-keeps-file", test_read_error_keeps_file);
  ADD ("/store/fifo", test_fifo);
  ADD ("/store/device", test_device);
  ADD ("/store/symlink", test_symlink);
  ADD ("/store/oversized", test_oversized);
  ADD ("/store/leftovers", test_leftovers);
  ADD ("/store/unmovable", test_unmovable);
  ADD ("/store/killed", test_killed);
  ADD ("/store/one-writer", test_one_writer);
  ADD ("/store/last-game", test_last_game);
  ADD ("/store/resume-match", test_resume_match);
  ADD ("/store/match", test_match);
#undef ADD

  return g_test_run ();
}
