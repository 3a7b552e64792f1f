/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Card backs: the classic, red and modern patterns. */

#include "config.h"

#include <math.h>

#include "pat-card-renderer-private.h"

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
  pat_card_fill_suit (cr, &white, PAT_SUIT_SPADES, cx, cy - size * 0.62, size, FALSE);
  pat_card_fill_suit (cr, &white, PAT_SUIT_HEARTS, cx + size * 0.62, cy, size, FALSE);
  pat_card_fill_suit (cr, &white, PAT_SUIT_CLUBS, cx, cy + size * 0.62, size, FALSE);
  pat_card_fill_suit (cr, &white, PAT_SUIT_DIAMONDS, cx - size * 0.62, cy, size, FALSE);
}

void
pat_card_draw_back (cairo_t       *cr,
                    const Palette *pal,
                    double         w,
                    double         h)
{
  double r = pat_card_renderer_corner_radius (w);
  double edge = MAX (2.0, w * 0.06);
  double ix = edge, iy = edge, iw = w - 2 * edge, ih = h - 2 * edge;

  pat_card_draw_base (cr, pal, pal->dark ? 0xf2f0ec : 0xffffff, w, h);

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
