/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetHost: hosts a Demon match over the network and decides its score by replaying every
 * player's moves with the engine. */

#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "pat-net-host.h"

typedef struct _Conn Conn;

typedef struct {
  gboolean  used;
  char      name[PAT_NET_NAME_BYTES];
  int       team;
  Conn     *conn;          /* NULL while the player is away, and once gone */
  char      token[PAT_NET_TOKEN_LENGTH + 1];  /* the proof that takes the seat again */
  gboolean  gone;          /* left, or away longer than the grace period: out for good */
  guint     grace_id;      /* while away: when they are gone */
  PatState  state;         /* the authoritative position of this round */
  gboolean  played;        /* was in the match when the round started */
  gboolean  ended;
  guint     n_moves;
  gint64    away_since;    /* monotonic µs; 0 when here or gone */
  GPtrArray *moves;        /* the moves accepted this round, as sent */
  int       total;         /* before the current round */
} Player;

struct _Conn {
  PatNetHost              *host;
  SoupWebsocketConnection *ws;
  char                    *address;
  int                      player;        /* -1 until welcomed */
  gboolean                 done;          /* refused or failed: what it sends is ignored */
  guint                    hello_timeout_id;
  guint                    refuse_id;
  PatNetMessage           *refusal;       /* sent when refuse_id fires */
  char                    *failure;       /* libsoup's reason for dropping the connection */
  gboolean                 leaving;      /* the player left, or was put out: gone for good */
  gint64                   last_heard;    /* monotonic µs of the last message or pong */
  guint                    watchdog_id;
};

struct _PatNetHost
{
  GObject             parent_instance;

  char               *name;
  char               *code;
  PatNetHostSettings  settings;
  const PatRules     *rules;
  GTlsCertificate    *certificate;
  SoupServer         *server;
  guint               port;

  GPtrArray          *conns;       /* Conn *, every open connection */
  GHashTable         *failures;    /* address → wrong codes given, as GUINT_TO_POINTER */
  Player              players[PAT_NET_MAX_PLAYERS];
  guint               n_players;

  guint               round;       /* 0 before the first */
  PatDealNumber       deal;
  gboolean            finished;
  guint               next_round_id;
  guint               tick_id;     /* each second: silent connections, players away too long */
  guint               time_limit_id;  /* while a round with a time limit is being played */
  gint64              round_deadline; /* monotonic µs when time_limit_id fires */
  PatNetMessage      *result;
  char               *state_path;  /* where the match is saved after every change, or NULL */
};

G_DEFINE_FINAL_TYPE (PatNetHost, pat_net_host, G_TYPE_OBJECT)

enum {
  SENT,
  MOVE_PLAYED,
  TURNED_AWAY,
  REJOINED,
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void conn_free        (Conn *conn);
static void lose_player      (PatNetHost *self,
                              Conn       *conn);
static void check_round_end  (PatNetHost *self);

static void
send_to (Conn                *conn,
         const PatNetMessage *message)
{
  g_autofree char *text = NULL;

  if (conn == NULL || conn->ws == NULL ||
      soup_websocket_connection_get_state (conn->ws) != SOUP_WEBSOCKET_STATE_OPEN)
    return;
  text = pat_net_message_to_string (message);
  soup_websocket_connection_send_text (conn->ws, text);
}

static void
broadcast (PatNetHost          *self,
           const PatNetMessage *message)
{
  guint i;

  for (i = 0; i < self->n_players; i++)
    send_to (self->players[i].conn, message);
  g_signal_emit (self, signals[SENT], 0, message);
}

/* Ends @conn: sends @message (nullable), then closes with @code and a reason. */
static void
close_conn (Conn                *conn,
            const PatNetMessage *message,
            gushort              code,
            const char          *reason)
{
  conn->done = TRUE;
  g_clear_handle_id (&conn->hello_timeout_id, g_source_remove);
  if (message != NULL)
    send_to (conn, message);
  if (soup_websocket_connection_get_state (conn->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (conn->ws, code, reason);
}

/* Closes @conn for what it sent, with an error message saying so. */
static void
turn_away_with_code (Conn       *conn,
                     const char *why,
                     gushort     code)
{
  g_autoptr(PatNetMessage) m = pat_net_message_new (PAT_NET_MSG_ERROR);

  /* At most the protocol's length, in whole characters, of nothing unprintable. */
  g_utf8_strncpy (m->text, why, MIN (g_utf8_strlen (why, -1), PAT_NET_MAX_TEXT_CHARS));
  pat_net_text_sanitize (m->text);
  g_signal_emit (conn->host, signals[TURNED_AWAY], 0, conn->address, conn->player, why);
  conn->leaving = TRUE;
  close_conn (conn, m, code, code == SOUP_WEBSOCKET_CLOSE_TOO_BIG ? "message too big" :
                                                                   "protocol error");
}

static void
turn_away (Conn       *conn,
           const char *why)
{
  turn_away_with_code (conn, why, SOUP_WEBSOCKET_CLOSE_POLICY_VIOLATION);
}

static void
refuse (Conn          *conn,
        PatNetRefusal  refusal,
        const char    *why)
{
  g_autoptr(PatNetMessage) m = pat_net_message_new (PAT_NET_MSG_REFUSED);

  m->refusal = refusal;
  g_strlcpy (m->text, why, sizeof m->text);
  g_signal_emit (conn->host, signals[TURNED_AWAY], 0, conn->address, -1, why);
  close_conn (conn, m, SOUP_WEBSOCKET_CLOSE_NORMAL, "refused");
}

static gboolean
delayed_refusal_cb (gpointer user_data)
{
  Conn *conn = user_data;
  g_autoptr(PatNetMessage) m = g_steal_pointer (&conn->refusal);

  conn->refuse_id = 0;
  g_signal_emit (conn->host, signals[TURNED_AWAY], 0, conn->address, -1, m->text);
  close_conn (conn, m, SOUP_WEBSOCKET_CLOSE_NORMAL, "refused");
  return G_SOURCE_REMOVE;
}

static void
fill_lobby (PatNetHost    *self,
            PatNetMessage *m)
{
  guint i;

  m->n_teams = self->settings.n_teams;
  m->n_players = self->n_players;
  for (i = 0; i < self->n_players; i++)
    {
      m->players[i].id = i;
      g_strlcpy (m->players[i].name, self->players[i].name, sizeof m->players[i].name);
      m->players[i].team = self->players[i].team;
      m->players[i].connected = self->players[i].conn != NULL;
      m->players[i].gone = self->players[i].gone;
    }
}

static void
send_lobby (PatNetHost *self)
{
  g_autoptr(PatNetMessage) m = pat_net_message_new (PAT_NET_MSG_LOBBY);

  fill_lobby (self, m);
  broadcast (self, m);
}

static guint
foundation_cards (const PatRules *rules,
                  const PatState *state)
{
  guint n = 0;
  guint p;

  for (p = 0; p < rules->layout->n_piles && p < state->n_piles; p++)
    if (rules->layout->piles[p].kind == PAT_PILE_FOUNDATION)
      n += pat_state_pile_len (state, p);
  return n;
}

static PatNetMessage *
player_state (PatNetHost *self,
              guint       player)
{
  PatNetMessage *m = pat_net_message_new (PAT_NET_MSG_PLAYER_STATE);
  Player *p = &self->players[player];

  m->player = player;
  m->round = self->round;
  m->foundation = p->played ? foundation_cards (self->rules, &p->state) : 0;
  m->score = p->played ? self->rules->score (&p->state) : 0;
  m->total = p->total;
  m->n_moves = p->n_moves;
  m->ended = p->ended;
  return m;
}

static void
send_player_state (PatNetHost *self,
                   guint       player)
{
  g_autoptr(PatNetMessage) m = player_state (self, player);

  broadcast (self, m);
}

static PatNetMessage *
round_start (PatNetHost *self)
{
  PatNetMessage *m = pat_net_message_new (PAT_NET_MSG_ROUND_START);

  m->round = self->round;
  m->deal = self->deal;
  m->die_mode = self->settings.die_mode;
  /* What is left of the round: all of it when it starts, less for a player who rejoins. */
  if (self->time_limit_id != 0)
    {
      gint64 left = self->round_deadline - g_get_monotonic_time ();

      m->time_limit = (guint) CLAMP ((left + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC, 1,
                                     (gint64) self->settings.round_time_limit_s);
    }
  return m;
}

static PatDealNumber
deal_of_round (PatNetHost *self,
               guint       round)
{
  PatDealNumber deal = self->settings.first_deal;
  guint64 lo = deal.lo + (round - 1);

  if (lo < deal.lo)
    deal.hi++;
  deal.lo = lo;
  if (!pat_deal_number_valid (&deal))
    deal = pat_deal_number_from_uint (round);
  return deal;
}

/* The round's time is up: every player still playing has their round ended, as if they had
 * sent end-round, a player away among them; each keeps the score their position has. */
static gboolean
time_up_cb (gpointer user_data)
{
  PatNetHost *self = user_data;
  guint i;

  self->time_limit_id = 0;
  for (i = 0; i < self->n_players; i++)
    if (!self->players[i].ended)
      {
        self->players[i].ended = TRUE;
        send_player_state (self, i);
      }
  check_round_end (self);
  return G_SOURCE_REMOVE;
}

static void
arm_time_limit (PatNetHost *self)
{
  guint limit = self->settings.round_time_limit_s;

  g_clear_handle_id (&self->time_limit_id, g_source_remove);
  if (limit == 0)
    return;
  self->round_deadline = g_get_monotonic_time () + (gint64) limit * G_USEC_PER_SEC;
  self->time_limit_id = g_timeout_add (limit * 1000, time_up_cb, self);
}

static gboolean
start_round_cb (gpointer user_data)
{
  PatNetHost *self = user_data;
  g_autoptr(PatNetMessage) m = NULL;
  PatOptions options = { self->settings.die_mode };
  guint i;

  self->next_round_id = 0;
  self->round++;
  self->deal = deal_of_round (self, self->round);
  for (i = 0; i < self->n_players; i++)
    {
      Player *p = &self->players[i];

      /* A seat left in the lobby and not taken again is nobody's. */
      if (self->round == 1 && p->conn == NULL)
        p->gone = TRUE;
      pat_rules_deal_number (self->rules, &p->state, &self->deal, &options);
      /* A player away plays on coming back; the round waits for them. A deal over before its
       * first move (some Demon deals are) ends everyone's round at once: nobody can move. */
      p->played = !p->gone;
      p->ended = p->gone || self->rules->status (&p->state) != PAT_STATUS_PLAYING;
      p->n_moves = 0;
      g_ptr_array_set_size (p->moves, 0);
    }

  arm_time_limit (self);
  m = round_start (self);
  broadcast (self, m);
  for (i = 0; i < self->n_players; i++)
    send_player_state (self, i);
  check_round_end (self);
  return G_SOURCE_REMOVE;
}

/* The winner after a round: the highest total (of a team where there are teams) at or above the
 * target, alone at the top; after the last round, the highest even below it. -1 for none (play
 * on, or a draw when @last). */
static int
find_winner (const int *totals,
             guint      n,
             int        target,
             gboolean   last)
{
  int best = -1;
  gboolean tie = FALSE;
  guint i;

  for (i = 0; i < n; i++)
    {
      if (best < 0 || totals[i] > totals[best])
        {
          best = (int) i;
          tie = FALSE;
        }
      else if (totals[i] == totals[best])
        tie = TRUE;
    }
  if (best < 0 || tie || (!last && totals[best] < target))
    return -1;
  return best;
}

static void
finish (PatNetHost *self,
        int         winner)
{
  g_autoptr(PatNetMessage) bye = pat_net_message_new (PAT_NET_MSG_BYE);
  PatNetMessage *m = pat_net_message_new (PAT_NET_MSG_MATCH_END);
  guint i;

  fill_lobby (self, m);
  for (i = 0; i < self->n_players; i++)
    m->players[i].total = self->players[i].total;
  for (i = 0; i < self->n_players; i++)
    if (self->players[i].team >= 0)
      m->team_totals[self->players[i].team] += self->players[i].total;
  m->winner = winner;
  g_clear_pointer (&self->result, pat_net_message_free);
  self->result = m;
  self->finished = TRUE;
  broadcast (self, m);

  g_strlcpy (bye->text, "the match is over", sizeof bye->text);
  for (i = 0; i < self->conns->len; i++)
    {
      Conn *conn = g_ptr_array_index (self->conns, i);

      if (!conn->done)
        close_conn (conn, bye, SOUP_WEBSOCKET_CLOSE_NORMAL, "the match is over");
    }
  g_signal_emit (self, signals[FINISHED], 0);
}

static void save_state (PatNetHost *self);

static void
check_round_end_now (PatNetHost *self)
{
  g_autoptr(PatNetMessage) m = NULL;
  int totals[PAT_NET_MAX_PLAYERS] = { 0, };
  guint n_totals;
  gboolean anyone_here = FALSE;
  gboolean last;
  int winner;
  guint i;

  if (self->round == 0 || self->finished || self->next_round_id != 0)
    return;
  for (i = 0; i < self->n_players; i++)
    if (!self->players[i].ended)
      return;

  g_clear_handle_id (&self->time_limit_id, g_source_remove);
  m = pat_net_message_new (PAT_NET_MSG_ROUND_END);
  m->round = self->round;
  m->n_teams = self->settings.n_teams;
  m->n_players = self->n_players;
  for (i = 0; i < self->n_players; i++)
    {
      Player *p = &self->players[i];
      int score = p->played ? self->rules->score (&p->state) : 0;

      p->total += score;
      m->players[i].id = i;
      m->players[i].score = score;
      m->players[i].total = p->total;
      if (p->team >= 0)
        m->team_totals[p->team] += p->total;
      anyone_here |= !p->gone;
    }
  broadcast (self, m);

  if (self->settings.n_teams > 0)
    {
      n_totals = self->settings.n_teams;
      memcpy (totals, m->team_totals, sizeof m->team_totals);
    }
  else
    {
      n_totals = self->n_players;
      for (i = 0; i < self->n_players; i++)
        totals[i] = self->players[i].total;
    }
  /* A match everyone has left ends with the table as it stands. */
  last = self->round >= PAT_NET_MAX_ROUNDS || !anyone_here;
  winner = find_winner (totals, n_totals, self->settings.target, last);
  if (winner >= 0 || last)
    finish (self, winner);
  else
    self->next_round_id = g_timeout_add (self->settings.round_pause_ms, start_round_cb, self);
}

/* Every change to the match goes through here: the round may be over, and the match is saved. */
static void
check_round_end (PatNetHost *self)
{
  check_round_end_now (self);
  save_state (self);
}

static void
play_move (PatNetHost          *self,
           Conn                *conn,
           const PatNetMessage *message)
{
  g_autoptr(PatNetMessage) refused = NULL;
  g_autoptr(GError) error = NULL;
  Player *p = &self->players[conn->player];
  PatStatus status;
  PatMove move;

  /* A move sent again after a lost connection, already played: nothing to do. */
  if (message->round == self->round && self->next_round_id == 0 && message->seq < p->n_moves)
    return;
  if (message->round != self->round || self->next_round_id != 0)
    error = g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_PROTOCOL,
                         "round %u is not being played", message->round);
  else if (p->ended)
    error = g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_PROTOCOL, "your round is over");
  else if (message->seq != p->n_moves)
    error = g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_PROTOCOL,
                         "move %u came when move %u was expected", message->seq, p->n_moves);
  else if (p->n_moves >= PAT_NET_MAX_MOVES_PER_ROUND)
    error = g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_PROTOCOL,
                         "no more than %d moves a round", PAT_NET_MAX_MOVES_PER_ROUND);
  else if (pat_rules_parse_move (self->rules, &p->state, message->move, &move, &error))
    pat_rules_try_move (self->rules, &p->state, &move, NULL, &error);

  if (error != NULL)
    {
      refused = pat_net_message_new (PAT_NET_MSG_MOVE_REFUSED);
      refused->round = message->round;
      refused->seq = message->seq;
      {
        g_autofree char *why = g_strdup_printf ("%s: %s", message->move, error->message);

        g_utf8_strncpy (refused->text, why, MIN (g_utf8_strlen (why, -1), PAT_NET_MAX_TEXT_CHARS));
        pat_net_text_sanitize (refused->text);
      }
      send_to (conn, refused);
      g_signal_emit (self, signals[TURNED_AWAY], 0, conn->address, conn->player, refused->text);
      return;
    }

  p->n_moves++;
  g_ptr_array_add (p->moves, g_strdup (message->move));
  g_signal_emit (self, signals[MOVE_PLAYED], 0, (guint) conn->player, self->round,
                 message->move);
  status = self->rules->status (&p->state);
  if (status != PAT_STATUS_PLAYING || p->n_moves >= PAT_NET_MAX_MOVES_PER_ROUND)
    p->ended = TRUE;
  send_player_state (self, (guint) conn->player);
  check_round_end (self);
}

static void
end_round (PatNetHost          *self,
           Conn                *conn,
           const PatNetMessage *message)
{
  Player *p = &self->players[conn->player];

  /* An end for a round already over (the host ended it first) is no fault. */
  if (message->round != self->round || p->ended)
    return;
  p->ended = TRUE;
  send_player_state (self, (guint) conn->player);
  check_round_end (self);
}

static guint
n_connected (PatNetHost *self)
{
  guint n = 0;
  guint i;

  for (i = 0; i < self->n_players; i++)
    if (self->players[i].conn != NULL)
      n++;
  return n;
}

static gboolean
name_taken (PatNetHost *self,
            const char *name)
{
  g_autofree char *folded = g_utf8_casefold (name, -1);
  guint i;

  for (i = 0; i < self->n_players; i++)
    {
      g_autofree char *other = NULL;

      if (self->round == 0 && self->players[i].conn == NULL)
        continue;
      other = g_utf8_casefold (self->players[i].name, -1);
      if (strcmp (folded, other) == 0)
        return TRUE;
    }
  return FALSE;
}

/* A wrong code or token: counted against the address, and answered later each time. */
static void
refuse_later (PatNetHost    *self,
              Conn          *conn,
              PatNetRefusal  refusal,
              const char    *why)
{
  guint failures = GPOINTER_TO_UINT (g_hash_table_lookup (self->failures, conn->address));

  failures++;
  g_hash_table_replace (self->failures, g_strdup (conn->address), GUINT_TO_POINTER (failures));
  conn->done = TRUE;
  conn->refusal = pat_net_message_new (PAT_NET_MSG_REFUSED);
  conn->refusal->refusal = refusal;
  g_snprintf (conn->refusal->text, sizeof conn->refusal->text, "%s (%u of %d tries used)", why,
              failures, PAT_NET_MAX_WRONG_CODES);
  /* Each wrong code waits twice as long as the one before. */
  conn->refuse_id = g_timeout_add (self->settings.wrong_code_delay_ms << (failures - 1),
                                   delayed_refusal_cb, conn);
}

static void
hello (PatNetHost          *self,
       Conn                *conn,
       const PatNetMessage *message)
{
  guint failures = GPOINTER_TO_UINT (g_hash_table_lookup (self->failures, conn->address));
  g_autoptr(PatNetMessage) welcome = NULL;
  guint seat;
  Player *p;

  g_clear_handle_id (&conn->hello_timeout_id, g_source_remove);
  if (failures >= PAT_NET_MAX_WRONG_CODES)
    {
      refuse (conn, PAT_NET_REFUSAL_LOCKED_OUT,
              "too many wrong codes came from this address; ask the host to start a new match");
      return;
    }
  if (strcmp (message->code, self->code) != 0)
    {
      refuse_later (self, conn, PAT_NET_REFUSAL_WRONG_CODE, "the match code is wrong");
      return;
    }
  if (self->round > 0)
    {
      refuse (conn, PAT_NET_REFUSAL_STARTED, "the match has started");
      return;
    }
  if (n_connected (self) >= self->settings.n_players)
    {
      refuse (conn, PAT_NET_REFUSAL_FULL, "the match is full");
      return;
    }
  if (name_taken (self, message->name))
    {
      refuse (conn, PAT_NET_REFUSAL_NAME_TAKEN, "another player has that name");
      return;
    }
  if ((self->settings.n_teams == 0 && message->team != -1) ||
      (self->settings.n_teams > 0 &&
       (message->team < 0 || (guint) message->team >= self->settings.n_teams)))
    {
      refuse (conn, PAT_NET_REFUSAL_BAD_TEAM,
              self->settings.n_teams == 0 ? "this match has no teams" :
                                            "choose one of the match's teams");
      return;
    }

  /* A seat left before the first round is taken again, so that ids stay as players were told. */
  for (seat = 0; seat < self->n_players; seat++)
    if (self->players[seat].conn == NULL)
      break;
  if (seat == self->n_players)
    self->n_players++;
  conn->player = (int) seat;
  p = &self->players[seat];
  g_clear_pointer (&p->moves, g_ptr_array_unref);
  memset (p, 0, sizeof *p);
  p->used = TRUE;
  p->moves = g_ptr_array_new_with_free_func (g_free);
  {
    g_autofree char *token = pat_net_token_new ();

    g_strlcpy (p->token, token, sizeof p->token);
  }
  g_strlcpy (p->name, message->name, sizeof p->name);
  p->team = message->team;
  p->conn = conn;

  welcome = pat_net_message_new (PAT_NET_MSG_WELCOME);
  welcome->player = (guint) conn->player;
  g_strlcpy (welcome->name, self->name, sizeof welcome->name);
  welcome->target = self->settings.target;
  welcome->n_teams = self->settings.n_teams;
  welcome->die_mode = self->settings.die_mode;
  g_strlcpy (welcome->token, p->token, sizeof welcome->token);
  send_to (conn, welcome);
  send_lobby (self);
  save_state (self);

  if (n_connected (self) == self->settings.n_players)
    self->next_round_id = g_timeout_add (self->settings.round_pause_ms, start_round_cb, self);
}

/* A player whose connection dropped takes their seat again with its token, and is told where
 * the match stands: the round being played and every player's state, their own move count
 * among them, from which they send again what the host has not seen. */
static void
rejoin (PatNetHost          *self,
        Conn                *conn,
        const PatNetMessage *message)
{
  guint failures = GPOINTER_TO_UINT (g_hash_table_lookup (self->failures, conn->address));
  g_autoptr(PatNetMessage) welcome = NULL;
  Player *p = NULL;
  guint i;

  g_clear_handle_id (&conn->hello_timeout_id, g_source_remove);
  if (failures >= PAT_NET_MAX_WRONG_CODES)
    {
      refuse (conn, PAT_NET_REFUSAL_LOCKED_OUT,
              "too many wrong codes came from this address; ask the host to start a new match");
      return;
    }
  if (message->player < self->n_players && self->players[message->player].used)
    p = &self->players[message->player];
  /* The token is compared in full even when the seat does not exist, against a token of
   * nobody's, so that the time taken says nothing. */
  if (!pat_net_token_equal (message->token, p != NULL ? p->token :
                                                        "00000000000000000000000000000000") ||
      p == NULL)
    {
      refuse_later (self, conn, PAT_NET_REFUSAL_BAD_TOKEN, "no seat of this match has that token");
      return;
    }
  if (p->gone)
    {
      refuse (conn, PAT_NET_REFUSAL_GONE, "your seat is closed: you left, or were away too long");
      return;
    }
  if (p->conn != NULL)
    {
      /* The old connection is dead but has not said so yet (a cut link). */
      Conn *old = p->conn;

      p->conn = NULL;
      close_conn (old, NULL, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, "the player connected again");
    }
  p->conn = conn;
  p->away_since = 0;
  conn->player = (int) message->player;

  welcome = pat_net_message_new (PAT_NET_MSG_WELCOME);
  welcome->player = message->player;
  g_strlcpy (welcome->name, self->name, sizeof welcome->name);
  welcome->target = self->settings.target;
  welcome->n_teams = self->settings.n_teams;
  welcome->die_mode = self->settings.die_mode;
  g_strlcpy (welcome->token, p->token, sizeof welcome->token);
  send_to (conn, welcome);
  send_lobby (self);
  if (self->round > 0)
    {
      if (self->next_round_id == 0)
        {
          g_autoptr(PatNetMessage) start = round_start (self);

          send_to (conn, start);
        }
      for (i = 0; i < self->n_players; i++)
        {
          g_autoptr(PatNetMessage) state = player_state (self, i);

          send_to (conn, state);
        }
    }
  else if (self->next_round_id == 0 && n_connected (self) == self->settings.n_players)
    self->next_round_id = g_timeout_add (self->settings.round_pause_ms, start_round_cb, self);
  g_signal_emit (self, signals[REJOINED], 0, message->player);
}

static void
ws_message_cb (SoupWebsocketConnection *ws,
               int                      type,
               GBytes                  *bytes,
               Conn                    *conn)
{
  PatNetHost *self = conn->host;
  g_autoptr(PatNetMessage) message = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *why = NULL;

  if (conn->done)
    return;
  conn->last_heard = g_get_monotonic_time ();
  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      turn_away (conn, "binary messages are not part of the protocol");
      return;
    }
  message = pat_net_message_read_bytes (bytes, &error);
  if (message == NULL)
    {
      if (conn->player < 0 && g_error_matches (error, PAT_NET_ERROR, PAT_NET_ERROR_VERSION))
        {
          why = g_strdup_printf ("this host speaks protocol version %d: %s",
                                 PAT_NET_PROTOCOL_VERSION, error->message);
          refuse (conn, PAT_NET_REFUSAL_VERSION, why);
          return;
        }
      why = g_strdup_printf ("bad message: %s", error->message);
      if (error->code == PAT_NET_ERROR_TOO_BIG)
        turn_away_with_code (conn, why, SOUP_WEBSOCKET_CLOSE_TOO_BIG);
      else
        turn_away (conn, why);
      return;
    }

  if (conn->player < 0)
    {
      if (message->type == PAT_NET_MSG_HELLO)
        hello (self, conn, message);
      else if (message->type == PAT_NET_MSG_REJOIN)
        rejoin (self, conn, message);
      else
        turn_away (conn, "the first message must be hello or rejoin");
      return;
    }

  switch (message->type)
    {
    case PAT_NET_MSG_MOVE:
      play_move (self, conn, message);
      break;
    case PAT_NET_MSG_END_ROUND:
      end_round (self, conn, message);
      break;
    case PAT_NET_MSG_BYE:
      conn->leaving = TRUE;
      close_conn (conn, NULL, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
      break;
    case PAT_NET_MSG_ERROR:
      g_signal_emit (self, signals[TURNED_AWAY], 0, conn->address, conn->player, message->text);
      conn->leaving = TRUE;
      close_conn (conn, NULL, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
      break;
    case PAT_NET_MSG_HELLO:
    case PAT_NET_MSG_REJOIN:
    case PAT_NET_MSG_WELCOME:
    case PAT_NET_MSG_REFUSED:
    case PAT_NET_MSG_LOBBY:
    case PAT_NET_MSG_ROUND_START:
    case PAT_NET_MSG_MOVE_REFUSED:
    case PAT_NET_MSG_PLAYER_STATE:
    case PAT_NET_MSG_ROUND_END:
    case PAT_NET_MSG_MATCH_END:
    case PAT_NET_N_MESSAGE_TYPES:
    default:
      why = g_strdup_printf ("a player does not send %s",
                             pat_net_message_type_to_string (message->type));
      turn_away (conn, why);
      break;
    }
}

/* A player out for good keeps the round's score as it stands. */
static void
make_gone (PatNetHost *self,
           guint       player)
{
  Player *p = &self->players[player];

  p->gone = TRUE;
  p->away_since = 0;
  if (self->round > 0 && !p->ended)
    {
      p->ended = TRUE;
      send_player_state (self, player);
    }
  send_lobby (self);
  check_round_end (self);
}

/* @conn's player has no connection any more: away (their seat and round wait for them) or,
 * when they said bye, gone. */
static void
lose_player (PatNetHost *self,
             Conn       *conn)
{
  int player = conn->player;
  Player *p;

  if (player < 0 || self->players[player].conn != conn || self->finished)
    return;
  p = &self->players[player];
  p->conn = NULL;
  if (self->round > 0 && conn->leaving)
    {
      make_gone (self, (guint) player);
      return;
    }
  if (self->round > 0)
    p->away_since = g_get_monotonic_time ();
  send_lobby (self);
  check_round_end (self);
}

static gboolean
tick_cb (gpointer user_data)
{
  PatNetHost *self = user_data;
  gint64 now = g_get_monotonic_time ();
  guint grace = self->settings.grace_s;
  guint i;

  for (i = 0; i < self->conns->len; i++)
    {
      Conn *conn = g_ptr_array_index (self->conns, i);

      if (conn->player >= 0 && !conn->done &&
          now - conn->last_heard > (gint64) PAT_NET_SILENCE_S * G_USEC_PER_SEC)
        {
          g_autofree char *why = g_strdup_printf ("no word for %d s: the connection is lost",
                                                  PAT_NET_SILENCE_S);

          g_signal_emit (self, signals[TURNED_AWAY], 0, conn->address, conn->player, why);
          lose_player (self, conn);
          close_conn (conn, NULL, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, "no word");
        }
    }
  for (i = 0; i < self->n_players && !self->finished; i++)
    {
      Player *p = &self->players[i];

      if (p->used && !p->gone && p->conn == NULL && p->away_since > 0 &&
          now - p->away_since >= (gint64) grace * G_USEC_PER_SEC)
        make_gone (self, i);
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
free_conn_cb (gpointer user_data)
{
  return G_SOURCE_REMOVE;
}

static void
ws_closed_cb (SoupWebsocketConnection *ws,
              Conn                    *conn)
{
  PatNetHost *self = conn->host;
  int player = conn->player;
  gushort code = soup_websocket_connection_get_close_code (ws);
  guint index;

  /* libsoup drops a connection itself for a message over PAT_NET_MAX_FRAME or text that is
   * not UTF-8; say why, as for the host's own refusals. */
  if (!conn->done && (conn->failure != NULL || (code != SOUP_WEBSOCKET_CLOSE_NORMAL &&
                                                code != SOUP_WEBSOCKET_CLOSE_GOING_AWAY)))
    {
      const char *data = soup_websocket_connection_get_close_data (ws);
      g_autofree char *why = NULL;

      if (conn->failure != NULL)
        why = g_strdup_printf ("connection dropped: %s", conn->failure);
      else
        why = g_strdup_printf ("connection closed with code %u: %s", (guint) code,
                               data != NULL ? data : "");
      g_signal_emit (self, signals[TURNED_AWAY], 0, conn->address, player, why);
    }
  /* Freed once libsoup is done with the connection, not inside its own signal. */
  g_signal_handlers_disconnect_by_data (ws, conn);
  if (g_ptr_array_find (self->conns, conn, &index))
    g_ptr_array_steal_index_fast (self->conns, index);
  g_idle_add_full (G_PRIORITY_DEFAULT, free_conn_cb, conn, (GDestroyNotify) conn_free);
  lose_player (self, conn);
}

static void
ws_error_cb (SoupWebsocketConnection *ws,
             GError                  *error,
             Conn                    *conn)
{
  if (conn->failure == NULL)
    conn->failure = g_strdup (error->message);
}

static gboolean
hello_timeout_cb (gpointer user_data)
{
  Conn *conn = user_data;

  conn->hello_timeout_id = 0;
  turn_away (conn, "no hello came in time");
  return G_SOURCE_REMOVE;
}

static void
heard_cb (Conn *conn)
{
  conn->last_heard = g_get_monotonic_time ();
}

static void
websocket_cb (SoupServer              *server,
              SoupServerMessage       *msg,
              const char              *path,
              SoupWebsocketConnection *ws,
              gpointer                 user_data)
{
  PatNetHost *self = user_data;
  guint pending = 0;
  Conn *conn;
  guint i;

  conn = g_new0 (Conn, 1);
  conn->host = self;
  conn->ws = g_object_ref (ws);
  conn->address = g_strdup (soup_server_message_get_remote_host (msg));
  conn->player = -1;
  conn->last_heard = g_get_monotonic_time ();
  soup_websocket_connection_set_max_incoming_payload_size (ws, PAT_NET_MAX_FRAME);
  soup_websocket_connection_set_keepalive_interval (ws, PAT_NET_KEEPALIVE_S);
  g_signal_connect_swapped (ws, "pong", G_CALLBACK (heard_cb), conn);
  g_signal_connect (ws, "message", G_CALLBACK (ws_message_cb), conn);
  g_signal_connect (ws, "error", G_CALLBACK (ws_error_cb), conn);
  g_signal_connect (ws, "closed", G_CALLBACK (ws_closed_cb), conn);

  for (i = 0; i < self->conns->len; i++)
    if (((Conn *) g_ptr_array_index (self->conns, i))->player < 0)
      pending++;
  g_ptr_array_add (self->conns, conn);

  if (self->finished)
    refuse (conn, PAT_NET_REFUSAL_STARTED, "the match is over");
  else if (pending >= PAT_NET_MAX_PENDING)
    turn_away (conn, "too many connections are waiting to join");
  else
    conn->hello_timeout_id = g_timeout_add_seconds (PAT_NET_HELLO_TIMEOUT_S, hello_timeout_cb,
                                                    conn);
}

static void
conn_free (Conn *conn)
{
  g_clear_handle_id (&conn->hello_timeout_id, g_source_remove);
  g_clear_handle_id (&conn->refuse_id, g_source_remove);
  g_clear_pointer (&conn->refusal, pat_net_message_free);
  g_free (conn->failure);
  g_signal_handlers_disconnect_by_data (conn->ws, conn);
  if (soup_websocket_connection_get_state (conn->ws) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (conn->ws, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
  g_clear_object (&conn->ws);
  g_free (conn->address);
  g_free (conn);
}

/* The saved match: a JSON object of the settings, the round, and each seat with its token,
 * total and the moves accepted this round, from which the positions are replayed. */
#define STATE_FORMAT 1

static void
save_state (PatNetHost *self)
{
  g_autoptr(JsonBuilder) b = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  char deal[PAT_DEAL_NUMBER_MAX_DIGITS + 1];
  guint i, j;

  if (self->state_path == NULL)
    return;
  b = json_builder_new_immutable ();
  pat_deal_number_format (&self->settings.first_deal, deal);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "patience-match");
  json_builder_add_int_value (b, STATE_FORMAT);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, self->name);
  json_builder_set_member_name (b, "code");
  json_builder_add_string_value (b, self->code);
  json_builder_set_member_name (b, "target");
  json_builder_add_int_value (b, self->settings.target);
  json_builder_set_member_name (b, "teams");
  json_builder_add_int_value (b, self->settings.n_teams);
  json_builder_set_member_name (b, "die");
  json_builder_add_int_value (b, self->settings.die_mode);
  json_builder_set_member_name (b, "players");
  json_builder_add_int_value (b, self->settings.n_players);
  json_builder_set_member_name (b, "first_deal");
  json_builder_add_string_value (b, deal);
  json_builder_set_member_name (b, "time_limit");
  json_builder_add_int_value (b, self->settings.round_time_limit_s);
  json_builder_set_member_name (b, "round");
  json_builder_add_int_value (b, self->round);
  json_builder_set_member_name (b, "between_rounds");
  json_builder_add_boolean_value (b, self->next_round_id != 0 && self->round > 0);
  json_builder_set_member_name (b, "finished");
  json_builder_add_boolean_value (b, self->finished);
  json_builder_set_member_name (b, "seats");
  json_builder_begin_array (b);
  for (i = 0; i < self->n_players; i++)
    {
      Player *p = &self->players[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, p->name);
      json_builder_set_member_name (b, "team");
      json_builder_add_int_value (b, p->team);
      json_builder_set_member_name (b, "token");
      json_builder_add_string_value (b, p->token);
      json_builder_set_member_name (b, "gone");
      json_builder_add_boolean_value (b, p->gone);
      json_builder_set_member_name (b, "played");
      json_builder_add_boolean_value (b, p->played);
      json_builder_set_member_name (b, "ended");
      json_builder_add_boolean_value (b, p->ended);
      json_builder_set_member_name (b, "total");
      json_builder_add_int_value (b, p->total);
      json_builder_set_member_name (b, "moves");
      json_builder_begin_array (b);
      for (j = 0; p->moves != NULL && j < p->moves->len; j++)
        json_builder_add_string_value (b, g_ptr_array_index (p->moves, j));
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  text = json_to_string (root, FALSE);
  /* A temporary file, synced, renamed over the old one: a crash leaves one or the other. The
   * tokens are secrets: readable by the owner only. */
  if (!g_file_set_contents_full (self->state_path, text, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0600, &error))
    g_warning ("cannot save the match: %s", error->message);
}

static gboolean
state_fail (GError     **error,
            const char  *path,
            const char  *what)
{
  g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED, "%s is not a saved match: %s", path,
               what);
  return FALSE;
}

/* Reads the seats and the round of a saved match into @self, replaying each seat's moves. */
static gboolean
load_seats (PatNetHost  *self,
            JsonObject  *object,
            const char  *path,
            GError     **error)
{
  PatOptions options = { self->settings.die_mode };
  JsonArray *seats = json_object_get_array_member (object, "seats");
  gint64 round = json_object_get_int_member_with_default (object, "round", -1);
  gint64 now = g_get_monotonic_time ();
  guint i, j;

  if (seats == NULL || json_array_get_length (seats) > PAT_NET_MAX_PLAYERS ||
      round < 0 || round > PAT_NET_MAX_ROUNDS)
    return state_fail (error, path, "no seats, or a round out of range");
  self->round = (guint) round;
  self->finished = json_object_get_boolean_member_with_default (object, "finished", FALSE);
  if (self->round > 0)
    self->deal = deal_of_round (self, self->round);
  self->n_players = json_array_get_length (seats);
  for (i = 0; i < self->n_players; i++)
    {
      JsonObject *seat = json_array_get_object_element (seats, i);
      Player *p = &self->players[i];
      const char *name = seat != NULL ? json_object_get_string_member_with_default (seat, "name",
                                                                                      "") : "";
      const char *token = seat != NULL ?
        json_object_get_string_member_with_default (seat, "token", "") : "";
      JsonArray *moves = seat != NULL ? json_object_get_array_member (seat, "moves") : NULL;

      if (!pat_net_name_valid (name, NULL) || !pat_net_token_valid (token) || moves == NULL ||
          json_array_get_length (moves) > PAT_NET_MAX_MOVES_PER_ROUND)
        return state_fail (error, path, "a seat without a name, a token or moves");
      p->used = TRUE;
      g_strlcpy (p->name, name, sizeof p->name);
      g_strlcpy (p->token, token, sizeof p->token);
      p->team = (int) json_object_get_int_member_with_default (seat, "team", -1);
      if (p->team < -1 || p->team >= (int) MAX (self->settings.n_teams, 1) ||
          (self->settings.n_teams > 0 && p->team < 0))
        return state_fail (error, path, "a seat's team is not one of the match's");
      p->gone = json_object_get_boolean_member_with_default (seat, "gone", FALSE);
      p->played = json_object_get_boolean_member_with_default (seat, "played", FALSE);
      p->ended = json_object_get_boolean_member_with_default (seat, "ended", FALSE);
      p->total = (int) CLAMP (json_object_get_int_member_with_default (seat, "total", 0),
                              -PAT_NET_MAX_TOTAL, PAT_NET_MAX_TOTAL);
      p->moves = g_ptr_array_new_with_free_func (g_free);
      /* Everyone is away until they rejoin; the grace period starts now. */
      p->away_since = self->round > 0 && !p->gone ? now : 0;
      if (self->round == 0)
        continue;
      pat_rules_deal_number (self->rules, &p->state, &self->deal, &options);
      for (j = 0; j < json_array_get_length (moves); j++)
        {
          const char *text = json_array_get_string_element (moves, j);
          PatMove move;

          if (text == NULL || strlen (text) > PAT_NET_MAX_MOVE_TEXT ||
              !pat_rules_parse_move (self->rules, &p->state, text, &move, NULL) ||
              !pat_rules_try_move (self->rules, &p->state, &move, NULL, NULL))
            return state_fail (error, path, "a seat's moves do not replay on the deal");
          g_ptr_array_add (p->moves, g_strdup (text));
        }
      p->n_moves = p->moves->len;
    }
  if (self->round > 0 &&
      json_object_get_boolean_member_with_default (object, "between_rounds", FALSE))
    self->next_round_id = g_timeout_add (self->settings.round_pause_ms, start_round_cb, self);
  return TRUE;
}

/**
 * pat_net_host_new_from_state:
 * @path: a file pat_net_host_set_state_file() wrote
 * @round_pause_ms: between a round's end and the next round's start
 * @grace_s: how long a player away is waited for (0: PAT_NET_GRACE_S)
 * @certificate: the host's certificate, the one players pinned
 * @error: return location for a #GError
 *
 * Resumes a saved match where it was: the same code, seats and tokens, every position replayed
 * from the moves the host had accepted. Every player is away until they rejoin; the match
 * goes on saving to @path.
 *
 * Returns: (transfer full) (nullable): a host, not listening yet
 */
PatNetHost *
pat_net_host_new_from_state (const char       *path,
                             guint             round_pause_ms,
                             guint             grace_s,
                             GTlsCertificate  *certificate,
                             GError          **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(PatNetHost) self = NULL;
  g_autofree char *name = NULL, *code = NULL;
  PatNetHostSettings settings = { 0, };
  JsonObject *object;
  JsonNode *root;

  if (!json_parser_load_from_mapped_file (parser, path, error))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root) ||
      json_object_get_int_member_with_default (json_node_get_object (root), "patience-match",
                                               0) != STATE_FORMAT)
    {
      state_fail (error, path, "not a match saved by this version");
      return NULL;
    }
  object = json_node_get_object (root);
  name = g_strdup (json_object_get_string_member_with_default (object, "name", ""));
  code = g_strdup (json_object_get_string_member_with_default (object, "code", ""));
  settings.name = name;
  settings.code = code;
  settings.target = (int) json_object_get_int_member_with_default (object, "target", 0);
  settings.n_teams = (guint) json_object_get_int_member_with_default (object, "teams", 9);
  settings.die_mode = (PatDieMode) CLAMP (json_object_get_int_member_with_default (object, "die",
                                                                                   0),
                                          PAT_DIE_OFF, PAT_DIE_PER_PASS);
  settings.n_players = (guint) json_object_get_int_member_with_default (object, "players", 0);
  settings.round_pause_ms = round_pause_ms;
  settings.grace_s = grace_s;
  /* Saved before time limits were: none. Out of range: pat_net_host_new() says so. */
  settings.round_time_limit_s =
    (guint) CLAMP (json_object_get_int_member_with_default (object, "time_limit", 0), 0,
                   G_MAXUINT);
  if (!pat_deal_number_parse (json_object_get_string_member_with_default (object, "first_deal",
                                                                          ""),
                              &settings.first_deal, NULL))
    {
      state_fail (error, path, "no first deal");
      return NULL;
    }
  self = pat_net_host_new (&settings, certificate, error);
  if (self == NULL || !load_seats (self, object, path, error))
    return NULL;
  if (self->finished)
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED, "the match saved in %s is over",
                   path);
      return NULL;
    }
  /* The round being played gets its whole time limit again: the time it had left when the
   * host stopped is not saved. */
  if (self->round > 0 && self->next_round_id == 0)
    arm_time_limit (self);
  self->state_path = g_strdup (path);
  return g_steal_pointer (&self);
}

/**
 * pat_net_host_set_state_file:
 * @self: a host
 * @path: where to save the match after every change
 *
 * Saves the match now and after every change (a player in, a move, a round's end): written to
 * a temporary file, synced and renamed over @path, readable by its owner only.
 */
void
pat_net_host_set_state_file (PatNetHost *self,
                             const char *path)
{
  g_free (self->state_path);
  self->state_path = g_strdup (path);
  save_state (self);
}

guint
pat_net_host_get_round (PatNetHost *self)
{
  return self->round;
}

/**
 * pat_net_host_listen:
 * @self: a host
 * @address: an IP address to listen on (127.0.0.1 for this computer only)
 * @port: the port, or 0 for any free one (pat_net_host_get_port() says which)
 * @error: return location for a #GError
 *
 * Returns: whether the host listens
 */
gboolean
pat_net_host_listen (PatNetHost  *self,
                     const char  *address,
                     guint        port,
                     GError     **error)
{
  g_autoptr(GSocketAddress) where = NULL;
  GSList *uris;

  g_return_val_if_fail (PAT_IS_NET_HOST (self), FALSE);

  where = g_inet_socket_address_new_from_string (address, port);
  if (where == NULL)
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
                   "'%s' is not an IP address to listen on", address);
      return FALSE;
    }
  if (!soup_server_listen (self->server, where, SOUP_SERVER_LISTEN_HTTPS, error))
    return FALSE;
  uris = soup_server_get_uris (self->server);
  if (uris != NULL)
    self->port = (guint) g_uri_get_port (uris->data);
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  return TRUE;
}

/**
 * pat_net_host_end:
 *
 * Ends the match before its end (the hosting player left): every player is told so with bye
 * and their connection closed; nobody can join or rejoin any more.
 */
void
pat_net_host_end (PatNetHost *self)
{
  g_autoptr(PatNetMessage) bye = pat_net_message_new (PAT_NET_MSG_BYE);
  guint i;

  g_return_if_fail (PAT_IS_NET_HOST (self));

  if (self->finished)
    return;
  self->finished = TRUE;
  g_clear_handle_id (&self->next_round_id, g_source_remove);
  g_strlcpy (bye->text, "the host ended the match", sizeof bye->text);
  for (i = 0; i < self->conns->len; i++)
    {
      Conn *conn = g_ptr_array_index (self->conns, i);

      if (!conn->done)
        close_conn (conn, bye, SOUP_WEBSOCKET_CLOSE_NORMAL, "the host ended the match");
    }
}

/**
 * pat_net_host_start_now:
 *
 * Starts the first round with the players who have joined, without waiting for the rest: the
 * match is for them from now on (the seats awaited are given up, the announcement says it is
 * full). Before the first round only, and with at least one player.
 *
 * Returns: whether the round will start
 */
gboolean
pat_net_host_start_now (PatNetHost *self)
{
  guint joined;

  g_return_val_if_fail (PAT_IS_NET_HOST (self), FALSE);

  joined = n_connected (self);
  if (self->round > 0 || self->finished || joined == 0)
    return FALSE;
  self->settings.n_players = joined;
  save_state (self);
  if (self->next_round_id == 0)
    self->next_round_id = g_timeout_add (self->settings.round_pause_ms, start_round_cb, self);
  return TRUE;
}

/* The players joined now (connected), and those the first round waits for. */
guint
pat_net_host_get_n_joined (PatNetHost *self)
{
  g_return_val_if_fail (PAT_IS_NET_HOST (self), 0);

  return n_connected (self);
}

guint
pat_net_host_get_n_awaited (PatNetHost *self)
{
  g_return_val_if_fail (PAT_IS_NET_HOST (self), 0);

  return self->settings.n_players;
}

guint
pat_net_host_get_port (PatNetHost *self)
{
  return self->port;
}

const char *
pat_net_host_get_code (PatNetHost *self)
{
  return self->code;
}

gboolean
pat_net_host_get_finished (PatNetHost *self)
{
  return self->finished;
}

const PatNetMessage *
pat_net_host_get_result (PatNetHost *self)
{
  return self->result;
}

static void
pat_net_host_dispose (GObject *object)
{
  PatNetHost *self = PAT_NET_HOST (object);

  g_clear_handle_id (&self->next_round_id, g_source_remove);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_handle_id (&self->time_limit_id, g_source_remove);
  if (self->conns != NULL)
    g_ptr_array_set_size (self->conns, 0);
  if (self->server != NULL)
    soup_server_disconnect (self->server);
  g_clear_object (&self->server);
  g_clear_object (&self->certificate);

  G_OBJECT_CLASS (pat_net_host_parent_class)->dispose (object);
}

static void
pat_net_host_finalize (GObject *object)
{
  PatNetHost *self = PAT_NET_HOST (object);
  guint i;

  g_clear_pointer (&self->conns, g_ptr_array_unref);
  g_clear_pointer (&self->failures, g_hash_table_unref);
  for (i = 0; i < PAT_NET_MAX_PLAYERS; i++)
    g_clear_pointer (&self->players[i].moves, g_ptr_array_unref);
  g_clear_pointer (&self->result, pat_net_message_free);
  g_free (self->name);
  g_free (self->code);
  g_free (self->state_path);

  G_OBJECT_CLASS (pat_net_host_parent_class)->finalize (object);
}

static void
pat_net_host_class_init (PatNetHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_net_host_dispose;
  object_class->finalize = pat_net_host_finalize;

  signals[SENT] = g_signal_new ("sent", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[MOVE_PLAYED] = g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                       G_TYPE_UINT, G_TYPE_UINT, G_TYPE_STRING);
  signals[TURNED_AWAY] = g_signal_new ("turned-away", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                       G_TYPE_STRING, G_TYPE_INT, G_TYPE_STRING);
  signals[REJOINED] = g_signal_new ("rejoined", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
pat_net_host_init (PatNetHost *self)
{
  self->conns = g_ptr_array_new_with_free_func ((GDestroyNotify) conn_free);
  self->failures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->rules = pat_rules_match ();
}

/**
 * pat_net_host_new:
 * @settings: the match (copied)
 * @certificate: the host's certificate with its key (pat_net_cert_load_or_create())
 * @error: return location for a #PAT_NET_ERROR_FAILED
 *
 * Returns: (transfer full) (nullable): a host, not listening yet; %NULL when @settings are
 *   out of range
 */
PatNetHost *
pat_net_host_new (const PatNetHostSettings  *settings,
                  GTlsCertificate           *certificate,
                  GError                   **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(PatNetHost) self = NULL;
  const char *protocols[] = { PAT_NET_WS_PROTOCOL, NULL };

  if (settings->name == NULL || !pat_net_name_valid (settings->name, &local))
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED, "the match's name: %s",
                   local != NULL ? local->message : "none");
      return NULL;
    }
  if (settings->code == NULL || !pat_net_code_valid (settings->code))
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
                   "a match code has %d to %d letters of %s", PAT_NET_MIN_CODE, PAT_NET_MAX_CODE,
                   PAT_NET_CODE_ALPHABET);
      return NULL;
    }
  if (settings->target < 1 || settings->target > PAT_NET_MAX_TARGET ||
      settings->n_teams == 1 || settings->n_teams > PAT_NET_MAX_TEAMS ||
      settings->n_players < 1 || settings->n_players > PAT_NET_MAX_PLAYERS ||
      settings->wrong_code_delay_ms > 60000 || settings->round_pause_ms > 600000 ||
      !pat_deal_number_valid (&settings->first_deal))
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
                   "the target is 1 to %d, the teams 0 or 2 to %d, the players 1 to %d",
                   PAT_NET_MAX_TARGET, PAT_NET_MAX_TEAMS, PAT_NET_MAX_PLAYERS);
      return NULL;
    }
  if (settings->round_time_limit_s > PAT_NET_MAX_TIME_LIMIT)
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
                   "a round's time limit is 0 (none) to %d seconds", PAT_NET_MAX_TIME_LIMIT);
      return NULL;
    }

  self = g_object_new (PAT_TYPE_NET_HOST, NULL);
  self->settings = *settings;
  if (self->settings.wrong_code_delay_ms == 0)
    self->settings.wrong_code_delay_ms = PAT_NET_WRONG_CODE_DELAY_MS;
  if (self->settings.grace_s == 0)
    self->settings.grace_s = PAT_NET_GRACE_S;
  self->name = g_strdup (settings->name);
  self->code = g_strdup (settings->code);
  self->settings.name = self->name;
  self->settings.code = self->code;
  self->certificate = g_object_ref (certificate);
  self->server = soup_server_new ("tls-certificate", certificate, "server-header", NULL, NULL);
  soup_server_add_websocket_handler (self->server, PAT_NET_WS_PATH, NULL, (char **) protocols,
                                     websocket_cb, self, NULL);
  self->tick_id = g_timeout_add_seconds (1, tick_cb, self);
  return g_steal_pointer (&self);
}
