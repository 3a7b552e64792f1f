/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes the fuzz targets' seed corpora: saves, matches and statistics made by the model itself. */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "pat-match.h"
#include "pat-stats.h"

/* Usage: fuzz-make-corpus DIR — writes DIR/fuzz-game, DIR/fuzz-match and DIR/fuzz-stats (the text
 * seeds of fuzz-cli are written by hand). */

static const char *out_dir;

static void
write_bytes (const char *target,
             const char *name,
             GBytes     *bytes)
{
  g_autofree char *dir = g_build_filename (out_dir, target, NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  g_mkdir_with_parents (dir, 0755);
  g_file_set_contents (path, data, size, &error);
  g_assert_no_error (error);
}

static void
write_variant (const char *target,
               const char *name,
               GVariant   *variant)
{
  g_autoptr(GVariant) normal = g_variant_get_normal_form (variant);
  g_autoptr(GBytes) bytes = g_variant_get_data_as_bytes (normal);

  write_bytes (target, name, bytes);
}

/* The same save in format 1, before the assisted flag: the payload without its last field. */
static void
write_format_1 (const char *name,
                PatGame    *game)
{
  g_autoptr(GVariant) saved = g_variant_ref_sink (pat_game_serialize (game));
  g_autoptr(GVariant) boxed = g_variant_get_child_value (saved, 2);
  g_autoptr(GVariant) payload = g_variant_get_variant (boxed);
  gsize n = g_variant_n_children (payload);
  g_autofree GVariant **fields = g_new0 (GVariant *, n - 1);
  g_autoptr(GVariant) old = NULL;
  GVariant *tuple;

  for (gsize i = 0; i < n - 1; i++)
    fields[i] = g_variant_get_child_value (payload, i);
  tuple = g_variant_new_tuple (fields, n - 1);
  for (gsize i = 0; i < n - 1; i++)
    g_variant_unref (fields[i]);
  old = g_variant_ref_sink (g_variant_new ("(su@v)", "io.github.patience.Patience.Game",
                                           (guint32) 1, g_variant_new_variant (tuple)));
  write_variant ("fuzz-game", name, old);
}

/* Plays the first legal move (or the @pick-th) up to @n times. */
static void
play_moves (PatGame *game,
            guint    n,
            guint    pick)
{
  for (guint i = 0; i < n; i++)
    {
      PatMoveList moves;

      pat_game_legal_moves (game, &moves);
      if (moves.n == 0)
        break;
      g_assert_true (pat_game_apply (game, &moves.moves[(pick + i) % moves.n], NULL));
    }
}

static void
make_games (void)
{
  const PatRules *const *all;
  guint n_rules;

  all = pat_rules_all (&n_rules);
  for (guint r = 0; r < n_rules; r++)
    {
      const char *id = all[r]->id;
      PatDealNumber deal = pat_deal_number_from_uint (1000 + r);
      PatOptions options = { r % 2 == 0 ? PAT_DIE_OFF : PAT_DIE_PER_PASS };
      g_autoptr(PatGame) game = pat_game_new (id, &deal, &options);
      g_autoptr(GBytes) fresh = pat_game_save_to_bytes (game);
      g_autoptr(GBytes) played = NULL;
      g_autofree char *name = NULL;

      name = g_strdup_printf ("%s-new.gvariant", id);
      write_bytes ("fuzz-game", name, fresh);

      /* A few moves, one undone (so there is a redo), a hint used. */
      play_moves (game, 12, r);
      pat_game_undo (game);
      pat_game_add_hint_used (game);
      played = pat_game_save_to_bytes (game);
      g_free (name);
      name = g_strdup_printf ("%s-played.gvariant", id);
      write_bytes ("fuzz-game", name, played);
      g_free (name);
      name = g_strdup_printf ("%s-format1.gvariant", id);
      write_format_1 (name, game);
    }

  /* A game dealt from an explicit deck, and one from a deal number past 64 bits. */
  {
    PatCard deck[PAT_N_CARDS];
    PatDealNumber big = { 12345, 5 };
    g_autoptr(PatGame) game = NULL;
    g_autoptr(PatGame) big_game = NULL;
    g_autoptr(GBytes) bytes = NULL;
    g_autoptr(GBytes) big_bytes = NULL;

    for (guint i = 0; i < PAT_N_CARDS; i++)
      deck[i] = PAT_N_CARDS - 1 - i;
    game = pat_game_new_from_deck ("black-hole", deck, NULL);
    play_moves (game, 20, 0);
    bytes = pat_game_save_to_bytes (game);
    write_bytes ("fuzz-game", "black-hole-deck.gvariant", bytes);

    big_game = pat_game_new ("demon", &big, NULL);
    play_moves (big_game, 40, 1);
    big_bytes = pat_game_save_to_bytes (big_game);
    write_bytes ("fuzz-game", "demon-big-deal.gvariant", big_bytes);
  }

  /* A game after its opening: the cards the board takes up at the deal (Penguin 931880326's two
   * eights), so no history starts at the deal itself. */
  {
    PatDealNumber deal = pat_deal_number_from_uint (931880326);
    g_autoptr(PatGame) game = pat_game_new ("penguin", &deal, NULL);
    const PatRules *rules = pat_game_get_rules (game);
    g_autoptr(GBytes) bytes = NULL;
    gboolean again = TRUE;

    while (again)
      {
        PatMoveList moves;

        again = FALSE;
        pat_game_legal_moves (game, &moves);
        for (guint i = 0; i < moves.n && !again; i++)
          if (moves.moves[i].kind == PAT_MOVE_CARDS &&
              rules->layout->piles[moves.moves[i].to].kind == PAT_PILE_FOUNDATION)
            again = pat_game_apply_opening (game, &moves.moves[i], NULL);
      }
    bytes = pat_game_save_to_bytes (game);
    write_bytes ("fuzz-game", "penguin-opening.gvariant", bytes);
  }

  /* A game whose moves sent cards up after them (pat_game_apply_follow_up(), as the board's
   * auto-foundation does), so that some steps of its history are a move and moves to the
   * foundations. */
  {
    PatDealNumber deal = pat_deal_number_from_uint (1);
    g_autoptr(PatGame) game = pat_game_new ("demon", &deal, NULL);
    const PatRules *rules = pat_game_get_rules (game);
    g_autoptr(GBytes) bytes = NULL;
    guint follow_ups = 0;

    for (guint m = 0; m < 60 && pat_game_get_status (game) == PAT_STATUS_PLAYING; m++)
      {
        PatMoveList moves;
        gboolean again = TRUE;

        pat_game_legal_moves (game, &moves);
        if (moves.n == 0)
          break;
        g_assert_true (pat_game_apply (game, &moves.moves[(m * 7) % moves.n], NULL));
        while (again && pat_game_get_status (game) == PAT_STATUS_PLAYING)
          {
            again = FALSE;
            pat_game_legal_moves (game, &moves);
            for (guint i = 0; i < moves.n && !again; i++)
              if (moves.moves[i].kind == PAT_MOVE_CARDS &&
                  rules->layout->piles[moves.moves[i].to].kind == PAT_PILE_FOUNDATION)
                again = pat_game_apply_follow_up (game, &moves.moves[i], NULL);
            follow_ups += again;
          }
      }
    g_assert_cmpuint (follow_ups, >, 0);
    bytes = pat_game_save_to_bytes (game);
    write_bytes ("fuzz-game", "demon-follow-ups.gvariant", bytes);
  }
}

static void
make_matches (void)
{
  static const char *const two[] = { "Ann", "Bob", NULL };
  static const char *const four[] = { "Ann", "Bob", "Cy", "Di", NULL };
  static const guint split[] = { 0, 1, 0, 1 };
  static const char *const teams[] = { "North", "South", NULL };
  g_autoptr(PatMatch) fresh = pat_match_new (two, NULL);
  g_autoptr(PatMatch) team_match = pat_match_new_with_teams (four, split, teams, NULL);
  g_autoptr(PatMatch) won = pat_match_new (two, NULL);
  g_autoptr(GBytes) a = NULL;
  g_autoptr(GBytes) b = NULL;
  g_autoptr(GBytes) c = NULL;
  PatOptions die = { PAT_DIE_PER_GAME };

  a = pat_match_save_to_bytes (fresh);
  write_bytes ("fuzz-match", "two-players-new.gvariant", a);

  /* Teams, the die, a few turns, the current player's game under way. */
  pat_match_set_options (team_match, &die);
  pat_match_set_seed (team_match, 42);
  for (guint i = 0; i < 5; i++)
    g_assert_true (pat_match_record_score (team_match, (int) (i * 17) - 20, NULL));
  play_moves (pat_match_get_game (team_match), 6, 0);
  b = pat_match_save_to_bytes (team_match);
  write_bytes ("fuzz-match", "teams-playing.gvariant", b);

  /* Won, after a tie-break. */
  pat_match_set_target (won, 100);
  pat_match_set_same_deal (won, FALSE);
  g_assert_true (pat_match_record_score (won, 100, NULL));
  g_assert_true (pat_match_record_score (won, 100, NULL));
  g_assert_true (pat_match_record_score (won, 20, NULL));
  g_assert_true (pat_match_record_score (won, 10, NULL));
  c = pat_match_save_to_bytes (won);
  write_bytes ("fuzz-match", "won-after-tie.gvariant", c);
}

/* A fuzz-stats input: @kind ('h' for the history file, 's' for the old settings key), then
 * @bytes. */
static void
write_stats_input (const char *name,
                   char        kind,
                   GBytes     *bytes)
{
  g_autoptr(GByteArray) input = g_byte_array_new ();
  g_autoptr(GBytes) whole = NULL;
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  g_byte_array_append (input, (const guint8 *) &kind, 1);
  g_byte_array_append (input, data, (guint) size);
  whole = g_byte_array_free_to_bytes (g_steal_pointer (&input));
  write_bytes ("fuzz-stats", name, whole);
}

static void
write_stats_variant (const char *name,
                     GVariant   *variant)
{
  g_autoptr(GVariant) normal = g_variant_get_normal_form (variant);
  g_autoptr(GBytes) bytes = g_variant_get_data_as_bytes (normal);

  write_stats_input (name, 's', bytes);
}

static void
make_stats (void)
{
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(PatStore) store = NULL;
  g_autoptr(PatStats) stats = NULL;
  g_autoptr(GVariant) old = NULL;
  g_autoptr(GBytes) history_file = NULL;
  g_autofree char *dir = g_dir_make_tmp ("patience-corpus-XXXXXX", NULL);
  g_autofree char *history_path = g_build_filename (dir, "history.gvariant", NULL);
  g_autofree char *contents = NULL;
  gsize length;
  GVariantBuilder all, game, history;

  g_setenv ("GSETTINGS_SCHEMA_DIR", FUZZ_SCHEMA_DIR, TRUE);
  backend = g_memory_settings_backend_new ();
  settings = g_settings_new_with_backend (APP_ID, backend);
  store = pat_store_new (dir);
  stats = pat_stats_new (settings, store);

  /* Wins, losses, an assisted game, hints, on two games: the history file. */
  for (guint i = 0; i < 8; i++)
    {
      PatResult result = { 0 };

      result.date = 1700000000 + i * 3600;
      g_snprintf (result.deal, sizeof result.deal, "%u", 100 + i);
      result.assisted = i == 5;
      result.won = !result.assisted && i % 3 != 1;
      result.time = 60 + i;
      result.moves = 30 + i;
      result.score = (int) i * 7 - 10;
      result.hints_used = i == 2;
      pat_stats_record (stats, i % 2 ? "demon" : "black-hole", &result);
    }
  pat_store_flush (store);
  g_assert_true (g_file_get_contents (history_path, &contents, &length, NULL));
  history_file = g_bytes_new_take (g_steal_pointer (&contents), length);
  write_stats_input ("history-two-games.gvariant", 'h', history_file);
  g_remove (history_path);
  g_rmdir (dir);

  /* The old key, empty, and with a history as versions before the Demo wrote it. */
  write_stats_variant ("old-empty.gvariant", g_variant_new ("a{sv}", NULL));
  g_variant_builder_init (&history, G_VARIANT_TYPE ("a(xsbuuiu)"));
  g_variant_builder_add (&history, "(xsbuuiu)", (gint64) 1600000000, "7", TRUE, 90u, 50u, 3, 0u);
  g_variant_builder_add (&history, "(xsbuuiu)", (gint64) -5, "", FALSE, 0u, 1u, -2, 4u);
  g_variant_builder_init (&game, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&game, "{sv}", "played", g_variant_new_uint32 (2));
  g_variant_builder_add (&game, "{sv}", "won", g_variant_new_uint32 (1));
  g_variant_builder_add (&game, "{sv}", "lost", g_variant_new_uint32 (1));
  g_variant_builder_add (&game, "{sv}", "streak", g_variant_new_int32 (-1));
  g_variant_builder_add (&game, "{sv}", "best-time", g_variant_new_uint32 (90));
  g_variant_builder_add (&game, "{sv}", "fewest-moves", g_variant_new_uint32 (50));
  g_variant_builder_add (&game, "{sv}", "total-score", g_variant_new_int64 (1));
  g_variant_builder_add (&game, "{sv}", "history", g_variant_builder_end (&history));
  g_variant_builder_init (&all, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&all, "{sv}", "penguin", g_variant_builder_end (&game));
  g_variant_builder_add (&all, "{sv}", "odd \"name\",", g_variant_new_uint32 (3));
  old = g_variant_ref_sink (g_variant_builder_end (&all));
  write_stats_variant ("old-history.gvariant", old);
}

int
main (int    argc,
      char **argv)
{
  if (argc != 2)
    {
      g_printerr ("usage: %s DIR\n", argv[0]);
      return 2;
    }
  out_dir = argv[1];
  make_games ();
  make_matches ();
  make_stats ();
  return 0;
}
