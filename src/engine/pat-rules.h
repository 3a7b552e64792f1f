/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules of every game behind one table of functions, the layouts the board draws, and move
 * text. */
#pragma once

#include <glib.h>

#include "pat-card.h"
#include "pat-deal.h"
#include "pat-state.h"

G_BEGIN_DECLS

typedef enum {
  PAT_PILE_STOCK,
  PAT_PILE_WASTE,
  PAT_PILE_RESERVE,
  PAT_PILE_FOUNDATION,
  PAT_PILE_TABLEAU,
  PAT_PILE_CELL,
  PAT_PILE_HOLE,
  PAT_PILE_DISCARD,
} PatPileKind;

typedef enum {
  PAT_FAN_NONE,    /* a neat stack: only the top card shows */
  PAT_FAN_DOWN,
  PAT_FAN_RIGHT,
} PatFan;

typedef enum {
  PAT_FACE_UP,      /* every card face up */
  PAT_FACE_DOWN,    /* every card face down */
  PAT_FACE_TOP_UP,  /* only the top card face up */
} PatFace;

typedef struct {
  guint8 kind;    /* PatPileKind */
  guint8 index;   /* 1-based within its kind: t3 is the tableau pile of index 3 */
  guint8 fan;     /* PatFan */
  guint8 face;    /* PatFace */
  float  x, y;    /* top-left corner, in card widths and card heights */
} PatPileInfo;

/* What a game calls its tableau piles; the UI words them ("Fan 3"). */
typedef enum {
  PAT_NOUN_TABLEAU,
  PAT_NOUN_FAN,
  PAT_NOUN_COLUMN,
  PAT_NOUN_PILE,
} PatPileNoun;

typedef struct _PatLayout PatLayout;

struct _PatLayout {
  guint       n_piles;
  float       width, height;   /* the whole layout, in card widths and heights, fans excluded */
  PatPileInfo piles[PAT_MAX_PILES];
  /* What the game calls its PAT_PILE_HOLE, marked N_(); NULL without one. */
  const char *hole_name;
  guint8      tableau_noun;    /* PatPileNoun: what the game calls its PAT_PILE_TABLEAU piles */
  /* The same piles (same order, kinds, fans and faces) placed for a tall, narrow board, which
   * the board uses where it gives bigger cards; NULL when this layout serves every shape. */
  const PatLayout *narrow;
};

typedef enum {
  PAT_STATUS_PLAYING,
  PAT_STATUS_WON,
  PAT_STATUS_BLOCKED,
  PAT_STATUS_CYCLE,
} PatStatus;

typedef enum {
  PAT_DIE_OFF,        /* Demon: three cards per turn */
  PAT_DIE_PER_GAME,   /* Die of Justice, one roll for the whole game */
  PAT_DIE_PER_PASS,   /* Die of Justice, a roll at the start of every pass through the stock */
} PatDieMode;

typedef struct {
  PatDieMode die_mode;
} PatOptions;

/* What a game has that the UI shows or offers; the rules table is the only place that knows. */
typedef enum {
  PAT_RULES_SCORE       = 1 << 0,  /* a score the status line and the statistics show */
  PAT_RULES_ROUNDS      = 1 << 1,  /* play goes in rounds: the status line shows the round, not the
                                    * cards left */
  PAT_RULES_DIE         = 1 << 2,  /* PatOptions.die_mode applies (the Die of Justice) */
  PAT_RULES_PYSOLFC     = 1 << 3,  /* deal numbers give the same deals as in PySolFC */
  PAT_RULES_MATCH       = 1 << 4,  /* the game a match between players plays */
  PAT_RULES_BELOW_BASE  = 1 << 5,  /* an empty tableau pile takes the rank below the base rank */
  PAT_RULES_FIRST_CARD  = 1 << 6,  /* the deck's first card is marked on the board (the beak) */
  PAT_RULES_PLAYS_ITSELF = 1 << 7, /* the player never chooses a move, only deals: the deal alone
                                    * decides the outcome (the classic Perpetual Motion) */
} PatRulesFlags;

typedef struct _PatRules PatRules;
/* A game's solver (pat-solver.h) and its difficulty levels (pat-difficulty.h). */
typedef struct _PatSolver PatSolver;
typedef struct _PatDifficultyInfo PatDifficultyInfo;

struct _PatRules {
  const char      *id;
  const char      *name;      /* marked N_() */
  const char      *summary;   /* one line, marked N_() */
  const PatLayout *layout;

  /* Deals @deck (top first) into @state. @deal feeds anything derived from the deal number. */
  void      (*deal)        (PatState            *state,
                            const PatCard       *deck,
                            const PatDealNumber *deal,
                            const PatOptions    *options);
  /* Every legal player move, without duplicates. */
  void      (*legal_moves) (const PatState      *state,
                            PatMoveList         *moves);
  /* Whether @move is legal; when not, @reason (static, English) says why. */
  gboolean  (*check_move)  (const PatState      *state,
                            const PatMove       *move,
                            const char         **reason);
  /* Applies a legal @move and then every automatic move, appending those to @automatic (may be
   * NULL). */
  void      (*apply)       (PatState            *state,
                            const PatMove       *move,
                            PatMoveList         *automatic);
  PatStatus (*status)      (const PatState      *state);
  int       (*score)       (const PatState      *state);
  /* Optional: lines before the piles in the text form ("Round: 3"). */
  void      (*describe)    (const PatState      *state,
                            GString             *out);
  /* Optional: replaces the generic text form entirely. */
  void      (*format)      (const PatState      *state,
                            GString             *out);
  /* Optional: whether @card, which fits its foundation, may go there without ever being missed
   * in the tableau, @height counting the cards on each suit's foundation. The board's
   * auto-foundation and the solver play only such moves unasked; a game without it has none. */
  gboolean  (*safe_to_foundation) (PatCard       card,
                                   guint         base_rank,
                                   const guint8  height[4]);
  guint            flags;           /* PatRulesFlags */
  /* Why no move is left when the game is blocked, a sentence marked N_(); NULL for the generic
   * one. */
  const char      *blocked_reason;
  /* The name where room is short (a phone-sized window's header), marked N_(); NULL when the
   * name itself is short. */
  const char      *short_name;
  /* Optional: the game's solver, which pat_solver_solve() runs; NULL for a game without one
   * (Perpetual Motion, decided by playing it). */
  const PatSolver *solver;
  /* Optional: the game's difficulty levels (thresholds, players, yardstick), which the
   * pat_difficulty_*() functions read; NULL for a game without levels. Goes with a solver. */
  const PatDifficultyInfo *difficulty;
};

/* What a move did to one card, for the board to show it: where the card was and where it went
 * (pile, and index from the bottom), whether it lies face up there, and the stage of the move it
 * moved in. A move goes in stages, one after the other: the player's move, then each automatic
 * move it caused (a refill, a discard, a gathering), then each card sent up by itself; the cards
 * of one stage move together, and their indices are those of the positions before and after it. */
typedef struct {
  guint8 card;
  guint8 from_pile;
  guint8 from_index;
  guint8 to_pile;
  guint8 to_index;
  guint8 face_up;     /* where it lands, as the layout shows it */
  guint8 stage;
  guint8 automatic;   /* a stage the player did not play: the rules' own moves, a card gone up */
} PatMoveStep;

const PatRules  *pat_rules_lookup        (const char          *id);
const PatRules  *pat_rules_default       (void);
void             pat_rules_register      (const PatRules      *rules);
const PatRules  *pat_rules_match         (void);
const PatRules *const *pat_rules_all     (guint               *n_rules);

void             pat_rules_deal_number   (const PatRules      *rules,
                                          PatState            *state,
                                          const PatDealNumber *number,
                                          const PatOptions    *options);
void             pat_rules_deal_deck     (const PatRules      *rules,
                                          PatState            *state,
                                          const PatCard        deck[PAT_N_CARDS],
                                          const PatOptions    *options);

int              pat_rules_find_pile     (const PatRules      *rules,
                                          PatPileKind          kind,
                                          guint                index);
void             pat_rules_pile_name     (const PatRules      *rules,
                                          guint                pile,
                                          char                 out[8]);
gboolean         pat_rules_parse_move    (const PatRules      *rules,
                                          const PatState      *state,
                                          const char          *text,
                                          PatMove             *move,
                                          GError             **error);
char            *pat_rules_format_move   (const PatRules      *rules,
                                          const PatMove       *move);
gboolean         pat_rules_try_move      (const PatRules      *rules,
                                          PatState            *state,
                                          const PatMove       *move,
                                          PatMoveList         *automatic,
                                          GError             **error);
gboolean         pat_rules_apply_steps   (const PatRules      *rules,
                                          PatState            *state,
                                          const PatMove       *move,
                                          gboolean             automatic,
                                          GArray              *steps,
                                          guint               *stage,
                                          GError             **error);
/* What the player calls @pile ("Fan 3", "Stock", the game's name for its hole), translated. */
/* Whether @layout shows card @index (from the bottom) of @pile in @state face up. */
gboolean         pat_layout_card_face_up (const PatLayout     *layout,
                                          const PatState      *state,
                                          guint                pile,
                                          guint                index);
char            *pat_rules_dup_pile_name (const PatRules      *rules,
                                          guint                pile);
char            *pat_rules_format_state  (const PatRules      *rules,
                                          const PatState      *state);
const char      *pat_status_to_string    (PatStatus            status);

/* Whether some cards are dealt face down (from the layout): a solver that reads them knows more
 * than the player. */
gboolean         pat_rules_has_hidden_cards (const PatRules   *rules);
/* Whether the game plays itself: dealing is the only move, so the deal decides the outcome. */
gboolean         pat_rules_plays_itself     (const PatRules   *rules);
/* Whether @rules (nullable) has any of @flags. */
gboolean         pat_rules_has_flag         (const PatRules   *rules,
                                             PatRulesFlags     flags);

/* Whether @card goes on foundation @pile of a game whose foundations build up in suit from
 * state->base_rank, round the corner (Demon, Penguin); @empty_reason says why an empty
 * foundation refuses a card. */
gboolean         pat_rules_fits_suit_foundation (const PatState  *state,
                                                 guint            pile,
                                                 PatCard          card,
                                                 const char      *empty_reason,
                                                 const char     **reason);

/* The rules modules, one per game family. */
extern const PatRules pat_rules_perpetual_motion;
extern const PatRules pat_rules_perpetual_motion_free;
extern const PatRules pat_rules_idiots_delight;
extern const PatRules pat_rules_black_hole;
extern const PatRules pat_rules_all_in_a_row;
extern const PatRules pat_rules_penguin;
extern const PatRules pat_rules_demon;

G_END_DECLS
