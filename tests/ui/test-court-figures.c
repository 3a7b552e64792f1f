/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The court figures' drawing tables and the interpreter that walks them. */

#include "config.h"

#include <math.h>

#include "pat-card-renderer-private.h"

#define OP(code, role, role2, ...) { PAT_COURT_##code, role, role2, { __VA_ARGS__ } }
#define END OP (END, 0, 0, 0)

static guint32 colours[PAT_COURT_N_ROLES];

/* Every figure and every headwear is a well-formed table. */
static void
test_tables_well_formed (void)
{
  for (guint rank = 11; rank <= 13; rank++)
    {
      g_autofree char *why_figure = NULL;
      g_autofree char *why_headwear = NULL;

      g_assert_true (pat_card_court_check (pat_card_court_figure (rank), &why_figure));
      g_assert_null (why_figure);
      g_assert_true (pat_card_court_check (pat_card_court_headwear (rank), &why_headwear));
      g_assert_null (why_headwear);
    }
}

static void
assert_rejected (const PatCourtOp *ops,
                 const char       *expected)
{
  g_autofree char *why = NULL;

  g_assert_false (pat_card_court_check (ops, &why));
  g_assert_cmpstr (why, ==, expected);
}

/* Hand-made broken tables, each refused for its own fault. */
static void
test_malformed_tables (void)
{
  const PatCourtOp unpainted[] = { OP (MOVE, 0, 0, 0, 0), OP (LINE, 0, 0, 1, 1), END };
  const PatCourtOp unpainted_save[] = { OP (CIRCLE, 0, 0, 0, 0, 1), OP (SAVE, 0, 0, 0),
                                        OP (RESTORE, 0, 0, 0), END };
  const PatCourtOp empty_fill[] = { OP (FILL, PAT_COURT_GOLD, 0, 0), END };
  const PatCourtOp no_start[] = { OP (LINE, 0, 0, 1, 1), OP (STROKE, 0, 0, 0.1), END };
  const PatCourtOp lone_restore[] = { OP (RESTORE, 0, 0, 0), END };
  const PatCourtOp open_save[] = { OP (SAVE, 0, 0, 0), END };
  const PatCourtOp deep_saves[] = { OP (SAVE, 0, 0, 0), OP (SAVE, 0, 0, 0), OP (SAVE, 0, 0, 0),
                                    OP (SAVE, 0, 0, 0), OP (SAVE, 0, 0, 0), END };
  const PatCourtOp deep_repeats[] = { OP (REPEAT, 0, 0, 2), OP (REPEAT, 0, 0, 2),
                                      OP (REPEAT, 0, 0, 2), END };
  const PatCourtOp zero_repeat[] = { OP (REPEAT, 0, 0, 0), OP (END_REPEAT, 0, 0, 0), END };
  const PatCourtOp lone_end_repeat[] = { OP (END_REPEAT, 0, 0, 0), END };
  const PatCourtOp open_detail[] = { OP (DETAIL, 0, 0, 0), END };
  const PatCourtOp bad_role[] = { OP (CIRCLE, 0, 0, 0, 0, 1), OP (FILL, PAT_COURT_N_ROLES, 0, 0),
                                  END };
  const PatCourtOp bad_scale[] = { OP (SAVE, 0, 0, 0), OP (TRANSFORM, 0, 0, 0, 0, 0),
                                   OP (RESTORE, 0, 0, 0), END };
  const PatCourtOp good[] = { OP (SAVE, 0, 0, 0), OP (TRANSFORM, 0, 0, 1, 1, 2),
                              OP (CIRCLE, 0, 0, 0, 0, 1), OP (FILL, PAT_COURT_GOLD, 0, 0),
                              OP (RESTORE, 0, 0, 0), END };
  g_autofree PatCourtOp *endless = g_new0 (PatCourtOp, 2000);

  assert_rejected (unpainted, "path left unpainted");
  assert_rejected (unpainted_save, "path left unpainted");
  assert_rejected (empty_fill, "painting an empty path");
  assert_rejected (no_start, "line without a start");
  assert_rejected (lone_restore, "restore without save");
  assert_rejected (open_save, "save, repeat or detail left open");
  assert_rejected (deep_saves, "saves nested too deep");
  assert_rejected (deep_repeats, "repeats nested too deep");
  assert_rejected (zero_repeat, "repeat count below 1");
  assert_rejected (lone_end_repeat, "end of repeat without repeat");
  assert_rejected (open_detail, "save, repeat or detail left open");
  assert_rejected (bad_role, "unknown colour role");
  assert_rejected (bad_scale, "scale not positive");
  g_assert_true (pat_card_court_check (good, NULL));

  /* Saves and restores in turn, with no end in sight. */
  for (guint i = 0; i < 2000; i++)
    endless[i].code = i % 2 == 0 ? PAT_COURT_SAVE : PAT_COURT_RESTORE;
  assert_rejected (endless, "no end");
}

static cairo_t *
new_canvas (cairo_surface_t **surface)
{
  cairo_t *cr;

  *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 40, 20);
  cr = cairo_create (*surface);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);

  return cr;
}

static gboolean
inked (cairo_surface_t *surface,
       int              x,
       int              y)
{
  cairo_surface_flush (surface);

  return cairo_image_surface_get_data (surface)[y * cairo_image_surface_get_stride (surface) + x]
         != 0;
}

/* Repeats shift their body, nested ones add up, and fine details are left out on small cards. */
static void
test_repeat_and_detail (void)
{
  const PatCourtOp grid[] = {
    OP (REPEAT, 0, 0, 3, 1, 2, 10, 0),
    OP (REPEAT, 0, 0, 2, 0, 0, 0, 10),
    OP (RECT, 0, 0, 0, 0, 2, 2),
    OP (END_REPEAT, 0, 0, 0),
    OP (END_REPEAT, 0, 0, 0),
    OP (FILL, PAT_COURT_GOLD, 0, 0),
    OP (DETAIL, 0, 0, 0),
    OP (RECT, 0, 0, 35, 0, 2, 2),
    OP (FILL, PAT_COURT_GOLD, 0, 0),
    OP (END_DETAIL, 0, 0, 0),
    END
  };

  for (int detailed = 0; detailed < 2; detailed++)
    {
      cairo_surface_t *surface;
      cairo_t *cr = new_canvas (&surface);

      g_assert_true (pat_card_court_run (cr, grid, colours, 0.1, detailed));
      for (int x = 0; x < 3; x++)
        for (int y = 0; y < 2; y++)
          {
            g_assert_true (inked (surface, 1 + 10 * x, 2 + 10 * y));
            g_assert_true (inked (surface, 2 + 10 * x, 3 + 10 * y));
            g_assert_false (inked (surface, 5 + 10 * x, 2 + 10 * y));
            g_assert_false (inked (surface, 1 + 10 * x, 6 + 10 * y));
          }
      g_assert_false (inked (surface, 31, 2));
      g_assert_cmpint (inked (surface, 35, 0), ==, detailed);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

/* A table the interpreter cannot follow stops it, with the cairo state as it found it. */
static void
test_run_refuses (void)
{
  const PatCourtOp deep_saves[] = { OP (SAVE, 0, 0, 0), OP (TRANSFORM, 0, 0, 5, 5, 2),
                                    OP (SAVE, 0, 0, 0), OP (SAVE, 0, 0, 0), OP (SAVE, 0, 0, 0),
                                    OP (SAVE, 0, 0, 0), OP (RESTORE, 0, 0, 0), END };
  const PatCourtOp deep_repeats[] = { OP (REPEAT, 0, 0, 2), OP (REPEAT, 0, 0, 2),
                                      OP (REPEAT, 0, 0, 2), OP (END_REPEAT, 0, 0, 0),
                                      OP (END_REPEAT, 0, 0, 0), OP (END_REPEAT, 0, 0, 0), END };
  const PatCourtOp lone_restore[] = { OP (MOVE, 0, 0, 1, 1), OP (RESTORE, 0, 0, 0), END };
  const PatCourtOp *bad[] = { deep_saves, deep_repeats, lone_restore };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      cairo_surface_t *surface;
      cairo_t *cr = new_canvas (&surface);
      cairo_matrix_t matrix;

      g_assert_false (pat_card_court_run (cr, bad[i], colours, 0.1, TRUE));
      cairo_get_matrix (cr, &matrix);
      g_assert_cmpfloat (matrix.xx, ==, 1);
      g_assert_cmpfloat (matrix.x0, ==, 0);
      g_assert_false (cairo_has_current_point (cr));
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

/* Each figure draws, leaves cairo as it found it, and stays near its half of the panel. */
static void
test_figures_draw (void)
{
  for (guint rank = 11; rank <= 13; rank++)
    for (int detailed = 0; detailed < 2; detailed++)
      {
        cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
        cairo_t *cr = cairo_create (surface);
        cairo_matrix_t matrix;
        double x, y, w, h;

        cairo_scale (cr, 100, 100);
        g_assert_true (pat_card_court_run (cr, pat_card_court_figure (rank), colours, 0.01,
                                           detailed));
        g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
        cairo_get_matrix (cr, &matrix);
        g_assert_cmpfloat (matrix.xx, ==, 100);
        g_assert_cmpfloat (matrix.y0, ==, 0);
        g_assert_false (cairo_has_current_point (cr));
        cairo_destroy (cr);

        /* The panel's half is 1 wide, centred, and about 1.16 high; the crown may pass its top. */
        cairo_recording_surface_ink_extents (surface, &x, &y, &w, &h);
        g_assert_cmpfloat (x, >=, -52);
        g_assert_cmpfloat (x + w, <=, 52);
        g_assert_cmpfloat (y, >=, -130);
        g_assert_cmpfloat (y, <=, -100);
        g_assert_cmpfloat (y + h, <=, 2);
        g_assert_cmpfloat (y + h, >=, -2);
        cairo_surface_destroy (surface);
      }
}

/* Within one level of 255 in each channel: the line across the middle, drawn over both halves,
 * is not always rounded alike on its two sides. */
static gboolean
same_pixel (guint32 a,
            guint32 b)
{
  for (int shift = 0; shift < 32; shift += 8)
    if (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)) > 1)
      return FALSE;
  return TRUE;
}

/* A court card's panel is the same upside down, pixel for pixel: the bottom half is the top half
 * turned, drawn once (its paths are most of what a court card costs), at odd and even sizes. */
static void
test_court_turned (void)
{
  static const int sizes[][2] = { { 149, 209 }, { 94, 132 }, { 53, 75 }, { 180, 251 } };
  Palette pal = { .face = 0xffffff, .suits = { INK_BLACK, INK_BLACK, INK_RED, INK_RED },
                  .cap_ratio = 0.7, .pixel = 1 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (guint rank = 11; rank <= 13; rank++)
      for (guint suit = 0; suit < 4; suit++)
        {
          int w = sizes[i][0], h = sizes[i][1];
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
          cairo_t *cr = cairo_create (surface);
          const guint32 *data;
          int stride, px, py, different = 0;

          pat_card_draw_court (cr, &pal, rank, suit, w, h);
          g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
          cairo_destroy (cr);
          cairo_surface_flush (surface);
          data = (const guint32 *) cairo_image_surface_get_data (surface);
          stride = cairo_image_surface_get_stride (surface) / 4;

          /* Inside the panel, as pat_card_draw_court() places it, less its frame. */
          px = (int) ceil (w * 0.225) + 3;
          py = (int) ceil (w * 0.06) + 3;
          g_assert_cmpuint (data[(h / 4) * stride + w / 2], !=, 0);
          for (int y = py; y < h - py; y++)
            for (int x = px; x < w - px; x++)
              if (!same_pixel (data[y * stride + x], data[(h - 1 - y) * stride + (w - 1 - x)]))
                different++;
          if (different > 0)
            g_test_message ("rank %u suit %u at %dx%d: %d pixels differ", rank, suit, w, h,
                            different);
          g_assert_cmpint (different, ==, 0);
          cairo_surface_destroy (surface);
        }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < PAT_COURT_N_ROLES; i++)
    colours[i] = 0x102030 + i;

  g_test_add_func ("/court-figures/tables-well-formed", test_tables_well_formed);
  g_test_add_func ("/court-figures/malformed-tables", test_malformed_tables);
  g_test_add_func ("/court-figures/repeat-and-detail", test_repeat_and_detail);
  g_test_add_func ("/court-figures/run-refuses", test_run_refuses);
  g_test_add_func ("/court-figures/figures-draw", test_figures_draw);
  g_test_add_func ("/court-figures/court-turned", test_court_turned);

  return g_test_run ();
}
