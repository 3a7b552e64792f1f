/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatNetMessage: the messages of a network match, read from bytes with validation, and written. */
#pragma once

#include <gio/gio.h>

#include "pat-deal.h"
#include "pat-rules.h"

G_BEGIN_DECLS

/* The version every message carries in "v"; docs/protocol.md describes it. */
#define PAT_NET_PROTOCOL_VERSION 2

/* Limits of the reader: a message longer than this is refused unread. */
#define PAT_NET_MAX_MESSAGE_SIZE 8192
#define PAT_NET_MAX_PLAYERS 8
#define PAT_NET_MAX_TEAMS 4
/* Names of players and matches, in characters; reasons and error texts, in characters. */
#define PAT_NET_MAX_NAME_CHARS 32
#define PAT_NET_MAX_TEXT_CHARS 200
#define PAT_NET_MAX_APP_VERSION 32
#define PAT_NET_MIN_CODE 4
#define PAT_NET_MAX_CODE 12
/* The letters of a match code: no 0, 1, I or O, which read alike. */
#define PAT_NET_CODE_ALPHABET "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#define PAT_NET_MAX_MOVE_TEXT 16
/* The secret a host gives each player in welcome to take their seat again (rejoin): 128 random
 * bits as lowercase hexadecimal digits. */
#define PAT_NET_TOKEN_LENGTH 32
#define PAT_NET_MAX_ROUNDS 10000
#define PAT_NET_MAX_MOVES_PER_ROUND 5000
#define PAT_NET_MAX_TARGET 100000
/* A round's time limit, in seconds: a day at most. */
#define PAT_NET_MAX_TIME_LIMIT 86400
/* A total never goes past this: PAT_NET_MAX_ROUNDS × 352 points × PAT_NET_MAX_PLAYERS, rounded. */
#define PAT_NET_MAX_TOTAL 30000000
/* A Demon round scores from 1 − 13 (the base card up, the reserve full) to 352 (won). */
#define PAT_NET_MIN_SCORE (-13)
#define PAT_NET_MAX_SCORE 352

#define PAT_NET_ERROR (pat_net_error_quark ())

typedef enum {
  PAT_NET_ERROR_TOO_BIG,       /* a message over PAT_NET_MAX_MESSAGE_SIZE */
  PAT_NET_ERROR_MALFORMED,     /* not UTF-8, not JSON, nested too deep, not an object */
  PAT_NET_ERROR_VERSION,       /* a protocol version this program does not speak */
  PAT_NET_ERROR_UNKNOWN_TYPE,  /* a message type this version does not have */
  PAT_NET_ERROR_BAD_FIELD,     /* a field missing, unknown, of the wrong type or out of range */
  PAT_NET_ERROR_REFUSED,       /* the host refused to let us in */
  PAT_NET_ERROR_PROTOCOL,      /* a valid message at the wrong moment */
  PAT_NET_ERROR_CLOSED,        /* the other side closed the connection */
  PAT_NET_ERROR_CERTIFICATE,   /* the host's certificate is not the one pinned */
  PAT_NET_ERROR_FAILED,        /* anything else: files, sockets, TLS */
} PatNetError;

GQuark pat_net_error_quark (void);

typedef enum {
  PAT_NET_MSG_HELLO,          /* player → host: let me in */
  PAT_NET_MSG_WELCOME,        /* host → player: you are in, as player N */
  PAT_NET_MSG_REFUSED,        /* host → player: you are not, and why */
  PAT_NET_MSG_LOBBY,          /* host → all: who is in the match */
  PAT_NET_MSG_ROUND_START,    /* host → all: the deal of a round */
  PAT_NET_MSG_MOVE,           /* player → host: one move of mine */
  PAT_NET_MSG_END_ROUND,      /* player → host: I end my round here */
  PAT_NET_MSG_MOVE_REFUSED,   /* host → player: that move is not legal */
  PAT_NET_MSG_PLAYER_STATE,   /* host → all: one player's position after a move */
  PAT_NET_MSG_ROUND_END,      /* host → all: the round's scores and the totals */
  PAT_NET_MSG_MATCH_END,      /* host → all: the winner and the final table */
  PAT_NET_MSG_BYE,            /* either way: I am closing, normally */
  PAT_NET_MSG_ERROR,          /* either way: I am closing because of what you sent */
  PAT_NET_MSG_REJOIN,         /* player → host: I lost my connection; here is my seat's token */
  PAT_NET_N_MESSAGE_TYPES,
} PatNetMessageType;

typedef enum {
  PAT_NET_REFUSAL_WRONG_CODE,
  PAT_NET_REFUSAL_LOCKED_OUT,  /* too many wrong codes from this address */
  PAT_NET_REFUSAL_VERSION,
  PAT_NET_REFUSAL_FULL,
  PAT_NET_REFUSAL_NAME_TAKEN,
  PAT_NET_REFUSAL_BAD_TEAM,
  PAT_NET_REFUSAL_STARTED,     /* the match began without this player */
  PAT_NET_REFUSAL_BAD_TOKEN,   /* rejoin: no such seat, or not its token */
  PAT_NET_REFUSAL_GONE,        /* rejoin: the seat was away too long, its player is out */
  PAT_NET_N_REFUSALS,
} PatNetRefusal;

/* Room for a name or a text of the limits above, in UTF-8 (at most 4 bytes a character). */
#define PAT_NET_NAME_BYTES (PAT_NET_MAX_NAME_CHARS * 4 + 1)
#define PAT_NET_TEXT_BYTES (PAT_NET_MAX_TEXT_CHARS * 4 + 1)

/* One row of a table: the lobby (id, name, team, connected, gone), a round's end (id, score, total)
 * or the match's end (id, name, team, total). */
typedef struct {
  guint    id;
  char     name[PAT_NET_NAME_BYTES];
  int      team;        /* 0-based, or -1 in a match without teams */
  gboolean connected;  /* lobby: connected now; not connected and not gone is away */
  gboolean gone;       /* lobby: away longer than the host waits, or left: out for good */
  int      score;
  int      total;
} PatNetPlayerRow;

/*
 * A message, flat: each type uses the fields docs/protocol.md lists for it and leaves the
 * others zero. Strings are NUL-terminated, checked UTF-8 within their limits.
 */
typedef struct {
  PatNetMessageType type;
  guint             version;                          /* as read; written as the current one */

  char              app_version[PAT_NET_MAX_APP_VERSION + 1];  /* hello */
  char              code[PAT_NET_MAX_CODE + 1];                /* hello */
  char              name[PAT_NET_NAME_BYTES];                  /* hello: player; welcome: match */
  char              text[PAT_NET_TEXT_BYTES];   /* refused, move-refused, bye, error: why */
  char              move[PAT_NET_MAX_MOVE_TEXT + 1];          /* move */
  char              token[PAT_NET_TOKEN_LENGTH + 1];          /* welcome, rejoin */

  int               team;          /* hello: -1 for none */
  guint             player;        /* welcome, player-state, rejoin */
  PatNetRefusal     refusal;       /* refused */
  int               target;        /* welcome */
  guint             n_teams;       /* welcome, lobby, round-end, match-end: 0 without teams */
  PatDieMode        die_mode;      /* welcome, round-start */
  guint             round;         /* round-start, move, end-round, move-refused, player-state,
                                    * round-end */
  PatDealNumber     deal;          /* round-start */
  guint             time_limit;    /* round-start: seconds left in the round, 0 for no limit */
  guint             seq;           /* move, move-refused: the move's number in the round, from 0 */
  guint             foundation;    /* player-state: cards on the foundations */
  int               score;         /* player-state */
  int               total;         /* player-state: the total before this round */
  guint             n_moves;       /* player-state */
  gboolean          ended;         /* player-state: the player's round is over */
  int               winner;        /* match-end: a player, or a team when n_teams > 0; -1 drawn */

  guint             n_players;     /* lobby, round-end, match-end */
  PatNetPlayerRow   players[PAT_NET_MAX_PLAYERS];
  int               team_totals[PAT_NET_MAX_TEAMS];   /* round-end, match-end */
} PatNetMessage;

PatNetMessage *pat_net_message_new       (PatNetMessageType    type);
void           pat_net_message_free      (PatNetMessage       *message);
PatNetMessage *pat_net_message_read      (const guint8        *data,
                                          gsize                size,
                                          GError             **error);
PatNetMessage *pat_net_message_read_bytes (GBytes             *bytes,
                                           GError            **error);
GBytes        *pat_net_message_write     (const PatNetMessage *message);
char          *pat_net_message_to_string (const PatNetMessage *message);

const char    *pat_net_message_type_to_string (PatNetMessageType type);
const char    *pat_net_refusal_to_string      (PatNetRefusal     refusal);
const char    *pat_net_die_mode_to_string     (PatDieMode        mode);

/* Whether @name is fit to be a player's or a match's name (see pat-net-message.c). */
gboolean       pat_net_name_valid        (const char          *name,
                                          GError             **error);
void           pat_net_text_sanitize     (char                *text);
/* Whether @token is PAT_NET_TOKEN_LENGTH lowercase hexadecimal digits. */
gboolean       pat_net_token_valid       (const char          *token);
/* A new random token (from GnuTLS's random generator for keys). */
char          *pat_net_token_new         (void);
/* Compares two tokens in time that does not depend on where they differ. */
gboolean       pat_net_token_equal       (const char          *a,
                                          const char          *b);
/* Whether @code is a match code's shape: PAT_NET_MIN_CODE to PAT_NET_MAX_CODE letters of
 * PAT_NET_CODE_ALPHABET. */
gboolean       pat_net_code_valid        (const char          *code);
char          *pat_net_code_from_text    (const char          *text);
/* A new random match code of @length letters. */
char          *pat_net_code_new          (guint                length);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PatNetMessage, pat_net_message_free)

G_END_DECLS
