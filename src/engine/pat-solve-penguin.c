/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB: replaced by the real solver. */

#include "config.h"

#include "pat-solver.h"
