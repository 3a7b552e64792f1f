/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatStore: the save files, one per game id, the Demon match, and which game was played last. */

#include "config.h"

#include <errno.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "pat-store.h"

#define MATCH_NAME "match"
#define FILE_SUFFIX ".gvariant"

/* Anything bigger is not one of ours; it is not worth reading into memory. */
#define MAX_FILE_SIZE (64 * 1024 * 1024)

struct _PatStore
{
  GObject    parent_instance;

  char      *directory;
  GSettings *settings;   /* nullable: when the schema is not installed */
  char      *last_game;  /* without settings */
};

G_DEFINE_FINAL_TYPE (PatStore, pat_store, G_TYPE_OBJECT)

enum {
  LOAD_FAILED,
  SAVE_FAILED,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static void
pat_store_finalize (GObject *object)
{
  PatStore *self = PAT_STORE (object);

  g_clear_pointer (&self->directory, g_free);
  g_clear_pointer (&self->last_game, g_free);

  G_OBJECT_CLASS (pat_store_parent_class)->finalize (object);
}

static void
pat_store_dispose (GObject *object)
{
  PatStore *self = PAT_STORE (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (pat_store_parent_class)->dispose (object);
}

static void
pat_store_class_init (PatStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_store_dispose;
  object_class->finalize = pat_store_finalize;

  signals[LOAD_FAILED] =
    g_signal_new ("load-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
  signals[SAVE_FAILED] =
    g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                  G_TYPE_STRING, G_TYPE_STRING);
}

static void
pat_store_init (PatStore *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema != NULL)
    self->settings = g_settings_new_full (schema, NULL, NULL);
}

/**
 * pat_store_new:
 * @directory: (nullable): where the files live; %NULL for g_get_user_data_dir()/patience
 *
 * The directory is created at the first save.
 *
 * Returns: (transfer full): a new store
 */
PatStore *
pat_store_new (const char *directory)
{
  PatStore *self = g_object_new (PAT_TYPE_STORE, NULL);

  if (directory != NULL)
    self->directory = g_strdup (directory);
  else
    self->directory = g_build_filename (g_get_user_data_dir (), "patience", NULL);
  return self;
}

const char *
pat_store_get_directory (PatStore *self)
{
  g_return_val_if_fail (PAT_IS_STORE (self), NULL);

  return self->directory;
}

static char *
file_path (PatStore   *self,
           const char *name)
{
  g_autofree char *base = g_strconcat (name, FILE_SUFFIX, NULL);

  return g_build_filename (self->directory, base, NULL);
}

/**
 * pat_store_dup_game_path:
 * @game_id: a game id known to pat_rules_lookup()
 *
 * Returns: (transfer full): the file that holds @game_id's game in progress
 */
char *
pat_store_dup_game_path (PatStore   *self,
                         const char *game_id)
{
  g_return_val_if_fail (PAT_IS_STORE (self), NULL);
  g_return_val_if_fail (pat_rules_lookup (game_id) != NULL, NULL);

  return file_path (self, game_id);
}

static gboolean
write_file (PatStore    *self,
            const char  *name,
            GBytes      *bytes,
            GError     **error)
{
  g_autofree char *path = file_path (self, name);
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  if (g_mkdir_with_parents (self->directory, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not create the folder %s: %s"),
                   self->directory, g_strerror (saved_errno));
      return FALSE;
    }

  /* CONSISTENT: a temporary file in the same directory, written, fsync()ed and renamed over
   * the old one. Not ONLY_EXISTING, so the very first save is synced too. */
  return g_file_set_contents_full (path, data, (gssize) size,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

/* Moves a broken file out of the way under a name no other file has, and says so once. */
static void
move_aside (PatStore   *self,
            const char *path,
            const char *name,
            const char *message)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *target = g_strdup_printf ("%s.broken-%s", path, stamp);
  const char *moved_to = NULL;
  guint n;

  for (n = 2; g_file_test (target, G_FILE_TEST_EXISTS) && n < 1000; n++)
    {
      g_free (target);
      target = g_strdup_printf ("%s.broken-%s-%u", path, stamp, n);
    }

  /* rename() would replace an older broken file, so a name still taken is not used. */
  if (!g_file_test (target, G_FILE_TEST_EXISTS) && g_rename (path, target) == 0)
    moved_to = target;

  g_signal_emit (self, signals[LOAD_FAILED], 0, name, moved_to, message);
}

/* Reads a whole file; %NULL with G_IO_ERROR_NOT_FOUND when there is none, or with another
 * error when it cannot be read (the file is then broken). */
static GBytes *
read_file (const char  *path,
           GError     **error)
{
  GStatBuf buf;
  char *contents = NULL;
  gsize length = 0;

  if (g_stat (path, &buf) != 0)
    {
      int saved_errno = errno;

      if (saved_errno == ENOENT)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no saved game"));
      else
        g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                     _("Could not read %s: %s"), path, g_strerror (saved_errno));
      return NULL;
    }
  if (buf.st_size > MAX_FILE_SIZE)
    {
      g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_NOT_OURS,
                   _("This is not a file saved by Patience"));
      return NULL;
    }
  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;
  return g_bytes_new_take (contents, length);
}

typedef gpointer (*ParseFunc) (GBytes  *bytes,
                               GError **error);

static gpointer
parse_game (GBytes  *bytes,
            GError **error)
{
  return pat_game_new_from_bytes (bytes, error);
}

static gpointer
parse_match (GBytes  *bytes,
             GError **error)
{
  return pat_match_new_from_bytes (bytes, error);
}

/* Reads and parses one file; a file that is there but cannot be used is moved aside. */
static gpointer
load_file (PatStore    *self,
           const char  *name,
           ParseFunc    parse,
           GError     **error)
{
  g_autofree char *path = file_path (self, name);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  gpointer object;

  bytes = read_file (path, &local_error);
  if (bytes == NULL && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  object = bytes != NULL ? parse (bytes, &local_error) : NULL;
  if (object != NULL && PAT_IS_GAME (object) &&
      !g_str_equal (pat_game_get_game_id (object), name))
    {
      g_clear_object (&object);
      g_set_error (&local_error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT,
                   _("The file holds a game of another kind"));
    }
  if (object == NULL)
    {
      move_aside (self, path, name, local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
    }
  return object;
}

gboolean
pat_store_save_game (PatStore  *self,
                     PatGame   *game,
                     GError   **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);
  g_return_val_if_fail (PAT_IS_GAME (game), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  bytes = pat_game_save_to_bytes (game);
  return write_file (self, pat_game_get_game_id (game), bytes, error);
}

/**
 * pat_store_load_game:
 * @game_id: a game id known to pat_rules_lookup()
 * @error: G_IO_ERROR_NOT_FOUND when nothing is saved; a #PAT_SAVE_ERROR or #G_FILE_ERROR
 *   when the file was broken (it has then been moved aside and #PatStore::load-failed emitted)
 *
 * Returns: (transfer full) (nullable): the saved game, exactly as it was saved
 */
PatGame *
pat_store_load_game (PatStore    *self,
                     const char  *game_id,
                     GError     **error)
{
  g_return_val_if_fail (PAT_IS_STORE (self), NULL);
  g_return_val_if_fail (pat_rules_lookup (game_id) != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return load_file (self, game_id, parse_game, error);
}

gboolean
pat_store_has_game (PatStore   *self,
                    const char *game_id)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);
  g_return_val_if_fail (pat_rules_lookup (game_id) != NULL, FALSE);

  path = file_path (self, game_id);
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static gboolean
remove_file (PatStore    *self,
             const char  *name,
             GError     **error)
{
  g_autofree char *path = file_path (self, name);

  if (g_unlink (path) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not remove %s: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

/**
 * pat_store_remove_game:
 *
 * Forgets @game_id's saved game; nothing saved is not an error.
 */
gboolean
pat_store_remove_game (PatStore    *self,
                       const char  *game_id,
                       GError     **error)
{
  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);
  g_return_val_if_fail (pat_rules_lookup (game_id) != NULL, FALSE);

  return remove_file (self, game_id, error);
}

static void
autosave (PatStore *self,
          PatGame  *game)
{
  g_autoptr(GError) error = NULL;

  if (!pat_store_save_game (self, game, &error))
    g_signal_emit (self, signals[SAVE_FAILED], 0, pat_game_get_game_id (game), error->message);
}

static void
game_changed_cb (PatGame  *game,
                 PatStore *self)
{
  autosave (self, game);
}

static void
game_notify_cb (PatGame    *game,
                GParamSpec *pspec,
                PatStore   *self)
{
  autosave (self, game);
}

/**
 * pat_store_autosave:
 * @game: a game to keep saved
 *
 * Saves @game after every change of position, when it is recorded in the statistics, when a
 * hint is used and when it stops running (the window lost focus or closes, which keeps the
 * clock). Failures are reported by #PatStore::save-failed. Stops by itself when either object
 * goes away.
 */
void
pat_store_autosave (PatStore *self,
                    PatGame  *game)
{
  g_return_if_fail (PAT_IS_STORE (self));
  g_return_if_fail (PAT_IS_GAME (game));

  if (g_signal_handler_find (game, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA,
                             0, 0, NULL, game_changed_cb, self) != 0)
    return;

  g_signal_connect_object (game, "changed", G_CALLBACK (game_changed_cb), self, 0);
  g_signal_connect_object (game, "notify::recorded", G_CALLBACK (game_notify_cb), self, 0);
  g_signal_connect_object (game, "notify::hints-used", G_CALLBACK (game_notify_cb), self, 0);
  g_signal_connect_object (game, "notify::running", G_CALLBACK (game_notify_cb), self, 0);
}

/**
 * pat_store_pause_autosave:
 * @game: a game kept saved by pat_store_autosave()
 *
 * Stops saving @game after every move until pat_store_resume_autosave(): a save writes the
 * whole history and syncs it to disk, far too slow for hundreds of deals a second.
 */
void
pat_store_pause_autosave (PatStore *self,
                          PatGame  *game)
{
  g_return_if_fail (PAT_IS_STORE (self));
  g_return_if_fail (PAT_IS_GAME (game));

  g_signal_handlers_block_matched (game, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA, 0, 0, NULL,
                                   game_changed_cb, self);
}

/**
 * pat_store_resume_autosave:
 * @game: a game paused by pat_store_pause_autosave()
 *
 * Saves @game after every move again, and now.
 */
void
pat_store_resume_autosave (PatStore *self,
                           PatGame  *game)
{
  g_return_if_fail (PAT_IS_STORE (self));
  g_return_if_fail (PAT_IS_GAME (game));

  if (g_signal_handlers_unblock_matched (game, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA, 0, 0, NULL,
                                         game_changed_cb, self) > 0)
    autosave (self, game);
}

/**
 * pat_store_dup_last_game_id:
 *
 * Returns: (transfer full): the game id played last, "" when none
 */
char *
pat_store_dup_last_game_id (PatStore *self)
{
  g_return_val_if_fail (PAT_IS_STORE (self), NULL);

  if (self->settings != NULL)
    return g_settings_get_string (self->settings, "last-game");
  return g_strdup (self->last_game != NULL ? self->last_game : "");
}

void
pat_store_set_last_game_id (PatStore   *self,
                            const char *game_id)
{
  g_return_if_fail (PAT_IS_STORE (self));
  g_return_if_fail (game_id != NULL);

  if (self->settings != NULL)
    g_settings_set_string (self->settings, "last-game", game_id);
  else
    {
      g_free (self->last_game);
      self->last_game = g_strdup (game_id);
    }
}

gboolean
pat_store_save_match (PatStore  *self,
                      PatMatch  *match,
                      GError   **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);
  g_return_val_if_fail (PAT_IS_MATCH (match), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  bytes = pat_match_save_to_bytes (match);
  return write_file (self, MATCH_NAME, bytes, error);
}

/**
 * pat_store_load_match:
 * @error: as for pat_store_load_game()
 *
 * Returns: (transfer full) (nullable): the match in progress
 */
PatMatch *
pat_store_load_match (PatStore  *self,
                      GError   **error)
{
  g_return_val_if_fail (PAT_IS_STORE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return load_file (self, MATCH_NAME, parse_match, error);
}

gboolean
pat_store_has_match (PatStore *self)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);

  path = file_path (self, MATCH_NAME);
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

gboolean
pat_store_remove_match (PatStore  *self,
                        GError   **error)
{
  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);

  return remove_file (self, MATCH_NAME, error);
}
