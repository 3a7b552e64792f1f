/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetSeat: one player's seat in a network match, as the app (and the headless player) keeps
 * it: the connection to the host, the round's game, the moves sent and kept, the table as the
 * host tells it, and rejoining after the connection drops. */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "pat-net-cert.h"
#include "pat-net-seat.h"

/* Reconnecting: the first try after this, then twice as long each time, up to the most. */
#define FIRST_RETRY_MS 500
#define MAX_RETRY_MS 5000

/* The saved seat: a JSON object, this format number in "patience-seat". */
#define STATE_FORMAT 1
/* A saved seat is small; anything much larger is not one. */
#define MAX_STATE_SIZE (256 * 1024)
#define MAX_ADDRESS_LENGTH 255

G_DEFINE_ENUM_TYPE (PatNetSeatState, pat_net_seat_state,
  G_DEFINE_ENUM_VALUE (PAT_NET_SEAT_CONNECTING, "connecting"),
  G_DEFINE_ENUM_VALUE (PAT_NET_SEAT_LOBBY, "lobby"),
  G_DEFINE_ENUM_VALUE (PAT_NET_SEAT_PLAYING, "playing"),
  G_DEFINE_ENUM_VALUE (PAT_NET_SEAT_WAITING, "waiting"),
  G_DEFINE_ENUM_VALUE (PAT_NET_SEAT_AWAY, "away"),
  G_DEFINE_ENUM_VALUE (PAT_NET_SEAT_OVER, "over"),
  G_DEFINE_ENUM_VALUE (PAT_NET_SEAT_FAILED, "failed"))

/* PatNetSeatPlayer ------------------------------------------------------------------------ */

struct _PatNetSeatPlayer
{
  GObject   parent_instance;

  guint     id;
  char     *name;
  int       team;
  gboolean  connected;
  gboolean  gone;
  guint     foundation;
  int       score;
  int       total;
  gboolean  ended;
  guint     moves;
  gboolean  me;
};

G_DEFINE_FINAL_TYPE (PatNetSeatPlayer, pat_net_seat_player, G_TYPE_OBJECT)

enum {
  PLAYER_PROP_0,
  PLAYER_PROP_ID,
  PLAYER_PROP_NAME,
  PLAYER_PROP_TEAM,
  PLAYER_PROP_CONNECTED,
  PLAYER_PROP_GONE,
  PLAYER_PROP_FOUNDATION,
  PLAYER_PROP_SCORE,
  PLAYER_PROP_TOTAL,
  PLAYER_PROP_ENDED,
  PLAYER_PROP_MOVES,
  PLAYER_PROP_ME,
  PLAYER_N_PROPS
};

static GParamSpec *player_properties[PLAYER_N_PROPS];

static void
pat_net_seat_player_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  PatNetSeatPlayer *self = PAT_NET_SEAT_PLAYER (object);

  switch (prop_id)
    {
    case PLAYER_PROP_ID:
      g_value_set_uint (value, self->id);
      break;
    case PLAYER_PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PLAYER_PROP_TEAM:
      g_value_set_int (value, self->team);
      break;
    case PLAYER_PROP_CONNECTED:
      g_value_set_boolean (value, self->connected);
      break;
    case PLAYER_PROP_GONE:
      g_value_set_boolean (value, self->gone);
      break;
    case PLAYER_PROP_FOUNDATION:
      g_value_set_uint (value, self->foundation);
      break;
    case PLAYER_PROP_SCORE:
      g_value_set_int (value, self->score);
      break;
    case PLAYER_PROP_TOTAL:
      g_value_set_int (value, self->total);
      break;
    case PLAYER_PROP_ENDED:
      g_value_set_boolean (value, self->ended);
      break;
    case PLAYER_PROP_MOVES:
      g_value_set_uint (value, self->moves);
      break;
    case PLAYER_PROP_ME:
      g_value_set_boolean (value, self->me);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_net_seat_player_finalize (GObject *object)
{
  PatNetSeatPlayer *self = PAT_NET_SEAT_PLAYER (object);

  g_free (self->name);

  G_OBJECT_CLASS (pat_net_seat_player_parent_class)->finalize (object);
}

static void
pat_net_seat_player_class_init (PatNetSeatPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = pat_net_seat_player_get_property;
  object_class->finalize = pat_net_seat_player_finalize;

  player_properties[PLAYER_PROP_ID] =
    g_param_spec_uint ("id", NULL, NULL, 0, PAT_NET_MAX_PLAYERS - 1, 0, flags);
  player_properties[PLAYER_PROP_NAME] = g_param_spec_string ("name", NULL, NULL, "", flags);
  player_properties[PLAYER_PROP_TEAM] =
    g_param_spec_int ("team", NULL, NULL, -1, PAT_NET_MAX_TEAMS - 1, -1, flags);
  player_properties[PLAYER_PROP_CONNECTED] =
    g_param_spec_boolean ("connected", NULL, NULL, FALSE, flags);
  player_properties[PLAYER_PROP_GONE] = g_param_spec_boolean ("gone", NULL, NULL, FALSE, flags);
  player_properties[PLAYER_PROP_FOUNDATION] =
    g_param_spec_uint ("foundation", NULL, NULL, 0, PAT_N_CARDS, 0, flags);
  player_properties[PLAYER_PROP_SCORE] =
    g_param_spec_int ("score", NULL, NULL, PAT_NET_MIN_SCORE, PAT_NET_MAX_SCORE, 0, flags);
  player_properties[PLAYER_PROP_TOTAL] =
    g_param_spec_int ("total", NULL, NULL, -PAT_NET_MAX_TOTAL, PAT_NET_MAX_TOTAL, 0, flags);
  player_properties[PLAYER_PROP_ENDED] = g_param_spec_boolean ("ended", NULL, NULL, FALSE, flags);
  player_properties[PLAYER_PROP_MOVES] =
    g_param_spec_uint ("moves", NULL, NULL, 0, PAT_NET_MAX_MOVES_PER_ROUND, 0, flags);
  player_properties[PLAYER_PROP_ME] = g_param_spec_boolean ("me", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, PLAYER_N_PROPS, player_properties);
}

static void
pat_net_seat_player_init (PatNetSeatPlayer *self)
{
  self->name = g_strdup ("");
  self->team = -1;
}

guint
pat_net_seat_player_get_id (PatNetSeatPlayer *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT_PLAYER (self), 0);
  return self->id;
}

const char *
pat_net_seat_player_get_name (PatNetSeatPlayer *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT_PLAYER (self), NULL);
  return self->name;
}

int
pat_net_seat_player_get_team (PatNetSeatPlayer *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT_PLAYER (self), -1);
  return self->team;
}

gboolean
pat_net_seat_player_get_connected (PatNetSeatPlayer *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT_PLAYER (self), FALSE);
  return self->connected;
}

gboolean
pat_net_seat_player_get_gone (PatNetSeatPlayer *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT_PLAYER (self), FALSE);
  return self->gone;
}

guint
pat_net_seat_player_get_foundation (PatNetSeatPlayer *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT_PLAYER (self), 0);
  return self->foundation;
}

int
pat_net_seat_player_get_score (PatNetSeatPlayer *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT_PLAYER (self), 0);
  return self->score;
}

int
pat_net_seat_player_get_total (PatNetSeatPlayer *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT_PLAYER (self), 0);
  return self->total;
}

gboolean
pat_net_seat_player_get_ended (PatNetSeatPlayer *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT_PLAYER (self), FALSE);
  return self->ended;
}

guint
pat_net_seat_player_get_moves (PatNetSeatPlayer *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT_PLAYER (self), 0);
  return self->moves;
}

gboolean
pat_net_seat_player_get_me (PatNetSeatPlayer *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT_PLAYER (self), FALSE);
  return self->me;
}

static void
player_set_int (PatNetSeatPlayer *self,
                int              *field,
                int               value,
                guint             prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), player_properties[prop]);
}

static void
player_set_uint (PatNetSeatPlayer *self,
                 guint            *field,
                 guint             value,
                 guint             prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), player_properties[prop]);
}

static void
player_set_boolean (PatNetSeatPlayer *self,
                    gboolean         *field,
                    gboolean          value,
                    guint             prop)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), player_properties[prop]);
}

static void
player_set_name (PatNetSeatPlayer *self,
                 const char       *name)
{
  if (g_strcmp0 (self->name, name) == 0)
    return;
  g_free (self->name);
  self->name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), player_properties[PLAYER_PROP_NAME]);
}

/* PatNetSeat ------------------------------------------------------------------------------ */

struct _PatNetSeat
{
  GObject          parent_instance;

  PatNetClient    *client;
  char            *name;
  int              team;
  char            *code;
  gboolean         started;

  PatNetSeatState  state;
  GError          *error;
  GError          *refusal;        /* the host's refusal, until "closed" makes it the error */
  gboolean         host_ended;     /* the host said bye before the match was over */
  gboolean         leaving;
  gboolean         joined;         /* welcomed on the connection open now */

  /* From welcome. */
  int              player;
  char             token[PAT_NET_TOKEN_LENGTH + 1];   /* "" before */
  char            *match_name;
  int              target;
  guint            n_teams;
  PatDieMode       die_mode;

  /* The round. */
  guint            round;
  PatDealNumber    deal;
  PatGame         *game;
  GPtrArray       *sent;           /* this round's moves, by number: sent again after a rejoin */
  gboolean         end_sent;       /* end-round sent for this round */
  gboolean         round_ended;    /* this player's round is over, whoever ended it */
  gboolean         resync;         /* rejoined: waiting for the host's count of our moves */
  guint            time_limit;     /* seconds from round_started_us, 0 for no limit */
  gint64           round_started_us;  /* monotonic µs when round-start came */

  GListStore      *players;
  int              team_totals[PAT_NET_MAX_TEAMS];
  PatNetMessage   *result;

  guint            rejoin_window_s;
  gint64           give_up_at;     /* while away: monotonic µs */
  guint            attempt;
  guint            retry_id;

  char            *state_path;
};

G_DEFINE_FINAL_TYPE (PatNetSeat, pat_net_seat, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_ROUND,
  PROP_GAME,
  PROP_TIME_LIMIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  ROUND_STARTED,
  ROUND_ENDED,
  MOVE_REFUSED,
  MATCH_ENDED,
  REJOINED,
  RECONNECTING,
  TABLE_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void save_state (PatNetSeat *self);

static void
set_state (PatNetSeat      *self,
           PatNetSeatState  state)
{
  /* The error belongs to FAILED and AWAY only. */
  if (state != PAT_NET_SEAT_FAILED && state != PAT_NET_SEAT_AWAY)
    g_clear_error (&self->error);
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

/* Takes @error (nullable) as the reason of the state set next. */
static void
set_error (PatNetSeat *self,
           GError     *error)
{
  g_clear_error (&self->error);
  self->error = error;
}

static void
fail_with (PatNetSeat *self,
           GError     *error)
{
  g_clear_handle_id (&self->retry_id, g_source_remove);
  set_error (self, error);
  set_state (self, PAT_NET_SEAT_FAILED);
}

/* The state after a rejoin or a change of this player's round: playing while the round is this
 * player's to play. */
static void
settle_state (PatNetSeat *self)
{
  if (self->round == 0)
    set_state (self, PAT_NET_SEAT_LOBBY);
  else if (self->round_ended || self->game == NULL ||
           pat_game_get_status (self->game) != PAT_STATUS_PLAYING)
    set_state (self, PAT_NET_SEAT_WAITING);
  else
    set_state (self, PAT_NET_SEAT_PLAYING);
}

/* A row came, went or changed in place (its notify): the table did. */
static void
table_changed_cb (PatNetSeat *self)
{
  g_signal_emit (self, signals[TABLE_CHANGED], 0);
}

static PatNetSeatPlayer *
find_player (PatNetSeat *self,
             guint       id,
             gboolean    create)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->players));
  g_autoptr(PatNetSeatPlayer) row = NULL;
  guint i;

  for (i = 0; i < n; i++)
    {
      g_autoptr(PatNetSeatPlayer) other = g_list_model_get_item (G_LIST_MODEL (self->players), i);

      if (other->id == id)
        return other;   /* the store keeps its reference */
      if (other->id > id)
        break;
    }
  if (!create)
    return NULL;
  row = g_object_new (PAT_TYPE_NET_SEAT_PLAYER, NULL);
  row->id = id;
  row->me = (int) id == self->player;
  g_signal_connect_object (row, "notify", G_CALLBACK (table_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_list_store_insert (self->players, i, row);
  return row;
}

static void
send_message (PatNetSeat    *self,
              PatNetMessage *message)
{
  pat_net_client_send (self->client, message);
}

static void
send_end_round (PatNetSeat *self)
{
  g_autoptr(PatNetMessage) m = pat_net_message_new (PAT_NET_MSG_END_ROUND);

  self->end_sent = TRUE;
  self->round_ended = TRUE;
  m->round = self->round;
  if (self->joined && !self->resync)
    send_message (self, m);
}

static void
send_move (PatNetSeat *self,
           guint       seq)
{
  g_autoptr(PatNetMessage) m = pat_net_message_new (PAT_NET_MSG_MOVE);

  m->round = self->round;
  m->seq = seq;
  g_strlcpy (m->move, g_ptr_array_index (self->sent, seq), sizeof m->move);
  send_message (self, m);
}

static void
move_applied_cb (PatGame       *game,
                 const PatMove *move,
                 GArray        *steps,
                 PatNetSeat    *self)
{
  g_autofree char *text = NULL;

  /* Only the cards going up by themselves moved: a replayed game has none, and the host plays
   * them itself from the move that caused them. */
  if (move == NULL)
    return;
  if (self->round_ended || self->state == PAT_NET_SEAT_OVER ||
      self->state == PAT_NET_SEAT_FAILED)
    {
      g_debug ("a move after this player's round ended is not sent");
      return;
    }

  text = pat_rules_format_move (pat_game_get_rules (game), move);
  g_ptr_array_add (self->sent, g_steal_pointer (&text));
  save_state (self);
  /* Away, or back but not yet told what the host has: the move waits for the resend. */
  if (self->joined && !self->resync)
    send_move (self, self->sent->len - 1);

  /* Won or blocked, or at the most moves a round: the host ends the round itself. */
  if (pat_game_get_status (game) != PAT_STATUS_PLAYING ||
      self->sent->len >= PAT_NET_MAX_MOVES_PER_ROUND)
    {
      self->round_ended = TRUE;
      if (self->state == PAT_NET_SEAT_PLAYING)
        set_state (self, PAT_NET_SEAT_WAITING);
    }
}

/* A fresh replayed game of the round's deal. */
static PatGame *
new_round_game (PatNetSeat *self)
{
  PatOptions options = { self->die_mode };
  PatGame *game = pat_game_new (pat_rules_match ()->id, &self->deal, &options);

  /* Before any move: nothing may go up by itself, nothing may be undone. */
  pat_game_set_replayed (game);
  return game;
}

static void
set_game (PatNetSeat *self,
          PatGame    *game)
{
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect (game, "move-applied", G_CALLBACK (move_applied_cb), self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

static void
opened_cb (PatNetClient *client,
           PatNetSeat   *self)
{
  if (self->token[0] != '\0')
    {
      g_autoptr(PatNetMessage) rejoin = pat_net_message_new (PAT_NET_MSG_REJOIN);

      g_strlcpy (rejoin->app_version, PACKAGE_VERSION, sizeof rejoin->app_version);
      rejoin->player = (guint) self->player;
      g_strlcpy (rejoin->token, self->token, sizeof rejoin->token);
      send_message (self, rejoin);
    }
  else
    {
      g_autoptr(PatNetMessage) hello = pat_net_message_new (PAT_NET_MSG_HELLO);

      g_strlcpy (hello->app_version, PACKAGE_VERSION, sizeof hello->app_version);
      g_strlcpy (hello->code, self->code, sizeof hello->code);
      g_strlcpy (hello->name, self->name, sizeof hello->name);
      hello->team = self->team;
      send_message (self, hello);
    }
}

/* After a rejoin: sends again the moves the host has not seen (it counted @state's moves), and
 * the end of the round if it was sent. */
static void
resend (PatNetSeat          *self,
        const PatNetMessage *state)
{
  guint resent = 0;
  guint i;

  self->resync = FALSE;
  if (state->n_moves > self->sent->len)
    {
      /* The host has moves this copy never played: it cannot go on from here. */
      send_end_round (self);
    }
  else
    {
      for (i = state->n_moves; i < self->sent->len; i++)
        send_move (self, i);
      resent = self->sent->len - state->n_moves;
      if (state->ended)
        self->round_ended = TRUE;
      else if (self->end_sent)
        send_end_round (self);
    }
  settle_state (self);
  g_signal_emit (self, signals[REJOINED], 0, resent);
}

static void
update_lobby (PatNetSeat          *self,
              const PatNetMessage *m)
{
  guint i;

  for (i = 0; i < m->n_players; i++)
    {
      const PatNetPlayerRow *r = &m->players[i];
      PatNetSeatPlayer *row = find_player (self, r->id, TRUE);

      g_object_freeze_notify (G_OBJECT (row));
      player_set_name (row, r->name);
      player_set_int (row, &row->team, r->team, PLAYER_PROP_TEAM);
      player_set_boolean (row, &row->connected, r->connected, PLAYER_PROP_CONNECTED);
      player_set_boolean (row, &row->gone, r->gone, PLAYER_PROP_GONE);
      player_set_boolean (row, &row->me, (int) r->id == self->player, PLAYER_PROP_ME);
      g_object_thaw_notify (G_OBJECT (row));
    }
}

static void
round_start (PatNetSeat          *self,
             const PatNetMessage *m)
{
  g_autoptr(PatGame) game = NULL;
  guint n, i;

  /* After a rejoin, the host says what is left of the round's time, from now. */
  self->round_started_us = g_get_monotonic_time ();
  if (self->time_limit != m->time_limit)
    {
      self->time_limit = m->time_limit;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_LIMIT]);
    }

  /* The round being played, told again after a rejoin: this copy goes on. */
  if (m->round == self->round && self->game != NULL)
    return;

  self->round = m->round;
  self->deal = m->deal;
  self->die_mode = m->die_mode;
  g_ptr_array_set_size (self->sent, 0);
  self->end_sent = FALSE;
  self->round_ended = FALSE;
  n = g_list_model_get_n_items (G_LIST_MODEL (self->players));
  for (i = 0; i < n; i++)
    {
      g_autoptr(PatNetSeatPlayer) row = g_list_model_get_item (G_LIST_MODEL (self->players), i);

      g_object_freeze_notify (G_OBJECT (row));
      player_set_uint (row, &row->foundation, 0, PLAYER_PROP_FOUNDATION);
      player_set_uint (row, &row->moves, 0, PLAYER_PROP_MOVES);
      player_set_boolean (row, &row->ended, FALSE, PLAYER_PROP_ENDED);
      g_object_thaw_notify (G_OBJECT (row));
    }

  game = new_round_game (self);
  g_object_freeze_notify (G_OBJECT (self));
  set_game (self, game);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROUND]);
  /* A deal over before its first move: the host ends the round at once. */
  self->round_ended = pat_game_get_status (game) != PAT_STATUS_PLAYING;
  settle_state (self);
  g_object_thaw_notify (G_OBJECT (self));
  save_state (self);
  g_signal_emit (self, signals[ROUND_STARTED], 0, game);
  if (self->resync)
    {
      /* A new round began while this player was away: nothing to send again. */
      self->resync = FALSE;
      g_signal_emit (self, signals[REJOINED], 0, 0u);
    }
}

static void
player_state (PatNetSeat          *self,
              const PatNetMessage *m)
{
  PatNetSeatPlayer *row = find_player (self, m->player, TRUE);

  if (m->round == self->round)
    {
      g_object_freeze_notify (G_OBJECT (row));
      player_set_uint (row, &row->foundation, m->foundation, PLAYER_PROP_FOUNDATION);
      player_set_int (row, &row->score, m->score, PLAYER_PROP_SCORE);
      player_set_int (row, &row->total, m->total, PLAYER_PROP_TOTAL);
      player_set_boolean (row, &row->ended, m->ended, PLAYER_PROP_ENDED);
      player_set_uint (row, &row->moves, m->n_moves, PLAYER_PROP_MOVES);
      g_object_thaw_notify (G_OBJECT (row));
    }

  if ((int) m->player != self->player)
    return;
  if (self->resync)
    {
      if (m->round == self->round)
        resend (self, m);
      else
        {
          /* Another round than ours, between rounds: nothing of ours to send. */
          self->resync = FALSE;
          self->round_ended = TRUE;
          settle_state (self);
          g_signal_emit (self, signals[REJOINED], 0, 0u);
        }
      return;
    }
  if (m->round == self->round && m->ended && !self->round_ended)
    {
      self->round_ended = TRUE;
      save_state (self);
    }
  if (self->round_ended && self->state == PAT_NET_SEAT_PLAYING)
    set_state (self, PAT_NET_SEAT_WAITING);
}

static void
round_end (PatNetSeat          *self,
           const PatNetMessage *m)
{
  guint i;

  for (i = 0; i < m->n_players; i++)
    {
      PatNetSeatPlayer *row = find_player (self, m->players[i].id, TRUE);

      g_object_freeze_notify (G_OBJECT (row));
      player_set_int (row, &row->score, m->players[i].score, PLAYER_PROP_SCORE);
      player_set_int (row, &row->total, m->players[i].total, PLAYER_PROP_TOTAL);
      player_set_boolean (row, &row->ended, TRUE, PLAYER_PROP_ENDED);
      g_object_thaw_notify (G_OBJECT (row));
    }
  memcpy (self->team_totals, m->team_totals, sizeof self->team_totals);
  self->round_ended = TRUE;
  if (self->state == PAT_NET_SEAT_PLAYING)
    set_state (self, PAT_NET_SEAT_WAITING);
  g_signal_emit (self, signals[ROUND_ENDED], 0);
}

static void
match_end (PatNetSeat          *self,
           const PatNetMessage *m)
{
  guint i;

  for (i = 0; i < m->n_players; i++)
    {
      PatNetSeatPlayer *row = find_player (self, m->players[i].id, TRUE);

      player_set_int (row, &row->total, m->players[i].total, PLAYER_PROP_TOTAL);
    }
  memcpy (self->team_totals, m->team_totals, sizeof self->team_totals);
  g_clear_pointer (&self->result, pat_net_message_free);
  self->result = g_memdup2 (m, sizeof *m);
  self->round_ended = TRUE;
  g_clear_handle_id (&self->retry_id, g_source_remove);
  set_state (self, PAT_NET_SEAT_OVER);
  /* Nothing is left to take back. */
  if (self->state_path != NULL)
    g_unlink (self->state_path);
  g_signal_emit (self, signals[MATCH_ENDED], 0);
}

static GError *
refusal_error (PatNetSeat          *self,
               const PatNetMessage *m)
{
  const char *text;

  switch (m->refusal)
    {
    case PAT_NET_REFUSAL_WRONG_CODE:
      text = _("Wrong match code.");
      break;
    case PAT_NET_REFUSAL_LOCKED_OUT:
      text = _("Too many wrong codes came from this computer: ask the host to start a new "
               "match.");
      break;
    case PAT_NET_REFUSAL_VERSION:
      text = _("The host runs another version of Patience; update to play together.");
      break;
    case PAT_NET_REFUSAL_FULL:
      text = _("The match is full.");
      break;
    case PAT_NET_REFUSAL_NAME_TAKEN:
      text = _("That name is taken in this match.");
      break;
    case PAT_NET_REFUSAL_BAD_TEAM:
      text = _("That team is not one of this match’s.");
      break;
    case PAT_NET_REFUSAL_STARTED:
      text = self->token[0] != '\0' ? _("The match is over.") :
                                      _("This match was started without you.");
      break;
    case PAT_NET_REFUSAL_BAD_TOKEN:
      text = _("The host does not know this seat: it may be hosting another match.");
      break;
    case PAT_NET_REFUSAL_GONE:
      text = _("Your seat was given up: you were away too long, or left.");
      break;
    case PAT_NET_N_REFUSALS:
    default:
      text = _("The host refused to let you in.");
      break;
    }
  return g_error_new_literal (PAT_NET_ERROR, PAT_NET_ERROR_REFUSED, text);
}

static void
message_cb (PatNetClient  *client,
            PatNetMessage *message,
            PatNetSeat    *self)
{
  switch (message->type)
    {
    case PAT_NET_MSG_WELCOME:
      {
        gboolean rejoined = self->token[0] != '\0';

        self->player = (int) message->player;
        g_strlcpy (self->token, message->token, sizeof self->token);
        g_free (self->match_name);
        self->match_name = g_strdup (message->name);
        self->target = message->target;
        self->n_teams = message->n_teams;
        self->die_mode = message->die_mode;
        self->give_up_at = 0;
        self->attempt = 0;
        self->joined = TRUE;
        save_state (self);
        if (rejoined && self->round > 0)
          {
            /* Back in: the host's player-state of this round tells what it has seen. */
            self->resync = TRUE;
            return;
          }
        set_state (self, PAT_NET_SEAT_LOBBY);
        if (rejoined)
          g_signal_emit (self, signals[REJOINED], 0, 0u);
      }
      break;
    case PAT_NET_MSG_REFUSED:
      g_clear_error (&self->refusal);
      self->refusal = refusal_error (self, message);
      break;
    case PAT_NET_MSG_LOBBY:
      update_lobby (self, message);
      break;
    case PAT_NET_MSG_ROUND_START:
      round_start (self, message);
      break;
    case PAT_NET_MSG_PLAYER_STATE:
      player_state (self, message);
      break;
    case PAT_NET_MSG_MOVE_REFUSED:
      /* The host and this copy disagree: stop here rather than play on a position the host
       * does not have. */
      if (message->round == self->round && !self->round_ended)
        {
          send_end_round (self);
          save_state (self);
          if (self->state == PAT_NET_SEAT_PLAYING)
            set_state (self, PAT_NET_SEAT_WAITING);
          g_signal_emit (self, signals[MOVE_REFUSED], 0, message->text);
        }
      break;
    case PAT_NET_MSG_ROUND_END:
      round_end (self, message);
      break;
    case PAT_NET_MSG_MATCH_END:
      match_end (self, message);
      break;
    case PAT_NET_MSG_HELLO:
    case PAT_NET_MSG_REJOIN:
    case PAT_NET_MSG_MOVE:
    case PAT_NET_MSG_END_ROUND:
    case PAT_NET_MSG_BYE:
      /* The host ends the match (its player left): no seat to come back to. */
      if (self->state != PAT_NET_SEAT_OVER)
        self->host_ended = TRUE;
      break;
    case PAT_NET_MSG_ERROR:
    case PAT_NET_N_MESSAGE_TYPES:
    default:
      break;
    }
}

static gboolean
retry_cb (gpointer user_data)
{
  PatNetSeat *self = user_data;

  self->retry_id = 0;
  pat_net_client_connect (self->client);
  return G_SOURCE_REMOVE;
}

/* Why the connection could not be had or kept, as the player is told it. */
static GError *
connection_error (PatNetSeat   *self,
                  const GError *error)
{
  if (error != NULL && error->code == PAT_NET_ERROR_CERTIFICATE)
    return g_error_new_literal (PAT_NET_ERROR, PAT_NET_ERROR_CERTIFICATE,
                               _("The host’s certificate is not the one this match began with: "
                                 "someone may be posing as the host."));
  if (error != NULL && error->code == PAT_NET_ERROR_VERSION)
    {
      guint version = pat_net_client_get_host_protocol (self->client);

      if (version > 0)
        return g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_VERSION,
                            _("The host runs another version of Patience (protocol %u); update "
                              "to play together."), version);
      return g_error_new_literal (PAT_NET_ERROR, PAT_NET_ERROR_VERSION,
                                  _("The host runs another version of Patience; update to play "
                                    "together."));
    }
  if (self->player < 0 && error != NULL && error->code == PAT_NET_ERROR_FAILED)
    return g_error_new (PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
                        _("Could not connect to the host at %s, port %u."),
                        pat_net_client_get_address (self->client),
                        pat_net_client_get_port (self->client));
  if (error == NULL)
    return g_error_new_literal (PAT_NET_ERROR, PAT_NET_ERROR_CLOSED,
                                _("The host closed the match."));
  return g_error_new_literal (PAT_NET_ERROR, error->code == PAT_NET_ERROR_FAILED ?
                                             PAT_NET_ERROR_FAILED : PAT_NET_ERROR_CLOSED,
                              _("Lost the connection to the host."));
}

static void
closed_cb (PatNetClient *client,
           GError       *error,
           PatNetSeat   *self)
{
  self->resync = FALSE;
  self->joined = FALSE;
  if (self->state == PAT_NET_SEAT_OVER || self->state == PAT_NET_SEAT_FAILED)
    return;
  if (self->leaving)
    {
      fail_with (self, NULL);
      return;
    }
  if (self->refusal != NULL)
    {
      fail_with (self, g_steal_pointer (&self->refusal));
      return;
    }
  if (self->host_ended)
    {
      fail_with (self, g_error_new_literal (PAT_NET_ERROR, PAT_NET_ERROR_CLOSED,
                                            _("The host ended the match.")));
      return;
    }
  if (error != NULL)
    g_debug ("the connection closed: %s", error->message);

  if (self->rejoin_window_s > 0 && self->token[0] != '\0' &&
      (error == NULL || error->code == PAT_NET_ERROR_CLOSED ||
       error->code == PAT_NET_ERROR_FAILED))
    {
      gint64 now = g_get_monotonic_time ();
      guint delay;

      if (self->give_up_at == 0)
        self->give_up_at = now + (gint64) self->rejoin_window_s * G_USEC_PER_SEC;
      if (now < self->give_up_at)
        {
          delay = MIN ((guint) FIRST_RETRY_MS << MIN (self->attempt, 8u), MAX_RETRY_MS);
          self->attempt++;
          set_error (self, g_error_new_literal (PAT_NET_ERROR, PAT_NET_ERROR_CLOSED,
                                                _("Lost the connection to the host.")));
          set_state (self, PAT_NET_SEAT_AWAY);
          g_signal_emit (self, signals[RECONNECTING], 0, self->attempt, delay,
                         error != NULL ? error->message : "the host closed the connection");
          self->retry_id = g_timeout_add (delay, retry_cb, self);
          return;
        }
      fail_with (self, g_error_new_literal (PAT_NET_ERROR, PAT_NET_ERROR_CLOSED,
                                            _("Lost the connection to the host.")));
      return;
    }
  fail_with (self, connection_error (self, error));
}

/**
 * pat_net_seat_start:
 * @self: a seat
 *
 * Connects and says hello (or, for a seat that has a token, rejoin). Nothing happens when the
 * seat is already started (a seat from pat_net_seat_new_from_state() starts by itself).
 */
void
pat_net_seat_start (PatNetSeat *self)
{
  g_return_if_fail (PAT_IS_NET_SEAT (self));

  if (self->started)
    return;
  self->started = TRUE;
  set_state (self, PAT_NET_SEAT_CONNECTING);
  pat_net_client_connect (self->client);
}

/**
 * pat_net_seat_leave:
 * @self: a seat
 *
 * Says bye and closes: the player leaves for good (the host keeps their score). The state
 * becomes %PAT_NET_SEAT_FAILED with no error: FAILED with a %NULL get_error() means left. The
 * state file, if any, is removed: a seat left cannot be taken back.
 */
void
pat_net_seat_leave (PatNetSeat *self)
{
  g_return_if_fail (PAT_IS_NET_SEAT (self));

  if (self->state_path != NULL)
    g_unlink (self->state_path);
  g_clear_pointer (&self->state_path, g_free);
  if (self->state == PAT_NET_SEAT_OVER || self->state == PAT_NET_SEAT_FAILED)
    return;
  self->leaving = TRUE;
  if (self->retry_id != 0 || !self->started)
    {
      fail_with (self, NULL);
      return;
    }
  pat_net_client_close (self->client);
  /* "closed" follows later when the connection was open; otherwise it has been emitted. */
  if (!pat_net_client_is_open (self->client) && self->state != PAT_NET_SEAT_FAILED)
    fail_with (self, NULL);
}

/**
 * pat_net_seat_end_round:
 * @self: a seat
 *
 * Ends this player's round (End My Round): the score is the position's as it stands.
 */
void
pat_net_seat_end_round (PatNetSeat *self)
{
  g_return_if_fail (PAT_IS_NET_SEAT (self));

  if (self->round == 0 || self->round_ended || self->state == PAT_NET_SEAT_OVER ||
      self->state == PAT_NET_SEAT_FAILED)
    return;
  send_end_round (self);
  save_state (self);
  if (self->state == PAT_NET_SEAT_PLAYING)
    set_state (self, PAT_NET_SEAT_WAITING);
}

void
pat_net_seat_set_rejoin_window (PatNetSeat *self,
                                guint       seconds)
{
  g_return_if_fail (PAT_IS_NET_SEAT (self));

  self->rejoin_window_s = seconds;
}

PatNetClient *
pat_net_seat_get_client (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), NULL);
  return self->client;
}

PatNetSeatState
pat_net_seat_get_state (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), PAT_NET_SEAT_FAILED);
  return self->state;
}

const GError *
pat_net_seat_get_error (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), NULL);
  return self->error;
}

int
pat_net_seat_get_player (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), -1);
  return self->player;
}

const char *
pat_net_seat_get_match_name (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), NULL);
  return self->match_name;
}

int
pat_net_seat_get_target (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), 0);
  return self->target;
}

guint
pat_net_seat_get_n_teams (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), 0);
  return self->n_teams;
}

PatDieMode
pat_net_seat_get_die_mode (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), PAT_DIE_OFF);
  return self->die_mode;
}

guint
pat_net_seat_get_round (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), 0);
  return self->round;
}

/**
 * pat_net_seat_get_time_limit:
 * @self: a seat
 *
 * The time limit of the round, as the last round-start said: seconds from
 * pat_net_seat_get_round_started_us(). After a rejoin, it is what the host says was left.
 *
 * Returns: seconds, 0 for no limit
 */
guint
pat_net_seat_get_time_limit (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), 0);
  return self->time_limit;
}

/* The monotonic time (g_get_monotonic_time()) the last round-start came; 0 before any. */
gint64
pat_net_seat_get_round_started_us (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), 0);
  return self->round_started_us;
}

PatGame *
pat_net_seat_get_game (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), NULL);
  return self->game;
}

GListModel *
pat_net_seat_get_players (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), NULL);
  return G_LIST_MODEL (self->players);
}

int
pat_net_seat_get_team_total (PatNetSeat *self,
                             guint       team)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), 0);
  g_return_val_if_fail (team < PAT_NET_MAX_TEAMS, 0);
  return self->team_totals[team];
}

const PatNetMessage *
pat_net_seat_get_result (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), NULL);
  return self->result;
}

/**
 * pat_net_seat_get_moves_sent:
 * @self: a seat
 *
 * Returns: the moves of this round kept for the host (sent, or waiting to be sent)
 */
guint
pat_net_seat_get_moves_sent (PatNetSeat *self)
{
  g_return_val_if_fail (PAT_IS_NET_SEAT (self), 0);
  return self->sent->len;
}

/* The state file ------------------------------------------------------------------------- */

static void
save_state (PatNetSeat *self)
{
  g_autoptr(JsonBuilder) b = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *fingerprint = pat_net_client_get_fingerprint (self->client);
  char deal[PAT_DEAL_NUMBER_MAX_DIGITS + 1];
  guint i;

  /* Nothing to take back before the host gave a seat. */
  if (self->state_path == NULL || self->token[0] == '\0' || fingerprint == NULL)
    return;
  b = json_builder_new_immutable ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "patience-seat");
  json_builder_add_int_value (b, STATE_FORMAT);
  json_builder_set_member_name (b, "address");
  json_builder_add_string_value (b, pat_net_client_get_address (self->client));
  json_builder_set_member_name (b, "port");
  json_builder_add_int_value (b, pat_net_client_get_port (self->client));
  json_builder_set_member_name (b, "fingerprint");
  json_builder_add_string_value (b, fingerprint);
  json_builder_set_member_name (b, "code");
  json_builder_add_string_value (b, self->code);
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, self->name);
  json_builder_set_member_name (b, "team");
  json_builder_add_int_value (b, self->team);
  json_builder_set_member_name (b, "player");
  json_builder_add_int_value (b, self->player);
  json_builder_set_member_name (b, "token");
  json_builder_add_string_value (b, self->token);
  json_builder_set_member_name (b, "match");
  json_builder_add_string_value (b, self->match_name != NULL ? self->match_name : "");
  json_builder_set_member_name (b, "target");
  json_builder_add_int_value (b, self->target);
  json_builder_set_member_name (b, "teams");
  json_builder_add_int_value (b, self->n_teams);
  json_builder_set_member_name (b, "die");
  json_builder_add_int_value (b, self->die_mode);
  json_builder_set_member_name (b, "round");
  json_builder_add_int_value (b, self->round);
  if (self->round > 0)
    {
      pat_deal_number_format (&self->deal, deal);
      json_builder_set_member_name (b, "deal");
      json_builder_add_string_value (b, deal);
    }
  json_builder_set_member_name (b, "end_sent");
  json_builder_add_boolean_value (b, self->end_sent);
  json_builder_set_member_name (b, "moves");
  json_builder_begin_array (b);
  for (i = 0; i < self->sent->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (self->sent, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  text = json_to_string (root, FALSE);
  /* A temporary file, synced, renamed over the old one: a crash leaves one or the other. The
   * token is a secret: readable by the owner only. */
  if (!g_file_set_contents_full (self->state_path, text, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0600, &error))
    g_warning ("cannot save the seat: %s", error->message);
}

/**
 * pat_net_seat_set_state_file:
 * @self: a seat
 * @path: (nullable): where to save the seat after every change, or %NULL to stop
 *
 * Saves the seat now (once the host has given it: nothing is written before welcome) and
 * after every change: the welcome, a round's start, each move, the end of the round. The file is
 * written to a temporary file, synced and renamed over @path, readable by its owner only; it is
 * removed when the match ends or the player leaves.
 */
void
pat_net_seat_set_state_file (PatNetSeat *self,
                             const char *path)
{
  g_return_if_fail (PAT_IS_NET_SEAT (self));

  g_free (self->state_path);
  self->state_path = g_strdup (path);
  save_state (self);
}

static PatNetSeat *
state_fail (GError     **error,
            const char  *path,
            const char  *why)
{
  g_autofree char *name = g_filename_display_name (path);

  g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_FAILED,
               _("The saved seat %s cannot be read: %s."), name, why);
  return NULL;
}

/* A string member of at most @max_bytes, or NULL. */
static const char *
get_string (JsonObject *object,
            const char *member,
            gsize       max_bytes)
{
  JsonNode *node = json_object_get_member (object, member);
  const char *value;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  value = json_node_get_string (node);
  if (value == NULL || strlen (value) > max_bytes)
    return NULL;
  return value;
}

/* An integer member within [@min, @max], else FALSE. */
static gboolean
get_int (JsonObject *object,
         const char *member,
         gint64      min,
         gint64      max,
         gint64     *value)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *value = json_node_get_int (node);
  return *value >= min && *value <= max;
}

/**
 * pat_net_seat_new_from_state_data:
 * @contents: (array length=length): what a state file holds
 * @length: its length in bytes
 * @path: the file's name, for the messages
 * @error: return location for a #PAT_NET_ERROR_FAILED (not a valid saved seat; its message is a
 *   sentence for the player)
 *
 * Takes a saved seat back from @contents, as pat_net_seat_new_from_state() does, without
 * starting it or saving it anywhere. @contents are untrusted: anything out of place refuses
 * them whole.
 *
 * Returns: (transfer full) (nullable): a seat, not started
 */
PatNetSeat *
pat_net_seat_new_from_state_data (const char  *contents,
                                  gsize        length,
                                  const char  *path,
                                  GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(PatNetClient) client = NULL;
  g_autoptr(PatNetSeat) self = NULL;
  g_autoptr(PatGame) game = NULL;
  const char *address, *fp, *code, *name, *token, *match;
  gint64 format, port, team, player, target, teams, die, round;
  PatDealNumber deal = { 0, };
  JsonArray *moves;
  JsonObject *object;
  JsonNode *root;
  JsonNode *node;
  guint i;

  g_return_val_if_fail (contents != NULL || length == 0, NULL);
  g_return_val_if_fail (path != NULL, NULL);

  if (length > MAX_STATE_SIZE || !g_utf8_validate_len (contents, length, NULL))
    return state_fail (error, path, _("it is not a saved seat"));
  if (!json_parser_load_from_data (parser, contents, (gssize) length, NULL))
    return state_fail (error, path, _("it is damaged"));
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return state_fail (error, path, _("it is not a saved seat"));
  object = json_node_get_object (root);
  if (!get_int (object, "patience-seat", 1, G_MAXINT, &format))
    return state_fail (error, path, _("it is not a saved seat"));
  if (format != STATE_FORMAT)
    return state_fail (error, path, _("a newer version of Patience wrote it"));

  address = get_string (object, "address", MAX_ADDRESS_LENGTH);
  fp = get_string (object, "fingerprint", PAT_NET_FINGERPRINT_LENGTH);
  code = get_string (object, "code", PAT_NET_MAX_CODE);
  name = get_string (object, "name", PAT_NET_NAME_BYTES - 1);
  token = get_string (object, "token", PAT_NET_TOKEN_LENGTH);
  match = get_string (object, "match", PAT_NET_NAME_BYTES - 1);
  moves = json_object_has_member (object, "moves") &&
          JSON_NODE_HOLDS_ARRAY (json_object_get_member (object, "moves")) ?
          json_object_get_array_member (object, "moves") : NULL;
  if (address == NULL || *address == '\0' || !g_utf8_validate (address, -1, NULL) ||
      fp == NULL || !pat_net_fingerprint_valid (fp) ||
      code == NULL || !pat_net_code_valid (code) ||
      name == NULL || !pat_net_name_valid (name, NULL) ||
      token == NULL || !pat_net_token_valid (token) ||
      match == NULL || !g_utf8_validate (match, -1, NULL) ||
      !get_int (object, "port", 1, 65535, &port) ||
      !get_int (object, "team", -1, PAT_NET_MAX_TEAMS - 1, &team) ||
      !get_int (object, "player", 0, PAT_NET_MAX_PLAYERS - 1, &player) ||
      !get_int (object, "target", 1, PAT_NET_MAX_TARGET, &target) ||
      !get_int (object, "teams", 0, PAT_NET_MAX_TEAMS, &teams) ||
      !get_int (object, "die", PAT_DIE_OFF, PAT_DIE_PER_PASS, &die) ||
      !get_int (object, "round", 0, PAT_NET_MAX_ROUNDS, &round) ||
      moves == NULL || json_array_get_length (moves) > PAT_NET_MAX_MOVES_PER_ROUND)
    return state_fail (error, path, _("it is damaged"));
  if (round > 0)
    {
      const char *text = get_string (object, "deal", PAT_DEAL_NUMBER_MAX_DIGITS);

      if (text == NULL || !pat_deal_number_parse (text, &deal, NULL) ||
          !pat_deal_number_valid (&deal))
        return state_fail (error, path, _("it is damaged"));
    }
  else if (json_array_get_length (moves) > 0)
    return state_fail (error, path, _("it is damaged"));

  client = pat_net_client_new (address, (guint) port, fp);
  self = pat_net_seat_new (client, name, (int) team, code);
  self->player = (int) player;
  g_strlcpy (self->token, token, sizeof self->token);
  self->match_name = g_strdup (match);
  self->target = (int) target;
  self->n_teams = (guint) teams;
  self->die_mode = (PatDieMode) die;
  self->round = (guint) round;
  self->deal = deal;
  node = json_object_get_member (object, "end_sent");
  self->end_sent = node != NULL && JSON_NODE_HOLDS_VALUE (node) &&
                   json_node_get_value_type (node) == G_TYPE_BOOLEAN &&
                   json_node_get_boolean (node);

  if (round > 0)
    {
      game = new_round_game (self);
      for (i = 0; i < json_array_get_length (moves); i++)
        {
          JsonNode *element = json_array_get_element (moves, i);
          const char *text;
          PatMove move;

          text = JSON_NODE_HOLDS_VALUE (element) &&
                 json_node_get_value_type (element) == G_TYPE_STRING ?
                 json_node_get_string (element) : NULL;
          if (text == NULL || strlen (text) > PAT_NET_MAX_MOVE_TEXT ||
              !pat_rules_parse_move (pat_game_get_rules (game), pat_game_get_state (game), text,
                                     &move, NULL) ||
              !pat_game_apply (game, &move, NULL))
            return state_fail (error, path, _("its moves do not follow from the deal"));
          g_ptr_array_add (self->sent, g_strdup (text));
        }
      self->round_ended = self->end_sent ||
                          pat_game_get_status (game) != PAT_STATUS_PLAYING ||
                          self->sent->len >= PAT_NET_MAX_MOVES_PER_ROUND;
      set_game (self, game);
    }
  return g_steal_pointer (&self);
}

/**
 * pat_net_seat_new_from_state:
 * @path: a file pat_net_seat_set_state_file() wrote
 * @error: return location for a #PAT_NET_ERROR_FAILED (the file is missing or is not a valid
 *   saved seat; its message is a sentence for the player)
 *
 * Takes a saved seat back: a client of the saved address, port and pinned fingerprint, the
 * seat with its token, and the round's game rebuilt from its deal and the moves saved (not sent
 * again here). The seat starts at once (pat_net_seat_start() does nothing more): it connects,
 * rejoins with its token, and sends again the moves the host lacks; it goes on saving to
 * @path. The file is untrusted: anything out of place refuses it whole.
 *
 * Returns: (transfer full) (nullable): a seat, connecting
 */
PatNetSeat *
pat_net_seat_new_from_state (const char  *path,
                             GError     **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *contents = NULL;
  PatNetSeat *self;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &contents, &length, &local))
    return state_fail (error, path, local->message);
  self = pat_net_seat_new_from_state_data (contents, length, path, error);
  if (self == NULL)
    return NULL;
  self->state_path = g_strdup (path);
  pat_net_seat_start (self);
  return self;
}

/* The object ----------------------------------------------------------------------------- */

static void
pat_net_seat_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PatNetSeat *self = PAT_NET_SEAT (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_ROUND:
      g_value_set_uint (value, self->round);
      break;
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_TIME_LIMIT:
      g_value_set_uint (value, self->time_limit);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_net_seat_dispose (GObject *object)
{
  PatNetSeat *self = PAT_NET_SEAT (object);

  g_clear_handle_id (&self->retry_id, g_source_remove);
  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
  g_clear_object (&self->client);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->players);

  G_OBJECT_CLASS (pat_net_seat_parent_class)->dispose (object);
}

static void
pat_net_seat_finalize (GObject *object)
{
  PatNetSeat *self = PAT_NET_SEAT (object);

  g_clear_pointer (&self->sent, g_ptr_array_unref);
  g_clear_pointer (&self->result, pat_net_message_free);
  g_clear_error (&self->error);
  g_clear_error (&self->refusal);
  g_free (self->name);
  g_free (self->code);
  g_free (self->match_name);
  g_free (self->state_path);

  G_OBJECT_CLASS (pat_net_seat_parent_class)->finalize (object);
}

static void
pat_net_seat_class_init (PatNetSeatClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->get_property = pat_net_seat_get_property;
  object_class->dispose = pat_net_seat_dispose;
  object_class->finalize = pat_net_seat_finalize;

  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, PAT_TYPE_NET_SEAT_STATE, PAT_NET_SEAT_CONNECTING,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROUND] =
    g_param_spec_uint ("round", NULL, NULL, 0, PAT_NET_MAX_ROUNDS, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PAT_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIME_LIMIT] =
    g_param_spec_uint ("time-limit", NULL, NULL, 0, PAT_NET_MAX_TIME_LIMIT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[ROUND_STARTED] = g_signal_new ("round-started", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 1, PAT_TYPE_GAME);
  signals[ROUND_ENDED] = g_signal_new ("round-ended", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                       NULL, G_TYPE_NONE, 0);
  signals[MOVE_REFUSED] = g_signal_new ("move-refused", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[MATCH_ENDED] = g_signal_new ("match-ended", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                       NULL, G_TYPE_NONE, 0);
  signals[REJOINED] = g_signal_new ("rejoined", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                    G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[RECONNECTING] = g_signal_new ("reconnecting", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT,
                                        G_TYPE_STRING);
  signals[TABLE_CHANGED] = g_signal_new ("table-changed", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                         NULL, NULL, G_TYPE_NONE, 0);
}

static void
pat_net_seat_init (PatNetSeat *self)
{
  self->player = -1;
  self->team = -1;
  self->sent = g_ptr_array_new_with_free_func (g_free);
  self->players = g_list_store_new (PAT_TYPE_NET_SEAT_PLAYER);
  g_signal_connect_object (self->players, "items-changed", G_CALLBACK (table_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

/**
 * pat_net_seat_new:
 * @client: a client, not connected yet (the seat connects it on pat_net_seat_start())
 * @name: the player's name
 * @team: the player's team, or -1 in a match without teams
 * @code: the match code
 *
 * Returns: (transfer full): a seat, not started (state %PAT_NET_SEAT_CONNECTING)
 */
PatNetSeat *
pat_net_seat_new (PatNetClient *client,
                  const char   *name,
                  int           team,
                  const char   *code)
{
  PatNetSeat *self;

  g_return_val_if_fail (PAT_IS_NET_CLIENT (client), NULL);
  g_return_val_if_fail (name != NULL && code != NULL, NULL);

  self = g_object_new (PAT_TYPE_NET_SEAT, NULL);
  self->client = g_object_ref (client);
  self->name = g_strdup (name);
  self->team = team;
  self->code = g_strdup (code);
  g_signal_connect (client, "opened", G_CALLBACK (opened_cb), self);
  g_signal_connect (client, "message", G_CALLBACK (message_cb), self);
  g_signal_connect (client, "closed", G_CALLBACK (closed_cb), self);
  return self;
}
