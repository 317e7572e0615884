/* SPDX-License-Identifier: GPL-2.0-or-later */
/**
 * SECTION:lttv-image-file
 * @title: Image files
 * @short_description: a drawing written to a PNG, SVG or PDF file
 * @include: lttv-image-file.h
 *
 * What every export of a drawing needs: the cairo surface the file's name
 * asks for, the drawing, then the file written, with an error naming the
 * file when any step fails. Installed with lttv-module.h.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/**
 * LttvImageDrawFunc:
 * @cr: where to draw (the surface is transparent at first)
 * @width: the image's width in pixels (points for SVG and PDF)
 * @height: its height
 * @data: the caller's data
 * @error: return location for an error
 *
 * Draws the image; returns %FALSE (with @error set) to give up, for
 * instance when cancelled.
 *
 * Returns: %TRUE when drawn
 */
typedef gboolean (*LttvImageDrawFunc) (cairo_t *cr, int width, int height, gpointer data,
                                       GError **error);

/**
 * lttv_image_file_is_image:
 * @file: a file name
 *
 * Whether lttv_image_file_write() can write @file: its name's suffix.
 *
 * Returns: %TRUE when @file ends in .png, .svg or .pdf (in any case)
 */
gboolean lttv_image_file_is_image (const char *file);

/**
 * lttv_image_file_write:
 * @file: where to write: its name ends in .png, .svg or .pdf
 * @width: the image's width
 * @height: its height
 * @draw: (scope call): draws it
 * @data: (closure): for @draw
 * @error: return location for an error
 *
 * Writes what @draw draws into @file, in the format its name says. When
 * @draw gives up, no file is left behind.
 *
 * Returns: %TRUE when written; %FALSE with @error set otherwise
 */
gboolean lttv_image_file_write (const char *file, int width, int height, LttvImageDrawFunc draw,
                                gpointer data, GError **error);

G_END_DECLS
