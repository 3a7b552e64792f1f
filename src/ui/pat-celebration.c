/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PatCelebration: a short burst of confetti over the board when a game is won. */

#include "config.h"

#include <math.h>

#include <adwaita.h>

#include "pat-celebration.h"

#define N_PIECES    140
#define DURATION_MS 2600

typedef struct {
  float x, y;       /* start, as fractions of the width and above the top */
  float vx, vy;     /* drift and fall speed, in fractions of the height per second */
  float spin;       /* turns per second */
  float size;
  guint colour;
} Piece;

struct _PatCelebration {
  GtkWidget     parent_instance;

  Piece         pieces[N_PIECES];
  AdwAnimation *animation;   /* seconds since the start, 0 → DURATION_MS / 1000, linear */
  float         progress;    /* the animation's value */
};

G_DEFINE_FINAL_TYPE (PatCelebration, pat_celebration, GTK_TYPE_WIDGET)

static const GdkRGBA colours[] = {
  { 0.91f, 0.26f, 0.21f, 1 },   /* red */
  { 0.96f, 0.76f, 0.07f, 1 },   /* yellow */
  { 0.20f, 0.66f, 0.33f, 1 },   /* green */
  { 0.21f, 0.52f, 0.89f, 1 },   /* blue */
  { 0.57f, 0.25f, 0.67f, 1 },   /* purple */
  { 1.00f, 0.47f, 0.00f, 1 },   /* orange */
};

static void
animation_value_cb (double          value,
                    PatCelebration *self)
{
  self->progress = (float) value;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pat_celebration_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  PatCelebration *self = PAT_CELEBRATION (widget);
  float width = gtk_widget_get_width (widget);
  float height = gtk_widget_get_height (widget);
  float t = self->progress;
  float fade = t > 2.0f ? MAX (0.0f, 1.0f - (t - 2.0f) / 0.6f) : 1.0f;
  guint i;

  if (!pat_celebration_running (self))
    return;

  for (i = 0; i < N_PIECES; i++)
    {
      const Piece *p = &self->pieces[i];
      float x = (p->x + p->vx * t) * width;
      float y = (p->y + p->vy * t + 0.25f * t * t) * height;
      float turn = sinf ((float) G_PI * 2 * p->spin * t);
      float w = p->size * MAX (0.15f, fabsf (turn));
      GdkRGBA colour = colours[p->colour];

      if (y < -20 || y > height + 20)
        continue;
      colour.alpha = fade;
      gtk_snapshot_append_color (snapshot, &colour,
                                 &GRAPHENE_RECT_INIT (x - w / 2, y - p->size / 2,
                                                      w, p->size * 0.6f));
    }
}

static void
pat_celebration_dispose (GObject *object)
{
  PatCelebration *self = PAT_CELEBRATION (object);

  if (self->animation != NULL)
    adw_animation_reset (self->animation);
  g_clear_object (&self->animation);
  G_OBJECT_CLASS (pat_celebration_parent_class)->dispose (object);
}

static void
pat_celebration_class_init (PatCelebrationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = pat_celebration_dispose;
  widget_class->snapshot = pat_celebration_snapshot;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
pat_celebration_init (PatCelebration *self)
{
  AdwAnimationTarget *target =
    adw_callback_animation_target_new ((AdwAnimationTargetFunc) animation_value_cb, self, NULL);

  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  /* Confetti fall at their own speeds: the animation only tells the time, linearly. It is
   * skipped (done at once) when the system turns animations off (adw_get_enable_animations()). */
  self->animation = adw_timed_animation_new (GTK_WIDGET (self), 0, DURATION_MS / 1000.0,
                                             DURATION_MS, target);
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->animation), ADW_LINEAR);
  g_signal_connect_swapped (self->animation, "done", G_CALLBACK (gtk_widget_queue_draw), self);
}

GtkWidget *
pat_celebration_new (void)
{
  return g_object_new (PAT_TYPE_CELEBRATION, NULL);
}

void
pat_celebration_start (PatCelebration *self,
                       gboolean        animations)
{
  guint i;

  g_return_if_fail (PAT_IS_CELEBRATION (self));

  if (!animations || !adw_get_enable_animations (GTK_WIDGET (self)))
    return;

  for (i = 0; i < N_PIECES; i++)
    {
      Piece *p = &self->pieces[i];

      p->x = (float) g_random_double ();
      p->y = -(float) g_random_double_range (0.05, 0.6);
      p->vx = (float) g_random_double_range (-0.08, 0.08);
      p->vy = (float) g_random_double_range (0.25, 0.55);
      p->spin = (float) g_random_double_range (0.5, 2.0);
      p->size = (float) g_random_double_range (7, 13);
      p->colour = (guint) g_random_int_range (0, G_N_ELEMENTS (colours));
    }

  self->progress = 0;
  adw_animation_reset (self->animation);
  adw_animation_play (self->animation);
}

void
pat_celebration_stop (PatCelebration *self)
{
  g_return_if_fail (PAT_IS_CELEBRATION (self));

  if (pat_celebration_running (self))
    {
      adw_animation_reset (self->animation);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

gboolean
pat_celebration_running (PatCelebration *self)
{
  return adw_animation_get_state (self->animation) == ADW_ANIMATION_PLAYING;
}
