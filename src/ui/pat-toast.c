/* SPDX-License-Identifier: GPL-3.0-or-later */

#include "config.h"

#include "pat-toast.h"

/* A toast's title that wraps to the toast overlay's width.
 *
 * libadwaita 1.2 puts a toast's title on one line and cuts it with an ellipsis, which hid what a
 * long message is for (where a broken save file was kept, why an export failed), and much of any
 * message in a phone-sized window. A wrapping label as the toast's custom title is not enough:
 * the overlay gives a toast the height it needs at its natural width, then at most its own width,
 * so a label wider than the overlay keeps the lines of its natural width and runs off the window.
 * This title's natural width is therefore what the overlay leaves it beside the toast's buttons,
 * and a change of the overlay's width measures it again. */

/* What a toast takes beside its title and buttons: its margins, padding and spacing (libadwaita
 * 1.2 with Adwaita: 48 px, and the title's own margins, 12), with some to spare. */
#define TOAST_CHROME 72
/* Above this, lines get too long to read at a glance. */
#define MAX_NATURAL_WIDTH 600

#define PAT_TYPE_TOAST_TITLE (pat_toast_title_get_type ())
G_DECLARE_FINAL_TYPE (PatToastTitle, pat_toast_title, PAT, TOAST_TITLE, GtkWidget)

struct _PatToastTitle
{
  GtkWidget      parent_instance;

  GtkWidget     *label;
  int            measured_for;    /* the overlay's width when last measured */
  GdkFrameClock *clock;
  gulong         after_paint_id;

  GtkWidget     *clear_of;        /* (weak) the toast must not cover the rectangles of it */
  PatToastClearFunc clear_func;   /* ... that this gives, in @clear_of's coordinates */
};

G_DEFINE_FINAL_TYPE (PatToastTitle, pat_toast_title, GTK_TYPE_WIDGET)

static int
overlay_width (PatToastTitle *self)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);

  return overlay != NULL ? gtk_widget_get_width (overlay) : 0;
}

/* @width, the overlay's, less what the toast needs beside its title; -1 when not known yet. */
static int
room (PatToastTitle *self,
      int            width)
{
  GtkWidget *bin = gtk_widget_get_parent (GTK_WIDGET (self));
  GtkWidget *toast = bin != NULL ? gtk_widget_get_parent (bin) : NULL;

  if (width <= 0 || toast == NULL)
    return -1;

  width -= TOAST_CHROME;
  for (GtkWidget *child = gtk_widget_get_first_child (toast); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (child != bin && gtk_widget_get_visible (child))
      {
        int natural;

        gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
        width -= natural;
      }
  return width;
}

static void
pat_toast_title_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  PatToastTitle *self = PAT_TOAST_TITLE (widget);

  /* Widths do not depend on a height: the toast's box asks for a width at the height the toast
   * got for this title's natural width, and a label's width for a height is only near the
   * width that gives it that many lines (one line too many seen at 360 px). */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    for_size = -1;
  gtk_widget_measure (self->label, orientation, for_size, minimum, natural, minimum_baseline,
                      natural_baseline);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int width;

      self->measured_for = overlay_width (self);
      width = room (self, self->measured_for);

      *natural = MIN (*natural, MAX_NATURAL_WIDTH);
      if (width > 0)
        *natural = MIN (*natural, width);
      *natural = MAX (*natural, *minimum);
    }
}

/* After each frame: if the overlay's width is no longer the one the last measure was made for
 * (the window was resized, maximized...), measure again; nothing else would, as the toast keeps
 * its place and its size request is cached. Checked after the frame, once the overlay has its
 * new width: a measure made before then would still see the old one. */
/* The space between a lifted toast and what it keeps clear of. */
#define CLEAR_GAP 8

/* A toast keeps its place at the bottom of the overlay, unless that hides what it is about (the
 * card a hint points at): then it rises to just above that, by a bottom margin on its widget
 * (libadwaita 1.2 places a toast at the bottom of the overlay, margins included). */
static void
keep_clear (PatToastTitle *self)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  GtkWidget *bin = gtk_widget_get_parent (GTK_WIDGET (self));
  GtkWidget *toast = bin != NULL ? gtk_widget_get_parent (bin) : NULL;
  graphene_rect_t bounds, rects[PAT_TOAST_MAX_CLEAR];
  GtkBorder css_margin;
  int height, toast_height, rest, bottom, lift = 0;
  gboolean moved = TRUE;
  guint n_rects;

  if (overlay == NULL || toast == NULL || self->clear_of == NULL ||
      !gtk_widget_compute_bounds (toast, overlay, &bounds))
    return;
  /* Asked each time: what the toast keeps clear of moves when the window is resized. */
  n_rects = MIN (self->clear_func (self->clear_of, rects), PAT_TOAST_MAX_CLEAR);

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_margin (gtk_widget_get_style_context (toast), &css_margin);
  G_GNUC_END_IGNORE_DEPRECATIONS
  height = gtk_widget_get_height (overlay);
  toast_height = gtk_widget_get_height (toast);
  /* Where the toast's bottom rests without a lift (it slides in from below). */
  rest = height - css_margin.bottom;
  bottom = rest;

  for (guint round = 0; moved && round < 8; round++)
    {
      moved = FALSE;
      for (guint i = 0; i < n_rects; i++)
        {
          const graphene_rect_t *r = &rects[i];
          graphene_point_t top_left, bottom_right;

          if (!gtk_widget_compute_point (self->clear_of, overlay, &r->origin, &top_left) ||
              !gtk_widget_compute_point (self->clear_of, overlay,
                                         &GRAPHENE_POINT_INIT (r->origin.x + r->size.width,
                                                               r->origin.y + r->size.height),
                                         &bottom_right))
            continue;
          if (bottom_right.x <= bounds.origin.x ||
              top_left.x >= bounds.origin.x + bounds.size.width ||
              bottom_right.y <= bottom - toast_height - CLEAR_GAP ||
              top_left.y >= bottom + CLEAR_GAP)
            continue;
          bottom = (int) floorf (top_left.y) - CLEAR_GAP;
          moved = TRUE;
        }
    }
  /* No room above: the toast stays down rather than leave the window. */
  if (!moved && bottom - toast_height >= 0)
    lift = rest - bottom;

  if (gtk_widget_get_margin_bottom (toast) != lift)
    gtk_widget_set_margin_bottom (toast, lift);
}

static void
after_paint_cb (GdkFrameClock *clock,
                PatToastTitle *self)
{
  if (overlay_width (self) != self->measured_for)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  if (self->clear_func != NULL)
    keep_clear (self);
}

static void
pat_toast_title_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  PatToastTitle *self = PAT_TOAST_TITLE (widget);
  GtkWidget *toast = gtk_widget_get_parent (widget);

  gtk_widget_allocate (self->label, width, height, baseline, NULL);

  /* A toast of several lines is rounded like a card, not as a pill, whose round ends would cut
   * the corners of the text (style.css); its widget is the title's grandparent. */
  toast = toast != NULL ? gtk_widget_get_parent (toast) : NULL;
  if (toast != NULL)
    {
      if (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (self->label))) > 1)
        gtk_widget_add_css_class (toast, "multiline");
      else
        gtk_widget_remove_css_class (toast, "multiline");
    }
}

static GtkSizeRequestMode
pat_toast_title_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
pat_toast_title_realize (GtkWidget *widget)
{
  PatToastTitle *self = PAT_TOAST_TITLE (widget);

  GTK_WIDGET_CLASS (pat_toast_title_parent_class)->realize (widget);
  self->clock = g_object_ref (gtk_widget_get_frame_clock (widget));
  self->after_paint_id = g_signal_connect (self->clock, "after-paint",
                                           G_CALLBACK (after_paint_cb), self);
}

static void
pat_toast_title_unrealize (GtkWidget *widget)
{
  PatToastTitle *self = PAT_TOAST_TITLE (widget);

  g_clear_signal_handler (&self->after_paint_id, self->clock);
  g_clear_object (&self->clock);
  GTK_WIDGET_CLASS (pat_toast_title_parent_class)->unrealize (widget);
}

static void
pat_toast_title_dispose (GObject *object)
{
  PatToastTitle *self = PAT_TOAST_TITLE (object);

  g_clear_pointer (&self->label, gtk_widget_unparent);
  g_clear_weak_pointer (&self->clear_of);

  G_OBJECT_CLASS (pat_toast_title_parent_class)->dispose (object);
}

static void
pat_toast_title_class_init (PatToastTitleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pat_toast_title_dispose;
  widget_class->measure = pat_toast_title_measure;
  widget_class->size_allocate = pat_toast_title_size_allocate;
  widget_class->get_request_mode = pat_toast_title_get_request_mode;
  widget_class->realize = pat_toast_title_realize;
  widget_class->unrealize = pat_toast_title_unrealize;
}

static void
pat_toast_title_init (PatToastTitle *self)
{
  self->label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (self->label), 0);
  gtk_widget_add_css_class (self->label, "heading");
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));
}

/**
 * pat_toast_new:
 * @text: what the toast says
 *
 * A toast that shows all of @text, on as many lines as the window's width needs: between words
 * or, in a long path, anywhere.
 *
 * Returns: (transfer full): the toast
 */
AdwToast *
pat_toast_new (const char *text)
{
  AdwToast *toast = adw_toast_new (text);
  PatToastTitle *title = g_object_new (PAT_TYPE_TOAST_TITLE, NULL);

  gtk_label_set_text (GTK_LABEL (title->label), text);
  adw_toast_set_custom_title (toast, GTK_WIDGET (title));
  return toast;
}

/**
 * pat_toast_set_clear_of:
 * @toast: a toast from pat_toast_new()
 * @widget: (nullable): the widget the rectangles are in
 * @func: (nullable): gives what @toast must not cover, in @widget's coordinates
 *
 * Lifts @toast above the rectangles @func gives where it would cover them at the bottom of its
 * overlay (as long as it would stay in the overlay), following @widget while the toast shows:
 * @func is asked again after each frame, so that a resize that moves them moves the toast too.
 */
void
pat_toast_set_clear_of (AdwToast          *toast,
                        GtkWidget         *widget,
                        PatToastClearFunc  func)
{
  PatToastTitle *self;

  g_return_if_fail (ADW_IS_TOAST (toast));
  g_return_if_fail (PAT_IS_TOAST_TITLE (adw_toast_get_custom_title (toast)));
  g_return_if_fail (widget == NULL || GTK_IS_WIDGET (widget));

  self = PAT_TOAST_TITLE (adw_toast_get_custom_title (toast));
  g_set_weak_pointer (&self->clear_of, widget);
  self->clear_func = widget != NULL ? func : NULL;
}

/**
 * pat_toast_set_text:
 * @toast: a toast from pat_toast_new()
 * @text: what it says now
 *
 * Changes what @toast says, where it shows: for a toast that would otherwise be replaced while
 * it is still coming in.
 */
void
pat_toast_set_text (AdwToast   *toast,
                    const char *text)
{
  g_return_if_fail (ADW_IS_TOAST (toast));
  g_return_if_fail (PAT_IS_TOAST_TITLE (adw_toast_get_custom_title (toast)));

  gtk_label_set_text (GTK_LABEL (PAT_TOAST_TITLE (adw_toast_get_custom_title (toast))->label),
                      text);
}

/**
 * pat_toast_get_text:
 * @toast: a toast
 *
 * What @toast says: the text of pat_toast_new() (a custom title unsets a toast's title), or the
 * title of any other toast.
 *
 * Returns: (transfer none) (nullable): the text
 */
const char *
pat_toast_get_text (AdwToast *toast)
{
  GtkWidget *title;

  g_return_val_if_fail (ADW_IS_TOAST (toast), NULL);

  title = adw_toast_get_custom_title (toast);
  if (PAT_IS_TOAST_TITLE (title))
    return gtk_label_get_text (GTK_LABEL (PAT_TOAST_TITLE (title)->label));
  return adw_toast_get_title (toast);
}
