/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatGame: one game in play — an engine position with undo/redo, timing, signals and
 * (de)serialisation. */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "pat-error.h"
#include "pat-game.h"
#include "pat-greedy.h"
#include "pat-model-private.h"

#define GAME_MAGIC "io.github.patience.Patience.Game"
#define GAME_FORMAT_VERSION 2

/* One position: the pile lengths, the cards pile after pile (bottom to top), then the
 * game-specific scalars: base rank, variant, die, flags, round, cycle length, cycle round.
 * The deal the position's die rolls derive from is the game's, so it is not repeated. */
#define STATE_TYPE "(ayayyyyyqqu)"

/* Format 1: game id, deal number (lo, hi; 0 with an explicit deck), explicit deck (top first,
 * empty with a deal number), die mode, undo history (oldest first), the current position,
 * redo history (the next to redo first), elapsed microseconds, moves, started, recorded,
 * hints used. Format 2 adds assisted (the Demo played a move); format 1 files still load, as
 * games the Demo never played in. */
#define PAYLOAD_TYPE_1 "(s(tt)ayua" STATE_TYPE STATE_TYPE "a" STATE_TYPE "tubbu)"
#define PAYLOAD_TYPE "(s(tt)ayua" STATE_TYPE STATE_TYPE "a" STATE_TYPE "tubbub)"

struct _PatGame
{
  GObject         parent_instance;

  const PatRules *rules;
  char           *game_id;
  PatDealNumber   deal;
  gboolean        has_deal;
  PatCard         deck[PAT_N_CARDS];
  PatOptions      options;

  PatState        initial;
  PatState        state;
  PatStatus       status;
  GArray         *undo;   /* PatState: the position before each action, oldest first */
  GArray         *redo;   /* PatState: the last element is the next to redo */

  gboolean        started;    /* a move was made since the deal; undo does not clear it */
  gboolean        recorded;
  guint           hints_used;
  gboolean        assisted;   /* the Demo made a move since the deal; undo does not clear it */
  gboolean        auto_foundation;  /* send up by itself what the rules call safe */
  gboolean        replayed;   /* its moves are replayed elsewhere: no undo, nothing goes up alone */
  gboolean        auto_paused;      /* pat_game_set_auto_foundation_paused() */

  gboolean        running;
  gboolean        clock_running;
  gint64          clock_start;
  gint64          elapsed_us;      /* up to clock_start while the clock runs */
  guint           elapsed_notified;
  guint           tick_id;
};

G_DEFINE_FINAL_TYPE (PatGame, pat_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME_ID,
  PROP_DEAL_NUMBER,
  PROP_STATUS,
  PROP_SCORE,
  PROP_MOVES,
  PROP_ELAPSED,
  PROP_RUNNING,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_ROUND,
  PROP_DIE,
  PROP_DIE_MODE,
  PROP_STARTED,
  PROP_RECORDED,
  PROP_HINTS_USED,
  PROP_ASSISTED,
  PROP_AUTO_FOUNDATION,
  N_PROPS,
};

enum {
  CHANGED,
  MOVE_APPLIED,
  FINISHED,
  N_SIGNALS,
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static PatClockFunc clock_func;

G_DEFINE_QUARK (pat-save-error-quark, pat_save_error)

G_DEFINE_ENUM_TYPE (PatStatus, pat_status,
  G_DEFINE_ENUM_VALUE (PAT_STATUS_PLAYING, "playing"),
  G_DEFINE_ENUM_VALUE (PAT_STATUS_WON, "won"),
  G_DEFINE_ENUM_VALUE (PAT_STATUS_BLOCKED, "blocked"),
  G_DEFINE_ENUM_VALUE (PAT_STATUS_CYCLE, "cycle"))

G_DEFINE_ENUM_TYPE (PatDieMode, pat_die_mode,
  G_DEFINE_ENUM_VALUE (PAT_DIE_OFF, "off"),
  G_DEFINE_ENUM_VALUE (PAT_DIE_PER_GAME, "game"),
  G_DEFINE_ENUM_VALUE (PAT_DIE_PER_PASS, "pass"))

void
pat_game_set_clock_func (PatClockFunc func)
{
  clock_func = func;
}

static gint64
now_us (void)
{
  return clock_func != NULL ? clock_func () : g_get_monotonic_time ();
}

static gint64
current_elapsed_us (PatGame *self)
{
  gint64 us = self->elapsed_us;

  if (self->clock_running)
    us += MAX (0, now_us () - self->clock_start);
  return us;
}

static guint
elapsed_seconds (PatGame *self)
{
  return (guint) MIN (current_elapsed_us (self) / G_USEC_PER_SEC, (gint64) G_MAXUINT);
}

static void
sync_elapsed (PatGame *self)
{
  guint seconds = elapsed_seconds (self);

  if (seconds != self->elapsed_notified)
    {
      self->elapsed_notified = seconds;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ELAPSED]);
    }
}

static void schedule_tick (PatGame *self);
static void send_up_now   (PatGame *self);

static gboolean
tick_cb (gpointer data)
{
  PatGame *self = data;

  self->tick_id = 0;
  sync_elapsed (self);
  schedule_tick (self);
  return G_SOURCE_REMOVE;
}

/* Wakes up just after the next whole second, so each second is notified once. */
static void
schedule_tick (PatGame *self)
{
  gint64 into_second;

  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (!self->clock_running)
    return;

  into_second = current_elapsed_us (self) % G_USEC_PER_SEC;
  self->tick_id = g_timeout_add_full (G_PRIORITY_DEFAULT,
                                      (guint) ((G_USEC_PER_SEC - into_second) / 1000 + 1),
                                      tick_cb, self, NULL);
}

/* The clock waits for the first move: looking at a fresh deal costs no time, and in a match
 * a player's turn is timed from their own first move, not from when it was handed to them. */
static void
update_clock (PatGame *self)
{
  gboolean run = self->running && self->started && self->status == PAT_STATUS_PLAYING;

  if (run == self->clock_running)
    return;

  if (run)
    {
      self->clock_start = now_us ();
      self->clock_running = TRUE;
    }
  else
    {
      self->elapsed_us = current_elapsed_us (self);
      self->clock_running = FALSE;
    }
  schedule_tick (self);
}

/* What observers can see, to notify only what really changed. */
typedef struct {
  PatStatus status;
  int       score;
  guint     moves;
  gboolean  can_undo;
  gboolean  can_redo;
  guint     round;
  guint     die;
  gboolean  started;
  gboolean  recorded;
  guint     hints_used;
  gboolean  assisted;
} Snapshot;

static void
take_snapshot (PatGame  *self,
               Snapshot *snap)
{
  snap->status = self->status;
  snap->score = pat_game_get_score (self);
  snap->moves = pat_game_get_moves (self);
  snap->can_undo = pat_game_get_can_undo (self);
  snap->can_redo = pat_game_get_can_redo (self);
  snap->round = pat_game_get_round (self);
  snap->die = pat_game_get_die (self);
  snap->started = self->started;
  snap->recorded = self->recorded;
  snap->hints_used = self->hints_used;
  snap->assisted = self->assisted;
}

static void
set_state (PatGame        *self,
           const PatState *state)
{
  self->state = *state;
  self->status = self->rules->status (&self->state);
}

/* Sends the notifications of a change that began with @before, then "finished" when the
 * game has just ended. */
static void
publish (PatGame        *self,
         const Snapshot *before)
{
  GObject *object = G_OBJECT (self);
  Snapshot after;

  update_clock (self);
  take_snapshot (self, &after);

  g_object_freeze_notify (object);
  if (after.status != before->status)
    g_object_notify_by_pspec (object, properties[PROP_STATUS]);
  if (after.score != before->score)
    g_object_notify_by_pspec (object, properties[PROP_SCORE]);
  if (after.moves != before->moves)
    g_object_notify_by_pspec (object, properties[PROP_MOVES]);
  if (after.can_undo != before->can_undo)
    g_object_notify_by_pspec (object, properties[PROP_CAN_UNDO]);
  if (after.can_redo != before->can_redo)
    g_object_notify_by_pspec (object, properties[PROP_CAN_REDO]);
  if (after.round != before->round)
    g_object_notify_by_pspec (object, properties[PROP_ROUND]);
  if (after.die != before->die)
    g_object_notify_by_pspec (object, properties[PROP_DIE]);
  if (after.started != before->started)
    g_object_notify_by_pspec (object, properties[PROP_STARTED]);
  if (after.recorded != before->recorded)
    g_object_notify_by_pspec (object, properties[PROP_RECORDED]);
  if (after.hints_used != before->hints_used)
    g_object_notify_by_pspec (object, properties[PROP_HINTS_USED]);
  if (after.assisted != before->assisted)
    g_object_notify_by_pspec (object, properties[PROP_ASSISTED]);
  sync_elapsed (self);
  g_object_thaw_notify (object);

  if (before->status == PAT_STATUS_PLAYING && after.status != PAT_STATUS_PLAYING)
    {
      g_autofree char *reason = pat_game_dup_end_reason (self);

      g_signal_emit (self, signals[FINISHED], 0, after.status, reason);
    }
}

static void
pat_game_dispose (GObject *object)
{
  PatGame *self = PAT_GAME (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);

  G_OBJECT_CLASS (pat_game_parent_class)->dispose (object);
}

static void
pat_game_finalize (GObject *object)
{
  PatGame *self = PAT_GAME (object);

  g_clear_pointer (&self->game_id, g_free);
  g_clear_pointer (&self->undo, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);

  G_OBJECT_CLASS (pat_game_parent_class)->finalize (object);
}

static void
pat_game_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  PatGame *self = PAT_GAME (object);

  switch (prop_id)
    {
    case PROP_GAME_ID:
      g_value_set_string (value, self->game_id);
      break;

    case PROP_DEAL_NUMBER:
      g_value_take_string (value, pat_game_dup_deal_number (self));
      break;

    case PROP_STATUS:
      g_value_set_enum (value, self->status);
      break;

    case PROP_SCORE:
      g_value_set_int (value, pat_game_get_score (self));
      break;

    case PROP_MOVES:
      g_value_set_uint (value, pat_game_get_moves (self));
      break;

    case PROP_ELAPSED:
      g_value_set_uint (value, pat_game_get_elapsed (self));
      break;

    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;

    case PROP_CAN_UNDO:
      g_value_set_boolean (value, pat_game_get_can_undo (self));
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, pat_game_get_can_redo (self));
      break;

    case PROP_ROUND:
      g_value_set_uint (value, pat_game_get_round (self));
      break;

    case PROP_DIE:
      g_value_set_uint (value, pat_game_get_die (self));
      break;

    case PROP_DIE_MODE:
      g_value_set_enum (value, self->options.die_mode);
      break;

    case PROP_STARTED:
      g_value_set_boolean (value, self->started);
      break;

    case PROP_RECORDED:
      g_value_set_boolean (value, self->recorded);
      break;

    case PROP_HINTS_USED:
      g_value_set_uint (value, self->hints_used);
      break;

    case PROP_ASSISTED:
      g_value_set_boolean (value, self->assisted);
      break;

    case PROP_AUTO_FOUNDATION:
      g_value_set_boolean (value, self->auto_foundation);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_game_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  PatGame *self = PAT_GAME (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      pat_game_set_running (self, g_value_get_boolean (value));
      break;

    case PROP_RECORDED:
      pat_game_set_recorded (self, g_value_get_boolean (value));
      break;

    case PROP_AUTO_FOUNDATION:
      pat_game_set_auto_foundation (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_game_class_init (PatGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_game_dispose;
  object_class->finalize = pat_game_finalize;
  object_class->get_property = pat_game_get_property;
  object_class->set_property = pat_game_set_property;

  properties[PROP_GAME_ID] =
    g_param_spec_string ("game-id", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DEAL_NUMBER] =
    g_param_spec_string ("deal-number", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATUS] =
    g_param_spec_enum ("status", NULL, NULL, PAT_TYPE_STATUS, PAT_STATUS_PLAYING,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCORE] =
    g_param_spec_int ("score", NULL, NULL, G_MININT, G_MAXINT, 0,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MOVES] =
    g_param_spec_uint ("moves", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ELAPSED] =
    g_param_spec_uint ("elapsed", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROUND] =
    g_param_spec_uint ("round", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIE] =
    g_param_spec_uint ("die", NULL, NULL, 0, 6, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIE_MODE] =
    g_param_spec_enum ("die-mode", NULL, NULL, PAT_TYPE_DIE_MODE, PAT_DIE_OFF,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_STARTED] =
    g_param_spec_boolean ("started", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_RECORDED] =
    g_param_spec_boolean ("recorded", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HINTS_USED] =
    g_param_spec_uint ("hints-used", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ASSISTED] =
    g_param_spec_boolean ("assisted", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  properties[PROP_AUTO_FOUNDATION] =
    g_param_spec_boolean ("auto-foundation", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[MOVE_APPLIED] =
    g_signal_new ("move-applied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_POINTER);
  signals[FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, PAT_TYPE_STATUS, G_TYPE_STRING);
}

static void
pat_game_init (PatGame *self)
{
  self->undo = g_array_new (FALSE, FALSE, sizeof (PatState));
  self->redo = g_array_new (FALSE, FALSE, sizeof (PatState));
}

static gboolean
deck_valid (const PatCard *deck,
            gsize          n)
{
  guint64 seen = 0;
  gsize i;

  if (n != PAT_N_CARDS)
    return FALSE;
  for (i = 0; i < n; i++)
    {
      if (deck[i] >= PAT_N_CARDS || (seen & (G_GUINT64_CONSTANT (1) << deck[i])))
        return FALSE;
      seen |= G_GUINT64_CONSTANT (1) << deck[i];
    }
  return TRUE;
}

static PatGame *
game_new (const PatRules   *rules,
          const PatOptions *options)
{
  PatGame *self = g_object_new (PAT_TYPE_GAME, NULL);

  self->rules = rules;
  self->game_id = g_strdup (rules->id);
  if (options != NULL)
    self->options = *options;
  else
    self->options.die_mode = PAT_DIE_OFF;
  return self;
}

/**
 * pat_game_new:
 * @game_id: a game id known to pat_rules_lookup()
 * @deal: a valid deal number
 * @options: (nullable): the game's options, %NULL for the defaults
 *
 * Returns: (transfer full): a new game at the deal
 */
PatGame *
pat_game_new (const char          *game_id,
              const PatDealNumber *deal,
              const PatOptions    *options)
{
  const PatRules *rules = pat_rules_lookup (game_id);
  PatGame *self;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (deal != NULL && pat_deal_number_valid (deal), NULL);
  g_return_val_if_fail (options == NULL || (guint) options->die_mode <= PAT_DIE_PER_PASS, NULL);

  self = game_new (rules, options);
  self->deal = *deal;
  self->has_deal = TRUE;
  pat_deal_shuffle (deal, self->deck);
  pat_rules_deal_number (rules, &self->initial, deal, &self->options);
  set_state (self, &self->initial);
  return self;
}

/**
 * pat_game_new_from_deck:
 * @game_id: a game id known to pat_rules_lookup()
 * @deck: 52 distinct cards, top first
 * @options: (nullable): the game's options, %NULL for the defaults
 *
 * Returns: (transfer full): a new game dealt from @deck; it has no deal number
 */
PatGame *
pat_game_new_from_deck (const char       *game_id,
                        const PatCard     deck[PAT_N_CARDS],
                        const PatOptions *options)
{
  const PatRules *rules = pat_rules_lookup (game_id);
  PatGame *self;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (deck != NULL && deck_valid (deck, PAT_N_CARDS), NULL);
  g_return_val_if_fail (options == NULL || (guint) options->die_mode <= PAT_DIE_PER_PASS, NULL);

  self = game_new (rules, options);
  memcpy (self->deck, deck, PAT_N_CARDS);
  pat_rules_deal_deck (rules, &self->initial, deck, &self->options);
  set_state (self, &self->initial);
  return self;
}

const char *
pat_game_get_game_id (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), NULL);

  return self->game_id;
}

const PatRules *
pat_game_get_rules (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), NULL);

  return self->rules;
}

/**
 * pat_game_get_state:
 *
 * Returns: (transfer none): the current position; it changes with the game
 */
const PatState *
pat_game_get_state (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), NULL);

  return &self->state;
}

/**
 * pat_game_get_deal:
 * @deal: (out) (optional): the deal number
 *
 * Returns: %TRUE when the game was dealt from a deal number, %FALSE for an explicit deck
 */
gboolean
pat_game_get_deal (PatGame       *self,
                   PatDealNumber *deal)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);

  if (deal != NULL)
    *deal = self->deal;
  return self->has_deal;
}

/**
 * pat_game_dup_deal_number:
 *
 * Returns: (transfer full): the deal number in decimal, "" for an explicit deck
 */
char *
pat_game_dup_deal_number (PatGame *self)
{
  char text[PAT_DEAL_NUMBER_MAX_DIGITS + 1];

  g_return_val_if_fail (PAT_IS_GAME (self), NULL);

  if (!self->has_deal)
    return g_strdup ("");
  pat_deal_number_format (&self->deal, text);
  return g_strdup (text);
}

/**
 * pat_game_get_deck:
 *
 * Returns: (transfer none) (array fixed-size=52): the deck dealt, top first
 */
const PatCard *
pat_game_get_deck (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), NULL);

  return self->deck;
}

PatOptions
pat_game_get_options (PatGame *self)
{
  PatOptions none = { PAT_DIE_OFF };

  g_return_val_if_fail (PAT_IS_GAME (self), none);

  return self->options;
}

PatStatus
pat_game_get_status (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), PAT_STATUS_PLAYING);

  return self->status;
}

int
pat_game_get_score (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), 0);

  return self->rules->score (&self->state);
}

guint
pat_game_get_moves (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), 0);

  return self->undo->len;
}

/**
 * pat_game_get_elapsed:
 *
 * Returns: the seconds played: the clock starts at the first move and runs while
 *   #PatGame:running is set and the game is being played
 */
guint
pat_game_get_elapsed (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), 0);

  return elapsed_seconds (self);
}

gboolean
pat_game_get_running (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);

  return self->running;
}

/**
 * pat_game_set_running:
 * @running: whether the player is in front of the game (its window is active)
 */
void
pat_game_set_running (PatGame  *self,
                      gboolean  running)
{
  g_return_if_fail (PAT_IS_GAME (self));

  running = !!running;
  if (running == self->running)
    return;

  self->running = running;
  update_clock (self);
  sync_elapsed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

gboolean
pat_game_get_can_undo (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);

  return self->undo->len > 0 && !self->replayed;
}

gboolean
pat_game_get_can_redo (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);

  return self->redo->len > 0 && !self->replayed;
}

/**
 * pat_game_get_round:
 *
 * Returns: the round being played (Perpetual Motion) or the pass through the stock (Demon).
 *   After an endless cycle it is the last round played: the round the cards were gathered
 *   for would repeat an earlier one and is never played, so it is not counted.
 */
guint
pat_game_get_round (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), 0);

  if (self->status == PAT_STATUS_CYCLE && self->state.round > 1)
    return self->state.round - 1;
  return self->state.round;
}

guint
pat_game_get_die (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), 0);

  return self->state.die;
}

gboolean
pat_game_get_started (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);

  return self->started;
}

gboolean
pat_game_get_recorded (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);

  return self->recorded;
}

/**
 * pat_game_set_recorded:
 * @recorded: whether the game has been counted in the statistics
 *
 * PatStats sets this; the save keeps it, so a resumed game is not counted twice.
 */
void
pat_game_set_recorded (PatGame  *self,
                       gboolean  recorded)
{
  g_return_if_fail (PAT_IS_GAME (self));

  recorded = !!recorded;
  if (recorded == self->recorded)
    return;
  self->recorded = recorded;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECORDED]);
}

guint
pat_game_get_hints_used (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), 0);

  return self->hints_used;
}

void
pat_game_add_hint_used (PatGame *self)
{
  g_return_if_fail (PAT_IS_GAME (self));

  if (self->hints_used == G_MAXUINT)
    return;
  self->hints_used++;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINTS_USED]);
}

/**
 * pat_game_get_assisted:
 *
 * Returns: whether the Demo has played a move in this attempt at the deal (see
 *   pat_game_apply_assisted()); undo does not clear it, pat_game_restart() does
 */
gboolean
pat_game_get_assisted (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);

  return self->assisted;
}

/**
 * pat_game_get_auto_foundation:
 *
 * Returns: whether cards the rules call safe go to their foundations by themselves
 */
gboolean
pat_game_get_auto_foundation (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);

  return self->auto_foundation;
}

/**
 * pat_game_set_auto_foundation:
 * @auto_foundation: whether cards the rules call safe (their safe_to_foundation hook) go to
 *   their foundations by themselves after every move
 *
 * Turned on before the player's first move, what goes up at once goes, as part of the deal;
 * later, from the next move on.
 */
void
pat_game_set_auto_foundation (PatGame  *self,
                              gboolean  auto_foundation)
{
  g_return_if_fail (PAT_IS_GAME (self));

  auto_foundation = !!auto_foundation && !self->replayed;
  if (auto_foundation == self->auto_foundation)
    return;
  self->auto_foundation = auto_foundation;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AUTO_FOUNDATION]);
  if (auto_foundation && !self->started)
    send_up_now (self);
}

/**
 * pat_game_set_replayed:
 *
 * Makes the game one whose moves are replayed elsewhere, move by move (a network match's round,
 * which the host scores): from now on it plays only the moves it is given. Nothing goes to the
 * foundations by itself (auto-foundation is off and stays off), and undo, redo and restart are
 * refused. There is no way back.
 */
void
pat_game_set_replayed (PatGame *self)
{
  Snapshot before;

  g_return_if_fail (PAT_IS_GAME (self));

  if (self->replayed)
    return;
  take_snapshot (self, &before);
  pat_game_set_auto_foundation (self, FALSE);
  self->replayed = TRUE;
  publish (self, &before);
}

gboolean
pat_game_get_replayed (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);

  return self->replayed;
}

gboolean
pat_game_get_auto_foundation_paused (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);

  return self->auto_paused;
}

/**
 * pat_game_set_auto_foundation_paused:
 * @paused: whether to hold back the cards that would go up by themselves
 *
 * The Demo pauses #PatGame:auto-foundation while it plays a line, which makes those moves
 * itself (a card gone up by itself would take the line's next move). On release, what can go up
 * goes at once, as after a move.
 */
void
pat_game_set_auto_foundation_paused (PatGame  *self,
                                     gboolean  paused)
{
  g_return_if_fail (PAT_IS_GAME (self));

  paused = !!paused;
  if (paused == self->auto_paused)
    return;
  self->auto_paused = paused;
  if (!paused)
    send_up_now (self);
}

/**
 * pat_game_legal_moves:
 * @moves: (out caller-allocates): every legal player move; none once the game is over
 */
void
pat_game_legal_moves (PatGame     *self,
                      PatMoveList *moves)
{
  g_return_if_fail (PAT_IS_GAME (self));
  g_return_if_fail (moves != NULL);

  moves->n = 0;
  if (self->status == PAT_STATUS_PLAYING)
    self->rules->legal_moves (&self->state, moves);
}

/**
 * pat_game_suggest_move:
 * @move: (out caller-allocates): the move suggested
 *
 * The hint when the solver has no winning line to give: the greedy player's move
 * (pat_greedy_next_move(): the most cards out a few moves ahead, then the tallest pile, then the
 * most moves left), never one back to a position this game has already been in, unless every
 * legal move is.
 *
 * Returns: FALSE when the game is over or no move is legal
 */
gboolean
pat_game_suggest_move (PatGame *self,
                       PatMove *move)
{
  PatSeen visited;
  gboolean found;
  guint i;

  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (self->status != PAT_STATUS_PLAYING)
    return FALSE;
  pat_seen_init (&visited);
  for (i = 0; i < pat_game_get_history_length (self); i++)
    pat_seen_add (&visited, pat_state_hash (pat_game_get_history_state (self, i)));
  found = pat_greedy_next_move (self->rules, &self->state, &visited, move) ||
          pat_greedy_next_move (self->rules, &self->state, NULL, move);
  pat_seen_free (&visited);
  return found;
}

/**
 * pat_game_check_move:
 * @reason: (out) (optional) (transfer none): why the move is not legal (static, English)
 *
 * Returns: whether @move is legal now
 */
gboolean
pat_game_check_move (PatGame        *self,
                     const PatMove  *move,
                     const char    **reason)
{
  const char *why = NULL;
  gboolean ok;

  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (move->from >= self->state.n_piles || move->to >= self->state.n_piles ||
      (move->kind == PAT_MOVE_PAIR && move->from2 >= self->state.n_piles))
    {
      why = N_("no such pile");
      ok = FALSE;
    }
  else if (self->status != PAT_STATUS_PLAYING)
    {
      why = N_("the game is over");
      ok = FALSE;
    }
  else
    ok = self->rules->check_move (&self->state, move, &why);

  if (reason != NULL)
    *reason = ok ? NULL : why;
  return ok;
}

typedef enum {
  BY_PLAYER,
  BY_DEMO,      /* the game becomes assisted */
  AT_OPENING,   /* part of the deal: no history, no move counted, the game not started */
  FOLLOW_UP,    /* part of the last action: no history of its own, no move counted */
} MoveSource;

static guint
foundation_height (const PatLayout *layout,
                   const PatState  *state,
                   guint            suit)
{
  for (guint p = 0; p < state->n_piles && p < layout->n_piles; p++)
    if (layout->piles[p].kind == PAT_PILE_FOUNDATION && pat_state_pile_len (state, p) > 0 &&
        pat_card_suit (pat_state_pile_cards (state, p)[0]) == suit)
      return pat_state_pile_len (state, p);

  return 0;
}

/* The first legal move of one card to its foundation that the rules call safe (their
 * safe_to_foundation hook), for a card that would start a foundation too. Nothing else goes up
 * by itself: a Demon base card may still hold the last card of the other colour, and taking it
 * up at once lost 8 of the 78 deals of 1-300 that deal one within reach, which the solver wins
 * keeping it (deal 289: the ten of diamonds on the reserve). */
static gboolean
find_safe_move (PatGame *self,
                PatMove *move)
{
  const PatLayout *layout = self->rules->layout;
  PatMoveList moves;

  if (self->rules->safe_to_foundation == NULL || self->status != PAT_STATUS_PLAYING)
    return FALSE;

  moves.n = 0;
  self->rules->legal_moves (&self->state, &moves);
  for (guint i = 0; i < moves.n; i++)
    {
      const PatMove *m = &moves.moves[i];
      PatCard card;
      guint8 height[4];

      if (m->kind != PAT_MOVE_CARDS || m->count != 1 ||
          layout->piles[m->to].kind != PAT_PILE_FOUNDATION ||
          layout->piles[m->from].kind == PAT_PILE_FOUNDATION)
        continue;
      card = pat_state_pile_top (&self->state, m->from);
      if (card >= PAT_N_CARDS)
        continue;
      for (guint suit = 0; suit < 4; suit++)
        height[suit] = (guint8) foundation_height (layout, &self->state, suit);
      if (self->rules->safe_to_foundation (card, self->state.base_rank, height))
        {
          *move = *m;
          return TRUE;
        }
    }

  return FALSE;
}

/* Sends up, one card at a time, whatever the rules call safe, appending what each did to @steps.
 * Before the player's first move they are part of the deal (the opening: no undo entry, no move
 * counted, the game not started, so a deal left unplayed is not counted); after it, part of the
 * last action (its follow-ups: one undo takes back the action and them, and it counts once). An
 * action that cannot be joined (undone since) makes the first of them an action of its own.
 * Returns whether a card went up. */
static gboolean
play_safe_moves (PatGame *self,
                 GArray  *steps,
                 guint   *stage)
{
  gboolean any = FALSE;
  PatMove up;

  if (!self->auto_foundation || self->auto_paused)
    return FALSE;

  while (find_safe_move (self, &up))
    {
      PatState next = self->state;

      if (!pat_rules_apply_steps (self->rules, &next, &up, TRUE, steps, stage, NULL))
        break;
      if (self->started && (self->undo->len == 0 || self->redo->len > 0))
        {
          g_array_append_val (self->undo, self->state);
          g_array_set_size (self->redo, 0);
        }
      set_state (self, &next);
      any = TRUE;
    }

  return any;
}

/* Emits what a change that began at @before did: @move (nullable) and its @steps, then
 * "changed", the notifications and "finished". */
static void
announce (PatGame        *self,
          const PatMove  *move,
          GArray         *steps,
          const Snapshot *before)
{
  g_signal_emit (self, signals[MOVE_APPLIED], 0, move, steps);
  g_signal_emit (self, signals[CHANGED], 0);
  publish (self, before);
}

/* What goes up by itself now, outside a move: at the deal, or when auto-foundation resumes. */
static void
send_up_now (PatGame *self)
{
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (PatMoveStep));
  Snapshot before;
  guint stage = 0;

  take_snapshot (self, &before);
  if (play_safe_moves (self, steps, &stage))
    announce (self, NULL, steps, &before);
}

static gboolean
apply_move (PatGame        *self,
            const PatMove  *move,
            MoveSource      source,
            GError        **error)
{
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (PatMoveStep));
  PatState next;
  Snapshot before;
  guint stage = 0;

  next = self->state;
  if (!pat_rules_apply_steps (self->rules, &next, move, source == AT_OPENING || source == FOLLOW_UP,
                              steps, &stage, error))
    return FALSE;

  take_snapshot (self, &before);
  if (source == BY_PLAYER || source == BY_DEMO)
    {
      g_array_append_val (self->undo, self->state);
      g_array_set_size (self->redo, 0);
      self->started = TRUE;
    }
  set_state (self, &next);
  /* Set before any signal, so that whoever records the end of the game sees it. */
  if (source == BY_DEMO)
    self->assisted = TRUE;
  play_safe_moves (self, steps, &stage);

  announce (self, move, steps, &before);
  return TRUE;
}

/**
 * pat_game_apply:
 * @move: a player move
 * @error: return location for a #PAT_ERROR when the move is not legal
 *
 * Plays @move and every automatic move it causes, as one undoable action. Emits
 * #PatGame::move-applied, then #PatGame::changed, then the notifications, then
 * #PatGame::finished when the game has just ended.
 *
 * Returns: whether the move was legal and played
 */
gboolean
pat_game_apply (PatGame        *self,
                const PatMove  *move,
                GError        **error)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return apply_move (self, move, BY_PLAYER, error);
}

/**
 * pat_game_apply_assisted:
 * @move: a move the Demo plays for the player
 * @error: return location for a #PAT_ERROR when the move is not legal
 *
 * Like pat_game_apply(), and a legal move also makes the game #PatGame:assisted, before any
 * signal is emitted: a game the Demo ends is already assisted when #PatGame::finished is.
 *
 * Returns: whether the move was legal and played
 */
gboolean
pat_game_apply_assisted (PatGame        *self,
                         const PatMove  *move,
                         GError        **error)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return apply_move (self, move, BY_DEMO, error);
}

/**
 * pat_game_apply_opening:
 * @move: a move made by itself before the player's first, such as a card that
 *   goes to its foundation at once
 * @error: return location for a #PAT_ERROR when the move is not legal or the game is no
 *   longer at its opening
 *
 * Like pat_game_apply(), but @move becomes part of the deal: it cannot be undone, is not
 * counted among the moves and does not start the game (nor its clock), so a game left before
 * the player moves is still not counted. Only while the game is not #PatGame:started (no move
 * since the deal or the restart, so no history either); a restart goes back to the deal before
 * these moves.
 *
 * Returns: whether the move was legal and played
 */
gboolean
pat_game_apply_opening (PatGame        *self,
                        const PatMove  *move,
                        GError        **error)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->started)
    {
      g_set_error_literal (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE,
                           "the game has left its opening");
      return FALSE;
    }
  return apply_move (self, move, AT_OPENING, error);
}

/**
 * pat_game_apply_follow_up:
 * @move: a card that goes to its foundation by itself right after the player's move
 * @error: return location for a #PAT_ERROR when the move is not legal, goes elsewhere than to a
 *   foundation, or there is no action to join (nothing played yet, or an action undone since)
 *
 * Like pat_game_apply(), but @move joins the last action: one undo takes back both (and every
 * follow-up of it), a redo plays them again, and the moves counted stay as they were, so a
 * player's move is one move whatever goes up after it.
 *
 * Returns: whether the move was legal and played
 */
gboolean
pat_game_apply_follow_up (PatGame        *self,
                          const PatMove  *move,
                          GError        **error)
{
  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (move->kind != PAT_MOVE_CARDS || move->to >= self->rules->layout->n_piles ||
      self->rules->layout->piles[move->to].kind != PAT_PILE_FOUNDATION)
    {
      g_set_error_literal (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE,
                           "a follow-up goes to a foundation");
      return FALSE;
    }
  if (self->undo->len == 0 || self->redo->len > 0)
    {
      g_set_error_literal (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE, "no latest action to follow");
      return FALSE;
    }
  return apply_move (self, move, FOLLOW_UP, error);
}

/**
 * pat_game_undo:
 *
 * Takes back the last player action with every automatic move it caused.
 *
 * Returns: whether there was an action to take back
 */
gboolean
pat_game_undo (PatGame *self)
{
  Snapshot before;

  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);

  if (self->undo->len == 0 || self->replayed)
    return FALSE;

  take_snapshot (self, &before);
  g_array_append_val (self->redo, self->state);
  set_state (self, &g_array_index (self->undo, PatState, self->undo->len - 1));
  g_array_set_size (self->undo, self->undo->len - 1);

  g_signal_emit (self, signals[CHANGED], 0);
  publish (self, &before);
  return TRUE;
}

gboolean
pat_game_redo (PatGame *self)
{
  Snapshot before;

  g_return_val_if_fail (PAT_IS_GAME (self), FALSE);

  if (self->redo->len == 0 || self->replayed)
    return FALSE;

  take_snapshot (self, &before);
  g_array_append_val (self->undo, self->state);
  set_state (self, &g_array_index (self->redo, PatState, self->redo->len - 1));
  g_array_set_size (self->redo, self->redo->len - 1);

  g_signal_emit (self, signals[CHANGED], 0);
  publish (self, &before);
  return TRUE;
}

/**
 * pat_game_restart:
 *
 * Goes back to the deal as a fresh attempt: the undo and redo histories, the clock, the hint
 * count and the started, recorded and assisted flags are cleared. Counting an abandoned attempt is
 * the statistics' business (pat_stats_game_abandoned() first).
 */
void
pat_game_restart (PatGame *self)
{
  Snapshot before;

  g_return_if_fail (PAT_IS_GAME (self));

  if (self->replayed)
    return;
  take_snapshot (self, &before);
  g_array_set_size (self->undo, 0);
  g_array_set_size (self->redo, 0);
  set_state (self, &self->initial);
  self->started = FALSE;
  self->recorded = FALSE;
  self->hints_used = 0;
  self->assisted = FALSE;
  /* The new attempt's clock waits for its first move. */
  self->elapsed_us = 0;
  self->clock_running = FALSE;
  schedule_tick (self);

  g_signal_emit (self, signals[CHANGED], 0);
  publish (self, &before);
  /* The deal again, and its opening again. */
  send_up_now (self);
}

guint
pat_game_get_history_length (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), 0);

  return self->undo->len + 1;
}

/**
 * pat_game_get_history_state:
 * @index: 0 for the deal … pat_game_get_moves() for the current position
 *
 * Returns: (transfer none) (nullable): the position after @index actions
 */
const PatState *
pat_game_get_history_state (PatGame *self,
                            guint    index)
{
  g_return_val_if_fail (PAT_IS_GAME (self), NULL);

  if (index < self->undo->len)
    return &g_array_index (self->undo, PatState, index);
  if (index == self->undo->len)
    return &self->state;
  return NULL;
}

guint
pat_game_get_redo_length (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), 0);

  return self->redo->len;
}

/**
 * pat_game_get_redo_state:
 * @index: 0 for the position the next redo restores
 *
 * Returns: (transfer none) (nullable): a redo entry
 */
const PatState *
pat_game_get_redo_state (PatGame *self,
                         guint    index)
{
  g_return_val_if_fail (PAT_IS_GAME (self), NULL);

  if (index >= self->redo->len)
    return NULL;
  return &g_array_index (self->redo, PatState, self->redo->len - 1 - index);
}

static char *
blocked_reason (PatGame *self)
{
  const PatRules *rules = pat_game_get_rules (self);

  if (rules->blocked_reason != NULL)
    return g_strdup (g_dgettext (GETTEXT_PACKAGE, rules->blocked_reason));
  return g_strdup (_("No move is possible."));
}

static char *
cycle_reason (PatGame *self)
{
  guint length = self->state.cycle_length;
  guint rounds = pat_game_get_round (self);
  g_autofree char *repeat = NULL;
  g_autofree char *played = NULL;

  repeat = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "This deal has returned to a position it had %u round "
                                         "ago; it can never be finished.",
                                         "This deal has returned to a position it had %u rounds "
                                         "ago; it can never be finished.",
                                         length),
                            length);
  played = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%'u round was played.",
                                         "%'u rounds were played.",
                                         rounds),
                            rounds);
  return g_strconcat (repeat, " ", played, NULL);
}

/**
 * pat_game_dup_end_reason:
 *
 * Returns: (transfer full) (nullable): why the game is over, a translated sentence, or
 *   %NULL while it is being played
 */
char *
pat_game_dup_end_reason (PatGame *self)
{
  g_return_val_if_fail (PAT_IS_GAME (self), NULL);

  switch (self->status)
    {
    case PAT_STATUS_WON:
      return g_strdup (_("Every card has been played: you have won!"));
    case PAT_STATUS_BLOCKED:
      return blocked_reason (self);
    case PAT_STATUS_CYCLE:
      return cycle_reason (self);
    case PAT_STATUS_PLAYING:
    default:
      return NULL;
    }
}

/* Serialization */

static GVariant *
state_to_variant (const PatState *state)
{
  guint8 lengths[PAT_MAX_PILES];
  guint i;

  for (i = 0; i < state->n_piles; i++)
    lengths[i] = (guint8) pat_state_pile_len (state, i);

  return g_variant_new ("(@ay@ayyyyyqqu)",
                        g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, lengths, state->n_piles, 1),
                        g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, state->cards,
                                                   pat_state_n_cards (state), 1),
                        (guchar) state->base_rank,
                        (guchar) state->variant,
                        (guchar) state->die,
                        (guchar) state->flags,
                        (guint16) state->round,
                        (guint16) state->cycle_length,
                        (guint32) state->cycle_round);
}

static void
add_states (GVariantBuilder *builder,
            GArray          *states,
            gboolean         reversed)
{
  guint i;

  g_variant_builder_open (builder, G_VARIANT_TYPE ("a" STATE_TYPE));
  for (i = 0; i < states->len; i++)
    {
      guint k = reversed ? states->len - 1 - i : i;

      g_variant_builder_add_value (builder,
                                   state_to_variant (&g_array_index (states, PatState, k)));
    }
  g_variant_builder_close (builder);
}

/**
 * pat_game_serialize:
 *
 * Everything needed to resume the game exactly: the deal, the options, the undo and redo
 * histories, the clock, the flags (started, recorded, assisted) and the hint count.
 *
 * Returns: (transfer floating): a #GVariant of type (suv): magic, format version, payload
 */
GVariant *
pat_game_serialize (PatGame *self)
{
  GVariantBuilder builder;

  g_return_val_if_fail (PAT_IS_GAME (self), NULL);

  g_variant_builder_init (&builder, G_VARIANT_TYPE (PAYLOAD_TYPE));
  g_variant_builder_add (&builder, "s", self->game_id);
  if (self->has_deal)
    {
      g_variant_builder_add (&builder, "(tt)", self->deal.lo, self->deal.hi);
      g_variant_builder_add_value (&builder,
                                   g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, NULL, 0, 1));
    }
  else
    {
      g_variant_builder_add (&builder, "(tt)", (guint64) 0, (guint64) 0);
      g_variant_builder_add_value (&builder,
                                   g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, self->deck,
                                                              PAT_N_CARDS, 1));
    }
  g_variant_builder_add (&builder, "u", (guint32) self->options.die_mode);
  add_states (&builder, self->undo, FALSE);
  g_variant_builder_add_value (&builder, state_to_variant (&self->state));
  add_states (&builder, self->redo, TRUE);
  g_variant_builder_add (&builder, "t", (guint64) current_elapsed_us (self));
  g_variant_builder_add (&builder, "u", (guint32) self->undo->len);
  g_variant_builder_add (&builder, "b", self->started);
  g_variant_builder_add (&builder, "b", self->recorded);
  g_variant_builder_add (&builder, "u", (guint32) self->hints_used);
  g_variant_builder_add (&builder, "b", self->assisted);

  return g_variant_new ("(su@v)", GAME_MAGIC, (guint32) GAME_FORMAT_VERSION,
                        g_variant_new_variant (g_variant_builder_end (&builder)));
}

static gboolean
corrupt (GError     **error,
         const char  *detail)
{
  g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT,
               _("The saved game is damaged (%s)"), detail);
  return FALSE;
}

/* Reads one position and checks its shape: the game's number of piles, and every one of the
 * deal's cards exactly once. */
static gboolean
state_from_variant (GVariant        *variant,
                    const PatState  *initial,
                    PatState        *state,
                    GError         **error)
{
  g_autoptr(GVariant) lengths_v = g_variant_get_child_value (variant, 0);
  g_autoptr(GVariant) cards_v = g_variant_get_child_value (variant, 1);
  const guint8 *lengths;
  const guint8 *cards;
  gsize n_lengths, n_cards, i;
  guint64 seen = 0;
  guint total = 0;
  guchar base_rank, var, die, flags;
  guint16 round, cycle_length;
  guint32 cycle_round;

  lengths = g_variant_get_fixed_array (lengths_v, &n_lengths, 1);
  cards = g_variant_get_fixed_array (cards_v, &n_cards, 1);

  if (n_lengths != initial->n_piles)
    return corrupt (error, _("wrong number of piles"));
  for (i = 0; i < n_lengths; i++)
    total += lengths[i];
  if (total != n_cards || n_cards != pat_state_n_cards (initial))
    return corrupt (error, _("wrong number of cards"));
  for (i = 0; i < n_cards; i++)
    {
      if (cards[i] >= PAT_N_CARDS || (seen & (G_GUINT64_CONSTANT (1) << cards[i])))
        return corrupt (error, _("a card is missing or repeated"));
      seen |= G_GUINT64_CONSTANT (1) << cards[i];
    }

  g_variant_get_child (variant, 2, "y", &base_rank);
  g_variant_get_child (variant, 3, "y", &var);
  g_variant_get_child (variant, 4, "y", &die);
  g_variant_get_child (variant, 5, "y", &flags);
  g_variant_get_child (variant, 6, "q", &round);
  g_variant_get_child (variant, 7, "q", &cycle_length);
  g_variant_get_child (variant, 8, "u", &cycle_round);

  pat_state_init (state, (guint) n_lengths);
  memcpy (state->cards, cards, n_cards);
  for (i = 0; i < n_lengths; i++)
    state->start[i + 1] = (guint8) (state->start[i] + lengths[i]);
  state->base_rank = base_rank;
  state->variant = var;
  state->die = die;
  state->flags = flags;
  state->round = round;
  state->cycle_length = cycle_length;
  state->cycle_round = cycle_round;
  state->deal = initial->deal;
  return TRUE;
}

/* Whether moves to the foundations alone lead from @from to @to, in at most *budget positions:
 * the opening auto-foundation may play before the player's first move
 * (pat_game_apply_opening()). */
static gboolean
opens_to (const PatRules *rules,
          const PatState *from,
          const PatState *to,
          guint           to_found,
          guint          *budget)
{
  PatMoveList moves;

  if (pat_state_equal (from, to))
    return TRUE;
  if (*budget == 0 || pat_cards_out (rules, from) >= to_found ||
      rules->status (from) != PAT_STATUS_PLAYING)
    return FALSE;
  --*budget;

  moves.n = 0;
  rules->legal_moves (from, &moves);
  for (guint i = 0; i < moves.n; i++)
    {
      PatState next = *from;

      if (moves.moves[i].kind != PAT_MOVE_CARDS ||
          rules->layout->piles[moves.moves[i].to].kind != PAT_PILE_FOUNDATION)
        continue;
      rules->apply (&next, &moves.moves[i], NULL);
      if (opens_to (rules, &next, to, to_found, budget))
        return TRUE;
    }
  return FALSE;
}

/* Whether one legal player move, and then moves to the foundations (its follow-ups,
 * pat_game_apply_follow_up()), lead from @from to @to; the follow-ups' search takes from
 * *budget, which one whole history shares, so that no file can make its loading slow. */
static gboolean
follows (const PatRules *rules,
         const PatState *from,
         const PatState *to,
         guint          *budget)
{
  guint to_found = pat_cards_out (rules, to);
  PatMoveList moves;
  guint i;

  if (rules->status (from) != PAT_STATUS_PLAYING)
    return FALSE;

  moves.n = 0;
  rules->legal_moves (from, &moves);
  for (i = 0; i < moves.n; i++)
    {
      PatState next = *from;

      rules->apply (&next, &moves.moves[i], NULL);
      if (opens_to (rules, &next, to, to_found, budget))
        return TRUE;
    }
  return FALSE;
}

/* Positions the follow-ups' search of one whole history may visit: a game's follow-ups take a
 * few each, a crafted file no more than this (well under a second). */
#define FOLLOW_UP_BUDGET (1u << 18)

static gboolean
append_states (GVariant        *array,
               const PatState  *initial,
               GArray          *out,
               GError         **error)
{
  gsize n = g_variant_n_children (array);
  gsize i;

  for (i = 0; i < n; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (array, i);
      PatState state;

      if (!state_from_variant (child, initial, &state, error))
        return FALSE;
      g_array_append_val (out, state);
    }
  return TRUE;
}

/* The whole line of play, undo entries, the current position and redo entries, in order of play,
 * with @n_undo the number of undo entries; %NULL unless it replays from @initial, the deal.
 * Replaying proves every position is one the rules can reach, so nothing a file says can put the
 * engine in a position it does not expect. */
static GArray *
read_line_of_play (const PatRules  *rules,
                   const PatState  *initial,
                   GVariant        *undo_v,
                   GVariant        *current_v,
                   GVariant        *redo_v,
                   guint           *n_undo,
                   GError         **error)
{
  g_autoptr(GArray) chain = g_array_new (FALSE, FALSE, sizeof (PatState));
  PatState current;
  guint budget, i;

  if (!append_states (undo_v, initial, chain, error))
    return NULL;
  *n_undo = chain->len;
  if (!state_from_variant (current_v, initial, &current, error))
    return NULL;
  g_array_append_val (chain, current);
  if (!append_states (redo_v, initial, chain, error))
    return NULL;

  /* It starts at the deal, or where the opening's moves to the foundations took it. */
  budget = 4096;
  if (!opens_to (rules, initial, &g_array_index (chain, PatState, 0),
                 pat_cards_out (rules, &g_array_index (chain, PatState, 0)), &budget))
    {
      corrupt (error, _("the history does not start at the deal"));
      return NULL;
    }
  budget = FOLLOW_UP_BUDGET;
  for (i = 1; i < chain->len; i++)
    if (!follows (rules, &g_array_index (chain, PatState, i - 1),
                  &g_array_index (chain, PatState, i), &budget))
      {
        corrupt (error, _("a position does not follow from the one before"));
        return NULL;
      }
  return g_steal_pointer (&chain);
}

static PatGame *
game_from_payload (GVariant  *payload,
                   GError   **error)
{
  g_autoptr(PatGame) self = NULL;
  g_autoptr(GVariant) deck_v = NULL;
  g_autoptr(GVariant) undo_v = NULL;
  g_autoptr(GVariant) current_v = NULL;
  g_autoptr(GVariant) redo_v = NULL;
  g_autoptr(GArray) chain = NULL;
  const char *game_id;
  const PatRules *rules;
  PatDealNumber deal;
  const guint8 *deck;
  gsize n_deck;
  guint32 die_mode, moves, hints_used;
  guint64 elapsed_us;
  gboolean started, recorded, assisted = FALSE;
  PatOptions options;
  guint n_undo, i;

  /* Format 1 has no assisted flag: the Demo cannot have played in it. */
  if (g_variant_is_of_type (payload, G_VARIANT_TYPE (PAYLOAD_TYPE_1)))
    g_variant_get (payload, "(&s(tt)@ayu@a" STATE_TYPE "@" STATE_TYPE "@a" STATE_TYPE "tubbu)",
                   &game_id, &deal.lo, &deal.hi, &deck_v, &die_mode, &undo_v, &current_v, &redo_v,
                   &elapsed_us, &moves, &started, &recorded, &hints_used);
  else
    g_variant_get (payload, "(&s(tt)@ayu@a" STATE_TYPE "@" STATE_TYPE "@a" STATE_TYPE "tubbub)",
                   &game_id, &deal.lo, &deal.hi, &deck_v, &die_mode, &undo_v, &current_v, &redo_v,
                   &elapsed_us, &moves, &started, &recorded, &hints_used, &assisted);

  rules = pat_rules_lookup (game_id);
  if (rules == NULL)
    {
      corrupt (error, _("unknown game"));
      return NULL;
    }
  if (die_mode > PAT_DIE_PER_PASS)
    {
      corrupt (error, _("unknown option"));
      return NULL;
    }
  options.die_mode = (PatDieMode) die_mode;

  deck = g_variant_get_fixed_array (deck_v, &n_deck, 1);
  if (n_deck == 0 && pat_deal_number_valid (&deal))
    self = pat_game_new (game_id, &deal, &options);
  else if (deal.lo == 0 && deal.hi == 0 && deck_valid (deck, n_deck))
    self = pat_game_new_from_deck (game_id, deck, &options);
  else
    {
      corrupt (error, _("bad deal"));
      return NULL;
    }

  chain = read_line_of_play (rules, &self->initial, undo_v, current_v, redo_v, &n_undo, error);
  if (chain == NULL)
    return NULL;

  if (moves != n_undo)
    {
      corrupt (error, _("wrong number of moves"));
      return NULL;
    }
  if (!started && chain->len > 1)
    {
      corrupt (error, _("moves in a game not started"));
      return NULL;
    }
  /* The Demo's moves start the game too. */
  if (assisted && !started)
    {
      corrupt (error, _("the Demo played in a game not started"));
      return NULL;
    }
  if (elapsed_us > (guint64) G_MAXUINT * G_USEC_PER_SEC)
    {
      corrupt (error, _("bad time"));
      return NULL;
    }

  g_array_append_vals (self->undo, chain->data, n_undo);
  set_state (self, &g_array_index (chain, PatState, n_undo));
  for (i = chain->len; i > n_undo + 1; i--)
    g_array_append_val (self->redo, g_array_index (chain, PatState, i - 1));
  self->elapsed_us = (gint64) elapsed_us;
  self->elapsed_notified = elapsed_seconds (self);
  self->started = started;
  self->recorded = recorded;
  self->hints_used = hints_used;
  self->assisted = assisted;
  return g_steal_pointer (&self);
}

/**
 * pat_game_deserialize:
 * @variant: what pat_game_serialize() returned, from any source
 * @error: return location for a #PAT_SAVE_ERROR
 *
 * Checks everything: the envelope, the version, the deal and every position of the
 * histories, each of which must follow from the one before by one legal move.
 *
 * Returns: (transfer full) (nullable): the game, or %NULL with @error set
 */
PatGame *
pat_game_deserialize (GVariant  *variant,
                      GError   **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_variant_is_of_type (variant, G_VARIANT_TYPE ("(suv)")))
    {
      g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_NOT_OURS,
                   _("This is not a game saved by Patience"));
      return NULL;
    }

  g_variant_ref_sink (variant);
  bytes = pat_envelope_pack (NULL, 0, variant);
  g_variant_unref (variant);
  return pat_game_new_from_bytes (bytes, error);
}

/**
 * pat_game_save_to_bytes:
 *
 * Returns: (transfer full): the game as a save file holds it
 */
GBytes *
pat_game_save_to_bytes (PatGame *self)
{
  g_autoptr(GVariant) variant = NULL;

  g_return_val_if_fail (PAT_IS_GAME (self), NULL);

  variant = g_variant_ref_sink (pat_game_serialize (self));
  return pat_envelope_pack (NULL, 0, variant);
}

/**
 * pat_game_new_from_bytes:
 * @bytes: the contents of a save file, which may be anything at all
 * @error: return location for a #PAT_SAVE_ERROR
 *
 * Returns: (transfer full) (nullable): the game, or %NULL with @error set
 */
PatGame *
pat_game_new_from_bytes (GBytes  *bytes,
                         GError **error)
{
  static const char *const payload_types[GAME_FORMAT_VERSION] = { PAYLOAD_TYPE_1, PAYLOAD_TYPE };
  g_autoptr(GVariant) payload = NULL;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  payload = pat_envelope_unpack (bytes, GAME_MAGIC, GAME_FORMAT_VERSION, payload_types, error);
  if (payload == NULL)
    return NULL;
  return game_from_payload (payload, error);
}

/* The envelope shared with PatMatch. */

/**
 * pat_envelope_pack:
 * @magic: (nullable): with @version, wraps @payload; %NULL when @payload is a whole envelope
 * @payload: the payload, or the whole envelope
 *
 * Returns: (transfer full): the file's bytes, little-endian
 */
GBytes *
pat_envelope_pack (const char *magic,
                   guint       version,
                   GVariant   *payload)
{
  g_autoptr(GVariant) envelope = NULL;

  if (magic != NULL)
    envelope = g_variant_ref_sink (g_variant_new ("(su@v)", magic, (guint32) version,
                                                  g_variant_new_variant (payload)));
  else
    envelope = g_variant_ref_sink (payload);

  if (G_BYTE_ORDER == G_BIG_ENDIAN)
    {
      GVariant *swapped = g_variant_byteswap (envelope);

      g_variant_unref (envelope);
      envelope = swapped;
    }
  return g_variant_get_data_as_bytes (envelope);
}

/**
 * pat_envelope_unpack:
 * @bytes: a file's contents, which may be anything at all
 * @magic: what the file must say it holds
 * @max_version: the newest format this version reads
 * @payload_types: (array length=max_version): the payload's type in each format, format 1 first
 * @error: return location for a #PAT_SAVE_ERROR
 *
 * Returns: (transfer full) (nullable): the payload, in normal form and of its format's type
 */
GVariant *
pat_envelope_unpack (GBytes              *bytes,
                     const char          *magic,
                     guint                max_version,
                     const char *const   *payload_types,
                     GError             **error)
{
  g_autoptr(GVariant) envelope = NULL;
  g_autoptr(GVariant) boxed = NULL;
  g_autoptr(GVariant) payload = NULL;
  const char *file_magic;
  guint32 version;

  envelope = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE ("(suv)"), bytes, FALSE));
  if (G_BYTE_ORDER == G_BIG_ENDIAN)
    {
      GVariant *swapped = g_variant_byteswap (envelope);

      g_variant_unref (envelope);
      envelope = swapped;
    }

  /* A damaged file reads as defaults here (GVariant never reads outside the data), so the
   * magic can be looked at before the whole file is checked. */
  g_variant_get_child (envelope, 0, "&s", &file_magic);
  if (!g_str_equal (file_magic, magic))
    {
      g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_NOT_OURS,
                   _("This is not a file saved by Patience"));
      return NULL;
    }
  if (!g_variant_is_normal_form (envelope))
    {
      g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT,
                   _("The file is damaged (it may have been cut short)"));
      return NULL;
    }

  g_variant_get_child (envelope, 1, "u", &version);
  if (version > max_version)
    {
      g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_FUTURE_VERSION,
                   _("The file was saved by a newer version of Patience (format %u; this version "
                     "reads up to format %u)"),
                   version, max_version);
      return NULL;
    }
  if (version == 0)
    {
      g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT,
                   _("The file is damaged (format %u does not exist)"), version);
      return NULL;
    }

  boxed = g_variant_get_child_value (envelope, 2);
  payload = g_variant_get_variant (boxed);
  if (!g_variant_is_of_type (payload, G_VARIANT_TYPE (payload_types[version - 1])))
    {
      g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT,
                   _("The file is damaged (its contents have the wrong type)"));
      return NULL;
    }
  return g_steal_pointer (&payload);
}
