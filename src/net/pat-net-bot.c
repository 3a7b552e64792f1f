/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetBot: a headless player of a network match, moved by the engine's greedy player on a
 * PatNetSeat. */

#include "config.h"

#include "pat-greedy.h"
#include "pat-net-bot.h"
#include "pat-net-seat.h"

/* The greedy player never goes back to a position, but turning the stock makes new positions
 * for ever: the bot ends its round after this many moves without a card going out. */
#define MAX_MOVES_WITHOUT_PROGRESS 150

struct _PatNetBot
{
  GObject         parent_instance;

  PatNetSeat     *seat;
  const PatRules *rules;
  PatSeen         seen;
  guint           out;             /* cards out of play, and the move that last made it more */
  guint           progress_move;
  guint           move_id;
  guint           move_interval_ms;  /* between two moves; 0: one a main-loop turn */
  gint64          last_move_us;      /* monotonic time of the last move played */
  guint64         rng;             /* 0: always the greedy move */
  guint           rejoin_window_s;
  gboolean        reconnecting;    /* since the last drop, not back yet */
};

G_DEFINE_FINAL_TYPE (PatNetBot, pat_net_bot, G_TYPE_OBJECT)

enum {
  FINISHED,
  RECONNECTING,
  REJOINED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Now and then (one move in eight) a bot with a seed plays a legal move at random, to a position
 * it has not been in, instead of the greedy one: players with different seeds play differently. */
static gboolean
random_move (PatNetBot      *self,
             const PatState *state,
             PatMove        *move)
{
  PatMoveList moves;
  guint fresh[PAT_MAX_MOVES];
  guint n_fresh = 0;
  guint i;

  if (self->rng == 0 || pat_random_next (&self->rng) % 8 != 0)
    return FALSE;
  moves.n = 0;
  self->rules->legal_moves (state, &moves);
  for (i = 0; i < moves.n; i++)
    {
      PatState next = *state;

      self->rules->apply (&next, &moves.moves[i], NULL);
      if (!pat_seen_contains (&self->seen, pat_state_hash (&next)))
        fresh[n_fresh++] = i;
    }
  if (n_fresh == 0)
    return FALSE;
  *move = moves.moves[fresh[pat_random_next (&self->rng) % n_fresh]];
  return TRUE;
}

/* One move a main-loop turn (or every move interval), played on the seat's game, which sends
 * it. */
static gboolean
move_cb (gpointer user_data)
{
  PatNetBot *self = user_data;
  PatGame *game = pat_net_seat_get_game (self->seat);
  guint n_moves = pat_net_seat_get_moves_sent (self->seat);
  const PatState *state;
  PatMove move;
  gint64 now = g_get_monotonic_time ();
  gint64 due = self->last_move_us + (gint64) self->move_interval_ms * 1000;

  /* Not while away, nor before the host said where it stands: the moves would only wait. Won
   * or blocked, the host ends the round itself. */
  if (game == NULL || pat_net_seat_get_state (self->seat) != PAT_NET_SEAT_PLAYING ||
      pat_game_get_status (game) != PAT_STATUS_PLAYING)
    {
      self->move_id = 0;
      return G_SOURCE_REMOVE;
    }
  /* A timer may fire a little early (it counts from the start of its main-loop turn): the
   * pause is measured from the last move itself. */
  if (self->move_interval_ms > 0 && self->last_move_us > 0 && now < due)
    {
      self->move_id = g_timeout_add ((guint) ((due - now + 999) / 1000), move_cb, self);
      return G_SOURCE_REMOVE;
    }
  state = pat_game_get_state (game);
  if (n_moves >= PAT_NET_MAX_MOVES_PER_ROUND ||
      n_moves - self->progress_move >= MAX_MOVES_WITHOUT_PROGRESS ||
      (!random_move (self, state, &move) &&
       !pat_greedy_next_move (self->rules, state, &self->seen, &move)) ||
      !pat_game_apply (game, &move, NULL))
    {
      pat_net_seat_end_round (self->seat);
      self->move_id = 0;
      return G_SOURCE_REMOVE;
    }

  self->last_move_us = g_get_monotonic_time ();
  state = pat_game_get_state (game);
  pat_seen_add (&self->seen, pat_state_hash (state));
  if (pat_cards_out (self->rules, state) > self->out)
    {
      self->out = pat_cards_out (self->rules, state);
      self->progress_move = n_moves + 1;
    }
  return G_SOURCE_CONTINUE;
}

static void
play_on (PatNetBot *self)
{
  if (self->move_id != 0 || pat_net_seat_get_state (self->seat) != PAT_NET_SEAT_PLAYING)
    return;
  self->move_id = self->move_interval_ms > 0
                  ? g_timeout_add (self->move_interval_ms, move_cb, self)
                  : g_idle_add (move_cb, self);
}

/**
 * pat_net_bot_set_move_interval:
 * @milliseconds: the pause between two moves, as a person takes; 0 (the default) for none
 *
 * The main loop runs on during the pause: what the host sends is read as it comes.
 */
void
pat_net_bot_set_move_interval (PatNetBot *self,
                               guint      milliseconds)
{
  g_return_if_fail (PAT_IS_NET_BOT (self));

  self->move_interval_ms = milliseconds;
}

static void
round_started_cb (PatNetSeat *seat,
                  PatGame    *game,
                  PatNetBot  *self)
{
  const PatState *state = pat_game_get_state (game);

  pat_seen_clear (&self->seen);
  pat_seen_add (&self->seen, pat_state_hash (state));
  self->out = pat_cards_out (self->rules, state);
  self->progress_move = 0;
  play_on (self);
}

static void
state_cb (PatNetSeat *seat,
          GParamSpec *pspec,
          PatNetBot  *self)
{
  play_on (self);
}

static void
seat_reconnecting_cb (PatNetSeat *seat,
                      guint       attempt,
                      guint       delay_ms,
                      const char *why,
                      PatNetBot  *self)
{
  self->reconnecting = TRUE;
  g_signal_emit (self, signals[RECONNECTING], 0, attempt, delay_ms, why);
}

static void
seat_rejoined_cb (PatNetSeat *seat,
                  guint       resent,
                  PatNetBot  *self)
{
  self->reconnecting = FALSE;
  g_signal_emit (self, signals[REJOINED], 0, resent);
}

/* After the seat has heard of it (its handler runs first): the end of the connection is the end
 * of the bot, unless the seat is trying to rejoin. The error is the connection's own, in the
 * words of the network layer, for the command line. */
static void
closed_cb (PatNetClient *client,
           GError       *error,
           PatNetBot    *self)
{
  g_autoptr(GError) why = NULL;

  switch (pat_net_seat_get_state (self->seat))
    {
    case PAT_NET_SEAT_AWAY:
      return;
    case PAT_NET_SEAT_OVER:
      if (error != NULL)
        why = g_error_copy (error);
      break;
    case PAT_NET_SEAT_CONNECTING:
    case PAT_NET_SEAT_LOBBY:
    case PAT_NET_SEAT_PLAYING:
    case PAT_NET_SEAT_WAITING:
    case PAT_NET_SEAT_FAILED:
    default:
      if (self->reconnecting)
        why = g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_CLOSED,
                           "could not rejoin the match within %u s: %s", self->rejoin_window_s,
                           error != NULL ? error->message : "the host closed the connection");
      else if (error != NULL)
        why = g_error_copy (error);
      else
        why = g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_CLOSED,
                           "the host closed the connection before the match ended");
      break;
    }
  g_clear_handle_id (&self->move_id, g_source_remove);
  g_signal_emit (self, signals[FINISHED], 0, why);
}

PatNetClient *
pat_net_bot_get_client (PatNetBot *self)
{
  return pat_net_seat_get_client (self->seat);
}

/**
 * pat_net_bot_get_seat:
 * @self: a bot
 *
 * Returns: (transfer none): the seat the bot plays on
 */
PatNetSeat *
pat_net_bot_get_seat (PatNetBot *self)
{
  return self->seat;
}

int
pat_net_bot_get_player (PatNetBot *self)
{
  return pat_net_seat_get_player (self->seat);
}

int
pat_net_bot_get_score (PatNetBot *self)
{
  PatGame *game = pat_net_seat_get_game (self->seat);

  return game != NULL ? pat_game_get_score (game) : 0;
}

guint
pat_net_bot_get_moves (PatNetBot *self)
{
  return pat_net_seat_get_moves_sent (self->seat);
}

void
pat_net_bot_set_rejoin_window (PatNetBot *self,
                               guint      seconds)
{
  self->rejoin_window_s = seconds;
  pat_net_seat_set_rejoin_window (self->seat, seconds);
}

static void
pat_net_bot_dispose (GObject *object)
{
  PatNetBot *self = PAT_NET_BOT (object);

  g_clear_handle_id (&self->move_id, g_source_remove);
  if (self->seat != NULL)
    {
      g_signal_handlers_disconnect_by_data (pat_net_seat_get_client (self->seat), self);
      g_signal_handlers_disconnect_by_data (self->seat, self);
    }
  g_clear_object (&self->seat);

  G_OBJECT_CLASS (pat_net_bot_parent_class)->dispose (object);
}

static void
pat_net_bot_finalize (GObject *object)
{
  PatNetBot *self = PAT_NET_BOT (object);

  pat_seen_free (&self->seen);

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
  pat_seen_init (&self->seen);
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
  self->seat = pat_net_seat_new (client, name, team, code);
  g_signal_connect (self->seat, "round-started", G_CALLBACK (round_started_cb), self);
  g_signal_connect (self->seat, "notify::state", G_CALLBACK (state_cb), self);
  g_signal_connect (self->seat, "reconnecting", G_CALLBACK (seat_reconnecting_cb), self);
  g_signal_connect (self->seat, "rejoined", G_CALLBACK (seat_rejoined_cb), self);
  /* After the seat's own handler, which it connected first. */
  g_signal_connect (client, "closed", G_CALLBACK (closed_cb), self);
  pat_net_seat_start (self->seat);
  return self;
}
