/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of PatNetHost on 127.0.0.1, in one process: greedy players play a match whose scores
 * the engine confirms, while other connections send wrong codes, illegal moves, huge messages
 * and random bytes, and are turned away without disturbing it. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "pat-net-bot.h"
#include "pat-net-cert.h"
#include "pat-net-host.h"

#define CODE "TESTCASE"
#define WAIT_SECONDS 120

static char *cert_dir;
static GTlsCertificate *certificate;
static char *fingerprint;

/* Runs the main loop until *@flag is set, failing the test after WAIT_SECONDS. */
static void
wait_for (const gboolean *flag)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;

  while (!*flag)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

static PatNetHost *
new_host_at (guint   n_players,
             int     target,
             guint   grace_s,
             guint64 first_deal)
{
  PatNetHostSettings settings = { 0, };
  g_autoptr(GError) error = NULL;
  PatNetHost *host;

  settings.name = "Test match";
  settings.code = CODE;
  settings.target = target;
  settings.n_players = n_players;
  settings.first_deal = pat_deal_number_from_uint (first_deal);
  settings.round_pause_ms = 10;
  settings.wrong_code_delay_ms = 20;
  settings.grace_s = grace_s;
  host = pat_net_host_new (&settings, certificate, &error);
  g_assert_no_error (error);
  pat_net_host_listen (host, "127.0.0.1", 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pat_net_host_get_port (host), >, 0);
  return host;
}

static PatNetHost *
new_host_full (guint n_players,
               int   target,
               guint grace_s)
{
  return new_host_at (n_players, target, grace_s, 17);
}

static PatNetHost *
new_host (guint n_players,
          int   target)
{
  return new_host_full (n_players, target, 0);
}

/* What the host did, as its signals told it. */
typedef struct {
  PatNetHost    *host;
  gboolean       finished;
  PatDealNumber  deal;
  guint          round;
  GPtrArray     *moves[PAT_NET_MAX_PLAYERS];   /* this round's moves, as text */
  guint          rounds_checked;
  int            totals[PAT_NET_MAX_PLAYERS];
  gboolean       connected[PAT_NET_MAX_PLAYERS];  /* as the last lobby said */
  gboolean       played[PAT_NET_MAX_PLAYERS];     /* this round */
  GPtrArray     *turned_away;                   /* the reasons given */
} Record;

/* Replays @moves on @deal with the engine, independently of the host. */
static int
replay_score (const PatDealNumber *deal,
              GPtrArray           *moves)
{
  const PatRules *rules = pat_rules_match ();
  PatOptions options = { PAT_DIE_OFF };
  PatState state;
  guint i;

  pat_rules_deal_number (rules, &state, deal, &options);
  for (i = 0; i < moves->len; i++)
    {
      g_autoptr(GError) error = NULL;
      PatMove move;

      g_assert_true (pat_rules_parse_move (rules, &state, moves->pdata[i], &move, &error));
      g_assert_true (pat_rules_try_move (rules, &state, &move, NULL, &error));
      g_assert_no_error (error);
    }
  return rules->score (&state);
}

static void
record_sent_cb (PatNetHost    *host,
                PatNetMessage *m,
                Record        *record)
{
  guint i;

  if (m->type == PAT_NET_MSG_LOBBY)
    {
      for (i = 0; i < m->n_players; i++)
        record->connected[m->players[i].id] = m->players[i].connected;
    }
  else if (m->type == PAT_NET_MSG_ROUND_START)
    {
      record->deal = m->deal;
      record->round = m->round;
      for (i = 0; i < PAT_NET_MAX_PLAYERS; i++)
        {
          g_ptr_array_set_size (record->moves[i], 0);
          record->played[i] = record->connected[i];
        }
    }
  else if (m->type == PAT_NET_MSG_ROUND_END)
    {
      g_assert_cmpuint (m->round, ==, record->round);
      for (i = 0; i < m->n_players; i++)
        {
          guint id = m->players[i].id;
          /* A player gone before the round started scores nothing in it. */
          int score = record->played[id] ? replay_score (&record->deal, record->moves[id]) : 0;

          g_test_message ("round %u, player %u: %u moves, host %d, replayed %d", m->round, id,
                          record->moves[id]->len, m->players[i].score, score);
          g_assert_cmpint (m->players[i].score, ==, score);
          record->totals[id] += score;
          g_assert_cmpint (m->players[i].total, ==, record->totals[id]);
        }
      record->rounds_checked++;
    }
  else if (m->type == PAT_NET_MSG_MATCH_END)
    {
      for (i = 0; i < m->n_players; i++)
        g_assert_cmpint (m->players[i].total, ==, record->totals[m->players[i].id]);
    }
}

static void
record_move_cb (PatNetHost *host,
                guint       player,
                guint       round,
                const char *move,
                Record     *record)
{
  g_assert_cmpuint (round, ==, record->round);
  g_ptr_array_add (record->moves[player], g_strdup (move));
}

static void
record_turned_away_cb (PatNetHost *host,
                       const char *address,
                       int         player,
                       const char *why,
                       Record     *record)
{
  g_test_message ("turned away %s (player %d): %s", address, player, why);
  g_assert_cmpstr (address, ==, "127.0.0.1");
  g_ptr_array_add (record->turned_away, g_strdup (why));
}

static void
record_finished_cb (PatNetHost *host,
                    Record     *record)
{
  record->finished = TRUE;
}

static void
record_init (Record     *record,
             PatNetHost *host)
{
  guint i;

  memset (record, 0, sizeof *record);
  record->host = host;
  for (i = 0; i < PAT_NET_MAX_PLAYERS; i++)
    record->moves[i] = g_ptr_array_new_with_free_func (g_free);
  record->turned_away = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (host, "sent", G_CALLBACK (record_sent_cb), record);
  g_signal_connect (host, "move-played", G_CALLBACK (record_move_cb), record);
  g_signal_connect (host, "turned-away", G_CALLBACK (record_turned_away_cb), record);
  g_signal_connect (host, "finished", G_CALLBACK (record_finished_cb), record);
}

static void
record_clear (Record *record)
{
  guint i;

  g_signal_handlers_disconnect_by_data (record->host, record);
  for (i = 0; i < PAT_NET_MAX_PLAYERS; i++)
    g_ptr_array_unref (record->moves[i]);
  g_ptr_array_unref (record->turned_away);
}

static gboolean
turned_away_for (Record     *record,
                 const char *part)
{
  guint i;

  for (i = 0; i < record->turned_away->len; i++)
    if (strstr (record->turned_away->pdata[i], part) != NULL)
      return TRUE;
  return FALSE;
}

/* A bot and what it saw. */
typedef struct {
  PatNetBot *bot;
  gboolean   finished;
  GError    *error;
  gboolean   saw_match_end;
} Player;

static void
player_finished_cb (PatNetBot *bot,
                    GError    *error,
                    Player    *player)
{
  player->finished = TRUE;
  if (error != NULL)
    player->error = g_error_copy (error);
}

/* The bot's own copy of its position agrees with the host at every round's end. */
static void
player_message_cb (PatNetClient  *client,
                   PatNetMessage *m,
                   Player        *player)
{
  guint i;

  if (m->type == PAT_NET_MSG_ROUND_END)
    for (i = 0; i < m->n_players; i++)
      if ((int) m->players[i].id == pat_net_bot_get_player (player->bot))
        g_assert_cmpint (m->players[i].score, ==, pat_net_bot_get_score (player->bot));
  if (m->type == PAT_NET_MSG_MATCH_END)
    player->saw_match_end = TRUE;
}

static void
player_start (Player     *player,
              PatNetHost *host,
              const char *name,
              guint64     seed)
{
  g_autoptr(PatNetClient) client = NULL;

  memset (player, 0, sizeof *player);
  client = pat_net_client_new ("127.0.0.1", pat_net_host_get_port (host), fingerprint);
  player->bot = pat_net_bot_new (client, name, -1, CODE, seed);
  g_signal_connect (player->bot, "finished", G_CALLBACK (player_finished_cb), player);
  g_signal_connect (client, "message", G_CALLBACK (player_message_cb), player);
}

static void
player_clear (Player *player)
{
  g_signal_handlers_disconnect_by_data (pat_net_bot_get_client (player->bot), player);
  g_signal_handlers_disconnect_by_data (player->bot, player);
  g_clear_object (&player->bot);
  g_clear_error (&player->error);
}

/* A connection that sends what a test tells it to. */
typedef struct {
  PatNetClient *client;
  gboolean      opened;
  gboolean      closed;
  GError       *error;
  GPtrArray    *messages;    /* PatNetMessage *, copies */
} Raw;

static void
raw_opened_cb (PatNetClient *client,
               Raw          *raw)
{
  raw->opened = TRUE;
}

static void
raw_message_cb (PatNetClient  *client,
                PatNetMessage *m,
                Raw           *raw)
{
  g_ptr_array_add (raw->messages, g_memdup2 (m, sizeof *m));
}

static void
raw_closed_cb (PatNetClient *client,
               GError       *error,
               Raw          *raw)
{
  raw->closed = TRUE;
  if (error != NULL)
    raw->error = g_error_copy (error);
}

static void
raw_open (Raw        *raw,
          PatNetHost *host,
          const char *pin)
{
  memset (raw, 0, sizeof *raw);
  raw->messages = g_ptr_array_new_with_free_func (g_free);
  raw->client = pat_net_client_new ("127.0.0.1", pat_net_host_get_port (host), pin);
  g_signal_connect (raw->client, "opened", G_CALLBACK (raw_opened_cb), raw);
  g_signal_connect (raw->client, "message", G_CALLBACK (raw_message_cb), raw);
  g_signal_connect (raw->client, "closed", G_CALLBACK (raw_closed_cb), raw);
  pat_net_client_connect (raw->client);
}

static void
raw_hello (Raw        *raw,
           const char *name,
           const char *code)
{
  g_autoptr(PatNetMessage) hello = pat_net_message_new (PAT_NET_MSG_HELLO);

  wait_for (&raw->opened);
  g_strlcpy (hello->app_version, "test", sizeof hello->app_version);
  g_strlcpy (hello->code, code, sizeof hello->code);
  g_strlcpy (hello->name, name, sizeof hello->name);
  pat_net_client_send (raw->client, hello);
}

static void
raw_send_text (Raw        *raw,
               const char *text,
               gsize       length,
               gboolean    binary)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, length != (gsize) -1 ? length : strlen (text));

  wait_for (&raw->opened);
  pat_net_client_send_raw (raw->client, bytes, binary);
}

static const PatNetMessage *
raw_find (Raw               *raw,
          PatNetMessageType  type)
{
  guint i;

  for (i = 0; i < raw->messages->len; i++)
    if (((PatNetMessage *) raw->messages->pdata[i])->type == type)
      return raw->messages->pdata[i];
  return NULL;
}

static void
raw_clear (Raw *raw)
{
  g_signal_handlers_disconnect_by_data (raw->client, raw);
  g_clear_object (&raw->client);
  g_clear_error (&raw->error);
  g_ptr_array_unref (raw->messages);
}

/* The last message of @type that @raw got, or NULL. */
static const PatNetMessage *
raw_find_last (Raw               *raw,
               PatNetMessageType  type)
{
  guint i;

  for (i = raw->messages->len; i > 0; i--)
    if (((PatNetMessage *) raw->messages->pdata[i - 1])->type == type)
      return raw->messages->pdata[i - 1];
  return NULL;
}

/* Drops the connection without bye or a closing handshake, as a cut link or a crash does. */
static void
raw_drop (Raw *raw)
{
  g_signal_handlers_disconnect_by_data (raw->client, raw);
  g_clear_object (&raw->client);
}

static void
raw_rejoin (Raw        *raw,
            guint       player,
            const char *token)
{
  g_autoptr(PatNetMessage) rejoin = pat_net_message_new (PAT_NET_MSG_REJOIN);

  wait_for (&raw->opened);
  g_strlcpy (rejoin->app_version, "test", sizeof rejoin->app_version);
  rejoin->player = player;
  g_strlcpy (rejoin->token, token, sizeof rejoin->token);
  pat_net_client_send (raw->client, rejoin);
}

/* Waits for a lobby where player 0 is away (connected, not gone) or gone, as asked. */
static void
wait_for_lobby (Raw      *raw,
                gboolean  connected,
                gboolean  gone)
{
  const PatNetMessage *m;

  while ((m = raw_find_last (raw, PAT_NET_MSG_LOBBY)) == NULL ||
         m->players[0].connected != connected || m->players[0].gone != gone)
    g_main_context_iteration (NULL, TRUE);
}

/* A player whose connection drops is away, not out: the round waits, and the seat's token (and
 * only it) takes the seat again with the host's count of the moves, a move sent twice changes
 * nothing; away past the grace period, the player is gone and cannot come back. */
static void
test_rejoin (void)
{
  g_autoptr(PatNetHost) host = new_host_full (2, PAT_NET_MAX_TARGET, 1);
  char token[PAT_NET_TOKEN_LENGTH + 1];
  const PatNetMessage *m;
  Raw ann, bob, thief, back, late;

  raw_open (&ann, host, fingerprint);
  raw_hello (&ann, "Ann", CODE);
  raw_open (&bob, host, fingerprint);
  raw_hello (&bob, "Bob", CODE);
  while (raw_find (&ann, PAT_NET_MSG_ROUND_START) == NULL)
    g_main_context_iteration (NULL, TRUE);
  m = raw_find (&ann, PAT_NET_MSG_WELCOME);
  g_assert_cmpuint (m->player, ==, 0);
  g_assert_true (pat_net_token_valid (m->token));
  g_assert_cmpstr (m->token, !=, raw_find (&bob, PAT_NET_MSG_WELCOME)->token);
  g_strlcpy (token, m->token, sizeof token);

  /* Two moves, the first sent twice: the second copy is ignored without a word. */
  raw_send_text (&ann, "{\"v\":2,\"type\":\"move\",\"round\":1,\"seq\":0,\"move\":\"s\"}", -1,
                 FALSE);
  raw_send_text (&ann, "{\"v\":2,\"type\":\"move\",\"round\":1,\"seq\":0,\"move\":\"s\"}", -1,
                 FALSE);
  raw_send_text (&ann, "{\"v\":2,\"type\":\"move\",\"round\":1,\"seq\":1,\"move\":\"s\"}", -1,
                 FALSE);
  while ((m = raw_find_last (&ann, PAT_NET_MSG_PLAYER_STATE)) == NULL || m->player != 0 ||
         m->n_moves != 2)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (raw_find (&ann, PAT_NET_MSG_MOVE_REFUSED));

  /* Ann's link goes: she is away, her round is not over. */
  raw_drop (&ann);
  wait_for_lobby (&bob, FALSE, FALSE);
  g_assert_false (pat_net_host_get_finished (host));

  /* Someone else with a wrong token is refused as a wrong code is. */
  raw_open (&thief, host, fingerprint);
  raw_rejoin (&thief, 0, "0123456789abcdef0123456789abcdef");
  wait_for (&thief.closed);
  g_assert_error (thief.error, PAT_NET_ERROR, PAT_NET_ERROR_REFUSED);
  g_assert_cmpint (raw_find (&thief, PAT_NET_MSG_REFUSED)->refusal, ==, PAT_NET_REFUSAL_BAD_TOKEN);

  /* Ann with her token: the same seat, the round, and her count of moves. */
  raw_open (&back, host, fingerprint);
  raw_rejoin (&back, 0, token);
  while ((m = raw_find_last (&back, PAT_NET_MSG_PLAYER_STATE)) == NULL || m->player != 1)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (raw_find (&back, PAT_NET_MSG_WELCOME)->player, ==, 0);
  g_assert_cmpstr (raw_find (&back, PAT_NET_MSG_WELCOME)->token, ==, token);
  g_assert_cmpuint (raw_find (&back, PAT_NET_MSG_ROUND_START)->round, ==, 1);
  m = raw_find (&back, PAT_NET_MSG_PLAYER_STATE);
  g_assert_cmpuint (m->player, ==, 0);
  g_assert_cmpuint (m->n_moves, ==, 2);
  g_assert_false (m->ended);
  wait_for_lobby (&bob, TRUE, FALSE);

  /* Gone again, past the grace period of a second: out for good. */
  raw_drop (&back);
  wait_for_lobby (&bob, FALSE, TRUE);
  raw_open (&late, host, fingerprint);
  raw_rejoin (&late, 0, token);
  wait_for (&late.closed);
  g_assert_cmpint (raw_find (&late, PAT_NET_MSG_REFUSED)->refusal, ==, PAT_NET_REFUSAL_GONE);

  /* Her round ended with the score her two moves made; Bob ends his, and the round is scored. */
  m = raw_find_last (&bob, PAT_NET_MSG_PLAYER_STATE);
  g_assert_cmpuint (m->player, ==, 0);
  g_assert_true (m->ended);
  raw_send_text (&bob, "{\"v\":2,\"type\":\"end-round\",\"round\":1}", -1, FALSE);
  while ((m = raw_find (&bob, PAT_NET_MSG_ROUND_END)) == NULL)
    g_main_context_iteration (NULL, TRUE);
  {
    g_autoptr(GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);

    g_ptr_array_add (moves, g_strdup ("s"));
    g_ptr_array_add (moves, g_strdup ("s"));
    g_assert_cmpuint (m->players[0].id, ==, 0);
    g_assert_cmpint (m->players[0].score, ==,
                     replay_score (&raw_find (&bob, PAT_NET_MSG_ROUND_START)->deal, moves));
  }

  raw_clear (&bob);
  raw_clear (&thief);
  raw_clear (&late);
  g_ptr_array_unref (ann.messages);
  g_ptr_array_unref (back.messages);
}

/* Waits for the round-end of @round on @raw. */
static const PatNetMessage *
wait_for_round_end (Raw   *raw,
                    guint  round)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;
  const PatNetMessage *m;

  while ((m = raw_find_last (raw, PAT_NET_MSG_ROUND_END)) == NULL || m->round != round)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  return m;
}

/* Waits for the round-start of @round on @raw; the time it came, in monotonic µs. */
static gint64
wait_for_round_start (Raw   *raw,
                      guint  round)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;
  const PatNetMessage *m;

  while ((m = raw_find_last (raw, PAT_NET_MSG_ROUND_START)) == NULL || m->round != round)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpuint (m->time_limit, ==, 2);
  return g_get_monotonic_time ();
}

static guint
count_round_ends (Raw   *raw,
                  guint  round)
{
  guint n = 0;
  guint i;

  for (i = 0; i < raw->messages->len; i++)
    {
      const PatNetMessage *m = raw->messages->pdata[i];

      n += m->type == PAT_NET_MSG_ROUND_END && m->round == round;
    }
  return n;
}

/* A round with a time limit of 2 s: Bob never moves nor ends, and the host ends his round when
 * the time is up, with the score of his position (the deal as dealt); the match goes on. When
 * everyone ends before the time is up, the limit is cleared: the next round gets its own whole
 * limit. A player away when the time is up has their round ended too. */
static void
test_time_limit (void)
{
  PatNetHostSettings settings = { 0, };
  g_autoptr(GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(PatNetHost) host = NULL;
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const PatNetMessage *m;
  gint64 started;
  Raw ann, bob;

  settings.name = "Timed match";
  settings.code = CODE;
  settings.target = PAT_NET_MAX_TARGET;
  settings.n_players = 2;
  settings.first_deal = pat_deal_number_from_uint (17);
  settings.round_pause_ms = 1000;
  settings.round_time_limit_s = PAT_NET_MAX_TIME_LIMIT + 1;
  g_assert_null (pat_net_host_new (&settings, certificate, &error));
  g_assert_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED);
  g_clear_error (&error);
  settings.round_time_limit_s = 2;
  host = pat_net_host_new (&settings, certificate, &error);
  g_assert_no_error (error);
  pat_net_host_listen (host, "127.0.0.1", 0, &error);
  g_assert_no_error (error);

  raw_open (&ann, host, fingerprint);
  raw_hello (&ann, "Ann", CODE);
  raw_open (&bob, host, fingerprint);
  raw_hello (&bob, "Bob", CODE);

  /* Round 1: Ann plays two moves and ends her round; Bob does nothing. */
  started = wait_for_round_start (&ann, 1);
  raw_send_text (&ann, "{\"v\":2,\"type\":\"move\",\"round\":1,\"seq\":0,\"move\":\"s\"}", -1,
                 FALSE);
  raw_send_text (&ann, "{\"v\":2,\"type\":\"move\",\"round\":1,\"seq\":1,\"move\":\"s\"}", -1,
                 FALSE);
  raw_send_text (&ann, "{\"v\":2,\"type\":\"end-round\",\"round\":1}", -1, FALSE);
  m = wait_for_round_end (&ann, 1);
  g_assert_cmpint (g_get_monotonic_time () - started, >=, 3 * G_USEC_PER_SEC / 2);
  g_ptr_array_add (moves, g_strdup ("s"));
  g_ptr_array_add (moves, g_strdup ("s"));
  g_assert_cmpuint (m->n_players, ==, 2);
  g_assert_cmpint (m->players[0].score, ==,
                   replay_score (&raw_find (&ann, PAT_NET_MSG_ROUND_START)->deal, moves));
  g_assert_cmpint (m->players[1].score, ==,
                   replay_score (&raw_find (&ann, PAT_NET_MSG_ROUND_START)->deal, none));
  /* Bob was told his round ended, as if he had ended it, without a word of his. */
  m = raw_find_last (&bob, PAT_NET_MSG_PLAYER_STATE);
  g_assert_cmpuint (m->player, ==, 1);
  g_assert_true (m->ended);
  g_assert_cmpuint (m->n_moves, ==, 0);
  g_assert_false (bob.closed);

  /* Round 2: both end at once. */
  wait_for_round_start (&bob, 2);
  raw_send_text (&ann, "{\"v\":2,\"type\":\"end-round\",\"round\":2}", -1, FALSE);
  raw_send_text (&bob, "{\"v\":2,\"type\":\"end-round\",\"round\":2}", -1, FALSE);
  wait_for_round_end (&ann, 2);

  /* Round 3 has its whole limit (round 2's did not carry over), even with Bob away. */
  started = wait_for_round_start (&ann, 3);
  raw_send_text (&ann, "{\"v\":2,\"type\":\"end-round\",\"round\":3}", -1, FALSE);
  raw_drop (&bob);
  m = wait_for_round_end (&ann, 3);
  g_assert_cmpint (g_get_monotonic_time () - started, >=, 3 * G_USEC_PER_SEC / 2);
  g_assert_false (pat_net_host_get_finished (host));
  g_assert_cmpuint (count_round_ends (&ann, 1), ==, 1);
  g_assert_cmpuint (count_round_ends (&ann, 2), ==, 1);
  g_assert_cmpuint (count_round_ends (&ann, 3), ==, 1);

  raw_clear (&ann);
  g_ptr_array_unref (bob.messages);
}

/* Three greedy players play to the target; every round's scores, as the host sent them, are
 * what the engine gives replaying the moves the host accepted. */
static void
test_match (void)
{
  g_autoptr(PatNetHost) host = new_host (3, 10);
  const PatNetMessage *result;
  Player players[3];
  Record record;
  guint i;

  record_init (&record, host);
  player_start (&players[0], host, "Ann", 1);
  player_start (&players[1], host, "Bob", 2);
  player_start (&players[2], host, "Cleo", 3);
  wait_for (&record.finished);
  for (i = 0; i < 3; i++)
    {
      wait_for (&players[i].finished);
      g_assert_no_error (players[i].error);
      g_assert_true (players[i].saw_match_end);
    }

  result = pat_net_host_get_result (host);
  g_assert_nonnull (result);
  g_assert_cmpuint (record.rounds_checked, >=, 1);
  g_assert_cmpuint (result->n_players, ==, 3);
  g_assert_cmpint (result->winner, >=, 0);
  g_assert_cmpint (result->players[result->winner].total, >=, 10);
  g_assert_cmpuint (record.turned_away->len, ==, 0);

  for (i = 0; i < 3; i++)
    player_clear (&players[i]);
  record_clear (&record);
}

/* Demon deal 3 has no move at all: its round ends for everyone as it starts (nobody could end
 * it by moving), and the match plays on with the next deals to its end. */
static void
test_dead_deal (void)
{
  g_autoptr(PatNetHost) host = new_host_at (2, 10, 0, 3);
  const PatNetMessage *result;
  Player players[2];
  Record record;
  guint i;

  record_init (&record, host);
  player_start (&players[0], host, "Ann", 1);
  player_start (&players[1], host, "Bob", 2);
  wait_for (&record.finished);
  for (i = 0; i < 2; i++)
    {
      wait_for (&players[i].finished);
      g_assert_no_error (players[i].error);
    }
  result = pat_net_host_get_result (host);
  g_assert_nonnull (result);
  g_assert_cmpint (result->winner, >=, 0);
  g_assert_cmpuint (record.rounds_checked, >=, 2);

  for (i = 0; i < 2; i++)
    player_clear (&players[i]);
  record_clear (&record);
}

/* While two greedy players play a match, a third player sends an illegal move (refused, and
 * she plays on), then a message over the size limit (closed); other connections send random
 * bytes, text that is not JSON, a wrong code, and no hello but a move. Each is turned away
 * with a clear reason; the match ends normally for the others. */
static void
test_abuse (void)
{
  g_autoptr(PatNetHost) host = new_host (3, 10);
  g_autofree char *huge = NULL;
  g_autofree char *random_bytes = NULL;
  const PatNetMessage *m;
  Player players[2];
  Raw mallory, noise, garbage, guess, rude, flood;
  Record record;
  guint i;

  record_init (&record, host);
  player_start (&players[0], host, "Ann", 1);
  player_start (&players[1], host, "Bob", 2);

  /* Random bytes, as a binary message, before any hello. */
  raw_open (&noise, host, fingerprint);
  random_bytes = g_malloc (512);
  for (i = 0; i < 512; i++)
    random_bytes[i] = (char) g_random_int_range (0, 256);
  raw_send_text (&noise, random_bytes, 512, TRUE);
  wait_for (&noise.closed);
  g_assert_error (noise.error, PAT_NET_ERROR, PAT_NET_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (noise.error->message, "binary messages are not part of the protocol"));

  /* Text that is not a message. */
  raw_open (&garbage, host, fingerprint);
  raw_send_text (&garbage, "hello there", -1, FALSE);
  wait_for (&garbage.closed);
  g_assert_error (garbage.error, PAT_NET_ERROR, PAT_NET_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (garbage.error->message, "bad message"));

  /* A move before hello. */
  raw_open (&rude, host, fingerprint);
  raw_send_text (&rude, "{\"v\":2,\"type\":\"move\",\"round\":1,\"seq\":0,\"move\":\"s\"}", -1,
                 FALSE);
  wait_for (&rude.closed);
  g_assert_nonnull (rude.error);
  g_assert_nonnull (strstr (rude.error->message, "the first message must be hello"));

  /* A wrong code: refused after the delay. */
  raw_open (&guess, host, fingerprint);
  raw_hello (&guess, "Eve", "WRONGCODE");
  wait_for (&guess.closed);
  g_assert_error (guess.error, PAT_NET_ERROR, PAT_NET_ERROR_REFUSED);
  g_assert_nonnull (strstr (guess.error->message, "the match code is wrong"));
  m = raw_find (&guess, PAT_NET_MSG_REFUSED);
  g_assert_nonnull (m);
  g_assert_cmpint (m->refusal, ==, PAT_NET_REFUSAL_WRONG_CODE);

  /* Mallory joins properly, the round starts, and she plays an illegal move. */
  raw_open (&mallory, host, fingerprint);
  raw_hello (&mallory, "Mallory", CODE);
  while (raw_find (&mallory, PAT_NET_MSG_ROUND_START) == NULL)
    {
      g_assert_false (mallory.closed);
      g_main_context_iteration (NULL, TRUE);
    }
  /* A foundation card never goes back to the tableau in Demon's rules. */
  raw_send_text (&mallory, "{\"v\":2,\"type\":\"move\",\"round\":1,\"seq\":0,\"move\":\"f1>t1\"}",
                 -1, FALSE);
  while ((m = raw_find (&mallory, PAT_NET_MSG_MOVE_REFUSED)) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (m->seq, ==, 0);
  g_assert_nonnull (strstr (m->text, "f1>t1: "));
  g_assert_false (mallory.closed);

  /* Then a message of 20 KiB: turned away, in words, with close code 1009 (too big). */
  huge = g_strnfill (20 * 1024, 'x');
  raw_send_text (&mallory, huge, strlen (huge), FALSE);
  wait_for (&mallory.closed);
  g_assert_nonnull (mallory.error);
  g_test_message ("Mallory: %s", mallory.error->message);
  g_assert_nonnull (strstr (mallory.error->message,
                            "a message of 20480 bytes is over the limit of 8192 bytes"));

  /* A message of a mebibyte: libsoup drops the connection unread; the host says why. */
  raw_open (&flood, host, fingerprint);
  g_free (huge);
  huge = g_strnfill (1024 * 1024, '[');
  raw_send_text (&flood, huge, strlen (huge), FALSE);
  wait_for (&flood.closed);
  g_assert_nonnull (flood.error);

  wait_for (&record.finished);
  for (i = 0; i < 2; i++)
    {
      wait_for (&players[i].finished);
      g_assert_no_error (players[i].error);
      g_assert_true (players[i].saw_match_end);
    }
  g_assert_true (turned_away_for (&record, "binary messages"));
  g_assert_true (turned_away_for (&record, "bad message: the message is not JSON"));
  g_assert_true (turned_away_for (&record, "the match code is wrong (1 of 5"));
  g_assert_true (turned_away_for (&record, "f1>t1: "));
  g_assert_true (turned_away_for (&record, "bad message: a message of 20480 bytes"));
  g_assert_true (turned_away_for (&record, "connection dropped: "));
  m = pat_net_host_get_result (host);
  g_assert_cmpuint (m->n_players, ==, 3);
  g_assert_cmpint (m->winner, >=, 0);
  g_assert_cmpint (m->winner, !=, 2);

  raw_clear (&mallory);
  raw_clear (&noise);
  raw_clear (&garbage);
  raw_clear (&guess);
  raw_clear (&rude);
  raw_clear (&flood);
  for (i = 0; i < 2; i++)
    player_clear (&players[i]);
  record_clear (&record);
}

/* Each wrong code from an address waits twice as long as the one before; after
 * PAT_NET_MAX_WRONG_CODES the address is refused even with the right code. */
static void
test_wrong_code_lockout (void)
{
  g_autoptr(PatNetHost) host = new_host (2, 25);
  gint64 previous = 0;
  const PatNetMessage *m;
  Raw last;
  guint i;

  for (i = 1; i <= PAT_NET_MAX_WRONG_CODES; i++)
    {
      Raw raw;
      gint64 start, waited;

      raw_open (&raw, host, fingerprint);
      wait_for (&raw.opened);
      start = g_get_monotonic_time ();
      raw_hello (&raw, "Eve", "AAAA");
      wait_for (&raw.closed);
      waited = g_get_monotonic_time () - start;
      g_test_message ("wrong code %u refused after %" G_GINT64_FORMAT " us", i, waited);
      g_assert_cmpint (waited, >=, (20 << (i - 1)) * 1000);
      g_assert_cmpint (waited, >, previous);
      previous = waited;
      m = raw_find (&raw, PAT_NET_MSG_REFUSED);
      g_assert_nonnull (m);
      g_assert_cmpint (m->refusal, ==, PAT_NET_REFUSAL_WRONG_CODE);
      raw_clear (&raw);
    }

  raw_open (&last, host, fingerprint);
  raw_hello (&last, "Eve", CODE);
  wait_for (&last.closed);
  m = raw_find (&last, PAT_NET_MSG_REFUSED);
  g_assert_nonnull (m);
  g_assert_cmpint (m->refusal, ==, PAT_NET_REFUSAL_LOCKED_OUT);
  g_assert_error (last.error, PAT_NET_ERROR, PAT_NET_ERROR_REFUSED);
  raw_clear (&last);
}

/* The lobby's refusals: a taken name, a team in a match without teams, another protocol
 * version, a full match. */
static void
test_refusals (void)
{
  g_autoptr(PatNetHost) host = new_host (2, 25);
  g_autoptr(PatNetMessage) hello = pat_net_message_new (PAT_NET_MSG_HELLO);
  const PatNetMessage *m;
  Raw first, twin, teamed, future, second, late, gone;

  /* A player who leaves the lobby frees the seat: the next one gets the same id. */
  raw_open (&gone, host, fingerprint);
  raw_hello (&gone, "Zed", CODE);
  while (raw_find (&gone, PAT_NET_MSG_WELCOME) == NULL)
    g_main_context_iteration (NULL, TRUE);
  pat_net_client_close (gone.client);
  wait_for (&gone.closed);
  g_assert_no_error (gone.error);

  raw_open (&first, host, fingerprint);
  raw_hello (&first, "Ann", CODE);
  while ((m = raw_find (&first, PAT_NET_MSG_WELCOME)) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (m->player, ==, 0);

  raw_open (&twin, host, fingerprint);
  raw_hello (&twin, "ANN", CODE);
  wait_for (&twin.closed);
  m = raw_find (&twin, PAT_NET_MSG_REFUSED);
  g_assert_cmpint (m->refusal, ==, PAT_NET_REFUSAL_NAME_TAKEN);

  raw_open (&teamed, host, fingerprint);
  wait_for (&teamed.opened);
  g_strlcpy (hello->app_version, "test", sizeof hello->app_version);
  g_strlcpy (hello->code, CODE, sizeof hello->code);
  g_strlcpy (hello->name, "Tim", sizeof hello->name);
  hello->team = 1;
  pat_net_client_send (teamed.client, hello);
  wait_for (&teamed.closed);
  m = raw_find (&teamed, PAT_NET_MSG_REFUSED);
  g_assert_cmpint (m->refusal, ==, PAT_NET_REFUSAL_BAD_TEAM);

  raw_open (&future, host, fingerprint);
  raw_send_text (&future, "{\"v\":3,\"type\":\"hello\",\"future\":true}", -1, FALSE);
  wait_for (&future.closed);
  m = raw_find (&future, PAT_NET_MSG_REFUSED);
  g_assert_cmpint (m->refusal, ==, PAT_NET_REFUSAL_VERSION);
  g_assert_nonnull (strstr (m->text, "protocol version 2"));

  raw_open (&second, host, fingerprint);
  raw_hello (&second, "Bob", CODE);
  while (raw_find (&second, PAT_NET_MSG_ROUND_START) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (raw_find (&second, PAT_NET_MSG_WELCOME)->player, ==, 1);

  raw_open (&late, host, fingerprint);
  raw_hello (&late, "Cleo", CODE);
  wait_for (&late.closed);
  m = raw_find (&late, PAT_NET_MSG_REFUSED);
  g_assert_cmpint (m->refusal, ==, PAT_NET_REFUSAL_STARTED);

  raw_clear (&first);
  raw_clear (&twin);
  raw_clear (&teamed);
  raw_clear (&future);
  raw_clear (&second);
  raw_clear (&late);
  raw_clear (&gone);
}

/* A client pinned to another certificate does not talk to the host at all. */
static void
test_pin (void)
{
  g_autoptr(PatNetHost) host = new_host (2, 25);
  Raw raw;

  raw_open (&raw, host, "0000000000000000000000000000000000000000000000000000000000000000");
  wait_for (&raw.closed);
  g_assert_false (raw.opened);
  g_assert_error (raw.error, PAT_NET_ERROR, PAT_NET_ERROR_CERTIFICATE);
  g_assert_nonnull (strstr (raw.error->message, fingerprint));
  raw_clear (&raw);
}

/* The certificate is made once, kept readable by its owner only, and loaded again the same. */
static void
test_certificate (void)
{
  g_autofree char *path = g_build_filename (cert_dir, "host-certificate.pem", NULL);
  g_autoptr(GTlsCertificate) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *again_fingerprint = NULL;
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  /* A key left readable by others is made private again when loaded. */
  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  again = pat_net_cert_load_or_create (cert_dir, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  again_fingerprint = pat_net_cert_fingerprint (again);
  g_assert_cmpstr (again_fingerprint, ==, fingerprint);
  g_assert_true (pat_net_fingerprint_valid (fingerprint));
}

static void
drop_log_cb (const char     *domain,
             GLogLevelFlags  level,
             const char     *message,
             gpointer        user_data)
{
}

/* The host starts the first round with the two players who came, of the four awaited; a third
 * who comes later is told the match started. Before anyone joined there is nothing to start. */
static void
test_start_now (void)
{
  g_autoptr(PatNetHost) host = new_host (4, 10);
  Player players[3];
  Record record;
  guint i;

  record_init (&record, host);
  g_assert_false (pat_net_host_start_now (host));
  player_start (&players[0], host, "Ann", 1);
  player_start (&players[1], host, "Bob", 2);
  while (pat_net_host_get_n_joined (host) < 2)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (pat_net_host_get_n_awaited (host), ==, 4);
  g_assert_cmpuint (pat_net_host_get_round (host), ==, 0);
  g_assert_true (pat_net_host_start_now (host));
  g_assert_cmpuint (pat_net_host_get_n_awaited (host), ==, 2);
  while (pat_net_host_get_round (host) == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (pat_net_host_start_now (host));

  player_start (&players[2], host, "Cleo", 3);
  wait_for (&players[2].finished);
  g_assert_error (players[2].error, PAT_NET_ERROR, PAT_NET_ERROR_REFUSED);

  wait_for (&record.finished);
  for (i = 0; i < 2; i++)
    {
      wait_for (&players[i].finished);
      g_assert_no_error (players[i].error);
    }
  g_assert_cmpuint (pat_net_host_get_result (host)->n_players, ==, 2);
  for (i = 0; i < 3; i++)
    player_clear (&players[i]);
  record_clear (&record);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tmp = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* libsoup's debug line for every WebSocket frame would bury the test's own messages. */
  g_log_set_handler ("libsoup", G_LOG_LEVEL_DEBUG, drop_log_cb, NULL);
  g_log_set_handler ("GLib-GIO", G_LOG_LEVEL_DEBUG, drop_log_cb, NULL);

  tmp = g_dir_make_tmp ("patience-net-test-XXXXXX", &error);
  g_assert_no_error (error);
  cert_dir = g_build_filename (tmp, "net", NULL);
  certificate = pat_net_cert_load_or_create (cert_dir, &error);
  g_assert_no_error (error);
  fingerprint = pat_net_cert_fingerprint (certificate);

  g_test_add_func ("/net/host/certificate", test_certificate);
  g_test_add_func ("/net/host/match", test_match);
  g_test_add_func ("/net/host/start-now", test_start_now);
  g_test_add_func ("/net/host/dead-deal", test_dead_deal);
  g_test_add_func ("/net/host/abuse", test_abuse);
  g_test_add_func ("/net/host/wrong-code-lockout", test_wrong_code_lockout);
  g_test_add_func ("/net/host/refusals", test_refusals);
  g_test_add_func ("/net/host/pin", test_pin);
  g_test_add_func ("/net/host/rejoin", test_rejoin);
  g_test_add_func ("/net/host/time-limit", test_time_limit);

  status = g_test_run ();

  {
    g_autofree char *file = g_build_filename (cert_dir, "host-certificate.pem", NULL);

    g_unlink (file);
    g_rmdir (cert_dir);
    g_rmdir (tmp);
  }
  g_clear_object (&certificate);
  g_free (fingerprint);
  g_free (cert_dir);
  return status;
}
