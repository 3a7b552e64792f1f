/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of patience-cli as other tools use it: its output formats, exit codes and error lines. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>

#include "pat-rules.h"
#include "pat-solver.h"

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_cli (Run        *run,
         const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("PATIENCE_CLI");
  const char *arg;
  int wait_status;
  va_list args;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

/* Bad input: status 2, nothing on stdout, exactly one line on stderr starting "error: ", valid
 * UTF-8 and short whatever the input was. */
static void
assert_bad_input (const Run  *run,
                  const char *needle)
{
  g_test_message ("stderr: %.600s", run->err);
  g_assert_cmpint (run->status, ==, 2);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (g_str_has_prefix (run->err, "error: "));
  g_assert_true (g_str_has_suffix (run->err, "\n"));
  g_assert_true (strchr (run->err, '\n') == run->err + strlen (run->err) - 1);
  g_assert_true (g_utf8_validate (run->err, -1, NULL));
  g_assert_cmpuint (g_utf8_strlen (run->err, -1), <=, 320);
  if (needle != NULL)
    g_assert_nonnull (strstr (run->err, needle));
}

static void
test_deal_black_hole (void)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;

  run_cli (&run, "deal", "--game", "black-hole", "--deal", "1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 19);   /* 18 lines and the final newline */
  g_assert_cmpstr (lines[0], ==, "Foundations: AS");
  g_assert_cmpstr (lines[1], ==, "JD KS TH");
  g_assert_cmpstr (lines[2], ==, "2D 9D 8H");
  g_assert_cmpstr (lines[3], ==, "9H QD 2C");
  g_assert_cmpstr (lines[17], ==, "2S 4S 6H");
  g_assert_cmpstr (lines[18], ==, "");
}

static void
test_deal_all_in_a_row (void)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;
  guint i;

  run_cli (&run, "deal", "--game", "all-in-a-row", "--deal", "1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 15);
  g_assert_cmpstr (lines[0], ==, "Foundations: -");
  g_assert_cmpstr (lines[1], ==, "JD QC QH 6D");
  for (i = 1; i <= 13; i++)
    g_assert_cmpuint (strlen (lines[i]), ==, 11);
  g_assert_true (g_str_has_suffix (lines[13], " AS"));
}

static void
test_deal_by_deck (void)
{
  const char *deck = "JD 2D 9H JC 5D 7H 7C 5H KD KC 9S 5S AD QC KH 3H 2S KS 9D QD JS AS AH "
                     "3C 4C 5C TS QH 4H AC 4D 7S 3S TD 4S TH 8H 2C JH 7D 6D 8S 8D QS 6C 3D "
                     "8C TC 6S 9C 2H 6H";
  g_auto(Run) by_number = { 0, };
  g_auto(Run) by_deck = { 0, };

  /* Deal 1's deck given card by card deals the same position. */
  run_cli (&by_number, "deal", "--game", "penguin", "--deal", "1", NULL);
  run_cli (&by_deck, "deal", "--game", "penguin", "--deck", deck, NULL);
  g_assert_cmpint (by_number.status, ==, 0);
  g_assert_cmpint (by_deck.status, ==, 0);
  g_assert_cmpstr (by_number.out, ==, by_deck.out);
  g_assert_nonnull (strstr (by_deck.out, "Beak: J"));
}

static void
test_replay (void)
{
  g_auto(Run) run = { 0, };
  g_auto(Run) bad = { 0, };
  g_auto(Run) demon = { 0, };

  run_cli (&run, "replay", "--game", "black-hole", "--deal", "1", "--moves", "t3>h", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "Foundations: 2C\n"));
  g_assert_true (g_str_has_suffix (run.out,
                                   "\n{\"status\":\"playing\",\"moves\":1,\"score\":2}\n"));

  run_cli (&bad, "replay", "--game", "black-hole", "--deal", "1", "--moves", "t3>h t2>h", NULL);
  assert_bad_input (&bad, "error: move 2 (t2>h): ");

  run_cli (&demon, "replay", "--game", "demon", "--deal", "5", "--moves", "s", NULL);
  g_assert_cmpint (demon.status, ==, 0);
  /* One foundation card, thirteen in the reserve. */
  g_assert_true (g_str_has_suffix (demon.out,
                                   "{\"status\":\"playing\",\"moves\":1,\"score\":-12}\n"));
  g_assert_nonnull (strstr (demon.out, "Pass: 1"));
}

static void
test_replay_perpetual_motion (void)
{
  g_autoptr(GString) moves = g_string_new (NULL);
  g_auto(Run) run = { 0, };
  g_auto(Run) won = { 0, };
  guint i;

  /* Deal 1 is won in round 120: play it through the rules one deal at a time. */
  for (i = 0; i < 2000; i++)
    g_string_append (moves, "s ");
  run_cli (&run, "replay", "--game", "perpetual-motion", "--deal", "1", "--moves", moves->str,
           NULL);
  assert_bad_input (&run, "the game is over (won)");

  run_cli (&won, "play", "--game", "perpetual-motion", "--deal", "1", NULL);
  g_assert_cmpint (won.status, ==, 0);
  g_assert_cmpstr (won.out, ==, "{\"result\":\"won\",\"rounds\":120}\n");
}

static void
test_play (void)
{
  g_auto(Run) cycle = { 0, };
  g_auto(Run) other = { 0, };

  run_cli (&cycle, "play", "--game", "perpetual-motion", "--deal", "3", NULL);
  g_assert_cmpint (cycle.status, ==, 0);
  g_assert_cmpstr (cycle.out, ==,
                   "{\"result\":\"cycle\",\"rounds\":174,\"cycle_start\":171,"
                   "\"cycle_length\":4}\n");

  run_cli (&other, "play", "--game", "demon", "--deal", "3", NULL);
  assert_bad_input (&other, "perpetual-motion");
}

static void
test_simulate (void)
{
  g_auto(Run) one = { 0, };
  g_auto(Run) two = { 0, };
  char *seconds;

  run_cli (&one, "simulate", "--game", "perpetual-motion", "--deals", "1..500", NULL);
  run_cli (&two, "simulate", "--game", "perpetual-motion", "--deals", "1..500", "--threads", "2",
           NULL);
  g_assert_cmpint (one.status, ==, 0);
  g_assert_cmpint (two.status, ==, 0);
  g_assert_true (g_str_has_prefix (one.out, "{\"deals\":500,\"won\":"));
  g_assert_nonnull (strstr (one.out, "\"win_rate\":"));
  g_assert_nonnull (strstr (one.out, "\"mean_rounds_won\":"));
  g_assert_nonnull (strstr (one.out, "\"mean_cycle_length\":"));

  /* Wall time, CPU time and what they make per deal, on the code path named. */
  g_assert_nonnull (strstr (one.out, "\"cpu_seconds\":"));
  g_assert_nonnull (strstr (one.out, "\"deals_per_cpu_second\":"));
  g_assert_nonnull (strstr (one.out, "\"threads\":1,"));
  g_assert_nonnull (strstr (two.out, "\"threads\":2,"));
  g_assert_true (strstr (one.out, "\"vector\":\"avx512-vbmi2\"}\n") != NULL ||
                 strstr (one.out, "\"vector\":\"avx2\"}\n") != NULL ||
                 strstr (one.out, "\"vector\":\"scalar\"}\n") != NULL);

  /* Threads change the time, nothing else. */
  seconds = strstr (one.out, "\"seconds\"");
  g_assert_nonnull (seconds);
  g_assert_nonnull (strstr (two.out, "\"seconds\""));
  g_assert_cmpint (strncmp (one.out, two.out, seconds - one.out), ==, 0);
}

/* bench: the machine first, then each run in wall and CPU seconds. */
static void
test_bench (void)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;
  guint i;

  run_cli (&run, "bench", "--deals", "1..4000", "--threads", "2", NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_assert_true (g_str_has_prefix (lines[0], "{\"machine\":\""));
  g_assert_nonnull (strstr (lines[0], "\"cores\":"));
  g_assert_nonnull (strstr (lines[0], "\"threads\":2,\"vector\":\""));
  g_assert_true (g_str_has_prefix (lines[1], "{\"player\":\"plain\",\"threads\":1,"
                                             "\"deals\":200,"));
  g_assert_true (g_str_has_prefix (lines[2], "{\"player\":\"fast\",\"threads\":1,"
                                             "\"deals\":4000,"));
  g_assert_true (g_str_has_prefix (lines[3], "{\"player\":\"fast\",\"threads\":2,"
                                             "\"deals\":4000,"));
  for (i = 1; i <= 3; i++)
    {
      g_assert_nonnull (strstr (lines[i], "\"cpu_seconds\":"));
      g_assert_nonnull (strstr (lines[i], "\"deals_per_cpu_second\":"));
    }
  g_assert_nonnull (strstr (lines[2], "\"speedup_over_plain\":"));
  g_assert_nonnull (strstr (lines[3], "\"scaling_over_one_thread\":"));
  g_assert_cmpstr (lines[4], ==, "");
}

static void
test_errors (void)
{
  struct {
    const char *args[10];
    const char *needle;
  } cases[] = {
    { { "deal", "--game", "nope", "--deal", "1" }, "unknown game 'nope'" },
    { { "deal", "--deal", "1" }, "--game" },
    { { "deal", "--game", "demon", "--deal", "1", "--bogus" }, "bogus" },
    { { "deal", "--game", "demon" }, "--deal" },
    { { "deal", "--game", "demon", "--deal", "1", "--deck", "AS" }, "--deal" },
    { { "deal", "--game", "demon", "--deal", "0" }, "out of range" },
    { { "deal", "--game", "demon", "--deal", "-1" }, "-1" },
    { { "deal", "--game", "demon", "--deal", "100000000000000000000" }, "out of range" },
    { { "deal", "--game", "demon", "--deal", "abc" }, "abc" },
    { { "deal", "--game", "demon", "--deal", "" }, "empty" },
    { { "deal", "--game", "demon", "--deck", "AS KS" }, "52 cards" },
    { { "deal", "--game", "demon", "--deck", "AS XS" }, "XS" },
    { { "deal", "--game", "demon", "--deck", "AS AS" }, "twice" },
    { { "deal", "--game", "demon", "--deal", "1", "--die", "maybe" }, "maybe" },
    { { "deal", "--game", "demon", "--deal", "1", "extra" }, "extra" },
    { { "replay", "--game", "penguin", "--deal", "1", "--moves", "q7>t1" },
      "move 1 (q7>t1): unknown pile" },
    { { "replay", "--game", "penguin", "--deal", "1", "--moves", "t9>t1" },
      "move 1 (t9>t1): unknown pile" },
    { { "replay", "--game", "penguin", "--deal", "1", "--moves", "t1" }, "move 1 (t1): " },
    { { "replay", "--game", "penguin", "--deal", "1", "--moves", "t1:0>t2" },
      "move 1 (t1:0>t2): " },
    { { "replay", "--game", "demon", "--deal", "5", "--moves", "s s t1>t4" }, "move 3 (t1>t4): " },
    { { "replay", "--game", "idiots-delight", "--deal", "5", "--moves", "t1+t2>x" },
      "move 1 (t1+t2>x): " },
    { { "solve", "--game", "demon", "--deal", "1", "--max-memory", "0" },
      "--max-memory takes 1 to 512 MiB, not '0'" },
    { { "solve", "--game", "demon", "--deal", "1", "--max-memory", "513" },
      "--max-memory takes 1 to 512 MiB, not '513'" },
    { { "solve", "--game", "demon", "--deal", "1", "--max-memory", "-1" },
      "--max-memory takes 1 to 512 MiB, not '-1'" },
    { { "solve", "--game", "demon", "--deal", "1", "--max-memory", "lots" }, "lots" },
    { { "solve", "--game", "demon", "--deal", "1", "--search-threads", "0" },
      "--search-threads takes 1 to 64, not 0" },
    { { "solve", "--game", "demon", "--deal", "1", "--search-threads", "65" },
      "--search-threads takes 1 to 64, not 65" },
    { { "simulate", "--game", "perpetual-motion", "--deals", "5..1" }, "empty" },
    { { "simulate", "--game", "perpetual-motion", "--deals", "1..10", "--threads", "0" },
      "threads" },
    { { "simulate", "--game", "penguin", "--deals", "1..10" }, "perpetual-motion" },
    { { "frobnicate" }, "unknown command" },
    { { NULL }, "no command" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0, };
      const char **a = cases[i].args;

      /* No command at all is bad input too, and says so on its one line. */
      run_cli (&run, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]);
      assert_bad_input (&run, cases[i].needle);
    }
}

/* Solving a deal of Demon from its start copies the root's empty line of moves. Under
 * -Db_sanitize=undefined (UBSAN_OPTIONS as meson test sets it: halt on error) this was the
 * reproducer of a memcpy() from NULL in stack_copy(); a sanitizer's report on stderr fails it
 * too. */
static void
test_solve_demon (void)
{
  g_auto(Run) run = { 0, };

  run_cli (&run, "solve", "--game", "demon", "--deal", "1", NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "{\"deal\":1,\"result\":\"solved\""));
}

/* --search-threads: a hard deal (Demon 3909, three a turn, lost after 5.8 million positions, past
 * the narrow search's 2 million) gets the same verdict on two threads as on one. */
static void
test_solve_search_threads (void)
{
  g_auto(Run) one = { 0, };
  g_auto(Run) two = { 0, };

  run_cli (&one, "solve", "--game", "demon", "--deal", "3909", "--max-memory", "512", NULL);
  run_cli (&two, "solve", "--game", "demon", "--deal", "3909", "--max-memory", "512",
           "--search-threads", "2", NULL);
  g_assert_cmpint (one.status, ==, 0);
  g_assert_cmpint (two.status, ==, 0);
  g_assert_true (g_str_has_prefix (one.out, "{\"deal\":3909,\"result\":\"unsolvable\","));
  g_assert_true (g_str_has_prefix (two.out, "{\"deal\":3909,\"result\":\"unsolvable\","));
}

/* --cpu-timeout counts the solving thread's CPU time: Demon deal 195 (won after some 17 million
 * positions) stops at a tenth of a CPU second with "limit"; every line gives its "cpu_ms"; it
 * does not go with --timeout. */
static void
test_solve_cpu_timeout (void)
{
  g_auto(Run) run = { 0, };
  g_auto(Run) both = { 0, };

  run_cli (&run, "solve", "--game", "demon", "--deal", "195", "--cpu-timeout", "0.1", "--summary",
           NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "{\"deal\":195,\"result\":\"limit\","));
  g_assert_nonnull (strstr (run.out, "\"cpu_ms\":"));
  g_assert_nonnull (strstr (run.out, "\"cpu_seconds\":"));
  run_cli (&both, "solve", "--game", "demon", "--deal", "195", "--cpu-timeout", "1", "--timeout",
           "1", NULL);
  assert_bad_input (&both, "--cpu-timeout");
}

/* --max-memory is the tables' budget: Demon deal 70, lost after about 490,000 positions, is
 * decided in 32 MiB and not in 4 (the default is 256). */
static void
test_solve_max_memory (void)
{
  g_auto(Run) enough = { 0, };
  g_auto(Run) short_of = { 0, };

  run_cli (&enough, "solve", "--game", "demon", "--deal", "70", "--max-memory", "32", NULL);
  g_assert_cmpint (enough.status, ==, 0);
  g_assert_true (g_str_has_prefix (enough.out, "{\"deal\":70,\"result\":\"unsolvable\","));
  run_cli (&short_of, "solve", "--game", "demon", "--deal", "70", "--max-memory", "4", NULL);
  g_assert_cmpint (short_of.status, ==, 0);
  g_assert_true (g_str_has_prefix (short_of.out, "{\"deal\":70,\"result\":\"limit\","));
}

/* The budget holds through both Demon searches, the wide one's thousands of stacks included:
 * deal 1155 in 12 MiB peaked at 12,585,872 bytes when the stacks' arrays were checked only after
 * they grew. */
static void
test_solve_memory_peak (void)
{
  g_auto(Run) run = { 0, };
  const char *peak;
  guint64 bytes;

  run_cli (&run, "solve", "--game", "demon", "--deal", "1155", "--max-memory", "12",
           "--max-nodes", "6000000", "--summary", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "{\"deal\":1155,\"result\":\"limit\","));
  peak = strstr (run.out, "\"peak_memory\":");
  g_assert_nonnull (peak);
  bytes = g_ascii_strtoull (peak + strlen ("\"peak_memory\":"), NULL, 10);
  g_assert_cmpuint (bytes, <=, 12 * 1024 * 1024);
  g_assert_cmpuint (bytes, >, 8 * 1024 * 1024);
}

/* solve rates deals only when asked (--difficulty), as the playouts cost more than the solver in
 * Black Hole: Black Hole deal 1 is unwinnable, deal 4 easy (test-difficulty). A game without
 * levels refuses the option. */
static void
test_solve_difficulty (void)
{
  g_auto(Run) lost = { 0, };
  g_auto(Run) won = { 0, };
  g_auto(Run) plain = { 0, };
  g_auto(Run) summary = { 0, };
  g_auto(Run) free_columns = { 0, };

  run_cli (&lost, "solve", "--game", "black-hole", "--deal", "1", "--difficulty", NULL);
  g_assert_cmpstr (lost.err, ==, "");
  g_assert_cmpint (lost.status, ==, 0);
  g_assert_true (g_str_has_prefix (lost.out, "{\"deal\":1,\"result\":\"unsolvable\","
                                             "\"difficulty\":\"unwinnable\",\"nodes\":"));
  run_cli (&won, "solve", "--game", "black-hole", "--deal", "4", "--difficulty", NULL);
  g_assert_cmpint (won.status, ==, 0);
  g_assert_true (g_str_has_prefix (won.out, "{\"deal\":4,\"result\":\"solved\","
                                            "\"difficulty\":\"easy\",\"nodes\":"));

  /* Not asked: the same verdict and line, without the level. */
  run_cli (&plain, "solve", "--game", "black-hole", "--deal", "4", NULL);
  g_assert_cmpint (plain.status, ==, 0);
  g_assert_true (g_str_has_prefix (plain.out, "{\"deal\":4,\"result\":\"solved\",\"nodes\":"));
  g_assert_null (strstr (plain.out, "difficulty"));
  g_assert_cmpstr (strstr (plain.out, "\"solution\":"), ==, strstr (won.out, "\"solution\":"));
  run_cli (&summary, "solve", "--game", "all-in-a-row", "--deals", "1..5", "--summary", NULL);
  g_assert_cmpint (summary.status, ==, 0);
  g_assert_null (strstr (summary.out, "difficulty"));
  g_assert_nonnull (strstr (summary.out, "\"cpu_seconds\":"));

  run_cli (&free_columns, "solve", "--game", "perpetual-motion-free", "--deal", "1",
           "--difficulty", NULL);
  assert_bad_input (&free_columns, "perpetual-motion-free has no difficulty levels");
}

/* deal --difficulty picks a deal at or after --from that solve rates at that level, prints it as
 * `deal --deal` does, and the same deal again when started from it. */
static void
test_deal_difficulty (void)
{
  const char *games[] = { "black-hole", "penguin" };
  const char *levels[] = { "easy", "medium", "hard" };
  guint g, l;

  for (g = 0; g < G_N_ELEMENTS (games); g++)
    for (l = 0; l < G_N_ELEMENTS (levels); l++)
      {
        g_auto(Run) run = { 0, };
        g_auto(Run) again = { 0, };
        g_auto(Run) plain = { 0, };
        g_auto(Run) solved = { 0, };
        g_autofree char *json = NULL;
        g_autofree char *expected = NULL;
        g_autofree char *number = NULL;
        g_autofree char *level = NULL;
        g_autoptr(GMatchInfo) match = NULL;
        g_autoptr(GRegex) regex = g_regex_new ("\\{\"deal\":([0-9]+),"
                                               "\"difficulty\":\"([a-z]+)\"\\}\n$", 0, 0, NULL);
        guint64 n;

        g_test_message ("%s %s", games[g], levels[l]);
        run_cli (&run, "deal", "--game", games[g], "--difficulty", levels[l], "--from", "20", NULL);
        g_assert_cmpstr (run.err, ==, "");
        g_assert_cmpint (run.status, ==, 0);
        g_assert_true (g_regex_match (regex, run.out, 0, &match));
        number = g_match_info_fetch (match, 1);
        level = g_match_info_fetch (match, 2);
        g_assert_cmpstr (level, ==, levels[l]);
        n = g_ascii_strtoull (number, NULL, 10);
        g_assert_cmpuint (n, >=, 20);

        /* The position is `deal --deal N`'s. */
        run_cli (&plain, "deal", "--game", games[g], "--deal", number, NULL);
        g_assert_cmpint (plain.status, ==, 0);
        g_assert_true (g_str_has_prefix (run.out, plain.out));
        g_assert_cmpuint (strlen (run.out), >, strlen (plain.out));

        /* solve agrees on the level. */
        run_cli (&solved, "solve", "--game", games[g], "--deal", number, "--difficulty", NULL);
        expected = g_strdup_printf ("\"result\":\"solved\",\"difficulty\":\"%s\"", levels[l]);
        g_assert_nonnull (strstr (solved.out, expected));

        /* From the deal found, the same deal. */
        run_cli (&again, "deal", "--game", games[g], "--difficulty", levels[l], "--from", number,
                 NULL);
        g_assert_cmpstr (again.out, ==, run.out);
      }
}

static void
test_deal_difficulty_errors (void)
{
  struct {
    const char *args[10];
    const char *needle;
  } cases[] = {
    { { "deal", "--game", "black-hole", "--difficulty", "extreme" },
      "easy, medium or hard, not 'extreme'" },
    { { "deal", "--game", "black-hole", "--difficulty", "unwinnable" }, "not 'unwinnable'" },
    { { "deal", "--game", "black-hole", "--from", "5" }, "--from goes with --difficulty" },
    { { "deal", "--game", "black-hole", "--difficulty", "easy", "--deal", "5" },
      "give --from N instead" },
    { { "deal", "--game", "black-hole", "--difficulty", "easy", "--from", "x" }, NULL },
    { { "deal", "--game", "perpetual-motion", "--difficulty", "easy" }, "no solver" },
    { { "bench-difficulty", "--game", "perpetual-motion" }, "a game with a solver" },
    /* Free Columns has a solver but no levels: every deal is won, by any player. */
    { { "deal", "--game", "perpetual-motion-free", "--difficulty", "easy" },
      "perpetual-motion-free has no difficulty levels" },
    { { "bench-difficulty", "--game", "perpetual-motion-free" }, "difficulty levels" },
    { { "bench-difficulty", "--game", "demon", "--deals", "5..1" }, NULL },
    { { "bench-difficulty", "--game", "penguin", "--timeout", "0" },
      "--timeout takes seconds, more than 0" },
    { { "bench-difficulty", "--game", "penguin", "--timeout", "-1" },
      "--timeout takes seconds, more than 0" },
    { { "bench-difficulty", "--game", "penguin", "--yardstick", "best" },
      "--yardstick takes greedy or rollout, not 'best'" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0, };
      const char **a = cases[i].args;

      run_cli (&run, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]);
      assert_bad_input (&run, cases[i].needle);
    }
}

/* bench-difficulty: one line per level, then the totals, whose counts add up. */
static void
test_bench_difficulty (void)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;

  run_cli (&run, "bench-difficulty", "--game", "black-hole", "--deals", "1..30", NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_assert_true (g_str_has_prefix (lines[0], "{\"game\":\"black-hole\",\"difficulty\":\"easy\","
                                             "\"deals\":"));
  g_assert_true (g_str_has_prefix (lines[1], "{\"game\":\"black-hole\",\"difficulty\":\"medium\","
                                             "\"deals\":"));
  g_assert_true (g_str_has_prefix (lines[2], "{\"game\":\"black-hole\",\"difficulty\":\"hard\","
                                             "\"deals\":"));
  /* Black Hole deals are all decided, within a fraction of a second each. */
  g_assert_true (g_str_has_prefix (lines[3], "{\"game\":\"black-hole\",\"yardstick\":\"rollout\","
                                             "\"deals\":30,\"winnable\":"));
  g_assert_nonnull (strstr (lines[3], "\"unknown\":0,"));
}

/* The number after @key in @line. */
static double
json_number (const char *line,
             const char *key)
{
  const char *at = strstr (line, key);

  g_assert_nonnull (at);
  return g_ascii_strtod (at + strlen (key), NULL);
}

/* bench-difficulty's totals say how far apart the yardstick's win rates of adjacent levels are:
 * the two-proportion z of the counts on the levels' lines. */
static void
test_bench_difficulty_z (void)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;
  double n[3], won[3];
  guint l;

  run_cli (&run, "bench-difficulty", "--game", "black-hole", "--deals", "1..40", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  for (l = 0; l < 3; l++)
    {
      n[l] = json_number (lines[l], "\"deals\":");
      won[l] = json_number (lines[l], "\"greedy_won\":");
      g_assert_cmpfloat (n[l], >, 0);
    }
  for (l = 0; l < 2; l++)
    {
      double p = (won[l] + won[l + 1]) / (n[l] + n[l + 1]);
      double se = sqrt (p * (1 - p) * (1 / n[l] + 1 / n[l + 1]));
      double z = se > 0 ? (won[l] / n[l] - won[l + 1] / n[l + 1]) / se : 0;

      g_assert_cmpfloat_with_epsilon (json_number (lines[3], l == 0 ? "\"z_easy_medium\":"
                                                                    : "\"z_medium_hard\":"),
                                      z, 0.006);
    }
}

/* The winnable deals' scores at or above @cut, over all of them. */
static double
share_at_or_above (GArray *scores,
                   double  cut)
{
  guint i, n = 0;

  for (i = 0; i < scores->len; i++)
    n += g_array_index (scores, double, i) >= cut;
  return (double) n / scores->len;
}

/* bench-difficulty's thresholds split the winnable deals nearest thirds that any score of theirs
 * could: no other score puts a share nearer a third (or two thirds) at or above it, so deals
 * sharing a score stay on one side. */
static void
test_bench_difficulty_cuts (void)
{
  g_auto(Run) run = { 0, };
  g_auto(GStrv) lines = NULL;
  g_autoptr(GArray) scores = g_array_new (FALSE, FALSE, sizeof (double));
  double easy_cut = -1, medium_cut = -1;
  guint i, j;

  run_cli (&run, "bench-difficulty", "--game", "black-hole", "--deals", "1..30", "--each", NULL);
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  for (i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "{\"deal\":") &&
        strstr (lines[i], "\"result\":\"solved\"") != NULL)
      {
        double score = json_number (lines[i], "\"score\":");

        g_array_append_val (scores, score);
      }
    else if (strstr (lines[i], "\"score_third\":") != NULL)
      {
        medium_cut = json_number (lines[i], "\"score_third\":");
        easy_cut = json_number (lines[i], "\"score_two_thirds\":");
      }
  g_assert_cmpuint (scores->len, >=, 20);
  g_assert_cmpfloat (easy_cut, >, medium_cut);
  for (j = 0; j < scores->len; j++)
    {
      double v = g_array_index (scores, double, j);

      g_assert_cmpfloat (fabs (share_at_or_above (scores, v) - 1.0 / 3), >=,
                         fabs (share_at_or_above (scores, easy_cut) - 1.0 / 3) - 1e-12);
      g_assert_cmpfloat (fabs (share_at_or_above (scores, v) - 2.0 / 3), >=,
                         fabs (share_at_or_above (scores, medium_cut) - 2.0 / 3) - 1e-12);
    }
}

/* The share of the winnable deals the yardstick won, from bench-difficulty's totals line. */
static double
yardstick_won_percent (const char *out)
{
  return json_number (out, "\"greedy_won_percent_winnable\":");
}

/* --yardstick: Black Hole's own is the rollout player, which wins far more of deals 1-30 than the
 * look-ahead greedy player does (10 of 26 against none). */
static void
test_bench_difficulty_yardstick (void)
{
  g_auto(Run) own = { 0, };
  g_auto(Run) greedy = { 0, };

  run_cli (&own, "bench-difficulty", "--game", "black-hole", "--deals", "1..30", NULL);
  run_cli (&greedy, "bench-difficulty", "--game", "black-hole", "--deals", "1..30", "--yardstick",
           "greedy", NULL);
  g_assert_cmpint (own.status, ==, 0);
  g_assert_cmpint (greedy.status, ==, 0);
  g_assert_nonnull (strstr (own.out, "{\"game\":\"black-hole\",\"yardstick\":\"rollout\","));
  g_assert_nonnull (strstr (greedy.out, "{\"game\":\"black-hole\",\"yardstick\":\"greedy\","));
  g_assert_cmpfloat (yardstick_won_percent (own.out), >,
                     3 * yardstick_won_percent (greedy.out) + 20);
}

/* Whatever the arguments hold — line breaks, control characters, bytes that are not UTF-8,
 * 120,000 characters — the error stays one short line, quoting them escaped and cut. */
static void
test_errors_quoted (void)
{
  g_autofree char *huge = g_strnfill (120000, 'g');
  g_autofree char *huge_option = g_strconcat ("--", huge, NULL);
  g_autofree char *huge_deal = g_strnfill (120000, '7');
  struct {
    const char *args[10];
    const char *needle;
  } cases[] = {
    { { "deal", "--game", "bad\ngame", "--deal", "1" }, "unknown game 'bad\\ngame'" },
    { { "deal", "--game", "tab\tand\rcr\x01", "--deal", "1" }, "'tab\\tand\\rcr\\x01'" },
    { { "deal", "--game", "back\\slash", "--deal", "1" }, "'back\\\\slash'" },
    { { "deal", "--game", "bad\xff", "--deal", "1" }, NULL },
    { { "bad\xff" }, "unknown command 'bad\\xff'" },
    { { "deal", "--game", huge, "--deal", "1" }, "gggg…' (games: " },
    { { "solve", "--game", huge, "--deal", "1" }, "gggg…' (games with a solver: " },
    { { "solve", "--game", "demon", "--deal", "1", "one\ntwo" },
      "unexpected argument 'one\\ntwo'" },
    { { "deal", "--game", "demon", "--deal", "1", "one\ntwo" }, "unexpected argument 'one\\ntwo'" },
    { { "deal", "--game", "demon", "--deal", "1\n2" }, "'1\\n2'" },
    { { "deal", "--game", "demon", "--deal", huge_deal }, "7777…' is out of range" },
    { { "deal", "--game", "demon", "--deal", "1", "--die", "a\nb" }, "not 'a\\nb'" },
    { { "deal", "--game", "demon", "--deal", "1", huge_option }, "…" },
    { { "deal", "--game", "demon", "--deal", "1", "--bo\ngus" }, "--bo\\ngus" },
    { { "deal", "--game", "demon", "--deal", "1", "--bogus" }, "error: unknown option --bogus" },
    { { "replay", "--game", "penguin", "--deal", "1", "--moves", "t1\x02>t2" },
      "move 1 (t1\\x02>t2): " },
    { { "solve", "--game", "demon", "--deal", "1", "--max-nodes", "x\ny" }, "not 'x\\ny'" },
    { { "new\nline" }, "unknown command 'new\\nline'" },
    { { huge }, "unknown command 'gggg" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0, };
      const char **a = cases[i].args;

      run_cli (&run, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]);
      assert_bad_input (&run, cases[i].needle);
    }
}

/* Runs each of @cases, a command line of at most 10 arguments and the text its one error line
 * must hold (or NULL), and checks that it is refused as bad input. */
typedef struct {
  const char *args[10];
  const char *needle;
} BadCase;

static void
assert_all_bad (const BadCase *cases,
                gsize          n_cases)
{
  gsize i;

  for (i = 0; i < n_cases; i++)
    {
      g_auto(Run) run = { 0, };
      const char *const *a = cases[i].args;

      run_cli (&run, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9]);
      assert_bad_input (&run, cases[i].needle);
    }
}

/* Every option that takes seconds goes through one parser: it refuses NaN and infinities alike,
 * and a number out of range gets the bound that number passed (issue 38). */
static void
test_errors_seconds (void)
{
  const BadCase cases[] = {
    { { "solve", "-g", "penguin", "-d", "1", "--timeout", "nan" },
      "--timeout takes seconds, a finite number, not 'nan'" },
    { { "solve", "-g", "penguin", "-d", "1", "--timeout", "-inf" },
      "--timeout takes seconds, a finite number, not '-inf'" },
    { { "solve", "-g", "penguin", "-d", "1", "--timeout=infinity" },
      "--timeout takes seconds, a finite number, not 'infinity'" },
    { { "solve", "-g", "penguin", "-d", "1", "--timeout", "1e300" },
      "--timeout takes seconds, at most 1000000000, not '1e300'" },
    { { "solve", "-g", "penguin", "-d", "1", "--timeout", "1e400" },
      "--timeout takes seconds, at most 1000000000, not '1e400'" },
    { { "solve", "-g", "penguin", "-d", "1", "--timeout", "-1" },
      "--timeout takes seconds, 0 or more, not '-1'" },
    { { "solve", "-g", "penguin", "-d", "1", "--timeout", "5s" },
      "--timeout takes seconds, a number, not '5s'" },
    { { "solve", "-g", "penguin", "-d", "1", "--timeout", "" },
      "--timeout takes seconds, a number, not ''" },
    { { "bench-difficulty", "-g", "penguin", "--timeout", "nan" },
      "--timeout takes seconds, a finite number, not 'nan'" },
    { { "bench-difficulty", "-g", "penguin", "--timeout", "NaN" },
      "--timeout takes seconds, a finite number, not 'NaN'" },
    { { "bench-difficulty", "-g", "penguin", "--timeout", "inf" },
      "--timeout takes seconds, a finite number, not 'inf'" },
    { { "bench-difficulty", "-g", "penguin", "--timeout=-infinity" },
      "--timeout takes seconds, a finite number, not '-infinity'" },
    { { "bench-difficulty", "-g", "penguin", "--timeout", "1e300" },
      "--timeout takes seconds, at most 1000000, not '1e300'" },
    { { "bench-difficulty", "-g", "penguin", "--timeout", "0" },
      "--timeout takes seconds, more than 0, not '0'" },
    { { "bench-difficulty", "-g", "penguin", "--timeout", "x" },
      "--timeout takes seconds, a number, not 'x'" },
  };
  g_auto(Run) solve = { 0, };
  g_auto(Run) bench = { 0, };

  assert_all_bad (cases, G_N_ELEMENTS (cases));

  /* The bounds themselves are taken. */
  run_cli (&solve, "solve", "-g", "penguin", "-d", "1", "--timeout", "1000000000", NULL);
  g_assert_cmpint (solve.status, ==, 0);
  g_assert_true (g_str_has_prefix (solve.out, "{\"deal\":1,\"result\":\"solved\""));
  run_cli (&bench, "bench-difficulty", "-g", "penguin", "--deals", "1..2", "--timeout", "1e6",
           NULL);
  g_assert_cmpint (bench.status, ==, 0);
  g_assert_nonnull (strstr (bench.out, "\"deals\":2,"));
}

/* --die on a game without a Die of Justice is refused by every command that takes it, naming
 * the game, as other options that do not fit the game are (issue 38). */
static void
test_errors_die (void)
{
  const BadCase cases[] = {
    { { "deal", "-g", "penguin", "-d", "1", "--die", "game" },
      "--die: penguin has no Die of Justice" },
    { { "deal", "-g", "black-hole", "-d", "1", "--die", "off" },
      "--die: black-hole has no Die of Justice" },
    { { "deal", "-g", "penguin", "--difficulty", "easy", "--die", "pass" },
      "--die: penguin has no Die of Justice" },
    { { "replay", "-g", "penguin", "-d", "1", "--die", "pass", "-m", "t1>f" },
      "--die: penguin has no Die of Justice" },
    { { "solve", "-g", "penguin", "-d", "1", "--die", "game" },
      "--die: penguin has no Die of Justice" },
    { { "bench-difficulty", "-g", "penguin", "--die", "game" },
      "--die: penguin has no Die of Justice" },
  };
  g_auto(Run) off = { 0, };
  g_auto(Run) game = { 0, };

  assert_all_bad (cases, G_N_ELEMENTS (cases));

  /* Demon takes it: the die's roll is part of the position. */
  run_cli (&off, "deal", "-g", "demon", "-d", "1", NULL);
  run_cli (&game, "deal", "-g", "demon", "-d", "1", "--die", "game", NULL);
  g_assert_cmpint (off.status, ==, 0);
  g_assert_cmpint (game.status, ==, 0);
  g_assert_null (strstr (off.out, "\nDie: "));
  g_assert_nonnull (strstr (game.out, "\nDie: "));
}

/* `help COMMAND` is `COMMAND --help`; an unknown command after help is bad input (issue 38). */
static void
test_help_command (void)
{
  const BadCase cases[] = {
    { { "help", "nosuch" }, "unknown command 'nosuch' (`patience-cli help` lists the commands)" },
    { { "--help", "nosuch" }, "unknown command 'nosuch' (`patience-cli help` lists the commands)" },
    { { "help", "no\nsuch\xff" }, "unknown command 'no\\nsuch\\xff'" },
    { { "help", "deal", "extra" }, "unexpected argument 'extra'" },
  };
  g_auto(Run) all = { 0, };
  g_auto(Run) deal = { 0, };
  g_auto(Run) deal_help = { 0, };

  assert_all_bad (cases, G_N_ELEMENTS (cases));

  run_cli (&all, "help", NULL);
  g_assert_cmpint (all.status, ==, 0);
  g_assert_true (g_str_has_prefix (all.out, "Usage: patience-cli COMMAND"));
  run_cli (&deal, "help", "deal", NULL);
  run_cli (&deal_help, "deal", "--help", NULL);
  g_assert_cmpint (deal.status, ==, 0);
  g_assert_nonnull (strstr (deal.out, "--difficulty"));
  g_assert_cmpstr (deal.out, ==, deal_help.out);
}

/* An argument that is not UTF-8 gets an error naming its option, whichever the command and
 * however the option is written (issue 38). */
static void
test_errors_utf8 (void)
{
  const BadCase cases[] = {
    { { "deal", "--game", "bad\xff", "-d", "1" }, "--game takes UTF-8 text, not 'bad\\xff'" },
    { { "deal", "-g", "bad\xff", "-d", "1" }, "--game takes UTF-8 text, not 'bad\\xff'" },
    { { "deal", "--game=bad\xff", "-d", "1" }, "--game takes UTF-8 text, not 'bad\\xff'" },
    { { "deal", "-g", "demon", "--deal", "1\xc3" }, "--deal takes UTF-8 text, not '1\\xc3'" },
    { { "deal", "-g", "demon", "--deck", "AS\n\xfe" },
      "--deck takes UTF-8 text, not 'AS\\n\\xfe'" },
    { { "deal", "-g", "demon", "-d", "1", "--die", "\xff" },
      "--die takes UTF-8 text, not '\\xff'" },
    { { "deal", "-g", "demon", "--difficulty", "\xff" }, "--difficulty takes UTF-8 text" },
    { { "deal", "-g", "demon", "--difficulty", "easy", "--from", "\xff" }, "--from takes UTF-8" },
    { { "replay", "-g", "bad\xff", "-d", "1" }, "--game takes UTF-8 text, not 'bad\\xff'" },
    { { "replay", "-g", "penguin", "-d", "1", "-m", "t1>f \xff" }, "--moves takes UTF-8 text" },
    { { "play", "-g", "bad\xff", "-d", "1" }, "--game takes UTF-8 text, not 'bad\\xff'" },
    { { "simulate", "-g", "bad\xff", "--deals", "1..2" }, "--game takes UTF-8 text" },
    { { "simulate", "-g", "perpetual-motion", "--deals", "1..\xff" }, "--deals takes UTF-8 text" },
    { { "solve", "-g", "bad\xff", "-d", "1" }, "--game takes UTF-8 text, not 'bad\\xff'" },
    { { "solve", "-g", "demon", "-d", "1", "--max-nodes", "\xff" }, "--max-nodes takes UTF-8" },
    { { "solve", "-g", "demon", "-d", "1", "--max-memory", "\xff" }, "--max-memory takes UTF-8" },
    { { "solve", "-g", "demon", "-d", "1", "--timeout", "\xff" }, "--timeout takes UTF-8" },
    { { "bench", "-g", "bad\xff" }, "--game takes UTF-8 text, not 'bad\\xff'" },
    { { "bench-difficulty", "-g", "bad\xff" }, "--game takes UTF-8 text, not 'bad\\xff'" },
    { { "bench-difficulty", "-g", "demon", "--yardstick", "\xff" }, "--yardstick takes UTF-8" },
    { { "bench-difficulty", "-g", "demon", "--timeout", "\xff" }, "--timeout takes UTF-8" },
  };

  assert_all_bad (cases, G_N_ELEMENTS (cases));
}

/* Whether the help line @line names game @id as a whole item of its list "(a, b, c)". */
static gboolean
lists_game (const char *line,
            const char *id)
{
  gsize len = strlen (id);
  const char *p;

  for (p = strstr (line, id); p != NULL; p = strstr (p + 1, id))
    if (p > line && (p[-1] == '(' || p[-1] == ' ') && (p[len] == ',' || p[len] == ')'))
      return TRUE;
  return FALSE;
}

/* Every command's help, whose --game line lists the registered games: all of them, those with
 * a solver for solve, those with difficulty levels for bench-difficulty. */
static void
test_help (void)
{
  const char *commands[] = {
    "deal", "replay", "play", "simulate", "solve", "bench", "bench-difficulty"
  };
  g_auto(Run) top = { 0, };
  const PatRules *const *all;
  guint n, i, g;

  all = pat_rules_all (&n);
  run_cli (&top, "--help", NULL);
  g_assert_cmpint (top.status, ==, 0);
  for (i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) run = { 0, };
      gboolean solving = strcmp (commands[i], "solve") == 0;
      gboolean levels = strcmp (commands[i], "bench-difficulty") == 0;
      g_autofree char *line = NULL;
      const char *start, *end;

      g_assert_nonnull (strstr (top.out, commands[i]));
      run_cli (&run, commands[i], "--help", NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, commands[i]));
      start = strstr (run.out, "--game");
      g_assert_nonnull (start);
      end = strchr (start, '\n');
      line = g_strndup (start, end != NULL ? (gsize) (end - start) : strlen (start));
      for (g = 0; g < n; g++)
        {
          g_test_message ("%s: %s", commands[i], all[g]->id);
          if ((solving && !pat_solver_supports (all[g])) ||
              (levels && (!pat_solver_supports (all[g]) || all[g]->difficulty == NULL)))
            g_assert_false (lists_game (line, all[g]->id));
          else
            g_assert_true (lists_game (line, all[g]->id));
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/deal/black-hole", test_deal_black_hole);
  g_test_add_func ("/cli/deal/all-in-a-row", test_deal_all_in_a_row);
  g_test_add_func ("/cli/deal/deck", test_deal_by_deck);
  g_test_add_func ("/cli/replay", test_replay);
  g_test_add_func ("/cli/replay/perpetual-motion", test_replay_perpetual_motion);
  g_test_add_func ("/cli/play", test_play);
  g_test_add_func ("/cli/simulate", test_simulate);
  g_test_add_func ("/cli/bench", test_bench);
  g_test_add_func ("/cli/solve/demon", test_solve_demon);
  g_test_add_func ("/cli/solve/difficulty", test_solve_difficulty);
  g_test_add_func ("/cli/solve/max-memory", test_solve_max_memory);
  g_test_add_func ("/cli/solve/search-threads", test_solve_search_threads);
  g_test_add_func ("/cli/solve/cpu-timeout", test_solve_cpu_timeout);
  g_test_add_func ("/cli/solve/memory-peak", test_solve_memory_peak);
  g_test_add_func ("/cli/deal/difficulty", test_deal_difficulty);
  g_test_add_func ("/cli/deal/difficulty-errors", test_deal_difficulty_errors);
  g_test_add_func ("/cli/bench-difficulty", test_bench_difficulty);
  g_test_add_func ("/cli/bench-difficulty/cuts", test_bench_difficulty_cuts);
  g_test_add_func ("/cli/bench-difficulty/z", test_bench_difficulty_z);
  g_test_add_func ("/cli/bench-difficulty/yardstick", test_bench_difficulty_yardstick);
  g_test_add_func ("/cli/errors", test_errors);
  g_test_add_func ("/cli/errors/quoted", test_errors_quoted);
  g_test_add_func ("/cli/errors/seconds", test_errors_seconds);
  g_test_add_func ("/cli/errors/die", test_errors_die);
  g_test_add_func ("/cli/errors/utf8", test_errors_utf8);
  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/help/command", test_help_command);

  return g_test_run ();
}
