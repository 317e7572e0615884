/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The marks every timeline draws alike: the selection, the bookmarks and
 * the current time. Their colours are used by no state (the current time
 * was the red of WAIT_FOR_CPU and vanished on the rows that needed it),
 * and every line has a light halo, so that it shows on any row colour and
 * on a dark theme's ruler. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "lttv-marks-private.h"
#include "lttv-time-context.h"
#include "lttv-time-text.h"
#include "lttv-viewer-context-private.h"

#define LABEL_FONT "Sans 8"

GdkRGBA
lttv_mark_colour (LttvMarkKind kind)
{
  static const char *const colours[] = {
    [LTTV_MARK_CURRENT_TIME] = "#613583",
    [LTTV_MARK_SELECTION] = "#00616a",
    [LTTV_MARK_HALO] = "#ffffff",
  };
  GdkRGBA c = { 0, 0, 0, 1 };

  if ((guint) kind < G_N_ELEMENTS (colours))
    gdk_rgba_parse (&c, colours[kind]);
  return c;
}

char *
lttv_marks_duration_text (LttvTime d)
{
  if (d < 1000)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " ns", d);
  if (d < 1000000)
    return g_strdup_printf ("%.3f µs", d / 1e3);
  if (d < 1000000000)
    return g_strdup_printf ("%.3f ms", d / 1e6);
  return g_strdup_printf ("%.6f s", d / 1e9);
}

void
lttv_marks_get (LttvViewerContext *ctx, LttvMarks *marks)
{
  LttvBookmarks *bookmarks = lttv_viewer_context_get_bookmarks (ctx);

  marks->now = lttv_viewer_context_get_current_time (ctx);
  if (!lttv_viewer_context_get_selection (ctx, &marks->sel0, &marks->sel1))
    marks->sel0 = marks->sel1 = LTTV_TIME_NONE;
  lttv_viewer_context_get_bounds (ctx, &marks->origin, NULL);
  marks->time_format = lttv_time_text_get_format ();
  marks->bookmarks = g_array_new (FALSE, FALSE, sizeof (LttvBookmark));
  for (guint i = 0; bookmarks != NULL && i < lttv_bookmarks_n (bookmarks); i++)
    {
      LttvBookmark b = *lttv_bookmarks_get (bookmarks, i);
      b.name = g_strdup (b.name);
      b.note = NULL;
      g_array_append_val (marks->bookmarks, b);
    }
}

void
lttv_marks_clear (LttvMarks *marks)
{
  if (marks->bookmarks == NULL)
    return;
  for (guint i = 0; i < marks->bookmarks->len; i++)
    g_free (g_array_index (marks->bookmarks, LttvBookmark, i).name);
  g_clear_pointer (&marks->bookmarks, g_array_unref);
}

static double
x_at (LttvTime t, double width, LttvTime t0, LttvTime t1)
{
  return ((double) t - (double) t0) * width / (double) (t1 - t0);
}

/* A 1-px line in `c` on a 3-px halo. */
static void
vline (cairo_t *cr, double x, double y, double height, const GdkRGBA *c)
{
  GdkRGBA halo = lttv_mark_colour (LTTV_MARK_HALO);

  x = floor (x);
  cairo_set_source_rgba (cr, halo.red, halo.green, halo.blue, 0.85);
  cairo_rectangle (cr, x - 1, y, 3, height);
  cairo_fill (cr);
  gdk_cairo_set_source_rgba (cr, c);
  cairo_rectangle (cr, x, y, 1, height);
  cairo_fill (cr);
}

/* Text in white on `c`, its box's left at `x` (or its right when
 * `right_aligned`), clamped into [0, width]; returns the box's width. */
static double
bubble (cairo_t *cr, PangoLayout *layout, const char *text, double x, double y, double width,
        gboolean right_aligned, const GdkRGBA *c)
{
  int tw, th;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  double w = tw + 6;
  if (right_aligned)
    x -= w;
  x = CLAMP (x, 0, MAX (width - w, 0));
  gdk_cairo_set_source_rgba (cr, c);
  cairo_rectangle (cr, floor (x), y, w, th);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_move_to (cr, floor (x) + 3, y);
  pango_cairo_show_layout (cr, layout);
  return w;
}

static PangoLayout *
label_layout (cairo_t *cr)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (LABEL_FONT);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

static void
draw_selection (const LttvMarks *m, cairo_t *cr, PangoLayout *layout, double width,
                double height, LttvTime t0, LttvTime t1, LttvMarksFlags flags)
{
  GdkRGBA c = lttv_mark_colour (LTTV_MARK_SELECTION);
  double x0 = x_at (m->sel0, width, t0, t1), x1 = x_at (m->sel1, width, t0, t1);
  int th;

  if (x1 < -2 || x0 > width + 2)
    return;
  if (flags & LTTV_MARKS_LINES)
    {
      double a = MAX (x0, -1), b = MIN (x1, width + 1);
      cairo_set_source_rgba (cr, c.red, c.green, c.blue, 0.14);
      cairo_rectangle (cr, a, 0, MAX (b - a, 1), height);
      cairo_fill (cr);
      if (x0 >= -1)
        vline (cr, x0, 0, height, &c);
      if (x1 <= width + 1)
        vline (cr, x1, 0, height, &c);
    }
  if (layout == NULL)
    return;
  g_autofree char *duration = lttv_marks_duration_text (m->sel1 - m->sel0);
  pango_layout_set_text (layout, duration, -1);
  pango_layout_get_pixel_size (layout, NULL, &th);
  if (flags & LTTV_MARKS_LABELS)
    {
      /* The ends outside the range, the duration inside, on the lower
       * half (the ticks' labels are on the upper one). */
      g_autofree char *start = lttv_time_text_format (m->sel0, m->time_format, m->origin);
      g_autofree char *end = lttv_time_text_format (m->sel1, m->time_format, m->origin);
      double y = MAX (height - th - 1, 0);
      bubble (cr, layout, start, x0 - 1, y, width, TRUE, &c);
      bubble (cr, layout, end, x1 + 2, y, width, FALSE, &c);
      int dw;
      pango_layout_set_text (layout, duration, -1);
      pango_layout_get_pixel_size (layout, &dw, NULL);
      bubble (cr, layout, duration, (x0 + x1) / 2 - (dw + 6) / 2.0, y, width, FALSE, &c);
    }
  else if (flags & LTTV_MARKS_DURATION)
    {
      int dw;
      pango_layout_get_pixel_size (layout, &dw, NULL);
      bubble (cr, layout, duration, (x0 + x1) / 2 - (dw + 6) / 2.0, 2, width, FALSE, &c);
    }
}

static void
draw_bookmark (const LttvBookmark *b, cairo_t *cr, PangoLayout *layout, double width,
               double height, LttvTime t0, LttvTime t1, LttvMarksFlags flags)
{
  double x0 = x_at (b->start, width, t0, t1), x1 = x_at (b->end, width, t0, t1);
  const GdkRGBA *c = &b->colour;
  GdkRGBA halo = lttv_mark_colour (LTTV_MARK_HALO);

  if (x1 < -8 || x0 > width + 8)
    return;
  if (b->end > b->start)
    {
      double a = MAX (x0, -1), e = MIN (x1, width + 1);
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, 0.10);
      cairo_rectangle (cr, a, 0, MAX (e - a, 1), height);
      cairo_fill (cr);
      if (x1 <= width + 1)
        vline (cr, x1, 0, height, c);
    }
  if (x0 >= -8)
    {
      /* A flag at the top: a bookmark, not another kind of line. */
      double x = floor (x0);
      vline (cr, x0, 0, height, c);
      cairo_move_to (cr, x - 1, 0);
      cairo_line_to (cr, x + 8, 0);
      cairo_line_to (cr, x + 4, 4);
      cairo_line_to (cr, x + 8, 8);
      cairo_line_to (cr, x - 1, 8);
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, halo.red, halo.green, halo.blue, 0.85);
      cairo_set_line_width (cr, 2);
      cairo_stroke_preserve (cr);
      gdk_cairo_set_source_rgba (cr, c);
      cairo_fill (cr);
      if ((flags & LTTV_MARKS_LABELS) && layout != NULL && b->name != NULL && b->name[0] != '\0')
        bubble (cr, layout, b->name, x + 9, 0, width, FALSE, c);
    }
}

void
lttv_marks_draw (const LttvMarks *m, cairo_t *cr, double width, double height, LttvTime t0,
                 LttvTime t1, LttvMarksFlags flags)
{
  PangoLayout *layout = NULL;

  if (t1 <= t0 || width <= 0)
    return;
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  if (flags & (LTTV_MARKS_LABELS | LTTV_MARKS_DURATION))
    layout = label_layout (cr);
  for (guint i = 0; m->bookmarks != NULL && i < m->bookmarks->len; i++)
    draw_bookmark (&g_array_index (m->bookmarks, LttvBookmark, i), cr, layout, width, height, t0,
                   t1, flags);
  if (m->sel0 != LTTV_TIME_NONE && m->sel1 != LTTV_TIME_NONE)
    draw_selection (m, cr, layout, width, height, t0, t1, flags);
  if (m->now != LTTV_TIME_NONE && m->now >= t0 && m->now <= t1)
    {
      GdkRGBA c = lttv_mark_colour (LTTV_MARK_CURRENT_TIME);
      vline (cr, x_at (m->now, width, t0, t1), 0, height, &c);
    }
  g_clear_object (&layout);
  cairo_restore (cr);
}

char *
lttv_marks_selection_text (LttvTime start, LttvTime end, LttvTime origin)
{
  LttvTimeFormat format = lttv_time_text_get_format ();
  g_autofree char *a = lttv_time_text_format (start, format, origin);
  g_autofree char *b = lttv_time_text_format (end, format, origin);
  g_autofree char *d = lttv_marks_duration_text (end - start);
  /* TRANSLATORS: the selected range: its start, its end and its duration. */
  return g_strdup_printf (_("Selection %s – %s (%s)"), a, b, d);
}

void
lttv_marks_extend_selection (LttvViewerContext *ctx, LttvTime t)
{
  LttvTime s0, s1;

  if (!lttv_viewer_context_get_selection (ctx, &s0, &s1))
    s0 = s1 = lttv_viewer_context_get_current_time (ctx);
  if (t <= s0)
    s0 = t;
  else if (t >= s1)
    s1 = t;
  else if (t - s0 < s1 - t)
    s0 = t;
  else
    s1 = t;
  lttv_viewer_context_set_selection (ctx, s0, s1);
}
