/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What every fuzz target shares: libFuzzer's entry points, and GLib warnings made fatal. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <glib.h>

int LLVMFuzzerInitialize   (int            *argc,
                            char         ***argv);
int LLVMFuzzerTestOneInput (const uint8_t  *data,
                            size_t          size);

/* A critical or a warning is a bug whatever the input: the parsers must refuse bad input with a
 * GError, never by tripping a g_return_if_fail() further down. Debug messages stay quiet. */
static inline void
fuzz_init_glib (void)
{
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}
