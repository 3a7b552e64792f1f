/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A game position: every pile of every game in one small, copyable struct; and moves. */
#pragma once

#include <glib.h>

#include "pat-card.h"
#include "pat-deal.h"

G_BEGIN_DECLS

#define PAT_MAX_PILES 24

/* All 52 cards live in one array, pile after pile, each pile bottom to top:
 * pile i is cards[start[i]] … cards[start[i + 1] − 1]. The whole position is about
 * a hundred bytes, so undo can keep whole copies and solvers can hash it. */
typedef struct {
  guint8        n_piles;
  guint8        start[PAT_MAX_PILES + 1];
  PatCard       cards[PAT_N_CARDS];

  /* Game-specific scalars; each rules module says what it keeps here. */
  guint8        base_rank;   /* Demon's base rank, Penguin's beak rank; 0 when none */
  guint8        variant;     /* Demon: PatDieMode */
  guint8        die;         /* Die of Justice: the current roll, 0 when none */
  guint8        flags;
  guint16       round;       /* Perpetual Motion's round, Demon's pass through the stock
                                (1-based) */
  guint16       cycle_length;
  guint32       cycle_round; /* Perpetual Motion: the round whose starting stock repeats one
                                before */
  PatDealNumber deal;        /* what die rolls are derived from */
} PatState;

static inline guint
pat_state_pile_len (const PatState *state,
                    guint           pile)
{
  return state->start[pile + 1] - state->start[pile];
}

static inline const PatCard *
pat_state_pile_cards (const PatState *state,
                      guint           pile)
{
  return state->cards + state->start[pile];
}

/* The top card of @pile, or %PAT_NO_CARD when it is empty. */
static inline PatCard
pat_state_pile_top (const PatState *state,
                    guint           pile)
{
  guint end = state->start[pile + 1];

  return end > state->start[pile] ? state->cards[end - 1] : PAT_NO_CARD;
}

/* The card @depth places below the top (0 is the top card). */
static inline PatCard
pat_state_pile_peek (const PatState *state,
                     guint           pile,
                     guint           depth)
{
  guint end = state->start[pile + 1];

  return end - state->start[pile] > depth ? state->cards[end - 1 - depth] : PAT_NO_CARD;
}

void     pat_state_init       (PatState       *state,
                               guint           n_piles);
void     pat_state_push       (PatState       *state,
                               guint           pile,
                               PatCard         card);
void     pat_state_move       (PatState       *state,
                               guint           from,
                               guint           to,
                               guint           count);
void     pat_state_move_flip  (PatState       *state,
                               guint           from,
                               guint           to,
                               guint           count);
guint    pat_state_n_cards    (const PatState *state);
/* Where every card is: its pile and place, or 0xff for a card in no pile. */
void     pat_state_locate_cards (const PatState *state,
                                 guint8          pile_of[PAT_N_CARDS],
                                 guint8          index_of[PAT_N_CARDS]);

/* Called after each pat_state_move() with the position it left, while set. */
typedef void (*PatStateMoveHook) (const PatState *state,
                                  guint           from,
                                  guint           to,
                                  guint           count,
                                  gpointer        user_data);

void     pat_state_set_move_hook (PatStateMoveHook hook,
                                  gpointer         user_data);
gboolean pat_state_equal      (const PatState *a,
                               const PatState *b);
guint64  pat_state_hash       (const PatState *state);

typedef enum {
  PAT_MOVE_CARDS,     /* count cards from `from` to `to`, as a unit */
  PAT_MOVE_STOCK,     /* deal or turn the stock (Demon: turn the waste back when the stock is
                         empty) */
  PAT_MOVE_PAIR,      /* Idiot's Delight: discard the tops of `from` and `from2`, same rank */
  PAT_MOVE_GATHER,    /* automatic only: Perpetual Motion's end-of-round gathering */
  PAT_MOVE_DISCARD4,  /* automatic only: four of a kind just dealt go out */
} PatMoveKind;

typedef struct {
  guint8 kind;
  guint8 from;
  guint8 to;
  guint8 count;
  guint8 from2;
} PatMove;

#define PAT_MAX_MOVES 512

typedef struct {
  guint   n;
  PatMove moves[PAT_MAX_MOVES];
} PatMoveList;

static inline void
pat_move_list_add (PatMoveList *list,
                   guint        kind,
                   guint        from,
                   guint        to,
                   guint        count)
{
  if (list != NULL && list->n < PAT_MAX_MOVES)
    {
      PatMove *m = &list->moves[list->n++];

      m->kind = (guint8) kind;
      m->from = (guint8) from;
      m->to = (guint8) to;
      m->count = (guint8) count;
      m->from2 = 0;
    }
}

static inline PatMove
pat_move_cards (guint from,
                guint to,
                guint count)
{
  PatMove m = { PAT_MOVE_CARDS, (guint8) from, (guint8) to, (guint8) count, 0 };
  return m;
}

G_END_DECLS
