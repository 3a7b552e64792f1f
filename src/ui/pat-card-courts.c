/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Court cards: the framed, double-ended figures of the Jacks, Queens and Kings. */

#include "config.h"

#include "pat-card-renderer-private.h"

/* Court cards: a framed panel holding a double-ended figure. The figure is drawn in units of the
 * panel width, with the origin at the panel centre and the head up; the lower half is the same
 * figure turned round. */

/* Shorthands for the tables. */
#define R_GOLD_DARK    PAT_COURT_GOLD_DARK
#define R_GOLD         PAT_COURT_GOLD
#define R_LINE         PAT_COURT_LINE_COLOUR
#define R_SKIN         PAT_COURT_SKIN
#define R_WHITE        PAT_COURT_WHITE
#define R_FEATHER      PAT_COURT_FEATHER
#define R_STEEL        PAT_COURT_STEEL
#define R_STEM         PAT_COURT_STEM
#define R_ROBE         PAT_COURT_ROBE
#define R_ACCENT       PAT_COURT_ACCENT
#define R_HAIR         PAT_COURT_HAIR
#define R_FLOWER       PAT_COURT_FLOWER
#define OP(code, role, role2, ...) { PAT_COURT_##code, role, role2, { __VA_ARGS__ } }
#define MOVE_TO(x, y)                   OP (MOVE, 0, 0, x, y)
#define LINE_TO(x, y)                   OP (LINE, 0, 0, x, y)
#define CURVE_TO(x1, y1, x2, y2, x3, y3) OP (CURVE, 0, 0, x1, y1, x2, y2, x3, y3)
#define CLOSE                          OP (CLOSE, 0, 0, 0)
#define CIRCLE(x, y, r)                OP (CIRCLE, 0, 0, x, y, r)
#define DOT(x, y, r, k)                OP (DOT, 0, 0, x, y, r, k)
#define RECT(x, y, w, h)               OP (RECT, 0, 0, x, y, w, h)
#define ROUND_RECT(x, y, w, h, r)      OP (ROUND_RECT, 0, 0, x, y, w, h, r)
#define FILL(role)                     OP (FILL, role, 0, 0)
#define FILL_STROKE(role, role2)       OP (FILL_STROKE, role, role2, 0)
#define STROKE(role, w)                OP (STROKE, role, 0, w)
#define SLEEVE(role, w)                OP (SLEEVE, role, 0, w)
#define CLIP                           OP (CLIP, 0, 0, 0)
#define SAVE                           OP (SAVE, 0, 0, 0)
#define RESTORE                        OP (RESTORE, 0, 0, 0)
#define TRANSFORM(x, y, s)             OP (TRANSFORM, 0, 0, x, y, s)
#define REPEAT(n, x, y, dx, dy)        OP (REPEAT, 0, 0, n, x, y, dx, dy)
#define END_REPEAT                     OP (END_REPEAT, 0, 0, 0)
#define DETAIL                         OP (DETAIL, 0, 0, 0)
#define END_DETAIL                     OP (END_DETAIL, 0, 0, 0)
#define END                            OP (END, 0, 0, 0)

/* Headwear, drawn around a head of radius 0.115 centred on the origin. */
#define KING_CROWN \
  MOVE_TO (-0.13, -0.085), LINE_TO (-0.155, -0.30), LINE_TO (-0.075, -0.20), LINE_TO (0, -0.33), \
  LINE_TO (0.075, -0.20), LINE_TO (0.155, -0.30), LINE_TO (0.13, -0.085), CLOSE, \
  FILL_STROKE (R_GOLD, R_GOLD_DARK), \
  ROUND_RECT (-0.14, -0.135, 0.28, 0.055, 0.015), FILL_STROKE (R_GOLD, R_GOLD_DARK), \
  CIRCLE (-1 * 0.08, -0.108, 0.018), CIRCLE (0 * 0.08, -0.108, 0.018), \
  CIRCLE (1 * 0.08, -0.108, 0.018), FILL (R_ACCENT), \
  CIRCLE (-2 * 0.0775, -0.315, 0.022), CIRCLE (-1 * 0.0775, -0.20, 0.022), \
  CIRCLE (0 * 0.0775, -0.345, 0.022), CIRCLE (1 * 0.0775, -0.20, 0.022), \
  CIRCLE (2 * 0.0775, -0.315, 0.022), FILL_STROKE (R_GOLD, R_GOLD_DARK)

#define QUEEN_CROWN \
  MOVE_TO (-0.125, -0.09), CURVE_TO (-0.15, -0.20, -0.10, -0.25, -0.065, -0.19), \
  CURVE_TO (-0.05, -0.29, 0.05, -0.29, 0.065, -0.19), \
  CURVE_TO (0.10, -0.25, 0.15, -0.20, 0.125, -0.09), \
  CLOSE, FILL_STROKE (R_GOLD, R_GOLD_DARK), \
  ROUND_RECT (-0.13, -0.125, 0.26, 0.04, 0.015), FILL_STROKE (R_GOLD, R_GOLD_DARK), \
  CIRCLE (-1 * 0.1, -0.245, 0.022), CIRCLE (0 * 0.1, -0.295, 0.022), \
  CIRCLE (1 * 0.1, -0.245, 0.022), FILL_STROKE (R_WHITE, R_GOLD_DARK), \
  CIRCLE (0, -0.19, 0.026), FILL (R_ACCENT)

/* A feather, then a flat cap over it. */
#define JACK_CAP \
  MOVE_TO (0.05, -0.15), CURVE_TO (0.12, -0.25, 0.24, -0.28, 0.37, -0.25), \
  CURVE_TO (0.27, -0.21, 0.18, -0.17, 0.11, -0.11), CLOSE, FILL_STROKE (R_FEATHER, R_LINE), \
  MOVE_TO (0.08, -0.14), CURVE_TO (0.16, -0.22, 0.25, -0.25, 0.33, -0.25), STROKE (R_LINE, 0), \
  MOVE_TO (-0.17, -0.06), CURVE_TO (-0.20, -0.16, -0.08, -0.21, 0.04, -0.20), \
  CURVE_TO (0.16, -0.19, 0.23, -0.13, 0.18, -0.05), \
  CURVE_TO (0.06, -0.09, -0.06, -0.09, -0.17, -0.06), \
  CLOSE, FILL_STROKE (R_ACCENT, R_LINE), \
  MOVE_TO (-0.16, -0.065), CURVE_TO (-0.06, -0.095, 0.06, -0.095, 0.17, -0.055), \
  STROKE (R_GOLD, 0.03)

#define ROBE_PATH \
  MOVE_TO (-0.13, -0.66), CURVE_TO (-0.26, -0.65, -0.35, -0.62, -0.37, -0.50), LINE_TO (-0.41, 0), \
  LINE_TO (0.41, 0), LINE_TO (0.37, -0.50), CURVE_TO (0.35, -0.62, 0.26, -0.65, 0.13, -0.66), CLOSE

/* The robe, then its pattern clipped to it. */
#define ROBE_BEGIN \
  ROBE_PATH, FILL_STROKE (R_ROBE, R_LINE), SAVE, ROBE_PATH, CLIP

/* A gold belt where the two halves meet. */
#define ROBE_END \
  RECT (-0.5, -0.06, 1, 0.06), FILL (R_GOLD), RESTORE

/* An arm from the shoulder on @side to a hand at (@hx, @hy), in the colour of the sleeve. */
#define ARM(side, hx, hy, sleeve) \
  MOVE_TO (side * 0.31, -0.58), \
  CURVE_TO (side * 0.34, -0.46, (side * 0.34 + hx) / 2, hy + 0.02, hx, hy), SLEEVE (sleeve, 0.10), \
  CIRCLE (hx, hy, 0.045), FILL_STROKE (R_SKIN, R_LINE)

/* Neck and collar, then the head, drawn a little larger. */
#define HEAD_BEGIN(collar, collar_line) \
  RECT (-0.05, -0.74, 0.10, 0.10), FILL (R_SKIN), \
  MOVE_TO (-0.17, -0.665), CURVE_TO (-0.10, -0.58, 0.10, -0.58, 0.17, -0.665), \
  CURVE_TO (0.10, -0.63, -0.10, -0.63, -0.17, -0.665), CLOSE, FILL_STROKE (collar, collar_line), \
  SAVE, TRANSFORM (0, -0.83, 1.15), CIRCLE (0, 0, 0.115), FILL_STROKE (R_SKIN, R_LINE)

/* Eyes, at least a device pixel across so that small faces are not blank. */
#define EYES \
  DOT (-0.042, 0.01, 0.013, 0.6), DOT (0.042, 0.01, 0.013, 0.6), FILL (R_LINE)

static const PatCourtOp king[] = {
  /* A sceptre stands behind him. */
  MOVE_TO (0.27, -0.2), LINE_TO (0.27, -0.92), STROKE (R_GOLD_DARK, 0.035),
  CIRCLE (0.27, -0.96, 0.05), FILL_STROKE (R_GOLD, R_GOLD_DARK),
  MOVE_TO (0.27, -1.01), LINE_TO (0.27, -1.08), MOVE_TO (0.24, -1.05), LINE_TO (0.30, -1.05),
  STROKE (R_GOLD_DARK, 0.022),

  /* A front panel edged with ermine, with gold lozenges down the middle. */
  ROBE_BEGIN,
  RECT (-0.13, -0.7, 0.26, 0.7), FILL (R_WHITE),
  RECT (-0.075, -0.7, 0.15, 0.7), FILL (R_ACCENT),
  DETAIL,
  REPEAT (6, 0, -0.58, 0, 0.1), REPEAT (2, -0.1025, 0, 2 * 0.1025, 0.05),
  MOVE_TO (0, -0.025), LINE_TO (0.012, 0.02), LINE_TO (-0.012, 0.02), CLOSE,
  END_REPEAT, END_REPEAT, FILL (R_LINE),
  END_DETAIL,
  REPEAT (4, 0, -0.52, 0, 0.13),
  MOVE_TO (0, -0.045), LINE_TO (0.035, 0), LINE_TO (0, 0.045), LINE_TO (-0.035, 0), CLOSE,
  END_REPEAT, FILL (R_GOLD),
  ROBE_END,

  ARM (1, 0.27, -0.40, R_ROBE), ARM (-1, -0.10, -0.34, R_ACCENT),

  /* A beard and moustache. */
  HEAD_BEGIN (R_GOLD, R_GOLD_DARK),
  MOVE_TO (-0.115, -0.01), CURVE_TO (-0.11, 0.10, -0.05, 0.17, 0, 0.19),
  CURVE_TO (0.05, 0.17, 0.11, 0.10, 0.115, -0.01), CURVE_TO (0.08, 0.05, 0.04, 0.02, 0, 0.04),
  CURVE_TO (-0.04, 0.02, -0.08, 0.05, -0.115, -0.01), CLOSE, FILL_STROKE (R_HAIR, R_LINE),
  EYES, KING_CROWN, RESTORE,
  END
};

static const PatCourtOp queen[] = {
  /* Long hair falling behind the shoulders. */
  MOVE_TO (-0.15, -0.93), CURVE_TO (-0.29, -0.88, -0.29, -0.70, -0.27, -0.58),
  LINE_TO (0.27, -0.58),
  CURVE_TO (0.29, -0.70, 0.29, -0.88, 0.15, -0.93), CLOSE, FILL_STROKE (R_HAIR, R_LINE),

  /* A pattern of gold dots, and a bodice laced in gold. */
  ROBE_BEGIN,
  DETAIL,
  REPEAT (4, 0, -0.04, 0, -2 * 0.085), REPEAT (11, -5 * 0.09, 0, 0.09, 0),
  CIRCLE (0, 0, 0.013), END_REPEAT, END_REPEAT,
  REPEAT (4, 0.045, -0.04 - 0.085, 0, -2 * 0.085), REPEAT (11, -5 * 0.09, 0, 0.09, 0),
  CIRCLE (0, 0, 0.013), END_REPEAT, END_REPEAT,
  FILL (R_GOLD),
  END_DETAIL,
  MOVE_TO (-0.14, -0.67), LINE_TO (0, -0.40), LINE_TO (0.14, -0.67), CLOSE,
  RECT (-0.10, -0.44, 0.20, 0.44), FILL_STROKE (R_ACCENT, R_LINE),
  REPEAT (3, 0, -0.33, 0, 0.11), MOVE_TO (-0.10, 0), LINE_TO (0.10, 0), END_REPEAT,
  STROKE (R_GOLD, 0.025),
  ROBE_END,

  /* A flower in her hand. */
  MOVE_TO (-0.20, -0.36), CURVE_TO (-0.22, -0.44, -0.19, -0.52, -0.22, -0.58),
  STROKE (R_STEM, 0.025),
  CIRCLE (-0.22, -0.65500000000000003, 0.034),
  CIRCLE (-0.17720245676671809, -0.62390576474687265, 0.034),
  CIRCLE (-0.1935496636468387, -0.57359423525312736, 0.034),
  CIRCLE (-0.2464503363531613, -0.57359423525312736, 0.034),
  CIRCLE (-0.26279754323328192, -0.62390576474687265, 0.034),
  FILL_STROKE (R_FLOWER, R_LINE),
  CIRCLE (-0.22, -0.61, 0.024), FILL (R_GOLD),
  ARM (-1, -0.20, -0.36, R_ROBE), ARM (1, 0.08, -0.30, R_ROBE),

  HEAD_BEGIN (R_WHITE, R_LINE),
  MOVE_TO (-0.115, 0.0), CURVE_TO (-0.12, -0.09, -0.06, -0.12, 0, -0.115),
  CURVE_TO (0.06, -0.12, 0.12, -0.09, 0.115, 0.0), CURVE_TO (0.08, -0.06, 0.03, -0.07, 0, -0.09),
  CURVE_TO (-0.03, -0.07, -0.08, -0.06, -0.115, 0.0), CLOSE, FILL_STROKE (R_HAIR, R_LINE),
  EYES, QUEEN_CROWN, RESTORE,
  END
};

static const PatCourtOp jack[] = {
  /* A halberd. */
  MOVE_TO (-0.29, -0.05), LINE_TO (-0.29, -0.98), STROKE (R_GOLD_DARK, 0.03),
  MOVE_TO (-0.29, -1.08), LINE_TO (-0.255, -0.98), LINE_TO (-0.29, -0.93),
  LINE_TO (-0.325, -0.98), CLOSE,
  FILL_STROKE (R_STEEL, R_LINE),
  MOVE_TO (-0.29, -0.96), CURVE_TO (-0.21, -0.98, -0.17, -0.92, -0.19, -0.85),
  CURVE_TO (-0.22, -0.89, -0.25, -0.90, -0.29, -0.88), CLOSE, FILL_STROKE (R_STEEL, R_LINE),

  /* Chevrons, gold and the accent in turn. */
  ROBE_BEGIN,
  REPEAT (2, 0, -0.50, 0, 2 * 0.13),
  MOVE_TO (-0.5, -0.03), LINE_TO (0, 0.07), LINE_TO (0.5, -0.03), LINE_TO (0.5, 0.025),
  LINE_TO (0, 0.125),
  LINE_TO (-0.5, 0.025), CLOSE, FILL (R_GOLD),
  MOVE_TO (-0.5, 0.13 - 0.03), LINE_TO (0, 0.13 + 0.07), LINE_TO (0.5, 0.13 - 0.03),
  LINE_TO (0.5, 0.13 + 0.025),
  LINE_TO (0, 0.13 + 0.125), LINE_TO (-0.5, 0.13 + 0.025), CLOSE, FILL (R_ACCENT),
  END_REPEAT,
  ROBE_END,

  ARM (-1, -0.29, -0.40, R_ACCENT), ARM (1, 0.14, -0.30, R_ACCENT),

  HEAD_BEGIN (R_GOLD, R_GOLD_DARK),
  MOVE_TO (-0.118, 0.04), CURVE_TO (-0.13, -0.08, -0.06, -0.12, 0, -0.115),
  CURVE_TO (0.06, -0.12, 0.13, -0.08, 0.118, 0.04), CURVE_TO (0.10, -0.02, 0.06, -0.04, 0, -0.04),
  CURVE_TO (-0.06, -0.04, -0.10, -0.02, -0.118, 0.04), CLOSE, FILL_STROKE (R_HAIR, R_LINE),
  EYES, JACK_CAP, RESTORE,
  END
};

static const PatCourtOp king_crown[] = { KING_CROWN, END };
static const PatCourtOp queen_crown[] = { QUEEN_CROWN, END };
static const PatCourtOp jack_cap[] = { JACK_CAP, END };

/**
 * pat_card_court_figure:
 * @rank: 11 to 13
 *
 * Returns: the table that draws the upper half of the Jack, Queen or King, head up
 */
const PatCourtOp *
pat_card_court_figure (guint rank)
{
  g_return_val_if_fail (rank >= 11 && rank <= 13, NULL);

  return rank == 13 ? king : rank == 12 ? queen : jack;
}

/**
 * pat_card_court_headwear:
 * @rank: 11 to 13
 *
 * Returns: the table that draws the crown or cap, around a head of radius 0.115 at the origin
 */
const PatCourtOp *
pat_card_court_headwear (guint rank)
{
  g_return_val_if_fail (rank >= 11 && rank <= 13, NULL);

  return rank == 13 ? king_crown : rank == 12 ? queen_crown : jack_cap;
}

#define MAX_SAVES   4
#define MAX_REPEATS 2
#define MAX_OPS     1000

/**
 * pat_card_court_check:
 * @ops: a table of drawing operations
 * @why: (out) (optional): where to put what is wrong with it
 *
 * Checks that @ops ends within MAX_OPS operations, that its saves, repeats and detailed parts
 * are balanced and not nested deeper than the interpreter allows, that every path is painted
 * (or made a clip) before the table ends or the state is saved or restored, that lines and curves
 * start from a point, and that the roles and counts are in range.
 */
gboolean
pat_card_court_check (const PatCourtOp  *ops,
                      char             **why)
{
  int saves = 0, repeats = 0, n = 0;
  gboolean detail = FALSE, path = FALSE, point = FALSE;
  const char *error = NULL;

  for (; error == NULL; ops++, n++)
    {
      PatCourtOpcode code = ops->code;

      if (n >= MAX_OPS)
        error = "no end";
      else if (code > PAT_COURT_END_DETAIL)
        error = "unknown operation";
      else if (ops->role >= PAT_COURT_N_ROLES || ops->role2 >= PAT_COURT_N_ROLES)
        error = "unknown colour role";
      else if ((code == PAT_COURT_LINE || code == PAT_COURT_CURVE || code == PAT_COURT_CLOSE) &&
               !point)
        error = "line without a start";
      else if ((code >= PAT_COURT_FILL && code <= PAT_COURT_CLIP) && !path)
        error = "painting an empty path";
      else if ((code == PAT_COURT_END || (code >= PAT_COURT_SAVE && code <= PAT_COURT_TRANSFORM))
               && path)
        error = "path left unpainted";
      else if (code == PAT_COURT_SAVE && ++saves > MAX_SAVES)
        error = "saves nested too deep";
      else if (code == PAT_COURT_RESTORE && --saves < 0)
        error = "restore without save";
      else if (code == PAT_COURT_TRANSFORM && !(ops->a[2] > 0))
        error = "scale not positive";
      else if (code == PAT_COURT_REPEAT && (++repeats > MAX_REPEATS || !(ops->a[0] >= 1)))
        error = repeats > MAX_REPEATS ? "repeats nested too deep" : "repeat count below 1";
      else if (code == PAT_COURT_END_REPEAT && --repeats < 0)
        error = "end of repeat without repeat";
      else if ((code == PAT_COURT_DETAIL && detail) || (code == PAT_COURT_END_DETAIL && !detail))
        error = "detail not balanced";
      else if (code == PAT_COURT_END && (saves != 0 || repeats != 0 || detail))
        error = "save, repeat or detail left open";
      else if (code == PAT_COURT_END)
        break;

      if (code == PAT_COURT_DETAIL || code == PAT_COURT_END_DETAIL)
        detail = code == PAT_COURT_DETAIL;
      if (code >= PAT_COURT_MOVE && code <= PAT_COURT_ROUND_RECT)
        path = point = TRUE;
      else if (code >= PAT_COURT_FILL && code <= PAT_COURT_CLIP)
        path = point = FALSE;
    }

  if (why != NULL)
    *why = g_strdup (error);

  return error == NULL;
}

/* Adds a path operation's shape, shifted by (@ox, @oy). */
static void
add_path (cairo_t          *cr,
          const PatCourtOp *op,
          double            ox,
          double            oy,
          double            lw)
{
  const double *a = op->a;

  switch (op->code)
    {
    case PAT_COURT_MOVE: cairo_move_to (cr, ox + a[0], oy + a[1]); break;
    case PAT_COURT_LINE: cairo_line_to (cr, ox + a[0], oy + a[1]); break;
    case PAT_COURT_CURVE:
      cairo_curve_to (cr, ox + a[0], oy + a[1], ox + a[2], oy + a[3], ox + a[4], oy + a[5]);
      break;
    case PAT_COURT_CLOSE: cairo_close_path (cr); break;
    case PAT_COURT_CIRCLE:
    case PAT_COURT_DOT:
      cairo_new_sub_path (cr);
      cairo_arc (cr, ox + a[0], oy + a[1],
                 op->code == PAT_COURT_DOT ? MAX (a[2], lw * a[3]) : a[2], 0, 2 * G_PI);
      break;
    case PAT_COURT_RECT: cairo_rectangle (cr, ox + a[0], oy + a[1], a[2], a[3]); break;
    case PAT_COURT_ROUND_RECT: rounded_rect (cr, ox + a[0], oy + a[1], a[2], a[3], a[4]); break;
    default: g_assert_not_reached ();
    }
}

/* Paints the path as a painting operation says, or makes it the clip. */
static void
paint (cairo_t          *cr,
       const PatCourtOp *op,
       const guint32    *colours,
       double            lw)
{
  switch (op->code)
    {
    case PAT_COURT_FILL:
      set_rgb (cr, colours[op->role]);
      cairo_fill (cr);
      break;
    case PAT_COURT_FILL_STROKE:
      set_rgb (cr, colours[op->role]);
      cairo_fill_preserve (cr);
      set_rgb (cr, colours[op->role2]);
      cairo_set_line_width (cr, lw);
      cairo_stroke (cr);
      break;
    case PAT_COURT_STROKE:
      set_rgb (cr, colours[op->role]);
      cairo_set_line_width (cr, op->a[0] > 0 ? op->a[0] : lw);
      cairo_stroke (cr);
      break;
    case PAT_COURT_SLEEVE:
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      set_rgb (cr, colours[PAT_COURT_LINE_COLOUR]);
      cairo_set_line_width (cr, op->a[0] + 2 * lw);
      cairo_stroke_preserve (cr);
      set_rgb (cr, colours[op->role]);
      cairo_set_line_width (cr, op->a[0]);
      cairo_stroke (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      break;
    case PAT_COURT_CLIP: cairo_clip (cr); break;
    default: g_assert_not_reached ();
    }
}

/* A repeat under way: its body, the turn @i of @n, the shift of each turn and the shift before
 * it. */
typedef struct {
  const PatCourtOp *body;
  int               i, n;
  double            x, y, dx, dy;
  double            ox, oy;
} Repeat;

/**
 * pat_card_court_run:
 * @cr: where to draw, in units of the panel width
 * @ops: a table of drawing operations
 * @colours: the colour of each PatCourtRole, as 0xRRGGBB
 * @lw: the outline width
 * @detailed: whether to draw the fine details
 *
 * Walks @ops and draws it. Saves, restores and repeats nested deeper than the interpreter
 * allows, or an opcode it does not know, stop the walk (with the cairo state restored), so a bad
 * table cannot overrun it.
 *
 * Returns: whether the whole table was drawn
 */
gboolean
pat_card_court_run (cairo_t          *cr,
                    const PatCourtOp *ops,
                    const guint32    *colours,
                    double            lw,
                    gboolean          detailed)
{
  Repeat loops[MAX_REPEATS], *l;
  double lws[MAX_SAVES], ox = 0, oy = 0;
  int saves = 0, repeats = 0;
  const PatCourtOp *op;

  for (op = ops; op->code != PAT_COURT_END; op++)
    {
      const double *a = op->a;

      if (op->code >= PAT_COURT_MOVE && op->code <= PAT_COURT_ROUND_RECT)
        add_path (cr, op, ox, oy, lw);
      else if (op->code >= PAT_COURT_FILL && op->code <= PAT_COURT_CLIP)
        paint (cr, op, colours, lw);
      else if (op->code == PAT_COURT_SAVE && saves < MAX_SAVES)
        {
          lws[saves++] = lw;
          cairo_save (cr);
        }
      else if (op->code == PAT_COURT_RESTORE && saves > 0)
        {
          lw = lws[--saves];
          cairo_restore (cr);
        }
      else if (op->code == PAT_COURT_TRANSFORM)
        {
          cairo_translate (cr, ox + a[0], oy + a[1]);
          cairo_scale (cr, a[2], a[2]);
          lw /= a[2];
        }
      else if (op->code == PAT_COURT_REPEAT && repeats < MAX_REPEATS)
        {
          l = &loops[repeats++];
          *l = (Repeat) { op, 0, (int) a[0], a[1], a[2], a[3], a[4], ox, oy };
          ox += a[1];
          oy += a[2];
        }
      else if (op->code == PAT_COURT_END_REPEAT && repeats > 0)
        {
          l = &loops[repeats - 1];
          if (++l->i < l->n)
            op = l->body;
          else
            repeats--;
          /* The shift is worked out afresh each time, so that it does not drift. */
          ox = l->ox + (l->i < l->n ? l->x + l->i * l->dx : 0);
          oy = l->oy + (l->i < l->n ? l->y + l->i * l->dy : 0);
        }
      else if (op->code == PAT_COURT_DETAIL)
        {
          while (!detailed && op[1].code != PAT_COURT_END_DETAIL && op[1].code != PAT_COURT_END)
            op++;
        }
      else if (op->code != PAT_COURT_END_DETAIL)
        break;
    }

  while (saves-- > 0)
    cairo_restore (cr);
  cairo_new_path (cr);

  return op->code == PAT_COURT_END;
}

/* The colour of each role for a figure of @rank in @suit; @accent is 0 to take the one that stands
 * out against the robe. */
static void
court_colours (guint32       *colours,
               const Palette *pal,
               guint          rank,
               guint          suit,
               guint32        accent)
{
  guint32 robe = pal->suits[suit] == INK_BLACK ? 0x2c3654 : pal->suits[suit];

  colours[PAT_COURT_GOLD] = GOLD;
  colours[PAT_COURT_GOLD_DARK] = GOLD_DARK;
  colours[PAT_COURT_LINE_COLOUR] = LINE;
  colours[PAT_COURT_SKIN] = SKIN;
  colours[PAT_COURT_WHITE] = 0xffffff;
  colours[PAT_COURT_FEATHER] = 0xf6f5f4;
  colours[PAT_COURT_STEEL] = 0xd0cfcc;
  colours[PAT_COURT_STEM] = 0x26a269;
  colours[PAT_COURT_ROBE] = robe;
  colours[PAT_COURT_ACCENT] = accent != 0 ? accent : robe == INK_RED ? COURT_BLUE : COURT_RED;
  colours[PAT_COURT_HAIR] = rank == 13 ? 0xdedbd4 : rank == 12 ? 0x7a3e1d : 0x9a6232;
  colours[PAT_COURT_FLOWER] = pat_card_is_red (pat_card_make (1, suit)) ? 0xffffff : INK_RED;
}

/* Headwear, drawn around a head of radius 0.115 centred on the origin. */
void
pat_card_draw_headwear (cairo_t *cr,
                        guint    rank,
                        guint32  accent,
                        double   lw)
{
  guint32 colours[PAT_COURT_N_ROLES];
  Palette pal = { .suits = { INK_BLACK, INK_BLACK, INK_BLACK, INK_BLACK } };

  court_colours (colours, &pal, rank, PAT_SUIT_SPADES, accent);
  pat_card_court_run (cr, pat_card_court_headwear (rank), colours, lw, TRUE);
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
  guint32 colours[PAT_COURT_N_ROLES];

  court_colours (colours, pal, rank, suit, 0);
  pat_card_court_run (cr, pat_card_court_figure (rank), colours, lw, detailed);

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
  cairo_pattern_t *figure;

  cairo_save (cr);
  cairo_rectangle (cr, px, py, pw, ph);
  set_rgb (cr, PANEL);
  cairo_fill (cr);

  cairo_translate (cr, w / 2, h / 2);
  cairo_scale (cr, pw, pw);
  /* The top half is drawn once and turned about the card's centre for the bottom half: its
   * paths are most of what a court card costs, and a half turn maps pixels onto pixels. */
  cairo_push_group (cr);
  cairo_save (cr);
  /* Clubs and Diamonds face the other way, so that no two courts look alike. */
  if (suit == PAT_SUIT_CLUBS || suit == PAT_SUIT_DIAMONDS)
    cairo_scale (cr, -1, 1);
  cairo_rectangle (cr, -0.5, -half_height, 1, half_height);
  cairo_clip (cr);
  draw_half_figure (cr, pal, rank, suit, half_height, lw, detailed);
  cairo_restore (cr);
  figure = cairo_pop_group (cr);
  for (int half = 0; half < 2; half++)
    {
      cairo_save (cr);
      if (half == 1)
        cairo_rotate (cr, G_PI);
      cairo_set_source (cr, figure);
      cairo_paint (cr);
      cairo_restore (cr);
    }
  cairo_pattern_destroy (figure);

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
