/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STUB: replaced by the real rules module. */

#include "config.h"

#include "pat-rules.h"

static const PatLayout stub_layout = { 1, 1, 1, { { PAT_PILE_STOCK, 0, PAT_FAN_NONE, PAT_FACE_DOWN, 0, 0 } } };

static void
stub_deal (PatState *state, const PatCard *deck, const PatDealNumber *deal, const PatOptions *options)
{
  guint i;

  pat_state_init (state, 1);
  for (i = 0; i < PAT_N_CARDS; i++)
    pat_state_push (state, 0, deck[PAT_N_CARDS - 1 - i]);
}

static void
stub_legal_moves (const PatState *state, PatMoveList *moves)
{
  moves->n = 0;
}

static gboolean
stub_check_move (const PatState *state, const PatMove *move, const char **reason)
{
  *reason = "not implemented";
  return FALSE;
}

static void
stub_apply (PatState *state, const PatMove *move, PatMoveList *automatic)
{
}

static PatStatus
stub_status (const PatState *state)
{
  return PAT_STATUS_BLOCKED;
}

static int
stub_score (const PatState *state)
{
  return 0;
}

const PatRules pat_rules_perpetual_motion = {
  "perpetual-motion", "perpetual-motion", "", &stub_layout,
  stub_deal, stub_legal_moves, stub_check_move, stub_apply, stub_status, stub_score, NULL, NULL,
};

const PatRules pat_rules_perpetual_motion_free = {
  "perpetual-motion-free", "x", "", &stub_layout,
  stub_deal, stub_legal_moves, stub_check_move, stub_apply, stub_status, stub_score, NULL, NULL,
};

const PatRules pat_rules_idiots_delight = {
  "idiots-delight", "idiots-delight", "", &stub_layout,
  stub_deal, stub_legal_moves, stub_check_move, stub_apply, stub_status, stub_score, NULL, NULL,
};
