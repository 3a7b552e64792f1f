/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The main window driven as a player drives it: real pointer and key events sent through the X
 * server with XTest, so they pass through the window's picking, its overlays and its gestures. For
 * every game, every card that can move in the starting position of a few deals is clicked at the
 * centre and at two corners of its visible part, double-clicked when a foundation or the hole takes
 * it, and dragged to where it goes, at 960×720 and at 360×640, before and after a game ends and a
 * new one starts. The keyboard focus ring is looked for on the screen itself. Run under a virtual X
 * display. */

#include "config.h"

#include <gdk/x11/gdkx.h>
#include <math.h>
#include <signal.h>
#include <sys/wait.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <X11/extensions/XTest.h>

#include "pat-application.h"
#include "pat-board-private.h"
#include "pat-window-private.h"
#include "ui-test-util.h"

/* GTK's default double-click time, set so that a desktop's setting cannot change the test. */
#define DOUBLE_CLICK_MS 400
#define CENTRE 2

static char    *data_dir;
static Display *xdpy;        /* our own connection, for XTest and for reading the screen */

typedef struct {
  PatWindow *window;
  PatBoard  *board;
  Window     xid;
  double     origin_x, origin_y;   /* the window's widget origin on the X screen */
} Harness;

/* Lets the X server deliver what was sent and GTK handle it and draw. What is pending is handled
 * a bounded number of times: a timer that is always due again (Play to the End's, when a busy
 * machine makes a tick longer than its interval) would otherwise keep this loop to the game's
 * end. */
static void
settle (guint ms)
{
  XSync (xdpy, False);
  spin (ms);
  for (guint i = 0; i < 100 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
locate_window (Harness *h)
{
  GtkNative *native = GTK_NATIVE (h->window);
  GdkSurface *surface = gtk_native_get_surface (native);
  double sx, sy;
  int rx, ry;
  Window child;

  h->xid = gdk_x11_surface_get_xid (surface);
  gtk_native_get_surface_transform (native, &sx, &sy);
  XTranslateCoordinates (xdpy, h->xid, DefaultRootWindow (xdpy), 0, 0, &rx, &ry, &child);
  h->origin_x = rx + sx;
  h->origin_y = ry + sy;
}

/* A point of @widget on the X screen. */
static void
screen_point (Harness   *h,
              GtkWidget *widget,
              double     x,
              double     y,
              int       *sx,
              int       *sy)
{
  graphene_point_t in = GRAPHENE_POINT_INIT (x, y), out;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (h->window), &in, &out));
  *sx = (int) floor (h->origin_x + out.x);
  *sy = (int) floor (h->origin_y + out.y);
}

static void
pointer_to (Harness *h,
            double   x,
            double   y)
{
  int sx, sy;

  screen_point (h, GTK_WIDGET (h->board), x, y, &sx, &sy);
  XTestFakeMotionEvent (xdpy, -1, sx, sy, CurrentTime);
  settle (5);
}

static void
button (gboolean press)
{
  XTestFakeButtonEvent (xdpy, 1, press, CurrentTime);
  settle (5);
}

/* Moves the pointer away first, so that no two clicks make a double click by accident. The
 * presses and releases go to the X server in one go: on a loaded machine, waiting between them
 * could stretch a double click past the double-click time, which no hand does. */
static void
real_click (Harness *h,
            double   x,
            double   y,
            int      n)
{
  pointer_to (h, x + 40, y + 40);
  pointer_to (h, x, y);
  for (int i = 0; i < n; i++)
    {
      XTestFakeButtonEvent (xdpy, 1, True, CurrentTime);
      XTestFakeButtonEvent (xdpy, 1, False, CurrentTime);
    }
  settle (20);
}

/* Waits until @game has @moves moves, however late a loaded machine handles the input; gives up
 * after 10 s. */
static gboolean
wait_for_moves (PatGame *game,
                guint    moves)
{
  for (guint waited = 0; waited < 10000 && pat_game_get_moves (game) != moves; waited += 10)
    settle (10);
  return pat_game_get_moves (game) == moves;
}

/* Presses at (@x, @y) and moves to (@to_x, @to_y) in steps, the button still down. */
static void
real_drag_hold (Harness *h,
                double   x,
                double   y,
                double   to_x,
                double   to_y)
{
  const int steps = 8;

  pointer_to (h, x + 40, y + 40);
  pointer_to (h, x, y);
  button (TRUE);
  for (int i = 1; i <= steps; i++)
    pointer_to (h, x + (to_x - x) * i / steps, y + (to_y - y) * i / steps);
}

static void
real_drag (Harness *h,
           double   x,
           double   y,
           double   to_x,
           double   to_y)
{
  real_drag_hold (h, x, y, to_x, to_y);
  button (FALSE);
  settle (20);
}

static void
real_key (KeySym sym)
{
  KeyCode code = XKeysymToKeycode (xdpy, sym);

  /* In one go, as a tap: a key held while a busy machine keeps this test waiting would repeat
   * (F11 twice leaves fullscreen again). */
  XTestFakeKeyEvent (xdpy, code, True, CurrentTime);
  XTestFakeKeyEvent (xdpy, code, False, CurrentTime);
  settle (30);
}

static void
clear_selection (Harness *h)
{
  pat_board_reset_input (h->board);
  gtk_widget_queue_draw (GTK_WIDGET (h->board));
}

/* Whether the point lies on card @index of @pile and on no card drawn over it. */
static gboolean
point_shows_card (PatBoard       *board,
                  const PatState *state,
                  guint           pile,
                  guint           index,
                  double          x,
                  double          y)
{
  graphene_point_t point = GRAPHENE_POINT_INIT (x, y);
  graphene_rect_t r;

  pat_board_card_rect (board, state, pile, index, &r);
  if (!graphene_rect_contains_point (&r, &point))
    return FALSE;
  for (guint p = pile; p < state->n_piles; p++)
    for (guint i = p == pile ? index + 1 : 0; i < pat_state_pile_len (state, p); i++)
      {
        pat_board_card_rect (board, state, p, i, &r);
        if (graphene_rect_contains_point (&r, &point))
          return FALSE;
      }
  return TRUE;
}

/* The part of card @index of @pile that shows: the card, less the next card of its fan. */
static void
visible_part (PatBoard        *board,
              const PatState  *state,
              guint            pile,
              guint            index,
              graphene_rect_t *part)
{
  graphene_rect_t next;

  pat_board_card_rect (board, state, pile, index, part);
  if (index + 1 < pat_state_pile_len (state, pile))
    {
      pat_board_card_rect (board, state, pile, index + 1, &next);
      if (next.origin.y > part->origin.y + 0.5)
        part->size.height = next.origin.y - part->origin.y;
      else if (next.origin.x > part->origin.x + 0.5)
        part->size.width = next.origin.x - part->origin.x;
    }
}

/* Two corners and the centre (the last) of the visible part, each checked to show the card. */
static guint
probe_points (PatBoard       *board,
              const PatState *state,
              guint           pile,
              guint           index,
              double          xs[3],
              double          ys[3])
{
  graphene_rect_t part;
  double inset = 3;
  guint n = 0;

  visible_part (board, state, pile, index, &part);
  xs[n] = part.origin.x + inset;
  ys[n++] = part.origin.y + inset;
  xs[n] = part.origin.x + part.size.width - inset;
  ys[n++] = part.origin.y + part.size.height - inset;
  xs[n] = part.origin.x + part.size.width / 2;
  ys[n++] = part.origin.y + part.size.height / 2;

  for (guint i = 0; i < n; i++)
    g_assert_true (point_shows_card (board, state, pile, index, xs[i], ys[i]));
  return n;
}

/* The pile that holds @card now, or -1. */
static int
find_pile (PatGame *game,
           PatCard  card)
{
  const PatState *state = pat_game_get_state (game);

  for (guint p = 0; p < state->n_piles; p++)
    for (guint i = 0; i < pat_state_pile_len (state, p); i++)
      if (pat_state_pile_cards (state, p)[i] == card)
        return (int) p;
  return -1;
}

static const char *
card_text (PatCard card)
{
  static char text[8];

  pat_card_format (card, text);
  return text;
}

static PatPileKind
kind_of (PatGame *game,
         guint    pile)
{
  return (PatPileKind) pat_game_get_rules (game)->layout->piles[pile].kind;
}

static gboolean
is_home (PatGame *game,
         guint    pile)
{
  PatPileKind kind = kind_of (game, pile);

  return kind == PAT_PILE_FOUNDATION || kind == PAT_PILE_HOLE || kind == PAT_PILE_DISCARD;
}

/* Where the dragged card's corner should land to drop on @pile: on its top card, or its slot. */
static void
drop_rect (PatBoard        *board,
           const PatState  *state,
           guint            pile,
           graphene_rect_t *rect)
{
  guint n = pat_state_pile_len (state, pile);

  if (n == 0)
    pat_board_slot_rect (board, pile, rect);
  else
    pat_board_card_rect (board, state, pile, n - 1, rect);
}

/* Where the point (@x, @y) of card @index of pile @from is when that card lies where a drop on
 * pile @to lands (drop_rect()). */
static void
drag_target (PatBoard       *board,
             const PatState *state,
             guint           from,
             guint           index,
             double          x,
             double          y,
             guint           to,
             double         *to_x,
             double         *to_y)
{
  graphene_rect_t from_rect, to_rect;

  pat_board_card_rect (board, state, from, index, &from_rect);
  drop_rect (board, state, to, &to_rect);
  *to_x = x + to_rect.origin.x - from_rect.origin.x;
  *to_y = y + to_rect.origin.y - from_rect.origin.y;
}

/* The moves played before the position probed (the deals of games that start with a full stock). */
static guint base_moves;

/* Undoes what a probe played and checks the game is back at the position probed. */
static void
back_to_start (Harness *h,
               PatGame *game)
{
  while (pat_game_get_moves (game) > base_moves && pat_game_get_can_undo (game))
    pat_game_undo (game);
  settle (10);
  clear_selection (h);
  g_assert_cmpuint (pat_game_get_moves (game), ==, base_moves);
}

typedef struct {
  guint clicks, click_moves, double_clicks, drags, stock, pairs;
} Counts;

/* Every movable card of the position shown, by click, double click and drag. */
static void
probe_position (Harness    *h,
                const char *what,
                Counts     *counts)
{
  PatGame *game = pat_window_get_game (h->window);
  PatState start = *pat_game_get_state (game);
  PatMoveList moves;
  gboolean seen[PAT_MAX_PILES][PAT_N_CARDS + 1] = { { FALSE } };

  base_moves = pat_game_get_moves (game);
  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);

  for (guint m = 0; m < moves.n; m++)
    {
      const PatMove *move = &moves.moves[m];
      const PatState *state = pat_game_get_state (game);
      double xs[3], ys[3];
      guint n_points;

      if (move->kind == PAT_MOVE_STOCK)
        {
          guint len = pat_state_pile_len (state, move->from);
          graphene_rect_t r;

          if (len > 0)
            pat_board_card_rect (h->board, state, move->from, len - 1, &r);
          else
            pat_board_slot_rect (h->board, move->from, &r);
          real_click (h, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2, 1);
          if (pat_game_get_moves (game) != base_moves + 1)
            g_error ("%s: a click on the stock (pile %u) did not deal", what, move->from);
          back_to_start (h, game);
          counts->stock++;
          continue;
        }

      if (move->kind == PAT_MOVE_PAIR)
        {
          guint a = pat_state_pile_len (state, move->from) - 1;
          guint b = pat_state_pile_len (state, move->from2) - 1;
          double bx[3], by[3];

          probe_points (h->board, state, move->from, a, xs, ys);
          probe_points (h->board, state, move->from2, b, bx, by);
          real_click (h, xs[CENTRE], ys[CENTRE], 1);
          real_click (h, bx[0], by[0], 1);
          if (pat_game_get_moves (game) != base_moves + 1)
            g_error ("%s: clicking the pair on piles %u and %u did not discard it", what,
                     move->from, move->from2);
          back_to_start (h, game);
          counts->pairs++;
          continue;
        }

      if (move->kind != PAT_MOVE_CARDS)
        continue;

      if (seen[move->from][move->count])
        continue;
      seen[move->from][move->count] = TRUE;

      {
        guint len = pat_state_pile_len (state, move->from);
        guint index = len - move->count;
        PatCard card = pat_state_pile_peek (state, move->from, move->count - 1);
        graphene_rect_t to_rect;
        double to_x, to_y;
        gboolean goes_home = FALSE;

        for (guint o = 0; o < moves.n; o++)
          if (moves.moves[o].kind == PAT_MOVE_CARDS && moves.moves[o].from == move->from &&
              moves.moves[o].count == 1 && move->count == 1 && is_home (game, moves.moves[o].to))
            goes_home = TRUE;

        n_points = probe_points (h->board, state, move->from, index, xs, ys);

        /* A double click sends it home when a foundation, the hole or the discards take it. It
         * waits out the double-click time first: GTK's click gesture drops a double click that
         * follows clicks elsewhere quicker than a hand can make them. */
        if (goes_home)
          {
            settle (DOUBLE_CLICK_MS + 50);
            real_click (h, xs[CENTRE], ys[CENTRE], 2);
            if (!wait_for_moves (game, base_moves + 1) || find_pile (game, card) < 0 ||
                !is_home (game, (guint) find_pile (game, card)))
              g_error ("%s: a double click on pile %u card %u (%s) did not send it home", what,
                       move->from, index, card_text (card));
            back_to_start (h, game);
            counts->double_clicks++;
          }

        /* A click anywhere on the card's visible part selects it (click to move is on). */
        for (guint i = 0; i < n_points; i++)
          {
            clear_selection (h);
            real_click (h, xs[i], ys[i], 1);
            if (h->board->sel_pile != (int) move->from || h->board->sel_count == 0)
              g_error ("%s: a click at %.0f,%.0f on pile %u card %u (%s) did not select it",
                       what, xs[i], ys[i], move->from, index, card_text (card));
            g_assert_cmpuint (pat_game_get_moves (game), ==, base_moves);
            counts->clicks++;
          }

        /* Selected, it goes where the next click is: on the destination's top card or slot. */
        drop_rect (h->board, state, move->to, &to_rect);
        {
          guint to_len = pat_state_pile_len (state, move->to);

          real_click (h, to_rect.origin.x + to_rect.size.width / 2,
                      to_rect.origin.y + to_rect.size.height / 2, 1);
          if (pat_game_get_moves (game) != base_moves + 1 ||
              pat_state_pile_len (pat_game_get_state (game), move->to) <= to_len)
            g_error ("%s: pile %u card %u (%s) selected, a click on pile %u did not move it "
                     "there", what, move->from, index, card_text (card), move->to);
          back_to_start (h, game);
          counts->click_moves++;
        }
        state = pat_game_get_state (game);

        /* A drag from its visible part drops it on a destination that takes it. */
        drag_target (h->board, state, move->from, index, xs[CENTRE], ys[CENTRE], move->to,
                     &to_x, &to_y);
        real_drag (h, xs[CENTRE], ys[CENTRE], to_x, to_y);
        if (pat_game_get_moves (game) != base_moves + 1 ||
            find_pile (game, card) != (int) move->to)
          g_error ("%s: dragging pile %u card %u (%s) to pile %u did not move it there", what,
                   move->from, index, card_text (card), move->to);
        back_to_start (h, game);
        counts->drags++;
      }
    }

  /* Nothing moved for good. */
  g_assert_true (memcmp (&start, pat_game_get_state (game), sizeof start) == 0);
}

static void
open_window (Harness *h,
             int      width,
             int      height)
{
  g_autoptr(PatApplication) app = make_app ();
  int guard = 0;
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  XWindowAttributes attributes;

  h->window = pat_application_new_window (app);
  h->board = pat_window_get_board (h->window);
  gtk_window_set_default_size (GTK_WINDOW (h->window), width, height);
  gtk_window_present (GTK_WINDOW (h->window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (h->window)) && guard++ < 200)
    settle (10);
  settle (200);
  locate_window (h);
  /* The keys go where the focus is: wait until the X window is viewable (a window manager maps
   * its frame first, late on a busy machine) and the window has the focus. */
  while (XGetWindowAttributes (xdpy, h->xid, &attributes) &&
         attributes.map_state != IsViewable && g_get_monotonic_time () < end)
    settle (20);
  XSetInputFocus (xdpy, h->xid, RevertToParent, CurrentTime);
  while (!gtk_window_is_active (GTK_WINDOW (h->window)) && g_get_monotonic_time () < end)
    settle (20);
  settle (50);
  locate_window (h);
}

static void
start (Harness    *h,
       const char *game_id,
       guint64     number)
{
  PatDealNumber deal = pat_deal_number_from_uint (number);

  pat_session_start_deal (pat_window_get_session (h->window), game_id, &deal);
  pat_board_finish_animations (h->board);
  settle (60);
  locate_window (h);
}

/* Deals until some move other than the stock's is possible; FALSE if the start had one already. */
static gboolean
deal_until_choice (Harness *h)
{
  PatGame *game = pat_window_get_game (h->window);
  PatMove s = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  gboolean dealt = FALSE;

  for (guint round = 0; round < 40; round++)
    {
      PatMoveList moves;
      gboolean only_stock = TRUE;

      pat_game_legal_moves (game, &moves);
      for (guint i = 0; i < moves.n; i++)
        if (moves.moves[i].kind != PAT_MOVE_STOCK)
          only_stock = FALSE;
      if (!only_stock || moves.n == 0)
        break;
      s.from = s.to = moves.moves[0].from;
      g_assert_true (pat_game_apply (game, &s, NULL));
      dealt = TRUE;
    }
  pat_board_finish_animations (h->board);
  settle (30);
  return dealt;
}

static void
probe_every_game (int width,
                  int height)
{
  static const guint64 deals[] = { 1, 31999, 123456 };
  Harness h = { 0 };
  guint n;
  const PatRules *const *all = pat_rules_all (&n);

  int window_width;

  open_window (&h, width, height);
  window_width = gtk_widget_get_width (GTK_WIDGET (h.window));
  g_test_message ("window %dx%d", window_width, gtk_widget_get_height (GTK_WIDGET (h.window)));

  for (guint g = 0; g < n; g++)
    {
      Counts counts = { 0 };

      for (guint d = 0; d < G_N_ELEMENTS (deals); d++)
        {
          g_autofree char *what = g_strdup_printf ("%s deal %" G_GUINT64_FORMAT " at %dx%d",
                                                   all[g]->id, deals[d], width, height);

          start (&h, all[g]->id, deals[d]);
          probe_position (&h, what, &counts);
          /* Games that start with every card in the stock: the same once cards are out. */
          if (deal_until_choice (&h))
            probe_position (&h, what, &counts);
          /* Nothing that came and went (the status line's "Undo 1 move") asked for more room. */
          if (gtk_widget_get_width (GTK_WIDGET (h.window)) != window_width)
            g_error ("%s: the window grew from %d to %d pixels wide", what, window_width,
                     gtk_widget_get_width (GTK_WIDGET (h.window)));
        }
      g_test_message ("%s at %dx%d: %u clicks that select, %u clicks that move, %u double "
                      "clicks, %u drags, %u stock clicks, %u pairs", all[g]->id, width, height,
                      counts.clicks, counts.click_moves, counts.double_clicks, counts.drags,
                      counts.stock, counts.pairs);
      /* Every game has cards that can move at the start, and they were tried. */
      g_assert_cmpuint (counts.clicks + counts.stock + counts.pairs, >, 0);
    }

  gtk_window_destroy (GTK_WINDOW (h.window));
  settle (50);
}

static void
test_every_card_answers (void)
{
  probe_every_game (960, 720);
}

static void
test_every_card_answers_narrow (void)
{
  probe_every_game (360, 640);
}

/* The end card comes and goes; afterwards the whole board answers again, including where the
 * card was. The end card's own button answers the pointer too. */
static void
test_after_the_end (void)
{
  Harness h = { 0 };
  PatMove s = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  PatGame *game;
  GtkWidget *button_widget;
  graphene_rect_t bounds;
  Counts counts = { 0 };
  guint guard = 0;

  open_window (&h, 960, 720);
  /* Perpetual Motion deal 1 is won in round 120. */
  start (&h, "perpetual-motion", 1);
  game = pat_window_get_game (h.window);
  while (pat_game_get_status (game) == PAT_STATUS_PLAYING && guard++ < 5000)
    g_assert_true (pat_game_apply (game, &s, NULL));
  settle (400);
  g_assert_true (pat_window_get_end_shown (h.window));

  /* The end card's New Game button, clicked for real. */
  button_widget = GTK_WIDGET (h.window->end_new_game_button);
  g_assert_true (gtk_widget_compute_bounds (button_widget, GTK_WIDGET (h.board), &bounds));
  real_click (&h, bounds.origin.x + bounds.size.width / 2,
              bounds.origin.y + bounds.size.height / 2, 1);
  settle (400);
  g_assert_false (pat_window_get_end_shown (h.window));
  g_assert_true (pat_window_get_game (h.window) != game);

  /* The same window, a game whose cards lie where the end card was. */
  start (&h, "black-hole", 1);
  probe_position (&h, "black-hole deal 1 after a won game", &counts);
  start (&h, "all-in-a-row", 2);
  probe_position (&h, "all-in-a-row deal 2 after a won game", &counts);
  g_assert_cmpuint (counts.drags, >, 0);

  gtk_window_destroy (GTK_WINDOW (h.window));
  settle (50);
}

/* A card dropped where the rules refuse it: the status line says why, and the next move, made by a
 * real double click, clears that (it no longer explains anything on the board). */
static void
test_refusal_cleared (void)
{
  Harness h = { 0 };
  PatGame *game;
  const PatState *state;
  PatMoveList moves;
  int hole = -1, refused = -1;
  guint n_piles;
  double xs[3], ys[3], hx, hy, to_x, to_y;

  open_window (&h, 960, 720);
  start (&h, "black-hole", 1);
  game = pat_window_get_game (h.window);
  state = pat_game_get_state (game);
  n_piles = pat_game_get_rules (game)->layout->n_piles;
  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  for (guint p = 0; p < n_piles; p++)
    {
      gboolean movable = FALSE;

      if (kind_of (game, p) == PAT_PILE_HOLE)
        hole = (int) p;
      for (guint m = 0; m < moves.n; m++)
        movable |= moves.moves[m].from == p;
      if (kind_of (game, p) != PAT_PILE_HOLE && pat_state_pile_len (state, p) > 0 && !movable &&
          refused < 0)
        refused = (int) p;
    }
  g_assert_cmpint (hole, >=, 0);
  g_assert_cmpint (refused, >=, 0);
  g_assert_cmpstr (gtk_label_get_label (h.window->message_label), ==, "");

  /* Dragged onto the hole, which does not take it. */
  probe_points (h.board, state, (guint) refused, pat_state_pile_len (state, (guint) refused) - 1,
                xs, ys);
  drag_target (h.board, state, (guint) refused, pat_state_pile_len (state, (guint) refused) - 1,
               xs[CENTRE], ys[CENTRE], (guint) hole, &to_x, &to_y);
  real_drag (&h, xs[CENTRE], ys[CENTRE], to_x, to_y);
  settle (100);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
  g_assert_cmpstr (gtk_label_get_label (h.window->message_label), !=, "");

  /* A card that goes into the hole, by a double click. */
  probe_points (h.board, state, moves.moves[0].from,
                pat_state_pile_len (state, moves.moves[0].from) - 1, xs, ys);
  hx = xs[CENTRE];
  hy = ys[CENTRE];
  settle (DOUBLE_CLICK_MS + 50);
  real_click (&h, hx, hy, 2);
  g_assert_true (wait_for_moves (game, 1));
  g_assert_cmpstr (gtk_label_get_label (h.window->message_label), ==, "");

  /* What the window says about play under way is not a refusal: a move leaves it. */
  pat_window_set_message (h.window, "Demo: watch the winning line; any move stops it");
  pat_game_undo (game);
  settle (50);
  g_assert_cmpstr (gtk_label_get_label (h.window->message_label), ==,
                   "Demo: watch the winning line; any move stops it");

  gtk_window_destroy (GTK_WINDOW (h.window));
  settle (50);
}

/* Escape during a real drag takes it back: the cards go home, although the pointer is released
 * over a pile that takes them. The same drag without Escape makes the move. */
static void
test_escape_cancels_drag (void)
{
  Harness h = { 0 };
  PatGame *game;
  const PatState *state;
  PatState before;
  PatMoveList moves;
  double xs[3], ys[3], to_x, to_y;
  guint from;

  open_window (&h, 960, 720);
  start (&h, "black-hole", 1);
  game = pat_window_get_game (h.window);
  state = pat_game_get_state (game);
  before = *state;
  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  from = moves.moves[0].from;

  probe_points (h.board, state, from, pat_state_pile_len (state, from) - 1, xs, ys);
  drag_target (h.board, state, from, pat_state_pile_len (state, from) - 1, xs[CENTRE], ys[CENTRE],
               moves.moves[0].to, &to_x, &to_y);

  real_drag_hold (&h, xs[CENTRE], ys[CENTRE], to_x, to_y);
  settle (50);
  g_assert_true (h.board->dragging);
  real_key (XK_Escape);
  g_assert_false (h.board->dragging);
  button (FALSE);
  settle (300);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
  g_assert_true (pat_state_equal (pat_game_get_state (game), &before));

  /* Pressed before the pointer moved, Escape takes back the press: the release selects nothing. */
  settle (DOUBLE_CLICK_MS + 50);
  pointer_to (&h, xs[CENTRE] + 40, ys[CENTRE] + 40);
  pointer_to (&h, xs[CENTRE], ys[CENTRE]);
  button (TRUE);
  settle (50);
  real_key (XK_Escape);
  button (FALSE);
  settle (100);
  g_assert_cmpint (h.board->sel_pile, <, 0);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);

  /* Escape was not the window's: it is still there and playing, and the same drag works. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (h.window)));
  settle (DOUBLE_CLICK_MS + 50);
  real_drag (&h, xs[CENTRE], ys[CENTRE], to_x, to_y);
  settle (100);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 1);

  gtk_window_destroy (GTK_WINDOW (h.window));
  settle (50);
}

/* The accent colour the board draws its focus ring in. */
static void
accent_colour (GtkWidget *widget,
               GdkRGBA   *colour)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "accent_color",
                                       colour))
    g_error ("no accent colour");
  G_GNUC_END_IGNORE_DEPRECATIONS
}

/* How many pixels of the ring around the focused card, on the real screen, have the accent
 * colour. */
static guint
ring_pixels (Harness *h)
{
  const PatState *state = pat_board_get_state (h->board);
  graphene_rect_t r;
  GdkRGBA accent;
  XImage *image;
  int x0, y0, x1, y1, cx0, cy0, cx1, cy1;
  guint hits = 0;
  guint n = pat_state_pile_len (state, h->board->focus_pile);

  accent_colour (GTK_WIDGET (h->board), &accent);
  if (n == 0)
    pat_board_slot_rect (h->board, h->board->focus_pile, &r);
  else
    pat_board_card_rect (h->board, state, h->board->focus_pile,
                         h->board->focus_index >= 0 ? (guint) h->board->focus_index : n - 1, &r);
  /* Only the band around the card, where the ring is drawn: the card's own selection border may
   * have the accent colour too. */
  screen_point (h, GTK_WIDGET (h->board), r.origin.x, r.origin.y, &cx0, &cy0);
  screen_point (h, GTK_WIDGET (h->board), r.origin.x + r.size.width, r.origin.y + r.size.height,
                &cx1, &cy1);
  graphene_rect_inset (&r, -8, -8);
  screen_point (h, GTK_WIDGET (h->board), r.origin.x, r.origin.y, &x0, &y0);
  screen_point (h, GTK_WIDGET (h->board), r.origin.x + r.size.width, r.origin.y + r.size.height,
                &x1, &y1);
  x0 = MAX (x0, 0);
  y0 = MAX (y0, 0);
  image = XGetImage (xdpy, DefaultRootWindow (xdpy), x0, y0, (guint) (x1 - x0), (guint) (y1 - y0),
                     AllPlanes, ZPixmap);
  g_assert_nonnull (image);
  for (int y = 0; y < y1 - y0; y++)
    for (int x = 0; x < x1 - x0; x++)
      {
        unsigned long pixel;
        double red, green, blue;

        if (x0 + x >= cx0 && x0 + x < cx1 && y0 + y >= cy0 && y0 + y < cy1)
          continue;
        pixel = XGetPixel (image, x, y);
        red = ((pixel >> 16) & 0xff) / 255.0;
        green = ((pixel >> 8) & 0xff) / 255.0;
        blue = (pixel & 0xff) / 255.0;

        if (fabs (red - accent.red) < 0.08 && fabs (green - accent.green) < 0.08 &&
            fabs (blue - accent.blue) < 0.08)
          hits++;
      }
  XDestroyImage (image);
  return hits;
}

/* What a screen reader says of the focused pile follows the focus. */
static void
check_accessible_label (Harness    *h,
                        const char *after)
{
  const PatState *state = pat_board_get_state (h->board);
  int pile = h->board->focus_pile;
  guint n = pat_state_pile_len (state, (guint) pile);
  g_autofree char *name = pat_board_dup_pile_name (h->board, (guint) pile);
  g_autofree char *expected = NULL;
  g_autofree char *card = NULL;
  g_autofree char *error = NULL;
  guint index;

  if (n == 0)
    expected = g_strdup_printf ("%s, empty", name);
  else
    {
      index = h->board->focus_index >= 0 && (guint) h->board->focus_index < n
              ? (guint) h->board->focus_index : n - 1;
      card = pat_board_card_face_up (h->board, state, (guint) pile, index)
             ? pat_card_accessible_name (pat_state_pile_cards (state, (guint) pile)[index])
             : g_strdup ("face-down card");
      if (index + 1 == n)
        expected = g_strdup_printf ("%s, %s, %u card%s", name, card, n, n == 1 ? "" : "s");
      else
        expected = g_strdup_printf ("%s, %s, card %u of %u", name, card, index + 1, n);
    }
  error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (h->board),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
  if (error != NULL)
    g_error ("after %s the board's accessible label is not “%s”: %s", after, expected, error);
}

static void
expect_ring (Harness    *h,
             const char *after)
{
  guint hits;

  settle (60);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (h->board)));
  check_accessible_label (h, after);
  hits = ring_pixels (h);
  g_test_message ("focus ring after %s: %u accent pixels around pile %d", after, hits,
                  h->board->focus_pile);
  if (hits < 40)
    g_error ("no focus ring on the screen after %s (%u accent pixels around pile %d)", after, hits,
             h->board->focus_pile);
}

static void
check_focus_ring (gboolean dark)
{
  Harness h = { 0 };
  AdwStyleManager *manager = adw_style_manager_get_default ();
  graphene_rect_t r;
  const PatState *state;
  g_autofree char *first_label = NULL;
  int first_pile;

  adw_style_manager_set_color_scheme (manager, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                    : ADW_COLOR_SCHEME_FORCE_LIGHT);
  open_window (&h, 960, 720);
  start (&h, "penguin", 5);
  gtk_widget_grab_focus (GTK_WIDGET (h.board));
  settle (30);

  real_key (XK_Right);
  expect_ring (&h, "Right");
  first_pile = h.board->focus_pile;
  first_label = pat_board_dup_pile_name (h.board, (guint) first_pile);
  real_key (XK_Down);
  expect_ring (&h, "Down");
  real_key (XK_Left);
  expect_ring (&h, "Left");
  real_key (XK_space);
  expect_ring (&h, "Space");
  real_key (XK_Escape);
  expect_ring (&h, "Escape");
  real_key (XK_Up);
  expect_ring (&h, "Up");
  real_key (XK_Return);
  expect_ring (&h, "Return");
  real_key (XK_Escape);

  /* A click on a card: the focus goes there, and the ring stays shown. */
  state = pat_board_get_state (h.board);
  pat_board_card_rect (h.board, state, 3, pat_state_pile_len (state, 3) - 1, &r);
  real_click (&h, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2, 1);
  g_assert_cmpint (h.board->focus_pile, ==, 3);
  expect_ring (&h, "a click");
  clear_selection (&h);
  /* Tab goes to the next pile, Shift+Tab back, the ring with them. */
  real_key (XK_Tab);
  g_assert_cmpint (h.board->focus_pile, ==, 4);
  expect_ring (&h, "Tab");
  XTestFakeKeyEvent (xdpy, XKeysymToKeycode (xdpy, XK_Shift_L), True, CurrentTime);
  real_key (XK_Tab);
  XTestFakeKeyEvent (xdpy, XKeysymToKeycode (xdpy, XK_Shift_L), False, CurrentTime);
  settle (30);
  g_assert_cmpint (h.board->focus_pile, ==, 3);
  expect_ring (&h, "Shift+Tab");

  /* A drag: the focus goes with the card to the pile it is played on (it stayed where it was, on a
   * pile the player had not touched). */
  {
    PatGame *game = pat_window_get_game (h.window);
    PatMoveList moves;
    const PatMove *move = NULL;
    double xs[3], ys[3], to_x, to_y;
    guint from, i;

    pat_game_legal_moves (game, &moves);
    for (i = 0; i < moves.n && move == NULL; i++)
      if (moves.moves[i].count == 1 && moves.moves[i].from != 3 && moves.moves[i].to != 3 &&
          moves.moves[i].from != moves.moves[i].to)
        move = &moves.moves[i];
    g_assert_nonnull (move);
    from = move->from;
    state = pat_board_get_state (h.board);
    probe_points (h.board, state, from, pat_state_pile_len (state, from) - 1, xs, ys);
    drag_target (h.board, state, from, pat_state_pile_len (state, from) - 1, xs[CENTRE],
                 ys[CENTRE], move->to, &to_x, &to_y);
    settle (DOUBLE_CLICK_MS + 50);
    real_drag (&h, xs[CENTRE], ys[CENTRE], to_x, to_y);
    settle (300);
    g_assert_cmpuint (pat_game_get_moves (game), ==, 1);
    g_assert_cmpint (h.board->focus_pile, ==, (int) move->to);
    expect_ring (&h, "a drag");
  }

  gtk_window_destroy (GTK_WINDOW (h.window));
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
  settle (50);
}

static void
test_focus_ring_light (void)
{
  check_focus_ring (FALSE);
}

static void
test_focus_ring_dark (void)
{
  check_focus_ring (TRUE);
}

/* Play to the End stops at a real key press, at a real click on the cards, and at a real click on
 * its Stop button in the header bar. */
/* The first other window of the app that has the focus, or NULL. */
static GtkWindow *
active_dialog (Harness *h)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint i;

  for (i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (window != GTK_WINDOW (h->window) && gtk_window_is_active (window))
        return window;
    }
  return NULL;
}

/* The clock is the player's time in front of the game: it goes on while Preferences, opened
 * from the game with Ctrl+comma, has the focus (it used to stop), and again once it is closed. */
static void
test_clock_under_dialog (void)
{
  Harness h = { 0 };
  PatMoveList moves;
  PatGame *game;
  guint waited;
  KeyCode ctrl;

  open_window (&h, 960, 720);
  start (&h, "black-hole", 2);
  game = pat_window_get_game (h.window);
  pat_game_legal_moves (game, &moves);
  g_assert_true (pat_game_apply (game, &moves.moves[0], NULL));
  settle (50);
  g_assert_true (pat_game_get_running (game));

  ctrl = XKeysymToKeycode (xdpy, XK_Control_L);
  XTestFakeKeyEvent (xdpy, ctrl, True, CurrentTime);
  real_key (XK_comma);
  XTestFakeKeyEvent (xdpy, ctrl, False, CurrentTime);
  for (waited = 0; waited < 20000 && active_dialog (&h) == NULL; waited += 50)
    settle (50);
  if (active_dialog (&h) == NULL)
    g_error ("Ctrl+comma opened no window that took the focus");
  settle (100);
  if (!pat_game_get_running (game))
    g_error ("the clock stopped while Preferences had the focus");

  gtk_window_close (active_dialog (&h));
  for (waited = 0; waited < 20000 && !gtk_window_is_active (GTK_WINDOW (h.window));
       waited += 50)
    settle (50);
  /* Back in front of the game, the clock runs on (if the window manager gave the focus back). */
  if (gtk_window_is_active (GTK_WINDOW (h.window)))
    g_assert_true (pat_game_get_running (game));

  gtk_window_destroy (GTK_WINDOW (h.window));
  settle (50);
}

static void
test_stop_playing (void)
{
  Harness h = { 0 };
  PatGame *game;
  graphene_rect_t r;
  guint moves;

  open_window (&h, 960, 720);
  start (&h, "perpetual-motion", 3);
  game = pat_window_get_game (h.window);
  gtk_widget_grab_focus (GTK_WIDGET (h.board));
  /* At the fastest speed, a machine that runs this test late would see the whole game played (a
   * tick catches up a quarter of a second's deals) before it could stop it. */
  pat_session_set_play_speed (h.window->session, 25);

  for (guint way = 0; way < 3; way++)
    {
      guint before = pat_game_get_moves (game);
      guint waited;

      gtk_widget_activate_action (GTK_WIDGET (h.window), "win.play-to-end", NULL);
      if (pat_session_get_driver (h.window->session) != PAT_DRIVER_PLAY_TO_END)
        g_error ("Play to the End did not start (time %u, status %d, %u moves)", way,
                 pat_game_get_status (game), before);
      /* It deals 25 times a second; a loaded machine may run this loop late. */
      for (waited = 0; waited < 10000 && pat_game_get_moves (game) < before + 3; waited += 20)
        settle (20);
      if (pat_session_get_driver (h.window->session) != PAT_DRIVER_PLAY_TO_END)
        g_error ("Play to the End stopped by itself (time %u, status %d, %u moves, %u before)", way,
                 pat_game_get_status (game), pat_game_get_moves (game), before);
      g_assert_true (gtk_widget_get_visible (h.window->stop_button));
      g_assert_cmpuint (pat_game_get_moves (game), >=, before + 3);

      if (way == 0)
        real_key (XK_a);
      else if (way == 1)
        {
          pat_board_slot_rect (h.board, 0, &r);
          real_click (&h, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2, 1);
        }
      else
        {
          g_assert_true (gtk_widget_compute_bounds (h.window->stop_button, GTK_WIDGET (h.board),
                                                    &r));
          real_click (&h, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2, 1);
        }
      settle (50);
      if (pat_session_get_driver (h.window->session) == PAT_DRIVER_PLAY_TO_END)
        g_error ("Play to the End went on after %s",
                 way == 0 ? "a key" : way == 1 ? "a click on the cards" : "a click on Stop");
      g_assert_false (gtk_widget_get_visible (h.window->stop_button));
      /* Stopped for good: nothing more is dealt. */
      moves = pat_game_get_moves (game);
      settle (400);
      g_assert_cmpuint (pat_game_get_moves (game), ==, moves);
    }

  pat_session_set_play_speed (h.window->session, PAT_PLAY_SPEED_FASTEST);
  gtk_window_destroy (GTK_WINDOW (h.window));
  settle (50);
}

/* A window manager on the test's display, as the desktop has one: without one nothing answers a
 * window's request to go fullscreen. Waits until it has taken the screen. */
static GPid
start_window_manager (void)
{
  const char *argv[] = { "openbox", "--sm-disable", NULL };
  g_autoptr(GError) error = NULL;
  Atom check = XInternAtom (xdpy, "_NET_SUPPORTING_WM_CHECK", False);
  GPid pid = 0;

  if (!g_spawn_async (NULL, (char **) argv, NULL,
                      G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD |
                      G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                      NULL, NULL, &pid, &error))
    g_error ("openbox (build-aux/dev deps installs it) could not start: %s", error->message);
  for (int waited = 0; waited < 5000; waited += 20)
    {
      Atom type;
      int format;
      unsigned long n, after;
      unsigned char *data = NULL;

      if (XGetWindowProperty (xdpy, DefaultRootWindow (xdpy), check, 0, 1, False,
                              AnyPropertyType, &type, &format, &n, &after, &data) == Success &&
          data != NULL)
        {
          XFree (data);
          if (n == 1)
            return pid;
        }
      settle (20);
    }
  g_error ("openbox did not take the screen within 5 s");
}

static void
stop_window_manager (GPid pid)
{
  kill (pid, SIGTERM);
  waitpid (pid, NULL, 0);
  g_spawn_close_pid (pid);
  settle (100);
}

/* Waits for the window manager, as long as a busy machine makes it take (up to 20 s). */
static gboolean
wait_fullscreen (Harness *h,
                 gboolean fullscreen)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      if (gtk_window_is_fullscreen (GTK_WINDOW (h->window)) == fullscreen)
        {
          settle (100);
          locate_window (h);
          return TRUE;
        }
      settle (20);
    }
  return FALSE;
}

/* F11, the menu's Fullscreen and the header's Leave Fullscreen button, under a window manager: the
 * board takes the whole screen, and the button shows only while it does. */
static void
test_fullscreen (void)
{
  GPid wm = start_window_manager ();
  Harness h = { 0 };
  int screen_width = DisplayWidth (xdpy, DefaultScreen (xdpy));
  int screen_height = DisplayHeight (xdpy, DefaultScreen (xdpy));
  graphene_rect_t r;
  GdkSurface *surface;

  open_window (&h, 960, 720);
  start (&h, "black-hole", 5);
  g_assert_false (gtk_window_is_fullscreen (GTK_WINDOW (h.window)));
  g_assert_false (gtk_widget_get_visible (h.window->leave_fullscreen_button));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (h.window)), <, screen_width);

  real_key (XK_F11);
  if (!wait_fullscreen (&h, TRUE))
    g_error ("F11 did not make the window fullscreen");
  g_assert_true (gtk_widget_get_visible (h.window->leave_fullscreen_button));
  /* The surface covers the screen; without a compositor GTK keeps a thin solid frame inside it. */
  surface = gtk_native_get_surface (GTK_NATIVE (h.window));
  g_assert_cmpint (gdk_surface_get_width (surface), ==, screen_width);
  g_assert_cmpint (gdk_surface_get_height (surface), ==, screen_height);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (h.board)), >=, screen_width - 24);

  /* Left by a click on the header's button. */
  g_assert_true (gtk_widget_compute_bounds (h.window->leave_fullscreen_button,
                                            GTK_WIDGET (h.board), &r));
  real_click (&h, r.origin.x + r.size.width / 2, r.origin.y + r.size.height / 2, 1);
  if (!wait_fullscreen (&h, FALSE))
    g_error ("Leave Fullscreen did not leave fullscreen");
  g_assert_false (gtk_widget_get_visible (h.window->leave_fullscreen_button));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (h.window)), <, screen_width);

  /* The menu's item, then F11 again to leave. */
  gtk_widget_activate_action (GTK_WIDGET (h.window), "win.fullscreen", NULL);
  if (!wait_fullscreen (&h, TRUE))
    g_error ("the menu's Fullscreen did not make the window fullscreen");
  real_key (XK_F11);
  if (!wait_fullscreen (&h, FALSE))
    g_error ("F11 did not leave fullscreen");
  g_assert_false (gtk_widget_get_visible (h.window->leave_fullscreen_button));

  gtk_window_destroy (GTK_WINDOW (h.window));
  settle (50);
  stop_window_manager (wm);
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* A window resized across the narrow width by the window manager (as a person drags its edge,
 * maximizes or restores it) is drawn once at each new size. What changes with the width (the
 * window buttons, the status line's sides) changes with nothing to style anew: a style class
 * changed, or window buttons made anew, as the new size was laid out were styled in the frame
 * after, which drew the window a second time and showed it, for a frame, laid out for the old
 * width. Only the first narrow size styles what a narrow window shows for the first time; the
 * first two sizes are not counted. */
static void
test_narrow_resize_draws_once (void)
{
  GPid wm = start_window_manager ();
  static const int sizes[][2] = { { 360, 640 }, { 1000, 700 }, { 360, 640 }, { 1000, 700 },
                                  { 400, 700 }, { 1280, 800 } };
  Harness h = { 0 };
  GdkFrameClock *clock;
  guint paints = 0;

  open_window (&h, 1000, 700);
  /* A deal with no move yet: its clock stands still, and nothing else draws. */
  start (&h, "black-hole", 2);
  settle (300);
  /* The frame clock paints when anything is to draw again. */
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (h.window));
  g_signal_connect_swapped (clock, "paint", G_CALLBACK (count_cb), &paints);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (h.window));
      gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

      paints = 0;
      XResizeWindow (xdpy, h.xid, sizes[i][0], sizes[i][1]);
      while (gdk_surface_get_width (surface) != sizes[i][0] && g_get_monotonic_time () < end)
        settle (10);
      settle (400);
      g_test_message ("%d×%d: painted %u times", sizes[i][0], sizes[i][1], paints);
      g_assert_cmpint (gdk_surface_get_width (surface), ==, sizes[i][0]);
      g_assert_true (h.window->narrow == (sizes[i][0] < 520));
      if (i >= 2)
        g_assert_cmpuint (paints, ==, 1);
    }

  g_signal_handlers_disconnect_by_func (clock, count_cb, &paints);
  gtk_window_destroy (GTK_WINDOW (h.window));
  settle (50);
  stop_window_manager (wm);
}

int
main (int   argc,
      char *argv[])
{
  data_dir = g_dir_make_tmp ("patience-real-input-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_dir, TRUE);
  g_setenv ("GDK_BACKEND", "x11", TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  xdpy = XOpenDisplay (NULL);
  if (xdpy == NULL || !GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("needs an X display");
      return g_test_run ();
    }
  /* A key or button is pressed and released by the test in one go; nothing of the test display
   * repeats by itself. */
  XAutoRepeatOff (xdpy);
  /* GNOME's title bar, and no Xvfb default of minimise and maximise. */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close",
                "gtk-double-click-time", DOUBLE_CLICK_MS, NULL);

  g_test_add_func ("/real-input/every-card", test_every_card_answers);
  g_test_add_func ("/real-input/every-card-narrow", test_every_card_answers_narrow);
  g_test_add_func ("/real-input/after-the-end", test_after_the_end);
  g_test_add_func ("/real-input/refusal-cleared", test_refusal_cleared);
  g_test_add_func ("/real-input/escape-cancels-drag", test_escape_cancels_drag);
  g_test_add_func ("/real-input/focus-ring-light", test_focus_ring_light);
  g_test_add_func ("/real-input/focus-ring-dark", test_focus_ring_dark);
  g_test_add_func ("/real-input/stop-playing", test_stop_playing);
  g_test_add_func ("/real-input/clock-under-dialog", test_clock_under_dialog);
  /* Last: the window manager it starts stays until it ends. */
  g_test_add_func ("/real-input/fullscreen", test_fullscreen);
  g_test_add_func ("/real-input/narrow-resize-draws-once", test_narrow_resize_draws_once);

  return g_test_run ();
}
