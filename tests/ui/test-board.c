/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of PatBoard under a virtual display: layout at every size, play by synthesised input,
 * animations. */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "pat-board-private.h"
#include "pat-greedy.h"

/* From ui-test-util.c, whose spin() this file has its own of. */
gboolean wait_for_frames (GtkWidget *widget,
                          guint      frames);

static void spin (guint ms);

static GtkWidget *
make_window (int width,
             int height)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = pat_board_new ();

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), board);
  gtk_widget_add_css_class (window, "background");

  return window;
}

static PatBoard *
window_board (GtkWidget *window)
{
  return PAT_BOARD (gtk_window_get_child (GTK_WINDOW (window)));
}

static gboolean
wake_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop once, waking up at least every 20 ms so that deadlines are noticed. */
static void
iterate (void)
{
  guint id = g_timeout_add (20, wake_cb, NULL);

  g_main_context_iteration (NULL, TRUE);
  g_source_remove (id);
}

static void
flush (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Shows the window and waits until the board has the size asked for. */
static void
show_at (GtkWidget *window,
         int        width,
         int        height)
{
  GtkWidget *board = GTK_WIDGET (window_board (window));
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  if (gtk_widget_get_visible (window) &&
      (gtk_widget_get_width (board) != width || gtk_widget_get_height (board) != height))
    gtk_widget_set_visible (window, FALSE);
  /* A default size is kept within the screen; a size request is not, so 4K fits on any display. */
  gtk_widget_set_size_request (board, width, height);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));

  while ((gtk_widget_get_width (board) != width || gtk_widget_get_height (board) != height) &&
         g_get_monotonic_time () < deadline)
    iterate ();

  g_assert_cmpint (gtk_widget_get_width (board), ==, width);
  g_assert_cmpint (gtk_widget_get_height (board), ==, height);
  gtk_test_widget_wait_for_draw (window);
}

static PatGame *
new_game (const char *id,
          guint64     deal,
          PatDieMode  die)
{
  PatDealNumber number = pat_deal_number_from_uint (deal);
  PatOptions options = { die };

  return pat_game_new (id, &number, &options);
}

static void
wait_for_animations (PatBoard *board)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (pat_board_is_animating (board) && g_get_monotonic_time () < deadline)
    iterate ();
  g_assert_false (pat_board_is_animating (board));
  flush ();
}

static void
rect_center (const graphene_rect_t *r,
             double                *x,
             double                *y)
{
  *x = r->origin.x + r->size.width / 2;
  *y = r->origin.y + r->size.height / 2;
}

/* The cards of a pile, fanned, and its slot. */
static void
pile_zone (PatBoard        *board,
           guint            pile,
           graphene_rect_t *zone)
{
  graphene_rect_t r;

  g_assert_true (pat_board_get_card_bounds (board, pile, 0, zone));
  for (guint depth = 1; pat_board_get_card_bounds (board, pile, depth, &r); depth++)
    graphene_rect_union (zone, &r, zone);
}

/* Every card inside the board, and no two piles on each other. */
static void
check_layout (PatBoard *board)
{
  const PatState *state = pat_game_get_state (pat_board_get_game (board));
  int width = gtk_widget_get_width (GTK_WIDGET (board));
  int height = gtk_widget_get_height (GTK_WIDGET (board));
  graphene_rect_t zones[PAT_MAX_PILES];

  for (guint p = 0; p < state->n_piles; p++)
    {
      guint n = pat_state_pile_len (state, p);
      graphene_rect_t r;

      for (guint depth = 0; depth < MAX (n, 1); depth++)
        {
          g_assert_true (pat_board_get_card_bounds (board, p, depth, &r));
          g_assert_cmpfloat (r.origin.x, >=, 0);
          g_assert_cmpfloat (r.origin.y, >=, 0);
          g_assert_cmpfloat (r.origin.x + r.size.width, <=, width);
          g_assert_cmpfloat (r.origin.y + r.size.height, <=, height);
          g_assert_cmpfloat (r.size.width, >=, 20);
        }
      g_assert_false (pat_board_get_card_bounds (board, p, MAX (n, 1), &r));
      pile_zone (board, p, &zones[p]);
    }

  for (guint p = 0; p < state->n_piles; p++)
    for (guint q = p + 1; q < state->n_piles; q++)
      {
        graphene_rect_t common;

        if (graphene_rect_intersection (&zones[p], &zones[q], &common))
          g_assert_cmpfloat (common.size.width * common.size.height, <, 1);
      }
}

/* Every game at every size: 1280×800, a phone, the smallest window, 4K. */
static void
test_layout (void)
{
  static const int sizes[][2] = {
    { 1280, 800 }, { 360, 640 }, { 360, 360 }, { 640, 360 }, { 3840, 2160 },
  };
  const PatRules *const *all;
  guint n_rules;

  all = pat_rules_all (&n_rules);
  for (guint i = 0; i < n_rules; i++)
    for (guint64 deal = 1; deal <= 3; deal++)
      {
        GtkWidget *window = make_window (1280, 800);
        PatBoard *board = window_board (window);
        g_autoptr(PatGame) game = new_game (all[i]->id, deal, PAT_DIE_OFF);

        g_object_set (board, "animations", FALSE, NULL);
        pat_board_set_game (board, game);
        for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
          {
            show_at (window, sizes[s][0], sizes[s][1]);
            check_layout (board);
          }
        gtk_window_destroy (GTK_WINDOW (window));
      }
}

/* All in a Row on a phone held upright: its thirteen columns in three rows with cards twice as
 * wide as in one row, and back in one row on a wide board. */
static void
test_narrow_layout (void)
{
  GtkWidget *window = make_window (360, 640);
  PatBoard *board = window_board (window);
  g_autoptr(PatGame) game = new_game ("all-in-a-row", 2, PAT_DIE_OFF);
  graphene_rect_t first, last, hole;
  guint rows_y[3] = { 0 }, n_rows = 0;

  g_object_set (board, "animations", FALSE, NULL);
  pat_board_set_game (board, game);
  show_at (window, 360, 640);
  check_layout (board);
  g_assert_true (pat_board_get_card_bounds (board, 1, 0, &first));
  g_assert_true (pat_board_get_card_bounds (board, 12, 0, &last));   /* above the hole */
  g_assert_cmpfloat (first.size.width, >=, 45);   /* 23 px in one row */
  for (guint p = 1; p <= 13; p++)
    {
      graphene_rect_t r;
      guint k;

      g_assert_true (pat_board_get_card_bounds (board, p, 3, &r));
      for (k = 0; k < n_rows && rows_y[k] != (guint) r.origin.y; k++)
        ;
      if (k == n_rows)
        rows_y[n_rows++] = (guint) r.origin.y;
    }
  g_assert_cmpuint (n_rows, ==, 3);
  pat_board_slot_rect (board, 0, &hole);
  g_assert_cmpfloat (hole.origin.y, >, last.origin.y + last.size.height);

  show_at (window, 1280, 800);
  check_layout (board);
  g_assert_true (pat_board_get_card_bounds (board, 1, 3, &first));
  g_assert_true (pat_board_get_card_bounds (board, 13, 3, &last));
  g_assert_cmpfloat (first.origin.y, ==, last.origin.y);
  g_assert_cmpfloat (first.origin.x, <, last.origin.x);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Demon and the Perpetual Motion games on a phone held upright: four across, the stock above
 * the tableau, with cards two thirds wider than in their wide layout (37 and 43 px there). */
static void
test_narrow_layouts_four_across (void)
{
  static const char *const ids[] = {
    "demon", "idiots-delight", "perpetual-motion", "perpetual-motion-free",
  };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      GtkWidget *window = make_window (360, 640);
      PatBoard *board = window_board (window);
      g_autoptr(PatGame) game = new_game (ids[i], 5, PAT_DIE_OFF);
      const PatLayout *layout = pat_rules_lookup (ids[i])->layout;
      guint stock = 0, tableau = layout->n_piles;
      graphene_rect_t stock_r, tableau_r;

      for (guint p = 0; p < layout->n_piles; p++)
        if (layout->piles[p].kind == PAT_PILE_TABLEAU && tableau == layout->n_piles)
          tableau = p;
      g_assert_cmpuint (layout->piles[stock].kind, ==, PAT_PILE_STOCK);

      g_object_set (board, "animations", FALSE, NULL);
      pat_board_set_game (board, game);
      show_at (window, 360, 640);
      check_layout (board);
      pat_board_slot_rect (board, stock, &stock_r);
      pat_board_slot_rect (board, tableau, &tableau_r);
      g_test_message ("%s: cards %.0f px wide at 360×640", ids[i], stock_r.size.width);
      g_assert_cmpfloat (stock_r.size.width, >=, 65);
      g_assert_cmpfloat (tableau_r.origin.y, >, stock_r.origin.y + stock_r.size.height);
      g_assert_cmpfloat (fabs (tableau_r.origin.x - stock_r.origin.x), <, 1);

      show_at (window, 1280, 800);
      check_layout (board);
      pat_board_slot_rect (board, stock, &stock_r);
      pat_board_slot_rect (board, tableau, &tableau_r);
      g_assert_cmpfloat (tableau_r.origin.x, >, stock_r.origin.x + stock_r.size.width);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Every game with a narrow layout uses it on a phone held upright, with cards at least 15 %
 * bigger than the wide layout gave there (Black Hole 39 px, Penguin 36 px), and the wide one on a
 * desktop. */
static void
test_narrow_layouts_chosen (void)
{
  static const struct { const char *id; double min_width; } games[] = {
    { "black-hole", 45 }, { "all-in-a-row", 45 }, { "penguin", 42 }, { "demon", 65 },
    { "idiots-delight", 65 }, { "perpetual-motion", 65 }, { "perpetual-motion-free", 65 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      GtkWidget *window = make_window (360, 640);
      PatBoard *board = window_board (window);
      g_autoptr(PatGame) game = new_game (games[i].id, 5, PAT_DIE_OFF);
      const PatLayout *layout = pat_rules_lookup (games[i].id)->layout;
      graphene_rect_t r;

      g_assert_nonnull (layout->narrow);
      g_assert_cmpuint (layout->narrow->n_piles, ==, layout->n_piles);
      g_assert_cmpstr (layout->narrow->hole_name, ==, layout->hole_name);
      g_assert_cmpuint (layout->narrow->tableau_noun, ==, layout->tableau_noun);
      for (guint p = 0; p < layout->n_piles; p++)
        {
          g_assert_cmpuint (layout->narrow->piles[p].kind, ==, layout->piles[p].kind);
          g_assert_cmpuint (layout->narrow->piles[p].index, ==, layout->piles[p].index);
          g_assert_cmpuint (layout->narrow->piles[p].fan, ==, layout->piles[p].fan);
          g_assert_cmpuint (layout->narrow->piles[p].face, ==, layout->piles[p].face);
        }

      g_object_set (board, "animations", FALSE, NULL);
      pat_board_set_game (board, game);
      show_at (window, 360, 640);
      check_layout (board);
      pat_board_slot_rect (board, 0, &r);
      g_test_message ("%s: cards %.0f px wide at 360×640", games[i].id, r.size.width);
      g_assert_true (pat_board_get_layout (board) == layout->narrow);
      g_assert_cmpfloat (r.size.width, >=, games[i].min_width);

      show_at (window, 1280, 800);
      check_layout (board);
      g_assert_true (pat_board_get_layout (board) == layout);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Long fans are squeezed to fit: play Penguin and Demon a while and check every size. */
static void
test_long_fans (void)
{
  static const char * const ids[] = { "penguin", "demon", "perpetual-motion-free" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      GtkWidget *window = make_window (360, 360);
      PatBoard *board = window_board (window);
      g_autoptr(PatGame) game = new_game (ids[i], 7, PAT_DIE_OFF);
      GRand *rand = g_rand_new_with_seed (42);

      g_object_set (board, "animations", FALSE, NULL);
      pat_board_set_game (board, game);
      show_at (window, 360, 360);

      for (guint m = 0; m < 200 && pat_game_get_status (game) == PAT_STATUS_PLAYING; m++)
        {
          PatMoveList moves;
          const PatMove *move;

          pat_game_legal_moves (game, &moves);
          if (moves.n == 0)
            break;
          move = &moves.moves[g_rand_int_range (rand, 0, moves.n)];
          g_assert_true (pat_game_apply (game, move, NULL));
          check_layout (board);
        }
      show_at (window, 1280, 800);
      check_layout (board);

      g_rand_free (rand);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static void
message_cb (PatBoard   *board,
            const char *text,
            char      **out)
{
  g_free (*out);
  *out = g_strdup (text);
}

static void
card_center (PatBoard *board,
             guint     pile,
             double   *x,
             double   *y)
{
  graphene_rect_t r;

  g_assert_true (pat_board_get_card_bounds (board, pile, 0, &r));
  rect_center (&r, x, y);
}

/* The destinations of the top card of @pile among Free Columns' four piles. */
static guint
free_column_fits (PatGame *game,
                  guint    pile,
                  guint   *only)
{
  const PatState *state = pat_game_get_state (game);
  guint fits = 0;

  if (pat_state_pile_len (state, pile) == 0)
    return 0;
  for (guint d = 1; d <= 4; d++)
    {
      PatMove move = pat_move_cards (pile, d, 1);

      if (d != pile && pat_game_check_move (game, &move, NULL))
        {
          *only = d;
          fits++;
        }
    }
  return fits;
}

/* Free Columns has no foundation: a double click sends a card to the one pile it fits on, and
 * where it fits on more than one, says so and moves nothing. */
static void
test_free_columns_double_click (void)
{
  GtkWidget *window = make_window (1280, 800);
  PatBoard *board = window_board (window);
  g_autofree char *message = NULL;
  gboolean one_seen = FALSE, many_seen = FALSE;
  guint64 number;

  g_object_set (board, "animations", FALSE, NULL);
  g_signal_connect (board, "message", G_CALLBACK (message_cb), &message);
  show_at (window, 1280, 800);
  for (number = 1; number < 100 && !(one_seen && many_seen); number++)
    {
      g_autoptr(PatGame) game = new_game ("perpetual-motion-free", number, PAT_DIE_OFF);
      PatMove deal = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
      guint rounds;

      pat_board_set_game (board, game);
      for (rounds = 0; rounds < 6 && pat_game_get_status (game) == PAT_STATUS_PLAYING; rounds++)
        {
          g_assert_true (pat_game_apply (game, &deal, NULL));
          flush ();
          for (guint p = 1; p <= 4; p++)
            {
              guint only = 0, fits = free_column_fits (game, p, &only);
              guint moves = pat_game_get_moves (game);
              guint to_len = pat_state_pile_len (pat_game_get_state (game), only);
              double x, y;

              if (fits == 0 || (fits == 1 && one_seen) || (fits > 1 && many_seen))
                continue;
              card_center (board, p, &x, &y);
              g_clear_pointer (&message, g_free);
              pat_board_test_click (board, x, y, 1);
              pat_board_test_click (board, x, y, 2);
              if (fits == 1)
                {
                  g_assert_cmpuint (pat_game_get_moves (game), ==, moves + 1);
                  g_assert_cmpuint (pat_state_pile_len (pat_game_get_state (game), only), ==,
                                    to_len + 1);
                  g_assert_true (pat_game_undo (game));
                  one_seen = TRUE;
                }
              else
                {
                  g_assert_cmpuint (pat_game_get_moves (game), ==, moves);
                  g_assert_nonnull (message);
                  g_assert_nonnull (strstr (message, "more than one pile"));
                  many_seen = TRUE;
                }
              flush ();
            }
        }
    }
  g_assert_true (one_seen);
  g_assert_true (many_seen);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Black Hole deal 2, one legal move played four ways: click-to-move, drag and drop, double
 * click and keyboard; each time the model moves and undo restores it. */
static void
test_play_black_hole (void)
{
  GtkWidget *window = make_window (1280, 800);
  PatBoard *board = window_board (window);
  g_autoptr(PatGame) game = new_game ("black-hole", 2, PAT_DIE_OFF);
  g_autofree char *message = NULL;
  PatState initial;
  PatMoveList moves;
  PatMove move;
  double x, y, hx, hy;

  g_object_set (board, "animations", FALSE, NULL);
  pat_board_set_game (board, game);
  g_signal_connect (board, "message", G_CALLBACK (message_cb), &message);
  show_at (window, 1280, 800);
  initial = *pat_game_get_state (game);

  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  move = moves.moves[0];
  g_assert_cmpuint (move.kind, ==, PAT_MOVE_CARDS);
  card_center (board, move.from, &x, &y);
  card_center (board, move.to, &hx, &hy);

  /* Click-to-move. */
  pat_board_test_click (board, x, y, 1);
  g_assert_cmpint (board->sel_pile, ==, move.from);
  g_assert_true (board->targets[move.to]);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
  pat_board_test_click (board, hx, hy, 1);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 1);
  g_assert_cmpuint (pat_state_pile_len (pat_game_get_state (game), move.from), ==,
                    pat_state_pile_len (&initial, move.from) - 1);
  g_assert_cmpint (board->sel_pile, ==, -1);
  g_assert_true (pat_game_undo (game));
  g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
  g_assert_true (pat_state_equal (pat_game_get_state (game), &initial));

  /* Clicking a selected card again puts it back. */
  pat_board_test_click (board, x, y, 1);
  pat_board_test_click (board, x, y, 1);
  g_assert_cmpint (board->sel_pile, ==, -1);

  /* Drag and drop. */
  pat_board_test_drag (board, x, y, hx + 10, hy + 5);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 1);
  g_assert_true (pat_game_undo (game));

  /* Double click. */
  pat_board_test_click (board, x, y, 1);
  pat_board_test_click (board, x, y, 2);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 1);
  g_assert_true (pat_game_undo (game));
  g_assert_true (pat_state_equal (pat_game_get_state (game), &initial));

  /* Keyboard: Tab to the fan, Space, Shift+Tab back to the hole, Enter. */
  gtk_widget_grab_focus (GTK_WIDGET (board));
  board->focus_pile = 0;
  for (guint i = 0; i < move.from; i++)
    g_assert_true (pat_board_test_key (board, GDK_KEY_Tab, 0));
  g_assert_cmpint (board->focus_pile, ==, move.from);
  g_assert_true (pat_board_test_key (board, GDK_KEY_space, 0));
  g_assert_cmpint (board->sel_pile, ==, move.from);
  g_assert_true (pat_board_test_key (board, GDK_KEY_Escape, 0));
  g_assert_cmpint (board->sel_pile, ==, -1);
  g_assert_false (pat_board_test_key (board, GDK_KEY_Escape, 0));
  g_assert_true (pat_board_test_key (board, GDK_KEY_space, 0));
  for (guint i = 0; i < move.from; i++)
    g_assert_true (pat_board_test_key (board, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK));
  g_assert_cmpint (board->focus_pile, ==, 0);
  g_assert_false (pat_board_test_key (board, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK));
  g_assert_true (pat_board_test_key (board, GDK_KEY_Return, 0));
  g_assert_cmpuint (pat_game_get_moves (game), ==, 1);
  g_assert_true (pat_game_undo (game));

  /* Shift+Enter on the card does what a double click does; on a card the hole refuses, it says
   * why and moves nothing. */
  for (guint i = 0; i < move.from; i++)
    g_assert_true (pat_board_test_key (board, GDK_KEY_Tab, 0));
  g_assert_true (pat_board_test_key (board, GDK_KEY_Return, GDK_SHIFT_MASK));
  g_assert_cmpuint (pat_game_get_moves (game), ==, 1);
  g_assert_cmpint (board->sel_pile, ==, -1);
  g_assert_true (pat_game_undo (game));
  g_assert_true (pat_state_equal (pat_game_get_state (game), &initial));
  for (guint p = 1; p < initial.n_piles; p++)
    {
      PatMove m = pat_move_cards (p, 0, 1);

      if (pat_game_check_move (game, &m, NULL))
        continue;
      board->focus_pile = (int) p;
      g_clear_pointer (&message, g_free);
      g_assert_true (pat_board_test_key (board, GDK_KEY_space, GDK_SHIFT_MASK));
      g_assert_nonnull (message);
      g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
      g_assert_cmpint (board->sel_pile, ==, -1);
      break;
    }
  board->focus_pile = 0;

  /* Arrows reach every pile. */
  for (guint i = 0; i < 12; i++)
    pat_board_test_key (board, GDK_KEY_Left, 0);
  for (guint i = 0; i < 12; i++)
    pat_board_test_key (board, GDK_KEY_Up, 0);
  g_assert_cmpint (board->focus_pile, ==, 1);
  pat_board_test_key (board, GDK_KEY_Right, 0);
  g_assert_cmpint (board->focus_pile, ==, 2);
  pat_board_test_key (board, GDK_KEY_Down, 0);
  pat_board_test_key (board, GDK_KEY_Down, 0);
  g_assert_cmpint (board->focus_pile, >=, 12);

  /* A card that may not go into the hole is refused with the rules' reason. */
  for (guint p = 1; p < initial.n_piles; p++)
    {
      PatMove m = pat_move_cards (p, 0, 1);

      if (pat_game_check_move (game, &m, NULL))
        continue;
      card_center (board, p, &x, &y);
      pat_board_test_drag (board, x, y, hx, hy);
      g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
      g_assert_nonnull (message);
      g_assert_true (g_ascii_isupper (message[0]));
      g_clear_pointer (&message, g_free);
      break;
    }
  g_assert_true (pat_state_equal (pat_game_get_state (game), &initial));

  /* Hints last until the position changes. */
  pat_board_show_hint (board, &move);
  g_assert_true (board->has_hint);
  g_assert_true (pat_game_apply (game, &move, NULL));
  g_assert_false (board->has_hint);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A drag moves the cards already drawn: no card is drawn again while frames go by, with cards
 * as textures (the GL renderers) or as cairo nodes (the cairo renderer), nor the board under
 * the card. */
static void
test_drag_draws_no_card (void)
{
  GtkWidget *window = make_window (1280, 800);
  PatBoard *board = window_board (window);
  g_autoptr(PatGame) game = new_game ("black-hole", 2, PAT_DIE_OFF);
  PatMoveList moves;
  double x, y;

  g_object_set (board, "animations", FALSE, NULL);
  pat_board_set_game (board, game);
  show_at (window, 1280, 800);
  pat_game_legal_moves (game, &moves);
  card_center (board, moves.moves[0].from, &x, &y);

  for (int cairo_nodes = 0; cairo_nodes <= 1; cairo_nodes++)
    {
      guint before, under;

      pat_card_renderer_set_cairo_nodes (board->renderer, cairo_nodes);
      gtk_widget_queue_draw (GTK_WIDGET (board));
      g_assert_true (wait_for_frames (window, 2));
      g_assert_cmpuint (pat_card_renderer_get_n_rendered (board->renderer), >, 0);

      /* Picked up, a card of a pile drawn as one node gets its own node, once. */
      g_assert_true (pat_board_test_drag_start (board, x, y));
      g_assert_true (wait_for_frames (window, 1));
      before = pat_card_renderer_get_n_rendered (board->renderer);
      under = board->n_under_drawn;
      for (int i = 1; i <= 20; i++)
        {
          pat_board_test_drag_move (board, 9.5 * i, -6.25 * i);
          g_assert_true (wait_for_frames (window, 1));
        }
      /* The board under the card is drawn once, when the card is picked up. */
      g_assert_cmpuint (board->n_under_drawn, ==, under);
      pat_board_test_drag_move (board, 0, 0);
      pat_board_test_drop (board);
      g_assert_true (wait_for_frames (window, 2));

      g_test_message ("cairo nodes %d: %u cards drawn before the drag moved", cairo_nodes, before);
      g_assert_cmpuint (pat_card_renderer_get_n_rendered (board->renderer), ==, before);
      g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

static cairo_surface_t *
draw_node (GskRenderNode *node,
           int            width,
           int            height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The nodes in @node's tree; of them, those of @type in *@n_type. */
static guint
count_nodes (GskRenderNode     *node,
             GskRenderNodeType  type_counted,
             guint             *n_type)
{
  GskRenderNodeType type = gsk_render_node_get_node_type (node);
  guint n = 1;

  if (type == type_counted)
    (*n_type)++;
  if (type == GSK_CONTAINER_NODE)
    for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
      n += count_nodes (gsk_container_node_get_child (node, i), type_counted, n_type);
  else if (type == GSK_TRANSFORM_NODE)
    n += count_nodes (gsk_transform_node_get_child (node), type_counted, n_type);
  else if (type == GSK_CLIP_NODE)
    n += count_nodes (gsk_clip_node_get_child (node), type_counted, n_type);
  else if (type == GSK_ROUNDED_CLIP_NODE)
    n += count_nodes (gsk_rounded_clip_node_get_child (node), type_counted, n_type);
  return n;
}

/* Each press first finishes what is moving: a board at rest is not drawn again for it, where
 * every press of a double-click drew a frame; a board stopped mid-flight shows where the cards
 * end up. */
static void
test_press_at_rest (void)
{
  GtkWidget *window = make_window (1280, 800);
  PatBoard *board = window_board (window);
  g_autoptr(PatGame) game = new_game ("black-hole", 2, PAT_DIE_OFF);
  PatMoveList moves;
  guint snapshots;

  g_object_set (board, "animations", FALSE, NULL);
  pat_board_set_game (board, game);
  show_at (window, 1280, 800);
  g_assert_true (wait_for_frames (window, 2));
  snapshots = board->n_snapshots;
  pat_board_finish_animations (board);
  g_assert_true (wait_for_frames (window, 2));
  g_assert_cmpuint (board->n_snapshots, ==, snapshots);

  g_object_set (board, "animations", TRUE, NULL);
  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  g_assert_true (pat_game_apply (game, &moves.moves[0], NULL));
  g_assert_true (pat_board_is_animating (board));
  g_assert_true (wait_for_frames (window, 1));
  pat_board_finish_animations (board);
  g_assert_false (pat_board_is_animating (board));
  snapshots = board->n_snapshots;
  g_assert_true (wait_for_frames (window, 2));
  g_assert_cmpuint (board->n_snapshots, >, snapshots);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The board drawn on its own, as its last frame would show it. */
static cairo_surface_t *
draw_board (PatBoard *board)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (GTK_WIDGET (board));
  int height = gtk_widget_get_height (GTK_WIDGET (board));
  cairo_surface_t *surface;
  GskRenderNode *node;

  GTK_WIDGET_GET_CLASS (board)->snapshot (GTK_WIDGET (board), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  surface = draw_node (node, width, height);
  gsk_render_node_unref (node);
  return surface;
}

static gboolean
same_pixels (cairo_surface_t *a,
             cairo_surface_t *b)
{
  int height = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);

  return cairo_image_surface_get_width (a) == cairo_image_surface_get_width (b) &&
         height == cairo_image_surface_get_height (b) &&
         stride == cairo_image_surface_get_stride (b) &&
         memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                 (gsize) stride * height) == 0;
}

/* A card's flight takes the longer the further it goes, as the square root of its length: the
 * whole slide time from four card heights on, no less than 0.6 of it. It ends as soon as the
 * card is within half a pixel of its place: the frames left would have drawn the same picture
 * as the flight's last one. Every first move of Black Hole deal 2, each taken back before the
 * next, on a desktop's window and on a phone's. */
static void
flight_times (int width,
              int height)
{
  GtkWidget *window = make_window (width, height);
  PatBoard *board = window_board (window);
  g_autoptr(PatGame) game = new_game ("black-hole", 2, PAT_DIE_OFF);
  double lengths[PAT_MAX_MOVES];
  gint64 durations[PAT_MAX_MOVES];
  PatMoveList moves;

  pat_board_set_game (board, game);
  show_at (window, width, height);
  wait_for_animations (board);
  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >=, 2);

  for (guint i = 0; i < moves.n; i++)
    {
      const PatBoardStep *step;
      graphene_rect_t from, to;
      cairo_surface_t *settled, *landed;
      guint from_len = pat_state_pile_len (pat_game_get_state (game), moves.moves[i].from);
      double length, before;

      g_assert_true (pat_game_apply (game, &moves.moves[i], NULL));
      g_assert_cmpuint (board->steps->len, ==, 1);
      step = &g_array_index (board->steps, PatBoardStep, 0);
      pat_board_card_rect (board, &step->from, moves.moves[i].from, from_len - 1, &from);
      pat_board_card_rect (board, &step->to, 0, pat_state_pile_len (&step->to, 0) - 1, &to);
      length = hypot (to.origin.x - from.origin.x, to.origin.y - from.origin.y);
      g_test_message ("move %u: %.0f px (%.2f card heights), %" G_GINT64_FORMAT " ms, drawn "
                      "in place after %" G_GINT64_FORMAT " ms", i, length, length / board->card_h,
                      step->duration / 1000, step->settle / 1000);

      g_assert_cmpint (step->duration, <=, PAT_BOARD_SLIDE_TIME);
      g_assert_cmpint (step->duration, >=, PAT_BOARD_SLIDE_TIME * PAT_BOARD_SHORTEST_FLIGHT - 1);
      if (length >= PAT_BOARD_FULL_FLIGHT * board->card_h)
        g_assert_cmpint (step->duration, ==, PAT_BOARD_SLIDE_TIME);
      else
        g_assert_cmpint (step->duration, <, PAT_BOARD_SLIDE_TIME);
      /* Ease-out: 1 − (1 − t)³ of the way at t. */
      g_assert_cmpint (step->settle, <, step->duration);
      g_assert_cmpfloat (length * pow (1 - (double) step->settle / step->duration, 3), <=, 0.5);
      before = 1 - (double) (step->settle - G_TIME_SPAN_MILLISECOND) / step->duration;
      g_assert_cmpfloat (length * pow (before, 3), >, 0.5);

      board->elapsed = step->settle;
      settled = draw_board (board);
      board->elapsed = step->duration;
      landed = draw_board (board);
      g_assert_true (same_pixels (settled, landed));
      cairo_surface_destroy (settled);
      cairo_surface_destroy (landed);

      lengths[i] = length;
      durations[i] = step->duration;
      pat_board_finish_animations (board);
      g_assert_true (pat_game_undo (game));
      pat_board_finish_animations (board);
    }

  for (guint i = 0; i < moves.n; i++)
    for (guint j = 0; j < moves.n; j++)
      if (lengths[i] < lengths[j])
        g_assert_cmpint (durations[i], <=, durations[j]);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_flight_times (void)
{
  flight_times (1280, 800);
  flight_times (360, 640);
}

/* With the cairo renderer, which draws every node at every frame, the cards that stay put are
 * one node a pile, drawn as the cards on their own are, and the hole's glow is pixels, not a
 * gradient worked out again at every frame; a move keeps the nodes of the piles it leaves alone
 * and the glow's, which the renderer then does not draw again. */
static void
test_piles_as_nodes (void)
{
  GtkWidget *window = make_window (1280, 800);
  PatBoard *board = window_board (window);
  g_autoptr(PatGame) game = new_game ("black-hole", 2, PAT_DIE_OFF);
  cairo_surface_t *drawn[2];
  GskRenderNode *kept[PAT_MAX_PILES], *hole;
  guint n_nodes[2], n_gradients[2] = { 0, 0 }, differ = 0, from, drawn_before;
  PatMoveList moves;
  int w, h;

  g_object_set (board, "animations", FALSE, NULL);
  pat_board_set_game (board, game);
  show_at (window, 1280, 800);
  w = gtk_widget_get_width (GTK_WIDGET (board));
  h = gtk_widget_get_height (GTK_WIDGET (board));

  for (int cairo_nodes = 0; cairo_nodes <= 1; cairo_nodes++)
    {
      pat_card_renderer_set_cairo_nodes (board->renderer, cairo_nodes);
      gtk_widget_queue_draw (GTK_WIDGET (board));
      g_assert_true (wait_for_frames (window, 2));
      g_assert_nonnull (board->under_node);
      n_nodes[cairo_nodes] = count_nodes (board->under_node, GSK_RADIAL_GRADIENT_NODE,
                                          &n_gradients[cairo_nodes]);
      drawn[cairo_nodes] = draw_node (board->under_node, w, h);
    }
  g_test_message ("%u nodes with textures, %u with a node a pile", n_nodes[0], n_nodes[1]);
  g_assert_cmpuint (n_nodes[1] * 2, <, n_nodes[0]);
  g_assert_cmpuint (n_gradients[0], ==, 1);
  g_assert_cmpuint (n_gradients[1], ==, 0);
  g_assert_nonnull (board->hole_nodes[0].node);

  /* The same picture. */
  {
    const guint8 *a = cairo_image_surface_get_data (drawn[0]);
    const guint8 *b = cairo_image_surface_get_data (drawn[1]);
    int stride = cairo_image_surface_get_stride (drawn[0]);

    for (int y = 0; y < h; y++)
      for (int x = 0; x < w * 4; x++)
        if (abs (a[y * stride + x] - b[y * stride + x]) > 2)
          differ++;
    g_assert_cmpuint (differ, ==, 0);
    cairo_surface_destroy (drawn[0]);
    cairo_surface_destroy (drawn[1]);
  }

  for (guint p = 0; p < PAT_MAX_PILES; p++)
    kept[p] = board->pile_nodes[p][0].node;
  hole = board->hole_nodes[0].node;
  for (guint p = 0; p < pat_game_get_state (game)->n_piles; p++)
    if (pat_state_pile_len (pat_game_get_state (game), p) > 0)
      g_assert_nonnull (kept[p]);
  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  from = moves.moves[0].from;
  g_assert_true (pat_game_apply (game, &moves.moves[0], NULL));
  g_assert_true (wait_for_frames (window, 2));
  for (guint p = 0; p < pat_game_get_state (game)->n_piles; p++)
    if (p == from)
      g_assert_true (board->pile_nodes[p][0].node != kept[p]);
    else if (p != moves.moves[0].to)
      g_assert_true (board->pile_nodes[p][0].node == kept[p]);
  g_assert_true (board->hole_nodes[0].node == hole);

  /* The move undone: its piles are drawn as before it, from the nodes kept, not anew. */
  drawn_before = board->n_kept_drawn;
  g_assert_true (pat_game_undo (game));
  g_assert_true (wait_for_frames (window, 2));
  g_assert_cmpuint (board->n_kept_drawn, ==, drawn_before);
  for (guint p = 0; p < pat_game_get_state (game)->n_piles; p++)
    g_assert_true (board->pile_nodes[p][0].node == kept[p]);

  /* Resized and back (maximized and restored): the piles and the glow drawn for the size before
   * are drawn again as they were, not painted anew. */
  for (guint p = 0; p < PAT_MAX_PILES; p++)
    kept[p] = board->pile_nodes[p][0].node;
  show_at (window, 900, 700);
  g_assert_true (wait_for_frames (window, 2));
  for (guint p = 0; p < pat_game_get_state (game)->n_piles; p++)
    if (kept[p] != NULL)
      g_assert_true (board->pile_nodes[p][0].node != kept[p]);
  g_assert_true (board->hole_nodes[0].node != hole);
  drawn_before = board->n_kept_drawn;
  show_at (window, 1280, 800);
  g_assert_true (wait_for_frames (window, 2));
  g_assert_cmpuint (board->n_kept_drawn, ==, drawn_before);
  for (guint p = 0; p < pat_game_get_state (game)->n_piles; p++)
    g_assert_true (board->pile_nodes[p][0].node == kept[p]);
  g_assert_true (board->hole_nodes[0].node == hole);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A run is picked up from the card under the pointer: click-to-move and drag move all of it. */
static void
test_play_run (void)
{
  GtkWidget *window = make_window (1280, 800);
  PatBoard *board = window_board (window);
  g_autoptr(PatGame) game = NULL;
  GRand *rand = g_rand_new_with_seed (11);
  PatMove run = { 0 };
  gboolean found = FALSE;

  g_object_set (board, "animations", FALSE, NULL);
  show_at (window, 1280, 800);

  /* Random play until some deal offers a run of two or more cards. */
  for (guint64 deal = 1; deal < 200 && !found; deal++)
    {
      g_clear_object (&game);
      game = new_game ("penguin", deal, PAT_DIE_OFF);
      pat_board_set_game (board, game);

      for (guint m = 0; m < 300 && !found && pat_game_get_status (game) == PAT_STATUS_PLAYING; m++)
        {
          PatMoveList moves;

          pat_game_legal_moves (game, &moves);
          for (guint k = 0; k < moves.n && !found; k++)
            if (moves.moves[k].kind == PAT_MOVE_CARDS && moves.moves[k].count >= 2)
              {
                run = moves.moves[k];
                found = TRUE;
              }
          if (!found && moves.n > 0)
            g_assert_true (pat_game_apply (game, &moves.moves[g_rand_int_range (rand, 0, moves.n)],
                                           NULL));
        }
    }
  g_assert_true (found);

  {
    const PatState *state = pat_game_get_state (game);
    guint from_len = pat_state_pile_len (state, run.from);
    guint to_len = pat_state_pile_len (state, run.to);
    guint moves = pat_game_get_moves (game);
    graphene_rect_t r, dest;
    double x, y, tx, ty;

    /* The top few pixels of the run's first card: the part not covered by the next one. */
    g_assert_true (pat_board_get_card_bounds (board, run.from, run.count - 1, &r));
    x = r.origin.x + r.size.width / 2;
    y = r.origin.y + 4;
    g_assert_true (pat_board_get_card_bounds (board, run.to, 0, &dest));
    rect_center (&dest, &tx, &ty);

    pat_board_test_click (board, x, y, 1);
    g_assert_cmpint (board->sel_pile, ==, run.from);
    g_assert_cmpuint (board->sel_count, >=, run.count);
    pat_board_test_key (board, GDK_KEY_Escape, 0);

    pat_board_test_drag (board, x, y, tx, ty);
    g_assert_cmpuint (pat_game_get_moves (game), ==, moves + 1);
    g_assert_cmpuint (pat_state_pile_len (pat_game_get_state (game), run.from), ==,
                      from_len - run.count);
    g_assert_cmpuint (pat_state_pile_len (pat_game_get_state (game), run.to), ==,
                      to_len + run.count);
  }

  g_rand_free (rand);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With animations on, moves slide; input in the middle finishes them first. */
static void
test_animations (void)
{
  GtkWidget *window = make_window (1280, 800);
  PatBoard *board = window_board (window);
  g_autoptr(PatGame) game = new_game ("black-hole", 2, PAT_DIE_OFF);
  PatMoveList moves;
  double x, y, hx, hy;

  pat_board_set_game (board, game);
  show_at (window, 1280, 800);
  wait_for_animations (board);

  pat_game_legal_moves (game, &moves);
  card_center (board, moves.moves[0].from, &x, &y);
  card_center (board, 0, &hx, &hy);
  pat_board_test_drag (board, x, y, hx, hy);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 1);
  g_assert_true (pat_board_is_animating (board));
  gtk_test_widget_wait_for_draw (window);
  wait_for_animations (board);

  /* Undo slides back; a click during the slide finishes it and selects from the final position. */
  g_assert_true (pat_game_undo (game));
  g_assert_true (pat_board_is_animating (board));
  pat_board_test_click (board, x, y, 1);
  g_assert_false (pat_board_is_animating (board));
  g_assert_cmpint (board->sel_pile, ==, moves.moves[0].from);
  pat_board_test_key (board, GDK_KEY_Escape, 0);

  /* Turned off: nothing moves. */
  g_object_set (board, "animations", FALSE, NULL);
  g_assert_true (pat_game_apply (game, &moves.moves[0], NULL));
  g_assert_false (pat_board_is_animating (board));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The board's first game, the one a window opens with, shows its deal dealt, shown or not yet;
 * later deals fly in, and a deal set while the board is hidden flies in when it shows. */
static void
test_first_deal_dealt (void)
{
  for (int shown_first = 0; shown_first <= 1; shown_first++)
    {
      GtkWidget *window = make_window (1280, 800);
      PatBoard *board = window_board (window);
      g_autoptr(PatGame) first = new_game ("black-hole", 2, PAT_DIE_OFF);
      g_autoptr(PatGame) second = new_game ("black-hole", 3, PAT_DIE_OFF);
      g_autoptr(PatGame) third = new_game ("penguin", 2, PAT_DIE_OFF);

      if (shown_first)
        show_at (window, 1280, 800);
      pat_board_set_game (board, first);
      g_assert_false (pat_board_is_animating (board));
      if (!shown_first)
        show_at (window, 1280, 800);
      g_assert_false (pat_board_is_animating (board));
      /* Nothing waits to fly in once it is drawn either. */
      g_assert_true (wait_for_frames (window, 1));
      g_assert_false (pat_board_is_animating (board));

      pat_board_set_game (board, second);
      g_assert_true (pat_board_is_animating (board));
      wait_for_animations (board);

      gtk_widget_set_visible (window, FALSE);
      pat_board_set_game (board, third);
      g_assert_false (pat_board_is_animating (board));
      show_at (window, 1280, 800);
      g_assert_true (pat_board_is_animating (board));
      wait_for_animations (board);

      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* A card turning over is the cached card squeezed about its centre line, for both kinds of
 * node; too thin to show, nothing. */
static void
test_card_turning (void)
{
  g_autoptr(PatCardRenderer) renderer = pat_card_renderer_new ();
  graphene_rect_t rect = GRAPHENE_RECT_INIT (40, 30, 100, 140);

  for (int cairo_nodes = 0; cairo_nodes <= 1; cairo_nodes++)
    for (int face_up = 0; face_up <= 1; face_up++)
      {
        const double fractions[] = { 1, 0.5, 0.25, 0.001 };

        pat_card_renderer_set_cairo_nodes (renderer, cairo_nodes);
        for (guint i = 0; i < G_N_ELEMENTS (fractions); i++)
          {
            GtkSnapshot *snapshot = gtk_snapshot_new ();
            g_autoptr(GskRenderNode) node = NULL;
            graphene_rect_t bounds;

            pat_card_renderer_snapshot_card_turning (renderer, snapshot, 7, face_up, &rect, 1,
                                                     fractions[i]);
            node = gtk_snapshot_free_to_node (snapshot);
            if (fractions[i] * rect.size.width < 0.5)
              {
                g_assert_null (node);
                continue;
              }
            g_assert_nonnull (node);
            gsk_render_node_get_bounds (node, &bounds);
            g_assert_cmpfloat_with_epsilon (bounds.size.width, 100 * fractions[i], 0.01);
            g_assert_cmpfloat_with_epsilon (bounds.size.height, 140, 0.01);
            g_assert_cmpfloat_with_epsilon (bounds.origin.x + bounds.size.width / 2, 90, 0.01);
            g_assert_cmpfloat_with_epsilon (bounds.origin.y, 30, 0.01);
            if (cairo_nodes && fractions[i] < 1)
              g_assert_cmpint (gsk_render_node_get_node_type (node), ==, GSK_CAIRO_NODE);
          }
      }
}

/* A stock move and its automatic moves are shown one step each, ending on the game's position. */
static void
test_steps (void)
{
  static const char * const ids[] = { "perpetual-motion", "demon", "idiots-delight" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      GtkWidget *window = make_window (1280, 800);
      PatBoard *board = window_board (window);
      g_autoptr(PatGame) game = new_game (ids[i], 1, PAT_DIE_OFF);
      guint played = 0, split = 0;

      pat_board_set_game (board, game);
      show_at (window, 1280, 800);
      pat_board_finish_animations (board);

      for (guint m = 0; m < 80 && pat_game_get_status (game) == PAT_STATUS_PLAYING; m++)
        {
          PatMoveList moves;
          PatState before = *pat_game_get_state (game);
          const PatBoardStep *first, *last;

          pat_game_legal_moves (game, &moves);
          if (moves.n == 0)
            break;
          g_assert_true (pat_game_apply (game, &moves.moves[moves.n - 1], NULL));
          played++;
          if (board->steps->len == 0)
            continue;
          first = &g_array_index (board->steps, PatBoardStep, 0);
          last = &g_array_index (board->steps, PatBoardStep, board->steps->len - 1);
          g_assert_true (memcmp (first->from.cards, before.cards, sizeof before.cards) == 0);
          g_assert_true (pat_state_equal (&last->to, pat_game_get_state (game)) ||
                         memcmp (last->to.cards, pat_game_get_state (game)->cards,
                                 PAT_N_CARDS) == 0);
          if (board->steps->len > 1)
            split++;
          pat_board_finish_animations (board);
        }
      g_test_message ("%s: %u moves, %u split, status %d", ids[i], played, split,
                      pat_game_get_status (game));
      g_assert_cmpuint (played, >, 0);
      if (g_str_equal (ids[i], "perpetual-motion"))
        g_assert_cmpuint (split, >, 0);

      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static guint
foundation_cards (PatGame *game)
{
  return pat_cards_out (pat_game_get_rules (game), pat_game_get_state (game));
}

/* Penguin with auto-foundation: after any player move no move to a foundation is left, and the
 * cards that went up by themselves (the game sends them up with the move) are part of that move:
 * it counts once, one undo takes back the move and them, and a redo plays them all again. */
static void
test_auto_foundation (void)
{
  GtkWidget *window = make_window (1280, 800);
  PatBoard *board = window_board (window);
  g_autoptr(PatGame) game = new_game ("penguin", 11, PAT_DIE_OFF);
  GRand *rand = g_rand_new_with_seed (7);
  guint automatic = 0;
  gboolean undone = FALSE;

  g_object_set (board, "animations", FALSE, "auto-foundation", TRUE, NULL);
  pat_board_set_game (board, game);
  show_at (window, 1280, 800);

  for (guint m = 0; m < 60 && pat_game_get_status (game) == PAT_STATUS_PLAYING; m++)
    {
      PatMoveList moves;
      PatState before_state, after_move, after_auto;
      guint before, out;
      const PatMove *move;

      pat_game_legal_moves (game, &moves);
      if (moves.n == 0)
        break;
      move = &moves.moves[g_rand_int_range (rand, 0, moves.n)];
      before = pat_game_get_moves (game);
      before_state = *pat_game_get_state (game);
      /* The move alone, without what goes up after it. */
      after_move = before_state;
      g_assert_true (pat_rules_try_move (pat_game_get_rules (game), &after_move, move, NULL, NULL));
      out = pat_cards_out (pat_game_get_rules (game), &after_move);
      g_assert_true (pat_game_apply (game, move, NULL));
      flush ();
      after_auto = *pat_game_get_state (game);
      g_assert_cmpuint (pat_game_get_moves (game), ==, before + 1);
      if (foundation_cards (game) == out)
        {
          g_assert_true (pat_state_equal (&after_auto, &after_move));
          continue;
        }
      automatic += foundation_cards (game) - out;

      pat_game_legal_moves (game, &moves);
      for (guint k = 0; k < moves.n; k++)
        g_assert_false (moves.moves[k].kind == PAT_MOVE_CARDS &&
                        (pat_game_get_rules (game)->layout->piles[moves.moves[k].to].kind ==
                         PAT_PILE_FOUNDATION) &&
                        pat_game_get_status (game) == PAT_STATUS_PLAYING);

      /* The first time: one undo goes back to before the player's move, without playing the
       * automatic moves again; a redo brings back the position after them. */
      if (!undone && pat_game_get_status (game) == PAT_STATUS_PLAYING)
        {
          undone = TRUE;
          g_assert_true (pat_game_undo (game));
          flush ();
          g_assert_cmpuint (pat_game_get_moves (game), ==, before);
          g_assert_true (pat_state_equal (pat_game_get_state (game), &before_state));
          g_assert_true (pat_game_redo (game));
          flush ();
          g_assert_cmpuint (pat_game_get_moves (game), ==, before + 1);
          g_assert_true (pat_state_equal (pat_game_get_state (game), &after_auto));
        }
    }
  g_assert_cmpuint (automatic, >, 0);
  g_assert_true (undone);

  g_rand_free (rand);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What goes up at once goes at the deal, not after the player's first move: Penguin 931880326
 * deals the eights of clubs and diamonds on top of columns (the three other sevens start the
 * foundations). These opening moves are part of the deal: no move counted, nothing to undo, the
 * game not started; a restart plays them again, and with auto-foundation off nothing moves. With
 * animations too, after the deal's. Only what the rules call safe goes: Demon deal 289 deals the
 * ten of diamonds, its base rank, on top of the reserve, and the deal is won only if it waits
 * (the solver proves it lost once the ten has gone up), so nothing moves there. */
static void
test_auto_foundation_opening (void)
{
  const struct {
    const char *id;
    guint64     deal;
    guint       gained;
  } deals[] = { { "penguin", 931880326, 2 }, { "demon", 289, 0 } };

  for (guint i = 0; i < G_N_ELEMENTS (deals); i++)
    for (guint animated = 0; animated < 2; animated++)
      {
        GtkWidget *window = make_window (1000, 700);
        PatBoard *board = window_board (window);
        g_autoptr(PatGame) game = new_game (deals[i].id, deals[i].deal, PAT_DIE_OFF);
        g_autoptr(PatGame) manual = new_game (deals[i].id, deals[i].deal, PAT_DIE_OFF);
        guint dealt = foundation_cards (game);
        PatState opened;
        PatMoveList moves;
        int stock;

        g_object_set (board, "animations", (gboolean) animated, "auto-foundation", TRUE, NULL);
        show_at (window, 1000, 700);
        pat_board_set_game (board, game);
        wait_for_animations (board);
        flush ();
        g_assert_cmpuint (foundation_cards (game), ==, dealt + deals[i].gained);
        g_assert_cmpuint (pat_game_get_moves (game), ==, 0);
        g_assert_false (pat_game_get_can_undo (game));
        g_assert_false (pat_game_get_started (game));
        opened = *pat_game_get_state (game);

        /* A move, then a restart: the deal again, and its opening again. */
        /* A move, a stock turn where there is a stock: nothing unsafe goes up after it either. */
        stock = pat_rules_find_pile (pat_game_get_rules (game), PAT_PILE_STOCK, 0);
        pat_game_legal_moves (game, &moves);
        g_assert_cmpuint (moves.n, >, 0);
        if (stock >= 0)
          {
            PatMove turn = { PAT_MOVE_STOCK, (guint8) stock, (guint8) stock, 0, 0 };

            g_assert_true (pat_game_apply (game, &turn, NULL));
          }
        else
          g_assert_true (pat_game_apply (game, &moves.moves[0], NULL));
        wait_for_animations (board);
        flush ();
        if (deals[i].gained == 0)
          g_assert_cmpuint (foundation_cards (game), ==, dealt);
        pat_game_restart (game);
        wait_for_animations (board);
        flush ();
        g_assert_true (pat_state_equal (pat_game_get_state (game), &opened));
        g_assert_cmpuint (pat_game_get_moves (game), ==, 0);

        /* Auto-foundation off: the deal as dealt. */
        g_object_set (board, "auto-foundation", FALSE, NULL);
        pat_board_set_game (board, manual);
        wait_for_animations (board);
        flush ();
        g_assert_cmpuint (foundation_cards (manual), ==, dealt);

        gtk_window_destroy (GTK_WINDOW (window));
      }
}

static void
test_pile_names (void)
{
  GtkWidget *board = g_object_ref_sink (pat_board_new ());
  g_autoptr(PatGame) penguin = new_game ("penguin", 1, PAT_DIE_OFF);
  g_autoptr(PatGame) hole = new_game ("black-hole", 1, PAT_DIE_OFF);
  g_autoptr(PatGame) demon = new_game ("demon", 1, PAT_DIE_OFF);
  g_autoptr(PatGame) row = new_game ("all-in-a-row", 1, PAT_DIE_OFF);
  g_autoptr(PatGame) perpetual = new_game ("perpetual-motion", 1, PAT_DIE_OFF);
  char *name;

  pat_board_set_game (PAT_BOARD (board), penguin);
  name = pat_board_dup_pile_name (PAT_BOARD (board), 2);
  g_assert_cmpstr (name, ==, "Column 3");
  g_free (name);
  name = pat_board_dup_pile_name (PAT_BOARD (board), 8);
  g_assert_cmpstr (name, ==, "Cell 2");
  g_free (name);

  pat_board_set_game (PAT_BOARD (board), hole);
  name = pat_board_dup_pile_name (PAT_BOARD (board), 0);
  g_assert_cmpstr (name, ==, "Black Hole");
  g_free (name);
  name = pat_board_dup_pile_name (PAT_BOARD (board), 5);
  g_assert_cmpstr (name, ==, "Fan 5");
  g_free (name);

  /* All in a Row's hole is the hole of its own rules, not a Black Hole. */
  pat_board_set_game (PAT_BOARD (board), row);
  name = pat_board_dup_pile_name (PAT_BOARD (board), 0);
  g_assert_cmpstr (name, ==, "Hole");
  g_free (name);
  name = pat_board_dup_pile_name (PAT_BOARD (board), 13);
  g_assert_cmpstr (name, ==, "Column 13");
  g_free (name);

  /* Perpetual Motion's piles and discards. */
  pat_board_set_game (PAT_BOARD (board), perpetual);
  name = pat_board_dup_pile_name (PAT_BOARD (board), 1);
  g_assert_cmpstr (name, ==, "Pile 1");
  g_free (name);
  name = pat_board_dup_pile_name (PAT_BOARD (board), 5);
  g_assert_cmpstr (name, ==, "Discards");
  g_free (name);

  pat_board_set_game (PAT_BOARD (board), demon);
  name = pat_board_dup_pile_name (PAT_BOARD (board), 0);
  g_assert_cmpstr (name, ==, "Stock");
  g_free (name);
  name = pat_board_dup_pile_name (PAT_BOARD (board), 8);
  g_assert_cmpstr (name, ==, "Tableau 2");
  g_free (name);

  pat_board_set_game (PAT_BOARD (board), NULL);
  g_object_unref (board);
}

/* Screen readers hear the focused pile and its card through the board's label. */
static void
test_accessible (void)
{
  GtkWidget *window = make_window (1280, 800);
  PatBoard *board = window_board (window);
  g_autoptr(PatGame) game = new_game ("black-hole", 1, PAT_DIE_OFF);
  const PatState *state = pat_game_get_state (game);
  g_autofree char *top = NULL;
  g_autofree char *below = NULL;
  g_autofree char *expected = NULL;

  g_object_set (board, "animations", FALSE, NULL);
  pat_board_set_game (board, game);
  show_at (window, 1280, 800);
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_ROLE_WIDGET);

  board->focus_pile = 2;
  g_assert_true (pat_board_test_key (board, GDK_KEY_Tab, 0));
  top = pat_card_accessible_name (pat_state_pile_top (state, 3));
  expected = g_strdup_printf ("Fan 3, %s, 3 cards", top);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       expected);

  g_assert_true (pat_board_test_key (board, GDK_KEY_Up, 0));
  below = pat_card_accessible_name (pat_state_pile_peek (state, 3, 1));
  g_free (expected);
  expected = g_strdup_printf ("Fan 3, %s, card 2 of 3", below);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       expected);

  /* Hole: Tab wraps no further back than the first pile. */
  board->focus_pile = 1;
  g_assert_true (pat_board_test_key (board, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Black Hole, Ace of Spades, 1 card");

  /* All in a Row's hole starts empty, and is called the Hole. */
  {
    g_autoptr(PatGame) row = new_game ("all-in-a-row", 1, PAT_DIE_OFF);

    pat_board_set_game (board, row);
    board->focus_pile = 1;
    g_assert_true (pat_board_test_key (board, GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK));
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                         "Hole, empty");
    pat_board_set_game (board, game);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Screenshots to look at, when PATIENCE_SCREENSHOT_DIR says where. */
static void
save_png (GtkWidget  *window,
          const char *path)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);
  GskRenderNode *node;
  GdkTexture *texture;

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_cmpint (gdk_texture_get_width (texture), >=, width);
  g_assert_true (gdk_texture_save_to_png (texture, path));

  g_object_unref (texture);
  gsk_render_node_unref (node);
  g_object_unref (paintable);
}

static void
test_screenshots (void)
{
  static const struct { int w, h; gboolean dark; const char *name; } shots[] = {
    { 1280, 800, FALSE, "light" },
    { 1280, 800, TRUE, "dark" },
    { 360, 640, FALSE, "phone" },
    { 360, 360, TRUE, "small" },
  };
  const char *dir = g_getenv ("PATIENCE_SCREENSHOT_DIR");
  const PatRules *const *all;
  guint n_rules;

  if (dir == NULL)
    {
      g_test_skip ("PATIENCE_SCREENSHOT_DIR is not set");
      return;
    }
  g_mkdir_with_parents (dir, 0755);

  all = pat_rules_all (&n_rules);
  for (guint i = 0; i < n_rules; i++)
    for (guint s = 0; s < G_N_ELEMENTS (shots); s++)
      {
        GtkWidget *window = make_window (shots[s].w, shots[s].h);
        PatBoard *board = window_board (window);
        g_autoptr(PatGame) game = new_game (all[i]->id, 5, PAT_DIE_PER_GAME);
        g_autofree char *file = g_strdup_printf ("%s-%s.png", all[i]->id, shots[s].name);
        g_autofree char *path = g_build_filename (dir, file, NULL);
        GRand *rand = g_rand_new_with_seed (3);

        adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                            shots[s].dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                          : ADW_COLOR_SCHEME_FORCE_LIGHT);
        g_object_set (board, "animations", FALSE, NULL);
        pat_board_set_game (board, game);

        /* A few moves in, so that fans, cells and foundations show. */
        for (guint m = 0; m < 14 && pat_game_get_status (game) == PAT_STATUS_PLAYING; m++)
          {
            PatMoveList moves;

            pat_game_legal_moves (game, &moves);
            if (moves.n == 0)
              break;
            pat_game_apply (game, &moves.moves[g_rand_int_range (rand, 0, moves.n)], NULL);
          }
        show_at (window, shots[s].w, shots[s].h);
        gtk_widget_grab_focus (GTK_WIDGET (board));
        if (s == 0)
          {
            PatMoveList moves;

            pat_game_legal_moves (game, &moves);
            if (moves.n > 0)
              pat_board_show_hint (board, &moves.moves[0]);
          }
        else if (s == 1)
          {
            PatMoveList moves;

            /* Keyboard play: cards picked up, where they may go, the focus one pile along. */
            gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
            pat_game_legal_moves (game, &moves);
            for (guint k = 0; k < moves.n; k++)
              if (moves.moves[k].kind == PAT_MOVE_CARDS)
                {
                  board->focus_pile = moves.moves[k].from;
                  pat_board_test_key (board, GDK_KEY_space, 0);
                  pat_board_test_key (board, GDK_KEY_Right, 0);
                  break;
                }
          }
        gtk_test_widget_wait_for_draw (window);
        save_png (window, path);

        g_rand_free (rand);
        gtk_window_destroy (GTK_WINDOW (window));
      }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

static void
spin (guint ms)
{
  gint64 deadline = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < deadline)
    iterate ();
}

/* Frames of a few animations, to look at. */
static void
test_animation_frames (void)
{
  static const struct { const char *id; guint64 deal; guint moves; } games[] = {
    { "perpetual-motion", 1, 3 },
    { "demon", 1, 2 },
    { "penguin", 2, 1 },
  };
  const char *dir = g_getenv ("PATIENCE_SCREENSHOT_DIR");

  if (dir == NULL)
    {
      g_test_skip ("PATIENCE_SCREENSHOT_DIR is not set");
      return;
    }
  g_mkdir_with_parents (dir, 0755);

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      GtkWidget *window = make_window (1280, 800);
      PatBoard *board = window_board (window);
      g_autoptr(PatGame) game = new_game (games[i].id, games[i].deal, PAT_DIE_OFF);
      g_autoptr(PatGame) opening = new_game (games[i].id, games[i].deal + 1, PAT_DIE_OFF);

      /* A board's first game is shown dealt: the deal flies in for the next. */
      pat_board_set_game (board, opening);
      show_at (window, 1280, 800);
      pat_board_set_game (board, game);
      spin (150);
      {
        g_autofree char *path = g_strdup_printf ("%s/anim-%s-deal.png", dir, games[i].id);
        save_png (window, path);
      }
      wait_for_animations (board);

      for (guint m = 0; m < games[i].moves; m++)
        {
          PatMoveList moves;

          pat_game_legal_moves (game, &moves);
          g_assert_true (pat_game_apply (game, &moves.moves[moves.n - 1], NULL));
          for (guint f = 0; f < 4; f++)
            {
              g_autofree char *path = g_strdup_printf ("%s/anim-%s-%u-%u.png", dir, games[i].id,
                                                       m, f);

              spin (f == 0 ? 60 : 110);
              save_png (window, path);
            }
          wait_for_animations (board);
        }
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  gtk_init ();
  adw_init ();

  g_test_add_func ("/board/pile-names", test_pile_names);
  g_test_add_func ("/board/layout", test_layout);
  g_test_add_func ("/board/narrow-layout", test_narrow_layout);
  g_test_add_func ("/board/narrow-layouts-four-across", test_narrow_layouts_four_across);
  g_test_add_func ("/board/narrow-layouts-chosen", test_narrow_layouts_chosen);
  g_test_add_func ("/board/long-fans", test_long_fans);
  g_test_add_func ("/board/play/black-hole", test_play_black_hole);
  g_test_add_func ("/board/play/free-columns-double-click", test_free_columns_double_click);
  g_test_add_func ("/board/play/run", test_play_run);
  g_test_add_func ("/board/drag-draws-no-card", test_drag_draws_no_card);
  g_test_add_func ("/board/press-at-rest", test_press_at_rest);
  g_test_add_func ("/board/flight-times", test_flight_times);
  g_test_add_func ("/board/piles-as-nodes", test_piles_as_nodes);
  g_test_add_func ("/board/animations", test_animations);
  g_test_add_func ("/board/first-deal-dealt", test_first_deal_dealt);
  g_test_add_func ("/board/card-turning", test_card_turning);
  g_test_add_func ("/board/steps", test_steps);
  g_test_add_func ("/board/auto-foundation", test_auto_foundation);
  g_test_add_func ("/board/auto-foundation-opening", test_auto_foundation_opening);
  g_test_add_func ("/board/accessible", test_accessible);
  g_test_add_func ("/board/screenshots", test_screenshots);
  g_test_add_func ("/board/screenshots/animation", test_animation_frames);

  return g_test_run ();
}
