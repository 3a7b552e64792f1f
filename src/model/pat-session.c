/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatSession: what one window plays, and everything that happens to it. */

#include "config.h"

#include <math.h>

#include "pat-session.h"

/* A random deal has nine digits: easy to read out and type, far from exhausting. */
#define RANDOM_DEAL_LIMIT 1000000000
/* How often a random deal over before its first move is dealt again. */
#define REDEAL_TRIES 100
#define DEAL_SEARCH_TRIES 2000
#define DEMO_INTERVAL_MS 650

/* The shortest time between two ticks of Play to the End: a frame. Faster speeds deal several
 * times per tick, as many as the time since the start asks for, so that a slow frame does not
 * slow the play down; but no more than a quarter of a second's worth at once. */
#define PLAY_TICK_MS 16
#define PLAY_MAX_CATCH_UP 0.25
/* Below this time between deals the cards are not animated: they could not arrive in time. */
#define PLAY_ANIMATED_MS 200

struct _PatSession {
  GObject        parent_instance;

  PatStore      *store;
  PatStats      *stats;
  PatAnalyzer   *analyzer;

  PatGame       *game;
  gulong         finished_id;     /* game's finished, connected after the others */
  PatMatchPlay  *match_play;      /* a Demon match being played, or NULL */
  gboolean       game_in_match;   /* the game is a match's, not the player's own */
  gboolean       shared;          /* playing a network match's round (pat_session_play_shared) */

  PatDieMode     die_mode;
  gboolean       winnable_only;
  PatDifficulty  difficulty;      /* UNKNOWN: any winnable deal */
  GCancellable  *deal_search;     /* looking for a winnable deal */
  char          *search_game_id;  /* of that game */

  PatQuestion    question;        /* what the player asked the analyser, while it looks */

  PatDriver      driver;
  guint          driver_id;       /* the driver's timer */
  double         play_speed;      /* deals per second */
  guint          play_interval;   /* milliseconds between two ticks */
  gint64         play_start;      /* monotonic time the play (or its speed) started */
  guint          play_done;       /* deals made since */
  guint          demo_interval;
  PatMove       *demo_line;
  guint          demo_length;
  guint          demo_next;
  guint          demo_expected;   /* the game's move count after the demo's last move */

  /* The game whose loss the player can still take back (pat_session_undo_leave()): the game
   * in play before (a copy, for a restart), and the saved game of another game id when that
   * one was counted; forgotten at the first move of the game that replaced them. */
  PatGame       *left_game;
  PatGame       *left_saved;
  char          *left_game_id;    /* the game id counted lost */
  gulong         left_started_id; /* the replacing game's notify::started */
};

G_DEFINE_FINAL_TYPE (PatSession, pat_session, G_TYPE_OBJECT)

G_DEFINE_ENUM_TYPE (PatDriver, pat_driver,
  G_DEFINE_ENUM_VALUE (PAT_DRIVER_NONE, "none"),
  G_DEFINE_ENUM_VALUE (PAT_DRIVER_PLAY_TO_END, "play-to-end"),
  G_DEFINE_ENUM_VALUE (PAT_DRIVER_DEMO, "demo"))

G_DEFINE_ENUM_TYPE (PatQuestion, pat_question,
  G_DEFINE_ENUM_VALUE (PAT_QUESTION_NONE, "none"),
  G_DEFINE_ENUM_VALUE (PAT_QUESTION_HINT, "hint"),
  G_DEFINE_ENUM_VALUE (PAT_QUESTION_DEMO, "demo"))

enum {
  PROP_0,
  PROP_GAME,
  PROP_ANALYZER,
  PROP_MATCH_PLAY,
  PROP_SHARED,
  PROP_DRIVER,
  PROP_SEARCHING,
  PROP_CAN_UNDO_LEAVE,
  PROP_QUESTION,
  PROP_DIE_MODE,
  PROP_WINNABLE_ONLY,
  PROP_DIFFICULTY,
  PROP_PLAY_SPEED,
  PROP_DEMO_INTERVAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  GAME_FINISHED,
  DRIVER_STOPPED,
  TICK_STARTED,
  TICK_FINISHED,
  DEAL_SEARCH_FAILED,
  ANSWERED,
  MATCH_STARTED,
  TURN_ENDED,
  MATCH_FINISHED,
  GAME_LEFT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static PatDealNumber
random_deal (void)
{
  return pat_deal_number_from_uint ((guint64) g_random_int_range (1, RANDOM_DEAL_LIMIT));
}

static PatOptions
options_for (PatSession     *self,
             const PatRules *rules)
{
  PatOptions options = { PAT_DIE_OFF };

  if (pat_rules_has_flag (rules, PAT_RULES_DIE))
    options.die_mode = self->die_mode;
  return options;
}

/* Drivers */

static void
set_driver (PatSession *self,
            PatDriver   driver,
            gboolean    stopped)
{
  PatDriver old = self->driver;

  if (old == driver)
    return;
  self->driver = driver;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DRIVER]);
  if (old != PAT_DRIVER_NONE)
    g_signal_emit (self, signals[DRIVER_STOPPED], 0, old, stopped);
}

/* Ends the driver: @stopped when someone stopped it, rather than it ending by itself. */
static void
end_driver (PatSession *self,
            gboolean    stopped)
{
  PatDriver driver = self->driver;

  if (driver == PAT_DRIVER_NONE)
    return;
  g_clear_handle_id (&self->driver_id, g_source_remove);
  g_clear_pointer (&self->demo_line, g_free);
  if (driver == PAT_DRIVER_PLAY_TO_END && self->game != NULL)
    pat_store_resume_autosave (self->store, self->game);
  /* However the demo ends, what can go up goes up by itself again. */
  if (driver == PAT_DRIVER_DEMO && self->game != NULL)
    pat_game_set_auto_foundation_paused (self->game, FALSE);
  set_driver (self, PAT_DRIVER_NONE, stopped);
}

/**
 * pat_session_stop_playing:
 *
 * Stops Play to the End and the Demo.
 */
void
pat_session_stop_playing (PatSession *self)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  end_driver (self, TRUE);
}

static gboolean
play_step_cb (gpointer user_data)
{
  PatSession *self = user_data;
  PatMove deal = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  gboolean animated = self->play_interval >= PLAY_ANIMATED_MS;
  double due = (g_get_monotonic_time () - self->play_start) * self->play_speed / G_USEC_PER_SEC;
  guint n = (guint) CLAMP (due - self->play_done, 1.0,
                           MAX (1.0, self->play_speed * PLAY_MAX_CATCH_UP));
  guint i;

  /* Behind by more than the catch-up allows: count from now. (A fraction of a deal left over is
   * not being behind: it is dealt at a later tick.) */
  if (due - self->play_done >= n + 1)
    {
      self->play_start = g_get_monotonic_time ();
      self->play_done = 0;
    }
  else
    self->play_done += n;

  g_signal_emit (self, signals[TICK_STARTED], 0);
  for (i = 0; i < n && self->driver == PAT_DRIVER_PLAY_TO_END; i++)
    {
      /* A deal that ends the game stops the play (game_finished_cb). */
      if (pat_game_get_status (self->game) != PAT_STATUS_PLAYING ||
          !pat_game_apply (self->game, &deal, NULL))
        end_driver (self, FALSE);
    }
  g_signal_emit (self, signals[TICK_FINISHED], 0, animated);
  if (self->driver != PAT_DRIVER_PLAY_TO_END)
    {
      self->driver_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

/* Starts the timer at the play speed, replacing a running one. */
static void
arm_play_timer (PatSession *self)
{
  self->play_interval = (guint) MAX (1000.0 / self->play_speed, PLAY_TICK_MS);
  self->play_start = g_get_monotonic_time ();
  self->play_done = 0;
  g_clear_handle_id (&self->driver_id, g_source_remove);
  self->driver_id = g_timeout_add (self->play_interval, play_step_cb, self);
}

/**
 * pat_session_play_to_end:
 *
 * Plays a game that plays itself (Perpetual Motion) to its end, at the play speed. Saving after
 * every deal would be the slowest part by far: the game is saved when the play stops.
 *
 * Returns: whether the play started
 */
gboolean
pat_session_play_to_end (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), FALSE);

  if (self->game == NULL || self->shared ||
      !pat_rules_plays_itself (pat_game_get_rules (self->game)) ||
      pat_game_get_status (self->game) != PAT_STATUS_PLAYING)
    return FALSE;
  end_driver (self, TRUE);
  pat_store_pause_autosave (self->store, self->game);
  arm_play_timer (self);
  set_driver (self, PAT_DRIVER_PLAY_TO_END, FALSE);
  return TRUE;
}

static gboolean
demo_step_cb (gpointer user_data)
{
  PatSession *self = user_data;

  /* Finished, or the player moved: the line no longer fits. */
  if (self->demo_next >= self->demo_length ||
      pat_game_get_moves (self->game) != self->demo_expected ||
      pat_game_get_status (self->game) != PAT_STATUS_PLAYING)
    {
      self->driver_id = 0;
      end_driver (self, FALSE);
      return G_SOURCE_REMOVE;
    }

  g_signal_emit (self, signals[TICK_STARTED], 0);
  /* The Demo's moves make the game assisted: it will count as neither won nor lost. */
  if (!pat_game_apply_assisted (self->game, &self->demo_line[self->demo_next++], NULL))
    {
      self->driver_id = 0;
      end_driver (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  /* The move may have won the game, which ended the demo. */
  if (self->driver != PAT_DRIVER_DEMO)
    return G_SOURCE_REMOVE;
  self->demo_expected = pat_game_get_moves (self->game);
  g_signal_emit (self, signals[TICK_FINISHED], 0, TRUE);
  return G_SOURCE_CONTINUE;
}

/* Starts the demo on the analyser's winning line, when it knows one. */
static gboolean
start_demo_now (PatSession *self)
{
  const PatMove *line;
  guint n;

  line = pat_analyzer_get_line (self->analyzer, &n);
  if (line == NULL || n == 0 || self->game == NULL ||
      pat_game_get_status (self->game) != PAT_STATUS_PLAYING)
    return FALSE;

  end_driver (self, TRUE);
  self->demo_line = g_memdup2 (line, n * sizeof *line);
  self->demo_length = n;
  self->demo_next = 0;
  self->demo_expected = pat_game_get_moves (self->game);
  /* The line makes the safe moves up itself: the game's own would take its next card. */
  pat_game_set_auto_foundation_paused (self->game, TRUE);
  self->driver_id = g_timeout_add (self->demo_interval, demo_step_cb, self);
  set_driver (self, PAT_DRIVER_DEMO, FALSE);
  return TRUE;
}

/* Asks the analyser about the position in play, or closes the question (NONE). */
static void
set_question (PatSession  *self,
              PatQuestion  question)
{
  if (self->question == question)
    return;
  if (question == PAT_QUESTION_NONE)
    {
      self->question = question;
      pat_analyzer_set_asked (self->analyzer, FALSE);
    }
  else
    {
      /* The analyser takes no question about a game it does not analyse. */
      pat_analyzer_set_asked (self->analyzer, TRUE);
      if (!pat_analyzer_get_asked (self->analyzer))
        return;
      self->question = question;
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_QUESTION]);
}

/**
 * pat_session_cancel_question:
 *
 * The player no longer waits for the answer to a hint or the Demo: the analyser stops looking,
 * unless the verdict is shown.
 */
void
pat_session_cancel_question (PatSession *self)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  set_question (self, PAT_QUESTION_NONE);
}

/**
 * pat_session_start_demo:
 *
 * Plays the analyser's winning line from here, a move every demo interval; a move of the
 * player's (or any action of the session's) stops it. When the analyser has not settled the
 * position yet, it is asked (#PatSession:question is DEMO): the demo starts when it finds a
 * line, and #PatSession::answered says whether it did.
 *
 * Returns: whether the demo started, or the analyser was asked for its line
 */
gboolean
pat_session_start_demo (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), FALSE);

  if (self->shared)
    return FALSE;
  if (start_demo_now (self))
    return TRUE;
  if (self->game == NULL || pat_game_get_status (self->game) != PAT_STATUS_PLAYING ||
      pat_analyzer_get_settled (self->analyzer))
    return FALSE;
  set_question (self, PAT_QUESTION_DEMO);
  return TRUE;
}

/* The best move from here: the winning line's next, or else the greedy player's. */
static gboolean
best_move (PatSession *self,
           PatMove    *move)
{
  return pat_analyzer_get_next_move (self->analyzer, move) ||
         pat_game_suggest_move (self->game, move);
}

/* The analyser has news: a question it has answered is closed and answered. A hint waits for
 * the first look only (the greedy player's move is better than a long wait); the Demo waits for
 * a line as long as the analyser looks. */
static void
analyzer_news_cb (PatSession  *self,
                  GParamSpec  *pspec,
                  PatAnalyzer *analyzer)
{
  PatVerdict verdict = pat_analyzer_get_verdict (analyzer);
  PatQuestion question = self->question;
  PatMove move;

  if (question == PAT_QUESTION_NONE)
    return;
  /* The position changed: the question was about the one before. */
  if (!pat_analyzer_get_asked (analyzer))
    {
      set_question (self, PAT_QUESTION_NONE);
      return;
    }
  if (question == PAT_QUESTION_HINT)
    {
      if (verdict == PAT_VERDICT_THINKING || verdict == PAT_VERDICT_IDLE)
        return;
      set_question (self, PAT_QUESTION_NONE);
      if (best_move (self, &move))
        g_signal_emit (self, signals[ANSWERED], 0, question, &move);
      else
        g_signal_emit (self, signals[ANSWERED], 0, question, NULL);
      return;
    }
  if (!pat_analyzer_get_settled (analyzer))
    return;
  set_question (self, PAT_QUESTION_NONE);
  if (start_demo_now (self))
    g_signal_emit (self, signals[ANSWERED], 0, question, &self->demo_line[0]);
  else
    g_signal_emit (self, signals[ANSWERED], 0, question, NULL);
}

/* The game in play */

static void
game_finished_cb (PatSession *self,
                  PatStatus   status,
                  const char *reason,
                  PatGame    *game)
{
  /* The game's end ends a driver by itself. */
  end_driver (self, FALSE);
  /* Match games belong to the match's players, not to this player's statistics. The match
   * play follows its game with a handler of its own, which has ended the turn by now: this one
   * runs after every other. */
  if (!self->game_in_match)
    pat_stats_game_finished (self->stats, game);
  g_signal_emit (self, signals[GAME_FINISHED], 0, status, reason);
}

static void forget_left (PatSession *self);
static void drop_shared (PatSession *self);

static void
set_game (PatSession *self,
          PatGame    *game)
{
  end_driver (self, TRUE);
  forget_left (self);
  if (self->game != NULL)
    {
      pat_game_set_running (self->game, FALSE);
      g_clear_signal_handler (&self->finished_id, self->game);
    }
  g_set_object (&self->game, game);
  self->game_in_match = self->match_play != NULL || self->shared;
  self->finished_id = g_signal_connect_object (game, "finished", G_CALLBACK (game_finished_cb),
                                               self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  /* A network round is a race the host scores: no verdict, hint or Demo for it. */
  pat_analyzer_set_game (self->analyzer, self->shared ? NULL : game);
  /* A match's games are saved with the match (which marks itself to resume), never in place of
   * the player's own Demon. */
  if (!self->game_in_match)
    {
      pat_store_autosave (self->store, game);
      pat_store_set_last_game_id (self->store, pat_game_get_game_id (game));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/* Leaving a started, unfinished game for another deal counts as a loss, once. Returns whether
 * it was counted now. */
static gboolean
abandon_current (PatSession *self)
{
  return self->game != NULL && !self->game_in_match &&
         pat_stats_game_abandoned (self->stats, self->game);
}

/* The same for the saved game of another game id that a new deal is about to replace. Returns
 * that game when it was counted now. */
static PatGame *
abandon_saved (PatSession *self,
               const char *game_id)
{
  g_autoptr(PatGame) saved = NULL;

  if (pat_store_has_game (self->store, game_id))
    saved = pat_store_load_game (self->store, game_id, NULL);
  if (saved != NULL && pat_stats_game_abandoned (self->stats, saved))
    return g_steal_pointer (&saved);
  return NULL;
}

/* Taking back a loss */

static void
forget_left (PatSession *self)
{
  gboolean had = self->left_game_id != NULL;

  if (self->left_started_id != 0)
    g_clear_signal_handler (&self->left_started_id, self->game);
  g_clear_object (&self->left_game);
  g_clear_object (&self->left_saved);
  g_clear_pointer (&self->left_game_id, g_free);
  if (had)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO_LEAVE]);
}

static void
left_started_cb (PatSession *self,
                 GParamSpec *pspec,
                 PatGame    *game)
{
  if (pat_game_get_started (game))
    forget_left (self);
}

/* The game in play replaced @game (which was in play, and is left as it was then), and the loss
 * of @game_id was counted: of @game itself, or of @saved, the saved game of another game id
 * that the new one replaced. The player can take it back until the new game's first move. */
static void
remember_left (PatSession *self,
               PatGame    *game,
               PatGame    *saved,
               const char *game_id)
{
  forget_left (self);
  if (game == NULL || self->game == NULL || self->game_in_match ||
      pat_game_get_started (self->game))
    return;
  self->left_game = g_object_ref (game);
  self->left_saved = saved != NULL ? g_object_ref (saved) : NULL;
  self->left_game_id = g_strdup (game_id);
  self->left_started_id = g_signal_connect_object (self->game, "notify::started",
                                                   G_CALLBACK (left_started_cb), self,
                                                   G_CONNECT_SWAPPED);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO_LEAVE]);
  g_signal_emit (self, signals[GAME_LEFT], 0, game_id);
}

/**
 * pat_session_get_can_undo_leave:
 *
 * Returns: whether a game counted lost when it was left can still be taken back
 */
gboolean
pat_session_get_can_undo_leave (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), FALSE);

  return self->left_game_id != NULL;
}

/**
 * pat_session_undo_leave:
 *
 * Takes back the loss counted when the player left a game in progress (a new deal, another
 * game, a restart: #PatSession::game-left): the statistics are what they were before it, and
 * the game left is in play again, as it was, and saved; a saved game of another game id that
 * a new deal replaced is saved again. Possible until the first move in the game that replaced
 * it.
 *
 * Returns: whether the loss was taken back
 */
gboolean
pat_session_undo_leave (PatSession *self)
{
  g_autoptr(PatGame) game = NULL;
  g_autoptr(PatGame) saved = NULL;
  g_autofree char *game_id = NULL;

  g_return_val_if_fail (PAT_IS_SESSION (self), FALSE);

  if (self->left_game_id == NULL)
    return FALSE;
  game = g_object_ref (self->left_game);
  saved = self->left_saved != NULL ? g_object_ref (self->left_saved) : NULL;
  game_id = g_strdup (self->left_game_id);
  forget_left (self);
  if (!pat_stats_take_back (self->stats, game_id))
    return FALSE;

  pat_session_cancel_search (self);
  if (saved != NULL)
    {
      pat_game_set_recorded (saved, FALSE);
      pat_store_save_game (self->store, saved, NULL);
    }
  else
    {
      pat_game_set_recorded (game, FALSE);
    }
  set_game (self, game);
  pat_store_save_game (self->store, game, NULL);
  return TRUE;
}

static gboolean
is_current (PatSession *self,
            const char *game_id)
{
  return self->game != NULL && !self->game_in_match &&
         g_str_equal (pat_game_get_game_id (self->game), game_id);
}

/**
 * pat_session_start_deal:
 * @game_id: the game to play
 * @deal: (nullable): the deal number, or %NULL for a random deal
 *
 * Deals @deal of @game_id, leaving a match being played (it stays saved) and counting the
 * game it replaces (the one in play, or the saved game of @game_id) as lost when it was
 * started. A random deal is never one that is over before the first move (some Demon deals
 * are); a deal asked for by its number is dealt as it is.
 */
void
pat_session_start_deal (PatSession          *self,
                        const char          *game_id,
                        const PatDealNumber *deal)
{
  g_autoptr(PatGame) game = NULL;
  g_autoptr(PatGame) previous = NULL;
  g_autoptr(PatGame) saved = NULL;
  const PatRules *rules = pat_rules_lookup (game_id);
  PatDealNumber number = deal != NULL ? *deal : random_deal ();
  PatOptions options;
  gboolean counted = FALSE;
  guint tries;

  g_return_if_fail (PAT_IS_SESSION (self));
  g_return_if_fail (rules != NULL);

  options = options_for (self, rules);
  if (self->match_play != NULL)
    pat_session_leave_match (self);
  drop_shared (self);
  if (self->game != NULL && !self->game_in_match)
    previous = g_object_ref (self->game);
  if (is_current (self, game_id))
    counted = abandon_current (self);
  else
    counted = (saved = abandon_saved (self, game_id)) != NULL;

  game = pat_game_new (game_id, &number, &options);
  for (tries = 0; deal == NULL && pat_game_get_status (game) != PAT_STATUS_PLAYING &&
                  tries < REDEAL_TRIES; tries++)
    {
      number = random_deal ();
      g_object_unref (game);
      game = pat_game_new (game_id, &number, &options);
    }
  set_game (self, game);
  pat_store_save_game (self->store, game, NULL);
  if (counted)
    remember_left (self, previous, saved, game_id);
}

/* Resumes @game_id's saved game, or deals a new one. A broken file is moved aside and reported
 * by the store's load-failed signal. */
static void
load_or_deal (PatSession *self,
              const char *game_id)
{
  g_autoptr(PatGame) game = NULL;

  if (pat_store_has_game (self->store, game_id))
    game = pat_store_load_game (self->store, game_id, NULL);
  if (game != NULL)
    set_game (self, game);
  else
    pat_session_start_deal (self, game_id, NULL);
}

/**
 * pat_session_open_game:
 *
 * Resumes @game_id's saved game, or deals a new one. Switching to another game leaves the one
 * in play unfinished: a loss, once; its save stays, so coming back resumes it, but it is not
 * counted again. Opening the game in play does nothing.
 */
void
pat_session_open_game (PatSession *self,
                       const char *game_id)
{
  g_autoptr(PatGame) previous = NULL;
  gboolean counted = FALSE;

  g_return_if_fail (PAT_IS_SESSION (self));
  g_return_if_fail (pat_rules_lookup (game_id) != NULL);

  if (self->match_play != NULL)
    pat_session_leave_match (self);
  else if (self->shared)
    drop_shared (self);
  else if (is_current (self, game_id))
    return;
  else if (self->game != NULL)
    {
      previous = g_object_ref (self->game);
      counted = abandon_current (self);
    }

  load_or_deal (self, game_id);
  if (counted)
    remember_left (self, previous, NULL, pat_game_get_game_id (previous));
}

/**
 * pat_session_resume:
 *
 * What the first window of a start plays: the Demon match that was being played when the app
 * closed, else the game played last (or the first-launch game).
 */
void
pat_session_resume (PatSession *self)
{
  g_autofree char *last = NULL;

  g_return_if_fail (PAT_IS_SESSION (self));

  if (pat_store_get_resume_match (self->store) && pat_session_resume_match (self))
    return;
  last = pat_store_dup_last_game_id (self->store);
  pat_session_open_game (self, pat_rules_lookup (last) != NULL ? last : pat_rules_default ()->id);
}

static void
search_done (PatSession *self)
{
  g_clear_object (&self->deal_search);
  g_clear_pointer (&self->search_game_id, g_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCHING]);
}

typedef struct {
  PatSession *session;
  char       *game_id;
} SearchData;

static void
winnable_found_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  SearchData *data = user_data;
  PatSession *self = data->session;
  g_autoptr(GError) error = NULL;
  PatDealNumber deal;

  if (pat_find_winnable_deal_finish (result, &deal, &error))
    {
      search_done (self);
      pat_session_start_deal (self, data->game_id, &deal);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      search_done (self);
      pat_session_start_deal (self, data->game_id, NULL);
      g_signal_emit (self, signals[DEAL_SEARCH_FAILED], 0);
    }
  g_object_unref (data->session);
  g_free (data->game_id);
  g_free (data);
}

/**
 * pat_session_new_deal:
 *
 * Starts a new random deal of @game_id: a winnable one, of the session's difficulty, when the
 * session asks for those and the game has a solver. That search runs in a worker thread
 * (#PatSession:searching meanwhile); a search that finds none deals a random deal and says so
 * by #PatSession::deal-search-failed.
 */
void
pat_session_new_deal (PatSession *self,
                      const char *game_id)
{
  const PatRules *rules = pat_rules_lookup (game_id);
  PatOptions options;
  SearchData *data;

  g_return_if_fail (PAT_IS_SESSION (self));
  g_return_if_fail (rules != NULL);

  pat_session_cancel_search (self);
  if (!self->winnable_only || (!pat_rules_plays_itself (rules) && !pat_solver_supports (rules)))
    {
      pat_session_start_deal (self, game_id, NULL);
      return;
    }

  options = options_for (self, rules);
  self->deal_search = g_cancellable_new ();
  self->search_game_id = g_strdup (game_id);
  data = g_new0 (SearchData, 1);
  data->session = g_object_ref (self);
  data->game_id = g_strdup (game_id);
  /* A game without levels has only winnable deals, of no difficulty. */
  pat_find_deal_async (game_id, &options,
                       rules->difficulty != NULL ? self->difficulty : PAT_DIFFICULTY_UNKNOWN,
                       DEAL_SEARCH_TRIES, self->deal_search, winnable_found_cb, data);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCHING]);
}

/* The way new deals are made changed while a deal was being looked for: the deal found would
 * be one of the old kind (a hard one, when the player has just asked for easy ones). */
static void
search_again (PatSession *self)
{
  g_autofree char *game_id = NULL;

  if (self->deal_search == NULL)
    return;
  game_id = g_strdup (self->search_game_id);
  pat_session_new_deal (self, game_id);
}

void
pat_session_cancel_search (PatSession *self)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  if (self->deal_search == NULL)
    return;
  g_cancellable_cancel (self->deal_search);
  search_done (self);
}

/**
 * pat_session_restart:
 *
 * Deals the game in play again from its start. Restarting a started game counts it as lost;
 * the restarted deal is a new game. A match's game is not restarted.
 */
void
pat_session_restart (PatSession *self)
{
  g_autoptr(GBytes) before = NULL;
  g_autoptr(PatGame) copy = NULL;

  g_return_if_fail (PAT_IS_SESSION (self));

  if (self->game == NULL || self->game_in_match)
    return;
  end_driver (self, TRUE);
  before = pat_game_save_to_bytes (self->game);
  if (pat_stats_game_abandoned (self->stats, self->game))
    copy = pat_game_new_from_bytes (before, NULL);
  forget_left (self);
  pat_game_restart (self->game);
  if (copy != NULL)
    remember_left (self, copy, NULL, pat_game_get_game_id (copy));
}

gboolean
pat_session_undo (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), FALSE);

  end_driver (self, TRUE);
  return self->game != NULL && pat_game_undo (self->game);
}

gboolean
pat_session_redo (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), FALSE);

  end_driver (self, TRUE);
  return self->game != NULL && pat_game_redo (self->game);
}

/**
 * pat_session_undo_to_winnable:
 *
 * Where the analyser says the game is no longer winnable, undoes the moves back to the last
 * winnable position.
 *
 * Returns: the number of moves undone
 */
guint
pat_session_undo_to_winnable (PatSession *self)
{
  guint n, i;

  g_return_val_if_fail (PAT_IS_SESSION (self), 0);

  if (self->game == NULL || self->shared ||
      pat_analyzer_get_verdict (self->analyzer) != PAT_VERDICT_LOST)
    return 0;
  n = pat_analyzer_get_undo_count (self->analyzer);
  end_driver (self, TRUE);
  for (i = 0; i < n; i++)
    if (!pat_game_undo (self->game))
      break;
  return i;
}

/**
 * pat_session_hint:
 * @move: (out): the move suggested, with %PAT_HINT_FOUND
 *
 * The next move of a winning line when the analyser knows one; otherwise the greedy player's
 * move, never back to a position this game has been in when another is left. When the analyser
 * has not looked at the position yet (or is looking), it is asked (#PatSession:question is HINT)
 * and the hint comes by #PatSession::answered after its first look. The game counts the hint as
 * used, found or not, once per question.
 *
 * Returns: whether a move was found, or the analyser was asked; %PAT_HINT_NONE with no hint
 *   counted when no game is being played
 */
PatHint
pat_session_hint (PatSession *self,
                  PatMove    *move)
{
  PatVerdict verdict;

  g_return_val_if_fail (PAT_IS_SESSION (self), PAT_HINT_NONE);

  if (self->game == NULL || self->shared ||
      pat_game_get_status (self->game) != PAT_STATUS_PLAYING)
    return PAT_HINT_NONE;
  if (self->question == PAT_QUESTION_HINT)
    return PAT_HINT_ASKED;
  pat_game_add_hint_used (self->game);
  verdict = pat_analyzer_get_verdict (self->analyzer);
  if (verdict == PAT_VERDICT_THINKING || verdict == PAT_VERDICT_IDLE)
    {
      set_question (self, PAT_QUESTION_HINT);
      if (self->question == PAT_QUESTION_HINT)
        return PAT_HINT_ASKED;
    }
  return best_move (self, move) ? PAT_HINT_FOUND : PAT_HINT_NONE;
}

/**
 * pat_session_close:
 *
 * The window closes: quitting does not abandon the game, which is saved (with its match, if it
 * is a match's) and resumes next time. Waits for the last write.
 */
void
pat_session_close (PatSession *self)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  end_driver (self, TRUE);
  pat_session_cancel_search (self);
  set_question (self, PAT_QUESTION_NONE);
  if (self->game != NULL)
    pat_game_set_running (self->game, FALSE);
  if (self->match_play != NULL)
    pat_match_play_save (self->match_play);
  else if (self->game != NULL && !self->game_in_match)
    pat_store_save_game (self->store, self->game, NULL);
  pat_store_flush (self->store);
}

/* Network matches */

/* Leaves shared mode; the game stays shown until another is set. */
static void
drop_shared (PatSession *self)
{
  if (!self->shared)
    return;
  self->shared = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHARED]);
}

/**
 * pat_session_play_shared:
 * @game: a network match's round, made replayed (pat_game_set_replayed())
 *
 * Plays a round of a Demon match hosted on the network: puts the player's own game aside (it
 * stays saved; a hot-seat match in play stays saved too) and shows @game. The host scores it:
 * it is not recorded in the statistics nor saved with the player's games, and it has no
 * verdict, hint, Demo, undo or restart. #PatSession:shared is %TRUE until the player's own
 * game comes back (pat_session_leave_shared(), or any new deal).
 */
void
pat_session_play_shared (PatSession *self,
                         PatGame    *game)
{
  g_return_if_fail (PAT_IS_SESSION (self));
  g_return_if_fail (PAT_IS_GAME (game));
  g_return_if_fail (pat_game_get_replayed (game));

  if (self->game == game)
    return;
  pat_session_cancel_search (self);
  if (self->match_play != NULL)
    pat_session_leave_match (self);
  else if (self->game != NULL && !self->game_in_match)
    pat_store_save_game (self->store, self->game, NULL);
  set_question (self, PAT_QUESTION_NONE);
  if (!self->shared)
    {
      self->shared = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHARED]);
    }
  set_game (self, game);
}

/**
 * pat_session_leave_shared:
 *
 * Leaves the network match's game and goes back to the player's own Demon (its saved game, or
 * a new deal).
 */
void
pat_session_leave_shared (PatSession *self)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  if (!self->shared)
    return;
  drop_shared (self);
  load_or_deal (self, pat_rules_match ()->id);
}

gboolean
pat_session_get_shared (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), FALSE);

  return self->shared;
}

/* Demon matches */

static void
turn_started_cb (PatSession   *self,
                 PatMatchPlay *match_play)
{
  set_game (self, pat_match_play_get_current_game (match_play));
}

static void
turn_ended_cb (PatSession   *self,
               int           score,
               PatMatchPlay *match_play)
{
  g_signal_emit (self, signals[TURN_ENDED], 0, score);
}

/* The match play, connected first, has ended the turn and removed the match's file. */
static void
match_finished_cb (PatSession *self,
                   const char *winner,
                   PatMatch   *match)
{
  g_signal_emit (self, signals[MATCH_FINISHED], 0, winner);
}

static void
clear_match_play (PatSession *self)
{
  if (self->match_play == NULL)
    return;
  g_signal_handlers_disconnect_by_data (pat_match_play_get_match (self->match_play), self);
  g_signal_handlers_disconnect_by_data (self->match_play, self);
  g_clear_object (&self->match_play);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCH_PLAY]);
}

/* Leaves match mode: @keep saves the match, otherwise it is abandoned (its file removed). */
static void
drop_match (PatSession *self,
            gboolean    keep)
{
  if (self->match_play == NULL)
    return;
  if (keep)
    pat_match_play_save (self->match_play);
  else
    pat_match_play_abandon (self->match_play);
  clear_match_play (self);
}

/**
 * pat_session_play_match:
 * @match: a match to play in this session
 *
 * Puts the player's own game aside (it stays saved) and plays @match's current turn;
 * #PatSession::match-started says whether a turn began (only a match that is over has none).
 */
void
pat_session_play_match (PatSession *self,
                        PatMatch   *match)
{
  gboolean begun;

  g_return_if_fail (PAT_IS_SESSION (self));
  g_return_if_fail (PAT_IS_MATCH (match));

  if (pat_session_get_match (self) == match)
    return;
  if (self->match_play != NULL)
    pat_session_leave_match (self);
  else if (self->shared)
    drop_shared (self);
  else if (self->game != NULL && !self->game_in_match)
    pat_store_save_game (self->store, self->game, NULL);

  end_driver (self, TRUE);
  self->match_play = pat_match_play_new (match, self->store);
  g_signal_connect_object (self->match_play, "turn-started", G_CALLBACK (turn_started_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match_play, "turn-ended", G_CALLBACK (turn_ended_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (match, "finished", G_CALLBACK (match_finished_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCH_PLAY]);

  begun = pat_match_play_start_next_turn (self->match_play);
  g_signal_emit (self, signals[MATCH_STARTED], 0, begun);
}

/**
 * pat_session_resume_match:
 *
 * Plays the saved match, if there is one that is not over.
 *
 * Returns: whether a match was resumed
 */
gboolean
pat_session_resume_match (PatSession *self)
{
  g_autoptr(PatMatch) match = NULL;

  g_return_val_if_fail (PAT_IS_SESSION (self), FALSE);

  /* A broken file is moved aside and reported by the store's load-failed signal. */
  if (pat_store_has_match (self->store))
    match = pat_store_load_match (self->store, NULL);
  if (match == NULL || pat_match_get_finished (match))
    return FALSE;
  pat_session_play_match (self, match);
  return TRUE;
}

/**
 * pat_session_end_turn:
 *
 * Ends the current player's turn with the game's score, as when the game ends.
 */
void
pat_session_end_turn (PatSession *self)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  if (self->match_play == NULL || pat_match_play_get_turn_over (self->match_play))
    return;
  end_driver (self, TRUE);
  if (self->game != NULL)
    pat_game_set_running (self->game, FALSE);
  pat_match_play_end_turn (self->match_play);
}

/**
 * pat_session_start_next_turn:
 *
 * Begins the next player's turn; after a match that is over, goes back to the player's own
 * Demon.
 */
void
pat_session_start_next_turn (PatSession *self)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  if (self->match_play == NULL)
    return;
  if (pat_match_get_finished (pat_match_play_get_match (self->match_play)))
    {
      pat_session_leave_match (self);
      load_or_deal (self, pat_rules_match ()->id);
      return;
    }
  pat_match_play_start_next_turn (self->match_play);
}

/* Leaves match mode, keeping an unfinished match saved. */
void
pat_session_leave_match (PatSession *self)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  drop_match (self, TRUE);
}

/* Forgets the match (its file is removed) and goes back to the player's own Demon. */
void
pat_session_abandon_match (PatSession *self)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  if (self->match_play == NULL)
    return;
  drop_match (self, FALSE);
  load_or_deal (self, pat_rules_match ()->id);
}

PatMatchPlay *
pat_session_get_match_play (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), NULL);

  return self->match_play;
}

PatMatch *
pat_session_get_match (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), NULL);

  return self->match_play != NULL ? pat_match_play_get_match (self->match_play) : NULL;
}

/* Whether the game in play is a match's (it stays shown for a moment after a match is left). */
gboolean
pat_session_get_game_in_match (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), FALSE);

  return self->game_in_match;
}

/* Properties */

PatStore *
pat_session_get_store (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), NULL);

  return self->store;
}

PatStats *
pat_session_get_stats (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), NULL);

  return self->stats;
}

PatAnalyzer *
pat_session_get_analyzer (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), NULL);

  return self->analyzer;
}

PatGame *
pat_session_get_game (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), NULL);

  return self->game;
}

PatDriver
pat_session_get_driver (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), PAT_DRIVER_NONE);

  return self->driver;
}

gboolean
pat_session_get_searching (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), FALSE);

  return self->deal_search != NULL;
}

PatQuestion
pat_session_get_question (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), PAT_QUESTION_NONE);

  return self->question;
}

PatDieMode
pat_session_get_die_mode (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), PAT_DIE_OFF);

  return self->die_mode;
}

void
pat_session_set_die_mode (PatSession *self,
                          PatDieMode  die_mode)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  if (self->die_mode == die_mode)
    return;
  self->die_mode = die_mode;
  search_again (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIE_MODE]);
}

gboolean
pat_session_get_winnable_only (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), FALSE);

  return self->winnable_only;
}

void
pat_session_set_winnable_only (PatSession *self,
                               gboolean    winnable_only)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  winnable_only = !!winnable_only;
  if (self->winnable_only == winnable_only)
    return;
  self->winnable_only = winnable_only;
  search_again (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WINNABLE_ONLY]);
}

PatDifficulty
pat_session_get_difficulty (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), PAT_DIFFICULTY_UNKNOWN);

  return self->difficulty;
}

/* EASY, MEDIUM or HARD; anything else (UNKNOWN) asks for any winnable deal. */
void
pat_session_set_difficulty (PatSession    *self,
                            PatDifficulty  difficulty)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  if (difficulty != PAT_DIFFICULTY_EASY && difficulty != PAT_DIFFICULTY_MEDIUM &&
      difficulty != PAT_DIFFICULTY_HARD)
    difficulty = PAT_DIFFICULTY_UNKNOWN;
  if (self->difficulty == difficulty)
    return;
  self->difficulty = difficulty;
  search_again (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIFFICULTY]);
}

double
pat_session_get_play_speed (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), 0.0);

  return self->play_speed;
}

/* Deals per second for Play to the End; it applies at once to a play under way. */
void
pat_session_set_play_speed (PatSession *self,
                            double      speed)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  speed = isnan (speed) ? PAT_PLAY_SPEED_SLOWEST
                        : CLAMP (speed, PAT_PLAY_SPEED_SLOWEST, PAT_PLAY_SPEED_FASTEST);
  if (self->play_speed == speed)
    return;
  self->play_speed = speed;
  if (self->driver == PAT_DRIVER_PLAY_TO_END)
    arm_play_timer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAY_SPEED]);
}

guint
pat_session_get_demo_interval (PatSession *self)
{
  g_return_val_if_fail (PAT_IS_SESSION (self), 0);

  return self->demo_interval;
}

/* Milliseconds between the Demo's moves, from its next start. */
void
pat_session_set_demo_interval (PatSession *self,
                               guint       milliseconds)
{
  g_return_if_fail (PAT_IS_SESSION (self));

  if (self->demo_interval == milliseconds)
    return;
  self->demo_interval = milliseconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEMO_INTERVAL]);
}

/* The object */

static void
pat_session_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  PatSession *self = PAT_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_ANALYZER:
      g_value_set_object (value, self->analyzer);
      break;
    case PROP_MATCH_PLAY:
      g_value_set_object (value, self->match_play);
      break;
    case PROP_SHARED:
      g_value_set_boolean (value, self->shared);
      break;
    case PROP_DRIVER:
      g_value_set_enum (value, self->driver);
      break;
    case PROP_SEARCHING:
      g_value_set_boolean (value, pat_session_get_searching (self));
      break;
    case PROP_CAN_UNDO_LEAVE:
      g_value_set_boolean (value, pat_session_get_can_undo_leave (self));
      break;
    case PROP_QUESTION:
      g_value_set_enum (value, self->question);
      break;
    case PROP_DIE_MODE:
      g_value_set_enum (value, self->die_mode);
      break;
    case PROP_WINNABLE_ONLY:
      g_value_set_boolean (value, self->winnable_only);
      break;
    case PROP_DIFFICULTY:
      g_value_set_int (value, self->difficulty);
      break;
    case PROP_PLAY_SPEED:
      g_value_set_double (value, self->play_speed);
      break;
    case PROP_DEMO_INTERVAL:
      g_value_set_uint (value, self->demo_interval);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_session_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  PatSession *self = PAT_SESSION (object);

  switch (prop_id)
    {
    case PROP_DIE_MODE:
      pat_session_set_die_mode (self, g_value_get_enum (value));
      break;
    case PROP_WINNABLE_ONLY:
      pat_session_set_winnable_only (self, g_value_get_boolean (value));
      break;
    case PROP_DIFFICULTY:
      pat_session_set_difficulty (self, g_value_get_int (value));
      break;
    case PROP_PLAY_SPEED:
      pat_session_set_play_speed (self, g_value_get_double (value));
      break;
    case PROP_DEMO_INTERVAL:
      pat_session_set_demo_interval (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_session_dispose (GObject *object)
{
  PatSession *self = PAT_SESSION (object);

  g_clear_handle_id (&self->driver_id, g_source_remove);
  g_clear_pointer (&self->demo_line, g_free);
  if (self->deal_search != NULL)
    g_cancellable_cancel (self->deal_search);
  g_clear_object (&self->deal_search);
  g_clear_pointer (&self->search_game_id, g_free);
  clear_match_play (self);
  forget_left (self);
  if (self->game != NULL)
    g_clear_signal_handler (&self->finished_id, self->game);
  if (self->analyzer != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->analyzer, self);
      pat_analyzer_set_game (self->analyzer, NULL);
    }
  g_clear_object (&self->analyzer);
  g_clear_object (&self->game);
  g_clear_object (&self->stats);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (pat_session_parent_class)->dispose (object);
}

static void
pat_session_class_init (PatSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_session_dispose;
  object_class->get_property = pat_session_get_property;
  object_class->set_property = pat_session_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PAT_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ANALYZER] =
    g_param_spec_object ("analyzer", NULL, NULL, PAT_TYPE_ANALYZER,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MATCH_PLAY] =
    g_param_spec_object ("match-play", NULL, NULL, PAT_TYPE_MATCH_PLAY,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /**
   * PatSession:shared:
   *
   * Whether the game in play is a network match's round (pat_session_play_shared()).
   */
  properties[PROP_SHARED] =
    g_param_spec_boolean ("shared", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DRIVER] =
    g_param_spec_enum ("driver", NULL, NULL, PAT_TYPE_DRIVER, PAT_DRIVER_NONE,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SEARCHING] =
    g_param_spec_boolean ("searching", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_UNDO_LEAVE] =
    g_param_spec_boolean ("can-undo-leave", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_QUESTION] =
    g_param_spec_enum ("question", NULL, NULL, PAT_TYPE_QUESTION, PAT_QUESTION_NONE,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DIE_MODE] =
    g_param_spec_enum ("die-mode", NULL, NULL, PAT_TYPE_DIE_MODE, PAT_DIE_OFF,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_WINNABLE_ONLY] =
    g_param_spec_boolean ("winnable-only", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DIFFICULTY] =
    g_param_spec_int ("difficulty", NULL, NULL, 0, PAT_DIFFICULTY_HARD, PAT_DIFFICULTY_UNKNOWN,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PLAY_SPEED] =
    g_param_spec_double ("play-speed", NULL, NULL, PAT_PLAY_SPEED_SLOWEST, PAT_PLAY_SPEED_FASTEST,
                         PAT_PLAY_SPEED_FASTEST,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DEMO_INTERVAL] =
    g_param_spec_uint ("demo-interval", NULL, NULL, 1, G_MAXUINT, DEMO_INTERVAL_MS,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PatSession::game-finished:
   * @status: how it ended
   * @reason: why, in words
   *
   * The game in play ended, and its result is recorded: in the statistics, or as the turn's
   * score in a match.
   */
  signals[GAME_FINISHED] =
    g_signal_new ("game-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, PAT_TYPE_STATUS, G_TYPE_STRING);
  /**
   * PatSession::driver-stopped:
   * @driver: the driver that ended
   * @stopped: whether it was stopped (by an action of the session's) rather than ending by
   *   itself (the line played out, the player moved, the deals ran out)
   */
  signals[DRIVER_STOPPED] =
    g_signal_new ("driver-stopped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, PAT_TYPE_DRIVER, G_TYPE_BOOLEAN);
  /**
   * PatSession::tick-started:
   *
   * A driver is about to play its next move or moves: a view finishes showing the last ones.
   */
  signals[TICK_STARTED] =
    g_signal_new ("tick-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  /**
   * PatSession::tick-finished:
   * @animated: whether the moves come slowly enough to be animated
   */
  signals[TICK_FINISHED] =
    g_signal_new ("tick-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[DEAL_SEARCH_FAILED] =
    g_signal_new ("deal-search-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 0);
  /**
   * PatSession::answered:
   * @question: what the player asked (HINT or DEMO)
   * @move: (nullable): the hint; for the Demo, the first move of the line it now plays; %NULL
   *   when there is no move to suggest, or no winning line was found
   */
  signals[ANSWERED] =
    g_signal_new ("answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, PAT_TYPE_QUESTION, G_TYPE_POINTER);
  /**
   * PatSession::match-started:
   * @turn_begun: whether a turn began (a match that is over has none)
   */
  signals[MATCH_STARTED] =
    g_signal_new ("match-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[TURN_ENDED] =
    g_signal_new ("turn-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[MATCH_FINISHED] =
    g_signal_new ("match-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * PatSession::game-left:
   * @game_id: the game counted lost
   *
   * A game in progress was left for a new deal, another game or a restart, and counted as a
   * loss; pat_session_undo_leave() takes that back until the first move of the game now in play.
   */
  signals[GAME_LEFT] =
    g_signal_new ("game-left", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
pat_session_init (PatSession *self)
{
  self->analyzer = pat_analyzer_new ();
  g_signal_connect_object (self->analyzer, "notify::verdict", G_CALLBACK (analyzer_news_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->analyzer, "notify::searching", G_CALLBACK (analyzer_news_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->analyzer, "notify::asked", G_CALLBACK (analyzer_news_cb), self,
                           G_CONNECT_SWAPPED);
  self->play_speed = PAT_PLAY_SPEED_FASTEST;
  self->demo_interval = DEMO_INTERVAL_MS;
  self->difficulty = PAT_DIFFICULTY_UNKNOWN;
}

/**
 * pat_session_new:
 * @store: where games and matches are saved
 * @stats: where finished and abandoned games are counted
 *
 * Returns: (transfer full): a session with no game yet
 */
PatSession *
pat_session_new (PatStore *store,
                 PatStats *stats)
{
  PatSession *self;

  g_return_val_if_fail (PAT_IS_STORE (store), NULL);
  g_return_val_if_fail (PAT_IS_STATS (stats), NULL);

  self = g_object_new (PAT_TYPE_SESSION, NULL);
  self->store = g_object_ref (store);
  self->stats = g_object_ref (stats);
  return self;
}
