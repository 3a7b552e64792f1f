/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatAnalyzer: whether the game in play can still be won, worked out in a worker thread when the
 * verdict is shown or the player asks. */

#include "config.h"

#include <string.h>

#include "pat-analyzer.h"
#include "pat-model-private.h"

/* Budgets: the current position gets a few seconds; going back through the history to find
 * the latest winnable position gets a second for each, and a few seconds in all. A position
 * those seconds do not decide ("Can't tell yet") gets a second look, longer, while it stays on
 * the board and someone still wants the answer: a hard Demon deal often needs more than the first
 * look gives it (deal 1155, three a turn, is proved lost in about 2 s with 10 s to spend, not
 * with 3). On power saver every budget is a third as long, on one thread. */
#define CURRENT_SECONDS   3.0
#define SECOND_LOOK_SECONDS 12.0
#define EARLIER_SECONDS   1.0
#define BACKTRACK_SECONDS 6.0
#define POWER_SAVER_SHARE (1.0 / 3.0)
#define ANALYSIS_MEMORY   ((gsize) 128 * 1024 * 1024)
#define ANALYSIS_THREADS  4

G_DEFINE_ENUM_TYPE (PatVerdict, pat_verdict,
  G_DEFINE_ENUM_VALUE (PAT_VERDICT_OFF, "off"),
  G_DEFINE_ENUM_VALUE (PAT_VERDICT_THINKING, "thinking"),
  G_DEFINE_ENUM_VALUE (PAT_VERDICT_WINNABLE, "winnable"),
  G_DEFINE_ENUM_VALUE (PAT_VERDICT_LOST, "lost"),
  G_DEFINE_ENUM_VALUE (PAT_VERDICT_UNKNOWN, "unknown"),
  G_DEFINE_ENUM_VALUE (PAT_VERDICT_IDLE, "idle"))

/* One look at a position: a copy of everything it needs, shared by the main thread (which may
 * cancel it) and the worker thread, so it is reference-counted. */
typedef struct {
  const PatRules *rules;
  PatState       *positions;   /* the deal … the current position, oldest first */
  guint           n_positions;
  gint            cancel;
  double          seconds;     /* for the current position */
  double          earlier_seconds;
  double          backtrack_seconds;
  guint           threads;
  gboolean        second_look;

  PatSolveResult  result;
  PatSolution     solution;
  guint           undo_count;
  gboolean        deal_lost;   /* every position back to the deal is lost */
} Job;

static Job *
job_ref (Job *job)
{
  return g_atomic_rc_box_acquire (job);
}

static void
job_clear (Job *job)
{
  g_free (job->positions);
  pat_solution_clear (&job->solution);
}

static void
job_unref (Job *job)
{
  g_atomic_rc_box_release_full (job, (GDestroyNotify) job_clear);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Job, job_unref)

struct _PatAnalyzer {
  GObject       parent_instance;

  PatGame      *game;
  gulong        changed_id;
  gboolean      enabled;
  gboolean      watched;      /* the verdict is on screen: every position is looked at */
  gboolean      asked;        /* the player asked about this position (a hint, the Demo) */
  gboolean      power_saver;
  gboolean      system_power_saver;   /* the monitor's value, last seen */
  GPowerProfileMonitor *power_monitor;
  PatVerdict    verdict;
  guint         undo_count;
  gboolean      searching;

  /* What is known of the position in play, kept while it stays true: a winning line stays one
   * while the player follows it, and a lost position stays lost whatever follows it. */
  gboolean      have_position;
  PatState      position;
  guint         history_length;   /* positions in the game's history, this one the last */
  PatVerdict    known;            /* IDLE (nothing yet), WINNABLE, LOST or UNKNOWN */
  guint         looks;            /* looks that ran out of time: 0, 1 or 2 */
  PatSolution   line;             /* WINNABLE: the winning line from here */
  guint         known_undo_count; /* LOST: undos back to a winnable position; 0 if none known */
  gboolean      deal_lost;        /* the game's deal is known lost from its first position */

  Job          *job;              /* the look running, or NULL */
  guint         generation;

  /* For tests. */
  guint         searches_started;
  guint         last_threads;
  double        last_seconds;
};

static double first_look_seconds = CURRENT_SECONDS;
static double second_look_seconds = SECOND_LOOK_SECONDS;

void
pat_analyzer_set_budgets (double first,
                          double second)
{
  first_look_seconds = first > 0 ? first : CURRENT_SECONDS;
  second_look_seconds = second > 0 ? second : SECOND_LOOK_SECONDS;
}

G_DEFINE_FINAL_TYPE (PatAnalyzer, pat_analyzer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_ENABLED,
  PROP_WATCHED,
  PROP_ASKED,
  PROP_POWER_SAVER,
  PROP_VERDICT,
  PROP_UNDO_COUNT,
  PROP_SEARCHING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Perpetual Motion has no decisions: its fate is known from the deal, and the line is dealing
 * until the end. */
static PatSolveResult
analyze_perpetual_motion (const PatRules *rules,
                          const PatState *state,
                          PatSolution    *solution)
{
  PatMove deal = { PAT_MOVE_STOCK, 0, 0, 0, 0 };
  PatState s = *state;
  GArray *line;

  if (state->cycle_round != 0)
    {
      solution->result = PAT_SOLVE_UNSOLVABLE;
      return solution->result;
    }

  line = g_array_new (FALSE, FALSE, sizeof (PatMove));
  while (rules->status (&s) == PAT_STATUS_PLAYING)
    {
      rules->apply (&s, &deal, NULL);
      g_array_append_val (line, deal);
    }
  solution->result = PAT_SOLVE_SOLVED;
  solution->n_moves = line->len;
  solution->moves = (PatMove *) g_array_free (line, FALSE);
  return solution->result;
}

static guint
default_threads (void)
{
  /* A hard deal's search may take every core (the Demon solver's does). */
  return MIN (g_get_num_processors (), ANALYSIS_THREADS);
}

static PatSolveResult
analyze_position (const PatRules *rules,
                  const PatState *state,
                  double          seconds,
                  guint           threads,
                  const gint     *cancel,
                  PatSolution    *solution)
{
  PatSolveLimits limits = { 0, };

  memset (solution, 0, sizeof *solution);

  if (rules->status (state) == PAT_STATUS_WON)
    {
      solution->result = PAT_SOLVE_SOLVED;
      return solution->result;
    }
  if (rules->status (state) != PAT_STATUS_PLAYING)
    {
      solution->result = PAT_SOLVE_UNSOLVABLE;
      return solution->result;
    }
  if (pat_rules_plays_itself (rules))
    return analyze_perpetual_motion (rules, state, solution);
  if (!pat_solver_supports (rules))
    {
      solution->result = PAT_SOLVE_LIMIT;
      return solution->result;
    }

  limits.timeout = seconds;
  limits.max_memory = ANALYSIS_MEMORY;
  limits.threads = threads;
  limits.cancel = cancel;
  return pat_solver_solve (rules, state, &limits, solution);
}

PatSolveResult
pat_analyze_position (const PatRules *rules,
                      const PatState *state,
                      double          seconds,
                      const gint     *cancel,
                      PatSolution    *solution)
{
  return analyze_position (rules, state, seconds, default_threads (), cancel, solution);
}

static void
analyze_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Job *job = task_data;
  const PatState *current = &job->positions[job->n_positions - 1];
  gint64 deadline;
  guint k;

  job->result = analyze_position (job->rules, current, job->seconds, job->threads, &job->cancel,
                                  &job->solution);
  if (job->result != PAT_SOLVE_UNSOLVABLE)
    return;

  /* Lost: find the latest earlier position that can still be won. */
  job->deal_lost = job->n_positions == 1;
  deadline = g_get_monotonic_time () + (gint64) (job->backtrack_seconds * G_USEC_PER_SEC);
  for (k = job->n_positions - 1; k-- > 0;)
    {
      PatSolution earlier;
      PatSolveResult r;

      if (g_atomic_int_get (&job->cancel) || g_get_monotonic_time () > deadline)
        break;
      r = analyze_position (job->rules, &job->positions[k], job->earlier_seconds, job->threads,
                            &job->cancel, &earlier);
      pat_solution_clear (&earlier);
      if (r == PAT_SOLVE_SOLVED)
        {
          job->undo_count = job->n_positions - 1 - k;
          break;
        }
      if (r != PAT_SOLVE_UNSOLVABLE)
        break;
      job->deal_lost = k == 0;
    }
}

static gboolean
analysable (PatAnalyzer *self)
{
  /* A game that plays itself is never announced ahead: its end is shown when it comes. */
  return self->game != NULL && self->enabled &&
         pat_game_get_status (self->game) == PAT_STATUS_PLAYING &&
         !pat_rules_plays_itself (pat_game_get_rules (self->game));
}

/* Someone wants the answer: the verdict is shown, or the player asked. */
static gboolean
wanted (PatAnalyzer *self)
{
  return analysable (self) && (self->watched || self->asked);
}

/* Sets the verdict, the undo count and whether a search runs from what is known, notifying
 * what changed. */
static void
update_verdict (PatAnalyzer *self)
{
  PatVerdict verdict;
  guint undo_count = 0;
  gboolean searching = self->job != NULL;

  if (!analysable (self))
    verdict = PAT_VERDICT_OFF;
  else if (searching)
    /* A second look keeps saying "Can't tell yet" meanwhile. */
    verdict = self->looks == 0 ? PAT_VERDICT_THINKING : PAT_VERDICT_UNKNOWN;
  else
    verdict = self->known;
  if (verdict == PAT_VERDICT_LOST)
    undo_count = self->known_undo_count;

  if (self->verdict != verdict)
    {
      self->verdict = verdict;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VERDICT]);
    }
  if (self->undo_count != undo_count)
    {
      self->undo_count = undo_count;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_COUNT]);
    }
  if (self->searching != searching)
    {
      self->searching = searching;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCHING]);
    }
}

static void
cancel_job (PatAnalyzer *self)
{
  self->generation++;
  if (self->job != NULL)
    {
      g_atomic_int_set (&self->job->cancel, 1);
      g_clear_pointer (&self->job, job_unref);
    }
}

static void
forget (PatAnalyzer *self)
{
  self->have_position = FALSE;
  self->known = PAT_VERDICT_IDLE;
  self->looks = 0;
  self->known_undo_count = 0;
  pat_solution_clear (&self->line);
}

static void analyze_done_cb (GObject      *source,
                             GAsyncResult *result,
                             gpointer      user_data);

/* Starts a look at the position in play, in a worker thread; its answer counts while the
 * generation is still this one. */
static void
start_look (PatAnalyzer *self,
            gboolean     second)
{
  g_autoptr(GTask) task = NULL;
  double share = self->power_saver ? POWER_SAVER_SHARE : 1.0;
  Job *job = g_atomic_rc_box_new0 (Job);
  guint n = pat_game_get_history_length (self->game);
  guint i;

  job->rules = pat_game_get_rules (self->game);
  job->positions = g_new (PatState, n);
  job->n_positions = n;
  for (i = 0; i < n; i++)
    job->positions[i] = *pat_game_get_history_state (self->game, i);
  job->second_look = second;
  job->seconds = (second ? second_look_seconds : first_look_seconds) * share;
  job->earlier_seconds = EARLIER_SECONDS * share;
  job->backtrack_seconds = BACKTRACK_SECONDS * share;
  job->threads = self->power_saver ? 1 : default_threads ();
  self->job = job;
  self->generation++;
  self->searches_started++;
  self->last_threads = job->threads;
  self->last_seconds = job->seconds;

  task = g_task_new (self, NULL, analyze_done_cb, GUINT_TO_POINTER (self->generation));
  g_task_set_source_tag (task, start_look);
  g_task_set_task_data (task, job_ref (job), (GDestroyNotify) job_unref);
  g_task_run_in_thread (task, analyze_thread);
}

/* Starts the look the position still needs when someone wants its answer, and stops a look
 * nobody wants any more. */
static void
follow_demand (PatAnalyzer *self)
{
  if (!wanted (self))
    {
      cancel_job (self);
      return;
    }
  if (self->job != NULL)
    return;
  if (self->known == PAT_VERDICT_IDLE)
    start_look (self, FALSE);
  else if (self->known == PAT_VERDICT_UNKNOWN && self->looks == 1)
    start_look (self, TRUE);
}

static void
analyze_done_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  PatAnalyzer *self = PAT_ANALYZER (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  guint generation = GPOINTER_TO_UINT (user_data);

  /* A newer position has been looked at since, or nobody wants this answer: it is stale. */
  if (generation != self->generation || job != self->job)
    return;

  switch (job->result)
    {
    case PAT_SOLVE_SOLVED:
      self->known = PAT_VERDICT_WINNABLE;
      pat_solution_clear (&self->line);
      self->line = job->solution;
      memset (&job->solution, 0, sizeof job->solution);
      break;
    case PAT_SOLVE_UNSOLVABLE:
      self->known = PAT_VERDICT_LOST;
      self->known_undo_count = job->undo_count;
      self->deal_lost = self->deal_lost || job->deal_lost;
      break;
    case PAT_SOLVE_LIMIT:
      self->known = PAT_VERDICT_UNKNOWN;
      self->looks = job->second_look ? 2 : 1;
      break;
    case PAT_SOLVE_CANCELLED:
    default:
      break;
    }
  g_clear_pointer (&self->job, job_unref);

  /* The answer first: a question it answers is closed, and wants no second look. */
  update_verdict (self);
  follow_demand (self);
  update_verdict (self);
}

/* What was known of the position before still tells about @state, the one now in play, when
 * the game went on from it: along the winning line, or anywhere after a lost position. */
static void
learn_from_before (PatAnalyzer *self)
{
  const PatRules *rules = pat_game_get_rules (self->game);
  const PatState *state = pat_game_get_state (self->game);
  guint n = pat_game_get_history_length (self->game);

  if (self->have_position && self->known == PAT_VERDICT_WINNABLE)
    {
      PatState s = self->position;
      guint k;

      /* The game may have made moves of the line by itself (cards going up). */
      for (k = 0; k < self->line.n_moves; k++)
        {
          rules->apply (&s, &self->line.moves[k], NULL);
          if (pat_state_equal (&s, state))
            {
              self->line.n_moves -= k + 1;
              memmove (self->line.moves, self->line.moves + k + 1,
                       self->line.n_moves * sizeof *self->line.moves);
              goto learnt;
            }
        }
    }
  else if (self->have_position && self->known == PAT_VERDICT_LOST &&
           n > self->history_length &&
           pat_state_equal (pat_game_get_history_state (self->game, self->history_length - 1),
                            &self->position))
    {
      if (self->known_undo_count > 0)
        self->known_undo_count += n - self->history_length;
      goto learnt;
    }

  forget (self);

learnt:
  self->have_position = TRUE;
  self->position = *state;
  self->history_length = n;
}

/* The position in play may have changed: what is known follows it, and a question asked about
 * the one before is over. */
static void
position_changed (PatAnalyzer *self)
{
  gboolean can = analysable (self);

  g_object_freeze_notify (G_OBJECT (self));
  if (!can || !self->have_position ||
      pat_game_get_history_length (self->game) != self->history_length ||
      !pat_state_equal (pat_game_get_state (self->game), &self->position))
    {
      cancel_job (self);
      if (can)
        learn_from_before (self);
      else
        forget (self);
      if (self->asked)
        {
          self->asked = FALSE;
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ASKED]);
        }
    }
  follow_demand (self);
  update_verdict (self);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
game_changed_cb (PatAnalyzer *self,
                 PatGame     *game)
{
  position_changed (self);
}

PatAnalyzer *
pat_analyzer_new (void)
{
  return g_object_new (PAT_TYPE_ANALYZER, NULL);
}

PatGame *
pat_analyzer_get_game (PatAnalyzer *self)
{
  g_return_val_if_fail (PAT_IS_ANALYZER (self), NULL);
  return self->game;
}

void
pat_analyzer_set_game (PatAnalyzer *self,
                       PatGame     *game)
{
  g_return_if_fail (PAT_IS_ANALYZER (self));
  g_return_if_fail (game == NULL || PAT_IS_GAME (game));

  if (self->game == game)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_set_object (&self->game, game);
  if (game != NULL)
    self->changed_id = g_signal_connect_object (game, "changed", G_CALLBACK (game_changed_cb), self,
                                                G_CONNECT_SWAPPED);
  /* Another game: nothing known carries over, and no question. */
  forget (self);
  self->deal_lost = FALSE;
  position_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
pat_analyzer_get_enabled (PatAnalyzer *self)
{
  g_return_val_if_fail (PAT_IS_ANALYZER (self), FALSE);
  return self->enabled;
}

void
pat_analyzer_set_enabled (PatAnalyzer *self,
                          gboolean     enabled)
{
  g_return_if_fail (PAT_IS_ANALYZER (self));

  enabled = !!enabled;
  if (self->enabled == enabled)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  self->enabled = enabled;
  position_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
pat_analyzer_get_watched (PatAnalyzer *self)
{
  g_return_val_if_fail (PAT_IS_ANALYZER (self), FALSE);
  return self->watched;
}

/**
 * pat_analyzer_set_watched:
 *
 * Whether the verdict is on screen. While it is, every position is looked at; while it is not,
 * the analyser searches only when asked (pat_analyzer_set_asked()).
 */
void
pat_analyzer_set_watched (PatAnalyzer *self,
                          gboolean     watched)
{
  g_return_if_fail (PAT_IS_ANALYZER (self));

  watched = !!watched;
  if (self->watched == watched)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  self->watched = watched;
  follow_demand (self);
  update_verdict (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WATCHED]);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
pat_analyzer_get_asked (PatAnalyzer *self)
{
  g_return_val_if_fail (PAT_IS_ANALYZER (self), FALSE);
  return self->asked;
}

/**
 * pat_analyzer_set_asked:
 *
 * Opens (or closes) a question of the player's about the position in play: the analyser looks
 * at it as it would if the verdict were watched, until the question is closed or the position
 * changes (which closes it: #PatAnalyzer:asked goes back to %FALSE).
 */
void
pat_analyzer_set_asked (PatAnalyzer *self,
                        gboolean     asked)
{
  g_return_if_fail (PAT_IS_ANALYZER (self));

  asked = !!asked && analysable (self);
  if (self->asked == asked)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  self->asked = asked;
  follow_demand (self);
  update_verdict (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ASKED]);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
pat_analyzer_get_power_saver (PatAnalyzer *self)
{
  g_return_val_if_fail (PAT_IS_ANALYZER (self), FALSE);
  return self->power_saver;
}

/**
 * pat_analyzer_set_power_saver:
 *
 * Spares the battery: every look from now on runs on one thread, a third as long. The analyser
 * follows the system's power profile (#GPowerProfileMonitor) by itself; setting this property
 * holds until the profile changes.
 */
void
pat_analyzer_set_power_saver (PatAnalyzer *self,
                              gboolean     power_saver)
{
  g_return_if_fail (PAT_IS_ANALYZER (self));

  power_saver = !!power_saver;
  if (self->power_saver == power_saver)
    return;
  self->power_saver = power_saver;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POWER_SAVER]);
}

/* The monitor notifies when it connects to the system too, with nothing changed: only a change
 * of the profile overrides the value set. */
static void
power_saver_cb (PatAnalyzer          *self,
                GParamSpec           *pspec,
                GPowerProfileMonitor *monitor)
{
  gboolean enabled = g_power_profile_monitor_get_power_saver_enabled (monitor);

  if (enabled == self->system_power_saver)
    return;
  self->system_power_saver = enabled;
  pat_analyzer_set_power_saver (self, enabled);
}

PatVerdict
pat_analyzer_get_verdict (PatAnalyzer *self)
{
  g_return_val_if_fail (PAT_IS_ANALYZER (self), PAT_VERDICT_OFF);
  return self->verdict;
}

/**
 * pat_analyzer_get_deal_lost:
 *
 * Returns: whether the game's deal is known to be lost from its first position (so that a lost
 *   verdict reads "this deal can't be won", not "no longer winnable"); it stays known for the
 *   game's deal whatever the player does, restarts included
 */
gboolean
pat_analyzer_get_deal_lost (PatAnalyzer *self)
{
  g_return_val_if_fail (PAT_IS_ANALYZER (self), FALSE);
  return self->deal_lost;
}

guint
pat_analyzer_get_undo_count (PatAnalyzer *self)
{
  g_return_val_if_fail (PAT_IS_ANALYZER (self), 0);
  return self->undo_count;
}

gboolean
pat_analyzer_get_searching (PatAnalyzer *self)
{
  g_return_val_if_fail (PAT_IS_ANALYZER (self), FALSE);
  return self->searching;
}

/**
 * pat_analyzer_get_settled:
 *
 * Whether the analyser has said all it can about the position in play: there is no game to
 * analyse, or it knows a winning line, or it proved the position lost, or both looks ran out of
 * time. An unsettled position is worth asking about.
 */
gboolean
pat_analyzer_get_settled (PatAnalyzer *self)
{
  g_return_val_if_fail (PAT_IS_ANALYZER (self), TRUE);

  if (!analysable (self))
    return TRUE;
  return self->job == NULL &&
         (self->known == PAT_VERDICT_WINNABLE || self->known == PAT_VERDICT_LOST ||
          (self->known == PAT_VERDICT_UNKNOWN && self->looks >= 2));
}

guint
pat_analyzer_get_searches_started (PatAnalyzer *self,
                                   guint       *threads,
                                   double      *seconds)
{
  g_return_val_if_fail (PAT_IS_ANALYZER (self), 0);

  if (threads != NULL)
    *threads = self->last_threads;
  if (seconds != NULL)
    *seconds = self->last_seconds;
  return self->searches_started;
}

/**
 * pat_analyzer_get_line:
 * @n_moves: (out): the number of moves
 *
 * Returns: (transfer none) (nullable): the winning line from the current position, when the
 *   verdict is %PAT_VERDICT_WINNABLE
 */
const PatMove *
pat_analyzer_get_line (PatAnalyzer *self,
                       guint       *n_moves)
{
  g_return_val_if_fail (PAT_IS_ANALYZER (self), NULL);

  *n_moves = 0;
  if (self->verdict != PAT_VERDICT_WINNABLE)
    return NULL;
  *n_moves = self->line.n_moves;
  return self->line.moves;
}

gboolean
pat_analyzer_get_next_move (PatAnalyzer *self,
                            PatMove     *move)
{
  guint n;
  const PatMove *line = pat_analyzer_get_line (self, &n);

  if (line == NULL || n == 0)
    return FALSE;
  *move = line[0];
  return TRUE;
}

static void
pat_analyzer_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  PatAnalyzer *self = PAT_ANALYZER (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    case PROP_WATCHED:
      g_value_set_boolean (value, self->watched);
      break;
    case PROP_ASKED:
      g_value_set_boolean (value, self->asked);
      break;
    case PROP_POWER_SAVER:
      g_value_set_boolean (value, self->power_saver);
      break;
    case PROP_VERDICT:
      g_value_set_enum (value, self->verdict);
      break;
    case PROP_UNDO_COUNT:
      g_value_set_uint (value, self->undo_count);
      break;
    case PROP_SEARCHING:
      g_value_set_boolean (value, self->searching);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_analyzer_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  PatAnalyzer *self = PAT_ANALYZER (object);

  switch (prop_id)
    {
    case PROP_GAME:
      pat_analyzer_set_game (self, g_value_get_object (value));
      break;
    case PROP_ENABLED:
      pat_analyzer_set_enabled (self, g_value_get_boolean (value));
      break;
    case PROP_WATCHED:
      pat_analyzer_set_watched (self, g_value_get_boolean (value));
      break;
    case PROP_ASKED:
      pat_analyzer_set_asked (self, g_value_get_boolean (value));
      break;
    case PROP_POWER_SAVER:
      pat_analyzer_set_power_saver (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_analyzer_dispose (GObject *object)
{
  PatAnalyzer *self = PAT_ANALYZER (object);

  cancel_job (self);
  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  if (self->power_monitor != NULL)
    g_signal_handlers_disconnect_by_data (self->power_monitor, self);
  g_clear_object (&self->power_monitor);

  G_OBJECT_CLASS (pat_analyzer_parent_class)->dispose (object);
}

static void
pat_analyzer_finalize (GObject *object)
{
  PatAnalyzer *self = PAT_ANALYZER (object);

  pat_solution_clear (&self->line);

  G_OBJECT_CLASS (pat_analyzer_parent_class)->finalize (object);
}

static void
pat_analyzer_class_init (PatAnalyzerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_analyzer_dispose;
  object_class->finalize = pat_analyzer_finalize;
  object_class->get_property = pat_analyzer_get_property;
  object_class->set_property = pat_analyzer_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PAT_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WATCHED] =
    g_param_spec_boolean ("watched", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ASKED] =
    g_param_spec_boolean ("asked", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_POWER_SAVER] =
    g_param_spec_boolean ("power-saver", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VERDICT] =
    g_param_spec_enum ("verdict", NULL, NULL, PAT_TYPE_VERDICT, PAT_VERDICT_OFF,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNDO_COUNT] =
    g_param_spec_uint ("undo-count", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SEARCHING] =
    g_param_spec_boolean ("searching", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pat_analyzer_init (PatAnalyzer *self)
{
  self->enabled = TRUE;
  self->known = PAT_VERDICT_IDLE;
  self->power_monitor = g_power_profile_monitor_dup_default ();
  if (self->power_monitor != NULL)
    {
      self->system_power_saver =
        g_power_profile_monitor_get_power_saver_enabled (self->power_monitor);
      self->power_saver = self->system_power_saver;
      g_signal_connect_object (self->power_monitor, "notify::power-saver-enabled",
                               G_CALLBACK (power_saver_cb), self, G_CONNECT_SWAPPED);
    }
}

/* Winnable deals only. */

typedef struct {
  char       *game_id;
  PatOptions  options;
  guint       max_tries;
  PatDifficulty difficulty;
  PatDealNumber deal;
} FindJob;

static void
find_job_free (FindJob *job)
{
  g_free (job->game_id);
  g_free (job);
}

static void
cancel_search (GCancellable *cancellable,
               gint         *cancel)
{
  g_atomic_int_set (cancel, 1);
}

static void
find_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  FindJob *job = task_data;
  const PatRules *rules = pat_rules_lookup (job->game_id);
  gboolean by_level = job->difficulty >= PAT_DIFFICULTY_EASY && pat_solver_supports (rules);
  gint cancel = 0;
  gulong handler = 0;
  guint i;

  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (cancel_search), &cancel, NULL);

  for (i = 0; i < job->max_tries; i++)
    {
      PatDealNumber deal = pat_deal_number_from_uint ((guint64) g_random_int_range (1, 1000000000));
      PatState state;
      gboolean found;

      if (g_cancellable_is_cancelled (cancellable))
        break;
      pat_rules_deal_number (rules, &state, &deal, &job->options);
      if (by_level)
        {
          found = pat_difficulty_pick (rules, &state, job->difficulty, &cancel);
        }
      else
        {
          PatSolution solution;

          found = pat_analyze_position (rules, &state, pat_difficulty_pick_seconds (rules),
                                        &cancel, &solution) == PAT_SOLVE_SOLVED;
          pat_solution_clear (&solution);
        }
      if (found && !g_cancellable_is_cancelled (cancellable))
        {
          job->deal = deal;
          g_cancellable_disconnect (cancellable, handler);
          g_task_return_boolean (task, TRUE);
          return;
        }
    }

  g_cancellable_disconnect (cancellable, handler);
  if (g_cancellable_is_cancelled (cancellable))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                             "no winnable deal found in %u tries", job->max_tries);
}

void
pat_find_deal_async (const char          *game_id,
                     const PatOptions    *options,
                     PatDifficulty        difficulty,
                     guint                max_tries,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  FindJob *job = g_new0 (FindJob, 1);

  g_return_if_fail (pat_rules_lookup (game_id) != NULL);

  job->game_id = g_strdup (game_id);
  job->options = options != NULL ? *options : (PatOptions) { PAT_DIE_OFF };
  job->max_tries = max_tries;
  job->difficulty = difficulty;
  g_task_set_source_tag (task, pat_find_winnable_deal_async);
  g_task_set_task_data (task, job, (GDestroyNotify) find_job_free);
  g_task_run_in_thread (task, find_thread);
}

void
pat_find_winnable_deal_async (const char          *game_id,
                              const PatOptions    *options,
                              guint                max_tries,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  pat_find_deal_async (game_id, options, PAT_DIFFICULTY_UNKNOWN, max_tries, cancellable, callback,
                       user_data);
}

gboolean
pat_find_winnable_deal_finish (GAsyncResult   *result,
                               PatDealNumber  *deal,
                               GError        **error)
{
  FindJob *job = g_task_get_task_data (G_TASK (result));

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  *deal = job->deal;
  return TRUE;
}
