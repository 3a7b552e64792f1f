/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Draws card faces, card backs, empty slots and highlights, and caches the card textures. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "pat-card-renderer.h"

/* A window being resized asks for a new size every frame; only the last few are worth keeping. */
#define N_CACHED_SIZES 4
#define BACK_SLOT      PAT_N_CARDS
#define MAX_PIXELS     4096

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
  GdkTexture *textures[PAT_N_CARDS + 1];
  gint64      key;
  guint64     last_use;
} SizeCache;

typedef struct {
  gboolean    dark;
  guint32     face;
  guint32     suits[4];
  const char *back;
  double      cap_ratio;
  double      pixel;    /* one device pixel in logical units */
} Palette;

struct _PatCardRenderer
{
  GObject       parent_instance;

  gboolean      dark;
  gboolean      four_colour;
  char         *back_name;

  GHashTable   *cache;          /* gint64 size key → SizeCache */
  guint64       clock;
  double        cap_ratio;      /* cap height / font size of the rank font; 0 until measured */
  PangoContext *pango_context;  /* for slot labels */
};

G_DEFINE_FINAL_TYPE (PatCardRenderer, pat_card_renderer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DARK,
  PROP_FOUR_COLOUR,
  PROP_BACK_NAME,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const char * const back_names[] = { "classic", "red", "modern", NULL };

/* Drawing helpers */

static void
set_rgb (cairo_t *cr,
         guint32  rgb)
{
  cairo_set_source_rgb (cr,
                        ((rgb >> 16) & 0xff) / 255.0,
                        ((rgb >> 8) & 0xff) / 255.0,
                        (rgb & 0xff) / 255.0);
}

static void
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

static GdkRGBA
rgba (guint32 rgb,
      float   alpha)
{
  return (GdkRGBA) {
    ((rgb >> 16) & 0xff) / 255.f,
    ((rgb >> 8) & 0xff) / 255.f,
    (rgb & 0xff) / 255.f,
    alpha,
  };
}

static void
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

/* The suit shapes are drawn in a unit box centred on the origin, one unit high; every sub-path
 * runs clockwise so that overlapping parts join under the non-zero fill rule. */
static void
suit_unit_path (cairo_t *cr,
                guint    suit)
{
  switch ((PatSuit) suit)
    {
    case PAT_SUIT_HEARTS:
      cairo_move_to (cr, 0, 0.46);
      cairo_curve_to (cr, -0.12, 0.30, -0.50, 0.06, -0.50, -0.17);
      cairo_curve_to (cr, -0.50, -0.35, -0.38, -0.45, -0.25, -0.45);
      cairo_curve_to (cr, -0.12, -0.45, -0.03, -0.37, 0, -0.27);
      cairo_curve_to (cr, 0.03, -0.37, 0.12, -0.45, 0.25, -0.45);
      cairo_curve_to (cr, 0.38, -0.45, 0.50, -0.35, 0.50, -0.17);
      cairo_curve_to (cr, 0.50, 0.06, 0.12, 0.30, 0, 0.46);
      cairo_close_path (cr);
      break;

    case PAT_SUIT_DIAMONDS:
      cairo_move_to (cr, 0, -0.5);
      cairo_curve_to (cr, 0.11, -0.31, 0.23, -0.15, 0.39, 0);
      cairo_curve_to (cr, 0.23, 0.15, 0.11, 0.31, 0, 0.5);
      cairo_curve_to (cr, -0.11, 0.31, -0.23, 0.15, -0.39, 0);
      cairo_curve_to (cr, -0.23, -0.15, -0.11, -0.31, 0, -0.5);
      cairo_close_path (cr);
      break;

    case PAT_SUIT_SPADES:
      cairo_move_to (cr, 0, -0.5);
      cairo_curve_to (cr, 0.12, -0.33, 0.50, -0.12, 0.50, 0.10);
      cairo_curve_to (cr, 0.50, 0.27, 0.38, 0.35, 0.26, 0.35);
      cairo_curve_to (cr, 0.16, 0.35, 0.08, 0.30, 0.04, 0.22);
      cairo_curve_to (cr, 0.06, 0.36, 0.12, 0.44, 0.22, 0.50);
      cairo_line_to (cr, -0.22, 0.50);
      cairo_curve_to (cr, -0.12, 0.44, -0.06, 0.36, -0.04, 0.22);
      cairo_curve_to (cr, -0.08, 0.30, -0.16, 0.35, -0.26, 0.35);
      cairo_curve_to (cr, -0.38, 0.35, -0.50, 0.27, -0.50, 0.10);
      cairo_curve_to (cr, -0.50, -0.12, -0.12, -0.33, 0, -0.5);
      cairo_close_path (cr);
      break;

    case PAT_SUIT_CLUBS:
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0, -0.265, 0.225, 0, 2 * G_PI);
      cairo_close_path (cr);
      cairo_new_sub_path (cr);
      cairo_arc (cr, -0.26, 0.09, 0.225, 0, 2 * G_PI);
      cairo_close_path (cr);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0.26, 0.09, 0.225, 0, 2 * G_PI);
      cairo_close_path (cr);
      cairo_move_to (cr, 0, -0.2);
      cairo_line_to (cr, 0.2, 0.12);
      cairo_line_to (cr, -0.2, 0.12);
      cairo_close_path (cr);
      cairo_move_to (cr, 0.045, 0.05);
      cairo_curve_to (cr, 0.05, 0.30, 0.12, 0.43, 0.22, 0.50);
      cairo_line_to (cr, -0.22, 0.50);
      cairo_curve_to (cr, -0.12, 0.43, -0.05, 0.30, -0.045, 0.05);
      cairo_close_path (cr);
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Adds the path of a suit symbol @size high centred on (@cx, @cy), upside down if @flip. */
static void
suit_path (cairo_t *cr,
           guint    suit,
           double   cx,
           double   cy,
           double   size,
           gboolean flip)
{
  cairo_save (cr);
  cairo_translate (cr, cx, cy);
  if (flip)
    cairo_rotate (cr, G_PI);
  cairo_scale (cr, size, size);
  suit_unit_path (cr, suit);
  cairo_restore (cr);
}

static void
fill_suit (cairo_t       *cr,
           const Palette *pal,
           guint          suit,
           double         cx,
           double         cy,
           double         size,
           gboolean       flip)
{
  suit_path (cr, suit, cx, cy, size, flip);
  set_rgb (cr, pal->suits[suit]);
  cairo_fill (cr);
}

static PangoLayout *
create_layout (cairo_t    *cr,
               const char *text,
               double      font_size)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_new ();
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_SLIGHT);
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), options);
  pango_layout_context_changed (layout);
  cairo_font_options_destroy (options);

  pango_font_description_set_family (desc, RANK_FONT_FAMILY);
  pango_font_description_set_weight (desc, PANGO_WEIGHT_ULTRABOLD);
  pango_font_description_set_absolute_size (desc, font_size * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, text, -1);

  return layout;
}

/* Draws @text in the current source with its capitals @cap_height high and their top at @top,
 * horizontally centred on @cx, squeezed sideways when wider than @max_width (as cards do for
 * "10"). */
static void
draw_text (cairo_t       *cr,
           const Palette *pal,
           const char    *text,
           double         cx,
           double         top,
           double         cap_height,
           double         max_width)
{
  double font_size = cap_height / pal->cap_ratio;
  PangoLayout *layout;
  PangoRectangle ink;
  double baseline, ink_width, squeeze;

  layout = create_layout (cr, text, font_size);
  if (strlen (text) > 1)
    {
      PangoAttrList *attrs = pango_attr_list_new ();

      pango_attr_list_insert (attrs,
                              pango_attr_letter_spacing_new (-0.06 * font_size * PANGO_SCALE));
      pango_layout_set_attributes (layout, attrs);
      pango_attr_list_unref (attrs);
    }

  pango_layout_get_extents (layout, &ink, NULL);
  baseline = (double) pango_layout_get_baseline (layout) / PANGO_SCALE;
  ink_width = (double) ink.width / PANGO_SCALE;
  squeeze = ink_width > max_width ? max_width / ink_width : 1.0;

  cairo_save (cr);
  cairo_translate (cr, cx - ink_width * squeeze / 2, top + cap_height - baseline);
  cairo_scale (cr, squeeze, 1.0);
  cairo_move_to (cr, -(double) ink.x / PANGO_SCALE, 0);
  pango_cairo_update_layout (cr, layout);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);

  g_object_unref (layout);
}

static const char *
rank_text (guint rank)
{
  static const char * const texts[] = {
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
  };

  return texts[rank - 1];
}

/* Card faces */

double
pat_card_renderer_corner_radius (double width)
{
  return MAX (2.0, width * 0.065);
}

static void
draw_card_base (cairo_t       *cr,
                const Palette *pal,
                guint32        fill,
                double         w,
                double         h)
{
  double r = pat_card_renderer_corner_radius (w);
  double bw = MAX (pal->pixel, MIN (1.0, w / 60));

  rounded_rect (cr, 0, 0, w, h, r);
  set_rgba (cr, 0x000000, pal->dark ? 0.6 : 0.32);
  cairo_fill (cr);
  rounded_rect (cr, bw, bw, w - 2 * bw, h - 2 * bw, r - bw);
  set_rgb (cr, fill);
  cairo_fill (cr);
}

/* Index geometry, as fractions of the card width. */
#define INDEX_CX     0.115
#define INDEX_TOP    0.065
#define INDEX_CAP    0.155
#define INDEX_WIDTH  0.175
#define INDEX_GAP    0.035
#define INDEX_SUIT   0.125
#define SMALL_TOP    0.075
#define SMALL_CAP    0.36

/**
 * pat_card_renderer_index_height:
 * @width: card width in logical pixels
 * @height: card height in logical pixels
 *
 * The height of the strip at the top of a face that shows the rank and suit: a fan whose
 * cards are at least this far apart keeps every card readable.
 *
 * Returns: a height in logical pixels
 */
double
pat_card_renderer_index_height (double width,
                                double height)
{
  if (width < SMALL_CARD_WIDTH)
    return ceil (width * (SMALL_TOP + SMALL_CAP + 0.06));

  return ceil (width * (INDEX_TOP + INDEX_CAP + INDEX_GAP + INDEX_SUIT + 0.04));
}

static void
draw_index (cairo_t       *cr,
            const Palette *pal,
            guint          rank,
            guint          suit,
            double         w)
{
  set_rgb (cr, pal->suits[suit]);
  draw_text (cr, pal, rank_text (rank), w * INDEX_CX, w * INDEX_TOP, w * INDEX_CAP,
             w * INDEX_WIDTH);
  fill_suit (cr, pal, suit, w * INDEX_CX,
             w * (INDEX_TOP + INDEX_CAP + INDEX_GAP + INDEX_SUIT / 2), w * INDEX_SUIT, FALSE);
}

/* Pip positions: x in columns (-1 left, 0 centre, 1 right), y in twelfths from the top row to
 * the bottom row; pips below the middle are upside down. */
typedef struct {
  gint8 x;
  gint8 y;
} Pip;

static const Pip pips_2[] = { { 0, 0 }, { 0, 12 } };
static const Pip pips_3[] = { { 0, 0 }, { 0, 6 }, { 0, 12 } };
static const Pip pips_4[] = { { -1, 0 }, { 1, 0 }, { -1, 12 }, { 1, 12 } };
static const Pip pips_5[] = { { -1, 0 }, { 1, 0 }, { 0, 6 }, { -1, 12 }, { 1, 12 } };
static const Pip pips_6[] = { { -1, 0 }, { 1, 0 }, { -1, 6 }, { 1, 6 }, { -1, 12 }, { 1, 12 } };
static const Pip pips_7[] = {
  { -1, 0 }, { 1, 0 }, { 0, 3 }, { -1, 6 }, { 1, 6 }, { -1, 12 }, { 1, 12 },
};
static const Pip pips_8[] = {
  { -1, 0 }, { 1, 0 }, { 0, 3 }, { -1, 6 }, { 1, 6 }, { 0, 9 }, { -1, 12 }, { 1, 12 },
};
static const Pip pips_9[] = {
  { -1, 0 }, { 1, 0 }, { -1, 4 }, { 1, 4 }, { 0, 6 }, { -1, 8 }, { 1, 8 }, { -1, 12 }, { 1, 12 },
};
static const Pip pips_10[] = {
  { -1, 0 }, { 1, 0 }, { 0, 2 }, { -1, 4 }, { 1, 4 }, { -1, 8 }, { 1, 8 }, { 0, 10 },
  { -1, 12 }, { 1, 12 },
};

static const Pip * const pip_layouts[] = {
  NULL, NULL, pips_2, pips_3, pips_4, pips_5, pips_6, pips_7, pips_8, pips_9, pips_10,
};

static void
draw_pips (cairo_t       *cr,
           const Palette *pal,
           guint          rank,
           guint          suit,
           double         w,
           double         h)
{
  const Pip *layout = pip_layouts[rank];
  double top = h * 0.225, bottom = h * 0.775;
  double size = w * 0.175;

  for (guint i = 0; i < rank; i++)
    {
      double x = w * (0.5 + 0.175 * layout[i].x);
      double y = top + (bottom - top) * layout[i].y / 12.0;

      suit_path (cr, suit, x, y, size, layout[i].y > 6);
    }
  set_rgb (cr, pal->suits[suit]);
  cairo_fill (cr);
}

static void
draw_ace (cairo_t       *cr,
          const Palette *pal,
          guint          suit,
          double         w,
          double         h)
{
  double size = w * (suit == PAT_SUIT_SPADES ? 0.5 : 0.44);

  fill_suit (cr, pal, suit, w / 2, h / 2, size, FALSE);

  /* The Ace of Spades traditionally carries an ornament. */
  if (suit == PAT_SUIT_SPADES)
    {
      suit_path (cr, suit, w / 2, h / 2 - size * 0.02, size * 1.28, FALSE);
      set_rgb (cr, pal->suits[suit]);
      cairo_set_line_width (cr, MAX (pal->pixel, w * 0.008));
      cairo_stroke (cr);
      suit_path (cr, suit, w / 2, h / 2 + size * 0.02, size * 0.42, FALSE);
      set_rgb (cr, pal->face);
      cairo_fill (cr);
    }
}

/* Court cards: a framed panel holding a double-ended figure. The figure is drawn in units of the
 * panel width, with the origin at the panel centre and the head up; the lower half is the same
 * figure turned round. */

static void
fill_and_stroke (cairo_t *cr,
                 guint32  fill,
                 guint32  line,
                 double   line_width)
{
  set_rgb (cr, fill);
  cairo_fill_preserve (cr);
  set_rgb (cr, line);
  cairo_set_line_width (cr, line_width);
  cairo_stroke (cr);
}

/* Headwear, drawn around a head of radius 0.115 centred on the origin. */
static void
draw_headwear (cairo_t *cr,
               guint    rank,
               guint32  accent,
               double   lw)
{
  switch (rank)
    {
    case 13:
      cairo_move_to (cr, -0.13, -0.085);
      cairo_line_to (cr, -0.155, -0.30);
      cairo_line_to (cr, -0.075, -0.20);
      cairo_line_to (cr, 0, -0.33);
      cairo_line_to (cr, 0.075, -0.20);
      cairo_line_to (cr, 0.155, -0.30);
      cairo_line_to (cr, 0.13, -0.085);
      cairo_close_path (cr);
      fill_and_stroke (cr, GOLD, GOLD_DARK, lw);
      rounded_rect (cr, -0.14, -0.135, 0.28, 0.055, 0.015);
      fill_and_stroke (cr, GOLD, GOLD_DARK, lw);
      for (int i = -1; i <= 1; i++)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, i * 0.08, -0.108, 0.018, 0, 2 * G_PI);
        }
      set_rgb (cr, accent);
      cairo_fill (cr);
      for (int i = -2; i <= 2; i++)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, i * 0.0775, i % 2 == 0 ? (i == 0 ? -0.345 : -0.315) : -0.20, 0.022, 0,
                     2 * G_PI);
        }
      fill_and_stroke (cr, GOLD, GOLD_DARK, lw);
      break;

    case 12:
      cairo_move_to (cr, -0.125, -0.09);
      cairo_curve_to (cr, -0.15, -0.20, -0.10, -0.25, -0.065, -0.19);
      cairo_curve_to (cr, -0.05, -0.29, 0.05, -0.29, 0.065, -0.19);
      cairo_curve_to (cr, 0.10, -0.25, 0.15, -0.20, 0.125, -0.09);
      cairo_close_path (cr);
      fill_and_stroke (cr, GOLD, GOLD_DARK, lw);
      rounded_rect (cr, -0.13, -0.125, 0.26, 0.04, 0.015);
      fill_and_stroke (cr, GOLD, GOLD_DARK, lw);
      for (int i = -1; i <= 1; i++)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, i * 0.1, i == 0 ? -0.295 : -0.245, 0.022, 0, 2 * G_PI);
        }
      fill_and_stroke (cr, 0xffffff, GOLD_DARK, lw);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0, -0.19, 0.026, 0, 2 * G_PI);
      set_rgb (cr, accent);
      cairo_fill (cr);
      break;

    case 11:
      /* A feather, then a flat cap over it. */
      cairo_move_to (cr, 0.05, -0.15);
      cairo_curve_to (cr, 0.12, -0.25, 0.24, -0.28, 0.37, -0.25);
      cairo_curve_to (cr, 0.27, -0.21, 0.18, -0.17, 0.11, -0.11);
      cairo_close_path (cr);
      fill_and_stroke (cr, 0xf6f5f4, LINE, lw);
      cairo_move_to (cr, 0.08, -0.14);
      cairo_curve_to (cr, 0.16, -0.22, 0.25, -0.25, 0.33, -0.25);
      set_rgb (cr, LINE);
      cairo_set_line_width (cr, lw);
      cairo_stroke (cr);
      cairo_move_to (cr, -0.17, -0.06);
      cairo_curve_to (cr, -0.20, -0.16, -0.08, -0.21, 0.04, -0.20);
      cairo_curve_to (cr, 0.16, -0.19, 0.23, -0.13, 0.18, -0.05);
      cairo_curve_to (cr, 0.06, -0.09, -0.06, -0.09, -0.17, -0.06);
      cairo_close_path (cr);
      fill_and_stroke (cr, accent, LINE, lw);
      cairo_move_to (cr, -0.16, -0.065);
      cairo_curve_to (cr, -0.06, -0.095, 0.06, -0.095, 0.17, -0.055);
      set_rgb (cr, GOLD);
      cairo_set_line_width (cr, 0.03);
      cairo_stroke (cr);
      break;

    default:
      g_assert_not_reached ();
    }
}

static void
robe_path (cairo_t *cr)
{
  cairo_move_to (cr, -0.13, -0.66);
  cairo_curve_to (cr, -0.26, -0.65, -0.35, -0.62, -0.37, -0.50);
  cairo_line_to (cr, -0.41, 0);
  cairo_line_to (cr, 0.41, 0);
  cairo_line_to (cr, 0.37, -0.50);
  cairo_curve_to (cr, 0.35, -0.62, 0.26, -0.65, 0.13, -0.66);
  cairo_close_path (cr);
}

/* An arm from the shoulder to a hand at (@hx, @hy), in the colour of the sleeve. */
static void
draw_arm (cairo_t *cr,
          double   side,
          double   hx,
          double   hy,
          guint32  sleeve,
          double   lw)
{
  cairo_move_to (cr, side * 0.31, -0.58);
  cairo_curve_to (cr, side * 0.34, -0.46, (side * 0.34 + hx) / 2, hy + 0.02, hx, hy);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  set_rgb (cr, LINE);
  cairo_set_line_width (cr, 0.10 + 2 * lw);
  cairo_stroke_preserve (cr);
  set_rgb (cr, sleeve);
  cairo_set_line_width (cr, 0.10);
  cairo_stroke (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  cairo_new_sub_path (cr);
  cairo_arc (cr, hx, hy, 0.045, 0, 2 * G_PI);
  fill_and_stroke (cr, SKIN, LINE, lw);
}

static void
draw_half_figure (cairo_t       *cr,
                  const Palette *pal,
                  guint          rank,
                  guint          suit,
                  double         half_height,
                  double         lw,
                  gboolean       detailed)
{
  gboolean red = pat_card_is_red (pat_card_make (1, suit));
  guint32 robe = pal->suits[suit] == INK_BLACK ? 0x2c3654 : pal->suits[suit];
  guint32 accent = robe == INK_RED ? COURT_BLUE : COURT_RED;
  guint32 hair = rank == 13 ? 0xdedbd4 : rank == 12 ? 0x7a3e1d : 0x9a6232;

  /* What the figure holds stands behind it. */
  switch (rank)
    {
    case 13:
      /* A sceptre. */
      cairo_move_to (cr, 0.27, -0.2);
      cairo_line_to (cr, 0.27, -0.92);
      set_rgb (cr, GOLD_DARK);
      cairo_set_line_width (cr, 0.035);
      cairo_stroke (cr);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0.27, -0.96, 0.05, 0, 2 * G_PI);
      fill_and_stroke (cr, GOLD, GOLD_DARK, lw);
      cairo_move_to (cr, 0.27, -1.01);
      cairo_line_to (cr, 0.27, -1.08);
      cairo_move_to (cr, 0.24, -1.05);
      cairo_line_to (cr, 0.30, -1.05);
      set_rgb (cr, GOLD_DARK);
      cairo_set_line_width (cr, 0.022);
      cairo_stroke (cr);
      break;

    case 12:
      /* Long hair falling behind the shoulders. */
      cairo_move_to (cr, -0.15, -0.93);
      cairo_curve_to (cr, -0.29, -0.88, -0.29, -0.70, -0.27, -0.58);
      cairo_line_to (cr, 0.27, -0.58);
      cairo_curve_to (cr, 0.29, -0.70, 0.29, -0.88, 0.15, -0.93);
      cairo_close_path (cr);
      fill_and_stroke (cr, hair, LINE, lw);
      break;

    case 11:
      /* A halberd. */
      cairo_move_to (cr, -0.29, -0.05);
      cairo_line_to (cr, -0.29, -0.98);
      set_rgb (cr, GOLD_DARK);
      cairo_set_line_width (cr, 0.03);
      cairo_stroke (cr);
      cairo_move_to (cr, -0.29, -1.08);
      cairo_line_to (cr, -0.255, -0.98);
      cairo_line_to (cr, -0.29, -0.93);
      cairo_line_to (cr, -0.325, -0.98);
      cairo_close_path (cr);
      fill_and_stroke (cr, 0xd0cfcc, LINE, lw);
      cairo_move_to (cr, -0.29, -0.96);
      cairo_curve_to (cr, -0.21, -0.98, -0.17, -0.92, -0.19, -0.85);
      cairo_curve_to (cr, -0.22, -0.89, -0.25, -0.90, -0.29, -0.88);
      cairo_close_path (cr);
      fill_and_stroke (cr, 0xd0cfcc, LINE, lw);
      break;

    default:
      g_assert_not_reached ();
    }

  robe_path (cr);
  fill_and_stroke (cr, robe, LINE, lw);

  cairo_save (cr);
  robe_path (cr);
  cairo_clip (cr);
  switch (rank)
    {
    case 13:
      /* A front panel edged with ermine. */
      cairo_rectangle (cr, -0.13, -0.7, 0.26, 0.7);
      set_rgb (cr, 0xffffff);
      cairo_fill (cr);
      cairo_rectangle (cr, -0.075, -0.7, 0.15, 0.7);
      set_rgb (cr, accent);
      cairo_fill (cr);
      if (detailed)
        {
          for (int i = 0; i < 6; i++)
            for (int side = -1; side <= 1; side += 2)
              {
                double x = side * 0.1025, y = -0.58 + i * 0.1 + (side > 0 ? 0.05 : 0);

                cairo_move_to (cr, x, y - 0.025);
                cairo_line_to (cr, x + 0.012, y + 0.02);
                cairo_line_to (cr, x - 0.012, y + 0.02);
                cairo_close_path (cr);
              }
          set_rgb (cr, LINE);
          cairo_fill (cr);
        }
      for (int i = 0; i < 4; i++)
        {
          double y = -0.52 + i * 0.13;

          cairo_move_to (cr, 0, y - 0.045);
          cairo_line_to (cr, 0.035, y);
          cairo_line_to (cr, 0, y + 0.045);
          cairo_line_to (cr, -0.035, y);
          cairo_close_path (cr);
        }
      set_rgb (cr, GOLD);
      cairo_fill (cr);
      break;

    case 12:
      /* A pattern of gold dots, and a bodice. */
      if (detailed)
        {
          for (int row = 0; row < 8; row++)
            for (int col = -5; col <= 5; col++)
              {
                cairo_new_sub_path (cr);
                cairo_arc (cr, col * 0.09 + (row % 2) * 0.045, -0.04 - row * 0.085, 0.013, 0,
                           2 * G_PI);
              }
          set_rgb (cr, GOLD);
          cairo_fill (cr);
        }
      cairo_move_to (cr, -0.14, -0.67);
      cairo_line_to (cr, 0, -0.40);
      cairo_line_to (cr, 0.14, -0.67);
      cairo_close_path (cr);
      cairo_rectangle (cr, -0.10, -0.44, 0.20, 0.44);
      fill_and_stroke (cr, accent, LINE, lw);
      for (int i = 0; i < 3; i++)
        {
          cairo_move_to (cr, -0.10, -0.33 + i * 0.11);
          cairo_line_to (cr, 0.10, -0.33 + i * 0.11);
        }
      set_rgb (cr, GOLD);
      cairo_set_line_width (cr, 0.025);
      cairo_stroke (cr);
      break;

    case 11:
      /* Chevrons. */
      for (int i = 0; i < 4; i++)
        {
          double y = -0.50 + i * 0.13;

          cairo_move_to (cr, -0.5, y - 0.03);
          cairo_line_to (cr, 0, y + 0.07);
          cairo_line_to (cr, 0.5, y - 0.03);
          cairo_line_to (cr, 0.5, y + 0.025);
          cairo_line_to (cr, 0, y + 0.125);
          cairo_line_to (cr, -0.5, y + 0.025);
          cairo_close_path (cr);
          set_rgb (cr, i % 2 == 0 ? GOLD : accent);
          cairo_fill (cr);
        }
      break;

    default:
      g_assert_not_reached ();
    }

  /* A gold belt where the two halves meet. */
  cairo_rectangle (cr, -0.5, -0.06, 1, 0.06);
  set_rgb (cr, GOLD);
  cairo_fill (cr);
  cairo_restore (cr);

  /* Arms, and the Queen's flower in her hand. */
  switch (rank)
    {
    case 13:
      draw_arm (cr, 1, 0.27, -0.40, robe, lw);
      draw_arm (cr, -1, -0.10, -0.34, accent, lw);
      break;

    case 12:
      cairo_move_to (cr, -0.20, -0.36);
      cairo_curve_to (cr, -0.22, -0.44, -0.19, -0.52, -0.22, -0.58);
      set_rgb (cr, 0x26a269);
      cairo_set_line_width (cr, 0.025);
      cairo_stroke (cr);
      for (int i = 0; i < 5; i++)
        {
          double a = i * 2 * G_PI / 5 - G_PI / 2;

          cairo_new_sub_path (cr);
          cairo_arc (cr, -0.22 + 0.045 * cos (a), -0.61 + 0.045 * sin (a), 0.034, 0, 2 * G_PI);
        }
      fill_and_stroke (cr, red ? 0xffffff : INK_RED, LINE, lw);
      cairo_new_sub_path (cr);
      cairo_arc (cr, -0.22, -0.61, 0.024, 0, 2 * G_PI);
      set_rgb (cr, GOLD);
      cairo_fill (cr);
      draw_arm (cr, -1, -0.20, -0.36, robe, lw);
      draw_arm (cr, 1, 0.08, -0.30, robe, lw);
      break;

    case 11:
      draw_arm (cr, -1, -0.29, -0.40, accent, lw);
      draw_arm (cr, 1, 0.14, -0.30, accent, lw);
      break;

    default:
      g_assert_not_reached ();
    }

  /* Collar, neck and head. */
  cairo_rectangle (cr, -0.05, -0.74, 0.10, 0.10);
  set_rgb (cr, SKIN);
  cairo_fill (cr);
  cairo_move_to (cr, -0.17, -0.665);
  cairo_curve_to (cr, -0.10, -0.58, 0.10, -0.58, 0.17, -0.665);
  cairo_curve_to (cr, 0.10, -0.63, -0.10, -0.63, -0.17, -0.665);
  cairo_close_path (cr);
  fill_and_stroke (cr, rank == 12 ? 0xffffff : GOLD, rank == 12 ? LINE : GOLD_DARK, lw);

  cairo_save (cr);
  cairo_translate (cr, 0, -0.83);
  cairo_scale (cr, 1.15, 1.15);
  lw /= 1.15;
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0, 0, 0.115, 0, 2 * G_PI);
  fill_and_stroke (cr, SKIN, LINE, lw);

  switch (rank)
    {
    case 13:
      /* A beard and moustache. */
      cairo_move_to (cr, -0.115, -0.01);
      cairo_curve_to (cr, -0.11, 0.10, -0.05, 0.17, 0, 0.19);
      cairo_curve_to (cr, 0.05, 0.17, 0.11, 0.10, 0.115, -0.01);
      cairo_curve_to (cr, 0.08, 0.05, 0.04, 0.02, 0, 0.04);
      cairo_curve_to (cr, -0.04, 0.02, -0.08, 0.05, -0.115, -0.01);
      cairo_close_path (cr);
      fill_and_stroke (cr, hair, LINE, lw);
      break;

    case 12:
      cairo_move_to (cr, -0.115, 0.0);
      cairo_curve_to (cr, -0.12, -0.09, -0.06, -0.12, 0, -0.115);
      cairo_curve_to (cr, 0.06, -0.12, 0.12, -0.09, 0.115, 0.0);
      cairo_curve_to (cr, 0.08, -0.06, 0.03, -0.07, 0, -0.09);
      cairo_curve_to (cr, -0.03, -0.07, -0.08, -0.06, -0.115, 0.0);
      cairo_close_path (cr);
      fill_and_stroke (cr, hair, LINE, lw);
      break;

    case 11:
      cairo_move_to (cr, -0.118, 0.04);
      cairo_curve_to (cr, -0.13, -0.08, -0.06, -0.12, 0, -0.115);
      cairo_curve_to (cr, 0.06, -0.12, 0.13, -0.08, 0.118, 0.04);
      cairo_curve_to (cr, 0.10, -0.02, 0.06, -0.04, 0, -0.04);
      cairo_curve_to (cr, -0.06, -0.04, -0.10, -0.02, -0.118, 0.04);
      cairo_close_path (cr);
      fill_and_stroke (cr, hair, LINE, lw);
      break;

    default:
      g_assert_not_reached ();
    }

  /* Eyes, at least a device pixel across so that small faces are not blank. */
  {
    double eye = MAX (0.013, lw * 0.6);

    cairo_new_sub_path (cr);
    cairo_arc (cr, -0.042, 0.01, eye, 0, 2 * G_PI);
    cairo_new_sub_path (cr);
    cairo_arc (cr, 0.042, 0.01, eye, 0, 2 * G_PI);
      set_rgb (cr, LINE);
      cairo_fill (cr);
    }

  draw_headwear (cr, rank, accent, lw);
  cairo_restore (cr);

  /* The suit in the panel's corner. */
  fill_suit (cr, pal, suit, rank == 11 ? 0.37 : -0.37, -half_height + 0.13, 0.15, FALSE);
}

static void
draw_court (cairo_t       *cr,
            const Palette *pal,
            guint          rank,
            guint          suit,
            double         w,
            double         h)
{
  double px = w * 0.225, py = w * 0.06;
  double pw = w - 2 * px, ph = h - 2 * py;
  double half_height = ph / 2 / pw;
  double lw = CLAMP (w / 110, pal->pixel, 1.4) / pw;
  gboolean detailed = pw / pal->pixel >= 60;

  cairo_save (cr);
  cairo_rectangle (cr, px, py, pw, ph);
  set_rgb (cr, PANEL);
  cairo_fill (cr);

  cairo_translate (cr, w / 2, h / 2);
  cairo_scale (cr, pw, pw);
  for (int half = 0; half < 2; half++)
    {
      cairo_save (cr);
      if (half == 1)
        cairo_rotate (cr, G_PI);
      /* Clubs and Diamonds face the other way, so that no two courts look alike. */
      if (suit == PAT_SUIT_CLUBS || suit == PAT_SUIT_DIAMONDS)
        cairo_scale (cr, -1, 1);
      cairo_rectangle (cr, -0.5, -half_height, 1, half_height);
      cairo_clip (cr);
      draw_half_figure (cr, pal, rank, suit, half_height, lw, detailed);
      cairo_restore (cr);
    }

  cairo_move_to (cr, -0.5, 0);
  cairo_line_to (cr, 0.5, 0);
  set_rgb (cr, GOLD_DARK);
  cairo_set_line_width (cr, 0.02);
  cairo_stroke (cr);

  /* Two frames: the suit's colour outside, gold inside. */
  cairo_rectangle (cr, -0.5, -half_height, 1, 2 * half_height);
  set_rgb (cr, pal->suits[suit]);
  cairo_set_line_width (cr, MAX (2.2 * lw, 0.02));
  cairo_stroke (cr);
  cairo_rectangle (cr, -0.47, -half_height + 0.03, 0.94, 2 * half_height - 0.06);
  set_rgb (cr, GOLD);
  cairo_set_line_width (cr, MAX (1.6 * lw, 0.012));
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* A phone-sized face: the rank large at the top left, the suit beside it and one big symbol (or,
 * for a court card, its headwear) below. */
static void
draw_small_face (cairo_t       *cr,
                 const Palette *pal,
                 guint          rank,
                 guint          suit,
                 double         w,
                 double         h)
{
  double top = w * SMALL_TOP, cap = w * SMALL_CAP;
  double index_bottom = top + cap;
  double big_cy = (index_bottom + h) / 2 + w * 0.02;

  set_rgb (cr, pal->suits[suit]);
  draw_text (cr, pal, rank_text (rank), w * 0.29, top, cap, w * 0.46);
  fill_suit (cr, pal, suit, w * 0.76, top + cap / 2, w * 0.30, FALSE);

  if (rank <= 10)
    {
      fill_suit (cr, pal, suit, w / 2, big_cy, w * 0.56, FALSE);
      return;
    }

  {
    double bx = w * 0.12, by = index_bottom + w * 0.07;
    double bw = w - 2 * bx, bh = h - by - w * 0.08;
    double s = rank == 11 ? bw * 0.78 / 0.53 : rank == 12 ? w * 2.1 : w * 1.8;
    guint32 accent = pal->suits[suit] == INK_RED ? COURT_BLUE : COURT_RED;

    rounded_rect (cr, bx, by, bw, bh, w * 0.04);
    set_rgb (cr, PANEL);
    cairo_fill_preserve (cr);
    set_rgb (cr, GOLD);
    cairo_set_line_width (cr, MAX (pal->pixel, w * 0.03));
    cairo_stroke (cr);

    /* The Jack's cap and feather lean right: centre what is drawn, not the head. */
    cairo_save (cr);
    cairo_translate (cr, w / 2 - (rank == 11 ? 0.095 * s : 0), by + bh * 0.36 + 0.2 * s);
    cairo_scale (cr, s, s);
    draw_headwear (cr, rank, accent, pal->pixel / s);
    cairo_restore (cr);
    fill_suit (cr, pal, suit, w / 2, by + bh * 0.81, w * 0.24, FALSE);
  }
}

static void
draw_face (cairo_t       *cr,
           const Palette *pal,
           PatCard        card,
           double         w,
           double         h)
{
  guint rank = pat_card_rank (card);
  guint suit = pat_card_suit (card);

  draw_card_base (cr, pal, pal->face, w, h);

  if (w < SMALL_CARD_WIDTH)
    {
      draw_small_face (cr, pal, rank, suit, w, h);
      return;
    }

  draw_index (cr, pal, rank, suit, w);
  cairo_save (cr);
  cairo_translate (cr, w, h);
  cairo_rotate (cr, G_PI);
  draw_index (cr, pal, rank, suit, w);
  cairo_restore (cr);

  if (rank == 1)
    draw_ace (cr, pal, suit, w, h);
  else if (rank <= 10)
    draw_pips (cr, pal, rank, suit, w, h);
  else
    draw_court (cr, pal, rank, suit, w, h);
}

/* Card backs */

static void
draw_back_classic (cairo_t *cr,
                   double   x,
                   double   y,
                   double   w,
                   double   h,
                   double   card_width)
{
  int cols = CLAMP ((int) round (card_width / 18), 3, 10);
  int rows = MAX (1, (int) round (cols * h / w));
  double sx = w / cols, sy = h / rows;
  cairo_pattern_t *gradient;

  gradient = cairo_pattern_create_linear (x, y, x + w, y + h);
  cairo_pattern_add_color_stop_rgb (gradient, 0, 0x1c / 255.0, 0x71 / 255.0, 0x8c / 255.0);
  cairo_pattern_add_color_stop_rgb (gradient, 1, 0x1a / 255.0, 0x4f / 255.0, 0x86 / 255.0);
  cairo_set_source (cr, gradient);
  cairo_paint (cr);
  cairo_pattern_destroy (gradient);

  /* A harlequin lattice: a diamond in every cell, its corners touching the cell's sides. */
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      {
        double cx = x + (c + 0.5) * sx, cy = y + (r + 0.5) * sy;

        cairo_move_to (cr, cx, cy - sy / 2);
        cairo_line_to (cr, cx + sx / 2, cy);
        cairo_line_to (cr, cx, cy + sy / 2);
        cairo_line_to (cr, cx - sx / 2, cy);
        cairo_close_path (cr);
      }
  set_rgba (cr, 0xffffff, 0.10);
  cairo_fill_preserve (cr);
  set_rgba (cr, 0x9ee3e8, 0.45);
  cairo_set_line_width (cr, MAX (0.6, sx * 0.05));
  cairo_stroke (cr);

  for (int r = 0; r <= rows; r++)
    for (int c = 0; c <= cols; c++)
      {
        cairo_new_sub_path (cr);
        cairo_arc (cr, x + c * sx, y + r * sy, sx * 0.11, 0, 2 * G_PI);
      }
  set_rgba (cr, 0xd8f6f8, 0.7);
  cairo_fill (cr);
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      {
        cairo_new_sub_path (cr);
        cairo_arc (cr, x + (c + 0.5) * sx, y + (r + 0.5) * sy, sx * 0.07, 0, 2 * G_PI);
      }
  set_rgba (cr, 0x0b2e4a, 0.55);
  cairo_fill (cr);

  /* A medallion with an eight-pointed star, where there is room for one. */
  if (card_width >= SMALL_CARD_WIDTH)
    {
      double cx = x + w / 2, cy = y + h / 2;
      double rx = w * 0.30, ry = w * 0.40;

      cairo_move_to (cr, cx, cy - ry);
      cairo_line_to (cr, cx + rx, cy);
      cairo_line_to (cr, cx, cy + ry);
      cairo_line_to (cr, cx - rx, cy);
      cairo_close_path (cr);
      set_rgb (cr, 0x174a6e);
      cairo_fill_preserve (cr);
      set_rgba (cr, 0xffffff, 0.85);
      cairo_set_line_width (cr, MAX (0.8, w * 0.012));
      cairo_stroke (cr);

      for (int i = 0; i < 16; i++)
        {
          double a = i * G_PI / 8 - G_PI / 2;
          double r = i % 2 == 0 ? w * 0.17 : w * 0.07;

          if (i == 0)
            cairo_move_to (cr, cx + r * cos (a), cy + r * sin (a));
          else
            cairo_line_to (cr, cx + r * cos (a), cy + r * sin (a));
        }
      cairo_close_path (cr);
      set_rgb (cr, 0x9ee3e8);
      cairo_fill (cr);
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, w * 0.035, 0, 2 * G_PI);
      set_rgb (cr, 0x174a6e);
      cairo_fill (cr);
    }
}

static void
draw_back_red (cairo_t *cr,
               double   x,
               double   y,
               double   w,
               double   h,
               double   card_width)
{
  int cols = CLAMP ((int) round (card_width / 18), 3, 10);
  int rows = MAX (1, (int) round (cols * h / w));
  double sx = w / cols, sy = h / rows;
  double radius = MIN (sx, sy) / 2;

  set_rgb (cr, 0xa51d2d);
  cairo_paint (cr);

  /* Interlocking rings on the cell corners and centres make a pattern of four-petalled flowers. */
  for (int r = 0; r <= rows; r++)
    for (int c = 0; c <= cols; c++)
      {
        cairo_new_sub_path (cr);
        cairo_arc (cr, x + c * sx, y + r * sy, radius, 0, 2 * G_PI);
        if (r < rows && c < cols)
          {
            cairo_new_sub_path (cr);
            cairo_arc (cr, x + (c + 0.5) * sx, y + (r + 0.5) * sy, radius, 0, 2 * G_PI);
          }
      }
  set_rgba (cr, 0xffd7d0, 0.45);
  cairo_set_line_width (cr, MAX (0.6, radius * 0.09));
  cairo_stroke (cr);

  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      {
        cairo_new_sub_path (cr);
        cairo_arc (cr, x + (c + 0.5) * sx, y + (r + 0.5) * sy, radius * 0.16, 0, 2 * G_PI);
      }
  set_rgba (cr, 0xf6d32d, 0.8);
  cairo_fill (cr);
}

static void
draw_back_modern (cairo_t       *cr,
                  const Palette *pal,
                  double         x,
                  double         y,
                  double         w,
                  double         h,
                  double         card_width)
{
  cairo_pattern_t *gradient;
  double cx = x + w / 2, cy = y + h / 2;
  double step = MAX (3.0, card_width / 14);
  double size = w * 0.22;
  Palette white = *pal;

  gradient = cairo_pattern_create_linear (x, y, x + w, y + h);
  cairo_pattern_add_color_stop_rgb (gradient, 0, 0x3a / 255.0, 0x3f / 255.0, 0x8f / 255.0);
  cairo_pattern_add_color_stop_rgb (gradient, 1, 0x5e / 255.0, 0x2b / 255.0, 0x7e / 255.0);
  cairo_set_source (cr, gradient);
  cairo_paint (cr);
  cairo_pattern_destroy (gradient);

  /* Ripples round the middle. */
  for (double d = step; d < MAX (w, h); d += step)
    rounded_rect (cr, cx - w * 0.12 - d, cy - w * 0.12 - d, w * 0.24 + 2 * d, w * 0.24 + 2 * d,
                  w * 0.12 + d);
  set_rgba (cr, 0xffffff, 0.12);
  cairo_set_line_width (cr, MAX (0.6, step * 0.18));
  cairo_stroke (cr);

  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, w * 0.30, 0, 2 * G_PI);
  set_rgba (cr, 0x1c1c3c, 0.55);
  cairo_fill_preserve (cr);
  set_rgba (cr, 0xf6d32d, 0.9);
  cairo_set_line_width (cr, MAX (0.8, w * 0.012));
  cairo_stroke (cr);

  for (guint suit = 0; suit < 4; suit++)
    white.suits[suit] = suit >= PAT_SUIT_HEARTS ? 0xf6d32d : 0xffffff;
  fill_suit (cr, &white, PAT_SUIT_SPADES, cx, cy - size * 0.62, size, FALSE);
  fill_suit (cr, &white, PAT_SUIT_HEARTS, cx + size * 0.62, cy, size, FALSE);
  fill_suit (cr, &white, PAT_SUIT_CLUBS, cx, cy + size * 0.62, size, FALSE);
  fill_suit (cr, &white, PAT_SUIT_DIAMONDS, cx - size * 0.62, cy, size, FALSE);
}

static void
draw_back (cairo_t       *cr,
           const Palette *pal,
           double         w,
           double         h)
{
  double r = pat_card_renderer_corner_radius (w);
  double edge = MAX (2.0, w * 0.06);
  double ix = edge, iy = edge, iw = w - 2 * edge, ih = h - 2 * edge;

  draw_card_base (cr, pal, pal->dark ? 0xf2f0ec : 0xffffff, w, h);

  cairo_save (cr);
  rounded_rect (cr, ix, iy, iw, ih, MAX (1.0, r - edge * 0.6));
  cairo_clip (cr);
  if (g_strcmp0 (pal->back, "red") == 0)
    draw_back_red (cr, ix, iy, iw, ih, w);
  else if (g_strcmp0 (pal->back, "modern") == 0)
    draw_back_modern (cr, pal, ix, iy, iw, ih, w);
  else
    draw_back_classic (cr, ix, iy, iw, ih, w);
  cairo_restore (cr);

  /* An inner frame, where there is room for one. */
  if (w >= SMALL_CARD_WIDTH)
    {
      double inset = w * 0.035;

      rounded_rect (cr, ix + inset, iy + inset, iw - 2 * inset, ih - 2 * inset,
                    MAX (1.0, r - edge));
      set_rgba (cr, 0xffffff, 0.7);
      cairo_set_line_width (cr, MAX (pal->pixel, w * 0.01));
      cairo_stroke (cr);
    }
}

/* Textures and the cache */

static double
measure_cap_ratio (PatCardRenderer *self)
{
  g_autoptr(PangoLayout) layout = pango_layout_new (self->pango_context);
  PangoFontDescription *desc = pango_font_description_new ();
  PangoRectangle ink;

  pango_font_description_set_family (desc, RANK_FONT_FAMILY);
  pango_font_description_set_weight (desc, PANGO_WEIGHT_ULTRABOLD);
  pango_font_description_set_absolute_size (desc, 100 * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, "K", -1);
  pango_layout_get_extents (layout, &ink, NULL);

  /* A font without a K still gets a sensible size. */
  if (ink.height <= 0)
    return 0.7;

  return (double) ink.height / PANGO_SCALE / 100;
}

static void
palette_init (PatCardRenderer *self,
              Palette         *pal,
              int              scale)
{
  if (self->cap_ratio == 0)
    self->cap_ratio = measure_cap_ratio (self);

  pal->dark = self->dark;
  pal->face = self->dark ? 0xebe8e2 : 0xffffff;
  pal->suits[PAT_SUIT_SPADES] = INK_BLACK;
  pal->suits[PAT_SUIT_HEARTS] = INK_RED;
  pal->suits[PAT_SUIT_CLUBS] = self->four_colour ? INK_GREEN : INK_BLACK;
  pal->suits[PAT_SUIT_DIAMONDS] = self->four_colour ? INK_BLUE : INK_RED;
  pal->back = self->back_name;
  pal->cap_ratio = self->cap_ratio;
  pal->pixel = 1.0 / scale;
}

static void
size_cache_free (gpointer data)
{
  SizeCache *entry = data;

  for (guint i = 0; i < G_N_ELEMENTS (entry->textures); i++)
    g_clear_object (&entry->textures[i]);
  g_free (entry);
}

static GdkTexture *
render_texture (PatCardRenderer *self,
                guint            slot,
                int              width,
                int              height,
                int              scale)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  Palette pal;
  GBytes *bytes;
  GdkTexture *texture;
  int stride;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  palette_init (self, &pal, scale);

  if (slot == BACK_SLOT)
    draw_back (cr, &pal, width, height);
  else
    draw_face (cr, &pal, slot, width, height);

  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    g_critical ("Drawing a card failed: %s", cairo_status_to_string (cairo_status (cr)));
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* The texture keeps the surface's pixels without a copy. */
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * height * scale,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      surface);
  texture = gdk_memory_texture_new (width * scale, height * scale, GDK_MEMORY_DEFAULT, bytes,
                                    stride);
  g_bytes_unref (bytes);

  return texture;
}

static GdkTexture *
lookup_texture (PatCardRenderer *self,
                guint            slot,
                int              width,
                int              height,
                int              scale)
{
  gint64 key = ((gint64) width << 32) | ((gint64) height << 16) | scale;
  SizeCache *entry = g_hash_table_lookup (self->cache, &key);

  if (entry == NULL)
    {
      if (g_hash_table_size (self->cache) >= N_CACHED_SIZES)
        {
          GHashTableIter iter;
          SizeCache *oldest = NULL, *candidate;

          g_hash_table_iter_init (&iter, self->cache);
          while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &candidate))
            if (oldest == NULL || candidate->last_use < oldest->last_use)
              oldest = candidate;
          g_hash_table_remove (self->cache, &oldest->key);
        }

      entry = g_new0 (SizeCache, 1);
      entry->key = key;
      g_hash_table_insert (self->cache, &entry->key, entry);
    }

  entry->last_use = ++self->clock;
  if (entry->textures[slot] == NULL)
    entry->textures[slot] = render_texture (self, slot, width, height, scale);

  return entry->textures[slot];
}

/* GObject */

static void
pat_card_renderer_finalize (GObject *object)
{
  PatCardRenderer *self = PAT_CARD_RENDERER (object);

  g_hash_table_unref (self->cache);
  g_free (self->back_name);
  g_object_unref (self->pango_context);

  G_OBJECT_CLASS (pat_card_renderer_parent_class)->finalize (object);
}

static void
pat_card_renderer_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PatCardRenderer *self = PAT_CARD_RENDERER (object);

  switch (prop_id)
    {
    case PROP_DARK:
      g_value_set_boolean (value, self->dark);
      break;

    case PROP_FOUR_COLOUR:
      g_value_set_boolean (value, self->four_colour);
      break;

    case PROP_BACK_NAME:
      g_value_set_string (value, self->back_name);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_card_renderer_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  PatCardRenderer *self = PAT_CARD_RENDERER (object);

  switch (prop_id)
    {
    case PROP_DARK:
      pat_card_renderer_set_style (self, g_value_get_boolean (value), self->four_colour,
                                   self->back_name);
      break;

    case PROP_FOUR_COLOUR:
      pat_card_renderer_set_style (self, self->dark, g_value_get_boolean (value),
                                   self->back_name);
      break;

    case PROP_BACK_NAME:
      pat_card_renderer_set_style (self, self->dark, self->four_colour,
                                   g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_card_renderer_class_init (PatCardRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pat_card_renderer_finalize;
  object_class->get_property = pat_card_renderer_get_property;
  object_class->set_property = pat_card_renderer_set_property;

  properties[PROP_DARK] =
    g_param_spec_boolean ("dark", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_FOUR_COLOUR] =
    g_param_spec_boolean ("four-colour", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /* An unknown name draws the classic back, so a stale setting never breaks the board. */
  properties[PROP_BACK_NAME] =
    g_param_spec_string ("back-name", NULL, NULL,
                         "classic",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PatCardRenderer::changed:
   *
   * Emitted when the style changed, after the cached textures were dropped: whatever shows
   * cards must draw them again.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
pat_card_renderer_init (PatCardRenderer *self)
{
  self->back_name = g_strdup ("classic");
  self->cache = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, size_cache_free);
  self->pango_context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
}

/**
 * pat_card_renderer_new:
 *
 * Creates a renderer with the light style, two colours and the classic back.
 *
 * Returns: (transfer full): a new #PatCardRenderer
 */
PatCardRenderer *
pat_card_renderer_new (void)
{
  return g_object_new (PAT_TYPE_CARD_RENDERER, NULL);
}

/**
 * pat_card_renderer_set_style:
 * @self: a #PatCardRenderer
 * @dark: whether the window uses the dark style
 * @four_colour: whether clubs are green and diamonds blue
 * @back_name: (nullable): one of pat_card_renderer_list_backs(); %NULL for "classic"
 *
 * Changes the style. If anything changed, the cached textures are released (hold a reference
 * to keep one) and #PatCardRenderer::changed is emitted.
 */
void
pat_card_renderer_set_style (PatCardRenderer *self,
                             gboolean         dark,
                             gboolean         four_colour,
                             const char      *back_name)
{
  gboolean changed = FALSE;

  g_return_if_fail (PAT_IS_CARD_RENDERER (self));

  dark = !!dark;
  four_colour = !!four_colour;
  if (back_name == NULL || !g_strv_contains (back_names, back_name))
    back_name = "classic";

  g_object_freeze_notify (G_OBJECT (self));
  if (self->dark != dark)
    {
      self->dark = dark;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DARK]);
      changed = TRUE;
    }
  if (self->four_colour != four_colour)
    {
      self->four_colour = four_colour;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOUR_COLOUR]);
      changed = TRUE;
    }
  if (g_strcmp0 (self->back_name, back_name) != 0)
    {
      g_free (self->back_name);
      self->back_name = g_strdup (back_name);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BACK_NAME]);
      changed = TRUE;
    }

  if (changed)
    {
      g_hash_table_remove_all (self->cache);
      g_signal_emit (self, signals[CHANGED], 0);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
pat_card_renderer_get_dark (PatCardRenderer *self)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), FALSE);

  return self->dark;
}

gboolean
pat_card_renderer_get_four_colour (PatCardRenderer *self)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), FALSE);

  return self->four_colour;
}

/**
 * pat_card_renderer_get_back_name:
 * @self: a #PatCardRenderer
 *
 * Returns: (transfer none): the name of the back in use
 */
const char *
pat_card_renderer_get_back_name (PatCardRenderer *self)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), NULL);

  return self->back_name;
}

/**
 * pat_card_renderer_get_card:
 * @self: a #PatCardRenderer
 * @card: a card, 0…51
 * @width: the card width in logical pixels
 * @height: the card height in logical pixels
 * @scale: the widget's scale factor
 *
 * Draws the face of @card at @width × @scale by @height × @scale device pixels, or returns
 * the texture drawn before for the same size and style. Widths below 76 logical pixels
 * get a simplified face that stays legible on a phone.
 *
 * Returns: (transfer none): the texture, valid until the renderer's style changes or until
 *   four other sizes have been asked for; take a reference to keep it longer
 */
GdkTexture *
pat_card_renderer_get_card (PatCardRenderer *self,
                            PatCard          card,
                            int              width,
                            int              height,
                            int              scale)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), NULL);
  g_return_val_if_fail (card < PAT_N_CARDS, NULL);
  g_return_val_if_fail (width > 0 && height > 0 && scale > 0, NULL);
  g_return_val_if_fail (width * scale <= MAX_PIXELS && height * scale <= MAX_PIXELS, NULL);

  return lookup_texture (self, card, width, height, scale);
}

/**
 * pat_card_renderer_get_back:
 * @self: a #PatCardRenderer
 * @width: the card width in logical pixels
 * @height: the card height in logical pixels
 * @scale: the widget's scale factor
 *
 * Like pat_card_renderer_get_card(), for the back in use.
 *
 * Returns: (transfer none): the texture
 */
GdkTexture *
pat_card_renderer_get_back (PatCardRenderer *self,
                            int              width,
                            int              height,
                            int              scale)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), NULL);
  g_return_val_if_fail (width > 0 && height > 0 && scale > 0, NULL);
  g_return_val_if_fail (width * scale <= MAX_PIXELS && height * scale <= MAX_PIXELS, NULL);

  return lookup_texture (self, BACK_SLOT, width, height, scale);
}

/**
 * pat_card_renderer_snapshot_card:
 * @self: a #PatCardRenderer
 * @snapshot: where to draw
 * @card: a card, 0…51
 * @face_up: whether to draw the face or the back
 * @rect: where the card goes, in logical pixels
 * @scale: the widget's scale factor
 *
 * Appends the cached texture of @card, drawn at @rect's size rounded to whole pixels.
 */
void
pat_card_renderer_snapshot_card (PatCardRenderer       *self,
                                 GtkSnapshot           *snapshot,
                                 PatCard                card,
                                 gboolean               face_up,
                                 const graphene_rect_t *rect,
                                 int                    scale)
{
  int width, height;
  GdkTexture *texture;

  g_return_if_fail (PAT_IS_CARD_RENDERER (self));
  g_return_if_fail (GTK_IS_SNAPSHOT (snapshot));
  g_return_if_fail (rect != NULL);

  width = MAX (1, (int) round (rect->size.width));
  height = MAX (1, (int) round (rect->size.height));
  texture = face_up ? pat_card_renderer_get_card (self, card, width, height, scale)
                    : pat_card_renderer_get_back (self, width, height, scale);
  if (texture != NULL)
    gtk_snapshot_append_texture (snapshot, texture, rect);
}

static int
label_suit (const char *label)
{
  static const char * const symbols[] = { "♣", "♠", "♥", "♦" };

  for (int i = 0; i < 4; i++)
    if (strcmp (label, symbols[i]) == 0)
      return i;

  return -1;
}

/**
 * pat_card_renderer_snapshot_slot:
 * @self: a #PatCardRenderer
 * @snapshot: where to draw
 * @rect: the slot, in logical pixels
 * @label: (nullable): a short text shown inside, such as "A", "9", "↺" or "×"; the suit symbols
 *   ♣ ♠ ♥ ♦ are drawn as the cards draw them
 *
 * Appends an empty pile's outline, in the colours of the current style.
 */
void
pat_card_renderer_snapshot_slot (PatCardRenderer       *self,
                                 GtkSnapshot           *snapshot,
                                 const graphene_rect_t *rect,
                                 const char            *label)
{
  float w, h, bw;
  guint32 ink;
  GdkRGBA border, fill, text;
  GskRoundedRect outline;
  int suit;

  g_return_if_fail (PAT_IS_CARD_RENDERER (self));
  g_return_if_fail (GTK_IS_SNAPSHOT (snapshot));
  g_return_if_fail (rect != NULL);

  w = rect->size.width;
  h = rect->size.height;
  bw = CLAMP (w / 45, 1, 2);
  ink = self->dark ? 0xffffff : 0x000000;
  border = rgba (ink, self->dark ? 0.3f : 0.28f);
  fill = rgba (ink, self->dark ? 0.06f : 0.05f);
  text = rgba (ink, self->dark ? 0.45f : 0.38f);

  gsk_rounded_rect_init_from_rect (&outline, rect, pat_card_renderer_corner_radius (w));
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, &fill, rect);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &outline,
                              (float[4]) { bw, bw, bw, bw },
                              (GdkRGBA[4]) { border, border, border, border });

  if (label == NULL || *label == '\0')
    return;

  suit = label_suit (label);
  if (suit >= 0)
    {
      graphene_rect_t bounds;
      cairo_t *cr;
      Palette pal;
      double size = w * 0.42;

      palette_init (self, &pal, 1);
      graphene_rect_init (&bounds, rect->origin.x + w / 2 - size / 2,
                          rect->origin.y + h / 2 - size / 2, size, size);
      cr = gtk_snapshot_append_cairo (snapshot, &bounds);
      suit_path (cr, suit, rect->origin.x + w / 2, rect->origin.y + h / 2, size, FALSE);
      /* On a dark board the suit colours need lighter shades to show. */
      if (pal.suits[suit] == INK_BLACK)
        gdk_cairo_set_source_rgba (cr, &text);
      else if (!self->dark)
        set_rgba (cr, pal.suits[suit], 0.45);
      else
        set_rgba (cr, pal.suits[suit] == INK_RED ? 0xf66151 :
                      pal.suits[suit] == INK_GREEN ? 0x57e389 : 0x62a0ea, 0.6);
      cairo_fill (cr);
      cairo_destroy (cr);
    }
  else
    {
      g_autoptr(PangoLayout) layout = pango_layout_new (self->pango_context);
      PangoFontDescription *desc = pango_font_description_new ();
      gboolean symbol = g_utf8_strlen (label, -1) == 1 &&
                        !g_unichar_isalnum (g_utf8_get_char (label));
      PangoRectangle ink_rect;

      if (self->cap_ratio == 0)
        self->cap_ratio = measure_cap_ratio (self);
      pango_font_description_set_family (desc, RANK_FONT_FAMILY);
      pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
      pango_font_description_set_absolute_size (desc, w * (symbol ? 0.6 : 0.3 / self->cap_ratio)
                                                      * PANGO_SCALE);
      pango_layout_set_font_description (layout, desc);
      pango_font_description_free (desc);
      pango_layout_set_text (layout, label, -1);
      pango_layout_get_extents (layout, &ink_rect, NULL);

      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (
          rect->origin.x + w / 2 - (ink_rect.x + ink_rect.width / 2.f) / PANGO_SCALE,
          rect->origin.y + h / 2 - (ink_rect.y + ink_rect.height / 2.f) / PANGO_SCALE));
      gtk_snapshot_append_layout (snapshot, layout, &text);
      gtk_snapshot_restore (snapshot);
    }
}

/**
 * pat_card_renderer_snapshot_highlight:
 * @self: a #PatCardRenderer
 * @snapshot: where to draw
 * @rect: the card or slot to mark, in logical pixels
 * @kind: what the mark means
 *
 * Appends a tinted, outlined mark over a card or slot: blue for the selected cards, green for a
 * place the cards being moved may go, gold for a hint.
 */
void
pat_card_renderer_snapshot_highlight (PatCardRenderer       *self,
                                      GtkSnapshot           *snapshot,
                                      const graphene_rect_t *rect,
                                      PatCardHighlight       kind)
{
  float bw;
  guint32 colour;
  float tint;
  GdkRGBA border, fill;
  GskRoundedRect outline;

  g_return_if_fail (PAT_IS_CARD_RENDERER (self));
  g_return_if_fail (GTK_IS_SNAPSHOT (snapshot));
  g_return_if_fail (rect != NULL);

  switch (kind)
    {
    case PAT_CARD_HIGHLIGHT_SELECTED:
      colour = self->dark ? 0x78aeed : 0x3584e4;
      tint = 0.22f;
      break;

    case PAT_CARD_HIGHLIGHT_DROP_TARGET:
      colour = self->dark ? 0x57e389 : 0x26a269;
      tint = 0.16f;
      break;

    case PAT_CARD_HIGHLIGHT_HINT:
      colour = self->dark ? 0xf8e45c : 0xe5a50a;
      tint = 0.26f;
      break;

    default:
      g_return_if_reached ();
    }

  bw = CLAMP (rect->size.width * 0.04f, 2, 4);
  border = rgba (colour, 1);
  fill = rgba (colour, tint);
  gsk_rounded_rect_init_from_rect (&outline, rect,
                                   pat_card_renderer_corner_radius (rect->size.width));
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, &fill, rect);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &outline,
                              (float[4]) { bw, bw, bw, bw },
                              (GdkRGBA[4]) { border, border, border, border });
}

/**
 * pat_card_renderer_clear_cache:
 * @self: a #PatCardRenderer
 *
 * Drops every cached texture, for instance when the board is hidden for a long time.
 */
void
pat_card_renderer_clear_cache (PatCardRenderer *self)
{
  g_return_if_fail (PAT_IS_CARD_RENDERER (self));

  g_hash_table_remove_all (self->cache);
}

/**
 * pat_card_renderer_list_backs:
 *
 * Returns: (transfer none) (array zero-terminated=1): the names of the card backs
 */
const char * const *
pat_card_renderer_list_backs (void)
{
  return back_names;
}

/**
 * pat_card_renderer_back_title:
 * @back_name: one of pat_card_renderer_list_backs()
 *
 * Returns: (transfer none): the translated name of a card back, for the preferences
 */
const char *
pat_card_renderer_back_title (const char *back_name)
{
  g_return_val_if_fail (back_name != NULL, NULL);

  if (strcmp (back_name, "red") == 0)
    return C_("card back", "Red");
  if (strcmp (back_name, "modern") == 0)
    return C_("card back", "Modern");

  return C_("card back", "Classic");
}

/**
 * pat_card_accessible_name:
 * @card: a card, 0…51
 *
 * Returns: (transfer full): the card's translated name, such as "Queen of Hearts"
 */
char *
pat_card_accessible_name (PatCard card)
{
  static const char * const ranks[] = {
    NC_("card rank", "Ace"),
    NC_("card rank", "Two"),
    NC_("card rank", "Three"),
    NC_("card rank", "Four"),
    NC_("card rank", "Five"),
    NC_("card rank", "Six"),
    NC_("card rank", "Seven"),
    NC_("card rank", "Eight"),
    NC_("card rank", "Nine"),
    NC_("card rank", "Ten"),
    NC_("card rank", "Jack"),
    NC_("card rank", "Queen"),
    NC_("card rank", "King"),
  };
  static const char * const suits[] = {
    NC_("card suit", "Clubs"),
    NC_("card suit", "Spades"),
    NC_("card suit", "Hearts"),
    NC_("card suit", "Diamonds"),
  };

  g_return_val_if_fail (card < PAT_N_CARDS, NULL);

  /* Translators: a playing card's name, such as "Queen of Hearts": the first %s is the rank,
     the second the suit. Write %2$s and %1$s to put them the other way round. */
  return g_strdup_printf (_("%s of %s"),
                          g_dpgettext2 (GETTEXT_PACKAGE, "card rank",
                                        ranks[pat_card_rank (card) - 1]),
                          g_dpgettext2 (GETTEXT_PACKAGE, "card suit",
                                        suits[pat_card_suit (card)]));
}
