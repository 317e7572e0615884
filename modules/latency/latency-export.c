/* SPDX-License-Identifier: GPL-2.0-or-later */
/* latency-export.c: the latency viewer without a widget (--export): an
 * image of one kind's statistics, scatter and histogram over the window,
 * and every kind's statistics as tab-separated text. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "latency-draw.h"
#include "latency-private.h"
#include "latency-table.h"

#define N_BUCKETS 40

LttvLatency *
latency_of (LttvViewerContext *ctx, char **why)
{
  LttvState *s = lttv_viewer_context_get_state (ctx);
  *why = NULL;
  if (s == NULL || !lttv_history_is_finished (lttv_state_get_history (s)))
    {
      *why = g_strdup (_("Waiting for the state to be built…"));
      return NULL;
    }
  LttvLatency *l = lttv_state_latency (s);
  if (l == NULL)
    *why = g_strdup_printf ("%s\n%s", _("Latency analyses were not built for this trace."),
                            g_getenv ("LTTV_NO_LATENCY") != NULL
                              ? _("LTTV_NO_LATENCY is set in the environment: unset it and "
                                  "open the trace again.")
                              : _("Open the trace again to build them."));
  return l;
}

const char *
latency_kind_label (LttvLatencyKind kind)
{
  static const char *const labels[] = {
    N_("System calls"), N_("Scheduling latency"), N_("IRQ handlers"),
    N_("Soft IRQ latency (raise to entry)"), N_("Soft IRQs (entry to exit)"),
    N_("Block requests"),
  };
  return (guint) kind < G_N_ELEMENTS (labels) ? _(labels[kind]) : "?";
}

/* The range a table covers: the selection, else the window (both ends
 * included, as `lttv latency --begin --end`). */
static gboolean
table_range (LttvViewerContext *ctx, LttvTime *t0, LttvTime *t1)
{
  gboolean sel = lttv_viewer_context_get_selection (ctx, t0, t1);
  if (!sel)
    lttv_viewer_context_get_window (ctx, t0, t1);
  return sel;
}

gboolean
latency_export_text (LttvViewerContext *ctx, GString *out, GError **error)
{
  g_autofree char *why = NULL;
  LttvLatency *l = latency_of (ctx, &why);
  if (l == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "%s", why);
      return FALSE;
    }
  LttvTime t0, t1;
  table_range (ctx, &t0, &t1);
  g_string_append_printf (out, "range\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\n", t0, t1);
  static const LttvLatencyGroupBy bys[] = { LTTV_LATENCY_BY_NAME, LTTV_LATENCY_BY_THREAD,
                                            LTTV_LATENCY_BY_CPU };
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    for (guint b = 0; b < G_N_ELEMENTS (bys); b++)
      {
        g_autoptr (GArray) st = lttv_latency_stats (l, (LttvLatencyKind) k, t0, t1 + 1, bys[b]);
        latency_stats_to_tsv (out, l, (LttvLatencyKind) k, bys[b], st);
      }
  return TRUE;
}

static char *
format_time (LttvTime t, gpointer ctx)
{
  return lttv_viewer_context_format_time (ctx, t);
}

/* The statistics per name as text lines, for the image. */
static char *
stats_text (LttvLatency *l, LttvLatencyKind kind, const GArray *st, guint max_lines)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "%-24s %9s %6s %10s %10s %10s %10s %10s\n", _("Name"), _("Count"),
                          _("Cut"), _("Min"), _("Mean"), _("Max"), _("p99"), _("Total"));
  for (guint i = 0; i < st->len && i < max_lines; i++)
    {
      const LttvLatencyStats *x = &g_array_index (st, LttvLatencyStats, i);
      g_autofree char *name = latency_group_name (l, kind, LTTV_LATENCY_BY_NAME, x->key);
      if (x->count == 0)
        {
          g_string_append_printf (s, "%-24.24s %9d %6" G_GUINT64_FORMAT "\n", name, 0, x->n_cut);
          continue;
        }
      g_autofree char *a = latency_format_duration ((double) x->min);
      g_autofree char *b = latency_format_duration (x->mean);
      g_autofree char *c = latency_format_duration ((double) x->max);
      g_autofree char *d = latency_format_duration ((double) x->p99);
      g_autofree char *e = latency_format_duration ((double) x->total);
      g_string_append_printf (s, "%-24.24s %9" G_GUINT64_FORMAT " %6" G_GUINT64_FORMAT
                              " %10s %10s %10s %10s %10s\n", name, x->count, x->n_cut, a, b, c, d, e);
    }
  if (st->len > max_lines)
    g_string_append_printf (s, _("(%u more)\n"), st->len - max_lines);
  return g_string_free (s, FALSE);
}

gboolean
latency_render (LttvViewerContext *ctx, cairo_t *cr, int width, int height, GError **error)
{
  cairo_set_source_rgb (cr, 0.97, 0.97, 0.97);
  cairo_paint (cr);
  g_autofree char *why = NULL;
  LttvLatency *l = latency_of (ctx, &why);
  if (l == NULL)
    {
      latency_draw_message (cr, width, height, why);
      return TRUE;
    }
  LttvTime w0, w1;
  lttv_viewer_context_get_window (ctx, &w0, &w1);
  /* the first kind with intervals in the window */
  LttvLatencyKind kind = LTTV_LATENCY_SYSCALL;
  g_autoptr (GArray) st = NULL;
  for (guint k = 0; k < LTTV_LATENCY_N_KINDS; k++)
    {
      g_clear_pointer (&st, g_array_unref);
      st = lttv_latency_stats (l, (LttvLatencyKind) k, w0, w1 + 1, LTTV_LATENCY_BY_NAME);
      kind = (LttvLatencyKind) k;
      if (st->len > 0)
        break;
    }
  if (st->len == 0)
    {
      latency_draw_message (cr, width, height, _("No latency intervals begin in the window."));
      return TRUE;
    }
  guint64 lo = G_MAXUINT64, hi = 0, n = 0;
  for (guint i = 0; i < st->len; i++)
    {
      const LttvLatencyStats *x = &g_array_index (st, LttvLatencyStats, i);
      if (x->count == 0)
        continue;
      lo = MIN (lo, x->min);
      hi = MAX (hi, x->max);
      n += x->count;
    }
  /* the title and the table above, the charts below side by side */
  char count[32];
  g_snprintf (count, sizeof count, "%" G_GUINT64_FORMAT, n);
  g_autofree char *title = g_strdup_printf (_("%s: %s complete intervals in the window"),
                                            latency_kind_label (kind), count);
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 10");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, title, -1);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_move_to (cr, 8, 6);
  pango_cairo_show_layout (cr, layout);
  int table_h = MIN (height / 3, 20 + 14 * (int) MIN (st->len + 1, 12));
  g_autofree char *text = stats_text (l, kind, st, (guint) MAX ((table_h - 20) / 14 - 1, 1));
  font = pango_font_description_from_string ("Monospace 8");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  cairo_move_to (cr, 8, 26);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);

  int charts_y = table_h + 16, charts_h = height - charts_y;
  if (charts_h < 60)
    return TRUE;
  int sw = width * 3 / 5;
  LatencyArea a;
  LatencySamples s = { 0 };
  cairo_save (cr);
  cairo_translate (cr, 0, charts_y);
  latency_chart_area (sw, charts_h, &a);
  latency_samples_compute (&s, l, kind, w0, w1 + 1, (guint) a.w);
  latency_scatter_draw (cr, &s, &a, TRUE, kind, format_time, ctx);
  latency_samples_clear (&s);
  cairo_translate (cr, sw, 0);
  latency_chart_area (width - sw, charts_h, &a);
  guint64 counts[N_BUCKETS];
  guint64 h_hi = MAX (hi, lo + 1);
  lttv_latency_histogram (l, kind, w0, w1 + 1, lo, h_hi, TRUE, counts, N_BUCKETS);
  latency_histogram_draw (cr, counts, N_BUCKETS, lo, h_hi, TRUE, &a, kind);
  cairo_restore (cr);
  return TRUE;
}
