/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The engine's error domain. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PAT_ERROR (pat_error_quark ())

typedef enum {
  PAT_ERROR_BAD_CARD,
  PAT_ERROR_BAD_DECK,
  PAT_ERROR_BAD_DEAL_NUMBER,
  PAT_ERROR_UNKNOWN_GAME,
  PAT_ERROR_UNKNOWN_PILE,
  PAT_ERROR_BAD_MOVE,
  PAT_ERROR_ILLEGAL_MOVE,
} PatError;

GQuark pat_error_quark (void);

G_END_DECLS
