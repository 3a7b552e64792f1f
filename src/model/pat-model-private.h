/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the model's files share: the versioned save-file envelope, and test hooks for the clock,
 * PatMatch's work and the analyser's budgets. */
#pragma once

#include <gio/gio.h>

#include "pat-analyzer.h"

G_BEGIN_DECLS

/*
 * Every save file is one GVariant of type (suv), little-endian: a magic string naming what the
 * file holds, a format version, and the payload, whose type depends on the version. The
 * envelope can always be read, so a file from a newer version is refused with a clear message
 * instead of being taken for a damaged one.
 */
GBytes   *pat_envelope_pack   (const char         *magic,
                               guint               version,
                               GVariant           *payload);
GVariant *pat_envelope_unpack (GBytes             *bytes,
                               const char         *magic,
                               guint               max_version,
                               const char *const  *payload_types,
                               GError            **error);

/* Tests replace the monotonic clock (microseconds) so that elapsed time is deterministic;
 * %NULL restores g_get_monotonic_time(). */
typedef gint64 (*PatClockFunc) (void);

void      pat_game_set_clock_func (PatClockFunc func);

/* How many additions PatMatch has made to keep players' and teams' totals, so that a test can
 * see that loading a match costs in proportion to its length. */
guint64   pat_match_get_total_additions (void);

/* The analyser's budgets for a position, in seconds: the first look, and the second one a
 * position the first does not decide gets; 0 restores the default. */
void      pat_analyzer_set_budgets (double first,
                                    double second);

/* How many searches @analyzer has started, and the threads and seconds of the last one. */
guint     pat_analyzer_get_searches_started (PatAnalyzer *analyzer,
                                             guint       *threads,
                                             double      *seconds);

G_END_DECLS
