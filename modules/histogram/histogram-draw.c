/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Drawing one histogram plot: a bar per pixel, heights linear or
 * logarithmic against the plot's highest bar. */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <lttv/count-format.h>

#include "histogram-draw.h"

double
histogram_plot_value (const HistogramPlot *p, guint i)
{
  if (p->exact != NULL)
    return (double) p->exact[i];
  return p->density[i].events;
}

double
histogram_plot_max (const HistogramPlot *p)
{
  /* with a filter, the matching events set the scale: the others, drawn
   * pale behind them, may go past the top */
  double max = 0;
  for (guint i = 0; i < p->n; i++)
    max = MAX (max, histogram_plot_value (p, i) + (double) p->density[i].discarded);
  return max;
}

static double
scaled (const HistogramPlot *p, double v, double max)
{
  if (v <= 0 || max <= 0)
    return 0;
  if (p->log_scale)
    return MIN (log1p (v) / log1p (max), 1.0);
  return MIN (v / max, 1.0);
}

double
histogram_plot_x (const HistogramPlot *p, LttvTime t, double w)
{
  if (p->t1 <= p->t0)
    return 0;
  return ((double) t - (double) p->t0) * w / (double) (p->t1 - p->t0);
}

/* Whole pixels, so that cairo fills rectangles without antialiasing
 * (far faster than fractional edges on a wide plot). */
static void
fill_bar (cairo_t *cr, double x, double base, double height)
{
  double h = round (height);
  if (height > 0)
    {
      h = MAX (h, 1);
      cairo_rectangle (cr, x, base - h, 1, h);
    }
}

void
histogram_plot_draw (const HistogramPlot *p, cairo_t *cr, PangoLayout *layout,
                     double x, double y, double w, double h)
{
  double max = histogram_plot_max (p);
  double base = y + h;

  cairo_save (cr);
  cairo_rectangle (cr, x, y, w, h);
  cairo_clip (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  cairo_set_source_rgb (cr, 0.98, 0.98, 0.98);
  cairo_paint (cr);
  /* the part not built yet, hatched grey */
  if (p->committed < p->n)
    {
      cairo_set_source_rgb (cr, 0.90, 0.90, 0.90);
      cairo_rectangle (cr, x + p->committed, y, p->n - p->committed, h);
      cairo_fill (cr);
    }
  /* all events, pale, behind the matching ones: their shape on a scale
   * of their own, so that the matching ones stay readable */
  if (p->exact != NULL && p->exact_is_filtered)
    {
      double max_all = 0;
      for (guint i = 0; i < p->n; i++)
        max_all = MAX (max_all, p->density[i].events);
      cairo_set_source_rgb (cr, 0.84, 0.86, 0.89);
      for (guint i = 0; i < p->n; i++)
        fill_bar (cr, x + i, base, h * scaled (p, p->density[i].events, max_all));
      cairo_fill (cr);
    }
  cairo_set_source_rgb (cr, 0.204, 0.396, 0.643);
  for (guint i = 0; i < p->n; i++)
    fill_bar (cr, x + i, base, h * scaled (p, histogram_plot_value (p, i), max));
  cairo_fill (cr);
  /* discarded events stacked on top, in red, at least 3 px tall so a
   * single lost event is seen */
  cairo_set_source_rgb (cr, 0.80, 0.0, 0.0);
  for (guint i = 0; i < p->n; i++)
    if (p->density[i].discarded > 0)
      {
        double v = histogram_plot_value (p, i);
        double top = h * scaled (p, v + (double) p->density[i].discarded, max);
        double bottom = h * scaled (p, v, max);
        cairo_rectangle (cr, x + i, round (base - MAX (top, bottom + 3)), 1,
                         round (MAX (top - bottom, 3)));
      }
  cairo_fill (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_DEFAULT);

  /* the window; the tab's marks (selection, bookmarks, current time)
   * over it, as every timeline draws them */
  if (p->window0 != LTTV_TIME_NONE && p->window1 != LTTV_TIME_NONE)
    {
      double a = histogram_plot_x (p, p->window0, w), b = histogram_plot_x (p, p->window1, w);
      b = MAX (b, a + 2);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.22);
      cairo_rectangle (cr, x, y, a, h);
      cairo_rectangle (cr, x + b, y, w - b, h);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.96, 0.47, 0.0);
      cairo_set_line_width (cr, 2);
      cairo_rectangle (cr, x + a + 1, y + 1, b - a - 2, h - 2);
      cairo_stroke (cr);
    }
  if (p->marks != NULL)
    {
      cairo_save (cr);
      cairo_translate (cr, x, y);
      lttv_marks_draw (p->marks, cr, w, h, p->t0, p->t1, LTTV_MARKS_LINES);
      cairo_restore (cr);
    }
  else
    {
      if (p->sel0 != LTTV_TIME_NONE && p->sel1 != LTTV_TIME_NONE)
        {
          double a = histogram_plot_x (p, p->sel0, w), b = histogram_plot_x (p, p->sel1, w);
          GdkRGBA c = lttv_mark_colour (LTTV_MARK_SELECTION);
          cairo_set_source_rgba (cr, c.red, c.green, c.blue, 0.18);
          cairo_rectangle (cr, x + a, y, MAX (b - a, 1), h);
          cairo_fill (cr);
        }
      if (p->current != LTTV_TIME_NONE && p->current >= p->t0 && p->current <= p->t1)
        {
          double c = floor (histogram_plot_x (p, p->current, w));
          GdkRGBA colour = lttv_mark_colour (LTTV_MARK_CURRENT_TIME);
          gdk_cairo_set_source_rgba (cr, &colour);
          cairo_rectangle (cr, x + c, y, 1, h);
          cairo_fill (cr);
        }
    }

  /* the scale: what the top of the plot stands for */
  if (layout != NULL)
    {
      gboolean filtered = p->exact != NULL && p->exact_is_filtered;
      g_autofree char *count = lttv_format_count ((guint64) llround (max));
      g_autofree char *text = filtered
        ? (p->log_scale ? g_strdup_printf (_("%s matching events per pixel (log)"), count)
                        : g_strdup_printf (_("%s matching events per pixel"), count))
        : (p->log_scale ? g_strdup_printf (_("%s events per pixel (log)"), count)
                        : g_strdup_printf (_("%s events per pixel"), count));
      int tw, th;
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
      cairo_rectangle (cr, x + w - tw - 8, y + 2, tw + 6, th);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      cairo_move_to (cr, x + w - tw - 5, y + 2);
      pango_cairo_show_layout (cr, layout);
    }
  cairo_restore (cr);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.6, 0.6, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, x + 0.5, y + 0.5, w - 1, h - 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}
