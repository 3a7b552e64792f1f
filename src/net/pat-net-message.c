/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetMessage: the messages of a network match, read from bytes with validation, and written. */

#include "config.h"

#include <string.h>

#include <gnutls/crypto.h>
#include <json-glib/json-glib.h>

#include "pat-net-message.h"

/*
 * The format is JSON, read by json-glib, rather than GVariant. A WebSocket carries text frames
 * naturally; JSON is read the same way by any future client (a web page, a script) and shows
 * as it is in a log or a packet capture; and json-glib's parser reports where a text goes wrong.
 * GVariant's binary form would need every reader to be GLib, and its text form is meant for
 * people, not for strangers' input. What JSON leaves open (numbers that are not integers,
 * duplicate or unknown members, nesting without end) the reader below closes: every field is
 * looked up by name, typed, range-checked, and a member this version does not know is an error.
 */

G_DEFINE_QUARK (pat-net-error-quark, pat_net_error)

/* Objects and arrays deeper than this are refused before json-glib, whose parser recurses, sees
 * them: nothing in the protocol goes deeper than an object in an array in an object. */
#define MAX_DEPTH 3

static const char *const type_names[PAT_NET_N_MESSAGE_TYPES] = {
  [PAT_NET_MSG_HELLO] = "hello",
  [PAT_NET_MSG_WELCOME] = "welcome",
  [PAT_NET_MSG_REFUSED] = "refused",
  [PAT_NET_MSG_LOBBY] = "lobby",
  [PAT_NET_MSG_ROUND_START] = "round-start",
  [PAT_NET_MSG_MOVE] = "move",
  [PAT_NET_MSG_END_ROUND] = "end-round",
  [PAT_NET_MSG_MOVE_REFUSED] = "move-refused",
  [PAT_NET_MSG_PLAYER_STATE] = "player-state",
  [PAT_NET_MSG_ROUND_END] = "round-end",
  [PAT_NET_MSG_MATCH_END] = "match-end",
  [PAT_NET_MSG_BYE] = "bye",
  [PAT_NET_MSG_ERROR] = "error",
  [PAT_NET_MSG_REJOIN] = "rejoin",
};

/* The members each type has besides "v" and "type", all required but round-start's
 * "time_limit", which version 2 added: absent is 0, and it is written only when not 0. */
static const char *const type_fields[PAT_NET_N_MESSAGE_TYPES][8] = {
  [PAT_NET_MSG_HELLO] = { "app", "code", "name", "team" },
  [PAT_NET_MSG_WELCOME] = { "player", "match", "target", "teams", "die", "token" },
  [PAT_NET_MSG_REFUSED] = { "reason", "message" },
  [PAT_NET_MSG_LOBBY] = { "teams", "players" },
  [PAT_NET_MSG_ROUND_START] = { "round", "game", "deal", "die", "time_limit" },
  [PAT_NET_MSG_MOVE] = { "round", "seq", "move" },
  [PAT_NET_MSG_END_ROUND] = { "round" },
  [PAT_NET_MSG_MOVE_REFUSED] = { "round", "seq", "message" },
  [PAT_NET_MSG_PLAYER_STATE] = { "player", "round", "foundation", "score", "total", "moves",
                                 "ended" },
  [PAT_NET_MSG_ROUND_END] = { "round", "teams", "players", "team_totals" },
  [PAT_NET_MSG_MATCH_END] = { "winner", "teams", "players", "team_totals" },
  [PAT_NET_MSG_BYE] = { "message" },
  [PAT_NET_MSG_ERROR] = { "message" },
  [PAT_NET_MSG_REJOIN] = { "app", "player", "token" },
};

/* The members of a row of "players", by the type of the message holding it. */
static const char *const lobby_row_fields[] = { "id", "name", "team", "connected", "gone",
                                                NULL };
static const char *const round_row_fields[] = { "id", "score", "total", NULL };
static const char *const match_row_fields[] = { "id", "name", "team", "total", NULL };

static const char *const refusal_names[PAT_NET_N_REFUSALS] = {
  [PAT_NET_REFUSAL_WRONG_CODE] = "wrong-code",
  [PAT_NET_REFUSAL_LOCKED_OUT] = "locked-out",
  [PAT_NET_REFUSAL_VERSION] = "version",
  [PAT_NET_REFUSAL_FULL] = "full",
  [PAT_NET_REFUSAL_NAME_TAKEN] = "name-taken",
  [PAT_NET_REFUSAL_BAD_TEAM] = "bad-team",
  [PAT_NET_REFUSAL_STARTED] = "started",
  [PAT_NET_REFUSAL_BAD_TOKEN] = "bad-token",
  [PAT_NET_REFUSAL_GONE] = "gone",
};

static const char *const die_names[] = {
  [PAT_DIE_OFF] = "off",
  [PAT_DIE_PER_GAME] = "game",
  [PAT_DIE_PER_PASS] = "pass",
};

const char *
pat_net_message_type_to_string (PatNetMessageType type)
{
  return type < PAT_NET_N_MESSAGE_TYPES ? type_names[type] : "unknown";
}

const char *
pat_net_refusal_to_string (PatNetRefusal refusal)
{
  return refusal < PAT_NET_N_REFUSALS ? refusal_names[refusal] : "unknown";
}

const char *
pat_net_die_mode_to_string (PatDieMode mode)
{
  return mode < G_N_ELEMENTS (die_names) ? die_names[mode] : "off";
}

/**
 * pat_net_message_new:
 * @type: the message's type
 *
 * Returns: (transfer full): a message of @type with every field zero, but "team" and "winner",
 *   which are -1 (none)
 */
PatNetMessage *
pat_net_message_new (PatNetMessageType type)
{
  PatNetMessage *message = g_new0 (PatNetMessage, 1);

  message->type = type;
  message->version = PAT_NET_PROTOCOL_VERSION;
  message->team = -1;
  message->winner = -1;
  return message;
}

void
pat_net_message_free (PatNetMessage *message)
{
  g_free (message);
}

/* Characters a name may not hold: controls, invisible formatting (direction overrides among
 * them, which could make one name look like another), separators other than the space, and
 * anything unassigned. */
static gboolean
name_char_allowed (gunichar c)
{
  switch (g_unichar_type (c))
    {
    case G_UNICODE_CONTROL:
    case G_UNICODE_FORMAT:
    case G_UNICODE_UNASSIGNED:
    case G_UNICODE_PRIVATE_USE:
    case G_UNICODE_SURROGATE:
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
      return FALSE;
    case G_UNICODE_SPACE_SEPARATOR:
      return c == ' ';
    case G_UNICODE_LOWERCASE_LETTER:
    case G_UNICODE_MODIFIER_LETTER:
    case G_UNICODE_OTHER_LETTER:
    case G_UNICODE_TITLECASE_LETTER:
    case G_UNICODE_UPPERCASE_LETTER:
    case G_UNICODE_SPACING_MARK:
    case G_UNICODE_ENCLOSING_MARK:
    case G_UNICODE_NON_SPACING_MARK:
    case G_UNICODE_DECIMAL_NUMBER:
    case G_UNICODE_LETTER_NUMBER:
    case G_UNICODE_OTHER_NUMBER:
    case G_UNICODE_CONNECT_PUNCTUATION:
    case G_UNICODE_DASH_PUNCTUATION:
    case G_UNICODE_CLOSE_PUNCTUATION:
    case G_UNICODE_FINAL_PUNCTUATION:
    case G_UNICODE_INITIAL_PUNCTUATION:
    case G_UNICODE_OTHER_PUNCTUATION:
    case G_UNICODE_OPEN_PUNCTUATION:
    case G_UNICODE_CURRENCY_SYMBOL:
    case G_UNICODE_MODIFIER_SYMBOL:
    case G_UNICODE_MATH_SYMBOL:
    case G_UNICODE_OTHER_SYMBOL:
    default:
      return TRUE;
    }
}

/**
 * pat_net_text_sanitize:
 * @text: (inout): UTF-8 text
 *
 * Replaces, in place, each character that a name may not hold (but the space) with '?', so that
 * a text made from what a stranger sent (an error quoting a field) is fit to send and to print.
 * Invalid UTF-8 is cut off.
 */
void
pat_net_text_sanitize (char *text)
{
  const char *end = NULL;
  char *in = text;
  char *out = text;

  g_utf8_validate (text, -1, &end);
  while (in < end)
    {
      gunichar c = g_utf8_get_char (in);
      char *next = g_utf8_next_char (in);

      if (name_char_allowed (c) || c == ' ')
        {
          memmove (out, in, (gsize) (next - in));
          out += next - in;
        }
      else
        *out++ = '?';
      in = next;
    }
  *out = '\0';
}

/**
 * pat_net_name_valid:
 * @name: a player's or a match's name, UTF-8 already checked
 * @error: return location for a #PAT_NET_ERROR_BAD_FIELD
 *
 * A name is 1 to PAT_NET_MAX_NAME_CHARS characters, neither starting nor ending with a space,
 * of printable characters (no controls, no invisible formatting).
 *
 * Returns: whether @name is fit to show
 */
gboolean
pat_net_name_valid (const char  *name,
                    GError     **error)
{
  glong length = g_utf8_strlen (name, -1);
  const char *p;

  if (length < 1 || length > PAT_NET_MAX_NAME_CHARS)
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_BAD_FIELD,
                   "a name has 1 to %d characters, not %ld", PAT_NET_MAX_NAME_CHARS, length);
      return FALSE;
    }
  if (name[0] == ' ' || name[strlen (name) - 1] == ' ')
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_BAD_FIELD,
                   "a name neither starts nor ends with a space");
      return FALSE;
    }
  for (p = name; *p != '\0'; p = g_utf8_next_char (p))
    if (!name_char_allowed (g_utf8_get_char (p)))
      {
        g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_BAD_FIELD,
                     "a name holds character U+%04X, which cannot be shown",
                     (guint) g_utf8_get_char (p));
        return FALSE;
      }
  return TRUE;
}

/**
 * pat_net_code_from_text:
 * @text: a match code as a player typed it
 *
 * Returns: (transfer full): @text's letters and digits in upper case: a code read aloud gets
 *   typed with spaces or dashes, or in lower case. It may still not be a code
 *   (pat_net_code_valid()).
 */
char *
pat_net_code_from_text (const char *text)
{
  GString *code = g_string_new (NULL);
  const char *c;

  g_return_val_if_fail (text != NULL, NULL);

  for (c = text; *c != '\0'; c++)
    if (g_ascii_isalnum (*c))
      g_string_append_c (code, g_ascii_toupper (*c));
  return g_string_free (code, FALSE);
}

gboolean
pat_net_code_valid (const char *code)
{
  gsize length = strlen (code);
  gsize i;

  if (length < PAT_NET_MIN_CODE || length > PAT_NET_MAX_CODE)
    return FALSE;
  for (i = 0; i < length; i++)
    if (code[i] == '\0' || strchr (PAT_NET_CODE_ALPHABET, code[i]) == NULL)
      return FALSE;
  return TRUE;
}

gboolean
pat_net_token_valid (const char *token)
{
  gsize i;

  for (i = 0; i < PAT_NET_TOKEN_LENGTH; i++)
    if (!g_ascii_isxdigit (token[i]) || g_ascii_isupper (token[i]))
      return FALSE;
  return token[PAT_NET_TOKEN_LENGTH] == '\0';
}

char *
pat_net_token_new (void)
{
  guint8 bytes[PAT_NET_TOKEN_LENGTH / 2];
  char *token = g_new0 (char, PAT_NET_TOKEN_LENGTH + 1);
  gsize i;

  /* GLib's g_random is not meant for secrets; GnuTLS's generator for keys is. */
  if (gnutls_rnd (GNUTLS_RND_KEY, bytes, sizeof bytes) != 0)
    g_error ("no random numbers for a token");
  for (i = 0; i < sizeof bytes; i++)
    g_snprintf (token + 2 * i, 3, "%02x", bytes[i]);
  return token;
}

gboolean
pat_net_token_equal (const char *a,
                     const char *b)
{
  guint8 diff = 0;
  gsize i;

  /* The shape is no secret; the digits are: every byte is compared, wherever the first
   * difference is. */
  if (!pat_net_token_valid (a) || !pat_net_token_valid (b))
    return FALSE;
  for (i = 0; i < PAT_NET_TOKEN_LENGTH; i++)
    diff |= (guint8) (a[i] ^ b[i]);
  return diff == 0;
}

/**
 * pat_net_code_new:
 * @length: letters, from PAT_NET_MIN_CODE to PAT_NET_MAX_CODE
 *
 * Returns: (transfer full): a random match code; 6 letters give 2^30 codes
 */
char *
pat_net_code_new (guint length)
{
  guint n_letters = sizeof PAT_NET_CODE_ALPHABET - 1;
  char *code;
  guint i;

  length = CLAMP (length, PAT_NET_MIN_CODE, PAT_NET_MAX_CODE);
  code = g_new0 (char, length + 1);
  for (i = 0; i < length; i++)
    code[i] = PAT_NET_CODE_ALPHABET[g_random_int_range (0, (gint32) n_letters)];
  return code;
}

/* Refuses objects and arrays nested deeper than MAX_DEPTH, looking at brackets outside strings
 * (a cheap pass that keeps json-glib's recursive parser shallow), and the escape of a NUL. */
static gboolean
check_depth (const guint8  *data,
             gsize          size,
             GError       **error)
{
  gboolean in_string = FALSE;
  guint depth = 0;
  gsize i;

  for (i = 0; i < size; i++)
    {
      guint8 c = data[i];

      if (in_string)
        {
          /* json-glib would cut a string at an escaped NUL without a word: refuse it. */
          if (c == '\\' && i + 5 < size && memcmp (data + i + 1, "u0000", 5) == 0)
            {
              g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_MALFORMED,
                           "a string of the message holds a NUL character");
              return FALSE;
            }
          if (c == '\\')
            i++;
          else if (c == '"')
            in_string = FALSE;
          continue;
        }
      switch (c)
        {
        case '"':
          in_string = TRUE;
          break;
        case '{':
        case '[':
          if (++depth > MAX_DEPTH)
            {
              g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_MALFORMED,
                           "the message nests objects and arrays deeper than %d", MAX_DEPTH);
              return FALSE;
            }
          break;
        case '}':
        case ']':
          if (depth > 0)
            depth--;
          break;
        default:
          break;
        }
    }
  return TRUE;
}

static gboolean
fail_field (GError     **error,
            const char  *field,
            const char  *what)
{
  g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_BAD_FIELD, "field \"%s\" %s", field, what);
  return FALSE;
}

/* Every member of @object is one of @allowed (a NULL-terminated list, or @n). */
static gboolean
check_members (JsonObject         *object,
               const char *const  *allowed,
               gsize               n_allowed,
               const char         *where,
               GError            **error)
{
  g_autoptr(GList) members = json_object_get_members (object);
  GList *l;

  for (l = members; l != NULL; l = l->next)
    {
      const char *member = l->data;
      gboolean known = FALSE;
      gsize i;

      for (i = 0; i < n_allowed && allowed[i] != NULL && !known; i++)
        known = strcmp (member, allowed[i]) == 0;
      if (!known)
        {
          g_autofree char *shown = g_utf8_substring (member, 0, MIN (40, g_utf8_strlen (member,
                                                                                    -1)));

          pat_net_text_sanitize (shown);
          g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_BAD_FIELD,
                       "%s has an unknown field \"%s\"", where, shown);
          return FALSE;
        }
    }
  return TRUE;
}

static JsonNode *
get_value (JsonObject  *object,
           const char  *field,
           GType        type,
           const char  *type_name,
           GError     **error)
{
  JsonNode *node = json_object_get_member (object, field);

  if (node == NULL)
    {
      fail_field (error, field, "is missing");
      return NULL;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != type)
    {
      g_autofree char *what = g_strdup_printf ("is not %s", type_name);

      fail_field (error, field, what);
      return NULL;
    }
  return node;
}

static gboolean
read_int (JsonObject  *object,
          const char  *field,
          gint64       min,
          gint64       max,
          int         *out,
          GError     **error)
{
  JsonNode *node = get_value (object, field, G_TYPE_INT64, "an integer", error);
  gint64 value;

  if (node == NULL)
    return FALSE;
  value = json_node_get_int (node);
  if (value < min || value > max)
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_BAD_FIELD,
                   "field \"%s\" is %" G_GINT64_FORMAT ", out of its range %" G_GINT64_FORMAT
                   " to %" G_GINT64_FORMAT, field, value, min, max);
      return FALSE;
    }
  *out = (int) value;
  return TRUE;
}

static gboolean
read_uint (JsonObject  *object,
           const char  *field,
           guint        min,
           guint        max,
           guint       *out,
           GError     **error)
{
  int value;

  if (!read_int (object, field, min, max, &value, error))
    return FALSE;
  *out = (guint) value;
  return TRUE;
}

static gboolean
read_bool (JsonObject  *object,
           const char  *field,
           gboolean    *out,
           GError     **error)
{
  JsonNode *node = get_value (object, field, G_TYPE_BOOLEAN, "true or false", error);

  if (node == NULL)
    return FALSE;
  *out = json_node_get_boolean (node);
  return TRUE;
}

/* A string of @min_chars to @max_chars characters (already valid UTF-8: the whole message was
 * checked), copied into @out of @out_size bytes. */
static const char *
read_string (JsonObject  *object,
             const char  *field,
             glong        min_chars,
             glong        max_chars,
             char        *out,
             gsize        out_size,
             GError     **error)
{
  JsonNode *node = get_value (object, field, G_TYPE_STRING, "a string", error);
  const char *value;
  gsize bytes;
  glong chars;

  if (node == NULL)
    return NULL;
  value = json_node_get_string (node);
  bytes = strlen (value);
  /* The whole message was UTF-8, but an escape (\ud800 alone) may not decode to it. */
  if (!g_utf8_validate (value, (gssize) bytes, NULL))
    {
      fail_field (error, field, "is not UTF-8");
      return NULL;
    }
  chars = g_utf8_strlen (value, -1);
  if (chars < min_chars || chars > max_chars || bytes >= out_size)
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_BAD_FIELD,
                   "field \"%s\" has %ld characters, not %ld to %ld", field, chars, min_chars,
                   max_chars);
      return NULL;
    }
  memcpy (out, value, bytes + 1);
  return out;
}

/* A reason or an error text: no control or invisible characters, as names. */
static gboolean
read_text (JsonObject  *object,
           const char  *field,
           glong        min_chars,
           char        *out,
           GError     **error)
{
  const char *p;

  if (read_string (object, field, min_chars, PAT_NET_MAX_TEXT_CHARS, out, PAT_NET_TEXT_BYTES,
                   error) == NULL)
    return FALSE;
  for (p = out; *p != '\0'; p = g_utf8_next_char (p))
    if (*p != ' ' && !name_char_allowed (g_utf8_get_char (p)))
      return fail_field (error, field, "holds a character that cannot be shown");
  return TRUE;
}

/* Plain printable ASCII without spaces: versions, codes, moves. */
static gboolean
read_token (JsonObject  *object,
            const char  *field,
            glong        min_chars,
            glong        max_chars,
            char        *out,
            gsize        out_size,
            GError     **error)
{
  const char *p;

  if (read_string (object, field, min_chars, max_chars, out, out_size, error) == NULL)
    return FALSE;
  for (p = out; *p != '\0'; p++)
    if (*p <= ' ' || *p > '~')
      return fail_field (error, field, "holds a character other than printable ASCII");
  return TRUE;
}

static gboolean
read_name (JsonObject  *object,
           const char  *field,
           char        *out,
           GError     **error)
{
  g_autoptr(GError) local = NULL;

  if (read_string (object, field, 1, PAT_NET_MAX_NAME_CHARS, out, PAT_NET_NAME_BYTES,
                   error) == NULL)
    return FALSE;
  if (!pat_net_name_valid (out, &local))
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_BAD_FIELD, "field \"%s\": %s", field,
                   local->message);
      return FALSE;
    }
  return TRUE;
}

/* A seat's token: exactly PAT_NET_TOKEN_LENGTH lowercase hexadecimal digits. */
static gboolean
read_secret (JsonObject  *object,
             char        *out,
             GError     **error)
{
  if (read_string (object, "token", PAT_NET_TOKEN_LENGTH, PAT_NET_TOKEN_LENGTH, out,
                   PAT_NET_TOKEN_LENGTH + 1, error) == NULL)
    return FALSE;
  if (!pat_net_token_valid (out))
    return fail_field (error, "token", "is not lowercase hexadecimal digits");
  return TRUE;
}

static gboolean
read_enum (JsonObject         *object,
           const char         *field,
           const char *const  *names,
           guint               n_names,
           guint              *out,
           GError            **error)
{
  char value[33];
  guint i;

  if (read_string (object, field, 1, 32, value, sizeof value, error) == NULL)
    return FALSE;
  for (i = 0; i < n_names; i++)
    if (names[i] != NULL && strcmp (value, names[i]) == 0)
      {
        *out = i;
        return TRUE;
      }
  return fail_field (error, field, "has a value this version does not know");
}

static gboolean
read_team (JsonObject  *object,
           const char  *field,
           guint        n_teams,
           int         *team,
           GError     **error)
{
  if (!read_int (object, field, -1, PAT_NET_MAX_TEAMS - 1, team, error))
    return FALSE;
  if (n_teams == 0 && *team != -1)
    return fail_field (error, field, "names a team in a match without teams");
  if (n_teams > 0 && (*team < 0 || (guint) *team >= n_teams))
    return fail_field (error, field, "is not one of the match's teams");
  return TRUE;
}

static gboolean
read_rows (JsonObject     *object,
           PatNetMessage  *message,
           GError        **error)
{
  const char *const *fields;
  JsonNode *node = json_object_get_member (object, "players");
  JsonArray *array;
  guint seen = 0;
  guint i, n;

  if (node == NULL)
    return fail_field (error, "players", "is missing");
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return fail_field (error, "players", "is not an array");
  array = json_node_get_array (node);
  n = json_array_get_length (array);
  if (n > PAT_NET_MAX_PLAYERS || (n == 0 && message->type != PAT_NET_MSG_LOBBY))
    return fail_field (error, "players", "has too many or too few players");

  fields = message->type == PAT_NET_MSG_LOBBY ? lobby_row_fields :
           message->type == PAT_NET_MSG_ROUND_END ? round_row_fields : match_row_fields;
  for (i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      PatNetPlayerRow *row = &message->players[i];
      JsonObject *o;

      if (!JSON_NODE_HOLDS_OBJECT (element))
        return fail_field (error, "players", "holds something other than objects");
      o = json_node_get_object (element);
      if (!check_members (o, fields, G_MAXSIZE, "a row of \"players\"", error) ||
          !read_uint (o, "id", 0, PAT_NET_MAX_PLAYERS - 1, &row->id, error))
        return FALSE;
      if (seen & (1u << row->id))
        return fail_field (error, "players", "names one player twice");
      seen |= 1u << row->id;
      row->team = -1;

      switch (message->type)
        {
        case PAT_NET_MSG_LOBBY:
          if (!read_name (o, "name", row->name, error) ||
              !read_team (o, "team", message->n_teams, &row->team, error) ||
              !read_bool (o, "connected", &row->connected, error) ||
              !read_bool (o, "gone", &row->gone, error))
            return FALSE;
          break;
        case PAT_NET_MSG_ROUND_END:
          if (!read_int (o, "score", PAT_NET_MIN_SCORE, PAT_NET_MAX_SCORE, &row->score, error) ||
              !read_int (o, "total", -PAT_NET_MAX_TOTAL, PAT_NET_MAX_TOTAL, &row->total, error))
            return FALSE;
          break;
        case PAT_NET_MSG_MATCH_END:
          if (!read_name (o, "name", row->name, error) ||
              !read_team (o, "team", message->n_teams, &row->team, error) ||
              !read_int (o, "total", -PAT_NET_MAX_TOTAL, PAT_NET_MAX_TOTAL, &row->total, error))
            return FALSE;
          break;
        case PAT_NET_MSG_HELLO:
        case PAT_NET_MSG_WELCOME:
        case PAT_NET_MSG_REFUSED:
        case PAT_NET_MSG_ROUND_START:
        case PAT_NET_MSG_MOVE:
        case PAT_NET_MSG_END_ROUND:
        case PAT_NET_MSG_MOVE_REFUSED:
        case PAT_NET_MSG_PLAYER_STATE:
        case PAT_NET_MSG_BYE:
        case PAT_NET_MSG_ERROR:
        case PAT_NET_MSG_REJOIN:
        case PAT_NET_N_MESSAGE_TYPES:
        default:
          g_assert_not_reached ();
        }
    }
  message->n_players = n;
  return TRUE;
}

static gboolean
read_team_totals (JsonObject     *object,
                  PatNetMessage  *message,
                  GError        **error)
{
  JsonNode *node = json_object_get_member (object, "team_totals");
  JsonArray *array;
  guint i;

  if (node == NULL)
    return fail_field (error, "team_totals", "is missing");
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return fail_field (error, "team_totals", "is not an array");
  array = json_node_get_array (node);
  if (json_array_get_length (array) != message->n_teams)
    return fail_field (error, "team_totals", "does not have one total per team");
  for (i = 0; i < message->n_teams; i++)
    {
      JsonNode *element = json_array_get_element (array, i);
      gint64 value;

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_INT64)
        return fail_field (error, "team_totals", "holds something other than integers");
      value = json_node_get_int (element);
      if (value < -PAT_NET_MAX_TOTAL || value > PAT_NET_MAX_TOTAL)
        return fail_field (error, "team_totals", "holds a total out of range");
      message->team_totals[i] = (int) value;
    }
  return TRUE;
}

static gboolean
read_die (JsonObject     *object,
          PatNetMessage  *message,
          GError        **error)
{
  guint die;

  if (!read_enum (object, "die", die_names, G_N_ELEMENTS (die_names), &die, error))
    return FALSE;
  message->die_mode = (PatDieMode) die;
  return TRUE;
}

static gboolean
read_fields (JsonObject     *object,
             PatNetMessage  *message,
             GError        **error)
{
  PatNetMessage *m = message;

  switch (message->type)
    {
    case PAT_NET_MSG_HELLO:
      return read_token (object, "app", 1, PAT_NET_MAX_APP_VERSION, m->app_version,
                         sizeof m->app_version, error) &&
             read_token (object, "code", 1, PAT_NET_MAX_CODE, m->code, sizeof m->code, error) &&
             read_name (object, "name", m->name, error) &&
             read_int (object, "team", -1, PAT_NET_MAX_TEAMS - 1, &m->team, error);
    case PAT_NET_MSG_WELCOME:
      return read_uint (object, "player", 0, PAT_NET_MAX_PLAYERS - 1, &m->player, error) &&
             read_name (object, "match", m->name, error) &&
             read_int (object, "target", 1, PAT_NET_MAX_TARGET, &m->target, error) &&
             read_uint (object, "teams", 0, PAT_NET_MAX_TEAMS, &m->n_teams, error) &&
             (m->n_teams != 1 || fail_field (error, "teams", "is 1: a team needs another")) &&
             read_die (object, m, error) &&
             read_secret (object, m->token, error);
    case PAT_NET_MSG_REJOIN:
      return read_token (object, "app", 1, PAT_NET_MAX_APP_VERSION, m->app_version,
                         sizeof m->app_version, error) &&
             read_uint (object, "player", 0, PAT_NET_MAX_PLAYERS - 1, &m->player, error) &&
             read_secret (object, m->token, error);
    case PAT_NET_MSG_REFUSED:
      return read_enum (object, "reason", refusal_names, PAT_NET_N_REFUSALS, &m->refusal,
                        error) &&
             read_text (object, "message", 0, m->text, error);
    case PAT_NET_MSG_LOBBY:
      return read_uint (object, "teams", 0, PAT_NET_MAX_TEAMS, &m->n_teams, error) &&
             (m->n_teams != 1 || fail_field (error, "teams", "is 1: a team needs another")) &&
             read_rows (object, m, error);
    case PAT_NET_MSG_ROUND_START:
      {
        char deal[PAT_DEAL_NUMBER_MAX_DIGITS + 1];
        char game[33];

        if (!read_uint (object, "round", 1, PAT_NET_MAX_ROUNDS, &m->round, error) ||
            read_string (object, "game", 1, 32, game, sizeof game, error) == NULL ||
            read_string (object, "deal", 1, PAT_DEAL_NUMBER_MAX_DIGITS, deal, sizeof deal,
                         error) == NULL ||
            !read_die (object, m, error))
          return FALSE;
        if (strcmp (game, pat_rules_match ()->id) != 0)
          return fail_field (error, "game", "is not the game matches play");
        if (!pat_deal_number_parse (deal, &m->deal, NULL))
          return fail_field (error, "deal", "is not a deal number");
        return !json_object_has_member (object, "time_limit") ||
               read_uint (object, "time_limit", 0, PAT_NET_MAX_TIME_LIMIT, &m->time_limit,
                          error);
      }
    case PAT_NET_MSG_MOVE:
      return read_uint (object, "round", 1, PAT_NET_MAX_ROUNDS, &m->round, error) &&
             read_uint (object, "seq", 0, PAT_NET_MAX_MOVES_PER_ROUND, &m->seq, error) &&
             read_token (object, "move", 1, PAT_NET_MAX_MOVE_TEXT, m->move, sizeof m->move,
                         error);
    case PAT_NET_MSG_END_ROUND:
      return read_uint (object, "round", 1, PAT_NET_MAX_ROUNDS, &m->round, error);
    case PAT_NET_MSG_MOVE_REFUSED:
      return read_uint (object, "round", 1, PAT_NET_MAX_ROUNDS, &m->round, error) &&
             read_uint (object, "seq", 0, PAT_NET_MAX_MOVES_PER_ROUND, &m->seq, error) &&
             read_text (object, "message", 1, m->text, error);
    case PAT_NET_MSG_PLAYER_STATE:
      return read_uint (object, "player", 0, PAT_NET_MAX_PLAYERS - 1, &m->player, error) &&
             read_uint (object, "round", 1, PAT_NET_MAX_ROUNDS, &m->round, error) &&
             read_uint (object, "foundation", 0, PAT_N_CARDS, &m->foundation, error) &&
             read_int (object, "score", PAT_NET_MIN_SCORE, PAT_NET_MAX_SCORE, &m->score, error) &&
             read_int (object, "total", -PAT_NET_MAX_TOTAL, PAT_NET_MAX_TOTAL, &m->total,
                       error) &&
             read_uint (object, "moves", 0, PAT_NET_MAX_MOVES_PER_ROUND, &m->n_moves, error) &&
             read_bool (object, "ended", &m->ended, error);
    case PAT_NET_MSG_ROUND_END:
      return read_uint (object, "round", 1, PAT_NET_MAX_ROUNDS, &m->round, error) &&
             read_uint (object, "teams", 0, PAT_NET_MAX_TEAMS, &m->n_teams, error) &&
             (m->n_teams != 1 || fail_field (error, "teams", "is 1: a team needs another")) &&
             read_rows (object, m, error) &&
             read_team_totals (object, m, error);
    case PAT_NET_MSG_MATCH_END:
      {
        guint i;

        if (!read_uint (object, "teams", 0, PAT_NET_MAX_TEAMS, &m->n_teams, error) ||
            (m->n_teams == 1 && !fail_field (error, "teams", "is 1: a team needs another")) ||
            !read_int (object, "winner", -1,
                       m->n_teams > 0 ? (int) m->n_teams - 1 : PAT_NET_MAX_PLAYERS - 1,
                       &m->winner, error) ||
            !read_rows (object, m, error) ||
            !read_team_totals (object, m, error))
          return FALSE;
        if (m->n_teams > 0 || m->winner < 0)
          return TRUE;
        for (i = 0; i < m->n_players; i++)
          if (m->players[i].id == (guint) m->winner)
            return TRUE;
        return fail_field (error, "winner", "is none of the players");
      }
    case PAT_NET_MSG_BYE:
      return read_text (object, "message", 0, m->text, error);
    case PAT_NET_MSG_ERROR:
      return read_text (object, "message", 1, m->text, error);
    case PAT_NET_N_MESSAGE_TYPES:
    default:
      g_assert_not_reached ();
    }
}

/**
 * pat_net_message_read:
 * @data: (array length=size): the bytes of one message, as received
 * @size: their length
 * @error: return location for a #PAT_NET_ERROR
 *
 * Reads one message: at most PAT_NET_MAX_MESSAGE_SIZE bytes of UTF-8 JSON, an object whose "v"
 * is PAT_NET_PROTOCOL_VERSION (else %PAT_NET_ERROR_VERSION, so that the host can say so) and
 * whose "type" is known, with exactly the fields of its type, each typed and in range.
 *
 * Returns: (transfer full) (nullable): the message, or %NULL with @error set
 */
PatNetMessage *
pat_net_message_read (const guint8  *data,
                      gsize          size,
                      GError       **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(PatNetMessage) message = NULL;
  g_autoptr(GError) local = NULL;
  JsonObject *object;
  JsonNode *root;
  guint type;
  int version;

  if (size > PAT_NET_MAX_MESSAGE_SIZE)
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_TOO_BIG,
                   "a message of %" G_GSIZE_FORMAT " bytes is over the limit of %d bytes", size,
                   PAT_NET_MAX_MESSAGE_SIZE);
      return NULL;
    }
  if (size == 0)
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_MALFORMED, "the message is empty");
      return NULL;
    }
  if (!g_utf8_validate ((const char *) data, (gssize) size, NULL))
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_MALFORMED,
                   "the message is not UTF-8 text (or holds a NUL byte)");
      return NULL;
    }
  if (!check_depth (data, size, error))
    return NULL;

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, (const char *) data, (gssize) size, &local))
    {
      /* json-glib quotes the token it stopped at, as it decoded it: an octal escape may have
       * made it invalid UTF-8, and it may be long. */
      g_autofree char *valid = g_utf8_make_valid (local->message, -1);
      g_autofree char *shown = g_utf8_substring (valid, 0, MIN (g_utf8_strlen (valid, -1), 120));

      pat_net_text_sanitize (shown);
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_MALFORMED,
                   "the message is not JSON: %s", shown);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_MALFORMED,
                   "the message is not a JSON object");
      return NULL;
    }
  object = json_node_get_object (root);

  if (!read_int (object, "v", 0, G_MAXINT, &version, error))
    return NULL;
  if (version != PAT_NET_PROTOCOL_VERSION)
    {
      g_set_error (error, PAT_NET_ERROR, PAT_NET_ERROR_VERSION,
                   "the message is in protocol version %d; this program speaks version %d",
                   version, PAT_NET_PROTOCOL_VERSION);
      return NULL;
    }
  if (!read_enum (object, "type", type_names, PAT_NET_N_MESSAGE_TYPES, &type, &local))
    {
      g_set_error (error, PAT_NET_ERROR,
                   local->code == PAT_NET_ERROR_BAD_FIELD &&
                   json_object_has_member (object, "type") &&
                   json_node_get_value_type (json_object_get_member (object, "type")) ==
                   G_TYPE_STRING ? PAT_NET_ERROR_UNKNOWN_TYPE : PAT_NET_ERROR_BAD_FIELD,
                   "%s", local->message);
      return NULL;
    }

  message = pat_net_message_new (type);
  message->version = (guint) version;
  {
    const char *allowed[G_N_ELEMENTS (type_fields[0]) + 2] = { "v", "type" };

    memcpy (allowed + 2, type_fields[type], sizeof type_fields[type]);
    if (!check_members (object, allowed, G_N_ELEMENTS (allowed), "the message", error))
      return NULL;
  }
  if (!read_fields (object, message, error))
    return NULL;
  return g_steal_pointer (&message);
}

/**
 * pat_net_message_read_bytes:
 * @bytes: one message
 * @error: return location for a #PAT_NET_ERROR
 *
 * pat_net_message_read() on @bytes.
 *
 * Returns: (transfer full) (nullable): the message, or %NULL with @error set
 */
PatNetMessage *
pat_net_message_read_bytes (GBytes  *bytes,
                            GError **error)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  return pat_net_message_read (data != NULL ? data : (const guint8 *) "", size, error);
}

static void
add_int (JsonBuilder *builder,
         const char  *field,
         gint64       value)
{
  json_builder_set_member_name (builder, field);
  json_builder_add_int_value (builder, value);
}

static void
add_string (JsonBuilder *builder,
            const char  *field,
            const char  *value)
{
  json_builder_set_member_name (builder, field);
  json_builder_add_string_value (builder, value);
}

static void
add_bool (JsonBuilder *builder,
          const char  *field,
          gboolean     value)
{
  json_builder_set_member_name (builder, field);
  json_builder_add_boolean_value (builder, value);
}

static void
add_rows (JsonBuilder         *builder,
          const PatNetMessage *m)
{
  guint i;

  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (i = 0; i < m->n_players && i < PAT_NET_MAX_PLAYERS; i++)
    {
      const PatNetPlayerRow *row = &m->players[i];

      json_builder_begin_object (builder);
      add_int (builder, "id", row->id);
      if (m->type == PAT_NET_MSG_ROUND_END)
        {
          add_int (builder, "score", row->score);
          add_int (builder, "total", row->total);
        }
      else
        {
          add_string (builder, "name", row->name);
          add_int (builder, "team", row->team);
          if (m->type == PAT_NET_MSG_LOBBY)
            {
              add_bool (builder, "connected", row->connected);
              add_bool (builder, "gone", row->gone);
            }
          else
            add_int (builder, "total", row->total);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
add_team_totals (JsonBuilder         *builder,
                 const PatNetMessage *m)
{
  guint i;

  json_builder_set_member_name (builder, "team_totals");
  json_builder_begin_array (builder);
  for (i = 0; i < m->n_teams && i < PAT_NET_MAX_TEAMS; i++)
    json_builder_add_int_value (builder, m->team_totals[i]);
  json_builder_end_array (builder);
}

static JsonNode *
build (const PatNetMessage *m)
{
  g_autoptr(JsonBuilder) builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  add_int (builder, "v", PAT_NET_PROTOCOL_VERSION);
  add_string (builder, "type", pat_net_message_type_to_string (m->type));
  switch (m->type)
    {
    case PAT_NET_MSG_HELLO:
      add_string (builder, "app", m->app_version);
      add_string (builder, "code", m->code);
      add_string (builder, "name", m->name);
      add_int (builder, "team", m->team);
      break;
    case PAT_NET_MSG_WELCOME:
      add_int (builder, "player", m->player);
      add_string (builder, "match", m->name);
      add_int (builder, "target", m->target);
      add_int (builder, "teams", m->n_teams);
      add_string (builder, "die", pat_net_die_mode_to_string (m->die_mode));
      add_string (builder, "token", m->token);
      break;
    case PAT_NET_MSG_REJOIN:
      add_string (builder, "app", m->app_version);
      add_int (builder, "player", m->player);
      add_string (builder, "token", m->token);
      break;
    case PAT_NET_MSG_REFUSED:
      add_string (builder, "reason", pat_net_refusal_to_string (m->refusal));
      add_string (builder, "message", m->text);
      break;
    case PAT_NET_MSG_LOBBY:
      add_int (builder, "teams", m->n_teams);
      add_rows (builder, m);
      break;
    case PAT_NET_MSG_ROUND_START:
      {
        char deal[PAT_DEAL_NUMBER_MAX_DIGITS + 1];

        pat_deal_number_format (&m->deal, deal);
        add_int (builder, "round", m->round);
        add_string (builder, "game", pat_rules_match ()->id);
        add_string (builder, "deal", deal);
        add_string (builder, "die", pat_net_die_mode_to_string (m->die_mode));
        if (m->time_limit > 0)
          add_int (builder, "time_limit", m->time_limit);
      }
      break;
    case PAT_NET_MSG_MOVE:
      add_int (builder, "round", m->round);
      add_int (builder, "seq", m->seq);
      add_string (builder, "move", m->move);
      break;
    case PAT_NET_MSG_END_ROUND:
      add_int (builder, "round", m->round);
      break;
    case PAT_NET_MSG_MOVE_REFUSED:
      add_int (builder, "round", m->round);
      add_int (builder, "seq", m->seq);
      add_string (builder, "message", m->text);
      break;
    case PAT_NET_MSG_PLAYER_STATE:
      add_int (builder, "player", m->player);
      add_int (builder, "round", m->round);
      add_int (builder, "foundation", m->foundation);
      add_int (builder, "score", m->score);
      add_int (builder, "total", m->total);
      add_int (builder, "moves", m->n_moves);
      add_bool (builder, "ended", m->ended);
      break;
    case PAT_NET_MSG_ROUND_END:
      add_int (builder, "round", m->round);
      add_int (builder, "teams", m->n_teams);
      add_rows (builder, m);
      add_team_totals (builder, m);
      break;
    case PAT_NET_MSG_MATCH_END:
      add_int (builder, "winner", m->winner);
      add_int (builder, "teams", m->n_teams);
      add_rows (builder, m);
      add_team_totals (builder, m);
      break;
    case PAT_NET_MSG_BYE:
    case PAT_NET_MSG_ERROR:
      add_string (builder, "message", m->text);
      break;
    case PAT_NET_N_MESSAGE_TYPES:
    default:
      g_assert_not_reached ();
    }
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}

/**
 * pat_net_message_to_string:
 * @message: a message
 *
 * Returns: (transfer full): @message as one line of JSON, as pat_net_message_write() sends it
 */
char *
pat_net_message_to_string (const PatNetMessage *message)
{
  g_autoptr(JsonNode) root = build (message);

  return json_to_string (root, FALSE);
}

/**
 * pat_net_message_write:
 * @message: a message whose fields are within the reader's limits
 *
 * Returns: (transfer full): @message as the bytes of one WebSocket text message
 */
GBytes *
pat_net_message_write (const PatNetMessage *message)
{
  char *text = pat_net_message_to_string (message);

  return g_bytes_new_take (text, strlen (text));
}
