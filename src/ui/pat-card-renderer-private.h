/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the card renderer's files share: the style constants, the palette they draw with and the
 * drawing helpers. */
#pragma once

#include <cairo.h>

#include "pat-card-renderer.h"

G_BEGIN_DECLS

/* Below this width (in logical pixels) a card shows a simplified face: a large index and one big
 * symbol, which stays legible on a phone-sized window. */
#define SMALL_CARD_WIDTH 76.0

#define RANK_FONT_FAMILY "Cantarell,Noto Sans,DejaVu Sans,sans-serif"

/* Colours as 0xRRGGBB. */
#define INK_BLACK    0x1d1d22
#define INK_RED      0xc01c28
#define INK_GREEN    0x1d7f3a
#define INK_BLUE     0x1a62c8
#define GOLD         0xe5a50a
#define GOLD_DARK    0x9c6a00
#define PANEL        0xfbf5e6
#define SKIN         0xf6d6b4
#define LINE         0x2a2630
#define COURT_BLUE   0x1a5fb4
#define COURT_RED    0xc01c28

typedef struct {
  gboolean    dark;
  guint32     face;
  guint32     suits[4];
  const char *back;
  double      cap_ratio;
  double      pixel;    /* one device pixel in logical units */
} Palette;

/* Drawing helpers */


static inline void
set_rgb (cairo_t *cr,
         guint32  rgb)
{
  cairo_set_source_rgb (cr,
                        ((rgb >> 16) & 0xff) / 255.0,
                        ((rgb >> 8) & 0xff) / 255.0,
                        (rgb & 0xff) / 255.0);
}

static inline void
set_rgba (cairo_t *cr,
          guint32  rgb,
          double   alpha)
{
  cairo_set_source_rgba (cr,
                         ((rgb >> 16) & 0xff) / 255.0,
                         ((rgb >> 8) & 0xff) / 255.0,
                         (rgb & 0xff) / 255.0,
                         alpha);
}
static inline void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  r = MIN (r, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* Suit symbols and card faces (pat-card-faces.c) */
void pat_card_suit_path     (cairo_t       *cr,
                             guint          suit,
                             double         cx,
                             double         cy,
                             double         size,
                             gboolean       flip);
void pat_card_fill_suit     (cairo_t       *cr,
                             const Palette *pal,
                             guint          suit,
                             double         cx,
                             double         cy,
                             double         size,
                             gboolean       flip);
void pat_card_draw_base     (cairo_t       *cr,
                             const Palette *pal,
                             guint32        fill,
                             double         w,
                             double         h);
void pat_card_draw_face     (cairo_t       *cr,
                             const Palette *pal,
                             PatCard        card,
                             double         w,
                             double         h);

/* Court figures (pat-card-courts.c) */

/* A court figure is data: a table of drawing operations ended by PAT_COURT_END, in units of the
 * panel width with the origin at the panel centre, walked by a small interpreter. Colours are
 * roles, resolved when the card is drawn (the robe follows the suit's colour in each style). */
typedef enum {
  PAT_COURT_END,
  PAT_COURT_MOVE,         /* x y */
  PAT_COURT_LINE,         /* x y */
  PAT_COURT_CURVE,        /* x1 y1 x2 y2 x3 y3 */
  PAT_COURT_CLOSE,
  PAT_COURT_CIRCLE,       /* x y r: a circle as a sub-path of its own */
  PAT_COURT_DOT,          /* x y r k: a circle of radius at least k line widths */
  PAT_COURT_RECT,         /* x y w h */
  PAT_COURT_ROUND_RECT,   /* x y w h r */
  PAT_COURT_FILL,         /* fills the path with colour role */
  PAT_COURT_FILL_STROKE,  /* fills with role, then outlines with role2 at the line width */
  PAT_COURT_STROKE,       /* w: strokes with role at width w, or at the line width if w is 0 */
  PAT_COURT_SLEEVE,       /* w: a round-capped stroke of width w in role, outlined */
  PAT_COURT_CLIP,
  PAT_COURT_SAVE,
  PAT_COURT_RESTORE,
  PAT_COURT_TRANSFORM,    /* x y s: moves the origin to (x, y) and scales by s (line width kept) */
  PAT_COURT_REPEAT,       /* n x y dx dy: the body up to END_REPEAT n times, shifted by
                           * (x + i dx, y + i dy) the i-th time; repeats nest two deep */
  PAT_COURT_END_REPEAT,
  PAT_COURT_DETAIL,       /* what comes up to END_DETAIL is drawn only on large enough cards */
  PAT_COURT_END_DETAIL,
} PatCourtOpcode;

typedef enum {
  PAT_COURT_GOLD,
  PAT_COURT_GOLD_DARK,
  PAT_COURT_LINE_COLOUR,
  PAT_COURT_SKIN,
  PAT_COURT_WHITE,
  PAT_COURT_FEATHER,
  PAT_COURT_STEEL,
  PAT_COURT_STEM,
  PAT_COURT_ROBE,         /* the suit's colour, or a navy for black suits */
  PAT_COURT_ACCENT,       /* a red or blue that stands out against the robe */
  PAT_COURT_HAIR,         /* by rank */
  PAT_COURT_FLOWER,       /* white on red suits, red on black ones */
  PAT_COURT_N_ROLES
} PatCourtRole;

typedef struct {
  guint8 code;            /* a PatCourtOpcode */
  guint8 role;            /* a PatCourtRole, for the painting operations */
  guint8 role2;
  double a[6];
} PatCourtOp;

const PatCourtOp *pat_card_court_figure   (guint          rank);
const PatCourtOp *pat_card_court_headwear (guint          rank);
gboolean          pat_card_court_check    (const PatCourtOp *ops,
                                           char         **why);
gboolean          pat_card_court_run      (cairo_t       *cr,
                                           const PatCourtOp *ops,
                                           const guint32 *colours,
                                           double         lw,
                                           gboolean       detailed);

void pat_card_draw_headwear (cairo_t       *cr,
                             guint          rank,
                             guint32        accent,
                             double         lw);
void pat_card_draw_court    (cairo_t       *cr,
                             const Palette *pal,
                             guint          rank,
                             guint          suit,
                             double         w,
                             double         h);

/* Card backs (pat-card-backs.c) */
void pat_card_draw_back     (cairo_t       *cr,
                             const Palette *pal,
                             double         w,
                             double         h);

G_END_DECLS
