/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetBot: a headless player of a network match, moved by the engine's greedy player. */

#include "config.h"

#include "pat-greedy.h"
#include "pat-net-bot.h"

/* The greedy player never goes back to a position, but turning the stock makes new positions
 * for ever: the bot ends its round after this many moves without a card going out. */
#define MAX_MOVES_WITHOUT_PROGRESS 150
/* Reconnecting: the first try after this, then twice as long each time, up to the most. */
#define FIRST_RETRY_MS 500
#define MAX_RETRY_MS 5000

struct _PatNetBot
{
  GObject         parent_instance;

  PatNetClient   *client;
  char           *name;
  int             team;
  char           *code;

  const PatRules *rules;
  int             player;
  guint           round;
  PatState        state;
  PatSeen         seen;
  guint           n_moves;
  guint           out;             /* cards out of play, and the move that last made it more */
  guint           progress_move;
  gboolean        playing;
  guint           move_id;
  gboolean        match_over;
  guint64         rng;           /* 0: always the greedy move */

  GPtrArray      *sent;          /* this round's moves, by number: sent again after a rejoin */
  gboolean        end_sent;      /* end-round sent for this round */
  char            token[PAT_NET_TOKEN_LENGTH + 1];  /* from welcome: "" before */
  guint           rejoin_window_s;
  gint64          give_up_at;    /* while reconnecting: monotonic µs */
  guint           attempt;
  guint           retry_id;
  gboolean        resync;        /* rejoined: waiting for the host's count of our moves */
};

G_DEFINE_FINAL_TYPE (PatNetBot, pat_net_bot, G_TYPE_OBJECT)

enum {
  FINISHED,
  RECONNECTING,
  REJOINED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
send_end_round (PatNetBot *self)
{
  g_autoptr(PatNetMessage) m = pat_net_message_new (PAT_NET_MSG_END_ROUND);

  self->playing = FALSE;
  self->end_sent = TRUE;
  m->round = self->round;
  pat_net_client_send (self->client, m);
}

/* Now and then (one move in eight) a bot with a seed plays a legal move at random, to a position
 * it has not been in, instead of the greedy one: players with different seeds play differently. */
static gboolean
random_move (PatNetBot *self,
             PatMove   *move)
{
  PatMoveList moves;
  guint fresh[PAT_MAX_MOVES];
  guint n_fresh = 0;
  guint i;

  if (self->rng == 0 || pat_random_next (&self->rng) % 8 != 0)
    return FALSE;
  moves.n = 0;
  self->rules->legal_moves (&self->state, &moves);
  for (i = 0; i < moves.n; i++)
    {
      PatState next = self->state;

      self->rules->apply (&next, &moves.moves[i], NULL);
      if (!pat_seen_contains (&self->seen, pat_state_hash (&next)))
        fresh[n_fresh++] = i;
    }
  if (n_fresh == 0)
    return FALSE;
  *move = moves.moves[fresh[pat_random_next (&self->rng) % n_fresh]];
  return TRUE;
}

static gboolean
move_cb (gpointer user_data)
{
  PatNetBot *self = user_data;
  g_autoptr(PatNetMessage) m = NULL;
  g_autofree char *text = NULL;
  PatMove move;

  /* Not while the connection is known to be down, nor before the host said where it stands:
   * the moves would only wait. */
  if (!self->playing || self->resync || !pat_net_client_is_open (self->client))
    {
      self->move_id = 0;
      return G_SOURCE_REMOVE;
    }
  if (self->rules->status (&self->state) != PAT_STATUS_PLAYING)
    {
      /* Won or blocked: the host ends the round itself. */
      self->playing = FALSE;
      self->move_id = 0;
      return G_SOURCE_REMOVE;
    }
  if (self->n_moves >= PAT_NET_MAX_MOVES_PER_ROUND ||
      self->n_moves - self->progress_move >= MAX_MOVES_WITHOUT_PROGRESS ||
      (!random_move (self, &move) &&
       !pat_greedy_next_move (self->rules, &self->state, &self->seen, &move)))
    {
      send_end_round (self);
      self->move_id = 0;
      return G_SOURCE_REMOVE;
    }

  text = pat_rules_format_move (self->rules, &move);
  if (!pat_rules_try_move (self->rules, &self->state, &move, NULL, NULL))
    {
      send_end_round (self);
      self->move_id = 0;
      return G_SOURCE_REMOVE;
    }
  pat_seen_add (&self->seen, pat_state_hash (&self->state));
  if (pat_cards_out (self->rules, &self->state) > self->out)
    {
      self->out = pat_cards_out (self->rules, &self->state);
      self->progress_move = self->n_moves + 1;
    }

  m = pat_net_message_new (PAT_NET_MSG_MOVE);
  m->round = self->round;
  m->seq = self->n_moves++;
  g_strlcpy (m->move, text, sizeof m->move);
  g_ptr_array_add (self->sent, g_strdup (text));
  pat_net_client_send (self->client, m);
  return G_SOURCE_CONTINUE;
}

static void
opened_cb (PatNetClient *client,
           PatNetBot    *self)
{
  g_autoptr(PatNetMessage) hello = pat_net_message_new (PAT_NET_MSG_HELLO);

  if (self->token[0] != '\0')
    {
      g_autoptr(PatNetMessage) rejoin = pat_net_message_new (PAT_NET_MSG_REJOIN);

      g_strlcpy (rejoin->app_version, PACKAGE_VERSION, sizeof rejoin->app_version);
      rejoin->player = (guint) self->player;
      g_strlcpy (rejoin->token, self->token, sizeof rejoin->token);
      pat_net_client_send (client, rejoin);
      return;
    }
  g_strlcpy (hello->app_version, PACKAGE_VERSION, sizeof hello->app_version);
  g_strlcpy (hello->code, self->code, sizeof hello->code);
  g_strlcpy (hello->name, self->name, sizeof hello->name);
  hello->team = self->team;
  pat_net_client_send (client, hello);
}

/* After a rejoin: sends again the moves the host has not seen (it counted @state's moves), and
 * the end of the round if we had sent it; then plays on. */
static void
resend (PatNetBot           *self,
        const PatNetMessage *state)
{
  guint i;

  self->resync = FALSE;
  if (state->n_moves > self->sent->len)
    {
      /* The host has moves this copy never played: it cannot go on from here. */
      g_signal_emit (self, signals[REJOINED], 0, 0u);
      send_end_round (self);
      return;
    }
  for (i = state->n_moves; i < self->sent->len; i++)
    {
      g_autoptr(PatNetMessage) m = pat_net_message_new (PAT_NET_MSG_MOVE);

      m->round = self->round;
      m->seq = i;
      g_strlcpy (m->move, g_ptr_array_index (self->sent, i), sizeof m->move);
      pat_net_client_send (self->client, m);
    }
  g_signal_emit (self, signals[REJOINED], 0, self->sent->len - state->n_moves);
  if (state->ended)
    self->playing = FALSE;
  else if (self->end_sent)
    {
      g_autoptr(PatNetMessage) m = pat_net_message_new (PAT_NET_MSG_END_ROUND);

      m->round = self->round;
      pat_net_client_send (self->client, m);
    }
  else if (self->playing && self->move_id == 0)
    self->move_id = g_idle_add (move_cb, self);
}

static void
message_cb (PatNetClient  *client,
            PatNetMessage *message,
            PatNetBot     *self)
{
  switch (message->type)
    {
    case PAT_NET_MSG_WELCOME:
      if (self->token[0] != '\0')
        {
          /* Back in: the host's player-state of this round tells what it has seen. */
          self->resync = self->round > 0;
          self->give_up_at = 0;
          self->attempt = 0;
          if (!self->resync)
            g_signal_emit (self, signals[REJOINED], 0, 0u);
        }
      self->player = (int) message->player;
      g_strlcpy (self->token, message->token, sizeof self->token);
      break;
    case PAT_NET_MSG_ROUND_START:
      {
        PatOptions options = { message->die_mode };

        /* The round we were playing, told again after a rejoin: our copy goes on. */
        if (message->round == self->round)
          break;

        self->round = message->round;
        pat_rules_deal_number (self->rules, &self->state, &message->deal, &options);
        pat_seen_clear (&self->seen);
        pat_seen_add (&self->seen, pat_state_hash (&self->state));
        self->n_moves = 0;
        g_ptr_array_set_size (self->sent, 0);
        self->end_sent = FALSE;
        if (self->resync)
          {
            /* A new round began while we were away: nothing to send again. */
            self->resync = FALSE;
            g_signal_emit (self, signals[REJOINED], 0, 0u);
          }
        self->out = pat_cards_out (self->rules, &self->state);
        self->progress_move = 0;
        self->playing = TRUE;
        if (self->move_id == 0)
          self->move_id = g_idle_add (move_cb, self);
      }
      break;
    case PAT_NET_MSG_MOVE_REFUSED:
      /* The host and this copy disagree: stop here rather than play on a position the host
       * does not have. */
      if (self->playing && message->round == self->round)
        send_end_round (self);
      break;
    case PAT_NET_MSG_MATCH_END:
      self->match_over = TRUE;
      self->playing = FALSE;
      break;
    case PAT_NET_MSG_ROUND_END:
      self->playing = FALSE;
      break;
    case PAT_NET_MSG_PLAYER_STATE:
      if (self->resync && (int) message->player == self->player && message->round == self->round)
        resend (self, message);
      break;
    case PAT_NET_MSG_HELLO:
    case PAT_NET_MSG_REJOIN:
    case PAT_NET_MSG_REFUSED:
    case PAT_NET_MSG_LOBBY:
    case PAT_NET_MSG_MOVE:
    case PAT_NET_MSG_END_ROUND:
    case PAT_NET_MSG_BYE:
    case PAT_NET_MSG_ERROR:
    case PAT_NET_N_MESSAGE_TYPES:
    default:
      break;
    }
}

static gboolean
retry_cb (gpointer user_data)
{
  PatNetBot *self = user_data;

  self->retry_id = 0;
  pat_net_client_connect (self->client);
  return G_SOURCE_REMOVE;
}

static void
closed_cb (PatNetClient *client,
           GError       *error,
           PatNetBot    *self)
{
  g_autoptr(GError) why = NULL;

  g_clear_handle_id (&self->move_id, g_source_remove);
  self->resync = FALSE;
  if (!self->match_over && self->rejoin_window_s > 0 && self->token[0] != '\0' &&
      (error == NULL || error->code == PAT_NET_ERROR_CLOSED || error->code == PAT_NET_ERROR_FAILED))
    {
      gint64 now = g_get_monotonic_time ();
      guint delay;

      if (self->give_up_at == 0)
        self->give_up_at = now + (gint64) self->rejoin_window_s * G_USEC_PER_SEC;
      if (now < self->give_up_at)
        {
          delay = MIN ((guint) FIRST_RETRY_MS << MIN (self->attempt, 8u), MAX_RETRY_MS);
          self->attempt++;
          g_signal_emit (self, signals[RECONNECTING], 0, self->attempt, delay,
                         error != NULL ? error->message : "the host closed the connection");
          self->retry_id = g_timeout_add (delay, retry_cb, self);
          return;
        }
      why = g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_CLOSED,
                         "could not rejoin the match within %u s: %s", self->rejoin_window_s,
                         error != NULL ? error->message : "the host closed the connection");
      self->playing = FALSE;
      g_signal_emit (self, signals[FINISHED], 0, why);
      return;
    }
  self->playing = FALSE;
  if (error != NULL)
    why = g_error_copy (error);
  else if (!self->match_over)
    why = g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_CLOSED,
                       "the host closed the connection before the match ended");
  g_signal_emit (self, signals[FINISHED], 0, why);
}

PatNetClient *
pat_net_bot_get_client (PatNetBot *self)
{
  return self->client;
}

int
pat_net_bot_get_player (PatNetBot *self)
{
  return self->player;
}

int
pat_net_bot_get_score (PatNetBot *self)
{
  return self->round > 0 ? self->rules->score (&self->state) : 0;
}

guint
pat_net_bot_get_moves (PatNetBot *self)
{
  return self->n_moves;
}

void
pat_net_bot_set_rejoin_window (PatNetBot *self,
                               guint      seconds)
{
  self->rejoin_window_s = seconds;
}

static void
pat_net_bot_dispose (GObject *object)
{
  PatNetBot *self = PAT_NET_BOT (object);

  g_clear_handle_id (&self->move_id, g_source_remove);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
  g_clear_object (&self->client);

  G_OBJECT_CLASS (pat_net_bot_parent_class)->dispose (object);
}

static void
pat_net_bot_finalize (GObject *object)
{
  PatNetBot *self = PAT_NET_BOT (object);

  pat_seen_free (&self->seen);
  g_clear_pointer (&self->sent, g_ptr_array_unref);
  g_free (self->name);
  g_free (self->code);

  G_OBJECT_CLASS (pat_net_bot_parent_class)->finalize (object);
}

static void
pat_net_bot_class_init (PatNetBotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_net_bot_dispose;
  object_class->finalize = pat_net_bot_finalize;

  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[RECONNECTING] = g_signal_new ("reconnecting", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                                        G_TYPE_UINT, G_TYPE_UINT, G_TYPE_STRING);
  signals[REJOINED] = g_signal_new ("rejoined", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
pat_net_bot_init (PatNetBot *self)
{
  self->rules = pat_rules_match ();
  self->player = -1;
  pat_seen_init (&self->seen);
  self->sent = g_ptr_array_new_with_free_func (g_free);
}

/**
 * pat_net_bot_new:
 * @client: a client, not connected yet (the bot connects it)
 * @name: the player's name
 * @team: the player's team, or -1
 * @code: the match code
 * @seed: 0 for the greedy player's every move; else the seed of the odd random move
 *
 * Returns: (transfer full): a bot, connecting
 */
PatNetBot *
pat_net_bot_new (PatNetClient *client,
                 const char   *name,
                 int           team,
                 const char   *code,
                 guint64       seed)
{
  PatNetBot *self = g_object_new (PAT_TYPE_NET_BOT, NULL);

  self->rng = seed;
  self->client = g_object_ref (client);
  self->name = g_strdup (name);
  self->team = team;
  self->code = g_strdup (code);
  g_signal_connect (client, "opened", G_CALLBACK (opened_cb), self);
  g_signal_connect (client, "message", G_CALLBACK (message_cb), self);
  g_signal_connect (client, "closed", G_CALLBACK (closed_cb), self);
  pat_net_client_connect (client);
  return self;
}
