/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-draw.c: see latency-draw.h. */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "latency-draw.h"
#include "latency-table.h"

#define LEFT 64      /* the duration labels */
#define BOTTOM 34    /* the time labels and the caption */
#define TOP 8
#define RIGHT 12

void
latency_chart_area (int width, int height, LatencyArea *area)
{
  area->x = LEFT;
  area->y = TOP;
  area->w = MAX (width - LEFT - RIGHT, 10);
  area->h = MAX (height - TOP - BOTTOM, 10);
}

void
latency_kind_colour (LttvLatencyKind kind, double rgb[3])
{
  /* apart from the marks' (lttv-marks.c) and the selection's tint */
  static const double colours[LTTV_LATENCY_N_KINDS][3] = {
    { 0.80, 0.33, 0.00 },   /* syscall: orange */
    { 0.15, 0.35, 0.75 },   /* sched: blue */
    { 0.75, 0.11, 0.16 },   /* irq: red */
    { 0.60, 0.45, 0.05 },   /* softirq latency: ochre */
    { 0.40, 0.55, 0.10 },   /* softirq: green */
    { 0.45, 0.25, 0.55 },   /* block: plum */
  };
  for (int i = 0; i < 3; i++)
    rgb[i] = colours[(guint) kind < LTTV_LATENCY_N_KINDS ? kind : 0][i];
}

void
latency_samples_compute (LatencySamples *s, LttvLatency *l, LttvLatencyKind kind, LttvTime t0,
                         LttvTime t1, guint columns)
{
  latency_samples_clear (s);
  s->t0 = t0;
  s->t1 = MAX (t1, t0 + 1);
  s->n = MAX (columns, 1);
  s->col = g_new (LttvLatencyInterval, s->n);
  s->lo = G_MAXUINT64;
  s->hi = 0;
  LttvTime span = s->t1 - s->t0;
  for (guint c = 0; c < s->n; c++)
    {
      /* (the 128-bit product: a span of hours times 4000 columns) */
      LttvTime a = s->t0 + (LttvTime) ((unsigned __int128) span * c / s->n);
      LttvTime b = s->t0 + (LttvTime) ((unsigned __int128) span * (c + 1) / s->n);
      if (l != NULL && lttv_latency_max_in (l, kind, a, b, &s->col[c]))
        {
          s->lo = MIN (s->lo, s->col[c].duration);
          s->hi = MAX (s->hi, s->col[c].duration);
          s->n_points++;
        }
      else
        s->col[c] = (LttvLatencyInterval) { .tid = -2 };
    }
  if (s->n_points == 0)
    s->lo = s->hi = 0;
}

void
latency_samples_clear (LatencySamples *s)
{
  g_clear_pointer (&s->col, g_free);
  s->n = 0;
  s->n_points = 0;
}

/* --- Scales --------------------------------------------------------------- */

typedef struct {
  gboolean log;
  double lo, hi;   /* the values at the ends (log: their logarithms) */
} Scale;

/* 1, 2 or 5 times a power of ten, at least x. */
static double
nice_step (double x)
{
  double p = pow (10, floor (log10 (MAX (x, 1e-9))));
  return x <= p ? p : x <= 2 * p ? 2 * p : x <= 5 * p ? 5 * p : 10 * p;
}

static Scale
duration_scale (guint64 lo, guint64 hi, gboolean log_scale)
{
  Scale sc = { log_scale, 0, 0 };
  if (log_scale)
    {
      sc.lo = floor (log10 ((double) MAX (lo, 1)));
      sc.hi = MAX (ceil (log10 ((double) MAX (hi, 1))), sc.lo + 1);
    }
  else
    sc.hi = nice_step ((double) MAX (hi, 1) / 5) * ceil ((double) MAX (hi, 1) / nice_step ((double) MAX (hi, 1) / 5));
  return sc;
}

/* 0 at lo, 1 at hi. */
static double
scale_at (const Scale *sc, double v)
{
  double x = sc->log ? log10 (MAX (v, 1)) : v;
  return sc->hi > sc->lo ? (x - sc->lo) / (sc->hi - sc->lo) : 0;
}

static void
text_at (cairo_t *cr, double x, double y, double xalign, double yalign, const char *text,
         gboolean bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string (bold ? "Sans Bold 8" : "Sans 8");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  int w, h;
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, round (x - xalign * w), round (y - yalign * h));
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* One labelled tick of the duration axis at @v: a grid line across the
 * chart when the axis is vertical, a tick under it when horizontal. */
static void
duration_tick (cairo_t *cr, const LatencyArea *a, const Scale *sc, gboolean vertical, double v)
{
  double f = scale_at (sc, v);
  g_autofree char *t = latency_format_duration (v);
  if (vertical)
    {
      double y = round (a->y + a->h - f * a->h) + 0.5;
      cairo_set_source_rgba (cr, 0, 0, 0, 0.10);
      cairo_move_to (cr, a->x, y);
      cairo_line_to (cr, a->x + a->w, y);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      text_at (cr, a->x - 4, y, 1, 0.5, t, FALSE);
    }
  else
    {
      double x = round (a->x + f * a->w) + 0.5;
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      cairo_move_to (cr, x, a->y + a->h);
      cairo_line_to (cr, x, a->y + a->h + 4);
      cairo_stroke (cr);
      text_at (cr, x, a->y + a->h + 5, 0.5, 0, t, FALSE);
    }
}

/* The duration axis (vertical: on the left of `a`, its grid across; else
 * under it): ticks at the powers of ten on a log scale, else at a round
 * step. */
static void
duration_axis (cairo_t *cr, const LatencyArea *a, const Scale *sc, gboolean vertical)
{
  cairo_set_line_width (cr, 1);
  if (sc->log)
    {
      for (double e = sc->lo; e <= sc->hi + 1e-9; e++)
        duration_tick (cr, a, sc, vertical, pow (10, e));
      return;
    }
  double step = nice_step ((sc->hi - sc->lo) / (vertical ? 4 : 5));
  for (double v = ceil (sc->lo / step) * step; v <= sc->hi + step * 1e-6; v += step)
    duration_tick (cr, a, sc, vertical, v);
}

static void
frame (cairo_t *cr, const LatencyArea *a)
{
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, a->x, a->y, a->w, a->h);
  cairo_fill (cr);
}

static void
frame_lines (cairo_t *cr, const LatencyArea *a)
{
  cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, a->x - 0.5, a->y);
  cairo_line_to (cr, a->x - 0.5, a->y + a->h + 0.5);
  cairo_line_to (cr, a->x + a->w, a->y + a->h + 0.5);
  cairo_stroke (cr);
}

/* --- Scatter -------------------------------------------------------------- */

static double
point_y (const LatencySamples *s, const LatencyArea *a, const Scale *sc, guint c)
{
  return a->y + a->h - scale_at (sc, (double) s->col[c].duration) * a->h;
}

void
latency_scatter_draw (cairo_t *cr, const LatencySamples *s, const LatencyArea *a,
                      gboolean log_y, LttvLatencyKind kind, LatencyTimeFormat fmt,
                      gpointer fmt_data)
{
  Scale sc = duration_scale (s->lo, s->hi, log_y);
  frame (cr, a);
  duration_axis (cr, a, &sc, TRUE);
  /* time: offsets from the window's start, which is written in full */
  LttvTime span = s->t1 - s->t0;
  double step = nice_step ((double) span / MAX (a->w / 110, 1));
  cairo_set_line_width (cr, 1);
  for (double v = 0; v <= (double) span; v += step)
    {
      double x = round (a->x + v / (double) span * a->w) + 0.5;
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      cairo_move_to (cr, x, a->y + a->h);
      cairo_line_to (cr, x, a->y + a->h + 4);
      cairo_stroke (cr);
      g_autofree char *d = latency_format_duration (v);
      g_autofree char *t = v == 0 ? g_strdup ("0") : g_strdup_printf ("+%s", d);
      text_at (cr, x, a->y + a->h + 5, v == 0 ? 0 : 0.5, 0, t, FALSE);
    }
  g_autofree char *origin = fmt != NULL ? fmt (s->t0, fmt_data) : g_strdup_printf ("%" G_GUINT64_FORMAT, s->t0);
  g_autofree char *caption = g_strdup_printf (_("time from %s; the longest interval beginning in each pixel"),
                                              origin);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  text_at (cr, a->x + a->w / 2, a->y + a->h + 19, 0.5, 0, caption, FALSE);
  frame_lines (cr, a);

  double rgb[3];
  latency_kind_colour (kind, rgb);
  cairo_save (cr);
  cairo_rectangle (cr, a->x - 3, a->y - 3, a->w + 6, a->h + 6);
  cairo_clip (cr);
  cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], 0.85);
  double colw = a->w / s->n;
  for (guint c = 0; c < s->n; c++)
    {
      if (s->col[c].tid == -2)
        continue;
      cairo_new_sub_path (cr);
      cairo_arc (cr, a->x + (c + 0.5) * colw, point_y (s, a, &sc, c), 2.5, 0, 2 * G_PI);
    }
  cairo_fill (cr);
  cairo_restore (cr);
}

int
latency_samples_hit (const LatencySamples *s, const LatencyArea *a, gboolean log_y, double x,
                     double y)
{
  if (s->n == 0 || s->n_points == 0)
    return -1;
  Scale sc = duration_scale (s->lo, s->hi, log_y);
  double colw = a->w / s->n;
  int best = -1;
  double best_d = 36;   /* 6 pixels, squared */
  int c0 = (int) floor ((x - a->x - 6) / colw), c1 = (int) ceil ((x - a->x + 6) / colw);
  for (int c = MAX (c0, 0); c <= c1 && c < (int) s->n; c++)
    {
      if (s->col[c].tid == -2)
        continue;
      double dx = a->x + (c + 0.5) * colw - x, dy = point_y (s, a, &sc, (guint) c) - y;
      if (dx * dx + dy * dy < best_d)
        {
          best_d = dx * dx + dy * dy;
          best = c;
        }
    }
  return best;
}

/* --- Histogram ------------------------------------------------------------ */

void
latency_histogram_draw (cairo_t *cr, const guint64 *counts, guint n, guint64 lo, guint64 hi,
                        gboolean log_x, const LatencyArea *a, LttvLatencyKind kind)
{
  guint64 most = 0;
  for (guint i = 0; i < n; i++)
    most = MAX (most, counts[i]);
  frame (cr, a);
  /* counts: a nice top, ticks of whole numbers */
  double step = MAX (nice_step ((double) MAX (most, 1) / 4), 1);
  double top = ceil ((double) MAX (most, 1) / step) * step;
  cairo_set_line_width (cr, 1);
  for (double v = 0; v <= top + 1e-9; v += step)
    {
      double y = round (a->y + a->h - v / top * a->h) + 0.5;
      cairo_set_source_rgba (cr, 0, 0, 0, 0.10);
      cairo_move_to (cr, a->x, y);
      cairo_line_to (cr, a->x + a->w, y);
      cairo_stroke (cr);
      g_autofree char *t = g_strdup_printf ("%.0f", v);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      text_at (cr, a->x - 4, y, 1, 0.5, t, FALSE);
    }
  /* durations below, on the buckets' own scale */
  Scale sc = { log_x, log_x ? log10 ((double) MAX (lo, 1)) : (double) lo,
               log_x ? log10 ((double) MAX (hi, 1)) : (double) hi };
  if (sc.hi <= sc.lo)
    sc.hi = sc.lo + 1;
  if (log_x)
    for (double e = ceil (sc.lo); e <= floor (sc.hi); e++)
      {
        double x = round (a->x + (e - sc.lo) / (sc.hi - sc.lo) * a->w) + 0.5;
        g_autofree char *t = latency_format_duration (pow (10, e));
        cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
        cairo_move_to (cr, x, a->y + a->h);
        cairo_line_to (cr, x, a->y + a->h + 4);
        cairo_stroke (cr);
        text_at (cr, x, a->y + a->h + 5, 0.5, 0, t, FALSE);
      }
  else
    duration_axis (cr, a, &sc, FALSE);
  g_autofree char *l0 = latency_format_duration ((double) lo);
  g_autofree char *l1 = latency_format_duration ((double) hi);
  g_autofree char *caption = g_strdup_printf (log_x ? _("duration, %s to %s (buckets of equal ratio)")
                                                    : _("duration, %s to %s"), l0, l1);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  text_at (cr, a->x + a->w / 2, a->y + a->h + 19, 0.5, 0, caption, FALSE);
  frame_lines (cr, a);

  double rgb[3];
  latency_kind_colour (kind, rgb);
  double bw = a->w / MAX (n, 1);
  for (guint i = 0; i < n; i++)
    {
      if (counts[i] == 0)
        continue;
      double h = MAX ((double) counts[i] / top * a->h, 1);
      cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], 0.8);
      cairo_rectangle (cr, a->x + i * bw + (bw > 4 ? 1 : 0), a->y + a->h - h,
                       MAX (bw - (bw > 4 ? 1 : 0), 1), h);
      cairo_fill (cr);
    }
}

int
latency_histogram_hit (guint n, const LatencyArea *a, double x, double y)
{
  if (n == 0 || x < a->x || x >= a->x + a->w || y < a->y || y > a->y + a->h)
    return -1;
  return MIN ((int) ((x - a->x) / (a->w / n)), (int) n - 1);
}

void
latency_draw_message (cairo_t *cr, int width, int height, const char *text)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 10");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_width (layout, MAX (width - 24, 40) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_text (layout, text, -1);
  int h;
  pango_layout_get_pixel_size (layout, NULL, &h);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  cairo_move_to (cr, 12, MAX ((height - h) / 2, 4));
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}
