/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatBoard: lays out any game from its layout description, draws it and animates its moves. */

#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "pat-board-private.h"

/* Cards never grow past this width, so a 4K screen shows a board, not a poster. */
#define MAX_CARD_WIDTH   300.0
#define MIN_CARD_WIDTH   8.0
/* Space kept between the end of a fan and the pile below it, in card heights. */
#define FAN_GAP          0.06
/* Fan room asked for when choosing the card size, in card sizes per card. */
#define FAN_UNITS_DOWN   0.3f
#define FAN_UNITS_RIGHT  0.27f
#define GROWING_FAN      1.5f
/* How much bigger a game's narrow layout must make the cards to be used. */
#define NARROW_GAIN      1.15

#define SLIDE_TIME       PAT_BOARD_SLIDE_TIME
#define AUTO_TIME        (170 * G_TIME_SPAN_MILLISECOND)
#define STAGGER_TIME     (60 * G_TIME_SPAN_MILLISECOND)
#define DEAL_STAGGER     (14 * G_TIME_SPAN_MILLISECOND)
#define DEAL_TIME        (260 * G_TIME_SPAN_MILLISECOND)
/* Moves applied faster than they can be shown are not queued without end (one move's stages
 * all fit: the move, its automatic moves, every card that goes up after it). */
#define MAX_STEPS        128

enum {
  PROP_0,
  PROP_GAME,
  PROP_ANIMATIONS,
  PROP_CLICK_TO_MOVE,
  PROP_FOUR_COLOUR,
  PROP_CARD_BACK,
  PROP_AUTO_FOUNDATION,
  PROP_ANIMATING,
  N_PROPS
};

enum {
  MESSAGE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (PatBoard, pat_board, GTK_TYPE_WIDGET)

/* Positions */

const PatState *
pat_board_get_state (PatBoard *self)
{
  return self->game != NULL ? pat_game_get_state (self->game) : NULL;
}

/* The layout drawn: the game's, or its narrow arrangement when the board is shaped for that
 * (pat_board_ensure_geometry() decides). The piles are the same in both. */
const PatLayout *
pat_board_get_layout (PatBoard *self)
{
  const PatLayout *layout = self->game != NULL ? pat_game_get_rules (self->game)->layout : NULL;

  return layout != NULL && self->narrow && layout->narrow != NULL ? layout->narrow : layout;
}

static gboolean
layout_has_kind (const PatLayout *layout,
                 PatPileKind      kind)
{
  for (guint i = 0; i < layout->n_piles; i++)
    if (layout->piles[i].kind == kind)
      return TRUE;

  return FALSE;
}

static int
find_kind (const PatLayout *layout,
           PatPileKind      kind)
{
  for (guint i = 0; i < layout->n_piles; i++)
    if (layout->piles[i].kind == kind)
      return (int) i;

  return -1;
}

/* Whether two piles share columns (for a fan going down) or rows (for a fan going right). */
static gboolean
overlap_x (const PatPileInfo *a,
           const PatPileInfo *b)
{
  return b->x < a->x + 0.98f && b->x + 0.98f > a->x;
}

static gboolean
overlap_y (const PatPileInfo *a,
           const PatPileInfo *b)
{
  return b->y < a->y + 0.98f && b->y + 0.98f > a->y;
}

static gboolean
has_pile_after (const PatLayout *layout,
                guint            pile)
{
  const PatPileInfo *a = &layout->piles[pile];

  for (guint j = 0; j < layout->n_piles; j++)
    {
      const PatPileInfo *b = &layout->piles[j];

      if (j == pile)
        continue;
      if (a->fan == PAT_FAN_DOWN && b->y > a->y && overlap_x (a, b))
        return TRUE;
      if (a->fan == PAT_FAN_RIGHT && b->x > a->x && overlap_y (a, b))
        return TRUE;
    }

  return FALSE;
}

/* How much fan room to ask for below or right of each pile when choosing the card size. A fan
 * that may grow (a tableau, except in the hole games where fans only shrink) asks for room for
 * several more cards; any other asks for what it holds at the deal. */
static void
compute_reserve (PatBoard *self)
{
  const PatLayout *layout = pat_board_get_layout (self);
  const PatState *initial;
  gboolean shrinking;

  memset (self->reserve, 0, sizeof self->reserve);
  if (layout == NULL)
    return;

  initial = pat_game_get_history_state (self->game, 0);
  if (initial == NULL)
    initial = pat_game_get_state (self->game);
  shrinking = layout_has_kind (layout, PAT_PILE_HOLE);

  for (guint i = 0; i < layout->n_piles && i < initial->n_piles; i++)
    {
      const PatPileInfo *info = &layout->piles[i];
      guint n = MAX (1, pat_state_pile_len (initial, i));
      gboolean grows = info->kind == PAT_PILE_TABLEAU && !shrinking;
      float r = 0;

      if (info->fan == PAT_FAN_DOWN)
        {
          r = FAN_UNITS_DOWN * (n - 1);
          if (grows)
            r = MAX (GROWING_FAN, r + 0.9f);
        }
      else if (info->fan == PAT_FAN_RIGHT)
        {
          r = FAN_UNITS_RIGHT * (MIN (n, 3) - 1);
          if (grows || info->kind == PAT_PILE_WASTE)
            r = MAX (r, 2 * FAN_UNITS_RIGHT);
        }
      self->reserve[i] = r;
    }
}

/* The card width @layout allows in @width × @height, with the size it takes in card units (fans
 * included) and the margin. */
static double
fit_layout (PatBoard        *self,
            const PatLayout *layout,
            int              width,
            int              height,
            double          *units_w,
            double          *units_h,
            double          *pad)
{
  double cw;

  *units_w = layout->width;
  *units_h = layout->height;
  for (guint i = 0; i < layout->n_piles; i++)
    {
      const PatPileInfo *info = &layout->piles[i];

      if (has_pile_after (layout, i))
        continue;
      if (info->fan == PAT_FAN_DOWN)
        *units_h = MAX (*units_h, info->y + 1 + self->reserve[i]);
      else if (info->fan == PAT_FAN_RIGHT)
        *units_w = MAX (*units_w, info->x + 1 + self->reserve[i]);
    }

  *pad = CLAMP (MIN (width, height) * 0.025, 4, 24);
  cw = MIN ((width - 2 * *pad) / *units_w,
            (height - 2 * *pad) / (*units_h * PAT_CARD_HEIGHT_RATIO));
  return floor (CLAMP (cw, MIN_CARD_WIDTH, MAX_CARD_WIDTH));
}

void
pat_board_ensure_geometry (PatBoard *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  const PatLayout *layout;
  double units_w, units_h, pad, cw, ch, x0, y0;

  if (self->geometry_valid && width == self->geometry_width && height == self->geometry_height)
    return;

  self->geometry_valid = TRUE;
  self->geometry_width = width;
  self->geometry_height = height;
  self->card_w = self->card_h = 0;
  self->narrow = FALSE;
  layout = pat_board_get_layout (self);
  if (layout == NULL || width <= 0 || height <= 0)
    return;

  cw = fit_layout (self, layout, width, height, &units_w, &units_h, &pad);
  /* A narrow arrangement where it gives cards 15 % bigger or more: a phone held upright. */
  if (layout->narrow != NULL)
    {
      double narrow_w, narrow_h, narrow_pad;
      double narrow_cw = fit_layout (self, layout->narrow, width, height,
                                     &narrow_w, &narrow_h, &narrow_pad);

      if (narrow_cw >= cw * NARROW_GAIN)
        {
          self->narrow = TRUE;
          layout = layout->narrow;
          cw = narrow_cw;
          units_w = narrow_w;
          units_h = narrow_h;
          pad = narrow_pad;
        }
    }
  ch = round (cw * PAT_CARD_HEIGHT_RATIO);
  x0 = MAX (0, floor ((width - units_w * cw) / 2));
  y0 = MAX (0, floor ((height - units_h * ch) / 2));

  self->card_w = cw;
  self->card_h = ch;
  self->fan_down = MIN (ceil (pat_card_renderer_index_height (cw, ch)) + MAX (1, round (ch * 0.02)),
                        round (ch * 0.4));
  self->fan_right = ceil (cw * (cw < 58 ? 0.45 : 0.27));

  for (guint i = 0; i < layout->n_piles; i++)
    {
      self->pile_x[i] = x0 + round (layout->piles[i].x * cw);
      self->pile_y[i] = y0 + round (layout->piles[i].y * ch);
    }

  for (guint i = 0; i < layout->n_piles; i++)
    {
      const PatPileInfo *a = &layout->piles[i];
      double limit;

      self->room[i] = 0;
      if (a->fan == PAT_FAN_DOWN)
        {
          limit = height - pad;
          for (guint j = 0; j < layout->n_piles; j++)
            if (j != i && self->pile_y[j] > self->pile_y[i] && overlap_x (a, &layout->piles[j]))
              limit = MIN (limit, self->pile_y[j] - round (FAN_GAP * ch));
          self->room[i] = MAX (0, limit - self->pile_y[i] - ch);
        }
      else if (a->fan == PAT_FAN_RIGHT)
        {
          limit = width - pad;
          for (guint j = 0; j < layout->n_piles; j++)
            if (j != i && self->pile_x[j] > self->pile_x[i] && overlap_y (a, &layout->piles[j]))
              limit = MIN (limit, self->pile_x[j] - round (FAN_GAP * cw));
          self->room[i] = MAX (0, limit - self->pile_x[i] - cw);
        }
    }
}

static void
invalidate_geometry (PatBoard *self)
{
  self->geometry_valid = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* How many cards of a pile are fanned out; the rest lie squared under the first of them.
 * Only the last turn or so of a waste is spread. */
static guint
fanned_count (PatBoard       *self,
              const PatState *state,
              guint           pile,
              guint           n)
{
  const PatPileInfo *info = &pat_board_get_layout (self)->piles[pile];

  if (info->fan == PAT_FAN_NONE)
    return MIN (n, 1);
  if (info->kind == PAT_PILE_WASTE)
    return MIN (n, MAX (3u, state->die));

  return n;
}

static double
fan_offset (PatBoard *self,
            guint     pile,
            guint     fanned)
{
  const PatPileInfo *info = &pat_board_get_layout (self)->piles[pile];
  double nominal;

  if (fanned < 2)
    return 0;
  nominal = info->fan == PAT_FAN_DOWN ? self->fan_down : self->fan_right;

  return MIN (nominal, self->room[pile] / (fanned - 1));
}

void
pat_board_slot_rect (PatBoard        *self,
                     guint            pile,
                     graphene_rect_t *rect)
{
  graphene_rect_init (rect, self->pile_x[pile], self->pile_y[pile], self->card_w, self->card_h);
}

void
pat_board_card_rect (PatBoard        *self,
                     const PatState  *state,
                     guint            pile,
                     guint            index,
                     graphene_rect_t *rect)
{
  const PatPileInfo *info = &pat_board_get_layout (self)->piles[pile];
  guint n = pat_state_pile_len (state, pile);
  guint fanned = fanned_count (self, state, pile, n);
  guint first = n - fanned;
  guint pos = index > first ? index - first : 0;
  double off = fan_offset (self, pile, fanned);
  double x = self->pile_x[pile];
  double y = self->pile_y[pile];

  if (info->fan == PAT_FAN_DOWN)
    y += round (pos * off);
  else if (info->fan == PAT_FAN_RIGHT)
    x += round (pos * off);

  graphene_rect_init (rect, x, y, self->card_w, self->card_h);
}

gboolean
pat_board_card_face_up (PatBoard       *self,
                        const PatState *state,
                        guint           pile,
                        guint           index)
{
  return pat_layout_card_face_up (pat_board_get_layout (self), state, pile, index);
}

/* Where dealt cards come from: the stock, or the middle of the board. */
static void
deck_rect (PatBoard        *self,
           graphene_rect_t *rect)
{
  int stock = find_kind (pat_board_get_layout (self), PAT_PILE_STOCK);

  if (stock >= 0)
    pat_board_slot_rect (self, stock, rect);
  else
    graphene_rect_init (rect,
                        floor ((self->geometry_width - self->card_w) / 2),
                        floor ((self->geometry_height - self->card_h) / 2),
                        self->card_w, self->card_h);
}

/* Animation steps */

static gboolean
same_cards (const PatState *a,
            const PatState *b)
{
  return a->n_piles == b->n_piles &&
         memcmp (a->start, b->start, sizeof a->start) == 0 &&
         memcmp (a->cards, b->cards, a->start[a->n_piles]) == 0;
}

/* Cards leave in groups, one group for each pair of piles they travel between, in the order
 * their destinations are laid out: a deal reaches pile 1 first, then pile 2. */
static void
step_init (PatBoardStep   *step,
           const PatState *from,
           const PatState *to,
           gint64          duration)
{
  guint8 pile_of[PAT_N_CARDS], index_of[PAT_N_CARDS];
  guint8 pair_from[PAT_N_CARDS], pair_to[PAT_N_CARDS];
  guint n_pairs = 0;

  memset (step, 0, sizeof *step);
  step->from = *from;
  step->to = *to;
  step->duration = duration;
  step->settle = duration;
  step->stagger = STAGGER_TIME;
  step->lift_pile = -1;

  pat_state_locate_cards (from, pile_of, index_of);
  for (guint p = 0; p < to->n_piles; p++)
    {
      const PatCard *cards = pat_state_pile_cards (to, p);
      guint n = pat_state_pile_len (to, p);

      for (guint i = 0; i < n; i++)
        {
          PatCard c = cards[i];
          guint k;

          if (c >= PAT_N_CARDS || pile_of[c] == p || pile_of[c] == 0xff)
            continue;
          for (k = 0; k < n_pairs; k++)
            if (pair_from[k] == pile_of[c] && pair_to[k] == p)
              break;
          if (k == n_pairs && n_pairs < G_N_ELEMENTS (pair_from))
            {
              pair_from[n_pairs] = pile_of[c];
              pair_to[n_pairs] = (guint8) p;
              n_pairs++;
            }
          step->delay[c] = (guint8) MIN (k, 255u);
          step->max_delay = MAX (step->max_delay, step->delay[c]);
        }
    }
}

static gint64
step_total (const PatBoardStep *step)
{
  return step->settle + step->max_delay * step->stagger;
}

/* How far, in pixels, the card of @step that moves furthest goes, or that turns over turns (its
 * drawn width goes to nothing and back). */
static double
step_span (PatBoard           *self,
           const PatBoardStep *step)
{
  guint8 pile_of[PAT_N_CARDS], index_of[PAT_N_CARDS];
  double span = 0;

  pat_state_locate_cards (&step->from, pile_of, index_of);
  for (guint p = 0; p < step->to.n_piles; p++)
    {
      const PatCard *cards = pat_state_pile_cards (&step->to, p);
      guint n = pat_state_pile_len (&step->to, p);

      for (guint i = 0; i < n; i++)
        {
          PatCard c = cards[i];
          graphene_rect_t r0, r1;
          guint pf, xf;

          if (c >= PAT_N_CARDS || pile_of[c] == 0xff)
            continue;
          pf = pile_of[c];
          xf = index_of[c];
          pat_board_card_rect (self, &step->from, pf, xf, &r0);
          if ((int) pf == step->lift_pile && xf >= step->lift_first)
            {
              r0.origin.x += step->lift_dx;
              r0.origin.y += step->lift_dy;
            }
          pat_board_card_rect (self, &step->to, p, i, &r1);
          span = MAX (span, hypot (r1.origin.x - r0.origin.x, r1.origin.y - r0.origin.y));
          if (pat_board_card_face_up (self, &step->from, pf, xf) !=
              pat_board_card_face_up (self, &step->to, p, i))
            span = MAX (span, 2 * r1.size.width);
        }
    }

  return span;
}

/* A short flight takes less time than one across the board, as a thrown card would. The step
 * ends once every card is within half a pixel of its place, which the ease-out curve
 * (1 − (1 − t)³ of the way at t) reaches before the flight's end: its last frames would draw
 * the same picture again (a flight of 300 pixels, its last eighth). */
static void
step_fit (PatBoard     *self,
          PatBoardStep *step)
{
  double span, share;

  if (step->deal)
    return;
  span = step_span (self, step);
  if (self->card_h > 0)
    {
      share = sqrt (span / (PAT_BOARD_FULL_FLIGHT * self->card_h));
      step->duration = (gint64) (step->duration * CLAMP (share, PAT_BOARD_SHORTEST_FLIGHT, 1));
    }
  step->settle = span > 0.5 ? (gint64) ceil (step->duration * (1 - cbrt (0.5 / span))) : 0;
}

static gboolean
animations_enabled (PatBoard *self)
{
  return self->animations && gtk_widget_get_mapped (GTK_WIDGET (self)) &&
         adw_get_enable_animations (GTK_WIDGET (self));
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  PatBoard *self = PAT_BOARD (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (self->step_start == 0)
    self->step_start = now;

  while (self->steps->len > 0)
    {
      gint64 total = step_total (&g_array_index (self->steps, PatBoardStep, 0));

      if (now - self->step_start < total)
        break;
      self->step_start += total;
      g_array_remove_index (self->steps, 0);
    }

  self->elapsed = now - self->step_start;
  gtk_widget_queue_draw (widget);

  if (self->steps->len > 0)
    return G_SOURCE_CONTINUE;

  self->tick_id = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);

  return G_SOURCE_REMOVE;
}

static void
push_step (PatBoard           *self,
           const PatBoardStep *step)
{
  if (same_cards (&step->from, &step->to) && step->lift_pile < 0 && !step->deal)
    return;

  if (self->steps->len >= MAX_STEPS)
    pat_board_finish (self);

  g_array_append_val (self->steps, *step);
  step_fit (self, &g_array_index (self->steps, PatBoardStep, self->steps->len - 1));
  if (self->tick_id == 0)
    {
      self->step_start = 0;
      self->elapsed = 0;
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The position after one stage of a move: @from with the stage's cards taken from where they
 * were and put where the game says they went. FALSE when the steps do not fit @from. */
static gboolean
place_stage (const PatState    *from,
             const PatMoveStep *steps,
             guint              n_steps,
             PatState          *to)
{
  PatCard piles[PAT_MAX_PILES][PAT_N_CARDS];
  guint8 len[PAT_MAX_PILES] = { 0 };
  gboolean leaving[PAT_N_CARDS] = { FALSE };
  guint total = 0;

  memset (piles, 0xff, sizeof piles);
  for (guint k = 0; k < n_steps; k++)
    {
      const PatMoveStep *s = &steps[k];

      if (s->card >= PAT_N_CARDS || s->from_pile >= from->n_piles || s->to_pile >= from->n_piles ||
          s->from_index >= pat_state_pile_len (from, s->from_pile) ||
          pat_state_pile_cards (from, s->from_pile)[s->from_index] != s->card ||
          s->to_index >= PAT_N_CARDS || piles[s->to_pile][s->to_index] != PAT_NO_CARD)
        return FALSE;
      leaving[s->card] = TRUE;
      piles[s->to_pile][s->to_index] = s->card;
    }

  /* The cards that stay keep their order, in the places the arrivals leave free. */
  for (guint p = 0; p < from->n_piles; p++)
    {
      const PatCard *cards = pat_state_pile_cards (from, p);
      guint n = pat_state_pile_len (from, p);
      guint slot = 0;

      for (guint i = 0; i < n; i++)
        {
          if (leaving[cards[i]])
            continue;
          while (slot < PAT_N_CARDS && piles[p][slot] != PAT_NO_CARD)
            slot++;
          if (slot == PAT_N_CARDS)
            return FALSE;
          piles[p][slot] = cards[i];
        }
      for (guint i = 0; i < PAT_N_CARDS; i++)
        if (piles[p][i] != PAT_NO_CARD)
          len[p] = (guint8) (i + 1);
    }

  *to = *from;
  for (guint p = 0; p < from->n_piles; p++)
    {
      to->start[p] = (guint8) total;
      for (guint i = 0; i < len[p]; i++)
        {
          if (piles[p][i] == PAT_NO_CARD || total >= PAT_N_CARDS)
            return FALSE;
          to->cards[total++] = piles[p][i];
        }
    }
  to->start[from->n_piles] = (guint8) total;

  return total == pat_state_n_cards (from);
}

/* Shows a move as the game says it went, stage after stage: the player's move, then each of the
 * moves that followed it. */
static void
queue_steps (PatBoard       *self,
             const PatState *before,
             GArray         *steps,
             const PatState *after)
{
  PatState from = *before;
  guint first = 0;

  while (first < steps->len)
    {
      const PatMoveStep *stage = &g_array_index (steps, PatMoveStep, first);
      gboolean automatic = TRUE;
      PatBoardStep step;
      PatState to;
      guint end = first;

      for (; end < steps->len; end++)
        {
          const PatMoveStep *s = &g_array_index (steps, PatMoveStep, end);

          if (s->stage != stage->stage)
            break;
          if (!s->automatic)
            automatic = FALSE;
        }
      if (!place_stage (&from, stage, end - first, &to))
        {
          g_warning ("The steps of a move do not fit the position before it");
          return;
        }

      /* Every stage shows the final scalars: the die, the beak. */
      to.base_rank = after->base_rank;
      to.die = after->die;
      step_init (&step, &from, &to, automatic ? AUTO_TIME : SLIDE_TIME);
      if (first == 0 && self->lift_pending)
        {
          step.lift_pile = self->lift_pile;
          step.lift_first = self->lift_first;
          step.lift_dx = self->lift_dx;
          step.lift_dy = self->lift_dy;
        }
      push_step (self, &step);
      from = to;
      first = end;
    }

  if (!same_cards (&from, after))
    g_warning ("The steps of a move do not lead to the position after it");
}

static void
queue_deal (PatBoard       *self,
            const PatState *state)
{
  const PatLayout *layout = pat_board_get_layout (self);
  const PatCard *deck = pat_game_get_deck (self->game);
  guint8 pile_of[PAT_N_CARDS], index_of[PAT_N_CARDS];
  PatBoardStep step;
  guint k = 0;

  step_init (&step, state, state, DEAL_TIME);
  step.deal = TRUE;
  step.stagger = DEAL_STAGGER;
  pat_state_locate_cards (state, pile_of, index_of);
  for (guint i = 0; i < PAT_N_CARDS; i++)
    {
      PatCard c = deck[i];

      if (c >= PAT_N_CARDS || pile_of[c] == 0xff)
        continue;
      if (layout->piles[pile_of[c]].kind == PAT_PILE_STOCK)
        step.delay[c] = 0;
      else
        step.delay[c] = (guint8) MIN (k++, 255u);
    }
  step.max_delay = (guint8) (k > 0 ? MIN (k - 1, 255u) : 0);
  push_step (self, &step);
}

void
pat_board_queue_lift (PatBoard *self,
                      int       pile,
                      guint     first,
                      double    dx,
                      double    dy)
{
  self->lift_pending = pile >= 0;
  self->lift_pile = pile;
  self->lift_first = first;
  self->lift_dx = dx;
  self->lift_dy = dy;
}

/* Dropped where they may not go, the cards slide back home. */
void
pat_board_animate_return (PatBoard *self,
                          int       pile,
                          guint     first,
                          double    dx,
                          double    dy)
{
  const PatState *state = pat_board_get_state (self);
  PatBoardStep step;

  if (state == NULL || !animations_enabled (self) || (dx == 0 && dy == 0))
    {
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  step_init (&step, state, state, SLIDE_TIME);
  step.lift_pile = pile;
  step.lift_first = first;
  step.lift_dx = dx;
  step.lift_dy = dy;
  push_step (self, &step);
}

void
pat_board_finish (PatBoard *self)
{
  gboolean was_animating = self->tick_id != 0;

  g_array_set_size (self->steps, 0);
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;

  if (was_animating)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
  /* Every press finishes what moves: a board at rest is not drawn again for it (a frame for
   * each press of a double-click). */
  if (was_animating)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The game */

static gboolean
is_fresh_deal (PatBoard *self)
{
  const PatState *initial = pat_game_get_history_state (self->game, 0);

  return pat_game_get_moves (self->game) == 0 && !pat_game_get_can_redo (self->game) &&
         initial != NULL && same_cards (initial, pat_game_get_state (self->game));
}

static void
move_applied_cb (PatBoard *self,
                 gpointer  move,
                 gpointer  steps,
                 PatGame  *game)
{
  self->move_seen = TRUE;
  if (animations_enabled (self))
    queue_steps (self, &self->last, steps, pat_game_get_state (game));
  self->lift_pending = FALSE;
}

static void
changed_cb (PatBoard *self,
            PatGame  *game)
{
  const PatState *now = pat_game_get_state (game);

  if (!self->move_seen)
    {
      /* Undo, redo or restart. */
      if (animations_enabled (self))
        {
          if (is_fresh_deal (self))
            {
              pat_board_finish (self);
              queue_deal (self, now);
            }
          else
            {
              PatBoardStep step;

              step_init (&step, &self->last, now, SLIDE_TIME);
              push_step (self, &step);
            }
        }
    }
  self->move_seen = FALSE;
  self->last = *now;
  self->has_hint = FALSE;
  g_clear_pointer (&self->said, g_free);

  pat_board_reset_input (self);
  pat_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Drawing */

typedef struct {
  PatCard         card;
  guint8          pile;
  guint8          index;
  guint8          delay;
  gboolean        moving;
  gboolean        face_up;
  double          flip;       /* horizontal scale while a card turns over */
  graphene_rect_t rect;
} Sprite;

static int
scale_factor (PatBoard *self)
{
  return MAX (1, gtk_widget_get_scale_factor (GTK_WIDGET (self)));
}

static gboolean
rect_equal (const graphene_rect_t *a,
            const graphene_rect_t *b)
{
  return fabs (a->origin.x - b->origin.x) < 0.5 && fabs (a->origin.y - b->origin.y) < 0.5;
}

/* Where every card of @step's destination is at @elapsed; with no step, where the cards of
 * @still lie. */
static guint
build_sprites (PatBoard           *self,
               const PatBoardStep *step,
               gint64              elapsed,
               const PatState     *still,
               Sprite              sprites[PAT_N_CARDS])
{
  const PatLayout *layout = pat_board_get_layout (self);
  const PatState *to = step != NULL ? &step->to : still;
  guint8 pile_of[PAT_N_CARDS], index_of[PAT_N_CARDS];
  graphene_rect_t deck;
  guint n_sprites = 0;

  if (step != NULL)
    {
      pat_state_locate_cards (&step->from, pile_of, index_of);
      deck_rect (self, &deck);
    }

  for (guint p = 0; p < to->n_piles && p < layout->n_piles; p++)
    {
      const PatCard *cards = pat_state_pile_cards (to, p);
      guint n = pat_state_pile_len (to, p);

      for (guint i = 0; i < n && n_sprites < PAT_N_CARDS; i++)
        {
          Sprite *sp = &sprites[n_sprites++];
          graphene_rect_t r0;
          gboolean f0;

          sp->card = cards[i];
          sp->pile = (guint8) p;
          sp->index = (guint8) i;
          sp->moving = FALSE;
          sp->flip = 1;
          sp->delay = 0;
          pat_board_card_rect (self, to, p, i, &sp->rect);
          sp->face_up = pat_board_card_face_up (self, to, p, i);

          if (step == NULL || sp->card >= PAT_N_CARDS)
            continue;

          if (step->deal && layout->piles[p].kind != PAT_PILE_STOCK)
            {
              r0 = deck;
              f0 = FALSE;
            }
          else if (pile_of[sp->card] != 0xff)
            {
              guint pf = pile_of[sp->card], xf = index_of[sp->card];

              pat_board_card_rect (self, &step->from, pf, xf, &r0);
              f0 = pat_board_card_face_up (self, &step->from, pf, xf);
              if ((int) pf == step->lift_pile && xf >= step->lift_first)
                {
                  r0.origin.x += step->lift_dx;
                  r0.origin.y += step->lift_dy;
                }
            }
          else
            continue;

          if (rect_equal (&r0, &sp->rect) && f0 == sp->face_up)
            continue;

          {
            gint64 start = (gint64) step->delay[sp->card] * step->stagger;
            double t = CLAMP ((double) (elapsed - start) / step->duration, 0, 1);
            double e = adw_easing_ease (ADW_EASE_OUT_CUBIC, t);

            sp->moving = TRUE;
            sp->delay = step->delay[sp->card];
            sp->rect.origin.x = round (r0.origin.x + (sp->rect.origin.x - r0.origin.x) * e);
            sp->rect.origin.y = round (r0.origin.y + (sp->rect.origin.y - r0.origin.y) * e);
            if (f0 != sp->face_up)
              {
                sp->flip = fabs (1 - 2 * e);
                if (e < 0.5)
                  sp->face_up = f0;
              }
          }
        }
    }

  return n_sprites;
}

static int
compare_moving (gconstpointer a,
                gconstpointer b)
{
  const Sprite *sa = a, *sb = b;

  if (sa->index != sb->index)
    return sa->index < sb->index ? -1 : 1;
  if (sa->delay != sb->delay)
    return sa->delay > sb->delay ? -1 : 1;

  return 0;
}

static void
draw_card (PatBoard     *self,
           GtkSnapshot  *snapshot,
           const Sprite *sp,
           double        dx,
           double        dy)
{
  graphene_rect_t rect = sp->rect;

  rect.origin.x += dx;
  rect.origin.y += dy;

  if (sp->flip < 0.999)
    {
      if (sp->flip >= 0.02)
        pat_card_renderer_snapshot_card_turning (self->renderer, snapshot, sp->card, sp->face_up,
                                                 &rect, scale_factor (self), sp->flip);
      return;
    }

  pat_card_renderer_snapshot_card (self->renderer, snapshot, sp->card, sp->face_up, &rect,
                                   scale_factor (self));
}

static const char *
rank_label (guint rank)
{
  static const char * const labels[] = {
    NC_("card rank letter", "A"), "2", "3", "4", "5", "6", "7", "8", "9", "10",
    NC_("card rank letter", "J"), NC_("card rank letter", "Q"), NC_("card rank letter", "K"),
  };

  if (rank < 1 || rank > 13)
    return NULL;

  return g_dpgettext2 (GETTEXT_PACKAGE, "card rank letter", labels[rank - 1]);
}

/* What an empty pile says it takes. */
static const char *
slot_label (PatBoard       *self,
            const PatState *state,
            guint           pile)
{
  const PatPileInfo *info = &pat_board_get_layout (self)->piles[pile];
  guint flags = pat_game_get_rules (self->game)->flags;

  switch ((PatPileKind) info->kind)
    {
    case PAT_PILE_FOUNDATION:
      return rank_label (state->base_rank != 0 ? state->base_rank : PAT_ACE);

    case PAT_PILE_TABLEAU:
      if ((flags & PAT_RULES_BELOW_BASE) && state->base_rank != 0)
        return rank_label (pat_rank_prev (state->base_rank));
      return NULL;

    case PAT_PILE_STOCK:
      {
        PatMove redeal = { PAT_MOVE_STOCK, (guint8) pile, (guint8) pile, 0, 0 };
        const char *reason = NULL;

        if (pat_game_check_move (self->game, &redeal, &reason))
          return "↺";
        return NULL;
      }

    case PAT_PILE_DISCARD:
      return "×";

    case PAT_PILE_WASTE:
    case PAT_PILE_RESERVE:
    case PAT_PILE_CELL:
    case PAT_PILE_HOLE:
    default:
      return NULL;
    }
}

static void
rounded_path (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static gboolean
is_dark (PatBoard *self)
{
  return pat_card_renderer_get_dark (self->renderer);
}

/* A small round badge with a number, over a pile's corner. */
static void
draw_count_badge (PatBoard              *self,
                  GtkSnapshot           *snapshot,
                  const graphene_rect_t *card,
                  guint                  count)
{
  g_autofree char *text = g_strdup_printf ("%u", count);
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoFontDescription *desc = pango_font_description_new ();
  double h = MAX (14, round (self->card_w * 0.26));
  PangoRectangle ink;
  graphene_rect_t bounds;
  double w, x, y;
  cairo_t *cr;

  pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (desc, h * 0.62 * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_get_pixel_extents (layout, &ink, NULL);

  /* Over the top right corner, where a card shows no index. */
  w = MAX (h, ink.width + h * 0.6);
  x = card->origin.x + card->size.width - w * 0.8;
  y = card->origin.y - h * 0.3;
  graphene_rect_init (&bounds, x - 1, y - 1, w + 2, h + 2);

  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  rounded_path (cr, x, y, w, h, h / 2);
  if (is_dark (self))
    cairo_set_source_rgba (cr, 0.92, 0.92, 0.92, 0.95);
  else
    cairo_set_source_rgba (cr, 0.18, 0.18, 0.2, 0.92);
  cairo_fill (cr);
  if (is_dark (self))
    cairo_set_source_rgb (cr, 0.12, 0.12, 0.14);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_move_to (cr, x + (w - ink.width) / 2 - ink.x, y + (h - ink.height) / 2 - ink.y);
  pango_cairo_show_layout (cr, layout);
  cairo_destroy (cr);
}

/* Penguin's beak: a little orange beak at the right of the card's top strip, which shows even
 * when the card is covered. */
static void
draw_beak_badge (PatBoard              *self,
                 GtkSnapshot           *snapshot,
                 const graphene_rect_t *card)
{
  double s = MAX (7, round (self->card_w * 0.16));
  double x = card->origin.x + card->size.width - s * 1.45;
  double y = card->origin.y + MAX (2, self->card_w * 0.07);
  graphene_rect_t bounds;
  cairo_t *cr;

  graphene_rect_init (&bounds, x - 1, y - 1, s * 1.3 + 2, s + 2);
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  cairo_move_to (cr, x, y + s / 2);
  cairo_line_to (cr, x + s * 1.3, y);
  cairo_line_to (cr, x + s * 1.1, y + s / 2);
  cairo_line_to (cr, x + s * 1.3, y + s);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, 0.96, 0.55, 0.05);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.45, 0.2, 0, 0.9);
  cairo_set_line_width (cr, MAX (1, s / 9));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

/* The Die of Justice, as a die showing its pips, in the stock's lower right corner. */
static void
draw_die (PatBoard              *self,
          GtkSnapshot           *snapshot,
          const graphene_rect_t *stock,
          guint                  value)
{
  static const guint8 pips[7][7] = {
    { 0 },
    { 4 },                      /* positions on a 3×3 grid, 0…8, row by row */
    { 2, 6 },
    { 2, 4, 6 },
    { 0, 2, 6, 8 },
    { 0, 2, 4, 6, 8 },
    { 0, 2, 3, 5, 6, 8 },
  };
  static const guint8 n_pips[7] = { 0, 1, 2, 3, 4, 5, 6 };
  double s = MAX (14, round (self->card_w * 0.4));
  double m = MAX (2, round (self->card_w * 0.06));
  double x = stock->origin.x + stock->size.width - s - m;
  double y = stock->origin.y + stock->size.height - s - m;
  double r = s * 0.09;
  graphene_rect_t bounds;
  cairo_t *cr;

  if (value < 1 || value > 6)
    return;

  graphene_rect_init (&bounds, x - 2, y - 2, s + 4, s + 4);
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  rounded_path (cr, x, y, s, s, s * 0.18);
  cairo_set_source_rgb (cr, 0.99, 0.99, 0.97);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
  cairo_set_line_width (cr, MAX (1, s / 16));
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.12);
  for (guint i = 0; i < n_pips[value]; i++)
    {
      guint cell = pips[value][i];
      double px = x + s * (0.25 + 0.25 * (cell % 3));
      double py = y + s * (0.25 + 0.25 * (cell / 3));

      cairo_new_sub_path (cr);
      cairo_arc (cr, px, py, r, 0, 2 * G_PI);
    }
  cairo_fill (cr);
  cairo_destroy (cr);
}

static void
kept_clear (PatKeptNode *kept)
{
  for (guint i = 0; i < PAT_KEPT_NODES; i++)
    {
      g_clear_pointer (&kept[i].key, g_bytes_unref);
      g_clear_pointer (&kept[i].node, gsk_render_node_unref);
    }
}

/* The node kept for @key, made the latest; NULL when none is. */
static GskRenderNode *
kept_node (PatKeptNode *kept,
           GBytes      *key)
{
  for (guint i = 0; i < PAT_KEPT_NODES; i++)
    if (kept[i].key != NULL && g_bytes_equal (kept[i].key, key))
      {
        PatKeptNode found = kept[i];

        memmove (&kept[1], &kept[0], i * sizeof *kept);
        kept[0] = found;
        return found.node;
      }
  return NULL;
}

/* Keeps @node, drawn from @key, as the latest, letting go of the oldest. */
static void
keep_node (PatKeptNode   *kept,
           GBytes        *key,
           GskRenderNode *node)
{
  g_clear_pointer (&kept[PAT_KEPT_NODES - 1].key, g_bytes_unref);
  g_clear_pointer (&kept[PAT_KEPT_NODES - 1].node, gsk_render_node_unref);
  memmove (&kept[1], &kept[0], (PAT_KEPT_NODES - 1) * sizeof *kept);
  kept[0].key = g_bytes_ref (key);
  kept[0].node = node;
}

/* What the hole's glow is drawn from, as the key of its kept nodes. */
static GBytes *
glow_key (const graphene_rect_t *bounds,
          float                  alpha,
          int                    scale)
{
  struct {
    graphene_rect_t bounds;
    float           alpha;
    int             scale;
  } key;

  memset (&key, 0, sizeof key);
  key.bounds = *bounds;
  key.alpha = alpha;
  key.scale = scale;
  return g_bytes_new (&key, sizeof key);
}

/* @gradient drawn once into pixels, whole pixels on whole pixels, as a cairo node: the cairo
 * renderer would work a gradient out pixel by pixel at every frame it draws. */
static GskRenderNode *
gradient_in_pixels (GskRenderNode *gradient,
                    int            scale)
{
  graphene_rect_t bounds, pixels;
  cairo_surface_t *surface;
  GskRenderNode *node;
  cairo_t *cr;

  gsk_render_node_get_bounds (gradient, &bounds);
  graphene_rect_init (&pixels, floorf (bounds.origin.x), floorf (bounds.origin.y), 0, 0);
  pixels.size.width = ceilf (bounds.origin.x + bounds.size.width) - pixels.origin.x;
  pixels.size.height = ceilf (bounds.origin.y + bounds.size.height) - pixels.origin.y;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) pixels.size.width * scale,
                                        (int) pixels.size.height * scale);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  cairo_translate (cr, -pixels.origin.x, -pixels.origin.y);
  gsk_render_node_draw (gradient, cr);
  cairo_destroy (cr);

  node = gsk_cairo_node_new (&pixels);
  cr = gsk_cairo_node_get_draw_context (node);
  cairo_set_source_surface (cr, surface, pixels.origin.x, pixels.origin.y);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return node;
}

/* The Black Hole: a dark glow around its slot, so that it reads as a hole and not a pile. */
static void
draw_hole (PatBoard              *self,
           GtkSnapshot           *snapshot,
           const graphene_rect_t *slot)
{
  float r = self->card_h * 0.66f;
  graphene_point_t centre = GRAPHENE_POINT_INIT (slot->origin.x + slot->size.width / 2,
                                                 slot->origin.y + slot->size.height / 2);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (centre.x - r, centre.y - r, 2 * r, 2 * r);
  float a = is_dark (self) ? 0.75f : 0.4f;
  GskColorStop stops[] = {
    { 0.0f, { 0, 0, 0, a } },
    { 0.55f, { 0, 0, 0, a * 0.7f } },
    { 1.0f, { 0, 0, 0, 0 } },
  };
  int scale = scale_factor (self);
  g_autoptr(GBytes) key = NULL;
  GskRenderNode *node;

  if (!pat_card_renderer_get_cairo_nodes (self->renderer))
    {
      gtk_snapshot_append_radial_gradient (snapshot, &bounds, &centre, r, r, 0, 1, stops,
                                           G_N_ELEMENTS (stops));
      return;
    }

  /* With the cairo renderer, in pixels, kept while it stays the same (a card flies to the hole
   * over the glow). */
  key = glow_key (&bounds, a, scale);
  node = kept_node (self->hole_nodes, key);
  if (node == NULL)
    {
      g_autoptr(GskRenderNode) gradient =
        gsk_radial_gradient_node_new (&bounds, &centre, r, r, 0, 1, stops, G_N_ELEMENTS (stops));

      node = gradient_in_pixels (gradient, scale);
      keep_node (self->hole_nodes, key, node);
      self->n_kept_drawn++;
    }
  gtk_snapshot_append_node (snapshot, node);
}

static void
draw_badges (PatBoard       *self,
             GtkSnapshot    *snapshot,
             const PatState *state)
{
  const PatLayout *layout = pat_board_get_layout (self);
  graphene_rect_t rect;

  for (guint p = 0; p < layout->n_piles && p < state->n_piles; p++)
    {
      guint n = pat_state_pile_len (state, p);

      if (layout->piles[p].kind == PAT_PILE_RESERVE && n > 0)
        {
          pat_board_card_rect (self, state, p, n - 1, &rect);
          draw_count_badge (self, snapshot, &rect, n);
        }
      if (layout->piles[p].kind == PAT_PILE_STOCK && state->die != 0)
        {
          pat_board_slot_rect (self, p, &rect);
          draw_die (self, snapshot, &rect, state->die);
        }
    }

  if (pat_rules_has_flag (pat_game_get_rules (self->game), PAT_RULES_FIRST_CARD))
    {
      PatCard beak = pat_game_get_deck (self->game)[0];
      guint8 pile_of[PAT_N_CARDS], index_of[PAT_N_CARDS];

      pat_state_locate_cards (state, pile_of, index_of);
      if (beak < PAT_N_CARDS && pile_of[beak] != 0xff &&
          (layout->piles[pile_of[beak]].kind == PAT_PILE_TABLEAU ||
           layout->piles[pile_of[beak]].kind == PAT_PILE_CELL) &&
          !(self->dragging && pile_of[beak] == self->drag_pile &&
            index_of[beak] >= self->drag_first))
        {
          pat_board_card_rect (self, state, pile_of[beak], index_of[beak], &rect);
          draw_beak_badge (self, snapshot, &rect);
        }
    }
}

/* The rectangle covering the top @count cards of a pile, or its slot when it is empty. */
void
pat_board_cards_rect (PatBoard        *self,
                      const PatState  *state,
                      guint            pile,
                      guint            count,
                      graphene_rect_t *out)
{
  guint n = pat_state_pile_len (state, pile);
  graphene_rect_t r;

  if (n == 0 || count == 0)
    {
      pat_board_slot_rect (self, pile, out);
      return;
    }

  count = MIN (count, n);
  pat_board_card_rect (self, state, pile, n - count, out);
  for (guint i = n - count + 1; i < n; i++)
    {
      pat_board_card_rect (self, state, pile, i, &r);
      graphene_rect_union (out, &r, out);
    }
}

/* What a hint marks: the cards it moves (both of a pair) and where they go. */
static guint
hint_rects (PatBoard        *self,
            const PatState  *state,
            graphene_rect_t  rects[3])
{
  const PatMove *m = &self->hint;
  guint n = 0;

  if (m->from < state->n_piles)
    pat_board_cards_rect (self, state, m->from, m->kind == PAT_MOVE_CARDS ? m->count : 1,
                          &rects[n++]);
  if (m->kind == PAT_MOVE_PAIR && m->from2 < state->n_piles)
    pat_board_cards_rect (self, state, m->from2, 1, &rects[n++]);
  if (m->kind != PAT_MOVE_STOCK && m->to < state->n_piles && m->to != m->from)
    pat_board_cards_rect (self, state, m->to, 1, &rects[n++]);
  return n;
}

static void
draw_highlights (PatBoard       *self,
                 GtkSnapshot    *snapshot,
                 const PatState *state)
{
  graphene_rect_t rect;

  /* While cards are held, where they may go is what matters: a hint's gold under the blue of the
   * held cards and the green of the places they may go would only make grey and olive. It comes
   * back if the cards are put back. */
  if (self->has_hint && !self->dragging && self->sel_pile < 0)
    {
      graphene_rect_t marks[3];
      guint n = hint_rects (self, state, marks);

      for (guint i = 0; i < n; i++)
        pat_card_renderer_snapshot_highlight (self->renderer, snapshot, &marks[i],
                                              PAT_CARD_HIGHLIGHT_HINT);
    }

  if (self->dragging || self->sel_pile >= 0)
    for (guint p = 0; p < state->n_piles; p++)
      if (self->targets[p])
        {
          pat_board_cards_rect (self, state, p, 1, &rect);
          pat_card_renderer_snapshot_highlight (self->renderer, snapshot, &rect,
                                                PAT_CARD_HIGHLIGHT_DROP_TARGET);
          if (self->dragging && (int) p == self->drag_hover)
            pat_card_renderer_snapshot_highlight (self->renderer, snapshot, &rect,
                                                  PAT_CARD_HIGHLIGHT_DROP_TARGET);
        }

  if (self->sel_pile >= 0 && !self->dragging)
    {
      pat_board_cards_rect (self, state, self->sel_pile, self->sel_count, &rect);
      pat_card_renderer_snapshot_highlight (self->renderer, snapshot, &rect,
                                            PAT_CARD_HIGHLIGHT_SELECTED);
    }
}

/* The style's accent colour (libadwaita's, which follows the system's where it has one). */
static void
accent_colour (PatBoard *self,
               GdkRGBA  *colour)
{
  gboolean found;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  found = gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self)),
                                          "accent_color", colour);
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (!found)
    gdk_rgba_parse (colour, is_dark (self) ? "#78aeed" : "#1c71d8");
}

/* The focus ring goes round what shows of the focused card: the whole card on top of its pile,
 * the strip left uncovered of a card further down a fan, so that one card looks focused and not
 * the cards lying over it. */
static void
draw_focus (PatBoard       *self,
            GtkSnapshot    *snapshot,
            const PatState *state)
{
  guint n, index;
  graphene_rect_t rect, next;
  GskRoundedRect outline;
  GdkRGBA colour;
  float bw = 2;
  float inset = 3;
  float radius;
  PatFan fan;

  /* Always while the board has the focus, not only while GTK thinks the keyboard is in use: the
   * player who clicks a card and then plays with the arrows must see where they are. */
  if (self->focus_pile < 0 || self->focus_pile >= state->n_piles)
    return;

  n = pat_state_pile_len (state, self->focus_pile);
  if (n == 0)
    {
      pat_board_slot_rect (self, self->focus_pile, &rect);
      index = 0;
    }
  else
    {
      index = self->focus_index >= 0 && (guint) self->focus_index < n ? self->focus_index : n - 1;
      pat_board_card_rect (self, state, self->focus_pile, index, &rect);
    }

  radius = pat_card_renderer_corner_radius (self->card_w) + inset;
  graphene_rect_inset (&rect, -inset, -inset);
  gsk_rounded_rect_init_from_rect (&outline, &rect, radius);

  fan = pat_board_get_layout (self)->piles[self->focus_pile].fan;
  if (index + 1 < n)
    pat_board_card_rect (self, state, self->focus_pile, index + 1, &next);
  /* The edge that meets the next card lies just inside the strip, square-cornered. */
  if (index + 1 < n && fan == PAT_FAN_DOWN && next.origin.y > rect.origin.y + inset + bw)
    {
      rect.size.height = next.origin.y - rect.origin.y;
      gsk_rounded_rect_init (&outline, &rect,
                             &GRAPHENE_SIZE_INIT (radius, radius),
                             &GRAPHENE_SIZE_INIT (radius, radius),
                             &GRAPHENE_SIZE_INIT (0, 0),
                             &GRAPHENE_SIZE_INIT (0, 0));
    }
  else if (index + 1 < n && fan == PAT_FAN_RIGHT && next.origin.x > rect.origin.x + inset + bw)
    {
      rect.size.width = next.origin.x - rect.origin.x;
      gsk_rounded_rect_init (&outline, &rect,
                             &GRAPHENE_SIZE_INIT (radius, radius),
                             &GRAPHENE_SIZE_INIT (0, 0),
                             &GRAPHENE_SIZE_INIT (0, 0),
                             &GRAPHENE_SIZE_INIT (radius, radius));
    }

  accent_colour (self, &colour);
  gtk_snapshot_append_border (snapshot, &outline, (float[4]) { bw, bw, bw, bw },
                              (GdkRGBA[4]) { colour, colour, colour, colour });
}

static void
under_key_init (PatBoard           *self,
                const PatBoardStep *step,
                const PatState     *state,
                PatBoardUnder      *key)
{
  memset (key, 0, sizeof *key);
  key->game = self->game;
  key->state = *state;
  key->game_state = *pat_game_get_state (self->game);
  key->has_step = step != NULL;
  if (step != NULL)
    {
      key->step_from = step->from;
      key->step_deal = step->deal;
      key->lift_pile = step->lift_pile;
      key->lift_first = step->lift_first;
      key->lift_dx = step->lift_dx;
      key->lift_dy = step->lift_dy;
    }
  key->drag_pile = self->dragging ? self->drag_pile : -1;
  key->drag_first = self->dragging ? self->drag_first : 0;
  key->width = self->geometry_width;
  key->height = self->geometry_height;
  key->scale = scale_factor (self);
}

static gboolean
under_key_equal (const PatBoardUnder *a,
                 const PatBoardUnder *b)
{
  return a->game == b->game &&
         pat_state_equal (&a->state, &b->state) &&
         pat_state_equal (&a->game_state, &b->game_state) &&
         a->has_step == b->has_step &&
         (!a->has_step ||
          (pat_state_equal (&a->step_from, &b->step_from) && a->step_deal == b->step_deal &&
           a->lift_pile == b->lift_pile && a->lift_first == b->lift_first &&
           a->lift_dx == b->lift_dx && a->lift_dy == b->lift_dy)) &&
         a->drag_pile == b->drag_pile && a->drag_first == b->drag_first &&
         a->width == b->width && a->height == b->height && a->scale == b->scale;
}

static void
clear_kept (PatBoard *self)
{
  for (guint p = 0; p < PAT_MAX_PILES; p++)
    kept_clear (self->pile_nodes[p]);
  kept_clear (self->hole_nodes);
}

/* The cards of pile @p that stay put. The cairo renderer draws the whole window at every frame,
 * clipped to what changed: each node costs its drawing, even where it is outside the clip. With
 * it a pile is one node painting its cards' cached pixels, the same node while the pile does not
 * change, which the renderer then knows not to draw again. */
static void
draw_pile (PatBoard      *self,
           GtkSnapshot   *snapshot,
           guint8         p,
           const Sprite **cards,
           guint          n)
{
  struct {
    int             scale;
    guint8          card[PAT_N_CARDS];
    guint8          face_up[PAT_N_CARDS];
    graphene_rect_t rect[PAT_N_CARDS];
  } key;
  g_autoptr(GBytes) bytes = NULL;
  graphene_rect_t bounds;
  cairo_t *cr;
  GskRenderNode *node;
  guint i;

  if (n == 0)
    return;
  if (!pat_card_renderer_get_cairo_nodes (self->renderer) || p >= PAT_MAX_PILES)
    {
      for (i = 0; i < n; i++)
        draw_card (self, snapshot, cards[i], 0, 0);
      return;
    }

  memset (&key, 0, sizeof key);
  key.scale = scale_factor (self);
  for (i = 0; i < n; i++)
    {
      key.card[i] = cards[i]->card;
      key.face_up[i] = (guint8) cards[i]->face_up;
      key.rect[i] = cards[i]->rect;
    }
  bytes = g_bytes_new (&key, sizeof key);
  node = kept_node (self->pile_nodes[p], bytes);
  if (node == NULL)
    {
      bounds = cards[0]->rect;
      for (i = 1; i < n; i++)
        graphene_rect_union (&bounds, &cards[i]->rect, &bounds);
      node = gsk_cairo_node_new (&bounds);
      cr = gsk_cairo_node_get_draw_context (node);
      for (i = 0; i < n; i++)
        if (!pat_card_renderer_paint_card (self->renderer, cr, cards[i]->card,
                                           cards[i]->face_up, &cards[i]->rect, key.scale))
          break;
      cairo_destroy (cr);
      /* A card too large for cached pixels is drawn on its own, as are the others. */
      if (i < n)
        {
          gsk_render_node_unref (node);
          for (i = 0; i < n; i++)
            draw_card (self, snapshot, cards[i], 0, 0);
          return;
        }
      keep_node (self->pile_nodes[p], bytes, node);
      self->n_kept_drawn++;
    }
  gtk_snapshot_append_node (snapshot, node);
}

/* Everything under the cards that move: the slots, the cards that stay, the badges. */
static void
draw_under (PatBoard       *self,
            GtkSnapshot    *snapshot,
            const PatState *state,
            const Sprite   *sprites,
            guint           n_sprites)
{
  const PatLayout *layout = pat_board_get_layout (self);
  int top_still[PAT_MAX_PILES];
  gboolean covered[PAT_MAX_PILES] = { FALSE };

  /* In a squared pile only the top card that stays put needs drawing. A pile whose first card
   * stays put, where the pile starts, covers its outline. */
  for (guint p = 0; p < PAT_MAX_PILES; p++)
    top_still[p] = -1;
  for (guint i = 0; i < n_sprites; i++)
    {
      const Sprite *sp = &sprites[i];
      gboolean lifted = self->dragging && sp->pile == self->drag_pile &&
                        sp->index >= self->drag_first;

      if (!sp->moving && !lifted)
        {
          top_still[sp->pile] = MAX (top_still[sp->pile], (int) sp->index);
          if (sp->index == 0 && sp->pile < layout->n_piles)
            {
              graphene_rect_t slot;

              pat_board_slot_rect (self, sp->pile, &slot);
              covered[sp->pile] = rect_equal (&slot, &sp->rect) &&
                                  fabs (slot.size.width - sp->rect.size.width) < 0.5 &&
                                  fabs (slot.size.height - sp->rect.size.height) < 0.5;
            }
        }
    }

  /* Empty piles show their outline, and so does a pile whose cards are on their way to it or
   * lifted from it; it costs every frame drawn (the whole window is drawn, clipped to what
   * changed), so a covered one is left out. */
  for (guint p = 0; p < layout->n_piles && p < state->n_piles; p++)
    {
      graphene_rect_t rect;

      pat_board_slot_rect (self, p, &rect);
      if (layout->piles[p].kind == PAT_PILE_HOLE)
        draw_hole (self, snapshot, &rect);
      if (!covered[p])
        pat_card_renderer_snapshot_slot (self->renderer, snapshot, &rect,
                                         slot_label (self, state, p));
    }

  for (guint i = 0; i < n_sprites;)
    {
      const Sprite *pile[PAT_N_CARDS];
      guint n = 0;
      guint8 p = sprites[i].pile;

      for (; i < n_sprites && sprites[i].pile == p; i++)
        {
          const Sprite *sp = &sprites[i];
          const Sprite *next = i + 1 < n_sprites ? &sprites[i + 1] : NULL;
          gboolean lifted = self->dragging && sp->pile == self->drag_pile &&
                            sp->index >= self->drag_first;

          if (sp->moving || lifted)
            continue;
          else if (layout->piles[sp->pile].fan == PAT_FAN_NONE &&
                   (int) sp->index != top_still[sp->pile])
            continue;
          /* Cards squared under the fanned part of a waste would only darken its edge. */
          else if (next != NULL && next->pile == sp->pile && !next->moving &&
                   rect_equal (&next->rect, &sp->rect) &&
                   !(self->dragging && next->pile == self->drag_pile &&
                     next->index >= self->drag_first))
            continue;
          pile[n++] = sp;
        }
      draw_pile (self, snapshot, p, pile, n);
    }

  draw_badges (self, snapshot, state);
}

static void
pat_board_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  PatBoard *self = PAT_BOARD (widget);
  const PatBoardStep *step = NULL;
  const PatState *state;
  Sprite sprites[PAT_N_CARDS];
  Sprite moving[PAT_N_CARDS];
  guint n_sprites, n_moving = 0;
  PatBoardUnder key;

  self->n_snapshots++;
  if (self->game == NULL)
    return;

  pat_board_ensure_geometry (self);
  if (self->card_w <= 0)
    return;

  if (self->steps->len > 0)
    step = &g_array_index (self->steps, PatBoardStep, 0);
  state = step != NULL ? &step->to : pat_board_get_state (self);
  n_sprites = build_sprites (self, step, self->elapsed, state, sprites);

  under_key_init (self, step, state, &key);
  if (self->under_node == NULL || !under_key_equal (&key, &self->under_key))
    {
      GtkSnapshot *under = gtk_snapshot_new ();

      draw_under (self, under, state, sprites, n_sprites);
      g_clear_pointer (&self->under_node, gsk_render_node_unref);
      self->under_node = gtk_snapshot_free_to_node (under);
      self->under_key = key;
      self->n_under_drawn++;
    }
  if (self->under_node != NULL)
    gtk_snapshot_append_node (snapshot, self->under_node);

  if (step == NULL)
    draw_highlights (self, snapshot, state);

  for (guint i = 0; i < n_sprites; i++)
    if (sprites[i].moving)
      moving[n_moving++] = sprites[i];
  qsort (moving, n_moving, sizeof (Sprite), compare_moving);
  for (guint i = 0; i < n_moving; i++)
    draw_card (self, snapshot, &moving[i], 0, 0);

  if (self->dragging && step == NULL)
    for (guint i = 0; i < n_sprites; i++)
      {
        const Sprite *sp = &sprites[i];

        if (sp->pile == self->drag_pile && sp->index >= self->drag_first)
          draw_card (self, snapshot, sp, self->drag_dx, self->drag_dy);
      }

  if (step == NULL && gtk_widget_has_focus (widget))
    draw_focus (self, snapshot, state);
}

/* Widget */

static void
update_renderer_style (PatBoard *self)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  pat_card_renderer_set_style (self->renderer, adw_style_manager_get_dark (style),
                               self->four_colour, self->card_back);
  pat_card_renderer_set_high_contrast (self->renderer,
                                       adw_style_manager_get_high_contrast (style));
}

static void
renderer_changed_cb (PatBoard *self)
{
  g_clear_pointer (&self->under_node, gsk_render_node_unref);
  clear_kept (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
style_changed_cb (PatBoard *self)
{
  update_renderer_style (self);
}

static void
pat_board_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  invalidate_geometry (PAT_BOARD (widget));
}

static void
pat_board_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int           *minimum_baseline,
                   int           *natural_baseline)
{
  /* Any size will do: the cards follow it. */
  *minimum = 0;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 800 : 600;
}

static void
pat_board_map (GtkWidget *widget)
{
  PatBoard *self = PAT_BOARD (widget);

  GTK_WIDGET_CLASS (pat_board_parent_class)->map (widget);

  if (self->deal_pending)
    {
      self->deal_pending = FALSE;
      if (self->game != NULL && animations_enabled (self) && is_fresh_deal (self))
        queue_deal (self, pat_game_get_state (self->game));
    }
}

static void
pat_board_realize (GtkWidget *widget)
{
  PatBoard *self = PAT_BOARD (widget);
  GtkNative *native;
  GskRenderer *renderer;

  GTK_WIDGET_CLASS (pat_board_parent_class)->realize (widget);

  /* Software drawing wants the cards as cairo nodes, the others as textures. */
  native = gtk_widget_get_native (widget);
  renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;
  pat_card_renderer_set_cairo_nodes (self->renderer,
                                     renderer != NULL && GSK_IS_CAIRO_RENDERER (renderer));
}

static void
pat_board_unmap (GtkWidget *widget)
{
  pat_board_finish (PAT_BOARD (widget));

  GTK_WIDGET_CLASS (pat_board_parent_class)->unmap (widget);
}

static void
pat_board_state_flags_changed (GtkWidget     *widget,
                               GtkStateFlags  previous)
{
  GTK_WIDGET_CLASS (pat_board_parent_class)->state_flags_changed (widget, previous);

  if ((previous ^ gtk_widget_get_state_flags (widget)) &
      (GTK_STATE_FLAG_FOCUS_VISIBLE | GTK_STATE_FLAG_FOCUSED))
    gtk_widget_queue_draw (widget);
}

static void
pat_board_dispose (GObject *object)
{
  PatBoard *self = PAT_BOARD (object);

  pat_board_set_game (self, NULL);
  g_clear_object (&self->game_signals);
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  if (self->renderer != NULL)
    g_signal_handlers_disconnect_by_data (self->renderer, self);
  g_clear_object (&self->renderer);
  g_clear_pointer (&self->under_node, gsk_render_node_unref);
  clear_kept (self);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);

  G_OBJECT_CLASS (pat_board_parent_class)->dispose (object);
}

static void
pat_board_finalize (GObject *object)
{
  PatBoard *self = PAT_BOARD (object);

  g_free (self->card_back);
  g_free (self->said);
  g_array_unref (self->steps);

  G_OBJECT_CLASS (pat_board_parent_class)->finalize (object);
}

static void
pat_board_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  PatBoard *self = PAT_BOARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_ANIMATIONS:
      g_value_set_boolean (value, self->animations);
      break;

    case PROP_CLICK_TO_MOVE:
      g_value_set_boolean (value, self->click_to_move);
      break;

    case PROP_FOUR_COLOUR:
      g_value_set_boolean (value, self->four_colour);
      break;

    case PROP_CARD_BACK:
      g_value_set_string (value, self->card_back);
      break;

    case PROP_AUTO_FOUNDATION:
      g_value_set_boolean (value, self->auto_foundation);
      break;

    case PROP_ANIMATING:
      g_value_set_boolean (value, pat_board_is_animating (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_boolean (PatBoard *self,
             gboolean *field,
             gboolean  value,
             guint     prop)
{
  value = !!value;
  if (*field == value)
    return;

  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
pat_board_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  PatBoard *self = PAT_BOARD (object);

  switch (prop_id)
    {
    case PROP_GAME:
      pat_board_set_game (self, g_value_get_object (value));
      break;

    case PROP_ANIMATIONS:
      set_boolean (self, &self->animations, g_value_get_boolean (value), PROP_ANIMATIONS);
      if (!self->animations)
        pat_board_finish (self);
      break;

    case PROP_CLICK_TO_MOVE:
      set_boolean (self, &self->click_to_move, g_value_get_boolean (value), PROP_CLICK_TO_MOVE);
      if (!self->click_to_move)
        pat_board_reset_input (self);
      break;

    case PROP_FOUR_COLOUR:
      set_boolean (self, &self->four_colour, g_value_get_boolean (value), PROP_FOUR_COLOUR);
      update_renderer_style (self);
      break;

    case PROP_CARD_BACK:
      if (g_strcmp0 (self->card_back, g_value_get_string (value)) != 0)
        {
          g_free (self->card_back);
          self->card_back = g_value_dup_string (value);
          update_renderer_style (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    case PROP_AUTO_FOUNDATION:
      set_boolean (self, &self->auto_foundation, g_value_get_boolean (value), PROP_AUTO_FOUNDATION);
      if (self->game != NULL)
        pat_game_set_auto_foundation (self->game, self->auto_foundation);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_board_class_init (PatBoardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pat_board_dispose;
  object_class->finalize = pat_board_finalize;
  object_class->get_property = pat_board_get_property;
  object_class->set_property = pat_board_set_property;

  widget_class->snapshot = pat_board_snapshot;
  widget_class->realize = pat_board_realize;
  widget_class->size_allocate = pat_board_size_allocate;
  widget_class->measure = pat_board_measure;
  widget_class->map = pat_board_map;
  widget_class->unmap = pat_board_unmap;
  widget_class->state_flags_changed = pat_board_state_flags_changed;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PAT_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATIONS] =
    g_param_spec_boolean ("animations", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CLICK_TO_MOVE] =
    g_param_spec_boolean ("click-to-move", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FOUR_COLOUR] =
    g_param_spec_boolean ("four-colour", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CARD_BACK] =
    g_param_spec_string ("card-back", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_AUTO_FOUNDATION] =
    g_param_spec_boolean ("auto-foundation", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_css_name (widget_class, "patboard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_WIDGET);
}

static void
pat_board_init (PatBoard *self)
{
  self->animations = TRUE;
  self->click_to_move = TRUE;
  self->steps = g_array_new (FALSE, FALSE, sizeof (PatBoardStep));
  self->sel_pile = -1;
  self->drag_pile = -1;
  self->drag_hover = -1;
  self->press_pile = -1;
  self->focus_pile = -1;
  self->focus_index = -1;
  self->lift_pile = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  self->renderer = pat_card_renderer_new ();
  /* The game's signals, connected while it is the board's (pat_board_set_game()). */
  self->game_signals = g_signal_group_new (PAT_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "changed", G_CALLBACK (changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "move-applied",
                                  G_CALLBACK (move_applied_cb), self);
  g_signal_connect_swapped (self->renderer, "changed", G_CALLBACK (renderer_changed_cb), self);
  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::dark",
                            G_CALLBACK (style_changed_cb), self);
  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::high-contrast",
                            G_CALLBACK (style_changed_cb), self);
  /* Textures are drawn for the scale factor, so a new one needs a new frame. */
  g_signal_connect_swapped (self, "notify::scale-factor", G_CALLBACK (renderer_changed_cb), self);
  update_renderer_style (self);

  pat_board_init_input (self);
  pat_board_update_accessible (self);
}

/* Public API */

/**
 * pat_board_new:
 *
 * Returns: (transfer floating): a new board with no game
 */
GtkWidget *
pat_board_new (void)
{
  return g_object_new (PAT_TYPE_BOARD, NULL);
}

/**
 * pat_board_get_game:
 *
 * Returns: (transfer none) (nullable): the game shown
 */
PatGame *
pat_board_get_game (PatBoard *self)
{
  g_return_val_if_fail (PAT_IS_BOARD (self), NULL);

  return self->game;
}

/**
 * pat_board_set_game:
 * @game: (nullable): the game to show and play
 *
 * Shows @game; a game just dealt is dealt again on the board, card by card.
 */
void
pat_board_set_game (PatBoard *self,
                    PatGame  *game)
{
  g_return_if_fail (PAT_IS_BOARD (self));
  g_return_if_fail (game == NULL || PAT_IS_GAME (game));

  if (self->game == game)
    return;

  pat_board_finish (self);
  self->deal_pending = FALSE;
  g_signal_group_set_target (self->game_signals, NULL);
  g_set_object (&self->game, game);

  self->has_hint = FALSE;
  self->move_seen = FALSE;
  self->focus_pile = -1;
  self->focus_index = -1;
  pat_board_reset_input (self);

  if (game != NULL)
    {
      self->last = *pat_game_get_state (game);
      g_signal_group_set_target (self->game_signals, game);
      compute_reserve (self);
      self->focus_pile = 0;

      /* The board's first game, the one a window opens with, shows its deal dealt: the window
       * opens ready to play, for the cost of one frame. Later deals fly in. */
      if (is_fresh_deal (self) && self->had_game)
        {
          if (animations_enabled (self))
            queue_deal (self, &self->last);
          else if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
            self->deal_pending = TRUE;
        }
      self->had_game = TRUE;
      /* The board's auto-foundation setting is the game's: a deal not yet played sends up
       * at once what goes, as part of the deal, shown after the deal itself. */
      pat_game_set_auto_foundation (game, self->auto_foundation);
    }

  invalidate_geometry (self);
  pat_board_update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/**
 * pat_board_show_hint:
 * @move: (nullable): the move to suggest
 *
 * Highlights the cards @move takes and where it puts them, until the position changes.
 */
void
pat_board_show_hint (PatBoard      *self,
                     const PatMove *move)
{
  g_return_if_fail (PAT_IS_BOARD (self));

  self->has_hint = move != NULL;
  if (move != NULL)
    self->hint = *move;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * pat_board_finish_animations:
 *
 * Shows the current position at once, dropping any animation under way.
 */
void
pat_board_finish_animations (PatBoard *self)
{
  g_return_if_fail (PAT_IS_BOARD (self));

  pat_board_finish (self);
}

gboolean
pat_board_is_animating (PatBoard *self)
{
  g_return_val_if_fail (PAT_IS_BOARD (self), FALSE);

  return self->tick_id != 0;
}

gboolean
pat_board_get_card_bounds (PatBoard        *self,
                           guint            pile,
                           guint            depth,
                           graphene_rect_t *bounds)
{
  const PatState *state;
  guint n;

  g_return_val_if_fail (PAT_IS_BOARD (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  state = pat_board_get_state (self);
  if (state == NULL || pile >= state->n_piles)
    return FALSE;

  pat_board_ensure_geometry (self);
  if (self->card_w <= 0)
    return FALSE;

  n = pat_state_pile_len (state, pile);
  if (n == 0)
    {
      if (depth > 0)
        return FALSE;
      pat_board_slot_rect (self, pile, bounds);
      return TRUE;
    }
  if (depth >= n)
    return FALSE;

  pat_board_card_rect (self, state, pile, n - 1 - depth, bounds);
  return TRUE;
}

/* GTK 4.8 has no way to announce a text; a screen reader reads a change of the focused widget's
 * description, so the board's description says it too, until the next key or move. */
guint
pat_board_get_hint_bounds (PatBoard        *self,
                           graphene_rect_t  bounds[3])
{
  const PatState *state;

  g_return_val_if_fail (PAT_IS_BOARD (self), 0);

  state = pat_board_get_state (self);
  if (state == NULL || !self->has_hint)
    return 0;
  pat_board_ensure_geometry (self);
  if (self->card_w <= 0)
    return 0;
  return hint_rects (self, state, bounds);
}

gboolean
pat_board_get_hole_bounds (PatBoard        *self,
                           graphene_rect_t *bounds)
{
  const PatState *state;
  int hole;

  g_return_val_if_fail (PAT_IS_BOARD (self), FALSE);

  state = pat_board_get_state (self);
  if (state == NULL)
    return FALSE;
  hole = find_kind (pat_board_get_layout (self), PAT_PILE_HOLE);
  return hole >= 0 && pat_board_get_card_bounds (self, hole, 0, bounds);
}

void
pat_board_emit_message (PatBoard   *self,
                        const char *text)
{
  g_free (self->said);
  self->said = g_strdup (text);
  pat_board_update_accessible (self);
  g_signal_emit (self, signals[MESSAGE], 0, text);
}
