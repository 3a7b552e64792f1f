/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatWindow: the main window — header bar, board and status line around one game. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "pat-a11y.h"
#include "pat-greedy.h"
#include "pat-rules-text.h"
#include "pat-scoreboard.h"
#include "pat-toast.h"
#include "pat-window-private.h"

G_DEFINE_FINAL_TYPE (PatWindow, pat_window, ADW_TYPE_APPLICATION_WINDOW)

static void update_end_button (PatWindow *self);

/**
 * pat_window_set_count:
 * @self: a window
 * @count: one of its status line's counts (moves, time, cards left or score)
 * @text: what it says
 *
 * Sets a count of the status line. The counts are inscriptions: a new text only draws them
 * again, where a label's lays out the whole window again, with round trips to the display
 * server, at every move and every second of the clock. Each count is as wide as its text, sized
 * again only when what its text looks like changes: its words, its number of digits ("9 moves",
 * "10 moves") or the font. Digits are all as wide in the status line's numeric style. With as
 * many digits in the same font a count only grows: "0 moves", "1 move" and "2 moves" take the
 * room of the first, so that a game's first moves do not lay the window out again either.
 */
void
pat_window_set_count (PatWindow      *self,
                      GtkInscription *count,
                      const char     *text)
{
  GtkWidget *widget = GTK_WIDGET (count);
  PangoContext *context = gtk_widget_get_pango_context (widget);
  guint font = pango_font_description_hash (pango_context_get_font_description (context));
  g_autofree char *shape = g_strdup (text);
  g_autofree char *fit = NULL;
  double resolution = pango_cairo_context_get_resolution (context);
  guint i = G_N_ELEMENTS (self->count_fits);
  guint digits = 0;

  if (count == self->moves_label)
    i = 0;
  else if (count == self->time_label)
    i = 1;
  else if (count == self->extra_label)
    i = 2;
  g_return_if_fail (i < G_N_ELEMENTS (self->count_fits));
  /* The same text, already fitted (a new font clears the fits: refit_counts_tick()). */
  if (self->count_fits[i] != NULL && g_strcmp0 (gtk_inscription_get_text (count), text) == 0)
    return;

  for (char *c = shape; *c != '\0'; c++)
    if (g_ascii_isdigit (*c))
      {
        *c = '0';
        digits++;
      }
  fit = g_strdup_printf ("%x@%g\n%s", font, resolution, shape);
  if (g_strcmp0 (self->count_fits[i], fit) != 0)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, shape);
      g_autofree char *room = g_strdup_printf ("%x@%g#%u", font, resolution, digits);
      gboolean same_room = g_strcmp0 (self->count_rooms[i], room) == 0;
      int width, size;

      pango_layout_get_size (layout, &width, NULL);
      if (gtk_inscription_get_text_overflow (count) == GTK_INSCRIPTION_OVERFLOW_CLIP)
        {
          /* Exactly as wide as the text: the inscription's own measure is whole characters. */
          size = PANGO_PIXELS_CEIL (width);
          if (same_room)
            size = MAX (size, self->count_sizes[i]);
          gtk_inscription_set_min_chars (count, 0);
          gtk_inscription_set_nat_chars (count, 0);
          gtk_widget_set_size_request (widget, size, -1);
        }
      else
        {
          PangoFontMetrics *metrics = pango_context_get_metrics (context, NULL, NULL);
          /* The inscription's own measure of a character. */
          int char_width = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                                pango_font_metrics_get_approximate_digit_width (metrics));

          pango_font_metrics_unref (metrics);
          size = char_width > 0 ? (width + char_width - 1) / char_width : 0;
          if (same_room)
            size = MAX (size, self->count_sizes[i]);
          gtk_inscription_set_nat_chars (count, (guint) size);
          /* It may shrink to its first letter and "…", as an ellipsized label does. */
          gtk_inscription_set_min_chars (count, (guint) MIN (size, 2));
        }
      g_free (self->count_fits[i]);
      self->count_fits[i] = g_steal_pointer (&fit);
      g_free (self->count_rooms[i]);
      self->count_rooms[i] = g_steal_pointer (&room);
      self->count_sizes[i] = size;
    }
  gtk_inscription_set_text (count, text);
}

static char *
format_elapsed (guint seconds)
{
  if (seconds >= 3600)
    return g_strdup_printf ("%u:%02u:%02u", seconds / 3600, seconds / 60 % 60, seconds % 60);
  return g_strdup_printf ("%u:%02u", seconds / 60, seconds % 60);
}

/* Cards not yet on a foundation, in the hole or discarded. */
static guint
cards_left (PatGame *game)
{
  return PAT_N_CARDS - pat_cards_out (pat_game_get_rules (game), pat_game_get_state (game));
}

/* The end card. While it is hidden it takes no input: a crossfading revealer keeps its size, and
 * the board under it must answer the pointer. */
static void update_end_card_compact (PatWindow *self);

static void
set_end_shown (PatWindow *self,
               gboolean   shown)
{
  gtk_widget_set_can_target (GTK_WIDGET (self->end_revealer), shown);
  if (shown)
    {
      gtk_widget_set_visible (gtk_revealer_get_child (self->end_revealer), TRUE);
      update_end_card_compact (self);
    }
  gtk_revealer_set_reveal_child (self->end_revealer, shown);
}

/* A revealer only unmaps what it hides: once the card has faded out, it leaves the accessible
 * tree too, where a screen reader would find its buttons and empty labels. */
static void
end_revealed_cb (PatWindow *self)
{
  if (!gtk_revealer_get_reveal_child (self->end_revealer) &&
      !gtk_revealer_get_child_revealed (self->end_revealer))
    gtk_widget_set_visible (gtk_revealer_get_child (self->end_revealer), FALSE);
}

/* The space between the end card and the hole it keeps clear of. */
#define END_CARD_GAP 8

/* In a game with a hole (Black Hole, All in a Row), the hole's last card tells how the game went:
 * the end card goes below it, or above, rather than over it, where there is room. */
static gboolean
end_card_position_cb (PatWindow    *self,
                      GtkWidget    *child,
                      GdkRectangle *allocation,
                      GtkOverlay   *overlay)
{
  GtkWidget *card = gtk_revealer_get_child (self->end_revealer);
  int width = gtk_widget_get_width (GTK_WIDGET (overlay));
  int height = gtk_widget_get_height (GTK_WIDGET (overlay));
  int min, nat, top, bottom, margin;
  graphene_rect_t hole;
  graphene_point_t hole_top, hole_bottom;

  if (child != GTK_WIDGET (self->end_revealer) ||
      !pat_board_get_hole_bounds (self->board, &hole) ||
      !gtk_widget_compute_point (GTK_WIDGET (self->board), GTK_WIDGET (overlay), &hole.origin,
                                 &hole_top) ||
      !gtk_widget_compute_point (GTK_WIDGET (self->board), GTK_WIDGET (overlay),
                                 &GRAPHENE_POINT_INIT (hole.origin.x + hole.size.width,
                                                       hole.origin.y + hole.size.height),
                                 &hole_bottom))
    return FALSE;

  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  allocation->width = MAX (min, MIN (nat, width));
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, allocation->width, &min, &nat, NULL,
                      NULL);
  allocation->height = MAX (min, MIN (nat, height));
  allocation->x = (width - allocation->width) / 2;
  allocation->y = (height - allocation->height) / 2;

  /* The card's shadow, inside the revealer's margins, may fall on the hole. */
  margin = gtk_widget_get_margin_top (card);
  top = (int) floorf (hole_top.y) - END_CARD_GAP;
  bottom = (int) ceilf (hole_bottom.y) + END_CARD_GAP;
  if (allocation->y + allocation->height - margin <= top || allocation->y + margin >= bottom ||
      hole_bottom.x <= allocation->x + margin ||
      hole_top.x >= allocation->x + allocation->width - margin)
    return TRUE;
  if (bottom - margin + allocation->height <= height)
    allocation->y = bottom - margin;
  else if (top + margin - allocation->height >= 0)
    allocation->y = top + margin - allocation->height;
  return TRUE;
}

/* The end card's button that gets the focus describes the card, so that a screen reader says
 * how the game ended with it; the card itself is named after its title. */
static void
end_text_cb (PatWindow *self)
{
  const char *title = gtk_label_get_label (self->end_title);
  const char *text = gtk_label_get_label (self->end_description);
  g_autofree char *description = text[0] != '\0' ? g_strconcat (title, "\n", text, NULL)
                                                  : g_strdup (title);

  gtk_widget_set_visible (GTK_WIDGET (self->end_description), text[0] != '\0');
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->end_new_game_button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/* An empty status message is no label to a screen reader (GTK would name it "GtkLabel"). */
static void
message_text_cb (PatWindow *self)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->message_label), GTK_ACCESSIBLE_STATE_HIDDEN,
                               gtk_label_get_label (self->message_label)[0] == '\0', -1);
}

/* Whose turn the game shown is during a match; NULL outside one. */
static const char *
turn_player (PatWindow *self)
{
  PatMatchPlay *match_play = pat_session_get_match_play (self->session);

  return match_play != NULL && pat_session_get_game_in_match (self->session)
         ? pat_match_play_get_turn_player (match_play) : NULL;
}

static void
update_status (PatWindow *self)
{
  PatMatchPlay *match_play = pat_session_get_match_play (self->session);
  g_autofree char *deal = NULL;
  g_autofree char *game_text = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *time = NULL;
  g_autofree char *extra = NULL;
  const char *game_id;
  const char *name;
  guint n;

  if (self->game == NULL)
    return;

  game_id = pat_game_get_game_id (self->game);
  name = pat_rules_text_name (game_id);
  deal = pat_game_dup_deal_number (self->game);

  if (turn_player (self) != NULL)
    /* Translators: the status line during a Demon match: the round and whose turn it is */
    game_text = g_strdup_printf (_("Match round %u · %s"),
                                 pat_match_play_get_turn_round (match_play), turn_player (self));
  else if (deal != NULL && deal[0] != '\0' && self->narrow)
    /* The title, cut short in a narrow window, names the game: the status line keeps the deal. */
    game_text = g_strdup_printf (_("Deal %s"), deal);
  else if (deal != NULL && deal[0] != '\0')
    /* Translators: the status line's game and deal, e.g. "Black Hole · Deal 1234" */
    game_text = g_strdup_printf (_("%s · Deal %s"), name, deal);
  else if (self->narrow)
    game_text = g_strdup (_("Own deck"));
  else
    /* Translators: a game dealt from a deck given card by card */
    game_text = g_strdup_printf (_("%s · Own deck"), name);
  gtk_label_set_label (self->game_label, game_text);

  /* A phone-sized header has room for a short name only ("Free Columns"), on two lines if need
   * be ("Columnas / libres"). */
  adw_window_title_set_title (self->window_title, name);
  gtk_label_set_label (self->narrow_title, pat_rules_text_short_name (game_id));
  /* The window's own title, the full name, is what screen readers announce for it. */
  if (g_strcmp0 (gtk_window_get_title (GTK_WINDOW (self)), name) != 0)
    gtk_window_set_title (GTK_WINDOW (self), name);
  if (turn_player (self) != NULL)
    {
      /* Translators: the window's subtitle during a Demon match: whose turn it is */
      g_autofree char *turn = g_strdup_printf (_("%s’s turn"), turn_player (self));

      adw_window_title_set_subtitle (self->window_title, turn);
    }
  else
    {
      gboolean has_deal = deal != NULL && deal[0] != '\0';
      /* Translators: the window's subtitle, %s is the deal number */
      g_autofree char *subtitle = has_deal ? g_strdup_printf (_("Deal %s"), deal) : NULL;

      adw_window_title_set_subtitle (self->window_title, subtitle != NULL ? subtitle : "");
    }

  n = pat_game_get_moves (self->game);
  moves = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%'u move", "%'u moves", n), n);
  pat_window_set_count (self, self->moves_label, moves);

  time = format_elapsed (pat_game_get_elapsed (self->game));
  pat_window_set_count (self, self->time_label, time);

  if (pat_rules_has_flag (pat_game_get_rules (self->game), PAT_RULES_SCORE))
    {
      if (pat_game_get_die (self->game) != 0)
        /* Translators: Demon's score and the Die of Justice's roll */
        extra = g_strdup_printf (_("Score %d · Die %u"), pat_game_get_score (self->game),
                                 pat_game_get_die (self->game));
      else
        extra = g_strdup_printf (_("Score %d"), pat_game_get_score (self->game));
    }
  else if (pat_rules_has_flag (pat_game_get_rules (self->game), PAT_RULES_ROUNDS))
    extra = g_strdup_printf (_("Round %u"), pat_game_get_round (self->game));
  else
    {
      n = cards_left (self->game);
      extra = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card left", "%u cards left", n),
                               n);
    }
  pat_window_set_count (self, self->extra_label, extra);
}

/* A new font or text scale: the counts are sized again for it, once the new style is in, which
 * is at the start of the next frame. */
static gboolean
refit_counts_tick (GtkWidget     *widget,
                   GdkFrameClock *clock,
                   gpointer       user_data)
{
  PatWindow *self = PAT_WINDOW (widget);

  self->refit_id = 0;
  for (guint i = 0; i < G_N_ELEMENTS (self->count_fits); i++)
    g_clear_pointer (&self->count_fits[i], g_free);
  update_status (self);

  return G_SOURCE_REMOVE;
}

static void
font_changed_cb (PatWindow *self)
{
  if (self->refit_id == 0)
    self->refit_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), refit_counts_tick, NULL,
                                                   NULL);
}

static int
natural_width (GtkWidget *widget)
{
  int natural;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  return natural;
}

/**
 * pat_window_fit_status:
 * @self: a window
 *
 * In a wide window, a message that does not fit beside the rest of the status line hides what
 * follows the time (cards left or score, the verdict) while it shows, and if that is not enough,
 * takes the whole line, as it takes the second line of a narrow window. Cut at its start beside
 * everything, it said nothing ("…w its top card" in a window 600 px wide). Called when the
 * message, the verdict or the narrow layout changes; a window resized while a message shows
 * keeps its fit until the message goes (a few seconds).
 */
void
pat_window_fit_status (PatWindow *self)
{
  const char *text = gtk_label_get_label (self->message_label);
  int width = gtk_widget_get_width (self->status_row);
  GtkWidget *head[] = { GTK_WIDGET (self->game_label), GTK_WIDGET (self->moves_label),
                        GTK_WIDGET (self->time_label) };
  guint crowding = 0;
  guint i;

  if (!self->narrow && text[0] != '\0' && width > 0)
    {
      /* One spacing to spare for the clock and the counts, which grow while the message shows. */
      int spacing = gtk_box_get_spacing (GTK_BOX (self->status_row));
      int before = spacing, after = spacing;
      int message = natural_width (GTK_WIDGET (self->message_label));

      /* Everything shown, to be measured (a hidden widget measures nothing). */
      for (i = 0; i < G_N_ELEMENTS (head); i++)
        gtk_widget_set_visible (head[i], TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->extra_label), TRUE);
      gtk_widget_set_visible (self->verdict_box, self->verdict_wanted);
      for (i = 0; i < G_N_ELEMENTS (head); i++)
        before += natural_width (head[i]) + spacing;
      after += natural_width (GTK_WIDGET (self->extra_label)) + spacing;
      if (self->verdict_wanted)
        after += natural_width (self->verdict_box) + spacing;
      if (before + after + message > width)
        crowding = before + message > width ? 2 : 1;
    }

  self->status_crowding = crowding;
  for (i = 0; i < G_N_ELEMENTS (head); i++)
    gtk_widget_set_visible (head[i], crowding < 2);
  gtk_widget_set_visible (GTK_WIDGET (self->extra_label), crowding < 1);
  gtk_widget_set_visible (self->verdict_box, self->verdict_wanted && crowding < 1);
  /* Alone, the message starts where the line starts. */
  if (!self->narrow)
    gtk_label_set_xalign (self->message_label, crowding == 2 ? 0 : 1);
}

/* In a narrow window, the second line shows the message while there is one; in a wide one, the
 * message takes what room it needs. */
static void
show_message_line (PatWindow *self)
{
  const char *text = gtk_label_get_label (self->message_label);

  if (gtk_widget_get_parent (GTK_WIDGET (self->message_label)) == self->status_row2)
    gtk_stack_set_visible_child_name (GTK_STACK (self->status_row2),
                                      text[0] != '\0' ? "message" : "tail");
  pat_window_fit_status (self);
}

static gboolean
clear_message_cb (gpointer user_data)
{
  PatWindow *self = user_data;

  self->message_id = 0;
  gtk_label_set_label (self->message_label, "");
  show_message_line (self);
  return G_SOURCE_REMOVE;
}

/* Shows @text in the status line for a few seconds (and to screen readers). */
void
pat_window_set_message (PatWindow  *self,
                        const char *text)
{
  g_clear_handle_id (&self->message_id, g_source_remove);
  self->message_refusal = FALSE;
  gtk_label_set_label (self->message_label, text != NULL ? text : "");
  show_message_line (self);
  if (text != NULL && text[0] != '\0')
    {
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->message_label),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      self->message_id = g_timeout_add_seconds (6, clear_message_cb, self);
    }
}

/* libadwaita 1.2's toast overlay frees a toast's record when the toast's hide animation ends,
 * and a show animation still running then reads that record when it ends in turn. When one
 * late frame ends both, the newer goes first: a toast dismissed while it was still coming in
 * (300 ms, 500 when it replaces another) crashed the app when the frames stalled (seen in
 * test-window under load: a hint dismissed by the next move at once). A toast may also come in
 * long after it was added, when it waited behind another. So the window dismisses its toasts
 * only once they are in: one still waiting (no widget of its own in the overlay) at once, one
 * shown on the frame after the first one TOAST_IN_MS after its widget was first seen. */
#define TOAST_IN_MS 600

/* The overlay's child that shows @toast (libadwaita's toast widget, whose "toast" property
 * names it), or NULL while the toast waits. */
static GtkWidget *
toast_widget (GtkWidget *overlay,
              AdwToast  *toast)
{
  GtkWidget *child;

  for (child = gtk_widget_get_first_child (overlay);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (child), "toast");
      g_autoptr(AdwToast) shown = NULL;

      if (pspec == NULL || pspec->value_type != ADW_TYPE_TOAST)
        continue;
      g_object_get (child, "toast", &shown, NULL);
      if (shown == toast)
        return child;
    }
  return NULL;
}

typedef struct {
  PatWindow *window;
  AdwToast  *toast;
  GtkWidget *widget;    /* the toast's widget when last seen, not a reference: compared only */
  gint64     due;       /* frame time, µs */
  gboolean   due_seen;
  gboolean   kept;      /* the toast stays after all: see pat_window_show_hint() */
} Dismissal;

static void
dismissal_free (gpointer data)
{
  Dismissal *d = data;

  if (d->window != NULL && d->window->hint_leaving == d)
    d->window->hint_leaving = NULL;
  g_clear_weak_pointer (&d->window);
  g_object_unref (d->toast);
  g_free (d);
}

static gboolean
dismiss_tick_cb (GtkWidget     *overlay,
                 GdkFrameClock *clock,
                 gpointer       data)
{
  Dismissal *d = data;
  GtkWidget *widget;
  gint64 now = gdk_frame_clock_get_frame_time (clock);

  if (d->kept)
    return G_SOURCE_REMOVE;
  widget = toast_widget (overlay, d->toast);
  if (widget == NULL)
    {
      adw_toast_dismiss (d->toast);
      return G_SOURCE_REMOVE;
    }
  /* A new widget: the toast comes in (again, after a toast of high priority put it back). */
  if (widget != d->widget)
    {
      d->widget = widget;
      d->due = now + TOAST_IN_MS * G_TIME_SPAN_MILLISECOND;
      d->due_seen = FALSE;
    }
  if (now < d->due)
    return G_SOURCE_CONTINUE;
  /* That frame ran the show animation's last tick too, in an order of GTK's: the next one. */
  if (!d->due_seen)
    {
      d->due_seen = TRUE;
      return G_SOURCE_CONTINUE;
    }
  adw_toast_dismiss (d->toast);
  return G_SOURCE_REMOVE;
}

/* Dismisses @toast once it is in; returns what waits for that, or NULL when it went at once. */
static Dismissal *
dismiss_when_in (PatWindow *self,
                 AdwToast  *toast)
{
  Dismissal *d;

  /* An overlay that is not mapped runs no animation: a toast shown there is in already. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self->toast_overlay)))
    {
      adw_toast_dismiss (toast);
      return NULL;
    }
  d = g_new0 (Dismissal, 1);
  g_set_weak_pointer (&d->window, self);
  d->toast = g_object_ref (toast);
  gtk_widget_add_tick_callback (GTK_WIDGET (self->toast_overlay), dismiss_tick_cb, d,
                                dismissal_free);
  return d;
}

void
pat_window_dismiss_toast (PatWindow *self,
                          AdwToast  *toast)
{
  dismiss_when_in (self, toast);
}

/**
 * pat_window_show_toast:
 * @text: what to say
 *
 * Says @text in a toast that stays until dismissed (an error), unless its timeout is set.
 *
 * Returns: (transfer none): the toast, for pat_window_dismiss_toast()
 */
AdwToast *
pat_window_show_toast (PatWindow  *self,
                       const char *text)
{
  AdwToast *toast = pat_toast_new (text);

  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
  self->n_toasts++;

  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  return toast;
}

void
pat_window_dismiss_hint (PatWindow *self)
{
  if (self->hint_toast != NULL)
    {
      self->hint_leaving = dismiss_when_in (self, self->hint_toast);
      g_clear_object (&self->hint_toast);
    }
}

G_STATIC_ASSERT (PAT_TOAST_MAX_CLEAR >= 3);

static guint
hint_bounds (GtkWidget       *board,
             graphene_rect_t *rects)
{
  return pat_board_get_hint_bounds (PAT_BOARD (board), rects);
}

void
pat_window_show_hint (PatWindow  *self,
                      const char *text)
{
  Dismissal *leaving = self->hint_leaving;
  gint64 now = g_get_monotonic_time ();
  gboolean coming_in = self->hint_toast != NULL &&
                       now - self->hint_added < TOAST_IN_MS * G_TIME_SPAN_MILLISECOND;

  /* A hint replacing one still coming in says its words in that one's toast: in libadwaita 1.2
   * a toast of high priority put over one whose show animation runs ends both animations on
   * freed memory (the app crashed when Hint was pressed twice within 100 ms while another toast
   * showed). So does the hint a move dismissed, while it waits to be in before it goes. */
  if (self->hint_toast == NULL && leaving != NULL)
    {
      leaving->kept = TRUE;
      self->hint_toast = g_object_ref (leaving->toast);
      self->hint_leaving = NULL;
      coming_in = TRUE;
    }
  if (coming_in)
    pat_toast_set_text (self->hint_toast, text);
  else
    {
      pat_window_dismiss_hint (self);
      self->hint_toast = pat_toast_new (text);
      self->hint_added = now;
      /* Not over the cards the hint points at, wherever a resize puts them. */
      pat_toast_set_clear_of (self->hint_toast, GTK_WIDGET (self->board), hint_bounds);
      adw_toast_set_priority (self->hint_toast, ADW_TOAST_PRIORITY_HIGH);
      adw_toast_set_timeout (self->hint_toast, 8);
      adw_toast_overlay_add_toast (self->toast_overlay, g_object_ref (self->hint_toast));
    }
  /* Screen readers hear it from the status line, which shows nothing else meanwhile. */
  pat_window_set_message (self, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->message_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->message_label), GTK_ACCESSIBLE_STATE_HIDDEN,
                               FALSE, -1);
  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
}

/* A game in progress was left and counted lost: the player may take it back (a stray Ctrl+N, a
 * deal chosen by mistake) until they move in the game now in play. */
static void
game_left_cb (PatWindow  *self,
              const char *game_id,
              PatSession *session)
{
  const PatRules *rules = pat_rules_lookup (game_id);
  g_autofree char *text = NULL;

  if (self->left_toast != NULL)
    pat_window_dismiss_toast (self, self->left_toast);
  g_clear_object (&self->left_toast);
  /* Translators: %s is a game's name, e.g. "Penguin" */
  text = g_strdup_printf (_("%s: the game you left counts as a loss"),
                          rules != NULL ? _(rules->name) : game_id);
  self->left_toast = pat_toast_new (text);
  adw_toast_set_button_label (self->left_toast, _("_Undo"));
  adw_toast_set_action_name (self->left_toast, "win.undo-leave");
  adw_toast_set_timeout (self->left_toast, 10);
  adw_toast_overlay_add_toast (self->toast_overlay, g_object_ref (self->left_toast));
  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
  self->n_toasts++;
}

static void
can_undo_leave_cb (PatWindow  *self,
                   GParamSpec *pspec,
                   PatSession *session)
{
  if (!pat_session_get_can_undo_leave (session) && self->left_toast != NULL)
    {
      pat_window_dismiss_toast (self, self->left_toast);
      g_clear_object (&self->left_toast);
    }
  pat_window_update_actions (self);
}

/* Whether the player is in front of the game: this window is active, or a window it opened
 * (Preferences, Statistics, the rules…), which the clock does not stop for. */
static gboolean
player_here (PatWindow *self)
{
  GListModel *toplevels;
  guint i, n;

  if (gtk_window_is_active (GTK_WINDOW (self)))
    return TRUE;
  toplevels = gtk_window_get_toplevels ();
  n = g_list_model_get_n_items (toplevels);
  for (i = 0; i < n; i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);
      GtkWindow *parent;

      if (!gtk_window_is_active (window))
        continue;
      for (parent = gtk_window_get_transient_for (window); parent != NULL;
           parent = gtk_window_get_transient_for (parent))
        if (parent == GTK_WINDOW (self))
          return TRUE;
    }
  return FALSE;
}

static void
update_running (PatWindow *self)
{
  gboolean running;

  if (self->game == NULL)
    return;
  running = player_here (self) &&
            gtk_widget_get_mapped (GTK_WIDGET (self)) &&
            pat_game_get_status (self->game) == PAT_STATUS_PLAYING;
  pat_game_set_running (self->game, running);
}

static void
show_end (PatWindow  *self,
          PatStatus   status,
          const char *reason)
{
  g_autofree char *time = NULL;
  g_autofree char *won_text = NULL;
  const char *title;
  guint moves;

  switch (status)
    {
    case PAT_STATUS_WON:
      moves = pat_game_get_moves (self->game);
      time = format_elapsed (pat_game_get_elapsed (self->game));
      gtk_image_set_from_icon_name (self->end_icon, "emblem-ok-symbolic");
      /* A game the Demo played in is solved, but not won by the player (it counts as assisted). */
      if (pat_game_get_assisted (self->game))
        title = _("Solved with the Demo");
      else if (pat_rules_plays_itself (pat_game_get_rules (self->game)))
        /* Translators: the end of a game with no decisions (Perpetual Motion) that came out */
        title = _("The Deal Came Out");
      else
        title = _("You Won!");
      gtk_label_set_label (self->end_title, title);
      if (pat_game_get_assisted (self->game))
        /* Translators: under "Solved with the Demo": %s is the time taken (m:ss), %u the number
         * of moves */
        won_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s and %'u move in all.",
                                                 "%s and %'u moves in all.", moves), time, moves);
      else if (pat_rules_plays_itself (pat_game_get_rules (self->game)))
        /* Translators: a game with no decisions (Perpetual Motion) came out: %u deals (its
         * moves), %s the time taken (m:ss) */
        won_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "Every card discarded after %'u deal, in %s.",
                                                 "Every card discarded after %'u deals, in %s.",
                                                 moves), moves, time);
      else
        /* Translators: %s is the time taken (m:ss), %u the number of moves */
        won_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Solved in %s with %'u move.",
                                                 "Solved in %s with %'u moves.", moves),
                                    time, moves);
      if (pat_rules_has_flag (pat_game_get_rules (self->game), PAT_RULES_SCORE))
        {
          g_autofree char *with_score = g_strdup_printf (_("%s Score: %d."), won_text,
                                                         pat_game_get_score (self->game));
          gtk_label_set_label (self->end_description, with_score);
        }
      else
        gtk_label_set_label (self->end_description, won_text);
      if (!pat_game_get_assisted (self->game))
        pat_celebration_start (self->celebration,
                               g_settings_get_boolean (self->settings, "animations"));
      break;

    case PAT_STATUS_BLOCKED:
      gtk_image_set_from_icon_name (self->end_icon, "action-unavailable-symbolic");
      gtk_label_set_label (self->end_title, _("No More Moves"));
      gtk_label_set_label (self->end_description, reason);
      break;

    case PAT_STATUS_CYCLE:
      gtk_image_set_from_icon_name (self->end_icon, "media-playlist-repeat-symbolic");
      gtk_label_set_label (self->end_title, _("Endless Cycle"));
      gtk_label_set_label (self->end_description, reason);
      break;

    case PAT_STATUS_PLAYING:
    default:
      set_end_shown (self, FALSE);
      return;
    }

  if (turn_player (self) != NULL)
    {
      const char *said = gtk_label_get_label (self->end_description);
      /* Translators: after a turn of a Demon match: the player and their score */
      g_autofree char *scored = g_strdup_printf (_("%s scores %d."), turn_player (self),
                                                 pat_game_get_score (self->game));
      g_autofree char *text = said[0] != '\0' && status != PAT_STATUS_WON
                              ? g_strconcat (said, "\n", scored, NULL) : g_strdup (scored);

      gtk_label_set_label (self->end_description, text);
    }
  update_end_button (self);
  /* A network round's end is the host's: the next round comes by itself, and the table beside
   * the board says who still plays. */
  gtk_widget_set_visible (GTK_WIDGET (self->end_buttons), !pat_session_get_shared (self->session));
  if (pat_session_get_shared (self->session))
    {
      const char *said = gtk_label_get_label (self->end_description);
      g_autofree char *text = g_strdup_printf ("%s\n%s", said,
                                               _("Your round is over. The next one starts when "
                                                 "everyone’s round has ended."));

      gtk_label_set_label (self->end_description, text);
    }
  set_end_shown (self, TRUE);
  if (gtk_widget_get_visible (GTK_WIDGET (self->end_buttons)))
    gtk_widget_grab_focus (GTK_WIDGET (self->end_new_game_button));
}

/* The session has recorded the result (in the statistics, or as a match turn's score). */
static void
game_finished_cb (PatWindow  *self,
                  PatStatus   status,
                  const char *reason,
                  PatSession *session)
{
  update_running (self);
  show_end (self, status, reason);
  pat_window_update_actions (self);
}

static void
game_changed_cb (PatWindow *self,
                 PatGame   *game)
{
  update_status (self);
  pat_window_dismiss_hint (self);
  /* Why a move was refused is old news once a move is made; what the window says about the
   * play under way (the demo, playing to the end) stays. */
  if (self->message_refusal)
    pat_window_set_message (self, NULL);
  if (pat_game_get_status (game) == PAT_STATUS_PLAYING)
    set_end_shown (self, FALSE);
  update_running (self);
  pat_window_update_actions (self);
  pat_window_solver_update (self);
}

static void
game_notify_cb (PatWindow  *self,
                GParamSpec *pspec,
                PatGame    *game)
{
  update_status (self);
  pat_window_update_actions (self);
}

/* The clock's tick, every second of a game: only the time changes. */
static void
game_elapsed_cb (PatWindow  *self,
                 GParamSpec *pspec,
                 PatGame    *game)
{
  g_autofree char *time = format_elapsed (pat_game_get_elapsed (game));

  pat_window_set_count (self, self->time_label, time);
}

static void
board_message_cb (PatWindow  *self,
                  const char *text,
                  PatBoard   *board)
{
  pat_window_set_message (self, text);
  self->message_refusal = TRUE;
}

/* The keyboard belongs to the cards: the board has the focus when a game comes in, when a
 * button that had it goes away, and when the window comes back from a dialog with the focus in
 * its header bar (the button or menu that opened the dialog). An ended game's card keeps it. */
void
pat_window_focus_board (PatWindow *self)
{
  if (!gtk_revealer_get_reveal_child (self->end_revealer))
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
is_active_cb (PatWindow  *self,
              GParamSpec *pspec,
              gpointer    user_data)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));

  update_running (self);
  if (gtk_window_is_active (GTK_WINDOW (self)) &&
      (focus == NULL || gtk_widget_get_ancestor (focus, ADW_TYPE_HEADER_BAR) != NULL))
    pat_window_focus_board (self);
}

static void
other_active_cb (PatWindow  *self,
                 GParamSpec *pspec,
                 GtkWindow  *window)
{
  update_running (self);
}

/* A window opened from this one (a dialog) takes the focus: the clock goes on while it has it. */
static void
toplevels_changed_cb (PatWindow  *self,
                      guint       position,
                      guint       removed,
                      guint       added,
                      GListModel *toplevels)
{
  guint i;

  for (i = position; i < position + added; i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (window != GTK_WINDOW (self))
        g_signal_connect_object (window, "notify::is-active", G_CALLBACK (other_active_cb), self,
                                 G_CONNECT_SWAPPED);
    }
}

/* Below this width the window is phone-sized. It is above the widest minimum width the wide
 * layout has, so that a window made narrower by hand always gets here. */
#define NARROW_WIDTH 520

/* Moves what follows the time in the status line (cards left or score, the verdict, messages):
 * to the end of the first line in a wide window; in a narrow one to the second line, where a
 * message, on up to two lines, takes the place of the rest while it shows. */
static void
move_status_tail (PatWindow *self,
                  gboolean   narrow)
{
  GtkWidget *tail[] = { GTK_WIDGET (self->extra_label), self->verdict_box };
  GtkWidget *message = GTK_WIDGET (self->message_label);
  GtkWidget *row = narrow ? self->status_tail : self->status_row;
  guint i;

  if (gtk_widget_get_parent (tail[0]) == row)
    return;
  for (i = 0; i < G_N_ELEMENTS (tail); i++)
    {
      g_object_ref (tail[i]);
      gtk_box_remove (GTK_BOX (gtk_widget_get_parent (tail[i])), tail[i]);
      gtk_box_append (GTK_BOX (row), tail[i]);
      g_object_unref (tail[i]);
    }

  g_object_ref (message);
  if (narrow)
    {
      g_autoptr(PangoLayout) two_lines = gtk_widget_create_pango_layout (message, "Ag\nAg");
      int height;

      /* The line is as tall as a message on two lines, so that one showing moves nothing. */
      pango_layout_get_pixel_size (two_lines, NULL, &height);
      gtk_widget_set_size_request (self->status_tail, -1, MAX (28, height));
      gtk_box_remove (GTK_BOX (self->status_row), message);
      gtk_stack_add_named (GTK_STACK (self->status_row2), message, "message");
    }
  else
    {
      gtk_stack_remove (GTK_STACK (self->status_row2), message);
      gtk_box_append (GTK_BOX (self->status_row), message);
    }
  g_object_unref (message);
  gtk_label_set_wrap (self->message_label, narrow);
  gtk_label_set_lines (self->message_label, narrow ? 2 : -1);
  gtk_label_set_ellipsize (self->message_label,
                           narrow ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_START);
  gtk_label_set_xalign (self->message_label, narrow ? 0 : 1);
  show_message_line (self);
}

/**
 * pat_window_set_tooltip:
 * @widget: a widget of the window
 * @text: (nullable): its tooltip
 *
 * Sets @widget's tooltip when it changes: setting one asks the display server where the pointer
 * is, even to the same text, and the status line's are set again whenever it is rearranged.
 */
void
pat_window_set_tooltip (GtkWidget  *widget,
                        const char *text)
{
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) != 0)
    gtk_widget_set_tooltip_text (widget, text);
}

static void
set_icon_button (GtkButton  *button,
                 gboolean    icon,
                 const char *icon_name,
                 const char *mnemonic_label)
{
  g_autofree char *plain = NULL;

  if (!icon)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (button), "image-button");
      pat_a11y_set_button_label (button, mnemonic_label);
      pat_window_set_tooltip (GTK_WIDGET (button), NULL);
      return;
    }
  /* "_Undo" → "Undo", for the tooltip and the button's name. */
  plain = pat_a11y_strip_mnemonic (mnemonic_label);
  gtk_button_set_icon_name (button, icon_name);
  gtk_widget_remove_css_class (GTK_WIDGET (button), "text-button");
  pat_window_set_tooltip (GTK_WIDGET (button), plain);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, plain,
                                  -1);
}

/* A phone's end card is compact: no icon, smaller buttons in one row (Undo and Restart as icons),
 * so that it fits below a hole (Black Hole's at 360×640) and in every language. */
static void
set_end_card_compact (PatWindow *self,
                      gboolean   compact)
{
  GtkWidget *card = gtk_revealer_get_child (self->end_revealer);
  GtkButton *buttons[] = { self->end_undo_button, self->end_restart_button,
                           self->end_new_game_button };
  int margin = compact ? 8 : 24;
  guint i;

  if (compact)
    gtk_widget_add_css_class (card, "compact");
  else
    gtk_widget_remove_css_class (card, "compact");
  gtk_widget_set_margin_start (card, margin);
  gtk_widget_set_margin_end (card, margin);
  gtk_widget_set_margin_top (card, margin);
  gtk_widget_set_margin_bottom (card, margin);
  gtk_box_set_spacing (GTK_BOX (card), compact ? 6 : 12);
  gtk_widget_set_visible (GTK_WIDGET (self->end_icon), !compact);
  gtk_label_set_max_width_chars (self->end_description, compact ? 30 : 40);
  if (compact)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->end_title), "title-2");
      gtk_widget_add_css_class (GTK_WIDGET (self->end_title), "title-4");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->end_title), "title-4");
      gtk_widget_add_css_class (GTK_WIDGET (self->end_title), "title-2");
    }
  gtk_box_set_homogeneous (GTK_BOX (self->end_buttons), !compact);
  gtk_box_set_spacing (GTK_BOX (self->end_buttons), compact ? 8 : 12);
  for (i = 0; i < G_N_ELEMENTS (buttons); i++)
    {
      if (compact)
        gtk_widget_remove_css_class (GTK_WIDGET (buttons[i]), "pill");
      else
        gtk_widget_add_css_class (GTK_WIDGET (buttons[i]), "pill");
    }
  set_icon_button (self->end_undo_button, compact, "edit-undo-symbolic", _("_Undo"));
  set_icon_button (self->end_restart_button, compact, "view-refresh-symbolic", _("_Restart"));
  self->end_compact = compact;
  /* The card's size changed: it is placed again. */
  gtk_widget_queue_allocate (gtk_widget_get_parent (GTK_WIDGET (self->end_revealer)));
}

/* The end card follows the window's width while it shows; a hidden one, when it next shows. A
 * window resized across the narrow width does not rearrange a card nobody sees (setting its
 * buttons' tooltips asks the display server where the pointer is, every time). */
static void
update_end_card_compact (PatWindow *self)
{
  if (self->end_compact != self->narrow &&
      gtk_widget_get_visible (gtk_revealer_get_child (self->end_revealer)))
    set_end_card_compact (self, self->narrow);
}

#define N_WINDOW_CONTROLS 4

/* The wide window's pair, then the narrow window's. */
static void
get_window_controls (PatWindow         *self,
                     GtkWindowControls *all[N_WINDOW_CONTROLS])
{
  all[0] = self->start_controls;
  all[1] = self->end_controls;
  all[2] = self->narrow_start_controls;
  all[3] = self->narrow_end_controls;
}

/* A window's controls show where they have a button and the window's width is theirs. Each
 * width has its own pair, made once: hiding one and showing the other as the window is resized
 * across the narrow width draws the window once, where rebuilding the buttons would draw it
 * twice (new buttons are styled only in the frame after). */
static void
update_window_controls (PatWindow *self)
{
  GtkWindowControls *all[N_WINDOW_CONTROLS];

  get_window_controls (self, all);
  for (guint i = 0; i < N_WINDOW_CONTROLS; i++)
    gtk_widget_set_visible (GTK_WIDGET (all[i]), (i >= 2) == self->narrow &&
                                                 !gtk_window_controls_get_empty (all[i]));
}

/* The wide window's buttons follow the desktop's gtk-decoration-layout (e.g.
 * "appmenu:minimize,maximize,close"); a narrow window's are the close button only, on its side. */
static void
update_decoration_layout (PatWindow *self)
{
  g_autofree char *layout = NULL;
  g_auto(GStrv) sides = NULL;
  g_autoptr(GString) narrow = g_string_new (NULL);
  guint i;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-decoration-layout", &layout,
                NULL);
  sides = g_strsplit (layout != NULL ? layout : ":close", ":", 2);
  for (i = 0; sides[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append_c (narrow, ':');
      if (strstr (sides[i], "close") != NULL)
        g_string_append (narrow, "close");
    }
  if (i < 2 && narrow->len == 0)
    g_string_assign (narrow, ":close");
  gtk_window_controls_set_decoration_layout (self->narrow_start_controls, narrow->str);
  gtk_window_controls_set_decoration_layout (self->narrow_end_controls, narrow->str);
}

/* Narrow windows (phones, 360 px): the header bar drops Redo (Ctrl+Shift+Z still redoes) so that
 * the title keeps some room with three window buttons, and the status line shows the deal number
 * alone, which the ellipsized title and subtitle may no longer show, and takes two lines so that
 * nothing in it is cut short. */
static void
default_width_cb (PatWindow  *self,
                  GParamSpec *pspec,
                  gpointer    user_data)
{
  int width, height;
  gboolean narrow;

  /* GTK 4.8 writes both, so neither may be NULL. */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  narrow = width > 0 && width < NARROW_WIDTH;
  if (narrow == self->narrow)
    return;

  self->narrow = narrow;
  gtk_widget_set_visible (self->redo_button, !narrow);
  /* A phone has no minimize or maximize button: those would leave the title a few letters. */
  adw_header_bar_set_title_widget (self->header_bar, narrow ? GTK_WIDGET (self->narrow_title)
                                                            : GTK_WIDGET (self->window_title));
  update_window_controls (self);
  update_end_card_compact (self);
  gtk_box_set_spacing (GTK_BOX (self->status_row), narrow ? 10 : 18);
  gtk_widget_set_margin_start (self->status_row, narrow ? 8 : 12);
  gtk_widget_set_margin_end (self->status_row, narrow ? 8 : 12);
  move_status_tail (self, narrow);
  gtk_widget_set_visible (self->status_row2, narrow);
  gtk_label_set_ellipsize (self->game_label, narrow ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END);
  if (self->net_panel != NULL)
    pat_window_net_set_narrow (self, narrow);
  update_status (self);
  pat_window_update_verdict (self);
}

/* The session plays another game: the match's next turn, another deal, another game. */
static void
session_game_cb (PatWindow  *self,
                 GParamSpec *pspec,
                 PatSession *session)
{
  PatGame *game = pat_session_get_game (session);

  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  pat_board_set_game (self->board, game);
  /* What the line said was about the other game: nothing of it is kept. */
  self->shown_verdict = PAT_VERDICT_OFF;
  pat_window_update_verdict (self);

  pat_celebration_stop (self->celebration);
  set_end_shown (self, FALSE);
  pat_window_set_message (self, NULL);
  /* Nor the room its counts grew to. */
  for (guint i = 0; i < G_N_ELEMENTS (self->count_rooms); i++)
    g_clear_pointer (&self->count_rooms[i], g_free);
  update_status (self);
  update_running (self);
  update_end_button (self);
  pat_window_update_actions (self);
  pat_window_focus_board (self);

  /* A resumed game that had already ended shows its end again, and a deal lost from the start
   * (Demon's can be) says why at once. */
  if (game != NULL && pat_game_get_status (game) != PAT_STATUS_PLAYING)
    {
      g_autofree char *reason = pat_game_dup_end_reason (game);

      show_end (self, pat_game_get_status (game), reason != NULL ? reason : "");
    }
}

/* Demon matches: the turns are the session's; the window shows them. */

static void
update_end_button (PatWindow *self)
{
  PatMatchPlay *match_play = pat_session_get_match_play (self->session);

  if (match_play != NULL && pat_match_play_get_turn_over (match_play) &&
      !pat_match_get_finished (pat_match_play_get_match (match_play)))
    pat_a11y_set_button_label (self->end_new_game_button, _("_Next Turn"));
  else
    pat_a11y_set_button_label (self->end_new_game_button, _("_New Game"));
}

/* Closes the window @slot weakly points to, if any, and forgets it. */
void
pat_window_forget_window (GtkWindow **slot)
{
  GtkWindow *window = *slot;

  g_clear_weak_pointer (slot);
  if (window != NULL)
    gtk_window_destroy (window);
}

static void
scoreboard_start_turn_cb (PatWindow *self)
{
  pat_window_start_next_turn (self);
}

static void
scoreboard_abandon_cb (PatWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.abandon-match", NULL);
}

GtkWindow *
pat_window_show_scoreboard (PatWindow *self)
{
  PatMatchPlay *match_play;

  g_return_val_if_fail (PAT_IS_WINDOW (self), NULL);

  g_clear_handle_id (&self->scoreboard_id, g_source_remove);
  match_play = pat_session_get_match_play (self->session);
  if (match_play == NULL)
    return NULL;

  if (self->scoreboard == NULL)
    {
      g_set_weak_pointer (&self->scoreboard,
                          GTK_WINDOW (pat_scoreboard_new (GTK_WINDOW (self),
                                                          pat_match_play_get_match (match_play))));
      g_signal_connect_object (self->scoreboard, "start-turn",
                               G_CALLBACK (scoreboard_start_turn_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->scoreboard, "abandon",
                               G_CALLBACK (scoreboard_abandon_cb), self, G_CONNECT_SWAPPED);
    }
  pat_scoreboard_set_between_turns (PAT_SCOREBOARD (self->scoreboard),
                                    pat_match_play_get_turn_over (match_play));
  gtk_window_present (self->scoreboard);
  return self->scoreboard;
}

static gboolean
show_scoreboard_cb (gpointer user_data)
{
  PatWindow *self = user_data;

  self->scoreboard_id = 0;
  pat_window_show_scoreboard (self);
  return G_SOURCE_REMOVE;
}

/* A won match is over: its last turn is ended and its file removed; the window celebrates. */
static void
match_finished_cb (PatWindow  *self,
                   const char *winner,
                   PatSession *session)
{
  update_end_button (self);
  pat_window_update_actions (self);
  pat_celebration_start (self->celebration, g_settings_get_boolean (self->settings, "animations"));
  if (self->scoreboard != NULL)
    pat_window_show_scoreboard (self);
}

/* The turn's score is recorded: the next player is announced. */
static void
turn_ended_cb (PatWindow  *self,
               int         score,
               PatSession *session)
{
  pat_board_finish_animations (self->board);
  update_end_button (self);
  pat_window_update_actions (self);
  /* A moment to see how the game ended before the scores cover it. */
  g_clear_handle_id (&self->scoreboard_id, g_source_remove);
  self->scoreboard_id = g_timeout_add (900, show_scoreboard_cb, self);
}

/* A match starts (a turn has begun, unless it is over): the scores first. */
static void
match_started_cb (PatWindow  *self,
                  gboolean    turn_begun,
                  PatSession *session)
{
  if (!turn_begun || !pat_match_play_get_turn_over (pat_session_get_match_play (session)))
    pat_window_show_scoreboard (self);
}

/* A match is left or abandoned: its windows go. */
static void
session_match_cb (PatWindow  *self,
                  GParamSpec *pspec,
                  PatSession *session)
{
  if (pat_session_get_match_play (session) == NULL)
    {
      g_clear_handle_id (&self->scoreboard_id, g_source_remove);
      pat_window_forget_window (&self->scoreboard);
    }
  update_end_button (self);
  pat_window_update_actions (self);
}

/* Ends the current player's turn with the game's score (as when the game ends). */
void
pat_window_end_turn (PatWindow *self)
{
  PatMatchPlay *match_play = pat_session_get_match_play (self->session);

  if (match_play == NULL || pat_match_play_get_turn_over (match_play))
    return;
  pat_board_finish_animations (self->board);
  pat_session_end_turn (self->session);
  show_end (self, PAT_STATUS_BLOCKED, "");
  /* The next player's turn. */
  gtk_image_set_from_icon_name (self->end_icon, "avatar-default-symbolic");
  gtk_label_set_label (self->end_title, _("Turn Over"));
}

void
pat_window_start_next_turn (PatWindow *self)
{
  g_clear_handle_id (&self->scoreboard_id, g_source_remove);
  pat_window_forget_window (&self->scoreboard);
  pat_session_start_next_turn (self->session);
}

GtkWindow *
pat_window_get_scoreboard (PatWindow *self)
{
  return self->scoreboard;
}

GtkWindow *
pat_window_get_confirmation (PatWindow *self)
{
  return self->confirmation;
}

const char *
pat_window_get_last_toast (PatWindow *self)
{
  return self->last_toast;
}

gboolean
pat_window_get_end_shown (PatWindow *self)
{
  return gtk_revealer_get_reveal_child (self->end_revealer);
}

PatSession *
pat_window_get_session (PatWindow *self)
{
  g_return_val_if_fail (PAT_IS_WINDOW (self), NULL);
  return self->session;
}

PatGame *
pat_window_get_game (PatWindow *self)
{
  g_return_val_if_fail (PAT_IS_WINDOW (self), NULL);
  return self->game;
}

PatBoard *
pat_window_get_board (PatWindow *self)
{
  g_return_val_if_fail (PAT_IS_WINDOW (self), NULL);
  return self->board;
}

static gboolean
pat_window_close_request (GtkWindow *window)
{
  PatWindow *self = PAT_WINDOW (window);
  int width, height;

  /* Quitting does not abandon the game: it is saved and resumes next time. */
  pat_session_close (self->session);

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (pat_window_parent_class)->close_request (window);
}

/* Demon's die and the difficulty of winnable deals are enums in the settings. */
static void
deal_settings_cb (PatWindow  *self,
                  const char *key,
                  GSettings  *settings)
{
  /* The difficulty enum's values 1, 2, 3 are easy, medium, hard; 0, any winnable deal. */
  int difficulty = g_settings_get_enum (settings, "deal-difficulty");

  pat_session_set_die_mode (self->session, (PatDieMode) g_settings_get_enum (settings,
                                                                             "demon-die-mode"));
  pat_session_set_difficulty (self->session,
                              difficulty > 0
                              ? (PatDifficulty) (PAT_DIFFICULTY_EASY + difficulty - 1)
                              : PAT_DIFFICULTY_UNKNOWN);
}

static void
setup (PatWindow  *self,
       PatSession *session,
       GSettings  *settings)
{
  self->session = g_object_ref (session);
  self->settings = g_object_ref (settings);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_settings_bind (settings, "animations", self->board, "animations", G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "click-to-move", self->board, "click-to-move", G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "four-colour-deck", self->board, "four-colour", G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "card-back", self->board, "card-back", G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "auto-foundation", self->board, "auto-foundation",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "winnable-deals-only", session, "winnable-only", G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "play-speed", session, "play-speed", G_SETTINGS_BIND_GET);
  g_signal_connect_object (settings, "changed::demon-die-mode", G_CALLBACK (deal_settings_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "changed::deal-difficulty", G_CALLBACK (deal_settings_cb),
                           self, G_CONNECT_SWAPPED);
  deal_settings_cb (self, NULL, settings);

  g_signal_connect_object (session, "notify::game", G_CALLBACK (session_game_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "game-finished", G_CALLBACK (game_finished_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::match-play", G_CALLBACK (session_match_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "match-started", G_CALLBACK (match_started_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "turn-ended", G_CALLBACK (turn_ended_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "match-finished", G_CALLBACK (match_finished_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "game-left", G_CALLBACK (game_left_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::can-undo-leave", G_CALLBACK (can_undo_leave_cb),
                           self, G_CONNECT_SWAPPED);
  pat_window_actions_setup (self);
  pat_window_solver_setup (self);
  pat_window_net_setup (self);
  if (pat_session_get_game (session) != NULL)
    session_game_cb (self, NULL, session);
}

static void
pat_window_dispose (GObject *object)
{
  PatWindow *self = PAT_WINDOW (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_handle_id (&self->message_id, g_source_remove);
  g_clear_handle_id (&self->scoreboard_id, g_source_remove);
  if (self->refit_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->refit_id);
  self->refit_id = 0;
  pat_window_forget_window (&self->scoreboard);
  pat_window_forget_window (&self->confirmation);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  pat_window_solver_dispose (self);
  pat_window_net_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), PAT_TYPE_WINDOW);
  g_clear_object (&self->game);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->session);
  g_clear_object (&self->narrow_title);
  g_clear_object (&self->wide_title);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->last_toast, g_free);
  g_clear_object (&self->hint_toast);
  for (guint i = 0; i < G_N_ELEMENTS (self->count_fits); i++)
    {
      g_clear_pointer (&self->count_fits[i], g_free);
      g_clear_pointer (&self->count_rooms[i], g_free);
    }

  G_OBJECT_CLASS (pat_window_parent_class)->dispose (object);
}

static void
pat_window_class_init (PatWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = pat_window_dispose;
  window_class->close_request = pat_window_close_request;

  g_type_ensure (PAT_TYPE_BOARD);
  g_type_ensure (PAT_TYPE_CELEBRATION);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/patience/Patience/pat-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PatWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, board);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, play_area);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, celebration);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_revealer);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_icon);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, start_controls);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_controls);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, narrow_start_controls);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, narrow_end_controls);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_buttons);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_undo_button);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_restart_button);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_title);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_description);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, end_new_game_button);
  gtk_widget_class_bind_template_callback (widget_class, board_message_cb);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, game_label);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, moves_label);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, time_label);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, extra_label);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, message_label);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, leave_fullscreen_button);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, status_bar);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, status_row);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, status_row2);
  gtk_widget_class_bind_template_child (widget_class, PatWindow, status_tail);

  pat_window_class_install_actions (widget_class);
  pat_window_solver_class_init (widget_class);
}

static void
pat_window_init (PatWindow *self)
{
  GtkWindowControls *controls[N_WINDOW_CONTROLS];

  gtk_widget_init_template (GTK_WIDGET (self));
  pat_a11y_name_mnemonic_buttons (GTK_WIDGET (self));
  pat_window_actions_init (self);
#if DEVELOPMENT_PROFILE
  /* libadwaita's striped header bar of development builds. */
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif

  /* Both titles are kept while the other is shown. */
  self->wide_title = g_object_ref (GTK_WIDGET (self->window_title));
  self->narrow_title = GTK_LABEL (g_object_ref_sink (gtk_label_new (NULL)));
  gtk_widget_add_css_class (GTK_WIDGET (self->narrow_title), "title");
  gtk_label_set_wrap (self->narrow_title, TRUE);
  gtk_label_set_wrap_mode (self->narrow_title, PANGO_WRAP_WORD);
  gtk_label_set_lines (self->narrow_title, 2);
  gtk_label_set_ellipsize (self->narrow_title, PANGO_ELLIPSIZE_END);
  gtk_label_set_justify (self->narrow_title, GTK_JUSTIFY_CENTER);
  /* Its natural width is the name on one line; it wraps only where the header is too short. */
  gtk_label_set_max_width_chars (self->narrow_title, 40);

  self->game_signals = g_signal_group_new (PAT_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "changed",
                                  G_CALLBACK (game_changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "finished",
                                  G_CALLBACK (game_finished_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::elapsed",
                                  G_CALLBACK (game_elapsed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::moves",
                                  G_CALLBACK (game_notify_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::can-undo",
                                  G_CALLBACK (game_notify_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::can-redo",
                                  G_CALLBACK (game_notify_cb), self);

  g_signal_connect (self, "notify::is-active", G_CALLBACK (is_active_cb), NULL);
  g_signal_connect_object (gtk_window_get_toplevels (), "items-changed",
                           G_CALLBACK (toplevels_changed_cb), self, G_CONNECT_SWAPPED);
  toplevels_changed_cb (self, 0, 0, g_list_model_get_n_items (gtk_window_get_toplevels ()),
                        gtk_window_get_toplevels ());
  g_signal_connect (self, "notify::default-width", G_CALLBACK (default_width_cb), NULL);
  /* A narrow window keeps the close button on the side the desktop puts it, as it changes. */
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)),
                           "notify::gtk-decoration-layout", G_CALLBACK (update_decoration_layout),
                           self, G_CONNECT_SWAPPED);
  update_decoration_layout (self);
  get_window_controls (self, controls);
  for (guint i = 0; i < N_WINDOW_CONTROLS; i++)
    g_signal_connect_object (controls[i], "notify::empty", G_CALLBACK (update_window_controls),
                             self, G_CONNECT_SWAPPED);
  update_window_controls (self);
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)), "notify::gtk-font-name",
                           G_CALLBACK (font_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_widget_get_settings (GTK_WIDGET (self)), "notify::gtk-xft-dpi",
                           G_CALLBACK (font_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::visible", G_CALLBACK (is_active_cb), NULL);
  g_signal_connect_swapped (self->end_revealer, "notify::child-revealed",
                            G_CALLBACK (end_revealed_cb), self);
  g_signal_connect_swapped (gtk_widget_get_parent (GTK_WIDGET (self->end_revealer)),
                            "get-child-position", G_CALLBACK (end_card_position_cb), self);
  g_signal_connect_swapped (self->end_title, "notify::label", G_CALLBACK (end_text_cb), self);
  g_signal_connect_swapped (self->end_description, "notify::label", G_CALLBACK (end_text_cb),
                            self);
  g_signal_connect_swapped (self->message_label, "notify::label", G_CALLBACK (message_text_cb),
                            self);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (gtk_revealer_get_child (self->end_revealer)),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, self->end_title, NULL,
                                  -1);
  message_text_cb (self);
}

/**
 * pat_window_new:
 * @application: the application
 * @session: what the window plays
 * @settings: the app's settings (the window's size, the board's style, how deals are made)
 *
 * Returns: (transfer none): a new window showing @session, not yet presented
 */
PatWindow *
pat_window_new (GtkApplication *application,
                PatSession     *session,
                GSettings      *settings)
{
  PatWindow *self;

  g_return_val_if_fail (PAT_IS_SESSION (session), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (PAT_TYPE_WINDOW, "application", application, NULL);
  setup (self, session, settings);
  return self;
}
