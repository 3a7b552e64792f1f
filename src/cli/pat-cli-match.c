/* SPDX-License-Identifier: GPL-3.0-or-later */
/* patience-cli match-host and match-join: a network match, hosted or joined from the command
 * line, the joining player moved by the greedy player. */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pat-cli.h"
#include "pat-net-bot.h"
#include "pat-net-cert.h"
#include "pat-net-discovery.h"
#include "pat-net-host.h"

/* The exit status of a match that could not be played (refused, cut off): bad input is 2. */
#define EXIT_MATCH_FAILED 1

typedef struct {
  GMainLoop *loop;
  int        status;
  /* For the table on stderr: the names, from the lobby. */
  char       names[PAT_NET_MAX_PLAYERS][PAT_NET_NAME_BYTES];
  int        teams[PAT_NET_MAX_PLAYERS];
  guint      n_teams;
  /* Who was here, as the last lobby said: to say in words who went away, came back or left. */
  gboolean   seen[PAT_NET_MAX_PLAYERS];
  gboolean   connected[PAT_NET_MAX_PLAYERS];
  gboolean   gone[PAT_NET_MAX_PLAYERS];
  gboolean   started;
  /* match-host: the announcement, withdrawn when the first round starts. */
  PatNetAnnouncer *announcer;
  /* match-join --discover: what to look for, then the player. */
  const char      *match;
  const char      *fingerprint;
  const char      *code;
  const char      *name;
  int              team;
  guint64          seed;
  guint            rejoin_for;
  /* match-join --trace: the time (monotonic µs) on every line of a message received, and a
   * line for every move sent; --move-interval: the pause after each of the bot's moves. */
  gboolean         trace;
  guint            move_interval_ms;
  guint            timeout_id;
  PatNetClient    *client;
  PatNetBot       *bot;
  /* match-list: the matches as printed so far, to say which one went. */
  GPtrArray       *listed;
} Run;

static void
print_json_line (const char *line)
{
  printf ("%s\n", line);
  fflush (stdout);
}

static void
print_message (const PatNetMessage *message)
{
  g_autofree char *text = pat_net_message_to_string (message);

  print_json_line (text);
}

/* @message's line with "t" added: the monotonic time @t in µs (CLOCK_MONOTONIC, the same clock
 * for every process on the computer). */
static void
print_message_at (const PatNetMessage *message,
                  gint64               t)
{
  g_autofree char *text = pat_net_message_to_string (message);
  g_autoptr(GString) line = g_string_new (text);

  g_strchomp (line->str);
  line->len = strlen (line->str);
  if (line->len > 0 && line->str[line->len - 1] == '}')
    {
      g_string_truncate (line, line->len - 1);
      g_string_append_printf (line, ",\"t\":%" G_GINT64_FORMAT "}", t);
    }
  print_json_line (line->str);
}

static void
remember_names (Run                 *run,
                const PatNetMessage *message)
{
  guint i;

  run->n_teams = message->n_teams;
  for (i = 0; i < message->n_players; i++)
    {
      const PatNetPlayerRow *row = &message->players[i];
      guint id = row->id;

      g_strlcpy (run->names[id], row->name, sizeof run->names[0]);
      run->teams[id] = row->team;
      /* Once the match has started, a change of presence is said on stderr. */
      if (run->started && run->seen[id] && !run->gone[id])
        {
          if (row->gone)
            fprintf (stderr, "%s has left the match; their round ends with the score it has.\n",
                     row->name);
          else if (run->connected[id] && !row->connected)
            fprintf (stderr, "%s is away: their connection was lost. The round waits for "
                     "them.\n", row->name);
          else if (!run->connected[id] && row->connected)
            fprintf (stderr, "%s is back.\n", row->name);
        }
      run->seen[id] = TRUE;
      run->connected[id] = row->connected;
      run->gone[id] = row->gone;
    }
}

/* The table a person reads, on stderr: after each round, and the final one. */
static void
print_table (Run                 *run,
             const PatNetMessage *message)
{
  guint i;

  if (message->type == PAT_NET_MSG_ROUND_END)
    fprintf (stderr, "Round %u\n", message->round);
  else
    fprintf (stderr, "Final table\n");
  for (i = 0; i < message->n_players; i++)
    {
      const PatNetPlayerRow *row = &message->players[i];

      fprintf (stderr, "  %-32s", run->names[row->id]);
      if (run->n_teams > 0 && run->teams[row->id] >= 0)
        fprintf (stderr, " team %d", run->teams[row->id] + 1);
      if (message->type == PAT_NET_MSG_ROUND_END)
        fprintf (stderr, " %4d", row->score);
      fprintf (stderr, " %6d\n", row->total);
    }
  for (i = 0; i < message->n_teams; i++)
    fprintf (stderr, "  Team %u %31s %6d\n", i + 1, "", message->team_totals[i]);
  if (message->type == PAT_NET_MSG_MATCH_END)
    {
      if (message->winner < 0)
        fprintf (stderr, "The match is drawn.\n");
      else if (message->n_teams > 0)
        fprintf (stderr, "Team %d wins. The demon is exorcised!\n", message->winner + 1);
      else
        fprintf (stderr, "%s wins. The demon is exorcised!\n", run->names[message->winner]);
    }
}

static void
host_sent_cb (PatNetHost    *host,
              PatNetMessage *message,
              Run           *run)
{
  if (message->type == PAT_NET_MSG_ROUND_START)
    run->started = TRUE;
  if (message->type == PAT_NET_MSG_LOBBY)
    remember_names (run, message);
  if (message->type == PAT_NET_MSG_LOBBY && run->announcer != NULL)
    {
      guint connected = 0;
      guint i;

      for (i = 0; i < message->n_players; i++)
        connected += message->players[i].connected ? 1 : 0;
      pat_net_announcer_set_players (run->announcer, connected);
    }
  /* Nobody can join once the match has started: the announcement goes. */
  if (message->type == PAT_NET_MSG_ROUND_START && run->announcer != NULL)
    pat_net_announcer_stop (run->announcer);
  print_message (message);
  if (message->type == PAT_NET_MSG_ROUND_END || message->type == PAT_NET_MSG_MATCH_END)
    print_table (run, message);
}

/* @text as a JSON string, quotes included: the texts come from this program but may quote what
 * a player sent. */
static void
append_json_string (GString    *out,
                    const char *text)
{
  g_string_append_c (out, '"');
  for (; *text != '\0'; text++)
    {
      if (*text == '"' || *text == '\\')
        g_string_append_printf (out, "\\%c", *text);
      else if ((guchar) *text < 0x20)
        g_string_append_printf (out, "\\u%04x", (guint) (guchar) *text);
      else
        g_string_append_c (out, *text);
    }
  g_string_append_c (out, '"');
}

static void
host_move_played_cb (PatNetHost *host,
                     guint       player,
                     guint       round,
                     const char *move,
                     Run        *run)
{
  g_autoptr(GString) line = g_string_new (NULL);

  g_string_append_printf (line, "{\"type\":\"move-played\",\"player\":%u,\"round\":%u,"
                          "\"move\":", player, round);
  append_json_string (line, move);
  g_string_append_c (line, '}');
  print_json_line (line->str);
}

static void
host_turned_away_cb (PatNetHost *host,
                     const char *address,
                     int         player,
                     const char *why,
                     Run        *run)
{
  g_autoptr(GString) line = g_string_new ("{\"type\":\"turned-away\",\"address\":");

  append_json_string (line, address != NULL ? address : "");
  g_string_append_printf (line, ",\"player\":%d,\"why\":", player);
  append_json_string (line, why);
  g_string_append_c (line, '}');
  print_json_line (line->str);
}

static void
host_rejoined_cb (PatNetHost *host,
                  guint       player,
                  Run        *run)
{
  g_autofree char *line = g_strdup_printf ("{\"type\":\"rejoined\",\"player\":%u}", player);

  print_json_line (line);
}

static gboolean
quit_cb (gpointer user_data)
{
  Run *run = user_data;

  g_main_loop_quit (run->loop);
  return G_SOURCE_REMOVE;
}

static void
host_finished_cb (PatNetHost *host,
                  Run        *run)
{
  /* A moment for the last messages and the closing handshakes to go out. */
  g_timeout_add (300, quit_cb, run);
}

static void
announced_cb (PatNetAnnouncer *announcer,
              const char      *service,
              Run             *run)
{
  g_autoptr(GString) line = g_string_new ("{\"type\":\"announced\",\"service\":");

  append_json_string (line, service);
  g_string_append_c (line, '}');
  print_json_line (line->str);
}

static void
announce_failed_cb (PatNetAnnouncer *announcer,
                    GError          *error,
                    Run             *run)
{
  fprintf (stderr, "warning: %s; players can still join by address and port\n", error->message);
}

static gboolean
parse_uint_option (const char  *option,
                   const char  *text,
                   guint64      min,
                   guint64      max,
                   guint64     *value,
                   GError     **error)
{
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, min, max, value, NULL))
    {
      g_autofree char *quoted = pat_cli_quote (text);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "%s takes a whole number from %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT
                   ", not '%s'", option, min, max, quoted);
      return FALSE;
    }
  return TRUE;
}

/* match-host: listens, waits for the players, runs the match and prints it as JSON lines. */
int
pat_cli_match_host (int    argc,
                    char **argv)
{
  g_autofree char *port_text = NULL, *bind = NULL, *name = NULL, *target_text = NULL;
  g_autofree char *teams_text = NULL, *die = NULL, *players_text = NULL, *code = NULL;
  g_autofree char *deal_text = NULL, *cert_dir = NULL, *host_name = NULL, *grace_text = NULL;
  g_autofree char *state = NULL, *time_limit_text = NULL;
  gboolean no_announce = FALSE;
  GOptionEntry entries[] = {
    { "port", 'p', 0, PAT_CLI_ARG_TEXT, &port_text, "The port (default 0: any free one)", "N" },
    { "bind", 0, 0, PAT_CLI_ARG_TEXT, &bind,
      "The IP address to listen on (default 127.0.0.1: this computer only)", "ADDRESS" },
    { "name", 0, 0, PAT_CLI_ARG_TEXT, &name, "The match's name (default Demon match)", "NAME" },
    { "target", 0, 0, PAT_CLI_ARG_TEXT, &target_text, "The target score (default 200)", "N" },
    { "teams", 0, 0, PAT_CLI_ARG_TEXT, &teams_text, "Teams: 0 (none, the default) or 2 to 4",
      "N" },
    { "die", 0, 0, PAT_CLI_ARG_TEXT, &die, "Die of Justice: off (default), game or pass",
      "MODE" },
    { "players", 0, 0, PAT_CLI_ARG_TEXT, &players_text,
      "The players to wait for before the first round (1 to 8, default 2)", "N" },
    { "code", 0, 0, PAT_CLI_ARG_TEXT, &code,
      "The match code players must give (default: a random one, printed)", "CODE" },
    { "deal", 'd', 0, PAT_CLI_ARG_TEXT, &deal_text,
      "The first round's deal; round R plays deal N + R - 1 (default: random)", "N" },
    { "cert-dir", 0, 0, PAT_CLI_ARG_TEXT, &cert_dir,
      "Where the host's certificate is kept (default: the user data folder)", "DIR" },
    { "no-announce", 0, 0, G_OPTION_ARG_NONE, &no_announce,
      "Do not announce the match on the network (DNS-SD); it is announced when --bind is not a "
      "loopback address", NULL },
    { "host-name", 0, 0, PAT_CLI_ARG_TEXT, &host_name,
      "The hosting player's name in the announcement (default: none)", "NAME" },
    { "grace", 0, 0, PAT_CLI_ARG_TEXT, &grace_text,
      "How long a player whose connection dropped is waited for, in seconds, before their "
      "round ends with the score it has (default 300)", "S" },
    { "time-limit", 0, 0, PAT_CLI_ARG_TEXT, &time_limit_text,
      "Each round's time limit in seconds, 0 to 86400: when it runs out, the round of every "
      "player still playing ends with the score it has (default 0: none)", "S" },
    { "state", 0, 0, PAT_CLI_ARG_TEXT, &state,
      "Save the match to FILE after every change; when FILE exists, resume the match saved "
      "there (its settings, code and players) instead of starting one", "FILE" },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(PatNetHost) host = NULL;
  g_autoptr(PatNetAnnouncer) announcer = NULL;
  g_autoptr(GInetAddress) listen_address = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autofree char *fingerprint = NULL;
  g_autofree char *line = NULL;
  PatNetHostSettings settings = { 0, };
  PatOptions options = { PAT_DIE_OFF };
  guint64 port = 0, target = 200, teams = 0, players = 2, grace = PAT_NET_GRACE_S;
  guint64 time_limit = 0;
  Run run = { 0, };

  if (!pat_cli_parse_options ("match-host", "host a Demon match over the network",
                              "Listens for players (patience-cli match-join, or the app) on a "
                              "WebSocket over TLS, replays every move with the engine and "
                              "prints every message sent to the players as a JSON line, with "
                              "the moves played and the connections turned away; a table on "
                              "stderr after each round. The first line gives the port, the "
                              "code and the certificate's fingerprint that players pin.",
                              entries, &argc, &argv, &error) ||
      !parse_uint_option ("--port", port_text, 0, 65535, &port, &error) ||
      !parse_uint_option ("--target", target_text, 1, PAT_NET_MAX_TARGET, &target, &error) ||
      !parse_uint_option ("--teams", teams_text, 0, PAT_NET_MAX_TEAMS, &teams, &error) ||
      !parse_uint_option ("--players", players_text, 1, PAT_NET_MAX_PLAYERS, &players, &error) ||
      !parse_uint_option ("--grace", grace_text, 1, 86400, &grace, &error) ||
      !parse_uint_option ("--time-limit", time_limit_text, 0, PAT_NET_MAX_TIME_LIMIT, &time_limit,
                          &error) ||
      !pat_cli_parse_die (pat_rules_match (), die, &options, &error))
    return pat_cli_fail ("%s", error->message);
  if (teams == 1)
    return pat_cli_fail ("--teams is 0 or 2 to %d: a team needs another", PAT_NET_MAX_TEAMS);
  if (code != NULL && !pat_net_code_valid (code))
    return pat_cli_fail ("--code takes %d to %d letters of %s", PAT_NET_MIN_CODE,
                         PAT_NET_MAX_CODE, PAT_NET_CODE_ALPHABET);
  if (deal_text != NULL)
    {
      if (!pat_deal_number_parse (deal_text, &settings.first_deal, &error))
        return pat_cli_fail ("%s", error->message);
    }
  else
    settings.first_deal = pat_deal_number_from_uint (g_random_int_range (1, G_MAXINT32));

  if (name != NULL && !pat_net_name_valid (name, &error))
    return pat_cli_fail ("--name: %s", error->message);
  if (host_name != NULL && !pat_net_name_valid (host_name, &error))
    return pat_cli_fail ("--host-name: %s", error->message);
  if (code == NULL)
    code = pat_net_code_new (6);
  if (cert_dir == NULL)
    cert_dir = pat_net_cert_default_dir ();
  settings.name = name != NULL ? name : "Demon match";
  settings.code = code;
  settings.target = (int) target;
  settings.n_teams = (guint) teams;
  settings.die_mode = options.die_mode;
  settings.n_players = (guint) players;
  settings.round_pause_ms = 100;
  settings.grace_s = (guint) grace;
  settings.round_time_limit_s = (guint) time_limit;

  certificate = pat_net_cert_load_or_create (cert_dir, &error);
  if (certificate == NULL)
    return pat_cli_fail ("%s", error->message);
  if (state != NULL && g_file_test (state, G_FILE_TEST_EXISTS))
    {
      host = pat_net_host_new_from_state (state, settings.round_pause_ms, settings.grace_s,
                                          certificate, &error);
      if (host == NULL)
        return pat_cli_fail ("%s", error->message);
      fprintf (stderr, "Resuming the match saved in %s at round %u; the players rejoin.\n",
               state, pat_net_host_get_round (host));
    }
  else
    {
      host = pat_net_host_new (&settings, certificate, &error);
      if (host == NULL)
        return pat_cli_fail ("%s", error->message);
      if (state != NULL)
        pat_net_host_set_state_file (host, state);
    }
  if (!pat_net_host_listen (host, bind != NULL ? bind : "127.0.0.1", (guint) port, &error))
    return pat_cli_fail ("cannot listen: %s", error->message);

  loop = g_main_loop_new (NULL, FALSE);
  run.loop = loop;
  g_signal_connect (host, "sent", G_CALLBACK (host_sent_cb), &run);
  g_signal_connect (host, "move-played", G_CALLBACK (host_move_played_cb), &run);
  g_signal_connect (host, "turned-away", G_CALLBACK (host_turned_away_cb), &run);
  g_signal_connect (host, "finished", G_CALLBACK (host_finished_cb), &run);
  g_signal_connect (host, "rejoined", G_CALLBACK (host_rejoined_cb), &run);

  fingerprint = pat_net_cert_fingerprint (certificate);
  line = g_strdup_printf ("{\"type\":\"listening\",\"address\":\"%s\",\"port\":%u,"
                          "\"code\":\"%s\",\"fingerprint\":\"%s\"}",
                          bind != NULL ? bind : "127.0.0.1", pat_net_host_get_port (host),
                          pat_net_host_get_code (host), fingerprint);
  print_json_line (line);

  /* Announced where players could reach it: not on a loopback address. */
  listen_address = g_inet_address_new_from_string (bind != NULL ? bind : "127.0.0.1");
  if (!no_announce && listen_address != NULL && !g_inet_address_get_is_loopback (listen_address))
    {
      PatNetMatchInfo info = { .version = PAT_NET_PROTOCOL_VERSION, };

      g_strlcpy (info.name, settings.name, sizeof info.name);
      if (host_name != NULL)
        g_strlcpy (info.host_name, host_name, sizeof info.host_name);
      info.max_players = settings.n_players;
      info.teams = settings.n_teams;
      info.target = settings.target;
      announcer = pat_net_announcer_new (&info, bind, pat_net_host_get_port (host));
      g_signal_connect (announcer, "published", G_CALLBACK (announced_cb), &run);
      g_signal_connect (announcer, "failed", G_CALLBACK (announce_failed_cb), &run);
      if (pat_net_announcer_start (announcer, &error))
        run.announcer = announcer;
      else
        {
          fprintf (stderr, "warning: %s; players can still join by address and port\n",
                   error->message);
          g_clear_error (&error);
        }
    }

  g_main_loop_run (loop);
  g_signal_handlers_disconnect_by_data (host, &run);
  if (announcer != NULL)
    g_signal_handlers_disconnect_by_data (announcer, &run);
  return EXIT_SUCCESS;
}

static void
join_message_cb (PatNetClient  *client,
                 PatNetMessage *message,
                 PatNetBot     *bot)
{
  Run *run = g_object_get_data (G_OBJECT (bot), "run");
  gint64 t = g_get_monotonic_time ();

  if (message->type == PAT_NET_MSG_ROUND_START)
    run->started = TRUE;
  if (message->type == PAT_NET_MSG_LOBBY)
    remember_names (run, message);
  if (run->trace)
    print_message_at (message, t);
  else
    print_message (message);
  if (message->type == PAT_NET_MSG_ROUND_END)
    {
      g_autofree char *line = NULL;

      /* The bot's own reckoning beside the host's, for whoever checks one against the other. */
      line = g_strdup_printf ("{\"type\":\"own-score\",\"round\":%u,\"score\":%d,\"moves\":%u}",
                              message->round, pat_net_bot_get_score (bot),
                              pat_net_bot_get_moves (bot));
      print_json_line (line);
    }
  if (message->type == PAT_NET_MSG_ROUND_END || message->type == PAT_NET_MSG_MATCH_END)
    print_table (run, message);
}

/* Every message the bot sends: with --trace, a line for each move. */
static void
join_sent_cb (PatNetClient  *client,
              PatNetMessage *message,
              PatNetBot     *bot)
{
  Run *run = g_object_get_data (G_OBJECT (bot), "run");

  if (message->type != PAT_NET_MSG_MOVE)
    return;
  if (run->trace)
    {
      g_autofree char *line = NULL;

      line = g_strdup_printf ("{\"type\":\"sent-move\",\"round\":%u,\"seq\":%u,"
                              "\"t\":%" G_GINT64_FORMAT "}", message->round, message->seq,
                              g_get_monotonic_time ());
      print_json_line (line);
    }
}

static void
join_finished_cb (PatNetBot *bot,
                  GError    *error,
                  Run       *run)
{
  if (error != NULL)
    {
      pat_cli_fail ("%s", error->message);
      run->status = EXIT_MATCH_FAILED;
    }
  g_main_loop_quit (run->loop);
}

static void
join_reconnecting_cb (PatNetBot  *bot,
                      guint       attempt,
                      guint       delay_ms,
                      const char *why,
                      Run        *run)
{
  g_autoptr(GString) line = g_string_new (NULL);

  fprintf (stderr, "Connection lost (%s); trying again in %.1f s (attempt %u).\n", why,
           delay_ms / 1000.0, attempt);
  g_string_append_printf (line, "{\"type\":\"reconnecting\",\"attempt\":%u,\"delay_ms\":%u,"
                          "\"why\":", attempt, delay_ms);
  append_json_string (line, why);
  g_string_append_c (line, '}');
  print_json_line (line->str);
}

static void
join_rejoined_cb (PatNetBot *bot,
                  guint      resent,
                  Run       *run)
{
  g_autofree char *line = g_strdup_printf ("{\"type\":\"rejoined\",\"resent\":%u}", resent);

  fprintf (stderr, "Back in the match; %u moves sent again.\n", resent);
  print_json_line (line);
}

/* Starts playing at @address:@port. */
static void
join_start (Run        *run,
            const char *address,
            guint       port)
{
  run->client = pat_net_client_new (address, port, run->fingerprint);
  run->bot = pat_net_bot_new (run->client, run->name, run->team, run->code, run->seed);
  pat_net_bot_set_move_interval (run->bot, run->move_interval_ms);
  g_object_set_data (G_OBJECT (run->bot), "run", run);
  g_signal_connect (run->client, "message", G_CALLBACK (join_message_cb), run->bot);
  g_signal_connect (run->client, "sent", G_CALLBACK (join_sent_cb), run->bot);
  g_signal_connect (run->bot, "finished", G_CALLBACK (join_finished_cb), run);
  g_signal_connect (run->bot, "reconnecting", G_CALLBACK (join_reconnecting_cb), run);
  g_signal_connect (run->bot, "rejoined", G_CALLBACK (join_rejoined_cb), run);
  pat_net_bot_set_rejoin_window (run->bot, run->rejoin_for);
}

static gboolean
discover_timeout_cb (gpointer user_data)
{
  Run *run = user_data;

  run->timeout_id = 0;
  if (run->match != NULL)
    pat_cli_fail ("no match named '%s' was found on the network", run->match);
  else
    pat_cli_fail ("no match was found on the network");
  run->status = EXIT_MATCH_FAILED;
  g_main_loop_quit (run->loop);
  return G_SOURCE_REMOVE;
}

static void
discovered_cb (GListModel *model,
               guint       position,
               guint       removed,
               guint       added,
               Run        *run)
{
  guint i;

  if (run->client != NULL)
    return;
  for (i = position; i < position + added; i++)
    {
      g_autoptr(PatNetFoundMatch) found = g_list_model_get_item (model, i);
      const PatNetMatchInfo *info = pat_net_found_match_get_info (found);
      g_autofree char *json = NULL;

      if (info->version != PAT_NET_PROTOCOL_VERSION || info->players >= info->max_players ||
          (run->match != NULL && strcmp (info->name, run->match) != 0))
        continue;
      json = pat_net_found_match_to_json (found);
      /* The line says which announcement was taken: {"type":"match",…}. */
      print_json_line (json);
      g_clear_handle_id (&run->timeout_id, g_source_remove);
      join_start (run, pat_net_found_match_get_address (found),
                  pat_net_found_match_get_port (found));
      return;
    }
}

/* match-join: joins a match as a player moved by the greedy player. */
int
pat_cli_match_join (int    argc,
                    char **argv)
{
  g_autofree char *where = NULL, *code = NULL, *name = NULL, *team_text = NULL;
  g_autofree char *fingerprint = NULL, *seed_text = NULL;
  g_autofree char *match = NULL, *timeout_text = NULL, *rejoin_text = NULL;
  g_autofree char *interval_text = NULL;
  gboolean discover = FALSE, trace = FALSE;
  GOptionEntry entries[] = {
    { "address", 'a', 0, PAT_CLI_ARG_TEXT, &where,
      "The host's ADDRESS:PORT (required without --discover)", "ADDRESS:PORT" },
    { "discover", 0, 0, G_OPTION_ARG_NONE, &discover,
      "Find the host on the local network (DNS-SD over mDNS, through avahi-daemon)", NULL },
    { "match", 0, 0, PAT_CLI_ARG_TEXT, &match,
      "With --discover, the match's name (default: the first match found)", "NAME" },
    { "timeout", 0, 0, PAT_CLI_ARG_TEXT, &timeout_text,
      "With --discover, how long to look for the match in seconds (default 30)", "S" },
    { "code", 0, 0, PAT_CLI_ARG_TEXT, &code, "The match code (required)", "CODE" },
    { "name", 0, 0, PAT_CLI_ARG_TEXT, &name, "The player's name (required)", "NAME" },
    { "team", 0, 0, PAT_CLI_ARG_TEXT, &team_text, "The player's team, 1 to 4, where the match "
      "has teams", "N" },
    { "fingerprint", 0, 0, PAT_CLI_ARG_TEXT, &fingerprint,
      "The SHA-256 fingerprint of the host's certificate, as match-host prints it (required)",
      "HEX" },
    { "seed", 0, 0, PAT_CLI_ARG_TEXT, &seed_text, "Play one move in eight at random, from this "
      "seed (default 0: every move the greedy one)", "N" },
    { "rejoin-for", 0, 0, PAT_CLI_ARG_TEXT, &rejoin_text, "When the connection drops, how long to "
      "keep trying to rejoin in seconds (default 300; 0: never)", "S" },
    { "move-interval", 0, 0, PAT_CLI_ARG_TEXT, &interval_text, "Pause this long after each "
      "move, in milliseconds, as a person would (default 0: play as fast as possible)", "MS" },
    { "trace", 0, 0, G_OPTION_ARG_NONE, &trace, "Time the messages: add \"t\", the monotonic "
      "clock in microseconds, to every message's line, and print a line for every move sent "
      "({\"type\":\"sent-move\",\"round\":R,\"seq\":N,\"t\":T})", NULL },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(PatNetBrowser) browser = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  g_autofree char *address = NULL;
  g_autofree char *upper = NULL;
  guint64 team = 0, seed = 0, timeout = 30, rejoin_for = PAT_NET_GRACE_S, interval = 0;
  guint port = 0;
  Run run = { 0, };

  if (!pat_cli_parse_options ("match-join", "join a Demon match as a greedy player",
                              "Connects to a host (patience-cli match-host, or the app), "
                              "checks that its certificate is the pinned one, and plays every "
                              "round with the greedy player; --discover finds the host by its "
                              "DNS-SD announcement instead of --address, and prints it first "
                              "({\"type\":\"match\"}). Prints every message from the host "
                              "as a JSON line, and after each round the player's own score "
                              "({\"type\":\"own-score\"}); a table on stderr. When the "
                              "connection drops it connects again and rejoins its seat "
                              "({\"type\":\"reconnecting\"}, {\"type\":\"rejoined\"}), "
                              "sending again the moves the host did not get. Exits 0 when the "
                              "match ended, 1 when it was refused or cut off for good.",
                              entries, &argc, &argv, &error) ||
      !parse_uint_option ("--team", team_text, 1, PAT_NET_MAX_TEAMS, &team, &error) ||
      !parse_uint_option ("--seed", seed_text, 0, G_MAXUINT64, &seed, &error) ||
      !parse_uint_option ("--timeout", timeout_text, 1, 3600, &timeout, &error) ||
      !parse_uint_option ("--rejoin-for", rejoin_text, 0, 86400, &rejoin_for, &error) ||
      !parse_uint_option ("--move-interval", interval_text, 0, 60000, &interval, &error))
    return pat_cli_fail ("%s", error->message);
  if ((where == NULL) == !discover)
    return pat_cli_fail ("one of --address and --discover is required, not both");
  if (code == NULL || name == NULL || fingerprint == NULL)
    return pat_cli_fail ("--code, --name and --fingerprint are required");
  if ((match != NULL || timeout_text != NULL) && !discover)
    return pat_cli_fail ("--match and --timeout go with --discover");
  if (where != NULL && !pat_net_parse_address (where, &address, &port, &error))
    return pat_cli_fail ("--address: %s", error->message);
  if (match != NULL && !pat_net_name_valid (match, &error))
    return pat_cli_fail ("--match: %s", error->message);
  /* As a player reads it aloud: "smx-bld" is SMXBLD. */
  upper = pat_net_code_from_text (code);
  if (!pat_net_code_valid (upper))
    return pat_cli_fail ("--code takes %d to %d letters of %s", PAT_NET_MIN_CODE,
                         PAT_NET_MAX_CODE, PAT_NET_CODE_ALPHABET);
  if (!pat_net_name_valid (name, &error))
    return pat_cli_fail ("--name: %s", error->message);
  {
    g_autofree char *lower = g_ascii_strdown (fingerprint, -1);

    if (!pat_net_fingerprint_valid (lower))
      return pat_cli_fail ("--fingerprint takes %d hexadecimal digits",
                           PAT_NET_FINGERPRINT_LENGTH);
  }

  loop = g_main_loop_new (NULL, FALSE);
  run.loop = loop;
  run.fingerprint = fingerprint;
  run.code = upper;
  run.name = name;
  run.team = (int) team - 1;
  run.seed = seed;
  run.rejoin_for = (guint) rejoin_for;
  run.trace = trace;
  run.move_interval_ms = (guint) interval;
  run.match = match;
  if (discover)
    {
      browser = pat_net_browser_new ();
      g_signal_connect (browser, "items-changed", G_CALLBACK (discovered_cb), &run);
      if (!pat_net_browser_start (browser, &error))
        {
          pat_cli_fail ("%s", error->message);
          return EXIT_MATCH_FAILED;
        }
      run.timeout_id = g_timeout_add_seconds ((guint) timeout, discover_timeout_cb, &run);
    }
  else
    join_start (&run, address, port);
  g_main_loop_run (loop);
  g_clear_handle_id (&run.timeout_id, g_source_remove);
  if (browser != NULL)
    g_signal_handlers_disconnect_by_data (browser, &run);
  if (run.client != NULL)
    {
      g_signal_handlers_disconnect_by_data (run.client, run.bot);
      g_signal_handlers_disconnect_by_data (run.bot, &run);
    }
  g_clear_object (&run.bot);
  g_clear_object (&run.client);
  return run.status;
}

static gboolean
list_timeout_cb (gpointer user_data)
{
  Run *run = user_data;

  run->timeout_id = 0;
  g_main_loop_quit (run->loop);
  return G_SOURCE_REMOVE;
}

static void
list_changed_cb (GListModel *model,
                 guint       position,
                 guint       removed,
                 guint       added,
                 Run        *run)
{
  guint i;

  for (i = position; i < position + removed; i++)
    {
      PatNetFoundMatch *gone = run->listed->pdata[i];
      g_autoptr(GString) line = g_string_new ("{\"type\":\"gone\",\"service\":");

      append_json_string (line, pat_net_found_match_get_service (gone));
      g_string_append (line, ",\"address\":");
      append_json_string (line, pat_net_found_match_get_address (gone));
      g_string_append_printf (line, ",\"port\":%u}", pat_net_found_match_get_port (gone));
      print_json_line (line->str);
    }
  g_ptr_array_remove_range (run->listed, position, removed);
  for (i = position; i < position + added; i++)
    {
      PatNetFoundMatch *found = g_list_model_get_item (model, i);
      g_autofree char *json = pat_net_found_match_to_json (found);

      print_json_line (json);
      g_ptr_array_insert (run->listed, (gint) i, found);
    }
}

static void
list_failed_cb (PatNetBrowser *browser,
                GError        *error,
                Run           *run)
{
  pat_cli_fail ("%s", error->message);
  run->status = EXIT_MATCH_FAILED;
  g_main_loop_quit (run->loop);
}

/* match-list: the matches announced on the local network, as JSON lines. */
int
pat_cli_match_list (int    argc,
                    char **argv)
{
  g_autofree char *timeout_text = NULL;
  GOptionEntry entries[] = {
    { "timeout", 0, 0, PAT_CLI_ARG_TEXT, &timeout_text,
      "How long to look in seconds (default 5)", "S" },
    { NULL }
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) listed = NULL;
  g_autoptr(PatNetBrowser) browser = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  guint64 timeout = 5;
  Run run = { 0, };

  if (!pat_cli_parse_options ("match-list", "list the matches announced on the network",
                              "Browses for Demon matches announced with DNS-SD over mDNS "
                              "(through avahi-daemon) and prints each one found and resolved, "
                              "with a valid announcement, as a JSON line "
                              "({\"type\":\"match\",\"address\":…,\"port\":…,\"name\":…}) "
                              "for the time given, and {\"type\":\"gone\"} when one is "
                              "withdrawn. An announcement changed (more players) is printed "
                              "again. Exits 1 when discovery is unavailable.",
                              entries, &argc, &argv, &error) ||
      !parse_uint_option ("--timeout", timeout_text, 1, 3600, &timeout, &error))
    return pat_cli_fail ("%s", error->message);

  loop = g_main_loop_new (NULL, FALSE);
  run.loop = loop;
  listed = g_ptr_array_new_with_free_func (g_object_unref);
  run.listed = listed;
  browser = pat_net_browser_new ();
  g_signal_connect (browser, "items-changed", G_CALLBACK (list_changed_cb), &run);
  g_signal_connect (browser, "failed", G_CALLBACK (list_failed_cb), &run);
  if (!pat_net_browser_start (browser, &error))
    {
      pat_cli_fail ("%s", error->message);
      return EXIT_MATCH_FAILED;
    }
  run.timeout_id = g_timeout_add_seconds ((guint) timeout, list_timeout_cb, &run);
  g_main_loop_run (loop);
  g_clear_handle_id (&run.timeout_id, g_source_remove);
  g_signal_handlers_disconnect_by_data (browser, &run);
  return run.status;
}
