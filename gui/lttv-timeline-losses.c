/* SPDX-License-Identifier: GPL-2.0-or-later */
/* lttv-timeline-losses.c: see lttv-timeline-losses.h. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "lttv-timeline-losses.h"

struct _LttvTimelineLosses
{
  GArray *spans;                 /* LttvDiscarded, by begin */
  LttvTimelineLossRowFunc rows;
};

LttvTimelineLosses *
lttv_timeline_losses_new (LttvTraceset *ts, LttvTimelineLossRowFunc rows)
{
  LttvTimelineLosses *l = g_new0 (LttvTimelineLosses, 1);
  l->spans = ts != NULL ? lttv_traceset_discarded (ts)
                        : g_array_new (FALSE, FALSE, sizeof (LttvDiscarded));
  l->rows = rows;
  return l;
}

void
lttv_timeline_losses_free (LttvTimelineLosses *l)
{
  if (l == NULL)
    return;
  g_array_unref (l->spans);
  g_free (l);
}

LttvTimelineLosses *
lttv_timeline_losses_copy (const LttvTimelineLosses *l)
{
  if (l == NULL)
    return NULL;
  LttvTimelineLosses *c = g_new0 (LttvTimelineLosses, 1);
  c->spans = g_array_ref (l->spans);
  c->rows = l->rows;
  return c;
}

guint
lttv_timeline_losses_n (const LttvTimelineLosses *l)
{
  return l != NULL ? l->spans->len : 0;
}

/* Magenta, hatched: no state has it, and the rows show through. */
static void
hatch (cairo_t *cr, double x, double y, double w, double h)
{
  cairo_save (cr);
  cairo_rectangle (cr, x, y, w, h);
  cairo_clip (cr);
  cairo_set_source_rgba (cr, 0.85, 0.0, 0.55, 0.55);
  cairo_paint (cr);
  cairo_set_source_rgba (cr, 0.45, 0.0, 0.3, 0.9);
  cairo_set_line_width (cr, 1.5);
  for (double k = x - h; k < x + w; k += 6)
    {
      cairo_move_to (cr, k, y + h);
      cairo_line_to (cr, k + h, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
lttv_timeline_losses_draw_key (cairo_t *cr, double x, double y, double w, double h)
{
  hatch (cr, x, y, w, h);
}

void
lttv_timeline_losses_draw (const LttvTimelineLosses *l, LttvTimelineModel *m, cairo_t *cr,
                           int width, int height, double y0, LttvTime t0, LttvTime t1)
{
  if (l == NULL || l->spans->len == 0 || t1 <= t0)
    return;
  const double rh = LTTV_TIMELINE_ROW_HEIGHT;
  guint n_vis = lttv_timeline_model_n_visible (m);
  int first = MAX (0, (int) floor (-y0 / rh));
  int last = MIN ((int) n_vis - 1, (int) ceil ((height - y0) / rh));
  for (guint i = 0; i < l->spans->len; i++)
    {
      const LttvDiscarded *d = &g_array_index (l->spans, LttvDiscarded, i);
      if (d->begin > t1)
        break;
      if (d->end < t0)
        continue;
      double x0 = ((double) d->begin - (double) t0) * width / (double) (t1 - t0);
      double x1 = ((double) d->end - (double) t0) * width / (double) (t1 - t0);
      x0 = MAX (x0, -2);
      x1 = MIN (x1, width + 2);
      if (x1 - x0 < 3)
        {
          /* at least 3 pixels: a short loss must still be seen */
          double mid = (x0 + x1) / 2;
          x0 = mid - 1.5, x1 = mid + 1.5;
        }
      if (l->rows == NULL)
        {
          hatch (cr, x0, 0, x1 - x0, height);
          continue;
        }
      for (int pos = first; pos <= last; pos++)
        {
          guint r = lttv_timeline_model_visible_row (m, (guint) pos, NULL);
          if (l->rows (lttv_timeline_model_get_row (m, r), d->cpu))
            hatch (cr, x0, y0 + pos * rh + 2, x1 - x0, rh - 4);
        }
    }
}

char *
lttv_timeline_losses_describe (const LttvTimelineLosses *l, const LttvTimelineRow *row,
                               LttvTime t, LttvTime slack)
{
  if (l == NULL)
    return NULL;
  guint64 events = 0, packets = 0;
  for (guint i = 0; i < l->spans->len; i++)
    {
      const LttvDiscarded *d = &g_array_index (l->spans, LttvDiscarded, i);
      if (d->begin > t + slack)
        break;
      if (d->end + slack < t || (l->rows != NULL && !l->rows (row, d->cpu)))
        continue;
      events += d->count;
      packets += d->packets;
    }
  if (events == 0 && packets == 0)
    return NULL;
  GString *s = g_string_new (NULL);
  if (events > 0)
    g_string_append_printf (s, ngettext ("%llu event lost by the tracer",
                                            "%llu events lost by the tracer", events > 1 ? 2 : 1),
                            (unsigned long long) events);
  if (packets > 0)
    g_string_append_printf (s, ngettext ("%s%llu packet lost by the tracer",
                                            "%s%llu packets lost by the tracer", packets > 1 ? 2 : 1),
                            s->len > 0 ? "\n" : "", (unsigned long long) packets);
  return g_string_free (s, FALSE);
}
