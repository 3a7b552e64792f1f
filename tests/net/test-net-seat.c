/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of PatNetSeat against a real PatNetHost on 127.0.0.1, in one process: the lobby, a
 * round's replayed game, the live table, refusals in words, trust on first use, dropping and
 * rejoining, and the seat saved to a file and taken back. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pat-greedy.h"
#include "pat-net-cert.h"
#include "pat-net-host.h"
#include "pat-net-seat.h"

#define CODE "TESTCASE"
#define WAIT_SECONDS 120

static char *tmp_dir;
static char *cert_dir;
static GTlsCertificate *certificate;
static char *fingerprint;

/* Runs the main loop until @cond holds, failing the test after WAIT_SECONDS. */
#define WAIT_UNTIL(cond)                                                                   \
  G_STMT_START {                                                                           \
    gint64 deadline_ = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;            \
    while (!(cond))                                                                        \
      {                                                                                    \
        if (g_get_monotonic_time () >= deadline_)                                          \
          g_error ("timed out waiting for %s", #cond);                                     \
        g_main_context_iteration (NULL, TRUE);                                             \
      }                                                                                    \
  } G_STMT_END

static PatNetHostSettings
host_settings (guint n_players,
               int   target)
{
  PatNetHostSettings settings = { 0, };

  settings.name = "Test match";
  settings.code = CODE;
  settings.target = target;
  settings.n_players = n_players;
  settings.first_deal = pat_deal_number_from_uint (17);
  settings.round_pause_ms = 10;
  settings.wrong_code_delay_ms = 20;
  return settings;
}

static PatNetHost *
new_host (guint n_players,
          int   target)
{
  PatNetHostSettings settings = host_settings (n_players, target);
  g_autoptr(GError) error = NULL;
  PatNetHost *host;

  host = pat_net_host_new (&settings, certificate, &error);
  g_assert_no_error (error);
  pat_net_host_listen (host, "127.0.0.1", 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pat_net_host_get_port (host), >, 0);
  return host;
}

/* What one seat went through, as its signals told it. */
typedef struct {
  PatNetSeat *seat;
  guint       rounds_started;
  guint       rounds_ended;
  guint       matches_ended;
  guint       rejoins;
  guint       resent;
  guint       reconnects;
  char       *refused;
  guint       greedy;       /* plays each round with the greedy player, at most this many
                             * moves, then ends it; 0: plays nothing */
  PatSeen     seen;
  guint       play_id;
} Seat;

static gboolean
play_cb (gpointer user_data)
{
  Seat *s = user_data;
  PatGame *game = pat_net_seat_get_game (s->seat);
  PatMove move;

  if (pat_net_seat_get_state (s->seat) != PAT_NET_SEAT_PLAYING)
    {
      s->play_id = 0;
      return G_SOURCE_REMOVE;
    }
  if (pat_game_get_moves (game) >= s->greedy ||
      !pat_greedy_next_move (pat_game_get_rules (game), pat_game_get_state (game), &s->seen,
                             &move))
    {
      pat_net_seat_end_round (s->seat);
      s->play_id = 0;
      return G_SOURCE_REMOVE;
    }
  g_assert_true (pat_game_apply (game, &move, NULL));
  pat_seen_add (&s->seen, pat_state_hash (pat_game_get_state (game)));
  return G_SOURCE_CONTINUE;
}

static void
round_started_cb (PatNetSeat *seat,
                  PatGame    *game,
                  Seat       *s)
{
  g_assert_true (game == pat_net_seat_get_game (seat));
  s->rounds_started++;
  if (s->greedy > 0)
    {
      pat_seen_clear (&s->seen);
      pat_seen_add (&s->seen, pat_state_hash (pat_game_get_state (game)));
      if (s->play_id == 0)
        s->play_id = g_idle_add (play_cb, s);
    }
}

static void
round_ended_cb (PatNetSeat *seat,
                Seat       *s)
{
  s->rounds_ended++;
}

static void
match_ended_cb (PatNetSeat *seat,
                Seat       *s)
{
  s->matches_ended++;
}

static void
rejoined_cb (PatNetSeat *seat,
             guint       resent,
             Seat       *s)
{
  s->rejoins++;
  s->resent += resent;
}

static void
reconnecting_cb (PatNetSeat *seat,
                 guint       attempt,
                 guint       delay_ms,
                 const char *why,
                 Seat       *s)
{
  g_assert_cmpuint (attempt, >, 0);
  g_assert_cmpuint (delay_ms, <=, 5000);
  s->reconnects++;
}

static void
move_refused_cb (PatNetSeat *seat,
                 const char *why,
                 Seat       *s)
{
  g_free (s->refused);
  s->refused = g_strdup (why);
}

static void
seat_watch (Seat       *s,
            PatNetSeat *seat)
{
  memset (s, 0, sizeof *s);
  pat_seen_init (&s->seen);
  s->seat = seat;
  g_signal_connect (seat, "round-started", G_CALLBACK (round_started_cb), s);
  g_signal_connect (seat, "round-ended", G_CALLBACK (round_ended_cb), s);
  g_signal_connect (seat, "match-ended", G_CALLBACK (match_ended_cb), s);
  g_signal_connect (seat, "rejoined", G_CALLBACK (rejoined_cb), s);
  g_signal_connect (seat, "reconnecting", G_CALLBACK (reconnecting_cb), s);
  g_signal_connect (seat, "move-refused", G_CALLBACK (move_refused_cb), s);
}

static void
seat_open (Seat       *s,
           PatNetHost *host,
           const char *name,
           const char *code,
           const char *pin)
{
  g_autoptr(PatNetClient) client = NULL;

  client = pat_net_client_new ("127.0.0.1", pat_net_host_get_port (host), pin);
  seat_watch (s, pat_net_seat_new (client, name, -1, code));
  g_assert_cmpint (pat_net_seat_get_state (s->seat), ==, PAT_NET_SEAT_CONNECTING);
  g_assert_cmpint (pat_net_seat_get_player (s->seat), ==, -1);
  pat_net_seat_start (s->seat);
}

static void
seat_clear (Seat *s)
{
  g_clear_handle_id (&s->play_id, g_source_remove);
  if (s->seat != NULL)
    g_signal_handlers_disconnect_by_data (s->seat, s);
  g_clear_object (&s->seat);
  g_clear_pointer (&s->refused, g_free);
  pat_seen_free (&s->seen);
}

static PatNetSeatPlayer *
row (PatNetSeat *seat,
     guint       id)
{
  GListModel *players = pat_net_seat_get_players (seat);
  g_autoptr(PatNetSeatPlayer) player = NULL;

  g_assert_cmpuint (id, <, g_list_model_get_n_items (players));
  player = g_list_model_get_item (players, id);
  g_assert_cmpuint (pat_net_seat_player_get_id (player), ==, id);
  return player;   /* the list keeps it */
}

static guint
foundation_cards (PatGame *game)
{
  const PatRules *rules = pat_game_get_rules (game);
  const PatState *state = pat_game_get_state (game);
  guint n = 0;
  guint p;

  for (p = 0; p < rules->layout->n_piles; p++)
    if (rules->layout->piles[p].kind == PAT_PILE_FOUNDATION)
      n += pat_state_pile_len (state, p);
  return n;
}

/* Plays the first legal move that is not turning the stock, else the first. */
static void
play_one (PatGame *game)
{
  g_autoptr(GError) error = NULL;
  PatMoveList moves;

  moves.n = 0;
  pat_game_legal_moves (game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  pat_game_apply (game, &moves.moves[moves.n - 1], &error);
  g_assert_no_error (error);
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* Two join a match of three: welcome, the lobby's rows, and refusals in words. */
static void
test_lobby (void)
{
  g_autoptr(PatNetHost) host = new_host (3, 50);
  PatNetSeatPlayer *ann_row;
  guint ann_notifies = 0, ann_tables = 0, bob_tables = 0;
  Seat ann, bob, again, wrong;

  seat_open (&ann, host, "Ann", CODE, fingerprint);
  WAIT_UNTIL (pat_net_seat_get_state (ann.seat) == PAT_NET_SEAT_LOBBY &&
              g_list_model_get_n_items (pat_net_seat_get_players (ann.seat)) == 1);
  /* The lobby told again as Bob joins changes nothing in Ann's row: no notification. */
  g_signal_connect (row (ann.seat, 0), "notify", G_CALLBACK (count_notify_cb), &ann_notifies);
  g_signal_connect_swapped (ann.seat, "table-changed", G_CALLBACK (count_cb), &ann_tables);
  seat_open (&bob, host, "Bob", CODE, fingerprint);
  WAIT_UNTIL (g_list_model_get_n_items (pat_net_seat_get_players (ann.seat)) == 2 &&
              g_list_model_get_n_items (pat_net_seat_get_players (bob.seat)) == 2);
  g_assert_cmpuint (ann_notifies, ==, 0);
  g_assert_cmpuint (ann_tables, >, 0);

  g_assert_cmpint (pat_net_seat_get_player (ann.seat), ==, 0);
  g_assert_cmpint (pat_net_seat_get_player (bob.seat), ==, 1);
  g_assert_cmpstr (pat_net_seat_get_match_name (bob.seat), ==, "Test match");
  g_assert_cmpint (pat_net_seat_get_target (bob.seat), ==, 50);
  g_assert_cmpuint (pat_net_seat_get_n_teams (bob.seat), ==, 0);
  g_assert_cmpint (pat_net_seat_get_die_mode (bob.seat), ==, PAT_DIE_OFF);
  g_assert_cmpuint (pat_net_seat_get_round (bob.seat), ==, 0);
  g_assert_null (pat_net_seat_get_game (bob.seat));
  g_assert_null (pat_net_seat_get_error (bob.seat));
  g_assert_cmpint (pat_net_seat_get_state (bob.seat), ==, PAT_NET_SEAT_LOBBY);

  ann_row = row (bob.seat, 0);
  g_assert_cmpstr (pat_net_seat_player_get_name (ann_row), ==, "Ann");
  g_assert_cmpstr (pat_net_seat_player_get_name (row (bob.seat, 1)), ==, "Bob");
  g_assert_false (pat_net_seat_player_get_me (ann_row));
  g_assert_true (pat_net_seat_player_get_me (row (bob.seat, 1)));
  g_assert_true (pat_net_seat_player_get_me (row (ann.seat, 0)));
  g_assert_false (pat_net_seat_player_get_me (row (ann.seat, 1)));
  g_assert_true (pat_net_seat_player_get_connected (ann_row));
  g_assert_false (pat_net_seat_player_get_gone (ann_row));
  g_assert_cmpint (pat_net_seat_player_get_team (ann_row), ==, -1);

  /* A name taken (in any case), a wrong code: refused, in words for the player. */
  seat_open (&again, host, "ANN", CODE, fingerprint);
  seat_open (&wrong, host, "Cy", "WRONGCODE", fingerprint);
  WAIT_UNTIL (pat_net_seat_get_state (again.seat) == PAT_NET_SEAT_FAILED &&
              pat_net_seat_get_state (wrong.seat) == PAT_NET_SEAT_FAILED);
  g_assert_error (pat_net_seat_get_error (again.seat), PAT_NET_ERROR, PAT_NET_ERROR_REFUSED);
  g_assert_cmpstr (pat_net_seat_get_error (again.seat)->message, ==,
                   "That name is taken in this match.");
  g_assert_error (pat_net_seat_get_error (wrong.seat), PAT_NET_ERROR, PAT_NET_ERROR_REFUSED);
  g_assert_cmpstr (pat_net_seat_get_error (wrong.seat)->message, ==, "Wrong match code.");
  g_assert_cmpint (pat_net_seat_get_player (wrong.seat), ==, -1);

  /* The refused ones never got in. */
  g_assert_cmpuint (g_list_model_get_n_items (pat_net_seat_get_players (bob.seat)), ==, 2);

  /* Ann leaves: failed with no error, and no longer connected in Bob's table, which says its
   * table changed though no row came or went. */
  g_signal_connect_swapped (bob.seat, "table-changed", G_CALLBACK (count_cb), &bob_tables);
  pat_net_seat_leave (ann.seat);
  g_assert_cmpint (pat_net_seat_get_state (ann.seat), ==, PAT_NET_SEAT_FAILED);
  g_assert_null (pat_net_seat_get_error (ann.seat));
  WAIT_UNTIL (!pat_net_seat_player_get_connected (ann_row));
  g_assert_cmpuint (bob_tables, >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (pat_net_seat_get_players (bob.seat)), ==, 2);

  seat_clear (&ann);
  seat_clear (&bob);
  seat_clear (&again);
  seat_clear (&wrong);
}

/* A round: each seat gets a replayed Demon game of the host's deal; the moves played on one
 * seat's game reach the host and come back in the other's table. */
static void
test_round (void)
{
  g_autoptr(PatNetHost) host = new_host (2, PAT_NET_MAX_TARGET);
  g_autoptr(PatGame) game = NULL;
  const PatRules *rules = pat_rules_match ();
  PatDealNumber deal = pat_deal_number_from_uint (17);
  PatOptions options = { PAT_DIE_OFF };
  PatNetSeatPlayer *ann_row;
  PatState state;
  guint round_notifies = 0, game_notifies = 0;
  Seat ann, bob;

  seat_open (&ann, host, "Ann", CODE, fingerprint);
  g_signal_connect (ann.seat, "notify::round", G_CALLBACK (count_notify_cb), &round_notifies);
  g_signal_connect (ann.seat, "notify::game", G_CALLBACK (count_notify_cb), &game_notifies);
  /* Ann in first: she is player 0. */
  WAIT_UNTIL (pat_net_seat_get_state (ann.seat) == PAT_NET_SEAT_LOBBY);
  seat_open (&bob, host, "Bob", CODE, fingerprint);
  WAIT_UNTIL (ann.rounds_started == 1 && bob.rounds_started == 1);

  g_assert_cmpuint (round_notifies, ==, 1);
  g_assert_cmpuint (game_notifies, ==, 1);
  g_assert_cmpuint (pat_net_seat_get_round (ann.seat), ==, 1);
  g_assert_cmpint (pat_net_seat_get_state (ann.seat), ==, PAT_NET_SEAT_PLAYING);
  game = g_object_ref (pat_net_seat_get_game (ann.seat));
  g_assert_true (pat_game_get_replayed (game));
  g_assert_false (pat_game_get_auto_foundation (game));
  g_assert_cmpstr (pat_game_get_game_id (game), ==, rules->id);
  pat_rules_deal_number (rules, &state, &deal, &options);
  g_assert_true (pat_state_equal (&state, pat_game_get_state (game)));
  g_assert_true (pat_state_equal (pat_game_get_state (game),
                                  pat_game_get_state (pat_net_seat_get_game (bob.seat))));
  g_assert_true (pat_net_seat_get_game (bob.seat) != game);

  /* Three moves on Ann's game: Bob's table follows. */
  play_one (game);
  play_one (game);
  play_one (game);
  g_assert_false (pat_game_get_can_undo (game));
  g_assert_cmpuint (pat_net_seat_get_moves_sent (ann.seat), ==, 3);
  ann_row = row (bob.seat, 0);
  WAIT_UNTIL (pat_net_seat_player_get_moves (ann_row) == 3);
  g_assert_cmpuint (pat_net_seat_player_get_foundation (ann_row), ==, foundation_cards (game));
  g_assert_cmpint (pat_net_seat_player_get_score (ann_row), ==, pat_game_get_score (game));
  g_assert_false (pat_net_seat_player_get_ended (ann_row));
  g_assert_null (ann.refused);

  /* Ann ends her round: waiting, and ended in Bob's table; the round ends when Bob ends his. */
  pat_net_seat_end_round (ann.seat);
  g_assert_cmpint (pat_net_seat_get_state (ann.seat), ==, PAT_NET_SEAT_WAITING);
  WAIT_UNTIL (pat_net_seat_player_get_ended (ann_row));
  g_assert_cmpuint (ann.rounds_ended, ==, 0);
  g_assert_cmpint (pat_net_seat_get_state (bob.seat), ==, PAT_NET_SEAT_PLAYING);
  pat_net_seat_end_round (bob.seat);
  WAIT_UNTIL (ann.rounds_ended == 1 && bob.rounds_ended == 1);
  g_assert_cmpint (pat_net_seat_player_get_total (row (ann.seat, 0)), ==,
                   pat_game_get_score (game));
  g_assert_cmpint (pat_net_seat_player_get_total (row (bob.seat, 0)), ==,
                   pat_game_get_score (game));
  g_assert_cmpint (pat_net_seat_player_get_total (row (ann.seat, 1)), ==,
                   pat_game_get_score (pat_net_seat_get_game (bob.seat)));

  /* The next round: a new game, and the old one is sent no more. */
  WAIT_UNTIL (ann.rounds_started == 2);
  g_assert_true (pat_net_seat_get_game (ann.seat) != game);
  g_assert_cmpuint (pat_net_seat_get_round (ann.seat), ==, 2);
  g_assert_cmpuint (pat_net_seat_get_moves_sent (ann.seat), ==, 0);
  play_one (game);
  g_assert_cmpuint (pat_net_seat_get_moves_sent (ann.seat), ==, 0);

  seat_clear (&ann);
  seat_clear (&bob);
}

/* The score of the greedy player on @deal, as the seats of test_match() play it. */
static int
greedy_score (guint64 deal_number,
              guint   max_moves)
{
  const PatRules *rules = pat_rules_match ();
  PatDealNumber deal = pat_deal_number_from_uint (deal_number);
  PatOptions options = { PAT_DIE_OFF };
  PatState state;
  PatSeen seen;
  PatMove move;
  guint n;
  int score;

  pat_seen_init (&seen);
  pat_rules_deal_number (rules, &state, &deal, &options);
  pat_seen_add (&seen, pat_state_hash (&state));
  for (n = 0; n < max_moves && rules->status (&state) == PAT_STATUS_PLAYING &&
              pat_greedy_next_move (rules, &state, &seen, &move); n++)
    {
      g_assert_true (pat_rules_try_move (rules, &state, &move, NULL, NULL));
      pat_seen_add (&seen, pat_state_hash (&state));
    }
  score = rules->score (&state);
  pat_seen_free (&seen);
  return score;
}

/* Two greedy players, one playing longer than the other, play a whole match to a target the
 * first reaches in the first round: the seats' result is the host's. */
static void
test_match (void)
{
  g_autoptr(PatNetHost) host = NULL;
  g_autoptr(GError) error = NULL;
  PatNetHostSettings settings = host_settings (2, 25);
  const PatNetMessage *result, *host_result;
  guint64 deal = 1;
  guint i;
  Seat ann, bob;

  while (greedy_score (deal, 300) < 25 || greedy_score (deal, 3) >= 25)
    {
      deal++;
      g_assert_cmpuint (deal, <, 1000);
    }
  settings.first_deal = pat_deal_number_from_uint (deal);
  host = pat_net_host_new (&settings, certificate, &error);
  g_assert_no_error (error);
  pat_net_host_listen (host, "127.0.0.1", 0, &error);
  g_assert_no_error (error);

  seat_open (&ann, host, "Ann", CODE, fingerprint);
  ann.greedy = 300;
  /* Ann in first: she is player 0. */
  WAIT_UNTIL (pat_net_seat_get_state (ann.seat) == PAT_NET_SEAT_LOBBY);
  seat_open (&bob, host, "Bob", CODE, fingerprint);
  bob.greedy = 3;
  WAIT_UNTIL (ann.matches_ended == 1 && bob.matches_ended == 1);

  g_assert_true (pat_net_host_get_finished (host));
  host_result = pat_net_host_get_result (host);
  result = pat_net_seat_get_result (ann.seat);
  g_assert_nonnull (result);
  g_assert_cmpint (pat_net_seat_get_state (ann.seat), ==, PAT_NET_SEAT_OVER);
  g_assert_cmpint (pat_net_seat_get_state (bob.seat), ==, PAT_NET_SEAT_OVER);
  g_assert_cmpint (result->winner, ==, host_result->winner);
  g_assert_cmpint (result->winner, >=, 0);
  g_assert_cmpuint (result->n_players, ==, 2);
  for (i = 0; i < 2; i++)
    {
      g_assert_cmpint (result->players[i].total, ==, host_result->players[i].total);
      g_assert_cmpint (pat_net_seat_player_get_total (row (bob.seat, i)), ==,
                       host_result->players[i].total);
    }
  g_assert_cmpint (result->winner, ==, 0);
  g_assert_cmpint (host_result->players[0].total, ==, greedy_score (deal, 300));
  g_assert_cmpint (host_result->players[1].total, ==, greedy_score (deal, 3));
  g_assert_cmpuint (ann.rounds_ended, ==, pat_net_host_get_round (host));
  g_assert_cmpuint (ann.rounds_started, ==, pat_net_host_get_round (host));

  /* The host closes every connection after match-end: the seat stays over. */
  WAIT_UNTIL (!pat_net_client_is_open (pat_net_seat_get_client (ann.seat)));
  g_assert_cmpint (pat_net_seat_get_state (ann.seat), ==, PAT_NET_SEAT_OVER);
  g_assert_null (pat_net_seat_get_error (ann.seat));

  seat_clear (&ann);
  seat_clear (&bob);
}

typedef struct {
  gboolean opened;
  gboolean closed;
  GError  *error;
} Conn;

static void
conn_opened_cb (PatNetClient *client,
                Conn         *conn)
{
  conn->opened = TRUE;
  pat_net_client_close (client);
}

static void
conn_closed_cb (PatNetClient *client,
                GError       *error,
                Conn         *conn)
{
  conn->closed = TRUE;
  g_clear_error (&conn->error);
  conn->error = error != NULL ? g_error_copy (error) : NULL;
}

/* A client that knows no fingerprint pins the first certificate it sees, and refuses another on
 * its next connection. */
static void
test_tofu (void)
{
  g_autoptr(PatNetHost) host = new_host (2, 50);
  g_autoptr(PatNetHost) other = NULL;
  g_autoptr(PatNetClient) client = NULL;
  g_autoptr(GTlsCertificate) other_certificate = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *other_dir = g_build_filename (tmp_dir, "other", NULL);
  g_autofree char *other_file = g_build_filename (other_dir, "host-certificate.pem", NULL);
  g_autofree char *short_form = pat_net_fingerprint_short (fingerprint);
  PatNetHostSettings settings = host_settings (2, 50);
  guint port = pat_net_host_get_port (host);
  Conn conn = { 0, };
  Seat ann;

  /* The seat of a player who found the match: pinned on the first handshake. */
  seat_open (&ann, host, "Ann", CODE, NULL);
  g_assert_null (pat_net_client_get_fingerprint (pat_net_seat_get_client (ann.seat)));
  WAIT_UNTIL (pat_net_seat_get_state (ann.seat) == PAT_NET_SEAT_LOBBY);
  g_assert_cmpstr (pat_net_client_get_fingerprint (pat_net_seat_get_client (ann.seat)), ==,
                   fingerprint);
  g_assert_cmpstr (pat_net_client_get_address (pat_net_seat_get_client (ann.seat)), ==,
                   "127.0.0.1");
  g_assert_cmpuint (pat_net_client_get_port (pat_net_seat_get_client (ann.seat)), ==, port);
  seat_clear (&ann);

  /* The short form: 16 digits in upper case, in groups of four. */
  g_assert_cmpuint (strlen (short_form), ==, 19);
  for (guint i = 0; i < 19; i++)
    {
      if (i % 5 == 4)
        g_assert_cmpint (short_form[i], ==, ' ');
      else
        g_assert_cmpint (short_form[i], ==,
                         g_ascii_toupper (fingerprint[i - i / 5]));
    }
  {
    g_autofree char *bad = pat_net_fingerprint_short ("not a fingerprint");

    g_assert_cmpstr (bad, ==, "");
  }

  /* A client pinned by its first connection meets another host at the same place. */
  client = pat_net_client_new ("127.0.0.1", port, NULL);
  g_signal_connect (client, "opened", G_CALLBACK (conn_opened_cb), &conn);
  g_signal_connect (client, "closed", G_CALLBACK (conn_closed_cb), &conn);
  pat_net_client_connect (client);
  WAIT_UNTIL (conn.closed);
  g_assert_true (conn.opened);
  g_assert_cmpstr (pat_net_client_get_fingerprint (client), ==, fingerprint);

  g_clear_object (&host);
  other_certificate = pat_net_cert_load_or_create (other_dir, &error);
  g_assert_no_error (error);
  other = pat_net_host_new (&settings, other_certificate, &error);
  g_assert_no_error (error);
  if (!pat_net_host_listen (other, "127.0.0.1", port, &error))
    {
      g_test_skip ("the port cannot be listened on again at once");
      goto out;
    }

  memset (&conn, 0, sizeof conn);
  pat_net_client_connect (client);
  WAIT_UNTIL (conn.closed);
  g_assert_false (conn.opened);
  g_assert_error (conn.error, PAT_NET_ERROR, PAT_NET_ERROR_CERTIFICATE);
  g_assert_cmpstr (pat_net_client_get_fingerprint (client), ==, fingerprint);

out:
  g_clear_error (&conn.error);
  g_unlink (other_file);
  g_rmdir (other_dir);
}

static void
count_move_cb (PatNetHost *host,
               guint       player,
               guint       round,
               const char *move,
               guint      *counts)
{
  counts[player]++;
}

static char *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

/* The seat saved to a file: dropped after three moves, taken back from the file with a fourth
 * move the host never saw, which it sends on rejoining. A damaged file is refused in words. */
static void
test_state_file (void)
{
  g_autoptr(PatNetHost) host = new_host (2, PAT_NET_MAX_TARGET);
  g_autofree char *path = g_build_filename (tmp_dir, "seat.json", NULL);
  g_autofree char *bad = g_build_filename (tmp_dir, "bad-seat.json", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *edited = NULL;
  g_autofree char *fourth = NULL;
  g_autoptr(PatGame) old_game = NULL;
  g_autoptr(GError) error = NULL;
  guint counts[PAT_NET_MAX_PLAYERS] = { 0, };
  PatGame *game;
  PatState before;
  PatMoveList moves;
  GStatBuf st;
  const char *corrupt[] = {
    "",
    "not json at all",
    "[1, 2, 3]",
    "{\"patience-seat\": 2}",
    "{\"patience-seat\": 1, \"address\": \"127.0.0.1\", \"port\": 99999}",
  };
  Seat ann, bob, back;
  guint i;

  g_signal_connect (host, "move-played", G_CALLBACK (count_move_cb), counts);
  seat_open (&ann, host, "Ann", CODE, NULL);
  pat_net_seat_set_state_file (ann.seat, path);
  /* Ann in first: she is player 0. */
  WAIT_UNTIL (pat_net_seat_get_state (ann.seat) == PAT_NET_SEAT_LOBBY);
  seat_open (&bob, host, "Bob", CODE, fingerprint);
  WAIT_UNTIL (ann.rounds_started == 1 && bob.rounds_started == 1);
  game = pat_net_seat_get_game (ann.seat);
  play_one (game);
  play_one (game);
  play_one (game);
  WAIT_UNTIL (counts[0] == 3);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);

  /* Gone with the app: only the file is left. A fourth move, saved but never sent. */
  old_game = g_object_ref (game);
  seat_clear (&ann);
  moves.n = 0;
  pat_game_legal_moves (old_game, &moves);
  g_assert_cmpuint (moves.n, >, 0);
  fourth = pat_rules_format_move (pat_game_get_rules (old_game), &moves.moves[moves.n - 1]);
  before = *pat_game_get_state (old_game);
  g_assert_true (pat_game_apply (old_game, &moves.moves[moves.n - 1], NULL));
  contents = read_file (path);
  g_assert_nonnull (strstr (contents, "\"moves\":["));
  {
    g_auto(GStrv) parts = g_strsplit (contents, "\"moves\":[", 2);
    char *end = strchr (parts[1], ']');

    /* The fourth move goes last: after the three already there. */
    g_assert_nonnull (end);
    *end = '\0';
    edited = g_strdup_printf ("%s\"moves\":[%s,\"%s\"]%s", parts[0], parts[1], fourth, end + 1);
  }
  g_file_set_contents (path, edited, -1, &error);
  g_assert_no_error (error);

  seat_watch (&back, pat_net_seat_new_from_state (path, &error));
  g_assert_no_error (error);
  g_assert_nonnull (back.seat);
  /* The game is rebuilt before anything is said to the host. */
  game = pat_net_seat_get_game (back.seat);
  g_assert_nonnull (game);
  g_assert_true (pat_game_get_replayed (game));
  g_assert_cmpuint (pat_game_get_moves (game), ==, 4);
  g_assert_true (pat_state_equal (pat_game_get_state (game), pat_game_get_state (old_game)));
  g_assert_false (pat_state_equal (pat_game_get_state (game), &before));
  g_assert_cmpuint (pat_net_seat_get_round (back.seat), ==, 1);
  g_assert_cmpint (pat_net_seat_get_player (back.seat), ==, 0);
  g_assert_cmpstr (pat_net_seat_get_match_name (back.seat), ==, "Test match");
  g_assert_cmpuint (counts[0], ==, 3);

  WAIT_UNTIL (back.rejoins == 1);
  g_assert_cmpuint (back.resent, ==, 1);
  WAIT_UNTIL (counts[0] == 4);
  WAIT_UNTIL (pat_net_seat_player_get_moves (row (bob.seat, 0)) == 4);
  g_assert_cmpint (pat_net_seat_get_state (back.seat), ==, PAT_NET_SEAT_PLAYING);
  g_assert_cmpint (pat_net_seat_player_get_score (row (bob.seat, 0)), ==,
                   pat_game_get_score (game));

  /* And plays on: the fifth move is numbered after the four. */
  play_one (game);
  WAIT_UNTIL (counts[0] == 5);
  g_assert_null (back.refused);
  contents = (g_free (contents), read_file (path));
  g_assert_nonnull (strstr (contents, fourth));

  /* Damaged files are refused, each with a sentence, never a crash. */
  for (i = 0; i < G_N_ELEMENTS (corrupt); i++)
    {
      g_autoptr(GError) local = NULL;
      g_autoptr(PatNetSeat) seat = NULL;

      g_file_set_contents (bad, corrupt[i], -1, &local);
      g_assert_no_error (local);
      seat = pat_net_seat_new_from_state (bad, &local);
      g_assert_null (seat);
      g_assert_error (local, PAT_NET_ERROR, PAT_NET_ERROR_FAILED);
    }
  {
    g_autoptr(GError) local = NULL;
    g_autoptr(PatNetSeat) seat = NULL;
    g_autofree char *wrong_move = NULL;
    g_auto(GStrv) parts = g_strsplit (contents, "\"moves\":[", 2);

    /* Moves that do not follow from the deal. */
    wrong_move = g_strdup_printf ("%s\"moves\":[\"zz\",%s", parts[0], parts[1]);
    g_file_set_contents (bad, wrong_move, -1, &local);
    g_assert_no_error (local);
    seat = pat_net_seat_new_from_state (bad, &local);
    g_assert_null (seat);
    g_assert_error (local, PAT_NET_ERROR, PAT_NET_ERROR_FAILED);
    g_clear_error (&local);

    /* A missing file. */
    g_unlink (bad);
    seat = pat_net_seat_new_from_state (bad, &local);
    g_assert_null (seat);
    g_assert_error (local, PAT_NET_ERROR, PAT_NET_ERROR_FAILED);
  }

  /* Leaving removes the file: a seat left cannot be taken back. */
  pat_net_seat_leave (back.seat);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  seat_clear (&back);
  seat_clear (&bob);
}

/* The host goes and comes back from its saved match: both seats are away, try again, rejoin, and
 * the move played while away reaches the new host. */
static void
test_away (void)
{
  g_autoptr(PatNetHost) host = new_host (2, PAT_NET_MAX_TARGET);
  g_autoptr(GError) error = NULL;
  g_autofree char *host_state = g_build_filename (tmp_dir, "match.json", NULL);
  guint counts[PAT_NET_MAX_PLAYERS] = { 0, };
  guint port = pat_net_host_get_port (host);
  PatGame *game;
  Seat ann, bob;

  pat_net_host_set_state_file (host, host_state);
  seat_open (&ann, host, "Ann", CODE, fingerprint);
  pat_net_seat_set_rejoin_window (ann.seat, 60);
  /* Ann in first: she is player 0. */
  WAIT_UNTIL (pat_net_seat_get_state (ann.seat) == PAT_NET_SEAT_LOBBY);
  seat_open (&bob, host, "Bob", CODE, fingerprint);
  pat_net_seat_set_rejoin_window (bob.seat, 60);
  WAIT_UNTIL (ann.rounds_started == 1 && bob.rounds_started == 1);
  g_signal_connect (host, "move-played", G_CALLBACK (count_move_cb), counts);
  game = pat_net_seat_get_game (ann.seat);
  play_one (game);
  play_one (game);
  WAIT_UNTIL (counts[0] == 2);

  g_clear_object (&host);
  WAIT_UNTIL (pat_net_seat_get_state (ann.seat) == PAT_NET_SEAT_AWAY &&
              pat_net_seat_get_state (bob.seat) == PAT_NET_SEAT_AWAY);
  g_assert_error (pat_net_seat_get_error (ann.seat), PAT_NET_ERROR, PAT_NET_ERROR_CLOSED);
  g_assert_cmpstr (pat_net_seat_get_error (ann.seat)->message, ==,
                   "Lost the connection to the host.");
  g_assert_cmpuint (ann.reconnects, >, 0);
  /* Played while away: kept, sent once back. */
  play_one (game);
  g_assert_cmpuint (pat_net_seat_get_moves_sent (ann.seat), ==, 3);

  memset (counts, 0, sizeof counts);
  host = pat_net_host_new_from_state (host_state, 10, 0, certificate, &error);
  g_assert_no_error (error);
  g_signal_connect (host, "move-played", G_CALLBACK (count_move_cb), counts);
  if (!pat_net_host_listen (host, "127.0.0.1", port, &error))
    {
      g_test_skip ("the port cannot be listened on again at once");
      seat_clear (&ann);
      seat_clear (&bob);
      g_unlink (host_state);
      return;
    }
  WAIT_UNTIL (ann.rejoins == 1 && bob.rejoins == 1);
  g_assert_cmpuint (ann.resent, ==, 1);
  g_assert_cmpuint (bob.resent, ==, 0);
  WAIT_UNTIL (counts[0] == 1);
  g_assert_cmpint (pat_net_seat_get_state (ann.seat), ==, PAT_NET_SEAT_PLAYING);
  g_assert_null (pat_net_seat_get_error (ann.seat));
  WAIT_UNTIL (pat_net_seat_player_get_moves (row (bob.seat, 0)) == 3);

  /* The round goes on to its end. */
  pat_net_seat_end_round (ann.seat);
  pat_net_seat_end_round (bob.seat);
  WAIT_UNTIL (ann.rounds_ended == 1 && bob.rounds_ended == 1);

  seat_clear (&ann);
  seat_clear (&bob);
  g_clear_object (&host);
  g_unlink (host_state);
}

/* A move the host refuses (here one the seat never played, sent behind its back): the seat ends
 * its round and says why. */
static void
test_move_refused (void)
{
  g_autoptr(PatNetHost) host = new_host (2, PAT_NET_MAX_TARGET);
  g_autoptr(PatNetMessage) bogus = pat_net_message_new (PAT_NET_MSG_MOVE);
  Seat ann, bob;

  seat_open (&ann, host, "Ann", CODE, fingerprint);
  /* Ann in first: she is player 0. */
  WAIT_UNTIL (pat_net_seat_get_state (ann.seat) == PAT_NET_SEAT_LOBBY);
  seat_open (&bob, host, "Bob", CODE, fingerprint);
  WAIT_UNTIL (ann.rounds_started == 1 && bob.rounds_started == 1);

  bogus->round = 1;
  bogus->seq = 0;
  g_strlcpy (bogus->move, "zz", sizeof bogus->move);
  pat_net_client_send (pat_net_seat_get_client (ann.seat), bogus);
  WAIT_UNTIL (ann.refused != NULL);
  g_assert_nonnull (strstr (ann.refused, "zz"));
  g_assert_cmpint (pat_net_seat_get_state (ann.seat), ==, PAT_NET_SEAT_WAITING);
  /* Her round is over for the host too: she sent end-round. */
  WAIT_UNTIL (pat_net_seat_player_get_ended (row (bob.seat, 0)));
  g_assert_cmpuint (pat_net_seat_player_get_moves (row (bob.seat, 0)), ==, 0);
  /* A move played after that is neither sent nor kept. */
  play_one (pat_net_seat_get_game (ann.seat));
  g_assert_cmpuint (pat_net_seat_get_moves_sent (ann.seat), ==, 0);

  seat_clear (&ann);
  seat_clear (&bob);
}

/* The host goes for good: away while the rejoin window lasts, then failed, in words. */
static void
test_host_gone (void)
{
  g_autoptr(PatNetHost) host = new_host (1, PAT_NET_MAX_TARGET);
  Seat ann, lone;

  seat_open (&ann, host, "Ann", CODE, fingerprint);
  pat_net_seat_set_rejoin_window (ann.seat, 1);
  WAIT_UNTIL (ann.rounds_started == 1);
  g_clear_object (&host);
  WAIT_UNTIL (pat_net_seat_get_state (ann.seat) == PAT_NET_SEAT_AWAY);
  WAIT_UNTIL (pat_net_seat_get_state (ann.seat) == PAT_NET_SEAT_FAILED);
  g_assert_cmpuint (ann.reconnects, >, 0);
  g_assert_error (pat_net_seat_get_error (ann.seat), PAT_NET_ERROR, PAT_NET_ERROR_CLOSED);
  g_assert_cmpstr (pat_net_seat_get_error (ann.seat)->message, ==,
                   "Lost the connection to the host.");

  /* Without a rejoin window the drop fails the seat at once. */
  host = new_host (1, PAT_NET_MAX_TARGET);
  seat_open (&lone, host, "Lone", CODE, fingerprint);
  WAIT_UNTIL (lone.rounds_started == 1);
  g_clear_object (&host);
  WAIT_UNTIL (pat_net_seat_get_state (lone.seat) == PAT_NET_SEAT_FAILED);
  g_assert_cmpuint (lone.reconnects, ==, 0);
  g_assert_error (pat_net_seat_get_error (lone.seat), PAT_NET_ERROR, PAT_NET_ERROR_CLOSED);

  seat_clear (&ann);
  seat_clear (&lone);
}

/* The host ends the match (its player left): the seat says so at once, without trying to
 * rejoin a match that is gone. */
static void
test_host_ended (void)
{
  g_autoptr(PatNetHost) host = new_host (1, PAT_NET_MAX_TARGET);
  Seat ann;

  seat_open (&ann, host, "Ann", CODE, fingerprint);
  pat_net_seat_set_rejoin_window (ann.seat, 30);
  WAIT_UNTIL (ann.rounds_started == 1);
  pat_net_host_end (host);
  WAIT_UNTIL (pat_net_seat_get_state (ann.seat) == PAT_NET_SEAT_FAILED);
  g_assert_cmpuint (ann.reconnects, ==, 0);
  g_assert_error (pat_net_seat_get_error (ann.seat), PAT_NET_ERROR, PAT_NET_ERROR_CLOSED);
  g_assert_cmpstr (pat_net_seat_get_error (ann.seat)->message, ==, "The host ended the match.");
  seat_clear (&ann);
}

/* The round's time limit, from round-start: the seconds, and when the round started by this
 * seat's clock; 0 from a host without a limit. */
static void
test_time_limit (void)
{
  PatNetHostSettings settings = host_settings (1, PAT_NET_MAX_TARGET);
  g_autoptr(PatNetHost) host = NULL;
  g_autoptr(PatNetHost) plain = NULL;
  g_autoptr(GError) error = NULL;
  gint64 before = g_get_monotonic_time ();
  guint notified = 0;
  Seat ann, bob;

  settings.round_time_limit_s = 90;
  host = pat_net_host_new (&settings, certificate, &error);
  g_assert_no_error (error);
  pat_net_host_listen (host, "127.0.0.1", 0, &error);
  g_assert_no_error (error);

  seat_open (&ann, host, "Ann", CODE, fingerprint);
  g_assert_cmpuint (pat_net_seat_get_time_limit (ann.seat), ==, 0);
  g_assert_cmpint (pat_net_seat_get_round_started_us (ann.seat), ==, 0);
  g_signal_connect (ann.seat, "notify::time-limit", G_CALLBACK (count_notify_cb), &notified);
  WAIT_UNTIL (ann.rounds_started == 1);
  g_assert_cmpuint (pat_net_seat_get_time_limit (ann.seat), ==, 90);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpint (pat_net_seat_get_round_started_us (ann.seat), >=, before);
  g_assert_cmpint (pat_net_seat_get_round_started_us (ann.seat), <=, g_get_monotonic_time ());

  plain = new_host (1, PAT_NET_MAX_TARGET);
  seat_open (&bob, plain, "Bob", CODE, fingerprint);
  WAIT_UNTIL (bob.rounds_started == 1);
  g_assert_cmpuint (pat_net_seat_get_time_limit (bob.seat), ==, 0);
  g_assert_cmpint (pat_net_seat_get_round_started_us (bob.seat), >=, before);

  g_signal_handlers_disconnect_by_data (ann.seat, &notified);
  seat_clear (&ann);
  seat_clear (&bob);
}

static void
drop_log_cb (const char     *domain,
             GLogLevelFlags  level,
             const char     *message,
             gpointer        user_data)
{
}

/* A saved seat read from its text, as the fuzz target reads it: not started, nothing connects;
 * its round's game replayed from the deal; a move that does not follow refuses it whole, as does
 * anything out of place. */
static void
test_state_data (void)
{
  const char *pin = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
  const char *token = "0123456789abcdef0123456789abcdef";
  g_autofree char *lobby = NULL;
  g_autofree char *round = NULL;
  g_autofree char *bad_move = NULL;
  g_autofree char *long_name = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(PatNetSeat) seat = NULL;
  PatGame *game;

  lobby = g_strdup_printf ("{\"patience-seat\":1,\"address\":\"192.0.2.7\",\"port\":53131,"
                           "\"fingerprint\":\"%s\",\"code\":\"K7QX\",\"name\":\"Ann\","
                           "\"team\":-1,\"player\":0,\"token\":\"%s\",\"match\":\"Friday\","
                           "\"target\":500,\"teams\":0,\"die\":0,\"round\":0,"
                           "\"end_sent\":false,\"moves\":[]}", pin, token);
  seat = pat_net_seat_new_from_state_data (lobby, strlen (lobby), "seat.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (seat);
  g_assert_cmpint (pat_net_seat_get_state (seat), ==, PAT_NET_SEAT_CONNECTING);
  g_assert_false (pat_net_client_is_open (pat_net_seat_get_client (seat)));
  g_assert_cmpstr (pat_net_client_get_address (pat_net_seat_get_client (seat)), ==, "192.0.2.7");
  g_assert_cmpstr (pat_net_seat_get_match_name (seat), ==, "Friday");
  g_assert_cmpint (pat_net_seat_get_target (seat), ==, 500);
  g_assert_null (pat_net_seat_get_game (seat));
  g_clear_object (&seat);

  /* Deal 1, three a turn: its winning line's first nine moves. */
  round = g_strdup_printf ("{\"patience-seat\":1,\"address\":\"192.0.2.7\",\"port\":53131,"
                           "\"fingerprint\":\"%s\",\"code\":\"K7QX\",\"name\":\"Ann\","
                           "\"team\":1,\"player\":2,\"token\":\"%s\",\"match\":\"Friday\","
                           "\"target\":500,\"teams\":2,\"die\":0,\"round\":1,\"deal\":\"1\","
                           "\"end_sent\":false,\"moves\":[\"r>t3\",\"t3:2>t2\",\"t4>t2\","
                           "\"r>f1\",\"s\",\"s\",\"s\",\"s\",\"w>f1\"]}", pin, token);
  seat = pat_net_seat_new_from_state_data (round, strlen (round), "seat.json", &error);
  g_assert_no_error (error);
  game = pat_net_seat_get_game (seat);
  g_assert_nonnull (game);
  g_assert_cmpuint (pat_game_get_moves (game), ==, 9);
  g_assert_cmpuint (pat_net_seat_get_moves_sent (seat), ==, 9);
  g_assert_cmpuint (pat_net_seat_get_round (seat), ==, 1);
  g_assert_cmpint (pat_net_seat_get_player (seat), ==, 2);
  g_clear_object (&seat);

  /* The Four of the tableau to a foundation it does not fit. */
  bad_move = g_strdup (round);
  memcpy (strstr (bad_move, "\"t4>t2\""), "\"t4>f2\"", 7);
  seat = pat_net_seat_new_from_state_data (bad_move, strlen (bad_move), "seat.json", &error);
  g_assert_null (seat);
  g_assert_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "seat.json"));
  g_clear_error (&error);

  /* Cut short anywhere, it is refused, never half read. */
  for (gsize length = 0; length < strlen (round); length += 7)
    {
      seat = pat_net_seat_new_from_state_data (round, length, "seat.json", &error);
      g_assert_null (seat);
      g_assert_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED);
      g_clear_error (&error);
    }

  /* A name longer than a player's may be. */
  {
    g_autoptr(GString) text = g_string_new (lobby);
    g_autofree char *name = g_strnfill (PAT_NET_NAME_BYTES, 'a');

    g_string_replace (text, "\"Ann\"", "\"\"", 1);
    g_string_replace (text, "\"name\":\"\"", "\"name\":\"NAME\"", 1);
    g_string_replace (text, "NAME", name, 1);
    long_name = g_string_free (g_steal_pointer (&text), FALSE);
  }
  seat = pat_net_seat_new_from_state_data (long_name, strlen (long_name), "seat.json", &error);
  g_assert_null (seat);
  g_assert_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  g_log_set_handler ("libsoup", G_LOG_LEVEL_DEBUG, drop_log_cb, NULL);
  g_log_set_handler ("GLib-GIO", G_LOG_LEVEL_DEBUG, drop_log_cb, NULL);

  tmp_dir = g_dir_make_tmp ("patience-seat-test-XXXXXX", &error);
  g_assert_no_error (error);
  cert_dir = g_build_filename (tmp_dir, "net", NULL);
  certificate = pat_net_cert_load_or_create (cert_dir, &error);
  g_assert_no_error (error);
  fingerprint = pat_net_cert_fingerprint (certificate);

  g_test_add_func ("/net/seat/lobby", test_lobby);
  g_test_add_func ("/net/seat/round", test_round);
  g_test_add_func ("/net/seat/match", test_match);
  g_test_add_func ("/net/seat/tofu", test_tofu);
  g_test_add_func ("/net/seat/state-file", test_state_file);
  g_test_add_func ("/net/seat/state-data", test_state_data);
  g_test_add_func ("/net/seat/away", test_away);
  g_test_add_func ("/net/seat/move-refused", test_move_refused);
  g_test_add_func ("/net/seat/host-gone", test_host_gone);
  g_test_add_func ("/net/seat/host-ended", test_host_ended);
  g_test_add_func ("/net/seat/time-limit", test_time_limit);

  status = g_test_run ();

  {
    g_autofree char *file = g_build_filename (cert_dir, "host-certificate.pem", NULL);
    g_autofree char *seat = g_build_filename (tmp_dir, "seat.json", NULL);

    g_unlink (file);
    g_unlink (seat);
    g_rmdir (cert_dir);
    g_rmdir (tmp_dir);
  }
  g_clear_object (&certificate);
  g_free (fingerprint);
  g_free (cert_dir);
  g_free (tmp_dir);
  return status;
}
