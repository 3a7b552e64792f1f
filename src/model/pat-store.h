/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatStore: the save files, one per game id, the Demon match, and which game was played last. */
#pragma once

#include <gio/gio.h>

#include "pat-game.h"
#include "pat-match.h"

G_BEGIN_DECLS

#define PAT_TYPE_STORE (pat_store_get_type ())

G_DECLARE_FINAL_TYPE (PatStore, pat_store, PAT, STORE, GObject)

/* The name of the statistics' history file, as the signals give it (no game has this id). */
#define PAT_STORE_HISTORY_NAME "history"
/* Where the history's rows go while history.gvariant is there but cannot be read (PatStats). */
#define PAT_STORE_UNSAVED_HISTORY_NAME "history-unsaved"

typedef gpointer (*PatStoreParseFunc) (GBytes  *bytes,
                                       GError **error);

/*
 * Files, under the store's directory (default g_get_user_data_dir()/patience/):
 *   GAME-ID.gvariant   the game in progress of each game id (pat_game_save_to_bytes())
 *   match.gvariant     the Demon match in progress (pat_match_save_to_bytes())
 *   history.gvariant   the statistics' recent results (PatStats; the counters are in GSettings)
 *   history-unsaved.gvariant  the results history.gvariant could not take (it could not be read)
 * Every write is atomic: g_file_set_contents_full() with G_FILE_SET_CONTENTS_CONSISTENT (and
 * without ONLY_EXISTING, so a first save is no exception) creates a temporary file in the same
 * directory, writes it, fsync()s it and rename()s it over the old one (GLib 2.74, checked with
 * strace, then also fsync()s the directory), so a crash at any moment leaves the old file or
 * the new one, never a mixture.
 * Automatic saves (pat_store_autosave()) are written by a worker thread: the bytes are made on
 * the main thread, one write is in flight at a time, and newer bytes for a file replace those
 * still waiting. After a kill, the file is the last state whose write completed: the moves made
 * while one write was under way may be missing (one move at the pace of play, more in a burst
 * faster than the disk), never a state older than one written, never a mixture. Synchronous
 * saves, loads and removals first wait for that file's write in flight; pat_store_flush() waits
 * for everything (on quit).
 * A temporary file left by a write that was killed (NAME.gvariant.XXXXXX) is removed by
 * pat_store_new().
 * A file that was read and is not valid is moved aside to NAME.broken-YYYYMMDD-HHMMSS (never
 * deleted), and #PatStore::load-failed reports it, once, since the file is then gone. A file
 * that could not be read (an I/O error, no file descriptor left, a FIFO, a device, a directory,
 * a symbolic link) is left as it is and reported with moved_to %NULL; so is a broken file that
 * could not be moved. Such a file is reported once and never replaced or removed by this store
 * (saves of it fail), so the next start reads it again. Only regular files of at most 64 MiB
 * are read, without blocking.
 * A symbolic link at a file's place is never followed, whatever it points to (a save kept
 * elsewhere, a disk not mounted, itself): a save must neither replace the player's link by a
 * file nor write outside the data folder through it, and a file read through a link could then
 * never be saved. The store's directory itself may be a link. Such a link, or a FIFO or device,
 * found by a save before any load is reported then, once (load-failed), and not replaced; the
 * pat_store_has_*() functions see it, so that it is loaded, and reported, rather than saved over.
 *
 * One process writes a folder: the store locks it (patience.lock) when made. A store made while
 * another process holds the lock is read-only: it loads, and writes, moves and removes nothing
 * (its saves do nothing and report nothing; it remembers the last game only while it lives);
 * the app says so once (pat_store_get_read_only()).
 *
 * The last game played is the GSettings key "last-game" of io.github.patience.Patience when
 * that schema is installed (it always is for the app and the tests), and whether the match in
 * progress was what was played last is its key "resume-match"; only the store writes them.
 * Without the schema the store only remembers them while it lives. A "last-game" of
 * "demon-match" (how older versions said "resume-match") is read once as "resume-match" true.
 *
 * Signals:
 *   load-failed (const char *game_id, const char *moved_to, const char *message)
 *                 a save file could not be read; game_id is "match" for the match file,
 *                 PAT_STORE_HISTORY_NAME for the statistics' history; moved_to is %NULL
 *                 when the file was left where it was, message is translated (and then
 *                 says where the file is)
 *   save-failed (const char *game_id, const char *message, const GError *error)
 *                 an automatic save (pat_store_autosave()) failed; emitted on the main thread at
 *                 every failure (the message names a temporary file: error's domain and code
 *                 say which kind of failure it is)
 *   saved (const char *game_id)
 *                 an automatic save was written; emitted on the main thread
 */

PatStore   *pat_store_new              (const char  *directory);
const char *pat_store_get_directory    (PatStore    *self);
gboolean    pat_store_get_read_only    (PatStore    *self);
char       *pat_store_dup_game_path    (PatStore    *self,
                                        const char  *game_id);

gboolean    pat_store_save_game        (PatStore    *self,
                                        PatGame     *game,
                                        GError     **error);
PatGame    *pat_store_load_game        (PatStore    *self,
                                        const char  *game_id,
                                        GError     **error);
gboolean    pat_store_has_game         (PatStore    *self,
                                        const char  *game_id);
gboolean    pat_store_remove_game      (PatStore    *self,
                                        const char  *game_id,
                                        GError     **error);
void        pat_store_autosave         (PatStore    *self,
                                        PatGame     *game);
void        pat_store_flush            (PatStore    *self);
/* Holds @game's saves after each move while it is played fast (Play to the End), and saves it at
 * once when resumed. Calls nest. */
void        pat_store_pause_autosave   (PatStore    *self,
                                        PatGame     *game);
void        pat_store_resume_autosave  (PatStore    *self,
                                        PatGame     *game);

char       *pat_store_dup_last_game_id (PatStore    *self);
void        pat_store_set_last_game_id (PatStore    *self,
                                        const char  *game_id);
gboolean    pat_store_get_resume_match (PatStore    *self);
void        pat_store_set_resume_match (PatStore    *self,
                                        gboolean     resume_match);

gboolean    pat_store_save_match       (PatStore    *self,
                                        PatMatch    *match,
                                        GError     **error);
PatMatch   *pat_store_load_match       (PatStore    *self,
                                        GError     **error);
gboolean    pat_store_has_match        (PatStore    *self);
gboolean    pat_store_remove_match     (PatStore    *self,
                                        GError     **error);

gpointer    pat_store_load_history     (PatStore           *self,
                                        const char         *name,
                                        PatStoreParseFunc   parse,
                                        GError            **error);
gboolean    pat_store_save_history     (PatStore           *self,
                                        const char         *name,
                                        GBytes             *bytes,
                                        GError            **error);
gboolean    pat_store_remove_history   (PatStore           *self,
                                        const char         *name,
                                        GError            **error);
gboolean    pat_store_is_unreadable    (PatStore           *self,
                                        const char         *name);

G_END_DECLS
