/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatStatsChart: the statistics' charts, drawn with Cairo — results over time, or win rate per
 * game. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "pat-stats-chart.h"

#define HISTORY_HEIGHT 190
#define PAD            10.0
#define STRIP_HALF     13.0
#define MIN_SLOT       3.0
#define MAX_BAR        14.0
#define BAR_HEIGHT     8.0

typedef enum {
  MODE_NONE,
  MODE_HISTORY,
  MODE_WIN_RATES,
} Mode;

typedef struct {
  char  *name;
  guint  won;
  guint  played;
} GameRate;

struct _PatStatsChart {
  GtkWidget  parent_instance;

  Mode       mode;
  GArray    *history;   /* PatResult, oldest first */
  GArray    *rates;     /* GameRate */
  guint      n_shown;
};

G_DEFINE_FINAL_TYPE (PatStatsChart, pat_stats_chart, GTK_TYPE_WIDGET)

static void
game_rate_clear (gpointer data)
{
  GameRate *rate = data;

  g_clear_pointer (&rate->name, g_free);
}

static GdkRGBA
lookup_color (GtkWidget  *widget,
              const char *name,
              const char *fallback)
{
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  GdkRGBA rgba;

  if (!gtk_style_context_lookup_color (context, name, &rgba))
    gdk_rgba_parse (&rgba, fallback);
  return rgba;
}

static GdkRGBA
foreground (GtkWidget *widget)
{
  GdkRGBA rgba;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &rgba);
  return rgba;
}

static void
set_source (cairo_t       *cr,
            const GdkRGBA *rgba,
            double         alpha)
{
  cairo_set_source_rgba (cr, rgba->red, rgba->green, rgba->blue, rgba->alpha * alpha);
}

static PangoLayout *
make_layout (PatStatsChart *self,
             const char    *text,
             gboolean       bold,
             gboolean       small)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoAttrList *attrs = pango_attr_list_new ();

  if (bold)
    pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  if (small)
    pango_attr_list_insert (attrs, pango_attr_scale_new (PANGO_SCALE_SMALL));
  /* Digits of the same width keep the axis labels aligned. */
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

static void
show_text (cairo_t     *cr,
           PangoLayout *layout,
           double       x,
           double       y,
           double       xalign)
{
  int width, height;

  pango_layout_get_pixel_size (layout, &width, &height);
  cairo_move_to (cr, round (x - xalign * width), round (y));
  pango_cairo_show_layout (cr, layout);
}

static char *
format_percent (double fraction)
{
  /* Translators: a percentage in the statistics' charts; %d is 0 to 100 */
  return g_strdup_printf (_("%d %%"), (int) round (fraction * 100.0));
}

static char *
format_date (gint64 unix_time)
{
  g_autoptr(GDateTime) date = g_date_time_new_from_unix_local (unix_time);

  return date != NULL ? g_date_time_format (date, "%x") : g_strdup ("");
}

static void
draw_empty (PatStatsChart *self,
            cairo_t       *cr,
            int            width,
            int            height,
            const char    *text)
{
  g_autoptr(PangoLayout) layout = make_layout (self, text, FALSE, FALSE);
  GdkRGBA fg = foreground (GTK_WIDGET (self));
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  set_source (cr, &fg, 0.55);
  show_text (cr, layout, width / 2.0, (height - h) / 2.0, 0.5);
}

/* Wins among the last PAT_STATS_CHART_WINDOW games won or lost up to @index, as a fraction; the
 * games the Demo played in are neither, and left out. @counted (nullable) receives how many
 * games that is (0: none, and the rate is 0). */
static double
moving_rate (GArray *history,
             guint   index,
             guint  *counted)
{
  guint wins = 0, games = 0;
  guint i;

  for (i = index + 1; i > 0 && games < PAT_STATS_CHART_WINDOW; i--)
    {
      const PatResult *r = &g_array_index (history, PatResult, i - 1);

      if (r->assisted)
        continue;
      games++;
      if (r->won)
        wins++;
    }
  if (counted != NULL)
    *counted = games;
  return games > 0 ? (double) wins / games : 0.0;
}

/* The first game of slot @i when @n games share @slots slots. */
static guint
slot_first (guint n,
            guint slots,
            guint i)
{
  return (guint) ((guint64) i * n / slots);
}

/* Where the history chart's parts go. */
typedef struct {
  double text_h;
  double plot_x, plot_w;        /* the plot, right of the axis labels */
  double line_top, line_bottom; /* 100 % and 0 % of the win-rate line */
  double strip_mid;             /* the line wins stand on and losses hang from */
  double slot, bar_w;           /* the width each slot of games gets, and its bar */
  guint  n, shown;              /* games, and slots */
} HistoryGeometry;

static double
rate_y (const HistoryGeometry *g,
        double                 rate)
{
  return g->line_bottom - (g->line_bottom - g->line_top) * rate;
}

/* The axis: 0, 50 and 100 per cent. */
static void
draw_history_axis (PatStatsChart         *self,
                   cairo_t               *cr,
                   const HistoryGeometry *g,
                   const GdkRGBA         *fg)
{
  static const double dash[] = { 3, 3 };
  int percent;

  cairo_set_line_width (cr, 1);
  for (percent = 0; percent <= 100; percent += 50)
    {
      double y = round (rate_y (g, percent / 100.0)) + 0.5;
      g_autofree char *text = format_percent (percent / 100.0);
      g_autoptr(PangoLayout) label = make_layout (self, text, FALSE, TRUE);

      set_source (cr, fg, 0.15);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, g->plot_x, y);
      cairo_line_to (cr, g->plot_x + g->plot_w, y);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      set_source (cr, fg, 0.6);
      show_text (cr, label, g->plot_x - 8, y - g->text_h / 2, 1.0);
    }
}

/* The strip: wins stand above the line, losses hang below it, and the games the Demo played in
 * (no wins either) hang below it in grey. */
static void
draw_history_strip (PatStatsChart         *self,
                    cairo_t               *cr,
                    const HistoryGeometry *g,
                    const GdkRGBA         *fg)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GdkRGBA win = lookup_color (widget, "success_color", "#26a269");
  GdkRGBA loss = lookup_color (widget, "error_color", "#c01c28");
  guint i;

  set_source (cr, fg, 0.2);
  cairo_move_to (cr, g->plot_x, round (g->strip_mid) + 0.5);
  cairo_line_to (cr, g->plot_x + g->plot_w, round (g->strip_mid) + 0.5);
  cairo_stroke (cr);
  for (i = 0; i < g->shown; i++)
    {
      guint from = slot_first (g->n, g->shown, i);
      guint to = slot_first (g->n, g->shown, i + 1);
      guint wins = 0, assisted = 0, k;
      double x = g->plot_x + g->slot * i + (g->slot - g->bar_w) / 2;

      for (k = from; k < to; k++)
        if (g_array_index (self->history, PatResult, k).won)
          wins++;
        else if (g_array_index (self->history, PatResult, k).assisted)
          assisted++;
      if (wins > 0)
        {
          set_source (cr, &win, 1.0);
          cairo_rectangle (cr, x, g->strip_mid - (STRIP_HALF - 1) * wins / (to - from) - 1,
                           g->bar_w, (STRIP_HALF - 1) * wins / (to - from));
          cairo_fill (cr);
        }
      if (wins < to - from)
        {
          double losses_h = (STRIP_HALF - 2) * (to - from - wins - assisted) / (to - from);

          set_source (cr, &loss, 0.85);
          cairo_rectangle (cr, x, g->strip_mid + 2, g->bar_w, losses_h);
          cairo_fill (cr);
          set_source (cr, fg, 0.35);
          cairo_rectangle (cr, x, g->strip_mid + 2 + losses_h, g->bar_w,
                           (STRIP_HALF - 2) * assisted / (to - from));
          cairo_fill (cr);
        }
    }
}

/* The moving win rate, with a light fill under it. */
static void
draw_history_rate (PatStatsChart         *self,
                   cairo_t               *cr,
                   const HistoryGeometry *g)
{
  GdkRGBA accent = lookup_color (GTK_WIDGET (self), "accent_color", "#3584e4");
  guint pass, i;

  for (pass = 0; pass < 2; pass++)
    {
      for (i = 0; i < g->shown; i++)
        {
          double x = g->plot_x + g->slot * (i + 0.5);
          double y = rate_y (g, moving_rate (self->history,
                                             slot_first (g->n, g->shown, i + 1) - 1, NULL));

          if (i == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      if (g->shown == 1)
        cairo_rel_line_to (cr, 0.01, 0);
      if (pass == 0)
        {
          cairo_line_to (cr, g->plot_x + g->slot * (g->shown - 0.5), g->line_bottom);
          cairo_line_to (cr, g->plot_x + g->slot * 0.5, g->line_bottom);
          cairo_close_path (cr);
          set_source (cr, &accent, 0.12);
          cairo_fill (cr);
        }
    }
  cairo_set_line_width (cr, 2.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  set_source (cr, &accent, 1.0);
  cairo_stroke (cr);

  if (g->slot >= 10)
    for (i = 0; i < g->shown; i++)
      {
        double rate = moving_rate (self->history, i, NULL);

        cairo_arc (cr, g->plot_x + g->slot * (i + 0.5), rate_y (g, rate), 3, 0, 2 * G_PI);
        cairo_fill (cr);
      }
}

/* The dates of the first and the last game shown. */
static void
draw_history_dates (PatStatsChart         *self,
                    cairo_t               *cr,
                    const HistoryGeometry *g,
                    const GdkRGBA         *fg,
                    int                    height)
{
  g_autofree char *first_date = format_date (g_array_index (self->history, PatResult, 0).date);
  g_autofree char *last_date =
    format_date (g_array_index (self->history, PatResult, g->n - 1).date);
  g_autoptr(PangoLayout) left = make_layout (self, first_date, FALSE, TRUE);
  g_autoptr(PangoLayout) right = make_layout (self, last_date, FALSE, TRUE);
  double y = height - PAD - g->text_h;

  set_source (cr, fg, 0.6);
  show_text (cr, left, g->plot_x, y, 0.0);
  if (g->shown > 1 && g_strcmp0 (first_date, last_date) != 0)
    show_text (cr, right, g->plot_x + g->plot_w, y, 1.0);
}

static void
draw_history (PatStatsChart *self,
              cairo_t       *cr,
              int            width,
              int            height)
{
  GdkRGBA fg = foreground (GTK_WIDGET (self));
  g_autoptr(PangoLayout) probe = make_layout (self, "100 %", FALSE, TRUE);
  HistoryGeometry g = { 0 };
  int pw, ph;

  g.n = self->history->len;
  if (g.n == 0)
    {
      self->n_shown = 0;
      draw_empty (self, cr, width, height, _("No games played yet"));
      return;
    }

  pango_layout_get_pixel_size (probe, &pw, &ph);
  g.text_h = ph;
  g.plot_x = PAD + pw + 8;
  g.plot_w = MAX (10.0, width - g.plot_x - PAD);
  g.strip_mid = height - PAD - g.text_h - 6 - STRIP_HALF;
  g.line_top = PAD + g.text_h / 2;
  g.line_bottom = g.strip_mid - STRIP_HALF - 12;

  /* When there are more games than room, each slot stands for a few games in a row. */
  g.shown = MIN (g.n, (guint) MAX (1.0, floor (g.plot_w / MIN_SLOT)));
  self->n_shown = g.n;
  g.slot = g.plot_w / g.shown;
  g.bar_w = MIN (MAX_BAR, MAX (1.0, g.slot * 0.7));

  draw_history_axis (self, cr, &g, &fg);
  draw_history_strip (self, cr, &g, &fg);
  draw_history_rate (self, cr, &g);
  draw_history_dates (self, cr, &g, &fg, height);
}

static void
rates_row_metrics (PatStatsChart *self,
                   double        *text_h,
                   double        *row_h)
{
  g_autoptr(PangoLayout) probe = make_layout (self, "Ag", FALSE, FALSE);
  int w, h;

  pango_layout_get_pixel_size (probe, &w, &h);
  *text_h = h;
  *row_h = h + 4 + BAR_HEIGHT + 14;
}

static void
rounded_bar (cairo_t *cr,
             double   x,
             double   y,
             double   w,
             double   h)
{
  double r = h / 2;

  if (w < h)
    w = h;
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, G_PI / 2);
  cairo_arc (cr, x + r, y + r, r, G_PI / 2, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
draw_win_rates (PatStatsChart *self,
                cairo_t       *cr,
                int            width,
                int            height)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GdkRGBA fg = foreground (widget);
  GdkRGBA accent = lookup_color (widget, "accent_bg_color", "#3584e4");
  double text_h, row_h, bar_w = width - 2 * PAD;
  guint i;

  rates_row_metrics (self, &text_h, &row_h);
  for (i = 0; i < self->rates->len; i++)
    {
      const GameRate *rate = &g_array_index (self->rates, GameRate, i);
      double y = PAD + i * row_h;
      g_autoptr(PangoLayout) name = make_layout (self, rate->name, FALSE, FALSE);
      g_autoptr(PangoLayout) value = NULL;
      g_autofree char *value_text = NULL;
      int name_w, name_h, value_w, value_h;

      if (rate->played > 0)
        {
          g_autofree char *percent = format_percent ((double) rate->won / rate->played);
          g_autofree char *played = g_strdup_printf ("%'u", rate->played);
          g_autofree char *won = g_strdup_printf ("%'u", rate->won);

          /* Translators: in the win-rate chart: the rate, then games won of games played */
          value_text = g_strdup_printf (_("%s · %s of %s"), percent, won, played);
        }
      else
        value_text = g_strdup (_("Not played"));
      value = make_layout (self, value_text, rate->played > 0, FALSE);
      pango_layout_get_pixel_size (value, &value_w, &value_h);

      /* The name gives way to the numbers when the chart is narrow. */
      pango_layout_set_width (name, MAX (1, (int) (bar_w - value_w - 12)) * PANGO_SCALE);
      pango_layout_set_ellipsize (name, PANGO_ELLIPSIZE_END);
      pango_layout_get_pixel_size (name, &name_w, &name_h);

      set_source (cr, &fg, 1.0);
      show_text (cr, name, PAD, y, 0.0);
      set_source (cr, &fg, rate->played > 0 ? 0.9 : 0.5);
      show_text (cr, value, width - PAD, y, 1.0);

      set_source (cr, &fg, 0.1);
      rounded_bar (cr, PAD, y + text_h + 4, bar_w, BAR_HEIGHT);
      cairo_fill (cr);
      if (rate->played > 0 && rate->won > 0)
        {
          set_source (cr, &accent, 1.0);
          rounded_bar (cr, PAD, y + text_h + 4, bar_w * rate->won / rate->played, BAR_HEIGHT);
          cairo_fill (cr);
        }
    }
}

static void
pat_stats_chart_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  PatStatsChart *self = PAT_STATS_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0 || self->mode == MODE_NONE)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (self->mode == MODE_HISTORY)
    draw_history (self, cr, width, height);
  else
    draw_win_rates (self, cr, width, height);
  cairo_destroy (cr);
}

static void
pat_stats_chart_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  PatStatsChart *self = PAT_STATS_CHART (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 480;
    }
  else if (self->mode == MODE_WIN_RATES)
    {
      double text_h, row_h;

      rates_row_metrics (self, &text_h, &row_h);
      *minimum = *natural = (int) ceil (2 * PAD + MAX (1u, self->rates->len) * row_h - 10);
    }
  else
    *minimum = *natural = HISTORY_HEIGHT;
}

static void
pat_stats_chart_css_changed (GtkWidget         *widget,
                             GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (pat_stats_chart_parent_class)->css_changed (widget, change);

  /* The colours come from the style: light and dark differ. */
  gtk_widget_queue_resize (widget);
}

static void
pat_stats_chart_finalize (GObject *object)
{
  PatStatsChart *self = PAT_STATS_CHART (object);

  g_clear_pointer (&self->history, g_array_unref);
  g_clear_pointer (&self->rates, g_array_unref);

  G_OBJECT_CLASS (pat_stats_chart_parent_class)->finalize (object);
}

static void
pat_stats_chart_class_init (PatStatsChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = pat_stats_chart_finalize;
  widget_class->snapshot = pat_stats_chart_snapshot;
  widget_class->measure = pat_stats_chart_measure;
  widget_class->css_changed = pat_stats_chart_css_changed;

  gtk_widget_class_set_css_name (widget_class, "statschart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
pat_stats_chart_init (PatStatsChart *self)
{
  self->history = g_array_new (FALSE, TRUE, sizeof (PatResult));
  self->rates = g_array_new (FALSE, TRUE, sizeof (GameRate));
  g_array_set_clear_func (self->rates, game_rate_clear);
}

/**
 * pat_stats_chart_new:
 *
 * Returns: (transfer floating): a chart showing nothing yet
 */
GtkWidget *
pat_stats_chart_new (void)
{
  return g_object_new (PAT_TYPE_STATS_CHART, NULL);
}

/**
 * pat_stats_chart_set_history:
 * @results: (element-type PatResult): one game's results, oldest first (copied)
 */
void
pat_stats_chart_set_history (PatStatsChart *self,
                             GArray        *results)
{
  g_autofree char *description = NULL;
  guint wins = 0, assisted = 0;
  guint i;

  g_return_if_fail (PAT_IS_STATS_CHART (self));
  g_return_if_fail (results != NULL);

  self->mode = MODE_HISTORY;
  g_array_set_size (self->history, 0);
  g_array_append_vals (self->history, results->data, results->len);
  for (i = 0; i < results->len; i++)
    if (g_array_index (results, PatResult, i).won)
      wins++;
    else if (g_array_index (results, PatResult, i).assisted)
      assisted++;
  self->n_shown = results->len;

  if (results->len > 0)
    {
      guint counted;
      g_autofree char *rate = format_percent (moving_rate (self->history, results->len - 1,
                                                           &counted));

      if (assisted == 0)
        /* Translators: what screen readers say about the results chart */
        description = g_strdup_printf (_("%u games: %u won, %u lost. Win rate over the last %u "
                                         "games: %s."),
                                       results->len, wins, results->len - wins, counted, rate);
      else
        /* Translators: what screen readers say about the results chart; assisted games are those
         * the Demo played in, which count as neither won nor lost */
        description = g_strdup_printf (_("%u games: %u won, %u lost, %u assisted. Win rate "
                                         "over the last %u games won or lost: %s."),
                                       results->len, wins, results->len - wins - assisted, assisted,
                                       counted, rate);
    }
  else
    description = g_strdup (_("No games played yet"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Results over time"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/**
 * pat_stats_chart_set_win_rates:
 * @names: (array length=n_games): the games' names
 * @won: (array length=n_games): games won
 * @played: (array length=n_games): games won or lost (those the Demo played in are neither)
 */
void
pat_stats_chart_set_win_rates (PatStatsChart     *self,
                               guint              n_games,
                               const char *const *names,
                               const guint       *won,
                               const guint       *played)
{
  g_autoptr(GString) description = g_string_new (NULL);
  guint i;

  g_return_if_fail (PAT_IS_STATS_CHART (self));

  self->mode = MODE_WIN_RATES;
  g_array_set_size (self->rates, 0);
  for (i = 0; i < n_games; i++)
    {
      GameRate rate = { g_strdup (names[i]), won[i], played[i] };

      g_array_append_val (self->rates, rate);
      if (played[i] > 0)
        {
          g_autofree char *percent = format_percent ((double) won[i] / played[i]);

          /* Translators: what screen readers say about one game in the win-rate chart */
          g_string_append_printf (description, _("%s: %s of %'u games won. "), names[i],
                                  percent, played[i]);
        }
    }
  self->n_shown = n_games;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Win rate per game"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description->str,
                                  -1);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

guint
pat_stats_chart_get_n_shown (PatStatsChart *self)
{
  g_return_val_if_fail (PAT_IS_STATS_CHART (self), 0);

  return self->n_shown;
}
