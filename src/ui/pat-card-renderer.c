/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Draws card faces, card backs, empty slots and highlights, and caches the card textures (and, for
 * the cairo renderer, the nodes that paint them). */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "pat-card-renderer-private.h"

/* A window being resized asks for a new size every frame; only the last few are worth keeping. */
#define N_CACHED_SIZES 4
#define BACK_SLOT      PAT_N_CARDS
#define MAX_PIXELS     4096

typedef struct {
  GdkTexture      *textures[PAT_N_CARDS + 1];
  cairo_surface_t *surfaces[PAT_N_CARDS + 1];  /* the textures' pixels, for cairo nodes */
  GskRenderNode   *nodes[PAT_N_CARDS + 1];     /* a cairo node painting one, at (0, 0) */
  gint64           key;
  guint64          last_use;
} SizeCache;

struct _PatCardRenderer
{
  GObject       parent_instance;

  gboolean      dark;
  gboolean      high_contrast;  /* only the slots change: the cards already have strong ink */
  gboolean      four_colour;
  char         *back_name;

  GHashTable   *cache;          /* gint64 size key → SizeCache */
  guint64       clock;
  double        cap_ratio;      /* cap height / font size of the rank font; 0 until measured */
  PangoContext *pango_context;  /* for slot labels */
  gboolean      cairo_nodes;    /* the widget's renderer is GskCairoRenderer */
  guint         n_rendered;     /* cards drawn into a texture or a node, for tests */
};

G_DEFINE_FINAL_TYPE (PatCardRenderer, pat_card_renderer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DARK,
  PROP_FOUR_COLOUR,
  PROP_BACK_NAME,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const char * const back_names[] = { "classic", "red", "modern", NULL };


static GdkRGBA
rgba (guint32 rgb,
      float   alpha)
{
  return (GdkRGBA) {
    ((rgb >> 16) & 0xff) / 255.f,
    ((rgb >> 8) & 0xff) / 255.f,
    (rgb & 0xff) / 255.f,
    alpha,
  };
}

/* Textures and the cache */

static double
measure_cap_ratio (PatCardRenderer *self)
{
  g_autoptr(PangoLayout) layout = pango_layout_new (self->pango_context);
  PangoFontDescription *desc = pango_font_description_new ();
  PangoRectangle ink;

  pango_font_description_set_family (desc, RANK_FONT_FAMILY);
  pango_font_description_set_weight (desc, PANGO_WEIGHT_ULTRABOLD);
  pango_font_description_set_absolute_size (desc, 100 * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, "K", -1);
  pango_layout_get_extents (layout, &ink, NULL);

  /* A font without a K still gets a sensible size. */
  if (ink.height <= 0)
    return 0.7;

  return (double) ink.height / PANGO_SCALE / 100;
}

static void
palette_init (PatCardRenderer *self,
              Palette         *pal,
              int              scale)
{
  if (self->cap_ratio == 0)
    self->cap_ratio = measure_cap_ratio (self);

  pal->dark = self->dark;
  pal->face = self->dark ? 0xebe8e2 : 0xffffff;
  pal->suits[PAT_SUIT_SPADES] = INK_BLACK;
  pal->suits[PAT_SUIT_HEARTS] = INK_RED;
  pal->suits[PAT_SUIT_CLUBS] = self->four_colour ? INK_GREEN : INK_BLACK;
  pal->suits[PAT_SUIT_DIAMONDS] = self->four_colour ? INK_BLUE : INK_RED;
  pal->back = self->back_name;
  pal->cap_ratio = self->cap_ratio;
  pal->pixel = 1.0 / scale;
}

static void
size_cache_free (gpointer data)
{
  SizeCache *entry = data;

  for (guint i = 0; i < G_N_ELEMENTS (entry->textures); i++)
    {
      g_clear_object (&entry->textures[i]);
      g_clear_pointer (&entry->surfaces[i], cairo_surface_destroy);
      g_clear_pointer (&entry->nodes[i], gsk_render_node_unref);
    }
  g_free (entry);
}

static GdkTexture *
render_texture (PatCardRenderer  *self,
                guint             slot,
                int               width,
                int               height,
                int               scale,
                cairo_surface_t **surface_out)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  Palette pal;
  GBytes *bytes;
  GdkTexture *texture;
  int stride;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  palette_init (self, &pal, scale);

  if (slot == BACK_SLOT)
    pat_card_draw_back (cr, &pal, width, height);
  else
    pat_card_draw_face (cr, &pal, slot, width, height);

  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    g_critical ("Drawing a card failed: %s", cairo_status_to_string (cairo_status (cr)));
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* The texture keeps the surface's pixels without a copy. */
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * height * scale,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      surface);
  texture = gdk_memory_texture_new (width * scale, height * scale, GDK_MEMORY_DEFAULT, bytes,
                                    stride);
  g_bytes_unref (bytes);
  *surface_out = cairo_surface_reference (surface);
  self->n_rendered++;

  return texture;
}

static SizeCache *
lookup_entry (PatCardRenderer *self,
              guint            slot,
              int              width,
              int              height,
              int              scale)
{
  gint64 key = ((gint64) width << 32) | ((gint64) height << 16) | scale;
  SizeCache *entry = g_hash_table_lookup (self->cache, &key);

  if (entry == NULL)
    {
      if (g_hash_table_size (self->cache) >= N_CACHED_SIZES)
        {
          GHashTableIter iter;
          SizeCache *oldest = NULL, *candidate;

          g_hash_table_iter_init (&iter, self->cache);
          while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &candidate))
            if (oldest == NULL || candidate->last_use < oldest->last_use)
              oldest = candidate;
          g_hash_table_remove (self->cache, &oldest->key);
        }

      entry = g_new0 (SizeCache, 1);
      entry->key = key;
      g_hash_table_insert (self->cache, &entry->key, entry);
    }

  entry->last_use = ++self->clock;
  if (entry->textures[slot] == NULL)
    entry->textures[slot] = render_texture (self, slot, width, height, scale,
                                            &entry->surfaces[slot]);

  return entry;
}

static GdkTexture *
lookup_texture (PatCardRenderer *self,
                guint            slot,
                int              width,
                int              height,
                int              scale)
{
  return lookup_entry (self, slot, width, height, scale)->textures[slot];
}

/* The cairo renderer draws a texture node by copying the whole texture into a new surface, every
 * frame, even where the card lies outside the part of the window being redrawn: a drag cost a
 * copy of every card on the board per frame. A cairo node painting the texture's own pixels
 * costs only what its clip shows, and the same node, kept, is not redrawn at all where it has
 * not moved. It paints exactly as a texture node does: the image scaled to the rectangle, its
 * edges padded. */
/* Paints @surface's pixels scaled to @rect, its edges padded, as a texture node draws them. */
static void
paint_pixels (cairo_t               *cr,
              cairo_surface_t       *surface,
              int                    pixel_width,
              int                    pixel_height,
              const graphene_rect_t *rect,
              cairo_filter_t         filter)
{
  cairo_pattern_t *pattern = cairo_pattern_create_for_surface (surface);
  cairo_matrix_t matrix;

  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_PAD);
  cairo_pattern_set_filter (pattern, filter);
  /* Pattern space is the surface's pixels; user space the node's. */
  cairo_matrix_init_scale (&matrix, pixel_width / rect->size.width,
                           pixel_height / rect->size.height);
  cairo_matrix_translate (&matrix, -rect->origin.x, -rect->origin.y);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_set_source (cr, pattern);
  cairo_pattern_destroy (pattern);
  cairo_rectangle (cr, rect->origin.x, rect->origin.y, rect->size.width, rect->size.height);
  cairo_fill (cr);
}

/* The cairo renderer draws a texture node by copying the whole texture into a new surface, every
 * frame, even where the card lies outside the part of the window being redrawn: a drag cost a
 * copy of every card on the board per frame. A cairo node painting the texture's own pixels
 * costs only what its clip shows, and the same node, kept, is not redrawn at all where it has
 * not moved. */
static GskRenderNode *
pixels_node (cairo_surface_t       *surface,
             int                    pixel_width,
             int                    pixel_height,
             const graphene_rect_t *bounds,
             cairo_filter_t         filter)
{
  GskRenderNode *node = gsk_cairo_node_new (bounds);
  cairo_t *cr = gsk_cairo_node_get_draw_context (node);

  paint_pixels (cr, surface, pixel_width, pixel_height, bounds, filter);
  cairo_destroy (cr);

  return node;
}

static GskRenderNode *
lookup_node (PatCardRenderer *self,
             guint            slot,
             int              width,
             int              height,
             int              scale,
             float            node_width,
             float            node_height)
{
  SizeCache *entry = lookup_entry (self, slot, width, height, scale);
  GskRenderNode *node = entry->nodes[slot];
  graphene_rect_t bounds;

  if (node != NULL)
    {
      gsk_render_node_get_bounds (node, &bounds);
      if (bounds.size.width == node_width && bounds.size.height == node_height)
        return node;
      g_clear_pointer (&entry->nodes[slot], gsk_render_node_unref);
    }

  graphene_rect_init (&bounds, 0, 0, node_width, node_height);
  node = pixels_node (entry->surfaces[slot], width * scale, height * scale, &bounds,
                      CAIRO_FILTER_GOOD);
  self->n_rendered++;
  entry->nodes[slot] = node;

  return node;
}

/* Whether @card goes to the cairo renderer as a cairo node (else as a texture). */
static gboolean
as_cairo_node (PatCardRenderer *self,
               PatCard          card,
               gboolean         face_up,
               int              width,
               int              height,
               int              scale)
{
  return self->cairo_nodes && width * scale <= MAX_PIXELS && height * scale <= MAX_PIXELS &&
         (!face_up || card < PAT_N_CARDS);
}

/* @rect's size rounded to whole pixels, which the card is drawn at, in *@width and *@height;
 * whether the cairo renderer gets it from cached pixels (as_cairo_node()). */
static gboolean
from_pixels (PatCardRenderer       *self,
             PatCard                card,
             gboolean               face_up,
             const graphene_rect_t *rect,
             int                    scale,
             int                   *width,
             int                   *height)
{
  *width = MAX (1, (int) round (rect->size.width));
  *height = MAX (1, (int) round (rect->size.height));
  return as_cairo_node (self, card, face_up, *width, *height, scale);
}

/* GObject */

static void
pat_card_renderer_finalize (GObject *object)
{
  PatCardRenderer *self = PAT_CARD_RENDERER (object);

  g_hash_table_unref (self->cache);
  g_free (self->back_name);
  g_object_unref (self->pango_context);

  G_OBJECT_CLASS (pat_card_renderer_parent_class)->finalize (object);
}

static void
pat_card_renderer_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PatCardRenderer *self = PAT_CARD_RENDERER (object);

  switch (prop_id)
    {
    case PROP_DARK:
      g_value_set_boolean (value, self->dark);
      break;

    case PROP_FOUR_COLOUR:
      g_value_set_boolean (value, self->four_colour);
      break;

    case PROP_BACK_NAME:
      g_value_set_string (value, self->back_name);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_card_renderer_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  PatCardRenderer *self = PAT_CARD_RENDERER (object);

  switch (prop_id)
    {
    case PROP_DARK:
      pat_card_renderer_set_style (self, g_value_get_boolean (value), self->four_colour,
                                   self->back_name);
      break;

    case PROP_FOUR_COLOUR:
      pat_card_renderer_set_style (self, self->dark, g_value_get_boolean (value),
                                   self->back_name);
      break;

    case PROP_BACK_NAME:
      pat_card_renderer_set_style (self, self->dark, self->four_colour,
                                   g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pat_card_renderer_class_init (PatCardRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pat_card_renderer_finalize;
  object_class->get_property = pat_card_renderer_get_property;
  object_class->set_property = pat_card_renderer_set_property;

  properties[PROP_DARK] =
    g_param_spec_boolean ("dark", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_FOUR_COLOUR] =
    g_param_spec_boolean ("four-colour", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /* An unknown name draws the classic back, so a stale setting never breaks the board. */
  properties[PROP_BACK_NAME] =
    g_param_spec_string ("back-name", NULL, NULL,
                         "classic",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * PatCardRenderer::changed:
   *
   * Emitted when the style changed, after the cached textures were dropped: whatever shows
   * cards must draw them again.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
pat_card_renderer_init (PatCardRenderer *self)
{
  self->back_name = g_strdup ("classic");
  self->cache = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, size_cache_free);
  self->pango_context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
}

/**
 * pat_card_renderer_new:
 *
 * Creates a renderer with the light style, two colours and the classic back.
 *
 * Returns: (transfer full): a new #PatCardRenderer
 */
PatCardRenderer *
pat_card_renderer_new (void)
{
  return g_object_new (PAT_TYPE_CARD_RENDERER, NULL);
}

/**
 * pat_card_renderer_set_style:
 * @self: a #PatCardRenderer
 * @dark: whether the window uses the dark style
 * @four_colour: whether clubs are green and diamonds blue
 * @back_name: (nullable): one of pat_card_renderer_list_backs(); %NULL for "classic"
 *
 * Changes the style. If anything changed, the cached textures are released (hold a reference
 * to keep one) and #PatCardRenderer::changed is emitted.
 */
void
pat_card_renderer_set_style (PatCardRenderer *self,
                             gboolean         dark,
                             gboolean         four_colour,
                             const char      *back_name)
{
  gboolean changed = FALSE;

  g_return_if_fail (PAT_IS_CARD_RENDERER (self));

  dark = !!dark;
  four_colour = !!four_colour;
  if (back_name == NULL || !g_strv_contains (back_names, back_name))
    back_name = "classic";

  g_object_freeze_notify (G_OBJECT (self));
  if (self->dark != dark)
    {
      self->dark = dark;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DARK]);
      changed = TRUE;
    }
  if (self->four_colour != four_colour)
    {
      self->four_colour = four_colour;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOUR_COLOUR]);
      changed = TRUE;
    }
  if (g_strcmp0 (self->back_name, back_name) != 0)
    {
      g_free (self->back_name);
      self->back_name = g_strdup (back_name);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BACK_NAME]);
      changed = TRUE;
    }

  if (changed)
    {
      g_hash_table_remove_all (self->cache);
      g_signal_emit (self, signals[CHANGED], 0);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
pat_card_renderer_get_dark (PatCardRenderer *self)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), FALSE);

  return self->dark;
}

/**
 * pat_card_renderer_set_high_contrast:
 * @self: a #PatCardRenderer
 * @high_contrast: whether the window uses the high contrast style
 *
 * In high contrast the outlines and labels of empty slots stand out from the table by at least
 * 3:1, as WCAG asks of what a player must see to play. Emits #PatCardRenderer::changed when the
 * value changes; the cached cards stay, as they do not change.
 */
void
pat_card_renderer_set_high_contrast (PatCardRenderer *self,
                                     gboolean         high_contrast)
{
  g_return_if_fail (PAT_IS_CARD_RENDERER (self));

  high_contrast = !!high_contrast;
  if (self->high_contrast == high_contrast)
    return;
  self->high_contrast = high_contrast;
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
pat_card_renderer_get_high_contrast (PatCardRenderer *self)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), FALSE);

  return self->high_contrast;
}

gboolean
pat_card_renderer_get_four_colour (PatCardRenderer *self)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), FALSE);

  return self->four_colour;
}

/**
 * pat_card_renderer_get_back_name:
 * @self: a #PatCardRenderer
 *
 * Returns: (transfer none): the name of the back in use
 */
const char *
pat_card_renderer_get_back_name (PatCardRenderer *self)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), NULL);

  return self->back_name;
}

/**
 * pat_card_renderer_get_card:
 * @self: a #PatCardRenderer
 * @card: a card, 0…51
 * @width: the card width in logical pixels
 * @height: the card height in logical pixels
 * @scale: the widget's scale factor
 *
 * Draws the face of @card at @width × @scale by @height × @scale device pixels, or returns
 * the texture drawn before for the same size and style. Widths below 76 logical pixels
 * get a simplified face that stays legible on a phone.
 *
 * Returns: (transfer none): the texture, valid until the renderer's style changes or until
 *   four other sizes have been asked for; take a reference to keep it longer
 */
GdkTexture *
pat_card_renderer_get_card (PatCardRenderer *self,
                            PatCard          card,
                            int              width,
                            int              height,
                            int              scale)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), NULL);
  g_return_val_if_fail (card < PAT_N_CARDS, NULL);
  g_return_val_if_fail (width > 0 && height > 0 && scale > 0, NULL);
  g_return_val_if_fail (width * scale <= MAX_PIXELS && height * scale <= MAX_PIXELS, NULL);

  return lookup_texture (self, card, width, height, scale);
}

/**
 * pat_card_renderer_get_back:
 * @self: a #PatCardRenderer
 * @width: the card width in logical pixels
 * @height: the card height in logical pixels
 * @scale: the widget's scale factor
 *
 * Like pat_card_renderer_get_card(), for the back in use.
 *
 * Returns: (transfer none): the texture
 */
GdkTexture *
pat_card_renderer_get_back (PatCardRenderer *self,
                            int              width,
                            int              height,
                            int              scale)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), NULL);
  g_return_val_if_fail (width > 0 && height > 0 && scale > 0, NULL);
  g_return_val_if_fail (width * scale <= MAX_PIXELS && height * scale <= MAX_PIXELS, NULL);

  return lookup_texture (self, BACK_SLOT, width, height, scale);
}

/**
 * pat_card_renderer_snapshot_card:
 * @self: a #PatCardRenderer
 * @snapshot: where to draw
 * @card: a card, 0…51
 * @face_up: whether to draw the face or the back
 * @rect: where the card goes, in logical pixels
 * @scale: the widget's scale factor
 *
 * Appends the cached texture of @card, drawn at @rect's size rounded to whole pixels.
 */
void
pat_card_renderer_snapshot_card (PatCardRenderer       *self,
                                 GtkSnapshot           *snapshot,
                                 PatCard                card,
                                 gboolean               face_up,
                                 const graphene_rect_t *rect,
                                 int                    scale)
{
  int width, height;
  GdkTexture *texture;

  g_return_if_fail (PAT_IS_CARD_RENDERER (self));
  g_return_if_fail (GTK_IS_SNAPSHOT (snapshot));
  g_return_if_fail (rect != NULL);

  if (from_pixels (self, card, face_up, rect, scale, &width, &height))
    {
      GskRenderNode *node = lookup_node (self, face_up ? card : BACK_SLOT, width, height, scale,
                                         rect->size.width, rect->size.height);

      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &rect->origin);
      gtk_snapshot_append_node (snapshot, node);
      gtk_snapshot_restore (snapshot);
      return;
    }

  texture = face_up ? pat_card_renderer_get_card (self, card, width, height, scale)
                    : pat_card_renderer_get_back (self, width, height, scale);
  if (texture != NULL)
    gtk_snapshot_append_texture (snapshot, texture, rect);
}

/**
 * pat_card_renderer_paint_card:
 * @self: a #PatCardRenderer
 * @cr: where to paint, a cairo node's context
 * @card: a card, 0…51
 * @face_up: whether to paint the face or the back
 * @rect: where the card goes, in @cr's units (logical pixels)
 * @scale: the widget's scale factor
 *
 * Paints @card from its cached pixels, as pat_card_renderer_snapshot_card() draws it with the
 * cairo renderer, so that several cards can share one node (a pile: see draw_under() in
 * pat-board.c).
 *
 * Returns: %FALSE, painting nothing, where the card is not drawn from cached pixels (cairo nodes
 * off, or a card too large to cache)
 */
gboolean
pat_card_renderer_paint_card (PatCardRenderer       *self,
                              cairo_t               *cr,
                              PatCard                card,
                              gboolean               face_up,
                              const graphene_rect_t *rect,
                              int                    scale)
{
  guint slot = face_up ? card : BACK_SLOT;
  int width, height;
  SizeCache *entry;

  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), FALSE);
  g_return_val_if_fail (cr != NULL && rect != NULL, FALSE);

  if (!from_pixels (self, card, face_up, rect, scale, &width, &height))
    return FALSE;
  entry = lookup_entry (self, slot, width, height, scale);
  paint_pixels (cr, entry->surfaces[slot], width * scale, height * scale, rect,
                CAIRO_FILTER_GOOD);

  return TRUE;
}

/**
 * pat_card_renderer_snapshot_card_turning:
 * @self: a #PatCardRenderer
 * @snapshot: where to draw
 * @card: a card, 0…51
 * @face_up: whether to draw the face or the back
 * @rect: where the card goes when flat, in logical pixels
 * @scale: the widget's scale factor
 * @fraction: how much of its width shows, 0…1, as it turns over about its upright centre line
 *
 * Appends @card squeezed to @fraction of its width about its centre. With the cairo renderer the
 * cached pixels are scaled with a bilinear filter: the renderer's own filter for a scaled node
 * weighs every pixel a squeezed card covers, which costs most of a frame for a deal whose cards
 * all turn as they fly.
 */
void
pat_card_renderer_snapshot_card_turning (PatCardRenderer       *self,
                                         GtkSnapshot           *snapshot,
                                         PatCard                card,
                                         gboolean               face_up,
                                         const graphene_rect_t *rect,
                                         int                    scale,
                                         double                 fraction)
{
  int width, height;
  double cx;

  g_return_if_fail (PAT_IS_CARD_RENDERER (self));
  g_return_if_fail (GTK_IS_SNAPSHOT (snapshot));
  g_return_if_fail (rect != NULL);

  fraction = CLAMP (fraction, 0, 1);
  if (fraction * rect->size.width < 0.5)
    return;

  cx = rect->origin.x + rect->size.width / 2;
  if (from_pixels (self, card, face_up, rect, scale, &width, &height))
    {
      guint slot = face_up ? card : BACK_SLOT;
      SizeCache *entry = lookup_entry (self, slot, width, height, scale);
      graphene_rect_t bounds;
      GskRenderNode *node;

      graphene_rect_init (&bounds, cx - rect->size.width * fraction / 2, rect->origin.y,
                          rect->size.width * fraction, rect->size.height);
      node = pixels_node (entry->surfaces[slot], width * scale, height * scale, &bounds,
                          CAIRO_FILTER_BILINEAR);
      gtk_snapshot_append_node (snapshot, node);
      gsk_render_node_unref (node);
      return;
    }

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (cx, 0));
  gtk_snapshot_scale (snapshot, fraction, 1);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-cx, 0));
  pat_card_renderer_snapshot_card (self, snapshot, card, face_up, rect, scale);
  gtk_snapshot_restore (snapshot);
}

/**
 * pat_card_renderer_get_cairo_nodes:
 * @self: a #PatCardRenderer
 *
 * Returns: whether the cards go to GTK's cairo renderer as cairo nodes
 */
gboolean
pat_card_renderer_get_cairo_nodes (PatCardRenderer *self)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), FALSE);

  return self->cairo_nodes;
}

/**
 * pat_card_renderer_set_cairo_nodes:
 * @self: a #PatCardRenderer
 * @cairo_nodes: whether the cards go to GTK's cairo renderer
 *
 * With the cairo renderer (software drawing), pat_card_renderer_snapshot_card() appends kept
 * cairo nodes that paint the cached pixels, which that renderer draws for the cost of what shows;
 * with the others, the cached textures, which they keep on the graphics card. Emits
 * #PatCardRenderer::changed when the value changes.
 */
void
pat_card_renderer_set_cairo_nodes (PatCardRenderer *self,
                                   gboolean         cairo_nodes)
{
  g_return_if_fail (PAT_IS_CARD_RENDERER (self));

  cairo_nodes = !!cairo_nodes;
  if (self->cairo_nodes == cairo_nodes)
    return;
  self->cairo_nodes = cairo_nodes;
  g_signal_emit (self, signals[CHANGED], 0);
}

/**
 * pat_card_renderer_get_n_rendered:
 * @self: a #PatCardRenderer
 *
 * For tests: how many times a card's face or back has been drawn, into a texture or into a node,
 * since the renderer was made. Drawing what is cached already costs nothing and counts nothing.
 *
 * Returns: the count
 */
guint
pat_card_renderer_get_n_rendered (PatCardRenderer *self)
{
  g_return_val_if_fail (PAT_IS_CARD_RENDERER (self), 0);

  return self->n_rendered;
}

static int
label_suit (const char *label)
{
  static const char * const symbols[] = { "♣", "♠", "♥", "♦" };

  for (int i = 0; i < 4; i++)
    if (strcmp (label, symbols[i]) == 0)
      return i;

  return -1;
}

/**
 * pat_card_renderer_snapshot_slot:
 * @self: a #PatCardRenderer
 * @snapshot: where to draw
 * @rect: the slot, in logical pixels
 * @label: (nullable): a short text shown inside, such as "A", "9", "↺" or "×"; the suit symbols
 *   ♣ ♠ ♥ ♦ are drawn as the cards draw them
 *
 * Appends an empty pile's outline, in the colours of the current style.
 */
void
pat_card_renderer_snapshot_slot (PatCardRenderer       *self,
                                 GtkSnapshot           *snapshot,
                                 const graphene_rect_t *rect,
                                 const char            *label)
{
  float w, h, bw;
  guint32 ink;
  GdkRGBA border, fill, text;
  GskRoundedRect outline;
  int suit;

  g_return_if_fail (PAT_IS_CARD_RENDERER (self));
  g_return_if_fail (GTK_IS_SNAPSHOT (snapshot));
  g_return_if_fail (rect != NULL);

  w = rect->size.width;
  h = rect->size.height;
  bw = CLAMP (w / 45, 1, 2);
  ink = self->dark ? 0xffffff : 0x000000;
  /* On Adwaita's window background these give the border about 2:1 and the label 2.6:1; in high
   * contrast about 6:1 and 9:1. */
  border = rgba (ink, self->high_contrast ? 0.6f : self->dark ? 0.3f : 0.28f);
  fill = rgba (ink, self->dark ? 0.06f : 0.05f);
  text = rgba (ink, self->high_contrast ? 0.75f : self->dark ? 0.45f : 0.38f);
  if (self->high_contrast)
    bw = MAX (bw, 2);

  gsk_rounded_rect_init_from_rect (&outline, rect, pat_card_renderer_corner_radius (w));
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, &fill, rect);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &outline,
                              (float[4]) { bw, bw, bw, bw },
                              (GdkRGBA[4]) { border, border, border, border });

  if (label == NULL || *label == '\0')
    return;

  suit = label_suit (label);
  if (suit >= 0)
    {
      graphene_rect_t bounds;
      cairo_t *cr;
      Palette pal;
      double size = w * 0.42;

      palette_init (self, &pal, 1);
      graphene_rect_init (&bounds, rect->origin.x + w / 2 - size / 2,
                          rect->origin.y + h / 2 - size / 2, size, size);
      cr = gtk_snapshot_append_cairo (snapshot, &bounds);
      pat_card_suit_path (cr, suit, rect->origin.x + w / 2, rect->origin.y + h / 2, size, FALSE);
      /* On a dark board the suit colours need lighter shades to show. */
      if (pal.suits[suit] == INK_BLACK)
        gdk_cairo_set_source_rgba (cr, &text);
      else if (!self->dark)
        set_rgba (cr, pal.suits[suit], self->high_contrast ? 0.9 : 0.45);
      else
        set_rgba (cr, pal.suits[suit] == INK_RED ? 0xf66151 :
                      pal.suits[suit] == INK_GREEN ? 0x57e389 : 0x62a0ea,
                  self->high_contrast ? 1 : 0.6);
      cairo_fill (cr);
      cairo_destroy (cr);
    }
  else
    {
      g_autoptr(PangoLayout) layout = pango_layout_new (self->pango_context);
      PangoFontDescription *desc = pango_font_description_new ();
      gboolean symbol = g_utf8_strlen (label, -1) == 1 &&
                        !g_unichar_isalnum (g_utf8_get_char (label));
      PangoRectangle ink_rect;

      if (self->cap_ratio == 0)
        self->cap_ratio = measure_cap_ratio (self);
      pango_font_description_set_family (desc, RANK_FONT_FAMILY);
      pango_font_description_set_weight (desc, PANGO_WEIGHT_BOLD);
      pango_font_description_set_absolute_size (desc, w * (symbol ? 0.6 : 0.3 / self->cap_ratio)
                                                      * PANGO_SCALE);
      pango_layout_set_font_description (layout, desc);
      pango_font_description_free (desc);
      pango_layout_set_text (layout, label, -1);
      pango_layout_get_extents (layout, &ink_rect, NULL);

      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (
          rect->origin.x + w / 2 - (ink_rect.x + ink_rect.width / 2.f) / PANGO_SCALE,
          rect->origin.y + h / 2 - (ink_rect.y + ink_rect.height / 2.f) / PANGO_SCALE));
      gtk_snapshot_append_layout (snapshot, layout, &text);
      gtk_snapshot_restore (snapshot);
    }
}

/**
 * pat_card_renderer_snapshot_highlight:
 * @self: a #PatCardRenderer
 * @snapshot: where to draw
 * @rect: the card or slot to mark, in logical pixels
 * @kind: what the mark means
 *
 * Appends a tinted, outlined mark over a card or slot: blue for the selected cards, green for a
 * place the cards being moved may go, gold for a hint.
 */
void
pat_card_renderer_snapshot_highlight (PatCardRenderer       *self,
                                      GtkSnapshot           *snapshot,
                                      const graphene_rect_t *rect,
                                      PatCardHighlight       kind)
{
  float bw;
  guint32 colour;
  float tint;
  GdkRGBA border, fill;
  GskRoundedRect outline;

  g_return_if_fail (PAT_IS_CARD_RENDERER (self));
  g_return_if_fail (GTK_IS_SNAPSHOT (snapshot));
  g_return_if_fail (rect != NULL);

  switch (kind)
    {
    case PAT_CARD_HIGHLIGHT_SELECTED:
      colour = self->dark ? 0x78aeed : 0x3584e4;
      tint = 0.22f;
      break;

    case PAT_CARD_HIGHLIGHT_DROP_TARGET:
      colour = self->dark ? 0x57e389 : 0x26a269;
      tint = 0.16f;
      break;

    case PAT_CARD_HIGHLIGHT_HINT:
      colour = self->dark ? 0xf8e45c : 0xe5a50a;
      tint = 0.26f;
      break;

    default:
      g_return_if_reached ();
    }

  bw = CLAMP (rect->size.width * 0.04f, 2, 4);
  border = rgba (colour, 1);
  fill = rgba (colour, tint);
  gsk_rounded_rect_init_from_rect (&outline, rect,
                                   pat_card_renderer_corner_radius (rect->size.width));
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, &fill, rect);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &outline,
                              (float[4]) { bw, bw, bw, bw },
                              (GdkRGBA[4]) { border, border, border, border });
}

/**
 * pat_card_renderer_clear_cache:
 * @self: a #PatCardRenderer
 *
 * Drops every cached texture, for instance when the board is hidden for a long time.
 */
void
pat_card_renderer_clear_cache (PatCardRenderer *self)
{
  g_return_if_fail (PAT_IS_CARD_RENDERER (self));

  g_hash_table_remove_all (self->cache);
}

/**
 * pat_card_renderer_list_backs:
 *
 * Returns: (transfer none) (array zero-terminated=1): the names of the card backs
 */
const char * const *
pat_card_renderer_list_backs (void)
{
  return back_names;
}

/**
 * pat_card_renderer_back_title:
 * @back_name: one of pat_card_renderer_list_backs()
 *
 * Returns: (transfer none): the translated name of a card back, for the preferences
 */
const char *
pat_card_renderer_back_title (const char *back_name)
{
  g_return_val_if_fail (back_name != NULL, NULL);

  if (strcmp (back_name, "red") == 0)
    return C_("card back", "Red");
  if (strcmp (back_name, "modern") == 0)
    return C_("card back", "Modern");

  return C_("card back", "Classic");
}

/**
 * pat_card_accessible_name:
 * @card: a card, 0…51
 *
 * Returns: (transfer full): the card's translated name, such as "Queen of Hearts"
 */
char *
pat_card_accessible_name (PatCard card)
{
  static const char * const ranks[] = {
    NC_("card rank", "Ace"),
    NC_("card rank", "Two"),
    NC_("card rank", "Three"),
    NC_("card rank", "Four"),
    NC_("card rank", "Five"),
    NC_("card rank", "Six"),
    NC_("card rank", "Seven"),
    NC_("card rank", "Eight"),
    NC_("card rank", "Nine"),
    NC_("card rank", "Ten"),
    NC_("card rank", "Jack"),
    NC_("card rank", "Queen"),
    NC_("card rank", "King"),
  };
  static const char * const suits[] = {
    NC_("card suit", "Clubs"),
    NC_("card suit", "Spades"),
    NC_("card suit", "Hearts"),
    NC_("card suit", "Diamonds"),
  };

  g_return_val_if_fail (card < PAT_N_CARDS, NULL);

  /* Translators: a playing card's name, such as "Queen of Hearts": the first %s is the rank,
     the second the suit. Write %2$s and %1$s to put them the other way round. */
  return g_strdup_printf (_("%s of %s"),
                          g_dpgettext2 (GETTEXT_PACKAGE, "card rank",
                                        ranks[pat_card_rank (card) - 1]),
                          g_dpgettext2 (GETTEXT_PACKAGE, "card suit",
                                        suits[pat_card_suit (card)]));
}
