/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The game registry and what every game shares: dealing, pile names, move text, the text form. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pat-error.h"
#include "pat-rules.h"

/* Reasons are marked for translation; the UI translates them in the "patience" domain. Pile
 * names are translated here, where they are put together. */
#define N_(s) (s)
#define _(s) g_dgettext (GETTEXT_PACKAGE, s)

G_DEFINE_QUARK (pat-error-quark, pat_error)

#define N_BUILT_IN    7
#define MAX_REGISTERED 8

/* The games shipped, then any pat_rules_register() added (tests do). */
static const PatRules *all_rules[N_BUILT_IN + MAX_REGISTERED] = {
  &pat_rules_perpetual_motion,
  &pat_rules_perpetual_motion_free,
  &pat_rules_idiots_delight,
  &pat_rules_black_hole,
  &pat_rules_all_in_a_row,
  &pat_rules_penguin,
  &pat_rules_demon,
};
static guint n_all_rules = N_BUILT_IN;

/**
 * pat_rules_register:
 * @rules: (transfer none): a game's rules, which must outlive the process's use of them
 *
 * Adds a game after the shipped ones: everything that lists or looks up games (the window, the
 * board, the chooser, the statistics) then offers it. Tests use this to play a game the app does
 * not ship. Call it before any other thread looks games up.
 */
void
pat_rules_register (const PatRules *rules)
{
  g_return_if_fail (rules != NULL && rules->id != NULL && rules->layout != NULL);
  g_return_if_fail (pat_rules_lookup (rules->id) == NULL);
  g_return_if_fail (n_all_rules < G_N_ELEMENTS (all_rules));

  all_rules[n_all_rules++] = rules;
}

/**
 * pat_rules_all:
 * @n_rules: (out): how many games there are
 *
 * Returns: (transfer none): every game, in the order the app lists them
 */
const PatRules *const *
pat_rules_all (guint *n_rules)
{
  *n_rules = n_all_rules;
  return all_rules;
}

/**
 * pat_rules_lookup:
 * @id: a game id such as "black-hole"
 *
 * Returns: (transfer none) (nullable): the game's rules, or %NULL for an unknown id
 */
const PatRules *
pat_rules_lookup (const char *id)
{
  guint i;

  if (id == NULL)
    return NULL;
  for (i = 0; i < n_all_rules; i++)
    if (strcmp (all_rules[i]->id, id) == 0)
      return all_rules[i];
  return NULL;
}

/**
 * pat_rules_default:
 *
 * Returns: (transfer none): the game a first launch opens
 */
const PatRules *
pat_rules_default (void)
{
  return &pat_rules_black_hole;
}

/**
 * pat_rules_match:
 *
 * Returns: (transfer none): the game that matches between players play: the one with
 *   %PAT_RULES_MATCH
 */
const PatRules *
pat_rules_match (void)
{
  guint i;

  for (i = 0; i < n_all_rules; i++)
    if (all_rules[i]->flags & PAT_RULES_MATCH)
      return all_rules[i];
  g_return_val_if_reached (NULL);
}

/**
 * pat_rules_has_hidden_cards:
 *
 * Returns: whether the layout deals some cards face down (a stock, a reserve under its top card),
 *   so that a solver reading every card knows more than the player; read off the layout
 */
gboolean
pat_rules_has_hidden_cards (const PatRules *rules)
{
  guint i;

  for (i = 0; i < rules->layout->n_piles; i++)
    if (rules->layout->piles[i].face != PAT_FACE_UP)
      return TRUE;
  return FALSE;
}

/**
 * pat_rules_plays_itself:
 *
 * Returns: whether the player never chooses a move, only deals, so that the deal alone decides
 *   the outcome (the classic Perpetual Motion)
 */
gboolean
pat_rules_plays_itself (const PatRules *rules)
{
  return pat_rules_has_flag (rules, PAT_RULES_PLAYS_ITSELF);
}

gboolean
pat_rules_has_flag (const PatRules *rules,
                    PatRulesFlags   flags)
{
  return rules != NULL && (rules->flags & flags) != 0;
}

const char *
pat_status_to_string (PatStatus status)
{
  switch (status)
    {
    case PAT_STATUS_PLAYING:
      return "playing";
    case PAT_STATUS_WON:
      return "won";
    case PAT_STATUS_BLOCKED:
      return "blocked";
    case PAT_STATUS_CYCLE:
      return "cycle";
    default:
      return "unknown";
    }
}

gboolean
pat_rules_fits_suit_foundation (const PatState  *state,
                                guint            pile,
                                PatCard          card,
                                const char      *empty_reason,
                                const char     **reason)
{
  PatCard top = pat_state_pile_top (state, pile);

  if (top == PAT_NO_CARD)
    {
      if (pat_card_rank (card) != state->base_rank)
        {
          *reason = empty_reason;
          return FALSE;
        }
      return TRUE;
    }
  if (pat_card_suit (card) != pat_card_suit (top))
    {
      *reason = N_("a foundation builds up in one suit");
      return FALSE;
    }
  if (pat_card_rank (card) != pat_rank_next (pat_card_rank (top)))
    {
      *reason = N_("a foundation takes the next rank of its suit");
      return FALSE;
    }
  return TRUE;
}

void
pat_rules_deal_number (const PatRules      *rules,
                       PatState            *state,
                       const PatDealNumber *number,
                       const PatOptions    *options)
{
  PatCard deck[PAT_N_CARDS];
  PatOptions defaults = { PAT_DIE_OFF };

  pat_deal_shuffle (number, deck);
  rules->deal (state, deck, number, options != NULL ? options : &defaults);
}

/* A deck given card by card has no deal number; what is derived from one (die rolls) is
 * derived from the deck instead, with a number outside the valid range. */
void
pat_rules_deal_deck (const PatRules   *rules,
                     PatState         *state,
                     const PatCard     deck[PAT_N_CARDS],
                     const PatOptions *options)
{
  PatDealNumber seed = { G_GUINT64_CONSTANT (0xcbf29ce484222325), G_MAXUINT64 };
  PatOptions defaults = { PAT_DIE_OFF };
  guint i;

  for (i = 0; i < PAT_N_CARDS; i++)
    seed.lo = (seed.lo ^ deck[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  rules->deal (state, deck, &seed, options != NULL ? options : &defaults);
}

static char
kind_letter (PatPileKind kind)
{
  switch (kind)
    {
    case PAT_PILE_STOCK:
      return 's';
    case PAT_PILE_WASTE:
      return 'w';
    case PAT_PILE_RESERVE:
      return 'r';
    case PAT_PILE_FOUNDATION:
      return 'f';
    case PAT_PILE_TABLEAU:
      return 't';
    case PAT_PILE_CELL:
      return 'c';
    case PAT_PILE_HOLE:
      return 'h';
    case PAT_PILE_DISCARD:
      return 'x';
    default:
      return '?';
    }
}

static gboolean
kind_is_numbered (PatPileKind kind)
{
  return kind == PAT_PILE_FOUNDATION || kind == PAT_PILE_TABLEAU || kind == PAT_PILE_CELL;
}

/* Returns the pile of @kind and 1-based @index (0 for an unnumbered kind), or −1. */
int
pat_rules_find_pile (const PatRules *rules,
                     PatPileKind     kind,
                     guint           index)
{
  guint i;

  for (i = 0; i < rules->layout->n_piles; i++)
    {
      const PatPileInfo *info = &rules->layout->piles[i];

      if (info->kind == kind && (!kind_is_numbered (kind) || info->index == index))
        return (int) i;
    }
  return -1;
}

/* The pile's name in move notation: "s", "f2", "t13". */
void
pat_rules_pile_name (const PatRules *rules,
                     guint           pile,
                     char            out[8])
{
  const PatPileInfo *info = &rules->layout->piles[pile];

  if (kind_is_numbered (info->kind))
    g_snprintf (out, 8, "%c%u", kind_letter (info->kind), info->index);
  else
    g_snprintf (out, 8, "%c", kind_letter (info->kind));
}

/* Parses one pile name; @index is 0 for a bare "f" or "c". */
static gboolean
parse_pile_name (const char  *text,
                 gsize        len,
                 PatPileKind *kind,
                 guint       *index)
{
  static const char letters[] = "swrftchx";
  const char *k;
  guint n = 0;
  gsize i;

  if (len == 0 || len > 3)
    return FALSE;
  k = strchr (letters, text[0]);
  if (k == NULL || text[0] == '\0')
    return FALSE;
  *kind = (PatPileKind) (k - letters == 0 ? PAT_PILE_STOCK :
                         k - letters == 1 ? PAT_PILE_WASTE :
                         k - letters == 2 ? PAT_PILE_RESERVE :
                         k - letters == 3 ? PAT_PILE_FOUNDATION :
                         k - letters == 4 ? PAT_PILE_TABLEAU :
                         k - letters == 5 ? PAT_PILE_CELL :
                         k - letters == 6 ? PAT_PILE_HOLE : PAT_PILE_DISCARD);
  for (i = 1; i < len; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        return FALSE;
      n = n * 10 + (guint) (text[i] - '0');
    }
  if (len > 1 && (!kind_is_numbered (*kind) || n == 0))
    return FALSE;
  if (len == 1 && *kind == PAT_PILE_TABLEAU)
    return FALSE;
  *index = n;
  return TRUE;
}

static int
resolve_pile (const PatRules  *rules,
              const char      *text,
              gsize            len,
              GError         **error)
{
  PatPileKind kind;
  guint index;
  int pile;

  if (!parse_pile_name (text, len, &kind, &index) ||
      (pile = pat_rules_find_pile (rules, kind, MAX (index, 1))) < 0)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_UNKNOWN_PILE,
                   "unknown pile '%.*s' in %s", (int) MIN (len, 20), text, rules->id);
      return -1;
    }
  return pile;
}

/* "f" names the foundation that takes the card, "c" the first empty cell. */
static int
resolve_destination (const PatRules  *rules,
                     const PatState  *state,
                     const char      *text,
                     gsize            len,
                     PatMove         *move,
                     GError         **error)
{
  int first = -1;
  guint i;

  if (len != 1 || (text[0] != 'f' && text[0] != 'c'))
    return resolve_pile (rules, text, len, error);

  for (i = 0; i < rules->layout->n_piles; i++)
    {
      const PatPileInfo *info = &rules->layout->piles[i];
      const char *reason;

      if (info->kind != (text[0] == 'f' ? PAT_PILE_FOUNDATION : PAT_PILE_CELL))
        continue;
      if (first < 0)
        first = (int) i;
      move->to = (guint8) i;
      if (text[0] == 'c' && pat_state_pile_len (state, i) == 0)
        return (int) i;
      if (text[0] == 'f' && rules->check_move (state, move, &reason))
        return (int) i;
    }

  if (first < 0)
    return resolve_pile (rules, text, len, error);
  /* None takes it: name the first, and the rules will say why not. */
  return first;
}

/**
 * pat_rules_parse_move:
 * @rules: the game
 * @state: the position the move is for (resolves "f" and "c")
 * @text: "s", "FROM>TO", "FROM:K>TO" or "tA+tB>x"
 * @move: (out): the move
 * @error: return location for a #PAT_ERROR
 *
 * Parses move notation. It does not check that the move is legal.
 *
 * Returns: whether @text is a move of this game
 */
gboolean
pat_rules_parse_move (const PatRules  *rules,
                      const PatState  *state,
                      const char      *text,
                      PatMove         *move,
                      GError         **error)
{
  const char *gt = strchr (text, '>');
  const char *colon;
  const char *plus;
  int from, to;

  memset (move, 0, sizeof *move);

  if (strcmp (text, "s") == 0)
    {
      from = resolve_pile (rules, "s", 1, error);
      if (from < 0)
        return FALSE;
      move->kind = PAT_MOVE_STOCK;
      move->from = (guint8) from;
      move->to = (guint8) from;
      return TRUE;
    }

  if (gt == NULL || gt == text || gt[1] == '\0' || strchr (gt + 1, '>') != NULL)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE,
                   "not a move (moves are like t3>f, t2:3>t5, s)");
      return FALSE;
    }

  colon = memchr (text, ':', gt - text);
  plus = memchr (text, '+', gt - text);

  if (plus != NULL)
    {
      int from2;

      if (colon != NULL)
        {
          g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE, "not a move");
          return FALSE;
        }
      if ((from = resolve_pile (rules, text, plus - text, error)) < 0 ||
          (from2 = resolve_pile (rules, plus + 1, gt - plus - 1, error)) < 0 ||
          (to = resolve_pile (rules, gt + 1, strlen (gt + 1), error)) < 0)
        return FALSE;
      move->kind = PAT_MOVE_PAIR;
      move->from = (guint8) from;
      move->from2 = (guint8) from2;
      move->to = (guint8) to;
      move->count = 2;
      return TRUE;
    }

  move->kind = PAT_MOVE_CARDS;
  move->count = 1;
  if (colon != NULL)
    {
      char *end;
      unsigned long k;

      if ((from = resolve_pile (rules, text, colon - text, error)) < 0)
        return FALSE;
      k = strtoul (colon + 1, &end, 10);
      if (end != gt || colon + 1 == gt || k == 0 || k > PAT_N_CARDS)
        {
          g_set_error (error, PAT_ERROR, PAT_ERROR_BAD_MOVE,
                       "bad card count '%.*s'", (int) MIN (gt - colon - 1, 10), colon + 1);
          return FALSE;
        }
      move->count = (guint8) k;
    }
  else if ((from = resolve_pile (rules, text, gt - text, error)) < 0)
    return FALSE;

  move->from = (guint8) from;
  to = resolve_destination (rules, state, gt + 1, strlen (gt + 1), move, error);
  if (to < 0)
    return FALSE;
  move->to = (guint8) to;
  return TRUE;
}

/**
 * pat_rules_format_move:
 *
 * Returns: (transfer full): @move in the notation pat_rules_parse_move() reads
 */
char *
pat_rules_format_move (const PatRules *rules,
                       const PatMove  *move)
{
  char from[8], to[8], from2[8];

  pat_rules_pile_name (rules, move->from, from);
  pat_rules_pile_name (rules, move->to, to);

  switch (move->kind)
    {
    case PAT_MOVE_STOCK:
      return g_strdup ("s");
    case PAT_MOVE_PAIR:
      pat_rules_pile_name (rules, move->from2, from2);
      return g_strdup_printf ("%s+%s>%s", from, from2, to);
    case PAT_MOVE_CARDS:
      if (move->count > 1)
        return g_strdup_printf ("%s:%u>%s", from, move->count, to);
      return g_strdup_printf ("%s>%s", from, to);
    case PAT_MOVE_GATHER:
      return g_strdup ("gather");
    case PAT_MOVE_DISCARD4:
      return g_strdup ("discard");
    default:
      return g_strdup ("?");
    }
}

/**
 * pat_rules_try_move:
 * @rules: the game
 * @state: the position, changed only when the move is legal
 * @move: a move
 * @automatic: (nullable): where to append the automatic moves that followed
 * @error: return location for %PAT_ERROR_ILLEGAL_MOVE
 *
 * Returns: whether the move was legal and applied
 */
gboolean
pat_rules_try_move (const PatRules  *rules,
                    PatState        *state,
                    const PatMove   *move,
                    PatMoveList     *automatic,
                    GError         **error)
{
  const char *reason = N_("illegal move");

  if (move->from >= state->n_piles || move->to >= state->n_piles ||
      (move->kind == PAT_MOVE_PAIR && move->from2 >= state->n_piles))
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_UNKNOWN_PILE, "no such pile");
      return FALSE;
    }
  if (rules->status (state) != PAT_STATUS_PLAYING)
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE, "the game is over (%s)",
                   pat_status_to_string (rules->status (state)));
      return FALSE;
    }
  if (!rules->check_move (state, move, &reason))
    {
      g_set_error (error, PAT_ERROR, PAT_ERROR_ILLEGAL_MOVE, "%s", reason);
      return FALSE;
    }
  rules->apply (state, move, automatic);
  return TRUE;
}

/* What a move did */

/* One pat_state_move() the rules made while applying a move. */
typedef struct {
  PatState after;   /* the position it left */
  guint    tag;     /* how many automatic moves were reported before it */
  guint8   to;
} Hop;

typedef struct {
  const PatMoveList *automatic;
  GArray            *hops;
} Recorder;

static void
record_hop (const PatState *state,
            guint           from,
            guint           to,
            guint           count,
            gpointer        user_data)
{
  Recorder *recorder = user_data;
  Hop hop;

  hop.after = *state;
  hop.tag = recorder->automatic->n;
  hop.to = (guint8) to;
  g_array_append_val (recorder->hops, hop);
}

/**
 * pat_layout_card_face_up:
 * @pile: a pile of @layout
 * @index: a card's place in that pile, from the bottom
 *
 * Whether the layout shows that card of @state face up (a pile beyond the layout's shows all).
 */
gboolean
pat_layout_card_face_up (const PatLayout *layout,
                         const PatState  *state,
                         guint            pile,
                         guint            index)
{
  if (pile >= layout->n_piles)
    return TRUE;
  switch ((PatFace) layout->piles[pile].face)
    {
    case PAT_FACE_DOWN:
      return FALSE;
    case PAT_FACE_TOP_UP:
      return index + 1 == pat_state_pile_len (state, pile);
    case PAT_FACE_UP:
    default:
      return TRUE;
    }
}

/* Appends a step for every card whose place differs between @from and @to, as stage *@stage;
 * advances *@stage when there was one. */
static void
add_stage (const PatRules *rules,
           const PatState *from,
           const PatState *to,
           gboolean        automatic,
           GArray         *steps,
           guint          *stage)
{
  guint8 pile_of[PAT_N_CARDS], index_of[PAT_N_CARDS];
  gboolean any = FALSE;

  pat_state_locate_cards (from, pile_of, index_of);
  for (guint p = 0; p < to->n_piles; p++)
    {
      const PatCard *cards = pat_state_pile_cards (to, p);
      guint n = pat_state_pile_len (to, p);

      for (guint i = 0; i < n; i++)
        {
          PatCard c = cards[i];
          PatMoveStep step;

          if (c >= PAT_N_CARDS || pile_of[c] == 0xff || (pile_of[c] == p && index_of[c] == i))
            continue;
          step.card = c;
          step.from_pile = pile_of[c];
          step.from_index = index_of[c];
          step.to_pile = (guint8) p;
          step.to_index = (guint8) i;
          step.face_up = (guint8) pat_layout_card_face_up (rules->layout, to, p, i);
          step.stage = (guint8) MIN (*stage, 255u);
          step.automatic = (guint8) !!automatic;
          g_array_append_val (steps, step);
          any = TRUE;
        }
    }
  if (any)
    ++*stage;
}

/* Where the card moves of @reported, the automatic move reported after the hops [@lo, @hi), begin:
 * a gathering is every card going to its pile at the end, any other automatic move one
 * pat_state_move(). What comes before is the player's move. */
static guint
automatic_start (const Hop     *hops,
                 guint          lo,
                 guint          hi,
                 const PatMove *reported)
{
  guint i = hi;

  if (hi == lo)
    return lo;
  if (reported->kind != PAT_MOVE_GATHER)
    return hi - 1;
  while (i > lo && hops[i - 1].to == reported->to)
    i--;
  return i;
}

/**
 * pat_rules_apply_steps:
 * @rules: the game
 * @state: the position, changed only when the move is legal
 * @move: a move
 * @automatic: whether @move is one the player did not choose (a card sent up by itself)
 * @steps: (element-type PatMoveStep): where to append what the move did, card by card
 * @stage: (inout): the stage the move's first cards move in; on return, the next one
 * @error: return location for %PAT_ERROR_ILLEGAL_MOVE
 *
 * As pat_rules_try_move(), and says what the move did: the positions the rules went through
 * while applying it (after the move itself, and after each automatic move it reported) are
 * watched as they happen, and every card whose place differs between two of them is a step.
 *
 * Returns: whether the move was legal and applied
 */
gboolean
pat_rules_apply_steps (const PatRules  *rules,
                       PatState        *state,
                       const PatMove   *move,
                       gboolean         automatic,
                       GArray          *steps,
                       guint           *stage,
                       GError         **error)
{
  g_autoptr(GArray) hops = g_array_new (FALSE, FALSE, sizeof (Hop));
  g_autofree PatMoveList *reported = g_new (PatMoveList, 1);
  const PatState before = *state;
  const PatState *last = &before;
  Recorder recorder = { reported, hops };
  guint i = 0;

  g_return_val_if_fail (steps != NULL && stage != NULL, FALSE);

  reported->n = 0;
  pat_state_set_move_hook (record_hop, &recorder);
  if (!pat_rules_try_move (rules, state, move, reported, error))
    {
      pat_state_set_move_hook (NULL, NULL);
      return FALSE;
    }
  pat_state_set_move_hook (NULL, NULL);

  /* The hops made before the automatic move k was reported and after k - 1 was are its own; those
   * before the first, the player's move and then the first automatic move. */
  for (guint k = 0; k < reported->n; k++)
    {
      const Hop *all = (const Hop *) (gpointer) hops->data;
      guint hi = i, start;

      while (hi < hops->len && all[hi].tag <= k)
        hi++;
      start = k == 0 ? automatic_start (all, i, hi, &reported->moves[0]) : i;
      if (start > i)
        {
          add_stage (rules, last, &all[start - 1].after, automatic, steps, stage);
          last = &all[start - 1].after;
        }
      if (hi > start)
        {
          add_stage (rules, last, &all[hi - 1].after, TRUE, steps, stage);
          last = &all[hi - 1].after;
        }
      i = hi;
    }
  /* The rest (all of a move without automatic moves), and whatever the hops did not show. */
  add_stage (rules, last, state, automatic || reported->n > 0, steps, stage);
  return TRUE;
}

/**
 * pat_rules_dup_pile_name:
 * @rules: the game
 * @pile: one of its piles
 *
 * Returns: (transfer full): the name the player knows @pile by, translated: "Stock",
 *   "Foundation 2", "Fan 3", the game's own name for its hole
 */
char *
pat_rules_dup_pile_name (const PatRules *rules,
                         guint           pile)
{
  const PatLayout *layout = rules->layout;
  const PatPileInfo *info;

  g_return_val_if_fail (pile < layout->n_piles, g_strdup ("?"));

  info = &layout->piles[pile];
  switch ((PatPileKind) info->kind)
    {
    case PAT_PILE_STOCK:
      return g_strdup (_("Stock"));
    case PAT_PILE_WASTE:
      return g_strdup (_("Waste"));
    case PAT_PILE_RESERVE:
      return g_strdup (_("Reserve"));
    case PAT_PILE_FOUNDATION:
      return g_strdup_printf (_("Foundation %u"), info->index);
    case PAT_PILE_CELL:
      return g_strdup_printf (_("Cell %u"), info->index);
    case PAT_PILE_HOLE:
      /* Each game names its hole: All in a Row's is no Black Hole. */
      if (layout->hole_name != NULL)
        return g_strdup (_(layout->hole_name));
      return g_strdup (_("Hole"));
    case PAT_PILE_DISCARD:
      return g_strdup (_("Discards"));
    case PAT_PILE_TABLEAU:
    default:
      switch ((PatPileNoun) layout->tableau_noun)
        {
        case PAT_NOUN_FAN:
          return g_strdup_printf (_("Fan %u"), info->index);
        case PAT_NOUN_COLUMN:
          return g_strdup_printf (_("Column %u"), info->index);
        case PAT_NOUN_PILE:
          return g_strdup_printf (_("Pile %u"), info->index);
        case PAT_NOUN_TABLEAU:
        default:
          return g_strdup_printf (_("Tableau %u"), info->index);
        }
    }
}

/**
 * pat_rules_format_state:
 *
 * The text form of a position: the game's own lines, then one line per pile,
 * "NAME: cards" bottom to top ("-" for an empty pile).
 *
 * Returns: (transfer full): the text, ending in a newline
 */
char *
pat_rules_format_state (const PatRules *rules,
                        const PatState *state)
{
  GString *out = g_string_new (NULL);
  guint i, k;

  if (rules->format != NULL)
    {
      rules->format (state, out);
      return g_string_free (out, FALSE);
    }

  if (rules->describe != NULL)
    rules->describe (state, out);

  for (i = 0; i < state->n_piles; i++)
    {
      const PatCard *cards = pat_state_pile_cards (state, i);
      guint len = pat_state_pile_len (state, i);
      char name[8];

      pat_rules_pile_name (rules, i, name);
      g_string_append_printf (out, "%s:", name);
      if (len == 0)
        g_string_append (out, " -");
      for (k = 0; k < len; k++)
        {
          char card[3];

          pat_card_format (cards[k], card);
          g_string_append_c (out, ' ');
          g_string_append (out, card);
        }
      g_string_append_c (out, '\n');
    }

  return g_string_free (out, FALSE);
}
