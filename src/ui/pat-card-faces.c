/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Card faces: the suit symbols, the corner indices, the pips and the small faces. */

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "pat-card-renderer-private.h"

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
void
pat_card_suit_path (cairo_t *cr,
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

void
pat_card_fill_suit (cairo_t       *cr,
                    const Palette *pal,
                    guint          suit,
                    double         cx,
                    double         cy,
                    double         size,
                    gboolean       flip)
{
  pat_card_suit_path (cr, suit, cx, cy, size, flip);
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

void
pat_card_draw_base (cairo_t       *cr,
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
  pat_card_fill_suit (cr, pal, suit, w * INDEX_CX,
                      w * (INDEX_TOP + INDEX_CAP + INDEX_GAP + INDEX_SUIT / 2), w * INDEX_SUIT,
                      FALSE);
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

      pat_card_suit_path (cr, suit, x, y, size, layout[i].y > 6);
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

  pat_card_fill_suit (cr, pal, suit, w / 2, h / 2, size, FALSE);

  /* The Ace of Spades traditionally carries an ornament. */
  if (suit == PAT_SUIT_SPADES)
    {
      pat_card_suit_path (cr, suit, w / 2, h / 2 - size * 0.02, size * 1.28, FALSE);
      set_rgb (cr, pal->suits[suit]);
      cairo_set_line_width (cr, MAX (pal->pixel, w * 0.008));
      cairo_stroke (cr);
      pat_card_suit_path (cr, suit, w / 2, h / 2 + size * 0.02, size * 0.42, FALSE);
      set_rgb (cr, pal->face);
      cairo_fill (cr);
    }
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
  pat_card_fill_suit (cr, pal, suit, w * 0.76, top + cap / 2, w * 0.30, FALSE);

  if (rank <= 10)
    {
      pat_card_fill_suit (cr, pal, suit, w / 2, big_cy, w * 0.56, FALSE);
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
    pat_card_draw_headwear (cr, rank, accent, pal->pixel / s);
    cairo_restore (cr);
    pat_card_fill_suit (cr, pal, suit, w / 2, by + bh * 0.81, w * 0.24, FALSE);
  }
}

void
pat_card_draw_face (cairo_t       *cr,
                    const Palette *pal,
                    PatCard        card,
                    double         w,
                    double         h)
{
  guint rank = pat_card_rank (card);
  guint suit = pat_card_suit (card);

  pat_card_draw_base (cr, pal, pal->face, w, h);

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
    pat_card_draw_court (cr, pal, rank, suit, w, h);
}
