/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-image-file.c: a drawing into a PNG, SVG or PDF file, for every
 * export (lttv-gui --export, the timelines' and the viewers' buttons). */
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "lttv-image-file.h"

typedef enum { IMAGE_NONE, IMAGE_PNG, IMAGE_SVG, IMAGE_PDF } ImageKind;

static ImageKind
kind_of (const char *file)
{
  g_autofree char *lower = g_ascii_strdown (file, -1);

  if (g_str_has_suffix (lower, ".png"))
    return IMAGE_PNG;
  if (g_str_has_suffix (lower, ".svg"))
    return IMAGE_SVG;
  if (g_str_has_suffix (lower, ".pdf"))
    return IMAGE_PDF;
  return IMAGE_NONE;
}

gboolean
lttv_image_file_is_image (const char *file)
{
  return kind_of (file) != IMAGE_NONE;
}

gboolean
lttv_image_file_write (const char *file, int width, int height, LttvImageDrawFunc draw,
                       gpointer data, GError **error)
{
  ImageKind kind = kind_of (file);
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  switch (kind)
    {
    case IMAGE_PNG: surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height); break;
    case IMAGE_SVG: surface = cairo_svg_surface_create (file, width, height); break;
    case IMAGE_PDF: surface = cairo_pdf_surface_create (file, width, height); break;
    default:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s: unknown image type: the name must end in .png, .svg or .pdf"), file);
      return FALSE;
    }
  cr = cairo_create (surface);
  gboolean drawn = draw (cr, width, height, data, error);
  cairo_destroy (cr);
  if (drawn && kind == IMAGE_PNG)
    status = cairo_surface_write_to_png (surface, file);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (!drawn)
    {
      if (kind != IMAGE_PNG)
        g_unlink (file);    /* (SVG and PDF surfaces made it already) */
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", file, cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}
