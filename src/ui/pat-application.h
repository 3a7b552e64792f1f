/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatApplication: the app object; owns the settings, the saved games and the statistics. */
#pragma once

#include <adwaita.h>

#include "pat-stats.h"
#include "pat-store.h"
#include "pat-window.h"

G_BEGIN_DECLS

#define PAT_TYPE_APPLICATION (pat_application_get_type ())

G_DECLARE_FINAL_TYPE (PatApplication, pat_application, PAT, APPLICATION, AdwApplication)

PatApplication *pat_application_new          (void);
GSettings      *pat_application_get_settings (PatApplication *self);
PatStore       *pat_application_get_store    (PatApplication *self);
PatStats       *pat_application_get_stats    (PatApplication *self);
PatWindow      *pat_application_new_window   (PatApplication *self);

G_END_DECLS
