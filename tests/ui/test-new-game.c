/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A game the app does not ship, registered by this test alone, played through the window, the
 * board, the chooser and the statistics: proof that a game lives only in its rules table. Run under
 * a virtual X display. */

#include "config.h"

#include <string.h>

#include "pat-analyzer.h"
#include "pat-board-private.h"
#include "pat-game-chooser.h"
#include "pat-stats-dialog.h"
#include "pat-window-private.h"
#include "ui-test-util.h"

/* Count Down: the whole pack in one pile; its top card goes to the foundation till none is left. */
enum {
  PILE,
  FOUNDATION,
  N_PILES,
};

static const PatLayout count_down_layout = {
  N_PILES, 2.5f, 1.0f,
  {
    { PAT_PILE_TABLEAU,    1, PAT_FAN_NONE, PAT_FACE_UP, 0.0f, 0.0f },
    { PAT_PILE_FOUNDATION, 1, PAT_FAN_NONE, PAT_FACE_UP, 1.5f, 0.0f },
  },
  NULL,
  PAT_NOUN_COLUMN,
};

static void
count_down_deal (PatState            *state,
                 const PatCard       *deck,
                 const PatDealNumber *deal,
                 const PatOptions    *options)
{
  pat_state_init (state, N_PILES);
  for (guint i = 0; i < PAT_N_CARDS; i++)
    pat_state_push (state, PILE, deck[i]);
  state->deal = *deal;
}

static void
count_down_legal_moves (const PatState *state,
                        PatMoveList    *moves)
{
  moves->n = 0;
  if (pat_state_pile_len (state, PILE) > 0)
    pat_move_list_add (moves, PAT_MOVE_CARDS, PILE, FOUNDATION, 1);
}

static gboolean
count_down_check_move (const PatState  *state,
                       const PatMove   *move,
                       const char     **reason)
{
  if (move->kind != PAT_MOVE_CARDS || move->from != PILE || move->to != FOUNDATION ||
      move->count != 1 || pat_state_pile_len (state, PILE) == 0)
    {
      *reason = "only the top card goes to the foundation";
      return FALSE;
    }
  return TRUE;
}

static void
count_down_apply (PatState      *state,
                  const PatMove *move,
                  PatMoveList   *automatic)
{
  pat_state_move (state, move->from, move->to, move->count);
}

static PatStatus
count_down_status (const PatState *state)
{
  return pat_state_pile_len (state, PILE) == 0 ? PAT_STATUS_WON : PAT_STATUS_PLAYING;
}

static int
count_down_score (const PatState *state)
{
  return (int) pat_state_pile_len (state, FOUNDATION);
}

/* Its solver, which proves it reaches the game through its rules: the one line there is, the top
 * card up till none is left. */
static PatSolveResult
count_down_solve (const PatRules       *rules,
                  const PatState       *state,
                  const PatSolveLimits *limits,
                  PatSolution          *solution)
{
  guint n = pat_state_pile_len (state, PILE);

  solution->result = PAT_SOLVE_SOLVED;
  solution->nodes = n;
  solution->n_moves = n;
  solution->moves = g_new (PatMove, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    solution->moves[i] = pat_move_cards (PILE, FOUNDATION, 1);
  return solution->result;
}

static const PatSolver count_down_solver = { count_down_solve };

static const PatRules count_down = {
  "test-count-down",
  "Count Down",
  "Move the whole pack to the foundation, one card at a time",
  &count_down_layout,
  count_down_deal,
  count_down_legal_moves,
  count_down_check_move,
  count_down_apply,
  count_down_status,
  count_down_score,
  NULL,
  NULL,
  .flags = PAT_RULES_SCORE,
  .blocked_reason = "Count Down never blocks.",
  .solver = &count_down_solver,
};

/* Every text shown by @widget and the widgets in it. */
static void
collect_text (GtkWidget *widget,
              GString   *out)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  if (ADW_IS_PREFERENCES_ROW (widget))
    g_string_append_printf (out, "%s\n",
                            adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
  if (ADW_IS_PREFERENCES_GROUP (widget) &&
      adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (widget)) != NULL)
    g_string_append_printf (out, "%s\n",
                            adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, out);
}

static char *
dup_text (gpointer widget)
{
  GString *out = g_string_new (NULL);

  collect_text (GTK_WIDGET (widget), out);
  return g_string_free (out, FALSE);
}

static void
test_play (void)
{
  g_autoptr(PatApplication) app = make_app ();
  PatWindow *window = pat_application_new_window (app);
  PatBoard *board = pat_window_get_board (window);
  PatStats *stats = pat_application_get_stats (app);
  PatDealNumber deal = pat_deal_number_from_uint (7);
  PatMove move = pat_move_cards (PILE, FOUNDATION, 1);
  g_autofree char *pile_name = NULL;
  g_autofree char *foundation_name = NULL;
  graphene_rect_t from, to;
  PatRecord record;
  PatGame *game;

  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  gtk_window_present (GTK_WINDOW (window));
  spin (200);
  pat_stats_reset (stats, NULL);

  /* The window opens it by its id, as any shipped game. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.choose-game", "s", count_down.id);
  spin (50);
  pat_session_start_deal (pat_window_get_session (window), count_down.id, &deal);
  game = pat_window_get_game (window);
  g_assert_nonnull (game);
  g_assert_true (pat_game_get_rules (game) == &count_down);
  g_assert_true (pat_board_get_game (board) == game);
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "Count Down");

  /* The board names the piles after the layout. */
  pile_name = pat_board_dup_pile_name (board, PILE);
  foundation_name = pat_board_dup_pile_name (board, FOUNDATION);
  g_assert_cmpstr (pile_name, ==, "Column 1");
  g_assert_cmpstr (foundation_name, ==, "Foundation 1");

  /* The first move is played on the board, by click-to-move: the pile's top card, then the
   * foundation; the status line shows the score, as the flags ask. */
  g_assert_true (pat_board_get_card_bounds (board, PILE, 0, &from));
  g_assert_true (pat_board_get_card_bounds (board, FOUNDATION, 0, &to));
  pat_board_test_click (board, from.origin.x + from.size.width / 2,
                        from.origin.y + from.size.height / 2, 1);
  pat_board_test_click (board, to.origin.x + to.size.width / 2,
                        to.origin.y + to.size.height / 2, 1);
  spin (50);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 1);
  g_assert_cmpuint (pat_state_pile_len (pat_game_get_state (game), FOUNDATION), ==, 1);
  g_assert_cmpstr (gtk_inscription_get_text (window->extra_label), ==, "Score 1");

  while (pat_game_get_status (game) == PAT_STATUS_PLAYING)
    g_assert_true (pat_game_apply (game, &move, NULL));
  spin (100);
  g_assert_cmpint (pat_game_get_status (game), ==, PAT_STATUS_WON);
  g_assert_true (pat_window_get_end_shown (window));
  g_assert_cmpstr (gtk_label_get_label (window->end_title), ==, "You Won!");
  g_assert_nonnull (strstr (gtk_label_get_label (window->end_description), "Score: 52."));
  g_assert_true (pat_stats_get_record (stats, count_down.id, &record));
  g_assert_cmpuint (record.won, ==, 1);

  /* The chooser lists it, with its name and summary, and no note about PySolFC numbers, no die
   * and no matches. */
  {
    PatGameChooser *chooser = pat_game_chooser_new (GTK_WINDOW (window),
                                                    pat_window_get_session (window), NULL);
    g_autofree char *text = NULL;

    gtk_window_present (GTK_WINDOW (chooser));
    spin (100);
    pat_game_chooser_select_game (chooser, count_down.id);
    spin (50);
    g_assert_cmpstr (pat_game_chooser_get_game (chooser), ==, count_down.id);
    text = dup_text (chooser);
    g_assert_nonnull (strstr (text, count_down.name));
    g_assert_nonnull (strstr (text, count_down.summary));
    g_assert_null (strstr (text, "PySolFC"));
    g_assert_null (strstr (text, "Justice"));
    g_assert_null (strstr (text, "Start a Match"));
    gtk_window_destroy (GTK_WINDOW (chooser));
  }

  /* The statistics show its record, with the score rows. */
  {
    PatStatsDialog *dialog = pat_stats_dialog_new (GTK_WINDOW (window), stats, count_down.id);
    g_autofree char *text = NULL;

    gtk_window_present (GTK_WINDOW (dialog));
    spin (100);
    g_assert_cmpstr (pat_stats_dialog_get_game (dialog), ==, count_down.id);
    text = dup_text (dialog);
    g_assert_nonnull (strstr (text, "Best score"));
    gtk_window_destroy (GTK_WINDOW (dialog));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Its solver is the one the engine runs for it, and the app's analysis finds it winnable, with
 * the hint its line gives. */
static void
test_solver (void)
{
  g_autoptr(PatAnalyzer) analyzer = pat_analyzer_new ();
  PatDealNumber deal = pat_deal_number_from_uint (7);
  g_autoptr(PatGame) game = pat_game_new (count_down.id, &deal, NULL);
  PatSolution solution = { 0, };
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  PatMove move;

  g_assert_true (pat_solver_supports (&count_down));
  g_assert_cmpint (pat_solver_solve (&count_down, pat_game_get_state (game), NULL, &solution), ==,
                   PAT_SOLVE_SOLVED);
  g_assert_cmpuint (solution.n_moves, ==, PAT_N_CARDS);
  pat_solution_clear (&solution);

  pat_analyzer_set_watched (analyzer, TRUE);
  pat_analyzer_set_game (analyzer, game);
  while (pat_analyzer_get_verdict (analyzer) == PAT_VERDICT_THINKING &&
         g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (pat_analyzer_get_verdict (analyzer), ==, PAT_VERDICT_WINNABLE);
  g_assert_true (pat_analyzer_get_next_move (analyzer, &move));
  g_assert_cmpint (move.from, ==, PILE);
  g_assert_cmpint (move.to, ==, FOUNDATION);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_dir = g_dir_make_tmp ("patience-test-XXXXXX", NULL);

  /* Saved games and statistics go to a fresh directory. */
  g_setenv ("XDG_DATA_HOME", data_dir, TRUE);
  pat_rules_register (&count_down);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/new-game/play", test_play);
  g_test_add_func ("/new-game/solver", test_solver);

  return g_test_run ();
}
