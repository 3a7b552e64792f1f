/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What PatBoard draws, read back pixel by pixel: the focus ring on a covered card, held cards under
 * a hint, and the contrast of empty slots in the high contrast style (run a second time with
 * ADW_DEBUG_HIGH_CONTRAST=1, see tests/ui/meson.build); and a hint's toast clear of its cards. */

#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "pat-board-private.h"
#include "pat-toast.h"
#include "ui-test-util.h"

/* A frame of the window, read back as 8-bit RGB. */
typedef struct {
  int     width;
  int     height;
  gsize   stride;
  guchar *data;    /* B G R A, premultiplied (GDK_MEMORY_DEFAULT); the window is opaque */
} Frame;

static void
frame_free (Frame *frame)
{
  g_free (frame->data);
  g_free (frame);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Frame, frame_free)

static Frame *
render (GtkWidget *window)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);
  GskRenderNode *node;
  g_autoptr(GdkTexture) texture = NULL;
  Frame *frame = g_new0 (Frame, 1);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_render_node_unref (node);

  frame->width = gdk_texture_get_width (texture);
  frame->height = gdk_texture_get_height (texture);
  g_assert_cmpint (frame->width, ==, width);
  frame->stride = (gsize) frame->width * 4;
  frame->data = g_malloc (frame->stride * frame->height);
  gdk_texture_download (texture, frame->data, frame->stride);
  return frame;
}

static void
pixel (const Frame *frame,
       int          x,
       int          y,
       double       rgb[3])
{
  const guchar *p;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, frame->width);
  g_assert_cmpint (y, <, frame->height);
  p = frame->data + (gsize) y * frame->stride + (gsize) x * 4;
  rgb[0] = p[2] / 255.;
  rgb[1] = p[1] / 255.;
  rgb[2] = p[0] / 255.;
}

/* WCAG 2.1 relative luminance and contrast ratio. */
static double
luminance (const double rgb[3])
{
  double l[3];

  for (int i = 0; i < 3; i++)
    l[i] = rgb[i] <= 0.04045 ? rgb[i] / 12.92 : pow ((rgb[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

static double
contrast (const double a[3],
          const double b[3])
{
  double la = luminance (a);
  double lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

static gboolean
near_colour (const double  rgb[3],
             const GdkRGBA *colour)
{
  return fabs (rgb[0] - colour->red) < 0.06 && fabs (rgb[1] - colour->green) < 0.06 &&
         fabs (rgb[2] - colour->blue) < 0.06;
}

/* Pixels of @colour in the rectangle from (@x0, @y0) to (@x1, @y1), ends excluded. */
static guint
count_colour (const Frame   *frame,
              double         x0,
              double         y0,
              double         x1,
              double         y1,
              const GdkRGBA *colour)
{
  guint n = 0;

  for (int y = MAX (0, (int) ceil (y0)); y < MIN (frame->height, (int) floor (y1)); y++)
    for (int x = MAX (0, (int) ceil (x0)); x < MIN (frame->width, (int) floor (x1)); x++)
      {
        double rgb[3];

        pixel (frame, x, y, rgb);
        if (near_colour (rgb, colour))
          n++;
      }
  return n;
}

static void
style_colour (GtkWidget  *widget,
              const char *name,
              GdkRGBA    *colour)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  g_assert_true (gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name,
                                                 colour));
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static PatGame *
new_game (const char *id,
          guint64     deal)
{
  PatDealNumber number = pat_deal_number_from_uint (deal);
  PatOptions options = { PAT_DIE_OFF };

  return pat_game_new (id, &number, &options);
}

/* A window holding only a board with @game, shown at @width × @height with the board focused. */
static GtkWidget *
show_board (PatGame *game,
            int      width,
            int      height)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = pat_board_new ();
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_child (GTK_WINDOW (window), board);
  gtk_widget_add_css_class (window, "background");
  gtk_widget_set_size_request (board, width, height);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  g_object_set (board, "animations", FALSE, NULL);
  pat_board_set_game (PAT_BOARD (board), game);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_grab_focus (board);

  while ((gtk_widget_get_width (board) != width || !gtk_widget_has_focus (board)) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (gtk_widget_get_width (board), ==, width);
  g_assert_true (gtk_widget_has_focus (board));
  g_assert_true (wait_for_frames (window, 2));
  return window;
}

static PatBoard *
window_board (GtkWidget *window)
{
  return PAT_BOARD (gtk_window_get_child (GTK_WINDOW (window)));
}

/* A card low in a fan is covered but for a strip: the focus ring goes round that strip, not round
 * the whole card under the cards that cover it, which looked like several cards focused. */
static void
test_focus_covered_card (void)
{
  static const char * const games[] = { "penguin", "all-in-a-row", "perpetual-motion" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(PatGame) game = new_game (games[g], 3);
      const PatState *state = pat_game_get_state (game);
      GtkWidget *window = show_board (game, 1280, 800);
      PatBoard *board = window_board (window);
      const PatLayout *layout = pat_board_get_layout (board);
      int pile = -1;
      guint index, n;
      graphene_rect_t card, next;
      g_autoptr(Frame) frame = NULL;
      GdkRGBA accent;
      guint in_strip, below_strip;

      /* The first fan with at least three cards face up, after some moves where the deal has
       * none (Perpetual Motion). */
      for (guint m = 0; m < 60 && pile < 0; m++)
        {
          PatMoveList moves;

          for (guint p = 0; p < state->n_piles && pile < 0; p++)
            if (layout->piles[p].fan == PAT_FAN_DOWN && pat_state_pile_len (state, p) >= 3 &&
                pat_board_card_face_up (board, state, p, pat_state_pile_len (state, p) - 3))
              pile = (int) p;
          pat_game_legal_moves (game, &moves);
          if (pile < 0 && moves.n > 0)
            pat_game_apply (game, &moves.moves[m % moves.n], NULL);
        }
      g_assert_cmpint (pile, >=, 0);
      n = pat_state_pile_len (state, pile);
      index = n - 3;

      /* Up twice from the top card, as a player walks into the fan. */
      board->focus_pile = pile;
      board->focus_index = -1;
      g_assert_true (pat_board_test_key (board, GDK_KEY_Up, 0));
      g_assert_true (pat_board_test_key (board, GDK_KEY_Up, 0));
      g_assert_cmpint (board->focus_index, ==, index);
      g_assert_true (wait_for_frames (window, 2));

      frame = render (window);
      style_colour (GTK_WIDGET (board), "accent_color", &accent);
      pat_board_card_rect (board, state, pile, index, &card);
      pat_board_card_rect (board, state, pile, index + 1, &next);
      g_assert_cmpfloat (next.origin.y, >, card.origin.y + 8);

      /* The ring: above the strip, and down its sides. */
      in_strip = count_colour (frame, card.origin.x - 4, card.origin.y - 4,
                               card.origin.x + card.size.width + 4, next.origin.y, &accent);
      /* Nothing of it over the cards lying on the focused one. */
      below_strip = count_colour (frame, card.origin.x - 4, next.origin.y + 1,
                                  card.origin.x + card.size.width + 4,
                                  card.origin.y + card.size.height + 5, &accent);
      g_test_message ("%s: %u ring pixels round the strip, %u over the cards on it", games[g],
                      in_strip, below_strip);
      g_assert_cmpuint (in_strip, >, card.size.width);
      g_assert_cmpuint (below_strip, ==, 0);

      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Cards picked up from the keyboard while a hint shows: the held card and the place it may go look
 * as they do without the hint, blue and green, not mixed with the hint's gold into grey and
 * olive. */
static void
test_held_cards_over_hint (void)
{
  g_autoptr(PatGame) game = new_game ("black-hole", 2);
  const PatState *state = pat_game_get_state (game);
  GtkWidget *window = show_board (game, 1280, 800);
  PatBoard *board = window_board (window);
  g_autoptr(Frame) plain = NULL;
  g_autoptr(Frame) hinted = NULL;
  PatMoveList moves;
  graphene_rect_t held, target;
  guint differ = 0;

  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);

  board->focus_pile = moves.moves[0].from;
  board->focus_index = -1;
  g_assert_true (pat_board_test_key (board, GDK_KEY_space, 0));
  g_assert_cmpint (board->sel_pile, ==, moves.moves[0].from);
  g_assert_true (wait_for_frames (window, 2));
  plain = render (window);

  pat_board_show_hint (board, &moves.moves[0]);
  g_assert_true (wait_for_frames (window, 2));
  hinted = render (window);

  pat_board_card_rect (board, state, moves.moves[0].from,
                       pat_state_pile_len (state, moves.moves[0].from) - 1, &held);
  pat_board_cards_rect (board, state, moves.moves[0].to, 1, &target);
  for (guint r = 0; r < 2; r++)
    {
      const graphene_rect_t *rect = r == 0 ? &held : &target;

      for (int y = (int) rect->origin.y; y < (int) (rect->origin.y + rect->size.height); y++)
        for (int x = (int) rect->origin.x; x < (int) (rect->origin.x + rect->size.width); x++)
          {
            double a[3], b[3];

            pixel (plain, x, y, a);
            pixel (hinted, x, y, b);
            if (fabs (a[0] - b[0]) + fabs (a[1] - b[1]) + fabs (a[2] - b[2]) > 0.02)
              differ++;
          }
    }
  g_test_message ("%u pixels of the held card and its target change with the hint", differ);
  g_assert_cmpuint (differ, ==, 0);

  /* Put back, the cards show the hint again. */
  g_assert_true (pat_board_test_key (board, GDK_KEY_Escape, 0));
  g_assert_true (wait_for_frames (window, 2));
  g_clear_pointer (&hinted, frame_free);
  hinted = render (window);
  {
    double a[3], b[3];
    int x = (int) (held.origin.x + held.size.width / 2);
    int y = (int) (held.origin.y + 1);

    pixel (plain, x, y, a);
    pixel (hinted, x, y, b);
    g_assert_true (fabs (a[0] - b[0]) + fabs (a[1] - b[1]) + fabs (a[2] - b[2]) > 0.1);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The highest contrast against the table among the pixels from (@x0, @y0) to (@x1, @y1). */
static double
max_contrast (const Frame  *frame,
              int           x0,
              int           y0,
              int           x1,
              int           y1,
              const double  table[3])
{
  double best = 1;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      {
        double rgb[3];

        pixel (frame, x, y, rgb);
        best = MAX (best, contrast (rgb, table));
      }
  return best;
}

/* In high contrast, the outline of an empty pile and the rank it takes stand out from the table by
 * 3:1 at least (WCAG 2.1, non-text contrast), in the light and the dark style. */
static void
test_high_contrast_slots (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  if (g_strcmp0 (g_getenv ("ADW_DEBUG_HIGH_CONTRAST"), "1") != 0)
    {
      g_test_skip ("runs with ADW_DEBUG_HIGH_CONTRAST=1 (test-board-look-high-contrast)");
      return;
    }
  g_assert_true (adw_style_manager_get_high_contrast (style));

  for (guint dark = 0; dark < 2; dark++)
    {
      /* Penguin deals its foundations empty; each shows the rank it starts with. */
      g_autoptr(PatGame) game = new_game ("penguin", 1);
      const PatState *state;
      GtkWidget *window;
      PatBoard *board;
      const PatLayout *layout;
      g_autoptr(Frame) frame = NULL;
      GdkRGBA window_bg;
      double table[3], border, label;
      int pile = -1;
      graphene_rect_t slot;
      int cx;

      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                      : ADW_COLOR_SCHEME_FORCE_LIGHT);
      window = show_board (game, 1280, 800);
      board = window_board (window);
      g_assert_true (pat_card_renderer_get_high_contrast (board->renderer));
      state = pat_game_get_state (game);
      layout = pat_board_get_layout (board);
      for (guint p = 0; p < state->n_piles && pile < 0; p++)
        if (layout->piles[p].kind == PAT_PILE_FOUNDATION && pat_state_pile_len (state, p) == 0)
          pile = (int) p;
      g_assert_cmpint (pile, >=, 0);
      /* The focus ring is elsewhere. */
      board->focus_pile = pile == 0 ? 1 : 0;

      g_assert_true (wait_for_frames (window, 2));
      frame = render (window);
      pat_board_slot_rect (board, pile, &slot);
      cx = (int) (slot.origin.x + slot.size.width / 2);

      /* The table just above the slot is the window's background. */
      style_colour (window, "window_bg_color", &window_bg);
      pixel (frame, cx, (int) slot.origin.y - 4, table);
      g_assert_true (near_colour (table, &window_bg));

      /* Across the top edge of the outline, and over the middle where the rank is. */
      border = max_contrast (frame, cx - 2, (int) slot.origin.y - 2, cx + 3,
                             (int) slot.origin.y + 4, table);
      label = max_contrast (frame, (int) (slot.origin.x + slot.size.width * 0.3),
                            (int) (slot.origin.y + slot.size.height * 0.3),
                            (int) (slot.origin.x + slot.size.width * 0.7),
                            (int) (slot.origin.y + slot.size.height * 0.7), table);
      g_test_message ("%s high contrast: slot outline %.2f:1, rank %.2f:1",
                      dark ? "dark" : "light", border, label);
      g_assert_cmpfloat (border, >=, 3);
      g_assert_cmpfloat (label, >=, 3);

      gtk_window_destroy (GTK_WINDOW (window));
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* The widget showing @toast in @overlay (libadwaita's toast widget), or NULL. */
static GtkWidget *
toast_widget (GtkWidget *overlay)
{
  for (GtkWidget *child = gtk_widget_get_first_child (overlay); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (g_str_equal (G_OBJECT_TYPE_NAME (child), "AdwToastWidget"))
      return child;
  return NULL;
}

static guint
hint_bounds (GtkWidget       *board,
             graphene_rect_t *rects)
{
  return pat_board_get_hint_bounds (PAT_BOARD (board), rects);
}

/* Whether @toast's bottom is where a toast lifted clear of @card rests: the gap of pat-toast.c
 * (8 px) above it, give or take a pixel's rounding. */
static gboolean
just_above (const graphene_rect_t *toast,
            const graphene_rect_t *card)
{
  return fabs (toast->origin.y + toast->size.height - (floor (card->origin.y) - 8)) <= 1.5;
}

static gboolean
rects_meet (const graphene_rect_t *rect,
            const graphene_rect_t *others,
            guint                  n)
{
  for (guint i = 0; i < n; i++)
    if (graphene_rect_intersection (rect, &others[i], NULL))
      return TRUE;
  return FALSE;
}

/* A hint's toast does not hide the card the hint points at: at the bottom of the window (Black
 * Hole, 1280 × 800, deal 2: the King of Hearts) it rises above it. */
static void
test_hint_toast_clear (void)
{
  g_autoptr(PatGame) game = new_game ("black-hole", 2);
  const PatState *state = pat_game_get_state (game);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *overlay = adw_toast_overlay_new ();
  GtkWidget *board = pat_board_new ();
  g_autoptr(AdwToast) toast = NULL;
  graphene_rect_t marks[3], toast_bounds;
  GtkWidget *widget = NULL;
  PatMoveList moves;
  PatMove low;
  guint n;
  double lowest = -1;
  gint64 deadline;

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_widget_set_size_request (board, 1280, 760);
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), board);
  gtk_window_set_child (GTK_WINDOW (window), overlay);
  g_object_set (board, "animations", FALSE, NULL);
  pat_board_set_game (PAT_BOARD (board), game);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (wait_for_frames (window, 2));

  /* The legal move whose card lies lowest on the board, where the toast shows. */
  pat_game_legal_moves (game, &moves);
  for (guint i = 0; i < moves.n; i++)
    {
      graphene_rect_t card;

      pat_board_cards_rect (PAT_BOARD (board), state, moves.moves[i].from, 1, &card);
      if (card.origin.y + card.size.height > lowest)
        {
          lowest = card.origin.y + card.size.height;
          low = moves.moves[i];
        }
    }
  g_assert_cmpfloat (lowest, >, 760 - 60);
  pat_board_show_hint (PAT_BOARD (board), &low);
  n = pat_board_get_hint_bounds (PAT_BOARD (board), marks);
  g_assert_cmpuint (n, ==, 2);

  /* As wide as the window's hint, so that it reaches over the card. */
  toast = pat_toast_new ("Hint: King of Hearts to Black Hole");
  pat_toast_set_clear_of (toast, board, hint_bounds);
  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), g_object_ref (toast));

  /* Until it has slid in and risen. */
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  do
    {
      g_assert_true (wait_for_frames (window, 1));
      widget = toast_widget (overlay);
    }
  while ((widget == NULL || gtk_widget_get_margin_bottom (widget) == 0 ||
          !gtk_widget_compute_bounds (widget, board, &toast_bounds) ||
          toast_bounds.origin.y + toast_bounds.size.height > marks[0].origin.y) &&
         g_get_monotonic_time () < deadline);
  g_assert_nonnull (widget);
  g_assert_true (gtk_widget_compute_bounds (widget, board, &toast_bounds));
  g_test_message ("toast %.0f,%.0f to %.0f,%.0f (lifted %d), hinted card %.0f,%.0f to %.0f,%.0f",
                  toast_bounds.origin.x, toast_bounds.origin.y,
                  toast_bounds.origin.x + toast_bounds.size.width,
                  toast_bounds.origin.y + toast_bounds.size.height,
                  gtk_widget_get_margin_bottom (widget), marks[0].origin.x, marks[0].origin.y,
                  marks[0].origin.x + marks[0].size.width,
                  marks[0].origin.y + marks[0].size.height);
  g_assert_cmpint (gtk_widget_get_margin_bottom (widget), >, 0);
  for (guint i = 0; i < n; i++)
    g_assert_false (graphene_rect_intersection (&toast_bounds, &marks[i], NULL));

  /* A smaller board puts the card higher up: the toast rises with it, to just above it (the
   * rectangles the hint had before the resize would leave it elsewhere). */
  {
    graphene_rect_t before = marks[0];

    gtk_widget_set_size_request (board, 1280, 560);
    gtk_window_set_default_size (GTK_WINDOW (window), 1280, 560);
    deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
    do
      {
        g_assert_true (wait_for_frames (window, 1));
        n = pat_board_get_hint_bounds (PAT_BOARD (board), marks);
      }
    while ((n == 0 || marks[0].origin.y == before.origin.y ||
            !gtk_widget_compute_bounds (widget, board, &toast_bounds) ||
            rects_meet (&toast_bounds, marks, n) ||
            !just_above (&toast_bounds, &marks[0])) &&
           g_get_monotonic_time () < deadline);
    g_test_message ("after the resize: toast %.0f,%.0f to %.0f,%.0f, card %.0f,%.0f to %.0f,%.0f",
                    toast_bounds.origin.x, toast_bounds.origin.y,
                    toast_bounds.origin.x + toast_bounds.size.width,
                    toast_bounds.origin.y + toast_bounds.size.height, marks[0].origin.x,
                    marks[0].origin.y, marks[0].origin.x + marks[0].size.width,
                    marks[0].origin.y + marks[0].size.height);
    g_assert_cmpuint (n, ==, 2);
    g_assert_cmpfloat (marks[0].origin.y, <, before.origin.y);
    g_assert_false (rects_meet (&toast_bounds, marks, n));
    g_assert_true (just_above (&toast_bounds, &marks[0]));
  }

  adw_toast_dismiss (toast);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();

  g_test_add_func ("/board-look/focus-covered-card", test_focus_covered_card);
  g_test_add_func ("/board-look/held-cards-over-hint", test_held_cards_over_hint);
  g_test_add_func ("/board-look/high-contrast-slots", test_high_contrast_slots);
  g_test_add_func ("/board-look/hint-toast-clear", test_hint_toast_clear);

  return g_test_run ();
}
