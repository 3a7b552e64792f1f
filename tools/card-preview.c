/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Renders every card face, the backs, empty slots and highlights into PNG sheets for looking at. */

#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <stdlib.h>

#include "pat-card-renderer.h"

static const char * const slot_labels[] = {
  NULL, "A", "K", "9", "10", "♣", "♦", "♥", "♠", "↺", "×",
};

static cairo_surface_t *
texture_to_surface (GdkTexture *texture,
                    int         scale)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);

  gdk_texture_download (texture, cairo_image_surface_get_data (surface),
                        cairo_image_surface_get_stride (surface));
  cairo_surface_mark_dirty (surface);
  cairo_surface_set_device_scale (surface, scale, scale);

  return surface;
}

static void
paint_texture (cairo_t    *cr,
               GdkTexture *texture,
               int         scale,
               double      x,
               double      y)
{
  cairo_surface_t *surface = texture_to_surface (texture, scale);

  cairo_set_source_surface (cr, surface, x, y);
  cairo_paint (cr);
  cairo_surface_destroy (surface);
}

static void
paint_snapshot (cairo_t     *cr,
                GtkSnapshot *snapshot)
{
  GskRenderNode *node = gtk_snapshot_free_to_node (snapshot);

  if (node != NULL)
    {
      gsk_render_node_draw (node, cr);
      gsk_render_node_unref (node);
    }
}

static gboolean
render_sheet (PatCardRenderer *renderer,
              int              width,
              int              scale,
              gboolean         dark,
              gboolean         four_colour,
              const char      *path)
{
  const char * const *backs = pat_card_renderer_list_backs ();
  int height = (int) round (width * PAT_CARD_HEIGHT_RATIO);
  double gap = MAX (8, round (width * 0.15));
  double fan_step = pat_card_renderer_index_height (width, height);
  int n_fan = 6;
  int n_extra = (int) g_strv_length ((char **) backs) + 4;
  int sheet_w = (int) (13 * (width + gap) + gap);
  int sheet_h = (int) (7 * (height + gap) + gap + (n_fan - 1) * fan_step);
  cairo_surface_t *sheet;
  cairo_t *cr;
  cairo_status_t status;
  GtkSnapshot *snapshot;
  double x, y;

  sheet_w = (int) MAX (sheet_w, gap + (n_extra + n_fan) * (width + gap));
  sheet = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, sheet_w * scale, sheet_h * scale);
  cairo_surface_set_device_scale (sheet, scale, scale);
  cr = cairo_create (sheet);
  if (dark)
    cairo_set_source_rgb (cr, 0x24 / 255.0, 0x24 / 255.0, 0x24 / 255.0);
  else
    cairo_set_source_rgb (cr, 0xfa / 255.0, 0xfa / 255.0, 0xfa / 255.0);
  cairo_paint (cr);

  /* Every face, a suit per row. */
  for (guint suit = 0; suit < 4; suit++)
    for (guint rank = 1; rank <= 13; rank++)
      {
        pat_card_renderer_set_style (renderer, dark, four_colour, NULL);
        paint_texture (cr,
                       pat_card_renderer_get_card (renderer, pat_card_make (rank, suit), width,
                                                   height, scale),
                       scale, gap + (rank - 1) * (width + gap), gap + suit * (height + gap));
      }

  /* The backs, then a green felt strip with a face and a back on it. */
  y = gap + 4 * (height + gap);
  x = gap;
  for (guint i = 0; backs[i] != NULL; i++, x += width + gap)
    {
      pat_card_renderer_set_style (renderer, dark, four_colour, backs[i]);
      paint_texture (cr, pat_card_renderer_get_back (renderer, width, height, scale), scale, x, y);
    }
  pat_card_renderer_set_style (renderer, dark, four_colour, NULL);
  cairo_rectangle (cr, x - gap / 2, y - gap / 2, 2 * (width + gap), height + gap);
  cairo_set_source_rgb (cr, 0x1f / 255.0, 0x6b / 255.0, 0x3d / 255.0);
  cairo_fill (cr);
  paint_texture (cr, pat_card_renderer_get_card (renderer, pat_card_make (12, PAT_SUIT_HEARTS),
                                                 width, height, scale),
                 scale, x, y);
  paint_texture (cr, pat_card_renderer_get_back (renderer, width, height, scale), scale,
                 x + width + gap, y);
  x += 2 * (width + gap);

  /* Highlights: selected, drop target and hint over cards, then drop target and hint over slots. */
  for (int i = 0; i < 5; i++, x += width + gap)
    {
      graphene_rect_t rect = GRAPHENE_RECT_INIT (x, y, width, height);

      snapshot = gtk_snapshot_new ();
      if (i < 3)
        pat_card_renderer_snapshot_card (renderer, snapshot, pat_card_make (7 + i, i), TRUE, &rect,
                                         scale);
      else
        pat_card_renderer_snapshot_slot (renderer, snapshot, &rect, NULL);
      pat_card_renderer_snapshot_highlight (renderer, snapshot, &rect,
                                            i < 3 ? (PatCardHighlight) i
                                                  : (PatCardHighlight) (i - 2));
      paint_snapshot (cr, snapshot);
    }

  /* Empty slots with every kind of label. */
  y += height + gap;
  for (guint i = 0; i < G_N_ELEMENTS (slot_labels); i++)
    {
      graphene_rect_t rect = GRAPHENE_RECT_INIT (gap + i * (width + gap), y, width, height);

      snapshot = gtk_snapshot_new ();
      pat_card_renderer_snapshot_slot (renderer, snapshot, &rect, slot_labels[i]);
      paint_snapshot (cr, snapshot);
    }

  /* Two fans as a tableau shows them, spaced by the index height. */
  y += height + gap;
  for (int f = 0; f < 2; f++)
    for (int i = 0; i < n_fan; i++)
      {
        guint suit = f == 0 ? (i % 2 == 0 ? PAT_SUIT_SPADES : PAT_SUIT_HEARTS)
                            : (i % 2 == 0 ? PAT_SUIT_DIAMONDS : PAT_SUIT_CLUBS);
        PatCard card = pat_card_make ((f == 0 ? 13 : 10) - i, suit);

        paint_texture (cr, pat_card_renderer_get_card (renderer, card, width, height, scale), scale,
                       gap + f * (width + gap), y + i * fan_step);
      }

  /* A row fanned sideways, and a closed stack. */
  for (int i = 0; i < 4; i++)
    paint_texture (cr, pat_card_renderer_get_card (renderer, pat_card_make (1 + i, i), width,
                                                   height, scale),
                   scale, gap + 2 * (width + gap) + i * width * 0.3, y);
  for (int i = 0; i < 4; i++)
    paint_texture (cr, pat_card_renderer_get_back (renderer, width, height, scale), scale,
                   gap + 4 * (width + gap) + i * 1.0, y + i * 1.0);

  cairo_destroy (cr);
  status = cairo_surface_write_to_png (sheet, path);
  cairo_surface_destroy (sheet);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_printerr ("Could not write %s: %s\n", path, cairo_status_to_string (status));
      return FALSE;
    }

  g_print ("%s\n", path);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *output_dir = NULL;
  g_auto(GStrv) width_args = NULL;
  int scale = 1;
  gboolean four_colour = FALSE;
  GOptionEntry entries[] = {
    { "output-dir", 'o', 0, G_OPTION_ARG_FILENAME, &output_dir, "Where to write the sheets",
      "DIR" },
    { "width", 'w', 0, G_OPTION_ARG_STRING_ARRAY, &width_args, "Card width (repeatable)", "PX" },
    { "scale", 's', 0, G_OPTION_ARG_INT, &scale, "Scale factor", "N" },
    { "four-colour", 'f', 0, G_OPTION_ARG_NONE, &four_colour, "Four-colour deck", NULL },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- draw every card into PNG sheets");
  g_autoptr(GError) error = NULL;
  g_autoptr(PatCardRenderer) renderer = NULL;
  const char *default_widths[] = { "40", "90", "180", NULL };
  const char * const *widths;
  gboolean ok = TRUE;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return EXIT_FAILURE;
    }
  if (scale < 1 || scale > 4)
    {
      g_printerr ("The scale must be 1 to 4\n");
      return EXIT_FAILURE;
    }
  if (output_dir == NULL)
    output_dir = g_strdup (".");
  if (g_mkdir_with_parents (output_dir, 0755) != 0)
    {
      g_printerr ("Could not create %s\n", output_dir);
      return EXIT_FAILURE;
    }

  /* Without gtk_init(), which needs a display, asking for one node type registers them all. */
  g_type_ensure (GSK_TYPE_COLOR_NODE);

  renderer = pat_card_renderer_new ();
  widths = width_args != NULL ? (const char * const *) width_args : default_widths;
  for (guint i = 0; widths[i] != NULL; i++)
    {
      int width = atoi (widths[i]);

      if (width < 16 || width > 1000)
        {
          g_printerr ("Bad width %s (16 to 1000)\n", widths[i]);
          return EXIT_FAILURE;
        }
      for (int dark = 0; dark < 2; dark++)
        {
          g_autofree char *suffix = scale > 1 ? g_strdup_printf ("@%dx", scale) : g_strdup ("");
          g_autofree char *name = g_strdup_printf ("cards-%d-%s%s%s.png", width,
                                                   dark ? "dark" : "light",
                                                   four_colour ? "-4c" : "", suffix);
          g_autofree char *path = g_build_filename (output_dir, name, NULL);

          ok &= render_sheet (renderer, width, scale, dark, four_colour, path);
        }
    }

  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
