/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatMatch: a Demon match between named players or teams, played in rounds to a target score. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "pat-match.h"
#include "pat-model-private.h"

#define MATCH_MAGIC "io.github.patience.Patience.Match"
#define MATCH_FORMAT_VERSION 1

/* Format 1: players (name, team or −1), team names, target, same deal, die mode, seed, every
 * score recorded in order of play (round after round, player after player), and the current
 * player's game (a whole serialized game) when one has begun. */
#define PAYLOAD_TYPE "(a(si)asibutaimv)"

/* Demon's scores lie between −12 (a lone base card and a full reserve) and 352. */
#define MIN_SCORE (-52)
#define MAX_SCORE 352
#define MAX_TARGET 100000

G_STATIC_ASSERT (PAT_MATCH_MAX_ROUNDS * PAT_MATCH_MAX_PLAYERS * (gint64) MAX_SCORE < G_MAXINT);

/* How many additions totals have cost, for the test that loading is linear. */
static guint64 total_additions;

struct _PatMatch
{
  GObject     parent_instance;

  GPtrArray  *players;       /* char * */
  GArray     *player_teams;  /* int, −1 without teams */
  GPtrArray  *teams;         /* char * */
  int         target;
  gboolean    same_deal;
  PatOptions  options;
  guint64     seed;

  GArray     *scores;        /* int, in order of play */
  GArray     *totals;        /* int, each player's sum of scores, kept as scores are added */
  gboolean    tie_break;
  int         winner;        /* −1 until the match is won, and in a drawn match */
  gboolean    over;          /* won, or drawn at the last round */
  PatGame    *game;
};

G_DEFINE_FINAL_TYPE (PatMatch, pat_match, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ROUND,
  PROP_CURRENT_PLAYER,
  PROP_TIE_BREAK,
  PROP_FINISHED,
  PROP_GAME,
  N_PROPS,
};

enum {
  CHANGED,
  FINISHED,
  N_SIGNALS,
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
pat_match_dispose (GObject *object)
{
  PatMatch *self = PAT_MATCH (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (pat_match_parent_class)->dispose (object);
}

static void
pat_match_finalize (GObject *object)
{
  PatMatch *self = PAT_MATCH (object);

  g_clear_pointer (&self->players, g_ptr_array_unref);
  g_clear_pointer (&self->player_teams, g_array_unref);
  g_clear_pointer (&self->teams, g_ptr_array_unref);
  g_clear_pointer (&self->scores, g_array_unref);
  g_clear_pointer (&self->totals, g_array_unref);

  G_OBJECT_CLASS (pat_match_parent_class)->finalize (object);
}

static void
pat_match_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  PatMatch *self = PAT_MATCH (object);

  switch (prop_id)
    {
    case PROP_ROUND:
      g_value_set_uint (value, pat_match_get_round (self));
      break;

    case PROP_CURRENT_PLAYER:
      g_value_set_uint (value, pat_match_get_current_player (self));
      break;

    case PROP_TIE_BREAK:
      g_value_set_boolean (value, self->tie_break);
      break;

    case PROP_FINISHED:
      g_value_set_boolean (value, self->over);
      break;

    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_match_class_init (PatMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = pat_match_dispose;
  object_class->finalize = pat_match_finalize;
  object_class->get_property = pat_match_get_property;

  properties[PROP_ROUND] =
    g_param_spec_uint ("round", NULL, NULL, 1, G_MAXUINT, 1,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_PLAYER] =
    g_param_spec_uint ("current-player", NULL, NULL, 0, PAT_MATCH_MAX_PLAYERS - 1, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TIE_BREAK] =
    g_param_spec_boolean ("tie-break", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FINISHED] =
    g_param_spec_boolean ("finished", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PAT_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
pat_match_init (PatMatch *self)
{
  self->players = g_ptr_array_new_with_free_func (g_free);
  self->player_teams = g_array_new (FALSE, FALSE, sizeof (int));
  self->teams = g_ptr_array_new_with_free_func (g_free);
  self->scores = g_array_new (FALSE, FALSE, sizeof (int));
  self->totals = g_array_new (FALSE, TRUE, sizeof (int));
  self->same_deal = TRUE;
  self->options.die_mode = PAT_DIE_OFF;
  self->winner = -1;
  self->seed = ((guint64) g_random_int () << 32) | g_random_int ();
}

static gboolean
invalid (GError     **error,
         const char  *message)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, message);
  return FALSE;
}

/* A name is non-empty UTF-8 of at most PAT_MATCH_MAX_NAME_LENGTH characters; @empty is the
 * message for a missing one. */
static gboolean
check_name (const char  *name,
            const char  *empty,
            GError     **error)
{
  if (name == NULL || name[0] == '\0' || !g_utf8_validate (name, -1, NULL))
    return invalid (error, empty);
  if (g_utf8_strlen (name, -1) > PAT_MATCH_MAX_NAME_LENGTH)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A name can have at most %d characters"), PAT_MATCH_MAX_NAME_LENGTH);
      return FALSE;
    }
  return TRUE;
}

/* Checks and takes the players and the teams; @player_teams and @teams are %NULL together
 * for a match without teams. */
static gboolean
set_players (PatMatch           *self,
             const char *const  *players,
             const guint        *player_teams,
             const char *const  *teams,
             GError            **error)
{
  guint n_players = players != NULL ? g_strv_length ((char **) players) : 0;
  guint n_teams = teams != NULL ? g_strv_length ((char **) teams) : 0;
  guint i;

  if (n_players < PAT_MATCH_MIN_PLAYERS || n_players > PAT_MATCH_MAX_PLAYERS)
    return invalid (error, _("A match needs two to eight players"));
  for (i = 0; i < n_players; i++)
    if (!check_name (players[i], _("Every player needs a name"), error))
      return FALSE;

  if (teams != NULL)
    {
      guint used = 0;

      if (n_teams < 2 || n_teams > n_players)
        return invalid (error, _("A team match needs at least two teams, each with a player"));
      for (i = 0; i < n_teams; i++)
        if (!check_name (teams[i], _("Every team needs a name"), error))
          return FALSE;
      for (i = 0; i < n_players; i++)
        {
          if (player_teams[i] >= n_teams)
            return invalid (error, _("Every player must be in one of the teams"));
          used |= 1u << player_teams[i];
        }
      if (used != (1u << n_teams) - 1)
        return invalid (error, _("A team match needs at least two teams, each with a player"));
    }

  for (i = 0; i < n_players; i++)
    {
      int team = teams != NULL ? (int) player_teams[i] : -1;

      g_ptr_array_add (self->players, g_strdup (players[i]));
      g_array_append_val (self->player_teams, team);
    }
  for (i = 0; i < n_teams; i++)
    g_ptr_array_add (self->teams, g_strdup (teams[i]));
  g_array_set_size (self->totals, n_players);
  self->target = n_teams > 0 ? PAT_MATCH_DEFAULT_TEAM_TARGET : PAT_MATCH_DEFAULT_TARGET;
  return TRUE;
}

/**
 * pat_match_new:
 * @players: (array zero-terminated=1): two to eight player names, in order of play
 * @error: return location for a G_IO_ERROR_INVALID_ARGUMENT
 *
 * Returns: (transfer full) (nullable): a new match without teams, target 200
 */
PatMatch *
pat_match_new (const char *const  *players,
               GError            **error)
{
  return pat_match_new_with_teams (players, NULL, NULL, error);
}

/**
 * pat_match_new_with_teams:
 * @players: (array zero-terminated=1): two to eight player names, in order of play
 * @player_teams: (nullable): each player's team, an index into @teams
 * @teams: (array zero-terminated=1) (nullable): the team names; %NULL for no teams
 * @error: return location for a G_IO_ERROR_INVALID_ARGUMENT
 *
 * Returns: (transfer full) (nullable): a new match; target 500 with teams, 200 without
 */
PatMatch *
pat_match_new_with_teams (const char *const  *players,
                          const guint        *player_teams,
                          const char *const  *teams,
                          GError            **error)
{
  g_autoptr(PatMatch) self = NULL;

  g_return_val_if_fail ((player_teams == NULL) == (teams == NULL), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (PAT_TYPE_MATCH, NULL);
  if (!set_players (self, players, player_teams, teams, error))
    return NULL;
  return g_steal_pointer (&self);
}

static gboolean
has_begun (PatMatch *self)
{
  return self->scores->len > 0 || self->game != NULL;
}

int
pat_match_get_target (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), 0);

  return self->target;
}

/**
 * pat_match_set_target:
 * @target: the score to reach, or 0 for the default (200, or 500 with teams)
 */
void
pat_match_set_target (PatMatch *self,
                      int       target)
{
  g_return_if_fail (PAT_IS_MATCH (self));
  g_return_if_fail (target >= 0 && target <= MAX_TARGET);
  g_return_if_fail (!has_begun (self));

  if (target == 0)
    target = self->teams->len > 0 ? PAT_MATCH_DEFAULT_TEAM_TARGET : PAT_MATCH_DEFAULT_TARGET;
  if (target == self->target)
    return;
  self->target = target;
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
pat_match_get_same_deal (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), FALSE);

  return self->same_deal;
}

/**
 * pat_match_set_same_deal:
 * @same_deal: whether every player of a round plays the same deal (the default)
 */
void
pat_match_set_same_deal (PatMatch *self,
                         gboolean  same_deal)
{
  g_return_if_fail (PAT_IS_MATCH (self));
  g_return_if_fail (!has_begun (self));

  same_deal = !!same_deal;
  if (same_deal == self->same_deal)
    return;
  self->same_deal = same_deal;
  g_signal_emit (self, signals[CHANGED], 0);
}

PatOptions
pat_match_get_options (PatMatch *self)
{
  PatOptions none = { PAT_DIE_OFF };

  g_return_val_if_fail (PAT_IS_MATCH (self), none);

  return self->options;
}

void
pat_match_set_options (PatMatch         *self,
                       const PatOptions *options)
{
  g_return_if_fail (PAT_IS_MATCH (self));
  g_return_if_fail (options != NULL && (guint) options->die_mode <= PAT_DIE_PER_PASS);
  g_return_if_fail (!has_begun (self));

  if (options->die_mode == self->options.die_mode)
    return;
  self->options = *options;
  g_signal_emit (self, signals[CHANGED], 0);
}

guint64
pat_match_get_seed (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), 0);

  return self->seed;
}

/**
 * pat_match_set_seed:
 * @seed: what every round's deal derives from (random by default)
 */
void
pat_match_set_seed (PatMatch *self,
                    guint64   seed)
{
  g_return_if_fail (PAT_IS_MATCH (self));
  g_return_if_fail (!has_begun (self));

  if (seed == self->seed)
    return;
  self->seed = seed;
  g_signal_emit (self, signals[CHANGED], 0);
}

guint
pat_match_get_n_players (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), 0);

  return self->players->len;
}

const char *
pat_match_get_player_name (PatMatch *self,
                           guint     player)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), NULL);
  g_return_val_if_fail (player < self->players->len, NULL);

  return g_ptr_array_index (self->players, player);
}

int
pat_match_get_player_team (PatMatch *self,
                           guint     player)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), -1);
  g_return_val_if_fail (player < self->players->len, -1);

  return g_array_index (self->player_teams, int, player);
}

int
pat_match_get_player_total (PatMatch *self,
                            guint     player)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), 0);
  g_return_val_if_fail (player < self->players->len, 0);

  return g_array_index (self->totals, int, player);
}

guint
pat_match_get_n_teams (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), 0);

  return self->teams->len;
}

const char *
pat_match_get_team_name (PatMatch *self,
                         guint     team)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), NULL);
  g_return_val_if_fail (team < self->teams->len, NULL);

  return g_ptr_array_index (self->teams, team);
}

/* A team's total pools the totals of its players. */
int
pat_match_get_team_total (PatMatch *self,
                          guint     team)
{
  guint i;
  int total = 0;

  g_return_val_if_fail (PAT_IS_MATCH (self), 0);
  g_return_val_if_fail (team < self->teams->len, 0);

  for (i = 0; i < self->players->len; i++)
    if (g_array_index (self->player_teams, int, i) == (int) team)
      {
        total += g_array_index (self->totals, int, i);
        total_additions++;
      }
  return total;
}

guint
pat_match_get_round (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), 1);

  return self->scores->len / self->players->len + 1;
}

guint
pat_match_get_current_player (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), 0);

  return self->scores->len % self->players->len;
}

gboolean
pat_match_get_tie_break (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), FALSE);

  return self->tie_break;
}

gboolean
pat_match_get_round_score (PatMatch *self,
                           guint     round,
                           guint     player,
                           int      *score)
{
  guint index;

  g_return_val_if_fail (PAT_IS_MATCH (self), FALSE);
  g_return_val_if_fail (round >= 1, FALSE);
  g_return_val_if_fail (player < self->players->len, FALSE);

  index = (round - 1) * self->players->len + player;
  if (index >= self->scores->len)
    return FALSE;
  if (score != NULL)
    *score = g_array_index (self->scores, int, index);
  return TRUE;
}

/* How many numbers a turn may skip before it takes a deal over from the start anyway. */
#define MAX_REDRAWS 100

/* A well-mixed function of the seed, round and player, made into a deal number of at most
 * nine digits, short enough to write down. */
static PatDealNumber
derive_deal (guint64 seed,
             guint   round,
             guint   player)
{
  guint64 x = seed + round * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) +
              (guint64) player * G_GUINT64_CONSTANT (0xd1b54a32d192ed03);

  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  x ^= x >> 31;
  return pat_deal_number_from_uint (1 + x % 999999999);
}

/**
 * pat_match_get_deal:
 * @deal: (out): the deal the current player plays
 */
void
pat_match_get_deal (PatMatch      *self,
                    PatDealNumber *deal)
{
  guint player;
  guint i;

  g_return_if_fail (PAT_IS_MATCH (self));
  g_return_if_fail (deal != NULL);

  /* Never a deal that is over before the first move (about 0.8 % of Demon deals): the next
   * number derived for the turn instead. The first is the one of earlier versions. */
  player = self->same_deal ? 0 : pat_match_get_current_player (self);
  for (i = 0; i < MAX_REDRAWS; i++)
    {
      PatState state;

      *deal = derive_deal (self->seed + i * G_GUINT64_CONSTANT (0x632be59bd9b4e019),
                           pat_match_get_round (self), player);
      pat_rules_deal_number (pat_rules_match (), &state, deal, &self->options);
      if (pat_rules_match ()->status (&state) == PAT_STATUS_PLAYING)
        return;
    }
}

static void
game_changed_cb (PatGame  *game,
                 PatMatch *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
set_game (PatMatch *self,
          PatGame  *game)
{
  if (self->game == game)
    return;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    g_signal_connect (game, "changed", G_CALLBACK (game_changed_cb), self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/**
 * pat_match_get_game:
 *
 * The game of the current turn: a Demon game of pat_match_get_deal() with the match's
 * options, created at the first call and kept (and saved with the match) until the turn's
 * score is recorded.
 *
 * Returns: (transfer none) (nullable): the game, or %NULL once the match is over or has no
 *   round left to play
 */
PatGame *
pat_match_get_game (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), NULL);

  if (self->over || pat_match_get_round (self) > PAT_MATCH_MAX_ROUNDS)
    return NULL;
  if (self->game == NULL)
    {
      g_autoptr(PatGame) game = NULL;
      PatDealNumber deal;

      pat_match_get_deal (self, &deal);
      game = pat_game_new (pat_rules_match ()->id, &deal, &self->options);
      set_game (self, game);
      g_signal_emit (self, signals[CHANGED], 0);
    }
  return self->game;
}

/* Looks at the totals after a complete round: the one highest total at or above the target
 * wins; a tie there means one more round. After the last round (@final) nothing follows: the
 * one highest total wins even below the target, and a tie at the top draws the match. */
static void
judge_round (PatMatch *self,
             gboolean  final)
{
  gboolean teams = self->teams->len > 0;
  guint n = teams ? self->teams->len : self->players->len;
  int best = G_MININT;
  int best_index = -1;
  guint at_best = 0;
  guint i;

  for (i = 0; i < n; i++)
    {
      int total = teams ? pat_match_get_team_total (self, i) : pat_match_get_player_total (self, i);

      if (total > best)
        {
          best = total;
          best_index = (int) i;
          at_best = 1;
        }
      else if (total == best)
        at_best++;
    }

  self->tie_break = FALSE;
  if (best >= self->target)
    {
      if (at_best == 1)
        {
          self->winner = best_index;
          self->over = TRUE;
        }
      else
        self->tie_break = TRUE;
    }
  else if (final && at_best == 1)
    {
      self->winner = best_index;
      self->over = TRUE;
    }
  /* No round follows the last: a tie at the top there is a draw. */
  if (final && !self->over)
    {
      self->tie_break = FALSE;
      self->over = TRUE;
    }
}

/* Adds a score without any signal; used by pat_match_record_score() and to replay a file.
 * The player's total grows with it, so that judging a round costs the same at any length.
 * The last round is judged as the last one only when @final: a file that an earlier version
 * saved after its last round, undecided, replays undecided, for pat_match_conclude() to end
 * with the signals a player sees. */
static gboolean
add_score (PatMatch  *self,
           int        score,
           gboolean   final,
           GError   **error)
{
  guint player = pat_match_get_current_player (self);

  if (self->over)
    return invalid (error, _("The match is over"));
  if (score < MIN_SCORE || score > MAX_SCORE)
    return invalid (error, _("That is not a score of Demon"));
  if (pat_match_get_round (self) > PAT_MATCH_MAX_ROUNDS)
    return invalid (error, _("The match has reached its last round"));

  g_array_append_val (self->scores, score);
  g_array_index (self->totals, int, player) += score;
  total_additions++;
  if (self->scores->len % self->players->len == 0)
    judge_round (self, final && pat_match_get_round (self) > PAT_MATCH_MAX_ROUNDS);
  return TRUE;
}

/* Says what a recorded score (@scored), or the end after the last round, changed. */
static void
announce (PatMatch *self,
          gboolean  scored,
          gboolean  was_tie_break,
          gboolean  was_over)
{
  GObject *object = G_OBJECT (self);

  g_object_freeze_notify (object);
  set_game (self, NULL);
  if (scored)
    g_object_notify_by_pspec (object, properties[PROP_CURRENT_PLAYER]);
  if (scored && pat_match_get_current_player (self) == 0)
    g_object_notify_by_pspec (object, properties[PROP_ROUND]);
  if (self->tie_break != was_tie_break)
    g_object_notify_by_pspec (object, properties[PROP_TIE_BREAK]);
  if (self->over != was_over)
    g_object_notify_by_pspec (object, properties[PROP_FINISHED]);
  g_object_thaw_notify (object);

  g_signal_emit (self, signals[CHANGED], 0);
  if (self->over != was_over)
    g_signal_emit (self, signals[FINISHED], 0, pat_match_get_winner_name (self));
}

/**
 * pat_match_record_score:
 * @score: the current player's score for this round
 * @error: return location for a G_IO_ERROR_INVALID_ARGUMENT (the match is over, or the score
 *   is impossible)
 *
 * Ends the current turn. When it completes a round, the round is judged, and
 * #PatMatch::finished is emitted if somebody has won, or if it was the last round
 * (%PAT_MATCH_MAX_ROUNDS): the match is then won by the highest total, or drawn.
 *
 * Returns: whether the score was recorded
 */
gboolean
pat_match_record_score (PatMatch  *self,
                        int        score,
                        GError   **error)
{
  gboolean was_tie_break;

  g_return_val_if_fail (PAT_IS_MATCH (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  was_tie_break = self->tie_break;
  if (!add_score (self, score, TRUE, error))
    return FALSE;
  announce (self, TRUE, was_tie_break, FALSE);
  return TRUE;
}

/**
 * pat_match_conclude:
 *
 * Ends a match whose last round (%PAT_MATCH_MAX_ROUNDS) is complete but undecided, as a file
 * that an earlier version saved holds it: the highest total wins, even below the target, and a
 * tie at the top draws the match; #PatMatch::finished is emitted as for any end. A match with
 * a round left to play, or already over, is left as it is.
 *
 * Returns: whether the match ended now
 */
gboolean
pat_match_conclude (PatMatch *self)
{
  gboolean was_tie_break;

  g_return_val_if_fail (PAT_IS_MATCH (self), FALSE);

  if (self->over || pat_match_get_round (self) <= PAT_MATCH_MAX_ROUNDS)
    return FALSE;
  was_tie_break = self->tie_break;
  judge_round (self, TRUE);
  announce (self, FALSE, was_tie_break, FALSE);
  return TRUE;
}

gboolean
pat_match_get_finished (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), FALSE);

  return self->over;
}

/**
 * pat_match_get_winner:
 *
 * Returns: the index of the winning team (in a team match) or player, or -1
 */
int
pat_match_get_winner (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), -1);

  return self->winner;
}

/**
 * pat_match_get_winner_name:
 *
 * Returns: (nullable): the winning team's or player's name, or %NULL
 */
const char *
pat_match_get_winner_name (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), NULL);

  if (self->winner < 0)
    return NULL;
  if (self->teams->len > 0)
    return g_ptr_array_index (self->teams, self->winner);
  return g_ptr_array_index (self->players, self->winner);
}

const char *
pat_match_get_announcement (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), NULL);

  if (self->winner < 0)
    return NULL;
  return _("The demon is exorcised!");
}

/* Serialization */

static GVariant *
payload_new (PatMatch *self)
{
  GVariantBuilder builder;
  guint i;

  g_variant_builder_init (&builder, G_VARIANT_TYPE (PAYLOAD_TYPE));

  g_variant_builder_open (&builder, G_VARIANT_TYPE ("a(si)"));
  for (i = 0; i < self->players->len; i++)
    g_variant_builder_add (&builder, "(si)", (const char *) g_ptr_array_index (self->players, i),
                           (gint32) g_array_index (self->player_teams, int, i));
  g_variant_builder_close (&builder);

  g_variant_builder_open (&builder, G_VARIANT_TYPE ("as"));
  for (i = 0; i < self->teams->len; i++)
    g_variant_builder_add (&builder, "s", (const char *) g_ptr_array_index (self->teams, i));
  g_variant_builder_close (&builder);

  g_variant_builder_add (&builder, "i", (gint32) self->target);
  g_variant_builder_add (&builder, "b", self->same_deal);
  g_variant_builder_add (&builder, "u", (guint32) self->options.die_mode);
  g_variant_builder_add (&builder, "t", self->seed);

  g_variant_builder_open (&builder, G_VARIANT_TYPE ("ai"));
  for (i = 0; i < self->scores->len; i++)
    g_variant_builder_add (&builder, "i", (gint32) g_array_index (self->scores, int, i));
  g_variant_builder_close (&builder);

  if (self->game != NULL)
    g_variant_builder_add (&builder, "mv", pat_game_serialize (self->game));
  else
    g_variant_builder_add (&builder, "mv", NULL);

  return g_variant_builder_end (&builder);
}

/**
 * pat_match_serialize:
 *
 * Returns: (transfer floating): a #GVariant of type (suv): magic, format version, payload
 */
GVariant *
pat_match_serialize (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), NULL);

  return g_variant_new ("(su@v)", MATCH_MAGIC, (guint32) MATCH_FORMAT_VERSION,
                        g_variant_new_variant (payload_new (self)));
}

/**
 * pat_match_save_to_bytes:
 *
 * Returns: (transfer full): the match as a save file holds it
 */
GBytes *
pat_match_save_to_bytes (PatMatch *self)
{
  g_return_val_if_fail (PAT_IS_MATCH (self), NULL);

  return pat_envelope_pack (MATCH_MAGIC, MATCH_FORMAT_VERSION, payload_new (self));
}

static PatMatch *
match_corrupt (GError     **error,
               const char  *detail)
{
  g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_CORRUPT,
               _("The saved match is damaged (%s)"), detail);
  return NULL;
}

/* Rebuilds the match through the same checks and the same scoring as a match being played. */
static PatMatch *
match_from_payload (GVariant  *payload,
                    GError   **error)
{
  g_autoptr(PatMatch) self = NULL;
  g_autoptr(GVariant) players_v = NULL;
  g_autoptr(GVariant) teams_v = NULL;
  g_autoptr(GVariant) scores_v = NULL;
  g_autoptr(GVariant) game_v = NULL;
  g_autofree const char **players = NULL;
  g_autofree const char **teams = NULL;
  g_autofree guint *player_teams = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize n_players, n_teams, n_scores, i;
  const gint32 *scores;
  gint32 target;
  gboolean same_deal;
  guint32 die_mode;
  guint64 seed;

  g_variant_get (payload, "(@a(si)@asibut@aimv)", &players_v, &teams_v, &target, &same_deal,
                 &die_mode, &seed, &scores_v, &game_v);

  n_players = g_variant_n_children (players_v);
  n_teams = g_variant_n_children (teams_v);
  if (n_players > PAT_MATCH_MAX_PLAYERS || n_teams > PAT_MATCH_MAX_PLAYERS)
    return match_corrupt (error, _("too many players"));

  players = g_new0 (const char *, n_players + 1);
  player_teams = g_new0 (guint, n_players + 1);
  teams = g_variant_get_strv (teams_v, NULL);
  for (i = 0; i < n_players; i++)
    {
      gint32 team;

      g_variant_get_child (players_v, i, "(&si)", &players[i], &team);
      if ((n_teams == 0) != (team < 0))
        return match_corrupt (error, _("bad team"));
      player_teams[i] = team < 0 ? 0 : (guint) team;
    }

  self = g_object_new (PAT_TYPE_MATCH, NULL);
  if (!set_players (self, players, n_teams > 0 ? player_teams : NULL, n_teams > 0 ? teams : NULL,
                    &local_error))
    return match_corrupt (error, local_error->message);
  if (target < 1 || target > MAX_TARGET)
    return match_corrupt (error, _("bad target"));
  if (die_mode > PAT_DIE_PER_PASS)
    return match_corrupt (error, _("unknown option"));
  self->target = target;
  self->same_deal = same_deal;
  self->options.die_mode = (PatDieMode) die_mode;
  self->seed = seed;

  scores = g_variant_get_fixed_array (scores_v, &n_scores, sizeof (gint32));
  if (n_scores > (gsize) PAT_MATCH_MAX_ROUNDS * n_players)
    return match_corrupt (error, _("too many rounds"));
  for (i = 0; i < n_scores; i++)
    if (!add_score (self, scores[i], FALSE, &local_error))
      return match_corrupt (error, local_error->message);

  /* After the last round a game cannot count: an earlier version began one; it is dropped. */
  if (game_v != NULL && pat_match_get_round (self) <= PAT_MATCH_MAX_ROUNDS)
    {
      g_autoptr(PatGame) game = NULL;
      PatDealNumber deal, game_deal;

      game = pat_game_deserialize (game_v, error);
      if (game == NULL)
        return NULL;
      pat_match_get_deal (self, &deal);
      if (self->over || pat_game_get_rules (game) != pat_rules_match () ||
          !pat_game_get_deal (game, &game_deal) || !pat_deal_number_equal (&deal, &game_deal) ||
          pat_game_get_options (game).die_mode != self->options.die_mode)
        return match_corrupt (error, _("the game in progress is not this turn's"));
      set_game (self, game);
    }

  return g_steal_pointer (&self);
}

/**
 * pat_match_new_from_bytes:
 * @bytes: the contents of a save file, which may be anything at all
 * @error: return location for a #PAT_SAVE_ERROR
 *
 * Returns: (transfer full) (nullable): the match, or %NULL with @error set
 */
PatMatch *
pat_match_new_from_bytes (GBytes  *bytes,
                          GError **error)
{
  static const char *const payload_types[MATCH_FORMAT_VERSION] = { PAYLOAD_TYPE };
  g_autoptr(GVariant) payload = NULL;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  payload = pat_envelope_unpack (bytes, MATCH_MAGIC, MATCH_FORMAT_VERSION, payload_types, error);
  if (payload == NULL)
    return NULL;
  return match_from_payload (payload, error);
}

/**
 * pat_match_deserialize:
 * @variant: what pat_match_serialize() returned, from any source
 * @error: return location for a #PAT_SAVE_ERROR
 *
 * Returns: (transfer full) (nullable): the match, or %NULL with @error set
 */
PatMatch *
pat_match_deserialize (GVariant  *variant,
                       GError   **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_variant_is_of_type (variant, G_VARIANT_TYPE ("(suv)")))
    {
      g_set_error (error, PAT_SAVE_ERROR, PAT_SAVE_ERROR_NOT_OURS,
                   _("This is not a match saved by Patience"));
      return NULL;
    }

  g_variant_ref_sink (variant);
  bytes = pat_envelope_pack (NULL, 0, variant);
  g_variant_unref (variant);
  return pat_match_new_from_bytes (bytes, error);
}

/* Tests only (pat-model-private.h): additions made to keep totals since the program began. */
guint64
pat_match_get_total_additions (void)
{
  return total_additions;
}
