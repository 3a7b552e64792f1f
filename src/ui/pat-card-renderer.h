/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Draws card faces, card backs, empty slots and highlights, and caches the card textures. */
#pragma once

#include <gtk/gtk.h>

#include "pat-card.h"

G_BEGIN_DECLS

/* Cards are 2.5 × 3.5 units: the board asks for heights near width × PAT_CARD_HEIGHT_RATIO. */
#define PAT_CARD_HEIGHT_RATIO (3.5 / 2.5)

typedef enum {
  PAT_CARD_HIGHLIGHT_SELECTED,
  PAT_CARD_HIGHLIGHT_DROP_TARGET,
  PAT_CARD_HIGHLIGHT_HINT,
} PatCardHighlight;

#define PAT_TYPE_CARD_RENDERER (pat_card_renderer_get_type ())

G_DECLARE_FINAL_TYPE (PatCardRenderer, pat_card_renderer, PAT, CARD_RENDERER, GObject)

PatCardRenderer    *pat_card_renderer_new                 (void);
void                pat_card_renderer_set_style           (PatCardRenderer        *self,
                                                           gboolean                dark,
                                                           gboolean                four_colour,
                                                           const char             *back_name);
gboolean            pat_card_renderer_get_dark            (PatCardRenderer        *self);
void                pat_card_renderer_set_high_contrast   (PatCardRenderer        *self,
                                                           gboolean                high_contrast);
gboolean            pat_card_renderer_get_high_contrast   (PatCardRenderer        *self);
gboolean            pat_card_renderer_get_four_colour     (PatCardRenderer        *self);
const char         *pat_card_renderer_get_back_name       (PatCardRenderer        *self);
GdkTexture         *pat_card_renderer_get_card            (PatCardRenderer        *self,
                                                           PatCard                 card,
                                                           int                     width,
                                                           int                     height,
                                                           int                     scale);
GdkTexture         *pat_card_renderer_get_back            (PatCardRenderer        *self,
                                                           int                     width,
                                                           int                     height,
                                                           int                     scale);
void                pat_card_renderer_snapshot_card       (PatCardRenderer        *self,
                                                           GtkSnapshot            *snapshot,
                                                           PatCard                 card,
                                                           gboolean                face_up,
                                                           const graphene_rect_t  *rect,
                                                           int                     scale);
gboolean            pat_card_renderer_paint_card          (PatCardRenderer        *self,
                                                           cairo_t                *cr,
                                                           PatCard                 card,
                                                           gboolean                face_up,
                                                           const graphene_rect_t  *rect,
                                                           int                     scale);
void                pat_card_renderer_snapshot_card_turning
                                                          (PatCardRenderer        *self,
                                                           GtkSnapshot            *snapshot,
                                                           PatCard                 card,
                                                           gboolean                face_up,
                                                           const graphene_rect_t  *rect,
                                                           int                     scale,
                                                           double                  fraction);
gboolean            pat_card_renderer_get_cairo_nodes     (PatCardRenderer        *self);
void                pat_card_renderer_set_cairo_nodes     (PatCardRenderer        *self,
                                                           gboolean                cairo_nodes);
guint               pat_card_renderer_get_n_rendered      (PatCardRenderer        *self);
void                pat_card_renderer_snapshot_slot       (PatCardRenderer        *self,
                                                           GtkSnapshot            *snapshot,
                                                           const graphene_rect_t  *rect,
                                                           const char             *label);
void                pat_card_renderer_snapshot_highlight  (PatCardRenderer        *self,
                                                           GtkSnapshot            *snapshot,
                                                           const graphene_rect_t  *rect,
                                                           PatCardHighlight        kind);
void                pat_card_renderer_clear_cache         (PatCardRenderer        *self);

double              pat_card_renderer_corner_radius       (double                  width);
double              pat_card_renderer_index_height        (double                  width,
                                                           double                  height);
const char * const *pat_card_renderer_list_backs          (void);
const char         *pat_card_renderer_back_title          (const char             *back_name);

char               *pat_card_accessible_name              (PatCard                 card);

G_END_DECLS
