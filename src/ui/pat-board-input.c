/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatBoard's input: moving cards by pointer, touch and keyboard, and what screen readers hear. */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "pat-board-private.h"

static PatPileKind
pile_kind (PatBoard *self,
           guint     pile)
{
  return (PatPileKind) pat_board_get_layout (self)->piles[pile].kind;
}

gboolean
pat_board_hit_test (PatBoard *self,
                    double    x,
                    double    y,
                    int      *pile,
                    int      *index)
{
  const PatState *state = pat_board_get_state (self);
  const graphene_point_t point = GRAPHENE_POINT_INIT (x, y);

  if (state == NULL)
    return FALSE;
  pat_board_ensure_geometry (self);
  if (self->card_w <= 0)
    return FALSE;

  for (guint p = state->n_piles; p-- > 0;)
    {
      guint n = pat_state_pile_len (state, p);
      graphene_rect_t rect;

      if (n == 0)
        {
          pat_board_slot_rect (self, p, &rect);
          if (graphene_rect_contains_point (&rect, &point))
            {
              *pile = (int) p;
              *index = -1;
              return TRUE;
            }
          continue;
        }

      for (guint i = n; i-- > 0;)
        {
          pat_board_card_rect (self, state, p, i, &rect);
          if (graphene_rect_contains_point (&rect, &point))
            {
              *pile = (int) p;
              *index = (int) i;
              return TRUE;
            }
          if (pat_board_get_layout (self)->piles[p].fan == PAT_FAN_NONE)
            break;
        }
    }

  return FALSE;
}

/* Moves */

static void
say_reason (PatBoard   *self,
            const char *reason)
{
  g_autofree char *text = NULL;

  if (reason == NULL || *reason == '\0')
    return;

  /* The rules give their reasons in English, without a capital. */
  text = g_strdup (g_dgettext (GETTEXT_PACKAGE, reason));
  if (g_ascii_islower (text[0]))
    text[0] = g_ascii_toupper (text[0]);
  pat_board_emit_message (self, text);
}

/* The move that takes the top @count cards of @from to @to: the cards themselves or, where a
 * game discards pairs (Idiot's Delight), the two equal cards together. */
static gboolean
find_move (PatBoard    *self,
           guint        from,
           guint        count,
           guint        to,
           PatMove     *move,
           const char **reason)
{
  const PatLayout *layout = pat_board_get_layout (self);
  const char *why = NULL;

  *move = pat_move_cards (from, to, count);
  if (pat_game_check_move (self->game, move, &why))
    return TRUE;

  if (count == 1 && layout->piles[to].kind == PAT_PILE_TABLEAU)
    for (guint d = 0; d < layout->n_piles; d++)
      if (layout->piles[d].kind == PAT_PILE_DISCARD)
        {
          PatMove pair = { PAT_MOVE_PAIR, (guint8) from, (guint8) d, 2, (guint8) to };
          const char *ignored = NULL;

          if (pat_game_check_move (self->game, &pair, &ignored))
            {
              *move = pair;
              return TRUE;
            }
        }

  if (reason != NULL)
    *reason = why;

  return FALSE;
}

static gboolean
apply_move (PatBoard      *self,
            const PatMove *move)
{
  g_autoptr(GError) error = NULL;

  if (!pat_game_apply (self->game, move, &error))
    {
      say_reason (self, error->message);
      return FALSE;
    }

  return TRUE;
}

/* Whether the cards from @index up can go anywhere; @count is how many they are. */
static gboolean
can_pick (PatBoard *self,
          guint     pile,
          guint     index,
          guint    *count)
{
  const PatState *state = pat_board_get_state (self);
  guint n = pat_state_pile_len (state, pile);
  PatMove move;

  if (index >= n || !pat_board_card_face_up (self, state, pile, index))
    return FALSE;

  for (guint d = 0; d < state->n_piles; d++)
    if (d != pile && find_move (self, pile, n - index, d, &move, NULL))
      {
        *count = n - index;
        return TRUE;
      }

  return FALSE;
}

/* The cards a press on card @index picks up: the card and those above it when they can move
 * together, otherwise the top card alone when it can move; @first is the lowest one. */
static gboolean
pick_at (PatBoard *self,
         guint     pile,
         guint     index,
         guint    *first)
{
  guint n = pat_state_pile_len (pat_board_get_state (self), pile);
  guint count;

  if (can_pick (self, pile, index, &count) ||
      (index + 1 < n && can_pick (self, pile, n - 1, &count)))
    {
      *first = n - count;
      return TRUE;
    }

  return FALSE;
}

static void
compute_targets (PatBoard *self,
                 int       pile,
                 guint     count)
{
  const PatState *state = pat_board_get_state (self);
  PatMove move;

  memset (self->targets, 0, sizeof self->targets);
  if (pile < 0)
    return;

  for (guint d = 0; d < state->n_piles; d++)
    self->targets[d] = (int) d != pile && find_move (self, pile, count, d, &move, NULL);
}

static void
set_selection (PatBoard *self,
               int       pile,
               guint     count)
{
  self->sel_pile = pile;
  self->sel_count = pile >= 0 ? count : 0;
  compute_targets (self, pile, count);
  pat_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
play_stock (PatBoard *self,
            guint     pile)
{
  PatMove move = { PAT_MOVE_STOCK, (guint8) pile, (guint8) pile, 0, 0 };
  const char *reason = NULL;

  set_selection (self, -1, 0);
  if (pat_game_check_move (self->game, &move, &reason))
    apply_move (self, &move);
  else
    say_reason (self, reason);
}

/* A double click: the card goes to whichever foundation, hole or discard pile takes it. */
static gboolean
send_home (PatBoard *self,
           guint     pile)
{
  const PatState *state = pat_board_get_state (self);
  const char *first_reason = NULL;
  gboolean has_home = FALSE;
  int only = -1;
  guint fits = 0;

  set_selection (self, -1, 0);
  if (pat_state_pile_len (state, pile) == 0)
    return FALSE;

  for (guint d = 0; d < state->n_piles; d++)
    {
      PatPileKind kind = pile_kind (self, d);
      PatMove move = pat_move_cards (pile, d, 1);
      const char *reason = NULL;

      if (kind == PAT_PILE_FOUNDATION || kind == PAT_PILE_HOLE)
        has_home = TRUE;
      if (d == pile ||
          (kind != PAT_PILE_FOUNDATION && kind != PAT_PILE_HOLE && kind != PAT_PILE_DISCARD))
        continue;
      if (pat_game_check_move (self->game, &move, &reason))
        return apply_move (self, &move);
      if (first_reason == NULL)
        first_reason = reason;
    }

  /* A game whose cards only move from pile to pile (Free Columns) has no home to send a card
   * to: the card goes where it fits, when that is one pile only. */
  if (!has_home)
    for (guint d = 0; d < state->n_piles; d++)
      {
        PatMove move = pat_move_cards (pile, d, 1);

        if (d != pile && pile_kind (self, d) == PAT_PILE_TABLEAU &&
            pat_game_check_move (self->game, &move, NULL))
          {
            only = (int) d;
            fits++;
          }
      }
  if (fits == 1)
    {
      PatMove move = pat_move_cards (pile, (guint) only, 1);

      return apply_move (self, &move);
    }
  if (fits > 1)
    first_reason = N_("it fits on more than one pile: drag it where it goes");

  say_reason (self, first_reason);
  return FALSE;
}

/* Pointer and touch */

static void
click (PatBoard *self,
       double    x,
       double    y,
       int       n_press)
{
  int pile, index;
  guint first, n;
  PatMove move;
  const char *reason = NULL;

  if (self->game == NULL)
    return;
  pat_board_finish (self);

  if (!pat_board_hit_test (self, x, y, &pile, &index))
    {
      set_selection (self, -1, 0);
      return;
    }
  n = pat_state_pile_len (pat_board_get_state (self), pile);

  self->focus_pile = pile;
  self->focus_index = index;

  if (pile_kind (self, pile) == PAT_PILE_STOCK)
    {
      play_stock (self, pile);
      return;
    }

  if (n_press >= 2)
    {
      if (index >= 0)
        send_home (self, pile);
      return;
    }

  if (self->sel_pile >= 0)
    {
      if (pile == self->sel_pile)
        set_selection (self, -1, 0);
      else if (find_move (self, self->sel_pile, self->sel_count, pile, &move, &reason))
        {
          set_selection (self, -1, 0);
          apply_move (self, &move);
        }
      else if (index >= 0 && pick_at (self, pile, index, &first))
        set_selection (self, pile, n - first);
      else
        {
          set_selection (self, -1, 0);
          say_reason (self, reason);
        }
      return;
    }

  if (self->click_to_move && index >= 0 && pick_at (self, pile, index, &first))
    set_selection (self, pile, n - first);
}

static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  PatBoard        *self)
{
  if (gtk_widget_get_focusable (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  pat_board_finish (self);
}

static void
click_released_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   PatBoard        *self)
{
  if (self->dragging)
    return;
  click (self, x, y, n_press);
  /* The focus moved to what was clicked: the ring and what screen readers say follow it. */
  pat_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The legal destination the dragged cards cover most; @under is the pile under the pointer. */
static int
drop_target (PatBoard *self,
             int      *under)
{
  const PatState *state = pat_board_get_state (self);
  graphene_rect_t moved, zone, common;
  double best_area = 0;
  int best = -1;
  int index;

  pat_board_card_rect (self, state, self->drag_pile, self->drag_first, &moved);
  moved.origin.x += self->drag_dx;
  moved.origin.y += self->drag_dy;

  for (guint d = 0; d < state->n_piles; d++)
    {
      if (!self->targets[d])
        continue;
      pat_board_cards_rect (self, state, d, pat_state_pile_len (state, d), &zone);
      if (graphene_rect_intersection (&moved, &zone, &common) &&
          common.size.width * common.size.height > best_area)
        {
          best_area = common.size.width * common.size.height;
          best = (int) d;
        }
    }

  if (under != NULL &&
      !pat_board_hit_test (self, self->press_x + self->drag_dx, self->press_y + self->drag_dy,
                           under, &index))
    *under = -1;

  return best;
}

static void
drag_begin (PatBoard *self,
            double    x,
            double    y)
{
  const PatState *state;
  int pile, index;
  guint first;

  self->drag_armed = FALSE;
  self->dragging = FALSE;
  if (self->game == NULL)
    return;
  pat_board_finish (self);

  self->press_x = x;
  self->press_y = y;
  if (!pat_board_hit_test (self, x, y, &pile, &index) || index < 0 ||
      pile_kind (self, pile) == PAT_PILE_STOCK)
    return;

  state = pat_board_get_state (self);
  if (!pick_at (self, pile, index, &first))
    {
      /* The top card can always be dragged, so that a refused drop says why. */
      first = pat_state_pile_len (state, pile) - 1;
      if (!pat_board_card_face_up (self, state, pile, first))
        return;
    }

  self->drag_armed = TRUE;
  self->drag_pile = pile;
  self->drag_first = first;
  self->drag_dx = self->drag_dy = 0;
}

static void set_focus (PatBoard *self,
                       int       pile,
                       int       index);

/* The keyboard focus goes with the cards a drag takes, as with a click, and to the pile they are
 * played on: the arrows go on from there, and the ring is never left on a pile the player did not
 * touch. */
static void
start_drag (PatBoard *self)
{
  const PatState *state = pat_board_get_state (self);

  set_selection (self, -1, 0);
  set_focus (self, self->drag_pile, (int) self->drag_first);
  self->dragging = TRUE;
  compute_targets (self, self->drag_pile,
                   pat_state_pile_len (state, self->drag_pile) - self->drag_first);
}

static void
drag_update (PatBoard *self,
             double    dx,
             double    dy)
{
  if (!self->drag_armed)
    return;

  self->drag_dx = dx;
  self->drag_dy = dy;
  self->drag_hover = drop_target (self, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drop (PatBoard *self)
{
  const PatState *state = pat_board_get_state (self);
  int pile = self->drag_pile;
  guint first = self->drag_first;
  guint count = pat_state_pile_len (state, pile) - first;
  double dx = self->drag_dx, dy = self->drag_dy;
  const char *reason = NULL;
  int target, under;
  PatMove move;

  target = drop_target (self, &under);
  self->dragging = FALSE;
  self->drag_armed = FALSE;
  self->drag_hover = -1;
  memset (self->targets, 0, sizeof self->targets);

  if (target >= 0 && find_move (self, pile, count, target, &move, NULL))
    {
      pat_board_queue_lift (self, pile, first, dx, dy);
      set_focus (self, target, -1);
      apply_move (self, &move);
      pat_board_queue_lift (self, -1, 0, 0, 0);
      return;
    }

  pat_board_animate_return (self, pile, first, dx, dy);
  if (under >= 0 && under != pile)
    {
      find_move (self, pile, count, under, &move, &reason);
      say_reason (self, reason);
    }
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               PatBoard       *self)
{
  drag_begin (self, x, y);
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                PatBoard       *self)
{
  if (!self->drag_armed)
    return;

  if (!self->dragging)
    {
      if (!gtk_drag_check_threshold (GTK_WIDGET (self), (int) self->press_x, (int) self->press_y,
                                     (int) (self->press_x + dx), (int) (self->press_y + dy)))
        return;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      start_drag (self);
    }

  drag_update (self, dx, dy);
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             PatBoard       *self)
{
  if (!self->dragging)
    {
      self->drag_armed = FALSE;
      return;
    }

  drag_update (self, dx, dy);
  drop (self);
}

static void
drag_cancel_cb (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                PatBoard         *self)
{
  if (self->dragging)
    {
      self->dragging = FALSE;
      pat_board_animate_return (self, self->drag_pile, self->drag_first,
                                self->drag_dx, self->drag_dy);
    }
  self->drag_armed = FALSE;
  self->drag_hover = -1;
  memset (self->targets, 0, sizeof self->targets);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Keyboard */

static guint
focused_index (PatBoard       *self,
               const PatState *state)
{
  guint n = pat_state_pile_len (state, self->focus_pile);

  if (self->focus_index >= 0 && (guint) self->focus_index < n)
    return self->focus_index;

  return n > 0 ? n - 1 : 0;
}

static void
focus_rect (PatBoard        *self,
            const PatState  *state,
            graphene_rect_t *rect)
{
  if (pat_state_pile_len (state, self->focus_pile) == 0)
    pat_board_slot_rect (self, self->focus_pile, rect);
  else
    pat_board_card_rect (self, state, self->focus_pile, focused_index (self, state), rect);
}

static void
set_focus (PatBoard *self,
           int       pile,
           int       index)
{
  self->focus_pile = pile;
  self->focus_index = index;
  pat_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Arrows: the nearest pile that way, preferring piles in line with the focus. */
static void
move_focus (PatBoard *self,
            int       dx,
            int       dy)
{
  const PatState *state = pat_board_get_state (self);
  graphene_rect_t here, zone;
  double cx, cy, best_cost = G_MAXDOUBLE;
  int best = -1;

  focus_rect (self, state, &here);
  cx = here.origin.x + here.size.width / 2;
  cy = here.origin.y + here.size.height / 2;

  for (guint p = 0; p < state->n_piles; p++)
    {
      double along, across, cost;

      if ((int) p == self->focus_pile)
        continue;
      pat_board_cards_rect (self, state, p, pat_state_pile_len (state, p), &zone);

      if (dx != 0)
        {
          along = (zone.origin.x + zone.size.width / 2 - cx) * dx;
          if (cy < zone.origin.y)
            across = zone.origin.y - cy;
          else if (cy > zone.origin.y + zone.size.height)
            across = cy - zone.origin.y - zone.size.height;
          else
            across = 0;
        }
      else
        {
          along = (self->pile_y[p] - self->pile_y[self->focus_pile]) * dy;
          across = fabs (self->pile_x[p] - self->pile_x[self->focus_pile]);
        }

      if (along < 1)
        continue;
      cost = along + 3 * across;
      if (cost < best_cost)
        {
          best_cost = cost;
          best = (int) p;
        }
    }

  if (best >= 0)
    set_focus (self, best, -1);
}

/* Up and Down walk along a fan's face-up cards before leaving it. */
static gboolean
step_in_fan (PatBoard *self,
             int       dir)
{
  const PatState *state = pat_board_get_state (self);
  guint n = pat_state_pile_len (state, self->focus_pile);
  int i, j;

  if (n == 0 || pat_board_get_layout (self)->piles[self->focus_pile].fan != PAT_FAN_DOWN)
    return FALSE;

  i = (int) focused_index (self, state);
  j = i + dir;
  if (j < 0 || j >= (int) n || !pat_board_card_face_up (self, state, self->focus_pile, j))
    return FALSE;

  set_focus (self, self->focus_pile, j + 1 == (int) n ? -1 : j);
  return TRUE;
}

static void
activate (PatBoard *self)
{
  const PatState *state = pat_board_get_state (self);
  int pile = self->focus_pile;
  guint n = pat_state_pile_len (state, pile);
  const char *reason = NULL;
  guint first;
  PatMove move;

  if (self->sel_pile < 0)
    {
      guint index = focused_index (self, state);

      if (pile_kind (self, pile) == PAT_PILE_STOCK)
        play_stock (self, pile);
      else if (n == 0)
        return;
      else if (pick_at (self, pile, index, &first))
        set_selection (self, pile, n - first);
      else if (index + 1 == n)
        pat_board_emit_message (self, _("This card cannot move now"));
      else
        pat_board_emit_message (self, _("These cards cannot move now"));
      return;
    }

  if (pile == self->sel_pile)
    set_selection (self, -1, 0);
  else if (find_move (self, self->sel_pile, self->sel_count, pile, &move, &reason))
    {
      set_selection (self, -1, 0);
      apply_move (self, &move);
    }
  else
    say_reason (self, reason);
}

static gboolean
handle_key (PatBoard        *self,
            guint            keyval,
            GdkModifierType  modifiers)
{
  const PatState *state;

  if (self->game == NULL || (modifiers & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)))
    return FALSE;

  /* While cards are dragged, Escape takes the drag back (the cards fly home, as from a drop
   * nowhere) and the board's other keys wait for the drop. Pressed before the pointer moved, it
   * takes back the press too: the release is then no click. */
  if (self->dragging || self->drag_armed)
    {
      if (keyval != GDK_KEY_Escape)
        return self->dragging;
      gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->drag_gesture));
      gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->click_gesture));
      return TRUE;
    }

  pat_board_finish (self);
  g_clear_pointer (&self->said, g_free);
  state = pat_board_get_state (self);
  if (self->focus_pile < 0 || self->focus_pile >= state->n_piles)
    set_focus (self, 0, -1);

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      move_focus (self, -1, 0);
      return TRUE;

    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      move_focus (self, 1, 0);
      return TRUE;

    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      if (!step_in_fan (self, -1))
        move_focus (self, 0, -1);
      return TRUE;

    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      if (!step_in_fan (self, 1))
        move_focus (self, 0, 1);
      return TRUE;

    case GDK_KEY_Tab:
    case GDK_KEY_KP_Tab:
    case GDK_KEY_ISO_Left_Tab:
      {
        int dir = keyval == GDK_KEY_ISO_Left_Tab || (modifiers & GDK_SHIFT_MASK) ? -1 : 1;
        int next = self->focus_pile + dir;

        /* Past the last pile, Tab leaves the board. */
        if (next < 0 || next >= state->n_piles)
          return FALSE;
        set_focus (self, next, -1);
        return TRUE;
      }

    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      /* With Shift, what a double click does: the focused card to a foundation (or the hole, or
       * the discards). */
      if ((modifiers & GDK_SHIFT_MASK) && pile_kind (self, self->focus_pile) != PAT_PILE_STOCK)
        send_home (self, self->focus_pile);
      else
        activate (self);
      return TRUE;

    case GDK_KEY_Escape:
      if (self->sel_pile < 0)
        return FALSE;
      set_selection (self, -1, 0);
      return TRUE;

    default:
      return FALSE;
    }
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        modifiers,
                PatBoard              *self)
{
  return handle_key (self, keyval, modifiers);
}

static void
focus_enter_cb (PatBoard *self)
{
  pat_board_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Accessibility */

/* What the player calls @pile; the game's rules name it. */
char *
pat_board_dup_pile_name (PatBoard *self,
                         guint     pile)
{
  return pat_rules_dup_pile_name (pat_game_get_rules (self->game), pile);
}

static char *
describe_pile (PatBoard *self,
               int       pile,
               int       focus_index)
{
  const PatState *state = pat_board_get_state (self);
  g_autofree char *name = pat_board_dup_pile_name (self, pile);
  g_autofree char *card = NULL;
  guint n = pat_state_pile_len (state, pile);
  guint index;

  if (n == 0)
    /* Translators: an empty pile, such as "Cell 2, empty" */
    return g_strdup_printf (_("%s, empty"), name);

  index = focus_index >= 0 && (guint) focus_index < n ? (guint) focus_index : n - 1;
  if (pat_board_card_face_up (self, state, pile, index))
    card = pat_card_accessible_name (pat_state_pile_cards (state, pile)[index]);
  else
    card = g_strdup (_("face-down card"));

  if (index + 1 == n)
    /* Translators: a pile, its top card and how many cards it holds: "Tableau 3, Queen of
     * Hearts, 4 cards" */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %s, %u card", "%s, %s, %u cards", n),
                            name, card, n);

  /* Translators: a pile, a card in it and where: "Column 3, Nine of Spades, card 4 of 7" */
  return g_strdup_printf (_("%s, %s, card %u of %u"), name, card, index + 1, n);
}

void
pat_board_update_accessible (PatBoard *self)
{
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;
  const PatState *state = pat_board_get_state (self);

  if (state == NULL || self->focus_pile < 0 || self->focus_pile >= state->n_piles)
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Card table"),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "",
                                      -1);
      return;
    }

  label = describe_pile (self, self->focus_pile, self->focus_index);
  if (self->said != NULL)
    description = g_strdup (self->said);
  else if (self->sel_pile >= 0)
    {
      g_autofree char *from = pat_board_dup_pile_name (self, self->sel_pile);

      description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "Holding %u card from %s; "
                                                  "Space or Enter puts it down",
                                                  "Holding %u cards from %s; "
                                                  "Space or Enter puts them down",
                                                  self->sel_count),
                                     self->sel_count, from);
    }
  else
    {
      const char *game = g_dgettext (GETTEXT_PACKAGE, pat_game_get_rules (self->game)->name);

      /* Translators: the board's description; %s is the game's name */
      description = g_strdup_printf (_("%s. Arrow keys move between piles and cards, Space or "
                                       "Enter picks cards up"),
                                     game);
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
}

/* Set-up */

void
pat_board_reset_input (PatBoard *self)
{
  const PatState *state = pat_board_get_state (self);

  if (self->dragging || self->drag_armed)
    {
      self->dragging = FALSE;
      self->drag_armed = FALSE;
      if (self->drag_gesture != NULL)
        gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->drag_gesture));
    }
  self->drag_hover = -1;
  self->sel_pile = -1;
  self->sel_count = 0;
  memset (self->targets, 0, sizeof self->targets);

  if (state == NULL)
    self->focus_pile = -1;
  else if (self->focus_pile < 0 || self->focus_pile >= state->n_piles)
    self->focus_pile = 0;
  self->focus_index = -1;
}

void
pat_board_init_input (PatBoard *self)
{
  GtkEventController *key, *focus;

  self->click_gesture = gtk_gesture_click_new ();
  g_signal_connect (self->click_gesture, "pressed", G_CALLBACK (click_pressed_cb), self);
  g_signal_connect (self->click_gesture, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->click_gesture));

  self->drag_gesture = gtk_gesture_drag_new ();
  g_signal_connect (self->drag_gesture, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (self->drag_gesture, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (self->drag_gesture, "drag-end", G_CALLBACK (drag_end_cb), self);
  g_signal_connect (self->drag_gesture, "cancel", G_CALLBACK (drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->drag_gesture));

  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (focus_enter_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
}

/* Tests */

void
pat_board_test_click (PatBoard *self,
                      double    x,
                      double    y,
                      int       n_press)
{
  g_return_if_fail (PAT_IS_BOARD (self));

  pat_board_finish (self);
  click (self, x, y, n_press);
}

void
pat_board_test_drag (PatBoard *self,
                     double    x,
                     double    y,
                     double    to_x,
                     double    to_y)
{
  g_return_if_fail (PAT_IS_BOARD (self));

  if (!pat_board_test_drag_start (self, x, y))
    return;
  pat_board_test_drag_move (self, to_x - x, to_y - y);
  pat_board_test_drop (self);
}

/* A drag in steps, for a test that draws frames between them: picks up the cards at (@x, @y),
 * if any may be picked up there. */
gboolean
pat_board_test_drag_start (PatBoard *self,
                           double    x,
                           double    y)
{
  g_return_val_if_fail (PAT_IS_BOARD (self), FALSE);

  drag_begin (self, x, y);
  if (!self->drag_armed)
    return FALSE;
  start_drag (self);

  return TRUE;
}

/* Moves the cards picked up by @dx, @dy from where they were picked up. */
void
pat_board_test_drag_move (PatBoard *self,
                          double    dx,
                          double    dy)
{
  g_return_if_fail (PAT_IS_BOARD (self));

  drag_update (self, dx, dy);
}

void
pat_board_test_drop (PatBoard *self)
{
  g_return_if_fail (PAT_IS_BOARD (self));

  drop (self);
}

gboolean
pat_board_test_key (PatBoard        *self,
                    guint            keyval,
                    GdkModifierType  modifiers)
{
  g_return_val_if_fail (PAT_IS_BOARD (self), FALSE);

  return handle_key (self, keyval, modifiers);
}
