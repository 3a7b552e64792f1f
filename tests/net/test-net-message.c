/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the network match's messages: every type written and read back, and the reader's
 * refusals of malformed, unknown, oversize and wrong-version input. */

#include "config.h"

#include <string.h>

#include "pat-net-message.h"

static PatNetMessage *
sample (PatNetMessageType type)
{
  PatNetMessage *m = pat_net_message_new (type);
  guint i;

  switch (type)
    {
    case PAT_NET_MSG_HELLO:
      g_strlcpy (m->app_version, "0.1.0", sizeof m->app_version);
      g_strlcpy (m->code, "AB3DEF", sizeof m->code);
      g_strlcpy (m->name, "Zoë the Ü", sizeof m->name);
      m->team = 2;
      break;
    case PAT_NET_MSG_WELCOME:
      m->player = 7;
      g_strlcpy (m->name, "Friday game", sizeof m->name);
      m->target = 500;
      m->n_teams = 4;
      m->die_mode = PAT_DIE_PER_PASS;
      g_strlcpy (m->token, "0123456789abcdef0123456789abcdef", sizeof m->token);
      break;
    case PAT_NET_MSG_REFUSED:
      m->refusal = PAT_NET_REFUSAL_LOCKED_OUT;
      g_strlcpy (m->text, "too many wrong codes", sizeof m->text);
      break;
    case PAT_NET_MSG_LOBBY:
    case PAT_NET_MSG_ROUND_END:
    case PAT_NET_MSG_MATCH_END:
      m->n_teams = 2;
      m->n_players = PAT_NET_MAX_PLAYERS;
      for (i = 0; i < PAT_NET_MAX_PLAYERS; i++)
        {
          m->players[i].id = PAT_NET_MAX_PLAYERS - 1 - i;
          if (type != PAT_NET_MSG_ROUND_END)
            {
              g_snprintf (m->players[i].name, sizeof m->players[i].name, "Player %u", i);
              m->players[i].team = (int) (i % 2);
            }
          else
            m->players[i].team = -1;
          m->players[i].connected = type == PAT_NET_MSG_LOBBY && i != 3 && i != 5;
          m->players[i].gone = type == PAT_NET_MSG_LOBBY && i == 5;
          m->players[i].score = type == PAT_NET_MSG_ROUND_END ? (int) i * 40 - 13 : 0;
          m->players[i].total = type != PAT_NET_MSG_LOBBY ? (int) i * 100 - 50 : 0;
        }
      if (type != PAT_NET_MSG_LOBBY)
        {
          m->team_totals[0] = 1200;
          m->team_totals[1] = -30;
        }
      m->round = type == PAT_NET_MSG_ROUND_END ? PAT_NET_MAX_ROUNDS : 0;
      m->winner = type == PAT_NET_MSG_MATCH_END ? 1 : -1;
      break;
    case PAT_NET_MSG_ROUND_START:
      m->round = 3;
      g_assert_true (pat_deal_number_parse ("99999999999999999999", &m->deal, NULL));
      m->die_mode = PAT_DIE_PER_GAME;
      m->time_limit = PAT_NET_MAX_TIME_LIMIT;
      break;
    case PAT_NET_MSG_MOVE:
      m->round = 1;
      m->seq = 41;
      g_strlcpy (m->move, "t2:3>t4", sizeof m->move);
      break;
    case PAT_NET_MSG_END_ROUND:
      m->round = 9;
      break;
    case PAT_NET_MSG_MOVE_REFUSED:
      m->round = 2;
      m->seq = 0;
      g_strlcpy (m->text, "t1>f: a Seven does not go on a Jack", sizeof m->text);
      break;
    case PAT_NET_MSG_PLAYER_STATE:
      m->player = 3;
      m->round = 4;
      m->foundation = 52;
      m->score = PAT_NET_MAX_SCORE;
      m->total = -12;
      m->n_moves = PAT_NET_MAX_MOVES_PER_ROUND;
      m->ended = TRUE;
      break;
    case PAT_NET_MSG_BYE:
      break;
    case PAT_NET_MSG_ERROR:
      g_strlcpy (m->text, "bad message: \"quoted\" and a backslash \\", sizeof m->text);
      break;
    case PAT_NET_MSG_REJOIN:
      g_strlcpy (m->app_version, "0.1.0", sizeof m->app_version);
      m->player = 6;
      g_strlcpy (m->token, "fedcba9876543210fedcba9876543210", sizeof m->token);
      break;
    case PAT_NET_N_MESSAGE_TYPES:
    default:
      g_assert_not_reached ();
    }
  return m;
}

/* Every type, written and read back, is the same message: same fields, same text again. */
static void
test_round_trip (void)
{
  guint type;

  for (type = 0; type < PAT_NET_N_MESSAGE_TYPES; type++)
    {
      g_autoptr(PatNetMessage) m = sample (type);
      g_autoptr(PatNetMessage) back = NULL;
      g_autoptr(GBytes) bytes = pat_net_message_write (m);
      g_autoptr(GError) error = NULL;
      g_autofree char *text = pat_net_message_to_string (m);
      g_autofree char *again = NULL;

      g_test_message ("%s", text);
      back = pat_net_message_read_bytes (bytes, &error);
      g_assert_no_error (error);
      g_assert_nonnull (back);
      g_assert_cmpint (back->type, ==, type);
      g_assert_cmpuint (back->version, ==, PAT_NET_PROTOCOL_VERSION);
      again = pat_net_message_to_string (back);
      g_assert_cmpstr (again, ==, text);
      g_assert_true (memcmp (m, back, sizeof *m) == 0);
    }
}

typedef struct {
  const char *input;
  int         code;
  const char *says;   /* a part of the error message */
} Bad;

static const Bad bad_inputs[] = {
  /* Not a message at all. */
  { "", PAT_NET_ERROR_MALFORMED, "empty" },
  { "hello", PAT_NET_ERROR_MALFORMED, "not JSON" },
  { "{\"v\":2,\"type\":\"bye\",\"message\":\"\"", PAT_NET_ERROR_MALFORMED, "not JSON" },
  { "[1,2]", PAT_NET_ERROR_MALFORMED, "not a JSON object" },
  /* Found by fuzz-net-message: json-glib's error quoted an octal escape as a byte of 0xb9. */
  { "{\"0[n\\\\\\\\\\\\\\\\\\\\\\\\\\\\\\271226\",\"a@me\"}", PAT_NET_ERROR_MALFORMED, "not JSON" },
  { "\"bye\"", PAT_NET_ERROR_MALFORMED, "not a JSON object" },
  { "{\"v\":2,\"type\":\"bye\",\"message\":\"\xff\"}", PAT_NET_ERROR_MALFORMED, "not UTF-8" },
  { "{\"a\":[[[[1]]]]}", PAT_NET_ERROR_MALFORMED, "deeper than 3" },
  { "{\"a\":\"[[[[[[[[\",\"v\":2,\"type\":\"bye\",\"message\":\"{{{{\"}",
    PAT_NET_ERROR_BAD_FIELD, "unknown field \"a\"" },
  /* Versions. */
  { "{\"type\":\"bye\",\"message\":\"\"}", PAT_NET_ERROR_BAD_FIELD, "\"v\" is missing" },
  { "{\"v\":\"1\",\"type\":\"bye\",\"message\":\"\"}", PAT_NET_ERROR_BAD_FIELD,
    "\"v\" is not an integer" },
  { "{\"v\":1,\"type\":\"hello\",\"app\":\"9\",\"code\":\"ABCD\",\"name\":\"A\",\"team\":-1}",
    PAT_NET_ERROR_VERSION, "protocol version 1" },
  { "{\"v\":0,\"type\":\"bye\",\"message\":\"\"}", PAT_NET_ERROR_VERSION, "version 0" },
  { "{\"v\":1.0,\"type\":\"bye\",\"message\":\"\"}", PAT_NET_ERROR_BAD_FIELD, "integer" },
  /* Rejoining: the token is exactly 32 lowercase hexadecimal digits. */
  { "{\"v\":2,\"type\":\"rejoin\",\"app\":\"1\",\"player\":0,"
    "\"token\":\"0123456789ABCDEF0123456789abcdef\"}", PAT_NET_ERROR_BAD_FIELD, "hexadecimal" },
  { "{\"v\":2,\"type\":\"rejoin\",\"app\":\"1\",\"player\":0,"
    "\"token\":\"0123456789abcdef0123456789abcde\"}", PAT_NET_ERROR_BAD_FIELD, "characters" },
  { "{\"v\":2,\"type\":\"rejoin\",\"app\":\"1\",\"player\":8,"
    "\"token\":\"0123456789abcdef0123456789abcdef\"}", PAT_NET_ERROR_BAD_FIELD, "range" },
  { "{\"v\":2,\"type\":\"rejoin\",\"app\":\"1\",\"player\":0}", PAT_NET_ERROR_BAD_FIELD,
    "\"token\" is missing" },
  /* Types. */
  { "{\"v\":2,\"type\":\"shout\"}", PAT_NET_ERROR_UNKNOWN_TYPE, "does not know" },
  { "{\"v\":2,\"type\":7}", PAT_NET_ERROR_BAD_FIELD, "\"type\" is not a string" },
  { "{\"v\":2}", PAT_NET_ERROR_BAD_FIELD, "\"type\" is missing" },
  /* Fields. */
  { "{\"v\":2,\"type\":\"bye\"}", PAT_NET_ERROR_BAD_FIELD, "\"message\" is missing" },
  { "{\"v\":2,\"type\":\"bye\",\"message\":\"\",\"extra\":1}", PAT_NET_ERROR_BAD_FIELD,
    "unknown field \"extra\"" },
  { "{\"v\":2,\"type\":\"end-round\",\"round\":0}", PAT_NET_ERROR_BAD_FIELD, "out of its range" },
  { "{\"v\":2,\"type\":\"end-round\",\"round\":10001}", PAT_NET_ERROR_BAD_FIELD, "range" },
  { "{\"v\":2,\"type\":\"end-round\",\"round\":99999999999999999999}", PAT_NET_ERROR_BAD_FIELD,
    "" },
  { "{\"v\":2,\"type\":\"end-round\",\"round\":2.5}", PAT_NET_ERROR_BAD_FIELD, "integer" },
  { "{\"v\":2,\"type\":\"end-round\",\"round\":null}", PAT_NET_ERROR_BAD_FIELD, "integer" },
  { "{\"v\":2,\"type\":\"end-round\",\"round\":[1]}", PAT_NET_ERROR_BAD_FIELD, "integer" },
  { "{\"v\":2,\"type\":\"hello\",\"app\":\"0.1\",\"code\":\"ABCD\",\"name\":\"\",\"team\":-1}",
    PAT_NET_ERROR_BAD_FIELD, "\"name\" has 0 characters" },
  { "{\"v\":2,\"type\":\"hello\",\"app\":\"0.1\",\"code\":\"ABCD\","
    "\"name\":\"123456789012345678901234567890123\",\"team\":-1}",
    PAT_NET_ERROR_BAD_FIELD, "33 characters" },
  { "{\"v\":2,\"type\":\"hello\",\"app\":\"0.1\",\"code\":\"ABCD\",\"name\":\"a\\u0007\","
    "\"team\":-1}", PAT_NET_ERROR_BAD_FIELD, "U+0007" },
  { "{\"v\":2,\"type\":\"hello\",\"app\":\"0.1\",\"code\":\"ABCD\",\"name\":\"a\\u202eb\","
    "\"team\":-1}", PAT_NET_ERROR_BAD_FIELD, "U+202E" },
  { "{\"v\":2,\"type\":\"hello\",\"app\":\"0.1\",\"code\":\"ABCD\",\"name\":\" a\",\"team\":-1}",
    PAT_NET_ERROR_BAD_FIELD, "space" },
  { "{\"v\":2,\"type\":\"hello\",\"app\":\"0.1\",\"code\":\"ABCD\",\"name\":\"a\\u0000b\","
    "\"team\":-1}", PAT_NET_ERROR_MALFORMED, "NUL character" },
  { "{\"v\":2,\"type\":\"bye\",\"message\":\"a\\\\u0000b\"}", -1, NULL },
  { "{\"v\":2,\"type\":\"bye\",\"message\":\"a\\ud800b\"}", PAT_NET_ERROR_BAD_FIELD, "" },
  { "{\"v\":2,\"type\":\"error\",\"message\":\"\\u001b[2J\"}", PAT_NET_ERROR_BAD_FIELD,
    "cannot be shown" },
  { "{\"v\":2,\"type\":\"bye\",\"message\":\"\",\"\\u001b\\u202e\":1}", PAT_NET_ERROR_BAD_FIELD,
    "unknown field \"??\"" },
  { "{\"v\":2,\"type\":\"hello\",\"app\":\"0.1\",\"code\":\"ABCD\",\"name\":\"a\",\"team\":4}",
    PAT_NET_ERROR_BAD_FIELD, "\"team\" is 4" },
  { "{\"v\":2,\"type\":\"hello\",\"app\":\"0 1\",\"code\":\"ABCD\",\"name\":\"a\",\"team\":0}",
    PAT_NET_ERROR_BAD_FIELD, "printable ASCII" },
  { "{\"v\":2,\"type\":\"hello\",\"app\":\"0.1\",\"code\":\"ABCDEFGHJKLMN\",\"name\":\"a\","
    "\"team\":0}", PAT_NET_ERROR_BAD_FIELD, "\"code\" has 13 characters" },
  { "{\"v\":2,\"type\":\"move\",\"round\":1,\"seq\":0,\"move\":\"t1> f\"}",
    PAT_NET_ERROR_BAD_FIELD, "printable ASCII" },
  { "{\"v\":2,\"type\":\"move\",\"round\":1,\"seq\":5001,\"move\":\"s\"}",
    PAT_NET_ERROR_BAD_FIELD, "\"seq\"" },
  { "{\"v\":2,\"type\":\"round-start\",\"round\":1,\"game\":\"demon\",\"deal\":\"0\","
    "\"die\":\"off\"}", PAT_NET_ERROR_BAD_FIELD, "not a deal number" },
  { "{\"v\":2,\"type\":\"round-start\",\"round\":1,\"game\":\"demon\",\"deal\":\"1e5\","
    "\"die\":\"off\"}", PAT_NET_ERROR_BAD_FIELD, "not a deal number" },
  { "{\"v\":2,\"type\":\"round-start\",\"round\":1,\"game\":\"demon\",\"deal\":\"5\","
    "\"die\":\"dice\"}", PAT_NET_ERROR_BAD_FIELD, "\"die\" has a value" },
  { "{\"v\":2,\"type\":\"round-start\",\"round\":1,\"game\":\"other\",\"deal\":\"5\","
    "\"die\":\"off\"}", PAT_NET_ERROR_BAD_FIELD, "not the game matches play" },
  { "{\"v\":2,\"type\":\"round-start\",\"round\":1,\"game\":\"demon\",\"deal\":\"5\","
    "\"die\":\"off\",\"time_limit\":86401}", PAT_NET_ERROR_BAD_FIELD, "\"time_limit\" is 86401" },
  { "{\"v\":2,\"type\":\"round-start\",\"round\":1,\"game\":\"demon\",\"deal\":\"5\","
    "\"die\":\"off\",\"time_limit\":-1}", PAT_NET_ERROR_BAD_FIELD, "out of its range" },
  { "{\"v\":2,\"type\":\"round-start\",\"round\":1,\"game\":\"demon\",\"deal\":\"5\","
    "\"die\":\"off\",\"time_limit\":\"60\"}", PAT_NET_ERROR_BAD_FIELD, "integer" },
  { "{\"v\":2,\"type\":\"player-state\",\"player\":8,\"round\":1,\"foundation\":1,\"score\":1,"
    "\"total\":1,\"moves\":1,\"ended\":false}", PAT_NET_ERROR_BAD_FIELD, "\"player\" is 8" },
  { "{\"v\":2,\"type\":\"player-state\",\"player\":1,\"round\":1,\"foundation\":53,\"score\":1,"
    "\"total\":1,\"moves\":1,\"ended\":false}", PAT_NET_ERROR_BAD_FIELD, "\"foundation\"" },
  { "{\"v\":2,\"type\":\"player-state\",\"player\":1,\"round\":1,\"foundation\":1,\"score\":353,"
    "\"total\":1,\"moves\":1,\"ended\":false}", PAT_NET_ERROR_BAD_FIELD, "\"score\"" },
  { "{\"v\":2,\"type\":\"player-state\",\"player\":1,\"round\":1,\"foundation\":1,\"score\":1,"
    "\"total\":1,\"moves\":1,\"ended\":0}", PAT_NET_ERROR_BAD_FIELD, "true or false" },
  { "{\"v\":2,\"type\":\"welcome\",\"player\":0,\"match\":\"m\",\"target\":10,\"teams\":1,"
    "\"die\":\"off\"}", PAT_NET_ERROR_BAD_FIELD, "a team needs another" },
  { "{\"v\":2,\"type\":\"welcome\",\"player\":0,\"match\":\"m\",\"target\":0,\"teams\":0,"
    "\"die\":\"off\"}", PAT_NET_ERROR_BAD_FIELD, "\"target\"" },
  { "{\"v\":2,\"type\":\"refused\",\"reason\":\"bored\",\"message\":\"\"}",
    PAT_NET_ERROR_BAD_FIELD, "\"reason\"" },
  /* Tables. */
  { "{\"v\":2,\"type\":\"lobby\",\"teams\":0,\"players\":{}}", PAT_NET_ERROR_BAD_FIELD,
    "not an array" },
  { "{\"v\":2,\"type\":\"lobby\",\"teams\":0,\"players\":[1]}", PAT_NET_ERROR_BAD_FIELD,
    "other than objects" },
  { "{\"v\":2,\"type\":\"lobby\",\"teams\":0,\"players\":["
    "{\"id\":0,\"name\":\"a\",\"team\":-1,\"connected\":true,\"gone\":false},"
    "{\"id\":0,\"name\":\"b\",\"team\":-1,\"connected\":true,\"gone\":false}]}",
    PAT_NET_ERROR_BAD_FIELD,
    "one player twice" },
  { "{\"v\":2,\"type\":\"lobby\",\"teams\":0,\"players\":["
    "{\"id\":0,\"name\":\"a\",\"team\":1,\"connected\":true,\"gone\":false}]}",
    PAT_NET_ERROR_BAD_FIELD,
    "without teams" },
  { "{\"v\":2,\"type\":\"lobby\",\"teams\":2,\"players\":["
    "{\"id\":0,\"name\":\"a\",\"team\":2,\"connected\":true,\"gone\":false}]}",
    PAT_NET_ERROR_BAD_FIELD,
    "not one of the match's teams" },
  { "{\"v\":2,\"type\":\"lobby\",\"teams\":0,\"players\":["
    "{\"id\":0,\"name\":\"a\",\"team\":-1,\"connected\":true,\"gone\":false,\"score\":3}]}",
    PAT_NET_ERROR_BAD_FIELD, "unknown field \"score\"" },
  { "{\"v\":2,\"type\":\"lobby\",\"teams\":0,\"players\":[{},{},{},{},{},{},{},{},{}]}",
    PAT_NET_ERROR_BAD_FIELD, "too many" },
  { "{\"v\":2,\"type\":\"round-end\",\"round\":1,\"teams\":2,\"players\":["
    "{\"id\":0,\"score\":1,\"total\":1}],\"team_totals\":[1]}", PAT_NET_ERROR_BAD_FIELD,
    "one total per team" },
  { "{\"v\":2,\"type\":\"round-end\",\"round\":1,\"teams\":0,\"players\":[],"
    "\"team_totals\":[]}", PAT_NET_ERROR_BAD_FIELD, "too few" },
  { "{\"v\":2,\"type\":\"match-end\",\"winner\":5,\"teams\":0,\"players\":["
    "{\"id\":0,\"name\":\"a\",\"team\":-1,\"total\":1}],\"team_totals\":[]}",
    PAT_NET_ERROR_BAD_FIELD, "none of the players" },
  { "{\"v\":2,\"type\":\"match-end\",\"winner\":2,\"teams\":2,\"players\":["
    "{\"id\":0,\"name\":\"a\",\"team\":0,\"total\":1}],\"team_totals\":[1,2]}",
    PAT_NET_ERROR_BAD_FIELD, "\"winner\" is 2" },
  { "{\"v\":2,\"type\":\"round-end\",\"round\":1,\"teams\":2,\"players\":["
    "{\"id\":0,\"score\":1,\"total\":1}],\"team_totals\":[1,\"2\"]}",
    PAT_NET_ERROR_BAD_FIELD, "other than integers" },
};

static void
test_bad_inputs (void)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (bad_inputs); i++)
    {
      const Bad *bad = &bad_inputs[i];
      g_autoptr(GError) error = NULL;
      g_autoptr(PatNetMessage) m = NULL;
      g_autofree char *shown = g_strescape (bad->input, NULL);

      g_test_message ("%s", shown);
      m = pat_net_message_read ((const guint8 *) bad->input, strlen (bad->input), &error);
      /* Not bad after all: looks like one. */
      if (bad->code < 0)
        {
          g_assert_no_error (error);
          g_assert_nonnull (m);
          continue;
        }
      g_assert_null (m);
      g_assert_error (error, PAT_NET_ERROR, bad->code);
      g_test_message ("  -> %s", error->message);
      g_assert_nonnull (strstr (error->message, bad->says));
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
    }
}

/* A NUL byte inside the message, and a message over the limit, are refused unread. */
static void
test_bytes (void)
{
  static const char with_nul[] = "{\"v\":2,\"type\":\"bye\",\"message\":\"\"}\0junk";
  g_autoptr(GError) error = NULL;
  g_autofree char *huge = NULL;
  g_autoptr(PatNetMessage) m = NULL;
  g_autoptr(PatNetMessage) fits = NULL;
  g_autoptr(GString) padded = NULL;

  m = pat_net_message_read ((const guint8 *) with_nul, sizeof with_nul - 1, &error);
  g_assert_null (m);
  g_assert_error (error, PAT_NET_ERROR, PAT_NET_ERROR_MALFORMED);
  g_clear_error (&error);

  huge = g_strnfill (PAT_NET_MAX_MESSAGE_SIZE + 1, ' ');
  m = pat_net_message_read ((const guint8 *) huge, strlen (huge), &error);
  g_assert_null (m);
  g_assert_error (error, PAT_NET_ERROR, PAT_NET_ERROR_TOO_BIG);
  g_assert_nonnull (strstr (error->message, "8193 bytes is over the limit of 8192"));
  g_clear_error (&error);

  /* Exactly at the limit, with white space, a message is read. */
  padded = g_string_new ("{\"v\":2,\"type\":\"bye\",\"message\":\"see you\"}");
  while (padded->len < PAT_NET_MAX_MESSAGE_SIZE)
    g_string_append_c (padded, ' ');
  fits = pat_net_message_read ((const guint8 *) padded->str, padded->len, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (fits->text, ==, "see you");
}

static void
test_names_and_codes (void)
{
  g_autoptr(GError) error = NULL;
  guint i;

  g_assert_true (pat_net_name_valid ("Ana María", NULL));
  g_assert_true (pat_net_name_valid ("名前", NULL));
  g_assert_false (pat_net_name_valid ("tab\there", &error));
  g_assert_error (error, PAT_NET_ERROR, PAT_NET_ERROR_BAD_FIELD);
  g_assert_false (pat_net_name_valid ("trailing ", NULL));
  g_assert_false (pat_net_name_valid ("", NULL));

  g_assert_true (pat_net_code_valid ("ABCD"));
  g_assert_false (pat_net_code_valid ("ABC"));
  g_assert_false (pat_net_code_valid ("ABCO"));
  /* As typed from what the host read out. */
  {
    g_autofree char *typed = pat_net_code_from_text (" smx-bld ");
    g_autofree char *odd = pat_net_code_from_text ("ab o1");

    g_assert_cmpstr (typed, ==, "SMXBLD");
    g_assert_true (pat_net_code_valid (typed));
    g_assert_cmpstr (odd, ==, "ABO1");
    g_assert_false (pat_net_code_valid (odd));
  }
  g_assert_false (pat_net_code_valid ("abcd"));
  for (i = 0; i < 100; i++)
    {
      g_autofree char *code = pat_net_code_new (6);

      g_assert_cmpuint (strlen (code), ==, 6);
      g_assert_true (pat_net_code_valid (code));
    }
}

/* round-start's "time_limit" came within version 2: absent is no limit, and no limit is not
 * written, so that a reader without it still reads the round-start of a match without one. */
static void
test_time_limit (void)
{
  static const char old[] = "{\"v\":2,\"type\":\"round-start\",\"round\":1,\"game\":\"demon\","
                            "\"deal\":\"5\",\"die\":\"off\"}";
  static const char limited[] = "{\"v\":2,\"type\":\"round-start\",\"round\":1,"
                                "\"game\":\"demon\",\"deal\":\"5\",\"die\":\"off\","
                                "\"time_limit\":120}";
  g_autoptr(PatNetMessage) m = NULL;
  g_autoptr(PatNetMessage) l = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  m = pat_net_message_read ((const guint8 *) old, strlen (old), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (m->time_limit, ==, 0);
  text = pat_net_message_to_string (m);
  g_assert_null (strstr (text, "time_limit"));

  l = pat_net_message_read ((const guint8 *) limited, strlen (limited), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (l->time_limit, ==, 120);
  g_free (text);
  text = pat_net_message_to_string (l);
  g_assert_nonnull (strstr (text, "\"time_limit\":120"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/message/round-trip", test_round_trip);
  g_test_add_func ("/net/message/bad-inputs", test_bad_inputs);
  g_test_add_func ("/net/message/bytes", test_bytes);
  g_test_add_func ("/net/message/names-and-codes", test_names_and_codes);
  g_test_add_func ("/net/message/time-limit", test_time_limit);

  return g_test_run ();
}
