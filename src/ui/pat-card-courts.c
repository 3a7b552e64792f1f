/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Court cards: the framed, double-ended figures of the Jacks, Queens and Kings. */

#include "config.h"

#include "pat-card-renderer-private.h"

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
void
pat_card_draw_headwear (cairo_t *cr,
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

  pat_card_draw_headwear (cr, rank, accent, lw);
  cairo_restore (cr);

  /* The suit in the panel's corner. */
  pat_card_fill_suit (cr, pal, suit, rank == 11 ? 0.37 : -0.37, -half_height + 0.13, 0.15, FALSE);
}

void
pat_card_draw_court (cairo_t       *cr,
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
