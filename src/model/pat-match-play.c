/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatMatchPlay: a Demon match being played, turn after turn, and kept saved. */

#include "config.h"

#include "pat-match-play.h"

struct _PatMatchPlay
{
  GObject       parent_instance;

  PatMatch     *match;
  PatStore     *store;         /* nullable */
  PatGame      *current_game;  /* nullable */
  gulong        finished_id;   /* current_game's finished, while its turn is played */
  char         *turn_player;
  guint         turn_round;
  gboolean      turn_over;
  gboolean      abandoned;
};

G_DEFINE_FINAL_TYPE (PatMatchPlay, pat_match_play, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MATCH,
  PROP_STORE,
  PROP_CURRENT_GAME,
  PROP_TURN_PLAYER,
  PROP_TURN_ROUND,
  PROP_TURN_OVER,
  N_PROPS,
};

enum {
  TURN_STARTED,
  TURN_ENDED,
  SAVE_FAILED,
  N_SIGNALS,
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void match_changed_cb  (PatMatchPlay *self,
                               PatMatch     *match);
static void match_finished_cb (PatMatchPlay *self,
                               const char   *winner,
                               PatMatch     *match);

static void
pat_match_play_dispose (GObject *object)
{
  PatMatchPlay *self = PAT_MATCH_PLAY (object);

  if (self->current_game != NULL)
    g_clear_signal_handler (&self->finished_id, self->current_game);
  g_clear_object (&self->current_game);
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_clear_object (&self->match);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (pat_match_play_parent_class)->dispose (object);
}

static void
pat_match_play_finalize (GObject *object)
{
  PatMatchPlay *self = PAT_MATCH_PLAY (object);

  g_clear_pointer (&self->turn_player, g_free);

  G_OBJECT_CLASS (pat_match_play_parent_class)->finalize (object);
}

static void
pat_match_play_constructed (GObject *object)
{
  PatMatchPlay *self = PAT_MATCH_PLAY (object);

  G_OBJECT_CLASS (pat_match_play_parent_class)->constructed (object);

  g_signal_connect_object (self->match, "changed", G_CALLBACK (match_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "finished", G_CALLBACK (match_finished_cb), self,
                           G_CONNECT_SWAPPED);
}

static void
pat_match_play_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  PatMatchPlay *self = PAT_MATCH_PLAY (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;

    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;

    case PROP_CURRENT_GAME:
      g_value_set_object (value, self->current_game);
      break;

    case PROP_TURN_PLAYER:
      g_value_set_string (value, self->turn_player);
      break;

    case PROP_TURN_ROUND:
      g_value_set_uint (value, self->turn_round);
      break;

    case PROP_TURN_OVER:
      g_value_set_boolean (value, self->turn_over);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_match_play_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  PatMatchPlay *self = PAT_MATCH_PLAY (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      self->match = g_value_dup_object (value);
      break;

    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_match_play_class_init (PatMatchPlayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_match_play_dispose;
  object_class->finalize = pat_match_play_finalize;
  object_class->constructed = pat_match_play_constructed;
  object_class->get_property = pat_match_play_get_property;
  object_class->set_property = pat_match_play_set_property;

  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, PAT_TYPE_MATCH,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, PAT_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_GAME] =
    g_param_spec_object ("current-game", NULL, NULL, PAT_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURN_PLAYER] =
    g_param_spec_string ("turn-player", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURN_ROUND] =
    g_param_spec_uint ("turn-round", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TURN_OVER] =
    g_param_spec_boolean ("turn-over", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[TURN_STARTED] =
    g_signal_new ("turn-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[TURN_ENDED] =
    g_signal_new ("turn-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[SAVE_FAILED] =
    g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
pat_match_play_init (PatMatchPlay *self)
{
  self->turn_over = TRUE;
}

/**
 * pat_match_play_new:
 * @match: the match to play
 * @store: (nullable): where the match is saved; %NULL for nowhere
 *
 * No turn begins yet: connect to the signals, then call pat_match_play_start_next_turn().
 *
 * Returns: (transfer full): a new #PatMatchPlay
 */
PatMatchPlay *
pat_match_play_new (PatMatch *match,
                    PatStore *store)
{
  g_return_val_if_fail (PAT_IS_MATCH (match), NULL);
  g_return_val_if_fail (store == NULL || PAT_IS_STORE (store), NULL);

  return g_object_new (PAT_TYPE_MATCH_PLAY, "match", match, "store", store, NULL);
}

PatMatch *
pat_match_play_get_match (PatMatchPlay *self)
{
  g_return_val_if_fail (PAT_IS_MATCH_PLAY (self), NULL);

  return self->match;
}

/**
 * pat_match_play_get_current_game:
 *
 * Returns: (transfer none) (nullable): the game of the turn being played or just ended
 */
PatGame *
pat_match_play_get_current_game (PatMatchPlay *self)
{
  g_return_val_if_fail (PAT_IS_MATCH_PLAY (self), NULL);

  return self->current_game;
}

const char *
pat_match_play_get_turn_player (PatMatchPlay *self)
{
  g_return_val_if_fail (PAT_IS_MATCH_PLAY (self), NULL);

  return self->turn_player;
}

guint
pat_match_play_get_turn_round (PatMatchPlay *self)
{
  g_return_val_if_fail (PAT_IS_MATCH_PLAY (self), 0);

  return self->turn_round;
}

gboolean
pat_match_play_get_turn_over (PatMatchPlay *self)
{
  g_return_val_if_fail (PAT_IS_MATCH_PLAY (self), TRUE);

  return self->turn_over;
}

void
pat_match_play_save (PatMatchPlay *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (PAT_IS_MATCH_PLAY (self));

  if (self->store == NULL || self->abandoned || pat_match_get_finished (self->match))
    return;
  if (!pat_store_save_match (self->store, self->match, &error))
    g_signal_emit (self, signals[SAVE_FAILED], 0, error);
}

static void
set_turn_over (PatMatchPlay *self,
               gboolean      turn_over)
{
  if (self->turn_over == turn_over)
    return;
  self->turn_over = turn_over;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TURN_OVER]);
}

/* The turn's game no longer ends the turn. */
static void
stop_following_game (PatMatchPlay *self)
{
  if (self->current_game != NULL)
    g_clear_signal_handler (&self->finished_id, self->current_game);
}

static void
match_changed_cb (PatMatchPlay *self,
                  PatMatch     *match)
{
  pat_match_play_save (self);
}

/* A match that is over (won, drawn or abandoned) leaves nothing to resume: no turn, no file,
 * and the last game is the game matches play. A file that cannot be removed is said like a
 * failed save. */
static void
close_match (PatMatchPlay *self)
{
  g_autoptr(GError) error = NULL;

  stop_following_game (self);
  set_turn_over (self, TRUE);
  if (self->store == NULL)
    return;
  if (!pat_store_remove_match (self->store, &error))
    g_signal_emit (self, signals[SAVE_FAILED], 0, error);
  pat_store_set_last_game_id (self->store, pat_rules_match ()->id);
}

static void
match_finished_cb (PatMatchPlay *self,
                   const char   *winner,
                   PatMatch     *match)
{
  close_match (self);
}

static void
game_finished_cb (PatMatchPlay *self,
                  PatStatus     status,
                  const char   *reason,
                  PatGame      *game)
{
  pat_match_play_end_turn (self);
}

/**
 * pat_match_play_end_turn:
 *
 * Records the score of the turn's game for the current player, once, saves the match and
 * emits #PatMatchPlay::turn-ended.
 *
 * Returns: whether a turn was being played and has ended
 */
gboolean
pat_match_play_end_turn (PatMatchPlay *self)
{
  g_autoptr(GError) error = NULL;
  int score;

  g_return_val_if_fail (PAT_IS_MATCH_PLAY (self), FALSE);

  if (self->turn_over || self->current_game == NULL)
    return FALSE;

  stop_following_game (self);
  set_turn_over (self, TRUE);
  score = pat_game_get_score (self->current_game);
  /* A score taken changes the match, which saves it (match_changed_cb()). */
  /* Only a match past its last round refuses a game's score; it ends there. */
  if (!pat_match_record_score (self->match, score, &error) && !pat_match_conclude (self->match))
    g_warning ("The match did not take the score: %s", error->message);
  g_signal_emit (self, signals[TURN_ENDED], 0, score);
  return TRUE;
}

/**
 * pat_match_play_start_next_turn:
 *
 * Begins the current player's turn with pat_match_get_game(), saves the match, marks it as the
 * match to resume and emits #PatMatchPlay::turn-started; a game that has already ended then
 * ends its turn at once. A match loaded after its last round, undecided, has no turn left: it
 * ends instead (pat_match_conclude()), and its file is removed as a won match's is.
 *
 * Returns: whether a turn began (not while one is being played, nor once the match is over)
 */
gboolean
pat_match_play_start_next_turn (PatMatchPlay *self)
{
  GObject *object = G_OBJECT (self);
  const char *player;
  guint round;
  PatGame *game;

  g_return_val_if_fail (PAT_IS_MATCH_PLAY (self), FALSE);

  if (!self->turn_over || self->abandoned || pat_match_get_finished (self->match))
    return FALSE;
  if (pat_match_conclude (self->match))
    return FALSE;

  game = pat_match_get_game (self->match);
  player = pat_match_get_player_name (self->match, pat_match_get_current_player (self->match));
  round = pat_match_get_round (self->match);

  g_object_freeze_notify (object);
  if (g_strcmp0 (self->turn_player, player) != 0)
    {
      g_free (self->turn_player);
      self->turn_player = g_strdup (player);
      g_object_notify_by_pspec (object, properties[PROP_TURN_PLAYER]);
    }
  if (self->turn_round != round)
    {
      self->turn_round = round;
      g_object_notify_by_pspec (object, properties[PROP_TURN_ROUND]);
    }
  stop_following_game (self);
  if (g_set_object (&self->current_game, game))
    g_object_notify_by_pspec (object, properties[PROP_CURRENT_GAME]);
  self->finished_id = g_signal_connect_swapped (game, "finished", G_CALLBACK (game_finished_cb),
                                                self);
  set_turn_over (self, FALSE);
  g_object_thaw_notify (object);

  if (self->store != NULL)
    pat_store_set_resume_match (self->store, TRUE);
  pat_match_play_save (self);
  g_signal_emit (self, signals[TURN_STARTED], 0);

  /* A game saved after it ended, before its score was recorded, ends its turn now. */
  if (!self->turn_over && self->current_game == game &&
      pat_game_get_status (game) != PAT_STATUS_PLAYING)
    pat_match_play_end_turn (self);
  return TRUE;
}

/**
 * pat_match_play_abandon:
 *
 * The match ends without a winner: its file is removed, the last game becomes the game matches
 * play, and nothing more is saved or played.
 */
void
pat_match_play_abandon (PatMatchPlay *self)
{
  g_return_if_fail (PAT_IS_MATCH_PLAY (self));

  if (self->abandoned)
    return;
  self->abandoned = TRUE;
  close_match (self);
}
