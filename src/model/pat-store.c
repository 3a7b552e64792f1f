/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatStore: the save files, one per game id, the Demon match, and which game was played last. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "pat-store.h"
#include "pat-rules.h"

#define MATCH_NAME "match"
/* What older versions wrote in "last-game" while a match was being played. */
#define OLD_MATCH_LAST_GAME "demon-match"
#define FILE_SUFFIX ".gvariant"
/* The file whose lock says which process writes the folder (see pat_store_new()). */
#define LOCK_NAME "patience.lock"

/* Anything bigger is not one of ours; it is not worth reading into memory. A save holds the whole
 * undo history, about a hundred bytes a position: 64 MiB is over half a million positions, far
 * beyond any game played by hand (Perpetual Motion played to its end is a few thousand). */
#define MAX_FILE_SIZE (64 * 1024 * 1024)

/* One automatic save for the worker thread: the newest bytes of one file. */
typedef struct {
  char   *name;
  GBytes *bytes;
} Write;

/* What the worker did, for the main thread to report. */
typedef struct {
  char   *name;
  GError *error;   /* nullable: it worked */
} Result;

struct _PatStore
{
  GObject       parent_instance;

  char         *directory;
  GSettings    *settings;   /* nullable: when the schema is not installed */
  char         *last_game;  /* without settings */
  gboolean      resume_match; /* without settings */
  GHashTable   *unreadable; /* names whose file is there but could not be read: never replaced */
  int           lock_fd;    /* holds the folder's lock, or -1 */
  gboolean      read_only;  /* another process holds the lock: nothing is written */

  /* The autosave worker. Everything below is under the lock. */
  GMainContext *context;    /* where the signals are emitted */
  GThread      *thread;
  GMutex        lock;
  GCond         cond;
  GQueue        pending;    /* of Write, at most one per name, the newest bytes */
  char         *in_flight;  /* the name being written, or NULL */
  GQueue        results;    /* of Result */
  guint         results_id;
  gboolean      quit;
};

G_DEFINE_FINAL_TYPE (PatStore, pat_store, G_TYPE_OBJECT)

enum {
  LOAD_FAILED,
  SAVE_FAILED,
  SAVED,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static void
write_free (Write *write)
{
  g_free (write->name);
  g_bytes_unref (write->bytes);
  g_free (write);
}

static void
result_free (Result *result)
{
  g_free (result->name);
  g_clear_error (&result->error);
  g_free (result);
}

static void wait_for (PatStore   *self,
                      const char *name);
static gboolean is_history_name (const char *name);

static void
pat_store_finalize (GObject *object)
{
  PatStore *self = PAT_STORE (object);

  g_clear_pointer (&self->directory, g_free);
  g_clear_pointer (&self->last_game, g_free);
  if (self->lock_fd >= 0)
    close (self->lock_fd);
  g_clear_pointer (&self->unreadable, g_hash_table_unref);
  g_queue_clear_full (&self->results, (GDestroyNotify) result_free);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->cond);

  G_OBJECT_CLASS (pat_store_parent_class)->finalize (object);
}

/* Forgets the main-loop source that would report the worker's results: the caller reports them
 * itself, or nobody is left to. */
static void
drop_results_source (PatStore *self)
{
  g_mutex_lock (&self->lock);
  if (self->results_id != 0)
    {
      GSource *source = g_main_context_find_source_by_id (self->context, self->results_id);

      if (source != NULL)
        g_source_destroy (source);
      self->results_id = 0;
    }
  g_mutex_unlock (&self->lock);
}

static void
pat_store_dispose (GObject *object)
{
  PatStore *self = PAT_STORE (object);

  /* Whatever is still to be written is written before the store goes. */
  if (self->thread != NULL)
    {
      wait_for (self, NULL);
      g_mutex_lock (&self->lock);
      self->quit = TRUE;
      g_cond_broadcast (&self->cond);
      g_mutex_unlock (&self->lock);
      g_thread_join (g_steal_pointer (&self->thread));
    }
  drop_results_source (self);
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
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_STRING, G_TYPE_STRING, G_TYPE_ERROR);
  signals[SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING);
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
  if (self->settings != NULL)
    {
      g_autofree char *last = g_settings_get_string (self->settings, "last-game");

      /* Before "resume-match", a match in progress was the last game "demon-match". */
      if (g_str_equal (last, OLD_MATCH_LAST_GAME))
        pat_store_set_resume_match (self, TRUE);
    }

  self->unreadable = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->lock_fd = -1;
  self->context = g_main_context_ref_thread_default ();
  g_mutex_init (&self->lock);
  g_cond_init (&self->cond);
  g_queue_init (&self->pending);
  g_queue_init (&self->results);
}

/* Whether anything is at @path, a dangling or looping symbolic link too (which
 * g_file_test (G_FILE_TEST_EXISTS) follows, and misses). */
static gboolean
path_taken (const char *path)
{
  GStatBuf buf;

  return g_lstat (path, &buf) == 0;
}

/* NAME.gvariant.XXXXXX, the temporary file of g_file_set_contents() for one of our files. */
static gboolean
is_leftover (const char *file_name)
{
  const char *suffix = strstr (file_name, FILE_SUFFIX ".");
  g_autofree char *name = NULL;
  const char *p;

  if (suffix == NULL)
    return FALSE;
  p = suffix + strlen (FILE_SUFFIX ".");
  if (strlen (p) != 6)
    return FALSE;
  for (; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p))
      return FALSE;
  name = g_strndup (file_name, (gsize) (suffix - file_name));
  return g_str_equal (name, MATCH_NAME) || is_history_name (name) ||
         pat_rules_lookup (name) != NULL;
}

/* A write killed half-way leaves its temporary file; nothing else would ever remove it. */
static void
remove_leftovers (PatStore *self)
{
  g_autoptr(GDir) dir = g_dir_open (self->directory, 0, NULL);
  const char *file_name;

  if (dir == NULL)
    return;
  while ((file_name = g_dir_read_name (dir)) != NULL)
    if (is_leftover (file_name))
      {
        g_autofree char *path = g_build_filename (self->directory, file_name, NULL);

        if (g_file_test (path, G_FILE_TEST_IS_REGULAR) &&
            !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
          g_unlink (path);
      }
}

/* One writer per folder: a POSIX write lock (fcntl) on LOCK_NAME, held while the process lives.
 * The kernel drops it when the process ends, however it ends (kill -9 too), so a lock is never
 * left behind; the file itself stays, empty. It is a process's lock (a second store of the same
 * process, as tests make, is not kept out), and works on NFS too. Only a lock held by another
 * process makes the store read-only: a folder that cannot be created or locked (read-only disk,
 * no permission) is written as before, and its saves fail and are reported one by one. */
static void
take_lock (PatStore *self)
{
  g_autofree char *path = g_build_filename (self->directory, LOCK_NAME, NULL);
  struct flock lock = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };

  if (g_mkdir_with_parents (self->directory, 0700) != 0)
    return;
  self->lock_fd = g_open (path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (self->lock_fd < 0)
    {
      g_message ("The folder %s cannot be locked (%s): another Patience could write it too",
                 self->directory, g_strerror (errno));
      return;
    }
  if (fcntl (self->lock_fd, F_SETLK, &lock) == 0)
    return;
  if (errno == EACCES || errno == EAGAIN)
    self->read_only = TRUE;
  else
    g_message ("The folder %s cannot be locked (%s): another Patience could write it too",
               self->directory, g_strerror (errno));
  close (self->lock_fd);
  self->lock_fd = -1;
}

/**
 * pat_store_new:
 * @directory: (nullable): where the files live; %NULL for g_get_user_data_dir()/patience
 *
 * The directory is created, and locked for this process (`patience.lock`). When another
 * process holds that lock (a second copy of the app, in another session of the same user), the
 * store is read-only (pat_store_get_read_only()): it reads the files but writes, moves and
 * removes nothing, and its saves do nothing and report nothing. Otherwise temporary files that
 * a write cut short left in it (`NAME.gvariant.XXXXXX`) are removed: make one store per
 * directory, at start-up.
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
  take_lock (self);
  if (!self->read_only)
    remove_leftovers (self);
  else if (self->settings != NULL)
    {
      /* What is played here is remembered while it runs, not for the next start. */
      self->last_game = g_settings_get_string (self->settings, "last-game");
      self->resume_match = g_settings_get_boolean (self->settings, "resume-match");
      g_clear_object (&self->settings);
    }
  return self;
}

/**
 * pat_store_get_read_only:
 *
 * Returns: whether another process writes this store's folder, so that this store writes
 *   nothing (see pat_store_new())
 */
gboolean
pat_store_get_read_only (PatStore *self)
{
  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);

  return self->read_only;
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

/* Whether nothing but a regular file stands at @path, or nothing at all; @mode (optional) is
 * set to what stands there otherwise. A symbolic link (to anything, or dangling, or looping), a
 * FIFO, a socket or a device is the player's and is left alone; a directory cannot be replaced
 * by rename(), whose failure then says why. */
static gboolean
is_replaceable (const char *path,
                mode_t     *mode)
{
  GStatBuf buf;

  if (g_lstat (path, &buf) != 0 || S_ISREG (buf.st_mode) || S_ISDIR (buf.st_mode))
    return TRUE;
  if (mode != NULL)
    *mode = buf.st_mode;
  return FALSE;
}

/* Why a file is not read: it is a symbolic link, or something else than a regular file. */
static void
set_not_regular_error (GError     **error,
                       const char  *path,
                       mode_t       mode)
{
  if (S_ISLNK (mode))
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                 _("%s is a symbolic link, which Patience does not follow"), path);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                 _("%s is not a regular file"), path);
}

/* Says once that @name's file is there but is not read (@reason says why), and keeps it from
 * being replaced or removed while this store lives. */
static void
report_unreadable (PatStore   *self,
                   const char *name,
                   const char *reason)
{
  g_autofree char *message = NULL;

  if (g_hash_table_contains (self->unreadable, name))
    return;
  g_hash_table_add (self->unreadable, g_strdup (name));
  /* Translators: %s says why the file could not be read */
  message = g_strdup_printf (_("%s. It was left as it is, and will be read again at "
                               "the next start"),
                             reason);
  g_signal_emit (self, signals[LOAD_FAILED], 0, name, NULL, message);
}

/* Safe in any thread: it only reads the directory, which never changes. */
static gboolean
write_file (PatStore    *self,
            const char  *name,
            GBytes      *bytes,
            GError     **error)
{
  g_autofree char *path = file_path (self, name);
  g_autoptr(GError) local = NULL;
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

  /* check_replaceable() looked on the main thread; a link put there since is not replaced either
   * (rename() would replace the link itself, never write through it). */
  if (!is_replaceable (path, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   _("Not saved, so as not to replace %s, which could not be read"), path);
      return FALSE;
    }

  /* CONSISTENT: a temporary file in the same directory, written, fsync()ed and renamed over
   * the old one. Not ONLY_EXISTING, so the very first save is synced too. */
  if (!g_file_set_contents_full (path, data, (gssize) size,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0600, &local))
    {
      /* GLib's message names the temporary file ("demon.gvariant.0V1CZ3"), which the player
       * never sees: say which of their files, and why, the reason being what follows GLib's
       * last colon ("No space left on device"). */
      const char *reason = strrchr (local->message, ':');

      reason = reason != NULL && reason[1] == ' ' ? reason + 2 : local->message;
      g_set_error (error, local->domain, local->code, _("Could not write %s: %s"), path, reason);
      return FALSE;
    }
  return TRUE;
}

/* A file that was there but could not be read is never replaced: the next start reads it again.
 * Nor is a symbolic link or special file found at its place before any load (the session loads
 * only what pat_store_has_game() sees, and a save may come first): it is reported then, once. */
static gboolean
check_replaceable (PatStore    *self,
                   const char  *name,
                   GError     **error)
{
  g_autofree char *path = file_path (self, name);

  if (!g_hash_table_contains (self->unreadable, name))
    {
      g_autoptr(GError) reason = NULL;
      mode_t mode;

      if (is_replaceable (path, &mode))
        return TRUE;
      set_not_regular_error (&reason, path, mode);
      report_unreadable (self, name, reason->message);
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
               _("Not saved, so as not to replace %s, which could not be read"), path);
  return FALSE;
}

/* The worker thread: writes the pending saves one at a time, oldest name first. */

static gboolean
dispatch_results_cb (gpointer data)
{
  PatStore *self = data;
  GQueue results = G_QUEUE_INIT;
  Result *result;

  g_mutex_lock (&self->lock);
  results = self->results;
  g_queue_init (&self->results);
  self->results_id = 0;
  g_mutex_unlock (&self->lock);

  while ((result = g_queue_pop_head (&results)) != NULL)
    {
      if (result->error != NULL)
        g_signal_emit (self, signals[SAVE_FAILED], 0, result->name, result->error->message,
                       result->error);
      else
        g_signal_emit (self, signals[SAVED], 0, result->name);
      result_free (result);
    }
  return G_SOURCE_REMOVE;
}

static gpointer
worker_thread (gpointer data)
{
  PatStore *self = data;

  g_mutex_lock (&self->lock);
  for (;;)
    {
      Write *write;
      Result *result;

      while (!self->quit && g_queue_is_empty (&self->pending))
        g_cond_wait (&self->cond, &self->lock);
      write = g_queue_pop_head (&self->pending);
      if (write == NULL)
        break;

      self->in_flight = g_strdup (write->name);
      g_mutex_unlock (&self->lock);

      result = g_new0 (Result, 1);
      result->name = g_strdup (write->name);
      write_file (self, write->name, write->bytes, &result->error);
      write_free (write);

      g_mutex_lock (&self->lock);
      g_clear_pointer (&self->in_flight, g_free);
      g_queue_push_tail (&self->results, result);
      if (self->results_id == 0)
        {
          GSource *source = g_idle_source_new ();

          g_source_set_callback (source, dispatch_results_cb, self, NULL);
          g_source_set_static_name (source, "[patience] store results");
          self->results_id = g_source_attach (source, self->context);
          g_source_unref (source);
        }
      g_cond_broadcast (&self->cond);
    }
  g_mutex_unlock (&self->lock);
  return NULL;
}

static Write *
find_pending (PatStore   *self,
              const char *name)
{
  GList *l;

  for (l = self->pending.head; l != NULL; l = l->next)
    if (g_str_equal (((Write *) l->data)->name, name))
      return l->data;
  return NULL;
}

/* Hands @bytes to the worker; bytes still waiting for the same file are replaced. Never waits
 * for the disk. */
static void
write_later (PatStore   *self,
             const char *name,
             GBytes     *bytes)
{
  Write *write;

  if (self->read_only)
    return;
  g_mutex_lock (&self->lock);
  if (self->thread == NULL)
    self->thread = g_thread_new ("pat-store", worker_thread, self);
  write = find_pending (self, name);
  if (write != NULL)
    {
      g_bytes_unref (write->bytes);
      write->bytes = g_bytes_ref (bytes);
    }
  else
    {
      write = g_new0 (Write, 1);
      write->name = g_strdup (name);
      write->bytes = g_bytes_ref (bytes);
      g_queue_push_tail (&self->pending, write);
    }
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->lock);
}

/* Waits until @name (every file when %NULL) is written: nothing of it pending, nothing in
 * flight. */
static void
wait_for (PatStore   *self,
          const char *name)
{
  g_mutex_lock (&self->lock);
  while ((name == NULL && (!g_queue_is_empty (&self->pending) || self->in_flight != NULL)) ||
         (name != NULL && (find_pending (self, name) != NULL ||
                           g_strcmp0 (self->in_flight, name) == 0)))
    g_cond_wait (&self->cond, &self->lock);
  g_mutex_unlock (&self->lock);
}

/* Forgets what is pending for @name and waits for its write in flight: what comes next (a
 * synchronous write, a removal) is not overtaken by an older state. */
static void
drop_pending (PatStore   *self,
              const char *name)
{
  Write *write;

  g_mutex_lock (&self->lock);
  write = find_pending (self, name);
  if (write != NULL)
    {
      g_queue_remove (&self->pending, write);
      write_free (write);
    }
  while (g_strcmp0 (self->in_flight, name) == 0)
    g_cond_wait (&self->cond, &self->lock);
  g_mutex_unlock (&self->lock);
}

/**
 * pat_store_flush:
 *
 * Writes every automatic save still waiting for the worker thread, waits for it, and emits
 * #PatStore::save-failed and #PatStore::saved for them now. Call it on the main thread before
 * quitting.
 */
void
pat_store_flush (PatStore *self)
{
  g_return_if_fail (PAT_IS_STORE (self));

  wait_for (self, NULL);
  drop_results_source (self);
  dispatch_results_cb (self);
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
  g_autofree char *unmoved = NULL;
  int saved_errno = EEXIST;
  guint n;

  for (n = 2; path_taken (target) && n < 1000; n++)
    {
      g_free (target);
      target = g_strdup_printf ("%s.broken-%s-%u", path, stamp, n);
    }

  /* The folder of another process's store is left as it is. */
  if (self->read_only)
    {
      if (g_hash_table_contains (self->unreadable, name))
        return;
      g_hash_table_add (self->unreadable, g_strdup (name));
      /* Translators: the first %s is why the file is unreadable, the second the file's path */
      unmoved = g_strdup_printf (_("%s. It is left at %s while Patience is open elsewhere"),
                                 message, path);
      g_signal_emit (self, signals[LOAD_FAILED], 0, name, NULL, unmoved);
      return;
    }

  /* rename() would replace an older broken file, so a name still taken is not used. */
  if (!path_taken (target))
    {
      if (g_rename (path, target) == 0)
        {
          g_signal_emit (self, signals[LOAD_FAILED], 0, name, target, message);
          return;
        }
      saved_errno = errno;
    }

  /* It stays where it is, and is not replaced; it is reported once, not at every load. */
  if (g_hash_table_contains (self->unreadable, name))
    return;
  g_hash_table_add (self->unreadable, g_strdup (name));
  /* Translators: the first %s is why the file is unreadable, the second the file's path, the
   * third why it could not be renamed */
  unmoved = g_strdup_printf (_("%s. It could not be moved aside and is still at %s (%s)"),
                             message, path, g_strerror (saved_errno));
  g_signal_emit (self, signals[LOAD_FAILED], 0, name, NULL, unmoved);
}

typedef enum {
  READ_OK,
  READ_NOT_FOUND,
  READ_FAILED,      /* it may be fine: it could not be read, or is not a file */
  READ_INVALID,     /* what was read is not one of ours */
} ReadStatus;

/* Reads a whole regular file of at most MAX_FILE_SIZE bytes, without blocking on a FIFO or a
 * device, and without following a symbolic link at @path (O_NOFOLLOW: no race between a look
 * and the open), which is then not a regular file. */
static ReadStatus
read_file (const char  *path,
           GBytes     **bytes,
           GError     **error)
{
  g_autoptr(GByteArray) array = NULL;
  struct stat buf;
  int fd;

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0);
  if (fd < 0)
    {
      int saved_errno = errno;
      GStatBuf link;

      if (saved_errno == ENOENT)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("There is no saved game"));
          return READ_NOT_FOUND;
        }
      /* O_NOFOLLOW fails with ELOOP on a link (EMLINK on some systems): say what it is. */
      if (g_lstat (path, &link) == 0 && S_ISLNK (link.st_mode))
        {
          set_not_regular_error (error, path, link.st_mode);
          return READ_FAILED;
        }
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not read %s: %s"), path, g_strerror (saved_errno));
      return READ_FAILED;
    }
  if (fstat (fd, &buf) != 0)
    {
      int saved_errno = errno;

      g_close (fd, NULL);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("Could not read %s: %s"), path, g_strerror (saved_errno));
      return READ_FAILED;
    }
  if (!S_ISREG (buf.st_mode))
    {
      g_close (fd, NULL);
      set_not_regular_error (error, path, buf.st_mode);
      return READ_FAILED;
    }
  if (buf.st_size > MAX_FILE_SIZE)
    {
      g_close (fd, NULL);
      g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_NOT_OURS,
                   _("This is not a file saved by Patience"));
      return READ_INVALID;
    }

  array = g_byte_array_sized_new ((guint) buf.st_size + 1);
  for (;;)
    {
      guint8 chunk[16384];
      gssize n = read (fd, chunk, sizeof chunk);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved_errno = errno;

          g_close (fd, NULL);
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       _("Could not read %s: %s"), path, g_strerror (saved_errno));
          return READ_FAILED;
        }
      if (n == 0)
        break;
      g_byte_array_append (array, chunk, (guint) n);
      /* It may have grown since fstat(). */
      if (array->len > MAX_FILE_SIZE)
        {
          g_close (fd, NULL);
          g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_NOT_OURS,
                       _("This is not a file saved by Patience"));
          return READ_INVALID;
        }
    }
  g_close (fd, NULL);
  *bytes = g_byte_array_free_to_bytes (g_steal_pointer (&array));
  return READ_OK;
}

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

/* Reads and parses one file. A file that was read and is not valid is moved aside; one that
 * could not be read (an I/O error, too many open files, not a regular file, a symbolic link) is
 * left as it is, reported, and not replaced: the next start tries it again. */
static gpointer
load_file (PatStore    *self,
           const char  *name,
           PatStoreParseFunc parse,
           GError     **error)
{
  g_autofree char *path = file_path (self, name);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local_error = NULL;
  gpointer object;

  /* An automatic save still on its way is the newest state. */
  wait_for (self, name);

  switch (read_file (path, &bytes, &local_error))
    {
    case READ_OK:
      break;
    case READ_NOT_FOUND:
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    case READ_FAILED:
      report_unreadable (self, name, local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    case READ_INVALID:
      move_aside (self, path, name, local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    default:
      g_assert_not_reached ();
    }

  object = parse (bytes, &local_error);
  if (object != NULL && parse == parse_game &&
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
      return NULL;
    }
  g_hash_table_remove (self->unreadable, name);
  return object;
}

/* A save made at once is reported like an automatic one: #PatStore::saved or
 * #PatStore::save-failed, besides @error. */
static gboolean
save_now (PatStore    *self,
          const char  *name,
          GBytes      *bytes,
          GError     **error)
{
  g_autoptr(GError) local = NULL;

  if (self->read_only)
    return TRUE;
  if (check_replaceable (self, name, &local))
    {
      drop_pending (self, name);
      if (write_file (self, name, bytes, &local))
        {
          g_signal_emit (self, signals[SAVED], 0, name);
          return TRUE;
        }
    }
  g_signal_emit (self, signals[SAVE_FAILED], 0, name, local->message, local);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
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
  return save_now (self, pat_game_get_game_id (game), bytes, error);
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

/**
 * pat_store_has_game:
 * @game_id: a game id known to pat_rules_lookup()
 *
 * Returns: whether anything is at @game_id's file's place: a save, or something that cannot be
 *   one (a symbolic link, dangling or not, a FIFO…), which pat_store_load_game() reports
 */
gboolean
pat_store_has_game (PatStore   *self,
                    const char *game_id)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);
  g_return_val_if_fail (pat_rules_lookup (game_id) != NULL, FALSE);

  wait_for (self, game_id);
  path = file_path (self, game_id);
  return path_taken (path);
}

static gboolean
remove_file (PatStore    *self,
             const char  *name,
             GError     **error)
{
  g_autofree char *path = file_path (self, name);

  if (self->read_only)
    return TRUE;
  if (!check_replaceable (self, name, error))
    return FALSE;
  /* A save still on its way would bring the file back. */
  drop_pending (self, name);
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

/* The bytes are made here, on the main thread; the worker only writes them. */
static void
autosave (PatStore *self,
          PatGame  *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const char *name = pat_game_get_game_id (game);

  if (self->read_only)
    return;
  if (!check_replaceable (self, name, &error))
    {
      g_signal_emit (self, signals[SAVE_FAILED], 0, name, error->message, error);
      return;
    }
  bytes = pat_game_save_to_bytes (game);
  write_later (self, name, bytes);
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
 * clock). The state is serialised at once and written by a worker thread, one write at a
 * time, the newest state of a file replacing one still waiting: the board never waits for the
 * disk. Each write is reported on the main thread, by #PatStore::saved or #PatStore::save-failed,
 * and the next change tries again. Stops by itself when either object goes away.
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

/* How many pauses a game is under (pat_store_pause_autosave() nests). */
static GQuark
paused_quark (void)
{
  return g_quark_from_static_string ("pat-store-paused");
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
  guint paused;

  g_return_if_fail (PAT_IS_STORE (self));
  g_return_if_fail (PAT_IS_GAME (game));

  paused = GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (game), paused_quark ()));
  g_object_set_qdata (G_OBJECT (game), paused_quark (), GUINT_TO_POINTER (paused + 1));
  g_signal_handlers_block_matched (game, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA, 0, 0, NULL,
                                   game_changed_cb, self);
}

/**
 * pat_store_resume_autosave:
 * @game: a game paused by pat_store_pause_autosave()
 *
 * Undoes one pause; at the last, saves @game after every move again, and now.
 */
void
pat_store_resume_autosave (PatStore *self,
                           PatGame  *game)
{
  guint paused;

  g_return_if_fail (PAT_IS_STORE (self));
  g_return_if_fail (PAT_IS_GAME (game));

  paused = GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (game), paused_quark ()));
  if (paused == 0)
    return;
  g_object_set_qdata (G_OBJECT (game), paused_quark (), GUINT_TO_POINTER (paused - 1));
  if (g_signal_handlers_unblock_matched (game, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA, 0, 0,
                                         NULL, game_changed_cb, self) > 0 && paused == 1)
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

static void
set_last_game (PatStore   *self,
               const char *game_id,
               gboolean    resume_match)
{
  if (self->settings != NULL)
    {
      g_settings_delay (self->settings);
      g_settings_set_string (self->settings, "last-game", game_id);
      g_settings_set_boolean (self->settings, "resume-match", resume_match);
      g_settings_apply (self->settings);
    }
  else
    {
      g_free (self->last_game);
      self->last_game = g_strdup (game_id);
      self->resume_match = resume_match;
    }
}

/**
 * pat_store_set_last_game_id:
 * @game_id: the game id being played, outside a match
 *
 * Remembers the game to open at the next start; a match no longer resumes then.
 */
void
pat_store_set_last_game_id (PatStore   *self,
                            const char *game_id)
{
  g_return_if_fail (PAT_IS_STORE (self));
  g_return_if_fail (game_id != NULL);

  set_last_game (self, game_id, FALSE);
}

/**
 * pat_store_get_resume_match:
 *
 * Returns: whether the match in progress was the last thing played, to resume at the next start
 */
gboolean
pat_store_get_resume_match (PatStore *self)
{
  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);

  if (self->settings != NULL)
    return g_settings_get_boolean (self->settings, "resume-match");
  return self->resume_match;
}

/**
 * pat_store_set_resume_match:
 * @resume_match: whether a match is being played
 *
 * With %TRUE, the match resumes at the next start and the last game is the game matches play
 * (what opens when the match cannot be resumed); with %FALSE, the last game is that game too.
 */
void
pat_store_set_resume_match (PatStore *self,
                            gboolean  resume_match)
{
  g_return_if_fail (PAT_IS_STORE (self));

  set_last_game (self, pat_rules_match ()->id, resume_match);
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
  return save_now (self, MATCH_NAME, bytes, error);
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

  wait_for (self, MATCH_NAME);
  path = file_path (self, MATCH_NAME);
  return path_taken (path);
}

gboolean
pat_store_remove_match (PatStore  *self,
                        GError   **error)
{
  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);

  return remove_file (self, MATCH_NAME, error);
}

/* The files PatStats keeps its history in. */
static gboolean
is_history_name (const char *name)
{
  return g_strcmp0 (name, PAT_STORE_HISTORY_NAME) == 0 ||
         g_strcmp0 (name, PAT_STORE_UNSAVED_HISTORY_NAME) == 0;
}

/**
 * pat_store_load_history:
 * @name: %PAT_STORE_HISTORY_NAME or %PAT_STORE_UNSAVED_HISTORY_NAME
 * @parse: reads the file's bytes (PatStats owns the format); returns %NULL and sets its error
 *   when they are not valid, and the file is then moved aside as for a game
 * @error: as for pat_store_load_game()
 *
 * Returns: (transfer full) (nullable): what @parse made of the file
 */
gpointer
pat_store_load_history (PatStore           *self,
                        const char         *name,
                        PatStoreParseFunc   parse,
                        GError            **error)
{
  g_return_val_if_fail (PAT_IS_STORE (self), NULL);
  g_return_val_if_fail (is_history_name (name), NULL);
  g_return_val_if_fail (parse != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return load_file (self, name, parse, error);
}

/**
 * pat_store_save_history:
 * @name: %PAT_STORE_HISTORY_NAME or %PAT_STORE_UNSAVED_HISTORY_NAME
 * @bytes: the whole file
 *
 * Writes the file now, on this thread, after anything of it still waiting; reported by
 * #PatStore::saved or #PatStore::save-failed too.
 */
gboolean
pat_store_save_history (PatStore    *self,
                        const char  *name,
                        GBytes      *bytes,
                        GError     **error)
{
  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);
  g_return_val_if_fail (is_history_name (name), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return save_now (self, name, bytes, error);
}

/**
 * pat_store_remove_history:
 * @name: %PAT_STORE_HISTORY_NAME or %PAT_STORE_UNSAVED_HISTORY_NAME
 *
 * Removes the file; none there is not an error.
 */
gboolean
pat_store_remove_history (PatStore    *self,
                          const char  *name,
                          GError     **error)
{
  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);
  g_return_val_if_fail (is_history_name (name), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return remove_file (self, name, error);
}

/**
 * pat_store_is_unreadable:
 * @name: a game id, "match", or a history's name
 *
 * Returns: whether @name's file is there but could not be read when it was loaded (an I/O
 *   error, a FIFO, a directory, a symbolic link…), so that it is never replaced
 */
gboolean
pat_store_is_unreadable (PatStore   *self,
                         const char *name)
{
  g_return_val_if_fail (PAT_IS_STORE (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  return g_hash_table_contains (self->unreadable, name);
}
